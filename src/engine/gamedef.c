/* gamedef.c - games/<id>/game.json into a validated GameDef.
 *
 * The file is read once into cJSON, walked section by section into fixed-size structs, and
 * freed. Each section names its JSON path in every message. Unknown fields are mistakes (a
 * typo in a paytable must not pass silently). This file reads the sections every game has;
 * gameload.c then has the rules module named by "rules" check what it needs (games.h), so
 * that the registry of rules, which uses these helpers, sits above them. */
#include "gamedef.h"

#include "jsonfile.h"

#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char *const role_names[ROLE__COUNT] = {
    [ROLE_REGULAR] = "regular", [ROLE_WILD] = "wild", [ROLE_SCATTER] = "scatter",
    [ROLE_JACKPOT] = "jackpot", [ROLE_FEATURE] = "jewel",
};

const char *gamedef_role_name(SymbolRole role)
{
    return role < ROLE__COUNT ? role_names[role] : "?";
}

int gamedef_symbol(const GameDef *def, const char *id)
{
    for (int i = 0; i < def->nsymbols; i++)
        if (strcmp(def->symbols[i].id, id) == 0)
            return i;
    return -1;
}

int gamedef_symbol_with_role(const GameDef *def, SymbolRole role)
{
    for (int i = 0; i < def->nsymbols; i++)
        if (def->symbols[i].role == role)
            return i;
    return -1;
}

const ReelSet *gamedef_reelset(const GameDef *def, const char *name)
{
    for (int i = 0; i < def->nreelsets; i++)
        if (strcmp(def->reelsets[i].name, name) == 0)
            return &def->reelsets[i];
    return NULL;
}

const GameParam *gamedef_param(const GameDef *def, const char *key)
{
    for (int i = 0; i < def->nparams; i++)
        if (strcmp(def->params[i].key, key) == 0)
            return &def->params[i];
    return NULL;
}

int gamedef_bet_index(const GameDef *def, const char *key)
{
    for (int i = 0; i < def->nbet; i++)
        if (strcmp(def->bet[i].key, key) == 0)
            return i;
    return -1;
}

int gamedef_need_int(const GameDef *def, const char *key, int64_t min, int64_t max,
                     int64_t *out, Error *err)
{
    const GameParam *p = gamedef_param(def, key);
    if (!p)
        return error_set(err, "%s: features.%s: missing", def->path, key);
    if (p->array)
        return error_set(err, "%s: features.%s: expected a number, got an array", def->path, key);
    if (p->v[0] < min || p->v[0] > max)
        return error_set(err, "%s: features.%s: %lld is out of range %lld..%lld", def->path, key,
                         (long long)p->v[0], (long long)min, (long long)max);
    *out = p->v[0];
    return 0;
}

int gamedef_need_array(const GameDef *def, const char *key, int n, int64_t min, int64_t max,
                       const GameParam **out, Error *err)
{
    const GameParam *p = gamedef_param(def, key);
    if (!p)
        return error_set(err, "%s: features.%s: missing", def->path, key);
    if (!p->array)
        return error_set(err, "%s: features.%s: expected an array", def->path, key);
    if (n > 0 && p->n != n)
        return error_set(err, "%s: features.%s: expected %d numbers, got %d", def->path, key, n,
                         p->n);
    for (int i = 0; i < p->n; i++)
        if (p->v[i] < min || p->v[i] > max)
            return error_set(err, "%s: features.%s[%d]: %lld is out of range %lld..%lld",
                             def->path, key, i, (long long)p->v[i], (long long)min,
                             (long long)max);
    *out = p;
    return 0;
}

static int valid_id(const char *s)
{
    for (; *s; s++)
        if (!isalnum((unsigned char)*s) && *s != '_' && *s != '-')
            return 0;
    return 1;
}

static int load_symbols(JsonFile *jf, const cJSON *root, GameDef *def)
{
    const cJSON *arr;
    if (jf_array(jf, root, "symbols", "", &arr))
        return -1;
    int n = cJSON_GetArraySize(arr);
    if (n < 1 || n > GAMEDEF_MAX_SYMBOLS)
        return jf_fail(jf, "symbols", "expected 1 to %d symbols, got %d", GAMEDEF_MAX_SYMBOLS, n);
    static const char *const allowed[] = {"id", "name", "role", NULL};
    int i = 0;
    const cJSON *s;
    cJSON_ArrayForEach(s, arr) {
        char p[64], rp[80], role[24];
        jf_path_index(p, sizeof p, "symbols", i);
        if (!cJSON_IsObject(s))
            return jf_fail(jf, p, "expected an object");
        SymbolDef *sd = &def->symbols[i];
        if (jf_only(jf, s, p, allowed) || jf_string(jf, s, "id", p, sd->id, sizeof sd->id) ||
            jf_string(jf, s, "name", p, sd->name, sizeof sd->name) ||
            jf_string(jf, s, "role", p, role, sizeof role))
            return -1;
        if (!valid_id(sd->id))
            return jf_fail(jf, p, "id \"%s\" may hold only letters, digits, '_' and '-'", sd->id);
        for (int j = 0; j < i; j++)
            if (strcmp(def->symbols[j].id, sd->id) == 0)
                return jf_fail(jf, p, "id \"%s\" is already used by symbols[%d]", sd->id, j);
        int r = -1;
        for (int k = 0; k < ROLE__COUNT; k++)
            if (strcmp(role, role_names[k]) == 0)
                r = k;
        if (r < 0) {
            jf_path_key(rp, sizeof rp, p, "role");
            return jf_fail(jf, rp,
                           "unknown role \"%s\" (expected regular, wild, scatter, jackpot or jewel)",
                           role);
        }
        sd->role = (SymbolRole)r;
        i++;
    }
    def->nsymbols = n;
    return 0;
}

static int symbol_ref(JsonFile *jf, const GameDef *def, const cJSON *v, const char *path)
{
    if (!cJSON_IsString(v))
        return jf_fail(jf, path, "expected a symbol id (a string)");
    int s = gamedef_symbol(def, v->valuestring);
    if (s < 0)
        return jf_fail(jf, path, "unknown symbol \"%s\"", v->valuestring);
    return s;
}

/* Paytable keys are counts ("3") or ranges ("11-15"). */
static int parse_count_key(const char *k, int *lo, int *hi)
{
    for (const char *q = k; *q; q++)
        if (!isdigit((unsigned char)*q) && *q != '-')
            return -1;
    if (!isdigit((unsigned char)k[0]))
        return -1;
    char *end;
    long a = strtol(k, &end, 10);
    long b = a;
    if (end == k)
        return -1;
    if (*end == '-') {
        const char *q = end + 1;
        if (!isdigit((unsigned char)*q))
            return -1;
        b = strtol(q, &end, 10);
        if (end == q)
            return -1;
    }
    if (*end || a < 1 || b < a || b > EVAL_MAX_COUNT)
        return -1;
    *lo = (int)a;
    *hi = (int)b;
    return 0;
}

static int load_paytable(JsonFile *jf, const cJSON *root, GameDef *def)
{
    const cJSON *pt;
    if (jf_object(jf, root, "paytable", "", &pt) || jf_unique(jf, pt, "paytable"))
        return -1;
    const cJSON *entry;
    cJSON_ArrayForEach(entry, pt) {
        char p[96];
        jf_path_key(p, sizeof p, "paytable", entry->string);
        int s = gamedef_symbol(def, entry->string);
        if (s < 0)
            return jf_fail(jf, p, "unknown symbol \"%s\"", entry->string);
        if (!cJSON_IsObject(entry))
            return jf_fail(jf, p, "expected an object of count: pay, e.g. {\"3\": 50}");
        if (jf_unique(jf, entry, p))
            return -1;
        bool given[EVAL_MAX_COUNT + 1] = {false};
        const cJSON *c;
        cJSON_ArrayForEach(c, entry) {
            char cp[128];
            jf_path_key(cp, sizeof cp, p, c->string);
            int lo, hi;
            if (parse_count_key(c->string, &lo, &hi))
                return jf_fail(jf, cp, "expected a count 1..%d or a range like \"11-15\"",
                               EVAL_MAX_COUNT);
            int64_t v;
            if (jf_int(jf, c, NULL, cp, 0, 100000000, &v))
                return -1;
            for (int n = lo; n <= hi; n++) {
                if (given[n])
                    return jf_fail(jf, cp, "count %d is already given", n);
                given[n] = true;
                def->pays.pay[s][n] = (int32_t)v;
            }
            if (v > 0)
                def->paying |= 1u << s;
        }
    }
    return 0;
}

static int load_grid(JsonFile *jf, const cJSON *root, GameDef *def)
{
    const cJSON *g;
    int64_t rows, reels;
    static const char *const allowed[] = {"rows", "reels", NULL};
    if (jf_object(jf, root, "grid", "", &g) || jf_only(jf, g, "grid", allowed) ||
        jf_int(jf, g, "rows", "grid", 1, GRID_MAX_ROWS, &rows) ||
        jf_int(jf, g, "reels", "grid", 1, GRID_MAX_COLS, &reels))
        return -1;
    def->rows = (uint8_t)rows;
    def->cols = (uint8_t)reels;
    return 0;
}

static int load_lines(JsonFile *jf, const cJSON *root, GameDef *def)
{
    const cJSON *arr = cJSON_GetObjectItemCaseSensitive(root, "lines");
    if (!arr)
        return 0;
    if (!cJSON_IsArray(arr))
        return jf_fail(jf, "lines", "expected an array of lines");
    int n = cJSON_GetArraySize(arr);
    if (n < 1 || n > EVAL_MAX_LINES)
        return jf_fail(jf, "lines", "expected 1 to %d lines, got %d", EVAL_MAX_LINES, n);
    int i = 0;
    const cJSON *line;
    cJSON_ArrayForEach(line, arr) {
        char p[32];
        jf_path_index(p, sizeof p, "lines", i);
        if (!cJSON_IsArray(line))
            return jf_fail(jf, p, "expected an array of %d rows", def->cols);
        int len = cJSON_GetArraySize(line);
        if (len != def->cols)
            return jf_fail(jf, p, "expected %d rows, got %d", def->cols, len);
        int c = 0;
        const cJSON *row;
        cJSON_ArrayForEach(row, line) {
            char rp[48];
            int64_t r;
            jf_path_index(rp, sizeof rp, p, c);
            if (jf_int(jf, row, NULL, rp, 0, def->rows - 1, &r))
                return -1;
            def->lines[i][c++] = (uint8_t)r;
        }
        for (int j = 0; j < i; j++)
            if (memcmp(def->lines[j], def->lines[i], def->cols) == 0)
                return jf_fail(jf, p, "the same line as lines[%d]", j);
        i++;
    }
    def->nlines = n;
    return 0;
}

static int load_reels(JsonFile *jf, const cJSON *root, GameDef *def)
{
    const cJSON *sets;
    if (jf_object(jf, root, "reels", "", &sets) || jf_unique(jf, sets, "reels"))
        return -1;
    const cJSON *set;
    cJSON_ArrayForEach(set, sets) {
        char p[64];
        jf_path_key(p, sizeof p, "reels", set->string);
        if (def->nreelsets == GAMEDEF_MAX_REELSETS)
            return jf_fail(jf, p, "more than %d reel sets", GAMEDEF_MAX_REELSETS);
        ReelSet *rs = &def->reelsets[def->nreelsets];
        if (strlen(set->string) >= sizeof rs->name || !set->string[0])
            return jf_fail(jf, p, "a reel set name has 1 to %zu characters", sizeof rs->name - 1);
        snprintf(rs->name, sizeof rs->name, "%s", set->string);
        if (!cJSON_IsArray(set))
            return jf_fail(jf, p, "expected an array of %d reel strips", def->cols);
        int n = cJSON_GetArraySize(set);
        if (n != def->cols)
            return jf_fail(jf, p, "expected %d reel strips, got %d", def->cols, n);
        int c = 0;
        const cJSON *strip;
        cJSON_ArrayForEach(strip, set) {
            char sp[80];
            jf_path_index(sp, sizeof sp, p, c);
            if (!cJSON_IsArray(strip))
                return jf_fail(jf, sp, "expected an array of symbol ids");
            int len = cJSON_GetArraySize(strip);
            if (len < def->rows || len > GAMEDEF_MAX_STRIP)
                return jf_fail(jf, sp, "expected %d to %d symbols, got %d", def->rows,
                               GAMEDEF_MAX_STRIP, len);
            int k = 0;
            const cJSON *sym;
            cJSON_ArrayForEach(sym, strip) {
                char yp[96];
                jf_path_index(yp, sizeof yp, sp, k);
                int s = symbol_ref(jf, def, sym, yp);
                if (s < 0)
                    return -1;
                rs->strip[c][k++] = (uint8_t)s;
            }
            rs->len[c] = (uint16_t)len;
            for (int r = 0; r < GRID_MAX_ROWS; r++)
                rs->strip[c][len + r] = rs->strip[c][r % len];
            c++;
        }
        def->nreelsets++;
    }
    if (def->nreelsets == 0)
        return jf_fail(jf, "reels", "expected at least one reel set");
    return 0;
}

static int load_bet(JsonFile *jf, const cJSON *root, GameDef *def)
{
    const cJSON *arr;
    if (jf_array(jf, root, "bet", "", &arr))
        return -1;
    int n = cJSON_GetArraySize(arr);
    if (n < 1 || n > GAMEDEF_MAX_BET_OPTIONS)
        return jf_fail(jf, "bet", "expected 1 to %d bet options, got %d", GAMEDEF_MAX_BET_OPTIONS, n);
    static const char *const allowed[] = {"key",  "name",    "unit",     "values", "min",
                                          "max",  "default", "operator", NULL};
    int i = 0;
    const cJSON *o;
    cJSON_ArrayForEach(o, arr) {
        char p[32], vp[64];
        jf_path_index(p, sizeof p, "bet", i);
        BetOption *b = &def->bet[i];
        if (!cJSON_IsObject(o))
            return jf_fail(jf, p, "expected an object");
        if (jf_only(jf, o, p, allowed) || jf_string(jf, o, "key", p, b->key, sizeof b->key) ||
            jf_string(jf, o, "name", p, b->name, sizeof b->name))
            return -1;
        if (!valid_id(b->key))
            return jf_fail(jf, p, "key \"%s\" may hold only letters, digits, '_' and '-'", b->key);
        for (int j = 0; j < i; j++)
            if (strcmp(def->bet[j].key, b->key) == 0)
                return jf_fail(jf, p, "key \"%s\" is already used by bet[%d]", b->key, j);
        if (cJSON_GetObjectItemCaseSensitive(o, "unit") &&
            jf_string(jf, o, "unit", p, b->unit, sizeof b->unit))
            return -1;
        if (b->unit[0] && strcmp(b->unit, "minor") != 0 && strcmp(b->unit, "bonuses") != 0) {
            jf_path_key(vp, sizeof vp, p, "unit");
            return jf_fail(jf, vp, "unknown unit \"%s\" (expected \"minor\" or \"bonuses\")",
                           b->unit);
        }
        const cJSON *op = cJSON_GetObjectItemCaseSensitive(o, "operator");
        if (op && !cJSON_IsBool(op)) {
            jf_path_key(vp, sizeof vp, p, "operator");
            return jf_fail(jf, vp, "expected true or false (whether the operator may limit it)");
        }
        b->fixed = op && cJSON_IsFalse(op);
        const int64_t least = strcmp(b->unit, "bonuses") == 0 ? 0 : 1; /* no Bonus staked */
        const cJSON *values = cJSON_GetObjectItemCaseSensitive(o, "values");
        if (values) {
            jf_path_key(vp, sizeof vp, p, "values");
            if (!cJSON_IsArray(values))
                return jf_fail(jf, vp, "expected an array of whole numbers");
            int nv = cJSON_GetArraySize(values);
            if (nv < 1 || nv > GAMEDEF_MAX_BET_VALUES)
                return jf_fail(jf, vp, "expected 1 to %d values, got %d", GAMEDEF_MAX_BET_VALUES, nv);
            int k = 0;
            const cJSON *v;
            cJSON_ArrayForEach(v, values) {
                char ip[80];
                jf_path_index(ip, sizeof ip, vp, k);
                if (jf_int(jf, v, NULL, ip, least, 1000000000, &b->values[k]))
                    return -1;
                if (k > 0 && b->values[k] <= b->values[k - 1])
                    return jf_fail(jf, ip, "values must increase");
                k++;
            }
            b->nvalues = nv;
        } else {
            int64_t lo, hi;
            if (jf_int(jf, o, "min", p, least, 1000000000, &lo) ||
                jf_int(jf, o, "max", p, least, 1000000000, &hi))
                return -1;
            if (hi < lo || hi - lo >= GAMEDEF_MAX_BET_VALUES) {
                jf_path_key(vp, sizeof vp, p, "max");
                return jf_fail(jf, vp, "expected min..max to hold 1 to %d values",
                               GAMEDEF_MAX_BET_VALUES);
            }
            for (int64_t v = lo; v <= hi; v++)
                b->values[b->nvalues++] = v;
        }
        if (jf_int(jf, o, "default", p, least, 1000000000, &b->def))
            return -1;
        int found = 0;
        for (int k = 0; k < b->nvalues; k++)
            found |= b->values[k] == b->def;
        if (!found) {
            jf_path_key(vp, sizeof vp, p, "default");
            return jf_fail(jf, vp, "%lld is not one of the values", (long long)b->def);
        }
        i++;
    }
    def->nbet = n;
    return 0;
}

static int load_targets(JsonFile *jf, const cJSON *root, GameDef *def)
{
    const cJSON *t;
    if (jf_object(jf, root, "target_rtp", "", &t) || jf_unique(jf, t, "target_rtp"))
        return -1;
    const cJSON *v;
    cJSON_ArrayForEach(v, t) {
        char p[64];
        jf_path_key(p, sizeof p, "target_rtp", v->string);
        if (def->ntargets == GAMEDEF_MAX_TARGETS)
            return jf_fail(jf, p, "more than %d targets", GAMEDEF_MAX_TARGETS);
        if (!cJSON_IsNumber(v) || v->valuedouble <= 0 || v->valuedouble >= 200)
            return jf_fail(jf, p, "expected a percentage between 0 and 200");
        RtpTarget *rt = &def->targets[def->ntargets++];
        snprintf(rt->key, sizeof rt->key, "%s", v->string);
        rt->percent = v->valuedouble;
    }
    if (def->ntargets == 0)
        return jf_fail(jf, "target_rtp", "expected at least one target");
    return 0;
}

static int load_features(JsonFile *jf, const cJSON *root, GameDef *def)
{
    const cJSON *f = cJSON_GetObjectItemCaseSensitive(root, "features");
    if (!f)
        return 0;
    if (!cJSON_IsObject(f))
        return jf_fail(jf, "features", "expected an object");
    if (jf_unique(jf, f, "features"))
        return -1;
    const cJSON *v;
    cJSON_ArrayForEach(v, f) {
        char p[64];
        jf_path_key(p, sizeof p, "features", v->string);
        if (def->nparams == GAMEDEF_MAX_PARAMS)
            return jf_fail(jf, p, "more than %d features", GAMEDEF_MAX_PARAMS);
        GameParam *gp = &def->params[def->nparams];
        if (strlen(v->string) >= sizeof gp->key)
            return jf_fail(jf, p, "name longer than %zu characters", sizeof gp->key - 1);
        snprintf(gp->key, sizeof gp->key, "%s", v->string);
        if (cJSON_IsArray(v)) {
            int n = cJSON_GetArraySize(v);
            if (n < 1 || n > GAMEDEF_MAX_PARAM_VALUES)
                return jf_fail(jf, p, "expected 1 to %d numbers, got %d", GAMEDEF_MAX_PARAM_VALUES, n);
            gp->array = true;
            const cJSON *x;
            cJSON_ArrayForEach(x, v) {
                char ip[80];
                jf_path_index(ip, sizeof ip, p, gp->n);
                if (jf_int(jf, x, NULL, ip, -1000000000000LL, 1000000000000LL, &gp->v[gp->n]))
                    return -1;
                gp->n++;
            }
        } else {
            if (jf_int(jf, v, NULL, p, -1000000000000LL, 1000000000000LL, &gp->v[0]))
                return -1;
            gp->n = 1;
        }
        def->nparams++;
    }
    return 0;
}

int gamedef_parse(const char *path, GameDef *def, Error *err)
{
    memset(def, 0, sizeof *def);
    snprintf(def->path, sizeof def->path, "%s", path);
    JsonFile jf = {.file = def->path, .err = err};
    cJSON *root;
    if (jf_parse(&jf, path, &root))
        return -1;
    snprintf(def->hash, sizeof def->hash, "%016llx", (unsigned long long)jf.hash);
    static const char *const allowed[] = {"id", "name", "rules", "grid", "target_rtp", "symbols",
                                          "paytable", "lines", "reels", "bet", "features", NULL};
    int rc = -1;
    if (jf_only(&jf, root, "", allowed) || jf_string(&jf, root, "id", "", def->id, sizeof def->id) ||
        jf_string(&jf, root, "name", "", def->name, sizeof def->name) ||
        jf_string(&jf, root, "rules", "", def->rules, sizeof def->rules) ||
        load_grid(&jf, root, def) || load_targets(&jf, root, def) || load_symbols(&jf, root, def) ||
        load_paytable(&jf, root, def) || load_lines(&jf, root, def) || load_reels(&jf, root, def) ||
        load_bet(&jf, root, def) || load_features(&jf, root, def))
        goto done;
    if (!valid_id(def->id)) {
        jf_fail(&jf, "id", "\"%s\" may hold only letters, digits, '_' and '-'", def->id);
        goto done;
    }
    rc = 0;
done:
    cJSON_Delete(root);
    return rc;
}

static bool id_valid(const char *id)
{
    size_t n = strlen(id);
    return n >= 1 && n <= 47 && strspn(id, "abcdefghijklmnopqrstuvwxyz0123456789-") == n;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

int gamedef_path(const char *games_dir, const char *id, char *path, size_t size, Error *err)
{
    const char *why = "a game id is lowercase letters, digits and '-'";
    if (id_valid(id)) {
        struct stat st;
        if ((size_t)snprintf(path, size, "%s/%s/game.json", games_dir, id) < size &&
            stat(path, &st) == 0 && !S_ISDIR(st.st_mode))
            return 0; /* a pipe or a device too: its loader says what is wrong with it */
        why = "no such game";
    }
    /* the known ids: the folders of games_dir with a game.json, sorted */
    char known[512] = "";
    char *names[64];
    int n = 0;
    DIR *d = opendir(games_dir);
    for (struct dirent *de; d && n < 64 && (de = readdir(d));) {
        char p[1024];
        struct stat st;
        if (id_valid(de->d_name) &&
            (size_t)snprintf(p, sizeof p, "%s/%s/game.json", games_dir, de->d_name) < sizeof p &&
            stat(p, &st) == 0 && S_ISREG(st.st_mode) && (names[n] = strdup(de->d_name)))
            n++;
    }
    if (d)
        closedir(d);
    qsort(names, (size_t)n, sizeof names[0], cmp_str);
    size_t len = 0;
    for (int i = 0; i < n; i++) {
        if (len + strlen(names[i]) + 3 < sizeof known)
            len += (size_t)snprintf(known + len, sizeof known - len, "%s%s", i ? ", " : "", names[i]);
        free(names[i]);
    }
    if (path && size)
        path[0] = 0;
    return error_set(err, "unknown game \"%.60s\" (%s; known: %s)", id, why, n ? known : "none in the games folder");
}

