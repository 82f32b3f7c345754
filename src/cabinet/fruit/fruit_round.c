/* fruit_round.c - the fruit machine's rounds as the scene begins them: the balance and the
 * Bonuses checked against the bet (a low balance opens its window; an unattended run that
 * cannot go on fails), the round begun through the timeline (core/fruit_play.c, which
 * journals, queues and plays), the bet, the game's AUTO answer (an unattended run fails
 * when there is none), and the words a round's pictures begin from (Seat.show). */
#include "fruit_priv.h"

#include <stdio.h>
#include <string.h>

bool fruit_set_bet(Fruit *f, int64_t bet)
{
    Bet b = f->bet;
    b.v[fruit_chip_option(f)] = bet;
    Error err;
    if (f->play.round_active || machine_set_bet(f->play.m, &b, &err))
        return false;
    f->bet = b;
    fruit_plan_compute(f);
    return true;
}

void fruit_begin_round(Fruit *f)
{
    const Money bet = fruit_bet_total(f);
    const bool unattended = f->scripted || app_options(f->app)->autoplay;
    Error err;
    if (fruit_is_upper(f) && seat_balance(&f->play.seat) >= bet && !fruit_bet_covered(f, !unattended)) {
        if (f->scripted)
            error_set(&err, "the Bonuses held are fewer than the bet's: give %s its \"bonuses\"", f->sc.path);
        else if (unattended) /* --autoplay: it would wait for ever */
            error_set(&err, "--autoplay: the Bonuses held (%lld) do not cover the upper game's bet",
                      (long long)store_bonuses(app_store(f->app)));
        if (unattended)
            app_fail(f->app, &err);
        return;
    }
    if (seat_balance(&f->play.seat) < bet) {
        if (f->scripted) {
            error_set(&err, "--balance: the balance is less than the bet of %s", f->sc.path);
            app_fail(f->app, &err);
            return;
        }
        windows_open(f->windows, WINDOW_LOW_BALANCE);
        return;
    }
    fruit_show_words(f, f->play.seat.show, sizeof f->play.seat.show);
    if (fruit_play_begin(&f->play, &f->bet, app_tick(f->app), &err))
        app_fail(f->app, &err);
}

bool fruit_auto_choice(Fruit *f, Command *c)
{
    const char *who = f->scripted ? f->sc.path : app_options(f->app)->autoplay ? "--autoplay" : NULL;
    return fruit_play_auto_choice(&f->play, c, who);
}

/* What a round's pictures begin from, as the seat journals it for a replay (Seat.show): each
 * reel's stop, where it rests on its strip (a float, exactly) and whether it landed from a
 * spin. */
void fruit_show_words(const Fruit *f, char *out, size_t size)
{
    int n = 0;
    for (int c = 0; c < FR_REELS && n >= 0 && (size_t)n < size; c++)
        n += snprintf(out + n, size - (size_t)n, "%s%d %.9g %d", c ? " " : "", f->play.stop[c], (double)f->reel[c].to,
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
        f->play.stop[c] = stop[c];
        /* landed long ago (its bounce over): it rests where it did */
        f->reel[c] = (FruitReel){.from = to[c], .to = to[c], .spinning = spun[c] != 0, .landed = true};
    }
}
