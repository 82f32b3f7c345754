/* test_play_kind.c - a kind of play that lives only in tests/ (kind_game.c, its rules;
 * kind_play.c, its play-side kind), played through the video slot's timeline
 * (src/cabinet/core/slot_play.c) and the seat with no SDL and no view of the cabinet's: a
 * stub view of the test's own (reels that land a fixed number of ticks after they start,
 * sounds ignored, screenshots counted), as tests/contract_game.c is for the machine.
 *
 * What it shows: thousands of rounds each settle once and the memory reconciles (the
 * balance is the start less the bets plus the wins); each coin the rules turn is presented
 * as the kind's moment for exactly the ticks the kind says, with its numbered screenshot, and
 * what the reels show after it is what the kind made of it (no coin is left on screen); the
 * meter counts to the round's win; the kind's words restore its count. */
#include "buf.h"
#include "clusters_play.h"
#include "kind_game.h"
#include "test.h"
#include "testdata.h"
#include "testseat.h"
#include "ways_play.h"

#include <stdlib.h>
#include <string.h>

enum { REEL_TICKS = 5, ROUNDS = 5000 };

typedef struct Stub {
    SlotPlay *p;
    uint64_t now, land;
    int settled;
    int64_t last_settled_id;
    Money settled_sum;
    int twice, meter_short;
    int transforms, actions, moments, bad_ticks, bad_numbers;
    uint64_t action_t0;
    Phase last;
    int failed;
} Stub;

static void stub_reels_start(void *ctx, const EventScreen *e)
{
    Stub *st = ctx;
    (void)e;
    st->land = st->now + REEL_TICKS;
}

static bool stub_reels_update(void *ctx, uint64_t now) { return now >= ((Stub *)ctx)->land; }

static void stub_quick_stop(void *ctx) { (void)ctx; }

static void stub_cue(void *ctx, const char *name, PlayLayer layer)
{
    (void)ctx;
    (void)name;
    (void)layer;
}

/* The kind's moments, rRR-sSS-coin-KK: KK counts the spin's coins shown so far. */
static void stub_shot(void *ctx, const char *name)
{
    Stub *st = ctx;
    const char *c = strstr(name, "-coin-");
    if (!c)
        return;
    st->moments++;
    st->bad_numbers += atoi(c + 6) != ((const KindPlay *)st->p->kstate)->coins;
}

static void stub_presented(void *ctx, const Event *e)
{
    Stub *st = ctx;
    st->transforms += e->type == KIND_EVENT_COIN;
}

static void stub_settled(void *ctx, Money total)
{
    Stub *st = ctx;
    const SlotPlay *p = st->p;
    st->twice += st->last_settled_id == p->seat->round_id;
    st->last_settled_id = p->seat->round_id;
    st->settled++;
    st->settled_sum += total;
    st->meter_short += p->meter_to != total;
}

/* Each of the kind's moments lasts the ticks it said. */
static void stub_phase(void *ctx, Phase ph)
{
    Stub *st = ctx;
    if (st->last == PH_ACTION && st->now - st->action_t0 != KIND_COIN_TICKS) {
        fprintf(stderr, "a coin shown %llu ticks\n", (unsigned long long)(st->now - st->action_t0));
        st->bad_ticks++;
    }
    if (ph == PH_ACTION) {
        st->actions++;
        st->action_t0 = st->now;
    }
    st->last = ph;
}

static void stub_fail(void *ctx, const Error *err)
{
    fprintf(stderr, "the timeline failed: %s\n", err->msg);
    ((Stub *)ctx)->failed++;
}

static const SlotPlayShow show = {.win_ticks = 4, .banner_ticks = 6, .count_up_ticks = 5, .big_win_ticks = 8,
                                  .big_win_x = 15, .mega_win_x = 30, .epic_win_x = 50};

static void play_open(SlotPlay *p, Stub *st, Seat *seat)
{
    const SlotPlayView view = {.ctx = st, .reels_start = stub_reels_start, .reels_update = stub_reels_update,
                               .reels_quick_stop = stub_quick_stop, .cue = stub_cue, .shot = stub_shot,
                               .presented = stub_presented, .settled = stub_settled,
                               .phase = stub_phase, .fail = stub_fail};
    Error err = {{0}};
    *p = (SlotPlay){0};
    *st = (Stub){.p = p, .last = PH_IDLE};
    CHECK_EQ_INT(slot_play_init(p, seat, &kind_play_kind, &view, &show, st->now, &err), 0);
}

/* A round begun and played to its settlement; false when it did not settle. */
static bool play_round(SlotPlay *p, Stub *st, const Bet *bet)
{
    const int settled = st->settled + 1;
    st->now++;
    if (slot_play_start_round(p, bet, st->now))
        return false;
    for (int k = 0; k < 100000 && st->settled < settled && !st->failed; k++)
        slot_play_tick(p, ++st->now);
    return st->settled == settled;
}

static void test_kind_game_plays_through_the_timeline(void)
{
    CHECK_EQ_INT(games_register(&kind_game_rules), 0);
    char path[512];
    snprintf(path, sizeof path, "%s/games/kind-test/game.json", testdata_env("SLOTCAB_TESTDATA", "tests/data"));
    GameDef def;
    Error err = {{0}};
    if (gamedef_load(path, &def, &err)) {
        fprintf(stderr, "%s\n", err.msg);
        abort();
    }
    const Money start = 100000000;
    TestHost h = {.store = store_open(NULL, STORE_CABINET, start, &err)};
    CHECK(h.store != NULL);
    SeatHost host = host_of(&h);
    Seat seat = {.host = &host, .def = &def, .config = "{}"};
    Bet bet;
    machine_default_bet(&def, &bet);
    CHECK_EQ_INT(seat_machine_open(&seat, &bet, NULL, &err), 0);
    SlotPlay p;
    Stub st = {0};
    play_open(&p, &st, &seat);
    const int coin = gamedef_symbol(&def, "COIN");
    Money bets = 0;
    int coins_left = 0;
    for (int r = 0; r < ROUNDS; r++) {
        if (!play_round(&p, &st, &bet)) {
            fprintf(stderr, "round %d did not settle (phase %d)\n", r + 1, p.phase);
            break;
        }
        bets += seat.round_bet;
        coins_left += memchr(p.shown.cell[0], coin, 3) != NULL;
        CHECK(p.phase == PH_IDLE && !p.round_active);
    }
    printf("kind-test: %d rounds, %d coins turned, won %lld of %lld\n", st.settled, st.transforms,
           (long long)st.settled_sum, (long long)bets);
    CHECK_EQ_INT(st.failed, 0);
    CHECK_EQ_INT(st.settled, ROUNDS);
    CHECK_EQ_INT(st.twice, 0);
    CHECK_EQ_INT(st.meter_short, 0);
    CHECK(st.transforms > ROUNDS / 4);      /* the kind's event comes often */
    CHECK_EQ_INT(st.actions, st.transforms); /* each shown as the kind's moment */
    CHECK_EQ_INT(st.moments, st.transforms); /* with its screenshot */
    CHECK_EQ_INT(st.bad_ticks, 0);
    CHECK_EQ_INT(st.bad_numbers, 0);
    CHECK_EQ_INT(coins_left, 0);
    CHECK_EQ_INT(seat_balance(&seat), start - bets + st.settled_sum);

    /* the game's own event is named and written by its class, the engine knowing none of it */
    Event own = {.own = {.type = KIND_EVENT_COIN}};
    *(KindCoin *)&own = (KindCoin){.type = KIND_EVENT_COIN, .reel = 2, .from = (uint8_t)coin, .to = 1};
    CHECK_STR_CONTAINS(event_name(&def, own.type), "coin");
    CHECK(event_name(NULL, own.type)[0] == '?'); /* read without its game: no name */
    Buf js = {0};
    event_to_json(&own, &def, &js);
    CHECK_STR_CONTAINS(js.s, "{\"type\":\"coin\",\"position\":[0,2],\"from\":\"COIN\",\"to\":\"BELL\"}");
    buf_free(&js);
    StoreCheck c;
    CHECK_EQ_INT(store_check(h.store, &c), 0);
    if (c.problems[0])
        fprintf(stderr, "%s\n", c.problems);

    /* the kind's words: what it shows is restored from them, another kind's are refused */
    char words[256];
    const int coins = ((const KindPlay *)p.kstate)->coins;
    slot_play_show_words(&p, words, sizeof words);
    SlotPlay q;
    Stub sq;
    play_open(&q, &sq, &seat);
    q.shown.rows = def.rows; /* as the scene opens: the grid's size, then the words */
    q.shown.cols = def.cols;
    slot_play_show_restore(&q, words);
    CHECK_EQ_INT(((const KindPlay *)q.kstate)->coins, coins);
    CHECK(memcmp(&q.shown, &p.shown, sizeof q.shown) == 0);
    ((KindPlay *)q.kstate)->coins = -1;
    slot_play_show_restore(&q, "1 3 0 1 2 0 7"); /* a ways game's words: refused */
    CHECK_EQ_INT(((const KindPlay *)q.kstate)->coins, -1);
    slot_play_free(&q);

    slot_play_free(&p);
    machine_destroy(seat.m);
    seat_free(&seat);
    store_close(h.store);
}

/* ---- Gonzo's Gold, the cluster kind: the maximum win ----------------------------------------
 *
 * A round whose win reaches the game's cap (games/gonzos-gold/scenarios/15-max-win-cap.json:
 * 25 Explorers with three scatters among them, 5,000x the bet) shows the maximum win as the
 * kind's moment after its win and before the big win's celebration and the round's end; it
 * says the three scatters' 10 free spins are not played; the round settles at the cap; SPIN
 * skips the moment. Reached in free spins (tests/scenarios/gonzos-gold-cap-in-free-spins.json)
 * it comes before the free spins' outro and says the spins left are not played. */
typedef struct CapStub {
    uint64_t now, land;
    char shots[1024];
    int settled, failed, actions, cap_moments;
    Money total;
    uint64_t action_t0, action_ticks;
    Phase last;
    const SlotPlay *p;
    int left, award, scatters;
} CapStub;

static void cap_reels_start(void *ctx, const EventScreen *e)
{
    (void)e;
    ((CapStub *)ctx)->land = ((CapStub *)ctx)->now + REEL_TICKS;
}

static bool cap_reels_update(void *ctx, uint64_t now) { return now >= ((CapStub *)ctx)->land; }

static void cap_shot(void *ctx, const char *name)
{
    CapStub *st = ctx;
    strncat(st->shots, name, sizeof st->shots - strlen(st->shots) - 2);
    strcat(st->shots, " ");
    if (strstr(name, "-maxwin")) {
        const ClustersPlay *cp = clusters_play_of(st->p);
        st->cap_moments += clusters_play_capping(st->p);
        st->left = cp->cap_left;
        st->award = cp->cap_award;
        st->scatters = cp->cap_scatters;
    }
}

static void cap_settled(void *ctx, Money total)
{
    ((CapStub *)ctx)->settled++;
    ((CapStub *)ctx)->total = total;
}

static void cap_phase(void *ctx, Phase ph)
{
    CapStub *st = ctx;
    if (st->last == PH_ACTION)
        st->action_ticks = st->now - st->action_t0;
    if (ph == PH_ACTION) {
        st->actions++;
        st->action_t0 = st->now;
    }
    st->last = ph;
}

static void cap_fail(void *ctx, const Error *err)
{
    fprintf(stderr, "the timeline failed: %s\n", err->msg);
    ((CapStub *)ctx)->failed++;
}

/* The cap's round played to its settlement; `skip_at` > 0: SPIN pressed that many ticks into
 * the maximum win's moment. */
static void play_cap_round(CapStub *st, const char *scenario, uint64_t skip_at)
{
    char path[512];
    snprintf(path, sizeof path, "%s/gonzos-gold/game.json", testdata_env("SLOTCAB_GAMES", "games"));
    static GameDef def;
    Error err = {{0}};
    if (gamedef_load(path, &def, &err)) {
        fprintf(stderr, "%s\n", err.msg);
        abort();
    }
    Scenario sc;
    snprintf(path, sizeof path, "%s", scenario);
    if (seat_scenario_load(path, &def, &sc, &err)) {
        fprintf(stderr, "%s\n", err.msg);
        abort();
    }
    TestHost h = {.store = store_open(NULL, STORE_CABINET, 100000000, &err)};
    CHECK(h.store != NULL);
    SeatHost host = host_of(&h);
    Seat seat = {.host = &host, .def = &def, .sc = &sc, .config = "{}"};
    Bet bet;
    machine_default_bet(&def, &bet);
    if (sc.has_bet)
        bet = sc.bet;
    CHECK_EQ_INT(seat_machine_open(&seat, &bet, NULL, &err), 0);
    SlotPlay p = {0};
    *st = (CapStub){.p = &p, .last = PH_IDLE, .now = 100000}; /* a skip's moment ends at once when it is this late */
    const SlotPlayView view = {.ctx = st, .reels_start = cap_reels_start, .reels_update = cap_reels_update,
                               .reels_quick_stop = stub_quick_stop, .cue = stub_cue, .shot = cap_shot,
                               .settled = cap_settled, .phase = cap_phase, .fail = cap_fail};
    CHECK_EQ_INT(slot_play_init(&p, &seat, &clusters_play_kind, &view, &show, st->now, &err), 0);
    CHECK_EQ_INT(slot_play_start_round(&p, &bet, ++st->now), 0);
    for (int k = 0; k < 100000 && !st->settled && !st->failed; k++) {
        if (skip_at && clusters_play_capping(&p) && st->now - st->action_t0 == skip_at)
            slot_play_press(&p, st->now);
        if (p.phase == PH_PICK)
            slot_play_pick(&p, 4, st->now);
        else if (p.phase == PH_AWAIT_START)
            slot_play_press(&p, st->now);
        slot_play_tick(&p, ++st->now);
    }
    CHECK_EQ_INT(st->failed, 0);
    CHECK_EQ_INT(st->settled, 1);
    CHECK_EQ_INT(st->total, 5000 * seat.round_bet); /* the round's win is the cap */
    slot_play_free(&p);
    machine_destroy(seat.m);
    seat_free(&seat);
    store_close(h.store);
    scenario_free(&sc);
}

static void test_gonzo_max_win_ends_the_round(void)
{
    char base[512], free[512];
    snprintf(base, sizeof base, "%s/gonzos-gold/scenarios/15-max-win-cap.json", testdata_env("SLOTCAB_GAMES", "games"));
    testdata_path(free, sizeof free, "../scenarios", "gonzos-gold-cap-in-free-spins.json");
    CapStub st;
    play_cap_round(&st, base, 0);
    printf("gonzo's cap: %s\n", st.shots);
    /* after its win, before the celebration and the end */
    const char *win = strstr(st.shots, "r01-s00-win-01"), *cap = strstr(st.shots, "r01-s00-maxwin"),
               *epic = strstr(st.shots, "r01-s00-epicwin"), *end = strstr(st.shots, "r01-s00-end");
    CHECK(win && cap && epic && end && win < cap && cap < epic && epic < end);
    CHECK_EQ_INT(st.cap_moments, 1);
    CHECK_EQ_INT(st.actions, 1);
    CHECK_EQ_INT((int)st.action_ticks, CLUSTERS_CAP_TICKS);
    CHECK_EQ_INT(st.scatters, 3);   /* the scatters that landed ... */
    CHECK_EQ_INT(st.award, 10);     /* ... and the free spins they do not give */
    CHECK_EQ_INT(st.left, 0);
    play_cap_round(&st, base, 20);  /* SPIN skips it */
    CHECK_EQ_INT(st.actions, 1);
    CHECK((int)st.action_ticks <= 21);

    /* in free spins: before the free spins' outro, the 9 left not played */
    play_cap_round(&st, free, 0);
    printf("gonzo's cap in free spins: %s\n", st.shots);
    win = strstr(st.shots, "r01-s01-win-01");
    cap = strstr(st.shots, "r01-s01-maxwin");
    const char *outro = strstr(st.shots, "r01-s01-outro");
    CHECK(win && cap && outro && win < cap && cap < outro);
    CHECK_EQ_INT(st.cap_moments, 1);
    CHECK_EQ_INT(st.left, 9);
    CHECK_EQ_INT(st.award, 0);
}

/* ---- the ways kind (Phoenix Graveyard): its play side, event by event ------------------------ */

static void ways_cue(void *ctx, const char *name, PlayLayer layer)
{
    (void)ctx;
    (void)name;
    (void)layer;
}

/* One event to the ways kind at tick `now`, and when it is shown as the kind's moment, the
 * timeline's phase as slot_play.c sets it. */
static SlotAction ways_send(SlotPlay *p, const Event *e, uint64_t now)
{
    SlotAction a = {0};
    ways_play_kind.event(p->kstate, p, e, now, &a);
    if (a.ticks > 0) {
        p->phase = PH_ACTION;
        p->phase_t0 = now;
        p->action = *e;
        p->action_show = a;
    } else {
        p->phase = PH_WINS;
    }
    return a;
}

static void ways_open(SlotPlay *p, Seat *seat, GameDef *def)
{
    def->rows = 3;
    def->cols = 5;
    *seat = (Seat){.def = def};
    *p = (SlotPlay){.seat = seat, .kind = &ways_play_kind, .view = {.cue = ways_cue}};
    p->kstate = ways_play_kind.create(p);
    CHECK(p->kstate != NULL);
    const Event start = {.type = EVENT_ROUND_START};
    ways_send(p, &start, 1);
}

/* A battle's new multiplier (the Reaper's x2) shows with its result, not before: from tick
 * WAYS_BATTLE_RESULT_TICKS of the moment on, which its screenshot (three fifths in) shows;
 * a skipped battle shows it at once. */
static void test_ways_battle_multiplier_with_its_result(void)
{
    static GameDef def;
    Seat seat;
    SlotPlay p;
    ways_open(&p, &seat, &def);
    Event ev = {0};
    EventWays *wy = (EventWays *)&ev;
    *wy = (EventWays){.type = PHOENIX_EVENT_WAYS, .total = 243};
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 5; c++)
            wy->ways[r][c] = 1;
    wy->multiplier[0][3] = 1; /* a Phoenix */
    wy->multiplier[0][4] = 1; /* the Reaper */
    ways_send(&p, &ev, 10);
    *(EventBattle *)&ev = (EventBattle){.type = PHOENIX_EVENT_BATTLE, .row = 0, .reel = 4, .target_row = 0,
                                        .target_reel = 3, .outcome = BATTLE_ATTACKER_DOUBLES, .to_row = EVENT_OFF,
                                        .to_reel = EVENT_OFF, .left = GRID_NO_SYMBOL,
                                        .attacker_multiplier = 2, .defender_multiplier = 1};
    const uint64_t t0 = 100;
    const SlotAction a = ways_send(&p, &ev, t0);
    CHECK_EQ_INT(a.ticks, WAYS_BATTLE_TICKS);
    CHECK(WAYS_BATTLE_RESULT_TICKS > 0 && WAYS_BATTLE_RESULT_TICKS < a.ticks * 3 / 5);
    int early = 0;
    for (uint64_t k = 0; k < WAYS_BATTLE_RESULT_TICKS; k++)
        early += ways_play_multiplier(&p, 0, 4, t0 + k) != 1 || ways_play_battle_decided(&p, t0 + k);
    CHECK_EQ_INT(early, 0);
    CHECK_EQ_INT((int)ways_play_multiplier(&p, 0, 4, t0 + WAYS_BATTLE_RESULT_TICKS), 2);
    CHECK(ways_play_battle_decided(&p, t0 + WAYS_BATTLE_RESULT_TICKS));
    CHECK_EQ_INT((int)ways_play_multiplier(&p, 0, 3, t0 + WAYS_BATTLE_RESULT_TICKS), 1);
    p.phase_t0 = 0; /* SPIN: the rest skipped */
    CHECK_EQ_INT((int)ways_play_multiplier(&p, 0, 4, t0 + 1), 2);
    ways_play_kind.destroy(p.kstate);
}

/* A walker uncovers what it stood on when it steps off (and walks out at the round's end):
 * no empty cell stays behind it; a cell it only landed on, or one that spun, stays empty. */
static void test_ways_walker_uncovers_its_cell(void)
{
    static GameDef def;
    Seat seat;
    SlotPlay p;
    ways_open(&p, &seat, &def);
    enum { J = 1, Q, K, A, REAPER };
    const uint8_t row[5] = {J, Q, K, A, REAPER};
    memcpy(p.shown.cell[0], row, sizeof row);
    Event ev = {0};
    *(EventMove *)&ev = (EventMove){.type = PHOENIX_EVENT_MOVE, .symbol = REAPER, .kind = MOVE_WALK, .from_row = 0,
                                    .from_reel = 4, .to_row = 0, .to_reel = 3, .multiplier = 1};
    ways_send(&p, &ev, 10);
    CHECK_EQ_INT(p.shown.cell[0][4], GRID_NO_SYMBOL); /* it landed there: nothing known under it */
    CHECK_EQ_INT(p.shown.cell[0][3], REAPER);
    ev.screen = (EventScreen){.type = EVENT_SCREEN, .held = grid_bit(0, 3)}; /* a respin around it */
    ways_send(&p, &ev, 20);
    for (int c = 3; c > 0; c--) {
        *(EventMove *)&ev = (EventMove){.type = PHOENIX_EVENT_MOVE, .symbol = REAPER, .kind = MOVE_WALK,
                                        .from_row = 0, .from_reel = (uint8_t)c, .to_row = 0,
                                        .to_reel = (uint8_t)(c - 1), .multiplier = 1};
        ways_send(&p, &ev, 30);
        CHECK_EQ_INT(p.shown.cell[0][c], row[c]);
    }
    *(EventMove *)&ev = (EventMove){.type = PHOENIX_EVENT_MOVE, .symbol = REAPER, .kind = MOVE_LEAVE, .from_row = 0,
                                    .from_reel = 0, .to_row = EVENT_OFF, .to_reel = EVENT_OFF, .multiplier = 1};
    ways_send(&p, &ev, 40);
    CHECK_EQ_INT(p.shown.cell[0][0], J); /* walked out: the J it stood on, not an empty cell */
    /* one that stepped on a cell which then spun uncovers nothing */
    p.shown.cell[1][2] = REAPER;
    *(EventMove *)&ev = (EventMove){.type = PHOENIX_EVENT_MOVE, .symbol = REAPER, .kind = MOVE_WALK, .from_row = 1,
                                    .from_reel = 2, .to_row = 1, .to_reel = 1, .multiplier = 1};
    ways_send(&p, &ev, 50);
    ev.screen = (EventScreen){.type = EVENT_SCREEN};
    ways_send(&p, &ev, 60);
    *(EventMove *)&ev = (EventMove){.type = PHOENIX_EVENT_MOVE, .symbol = REAPER, .kind = MOVE_LEAVE, .from_row = 1,
                                    .from_reel = 1, .to_row = EVENT_OFF, .to_reel = EVENT_OFF, .multiplier = 1};
    ways_send(&p, &ev, 70);
    CHECK_EQ_INT(p.shown.cell[1][1], GRID_NO_SYMBOL);
    ways_play_kind.destroy(p.kstate);
}

int main(int argc, char **argv)
{
    test_init(argc, argv);
    RUN(test_kind_game_plays_through_the_timeline);
    RUN(test_gonzo_max_win_ends_the_round);
    RUN(test_ways_battle_multiplier_with_its_result);
    RUN(test_ways_walker_uncovers_its_cell);
    return test_done();
}
