/* test_eval_lines.c - the line evaluator on hand-made screens, amounts worked out by hand.
 *
 * A small game: symbols W (wild), S (scatter, never on lines), J (jackpot: the wild does
 * not replace it), A, B, C; five reels of three rows; four lines:
 *   line 0: middle row 11111, line 1: top 00000, line 2: bottom 22222, line 3: V 01210.
 * Pays (per coin on the line): A 3/4/5 = 10/40/100, B 5/20/50, C 2/5/10, J 25/100/1000. */
#include "eval.h"
#include "rng.h"
#include "test.h"

#include <stdbool.h>

enum { W, S, J, A, B, C, NSYM };

static Paytable pays;
static LineEval le;

static void setup(void)
{
    static const int32_t table[NSYM][6] = {
        [J] = {0, 0, 0, 25, 100, 1000},
        [A] = {0, 0, 0, 10, 40, 100},
        [B] = {0, 0, 0, 5, 20, 50},
        [C] = {0, 0, 0, 2, 5, 10},
    };
    memset(&pays, 0, sizeof pays);
    for (int s = 0; s < NSYM; s++)
        for (int n = 0; n < 6; n++)
            pays.pay[s][n] = table[s][n];
    static const uint8_t lines[4][5] = {
        {1, 1, 1, 1, 1}, {0, 0, 0, 0, 0}, {2, 2, 2, 2, 2}, {0, 1, 2, 1, 0}};
    memset(&le, 0, sizeof le);
    le.rows = 3;
    le.cols = 5;
    le.nlines = 4;
    memcpy(le.line_rows, lines, sizeof lines);
    le.wild = W;
    le.wild_excluded = 1u << S | 1u << J;
    le.line_symbols = 1u << J | 1u << A | 1u << B | 1u << C;
    le.pays = &pays;
    eval_lines_init(&le);
}

/* rows top to bottom, 5 symbols each */
static Grid grid(const int rows[3][5])
{
    Grid g = {.rows = 3, .cols = 5};
    memset(g.cell, GRID_NO_SYMBOL, sizeof g.cell);
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 5; c++)
            g.cell[r][c] = (uint8_t)rows[r][c];
    return g;
}

static int eval(const Grid *g, uint32_t active, const uint8_t *mult, LineWin *out)
{
    return eval_lines(&le, g, NULL, active, mult, out, EVAL_MAX_LINES);
}

/* A A A on the middle row from reel 1: line 0 pays 3 x A = 10, cells (1,0) (1,1) (1,2). */
static void test_three_from_the_left(void)
{
    const int s[3][5] = {{B, C, B, C, B}, {A, A, A, C, B}, {C, B, C, B, C}};
    Grid g = grid(s);
    LineWin w[8];
    int n = eval(&g, 0xf, NULL, w);
    CHECK_EQ_INT(n, 1);
    CHECK_EQ_INT(w[0].line, 0);
    CHECK_EQ_INT(w[0].symbol, A);
    CHECK_EQ_INT(w[0].count, 3);
    CHECK_EQ_INT(w[0].pay, 10);
    CHECK_EQ_INT(w[0].cells, grid_bit(1, 0) | grid_bit(1, 1) | grid_bit(1, 2));
}

/* The same three A on reels 2-4 do not start at reel 1: no win. */
static void test_not_from_reel_one_does_not_pay(void)
{
    const int s[3][5] = {{B, C, B, C, B}, {C, A, A, A, B}, {C, B, C, B, C}};
    Grid g = grid(s);
    LineWin w[8];
    CHECK_EQ_INT(eval(&g, 0xf, NULL, w), 0);
}

/* A W A A B: the wild stands for A, four A pay 40, with one wild in the combination. */
static void test_wild_substitutes(void)
{
    const int s[3][5] = {{B, C, B, C, B}, {A, W, A, A, B}, {C, B, C, B, C}};
    Grid g = grid(s);
    LineWin w[8];
    int n = eval(&g, 1, NULL, w);
    CHECK_EQ_INT(n, 1);
    CHECK_EQ_INT(w[0].count, 4);
    CHECK_EQ_INT(w[0].pay, 40);
    CHECK_EQ_INT(w[0].wilds, 1);
}

/* J W J J J: the wild does not replace the jackpot symbol, so the line runs 1 reel: no win.
 * J J J W W: three J pay 25; the wilds after them do not extend the jackpot run. */
static void test_wild_does_not_replace_excluded(void)
{
    const int s1[3][5] = {{B, C, B, C, B}, {J, W, J, J, J}, {C, B, C, B, C}};
    Grid g = grid(s1);
    LineWin w[8];
    CHECK_EQ_INT(eval(&g, 1, NULL, w), 0);
    const int s2[3][5] = {{B, C, B, C, B}, {J, J, J, W, W}, {C, B, C, B, C}};
    g = grid(s2);
    int n = eval(&g, 1, NULL, w);
    CHECK_EQ_INT(n, 1);
    CHECK_EQ_INT(w[0].symbol, J);
    CHECK_EQ_INT(w[0].count, 3);
    CHECK_EQ_INT(w[0].pay, 25);
}

/* W W W C C: as A the line runs 3 (pays 10), as B 3 (5), as C 5 (10). A and C tie at 10:
 * the longer combination wins, so 5 x C = 10 is paid, once. */
static void test_only_the_highest_win_per_line(void)
{
    const int s[3][5] = {{B, C, B, C, B}, {W, W, W, C, C}, {C, B, C, B, A}};
    Grid g = grid(s);
    LineWin w[8];
    int n = eval(&g, 1, NULL, w);
    CHECK_EQ_INT(n, 1);
    CHECK_EQ_INT(w[0].symbol, C);
    CHECK_EQ_INT(w[0].count, 5);
    CHECK_EQ_INT(w[0].pay, 10);
    /* W W W A C: A runs 4 (40) beats B 3 (5) and C 3 (2) */
    const int s2[3][5] = {{B, C, B, C, B}, {W, W, W, A, C}, {C, B, C, B, A}};
    g = grid(s2);
    n = eval(&g, 1, NULL, w);
    CHECK_EQ_INT(n, 1);
    CHECK_EQ_INT(w[0].symbol, A);
    CHECK_EQ_INT(w[0].pay, 40);
}

/* Three lines win at once: middle A A A (10), top B B B B (20), bottom C x5 (10); all are
 * reported (the game adds them). Only active lines count. */
static void test_several_lines_and_active_lines(void)
{
    const int s[3][5] = {{B, B, B, B, A}, {A, A, A, C, C}, {C, C, C, C, C}};
    Grid g = grid(s);
    LineWin w[8];
    int n = eval(&g, 0x7, NULL, w);
    CHECK_EQ_INT(n, 3);
    int total = 0;
    for (int i = 0; i < n; i++)
        total += w[i].pay;
    CHECK_EQ_INT(total, 10 + 20 + 10);
    n = eval(&g, 1u << 1, NULL, w); /* only line 1 (top) */
    CHECK_EQ_INT(n, 1);
    CHECK_EQ_INT(w[0].line, 1);
    CHECK_EQ_INT(w[0].pay, 20);
}

/* The V line 01210: cells (0,0) (1,1) (2,2) (1,3) (0,4). B on those: 5 x B = 50. */
static void test_line_shape_followed(void)
{
    const int s[3][5] = {{B, C, A, C, B}, {C, B, C, B, A}, {A, C, B, A, C}};
    Grid g = grid(s);
    LineWin w[8];
    int n = eval(&g, 1u << 3, NULL, w);
    CHECK_EQ_INT(n, 1);
    CHECK_EQ_INT(w[0].count, 5);
    CHECK_EQ_INT(w[0].pay, 50);
    CHECK_EQ_INT(w[0].cells, grid_bit(0, 0) | grid_bit(1, 1) | grid_bit(2, 2) | grid_bit(1, 3) |
                                 grid_bit(0, 4));
}

/* With multipliers by wilds in the combination {1, 2, 4, 8}: W A A C C is 3 x A (10) with
 * one wild, x2 = 20; W W W W B is 5 x B (50) with 4 wilds, x8; or 4 x A (40) x8. The
 * choice is by pay x multiplier: 5 x B = 400 beats 4 x A = 320. */
static void test_wild_multipliers_choose_the_best(void)
{
    static const uint8_t mult[6] = {1, 2, 4, 8, 8, 8};
    const int s[3][5] = {{B, C, B, C, B}, {W, A, A, C, C}, {C, B, C, B, C}};
    Grid g = grid(s);
    LineWin w[8];
    int n = eval(&g, 1, mult, w);
    CHECK_EQ_INT(n, 1);
    CHECK_EQ_INT(w[0].pay, 10);
    CHECK_EQ_INT(w[0].mult, 2);
    const int s2[3][5] = {{B, C, B, C, B}, {W, W, W, W, B}, {C, B, C, B, C}};
    g = grid(s2);
    n = eval(&g, 1, mult, w);
    CHECK_EQ_INT(n, 1);
    CHECK_EQ_INT(w[0].symbol, B);
    CHECK_EQ_INT(w[0].pay, 50);
    CHECK_EQ_INT(w[0].wilds, 4);
    CHECK_EQ_INT(w[0].mult, 8);
}

/* Five wilds: every replaceable symbol runs 5; the best is A (100). */
static void test_all_wild_line(void)
{
    const int s[3][5] = {{B, C, B, C, B}, {W, W, W, W, W}, {C, B, C, B, C}};
    Grid g = grid(s);
    LineWin w[8];
    int n = eval(&g, 1, NULL, w);
    CHECK_EQ_INT(n, 1);
    CHECK_EQ_INT(w[0].symbol, A);
    CHECK_EQ_INT(w[0].pay, 100);
}

/* Scatters never pay on lines and break a run. */
static void test_scatter_not_a_line_symbol(void)
{
    const int s[3][5] = {{B, C, B, C, B}, {S, S, S, S, S}, {C, B, C, B, C}};
    Grid g = grid(s);
    LineWin w[8];
    CHECK_EQ_INT(eval(&g, 1, NULL, w), 0);
}

/* The tabulated path (masks per reel given) equals the path that builds them, on random
 * screens; `max` caps the output. */
static void test_given_masks_match_built_masks(void)
{
    Rng rng;
    rng_seed(&rng, test_seed());
    for (int t = 0; t < 20000; t++) {
        Grid g = {.rows = 3, .cols = 5};
        for (int r = 0; r < 3; r++)
            for (int c = 0; c < 5; c++)
                g.cell[r][c] = (uint8_t)rng_below(&rng, NSYM);
        LineMasks lm;
        const uint32_t *reels[5];
        for (int c = 0; c < 5; c++) {
            eval_lines_reel_masks(&le, &g, c, &lm);
            reels[c] = lm.on[c];
        }
        LineWin a[8], b[8];
        int na = eval_lines(&le, &g, NULL, 0xf, NULL, a, 8);
        int nb = eval_lines(&le, &g, reels, 0xf, NULL, b, 8);
        CHECK_EQ_INT(na, nb);
        for (int i = 0; i < na && i < nb; i++)
            CHECK(a[i].line == b[i].line && a[i].symbol == b[i].symbol && a[i].count == b[i].count &&
                  a[i].wilds == b[i].wilds && a[i].mult == b[i].mult && a[i].pay == b[i].pay &&
                  a[i].cells == b[i].cells);
        if (na > 1)
            CHECK_EQ_INT(eval_lines(&le, &g, NULL, 0xf, NULL, a, 1), 1);
    }
}

/* eval_lines_pay, the simulator's sum, adds up pay * mult of what eval_lines reports, on
 * random screens and random sets of active lines, with and without wild multipliers; it
 * declines (-1) exactly when an active line starts with three wilds (A, B and C all win
 * there) or, asked to, when J runs five reels. */
static void test_pay_sum_matches_line_by_line(void)
{
    static const uint8_t mult[6] = {1, 2, 4, 8, 8, 8};
    Rng rng;
    rng_seed(&rng, test_seed());
    int declined = 0, stopped = 0, multiplied = 0;
    for (int t = 0; t < 40000; t++) {
        Grid g = {.rows = 3, .cols = 5};
        for (int r = 0; r < 3; r++)
            for (int c = 0; c < 5; c++)
                g.cell[r][c] = (uint8_t)rng_below(&rng, t % 2 ? NSYM : 3); /* even t: W, S, J */
        LineMasks lm;
        const uint32_t *reels[5];
        for (int c = 0; c < 5; c++) {
            eval_lines_reel_masks(&le, &g, c, &lm);
            reels[c] = lm.on[c];
        }
        const uint32_t active = rng_below(&rng, 16);
        const uint8_t *wild_mult = t % 4 < 2 ? NULL : mult;
        LineWin w[8];
        const int n = eval_lines(&le, &g, reels, active, wild_mult, w, 8);
        int64_t sum = 0;
        bool five_j = false;
        for (int i = 0; i < n; i++) {
            sum += (int64_t)w[i].pay * w[i].mult;
            five_j |= w[i].symbol == J && w[i].count == 5;
            multiplied += w[i].mult > 1;
        }
        bool three_wilds = false;
        for (int l = 0; l < 4; l++) {
            bool all = active >> l & 1u;
            for (int c = 0; c < 3; c++)
                all = all && g.cell[le.line_rows[l][c]][c] == W;
            three_wilds |= all;
        }
        declined += three_wilds;
        stopped += five_j && !three_wilds;
        CHECK_EQ_INT(eval_lines_pay(&le, reels, active, wild_mult, 0), three_wilds ? -1 : sum);
        CHECK_EQ_INT(eval_lines_pay(&le, reels, active, wild_mult, 1u << J),
                     three_wilds || five_j ? -1 : sum);
    }
    CHECK(declined > 0 && stopped > 0 && multiplied > 0); /* every case was met */
}

int main(int argc, char **argv)
{
    test_init(argc, argv);
    setup();
    RUN(test_three_from_the_left);
    RUN(test_not_from_reel_one_does_not_pay);
    RUN(test_wild_substitutes);
    RUN(test_wild_does_not_replace_excluded);
    RUN(test_only_the_highest_win_per_line);
    RUN(test_several_lines_and_active_lines);
    RUN(test_line_shape_followed);
    RUN(test_wild_multipliers_choose_the_best);
    RUN(test_all_wild_line);
    RUN(test_scatter_not_a_line_symbol);
    RUN(test_given_masks_match_built_masks);
    RUN(test_pay_sum_matches_line_by_line);
    return test_done();
}
