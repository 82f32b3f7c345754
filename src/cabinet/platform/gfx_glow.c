/* gfx_glow.c - stills: what the output shows, kept once and drawn again as one plain copy.
 *
 * A celebration dims the whole canvas and draws its light over it for seconds while nothing
 * under it moves; a feature's banner veils the reels. Blending a veil over 1920x1080 pixels
 * every frame costs the software renderer several frames' worth; a still costs one read of
 * the output (or of a part of it) when the moment begins, and then a copy (no blending)
 * each frame. While the layout is recorded nothing is
 * kept: every frame is drawn in full, so every string under the dim is seen. */
#include "gfx_glow.h"
#include "gfx_priv.h"

#include <math.h>

void gfx_still_free(GfxStill *st)
{
    if (st->tex)
        SDL_DestroyTexture(st->tex);
    *st = (GfxStill){0};
}

bool gfx_still_show(Gfx *g, GfxStill *st, uint64_t key)
{
    if (!st->tex || !st->valid || st->key != key || st->generation != g->generation || st->out_w != g->out_w ||
        st->out_h != g->out_h || g->recording || g->clipped)
        return false;
    gfx_q_copy_i(g, st->tex, NULL, &(SDL_Rect){st->x, st->y, st->w, st->h});
    return true;
}

/* Each pixel's colour times keep/256, opaque: w x h pixels, rows `pitch` bytes apart. */
static void darken(Uint8 *px, int w, int h, int pitch, Uint32 keep)
{
    for (int y = 0; y < h; y++) {
        Uint32 *row = (Uint32 *)(px + (size_t)y * (size_t)pitch);
        for (int i = 0; i < w; i++) {
            const Uint32 p = row[i];
            const Uint32 rb = ((p & 0xff00ffu) * keep >> 8) & 0xff00ffu, gg = ((p & 0xff00u) * keep >> 8) & 0xff00u;
            row[i] = 0xff000000u | rb | gg;
        }
    }
}

bool gfx_still_take(Gfx *g, GfxStill *st, uint64_t key, const SDL_FRect *area, float dim)
{
    if (g->recording || g->clipped)
        return false;
    SDL_Rect r = {0, 0, g->out_w, g->out_h};
    if (area) { /* every output pixel it touches (what stands still round it is kept too) */
        r.x = (int)floorf(g->ox + area->x * g->scale);
        r.y = (int)floorf(g->oy + area->y * g->scale);
        r.w = (int)ceilf(g->ox + (area->x + area->w) * g->scale) - r.x;
        r.h = (int)ceilf(g->oy + (area->y + area->h) * g->scale) - r.y;
    }
    if (r.w <= 0 || r.h <= 0)
        return false;
    if (!st->tex || st->w != r.w || st->h != r.h) {
        gfx_still_free(st);
        /* streaming: the output is read straight into it, kept from one take to the next
         * (a new 8 MB buffer each time cost a frame its page faults) */
        st->tex = SDL_CreateTexture(g->r, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_STREAMING, r.w, r.h);
        if (!st->tex)
            return false;
        SDL_SetTextureBlendMode(st->tex, SDL_BLENDMODE_NONE);
    }
    st->x = r.x;
    st->y = r.y;
    st->w = r.w;
    st->h = r.h;
    gfx_damage_flush(g); /* what the output shows now, drawn */
    gfx_q_touch(g, st->tex);
    void *px;
    int pitch;
    if (SDL_LockTexture(st->tex, NULL, &px, &pitch)) {
        st->valid = false;
        return false;
    }
    const bool ok = SDL_RenderReadPixels(g->r, &r, SDL_PIXELFORMAT_ARGB8888, px, pitch) == 0;
    if (ok && dim > 0)
        darken(px, r.w, r.h, pitch, (Uint32)((1 - dim) * 256));
    SDL_UnlockTexture(st->tex);
    st->valid = ok;
    st->key = key;
    st->generation = g->generation;
    st->out_w = g->out_w;
    st->out_h = g->out_h;
    if (ok && dim > 0)
        gfx_q_copy_i(g, st->tex, NULL, &r);
    return ok;
}
