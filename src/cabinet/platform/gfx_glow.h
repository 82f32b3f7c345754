/* gfx_glow.h - stills (gfx_glow.c): the output as drawn so far, darkened and kept, then drawn
 * again as one plain copy while what is under a long moment (a celebration) stands still. */
#ifndef SLOTCAB_GFX_GLOW_H
#define SLOTCAB_GFX_GLOW_H

#include "gfx.h"

typedef struct GfxStill {
    SDL_Texture *tex;
    int w, h;             /* output pixels */
    uint64_t key;         /* what it shows (the caller's name for it) */
    unsigned generation;  /* the output's, when it was taken */
    bool valid;
} GfxStill;

/* Draws the still over the whole output when it was taken for `key` (and the output has not
 * changed since); false otherwise, and always while the layout is recorded. */
bool gfx_still_show(Gfx *g, GfxStill *st, uint64_t key);
/* Keeps what the output shows now, darkened by `dim` (0 none .. 1 black), for `key`, and
 * shows it; false (nothing kept, nothing drawn) while recording or when out of memory. */
bool gfx_still_take(Gfx *g, GfxStill *st, uint64_t key, float dim);
void gfx_still_free(GfxStill *st);

#endif
