/* clusters_play.c - the play side of the cluster kind (see clusters_play.h): a feature's start
 * with tiles is the pick's reveal (the tiles turn over, then START's banner), an expansion is
 * shown for as long as its sweep takes to reach its farthest cell, and the screen it leaves
 * stays; a round whose win reached the cap shows the maximum win before its end; a spin's clusters show together, the expansion's prize and the scatters' bonus each
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

static int param(const GameDef *def, const char *name)
{
    const GameParam *g = gamedef_param(def, name);
    return g && !g->array ? (int)g->v[0] : 0;
}

/* The round's win as its end says it (e, or the round's end still queued after it). */
static const EventRoundEnd *round_end_of(const SlotPlay *p, const Event *e)
{
    if (e->type == EVENT_ROUND_END)
        return &e->round_end;
    const Event *q;
    for (int i = 0; (q = evqueue_at(&p->queue, i)); i++)
        if (q->type == EVENT_ROUND_END)
            return &q->round_end;
    return NULL;
}

/* Before the feature's end or the round's: when the round's win is at the game's cap, the
 * maximum win's moment, then the event itself. The rules cut the win that reaches the cap and
 * end the round there (games/gonzos-gold/README.md): the free spins left, and those the
 * spin's scatters would award, are not played. */
static bool reaches_cap(const ClustersPlay *cp, const SlotPlay *p, const Event *e)
{
    if (e->type != EVENT_FEATURE_END && e->type != EVENT_ROUND_END)
        return false;
    const EventRoundEnd *end = round_end_of(p, e);
    const int x = param(p->seat->def, "max_win_x_bet");
    return !cp->cap_shown && end && x > 0 && end->total_win >= (Money)x * p->seat->round_bet;
}

static void cap_moment(ClustersPlay *cp, SlotPlay *p, const Event *e, SlotAction *a)
{
    const GameDef *def = p->seat->def;
    if (!reaches_cap(cp, p, e))
        return;
    const EventRoundEnd *end = round_end_of(p, e);
    const int x = param(def, "max_win_x_bet");
    const int min = param(def, "scatter_min");
    cp->cap_shown = true;
    cp->cap = end->total_win;
    cp->cap_x = x;
    cp->cap_scatters = cp->landed_scatters;
    cp->cap_left = p->free_left;
    cp->cap_award = min > 0 && cp->landed_scatters >= min ? param(def, "free_spins") : 0;
    slot_play_cue(p, "cap", PLAY_WINS);
    *a = (SlotAction){.ticks = CLUSTERS_CAP_TICKS, .moment = "maxwin", .shot_at = CLUSTERS_CAP_TICKS / 2,
                      .then_take = true};
}

/* The round's end (or the feature's) will be the maximum win's moment, which tells it. */
static bool clusters_tells_amount(const void *k, const SlotPlay *p, const Event *e)
{
    return reaches_cap(k, p, e);
}

static int scatters_on(const GameDef *def, const Grid *g)
{
    const int sc = gamedef_symbol_with_role(def, ROLE_SCATTER);
    int n = 0;
    for (int r = 0; r < def->rows; r++)
        for (int c = 0; c < def->cols; c++)
            n += sc >= 0 && g->cell[r][c] == sc;
    return n;
}

static void clusters_event(void *k, SlotPlay *p, const Event *e, uint64_t now, SlotAction *a)
{
    ClustersPlay *cp = k;
    (void)now;
    switch ((int)e->type) { /* the game's own types are no EventType members */
    case EVENT_ROUND_START:
        cp->cap_shown = false;
        break;
    case EVENT_SCREEN:
        cp->landed_scatters = scatters_on(p->seat->def, &e->screen.screen);
        break;
    case EVENT_FEATURE_END:
        cap_moment(cp, p, e, a);
        break;
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
        cap_moment(cp, p, e, a);
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
static const char *const clusters_sounds[] = {"pick", "expand", "cap", NULL};

const SlotPlayKind clusters_play_kind = {
    .name = "clusters",
    .rules = clusters_rules,
    .sounds = clusters_sounds,
    .create = clusters_create,
    .destroy = free,
    .event = clusters_event,
    .action_end = clusters_action_end,
    .shown_with = clusters_shown_with,
    .tells_amount = clusters_tells_amount,
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

bool clusters_play_capping(const SlotPlay *p)
{
    return p->phase == PH_ACTION && clusters_play_of(p) && clusters_play_of(p)->cap_shown &&
           p->action_show.then_take;
}
