/* carried.c - the state a game carries from round to round, as the journal keeps it.
 *
 * A game declares its carried state as named whole numbers and a version (GameRules.carried,
 * carried_version). The journal keeps it as one JSON object, the version first, then each
 * name in the game's order: {"version":1,"pool":50000000}. Reading it back is strict: a
 * version this build does not carry, a name missing or unknown, a value that is not a whole
 * number is an error naming what is wrong, so that a cabinet never continues on a state it
 * does not understand (and never resets one it cannot read). */
#include "machine.h"

#include "jsonout.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

static int count_names(const GameRules *r)
{
    int n = 0;
    while (r->carried && r->carried[n])
        n++;
    return n;
}

int machine_carried_json(const Machine *m, char *out, size_t size)
{
    const GameRules *r = machine_rules(m);
    int64_t v[CARRIED_MAX];
    machine_carried(m, v);
    cJSON *o = cJSON_CreateObject();
    jsonout_add(o, "version", jsonout_int(r->carried_version));
    for (int i = 0; i < count_names(r); i++)
        jsonout_add(o, r->carried[i], jsonout_int(v[i]));
    char *text = cJSON_PrintUnformatted(o);
    int rc = text && strlen(text) < size ? 0 : -1;
    snprintf(out, size, "%s", rc ? "" : text);
    cJSON_free(text);
    cJSON_Delete(o);
    return rc;
}

/* A JSON number that is a whole number within int64 (cJSON keeps numbers as doubles: beyond
 * 2^53 they are not exact, and are refused). */
static bool whole(const cJSON *item, int64_t *out)
{
    if (!cJSON_IsNumber(item) || item->valuedouble != floor(item->valuedouble) ||
        fabs(item->valuedouble) > 9007199254740992.0)
        return false;
    *out = (int64_t)item->valuedouble;
    return true;
}

int machine_carried_parse(const GameDef *def, const char *json, int64_t v[CARRIED_MAX],
                          Error *err)
{
    const GameRules *r = games_find(def->rules);
    if (!r)
        return error_set(err, "%s: no rules module \"%s\"", def->path, def->rules);
    memset(v, 0, CARRIED_MAX * sizeof *v);
    cJSON *o = cJSON_Parse(json);
    int rc = 0;
    int64_t version = 0;
    if (!cJSON_IsObject(o)) {
        rc = error_set(err, "%s: the carried state is not a JSON object", def->id);
    } else if (!whole(cJSON_GetObjectItemCaseSensitive(o, "version"), &version)) {
        rc = error_set(err, "%s: the carried state has no version", def->id);
    } else if (version != r->carried_version) {
        rc = error_set(err, "%s: the carried state is version %lld, which this build does not "
                       "know (it carries version %u): it is left as it is",
                       def->id, (long long)version, r->carried_version);
    } else {
        int n = count_names(r), seen = 1;
        for (int i = 0; i < n && !rc; i++) {
            const cJSON *item = cJSON_GetObjectItemCaseSensitive(o, r->carried[i]);
            if (!item)
                rc = error_set(err, "%s: the carried state has no %s", def->id, r->carried[i]);
            else if (!whole(item, &v[i]))
                rc = error_set(err, "%s: the carried state's %s is not a whole number",
                               def->id, r->carried[i]);
            seen++;
        }
        if (!rc && cJSON_GetArraySize(o) != seen) {
            const cJSON *item;
            cJSON_ArrayForEach(item, o) {
                bool known = !strcmp(item->string, "version");
                for (int i = 0; i < n; i++)
                    known |= !strcmp(item->string, r->carried[i]);
                if (!known) {
                    rc = error_set(err, "%s: the carried state has \"%s\", which version %u "
                                   "does not have", def->id, item->string, r->carried_version);
                    break;
                }
            }
            if (!rc)
                rc = error_set(err, "%s: the carried state names a value twice", def->id);
        }
    }
    cJSON_Delete(o);
    if (!rc && r->carried_refuses) {
        const char *why = r->carried_refuses(def, v);
        if (why)
            rc = error_set(err, "%s: carried state refused: %s", def->id, why);
    }
    return rc;
}
