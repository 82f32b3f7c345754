/* test_gnomos_mix_upper_rules.c - Gnomos Mix's upper game against its rules (shared/rules/
 * gnomos-mix-golden-edition.txt, section 3) and the decisions of games/gnomos-mix/README.md.
 *
 * One test per behavioural sentence, named after it. Windows are forced (each column a
 * window of the upper strips); the named draws (minigame, double, baskets, basket_prizes,
 * basket, choice, choice_bonus, find, treasure, bonus_round) force what the controller would
 * decide. Machines start with a large reserve so that every prize is covered, except in the
 * controller's own tests. At 0.20 + 1 Bonus a unit is 0.20: Clovers 2.00, Acorns 3.00,
 * Mushrooms/Flowers/Logs 5.00, Gnomes 50.00; fractions of 4.00; the maximum prize 100.00. */
#include "event.h"
#include "gamedef.h"
#include "games.h"
#include "games/gnomos_mix_events.h"
#include "machine.h"
#include "test.h"
#include "testutil.h"

enum { D_MINIGAME = 7, D_DOUBLE, D_BASKETS, D_BASKET_PRIZES, D_BASKET, D_CHOICE, D_CHOICE_BONUS,
       D_FIND, D_TREASURE };
enum { RICH = 1000000000 };

static GameDef def;
static ForcedSpin fs[2];

/* Windows found on the strips of games/gnomos-mix/game.json (rows top to bottom). */
static const char *const CLOVERS[3][3] = {{"CLOVER", "POT", "CLOVER"}, {"CLOVER", "CLOVER", "CLOVER"},
                                          {"CLOVER", "LOG", "CLOVER"}}; /* 5 lines: 2, 4, 6, 7, 8 */
static const char *const MUSHROOMS[3][3] = {{"CLOVER", "HAT", "CLOVER"},
                                            {"MUSHROOM", "MUSHROOM", "MUSHROOM"},
                                            {"ACORN", "LOG", "POT"}}; /* line 2 */
static const char *const GNOMES[3][3] = {{"GNOME", "LOG", "FLOWER"}, {"CLOVER", "GNOME", "ACORN"},
                                         {"CLOVER", "CLOVER", "GNOME"}}; /* line 7 */
static const char *const ACORNS[3][3] = {{"MUSHROOM", "ACORN", "FLOWER"}, {"ACORN", "ACORN", "ACORN"},
                                         {"HAT", "FLOWER", "GNOME"}}; /* line 2 */
static const char *const NOTHING[3][3] = {{"ACORN", "GNOME", "GNOME"}, {"MUSHROOM", "CLOVER", "LOG"},
                                          {"HAT", "FLOWER", "ACORN"}};

/* An upper machine at plate `plate` (its Bonuses) holding `bonuses`, with `reserve`. */
static Machine *upper(int64_t plate, int64_t bonuses, int64_t reserve)
{
    int64_t v[CARRIED_MAX] = {reserve};
    Error err = {{0}};
    Machine *m = machine_create(&(MachineDesc){.game = &def, .carried = v}, &err);
    Bet bet = {{20, 2, plate}};
    if (!m || machine_set_bet(m, &bet, &err) || machine_set_bonuses(m, bonuses, &err))
        fprintf(stderr, "%s\n", err.msg);
    return m;
}

/* Forces the next window and draws (pairs draw, value; -1 ends). */
static void force(Machine *m, const char *const w[3][3], const int *draws)
{
    fs[0] = (ForcedSpin){.forced = true, .screen = {.rows = 3, .cols = 3}};
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 3; c++)
            fs[0].screen.cell[r][c] = (uint8_t)tu_symbol(&def, w[r][c]);
    for (int k = 0; draws && draws[k] >= 0; k += 2) {
        fs[0].draws[fs[0].ndraws].draw = (uint8_t)draws[k];
        fs[0].draws[fs[0].ndraws++].value = draws[k + 1];
    }
    machine_force(m, fs, 1);
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

/* the last minigame event (begun or ended), or NULL */
static const EventMinigame *last_minigame(Machine *m)
{
    const Event *e = last(m, GNOMOS_EVENT_MINIGAME);
    return e ? gnomos_minigame(e) : NULL;
}

static int count(Machine *m, EventType t)
{
    int n, k = 0;
    const Event *ev = machine_events(m, &n);
    for (int i = 0; i < n; i++)
        k += ev[i].type == t;
    return k;
}

static bool offers(Machine *m, CommandType t) { return machine_allowed(m) >> t & 1u; }

/* "once the GAME CHANGE button is pressed ... the top game ... the three reels, each with 16
 * figures, but with a prize of 8 lines": the game is a bet option, changed between rounds */
static void test_rule_game_change_plays_the_upper_game_on_8_lines(void)
{
    Machine *m = upper(1, 100, RICH);
    force(m, CLOVERS, NULL);
    cmd(m, CMD_SPIN, 0);
    const Event *s = last(m, EVENT_SCREEN);
    CHECK(s && s->screen.screen.rows == 3 && s->screen.screen.cols == 3);
    CHECK_EQ_INT(gamedef_reelset(&def, "upper")->len[0], 16);
    Bet lower = {{20, 1, 1}};
    Error err;
    CHECK(machine_set_bet(m, &lower, &err) != 0); /* not during a round */
    cmd(m, CMD_COLLECT, 1);
    CHECK(machine_set_bet(m, &lower, &err) == 0);
    machine_destroy(m);
}

/* "The possible bets are: 0.20 + 1 Bonus, 1 + 5, 5 + 25, 10 + 50, 20 + 100, 20 + 200" */
static void test_rule_upper_bets_cost_money_and_bonuses(void)
{
    const GameRules *r = games_find("gnomos-mix");
    const int64_t money[6] = {20, 100, 500, 1000, 2000, 2000}, bonuses[6] = {1, 5, 25, 50, 100, 200};
    for (int k = 0; k < 6; k++) {
        Bet b = {{20, 2, bonuses[k]}};
        CHECK_EQ_INT(r->bet_total(&def, &b), money[k]);
        CHECK_EQ_INT(r->bet_bonuses(&def, &b), bonuses[k]);
    }
    Bet lower = {{500, 1, 200}};
    CHECK_EQ_INT(r->bet_total(&def, &lower), 500);
    CHECK_EQ_INT(r->bet_bonuses(&def, &lower), 0);
    Machine *m = upper(25, 100, RICH);
    force(m, NOTHING, NULL);
    cmd(m, CMD_SPIN, 0);
    CHECK(last(m, EVENT_ROUND_START)->round_start.bet == 500 &&
          last(m, EVENT_ROUND_START)->round_start.bet_bonuses == 25);
    machine_destroy(m);
}

/* "any winning combination ... on any of the 8 prize lines ... the sum of them if a prize is
 * obtained on more than one line increases the prize counter ... the line or lines" */
static void test_rule_direct_award_sums_every_line(void)
{
    Machine *m = upper(1, 100, RICH);
    force(m, CLOVERS, NULL);
    cmd(m, CMD_SPIN, 0);
    CHECK_EQ_INT(count(m, EVENT_WIN), 5);
    int n;
    const Event *ev = machine_events(m, &n);
    int lines = 0;
    for (int i = 0; i < n; i++)
        if (ev[i].type == EVENT_WIN) {
            lines |= 1 << ev[i].win.line;
            CHECK(ev[i].win.amount == 200 && ev[i].win.cells != 0);
        }
    CHECK_EQ_INT(lines, 1 << 2 | 1 << 4 | 1 << 6 | 1 << 7 | 1 << 8);
    const Event *p = last(m, EVENT_PRIZE);
    CHECK(p && p->prize.fraction == 1 && p->prize.amount + p->prize.rest == 1000);
    cmd(m, CMD_COLLECT, 1);
    CHECK_EQ_INT(machine_summary(m)->total_win, 1000);
    machine_destroy(m);
}

/* "The player does not get any winning combination on any of the 8 lines ... The game is over." */
static void test_rule_nothing_ends_the_game(void)
{
    Machine *m = upper(1, 100, RICH);
    force(m, NOTHING, NULL);
    cmd(m, CMD_SPIN, 0);
    CHECK(!machine_in_round(m) && machine_summary(m)->total_win == 0);
    machine_destroy(m);
}

/* "three of the Mushroom, Flower or Log symbols on any of the prize lines ... may randomly
 * grant access ... which replaces the prize ... another prize of equal or greater value" */
static void test_rule_minigame_replaces_the_prize_with_one_not_less(void)
{
    Machine *m = upper(1, 100, RICH);
    force(m, MUSHROOMS, (const int[]){D_MINIGAME, 0, -1}); /* not granted: the prize */
    cmd(m, CMD_SPIN, 0);
    CHECK(!last_minigame(m));
    cmd(m, CMD_COLLECT, 1);
    CHECK_EQ_INT(machine_summary(m)->total_win, 500);
    force(m, ACORNS, (const int[]){D_MINIGAME, 1, -1}); /* Acorns open nothing */
    cmd(m, CMD_SPIN, 0);
    CHECK(!last_minigame(m));
    machine_destroy(m);
    Error err;
    for (int g = 1; g <= 4; g++) /* every minigame, played by AUTO, pays at least the 5.00 */
        for (uint64_t seed = 1; seed <= 30; seed++) {
            m = upper(1, 100, seed % 2 ? RICH : 0);
            force(m, MUSHROOMS, (const int[]){D_MINIGAME, g, -1});
            machine_replay(m, &(RoundInputs){.bet = {{20, 2, 1}}, .seed = seed,
                                             .strategy = STRATEGY_COLLECT}, &err);
            const EventMinigame *e = last_minigame(m);
            CHECK(e && e->game == g && e->stage == 1 && e->amount >= 500 &&
                  e->amount <= 10000);
            CHECK(!machine_in_round(m) && machine_summary(m)->total_win >= 500);
            machine_destroy(m);
        }
}

/* "a sign will appear indicating the number of baskets that can be selected ... The final
 * prize will be the sum of all the prizes in the selected baskets" */
static void test_rule_strawberry_sum_of_the_chosen_baskets(void)
{
    Machine *m = upper(1, 100, RICH);
    force(m, MUSHROOMS, (const int[]){D_MINIGAME, 1, D_BASKETS, 2, D_BASKET_PRIZES, 0,
                                      D_BASKET_PRIZES, 3, D_BASKET_PRIZES, 6, D_BASKET, 2,
                                      D_BASKET, 1, -1});
    cmd(m, CMD_SPIN, 0);
    CHECK(last_minigame(m)->choices == 2);
    const Event *shown = last(m, EVENT_PICK);
    CHECK(shown && shown->pick.choice == EVENT_OFF && shown->pick.amount[0] == 500 &&
          shown->pick.amount[1] == 1000 && shown->pick.amount[2] == 2000);
    cmd(m, CMD_PICK, 0);
    CHECK(offers(m, CMD_PICK) && last(m, EVENT_PICK)->pick.amount[0] == 2000);
    Error err;
    CHECK(machine_command(m, &(Command){.type = CMD_PICK, .arg = 0}, &err) != 0); /* taken */
    cmd(m, CMD_PICK, 2);
    CHECK(last(m, EVENT_PICK)->pick.amount[2] == 1000 && last(m, EVENT_PICK)->pick.amount[1] == 500);
    CHECK_EQ_INT(last_minigame(m)->amount, 3000);
    cmd(m, CMD_COLLECT, 1);
    CHECK_EQ_INT(machine_summary(m)->total_win, 3000);
    machine_destroy(m);
}

/* "If the auto-play button is active, the game will automatically select baskets." */
static void test_rule_strawberry_autoplay_selects(void)
{
    Machine *m = upper(1, 100, RICH);
    force(m, MUSHROOMS, (const int[]){D_MINIGAME, 1, D_BASKETS, 3, -1});
    cmd(m, CMD_SPIN, 0);
    machine_autoplay(m, STRATEGY_COLLECT);
    CHECK(!machine_in_round(m) && count(m, EVENT_PICK) == 4);
    machine_destroy(m);
}

/* "accept this prize (collect) or not accept it (play) ... can discard 2 prize rounds in total" */
static void test_rule_three_choices_refuse_at_most_twice(void)
{
    Machine *m = upper(1, 100, RICH);
    force(m, MUSHROOMS, (const int[]){D_MINIGAME, 2, D_CHOICE, 1, D_CHOICE, 2, D_CHOICE, 3,
                                      D_CHOICE_BONUS, 0, -1});
    cmd(m, CMD_SPIN, 0);
    CHECK(offers(m, CMD_RISK) && offers(m, CMD_COLLECT) && last(m, EVENT_PRIZE)->prize.amount == 600);
    cmd(m, CMD_RISK, 0);
    CHECK(last(m, EVENT_PRIZE)->prize.amount == 800 && offers(m, CMD_RISK));
    cmd(m, CMD_RISK, 0);
    CHECK(last(m, EVENT_PRIZE)->prize.amount == 1000 && !offers(m, CMD_RISK));
    cmd(m, CMD_COLLECT, 0);
    CHECK_EQ_INT(last_minigame(m)->amount, 1000);
    machine_destroy(m);
}

/* "If the auto-play button is active, the game will collect the first prize shown ... If ...
 * the auto-risk button is also active, ... discard all the rounds ... the last round" */
static void test_rule_three_choices_autoplay_and_auto_risk(void)
{
    const int draws[] = {D_MINIGAME, 2, D_CHOICE, 4, D_CHOICE, 2, D_CHOICE, 1, D_CHOICE_BONUS, 0, -1};
    Machine *m = upper(1, 100, RICH);
    force(m, MUSHROOMS, draws);
    cmd(m, CMD_SPIN, 0);
    Command c;
    CHECK(machine_choose(m, STRATEGY_COLLECT, &c) && c.type == CMD_COLLECT);
    CHECK(machine_choose(m, STRATEGY_AUTO, &c) && c.type == CMD_RISK);
    machine_autoplay(m, STRATEGY_AUTO);
    CHECK(count(m, EVENT_PRIZE) >= 3);
    int n;
    const Event *ev = machine_events(m, &n);
    for (int i = 0; i < n; i++)
        if (gnomos_minigame(&ev[i]) && gnomos_minigame(&ev[i])->stage)
            CHECK_EQ_INT(gnomos_minigame(&ev[i])->amount, 600); /* the last: 30 units */
    machine_destroy(m);
}

/* "Occasionally, this mini-game will also give a bonus prize, which will complement a less
 * advantageous selection. The sum of the prize + bonuses (€0.80) will be at most the maximum
 * prize for each bet." */
static void test_rule_three_choices_bonus_prize_at_most_the_maximum(void)
{
    Machine *m = upper(1, 100, RICH);
    force(m, MUSHROOMS, (const int[]){D_MINIGAME, 2, D_CHOICE, 10, D_CHOICE, 9, D_CHOICE_BONUS,
                                      50, -1});
    cmd(m, CMD_SPIN, 0);
    cmd(m, CMD_RISK, 0); /* 100.00 refused, 60.00 taken */
    cmd(m, CMD_COLLECT, 0);
    const EventMinigame *e = last_minigame(m);
    CHECK(e && e->amount == 6000 && e->bonuses == 50); /* 40.00 in Bonuses */
    CHECK(e && e->amount + e->bonuses * 80 <= 10000);
    CHECK(machine_forced_error(m) == NULL);
    machine_destroy(m);
    /* more than that is a bonus the game cannot give: the scenario's value is refused, and the
     * round keeps within the maximum with the game's own */
    m = upper(1, 100, RICH);
    force(m, MUSHROOMS, (const int[]){D_MINIGAME, 2, D_CHOICE, 10, D_CHOICE, 9, D_CHOICE_BONUS,
                                      1000, -1});
    cmd(m, CMD_SPIN, 0);
    cmd(m, CMD_RISK, 0);
    cmd(m, CMD_COLLECT, 0);
    e = last_minigame(m);
    CHECK(e && e->amount + e->bonuses * 80 <= 10000);
    CHECK(machine_forced_error(m) && strstr(machine_forced_error(m), "draws.choice_bonus: 1000 Bonuses"));
    machine_destroy(m);
}

/* "Each element can hide a prize, a STOP ... or a STOPX2 ... ends when the player selects all
 * the elements or when one with STOP/STOPX2 is found ... STOPX2 ... multiplied by 2" */
static void test_rule_find_the_prizes_stop_and_stopx2(void)
{
    Machine *m = upper(1, 100, RICH);
    force(m, MUSHROOMS, (const int[]){D_MINIGAME, 3, D_FIND, 5, D_FIND, 6, D_FIND, 0, -1});
    cmd(m, CMD_SPIN, 0);
    cmd(m, CMD_PICK, 3);
    cmd(m, CMD_PICK, 0);
    CHECK(offers(m, CMD_PICK));
    cmd(m, CMD_PICK, 8); /* STOP: 4.00 + 5.00 gathered */
    const Event *p = last(m, EVENT_PICK);
    CHECK(p && p->pick.label[8] == PICK_STOP && p->pick.amount[3] == 400 && p->pick.amount[0] == 500);
    CHECK_EQ_INT(last_minigame(m)->amount, 900);
    cmd(m, CMD_COLLECT, 1);
    force(m, MUSHROOMS, (const int[]){D_MINIGAME, 3, D_FIND, 6, D_FIND, 1, -1});
    cmd(m, CMD_SPIN, 0);
    cmd(m, CMD_PICK, 0);
    cmd(m, CMD_PICK, 1);
    CHECK(last(m, EVENT_PICK)->pick.label[1] == PICK_STOP_DOUBLE);
    CHECK_EQ_INT(last_minigame(m)->amount, 1000); /* 5.00 x 2 */
    machine_destroy(m);
}

/* "9 prizes ... 3 of these 9 prizes will be chosen ... covered by caps ... select one of the
 * caps ... This prize will be awarded" */
static void test_rule_discover_the_treasure_one_cap_of_three(void)
{
    Machine *m = upper(1, 100, RICH);
    force(m, MUSHROOMS, (const int[]){D_MINIGAME, 4, D_TREASURE, 7, -1});
    cmd(m, CMD_SPIN, 0);
    CHECK(count(m, EVENT_PICK) == 2 && offer_options(&(Offer){0}, CMD_PICK) == 0);
    Offer o;
    machine_offer(m, &o);
    CHECK_EQ_INT(offer_options(&o, CMD_PICK), 3);
    cmd(m, CMD_PICK, 2);
    CHECK(last(m, EVENT_PICK)->pick.amount[2] == 3000 && !offers(m, CMD_PICK));
    CHECK_EQ_INT(last_minigame(m)->amount, 3000);
    machine_destroy(m);
}

/* "€0.20 + 1 Bonus (>€4-€100) ... €20 + €200 Bonuses (>€200-€20000)": every minigame prize
 * within its bet's range */
static void test_rule_minigame_prizes_within_the_bets_range(void)
{
    const int64_t plates[6] = {1, 5, 25, 50, 100, 200};
    const Money lo[6] = {400, 1000, 5000, 5000, 20000, 20000},
                hi[6] = {10000, 100000, 500000, 1000000, 2000000, 2000000};
    Error err;
    for (int k = 0; k < 6; k++)
        for (uint64_t seed = 1; seed <= 40; seed++) {
            Machine *m = upper(plates[k], 100000, RICH);
            force(m, MUSHROOMS, (const int[]){D_MINIGAME, 1 + (int)(seed % 4), -1});
            machine_replay(m, &(RoundInputs){.bet = {{20, 2, plates[k]}}, .seed = seed,
                                             .strategy = STRATEGY_RANDOM}, &err);
            const EventMinigame *e = last_minigame(m);
            CHECK(e && e->amount > lo[k] && e->amount <= hi[k]);
            machine_destroy(m);
        }
}

/* "Prizes won in the upper game will be subject to the Double-Bonus game ... direct ... or as
 * a result of the additional games" and "divided into values according to the bet" */
static void test_rule_every_upper_prize_in_fractions_of_the_bet(void)
{
    const int64_t plates[6] = {1, 5, 25, 50, 100, 200};
    const Money frac[6] = {400, 1000, 5000, 10000, 20000, 20000};
    for (int k = 0; k < 6; k++) {
        Machine *m = upper(plates[k], 1000, RICH);
        force(m, GNOMES, NULL);
        cmd(m, CMD_SPIN, 0);
        const Event *p = last(m, EVENT_PRIZE);
        CHECK(p && p->prize.fraction == 1 && p->prize.amount == frac[k]);
        machine_destroy(m);
    }
    Machine *m = upper(1, 100, RICH);
    force(m, MUSHROOMS, (const int[]){D_MINIGAME, 4, D_TREASURE, 0, -1});
    cmd(m, CMD_SPIN, 0);
    cmd(m, CMD_PICK, 0);
    CHECK(last(m, EVENT_PRIZE) && last(m, EVENT_PRIZE)->prize.fraction == 1);
    machine_destroy(m);
}

/* "the player can decide whether to risk ... PLAY/ACCUMULATE and obtain double the fraction
 * ... or an equivalent amount of Bonuses or ... collect the prize, by pressing COLLECT" */
static void test_rule_risk_doubles_or_gives_its_worth_in_bonuses(void)
{
    Machine *m = upper(1, 100, RICH);
    force(m, CLOVERS, (const int[]){D_DOUBLE, 1, D_DOUBLE, 0, -1});
    cmd(m, CMD_SPIN, 0);
    cmd(m, CMD_RISK, 0);
    CHECK(last(m, EVENT_RISK)->risk.won && last(m, EVENT_RISK)->risk.amount == 800);
    cmd(m, CMD_RISK, 0);
    CHECK(!last(m, EVENT_RISK)->risk.won && last(m, EVENT_RISK)->risk.bonuses == 5);
    cmd(m, CMD_COLLECT, 0); /* the last 2.00 */
    CHECK(!machine_in_round(m));
    CHECK_EQ_INT(machine_summary(m)->total_win, 1000);
    CHECK_EQ_INT(machine_summary(m)->win_bonuses, 5);
    machine_destroy(m);
}

/* "by holding down the COLLECT button he will collect his entire prize" (COLLECT 1) */
static void test_rule_holding_collect_takes_the_whole_prize(void)
{
    Machine *m = upper(1, 100, RICH);
    force(m, GNOMES, NULL);
    cmd(m, CMD_SPIN, 0);
    cmd(m, CMD_COLLECT, 0);
    CHECK(machine_in_round(m));
    cmd(m, CMD_COLLECT, 1);
    CHECK(!machine_in_round(m) && machine_summary(m)->total_win == 5000);
    Command c;
    force(m, GNOMES, NULL);
    cmd(m, CMD_SPIN, 0);
    CHECK(machine_choose(m, STRATEGY_COLLECT, &c) && c.type == CMD_COLLECT && c.arg == 1);
    machine_destroy(m);
}

/* "If the player wins the maximum prize ... transferred directly ... if enough DOBLA are won
 * to obtain the maximum prize ... the game will end and the remaining prize collected" */
static void test_rule_maximum_prize_collected_at_once(void)
{
    Machine *m = upper(1, 100, RICH);
    force(m, MUSHROOMS, (const int[]){D_MINIGAME, 4, D_TREASURE, 10, -1}); /* 100.00 */
    cmd(m, CMD_SPIN, 0);
    cmd(m, CMD_PICK, 0);
    CHECK(!machine_in_round(m) && !last(m, EVENT_PRIZE));
    CHECK(last(m, EVENT_COLLECT) && last(m, EVENT_COLLECT)->collect.cause == COLLECT_MAX_PRIZE);
    CHECK_EQ_INT(machine_summary(m)->total_win, 10000);
    int d[32], k = 0;
    for (int i = 0; i < 13; i++) {
        d[k++] = D_DOUBLE;
        d[k++] = 1;
    }
    d[k] = -1;
    force(m, GNOMES, d); /* 50.00: 13 doubles of 4.00 reach 100.00 */
    cmd(m, CMD_SPIN, 0);
    machine_autoplay(m, STRATEGY_AUTO);
    CHECK_EQ_INT(count(m, EVENT_RISK), 13);
    CHECK_EQ_INT(machine_summary(m)->total_win, 10000);
    machine_destroy(m);
}

/* "a limit of Bonuses that the player can accumulate, in this case 6000 Bonuses. If the player
 * exceeds this amount ... the Double or Bonuses will not be allowed." */
static void test_rule_above_6000_bonuses_no_double_or_bonuses(void)
{
    Machine *m = upper(1, 6001, RICH); /* 6,000 once the bet's is taken: allowed */
    force(m, ACORNS, NULL);
    cmd(m, CMD_SPIN, 0);
    CHECK(machine_in_round(m) && offers(m, CMD_RISK));
    cmd(m, CMD_COLLECT, 1);
    CHECK(last(m, EVENT_COLLECT) && last(m, EVENT_COLLECT)->collect.cause == COLLECT_TAKEN);
    Error err;
    CHECK(machine_set_bonuses(m, 6002, &err) == 0);
    force(m, ACORNS, NULL);
    cmd(m, CMD_SPIN, 0);
    CHECK(!machine_in_round(m) && machine_summary(m)->total_win == 300);
    CHECK(last(m, EVENT_COLLECT) && last(m, EVENT_COLLECT)->collect.cause == COLLECT_BONUS_CAP);
    force(m, CLOVERS, (const int[]){D_DOUBLE, 0, -1}); /* a risk lost past the cap ends it */
    CHECK(machine_set_bonuses(m, 5998, &err) == 0);
    cmd(m, CMD_SPIN, 0);
    cmd(m, CMD_RISK, 0); /* 5 Bonuses: 6,002 held */
    CHECK(!machine_in_round(m) && machine_summary(m)->total_win == 600);
    machine_destroy(m);
}

/* "With the button activated ... all prize fractions ... will automatically be risked and
 * will never be transferred directly to the balance counter, unless ... the maximum prize" */
static void test_rule_auto_risk_risks_every_fraction(void)
{
    Machine *m = upper(1, 100, RICH);
    force(m, CLOVERS, NULL);
    cmd(m, CMD_SPIN, 0);
    machine_autoplay(m, STRATEGY_AUTO);
    CHECK_EQ_INT(count(m, EVENT_RISK), 3);
    CHECK_EQ_INT(count(m, EVENT_COLLECT), 0);
    machine_destroy(m);
}

/* The controller: no window, minigame or double beyond what the reserve (with its credit)
 * covers: at the end of a cycle with nothing in reserve, no upper prize is paid. */
static void test_controller_no_prize_beyond_the_reserve(void)
{
    int64_t v[CARRIED_MAX] = {-1000000000, 19999};
    Error err = {{0}};
    Machine *m = machine_create(&(MachineDesc){.game = &def, .carried = v}, &err);
    Bet b = {{20, 2, 1}};
    machine_set_bet(m, &b, &err);
    machine_set_bonuses(m, 100, &err);
    for (uint64_t i = 0; i < 200; i++) {
        int64_t c[CARRIED_MAX];
        machine_carried(m, c);
        c[0] = -1000000000;
        c[1] = 19999;
        machine_set_carried(m, c, &err);
        machine_play_round(m, rng_round_seed(5, i), STRATEGY_AUTO, &err);
        CHECK_EQ_INT(machine_summary(m)->total_win, 0);
    }
    machine_destroy(m);
}

/* A round is a pure function of its inputs, the Bonuses held among them. */
static void test_determinism_with_bonuses_held(void)
{
    Buf x = {0}, y = {0};
    Error err;
    for (int k = 0; k < 2; k++) {
        Machine *m = upper(1, 100, 0);
        for (uint64_t i = 0; i < 300; i++) {
            machine_set_bonuses(m, 100 + i * 30, &err);
            machine_play_round(m, rng_round_seed(11, i), STRATEGY_RANDOM, &err);
            tu_events_json(m, 0, k ? &y : &x);
        }
        machine_destroy(m);
    }
    CHECK(x.len > 0 && x.len == y.len && memcmp(x.s, y.s, x.len) == 0);
    buf_free(&x);
    buf_free(&y);
}

int main(int argc, char **argv)
{
    test_init(argc, argv);
    if (tu_load_game("gnomos-mix", &def))
        return 1;
    RUN(test_rule_game_change_plays_the_upper_game_on_8_lines);
    RUN(test_rule_upper_bets_cost_money_and_bonuses);
    RUN(test_rule_direct_award_sums_every_line);
    RUN(test_rule_nothing_ends_the_game);
    RUN(test_rule_minigame_replaces_the_prize_with_one_not_less);
    RUN(test_rule_strawberry_sum_of_the_chosen_baskets);
    RUN(test_rule_strawberry_autoplay_selects);
    RUN(test_rule_three_choices_refuse_at_most_twice);
    RUN(test_rule_three_choices_autoplay_and_auto_risk);
    RUN(test_rule_three_choices_bonus_prize_at_most_the_maximum);
    RUN(test_rule_find_the_prizes_stop_and_stopx2);
    RUN(test_rule_discover_the_treasure_one_cap_of_three);
    RUN(test_rule_minigame_prizes_within_the_bets_range);
    RUN(test_rule_every_upper_prize_in_fractions_of_the_bet);
    RUN(test_rule_risk_doubles_or_gives_its_worth_in_bonuses);
    RUN(test_rule_holding_collect_takes_the_whole_prize);
    RUN(test_rule_maximum_prize_collected_at_once);
    RUN(test_rule_above_6000_bonuses_no_double_or_bonuses);
    RUN(test_rule_auto_risk_risks_every_fraction);
    RUN(test_controller_no_prize_beyond_the_reserve);
    RUN(test_determinism_with_bonuses_held);
    return test_done();
}
