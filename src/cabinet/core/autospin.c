/* autospin.c - see autospin.h. */
#include "autospin.h"
#include "lang.h"

#include <string.h>

void autospin_start(Autospin *a, const AutospinSettings *set)
{
    memset(a, 0, sizeof *a);
    a->set = *set;
    if (a->set.spins < 1)
        a->set.spins = 1;
    if (a->set.loss_limit < 0)
        a->set.loss_limit = 0;
    if (a->set.gain_limit < 0)
        a->set.gain_limit = 0;
    a->active = true;
    a->stop = AUTOSPIN_RUNNING;
}

static bool halt(Autospin *a, AutospinStop why)
{
    a->active = false;
    a->stop = why;
    return false;
}

bool autospin_next(Autospin *a, Money bet, Money balance)
{
    if (!a->active)
        return false;
    if (a->played >= a->set.spins)
        return halt(a, AUTOSPIN_DONE);
    if (balance < bet)
        return halt(a, AUTOSPIN_BALANCE);
    if (!a->set.no_loss_limit && a->set.loss_limit + a->wins - (a->bets + bet) < 0)
        return halt(a, AUTOSPIN_LOSS_LIMIT);
    return true;
}

void autospin_round(Autospin *a, Money bet, Money win, bool jackpot)
{
    if (!a->active)
        return;
    a->played++;
    a->bets += bet;
    a->wins += win;
    if (a->set.stop_on_jackpot && jackpot)
        halt(a, AUTOSPIN_JACKPOT);
    else if (a->set.stop_on_win && win >= a->set.win_limit)
        halt(a, AUTOSPIN_WIN_LIMIT);
    else if (a->set.stop_any_win && win > 0)
        halt(a, AUTOSPIN_ANY_WIN);
    else if (a->set.stop_on_gain && a->wins - a->bets >= a->set.gain_limit)
        halt(a, AUTOSPIN_GAIN_LIMIT);
    else if (a->played >= a->set.spins)
        halt(a, AUTOSPIN_DONE);
}

void autospin_cancel(Autospin *a)
{
    if (a->active)
        halt(a, AUTOSPIN_PLAYER);
}

int autospin_left(const Autospin *a)
{
    return a->active ? a->set.spins - a->played : 0;
}

/* English, marked for the catalogue: the screen that shows it translates it. */
const char *autospin_stop_text(AutospinStop s)
{
    switch (s) {
    case AUTOSPIN_RUNNING: return "";
    case AUTOSPIN_DONE: return N_("Autospin finished");
    case AUTOSPIN_LOSS_LIMIT: return N_("Autospin stopped: loss limit reached");
    case AUTOSPIN_WIN_LIMIT: return N_("Autospin stopped: the win reached your limit");
    case AUTOSPIN_JACKPOT: return N_("Autospin stopped: jackpot won");
    case AUTOSPIN_PLAYER: return N_("Autospin stopped");
    case AUTOSPIN_BALANCE: return N_("Autospin stopped: balance too low");
    case AUTOSPIN_ANY_WIN: return N_("Autospin stopped: a round won");
    case AUTOSPIN_GAIN_LIMIT: return N_("Autospin stopped: the balance went up by your limit");
    }
    return "";
}

void autospin_reset_stops(AutospinSettings *set)
{
    set->stop_any_win = false;
    set->stop_on_win = false;
    set->stop_on_gain = false;
    set->stop_on_jackpot = false;
    set->no_loss_limit = true;
}
