/* slotsim_info.c - slotsim list (the games found, their names and targets) and slotsim info
 * (one game's file as the engine reads it: symbols, roles, bets, paytable, features). */
#include "buf.h"
#include "gamedef.h"
#include "games.h"
#include "jsonout.h"
#include "slotsim_priv.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* ---- list ------------------------------------------------------------------------------- */

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int cmd_list(const Options *o)
{
    if (only_flags(o, ""))
        return EXIT_USAGE;
    DIR *d = opendir(o->games_dir);
    if (!d)
        return fail("--games: cannot read %s: %s", o->games_dir, strerror(errno));
    char *ids[64];
    int n = 0;
    struct dirent *de;
    while ((de = readdir(d)) && n < 64) {
        if (de->d_name[0] == '.')
            continue;
        char path[512];
        struct stat st;
        snprintf(path, sizeof path, "%s/%s/game.json", o->games_dir, de->d_name);
        if (stat(path, &st) == 0)
            ids[n++] = strdup(de->d_name);
    }
    closedir(d);
    qsort(ids, (size_t)n, sizeof ids[0], cmp_str);
    Buf b = {0};
    int rc = 0;
    cJSON *list = cJSON_CreateArray();
    for (int i = 0; i < n; i++) {
        GameDef *def = malloc(sizeof *def);
        char path[512];
        Error err;
        snprintf(path, sizeof path, "%s/%s/game.json", o->games_dir, ids[i]);
        int ok = def && gamedef_load(path, def, &err) == 0;
        if (o->json) {
            cJSON *g = jsonout_add(list, NULL, cJSON_CreateObject());
            jsonout_add(g, "id", jsonout_string(ids[i]));
            if (ok) {
                jsonout_add(g, "name", jsonout_string(def->name));
                jsonout_add(g, "target_rtp", targets_json(def));
            } else {
                jsonout_add(g, "error", jsonout_string(def ? err.msg : "out of memory"));
            }
        } else if (ok) {
            buf_printf(&b, "%-22s %-28s RTP", ids[i], def->name);
            for (int t = 0; t < def->ntargets; t++)
                buf_printf(&b, " %s %.2f%%", def->targets[t].key, def->targets[t].percent);
            buf_puts(&b, "\n");
        } else {
            buf_printf(&b, "%-22s (cannot be loaded: %s)\n", ids[i], def ? err.msg : "out of memory");
        }
        if (!ok)
            rc = EXIT_USAGE;
        free(def);
        free(ids[i]);
    }
    if (o->json) {
        jsonout_print(list, &b);
        buf_puts(&b, "\n");
    } else {
        cJSON_Delete(list);
    }
    fputs(b.s ? b.s : "", stdout);
    buf_free(&b);
    return rc;
}

/* ---- info ------------------------------------------------------------------------------- */

/* info's JSON: the game's grid, targets, symbols, paytable, lines, bet options, features */
static void info_json(const GameDef *def, Buf *b)
{
    cJSON *j = cJSON_CreateObject();
    jsonout_add(j, "id", jsonout_string(def->id));
    jsonout_add(j, "name", jsonout_string(def->name));
    cJSON *grid = jsonout_add(j, "grid", cJSON_CreateObject());
    jsonout_add(grid, "rows", jsonout_int(def->rows));
    jsonout_add(grid, "reels", jsonout_int(def->cols));
    jsonout_add(j, "target_rtp", targets_json(def));
    cJSON *syms = jsonout_add(j, "symbols", cJSON_CreateArray());
    for (int s = 0; s < def->nsymbols; s++) {
        cJSON *sym = jsonout_add(syms, NULL, cJSON_CreateObject());
        jsonout_add(sym, "id", jsonout_string(def->symbols[s].id));
        jsonout_add(sym, "name", jsonout_string(def->symbols[s].name));
        jsonout_add(sym, "role", jsonout_string(gamedef_role_name(def->symbols[s].role)));
    }
    cJSON *pays = jsonout_add(j, "paytable", cJSON_CreateObject());
    for (int s = 0; s < def->nsymbols; s++) {
        if (!(def->paying >> s & 1u))
            continue;
        cJSON *sym = jsonout_add(pays, def->symbols[s].id, cJSON_CreateObject());
        for (int n = 1; n <= EVAL_MAX_COUNT; n++)
            if (def->pays.pay[s][n]) {
                char count[8];
                snprintf(count, sizeof count, "%d", n);
                jsonout_add(sym, count, jsonout_int(def->pays.pay[s][n]));
            }
    }
    cJSON *lines = jsonout_add(j, "lines", cJSON_CreateArray());
    for (int l = 0; l < def->nlines; l++) {
        cJSON *line = jsonout_add(lines, NULL, cJSON_CreateArray());
        for (int c = 0; c < def->cols; c++)
            jsonout_add(line, NULL, jsonout_int(def->lines[l][c]));
    }
    cJSON *opts = jsonout_add(j, "bet_options", cJSON_CreateArray());
    for (int i = 0; i < def->nbet; i++) {
        const BetOption *bo = &def->bet[i];
        cJSON *opt = jsonout_add(opts, NULL, cJSON_CreateObject());
        jsonout_add(opt, "key", jsonout_string(bo->key));
        jsonout_add(opt, "name", jsonout_string(bo->name));
        if (bo->unit[0])
            jsonout_add(opt, "unit", jsonout_string(bo->unit));
        cJSON *values = jsonout_add(opt, "values", cJSON_CreateArray());
        for (int k = 0; k < bo->nvalues; k++)
            jsonout_add(values, NULL, jsonout_int(bo->values[k]));
        jsonout_add(opt, "default", jsonout_int(bo->def));
    }
    cJSON *feats = jsonout_add(j, "features", cJSON_CreateObject());
    for (int i = 0; i < def->nparams; i++) {
        const GameParam *p = &def->params[i];
        if (p->array) {
            cJSON *arr = jsonout_add(feats, p->key, cJSON_CreateArray());
            for (int k = 0; k < p->n; k++)
                jsonout_add(arr, NULL, jsonout_int(p->v[k]));
        } else {
            jsonout_add(feats, p->key, jsonout_int(p->v[0]));
        }
    }
    jsonout_print(j, b);
    buf_puts(b, "\n");
}

/* info's text: the grid, targets, symbols with their pays, lines, bet options, the reel
 * sets' lengths, features */
static void info_text(const GameDef *def, Buf *b)
{
    buf_printf(b, "%s (%s): %dx%d\n", def->name, def->id, def->cols, def->rows);
    buf_puts(b, "target RTP:");
    for (int t = 0; t < def->ntargets; t++)
        buf_printf(b, " %s %.2f%%", def->targets[t].key, def->targets[t].percent);
    buf_puts(b, "\n\nsymbols:\n");
    for (int s = 0; s < def->nsymbols; s++) {
        buf_printf(b, "  %-9s %-14s %-8s", def->symbols[s].id, def->symbols[s].name,
                   gamedef_role_name(def->symbols[s].role));
        for (int n = 1; n <= EVAL_MAX_COUNT; n++)
            if (def->pays.pay[s][n])
                buf_printf(b, "  %dx %d", n, def->pays.pay[s][n]);
        buf_puts(b, "\n");
    }
    if (def->nlines) {
        buf_printf(b, "\nlines (%d, row per reel, 0 = top):\n ", def->nlines);
        for (int l = 0; l < def->nlines; l++) {
            buf_printf(b, " %2d:", l + 1);
            for (int c = 0; c < def->cols; c++)
                buf_printf(b, "%d", def->lines[l][c]);
            if (l % 8 == 7)
                buf_puts(b, "\n ");
        }
        buf_puts(b, "\n");
    }
    buf_puts(b, "\nbet options (--bet key=value,...):\n");
    for (int i = 0; i < def->nbet; i++) {
        const BetOption *bo = &def->bet[i];
        buf_printf(b, "  %-11s %-15s default %lld%s, values", bo->key, bo->name,
                   (long long)bo->def, bo->unit[0] ? " (minor units)" : "");
        for (int k = 0; k < bo->nvalues; k++)
            buf_printf(b, " %lld", (long long)bo->values[k]);
        buf_puts(b, "\n");
    }
    buf_puts(b, "\nreel sets:");
    for (int i = 0; i < def->nreelsets; i++) {
        buf_printf(b, " %s (", def->reelsets[i].name);
        for (int c = 0; c < def->cols; c++)
            buf_printf(b, "%s%u", c ? "/" : "", def->reelsets[i].len[c]);
        buf_puts(b, ")");
    }
    buf_puts(b, "\n\nfeatures:\n");
    for (int i = 0; i < def->nparams; i++) {
        const GameParam *p = &def->params[i];
        buf_printf(b, "  %-32s", p->key);
        for (int k = 0; k < p->n; k++)
            buf_printf(b, " %lld", (long long)p->v[k]);
        buf_puts(b, "\n");
    }
}

int cmd_info(const Options *o)
{
    if (only_flags(o, "--game"))
        return EXIT_USAGE;
    if (!o->game)
        return fail("info: --game ID is required");
    int rc;
    GameDef *def = load_game_new(o, o->game, &rc);
    if (!def)
        return rc;
    Buf b = {0};
    if (o->json)
        info_json(def, &b);
    else
        info_text(def, &b);
    fputs(b.s, stdout);
    buf_free(&b);
    free(def);
    return 0;
}
