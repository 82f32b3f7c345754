/* gonzos_gold.c - Gonzo's Gold: 5x5 cluster pays with a substituting scatter, a bonus prize
 * for scatters, and free spins with an expanding symbol (rules: shared/rules/gonzos-gold.txt).
 *
 * Money: the bet is `bet_coins` coins (20), so a coin is bet / bet_coins minor units and the
 * paytable counts coins; every bet value must be a multiple of bet_coins.
 *
 * A spin: the grid is drawn (one stop per reel, five rows shown), clusters are paid, then
 * the scatters anywhere: 3+ award free spins and a bonus prize (paytable.SCATTER, in coins).
 * Free spins start with a pick of one of nine tiles; the round's RNG draws the expanding
 * symbol (by `expanding_weights`) and places the other eight paying symbols on the other
 * tiles, so the tile picked never changes the outcome. In a free spin, after the clusters
 * are paid, two or more expanding symbols adjacent in a row cover that row, in a reel that
 * reel (scatters neither expand nor make a neighbour expand, and only adjacency on the
 * screen as it landed counts); then every expanding symbol on the grid, scatters excluded,
 * counts as one cluster for an additional prize.
 *
 * A scatter next to clusters of two different symbols belongs to both: it substitutes for
 * every symbol, and each cluster pays for its own symbol at its own size (the decision the
 * game's README records). The round's win is capped at `max_win_x_bet` times the bet: the
 * win that reaches it is cut to it and the round ends there. */
#include "../games.h"
#include "gonzos_gold_events.h"

#include "../eval.h"

#include <stdlib.h>
#include <string.h>

enum { ROWS = 5, REELS = 5, PAYING = 9, SYMS = 16 };
enum { GG_DRAW_EXPANDING }; /* its named draws, as in gg_draws */

#define ROW_CELLS(r) ((CellMask)0x1fu << ((r) * GRID_MAX_COLS))
#define REEL_CELLS(c) ((CellMask)0x108421u << (c))
_Static_assert(GRID_MAX_COLS == REELS, "the masks assume 5 columns");

typedef enum Phase { PHASE_IDLE, PHASE_AWAIT_PICK, PHASE_FREE, PHASE_CAPPED } Phase;

typedef struct Gonzo {
    const GameDef *def;
    ClusterEval ce;
    uint8_t scatter;
    uint8_t paying[PAYING]; /* the paying symbols, in file order: the tiles' symbols */
    uint32_t weight[PAYING], weight_total; /* of each as the expanding symbol */
    const ReelSet *sets[2];  /* base, free */
    /* occ_rows[set][reel] + stop * SYMS: at that stop, the cells of the reel's column each
     * symbol covers (a simulator's unforced spin adds these up instead of reading cells) */
    CellMask *occ_rows[2][REELS];
    CellMask *occ_store;
    int free_award, scatter_min;
    int64_t bet_coins, max_win_x;
    int bi_bet;
    /* the round */
    Phase phase;
    int free_left, spin_index, feature_spins;
    uint8_t expanding;
    Money feature_win;
} Gonzo;

static int64_t param(const GameDef *def, const char *key)
{
    return gamedef_param(def, key)->v[0];
}

static int gg_check(const GameDef *def, Error *err)
{
    if (def->rows != ROWS || def->cols != REELS)
        return error_set(err, "%s: grid: Gonzo's Gold is 5 rows by 5 reels, got %d by %d",
                         def->path, def->rows, def->cols);
    int scatters = 0, paying = 0;
    for (int i = 0; i < def->nsymbols; i++) {
        const SymbolDef *sd = &def->symbols[i];
        if (sd->role == ROLE_SCATTER)
            scatters++;
        else if (sd->role != ROLE_REGULAR)
            return error_set(err, "%s: symbols[%d].role: Gonzo's Gold has regular symbols and one "
                                  "scatter, got \"%s\"",
                             def->path, i, gamedef_role_name(sd->role));
        else if (def->paying >> i & 1u)
            paying++;
        else
            return error_set(err, "%s: paytable.%s: missing (every regular symbol pays)",
                             def->path, sd->id);
    }
    if (def->nsymbols > SYMS)
        return error_set(err, "%s: symbols: at most %d, got %d", def->path, SYMS, def->nsymbols);
    if (scatters != 1)
        return error_set(err, "%s: symbols: expected exactly one symbol with role \"scatter\", got %d",
                         def->path, scatters);
    if (paying != PAYING)
        return error_set(err, "%s: symbols: expected %d paying symbols (one per pick tile), got %d",
                         def->path, PAYING, paying);
    static const char *const sets[] = {"base", "free"};
    for (int i = 0; i < 2; i++) {
        const ReelSet *rs = gamedef_reelset(def, sets[i]);
        if (!rs)
            return error_set(err, "%s: reels.%s: missing", def->path, sets[i]);
        /* at most one scatter in any reel's window, so 3, 4 or 5 scatters are all there is */
        const int sc = gamedef_symbol_with_role(def, ROLE_SCATTER);
        for (int c = 0; c < REELS; c++)
            for (int stop = 0; stop < rs->len[c]; stop++) {
                int n = 0;
                for (int r = 0; r < ROWS; r++)
                    n += rs->strip[c][stop + r] == sc;
                if (n > 1)
                    return error_set(err, "%s: reels.%s[%d]: two scatters within %d symbols at "
                                          "position %d (a reel may show one at most)",
                                     def->path, sets[i], c, ROWS, stop);
            }
    }
    int bi = gamedef_bet_index(def, "bet");
    if (bi < 0)
        return error_set(err, "%s: bet: missing the option \"bet\"", def->path);
    if (strcmp(def->bet[bi].unit, "minor") != 0)
        return error_set(err, "%s: bet[%d].unit: the bet is money: expected \"minor\"", def->path, bi);
    int64_t v;
    const GameParam *w;
    if (gamedef_need_int(def, "free_spins", 1, 100, &v, err) ||
        gamedef_need_int(def, "scatter_min", 1, 5, &v, err) ||
        gamedef_need_int(def, "bet_coins", 1, 10000, &v, err) ||
        gamedef_need_int(def, "max_win_x_bet", 1, 1000000, &v, err) ||
        gamedef_need_array(def, "expanding_weights", PAYING, 0, 1000000, &w, err))
        return -1;
    const int64_t coins = param(def, "bet_coins");
    for (int k = 0; k < def->bet[bi].nvalues; k++)
        if (def->bet[bi].values[k] % coins)
            return error_set(err, "%s: bet[%d].values[%d]: %lld is not a multiple of the %lld coins "
                                  "a bet holds (features.bet_coins)",
                             def->path, bi, k, (long long)def->bet[bi].values[k], (long long)coins);
    int64_t total = 0;
    for (int k = 0; k < PAYING; k++)
        total += w->v[k];
    if (total <= 0)
        return error_set(err, "%s: features.expanding_weights: at least one must be above 0",
                         def->path);
    return 0;
}

static void gg_fini(void *state)
{
    Gonzo *g = state;
    free(g->occ_store);
    g->occ_store = NULL;
}

static int gg_init(void *state, const GameDef *def)
{
    Gonzo *g = state;
    memset(g, 0, sizeof *g);
    g->def = def;
    g->scatter = (uint8_t)gamedef_symbol_with_role(def, ROLE_SCATTER);
    int k = 0;
    for (int i = 0; i < def->nsymbols && k < PAYING; i++)
        if (i != g->scatter)
            g->paying[k++] = (uint8_t)i;
    const GameParam *w = gamedef_param(def, "expanding_weights");
    for (k = 0; k < PAYING; k++) {
        g->weight[k] = (uint32_t)w->v[k];
        g->weight_total += g->weight[k];
    }
    g->sets[0] = gamedef_reelset(def, "base");
    g->sets[1] = gamedef_reelset(def, "free");
    g->free_award = (int)param(def, "free_spins");
    g->scatter_min = (int)param(def, "scatter_min");
    g->bet_coins = param(def, "bet_coins");
    g->max_win_x = param(def, "max_win_x_bet");
    g->bi_bet = gamedef_bet_index(def, "bet");
    size_t total = 0;
    for (int set = 0; set < 2; set++)
        for (int c = 0; c < REELS; c++)
            total += (size_t)g->sets[set]->len[c] * SYMS;
    g->occ_store = calloc(total ? total : 1, sizeof *g->occ_store);
    if (!g->occ_store)
        return -1;
    CellMask *p = g->occ_store;
    for (int set = 0; set < 2; set++)
        for (int c = 0; c < REELS; c++) {
            g->occ_rows[set][c] = p;
            for (int stop = 0; stop < g->sets[set]->len[c]; stop++, p += SYMS)
                for (int r = 0; r < ROWS; r++)
                    p[g->sets[set]->strip[c][stop + r]] |= grid_bit(r, c);
        }

    ClusterEval *ce = &g->ce;
    ce->rows = ROWS;
    ce->cols = REELS;
    ce->nsymbols = (uint8_t)def->nsymbols;
    ce->subst = g->scatter;
    ce->pays = &def->pays;
    for (k = 0; k < PAYING; k++) {
        const int s = g->paying[k];
        ce->cluster_symbols |= 1u << s;
        /* the smallest cluster that pays: 3 for the high symbols, 4 for the low ones */
        int min = 1;
        while (min <= EVAL_MAX_COUNT && def->pays.pay[s][min] <= 0)
            min++;
        ce->min_size[s] = (uint8_t)min;
    }
    return 0;
}

/* ---- bets ------------------------------------------------------------------------------- */

static Money gg_bet_total(const GameDef *def, const Bet *bet)
{
    return bet->v[gamedef_bet_index(def, "bet")];
}

static bool gg_bet_is_max(const GameDef *def, const Bet *bet)
{
    const BetOption *o = &def->bet[gamedef_bet_index(def, "bet")];
    return bet->v[gamedef_bet_index(def, "bet")] == o->values[o->nvalues - 1];
}

static void gg_bet_max(const GameDef *def, Bet *bet)
{
    const int bi = gamedef_bet_index(def, "bet");
    bet->v[bi] = def->bet[bi].values[def->bet[bi].nvalues - 1];
}

/* ---- a spin ----------------------------------------------------------------------------- */

static Money coin_value(const Gonzo *g, Machine *m)
{
    return machine_bet(m)->v[g->bi_bet] / g->bet_coins;
}

static RtpPart part_of(SpinKind kind)
{
    return kind == SPIN_BASE ? PART_BASE : PART_FREE;
}

/* Adds a win to the round, cut at the cap; returns what was paid. Reaching the cap ends
 * the round after this spin. */
static Money add_win(Gonzo *g, Machine *m, Money amount, RtpPart part)
{
    RoundSummary *sum = machine_round(m);
    const Money cap = g->max_win_x * sum->bet;
    if (sum->total_win + amount >= cap) {
        amount = cap - sum->total_win;
        g->phase = PHASE_CAPPED;
    }
    sum->total_win += amount;
    sum->part[part] += amount;
    if (g->free_left || g->feature_spins)
        g->feature_win += amount;
    return amount;
}

static void emit_win(Gonzo *g, Machine *m, WinKind wk, SpinKind kind, uint8_t symbol, int count,
                     int64_t coins, CellMask cells, RtpPart part)
{
    const Money amount = add_win(g, m, coins * coin_value(g, m), part);
    EventWin *e = &machine_emit(m, EVENT_WIN)->win;
    e->kind = wk;
    e->spin = kind;
    e->spin_index = (uint16_t)g->spin_index;
    e->symbol = symbol;
    e->count = (uint8_t)count;
    e->multiplier = 1;
    e->coins = coins;
    e->amount = amount;
    e->cells = cells;
}

/* The expansion, on cell masks: a row holding two expanding symbols side by side, a reel
 * holding two one above the other, is covered; adjacency counts on the screen as it landed
 * only. `e` is where the symbol landed; fills the event's masks. */
static void expand(CellMask e, EventExpand *x)
{
    const CellMask side = e & (e >> 1) & ~REEL_CELLS(REELS - 1); /* (r, c) and (r, c + 1) */
    const CellMask below = e & (e >> GRID_MAX_COLS);             /* (r, c) and (r + 1, c) */
    x->rows = x->reels = 0;
    CellMask covered = 0;
    for (int r = 0; r < ROWS; r++)
        if (side & ROW_CELLS(r)) {
            x->rows |= (uint8_t)(1u << r);
            covered |= ROW_CELLS(r);
        }
    for (int c = 0; c < REELS; c++)
        if (below & REEL_CELLS(c)) {
            x->reels |= (uint8_t)(1u << c);
            covered |= REEL_CELLS(c);
        }
    x->from = side | side << 1 | below | below << GRID_MAX_COLS;
    x->cells = covered & ~e;
}

static void play_spin(Gonzo *g, Machine *m, SpinKind kind)
{
    const int set = kind == SPIN_BASE ? 0 : 1;
    const ReelSet *rs = g->sets[set];
    Rng *rng = machine_rng(m);
    RoundSummary *sum = machine_round(m);
    sum->spins[kind]++;
    const bool tally = machine_tally_only(m);
    const int screen_event = machine_event_count(m);
    machine_emit(m, EVENT_SCREEN);
    uint32_t at[REELS];
    for (int c = 0; c + 1 < REELS; c += 2)
        rng_below2(rng, rs->len[c], rs->len[c + 1], &at[c], &at[c + 1]);
    at[REELS - 1] = rng_below(rng, rs->len[REELS - 1]);

    /* where each symbol landed: from the tables, or from a forced screen; the screen itself
     * only when an event shows it */
    const Grid *forced = machine_take_forced(m);
    CellMask occ[EVAL_MAX_SYMBOLS + 1];
    Grid screen = {.rows = ROWS, .cols = REELS};
    if (forced) {
        machine_forced_reach(m, rs, forced, 0); /* reported when the strips cannot show it */
        memcpy(screen.cell, forced->cell, sizeof screen.cell);
        eval_cluster_occ(&screen, occ);
    } else {
        memset(occ, 0, sizeof occ);
        for (int c = 0; c < REELS; c++) {
            const CellMask *row = g->occ_rows[set][c] + at[c] * SYMS;
            for (int k = 0; k < SYMS; k++)
                occ[k] |= row[k];
        }
        if (!tally)
            for (int c = 0; c < REELS; c++)
                for (int r = 0; r < ROWS; r++)
                    screen.cell[r][c] = rs->strip[c][at[c] + r];
    }
    if (!tally) {
        EventScreen *shown = &machine_event_at(m, screen_event)->screen;
        shown->spin = kind;
        shown->spin_index = (uint16_t)g->spin_index;
        shown->screen = screen;
        for (int c = 0; c < REELS; c++)
            shown->stops[c] = (uint16_t)at[c];
    }

    /* cluster wins */
    ClusterWin wins[ROWS * REELS];
    const int n = eval_clusters_occ(&g->ce, occ, wins, ROWS * REELS);
    for (int i = 0; i < n && g->phase != PHASE_CAPPED; i++)
        emit_win(g, m, WIN_CLUSTER, kind, wins[i].symbol, wins[i].size, wins[i].pay, wins[i].cells,
                 part_of(kind));

    /* the scatters as they landed (an expansion may cover some: they still appeared) */
    const CellMask sc_cells = occ[g->scatter];
    const int sc = __builtin_popcount(sc_cells);

    /* in free spins: the expansion, then the expanding symbols as one cluster */
    if (kind == SPIN_FREE && g->phase != PHASE_CAPPED) {
        const CellMask landed = occ[g->expanding];
        EventExpand x;
        expand(landed, &x);
        const CellMask all = landed | x.cells;
        if (x.rows || x.reels) {
            EventExpand *e = gonzo_expand_mut(machine_emit(m, GONZO_EVENT_EXPAND));
            *e = x;
            e->type = GONZO_EVENT_EXPAND;
            e->spin_index = (uint16_t)g->spin_index;
            e->symbol = g->expanding;
            if (!tally) {
                for (int r = 0; r < ROWS; r++)
                    for (int c = 0; c < REELS; c++)
                        if (all & grid_bit(r, c))
                            screen.cell[r][c] = g->expanding;
                e->screen = screen;
            }
        }
        const int count = __builtin_popcount(all);
        const int32_t pay = g->def->pays.pay[g->expanding][count];
        if (count >= g->ce.min_size[g->expanding] && pay > 0)
            emit_win(g, m, WIN_EXPANDING, kind, g->expanding, count, pay, all, PART_FREE);
    }

    /* scatters anywhere: the bonus prize and free spins */
    if (sc >= g->scatter_min && g->phase != PHASE_CAPPED) {
        const int32_t bonus = sc <= EVAL_MAX_COUNT ? g->def->pays.pay[g->scatter][sc] : 0;
        if (bonus > 0)
            emit_win(g, m, WIN_BONUS, kind, g->scatter, sc, bonus, sc_cells, PART_BONUS);
        if (g->phase != PHASE_CAPPED) {
            g->free_left += g->free_award;
            machine_award(m, FEATURE_FREE_SPINS, g->free_award, g->free_left, 0, kind != SPIN_BASE);
        }
    }
    if (!tally)
        machine_event_at(m, screen_event)->screen.free_left = (uint16_t)g->free_left;
    g->spin_index++;
}

static void end_round(Gonzo *g, Machine *m)
{
    machine_end_round(m, g->feature_spins, g->feature_win);
    g->phase = PHASE_IDLE;
    g->free_left = 0;
}

/* The expanding symbol by its weight, then the other eight on the other tiles in an order
 * the RNG shuffles: the tile picked decides only where the drawn symbol is shown. */
static void pick(Gonzo *g, Machine *m, int choice, EventFeatureStart *e)
{
    Rng *rng = machine_rng(m);
    uint32_t x = rng_below(rng, g->weight_total);
    int k = 0;
    while (x >= g->weight[k]) {
        x -= g->weight[k];
        k++;
    }
    int64_t forced;
    if (machine_take_draw(m, GG_DRAW_EXPANDING, &forced)) /* a scenario's: drawn all the same */
        for (int i = 0; i < PAYING; i++)
            if (g->paying[i] == forced)
                k = i;
    g->expanding = g->paying[k];
    uint8_t rest[PAYING - 1];
    for (int i = 0, j = 0; i < PAYING; i++)
        if (i != k)
            rest[j++] = g->paying[i];
    for (int i = PAYING - 2; i > 0; i--) { /* Fisher-Yates */
        const uint32_t j = rng_below(rng, (uint32_t)i + 1);
        const uint8_t t = rest[i];
        rest[i] = rest[j];
        rest[j] = t;
    }
    e->ntiles = PAYING;
    e->choice = (uint8_t)choice;
    e->expanding = g->expanding;
    for (int i = 0, j = 0; i < PAYING; i++)
        e->tiles[i] = i == choice ? g->expanding : rest[j++];
}

static void gg_command(void *state, Machine *m, const Command *cmd)
{
    Gonzo *g = state;
    switch (cmd->type) {
    case CMD_SPIN:
        g->phase = PHASE_IDLE;
        g->free_left = g->spin_index = g->feature_spins = 0;
        g->feature_win = 0;
        play_spin(g, m, SPIN_BASE);
        if (g->free_left && g->phase != PHASE_CAPPED)
            g->phase = PHASE_AWAIT_PICK;
        else
            end_round(g, m);
        break;
    case CMD_START: {
        EventFeatureStart *e = &machine_emit(m, EVENT_FEATURE_START)->feature_start;
        e->free_left = (uint16_t)g->free_left;
        pick(g, m, (int)cmd->arg, e); /* in range: the machine refuses a tile not offered */
        g->phase = PHASE_FREE;
        break;
    }
    case CMD_CONTINUE:
        g->free_left--;
        g->feature_spins++;
        play_spin(g, m, SPIN_FREE);
        if (!g->free_left || g->phase == PHASE_CAPPED)
            end_round(g, m);
        break;
    default: /* the machine plays only what was offered */
        break;
    }
}

static void gg_offer(const void *state, Offer *o)
{
    const Gonzo *g = state;
    switch (g->phase) {
    case PHASE_IDLE:
    case PHASE_CAPPED:
        o->commands = 1u << CMD_SPIN;
        break;
    case PHASE_AWAIT_PICK: /* START takes the tile picked, one of nine */
        o->commands = 1u << CMD_START;
        o->arg[CMD_START] = (OfferArg){ARG_ONE_OF, (1u << PAYING) - 1u};
        break;
    case PHASE_FREE:
        o->commands = 1u << CMD_CONTINUE;
        break;
    }
}

/* The game's own automatic play: the middle tile of the pick, as the cabinet's autoplay has
 * always picked (the tile only places the symbol the round drew, so any tile pays alike). */
static bool gg_choose(const void *state, Strategy strategy, const Offer *o, Command *out)
{
    (void)state;
    if (strategy != STRATEGY_AUTO || !(o->commands >> CMD_START & 1u))
        return false;
    *out = (Command){.type = CMD_START, .arg = PAYING / 2};
    return true;
}

static const char *const gg_draws[] = {"expanding", NULL};

/* The expanding symbol is one of the paying symbols (the tiles' symbols). */
static const char *gg_draw_refuses(const GameDef *def, int draw, int64_t value)
{
    (void)draw;
    return value >= 0 && value < def->nsymbols && def->symbols[value].role == ROLE_REGULAR
               ? NULL
               : "the expanding symbol is one of the nine paying symbols, not the scatter";
}

static const char *const gg_features[] = {"free_spins", "scatter_min", "bet_coins",
                                          "max_win_x_bet", "expanding_weights", NULL};
static const char *const gg_bet_keys[] = {"bet", NULL};
static const char *const gg_reel_sets[] = {"base", "free", NULL};

static const GameNames gg_names = {
    .spin = {[SPIN_BASE] = "base", [SPIN_FREE] = "free"},
    .feature = {[FEATURE_FREE_SPINS] = "free_spins"},
    .part = {[PART_BASE] = "base", [PART_FREE] = "free_spins", [PART_BONUS] = "bonus"},
};

const GameRules games_gonzos_gold = {
    .id = "gonzos-gold",
    .name = "Gonzo's Gold",
    .names = &gg_names,
    .events = gonzo_event_classes,
    .nevents = GONZO_EVENTS,
    .features = gg_features,
    .bet_keys = gg_bet_keys,
    .reel_sets = gg_reel_sets,
    .check = gg_check,
    .bet_total = gg_bet_total,
    .bet_is_max = gg_bet_is_max,
    .bet_max = gg_bet_max,
    .parts = 1u << PART_BASE | 1u << PART_FREE | 1u << PART_BONUS,
    .features_used = 1u << FEATURE_FREE_SPINS,
    .draws = gg_draws,
    .draw_refuses = gg_draw_refuses,
    .pick_tiles = PAYING,
    .choose = gg_choose,
    .state_size = sizeof(Gonzo),
    .init = gg_init,
    .fini = gg_fini,
    .command = gg_command,
    .offer = gg_offer,
};
