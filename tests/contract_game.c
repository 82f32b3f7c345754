/* contract_game.c - a game that lives only in tests/: three reels of one row, written to
 * play every part of the machine's contract that a game of the hard kind needs, with none
 * of a real game's math in the way.
 *
 * A round: SPIN draws a screen (forced by a scenario like any other). Three of a paying
 * symbol is a prize on offer (EVENT_PRIZE): COLLECT takes it, RISK plays it on a ladder of
 * `risk_steps` doublings, each step a named draw "risk" (1: up, 0: lost); the top of the
 * ladder is collected by itself. A pair offers HOLD (any set of the three reels): the reels
 * not held spin again, and three of a kind then pay at once. A LID anywhere offers PICK, one
 * of three lids hiding `lid_bonuses` in an order the round draws; the named draw "lid" forces
 * which of those values the chosen lid hides. Anything else ends the round.
 *
 * Two currencies: the stake is money, and a bet may add a Bonus (`bonus_stake` 1), which
 * doubles the round's prizes; lids pay Bonuses. Carried state (version 1): `streak`, the
 * rounds in a row without a prize or lid; every `streak_every`-th such round pays a
 * consolation Bonus and starts the streak again. The operator's setting `prize_multiplier`
 * multiplies the prizes. The game's own automatic play collects, holds its pair and picks the
 * first lid. */
#include "contract_game.h"

#include <string.h>

enum { REELS = 3, LIDS = 3 };
enum { DRAW_RISK, DRAW_LID }; /* its named draws, as in cg_draws */

typedef enum Phase { PHASE_IDLE, PHASE_PRIZE, PHASE_HOLD, PHASE_PICK } Phase;

typedef struct Contract {
    const GameDef *def;
    const ReelSet *reels;
    int lid;                   /* the LID symbol */
    int64_t lid_bonuses[LIDS]; /* what the lids hide */
    int64_t prize_mult, streak_every, risk_steps;
    /* the round */
    Phase phase;
    Grid screen;
    Money prize;
    int step;
} Contract;

static int64_t param(const GameDef *def, const char *key) { return gamedef_param(def, key)->v[0]; }

static int cg_check(const GameDef *def, Error *err)
{
    if (def->rows != 1 || def->cols != REELS)
        return error_set(err, "%s: grid: the contract game is 1 row by 3 reels", def->path);
    if (gamedef_symbol(def, "LID") < 0)
        return error_set(err, "%s: symbols: the contract game needs a LID", def->path);
    if (!gamedef_reelset(def, "base"))
        return error_set(err, "%s: reels.base: missing", def->path);
    if (gamedef_bet_index(def, "stake") != 0 || gamedef_bet_index(def, "bonus_stake") != 1)
        return error_set(err, "%s: bet: expected stake, then bonus_stake", def->path);
    int64_t v;
    const GameParam *p;
    return gamedef_need_int(def, "prize_multiplier", 1, 3, &v, err) ||
                   gamedef_need_int(def, "streak_every", 1, 100, &v, err) ||
                   gamedef_need_int(def, "risk_steps", 1, 8, &v, err) ||
                   gamedef_need_array(def, "lid_bonuses", LIDS, 0, 1000, &p, err)
               ? -1
               : 0;
}

static Money cg_bet_total(const GameDef *def, const Bet *bet)
{
    (void)def;
    return bet->v[0];
}

static int64_t cg_bet_bonuses(const GameDef *def, const Bet *bet)
{
    (void)def;
    return bet->v[1];
}

static bool cg_bet_is_max(const GameDef *def, const Bet *bet)
{
    return bet->v[0] == def->bet[0].values[def->bet[0].nvalues - 1];
}

static void cg_bet_max(const GameDef *def, Bet *bet)
{
    bet->v[0] = def->bet[0].values[def->bet[0].nvalues - 1];
}

static int cg_init(void *state, const GameDef *def)
{
    Contract *g = state;
    g->def = def;
    g->reels = gamedef_reelset(def, "base");
    g->lid = gamedef_symbol(def, "LID");
    memcpy(g->lid_bonuses, gamedef_param(def, "lid_bonuses")->v, sizeof g->lid_bonuses);
    g->prize_mult = param(def, "prize_multiplier");
    g->streak_every = param(def, "streak_every");
    g->risk_steps = param(def, "risk_steps");
    return 0;
}

/* Draws (or takes the forced) screen; reels in `held` keep their symbols. */
static void spin(Contract *g, Machine *m, uint32_t held, int index)
{
    Grid drawn = {.rows = 1, .cols = REELS};
    EventScreen *e = &machine_emit(m, EVENT_SCREEN)->screen;
    for (int c = 0; c < REELS; c++) {
        uint32_t stop = rng_below(machine_rng(m), g->reels->len[c]);
        drawn.cell[0][c] = g->reels->strip[c][stop];
        e->stops[c] = (uint16_t)stop;
    }
    const Grid *forced = machine_take_forced(m);
    for (int c = 0; c < REELS; c++)
        if (!(held >> c & 1u))
            g->screen.cell[0][c] = forced ? forced->cell[0][c] : drawn.cell[0][c];
    g->screen.rows = 1;
    g->screen.cols = REELS;
    e->spin = SPIN_BASE;
    e->spin_index = (uint16_t)index;
    e->screen = g->screen;
    for (int c = 0; c < REELS; c++)
        if (held >> c & 1u)
            e->held |= grid_bit(0, c);
}

/* Three of a kind of a paying symbol: its prize (0: none). */
static Money three_of_a_kind(const Contract *g, const Bet *bet)
{
    const uint8_t *s = g->screen.cell[0];
    if (s[0] != s[1] || s[1] != s[2] || s[0] == g->lid)
        return 0;
    return (Money)g->def->pays.pay[s[0]][3] * bet->v[0] * g->prize_mult * (1 + bet->v[1]);
}

/* The reels of a pair of paying symbols (0: none). */
static uint32_t pair(const Contract *g)
{
    const uint8_t *s = g->screen.cell[0];
    for (int a = 0; a < REELS; a++)
        for (int b = a + 1; b < REELS; b++)
            if (s[a] == s[b] && s[a] != g->lid)
                return 1u << a | 1u << b;
    return 0;
}

static void end_round(Contract *g, Machine *m, bool lucky)
{
    int64_t *streak = &machine_carried_state(m)[0];
    RoundSummary *sum = machine_round(m);
    if (lucky) {
        *streak = 0;
    } else if (++*streak >= g->streak_every) { /* the consolation Bonus */
        *streak = 0;
        sum->win_bonuses++;
        EventWin *w = &machine_emit(m, EVENT_WIN)->win;
        w->kind = WIN_BONUS;
        w->multiplier = 1;
        w->bonuses = 1;
    }
    g->phase = PHASE_IDLE;
    machine_end_round(m, 0, 0);
}

static void collect(Contract *g, Machine *m)
{
    EventCollect *e = &machine_emit(m, EVENT_COLLECT)->collect;
    e->amount = g->prize;
    machine_round(m)->total_win += g->prize;
    machine_round(m)->part[PART_BASE] += g->prize;
    end_round(g, m, true);
}

/* After a screen: a prize on offer, a hold, a pick, or the end. */
static void judge(Contract *g, Machine *m, bool respin)
{
    Money prize = three_of_a_kind(g, machine_bet(m));
    if (prize && respin) { /* after a hold, three of a kind pay at once */
        EventWin *w = &machine_emit(m, EVENT_WIN)->win;
        w->kind = WIN_LINE;
        w->symbol = g->screen.cell[0][0];
        w->count = REELS;
        w->multiplier = 1;
        w->amount = prize;
        w->cells = 7;
        machine_round(m)->total_win += prize;
        machine_round(m)->part[PART_BASE] += prize;
        end_round(g, m, true);
    } else if (prize) {
        g->prize = prize;
        g->step = 0;
        g->phase = PHASE_PRIZE;
        EventPrize *e = &machine_emit(m, EVENT_PRIZE)->prize;
        e->amount = prize;
    } else if (memchr(g->screen.cell[0], g->lid, REELS)) {
        g->phase = PHASE_PICK;
    } else if (pair(g) && !respin) {
        g->phase = PHASE_HOLD;
    } else {
        end_round(g, m, false);
    }
}

static void risk(Contract *g, Machine *m)
{
    int64_t up = rng_below(machine_rng(m), 2), forced;
    if (machine_take_draw(m, DRAW_RISK, &forced))
        up = forced;
    g->step++;
    g->prize = up ? g->prize * 2 : 0;
    EventRisk *e = &machine_emit(m, EVENT_RISK)->risk;
    e->won = (uint8_t)up;
    e->step = (uint8_t)g->step;
    e->amount = g->prize;
    if (!up)
        end_round(g, m, false);
    else if (g->step == g->risk_steps) /* the top of the ladder is collected by itself */
        collect(g, m);
}

static void pick(Contract *g, Machine *m, uint32_t choice)
{
    /* the lids' order: the chosen lid hides value `hit`, the others the rest in order */
    int64_t hit = rng_below(machine_rng(m), LIDS), forced;
    if (machine_take_draw(m, DRAW_LID, &forced))
        hit = forced;
    EventPick *e = &machine_emit(m, EVENT_PICK)->pick;
    e->noptions = LIDS;
    e->choice = (uint8_t)choice;
    for (int i = 0, j = 0; i < LIDS; i++) {
        if (j == hit)
            j++;
        e->bonuses[i] = g->lid_bonuses[i == (int)choice ? hit : j++];
    }
    machine_round(m)->win_bonuses += e->bonuses[choice];
    end_round(g, m, true);
}

static void cg_command(void *state, Machine *m, const Command *cmd)
{
    Contract *g = state;
    switch (cmd->type) {
    case CMD_SPIN:
        spin(g, m, 0, 0);
        judge(g, m, false);
        break;
    case CMD_COLLECT:
        collect(g, m);
        break;
    case CMD_RISK:
        risk(g, m);
        break;
    case CMD_HOLD: {
        machine_emit(m, EVENT_HOLD)->hold.reels = cmd->arg;
        spin(g, m, cmd->arg, 1);
        judge(g, m, true);
        break;
    }
    case CMD_PICK:
        pick(g, m, cmd->arg);
        break;
    default: /* the machine plays only what was offered */
        break;
    }
}

static void cg_offer(const void *state, Offer *o)
{
    const Contract *g = state;
    switch (g->phase) {
    case PHASE_IDLE:
        o->commands = 1u << CMD_SPIN;
        break;
    case PHASE_PRIZE:
        o->commands = 1u << CMD_COLLECT | 1u << CMD_RISK;
        break;
    case PHASE_HOLD:
        o->commands = 1u << CMD_HOLD;
        o->arg[CMD_HOLD] = (OfferArg){ARG_SUBSET, (1u << REELS) - 1u};
        break;
    case PHASE_PICK:
        o->commands = 1u << CMD_PICK;
        o->arg[CMD_PICK] = (OfferArg){ARG_ONE_OF, (1u << LIDS) - 1u};
        break;
    }
}

/* Its own automatic play: collect, hold the pair, the first lid. */
static bool cg_choose(const void *state, Strategy strategy, const Offer *o, Command *out)
{
    const Contract *g = state;
    if (strategy != STRATEGY_AUTO)
        return false;
    if (o->commands >> CMD_COLLECT & 1u)
        *out = (Command){.type = CMD_COLLECT};
    else if (o->commands >> CMD_HOLD & 1u)
        *out = (Command){.type = CMD_HOLD, .arg = pair(g)};
    else
        return false; /* the machine's default: the first lid */
    return true;
}

static const char *cg_draw_refuses(const GameDef *def, int draw, int64_t value)
{
    (void)def;
    if (draw == DRAW_RISK)
        return value <= 1 ? NULL : "a risk is 0 (lost) or 1 (up)";
    return value < LIDS ? NULL : "a lid hides one of the three lid_bonuses: 0, 1 or 2";
}

static const char *cg_carried_refuses(const GameDef *def, const int64_t *v)
{
    return v[0] >= 0 && v[0] < param(def, "streak_every") ? NULL
                                                           : "the streak is out of its range";
}

static const char *const cg_features[] = {"prize_multiplier", "streak_every", "risk_steps",
                                          "lid_bonuses", NULL};
static const char *const cg_bet_keys[] = {"stake", "bonus_stake", NULL};
static const char *const cg_reel_sets[] = {"base", NULL};
static const char *const cg_draws[] = {"risk", "lid", NULL};
static const char *const cg_carried[] = {"streak", NULL};
static const GameSetting cg_settings[] = {
    {"prize_multiplier", "prize_multiplier", 1, 3, 1, "x"},
    {NULL},
};
static const GameNames cg_names = {
    .spin = {[SPIN_BASE] = "base"},
    .part = {[PART_BASE] = "base"},
};

const GameRules contract_game_rules = {
    .id = "contract-test",
    .name = "Contract Test",
    .names = &cg_names,
    .features = cg_features,
    .bet_keys = cg_bet_keys,
    .reel_sets = cg_reel_sets,
    .settings = cg_settings,
    .check = cg_check,
    .bet_total = cg_bet_total,
    .bonuses = true,
    .bet_bonuses = cg_bet_bonuses,
    .bet_is_max = cg_bet_is_max,
    .bet_max = cg_bet_max,
    .parts = 1u << PART_BASE,
    .draws = cg_draws,
    .draw_numbers = 1u << DRAW_RISK | 1u << DRAW_LID,
    .draw_refuses = cg_draw_refuses,
    .carried = cg_carried,
    .carried_version = 1,
    .carried_refuses = cg_carried_refuses,
    .state_size = sizeof(Contract),
    .init = cg_init,
    .command = cg_command,
    .offer = cg_offer,
    .choose = cg_choose,
};
