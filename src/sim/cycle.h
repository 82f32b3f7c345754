/* cycle.h - slotsim cycle: a programmed-return game played cycle by cycle (cycle.c). */
#ifndef SLOTCAB_CYCLE_H
#define SLOTCAB_CYCLE_H

#include "buf.h"
#include "gamedef.h"
#include "games.h"

/* When the player changes game, on a two-game machine (a bet option "game": 1 lower, 2
 * upper): never; or whenever the Bonuses held cover the upper plate of the bet (its option
 * "upper"), back to the lower game when they do not. */
typedef enum UpperRule { UPPER_NEVER, UPPER_WHEN_COVERED } UpperRule;

typedef struct CycleRun {
    GameDef *def;          /* its return_percent and cycle_games are set over the file's */
    Bet bet;
    Strategy strategy;
    int64_t percent;       /* 0: the game file's */
    int64_t cycle_games;   /* 0: the game file's */
    uint64_t cycles, seed;
    bool json;
    UpperRule upper;
    double *returns;       /* optional, `cycles` entries: each cycle's return, percent */
} CycleRun;

/* Plays the cycles as one cabinet from a new cabinet's carried state; writes the report. */
int cycle_run(CycleRun *run, Buf *out, Error *err);

#endif
