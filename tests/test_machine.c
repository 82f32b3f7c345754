/* test_machine.c - the round driver shared by every game: what it accepts and refuses, and
 * the simulator's tally mode, which must play rounds exactly as the full mode does. */
#include "buf.h"
#include "games/gnomos_mix_events.h"
#include "machine.h"
#include "rng.h"
#include "scenario.h"
#include "test.h"
#include "testdata.h"
#include "testutil.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static GameDef def;

static void load(void)
{
    if (tu_load_game("mona-lisa-jewels", &def))
        exit(1);
}

static Bet bet_of(const char *spec)
{
    Bet b;
    machine_default_bet(&def, &b);
    Error err;
    if (machine_parse_bet(&def, spec, &b, &err)) {
        fprintf(stderr, "%s\n", err.msg);
        exit(1);
    }
    return b;
}

/* Summaries compared field by field (no padding compared). */
static int same_summary(const RoundSummary *a, const RoundSummary *b)
{
    int same = a->bet == b->bet && a->total_win == b->total_win && a->jackpots == b->jackpots &&
               a->jackpot_seed_value == b->jackpot_seed_value && a->pool_added == b->pool_added &&
               a->pool_paid == b->pool_paid && a->base_features == b->base_features &&
               a->bet_bonuses == b->bet_bonuses && a->win_bonuses == b->win_bonuses;
    for (int p = 0; p < PART__COUNT; p++)
        same &= a->part[p] == b->part[p];
    for (int f = 0; f < FEATURE__COUNT; f++)
        same &= a->triggers[f] == b->triggers[f];
    for (int k = 0; k < SPIN__COUNT; k++)
        same &= a->spins[k] == b->spins[k];
    return same;
}

/* The simulator's tally mode keeps no events but plays every round exactly as the full
 * mode: same summaries and the same pool, round after round, at several bets, whether the
 * round is played by commands or by machine_play_round (whose rules play the round
 * themselves: a round with no feature from the reel-stop tables, the others spin by spin
 * with no commands). Some rounds are forced into features (scatters and jewels) so that
 * every path is taken. */
static void test_tally_mode_plays_the_same_rounds(void)
{
    const char *bets[] = {"coin_value=10,coins=1,lines=25", "coin_value=10,coins=10,lines=25",
                          "coin_value=1,coins=3,lines=7"};
    const uint64_t seed = test_seed();
    for (size_t b = 0; b < 3; b++) {
        Bet bet = bet_of(bets[b]);
        Machine *full = machine_create(&(MachineDesc){.game = &def}, NULL);
        Machine *tally = machine_create(&(MachineDesc){.game = &def, .tally_only = true}, NULL);
        CHECK(machine_set_bet(full, &bet, NULL) == 0 && machine_set_bet(tally, &bet, NULL) == 0);
        /* every 50th round starts with three scatters and two jewels on reel 1 */
        static ForcedSpin feature = {.forced = true};
        const int sc = gamedef_symbol(&def, "SCATTER"), jw = gamedef_symbol(&def, "JEWEL"),
                  a = gamedef_symbol(&def, "A");
        feature.screen.rows = 3;
        feature.screen.cols = 5;
        for (int r = 0; r < 3; r++)
            for (int c = 0; c < 5; c++)
                feature.screen.cell[r][c] = (uint8_t)a;
        feature.screen.cell[0][0] = feature.screen.cell[1][0] = (uint8_t)jw;
        feature.screen.cell[0][2] = feature.screen.cell[1][3] = feature.screen.cell[2][4] = (uint8_t)sc;
        int differ = 0;
        for (uint64_t i = 0; i < 20000; i++) {
            if (i % 50 == 0) {
                machine_force(full, &feature, 1);
                machine_force(tally, &feature, 1);
            }
            Command cmd = {.type = CMD_SPIN, .seed = rng_round_seed(seed, i)};
            machine_command(full, &cmd, NULL);
            machine_autoplay(full, STRATEGY_AUTO);
            if (i % 2) { /* by commands, and by the simulator's round with its fast path */
                machine_command(tally, &cmd, NULL);
                machine_autoplay(tally, STRATEGY_AUTO);
            } else {
                CHECK_EQ_INT(machine_play_round(tally, cmd.seed, STRATEGY_AUTO, NULL), 0);
            }
            differ += !same_summary(machine_summary(full), machine_summary(tally)) ||
                      machine_pool_get(full) != machine_pool_get(tally);
        }
        CHECK_EQ_INT(differ, 0);
        int n;
        machine_events(tally, &n);
        CHECK_EQ_INT(n, 0);
        machine_events(full, &n);
        CHECK(n > 0);
        machine_destroy(full);
        machine_destroy(tally);
    }
}

/* The same for Gonzo's Gold, whose tally mode reads the reel-stop tables instead of the
 * screen: every 40th round is forced to three scatters, so that free spins, the pick, the
 * expansion and the expanding-symbol prize are played both ways. */
static void test_tally_mode_plays_the_same_rounds_gonzo(void)
{
    static GameDef gg;
    if (tu_load_game("gonzos-gold", &gg))
        exit(1);
    Machine *full = machine_create(&(MachineDesc){.game = &gg}, NULL);
    Machine *tally = machine_create(&(MachineDesc){.game = &gg, .tally_only = true}, NULL);
    static ForcedSpin feature = {.forced = true};
    feature.screen.rows = feature.screen.cols = 5;
    const char *row[5] = {"A", "K", "Q", "J", "TEN"};
    for (int r = 0; r < 5; r++)
        for (int c = 0; c < 5; c++)
            feature.screen.cell[r][c] = (uint8_t)gamedef_symbol(&gg, row[(r + 2 * c) % 5]);
    const int sc = gamedef_symbol(&gg, "SCATTER");
    feature.screen.cell[0][0] = feature.screen.cell[2][2] = feature.screen.cell[4][4] = (uint8_t)sc;
    const uint64_t seed = test_seed();
    int differ = 0, features = 0;
    for (uint64_t i = 0; i < 20000; i++) {
        if (i % 40 == 0) {
            machine_force(full, &feature, 1);
            machine_force(tally, &feature, 1);
        }
        const uint64_t s = rng_round_seed(seed, i);
        machine_command(full, &(Command){.type = CMD_SPIN, .seed = s}, NULL);
        machine_autoplay(full, STRATEGY_AUTO);
        CHECK_EQ_INT(machine_play_round(tally, s, STRATEGY_AUTO, NULL), 0);
        differ += !same_summary(machine_summary(full), machine_summary(tally));
        features += machine_summary(full)->spins[SPIN_FREE] > 0;
    }
    CHECK_EQ_INT(differ, 0);
    CHECK(features >= 500);
    machine_destroy(full);
    machine_destroy(tally);
}

/* The same for Gnomos Mix, whose rounds are conversations (holds, advances, ladders, the
 * cauldrons) answered by a strategy, and whose carried state (the controller's reserve and
 * cycle) every round changes: for each strategy and at three bets, 6,000 rounds played by
 * commands with events, and by machine_play_round in tally mode (its fast path, which skips
 * what only events read); every summary, Bonuses included, and the carried state after
 * every round must be the same. Before each odd round the tally machine changes its bet and
 * changes it back, which forgets what the rules keep of the advances' reach at a bet, so
 * those rounds work it out afresh against the full machine's kept answers. */
static void test_tally_mode_plays_the_same_rounds_gnomos(void)
{
    static GameDef gm;
    if (tu_load_game("gnomos-mix", &gm))
        exit(1);
    const int64_t bets[] = {20, 100, 2000};
    const Strategy strategies[] = {STRATEGY_AUTO, STRATEGY_COLLECT, STRATEGY_RANDOM};
    const uint64_t seed = test_seed();
    for (size_t si = 0; si < 3; si++)
        for (size_t b = 0; b < 3; b++) {
            Machine *full = machine_create(&(MachineDesc){.game = &gm}, NULL);
            Machine *tally = machine_create(&(MachineDesc){.game = &gm, .tally_only = true}, NULL);
            Bet bet, other;
            machine_default_bet(&gm, &bet);
            bet.v[0] = bets[b];
            other = bet;
            other.v[0] = bets[(b + 1) % 3];
            CHECK(machine_set_bet(full, &bet, NULL) == 0 && machine_set_bet(tally, &bet, NULL) == 0);
            int differ = 0, conversations = 0;
            for (uint64_t i = 0; i < 6000; i++) {
                const uint64_t s = rng_round_seed(seed + si * 3 + b, i);
                machine_command(full, &(Command){.type = CMD_SPIN, .seed = s}, NULL);
                machine_autoplay(full, strategies[si]);
                if (i % 2)
                    CHECK(machine_set_bet(tally, &other, NULL) == 0 &&
                          machine_set_bet(tally, &bet, NULL) == 0);
                CHECK_EQ_INT(machine_play_round(tally, s, strategies[si], NULL), 0);
                int64_t cf[CARRIED_MAX], ct[CARRIED_MAX];
                machine_carried(full, cf);
                machine_carried(tally, ct);
                differ += !same_summary(machine_summary(full), machine_summary(tally)) ||
                          memcmp(cf, ct, sizeof cf) != 0 || machine_in_round(tally);
                int n;
                const Event *ev = machine_events(full, &n);
                for (int k = 0; k < n; k++)
                    conversations += ev[k].type == EVENT_HOLD || ev[k].type == GNOMOS_EVENT_ADVANCE ||
                                     ev[k].type == EVENT_RISK || ev[k].type == EVENT_PICK;
            }
            CHECK_EQ_INT(differ, 0);
            CHECK(conversations >= 1000);
            machine_destroy(full);
            machine_destroy(tally);
        }
}

/* Commands the round does not accept now are refused with a message naming what it accepts,
 * and change nothing. */
static void test_commands_refused_out_of_turn(void)
{
    Machine *m = machine_create(&(MachineDesc){.game = &def}, NULL);
    Error err;
    CHECK_EQ_INT(machine_allowed(m), 1u << CMD_SPIN);
    CHECK_EQ_INT(machine_command(m, &(Command){.type = CMD_CONTINUE}, &err), -1);
    CHECK_STR_CONTAINS(err.msg, "command continue is not allowed now (allowed: spin)");
    CHECK_EQ_INT(machine_command(m, &(Command){.type = CMD_START}, &err), -1);
    CHECK_EQ_INT(machine_command(m, &(Command){.type = CMD__COUNT}, &err), -1);
    CHECK(!machine_in_round(m));
    machine_destroy(m);
}

/* "Configuration changes only between rounds": the bet is refused mid-round, accepted after. */
static void test_bet_changes_only_between_rounds(void)
{
    Machine *m = machine_create(&(MachineDesc){.game = &def}, NULL);
    static ForcedSpin scat = {.forced = true};
    const int sc = gamedef_symbol(&def, "SCATTER"), k = gamedef_symbol(&def, "K");
    scat.screen.rows = 3;
    scat.screen.cols = 5;
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 5; c++)
            scat.screen.cell[r][c] = (uint8_t)(c < 3 && r == c ? sc : k);
    machine_force(m, &scat, 1);
    Error err;
    CHECK_EQ_INT(machine_command(m, &(Command){.type = CMD_SPIN, .seed = 5}, &err), 0);
    CHECK(machine_in_round(m));
    Bet b = bet_of("coin_value=100");
    CHECK_EQ_INT(machine_set_bet(m, &b, &err), -1);
    CHECK_STR_CONTAINS(err.msg, "only between rounds");
    machine_autoplay(m, STRATEGY_AUTO);
    CHECK(!machine_in_round(m));
    CHECK_EQ_INT(machine_set_bet(m, &b, &err), 0);
    machine_destroy(m);
}

/* --bet parsing names the option and what is wrong. */
static void test_bet_parse_messages(void)
{
    Bet b;
    machine_default_bet(&def, &b);
    Error err;
    CHECK_EQ_INT(machine_parse_bet(&def, "coins=0", &b, &err), -1);
    CHECK_STR_CONTAINS(err.msg, "--bet: bet coins=0 is not allowed (allowed: 1, 2, 3");
    CHECK_EQ_INT(machine_parse_bet(&def, "lines=5,colour=red", &b, &err), -1);
    CHECK_STR_CONTAINS(err.msg, "unknown option \"colour\"");
    CHECK_EQ_INT(machine_parse_bet(&def, "lines", &b, &err), -1);
    CHECK_STR_CONTAINS(err.msg, "is not key=value");
    CHECK_EQ_INT(machine_parse_bet(&def, "lines=1e3", &b, &err), -1);
    CHECK_STR_CONTAINS(err.msg, "not a whole number");
    CHECK_EQ_INT(machine_parse_bet(&def, "coins=2,", &b, &err), -1);
    CHECK_STR_CONTAINS(err.msg, "has an empty item");
    CHECK_EQ_INT(machine_parse_bet(&def, "", &b, &err), -1);
    CHECK_EQ_INT(machine_parse_bet(&def, "coin_value=200,coins=10,lines=25", &b, &err), 0);
}

/* Forced screens are used in play order across rounds; when they run out, spins are drawn. */
static void test_forcing_spans_rounds(void)
{
    Machine *m = machine_create(&(MachineDesc){.game = &def}, NULL);
    static ForcedSpin spins[3];
    for (int i = 0; i < 3; i++) {
        spins[i].forced = i != 1;
        spins[i].screen.rows = 3;
        spins[i].screen.cols = 5;
        for (int r = 0; r < 3; r++)
            for (int c = 0; c < 5; c++)
                spins[i].screen.cell[r][c] = (uint8_t)gamedef_symbol(&def, (r + c + i) % 2 ? "Q" : "K");
    }
    machine_force(m, spins, 3);
    for (int round = 0; round < 4; round++) {
        machine_command(m, &(Command){.type = CMD_SPIN, .seed = 100 + (uint64_t)round}, NULL);
        int n;
        const Event *ev = machine_events(m, &n);
        CHECK(ev[1].type == EVENT_SCREEN);
        if (round == 0 || round == 2)
            CHECK(memcmp(ev[1].screen.screen.cell, spins[round].screen.cell, sizeof spins[0].screen.cell) == 0);
        machine_autoplay(m, STRATEGY_AUTO);
    }
    CHECK_EQ_INT(machine_forced_left(m), 0);
    machine_destroy(m);
}

/* A Gonzo's Gold machine at its pick (the first seed from `from` whose base spin awards free
 * spins); NULL when none within 20,000 seeds. */
static Machine *gonzo_at_pick(const GameDef *gonzo, uint64_t from, uint64_t *seed)
{
    Machine *m = machine_create(&(MachineDesc){.game = gonzo}, NULL);
    for (uint64_t s = from; m && s < from + 20000; s++) {
        if (machine_command(m, &(Command){.type = CMD_SPIN, .seed = s}, NULL))
            break;
        if (machine_in_round(m)) {
            *seed = s;
            return m;
        }
    }
    machine_destroy(m);
    return NULL;
}

/* "After every step the machine says what it accepts now: an offer naming the legal
 * commands and their arguments"; "a command that was not offered is refused with a clear
 * error and changes nothing" (a tile out of range is no longer turned into tile 0) */
static void test_the_offer_names_commands_and_their_arguments(void)
{
    static GameDef gonzo;
    CHECK(tu_load_game("gonzos-gold", &gonzo) == 0);
    uint64_t seed = 0;
    Machine *m = gonzo_at_pick(&gonzo, 1, &seed);
    CHECK(m != NULL);
    if (!m)
        return;
    Offer o;
    machine_offer(m, &o);
    CHECK_EQ_INT(o.commands, 1u << CMD_START);
    CHECK_EQ_INT(offer_options(&o, CMD_START), 9);
    int before = 0;
    machine_events(m, &before);
    Error err;
    CHECK_EQ_INT(machine_command(m, &(Command){.type = CMD_START, .arg = 9}, &err), -1);
    CHECK_STR_CONTAINS(err.msg, "start: option 9 is not offered (offered: 0, 1, 2, 3, 4, 5, 6, 7, 8)");
    CHECK_EQ_INT(machine_command(m, &(Command){.type = CMD_START, .arg = 255}, &err), -1);
    CHECK_EQ_INT(machine_command(m, &(Command){.type = CMD_START, .arg = 0xffffffffu}, &err), -1);
    CHECK_EQ_INT(machine_command(m, &(Command){.type = CMD_PICK, .arg = 1}, &err), -1);
    CHECK_STR_CONTAINS(err.msg, "command pick is not allowed now (allowed: start)");
    int after = 0;
    machine_events(m, &after);
    CHECK_EQ_INT(after, before); /* nothing happened */
    machine_offer(m, &o);
    CHECK_EQ_INT(o.commands, 1u << CMD_START);
    CHECK_EQ_INT(machine_command(m, &(Command){.type = CMD_START, .arg = 8}, &err), 0);
    const Event *ev = machine_events(m, &after);
    CHECK_EQ_INT(ev[after - 1].type, EVENT_FEATURE_START);
    CHECK_EQ_INT(ev[after - 1].feature_start.choice, 8);
    machine_offer(m, &o);
    CHECK_EQ_INT(o.commands, 1u << CMD_CONTINUE);
    CHECK_EQ_INT(offer_options(&o, CMD_START), 0);
    machine_destroy(m);
    /* a START that takes no argument refuses one */
    m = machine_create(&(MachineDesc){.game = &def}, NULL);
    static ForcedSpin scat = {.forced = true};
    scat.screen = tu_screen(&def, "SCATTER A K Q J / SCATTER K Q J TEN / SCATTER Q J TEN A");
    machine_force(m, &scat, 1);
    CHECK_EQ_INT(machine_command(m, &(Command){.type = CMD_SPIN, .seed = 5}, &err), 0);
    machine_offer(m, &o);
    CHECK_EQ_INT(o.commands, 1u << CMD_START);
    CHECK_EQ_INT(offer_options(&o, CMD_START), 0);
    CHECK_EQ_INT(machine_command(m, &(Command){.type = CMD_START, .arg = 1}, &err), -1);
    CHECK_STR_CONTAINS(err.msg, "start takes no argument (got 1)");
    CHECK_EQ_INT(machine_command(m, &(Command){.type = CMD_START}, &err), 0);
    machine_destroy(m);
}

/* "Each game module answers what would a player choose here? for named strategies (at least
 * auto and random)": auto is the game's own automatic play (Gonzo's Gold: the middle tile,
 * as the cabinet's autoplay picks), random draws from a choice RNG of its own, so that the
 * round's draws, and so its outcome, do not depend on the strategy; both are deterministic */
static void test_strategies_answer_offers(void)
{
    static GameDef gonzo;
    CHECK(tu_load_game("gonzos-gold", &gonzo) == 0);
    CHECK_EQ_INT(strategy_from_name("auto"), STRATEGY_AUTO);
    CHECK_EQ_INT(strategy_from_name("random"), STRATEGY_RANDOM);
    CHECK_EQ_INT(strategy_from_name("collect"), STRATEGY_COLLECT);
    CHECK_EQ_INT(strategy_from_name("bold"), -1);
    uint32_t tiles_seen = 0;
    uint64_t seed = 1;
    for (int k = 0; k < 40; k++) {
        Machine *a = gonzo_at_pick(&gonzo, seed, &seed);
        CHECK(a != NULL);
        if (!a)
            return;
        Command c;
        CHECK(machine_choose(a, STRATEGY_AUTO, &c));
        CHECK_EQ_INT(c.type, CMD_START);
        CHECK_EQ_INT(c.arg, 4);
        machine_autoplay(a, STRATEGY_AUTO);
        Machine *r = machine_create(&(MachineDesc){.game = &gonzo}, NULL);
        Machine *r2 = machine_create(&(MachineDesc){.game = &gonzo}, NULL);
        CHECK(machine_play_round(r, seed, STRATEGY_RANDOM, NULL) == 0);
        CHECK(machine_play_round(r2, seed, STRATEGY_RANDOM, NULL) == 0);
        int n = 0, n2 = 0;
        const Event *ev = machine_events(r, &n), *ev2 = machine_events(r2, &n2);
        int choice = -1;
        for (int i = 0; i < n; i++)
            if (ev[i].type == EVENT_FEATURE_START)
                choice = ev[i].feature_start.choice;
        CHECK(choice >= 0 && choice < 9);
        tiles_seen |= 1u << choice;
        CHECK_EQ_INT(n, n2); /* the same seed, the same random choice */
        for (int i = 0; i < n && i < n2; i++)
            if (ev[i].type == EVENT_FEATURE_START)
                CHECK_EQ_INT(ev2[i].feature_start.choice, choice);
        CHECK(same_summary(machine_summary(a), machine_summary(r))); /* the outcome is the round's */
        CHECK(!machine_choose(r, STRATEGY_RANDOM, &c)); /* between rounds: nothing to choose */
        machine_destroy(a);
        machine_destroy(r);
        machine_destroy(r2);
        seed++;
    }
    CHECK(__builtin_popcount(tiles_seen) >= 6); /* random does pick all over the grid */
}

/* "One engine function rebuilds a round's events from its journaled inputs; recovery,
 * recall and slotsim round all call it": a whole journal gives the round's events again,
 * a journal cut mid-round leaves the machine in the round (a crash's recovery), and a
 * journal the machine refuses names the command */
static void test_one_replay_rebuilds_a_round_from_its_journal(void)
{
    static GameDef gonzo;
    CHECK(tu_load_game("gonzos-gold", &gonzo) == 0);
    uint64_t seed = 0;
    Machine *live = gonzo_at_pick(&gonzo, 1, &seed);
    CHECK(live != NULL);
    if (!live)
        return;
    Command journal[64] = {{.type = CMD_SPIN}, {.type = CMD_START, .arg = 7}};
    int n = 2;
    CHECK_EQ_INT(machine_command(live, &journal[1], NULL), 0);
    while (machine_in_round(live) && n < 64) {
        journal[n] = (Command){.type = CMD_CONTINUE};
        CHECK_EQ_INT(machine_command(live, &journal[n++], NULL), 0);
    }
    int nlive = 0;
    const Event *ev = machine_events(live, &nlive);
    Bet bet = *machine_bet(live);
    RoundInputs in = {.bet = bet, .seed = seed, .commands = journal, .ncommands = n};
    Machine *m = machine_create(&(MachineDesc){.game = &gonzo}, NULL);
    Error err;
    CHECK_EQ_INT(machine_replay(m, &in, &err), 0);
    int nre = 0;
    const Event *re = machine_events(m, &nre);
    CHECK_EQ_INT(nre, nlive);
    Buf a = {0}, b = {0};
    for (int i = 0; i < nlive && i < nre; i++) {
        event_to_json(&ev[i], &gonzo, &a);
        event_to_json(&re[i], &gonzo, &b);
    }
    CHECK(a.s && b.s && strcmp(a.s, b.s) == 0);
    buf_free(&a);
    buf_free(&b);
    CHECK(!machine_in_round(m));
    /* cut after the pick: the machine waits for the next free spin */
    in.ncommands = 2;
    CHECK_EQ_INT(machine_replay(m, &in, &err), 0);
    CHECK(machine_in_round(m));
    CHECK_EQ_INT(machine_allowed(m), 1u << CMD_CONTINUE);
    CHECK_EQ_INT(machine_replay(m, &in, &err), -1); /* only between rounds */
    machine_destroy(m);
    /* a damaged journal: a tile that was never offered */
    m = machine_create(&(MachineDesc){.game = &gonzo}, NULL);
    journal[1].arg = 12;
    CHECK_EQ_INT(machine_replay(m, &in, &err), -1);
    CHECK_STR_CONTAINS(err.msg, "command 2 of the journal (start): ");
    CHECK_STR_CONTAINS(err.msg, "option 12 is not offered");
    machine_destroy(m);
    /* a fresh round through it: the strategy answers, as machine_play_round */
    m = machine_create(&(MachineDesc){.game = &gonzo}, NULL);
    Machine *p = machine_create(&(MachineDesc){.game = &gonzo}, NULL);
    CHECK_EQ_INT(machine_replay(m, &(RoundInputs){.bet = bet, .seed = seed}, &err), 0);
    CHECK_EQ_INT(machine_play_round(p, seed, STRATEGY_AUTO, &err), 0);
    CHECK(same_summary(machine_summary(m), machine_summary(p)));
    CHECK(same_summary(machine_summary(m), machine_summary(live)));
    machine_destroy(m);
    machine_destroy(p);
    machine_destroy(live);
}

/* "A spin's play is the player's commands after its screen": machine_choose answers with
 * them first, whichever strategy asks, and a journal replayed after a crash takes their turns,
 * so that the round goes on from the command after the last one journaled. */
static void test_a_scenarios_player_commands_go_on_after_a_replay(void)
{
    static GameDef gm;
    CHECK(tu_load_game("gnomos-mix", &gm) == 0);
    char tmp[] = "/tmp/slotcab-machine-XXXXXX", path[64];
    CHECK(mkdtemp(tmp) != NULL);
    snprintf(path, sizeof path, "%s/s.json", tmp);
    FILE *f = fopen(path, "w");
    CHECK(f != NULL);
    if (!f)
        return;
    fputs("{\"game\": \"gnomos-mix\", \"seed\": 7, \"spins\": [{\"screen\": [[\"BELL\", "
          "\"PLUM\", \"BELL\"], [\"ORANGE\", \"ORANGE\", \"ORANGE\"], [\"PLUM\", \"BELL\", "
          "\"LEMON\"]], \"draws\": {\"risk\": [1, 1, 1]}, \"play\": [\"risk\", \"auto\", "
          "\"risk\", \"collect\"]}]}", f);
    fclose(f);
    Scenario sc;
    Error err = {{0}};
    CHECK(scenario_load(path, &gm, &sc, &err) == 0);
    remove(path);
    rmdir(tmp);
    Bet bet;
    machine_default_bet(&gm, &bet);
    Buf whole = {0}, again = {0};
    Machine *m = machine_create(&(MachineDesc){.game = &gm}, NULL);
    RoundInputs in = {.bet = bet, .seed = 7, .strategy = STRATEGY_COLLECT, .forced = sc.spins,
                      .nforced = sc.nspins};
    CHECK_EQ_INT(machine_replay(m, &in, &err), 0);
    int n = 0;
    const Event *ev = machine_events(m, &n);
    int risks = 0;
    for (int i = 0; i < n; i++) {
        event_to_json(&ev[i], &gm, &whole);
        risks += ev[i].type == EVENT_RISK;
    }
    CHECK_EQ_INT(risks, 3); /* the collect strategy would have collected at once */
    CHECK_EQ_INT(machine_summary(m)->total_win, 800); /* up to the Green Diamond */
    machine_destroy(m);
    /* the journal stops after three risks (a crash): replayed, the rest is the play list's */
    const Command journal[] = {{.type = CMD_SPIN}, {.type = CMD_RISK}, {.type = CMD_RISK},
                               {.type = CMD_RISK}};
    m = machine_create(&(MachineDesc){.game = &gm}, NULL);
    in.commands = journal;
    in.ncommands = 4;
    CHECK_EQ_INT(machine_replay(m, &in, &err), 0);
    CHECK(machine_in_round(m));
    Command c, c2;
    CHECK(machine_choose(m, STRATEGY_COLLECT, &c) && machine_choose(m, STRATEGY_COLLECT, &c2));
    CHECK(c.type == CMD_COLLECT && c2.type == CMD_COLLECT); /* the play after three; asked twice */
    machine_autoplay(m, STRATEGY_COLLECT);
    ev = machine_events(m, &n);
    for (int i = 0; i < n; i++)
        event_to_json(&ev[i], &gm, &again);
    CHECK(whole.s && again.s && strcmp(whole.s, again.s) == 0);
    CHECK(machine_play_error(m) == NULL);
    buf_free(&whole);
    buf_free(&again);
    machine_destroy(m);
    scenario_free(&sc);
}

int main(int argc, char **argv)
{
    test_init(argc, argv);
    load();
    RUN(test_tally_mode_plays_the_same_rounds);
    RUN(test_tally_mode_plays_the_same_rounds_gonzo);
    RUN(test_tally_mode_plays_the_same_rounds_gnomos);
    RUN(test_commands_refused_out_of_turn);
    RUN(test_the_offer_names_commands_and_their_arguments);
    RUN(test_strategies_answer_offers);
    RUN(test_one_replay_rebuilds_a_round_from_its_journal);
    RUN(test_bet_changes_only_between_rounds);
    RUN(test_bet_parse_messages);
    RUN(test_forcing_spans_rounds);
    RUN(test_a_scenarios_player_commands_go_on_after_a_replay);
    return test_done();
}
