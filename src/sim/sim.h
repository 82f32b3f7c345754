/* sim.h - slotsim's simulator: many rounds of one game at one bet, split over threads.
 *
 * Round i's seed is rng_round_seed(seed, i), so a run is the same set of rounds however
 * many threads play it, and every total is an integer sum: the same seed gives the same
 * totals whatever --threads is. The progressive pool is the one place where rounds depend
 * on each other (a hit pays what earlier rounds contributed); each thread keeps, for its
 * range of rounds, what was contributed before its first hit and after its last, and the
 * ranges are joined in order (sim_merge), so the jackpot figures do not depend on the
 * split either. With `cabinets`, rounds depend on the last within each cabinet instead.
 *
 * A run may also be split between processes (slotsim under mpirun, simmpi.c): process
 * `share` of `shares` plays its contiguous part of the rounds (or every shares-th cabinet),
 * and sim_merge of the parts in share order gives the totals of the whole run. */
#ifndef SLOTCAB_SIM_H
#define SLOTCAB_SIM_H

#include "gamedef.h"
#include "games.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#define SIM_BUCKETS 12

typedef struct SimTotals {
    uint64_t rounds;
    Money bet;
    Money win;                 /* every win in money, the jackpot at its seed value */
    int64_t bonuses;           /* Bonuses won (a game with a second unit) */
    Money part[PART__COUNT];   /* PART_JACKPOT: jackpot hits at their seed value */
    uint64_t hits;             /* rounds that won anything */
    __extension__ unsigned __int128 win_sq; /* sum of squared round wins, for the deviation */
    Money max_win;
    uint64_t feature_rounds[FEATURE__COUNT]; /* rounds whose base spin awarded the feature */
    uint64_t triggers[FEATURE__COUNT];       /* awards, retriggers included */
    uint64_t spins[SPIN__COUNT];
    uint64_t jackpots;
    uint64_t capped;           /* rounds that won the game's maximum (SimRun.max_win_x) */
    uint64_t buckets[SIM_BUCKETS];
    /* the pool: units added, and whether a hit happened / units added since the last one */
    int64_t pool_added;
    bool pool_hit;
    int64_t pool_since_hit;
} SimTotals;

/* Upper bounds of the win-size buckets in tenths of the bet; the last is open. */
extern const int sim_bucket_tenths[SIM_BUCKETS];

typedef struct SimRun {
    const GameDef *def;
    Bet bet;
    uint64_t seed;
    uint64_t rounds;
    int threads;
    /* this process plays share `share` (0..shares-1) of the run: rounds
     * rounds*share/shares to rounds*(share+1)/shares - 1, or with cabinets, cabinets share,
     * share + shares, ...; shares 0 or 1: the whole run */
    uint64_t share, shares;
    Strategy strategy; /* how its rounds answer the machine's offers */
    /* 0: independent rounds (the jackpot counted at its seed, the pool's growth apart);
     * K: K cabinets, each a chain of consecutive rounds (cabinet k plays rounds k*N/K to
     * (k+1)*N/K - 1) carrying its state from round to round from a new cabinet's (the
     * progressive paid as its pool stood); cabinets, not rounds, are split over threads,
     * so the totals are the same whatever the thread count */
    uint64_t cabinets;
    /* the game's maximum win in bets (its rounds' wins are cut to it), 0 for none: a round
     * whose win reaches it counts as capped */
    int64_t max_win_x;
    /* what one Bonus is worth (GameRules.bonus_worth; 0: a game without): a round's win is
     * its money and its Bonuses at that worth, for the hits, the deviation and the sizes */
    Money bonus_worth;
    atomic_uint_fast64_t done; /* rounds played so far, for a progress bar */
} SimRun;

/* Plays the run (its share); fills *out. Returns 0, or -1 with a message. */
int sim_run(SimRun *run, SimTotals *out, Error *err);

/* Joins totals b (the later range of rounds) into a. */
void sim_merge(SimTotals *a, const SimTotals *b);

#endif
