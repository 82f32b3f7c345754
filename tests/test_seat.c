/* test_seat.c - the play core's seat (src/cabinet/core/seat.c) with no SDL and no window: a
 * host of the test's own (a memory, a clock it steps, seeds it counts) and each game's machine
 * played by its automatic strategy, as the cabinet's autoplay does.
 *
 * The money path: a round's bet debited when it begins, its SPIN and every later command
 * journaled before the machine plays it, its win credited when it settles, the memory
 * reconciled after thousands of rounds of every game; a round a crash left open (the memory
 * closed mid-round) recovered from its journal to the same events and settled once; a settled
 * round replayed from its journal with nothing written, and a replay whose scene sends another
 * command than the journal's refused; QA's forced round leaving the carried pool as it found
 * it; the player's settings kept; autoplay's end and its short balance. */
#include "seat.h"
#include "test.h"
#include "testdata.h"
#include "testseat.h"
#include "testutil.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *const game_ids[] = {"mona-lisa-jewels", "gonzos-gold", "phoenix-graveyard",
                                       "gnomos-mix"};

static void load_game(const char *id, GameDef *def)
{
    if (tu_load_game(id, def))
        abort(); /* every test below needs it */
}

/* The rest of the round as the cabinet's autoplay plays it, every command through the seat;
 * the round's win and free spins into *win and *free_spins. */
static int play_out(Seat *st, Money *win, int *free_spins)
{
    Command cmd;
    Error err = {{0}};
    while (machine_in_round(st->m)) {
        if (!machine_choose(st->m, STRATEGY_AUTO, &cmd))
            return -1;
        if (seat_send(st, cmd.type, cmd.arg, &err)) {
            fprintf(stderr, "seat_send: %s\n", err.msg);
            return -1;
        }
    }
    const RoundSummary *sum = machine_summary(st->m);
    *win = sum->total_win;
    *free_spins = (int)(sum->spins[SPIN_FREE] + sum->spins[SPIN_EXTRA]);
    return 0;
}

/* One round begun, played out and settled; its win into *win. */
static int one_round(Seat *st, const Bet *bet, Money *win)
{
    Error err = {{0}};
    int free_spins;
    if (seat_round_begin(st, bet, &err)) {
        fprintf(stderr, "seat_round_begin: %s\n", err.msg);
        return -1;
    }
    if (play_out(st, win, &free_spins))
        return -1;
    if (seat_settle(st, *win, free_spins, &err)) {
        fprintf(stderr, "seat_settle: %s\n", err.msg);
        return -1;
    }
    return 0;
}

static void close_seat(Seat *st)
{
    machine_destroy(st->m);
    st->m = NULL;
    seat_free(st);
}

/* A seat on game `id` over a memory in RAM holding `balance`, its machine made with the
 * game's default bet. */
typedef struct Table {
    GameDef def;
    TestHost h;
    SeatHost host;
    Seat st;
    Bet bet;
} Table;

static Table *table_open(const char *id, Money balance)
{
    Table *t = calloc(1, sizeof *t);
    Error err = {{0}};
    load_game(id, &t->def);
    t->h.store = store_open(NULL, STORE_CABINET, balance, &err);
    if (!t->h.store) {
        fprintf(stderr, "store_open: %s\n", err.msg);
        abort();
    }
    t->host = host_of(&t->h);
    t->st = (Seat){.host = &t->host, .def = &t->def, .config = "{}"};
    machine_default_bet(&t->def, &t->bet);
    CHECK_EQ_INT(seat_machine_open(&t->st, &t->bet, NULL, &err), 0);
    return t;
}

static void table_close(Table *t)
{
    close_seat(&t->st);
    store_close(t->h.store);
    free(t);
}

/* ---- the tests ---------------------------------------------------------------------------- */

/* Every game, 2,500 rounds each on a memory in RAM: each round's bet debited as it begins and
 * its win credited as it settles, to the unit; the host hears of each round; the journal's
 * rounds are numbered in order; the memory reconciles at the end (wallet = credits - bets +
 * wins, meters, history, the chains of seals). */
static void test_rounds_debit_and_settle(void)
{
    enum { ROUNDS = 2500 };
    for (size_t g = 0; g < sizeof game_ids / sizeof *game_ids; g++) {
        Table *t = table_open(game_ids[g], 100000000);
        TestHost *h = &t->h;
        Seat *st = &t->st;
        const GameDef *def = &t->def;
        const Bet bet = t->bet;
        const Money stake = machine_rules(st->m)->bet_total(def, &bet);
        Money paid = 0;
        int bad = 0;
        for (int r = 0; r < ROUNDS && !bad; r++) {
            const Money before = seat_balance(st);
            Error e = {{0}};
            if (seat_round_begin(st, &bet, &e)) {
                fprintf(stderr, "%s round %d: %s\n", game_ids[g], r + 1, e.msg);
                bad++;
                break;
            }
            bad += seat_balance(st) != before - stake;         /* debited as it begins */
            bad += st->round_no != r + 1 || h->last_round != st->round_id;
            Money win;
            int fs;
            bad += play_out(st, &win, &fs) != 0;
            bad += seat_settle(st, win, fs, &e) != 0;
            bad += seat_balance(st) != before - stake + win; /* credited as it settles */
            paid += win;
        }
        CHECK_EQ_INT(bad, 0);
        CHECK_EQ_INT(h->begun, ROUNDS);
        CHECK_EQ_INT(h->seeds, ROUNDS); /* nothing forced: every round's seed is the host's */
        CHECK_EQ_INT(store_rounds_begun(h->store), ROUNDS);
        CHECK_EQ_INT(seat_balance(st), 100000000 - (Money)ROUNDS * stake + paid);
        StoreCheck c;
        CHECK_EQ_INT(store_check(h->store, &c), 0);
        if (c.problems[0])
            fprintf(stderr, "%s: %s\n", game_ids[g], c.problems);
        table_close(t);
    }
}

/* Each command journaled before the machine plays it: the memory's journal of a settled
 * round holds the seat's commands in order, and its history row the bet and the win. */
static void test_commands_journaled(void)
{
    Table *t = table_open("gnomos-mix", 100000000); /* its rounds wait for the player's commands */
    Seat *st = &t->st;
    Error err = {{0}};
    int with_commands = 0;
    for (int r = 0; r < 400; r++) {
        Money win;
        CHECK_EQ_INT(one_round(st, &t->bet, &win), 0);
        StoreRound *sr = malloc(sizeof *sr);
        CHECK_EQ_INT(store_round_load(t->h.store, st->round_id, sr, &err), 0);
        CHECK(sr->ncommands >= 1 && sr->commands[0].type == CMD_SPIN);
        CHECK(sr->seed == st->round_seed);
        CHECK_EQ_INT(sr->bet_total, st->round_bet);
        with_commands += sr->ncommands > 1;
        /* the journal replays to the same win on a fresh machine */
        Machine *m2 = machine_create(&(MachineDesc){.game = &t->def}, &err);
        int64_t carried[CARRIED_MAX];
        CHECK_EQ_INT(seat_carried_from(st, sr->carried, carried, &err), 0);
        CHECK_EQ_INT(machine_replay(m2, &(RoundInputs){.bet = sr->bet, .carried = carried, .seed = sr->seed,
                                                       .commands = sr->commands, .ncommands = sr->ncommands,
                                                       .has_bonuses = true, .bonuses = sr->bonuses_before},
                                    &err),
                     0);
        CHECK_EQ_INT(machine_summary(m2)->total_win, win);
        machine_destroy(m2);
        free(sr);
    }
    CHECK(with_commands > 0); /* the player's commands were journaled, not only SPINs */
    table_close(t);
}

/* A crash mid-round: the memory closed with the round begun and some commands journaled, no
 * settlement. Opened again, the open round is recovered from its journal (the same events as
 * before the crash), played to its end and settled once: the balance is the bet debited once
 * and the win credited once. Every game. */
static void test_recover_open_round(void)
{
    for (size_t g = 0; g < sizeof game_ids / sizeof *game_ids; g++) {
        GameDef def;
        load_game(game_ids[g], &def);
        TestHost h = {.store = fresh_dir()};
        SeatHost host = host_of(&h);
        Error err = {{0}};
        Bet bet;
        machine_default_bet(&def, &bet);
        /* find a round with commands after its SPIN, then crash after its first one */
        Seat st = {.host = &host, .def = &def, .config = "{}"};
        CHECK_EQ_INT(seat_machine_open(&st, &bet, NULL, &err), 0);
        const Money start = seat_balance(&st);
        Money settled = 0;
        int tries = 0;
        bool crashed = false;
        while (!crashed && tries++ < 500) {
            CHECK_EQ_INT(seat_round_begin(&st, &bet, &err), 0);
            Command cmd;
            if (machine_in_round(st.m) && machine_choose(st.m, STRATEGY_AUTO, &cmd)) {
                CHECK_EQ_INT(seat_send(&st, cmd.type, cmd.arg, &err), 0);
                crashed = true;
                break;
            }
            Money win;
            int fs;
            CHECK_EQ_INT(play_out(&st, &win, &fs), 0);
            CHECK_EQ_INT(seat_settle(&st, win, fs, &err), 0);
            settled += win - st.round_bet;
        }
        CHECK(crashed);
        int nbefore;
        const Event *ev = machine_events(st.m, &nbefore);
        Event *before = malloc(sizeof *before * (size_t)(nbefore ? nbefore : 1));
        memcpy(before, ev, sizeof *before * (size_t)nbefore);
        const int64_t crashed_id = st.round_id;
        const Money stake = st.round_bet;
        close_seat(&st);
        store_close(h.store); /* the crash: nothing settled */

        h.store = open_dir();
        StoreRound *open = malloc(sizeof *open);
        bool found = false;
        CHECK_EQ_INT(store_open_round(h.store, open, &found, &err), 0);
        CHECK(found && open->id == crashed_id);
        Seat again = {.host = &host, .def = &def, .config = "{}"};
        Bet b2;
        machine_default_bet(&def, &b2);
        CHECK_EQ_INT(seat_machine_open(&again, &b2, open, &err), 0);
        CHECK_EQ_INT(seat_recover(&again, open, &err), 0);
        CHECK_EQ_INT(h.recovered, 1);
        int nafter;
        const Event *ev2 = machine_events(again.m, &nafter);
        CHECK_EQ_INT(nafter, nbefore);
        CHECK(nafter == nbefore && memcmp(ev2, before, sizeof *before * (size_t)nbefore) == 0);
        Money win;
        int fs;
        CHECK_EQ_INT(play_out(&again, &win, &fs), 0);
        CHECK_EQ_INT(seat_settle(&again, win, fs, &err), 0);
        CHECK_EQ_INT(seat_balance(&again), start + settled - stake + win);
        found = true;
        CHECK_EQ_INT(store_open_round(h.store, open, &found, &err), 0);
        CHECK(!found); /* settled once: nothing open */
        StoreCheck c;
        CHECK_EQ_INT(store_check(h.store, &c), 0);
        free(open);
        free(before);
        close_seat(&again);
        store_close(h.store);
        remove_dir();
    }
}

/* A settled round replayed from its journal: the same events and win, the choices taken
 * from the journal (seat_replay_next), the balance shown as it was in the round, the scene's
 * clock set to the round's; nothing written (rounds begun and balance unchanged). A scene
 * that sends another command than the journal's next is refused with the round named. */
static void test_replay(void)
{
    Table *t = table_open("gnomos-mix", 100000000);
    t->h.tick = 777;
    SeatHost *host = &t->host;
    Error err = {{0}};
    /* a round with a player's command after its SPIN */
    Money win = 0;
    int64_t id = 0;
    for (int r = 0; r < 500 && !id; r++) {
        CHECK_EQ_INT(one_round(&t->st, &t->bet, &win), 0);
        StoreRound *sr = malloc(sizeof *sr);
        CHECK_EQ_INT(store_round_load(t->h.store, t->st.round_id, sr, &err), 0);
        if (sr->ncommands > 1)
            id = t->st.round_id;
        free(sr);
    }
    CHECK(id > 0);
    int nlive;
    const Event *ev = machine_events(t->st.m, &nlive);
    Event *live = malloc(sizeof *live * (size_t)nlive);
    memcpy(live, ev, sizeof *live * (size_t)nlive);
    const int64_t begun = store_rounds_begun(t->h.store);
    const Money balance = store_balance(t->h.store);

    StoreRound *r = NULL;
    CHECK_EQ_INT(seat_replay_load(host, id, &t->def, &r, &err), 0);
    Seat rp = {.host = host, .def = &t->def, .config = "{}", .replay = r};
    Bet rbet;
    CHECK_EQ_INT(seat_machine_open(&rp, &rbet, NULL, &err), 0);
    CHECK_EQ_INT(t->h.clock_set, r->begin_tick); /* its animations in the phase they had */
    CHECK_EQ_INT(seat_balance(&rp), r->balance_before);
    CHECK_EQ_INT(seat_round_begin(&rp, &rbet, &err), 0);
    CHECK_EQ_INT(seat_balance(&rp), r->balance_before - r->bet_total);
    Command cmd;
    while (seat_replay_next(&rp, &cmd))
        CHECK_EQ_INT(seat_send(&rp, cmd.type, cmd.arg, &err), 0);
    CHECK(!machine_in_round(rp.m));
    const RoundSummary *sum = machine_summary(rp.m);
    CHECK_EQ_INT(sum->total_win, win);
    CHECK_EQ_INT(seat_settle(&rp, sum->total_win, 0, &err), 0);
    CHECK_EQ_INT(seat_balance(&rp), r->balance_before - r->bet_total + win);
    int nrep;
    const Event *ev2 = machine_events(rp.m, &nrep);
    CHECK(nrep == nlive && memcmp(ev2, live, sizeof *live * (size_t)nlive) == 0);
    CHECK_EQ_INT(store_rounds_begun(t->h.store), begun); /* nothing written */
    CHECK_EQ_INT(store_balance(t->h.store), balance);
    close_seat(&rp);

    /* the scene sends what the journal does not have */
    CHECK_EQ_INT(seat_replay_load(host, id, &t->def, &r, &err), 0);
    Seat bad = {.host = host, .def = &t->def, .config = "{}", .replay = r};
    CHECK_EQ_INT(seat_machine_open(&bad, &rbet, NULL, &err), 0);
    CHECK_EQ_INT(seat_round_begin(&bad, &rbet, &err), 0);
    CHECK(seat_replay_next(&bad, &cmd));
    CHECK(seat_send(&bad, cmd.type == CMD_COLLECT ? CMD_RISK : CMD_COLLECT, 0, &err) == -1);
    char want[64];
    snprintf(want, sizeof want, "replay of round %lld: the scene plays", (long long)id);
    CHECK_STR_CONTAINS(err.msg, want);
    close_seat(&bad);
    /* an unknown round */
    CHECK(seat_replay_load(host, 999999, &t->def, &r, &err) == -1);
    CHECK_STR_CONTAINS(err.msg, "replay of round 999999");
    host->headless = true;
    CHECK(seat_replay_load(host, 999999, &t->def, &r, &err) == -1);
    CHECK_STR_CONTAINS(err.msg, "--replay 999999");
    free(live);
    table_close(t);
}

/* QA's pick forces the next round, and that round leaves the progressive pool as it found it
 * (nothing in, nothing out); the next real round carries on from the same pool. */
static void test_pick_keeps_pool(void)
{
    Table *t = table_open("mona-lisa-jewels", 100000000);
    Seat *st = &t->st;
    Error err = {{0}};
    Money win;
    for (int r = 0; r < 20; r++)
        CHECK_EQ_INT(one_round(st, &t->bet, &win), 0);
    const int64_t pool = machine_pool_get(st->m);
    char path[512];
    snprintf(path, sizeof path, "%s/../scenarios/mona-lisa-jackpot.json",
             testdata_env("SLOTCAB_TESTDATA", "tests/data"));
    CHECK_EQ_INT(seat_pick(st, path, &t->bet, &err), 0);
    CHECK(st->pick_armed && seat_picked(st)[0]);
    const uint64_t seeds = t->h.seeds;
    CHECK_EQ_INT(one_round(st, &t->bet, &win), 0);
    CHECK(!st->pick_armed);
    CHECK(machine_summary(st->m)->jackpots > 0); /* the scenario's jackpot, forced */
    CHECK(store_round_forced(t->h.store, st->round_id));
    CHECK_EQ_INT(machine_pool_get(st->m), pool); /* as it found it */
    CHECK(t->h.seeds == seeds || st->pick->has_seed); /* the pick's seed, or the host's */
    CHECK_EQ_INT(one_round(st, &t->bet, &win), 0);
    CHECK(!store_round_forced(t->h.store, st->round_id));
    CHECK(machine_pool_get(st->m) >= pool); /* real play grows it again from there */
    /* a scenario of another game is refused, naming its file */
    snprintf(path, sizeof path, "%s/../scenarios/gonzos-gold-feature.json",
             testdata_env("SLOTCAB_TESTDATA", "tests/data"));
    CHECK(seat_pick(st, path, &t->bet, &err) == -1);
    CHECK_STR_CONTAINS(err.msg, "gonzos-gold-feature.json");
    table_close(t);
}

/* The player's settings: the last bet kept per game and read back where the game still has
 * its values (a value it no longer has keeps the default), the volumes, muting and Space. */
static void test_settings(void)
{
    GameDef def;
    load_game("mona-lisa-jewels", &def);
    Error err = {{0}};
    Store *s = store_open(NULL, STORE_CABINET, 0, &err);
    Bet def_bet, bet;
    machine_default_bet(&def, &def_bet);
    SeatSettings got;
    bet = def_bet;
    seat_settings_load(s, &def, &bet, &got); /* a fresh memory: nothing kept */
    CHECK(memcmp(&bet, &def_bet, sizeof bet) == 0);
    CHECK(got.space_plays && !got.has_muted && !got.has_volume[0]);
    Bet mine = def_bet;
    mine.v[0] = def.bet[0].values[def.bet[0].nvalues - 1];
    SeatSettings put = {.volume = {10, 20, 30, 40}, .muted = true, .space_plays = false};
    seat_settings_save(s, &def, &mine, &put);
    bet = def_bet;
    seat_settings_load(s, &def, &bet, &got);
    CHECK_EQ_INT(bet.v[0], mine.v[0]);
    for (int l = 0; l < SEAT_VOLUMES; l++)
        CHECK(got.has_volume[l] && got.volume[l] == put.volume[l]);
    CHECK(got.has_muted && got.muted && !got.space_plays);
    /* a kept value the game no longer offers: the default stays */
    CHECK_EQ_INT(store_set_setting(s, "bet.mona-lisa-jewels", "123457,1,1,1", &err), 0);
    bet = def_bet;
    seat_settings_load(s, &def, &bet, &got);
    CHECK_EQ_INT(bet.v[0], def_bet.v[0]);
    store_close(s);
}

/* Headless --autoplay N: another round while fewer than N were played and the balance covers
 * the bet; done after the N-th; a short balance names both amounts. */
static void test_autoplay(void)
{
    GameDef def;
    load_game("gonzos-gold", &def);
    Error err = {{0}};
    TestHost h = {.store = store_open(NULL, STORE_CABINET, 500, &err)};
    SeatHost host = host_of(&h);
    Seat st = {.host = &host, .def = &def, .config = "{}"};
    int played = 0;
    CHECK_EQ_INT(seat_autoplay_next(&st, &played, 2, 100, &err), SEAT_AUTOPLAY_NEXT);
    CHECK_EQ_INT(seat_autoplay_next(&st, &played, 2, 100, &err), SEAT_AUTOPLAY_NEXT);
    CHECK_EQ_INT(played, 2);
    CHECK_EQ_INT(seat_autoplay_next(&st, &played, 2, 100, &err), SEAT_AUTOPLAY_DONE);
    played = 0;
    CHECK_EQ_INT(seat_autoplay_next(&st, &played, 5, 501, &err), SEAT_AUTOPLAY_SHORT);
    CHECK_STR_CONTAINS(err.msg, "--autoplay: the balance 500 is less than the bet 501");
    CHECK_EQ_INT(played, 0);
    store_close(h.store);
}

int main(int argc, char **argv)
{
    test_init(argc, argv);
    RUN(test_rounds_debit_and_settle);
    RUN(test_commands_journaled);
    RUN(test_recover_open_round);
    RUN(test_replay);
    RUN(test_pick_keeps_pool);
    RUN(test_settings);
    RUN(test_autoplay);
    return test_done();
}
