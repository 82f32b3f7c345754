/* fruit_round.c - the fruit machine's rounds through the machine and the memory: the queue
 * of the machine's events, the player's commands (journaled by the seat before the machine
 * plays them), the round begun and settled, a round a crash left open played back quickly
 * and continued, the bet and the player's settings, the windows' host, and the scripted
 * runs: a headless scenario answers every offer with the game's AUTO (which plays the
 * scenario's own commands first), at a pace a person can follow, and saves its moments. */
#include "fruit_priv.h"

#include <stdio.h>
#include <string.h>

void fruit_queue_events(Fruit *f)
{
    Event e;
    while (machine_poll(f->m, &e))
        if (f->qlen < FR_QUEUE)
            f->queue[(f->qhead + f->qlen++) % FR_QUEUE] = e;
}

bool fruit_queue_pop(Fruit *f, Event *e)
{
    if (!f->qlen)
        return false;
    *e = f->queue[f->qhead];
    f->qhead = (f->qhead + 1) % FR_QUEUE;
    f->qlen--;
    return true;
}

void fruit_send(Fruit *f, CommandType type, uint32_t arg)
{
    if (seat_send(&f->seat, type, arg) == 0)
        fruit_queue_events(f);
}

bool fruit_set_bet(Fruit *f, int64_t bet)
{
    Bet b = f->bet;
    b.v[fruit_chip_option(f)] = bet;
    Error err;
    if (f->round_active || machine_set_bet(f->m, &b, &err))
        return false;
    f->bet = b;
    fruit_plan_compute(f);
    return true;
}

void fruit_start_round(Fruit *f)
{
    const Money bet = fruit_bet_total(f);
    const bool unattended = f->scripted || app_options(f->app)->autoplay;
    if (fruit_is_upper(f) && app_balance(f->app) >= bet && !fruit_bet_covered(f, !unattended)) {
        Error err;
        if (f->scripted)
            error_set(&err, "the Bonuses held are fewer than the bet's: give %s its \"bonuses\"", f->sc.path);
        else if (unattended) /* --autoplay: it would wait for ever */
            error_set(&err, "--autoplay: the Bonuses held (%lld) do not cover the upper game's bet",
                      (long long)store_bonuses(app_store(f->app)));
        if (unattended)
            app_fail(f->app, &err);
        return;
    }
    if (app_balance(f->app) < bet) {
        if (f->scripted) {
            Error err;
            error_set(&err, "--balance: the balance is less than the bet of %s", f->sc.path);
            app_fail(f->app, &err);
            return;
        }
        windows_open(f->windows, WINDOW_LOW_BALANCE);
        return;
    }
    Error err;
    fruit_cue(f, CUE_BUTTON, AUDIO_UI);
    if (seat_round_begin(&f->seat, &f->bet, &err))
        return;
    f->round_active = true;
    f->round_win = 0;
    f->round_bonuses = 0;
    f->extra_spins = 0;
    f->nshots = 0;
    f->prize = 0;
    f->rung_now = -1;
    f->ladder = LADDER_NONE;
    f->extra_round = false;
    f->bonuses_extra = 0;
    f->balance_extra = 0;
    f->cauldrons_known = false;
    f->lid_choice = -1;
    f->lids_on = false;
    fruit_queue_events(f);
    fruit_advance(f);
}

/* The round's win and Bonuses credited with its history row and meters: one transaction. */
void fruit_settle(Fruit *f)
{
    if (seat_settle(&f->seat, f->round_win, f->extra_spins))
        return;
    f->balance_extra = 0;
    f->bonuses_extra = 0;
    f->round_active = false;
    f->held = 0;
    f->prize = 0;
    f->ladder = LADDER_NONE;
    const bool was = f->autoplay.active;
    autospin_round(&f->autoplay, f->seat.round_bet, f->round_win, false);
    if (was && !f->autoplay.active && f->autoplay.stop != AUTOSPIN_DONE)
        fruit_message(f, autospin_stop_text(f->autoplay.stop), false);
    fruit_set_phase(f, FP_IDLE, 0);
    f->end_shot = true; /* next tick, once the frame shows the round ended */
}

/* A round left open by a crash: the machine replays its journal, the scene plays the
 * replayed events back quickly, then waits where the round stopped. */
int fruit_recover(Fruit *f, const StoreRound *r, Error *err)
{
    if (seat_recover(&f->seat, r, err))
        return -1;
    f->round_active = true;
    f->recovering = true;
    f->rung_now = -1;
    f->lid_choice = -1;
    fruit_queue_events(f);
    fruit_message(f, "GAME RECOVERED", true);
    fruit_advance(f);
    return 0;
}

bool fruit_auto_choice(Fruit *f, Command *c)
{
    if (machine_choose(f->m, STRATEGY_AUTO, c))
        return true;
    if (f->scripted || app_options(f->app)->autoplay) {
        Error err;
        const char *why = machine_play_error(f->m);
        error_set(&err, "%s: %s", f->scripted ? f->sc.path : "--autoplay",
                  why ? why : "the game's AUTO has no answer to the offer");
        app_fail(f->app, &err);
    }
    return false;
}

/* Plays the game's AUTO answer as the player's press it is. */
static void play_choice(Fruit *f, const Command *c)
{
    switch (c->type) {
    case CMD_HOLD:
        f->hold_sel = c->arg;
        fruit_press_play(f);
        break;
    case CMD_ADVANCE:
        fruit_press_reel(f, (int)c->arg);
        break;
    case CMD_COLLECT:
        fruit_press_collect(f, c->arg == 1);
        break;
    case CMD_RISK:
        fruit_press_play(f);
        break;
    case CMD_PICK:
        if (f->mini.game) { /* a minigame's choice */
            fruit_press_choice(f, (int)c->arg);
        } else {
            fruit_press_reel(f, (int)c->arg);
        }
        break;
    default:
        break;
    }
}

/* Whether the scenario's player leaves this spin's advances to AUTO ("auto" among its plays). */
static bool auto_played(const Fruit *f)
{
    const int at = seat_forced_position(&f->seat) - 1;
    if (at < 0 || at >= f->sc.nspins)
        return false;
    const ForcedSpin *sp = &f->sc.spins[at];
    for (int k = 0; k < sp->nplay; k++)
        if (sp->play[k].automatic)
            return true;
    return false;
}

/* The game's AUTO answer to the offer, played. */
static void answer(Fruit *f)
{
    Command c;
    if (fruit_auto_choice(f, &c))
        play_choice(f, &c);
}

/* --autoplay N: N rounds through the store as fast as the timeline allows. */
static void autoplay_step(Fruit *f, int rounds)
{
    f->phase_len = 0;
    if (f->phase == FP_WAIT) {
        answer(f);
        return;
    }
    if (f->phase == FP_IDLE && !f->round_active &&
        seat_autoplay_next(&f->seat, &f->autoplayed, rounds, fruit_bet_total(f)))
        fruit_start_round(f);
}

/* The moment a scripted run waits at, named for its screenshot. */
static const char *wait_moment(const Fruit *f, uint32_t allowed)
{
    if (fruit_mini_moment(f))
        return fruit_mini_moment(f);
    if (allowed & 1u << CMD_HOLD)
        return "hold";
    if (allowed & 1u << CMD_ADVANCE)
        return "advances";
    if (allowed & 1u << CMD_PICK)
        return "lids";
    if ((allowed & 1u << CMD_RISK) && f->shown_upper)
        return "double";
    if (allowed & 1u << CMD_RISK)
        return f->ladder == LADDER_SEESAW ? "seesaw" : f->ladder == LADDER_UP_NOTHING ? "up-nothing" : "sube-bonos";
    return "wait";
}

void fruit_script_step(Fruit *f)
{
    const AppOptions *o = app_options(f->app);
    if (o->autoplay) {
        autoplay_step(f, o->autoplay);
        return;
    }
    const uint64_t since = app_tick(f->app) - f->phase_t0;
    if (f->phase == FP_WAIT) {
        const uint32_t allowed = machine_allowed(f->m);
        if ((allowed & 1u << CMD_ADVANCE) && !f->auto_adv && auto_played(f))
            f->auto_adv = true; /* the scenario's player pressed AUTO */
        const bool quick = (allowed & 1u << CMD_ADVANCE) && f->auto_adv;
        const uint64_t pace = (uint64_t)APP_MS_TICKS(quick ? 450 : 1300);
        if (since == pace / 2)
            fruit_shot_next(f, wait_moment(f, allowed));
        if (since >= pace)
            answer(f);
        return;
    }
    if (f->phase != FP_IDLE || f->round_active)
        return;
    if (o->bench_frames) {
        if (since >= 30) {
            if (app_balance(f->app) < fruit_bet_total(f))
                store_credit_in(app_store(f->app), 100000000, "benchmark", NULL);
            fruit_start_round(f);
        }
        return;
    }
    if (since < (uint64_t)APP_MS_TICKS(1200) && f->seat.round_no > 0)
        return;
    if (f->seat.round_no == 0 || machine_forced_left(f->m) > 0) {
        /* the scenario's player presses GAME CHANGE before this spin's round */
        const int k = f->sc.nspins - machine_forced_left(f->m);
        if (k >= 0 && k < f->sc.nspins && f->sc.game_change[k] && f->changed_for != k) {
            f->changed_for = k;
            fruit_game_change(f);
            return;
        }
        if (!f->swapping)
            fruit_start_round(f);
        return;
    }
    if (windows_shoot(f->windows, o->open, false))
        app_quit(f->app, 0);
}

/* ---- the windows' host ------------------------------------------------------------------- */

static void draw_paytable(void *scene, int page)
{
    (void)page;
    fruit_draw_paytable(scene);
}

static Money bet_total(void *scene) { return fruit_bet_total(scene); }
static int64_t bet_value(void *scene) { return ((Fruit *)scene)->bet.v[0]; }

static void choose_bet(void *scene, int64_t value)
{
    Fruit *f = scene;
    if (fruit_set_bet(f, value))
        fruit_settings_save(f);
}

static void min_bet(void *scene)
{
    Fruit *f = scene;
    if (fruit_nchips(f))
        choose_bet(f, fruit_chip_value(f, 0));
}

static void start_autoplay(void *scene, const AutospinSettings *set)
{
    Fruit *f = scene;
    autospin_start(&f->autoplay, set);
}

static WindowsOptions options(void *scene)
{
    const Fruit *f = scene;
    return (WindowsOptions){.space_spins = f->space_plays};
}

static void set_options(void *scene, const WindowsOptions *o)
{
    Fruit *f = scene;
    f->space_plays = o->space_spins;
}

static void save_settings(void *scene) { fruit_settings_save(scene); }

static void refresh(void *scene) { fruit_update_buttons(scene); }

/* What the recall lists of a fruit round's own events. */
static bool event_line(void *scene, const Event *e, char *t, size_t size)
{
    Fruit *f = scene;
    char a[48];
    switch (e->type) {
    case EVENT_HOLD:
        if (!e->hold.reels)
            snprintf(t, size, "held game: no reel held");
        else
            snprintf(t, size, "held game: reels%s%s%s held", e->hold.reels & 1 ? " 1" : "",
                     e->hold.reels & 2 ? " 2" : "", e->hold.reels & 4 ? " 3" : "");
        return true;
    case EVENT_ADVANCE:
        if (e->advance.reel == EVENT_OFF)
            snprintf(t, size, "%d advances given", e->advance.left);
        else
            snprintf(t, size, "reel %d advanced (%d left)", e->advance.reel + 1, e->advance.left);
        return true;
    case EVENT_MINIGAME: {
        char b[48];
        const char *name = fruit_mini_title(e->minigame.game);
        if (e->minigame.stage) {
            app_money_text(e->minigame.amount, a, sizeof a);
            if (e->minigame.bonuses)
                snprintf(t, size, "%s paid %s and %lld Bonus%s", name, a, (long long)e->minigame.bonuses,
                         e->minigame.bonuses == 1 ? "" : "es");
            else
                snprintf(t, size, "%s paid %s", name, a);
        } else {
            app_money_text(e->minigame.replaces, a, sizeof a);
            app_money_text(e->minigame.most, b, sizeof b);
            snprintf(t, size, "%s in place of %s (up to %s)", name, a, b);
        }
        return true;
    }
    case EVENT_PRIZE:
        app_money_text(e->prize.amount, a, sizeof a);
        if (e->prize.fraction) {
            char b[48];
            app_money_text(e->prize.rest, b, sizeof b);
            snprintf(t, size, "Double or Bonuses: fraction %d, %s (%s still to play)", e->prize.fraction, a, b);
        } else if (e->prize.lose_to == RISK_REDRAWN) {
            snprintf(t, size, "the leprechaun offers %s", a);
        } else {
            snprintf(t, size, "prize on offer: %s", a);
        }
        return true;
    case EVENT_RISK:
        app_money_text(e->risk.amount, a, sizeof a);
        if (e->risk.won)
            snprintf(t, size, "risked: up to %s", a);
        else if (e->risk.amount)
            snprintf(t, size, "risked: down to %s", a);
        else if (e->risk.bonuses)
            snprintf(t, size, "risked: %lld Bonuses", (long long)e->risk.bonuses);
        else
            snprintf(t, size, "risked: nothing");
        return true;
    case EVENT_PICK: {
        if (e->pick.choice == EVENT_OFF)
            return false;
        static const char *const what[MINI__COUNT] = {"lid", "basket", "coins", "element", "cap"};
        const int c = e->pick.choice, mg = e->pick.game < MINI__COUNT ? e->pick.game : MINI_NONE;
        app_money_text(e->pick.amount[c], a, sizeof a);
        if (e->pick.label[c] != PICK_PRIZE)
            snprintf(a, sizeof a, "%s", e->pick.label[c] == PICK_STOP ? "STOP" : "STOP X2");
        snprintf(t, size, "%s %d %s: %s", what[mg], c + 1, mg == MINI_TREASURE ? "lifted" : "chosen", a);
        return true;
    }
    case EVENT_COLLECT:
        app_money_text(e->collect.amount, a, sizeof a);
        if (e->collect.cause == COLLECT_ACCEPTED)
            snprintf(t, size, "%s accepted", a);
        else if (e->collect.cause)
            snprintf(t, size, "collected %s (%s)", a,
                     e->collect.cause == COLLECT_MAX_PRIZE ? "the maximum prize" : "over 6,000 Bonuses held");
        else
            snprintf(t, size, "collected %s", a);
        return true;
    case EVENT_ROUND_END:
        if (!e->round_end.total_bonuses)
            return false;
        app_money_text(e->round_end.total_win, a, sizeof a);
        snprintf(t, size, "round over: total win %s and %lld Bonus%s", a, (long long)e->round_end.total_bonuses,
                 e->round_end.total_bonuses == 1 ? "" : "es");
        return true;
    case EVENT_WIN:
        if (e->win.bonuses && !e->win.amount) {
            snprintf(t, size, "%d Bonus figure%s: %lld Bonuses", e->win.bonuses == f->bonus_n[0] ? 1
                     : e->win.bonuses == f->bonus_n[1] ? 2 : 3, e->win.bonuses == f->bonus_n[0] ? "" : "s",
                     (long long)e->win.bonuses);
            return true;
        }
        return false;
    default:
        return false;
    }
}

Windows *fruit_windows_create(Fruit *f)
{
    static const char *const titles[] = {"PAYOUT PLAN"};
    return windows_create(&(WindowsHost){
        .app = f->app,
        .scene = f,
        .look = {.text = f->th.text, .accent = f->th.accent, .dim = f->th.dim, .window = f->th.window,
                 .big = f->f_big, .mid = f->f_mid, .small = f->f_small, .tiny = f->f_tiny,
                 .plain = &f->look_plain, .round = &f->look_round,
                 .left = f->ic_left, .right = f->ic_right, .check = f->ic_check,
                 .symbols = f->sym_small},
        .def = &f->def,
        .config = f->config,
        .forced = f->scripted ? &f->sc : NULL,
        .bet_option = 0,
        .autoplay = WINDOWS_AUTOPLAY_ADVANCED,
        .autoplay_title = "AUTO-PLAY",
        .autoplay_max = 100,
        .paytable_pages = 1,
        .paytable_titles = titles,
        .draw_paytable = draw_paytable,
        .rules = fruit_rules,
        .money_text = app_money_text,
        .bet_total = bet_total,
        .bet_value = bet_value,
        .choose_bet = choose_bet,
        .min_bet = min_bet,
        .start_autoplay = start_autoplay,
        .options = options,
        .set_options = set_options,
        .save_settings = save_settings,
        .event_line = event_line,
        .refresh = refresh,
    });
}
