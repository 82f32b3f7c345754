/* kind_game.h - a video slot that lives only in tests/, with a kind of play of its own: its
 * rules module (kind_game.c, registered by the test that plays it:
 * games_register(&kind_game_rules)) and its play-side kind (kind_play.c), which the timeline
 * (src/cabinet/core/slot_play.c) plays with no view of the cabinet's. Its game file is
 * tests/data/games/kind-test/game.json. */
#ifndef SLOTCAB_KIND_GAME_H
#define SLOTCAB_KIND_GAME_H

#include "games.h"
#include "slot_play.h"

extern const GameRules kind_game_rules;

/* The play kind: each coin that turns is a moment of KIND_COIN_TICKS on the reels. */
#define KIND_COIN_TICKS 12

typedef struct KindPlay {
    int coins; /* coins turned in this round, as shown */
} KindPlay;

extern const SlotPlayKind kind_play_kind;

#endif
