/* fruit_play.c - the fruit machine's round timeline, in the play core (no SDL).
 *
 * A player's press becomes a machine command (through the seat, which journals it first);
 * the events it returns are queued and played back one after another: the reels land on
 * the screen a SCREEN event carries; the advance lamps light; a reel steps one figure for
 * each advance; a prize flashes and goes on its ladder, where each risk's lights chase
 * between the two outcomes before they settle; the cauldrons show their prizes, are covered
 * by lids and the lid picked rises; a collect counts PRIZE into BALANCE. When the queue is
 * empty and the round waits, the machine's offer says what the presses do: hold or release a
 * reel, advance one, collect or risk, pick a lid. The round ends settled through the seat.
 *
 * What is drawn, heard and shot goes to the view (FruitPlayView); the upper game's own events
 * and its minigames are fruit_play_upper.c's, under this file; the phase, sounds, words and
 * screenshots are fruit_play_show.c's, under both. Everything moves by ticks given in
 * (`now`), never by a clock of its own. */
#include "fruit_play.h"
#include "lang.h"

#include <stdio.h>
#include <string.h>

#define ADV_LAMP FRUIT_MS(300) /* an advance lamp lighting */

/* ---- the machine and the memory -------------------------------------------------------------- */

static void fail(FruitPlay *p, const Error *err) { p->view.fail(p->view.ctx, err); }

static void queue_events(FruitPlay *p)
{
    Error err;
    if (evqueue_fill(&p->queue, p->m, &err))
        fail(p, &err);
}

static bool queue_pop(FruitPlay *p, Event *e)
{
    if (!evqueue_pop(&p->queue, e))
        return false;
    p->view.presented(p->view.ctx, e);
    return true;
}

static void send(FruitPlay *p, CommandType type, uint32_t arg)
{
    Error err;
    if (seat_send(&p->seat, type, arg, &err) == 0)
        queue_events(p);
    else
        fail(p, &err);
}

int fruit_play_begin(FruitPlay *p, const Bet *bet, uint64_t now, Error *err)
{
    p->now = now;
    fruit_play_cue(p, "button", PLAY_UI);
    if (seat_round_begin(&p->seat, bet, err))
        return -1;
    p->round_active = true;
    p->round_win = 0;
    p->round_bonuses = 0;
    p->extra_spins = 0;
    p->nshots = 0;
    p->prize = 0;
    p->rung_now = -1;
    p->ladder = LADDER_NONE;
    p->extra_round = false;
    p->bonuses_extra = 0;
    p->balance_extra = 0;
    p->cauldrons_known = false;
    p->lid_choice = -1;
    p->lids_on = false;
    queue_events(p);
    fruit_play_advance(p);
    return 0;
}

/* The round's win and Bonuses credited with its history row and meters: one transaction. */
static void settle(FruitPlay *p)
{
    Error err;
    if (seat_settle(&p->seat, p->round_win, p->extra_spins, &err)) {
        fail(p, &err);
        return;
    }
    p->balance_extra = 0;
    p->bonuses_extra = 0;
    p->round_active = false;
    p->held = 0;
    p->prize = 0;
    p->ladder = LADDER_NONE;
    fruit_play_set_phase(p, FP_IDLE, 0);
    p->view.settled(p->view.ctx);
}

int fruit_play_recover(FruitPlay *p, const StoreRound *r, uint64_t now, Error *err)
{
    p->now = now;
    if (seat_recover(&p->seat, r, err))
        return -1;
    p->round_active = true;
    p->recovering = true;
    p->rung_now = -1;
    p->lid_choice = -1;
    queue_events(p);
    fruit_play_say(p, _("GAME RECOVERED"), true);
    return 0;
}

bool fruit_play_auto_choice(FruitPlay *p, Command *c, const char *who)
{
    if (machine_choose(p->m, STRATEGY_AUTO, c))
        return true;
    if (who) {
        Error err;
        const char *why = machine_play_error(p->m);
        error_set(&err, "%s: %s", who, why ? why : "the game's AUTO has no answer to the offer");
        fail(p, &err);
    }
    return false;
}

void fruit_play_free(FruitPlay *p)
{
    machine_destroy(p->seat.m);
    p->seat.m = p->m = NULL;
    seat_free(&p->seat);
    evqueue_free(&p->queue);
}

/* ---- the timeline ---------------------------------------------------------------------------- */

/* The wait's words on the marquee, and what the hold buttons start with. */
static void wait_for_player(FruitPlay *p)
{
    const uint32_t allowed = machine_allowed(p->m);
    char t[96];
    if (fruit_play_mini_words(p)) {
        /* a minigame's choice: its words */
    } else if (allowed & 1u << CMD_HOLD) {
        Command c;
        p->hold_sel = machine_choose(p->m, STRATEGY_AUTO, &c) && c.type == CMD_HOLD ? c.arg : 0;
        fruit_play_say(p, _("HOLD OR RELEASE REELS"), true);
        fruit_play_say2(p, _("ADVANCE/HOLD 1-3, THEN PLAY"));
    } else if (allowed & 1u << CMD_ADVANCE) {
        char n[32];
        lang_fill(t, sizeof t, lang_trn("{1} ADVANCE", "{1} ADVANCES", p->adv_left),
                  fruit_play_count(p->adv_left, n, sizeof n), NULL);
        fruit_play_say(p, t, true);
        fruit_play_say2(p, p->auto_adv ? _("AUTO-ADVANCES ON") : _("ADVANCE/HOLD 1-3, AUTO OR COLLECT"));
    } else if (allowed & 1u << CMD_PICK) {
        p->lids_on = true;
        fruit_play_say(p, _("PICK A LID"), true);
        fruit_play_say2(p, _("CLICK A LID, ADVANCE/HOLD 1-3 OR PLAY"));
    } else if (allowed & 1u << CMD_RISK) {
        fruit_play_risk_words(p);
    }
    fruit_play_set_phase(p, FP_WAIT, 0);
}

/* The rung of the prize a line's win puts on offer (or collects), as its event says. */
static int next_rung(const FruitPlay *p, Money amount)
{
    const Event *q;
    for (int i = 0; (q = evqueue_at(&p->queue, i)); i++) {
        if (q->type == EVENT_PRIZE)
            return q->prize.rung == EVENT_OFF ? -1 : q->prize.rung;
        if (q->type == EVENT_COLLECT)
            return q->collect.rung == EVENT_OFF ? -1 : q->collect.rung;
    }
    return p->view.rung_of(p->view.ctx, amount);
}

/* A screen of the reels: the spin begins (what is held, the scenario's STOP moment, the
 * message), its landing shown by FP_SPIN. */
static void show_screen(FruitPlay *p, const Event *e)
{
    p->spin_index = e->screen.spin_index;
    p->held = 0;
    for (int c = 0; c < FRUIT_REELS; c++)
        if (e->screen.held & grid_bit(0, c))
            p->held |= 1u << c;
    p->win_line = false;
    p->adv_left = 0;
    p->lids_on = false;
    p->lid_choice = -1;
    p->cauldrons_known = false;
    p->mini.game = MINI_NONE;
    int stops[FRUIT_REELS];
    for (int c = 0; c < FRUIT_REELS; c++)
        stops[c] = e->screen.stops[c];
    const int land = p->view.reels_start(p->view.ctx, stops, p->held, p->now);
    for (int c = 0; c < FRUIT_REELS; c++)
        if (!(p->held >> c & 1u))
            p->stop[c] = stops[c];
    p->stop_at = 0;
    const Scenario *sc = seat_scenario(&p->seat);
    if (sc) { /* the scenario's "stop_ms" for this spin: PLAY pressed then (a replay too) */
        int k = sc->nspins - machine_forced_left(p->m) - 1;
        if (k >= 0 && k < sc->nspins && sc->stop_ms[k] >= 0)
            p->stop_at = p->now + (uint64_t)FRUIT_MS(sc->stop_ms[k]);
    }
    if (e->screen.spin == SPIN_EXTRA)
        p->extra_spins++;
    fruit_play_say(p, e->screen.spin == SPIN_EXTRA ? _("EXTRA SPIN!") : p->held ? _("HELD GAME") : _("GOOD LUCK!"), false);
    if (!p->recovering)
        p->view.spin_sound(p->view.ctx, true);
    fruit_play_set_phase(p, FP_SPIN, land);
}

/* Advances given (their lamps lighting), or one spent moving a reel a figure. */
static void show_advance(FruitPlay *p, const EventAdvance *e)
{
    if (e->reel == EVENT_OFF) {
        p->adv_left = 0;
        p->adv_lighting = e->left;
        fruit_play_say(p, _("ADVANCES!"), true);
        fruit_play_set_phase(p, FP_ADV_GIVEN, ADV_LAMP * e->left + ADV_LAMP);
        return;
    }
    const int c = e->reel;
    if (c < FRUIT_REELS) {
        const int len = p->view.reel_step(p->view.ctx, c, p->now);
        p->stop[c] = (p->stop[c] + len - 1) % len;
    }
    p->adv_left = e->left;
    char t[64], n[32];
    lang_fill(t, sizeof t, lang_trn("{1} ADVANCE LEFT", "{1} ADVANCES LEFT", p->adv_left),
              fruit_play_count(p->adv_left, n, sizeof n), NULL);
    fruit_play_say(p, p->adv_left ? t : _("ADVANCES SPENT"), true);
    fruit_play_cue(p, "nudge", PLAY_REELS);
    fruit_play_set_phase(p, FP_ADV_MOVE, FRUIT_MS(300));
}

/* A line's win: Bonuses only, or a prize on the ladder's rung its event says. */
static void show_win(FruitPlay *p, const Event *e)
{
    char t[64], n[32];
    p->win = e->win;
    p->win_line = true;
    p->adv_left = 0;
    if (e->win.bonuses && !e->win.amount) {
        p->rung_now = -1;
        p->bonuses_extra += e->win.bonuses;
        lang_fill(t, sizeof t, lang_trn("{1} BONUS", "{1} BONUSES", e->win.bonuses),
                  fruit_play_count(e->win.bonuses, n, sizeof n), NULL);
        fruit_play_say(p, t, true);
        fruit_play_cue(p, "win_small", PLAY_WINS);
    } else {
        p->rung_now = next_rung(p, e->win.amount);
        p->prize = e->win.amount;
        lang_fill(t, sizeof t, _("PRIZE: {1}"), fruit_play_rung_name(p->rung_now), NULL);
        fruit_play_say(p, t, true);
        fruit_play_cue(p, "prize", PLAY_WINS);
    }
    fruit_play_set_phase(p, FP_WIN, FRUIT_MS(1800));
}

/* The cauldrons appearing, before the pick. */
static void show_cauldrons(FruitPlay *p)
{
    fruit_play_cue(p, "cauldrons", PLAY_WINS);
    fruit_play_say(p, _("THE CAULDRONS!"), true);
    fruit_play_set_phase(p, FP_CAULDRONS, FRUIT_MS(3600));
}

/* The cauldrons: their prizes shown before the pick, or the lid picked and what it hid. */
static void show_pick(FruitPlay *p, const Event *e)
{
    if (e->pick.choice == EVENT_OFF) { /* the cauldrons' prizes, before the pick */
        p->cauldrons_known = true;
        for (int i = 0; i < 3; i++)
            p->cauldron_prize[i] = e->pick.amount[i];
        show_cauldrons(p);
        return;
    }
    p->lid_choice = e->pick.choice;
    for (int i = 0; i < 3; i++)
        p->lid_prize[i] = e->pick.amount[i];
    fruit_play_cue(p, "lid", PLAY_WINS);
    p->prize = e->pick.amount[e->pick.choice];
    p->rung_now = p->view.rung_of(p->view.ctx, p->prize);
    char t[64], m[32];
    p->view.money_text(p->view.ctx, p->prize, m, sizeof m);
    char n[16];
    snprintf(n, sizeof n, "%d", e->pick.choice + 1);
    lang_fill(t, sizeof t, _("LID {1}: {2}"), n, m, NULL);
    fruit_play_say(p, t, true);
    fruit_play_say2(p, fruit_play_rung_name(p->rung_now));
    fruit_play_set_phase(p, FP_LIDS, FRUIT_MS(2600));
}

/* The queue ran dry: the round waits for the player (the cauldrons first, when a pick is
 * offered and they have not shown), or it is over. */
static void queue_empty(FruitPlay *p)
{
    p->recovering = false;
    if (!machine_in_round(p->m))
        return;
    if ((machine_allowed(p->m) & 1u << CMD_PICK) && !p->lids_on && p->lid_choice < 0 && !p->shown_upper)
        show_cauldrons(p);
    else
        wait_for_player(p);
}

/* An event the lower game shows with no time of its own (false: its phase is set). */
static bool show_event(FruitPlay *p, const Event *e)
{
    const EventAdvance *adv = gnomos_advance(e);
    if (adv) {
        show_advance(p, adv);
        return false;
    }
    switch (e->type) {
    case EVENT_SCREEN:
        show_screen(p, e);
        return false;
    case EVENT_FEATURE_AWARD:
        p->extra_round = true;
        fruit_play_cue(p, "extra_spin", PLAY_WINS);
        fruit_play_say(p, "EXTRA SPIN!", true);
        fruit_play_set_phase(p, FP_EXTRA, FRUIT_MS(2400));
        return false;
    case EVENT_HOLD:
        p->held = e->hold.reels;
        fruit_play_cue(p, "button", PLAY_UI);
        return true;
    case EVENT_WIN:
        show_win(p, e);
        return false;
    case EVENT_PRIZE:
        p->prize = e->prize.amount;
        p->rung_now = e->prize.rung == EVENT_OFF ? -1 : e->prize.rung;
        p->ladder = fruit_play_ladder_from(e->prize.lose_to, p->rung_now);
        return true;
    case EVENT_RISK:
        p->risk = *e;
        p->rung_from = p->rung_now;
        fruit_play_cue(p, "ladder_tick", PLAY_WINS);
        fruit_play_say(p, _("RISKING..."), true);
        fruit_play_set_phase(p, FP_RISK, FRUIT_MS(1900));
        return false;
    case EVENT_PICK:
        show_pick(p, e);
        return false;
    case EVENT_COLLECT:
        p->count_from = e->collect.amount;
        p->ladder = LADDER_NONE;
        fruit_play_say(p, _("COLLECTED"), false);
        fruit_play_cue(p, "count_up", PLAY_WINS);
        fruit_play_set_phase(p, FP_COLLECT, e->collect.amount > 0 ? FRUIT_MS(1300) : 0);
        return false;
    case EVENT_ROUND_END:
        p->round_win = e->round_end.total_win;
        p->round_bonuses = e->round_end.total_bonuses;
        if (!p->round_win && !p->round_bonuses && !p->message_flash)
            fruit_play_say(p, _("PRESS PLAY"), false);
        settle(p);
        return false;
    default:
        return true;
    }
}

void fruit_play_advance(FruitPlay *p)
{
    Event e;
    for (;;) {
        if (!queue_pop(p, &e)) {
            queue_empty(p);
            return;
        }
        const int up = fruit_play_upper_event(p, &e);
        if (up > 0)
            return;
        if (up < 0)
            continue;
        if (!show_event(p, &e))
            return;
    }
}

/* A risk decided: the ladder's lights settle on what it gave. */
static void risk_outcome(FruitPlay *p)
{
    if (p->shown_upper) {
        fruit_play_upper_risk_outcome(p);
        return;
    }
    const EventRisk *r = &p->risk.risk;
    char t[96], n[32];
    p->rung_now = r->rung == EVENT_OFF ? -1 : r->rung;
    p->ladder = r->rung == EVENT_OFF ? LADDER_NONE : fruit_play_ladder_from(r->lose_to, p->rung_now);
    if (r->won) {
        p->prize = r->amount;
        fruit_play_cue(p, "ladder_up", PLAY_WINS);
        lang_fill(t, sizeof t, _("UP! {1}"), fruit_play_rung_name(p->rung_now), NULL);
    } else if (r->amount) {
        p->prize = r->amount;
        fruit_play_cue(p, "ladder_down", PLAY_WINS);
        lang_fill(t, sizeof t, _("DOWN: {1}"), fruit_play_rung_name(p->rung_now), NULL);
    } else if (r->bonuses) {
        p->bonuses_extra += r->bonuses;
        p->prize = 0;
        fruit_play_cue(p, "ladder_down", PLAY_WINS);
        lang_fill(t, sizeof t, lang_trn("{1} BONUS", "{1} BONUSES", r->bonuses), fruit_play_count(r->bonuses, n, sizeof n),
                  NULL);
    } else {
        p->prize = 0;
        fruit_play_cue(p, "lose", PLAY_WINS);
        snprintf(t, sizeof t, "%s", _("NOTHING"));
    }
    fruit_play_say(p, t, true);
    fruit_play_set_phase(p, FP_OUTCOME, FRUIT_MS(900));
}

/* A phase's time is up: what comes after it. */
static void phase_done(FruitPlay *p)
{
    switch (p->phase) {
    case FP_SPIN:
        p->view.spin_sound(p->view.ctx, false);
        fruit_play_shot(p, "reels", p->spin_index + 1);
        break;
    case FP_ADV_GIVEN:
        p->adv_left = p->adv_lighting;
        break;
    case FP_ADV_MOVE:
        fruit_play_shot_next(p, "advance");
        break;
    case FP_RISK:
        risk_outcome(p);
        return;
    case FP_CAULDRONS:
        p->lids_on = true;
        fruit_play_shot(p, "covered", -1);
        break;
    case FP_COLLECT:
        p->balance_extra += p->count_from;
        p->count_from = 0;
        p->prize = 0;
        p->rung_now = -1;
        break;
    case FP_LIDS:
        p->lids_on = false;
        break;
    case FP_WIN:
    case FP_EXTRA:
    case FP_OUTCOME:
        break;
    case FP_MINI:
        fruit_play_mini_done(p);
        break;
    case FP_IDLE:
    case FP_WAIT:
        return;
    }
    fruit_play_advance(p);
}

/* FP_SPIN's moments: the scenario's STOP, the reels landing. */
static void spin_tick(FruitPlay *p)
{
    if (p->stop_at && p->now >= p->stop_at) {
        p->stop_at = 0;
        const int land = p->view.reels_quick(p->view.ctx, p->now);
        if (land >= 0)
            p->phase_len = (int)(p->now - p->phase_t0) + land;
        fruit_play_shot(p, "stop", -1);
    }
    p->view.reels_tick(p->view.ctx, p->now);
}

/* Moments in the middle of a phase, and its sounds. */
static void phase_tick(FruitPlay *p, uint64_t k)
{
    const uint64_t len = (uint64_t)p->phase_len, lamp = (uint64_t)ADV_LAMP;
    switch (p->phase) {
    case FP_SPIN:
        spin_tick(p);
        break;
    case FP_ADV_GIVEN:
        if (k % lamp == 0 && k / lamp < (uint64_t)p->adv_lighting) {
            p->adv_left = (int)(k / lamp) + 1;
            fruit_play_cue(p, "advances", PLAY_WINS);
        }
        if (k == len - 2)
            fruit_play_shot(p, "advances-given", -1);
        break;
    case FP_WIN:
        if (k == len * 3 / 5 && p->shown_upper)
            fruit_play_shot_next(p, "line");
        else if (k == len * 3 / 5)
            fruit_play_shot(p, p->rung_now < 0 ? "bonus" : "prize", -1);
        break;
    case FP_EXTRA:
        if (k == len * 3 / 5)
            fruit_play_shot(p, "extra-spin", -1);
        break;
    case FP_RISK:
        if (k % 12 == 0 && k < len * 2 / 3)
            fruit_play_cue(p, "ladder_tick", PLAY_UI);
        if (k == len * 2 / 5)
            fruit_play_shot_next(p, "risk");
        break;
    case FP_CAULDRONS:
        if (k == len / 5)
            fruit_play_shot(p, "cauldrons", -1);
        if (k == len * 3 / 5)
            fruit_play_shot(p, "shuffle", -1);
        break;
    case FP_LIDS:
        if (k == len * 2 / 5)
            fruit_play_shot(p, "lid", -1);
        if (k == len - 4)
            fruit_play_shot(p, "lids", -1);
        break;
    case FP_COLLECT:
        if (k % 4 == 0)
            fruit_play_cue(p, "count_up", PLAY_UI);
        if (k == len / 2)
            fruit_play_shot(p, "collect", -1);
        break;
    case FP_MINI:
        fruit_play_mini_tick(p, k);
        break;
    default:
        break;
    }
}

void fruit_play_tick(FruitPlay *p, uint64_t now)
{
    p->now = now;
    if (p->phase == FP_IDLE || p->phase == FP_WAIT)
        return;
    const uint64_t k = now - p->phase_t0;
    phase_tick(p, k);
    if (k >= (uint64_t)p->phase_len)
        phase_done(p);
}

/* ---- the player's presses -------------------------------------------------------------------- */

bool fruit_play_offered(const FruitPlay *p, CommandType t)
{
    return p->phase == FP_WAIT && (machine_allowed(p->m) & 1u << t);
}

/* The offer's command sent with a button's click, and what it brings played. */
static void press(FruitPlay *p, CommandType t, uint32_t arg)
{
    fruit_play_cue(p, "button", PLAY_UI);
    send(p, t, arg);
    fruit_play_advance(p);
}

void fruit_play_pick_lid(FruitPlay *p, int lid, uint64_t now)
{
    p->now = now;
    if (!fruit_play_offered(p, CMD_PICK) || lid < 0 || lid >= FRUIT_REELS)
        return;
    p->lid_choice = lid;
    press(p, CMD_PICK, (uint32_t)lid);
}

void fruit_play_choose(FruitPlay *p, int i, uint64_t now)
{
    p->now = now;
    press(p, CMD_PICK, (uint32_t)i);
}

void fruit_play_press_reel(FruitPlay *p, int c, uint64_t now)
{
    p->now = now;
    if (c < 0 || c >= FRUIT_REELS)
        return;
    if (fruit_play_offered(p, CMD_HOLD)) {
        Offer o;
        machine_offer(p->m, &o);
        const uint32_t sel = p->hold_sel ^ (1u << c);
        if (o.arg[CMD_HOLD].set >> sel & 1u) { /* at most two reels: the offer says which sets */
            p->hold_sel = sel;
            fruit_play_cue(p, "hold", PLAY_UI);
        }
    } else if (fruit_play_offered(p, CMD_ADVANCE)) {
        press(p, CMD_ADVANCE, (uint32_t)c);
    } else if (fruit_play_offered(p, CMD_PICK)) {
        fruit_play_pick_lid(p, c, now);
    }
}

bool fruit_play_press_play(FruitPlay *p, uint64_t now)
{
    p->now = now;
    if (p->phase == FP_SPIN) {
        const int land = p->view.reels_quick(p->view.ctx, now);
        if (land >= 0)
            p->phase_len = (int)(now - p->phase_t0) + land;
    } else if (fruit_play_offered(p, CMD_HOLD)) {
        press(p, CMD_HOLD, p->hold_sel);
    } else if (fruit_play_offered(p, CMD_RISK)) {
        press(p, CMD_RISK, 0);
    } else if (fruit_play_offered(p, CMD_PICK) && p->mini.game) {
        return true;
    } else if (fruit_play_offered(p, CMD_PICK)) {
        fruit_play_pick_lid(p, 1, now); /* PLAY picks the middle lid */
    }
    return false;
}

bool fruit_play_collect_all_offered(const FruitPlay *p)
{
    if (!fruit_play_offered(p, CMD_COLLECT))
        return false;
    Offer o;
    machine_offer(p->m, &o);
    return o.arg[CMD_COLLECT].set >> 1 & 1u;
}

void fruit_play_press_collect(FruitPlay *p, bool all, uint64_t now)
{
    p->now = now;
    if (!fruit_play_offered(p, CMD_COLLECT) || (all && !fruit_play_collect_all_offered(p)))
        return;
    press(p, CMD_COLLECT, all ? 1 : 0);
}

void fruit_play_answer(FruitPlay *p, const Command *c, uint64_t now)
{
    p->now = now;
    if (c->type == CMD_HOLD)
        p->hold_sel = c->arg;
    send(p, c->type, c->arg);
    fruit_play_advance(p);
}
