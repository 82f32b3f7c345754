/* test_autospin.c - the autospin sentences of the Mona Lisa Jewels rules (section 4),
 * each test named after the behaviour it checks. Amounts in cents. */
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
    return test_done();
}
