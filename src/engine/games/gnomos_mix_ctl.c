/* gnomos_mix_ctl.c - the programmed-return controller of Gnomos Mix's lower game.
 *
 * The idea: a reserve, what the cycle owes its players. Every game feeds it the configured
 * share of its bet (bet x percent, exact in hundredths of a cent); every payment (money, or
 * Bonuses at their worth) draws on it. A payment is allowed only when the reserve covers
 * it, with a credit: early in a cycle the reserve may go below zero by up to credit_x_bet
 * bets, a credit that shrinks to nothing by the cycle's end at half the rate the bets feed
 * the reserve, so that whatever was lent is won back within the cycle. Above its target
 * (target_x_bet bets) the reserve is given back: holds and advances come more often, and an
 * Extra Spin follows a losing game with a chance that grows with the surplus. So the reserve
 * stays between about minus the credit and a little over the target, and a cycle of G games
 * returns the set percentage within (target + noise) / G bets. The reserve is carried from
 * cycle to cycle (what one cycle did not return, the next does), so the long-run return is
 * exactly the setting but for the reserve left at the end. */
#include "gnomos_mix.h"

static int64_t feed(const GnomosCtl *c, Money bet) { return bet * c->percent; }

void gnomos_ctl_begin(const GnomosCtl *c, int64_t *v, Money bet)
{
    if (v[GMC_GAMES] >= c->cycle_games) {
        v[GMC_GAMES] = v[GMC_BET] = v[GMC_PAID] = 0;
        v[GMC_CYCLES]++;
    }
    v[GMC_GAMES]++;
    v[GMC_BET] += bet;
    v[GMC_RESERVE] += feed(c, bet);
}

Money gnomos_ctl_room(const GnomosCtl *c, const int64_t *v, Money bet)
{
    int64_t left = c->cycle_games - v[GMC_GAMES];
    /* the loan is won back by the games left, each feeding about the cycle's mean bet so
     * far (never more than this game's: a two-game machine's upper bets are larger) */
    Money per_game = v[GMC_GAMES] > 0 ? v[GMC_BET] / v[GMC_GAMES] : bet;
    int64_t credit = feed(c, per_game < bet ? per_game : bet) * (left > 0 ? left : 0) / 2;
    if (credit > c->credit_x_bet * bet * 100)
        credit = c->credit_x_bet * bet * 100;
    int64_t room = v[GMC_RESERVE] + credit;
    return room > 0 ? room / 100 : 0;
}

void gnomos_ctl_pay(int64_t *v, Money cents)
{
    v[GMC_RESERVE] -= cents * 100;
    v[GMC_PAID] += cents;
}

/* The surplus over the target, in thousandths of the target (may be negative). */
static int64_t surplus(const GnomosCtl *c, const int64_t *v, Money bet)
{
    int64_t target = c->target_x_bet * bet * 100;
    return target > 0 ? (v[GMC_RESERVE] - target) * 1000 / target : 0;
}

static uint32_t clamp(int64_t x, int64_t lo, int64_t hi)
{
    return (uint32_t)(x < lo ? lo : x > hi ? hi : x);
}

uint32_t gnomos_ctl_feature_chance(const GnomosCtl *c, const int64_t *v, Money bet)
{
    return clamp(400 + surplus(c, v, bet) / 2, 50, 950);
}

uint32_t gnomos_ctl_extra_chance(const GnomosCtl *c, const int64_t *v, Money bet)
{
    return clamp(surplus(c, v, bet), 0, 900);
}

const char *gnomos_ctl_refuses(const GnomosCtl *c, const int64_t *v)
{
    (void)c; /* a cycle longer than a new setting allows ends at its next game */
    if (v[GMC_GAMES] < 0 || v[GMC_BET] < 0 || v[GMC_PAID] < 0 || v[GMC_CYCLES] < 0)
        return "a cycle's games, bet, paid or count is negative";
    return NULL;
}

int gnomos_ctl_report(const GnomosCtl *c, const int64_t *v, StateLine *out, int max)
{
    const StateLine lines[] = {
        {"Return set", c->percent * 100, STATE_PERCENT_X100},
        {"Cycle length", c->cycle_games, STATE_COUNT},
        {"Games this cycle", v[GMC_GAMES], STATE_COUNT},
        {"Bet this cycle", v[GMC_BET], STATE_MONEY},
        {"Paid this cycle", v[GMC_PAID], STATE_MONEY},
        {"Return this cycle", v[GMC_BET] ? v[GMC_PAID] * 10000 / v[GMC_BET] : 0,
         STATE_PERCENT_X100},
        {"Reserve", v[GMC_RESERVE] / 100, STATE_MONEY},
        {"Cycles completed", v[GMC_CYCLES], STATE_COUNT},
    };
    int n = 0;
    for (; n < max && n < (int)(sizeof lines / sizeof lines[0]); n++)
        out[n] = lines[n];
    return n;
}
