/* test_contract.c - the machine's contract, played by a game that lives only in tests/
 * (contract_game.c): offers and a refused command, strategies, carried state (across a kill
 * too), named draws forced by a scenario, two currencies reconciled by the store, and a
 * replay with a configuration changed since that gives the old events. Each test names the
 * sentence of issue 13 it checks. */
#include "contract_game.h"
#include "machine.h"
#include "opconfig.h"
#include "scenario.h"
#include "store.h"
#include "test.h"
#include "testutil.h"

#include <signal.h>
#include <sys/select.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static GameDef def;
static char games_dir[400];

static void load(void)
{
    char path[512];
    snprintf(games_dir, sizeof games_dir, "%s/games", testdata_env("SLOTCAB_TESTDATA", "tests/data"));
    snprintf(path, sizeof path, "%s/contract-test/game.json", games_dir);
    Error err = {{0}};
    if (gamedef_load(path, &def, &err)) {
        fprintf(stderr, "%s\n", err.msg);
        exit(1);
    }
}

static Machine *machine(void)
{
    Error err = {{0}};
    Machine *m = machine_create(&(MachineDesc){.game = &def}, &err);
    if (!m) {
        fprintf(stderr, "machine_create: %s\n", err.msg);
        exit(1);
    }
    return m;
}

/* Forces the next screens, "CHERRY CHERRY BELL" each. */
static ForcedSpin forced[8];
static void force(Machine *m, const char *const *screens, int n)
{
    for (int i = 0; i < n; i++)
        forced[i] = (ForcedSpin){.forced = true, .screen = tu_screen(&def, screens[i])};
    machine_force(m, forced, n);
}

static const Event *last(const Machine *m, EventType t)
{
    int n = 0;
    const Event *ev = machine_events(m, &n);
    for (int i = n - 1; i >= 0; i--)
        if (ev[i].type == t)
            return &ev[i];
    return NULL;
}

/* "After every step the machine says what it accepts now: an offer naming the legal commands
 * and their arguments (pick one of n, hold a set of reels, collect, risk). A command that was
 * not offered is refused with a clear error and changes nothing." */
static void test_offers_name_commands_and_arguments_and_refuse_the_rest(void)
{
    Machine *m = machine();
    Error err = {{0}};
    Offer o;
    force(m, (const char *const[]){"SEVEN SEVEN SEVEN"}, 1);
    CHECK(machine_command(m, &(Command){.type = CMD_SPIN, .seed = 1}, &err) == 0);
    machine_offer(m, &o);
    CHECK_EQ_INT(o.commands, 1u << CMD_COLLECT | 1u << CMD_RISK);
    CHECK_EQ_INT(o.arg[CMD_COLLECT].kind, ARG_NONE);
    CHECK(last(m, EVENT_PRIZE) && last(m, EVENT_PRIZE)->prize.amount == 20 * 10);
    int before = 0, after = 0;
    machine_events(m, &before);
    CHECK(machine_command(m, &(Command){.type = CMD_PICK, .arg = 1}, &err) != 0);
    CHECK_STR_CONTAINS(err.msg, "command pick is not allowed now (allowed: collect, risk)");
    CHECK(machine_command(m, &(Command){.type = CMD_COLLECT, .arg = 1}, &err) != 0);
    CHECK_STR_CONTAINS(err.msg, "command collect takes no argument (got 1)");
    machine_events(m, &after);
    CHECK_EQ_INT(after, before);
    machine_offer(m, &o);
    CHECK_EQ_INT(o.commands, 1u << CMD_COLLECT | 1u << CMD_RISK); /* nothing changed */
    CHECK(machine_command(m, &(Command){.type = CMD_COLLECT}, &err) == 0);
    CHECK(!machine_in_round(m));
    CHECK_EQ_INT(machine_summary(m)->total_win, 200);

    /* a pair: hold any set of the three reels, and no other bit */
    force(m, (const char *const[]){"BELL CHERRY BELL", "CHERRY SEVEN CHERRY"}, 2);
    CHECK(machine_command(m, &(Command){.type = CMD_SPIN, .seed = 2}, &err) == 0);
    machine_offer(m, &o);
    CHECK_EQ_INT(o.commands, 1u << CMD_HOLD);
    CHECK_EQ_INT(o.arg[CMD_HOLD].kind, ARG_SUBSET);
    CHECK_EQ_INT(o.arg[CMD_HOLD].set, 7);
    CHECK(machine_command(m, &(Command){.type = CMD_HOLD, .arg = 8}, &err) != 0);
    CHECK_STR_CONTAINS(err.msg, "command hold: bits 0x8 are not offered (offered: 0x7)");
    CHECK(machine_command(m, &(Command){.type = CMD_HOLD, .arg = 5}, &err) == 0);
    CHECK(last(m, EVENT_HOLD) && last(m, EVENT_HOLD)->hold.reels == 5);
    const Event *respin = last(m, EVENT_SCREEN);
    CHECK(respin && respin->screen.held == (grid_bit(0, 0) | grid_bit(0, 2)));
    CHECK(respin && respin->screen.screen.cell[0][0] == tu_symbol(&def, "BELL")); /* held */
    CHECK(respin && respin->screen.screen.cell[0][1] == tu_symbol(&def, "SEVEN")); /* spun */
    CHECK(!machine_in_round(m));

    /* a lid: pick one of three */
    force(m, (const char *const[]){"LID BELL CHERRY"}, 1);
    CHECK(machine_command(m, &(Command){.type = CMD_SPIN, .seed = 3}, &err) == 0);
    machine_offer(m, &o);
    CHECK_EQ_INT(o.commands, 1u << CMD_PICK);
    CHECK_EQ_INT(offer_options(&o, CMD_PICK), 3);
    CHECK(machine_command(m, &(Command){.type = CMD_PICK, .arg = 3}, &err) != 0);
    CHECK_STR_CONTAINS(err.msg, "command pick: option 3 is not offered (offered: 0, 1, 2)");
    CHECK(machine_command(m, &(Command){.type = CMD_PICK, .arg = 2}, &err) == 0);
    CHECK(!machine_in_round(m));
    machine_destroy(m);
}

/* "Each game module answers 'what would a player choose here?' for named strategies (at
 * least auto, the game's own automatic play, and random)": auto collects, holds its pair and
 * takes the first lid; random answers any offer within its range, the same for the same
 * seed, and never moves what the round draws */
static void test_strategies_answer_every_offer(void)
{
    Machine *m = machine();
    Error err = {{0}};
    Command c;
    force(m, (const char *const[]){"SEVEN SEVEN SEVEN"}, 1);
    CHECK(machine_command(m, &(Command){.type = CMD_SPIN, .seed = 1}, &err) == 0);
    CHECK(machine_choose(m, STRATEGY_AUTO, &c) && c.type == CMD_COLLECT);
    machine_autoplay(m, STRATEGY_AUTO);
    CHECK(!machine_in_round(m));
    force(m, (const char *const[]){"BELL CHERRY CHERRY"}, 1);
    CHECK(machine_command(m, &(Command){.type = CMD_SPIN, .seed = 2}, &err) == 0);
    CHECK(machine_choose(m, STRATEGY_AUTO, &c) && c.type == CMD_HOLD && c.arg == 6);
    machine_autoplay(m, STRATEGY_AUTO);
    force(m, (const char *const[]){"BELL LID CHERRY"}, 1);
    CHECK(machine_command(m, &(Command){.type = CMD_SPIN, .seed = 3}, &err) == 0);
    CHECK(machine_choose(m, STRATEGY_AUTO, &c) && c.type == CMD_PICK && c.arg == 0);
    machine_autoplay(m, STRATEGY_AUTO);
    machine_force(m, NULL, 0);
    /* random, over many rounds: every choice legal (machine_autoplay asserts it), the same
     * seed the same choices; both ways of risking or collecting are taken */
    uint32_t kinds = 0;
    Machine *twin = machine();
    for (uint64_t seed = 1; seed < 400; seed++) {
        CHECK(machine_play_round(m, seed, STRATEGY_RANDOM, &err) == 0);
        CHECK(machine_play_round(twin, seed, STRATEGY_RANDOM, &err) == 0);
        Buf a = {0}, b = {0};
        tu_events_json(m, 0, &a);
        tu_events_json(twin, 0, &b);
        CHECK(a.len == b.len && memcmp(a.s, b.s, a.len) == 0);
        buf_free(&a);
        buf_free(&b);
        int n = 0;
        const Event *ev = machine_events(m, &n);
        for (int i = 0; i < n; i++)
            kinds |= 1u << ev[i].type;
    }
    CHECK(kinds >> EVENT_RISK & 1u);
    CHECK(kinds >> EVENT_COLLECT & 1u);
    CHECK(kinds >> EVENT_PICK & 1u);
    CHECK(kinds >> EVENT_HOLD & 1u);
    machine_destroy(twin);
    machine_destroy(m);
}

/* Plays `n` losing rounds ("CHERRY BELL SEVEN"). */
static void lose(Machine *m, int n)
{
    static ForcedSpin lost[16];
    for (int i = 0; i < n; i++)
        lost[i] = (ForcedSpin){.forced = true, .screen = tu_screen(&def, "CHERRY BELL SEVEN")};
    machine_force(m, lost, n);
    for (int i = 0; i < n; i++)
        CHECK(machine_play_round(m, (uint64_t)i + 100, STRATEGY_AUTO, NULL) == 0);
    machine_force(m, NULL, 0);
}

/* "Each game declares a versioned block of state carried from round to round. It is an input
 * of each round, journaled with it, restored after a crash; an unknown version is a clear
 * error, never a silent reset." */
static void test_the_carried_state_is_versioned_and_an_input_of_every_round(void)
{
    Machine *m = machine();
    char json[256];
    CHECK(machine_carried_json(m, json, sizeof json) == 0);
    CHECK(strcmp(json, "{\"version\":1,\"streak\":0}") == 0);
    lose(m, 3);
    CHECK(machine_carried_json(m, json, sizeof json) == 0);
    CHECK(strcmp(json, "{\"version\":1,\"streak\":3}") == 0);
    CHECK_EQ_INT(machine_summary(m)->win_bonuses, 0);
    lose(m, 1); /* the fourth in a row: a consolation Bonus, and the streak starts again */
    CHECK_EQ_INT(machine_summary(m)->win_bonuses, 1);
    CHECK(last(m, EVENT_ROUND_END)->round_end.total_bonuses == 1);
    CHECK(machine_carried_json(m, json, sizeof json) == 0);
    CHECK(strcmp(json, "{\"version\":1,\"streak\":0}") == 0);

    /* the same round from two carried states: its outcome depends on it */
    int64_t v[CARRIED_MAX] = {0};
    Error err = {{0}};
    CHECK(machine_carried_parse(&def, "{\"version\":1,\"streak\":3}", v, &err) == 0);
    CHECK_EQ_INT(v[0], 3);
    static ForcedSpin one;
    one = (ForcedSpin){.forced = true, .screen = tu_screen(&def, "CHERRY BELL SEVEN")};
    CHECK(machine_replay(m, &(RoundInputs){.bet = *machine_bet(m), .carried = v, .seed = 9,
                                           .forced = &one, .nforced = 1}, &err) == 0);
    CHECK_EQ_INT(machine_summary(m)->win_bonuses, 1);
    int64_t zero[CARRIED_MAX] = {0};
    CHECK(machine_replay(m, &(RoundInputs){.bet = *machine_bet(m), .carried = zero, .seed = 9,
                                           .forced = &one, .nforced = 1}, &err) == 0);
    CHECK_EQ_INT(machine_summary(m)->win_bonuses, 0);

    /* what cannot be read is refused, by name, and nothing is reset */
    static const struct { const char *json, *msg; } bad[] = {
        {"{\"version\":2,\"streak\":1}", "the carried state is version 2, which this build does "
                                         "not know (it carries version 1)"},
        {"{\"streak\":1}", "the carried state has no version"},
        {"{\"version\":1}", "the carried state has no streak"},
        {"{\"version\":1,\"streak\":1,\"pool\":5}", "has \"pool\", which version 1 does not have"},
        {"{\"version\":1,\"streak\":1.5}", "the carried state's streak is not a whole number"},
        {"{\"version\":1,\"streak\":9}", "carried state refused: the streak is out of its range"},
        {"[1]", "the carried state is not a JSON object"},
        {"", "the carried state is not a JSON object"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int64_t w[CARRIED_MAX];
        CHECK(machine_carried_parse(&def, bad[i].json, w, &err) != 0);
        CHECK_STR_CONTAINS(err.msg, bad[i].msg);
        CHECK_STR_CONTAINS(err.msg, "contract-test");
    }
    char before[256];
    CHECK(machine_carried_json(m, before, sizeof before) == 0);
    int64_t nine[CARRIED_MAX] = {9};
    CHECK(machine_set_carried(m, nine, &err) != 0);
    CHECK(machine_carried_json(m, json, sizeof json) == 0);
    CHECK(strcmp(json, before) == 0); /* left as it was */
    machine_destroy(m);
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    CHECK(f != NULL);
    if (f) {
        fputs(text, f);
        fclose(f);
    }
}

/* "Every random draw has a name. A scenario file can force any named draw; what is not
 * forced comes from the seed. One scenario format for all games, with an error naming the
 * key that a game does not know." */
static void test_named_draws_are_forced_by_a_scenario(void)
{
    char tmp[] = "/tmp/slotcab-contract-XXXXXX", path[64];
    CHECK(mkdtemp(tmp) != NULL);
    snprintf(path, sizeof path, "%s/scenario.json", tmp);
    write_file(path, "{\"game\": \"contract-test\", \"seed\": 5, \"spins\": ["
                     "{\"screen\": [[\"BELL\", \"BELL\", \"BELL\"]], \"draws\": {\"risk\": 1}},"
                     "{\"screen\": [[\"LID\", \"BELL\", \"SEVEN\"]], \"draws\": {\"lid\": 2}}]}");
    Scenario sc;
    Error err = {{0}};
    CHECK(scenario_load(path, &def, &sc, &err) == 0);
    Machine *m = machine();
    machine_force(m, sc.spins, sc.nspins);
    CHECK(machine_command(m, &(Command){.type = CMD_SPIN, .seed = 5}, &err) == 0);
    CHECK(machine_command(m, &(Command){.type = CMD_RISK}, &err) == 0);
    const Event *r = last(m, EVENT_RISK);
    CHECK(r && r->risk.won == 1 && r->risk.amount == 2 * 50); /* forced up */
    CHECK(machine_in_round(m));
    CHECK(machine_command(m, &(Command){.type = CMD_RISK}, &err) == 0); /* drawn: not forced */
    CHECK(machine_command(m, &(Command){.type = CMD_SPIN, .seed = 6}, &err) == 0);
    CHECK(machine_command(m, &(Command){.type = CMD_PICK, .arg = 1}, &err) == 0);
    const Event *p = last(m, EVENT_PICK);
    CHECK(p && p->pick.choice == 1 && p->pick.bonuses[1] == 5); /* lid_bonuses[2] */
    CHECK(p && p->pick.bonuses[0] == 1 && p->pick.bonuses[2] == 2);
    CHECK_EQ_INT(machine_summary(m)->win_bonuses, 5);
    scenario_free(&sc);
    machine_destroy(m);

    static const struct { const char *draws, *msg; } bad[] = {
        {"{\"rsik\": 1}", "spins[0].draws.rsik: unknown draw for contract-test (risk, lid)"},
        {"{\"risk\": 2}", "spins[0].draws.risk: 2: a risk is 0 (lost) or 1 (up)"},
        {"{\"lid\": \"BELL\"}", "spins[0].draws.lid: expected a whole number from 0"},
        {"{\"lid\": 3}", "spins[0].draws.lid: 3: a lid hides one of the three lid_bonuses"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char text[256];
        snprintf(text, sizeof text, "{\"game\": \"contract-test\", \"spins\": [{\"draws\": %s}]}",
                 bad[i].draws);
        write_file(path, text);
        CHECK(scenario_load(path, &def, &sc, &err) != 0);
        CHECK_STR_CONTAINS(err.msg, bad[i].msg);
        CHECK_STR_CONTAINS(err.msg, path);
    }
    remove(path);
    rmdir(tmp);
}

/* ---- through the cabinet's memory ----------------------------------------------------- */

static char dir[64];

/* The round's seed and bet: a Bonus is staked on every third round the wallet can pay it. */
static uint64_t seed_of(int64_t k) { return (uint64_t)k * 7919u + 1u; }

static Bet bet_of(Store *s, int64_t k)
{
    Bet b = {{k % 2 ? 20 : 10, k % 3 == 0 && store_bonuses(s) >= 1}};
    return b;
}

/* Plays the rest of an open round by the auto strategy, each command journaled before it is
 * played, then settles it: the win in both units and the state the game carries out. */
static int finish(Store *s, Machine *m, int64_t id, Error *err)
{
    Command c;
    while (machine_choose(m, STRATEGY_AUTO, &c))
        if (store_round_command(s, id, &c, err) || machine_command(m, &c, err))
            return -1;
    const RoundSummary *sum = machine_summary(m);
    StoreSettle st = {.win = sum->total_win, .win_bonuses = sum->win_bonuses};
    machine_carried_json(m, st.carried_after, sizeof st.carried_after);
    return store_round_settle(s, id, &st, err);
}

/* One round through the memory, as a cabinet plays it. */
static int play(Store *s, Machine *m, const char *config, Error *err)
{
    int64_t k = store_rounds_begun(s);
    Bet bet = bet_of(s, k);
    if (machine_set_bet(m, &bet, err))
        return -1;
    const GameRules *rules = machine_rules(m);
    StoreRound r = {.seed = seed_of(k), .bet = bet, .bet_total = rules->bet_total(&def, &bet),
                    .bet_bonuses = rules->bet_bonuses(&def, &bet)};
    snprintf(r.game, sizeof r.game, "%s", def.id);
    snprintf(r.config, sizeof r.config, "%s", config);
    snprintf(r.game_hash, sizeof r.game_hash, "%s", def.hash);
    machine_carried_json(m, r.carried, sizeof r.carried);
    int64_t id;
    if (store_round_begin(s, &r, &id, err) ||
        machine_command(m, &(Command){.type = CMD_SPIN, .seed = r.seed}, err))
        return -1;
    return finish(s, m, id, err);
}

/* A cabinet starting on a memory: the state the game's last round carried out (or a new
 * cabinet's), then the open round, if any, rebuilt from its journal and finished. */
static Machine *start(Store *s, Error *err)
{
    char json[256];
    int64_t v[CARRIED_MAX];
    Machine *m = machine();
    if (store_carried(s, def.id, json, sizeof json) == 0 &&
        (machine_carried_parse(&def, json, v, err) || machine_set_carried(m, v, err)))
        goto fail;
    StoreRound *r = calloc(1, sizeof *r);
    bool found = false;
    if (!r || store_open_round(s, r, &found, err))
        goto fail_r;
    if (found) {
        if (machine_carried_parse(&def, r->carried, v, err) ||
            machine_replay(m, &(RoundInputs){.bet = r->bet, .carried = v, .seed = r->seed,
                                             .commands = r->commands,
                                             .ncommands = r->ncommands}, err) ||
            finish(s, m, r->id, err))
            goto fail_r;
    }
    free(r);
    return m;
fail_r:
    free(r);
fail:
    machine_destroy(m);
    return NULL;
}

/* A cabinet playing until `rounds` rounds have begun (a child process killed at random). */
static int cabinet(const char *at, int64_t rounds)
{
    Error err = {{0}};
    Store *s = store_open(at, STORE_CABINET, 100000, &err);
    Machine *m = s ? start(s, &err) : NULL;
    while (m && store_rounds_begun(s) < rounds)
        if (play(s, m, "{}", &err)) {
            machine_destroy(m);
            m = NULL;
        }
    if (!m)
        fprintf(stderr, "cabinet: %s\n", err.msg);
    machine_destroy(m);
    store_close(s);
    return m ? 0 : 2;
}

/* "Two currencies: money types, the wallet, meters, the journal and reconciliation hold money
 * and a second, integer unit (Bonuses)" */
static void test_two_currencies_are_journaled_and_reconciled(void)
{
    Error err = {{0}};
    Store *s = store_open(NULL, STORE_CABINET, 100000, &err);
    Machine *m = start(s, &err);
    int64_t won = 0, bet = 0;
    for (int i = 0; i < 120; i++) {
        CHECK(play(s, m, "{}", &err) == 0);
        won += machine_summary(m)->win_bonuses;
        bet += machine_summary(m)->bet_bonuses;
    }
    CHECK(won > 0 && bet > 0); /* Bonuses were won and staked */
    CHECK_EQ_INT(store_bonuses(s), won - bet);
    StoreCheck c;
    CHECK(store_check(s, &c) == 0);
    char *json = NULL;
    CHECK(store_audit_json(s, false, &json, &err) == 0);
    char want[96];
    snprintf(want, sizeof want, "\"bonuses_bet\":%lld,\"bonuses_won\":%lld", (long long)bet,
             (long long)won);
    CHECK_STR_CONTAINS(json, want);
    free(json);
    /* a bet of more Bonuses than the wallet holds is refused, and nothing moves */
    int64_t have = store_bonuses(s);
    Money balance = store_balance(s);
    StoreRound r = {.seed = 1, .bet = {{10, 1}}, .bet_total = 10, .bet_bonuses = have + 1};
    snprintf(r.game, sizeof r.game, "%s", def.id);
    int64_t id;
    CHECK(store_round_begin(s, &r, &id, &err) != 0);
    CHECK_STR_CONTAINS(err.msg, "the Bonuses are fewer than the bet's");
    CHECK_EQ_INT(store_bonuses(s), have);
    CHECK_EQ_INT(store_balance(s), balance);
    machine_destroy(m);
    store_close(s);
}

/* The store's settings, for opconfig: key, value, ..., NULL. */
static void get_setting(void *ctx, const char *key, char *out, size_t size)
{
    const char *const *kv = ctx;
    out[0] = 0;
    for (int i = 0; kv[i]; i += 2)
        if (!strcmp(kv[i], key))
            snprintf(out, size, "%s", kv[i + 1]);
}

/* "Replay uses the journaled configuration, so a changed setting never rewrites the past; a
 * round whose game file changed says so." */
static void test_a_replay_with_a_since_changed_configuration_gives_the_old_events(void)
{
    /* the round as played: the operator's setting then, journaled as the cabinet does */
    const char *const kv[] = {"contract-test.prize_multiplier", "1", NULL};
    char config[512];
    GameDef played = def;
    Error err = {{0}};
    CHECK(opconfig_apply_all_json(&played, get_setting, (void *)kv, config, sizeof config,
                                  &err) == 0);
    CHECK(strcmp(config, "{\"prize_multiplier\":\"1\"}") == 0);
    Machine *m = machine_create(&(MachineDesc){.game = &played}, &err);
    static ForcedSpin seven; /* three sevens, risked once (forced up), then collected */
    seven = (ForcedSpin){.forced = true, .screen = tu_screen(&def, "SEVEN SEVEN SEVEN"),
                         .ndraws = 1, .draws = {{0, 1}}};
    const Command journal[] = {{.type = CMD_SPIN}, {.type = CMD_RISK}, {.type = CMD_COLLECT}};
    RoundInputs in = {.bet = *machine_bet(m), .seed = 12, .commands = journal, .ncommands = 3,
                      .forced = &seven, .nforced = 1};
    CHECK(machine_replay(m, &in, &err) == 0);
    CHECK(!machine_in_round(m));
    CHECK_EQ_INT(machine_summary(m)->total_win, 2 * 20 * 10);
    Buf then = {0};
    tu_events_json(m, 0, &then);
    machine_destroy(m);
    /* the operator triples the prizes since: today's definition pays otherwise ... */
    GameDef today = def;
    CHECK(opconfig_apply(&today, "prize_multiplier", "3", &err) == 0);
    m = machine_create(&(MachineDesc){.game = &today}, &err);
    CHECK(machine_replay(m, &in, &err) == 0);
    Buf now = {0};
    tu_events_json(m, 0, &now);
    CHECK(now.len != then.len || memcmp(now.s, then.s, now.len) != 0);
    machine_destroy(m);
    /* ... and the round replayed as played, from its journaled configuration, is the old one */
    GameDef as_played;
    CHECK(opconfig_load_as_played(games_dir, "contract-test", def.hash, config, &as_played,
                                  &err) == 0);
    m = machine_create(&(MachineDesc){.game = &as_played}, &err);
    CHECK(machine_replay(m, &in, &err) == 0);
    Buf again = {0};
    tu_events_json(m, 0, &again);
    CHECK(again.len == then.len && memcmp(again.s, then.s, then.len) == 0);
    machine_destroy(m);
    /* a game file that changed since is said to have changed */
    CHECK(opconfig_load_as_played(games_dir, "contract-test", "0000000000000000", config,
                                  &as_played, &err) != 0);
    CHECK_STR_CONTAINS(err.msg, "the file has changed since");
    /* a setting the game does not have, or out of its range, is refused by name */
    CHECK(opconfig_apply(&today, "prize_multiplier", "4", &err) != 0);
    CHECK_STR_CONTAINS(err.msg, "setting contract-test.prize_multiplier: \"4\": expected a "
                                "whole number of x from 1 to 3");
    CHECK(opconfig_apply(&today, "jackpot_seed", "50000", &err) != 0);
    CHECK_STR_CONTAINS(err.msg, "setting contract-test.jackpot_seed: not a setting of this game");
    buf_free(&then);
    buf_free(&now);
    buf_free(&again);
}

/* Every round of two memories alike: bets, wins in both units, what each carried in. */
static void check_same_rounds(Store *a, Store *b, int64_t rounds)
{
    static StoreRound ra, rb;
    Error err = {{0}};
    for (int64_t id = 1; id <= rounds; id++) {
        CHECK(store_round_load(a, id, &ra, &err) == 0 && store_round_load(b, id, &rb, &err) == 0);
        CHECK(ra.seed == rb.seed && ra.bet_total == rb.bet_total);
        CHECK_EQ_INT(ra.bet_bonuses, rb.bet_bonuses);
        CHECK(strcmp(ra.carried, rb.carried) == 0);
        CHECK_EQ_INT(ra.ncommands, rb.ncommands);
        for (int i = 0; i < ra.ncommands && i < rb.ncommands; i++)
            CHECK(ra.commands[i].type == rb.commands[i].type &&
                  ra.commands[i].arg == rb.commands[i].arg);
    }
    CHECK_EQ_INT(store_balance(a), store_balance(b));
    CHECK_EQ_INT(store_bonuses(a), store_bonuses(b));
    char ca[256], cb[256];
    CHECK(store_carried(a, def.id, ca, sizeof ca) == 0 && store_carried(b, def.id, cb, sizeof cb) == 0);
    CHECK(strcmp(ca, cb) == 0);
}

/* "carried state surviving a kill": a cabinet killed with SIGKILL at random moments and
 * started again goes on with the state its rounds carried, and ends every round as an
 * uninterrupted cabinet does: the same journal, Bonuses, balance and carried state */
static void test_the_carried_state_survives_a_kill(void)
{
    const int64_t rounds = 600;
    uint64_t seed = test_seed();
    srand((unsigned)seed);
    snprintf(dir, sizeof dir, "/tmp/slotcab-contract-kill-XXXXXX");
    CHECK(mkdtemp(dir) != NULL);
    char file[128];
    snprintf(file, sizeof file, "%s/%s", dir, STORE_FILE);
    /* the kill delays adapt (below) so that they keep landing among the rounds */
    int kills = 0, open_after = 0, delay_us = 20000;
    int64_t rounds_before = 0;
    for (int tries = 0; tries < 2000; tries++) {
        pid_t pid = fork();
        if (pid == 0)
            _exit(cabinet(dir, rounds));
        struct timeval wait = {0, kills > 40 ? 0 : rand() % delay_us};
        select(0, NULL, NULL, NULL, &wait);
        bool killed = kills <= 40 && kill(pid, SIGKILL) == 0;
        int status = 0;
        waitpid(pid, &status, 0);
        if (WIFEXITED(status)) {
            CHECK_EQ_INT(WEXITSTATUS(status), 0);
            break; /* it played every round before the kill came */
        }
        kills += killed;
        if (access(file, F_OK)) { /* killed before it made its memory */
            delay_us += delay_us / 2;
            continue;
        }
        Error err = {{0}};
        Store *s = store_open(dir, STORE_AUDIT, 0, &err); /* as an auditor would: no writes */
        CHECK(s != NULL);
        if (!s) {
            fprintf(stderr, "%s\n", err.msg);
            break;
        }
        StoreCheck c;
        CHECK(store_check(s, &c) == 0);
        /* a run the kill stopped before it began a round of its own widens the delays; one
         * that got on with its rounds narrows them, so that kills keep landing among rounds
         * (not all before them, not all after the last) however fast or loaded the host is */
        const int64_t begun = store_rounds_begun(s);
        if (begun == rounds_before && delay_us < 1000000)
            delay_us += delay_us / 2;
        else if (begun > rounds_before && delay_us > 2000)
            delay_us -= delay_us / 5;
        rounds_before = begun;
        StoreRound *r = calloc(1, sizeof *r);
        bool found = false;
        CHECK(r && store_open_round(s, r, &found, &err) == 0);
        open_after += found;
        free(r);
        store_close(s);
    }
    printf("%d kills, %d of them with a round open\n", kills, open_after);
    CHECK(kills >= 10);
    CHECK(open_after >= 1);
    Error err = {{0}};
    Store *killed = store_open(dir, STORE_CABINET, 0, &err);
    Store *calm = store_open(NULL, STORE_CABINET, 100000, &err);
    CHECK(killed && calm);
    if (killed && calm) {
        CHECK_EQ_INT(store_rounds_begun(killed), rounds);
        Machine *m = start(calm, &err);
        while (store_rounds_begun(calm) < rounds)
            CHECK(play(calm, m, "{}", &err) == 0);
        machine_destroy(m);
        check_same_rounds(killed, calm, rounds);
        StoreCheck c;
        CHECK(store_check(killed, &c) == 0);
    }
    store_close(killed);
    store_close(calm);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    CHECK(system(cmd) == 0);
}

int main(int argc, char **argv)
{
    test_init(argc, argv);
    CHECK(games_register(&contract_game_rules) == 0);
    CHECK(games_register(&contract_game_rules) != 0); /* an id is registered once */
    load();
    RUN(test_offers_name_commands_and_arguments_and_refuse_the_rest);
    RUN(test_strategies_answer_every_offer);
    RUN(test_the_carried_state_is_versioned_and_an_input_of_every_round);
    RUN(test_named_draws_are_forced_by_a_scenario);
    RUN(test_two_currencies_are_journaled_and_reconciled);
    RUN(test_a_replay_with_a_since_changed_configuration_gives_the_old_events);
    RUN(test_the_carried_state_survives_a_kill);
    return test_done();
}
