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
/* slotsim report's tallies (SimRun.report): the running RTP at up to SIM_TRACE checkpoints,
 * and round wins in SIM_HIST buckets of x-bet on a log scale (sim_hist_milli) */
#define SIM_TRACE 200
#define SIM_HIST_EDGES 36
#define SIM_HIST (SIM_HIST_EDGES + 1)

typedef struct SimTotals {
    uint64_t rounds;
    Money bet;
    Money win;                 /* every win in money, the jackpot at its seed value */
    int64_t bonuses;           /* Bonuses won (a game with a second unit) */
    Money part[PART__COUNT];   /* PART_JACKPOT: jackpot hits at their seed value */
    uint64_t hits;             /* rounds that won anything */
    __extension__ unsigned __int128 win_sq; /* sum of squared round wins, for the deviation */
    Money max_win;
    uint64_t max_win_rounds;   /* rounds that won max_win (nothing won more) */
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
    /* with SimRun.report: per checkpoint chunk (rounds trace_end[c-1] .. trace_end[c] - 1,
     * by round index, so the same whatever the split), the bet and the win (money and
     * Bonuses at their worth); and the winning rounds by size (hist[0]: below
     * sim_hist_milli[0], hist[k]: from edge k-1 up to edge k, the last open) */
    Money trace_bet[SIM_TRACE], trace_win[SIM_TRACE];
    uint64_t hist[SIM_HIST];
} SimTotals;

/* Upper bounds of the win-size buckets in tenths of the bet; the last is open. */
extern const int sim_bucket_tenths[SIM_BUCKETS];
/* The report's log-scale bucket edges, in thousandths of the bet: five a decade from
 * 0.01 x to 100,000 x (10^(k/5), rounded). */
extern const int64_t sim_hist_milli[SIM_HIST_EDGES];

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
    /* slotsim report: also tally the trace and the log-scale sizes. sim_run sets the
     * checkpoints: trace_end[c] (c < ntrace) is the index after chunk c's last round, from
     * rounds/100 up to rounds in geometric steps */
    bool report;
    int ntrace;
    uint64_t trace_end[SIM_TRACE];
    atomic_uint_fast64_t done; /* rounds played so far, for a progress bar */
} SimRun;

/* The cabinets a run is played as when --cabinets does not say. A game that carries nothing
 * from round to round, or only a progressive pool (sim_merge joins ranges of rounds in
 * order): 0, independent rounds. A game that carries more (a programmed return's cycle,
 * each round steered by the ones before it) cannot be split into ranges without changing
 * its rounds, so it is played as cabinets: one per SIM_CABINET_ROUNDS rounds, at least 1 and
 * at most SIM_CABINETS_MAX. The number depends on the rounds alone, never on threads or
 * processes, so neither changes the totals. */
#define SIM_CABINET_ROUNDS 1000000
#define SIM_CABINETS_MAX 1024
uint64_t sim_default_cabinets(const GameRules *rules, uint64_t rounds);

/* Plays the run (its share); fills *out. Returns 0, or -1 with a message. */
int sim_run(SimRun *run, SimTotals *out, Error *err);

/* The figures a report prints from the totals, computed in one place for rtp and report. */
typedef struct SimStats {
    double n;            /* rounds */
    double bet;          /* money bet */
    Money bonus_value;   /* Bonuses won at their worth */
    double rtp, rtp_money, rtp_bonuses, ci95; /* percent */
    double hit;          /* percent of rounds that won */
    double sd;           /* standard deviation of a round's win, in bets */
    double max_win_x;    /* the largest win in bets */
} SimStats;

void sim_stats(const SimTotals *t, const SimRun *run, SimStats *s);

/* Joins totals b (the later range of rounds) into a. */
void sim_merge(SimTotals *a, const SimTotals *b);

#endif
