/* phoenix_graveyard_events.h - Phoenix Graveyard's own events: the screen's ways, tombstones,
 * walking and jumping wilds, their attacks and battles, symbols turning into wilds, wilds
 * appearing, and the round's maximum win.
 *
 * They are not members of the engine's Event union: each is an EventOwn (event.h) whose type
 * is one of PhoenixEventType, described by an EventClass in the game's rules module
 * (phoenix_graveyard_events.c writes their JSON and slotsim's text). Read them with the
 * accessors, which give NULL for an event of another type. */
#ifndef SLOTCAB_GAMES_PHOENIX_GRAVEYARD_EVENTS_H
#define SLOTCAB_GAMES_PHOENIX_GRAVEYARD_EVENTS_H

#include "../event.h"

#include <assert.h>

/* The game's own event types, in the order of its EventClasses (phoenix_event_classes). */
/* a screen's ways: each position's ways and wild multiplier, the total */
#define PHOENIX_EVENT_WAYS ((EventType)(EVENT_OWN_FIRST + 0))
/* a position was cut into more ways (a tombstone) */
#define PHOENIX_EVENT_SLICE ((EventType)(EVENT_OWN_FIRST + 1))
/* a sticky wild walked, jumped, was pushed aside or left the screen */
#define PHOENIX_EVENT_MOVE ((EventType)(EVENT_OWN_FIRST + 2))
/* a walking wild attacked a neighbouring position */
#define PHOENIX_EVENT_ATTACK ((EventType)(EVENT_OWN_FIRST + 3))
/* an attack on a jumping wild, and its outcome */
#define PHOENIX_EVENT_BATTLE ((EventType)(EVENT_OWN_FIRST + 4))
/* a symbol turned into another where it stands */
#define PHOENIX_EVENT_TRANSFORM ((EventType)(EVENT_OWN_FIRST + 5))
/* a sticky wild appeared: awarded, or a walker appearing again */
#define PHOENIX_EVENT_SPAWN ((EventType)(EVENT_OWN_FIRST + 6))
/* the round reached its maximum win: it ends here */
#define PHOENIX_EVENT_CAP ((EventType)(EVENT_OWN_FIRST + 7))
#define PHOENIX_EVENTS 8

/* The ways of the screen just shown, as the wins were counted: how many ways each position
 * is worth (1, or a tombstone's 2..10), the multiplier of each wild (0 where no wild), and
 * the screen's ways: the product over the reels of the sum of their positions' ways. */
typedef struct EventWays {
    EventType type;
    uint16_t spin_index;
    uint8_t ways[GRID_MAX_ROWS][GRID_MAX_COLS];
    uint32_t multiplier[GRID_MAX_ROWS][GRID_MAX_COLS];
    uint64_t total;
} EventWays;

typedef enum SliceCause {
    SLICE_ATTACK, /* a walking wild's attack on a neighbour */
    SLICE_RANDOM, /* a random strike during a spin */
    SLICE__COUNT
} SliceCause;

typedef struct EventSlice {
    EventType type;
    uint16_t spin_index;
    uint8_t row, reel;          /* the position cut */
    uint8_t symbol;             /* what it showed */
    uint8_t cause;              /* SliceCause */
    uint8_t added, ways;        /* ways added, and the position's ways now */
    uint8_t from_row, from_reel; /* the attacker (EVENT_OFF for a random strike) */
} EventSlice;

typedef enum MoveKind {
    MOVE_WALK,  /* one reel to the left */
    MOVE_JUMP,  /* to any position */
    MOVE_PUSH,  /* a sticky symbol pushed aside by a walker into the walker's old position */
    MOVE_LEAVE, /* off the screen (walked out, or removed when the mode changes) */
    MOVE__COUNT
} MoveKind;

typedef struct EventMove {
    EventType type;
    uint16_t spin_index;
    uint8_t symbol;
    uint8_t kind;                /* MoveKind */
    uint8_t from_row, from_reel;
    uint8_t to_row, to_reel;     /* EVENT_OFF when it left the screen */
    uint32_t multiplier;         /* its wild multiplier after the move */
} EventMove;

typedef struct EventAttack {
    EventType type;
    uint16_t spin_index;
    uint8_t row, reel;               /* the attacker */
    uint8_t target_row, target_reel;
    uint8_t symbol;                  /* what the target showed */
} EventAttack;

typedef enum BattleOutcome {
    BATTLE_ATTACKER_DOUBLES, /* the attacker's wild multiplier doubles */
    BATTLE_DEFENDER_DOUBLES, /* the defender's wild multiplier doubles */
    BATTLE_DEFENDER_JUMPS,   /* the defender jumps away, leaving another symbol behind */
    BATTLE__COUNT
} BattleOutcome;

typedef struct EventBattle {
    EventType type;
    uint16_t spin_index;
    uint8_t row, reel;               /* the attacker */
    uint8_t target_row, target_reel; /* the defender, before any jump */
    uint8_t outcome;                 /* BattleOutcome */
    uint8_t to_row, to_reel;         /* where the defender jumped (EVENT_OFF: it stayed) */
    uint8_t left;                    /* the symbol left behind (GRID_NO_SYMBOL: none) */
    uint32_t attacker_multiplier, defender_multiplier; /* after the battle */
} EventBattle;

typedef struct EventTransform {
    EventType type;
    uint16_t spin_index;
    uint8_t row, reel;
    uint8_t from, to;    /* symbols */
    uint32_t multiplier; /* the new symbol's wild multiplier */
} EventTransform;

typedef struct EventSpawn {
    EventType type;
    uint16_t spin_index;
    uint8_t symbol;
    uint8_t row, reel;
    uint32_t multiplier;
} EventSpawn;

typedef struct EventCap {
    EventType type;
    Money cap;  /* the maximum win of the round, which it has now won */
    Money cut;  /* what the spin's wins came to beyond it, not paid (told after them) */
} EventCap;

#define PHOENIX_EVENT_FITS(T) static_assert(sizeof(T) <= sizeof(EventOwn), #T " fits in EventOwn")
PHOENIX_EVENT_FITS(EventWays);
PHOENIX_EVENT_FITS(EventSlice);
PHOENIX_EVENT_FITS(EventMove);
PHOENIX_EVENT_FITS(EventAttack);
PHOENIX_EVENT_FITS(EventBattle);
PHOENIX_EVENT_FITS(EventTransform);
PHOENIX_EVENT_FITS(EventSpawn);
PHOENIX_EVENT_FITS(EventCap);

/* The classes of the game's own events, PHOENIX_EVENT_WAYS first (GameRules.events). */
extern const EventClass phoenix_event_classes[PHOENIX_EVENTS];

/* Typed accessors: the event as its struct, or NULL when it is of another type; the mutable
 * forms are for the rules module writing an event it has just emitted. */
#define PHOENIX_ACCESSOR(fn, T, TYPE)                                                          \
    static inline const T *fn(const Event *e) { return e->type == TYPE ? (const T *)e : NULL; } \
    static inline T *fn##_mut(Event *e) { return e->type == TYPE ? (T *)e : NULL; }
PHOENIX_ACCESSOR(phoenix_ways, EventWays, PHOENIX_EVENT_WAYS)
PHOENIX_ACCESSOR(phoenix_slice, EventSlice, PHOENIX_EVENT_SLICE)
PHOENIX_ACCESSOR(phoenix_move, EventMove, PHOENIX_EVENT_MOVE)
PHOENIX_ACCESSOR(phoenix_attack, EventAttack, PHOENIX_EVENT_ATTACK)
PHOENIX_ACCESSOR(phoenix_battle, EventBattle, PHOENIX_EVENT_BATTLE)
PHOENIX_ACCESSOR(phoenix_transform, EventTransform, PHOENIX_EVENT_TRANSFORM)
PHOENIX_ACCESSOR(phoenix_spawn, EventSpawn, PHOENIX_EVENT_SPAWN)
PHOENIX_ACCESSOR(phoenix_cap, EventCap, PHOENIX_EVENT_CAP)
#undef PHOENIX_ACCESSOR

#endif
