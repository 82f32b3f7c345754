/* ways_play.c - the play side of the ways kind (see ways_play.h): what each event of a ways
 * game with split cells and moving wilds changes on screen as the round knows it (a new
 * round's uncut cells, the ways event's cells and count, a cut, a battle's multipliers, a
 * symbol that walks, jumps, is pushed, transforms or spawns) and how long the timeline shows
 * it (PH_ACTION), with its sound by the theme's name. Nothing here decides or recounts an
 * outcome: every number comes from an event. */
#include "ways_play.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool on_screen(const SlotPlay *p, int r, int c)
{
    return r >= 0 && c >= 0 && r < p->seat->def->rows && c < p->seat->def->cols;
}

/* A symbol moves from one cell to another (off the screen: EVENT_OFF). The cell it lands on
 * showed `under` (drawn under it while it travels); the cell it leaves is empty until the
 * reels spin, unless it was pushed there (a push fills the walker's old cell). */
static void move_symbol(WaysPlay *w, SlotPlay *p, int sym, int fr, int fc, int tr, int tc, uint32_t mult,
                        bool keep_from)
{
    w->under = on_screen(p, tr, tc) ? p->shown.cell[tr][tc] : GRID_NO_SYMBOL;
    if (on_screen(p, fr, fc) && !keep_from) {
        p->shown.cell[fr][fc] = GRID_NO_SYMBOL;
        w->ways.multiplier[fr][fc] = 0;
        p->held &= ~grid_bit(fr, fc);
    }
    if (on_screen(p, tr, tc)) {
        p->shown.cell[tr][tc] = (uint8_t)sym;
        w->ways.multiplier[tr][tc] = mult;
        p->held |= grid_bit(tr, tc);
    }
}

static void show(SlotAction *a, int ticks, const char *moment)
{
    a->ticks = ticks;
    a->moment = moment;
    a->numbered = true;
}

static void new_round(WaysPlay *w)
{
    for (int r = 0; r < GRID_MAX_ROWS; r++)
        for (int c = 0; c < GRID_MAX_COLS; c++) {
            w->ways.ways[r][c] = 1;
            w->ways.multiplier[r][c] = 0;
            w->beneath[r][c] = GRID_NO_SYMBOL;
        }
}

static void ways_shown(WaysPlay *w, const EventWays *e, uint64_t now, SlotAction *a)
{
    const uint64_t before = w->ways.total;
    const bool grew = w->known && e->total > before;
    w->ways = *e;
    w->from = grew ? before : e->total;
    w->t0 = now;
    w->known = true;
    if (grew)
        show(a, WAYS_COUNT_TICKS, NULL);
}

/* A battle's outcome is on screen as the round knows it from its start (the fleeing Phoenix
 * at its new cell, what it left behind); the multipliers shown change at its result
 * (ways_play_multiplier). */
static void battle(WaysPlay *w, SlotPlay *p, const EventBattle *b, SlotAction *a)
{
    memcpy(w->before, w->ways.multiplier, sizeof w->before);
    if (on_screen(p, b->row, b->reel))
        w->ways.multiplier[b->row][b->reel] = b->attacker_multiplier;
    if (b->outcome == BATTLE_DEFENDER_JUMPS && on_screen(p, b->target_row, b->target_reel)) {
        const int defender = p->shown.cell[b->target_row][b->target_reel];
        move_symbol(w, p, defender, b->target_row, b->target_reel, b->to_row, b->to_reel, b->defender_multiplier,
                    false);
        if (b->left != GRID_NO_SYMBOL) { /* what it leaves behind, where it stood */
            p->shown.cell[b->target_row][b->target_reel] = b->left;
            p->held |= grid_bit(b->target_row, b->target_reel);
        }
    } else if (on_screen(p, b->target_row, b->target_reel)) {
        w->ways.multiplier[b->target_row][b->target_reel] = b->defender_multiplier;
    }
    slot_play_cue(p, "battle", PLAY_WINS);
    show(a, WAYS_BATTLE_TICKS, "battle");
}

/* A walker covers the symbol of the cell it steps on (held under it through the respins) and
 * uncovers it when it steps off, or walks out of the screen at the round's end: the cell it
 * leaves shows what it stood on, not an empty cell. A symbol pushed off the cell it steps on
 * is no longer under it. */
static void walker_steps(WaysPlay *w, SlotPlay *p, const EventMove *m)
{
    const bool walks = m->kind == MOVE_WALK || m->kind == MOVE_LEAVE;
    if (on_screen(p, m->from_row, m->from_reel)) {
        uint8_t *was = &w->beneath[m->from_row][m->from_reel];
        if (walks && *was != GRID_NO_SYMBOL)
            p->shown.cell[m->from_row][m->from_reel] = *was;
        *was = GRID_NO_SYMBOL;
    }
    if (m->kind == MOVE_WALK && on_screen(p, m->to_row, m->to_reel))
        w->beneath[m->to_row][m->to_reel] = w->under;
}

static void move(WaysPlay *w, SlotPlay *p, const EventMove *m, SlotAction *a)
{
    static const char *const moments[MOVE__COUNT] = {"walk", "jump", NULL, NULL};
    static const int ticks[MOVE__COUNT] = {WAYS_WALK_TICKS, WAYS_JUMP_TICKS, WAYS_SHORT_TICKS, WAYS_SHORT_TICKS};
    move_symbol(w, p, m->symbol, m->from_row, m->from_reel, m->to_row, m->to_reel, m->multiplier,
                m->kind == MOVE_PUSH);
    walker_steps(w, p, m);
    if (m->kind == MOVE_WALK || m->kind == MOVE_LEAVE)
        slot_play_cue(p, "step", PLAY_WINS);
    else if (m->kind == MOVE_JUMP)
        slot_play_cue(p, "jump", PLAY_WINS);
    show(a, ticks[m->kind < MOVE__COUNT ? m->kind : MOVE_LEAVE], moments[m->kind < MOVE__COUNT ? m->kind : 0]);
}

static void ways_event(void *k, SlotPlay *p, const Event *e, uint64_t now, SlotAction *a)
{
    WaysPlay *w = k;
    switch ((int)e->type) { /* the game's own types are no EventType members */
    case EVENT_ROUND_START: /* a new round: no tombstone, no wild yet */
        new_round(w);
        break;
    case EVENT_SCREEN: /* a cell that spun covers nothing */
        for (int r = 0; r < GRID_MAX_ROWS; r++)
            for (int c = 0; c < GRID_MAX_COLS; c++)
                if (!(e->screen.held & grid_bit(r, c)))
                    w->beneath[r][c] = GRID_NO_SYMBOL;
        break;
    case PHOENIX_EVENT_WAYS:
        ways_shown(w, phoenix_ways(e), now, a);
        break;
    case PHOENIX_EVENT_SLICE: {
        const EventSlice *sl = phoenix_slice(e);
        if (on_screen(p, sl->row, sl->reel))
            w->ways.ways[sl->row][sl->reel] = sl->ways;
        const bool strike = sl->cause == SLICE_RANDOM;
        slot_play_cue(p, strike ? "strike" : "slice", PLAY_WINS);
        show(a, strike ? WAYS_STRIKE_TICKS : WAYS_SLICE_TICKS, strike ? "sudden-death" : "slice");
        break;
    }
    case PHOENIX_EVENT_ATTACK:
        show(a, WAYS_ATTACK_TICKS, "attack");
        break;
    case PHOENIX_EVENT_BATTLE:
        battle(w, p, phoenix_battle(e), a);
        break;
    case PHOENIX_EVENT_MOVE:
        move(w, p, phoenix_move(e), a);
        break;
    case PHOENIX_EVENT_TRANSFORM: {
        const EventTransform *tr = phoenix_transform(e);
        if (on_screen(p, tr->row, tr->reel)) {
            p->shown.cell[tr->row][tr->reel] = tr->to;
            w->ways.multiplier[tr->row][tr->reel] = tr->multiplier;
        }
        slot_play_cue(p, "jump", PLAY_WINS);
        show(a, WAYS_TRANSFORM_TICKS, "transform");
        break;
    }
    case PHOENIX_EVENT_SPAWN: {
        const EventSpawn *sp = phoenix_spawn(e);
        move_symbol(w, p, sp->symbol, EVENT_OFF, EVENT_OFF, sp->row, sp->reel, sp->multiplier, true);
        slot_play_cue(p, "jump", PLAY_WINS);
        show(a, WAYS_SPAWN_TICKS, "spawn");
        break;
    }
    case PHOENIX_EVENT_CAP:
        slot_play_cue(p, "cap", PLAY_WINS);
        show(a, WAYS_CAP_TICKS, "cap");
        a->numbered = false;
        break;
    default:
        break;
    }
}

static void *ways_create(const SlotPlay *p)
{
    (void)p;
    WaysPlay *w = calloc(1, sizeof(WaysPlay));
    if (w)
        memset(w->beneath, GRID_NO_SYMBOL, sizeof w->beneath);
    return w;
}

/* The count shown above the reels: "known total". */
static void ways_show_words(const void *k, char *out, size_t size)
{
    const WaysPlay *w = k;
    snprintf(out, size, " %d %llu", w->known, (unsigned long long)w->ways.total);
}

static bool ways_show_restore(void *k, const char *words)
{
    WaysPlay *w = k;
    int known;
    unsigned long long total;
    if (sscanf(words, "%d %llu", &known, &total) != 2)
        return false;
    w->known = known != 0;
    w->ways.total = total;
    w->from = total;
    return true;
}

static const char *const ways_rules[] = {"phoenix-graveyard", NULL};
static const char *const ways_sounds[] = {"battle", "step", "jump", "slice", "strike", "cap", NULL};

const SlotPlayKind ways_play_kind = {
    .name = "ways",
    .rules = ways_rules,
    .sounds = ways_sounds,
    .create = ways_create,
    .destroy = free,
    .event = ways_event,
    .show_words = ways_show_words,
    .show_restore = ways_show_restore,
};

const WaysPlay *ways_play_of(const SlotPlay *p) { return p->kind == &ways_play_kind ? p->kstate : NULL; }

bool ways_play_battle_decided(const SlotPlay *p, uint64_t now)
{
    return p->phase != PH_ACTION || p->action.type != PHOENIX_EVENT_BATTLE ||
           now - p->phase_t0 >= WAYS_BATTLE_RESULT_TICKS; /* a skip sets phase_t0 to 0 */
}

uint32_t ways_play_multiplier(const SlotPlay *p, int r, int c, uint64_t now)
{
    const WaysPlay *w = ways_play_of(p);
    if (!w || !on_screen(p, r, c))
        return 0;
    return ways_play_battle_decided(p, now) ? w->ways.multiplier[r][c] : w->before[r][c];
}
