/* gonzos_gold_events.h - Gonzo's Gold's own event: in free spins, the expanding symbol
 * covering rows and reels (after a screen's wins).
 *
 * It is no member of the engine's Event union: an EventOwn (event.h) of type
 * GONZO_EVENT_EXPAND, described by the EventClass in the game's rules module
 * (gonzos_gold_events.c writes its JSON and slotsim's text). Read it with gonzo_expand(),
 * which gives NULL for an event of another type. */
#ifndef SLOTCAB_GAMES_GONZOS_GOLD_EVENTS_H
#define SLOTCAB_GAMES_GONZOS_GOLD_EVENTS_H

#include "../event.h"

#include <assert.h>

/* the game's own event types, in the order of gonzo_event_classes */
#define GONZO_EVENT_EXPAND ((EventType)(EVENT_OWN_FIRST + 0))
#define GONZO_EVENTS 1

typedef struct EventExpand {
    EventType type;
    uint16_t spin_index;
    uint8_t symbol;       /* the expanding symbol */
    uint8_t rows, reels;  /* bit r / bit c: a row / a reel that the symbol covers now */
    CellMask from;        /* the symbols whose neighbours made them expand */
    CellMask cells;       /* every cell now showing the symbol because of the expansion */
    Grid screen;          /* the screen after the expansion */
} EventExpand;

static_assert(sizeof(EventExpand) <= sizeof(EventOwn), "EventExpand fits in EventOwn");

extern const EventClass gonzo_event_classes[GONZO_EVENTS];

static inline const EventExpand *gonzo_expand(const Event *e)
{
    return e->type == GONZO_EVENT_EXPAND ? (const EventExpand *)e : NULL;
}
static inline EventExpand *gonzo_expand_mut(Event *e)
{
    return e->type == GONZO_EVENT_EXPAND ? (EventExpand *)e : NULL;
}

#endif
