/* clusters_play.h - the play side of the cluster kind (Gonzo's Gold): the pick before free
 * spins (what each tile hides, the tile picked) and its reveal, the expanding symbol of the
 * free spins and the expansion being shown, and the maximum win reached, each a moment of the
 * timeline (PH_ACTION) with its length; and which wins show together (core/clusters_play.c). The view (kinds/clusters.c)
 * reads it through clusters_play_of and draws with the same lengths. */
#ifndef SLOTCAB_CLUSTERS_PLAY_H
#define SLOTCAB_CLUSTERS_PLAY_H

#include "slot_play.h"
#include "games/gonzos_gold_events.h"

#define CLUSTERS_SWEEP_STEP 7 /* ticks between one covered cell and the next along a row or reel */
#define CLUSTERS_GROW 10      /* ticks a covered cell takes to grow to full size */
#define CLUSTERS_REVEAL_TICKS 150 /* the pick's reveal */
#define CLUSTERS_CAP_TICKS 240    /* the maximum win's moment */

typedef struct ClustersPlay {
    uint8_t tiles[EVENT_MAX_TILES]; /* what each tile hides, once revealed */
    int pick_choice;                /* the tile picked, or -1 */
    int expanding;                  /* the expanding symbol in these free spins, or -1 */
    EventExpand expand;             /* the expansion shown last (or now) */
    /* the maximum win's moment: the round's win reached the game's cap (max_win_x_bet times
     * the bet), shown before the feature's end or the round's, whichever comes first; the
     * free spins it leaves unplayed (those left, and those its spin's scatters would have
     * awarded), and the scatters that landed on its spin */
    int landed_scatters; /* on the reels of the spin shown last */
    bool cap_shown;      /* in this round */
    Money cap;           /* the round's win, at the cap */
    int cap_x;           /* the cap, times the bet */
    int cap_scatters;    /* the scatters on the spin that reached it */
    int cap_left;        /* free spins left, not played */
    int cap_award;       /* the free spins those scatters would award (0: too few), not played */
} ClustersPlay;

extern const SlotPlayKind clusters_play_kind;

/* The cluster kind's state in a timeline playing it (NULL: another kind). */
const ClustersPlay *clusters_play_of(const SlotPlay *p);
/* The timeline shows the pick's reveal now / an expansion now. */
bool clusters_play_revealing(const SlotPlay *p);
bool clusters_play_expanding(const SlotPlay *p);
/* The timeline shows the maximum win now. */
bool clusters_play_capping(const SlotPlay *p);
/* How many sweep steps cell (r, c) is from the nearest symbol that made its row or reel
 * expand, in the expansion x on def's grid. */
int clusters_play_sweep_distance(const GameDef *def, const EventExpand *x, int r, int c);

#endif
