/* slot_play_show.c - what the video slot's timeline counts, as plain arithmetic over its
 * state: the big win's tier, the banners' and count-ups' lengths, the amount a count shows at
 * a tick, the win meter counting up, and the words a round's pictures begin from (journaled
 * for a replay). The timeline (slot_play.c) and the scene's drawing call these; they call
 * nothing back. */
#include "slot_play.h"

#include <stdio.h>

int slot_play_tier_of(const SlotPlay *p, Money win)
{
    const Money bet = p->seat->round_bet > 0 ? p->seat->round_bet : 1;
    return win >= bet * p->show.epic_win_x ? 3 : win >= bet * p->show.mega_win_x ? 2
           : win >= bet * p->show.big_win_x ? 1 : 0;
}

uint64_t slot_play_count_ticks(const SlotPlay *p)
{
    const uint64_t big = (uint64_t)p->show.big_win_ticks;
    if (p->banner == BANNER_JACKPOT)
        return big * 3 / 4;
    return p->banner == BANNER_BIG_WIN ? big / 2 * (uint64_t)(p->tier > 0 ? p->tier : 1) : 0;
}

uint64_t slot_play_banner_ticks(const SlotPlay *p)
{
    const uint64_t big = (uint64_t)p->show.big_win_ticks, b = (uint64_t)p->show.banner_ticks;
    switch (p->banner) {
    case BANNER_BIG_WIN:
        return slot_play_count_ticks(p) + big / 2;
    case BANNER_JACKPOT:
        return slot_play_count_ticks(p) + big * 3 / 4;
    case BANNER_START: /* START was pressed: a short flourish, not a wait */
        return b / 2;
    default:
        return b;
    }
}

Money slot_play_banner_count(const SlotPlay *p, uint64_t k)
{
    const Money amount = p->banner == BANNER_JACKPOT ? p->jackpot_amount : p->banner_amount;
    const Money from = p->banner == BANNER_BIG_WIN && p->count_from < amount ? p->count_from : 0;
    const uint64_t n = slot_play_count_ticks(p);
    if (p->banner_skipped || k >= n || n == 0)
        return amount;
    const double t = (double)k / (double)n, eased = 1 - (1 - t) * (1 - t) * (1 - t);
    return from + (Money)((double)(amount - from) * eased);
}

Money slot_play_meter_value(const SlotPlay *p, uint64_t now)
{
    const uint64_t n = (uint64_t)p->show.count_up_ticks, k = now - p->meter_t0;
    const Money counted =
        k >= n ? p->meter_to : p->meter_from + (Money)((double)(p->meter_to - p->meter_from) * (double)k / (double)n);
    if (p->phase == PH_BANNER && (p->banner == BANNER_BIG_WIN || p->banner == BANNER_JACKPOT)) {
        /* one story with the count, and never back down: wins a moment already told (an
         * outro, the maximum win) stay on the meter while the count catches up with them */
        const Money count = slot_play_banner_count(p, now - p->phase_t0);
        return count > counted ? count : counted;
    }
    return counted;
}

Money slot_play_feature_win_value(const SlotPlay *p, uint64_t now)
{
    const Money left = p->meter_to - slot_play_meter_value(p, now);
    return left > 0 && left <= p->feature_win ? p->feature_win - left : p->feature_win;
}

/* The screen the reels spin away from ("rows cols" and its cells, row by row), then the
 * kind's two words (a ways game's count shown above them, "known total"; " 0 0" without). */
void slot_play_show_words(const SlotPlay *p, char *out, size_t size)
{
    int n = snprintf(out, size, "%d %d", p->shown.rows, p->shown.cols);
    for (int r = 0; r < p->shown.rows; r++)
        for (int c = 0; c < p->shown.cols && n > 0 && (size_t)n < size; c++)
            n += snprintf(out + n, size - (size_t)n, " %d", p->shown.cell[r][c]);
    if (n <= 0 || (size_t)n >= size)
        return;
    if (p->kind && p->kind->show_words)
        p->kind->show_words(p->kstate, out + n, size - (size_t)n);
    else
        snprintf(out + n, size - (size_t)n, " %d %d", 0, 0);
}

void slot_play_show_restore(SlotPlay *p, const char *words)
{
    const GameDef *def = p->seat->def;
    Grid g = p->shown;
    int rows, cols, used, sym;
    if (sscanf(words, "%d %d%n", &rows, &cols, &used) != 2 || rows != def->rows || cols != def->cols)
        return;
    words += used;
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++) {
            if (sscanf(words, "%d%n", &sym, &used) != 1 || sym < 0 || sym >= def->nsymbols)
                return;
            g.cell[r][c] = (uint8_t)sym;
            words += used;
        }
    if (p->kind && p->kind->show_restore) {
        if (!p->kind->show_restore(p->kstate, words))
            return;
    } else {
        long long a, b;
        if (sscanf(words, "%lld %lld", &a, &b) != 2)
            return;
    }
    p->shown = g;
}
