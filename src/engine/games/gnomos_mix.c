/* gnomos_mix.c - Gnomos Mix Golden Edition, the lower game: a Spanish B-type fruit machine
 * of three reels of 16 figures and one prize line (the centre row), with holds, advances,
 * risk ladders, the cauldrons pick, Bonuses and an Extra Spin, under a programmed-return
 * controller (gnomos_mix_ctl.c). games/gnomos-mix/README.md gives the decisions.
 *
 * A round is a small state machine (Phase): SPIN plays a game; its line is judged: a prize
 * goes on its ladder (or is collected when above the Bells), Bonus figures pay Bonuses, three
 * Windows open the cauldrons (PICK one of three lids), a pair may be held for a free game
 * (HOLD: a set of at most two reels), a losing line may be given 1..4 advances (ADVANCE a
 * reel by one figure; COLLECT stops advancing), and a round that ends with nothing may get an
 * Extra Spin that shows a prize. Every "may" is the controller's: a prize only when the
 * reserve covers it (a spin that would show one it does not is drawn again), features more
 * often when the reserve stands above its target. Every decision is a draw from the round's
 * RNG that a scenario may force by name (gm_draws). */
#include "gnomos_mix.h"

#include <stdlib.h>
#include <string.h>

enum { REELS = 3, LINE_ROW = 1, MAX_ADVANCES = 4, RUNG_STOPS = 128, MEMO_MAX = 1 << 16 };
enum { S_PLUM, S_GRAPES, S_ORANGE, S_LEMON, S_BELL, S_GREEN, S_RED, S_BLUE, S_BONUS, S_WINDOW,
       NSYM };
/* a line's class: nothing, a money prize (rung), Bonus figures (1..3 from the left), cauldrons */
enum { LC_NONE = 0, LC_RUNG = 1, LC_BONUS = 10, LC_CAULDRON = 14 };

typedef enum Phase { PH_IDLE, PH_HOLD, PH_ADVANCE, PH_LADDER, PH_PICK } Phase;
typedef enum Ladder { LAD_BONUS_UP, LAD_SEESAW, LAD_UP_NOTHING } Ladder;

static const char *const sym_ids[NSYM] = {"PLUM",  "GRAPES", "ORANGE", "LEMON", "BELL",
                                          "GREEN", "RED",    "BLUE",   "BONUS", "WINDOW"};

typedef struct Gnomos {
    const GameDef *def;
    const ReelSet *reels;
    GnomosCtl ctl;
    uint8_t cls[NSYM][NSYM][NSYM]; /* the class of a line of figures */
    uint8_t yellow[GM_RUNGS];      /* Up-Nothing ladders (else Sube-Bonos) */
    int64_t x_bet[GM_RUNGS];       /* prizes in bets */
    int64_t low_bet, low_red, low_blue, bonus_fig[3], bonus_worth;
    int64_t cauldron_w[GM_RUNGS], extra_w[GM_RUNGS];
    int top, max_adv, holds_per_round;
    uint32_t rung_stops[GM_RUNGS][RUNG_STOPS]; /* stop triples showing each rung (10 bits each) */
    int nrung_stops[GM_RUNGS];
    /* reach()'s answers at the present bet, by line position and money_only (see reach_of) */
    uint32_t *reach_memo;
    size_t nreach_memo;
    Money memo_bet, memo_worth[GM_RUNGS + 5];
    /* the bet */
    Money bet, rung[GM_RUNGS];
    int64_t bonus_n[3];
    /* the round */
    Phase phase;
    Ladder ladder;
    uint16_t stop[REELS];
    Grid screen;
    int rung_now, step, adv_left, holds_left, spin_index;
    bool extra_done, after_bonus;
    int64_t line_bonuses; /* Bonuses the game's line paid before its advances */
    Money prize;
    RtpPart part;
    int pick_rung[3]; /* the cauldrons: the rung won, then the other two prizes' */
    int game;         /* the bet's game: 1 lower, 2 upper */
    GnomosUpper up;
} Gnomos;

static int64_t param(const GameDef *def, const char *key) { return gamedef_param(def, key)->v[0]; }

static int gm_check(const GameDef *def, Error *err)
{
    if (def->rows != 3 || def->cols != REELS)
        return error_set(err, "%s: grid: Gnomos Mix's lower game is 3 rows by 3 reels", def->path);
    if (def->nsymbols != NSYM + GMU_FIGURES)
        return error_set(err, "%s: symbols: expected %d figures", def->path, NSYM + GMU_FIGURES);
    for (int s = 0; s < NSYM; s++)
        if (strcmp(def->symbols[s].id, sym_ids[s]))
            return error_set(err, "%s: symbols[%d]: expected %s", def->path, s, sym_ids[s]);
    for (int s = S_PLUM; s <= S_BLUE; s++)
        if (def->pays.pay[s][3] <= 0)
            return error_set(err, "%s: paytable.%s: three pay nothing", def->path, sym_ids[s]);
    const ReelSet *rs = gamedef_reelset(def, "base");
    if (!rs)
        return error_set(err, "%s: reels.base: missing", def->path);
    for (int c = 0; c < REELS; c++) {
        if (rs->len[c] < 4 || rs->len[c] > 1000)
            return error_set(err, "%s: reels.base[%d]: 4 to 1000 figures", def->path, c);
        for (int k = 0; k < rs->len[c]; k++)
            if (rs->strip[c][k] >= NSYM)
                return error_set(err, "%s: reels.base[%d][%d]: not a figure of the lower game",
                                 def->path, c, k);
    }
    if (def->nbet != 3 || gamedef_bet_index(def, "bet") != 0 ||
        gamedef_bet_index(def, "game") != 1 || gamedef_bet_index(def, "upper") != 2)
        return error_set(err, "%s: bet: expected three options, bet, game and upper", def->path);
    for (int k = 0; k < def->bet[1].nvalues; k++)
        if (def->bet[1].values[k] < 1 || def->bet[1].values[k] > 2)
            return error_set(err, "%s: bet[1].values: a game is 1 (lower) or 2 (upper)", def->path);
    if (gnomos_upper_check(def, err))
        return -1;
    int64_t v;
    const GameParam *p;
    return gamedef_need_int(def, "any_diamonds_x_bet", 1, 1000, &v, err) ||
                   gamedef_need_int(def, "low_bet", 1, 100000, &v, err) ||
                   gamedef_need_int(def, "low_bet_red_x_bet", 1, 10000, &v, err) ||
                   gamedef_need_int(def, "low_bet_blue_x_bet", 1, 10000, &v, err) ||
                   gamedef_need_array(def, "bonus_figures", 3, 1, 1000, &p, err) ||
                   gamedef_need_int(def, "bonus_worth", 1, 100000, &v, err) ||
                   gamedef_need_array(def, "ladder_yellow", GM_RUNGS, 0, 1, &p, err) ||
                   gamedef_need_int(def, "ladder_top", GM_RUNG_GREEN, GM_RUNGS - 1, &v, err) ||
                   gamedef_need_array(def, "cauldron_weights", GM_RUNGS, 0, 1000000, &p, err) ||
                   gamedef_need_array(def, "extra_spin_weights", GM_RUNGS, 0, 1000000, &p, err) ||
                   gamedef_need_int(def, "max_advances", 1, MAX_ADVANCES, &v, err) ||
                   gamedef_need_int(def, "holds_per_round", 0, 4, &v, err) ||
                   gamedef_need_int(def, "return_percent", 70, 95, &v, err) ||
                   gamedef_need_int(def, "legal_floor_percent", 0, 100, &v, err) ||
                   gamedef_need_int(def, "cycle_games", 1000, 10000000, &v, err) ||
                   gamedef_need_int(def, "target_reserve_x_bet", 1, 100000, &v, err) ||
                   gamedef_need_int(def, "credit_x_bet", 0, 100000, &v, err)
               ? -1
               : 0;
}

/* The bet: option 0 the lower game's money, 1 the game played (1 lower, 2 upper), 2 the upper
 * bet, named by its Bonuses (its money in the features' upper_money). */
static Money gm_bet_total(const GameDef *def, const Bet *bet)
{
    return bet->v[1] == 2 ? gnomos_upper_money(def, bet->v[2]) : bet->v[0];
}

static int64_t gm_bet_bonuses(const GameDef *def, const Bet *bet)
{
    (void)def;
    return bet->v[1] == 2 ? bet->v[2] : 0;
}

/* The game's own option at its highest: the lower bet, or the upper plate. */
static int played_option(const Bet *bet) { return bet->v[1] == 2 ? 2 : 0; }

static bool gm_bet_is_max(const GameDef *def, const Bet *bet)
{
    const BetOption *o = &def->bet[played_option(bet)];
    return bet->v[played_option(bet)] == o->values[o->nvalues - 1];
}

static void gm_bet_max(const GameDef *def, Bet *bet)
{
    const BetOption *o = &def->bet[played_option(bet)];
    bet->v[played_option(bet)] = o->values[o->nvalues - 1];
}

static int classify(int a, int b, int c)
{
    if (a == b && b == c && a <= S_BLUE)
        return LC_RUNG + 1 + a;
    if (a >= S_GREEN && a <= S_BLUE && b >= S_GREEN && b <= S_BLUE && c >= S_GREEN && c <= S_BLUE)
        return LC_RUNG; /* any diamonds */
    if (a == S_WINDOW && b == S_WINDOW && c == S_WINDOW)
        return LC_CAULDRON;
    if (a == S_BONUS)
        return LC_BONUS + (b == S_BONUS ? (c == S_BONUS ? 3 : 2) : 1);
    return LC_NONE;
}

static uint8_t line_sym(const Gnomos *g, int c, int stop) { return g->reels->strip[c][stop + LINE_ROW]; }

static int line_class(const Gnomos *g, const uint16_t *s)
{
    return g->cls[line_sym(g, 0, s[0])][line_sym(g, 1, s[1])][line_sym(g, 2, s[2])];
}

static int gm_init(void *state, const GameDef *def)
{
    Gnomos *g = state;
    memset(g, 0, sizeof *g);
    g->def = def;
    g->reels = gamedef_reelset(def, "base");
    g->ctl = (GnomosCtl){.percent = param(def, "return_percent"),
                         .cycle_games = param(def, "cycle_games"),
                         .target_x_bet = param(def, "target_reserve_x_bet"),
                         .credit_x_bet = param(def, "credit_x_bet")};
    for (int a = 0; a < NSYM; a++)
        for (int b = 0; b < NSYM; b++)
            for (int c = 0; c < NSYM; c++)
                g->cls[a][b][c] = (uint8_t)classify(a, b, c);
    g->x_bet[0] = param(def, "any_diamonds_x_bet");
    for (int s = S_PLUM; s <= S_BLUE; s++)
        g->x_bet[s + 1] = def->pays.pay[s][3];
    g->low_bet = param(def, "low_bet");
    g->low_red = param(def, "low_bet_red_x_bet");
    g->low_blue = param(def, "low_bet_blue_x_bet");
    g->bonus_worth = param(def, "bonus_worth");
    g->top = (int)param(def, "ladder_top");
    g->max_adv = (int)param(def, "max_advances");
    g->holds_per_round = (int)param(def, "holds_per_round");
    for (int i = 0; i < 3; i++)
        g->bonus_fig[i] = gamedef_param(def, "bonus_figures")->v[i];
    for (int r = 0; r < GM_RUNGS; r++) {
        g->yellow[r] = (uint8_t)gamedef_param(def, "ladder_yellow")->v[r];
        g->cauldron_w[r] = gamedef_param(def, "cauldron_weights")->v[r];
        g->extra_w[r] = gamedef_param(def, "extra_spin_weights")->v[r];
    }
    uint16_t s[REELS];
    for (s[0] = 0; s[0] < g->reels->len[0]; s[0]++)
        for (s[1] = 0; s[1] < g->reels->len[1]; s[1]++)
            for (s[2] = 0; s[2] < g->reels->len[2]; s[2]++) {
                int cls = line_class(g, s), r = cls - LC_RUNG;
                if (cls >= LC_RUNG && cls < LC_BONUS && g->nrung_stops[r] < RUNG_STOPS)
                    g->rung_stops[r][g->nrung_stops[r]++] =
                        (uint32_t)s[0] | (uint32_t)s[1] << 10 | (uint32_t)s[2] << 20;
            }
    size_t lines = (size_t)g->reels->len[0] * g->reels->len[1] * g->reels->len[2];
    g->memo_bet = -1;
    gnomos_upper_init(&g->up, def, &g->ctl);
    if (lines * 2 <= MEMO_MAX) {
        g->nreach_memo = lines * 2;
        g->reach_memo = calloc(g->nreach_memo, sizeof *g->reach_memo);
        if (!g->reach_memo)
            return -1;
    }
    return 0;
}

static void gm_fini(void *state)
{
    free(((Gnomos *)state)->reach_memo);
}

/* The prizes at a bet: the table's multiples, the lowest bet's own for the Red and Blue
 * Diamonds; Bonus figures pay bonus_figures per lowest bet. */
static void gm_bet_set(void *state, const Bet *bet, bool max_bet)
{
    (void)max_bet;
    Gnomos *g = state;
    g->bet = bet->v[0];
    g->game = (int)bet->v[1];
    gnomos_upper_bet_set(&g->up, bet->v[2]);
    for (int r = 0; r < GM_RUNGS; r++)
        g->rung[r] = g->bet * g->x_bet[r];
    if (g->bet == g->low_bet) {
        g->rung[S_RED + 1] = g->bet * g->low_red;
        g->rung[S_BLUE + 1] = g->bet * g->low_blue;
    }
    for (int i = 0; i < 3; i++)
        g->bonus_n[i] = g->bonus_fig[i] * g->bet / g->low_bet;
    if (g->reach_memo && g->bet != g->memo_bet) { /* the worths reach() gives at this bet */
        g->memo_bet = g->bet;
        g->memo_worth[0] = 0;
        g->memo_worth[1] = 1; /* a pair that may be held */
        memcpy(&g->memo_worth[2], g->rung, sizeof g->rung);
        for (int i = 0; i < 3; i++)
            g->memo_worth[GM_RUNGS + 2 + i] = g->bonus_n[i] * g->bonus_worth;
        memset(g->reach_memo, 0, g->nreach_memo * sizeof *g->reach_memo);
    }
}

/* What a line's class is worth, in cents (cauldrons: their least prize). */
static Money class_worth(const Gnomos *g, int cls)
{
    if (cls >= LC_RUNG && cls < LC_BONUS)
        return g->rung[cls - LC_RUNG];
    if (cls > LC_BONUS && cls < LC_CAULDRON)
        return g->bonus_n[cls - LC_BONUS - 1] * g->bonus_worth;
    return cls == LC_CAULDRON ? g->rung[0] : 0;
}

/* The reels of a pair of equal fruits or diamonds on the line (0: none). */
static uint32_t pair_of(const Gnomos *g, const uint16_t *s)
{
    uint8_t f[REELS];
    for (int c = 0; c < REELS; c++)
        f[c] = line_sym(g, c, s[c]);
    for (int a = 0; a < REELS; a++)
        for (int b = a + 1; b < REELS; b++)
            if (f[a] == f[b] && f[a] <= S_BLUE)
                return 1u << a | 1u << b;
    return 0;
}

static int64_t *carried(Machine *m) { return machine_carried_state(m); }
static Money room(const Gnomos *g, Machine *m)
{
    return gnomos_ctl_room(&g->ctl, carried(m), g->bet);
}

/* A weighted draw among the rungs whose prize is at most `most` (always one draw; -1: none). */
static int weighted(const Gnomos *g, Machine *m, const int64_t *w, Money most)
{
    return gnomos_weighted(m, w, g->rung, g->top + 1, INT64_MIN, most);
}

/* The screen the reels show: only events read it, so tally mode builds none. */
static void show(Gnomos *g, Machine *m)
{
    if (machine_tally_only(m))
        return;
    g->screen.rows = 3;
    g->screen.cols = REELS;
    for (int c = 0; c < REELS; c++)
        for (int r = 0; r < 3; r++)
            g->screen.cell[r][c] = g->reels->strip[c][g->stop[c] + r];
}

/* Spins the reels not in `held`: a line showing a prize the controller does not allow is
 * drawn again (8 times), then the free reels are turned to the least prize there is. */
static void spin(Gnomos *g, Machine *m, uint32_t held, SpinKind kind)
{
    machine_round(m)->spins[kind]++; /* a game played (a held one too): slotsim's spins.base */
    Rng *rng = machine_rng(m);
    uint16_t s[REELS];
    memcpy(s, g->stop, sizeof s);
    for (int c = 0; c < REELS; c++)
        if (!(held >> c & 1u))
            s[c] = (uint16_t)rng_below(rng, g->reels->len[c]);
    const Grid *forced = machine_take_forced(m);
    if (forced) {
        gnomos_forced_screen(m, g->reels, forced, held);
        for (int c = 0; c < REELS; c++)
            if (!(held >> c & 1u))
                s[c] = gnomos_find_stop(g->reels, forced, c, s[c]);
    } else {
        Money most = room(g, m);
        for (int t = 0; t < 8 && class_worth(g, line_class(g, s)) > most; t++)
            for (int c = 0; c < REELS; c++)
                if (!(held >> c & 1u))
                    s[c] = (uint16_t)rng_below(rng, g->reels->len[c]);
        for (int c = REELS - 1; c >= 0 && class_worth(g, line_class(g, s)) > most; c--) {
            if (held >> c & 1u)
                continue;
            uint16_t best = s[c];
            Money least = class_worth(g, line_class(g, s));
            for (uint16_t k = 0; k < g->reels->len[c]; k++) {
                s[c] = k;
                if (class_worth(g, line_class(g, s)) < least) {
                    least = class_worth(g, line_class(g, s));
                    best = k;
                }
            }
            s[c] = best;
        }
    }
    memcpy(g->stop, s, sizeof s);
    show(g, m);
    if (machine_tally_only(m))
        return;
    EventScreen *e = &machine_emit(m, EVENT_SCREEN)->screen;
    e->spin = kind;
    e->spin_index = (uint16_t)g->spin_index;
    e->screen = g->screen;
    for (int c = 0; c < REELS; c++) {
        e->stops[c] = g->stop[c];
        if (held >> c & 1u)
            for (int r = 0; r < 3; r++)
                e->held |= grid_bit(r, c);
    }
}

static void end_round(Gnomos *g, Machine *m)
{
    g->phase = PH_IDLE;
    machine_end_round(m, 0, 0);
}

static void collect(Gnomos *g, Machine *m)
{
    RoundSummary *sum = machine_round(m);
    sum->total_win += g->prize;
    sum->part[g->part] += g->prize;
    EventCollect *e = &machine_emit(m, EVENT_COLLECT)->collect;
    e->amount = g->prize;
    e->rung = (uint8_t)g->rung_now;
    end_round(g, m);
}

static void win_bonuses(Gnomos *g, Machine *m, int64_t n) { gnomos_win_bonuses(m, g->bonus_worth, n); }

static uint8_t lose_to(Ladder l)
{
    return l == LAD_SEESAW ? RISK_FALLS : l == LAD_UP_NOTHING ? RISK_LOSES_ALL : RISK_TO_BONUSES;
}

/* A prize of rung r: collected at once at the top of the ladder and, for a direct prize or
 * an Extra Spin's, from the Green Diamond up; else on offer on its ladder (a cauldron's prize
 * from the Green Diamond up on the seesaw: rule 2.6). The controller pays it now; the ladder
 * settles the rest. */
static void offer_prize(Gnomos *g, Machine *m, int r, RtpPart part, Ladder ladder)
{
    g->rung_now = r;
    g->prize = g->rung[r];
    g->part = part;
    g->step = 0;
    g->ladder = ladder;
    gnomos_ctl_pay(carried(m), g->prize);
    if (r == g->top || (r >= GM_RUNG_GREEN && part != PART_BONUS)) {
        collect(g, m);
        return;
    }
    g->phase = PH_LADDER;
    EventPrize *e = &machine_emit(m, EVENT_PRIZE)->prize;
    e->amount = g->prize;
    e->rung = (uint8_t)r;
    e->lose_to = lose_to(ladder);
}

static Ladder ladder_of(const Gnomos *g, int r) { return g->yellow[r] ? LAD_UP_NOTHING : LAD_BONUS_UP; }

/* The line's prize: `count` figures from the left (three, or the Bonus figures'). */
static void line_win(Gnomos *g, Machine *m, SpinKind kind, int symbol, int count, Money amount,
                     int64_t bonuses)
{
    if (machine_tally_only(m))
        return;
    EventWin *w = &machine_emit(m, EVENT_WIN)->win;
    w->kind = WIN_LINE;
    w->spin = kind;
    w->spin_index = (uint16_t)g->spin_index;
    w->symbol = (uint8_t)symbol;
    w->count = (uint8_t)count;
    w->line = 1;
    w->multiplier = 1;
    w->amount = amount;
    w->bonuses = bonuses;
    for (int c = 0; c < count; c++)
        w->cells |= grid_bit(LINE_ROW, c);
    if (symbol < 0) { /* Any Diamonds: three diamonds, not all of one colour */
        w->mixed = 1;
        w->symbol = line_sym(g, 0, g->stop[0]);
    }
}

/* The best a line can come to in at most n advances, for each n (worth in cents; a pair
 * that may still be held counts 1), and whether the line itself is the best at n. */
static void reach(const Gnomos *g, const uint16_t *s, int n, bool money_only, Money best[],
                  int first[])
{
    for (int k = 0; k <= n; k++) {
        best[k] = 0;
        first[k] = -1;
    }
    for (int a = 0; a <= n; a++)
        for (int b = 0; a + b <= n; b++)
            for (int c = 0; a + b + c <= n; c++) {
                int d[REELS] = {a, b, c};
                uint16_t t[REELS];
                for (int r = 0; r < REELS; r++)
                    t[r] = (uint16_t)((s[r] + (uint32_t)(g->reels->len[r] * MAX_ADVANCES) - (uint32_t)d[r]) %
                                      g->reels->len[r]);
                int cls = line_class(g, t);
                Money w = class_worth(g, cls); /* Bonus figures too: a direct prize */
                if (money_only && !(cls >= LC_RUNG && cls < LC_BONUS))
                    w = 0;
                if (!w && !money_only && g->holds_per_round && pair_of(g, t))
                    w = 1;
                int k = a + b + c;
                if (w > best[k]) {
                    best[k] = w;
                    first[k] = a ? 0 : b ? 1 : c ? 2 : -1;
                }
            }
    for (int k = 1; k <= n; k++)
        if (best[k - 1] >= best[k]) {
            best[k] = best[k - 1];
            first[k] = first[k - 1];
        }
}

/* reach() is asked of the same few thousand lines again and again (every losing line, and
 * every advance AUTO-ADVANCES plays), so its answers at the present bet are kept, by line
 * position and money_only: those for n = max_adv, whose best and first at each k are those
 * of any smaller n (a line's k advances are the same whatever n). An entry packs them in 32
 * bits: bit 31, known; for each k, 4 bits of the worth's index in memo_worth and 2 of
 * first + 1. Reels too long for a table of MEMO_MAX entries are answered by reach() itself. */
static void reach_of(const Gnomos *g, const uint16_t *s, int n, bool money_only, Money best[],
                     int first[])
{
    if (!g->reach_memo) {
        reach(g, s, n, money_only, best, first);
        return;
    }
    const uint16_t *len = g->reels->len;
    size_t i = (((size_t)s[2] * len[1] + s[1]) * len[0] + s[0]) * 2 + money_only;
    uint32_t e = g->reach_memo[i];
    if (!e) {
        reach(g, s, g->max_adv, money_only, best, first);
        e = 1u << 31;
        for (int k = 0; k <= g->max_adv; k++) {
            uint32_t w = 0;
            while (w < GM_RUNGS + 5 && g->memo_worth[w] != best[k])
                w++;
            if (w == GM_RUNGS + 5) /* not a worth reach() gives: not kept */
                return;
            e |= (w | (uint32_t)(first[k] + 1) << 4) << (6 * k);
        }
        g->reach_memo[i] = e;
        return;
    }
    for (int k = 0; k <= n; k++) {
        best[k] = g->memo_worth[e >> (6 * k) & 15u];
        first[k] = (int)(e >> (6 * k + 4) & 3u) - 1;
    }
}

/* Advances after a losing line (or Bonus figures, then for money only): given by the
 * controller when something is reachable, as many as it covers the best of. */
static bool try_advances(Gnomos *g, Machine *m, bool money_only)
{
    Money best[MAX_ADVANCES + 1];
    int first[MAX_ADVANCES + 1];
    reach_of(g, g->stop, g->max_adv, money_only, best, first);
    int nmin = 1;
    while (nmin <= g->max_adv && !best[nmin])
        nmin++;
    Rng *rng = machine_rng(m);
    bool give = rng_below(rng, 1000) < gnomos_ctl_feature_chance(&g->ctl, carried(m), g->bet);
    int span = nmin <= g->max_adv ? g->max_adv - nmin + 1 : 1;
    int n = nmin + (int)rng_below(rng, (uint32_t)span);
    if (nmin > g->max_adv) {
        give = false;
    } else {
        Money most = room(g, m);
        while (n > nmin && best[n] > most)
            n--;
        give = give && best[n] <= most;
    }
    n = gnomos_forced_advances(m, give ? n : 0, nmin, g->max_adv, money_only);
    if (n <= 0)
        return false;
    g->adv_left = n;
    g->after_bonus = money_only;
    g->phase = PH_ADVANCE;
    if (!machine_tally_only(m)) {
        EventAdvance *e = gnomos_advance_mut(machine_emit(m, GNOMOS_EVENT_ADVANCE));
        e->reel = EVENT_OFF;
        e->left = (uint8_t)n;
        e->screen = g->screen;
    }
    return true;
}

/* A round that ended with nothing: an Extra Spin, at random, shows a prize. */
static void finish(Gnomos *g, Machine *m)
{
    if (g->extra_done) {
        end_round(g, m);
        return;
    }
    g->extra_done = true;
    Rng *rng = machine_rng(m);
    bool fire = rng_below(rng, 1000) < gnomos_ctl_extra_chance(&g->ctl, carried(m), g->bet);
    int r = weighted(g, m, g->extra_w, room(g, m));
    fire = gnomos_draw(m, GMD_EXTRA, fire && r >= 0) != 0;
    r = (int)gnomos_draw(m, GMD_EXTRA_PRIZE, r < 0 ? 0 : r);
    if (!fire || g->nrung_stops[r] == 0) {
        end_round(g, m);
        return;
    }
    uint32_t t = g->rung_stops[r][rng_below(rng, (uint32_t)g->nrung_stops[r])];
    for (int c = 0; c < REELS; c++)
        g->stop[c] = (uint16_t)(t >> (10 * c) & 1023u);
    show(g, m);
    g->spin_index++;
    machine_award(m, FEATURE_EXTRA, 1, 0, 0, false);
    machine_round(m)->spins[SPIN_EXTRA]++;
    if (!machine_tally_only(m)) {
        EventScreen *e = &machine_emit(m, EVENT_SCREEN)->screen;
        e->spin = SPIN_EXTRA;
        e->spin_index = (uint16_t)g->spin_index;
        e->screen = g->screen;
        for (int c = 0; c < REELS; c++)
            e->stops[c] = g->stop[c];
    }
    line_win(g, m, SPIN_EXTRA, r ? r - 1 : -1, REELS, g->rung[r], 0);
    offer_prize(g, m, r, PART_EXTRA, LAD_BONUS_UP); /* below the Green Diamond: Sube-Bonos */
}

static void cauldrons(Gnomos *g, Machine *m);

/* After a screen (a spin, a held game, or the last advance): what the line gives. */
static void judge(Gnomos *g, Machine *m, bool advances_allowed, bool advanced)
{
    int cls = line_class(g, g->stop);
    if (cls >= LC_RUNG && cls < LC_BONUS) {
        int r = cls - LC_RUNG;
        line_win(g, m, SPIN_BASE, r ? r - 1 : -1, REELS, g->rung[r], 0);
        offer_prize(g, m, r, PART_BASE, ladder_of(g, r));
        return;
    }
    if (cls == LC_CAULDRON) {
        cauldrons(g, m);
        return;
    }
    if (!advanced)
        g->line_bonuses = 0;
    if (cls > LC_BONUS && cls < LC_CAULDRON) { /* a direct prize in Bonuses */
        int64_t all = g->bonus_n[cls - LC_BONUS - 1], n = all - (advanced ? g->line_bonuses : 0);
        if (n > 0) { /* the combination, less what the line paid before its advances */
            line_win(g, m, SPIN_BASE, S_BONUS, cls - LC_BONUS, 0, n);
            win_bonuses(g, m, n);
            g->line_bonuses = all;
        }
        if (advanced || !(advances_allowed && try_advances(g, m, true)))
            end_round(g, m);
        return;
    }
    uint32_t pair = pair_of(g, g->stop);
    if (pair && g->holds_left > 0) {
        bool give = rng_below(machine_rng(m), 1000) <
                    gnomos_ctl_feature_chance(&g->ctl, carried(m), g->bet);
        if (gnomos_draw(m, GMD_HOLD, give)) {
            g->phase = PH_HOLD;
            return;
        }
    }
    if (advances_allowed && try_advances(g, m, false))
        return;
    finish(g, m);
}

static void risk(Gnomos *g, Machine *m)
{
    int r = g->rung_now;
    bool can = r < g->top && g->rung[r + 1] - g->rung[r] <= room(g, m);
    bool up = gnomos_draw(m, GMD_RISK, rng_below(machine_rng(m), 2) && can) != 0;
    g->step++;
    EventRisk *e = machine_tally_only(m) ? NULL : &machine_emit(m, EVENT_RISK)->risk;
    if (up) {
        gnomos_ctl_pay(carried(m), g->rung[r + 1] - g->rung[r]);
        g->rung_now = ++r;
        g->prize = g->rung[r];
        if (g->ladder == LAD_BONUS_UP && r > GM_RUNG_BELL)
            g->ladder = LAD_SEESAW;
    } else if (g->ladder == LAD_SEESAW) {
        gnomos_ctl_pay(carried(m), g->rung[r - 1] - g->rung[r]);
        g->rung_now = --r;
        g->prize = g->rung[r];
        if (r <= GM_RUNG_BELL)
            g->ladder = LAD_BONUS_UP;
    } else {
        gnomos_ctl_pay(carried(m), -g->prize);
        int64_t n = g->ladder == LAD_BONUS_UP ? gnomos_to_bonuses(m, g->bonus_worth, g->prize) : 0;
        g->prize = 0;
        if (e) {
            e->step = (uint8_t)g->step;
            e->rung = EVENT_OFF;
            e->bonuses = n;
        }
        win_bonuses(g, m, n);
        end_round(g, m);
        return;
    }
    if (e) {
        e->won = up;
        e->step = (uint8_t)g->step;
        e->rung = (uint8_t)r;
        e->lose_to = lose_to(g->ladder);
        e->amount = g->prize;
    }
    if (r == g->top) /* the maximum prize is collected by itself */
        collect(g, m);
}

/* The cauldrons, when three Windows land: the prize the controller allows (named draw
 * cauldron, a rung) and two other rungs, shown (a pick offered, lowest first) before they
 * are shuffled under the lids. */
static void cauldrons(Gnomos *g, Machine *m)
{
    g->phase = PH_PICK;
    Money most = room(g, m);
    int r = weighted(g, m, g->cauldron_w, most < g->rung[0] ? g->rung[0] : most);
    r = (int)gnomos_draw(m, GMD_CAULDRON, r < 0 ? 0 : r);
    Rng *rng = machine_rng(m);
    int o1 = (int)rng_below(rng, (uint32_t)g->top), o2 = (int)rng_below(rng, (uint32_t)g->top - 1);
    o1 += o1 >= r;
    o2 += o2 >= (r < o1 ? r : o1);
    o2 += o2 >= (r < o1 ? o1 : r);
    g->pick_rung[0] = r;
    g->pick_rung[1] = o1;
    g->pick_rung[2] = o2;
    if (!machine_tally_only(m)) {
        int lo = r < o1 ? (r < o2 ? r : o2) : (o1 < o2 ? o1 : o2);
        int hi = r > o1 ? (r > o2 ? r : o2) : (o1 > o2 ? o1 : o2);
        EventPick *e = &machine_emit(m, EVENT_PICK)->pick;
        e->noptions = 3;
        e->choice = EVENT_OFF;
        e->amount[0] = g->rung[lo];
        e->amount[1] = g->rung[r + o1 + o2 - lo - hi];
        e->amount[2] = g->rung[hi];
    }
}

/* The lid chosen hides the allowed prize, the other two the other prizes. */
static void pick(Gnomos *g, Machine *m, uint32_t choice)
{
    int r = g->pick_rung[0];
    if (!machine_tally_only(m)) {
        EventPick *e = &machine_emit(m, EVENT_PICK)->pick;
        e->noptions = 3;
        e->choice = (uint8_t)choice;
        for (uint32_t i = 0, k = 1; i < 3; i++)
            e->amount[i] = g->rung[g->pick_rung[i == choice ? 0 : k++]];
    }
    offer_prize(g, m, r, PART_BONUS, r > GM_RUNG_BELL ? LAD_SEESAW : ladder_of(g, r));
}

static void advance(Gnomos *g, Machine *m, int reel)
{
    g->stop[reel] = (uint16_t)((g->stop[reel] + g->reels->len[reel] - 1) % g->reels->len[reel]);
    show(g, m);
    g->adv_left--;
    if (!machine_tally_only(m)) {
        EventAdvance *e = gnomos_advance_mut(machine_emit(m, GNOMOS_EVENT_ADVANCE));
        e->reel = (uint8_t)reel;
        e->left = (uint8_t)g->adv_left;
        e->screen = g->screen;
    }
    if (!g->adv_left)
        judge(g, m, false, true);
}

static void gm_command(void *state, Machine *m, const Command *cmd)
{
    Gnomos *g = state;
    if (cmd->type == CMD_SPIN ? g->game == 2 : g->up.phase != UP_IDLE) {
        gnomos_upper_command(&g->up, m, cmd);
        return;
    }
    switch (cmd->type) {
    case CMD_SPIN:
        gnomos_ctl_begin(&g->ctl, carried(m), g->bet);
        g->holds_left = g->holds_per_round;
        g->extra_done = false;
        g->spin_index = 0;
        spin(g, m, 0, SPIN_BASE);
        judge(g, m, true, false);
        break;
    case CMD_HOLD:
        if (!machine_tally_only(m))
            machine_emit(m, EVENT_HOLD)->hold.reels = cmd->arg;
        g->holds_left--;
        g->spin_index++;
        spin(g, m, cmd->arg, SPIN_BASE);
        judge(g, m, true, false);
        break;
    case CMD_ADVANCE:
        advance(g, m, (int)cmd->arg);
        break;
    case CMD_COLLECT:
        if (g->phase == PH_ADVANCE) { /* stop advancing: the line as it stands */
            g->adv_left = 0;
            judge(g, m, false, true);
        } else {
            collect(g, m);
        }
        break;
    case CMD_RISK:
        risk(g, m);
        break;
    case CMD_PICK:
        pick(g, m, cmd->arg);
        break;
    default: /* the machine plays only what was offered */
        break;
    }
}

static void gm_offer(const void *state, Offer *o)
{
    const Gnomos *g = state;
    if (g->up.phase != UP_IDLE) {
        gnomos_upper_offer(&g->up, o);
        return;
    }
    switch (g->phase) {
    case PH_IDLE:
        o->commands = 1u << CMD_SPIN;
        break;
    case PH_HOLD: /* a bit per reel, at most two: every set but all three (7) */
        o->commands = 1u << CMD_HOLD;
        o->arg[CMD_HOLD] = (OfferArg){ARG_ONE_OF, 0x7fu};
        break;
    case PH_ADVANCE:
        o->commands = 1u << CMD_ADVANCE | 1u << CMD_COLLECT;
        o->arg[CMD_ADVANCE] = (OfferArg){ARG_ONE_OF, (1u << REELS) - 1u};
        break;
    case PH_LADDER:
        o->commands = 1u << CMD_COLLECT | 1u << CMD_RISK;
        break;
    case PH_PICK:
        o->commands = 1u << CMD_PICK;
        o->arg[CMD_PICK] = (OfferArg){ARG_ONE_OF, 7u};
        break;
    }
}

/* The game's own play: holds the pair, AUTO-ADVANCES (the best the advances reach, stopping
 * there), the first lid; on a ladder AUTO-RISK risks (STRATEGY_AUTO) and STRATEGY_COLLECT
 * collects. */
static bool gm_choose(const void *state, Strategy strategy, const Offer *o, Command *out)
{
    const Gnomos *g = state;
    if (strategy != STRATEGY_AUTO && strategy != STRATEGY_COLLECT)
        return false;
    if (g->up.phase != UP_IDLE)
        return gnomos_upper_choose(&g->up, strategy, out);
    switch (g->phase) {
    case PH_HOLD:
        *out = (Command){.type = CMD_HOLD, .arg = pair_of(g, g->stop)};
        return true;
    case PH_ADVANCE: {
        Money best[MAX_ADVANCES + 1];
        int first[MAX_ADVANCES + 1];
        reach_of(g, g->stop, g->adv_left, g->after_bonus, best, first);
        int f = first[g->adv_left];
        *out = f < 0 ? (Command){.type = CMD_COLLECT}
                     : (Command){.type = CMD_ADVANCE, .arg = (uint32_t)f};
        return true;
    }
    case PH_LADDER:
        *out = (Command){.type = strategy == STRATEGY_AUTO ? CMD_RISK : CMD_COLLECT};
        return true;
    default:
        (void)o;
        return false;
    }
}

static const char *gm_draw_refuses(const GameDef *def, int which, int64_t value)
{
    (void)def;
    if (which >= GMD_MINIGAME)
        return gnomos_upper_draw_refuses(which, value);
    switch (which) {
    case GMD_ADVANCES:
        return value >= 0 && value <= MAX_ADVANCES ? NULL : "advances are 0 (none) to 4";
    case GMD_CAULDRON:
    case GMD_EXTRA_PRIZE:
        return value >= 0 && value < GM_RUNGS ? NULL
                                              : "a prize is a rung 0 (Any Diamonds) to 8 (Blue Diamond)";
    default:
        return value == 0 || value == 1 ? NULL : "this draw is 0 (no) or 1 (yes)";
    }
}

static void gm_carried_new(const GameDef *def, int64_t *v)
{
    (void)def;
    memset(v, 0, GMC__COUNT * sizeof *v);
}

static GnomosCtl ctl_of(const GameDef *def)
{
    return (GnomosCtl){.percent = param(def, "return_percent"),
                       .cycle_games = param(def, "cycle_games")};
}

static const char *gm_carried_refuses(const GameDef *def, const int64_t *v)
{
    GnomosCtl c = ctl_of(def);
    return gnomos_ctl_refuses(&c, v);
}

static Money gm_bonus_worth(const GameDef *def) { return param(def, "bonus_worth"); }

static int gm_carried_report(const GameDef *def, const int64_t *v, StateLine *out, int max)
{
    GnomosCtl c = ctl_of(def);
    return gnomos_ctl_report(&c, v, out, max);
}

static const char *const gm_features[] = {
    "any_diamonds_x_bet", "low_bet", "low_bet_red_x_bet", "low_bet_blue_x_bet", "bonus_figures",
    "bonus_worth", "ladder_yellow", "ladder_top", "cauldron_weights", "extra_spin_weights",
    "max_advances", "holds_per_round", "return_percent", "legal_floor_percent", "cycle_games",
    "target_reserve_x_bet", "credit_x_bet", "upper_bonuses", "upper_money", "upper_unit",
    "upper_max_prize", "upper_fraction", "minigame_weights", "minigame_prizes_x_unit",
    "minigame_prize_weights", "basket_weights", "find_prizes_x_unit", "find_prize_weights",
    "find_weights", "find_items", "bonus_cap", NULL};
static const char *const gm_bet_keys[] = {"bet", "game", "upper", NULL};
static const char *const gm_reel_sets[] = {"base", "upper", NULL};
static const char *const gm_draws[] = {
    "hold", "advances", "risk", "cauldron", "extra_spin", "extra_prize", "bonus_round",
    "minigame", "double", "baskets", "basket_prizes", "basket", "choice", "choice_bonus", "find",
    "treasure", NULL};
static const char *const gm_carried[] = {"reserve", "games", "bet", "paid", "cycles", NULL};
static const GameSetting gm_settings[] = {
    {"return_percent", "return_percent", 70, 95, 1, "%"},
    {"cycle_games", "cycle_games", 1000, 1000000, 1000, "games"},
    {NULL},
};
/* The rules allow 70-95 %; Spain's state rule for B-type machines asks at least 75 % over
 * every cycle of 20,000 games (games/gnomos-mix/README.md: The legal floor). */
static const SettingFloor gm_floor = {
    "return_percent", "legal_floor_percent",
    "Spain's Real Decreto 2110/1998, art. 6.4"};
static const GameNames gm_names = {
    .mixed_win = "Any Diamonds",
    .spin = {[SPIN_BASE] = "base", [SPIN_EXTRA] = "extra_spin"},
    .feature = {[FEATURE_EXTRA] = "extra_spin"},
    .part = {[PART_BASE] = "lower", [PART_EXTRA] = "extra_spin", [PART_BONUS] = "cauldrons",
             [PART_FREE] = "upper"},
    .minigame = GM_MINIGAME_NAMES,
};

const GameRules games_gnomos_mix = {
    .id = "gnomos-mix",
    .name = "Gnomos Mix Golden Edition",
    .names = &gm_names,
    .events = gnomos_event_classes,
    .nevents = GNOMOS_EVENTS,
    .features = gm_features,
    .bet_keys = gm_bet_keys,
    .reel_sets = gm_reel_sets,
    .settings = gm_settings,
    .setting_floor = &gm_floor,
    .check = gm_check,
    .bet_total = gm_bet_total,
    .bonuses = true,
    .bet_bonuses = gm_bet_bonuses,
    .coinless = true,
    .bet_is_max = gm_bet_is_max,
    .bet_max = gm_bet_max,
    .parts = 1u << PART_BASE | 1u << PART_EXTRA | 1u << PART_BONUS | 1u << PART_FREE,
    .features_used = 1u << FEATURE_EXTRA,
    .draws = gm_draws,
    .draw_numbers = (1u << GMD__COUNT) - 1u,
    .draw_refuses = gm_draw_refuses,
    .choose = gm_choose,
    .state_size = sizeof(Gnomos),
    .init = gm_init,
    .fini = gm_fini,
    .bet_set = gm_bet_set,
    .command = gm_command,
    .offer = gm_offer,
    .carried = gm_carried,
    .carried_version = 1,
    .carried_new = gm_carried_new,
    .carried_refuses = gm_carried_refuses,
    .carried_report = gm_carried_report,
    .bonus_worth = gm_bonus_worth,
};
