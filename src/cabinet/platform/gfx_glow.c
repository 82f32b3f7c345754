/* gfx_glow.c - stills: what the output shows, kept once and drawn again as one plain copy.
 *
 * A celebration dims the whole canvas and draws its light over it for seconds while nothing
 * under it moves. Blending a veil over 1920x1080 pixels every frame costs the software
 * renderer several frames' worth; a still costs one read of the output when the moment
 * begins, and then a copy (no blending) each frame. While the layout is recorded nothing is
 * kept: every frame is drawn in full, so every string under the dim is seen. */
#include "gfx_glow.h"
#include "gfx_priv.h"

#include <stdlib.h>

void gfx_still_free(GfxStill *st)
{
    if (st->tex)
        SDL_DestroyTexture(st->tex);
    *st = (GfxStill){0};
}

bool gfx_still_show(Gfx *g, GfxStill *st, uint64_t key)
{
    if (!st->tex || !st->valid || st->key != key || st->generation != g->generation || st->w != g->out_w ||
        st->h != g->out_h || g->recording || g->clipped)
        return false;
    SDL_RenderCopy(g->r, st->tex, NULL, &(SDL_Rect){0, 0, st->w, st->h});
    return true;
}

/* Each pixel's colour times keep/256, opaque. */
static void darken(Uint32 *px, int n, Uint32 keep)
{
    for (int i = 0; i < n; i++) {
        const Uint32 p = px[i];
        const Uint32 rb = ((p & 0xff00ffu) * keep >> 8) & 0xff00ffu, gg = ((p & 0xff00u) * keep >> 8) & 0xff00u;
        px[i] = 0xff000000u | rb | gg;
    }
}

bool gfx_still_take(Gfx *g, GfxStill *st, uint64_t key, float dim)
{
    if (g->recording || g->clipped)
        return false;
    const int w = g->out_w, h = g->out_h;
    if (!st->tex || st->w != w || st->h != h) {
        gfx_still_free(st);
        st->tex = SDL_CreateTexture(g->r, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_STATIC, w, h);
        if (!st->tex)
            return false;
        SDL_SetTextureBlendMode(st->tex, SDL_BLENDMODE_NONE);
        st->w = w;
        st->h = h;
    }
    Uint32 *px = malloc((size_t)w * (size_t)h * sizeof *px);
    if (!px || SDL_RenderReadPixels(g->r, NULL, SDL_PIXELFORMAT_ARGB8888, px, w * 4)) {
        free(px);
        st->valid = false;
        return false;
    }
    darken(px, w * h, (Uint32)((1 - dim) * 256));
    const bool ok = SDL_UpdateTexture(st->tex, NULL, px, w * 4) == 0;
    free(px);
    st->valid = ok;
    st->key = key;
    st->generation = g->generation;
    if (ok)
        SDL_RenderCopy(g->r, st->tex, NULL, &(SDL_Rect){0, 0, w, h});
    return ok;
}
