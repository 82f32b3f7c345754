/* autospin.h - the autospin feature's bookkeeping, as the rules describe it.
 *
 * Plain C with no SDL, so its rules are tested on their own (tests/test_autospin.c):
 *   - it plays the chosen number of spins at the current bet, counting down (STOP xx/yy);
 *   - loss limit: it stops when the limit plus the cumulative winnings minus the cumulative
 *     bets would be less than 0 (checked before each spin with that spin's bet, so the
 *     limit is never passed);
 *   - stop if WIN reaches: a round whose win reaches the amount stops it (optional);
 *   - stop if JACKPOT is won (optional);
 *   - it never starts free spins: that is the player's (the cabinet waits for START).
 * Amounts are Money (minor units). */
#ifndef SLOTCAB_AUTOSPIN_H
#define SLOTCAB_AUTOSPIN_H

#include "money.h"

#include <stdbool.h>

typedef enum AutospinStop {
    AUTOSPIN_RUNNING,
    AUTOSPIN_DONE,       /* all chosen spins played */
    AUTOSPIN_LOSS_LIMIT, /* the next bet would pass the loss limit */
    AUTOSPIN_WIN_LIMIT,  /* a round's win reached the chosen amount */
    AUTOSPIN_JACKPOT,    /* the jackpot was won */
    AUTOSPIN_PLAYER,     /* the player pressed STOP */
    AUTOSPIN_BALANCE,    /* the balance is less than the bet */
} AutospinStop;

typedef struct AutospinSettings {
    int spins;          /* spins to play, at least 1 */
    Money loss_limit;   /* at least 0 */
    bool stop_on_win;   /* "Stop if WIN reaches" */
    Money win_limit;
    bool stop_on_jackpot;
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
 * it stops and says why (a->stop). */
bool autospin_next(Autospin *a, Money bet, Money balance);
/* After a round it played: its bet, its win, and whether it won the jackpot. */
void autospin_round(Autospin *a, Money bet, Money win, bool jackpot);
void autospin_cancel(Autospin *a);
/* Spins still to play (the xx of STOP xx/yy). */
int autospin_left(const Autospin *a);
const char *autospin_stop_text(AutospinStop s);

#endif
