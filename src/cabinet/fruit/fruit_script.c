/* fruit_script.c - the fruit machine's unattended player, over the presses of fruit.c: a
 * headless scenario answers every offer with the game's AUTO (which plays the scenario's
 * own commands first) as the player's presses, at a pace a person can follow, presses GAME
 * CHANGE where the scenario says, and saves its moments; --autoplay N plays N rounds through
 * the store as fast as the timeline allows; a benchmark plays rounds for ever. */
#include "fruit_priv.h"

/* Plays the game's AUTO answer as the player's press it is. */
static void play_choice(Fruit *f, const Command *c)
{
    switch (c->type) {
    case CMD_HOLD:
        f->play.hold_sel = c->arg;
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
        if (f->play.mini.game) { /* a minigame's choice */
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
    const Scenario *sc = seat_scenario(&f->play.seat);
    const int at = seat_forced_position(&f->play.seat) - 1;
    if (!sc || at < 0 || at >= sc->nspins)
        return false;
    const ForcedSpin *sp = &sc->spins[at];
    for (int k = 0; k < sp->nplay; k++)
        if (sp->play[k].automatic)
            return true;
    return false;
}

/* The game's AUTO answer to the offer, played; a replay's, the journal's next command (one
 * the presses cannot make at this offer stops the replay: it would wait for ever). */
static void answer(Fruit *f)
{
    Command c;
    if (!f->play.seat.replay) {
        if (fruit_auto_choice(f, &c))
            play_choice(f, &c);
        return;
    }
    const int at = f->play.seat.replay_next;
    const bool has = seat_replay_next(&f->play.seat, &c);
    if (has)
        play_choice(f, &c);
    if (f->play.seat.replay_next == at && !app_quitting(f->app)) {
        Error err;
        if (has)
            error_set(&err, "replay of round %lld: the journal's command %d (%s %u) is not one the machine "
                      "offers now", (long long)f->play.seat.replay->id, at + 1, command_name(c.type), c.arg);
        else
            error_set(&err, "replay of round %lld: the journal ends where the round waits for a choice",
                      (long long)f->play.seat.replay->id);
        app_fail(f->app, &err);
    }
}

/* --autoplay N: N rounds through the store as fast as the timeline allows. */
static void autoplay_step(Fruit *f, int rounds)
{
    f->play.phase_len = 0;
    if (f->play.phase == FP_WAIT) {
        answer(f);
        return;
    }
    if (f->play.phase == FP_IDLE && !f->play.round_active &&
        app_autoplay_next(f->app, &f->play.seat, &f->autoplayed, rounds, fruit_bet_total(f)))
        fruit_begin_round(f);
}

/* The moment a scripted run waits at, named for its screenshot. */
static const char *wait_moment(const Fruit *f, uint32_t allowed)
{
    if (fruit_play_mini_moment(&f->play))
        return fruit_play_mini_moment(&f->play);
    if (allowed & 1u << CMD_HOLD)
        return "hold";
    if (allowed & 1u << CMD_ADVANCE)
        return "advances";
    if (allowed & 1u << CMD_PICK)
        return "lids";
    if ((allowed & 1u << CMD_RISK) && f->play.shown_upper)
        return "double";
    if (allowed & 1u << CMD_RISK)
        return f->play.ladder == LADDER_SEESAW ? "seesaw" : f->play.ladder == LADDER_UP_NOTHING ? "up-nothing" : "sube-bonos";
    return "wait";
}

void fruit_script_step(Fruit *f)
{
    const AppOptions *o = app_options(f->app);
    if (o->autoplay) {
        autoplay_step(f, o->autoplay);
        return;
    }
    const uint64_t since = app_tick(f->app) - f->play.phase_t0;
    if (f->play.phase == FP_WAIT) {
        const uint32_t allowed = machine_allowed(f->play.m);
        if ((allowed & 1u << CMD_ADVANCE) && !f->play.auto_adv && auto_played(f))
            f->play.auto_adv = true; /* the scenario's player pressed AUTO */
        const bool quick = (allowed & 1u << CMD_ADVANCE) && f->play.auto_adv;
        const uint64_t pace = (uint64_t)APP_MS_TICKS(quick ? 450 : 1300);
        if (since == pace / 2)
            fruit_shot_next(f, wait_moment(f, allowed));
        if (since >= pace)
            answer(f);
        return;
    }
    if (f->play.phase != FP_IDLE || f->play.round_active)
        return;
    if (f->play.seat.replay) { /* QA's replay: its one round (the game it was played in), then its end */
        if (!f->play.seat.replay_begun)
            fruit_begin_round(f);
        else if (since >= (uint64_t)APP_MS_TICKS(1200))
            app_replay_finish(f->app, f->def.id);
        return;
    }
    if (o->bench_frames) {
        if (since >= 30) {
            if (app_balance(f->app) < fruit_bet_total(f))
                store_credit_in(app_store(f->app), 100000000, "benchmark", NULL);
            fruit_begin_round(f);
        }
        return;
    }
    if (since < (uint64_t)APP_MS_TICKS(1200) && f->play.seat.round_no > 0)
        return;
    if (f->play.seat.round_no == 0 || machine_forced_left(f->play.m) > 0) {
        /* the scenario's player presses GAME CHANGE before this spin's round */
        const int k = f->sc.nspins - machine_forced_left(f->play.m);
        if (k >= 0 && k < f->sc.nspins && f->sc.game_change[k] && f->changed_for != k) {
            f->changed_for = k;
            fruit_game_change(f);
            return;
        }
        if (!f->swapping)
            fruit_begin_round(f);
        return;
    }
    /* a headless scenario run ends here; a showcase whose attract a key just ended (its
     * scene still up until the switch, a tick later) must not end the cabinet */
    if (!app_scenario_over(f->app) && o->scenario && windows_shoot(f->windows, o->open, false))
        app_quit(f->app, 0);
}
