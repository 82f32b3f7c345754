/* autospin.h - the autospin (autoplay) feature's bookkeeping, as the rules describe it.
 *
 * Plain C with no SDL, so its rules are tested on their own (tests/test_autospin.c).
 *
 * Mona Lisa Jewels (rules section 4, "autospin"):
 *   - it plays the chosen number of spins at the current bet, counting down (STOP xx/yy);
 *   - loss limit (always on for this game): it stops when the limit plus the cumulative
 *     winnings minus the cumulative bets would be less than 0 (checked before each spin with
 *     that spin's bet, so the limit is never passed);
 *   - stop if WIN reaches: a round whose win reaches the amount stops it (optional);
 *   - stop if JACKPOT is won (optional);
 *   - it never starts free spins: that is the player's (the cabinet waits for START).
 *
 * Gonzo's Gold ("AutoPlay"), every stop condition optional:
 *   - With any win: a round that wins something (win > 0) stops it (stop_any_win);
 *   - If the single win exceeds: a round whose win equals or exceeds the amount stops it
 *     (the same rule as Mona Lisa's "Stop if WIN reaches": stop_on_win / win_limit);
 *   - If the balance increases by: after a round, when the cumulative winnings minus the
 *     cumulative bets reach the amount (>= gain_limit), it stops (stop_on_gain);
 *   - If the balance decreases by: the loss limit above, with the same semantics for both
 *     games: it stops before a spin whose bet could take the balance below
 *     start - loss_limit, so the decrease never passes the amount. It is on unless
 *     no_loss_limit is set;
 *   - Reset removes all the selected stop conditions: autospin_reset_stops().
 *
 * Both games: the player's STOP stops it at any time, and it stops when the balance is less
 * than the bet. When several conditions fire after the same round, the reason given is the
 * first of: jackpot, win limit, any win, gain limit, all spins played.
 * Amounts are Money (minor units). */
#ifndef SLOTCAB_AUTOSPIN_H
#define SLOTCAB_AUTOSPIN_H

#include "money.h"

#include <stdbool.h>

/* New values go at the end: the existing ones do not change. */
typedef enum AutospinStop {
    AUTOSPIN_RUNNING,
    AUTOSPIN_DONE,       /* all chosen spins played */
    AUTOSPIN_LOSS_LIMIT, /* the next bet would pass the loss limit */
    AUTOSPIN_WIN_LIMIT,  /* a round's win reached the chosen amount */
    AUTOSPIN_JACKPOT,    /* the jackpot was won */
    AUTOSPIN_PLAYER,     /* the player pressed STOP */
    AUTOSPIN_BALANCE,    /* the balance is less than the bet */
    AUTOSPIN_ANY_WIN,    /* a round won something (win > 0) */
    AUTOSPIN_GAIN_LIMIT, /* cumulative wins - cumulative bets reached gain_limit */
} AutospinStop;

/* The zero value of every optional field keeps Mona Lisa's behaviour, so settings built with
 * designated initializers that leave out the newer fields behave as before. */
typedef struct AutospinSettings {
    int spins;          /* spins to play, at least 1 */
    Money loss_limit;   /* at least 0; applies unless no_loss_limit */
    bool stop_on_win;   /* "Stop if WIN reaches" / "If the single win exceeds" */
    Money win_limit;
    bool stop_on_jackpot;
    bool stop_any_win;  /* "With any win": a round with win > 0 stops it */
    bool stop_on_gain;  /* "If the balance increases by" */
    Money gain_limit;   /* at least 0: stops when wins - bets >= gain_limit */
    /* "If the balance decreases by" turned off. Named in the negative so that false (the
     * zero value) means the loss limit applies, as it always does for Mona Lisa. */
    bool no_loss_limit;
} AutospinSettings;

typedef struct Autospin {
    AutospinSettings set;
    bool active;
    int played;
    Money bets, wins; /* cumulative, since START */
    AutospinStop stop;
} Autospin;

void autospin_start(Autospin *a, const AutospinSettings *set);
/* Before a spin: true when autospin goes on with a spin at `bet` and `balance`; otherwise
 * it stops and says why (a->stop). The loss limit is checked here (unless no_loss_limit). */
bool autospin_next(Autospin *a, Money bet, Money balance);
/* After a round it played: its bet, its win, and whether it won the jackpot. The jackpot,
 * win limit, any win and gain limit conditions are checked here, in that order. */
void autospin_round(Autospin *a, Money bet, Money win, bool jackpot);
void autospin_cancel(Autospin *a);
/* Spins still to play (the xx of STOP xx/yy). */
int autospin_left(const Autospin *a);
const char *autospin_stop_text(AutospinStop s);
/* The rules' Reset ("Click Reset to remove all selected stop conditions from AutoPlay"):
 * clears every optional stop condition (stop_any_win, stop_on_win, stop_on_gain,
 * stop_on_jackpot become false, no_loss_limit becomes true), keeping spins and the amounts
 * (loss_limit, win_limit, gain_limit) so turning a condition back on restores its amount. */
void autospin_reset_stops(AutospinSettings *set);

#endif
