/* scenario.c - loading scenario files (forced outcomes) with the game file's kind of
 * messages: file, JSON path, what is wrong. */
#include "scenario.h"

#include "games.h"
#include "jsonfile.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int scenario_peek_game(const char *path, char *game, size_t size, Error *err)
{
    JsonFile jf = {.file = path, .err = err};
    cJSON *root;
    if (jf_parse(&jf, path, &root))
        return -1;
    int rc = jf_string(&jf, root, "game", "", game, size);
    cJSON_Delete(root);
    return rc;
}

/* An optional one-line text ("title", "description") of at most `max` characters (UTF-8
 * code points) into out (room for max * 4 bytes and the terminator); "" when absent. */
static int load_text(JsonFile *jf, const cJSON *root, const char *key, int max, char *out,
                     size_t size)
{
    out[0] = '\0';
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(root, key);
    if (!v)
        return 0;
    if (!cJSON_IsString(v))
        return jf_fail(jf, key, "expected a string");
    const unsigned char *s = (const unsigned char *)v->valuestring;
    int chars = 0;
    for (const unsigned char *c = s; *c; c++) {
        if (*c < 0x20 || *c == 0x7f)
            return jf_fail(jf, key, "must be one line (no line breaks or control characters)");
        chars += (*c & 0xc0) != 0x80; /* continuation bytes do not start a character */
    }
    if (chars == 0)
        return jf_fail(jf, key, "must not be empty");
    size_t len = strlen(v->valuestring);
    if (chars > max || len >= size)
        return jf_fail(jf, key, "%d characters, longer than %d", chars, max);
    memcpy(out, v->valuestring, len + 1);
    return 0;
}

static int load_seed(JsonFile *jf, const cJSON *root, Scenario *sc)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(root, "seed");
    if (!v)
        return 0;
    if (cJSON_IsString(v)) {
        char *end;
        const char *s = v->valuestring;
        errno = 0;
        unsigned long long x = strtoull(s, &end, 10);
        if (!isdigit((unsigned char)s[0]) || *end || errno == ERANGE)
            return jf_fail(jf, "seed", "expected a whole number 0..18446744073709551615");
        sc->seed = x;
    } else {
        int64_t x;
        if (jf_int(jf, v, NULL, "seed", 0, (int64_t)1 << 53, &x))
            return -1;
        sc->seed = (uint64_t)x;
    }
    sc->has_seed = true;
    return 0;
}

static int load_bet(JsonFile *jf, const cJSON *root, const GameDef *def, Scenario *sc)
{
    machine_default_bet(def, &sc->bet);
    const cJSON *b = cJSON_GetObjectItemCaseSensitive(root, "bet");
    if (!b)
        return 0;
    if (!cJSON_IsObject(b))
        return jf_fail(jf, "bet", "expected an object of bet options, e.g. {\"coins\": 1}");
    if (jf_unique(jf, b, "bet"))
        return -1;
    const cJSON *v;
    cJSON_ArrayForEach(v, b) {
        char p[64];
        jf_path_key(p, sizeof p, "bet", v->string);
        int i = gamedef_bet_index(def, v->string);
        if (i < 0)
            return jf_fail(jf, p, "unknown bet option for %s", def->id);
        const BetOption *o = &def->bet[i];
        if (jf_int(jf, v, NULL, p, o->values[0], o->values[o->nvalues - 1], &sc->bet.v[i]))
            return -1;
        int ok = 0;
        for (int k = 0; k < o->nvalues; k++)
            ok |= o->values[k] == sc->bet.v[i];
        if (!ok)
            return jf_fail(jf, p, "%lld is not one of the allowed values", (long long)sc->bet.v[i]);
    }
    sc->has_bet = true;
    return 0;
}

static int load_screen(JsonFile *jf, const cJSON *scr, const char *path, const GameDef *def,
                       Grid *g)
{
    if (!cJSON_IsArray(scr))
        return jf_fail(jf, path, "expected %d rows of %d symbol ids", def->rows, def->cols);
    int nrows = cJSON_GetArraySize(scr);
    if (nrows != def->rows)
        return jf_fail(jf, path, "expected %d rows, got %d", def->rows, nrows);
    g->rows = def->rows;
    g->cols = def->cols;
    memset(g->cell, GRID_NO_SYMBOL, sizeof g->cell);
    int r = 0;
    const cJSON *row;
    cJSON_ArrayForEach(row, scr) {
        char rp[96];
        jf_path_index(rp, sizeof rp, path, r);
        if (!cJSON_IsArray(row))
            return jf_fail(jf, rp, "expected an array of %d symbol ids", def->cols);
        int ncols = cJSON_GetArraySize(row);
        if (ncols != def->cols)
            return jf_fail(jf, rp, "expected %d symbols, got %d", def->cols, ncols);
        int c = 0;
        const cJSON *cell;
        cJSON_ArrayForEach(cell, row) {
            char cp[112];
            jf_path_index(cp, sizeof cp, rp, c);
            if (!cJSON_IsString(cell))
                return jf_fail(jf, cp, "expected a symbol id (a string)");
            int s = gamedef_symbol(def, cell->valuestring);
            if (s < 0)
                return jf_fail(jf, cp, "unknown symbol \"%s\" for %s", cell->valuestring, def->id);
            g->cell[r][c++] = (uint8_t)s;
        }
        r++;
    }
    return 0;
}

/* A spin's named draws: {"expanding": "EXPLORER"}, each a draw the game makes (its
 * GameRules.draws) and a value it can give: a symbol's id, or a whole number for a draw of
 * numbers (GameRules.draw_numbers). */
/* One value of draw k (its GameRules.draws index) into the spin's draws. */
static int load_draw_value(JsonFile *jf, const cJSON *d, const char *p, const GameDef *def, int k,
                           ForcedSpin *spin)
{
    const GameRules *rules = games_find(def->rules);
    if (spin->ndraws == FORCED_MAX_DRAWS)
        return jf_fail(jf, p, "more than %d draws for one spin", FORCED_MAX_DRAWS);
    int64_t value;
    char text[48];
    if (rules->draw_numbers >> k & 1u) { /* a whole number */
        if (!cJSON_IsNumber(d) || d->valuedouble != (double)(int64_t)d->valuedouble ||
            d->valuedouble < 0 || d->valuedouble > 1e9)
            return jf_fail(jf, p, "expected a whole number from 0");
        value = (int64_t)d->valuedouble;
        snprintf(text, sizeof text, "%lld", (long long)value);
    } else {
        if (!cJSON_IsString(d))
            return jf_fail(jf, p, "expected a symbol id (a string)");
        value = gamedef_symbol(def, d->valuestring);
        if (value < 0)
            return jf_fail(jf, p, "unknown symbol \"%s\" for %s", d->valuestring, def->id);
        snprintf(text, sizeof text, "\"%.40s\"", d->valuestring);
    }
    const char *why = rules->draw_refuses ? rules->draw_refuses(def, k, value) : NULL;
    if (why)
        return jf_fail(jf, p, "%s: %s", text, why);
    spin->draws[spin->ndraws].draw = (uint8_t)k;
    spin->draws[spin->ndraws++].value = value;
    return 0;
}

static int load_draws(JsonFile *jf, const cJSON *obj, const char *path, const GameDef *def,
                      ForcedSpin *spin)
{
    if (!cJSON_IsObject(obj))
        return jf_fail(jf, path, "expected an object of named draws, e.g. {\"expanding\": \"A\"}");
    const GameRules *rules = games_find(def->rules);
    const char *const *names = rules ? rules->draws : NULL;
    const cJSON *d;
    cJSON_ArrayForEach(d, obj) {
        char p[160];
        jf_path_key(p, sizeof p, path, d->string);
        int k = -1;
        char known[256] = "";
        size_t len = 0;
        for (int i = 0; names && names[i]; i++) {
            if (!strcmp(names[i], d->string))
                k = i;
            len += (size_t)snprintf(known + len, sizeof known - len, "%s%s", i ? ", " : "", names[i]);
        }
        if (k < 0)
            return jf_fail(jf, p, "unknown draw for %s (%s)", def->id,
                           known[0] ? known : "it makes no named draw");
        /* a draw made more than once in the spin (a ladder's risks): its values in order */
        int nv = cJSON_IsArray(d) ? cJSON_GetArraySize(d) : 1;
        for (int v = 0; v < nv; v++) {
            char pv[176];
            const cJSON *item = d;
            if (cJSON_IsArray(d)) {
                item = cJSON_GetArrayItem(d, v);
                jf_path_index(pv, sizeof pv, p, v);
            } else {
                snprintf(pv, sizeof pv, "%s", p);
            }
            if (load_draw_value(jf, item, pv, def, k, spin))
                return -1;
        }
    }
    return 0;
}

/* One player's command: "advance 2", "hold 1 3" (reels and options counted from 1; "hold"
 * alone releases every reel), "pick 2", "risk", "collect", "collect all" (argument 1: the
 * whole prize at once), "start", "continue", or "auto" (the game's own answer then). */
static int load_one_play(JsonFile *jf, const char *text, const char *path, const GameDef *def,
                         ForcedPlay *out)
{
    char name[16];
    int used = 0;
    *out = (ForcedPlay){0};
    if (sscanf(text, "%15s%n", name, &used) != 1)
        return jf_fail(jf, path, "expected a command, e.g. \"advance 2\"");
    if (!strcmp(name, "auto")) {
        out->automatic = true;
    } else {
        int t = command_from_name(name);
        if (t < 0 || t == CMD_SPIN)
            return jf_fail(jf, path, "unknown command \"%s\" (known: auto, start, continue, pick, "
                           "hold, advance, collect, risk)", name);
        out->type = (uint8_t)t;
    }
    const char *rest = text + used;
    while (*rest == ' ')
        rest++;
    if (out->type == CMD_COLLECT && !out->automatic && !strncmp(rest, "all", 3)) {
        out->arg = 1; /* "collect all": the whole prize at once (COLLECT held), argument 1 */
        rest += 3;
    }
    int k, n = 0, nums = 0;
    while (sscanf(rest, "%d%n", &k, &n) == 1) {
        rest += n;
        nums++;
        if (k < 1 || k > 32)
            return jf_fail(jf, path, "%d: reels and options are counted from 1", k);
        if (out->type == CMD_HOLD)
            out->arg |= 1u << (k - 1);
        else
            out->arg = (uint32_t)(k - 1);
    }
    while (*rest == ' ')
        rest++;
    bool one = out->type == CMD_PICK || out->type == CMD_ADVANCE;
    if (*rest || (!out->automatic && one && nums != 1) ||
        (!out->automatic && !one && out->type != CMD_HOLD && nums) || (out->automatic && nums))
        return jf_fail(jf, path, "\"%s\": pick and advance take one number, hold any number of "
                       "reels, the others none", text);
    if (out->type == CMD_HOLD && out->arg >> def->cols)
        return jf_fail(jf, path, "\"%s\": the game has %d reels", text, def->cols);
    return 0;
}

/* A spin's "play": the player's commands after its screen, in order. */
static int load_play(JsonFile *jf, const cJSON *arr, const char *path, const GameDef *def,
                     ForcedSpin *spin)
{
    if (!cJSON_IsArray(arr))
        return jf_fail(jf, path, "expected an array of commands, e.g. [\"advance 2\", \"risk\"]");
    if (cJSON_GetArraySize(arr) > FORCED_MAX_PLAY)
        return jf_fail(jf, path, "more than %d commands", FORCED_MAX_PLAY);
    const cJSON *c;
    int i = 0;
    cJSON_ArrayForEach(c, arr) {
        char p[96];
        jf_path_index(p, sizeof p, path, i++);
        if (!cJSON_IsString(c))
            return jf_fail(jf, p, "expected a command as a string, e.g. \"advance 2\"");
        if (load_one_play(jf, c->valuestring, p, def, &spin->play[spin->nplay++]))
            return -1;
    }
    return 0;
}

static int load_spins(JsonFile *jf, const cJSON *root, const GameDef *def, Scenario *sc)
{
    const cJSON *arr = cJSON_GetObjectItemCaseSensitive(root, "spins");
    if (!arr)
        return 0;
    if (!cJSON_IsArray(arr))
        return jf_fail(jf, "spins", "expected an array of spins ({} or {\"screen\": ...})");
    int n = cJSON_GetArraySize(arr);
    if (n > SCENARIO_MAX_SPINS)
        return jf_fail(jf, "spins", "more than %d spins", SCENARIO_MAX_SPINS);
    sc->spins = calloc((size_t)(n ? n : 1), sizeof *sc->spins);
    sc->stop_ms = malloc((size_t)(n ? n : 1) * sizeof *sc->stop_ms);
    sc->game_change = calloc((size_t)(n ? n : 1), sizeof *sc->game_change);
    if (!sc->spins || !sc->stop_ms || !sc->game_change)
        return jf_fail(jf, "spins", "out of memory");
    static const char *const allowed[] = {"screen", "draws", "stop_ms", "game_change", "play", NULL};
    int i = 0;
    const cJSON *sp;
    cJSON_ArrayForEach(sp, arr) {
        char p[48], sp_path[64];
        jf_path_index(p, sizeof p, "spins", i);
        if (!cJSON_IsObject(sp))
            return jf_fail(jf, p, "expected an object ({} or {\"screen\": ...})");
        if (jf_only(jf, sp, p, allowed))
            return -1;
        const cJSON *scr = cJSON_GetObjectItemCaseSensitive(sp, "screen");
        if (scr) {
            jf_path_key(sp_path, sizeof sp_path, p, "screen");
            if (load_screen(jf, scr, sp_path, def, &sc->spins[i].screen))
                return -1;
            sc->spins[i].forced = true;
        }
        sc->stop_ms[i] = -1;
        if (cJSON_GetObjectItemCaseSensitive(sp, "stop_ms")) {
            int64_t ms;
            if (jf_int(jf, sp, "stop_ms", p, 0, 10000, &ms))
                return -1;
            sc->stop_ms[i] = (int)ms;
        }
        const cJSON *change = cJSON_GetObjectItemCaseSensitive(sp, "game_change");
        if (change && !cJSON_IsBool(change)) {
            jf_path_key(sp_path, sizeof sp_path, p, "game_change");
            return jf_fail(jf, sp_path, "expected true or false");
        }
        sc->game_change[i] = cJSON_IsTrue(change);
        const cJSON *draws = cJSON_GetObjectItemCaseSensitive(sp, "draws");
        if (draws) {
            jf_path_key(sp_path, sizeof sp_path, p, "draws");
            if (jf_unique(jf, draws, sp_path) || load_draws(jf, draws, sp_path, def, &sc->spins[i]))
                return -1;
        }
        const cJSON *play = cJSON_GetObjectItemCaseSensitive(sp, "play");
        if (play) {
            jf_path_key(sp_path, sizeof sp_path, p, "play");
            if (load_play(jf, play, sp_path, def, &sc->spins[i]))
                return -1;
        }
        i++;
    }
    sc->nspins = n;
    return 0;
}

int scenario_load(const char *path, const GameDef *def, Scenario *sc, Error *err)
{
    memset(sc, 0, sizeof *sc);
    snprintf(sc->path, sizeof sc->path, "%s", path);
    JsonFile jf = {.file = sc->path, .err = err};
    cJSON *root;
    if (jf_parse(&jf, path, &root))
        return -1;
    /* "key_moments" is the cabinet's contact sheet's (the moments it keeps as key frames):
     * the engine, like "comment", leaves it alone */
    static const char *const allowed[] = {"game",    "seed",    "bet",   "pool",
                                          "spins",   "bonuses", "comment", "title",
                                          "description", "key_moments", NULL};
    int rc = -1;
    if (jf_only(&jf, root, "", allowed) ||
        jf_string(&jf, root, "game", "", sc->game, sizeof sc->game))
        goto done;
    if (strcmp(sc->game, def->id) != 0) {
        jf_fail(&jf, "game", "\"%s\" does not match the game loaded (%s)", sc->game, def->id);
        goto done;
    }
    if (load_text(&jf, root, "title", SCENARIO_TITLE_MAX, sc->title, sizeof sc->title) ||
        load_text(&jf, root, "description", SCENARIO_DESCRIPTION_MAX, sc->description,
                  sizeof sc->description))
        goto done;
    if (load_seed(&jf, root, sc) || load_bet(&jf, root, def, sc) || load_spins(&jf, root, def, sc))
        goto done;
    const cJSON *pool = cJSON_GetObjectItemCaseSensitive(root, "pool");
    if (pool) {
        if (jf_int(&jf, pool, NULL, "pool", 0, JF_INT_MAX, &sc->pool))
            goto done;
        sc->has_pool = true;
    }
    const cJSON *bonuses = cJSON_GetObjectItemCaseSensitive(root, "bonuses");
    if (bonuses) {
        if (jf_int(&jf, bonuses, NULL, "bonuses", 0, JF_INT_MAX, &sc->bonuses))
            goto done;
        sc->has_bonuses = true;
    }
    rc = 0;
done:
    cJSON_Delete(root);
    if (rc)
        scenario_free(sc);
    return rc;
}

void scenario_free(Scenario *sc)
{
    free(sc->spins);
    sc->spins = NULL;
    free(sc->stop_ms);
    sc->stop_ms = NULL;
    free(sc->game_change);
    sc->game_change = NULL;
    sc->nspins = 0;
}

int scenario_check(const Scenario *sc, const GameDef *def, int *unreachable, Error *err)
{
    *unreachable = 0;
    Machine *m = machine_create(&(MachineDesc){.game = def, .has_pool = sc->has_pool,
                                               .pool = sc->pool}, err);
    if (!m)
        return -1;
    int rc = 0;
    if (machine_set_bet(m, &sc->bet, err) ||
        (sc->has_bonuses && machine_set_bonuses(m, sc->bonuses, err))) {
        rc = -1;
        goto done;
    }
    machine_force(m, sc->spins, sc->nspins);
    for (uint64_t round = 0; machine_forced_left(m) > 0 && round < (uint64_t)sc->nspins; round++) {
        if (sc->game_change[sc->nspins - machine_forced_left(m)])
            break; /* the cabinet's GAME CHANGE: a bet this check does not play */
        if (machine_command(m, &(Command){.type = CMD_SPIN, .seed = sc->seed + round}, NULL))
            break;
        machine_autoplay(m, STRATEGY_AUTO);
        *unreachable += machine_forcing(m)->unreachable;
        if (machine_forced_error(m)) {
            rc = error_set(err, "%s: %s", sc->path, machine_forced_error(m));
            break;
        }
        if (machine_in_round(m)) /* a play the machine did not offer: its user says so */
            break;
    }
done:
    machine_destroy(m);
    return rc;
}
