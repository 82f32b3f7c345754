/* slot.h - the video slot scene: one game, drawn by the view of its kind (lines, clusters). */
#ifndef SLOTCAB_SLOT_H
#define SLOTCAB_SLOT_H

#include "app.h"

int slot_create(App *a, const char *game_id, Scene *out, Error *err);

#endif
