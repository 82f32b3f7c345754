/* test_mona_lisa_rules.c - Mona Lisa Jewels against its rules (shared/rules/mona-lisa-jewels.txt).
 *
 * One test per behavioural sentence of the rules, named after it, with the sentence quoted
 * above it. Every spin's screen is forced (the reel strips are still being tuned), and every
 * expected amount is worked out here from the game file's paytable, lines and bet, never
 * copied from a run of the code. The numbers the rules text itself states (5 reels, 2 jewel
 * spins, 10 free spins, multipliers 2/4/8, the 500,000.00 seed, 0.5%) are written here as the
 * rules state them, so a game file that drifts from the rules fails too.
 *
 * Besides its own checks, every round goes through check_round(), a small model of the rules
 * written from the text: it re-evaluates each screen's lines (highest combination per line,
 * wilds standing for all but SCATTER and JACKPOT, multipliers in normal free spins only),
 * the scatter, the awards (jewels first), the order and kinds of the free spins, the held
 * cells of jewel spins, the progressive pool, and the round's totals.
 *
 * Units: amounts are minor units (cents); coin values are minor units; the progressive pool
 * counts thousandths of a coin (the engine's pool units). A jackpot pays the pool's whole
 * coins, pool / 1000, at the coin value c ("the amount in currency is the amount in coins
 * multiplied by the coin value"), and the fraction of a coin left over stays in the pool. */
#include "buf.h"
#include "event.h"
#include "gamedef.h"
#include "games.h"
#include "games/mona_lisa.h"
#include "machine.h"
#include "rng.h"
#include "test.h"
#include "testutil.h"

/* ---- what the rules text states ---------------------------------------------------------- */

enum {
    RULE_REELS = 5,
    RULE_ROWS = 3,
    RULE_MAX_LINES = 25,
    RULE_MAX_COINS = 10,
    RULE_JEWEL_MIN = 2,    /* "Two or three Jewel symbols on the first reel" */
    RULE_JEWEL_SPINS = 2,  /* "will trigger 2 Jewel free spins" */
    RULE_SCATTER_MIN = 3,  /* "Three or more scatter symbols" */
    RULE_FREE_SPINS = 10,  /* "trigger 10 additional normal free spins" */
    RULE_MAX_AWARD = 12,   /* "up to 12 free spins can be awarded" in one spin */
};

/* "1 wild ... 2 times, 2 wilds ... 4 times, 3 or more wild symbols ... 8 times" */
static int rule_wild_mult(int wilds)
{
    return wilds <= 0 ? 1 : wilds == 1 ? 2 : wilds == 2 ? 4 : 8;
}

/* "500,000.00 seed", "associated to a coin value of 10 Euros": minor units at coin 1000 */
#define RULE_SEED_MINOR_AT_10_EUR INT64_C(50000000)
#define RULE_COIN_10_EUR 1000
/* "increased with 0.5% of that bet": per mille */
#define RULE_CONTRIBUTION_PER_MILLE 5
/* the engine's pool unit: a thousandth of a coin */
#define POOL_UNITS_PER_COIN 1000
/* the seed in pool units: 500,000.00 at a 10.00 coin is 50,000 coins */
#define SEED_UNITS (RULE_SEED_MINOR_AT_10_EUR / RULE_COIN_10_EUR * POOL_UNITS_PER_COIN)

/* ---- the game ----------------------------------------------------------------------------- */

static GameDef def;
static int WILD, SCATTER, JACKPOT, JEWEL, PALETTE, QUILL, SYM_A, SYM_K, SYM_Q;
static int BI_COIN, BI_COINS, BI_LINES;
static uint64_t base_seed;

/* A screen without any win, scatter, jewel or wild: reel 1 shows A K Q, reel 2 J TEN LUTE,
 * so no line runs past reel 1; reels 3 and 5 share nothing with reel 1 either, so a wild
 * dropped on reel 2 or 4 still makes no win. */
#define DEAD "A J TEN A J / K TEN LUTE K TEN / Q LUTE J Q LUTE"
/* three scatters (reels 1, 4, 5), nothing else */
#define SCAT3 "SCATTER J TEN SCATTER J / K TEN LUTE K TEN / Q LUTE J Q SCATTER"
/* two jewels on reel 1, nothing else */
#define JEW2 "JEWEL J TEN A J / JEWEL TEN LUTE K TEN / Q LUTE J Q LUTE"
/* two jewels on reel 1 and three scatters */
#define BOTH "JEWEL J SCATTER A J / JEWEL TEN LUTE SCATTER TEN / Q LUTE J Q SCATTER"
/* jewel spins force this: reel 1 (locked) would show K K K if it spun */
#define DEAD_K "K J TEN A J / K TEN LUTE K TEN / K LUTE J Q LUTE"

static int sym(const char *id)
{
    return tu_symbol(&def, id);
}

static Grid scr(const char *text)
{
    return tu_screen(&def, text);
}

static Bet make_bet(int64_t coin, int64_t coins, int64_t lines)
{
    Bet b;
    machine_default_bet(&def, &b);
    b.v[BI_COIN] = coin;
    b.v[BI_COINS] = coins;
    b.v[BI_LINES] = lines;
    return b;
}

/* pool < 0: the pool starts at its seed */
static Machine *new_machine(int64_t coin, int64_t coins, int64_t lines, int64_t pool)
{
    Machine *m = tu_machine(&def, pool);
    if (!m)
        exit(2);
    Bet b = make_bet(coin, coins, lines);
    Error err = {{0}};
    if (machine_set_bet(m, &b, &err)) {
        fprintf(stderr, "bet %lld/%lld/%lld: %s\n", (long long)coin, (long long)coins,
                (long long)lines, err.msg);
        exit(2);
    }
    return m;
}

static int64_t bet_coin(const Machine *m) { return machine_bet(m)->v[BI_COIN]; }
static int64_t bet_coins(const Machine *m) { return machine_bet(m)->v[BI_COINS]; }
static int64_t bet_lines(const Machine *m) { return machine_bet(m)->v[BI_LINES]; }

/* ---- forcing ------------------------------------------------------------------------------ */

#define MAX_FORCED 4096
static ForcedSpin forced_buf[MAX_FORCED];

/* Forces the next `total` spins in play order: screens[i] for i < n, `fill` after. */
static void force(Machine *m, const char *const *screens, int n, const char *fill, int total)
{
    if (total > MAX_FORCED)
        exit(2);
    for (int i = 0; i < total; i++) {
        const char *t = i < n ? screens[i] : fill;
        forced_buf[i].forced = true;
        forced_buf[i].screen = scr(t);
    }
    machine_force(m, forced_buf, total);
}

static void force_one(Machine *m, const char *screen)
{
    force(m, &screen, 1, screen, 1);
}

/* ---- the round's events ------------------------------------------------------------------- */

static const Event *events_of(const Machine *m, int *n)
{
    return machine_events(m, n);
}

/* Stand-ins past the end of a list, so that a test reading more than a (wrong) round
 * produced fails its checks instead of reading garbage. */
static const EventScreen no_screen = {.type = EVENT__COUNT, .spin = SPIN__COUNT};
static const EventWin no_win = {.type = EVENT__COUNT, .kind = WIN__COUNT};
static const EventFeatureAward no_award = {.type = EVENT__COUNT, .feature = FEATURE__COUNT};

/* The round's screens in order; returns how many (out[] is padded to max). */
static int screens_of(const Machine *m, const EventScreen **out, int max)
{
    int n, k = 0;
    const Event *ev = events_of(m, &n);
    for (int i = 0; i < n; i++)
        if (ev[i].type == EVENT_SCREEN && k < max)
            out[k++] = &ev[i].screen;
    for (int i = k; i < max; i++)
        out[i] = &no_screen;
    return k;
}

static int count_screens(const Machine *m)
{
    int n, k = 0;
    const Event *ev = events_of(m, &n);
    for (int i = 0; i < n; i++)
        k += ev[i].type == EVENT_SCREEN;
    return k;
}

/* Wins of one spin (spin_index), in order; returns how many (out[] padded to max). */
static int wins_of(const Machine *m, int spin_index, const EventWin **out, int max)
{
    return tu_wins_of(m, spin_index, out, max, &no_win);
}

/* The win on `line` (1-based) in spin spin_index, line or jackpot; NULL when none. */
static const EventWin *line_win(const Machine *m, int spin_index, int line)
{
    int n;
    const Event *ev = events_of(m, &n);
    for (int i = 0; i < n; i++)
        if (ev[i].type == EVENT_WIN && ev[i].win.spin_index == spin_index &&
            ev[i].win.line == line && (ev[i].win.kind == WIN_LINE || ev[i].win.kind == WIN_JACKPOT))
            return &ev[i].win;
    return NULL;
}

static const EventWin *scatter_win(const Machine *m, int spin_index)
{
    int n;
    const Event *ev = events_of(m, &n);
    for (int i = 0; i < n; i++)
        if (ev[i].type == EVENT_WIN && ev[i].win.spin_index == spin_index &&
            ev[i].win.kind == WIN_SCATTER)
            return &ev[i].win;
    return NULL;
}

/* Awards that followed the screen of spin spin_index, in order; returns how many (out[]
 * padded to max). */
static int awards_of(const Machine *m, int spin_index, const EventFeatureAward **out, int max)
{
    int n, k = 0, cur = -1;
    const Event *ev = events_of(m, &n);
    for (int i = 0; i < n; i++) {
        if (ev[i].type == EVENT_SCREEN)
            cur = ev[i].screen.spin_index;
        else if (ev[i].type == EVENT_FEATURE_AWARD && cur == spin_index && k < max)
            out[k++] = &ev[i].award;
    }
    for (int i = k; i < max; i++)
        out[i] = &no_award;
    return k;
}

static int count_type(const Machine *m, EventType t)
{
    return tu_count_type(m, t);
}

static Money round_total(const Machine *m)
{
    return tu_round_total(m);
}

/* ---- a model of the rules ----------------------------------------------------------------- */

/* The cells of a line's first `count` reels (line 0-based). */
static CellMask line_cells(int line, int count)
{
    CellMask cells = 0;
    for (int c = 0; c < count; c++)
        cells |= grid_bit(def.lines[line][c], c);
    return cells;
}

/* How many reels from the left show `s` on a line, a wild standing for it unless s is the
 * scatter or the jackpot ("The Wild symbol substitutes for all symbols except Scatter and
 * Jackpot symbols"); *wilds counts the wilds among them. */
static int line_run(const Grid *g, int line, int s, int *wilds)
{
    const bool subst = s != SCATTER && s != JACKPOT;
    int n = 0;
    *wilds = 0;
    while (n < def.cols) {
        int cell = g->cell[def.lines[line][n]][n];
        if (cell == WILD && subst)
            ++*wilds;
        else if (cell != s)
            break;
        n++;
    }
    return n;
}

/* The value (paytable coins per coin bet, times the wild multiplier) of the highest
 * combination on a line: "Only the highest winning combination on each selected line is
 * paid." 0 when the line does not win. *jackpot5: the highest is 5 JACKPOT. */
static int64_t line_best(const Grid *g, int line, SpinKind kind, bool *jackpot5)
{
    int64_t best = 0;
    *jackpot5 = false;
    for (int s = 0; s < def.nsymbols; s++) {
        if (s == WILD || s == SCATTER)
            continue;
        int wilds, run = line_run(g, line, s, &wilds);
        int64_t v = (int64_t)def.pays.pay[s][run] * (kind == SPIN_FREE ? rule_wild_mult(wilds) : 1);
        if (v > best) {
            best = v;
            *jackpot5 = s == JACKPOT && run == RULE_REELS;
        }
    }
    return best;
}

static int jewels_on_reel_1(const Grid *g)
{
    int n = 0;
    for (int r = 0; r < def.rows; r++)
        n += g->cell[r][0] == JEWEL;
    return n;
}

static CellMask sticky_cells(const Grid *g)
{
    CellMask held = 0;
    for (int r = 0; r < def.rows; r++)
        for (int c = 1; c < def.cols; c++)
            if (g->cell[r][c] == JEWEL || g->cell[r][c] == WILD)
                held |= grid_bit(r, c);
    return held;
}

static CellMask reel_1_cells(void)
{
    CellMask m = 0;
    for (int r = 0; r < def.rows; r++)
        m |= grid_bit(r, 0);
    return m;
}

static void print_round(const Machine *m)
{
    Buf b = {0};
    tu_events_json(m, 0, &b);
    fprintf(stderr, "--- the round:\n%s---\n", b.s ? b.s : "");
    buf_free(&b);
}

/* The model's state through a round: the free spin queue, the held cells, the pool, the
 * tallies the round's summary must match. */
typedef struct Model {
    int free_left, extra_left;
    CellMask held;
    Grid held_screen;
    int64_t pool;
    Money total, feature_total, part[PART__COUNT];
    int jackpots, triggers[FEATURE__COUNT], spins[SPIN__COUNT];
} Model;

/* Checks the spin whose EVENT_SCREEN is ev[*at] and the wins and awards after it against
 * the rules, updates the model, and moves *at past them. */
static void check_spin(const Machine *m, const Event *ev, int n, int *at, Model *md)
{
    const EventScreen *sc = &ev[*at].screen;
    const Grid *g = &sc->screen;
    const int64_t coin = bet_coin(m), coins = bet_coins(m), lines = bet_lines(m);
    const bool max_bet = coins == RULE_MAX_COINS && lines == RULE_MAX_LINES;
    const SpinKind kind = sc->spin;
    CHECK_EQ_INT(g->rows, RULE_ROWS);
    CHECK_EQ_INT(g->cols, RULE_REELS);
    md->spins[kind]++;

    /* held cells: reel 1 and the sticky symbols, in jewel spins only */
    if (kind == ML_SPIN_JEWEL) {
        CHECK_EQ_INT(sc->held, md->held);
        for (int r = 0; r < def.rows; r++)
            for (int c = 0; c < def.cols; c++)
                if (md->held & grid_bit(r, c))
                    CHECK_EQ_INT(g->cell[r][c], md->held_screen.cell[r][c]);
    } else {
        CHECK_EQ_INT(sc->held, 0);
    }

    /* wins: each winning selected line once, with its highest combination; the scatter */
    uint32_t seen = 0;
    bool scatter_seen = false;
    int i = *at + 1;
    for (; i < n && ev[i].type == EVENT_WIN; i++) {
        const EventWin *w = &ev[i].win;
        CHECK_EQ_INT(w->spin, kind);
        CHECK_EQ_INT(w->spin_index, sc->spin_index);
        md->total += w->amount;
        if (kind != SPIN_BASE)
            md->feature_total += w->amount;
        if (w->kind == WIN_SCATTER) {
            CHECK(!scatter_seen);
            scatter_seen = true;
            continue; /* below */
        }
        CHECK(w->kind == WIN_LINE || w->kind == WIN_JACKPOT);
        CHECK(w->line >= 1 && w->line <= lines);
        if (w->line < 1 || w->line > lines)
            continue;
        const int l = w->line - 1;
        CHECK(!(seen >> l & 1u));
        seen |= 1u << l;
        bool jackpot5;
        const int64_t best = line_best(g, l, kind, &jackpot5);
        int wilds, run = line_run(g, l, w->symbol, &wilds);
        CHECK(w->symbol != WILD && w->symbol != SCATTER);
        CHECK_EQ_INT(w->count, run);
        CHECK_EQ_INT(w->wilds, wilds);
        CHECK_EQ_INT(w->cells, line_cells(l, run));
        if (jackpot5 && max_bet && kind != ML_SPIN_JEWEL) {
            /* the progressive: the pool's whole coins at this coin value; the pool is
             * reseeded and keeps the fraction of a coin that was not paid */
            CHECK_EQ_INT(w->kind, WIN_JACKPOT);
            CHECK_EQ_INT(w->symbol, JACKPOT);
            CHECK_EQ_INT(w->coins, md->pool / POOL_UNITS_PER_COIN);
            CHECK_EQ_INT(w->amount, md->pool / POOL_UNITS_PER_COIN * coin);
            md->pool = SEED_UNITS + md->pool % POOL_UNITS_PER_COIN;
            md->jackpots++;
            md->part[PART_JACKPOT] += w->amount;
        } else {
            CHECK_EQ_INT(w->kind, WIN_LINE);
            const int mult = kind == SPIN_FREE ? rule_wild_mult(wilds) : 1;
            CHECK_EQ_INT(w->multiplier, mult);
            CHECK_EQ_INT((int64_t)def.pays.pay[w->symbol][run] * mult, best);
            CHECK_EQ_INT(w->coins, best * coins);
            CHECK_EQ_INT(w->amount, best * coins * coin);
            md->part[kind == SPIN_BASE ? PART_BASE : kind == SPIN_FREE ? PART_FREE : ML_PART_JEWEL] +=
                w->amount;
        }
    }
    /* every winning selected line was paid */
    uint32_t winning = 0;
    for (int l = 0; l < lines; l++) {
        bool jackpot5;
        if (line_best(g, l, kind, &jackpot5) > 0)
            winning |= 1u << l;
    }
    CHECK_EQ_INT(seen, winning);
    CellMask scells;
    const int nscat = grid_count(g, (uint8_t)SCATTER, &scells);
    const int64_t spay = def.pays.pay[SCATTER][nscat];
    CHECK(scatter_seen == (spay > 0));
    for (int k = *at + 1; k < i; k++) {
        const EventWin *w = &ev[k].win;
        if (w->kind != WIN_SCATTER)
            continue;
        /* the scatter pays times the total bet: pay x coins per line x lines x coin value */
        CHECK_EQ_INT(w->symbol, SCATTER);
        CHECK_EQ_INT(w->count, nscat);
        CHECK_EQ_INT(w->cells, scells);
        CHECK_EQ_INT(w->multiplier, 1);
        CHECK_EQ_INT(w->coins, spay * coins * lines);
        CHECK_EQ_INT(w->amount, spay * coins * lines * coin);
        md->part[kind == SPIN_BASE ? PART_BASE : kind == SPIN_FREE ? PART_FREE : ML_PART_JEWEL] +=
            w->amount;
    }

    /* awards: jewels first (no jewel award in jewel spins), then scatters */
    const bool jewel_award = kind != ML_SPIN_JEWEL && jewels_on_reel_1(g) >= RULE_JEWEL_MIN;
    const bool free_award = nscat >= RULE_SCATTER_MIN;
    int awarded = 0;
    for (int want = 0; want < 2; want++) {
        const bool on = want == 0 ? jewel_award : free_award;
        if (!on)
            continue;
        CHECK(i < n && ev[i].type == EVENT_FEATURE_AWARD);
        if (i >= n || ev[i].type != EVENT_FEATURE_AWARD)
            break;
        const EventFeatureAward *a = &ev[i++].award;
        const Feature f = want == 0 ? ML_FEATURE_JEWEL_SPINS : FEATURE_FREE_SPINS;
        const int spins = want == 0 ? RULE_JEWEL_SPINS : RULE_FREE_SPINS;
        CHECK_EQ_INT(a->feature, f);
        CHECK_EQ_INT(a->spins, spins);
        CHECK_EQ_INT(a->retrigger, kind != SPIN_BASE);
        if (want == 0)
            md->extra_left += spins;
        else
            md->free_left += spins;
        awarded += spins;
        md->triggers[f]++;
        CHECK_EQ_INT(a->free_left, md->free_left);
        CHECK_EQ_INT(a->extra_left, md->extra_left);
    }
    CHECK(i >= n || ev[i].type != EVENT_FEATURE_AWARD);
    CHECK(awarded <= RULE_MAX_AWARD);
    CHECK_EQ_INT(sc->free_left, md->free_left);
    CHECK_EQ_INT(sc->extra_left, md->extra_left);

    /* what stays for the coming jewel spins */
    if (jewel_award) {
        md->held = reel_1_cells() | sticky_cells(g);
        md->held_screen = *g;
    } else if (kind == ML_SPIN_JEWEL) {
        md->held |= sticky_cells(g);
        md->held_screen = *g;
        if (!md->extra_left)
            md->held = 0;
    }
    *at = i;
}

/* Checks a whole round against the rules model; pool_before is the pool before CMD_SPIN. */
static void check_round(const Machine *m, int64_t pool_before)
{
    const int before = test_failures_;
    int n;
    const Event *ev = events_of(m, &n);
    const int64_t coin = bet_coin(m), coins = bet_coins(m), lines = bet_lines(m);
    Model md = {.pool = pool_before + coins * lines * RULE_CONTRIBUTION_PER_MILLE};
    CHECK(n >= 3);
    CHECK(!machine_in_round(m));
    if (n < 3)
        return;
    CHECK_EQ_INT(ev[0].type, EVENT_ROUND_START);
    CHECK_EQ_INT(ev[0].round_start.bet, coin * coins * lines);
    int at = 1, index = 0, free_screens = 0;
    bool started = false;
    while (at < n && ev[at].type == EVENT_SCREEN) {
        const EventScreen *sc = &ev[at].screen;
        /* base spin first; then jewel spins before normal ones */
        const SpinKind want = index == 0 ? SPIN_BASE : md.extra_left ? ML_SPIN_JEWEL : SPIN_FREE;
        CHECK_EQ_INT(sc->spin, want);
        CHECK_EQ_INT(sc->spin_index, index);
        if (sc->spin != want)
            break;
        if (want == ML_SPIN_JEWEL)
            md.extra_left--;
        else if (want == SPIN_FREE)
            md.free_left--;
        free_screens += index > 0;
        check_spin(m, ev, n, &at, &md);
        index++;
        if (index == 1 && (md.free_left || md.extra_left)) {
            /* the player starts the free spins */
            CHECK(at < n && ev[at].type == EVENT_FEATURE_START);
            if (at < n && ev[at].type == EVENT_FEATURE_START) {
                CHECK_EQ_INT(ev[at].feature_start.free_left, md.free_left);
                CHECK_EQ_INT(ev[at].feature_start.extra_left, md.extra_left);
                started = true;
                at++;
            }
        }
        if (!md.free_left && !md.extra_left)
            break;
    }
    CHECK(!md.free_left && !md.extra_left);
    if (started) {
        CHECK(at < n && ev[at].type == EVENT_FEATURE_END);
        if (at < n && ev[at].type == EVENT_FEATURE_END) {
            CHECK_EQ_INT(ev[at].feature_end.spins_played, free_screens);
            CHECK_EQ_INT(ev[at].feature_end.total_win, md.feature_total);
            at++;
        }
    }
    CHECK_EQ_INT(at, n - 1);
    CHECK_EQ_INT(ev[n - 1].type, EVENT_ROUND_END);
    CHECK_EQ_INT(ev[n - 1].round_end.total_win, md.total);

    const RoundSummary *sum = machine_summary(m);
    CHECK_EQ_INT(sum->bet, coin * coins * lines);
    CHECK_EQ_INT(sum->total_win, md.total);
    for (int p = 0; p < PART__COUNT; p++)
        CHECK_EQ_INT(sum->part[p], md.part[p]);
    for (int k = 0; k < SPIN__COUNT; k++)
        CHECK_EQ_INT(sum->spins[k], md.spins[k]);
    for (int f = 0; f < FEATURE__COUNT; f++)
        CHECK_EQ_INT(sum->triggers[f], md.triggers[f]);
    CHECK_EQ_INT(sum->jackpots, md.jackpots);
    CHECK_EQ_INT(sum->pool_added, coins * lines * RULE_CONTRIBUTION_PER_MILLE);
    CHECK_EQ_INT(machine_pool_get(m), md.pool);
    if (test_failures_ != before)
        print_round(m);
}

/* Plays a whole round (the player starting free spins when asked) and checks it against the
 * model; returns the number of screens. */
static int play(Machine *m, uint64_t seed)
{
    const int64_t pool = machine_pool_get(m);
    const int rc = tu_play_round(m, seed);
    CHECK(rc > 0);
    if (rc <= 0)
        return 0;
    check_round(m, pool);
    return count_screens(m);
}

/* Forces one screen for the base spin and plays the round (no free spins expected). */
static int play_screen(Machine *m, const char *screen)
{
    force_one(m, screen);
    int n = play(m, base_seed);
    CHECK_EQ_INT(machine_forced_left(m), 0);
    machine_force(m, NULL, 0);
    return n;
}

/* Forces a whole round of `total` spins (screens, then fill) and plays it; checks that the
 * round used exactly the forced spins. */
static int play_forced(Machine *m, const char *const *screens, int n, const char *fill, int total)
{
    force(m, screens, n, fill, total);
    int got = play(m, base_seed);
    CHECK_EQ_INT(machine_forced_left(m), 0);
    CHECK_EQ_INT(got, total);
    machine_force(m, NULL, 0);
    return got;
}

static int64_t pay(int s, int count)
{
    return def.pays.pay[s][count];
}

/* ---- 1. Overview: the specification table -------------------------------------------------- */

/* "Number of reels: 5", "Number of rows: 3" */
static void test_spec_5_reels_3_rows(void)
{
    CHECK_EQ_INT(def.cols, RULE_REELS);
    CHECK_EQ_INT(def.rows, RULE_ROWS);
    Machine *m = new_machine(10, 1, 25, -1);
    play_screen(m, DEAD);
    const EventScreen *s[1];
    CHECK_EQ_INT(screens_of(m, s, 1), 1);
    CHECK_EQ_INT(s[0]->screen.cols, RULE_REELS);
    CHECK_EQ_INT(s[0]->screen.rows, RULE_ROWS);
    machine_destroy(m);
}

/* "Number of lines: 1 to 25" */
static void test_spec_1_to_25_lines(void)
{
    const BetOption *o = &def.bet[BI_LINES];
    CHECK_EQ_INT(def.nlines, RULE_MAX_LINES);
    CHECK_EQ_INT(o->nvalues, RULE_MAX_LINES);
    for (int i = 0; i < o->nvalues; i++)
        CHECK_EQ_INT(o->values[i], i + 1);
    Machine *m = new_machine(10, 1, 25, -1);
    Error err = {{0}};
    for (int64_t lines = 1; lines <= RULE_MAX_LINES; lines++) {
        Bet b = make_bet(10, 1, lines);
        CHECK_EQ_INT(machine_set_bet(m, &b, &err), 0);
    }
    Bet zero = make_bet(10, 1, 0), too_many = make_bet(10, 1, RULE_MAX_LINES + 1);
    CHECK_EQ_INT(machine_set_bet(m, &zero, &err), -1);
    CHECK_EQ_INT(machine_set_bet(m, &too_many, &err), -1);
    CHECK_STR_CONTAINS(err.msg, "lines");
    machine_destroy(m);
}

/* "Number of coins you can bet per line: 1 to 10" */
static void test_spec_1_to_10_coins_per_line(void)
{
    const BetOption *o = &def.bet[BI_COINS];
    CHECK_EQ_INT(o->nvalues, RULE_MAX_COINS);
    for (int i = 0; i < o->nvalues; i++)
        CHECK_EQ_INT(o->values[i], i + 1);
    Machine *m = new_machine(10, 1, 25, -1);
    Error err = {{0}};
    for (int64_t coins = 1; coins <= RULE_MAX_COINS; coins++) {
        Bet b = make_bet(10, coins, 25);
        CHECK_EQ_INT(machine_set_bet(m, &b, &err), 0);
    }
    Bet zero = make_bet(10, 0, 25), too_many = make_bet(10, RULE_MAX_COINS + 1, 25);
    CHECK_EQ_INT(machine_set_bet(m, &zero, &err), -1);
    CHECK_EQ_INT(machine_set_bet(m, &too_many, &err), -1);
    CHECK_STR_CONTAINS(err.msg, "coins");
    machine_destroy(m);
}

/* "Double feature: No", "Bonus round: No", "Instant win: No": of the machine's generic
 * commands the game offers only spin, start (free spins) and continue (the next free spin);
 * never a pick, hold, advance, collect or risk; after a win the next command is a new spin. */
static void test_spec_no_double_feature_no_bonus_round_no_instant_win(void)
{
    CHECK_EQ_INT(command_from_name("spin"), CMD_SPIN);
    CHECK_EQ_INT(command_from_name("start_free_spins"), CMD_START); /* a schema-4 journal's */
    CHECK_EQ_INT(command_from_name("free_spin"), CMD_CONTINUE);
    CHECK_EQ_INT(command_from_name("gamble"), -1);
    const uint32_t never = 1u << CMD_PICK | 1u << CMD_HOLD | 1u << CMD_ADVANCE |
                           1u << CMD_COLLECT | 1u << CMD_RISK;
    Machine *m = new_machine(10, 1, 25, -1);
    /* a winning base spin: nothing but a new spin is offered */
    play_screen(m, "A J TEN A J / PALETTE PALETTE PALETTE K TEN / Q LUTE J Q LUTE");
    CHECK(round_total(m) > 0);
    CHECK_EQ_INT(machine_allowed(m), 1u << CMD_SPIN);
    /* through a round with free spins, one command at a time is offered, of the three */
    Error err = {{0}};
    force(m, (const char *const[]){BOTH}, 1, DEAD, 1 + RULE_JEWEL_SPINS + RULE_FREE_SPINS);
    CHECK_EQ_INT(machine_command(m, &(Command){.type = CMD_SPIN, .seed = 1}, &err), 0);
    int steps = 0;
    while (machine_in_round(m) && steps++ < 100) {
        uint32_t a = machine_allowed(m);
        CHECK(a != 0 && (a & (a - 1)) == 0 && !(a & never));
        for (int c = CMD_PICK; c < CMD__COUNT; c++)
            CHECK_EQ_INT(machine_command(m, &(Command){.type = (CommandType)c}, &err), -1);
        CommandType t = a >> CMD_START & 1u ? CMD_START : CMD_CONTINUE;
        CHECK_EQ_INT(machine_command(m, &(Command){.type = t}, &err), 0);
    }
    CHECK_EQ_INT(machine_allowed(m), 1u << CMD_SPIN);
    CHECK_EQ_INT(machine_command(m, &(Command){.type = CMD__COUNT}, &err), -1);
    machine_force(m, NULL, 0);
    machine_destroy(m);
}

/* "Progressive: Yes", "Wild symbols: Yes", "Multiplier symbols: Yes (Wild)", "Scatter
 * symbols: Yes", "Free spins: Yes (Scatter)": one symbol of each role, and a pool. */
static void test_spec_wild_scatter_jewel_jackpot_and_pool(void)
{
    for (SymbolRole role = ROLE_WILD; role <= ML_ROLE_JEWEL; role++) {
        int k = 0;
        for (int s = 0; s < def.nsymbols; s++)
            k += def.symbols[s].role == role;
        CHECK_EQ_INT(k, 1);
    }
    Machine *m = new_machine(10, 1, 25, -1);
    const GameRules *rules = machine_rules(m);
    CHECK(rules->pool_seed != NULL && rules->pool_value != NULL);
    CHECK(machine_pool_value(m) > 0);
    machine_destroy(m);
}

/* ---- 2. How to play ------------------------------------------------------------------------ */

/* "All winning lines pay from left to right." */
static void test_rule_2_winning_lines_pay_left_to_right(void)
{
    Machine *m = new_machine(10, 2, 25, -1);
    /* three PALETTE on reels 3-5 of line 1, then on reels 2-4: no win */
    play_screen(m, "A J TEN A J / K TEN PALETTE PALETTE PALETTE / Q LUTE J Q LUTE");
    CHECK_EQ_INT(count_type(m, EVENT_WIN), 0);
    play_screen(m, "A J TEN A J / K PALETTE PALETTE PALETTE TEN / Q LUTE J Q LUTE");
    CHECK_EQ_INT(count_type(m, EVENT_WIN), 0);
    /* the same along line 5 (rows 2 1 0 1 2), reels 3-5: no win */
    play_screen(m, "A J PALETTE A J / K TEN LUTE PALETTE TEN / Q LUTE J Q PALETTE");
    CHECK_EQ_INT(count_type(m, EVENT_WIN), 0);
    /* on reels 1-3 of line 1: PALETTE x3 */
    play_screen(m, "A J TEN A J / PALETTE PALETTE PALETTE K TEN / Q LUTE J Q LUTE");
    CHECK_EQ_INT(count_type(m, EVENT_WIN), 1);
    const EventWin *w = line_win(m, 0, 1);
    CHECK(w != NULL);
    if (w) {
        CHECK_EQ_INT(w->kind, WIN_LINE);
        CHECK_EQ_INT(w->symbol, PALETTE);
        CHECK_EQ_INT(w->count, 3);
        CHECK_EQ_INT(w->cells, grid_bit(1, 0) | grid_bit(1, 1) | grid_bit(1, 2));
        CHECK_EQ_INT(w->amount, pay(PALETTE, 3) * 2 * 10);
    }
    /* on reels 1-3 of line 5 */
    play_screen(m, "A J PALETTE A J / K PALETTE LUTE K TEN / PALETTE LUTE J Q LUTE");
    CHECK_EQ_INT(count_type(m, EVENT_WIN), 1);
    w = line_win(m, 0, 5);
    CHECK(w != NULL);
    if (w) {
        CHECK_EQ_INT(w->symbol, PALETTE);
        CHECK_EQ_INT(w->count, 3);
        CHECK_EQ_INT(w->cells, line_cells(4, 3));
        CHECK_EQ_INT(w->cells, grid_bit(2, 0) | grid_bit(1, 1) | grid_bit(0, 2));
    }
    machine_destroy(m);
}

/* the screen of the next two tests: PALETTE x3 on line 1 (middle), A x3 on line 2 (top),
 * QUILL x4 on line 3 (bottom); no other line wins, as the rows differ on reels 1-3. */
#define THREE_LINES "A A A K J / PALETTE PALETTE PALETTE J TEN / QUILL QUILL QUILL QUILL LUTE"

/* "Wins on different selected lines are all added." */
static void test_rule_2_wins_on_different_selected_lines_are_all_added(void)
{
    const int64_t coin = 5, coins = 3;
    Machine *m = new_machine(coin, coins, 25, -1);
    play_screen(m, THREE_LINES);
    CHECK_EQ_INT(count_type(m, EVENT_WIN), 3);
    const EventWin *l1 = line_win(m, 0, 1), *l2 = line_win(m, 0, 2), *l3 = line_win(m, 0, 3);
    CHECK(l1 && l2 && l3);
    if (l1 && l2 && l3) {
        CHECK_EQ_INT(l1->amount, pay(PALETTE, 3) * coins * coin);
        CHECK_EQ_INT(l2->amount, pay(SYM_A, 3) * coins * coin);
        CHECK_EQ_INT(l3->amount, pay(QUILL, 4) * coins * coin);
        CHECK_EQ_INT(l3->cells, line_cells(2, 4));
    }
    const Money want = (pay(PALETTE, 3) + pay(SYM_A, 3) + pay(QUILL, 4)) * coins * coin;
    CHECK_EQ_INT(round_total(m), want);
    CHECK_EQ_INT(machine_summary(m)->total_win, want);
    machine_destroy(m);
}

/* "Wins on different selected lines are all added.": only the selected (active) lines,
 * lines 1..n, pay. */
static void test_rule_2_only_selected_lines_pay(void)
{
    const int64_t coin = 5, coins = 3;
    const int64_t value[3] = {pay(PALETTE, 3), pay(SYM_A, 3), pay(QUILL, 4)};
    for (int64_t lines = 1; lines <= 4; lines++) {
        Machine *m = new_machine(coin, coins, lines, -1);
        play_screen(m, THREE_LINES);
        Money want = 0;
        for (int l = 0; l < 3; l++) {
            const EventWin *w = line_win(m, 0, l + 1);
            CHECK((w != NULL) == (l < lines));
            if (l < lines)
                want += value[l] * coins * coin;
        }
        CHECK_EQ_INT(count_type(m, EVENT_WIN), lines < 3 ? lines : 3);
        CHECK_EQ_INT(round_total(m), want);
        machine_destroy(m);
    }
}

/* "Only the highest winning combination on each selected line is paid." */
static void test_rule_2_only_the_highest_combination_on_each_line_is_paid(void)
{
    const int64_t coin = 2, coins = 4;
    Machine *m = new_machine(coin, coins, 25, -1);

    /* WILD WILD WILD K Q on line 1: K runs 4 reels, every other symbol the wild stands for
     * runs 3; the highest of those pays, and only it. */
    play_screen(m, "A J TEN A J / WILD WILD WILD K Q / Q LUTE J Q LUTE");
    int64_t best = 0;
    int best_sym = -1, best_count = 0;
    for (int s = 0; s < def.nsymbols; s++) {
        if (s == WILD || s == SCATTER || s == JACKPOT)
            continue;
        int count = s == SYM_K ? 4 : 3;
        if (pay(s, count) > best)
            best = pay(s, count), best_sym = s, best_count = count;
    }
    CHECK_EQ_INT(best_sym, PALETTE); /* 3 PALETTE beat 4 K in this paytable */
    const EventWin *w = line_win(m, 0, 1);
    CHECK(w != NULL);
    if (w) {
        CHECK_EQ_INT(w->symbol, best_sym);
        CHECK_EQ_INT(w->count, best_count);
        CHECK_EQ_INT(w->wilds, 3);
        CHECK_EQ_INT(w->multiplier, 1);
        CHECK_EQ_INT(w->amount, best * coins * coin);
        CHECK_EQ_INT(w->cells, line_cells(0, best_count));
    }
    const EventWin *all[64];
    int n = wins_of(m, 0, all, 64), on_line_1 = 0;
    for (int i = 0; i < n; i++)
        on_line_1 += all[i]->line == 1;
    CHECK_EQ_INT(on_line_1, 1);

    /* WILD WILD WILD WILD K: 4 PALETTE against 5 K */
    play_screen(m, "A J TEN A J / WILD WILD WILD WILD K / Q LUTE J Q LUTE");
    w = line_win(m, 0, 1);
    CHECK(w != NULL);
    if (w) {
        const bool palette = pay(PALETTE, 4) >= pay(SYM_K, 5);
        CHECK_EQ_INT(w->symbol, palette ? PALETTE : SYM_K);
        CHECK_EQ_INT(w->count, palette ? 4 : 5);
        CHECK_EQ_INT(w->amount, (palette ? pay(PALETTE, 4) : pay(SYM_K, 5)) * coins * coin);
    }

    /* A A A A Q: 4 A, not 3 A as well */
    play_screen(m, "A J TEN A J / A A A A Q / Q LUTE J Q LUTE");
    w = line_win(m, 0, 1);
    CHECK(w != NULL);
    if (w) {
        CHECK_EQ_INT(w->count, 4);
        CHECK_EQ_INT(w->amount, pay(SYM_A, 4) * coins * coin);
    }
    machine_destroy(m);
}

/* "Winnings from Scatter and free spins are added to the total win." */
static void test_rule_2_scatter_and_free_spin_wins_are_added_to_the_total(void)
{
    const int64_t coin = 20, coins = 2, lines = 20;
    Machine *m = new_machine(coin, coins, lines, -1);
    const char *const screens[] = {
        /* base: PALETTE x3 on line 1 and three scatters */
        "SCATTER J TEN SCATTER J / PALETTE PALETTE PALETTE K TEN / Q LUTE J Q SCATTER",
        /* free spin 1: K x4 on line 1 */
        "A J TEN A J / K K K K TEN / Q LUTE J Q LUTE",
    };
    play_forced(m, screens, 2, DEAD, 1 + RULE_FREE_SPINS);
    const EventWin *base_line = line_win(m, 0, 1), *scat = scatter_win(m, 0);
    const EventWin *free_line = line_win(m, 1, 1);
    CHECK(base_line && scat && free_line);
    const Money base_amount = pay(PALETTE, 3) * coins * coin;
    const Money scatter_amount = pay(SCATTER, 3) * coins * lines * coin;
    const Money free_amount = pay(SYM_K, 4) * coins * coin;
    if (base_line && scat && free_line) {
        CHECK_EQ_INT(base_line->amount, base_amount);
        CHECK_EQ_INT(scat->amount, scatter_amount);
        CHECK_EQ_INT(free_line->amount, free_amount);
    }
    CHECK_EQ_INT(count_type(m, EVENT_WIN), 3);
    CHECK_EQ_INT(round_total(m), base_amount + scatter_amount + free_amount);
    CHECK_EQ_INT(machine_summary(m)->total_win, base_amount + scatter_amount + free_amount);
    machine_destroy(m);
}

/* Random screens at random bets, against the model: every sentence of section 2 (and the
 * wild, the multipliers, the awards, the progressive) at once, on screens no one chose. */
static void test_rule_2_random_screens_pay_as_the_rules_say(void)
{
    Rng rng;
    rng_seed(&rng, base_seed ^ 0x5eed);
    /* symbols weighted so that scatters and jewels come now and then, not every spin */
    int bag[64], nbag = 0;
    for (int s = 0; s < def.nsymbols; s++) {
        int w = s == SCATTER ? 3 : s == JEWEL ? 5 : s == WILD ? 4 : s == JACKPOT ? 5 : 6;
        for (int k = 0; k < w && nbag < 64; k++)
            bag[nbag++] = s;
    }
    const int total = 3000;
    for (int i = 0; i < total; i++) {
        Grid *g = &forced_buf[i].screen;
        forced_buf[i].forced = true;
        g->rows = def.rows;
        g->cols = def.cols;
        memset(g->cell, GRID_NO_SYMBOL, sizeof g->cell);
        for (int r = 0; r < def.rows; r++)
            for (int c = 0; c < def.cols; c++)
                g->cell[r][c] = (uint8_t)bag[rng_below(&rng, (uint32_t)nbag)];
        if (i % 40 == 0) { /* now and then 5 JACKPOT on some line */
            const uint32_t l = rng_below(&rng, (uint32_t)def.nlines);
            for (int c = 0; c < def.cols; c++)
                g->cell[def.lines[l][c]][c] = (uint8_t)JACKPOT;
        }
    }
    Machine *m = new_machine(10, 1, 25, -1);
    machine_force(m, forced_buf, total);
    int rounds = 0, free_rounds = 0, jewel_rounds = 0, jackpots = 0;
    while (machine_forced_left(m) > 0 && rounds < total) {
        const BetOption *oc = &def.bet[BI_COIN];
        int64_t coin = oc->values[rng_below(&rng, (uint32_t)oc->nvalues)];
        int64_t coins = 1 + rng_below(&rng, RULE_MAX_COINS);
        int64_t lines = 1 + rng_below(&rng, RULE_MAX_LINES);
        if (rounds % 3 == 0)
            coins = RULE_MAX_COINS, lines = RULE_MAX_LINES; /* the progressive is in play */
        Bet b = make_bet(coin, coins, lines);
        Error err = {{0}};
        CHECK_EQ_INT(machine_set_bet(m, &b, &err), 0);
        play(m, base_seed + (uint64_t)rounds);
        const RoundSummary *sum = machine_summary(m);
        free_rounds += sum->spins[SPIN_FREE] > 0;
        jewel_rounds += sum->spins[ML_SPIN_JEWEL] > 0;
        jackpots += (int)sum->jackpots;
        rounds++;
    }
    machine_force(m, NULL, 0);
    CHECK(rounds > 100);
    CHECK(free_rounds >= 10);
    CHECK(jewel_rounds >= 10);
    CHECK(jackpots >= 3);
    machine_destroy(m);
}

/* ---- 2.1 / 2.2 ------------------------------------------------------------------------------ */

/* "Note: The current bet amount, in your currency, is displayed in the BET box.": the bet is
 * coin value x coins per line x lines. */
static void test_rule_2_1_bet_is_coin_value_times_coins_times_lines(void)
{
    Machine *m = new_machine(10, 1, 25, -1);
    const GameRules *rules = machine_rules(m);
    const int64_t cases[][3] = {{1, 1, 1}, {10, 1, 25}, {5, 3, 7}, {200, 10, 25}, {2, 10, 1}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const int64_t coin = cases[i][0], coins = cases[i][1], lines = cases[i][2];
        Bet b = make_bet(coin, coins, lines);
        CHECK_EQ_INT(rules->bet_total(&def, &b), coin * coins * lines);
        Error err = {{0}};
        CHECK_EQ_INT(machine_set_bet(m, &b, &err), 0);
        play_screen(m, DEAD);
        int n;
        const Event *ev = events_of(m, &n);
        CHECK_EQ_INT(ev[0].round_start.bet, coin * coins * lines);
        CHECK_EQ_INT(machine_summary(m)->bet, coin * coins * lines);
    }
    machine_destroy(m);
}

/* "You can click the BET MAX button to place the maximum bet (all lines active and maximum
 * number of coins per line) for the currently selected coin value" */
static void test_rule_2_1_bet_max_is_all_lines_and_max_coins_at_the_coin_value(void)
{
    Machine *m = new_machine(10, 1, 25, -1);
    const GameRules *rules = machine_rules(m);
    const BetOption *oc = &def.bet[BI_COIN];
    for (int i = 0; i < oc->nvalues; i++) {
        Bet b = make_bet(oc->values[i], 2, 5);
        CHECK(!rules->bet_is_max(&def, &b));
        rules->bet_max(&def, &b);
        CHECK_EQ_INT(b.v[BI_COIN], oc->values[i]);
        CHECK_EQ_INT(b.v[BI_COINS], RULE_MAX_COINS);
        CHECK_EQ_INT(b.v[BI_LINES], RULE_MAX_LINES);
        CHECK(rules->bet_is_max(&def, &b));
        CHECK_EQ_INT(rules->bet_total(&def, &b), oc->values[i] * RULE_MAX_COINS * RULE_MAX_LINES);
        Error err = {{0}};
        CHECK_EQ_INT(machine_set_bet(m, &b, &err), 0);
    }
    Bet b = make_bet(10, RULE_MAX_COINS, RULE_MAX_LINES - 1);
    CHECK(!rules->bet_is_max(&def, &b));
    b = make_bet(10, RULE_MAX_COINS - 1, RULE_MAX_LINES);
    CHECK(!rules->bet_is_max(&def, &b));
    machine_destroy(m);
}

/* "For each winning combination, the amount won is the amount shown in the paytable for that
 * winning combination multiplied by the coin value and multiplied by the number of coins bet
 * per line." */
static void test_rule_2_1_win_is_paytable_times_coin_value_times_coins(void)
{
    const BetOption *oc = &def.bet[BI_COIN];
    for (int i = 0; i < oc->nvalues; i++) {
        for (int64_t coins = 1; coins <= RULE_MAX_COINS; coins += 3) {
            const int64_t coin = oc->values[i];
            Machine *m = new_machine(coin, coins, 25, -1);
            play_screen(m, "A J TEN A J / QUILL QUILL QUILL QUILL QUILL / Q LUTE J Q LUTE");
            const EventWin *w = line_win(m, 0, 1);
            CHECK(w != NULL);
            if (w) {
                CHECK_EQ_INT(w->amount, pay(QUILL, 5) * coin * coins);
                CHECK_EQ_INT(w->multiplier, 1);
            }
            machine_destroy(m);
        }
    }
}

/* "The total amount won, in coins, is shown in the Win popup. [...] The total amount won, in
 * your currency, [...] is the total amount you won in coins multiplied by the coin value." */
static void test_rule_2_2_win_in_currency_is_coins_times_coin_value(void)
{
    const int64_t coin = 50, coins = 7, lines = 25;
    Machine *m = new_machine(coin, coins, lines, -1);
    const char *const screens[] = {
        "SCATTER J TEN SCATTER J / PALETTE PALETTE PALETTE K TEN / Q LUTE J Q SCATTER",
        "A J TEN A J / K WILD K K TEN / Q LUTE J Q LUTE",
    };
    play_forced(m, screens, 2, DEAD, 1 + RULE_FREE_SPINS);
    int n;
    const Event *ev = events_of(m, &n);
    Money sum = 0;
    int64_t sum_coins = 0;
    for (int i = 0; i < n; i++) {
        if (ev[i].type != EVENT_WIN)
            continue;
        CHECK_EQ_INT(ev[i].win.coins * coin, ev[i].win.amount);
        sum += ev[i].win.amount;
        sum_coins += ev[i].win.coins;
    }
    CHECK_EQ_INT(count_type(m, EVENT_WIN), 3);
    CHECK_EQ_INT(sum_coins * coin, round_total(m));
    CHECK_EQ_INT(sum, round_total(m));
    /* in coins: paytable x coins per line (x the multiplier); the scatter x lines too */
    const EventWin *w = line_win(m, 1, 1);
    CHECK(w != NULL);
    if (w)
        CHECK_EQ_INT(w->coins, pay(SYM_K, 4) * coins * 2);
    machine_destroy(m);
}

/* The same sentence for the progressive: the jackpot in coins times the coin value is the
 * jackpot in currency. The pool grows by fractions of a coin (0.5% of each bet), so this
 * holds only if the jackpot is paid in whole coins or reported with its fraction. */
static void test_rule_2_2_jackpot_win_in_currency_is_coins_times_coin_value(void)
{
    const int64_t coin = 200;
    Machine *m = new_machine(coin, RULE_MAX_COINS, RULE_MAX_LINES, SEED_UNITS + 1234567);
    play_screen(m, "A J TEN A J / JACKPOT JACKPOT JACKPOT JACKPOT JACKPOT / Q LUTE J Q LUTE");
    const EventWin *w = line_win(m, 0, 1);
    CHECK(w != NULL && w->kind == WIN_JACKPOT);
    if (w) {
        CHECK_EQ_INT(w->coins * coin, w->amount);
        CHECK_EQ_INT(w->coins * coin, round_total(m));
    }
    machine_destroy(m);
}

/* ---- 3.1 Wild ------------------------------------------------------------------------------- */

/* "The Wild symbol substitutes for all symbols except Scatter and Jackpot symbols" - every
 * other symbol, the jewel included, on reel 2 and on reel 1. */
static void test_rule_3_1_wild_substitutes_for_every_regular_symbol_and_the_jewel(void)
{
    const int64_t coin = 10, coins = 3;
    Machine *m = new_machine(coin, coins, 25, -1);
    int tested = 0;
    for (int s = 0; s < def.nsymbols; s++) {
        if (s == WILD || s == SCATTER || s == JACKPOT)
            continue;
        CHECK(def.symbols[s].role == ROLE_REGULAR || def.symbols[s].role == ML_ROLE_JEWEL);
        const char *id = def.symbols[s].id;
        char text[160];
        for (int wild_reel = 0; wild_reel < 2; wild_reel++) {
            /* line 1: S WILD S JACKPOT TEN (or WILD S S ...): S x3, one wild */
            snprintf(text, sizeof text, "A J TEN A J / %s %s %s JACKPOT TEN / Q LUTE J Q LUTE",
                     wild_reel == 0 ? "WILD" : id, wild_reel == 1 ? "WILD" : id, id);
            play_screen(m, text);
            const EventWin *w = line_win(m, 0, 1);
            CHECK(w != NULL);
            if (!w)
                continue;
            CHECK_EQ_INT(w->kind, WIN_LINE);
            CHECK_EQ_INT(w->symbol, s);
            CHECK_EQ_INT(w->count, 3);
            CHECK_EQ_INT(w->wilds, 1);
            CHECK_EQ_INT(w->multiplier, 1);
            CHECK_EQ_INT(w->cells, line_cells(0, 3));
            CHECK_EQ_INT(w->amount, pay(s, 3) * coins * coin);
            /* a single jewel on reel 1 awards nothing */
            CHECK_EQ_INT(count_type(m, EVENT_FEATURE_AWARD), 0);
            tested++;
        }
    }
    CHECK_EQ_INT(tested, 2 * (def.nsymbols - 3));
    machine_destroy(m);
}

/* "The Wild symbol substitutes for all symbols except Scatter [...]": a wild neither counts
 * as a scatter nor completes a scatter line. */
static void test_rule_3_1_wild_does_not_substitute_for_scatter(void)
{
    const int64_t coin = 10, coins = 1, lines = 25;
    Machine *m = new_machine(coin, coins, lines, -1);
    /* two scatters and a wild: no scatter win, no free spins */
    play_screen(m, "SCATTER J TEN A J / K WILD LUTE K TEN / Q LUTE J Q SCATTER");
    CHECK(scatter_win(m, 0) == NULL);
    CHECK_EQ_INT(count_type(m, EVENT_FEATURE_AWARD), 0);
    CHECK_EQ_INT(count_screens(m), 1);
    /* two scatters and three wilds */
    play_screen(m, "SCATTER WILD TEN A J / K TEN LUTE WILD TEN / Q LUTE J WILD SCATTER");
    CHECK(scatter_win(m, 0) == NULL);
    CHECK_EQ_INT(count_type(m, EVENT_FEATURE_AWARD), 0);
    /* SCATTER WILD SCATTER along line 2: no line win either */
    play_screen(m, "SCATTER WILD SCATTER A J / K TEN LUTE K TEN / Q LUTE J Q LUTE");
    CHECK(line_win(m, 0, 2) == NULL);
    CHECK_EQ_INT(count_type(m, EVENT_WIN), 0);
    CHECK_EQ_INT(count_type(m, EVENT_FEATURE_AWARD), 0);
    /* with a third real scatter: the scatter pays 3, the wild not among its cells */
    force(m, (const char *const[]){"SCATTER J TEN A J / K WILD SCATTER K TEN / Q LUTE J Q SCATTER"},
          1, DEAD, 1 + RULE_FREE_SPINS);
    play(m, base_seed);
    machine_force(m, NULL, 0);
    const EventWin *w = scatter_win(m, 0);
    CHECK(w != NULL);
    if (w) {
        CHECK_EQ_INT(w->count, 3);
        CHECK_EQ_INT(w->cells, grid_bit(0, 0) | grid_bit(1, 2) | grid_bit(2, 4));
        CHECK_EQ_INT(w->amount, pay(SCATTER, 3) * coins * lines * coin);
    }
    machine_destroy(m);
}

/* "The Wild symbol substitutes for all symbols except [...] Jackpot symbols": a wild does not
 * complete a jackpot combination, nor the progressive. */
static void test_rule_3_1_wild_does_not_substitute_for_jackpot(void)
{
    const int64_t coin = 10;
    Machine *m = new_machine(coin, RULE_MAX_COINS, RULE_MAX_LINES, -1);
    const int64_t pool = machine_pool_get(m);
    /* JACKPOT x4 + WILD at max bet: 4 JACKPOT from the paytable, not the progressive */
    play_screen(m, "A J TEN A J / JACKPOT JACKPOT JACKPOT JACKPOT WILD / Q LUTE J Q LUTE");
    const EventWin *w = line_win(m, 0, 1);
    CHECK(w != NULL);
    if (w) {
        CHECK_EQ_INT(w->kind, WIN_LINE);
        CHECK_EQ_INT(w->symbol, JACKPOT);
        CHECK_EQ_INT(w->count, 4);
        CHECK_EQ_INT(w->wilds, 0);
        CHECK_EQ_INT(w->amount, pay(JACKPOT, 4) * RULE_MAX_COINS * coin);
    }
    CHECK_EQ_INT(machine_summary(m)->jackpots, 0);
    CHECK(machine_pool_get(m) > pool); /* not won, still growing */
    /* WILD + JACKPOT x4, and JACKPOT WILD JACKPOT x3: nothing on line 1 */
    play_screen(m, "A J TEN A J / WILD JACKPOT JACKPOT JACKPOT JACKPOT / Q LUTE J Q LUTE");
    CHECK(line_win(m, 0, 1) == NULL);
    play_screen(m, "A J TEN A J / JACKPOT WILD JACKPOT JACKPOT JACKPOT / Q LUTE J Q LUTE");
    CHECK(line_win(m, 0, 1) == NULL);
    CHECK_EQ_INT(count_type(m, EVENT_WIN), 0);
    CHECK_EQ_INT(machine_summary(m)->jackpots, 0);
    machine_destroy(m);
}

/* "[...] it will not award free spins if it substitutes for a Jewel symbol." */
static void test_rule_3_1_wild_standing_for_a_jewel_does_not_award_free_spins(void)
{
    Machine *m = new_machine(10, 1, 25, -1);
    static const char *const screens[] = {
        /* JEWEL + WILD on reel 1 */
        "JEWEL J TEN A J / WILD TEN LUTE K TEN / Q LUTE J Q LUTE",
        "WILD J TEN A J / K TEN LUTE K TEN / JEWEL LUTE J Q LUTE",
        /* JEWEL + 2 WILD on reel 1 */
        "WILD J TEN A J / JEWEL TEN LUTE K TEN / WILD LUTE J Q LUTE",
        /* the wild pays as a jewel on line 1 (JEWEL x3), still no award */
        "A J TEN A J / JEWEL WILD JEWEL K TEN / Q LUTE J Q LUTE",
        "A J TEN A J / WILD JEWEL JEWEL K TEN / JEWEL LUTE J Q LUTE",
    };
    for (size_t i = 0; i < sizeof screens / sizeof screens[0]; i++) {
        play_screen(m, screens[i]);
        CHECK_EQ_INT(count_type(m, EVENT_FEATURE_AWARD), 0);
        CHECK_EQ_INT(count_screens(m), 1);
        CHECK_EQ_INT(machine_summary(m)->triggers[ML_FEATURE_JEWEL_SPINS], 0);
    }
    /* the last two paid JEWEL x3 */
    const EventWin *w = line_win(m, 0, 1);
    CHECK(w != NULL && w->symbol == JEWEL && w->count == 3 && w->wilds == 1);
    machine_destroy(m);
}

/* ---- 3.2 Jewel free spins ------------------------------------------------------------------ */

/* "Two or three Jewel symbols on the first reel (not replaced by wild) will trigger 2 Jewel
 * free spins" */
static void test_rule_3_2_two_or_three_jewels_on_reel_1_trigger_2_jewel_spins(void)
{
    Machine *m = new_machine(10, 1, 25, -1);
    const Grid dead = scr(DEAD);
    for (int rows = 1; rows < 8; rows++) { /* every non-empty set of reel-1 rows */
        Grid g = dead;
        int jewels = 0;
        for (int r = 0; r < 3; r++)
            if (rows >> r & 1) {
                g.cell[r][0] = (uint8_t)JEWEL;
                jewels++;
            }
        const bool award = jewels >= 2;
        forced_buf[0] = (ForcedSpin){.forced = true, .screen = g};
        for (int i = 1; i <= RULE_JEWEL_SPINS; i++)
            forced_buf[i] = (ForcedSpin){.forced = true, .screen = scr(DEAD_K)};
        machine_force(m, forced_buf, award ? 1 + RULE_JEWEL_SPINS : 1);
        play(m, base_seed);
        CHECK_EQ_INT(machine_forced_left(m), 0);
        machine_force(m, NULL, 0);
        const EventFeatureAward *a[4];
        CHECK_EQ_INT(awards_of(m, 0, a, 4), award ? 1 : 0);
        if (award) {
            CHECK_EQ_INT(a[0]->feature, ML_FEATURE_JEWEL_SPINS);
            CHECK_EQ_INT(a[0]->spins, RULE_JEWEL_SPINS);
            CHECK_EQ_INT(a[0]->retrigger, 0);
            const EventScreen *s[8];
            CHECK_EQ_INT(screens_of(m, s, 8), 1 + RULE_JEWEL_SPINS);
            CHECK_EQ_INT(s[1]->spin, ML_SPIN_JEWEL);
            CHECK_EQ_INT(s[2]->spin, ML_SPIN_JEWEL);
        } else {
            CHECK_EQ_INT(count_screens(m), 1);
        }
    }
    /* jewels on another reel do not count */
    play_screen(m, "A JEWEL TEN A J / K JEWEL LUTE K TEN / Q JEWEL J Q LUTE");
    CHECK_EQ_INT(count_type(m, EVENT_FEATURE_AWARD), 0);
    play_screen(m, "A J TEN JEWEL JEWEL / K TEN LUTE JEWEL TEN / Q LUTE J JEWEL JEWEL");
    CHECK_EQ_INT(count_type(m, EVENT_FEATURE_AWARD), 0);
    machine_destroy(m);
}

/* "[...] 2 Jewel free spins, where the first reel will be "locked" [...] That means the first
 * reel will not spin" */
static void test_rule_3_2_first_reel_is_locked_in_jewel_spins(void)
{
    Machine *m = new_machine(10, 1, 25, -1);
    const char *const screens[] = {JEW2, DEAD_K, "Q J TEN A J / A TEN LUTE K TEN / PALETTE LUTE J Q LUTE"};
    play_forced(m, screens, 3, DEAD, 1 + RULE_JEWEL_SPINS);
    const EventScreen *s[3];
    CHECK_EQ_INT(screens_of(m, s, 3), 3);
    const Grid base = scr(JEW2);
    for (int k = 1; k <= 2; k++) {
        CHECK_EQ_INT(s[k]->spin, ML_SPIN_JEWEL);
        CHECK_EQ_INT(s[k]->held & reel_1_cells(), reel_1_cells());
        for (int r = 0; r < 3; r++)
            CHECK_EQ_INT(s[k]->screen.cell[r][0], base.cell[r][0]);
    }
    /* the other reels spun: they show what was forced */
    CHECK_EQ_INT(s[1]->screen.cell[1][1], sym("TEN"));
    CHECK_EQ_INT(s[2]->screen.cell[2][4], sym("LUTE"));
    machine_destroy(m);
}

/* "[...] and all the Jewel symbols and wilds on the other reels. That means [...] all other
 * Jewel symbols and wilds will stay on their place for the next 2 spins" */
static void test_rule_3_2_jewels_and_wilds_on_other_reels_stay(void)
{
    Machine *m = new_machine(10, 1, 25, -1);
    const char *const base = "JEWEL J JEWEL A J / JEWEL TEN LUTE K TEN / Q LUTE J Q WILD";
    const char *const screens[] = {base};
    play_forced(m, screens, 1, DEAD_K, 1 + RULE_JEWEL_SPINS);
    const EventScreen *s[3];
    CHECK_EQ_INT(screens_of(m, s, 3), 3);
    const CellMask held = reel_1_cells() | grid_bit(0, 2) | grid_bit(2, 4);
    for (int k = 1; k <= 2; k++) {
        CHECK_EQ_INT(s[k]->spin, ML_SPIN_JEWEL);
        CHECK_EQ_INT(s[k]->held, held);
        CHECK_EQ_INT(s[k]->screen.cell[0][2], JEWEL);
        CHECK_EQ_INT(s[k]->screen.cell[2][4], WILD);
        /* the rest spun */
        CHECK_EQ_INT(s[k]->screen.cell[0][1], sym("J"));
        CHECK_EQ_INT(s[k]->screen.cell[1][4], sym("TEN"));
    }
    machine_destroy(m);
}

/* "[...] and so will the extra Jewel symbols and wilds that may show up in the first free
 * spin." */
static void test_rule_3_2_extra_jewels_and_wilds_of_the_first_jewel_spin_stay(void)
{
    Machine *m = new_machine(10, 1, 25, -1);
    const char *const screens[] = {
        JEW2,
        /* jewel spin 1: a new wild (row 0, reel 2), a new jewel (row 1, reel 4), a PALETTE */
        "K WILD TEN A J / K TEN LUTE JEWEL TEN / K LUTE J Q PALETTE",
        DEAD_K,
    };
    play_forced(m, screens, 3, DEAD, 1 + RULE_JEWEL_SPINS);
    const EventScreen *s[3];
    CHECK_EQ_INT(screens_of(m, s, 3), 3);
    CHECK_EQ_INT(s[1]->held, reel_1_cells());
    CHECK_EQ_INT(s[2]->held, reel_1_cells() | grid_bit(0, 1) | grid_bit(1, 3));
    CHECK_EQ_INT(s[2]->screen.cell[0][1], WILD);
    CHECK_EQ_INT(s[2]->screen.cell[1][3], JEWEL);
    /* other symbols do not stay */
    CHECK_EQ_INT(s[1]->screen.cell[2][4], PALETTE);
    CHECK_EQ_INT(s[2]->screen.cell[2][4], sym("LUTE"));
    machine_destroy(m);
}

/* "During the 2 Jewel free spins, the wilds will not multiply winning lines (as they do in
 * normal free spins)." */
static void test_rule_3_2_wilds_do_not_multiply_in_jewel_spins(void)
{
    const int64_t coin = 10, coins = 2;
    Machine *m = new_machine(coin, coins, 25, -1);
    const char *const screens[] = {
        JEW2, /* reel 1: JEWEL JEWEL Q */
        /* line 3: Q WILD WILD Q LUTE -> Q x4 with 2 wilds; lines 7 and 20 JEWEL x3 */
        "K J TEN A J / K TEN LUTE K TEN / K WILD WILD Q LUTE",
    };
    play_forced(m, screens, 2, DEAD, 1 + RULE_JEWEL_SPINS);
    for (int spin = 1; spin <= 2; spin++) { /* the wilds stay: the same wins twice */
        const EventWin *w = line_win(m, spin, 3);
        CHECK(w != NULL);
        if (w) {
            CHECK_EQ_INT(w->spin, ML_SPIN_JEWEL);
            CHECK_EQ_INT(w->symbol, SYM_Q);
            CHECK_EQ_INT(w->count, 4);
            CHECK_EQ_INT(w->wilds, 2);
            CHECK_EQ_INT(w->multiplier, 1);
            CHECK_EQ_INT(w->amount, pay(SYM_Q, 4) * coins * coin);
        }
        const EventWin *all[32];
        int n = wins_of(m, spin, all, 32), with_wilds = 0;
        for (int i = 0; i < n; i++) {
            CHECK_EQ_INT(all[i]->multiplier, 1);
            with_wilds += all[i]->wilds > 0;
        }
        CHECK(with_wilds >= 3);
    }
    machine_destroy(m);
}

/* "In addition, during the Jewel free spins, the 2 Jewel symbols on the first reel will not
 * trigger more Jewel free spins." */
static void test_rule_3_2_reel_1_jewels_do_not_retrigger_in_jewel_spins(void)
{
    Machine *m = new_machine(10, 1, 25, -1);
    /* three jewels on reel 1, and the jewel spins would show jewels there too */
    const char *const screens[] = {"JEWEL J TEN A J / JEWEL TEN LUTE K TEN / JEWEL LUTE J Q LUTE"};
    play_forced(m, screens, 1, "JEWEL J TEN A J / JEWEL TEN LUTE K TEN / JEWEL LUTE J Q LUTE",
                1 + RULE_JEWEL_SPINS);
    CHECK_EQ_INT(count_type(m, EVENT_FEATURE_AWARD), 1);
    CHECK_EQ_INT(count_screens(m), 1 + RULE_JEWEL_SPINS);
    const EventScreen *s[3];
    screens_of(m, s, 3);
    CHECK_EQ_INT(jewels_on_reel_1(&s[1]->screen), 3);
    CHECK_EQ_INT(s[1]->extra_left, 1);
    CHECK_EQ_INT(s[2]->extra_left, 0);
    CHECK_EQ_INT(machine_summary(m)->triggers[ML_FEATURE_JEWEL_SPINS], 1);
    machine_destroy(m);
}

/* "The Jewel free spins can be triggered during a round of normal free spins: in this case,
 * the 2 Jewel free spins will follow immediately (the wilds and Jewel symbols must freeze at
 * this point), and only after that the normal free spins will continue." */
static void test_rule_3_2_jewel_spins_in_free_spins_follow_immediately_and_freeze(void)
{
    Machine *m = new_machine(10, 1, 25, -1);
    const char *const trigger = "JEWEL J TEN WILD J / K TEN LUTE K TEN / JEWEL LUTE JEWEL Q LUTE";
    const char *const screens[] = {
        SCAT3, DEAD, trigger,
        /* the jewel spins: reel 1 would show A A A, and nothing sticky lands */
        "A J TEN A J / A TEN LUTE K TEN / A LUTE J Q LUTE",
        "A J TEN A J / A TEN LUTE K TEN / A LUTE J Q LUTE",
    };
    const int total = 1 + RULE_FREE_SPINS + RULE_JEWEL_SPINS;
    play_forced(m, screens, 5, DEAD, total);
    const EventScreen *s[16];
    CHECK_EQ_INT(screens_of(m, s, 16), total);
    /* base, free 1, free 2 (trigger), jewel, jewel, then free 3..10 */
    static const SpinKind kinds[] = {SPIN_BASE, SPIN_FREE, SPIN_FREE, ML_SPIN_JEWEL, ML_SPIN_JEWEL};
    static const int free_left[] = {10, 9, 8, 8, 8}, extra_left[] = {0, 0, 2, 1, 0};
    for (int i = 0; i < total; i++) {
        CHECK_EQ_INT(s[i]->spin, i < 5 ? kinds[i] : SPIN_FREE);
        CHECK_EQ_INT(s[i]->free_left, i < 5 ? free_left[i] : 12 - i);
        CHECK_EQ_INT(s[i]->extra_left, i < 5 ? extra_left[i] : 0);
    }
    /* frozen as the triggering free spin left them */
    const Grid t = scr(trigger);
    const CellMask held = reel_1_cells() | grid_bit(0, 3) | grid_bit(2, 2);
    for (int i = 3; i <= 4; i++) {
        CHECK_EQ_INT(s[i]->held, held);
        for (int r = 0; r < 3; r++)
            for (int c = 0; c < 5; c++)
                if (held & grid_bit(r, c))
                    CHECK_EQ_INT(s[i]->screen.cell[r][c], t.cell[r][c]);
    }
    /* the normal free spins after them hold nothing */
    const Grid dead = scr(DEAD);
    CHECK_EQ_INT(s[5]->held, 0);
    CHECK(memcmp(s[5]->screen.cell, dead.cell, sizeof dead.cell) == 0);
    const EventFeatureAward *a[4];
    CHECK_EQ_INT(awards_of(m, 2, a, 4), 1);
    CHECK(a[0]->feature == ML_FEATURE_JEWEL_SPINS && a[0]->retrigger == 1);
    machine_destroy(m);
}

/* ---- 3.3 Scatter ---------------------------------------------------------------------------- */

/* "Three or more scatter symbols appearing anywhere on the screen trigger 10 additional
 * normal free spins" */
static void test_rule_3_3_three_or_more_scatters_anywhere_trigger_10_free_spins(void)
{
    const int64_t coin = 10, coins = 2, lines = 9;
    Machine *m = new_machine(coin, coins, lines, -1);
    /* scatter cells as {row, reel} pairs, -1 ends */
    static const int cases[][6][2] = {
        {{0, 0}, {2, 4}, {-1, 0}},                        /* 2: nothing */
        {{1, 2}, {1, 3}, {-1, 0}},                        /* 2: nothing */
        {{0, 1}, {2, 3}, {0, 4}, {-1, 0}},                /* rows 0/2, reels 2, 4, 5 */
        {{2, 0}, {0, 2}, {2, 4}, {-1, 0}},                /* reel 1 too */
        {{0, 2}, {2, 2}, {1, 4}, {-1, 0}},                /* two on one reel */
        {{0, 0}, {2, 1}, {0, 3}, {2, 4}, {-1, 0}},        /* 4 */
        {{0, 0}, {2, 1}, {0, 2}, {2, 3}, {0, 4}, {-1, 0}}, /* 5 */
    };
    const Grid dead = scr(DEAD);
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        Grid g = dead;
        CellMask cells = 0;
        int n = 0;
        for (; cases[k][n][0] >= 0; n++) {
            g.cell[cases[k][n][0]][cases[k][n][1]] = (uint8_t)SCATTER;
            cells |= grid_bit(cases[k][n][0], cases[k][n][1]);
        }
        const bool award = n >= RULE_SCATTER_MIN;
        forced_buf[0] = (ForcedSpin){.forced = true, .screen = g};
        for (int i = 1; i <= RULE_FREE_SPINS; i++)
            forced_buf[i] = (ForcedSpin){.forced = true, .screen = dead};
        const int total = award ? 1 + RULE_FREE_SPINS : 1;
        machine_force(m, forced_buf, total);
        CHECK_EQ_INT(play(m, base_seed), total);
        CHECK_EQ_INT(machine_forced_left(m), 0);
        machine_force(m, NULL, 0);
        const EventFeatureAward *a[4];
        CHECK_EQ_INT(awards_of(m, 0, a, 4), award ? 1 : 0);
        const EventWin *w = scatter_win(m, 0);
        if (award) {
            CHECK_EQ_INT(a[0]->feature, FEATURE_FREE_SPINS);
            CHECK_EQ_INT(a[0]->spins, RULE_FREE_SPINS);
            CHECK(w != NULL);
            if (w) {
                CHECK_EQ_INT(w->count, n);
                CHECK_EQ_INT(w->cells, cells);
                CHECK_EQ_INT(w->amount, pay(SCATTER, n) * coins * lines * coin);
            }
        } else {
            CHECK(w == NULL);
        }
    }
    machine_destroy(m);
}

/* "Winnings from Scatter [...]": the scatter pays the paytable times the total bet, that is
 * times the coins per line, the lines and the coin value. */
static void test_rule_3_3_scatter_win_is_paytable_times_total_bet(void)
{
    const int64_t cases[][3] = {{1, 1, 1}, {10, 3, 25}, {200, 10, 25}, {5, 7, 13}};
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        const int64_t coin = cases[k][0], coins = cases[k][1], lines = cases[k][2];
        Machine *m = new_machine(coin, coins, lines, -1);
        play_forced(m, (const char *const[]){SCAT3}, 1, DEAD, 1 + RULE_FREE_SPINS);
        const EventWin *w = scatter_win(m, 0);
        CHECK(w != NULL);
        if (w) {
            CHECK_EQ_INT(w->amount, pay(SCATTER, 3) * coins * lines * coin);
            CHECK_EQ_INT(w->amount, pay(SCATTER, 3) * machine_rules(m)->bet_total(&def, machine_bet(m)));
        }
        machine_destroy(m);
    }
}

/* "[...] 10 additional normal free spins where: 1 wild symbol in a winning line pays 2 times
 * that winning line; 2 wild symbols in a winning line pay 4 times that winning line; 3 or more
 * wild symbols in a winning line pay 8 times that winning line" */
static void test_rule_3_3_wild_multipliers_in_free_spins(void)
{
    const int64_t coin = 10, coins = 3;
    Machine *m = new_machine(coin, coins, 25, -1);
    const char *const screens[] = {
        SCAT3,
        "A J TEN A J / PALETTE PALETTE PALETTE K TEN / Q LUTE J Q LUTE",   /* 0 wilds */
        "A J TEN A J / PALETTE WILD PALETTE K TEN / Q LUTE J Q LUTE",      /* 1 */
        "A J TEN A J / PALETTE WILD WILD K TEN / Q LUTE J Q LUTE",         /* 2 */
        "A J TEN A J / PALETTE WILD WILD WILD TEN / Q LUTE J Q LUTE",      /* 3 */
        "A J TEN A J / PALETTE WILD WILD WILD WILD / Q LUTE J Q LUTE",     /* 4 */
        "A J TEN A J / WILD WILD WILD WILD WILD / Q LUTE J Q LUTE",        /* 5 */
    };
    play_forced(m, screens, 7, DEAD, 1 + RULE_FREE_SPINS);
    static const int count[] = {3, 3, 3, 4, 5, 5}, mult[] = {1, 2, 4, 8, 8, 8};
    for (int wilds = 0; wilds <= 5; wilds++) {
        const EventWin *w = line_win(m, 1 + wilds, 1);
        CHECK(w != NULL);
        if (!w)
            continue;
        CHECK_EQ_INT(w->spin, SPIN_FREE);
        CHECK_EQ_INT(w->symbol, PALETTE);
        CHECK_EQ_INT(w->count, count[wilds]);
        CHECK_EQ_INT(w->wilds, wilds);
        CHECK_EQ_INT(w->multiplier, mult[wilds]);
        CHECK_EQ_INT(w->multiplier, rule_wild_mult(wilds));
        CHECK_EQ_INT(w->coins, pay(PALETTE, count[wilds]) * mult[wilds] * coins);
        CHECK_EQ_INT(w->amount, pay(PALETTE, count[wilds]) * mult[wilds] * coins * coin);
    }
    machine_destroy(m);
}

/* "[...] normal free spins where [...] 1 wild symbol in a winning line pays 2 times that
 * winning line [...]": in the base game, wilds do not multiply. */
static void test_rule_3_3_wild_multipliers_do_not_apply_in_the_base_game(void)
{
    const int64_t coin = 10, coins = 3;
    Machine *m = new_machine(coin, coins, 25, -1);
    static const char *const screens[] = {
        "A J TEN A J / PALETTE WILD PALETTE K TEN / Q LUTE J Q LUTE",
        "A J TEN A J / PALETTE WILD WILD K TEN / Q LUTE J Q LUTE",
        "A J TEN A J / PALETTE WILD WILD WILD WILD / Q LUTE J Q LUTE",
    };
    static const int count[] = {3, 3, 5};
    for (int k = 0; k < 3; k++) {
        play_screen(m, screens[k]);
        const EventWin *w = line_win(m, 0, 1);
        CHECK(w != NULL);
        if (!w)
            continue;
        CHECK_EQ_INT(w->wilds, k == 2 ? 4 : k + 1);
        CHECK_EQ_INT(w->multiplier, 1);
        CHECK_EQ_INT(w->amount, pay(PALETTE, count[k]) * coins * coin);
    }
    machine_destroy(m);
}

/* "This does not apply to Jewel free spins." - in one round of normal free spins, the same
 * winning line with a wild pays x2 in the normal free spins and x1 in the jewel spins. */
static void test_rule_3_3_wild_multipliers_do_not_apply_in_jewel_spins(void)
{
    const int64_t coin = 10, coins = 1;
    Machine *m = new_machine(coin, coins, 25, -1);
    const char *const screens[] = {
        SCAT3,
        /* free 1: jewels on reel 1, and line 3 Q WILD Q -> Q x3 with one wild */
        "JEWEL J TEN A J / JEWEL TEN LUTE K TEN / Q WILD Q LUTE J",
        /* jewel 1 and 2: reel 1 and the wild stay; line 3 again Q WILD Q */
        "K J TEN A J / K TEN LUTE K TEN / K LUTE Q LUTE J",
        "K J TEN A J / K TEN LUTE K TEN / K LUTE Q LUTE J",
        /* free 2: the same line, no jewels */
        "A J TEN A J / K TEN LUTE K TEN / Q WILD Q LUTE J",
    };
    play_forced(m, screens, 5, DEAD, 1 + RULE_FREE_SPINS + RULE_JEWEL_SPINS);
    static const SpinKind kind[] = {SPIN_FREE, ML_SPIN_JEWEL, ML_SPIN_JEWEL, SPIN_FREE};
    for (int spin = 1; spin <= 4; spin++) {
        const EventWin *w = line_win(m, spin, 3);
        CHECK(w != NULL);
        if (!w)
            continue;
        const int mult = kind[spin - 1] == SPIN_FREE ? 2 : 1;
        CHECK_EQ_INT(w->spin, kind[spin - 1]);
        CHECK_EQ_INT(w->symbol, SYM_Q);
        CHECK_EQ_INT(w->count, 3);
        CHECK_EQ_INT(w->wilds, 1);
        CHECK_EQ_INT(w->multiplier, mult);
        CHECK_EQ_INT(w->amount, pay(SYM_Q, 3) * mult * coins * coin);
    }
    machine_destroy(m);
}

/* "Note: During the free spins, you are not allowed to change the coin value." */
static void test_rule_3_3_coin_value_cannot_change_during_free_spins(void)
{
    Machine *m = new_machine(10, 1, 25, -1);
    const Bet other = make_bet(20, 1, 25);
    Error err = {{0}};
    force(m, (const char *const[]){SCAT3}, 1, DEAD, 1 + RULE_FREE_SPINS);
    CHECK_EQ_INT(machine_command(m, &(Command){.type = CMD_SPIN, .seed = 3}, &err), 0);
    /* awarded, not yet started */
    CHECK(machine_in_round(m));
    CHECK_EQ_INT(machine_set_bet(m, &other, &err), -1);
    CHECK_EQ_INT(bet_coin(m), 10);
    CHECK_EQ_INT(machine_command(m, &(Command){.type = CMD_START}, &err), 0);
    CHECK_EQ_INT(machine_set_bet(m, &other, &err), -1);
    for (int i = 0; i < RULE_FREE_SPINS; i++) {
        CHECK_EQ_INT(machine_command(m, &(Command){.type = CMD_CONTINUE}, &err), 0);
        if (machine_in_round(m))
            CHECK_EQ_INT(machine_set_bet(m, &other, &err), -1);
        CHECK_EQ_INT(bet_coin(m), 10);
    }
    CHECK(!machine_in_round(m));
    check_round(m, SEED_UNITS);
    /* every free spin paid at the coin value of the triggering bet */
    const EventWin *w = scatter_win(m, 0);
    CHECK(w != NULL && w->amount == pay(SCATTER, 3) * 25 * 10);
    /* between rounds it may change */
    CHECK_EQ_INT(machine_set_bet(m, &other, &err), 0);
    CHECK_EQ_INT(bet_coin(m), 20);
    machine_force(m, NULL, 0);
    machine_destroy(m);
}

/* "During a spin, up to 12 free spins can be awarded (10 normal free spins and 2 Jewel free
 * spins)." */
static void test_rule_3_3_up_to_12_free_spins_in_one_spin(void)
{
    Machine *m = new_machine(10, 1, 25, -1);
    /* in the base spin */
    play_forced(m, (const char *const[]){BOTH}, 1, DEAD, 1 + RULE_MAX_AWARD);
    const EventFeatureAward *a[4];
    CHECK_EQ_INT(awards_of(m, 0, a, 4), 2);
    CHECK_EQ_INT(a[0]->feature, ML_FEATURE_JEWEL_SPINS);
    CHECK_EQ_INT(a[1]->feature, FEATURE_FREE_SPINS);
    CHECK_EQ_INT(a[0]->spins + a[1]->spins, RULE_MAX_AWARD);
    CHECK_EQ_INT(a[1]->free_left, RULE_FREE_SPINS);
    CHECK_EQ_INT(a[1]->extra_left, RULE_JEWEL_SPINS);
    const EventScreen *s[16];
    CHECK_EQ_INT(screens_of(m, s, 16), 1 + RULE_MAX_AWARD);
    CHECK_EQ_INT(s[1]->spin, ML_SPIN_JEWEL); /* jewel spins first */
    CHECK_EQ_INT(s[2]->spin, ML_SPIN_JEWEL);
    for (int i = 3; i <= RULE_MAX_AWARD; i++)
        CHECK_EQ_INT(s[i]->spin, SPIN_FREE);
    int n;
    const Event *ev = events_of(m, &n);
    CHECK_EQ_INT(ev[n - 2].type, EVENT_FEATURE_END);
    CHECK_EQ_INT(ev[n - 2].feature_end.spins_played, RULE_MAX_AWARD);
    /* in a normal free spin */
    const char *const screens[] = {SCAT3, BOTH};
    play_forced(m, screens, 2, DEAD, 1 + RULE_FREE_SPINS + RULE_MAX_AWARD);
    CHECK_EQ_INT(awards_of(m, 1, a, 4), 2);
    CHECK_EQ_INT(a[0]->spins + a[1]->spins, RULE_MAX_AWARD);
    CHECK_EQ_INT(a[1]->free_left, 9 + RULE_FREE_SPINS);
    machine_destroy(m);
}

/* "Jewel Free Spins can be awarded during normal free spins and normal free spins can be
 * awarded during Jewel free spins. The Jewel free spins will always be first to be completed,
 * then the normal free spins." */
static void test_rule_3_3_jewel_spins_are_always_completed_first(void)
{
    Machine *m = new_machine(10, 1, 25, -1);
    /* base: jewels; jewel 1: scatters; jewel 2: scatters again; then 20 normal free spins,
     * the third of which brings jewels again */
    const char *const jscat = "K J SCATTER A J / K TEN LUTE SCATTER TEN / K LUTE J Q SCATTER";
    const char *const screens[] = {JEW2, jscat, jscat, DEAD, DEAD, JEW2};
    const int total = 1 + 2 + 20 + 2;
    play_forced(m, screens, 6, DEAD, total);
    const EventScreen *s[32];
    CHECK_EQ_INT(screens_of(m, s, 32), total);
    for (int i = 1; i < total; i++) {
        const bool jewel = i <= 2 || i == 6 || i == 7;
        CHECK_EQ_INT(s[i]->spin, jewel ? ML_SPIN_JEWEL : SPIN_FREE);
    }
    const EventFeatureAward *a[4];
    CHECK_EQ_INT(awards_of(m, 1, a, 4), 1);
    CHECK(a[0]->feature == FEATURE_FREE_SPINS && a[0]->retrigger == 1);
    CHECK_EQ_INT(awards_of(m, 5, a, 4), 1);
    CHECK(a[0]->feature == ML_FEATURE_JEWEL_SPINS && a[0]->retrigger == 1);
    machine_destroy(m);
}

/* "Example 1: During normal free spins, the 4th spin triggers Jewel free spin. The next two
 * spins are Jewel free spins, then the 6 remaining normal free spins are completed." */
static void test_rule_3_3_example_1(void)
{
    Machine *m = new_machine(10, 1, 25, -1);
    const char *const screens[] = {SCAT3, DEAD, DEAD, DEAD, JEW2};
    const int total = 1 + 4 + 2 + 6;
    play_forced(m, screens, 5, DEAD, total);
    const EventScreen *s[16];
    CHECK_EQ_INT(screens_of(m, s, 16), total);
    CHECK_EQ_INT(s[0]->spin, SPIN_BASE);
    for (int i = 1; i <= 4; i++)
        CHECK_EQ_INT(s[i]->spin, SPIN_FREE);
    CHECK_EQ_INT(s[4]->free_left, 6); /* the 6 remaining */
    CHECK_EQ_INT(s[4]->extra_left, 2);
    CHECK_EQ_INT(s[5]->spin, ML_SPIN_JEWEL);
    CHECK_EQ_INT(s[6]->spin, ML_SPIN_JEWEL);
    for (int i = 7; i < total; i++) {
        CHECK_EQ_INT(s[i]->spin, SPIN_FREE);
        CHECK_EQ_INT(s[i]->free_left, total - 1 - i);
    }
    const EventFeatureAward *a[4];
    CHECK_EQ_INT(awards_of(m, 4, a, 4), 1);
    CHECK(a[0]->feature == ML_FEATURE_JEWEL_SPINS && a[0]->spins == 2 && a[0]->retrigger == 1);
    machine_destroy(m);
}

/* "Example 2: During Jewel free spins, the 1st spin triggers 10 normal free spins. The next
 * spin is a Jewel free spin, then the 10 remaining free spins are completed." */
static void test_rule_3_3_example_2(void)
{
    Machine *m = new_machine(10, 1, 25, -1);
    const char *const screens[] = {
        JEW2, "K J SCATTER A J / K TEN LUTE SCATTER TEN / K LUTE J Q SCATTER",
    };
    const int total = 1 + 2 + 10;
    play_forced(m, screens, 2, DEAD, total);
    const EventScreen *s[16];
    CHECK_EQ_INT(screens_of(m, s, 16), total);
    CHECK_EQ_INT(s[0]->spin, SPIN_BASE);
    CHECK_EQ_INT(s[1]->spin, ML_SPIN_JEWEL);
    CHECK_EQ_INT(s[1]->free_left, 10);
    CHECK_EQ_INT(s[1]->extra_left, 1);
    CHECK_EQ_INT(s[2]->spin, ML_SPIN_JEWEL); /* the next spin is a jewel free spin */
    for (int i = 3; i < total; i++) {
        CHECK_EQ_INT(s[i]->spin, SPIN_FREE);
        CHECK_EQ_INT(s[i]->free_left, total - 1 - i);
    }
    const EventFeatureAward *a[4];
    CHECK_EQ_INT(awards_of(m, 1, a, 4), 1);
    CHECK(a[0]->feature == FEATURE_FREE_SPINS && a[0]->spins == 10 && a[0]->retrigger == 1);
    machine_destroy(m);
}

/* "Note: There is no limit to the amount of Jewel free spins and normal free spins that can
 * be awarded during any type of free spins." */
static void test_rule_3_3_no_limit_to_free_spins(void)
{
    Machine *m = new_machine(10, 1, 25, -1);
    /* the base spin and the first 30 free spins of the round (jewel or normal) all show two
     * jewels on reel 1 and three scatters; the rest nothing. The spins are counted with the
     * rules' own queue: jewel spins first. */
    const int retriggers = 30;
    int free_left = RULE_FREE_SPINS, extra_left = RULE_JEWEL_SPINS; /* the base spin's */
    int total = 1, normal = 0, jewel = 0;
    while (free_left || extra_left) {
        const bool is_jewel = extra_left > 0;
        if (is_jewel)
            extra_left--, jewel++;
        else
            free_left--, normal++;
        if (total <= retriggers) {
            free_left += RULE_FREE_SPINS;
            if (!is_jewel)
                extra_left += RULE_JEWEL_SPINS;
        }
        total++;
    }
    CHECK_EQ_INT(normal, RULE_FREE_SPINS * (1 + retriggers));
    force(m, NULL, 0, BOTH, 1 + retriggers);
    for (int i = 1 + retriggers; i < total; i++)
        forced_buf[i] = (ForcedSpin){.forced = true, .screen = scr(DEAD)};
    machine_force(m, forced_buf, total);
    CHECK_EQ_INT(play(m, base_seed), total);
    CHECK_EQ_INT(machine_forced_left(m), 0);
    machine_force(m, NULL, 0);
    const RoundSummary *sum = machine_summary(m);
    CHECK_EQ_INT(sum->spins[SPIN_FREE], normal);
    CHECK_EQ_INT(sum->spins[ML_SPIN_JEWEL], jewel);
    CHECK_EQ_INT(sum->triggers[FEATURE_FREE_SPINS], 1 + retriggers);
    CHECK(jewel >= 2 * 10);
    machine_destroy(m);
}

/* ---- 3.4 Progressive jackpot ------------------------------------------------------------------ */

#define JP5_LINE_1 "A J TEN A J / JACKPOT JACKPOT JACKPOT JACKPOT JACKPOT / Q LUTE J Q LUTE"
/* 5 JACKPOT on line 25 (rows 2 0 2 0 2) and on no other line */
#define JP5_LINE_25 "A JACKPOT TEN JACKPOT J / K TEN LUTE K TEN / JACKPOT LUTE JACKPOT Q JACKPOT"

/* what the pool pays at a coin value: its whole coins */
static Money pool_money(int64_t pool, int64_t coin)
{
    return pool / POOL_UNITS_PER_COIN * coin;
}

static int64_t contribution(int64_t coins, int64_t lines)
{
    /* 0.5% of the bet's coins, in thousandths of a coin */
    return coins * lines * POOL_UNITS_PER_COIN * RULE_CONTRIBUTION_PER_MILLE / 1000;
}

/* "Only 5X Jackpot progressive symbols at maximum coins and maximum lines qualify for the
 * Progressive Jackpot winnings." The winning bet's own 0.5% is in the pool it wins (the bet
 * is placed before the reels spin). */
static void test_rule_3_4_five_jackpots_at_max_bet_win_the_progressive(void)
{
    const int64_t coin_values[] = {1, 10, 200};
    for (size_t k = 0; k < 3; k++) {
        const int64_t coin = coin_values[k];
        const int64_t start = SEED_UNITS + 123456789;
        Machine *m = new_machine(coin, RULE_MAX_COINS, RULE_MAX_LINES, start);
        play_screen(m, k == 1 ? JP5_LINE_25 : JP5_LINE_1);
        const int line = k == 1 ? 25 : 1;
        const EventWin *w = line_win(m, 0, line);
        CHECK(w != NULL);
        const int64_t pool = start + contribution(RULE_MAX_COINS, RULE_MAX_LINES);
        if (w) {
            CHECK_EQ_INT(w->kind, WIN_JACKPOT);
            CHECK_EQ_INT(w->symbol, JACKPOT);
            CHECK_EQ_INT(w->count, 5);
            CHECK_EQ_INT(w->cells, line_cells(line - 1, 5));
            CHECK_EQ_INT(w->amount, pool_money(pool, coin));
            CHECK(w->amount > pay(JACKPOT, 5) * RULE_MAX_COINS * coin);
        }
        CHECK_EQ_INT(count_type(m, EVENT_WIN), 1);
        CHECK_EQ_INT(round_total(m), pool_money(pool, coin));
        CHECK_EQ_INT(machine_summary(m)->jackpots, 1);
        CHECK_EQ_INT(machine_summary(m)->part[PART_JACKPOT], pool_money(pool, coin));
        /* the pool starts again from its seed, keeping the fraction of a coin not paid */
        CHECK_EQ_INT(machine_pool_get(m), SEED_UNITS + pool % POOL_UNITS_PER_COIN);
        CHECK_EQ_INT(machine_pool_value(m), pool_money(SEED_UNITS, coin));
        machine_destroy(m);
    }
}

/* "Any other combination pays according to the Paytable." - 5 JACKPOT below max coins or
 * below max lines, and 3 or 4 JACKPOT at max bet. */
static void test_rule_3_4_other_jackpot_combinations_pay_the_paytable(void)
{
    const int64_t coin = 10;
    const struct { int64_t coins, lines; const char *screen; int count; } cases[] = {
        {RULE_MAX_COINS - 1, RULE_MAX_LINES, JP5_LINE_1, 5},
        {1, RULE_MAX_LINES, JP5_LINE_1, 5},
        {RULE_MAX_COINS, RULE_MAX_LINES - 1, JP5_LINE_1, 5},
        {RULE_MAX_COINS, 1, JP5_LINE_1, 5},
        {1, 1, JP5_LINE_1, 5},
        {RULE_MAX_COINS, RULE_MAX_LINES, "A J TEN A J / JACKPOT JACKPOT JACKPOT JACKPOT TEN / Q LUTE J Q LUTE", 4},
        {RULE_MAX_COINS, RULE_MAX_LINES, "A J TEN A J / JACKPOT JACKPOT JACKPOT K TEN / Q LUTE J Q LUTE", 3},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        Machine *m = new_machine(coin, cases[k].coins, cases[k].lines, -1);
        play_screen(m, cases[k].screen);
        const EventWin *w = line_win(m, 0, 1);
        CHECK(w != NULL);
        if (w) {
            CHECK_EQ_INT(w->kind, WIN_LINE);
            CHECK_EQ_INT(w->count, cases[k].count);
            CHECK_EQ_INT(w->amount, pay(JACKPOT, cases[k].count) * cases[k].coins * coin);
        }
        CHECK_EQ_INT(machine_summary(m)->jackpots, 0);
        CHECK_EQ_INT(machine_pool_get(m), SEED_UNITS + contribution(cases[k].coins, cases[k].lines));
        machine_destroy(m);
    }
}

/* "The Progressive Jackpot can be won during normal gameplay and during Free Spins." */
static void test_rule_3_4_progressive_can_be_won_in_free_spins(void)
{
    const int64_t coin = 20;
    Machine *m = new_machine(coin, RULE_MAX_COINS, RULE_MAX_LINES, -1);
    play_forced(m, (const char *const[]){SCAT3, DEAD, JP5_LINE_1}, 3, DEAD, 1 + RULE_FREE_SPINS);
    const EventWin *w = line_win(m, 2, 1);
    CHECK(w != NULL);
    if (w) {
        CHECK_EQ_INT(w->kind, WIN_JACKPOT);
        CHECK_EQ_INT(w->spin, SPIN_FREE);
        CHECK_EQ_INT(w->amount,
                     pool_money(SEED_UNITS + contribution(RULE_MAX_COINS, RULE_MAX_LINES), coin));
    }
    CHECK_EQ_INT(machine_summary(m)->jackpots, 1);
    /* the free spins add nothing to the pool; it is the seed plus the unpaid fraction */
    CHECK_EQ_INT(machine_pool_get(m),
                 SEED_UNITS + (SEED_UNITS + contribution(RULE_MAX_COINS, RULE_MAX_LINES)) %
                                  POOL_UNITS_PER_COIN);
    machine_destroy(m);
}

/* "The Progressive Jackpot cannot be triggered during Jewel Free Spins." */
static void test_rule_3_4_progressive_cannot_be_triggered_in_jewel_spins(void)
{
    const int64_t coin = 10;
    Machine *m = new_machine(coin, RULE_MAX_COINS, RULE_MAX_LINES, -1);
    const char *const screens[] = {
        /* reel 1: JEWEL JACKPOT JEWEL, locked for the jewel spins */
        "JEWEL J TEN A J / JACKPOT TEN LUTE K TEN / JEWEL LUTE J Q LUTE",
        /* jewel spin 1: JACKPOT on reels 2-5 of line 1 -> 5 JACKPOT */
        "K J TEN A J / K JACKPOT JACKPOT JACKPOT JACKPOT / K LUTE J Q LUTE",
    };
    play_forced(m, screens, 2, DEAD, 1 + RULE_JEWEL_SPINS);
    const EventWin *w = line_win(m, 1, 1);
    CHECK(w != NULL);
    if (w) {
        CHECK_EQ_INT(w->spin, ML_SPIN_JEWEL);
        CHECK_EQ_INT(w->kind, WIN_LINE);
        CHECK_EQ_INT(w->count, 5);
        CHECK_EQ_INT(w->amount, pay(JACKPOT, 5) * RULE_MAX_COINS * coin);
    }
    CHECK_EQ_INT(machine_summary(m)->jackpots, 0);
    CHECK_EQ_INT(machine_pool_get(m), SEED_UNITS + contribution(RULE_MAX_COINS, RULE_MAX_LINES));
    machine_destroy(m);
}

/* "With every bet, the base progressive jackpot value (the progressive pool) is increased
 * with 0.5% of that bet." - free spins are not bets and add nothing. */
static void test_rule_3_4_every_bet_adds_half_a_percent_to_the_pool(void)
{
    const int64_t cases[][3] = {{1, 1, 1}, {5, 3, 7}, {10, 10, 25}, {200, 2, 25}, {20, 1, 25}};
    Machine *m = new_machine(10, 1, 25, -1);
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        const int64_t coin = cases[k][0], coins = cases[k][1], lines = cases[k][2];
        Bet b = make_bet(coin, coins, lines);
        Error err = {{0}};
        CHECK_EQ_INT(machine_set_bet(m, &b, &err), 0);
        const int64_t before = machine_pool_get(m);
        play_screen(m, DEAD);
        const int64_t added = machine_pool_get(m) - before;
        CHECK_EQ_INT(added, contribution(coins, lines));
        CHECK_EQ_INT(machine_summary(m)->pool_added, added);
        /* in money at the bet's coin value, added * coin / 1000, it is 0.5% of the bet */
        CHECK_EQ_INT(added * coin, machine_summary(m)->bet * RULE_CONTRIBUTION_PER_MILLE);
    }
    /* a round with 10 free spins adds its bet's share once */
    const int64_t before = machine_pool_get(m);
    play_forced(m, (const char *const[]){SCAT3}, 1, DEAD, 1 + RULE_FREE_SPINS);
    CHECK_EQ_INT(machine_pool_get(m) - before, contribution(bet_coins(m), bet_lines(m)));
    machine_destroy(m);
}

/* "Note: The base progressive value (progressive pool) is a value stored in Euros and it is
 * associated to a coin value of 10 Euros [...]: 500,000.00 seed + any 0.5% increments from
 * all bets." */
static void test_rule_3_4_pool_seed_is_500000_at_coin_value_10_euros(void)
{
    Machine *m = new_machine(10, 1, 25, -1);
    const GameRules *rules = machine_rules(m);
    CHECK_EQ_INT(rules->pool_seed(&def), SEED_UNITS);
    CHECK_EQ_INT(machine_pool_get(m), SEED_UNITS);
    const GameParam *p = gamedef_param(&def, "jackpot_seed_coins");
    CHECK(p != NULL);
    if (p)
        CHECK_EQ_INT(p->v[0] * POOL_UNITS_PER_COIN, SEED_UNITS);
    Bet ten_euros = make_bet(RULE_COIN_10_EUR, 1, 25);
    CHECK_EQ_INT(rules->pool_value(&def, &ten_euros, SEED_UNITS), RULE_SEED_MINOR_AT_10_EUR);
    /* increments count at that coin value too: one coin more in the pool is 10.00 more */
    CHECK_EQ_INT(rules->pool_value(&def, &ten_euros, SEED_UNITS + POOL_UNITS_PER_COIN),
                 RULE_SEED_MINOR_AT_10_EUR + RULE_COIN_10_EUR);
    machine_destroy(m);
}

/* "The displayed jackpot value is proportional to the selected coin value and is a portion
 * of the progressive pool" - and the rules' seed example "0.01: 500". */
static void test_rule_3_4_jackpot_value_is_proportional_to_coin_value(void)
{
    const BetOption *oc = &def.bet[BI_COIN];
    const int64_t pools[] = {SEED_UNITS, SEED_UNITS + 987654321};
    for (size_t p = 0; p < 2; p++) {
        Machine *m = new_machine(10, 1, 25, pools[p]);
        for (int i = 0; i < oc->nvalues; i++) {
            Bet b = make_bet(oc->values[i], 1, 25);
            Error err = {{0}};
            CHECK_EQ_INT(machine_set_bet(m, &b, &err), 0);
            CHECK_EQ_INT(machine_pool_value(m), pool_money(pools[p], oc->values[i]));
            if (p == 0)
                CHECK_EQ_INT(machine_pool_value(m),
                             RULE_SEED_MINOR_AT_10_EUR * oc->values[i] / RULE_COIN_10_EUR);
        }
        machine_destroy(m);
    }
    /* "Coin value 0.01: Jackpot Seed Value 500" */
    Machine *m = new_machine(1, 1, 25, -1);
    CHECK_EQ_INT(machine_pool_value(m), 50000); /* 500.00 */
    machine_destroy(m);
}

/* "Jackpot seed examples (in your currency): Coin value 0.2: Jackpot Seed Value 1000" - this
 * example contradicts the rule stated twice above it (500,000.00 at a 10.00 coin, displayed
 * value proportional to the coin value), which gives 10,000.00 at 0.2. We follow the
 * proportional rule; this test documents it. */
static void test_rule_3_4_seed_at_coin_0_2_follows_the_proportional_rule(void)
{
    Machine *m = new_machine(20, 1, 25, -1);
    CHECK_EQ_INT(machine_pool_value(m), RULE_SEED_MINOR_AT_10_EUR * 20 / RULE_COIN_10_EUR);
    CHECK_EQ_INT(machine_pool_value(m), 1000000); /* 10,000.00 */
    CHECK(machine_pool_value(m) != 100000);      /* not the table's 1,000.00 */
    machine_destroy(m);
}

/* "Note: The maximum available progressive is paid when playing with the maximum available
 * coin value." */
static void test_rule_3_4_maximum_progressive_at_maximum_coin_value(void)
{
    const BetOption *oc = &def.bet[BI_COIN];
    const int64_t max_coin = oc->values[oc->nvalues - 1];
    Money best = -1, at_max = -1;
    for (int i = 0; i < oc->nvalues; i++) {
        Machine *m = new_machine(oc->values[i], RULE_MAX_COINS, RULE_MAX_LINES, -1);
        play_screen(m, JP5_LINE_1);
        const EventWin *w = line_win(m, 0, 1);
        CHECK(w != NULL && w->kind == WIN_JACKPOT);
        if (w) {
            CHECK(w->amount > best);
            best = w->amount > best ? w->amount : best;
            if (oc->values[i] == max_coin)
                at_max = w->amount;
        }
        machine_destroy(m);
    }
    CHECK_EQ_INT(at_max, best);
    CHECK_EQ_INT(at_max, pool_money(SEED_UNITS + contribution(RULE_MAX_COINS, RULE_MAX_LINES),
                                    max_coin));
}

/* "[...] the first player that wins the Jackpot is awarded the Progressive Jackpot amount in
 * full, while the subsequent winner is awarded the minimum guaranteed Progressive Jackpot, as
 * well as 0.5% of the bets placed between the two successive Jackpot wins." - two jackpot
 * lines in one spin: the first gets the pool, the second the seed (no bet in between). */
static void test_rule_3_4_second_jackpot_in_a_spin_gets_the_seed(void)
{
    const int64_t coin = 10, start = SEED_UNITS + 5000000;
    Machine *m = new_machine(coin, RULE_MAX_COINS, RULE_MAX_LINES, start);
    const char *const screen = "A J TEN JACKPOT J / JACKPOT JACKPOT JACKPOT JACKPOT JACKPOT / Q JACKPOT J Q LUTE";
    /* the lines all JACKPOT on this screen: 1 and 10 */
    const Grid g = scr(screen);
    int jp_lines[4], njp = 0;
    for (int l = 0; l < def.nlines; l++) {
        int wilds;
        if (line_run(&g, l, JACKPOT, &wilds) == 5 && njp < 4)
            jp_lines[njp++] = l + 1;
    }
    CHECK_EQ_INT(njp, 2);
    play_screen(m, screen);
    const EventWin *all[8];
    int n = wins_of(m, 0, all, 8), got = 0;
    const int64_t pool = start + contribution(RULE_MAX_COINS, RULE_MAX_LINES);
    for (int i = 0; i < n; i++) {
        if (all[i]->kind != WIN_JACKPOT)
            continue;
        /* the second pays the seed and the fraction of a coin the first left */
        CHECK_EQ_INT(all[i]->amount, got == 0 ? pool_money(pool, coin)
                                               : pool_money(SEED_UNITS + pool % POOL_UNITS_PER_COIN, coin));
        if (njp == 2)
            CHECK_EQ_INT(all[i]->line, jp_lines[got]);
        got++;
    }
    CHECK_EQ_INT(got, 2);
    CHECK_EQ_INT(machine_summary(m)->jackpots, 2);
    const int64_t left = SEED_UNITS + pool % POOL_UNITS_PER_COIN;
    CHECK_EQ_INT(round_total(m), pool_money(pool, coin) + pool_money(left, coin));
    CHECK_EQ_INT(machine_pool_get(m), SEED_UNITS + left % POOL_UNITS_PER_COIN);
    /* the next winner: the seed plus 0.5% of the bets placed since (and the fraction left) */
    const int64_t after = SEED_UNITS + left % POOL_UNITS_PER_COIN;
    play_screen(m, DEAD);
    play_screen(m, DEAD);
    play_screen(m, JP5_LINE_1);
    const EventWin *w = line_win(m, 0, 1);
    CHECK(w != NULL && w->kind == WIN_JACKPOT);
    if (w)
        CHECK_EQ_INT(w->amount,
                     pool_money(after + 3 * contribution(RULE_MAX_COINS, RULE_MAX_LINES), coin));
    machine_destroy(m);
}

/* ---- 4. Autospin ------------------------------------------------------------------------------ */

/* "Note: The autospin feature does not automatically start free spins - player input is
 * required." */
static void test_rule_4_free_spins_need_player_input(void)
{
    static const char *const triggers[] = {SCAT3, JEW2, BOTH};
    for (int k = 0; k < 3; k++) {
        Machine *m = new_machine(10, 1, 25, -1);
        force(m, &triggers[k], 1, DEAD, 1 + RULE_MAX_AWARD);
        Error err = {{0}};
        CHECK_EQ_INT(machine_command(m, &(Command){.type = CMD_SPIN, .seed = 9}, &err), 0);
        CHECK(machine_in_round(m));
        CHECK_EQ_INT(machine_allowed(m), 1u << CMD_START);
        int before, after;
        events_of(m, &before);
        CHECK_EQ_INT(machine_command(m, &(Command){.type = CMD_CONTINUE}, &err), -1);
        CHECK_STR_CONTAINS(err.msg, "not allowed");
        CHECK_EQ_INT(machine_command(m, &(Command){.type = CMD_SPIN, .seed = 10}, &err), -1);
        events_of(m, &after);
        CHECK_EQ_INT(after, before);
        CHECK_EQ_INT(count_type(m, EVENT_FEATURE_START), 0);
        /* the player starts them */
        CHECK_EQ_INT(machine_command(m, &(Command){.type = CMD_START}, &err), 0);
        CHECK_EQ_INT(count_type(m, EVENT_FEATURE_START), 1);
        CHECK_EQ_INT(machine_allowed(m), 1u << CMD_CONTINUE);
        CHECK_EQ_INT(machine_command(m, &(Command){.type = CMD_START}, &err), -1);
        CHECK_EQ_INT(machine_command(m, &(Command){.type = CMD_SPIN, .seed = 10}, &err), -1);
        int spins = 0;
        while (machine_in_round(m) && spins < 100) {
            CHECK_EQ_INT(machine_command(m, &(Command){.type = CMD_CONTINUE}, &err), 0);
            spins++;
        }
        CHECK_EQ_INT(spins, k == 0 ? RULE_FREE_SPINS : k == 1 ? RULE_JEWEL_SPINS : RULE_MAX_AWARD);
        check_round(m, SEED_UNITS);
        machine_force(m, NULL, 0);
        machine_destroy(m);
    }
}

/* ---- determinism ------------------------------------------------------------------------------ */

/* "A round is a pure function of (game definition, bet, carried pool, round seed, commands)"
 * (machine.h): two machines given the same inputs write the same events, byte for byte. */
static void test_determinism_same_inputs_same_events(void)
{
    static const int64_t bets[][3] = {{10, 1, 25}, {10, 10, 25}, {1, 3, 7}, {200, 2, 25}};
    const int rounds = 2000;
    Machine *a = new_machine(10, 1, 25, -1), *b = new_machine(10, 1, 25, -1);
    const Grid both = scr(BOTH), scat = scr(SCAT3);
    ForcedSpin trig[2] = {{.forced = true, .screen = both}, {.forced = true, .screen = scat}};
    int featured = 0, differ = 0, replay_differ = 0;
    Buf ja = {0}, jb = {0}, jc = {0};
    for (int i = 0; i < rounds; i++) {
        if (i % 250 == 0) {
            const int64_t *v = bets[(i / 250) % 4];
            Bet bet = make_bet(v[0], v[1], v[2]);
            Error err = {{0}};
            CHECK_EQ_INT(machine_set_bet(a, &bet, &err), 0);
            CHECK_EQ_INT(machine_set_bet(b, &bet, &err), 0);
        }
        /* every 7th round starts with free spins (the rest of it drawn from the seed) */
        const ForcedSpin *f = i % 7 == 0 ? &trig[(i / 7) % 2] : NULL;
        machine_force(a, f, f ? 1 : 0);
        machine_force(b, f, f ? 1 : 0);
        const uint64_t seed = base_seed + (uint64_t)i * 7919u;
        const int64_t pool = machine_pool_get(a);
        CHECK_EQ_INT(machine_pool_get(b), pool);
        play(a, seed);
        tu_play_round(b, seed);
        ja.len = jb.len = 0;
        tu_events_json(a, 0, &ja);
        tu_events_json(b, 0, &jb);
        differ += ja.len != jb.len || memcmp(ja.s, jb.s, ja.len) != 0;
        featured += machine_summary(a)->spins[SPIN_FREE] + machine_summary(a)->spins[ML_SPIN_JEWEL] > 0;
        if (i % 100 == 0) {
            /* a fresh machine given the same bet, pool, seed and commands */
            Machine *c = tu_machine(&def, pool);
            Error err = {{0}};
            CHECK(c && machine_set_bet(c, machine_bet(a), &err) == 0);
            if (c) {
                machine_force(c, f, f ? 1 : 0);
                tu_play_round(c, seed);
                jc.len = 0;
                tu_events_json(c, 0, &jc);
                replay_differ += ja.len != jc.len || memcmp(ja.s, jc.s, ja.len) != 0;
                machine_destroy(c);
            }
        }
    }
    CHECK_EQ_INT(differ, 0);
    CHECK_EQ_INT(replay_differ, 0);
    CHECK(featured >= rounds / 7);
    buf_free(&ja);
    buf_free(&jb);
    buf_free(&jc);
    machine_destroy(a);
    machine_destroy(b);
}

/* The same with whole rounds forced: the forced screens, the held cells over them and the
 * draws they still consume give the same events on both machines. */
static void test_determinism_with_forced_screens(void)
{
    Machine *a = new_machine(10, RULE_MAX_COINS, RULE_MAX_LINES, -1);
    Machine *b = new_machine(10, RULE_MAX_COINS, RULE_MAX_LINES, -1);
    const char *const screens[] = {BOTH, DEAD, JEW2, DEAD_K, SCAT3, JP5_LINE_1, DEAD, THREE_LINES};
    force(a, screens, 8, "A J TEN A J / PALETTE WILD PALETTE K TEN / Q LUTE J Q LUTE", 200);
    machine_force(b, forced_buf, 200);
    Buf ja = {0}, jb = {0};
    int differ = 0, rounds = 0;
    while (machine_forced_left(a) > 0 && rounds < 100) {
        const uint64_t seed = base_seed + (uint64_t)rounds;
        play(a, seed);
        tu_play_round(b, seed);
        ja.len = jb.len = 0;
        tu_events_json(a, 0, &ja);
        tu_events_json(b, 0, &jb);
        differ += ja.len != jb.len || memcmp(ja.s, jb.s, ja.len) != 0;
        rounds++;
    }
    CHECK_EQ_INT(differ, 0);
    CHECK(rounds > 1);
    CHECK_EQ_INT(machine_forced_left(b), machine_forced_left(a));
    machine_force(a, NULL, 0);
    machine_force(b, NULL, 0);
    buf_free(&ja);
    buf_free(&jb);
    machine_destroy(a);
    machine_destroy(b);
}

/* Different seeds give different rounds (the seed itself left out of the comparison). */
static void test_determinism_different_seeds_different_events(void)
{
    enum { N = 200 };
    static char *json[N];
    Machine *m = new_machine(10, 1, 25, -1);
    for (int i = 0; i < N; i++) {
        Buf b = {0};
        tu_play_round(m, base_seed + (uint64_t)i);
        tu_events_json(m, 1, &b);
        json[i] = b.s;
    }
    int same = 0;
    for (int i = 0; i < N; i++)
        for (int j = i + 1; j < N; j++)
            same += json[i] && json[j] && strcmp(json[i], json[j]) == 0;
    CHECK_EQ_INT(same, 0);
    for (int i = 0; i < N; i++)
        free(json[i]);
    machine_destroy(m);
}

int main(int argc, char **argv)
{
    test_init(argc, argv);
    base_seed = test_seed();
    if (tu_load_game("mona-lisa-jewels", &def))
        return 1;
    WILD = sym("WILD"), SCATTER = sym("SCATTER"), JACKPOT = sym("JACKPOT"), JEWEL = sym("JEWEL");
    PALETTE = sym("PALETTE"), QUILL = sym("QUILL");
    SYM_A = sym("A"), SYM_K = sym("K"), SYM_Q = sym("Q");
    BI_COIN = gamedef_bet_index(&def, "coin_value");
    BI_COINS = gamedef_bet_index(&def, "coins");
    BI_LINES = gamedef_bet_index(&def, "lines");
    if (BI_COIN < 0 || BI_COINS < 0 || BI_LINES < 0) {
        fprintf(stderr, "the game file lacks a coin_value, coins or lines bet option\n");
        return 1;
    }

    RUN(test_spec_5_reels_3_rows);
    RUN(test_spec_1_to_25_lines);
    RUN(test_spec_1_to_10_coins_per_line);
    RUN(test_spec_no_double_feature_no_bonus_round_no_instant_win);
    RUN(test_spec_wild_scatter_jewel_jackpot_and_pool);

    RUN(test_rule_2_winning_lines_pay_left_to_right);
    RUN(test_rule_2_wins_on_different_selected_lines_are_all_added);
    RUN(test_rule_2_only_selected_lines_pay);
    RUN(test_rule_2_only_the_highest_combination_on_each_line_is_paid);
    RUN(test_rule_2_scatter_and_free_spin_wins_are_added_to_the_total);
    RUN(test_rule_2_random_screens_pay_as_the_rules_say);
    RUN(test_rule_2_1_bet_is_coin_value_times_coins_times_lines);
    RUN(test_rule_2_1_bet_max_is_all_lines_and_max_coins_at_the_coin_value);
    RUN(test_rule_2_1_win_is_paytable_times_coin_value_times_coins);
    RUN(test_rule_2_2_win_in_currency_is_coins_times_coin_value);
    RUN(test_rule_2_2_jackpot_win_in_currency_is_coins_times_coin_value);

    RUN(test_rule_3_1_wild_substitutes_for_every_regular_symbol_and_the_jewel);
    RUN(test_rule_3_1_wild_does_not_substitute_for_scatter);
    RUN(test_rule_3_1_wild_does_not_substitute_for_jackpot);
    RUN(test_rule_3_1_wild_standing_for_a_jewel_does_not_award_free_spins);

    RUN(test_rule_3_2_two_or_three_jewels_on_reel_1_trigger_2_jewel_spins);
    RUN(test_rule_3_2_first_reel_is_locked_in_jewel_spins);
    RUN(test_rule_3_2_jewels_and_wilds_on_other_reels_stay);
    RUN(test_rule_3_2_extra_jewels_and_wilds_of_the_first_jewel_spin_stay);
    RUN(test_rule_3_2_wilds_do_not_multiply_in_jewel_spins);
    RUN(test_rule_3_2_reel_1_jewels_do_not_retrigger_in_jewel_spins);
    RUN(test_rule_3_2_jewel_spins_in_free_spins_follow_immediately_and_freeze);

    RUN(test_rule_3_3_three_or_more_scatters_anywhere_trigger_10_free_spins);
    RUN(test_rule_3_3_scatter_win_is_paytable_times_total_bet);
    RUN(test_rule_3_3_wild_multipliers_in_free_spins);
    RUN(test_rule_3_3_wild_multipliers_do_not_apply_in_the_base_game);
    RUN(test_rule_3_3_wild_multipliers_do_not_apply_in_jewel_spins);
    RUN(test_rule_3_3_coin_value_cannot_change_during_free_spins);
    RUN(test_rule_3_3_up_to_12_free_spins_in_one_spin);
    RUN(test_rule_3_3_jewel_spins_are_always_completed_first);
    RUN(test_rule_3_3_example_1);
    RUN(test_rule_3_3_example_2);
    RUN(test_rule_3_3_no_limit_to_free_spins);

    RUN(test_rule_3_4_five_jackpots_at_max_bet_win_the_progressive);
    RUN(test_rule_3_4_other_jackpot_combinations_pay_the_paytable);
    RUN(test_rule_3_4_progressive_can_be_won_in_free_spins);
    RUN(test_rule_3_4_progressive_cannot_be_triggered_in_jewel_spins);
    RUN(test_rule_3_4_every_bet_adds_half_a_percent_to_the_pool);
    RUN(test_rule_3_4_pool_seed_is_500000_at_coin_value_10_euros);
    RUN(test_rule_3_4_jackpot_value_is_proportional_to_coin_value);
    RUN(test_rule_3_4_seed_at_coin_0_2_follows_the_proportional_rule);
    RUN(test_rule_3_4_maximum_progressive_at_maximum_coin_value);
    RUN(test_rule_3_4_second_jackpot_in_a_spin_gets_the_seed);

    RUN(test_rule_4_free_spins_need_player_input);

    RUN(test_determinism_same_inputs_same_events);
    RUN(test_determinism_with_forced_screens);
    RUN(test_determinism_different_seeds_different_events);
    return test_done();
}
