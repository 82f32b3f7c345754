/* test_eval_ways.c - hand-computed cases for eval_ways() (src/engine/eval_ways.c).
 *
 * Every case is a 5x3 window (3 rows, 5 reels) written as rows separated by spaces, one
 * letter per cell: A K Q J T N pay by ways, B is a blank that does not, W is the wild and
 * '-' an empty cell. Expected cells are drawn the same way, X for a cell in the win. Each
 * case's comment gives S_c (the worth summed on reel c) and the product that makes the
 * ways, worked out by hand from the picture. */
#include "eval.h"
#include "test.h"
#include "testgrid.h"

enum { A, K, Q, J, T, N, B, W };
static const char SYMBOLS[] = "AKQJTNBW";

#define BIT(s) (1u << (s))

static Paytable pays;

static Grid grid_of(const char *text)
{
    return testgrid_of(SYMBOLS, 3, 5, text);
}

static CellMask mask_of(const char *text)
{
    return testgrid_mask(text);
}

static void fill(uint8_t m[GRID_MAX_ROWS][GRID_MAX_COLS], uint8_t v)
{
    memset(m, v, sizeof(uint8_t[GRID_MAX_ROWS][GRID_MAX_COLS]));
}

/* A pays 2..5 of a kind, K/Q/J/T/N 3..5; the wild replaces all but B (which does not pay). */
static WaysEval setup(void)
{
    memset(&pays, 0, sizeof pays);
    pays.pay[A][2] = 10, pays.pay[A][3] = 50, pays.pay[A][4] = 100, pays.pay[A][5] = 200;
    pays.pay[K][3] = 20, pays.pay[K][4] = 40, pays.pay[K][5] = 80;
    pays.pay[Q][3] = 10, pays.pay[Q][4] = 20, pays.pay[Q][5] = 40;
    for (int s = J; s <= N; s++)
        pays.pay[s][3] = 5, pays.pay[s][4] = 10, pays.pay[s][5] = 20;
    pays.pay[W][3] = 1000, pays.pay[W][4] = 1000, pays.pay[W][5] = 1000;
    return (WaysEval){.rows = 3, .cols = 5, .nsymbols = 8, .wild = W,
                      .wild_excluded = BIT(B),
                      .ways_symbols = BIT(A) | BIT(K) | BIT(Q) | BIT(J) | BIT(T) | BIT(N),
                      .pays = &pays};
}

#define CHECK_WIN(w, sym, cnt, nways, value, mask)                                          \
    do {                                                                                    \
        CHECK_EQ_INT((w).symbol, sym);                                                      \
        CHECK_EQ_INT((w).count, cnt);                                                       \
        CHECK_EQ_INT((w).ways, nways);                                                      \
        CHECK_EQ_INT((w).pay, value);                                                       \
        CHECK_EQ_INT((w).cells, mask_of(mask));                                             \
    } while (0)

/* Reels: A K Q | K A J | Q J A | J Q T | T N K.
 * A: S = 1,1,1,0 -> count 3, ways 1*1*1 = 1, pays 50.
 * K: S = 1,1,0 -> count 2, pay[K][2] = 0. Q: S = 1,0. J, T, N: none on reel 0. */
static void test_ways_plain_three_reels(void)
{
    WaysEval we = setup();
    Grid g = grid_of("AKQJT KAJQN QJATK");
    WaysWin out[8];
    int n = eval_ways(&we, &g, NULL, NULL, out, 8);
    CHECK_EQ_INT(n, 1);
    CHECK_WIN(out[0], A, 3, 1, 50, "X.... .X... ..X..");
}

/* Reel 1 is A A J. A: S = 1,2,1,0 -> ways 1*2*1 = 2, count 3.
 * K: S = 1,0 -> count 1. Q: S = 1,0. */
static void test_ways_two_on_a_reel_double_ways(void)
{
    WaysEval we = setup();
    Grid g = grid_of("AAQJT KAJQN QJATK");
    WaysWin out[8];
    int n = eval_ways(&we, &g, NULL, NULL, out, 8);
    CHECK_EQ_INT(n, 1);
    CHECK_WIN(out[0], A, 3, 2, 50, "XX... .X... ..X..");
}

/* Reel 2 is W J A; reel 3 J Q T.
 * A: S = 1,1,2 (W and A),0 -> ways 2, count 3, pays 50.
 * K: S = 1,1,1 (W),0 -> ways 1, count 3, pays 20.
 * Q: S = 1,0. Wins come out in symbol order: A then K. */
static void test_ways_wild_stands_in(void)
{
    WaysEval we = setup();
    Grid g = grid_of("AKWJT KAJQN QJATK");
    WaysWin out[8];
    int n = eval_ways(&we, &g, NULL, NULL, out, 8);
    CHECK_EQ_INT(n, 2);
    CHECK_WIN(out[0], A, 3, 2, 50, "X.X.. .X... ..X..");
    CHECK_WIN(out[1], K, 3, 1, 20, ".XX.. X.... .....");
}

/* The grid above with K in wild_excluded: K's S = 1,1,0 -> count 2, no win.
 * A keeps S = 1,1,2 -> ways 2. */
static void test_ways_excluded_symbol_ignores_wild(void)
{
    WaysEval we = setup();
    we.wild_excluded |= BIT(K);
    Grid g = grid_of("AKWJT KAJQN QJATK");
    WaysWin out[8];
    int n = eval_ways(&we, &g, NULL, NULL, out, 8);
    CHECK_EQ_INT(n, 1);
    CHECK_WIN(out[0], A, 3, 2, 50, "X.X.. .X... ..X..");
}

/* The plain grid with the A on reel 1, cell (1,1), worth 3:
 * A: S = 1,3,1 -> ways 1*3*1 = 3. K: S = 1,1 (its reel-1 cell is worth 1),0 -> no win. */
static void test_ways_multiplicity_cell_worth_three(void)
{
    WaysEval we = setup();
    Grid g = grid_of("AKQJT KAJQN QJATK");
    uint8_t mult[GRID_MAX_ROWS][GRID_MAX_COLS];
    fill(mult, 1);
    mult[1][1] = 3;
    WaysWin out[8];
    int n = eval_ways(&we, &g, mult, NULL, out, 8);
    CHECK_EQ_INT(n, 1);
    CHECK_WIN(out[0], A, 3, 3, 50, "X.... .X... ..X..");
}

/* Reel 2 is A J A. With cell (0,2) at 0: A's S = 1,1,1 -> ways 1, and (0,2) is not in the
 * win. With (2,2) at 0 as well: S = 1,1,0 -> count 2, ways 1, pay[A][2] = 10. */
static void test_ways_multiplicity_zero_cell_sits_out(void)
{
    WaysEval we = setup();
    Grid g = grid_of("AKAJT KAJQN QJATK");
    uint8_t mult[GRID_MAX_ROWS][GRID_MAX_COLS];
    fill(mult, 1);
    mult[0][2] = 0;
    WaysWin out[8];
    int n = eval_ways(&we, &g, mult, NULL, out, 8);
    CHECK_EQ_INT(n, 1);
    CHECK_WIN(out[0], A, 3, 1, 50, "X.... .X... ..X..");

    mult[2][2] = 0;
    n = eval_ways(&we, &g, mult, NULL, out, 8);
    CHECK_EQ_INT(n, 1);
    CHECK_WIN(out[0], A, 2, 1, 10, "X.... .X... .....");
}

/* Reel 2 is W J T, the wild x2. Without multipliers A: S = 1,1,1 and K: S = 1,1,1,
 * 1 way each. With the x2 wild, S on reel 2 becomes 2: A and K each 1*1*2 = 2 ways. */
static void test_ways_wild_multiplier_doubles(void)
{
    WaysEval we = setup();
    Grid g = grid_of("AKWJT KAJQN QJTTK");
    WaysWin out[8];
    int n = eval_ways(&we, &g, NULL, NULL, out, 8);
    CHECK_EQ_INT(n, 2);
    CHECK_WIN(out[0], A, 3, 1, 50, "X.X.. .X... .....");
    CHECK_WIN(out[1], K, 3, 1, 20, ".XX.. X.... .....");

    uint8_t wm[GRID_MAX_ROWS][GRID_MAX_COLS];
    fill(wm, 1);
    wm[0][2] = 2;
    n = eval_ways(&we, &g, NULL, wm, out, 8);
    CHECK_EQ_INT(n, 2);
    CHECK_WIN(out[0], A, 3, 2, 50, "X.X.. .X... .....");
    CHECK_WIN(out[1], K, 3, 2, 20, ".XX.. X.... .....");
}

/* A, then a x2 wild on reel 1 and a x3 wild on reel 2: S = 1,2,3,0 -> ways 1*2*3 = 6. */
static void test_ways_wild_multipliers_multiply(void)
{
    WaysEval we = setup();
    Grid g = grid_of("AWWBB BBBBB BBBBB");
    uint8_t wm[GRID_MAX_ROWS][GRID_MAX_COLS];
    fill(wm, 1);
    wm[0][1] = 2;
    wm[0][2] = 3;
    WaysWin out[8];
    int n = eval_ways(&we, &g, NULL, wm, out, 8);
    CHECK_EQ_INT(n, 1);
    CHECK_WIN(out[0], A, 3, 6, 50, "XXX.. ..... .....");
}

/* A A B A A: S = 1,1,0 -> the run stops at 2 (the A's on reels 3 and 4 do not count),
 * pay[A][2] = 10. The same with K pays nothing: pay[K][2] = 0. */
static void test_ways_gap_on_third_reel_stops_count(void)
{
    WaysEval we = setup();
    WaysWin out[8];
    Grid g = grid_of("AABAA BBBBB BBBBB");
    int n = eval_ways(&we, &g, NULL, NULL, out, 8);
    CHECK_EQ_INT(n, 1);
    CHECK_WIN(out[0], A, 2, 1, 10, "XX... ..... .....");

    g = grid_of("KKBKK BBBBB BBBBB");
    CHECK_EQ_INT(eval_ways(&we, &g, NULL, NULL, out, 8), 0);
}

/* Reel 0 all wild, reel 1 A K B, reel 2 K A B.
 * A: S = 3,1,1,0 -> ways 3, pays 50. K: S = 3,1,1,0 -> ways 3, pays 20.
 * Q, J, T, N: S = 3,0 -> count 1, nothing. */
static void test_ways_all_wild_first_reel(void)
{
    WaysEval we = setup();
    Grid g = grid_of("WAKBB WKABB WBBBB");
    WaysWin out[8];
    int n = eval_ways(&we, &g, NULL, NULL, out, 8);
    CHECK_EQ_INT(n, 2);
    CHECK_WIN(out[0], A, 3, 3, 50, "XX... X.X.. X....");
    CHECK_WIN(out[1], K, 3, 3, 20, "X.X.. XX... X....");
}

/* Three reels of wilds, with W itself listed in ways_symbols and paying 1000 for 3:
 * only A pays, S = 3,3,3,0 -> ways 27; the wild is never paid as itself. */
static void test_ways_wild_never_pays_as_itself(void)
{
    WaysEval we = setup();
    we.ways_symbols = BIT(A) | BIT(W);
    Grid g = grid_of("WWWBB WWWBB WWWBB");
    WaysWin out[8];
    int n = eval_ways(&we, &g, NULL, NULL, out, 8);
    CHECK_EQ_INT(n, 1);
    CHECK_WIN(out[0], A, 3, 27, 50, "XXX.. XXX.. XXX..");
}

/* A screen of A: S = 3 on all 5 reels -> 3^5 = 243 ways, count 5, pays 200. */
static void test_ways_full_screen_243(void)
{
    WaysEval we = setup();
    Grid g = grid_of("AAAAA AAAAA AAAAA");
    WaysWin out[8];
    int n = eval_ways(&we, &g, NULL, NULL, out, 8);
    CHECK_EQ_INT(n, 1);
    CHECK_WIN(out[0], A, 5, 243, 200, "XXXXX XXXXX XXXXX");
}

/* The all-wild-first-reel grid has 2 wins (A, K). max = 1 writes A only; max = 0 writes
 * nothing; entries past the returned count are untouched. */
static void test_ways_max_limits_output(void)
{
    WaysEval we = setup();
    Grid g = grid_of("WAKBB WKABB WBBBB");
    WaysWin out[2];
    memset(out, 0xee, sizeof out);
    int n = eval_ways(&we, &g, NULL, NULL, out, 1);
    CHECK_EQ_INT(n, 1);
    CHECK_WIN(out[0], A, 3, 3, 50, "XX... X.X.. X....");
    CHECK_EQ_INT(out[1].symbol, 0xee);

    memset(out, 0xee, sizeof out);
    CHECK_EQ_INT(eval_ways(&we, &g, NULL, NULL, out, 0), 0);
    CHECK_EQ_INT(out[0].symbol, 0xee);
}

/* No wild (wild = GRID_NO_SYMBOL) and an empty cell on reel 2: the empty cell must not act
 * as a wild. A: S = 1,1,0 -> count 2, pays 10. */
static void test_ways_no_wild_empty_cell_is_not_wild(void)
{
    WaysEval we = setup();
    we.wild = GRID_NO_SYMBOL;
    Grid g = grid_of("AA-AA BB-BB BB-BB");
    WaysWin out[8];
    int n = eval_ways(&we, &g, NULL, NULL, out, 8);
    CHECK_EQ_INT(n, 1);
    CHECK_WIN(out[0], A, 2, 1, 10, "XX... ..... .....");
}

int main(int argc, char **argv)
{
    test_init(argc, argv);
    RUN(test_ways_plain_three_reels);
    RUN(test_ways_two_on_a_reel_double_ways);
    RUN(test_ways_wild_stands_in);
    RUN(test_ways_excluded_symbol_ignores_wild);
    RUN(test_ways_multiplicity_cell_worth_three);
    RUN(test_ways_multiplicity_zero_cell_sits_out);
    RUN(test_ways_wild_multiplier_doubles);
    RUN(test_ways_wild_multipliers_multiply);
    RUN(test_ways_gap_on_third_reel_stops_count);
    RUN(test_ways_all_wild_first_reel);
    RUN(test_ways_wild_never_pays_as_itself);
    RUN(test_ways_full_screen_243);
    RUN(test_ways_max_limits_output);
    RUN(test_ways_no_wild_empty_cell_is_not_wild);
    return test_done();
}
