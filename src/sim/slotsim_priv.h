/* slotsim_priv.h - what slotsim's command files share: the parsed command line and the
 * helpers every command uses (slotsim.c), and the commands kept in files of their own
 * (slotsim_info.c: list and info), with the helpers in slotsim_common.c. */
#ifndef SLOTCAB_SLOTSIM_PRIV_H
#define SLOTCAB_SLOTSIM_PRIV_H

#include "gamedef.h"
#include "machine.h"
#include "error.h"
#include "money.h"

#include <cJSON.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define EXIT_USAGE 2 /* a user's mistake: a flag, a value, a file */

typedef struct Options {
    const char *cmd;
    const char *game;
    const char *games_dir;
    const char *bet;
    const char *scenario;
    const char *out; /* report: the folder it writes */
    bool json, max_bet, has_seed, has_rounds, has_threads, has_strategy, has_cabinets;
    bool has_return, has_cycles, has_cycle_games, has_bonuses, has_upper;
    uint64_t seed, rounds, cabinets, percent, cycles, cycle_games, bonuses;
    int upper; /* cycle: when the player changes to the upper game (UpperRule) */
    int threads;
    Strategy strategy; /* how a round answers the machine's offers (START, a pick) */
} Options;

/* slotsim_common.c */
/* Under mpirun, this process's rank (0 otherwise): its messages name it when above 0. */
void slotsim_set_rank(int rank);
/* One line on stderr (naming the rank under mpirun); returns 2, the exit code of a mistake. */
int fail(const char *fmt, ...) SLOTCAB_PRINTF(1, 2);
/* Refuses a flag given that the command does not take (`allowed`: the ones it does). */
int only_flags(const Options *o, const char *allowed);
/* The path of game `id`'s file, or a message (returns 2). */
int game_path(const Options *o, const char *id, char *path, size_t size);
/* The game file of `id` into def, or a message (returns 2). */
int load_game(const Options *o, const char *id, GameDef *def);
/* The game file of `id`, loaded onto the heap (NULL with *rc set after a message). */
GameDef *load_game_new(const Options *o, const char *id, int *rc);
/* The game file's target RTPs, as JSON. */
cJSON *targets_json(const GameDef *def);

/* slotsim_info.c */
int cmd_list(const Options *o);
int cmd_info(const Options *o);

#endif
