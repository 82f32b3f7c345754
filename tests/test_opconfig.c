/* test_opconfig.c - the operator's configuration of a game: enabled coin values and the
 * jackpot seed, applied to Mona Lisa Jewels' definition; and what the machine then does. */
#include "games.h"
#include "machine.h"
#include "opconfig.h"
#include "test.h"
#include "testdata.h"

#include <stdlib.h>
#include <string.h>

static GameDef def;

static void load(void)
{
    char path[512];
    testdata_game(path, sizeof path, "mona-lisa-jewels");
    Error err;
    if (gamedef_load(path, &def, &err))
        fprintf(stderr, "%s\n", err.msg);
}

static void test_enabled_coin_values_are_the_only_ones_offered(void)
{
    load();
    Error err;
    CHECK(opconfig_apply(&def, "bet.coin_value", "20,5", &err) == 0);
    int bi = gamedef_bet_index(&def, "coin_value");
    CHECK_EQ_INT(def.bet[bi].nvalues, 2);
    CHECK_EQ_INT(def.bet[bi].values[0], 5); /* in the game's order */
    CHECK_EQ_INT(def.bet[bi].values[1], 20);
    CHECK_EQ_INT(def.bet[bi].def, 5); /* the default 10 is not enabled: the smallest is */
    /* the engine refuses a coin value the operator disabled */
    Machine *m = machine_create(&(MachineDesc){.game = &def}, &err);
    Bet b;
    machine_default_bet(&def, &b);
    CHECK(machine_set_bet(m, &b, &err) == 0);
    b.v[bi] = 10;
    CHECK(machine_set_bet(m, &b, &err) != 0);
    machine_destroy(m);
}

static void test_coin_settings_that_do_not_fit_are_refused_with_their_name(void)
{
    Error err;
    load();
    CHECK(opconfig_apply(&def, "bet.coin_value", "7", &err) != 0);
    CHECK(strstr(err.msg, "mona-lisa-jewels.bet.coin_value") && strstr(err.msg, "7"));
    load();
    CHECK(opconfig_apply(&def, "bet.coin_value", "10,10", &err) != 0);
    load();
    CHECK(opconfig_apply(&def, "bet.coin_value", "ten", &err) != 0);
    load();
    CHECK(opconfig_apply(&def, "bet.coin_value", ",", &err) != 0);
}

static void test_the_jackpot_seed_sets_the_pool_and_its_reset(void)
{
    load();
    Error err;
    CHECK(opconfig_apply(&def, "jackpot_seed", "80000", &err) == 0);
    const GameRules *rules = games_find(def.rules);
    /* a new pool starts at the operator's seed: 80,000 coins at a coin value of 10 */
    Machine *m = machine_create(&(MachineDesc){.game = &def}, &err);
    CHECK_EQ_INT(machine_pool_get(m), rules->pool_seed(&def));
    Bet b;
    machine_default_bet(&def, &b);
    machine_set_bet(m, &b, &err);
    CHECK_EQ_INT(machine_pool_value(m), 80000 * 10);
    machine_destroy(m);
    load();
    CHECK(opconfig_apply(&def, "jackpot_seed", "5", &err) != 0);
    CHECK(strstr(err.msg, "mona-lisa-jewels.jackpot_seed") != NULL);
    load();
    CHECK(opconfig_apply(&def, "jackpot_seed", "99999999999", &err) != 0);
}

/* "bets per game": coins per line and lines can be limited to some values, but their
 * largest value stays, so BET MAX and the progressive's maximum bet are the game's */
static void test_coins_and_lines_keep_their_maximum(void)
{
    Error err;
    load();
    CHECK(opconfig_apply(&def, "bet.lines", "1,5,9,20,25", &err) == 0);
    int li = gamedef_bet_index(&def, "lines");
    CHECK_EQ_INT(def.bet[li].nvalues, 5);
    CHECK_EQ_INT(def.bet[li].def, 25);
    load();
    CHECK(opconfig_apply(&def, "bet.coins", "1,2,5", &err) != 0);
    CHECK(strstr(err.msg, "mona-lisa-jewels.bet.coins") && strstr(err.msg, "10"));
    load();
    CHECK(opconfig_apply(&def, "bet.nothing", "1", &err) != 0);
}

static void get_from(void *ctx, const char *key, char *out, size_t size)
{
    const char *const *kv = ctx;
    out[0] = 0;
    for (; kv[0]; kv += 2)
        if (!strcmp(kv[0], key))
            snprintf(out, size, "%s", kv[1]);
}

static void test_all_settings_of_a_game_apply_together(void)
{
    load();
    const char *kv[] = {"mona-lisa-jewels.bet.coin_value", "10,20", "mona-lisa-jewels.jackpot_seed",
                        "60000", "other-game.jackpot_seed", "1", NULL};
    Error err;
    CHECK(opconfig_apply_all(&def, get_from, kv, &err) == 0);
    CHECK_EQ_INT(def.bet[gamedef_bet_index(&def, "coin_value")].nvalues, 2);
    CHECK_EQ_INT(gamedef_param(&def, "jackpot_seed_coins")->v[0], 60000);
}

/* "What the operator sets is journaled with each round together with the game file's hash;
 * replay uses the journaled configuration, so a changed setting never rewrites the past":
 * the configuration applied is written down, and applying it again to the file's definition
 * gives the same definition, whatever the settings are by then */
static void test_a_journaled_configuration_applies_again(void)
{
    load();
    char hash[17];
    snprintf(hash, sizeof hash, "%s", def.hash);
    CHECK_EQ_INT((int)strlen(hash), 16);
    const char *kv[] = {"mona-lisa-jewels.bet.coin_value", "10,20", "mona-lisa-jewels.jackpot_seed",
                        "60000", NULL};
    char config[512];
    Error err;
    CHECK(opconfig_apply_all_json(&def, get_from, kv, config, sizeof config, &err) == 0);
    CHECK(strcmp(config, "{\"bet.coin_value\":\"10,20\",\"jackpot_seed\":\"60000\"}") == 0);
    static GameDef then;
    then = def;
    load(); /* the file again, then the journaled configuration */
    CHECK(strcmp(def.hash, hash) == 0); /* the same bytes, the same hash */
    CHECK(opconfig_apply_json(&def, config, &err) == 0);
    int bi = gamedef_bet_index(&def, "coin_value");
    CHECK_EQ_INT(def.bet[bi].nvalues, then.bet[bi].nvalues);
    CHECK_EQ_INT(def.bet[bi].values[1], 20);
    CHECK_EQ_INT(gamedef_param(&def, "jackpot_seed_coins")->v[0], 60000);
    /* the definition a past round played: the file, if unchanged, and its configuration */
    static GameDef played;
    const char *games = getenv("SLOTCAB_GAMES");
    CHECK(opconfig_load_as_played(games ? games : "games", "mona-lisa-jewels", hash, config,
                                  &played, &err) == 0);
    CHECK_EQ_INT(played.bet[bi].nvalues, then.bet[bi].nvalues);
    CHECK(opconfig_load_as_played(games ? games : "games", "mona-lisa-jewels", "0000000000000000",
                                  config, &played, &err) == -1);
    CHECK_STR_CONTAINS(err.msg, "the file has changed since");
    /* no setting: "{}"; a damaged one is refused by name */
    load();
    const char *none[] = {NULL};
    CHECK(opconfig_apply_all_json(&def, get_from, none, config, sizeof config, &err) == 0);
    CHECK(strcmp(config, "{}") == 0);
    CHECK(opconfig_apply_json(&def, "[1]", &err) == -1);
    CHECK_STR_CONTAINS(err.msg, "not a JSON object");
    CHECK(opconfig_apply_json(&def, "{\"bet.colour\":\"red\"}", &err) == -1);
    CHECK_STR_CONTAINS(err.msg, "bet.colour");
}

/* Gnomos Mix: "The operator sets the return (70-95 %, default 90 %) and the cycle length
 * (default 20,000 games)", and which bets are enabled; the controller then runs at them. */
static void test_the_programmed_return_and_cycle_are_the_operators(void)
{
    static GameDef gm;
    char path[512];
    testdata_game(path, sizeof path, "gnomos-mix");
    Error err;
    CHECK(gamedef_load(path, &gm, &err) == 0);
    CHECK_EQ_INT(gamedef_param(&gm, "return_percent")->v[0], 90);
    CHECK_EQ_INT(gamedef_param(&gm, "cycle_games")->v[0], 20000);
    CHECK(opconfig_apply(&gm, "return_percent", "80", &err) == 0);
    CHECK(opconfig_apply(&gm, "cycle_games", "50000", &err) == 0);
    CHECK(opconfig_apply(&gm, "bet.bet", "100,500", &err) == 0);
    CHECK_EQ_INT(gamedef_param(&gm, "return_percent")->v[0], 80);
    CHECK_EQ_INT(gamedef_param(&gm, "cycle_games")->v[0], 50000);
    CHECK_EQ_INT(gm.bet[0].nvalues, 2);
    CHECK_EQ_INT(gm.bet[0].def, 100); /* 0.20 is off: the least enabled bet */
    /* the controller runs at what was set: its meters say so */
    const GameRules *r = games_find(gm.rules);
    int64_t v[CARRIED_MAX] = {0};
    StateLine l[8];
    CHECK(r->carried_report(&gm, v, l, 8) == 8 && l[0].value == 8000 && l[1].value == 50000);
    const char *bad_return[] = {"69", "96", "ninety"};
    for (int i = 0; i < 3; i++) {
        CHECK(opconfig_apply(&gm, "return_percent", bad_return[i], &err) != 0);
        CHECK_STR_CONTAINS(err.msg, "gnomos-mix.return_percent");
    }
    CHECK(opconfig_apply(&gm, "cycle_games", "999", &err) != 0);
    CHECK_STR_CONTAINS(err.msg, "gnomos-mix.cycle_games");
    CHECK(opconfig_apply(&gm, "bet.bet", "30", &err) != 0);
    /* which game a round plays is the player's, not a stake the operator limits */
    CHECK(opconfig_apply(&gm, "bet.game", "2", &err) != 0);
    CHECK_STR_CONTAINS(err.msg, "gnomos-mix.bet.game: not one the operator sets");
    /* "each enabled by the operator": the upper game's plates, any of them (a stake of money
     * and Bonuses, limited freely as amounts of money are) */
    CHECK(opconfig_apply(&gm, "bet.upper", "5,25", &err) == 0);
    const int up = gamedef_bet_index(&gm, "upper");
    CHECK(up >= 0 && gm.bet[up].nvalues == 2 && gm.bet[up].values[0] == 5 && gm.bet[up].def == 5);
    CHECK(opconfig_apply(&gm, "bet.upper", "7", &err) != 0);
    CHECK_STR_CONTAINS(err.msg, "gnomos-mix.bet.upper: 7 is not one of the game's values");
}

int main(int argc, char **argv)
{
    test_init(argc, argv);
    RUN(test_enabled_coin_values_are_the_only_ones_offered);
    RUN(test_coin_settings_that_do_not_fit_are_refused_with_their_name);
    RUN(test_the_jackpot_seed_sets_the_pool_and_its_reset);
    RUN(test_coins_and_lines_keep_their_maximum);
    RUN(test_all_settings_of_a_game_apply_together);
    RUN(test_a_journaled_configuration_applies_again);
    RUN(test_the_programmed_return_and_cycle_are_the_operators);
    return test_done();
}
