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

#include "../eval.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define ML_POOL_UNITS 1000 /* pool units per coin */

/* The window is 3 rows by 5 reels (ml_check refuses any other), as constants so that the
 * loops over it unroll. */
enum { ROWS = 3, REELS = 5 };

typedef enum Phase { PHASE_IDLE, PHASE_AWAIT_START, PHASE_FREE } Phase;

typedef struct MonaLisa {
    const GameDef *def;
    LineEval le;
    /* masks[kind][reel] + stop * le.nsyms: the reel's line masks at that stop */
    uint32_t *masks[SPIN__COUNT][GRID_MAX_COLS];
    uint32_t *mask_store;
    /* scatters[kind][reel][stop]: scatters the reel shows at that stop; jewels1[kind][stop]:
     * jewels reel 1 shows */
    uint8_t *scatters[SPIN__COUNT][GRID_MAX_COLS];
    uint8_t *jewels1[SPIN__COUNT];
    uint8_t *scatter_store, *jewel_store;
    uint8_t wild, scatter, jackpot, jewel;
    const ReelSet *sets[SPIN__COUNT];
    int free_award, jewel_award, scatter_min, jewel_min;
    uint8_t wild_mult[6];
    int64_t seed_coins, contribution_per_mille;
    int bi_coin, bi_coins, bi_lines;
    int64_t max_coins, max_lines;
    /* the round */
    Phase phase;
    int free_left, jewel_left, spin_index, feature_spins;
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
    const int jewel = gamedef_symbol_with_role(def, ROLE_JEWEL);
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
        need_role(def, ROLE_JACKPOT, err) || need_role(def, ROLE_JEWEL, err))
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
    if (def->paying >> wild & 1u)
        return error_set(err, "%s: paytable.%s: the wild pays only as the symbol it replaces",
                         def->path, def->symbols[wild].id);
    if (check_money_fits(def, err))
        return -1;
    return check_rounds_end(def, err);
}


/* Tabulates each reel stop's line masks, so an unforced spin looks them up. */
static int build_masks(MonaLisa *g)
{
    const int nsyms = g->le.stride;
    size_t total = 0;
    for (int k = 0; k < SPIN__COUNT; k++)
        for (int c = 0; c < g->def->cols; c++)
            total += (size_t)g->sets[k]->len[c] * (size_t)nsyms;
    g->mask_store = calloc(total ? total : 1, sizeof *g->mask_store);
    g->scatter_store = calloc(total ? total : 1, 1);
    g->jewel_store = calloc(total ? total : 1, 1);
    if (!g->mask_store || !g->scatter_store || !g->jewel_store)
        return -1;
    uint32_t *p = g->mask_store;
    uint8_t *sp = g->scatter_store, *jp = g->jewel_store;
    for (int k = 0; k < SPIN__COUNT; k++) {
        const ReelSet *rs = g->sets[k];
        for (int c = 0; c < g->def->cols; c++) {
            g->masks[k][c] = p;
            g->scatters[k][c] = sp;
            if (c == 0)
                g->jewels1[k] = jp;
            for (int stop = 0; stop < rs->len[c]; stop++) {
                Grid one = {.rows = g->def->rows, .cols = g->def->cols};
                for (int r = 0; r < g->def->rows; r++) {
                    one.cell[r][c] = rs->strip[c][stop + r];
                    *sp = (uint8_t)(*sp + (one.cell[r][c] == g->scatter));
                    if (c == 0)
                        *jp = (uint8_t)(*jp + (one.cell[r][c] == g->jewel));
                }
                sp++;
                jp += c == 0;
                LineMasks lm;
                eval_lines_reel_masks(&g->le, &one, c, &lm);
                memcpy(p, lm.on[c], (size_t)nsyms * sizeof *p);
                p += nsyms;
            }
        }
    }
    return 0;
}

static void ml_fini(void *state)
{
    MonaLisa *g = state;
    free(g->mask_store);
    free(g->scatter_store);
    free(g->jewel_store);
    g->mask_store = NULL;
    g->scatter_store = g->jewel_store = NULL;
}

static int ml_init(void *state, const GameDef *def)
{
    MonaLisa *g = state;
    memset(g, 0, sizeof *g);
    g->def = def;
    g->wild = (uint8_t)gamedef_symbol_with_role(def, ROLE_WILD);
    g->scatter = (uint8_t)gamedef_symbol_with_role(def, ROLE_SCATTER);
    g->jackpot = (uint8_t)gamedef_symbol_with_role(def, ROLE_JACKPOT);
    g->jewel = (uint8_t)gamedef_symbol_with_role(def, ROLE_JEWEL);
    g->sets[SPIN_BASE] = gamedef_reelset(def, "base");
    g->sets[SPIN_FREE] = gamedef_reelset(def, "free");
    g->sets[SPIN_JEWEL] = gamedef_reelset(def, "jewel");
    g->free_award = (int)param(def, "free_spins");
    g->jewel_award = (int)param(def, "jewel_spins");
    g->scatter_min = (int)param(def, "scatter_min");
    g->jewel_min = (int)param(def, "jewel_min");
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
    return build_masks(g);
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
    return kind == SPIN_BASE ? PART_BASE : kind == SPIN_FREE ? PART_FREE : PART_JEWEL;
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
    if (f == FEATURE_JEWEL_SPINS)
        g->jewel_left += spins;
    else
        g->free_left += spins;
    machine_round(m)->triggers[f]++;
    Event *e = machine_emit(m, EVENT_FEATURE_AWARD);
    e->award.feature = f;
    e->award.spins = (uint16_t)spins;
    e->award.free_left = (uint16_t)g->free_left;
    e->award.jewel_left = (uint16_t)g->jewel_left;
    e->award.retrigger = retrigger;
}

static void play_spin(MonaLisa *g, Machine *m, SpinKind kind)
{
    const GameDef *def = g->def;
    const Bet *bet = machine_bet(m);
    const int64_t coin = bet->v[g->bi_coin], coins = bet->v[g->bi_coins];
    const int64_t lines = bet->v[g->bi_lines];
    const ReelSet *rs = g->sets[kind];
    Rng *rng = machine_rng(m);
    RoundSummary *sum = machine_round(m);
    sum->spins[kind]++;

    /* The screen event comes first in the round's order; its fields are filled at the end
     * of the spin, when the awards are known (and pointers into the event list, which moves
     * as events are added, are not kept). */
    const bool tally = machine_tally_only(m);
    const int screen_event = machine_event_count(m);
    machine_emit(m, EVENT_SCREEN);
    /* the reels that spin draw their stops two at a time (in jewel spins the locked reel 1
     * does not spin) */
    uint32_t at[REELS] = {0};
    const int first = kind == SPIN_JEWEL ? 1 : 0;
    int reel = first;
    for (; reel + 1 < REELS; reel += 2)
        rng_below2(rng, rs->len[reel], rs->len[reel + 1], &at[reel], &at[reel + 1]);
    if (reel < REELS)
        at[reel] = rng_below(rng, rs->len[reel]);
    const Grid *forced = machine_take_forced(m);
    const bool drawn = !forced && kind != SPIN_JEWEL;
    const uint32_t *reel_masks[GRID_MAX_COLS];
    if (drawn) {
        uint32_t *const *masks = g->masks[kind];
        const size_t stride = g->le.stride;
        for (int c = 0; c < REELS; c++)
            reel_masks[c] = masks[c] + at[c] * stride;
    }
    /* jewels on reel 1 award jewel spins, except in jewel spins */
    const int jewels = kind == SPIN_JEWEL ? 0 : drawn ? g->jewels1[kind][at[0]] : -1;

    /* The screen, built when something reads it: the event, a forced or held screen, or
     * the held cells of a jewel award. In a simulator's unforced spin the tables say all. */
    const CellMask held = kind == SPIN_JEWEL ? g->held : 0;
    const bool need_screen = !tally || !drawn || jewels >= g->jewel_min;
    Grid screen = {.rows = ROWS, .cols = REELS};
    if (need_screen) {
        memset(screen.cell, GRID_NO_SYMBOL, sizeof screen.cell);
        for (int c = first; c < REELS; c++) {
            const uint8_t *window = &rs->strip[c][at[c]];
            for (int r = 0; r < ROWS; r++)
                screen.cell[r][c] = window[r];
        }
        if (forced)
            memcpy(screen.cell, forced->cell, sizeof screen.cell);
        if (held)
            for (int r = 0; r < ROWS; r++)
                for (int c = 0; c < REELS; c++)
                    if (held & grid_bit(r, c))
                        screen.cell[r][c] = g->held_screen.cell[r][c];
    }

    /* line wins; the 5-jackpot line at max bet is the progressive, except in jewel spins */
    LineWin wins[EVAL_MAX_LINES];
    uint32_t active = lines >= 32 ? 0xffffffffu : (1u << lines) - 1;
    int n = eval_lines(&g->le, need_screen ? &screen : NULL, drawn ? reel_masks : NULL, active,
                       kind == SPIN_FREE ? g->wild_mult : NULL, wins, EVAL_MAX_LINES);
    const bool max_bet = machine_is_max_bet(m);
    for (int i = 0; i < n; i++) {
        const LineWin *w = &wins[i];
        Event *we = machine_emit(m, EVENT_WIN);
        EventWin *e = &we->win;
        e->spin = kind;
        e->spin_index = (uint16_t)g->spin_index;
        e->symbol = w->symbol;
        e->count = w->count;
        e->line = (uint8_t)(w->line + 1);
        e->wilds = w->wilds;
        e->cells = w->cells;
        if (w->symbol == g->jackpot && w->count == REELS && max_bet && kind != SPIN_JEWEL) {
            /* whole coins are paid; the fraction of a coin stays in the pool for the next */
            int64_t *pool = machine_pool(m);
            e->kind = WIN_JACKPOT;
            e->multiplier = 1;
            e->coins = *pool / ML_POOL_UNITS;
            e->amount = e->coins * coin;
            sum->jackpots++;
            sum->jackpot_seed_value += g->seed_coins * coin;
            sum->pool_paid += e->coins * ML_POOL_UNITS;
            *pool = ml_pool_seed(def) + *pool % ML_POOL_UNITS;
            add_win(g, m, e->amount, PART_JACKPOT);
        } else {
            e->kind = WIN_LINE;
            e->multiplier = w->mult;
            e->coins = (int64_t)w->pay * w->mult * coins;
            e->amount = e->coins * coin;
            add_win(g, m, e->amount, part_of(kind));
        }
    }

    /* scatter: pays anywhere, times the total bet */
    CellMask scat_cells = 0;
    int scat = 0;
    if (drawn) {
        uint8_t *const *scatters = g->scatters[kind];
        for (int c = 0; c < REELS; c++)
            scat += scatters[c][at[c]];
    } else
        scat = grid_count(&screen, g->scatter, &scat_cells);
    int32_t scat_pay = scat <= EVAL_MAX_COUNT ? def->pays.pay[g->scatter][scat] : 0;
    if (scat_pay > 0) {
        if (drawn && need_screen)
            grid_count(&screen, g->scatter, &scat_cells);
        Event *we = machine_emit(m, EVENT_WIN);
        EventWin *e = &we->win;
        e->kind = WIN_SCATTER;
        e->spin = kind;
        e->spin_index = (uint16_t)g->spin_index;
        e->symbol = g->scatter;
        e->count = (uint8_t)scat;
        e->multiplier = 1;
        e->coins = (int64_t)scat_pay * coins * lines;
        e->amount = e->coins * coin;
        e->cells = scat_cells;
        add_win(g, m, e->amount, part_of(kind));
    }

    /* awards: jewels first, as they are always played first */
    bool retrigger = kind != SPIN_BASE;
    if (kind != SPIN_JEWEL) {
        int on_reel1 = jewels;
        if (on_reel1 < 0) { /* a forced screen */
            on_reel1 = 0;
            for (int r = 0; r < ROWS; r++)
                on_reel1 += screen.cell[r][0] == g->jewel;
        }
        if (on_reel1 >= g->jewel_min) {
            g->held = 0;
            for (int r = 0; r < ROWS; r++)
                g->held |= grid_bit(r, 0);
            award(g, m, FEATURE_JEWEL_SPINS, g->jewel_award, retrigger);
        }
    }
    if (g->held) {
        for (int r = 0; r < ROWS; r++)
            for (int c = 1; c < REELS; c++)
                if (screen.cell[r][c] == g->jewel || screen.cell[r][c] == g->wild)
                    g->held |= grid_bit(r, c);
        g->held_screen = screen;
    }
    if (scat >= g->scatter_min)
        award(g, m, FEATURE_FREE_SPINS, g->free_award, retrigger);

    /* the screen event: the counters shown with it are those after this spin's awards */
    if (!tally) {
        EventScreen *shown = &machine_event_at(m, screen_event)->screen;
        shown->spin = kind;
        shown->spin_index = (uint16_t)g->spin_index;
        shown->screen = screen;
        shown->held = held;
        for (int c = 0; c < REELS; c++)
            shown->stops[c] = (uint16_t)at[c];
        shown->free_left = (uint16_t)g->free_left;
        shown->jewel_left = (uint16_t)g->jewel_left;
    }
    g->spin_index++;
}

static void end_round(MonaLisa *g, Machine *m)
{
    if (g->phase == PHASE_FREE) {
        Event *e = machine_emit(m, EVENT_FEATURE_END);
        e->feature_end.spins_played = (uint16_t)g->feature_spins;
        e->feature_end.total_win = g->feature_win;
    }
    Event *e = machine_emit(m, EVENT_ROUND_END);
    e->round_end.total_win = machine_round(m)->total_win;
    g->phase = PHASE_IDLE;
    g->held = 0;
}

static void ml_command(void *state, Machine *m, const Command *cmd)
{
    MonaLisa *g = state;
    switch (cmd->type) {
    case CMD_SPIN: {
        const Bet *bet = machine_bet(m);
        int64_t coins = bet->v[g->bi_coins] * bet->v[g->bi_lines];
        RoundSummary *sum = machine_round(m);
        sum->pool_added = coins * g->contribution_per_mille;
        *machine_pool(m) += sum->pool_added;
        g->free_left = g->jewel_left = g->spin_index = g->feature_spins = 0;
        g->feature_win = 0;
        g->held = 0;
        g->phase = PHASE_IDLE;
        play_spin(g, m, SPIN_BASE);
        if (g->free_left || g->jewel_left)
            g->phase = PHASE_AWAIT_START;
        else
            end_round(g, m);
        break;
    }
    case CMD_START_FREE_SPINS: {
        g->phase = PHASE_FREE;
        Event *e = machine_emit(m, EVENT_FEATURE_START);
        e->feature_start.free_left = (uint16_t)g->free_left;
        e->feature_start.jewel_left = (uint16_t)g->jewel_left;
        break;
    }
    case CMD_FREE_SPIN: {
        SpinKind kind;
        if (g->jewel_left) {
            g->jewel_left--;
            kind = SPIN_JEWEL;
        } else {
            g->free_left--;
            kind = SPIN_FREE;
        }
        g->feature_spins++;
        play_spin(g, m, kind);
        if (kind == SPIN_JEWEL && !g->jewel_left)
            g->held = 0;
        if (!g->free_left && !g->jewel_left)
            end_round(g, m);
        break;
    }
    case CMD__COUNT:
        break;
    }
}

static uint32_t ml_allowed(const void *state)
{
    const MonaLisa *g = state;
    switch (g->phase) {
    case PHASE_IDLE:
        return 1u << CMD_SPIN;
    case PHASE_AWAIT_START:
        return 1u << CMD_START_FREE_SPINS;
    case PHASE_FREE:
        return 1u << CMD_FREE_SPIN;
    }
    return 0;
}

static const char *const ml_features[] = {"free_spins", "jewel_spins", "scatter_min", "jewel_min",
                                          "wild_multipliers", "jackpot_seed_coins",
                                          "jackpot_contribution_per_mille", NULL};
static const char *const ml_bet_keys[] = {"coin_value", "coins", "lines", NULL};
static const char *const ml_reel_sets[] = {"base", "free", "jewel", NULL};

const GameRules games_mona_lisa = {
    .id = "mona-lisa-jewels",
    .name = "Mona Lisa Jewels",
    .features = ml_features,
    .bet_keys = ml_bet_keys,
    .reel_sets = ml_reel_sets,
    .check = ml_check,
    .bet_total = ml_bet_total,
    .bet_is_max = ml_bet_is_max,
    .bet_max = ml_bet_max,
    .state_size = sizeof(MonaLisa),
    .init = ml_init,
    .fini = ml_fini,
    .command = ml_command,
    .allowed = ml_allowed,
    .pool_seed = ml_pool_seed,
    .pool_value = ml_pool_value,
};
