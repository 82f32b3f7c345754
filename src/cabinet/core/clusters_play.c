/* clusters_play.c - the play side of the cluster kind (see clusters_play.h): a feature's start
 * with tiles is the pick's reveal (the tiles turn over, then START's banner), an expansion is
 * shown for as long as its sweep takes to reach its farthest cell, and the screen it leaves
 * stays; a spin's clusters show together, the expansion's prize and the scatters' bonus each
 * alone. The expanding symbol is forgotten at the round's end. */
#include "clusters_play.h"

#include <stdlib.h>
#include <string.h>

int clusters_play_sweep_distance(const GameDef *def, const EventExpand *x, int r, int c)
{
    int best = 99;
    for (int k = 0; k < def->cols && (x->rows >> r & 1); k++)
        if ((x->from & grid_bit(r, k)) && abs(k - c) < best)
            best = abs(k - c);
    for (int k = 0; k < def->rows && (x->reels >> c & 1); k++)
        if ((x->from & grid_bit(k, c)) && abs(k - r) < best)
            best = abs(k - r);
    return best == 99 ? 0 : best;
}

static int expand_ticks(const GameDef *def, const EventExpand *x)
{
    int far = 0;
    for (int r = 0; r < def->rows; r++)
        for (int c = 0; c < def->cols; c++)
            if (x->cells & grid_bit(r, c)) {
                int d = clusters_play_sweep_distance(def, x, r, c);
                far = d > far ? d : far;
            }
    return far * CLUSTERS_SWEEP_STEP + CLUSTERS_GROW + 40;
}

static void clusters_event(void *k, SlotPlay *p, const Event *e, uint64_t now, SlotAction *a)
{
    ClustersPlay *cp = k;
    (void)now;
    switch ((int)e->type) { /* the game's own types are no EventType members */
    case EVENT_FEATURE_START:
        if (!e->feature_start.ntiles)
            break;
        memcpy(cp->tiles, e->feature_start.tiles, sizeof cp->tiles);
        cp->pick_choice = e->feature_start.choice;
        cp->expanding = e->feature_start.expanding;
        slot_play_cue(p, "pick", PLAY_WINS);
        *a = (SlotAction){.ticks = CLUSTERS_REVEAL_TICKS, .moment = "reveal", .shot_at = CLUSTERS_REVEAL_TICKS - 10,
                          .veiled = true, .then_start = true};
        break;
    case GONZO_EVENT_EXPAND: {
        cp->expand = *gonzo_expand(e);
        slot_play_cue(p, "expand", PLAY_WINS);
        const int len = expand_ticks(p->seat->def, gonzo_expand(e));
        *a = (SlotAction){.ticks = len, .moment = "expand", .shot_at = len - 20};
        break;
    }
    case EVENT_ROUND_END:
        cp->expanding = -1;
        break;
    default:
        break;
    }
}

/* The expansion's screen stays on the reels. */
static void clusters_action_end(void *k, SlotPlay *p, const Event *e)
{
    (void)k;
    if (gonzo_expand(e))
        p->shown = gonzo_expand(e)->screen;
}

/* A spin's clusters show together; the expansion's prize and the scatters' bonus alone. */
static bool clusters_shown_with(const EventWin *first, const EventWin *next)
{
    return next->kind == (first ? first->kind : WIN_CLUSTER);
}

static void *clusters_create(const SlotPlay *p)
{
    (void)p;
    ClustersPlay *cp = calloc(1, sizeof *cp);
    if (cp)
        cp->pick_choice = cp->expanding = -1;
    return cp;
}

static const char *const clusters_rules[] = {"gonzos-gold", NULL};
static const char *const clusters_sounds[] = {"pick", "expand", NULL};

const SlotPlayKind clusters_play_kind = {
    .name = "clusters",
    .rules = clusters_rules,
    .sounds = clusters_sounds,
    .create = clusters_create,
    .destroy = free,
    .event = clusters_event,
    .action_end = clusters_action_end,
    .shown_with = clusters_shown_with,
};

const ClustersPlay *clusters_play_of(const SlotPlay *p)
{
    return p->kind == &clusters_play_kind ? p->kstate : NULL;
}

bool clusters_play_revealing(const SlotPlay *p)
{
    return p->phase == PH_ACTION && p->action.type == EVENT_FEATURE_START;
}

bool clusters_play_expanding(const SlotPlay *p)
{
    return p->phase == PH_ACTION && p->action.type == GONZO_EVENT_EXPAND;
}
