/* gnomos_mix_upper.c - Gnomos Mix Golden Edition's upper game: three reels of 16 figures,
 * three rows seen, eight prize lines (the rows, the reels' columns, the two diagonals),
 * played for money plus Bonuses (an upper plate: 0.20 + 1 .. 20 + 200), then Double or
 * Bonuses on whatever it won. games/gnomos-mix/README.md gives the decisions.
 *
 * A round: SPIN draws the window; each line of three equal figures pays its figure's prize
 * (in the plate's units), added up on the PRIZE counter and capped at the plate's maximum.
 * Three Mushrooms, Flowers or Logs on a line may open a minigame (gnomos_mix_mini.c) in
 * place of those lines' prizes. Whatever the round won is then played in Double or Bonuses:
 * split into fractions of the plate's size, each collected (COLLECT; COLLECT 1 takes all the
 * rest, the rules' "hold COLLECT") or risked (RISK) for double or its worth in Bonuses. The
 * same controller as the lower game's (gnomos_mix_ctl.c) allows every payment: a window
 * whose lines it does not cover is drawn again, a minigame is opened more often as the
 * reserve stands above its target, a fraction is doubled only when covered. */
#include "gnomos_mix.h"

#include <string.h>

enum { REELS = 3, ROWS = 3, F_MUSHROOM = 5, F_FLOWER = 6, F_LOG = 7 };

static const char *const fig_ids[GMU_FIGURES] = {"GNOME", "POT",      "HAT",    "CLOVER",
                                                 "ACORN", "MUSHROOM", "FLOWER", "LOG"};
/* The lines' cells, line i+1 = (line_row[i][c], reel c) for rows and diagonals; lines 4-6
 * are the columns (each cell of one reel). */
static const uint8_t line_cells[GMU_LINES][3][2] = {
    {{0, 0}, {0, 1}, {0, 2}}, {{1, 0}, {1, 1}, {1, 2}}, {{2, 0}, {2, 1}, {2, 2}},
    {{0, 0}, {1, 0}, {2, 0}}, {{0, 1}, {1, 1}, {2, 1}}, {{0, 2}, {1, 2}, {2, 2}},
    {{0, 0}, {1, 1}, {2, 2}}, {{2, 0}, {1, 1}, {0, 2}},
};
static const Money zeros[4] = {0};

static const int64_t *arr(const GameDef *def, const char *key) { return gamedef_param(def, key)->v; }

/* An array feature of 1..GMU_TABLE values (its length checked, then each value). */
static int need_table(const GameDef *def, const char *key, int64_t min, int64_t max, int *n,
                      Error *err)
{
    const GameParam *p = gamedef_param(def, key);
    if (!p || p->n < 1 || p->n > GMU_TABLE)
        return error_set(err, "%s: features.%s: expected 1 to %d numbers", def->path, key, GMU_TABLE);
    *n = p->n;
    return gamedef_need_array(def, key, p->n, min, max, &p, err);
}

int gnomos_upper_check(const GameDef *def, Error *err)
{
    int first = def->nsymbols - GMU_FIGURES;
    for (int f = 0; f < GMU_FIGURES; f++) {
        if (strcmp(def->symbols[first + f].id, fig_ids[f]))
            return error_set(err, "%s: symbols[%d]: expected %s", def->path, first + f, fig_ids[f]);
        if (def->pays.pay[first + f][3] <= 0)
            return error_set(err, "%s: paytable.%s: three pay nothing", def->path, fig_ids[f]);
    }
    const ReelSet *rs = gamedef_reelset(def, "upper");
    if (!rs)
        return error_set(err, "%s: reels.upper: missing", def->path);
    for (int c = 0; c < REELS; c++) {
        if (rs->len[c] < ROWS || rs->len[c] > 1000)
            return error_set(err, "%s: reels.upper[%d]: 3 to 1000 figures", def->path, c);
        for (int k = 0; k < rs->len[c]; k++)
            if (rs->strip[c][k] < first)
                return error_set(err, "%s: reels.upper[%d][%d]: not a figure of the upper game",
                                 def->path, c, k);
    }
    const GameParam *p;
    int n, nt = 0, nf = 0; /* set by need_table() when it succeeds */
    int64_t v;
    if (gamedef_need_array(def, "upper_bonuses", GMU_PLATES, 1, 100000, &p, err) ||
        gamedef_need_array(def, "upper_money", GMU_PLATES, 1, 10000000, &p, err) ||
        gamedef_need_array(def, "upper_unit", GMU_PLATES, 1, 10000000, &p, err) ||
        gamedef_need_array(def, "upper_max_prize", GMU_PLATES, 1, 1000000000, &p, err) ||
        gamedef_need_array(def, "upper_fraction", GMU_PLATES, 1, 100000000, &p, err) ||
        gamedef_need_array(def, "minigame_weights", MG__COUNT - 1, 0, 1000000, &p, err) ||
        need_table(def, "minigame_prizes_x_unit", 1, 100000, &nt, err) ||
        need_table(def, "minigame_prize_weights", 0, 1000000, &n, err) ||
        need_table(def, "basket_weights", 0, 1000000, &n, err) ||
        need_table(def, "find_prizes_x_unit", 1, 100000, &nf, err) ||
        need_table(def, "find_prize_weights", 0, 1000000, &n, err) ||
        gamedef_need_array(def, "find_weights", 3, 0, 1000000, &p, err) ||
        gamedef_need_int(def, "find_items", 1, GMU_ITEMS, &v, err) ||
        gamedef_need_int(def, "bonus_cap", 0, 1000000000, &v, err))
        return -1;
    if (gamedef_param(def, "minigame_prize_weights")->n != nt ||
        gamedef_param(def, "find_prize_weights")->n != nf || gamedef_param(def, "basket_weights")->n > 3)
        return error_set(err, "%s: features: a prize table and its weights differ in length, or "
                         "basket_weights has more than 3", def->path);
    for (int i = 1; i < nt; i++)
        if (arr(def, "minigame_prizes_x_unit")[i] <= arr(def, "minigame_prizes_x_unit")[i - 1])
            return error_set(err, "%s: features.minigame_prizes_x_unit: expected increasing", def->path);
    const BetOption *o = &def->bet[2];
    for (int k = 0; k < o->nvalues; k++)
        if (!gnomos_upper_money(def, o->values[k]))
            return error_set(err, "%s: bet[2].values[%d]: %lld is no upper plate (upper_bonuses)",
                             def->path, k, (long long)o->values[k]);
    return 0;
}

Money gnomos_upper_money(const GameDef *def, int64_t plate_bonuses)
{
    for (int k = 0; k < GMU_PLATES; k++)
        if (arr(def, "upper_bonuses")[k] == plate_bonuses)
            return arr(def, "upper_money")[k];
    return 0;
}

void gnomos_upper_init(GnomosUpper *u, const GameDef *def, const GnomosCtl *ctl)
{
    memset(u, 0, sizeof *u);
    u->reels = gamedef_reelset(def, "upper");
    u->ctl = *ctl;
    u->worth = gamedef_param(def, "bonus_worth")->v[0];
    u->first = def->nsymbols - GMU_FIGURES;
    for (int f = 0; f < GMU_FIGURES; f++)
        u->pays[f] = def->pays.pay[u->first + f][3];
    memcpy(u->plate_bonuses, arr(def, "upper_bonuses"), sizeof u->plate_bonuses);
    memcpy(u->plate_money, arr(def, "upper_money"), sizeof u->plate_money);
    memcpy(u->plate_unit, arr(def, "upper_unit"), sizeof u->plate_unit);
    memcpy(u->plate_max, arr(def, "upper_max_prize"), sizeof u->plate_max);
    memcpy(u->plate_fraction, arr(def, "upper_fraction"), sizeof u->plate_fraction);
    memcpy(u->mg_w, arr(def, "minigame_weights"), sizeof u->mg_w);
    u->ntable = gamedef_param(def, "minigame_prizes_x_unit")->n;
    memcpy(u->table_x, arr(def, "minigame_prizes_x_unit"), sizeof u->table_x);
    memcpy(u->table_w, arr(def, "minigame_prize_weights"), sizeof u->table_w);
    u->nbasket_w = gamedef_param(def, "basket_weights")->n;
    memcpy(u->basket_w, arr(def, "basket_weights"), (size_t)u->nbasket_w * sizeof u->basket_w[0]);
    u->nfind = gamedef_param(def, "find_prizes_x_unit")->n;
    memcpy(u->find_x, arr(def, "find_prizes_x_unit"), sizeof u->find_x);
    memcpy(u->find_pw, arr(def, "find_prize_weights"), sizeof u->find_pw);
    memcpy(u->find_w, arr(def, "find_weights"), sizeof u->find_w);
    u->items = (int)gamedef_param(def, "find_items")->v[0];
    u->bonus_cap = gamedef_param(def, "bonus_cap")->v[0];
}

/* The plate named by its Bonuses: its money, units, maximum and fraction, the tables in
 * cents (each prize at most the maximum). */
void gnomos_upper_bet_set(GnomosUpper *u, int64_t plate_bonuses)
{
    int k = 0;
    while (k < GMU_PLATES - 1 && u->plate_bonuses[k] != plate_bonuses)
        k++;
    u->money = u->plate_money[k];
    u->bet_bonuses = u->plate_bonuses[k];
    u->stake = u->money + u->bet_bonuses * u->worth;
    u->unit = u->plate_unit[k];
    u->max = u->plate_max[k];
    u->fraction = u->plate_fraction[k];
    for (int i = 0; i < GMU_TABLE; i++) {
        u->table[i] = u->table_x[i] * u->unit < u->max ? u->table_x[i] * u->unit : u->max;
        u->find[i] = u->find_x[i] * u->unit < u->max ? u->find_x[i] * u->unit : u->max;
    }
}

/* The figure (0..7) at a window cell, from the stops. */
static int fig(const GnomosUpper *u, const uint16_t *s, int row, int reel)
{
    return u->reels->strip[reel][s[reel] + row] - u->first;
}

/* The line's figure when its three are equal, else -1. */
static int line_fig(const GnomosUpper *u, const uint16_t *s, int l)
{
    const uint8_t(*c)[2] = line_cells[l];
    int a = fig(u, s, c[0][0], c[0][1]);
    return a == fig(u, s, c[1][0], c[1][1]) && a == fig(u, s, c[2][0], c[2][1]) ? a : -1;
}

static bool opens_minigame(int f) { return f == F_MUSHROOM || f == F_FLOWER || f == F_LOG; }

/* The window's line prizes (uncapped), and of them those of minigame figures. */
static Money window_value(const GnomosUpper *u, const uint16_t *s, Money *trigger)
{
    Money v = 0, t = 0;
    for (int l = 0; l < GMU_LINES; l++) {
        int f = line_fig(u, s, l);
        if (f >= 0) {
            v += u->pays[f] * u->unit;
            t += opens_minigame(f) ? u->pays[f] * u->unit : 0;
        }
    }
    if (trigger)
        *trigger = t;
    return v < u->max ? v : u->max;
}

/* Draws the window: one the controller does not cover is drawn again (8 times), then its
 * reels, last first, are turned to the least prize there is. */
static void spin(GnomosUpper *u, Machine *m)
{
    machine_round(m)->spins[SPIN_BASE]++; /* a game played: slotsim's spins.base */
    Rng *rng = machine_rng(m);
    uint16_t s[REELS];
    for (int c = 0; c < REELS; c++)
        s[c] = (uint16_t)rng_below(rng, u->reels->len[c]);
    const Grid *forced = machine_take_forced(m);
    if (forced) {
        gnomos_forced_screen(m, u->reels, forced, 0);
        for (int c = 0; c < REELS; c++)
            s[c] = gnomos_find_stop(u->reels, forced, c, s[c]);
    } else {
        Money most = gnomos_upper_room(u, m);
        for (int t = 0; t < 8 && window_value(u, s, NULL) > most; t++)
            for (int c = 0; c < REELS; c++)
                s[c] = (uint16_t)rng_below(rng, u->reels->len[c]);
        for (int c = REELS - 1; c >= 0 && window_value(u, s, NULL) > most; c--) {
            uint16_t best = s[c];
            Money least = window_value(u, s, NULL);
            for (uint16_t k = 0; k < u->reels->len[c]; k++) {
                s[c] = k;
                if (window_value(u, s, NULL) < least) {
                    least = window_value(u, s, NULL);
                    best = k;
                }
            }
            s[c] = best;
        }
    }
    memcpy(u->stop, s, sizeof s);
    if (machine_tally_only(m))
        return;
    EventScreen *e = &machine_emit(m, EVENT_SCREEN)->screen;
    e->spin = SPIN_BASE;
    e->screen.rows = ROWS;
    e->screen.cols = REELS;
    for (int c = 0; c < REELS; c++) {
        e->stops[c] = s[c];
        for (int r = 0; r < ROWS; r++)
            e->screen.cell[r][c] = u->reels->strip[c][s[c] + r];
    }
}

/* The lines' wins, each an EVENT_WIN with its line number (1..8) and cells. */
static void line_wins(const GnomosUpper *u, Machine *m)
{
    for (int l = 0; l < GMU_LINES && !machine_tally_only(m); l++) {
        int f = line_fig(u, u->stop, l);
        if (f < 0)
            continue;
        EventWin *w = &machine_emit(m, EVENT_WIN)->win;
        w->kind = WIN_LINE;
        w->symbol = (uint8_t)(u->first + f);
        w->count = 3;
        w->line = (uint8_t)(l + 1);
        w->multiplier = 1;
        w->amount = u->pays[f] * u->unit;
        for (int k = 0; k < 3; k++)
            w->cells |= grid_bit(line_cells[l][k][0], line_cells[l][k][1]);
    }
}

static void finish(GnomosUpper *u, Machine *m)
{
    RoundSummary *sum = machine_round(m);
    sum->total_win += u->kept;
    sum->part[PART_FREE] += u->kept;
    u->phase = UP_IDLE;
    machine_end_round(m, 0, 0);
}

static void collected(Machine *m, Money amount, CollectCause cause)
{
    if (machine_tally_only(m))
        return;
    EventCollect *e = &machine_emit(m, EVENT_COLLECT)->collect;
    e->rung = EVENT_OFF;
    e->cause = (uint8_t)cause;
    e->amount = amount;
}

/* The next fraction of the prize on offer, or the end: everything left is collected once
 * the maximum prize is reached, and when the Bonuses held pass the cap. */
static void next_fraction(GnomosUpper *u, Machine *m)
{
    int64_t held = u->held + machine_round(m)->win_bonuses;
    if (u->rest > 0 && (u->kept + u->rest >= u->max || held > u->bonus_cap)) {
        u->kept += u->rest;
        collected(m, u->rest, u->kept >= u->max ? COLLECT_MAX_PRIZE : COLLECT_BONUS_CAP);
        u->rest = 0;
    }
    if (u->rest == 0) {
        finish(u, m);
        return;
    }
    u->frac = u->rest < u->fraction ? u->rest : u->fraction;
    u->rest -= u->frac;
    u->nfrac++;
    u->phase = UP_DOUBLE;
    if (machine_tally_only(m))
        return;
    EventPrize *e = &machine_emit(m, EVENT_PRIZE)->prize;
    e->rung = EVENT_OFF;
    e->lose_to = RISK_TO_BONUSES;
    e->fraction = (uint8_t)(u->nfrac < 255 ? u->nfrac : 255);
    e->amount = u->frac;
    e->rest = u->rest;
    e->kept = u->kept;
}

/* The round's prize (already paid to the controller) goes to Double or Bonuses. */
static void double_or_bonuses(GnomosUpper *u, Machine *m, Money prize)
{
    u->rest = prize < u->max ? prize : u->max;
    u->kept = 0;
    u->nfrac = 0;
    next_fraction(u, m);
}

/* A minigame's end: its prize, with the round's other lines, goes to Double or Bonuses. */
static void minigame_won(GnomosUpper *u, Machine *m)
{
    if (!machine_tally_only(m)) {
        EventMinigame *e = gnomos_minigame_mut(machine_emit(m, GNOMOS_EVENT_MINIGAME));
        e->game = (uint8_t)u->mg;
        e->stage = 1;
        e->amount = u->value;
        e->bonuses = u->mg_bonuses;
    }
    double_or_bonuses(u, m, u->other + u->value);
}

/* A command of the minigame in play; when it ends the minigame, the prize is taken on. */
static void minigame(GnomosUpper *u, Machine *m, const Command *cmd)
{
    if (gnomos_mini_command(u, m, cmd))
        minigame_won(u, m);
}

/* RISK on a fraction: double (up to the maximum prize) when the controller covers it, else
 * its worth in Bonuses. */
static void risk(GnomosUpper *u, Machine *m)
{
    Money win = 2 * u->frac;
    if (u->kept + win + u->rest > u->max)
        win = u->max - u->kept - u->rest;
    bool can = win - u->frac <= gnomos_upper_room(u, m);
    bool up = gnomos_draw(m, GMD_DOUBLE, rng_below(machine_rng(m), 2) && can) != 0;
    int64_t n = 0;
    if (up) {
        gnomos_ctl_pay(machine_carried_state(m), win - u->frac);
        u->kept += win;
    } else {
        gnomos_ctl_pay(machine_carried_state(m), -u->frac);
        n = gnomos_to_bonuses(m, u->worth, u->frac);
        gnomos_win_bonuses(m, u->worth, n);
    }
    if (!machine_tally_only(m)) {
        EventRisk *e = &machine_emit(m, EVENT_RISK)->risk;
        e->won = up;
        e->step = (uint8_t)(u->nfrac < 255 ? u->nfrac : 255);
        e->rung = EVENT_OFF;
        e->amount = up ? win : 0;
        e->bonuses = n;
    }
    next_fraction(u, m);
}

/* A round of the upper game: the window, its lines, a minigame in place of the Mushrooms',
 * Flowers' and Logs' lines (at random, more often above the controller's target). */
static void play(GnomosUpper *u, Machine *m)
{
    int64_t *v = machine_carried_state(m);
    gnomos_ctl_begin(&u->ctl, v, u->stake);
    u->held = machine_bonuses(m) - u->bet_bonuses;
    u->mg = MG_NONE;
    spin(u, m);
    Money trigger, prize = window_value(u, u->stop, &trigger);
    line_wins(u, m);
    gnomos_ctl_pay(v, prize);
    bool give = rng_below(machine_rng(m), 1000) < gnomos_ctl_feature_chance(&u->ctl, v, u->stake);
    int which = 1 + gnomos_weighted(m, u->mg_w, zeros, MG__COUNT - 1, 0, 0);
    if (trigger > 0 && prize < u->max)
        which = (int)gnomos_draw(m, GMD_MINIGAME, give ? which : 0);
    else
        which = 0;
    if (which > MG_NONE && which < MG__COUNT) {
        u->other = prize - trigger;
        gnomos_mini_start(u, m, (Minigame)which, trigger);
        return;
    }
    double_or_bonuses(u, m, prize);
}

void gnomos_upper_command(GnomosUpper *u, Machine *m, const Command *cmd)
{
    switch (cmd->type) {
    case CMD_SPIN:
        play(u, m);
        break;
    case CMD_COLLECT:
        if (u->phase != UP_DOUBLE) {
            minigame(u, m, cmd);
        } else if (cmd->arg) { /* held: the whole prize */
            u->kept += u->frac + u->rest;
            collected(m, u->frac + u->rest, COLLECT_TAKEN);
            u->rest = 0;
            finish(u, m);
        } else {
            u->kept += u->frac;
            collected(m, u->frac, COLLECT_TAKEN);
            next_fraction(u, m);
        }
        break;
    case CMD_RISK:
        if (u->phase == UP_DOUBLE)
            risk(u, m);
        else
            minigame(u, m, cmd);
        break;
    default:
        minigame(u, m, cmd);
        break;
    }
}

void gnomos_upper_offer(const GnomosUpper *u, Offer *o)
{
    switch (u->phase) {
    case UP_IDLE:
        o->commands = 1u << CMD_SPIN;
        break;
    case UP_DOUBLE: /* COLLECT 0: this fraction; COLLECT 1 (COLLECT held): all of the prize */
        o->commands = 1u << CMD_COLLECT | 1u << CMD_RISK;
        o->arg[CMD_COLLECT] = (OfferArg){ARG_ONE_OF, 3u};
        break;
    case UP_CHOICE: /* accept, or refuse while refusals are left */
        o->commands = 1u << CMD_COLLECT | (u->left > 0 ? 1u << CMD_RISK : 0u);
        break;
    case UP_PICK: {
        int n = u->mg == MG_FIND ? u->items : 3;
        o->commands = 1u << CMD_PICK;
        o->arg[CMD_PICK] = (OfferArg){ARG_ONE_OF, ((1u << n) - 1u) & ~u->taken};
        break;
    }
    }
}

/* AUTO-PLAY with AUTO-RISK (STRATEGY_AUTO) risks every fraction and refuses the Three
 * Choices' prizes until the last; AUTO-PLAY alone (STRATEGY_COLLECT) collects the whole
 * prize and accepts the first. Picks are left to the machine (the first offered). */
bool gnomos_upper_choose(const GnomosUpper *u, Strategy strategy, Command *out)
{
    bool auto_risk = strategy == STRATEGY_AUTO;
    switch (u->phase) {
    case UP_DOUBLE:
        *out = auto_risk ? (Command){.type = CMD_RISK} : (Command){.type = CMD_COLLECT, .arg = 1};
        return true;
    case UP_CHOICE:
        *out = (Command){.type = auto_risk && u->left > 0 ? CMD_RISK : CMD_COLLECT};
        return true;
    default:
        return false;
    }
}

const char *gnomos_upper_draw_refuses(int which, int64_t value)
{
    switch (which) {
    case GMD_MINIGAME:
        return value >= 0 && value < MG__COUNT
                   ? NULL
                   : "0 (none), 1 Strawberry, 2 Three Choices, 3 Find the Prizes, 4 Discover the Treasure";
    case GMD_BASKETS:
        return value >= 1 && value <= 3 ? NULL : "the sign lets 1 to 3 baskets be chosen";
    case GMD_BASKET:
        return value >= 0 && value <= 2 ? NULL : "a basket hides one of the 3 prizes shown: 0, 1 or 2";
    case GMD_BASKET_PRIZES:
    case GMD_CHOICE:
    case GMD_TREASURE:
        return value >= 0 && value < GMU_TABLE ? NULL
                                               : "a prize is an index in minigame_prizes_x_unit";
    case GMD_CHOICE_BONUS:
        return value >= 0 && value <= 1000000 ? NULL : "a bonus prize is 0 or more Bonuses";
    case GMD_FIND:
        return value >= 0 && value < 2 + GMU_TABLE
                   ? NULL
                   : "0 STOP, 1 STOPX2, 2 + k the prize k of find_prizes_x_unit";
    default:
        return value == 0 || value == 1 ? NULL : "this draw is 0 (no) or 1 (yes)";
    }
}
