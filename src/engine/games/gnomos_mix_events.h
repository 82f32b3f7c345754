/* gnomos_mix_events.h - Gnomos Mix's own events: the lower game's advances (given, or one
 * reel advanced by one position) and the upper game's minigames (begun in place of a prize,
 * or ended with their prize).
 *
 * They are not members of the engine's Event union: each is an EventOwn (event.h) of type
 * GNOMOS_EVENT_ADVANCE or GNOMOS_EVENT_MINIGAME, described by an EventClass in the game's
 * rules module (gnomos_mix_events.c writes their JSON and slotsim's text). Read them with
 * gnomos_advance() and gnomos_minigame(), which give NULL for an event of another type. */
#ifndef SLOTCAB_GAMES_GNOMOS_MIX_EVENTS_H
#define SLOTCAB_GAMES_GNOMOS_MIX_EVENTS_H

#include "../event.h"

#include <assert.h>

/* The game's own event types, in the order of gnomos_event_classes. */
/* advances were given, or one reel advanced by one position */
#define GNOMOS_EVENT_ADVANCE ((EventType)(EVENT_OWN_FIRST + 0))
/* a minigame began in place of a prize, or ended with its prize */
#define GNOMOS_EVENT_MINIGAME ((EventType)(EVENT_OWN_FIRST + 1))
#define GNOMOS_EVENTS 2

/* Advances: given (reel EVENT_OFF, `left` of them), or spent on one reel, which moved one
 * position so that the figure above came onto the line; the screen after it. */
typedef struct EventAdvance {
    EventType type;
    uint8_t reel; /* EVENT_OFF: the advances were given */
    uint8_t left; /* advances left */
    Grid screen;
} EventAdvance;

/* A minigame (a second screen that replaces a prize): begun (stage 0), with the prize it
 * replaces, the most it can pay and how many choices the player has; or ended (stage 1),
 * with what it paid. `game` is the game's own index, named by its GameNames.minigame. */
typedef struct EventMinigame {
    EventType type;
    uint8_t game;
    uint8_t stage;   /* 0: begun, 1: ended */
    uint8_t choices; /* options the player may take (picks, refusals); 0: none */
    Money replaces;  /* the prize it replaces: the least it pays */
    Money most;      /* the most it can pay */
    Money amount;    /* ended: what it paid */
    int64_t bonuses; /* ended: and in Bonuses */
} EventMinigame;

static_assert(sizeof(EventAdvance) <= sizeof(EventOwn), "EventAdvance fits in EventOwn");
static_assert(sizeof(EventMinigame) <= sizeof(EventOwn), "EventMinigame fits in EventOwn");

extern const EventClass gnomos_event_classes[GNOMOS_EVENTS];

static inline const EventAdvance *gnomos_advance(const Event *e)
{
    return e->type == GNOMOS_EVENT_ADVANCE ? (const EventAdvance *)e : NULL;
}
static inline EventAdvance *gnomos_advance_mut(Event *e)
{
    return e->type == GNOMOS_EVENT_ADVANCE ? (EventAdvance *)e : NULL;
}
static inline const EventMinigame *gnomos_minigame(const Event *e)
{
    return e->type == GNOMOS_EVENT_MINIGAME ? (const EventMinigame *)e : NULL;
}
static inline EventMinigame *gnomos_minigame_mut(Event *e)
{
    return e->type == GNOMOS_EVENT_MINIGAME ? (EventMinigame *)e : NULL;
}

#endif
