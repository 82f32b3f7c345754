/* ways_priv.h - shared by the ways kind's two files: ways.c (what it keeps of the events, its
 * panel, banners, paytable and rules) and ways_draw.c (what it draws on and around the
 * reels). ways.c names ways_draw.c's hooks in its SlotKind; ways_draw.c calls nothing of
 * ways.c. */
#ifndef SLOTCAB_WAYS_PRIV_H
#define SLOTCAB_WAYS_PRIV_H

#include "kinds.h"
#include "ways_play.h" /* the play kind's state and its moments' lengths */

/* the kind's own pictures, in Slot.kind_art */
enum { WAYS_ART_TOMBSTONE, WAYS_ART_SLASH, WAYS_ART_TRAIL, WAYS_ART_FIGHTER /* ..+2: the wilds, large */ };
#define WAYS_FIGHTERS 3         /* the game's wilds drawn large in a battle (Slot.kind_art has 8) */
#define WAYS_BATTLE_ZOOM 1.75f  /* their size there, in cells */

/* The boxes beside the reels and the ways plate above them. */
#define WAYS_BOX_L ((SDL_FRect){30, 300, 250, 300})
#define WAYS_BOX_R ((SDL_FRect){1640, 300, 250, 300})
#define WAYS_PLATE ((SDL_FRect){700, 28, 520, 128})

/* ways_draw.c: SlotKind hooks */
/* A symbol's picture for the battle's stage and the zoom it was rasterized at (a wild: its
 * large picture, WAYS_BATTLE_ZOOM; else its cell's, 1). */
GfxImage ways_fighter_art(const Slot *s, int sym, float *scale);
void ways_draw_surround(Slot *s);
void ways_draw_on_reels(Slot *s);
void ways_draw_win(Slot *s, const EventWin *w);
void ways_draw_feature(Slot *s);
void ways_draw_side(Slot *s);

/* ways_recall.c: the recall's line for one of the game's own events (false: not one) */
bool ways_event_line(const Slot *s, const Event *e, char *t, size_t size);

#endif
