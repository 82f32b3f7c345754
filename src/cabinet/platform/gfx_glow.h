/* gfx_glow.h - stills (gfx_glow.c): the output as drawn so far, darkened and kept, then drawn
 * again as one plain copy while what is under a long moment (a celebration) stands still. */
#ifndef SLOTCAB_GFX_GLOW_H
#define SLOTCAB_GFX_GLOW_H

#include "gfx.h"

typedef struct GfxStill {
    SDL_Texture *tex;
    int x, y, w, h;       /* where it is, in output pixels */
    int out_w, out_h;     /* the output's size when it was taken */
    uint64_t key;         /* what it shows (the caller's name for it) */
    unsigned generation;  /* the output's, when it was taken */
    bool valid;
} GfxStill;

/* Draws the still where it was taken when it was taken for `key` (and the output has not
 * changed since); false otherwise, and always while the layout is recorded. */
bool gfx_still_show(Gfx *g, GfxStill *st, uint64_t key);
/* Keeps what the output shows now in `area` (logical; NULL: all of it), darkened by `dim`
 * (0 none .. 1 black: then shown darkened at once), for `key`; false (nothing kept) while
 * recording or when out of memory. */
bool gfx_still_take(Gfx *g, GfxStill *st, uint64_t key, const SDL_FRect *area, float dim);
void gfx_still_free(GfxStill *st);

#endif
