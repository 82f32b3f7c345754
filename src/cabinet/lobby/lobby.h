/* lobby.h - the lobby scene: a tile per game; a click opens it. */
#ifndef SLOTCAB_LOBBY_H
#define SLOTCAB_LOBBY_H

#include "app.h"

int lobby_create(App *a, Scene *out, Error *err);

#endif
