/* mona_lisa.c - Mona Lisa Jewels: 5x3, 1-25 lines, jewel free spins, scatter free spins
 * with wild multipliers, a progressive jackpot (rules: shared/rules/mona-lisa-jewels.txt).
 *
 * A round is a base spin and then a queue of free spins kept as two counters: jewel spins
 * are always played before normal ones, so a jewel award during normal free spins is
 * played next and the normal ones resume after it. During jewel spins, reel 1 and every
 * jewel and wild on reels 2-5 are held (a mask over the last screen): held cells keep their
 * symbols whatever the reels draw, and each jewel spin adds its new jewels and wilds.
 *
 * The progressive pool counts thousandths of a coin, so that "proportional to the coin
 * value" is exact: the pool is a number of coins, its seed 500,000.00 / 10.00 = 50,000
 * coins, and each bet adds 0.5% of the coins it bets (5 thousandths per coin). A jackpot
 * pays the pool's whole coins at the player's coin value; the fraction of a coin left over
 * stays in the pool, so the pool is always the seed plus what was added and not yet paid. */
#include "../games.h"
#include "mona_lisa.h"

#include "../eval.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define ML_POOL_UNITS 1000 /* pool units per coin */

/* The reel-stop table's row: the line masks, then the sticky cells and the counts (see
 * MonaLisa.rows). */
enum { ML_ROW = 16, ML_STICKY = ML_ROW - 2, ML_COUNTS = ML_ROW - 1 };
/* ML_COUNTS holds the scatters in its low byte and the jewels in the next: a window shows
 * at most ROWS of each, so the words of five reels add up without carrying over. */
#define ML_SCATTERS_OF(w) ((int)((w) & 0xffu))
#define ML_JEWELS_OF(w) ((int)((w) >> 8 & 0xffu))

/* The window is 3 rows by 5 reels (ml_check refuses any other), as constants so that the
 * loops over it unroll. */
enum { ROWS = 3, REELS = 5 };

typedef enum Phase { PHASE_IDLE, PHASE_AWAIT_START, PHASE_FREE } Phase;

typedef struct MonaLisa {
    const GameDef *def;
    LineEval le;
    /* rows[kind][reel] + stop * ML_ROW: a reel stop's row of ML_ROW words (one cache line):
     * its line masks as eval_lines reads them (le.stride words); in ML_STICKY the cells
     * (a CellMask) where it shows a jewel or a wild; in ML_COUNTS the scatters and jewels
     * it shows (counted on every reel; the jewels are read on reel 1) */
    uint32_t *rows[SPIN__COUNT][GRID_MAX_COLS];
    /* cell_rows + ((reel * ROWS + row) * nsymbols + symbol) * ML_ROW: the line masks of
     * that one cell showing that symbol; a reel's masks are the union of its cells' */
    uint32_t *cell_rows;
    uint32_t *row_store;
    uint8_t wild, scatter, jackpot, jewel;
    const ReelSet *sets[SPIN__COUNT];
    int free_award, jewel_award, scatter_min, jewel_min;
    int scatter_pays_from; /* the fewest scatters the paytable pays */
    uint8_t wild_mult[6];
    int64_t seed_coins, contribution_per_mille;
    int bi_coin, bi_coins, bi_lines;
    int64_t max_coins, max_lines;
    /* what rounds read of the bet, set by ml_bet_set */
    uint32_t active;      /* the lines played, bit l = line l */
    int64_t line_money;   /* money a line pays per paytable unit: coins x coin value */
    uint32_t full_stop;   /* 1 << the jackpot symbol at max bet (its 5 are the progressive) */
    int64_t pool_added;   /* a round's contribution to the pool, in pool units */
    /* the round */
    Phase phase;
    int free_left, extra_left, spin_index, feature_spins;
    Grid held_screen;
    CellMask held;
    Money feature_win;
} MonaLisa;

static int need_role(const GameDef *def, SymbolRole role, Error *err)
{
    int n = 0;
    for (int i = 0; i < def->nsymbols; i++)
        n += def->symbols[i].role == role;
    if (n != 1)
        return error_set(err, "%s: symbols: expected exactly one symbol with role \"%s\", got %d",
                         def->path, gamedef_role_name(role), n);
    return 0;
}

static int need_bet(const GameDef *def, const char *key, Error *err)
{
    int i = gamedef_bet_index(def, key);
    if (i < 0)
        return error_set(err, "%s: bet: missing the option \"%s\"", def->path, key);
    return i;
}

static int64_t param(const GameDef *def, const char *key)
{
    return gamedef_param(def, key)->v[0];
}

/* P(reel c of `rs` shows exactly k of `sym` in its window), k = 0..ROWS, over its stops. */
static void window_counts(const ReelSet *rs, int c, int sym, double p[ROWS + 1])
{
    for (int k = 0; k <= ROWS; k++)
        p[k] = 0;
    for (int stop = 0; stop < rs->len[c]; stop++) {
        int k = 0;
        for (int r = 0; r < ROWS; r++)
            k += rs->strip[c][stop + r] == sym;
        p[k] += 1.0 / rs->len[c];
    }
}

/* P(at least `min` of `sym` on the screen), reels independent; reel 1 as `reel1` gives it. */
static double at_least(const ReelSet *rs, const double reel1[ROWS + 1], int sym, int min)
{
    double dist[ROWS * REELS + 1] = {0}, next[ROWS * REELS + 1];
    for (int k = 0; k <= ROWS; k++)
        dist[k] = reel1[k];
    for (int c = 1; c < REELS; c++) {
        double p[ROWS + 1];
        window_counts(rs, c, sym, p);
        for (int n = 0; n <= ROWS * REELS; n++)
            next[n] = 0;
        for (int n = 0; n + ROWS <= ROWS * REELS; n++)
            for (int k = 0; k <= ROWS; k++)
                next[n + k] += dist[n] * p[k];
        memcpy(dist, next, sizeof dist);
    }
    double sum = 0;
    for (int n = min; n <= ROWS * REELS; n++)
        sum += dist[n];
    return sum;
}

/* Money is int64_t minor units: the largest bet and the largest single win must stay far
 * from its limit (a round adds many wins), so both are capped at 10^15 minor units. */
#define ML_MONEY_LIMIT 1e15

static int check_money_fits(const GameDef *def, Error *err)
{
    const BetOption *bc = &def->bet[gamedef_bet_index(def, "coin_value")];
    const BetOption *bk = &def->bet[gamedef_bet_index(def, "coins")];
    const BetOption *bl = &def->bet[gamedef_bet_index(def, "lines")];
    const double coin = (double)bc->values[bc->nvalues - 1];
    const double coins = (double)bk->values[bk->nvalues - 1];
    const double lines = (double)bl->values[bl->nvalues - 1];
    if (coin * coins * lines > ML_MONEY_LIMIT)
        return error_set(err, "%s: bet: the largest bet (%.0f x %.0f x %.0f) is over %.0f minor units",
                         def->path, coin, coins, lines, ML_MONEY_LIMIT);
    double pay = 0, mult = 0;
    for (int s = 0; s < def->nsymbols; s++)
        for (int n = 0; n <= EVAL_MAX_COUNT; n++)
            if (def->pays.pay[s][n] > pay)
                pay = def->pays.pay[s][n];
    const GameParam *wm = gamedef_param(def, "wild_multipliers");
    for (int k = 0; k < wm->n; k++)
        if ((double)wm->v[k] > mult)
            mult = (double)wm->v[k];
    const double seed = (double)gamedef_param(def, "jackpot_seed_coins")->v[0];
    if (pay * mult * coins * lines * coin > ML_MONEY_LIMIT || seed * coin > ML_MONEY_LIMIT)
        return error_set(err, "%s: paytable, features: a single win could be over %.0f minor units "
                              "at the largest bet",
                         def->path, ML_MONEY_LIMIT);
    return 0;
}

/* A round must end. Free spins and jewel spins award more of each other: a free spin awards
 * free_spins more with probability pF and jewel_spins with probability qF; a jewel spin
 * awards free_spins with probability pJ (jewel spins never award jewel spins). As a
 * branching process, rounds end for sure, and stay short, when the largest eigenvalue of
 * the mean matrix [[free*pF, jewel*qF], [free*pJ, 0]] is well below 1; we require at most
 * 0.5 (the bound is 0.25 for games/mona-lisa-jewels). In jewel spins reel 1 is locked on a
 * screen from another reel set: the bound takes the most scatters any base or free window of
 * reel 1 shows. */
static int check_rounds_end(const GameDef *def, Error *err)
{
    const int scatter = gamedef_symbol_with_role(def, ROLE_SCATTER);
    const int jewel = gamedef_symbol_with_role(def, ML_ROLE_JEWEL);
    const ReelSet *fs = gamedef_reelset(def, "free"), *js = gamedef_reelset(def, "jewel");
    const ReelSet *bs = gamedef_reelset(def, "base");
    const double free_award = (double)param(def, "free_spins");
    const double jewel_award = (double)param(def, "jewel_spins");
    const int scatter_min = (int)param(def, "scatter_min"), jewel_min = (int)param(def, "jewel_min");
    double reel1[ROWS + 1];
    window_counts(fs, 0, scatter, reel1);
    const double pF = at_least(fs, reel1, scatter, scatter_min);
    window_counts(fs, 0, jewel, reel1);
    double qF = 0;
    for (int k = jewel_min; k <= ROWS; k++)
        qF += reel1[k];
    double base1[ROWS + 1], free1[ROWS + 1], locked[ROWS + 1] = {0};
    window_counts(bs, 0, scatter, base1);
    window_counts(fs, 0, scatter, free1);
    int most = 0;
    for (int k = 0; k <= ROWS; k++)
        if (base1[k] > 0 || free1[k] > 0)
            most = k;
    locked[most] = 1;
    const double pJ = at_least(js, locked, scatter, scatter_min);
    const double a = free_award * pF, b = jewel_award * qF, c = free_award * pJ;
    const double rho = (a + sqrt(a * a + 4 * b * c)) / 2;
    if (rho > 0.5)
        return error_set(err,
                         "%s: reels.free, reels.jewel, features: free spins would award more "
                         "free spins without end (each one leads to %.2f more on average; at "
                         "most 0.5 is allowed)",
                         def->path, rho);
    return 0;
}

static int ml_check(const GameDef *def, Error *err)
{
    if (def->rows != ROWS || def->cols != REELS)
        return error_set(err, "%s: grid: Mona Lisa Jewels is 3 rows by 5 reels, got %d by %d",
                         def->path, def->rows, def->cols);
    if (need_role(def, ROLE_WILD, err) || need_role(def, ROLE_SCATTER, err) ||
        need_role(def, ROLE_JACKPOT, err) || need_role(def, ML_ROLE_JEWEL, err))
        return -1;
    if (def->nlines < 1)
        return error_set(err, "%s: lines: missing", def->path);
    static const char *const sets[] = {"base", "free", "jewel"};
    for (int i = 0; i < 3; i++)
        if (!gamedef_reelset(def, sets[i]))
            return error_set(err, "%s: reels.%s: missing", def->path, sets[i]);
    int ci = need_bet(def, "coin_value", err), ki = need_bet(def, "coins", err),
        li = need_bet(def, "lines", err);
    if (ci < 0 || ki < 0 || li < 0)
        return -1;
    if (strcmp(def->bet[ci].unit, "minor") != 0)
        return error_set(err, "%s: bet[%d].unit: coin_value is money: expected \"minor\"",
                         def->path, ci);
    const BetOption *lines = &def->bet[li];
    if (lines->values[lines->nvalues - 1] > def->nlines)
        return error_set(err, "%s: bet[%d]: up to %lld lines, but the file has %d lines",
                         def->path, li, (long long)lines->values[lines->nvalues - 1], def->nlines);
    int64_t v;
    const GameParam *p;
    if (gamedef_need_int(def, "free_spins", 1, 100, &v, err) ||
        gamedef_need_int(def, "jewel_spins", 1, 100, &v, err) ||
        gamedef_need_int(def, "scatter_min", 1, 15, &v, err) ||
        gamedef_need_int(def, "jewel_min", 1, 3, &v, err) ||
        gamedef_need_int(def, "jackpot_seed_coins", 1, 1000000000, &v, err) ||
        gamedef_need_int(def, "jackpot_contribution_per_mille", 0, 1000, &v, err) ||
        gamedef_need_array(def, "wild_multipliers", 4, 1, 100, &p, err))
        return -1;
    int wild = gamedef_symbol_with_role(def, ROLE_WILD);
    const int scatter = gamedef_symbol_with_role(def, ROLE_SCATTER);
    const int on_lines = __builtin_popcount(def->paying & ~(1u << wild) & ~(1u << scatter));
    if (on_lines > ML_STICKY - 2) /* the reel-stop table's row holds their masks */
        return error_set(err, "%s: paytable: at most %d symbols may pay on lines, got %d",
                         def->path, ML_STICKY - 2, on_lines);
    if (def->paying >> wild & 1u)
        return error_set(err, "%s: paytable.%s: the wild pays only as the symbol it replaces",
                         def->path, def->symbols[wild].id);
    if (check_money_fits(def, err))
        return -1;
    return check_rounds_end(def, err);
}


/* Tabulates each reel stop's line masks, sticky cells, scatters and jewels, so an
 * unforced spin looks them up, and each cell's masks for every symbol, so a reel with held
 * cells puts its masks together from its cells. */
static int build_tables(MonaLisa *g)
{
    const int nsym = g->def->nsymbols;
    size_t total = (size_t)(REELS * ROWS * nsym) * ML_ROW;
    for (int k = 0; k < SPIN__COUNT; k++)
        for (int c = 0; c < REELS; c++)
            total += (size_t)g->sets[k]->len[c] * ML_ROW;
    g->row_store = calloc(total, sizeof *g->row_store);
    if (!g->row_store)
        return -1;
    uint32_t *p = g->row_store;
    g->cell_rows = p;
    for (int c = 0; c < REELS; c++)
        for (int r = 0; r < ROWS; r++)
            for (int sym = 0; sym < nsym; sym++, p += ML_ROW) {
                Grid one = {.rows = ROWS, .cols = REELS};
                memset(one.cell, GRID_NO_SYMBOL, sizeof one.cell);
                one.cell[r][c] = (uint8_t)sym;
                LineMasks lm;
                eval_lines_reel_masks(&g->le, &one, c, &lm);
                memcpy(p, lm.on[c], (size_t)g->le.stride * sizeof *p);
            }
    for (int k = 0; k < SPIN__COUNT; k++) {
        const ReelSet *rs = g->sets[k];
        for (int c = 0; c < REELS; c++) {
            g->rows[k][c] = p;
            for (int stop = 0; stop < rs->len[c]; stop++, p += ML_ROW) {
                Grid one = {.rows = ROWS, .cols = REELS};
                for (int r = 0; r < ROWS; r++) {
                    one.cell[r][c] = rs->strip[c][stop + r];
                    p[ML_COUNTS] += (one.cell[r][c] == g->scatter) +
                                    (one.cell[r][c] == g->jewel) * 256u;
                    if (one.cell[r][c] == g->jewel || one.cell[r][c] == g->wild)
                        p[ML_STICKY] |= grid_bit(r, c);
                }
                LineMasks lm;
                eval_lines_reel_masks(&g->le, &one, c, &lm);
                memcpy(p, lm.on[c], (size_t)g->le.stride * sizeof *p);
            }
        }
    }
    return 0;
}

static void ml_fini(void *state)
{
    MonaLisa *g = state;
    free(g->row_store);
    g->row_store = NULL;
}

static int ml_init(void *state, const GameDef *def)
{
    MonaLisa *g = state;
    memset(g, 0, sizeof *g);
    g->def = def;
    g->wild = (uint8_t)gamedef_symbol_with_role(def, ROLE_WILD);
    g->scatter = (uint8_t)gamedef_symbol_with_role(def, ROLE_SCATTER);
    g->jackpot = (uint8_t)gamedef_symbol_with_role(def, ROLE_JACKPOT);
    g->jewel = (uint8_t)gamedef_symbol_with_role(def, ML_ROLE_JEWEL);
    g->sets[SPIN_BASE] = gamedef_reelset(def, "base");
    g->sets[SPIN_FREE] = gamedef_reelset(def, "free");
    g->sets[ML_SPIN_JEWEL] = gamedef_reelset(def, "jewel");
    g->free_award = (int)param(def, "free_spins");
    g->jewel_award = (int)param(def, "jewel_spins");
    g->scatter_min = (int)param(def, "scatter_min");
    g->jewel_min = (int)param(def, "jewel_min");
    g->scatter_pays_from = EVAL_MAX_COUNT + 1;
    for (int n = EVAL_MAX_COUNT; n >= 0; n--)
        if (def->pays.pay[g->scatter][n] > 0)
            g->scatter_pays_from = n;
    g->seed_coins = param(def, "jackpot_seed_coins");
    g->contribution_per_mille = param(def, "jackpot_contribution_per_mille");
    const GameParam *wm = gamedef_param(def, "wild_multipliers");
    for (int k = 0; k < 6; k++)
        g->wild_mult[k] = (uint8_t)wm->v[k < 3 ? k : 3];
    g->bi_coin = gamedef_bet_index(def, "coin_value");
    g->bi_coins = gamedef_bet_index(def, "coins");
    g->bi_lines = gamedef_bet_index(def, "lines");
    const BetOption *bc = &def->bet[g->bi_coins], *bl = &def->bet[g->bi_lines];
    g->max_coins = bc->values[bc->nvalues - 1];
    g->max_lines = bl->values[bl->nvalues - 1];

    LineEval *le = &g->le;
    le->rows = def->rows;
    le->cols = def->cols;
    le->nlines = (uint8_t)def->nlines;
    memcpy(le->line_rows, def->lines, sizeof le->line_rows);
    le->wild = g->wild;
    le->wild_excluded = 1u << g->scatter | 1u << g->jackpot;
    le->line_symbols = def->paying & ~(1u << g->scatter) & ~(1u << g->wild);
    le->pays = &def->pays;
    eval_lines_init(le);
    return build_tables(g);
}

/* ---- bets ------------------------------------------------------------------------------- */

static void bet_layout(const GameDef *def, int *ci, int *ki, int *li)
{
    *ci = gamedef_bet_index(def, "coin_value");
    *ki = gamedef_bet_index(def, "coins");
    *li = gamedef_bet_index(def, "lines");
}

static Money ml_bet_total(const GameDef *def, const Bet *bet)
{
    int ci, ki, li;
    bet_layout(def, &ci, &ki, &li);
    return bet->v[ci] * bet->v[ki] * bet->v[li];
}

static bool ml_bet_is_max(const GameDef *def, const Bet *bet)
{
    int ci, ki, li;
    bet_layout(def, &ci, &ki, &li);
    const BetOption *bc = &def->bet[ki], *bl = &def->bet[li];
    return bet->v[ki] == bc->values[bc->nvalues - 1] && bet->v[li] == bl->values[bl->nvalues - 1];
}

static void ml_bet_max(const GameDef *def, Bet *bet)
{
    int ci, ki, li;
    bet_layout(def, &ci, &ki, &li);
    bet->v[ki] = def->bet[ki].values[def->bet[ki].nvalues - 1];
    bet->v[li] = def->bet[li].values[def->bet[li].nvalues - 1];
}

static int64_t ml_pool_seed(const GameDef *def)
{
    return param(def, "jackpot_seed_coins") * ML_POOL_UNITS;
}

/* What a jackpot would pay now: the pool's whole coins at the coin value. */
static Money ml_pool_value(const GameDef *def, const Bet *bet, int64_t pool)
{
    int ci, ki, li;
    bet_layout(def, &ci, &ki, &li);
    return pool / ML_POOL_UNITS * bet->v[ci];
}

/* ---- a spin ----------------------------------------------------------------------------- */

static RtpPart part_of(SpinKind kind)
{
    return kind == SPIN_BASE ? PART_BASE : kind == SPIN_FREE ? PART_FREE : ML_PART_JEWEL;
}

static void add_win(MonaLisa *g, Machine *m, Money amount, RtpPart part)
{
    RoundSummary *sum = machine_round(m);
    sum->total_win += amount;
    sum->part[part] += amount;
    if (g->phase == PHASE_FREE)
        g->feature_win += amount;
}

static void award(MonaLisa *g, Machine *m, Feature f, int spins, bool retrigger)
{
    if (f == ML_FEATURE_JEWEL_SPINS)
        g->extra_left += spins;
    else
        g->free_left += spins;
    machine_award(m, f, spins, g->free_left, g->extra_left, retrigger);
}

/* The reels that spin draw their stops, two per RNG output (in jewel spins the locked reel 1
 * does not spin). */
static inline void draw_stops(const ReelSet *rs, Rng *rng, int first, uint32_t at[REELS])
{
    Rng r = *rng; /* a local copy stays in registers */
    const uint16_t *len = rs->len;
    if (first == 0) {
        rng_below2(&r, len[0], len[1], &at[0], &at[1]);
        rng_below2(&r, len[2], len[3], &at[2], &at[3]);
        at[4] = rng_below(&r, len[4]);
    } else { /* reel 1 is locked */
        rng_below2(&r, len[1], len[2], &at[1], &at[2]);
        rng_below2(&r, len[3], len[4], &at[3], &at[4]);
    }
    *rng = r;
}

/* An unforced spin's line masks, scatters and reel-1 jewels, from the reel-stop tables. */
static inline int table_lookup(const MonaLisa *g, SpinKind kind, const uint32_t at[REELS],
                               const uint32_t *reel_masks[REELS], int *jewels)
{
    uint32_t *const *rows = g->rows[kind];
    uint32_t counts = 0;
    for (int c = 0; c < REELS; c++) {
        reel_masks[c] = rows[c] + at[c] * ML_ROW;
        counts += reel_masks[c][ML_COUNTS];
    }
    *jewels = ML_JEWELS_OF(reel_masks[0][ML_COUNTS]);
    return ML_SCATTERS_OF(counts);
}

/* Reel c's line masks as `screen` shows it, into out: the union of its cells' masks. */
static inline void screen_reel_masks(const MonaLisa *g, const Grid *screen, int c,
                                     uint32_t out[ML_ROW])
{
    const uint32_t *cell[ROWS];
    for (int r = 0; r < ROWS; r++)
        cell[r] = g->cell_rows + ((c * ROWS + r) * g->def->nsymbols + screen->cell[r][c]) * ML_ROW;
    typedef uint32_t Quad __attribute__((vector_size(16))); /* four words: SSE2 on x86-64 */
    for (int k = 0; k < ML_ROW; k += 4) {
        Quad a, b, d;
        memcpy(&a, cell[0] + k, sizeof a);
        memcpy(&b, cell[1] + k, sizeof b);
        memcpy(&d, cell[2] + k, sizeof d);
        a |= b | d;
        memcpy(out + k, &a, sizeof a);
    }
}

static void ml_bet_set(void *state, const Bet *bet, bool max_bet)
{
    MonaLisa *g = state;
    const int64_t lines = bet->v[g->bi_lines], coins = bet->v[g->bi_coins];
    g->active = lines >= 32 ? 0xffffffffu : (1u << lines) - 1;
    g->line_money = coins * bet->v[g->bi_coin];
    g->full_stop = max_bet ? 1u << g->jackpot : 0;
    g->pool_added = coins * lines * g->contribution_per_mille;
}

/* A win event with what every win has; the caller adds the rest. */
static EventWin *emit_win(const MonaLisa *g, Machine *m, WinKind wk, SpinKind kind,
                          uint8_t symbol, uint8_t count, CellMask cells, Money amount)
{
    EventWin *e = &machine_emit(m, EVENT_WIN)->win;
    e->kind = wk;
    e->spin = kind;
    e->spin_index = (uint16_t)g->spin_index;
    e->symbol = symbol;
    e->count = count;
    e->cells = cells;
    e->amount = amount;
    return e;
}

/* Pays a spin's line wins: the 5-jackpot line at max bet is the progressive, except in jewel
 * spins; the others pay the paytable times the wild multiplier times the coins per line.
 * Events are written when `events`. */
static inline void pay_lines(MonaLisa *g, Machine *m, SpinKind kind, const LineWin *wins, int n,
                             bool events)
{
    const Bet *bet = machine_bet(m);
    const int64_t coin = bet->v[g->bi_coin], coins = bet->v[g->bi_coins];
    RoundSummary *sum = machine_round(m);
    for (int i = 0; i < n; i++) {
        const LineWin *w = &wins[i];
        WinKind wk = WIN_LINE;
        int64_t won;
        if (w->symbol == g->jackpot && w->count == REELS && kind != ML_SPIN_JEWEL &&
            machine_is_max_bet(m)) {
            /* whole coins are paid; the fraction of a coin stays in the pool for the next */
            int64_t *pool = machine_pool(m);
            wk = WIN_JACKPOT;
            won = *pool / ML_POOL_UNITS;
            sum->jackpots++;
            sum->jackpot_seed_value += g->seed_coins * coin;
            sum->pool_paid += won * ML_POOL_UNITS;
            *pool = ml_pool_seed(g->def) + *pool % ML_POOL_UNITS;
            add_win(g, m, won * coin, PART_JACKPOT);
        } else {
            won = (int64_t)w->pay * w->mult * coins;
            add_win(g, m, won * coin, part_of(kind));
        }
        if (!events)
            continue;
        EventWin *e = emit_win(g, m, wk, kind, w->symbol, w->count, w->cells, won * coin);
        e->line = (uint8_t)(w->line + 1);
        e->wilds = w->wilds;
        e->multiplier = wk == WIN_JACKPOT ? 1 : w->mult;
        e->coins = won;
    }
}

/* Pays `scat` scatters anywhere: the paytable times the total bet in coins. */
static void pay_scatter(MonaLisa *g, Machine *m, SpinKind kind, int scat, CellMask cells,
                        bool events)
{
    if (scat < g->scatter_pays_from)
        return;
    const int32_t scat_pay = scat <= EVAL_MAX_COUNT ? g->def->pays.pay[g->scatter][scat] : 0;
    if (scat_pay <= 0)
        return;
    const Bet *bet = machine_bet(m);
    const int64_t coin = bet->v[g->bi_coin];
    const int64_t won = (int64_t)scat_pay * bet->v[g->bi_coins] * bet->v[g->bi_lines];
    add_win(g, m, won * coin, part_of(kind));
    if (!events)
        return;
    EventWin *e = emit_win(g, m, WIN_SCATTER, kind, g->scatter, (uint8_t)scat, cells, won * coin);
    e->multiplier = 1;
    e->coins = won;
}

/* A spin's screen: the drawn windows from reel `first` on (or the forced screen), with the
 * held cells of a jewel spin kept. */
static inline void build_screen(const MonaLisa *g, const ReelSet *rs, int first,
                                const uint32_t at[REELS], const Grid *forced, CellMask held,
                                Grid *screen)
{
    screen->rows = ROWS;
    screen->cols = REELS;
    memset(screen->cell, GRID_NO_SYMBOL, sizeof screen->cell);
    for (int c = first; c < REELS; c++) {
        const uint8_t *window = &rs->strip[c][at[c]];
        for (int r = 0; r < ROWS; r++)
            screen->cell[r][c] = window[r];
    }
    if (forced)
        memcpy(screen->cell, forced->cell, sizeof screen->cell);
    if (held)
        for (int r = 0; r < ROWS; r++)
            for (int c = 0; c < REELS; c++)
                if (held & grid_bit(r, c))
                    screen->cell[r][c] = g->held_screen.cell[r][c];
}

/* An unforced jewel spin's line masks: a reel with no held cell shows its drawn stop, its
 * masks come from the table; the others are put together from their cells into built. */
static inline void jewel_reel_masks(const MonaLisa *g, const Grid *screen, CellMask held,
                                    const uint32_t at[REELS], uint32_t built[REELS][ML_ROW],
                                    const uint32_t *reel_masks[REELS])
{
    uint32_t *const *rows = g->rows[ML_SPIN_JEWEL];
    for (int c = 0; c < REELS; c++) {
        if (held & (grid_bit(0, c) | grid_bit(1, c) | grid_bit(2, c))) {
            screen_reel_masks(g, screen, c, built[c]);
            reel_masks[c] = built[c];
        } else {
            reel_masks[c] = rows[c] + at[c] * ML_ROW;
        }
    }
}

/* A spin's line wins, from the screen (NULL: not built) or the reels' masks (NULL: not
 * from the tables). A simulator adds up the line pays (-1: eval_lines_pay could not say;
 * a progressive never comes in jewel spins); otherwise each win is found and paid. */
static inline void pay_spin_lines(MonaLisa *g, Machine *m, SpinKind kind, const Grid *screen,
                                  const uint32_t *const *reel_masks, bool table_reels, bool tally)
{
    const uint32_t active = g->active;
    const uint8_t *wild_mult = kind == SPIN_FREE ? g->wild_mult : NULL;
    int64_t pay = -1;
    if (tally && table_reels)
        pay = eval_lines_pay(&g->le, reel_masks, active, wild_mult,
                             kind == ML_SPIN_JEWEL ? 0 : g->full_stop);
    if (pay > 0) {
        add_win(g, m, pay * g->line_money, part_of(kind));
    } else if (pay < 0) {
        LineWin wins[EVAL_MAX_LINES];
        const int n = eval_lines(&g->le, screen, table_reels ? reel_masks : NULL, active,
                                 wild_mult, wins, EVAL_MAX_LINES);
        pay_lines(g, m, kind, wins, n, !tally);
    }
}

/* A spin's awards, jewels first, as they are always played first (jewels -1: count them
 * on the screen, a forced one), then free spins for scat scatters. */
static inline void spin_awards(MonaLisa *g, Machine *m, SpinKind kind, const Grid *screen,
                               bool forced, const uint32_t at[REELS], int jewels, int scat)
{
    bool retrigger = kind != SPIN_BASE;
    if (kind != ML_SPIN_JEWEL) {
        if (jewels < 0) { /* a forced screen */
            jewels = 0;
            for (int r = 0; r < ROWS; r++)
                jewels += screen->cell[r][0] == g->jewel;
        }
        if (jewels >= g->jewel_min) {
            g->held = 0;
            for (int r = 0; r < ROWS; r++)
                g->held |= grid_bit(r, 0);
            award(g, m, ML_FEATURE_JEWEL_SPINS, g->jewel_award, retrigger);
        }
    }
    if (g->held) {
        if (forced) {
            for (int r = 0; r < ROWS; r++)
                for (int c = 1; c < REELS; c++)
                    if (screen->cell[r][c] == g->jewel || screen->cell[r][c] == g->wild)
                        g->held |= grid_bit(r, c);
        } else { /* a held cell is held already: the drawn windows say which cells join */
            for (int c = 1; c < REELS; c++)
                g->held |= g->rows[kind][c][at[c] * ML_ROW + ML_STICKY];
        }
        g->held_screen = *screen;
    }
    if (scat >= g->scatter_min)
        award(g, m, FEATURE_FREE_SPINS, g->free_award, retrigger);
}

/* The spin's screen event, the index-th: the counters shown with it are those after this
 * spin's awards. */
static void fill_screen_event(const MonaLisa *g, Machine *m, int index, SpinKind kind,
                              const Grid *screen, CellMask held, const uint32_t at[REELS])
{
    EventScreen *shown = &machine_event_at(m, index)->screen;
    shown->spin = kind;
    shown->spin_index = (uint16_t)g->spin_index;
    shown->screen = *screen;
    shown->held = held;
    for (int c = 0; c < REELS; c++)
        shown->stops[c] = (uint16_t)at[c];
    shown->free_left = (uint16_t)g->free_left;
    shown->extra_left = (uint16_t)g->extra_left;
}

static void play_spin(MonaLisa *g, Machine *m, SpinKind kind)
{
    const ReelSet *rs = g->sets[kind];
    RoundSummary *sum = machine_round(m);
    sum->spins[kind]++;

    /* The screen event comes first in the round's order; its fields are filled at the end
     * of the spin, when the awards are known (and pointers into the event list, which moves
     * as events are added, are not kept). */
    const bool tally = machine_tally_only(m);
    const int screen_event = machine_event_count(m);
    if (!tally)
        machine_emit(m, EVENT_SCREEN);
    uint32_t at[REELS] = {0};
    const int first = kind == ML_SPIN_JEWEL ? 1 : 0;
    draw_stops(rs, machine_rng(m), first, at);
    const Grid *forced = machine_take_forced(m);
    if (forced) /* a scenario's: reported when the strips cannot show it (the held cells kept) */
        machine_forced_reach(m, rs, forced,
                             kind == ML_SPIN_JEWEL ? g->held | grid_bit(0, 0) | grid_bit(1, 0) |
                                                         grid_bit(2, 0)
                                                   : 0);
    const bool drawn = !forced && kind != ML_SPIN_JEWEL;
    const uint32_t *reel_masks[REELS];
    /* jewels on reel 1 award jewel spins, except in jewel spins; -1: count them on screen */
    int jewels = kind == ML_SPIN_JEWEL ? 0 : -1, scat = 0;
    if (drawn)
        scat = table_lookup(g, kind, at, reel_masks, &jewels);

    /* The screen, built when something reads it: the event, a forced or held screen, or
     * the held cells of a jewel award. In a simulator's unforced spin the tables say all. */
    const CellMask held = kind == ML_SPIN_JEWEL ? g->held : 0;
    const bool need_screen = !tally || !drawn || jewels >= g->jewel_min;
    Grid screen;
    if (need_screen)
        build_screen(g, rs, first, at, forced, held, &screen);
    const bool table_reels = !forced;
    uint32_t built[REELS][ML_ROW];
    if (kind == ML_SPIN_JEWEL && !forced)
        jewel_reel_masks(g, &screen, held, at, built, reel_masks);
    pay_spin_lines(g, m, kind, need_screen ? &screen : NULL, reel_masks, table_reels, tally);

    CellMask scat_cells = 0;
    if (!drawn)
        scat = grid_count(&screen, g->scatter, &scat_cells);
    else if (!tally && scat)
        grid_count(&screen, g->scatter, &scat_cells);
    pay_scatter(g, m, kind, scat, scat_cells, !tally);

    spin_awards(g, m, kind, &screen, forced != NULL, at, jewels, scat);
    if (!tally)
        fill_screen_event(g, m, screen_event, kind, &screen, held, at);
    g->spin_index++;
}

static void end_round(MonaLisa *g, Machine *m)
{
    machine_end_round(m, g->phase == PHASE_FREE ? g->feature_spins : 0, g->feature_win);
    g->phase = PHASE_IDLE;
    g->held = 0;
}

/* The round's bet's contribution to the pool, added before the base spin (so that a
 * jackpot in that spin pays it too). */
static inline void contribute(MonaLisa *g, Machine *m)
{
    machine_round(m)->pool_added = g->pool_added;
    *machine_pool(m) += g->pool_added;
}

/* A round's start: the contribution, and the feature counters start empty. */
static void begin_round(MonaLisa *g, Machine *m)
{
    contribute(g, m);
    g->free_left = g->extra_left = g->spin_index = g->feature_spins = 0;
    g->feature_win = 0;
    g->held = 0;
    g->phase = PHASE_IDLE;
}

/* A round's base spin: then the round ends, or awaits the start of its free spins. */
static void base_spin(MonaLisa *g, Machine *m)
{
    begin_round(g, m);
    play_spin(g, m, SPIN_BASE);
    if (g->free_left || g->extra_left)
        g->phase = PHASE_AWAIT_START;
    else
        end_round(g, m);
}

/* The next free spin in the queue, jewel spins first; the round ends with the last. */
static void free_spin(MonaLisa *g, Machine *m)
{
    SpinKind kind;
    if (g->extra_left) {
        g->extra_left--;
        kind = ML_SPIN_JEWEL;
    } else {
        g->free_left--;
        kind = SPIN_FREE;
    }
    g->feature_spins++;
    play_spin(g, m, kind);
    if (kind == ML_SPIN_JEWEL && !g->extra_left)
        g->held = 0;
    if (!g->free_left && !g->extra_left)
        end_round(g, m);
}

/* The simulator's rounds (tally mode, nothing forced), played as autoplay plays their
 * commands. A round whose base spin awards no feature is that spin alone: it is played
 * here from the reel-stop tables, its line wins added up by eval_lines_pay (the same pays
 * as eval_lines and pay_lines give, summed), with no events; between rounds the feature
 * counters are empty already. Any other round (a feature, or a spin the sum cannot answer:
 * a progressive jackpot, a line two symbols win on) is played spin by spin from the same
 * seed, its free spins started at once. */
static bool ml_tally_round(void *state, Machine *m, uint64_t seed)
{
    MonaLisa *g = state;
    Rng rng;
    rng_seed(&rng, seed);
    uint32_t at[REELS];
    draw_stops(g->sets[SPIN_BASE], &rng, 0, at);
    const uint32_t *reel_masks[REELS];
    int jewels;
    const int scat = table_lookup(g, SPIN_BASE, at, reel_masks, &jewels);
    const int64_t pay = jewels >= g->jewel_min || scat >= g->scatter_min
                            ? -1
                            : eval_lines_pay(&g->le, reel_masks, g->active, NULL, g->full_stop);
    if (pay < 0) {
        rng_seed(machine_rng(m), seed);
        base_spin(g, m);
        if (g->phase == PHASE_AWAIT_START) /* started at once, as autoplay does */
            for (g->phase = PHASE_FREE; g->phase == PHASE_FREE;)
                free_spin(g, m);
        return true;
    }
    contribute(g, m);
    machine_round(m)->spins[SPIN_BASE]++;
    if (pay)
        add_win(g, m, pay * g->line_money, PART_BASE);
    pay_scatter(g, m, SPIN_BASE, scat, 0, false); /* fewer scatters than award free spins */
    return true;
}

static void ml_command(void *state, Machine *m, const Command *cmd)

{
    MonaLisa *g = state;
    switch (cmd->type) {
    case CMD_SPIN:
        base_spin(g, m);
        break;
    case CMD_START: {
        g->phase = PHASE_FREE;
        Event *e = machine_emit(m, EVENT_FEATURE_START);
        e->feature_start.free_left = (uint16_t)g->free_left;
        e->feature_start.extra_left = (uint16_t)g->extra_left;
        break;
    }
    case CMD_CONTINUE:
        free_spin(g, m);
        break;
    default: /* the machine plays only what was offered */
        break;
    }
}

static void ml_offer(const void *state, Offer *o)
{
    const MonaLisa *g = state;
    switch (g->phase) {
    case PHASE_IDLE:
        o->commands = 1u << CMD_SPIN;
        break;
    case PHASE_AWAIT_START:
        o->commands = 1u << CMD_START;
        break;
    case PHASE_FREE:
        o->commands = 1u << CMD_CONTINUE;
        break;
    }
}

static const char *const ml_features[] = {"free_spins", "jewel_spins", "scatter_min", "jewel_min",
                                          "wild_multipliers", "jackpot_seed_coins",
                                          "jackpot_contribution_per_mille", NULL};
static const char *const ml_bet_keys[] = {"coin_value", "coins", "lines", NULL};
/* the operator's: the progressive's seed, in coins ("its share of the RTP is the operator's") */
static const GameSetting ml_settings[] = {
    {"jackpot_seed", "jackpot_seed_coins", 1000, 10000000, 10000, "coins"},
    {NULL},
};
/* carried from round to round: the progressive pool, in thousandths of a coin */
static const char *const ml_carried[] = {"pool", NULL};

/* A negative pool, or one beyond what a scenario or a meter holds exactly, is no pool of
 * ours. (It may be below the seed of today's configuration: the operator may have raised it.) */
static const char *ml_carried_refuses(const GameDef *def, const int64_t *v)
{
    (void)def;
    if (v[0] < 0)
        return "the pool is negative";
    return v[0] > 9000000000000000 ? "the pool is beyond 9000000000000000" : NULL;
}
static const char *const ml_reel_sets[] = {"base", "free", "jewel", NULL};

static const GameNames ml_names = {
    .spin = {[SPIN_BASE] = "base", [SPIN_FREE] = "free", [ML_SPIN_JEWEL] = "jewel"},
    .feature = {[FEATURE_FREE_SPINS] = "free_spins", [ML_FEATURE_JEWEL_SPINS] = "jewel_spins"},
    .part = {[PART_BASE] = "base", [PART_FREE] = "free_spins", [ML_PART_JEWEL] = "jewel_spins",
             [PART_JACKPOT] = "jackpot"},
};

const GameRules games_mona_lisa = {
    .id = "mona-lisa-jewels",
    .name = "Mona Lisa Jewels",
    .names = &ml_names,
    .features = ml_features,
    .bet_keys = ml_bet_keys,
    .reel_sets = ml_reel_sets,
    .check = ml_check,
    .bet_total = ml_bet_total,
    .bet_is_max = ml_bet_is_max,
    .bet_max = ml_bet_max,
    .parts = 1u << PART_BASE | 1u << PART_FREE | 1u << ML_PART_JEWEL | 1u << PART_JACKPOT,
    .features_used = 1u << FEATURE_FREE_SPINS | 1u << ML_FEATURE_JEWEL_SPINS,
    .state_size = sizeof(MonaLisa),
    .init = ml_init,
    .fini = ml_fini,
    .bet_set = ml_bet_set,
    .command = ml_command,
    .tally_round = ml_tally_round,
    .offer = ml_offer,
    .settings = ml_settings,
    .carried = ml_carried,
    .carried_version = 1,
    .carried_refuses = ml_carried_refuses,
    .pool_seed = ml_pool_seed,
    .pool_value = ml_pool_value,
};
