/* eval_clusters.c - cluster wins: groups of a symbol, joined up/down/left/right, that may
 * take in substituting cells.
 *
 * The whole window is a CellMask (25 bits, row-major with a stride of GRID_MAX_COLS), so a
 * group is grown by bit-parallel flood fill: shift the group one step in each direction, keep
 * what is allowed, repeat until nothing is added. Each step is a handful of shifts and ANDs
 * and a group of n cells takes at most n steps, with no stack and no recursion. Lone cells,
 * which are most groups on a random screen, are dropped up front with one such step. For each
 * symbol, the allowed cells are its own and the substitutes; seeding each fill at the lowest
 * cell not yet grouped yields the groups in order of their lowest cell, which is the order
 * wins are reported in. */
#include "eval.h"

#include <string.h>

#define COL_FIRST ((CellMask)0x108421u) /* column 0 of every row */
#define COL_LAST (COL_FIRST << (GRID_MAX_COLS - 1))
_Static_assert(GRID_MAX_ROWS == 5 && GRID_MAX_COLS == 5, "COL_FIRST assumes a 5x5 grid");

static CellMask neighbours(CellMask m)
{
    return ((m << 1) & ~COL_FIRST) | ((m >> 1) & ~COL_LAST) | (m << GRID_MAX_COLS) |
           (m >> GRID_MAX_COLS);
}

static CellMask flood(CellMask seed, CellMask allowed)
{
    CellMask grp = seed, prev;
    do {
        prev = grp;
        grp = (grp | neighbours(grp)) & allowed;
    } while (grp != prev);
    return grp;
}

/* Bit count by halves (SWAR): without -mpopcnt, __builtin_popcount is a library call. */
static int popcount(CellMask m)
{
    m = m - ((m >> 1) & 0x55555555u);
    m = (m & 0x33333333u) + ((m >> 2) & 0x33333333u);
    m = (m + (m >> 4)) & 0x0f0f0f0fu;
    return (int)((m * 0x01010101u) >> 24);
}

void eval_cluster_occ(const Grid *g, CellMask occ[EVAL_MAX_SYMBOLS + 1])
{
    const int rows = g->rows < GRID_MAX_ROWS ? g->rows : GRID_MAX_ROWS;
    const int cols = g->cols < GRID_MAX_COLS ? g->cols : GRID_MAX_COLS;
    memset(occ, 0, (EVAL_MAX_SYMBOLS + 1) * sizeof *occ);
    for (int r = 0; r < rows; r++) {
        CellMask bit = grid_bit(r, 0);
        for (int c = 0; c < cols; c++, bit <<= 1) {
            uint8_t sym = g->cell[r][c];
            occ[sym < EVAL_MAX_SYMBOLS ? sym : EVAL_MAX_SYMBOLS] |= bit;
        }
    }
}

int eval_clusters(const ClusterEval *ce, const Grid *g, ClusterWin *out, int max)
{
    CellMask occ[EVAL_MAX_SYMBOLS + 1];
    eval_cluster_occ(g, occ);
    return eval_clusters_occ(ce, occ, out, max);
}

int eval_clusters_occ(const ClusterEval *ce, const CellMask *occ, ClusterWin *out, int max)
{
    const uint8_t subst = ce->subst;
    const int has_subst = subst < EVAL_MAX_SYMBOLS;
    uint32_t syms = ce->cluster_symbols;
    if (has_subst)
        syms &= ~(1u << subst);
    if (max <= 0 || !syms)
        return 0;
    const CellMask subs = has_subst ? occ[subst] : 0;

    int n = 0;
    for (uint32_t todo = syms; todo && n < max; todo &= todo - 1) {
        const int s = __builtin_ctz(todo);
        if (!occ[s])
            continue;
        const CellMask allowed = occ[s] | subs;
        CellMask left = allowed;
        if (ce->min_size[s] > 1 || ce->pays->pay[s][1] <= 0)
            left &= neighbours(allowed);
        if (popcount(left) < ce->min_size[s])
            continue;
        while (left && n < max) {
            CellMask grp = flood(left & -left, allowed);
            left &= ~grp;
            if (!(grp & occ[s]))
                continue;
            const int size = popcount(grp);
            const int32_t pay = ce->pays->pay[s][size];
            if (size < ce->min_size[s] || pay <= 0)
                continue;
            out[n++] = (ClusterWin){.symbol = (uint8_t)s, .size = (uint8_t)size,
                                    .substitutes = (uint8_t)popcount(grp & subs),
                                    .pay = pay, .cells = grp};
        }
    }
    return n;
}
