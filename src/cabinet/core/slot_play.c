/* slot_play.c - the video slot's round timeline (see slot_play.h): a round's events played
 * back in order, the player's presses as the phase takes them, the round settled at its end.
 *
 * The timeline never decides an outcome. A round's SPIN becomes a machine command; the
 * events it returns are queued and played back: reels spin and land on the screen the event
 * carries, each win is shown in turn, awards and feature banners play, and at ROUND_END the
 * round's win is credited. When the queue is empty and the round waits, the timeline offers
 * what machine_allowed() allows: START for awarded free spins (a pick first, where the game
 * has one), else it sends CONTINUE itself. Everything moves by ticks, never by the wall clock,
 * so a headless run shows the same moments on the same ticks. */
#include "slot_play.h"

#include <stdio.h>

static void play_fail(SlotPlay *p, const Error *err)
{
    p->failed = true;
    p->view.fail(p->view.ctx, err);
}

static void cue(SlotPlay *p, const char *name, PlayLayer layer) { p->view.cue(p->view.ctx, name, layer); }

void slot_play_cue(SlotPlay *p, const char *name, PlayLayer layer) { cue(p, name, layer); }

const char *const slot_play_sounds[] = {"feature_intro", "feature_outro", "win_small", "win_medium", "win_big",
                                        "jackpot", "extra", "count_up", "button", NULL};

static void set_phase(SlotPlay *p, Phase ph, uint64_t now)
{
    p->phase = ph;
    p->phase_t0 = now;
    if (p->view.phase)
        p->view.phase(p->view.ctx, ph);
}

void slot_play_shot(SlotPlay *p, const char *moment, int k)
{
    char name[96];
    if (k >= 0)
        snprintf(name, sizeof name, "r%02d-s%02d-%s-%02d", p->seat->round_no, p->spin_index, moment, k);
    else
        snprintf(name, sizeof name, "r%02d-s%02d-%s", p->seat->round_no, p->spin_index, moment);
    p->view.shot(p->view.ctx, name);
}

static void queue_events(SlotPlay *p)
{
    Error err;
    if (evqueue_fill(&p->queue, p->seat->m, &err))
        play_fail(p, &err);
}

static bool queue_pop(SlotPlay *p, Event *e)
{
    if (!evqueue_pop(&p->queue, e))
        return false;
    if (p->view.presented)
        p->view.presented(p->view.ctx, e); /* QA's event log: presented from now */
    return true;
}

/* A player's command: journaled first (the SPIN by seat_round_begin), then played. `arg`:
 * its argument (the tile picked, for a START that takes one). */
static void send(SlotPlay *p, CommandType type, int arg)
{
    Error err;
    if (seat_send(p->seat, type, (uint32_t)arg, &err) == 0)
        queue_events(p);
    else
        play_fail(p, &err);
}

static void show_banner(SlotPlay *p, Banner b, uint64_t now)
{
    static const char *const cues[] = {"feature_intro", "feature_intro", "feature_outro", "win_big", "jackpot"};
    p->banner = b;
    p->banner_skipped = false;
    if (b == BANNER_BIG_WIN || b == BANNER_JACKPOT) {
        /* the meter shows the celebration's count (slot_play_meter_value), then the total */
        p->meter_from = p->meter_to = p->round_win;
        p->meter_t0 = 0;
    }
    if (b == BANNER_BIG_WIN) {
        p->tier = slot_play_tier_of(p, p->banner_amount);
        p->tier = p->tier > 0 ? p->tier : 1;
        p->tier_cued = 1;
    }
    set_phase(p, PH_BANNER, now);
    cue(p, cues[b], PLAY_WINS);
}

/* The win meter counts up by `amount` from where it is (a count running jumps to its end). */
static void meter_add(SlotPlay *p, Money amount, uint64_t now)
{
    Money cur = p->meter_to;
    p->meter_from = cur;
    p->meter_to = cur + amount;
    p->meter_t0 = now;
}

/* The round's win is credited with its history row, meters and pool: one transaction. */
static void settle(SlotPlay *p, Money total, uint64_t now)
{
    Error err;
    if (seat_settle(p->seat, total, p->round_free_spins, &err)) {
        play_fail(p, &err);
        return;
    }
    if (p->view.settled)
        p->view.settled(p->view.ctx, total);
    p->round_active = false;
    p->pool_held = false;
    set_phase(p, PH_IDLE, now);
    p->win_at = 0;
    p->win_t0 = now;
    slot_play_shot(p, "end", -1);
}

static void add_win(SlotPlay *p, const EventWin *w)
{
    if (p->nwins < SLOT_PLAY_MAX_WINS)
        p->wins[p->nwins++] = *w;
    p->spin_win += w->amount;
    if (w->kind == WIN_JACKPOT) {
        p->jackpot_pending = true;
        p->round_jackpot = true;
        p->jackpot_amount = w->amount;
    }
}

/* Collects wins to show together into p->wins: `first` (already taken off the queue) or
 * none, then those queued after it that the view shows with it. A line game shows a spin's
 * wins together; a grid game's clusters come together, and its expansion prize and scatter
 * bonus each alone. */
static void take_wins(SlotPlay *p, const EventWin *first)
{
    p->nwins = 0;
    p->spin_win = 0;
    p->win_at = 0;
    if (first)
        add_win(p, first);
    const Event *q;
    Event e;
    while ((q = evqueue_at(&p->queue, 0)) && q->type == EVENT_WIN &&
           (!p->kind || !p->kind->shown_with || p->kind->shown_with(first, &q->win))) {
        queue_pop(p, &e);
        add_win(p, &e.win);
    }
}

/* The wins collected are the last before the round's celebration (a big win or the
 * jackpot): the round's end is queued with no screen before it, and it is celebrated. 0: no;
 * 1: yes, with a moment between (a feature's outro, a kind's cap) that may tell an amount;
 * 2: yes, and nothing but other wins between. */
static int wins_before_celebration(const SlotPlay *p)
{
    const Event *q;
    bool outro = false;
    for (int i = 0; (q = evqueue_at(&p->queue, i)); i++) {
        if (q->type == EVENT_SCREEN)
            return 0;
        outro = outro || (q->type != EVENT_WIN && q->type != EVENT_ROUND_END) ||
                (p->kind && p->kind->tells_amount && p->kind->tells_amount(p->kstate, p, q));
        if (q->type == EVENT_ROUND_END)
            return p->jackpot_pending || slot_play_tier_of(p, q->round_end.total_win) > 0 ? 2 - outro : 0;
    }
    return 0;
}

/* The collected wins, one after another, with a sound by their size; the meter counts. Before
 * a celebration they pass quickly (SLOT_PLAY_QUICK_MS in all) and the meter waits for the
 * celebration's count, which tells the amount. */
static void show_wins(SlotPlay *p, uint64_t now)
{
    p->win_at = 0;
    p->win_t0 = now;
    Money ratio100 = p->seat->round_bet ? p->spin_win * 100 / p->seat->round_bet : 0;
    cue(p, ratio100 >= 1000 ? "win_big" : ratio100 >= 200 ? "win_medium" : "win_small", PLAY_WINS);
    const int before = wins_before_celebration(p);
    p->win_quick = before == 2;
    p->win_each = p->show.win_ticks;
    if (before) {
        const int each = CLOCK_MS_TICKS(SLOT_PLAY_QUICK_MS) / (p->nwins > 0 ? p->nwins : 1);
        p->win_each = each < SLOT_PLAY_QUICK_MIN ? SLOT_PLAY_QUICK_MIN : each;
        p->win_each = p->win_each > p->show.win_ticks ? p->show.win_ticks : p->win_each;
    }
    if (!p->win_quick)
        meter_add(p, p->spin_win, now);
    if (p->in_feature)
        p->feature_win += p->spin_win;
    set_phase(p, PH_WINS, now);
}

/* A screen of the reels: the spin begins (its kind, what the spins left will show once its
 * awards are shown, the scenario's STOP moment, the wins that follow it). */
static void show_screen(SlotPlay *p, const EventScreen *sc, uint64_t now)
{
    p->spin_kind = sc->spin;
    p->spin_index = sc->spin_index;
    p->action_no = 0;
    p->round_free_spins = sc->spin_index;
    p->held = sc->held;
    p->fast = false;
    p->view.reels_start(p->view.ctx, sc);
    p->shown = sc->screen;
    p->free_left = sc->free_left;
    p->extra_left = sc->extra_left;
    /* spins this spin awards count only when their award is shown */
    const Event *q;
    for (int i = 0; (q = evqueue_at(&p->queue, i)); i++) {
        if (q->type == EVENT_SCREEN)
            break;
        if (q->type == EVENT_FEATURE_AWARD && q->award.feature == FEATURE_EXTRA)
            p->extra_left -= q->award.spins;
        else if (q->type == EVENT_FEATURE_AWARD)
            p->free_left -= q->award.spins;
    }
    p->scatters_landed = 0;
    /* a scenario's STOP presses (not commands: a replay of its round reads them again) */
    const Scenario *fsc = seat_scenario(p->seat);
    p->stop_ms = fsc && fsc->stop_ms && p->screens_shown < fsc->nspins ? fsc->stop_ms[p->screens_shown] : -1;
    p->screens_shown++;
    /* this spin's wins follow its screen (a grid game's clusters; an expansion's
     * prize and the scatters' bonus come after, each shown on its own) */
    take_wins(p, NULL);
    set_phase(p, PH_SPINNING, now);
}

/* The round's end: the jackpot's banner, or a big win's, before it settles; else settled. */
static void show_round_end(SlotPlay *p, const Event *e, uint64_t now)
{
    p->round_win = e->round_end.total_win;
    p->in_feature = false;
    p->held = 0;
    if (p->jackpot_pending) {
        p->jackpot_pending = false;
        show_banner(p, BANNER_JACKPOT, now);
    } else if (slot_play_tier_of(p, p->round_win) > 0) {
        p->banner_amount = p->round_win;
        p->count_from = 0;
        show_banner(p, BANNER_BIG_WIN, now);
    } else {
        settle(p, p->round_win, now);
    }
}

/* The queue ran dry mid-round: the round waits for START (a pick first, where the game has
 * one), or CONTINUE is sent. False when the timeline waits (or the memory refused). */
static bool queue_empty(SlotPlay *p, uint64_t now)
{
    p->recovering = false; /* the journal's events are all shown */
    if (!machine_in_round(p->seat->m))
        return false;
    uint32_t allowed = machine_allowed(p->seat->m);
    if (allowed & 1u << CMD_START) {
        set_phase(p, p->pick_tiles ? PH_PICK : PH_AWAIT_START, now);
        return false;
    }
    send(p, CMD_CONTINUE, 0);
    /* the memory refused it: never again, for ever, in one tick */
    return !p->failed;
}

/* A feature's award or end: true when its banner shows now (a start shows nothing of its
 * own: a kind may show it, as a pick's reveal). */
static bool show_feature(SlotPlay *p, const Event *e, uint64_t now)
{
    switch (e->type) {
    case EVENT_FEATURE_AWARD:
        p->banner_feature = e->award.feature;
        p->banner_spins = e->award.spins;
        p->free_left = e->award.free_left;
        p->extra_left = e->award.extra_left;
        p->banner_retrigger = e->award.retrigger;
        if (e->award.feature == FEATURE_EXTRA)
            cue(p, "extra", PLAY_WINS);
        show_banner(p, BANNER_AWARD, now);
        return true;
    case EVENT_FEATURE_START:
        return false;
    default: /* EVENT_FEATURE_END */
        p->banner_amount = e->feature_end.total_win;
        p->banner_spins = e->feature_end.spins_played;
        show_banner(p, BANNER_OUTRO, now);
        return true;
    }
}

/* Starts showing event e, taken off the queue; false when it shows nothing of its own (the
 * next one follows at once). */
static bool take(SlotPlay *p, const Event *e, uint64_t now)
{
    switch (e->type) {
    case EVENT_SCREEN:
        show_screen(p, &e->screen, now);
        return true;
    case EVENT_WIN: /* after an expansion: its prize; the scatters' bonus */
        take_wins(p, &e->win);
        show_wins(p, now);
        return true;
    case EVENT_FEATURE_AWARD:
    case EVENT_FEATURE_START:
    case EVENT_FEATURE_END:
        return show_feature(p, e, now);
    case EVENT_ROUND_END:
        show_round_end(p, e, now);
        return true;
    default: /* the round's start; what other kinds of game do (holds, prizes, ladders) */
        return false;
    }
}

/* Takes the next event(s) off the queue and starts showing them. */
static void advance(SlotPlay *p, uint64_t now)
{
    Event e;
    for (;;) {
        if (!queue_pop(p, &e)) {
            if (queue_empty(p, now))
                continue;
            return;
        }
        if (e.type == EVENT_FEATURE_START) {
            p->in_feature = true;
            p->feature_win = 0;
        }
        if (p->kind && p->kind->event) {
            SlotAction a = {0};
            p->kind->event(p->kstate, p, &e, now, &a);
            if (a.ticks > 0) {
                p->action = e;
                p->action_show = a;
                set_phase(p, PH_ACTION, now);
                return;
            }
        }
        if (take(p, &e, now))
            return;
    }
}

int slot_play_init(SlotPlay *p, Seat *seat, const SlotPlayKind *kind, const SlotPlayView *view,
                   const SlotPlayShow *show, uint64_t now, Error *err)
{
    p->seat = seat;
    p->view = *view;
    p->show = *show;
    p->pick_tiles = machine_rules(seat->m)->pick_tiles;
    p->phase = PH_IDLE;
    p->phase_t0 = now;
    p->kind = kind;
    p->kstate = NULL;
    if (kind && kind->create && !(p->kstate = kind->create(p)))
        return error_set(err, "%s: out of memory for the %s kind's play", seat->def->path, kind->name);
    return 0;
}

void slot_play_free(SlotPlay *p)
{
    evqueue_free(&p->queue);
    if (p->kind && p->kind->destroy)
        p->kind->destroy(p->kstate);
    p->kstate = NULL;
}

int slot_play_start_round(SlotPlay *p, const Bet *bet, uint64_t now)
{
    Error err;
    cue(p, "button", PLAY_UI);
    slot_play_show_words(p, p->seat->show, sizeof p->seat->show);
    if (seat_round_begin(p->seat, bet, &err)) {
        play_fail(p, &err);
        return -1;
    }
    queue_events(p);
    p->round_active = true;
    p->round_win = 0;
    p->meter_from = p->meter_to = 0;
    p->meter_t0 = now;
    p->jackpot_pending = false;
    p->round_jackpot = false;
    p->round_free_spins = 0;
    /* the jackpot meter shows, to the cent, what this round's jackpot pays (its bet's
     * contribution in it), else the pool as this bet raised it, until the round settles */
    p->pool_shown = machine_pool_value(p->seat->m);
    const Event *q;
    for (int i = 0; (q = evqueue_at(&p->queue, i)); i++) {
        if (q->type == EVENT_WIN && q->win.kind == WIN_JACKPOT) {
            p->pool_shown = q->win.amount;
            break;
        }
    }
    p->pool_held = true;
    advance(p, now);
    return 0;
}

int slot_play_recover(SlotPlay *p, const StoreRound *r, uint64_t now, Error *err)
{
    if (seat_recover(p->seat, r, err))
        return -1;
    p->round_active = true;
    queue_events(p);
    p->recovering = true;
    advance(p, now);
    return 0;
}

void slot_play_pick(SlotPlay *p, int tile, uint64_t now)
{
    if (p->phase != PH_PICK || tile < 0 || tile >= p->pick_tiles)
        return;
    cue(p, "button", PLAY_UI);
    send(p, CMD_START, tile);
    advance(p, now);
}

static void quick_stop(SlotPlay *p)
{
    if (p->fast)
        return;
    p->view.reels_quick_stop(p->view.ctx);
    p->fast = true;
}

void slot_play_press(SlotPlay *p, uint64_t now)
{
    switch (p->phase) {
    case PH_IDLE: /* a round begins in the scene, which checks the balance */
    case PH_PICK: /* the pick is the player's: a tile, by click or by its number */
        break;
    case PH_ACTION:
        p->phase_t0 = 0; /* skip the rest of the animation */
        break;
    case PH_SPINNING:
        quick_stop(p);
        break;
    case PH_WINS:
        p->win_at = p->nwins; /* skip the rest of the win show */
        p->meter_t0 = 0;
        break;
    case PH_AWAIT_START:
        cue(p, "button", PLAY_UI);
        send(p, CMD_START, 0);
        show_banner(p, BANNER_START, now);
        break;
    case PH_BANNER: {
        /* a count still running jumps to its end (the full amount, its tier); then, or a
         * banner without a count, the next press ends it */
        const uint64_t k = now - p->phase_t0;
        if (k < 6)
            break; /* the press that brought it */
        if (!p->banner_skipped && k < slot_play_count_ticks(p)) {
            p->banner_skipped = true;
            p->tier_cued = p->tier;
            break;
        }
        p->phase_t0 = 0; /* skip the rest of the banner */
        break;
    }
    }
}

void slot_play_fast_forward(SlotPlay *p)
{
    switch (p->phase) {
    case PH_SPINNING:
        quick_stop(p);
        break;
    case PH_WINS:
        p->win_at = p->nwins;
        p->meter_t0 = 0;
        break;
    case PH_BANNER:
    case PH_ACTION:
        p->phase_t0 = 0;
        break;
    case PH_IDLE:
    case PH_AWAIT_START:
    case PH_PICK:
        break;
    }
}

/* ---- one tick, phase by phase ------------------------------------------------------------- */

static void tick_spinning(SlotPlay *p, uint64_t now)
{
    const uint64_t k = now - p->phase_t0;
    if (p->stop_ms >= 0 && k == (uint64_t)CLOCK_MS_TICKS(p->stop_ms)) {
        slot_play_shot(p, "stop", -1); /* the player's STOP, on the spin button */
        slot_play_press(p, now);
    }
    if (p->view.reels_update(p->view.ctx, now)) {
        slot_play_shot(p, "reels", -1);
        if (p->nwins)
            show_wins(p, now);
        else
            advance(p, now);
    }
}

static void tick_wins(SlotPlay *p, uint64_t now)
{
    uint64_t each = (uint64_t)p->win_each;
    if (p->win_at < p->nwins && now - p->win_t0 == each * 2 / 5) {
        WinKind k = p->wins[p->win_at].kind;
        slot_play_shot(p, k == WIN_EXPANDING ? "prize" : k == WIN_BONUS ? "bonus" : "win", p->win_at + 1);
    }
    if (p->win_at < p->nwins && now - p->win_t0 >= each) {
        p->win_at++;
        p->win_t0 = now;
        if (p->win_at < p->nwins)
            cue(p, "count_up", PLAY_UI);
    }
    if (p->win_at >= p->nwins)
        advance(p, now);
}

static void tick_banner(SlotPlay *p, uint64_t now)
{
    const uint64_t len = slot_play_banner_ticks(p), count = slot_play_count_ticks(p), k = now - p->phase_t0;
    /* a count-up passing into a higher tier: its fanfare again */
    if (p->banner == BANNER_BIG_WIN && p->tier_cued < p->tier &&
        slot_play_tier_of(p, slot_play_banner_count(p, k)) > p->tier_cued) {
        p->tier_cued = slot_play_tier_of(p, slot_play_banner_count(p, k));
        cue(p, "win_big", PLAY_WINS);
    }
    if (k == (count ? count + (len - count) / 2 : len / 2)) {
        static const char *const names[] = {"award", "start", "outro", "bigwin", "jackpot"};
        static const char *const tiers[] = {"bigwin", "bigwin", "megawin", "epicwin"};
        const char *name = p->banner == BANNER_BIG_WIN ? tiers[p->tier] : names[p->banner];
        if (p->banner == BANNER_AWARD)
            name = p->banner_feature == FEATURE_EXTRA ? "award-jewel"
                   : p->banner_retrigger ? "retrigger" : "award-free";
        slot_play_shot(p, name, -1);
    }
    if (p->banner == BANNER_BIG_WIN && p->tier > 1 && k == count / 4)
        slot_play_shot(p, "bigwin-count", -1); /* on its way: the first tier, counting */
    if (k < len)
        return;
    if (p->banner != BANNER_BIG_WIN && p->banner != BANNER_JACKPOT) {
        advance(p, now);
        return;
    }
    if (p->banner == BANNER_JACKPOT && slot_play_tier_of(p, p->round_win) > 0 && p->round_win > p->jackpot_amount) {
        p->banner_amount = p->round_win;
        p->count_from = p->jackpot_amount; /* the count goes on from the jackpot's */
        show_banner(p, BANNER_BIG_WIN, now);
        return;
    }
    settle(p, p->round_win, now);
}

/* A kind's moment: its screenshot, then what it showed stays and the round goes on (after a
 * pick's reveal, with START's banner; after a moment shown before its event, with it). */
static void tick_action(SlotPlay *p, uint64_t now)
{
    const SlotAction *a = &p->action_show;
    const uint64_t at = a->shot_at > 0 ? (uint64_t)a->shot_at : (uint64_t)a->ticks * 3 / 5;
    if (now - p->phase_t0 == at && a->moment)
        slot_play_shot(p, a->moment, a->numbered ? ++p->action_no : -1);
    if (now - p->phase_t0 < (uint64_t)a->ticks)
        return;
    if (p->kind->action_end)
        p->kind->action_end(p->kstate, p, &p->action);
    if (a->then_start)
        show_banner(p, BANNER_START, now);
    else if (!a->then_take || !take(p, &p->action, now))
        advance(p, now);
}

void slot_play_tick(SlotPlay *p, uint64_t now)
{
    switch (p->phase) {
    case PH_IDLE:
    case PH_AWAIT_START:
    case PH_PICK:
        break;
    case PH_ACTION:
        tick_action(p, now);
        break;
    case PH_SPINNING:
        tick_spinning(p, now);
        break;
    case PH_WINS:
        tick_wins(p, now);
        break;
    case PH_BANNER:
        tick_banner(p, now);
        break;
    }
}

void slot_play_idle(SlotPlay *p, uint64_t now)
{
    if (p->phase == PH_IDLE && p->nwins && now - p->win_t0 >= (uint64_t)p->show.win_ticks) {
        p->win_at = (p->win_at + 1) % p->nwins;
        p->win_t0 = now;
    }
}
