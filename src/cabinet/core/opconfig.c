/* opconfig.c - see opconfig.h. */
#include "opconfig.h"

#include "lang.h"

#include <cjson/cJSON.h>

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The failures an operator meets on the settings pages, as lang_fill templates: written in
 * English (the log and stderr), shown translated (lang_said). */
enum { MSG_NOT_ONE, MSG_TWICE, MSG_NONE_LEFT, MSG_LARGEST, MSG_RANGE, MSG_NOT_SET };
const char *const opconfig_messages[] = {
    [MSG_NOT_ONE] = N_("setting {1}.bet.{2}: {3} is not one of the game's values"),
    [MSG_TWICE] = N_("setting {1}.bet.{2}: {3} given twice"),
    [MSG_NONE_LEFT] = N_("setting {1}.bet.{2}: at least one value must be enabled"),
    [MSG_LARGEST] = N_("setting {1}.bet.{2}: the largest value, {3}, stays enabled (BET MAX and the jackpot's "
                       "maximum bet are the game's; only amounts of money or Bonuses may be limited freely)"),
    [MSG_RANGE] = N_("setting {1}.{2}: \"{3}\": expected a whole number of {4} from {5} to {6}"),
    [MSG_NOT_SET] = N_("setting {1}.{2}: not a setting of this game"),
    NULL};

/* Fails with message m filled with the strings after it (NULL-ended). */
static int fail(Error *err, int m, ...)
{
    const char *a[6] = {0};
    va_list ap;
    va_start(ap, m);
    for (int i = 0; i < 6 && (a[i] = va_arg(ap, const char *)); i++)
        ;
    va_end(ap);
    char t[ERROR_MSG_MAX];
    lang_fill(t, sizeof t, opconfig_messages[m], a[0] ? a[0] : "", a[1] ? a[1] : "", a[2] ? a[2] : "",
              a[3] ? a[3] : "", a[4] ? a[4] : "", a[5] ? a[5] : "", NULL);
    return error_set(err, "%s", t);
}

/* v as text, into a buffer of the caller's. */
static const char *num(long long v, char *buf, size_t size)
{
    snprintf(buf, size, "%lld", v);
    return buf;
}

bool opconfig_enabled(const char *value, int64_t v)
{
    if (!value[0])
        return true;
    for (const char *p = value; *p;) {
        if (strtoll(p, NULL, 10) == v)
            return true;
        const char *c = strchr(p, ',');
        p = c ? c + 1 : p + strlen(p);
    }
    return false;
}

static int apply_bet(GameDef *def, const char *key, const char *list, Error *err)
{
    int bi = gamedef_bet_index(def, key);
    if (bi < 0)
        return error_set(err, "setting %s.bet.%s: the game has no bet option %s", def->id, key, key);
    BetOption *o = &def->bet[bi];
    if (o->fixed)
        return error_set(err, "setting %s.bet.%s: not one the operator sets (%s)", def->id, key,
                         o->name);
    int64_t keep[GAMEDEF_MAX_BET_VALUES];
    char nb[24];
    int n = 0;
    const char *p = list;
    while (*p) {
        char *end;
        errno = 0;
        long long v = strtoll(p, &end, 10);
        if (end == p || errno || (*end && *end != ','))
            return error_set(err, "setting %s.bet.%s: \"%s\": expected values separated by commas",
                             def->id, key, list);
        bool known = false;
        for (int i = 0; i < o->nvalues; i++)
            known |= o->values[i] == v;
        if (!known)
            return fail(err, MSG_NOT_ONE, def->id, key, num(v, nb, sizeof nb), NULL);
        for (int i = 0; i < n; i++)
            if (keep[i] == v)
                return fail(err, MSG_TWICE, def->id, key, num(v, nb, sizeof nb), NULL);
        if (n == GAMEDEF_MAX_BET_VALUES)
            return error_set(err, "setting %s.bet.%s: too many values", def->id, key);
        keep[n++] = v;
        p = *end ? end + 1 : end;
    }
    if (n == 0)
        return fail(err, MSG_NONE_LEFT, def->id, key, NULL);
    int64_t top = o->values[o->nvalues - 1];
    if (strcmp(o->unit, "minor") && strcmp(o->unit, "bonuses") && !opconfig_enabled(list, top))
        return fail(err, MSG_LARGEST, def->id, key, num(top, nb, sizeof nb), NULL);
    /* the game's order (increasing), the enabled values only */
    int m = 0;
    for (int i = 0; i < o->nvalues; i++)
        if (opconfig_enabled(list, o->values[i]))
            o->values[m++] = o->values[i];
    o->nvalues = m;
    bool def_ok = false;
    for (int i = 0; i < m; i++)
        def_ok |= o->values[i] == o->def;
    if (!def_ok)
        o->def = o->values[0];
    return 0;
}

/* A setting the game's rules declare (GameRules.settings): a number within its range. */
static int apply_setting(GameDef *def, const GameSetting *set, const char *value, Error *err)
{
    GameParam *p = NULL;
    for (int i = 0; i < def->nparams; i++)
        if (!strcmp(def->params[i].key, set->param))
            p = &def->params[i];
    if (!p)
        return error_set(err, "setting %s.%s: the game file has no features.%s", def->id,
                         set->key, set->param);
    char *end, lo[24], hi[24];
    errno = 0;
    long long v = strtoll(value, &end, 10);
    if (end == value || *end || errno || v < set->min || v > set->max)
        return fail(err, MSG_RANGE, def->id, set->key, value, set->unit, num(set->min, lo, sizeof lo),
                    num(set->max, hi, sizeof hi), NULL);
    p->v[0] = v;
    return 0;
}

static const GameSetting *find_setting(const GameDef *def, const char *key)
{
    const GameRules *r = games_find(def->rules);
    for (const GameSetting *set = r ? r->settings : NULL; set && set->key; set++)
        if (!strcmp(set->key, key))
            return set;
    return NULL;
}

int opconfig_apply(GameDef *def, const char *what, const char *value, Error *err)
{
    if (!value[0])
        return 0;
    if (!strncmp(what, "bet.", 4))
        return apply_bet(def, what + 4, value, err);
    const GameSetting *set = find_setting(def, what);
    if (set)
        return apply_setting(def, set, value, err);
    return fail(err, MSG_NOT_SET, def->id, what, NULL);
}

int opconfig_apply_all(GameDef *def, OpconfigGet get, void *ctx, Error *err)
{
    char key[256], value[512], what[96];
    int nbet = def->nbet;
    char keys[GAMEDEF_MAX_BET_OPTIONS][24];
    for (int i = 0; i < nbet; i++)
        snprintf(keys[i], sizeof keys[i], "%s", def->bet[i].key);
    const GameRules *r = games_find(def->rules);
    const GameSetting *sets = r && r->settings ? r->settings : (const GameSetting[]){{NULL}};
    for (int i = 0; i < nbet || sets[i - nbet].key; i++) {
        if (i < nbet)
            snprintf(what, sizeof what, "bet.%.23s", keys[i]);
        else
            snprintf(what, sizeof what, "%s", sets[i - nbet].key);
        snprintf(key, sizeof key, "%s.%s", def->id, what);
        get(ctx, key, value, sizeof value);
        if (opconfig_apply(def, what, value, err))
            return -1;
    }
    return 0;
}

/* The getter opconfig_apply_all_json() puts between the store and opconfig_apply_all(): it
 * keeps each setting that is set. */
typedef struct Recorder {
    OpconfigGet get;
    void *ctx;
    cJSON *config;
    size_t skip; /* strlen("<game>.") */
} Recorder;

static void record(void *ctx, const char *key, char *out, size_t size)
{
    Recorder *r = ctx;
    r->get(r->ctx, key, out, size);
    if (out[0] && strlen(key) > r->skip)
        cJSON_AddStringToObject(r->config, key + r->skip, out);
}

int opconfig_apply_all_json(GameDef *def, OpconfigGet get, void *ctx, char *config, size_t size,
                            Error *err)
{
    Recorder r = {get, ctx, cJSON_CreateObject(), strlen(def->id) + 1};
    int rc = r.config ? opconfig_apply_all(def, record, &r, err) : error_set(err, "out of memory");
    char *text = rc ? NULL : cJSON_PrintUnformatted(r.config);
    if (!rc && (!text || strlen(text) >= size))
        rc = error_set(err, "%s: the operator's configuration is too long to journal", def->id);
    if (!rc)
        snprintf(config, size, "%s", text);
    cJSON_free(text);
    cJSON_Delete(r.config);
    return rc;
}

int opconfig_apply_json(GameDef *def, const char *config, Error *err)
{
    cJSON *root = cJSON_Parse(config);
    if (!cJSON_IsObject(root)) {
        cJSON_Delete(root);
        return error_set(err, "%s: a journaled configuration that is not a JSON object", def->id);
    }
    int rc = 0;
    const cJSON *item;
    cJSON_ArrayForEach(item, root) {
        if (!cJSON_IsString(item)) {
            rc = error_set(err, "%s: journaled setting %s is not text", def->id, item->string);
            break;
        }
        if ((rc = opconfig_apply(def, item->string, item->valuestring, err)))
            break;
    }
    cJSON_Delete(root);
    return rc;
}

int opconfig_load_as_played(const char *games_dir, const char *id, const char *hash,
                            const char *config, GameDef *out, Error *err)
{
    char path[512];
    if (gamedef_path(games_dir, id, path, sizeof path, err) || gamedef_load(path, out, err))
        return -1;
    if (strcmp(out->hash, hash))
        return error_set(err, "%s: the file has changed since (hash %s, now %s)", path, hash, out->hash);
    return opconfig_apply_json(out, config, err);
}

