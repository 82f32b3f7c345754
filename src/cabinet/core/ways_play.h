/* ways_play.h - the play side of the ways kind with split cells and moving wilds (Phoenix
 * Graveyard): what its events change on screen as the round knows it (each cell's ways and
 * wild multiplier, the ways count and where its count-up started, what a moving wild passes
 * over) and how long each is shown (core/ways_play.c). The view (kinds/ways.c, ways_draw.c)
 * reads it through ways_play_of. */
#ifndef SLOTCAB_WAYS_PLAY_H
#define SLOTCAB_WAYS_PLAY_H

#include "slot_play.h"
#include "games/phoenix_graveyard_events.h"

/* Lengths of the events shown on the reels (PH_ACTION), in ticks. */
#define WAYS_COUNT_TICKS 36    /* the ways count counting up */
#define WAYS_ATTACK_TICKS 30   /* a walker leaning into its neighbour */
#define WAYS_SLICE_TICKS 54    /* a cut: the streak, the tombstone rising */
#define WAYS_STRIKE_TICKS 84   /* Sudden Death: lightning, then the tombstone */
#define WAYS_BATTLE_TICKS 150  /* a battle, a moment of its own: the fighters rise over the dimmed
                                * reels, clash, the result, and go back */
#define WAYS_BATTLE_RESULT_TICKS 66 /* from this tick of a battle its result shows: the caption and
                                     * the fighters' new multipliers, together */
#define WAYS_WALK_TICKS 40     /* one reel to the left */
#define WAYS_JUMP_TICKS 52     /* an arc to any cell */
#define WAYS_SHORT_TICKS 26    /* pushed aside, or off the screen */
#define WAYS_TRANSFORM_TICKS 64
#define WAYS_SPAWN_TICKS 64
#define WAYS_CAP_TICKS 260

typedef struct WaysPlay {
    /* each cell's ways and wild multiplier as shown now (PHOENIX_EVENT_WAYS, then the cuts and moves
     * after it), the count counting up */
    EventWays ways;
    bool known;    /* a ways event was shown (before it, no count is shown) */
    uint64_t from; /* the count shown counts up from this to ways.total */
    uint64_t t0;
    uint8_t under; /* what a moving wild passes over: the cell it lands on showed */
    /* what a walker stands on, shown again when it steps off (GRID_NO_SYMBOL: nothing known) */
    uint8_t beneath[GRID_MAX_ROWS][GRID_MAX_COLS];
    uint32_t before[GRID_MAX_ROWS][GRID_MAX_COLS]; /* the multipliers before the last battle */
} WaysPlay;

extern const SlotPlayKind ways_play_kind;

/* The ways kind's state in a timeline playing it (NULL: another kind). */
const WaysPlay *ways_play_of(const SlotPlay *p);
/* Whether a battle shown now has shown its result at tick `now` (true when none is shown,
 * or it was skipped). */
bool ways_play_battle_decided(const SlotPlay *p, uint64_t now);
/* The wild multiplier shown on cell (r, c) at tick `now`: a battle's new multipliers only
 * from its result on. */
uint32_t ways_play_multiplier(const SlotPlay *p, int r, int c, uint64_t now);

#endif
