/* autospin.c - see autospin.h. */
#include "autospin.h"

#include <string.h>

void autospin_start(Autospin *a, const AutospinSettings *set)
{
    memset(a, 0, sizeof *a);
    a->set = *set;
    if (a->set.spins < 1)
        a->set.spins = 1;
    if (a->set.loss_limit < 0)
        a->set.loss_limit = 0;
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
    if (a->set.loss_limit + a->wins - (a->bets + bet) < 0)
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

const char *autospin_stop_text(AutospinStop s)
{
    switch (s) {
    case AUTOSPIN_RUNNING: return "";
    case AUTOSPIN_DONE: return "Autospin finished";
    case AUTOSPIN_LOSS_LIMIT: return "Autospin stopped: loss limit reached";
    case AUTOSPIN_WIN_LIMIT: return "Autospin stopped: the win reached your limit";
    case AUTOSPIN_JACKPOT: return "Autospin stopped: jackpot won";
    case AUTOSPIN_PLAYER: return "Autospin stopped";
    case AUTOSPIN_BALANCE: return "Autospin stopped: balance too low";
    }
    return "";
}
