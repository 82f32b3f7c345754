/* fruit.h - the fruit machine scene: a Spanish B-type game of three reels with holds,
 * advances, risk ladders and a pick (the kind "fruit" in a game's theme). */
#ifndef SLOTCAB_FRUIT_H
#define SLOTCAB_FRUIT_H

#include "app.h"

/* Fills *out with the scene of game `game_id`, or returns -1 with err. */
int fruit_create(App *a, const char *game_id, Scene *out, Error *err);

#endif
