/* test_gonzos_gold_rules.c - Gonzo's Gold against its rules (shared/rules/gonzos-gold.txt).
 *
 * One test per behavioural sentence of the rules, named after it, with the sentence quoted
 * above it. Screens are forced (machine_force, in play order: the base spin, then each free
 * spin). Every expected amount is worked out here from the paytable of games/gonzos-gold/
 * game.json, copied below as constants (coins per bet of 20 coins), never from a run of the
 * code; the bonus prizes are checked against the rules text's "2 / 20 / 200 times the bet".
 *
 * Money: the bet option "bet" is in minor units (default 200 = 20 coins of 10); a prize of
 * N coins pays N * bet / 20.
 *
 * Free-spin screens need the expanding symbol known in advance: the expanding symbol is
 * drawn by the round's RNG (forced screens still make their draws), so a seed whose draw is
 * MASK is looked up once, and every free-spin screen here is built on a background without
 * MASK (DEAD: K Q J TEN only, no two equal symbols adjacent). */
#include "event.h"
#include "gamedef.h"
#include "games.h"
#include "games/gonzos_gold_events.h"
#include "machine.h"
#include "test.h"
#include "testutil.h"

/* ---- what the game file's paytable says (coins for a bet of 20 coins) --------------------- */

enum {
    BET_COINS = 20,
    EXP_3 = 10, EXP_4 = 20, EXP_5 = 30, EXP_6_7 = 50, EXP_25 = 100000,
    MASK_3 = 8, MASK_4 = 16, MASK_5 = 24, MASK_6_7 = 40,
    IDOL_3 = 6, IDOL_5 = 20,
    CHAL_3 = 5, CHAL_5 = 16,
    A_4 = 4, K_4 = 4, Q_4 = 2, J_4 = 2, TEN_4 = 2,
    FREE_SPINS = 10,   /* "award 10 Free Spins" */
    MAX_WIN_X = 5000,  /* the module's cap (features.max_win_x_bet), not in the rules text */
};
/* "3 2 times the bet / 4 20 times the bet / 5 200 times the bet" */
static const int rule_bonus_x[6] = {0, 0, 0, 2, 20, 200};

#define BET 200 /* the game file's default bet */

/* no two equal symbols adjacent, no high symbol, no scatter */
#define DEAD "K Q J TEN K / J TEN K Q J / K Q J TEN K / J TEN K Q J / K Q J TEN K"
/* the same pattern in high symbols (for the low symbols' tests) */
#define DEAD_HI                                                                             \
    "EXPLORER MASK IDOL CHALICE EXPLORER / IDOL CHALICE EXPLORER MASK IDOL / "              \
    "EXPLORER MASK IDOL CHALICE EXPLORER / IDOL CHALICE EXPLORER MASK IDOL / "              \
    "EXPLORER MASK IDOL CHALICE EXPLORER"
/* three scatters far apart on DEAD: no cluster, the bonus and 10 free spins */
#define SCAT3 "SCATTER Q J TEN K / J TEN K Q J / K Q SCATTER TEN K / J TEN K Q J / K Q J TEN SCATTER"

static GameDef def;
static int EXPLORER, MASK, SCATTER;
static uint64_t mask_seed; /* a seed whose expanding symbol is MASK */

static int sym(const char *id)
{
    return tu_symbol(&def, id);
}

static Grid scr(const char *text)
{
    return tu_screen(&def, text);
}

static Money coins_at(int64_t coins, Money bet)
{
    return coins * bet / BET_COINS;
}

static Machine *new_machine(Money bet)
{
    Machine *m = tu_machine(&def, -1);
    if (!m)
        exit(2);
    Bet b;
    machine_default_bet(&def, &b);
    b.v[gamedef_bet_index(&def, "bet")] = bet;
    Error err = {{0}};
    if (machine_set_bet(m, &b, &err)) {
        fprintf(stderr, "bet %lld: %s\n", (long long)bet, err.msg);
        exit(2);
    }
    return m;
}

/* ---- forcing and commands ------------------------------------------------------------------ */

#define MAX_FORCED 64
static ForcedSpin forced_base[1];
static ForcedSpin forced_free[MAX_FORCED];

static void force_base(Machine *m, const char *screen)
{
    forced_base[0].forced = true;
    forced_base[0].screen = scr(screen);
    machine_force(m, forced_base, 1);
}

/* Forces the next `total` free spins: screens[i] for i < n, DEAD after. */
static void force_free(Machine *m, const char *const *screens, int n, int total)
{
    if (total > MAX_FORCED)
        exit(2);
    for (int i = 0; i < total; i++) {
        forced_free[i].forced = true;
        forced_free[i].screen = scr(i < n ? screens[i] : DEAD);
    }
    machine_force(m, forced_free, total);
}

static int cmd(Machine *m, CommandType t, uint64_t seed, int choice)
{
    Error err = {{0}};
    int rc = machine_command(m, &(Command){.type = t, .seed = seed, .arg = (uint32_t)choice}, &err);
    if (rc)
        fprintf(stderr, "%s: %s\n", command_name(t), err.msg);
    return rc;
}

/* Plays CMD_CONTINUE until the round ends; returns how many were played. */
static int play_free_spins(Machine *m)
{
    int n = 0;
    while (machine_in_round(m) && n < 1000) {
        if (cmd(m, CMD_CONTINUE, 0, 0))
            break;
        n++;
    }
    return n;
}

/* ---- the round's events --------------------------------------------------------------------- */

static const EventWin no_win = {.type = EVENT__COUNT, .kind = WIN__COUNT};

/* WIN events of spin spin_index, in order (padded with no_win); returns how many. */
static int wins_of(const Machine *m, int spin_index, const EventWin **out, int max)
{
    return tu_wins_of(m, spin_index, out, max, &no_win);
}

/* The first event of `type` (index into the list), or -1. */
static int find_event(const Machine *m, EventType type, int from)
{
    int n;
    const Event *ev = machine_events(m, &n);
    for (int i = from; i < n; i++)
        if (ev[i].type == type)
            return i;
    return -1;
}

static const Event *event_at(const Machine *m, int i)
{
    static const Event none = {.type = EVENT__COUNT};
    int n;
    const Event *ev = machine_events(m, &n);
    return i >= 0 && i < n ? &ev[i] : &none;
}

static int count_type(const Machine *m, EventType t)
{
    return tu_count_type(m, t);
}

static Money round_total(const Machine *m)
{
    return tu_round_total(m);
}

/* The WIN event of spin spin_index with this kind and symbol, or no_win. */
static const EventWin *win_find(const Machine *m, int spin_index, WinKind kind, int symbol)
{
    int n;
    const Event *ev = machine_events(m, &n);
    for (int i = 0; i < n; i++)
        if (ev[i].type == EVENT_WIN && ev[i].win.spin_index == spin_index &&
            ev[i].win.kind == kind && ev[i].win.symbol == symbol)
            return &ev[i].win;
    return &no_win;
}

/* The index of spin spin_index's first WIN event of this kind, or -1. */
static int win_index(const Machine *m, int spin_index, WinKind kind)
{
    int n;
    const Event *ev = machine_events(m, &n);
    for (int i = 0; i < n; i++)
        if (ev[i].type == EVENT_WIN && ev[i].win.spin_index == spin_index && ev[i].win.kind == kind)
            return i;
    return -1;
}

/* The event of `type` that follows spin spin_index's screen (before the next screen), or -1. */
static int event_in_spin(const Machine *m, int spin_index, EventType type)
{
    int n, cur = -1;
    const Event *ev = machine_events(m, &n);
    for (int i = 0; i < n; i++) {
        if (ev[i].type == EVENT_SCREEN)
            cur = ev[i].screen.spin_index;
        else if (ev[i].type == type && cur == spin_index)
            return i;
    }
    return -1;
}

static CellMask cells(const int (*rc)[2], int n)
{
    CellMask mk = 0;
    for (int i = 0; i < n; i++)
        mk |= grid_bit(rc[i][0], rc[i][1]);
    return mk;
}

/* Plays one base spin on a forced screen at bet BET. */
static Machine *base_spin(const char *screen, Money bet)
{
    Machine *m = new_machine(bet);
    force_base(m, screen);
    if (cmd(m, CMD_SPIN, 1, 0))
        exit(2);
    return m;
}

/* Starts free spins with MASK expanding: SCAT3 on the base spin, then the pick. Returns the
 * machine awaiting the first free spin. */
static Machine *start_mask_free_spins(Money bet, int choice)
{
    Machine *m = new_machine(bet);
    force_base(m, SCAT3);
    if (cmd(m, CMD_SPIN, mask_seed, 0) || cmd(m, CMD_START, 0, choice))
        exit(2);
    const int i = find_event(m, EVENT_FEATURE_START, 0);
    CHECK(i >= 0);
    CHECK_EQ_INT(event_at(m, i)->feature_start.expanding, MASK);
    return m;
}

/* Plays the round's free spins on forced screens (then DEAD); returns how many played. */
static int free_round(Machine *m, const char *const *screens, int n)
{
    force_free(m, screens, n, MAX_FORCED);
    return play_free_spins(m);
}

static void find_mask_seed(void)
{
    for (uint64_t seed = 1; seed < 100000; seed++) {
        Machine *m = new_machine(BET);
        force_base(m, SCAT3);
        if (cmd(m, CMD_SPIN, seed, 0) || cmd(m, CMD_START, 0, 0))
            exit(2);
        const int i = find_event(m, EVENT_FEATURE_START, 0);
        const int e = i >= 0 ? event_at(m, i)->feature_start.expanding : -1;
        machine_destroy(m);
        if (e == MASK) {
            mask_seed = seed;
            return;
        }
    }
    fprintf(stderr, "no seed draws MASK as the expanding symbol\n");
    exit(2);
}

/* ---- clusters --------------------------------------------------------------------------- */

/* "3 or more high value symbols or 4 or more low value symbols in a cluster award a prize
 * according to the Paytable." (3 EXPLORER pay, 2 do not; 4 A pay, 3 A do not; and the same
 * for every high and low symbol) */
static void test_rule_3_high_or_4_low_in_a_cluster_award_a_prize(void)
{
    const EventWin *w[4];
    Machine *m = base_spin("EXPLORER EXPLORER EXPLORER TEN K / J TEN K Q J / K Q J TEN K / "
                           "J TEN K Q J / K Q J TEN K", BET);
    CHECK_EQ_INT(wins_of(m, 0, w, 4), 1);
    CHECK_EQ_INT(w[0]->kind, WIN_CLUSTER);
    CHECK_EQ_INT(w[0]->symbol, EXPLORER);
    CHECK_EQ_INT(w[0]->count, 3);
    CHECK_EQ_INT(w[0]->coins, EXP_3);
    CHECK_EQ_INT(w[0]->amount, coins_at(EXP_3, BET));
    CHECK_EQ_INT(round_total(m), coins_at(EXP_3, BET));
    machine_destroy(m);

    m = base_spin("EXPLORER EXPLORER J TEN K / J TEN K Q J / K Q J TEN K / J TEN K Q J / "
                  "K Q J TEN K", BET);
    CHECK_EQ_INT(wins_of(m, 0, w, 4), 0);
    CHECK_EQ_INT(round_total(m), 0);
    machine_destroy(m);

    m = base_spin("A A A A K / J TEN K Q J / K Q J TEN K / J TEN K Q J / K Q J TEN K", BET);
    CHECK_EQ_INT(wins_of(m, 0, w, 4), 1);
    CHECK_EQ_INT(w[0]->symbol, sym("A"));
    CHECK_EQ_INT(w[0]->count, 4);
    CHECK_EQ_INT(w[0]->amount, coins_at(A_4, BET));
    CHECK_EQ_INT(round_total(m), coins_at(A_4, BET));
    machine_destroy(m);

    m = base_spin("A A A TEN K / J TEN K Q J / K Q J TEN K / J TEN K Q J / K Q J TEN K", BET);
    CHECK_EQ_INT(wins_of(m, 0, w, 4), 0);
    CHECK_EQ_INT(round_total(m), 0);
    machine_destroy(m);

    /* every symbol: high ones at 3, low ones at 4 (and not at 3) */
    static const struct { const char *id; int three, four; } all[] = {
        {"EXPLORER", EXP_3, EXP_4}, {"MASK", MASK_3, MASK_4}, {"IDOL", IDOL_3, 12},
        {"CHALICE", CHAL_3, 10},    {"A", 0, A_4},           {"K", 0, K_4},
        {"Q", 0, Q_4},              {"J", 0, J_4},           {"TEN", 0, TEN_4},
    };
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
        const bool high = all[i].three > 0;
        for (int n = 3; n <= 4; n++) {
            Grid g = scr(high ? DEAD : DEAD_HI);
            for (int c = 0; c < n; c++)
                g.cell[0][c] = (uint8_t)sym(all[i].id);
            Machine *mm = new_machine(BET);
            forced_base[0] = (ForcedSpin){.forced = true, .screen = g};
            machine_force(mm, forced_base, 1);
            if (cmd(mm, CMD_SPIN, 1, 0))
                exit(2);
            const int expect = n == 3 ? all[i].three : all[i].four;
            if (round_total(mm) != coins_at(expect, BET))
                fprintf(stderr, "  %d x %s\n", n, all[i].id);
            CHECK_EQ_INT(round_total(mm), coins_at(expect, BET));
            machine_destroy(mm);
        }
    }
}

/* "A symbol is part of a grouping if it is adjacent to the same symbol in a vertical or
 * horizontal line." (diagonal neighbours do not join; an L-shape does) */
static void test_rule_adjacent_vertically_or_horizontally_only(void)
{
    const EventWin *w[4];
    Machine *m = base_spin("EXPLORER Q J TEN K / J EXPLORER K Q J / K Q EXPLORER TEN K / "
                           "J TEN K Q J / K Q J TEN K", BET);
    CHECK_EQ_INT(wins_of(m, 0, w, 4), 0);
    CHECK_EQ_INT(round_total(m), 0);
    machine_destroy(m);

    m = base_spin("EXPLORER Q J TEN K / EXPLORER TEN K Q J / EXPLORER EXPLORER J TEN K / "
                  "J TEN K Q J / K Q J TEN K", BET);
    CHECK_EQ_INT(wins_of(m, 0, w, 4), 1);
    CHECK_EQ_INT(w[0]->symbol, EXPLORER);
    CHECK_EQ_INT(w[0]->count, 4);
    static const int L[][2] = {{0, 0}, {1, 0}, {2, 0}, {2, 1}};
    CHECK_EQ_INT(w[0]->cells, cells(L, 4));
    CHECK_EQ_INT(w[0]->amount, coins_at(EXP_4, BET));
    CHECK_EQ_INT(round_total(m), coins_at(EXP_4, BET));
    machine_destroy(m);
}

/* "Multiple clusters of the same symbol that are not adjacent to each other are paid as
 * individual clusters" */
static void test_rule_separate_clusters_of_a_symbol_pay_individually(void)
{
    const EventWin *w[4];
    Machine *m = base_spin("A A A A K / J TEN K Q J / K Q J TEN K / J TEN K Q J / A A A A K",
                           BET);
    CHECK_EQ_INT(wins_of(m, 0, w, 4), 2);
    for (int i = 0; i < 2; i++) {
        CHECK_EQ_INT(w[i]->kind, WIN_CLUSTER);
        CHECK_EQ_INT(w[i]->symbol, sym("A"));
        CHECK_EQ_INT(w[i]->count, 4);
        CHECK_EQ_INT(w[i]->amount, coins_at(A_4, BET));
    }
    CHECK(w[0]->cells != w[1]->cells);
    CHECK_EQ_INT(round_total(m), 2 * coins_at(A_4, BET));
    machine_destroy(m);
}

/* "Only the highest profit per group is paid." (a 6-cluster pays the 6-7 value only) */
static void test_rule_only_the_highest_profit_per_group(void)
{
    const EventWin *w[4];
    Machine *m = base_spin("EXPLORER EXPLORER EXPLORER EXPLORER EXPLORER / EXPLORER TEN K Q J / "
                           "K Q J TEN K / J TEN K Q J / K Q J TEN K", BET);
    CHECK_EQ_INT(wins_of(m, 0, w, 4), 1);
    CHECK_EQ_INT(w[0]->count, 6);
    CHECK_EQ_INT(w[0]->coins, EXP_6_7);
    CHECK_EQ_INT(w[0]->amount, coins_at(EXP_6_7, BET));
    CHECK_EQ_INT(round_total(m), coins_at(EXP_6_7, BET));
    machine_destroy(m);
}

/* "The simultaneous earnings of several groups are added together." */
static void test_rule_earnings_of_several_groups_are_added(void)
{
    const EventWin *w[8];
    Machine *m = base_spin("EXPLORER EXPLORER EXPLORER TEN K / J TEN K Q J / "
                           "MASK MASK MASK MASK MASK / J TEN K Q J / A A A A K", BET);
    CHECK_EQ_INT(wins_of(m, 0, w, 8), 3);
    CHECK_EQ_INT(win_find(m, 0, WIN_CLUSTER, EXPLORER)->amount, coins_at(EXP_3, BET));
    CHECK_EQ_INT(win_find(m, 0, WIN_CLUSTER, MASK)->amount, coins_at(MASK_5, BET));
    CHECK_EQ_INT(win_find(m, 0, WIN_CLUSTER, sym("A"))->amount, coins_at(A_4, BET));
    CHECK_EQ_INT(round_total(m), coins_at(EXP_3 + MASK_5 + A_4, BET));
    CHECK_EQ_INT(machine_summary(m)->total_win, coins_at(EXP_3 + MASK_5 + A_4, BET));
    machine_destroy(m);
}

/* "The payout values for the symbols shown in the Paytable are dynamic and change depending
 * on the selected bet value." (a prize of N coins pays N * bet / 20) */
static void test_rule_payouts_change_with_the_bet(void)
{
    static const Money bets[] = {20, 200, 1000, 10000};
    for (size_t i = 0; i < sizeof bets / sizeof bets[0]; i++) {
        Machine *m = base_spin("EXPLORER EXPLORER EXPLORER TEN K / J TEN K Q J / K Q J TEN K / "
                               "J TEN K Q J / K Q J TEN K", bets[i]);
        CHECK_EQ_INT(round_total(m), EXP_3 * bets[i] / 20);
        machine_destroy(m);
    }
}

/* ---- the scatter -------------------------------------------------------------------------- */

/* "Scatter symbols can appear anywhere on the reels in the main game and in Free Spins to
 * substitute for all symbols." (2 EXPLORER and a SCATTER make a 3-cluster of EXPLORER) */
static void test_rule_scatter_substitutes_for_all_symbols(void)
{
    const EventWin *w[4];
    Machine *m = base_spin("EXPLORER EXPLORER SCATTER TEN K / J TEN K Q J / K Q J TEN K / "
                           "J TEN K Q J / K Q J TEN K", BET);
    CHECK_EQ_INT(wins_of(m, 0, w, 4), 1);
    CHECK_EQ_INT(w[0]->kind, WIN_CLUSTER);
    CHECK_EQ_INT(w[0]->symbol, EXPLORER);
    CHECK_EQ_INT(w[0]->count, 3);
    static const int c3[][2] = {{0, 0}, {0, 1}, {0, 2}};
    CHECK_EQ_INT(w[0]->cells, cells(c3, 3));
    CHECK_EQ_INT(w[0]->amount, coins_at(EXP_3, BET));
    CHECK_EQ_INT(round_total(m), coins_at(EXP_3, BET));
    machine_destroy(m);

    /* and for a low symbol: 3 A and a SCATTER make 4 */
    m = base_spin("A A A SCATTER K / J TEN K Q J / K Q J TEN K / J TEN K Q J / K Q J TEN K", BET);
    CHECK_EQ_INT(wins_of(m, 0, w, 4), 1);
    CHECK_EQ_INT(w[0]->symbol, sym("A"));
    CHECK_EQ_INT(w[0]->count, 4);
    CHECK_EQ_INT(round_total(m), coins_at(A_4, BET));
    machine_destroy(m);
}

/* "Scatter symbols can only be part of a winning combination as part of a grouping of other
 * symbols." (4 adjacent scatters pay no cluster of their own: only the clusters of the real
 * symbols they touch pay, each holding a real symbol) */
static void test_rule_scatters_win_only_in_a_grouping_of_other_symbols(void)
{
    const EventWin *w[8];
    Machine *m = base_spin("SCATTER SCATTER EXPLORER TEN K / SCATTER SCATTER MASK Q J / "
                           "IDOL CHALICE J TEN K / J TEN K Q J / K Q J TEN K", BET);
    const int n = wins_of(m, 0, w, 8);
    CHECK_EQ_INT(n, 5);
    int clusters = 0;
    for (int i = 0; i < n; i++) {
        if (w[i]->kind != WIN_CLUSTER)
            continue;
        clusters++;
        CHECK(w[i]->symbol != SCATTER);
        CHECK_EQ_INT(w[i]->count, 5);
    }
    CHECK_EQ_INT(clusters, 4);
    CHECK_EQ_INT(win_find(m, 0, WIN_CLUSTER, EXPLORER)->amount, coins_at(EXP_5, BET));
    CHECK_EQ_INT(win_find(m, 0, WIN_CLUSTER, MASK)->amount, coins_at(MASK_5, BET));
    CHECK_EQ_INT(win_find(m, 0, WIN_CLUSTER, sym("IDOL"))->amount, coins_at(IDOL_5, BET));
    CHECK_EQ_INT(win_find(m, 0, WIN_CLUSTER, sym("CHALICE"))->amount, coins_at(CHAL_5, BET));
    CHECK_EQ_INT(win_find(m, 0, WIN_BONUS, SCATTER)->amount, rule_bonus_x[4] * BET);
    CHECK_EQ_INT(machine_summary(m)->total_win,
                 coins_at(EXP_5 + MASK_5 + IDOL_5 + CHAL_5, BET) + rule_bonus_x[4] * BET);
    machine_destroy(m);
}

/* "Substituting the Scatter symbol pays the highest possible winning combination in a cluster
 * according to the Paytable." -- the game's decision (module header, README): a scatter next
 * to clusters of two different symbols belongs to both, each paid at its own size. */
static void test_decision_scatter_touching_two_symbols_belongs_to_both(void)
{
    const EventWin *w[4];
    Machine *m = base_spin("EXPLORER EXPLORER SCATTER A A / J TEN K A J / K Q J TEN K / "
                           "J TEN K Q J / K Q J TEN K", BET);
    CHECK_EQ_INT(wins_of(m, 0, w, 4), 2);
    const EventWin *e = win_find(m, 0, WIN_CLUSTER, EXPLORER);
    const EventWin *a = win_find(m, 0, WIN_CLUSTER, sym("A"));
    CHECK_EQ_INT(e->count, 3);
    CHECK_EQ_INT(e->amount, coins_at(EXP_3, BET));
    CHECK_EQ_INT(a->count, 4);
    CHECK_EQ_INT(a->amount, coins_at(A_4, BET));
    CHECK(e->cells & a->cells & grid_bit(0, 2));
    CHECK_EQ_INT(round_total(m), coins_at(EXP_3 + A_4, BET));
    machine_destroy(m);
}

/* ---- bonus prize and free spins ---------------------------------------------------------- */

/* "3 or more Scatter symbols appearing anywhere on the reels in the main game or Free Spins
 * award 10 Free Spins and a Bonus prize." / "3 2 times the bet, 4 20 times the bet, 5 200
 * times the bet" (main game; 2 scatters give nothing) */
static void test_rule_scatters_award_free_spins_and_bonus_in_main_game(void)
{
    static const char *const screens[] = {
        "SCATTER Q J TEN K / J TEN K Q J / K Q SCATTER TEN K / J TEN K Q J / K Q J TEN K",
        SCAT3,
        "SCATTER Q J TEN SCATTER / J TEN K Q J / K Q SCATTER TEN K / J TEN K Q J / "
        "K Q J TEN SCATTER",
        "SCATTER Q J TEN SCATTER / J TEN K Q J / K Q SCATTER TEN K / J TEN K Q J / "
        "SCATTER Q J TEN SCATTER",
    };
    static const Money bets[] = {200, 1000};
    for (size_t b = 0; b < 2; b++)
        for (int k = 0; k < 4; k++) {
            const int nsc = k + 2;
            Machine *m = base_spin(screens[k], bets[b]);
            const EventWin *w[4];
            const int award = find_event(m, EVENT_FEATURE_AWARD, 0);
            if (nsc < 3) {
                CHECK_EQ_INT(wins_of(m, 0, w, 4), 0);
                CHECK_EQ_INT(award, -1);
                CHECK(!machine_in_round(m));
                CHECK_EQ_INT(round_total(m), 0);
            } else {
                CHECK_EQ_INT(wins_of(m, 0, w, 4), 1);
                CHECK_EQ_INT(w[0]->kind, WIN_BONUS);
                CHECK_EQ_INT(w[0]->count, nsc);
                CHECK_EQ_INT(w[0]->amount, rule_bonus_x[nsc] * bets[b]);
                CHECK(award >= 0);
                CHECK_EQ_INT(event_at(m, award)->award.spins, FREE_SPINS);
                CHECK_EQ_INT(event_at(m, award)->award.free_left, FREE_SPINS);
                CHECK_EQ_INT(event_at(m, award)->award.retrigger, 0);
                CHECK_EQ_INT(machine_allowed(m), 1u << CMD_START);
                CHECK_EQ_INT(machine_summary(m)->total_win, rule_bonus_x[nsc] * bets[b]);
            }
            machine_destroy(m);
        }
}

/* "3 or more Scatter symbols appearing anywhere on the reels in the main game or Free Spins
 * award 10 Free Spins and a Bonus prize." (in free spins: 10 more are played) */
static void test_rule_scatters_retrigger_in_free_spins(void)
{
    Machine *m = start_mask_free_spins(BET, 0);
    static const char *const fs[] = {DEAD, SCAT3};
    const int played = free_round(m, fs, 2);
    CHECK_EQ_INT(played, 2 * FREE_SPINS);
    const int award = event_in_spin(m, 2, EVENT_FEATURE_AWARD);
    CHECK(award >= 0);
    CHECK_EQ_INT(event_at(m, award)->award.spins, FREE_SPINS);
    CHECK_EQ_INT(event_at(m, award)->award.retrigger, 1);
    CHECK_EQ_INT(event_at(m, award)->award.free_left, FREE_SPINS - 2 + FREE_SPINS);
    const EventWin *bonus = win_find(m, 2, WIN_BONUS, SCATTER);
    CHECK_EQ_INT(bonus->count, 3);
    CHECK_EQ_INT(bonus->amount, rule_bonus_x[3] * BET);
    const int end = find_event(m, EVENT_FEATURE_END, 0);
    CHECK_EQ_INT(event_at(m, end)->feature_end.spins_played, 2 * FREE_SPINS);
    CHECK_EQ_INT(event_at(m, end)->feature_end.total_win, rule_bonus_x[3] * BET);
    CHECK_EQ_INT(round_total(m), 2 * rule_bonus_x[3] * BET);
    CHECK_EQ_INT(count_type(m, EVENT_SCREEN), 1 + 2 * FREE_SPINS);
    machine_destroy(m);
}

/* "3 or more Scatter symbols appearing anywhere on the reels in the main game or Free Spins
 * award 10 Free Spins and a Bonus prize." (a scatter that landed in a row an expanding
 * symbol then covers has still appeared on the reels) */
static void test_rule_scatters_under_an_expansion_still_count(void)
{
    Machine *m = start_mask_free_spins(BET, 0);
    /* row 1: MASK MASK expand over the scatter at (1,4) */
    static const char *const fs[] = {
        "SCATTER Q J TEN K / MASK MASK K Q SCATTER / K Q J TEN K / J TEN K Q J / K Q J TEN SCATTER",
    };
    const int played = free_round(m, fs, 1);
    const EventWin *bonus = win_find(m, 1, WIN_BONUS, SCATTER);
    CHECK_EQ_INT(bonus->count, 3);
    CHECK_EQ_INT(bonus->amount, rule_bonus_x[3] * BET);
    CHECK(event_in_spin(m, 1, EVENT_FEATURE_AWARD) >= 0);
    CHECK_EQ_INT(played, 2 * FREE_SPINS);
    machine_destroy(m);
}

/* "All prizes are paid in clusters, except for Bonus prizes in Free Spins." (every win of
 * drawn rounds is a cluster, the expanding symbols' cluster, or a bonus prize) */
static void test_rule_all_prizes_are_cluster_prizes_except_bonus(void)
{
    Machine *m = new_machine(BET);
    int other = 0, rounds = 0;
    for (uint64_t seed = 1; seed <= 300; seed++) {
        if (tu_play_round(m, seed) < 0)
            exit(2);
        rounds++;
        int n;
        const Event *ev = machine_events(m, &n);
        for (int i = 0; i < n; i++)
            if (ev[i].type == EVENT_WIN && ev[i].win.kind != WIN_CLUSTER &&
                ev[i].win.kind != WIN_EXPANDING && ev[i].win.kind != WIN_BONUS)
                other++;
    }
    CHECK_EQ_INT(other, 0);
    CHECK_EQ_INT(rounds, 300);
    machine_destroy(m);
}

/* "At the start of Free Spins, you can randomly choose one of the symbols to be an Expanding
 * Symbol." (nine tiles, the picked one shows the expanding symbol; the tile picked does not
 * change the round) */
static void test_rule_pick_one_of_the_symbols_as_expanding_symbol(void)
{
    int expanding0 = -1;
    Money total0 = -1;
    int played0 = -1;
    for (int k = 0; k < 9; k++) {
        Machine *m = new_machine(BET);
        force_base(m, SCAT3);
        if (cmd(m, CMD_SPIN, 777, 0) || cmd(m, CMD_START, 0, k))
            exit(2);
        const int i = find_event(m, EVENT_FEATURE_START, 0);
        CHECK(i >= 0);
        const EventFeatureStart *fs = &event_at(m, i)->feature_start;
        CHECK_EQ_INT(fs->ntiles, 9);
        CHECK_EQ_INT(fs->choice, k);
        CHECK_EQ_INT(fs->tiles[k], fs->expanding);
        CHECK_EQ_INT(fs->free_left, FREE_SPINS);
        CHECK(fs->expanding != SCATTER);
        uint32_t seen = 0;
        for (int t = 0; t < 9; t++) {
            CHECK(fs->tiles[t] < def.nsymbols);
            CHECK(fs->tiles[t] != SCATTER);
            CHECK(!(seen >> fs->tiles[t] & 1u));
            seen |= 1u << fs->tiles[t];
        }
        CHECK_EQ_INT(__builtin_popcount(seen), 9);
        const int expanding = fs->expanding;
        const int played = play_free_spins(m); /* drawn, not forced */
        if (k == 0) {
            expanding0 = expanding;
            total0 = round_total(m);
            played0 = played;
        } else {
            CHECK_EQ_INT(expanding, expanding0);
            CHECK_EQ_INT(round_total(m), total0);
            CHECK_EQ_INT(played, played0);
        }
        machine_destroy(m);
    }
    CHECK(played0 >= FREE_SPINS);
}

/* ---- the expanding symbol ------------------------------------------------------------------ */

/* "In Free Spins, two or more adjacent Expanding Symbols horizontally or vertically on the
 * reels expand to cover the entire row or reel, respectively." */
static void test_rule_adjacent_expanding_symbols_cover_row_or_reel(void)
{
    /* a row */
    Machine *m = start_mask_free_spins(BET, 3);
    static const char *const row[] = {
        "K Q J TEN K / J MASK MASK Q J / K Q J TEN K / J TEN K Q J / K Q J TEN K"};
    free_round(m, row, 1);
    int x = event_in_spin(m, 1, GONZO_EVENT_EXPAND);
    CHECK(x >= 0);
    const EventExpand *e = gonzo_expand(event_at(m, x));
    CHECK_EQ_INT(e->symbol, MASK);
    CHECK_EQ_INT(e->rows, 1u << 1);
    CHECK_EQ_INT(e->reels, 0);
    for (int c = 0; c < 5; c++)
        CHECK_EQ_INT(e->screen.cell[1][c], MASK);
    CHECK_EQ_INT(e->screen.cell[0][1], sym("Q"));
    CHECK_EQ_INT(e->screen.cell[2][2], sym("J"));
    static const int newc[][2] = {{1, 0}, {1, 3}, {1, 4}};
    CHECK_EQ_INT(e->cells, cells(newc, 3));
    const EventWin *xw = win_find(m, 1, WIN_EXPANDING, MASK);
    CHECK_EQ_INT(xw->count, 5);
    CHECK_EQ_INT(xw->amount, coins_at(MASK_5, BET));
    CHECK_EQ_INT(round_total(m), rule_bonus_x[3] * BET + coins_at(MASK_5, BET));
    machine_destroy(m);

    /* a reel */
    m = start_mask_free_spins(BET, 3);
    static const char *const reel[] = {
        "K Q J TEN K / J TEN K MASK J / K Q J MASK K / J TEN K Q J / K Q J TEN K"};
    free_round(m, reel, 1);
    x = event_in_spin(m, 1, GONZO_EVENT_EXPAND);
    CHECK(x >= 0);
    e = gonzo_expand(event_at(m, x));
    CHECK_EQ_INT(e->rows, 0);
    CHECK_EQ_INT(e->reels, 1u << 3);
    for (int r = 0; r < 5; r++)
        CHECK_EQ_INT(e->screen.cell[r][3], MASK);
    CHECK_EQ_INT(e->screen.cell[1][2], sym("K"));
    CHECK_EQ_INT(win_find(m, 1, WIN_EXPANDING, MASK)->count, 5);
    CHECK_EQ_INT(round_total(m), rule_bonus_x[3] * BET + coins_at(MASK_5, BET));
    machine_destroy(m);

    /* a lone expanding symbol does not expand */
    m = start_mask_free_spins(BET, 3);
    static const char *const lone[] = {
        "K Q J TEN K / J MASK K Q J / K Q J TEN K / J TEN K Q J / K Q J TEN K"};
    free_round(m, lone, 1);
    CHECK_EQ_INT(event_in_spin(m, 1, GONZO_EVENT_EXPAND), -1);
    CHECK_EQ_INT(round_total(m), rule_bonus_x[3] * BET);
    machine_destroy(m);
}

/* "Scatter symbols that substitute for Expanding Symbols do not expand, and they do not cause
 * adjacent Expanding Symbols to expand." */
static void test_rule_scatters_do_not_expand_nor_make_expanding_symbols_expand(void)
{
    Machine *m = start_mask_free_spins(BET, 0);
    /* MASK SCATTER MASK: a 3-cluster of MASK with the scatter, but no two MASKs adjacent */
    static const char *const fs[] = {
        "K Q J TEN K / J MASK SCATTER MASK J / K Q J TEN K / J TEN K Q J / K Q J TEN K",
        "K Q J TEN K / J MASK K Q J / K SCATTER J TEN K / J TEN K Q J / K Q J TEN K",
    };
    free_round(m, fs, 2);
    CHECK_EQ_INT(count_type(m, GONZO_EVENT_EXPAND), 0);
    const EventWin *w[4];
    CHECK_EQ_INT(wins_of(m, 1, w, 4), 1);
    CHECK_EQ_INT(w[0]->kind, WIN_CLUSTER);
    CHECK_EQ_INT(w[0]->symbol, MASK);
    CHECK_EQ_INT(w[0]->count, 3);
    CHECK_EQ_INT(w[0]->amount, coins_at(MASK_3, BET));
    CHECK_EQ_INT(wins_of(m, 2, w, 4), 0);
    CHECK_EQ_INT(round_total(m), rule_bonus_x[3] * BET + coins_at(MASK_3, BET));
    machine_destroy(m);
}

/* "Expanding Symbols that are adjacent as a result of Expanding Symbols expanding are not
 * expanded." (row 0 expands; the MASK at (1,3) then touches the new MASK at (0,3), and reel 3
 * does not expand) */
static void test_rule_adjacency_made_by_expansion_does_not_expand(void)
{
    Machine *m = start_mask_free_spins(BET, 0);
    static const char *const fs[] = {
        "MASK MASK J TEN K / J TEN K MASK J / K Q J TEN K / J TEN K Q J / K Q J TEN K"};
    free_round(m, fs, 1);
    const int x = event_in_spin(m, 1, GONZO_EVENT_EXPAND);
    CHECK(x >= 0);
    CHECK_EQ_INT(count_type(m, GONZO_EVENT_EXPAND), 1);
    const EventExpand *e = gonzo_expand(event_at(m, x));
    CHECK_EQ_INT(e->rows, 1u << 0);
    CHECK_EQ_INT(e->reels, 0);
    CHECK_EQ_INT(e->screen.cell[1][3], MASK);
    CHECK_EQ_INT(e->screen.cell[2][3], sym("TEN"));
    CHECK_EQ_INT(e->screen.cell[3][3], sym("Q"));
    CHECK_EQ_INT(e->screen.cell[4][3], sym("TEN"));
    const EventWin *xw = win_find(m, 1, WIN_EXPANDING, MASK);
    CHECK_EQ_INT(xw->count, 6);
    CHECK_EQ_INT(xw->amount, coins_at(MASK_6_7, BET));
    CHECK_EQ_INT(round_total(m), rule_bonus_x[3] * BET + coins_at(MASK_6_7, BET));
    machine_destroy(m);
}

/* "Expanding Symbols expand after initial wins have been evaluated." (a cluster of A that the
 * expansion of reel 0 cuts is paid at its landed size, and its win comes before the EXPAND
 * event) */
static void test_rule_expansion_after_initial_wins(void)
{
    Machine *m = start_mask_free_spins(BET, 0);
    static const char *const fs[] = {
        "MASK Q J TEN K / MASK TEN K Q J / A A A A K / J TEN K Q J / K Q J TEN K"};
    free_round(m, fs, 1);
    const int x = event_in_spin(m, 1, GONZO_EVENT_EXPAND);
    const int cw = event_in_spin(m, 1, EVENT_WIN);
    CHECK(x >= 0);
    CHECK(cw >= 0 && cw < x);
    const EventWin *a = &event_at(m, cw)->win;
    CHECK_EQ_INT(a->kind, WIN_CLUSTER);
    CHECK_EQ_INT(a->symbol, sym("A"));
    CHECK_EQ_INT(a->count, 4);
    CHECK_EQ_INT(a->amount, coins_at(A_4, BET));
    CHECK_EQ_INT(gonzo_expand(event_at(m, x))->reels, 1u << 0);
    CHECK_EQ_INT(gonzo_expand(event_at(m, x))->screen.cell[2][0], MASK);
    const EventWin *w[4];
    CHECK_EQ_INT(wins_of(m, 1, w, 4), 2);
    CHECK_EQ_INT(w[1]->kind, WIN_EXPANDING);
    CHECK_EQ_INT(w[1]->count, 5);
    CHECK(win_index(m, 1, WIN_EXPANDING) > x);
    CHECK_EQ_INT(round_total(m), rule_bonus_x[3] * BET + coins_at(A_4 + MASK_5, BET));

    /* the initial MASK cluster is paid at its landed size (3), then the expanding prize */
    machine_destroy(m);
    m = start_mask_free_spins(BET, 0);
    static const char *const fs2[] = {
        "MASK MASK MASK TEN K / J TEN K Q J / K Q J TEN K / J TEN K Q J / K Q J TEN K"};
    free_round(m, fs2, 1);
    CHECK_EQ_INT(wins_of(m, 1, w, 4), 2);
    CHECK_EQ_INT(w[0]->kind, WIN_CLUSTER);
    CHECK_EQ_INT(w[0]->count, 3);
    CHECK_EQ_INT(w[0]->amount, coins_at(MASK_3, BET));
    CHECK_EQ_INT(w[1]->kind, WIN_EXPANDING);
    CHECK_EQ_INT(w[1]->count, 5);
    CHECK_EQ_INT(w[1]->amount, coins_at(MASK_5, BET));
    CHECK_EQ_INT(round_total(m), rule_bonus_x[3] * BET + coins_at(MASK_3 + MASK_5, BET));
    machine_destroy(m);
}

/* "After evaluating the initial prizes and expanding the Expanding Symbols, an additional
 * cluster prize is awarded for clustering Expanding Symbols. Once this cluster prize has been
 * evaluated, all Expanding Symbols are considered adjacent, regardless of their position on
 * the reels." / "Multiple clusters ... except for clusters of Expanding Symbols evaluated
 * during the evaluation of the additional cluster prize in the Free Spins." */
static void test_rule_all_expanding_symbols_form_one_additional_cluster(void)
{
    /* three MASKs far apart: no initial win, one 3-cluster for the additional prize */
    Machine *m = start_mask_free_spins(BET, 0);
    static const char *const fs[] = {
        "MASK Q J TEN K / J TEN K Q J / K Q MASK TEN K / J TEN K Q J / K Q J TEN MASK",
        /* row 0 expands (5), a lone MASK at (3,3), a scatter at (4,4) not counted: 6 */
        "MASK MASK J TEN K / J TEN K Q J / K Q J TEN K / J TEN K MASK J / K Q J TEN SCATTER",
        /* two separate initial MASK clusters of 3 (row 0 and row 4, both expand): 10 */
        "MASK MASK MASK TEN K / J TEN K Q J / K Q J TEN K / J TEN K Q J / K Q MASK MASK MASK",
    };
    free_round(m, fs, 3);
    const EventWin *w[4];
    CHECK_EQ_INT(wins_of(m, 1, w, 4), 1);
    CHECK_EQ_INT(w[0]->kind, WIN_EXPANDING);
    CHECK_EQ_INT(w[0]->symbol, MASK);
    CHECK_EQ_INT(w[0]->count, 3);
    static const int c3[][2] = {{0, 0}, {2, 2}, {4, 4}};
    CHECK_EQ_INT(w[0]->cells, cells(c3, 3));
    CHECK_EQ_INT(w[0]->amount, coins_at(MASK_3, BET));

    CHECK_EQ_INT(wins_of(m, 2, w, 4), 1);
    CHECK_EQ_INT(w[0]->kind, WIN_EXPANDING);
    CHECK_EQ_INT(w[0]->count, 6);
    CHECK(!(w[0]->cells & grid_bit(4, 4)));
    CHECK_EQ_INT(w[0]->amount, coins_at(MASK_6_7, BET));

    CHECK_EQ_INT(wins_of(m, 3, w, 4), 3);
    CHECK_EQ_INT(w[0]->kind, WIN_CLUSTER);
    CHECK_EQ_INT(w[0]->count, 3);
    CHECK_EQ_INT(w[1]->kind, WIN_CLUSTER);
    CHECK_EQ_INT(w[1]->count, 3);
    CHECK_EQ_INT(w[2]->kind, WIN_EXPANDING);
    CHECK_EQ_INT(w[2]->count, 10);
    CHECK_EQ_INT(w[2]->amount, coins_at(80, BET)); /* MASK 8-10 */

    const Money feature = coins_at(MASK_3 + MASK_6_7 + 2 * MASK_3 + 80, BET);
    CHECK_EQ_INT(round_total(m), rule_bonus_x[3] * BET + feature);
    machine_destroy(m);
}

/* ---- the free spins round ----------------------------------------------------------------- */

/* "Free Spins end when there are no more Free Spins remaining." / "At the end of the Free
 * Spins, the game returns to the main game." */
static void test_rule_free_spins_end_when_none_remain(void)
{
    Machine *m = start_mask_free_spins(BET, 0);
    force_free(m, NULL, 0, MAX_FORCED);
    CHECK_EQ_INT(play_free_spins(m), FREE_SPINS);
    CHECK_EQ_INT(machine_forced_left(m), MAX_FORCED - FREE_SPINS);
    CHECK_EQ_INT(count_type(m, EVENT_SCREEN), 1 + FREE_SPINS);
    CHECK_EQ_INT(count_type(m, EVENT_FEATURE_END), 1);
    CHECK_EQ_INT(event_at(m, find_event(m, EVENT_FEATURE_END, 0))->feature_end.spins_played,
                 FREE_SPINS);
    CHECK(!machine_in_round(m));
    CHECK_EQ_INT(machine_allowed(m), 1u << CMD_SPIN);
    machine_destroy(m);
}

/* "Free Spins are played with the same bet as the round that activated the Free Spins." /
 * "At the end of Free Spins, the total winnings from the Free Spins are added to the winnings
 * from the round that activated the Free Spins." */
static void test_rule_free_spins_same_bet_and_winnings_added(void)
{
    static const Money bets[] = {200, 1000};
    for (size_t b = 0; b < 2; b++) {
        const Money bet = bets[b];
        Machine *m = new_machine(bet);
        /* base: 3 scatters and a 3-cluster of EXPLORER */
        force_base(m, "SCATTER Q J TEN K / J TEN K Q J / K Q SCATTER TEN K / J TEN K Q J / "
                      "EXPLORER EXPLORER EXPLORER TEN SCATTER");
        if (cmd(m, CMD_SPIN, mask_seed, 0))
            exit(2);
        /* the bet cannot change now */
        Bet nb = *machine_bet(m);
        nb.v[gamedef_bet_index(&def, "bet")] = 20;
        Error err = {{0}};
        CHECK(machine_set_bet(m, &nb, &err) != 0);
        if (cmd(m, CMD_START, 0, 4))
            exit(2);
        static const char *const fs[] = {
            "EXPLORER EXPLORER EXPLORER TEN K / J TEN K Q J / K Q J TEN K / J TEN K Q J / K Q J TEN K",
            DEAD,
            "MASK Q J TEN K / J TEN K Q J / K Q MASK TEN K / J TEN K Q J / K Q J TEN MASK",
        };
        CHECK_EQ_INT(free_round(m, fs, 3), FREE_SPINS);
        const Money base = rule_bonus_x[3] * bet + coins_at(EXP_3, bet);
        const Money feature = coins_at(EXP_3, bet) + coins_at(MASK_3, bet);
        CHECK_EQ_INT(win_find(m, 1, WIN_CLUSTER, EXPLORER)->amount, EXP_3 * bet / 20);
        CHECK_EQ_INT(win_find(m, 3, WIN_EXPANDING, MASK)->amount, MASK_3 * bet / 20);
        const int end = find_event(m, EVENT_FEATURE_END, 0);
        CHECK(end >= 0);
        CHECK_EQ_INT(event_at(m, end)->feature_end.total_win, feature);
        CHECK_EQ_INT(round_total(m), base + feature);
        CHECK_EQ_INT(machine_summary(m)->total_win, base + feature);
        CHECK_EQ_INT(machine_summary(m)->bet, bet);
        CHECK_EQ_INT(machine_bet(m)->v[gamedef_bet_index(&def, "bet")], bet);
        machine_destroy(m);
    }
}

/* The module's cap (module header, features.max_win_x_bet = 5000; the rules text states
 * none): the win that reaches 5000 x bet is cut to it and the round ends there. */
static void test_module_max_win_cap(void)
{
    Machine *m = start_mask_free_spins(BET, 0);
    static const char *const fs[] = {
        "EXPLORER EXPLORER EXPLORER EXPLORER EXPLORER / EXPLORER EXPLORER EXPLORER EXPLORER "
        "EXPLORER / EXPLORER EXPLORER EXPLORER EXPLORER EXPLORER / EXPLORER EXPLORER EXPLORER "
        "EXPLORER EXPLORER / EXPLORER EXPLORER EXPLORER EXPLORER EXPLORER"};
    CHECK_EQ_INT(free_round(m, fs, 1), 1);
    const EventWin *w = win_find(m, 1, WIN_CLUSTER, EXPLORER);
    CHECK_EQ_INT(w->count, 25);
    CHECK_EQ_INT(w->coins, EXP_25);
    CHECK_EQ_INT(w->amount, (Money)MAX_WIN_X * BET - rule_bonus_x[3] * BET);
    CHECK_EQ_INT(round_total(m), (Money)MAX_WIN_X * BET);
    CHECK(!machine_in_round(m));
    machine_destroy(m);

    /* and over many drawn rounds, none exceeds it */
    Error err = {{0}};
    Machine *t = machine_create(&(MachineDesc){.game = &def, .tally_only = true}, &err);
    CHECK(t != NULL);
    if (!t)
        return;
    const uint64_t seed0 = test_seed();
    Money worst = 0;
    for (uint64_t i = 0; i < 200000; i++) {
        if (machine_play_round(t, seed0 + i, STRATEGY_AUTO, &err)) {
            fprintf(stderr, "round %llu: %s\n", (unsigned long long)(seed0 + i), err.msg);
            CHECK(0);
            break;
        }
        const RoundSummary *s = machine_summary(t);
        if (s->total_win > worst)
            worst = s->total_win;
    }
    CHECK(worst <= (Money)MAX_WIN_X * BET);
    machine_destroy(t);
}

int main(int argc, char **argv)
{
    test_init(argc, argv);
    if (tu_load_game("gonzos-gold", &def))
        return 2;
    EXPLORER = sym("EXPLORER");
    MASK = sym("MASK");
    SCATTER = sym("SCATTER");
    find_mask_seed();

    RUN(test_rule_3_high_or_4_low_in_a_cluster_award_a_prize);
    RUN(test_rule_adjacent_vertically_or_horizontally_only);
    RUN(test_rule_separate_clusters_of_a_symbol_pay_individually);
    RUN(test_rule_only_the_highest_profit_per_group);
    RUN(test_rule_earnings_of_several_groups_are_added);
    RUN(test_rule_payouts_change_with_the_bet);

    RUN(test_rule_scatter_substitutes_for_all_symbols);
    RUN(test_rule_scatters_win_only_in_a_grouping_of_other_symbols);
    RUN(test_decision_scatter_touching_two_symbols_belongs_to_both);

    RUN(test_rule_scatters_award_free_spins_and_bonus_in_main_game);
    RUN(test_rule_scatters_retrigger_in_free_spins);
    RUN(test_rule_scatters_under_an_expansion_still_count);
    RUN(test_rule_all_prizes_are_cluster_prizes_except_bonus);
    RUN(test_rule_pick_one_of_the_symbols_as_expanding_symbol);

    RUN(test_rule_adjacent_expanding_symbols_cover_row_or_reel);
    RUN(test_rule_scatters_do_not_expand_nor_make_expanding_symbols_expand);
    RUN(test_rule_adjacency_made_by_expansion_does_not_expand);
    RUN(test_rule_expansion_after_initial_wins);
    RUN(test_rule_all_expanding_symbols_form_one_additional_cluster);

    RUN(test_rule_free_spins_end_when_none_remain);
    RUN(test_rule_free_spins_same_bet_and_winnings_added);
    RUN(test_module_max_win_cap);
    return test_done();
}
