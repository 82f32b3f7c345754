/* gnomos_mix_forcing.c - what a scenario may force in Gnomos Mix: each named draw whose
 * rules depend on the point of the round is checked where the round takes it, and a value
 * the rules cannot give there is refused (machine_refuse_draw: the round goes on with the
 * game's own value, and the scenario is refused by its reader). The checks live here, apart
 * from the game, so that the game's files only ask them. */
#include "gnomos_mix.h"

#include <stdio.h>

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
