/* test_autospin.c - the autospin sentences of the Mona Lisa Jewels rules (section 4) and the
 * AutoPlay stop conditions of the Gonzo's Gold rules, each test named after the behaviour it
 * checks. Amounts in cents. */
#include "autospin.h"
#include "test.h"

static AutospinSettings plain(int spins)
{
    return (AutospinSettings){.spins = spins, .loss_limit = 1000000};
}

/* "Number of AUTO SPINS to play" and "STOP xx/yy: xx represents the remaining number of
 * autospins and yy the number of autospins to play that you selected" */
static void test_plays_the_chosen_number_of_spins_and_counts_down(void)
{
    Autospin a;
    AutospinSettings s = plain(3);
    autospin_start(&a, &s);
    CHECK_EQ_INT(autospin_left(&a), 3);
    for (int i = 0; i < 3; i++) {
        CHECK(autospin_next(&a, 250, 100000));
        autospin_round(&a, 250, 0, false);
        CHECK_EQ_INT(autospin_left(&a), 2 - i);
    }
    CHECK(!autospin_next(&a, 250, 100000));
    CHECK_EQ_INT(a.stop, AUTOSPIN_DONE);
}

/* "The loss limit setting allows stopping the autospin feature automatically when the
 * selected limit plus your cumulative winnings minus your cumulative bets is less than 0." */
static void test_loss_limit_stops_before_limit_plus_wins_minus_bets_goes_below_zero(void)
{
    Autospin a;
    AutospinSettings s = {.spins = 100, .loss_limit = 1000}; /* 10.00 */
    autospin_start(&a, &s);
    /* four losing spins of 2.50 use up exactly the 10.00: 1000 + 0 - 1000 = 0, not below */
    for (int i = 0; i < 4; i++) {
        CHECK(autospin_next(&a, 250, 100000));
        autospin_round(&a, 250, 0, false);
    }
    CHECK(!autospin_next(&a, 250, 100000)); /* a fifth would make it -250 */
    CHECK_EQ_INT(a.stop, AUTOSPIN_LOSS_LIMIT);
}

static void test_loss_limit_counts_cumulative_winnings(void)
{
    Autospin a;
    AutospinSettings s = {.spins = 100, .loss_limit = 500};
    autospin_start(&a, &s);
    CHECK(autospin_next(&a, 250, 100000));
    autospin_round(&a, 250, 1000, false); /* won 10.00 */
    int spins = 1;
    while (autospin_next(&a, 250, 100000)) {
        autospin_round(&a, 250, 0, false);
        spins++;
    }
    /* 500 + 1000 - 250 * n >= 0 for n <= 6 */
    CHECK_EQ_INT(spins, 6);
    CHECK_EQ_INT(a.stop, AUTOSPIN_LOSS_LIMIT);
}

/* "Stop if WIN reaches - to enable this setting ... click the button on its left side again
 * to disable it" */
static void test_stop_if_win_reaches_when_enabled_only(void)
{
    Autospin a;
    AutospinSettings s = plain(10);
    s.win_limit = 5000;
    autospin_start(&a, &s);
    CHECK(autospin_next(&a, 250, 100000));
    autospin_round(&a, 250, 9000, false);
    CHECK(autospin_next(&a, 250, 100000)); /* disabled: goes on */
    s.stop_on_win = true;
    autospin_start(&a, &s);
    CHECK(autospin_next(&a, 250, 100000));
    autospin_round(&a, 250, 4999, false);
    CHECK(autospin_next(&a, 250, 100000));
    autospin_round(&a, 250, 5000, false);
    CHECK(!autospin_next(&a, 250, 100000));
    CHECK_EQ_INT(a.stop, AUTOSPIN_WIN_LIMIT);
}

/* "Stop if JACKPOT is won" */
static void test_stop_if_jackpot_is_won_when_enabled_only(void)
{
    Autospin a;
    AutospinSettings s = plain(10);
    autospin_start(&a, &s);
    autospin_next(&a, 2500, 100000);
    autospin_round(&a, 2500, 500000, true);
    CHECK(autospin_next(&a, 2500, 100000));
    s.stop_on_jackpot = true;
    autospin_start(&a, &s);
    autospin_next(&a, 2500, 100000);
    autospin_round(&a, 2500, 500000, true);
    CHECK(!autospin_next(&a, 2500, 100000));
    CHECK_EQ_INT(a.stop, AUTOSPIN_JACKPOT);
}

/* "Click the STOP xx/yy button to stop the autospin feature at any time" */
static void test_stop_button_stops_at_any_time(void)
{
    Autospin a;
    AutospinSettings s = plain(50);
    autospin_start(&a, &s);
    autospin_next(&a, 250, 100000);
    autospin_cancel(&a);
    CHECK(!autospin_next(&a, 250, 100000));
    CHECK_EQ_INT(a.stop, AUTOSPIN_PLAYER);
    CHECK_EQ_INT(autospin_left(&a), 0);
}

/* A cabinet never spins what it cannot pay for: autospin stops when the balance is less
 * than the bet. */
static void test_stops_when_the_balance_is_less_than_the_bet(void)
{
    Autospin a;
    AutospinSettings s = plain(50);
    autospin_start(&a, &s);
    CHECK(!autospin_next(&a, 250, 249));
    CHECK_EQ_INT(a.stop, AUTOSPIN_BALANCE);
}

/* Gonzo's Gold: "With any win. Stop autoplay when you win a round." */
static void test_any_win_stops_after_a_winning_round_and_not_after_a_losing_one(void)
{
    Autospin a;
    AutospinSettings s = plain(10);
    s.stop_any_win = true;
    autospin_start(&a, &s);
    CHECK(autospin_next(&a, 250, 100000));
    autospin_round(&a, 250, 0, false); /* lost: goes on */
    CHECK(autospin_next(&a, 250, 100000));
    autospin_round(&a, 250, 1, false); /* won 0.01: stops */
    CHECK(!a.active);
    CHECK(!autospin_next(&a, 250, 100000));
    CHECK_EQ_INT(a.stop, AUTOSPIN_ANY_WIN);
    CHECK_EQ_INT(a.played, 2);
}

static void test_any_win_stops_only_when_enabled(void)
{
    Autospin a;
    AutospinSettings s = plain(10);
    autospin_start(&a, &s);
    CHECK(autospin_next(&a, 250, 100000));
    autospin_round(&a, 250, 1000, false);
    CHECK(autospin_next(&a, 250, 100000));
}

/* Gonzo's Gold: "If the single win exceeds. Stops autoplay when the amount you've won equals
 * or exceeds the amount you specify." - the same rule as "Stop if WIN reaches". */
static void test_single_win_exceeds_stops_when_the_win_equals_the_amount(void)
{
    Autospin a;
    AutospinSettings s = {.spins = 10, .no_loss_limit = true, .stop_on_win = true,
                          .win_limit = 2000};
    autospin_start(&a, &s);
    CHECK(autospin_next(&a, 250, 100000));
    autospin_round(&a, 250, 1999, false);
    CHECK(autospin_next(&a, 250, 100000));
    autospin_round(&a, 250, 2000, false);
    CHECK(!autospin_next(&a, 250, 100000));
    CHECK_EQ_INT(a.stop, AUTOSPIN_WIN_LIMIT);
}

/* Gonzo's Gold: "If the balance increases by. Stop autoplay if the balance increases by the
 * amount you specify." - cumulative wins minus cumulative bets, checked after each round. */
static void test_gain_limit_stops_when_wins_minus_bets_reach_the_amount_exactly(void)
{
    Autospin a;
    AutospinSettings s = plain(10);
    s.stop_on_gain = true;
    s.gain_limit = 1000; /* 10.00 */
    autospin_start(&a, &s);
    CHECK(autospin_next(&a, 250, 100000));
    autospin_round(&a, 250, 1249, false); /* +9.99: one cent short, goes on */
    CHECK(a.active);
    CHECK(autospin_next(&a, 250, 100000));
    autospin_round(&a, 250, 251, false); /* +9.99 + 0.01 = +10.00 exactly: stops */
    CHECK(!autospin_next(&a, 250, 100000));
    CHECK_EQ_INT(a.stop, AUTOSPIN_GAIN_LIMIT);
    CHECK_EQ_INT(a.wins - a.bets, 1000);
}

static void test_gain_limit_counts_cumulative_bets(void)
{
    Autospin a;
    AutospinSettings s = plain(10);
    s.stop_on_gain = true;
    s.gain_limit = 1000;
    autospin_start(&a, &s);
    for (int i = 0; i < 4; i++) { /* lose 4 x 2.50 = 10.00 */
        CHECK(autospin_next(&a, 250, 100000));
        autospin_round(&a, 250, 0, false);
    }
    CHECK(autospin_next(&a, 250, 100000));
    autospin_round(&a, 250, 2250, false); /* a 22.50 win: -12.50 + 22.50 = +10.00 */
    CHECK(!autospin_next(&a, 250, 100000));
    CHECK_EQ_INT(a.stop, AUTOSPIN_GAIN_LIMIT);
}

static void test_gain_limit_stops_only_when_enabled(void)
{
    Autospin a;
    AutospinSettings s = plain(10);
    s.gain_limit = 1000;
    autospin_start(&a, &s);
    CHECK(autospin_next(&a, 250, 100000));
    autospin_round(&a, 250, 5000, false);
    CHECK(autospin_next(&a, 250, 100000));
}

/* Gonzo's Gold: "If the balance decreases by" turned off: no loss limit, autoplay goes on
 * past where the limit would have stopped it, until the balance is less than the bet. */
static void test_no_loss_limit_goes_on_past_the_old_limit_until_the_balance_is_short(void)
{
    Autospin a;
    AutospinSettings s = {.spins = 100, .loss_limit = 1000, .no_loss_limit = true};
    autospin_start(&a, &s);
    Money balance = 2000; /* 20.00 */
    int spins = 0;
    while (autospin_next(&a, 250, balance)) {
        balance -= 250;
        autospin_round(&a, 250, 0, false);
        spins++;
    }
    CHECK_EQ_INT(spins, 8); /* the 10.00 limit would have stopped it after 4 */
    CHECK_EQ_INT(a.stop, AUTOSPIN_BALANCE);
    CHECK_EQ_INT(balance, 0);
}

/* Gonzo's Gold: "If the balance decreases by" on: the Mona Lisa loss limit, so the balance
 * never goes down by more than the amount. */
static void test_balance_decreases_by_stops_before_the_decrease_passes_the_amount(void)
{
    Autospin a;
    AutospinSettings s = {.spins = 100, .loss_limit = 1000};
    autospin_start(&a, &s);
    Money start = 5000, balance = start;
    CHECK(autospin_next(&a, 400, balance));
    balance -= 400;
    autospin_round(&a, 400, 0, false);
    CHECK(autospin_next(&a, 400, balance));
    balance -= 400;
    autospin_round(&a, 400, 0, false); /* down 8.00 */
    CHECK(!autospin_next(&a, 400, balance)); /* a third 4.00 could take it down 12.00 */
    CHECK_EQ_INT(a.stop, AUTOSPIN_LOSS_LIMIT);
    CHECK(start - balance <= 1000);
}

/* Gonzo's Gold: "Click Reset to remove all selected stop conditions from AutoPlay." */
static void test_reset_clears_all_stop_conditions_and_keeps_spins_and_amounts(void)
{
    AutospinSettings s = {.spins = 50, .loss_limit = 1000, .stop_on_win = true,
                          .win_limit = 2000, .stop_on_jackpot = true, .stop_any_win = true,
                          .stop_on_gain = true, .gain_limit = 3000};
    autospin_reset_stops(&s);
    CHECK(!s.stop_any_win);
    CHECK(!s.stop_on_win);
    CHECK(!s.stop_on_gain);
    CHECK(!s.stop_on_jackpot);
    CHECK(s.no_loss_limit);
    CHECK_EQ_INT(s.spins, 50);
    CHECK_EQ_INT(s.loss_limit, 1000);
    CHECK_EQ_INT(s.win_limit, 2000);
    CHECK_EQ_INT(s.gain_limit, 3000);
    /* after Reset nothing but the spins (and the balance) stops it */
    Autospin a;
    s.spins = 3;
    autospin_start(&a, &s);
    for (int i = 0; i < 3; i++) {
        CHECK(autospin_next(&a, 2500, 100000));
        autospin_round(&a, 2500, i == 1 ? 500000 : 0, i == 1);
    }
    CHECK(!autospin_next(&a, 2500, 100000));
    CHECK_EQ_INT(a.stop, AUTOSPIN_DONE);
}

/* Several conditions after the same round: the reason is the first of jackpot, win limit,
 * any win, gain limit, all spins played. */
static void test_precedence_jackpot_then_win_limit_then_any_win_then_gain_then_done(void)
{
    Autospin a;
    AutospinSettings all = {.spins = 1, .loss_limit = 1000, .stop_on_jackpot = true,
                            .stop_on_win = true, .win_limit = 1000, .stop_any_win = true,
                            .stop_on_gain = true, .gain_limit = 500};
    AutospinSettings s = all;
    autospin_start(&a, &s);
    CHECK(autospin_next(&a, 250, 100000));
    autospin_round(&a, 250, 5000, true); /* every condition fires */
    CHECK_EQ_INT(a.stop, AUTOSPIN_JACKPOT);

    s.stop_on_jackpot = false;
    autospin_start(&a, &s);
    CHECK(autospin_next(&a, 250, 100000));
    autospin_round(&a, 250, 5000, true);
    CHECK_EQ_INT(a.stop, AUTOSPIN_WIN_LIMIT);

    s.stop_on_win = false;
    autospin_start(&a, &s);
    CHECK(autospin_next(&a, 250, 100000));
    autospin_round(&a, 250, 5000, true);
    CHECK_EQ_INT(a.stop, AUTOSPIN_ANY_WIN);

    s.stop_any_win = false;
    autospin_start(&a, &s);
    CHECK(autospin_next(&a, 250, 100000));
    autospin_round(&a, 250, 5000, true);
    CHECK_EQ_INT(a.stop, AUTOSPIN_GAIN_LIMIT);

    s.stop_on_gain = false;
    autospin_start(&a, &s);
    CHECK(autospin_next(&a, 250, 100000));
    autospin_round(&a, 250, 5000, true);
    CHECK_EQ_INT(a.stop, AUTOSPIN_DONE);
}

/* Mona Lisa's settings leave out the Gonzo's Gold fields: their zero values change nothing
 * (the loss limit applies, and no win or gain stops it). */
static void test_mona_lisa_settings_without_the_new_fields_behave_as_before(void)
{
    Autospin a;
    AutospinSettings s = {.spins = 100, .loss_limit = 500, .stop_on_win = true,
                          .win_limit = 5000, .stop_on_jackpot = false};
    CHECK(!s.stop_any_win);
    CHECK(!s.stop_on_gain);
    CHECK(!s.no_loss_limit);
    autospin_start(&a, &s);
    CHECK(autospin_next(&a, 250, 100000));
    autospin_round(&a, 250, 1000, false); /* a win, +7.50: neither any win nor gain stop it */
    CHECK(a.active);
    int spins = 1;
    while (autospin_next(&a, 250, 100000)) {
        autospin_round(&a, 250, 0, false);
        spins++;
    }
    CHECK_EQ_INT(spins, 6); /* as test_loss_limit_counts_cumulative_winnings */
    CHECK_EQ_INT(a.stop, AUTOSPIN_LOSS_LIMIT);
}

/* The stop notices in the style of the existing ones. */
static void test_new_stop_reasons_have_notices_in_the_existing_style(void)
{
    CHECK_STR_CONTAINS(autospin_stop_text(AUTOSPIN_ANY_WIN), "Autospin stopped: ");
    CHECK_STR_CONTAINS(autospin_stop_text(AUTOSPIN_GAIN_LIMIT), "Autospin stopped: ");
    CHECK_EQ_INT(AUTOSPIN_BALANCE, 6); /* existing values unchanged */
    CHECK_EQ_INT(AUTOSPIN_ANY_WIN, 7);
    CHECK_EQ_INT(AUTOSPIN_GAIN_LIMIT, 8);
}

int main(int argc, char **argv)
{
    test_init(argc, argv);
    RUN(test_plays_the_chosen_number_of_spins_and_counts_down);
    RUN(test_loss_limit_stops_before_limit_plus_wins_minus_bets_goes_below_zero);
    RUN(test_loss_limit_counts_cumulative_winnings);
    RUN(test_stop_if_win_reaches_when_enabled_only);
    RUN(test_stop_if_jackpot_is_won_when_enabled_only);
    RUN(test_stop_button_stops_at_any_time);
    RUN(test_stops_when_the_balance_is_less_than_the_bet);
    RUN(test_any_win_stops_after_a_winning_round_and_not_after_a_losing_one);
    RUN(test_any_win_stops_only_when_enabled);
    RUN(test_single_win_exceeds_stops_when_the_win_equals_the_amount);
    RUN(test_gain_limit_stops_when_wins_minus_bets_reach_the_amount_exactly);
    RUN(test_gain_limit_counts_cumulative_bets);
    RUN(test_gain_limit_stops_only_when_enabled);
    RUN(test_no_loss_limit_goes_on_past_the_old_limit_until_the_balance_is_short);
    RUN(test_balance_decreases_by_stops_before_the_decrease_passes_the_amount);
    RUN(test_reset_clears_all_stop_conditions_and_keeps_spins_and_amounts);
    RUN(test_precedence_jackpot_then_win_limit_then_any_win_then_gain_then_done);
    RUN(test_mona_lisa_settings_without_the_new_fields_behave_as_before);
    RUN(test_new_stop_reasons_have_notices_in_the_existing_style);
    return test_done();
}
