/* kind_game.h - a video slot that lives only in tests/, with a kind of play of its own: its
 * rules module (kind_game.c, registered by the test that plays it:
 * games_register(&kind_game_rules)) and its play-side kind (kind_play.c), which the timeline
 * (src/cabinet/core/slot_play.c) plays with no view of the cabinet's. Its game file is
 * tests/data/games/kind-test/game.json. */
#ifndef SLOTCAB_KIND_GAME_H
#define SLOTCAB_KIND_GAME_H

#include "games.h"
#include "slot_play.h"

#include <assert.h>

extern const GameRules kind_game_rules;

/* The kind's own event, as a game outside the engine adds one: no shared enum or union grows.
 * It is an EventOwn (event.h) of the first own type, described by kind_game_rules.events
 * (its JSON "type" is "coin"): a coin on the screen turned into a paying symbol. */
typedef struct KindCoin {
    EventType type;
    uint8_t reel;
    uint8_t from, to; /* symbols */
} KindCoin;
#define KIND_EVENT_COIN ((EventType)EVENT_OWN_FIRST)
static_assert(sizeof(KindCoin) <= sizeof(EventOwn), "KindCoin fits in EventOwn");
static inline const KindCoin *kind_coin(const Event *e)
{
    return e->type == KIND_EVENT_COIN ? (const KindCoin *)e : NULL;
}

/* The play kind: each coin that turns is a moment of KIND_COIN_TICKS on the reels. */
#define KIND_COIN_TICKS 12

typedef struct KindPlay {
    int coins; /* coins turned in this round, as shown */
} KindPlay;

extern const SlotPlayKind kind_play_kind;

#endif
