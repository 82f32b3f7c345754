/* fruit_round.c - the fruit machine's rounds through the machine and the memory: the queue
 * of the machine's events, the player's commands (journaled by the seat before the machine
 * plays them), the round begun and settled, a round a crash left open replayed, the bet, and
 * the game's AUTO answer. It only queues the events: the timeline above it (fruit.c) plays
 * them, so whoever begins or recovers a round then calls fruit_advance. */
#include "fruit_priv.h"
#include "evlog.h"

#include <stdio.h>
#include <string.h>

void fruit_queue_events(Fruit *f)
{
    Error err;
    if (evqueue_fill(&f->queue, f->m, &err))
        app_fail(f->app, &err);
}

bool fruit_queue_pop(Fruit *f, Event *e)
{
    if (!evqueue_pop(&f->queue, e))
        return false;
    evlog_presented(app_evlog(f->app), e); /* QA's event log: presented from now */
    return true;
}

void fruit_send(Fruit *f, CommandType type, uint32_t arg)
{
    Error err;
    if (seat_send(&f->seat, type, arg, &err) == 0)
        fruit_queue_events(f);
    else
        app_fail(f->app, &err);
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

bool fruit_start_round(Fruit *f)
{
    const Money bet = fruit_bet_total(f);
    const bool unattended = f->scripted || app_options(f->app)->autoplay;
    if (fruit_is_upper(f) && seat_balance(&f->seat) >= bet && !fruit_bet_covered(f, !unattended)) {
        Error err;
        if (f->scripted)
            error_set(&err, "the Bonuses held are fewer than the bet's: give %s its \"bonuses\"", f->sc.path);
        else if (unattended) /* --autoplay: it would wait for ever */
            error_set(&err, "--autoplay: the Bonuses held (%lld) do not cover the upper game's bet",
                      (long long)store_bonuses(app_store(f->app)));
        if (unattended)
            app_fail(f->app, &err);
        return false;
    }
    if (seat_balance(&f->seat) < bet) {
        if (f->scripted) {
            Error err;
            error_set(&err, "--balance: the balance is less than the bet of %s", f->sc.path);
            app_fail(f->app, &err);
            return false;
        }
        windows_open(f->windows, WINDOW_LOW_BALANCE);
        return false;
    }
    Error err;
    fruit_cue(f, CUE_BUTTON, AUDIO_UI);
    fruit_show_words(f, f->seat.show, sizeof f->seat.show);
    if (seat_round_begin(&f->seat, &f->bet, &err)) {
        app_fail(f->app, &err);
        return false;
    }
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
    return true;
}

/* The round's win and Bonuses credited with its history row and meters: one transaction. */
void fruit_settle(Fruit *f)
{
    Error err;
    if (seat_settle(&f->seat, f->round_win, f->extra_spins, &err)) {
        app_fail(f->app, &err);
        return;
    }
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

/* A round left open by a crash: the machine replays its journal and its events are queued
 * (the caller plays them back quickly, fruit_advance, and the round waits where it stopped). */
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

/* What a round's pictures begin from, as the seat journals it for a replay (Seat.show): each
 * reel's stop, where it rests on its strip (a float, exactly) and whether it landed from a
 * spin. */
void fruit_show_words(const Fruit *f, char *out, size_t size)
{
    int n = 0;
    for (int c = 0; c < FR_REELS && n >= 0 && (size_t)n < size; c++)
        n += snprintf(out + n, size - (size_t)n, "%s%d %.9g %d", c ? " " : "", f->stop[c], (double)f->reel[c].to,
                      f->reel[c].spinning);
}

/* A replay shows them again; words it cannot read (another version's) leave the scene's own. */
void fruit_show_restore(Fruit *f, const char *words)
{
    int stop[FR_REELS], spun[FR_REELS], used;
    float to[FR_REELS];
    for (int c = 0; c < FR_REELS; c++) {
        if (sscanf(words, "%d %f %d%n", &stop[c], &to[c], &spun[c], &used) != 3)
            return;
        words += used;
    }
    for (int c = 0; c < FR_REELS; c++) {
        f->stop[c] = stop[c];
        /* landed long ago (its bounce over): it rests where it did */
        f->reel[c] = (FruitReel){.from = to[c], .to = to[c], .spinning = spun[c] != 0, .landed = true};
    }
}
