/* test_slot_play.c - the video slot's round timeline (src/cabinet/core/slot_play.c) with no
 * SDL and no window: a stub view of the test's own (reels that land a fixed number of ticks
 * after they start, every length fixed, sounds and screenshots counted) and each video slot
 * game played for thousands of rounds through SlotPlay, the test pressing START and picking
 * a tile when the timeline waits for them, as the cabinet's headless autoplay does.
 *
 * What it shows: each round settles once, and the balance is the start less the bets plus
 * the wins (the memory reconciles); the win meter counts to the round's win by its
 * settlement; every win the round's events hold is shown; the phases go in a legal order; a
 * STOP mid-spin lands the reels early; a round a crash left open, recovered from its journal
 * into a new SlotPlay, plays to the same settlement as the round played without a crash. */
#include "slot_play.h"
#include "test.h"
#include "testdata.h"
#include "testseat.h"
#include "testutil.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *const game_ids[] = {"mona-lisa-jewels", "gonzos-gold", "phoenix-graveyard"};

enum { REEL_TICKS = 5 }; /* a spin lands this many ticks after it starts */

/* ---- the stub view ------------------------------------------------------------------------ */

typedef struct Stub {
    SlotPlay *p;
    uint64_t now;            /* the test's clock, as the timeline was last told it */
    uint64_t land;           /* the spin shown lands at this tick */
    int spins, landed_spin;  /* spins started; the last one that landed */
    uint64_t landed_at;      /* and when */
    int quick_stops;
    int settled;             /* rounds settled */
    int64_t last_settled_id; /* the round settled last (a round settles once) */
    Money settled_total, settled_sum;
    int meter_short;         /* settlements with the meter counting to another amount */
    int wins_presented, wins_shown; /* this round: EVENT_WINs taken off the queue; shown */
    Money wins_amount;              /* and what they pay */
    int bad_phase;           /* phases entered out of order */
    Phase last;
    bool settling;           /* settled: the next phase is idle */
    int failed;
} Stub;

static void stub_reels_start(void *ctx, const EventScreen *e)
{
    Stub *st = ctx;
    (void)e;
    st->spins++;
    st->land = st->now + REEL_TICKS;
}

static bool stub_reels_update(void *ctx, uint64_t now)
{
    Stub *st = ctx;
    if (now < st->land)
        return false;
    if (st->landed_spin != st->spins) {
        st->landed_spin = st->spins;
        st->landed_at = now;
    }
    return true;
}

static void stub_quick_stop(void *ctx)
{
    Stub *st = ctx;
    st->quick_stops++;
    if (st->land > st->now + 1)
        st->land = st->now + 1;
}

static void stub_cue(void *ctx, const char *name, PlayLayer layer)
{
    (void)ctx;
    (void)name;
    (void)layer;
}

/* A win's moment (rRR-sSS-win-KK, -prize-, -bonus-): one win shown. */
static void stub_shot(void *ctx, const char *name)
{
    Stub *st = ctx;
    if (strstr(name, "-win-") || strstr(name, "-prize-") || strstr(name, "-bonus-"))
        st->wins_shown++;
}

static void stub_presented(void *ctx, const Event *e)
{
    Stub *st = ctx;
    if (e->type == EVENT_WIN) {
        st->wins_presented++;
        st->wins_amount += e->win.amount;
    }
}

static void stub_settled(void *ctx, Money total)
{
    Stub *st = ctx;
    const SlotPlay *p = st->p;
    st->bad_phase += st->last_settled_id == p->seat->round_id; /* settled twice */
    st->last_settled_id = p->seat->round_id;
    st->settled++;
    st->settled_total = total;
    st->settled_sum += total;
    st->meter_short += p->meter_to != total;
    st->settling = true;
}

/* Each phase entered where the timeline may enter it. */
static void stub_phase(void *ctx, Phase ph)
{
    Stub *st = ctx;
    const SlotPlay *p = st->p;
    bool ok = true;
    switch (ph) {
    case PH_IDLE: /* only by a settlement */
        ok = st->settling && !p->round_active;
        st->settling = false;
        break;
    case PH_SPINNING:
        ok = p->round_active;
        break;
    case PH_WINS: /* never without wins */
        ok = p->nwins > 0;
        break;
    case PH_AWAIT_START:
    case PH_PICK: /* the round waits: nothing queued, START allowed */
        ok = evqueue_len(&p->queue) == 0 && (machine_allowed(p->seat->m) & 1u << CMD_START) &&
             (ph == PH_PICK) == (p->pick_tiles > 0);
        break;
    case PH_BANNER: /* START's, after START or the pick's reveal */
        ok = p->banner != BANNER_START || st->last == PH_AWAIT_START ||
             (st->last == PH_ACTION && p->action.type == EVENT_FEATURE_START);
        break;
    case PH_ACTION: /* a kind's moment (a pick's reveal: after the pick, or the journal's) */
        ok = p->round_active && p->action_show.ticks > 0 &&
             (p->action.type != EVENT_FEATURE_START || st->last == PH_PICK || p->recovering);
        break;
    }
    ok = ok && (st->last != PH_IDLE || ph == PH_SPINNING); /* a round begins with a spin */
    if (!ok)
        fprintf(stderr, "phase %d after %d (round %d)\n", ph, st->last, p->seat->round_no);
    st->bad_phase += !ok;
    st->last = ph;
}

static void stub_fail(void *ctx, const Error *err)
{
    Stub *st = ctx;
    fprintf(stderr, "the timeline failed: %s\n", err->msg);
    st->failed++;
}

static const SlotPlayShow show = {.win_ticks = 4, .banner_ticks = 6, .count_up_ticks = 5, .big_win_ticks = 8,
                                  .big_win_x = 15, .mega_win_x = 30, .epic_win_x = 50};

static void play_open(SlotPlay *p, Stub *st, Seat *seat)
{
    *p = (SlotPlay){0};
    *st = (Stub){.p = p, .now = st->now, .last = PH_IDLE};
    const SlotPlayView view = {.ctx = st, .reels_start = stub_reels_start, .reels_update = stub_reels_update,
                               .reels_quick_stop = stub_quick_stop, .cue = stub_cue, .shot = stub_shot,
                               .presented = stub_presented, .settled = stub_settled,
                               .phase = stub_phase, .fail = stub_fail};
    Error err;
    CHECK(slot_play_init(p, seat, slot_play_kind_for(seat->def->rules), &view, &show, st->now, &err) == 0);
}

/* One tick: the choices the timeline waits for (START, a tile), then its step. */
static void play_tick(SlotPlay *p, Stub *st)
{
    st->now++;
    if (p->recovering)
        slot_play_fast_forward(p);
    if (p->phase == PH_AWAIT_START) {
        slot_play_press(p, st->now);
    } else if (p->phase == PH_PICK) {
        Command c;
        CHECK(machine_choose(p->seat->m, STRATEGY_AUTO, &c) && c.type == CMD_START);
        slot_play_pick(p, (int)c.arg, st->now);
    }
    slot_play_tick(p, st->now);
}

/* Plays until `settled` rounds have settled (or `max` ticks); false when they did not. */
static bool play_to_settlement(SlotPlay *p, Stub *st, int settled, int max)
{
    for (int k = 0; k < max && st->settled < settled && !st->failed; k++)
        play_tick(p, st);
    return st->settled >= settled;
}

/* One round begun and played to its settlement; with `stop`, the test presses STOP a tick
 * into its first spin. */
static bool play_round(SlotPlay *p, Stub *st, const Bet *bet, bool stop)
{
    st->wins_presented = st->wins_shown = 0;
    st->wins_amount = 0;
    const int settled = st->settled + 1;
    st->now++;
    if (slot_play_start_round(p, bet, st->now))
        return false;
    if (stop) {
        const int spin = st->spins;
        play_tick(p, st);
        if (p->phase == PH_SPINNING && st->spins == spin) {
            slot_play_press(p, st->now);
            CHECK(p->fast);
            play_tick(p, st);
            CHECK_EQ_INT(st->landed_spin, spin);   /* it landed ... */
            CHECK(st->landed_at <= st->now);       /* by the tick after STOP ... */
            CHECK(st->landed_at < st->now - 2 + REEL_TICKS); /* before its own landing */
        }
    }
    return play_to_settlement(p, st, settled, 1000000);
}

typedef struct Table {
    GameDef def;
    TestHost h;
    SeatHost host;
    Seat seat;
    Bet bet;
    SlotPlay play;
    Stub stub;
} Table;

static Table *table_open(const char *id, Store *store)
{
    Table *t = calloc(1, sizeof *t);
    Error err = {{0}};
    if (tu_load_game(id, &t->def))
        abort();
    t->h.store = store;
    t->host = host_of(&t->h);
    t->seat = (Seat){.host = &t->host, .def = &t->def, .config = "{}"};
    machine_default_bet(&t->def, &t->bet);
    CHECK_EQ_INT(seat_machine_open(&t->seat, &t->bet, NULL, &err), 0);
    play_open(&t->play, &t->stub, &t->seat);
    return t;
}

static void table_close(Table *t)
{
    slot_play_free(&t->play);
    machine_destroy(t->seat.m);
    seat_free(&t->seat);
    store_close(t->h.store);
    free(t);
}

static Store *ram_store(Money balance)
{
    Error err = {{0}};
    Store *s = store_open(NULL, STORE_CABINET, balance, &err);
    if (!s) {
        fprintf(stderr, "store_open: %s\n", err.msg);
        abort();
    }
    return s;
}

/* ---- the tests ---------------------------------------------------------------------------- */

/* Every video slot, 2,000 rounds through the timeline on a memory in RAM: each round settles
 * once and the phases go in order; the balance is the start less the bets plus the wins, and
 * the memory reconciles; the meter counts to the round's win; every EVENT_WIN of the round is
 * shown and the round's win is their sum; every seventh round's STOP lands its reels early. */
static void test_rounds_settle_once_and_show_every_win(void)
{
    enum { ROUNDS = 2000 };
    for (size_t g = 0; g < sizeof game_ids / sizeof *game_ids; g++) {
        const Money start = 100000000;
        Table *t = table_open(game_ids[g], ram_store(start));
        Stub *st = &t->stub;
        Money bets = 0;
        int unshown = 0, unsummed = 0, stops = 0;
        for (int r = 0; r < ROUNDS; r++) {
            const int quick = st->quick_stops;
            if (!play_round(&t->play, st, &t->bet, r % 7 == 3)) {
                fprintf(stderr, "%s round %d did not settle (phase %d)\n", game_ids[g], r + 1, t->play.phase);
                break;
            }
            stops += st->quick_stops > quick;
            bets += t->seat.round_bet;
            unshown += st->wins_shown != st->wins_presented;
            unsummed += st->wins_amount != st->settled_total;
            CHECK(t->play.phase == PH_IDLE && !t->play.round_active);
        }
        printf("%s: %d rounds, %d spins, %d STOPs, won %lld of %lld\n", game_ids[g], st->settled, st->spins,
               stops, (long long)st->settled_sum, (long long)bets);
        CHECK_EQ_INT(st->failed, 0);
        CHECK_EQ_INT(st->settled, ROUNDS);
        CHECK_EQ_INT(store_rounds_begun(t->h.store), ROUNDS);
        CHECK_EQ_INT(st->bad_phase, 0);
        CHECK_EQ_INT(st->meter_short, 0);
        CHECK_EQ_INT(unshown, 0);
        CHECK_EQ_INT(unsummed, 0);
        CHECK(stops > ROUNDS / 8);
        CHECK_EQ_INT(seat_balance(&t->seat), start - bets + st->settled_sum);
        StoreCheck c;
        CHECK_EQ_INT(store_check(t->h.store, &c), 0);
        if (c.problems[0])
            fprintf(stderr, "%s: %s\n", game_ids[g], c.problems);
        table_close(t);
    }
}

/* Plays the round begun until it waits for START or a tile, then gives it (journaled); false
 * when the round settled without waiting. */
static bool play_to_start(SlotPlay *p, Stub *st)
{
    const int settled = st->settled;
    while (st->settled == settled && !st->failed) {
        const bool waits = p->phase == PH_AWAIT_START || p->phase == PH_PICK;
        play_tick(p, st); /* START, or the tile */
        if (waits)
            return true;
    }
    return false;
}

/* The seeds handed out before the first round (of the host's) that waits for START. */
static uint64_t seeds_before_start(const char *id)
{
    Table *t = table_open(id, ram_store(100000000));
    uint64_t before = 0;
    for (int r = 0; r < 5000; r++) {
        before = t->h.seeds;
        t->stub.now++;
        CHECK_EQ_INT(slot_play_start_round(&t->play, &t->bet, t->stub.now), 0);
        if (play_to_start(&t->play, &t->stub))
            break;
    }
    table_close(t);
    return before;
}

/* Every video slot: a round that waits for START (the same seed) played twice on fresh
 * memories, once through, once with a crash (the memory closed) just after its START; the
 * round recovered from its journal into a new seat and a new SlotPlay plays, fast, to the
 * same settlement, and the balance after it is the uninterrupted run's. */
static void test_recovered_round_settles_the_same(void)
{
    for (size_t g = 0; g < sizeof game_ids / sizeof *game_ids; g++) {
        const uint64_t seeds = seeds_before_start(game_ids[g]);
        Table *t = table_open(game_ids[g], fresh_dir());
        SlotPlay *p = &t->play;
        Stub *st = &t->stub;
        t->h.seeds = seeds;
        st->now++;
        CHECK_EQ_INT(slot_play_start_round(p, &t->bet, st->now), 0);
        CHECK(play_to_start(p, st));
        const int64_t crashed_id = t->seat.round_id;
        slot_play_free(p);
        machine_destroy(t->seat.m);
        seat_free(&t->seat);
        store_close(t->h.store); /* the crash: nothing settled */

        t->h.store = open_dir();
        Error err = {{0}};
        StoreRound *open = malloc(sizeof *open);
        bool found = false;
        CHECK_EQ_INT(store_open_round(t->h.store, open, &found, &err), 0);
        CHECK(found && open->id == crashed_id);
        t->seat = (Seat){.host = &t->host, .def = &t->def, .config = "{}"};
        CHECK_EQ_INT(seat_machine_open(&t->seat, &t->bet, open, &err), 0);
        play_open(p, st, &t->seat);
        CHECK_EQ_INT(slot_play_recover(p, open, st->now, &err), 0);
        CHECK(p->recovering);
        CHECK(play_to_settlement(p, st, 1, 1000000));
        const Money recovered_win = st->settled_total, balance = seat_balance(&t->seat);
        CHECK_EQ_INT(st->bad_phase, 0);
        CHECK_EQ_INT(st->meter_short, 0);
        found = true;
        CHECK_EQ_INT(store_open_round(t->h.store, open, &found, &err), 0);
        CHECK(!found); /* settled once: nothing open */
        StoreCheck c;
        CHECK_EQ_INT(store_check(t->h.store, &c), 0);
        free(open);
        table_close(t);
        remove_dir();

        /* the same round without the crash */
        Table *u = table_open(game_ids[g], ram_store(1000000)); /* as open_dir's */
        u->h.seeds = seeds;
        CHECK(play_round(&u->play, &u->stub, &u->bet, false));
        CHECK_EQ_INT(u->stub.settled_total, recovered_win);
        CHECK_EQ_INT(seat_balance(&u->seat), balance);
        printf("%s: the round of seed %#llx crashed after START, recovered to %lld\n", game_ids[g],
               0x5eed0000ull + seeds + 1, (long long)recovered_win);
        table_close(u);
    }
}

/* What test_celebration_... saw. */
typedef struct Watch {
    int celebrated, late, ahead, down, most_wins;
    uint64_t longest; /* ticks of wins shown between the last landing and a celebration */
} Watch;

/* One round begun and played to its settlement, watched: the ticks its last spin's wins take
 * before the celebration, and the meter against the count. */
static void watch_round(Table *t, Watch *w)
{
    SlotPlay *p = &t->play;
    Stub *st = &t->stub;
    const uint64_t bound = CLOCK_MS_TICKS(SLOT_PLAY_QUICK_MS) + SLOT_PLAY_QUICK_MIN;
    const int settled = st->settled + 1;
    st->now++;
    CHECK_EQ_INT(slot_play_start_round(p, &t->bet, st->now), 0);
    bool seen = false;
    uint64_t wins_ticks = 0;
    Money held = -1; /* the meter as a celebrated spin's wins began */
    Money last = -1; /* the meter a tick ago */
    for (int k = 0; k < 1000000 && st->settled < settled && !st->failed; k++) {
        play_tick(p, st);
        const Money meter = slot_play_meter_value(p, st->now);
        w->down += meter < last; /* the meter never goes back down in a round */
        last = meter;
        if (p->phase == PH_SPINNING || p->phase == PH_ACTION) { /* a kind's moment parts shows */
            wins_ticks = 0;
            held = -1;
        }
        if (p->phase == PH_WINS) {
            wins_ticks++;
            w->most_wins = p->nwins > w->most_wins ? p->nwins : w->most_wins;
            held = held < 0 ? meter : held;
            w->ahead += p->win_quick && meter > held; /* the amount is left to the count */
        }
        if (p->phase != PH_BANNER || p->banner != BANNER_BIG_WIN)
            continue;
        /* the meter shows the count, or stays at what was on it before (what a moment before
         * the celebration already told): it never runs ahead of both */
        const Money count = slot_play_banner_count(p, st->now - p->phase_t0);
        w->ahead += meter > count && meter > p->meter_to;
        if (!seen) {
            seen = true;
            w->celebrated++;
            w->longest = wins_ticks > w->longest ? wins_ticks : w->longest;
            w->late += wins_ticks > bound;
        }
    }
    CHECK(st->settled == settled);
}

/* Every video slot with a theme's real lengths (a win 1.4 s, a banner 2.5 s, the big win
 * 4.5 s), random rounds until celebrated ones have been seen, and Mona Lisa's forced epic win
 * (12 line wins: 17 s one by one before): a celebrated round's last wins pass within
 * SLOT_PLAY_QUICK_MS, then the celebration; the win meter never shows more than the
 * celebration's count has shown (it reaches the total when the count does), unless a moment
 * before it (an outro, a maximum win) already told the amount: then it stays there; it does not
 * count ahead while the quick wins pass, never goes back down in a round, and every round
 * settles with the meter at its win. */
static void test_celebration_follows_quick_wins_and_the_meter_its_count(void)
{
    const SlotPlayShow real = {.win_ticks = CLOCK_MS_TICKS(1400), .banner_ticks = CLOCK_MS_TICKS(2500),
                               .count_up_ticks = CLOCK_MS_TICKS(1200), .big_win_ticks = CLOCK_MS_TICKS(4500),
                               .big_win_x = 15, .mega_win_x = 30, .epic_win_x = 50};
    for (size_t g = 0; g <= sizeof game_ids / sizeof *game_ids; g++) {
        const bool forced = g == sizeof game_ids / sizeof *game_ids;
        const char *id = forced ? "mona-lisa-jewels" : game_ids[g];
        Table *t = calloc(1, sizeof *t);
        Scenario sc;
        Error err = {{0}};
        if (!t || tu_load_game(id, &t->def))
            abort();
        if (forced) {
            char path[512];
            snprintf(path, sizeof path, "%s/%s/scenarios/04-epic-win.json", testdata_env("SLOTCAB_GAMES", "games"),
                     id);
            CHECK_EQ_INT(scenario_load(path, &t->def, &sc, &err), 0);
        }
        t->h.store = ram_store(100000000);
        t->host = host_of(&t->h);
        t->seat = (Seat){.host = &t->host, .def = &t->def, .config = "{}", .sc = forced ? &sc : NULL};
        machine_default_bet(&t->def, &t->bet);
        if (forced)
            t->bet = sc.bet;
        CHECK_EQ_INT(seat_machine_open(&t->seat, &t->bet, NULL, &err), 0);
        play_open(&t->play, &t->stub, &t->seat);
        t->play.show = real;
        Watch w = {0};
        for (int r = 0; r < (forced ? 1 : 6000) && w.celebrated < 12 && !t->stub.failed; r++)
            watch_round(t, &w);
        printf("%s%s: %d celebrated rounds (at most %d wins at once), the longest %llu ticks of wins "
               "before a celebration\n", id, forced ? " (epic win)" : "", w.celebrated, w.most_wins,
               (unsigned long long)w.longest);
        CHECK(w.celebrated > 0);
        CHECK(!forced || w.most_wins >= 12);
        CHECK_EQ_INT(w.late, 0);
        CHECK_EQ_INT(w.ahead, 0);
        CHECK_EQ_INT(w.down, 0);
        CHECK_EQ_INT(t->stub.meter_short, 0);
        CHECK_EQ_INT(t->stub.bad_phase, 0);
        table_close(t);
        if (forced)
            scenario_free(&sc);
    }
}

int main(int argc, char **argv)
{
    test_init(argc, argv);
    RUN(test_rounds_settle_once_and_show_every_win);
    RUN(test_recovered_round_settles_the_same);
    RUN(test_celebration_follows_quick_wins_and_the_meter_its_count);
    return test_done();
}
