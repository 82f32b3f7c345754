/* gnomos_mix_common.c - Gnomos Mix Golden Edition: what its lower game (gnomos_mix.c), its
 * upper game (gnomos_mix_upper.c) and the upper game's minigames (gnomos_mix_mini.c) all
 * use: a named draw a scenario may force, a weighted draw, Bonuses from money and won, the
 * stop showing a forced column, what the controller lets the upper game pay, and the checks
 * of what a scenario may force. It calls none of them, so the three stand one over the
 * other: the lower game (the rules module) over the upper game over its minigames, and each
 * over this file. */
#include "gnomos_mix.h"

#include <stdio.h>

/* ---- helpers the lower and upper games share ----------------------------------------------- */

int64_t gnomos_draw(Machine *m, int which, int64_t drawn)
{
    int64_t forced;
    return machine_take_draw(m, which, &forced) ? forced : drawn;
}

int gnomos_weighted(Machine *m, const int64_t *w, const Money *value, int n, Money lo, Money hi)
{
    int64_t total = 0;
    for (int r = 0; r < n; r++)
        total += value[r] >= lo && value[r] <= hi ? w[r] : 0;
    uint32_t x = rng_below(machine_rng(m), total > 0 ? (uint32_t)total : 1u);
    for (int r = 0; r < n && total > 0; r++)
        if (value[r] >= lo && value[r] <= hi && (int64_t)x < w[r])
            return r;
        else if (value[r] >= lo && value[r] <= hi)
            x -= (uint32_t)w[r];
    return -1;
}

uint16_t gnomos_find_stop(const ReelSet *rs, const Grid *f, int c, uint16_t drawn)
{
    int line = -1;
    for (int s = 0; s < rs->len[c]; s++) {
        const uint8_t *w = &rs->strip[c][s];
        if (w[0] == f->cell[0][c] && w[1] == f->cell[1][c] && w[2] == f->cell[2][c])
            return (uint16_t)s;
        if (line < 0 && w[1] == f->cell[1][c])
            line = s;
    }
    return line >= 0 ? (uint16_t)line : drawn;
}

int64_t gnomos_to_bonuses(Machine *m, Money worth, Money cents)
{
    int64_t up = rng_below(machine_rng(m), (uint32_t)worth) < cents % worth;
    return cents / worth + (gnomos_forced_round_up(m, worth, cents, up) ? 1 : 0);
}

void gnomos_win_bonuses(Machine *m, Money worth, int64_t n)
{
    machine_round(m)->win_bonuses += n;
    gnomos_ctl_pay(machine_carried_state(m), n * worth);
}

Money gnomos_upper_room(const GnomosUpper *u, Machine *m)
{
    return gnomos_ctl_room(&u->ctl, machine_carried_state(m), u->stake);
}

/* ---- what a scenario may force (gnomos_mix.h): each named draw whose rules depend on the
 * point of the round is checked where the round takes it; a value the rules cannot give
 * there is refused (machine_refuse_draw) and the round goes on with the game's own. Kept
 * here, apart from the game's play, so that the lower and upper games and the minigames
 * only ask them. ---- */

/* "1.60 €" */
static const char *euros(Money cents, char *out, size_t size)
{
    snprintf(out, size, "%lld.%02lld €", (long long)(cents / 100), (long long)(cents % 100));
    return out;
}

bool gnomos_forced_round_up(Machine *m, Money worth, Money cents, bool drawn)
{
    int64_t forced;
    if (!machine_take_draw(m, GMD_BONUS_ROUND, &forced))
        return drawn;
    if (forced && cents % worth == 0) { /* "1 Bonus ≈ €0.80 (The remainder is rounded randomly)" */
        char c[32];
        machine_refuse_draw(m, "1 rounds up, but %s is exactly %lld Bonuses; nothing to round",
                            euros(cents, c, sizeof c), (long long)(cents / worth));
        return drawn;
    }
    return forced != 0;
}

int gnomos_forced_advances(Machine *m, int drawn, int nmin, int max_adv, bool money_only)
{
    int64_t forced;
    if (!machine_take_draw(m, GMD_ADVANCES, &forced))
        return drawn;
    if (forced > 0 && nmin > max_adv) {
        machine_refuse_draw(m, "%lld, but no %s is within reach of the line in %d advances; "
                            "advances come only when one is", (long long)forced,
                            money_only ? "money prize" : "prize or pair", max_adv);
        return drawn;
    }
    if (forced > 0 && forced < nmin) {
        machine_refuse_draw(m, "%lld, but the nearest %s is %d advances away; advances come "
                            "when it is within their reach", (long long)forced,
                            money_only ? "money prize" : "prize or pair", nmin);
        return drawn;
    }
    if (forced > max_adv) {
        machine_refuse_draw(m, "%lld, but the machine gives at most %d advances",
                            (long long)forced, max_adv);
        return drawn;
    }
    return (int)forced;
}

int64_t gnomos_forced_choice_bonus(Machine *m, int64_t drawn, Money gap, Money cap, Money worth)
{
    int64_t forced;
    if (!machine_take_draw(m, GMD_CHOICE_BONUS, &forced))
        return drawn;
    char a[32], b[32];
    if (forced > 0 && gap <= 0) {
        machine_refuse_draw(m, "%lld Bonuses, but the prize accepted is the best offer; the bonus "
                            "prize complements a less advantageous selection", (long long)forced);
        return drawn;
    }
    if (forced > 0 && forced * worth > gap) {
        machine_refuse_draw(m, "%lld Bonuses (%s), but they complement the selection up to the "
                            "better offer refused, %s more", (long long)forced,
                            euros(forced * worth, a, sizeof a), euros(gap, b, sizeof b));
        return drawn;
    }
    if (forced > 0 && forced * worth > cap) {
        machine_refuse_draw(m, "%lld Bonuses (%s), but the prize and Bonuses are at most the "
                            "bet's maximum prize, %s more", (long long)forced,
                            euros(forced * worth, a, sizeof a), euros(cap, b, sizeof b));
        return drawn;
    }
    return forced;
}

void gnomos_forced_screen(Machine *m, const ReelSet *rs, const Grid *forced, uint32_t held_reels)
{
    CellMask held = 0;
    for (int c = 0; c < forced->cols; c++)
        if (held_reels >> c & 1u)
            held |= grid_bit(0, c) | grid_bit(1, c) | grid_bit(2, c);
    machine_forced_reach(m, rs, forced, held);
}
