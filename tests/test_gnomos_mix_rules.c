/* test_gnomos_mix_rules.c - Gnomos Mix's lower game against its rules (shared/rules/
 * gnomos-mix-golden-edition.txt, sections 1-2) and the decisions of games/gnomos-mix/README.md.
 *
 * One test per behavioural sentence, named after it. Screens are forced by their centre line
 * (the forced column's strip window, so advances move along the real strip); the game's named
 * draws (hold, advances, risk, cauldron, extra_spin, extra_prize, bonus_round) force what the
 * controller would decide. Machines start with a large reserve so that every prize is
 * covered, except in the controller's own tests. Prizes at 0.20: Any Diamonds 0.40, Plums
 * 0.80, Grapes 1.60, Oranges 2.40, Lemons 3.20, Bells 4, Green 8, Red 20, Blue 100. */
#include "event.h"
#include "gamedef.h"
#include "games.h"
#include "games/gnomos_mix_events.h"
#include "machine.h"
#include "test.h"
#include "testutil.h"

enum { D_HOLD, D_ADVANCES, D_RISK, D_CAULDRON, D_EXTRA, D_EXTRA_PRIZE, D_BONUS_ROUND };
enum { RICH = 1000000000 }; /* a reserve (hundredths of a cent) that covers any prize */

static GameDef def;
static ForcedSpin fs[4];

/* Windows (top, line, bottom) of the strips in games/gnomos-mix/game.json. */
#define PLUM_L "ORANGE PLUM LEMON"       /* reel 1, stop 3 */
#define PLUM_M "GRAPES PLUM ORANGE"      /* reel 2, stop 0 */
#define BLUE_R_PLUM_ABOVE "PLUM BLUE GRAPES" /* reel 3, stop 2 */

static Machine *rich(int64_t reserve)
{
    int64_t v[CARRIED_MAX] = {reserve};
    Error err = {{0}};
    Machine *m = machine_create(&(MachineDesc){.game = &def, .carried = v}, &err);
    if (!m)
        fprintf(stderr, "%s\n", err.msg);
    return m;
}

/* A screen from three columns (top line bottom, each "A B C"). */
static Grid cols(const char *c0, const char *c1, const char *c2)
{
    char a[3][3][16];
    sscanf(c0, "%15s %15s %15s", a[0][0], a[0][1], a[0][2]);
    sscanf(c1, "%15s %15s %15s", a[1][0], a[1][1], a[1][2]);
    sscanf(c2, "%15s %15s %15s", a[2][0], a[2][1], a[2][2]);
    Grid g = {.rows = 3, .cols = 3};
    for (int c = 0; c < 3; c++)
        for (int r = 0; r < 3; r++)
            g.cell[r][c] = (uint8_t)tu_symbol(&def, a[c][r]);
    return g;
}

/* A screen whose line is `l0 l1 l2` (other rows as the strip has them). */
static Grid line(const char *l0, const char *l1, const char *l2)
{
    Grid g = {.rows = 3, .cols = 3};
    const char *l[3] = {l0, l1, l2};
    for (int c = 0; c < 3; c++)
        for (int r = 0; r < 3; r++)
            g.cell[r][c] = (uint8_t)tu_symbol(&def, r == 1 ? l[c] : "WINDOW");
    return g;
}

/* Forces spin i's screen and draws (pairs draw, value; -1 ends). */
static void force(Machine *m, int n, int i, Grid screen, const int *draws)
{
    fs[i] = (ForcedSpin){.forced = true, .screen = screen};
    for (int k = 0; draws && draws[k] >= 0; k += 2) {
        fs[i].draws[fs[i].ndraws].draw = (uint8_t)draws[k];
        fs[i].draws[fs[i].ndraws++].value = draws[k + 1];
    }
    if (i == n - 1)
        machine_force(m, fs, n);
}

static void cmd(Machine *m, CommandType t, uint32_t arg)
{
    Error err = {{0}};
    int rc = machine_command(m, &(Command){.type = t, .arg = arg, .seed = 7}, &err);
    if (rc)
        fprintf(stderr, "%s\n", err.msg);
    CHECK(rc == 0);
}

static const Event *last(Machine *m, EventType t)
{
    int n;
    const Event *ev = machine_events(m, &n);
    for (int i = n - 1; i >= 0; i--)
        if (ev[i].type == t)
            return &ev[i];
    return NULL;
}

static bool offers(Machine *m, CommandType t) { return machine_allowed(m) >> t & 1u; }

static const int NO_FEATURES[] = {D_HOLD, 0, D_ADVANCES, 0, D_EXTRA, 0, -1};

/* "When any of the combinations ... are placed on the central prize line, the player
 * receives a direct prize" */
static void test_rule_direct_award_on_the_central_line(void)
{
    Machine *m = rich(RICH);
    force(m, 1, 0, line("PLUM", "PLUM", "PLUM"), NO_FEATURES);
    cmd(m, CMD_SPIN, 0);
    CHECK(last(m, EVENT_PRIZE) && last(m, EVENT_PRIZE)->prize.amount == 80);
    cmd(m, CMD_COLLECT, 0);
    CHECK_EQ_INT(machine_summary(m)->total_win, 80);
    machine_destroy(m);
}

/* "Prize 1 - Any Diamonds": three diamonds of any colours */
static void test_rule_any_diamonds(void)
{
    Machine *m = rich(RICH);
    force(m, 1, 0, line("GREEN", "RED", "BLUE"), NO_FEATURES);
    cmd(m, CMD_SPIN, 0);
    CHECK(last(m, EVENT_PRIZE) && last(m, EVENT_PRIZE)->prize.amount == 40);
    machine_destroy(m);
}

/* "When selecting the bet, the possible prizes ..." : the table scales with the bet (notes:
 * red 100x and blue 500x at 0.20, else 200x and 1000x) */
static void test_rule_prizes_follow_the_bet(void)
{
    static const struct { const char *bet, *fig; Money prize; } t[] = {
        {"bet=20", "RED", 2000},    {"bet=20", "BLUE", 10000},   {"bet=100", "RED", 20000},
        {"bet=2000", "BLUE", 2000000}, {"bet=500", "GREEN", 20000}, {"bet=1000", "GREEN", 40000},
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        Machine *m = rich((int64_t)RICH * 1000);
        CHECK(tu_set_bet(m, t[i].bet) == 0);
        force(m, 1, 0, line(t[i].fig, t[i].fig, t[i].fig), NO_FEATURES);
        cmd(m, CMD_SPIN, 0);
        CHECK_EQ_INT(machine_summary(m)->total_win, t[i].prize); /* above the Bells: collected */
        machine_destroy(m);
    }
}

/* "a direct prize, either in cash or in the form of Bonuses": 1, 2 or 3 Bonus figures pay
 * 1-2-6 Bonuses at 0.20, 5-10-30 at 1 EUR */
static void test_rule_bonus_figures_pay_bonuses(void)
{
    static const struct { const char *bet, *l1, *l2; int64_t n; } t[] = {
        {"bet=20", "PLUM", "GRAPES", 1}, {"bet=20", "BONUS", "GRAPES", 2}, {"bet=20", "BONUS", "BONUS", 6},
        {"bet=100", "PLUM", "GRAPES", 5}, {"bet=100", "BONUS", "BONUS", 30},
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        Machine *m = rich((int64_t)RICH * 10);
        CHECK(tu_set_bet(m, t[i].bet) == 0);
        force(m, 1, 0, line("BONUS", t[i].l1, t[i].l2), NO_FEATURES);
        cmd(m, CMD_SPIN, 0);
        CHECK_EQ_INT(machine_summary(m)->win_bonuses, t[i].n);
        CHECK(!machine_in_round(m));
        machine_destroy(m);
    }
}

/* "two identical figures on 2 of the 3 reels ... the next game has two of the three reels
 * ... retained ... the only one that spins is the third reel (this next game does not entail
 * any additional cost)"; "The game program can automatically hold both reels" */
static void test_rule_retention_holds_the_pair_for_a_free_game(void)
{
    Machine *m = rich(RICH);
    const int d[] = {D_HOLD, 1, -1};
    force(m, 2, 0, line("PLUM", "PLUM", "GRAPES"), d);
    force(m, 2, 1, line("PLUM", "PLUM", "ORANGE"), NO_FEATURES);
    cmd(m, CMD_SPIN, 0);
    CHECK(offers(m, CMD_HOLD));
    Command c;
    CHECK(machine_choose(m, STRATEGY_AUTO, &c) && c.type == CMD_HOLD && c.arg == 3u);
    cmd(m, CMD_HOLD, 3);
    const Event *s = last(m, EVENT_SCREEN);
    CHECK(s && s->screen.spin_index == 1 && s->screen.held != 0);
    CHECK_EQ_INT(machine_summary(m)->bet, 20);
    CHECK(!machine_in_round(m));
    machine_destroy(m);
}

/* "the player can unlock or lock any reel (maximum two)" */
static void test_rule_hold_any_reel_at_most_two(void)
{
    Machine *m = rich(RICH);
    const int d[] = {D_HOLD, 1, -1};
    force(m, 2, 0, line("PLUM", "PLUM", "GRAPES"), d);
    force(m, 2, 1, line("LEMON", "BELL", "ORANGE"), NO_FEATURES);
    cmd(m, CMD_SPIN, 0);
    Error err;
    CHECK(machine_command(m, &(Command){.type = CMD_HOLD, .arg = 7}, &err) != 0);
    cmd(m, CMD_HOLD, 4); /* one reel, the third: the others spin */
    CHECK(last(m, EVENT_HOLD)->hold.reels == 4u);
    machine_destroy(m);
}

/* "even if all three reels are unlocked, the bet for the next game cannot be modified" */
static void test_rule_bet_cannot_change_for_the_held_game(void)
{
    Machine *m = rich(RICH);
    const int d[] = {D_HOLD, 1, -1};
    force(m, 1, 0, line("PLUM", "PLUM", "GRAPES"), d);
    cmd(m, CMD_SPIN, 0);
    Bet b = *machine_bet(m);
    b.v[0] = 100;
    Error err;
    CHECK(machine_set_bet(m, &b, &err) != 0);
    cmd(m, CMD_HOLD, 0); /* all released: still the same game, no cost */
    CHECK_EQ_INT(machine_summary(m)->bet, 20);
    machine_destroy(m);
}

/* "If the player does not win any prize ... Advances can be activated"; "a maximum of 4
 * advances"; "Each advance corresponds to a positional spin of the selected reel, obtaining
 * the immediately superior figure on the prize line" */
static void test_rule_advances_move_the_superior_figure_onto_the_line(void)
{
    Machine *m = rich(RICH);
    const int d[] = {D_HOLD, 0, D_ADVANCES, 3, -1};
    force(m, 1, 0, cols(PLUM_L, PLUM_M, BLUE_R_PLUM_ABOVE), d);
    cmd(m, CMD_SPIN, 0);
    const EventAdvance *a = gnomos_advance(last(m, GNOMOS_EVENT_ADVANCE));
    CHECK(a && a->reel == EVENT_OFF && a->left == 3);
    CHECK(offers(m, CMD_ADVANCE));
    cmd(m, CMD_ADVANCE, 2);
    a = gnomos_advance(last(m, GNOMOS_EVENT_ADVANCE));
    CHECK(a && a->reel == 2 && a->left == 2);
    CHECK_EQ_INT(a->screen.cell[1][2], tu_symbol(&def, "PLUM"));
    Error err;
    CHECK(machine_command(m, &(Command){.type = CMD_ADVANCE, .arg = 3}, &err) != 0);
    cmd(m, CMD_COLLECT, 0); /* stops advancing: the line's three Plums */
    CHECK(last(m, EVENT_PRIZE) && last(m, EVENT_PRIZE)->prize.amount == 80);
    machine_destroy(m);
}

/* "AUTO-ADVANCES ... always resulting in the best option for the player" */
static void test_rule_auto_advances_take_the_best_option(void)
{
    Machine *m = rich(RICH);
    const int d[] = {D_HOLD, 0, D_ADVANCES, 2, -1};
    force(m, 1, 0, cols(PLUM_L, PLUM_M, BLUE_R_PLUM_ABOVE), d);
    cmd(m, CMD_SPIN, 0);
    Command c;
    CHECK(machine_choose(m, STRATEGY_AUTO, &c) && c.type == CMD_ADVANCE && c.arg == 2);
    cmd(m, CMD_ADVANCE, 2);
    CHECK(machine_choose(m, STRATEGY_AUTO, &c) && c.type == CMD_COLLECT); /* it stops there */
    machine_destroy(m);
}

/* "In the event that a Bonus prize is won and ... a cash prize can be won, the Advances
 * function can also be activated" */
static void test_rule_advances_after_a_bonus_prize(void)
{
    Machine *m = rich(RICH);
    const int d[] = {D_ADVANCES, 2, -1};
    force(m, 1, 0, line("BONUS", "PLUM", "GRAPES"), d);
    cmd(m, CMD_SPIN, 0);
    CHECK_EQ_INT(machine_summary(m)->win_bonuses, 1);
    CHECK(offers(m, CMD_ADVANCE));
    machine_destroy(m);
}

/* "After the spin, the player does not get any winning combination or any other advance or
 * hold option. The game is over." */
static void test_rule_nothing_ends_the_game(void)
{
    Machine *m = rich(RICH);
    force(m, 1, 0, line("PLUM", "GRAPES", "ORANGE"), NO_FEATURES);
    cmd(m, CMD_SPIN, 0);
    CHECK(!machine_in_round(m));
    CHECK_EQ_INT(machine_summary(m)->total_win, 0);
    machine_destroy(m);
}

/* "When the three "Window" symbols appear ... three cauldrons ... The player must select one
 * of the lids ... This prize will be awarded"; the prize range at 0.20 is 0.40-100 */
static void test_rule_cauldrons_pick_one_lid(void)
{
    Machine *m = rich(RICH);
    const int d[] = {D_CAULDRON, 2, -1};
    force(m, 1, 0, line("WINDOW", "WINDOW", "WINDOW"), d);
    cmd(m, CMD_SPIN, 0);
    CHECK(offers(m, CMD_PICK));
    cmd(m, CMD_PICK, 1);
    const Event *p = last(m, EVENT_PICK);
    CHECK(p && p->pick.noptions == 3 && p->pick.choice == 1 && p->pick.amount[1] == 160);
    for (int i = 0; p && i < 3; i++)
        CHECK(p->pick.amount[i] >= 40 && p->pick.amount[i] <= 10000);
    CHECK(p && p->pick.amount[0] != p->pick.amount[1] && p->pick.amount[0] != p->pick.amount[2]);
    CHECK(offers(m, CMD_RISK)); /* "Prize money obtained in the Cauldrons ... access this game" */
    machine_destroy(m);
}

/* Sube-Bonos: "the machine can award the player the immediately higher prize ... or an
 * amount of Bonuses" */
static void test_rule_sube_bonos_higher_prize_or_bonuses(void)
{
    Machine *m = rich(RICH);
    const int d[] = {D_RISK, 1, D_RISK, 0, -1};
    force(m, 1, 0, line("PLUM", "PLUM", "PLUM"), d);
    cmd(m, CMD_SPIN, 0);
    cmd(m, CMD_RISK, 0);
    CHECK(last(m, EVENT_RISK)->risk.won && last(m, EVENT_RISK)->risk.amount == 160);
    cmd(m, CMD_RISK, 0);
    CHECK_EQ_INT(machine_summary(m)->win_bonuses, 2); /* 1.60 = 2 Bonuses of 0.80 */
    CHECK_EQ_INT(machine_summary(m)->total_win, 0);
    CHECK(!machine_in_round(m));
    machine_destroy(m);
}

/* "1 Bonus = 0.80 (The remainder is rounded randomly)" */
static void test_rule_bonus_remainder_rounded_randomly(void)
{
    for (int up = 0; up <= 1; up++) {
        Machine *m = rich(RICH);
        const int d[] = {D_RISK, 0, D_BONUS_ROUND, up, -1};
        force(m, 1, 0, line("GREEN", "RED", "BLUE"), d); /* 0.40: half a Bonus */
        cmd(m, CMD_SPIN, 0);
        cmd(m, CMD_RISK, 0);
        CHECK_EQ_INT(machine_summary(m)->win_bonuses, up);
        machine_destroy(m);
    }
}

/* "If the prize corresponding to the 3 Bells figures is exceeded, the game becomes a seesaw
 * ... If the immediately lower prize is obtained again, the game will once again return to
 * the Bonus-Up game mode" */
static void test_rule_seesaw_above_the_bells(void)
{
    Machine *m = rich(RICH);
    const int d[] = {D_RISK, 1, D_RISK, 1, D_RISK, 1, D_RISK, 0, D_RISK, 0, -1};
    force(m, 1, 0, line("ORANGE", "ORANGE", "ORANGE"), d);
    cmd(m, CMD_SPIN, 0);
    for (int i = 0; i < 3; i++)
        cmd(m, CMD_RISK, 0);
    CHECK_EQ_INT(last(m, EVENT_RISK)->risk.amount, 800); /* Green: a seesaw now */
    cmd(m, CMD_RISK, 0);
    CHECK(!last(m, EVENT_RISK)->risk.won && last(m, EVENT_RISK)->risk.amount == 400);
    CHECK(machine_in_round(m));
    cmd(m, CMD_RISK, 0); /* Bells: Sube-Bonos again, lost into 5 Bonuses */
    CHECK_EQ_INT(machine_summary(m)->win_bonuses, 5);
    machine_destroy(m);
}

/* "If the direct prize is higher than the 3 Bells, it will be automatically collected" */
static void test_rule_direct_prize_above_bells_collected(void)
{
    Machine *m = rich(RICH);
    force(m, 1, 0, line("GREEN", "GREEN", "GREEN"), NO_FEATURES);
    cmd(m, CMD_SPIN, 0);
    CHECK(!machine_in_round(m) && last(m, EVENT_COLLECT)->collect.amount == 800);
    machine_destroy(m);
}

/* Up-NOTHING: "the immediately higher prize in the payout plan, or for NOTHING" */
static void test_rule_up_nothing_higher_or_nothing(void)
{
    Machine *m = rich(RICH);
    const int d[] = {D_RISK, 0, -1};
    force(m, 1, 0, line("LEMON", "LEMON", "LEMON"), d);
    cmd(m, CMD_SPIN, 0);
    cmd(m, CMD_RISK, 0);
    CHECK(!machine_in_round(m));
    CHECK_EQ_INT(machine_summary(m)->total_win, 0);
    CHECK_EQ_INT(machine_summary(m)->win_bonuses, 0);
    machine_destroy(m);
}

/* "MAXIMUM PRIZE : If the player gets the maximum prize after climbing ... automatically
 * awarded and the game will end" */
static void test_rule_maximum_prize_ends_the_ladder(void)
{
    Machine *m = rich(RICH);
    const int d[] = {D_RISK, 1, D_RISK, 1, D_RISK, 1, D_RISK, 1, -1};
    force(m, 1, 0, line("LEMON", "LEMON", "LEMON"), d);
    cmd(m, CMD_SPIN, 0);
    for (int i = 0; i < 4; i++)
        cmd(m, CMD_RISK, 0);
    CHECK(!machine_in_round(m));
    CHECK_EQ_INT(machine_summary(m)->total_win, 10000);
    machine_destroy(m);
}

/* "COLLECT : If the player decides to collect the prize, the game ends"; AUTO-RISK "all
 * prizes ... will automatically be risked" (STRATEGY_AUTO); collect never risks */
static void test_rule_collect_or_auto_risk(void)
{
    Machine *m = rich(RICH);
    force(m, 1, 0, line("PLUM", "PLUM", "PLUM"), NO_FEATURES);
    cmd(m, CMD_SPIN, 0);
    Command c;
    CHECK(machine_choose(m, STRATEGY_AUTO, &c) && c.type == CMD_RISK);
    CHECK(machine_choose(m, STRATEGY_COLLECT, &c) && c.type == CMD_COLLECT);
    cmd(m, CMD_COLLECT, 0);
    CHECK(!machine_in_round(m) && machine_summary(m)->total_win == 80);
    machine_destroy(m);
}

/* Extra Spin: "when a reel spin ends without obtaining any prize ... another reel spin will
 * automatically occur, awarding a prize"; below the Green Diamond it may be risked */
static void test_rule_extra_spin_awards_a_prize(void)
{
    Machine *m = rich(RICH);
    const int d[] = {D_HOLD, 0, D_ADVANCES, 0, D_EXTRA, 1, D_EXTRA_PRIZE, 2, -1};
    force(m, 1, 0, line("PLUM", "GRAPES", "ORANGE"), d);
    cmd(m, CMD_SPIN, 0);
    const Event *s = last(m, EVENT_SCREEN);
    CHECK(s && s->screen.spin == SPIN_EXTRA);
    CHECK(last(m, EVENT_PRIZE) && last(m, EVENT_PRIZE)->prize.amount == 160 && offers(m, CMD_RISK));
    machine_destroy(m);
}

/* "In the case of a prize corresponding to the Green Diamond, Red Diamond, or Blue Diamond
 * figures, it will not be subject to any type of risk game" */
static void test_rule_extra_spin_diamonds_not_risked(void)
{
    Machine *m = rich(RICH);
    const int d[] = {D_HOLD, 0, D_ADVANCES, 0, D_EXTRA, 1, D_EXTRA_PRIZE, 7, -1};
    force(m, 1, 0, line("PLUM", "GRAPES", "ORANGE"), d);
    cmd(m, CMD_SPIN, 0);
    CHECK(!machine_in_round(m) && machine_summary(m)->total_win == 2000);
    machine_destroy(m);
}

/* The controller: no prize the reserve does not cover (here nothing is covered). */
static void test_controller_no_prize_beyond_the_reserve(void)
{
    Machine *m = rich(-(int64_t)1e15);
    Money won = 0;
    int64_t bonuses = 0;
    for (uint64_t i = 0; i < 3000; i++) {
        Error err;
        CHECK(machine_play_round(m, rng_round_seed(99, i), STRATEGY_AUTO, &err) == 0);
        won += machine_summary(m)->total_win;
        bonuses += machine_summary(m)->win_bonuses;
    }
    CHECK_EQ_INT(won, 0);
    CHECK_EQ_INT(bonuses, 0);
    machine_destroy(m);
}

/* The controller: cycles of 20,000 games return the setting within 3 points, each strategy. */
static void test_controller_cycles_return_the_setting(void)
{
    for (int s = 0; s < STRATEGY__COUNT; s++) {
        Machine *m = tu_machine(&def, -1);
        for (int k = 0; k < 3; k++) {
            Money bet = 0, paid = 0;
            for (uint64_t i = 0; i < 20000; i++) {
                Error err;
                machine_play_round(m, rng_round_seed(5 + (uint64_t)s, (uint64_t)k * 20000 + i),
                                   (Strategy)s, &err);
                bet += machine_summary(m)->bet;
                paid += machine_summary(m)->total_win + machine_summary(m)->win_bonuses * 80;
            }
            double r = 100.0 * (double)paid / (double)bet;
            if (r < 87.0 || r > 93.0)
                printf("strategy %d cycle %d: %.3f%%\n", s, k, r);
            CHECK(r >= 87.0 && r <= 93.0);
        }
        int64_t v[CARRIED_MAX];
        machine_carried(m, v);
        CHECK_EQ_INT(v[1], 20000); /* games in the cycle */
        CHECK_EQ_INT(v[4], 2);     /* cycles completed */
        machine_destroy(m);
    }
}

/* The carried state restored from its journal form plays on exactly as the machine that
 * kept it (a round is a function of the file, configuration, carried state, seed, commands). */
static void test_controller_carried_state_restores(void)
{
    Machine *a = tu_machine(&def, -1);
    Error err;
    for (uint64_t i = 0; i < 777; i++)
        machine_play_round(a, rng_round_seed(3, i), STRATEGY_RANDOM, &err);
    char json[512];
    CHECK(machine_carried_json(a, json, sizeof json) == 0);
    CHECK_STR_CONTAINS(json, "\"reserve\"");
    int64_t v[CARRIED_MAX];
    CHECK(machine_carried_parse(&def, json, v, &err) == 0);
    Machine *b = rich(0);
    CHECK(machine_set_carried(b, v, &err) == 0);
    for (uint64_t i = 777; i < 1777; i++) {
        machine_play_round(a, rng_round_seed(3, i), STRATEGY_RANDOM, &err);
        machine_play_round(b, rng_round_seed(3, i), STRATEGY_RANDOM, &err);
        CHECK(machine_summary(a)->total_win == machine_summary(b)->total_win &&
              machine_summary(a)->win_bonuses == machine_summary(b)->win_bonuses);
    }
    int64_t va[CARRIED_MAX], vb[CARRIED_MAX];
    machine_carried(a, va);
    machine_carried(b, vb);
    CHECK(memcmp(va, vb, sizeof va) == 0);
    int64_t bad[CARRIED_MAX] = {0, -1};
    CHECK(machine_set_carried(b, bad, &err) != 0);
    machine_destroy(a);
    machine_destroy(b);
}

/* "the operator menu gains ... the controller's meters": what the operator reads of the
 * carried state (GameRules.carried_report) is the controller's, in money and percent. */
static void test_controller_meters_for_the_operator(void)
{
    Machine *m = tu_machine(&def, -1);
    Error err;
    Money bet = 0, paid = 0;
    for (uint64_t i = 0; i < 500; i++) {
        machine_play_round(m, rng_round_seed(8, i), STRATEGY_AUTO, &err);
        bet += machine_summary(m)->bet;
        paid += machine_summary(m)->total_win + machine_summary(m)->win_bonuses * 80;
    }
    int64_t v[CARRIED_MAX];
    machine_carried(m, v);
    StateLine l[8];
    const GameRules *r = games_find(def.rules);
    CHECK(r && r->carried_report);
    if (!r || !r->carried_report)
        return;
    int n = r->carried_report(&def, v, l, 8);
    CHECK_EQ_INT(n, 8);
    CHECK(!strcmp(l[0].label, "Return set") && l[0].value == 9000 && l[0].unit == STATE_PERCENT_X100);
    CHECK(!strcmp(l[1].label, "Cycle length") && l[1].value == 20000);
    CHECK(!strcmp(l[2].label, "Games this cycle") && l[2].value == 500);
    CHECK(!strcmp(l[3].label, "Bet this cycle") && l[3].value == bet && l[3].unit == STATE_MONEY);
    CHECK(!strcmp(l[4].label, "Paid this cycle") && l[4].value == paid); /* Bonuses at 0.80 */
    CHECK(!strcmp(l[5].label, "Return this cycle") && l[5].value == paid * 10000 / bet);
    CHECK(!strcmp(l[6].label, "Reserve") && l[6].value == (bet * 90 - paid * 100) / 100);
    CHECK(!strcmp(l[7].label, "Cycles completed") && l[7].value == 0);
    CHECK_EQ_INT(r->carried_report(&def, v, l, 3), 3);
    machine_destroy(m);
}

/* The same inputs give the same round, event for event. */
static void test_determinism(void)
{
    Buf x = {0}, y = {0};
    for (int k = 0; k < 2; k++) {
        Machine *m = tu_machine(&def, -1);
        Error err;
        for (uint64_t i = 0; i < 300; i++) {
            machine_play_round(m, rng_round_seed(11, i), STRATEGY_RANDOM, &err);
            tu_events_json(m, 0, k ? &y : &x);
        }
        machine_destroy(m);
    }
    CHECK(x.len > 0 && x.len == y.len && memcmp(x.s, y.s, x.len) == 0);
    buf_free(&x);
    buf_free(&y);
}

/* ---- issue 31: the rules' edges (items 2 and 3) ------------------------------------------ */

/* "When any of the combinations described in the payline are placed on the central prize
 * line, the player receives a direct prize, either in cash or in the form of Bonuses": a
 * Bonus figure the advances bring onto the line pays (slotsim round --seed
 * 1040797348008699746 --strategy random: ORANGE LEMON BLUE, 2 advances, BONUS LEMON PLUM) */
static void test_rule_combinations_placed_on_the_central_line_receive_a_direct_prize(void)
{
    Machine *m = rich(RICH);
    const int d[] = {D_HOLD, 0, D_ADVANCES, 2, -1};
    force(m, 1, 0, cols("BONUS ORANGE PLUM", "WINDOW LEMON ORANGE", BLUE_R_PLUM_ABOVE), d);
    cmd(m, CMD_SPIN, 0);
    CHECK(offers(m, CMD_ADVANCE));
    cmd(m, CMD_ADVANCE, 0); /* BONUS LEMON BLUE */
    cmd(m, CMD_ADVANCE, 2); /* BONUS LEMON PLUM: judged */
    CHECK(!machine_in_round(m));
    const Event *w = last(m, EVENT_WIN);
    CHECK(w && w->win.symbol == tu_symbol(&def, "BONUS") && w->win.count == 1 && w->win.bonuses == 1);
    CHECK_EQ_INT(machine_summary(m)->win_bonuses, 1);
    machine_destroy(m);
}

/* The same sentence, and "Bonuses ... by means of a prize on the central line, either
 * obtaining one Bonus figure, two or all three": a line that keeps the figures it was paid
 * for is not paid again; one the advances give a second figure pays the two figures' prize,
 * less the one's already paid (README: Advances) */
static void test_rule_bonus_figures_on_the_line_are_paid_once(void)
{
    Machine *m = rich(RICH);
    const int d[] = {D_ADVANCES, 2, -1};
    force(m, 1, 0, line("BONUS", "PLUM", "GRAPES"), d);
    cmd(m, CMD_SPIN, 0);
    cmd(m, CMD_ADVANCE, 2);
    cmd(m, CMD_ADVANCE, 2); /* still one figure: BONUS PLUM x */
    CHECK(!machine_in_round(m));
    CHECK_EQ_INT(machine_summary(m)->win_bonuses, 1);
    machine_destroy(m);
    /* A second figure the money-only advances bring: on game.json's strips no line with
     * Bonus figures has a money prize within 4 advances and a Bonus above a figure's
     * neighbour, so a copy of the game whose first strip has GREEN and GRAPES swapped
     * (stops 6 and 7: a Green Diamond just above reel 1's Bonus) plays it: BONUS BELL GREEN
     * pays 1 Bonus and reaches Any Diamonds in 4 (GREEN, BLUE, GREEN), and reel 2's
     * Bonus is one advance above its Bell. */
    static GameDef alt;
    alt = def;
    ReelSet *rs = (ReelSet *)gamedef_reelset(&alt, "base");
    CHECK(rs && rs->strip[0][6] == tu_symbol(&def, "GREEN") && rs->strip[0][7] == tu_symbol(&def, "GRAPES"));
    rs->strip[0][6] = (uint8_t)tu_symbol(&def, "GRAPES");
    rs->strip[0][7] = (uint8_t)tu_symbol(&def, "GREEN");
    int64_t v[CARRIED_MAX] = {RICH};
    Error err = {{0}};
    m = machine_create(&(MachineDesc){.game = &alt, .carried = v}, &err);
    const int four[] = {D_ADVANCES, 4, -1};
    force(m, 1, 0, cols("GREEN BONUS ORANGE", "BONUS BELL GREEN", "ORANGE GREEN LEMON"), four);
    cmd(m, CMD_SPIN, 0);
    CHECK(!machine_forced_error(m));
    CHECK_EQ_INT(machine_summary(m)->win_bonuses, 1);
    cmd(m, CMD_ADVANCE, 1); /* BONUS BONUS GREEN: two figures, 2 Bonuses */
    cmd(m, CMD_COLLECT, 0);
    CHECK(!machine_in_round(m));
    const Event *w = last(m, EVENT_WIN);
    CHECK(w && w->win.count == 2 && w->win.bonuses == 1);
    CHECK_EQ_INT(machine_summary(m)->win_bonuses, 2);
    machine_destroy(m);
}

/* "Prize money obtained in the Cauldrons mini-game will also grant access to this game":
 * a Green or Red Diamond from a lid goes on the seesaw (above the Bells), the Blue Diamond,
 * the maximum prize, is collected by itself */
static void test_rule_prize_money_obtained_in_the_cauldrons_grants_access_to_this_game(void)
{
    for (int r = 6; r <= 8; r++) {
        Machine *m = rich(RICH);
        const int d[] = {D_CAULDRON, r, D_RISK, 0, -1};
        force(m, 1, 0, line("WINDOW", "WINDOW", "WINDOW"), d);
        cmd(m, CMD_SPIN, 0);
        cmd(m, CMD_PICK, 1);
        static const Money prize[] = {800, 2000, 10000};
        if (r == 8) {
            CHECK(!machine_in_round(m) && machine_summary(m)->total_win == 10000);
            machine_destroy(m);
            continue;
        }
        const Event *p = last(m, EVENT_PRIZE);
        CHECK(p && p->prize.amount == prize[r - 6] && p->prize.lose_to == RISK_FALLS);
        CHECK(offers(m, CMD_RISK) && offers(m, CMD_COLLECT));
        cmd(m, CMD_RISK, 0); /* the seesaw: one rung down */
        CHECK(machine_in_round(m) && last(m, EVENT_RISK)->risk.amount == (r == 6 ? 400 : 800));
        cmd(m, CMD_COLLECT, 0);
        CHECK_EQ_INT(machine_summary(m)->total_win, r == 6 ? 400 : 800);
        machine_destroy(m);
    }
}

int main(int argc, char **argv)
{
    test_init(argc, argv);
    if (tu_load_game("gnomos-mix", &def))
        return 1;
    RUN(test_rule_direct_award_on_the_central_line);
    RUN(test_rule_any_diamonds);
    RUN(test_rule_prizes_follow_the_bet);
    RUN(test_rule_bonus_figures_pay_bonuses);
    RUN(test_rule_retention_holds_the_pair_for_a_free_game);
    RUN(test_rule_hold_any_reel_at_most_two);
    RUN(test_rule_bet_cannot_change_for_the_held_game);
    RUN(test_rule_advances_move_the_superior_figure_onto_the_line);
    RUN(test_rule_auto_advances_take_the_best_option);
    RUN(test_rule_advances_after_a_bonus_prize);
    RUN(test_rule_nothing_ends_the_game);
    RUN(test_rule_cauldrons_pick_one_lid);
    RUN(test_rule_sube_bonos_higher_prize_or_bonuses);
    RUN(test_rule_bonus_remainder_rounded_randomly);
    RUN(test_rule_seesaw_above_the_bells);
    RUN(test_rule_direct_prize_above_bells_collected);
    RUN(test_rule_up_nothing_higher_or_nothing);
    RUN(test_rule_maximum_prize_ends_the_ladder);
    RUN(test_rule_collect_or_auto_risk);
    RUN(test_rule_extra_spin_awards_a_prize);
    RUN(test_rule_extra_spin_diamonds_not_risked);
    RUN(test_controller_no_prize_beyond_the_reserve);
    RUN(test_controller_cycles_return_the_setting);
    RUN(test_controller_carried_state_restores);
    RUN(test_controller_meters_for_the_operator);
    RUN(test_determinism);
    RUN(test_rule_combinations_placed_on_the_central_line_receive_a_direct_prize);
    RUN(test_rule_bonus_figures_on_the_line_are_paid_once);
    RUN(test_rule_prize_money_obtained_in_the_cauldrons_grants_access_to_this_game);
    return test_done();
}
