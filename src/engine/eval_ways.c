/* eval_ways.c - "243 ways" wins: a symbol pays when it shows anywhere on consecutive reels
 * from the left, once per way (one cell picked on each of those reels).
 *
 * A first pass over the window builds, for each reel, the set of symbols (a 32-bit mask) that
 * at least one cell with a nonzero worth counts for; a wild adds every symbol it replaces.
 * ANDing those sets from reel 0 gives each symbol's run length without looking at the cells
 * again, so a symbol that does not pay costs a few bit operations. Only a paying symbol is
 * gone over a second time, to sum the worth of its cells reel by reel and collect them. */
#include "eval.h"

static uint32_t cell_worth(const uint8_t multiplicity[GRID_MAX_ROWS][GRID_MAX_COLS],
                           const uint8_t wild_mult[GRID_MAX_ROWS][GRID_MAX_COLS], int is_wild,
                           int r, int c)
{
    uint32_t w = multiplicity ? multiplicity[r][c] : 1u;
    if (is_wild && wild_mult)
        w *= wild_mult[r][c];
    return w;
}

/* ways * s, saturating at UINT64_MAX. A reel sums at most 5 * 255 * 255 < 2^19, so the
 * product cannot overflow while ways < 2^45, and the division is only paid past that. */
static uint64_t mul_sat(uint64_t ways, uint32_t s)
{
    if (ways >> 45 == 0 || ways <= UINT64_MAX / s)
        return ways * s;
    return UINT64_MAX;
}

int eval_ways(const WaysEval *we, const Grid *g,
              const uint8_t multiplicity[GRID_MAX_ROWS][GRID_MAX_COLS],
              const uint8_t wild_mult[GRID_MAX_ROWS][GRID_MAX_COLS],
              WaysWin *out, int max)
{
    const int rows = g->rows < GRID_MAX_ROWS ? g->rows : GRID_MAX_ROWS;
    const int cols = g->cols < GRID_MAX_COLS ? g->cols : GRID_MAX_COLS;
    const uint8_t wild = we->wild;
    const int has_wild = wild < EVAL_MAX_SYMBOLS;
    uint32_t syms = we->ways_symbols;
    uint32_t wild_for = 0;
    if (has_wild) {
        syms &= ~(1u << wild);
        wild_for = syms & ~we->wild_excluded;
    }
    if (max <= 0 || cols == 0 || !syms)
        return 0;

    /* on[c]: symbols with a cell of nonzero worth on reel c, the wild as itself at first */
    uint32_t on[GRID_MAX_COLS];
    const int weighted = multiplicity || wild_mult;
    for (int c = 0; c < cols; c++) {
        uint32_t m = 0;
        for (int r = 0; r < rows; r++) {
            uint8_t sym = g->cell[r][c];
            if (weighted && !cell_worth(multiplicity, wild_mult, has_wild && sym == wild, r, c))
                continue;
            m |= sym < EVAL_MAX_SYMBOLS ? 1u << sym : 0;
        }
        if (has_wild && (m >> wild & 1u))
            m |= wild_for;
        on[c] = m & syms;
    }

    int n = 0;
    for (uint32_t cand = on[0]; cand && n < max; cand &= cand - 1) {
        const int s = __builtin_ctz(cand);
        const uint32_t bit = 1u << s;
        int count = 1;
        while (count < cols && (on[count] & bit))
            count++;
        const int32_t pay = we->pays->pay[s][count];
        if (pay <= 0)
            continue;
        const int stands_in = (wild_for & bit) != 0;
        uint64_t ways = 1;
        CellMask cells = 0;
        for (int c = 0; c < count; c++) {
            uint32_t sum = 0;
            for (int r = 0; r < rows; r++) {
                uint8_t sym = g->cell[r][c];
                int is_wild = has_wild && sym == wild;
                if (sym != s && !(is_wild && stands_in))
                    continue;
                uint32_t w = cell_worth(multiplicity, wild_mult, is_wild, r, c);
                if (w) {
                    sum += w;
                    cells |= grid_bit(r, c);
                }
            }
            ways = mul_sat(ways, sum);
        }
        out[n++] = (WaysWin){.symbol = (uint8_t)s, .count = (uint8_t)count, .pay = pay,
                             .ways = ways, .cells = cells};
    }
    return n;
}
