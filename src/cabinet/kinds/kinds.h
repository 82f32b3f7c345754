/* kinds.h - the kinds of play the video slot shows, each a view behind SlotKind (see
 * slot_priv.h): kinds.c finds one by the name a theme gives. */
#ifndef SLOTCAB_KINDS_H
#define SLOTCAB_KINDS_H

#include "lang.h"
#include "slot_priv.h"

extern const SlotKind kind_lines, kind_clusters, kind_ways;

/* betpanel.c: the panel of a game with one bet (a grid game's, a ways game's), its art
 * starting at BETPANEL_Y; the kinds' SlotKind hooks for it */
#define BETPANEL_Y 875
int betpanel_backdrop(const Slot *s, GfxLayer *l, int n);
int betpanel_load_art(Slot *s, Error *err);
void betpanel_layout(Slot *s, const char *auto_label);
void betpanel_update_buttons(Slot *s, bool idle);
SDL_FRect betpanel_draw(Slot *s);
/* The paytable's text column, inside its window. */
#define KIND_PAGE_LEFT 200.0f
#define KIND_PAGE_RIGHT 1720.0f
/* One line of font f in the box {x, y, w, a line's height}: its top at y. */
GfxFit kind_line_in(Slot *s, GfxFont f, float x, float y, float w, GfxAlign align, SDL_Color c,
                    bool shadow, const char *text);
/* A paragraph wrapped into the column {x, y, w} above `bottom`; returns where the next starts. */
float kind_para(Slot *s, GfxFont f, float x, float y, float w, float bottom, SDL_Color c,
                const char *text);

/* The kind named `name`, or NULL. */
const SlotKind *kinds_find(const char *name);
/* The kinds' names, ", " between them, for messages. */
void kinds_names(char *out, size_t size);

#endif
