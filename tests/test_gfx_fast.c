/* test_gfx_fast.c - the headless output's fast draws (src/cabinet/platform/gfx_fast.c) give
 * SDL's pixels, byte for byte: a blended fill as the software renderer's
 * (SDL_RenderFillRect, blend mode BLEND), and a modulated blit as SDL_LowerBlit's (blend
 * mode BLEND with an alpha and a colour modulation), for every alpha and modulation, every
 * source alpha, random colours, and widths that leave a tail after the four-pixel steps; and
 * a part of a picture stretched as SDL stretches it alone. */
#include "gfx_priv.h"
#include "test.h"

#include <SDL.h>

#define W 259 /* 64 steps of four and a tail of three */
#define H 256

static uint64_t rng_state;

static Uint32 next(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (Uint32)rng_state;
}

static SDL_Surface *surface(void)
{
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, W, H, 32, SDL_PIXELFORMAT_ARGB8888);
    if (!s)
        abort();
    return s;
}

/* Every destination value in each channel (row y has y in the alpha byte, column x's low
 * byte in the others), or random pixels. */
static void paint(SDL_Surface *s, bool sweep)
{
    for (int y = 0; y < H; y++) {
        Uint32 *p = (Uint32 *)((Uint8 *)s->pixels + y * s->pitch);
        for (int x = 0; x < W; x++)
            p[x] = sweep ? ((Uint32)y << 24 | ((Uint32)(x & 255) * 0x010101u ^ (next() & 0x00F0F0F0u))) : next();
    }
}

static void same(SDL_Surface *to, const SDL_Surface *from)
{
    memcpy(to->pixels, from->pixels, (size_t)from->pitch * H);
}

static long differ(const SDL_Surface *a, const SDL_Surface *b, SDL_Rect *first)
{
    long n = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            Uint32 pa = ((const Uint32 *)((const Uint8 *)a->pixels + y * a->pitch))[x];
            Uint32 pb = ((const Uint32 *)((const Uint8 *)b->pixels + y * b->pitch))[x];
            if (pa != pb && n++ == 0)
                *first = (SDL_Rect){x, y, (int)pa, (int)pb};
        }
    return n;
}

/* gfx_fast_fill against the software renderer's blended fill: all 256 alphas over every
 * destination value, then random colours on random pixels in random rectangles. */
static void test_fill_is_sdls(void)
{
    SDL_Surface *sdl = surface(), *mine = surface();
    SDL_Renderer *r = SDL_CreateSoftwareRenderer(sdl);
    CHECK(r != NULL);
    rng_state = test_seed() | 1;
    long bad = 0;
    for (int t = 0; t < 512 && r; t++) {
        paint(sdl, t < 256);
        same(mine, sdl);
        SDL_Color c = {(Uint8)next(), (Uint8)next(), (Uint8)next(), (Uint8)(t < 256 ? (Uint32)t : next())};
        SDL_Rect rect = {0, 0, W, H};
        if (t >= 256) {
            rect.x = (int)(next() % W);
            rect.y = (int)(next() % H);
            rect.w = 1 + (int)(next() % (Uint32)(W - rect.x));
            rect.h = 1 + (int)(next() % (Uint32)(H - rect.y));
        }
        SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
        SDL_SetRenderDrawColor(r, c.r, c.g, c.b, c.a);
        SDL_RenderFillRect(r, &rect);
        SDL_RenderFlush(r);
        gfx_fast_fill(mine, rect, c);
        SDL_Rect at = {0, 0, 0, 0};
        long n = differ(sdl, mine, &at);
        if (n && !bad)
            fprintf(stderr, "fill (%d,%d,%d,%d) at %d,%d: SDL %08x, fast %08x\n", c.r, c.g, c.b, c.a, at.x, at.y,
                    (unsigned)at.w, (unsigned)at.h);
        bad += n;
    }
    CHECK_EQ_INT(bad, 0);
    SDL_DestroyRenderer(r);
    SDL_FreeSurface(sdl);
    SDL_FreeSurface(mine);
}

/* gfx_fast_blend against SDL_LowerBlit with a modulation: every alpha modulation below 255
 * over a sweep of source alphas, then random ones on random pixels; then the same with
 * random colour modulations (alpha 255 among them), as text is drawn tinted and faded; a
 * third of them from a part of the source onto a part of the destination. */
static void test_blend_is_sdls(void)
{
    SDL_Surface *src = surface(), *sdl = surface(), *mine = surface();
    rng_state = test_seed() * 3 | 1;
    long bad = 0;
    for (int t = 0; t < 1020; t++) {
        const int k = t % 510;
        SDL_Color mod = {255, 255, 255, (Uint8)(k < 255 ? (Uint32)k : next() % 255)};
        if (t >= 510) { /* a colour too; every fourth at alpha 255 */
            mod = (SDL_Color){(Uint8)next(), (Uint8)next(), (Uint8)next(), mod.a};
            mod.a = t % 4 ? mod.a : 255;
        }
        paint(src, false);
        if (k < 255) /* every source alpha: column x's */
            for (int y = 0; y < H; y++)
                for (int x = 0; x < W; x++) {
                    Uint32 *p = (Uint32 *)((Uint8 *)src->pixels + y * src->pitch) + x;
                    *p = (*p & 0x00FFFFFFu) | (Uint32)(x & 255) << 24;
                }
        paint(sdl, k < 255);
        same(mine, sdl);
        SDL_SetSurfaceBlendMode(src, SDL_BLENDMODE_BLEND);
        SDL_SetSurfaceColorMod(src, mod.r, mod.g, mod.b);
        SDL_SetSurfaceAlphaMod(src, mod.a);
        SDL_Rect from = {0, 0, W, H}, to = {0, 0, W, H};
        if (t % 3 == 2) { /* a part of the source onto a part of the destination */
            from = (SDL_Rect){(int)(next() % W), (int)(next() % H), 0, 0};
            from.w = to.w = 1 + (int)(next() % (Uint32)(W - from.x));
            from.h = to.h = 1 + (int)(next() % (Uint32)(H - from.y));
            to.x = (int)(next() % (Uint32)(W - to.w + 1));
            to.y = (int)(next() % (Uint32)(H - to.h + 1));
        }
        const SDL_Rect at_dst = to;
        SDL_LowerBlit(src, &from, sdl, &to);
        gfx_fast_blend(src, (SDL_Point){from.x, from.y}, mine, at_dst, mod);
        SDL_Rect at = {0, 0, 0, 0};
        long n = differ(sdl, mine, &at);
        if (n && !bad)
            fprintf(stderr, "blend at modulation (%d,%d,%d,%d), %d,%d: SDL %08x, fast %08x\n", mod.r, mod.g, mod.b,
                    mod.a, at.x, at.y, (unsigned)at.w, (unsigned)at.h);
        bad += n;
    }
    CHECK_EQ_INT(bad, 0);
    SDL_FreeSurface(src);
    SDL_FreeSurface(sdl);
    SDL_FreeSurface(mine);
}

/* SDL_SoftStretchLinear reads nothing outside its source rectangle: a part of a picture
 * stretched is that part alone stretched (gfx_fast.c reads back only a letter of a large
 * atlas), shrunk and grown, at random places. */
static void test_stretch_reads_its_part_only(void)
{
    SDL_Surface *whole = surface();
    rng_state = test_seed() * 5 | 1;
    long bad = 0;
    for (int t = 0; t < 200; t++) {
        paint(whole, false);
        SDL_Rect part = {(int)(next() % (W - 8)), (int)(next() % (H - 8)), 0, 0};
        part.w = 1 + (int)(next() % (Uint32)(W - part.x));
        part.h = 1 + (int)(next() % (Uint32)(H - part.y));
        const int w = 1 + (int)(next() % (2 * (Uint32)part.w + 8)), h = 1 + (int)(next() % (2 * (Uint32)part.h + 8));
        SDL_Surface *alone = SDL_CreateRGBSurfaceWithFormat(0, part.w, part.h, 32, SDL_PIXELFORMAT_ARGB8888);
        SDL_Surface *a = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888);
        SDL_Surface *b = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888);
        CHECK(alone && a && b);
        if (!alone || !a || !b)
            break;
        for (int y = 0; y < part.h; y++)
            memcpy((Uint8 *)alone->pixels + y * alone->pitch,
                   (Uint8 *)whole->pixels + (part.y + y) * whole->pitch + part.x * 4, (size_t)part.w * 4);
        CHECK(SDL_SoftStretchLinear(whole, &part, a, NULL) == 0);
        CHECK(SDL_SoftStretchLinear(alone, NULL, b, NULL) == 0);
        for (int y = 0; y < h; y++)
            bad += memcmp((Uint8 *)a->pixels + y * a->pitch, (Uint8 *)b->pixels + y * b->pitch, (size_t)w * 4) != 0;
        SDL_FreeSurface(alone);
        SDL_FreeSurface(a);
        SDL_FreeSurface(b);
    }
    CHECK_EQ_INT(bad, 0);
    SDL_FreeSurface(whole);
}

int main(int argc, char **argv)
{
    test_init(argc, argv);
    if (SDL_Init(0)) {
        fprintf(stderr, "SDL: %s\n", SDL_GetError());
        return 1;
    }
    RUN(test_fill_is_sdls);
    RUN(test_blend_is_sdls);
    RUN(test_stretch_reads_its_part_only);
    SDL_Quit();
    return test_done();
}
