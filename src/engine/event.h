/* event.h - what a round tells the screen, as a tagged union (like SDL_Event).
 *
 * Every member starts with `type`. Events carry every fact the screen needs (cells, symbols,
 * amounts, multipliers, counters), so the cabinet never re-derives an outcome. Amounts are
 * Money in minor units; cells are CellMasks (grid.h). event_to_json() writes the form slotsim
 * prints and the journal keeps. The union holds the members every game shares; a game's own
 * events are EventOwn, described by the EventClasses its rules module lists (games.h). */
#ifndef SLOTCAB_EVENT_H
#define SLOTCAB_EVENT_H

#include "grid.h"
#include "money.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum EventType {
    EVENT_ROUND_START,   /* a bet was accepted */
    EVENT_SCREEN,        /* the reels stopped on a screen */
    EVENT_WIN,           /* one paying combination */
    EVENT_FEATURE_AWARD, /* free spins awarded by the last screen */
    EVENT_FEATURE_START, /* the player started the awarded free spins */
    EVENT_FEATURE_END,   /* the last free spin of the round was played */
    EVENT_ROUND_END,     /* the round is over; total_win is credited at settlement */
    EVENT_HOLD,          /* the player held a set of reels (they keep their symbols) */
    EVENT_PRIZE,         /* a prize is on offer: collect it, or risk it on its ladder */
    EVENT_RISK,          /* a risked prize went up or down its ladder */
    EVENT_PICK,          /* the player picked one of n options; what each one hid */
    EVENT_COLLECT,       /* the prize on offer was taken */
    EVENT__COUNT,        /* the shared types; a game's own begin at EVENT_OWN_FIRST */
    EVENT_OWN_FIRST = 0x100
} EventType;

/* The kind of spin a screen came from. */
typedef enum SpinKind {
    SPIN_BASE,
    SPIN_FREE,  /* a normal (scatter) free spin */
    SPIN_EXTRA, /* a second kind of feature spin, the game's own (named in its GameNames) */
    SPIN__COUNT
} SpinKind;

typedef enum WinKind {
    WIN_LINE,
    WIN_SCATTER,
    WIN_WAYS,
    WIN_CLUSTER,
    WIN_JACKPOT, /* the progressive, in place of a line win */
    WIN_BONUS,     /* a bonus prize for scatters anywhere, times the bet (not a cluster win) */
    WIN_EXPANDING, /* the additional prize for all expanding symbols on the grid as one cluster */
    WIN__COUNT
} WinKind;

typedef enum Feature {
    FEATURE_FREE_SPINS,
    FEATURE_EXTRA, /* the game's own second feature, whose spins are SPIN_EXTRA */
    FEATURE__COUNT
} Feature;

typedef struct EventRoundStart {
    EventType type;
    uint64_t seed;
    Money bet;
    int64_t bet_bonuses; /* the bet's part in Bonuses */
} EventRoundStart;

typedef struct EventScreen {
    EventType type;
    SpinKind spin;
    uint16_t spin_index;   /* 0 = the base spin, then 1, 2, ... in play order */
    Grid screen;
    CellMask held;         /* cells that did not spin (locked reel, sticky symbols) */
    uint16_t free_left;    /* normal free spins still to play after this one */
    uint16_t extra_left;   /* SPIN_EXTRA spins still to play after this one */
    uint16_t stops[GRID_MAX_COLS]; /* reel stop positions drawn (cosmetic for the screen) */
} EventScreen;

typedef struct EventWin {
    EventType type;
    WinKind kind;
    SpinKind spin;
    uint16_t spin_index;
    uint8_t symbol;
    uint8_t count;      /* symbols in the combination (line, scatter) or cluster size */
    uint8_t line;       /* 1-based line number, 0 when not a line win */
    uint8_t wilds;      /* wilds in the combination */
    uint8_t mixed;      /* 1: a combination of mixed symbols, named by the game
                           (GameNames.mixed_win: Any Diamonds); `symbol` is its first one */
    uint32_t multiplier; /* 1 when none; wide enough for wild multipliers multiplied along
                            ways up to a 10,000x cap */
    uint64_t ways;      /* ways wins only */
    int64_t coins;      /* win in coins: paytable value x coins bet x multiplier */
    Money amount;
    int64_t bonuses;    /* won in Bonuses (a game with a second unit) */
    CellMask cells;
} EventWin;

typedef struct EventFeatureAward {
    EventType type;
    Feature feature;
    uint16_t spins;      /* awarded now */
    uint16_t free_left;  /* normal free spins to play, after this award */
    uint16_t extra_left; /* SPIN_EXTRA spins to play, after this award */
    uint8_t retrigger;   /* 1 when awarded during free spins */
} EventFeatureAward;

#define EVENT_MAX_TILES 9

typedef struct EventFeatureStart {
    EventType type;
    uint16_t free_left;
    uint16_t extra_left;
    /* a pick before free spins (ntiles 0: none): the tile the player chose, the symbol each
     * tile hides (the chosen one hides `expanding`, drawn by the round's RNG) */
    uint8_t ntiles, choice, expanding;
    uint8_t tiles[EVENT_MAX_TILES];
} EventFeatureStart;

typedef struct EventFeatureEnd {
    EventType type;
    uint16_t spins_played;
    Money total_win; /* won in the feature's spins (free and extra) */
} EventFeatureEnd;

typedef struct EventRoundEnd {
    EventType type;
    Money total_win;
    int64_t total_bonuses; /* won in Bonuses */
} EventRoundEnd;

/* Amounts in two currencies: money (minor units) and Bonuses (a game's second, integer unit;
 * always 0 in a game that has none, GameRules.bonuses). */
typedef struct EventHold {
    EventType type;
    uint32_t reels; /* bit c: reel c is held */
} EventHold;

#define EVENT_OFF 0xff /* no position: a row or reel off the screen, no choice yet, no rung */

/* What losing a risk gives: nothing (up or nothing), the next lower prize (a seesaw), or
 * the prize's worth in the game's second unit (up or Bonuses). */
typedef enum RiskLoss { RISK_LOSES_ALL, RISK_FALLS, RISK_TO_BONUSES, RISK_REDRAWN } RiskLoss;
/* (RISK_REDRAWN: refusing the prize shows another in its place, the refused one is gone) */

typedef struct EventPrize {
    EventType type;
    uint8_t step;    /* steps risked so far (0: the prize as won) */
    uint8_t rung;    /* its place on the game's prize ladder, from 0 (the lowest prize);
                        EVENT_OFF: a prize on no ladder */
    uint8_t lose_to; /* RiskLoss: what risking it and losing gives */
    uint8_t fraction; /* a prize played in fractions: this one's number, from 1 (0: whole) */
    Money amount;
    int64_t bonuses;
    Money rest;      /* with fraction: what is still to be played after this fraction */
    Money kept;      /* with fraction: what the player has taken so far */
} EventPrize;

typedef struct EventRisk {
    EventType type;
    uint8_t won;     /* 1: up the ladder, 0: down (or lost) */
    uint8_t step;    /* the ladder's step now */
    uint8_t rung;    /* the prize's place on the ladder now (EVENT_OFF: the prize was lost) */
    uint8_t lose_to; /* RiskLoss: what the next risk gives when lost */
    Money amount;    /* the prize now */
    int64_t bonuses; /* Bonuses the loss gave */
} EventRisk;

#define EVENT_MAX_OPTIONS 16

/* What an option hid besides (or instead of) a prize: a label that ends the picking. */
typedef enum PickLabel { PICK_PRIZE, PICK_STOP, PICK_STOP_DOUBLE, PICK__COUNT } PickLabel;

/* A pick of one of n: offered (choice EVENT_OFF: the options' prizes as shown before they
 * are shuffled and covered), then chosen (what each option hid: the chosen one is won; an
 * option not yet uncovered shows 0). */
typedef struct EventPick {
    EventType type;
    uint8_t noptions, choice;
    uint8_t game; /* the minigame it is a choice of (its GameNames.minigame index; 0: none) */
    Money amount[EVENT_MAX_OPTIONS];
    int64_t bonuses[EVENT_MAX_OPTIONS];
    uint8_t label[EVENT_MAX_OPTIONS]; /* PickLabel */
} EventPick;

/* Why a prize was collected: the player took it, or the game did: the maximum prize was
 * reached, or the Bonuses held passed their cap (no Double or Bonuses then); or the player
 * accepted it. */
typedef enum CollectCause { COLLECT_TAKEN, COLLECT_MAX_PRIZE, COLLECT_BONUS_CAP, COLLECT_ACCEPTED,
                            COLLECT__COUNT } CollectCause;
/* (COLLECT_ACCEPTED: the player accepted a minigame's offer, in place of a redrawn one) */

typedef struct EventCollect {
    EventType type;
    uint8_t rung; /* the prize's place on the ladder */
    uint8_t cause; /* CollectCause */
    Money amount;
    int64_t bonuses;
} EventCollect;

/* A game's own event (like SDL's user events): its type is EVENT_OWN_FIRST + i for the i-th
 * of its rules module's EventClasses (GameRules.events), and its struct, which starts with
 * `EventType type` as every member here does, lives in the game's own header with typed
 * accessors; it must fit in EventOwn (a game's header static_asserts it). Type numbers are
 * the game's own: an event is read with the game that emitted it. */
#define EVENT_OWN_MAX 248
typedef struct EventOwn {
    EventType type;
    uint8_t data[EVENT_OWN_MAX];
} EventOwn;

typedef union Event {
    EventType type;
    EventRoundStart round_start;
    EventScreen screen;
    EventWin win;
    EventFeatureAward award;
    EventFeatureStart feature_start;
    EventFeatureEnd feature_end;
    EventRoundEnd round_end;
    EventHold hold;
    EventPrize prize;
    EventRisk risk;
    EventPick pick;
    EventCollect collect;
    EventOwn own;
} Event;

struct GameDef;
struct Buf;
struct cJSON;

/* What a rules module says of each of its own event types: its name (the JSON "type"), the
 * size of its struct, and its writers: its JSON fields after "type" (NULL: none) and
 * slotsim's text lines (NULL: none). */
typedef struct EventClass {
    const char *name;
    size_t size;
    void (*to_json)(struct cJSON *o, const Event *ev, const struct GameDef *def);
    void (*round_text)(const Event *ev, const struct GameDef *def, struct Buf *out);
} EventClass;

/* The class of a game's own event type (NULL for a shared type or one the game lacks). */
const EventClass *event_class(const struct GameDef *def, EventType t);
/* The name of a shared event type ("?" for any other); event_name() also a game's own. */
const char *event_type_name(EventType t);
const char *event_name(const struct GameDef *def, EventType t);
const char *event_win_name(WinKind k);
/* A game's name for a spin kind or feature (GameNames, games.h; "?" when it has none). */
const char *event_spin_name(const struct GameDef *def, SpinKind s);
const char *event_feature_name(const struct GameDef *def, Feature f);
const char *event_minigame_name(const struct GameDef *def, unsigned game);
/* What a win is of, for people: its symbol's name (or id, when `id`), or the name the game
 * gives its combination of mixed symbols. */
const char *event_win_of(const struct GameDef *def, const EventWin *w, bool id);

/* One event as a JSON object (symbol ids and kinds named by the game, cells as [row, reel]
 * pairs; the counters of spins left for each kind the game has, "<kind>_left"), built with
 * cJSON: event_json() gives the object (the caller owns it), event_to_json() appends it
 * printed on one line. */
struct cJSON *event_json(const Event *ev, const struct GameDef *def);
void event_to_json(const Event *ev, const struct GameDef *def, struct Buf *out);
/* For the writers of events, the shared and a game's own (event_write.c): a symbol's id ("" for none), and one cell as [row, reel]
 * (null when it is off the screen, EVENT_OFF). */
const char *event_symbol_id(const struct GameDef *def, uint8_t s);
void event_put_cell(struct cJSON *o, const char *key, uint8_t row, uint8_t reel);
/* A screen as rows of symbol ids; cells as a list of [row, reel]; the set bits of a small
 * mask as a list of indices (the caller owns each). */
struct cJSON *event_screen_cjson(const Grid *g, const struct GameDef *def);
struct cJSON *event_cells_json(CellMask cells);
struct cJSON *event_bits_json(unsigned bits, int n);
/* Money as "-12.34" (sign, units, two decimals). */
void event_money_str(Money v, char *out, size_t size);
/* A screen as rows top to bottom of symbol ids. */
void event_screen_json(const Grid *g, const struct GameDef *def, struct Buf *out);

#endif
