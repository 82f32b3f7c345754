/* kind_game.c - the rules of the kind test game (see kind_game.h): three reels of one row
 * and one stake. A SPIN draws a screen (forced by a scenario like any other); each COIN on
 * it then turns into a paying symbol the round draws (KIND_EVENT_COIN, the game's own event
 * and the kind's moment),
 * and three of a kind on the screen as turned pay the symbol's prize times the stake
 * (EVENT_WIN). The round ends there: no command but SPIN, no carried state. */
#include "kind_game.h"

#include "jsonout.h"

enum { REELS = 3 };

typedef struct KindGame {
    const GameDef *def;
    const ReelSet *reels;
    int coin; /* the COIN symbol */
} KindGame;

static int kg_check(const GameDef *def, Error *err)
{
    if (def->rows != 1 || def->cols != REELS)
        return error_set(err, "%s: grid: the kind test game is 1 row by 3 reels", def->path);
    const int coin = gamedef_symbol(def, "COIN");
    if (coin < 0)
        return error_set(err, "%s: symbols: the kind test game needs a COIN", def->path);
    if (coin == 0)
        return error_set(err, "%s: symbols: COIN comes after a paying symbol", def->path);
    if (!gamedef_reelset(def, "base"))
        return error_set(err, "%s: reels.base: missing", def->path);
    if (gamedef_bet_index(def, "stake") != 0)
        return error_set(err, "%s: bet: expected stake", def->path);
    return 0;
}

static Money kg_bet_total(const GameDef *def, const Bet *bet)
{
    (void)def;
    return bet->v[0];
}

static bool kg_bet_is_max(const GameDef *def, const Bet *bet)
{
    return bet->v[0] == def->bet[0].values[def->bet[0].nvalues - 1];
}

static void kg_bet_max(const GameDef *def, Bet *bet) { bet->v[0] = def->bet[0].values[def->bet[0].nvalues - 1]; }

static int kg_init(void *state, const GameDef *def)
{
    KindGame *g = state;
    g->def = def;
    g->reels = gamedef_reelset(def, "base");
    g->coin = gamedef_symbol(def, "COIN");
    return 0;
}

/* The screen, drawn or forced, then each coin on it turned (every symbol before COIN pays). */
static void spin(KindGame *g, Machine *m, Grid *screen)
{
    EventScreen *e = &machine_emit(m, EVENT_SCREEN)->screen;
    *screen = (Grid){.rows = 1, .cols = REELS};
    for (int c = 0; c < REELS; c++) {
        const uint32_t stop = rng_below(machine_rng(m), g->reels->len[c]);
        screen->cell[0][c] = g->reels->strip[c][stop];
        e->stops[c] = (uint16_t)stop;
    }
    const Grid *forced = machine_take_forced(m);
    if (forced)
        for (int c = 0; c < REELS; c++)
            screen->cell[0][c] = forced->cell[0][c];
    e->spin = SPIN_BASE;
    e->screen = *screen;
    for (int c = 0; c < REELS; c++) {
        if (screen->cell[0][c] != g->coin)
            continue;
        const uint8_t to = (uint8_t)rng_below(machine_rng(m), (uint32_t)g->coin);
        KindCoin *t = (KindCoin *)machine_emit(m, KIND_EVENT_COIN);
        t->reel = (uint8_t)c;
        t->from = (uint8_t)g->coin;
        t->to = to;
        screen->cell[0][c] = to;
    }
}

static void kg_command(void *state, Machine *m, const Command *cmd)
{
    KindGame *g = state;
    if (cmd->type != CMD_SPIN) /* the machine plays only what was offered */
        return;
    Grid screen;
    spin(g, m, &screen);
    const uint8_t *s = screen.cell[0];
    const Money prize = s[0] == s[1] && s[1] == s[2] ? (Money)g->def->pays.pay[s[0]][REELS] * machine_bet(m)->v[0] : 0;
    if (prize > 0) {
        EventWin *w = &machine_emit(m, EVENT_WIN)->win;
        w->kind = WIN_LINE;
        w->symbol = s[0];
        w->count = REELS;
        w->multiplier = 1;
        w->amount = prize;
        w->cells = 7;
        machine_round(m)->total_win += prize;
        machine_round(m)->part[PART_BASE] += prize;
    }
    machine_end_round(m, 0, 0);
}

static void kg_offer(const void *state, Offer *o)
{
    (void)state;
    o->commands = 1u << CMD_SPIN;
}

static const char *const kg_features[] = {NULL};
static const char *const kg_bet_keys[] = {"stake", NULL};
static const char *const kg_reel_sets[] = {"base", NULL};
static const GameNames kg_names = {
    .spin = {[SPIN_BASE] = "base"},
    .part = {[PART_BASE] = "base"},
};

static void kg_coin_json(cJSON *o, const Event *ev, const GameDef *def)
{
    const KindCoin *e = kind_coin(ev);
    event_put_cell(o, "position", 0, e->reel);
    jsonout_add(o, "from", jsonout_string(event_symbol_id(def, e->from)));
    jsonout_add(o, "to", jsonout_string(event_symbol_id(def, e->to)));
}

static const EventClass kg_events[] = {{"coin", sizeof(KindCoin), kg_coin_json, NULL}};

const GameRules kind_game_rules = {
    .id = "kind-test",
    .name = "Kind Test",
    .names = &kg_names,
    .features = kg_features,
    .bet_keys = kg_bet_keys,
    .reel_sets = kg_reel_sets,
    .check = kg_check,
    .bet_total = kg_bet_total,
    .coinless = true,
    .bet_is_max = kg_bet_is_max,
    .bet_max = kg_bet_max,
    .parts = 1u << PART_BASE,
    .state_size = sizeof(KindGame),
    .init = kg_init,
    .command = kg_command,
    .offer = kg_offer,
    .events = kg_events,
    .nevents = 1,
};
