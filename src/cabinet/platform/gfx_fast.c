/* gfx_fast.c - the headless output's slow draws made faster, to the same pixels.
 *
 * Three draws of the software renderer cost several nanoseconds a pixel: a filled rectangle
 * that blends (a dim, a win line), a copy whose colour or alpha is modulated (a fade, tinted
 * letters), and a scaled copy that blends (a symbol pulsing in the win show, letters shrunk
 * to fit), which is a stretch into a new surface (SDL_SoftStretchLinear) and then a blended
 * blit of it. Here:
 *
 * - blended fills and modulated blits are SSE2 loops with SDL's own arithmetic
 *   (SDL_BlendFillRect's and the generated Modulate_Blend blitter's: each product divided
 *   by 255, truncated), checked against SDL pixel for pixel by tests/test_gfx_fast.c; an
 *   unmodulated blended blit stays SDL's (another blitter, other arithmetic);
 * - what they draw from is kept in a small cache: a scaled copy's stretch, since a pulse
 *   draws the same few sizes of the same few pictures frame after frame, stretched by the
 *   same SDL call from the picture's own pixels; and a modulated copy's part at its size
 *   (a letter of an atlas: FAST_LETTER). Those the renderer keeps out of reach: each
 *   picture, or of a large one (an atlas) each part, is read back once per version of its
 *   content (copied unblended into a target texture, and read). The least recently used
 *   goes first, but a stretch or part used in the last FAST_FRESH frames is not let go for a
 *   new one: a pulse cycles through more sizes than fit, and least recently used first
 *   would then keep none.
 *
 * Only a scaled copy that its clip and the output do not cut is taken here (a cut one is
 * stretched from the part left, as the renderer does: it goes to the renderer); a copy at
 * its size is blended within its clip. Only onto the output itself. tests/test_damage.py
 * draws every frame both ways (SLOTCAB_FULL_FRAMES=1 leaves this file out) and compares
 * them byte for byte. */
#include "gfx_priv.h"

#include <stdlib.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#define FAST_ENTRIES 512           /* kept surfaces: read-back pictures, parts and stretches */
#define FAST_PIXELS (2048 * 1024)  /* their pixels at most (8 MB) */
#define FAST_KEPT (400 * 400)      /* a stretch larger (a plate zooming in: each size once)
                                    * is made each time, not kept */
#define FAST_PICTURE (1024 * 512)  /* a picture larger is read back only in parts */
#define FAST_LETTER 256            /* a modulated copy at its size this large (a letter) is
                                    * blended here; a smaller one costs SDL less than finding
                                    * it here */
#define FAST_FRESH 40              /* frames: a stretch or part used within them is not let
                                    * go for a new one (a pulse's cycle is 30 frames) */

/* What of a picture an entry holds: its pixels (all zero), a part's (src, w x h its size),
 * or a part stretched to w x h (stretched). */
typedef struct FastKey {
    bool stretched;
    SDL_Rect src;
    int w, h;
} FastKey;

typedef struct FastEntry {
    SDL_Texture *tex;     /* the picture */
    uint32_t version;     /* its content's version (gfx_damage.c) */
    unsigned generation;  /* the art's (rasterized again: every texture new) */
    FastKey key;
    SDL_Surface *s;
    uint64_t used;
    uint32_t frame;       /* the frame it was last used in */
} FastEntry;

struct GfxFast {
    FastEntry e[FAST_ENTRIES];
    int n;
    long pixels;
    uint64_t clock;
    SDL_Surface *scratch; /* a stretch not kept */
};

/* ---- SDL's arithmetic, eight channels at a time -------------------------------------- */
#ifdef __SSE2__
static inline __m128i div255(__m128i x) /* x / 255, truncated, for any 16-bit x: x * 0x8081 >> 23 */
{
    return _mm_srli_epi16(_mm_mulhi_epu16(x, _mm_set1_epi16((short)0x8081)), 7);
}

/* two ARGB8888 pixels (B, G, R, A in 16-bit lanes): d' = d * (255 - a) / 255 + add */
static inline __m128i fill2(__m128i d, __m128i inva, __m128i add)
{
    return _mm_add_epi16(div255(_mm_mullo_epi16(d, inva)), add);
}

/* two pixels of src over two of dst, src's colour modulated by cmod (B, G, R lanes; 255
 * in A's) when `colour`, its alpha by mod (all lanes) */
static inline __m128i blend2(__m128i s, __m128i d, __m128i mod, __m128i cmod, bool colour)
{
    const __m128i alpha_lanes = _mm_set_epi16(-1, 0, 0, 0, -1, 0, 0, 0);
    if (colour)
        s = div255(_mm_mullo_epi16(s, cmod));
    __m128i a = _mm_shufflehi_epi16(_mm_shufflelo_epi16(s, 0xFF), 0xFF);
    a = div255(_mm_mullo_epi16(a, mod));
    __m128i sc = div255(_mm_mullo_epi16(s, a));
    sc = _mm_or_si128(_mm_andnot_si128(alpha_lanes, sc), _mm_and_si128(alpha_lanes, a));
    return _mm_add_epi16(sc, div255(_mm_mullo_epi16(_mm_sub_epi16(_mm_set1_epi16(255), a), d)));
}
#endif

static inline Uint32 fill1(Uint32 q, unsigned inva, const unsigned add[4])
{
    Uint32 out = 0;
    for (int c = 0; c < 4; c++)
        out |= (((q >> (8 * c) & 255) * inva / 255 + add[c]) & 255) << (8 * c);
    return out;
}

static inline Uint32 blend1(Uint32 p, Uint32 q, SDL_Color m)
{
    const unsigned cm[3] = {m.b, m.g, m.r};
    const unsigned sa = (p >> 24) * m.a / 255, inv = 255 - sa;
    Uint32 out = (sa + (q >> 24) * inv / 255) << 24;
    for (int c = 0; c < 3; c++)
        out |= ((p >> (8 * c) & 255) * cm[c] / 255 * sa / 255 + (q >> (8 * c) & 255) * inv / 255) << (8 * c);
    return out;
}

void gfx_fast_fill(SDL_Surface *s, SDL_Rect r, SDL_Color c)
{
    const unsigned inva = 255u - c.a;
    const unsigned add[4] = {c.b * c.a / 255u, c.g * c.a / 255u, c.r * c.a / 255u, c.a};
    for (int y = r.y; y < r.y + r.h; y++) {
        Uint32 *p = (Uint32 *)((Uint8 *)s->pixels + (size_t)y * (size_t)s->pitch) + r.x;
        int i = 0;
#ifdef __SSE2__
        const __m128i vi = _mm_set1_epi16((short)inva), zero = _mm_setzero_si128();
        const __m128i va = _mm_set_epi16((short)add[3], (short)add[2], (short)add[1], (short)add[0],
                                         (short)add[3], (short)add[2], (short)add[1], (short)add[0]);
        for (; i + 4 <= r.w; i += 4) {
            __m128i d = _mm_loadu_si128((const __m128i *)(p + i));
            __m128i lo = fill2(_mm_unpacklo_epi8(d, zero), vi, va), hi = fill2(_mm_unpackhi_epi8(d, zero), vi, va);
            _mm_storeu_si128((__m128i *)(p + i), _mm_packus_epi16(lo, hi));
        }
#endif
        for (; i < r.w; i++)
            p[i] = fill1(p[i], inva, add);
    }
}

void gfx_fast_blend(const SDL_Surface *src, SDL_Point from, SDL_Surface *dst, SDL_Rect d, SDL_Color mod)
{
    const bool colour = mod.r != 255 || mod.g != 255 || mod.b != 255;
    for (int y = 0; y < d.h; y++) {
        const Uint32 *s = (const Uint32 *)((const Uint8 *)src->pixels + (size_t)(from.y + y) * (size_t)src->pitch) +
                          from.x;
        Uint32 *p = (Uint32 *)((Uint8 *)dst->pixels + (size_t)(d.y + y) * (size_t)dst->pitch) + d.x;
        int i = 0;
#ifdef __SSE2__
        const __m128i am = _mm_set1_epi16(mod.a), zero = _mm_setzero_si128();
        const __m128i cm = _mm_set_epi16(255, mod.r, mod.g, mod.b, 255, mod.r, mod.g, mod.b);
        for (; i + 4 <= d.w; i += 4) {
            __m128i sv = _mm_loadu_si128((const __m128i *)(s + i)), dv = _mm_loadu_si128((const __m128i *)(p + i));
            __m128i lo = blend2(_mm_unpacklo_epi8(sv, zero), _mm_unpacklo_epi8(dv, zero), am, cm, colour);
            __m128i hi = blend2(_mm_unpackhi_epi8(sv, zero), _mm_unpackhi_epi8(dv, zero), am, cm, colour);
            _mm_storeu_si128((__m128i *)(p + i), _mm_packus_epi16(lo, hi));
        }
#endif
        for (; i < d.w; i++)
            p[i] = blend1(s[i], p[i], mod);
    }
}

/* ---- kept pictures, parts and stretches ----------------------------------------------- */

/* Drawn with a colour or alpha modulation (SDL's Modulate_Blend blitter; gfx_fast_blend). */
static bool modulated(SDL_Color c)
{
    return c.r != 255 || c.g != 255 || c.b != 255 || c.a != 255;
}

static void drop(GfxFast *f, int i)
{
    f->pixels -= (long)f->e[i].s->w * f->e[i].s->h;
    SDL_FreeSurface(f->e[i].s);
    f->e[i] = f->e[--f->n];
}

void gfx_fast_free(Gfx *g)
{
    GfxFast *f = g->fast;
    if (!f)
        return;
    while (f->n)
        drop(f, f->n - 1);
    SDL_FreeSurface(f->scratch);
    free(f);
    g->fast = NULL;
}

static bool same_key(const FastEntry *e, FastKey k)
{
    return e->key.stretched == k.stretched && e->key.w == k.w && e->key.h == k.h && e->key.src.x == k.src.x &&
           e->key.src.y == k.src.y && e->key.src.w == k.src.w && e->key.src.h == k.src.h;
}

static FastEntry *find(GfxFast *f, const Gfx *g, const GfxOp *op, FastKey k)
{
    for (int i = 0; i < f->n; i++) {
        FastEntry *e = &f->e[i];
        if (e->tex == op->tex && e->version == op->version && e->generation == g->generation && same_key(e, k)) {
            e->used = ++f->clock;
            e->frame = g->dmg.frame;
            return e;
        }
    }
    return NULL;
}

/* A new entry of w x h pixels for `op`'s picture as key says, with room made for it:
 * entries of an older art out, then the least recently used, never the one whose surface is
 * `keep`, and for any but a whole picture none used in the last FAST_FRESH frames. NULL when
 * none can be had. */
static FastEntry *make_room(GfxFast *f, const Gfx *g, const GfxOp *op, FastKey k, int w, int h,
                            const SDL_Surface *keep)
{
    const bool must = !k.stretched && !k.w; /* a whole picture: stretches need it */
    const long need = (long)w * h;
    for (int i = f->n - 1; i >= 0; i--)
        if (f->e[i].generation != g->generation)
            drop(f, i);
    while (f->n == FAST_ENTRIES || (f->n && f->pixels + need > FAST_PIXELS)) {
        int old = -1;
        for (int i = 0; i < f->n; i++)
            if (f->e[i].s != keep && (old < 0 || f->e[i].used < f->e[old].used))
                old = i;
        if (old < 0 || (!must && g->dmg.frame - f->e[old].frame < FAST_FRESH))
            return NULL;
        drop(f, old);
    }
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888);
    if (!s)
        return NULL;
    FastEntry *e = &f->e[f->n++];
    *e = (FastEntry){.tex = op->tex, .version = op->version, .generation = g->generation, .key = k, .s = s,
                     .used = ++f->clock, .frame = g->dmg.frame};
    f->pixels += need;
    return e;
}

/* The pixels of `part` of op's picture into `into` (part's size): copied unblended and
 * unmodulated into a target texture of that size, and read from there. */
static bool read_back(Gfx *g, const GfxOp *op, SDL_Rect part, SDL_Surface *into)
{
    SDL_Texture *t = SDL_CreateTexture(g->r, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_TARGET, part.w, part.h);
    bool ok = t && !SDL_SetRenderTarget(g->r, t);
    if (ok) { /* the picture's own blend and modulation are put back after */
        SDL_BlendMode blend;
        Uint8 r, gr, b, a;
        SDL_GetTextureBlendMode(op->tex, &blend);
        SDL_GetTextureColorMod(op->tex, &r, &gr, &b);
        SDL_GetTextureAlphaMod(op->tex, &a);
        SDL_SetTextureBlendMode(op->tex, SDL_BLENDMODE_NONE);
        SDL_SetTextureColorMod(op->tex, 255, 255, 255);
        SDL_SetTextureAlphaMod(op->tex, 255);
        ok = !SDL_RenderCopy(g->r, op->tex, &part, NULL) &&
             !SDL_RenderReadPixels(g->r, NULL, SDL_PIXELFORMAT_ARGB8888, into->pixels, into->pitch);
        SDL_SetRenderTarget(g->r, NULL);
        SDL_SetTextureBlendMode(op->tex, blend);
        SDL_SetTextureColorMod(op->tex, r, gr, b);
        SDL_SetTextureAlphaMod(op->tex, a);
    }
    if (t)
        SDL_DestroyTexture(t);
    return ok;
}

/* The picture's pixels, read back once per version; NULL for one larger than FAST_PICTURE
 * (`*big` then says so) or on failure. */
static SDL_Surface *picture(Gfx *g, GfxFast *f, const GfxOp *op, bool *big)
{
    const FastKey whole = {false, {0, 0, 0, 0}, 0, 0};
    FastEntry *e = find(f, g, op, whole);
    *big = false;
    if (e)
        return e->s;
    Uint32 format;
    int w, h;
    if (SDL_QueryTexture(op->tex, &format, NULL, &w, &h) || format != SDL_PIXELFORMAT_ARGB8888)
        return NULL;
    if ((long)w * h > FAST_PICTURE) {
        *big = true;
        return NULL;
    }
    if (!(e = make_room(f, g, op, whole, w, h, NULL)))
        return NULL;
    if (!read_back(g, op, (SDL_Rect){0, 0, w, h}, e->s)) {
        drop(f, (int)(e - f->e));
        return NULL;
    }
    return e->s;
}

/* The source rectangle stretched to w x h, as the renderer stretches it: kept, or (larger
 * than FAST_KEPT) into the scratch surface. From the picture's pixels; of a picture too large
 * to keep (an atlas of large letters), from the source rectangle's alone, read back for the
 * stretch (SDL's stretch reads nothing outside it). */
static SDL_Surface *stretch(Gfx *g, GfxFast *f, const GfxOp *op, int w, int h)
{
    const bool keep = (long)w * h <= FAST_KEPT;
    const FastKey k = {true, op->src, w, h};
    FastEntry *e = keep ? find(f, g, op, k) : NULL;
    if (e)
        return e->s;
    bool big;
    SDL_Surface *pic = picture(g, f, op, &big), *alone = NULL, *s;
    SDL_Rect src = op->src;
    if (!pic && big && keep) {
        alone = SDL_CreateRGBSurfaceWithFormat(0, src.w, src.h, 32, SDL_PIXELFORMAT_ARGB8888);
        if (!alone || !read_back(g, op, src, alone)) {
            SDL_FreeSurface(alone);
            return NULL;
        }
        pic = alone;
        src = (SDL_Rect){0, 0, src.w, src.h};
    }
    if (!pic)
        return NULL;
    if (keep && (e = make_room(f, g, op, k, w, h, pic))) {
        s = e->s;
    } else {
        if (!f->scratch || f->scratch->w != w || f->scratch->h != h) {
            SDL_FreeSurface(f->scratch);
            f->scratch = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888);
        }
        s = f->scratch;
    }
    const bool ok = s && !SDL_SoftStretchLinear(pic, &src, s, NULL);
    SDL_FreeSurface(alone);
    if (!ok && e)
        drop(f, (int)(e - f->e));
    return ok ? s : NULL;
}

/* An unscaled part of op's picture (its source rectangle: a large letter of an atlas), read
 * back once per version; NULL if it cannot be kept. */
static SDL_Surface *part(Gfx *g, GfxFast *f, const GfxOp *op)
{
    const FastKey k = {false, op->src, op->src.w, op->src.h};
    FastEntry *e = find(f, g, op, k);
    if (e)
        return e->s;
    if (!(e = make_room(f, g, op, k, op->src.w, op->src.h, NULL)))
        return NULL;
    if (!read_back(g, op, op->src, e->s)) {
        drop(f, (int)(e - f->e));
        return NULL;
    }
    return e->s;
}

/* A modulated copy at its size of a part large enough (FAST_LETTER): blended on from the
 * part's pixels, within the clip. */
static bool fast_exact(Gfx *g, const GfxOp *op, SDL_Rect clip)
{
    Uint32 format;
    int tw, th;
    if ((long)op->src.w * op->src.h < FAST_LETTER || !modulated(op->color) ||
        SDL_QueryTexture(op->tex, &format, NULL, &tw, &th) || format != SDL_PIXELFORMAT_ARGB8888 ||
        op->src.x < 0 || op->src.y < 0 || op->src.x + op->src.w > tw || op->src.y + op->src.h > th)
        return false; /* small, unmodulated (SDL's own blend) or cut by the texture's edge */
    const SDL_Rect d = gfx_px_rect(op->dst), out = {0, 0, g->target->w, g->target->h};
    SDL_Rect in, c;
    if (!SDL_IntersectRect(&clip, &out, &in) || !SDL_IntersectRect(&d, &in, &c))
        return true; /* nothing of it shows */
    if (!g->fast && !(g->fast = calloc(1, sizeof *g->fast)))
        return false;
    SDL_Surface *s = part(g, g->fast, op);
    if (!s)
        return false;
    SDL_RenderFlush(g->r); /* what the renderer holds, drawn first */
    gfx_fast_blend(s, (SDL_Point){c.x - d.x, c.y - d.y}, g->target, c, op->color);
    return true;
}

/* A blended fill: each rectangle as the renderer makes it whole pixels (x, y, w and h
 * truncated, w and h at least 1), within the clip. */
static bool fast_fill(Gfx *g, const GfxOp *op, SDL_Rect clip)
{
    const SDL_Rect out = {0, 0, g->target->w, g->target->h};
    SDL_Rect in;
    if (!SDL_IntersectRect(&clip, &out, &in))
        return true;
    SDL_RenderFlush(g->r); /* what the renderer holds, drawn first */
    for (int i = 0; i < op->nrects; i++) {
        SDL_Rect r = gfx_px_rect(g->dmg.rects[op->rect0 + i]);
        r.w = r.w > 1 ? r.w : 1;
        r.h = r.h > 1 ? r.h : 1;
        if (SDL_IntersectRect(&r, &in, &r))
            gfx_fast_fill(g->target, r, op->color);
    }
    return true;
}

/* A scaled copy that its clip and the output do not cut: its stretch blended on. */
static bool fast_scaled(Gfx *g, const GfxOp *op, SDL_Rect clip)
{
    SDL_ScaleMode mode;
    if (SDL_GetTextureScaleMode(op->tex, &mode) || mode != SDL_ScaleModeLinear)
        return false;
    const SDL_Rect d = gfx_px_rect(op->dst); /* where the renderer puts it */
    const SDL_Rect out = {0, 0, g->target->w, g->target->h};
    SDL_Rect in;
    if (d.w <= 0 || d.h <= 0 || !SDL_IntersectRect(&clip, &out, &in) || d.x < in.x || d.y < in.y ||
        d.x + d.w > in.x + in.w || d.y + d.h > in.y + in.h)
        return false; /* cut by its clip or the output: the renderer's */
    if (!g->fast && !(g->fast = calloc(1, sizeof *g->fast)))
        return false;
    SDL_Surface *s = stretch(g, g->fast, op, d.w, d.h);
    if (!s)
        return false;
    SDL_RenderFlush(g->r); /* what the renderer holds, drawn first */
    if (modulated(op->color)) {
        gfx_fast_blend(s, (SDL_Point){0, 0}, g->target, d, op->color);
        return true;
    }
    SDL_SetSurfaceColorMod(s, 255, 255, 255); /* unmodulated: SDL's own blend, other arithmetic */
    SDL_SetSurfaceAlphaMod(s, 255);
    SDL_SetSurfaceBlendMode(s, SDL_BLENDMODE_BLEND);
    SDL_Rect from = {0, 0, d.w, d.h}, to = d;
    return !SDL_LowerBlit(s, &from, g->target, &to);
}

bool gfx_fast_op(Gfx *g, const GfxOp *op, SDL_Rect clip)
{
    if (!g->target || g->target->format->format != SDL_PIXELFORMAT_ARGB8888 || op->blend != SDL_BLENDMODE_BLEND ||
        SDL_GetRenderTarget(g->r))
        return false;
    if (op->kind == GFX_OP_FILL)
        return fast_fill(g, op, clip);
    return op->exact ? fast_exact(g, op, clip) : fast_scaled(g, op, clip);
}
