/* eval.h - win evaluators over a window of symbols: lines, ways and clusters.
 *
 * Evaluators are pure: a prepared rule set (built once from a game definition) and a Grid in,
 * an array of wins out. They know nothing of money: a win carries its paytable value (coins
 * per coin bet, as the game defines it) and the game turns that into minor units. Symbols are
 * indexes below EVAL_MAX_SYMBOLS; sets of symbols are bitmasks (bit = symbol index). */
#ifndef SLOTCAB_EVAL_H
#define SLOTCAB_EVAL_H

#include "grid.h"

#include <stdint.h>

#define EVAL_MAX_SYMBOLS 32
#define EVAL_MAX_COUNT 25 /* largest count/size a paytable can name (a full 5x5 grid) */
#define EVAL_MAX_LINES 32

/* pay[symbol][n]: what n of `symbol` pay (n = symbols on a line, reels in a way, cells in a
 * cluster); 0 = no win. */
typedef struct Paytable {
    int32_t pay[EVAL_MAX_SYMBOLS][EVAL_MAX_COUNT + 1];
} Paytable;

/* ---- lines ------------------------------------------------------------------------------- */

typedef struct LineEval {
    /* filled by the caller */
    uint8_t rows, cols, nlines;
    uint8_t line_rows[EVAL_MAX_LINES][GRID_MAX_COLS]; /* row of each line on each reel */
    uint8_t wild;              /* the wild symbol, or GRID_NO_SYMBOL */
    uint32_t wild_excluded;    /* symbols the wild does not replace */
    uint32_t line_symbols;     /* symbols that pay on lines (the wild pays as what it replaces) */
    const Paytable *pays;
    /* derived by eval_lines_init */
    uint32_t through[GRID_MAX_COLS][GRID_MAX_ROWS]; /* lines passing through (row, reel) */
    CellMask line_cells[EVAL_MAX_LINES][GRID_MAX_COLS + 1]; /* a line's first n cells */
    uint8_t min_count;                              /* fewest symbols any line win needs */
    uint8_t nsyms;                                  /* the paying line symbols, in order */
    uint8_t stride;                                 /* slots per reel: see LineMasks */
    uint8_t syms[EVAL_MAX_SYMBOLS];
    int8_t slot[EVAL_MAX_SYMBOLS];                  /* symbol -> index in syms, or -1 */
    uint32_t subst;                                 /* slots the wild stands for */
    /* step[k][c], c >= min_count - 1: what one more reel adds to slot k's pay on a line,
     * pay(c + 1) - pay(c) with pay(min_count - 1) = 0 and no pay below 0 (eval_lines_pay) */
    int32_t step[EVAL_MAX_SYMBOLS][GRID_MAX_COLS];
} LineEval;

/* LineMasks: for each reel and line symbol (by slot k < nsyms), the lines whose cell on
 * that reel shows the symbol or a wild standing for it; in slot nsyms, the set of slots that
 * show at all on that reel (bit k: on[c][k] != 0); in slot nsyms + 1, the lines whose cell
 * on that reel is a wild. Built from a screen, or looked up per reel stop from a table made
 * once per reel strip (the fast path for unforced spins): a reel's stride slots. */
typedef struct LineMasks {
    uint32_t on[GRID_MAX_COLS][EVAL_MAX_SYMBOLS];
} LineMasks;

typedef struct LineWin {
    uint8_t line;    /* 0-based line index */
    uint8_t symbol;  /* the symbol paid (never the wild, which stands for it) */
    uint8_t count;   /* leading reels that show the symbol or a wild standing for it */
    uint8_t wilds;   /* wilds among those `count` cells */
    uint8_t mult;    /* multiplier applied (wild_mult[wilds], or 1) */
    int32_t pay;     /* paytable value, before the multiplier */
    CellMask cells;  /* the `count` cells of the combination */
} LineWin;

/* Derives the masks; call after filling the caller's fields. */
void eval_lines_init(LineEval *le);

/* The masks of one reel (column c of g) into lm->on[c]. */
void eval_lines_reel_masks(const LineEval *le, const Grid *g, int c, LineMasks *lm);

/* Evaluates the lines in `active` (bit i = line i); reels[c] points to reel c's `stride`
 * slots, as eval_lines_reel_masks makes them, or reels is NULL and they are built from the
 * screen g (g is read only then). For each line, only its highest win is reported: the largest
 * pay * multiplier, ties to the longer combination, then the lower symbol index.
 * wild_mult[k] (may be NULL) multiplies a combination holding k wilds; its entries past 5
 * repeat entry 5. Returns the number of wins written (<= max). */
int eval_lines(const LineEval *le, const Grid *g, const uint32_t *const *reels, uint32_t active,
               const uint8_t *wild_mult, LineWin *out, int max);

/* For the simulator: the sum over the lines in `active` of each line's highest pay times
 * its wild multiplier (wild_mult as eval_lines takes it, or NULL), from reel masks as
 * eval_lines takes them; that is, the sum of pay * mult of what eval_lines reports, found
 * without picking line by line: a symbol's lines with no wild that run c reels or more
 * each add step[k][c - 1]; only lines with a wild, when wilds multiply, are counted one by
 * one. Returns -1 when that shortcut cannot answer and eval_lines must: when two symbols
 * win on one line (its first min_count cells are all wilds), or when a symbol in
 * `full_stop` (bit = symbol) runs all the reels. Inline, as a simulator calls it for every
 * spin. */
static inline int64_t eval_lines_pay(const LineEval *le, const uint32_t *const *reels,
                                     uint32_t active, const uint8_t *wild_mult,
                                     uint32_t full_stop);

/* Bits set in m: the masks here hold a few lines, so a loop beats a table (and the build
 * may have no popcount instruction). */
static inline int eval_bits(uint32_t m)
{
    int n = 0;
    for (; m; m &= m - 1)
        n++;
    return n;
}

static inline __attribute__((always_inline)) int64_t
eval_lines_pay_masks(const LineEval *le, const uint32_t *const *on, uint32_t active,
                     const uint8_t *wild_mult, uint32_t full_stop, const int cols, const int need)
{
    const int nsyms = le->nsyms;
    uint32_t cand = ~0u;
    for (int c = 0; c < need; c++)
        cand &= on[c][nsyms];
    uint32_t wild_lines = 0; /* when wilds multiply: the lines with a wild on any reel */
    if (wild_mult)
        for (int c = 0; c < cols; c++)
            wild_lines |= on[c][nsyms + 1];
    uint32_t winning = 0;
    int64_t total = 0;
    for (; cand; cand &= cand - 1) {
        const int k = __builtin_ctz(cand);
        uint32_t m = active;
        for (int c = 0; c < need; c++)
            m &= on[c][k];
        if (!m)
            continue;
        if (m & winning)
            return -1; /* a line that two symbols win on: its best is picked line by line */
        winning |= m;
        const uint32_t multiplied = m & wild_lines;
        int64_t plain = (int64_t)le->step[k][need - 1] * eval_bits(m & ~wild_lines);
        for (int c = need; c < cols && m; c++) {
            m &= on[c][k];
            plain += (int64_t)le->step[k][c] * eval_bits(m & ~wild_lines);
        }
        if (m && (full_stop >> le->syms[k] & 1u))
            return -1;
        total += wild_mult ? plain * wild_mult[0] : plain;
        for (uint32_t w = multiplied; w; w &= w - 1) { /* with wild_mult only */
            const int l = __builtin_ctz(w);
            int count = need, wilds = 0;
            while (count < cols && (on[count][k] >> l & 1u))
                count++;
            for (int c = 0; c < count; c++)
                wilds += (int)(on[c][nsyms + 1] >> l & 1u);
            const int32_t pay = le->pays->pay[le->syms[k]][count];
            if (pay > 0)
                total += (int64_t)pay * wild_mult[wilds > 5 ? 5 : wilds];
        }
    }
    return total;
}

static inline int64_t eval_lines_pay(const LineEval *le, const uint32_t *const *reels,
                                     uint32_t active, const uint8_t *wild_mult,
                                     uint32_t full_stop)
{
    if (!le->min_count || !active)
        return 0;
    if (le->cols == 5 && le->min_count == 3) /* the common shape, its loops unrolled */
        return eval_lines_pay_masks(le, reels, active, wild_mult, full_stop, 5, 3);
    return eval_lines_pay_masks(le, reels, active, wild_mult, full_stop, le->cols,
                                le->min_count);
}

/* ---- ways -------------------------------------------------------------------------------- */

typedef struct WaysEval {
    uint8_t rows, cols, nsymbols;
    uint8_t wild;            /* the wild symbol, or GRID_NO_SYMBOL */
    uint32_t wild_excluded;  /* symbols the wild does not replace */
    uint32_t ways_symbols;   /* symbols that pay by ways */
    const Paytable *pays;    /* pay[symbol][reels] per way */
} WaysEval;

typedef struct WaysWin {
    uint8_t symbol;
    uint8_t count;   /* consecutive reels from the left */
    int32_t pay;     /* paytable value of one way */
    uint64_t ways;   /* ways, counting multiplicity and wild multipliers */
    CellMask cells;  /* every cell that takes part */
} WaysWin;

/* Ways pay left to right over consecutive reels. A cell counts for symbol s when it holds s,
 * or a wild that replaces s. multiplicity[r][c] (NULL = all 1) is how many ways a cell is
 * worth (a tombstone splits a position into 2..10); 0 means the cell does not take part.
 * wild_mult[r][c] (NULL = all 1) multiplies the cell's ways when it holds a wild. The ways
 * of a win are the product over its reels of the sum of the cells' worth on that reel. */
int eval_ways(const WaysEval *we, const Grid *g,
              const uint8_t multiplicity[GRID_MAX_ROWS][GRID_MAX_COLS],
              const uint8_t wild_mult[GRID_MAX_ROWS][GRID_MAX_COLS],
              WaysWin *out, int max);

/* ---- clusters ---------------------------------------------------------------------------- */

typedef struct ClusterEval {
    uint8_t rows, cols, nsymbols;
    uint8_t subst;              /* the substituting symbol, or GRID_NO_SYMBOL */
    uint32_t cluster_symbols;   /* symbols that form clusters */
    uint8_t min_size[EVAL_MAX_SYMBOLS];
    const Paytable *pays;       /* pay[symbol][size] */
} ClusterEval;

typedef struct ClusterWin {
    uint8_t symbol;
    uint8_t size;         /* cells in the cluster, substitutes included */
    uint8_t substitutes;  /* how many of them are the substituting symbol */
    int32_t pay;
    CellMask cells;
} ClusterWin;

/* A cluster of s is a group of cells, connected up/down/left/right, each holding s or the
 * substituting symbol, with at least one real s, of at least min_size[s] cells. Every such
 * maximal group pays pay[s][size] once; separate groups pay separately. A substitute may
 * belong to groups of different symbols (the game decides what to do about that). */
int eval_clusters(const ClusterEval *ce, const Grid *g, ClusterWin *out, int max);
/* The same from the cells each symbol occupies: occ[s] for s < EVAL_MAX_SYMBOLS (a game
 * can add them up from per-reel tables instead of reading a screen). */
int eval_clusters_occ(const ClusterEval *ce, const CellMask *occ, ClusterWin *out, int max);
/* occ[s]: the cells of g holding s; empty cells go to occ[EVAL_MAX_SYMBOLS]. */
void eval_cluster_occ(const Grid *g, CellMask occ[EVAL_MAX_SYMBOLS + 1]);

#endif
