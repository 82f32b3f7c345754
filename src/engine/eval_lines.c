/* eval_lines.c - left-to-right line wins with a wild, by bitmasks of lines.
 *
 * For each reel and symbol we have the set of lines (a 32-bit mask) whose cell on that reel
 * shows the symbol or a wild that stands for it. ANDing those masks reel by reel gives, for
 * every symbol at once, the lines on which it runs 1, 2, ... 5 reels from the left. Only the
 * lines that win at all are then looked at one by one to pick their highest win. Each reel
 * also carries the set of symbols it shows at all, so the symbols that can run the first
 * `need` reels are known from a few ANDs before any line mask is touched: a spin with no win
 * usually costs three ANDs. The masks of a reel depend only on its cells, so a game can
 * tabulate them per reel stop. */
#include "eval.h"

#include <assert.h>
#include <stdbool.h>
#include <string.h>

void eval_lines_init(LineEval *le)
{
    assert(le->nlines <= EVAL_MAX_LINES && le->cols <= GRID_MAX_COLS && le->rows <= GRID_MAX_ROWS);
    memset(le->through, 0, sizeof le->through);
    memset(le->line_cells, 0, sizeof le->line_cells);
    for (int l = 0; l < le->nlines; l++)
        for (int c = 0; c < le->cols; c++) {
            le->through[c][le->line_rows[l][c]] |= 1u << l;
            le->line_cells[l][c + 1] = le->line_cells[l][c] | grid_bit(le->line_rows[l][c], c);
        }
    le->nsyms = 0;
    le->subst = 0;
    for (int s = 0; s < EVAL_MAX_SYMBOLS; s++) {
        le->slot[s] = -1;
        if (!(le->line_symbols >> s & 1u) || s == le->wild)
            continue;
        if (!(le->wild_excluded >> s & 1u))
            le->subst |= 1u << le->nsyms;
        le->slot[s] = (int8_t)le->nsyms;
        le->syms[le->nsyms++] = (uint8_t)s;
    }
    le->stride = (uint8_t)(le->nsyms + 2);
    le->min_count = 0;
    for (int n = 1; n <= le->cols && !le->min_count; n++)
        for (int k = 0; k < le->nsyms; k++)
            if (le->pays->pay[le->syms[k]][n] > 0) {
                le->min_count = (uint8_t)n;
                break;
            }
    memset(le->step, 0, sizeof le->step);
    for (int k = 0; k < le->nsyms && le->min_count; k++) {
        int32_t below = 0;
        const int32_t *pays = le->pays->pay[le->syms[k]];
        for (int n = le->min_count; n <= le->cols; n++) {
            const int32_t pay = pays[n] > 0 ? pays[n] : 0;
            le->step[k][n - 1] = pay - below;
            below = pay;
        }
    }
}

void eval_lines_reel_masks(const LineEval *le, const Grid *g, int c, LineMasks *lm)
{
    uint32_t *on = lm->on[c];
    uint32_t wild_lines = 0, present = 0;
    for (int k = 0; k < le->stride; k++)
        on[k] = 0;
    for (int r = 0; r < le->rows; r++) {
        uint8_t sym = g->cell[r][c];
        if (sym == le->wild) {
            wild_lines |= le->through[c][r];
        } else if (sym < EVAL_MAX_SYMBOLS && le->slot[sym] >= 0) {
            on[le->slot[sym]] |= le->through[c][r];
            present |= 1u << le->slot[sym];
        }
    }
    if (wild_lines) {
        for (int k = 0; k < le->nsyms; k++)
            if (le->subst >> k & 1u)
                on[k] |= wild_lines;
        present |= le->subst;
    }
    on[le->nsyms] = present;
    on[le->nsyms + 1] = wild_lines;
}

/* The evaluation over reel masks `on`; inlined with constant `cols` and `need` for the
 * common shape (5 reels, wins from 3), so that its loops unroll. */
static inline __attribute__((always_inline)) int
eval_masks(const LineEval *le, const uint32_t *const *on, uint32_t active, const uint8_t *wild_mult,
           LineWin *out, int max, const int cols, const int need)
{
    const int nsyms = le->nsyms;

    /* the slots shown on each of the first `need` reels, then their line masks */
    uint32_t cand = ~0u;
    for (int c = 0; c < need; c++)
        cand &= on[c][nsyms];
    uint32_t run[EVAL_MAX_SYMBOLS][GRID_MAX_COLS];
    uint32_t winning = 0, symwin = 0;
    for (; cand; cand &= cand - 1) {
        int k = __builtin_ctz(cand);
        uint32_t m = active;
        for (int c = 0; c < need; c++)
            m &= on[c][k];
        if (!m)
            continue;
        symwin |= 1u << k;
        winning |= m;
        run[k][need - 1] = m;
        for (int c = need; c < cols; c++)
            run[k][c] = m &= on[c][k];
    }

    if (!winning)
        return 0;

    /* each winning line's best combination: the runs are nested (run[k][c + 1] is within
     * run[k][c]), so a line's count is `need` plus its bits in the later runs. The wilds in
     * a combination are counted per candidate only when they multiply its pay. */
    uint32_t wild_lines = 0;
    for (int c = 0; c < cols; c++)
        wild_lines |= on[c][nsyms + 1];
    int n = 0;
    while (winning && n < max) {
        const int l = __builtin_ctz(winning);
        winning &= winning - 1;
        const bool has_wild = wild_lines >> l & 1u;
        long long best_value = -1;
        int best_sym = 0, best_count = 0, best_wilds = 0;
        int32_t best_pay = 0;
        uint8_t best_mult = 1;
        for (uint32_t ks = symwin; ks; ks &= ks - 1) {
            const int k = __builtin_ctz(ks);
            if (!(run[k][need - 1] >> l & 1u))
                continue;
            int count = need;
            for (int c = need; c < cols; c++)
                count += (int)(run[k][c] >> l & 1u);
            const int s = le->syms[k];
            const int32_t pay = le->pays->pay[s][count];
            if (pay <= 0)
                continue;
            int wilds = 0;
            uint8_t mult = 1;
            if (wild_mult) {
                if (has_wild)
                    for (int c = 0; c < count; c++)
                        wilds += (int)(on[c][nsyms + 1] >> l & 1u);
                mult = wild_mult[wilds > 5 ? 5 : wilds];
            }
            const long long value = (long long)pay * mult;
            /* the largest pay, then the longer combination, then the lower symbol */
            if (value > best_value ||
                (value == best_value &&
                 (count > best_count || (count == best_count && s < best_sym)))) {
                best_value = value;
                best_sym = s;
                best_count = count;
                best_pay = pay;
                best_mult = mult;
                best_wilds = wilds;
            }
        }
        if (best_value < 0)
            continue;
        if (!wild_mult && has_wild)
            for (int c = 0; c < best_count; c++)
                best_wilds += (int)(on[c][nsyms + 1] >> l & 1u);
        LineWin *w = &out[n++];
        w->line = (uint8_t)l;
        w->symbol = (uint8_t)best_sym;
        w->count = (uint8_t)best_count;
        w->wilds = (uint8_t)best_wilds;
        w->mult = best_mult;
        w->pay = best_pay;
        w->cells = le->line_cells[l][best_count];
    }
    return n;
}

int eval_lines(const LineEval *le, const Grid *g, const uint32_t *const *reels, uint32_t active,
               const uint8_t *wild_mult, LineWin *out, int max)
{
    if (!le->min_count || !active)
        return 0;
    LineMasks built;
    const uint32_t *built_reels[GRID_MAX_COLS];
    const uint32_t *const *on = reels;
    if (!on) {
        for (int c = 0; c < le->cols; c++) {
            eval_lines_reel_masks(le, g, c, &built);
            built_reels[c] = built.on[c];
        }
        on = built_reels;
    }
    if (le->cols == 5 && le->min_count == 3)
        return eval_masks(le, on, active, wild_mult, out, max, 5, 3);
    return eval_masks(le, on, active, wild_mult, out, max, le->cols, le->min_count);
}
