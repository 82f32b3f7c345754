/* testseat.h - what the play core's tests share (test_seat.c, test_slot_play.c): a seat's
 * host of the test's own (a memory, a clock it steps, seeds it counts, the rounds it hears
 * of) and a memory in a folder of its own under /tmp, to close and open again as a crash
 * does.
 *
 * Header only (static inline), as testutil.h, so each test stays one executable built from
 * one .c file. */
#ifndef SLOTCAB_TESTSEAT_H
#define SLOTCAB_TESTSEAT_H

#include "seat.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

typedef struct TestHost {
    Store *store;
    uint64_t tick, clock_set;
    uint64_t seeds; /* seeds handed out */
    int begun, recovered;
    int64_t last_round;
} TestHost;

static inline Store *th_store(void *ctx) { return ((TestHost *)ctx)->store; }
static inline uint64_t th_tick(void *ctx) { return ((TestHost *)ctx)->tick; }
static inline int64_t th_now(void *ctx) { return 1767268800 + (int64_t)(((TestHost *)ctx)->tick / CLOCK_HZ); }
static inline uint64_t th_seed(void *ctx) { return 0x5eed0000u + ++((TestHost *)ctx)->seeds; }
static inline void th_clock(void *ctx, uint64_t tick) { ((TestHost *)ctx)->clock_set = tick; }

static inline void th_begun(void *ctx, const Seat *st, bool recovered)
{
    TestHost *h = ctx;
    if (recovered)
        h->recovered++;
    else
        h->begun++;
    h->last_round = st->round_id;
}

static inline SeatHost host_of(TestHost *h)
{
    return (SeatHost){.ctx = h, .store = th_store, .tick = th_tick, .now = th_now, .next_seed = th_seed,
                      .replay_clock = th_clock, .round_begun = th_begun};
}

/* The memory's folder (fresh_dir makes one; remove_dir removes it). */
static char testseat_dir[256];

/* The memory in the folder, opened (made with 1,000,000 cents the first time). */
static inline Store *open_dir(void)
{
    Error err = {{0}};
    Store *s = store_open(testseat_dir, STORE_CABINET, 1000000, &err);
    if (!s)
        fprintf(stderr, "store_open %s: %s\n", testseat_dir, err.msg);
    return s;
}

static inline Store *fresh_dir(void)
{
    snprintf(testseat_dir, sizeof testseat_dir, "/tmp/slotcab-test-seat-XXXXXX");
    if (!mkdtemp(testseat_dir))
        abort();
    return open_dir();
}

static inline void remove_dir(void)
{
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", testseat_dir);
    if (system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", testseat_dir);
}

#endif
