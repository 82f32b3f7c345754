/* report.h - slotsim report: a game's par sheet as one HTML page with SVG plots (report.c).
 *
 * slotsim.c plays the run (sim_run with SimRun.report, and for a programmed-return game
 * cycle_run) and hands the totals here; this module only writes: DIR/index.html (inline
 * CSS and SVG, nothing external) and each plot as DIR/<name>.svg. Every figure comes from
 * integer totals that do not depend on the thread count, so the files are the same for
 * the same run whatever --threads was, except the one line marked class="timing". */
#ifndef SLOTCAB_REPORT_H
#define SLOTCAB_REPORT_H

#include "gamedef.h"
#include "games.h"
#include "sim.h"

typedef struct ReportInput {
    const GameDef *def;
    const GameRules *rules;
    const SimRun *run;
    const SimTotals *t;
    double target;        /* the game file's target RTP for this bet, 0: none */
    Money growth;         /* the pool's growth paid back (a progressive) */
    const char *command;  /* the command that reproduces the page (without --threads, --out) */
    const char *version;  /* slotsim's */
    /* a programmed-return game's cycles (cycles 0: none) */
    uint64_t cycles;
    const double *cycle_returns;
    int64_t setting;      /* the operator's return, percent */
    int64_t floor;        /* its legal floor, percent (0: none), and where that comes from */
    const char *floor_source;
    int64_t cycle_games;
    /* timing, on the page's one timing line */
    double seconds, cycle_seconds;
    int threads;
} ReportInput;

/* Writes DIR/index.html and the plots' .svg files (DIR must exist). Returns 0, or -1 with
 * a message naming the file. */
int report_write(const ReportInput *in, const char *dir, Error *err);

#endif
