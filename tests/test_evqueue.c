/* test_evqueue.c - the round's event queue of the play core (src/cabinet/core/evqueue.c):
 * events come off in the order they went on, across the ring's wrap and its growth; none is
 * dropped however many a round has (the scenes' fixed queues of 256 and 8,192 dropped the
 * rest); looking ahead sees what is waiting without taking it; a machine's whole round goes
 * on in the order machine_events() gives it. */
#include "evqueue.h"
#include "test.h"
#include "testdata.h"
#include "testutil.h"

static Event ev(int n)
{
    Event e = {.type = EVENT_WIN};
    e.win.amount = n;
    return e;
}

/* In order, interleaved pushes and pops (the ring wraps), through several growths. */
static void test_order_across_wrap_and_growth(void)
{
    EventQueue q = {0};
    Error err = {{0}};
    int pushed = 0, popped = 0, bad = 0;
    Event e;
    for (int round = 0; round < 200; round++) {
        for (int k = 0; k < 3 + round % 7; k++) {
            e = ev(pushed++);
            bad += evqueue_push(&q, &e, &err) != 0;
        }
        for (int k = 0; k < 2 + round % 5 && evqueue_pop(&q, &e); k++)
            bad += e.win.amount != popped++;
    }
    while (evqueue_pop(&q, &e))
        bad += e.win.amount != popped++;
    CHECK_EQ_INT(bad, 0);
    CHECK_EQ_INT(popped, pushed);
    CHECK_EQ_INT(evqueue_len(&q), 0);
    CHECK(!evqueue_pop(&q, &e));
    evqueue_free(&q);
}

/* 100,000 events waiting at once: every one kept, in order (no cap). */
static void test_none_dropped(void)
{
    EventQueue q = {0};
    Error err = {{0}};
    enum { N = 100000 };
    for (int i = 0; i < N; i++) {
        Event e = ev(i);
        CHECK_EQ_INT(evqueue_push(&q, &e, &err), 0);
    }
    CHECK_EQ_INT(evqueue_len(&q), N);
    Event e;
    int bad = 0, n = 0;
    while (evqueue_pop(&q, &e))
        bad += e.win.amount != n++;
    CHECK_EQ_INT(n, N);
    CHECK_EQ_INT(bad, 0);
    evqueue_free(&q);
}

/* Looking ahead: evqueue_at(0) is what pop gives next; past the last is NULL. */
static void test_look_ahead(void)
{
    EventQueue q = {0};
    Error err = {{0}};
    for (int i = 0; i < 5; i++) {
        Event e = ev(i);
        evqueue_push(&q, &e, &err);
    }
    Event e;
    evqueue_pop(&q, &e);
    CHECK_EQ_INT(evqueue_at(&q, 0)->win.amount, 1);
    CHECK_EQ_INT(evqueue_at(&q, 3)->win.amount, 4);
    CHECK(evqueue_at(&q, 4) == NULL && evqueue_at(&q, -1) == NULL);
    CHECK_EQ_INT(evqueue_len(&q), 4);
    evqueue_free(&q);
}

/* A machine's rounds, filled in after each command: the queue gives exactly
 * machine_events(), in order. */
static void fill_from_machine(const char *game)
{
    GameDef def;
    Error err = {{0}};
    Machine *m = NULL;
    CHECK(tu_load_game(game, &def) == 0 && (m = tu_machine(&def, -1)) != NULL);
    if (!m)
        return;
    Bet bet;
    machine_default_bet(&def, &bet);
    CHECK_EQ_INT(machine_set_bet(m, &bet, &err), 0);
    int bad = 0, longest = 0;
    for (uint64_t seed = 1; seed <= 3000; seed++) {
        EventQueue q = {0};
        Command cmd = {.type = CMD_SPIN, .seed = seed};
        bad += machine_command(m, &cmd, &err) != 0;
        bad += evqueue_fill(&q, m, &err) != 0;
        while (machine_in_round(m) && machine_choose(m, STRATEGY_AUTO, &cmd)) {
            bad += machine_command(m, &cmd, &err) != 0;
            bad += evqueue_fill(&q, m, &err) != 0;
        }
        int n;
        const Event *all = machine_events(m, &n);
        bad += evqueue_len(&q) != n;
        for (int i = 0; i < n && i < evqueue_len(&q); i++)
            bad += memcmp(evqueue_at(&q, i), &all[i], sizeof all[i]) != 0;
        longest = n > longest ? n : longest;
        evqueue_free(&q);
    }
    CHECK_EQ_INT(bad, 0);
    printf("%s: the longest round of 3,000: %d events\n", game, longest);
    machine_destroy(m);
}

/* Phoenix Graveyard (free spins with walking reapers) and Gnomos Mix (the upper game). */
static void test_fill_from_machine(void)
{
    fill_from_machine("phoenix-graveyard");
    fill_from_machine("gnomos-mix");
}

int main(int argc, char **argv)
{
    test_init(argc, argv);
    RUN(test_order_across_wrap_and_growth);
    RUN(test_none_dropped);
    RUN(test_look_ahead);
    RUN(test_fill_from_machine);
    return test_done();
}
