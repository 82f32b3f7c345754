/* evqueue.c - the round's events between the machine and the timeline (evqueue.h): a ring
 * that doubles when full. */
#include "evqueue.h"

#include <stdlib.h>
#include <string.h>

int evqueue_push(EventQueue *q, const Event *e, Error *err)
{
    if (q->len == q->cap) {
        const int cap = q->cap ? q->cap * 2 : 64;
        Event *v = malloc(sizeof *v * (size_t)cap);
        if (!v)
            return error_set(err, "out of memory for the round's events (%d waiting)", q->len);
        for (int i = 0; i < q->len; i++) /* unrolled from the ring, oldest first */
            v[i] = q->v[(q->head + i) % q->cap];
        free(q->v);
        q->v = v;
        q->cap = cap;
        q->head = 0;
    }
    q->v[(q->head + q->len++) % q->cap] = *e;
    return 0;
}

int evqueue_fill(EventQueue *q, Machine *m, Error *err)
{
    Event e;
    while (machine_poll(m, &e))
        if (evqueue_push(q, &e, err))
            return -1;
    return 0;
}

bool evqueue_pop(EventQueue *q, Event *e)
{
    if (!q->len)
        return false;
    *e = q->v[q->head];
    q->head = (q->head + 1) % q->cap;
    q->len--;
    return true;
}

const Event *evqueue_at(const EventQueue *q, int i)
{
    return i >= 0 && i < q->len ? &q->v[(q->head + i) % q->cap] : NULL;
}

int evqueue_len(const EventQueue *q) { return q->len; }

void evqueue_free(EventQueue *q)
{
    free(q->v);
    *q = (EventQueue){0};
}
