/* slotsim_common.c - what every slotsim command uses: its one-line messages, the check that a
 * command takes the flags given, and a game file loaded by its id. Apart from slotsim.c so
 * that the files of the commands (slotsim.c, slotsim_info.c) call it and it calls none of
 * them: no circle between them. */
#include "slotsim_priv.h"

#include "jsonout.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int rank; /* under mpirun, this process's rank: its messages say it */

void slotsim_set_rank(int r)
{
    rank = r;
}

int fail(const char *fmt, ...)
{
    char what[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    if (rank > 0)
        error_print("slotsim (rank %d): %s", rank, what);
    else
        error_print("slotsim: %s", what);
    return EXIT_USAGE;
}

/* Flags that a command does not take are mistakes, not silently ignored. */
int only_flags(const Options *o, const char *allowed)
{
    struct { bool set; const char *name; } f[] = {
        {o->game != NULL, "--game"}, {o->bet != NULL, "--bet"}, {o->scenario != NULL, "--scenario"},
        {o->max_bet, "--max-bet"}, {o->has_seed, "--seed"}, {o->has_rounds, "--rounds"},
        {o->has_threads, "--threads"}, {o->has_strategy, "--strategy"},
        {o->has_cabinets, "--cabinets"}, {o->has_return, "--return"},
        {o->has_cycles, "--cycles"}, {o->has_cycle_games, "--cycle-games"},
        {o->has_bonuses, "--bonuses"}, {o->has_upper, "--upper"}, {o->out != NULL, "--out"},
    };
    for (size_t i = 0; i < sizeof f / sizeof f[0]; i++)
        if (f[i].set && !strstr(allowed, f[i].name))
            return fail("%s: not an option of \"slotsim %s\"", f[i].name, o->cmd);
    return 0;
}

int game_path(const Options *o, const char *id, char *path, size_t size)
{
    Error err;
    if (gamedef_path(o->games_dir, id, path, size, &err))
        return fail("--game: %s", err.msg);
    return 0;
}

int load_game(const Options *o, const char *id, GameDef *def)
{
    char path[512];
    if (game_path(o, id, path, sizeof path))
        return EXIT_USAGE;
    Error err;
    if (gamedef_load(path, def, &err))
        return fail("%s", err.msg);
    return 0;
}

/* A heap GameDef for --game (it is large); NULL after printing the message to *rc. */
GameDef *load_game_new(const Options *o, const char *id, int *rc)
{
    GameDef *def = malloc(sizeof *def);
    if (!def) {
        *rc = fail("out of memory");
        return NULL;
    }
    if ((*rc = load_game(o, id, def))) {
        free(def);
        return NULL;
    }
    return def;
}

/* A game's target RTPs, as a report prints them (two decimals). */
cJSON *targets_json(const GameDef *def)
{
    cJSON *o = cJSON_CreateObject();
    for (int t = 0; t < def->ntargets; t++)
        jsonout_add(o, def->targets[t].key, jsonout_fixed(def->targets[t].percent, 2));
    return o;
}
