/* games.c - the registry of rules modules, by the "rules" id a game file names. */
#include "games.h"

#include <string.h>

extern const GameRules games_mona_lisa;
extern const GameRules games_gonzos_gold;
extern const GameRules games_phoenix_graveyard;
extern const GameRules games_gnomos_mix;

static const GameRules *const all[] = {&games_mona_lisa, &games_gonzos_gold,
                                      &games_phoenix_graveyard, &games_gnomos_mix};
static const GameRules *extra[4]; /* games_register()'s, for games outside src/engine */

const GameRules *games_find(const char *id)
{
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        if (strcmp(all[i]->id, id) == 0)
            return all[i];
    for (size_t i = 0; i < sizeof extra / sizeof extra[0] && extra[i]; i++)
        if (strcmp(extra[i]->id, id) == 0)
            return extra[i];
    return NULL;
}

int games_register(const GameRules *rules)
{
    if (games_find(rules->id))
        return -1;
    for (size_t i = 0; i < sizeof extra / sizeof extra[0]; i++)
        if (!extra[i]) {
            extra[i] = rules;
            return 0;
        }
    return -1;
}

int64_t games_setting_floor(const GameDef *def, const char *key, const char **source)
{
    const GameRules *r = games_find(def->rules);
    const SettingFloor *f = r ? r->setting_floor : NULL;
    const GameParam *p = f && strcmp(f->key, key) == 0 ? gamedef_param(def, f->param) : NULL;
    if (source)
        *source = p && p->v[0] > 0 ? f->source : "";
    return p && p->v[0] > 0 ? p->v[0] : 0;
}

const char *games_known_list(void)
{
    return "mona-lisa-jewels, gonzos-gold, phoenix-graveyard, gnomos-mix";
}
