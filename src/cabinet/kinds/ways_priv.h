/* ways_priv.h - shared by the ways kind's two files: ways.c (what it keeps of the events, its
 * panel, banners, paytable and rules) and ways_draw.c (what it draws on and around the
 * reels). ways.c names ways_draw.c's hooks in its SlotKind; ways_draw.c calls nothing of
 * ways.c. */
#ifndef SLOTCAB_WAYS_PRIV_H
#define SLOTCAB_WAYS_PRIV_H

#include "kinds.h"

/* the kind's own pictures, in Slot.kind_art */
enum { WAYS_ART_TOMBSTONE, WAYS_ART_SLASH, WAYS_ART_TRAIL, WAYS_ART_PLATE_SYM };

/* Lengths of the events shown on the reels (PH_ACTION), in ticks. */
#define WAYS_COUNT_TICKS 36    /* the ways count counting up */
#define WAYS_ATTACK_TICKS 30   /* a walker leaning into its neighbour */
#define WAYS_SLICE_TICKS 54    /* a cut: the streak, the tombstone rising */
#define WAYS_STRIKE_TICKS 84   /* Sudden Death: lightning, then the tombstone */
#define WAYS_BATTLE_TICKS 100  /* a battle and its outcome */
#define WAYS_WALK_TICKS 40     /* one reel to the left */
#define WAYS_JUMP_TICKS 52     /* an arc to any cell */
#define WAYS_SHORT_TICKS 26    /* pushed aside, or off the screen */
#define WAYS_TRANSFORM_TICKS 64
#define WAYS_SPAWN_TICKS 64
#define WAYS_CAP_TICKS 260

/* The boxes beside the reels and the ways plate above them. */
#define WAYS_BOX_L ((SDL_FRect){30, 300, 250, 300})
#define WAYS_BOX_R ((SDL_FRect){1640, 300, 250, 300})
#define WAYS_PLATE ((SDL_FRect){700, 28, 520, 128})

/* ways_draw.c: SlotKind hooks */
void ways_draw_surround(Slot *s);
void ways_draw_on_reels(Slot *s);
void ways_draw_win(Slot *s, const EventWin *w);
void ways_draw_feature(Slot *s);
void ways_draw_side(Slot *s);

#endif
