/* slot.c - the video slot scene: a game's round played back as a timeline, and its input.
 *
 * The scene never decides an outcome. A player's SPIN becomes a machine command; the
 * events it returns are queued and played back as a timeline: reels spin and land on the
 * screen the event carries, each win is shown in turn, awards and feature banners play,
 * and at ROUND_END the round's win is credited. When the queue is empty and the round
 * waits, the scene offers what machine_allowed() allows: START for awarded free spins (the
 * player presses it; autoplay never does), and each free spin is then sent by the scene.
 *
 * Everything moves by ticks (60 Hz), never by the wall clock, so a headless run draws the
 * same pixels for the same scenario. Screenshots are taken at named moments. What the
 * game's kind of play adds (its panel, its wins' look, its pick) comes from its SlotKind. */
#include "kinds.h"
#include "opconfig.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A screen of the reels: the spin begins (its kind, what the spins left will show once its
 * awards are shown, the scenario's STOP moment, the wins that follow it). */
static void show_screen(Slot *s, const EventScreen *sc)
{
    s->spin_kind = sc->spin;
    s->spin_index = sc->spin_index;
    s->action_no = 0;
    s->round_free_spins = sc->spin_index;
    s->held = sc->held;
    s->fast = false;
    slot_reels_start(s, sc);
    s->shown = sc->screen;
    s->free_left = sc->free_left;
    s->extra_left = sc->extra_left;
    /* spins this spin awards count only when their award is shown */
    const Event *q;
    for (int i = 0; (q = evqueue_at(&s->queue, i)); i++) {
        if (q->type == EVENT_SCREEN)
            break;
        if (q->type == EVENT_FEATURE_AWARD && q->award.feature == FEATURE_EXTRA)
            s->extra_left -= q->award.spins;
        else if (q->type == EVENT_FEATURE_AWARD)
            s->free_left -= q->award.spins;
    }
    s->scatters_landed = 0;
    /* a scenario's STOP presses (not commands: a replay of its round reads them again) */
    const Scenario *fsc = seat_scenario(&s->seat);
    s->stop_ms = fsc && fsc->stop_ms && s->screens_shown < fsc->nspins ? fsc->stop_ms[s->screens_shown] : -1;
    s->screens_shown++;
    /* this spin's wins follow its screen (a grid game's clusters; an expansion's
     * prize and the scatters' bonus come after, each shown on its own) */
    slot_take_wins(s, NULL);
    audio_loop(app_audio(s->app), AUDIO_REELS, s->th.cue[CUE_SPIN]);
    slot_set_phase(s, PH_SPINNING);
}

/* The round's end: the jackpot's banner, or a big win's, before it settles; else settled. */
static void show_round_end(Slot *s, const Event *e)
{
    s->round_win = e->round_end.total_win;
    s->in_feature = false;
    s->expanding = -1;
    s->held = 0;
    if (s->jackpot_pending) {
        s->jackpot_pending = false;
        slot_show_banner(s, BANNER_JACKPOT);
    } else if (slot_tier_of(s, s->round_win) > 0) {
        s->banner_amount = s->round_win;
        slot_show_banner(s, BANNER_BIG_WIN);
    } else {
        slot_settle(s, s->round_win);
    }
}

/* The queue ran dry mid-round: the round waits for START (a pick first, where the kind has
 * one), or CONTINUE is sent. False when the timeline waits (or the memory refused). */
static bool queue_empty(Slot *s)
{
    s->recovering = false; /* the journal's events are all shown */
    if (!machine_in_round(s->m))
        return false;
    uint32_t allowed = machine_allowed(s->m);
    if (allowed & 1u << CMD_START) {
        s->pick_hover = -1;
        slot_set_phase(s, s->pick_tiles ? PH_PICK : PH_AWAIT_START);
        return false;
    }
    slot_send(s, CMD_CONTINUE);
    /* the memory refused it (app_fail): never again, for ever, in one tick */
    return !app_quitting(s->app);
}

/* Takes the next event(s) off the queue and starts showing them. */
static void advance(Slot *s)
{
    Event e;
    for (;;) {
        if (!slot_queue_pop(s, &e)) {
            if (queue_empty(s))
                continue;
            return;
        }
        if (s->kind->event) {
            SlotAction a = {0};
            s->kind->event(s, &e, &a);
            if (a.ticks > 0) {
                s->action = e;
                s->action_show = a;
                slot_set_phase(s, PH_ACTION);
                return;
            }
        }
        switch (e.type) {
        case EVENT_ROUND_START:
            continue;
        case EVENT_EXPAND:
            s->expand = e.expand;
            slot_cue(s, CUE_EXPAND, AUDIO_WINS);
            slot_set_phase(s, PH_EXPAND);
            return;
        case EVENT_SCREEN:
            show_screen(s, &e.screen);
            return;
        case EVENT_WIN: /* after an expansion: its prize; the scatters' bonus */
            slot_take_wins(s, &e.win);
            slot_show_wins(s);
            return;
        case EVENT_FEATURE_AWARD:
            s->banner_feature = e.award.feature;
            s->banner_spins = e.award.spins;
            s->free_left = e.award.free_left;
            s->extra_left = e.award.extra_left;
            s->banner_retrigger = e.award.retrigger;
            if (e.award.feature == FEATURE_EXTRA)
                slot_cue(s, CUE_EXTRA, AUDIO_WINS);
            slot_show_banner(s, BANNER_AWARD);
            return;
        case EVENT_FEATURE_START:
            s->in_feature = true;
            s->feature_win = 0;
            if (e.feature_start.ntiles) { /* the tiles turn over, then START's banner */
                memcpy(s->tiles, e.feature_start.tiles, sizeof s->tiles);
                s->pick_choice = e.feature_start.choice;
                s->expanding = e.feature_start.expanding;
                slot_cue(s, CUE_PICK, AUDIO_WINS);
                slot_set_phase(s, PH_REVEAL);
                return;
            }
            continue;
        case EVENT_FEATURE_END:
            s->banner_amount = e.feature_end.total_win;
            s->banner_spins = e.feature_end.spins_played;
            slot_show_banner(s, BANNER_OUTRO);
            return;
        case EVENT_ROUND_END:
            show_round_end(s, &e);
            return;
        default: /* what other kinds of game do (holds, prizes, ladders, picks) */
            continue;
        }
    }
}

static void start_round(Slot *s)
{
    Money bet = slot_bet_total(s);
    if (seat_balance(&s->seat) < bet) {
        if (s->scripted) {
            Error err;
            error_set(&err, "--balance: the balance is less than the bet of %s", s->sc.path);
            app_fail(s->app, &err);
            return;
        }
        windows_open(s->windows, WINDOW_LOW_BALANCE);
        return;
    }
    Error err;
    slot_cue(s, CUE_BUTTON, AUDIO_UI);
    slot_show_words(s, s->seat.show, sizeof s->seat.show);
    if (seat_round_begin(&s->seat, &s->bet, &err)) {
        app_fail(s->app, &err);
        return;
    }
    if (s->notice == s->forced_note) /* "next round forced": this is that round */
        s->notice = NULL;
    slot_queue_events(s);
    s->round_active = true;
    s->round_win = 0;
    s->meter_from = s->meter_to = 0;
    s->meter_t0 = app_tick(s->app);
    s->jackpot_pending = false;
    s->round_jackpot = false;
    s->round_free_spins = 0;
    /* the jackpot meter shows, to the cent, what this round's jackpot pays (its bet's
     * contribution in it), else the pool as this bet raised it, until the round settles */
    s->pool_shown = machine_pool_value(s->m);
    const Event *q;
    for (int i = 0; (q = evqueue_at(&s->queue, i)); i++) {
        if (q->type == EVENT_WIN && q->win.kind == WIN_JACKPOT) {
            s->pool_shown = q->win.amount;
            break;
        }
    }
    s->pool_held = true;
    advance(s);
}

static void spin_done(Slot *s)
{
    slot_shot(s, "reels", -1);
    if (s->nwins) {
        slot_show_wins(s);
        return;
    }
    advance(s);
}

/* ---- input -------------------------------------------------------------------------------- */

static void step_bet(Slot *s, int option, int dir)
{
    if (s->round_active || windows_shown(s->windows))
        return;
    const BetOption *o = &s->def.bet[option];
    int64_t v = s->bet.v[option];
    int64_t next = v;
    if (o->nvalues > 0) {
        int i = 0;
        while (i < o->nvalues && o->values[i] != v)
            i++;
        i += dir;
        if (i >= 0 && i < o->nvalues)
            next = o->values[i];
    }
    if (next == v)
        return;
    Bet b = s->bet;
    b.v[option] = next;
    if (slot_set_bet(s, &b)) {
        slot_cue(s, CUE_BUTTON, AUDIO_UI);
        slot_settings_save(s);
    }
}

static void bet_max_spin(Slot *s)
{
    if (s->round_active)
        return;
    Bet b = s->bet;
    machine_rules(s->m)->bet_max(&s->def, &b);
    b.v[s->bi_coin] = s->bet.v[s->bi_coin]; /* BET MAX keeps the selected coin value */
    if (slot_set_bet(s, &b))
        slot_settings_save(s);
    start_round(s);
}

/* The player's pick before free spins: journaled with the tile, then played. */
static void pick(Slot *s, int tile)
{
    if (s->phase != PH_PICK || tile < 0 || tile >= s->pick_tiles)
        return;
    slot_cue(s, CUE_BUTTON, AUDIO_UI);
    slot_send_choice(s, CMD_START, tile);
    advance(s);
}

/* Spin / Stop / Skip / Start, by what is happening. */
static void press_main(Slot *s)
{
    switch (s->phase) {
    case PH_PICK: /* the pick is the player's: a tile, by click or by its number */
        break;
    case PH_EXPAND:
    case PH_REVEAL:
    case PH_ACTION:
        s->phase_t0 = 0; /* skip the rest of the animation */
        break;
    case PH_IDLE:
        start_round(s);
        break;
    case PH_SPINNING:
        if (!s->fast)
            slot_reels_quick_stop(s);
        break;
    case PH_WINS:
        s->win_at = s->nwins; /* skip the rest of the win show */
        s->meter_t0 = 0;
        break;
    case PH_AWAIT_START:
        slot_cue(s, CUE_BUTTON, AUDIO_UI);
        slot_send(s, CMD_START);
        slot_show_banner(s, BANNER_START);
        break;
    case PH_BANNER: {
        /* a count still running jumps to its end (the full amount, its tier); then, or a
         * banner without a count, the next press ends it */
        const uint64_t k = app_tick(s->app) - s->phase_t0;
        if (k < 6)
            break; /* the press that brought it */
        if (!s->banner_skipped && k < slot_count_ticks(s)) {
            s->banner_skipped = true;
            s->tier_cued = s->tier;
            break;
        }
        s->phase_t0 = 0; /* skip the rest of the banner */
        break;
    }
    }
}

/* AUTO: Auto Spin's window, or pressed while it runs, its stop. */
static void press_auto(Slot *s)
{
    if (s->autospin.active)
        autospin_cancel(&s->autospin);
    else
        windows_open(s->windows, WINDOW_AUTO);
}

/* SPIN held down (the deck's, or Shift+Enter): Auto Spin's window where the game says so
 * and no round is in play, as the panel's SPIN held; otherwise a press. */
static void press_main_held(Slot *s)
{
    if (s->kind->hold_spin_autoplay && !s->round_active && !s->autospin.active)
        windows_open(s->windows, WINDOW_AUTO);
    else
        press_main(s);
}

/* BET from a key: the panel's BET (a game with a bet list: its Bet Settings); where the panel
 * steps coins instead, one coin more, round again to the fewest after the most. */
static void press_bet(Slot *s)
{
    const Button *b = s->btn;
    if (b[BTN_BET].visible && b[BTN_BET].enabled) {
        windows_open(s->windows, WINDOW_BET);
    } else if (s->bi_coins >= 0 && b[BTN_COINS_UP].visible && b[BTN_COINS_UP].enabled) {
        const BetOption *o = &s->def.bet[s->bi_coins];
        const bool most = o->nvalues > 0 && s->bet.v[s->bi_coins] == o->values[o->nvalues - 1];
        step_bet(s, s->bi_coins, most ? 1 - o->nvalues : 1);
    }
}

static void slot_input(void *self, const Input *in)
{
    Slot *s = self;
    Button *b = s->btn;
    if (windows_shown(s->windows)) {
        windows_input(s->windows, in);
        return;
    }
    if (INPUT_IS_OPERATOR(in)) { /* the operator menu, which opens at its PIN door */
        if (!s->round_active) /* configuration and cash only between rounds */
            app_open(s->app, APP_OPERATOR);
        return;
    }
    if (s->kind->input)
        s->kind->input(s, in);
    if (s->phase == PH_PICK) {
        if (in->type == INPUT_MOVE)
            s->pick_hover = s->kind->pick_at(s, in->x, in->y);
        else if (in->type == INPUT_RELEASE)
            pick(s, s->kind->pick_at(s, in->x, in->y));
        else if (in->type == INPUT_KEY && in->key >= SDLK_1 && in->key <= SDLK_9)
            pick(s, (int)(in->key - SDLK_1));
    }
    if (in->type == INPUT_KEY) {
        if (KEY_IS_HELD(in, KEY_PLAY))
            press_main_held(s);
        else if ((in->key == SDLK_SPACE && s->space_spins) || in->key == KEY_PLAY || in->key == SDLK_KP_ENTER)
            press_main(s);
        else if (in->key == KEY_AUTO && b[BTN_AUTO].visible && b[BTN_AUTO].enabled)
            press_auto(s);
        else if (in->key == KEY_BET)
            press_bet(s);
        else if (in->key == KEY_BACK && !s->round_active)
            app_open(s->app, NULL);
        else if (in->key == KEY_PICKER && !s->round_active) /* QA: force the next round */
            windows_open(s->windows, WINDOW_SCENARIOS);
        return;
    }
    if (button_input(&b[BTN_SPIN], in)) {
        if (s->kind->autoplay_button == BTN_SPIN && s->autospin.active) /* its count on it */
            autospin_cancel(&s->autospin);
        else
            press_main(s);
    }
    if (button_input(&b[BTN_BET], in))
        windows_open(s->windows, WINDOW_BET);
    if (button_input(&b[BTN_MAX], in))
        bet_max_spin(s);
    if (button_input(&b[BTN_COIN_DN], in))
        step_bet(s, s->bi_coin, -1);
    if (button_input(&b[BTN_COIN_UP], in))
        step_bet(s, s->bi_coin, +1);
    if (button_input(&b[BTN_COINS_DN], in))
        step_bet(s, s->bi_coins, -1);
    if (button_input(&b[BTN_COINS_UP], in))
        step_bet(s, s->bi_coins, +1);
    if (button_input(&b[BTN_LINES_DN], in))
        step_bet(s, s->bi_lines, -1);
    if (button_input(&b[BTN_LINES_UP], in))
        step_bet(s, s->bi_lines, +1);
    if (button_input(&b[BTN_AUTO], in))
        press_auto(s);
    if (button_input(&b[BTN_INFO], in))
        windows_open(s->windows, WINDOW_PAYTABLE);
    if (button_input(&b[BTN_RULES], in))
        windows_open(s->windows, WINDOW_RULES);
    if (button_input(&b[BTN_HISTORY], in))
        windows_open(s->windows, WINDOW_HISTORY);
    if (button_input(&b[BTN_OPTIONS], in))
        windows_open(s->windows, WINDOW_OPTIONS);
    if (button_input(&b[BTN_SOUND], in))
        audio_set_muted(app_audio(s->app), !audio_muted(app_audio(s->app)));
    if (button_input(&b[BTN_FULL], in))
        app_toggle_fullscreen(s->app);
    if (button_input(&b[BTN_HOME], in))
        app_open(s->app, NULL);
}

/* ---- update ------------------------------------------------------------------------------- */

void slot_update_buttons(Slot *s)
{
    Button *b = s->btn;
    const Window open = windows_shown(s->windows);
    bool idle = s->phase == PH_IDLE && !s->round_active && !open;
    b[BTN_SPIN].enabled = open == WINDOW_NONE; /* SPIN, STOP, START, or skip a banner */
    b[BTN_MAX].enabled = idle;
    b[BTN_COIN_DN].enabled = b[BTN_COIN_UP].enabled = idle;
    b[BTN_COINS_DN].enabled = b[BTN_COINS_UP].enabled = idle;
    b[BTN_LINES_DN].enabled = b[BTN_LINES_UP].enabled = idle;
    b[BTN_INFO].enabled = b[BTN_RULES].enabled = b[BTN_HISTORY].enabled = idle;
    b[BTN_OPTIONS].enabled = b[BTN_HOME].enabled = idle;
    b[BTN_AUTO].enabled = s->autospin.active || idle;
    b[BTN_BET].enabled = idle;
    b[BTN_SOUND].icon = audio_muted(app_audio(s->app)) ? s->ic_sound_off : s->ic_sound_on;
    b[BTN_SPIN].label = s->phase == PH_AWAIT_START ? "START"
                        : s->phase == PH_SPINNING && !s->fast ? "STOP" : NULL;
    s->kind->update_buttons(s, idle);
    windows_update_buttons(s->windows);
}

/* Skips animations: a recovered round's replay, and headless autoplay. */
static void fast_forward(Slot *s)
{
    switch (s->phase) {
    case PH_SPINNING:
        if (!s->fast)
            slot_reels_quick_stop(s);
        break;
    case PH_WINS:
        s->win_at = s->nwins;
        s->meter_t0 = 0;
        break;
    case PH_BANNER:
    case PH_EXPAND:
    case PH_REVEAL:
    case PH_ACTION:
        s->phase_t0 = 0;
        break;
    case PH_IDLE:
    case PH_AWAIT_START:
    case PH_PICK:
        break;
    }
}

/* The tile a headless run picks: the game's own automatic play, the strategy slotsim plays
 * too (Gonzo's Gold: the middle tile; the pick only places the symbol); a replay's, the
 * journal's. */
static int scripted_tile(Slot *s)
{
    Command c;
    bool ok = s->seat.replay ? seat_replay_next(&s->seat, &c) : machine_choose(s->m, STRATEGY_AUTO, &c);
    return ok && c.type == CMD_START ? (int)c.arg : 0;
}

/* --autoplay N: N rounds through the store, as fast as the timeline allows, starting free
 * spins itself (the soak and kill-test driver). */
static void autoplay_step(Slot *s, int rounds)
{
    fast_forward(s);
    if (s->phase == PH_AWAIT_START) {
        press_main(s);
        return;
    }
    if (s->phase == PH_PICK) {
        pick(s, scripted_tile(s));
        return;
    }
    if (s->phase != PH_IDLE || s->round_active)
        return;
    if (app_autoplay_next(s->app, &s->seat, &s->autoplayed, rounds, slot_bet_total(s)))
        start_round(s);
}

/* Headless and benchmark runs press the buttons a player would. */
static void script_step(Slot *s)
{
    const AppOptions *o = app_options(s->app);
    if (o->autoplay) {
        autoplay_step(s, o->autoplay);
        return;
    }
    uint64_t since = app_tick(s->app) - s->phase_t0;
    if (s->phase == PH_AWAIT_START && since >= (uint64_t)APP_MS_TICKS(800)) {
        press_main(s);
        return;
    }
    if (s->phase == PH_PICK) {
        if (since == (uint64_t)APP_MS_TICKS(600))
            slot_shot(s, "pick", -1);
        if (since >= (uint64_t)APP_MS_TICKS(1000))
            pick(s, scripted_tile(s));
        return;
    }
    if (s->phase != PH_IDLE || s->round_active)
        return;
    if (s->seat.replay) { /* QA's replay: its one round, then a moment on its end */
        if (!s->seat.replay_begun)
            start_round(s);
        else if (since >= (uint64_t)APP_MS_TICKS(1500))
            app_replay_finish(s->app, s->def.id);
        return;
    }
    if (o->bench_frames) {
        if (since >= 30) {
            if (app_balance(s->app) < slot_bet_total(s)) /* the benchmark never runs dry */
                store_credit_in(app_store(s->app), 100000000, "benchmark", NULL);
            start_round(s);
        }
        return;
    }
    if (since < (uint64_t)APP_MS_TICKS(1500) && s->seat.round_no > 0)
        return; /* let the last wins show once */
    if (s->seat.round_no == 0 || machine_forced_left(s->m) > 0) {
        start_round(s);
        return;
    }
    /* a headless scenario run ends here; a showcase whose attract a key just ended (its
     * scene still up until the switch, a tick later) must not end the cabinet */
    if (!app_scenario_over(s->app) && o->scenario && windows_shoot(s->windows, o->open, s->btn[BTN_BET].visible))
        app_quit(s->app, 0);
}

/* Autospin plays the next round when the last one has shown its wins for a moment; it
 * never presses START for free spins. */
static void auto_step(Slot *s)
{
    if (!s->autospin.active || s->phase != PH_IDLE || s->round_active || windows_shown(s->windows))
        return;
    uint64_t since = app_tick(s->app) - s->phase_t0;
    if (since < (uint64_t)APP_MS_TICKS(s->nwins ? 900 : 300))
        return;
    if (autospin_next(&s->autospin, slot_bet_total(s), app_balance(s->app)))
        start_round(s);
    else if (s->autospin.stop != AUTOSPIN_DONE)
        slot_notice(s, autospin_stop_text(s->autospin.stop));
}

/* SPIN held down between rounds: the autoplay window opens, and the press spins nothing. */
static void hold_spin(Slot *s, uint64_t now)
{
    Button *spin = &s->btn[BTN_SPIN];
    if (!s->kind->hold_spin_autoplay || !spin->down || s->round_active || s->autospin.active ||
        windows_shown(s->windows)) {
        s->spin_down_t0 = 0;
        return;
    }
    if (!s->spin_down_t0)
        s->spin_down_t0 = now;
    else if (now - s->spin_down_t0 >= (uint64_t)KEY_HOLD_SPIN_TICKS) {
        spin->down = false; /* its release is no click */
        s->spin_down_t0 = 0;
        windows_open(s->windows, WINDOW_AUTO);
    }
}

static void slot_update(void *self)
{
    Slot *s = self;
    uint64_t now = app_tick(s->app);
    hold_spin(s, now);
    auto_step(s);
    if (s->recovering)
        fast_forward(s);
    if (s->scripted || s->seat.replay || app_options(s->app)->bench_frames || app_options(s->app)->autoplay)
        script_step(s);
    switch (s->phase) {
    case PH_IDLE:
    case PH_AWAIT_START:
    case PH_PICK:
        break;
    case PH_EXPAND: {
        uint64_t len = (uint64_t)s->kind->expand_ticks(s);
        if (now - s->phase_t0 == len - 20)
            slot_shot(s, "expand", -1);
        if (now - s->phase_t0 >= len) {
            s->shown = s->expand.screen;
            advance(s);
        }
        break;
    }
    case PH_ACTION: {
        const SlotAction *a = &s->action_show;
        if (now - s->phase_t0 == (uint64_t)a->ticks * 3 / 5 && a->moment)
            slot_shot(s, a->moment, a->numbered ? ++s->action_no : -1);
        if (now - s->phase_t0 >= (uint64_t)a->ticks)
            advance(s);
        break;
    }
    case PH_REVEAL:
        if (now - s->phase_t0 == (uint64_t)s->kind->reveal_ticks - 10)
            slot_shot(s, "reveal", -1);
        if (now - s->phase_t0 >= (uint64_t)s->kind->reveal_ticks)
            slot_show_banner(s, BANNER_START);
        break;
    case PH_SPINNING: {
        const uint64_t k = now - s->phase_t0;
        if (s->stop_ms >= 0 && k == (uint64_t)APP_MS_TICKS(s->stop_ms)) {
            slot_shot(s, "stop", -1); /* the player's STOP, on the spin button */
            press_main(s);
        }
        for (int c = 0; c < s->def.cols; c++) { /* the first reel slowing down, halfway */
            const Reel *rl = &s->reel[c];
            if (rl->ant > 0 && rl->moving && rl->t_stop > now &&
                rl->t_stop - now == (uint64_t)(rl->ant / 2)) {
                bool first = true;
                for (int p = 0; p < c; p++)
                    first &= !(s->reel[p].ant > 0);
                if (first)
                    slot_shot(s, "anticipation", -1);
            }
        }
        if (slot_reels_update(s))
            spin_done(s);
        break;
    }
    case PH_WINS: {
        uint64_t each = (uint64_t)slot_ticks(s, TIME_WIN);
        if (s->win_at < s->nwins && now - s->win_t0 == each * 2 / 5) {
            WinKind k = s->wins[s->win_at].kind;
            slot_shot(s, k == WIN_EXPANDING ? "prize" : k == WIN_BONUS ? "bonus" : "win", s->win_at + 1);
        }
        if (s->win_at < s->nwins && now - s->win_t0 >= each) {
            s->win_at++;
            s->win_t0 = now;
            if (s->win_at < s->nwins)
                slot_cue(s, CUE_COUNT_UP, AUDIO_UI);
        }
        if (s->win_at >= s->nwins)
            advance(s);
        break;
    }
    case PH_BANNER: {
        const uint64_t len = slot_banner_ticks(s), count = slot_count_ticks(s), k = now - s->phase_t0;
        /* a count-up passing into a higher tier: its fanfare again */
        if (s->banner == BANNER_BIG_WIN && s->tier_cued < s->tier &&
            slot_tier_of(s, slot_banner_count(s, k)) > s->tier_cued) {
            s->tier_cued = slot_tier_of(s, slot_banner_count(s, k));
            slot_cue(s, CUE_WIN_BIG, AUDIO_WINS);
        }
        if (k == (count ? count + (len - count) / 2 : len / 2)) {
            static const char *const names[] = {"award", "start", "outro", "bigwin", "jackpot"};
            static const char *const tiers[] = {"bigwin", "bigwin", "megawin", "epicwin"};
            const char *name = s->banner == BANNER_BIG_WIN ? tiers[s->tier] : names[s->banner];
            if (s->banner == BANNER_AWARD)
                name = s->banner_feature == FEATURE_EXTRA ? "award-jewel"
                       : s->banner_retrigger ? "retrigger" : "award-free";
            slot_shot(s, name, -1);
        }
        if (s->banner == BANNER_BIG_WIN && s->tier > 1 && k == count / 4)
            slot_shot(s, "bigwin-count", -1); /* on its way: the first tier, counting */
        if (k >= len) {
            if (s->banner == BANNER_BIG_WIN || s->banner == BANNER_JACKPOT) {
                if (s->banner == BANNER_JACKPOT && slot_tier_of(s, s->round_win) > 0 &&
                    s->round_win > s->jackpot_amount) {
                    s->banner_amount = s->round_win;
                    slot_show_banner(s, BANNER_BIG_WIN);
                    break;
                }
                slot_settle(s, s->round_win);
            } else {
                advance(s);
            }
        }
        break;
    }
    }
    slot_update_buttons(s);
}

/* ---- drawing ------------------------------------------------------------------------------ */

/* In idle, the last round's wins keep cycling. */
static void idle_cycle(Slot *s)
{
    if (s->phase == PH_IDLE && s->nwins && app_tick(s->app) - s->win_t0 >= (uint64_t)slot_ticks(s, TIME_WIN)) {
        s->win_at = (s->win_at + 1) % s->nwins;
        s->win_t0 = app_tick(s->app);
    }
}

static void slot_update_all(void *self)
{
    slot_update(self);
    idle_cycle(self);
}

static void free_caches(Slot *s)
{
    GfxCache *all[] = {&s->panel_cache, &s->top_cache, &s->info_cache, &s->info2_cache, &s->badge_cache[0],
                       &s->badge_cache[1], &s->side_cache[0], &s->side_cache[1]};
    for (size_t i = 0; i < SDL_arraysize(all); i++)
        gfx_cache_free(all[i]);
}

static void slot_destroy(void *self)
{
    Slot *s = self;
    audio_stop_layer(app_audio(s->app), AUDIO_REELS);
    audio_stop_layer(app_audio(s->app), AUDIO_MUSIC);
    machine_destroy(s->m);
    free_caches(s);
    scenario_free(&s->sc);
    seat_free(&s->seat);
    evqueue_free(&s->queue);
    windows_destroy(s->windows);
    free(s);
}

/* ---- creation ----------------------------------------------------------------------------- */

#define SANS "fonts/DejaVuSans-Bold.ttf"
#define SERIF "fonts/DejaVuSerif-Bold.ttf"

/* A round left open by a crash: the machine replays its journal (the same commands give
 * the same round), and the scene plays the replayed events back quickly, then goes on
 * where the round stopped: waiting for START, or with the next free spin. */
static int recover(Slot *s, const StoreRound *r, Error *err)
{
    if (seat_recover(&s->seat, r, err))
        return -1;
    s->round_active = true;
    slot_queue_events(s);
    s->recovering = true;
    slot_notice(s, "GAME RECOVERED");
    advance(s);
    return 0;
}

static void store_get(void *store, const char *key, char *out, size_t size)
{
    store_setting(store, key, out, size);
}

/* The view of the kind the theme names, if it shows the game's rules. */
static int find_kind(Slot *s, Error *err)
{
    char names[64];
    s->kind = kinds_find(s->th.kind);
    if (!s->kind) {
        kinds_names(names, sizeof names);
        return error_set(err, "%s: kind: \"%s\" is not a kind the cabinet shows (%s)", s->th.path,
                         s->th.kind, names);
    }
    for (const char *const *r = s->kind->rules; *r; r++)
        if (!strcmp(*r, s->def.rules))
            return 0;
    return error_set(err, "%s: kind: the %s view cannot show %s games yet", s->th.path, s->kind->name,
                     s->def.rules);
}

static void refresh_buttons(void *self) { slot_update_buttons(self); }

int slot_create(App *a, const char *game_id, Scene *out, Error *err)
{
    const AppOptions *o = app_options(a);
    Slot *s = calloc(1, sizeof *s);
    StoreRound *open = NULL, *replay = NULL;
    const int64_t replay_id = app_take_replay(a); /* QA's replay of a past round */
    bool found = false;
    if (!s)
        return error_set(err, "out of memory");
    s->app = a;
    s->seat_host = app_seat_host(a);
    char path[512];
    if (gamedef_path(o->games_dir, game_id, path, sizeof path, err) || gamedef_load(path, &s->def, err))
        goto fail;
    /* the operator's configuration: enabled bet values, the jackpot seed (a replay: the
     * round's own) */
    if (replay_id) {
        if (seat_replay_load(&s->seat_host, replay_id, &s->def, &replay, err) ||
            opconfig_apply_json(&s->def, replay->config[0] ? replay->config : "{}", err))
            goto fail;
        snprintf(s->config, sizeof s->config, "%s", replay->config);
    } else if (opconfig_apply_all_json(&s->def, store_get, app_store(a), s->config, sizeof s->config, err)) {
        goto fail;
    }
    s->expanding = -1;
    s->pick_choice = s->pick_hover = -1;
    if (theme_load(o->themes_dir, o->assets_dir, &s->def, &s->th, err) || find_kind(s, err))
        goto fail;
    if (s->th.nline_colors < s->def.nlines) {
        error_set(err, "%s: colors.lines: %d colours for %d lines", s->th.path, s->th.nline_colors,
                  s->def.nlines);
        goto fail;
    }
    Store *store = app_store(a);
    if (!(open = malloc(sizeof *open)) || store_open_round(store, open, &found, err))
        goto fail;
    /* another game's round is that game's; a replay leaves an open round as it is */
    found = found && !strcmp(open->game, s->def.id) && !replay;
    s->bi_coin = gamedef_bet_index(&s->def, s->kind->bet_option);
    s->bi_coins = gamedef_bet_index(&s->def, "coins");
    s->bi_lines = gamedef_bet_index(&s->def, "lines");
    machine_default_bet(&s->def, &s->bet);
    slot_settings_load(s);
    if (app_scenario(a)) { /* a headless scenario run, or attract's showcase */
        if (seat_scenario_load(app_scenario(a), &s->def, &s->sc, err))
            goto fail;
        s->scripted = true;
        if (s->sc.has_bet)
            s->bet = s->sc.bet;
    }
    s->seat = (Seat){.host = &s->seat_host, .def = &s->def, .sc = s->scripted ? &s->sc : NULL, .config = s->config,
                     .replay = replay};
    replay = NULL; /* the seat's now */
    if (seat_machine_open(&s->seat, &s->bet, found ? open : NULL, err))
        goto fail;
    if (s->seat.replay) /* a forced round's scenario spins (its STOP presses) from its first */
        s->screens_shown = s->seat.replay->forced_from;
    s->m = s->seat.m;
    s->pick_tiles = machine_rules(s->m)->pick_tiles;
    /* headless autoplay draws nothing: it skips rasterizing the art */
    const GameParam *sm = gamedef_param(&s->def, "scatter_min");
    s->scatter_min = sm && !sm->array ? (int)sm->v[0] : 0;
    if (!o->autoplay && slot_load_art(s, err))
        goto fail;
    slot_layout_buttons(s);
    if (!(s->windows = slot_windows_create(s, refresh_buttons))) {
        error_set(err, "out of memory");
        goto fail;
    }
    /* the screen before the first spin: the base strips at their first stops */
    const ReelSet *rs = slot_reelset_for(s, SPIN_BASE);
    s->shown.rows = s->def.rows;
    s->shown.cols = s->def.cols;
    for (int c = 0; c < s->def.cols; c++)
        for (int r = 0; r < s->def.rows; r++)
            s->shown.cell[r][c] = rs->strip[c][r];
    if (s->seat.replay && s->seat.replay->has_show) /* a replay: the screen its round began from */
        slot_show_restore(s, s->seat.replay->show);
    s->phase = PH_IDLE;
    s->phase_t0 = app_tick(a);
    if (found && recover(s, open, err))
        goto fail;
    free(open);
    windows_open_first(s->windows, a, s->round_active);
    slot_update_buttons(s);
    audio_loop(app_audio(a), AUDIO_MUSIC, s->th.cue[CUE_MUSIC]);
    *out = (Scene){s, slot_input, slot_update_all, slot_draw, slot_destroy,
                   gfx_image_opaque(app_gfx(a), s->backdrop)};
    return 0;
fail:
    free(open);
    free(replay);
    machine_destroy(s->seat.m);
    free_caches(s);
    scenario_free(&s->sc);
    seat_free(&s->seat);
    windows_destroy(s->windows);
    free(s);
    return -1;
}
