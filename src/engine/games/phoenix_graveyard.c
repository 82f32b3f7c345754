/* phoenix_graveyard.c - Phoenix Graveyard: 5x3 ways from the left, starting at 243, with
 * tombstones that split positions into up to 10 ways for the whole round, walking Grim
 * Reapers that attack and trigger respins, jumping Phoenixes, Feathers, Sudden Death and
 * free spins with Phoenixes (rules: shared/rules/phoenix-graveyard.txt).
 *
 * This file is the module: the game file's checks, the reel-stop tables, bets, the round's
 * phases and commands, the simulator's rounds. What one spin does is in
 * phoenix_graveyard_spin.c.
 *
 * A round is a base spin, then respins while a reaper stands on the reels (each one a
 * CONTINUE: the player sees every step, and the memory can journal the round between
 * them); when the base spin's sequence ends with 3 or more Bonus symbols on the screen, the
 * free spins wait for START, and each free spin and each respin within them is a CONTINUE.
 *
 * Money: a bet is `bet_coins` coins (100); a coin is bet / 100 minor units, and the game
 * file is refused unless every pay times every bet is a whole number of minor units. The
 * round's win is capped at `max_win_x_bet` times the bet: the win that reaches it is cut to
 * it and the round ends there. Wins are credited at the round's end (the machine's
 * settlement). */
#include "phoenix_graveyard.h"
#include "phoenix_graveyard_events.h"

#include <stdlib.h>
#include <string.h>

static const GameParam *param_of(const GameDef *def, const char *key)
{
    return gamedef_param(def, key);
}

static int64_t param(const GameDef *def, const char *key) { return param_of(def, key)->v[0]; }

static int need_symbol(const GameDef *def, const char *id, SymbolRole role, Error *err)
{
    const int s = gamedef_symbol(def, id);
    if (s < 0)
        return error_set(err, "%s: symbols: Phoenix Graveyard needs the symbol \"%s\"", def->path, id);
    if (def->symbols[s].role != role)
        return error_set(err, "%s: symbols[%d].role: %s is a %s, got \"%s\"", def->path, s, id,
                         gamedef_role_name(role), gamedef_role_name(def->symbols[s].role));
    return 0;
}

static int check_weights(const GameDef *def, const char *key, int n, Error *err)
{
    const GameParam *w;
    if (gamedef_need_array(def, key, n, 0, 1000000, &w, err))
        return -1;
    int64_t total = 0;
    for (int k = 0; k < w->n; k++)
        total += w->v[k];
    if (total <= 0)
        return error_set(err, "%s: features.%s: at least one must be above 0", def->path, key);
    return 0;
}

static int pg_check(const GameDef *def, Error *err)
{
    if (def->rows != PG_ROWS || def->cols != PG_REELS)
        return error_set(err, "%s: grid: Phoenix Graveyard is 3 rows by 5 reels, got %d by %d",
                         def->path, def->rows, def->cols);
    if (need_symbol(def, "PHOENIX", ROLE_WILD, err) || need_symbol(def, "REAPER", ROLE_WILD, err) ||
        need_symbol(def, "FEATHER", ROLE_WILD, err) || need_symbol(def, "BONUS", ROLE_SCATTER, err))
        return -1;
    int paying = 0;
    for (int i = 0; i < def->nsymbols; i++) {
        const SymbolDef *sd = &def->symbols[i];
        if (sd->role == ROLE_REGULAR) {
            if (!(def->paying >> i & 1u))
                return error_set(err, "%s: paytable.%s: missing (every regular symbol pays)",
                                 def->path, sd->id);
            for (int n = 1; n <= EVAL_MAX_COUNT; n++)
                if (def->pays.pay[i][n] > 0 && (n < 3 || n > PG_REELS))
                    return error_set(err, "%s: paytable.%s: pays %d of a kind (ways pay 3 to 5)",
                                     def->path, sd->id, n);
            paying++;
        } else if (sd->role != ROLE_WILD && sd->role != ROLE_SCATTER) {
            return error_set(err, "%s: symbols[%d].role: Phoenix Graveyard has regular symbols, "
                                  "three wilds and a scatter, got \"%s\"",
                             def->path, i, gamedef_role_name(sd->role));
        } else if (def->paying >> i & 1u) {
            return error_set(err, "%s: paytable.%s: a wild or the Bonus pays nothing of its own",
                             def->path, sd->id);
        }
    }
    if (def->nsymbols != PG_PAYING + 4 || paying != PG_PAYING)
        return error_set(err, "%s: symbols: expected %d paying symbols, PHOENIX, REAPER, FEATHER "
                              "and BONUS, got %d symbols",
                         def->path, PG_PAYING, def->nsymbols);
    const int reaper = gamedef_symbol(def, "REAPER"), feather = gamedef_symbol(def, "FEATHER");
    static const char *const sets[] = {"base", "free"};
    for (int i = 0; i < 2; i++) {
        const ReelSet *rs = gamedef_reelset(def, sets[i]);
        if (!rs)
            return error_set(err, "%s: reels.%s: missing", def->path, sets[i]);
        for (int c = 0; c < PG_REELS; c++)
            for (int k = 0; k < rs->len[c]; k++) {
                const int s = rs->strip[c][k];
                if (s == feather)
                    return error_set(err, "%s: reels.%s[%d][%d]: FEATHER never lands (a Phoenix "
                                          "leaves it)", def->path, sets[i], c, k);
                if (s == reaper && c < 2)
                    return error_set(err, "%s: reels.%s[%d][%d]: REAPER appears on reels 3 to 5 "
                                          "only", def->path, sets[i], c, k);
            }
    }
    const int bi = gamedef_bet_index(def, "bet");
    if (bi < 0)
        return error_set(err, "%s: bet: missing the option \"bet\"", def->path);
    if (strcmp(def->bet[bi].unit, "minor") != 0)
        return error_set(err, "%s: bet[%d].unit: the bet is money: expected \"minor\"", def->path, bi);
    int64_t v;
    const GameParam *a;
    if (gamedef_need_int(def, "bet_coins", 1, 10000, &v, err) ||
        gamedef_need_int(def, "max_win_x_bet", 1, 1000000, &v, err) ||
        gamedef_need_int(def, "bonus_min", 1, PG_CELLS, &v, err) ||
        gamedef_need_array(def, "free_spins", 3, 1, 100, &a, err) ||
        gamedef_need_array(def, "phoenixes", 3, 0, 5, &a, err) ||
        gamedef_need_array(def, "sudden_death_per_mille", 3, 0, 1000, &a, err) ||
        gamedef_need_int(def, "reappear_per_mille", 0, 999, &v, err) ||
        gamedef_need_int(def, "multiplier_max", 1, 1000000, &v, err) ||
        check_weights(def, "slice_ways_weights", PG_MAX_WEIGHTS, err) ||
        check_weights(def, "sudden_death_ways_weights", PG_MAX_WEIGHTS, err) ||
        check_weights(def, "battle_weights", 3, err))
        return -1;
    const int64_t coins = param(def, "bet_coins");
    for (int k = 0; k < def->bet[bi].nvalues; k++)
        for (int s = 0; s < def->nsymbols; s++)
            for (int n = 3; n <= PG_REELS; n++)
                if (def->pays.pay[s][n] * def->bet[bi].values[k] % coins)
                    return error_set(err, "%s: paytable.%s: %d coins at a bet of %lld is not a whole "
                                          "number of minor units (a bet is %lld coins)",
                                     def->path, def->symbols[s].id, def->pays.pay[s][n],
                                     (long long)def->bet[bi].values[k], (long long)coins);
    return 0;
}

/* ---- the module's state --------------------------------------------------------------------- */

static void pg_fini(void *state)
{
    Phoenix *p = state;
    free(p->stop_store);
    p->stop_store = NULL;
}

static void weights(const GameDef *def, const char *key, uint32_t *w, int n, uint32_t *total)
{
    const GameParam *gp = param_of(def, key);
    *total = 0;
    for (int k = 0; k < n; k++) {
        w[k] = (uint32_t)gp->v[k];
        *total += w[k];
    }
}

static int pg_init(void *state, const GameDef *def)
{
    Phoenix *p = state;
    memset(p, 0, sizeof *p);
    p->def = def;
    p->phoenix = (uint8_t)gamedef_symbol(def, "PHOENIX");
    p->reaper = (uint8_t)gamedef_symbol(def, "REAPER");
    p->feather = (uint8_t)gamedef_symbol(def, "FEATHER");
    p->bonus = (uint8_t)gamedef_symbol(def, "BONUS");
    memset(p->slot, -1, sizeof p->slot);
    int k = 0;
    for (int s = 0; s < def->nsymbols; s++)
        if (def->symbols[s].role == ROLE_REGULAR && k < PG_PAYING) {
            p->slot[s] = (int8_t)k;
            p->paying[k] = (uint8_t)s;
            for (int n = 0; n <= PG_REELS; n++)
                p->pay[k][n] = def->pays.pay[s][n];
            k++;
        }
    /* the high characters: the three paying most for five of a kind (the first on a tie) */
    for (int h = 0; h < PG_HIGH; h++) {
        int best = -1;
        for (k = 0; k < PG_PAYING; k++)
            if (!(p->high >> p->paying[k] & 1u) && (best < 0 || p->pay[k][5] > p->pay[best][5]))
                best = k;
        p->high |= 1u << p->paying[best];
    }
    for (int n = 0; n <= PG_REELS; n++) {
        p->top[n] = 0;
        for (k = 1; k < PG_PAYING; k++)
            if (p->pay[k][n] > p->pay[p->top[n]][n])
                p->top[n] = (uint8_t)k;
    }
    p->sets[0] = gamedef_reelset(def, "base");
    p->sets[1] = gamedef_reelset(def, "free");
    p->bet_coins = param(def, "bet_coins");
    p->max_win_x = param(def, "max_win_x_bet");
    p->bonus_min = (int)param(def, "bonus_min");
    for (int i = 0; i < 3; i++) {
        p->free_spins[i] = (int)param_of(def, "free_spins")->v[i];
        p->spawns[i] = (int)param_of(def, "phoenixes")->v[i];
    }
    const GameParam *sd = param_of(def, "sudden_death_per_mille");
    p->sudden_death[SPIN_BASE] = (uint32_t)sd->v[0];
    p->sudden_death[PG_SPIN_RESPIN] = (uint32_t)sd->v[1];
    p->sudden_death[SPIN_FREE] = (uint32_t)sd->v[2];
    weights(def, "slice_ways_weights", p->slice_w, PG_MAX_WEIGHTS, &p->slice_total);
    weights(def, "sudden_death_ways_weights", p->death_w, PG_MAX_WEIGHTS, &p->death_total);
    weights(def, "battle_weights", p->battle_w, 3, &p->battle_total);
    p->reappear = (uint32_t)param(def, "reappear_per_mille");
    p->mult_max = (uint32_t)param(def, "multiplier_max");
    p->bi_bet = gamedef_bet_index(def, "bet");

    /* the base strips' windows, for a simulator's base spin */
    const ReelSet *rs = p->sets[0];
    size_t total = 0;
    for (int c = 0; c < PG_REELS; c++)
        total += rs->len[c];
    p->stop_store = calloc(total ? total : 1, sizeof *p->stop_store);
    if (!p->stop_store)
        return -1;
    PgStop *at = p->stop_store;
    for (int c = 0; c < PG_REELS; c++) {
        p->stops[0][c] = at;
        for (int stop = 0; stop < rs->len[c]; stop++, at++)
            for (int r = 0; r < PG_ROWS; r++) {
                const uint8_t s = rs->strip[c][stop + r];
                if (s == p->phoenix || s == p->reaper)
                    at->mask |= PG_STOP_SPECIAL;
                else if (s == p->bonus)
                    at->mask += 1u << PG_STOP_BONUS_SHIFT;
                else if (p->slot[s] >= 0) {
                    at->mask |= 1u << p->slot[s];
                    at->counts += 1u << (4 * p->slot[s]);
                }
            }
    }
    return 0;
}

/* ---- bets ----------------------------------------------------------------------------------- */

static Money pg_bet_total(const GameDef *def, const Bet *bet)
{
    return bet->v[gamedef_bet_index(def, "bet")];
}

static bool pg_bet_is_max(const GameDef *def, const Bet *bet)
{
    const BetOption *o = &def->bet[gamedef_bet_index(def, "bet")];
    return bet->v[gamedef_bet_index(def, "bet")] == o->values[o->nvalues - 1];
}

static void pg_bet_max(const GameDef *def, Bet *bet)
{
    const int bi = gamedef_bet_index(def, "bet");
    bet->v[bi] = def->bet[bi].values[def->bet[bi].nvalues - 1];
}

/* ---- the round -------------------------------------------------------------------------------- */

static void begin_round(Phoenix *p)
{
    p->phase = PG_IDLE;
    p->free_game = p->capped = false;
    p->cap_cut = 0;
    p->free_left = p->spin_index = p->feature_spins = p->respins_left = 0;
    p->feature_win = 0;
    p->nreapers = p->nphoenixes = 0;
    p->feathers = p->bonus_sticky = p->spawn_cells = 0;
    p->spawn_n = 0;
    for (int r = 0; r < PG_ROWS; r++)
        for (int c = 0; c < PG_REELS; c++)
            p->tomb[r][c] = 1;
    memset(&p->screen, GRID_NO_SYMBOL, sizeof p->screen);
}

static void end_round(Phoenix *p, Machine *m)
{
    machine_end_round(m, p->feature_spins, p->feature_win);
    p->phase = PG_IDLE;
}

/* Awarded Phoenixes appear on the triggering Bonus positions (distinct, at random), each
 * with the ways of its position as multiplier; they jump at the next spin. */
static void spawn_phoenixes(Phoenix *p, Machine *m)
{
    CellMask cells = p->spawn_cells;
    for (int i = 0; i < p->spawn_n && cells && p->nphoenixes < PG_CELLS; i++) {
        uint32_t pick = rng_below(machine_rng(m), (uint32_t)__builtin_popcount(cells));
        int r = 0, c = 0;
        for (int k = 0; k < PG_CELLS; k++) {
            r = k / PG_REELS;
            c = k % PG_REELS;
            if ((cells & grid_bit(r, c)) && pick-- == 0)
                break;
        }
        cells &= ~grid_bit(r, c);
        PgWild *w = &p->phoenixes[p->nphoenixes++];
        *w = (PgWild){.r = (uint8_t)r, .c = (uint8_t)c, .taken = 1, .mult = p->tomb[r][c]};
        p->screen.cell[r][c] = p->phoenix;
        EventSpawn *e = phoenix_spawn_mut(machine_emit(m, PHOENIX_EVENT_SPAWN));
        e->spin_index = (uint16_t)p->spin_index;
        e->symbol = p->phoenix;
        e->row = (uint8_t)r;
        e->reel = (uint8_t)c;
        e->multiplier = w->mult;
    }
    p->spawn_cells = 0;
    p->spawn_n = 0;
}

/* After a spin: another respin while a reaper stands; else the sequence's Bonus symbols
 * award free spins (3, 4, 5 or more: the three entries of free_spins and phoenixes). */
static void after_step(Phoenix *p, Machine *m)
{
    if (p->capped) {
        end_round(p, m);
        return;
    }
    if (p->respins_left) {
        p->phase = p->free_game ? PG_FREE : PG_RESPIN;
        return;
    }
    CellMask bonus = 0;
    const int n = grid_count(&p->screen, p->bonus, &bonus);
    if (n >= p->bonus_min) {
        const int i = n - p->bonus_min > 2 ? 2 : n - p->bonus_min;
        p->free_left += p->free_spins[i];
        p->spawn_cells = bonus;
        p->spawn_n = p->spawns[i];
        machine_award(m, FEATURE_FREE_SPINS, p->free_spins[i], p->free_left, 0, p->free_game);
        if (p->free_game)
            spawn_phoenixes(p, m);
    }
    if (p->free_game)
        p->phase = p->free_left ? PG_FREE : PG_IDLE;
    else
        p->phase = p->free_left ? PG_AWAIT_START : PG_IDLE;
    if (p->phase == PG_IDLE)
        end_round(p, m);
}

/* The free spins start: the base game's Phoenixes and Feathers leave (its tombstones stay),
 * and the awarded Phoenixes spawn. */
static void start_free_spins(Phoenix *p, Machine *m)
{
    for (int i = 0; i < p->nphoenixes; i++) {
        const PgWild *w = &p->phoenixes[i];
        EventMove *e = phoenix_move_mut(machine_emit(m, PHOENIX_EVENT_MOVE));
        *e = (EventMove){.type = PHOENIX_EVENT_MOVE, .spin_index = (uint16_t)p->spin_index,
                         .symbol = p->phoenix, .kind = MOVE_LEAVE, .from_row = w->r,
                         .from_reel = w->c, .to_row = EVENT_OFF, .to_reel = EVENT_OFF,
                         .multiplier = w->mult};
    }
    for (int k = 0; k < PG_CELLS; k++)
        if (p->feathers & grid_bit(k / PG_REELS, k % PG_REELS)) {
            EventMove *e = phoenix_move_mut(machine_emit(m, PHOENIX_EVENT_MOVE));
            *e = (EventMove){.type = PHOENIX_EVENT_MOVE, .spin_index = (uint16_t)p->spin_index,
                             .symbol = p->feather, .kind = MOVE_LEAVE,
                             .from_row = (uint8_t)(k / PG_REELS),
                             .from_reel = (uint8_t)(k % PG_REELS), .to_row = EVENT_OFF,
                             .to_reel = EVENT_OFF, .multiplier = 1};
        }
    p->nphoenixes = 0;
    p->feathers = 0;
    p->free_game = true;
    EventFeatureStart *e = &machine_emit(m, EVENT_FEATURE_START)->feature_start;
    e->free_left = (uint16_t)p->free_left;
    spawn_phoenixes(p, m);
    p->phase = PG_FREE;
}

/* The next step of the free game: a respin while a reaper stands, else the next free spin. */
static void free_step(Phoenix *p, Machine *m)
{
    SpinKind kind = PG_SPIN_RESPIN;
    if (!p->respins_left) {
        kind = SPIN_FREE;
        p->free_left--;
    }
    p->feature_spins++;
    pg_play_step(p, m, kind);
    after_step(p, m);
}

static void pg_command(void *state, Machine *m, const Command *cmd)
{
    Phoenix *p = state;
    switch (cmd->type) {
    case CMD_SPIN:
        begin_round(p);
        pg_play_step(p, m, SPIN_BASE);
        after_step(p, m);
        break;
    case CMD_START:
        start_free_spins(p, m);
        break;
    case CMD_CONTINUE:
        if (p->phase == PG_RESPIN) {
            pg_play_step(p, m, PG_SPIN_RESPIN);
            after_step(p, m);
        } else {
            free_step(p, m);
        }
        break;
    default: /* the machine plays only what was offered */
        break;
    }
}

static void pg_offer(const void *state, Offer *o)
{
    const Phoenix *p = state;
    switch (p->phase) {
    case PG_IDLE:
        o->commands = 1u << CMD_SPIN;
        break;
    case PG_AWAIT_START:
        o->commands = 1u << CMD_START;
        break;
    case PG_RESPIN:
    case PG_FREE:
        o->commands = 1u << CMD_CONTINUE;
        break;
    }
}

/* The simulator's rounds (tally mode, nothing forced), played as autoplay plays them: a
 * base spin that shows only paying symbols and that Sudden Death spares is the whole round,
 * paid from the tables; any other round is played step by step from the same seed. */
static bool pg_tally_round(void *state, Machine *m, uint64_t seed)
{
    Phoenix *p = state;
    if (pg_fast_base(p, m, seed))
        return true;
    rng_seed(machine_rng(m), seed);
    pg_command(p, m, &(Command){.type = CMD_SPIN, .seed = seed});
    while (p->phase != PG_IDLE)
        pg_command(p, m, &(Command){.type = p->phase == PG_AWAIT_START ? CMD_START : CMD_CONTINUE});
    return true;
}

/* ---- names ---------------------------------------------------------------------------------- */

static const char *const pg_draws[] = {"sudden_death", "sudden_death_ways", "slice_ways",
                                       "battle",       "jump",              "reappear", NULL};

static const char *pg_draw_refuses(const GameDef *def, int draw, int64_t value)
{
    (void)def;
    switch ((PgDraw)draw) {
    case PG_DRAW_SUDDEN_DEATH:
        return value <= PG_NO_STRIKE ? NULL : "a cell 0..14 (row * 5 + reel), or 15 for none";
    case PG_DRAW_SUDDEN_DEATH_WAYS:
    case PG_DRAW_SLICE_WAYS:
        return value >= 1 && value <= PG_MAX_WEIGHTS ? NULL : "the ways added, 1..9";
    case PG_DRAW_BATTLE:
        return value < BATTLE__COUNT ? NULL
                                     : "0 (the reaper doubles), 1 (the phoenix doubles) or 2 "
                                       "(the phoenix jumps)";
    case PG_DRAW_JUMP:
        return value < PG_CELLS ? NULL : "a cell 0..14 (row * 5 + reel)";
    case PG_DRAW_REAPPEAR:
        return value <= PG_NO_REAPPEAR ? NULL : "a row 0..2 of reel 5, or 3 for none";
    case PG_DRAW__COUNT:
        break;
    }
    return "unknown draw";
}

static const char *const pg_features[] = {
    "bet_coins",          "max_win_x_bet",     "bonus_min",
    "free_spins",         "phoenixes",         "sudden_death_per_mille",
    "reappear_per_mille", "multiplier_max",    "slice_ways_weights",
    "sudden_death_ways_weights", "battle_weights", NULL};
static const char *const pg_bet_keys[] = {"bet", NULL};
static const char *const pg_reel_sets[] = {"base", "free", NULL};

static const GameNames pg_names = {
    .spin = {[SPIN_BASE] = "base", [SPIN_FREE] = "free", [PG_SPIN_RESPIN] = "respin"},
    .feature = {[FEATURE_FREE_SPINS] = "free_spins", [PG_FEATURE_RESPINS] = "respins"},
    .part = {[PART_BASE] = "base", [PG_PART_RESPINS] = "respins", [PART_FREE] = "free_spins"},
};

const GameRules games_phoenix_graveyard = {
    .id = "phoenix-graveyard",
    .name = "Phoenix Graveyard",
    .names = &pg_names,
    .events = phoenix_event_classes,
    .nevents = PHOENIX_EVENTS,
    .features = pg_features,
    .bet_keys = pg_bet_keys,
    .reel_sets = pg_reel_sets,
    .check = pg_check,
    .bet_total = pg_bet_total,
    .bet_is_max = pg_bet_is_max,
    .bet_max = pg_bet_max,
    .parts = 1u << PART_BASE | 1u << PG_PART_RESPINS | 1u << PART_FREE,
    .features_used = 1u << FEATURE_FREE_SPINS | 1u << PG_FEATURE_RESPINS,
    .draws = pg_draws,
    .draw_numbers = (1u << PG_DRAW__COUNT) - 1u,
    .draw_refuses = pg_draw_refuses,
    .state_size = sizeof(Phoenix),
    .init = pg_init,
    .fini = pg_fini,
    .command = pg_command,
    .tally_round = pg_tally_round,
    .offer = pg_offer,
};
