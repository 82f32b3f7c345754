/* gameload.c - a game file loaded whole: its common sections (gamedef.c), then the rules
 * module its "rules" names (the registry, games.c) checks the names it may use and what it
 * needs, with messages naming the file and path. Apart from gamedef.c so that the parser
 * sits below the registry and the rules modules that use its helpers. */
#include "gamedef.h"

#include "games.h"
#include "jsonfile.h"

#include <stdio.h>
#include <string.h>

static int in_list(const char *const *list, const char *name)
{
    for (; list && *list; list++)
        if (strcmp(*list, name) == 0)
            return 1;
    return 0;
}

static void list_names(const char *const *list, char *out, size_t size)
{
    size_t len = 0;
    out[0] = '\0';
    for (; list && *list && len < size; list++)
        len += (size_t)snprintf(out + len, size - len, "%s%s", len ? ", " : "", *list);
}

/* Features, bet options and reel sets the rules module does not use are mistakes: a
 * setting nobody reads, or a bet option slotsim would accept and the game ignore. */
static int known_names(JsonFile *jf, const GameDef *def, const GameRules *rules)
{
    char known[256], p[64];
    for (int i = 0; i < def->nparams; i++)
        if (!in_list(rules->features, def->params[i].key)) {
            list_names(rules->features, known, sizeof known);
            jf_path_key(p, sizeof p, "features", def->params[i].key);
            return jf_fail(jf, p, "unknown feature for the rules \"%s\" (known: %s)", rules->id, known);
        }
    for (int i = 0; i < def->nbet; i++)
        if (!in_list(rules->bet_keys, def->bet[i].key)) {
            list_names(rules->bet_keys, known, sizeof known);
            jf_path_index(p, sizeof p, "bet", i);
            return jf_fail(jf, p, "unknown bet option \"%s\" for the rules \"%s\" (known: %s)",
                           def->bet[i].key, rules->id, known);
        }
    for (int i = 0; i < def->nreelsets; i++)
        if (!in_list(rules->reel_sets, def->reelsets[i].name)) {
            list_names(rules->reel_sets, known, sizeof known);
            jf_path_key(p, sizeof p, "reels", def->reelsets[i].name);
            return jf_fail(jf, p, "unknown reel set for the rules \"%s\" (known: %s)", rules->id, known);
        }
    return 0;
}

int gamedef_load(const char *path, GameDef *def, Error *err)
{
    if (gamedef_parse(path, def, err))
        return -1;
    JsonFile jf = {.file = def->path, .err = err};
    const GameRules *rules = games_find(def->rules);
    if (!rules)
        return jf_fail(&jf, "rules", "no rules module named \"%s\" (known: %s)", def->rules,
                       games_known_list());
    if (known_names(&jf, def, rules))
        return -1;
    return rules->check(def, err);
}
