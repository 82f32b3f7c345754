/* test_eval_clusters.c - hand-computed cases for eval_clusters() (src/engine/eval_clusters.c).
 *
 * Every case is a 5x5 window written as rows separated by spaces, one character per cell:
 * A and K are highs (clusters from 3 cells), Q and J lows (from 4), '.' a blocker that forms
 * no clusters, W the substitute and '-' an empty cell. Expected cells are drawn the same
 * way, X for a cell of the cluster. A pays 10 per cell, K 8, Q 2 (also below its minimum, so
 * that only min_size keeps those from paying), J 1 but only from 5 cells. */
#include "eval.h"
#include "test.h"
#include "testgrid.h"

enum { A, K, Q, J, BLOCK, W };
static const char SYMBOLS[] = "AKQJ.W";

#define BIT(s) (1u << (s))

static Paytable pays;

static Grid grid_of(const char *text)
{
    return testgrid_of(SYMBOLS, 5, 5, text);
}

static CellMask mask_of(const char *text)
{
    return testgrid_mask(text);
}

static ClusterEval setup(void)
{
    memset(&pays, 0, sizeof pays);
    for (int n = 1; n <= EVAL_MAX_COUNT; n++) {
        pays.pay[A][n] = 10 * n;
        pays.pay[K][n] = 8 * n;
        pays.pay[Q][n] = 2 * n;
        pays.pay[J][n] = n >= 5 ? n : 0;
        pays.pay[W][n] = 500;
    }
    ClusterEval ce = {.rows = 5, .cols = 5, .nsymbols = 6, .subst = W,
                      .cluster_symbols = BIT(A) | BIT(K) | BIT(Q) | BIT(J), .pays = &pays};
    ce.min_size[A] = 3;
    ce.min_size[K] = 3;
    ce.min_size[Q] = 4;
    ce.min_size[J] = 4;
    return ce;
}

#define CHECK_WIN(w, sym, sz, subs, value, mask)                                            \
    do {                                                                                    \
        CHECK_EQ_INT((w).symbol, sym);                                                      \
        CHECK_EQ_INT((w).size, sz);                                                         \
        CHECK_EQ_INT((w).substitutes, subs);                                                \
        CHECK_EQ_INT((w).pay, value);                                                       \
        CHECK_EQ_INT((w).cells, mask_of(mask));                                             \
    } while (0)

/* A 2x2 square of Q: size 4 >= 4, pays 2*4 = 8. */
static void test_clusters_simple_four(void)
{
    ClusterEval ce = setup();
    Grid g = grid_of("QQ... QQ... ..... ..... .....");
    ClusterWin out[8];
    int n = eval_clusters(&ce, &g, out, 8);
    CHECK_EQ_INT(n, 1);
    CHECK_WIN(out[0], Q, 4, 0, 8, "XX... XX... ..... ..... .....");
}

/* 3 Q: size 3 < min_size 4, so nothing, though pay[Q][3] = 6. */
static void test_clusters_below_min_size(void)
{
    ClusterEval ce = setup();
    Grid g = grid_of("QQ... Q.... ..... ..... .....");
    ClusterWin out[8];
    CHECK_EQ_INT(eval_clusters(&ce, &g, out, 8), 0);
}

/* K down column 0 and turning right: (0,0) (1,0) (2,0) (2,1) = size 4, pays 8*4 = 32.
 * (3,2) and (4,3) touch it only diagonally: two groups of 1, below 3. Were diagonals
 * joined, this would be one group of 6. */
static void test_clusters_l_shape_and_diagonal(void)
{
    ClusterEval ce = setup();
    Grid g = grid_of("K.... K.... KK... ..K.. ...K.");
    ClusterWin out[8];
    int n = eval_clusters(&ce, &g, out, 8);
    CHECK_EQ_INT(n, 1);
    CHECK_WIN(out[0], K, 4, 0, 32, "X.... X.... XX... ..... .....");
}

/* A checkerboard of 13 A: each touches the others only at corners, 13 groups of 1. */
static void test_clusters_diagonal_only_never_joins(void)
{
    ClusterEval ce = setup();
    Grid g = grid_of("A.A.A .A.A. A.A.A .A.A. A.A.A");
    ClusterWin out[16];
    CHECK_EQ_INT(eval_clusters(&ce, &g, out, 16), 0);
}

/* Two A groups: top-left size 3 (pays 30, lowest cell 0) and a bottom-right square of
 * size 4 (pays 40, lowest cell 3*5+3 = 18). Reported top-left first. */
static void test_clusters_two_groups_pay_separately(void)
{
    ClusterEval ce = setup();
    Grid g = grid_of("AA... A.... ..... ...AA ...AA");
    ClusterWin out[8];
    int n = eval_clusters(&ce, &g, out, 8);
    CHECK_EQ_INT(n, 2);
    CHECK_WIN(out[0], A, 3, 0, 30, "XX... X.... ..... ..... .....");
    CHECK_WIN(out[1], A, 4, 0, 40, "..... ..... ..... ...XX ...XX");
}

/* Q Q W Q Q: one group of 5 with 1 substitute, pays 2*5 = 10. With the W replaced by a
 * blocker, two groups of 2, both below 4. */
static void test_clusters_substitute_joins_two_pieces(void)
{
    ClusterEval ce = setup();
    ClusterWin out[8];
    Grid g = grid_of("QQWQQ ..... ..... ..... .....");
    int n = eval_clusters(&ce, &g, out, 8);
    CHECK_EQ_INT(n, 1);
    CHECK_WIN(out[0], Q, 5, 1, 10, "XXXXX ..... ..... ..... .....");

    g = grid_of("QQ.QQ ..... ..... ..... .....");
    CHECK_EQ_INT(eval_clusters(&ce, &g, out, 8), 0);
}

/* A A W K K: the W belongs to both. A: size 3, 1 substitute, pays 30.
 * K: size 3, 1 substitute, pays 24. Symbol order: A then K. */
static void test_clusters_substitute_shared_by_two_symbols(void)
{
    ClusterEval ce = setup();
    Grid g = grid_of("AAWKK ..... ..... ..... .....");
    ClusterWin out[8];
    int n = eval_clusters(&ce, &g, out, 8);
    CHECK_EQ_INT(n, 2);
    CHECK_WIN(out[0], A, 3, 1, 30, "XXX.. ..... ..... ..... .....");
    CHECK_WIN(out[1], K, 3, 1, 24, "..XXX ..... ..... ..... .....");
}

/* A 2x2 of W with a lone A elsewhere: the W group holds no A, the A is a group of 1.
 * Nothing pays, not even with W itself listed in cluster_symbols and paying 500. */
static void test_clusters_substitutes_only_not_a_win(void)
{
    ClusterEval ce = setup();
    Grid g = grid_of("WW... WW... ..... ....A .....");
    ClusterWin out[8];
    CHECK_EQ_INT(eval_clusters(&ce, &g, out, 8), 0);

    ce.cluster_symbols |= BIT(W);
    ce.min_size[W] = 3;
    CHECK_EQ_INT(eval_clusters(&ce, &g, out, 8), 0);
}

/* Three W and one A below them: size 4 of which 3 substitutes, pays 10*4 = 40. */
static void test_clusters_substitutes_count_toward_size(void)
{
    ClusterEval ce = setup();
    Grid g = grid_of("WWW.. A.... ..... ..... .....");
    ClusterWin out[8];
    int n = eval_clusters(&ce, &g, out, 8);
    CHECK_EQ_INT(n, 1);
    CHECK_WIN(out[0], A, 4, 3, 40, "XXX.. X.... ..... ..... .....");
}

/* A screen of Q: one group of 25, pays 2*25 = 50. */
static void test_clusters_full_screen_25(void)
{
    ClusterEval ce = setup();
    Grid g = grid_of("QQQQQ QQQQQ QQQQQ QQQQQ QQQQQ");
    ClusterWin out[8];
    int n = eval_clusters(&ce, &g, out, 8);
    CHECK_EQ_INT(n, 1);
    CHECK_WIN(out[0], Q, 25, 0, 50, "XXXXX XXXXX XXXXX XXXXX XXXXX");
}

/* 3 A and 3 Q: A's minimum is 3, so A pays 30; Q's is 4, so Q does not. */
static void test_clusters_min_size_by_symbol(void)
{
    ClusterEval ce = setup();
    Grid g = grid_of("AAA.. ..... QQQ.. ..... .....");
    ClusterWin out[8];
    int n = eval_clusters(&ce, &g, out, 8);
    CHECK_EQ_INT(n, 1);
    CHECK_WIN(out[0], A, 3, 0, 30, "XXX.. ..... ..... ..... .....");
}

/* Group X = W(0,0) A(1,0) A(2,0): lowest cell 0, but its first real A is cell 5.
 * Group Y = A(0,2) A(0,3) A(0,4): lowest cell 2. Ordered by lowest cell: X, then Y. */
static void test_clusters_ordered_by_lowest_cell(void)
{
    ClusterEval ce = setup();
    Grid g = grid_of("W.AAA A.... A.... ..... .....");
    ClusterWin out[8];
    int n = eval_clusters(&ce, &g, out, 8);
    CHECK_EQ_INT(n, 2);
    CHECK_WIN(out[0], A, 3, 1, 30, "X.... X.... X.... ..... .....");
    CHECK_WIN(out[1], A, 3, 0, 30, "..XXX ..... ..... ..... .....");
}

/* J meets its minimum at 4 but pay[J][4] = 0: nothing. A fifth J: pays 5. */
static void test_clusters_zero_pay_size_not_a_win(void)
{
    ClusterEval ce = setup();
    ClusterWin out[8];
    Grid g = grid_of("JJ... JJ... ..... ..... .....");
    CHECK_EQ_INT(eval_clusters(&ce, &g, out, 8), 0);

    g = grid_of("JJ... JJ... J.... ..... .....");
    int n = eval_clusters(&ce, &g, out, 8);
    CHECK_EQ_INT(n, 1);
    CHECK_WIN(out[0], J, 5, 0, 5, "XX... XX... X.... ..... .....");
}

/* The two-group grid has 2 wins; max = 1 writes the first only, max = 0 none. */
static void test_clusters_max_limits_output(void)
{
    ClusterEval ce = setup();
    Grid g = grid_of("AA... A.... ..... ...AA ...AA");
    ClusterWin out[2];
    memset(out, 0xee, sizeof out);
    int n = eval_clusters(&ce, &g, out, 1);
    CHECK_EQ_INT(n, 1);
    CHECK_WIN(out[0], A, 3, 0, 30, "XX... X.... ..... ..... .....");
    CHECK_EQ_INT(out[1].symbol, 0xee);

    memset(out, 0xee, sizeof out);
    CHECK_EQ_INT(eval_clusters(&ce, &g, out, 0), 0);
    CHECK_EQ_INT(out[0].symbol, 0xee);
}

/* No substitute (subst = GRID_NO_SYMBOL): empty cells between two Q pairs must not join
 * them into a group of 5. */
static void test_clusters_no_subst_empty_cell_never_joins(void)
{
    ClusterEval ce = setup();
    ce.subst = GRID_NO_SYMBOL;
    Grid g = grid_of("QQ-QQ ----- ----- ----- -----");
    ClusterWin out[8];
    CHECK_EQ_INT(eval_clusters(&ce, &g, out, 8), 0);
}

int main(int argc, char **argv)
{
    test_init(argc, argv);
    RUN(test_clusters_simple_four);
    RUN(test_clusters_below_min_size);
    RUN(test_clusters_l_shape_and_diagonal);
    RUN(test_clusters_diagonal_only_never_joins);
    RUN(test_clusters_two_groups_pay_separately);
    RUN(test_clusters_substitute_joins_two_pieces);
    RUN(test_clusters_substitute_shared_by_two_symbols);
    RUN(test_clusters_substitutes_only_not_a_win);
    RUN(test_clusters_substitutes_count_toward_size);
    RUN(test_clusters_full_screen_25);
    RUN(test_clusters_min_size_by_symbol);
    RUN(test_clusters_ordered_by_lowest_cell);
    RUN(test_clusters_zero_pay_size_not_a_win);
    RUN(test_clusters_max_limits_output);
    RUN(test_clusters_no_subst_empty_cell_never_joins);
    return test_done();
}
