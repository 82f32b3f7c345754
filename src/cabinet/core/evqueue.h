/* evqueue.h - the one queue of a round's events between the machine and a scene's timeline
 * (the video slot's and the fruit machine's alike): the machine's new events appended in
 * order, taken off one at a time as the timeline presents them, and looked ahead at (what a
 * spin will award, the rung a win will reach). It grows as a round needs and never drops an
 * event: a round of the longest free spins shows every one. Plain C, no SDL
 * (tests/test_evqueue.c). */
#ifndef SLOTCAB_EVQUEUE_H
#define SLOTCAB_EVQUEUE_H

#include "error.h"
#include "machine.h"

#include <stdbool.h>

typedef struct EventQueue {
    Event *v;
    int cap, head, len; /* a ring of cap events; len of them from head */
} EventQueue;

/* Appends one event; -1 with err when out of memory (nothing appended). */
int evqueue_push(EventQueue *q, const Event *e, Error *err);
/* Appends every event the machine has not given yet (machine_poll), in order; -1 with err
 * when out of memory (the cabinet then stops: a round it cannot show in full is not shown in
 * part). */
int evqueue_fill(EventQueue *q, Machine *m, Error *err);
/* The next event off the queue into *e (false: none). */
bool evqueue_pop(EventQueue *q, Event *e);
/* The i-th event waiting (0: the next), or NULL past the last. */
const Event *evqueue_at(const EventQueue *q, int i);
int evqueue_len(const EventQueue *q);
void evqueue_free(EventQueue *q);

#endif
