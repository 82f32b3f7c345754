/* test_fruit_play.c - the fruit machine's round timeline (src/cabinet/core/fruit_play.c) with
 * no SDL and no window: a stub view (every reel animation a fixed number of ticks, sounds and
 * screenshots counted), a host of the test's own (a memory, seeds it counts, as test_seat's),
 * and Gnomos Mix played through FruitPlay tick by tick: thousands of rounds answered by the
 * game's automatic strategy as the cabinet's autoplay answers them, rounds played with the
 * player's presses (holds, risks, lids picked by hand), and the forced rounds of the game's
 * scenarios with presses: the cauldrons, holds, the seesaw, advances, the Extra Spin, and in
 * the upper game its lines, Double or Bonuses, the Bonus cap and the four minigames.
 *
 * What it shows: each round settles once, with the machine's win; the balance is the start
 * less the bets plus the wins and the memory reconciles; every event the machine gives is
 * presented and every prize, risk and collect shown; the timeline waits for the player
 * exactly when the machine offers a choice; a round a crash left open is recovered and
 * played to the settlement the same round reaches uninterrupted. */
#include "fruit_play.h"
#include "test.h"
#include "testdata.h"
#include "testutil.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define STUB_SPIN 24 /* ticks: the stub's reels land after this */
#define STUB_QUICK 4 /* ... or this after PLAY stops them */

/* ---- the test's host (as test_seat's) ---------------------------------------------------- */

typedef struct TestHost {
    Store *store;
    uint64_t tick;
    uint64_t seeds;
    int begun, recovered;
} TestHost;

static Store *th_store(void *ctx) { return ((TestHost *)ctx)->store; }
static uint64_t th_tick(void *ctx) { return ((TestHost *)ctx)->tick; }
static int64_t th_now(void *ctx) { return 1767268800 + (int64_t)(((TestHost *)ctx)->tick / CLOCK_HZ); }
static uint64_t th_seed(void *ctx) { return 0x5eed0000u + ++((TestHost *)ctx)->seeds; }
static void th_clock(void *ctx, uint64_t tick) { (void)ctx, (void)tick; }

static void th_begun(void *ctx, const Seat *st, bool recovered)
{
    (void)st;
    if (recovered)
        ((TestHost *)ctx)->recovered++;
    else
        ((TestHost *)ctx)->begun++;
}

/* ---- the stub view ------------------------------------------------------------------------ */

typedef struct Stub {
    const GameDef *def;
    FruitPlay *play;
    int failed;
    int settled;           /* rounds settled */
    Money won;             /* their wins */
    int presented;         /* events presented in the round */
    int events_lost;       /* rounds whose machine gave events the timeline did not present */
    int wins, risks, collects, picks; /* prize events presented */
    int win_shots, risk_shots, collect_shots, pick_shots;
    int cues;
    Event last;            /* the last event presented */
} Stub;

static int sv_reels_start(void *ctx, const int stops[FRUIT_REELS], uint32_t held, uint64_t now)
{
    (void)ctx, (void)stops, (void)held, (void)now;
    return STUB_SPIN;
}
static int sv_reels_quick(void *ctx, uint64_t now)
{
    (void)ctx, (void)now;
    return STUB_QUICK;
}
static int sv_reel_step(void *ctx, int c, uint64_t now)
{
    (void)now;
    return gamedef_reelset(((Stub *)ctx)->def, "base")->len[c];
}
static void sv_reels_tick(void *ctx, uint64_t now) { (void)ctx, (void)now; }
static void sv_cue(void *ctx, const char *name, PlayLayer layer)
{
    (void)name, (void)layer;
    ((Stub *)ctx)->cues++;
}
static void sv_spin_sound(void *ctx, bool on) { (void)ctx, (void)on; }

static void sv_shot(void *ctx, const char *moment, int k)
{
    Stub *s = ctx;
    (void)k;
    if (!strcmp(moment, "prize") || !strcmp(moment, "bonus") || !strcmp(moment, "line")) /* upper: a line */
        s->win_shots++;
    else if (!strcmp(moment, "risk"))
        s->risk_shots++;
    else if (!strcmp(moment, "collect") || !strcmp(moment, "accepted")) /* the leprechaun's prize taken */
        s->collect_shots++;
    else if (!strcmp(moment, "lid") || !strcmp(moment, "uncovered")) /* a lid; a minigame's choice */
        s->pick_shots++;
}

static void sv_fail(void *ctx, const Error *err)
{
    fprintf(stderr, "fruit_play failed: %s\n", err->msg);
    ((Stub *)ctx)->failed++;
}

static void sv_presented(void *ctx, const Event *e)
{
    Stub *s = ctx;
    s->presented++;
    s->last = *e;
    if (s->play->recovering)
        return; /* played back with no time: nothing is shown */
    s->wins += e->type == EVENT_WIN;
    s->risks += e->type == EVENT_RISK;
    s->collects += e->type == EVENT_COLLECT && e->collect.amount > 0;
    s->picks += e->type == EVENT_PICK && e->pick.choice != EVENT_OFF;
}

static void sv_money_text(void *ctx, Money v, char *out, size_t size)
{
    (void)ctx;
    snprintf(out, size, "%lld.%02lld", (long long)(v / 100), (long long)(v % 100));
}
static int sv_rung_of(void *ctx, Money amount) { (void)ctx, (void)amount; return -1; }

static void sv_settled(void *ctx)
{
    Stub *s = ctx;
    int n;
    machine_events(s->play->m, &n);
    s->events_lost += n != s->presented;
    s->settled++;
    s->won += s->play->round_win;
}

static FruitPlayView stub_view(Stub *s)
{
    return (FruitPlayView){.ctx = s, .reels_start = sv_reels_start, .reels_quick = sv_reels_quick,
                           .reel_step = sv_reel_step, .reels_tick = sv_reels_tick, .cue = sv_cue,
                           .spin_sound = sv_spin_sound, .shot = sv_shot, .fail = sv_fail,
                           .presented = sv_presented, .money_text = sv_money_text, .rung_of = sv_rung_of,
                           .settled = sv_settled};
}

/* ---- a table: the game, a memory, the timeline and its stub view --------------------------- */

typedef struct Table {
    GameDef def;
    TestHost h;
    SeatHost host;
    Bet bet;
    Stub stub;
    FruitPlay play;
    Money start, staked;
    int bad_waits; /* ticks where waiting and the machine's offer disagreed */
    int holds, held_right; /* holds pressed, and those the HOLD event held as pressed */
    bool exact;    /* the presses are AUTO's answers exactly (a scenario's plays), no risk added */
} Table;

/* The timeline and its seat, the machine made (`open`: the round a crash left; `sc`: a
 * scenario's forced rounds, or NULL); the stub's counts go on. */
static void table_seat(Table *t, const StoreRound *open, const Scenario *sc)
{
    Error err = {{0}};
    memset(&t->play, 0, sizeof t->play);
    t->play.view = stub_view(&t->stub);
    t->play.seat = (Seat){.host = &t->host, .def = &t->def, .sc = sc, .config = "{}"};
    if (!sc || !sc->has_bet)
        machine_default_bet(&t->def, &t->bet);
    CHECK_EQ_INT(seat_machine_open(&t->play.seat, &t->bet, open, &err), 0);
    t->play.m = t->play.seat.m;
    t->play.rung_now = t->play.lid_choice = -1;
}

static Table *table_open_sc(Store *store, const Scenario *sc)
{
    Table *t = calloc(1, sizeof *t);
    if (!t || tu_load_game("gnomos-mix", &t->def))
        abort();
    t->h.store = store;
    t->host = (SeatHost){.ctx = &t->h, .store = th_store, .tick = th_tick, .now = th_now, .next_seed = th_seed,
                         .replay_clock = th_clock, .round_begun = th_begun};
    t->stub = (Stub){.def = &t->def, .play = &t->play};
    if (sc && sc->has_bet) /* a scenario's bet (the upper game's plate) */
        t->bet = sc->bet;
    table_seat(t, NULL, sc);
    t->start = seat_balance(&t->play.seat);
    return t;
}

static Table *table_open(Store *store) { return table_open_sc(store, NULL); }

static void table_close(Table *t)
{
    fruit_play_free(&t->play);
    store_close(t->h.store);
    free(t);
}

/* One tick of the table's clock, and what the timeline's rest must agree with: it waits for
 * the player exactly when the machine offers a choice (the queue shown to its end), and is
 * idle exactly when no round is open. */
static void tick(Table *t)
{
    FruitPlay *p = &t->play;
    t->h.tick++;
    fruit_play_tick(p, t->h.tick);
    const bool offers = machine_in_round(p->m) && machine_allowed(p->m) != 0;
    if (p->phase == FP_WAIT)
        t->bad_waits += !offers || evqueue_len(&p->queue) != 0;
    else if (p->phase == FP_IDLE)
        t->bad_waits += p->round_active || machine_in_round(p->m);
    else
        t->bad_waits += t->h.tick - p->phase_t0 > (uint64_t)p->phase_len; /* still showing */
}

/* The player's presses for the game's AUTO answer `c`: reels held by ADVANCE/HOLD then PLAY,
 * a risk taken with PLAY wherever one is offered (up to two a round), the lid clicked; what
 * each press sends is checked against the event it brings. */
static void press(Table *t, const Command *c, int *risked)
{
    FruitPlay *p = &t->play;
    const uint64_t now = t->h.tick;
    switch (c->type) {
    case CMD_HOLD:
        for (int r = 0; r < FRUIT_REELS; r++) /* every reel released, then those to hold pressed */
            if (p->hold_sel >> r & 1u)
                fruit_play_press_reel(p, r, now);
        for (int r = 0; r < FRUIT_REELS; r++)
            if (c->arg >> r & 1u)
                fruit_play_press_reel(p, r, now);
        CHECK_EQ_INT(p->hold_sel, c->arg);
        fruit_play_press_play(p, now);
        break;
    case CMD_ADVANCE:
        fruit_play_press_reel(p, (int)c->arg, now);
        break;
    case CMD_PICK:
        if (p->mini.game) { /* a minigame's basket, element or cap, where the offer has it */
            CHECK_EQ_INT(fruit_play_mini_choice(p, (int)c->arg), (int)c->arg);
            fruit_play_choose(p, (int)c->arg, now);
        } else { /* the lid AUTO picks (a scenario's), clicked */
            fruit_play_pick_lid(p, (int)c->arg, now);
            CHECK_EQ_INT(p->lid_choice, (int)c->arg);
        }
        break;
    case CMD_RISK:
        (*risked)++;
        fruit_play_press_play(p, now);
        break;
    case CMD_COLLECT:
        if (!t->exact && fruit_play_offered(p, CMD_RISK) && *risked < 2) {
            (*risked)++;
            fruit_play_press_play(p, now);
        } else {
            fruit_play_press_collect(p, c->arg == 1, now);
        }
        break;
    default:
        break;
    }
}

/* A round begun and played through the timeline to its settlement: the offers answered as
 * the cabinet's autoplay answers them, or (`by_hand`) with the player's presses. */
static void play_round(Table *t, bool by_hand)
{
    FruitPlay *p = &t->play;
    Error err = {{0}};
    const int settled = t->stub.settled;
    t->stub.presented = 0;
    CHECK_EQ_INT(fruit_play_begin(p, &t->bet, t->h.tick, &err), 0);
    t->staked += p->seat.round_bet;
    int risked = 0;
    for (int guard = 0; p->round_active && guard < 100000; guard++) {
        tick(t);
        if (p->phase != FP_WAIT)
            continue;
        Command c;
        if (!fruit_play_auto_choice(p, &c, "test_fruit_play") || t->stub.failed)
            break;
        if (!by_hand) {
            fruit_play_answer(p, &c, t->h.tick);
            continue;
        }
        press(t, &c, &risked);
        if (c.type == CMD_HOLD) {
            t->holds++;
            t->held_right += p->held == c.arg; /* the HOLD event: the reels pressed */
        }
    }
    tick(t); /* the settled round's next tick: idle */
    CHECK_EQ_INT(t->stub.settled, settled + 1);
}

static void check_money(Table *t)
{
    CHECK_EQ_INT(seat_balance(&t->play.seat), t->start - t->staked + t->stub.won);
    StoreCheck c;
    CHECK_EQ_INT(store_check(t->h.store, &c), 0);
    if (c.problems[0])
        fprintf(stderr, "store_check: %s\n", c.problems);
}

static Store *ram_store(void)
{
    Error err = {{0}};
    Store *s = store_open(NULL, STORE_CABINET, 100000000, &err);
    if (!s) {
        fprintf(stderr, "store_open: %s\n", err.msg);
        abort();
    }
    return s;
}

/* ---- the tests ---------------------------------------------------------------------------- */

/* 3,000 rounds answered by the game's AUTO, as autoplay plays them: each round settles once
 * with the machine's own win, the balance is start - bets + wins, and the memory reconciles. */
static void test_each_round_settles_once_and_money_reconciles(void)
{
    enum { ROUNDS = 3000 };
    Table *t = table_open(ram_store());
    for (int r = 0; r < ROUNDS && !t->stub.failed; r++) {
        const Money before = seat_balance(&t->play.seat);
        play_round(t, false);
        CHECK_EQ_INT(seat_balance(&t->play.seat), before - t->play.seat.round_bet + t->play.round_win);
        CHECK_EQ_INT(t->play.round_win, machine_summary(t->play.m)->total_win);
    }
    CHECK_EQ_INT(t->stub.failed, 0);
    CHECK_EQ_INT(t->stub.settled, ROUNDS);
    CHECK_EQ_INT(t->h.begun, ROUNDS);
    CHECK_EQ_INT(store_rounds_begun(t->h.store), ROUNDS);
    CHECK(t->stub.won > 0);
    check_money(t);
    table_close(t);
}

/* tests/scenarios/<name> for the game. */
static int open_scenario(const char *name, Scenario *sc)
{
    static GameDef def;
    static bool loaded;
    char path[512];
    Error err = {{0}};
    if (!loaded && tu_load_game("gnomos-mix", &def))
        abort();
    loaded = true;
    testdata_path(path, sizeof path, "../scenarios", name);
    if (seat_scenario_load(path, &def, sc, &err)) {
        fprintf(stderr, "%s\n", err.msg);
        CHECK(0);
        return -1;
    }
    return 0;
}

static void add_counts(Stub *all, const Stub *s)
{
    all->events_lost += s->events_lost;
    all->wins += s->wins;
    all->risks += s->risks;
    all->collects += s->collects;
    all->picks += s->picks;
    all->win_shots += s->win_shots;
    all->risk_shots += s->risk_shots;
    all->collect_shots += s->collect_shots;
    all->pick_shots += s->pick_shots;
    all->cues += s->cues;
}

static const char *const forced[] = {
    "gnomos-mix-cauldrons.json", "gnomos-mix-hold.json", "gnomos-mix-seesaw.json", "gnomos-mix-advances.json",
    "gnomos-mix-extra-spin.json", "gnomos-mix-upper-double.json", "gnomos-mix-upper-lines.json",
    "gnomos-mix-upper-strawberry.json", "gnomos-mix-upper-three-choices.json",
    "gnomos-mix-upper-find-the-prizes.json", "gnomos-mix-upper-treasure.json", "gnomos-mix-upper-bonus-cap.json"};

/* Every event the machine gives is presented, and every prize shown: each line's win flashes
 * (its prize, Bonus or upper line screenshot), each risk's lights chase, each collect counts
 * (or the leprechaun's prize is accepted), each lid or minigame choice is uncovered; and the
 * timeline waits for the player exactly when the machine offers. The game's scenarios
 * (lower and upper game, every minigame) with presses, then 1,500 rounds nothing forces. */
static void test_every_prize_shown_and_waits_match_offers(void)
{
    Stub all = {0};
    int bad_waits = 0;
    for (size_t i = 0; i <= sizeof forced / sizeof *forced; i++) {
        Scenario sc;
        const bool scripted = i < sizeof forced / sizeof *forced;
        if (scripted && open_scenario(forced[i], &sc))
            continue;
        Table *t = table_open_sc(ram_store(), scripted ? &sc : NULL);
        t->play.shown_upper = scripted && strstr(forced[i], "-upper-"); /* the upper game's screen */
        t->exact = scripted;
        if (scripted) /* its forced rounds, with the player's presses */
            for (int r = 0; r < 8 && !t->stub.failed && (r == 0 || machine_forced_left(t->play.m) > 0); r++)
                play_round(t, true);
        else /* then rounds nothing forces, a third of them with the presses */
            for (int r = 0; r < 1500 && !t->stub.failed; r++)
                play_round(t, r % 3 == 0);
        add_counts(&all, &t->stub);
        bad_waits += t->bad_waits;
        table_close(t);
        if (scripted)
            scenario_free(&sc);
    }
    const Stub *s = &all;
    CHECK_EQ_INT(s->events_lost, 0);
    CHECK(s->wins > 0 && s->risks > 0 && s->collects > 0 && s->picks > 0);
    CHECK_EQ_INT(s->win_shots, s->wins);
    CHECK_EQ_INT(s->risk_shots, s->risks);
    CHECK_EQ_INT(s->collect_shots, s->collects);
    CHECK_EQ_INT(s->pick_shots, s->picks);
    CHECK_EQ_INT(bad_waits, 0);
    CHECK(s->cues > 0);
}

/* Rounds played with the player's presses: the reels held by ADVANCE/HOLD are the ones the
 * HOLD command holds, a risk is taken with PLAY and the lid picked is the one pressed; the
 * money reconciles as with AUTO's answers. */
static void test_presses_hold_risk_and_pick(void)
{
    Table *t = table_open(ram_store());
    for (int r = 0; r < 1500 && !t->stub.failed; r++)
        play_round(t, true);
    CHECK(t->holds > 0);
    CHECK_EQ_INT(t->held_right, t->holds);
    CHECK_EQ_INT(t->bad_waits, 0);
    CHECK_EQ_INT(t->stub.failed, 0);
    check_money(t);
    table_close(t);
}

/* A crash mid-round (the memory closed after the round's first answer, nothing settled): the
 * round recovered from the journal through FruitPlay, its events played back with no time,
 * waits where it stopped and plays to the same settlement as the same round uninterrupted
 * (same seeds): the same win and the same balance, settled once. */
static void test_recovered_round_settles_the_same(void)
{
    /* the uninterrupted run: the first round that waits for the player, and its settlement */
    Table *ref = table_open(ram_store());
    int k = -1;
    for (int r = 0; r < 500 && k < 0; r++) {
        play_round(ref, false);
        StoreRound *sr = malloc(sizeof *sr);
        Error err = {{0}};
        CHECK_EQ_INT(store_round_load(ref->h.store, ref->play.seat.round_id, sr, &err), 0);
        if (sr->ncommands > 1) /* it waited for the player */
            k = r;
        free(sr);
    }
    CHECK(k >= 0);
    const Money ref_win = ref->play.round_win, ref_balance = seat_balance(&ref->play.seat);

    char dir[64];
    snprintf(dir, sizeof dir, "/tmp/slotcab-test-fruit-XXXXXX");
    if (!mkdtemp(dir))
        abort();
    Error err = {{0}};
    Table *t = table_open(store_open(dir, STORE_CABINET, 100000000, &err));
    for (int r = 0; r < k; r++)
        play_round(t, false);
    /* round k: begun, its first offer answered, then the crash */
    CHECK_EQ_INT(fruit_play_begin(&t->play, &t->bet, t->h.tick, &err), 0);
    while (t->play.phase != FP_WAIT && t->play.round_active)
        tick(t);
    Command c;
    CHECK(fruit_play_auto_choice(&t->play, &c, "test_fruit_play"));
    fruit_play_answer(&t->play, &c, t->h.tick);
    const int settled = t->stub.settled;
    fruit_play_free(&t->play);
    store_close(t->h.store);

    t->h.store = store_open(dir, STORE_CABINET, 100000000, &err);
    StoreRound *open = malloc(sizeof *open);
    bool found = false;
    CHECK_EQ_INT(store_open_round(t->h.store, open, &found, &err), 0);
    CHECK(found);
    table_seat(t, open, NULL);
    t->stub.settled = settled;
    CHECK_EQ_INT(fruit_play_recover(&t->play, open, t->h.tick, &err), 0);
    CHECK_EQ_INT(t->h.recovered, 1);
    fruit_play_advance(&t->play);
    for (int guard = 0; t->play.round_active && guard < 100000; guard++) {
        tick(t);
        if (t->play.phase == FP_WAIT && fruit_play_auto_choice(&t->play, &c, "test_fruit_play"))
            fruit_play_answer(&t->play, &c, t->h.tick);
    }
    CHECK_EQ_INT(t->stub.settled, settled + 1);
    CHECK_EQ_INT(t->play.round_win, ref_win);
    CHECK_EQ_INT(seat_balance(&t->play.seat), ref_balance);
    found = true;
    CHECK_EQ_INT(store_open_round(t->h.store, open, &found, &err), 0);
    CHECK(!found); /* settled once: nothing open */
    CHECK_EQ_INT(t->bad_waits, 0);
    free(open);
    table_close(t);
    table_close(ref);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", dir);
}

int main(int argc, char **argv)
{
    test_init(argc, argv);
    RUN(test_each_round_settles_once_and_money_reconciles);
    RUN(test_every_prize_shown_and_waits_match_offers);
    RUN(test_presses_hold_risk_and_pick);
    RUN(test_recovered_round_settles_the_same);
    return test_done();
}
