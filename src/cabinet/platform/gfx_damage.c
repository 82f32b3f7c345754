/* gfx_damage.c - a frame drawn again only where it changed (headless, on the software
 * renderer's own surface).
 *
 * Every draw of a frame onto the output (a picture's copy, filled rectangles) is kept as an
 * operation: what it draws, with what state (the clip, the texture's modulation and blend,
 * the draw colour), and where it may touch. Nothing is drawn until the frame ends. Then the
 * frame's operations are matched, in order, with the last frame's: an operation of either
 * that the other lacks marks the output it may touch as changed ("damage", on a grid of
 * 32-px tiles). Only there is the frame drawn: every operation of this frame that touches a
 * damaged tile, in order, clipped to the damage. Elsewhere the output already holds the same
 * pixels: the same operations, in the same order, drew them last frame.
 *
 * Why that is the same picture as drawing everything: a pixel's colour is its operations
 * folded over it in order; a frame whose first operation covers the whole output opaquely
 * (the backdrop, or the clear) makes that fold depend on the operations alone. Where no
 * operation was added or removed the fold is last frame's. A copy at its size and a filled
 * rectangle draw each pixel alike however they are clipped; a scaled copy does not (the
 * renderer samples from where its clip starts), so one that the damage touches makes its
 * whole box damage, and is drawn once, unclipped by it.
 *
 * Where a later operation replaces a whole tile (opaque, at its size: a reel's cell over
 * the backdrop), what comes before it in that tile is not drawn: it would be drawn over.
 *
 * Anything that reads the output or changes a texture already used this frame (a still
 * taken, a cache redrawn, a shot) draws the frame so far in full first; a frame that does
 * not start by covering the output, the first one, one after the art was rasterized again,
 * and one with damage over most of the output are drawn in full. While the layout is
 * recorded, and in a window, every draw is made at once, as without this file. */
#include "gfx_priv.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define TILE 32
#define LOOK_AHEAD 48 /* how far the matching looks for an operation again */

typedef struct TexVersion TexVersion;

static uint64_t mix(uint64_t h, uint64_t v)
{
    h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
    return h * 0xff51afd7ed558ccdull;
}

static SDL_Rect meet(SDL_Rect a, SDL_Rect b)
{
    SDL_Rect r;
    return SDL_IntersectRect(&a, &b, &r) ? r : (SDL_Rect){0, 0, 0, 0};
}

/* The texture's version slot (a small open-addressed table; a full one forgets all). */
static TexVersion *slot(Gfx *g, SDL_Texture *t)
{
    size_t i = ((uintptr_t)t >> 4) % GFX_DMG_TEXTURES;
    for (int n = 0; n < GFX_DMG_TEXTURES; n++, i = (i + 1) % GFX_DMG_TEXTURES) {
        TexVersion *v = &g->dmg.tex[i];
        if (v->tex == t)
            return v;
        if (!v->tex) {
            v->tex = t;
            v->version = ++g->dmg.versions;
            return v;
        }
    }
    memset(g->dmg.tex, 0, sizeof g->dmg.tex); /* every texture a new version: all drawn again */
    return slot(g, t);
}

/* A draw the frame's list lacks (out of memory): the frame so far drawn, this one at once,
 * and the next frame drawn whole. */
static void unrecorded(Gfx *g)
{
    gfx_damage_flush(g);
    g->dmg.prev_ok = false;
}

static GfxOp *new_op(Gfx *g)
{
    GfxDamage *d = &g->dmg;
    if (d->ncur == d->capcur) {
        int cap = d->capcur ? 2 * d->capcur : 1024;
        GfxOp *n = realloc(d->cur, (size_t)cap * sizeof *n);
        if (!n)
            return NULL;
        d->cur = n;
        d->capcur = cap;
    }
    GfxOp *op = &d->cur[d->ncur++];
    memset(op, 0, sizeof *op);
    op->clipped = SDL_RenderIsClipEnabled(g->r);
    if (op->clipped)
        SDL_RenderGetClipRect(g->r, &op->clip);
    return op;
}

static void finish_op(Gfx *g, GfxOp *op, SDL_FRect area)
{
    const SDL_Rect out = {0, 0, g->out_w, g->out_h};
    SDL_Rect box = {(int)floorf(area.x) - 1, (int)floorf(area.y) - 1, 0, 0};
    box.w = (int)ceilf(area.x + area.w) + 1 - box.x;
    box.h = (int)ceilf(area.y + area.h) + 1 - box.y;
    box = meet(box, out);
    if (op->clipped)
        box = meet(box, op->clip);
    op->box = box;
    uint64_t h = mix(0x51ed27, op->kind);
    h = mix(h, (uintptr_t)op->tex);
    h = mix(h, op->version);
    h = mix(h, ((uint64_t)(uint32_t)op->src.x << 32) | (uint32_t)op->src.y);
    h = mix(h, ((uint64_t)(uint32_t)op->src.w << 32) | (uint32_t)op->src.h);
    uint32_t f[4];
    memcpy(f, &op->dst, sizeof f);
    h = mix(h, ((uint64_t)f[0] << 32) | f[1]);
    h = mix(h, ((uint64_t)f[2] << 32) | f[3]);
    h = mix(h, ((uint64_t)op->color.r << 24) | ((uint64_t)op->color.g << 16) | ((uint64_t)op->color.b << 8) |
                   op->color.a | ((uint64_t)op->blend << 32) | ((uint64_t)op->has_src << 40));
    h = mix(h, op->clipped);
    if (op->clipped) {
        h = mix(h, ((uint64_t)(uint32_t)op->clip.x << 32) | (uint32_t)op->clip.y);
        h = mix(h, ((uint64_t)(uint32_t)op->clip.w << 32) | (uint32_t)op->clip.h);
    }
    for (int i = 0; i < op->nrects; i++) {
        uint32_t r[4];
        memcpy(r, &g->dmg.rects[op->rect0 + i], sizeof r);
        h = mix(h, ((uint64_t)r[0] << 32) | r[1]);
        h = mix(h, ((uint64_t)r[2] << 32) | r[3]);
    }
    op->hash = h;
}

static void run_op(Gfx *g, const GfxOp *op, const SDL_Rect *within)
{
    SDL_Rect c = op->clipped ? op->clip : (SDL_Rect){0, 0, g->out_w, g->out_h};
    if (within)
        c = meet(c, *within);
    if (c.w <= 0 || c.h <= 0)
        return;
    SDL_RenderSetClipRect(g->r, &c);
    if (gfx_fast_op(g, op, c))
        return;
    if (op->kind == GFX_OP_COPY) {
        SDL_SetTextureColorMod(op->tex, op->color.r, op->color.g, op->color.b);
        SDL_SetTextureAlphaMod(op->tex, op->color.a);
        SDL_SetTextureBlendMode(op->tex, op->blend);
        SDL_RenderCopyF(g->r, op->tex, op->has_src ? &op->src : NULL, &op->dst);
    } else {
        SDL_SetRenderDrawBlendMode(g->r, op->blend);
        SDL_SetRenderDrawColor(g->r, op->color.r, op->color.g, op->color.b, op->color.a);
        SDL_RenderFillRectsF(g->r, &g->dmg.rects[op->rect0], op->nrects);
    }
}

void gfx_q_copy(Gfx *g, SDL_Texture *t, const SDL_Rect *src, const SDL_FRect *dst)
{
    if (!g->dmg.on || SDL_GetRenderTarget(g->r)) { /* into a cache: at once */
        SDL_RenderCopyF(g->r, t, src, dst);
        return;
    }
    GfxOp *op = new_op(g);
    if (!op) {
        unrecorded(g);
        SDL_RenderCopyF(g->r, t, src, dst);
        return;
    }
    TexVersion *v = slot(g, t);
    v->used = g->dmg.frame;
    int tw = 0, th = 0;
    SDL_QueryTexture(t, NULL, NULL, &tw, &th);
    op->kind = GFX_OP_COPY;
    op->tex = t;
    op->version = v->version;
    op->has_src = src != NULL;
    op->src = src ? *src : (SDL_Rect){0, 0, tw, th};
    op->dst = dst ? *dst : (SDL_FRect){0, 0, (float)g->out_w, (float)g->out_h};
    SDL_GetTextureColorMod(t, &op->color.r, &op->color.g, &op->color.b);
    SDL_GetTextureAlphaMod(t, &op->color.a);
    SDL_GetTextureBlendMode(t, &op->blend);
    op->exact = (int)op->dst.w == op->src.w && (int)op->dst.h == op->src.h;
    op->opaque = op->blend == SDL_BLENDMODE_NONE;
    finish_op(g, op, op->dst);
    if (!g->dmg.deferring)
        run_op(g, op, NULL);
}

void gfx_q_copy_i(Gfx *g, SDL_Texture *t, const SDL_Rect *src, const SDL_Rect *dst)
{
    const SDL_FRect d = {(float)dst->x, (float)dst->y, (float)dst->w, (float)dst->h};
    gfx_q_copy(g, t, src, &d);
}

void gfx_q_fill(Gfx *g, const SDL_FRect *rects, int n)
{
    if (!g->dmg.on || SDL_GetRenderTarget(g->r)) {
        SDL_RenderFillRectsF(g->r, rects, n);
        return;
    }
    GfxDamage *d = &g->dmg;
    if (d->nrects + n > d->caprects) {
        int cap = d->caprects ? d->caprects : 4096;
        while (cap < d->nrects + n)
            cap *= 2;
        SDL_FRect *r = realloc(d->rects, (size_t)cap * sizeof *r);
        if (!r) {
            unrecorded(g);
            SDL_RenderFillRectsF(g->r, rects, n);
            return;
        }
        d->rects = r;
        d->caprects = cap;
    }
    GfxOp *op = new_op(g);
    if (!op) {
        unrecorded(g);
        SDL_RenderFillRectsF(g->r, rects, n);
        return;
    }
    op->kind = GFX_OP_FILL;
    op->rect0 = d->nrects;
    op->nrects = n;
    memcpy(&d->rects[d->nrects], rects, (size_t)n * sizeof *rects);
    d->nrects += n;
    SDL_GetRenderDrawColor(g->r, &op->color.r, &op->color.g, &op->color.b, &op->color.a);
    SDL_GetRenderDrawBlendMode(g->r, &op->blend);
    op->exact = true;
    op->opaque = op->blend == SDL_BLENDMODE_NONE || op->color.a == 255;
    float x0 = 1e9f, y0 = 1e9f, x1 = -1e9f, y1 = -1e9f;
    for (int i = 0; i < n; i++) {
        x0 = fminf(x0, rects[i].x);
        y0 = fminf(y0, rects[i].y);
        x1 = fmaxf(x1, rects[i].x + rects[i].w);
        y1 = fmaxf(y1, rects[i].y + rects[i].h);
    }
    finish_op(g, op, n ? (SDL_FRect){x0, y0, x1 - x0, y1 - y0} : (SDL_FRect){0, 0, 0, 0});
    if (!g->dmg.deferring)
        run_op(g, op, NULL);
}

void gfx_q_touch(Gfx *g, SDL_Texture *t)
{
    if (!g->dmg.on)
        return;
    TexVersion *v = slot(g, t);
    if (v->used == g->dmg.frame && g->dmg.deferring)
        gfx_damage_flush(g); /* drawn from already this frame: what it showed, drawn now */
    v->version = ++g->dmg.versions;
}

void gfx_set_target(Gfx *g, SDL_Surface *target)
{
    g->target = target;
    gfx_damage_use(g, target && !g->recording && !getenv("SLOTCAB_FULL_FRAMES"));
}

void gfx_damage_use(Gfx *g, bool on)
{
    if (g->dmg.on && g->dmg.deferring)
        gfx_damage_flush(g);
    g->dmg.on = on;
    g->dmg.deferring = false;
    g->dmg.prev_ok = false;
}

void gfx_frame_begin(Gfx *g)
{
    GfxDamage *d = &g->dmg;
    if (!d->on)
        return;
    d->frame++;
    d->ncur = 0;
    d->deferring = true;
    if (d->generation != g->generation || d->out_w != g->out_w || d->out_h != g->out_h)
        d->prev_ok = false;
    d->generation = g->generation;
    d->out_w = g->out_w;
    d->out_h = g->out_h;
}

/* The pixels an opaque operation replaces for sure: its rectangle as the renderer truncates
 * it to whole pixels, within its clip and the output. */
static SDL_Rect solid(const Gfx *g, const GfxOp *op, const SDL_FRect *f)
{
    SDL_Rect r = meet(gfx_px_rect(*f), (SDL_Rect){0, 0, g->out_w, g->out_h});
    return op->clipped ? meet(r, op->clip) : r;
}

/* An operation's rectangles (a copy's one, a fill's each) and the k-th's solid pixels. */
static int parts(const GfxOp *op)
{
    return op->kind == GFX_OP_COPY ? 1 : op->nrects;
}

static SDL_Rect part_solid(const Gfx *g, const GfxOp *op, int k)
{
    return solid(g, op, op->kind == GFX_OP_COPY ? &op->dst : &g->dmg.rects[op->rect0 + k]);
}

static int by_int(const void *a, const void *b)
{
    const int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* Whether every output pixel is replaced by some opaque operation of the frame (then each
 * pixel's colour depends on the frame's operations alone, not on what the output held):
 * the union of their rectangles, band by band. */
static bool grounded(Gfx *g)
{
    GfxDamage *d = &g->dmg;
    enum { MAX_SOLID = 512 };
    SDL_Rect r[MAX_SOLID];
    int n = 0;
    for (int i = 0; i < d->ncur && n < MAX_SOLID; i++) {
        const GfxOp *op = &d->cur[i];
        if (!op->opaque || !op->exact)
            continue;
        for (int k = 0; k < parts(op) && n < MAX_SOLID; k++) {
            r[n] = part_solid(g, op, k);
            if (r[n].w == g->out_w && r[n].h == g->out_h)
                return true; /* one covers it all (a backdrop, a clear) */
            n += r[n].w > 0 && r[n].h > 0;
        }
    }
    int ys[2 * MAX_SOLID + 2], ny = 0;
    ys[ny++] = 0;
    ys[ny++] = g->out_h;
    for (int i = 0; i < n; i++) {
        ys[ny++] = r[i].y;
        ys[ny++] = r[i].y + r[i].h;
    }
    qsort(ys, (size_t)ny, sizeof *ys, by_int);
    for (int b = 0; b + 1 < ny; b++) {
        const int y0 = ys[b], y1 = ys[b + 1];
        if (y0 == y1 || y0 < 0 || y1 > g->out_h)
            continue;
        int xs[2 * MAX_SOLID], nx = 0; /* the band's spans, as (start, end) pairs */
        for (int i = 0; i < n; i++)
            if (r[i].y <= y0 && r[i].y + r[i].h >= y1) {
                xs[nx++] = r[i].x;
                xs[nx++] = r[i].x + r[i].w;
            }
        /* sort the spans by start (pairs kept together) */
        for (int i = 2; i < nx; i += 2)
            for (int j = i; j >= 2 && xs[j - 2] > xs[j]; j -= 2) {
                int t0 = xs[j - 2], t1 = xs[j - 1];
                xs[j - 2] = xs[j];
                xs[j - 1] = xs[j + 1];
                xs[j] = t0;
                xs[j + 1] = t1;
            }
        int reach = 0;
        for (int i = 0; i < nx && reach < g->out_w; i += 2) {
            if (xs[i] > reach)
                return false;
            if (xs[i + 1] > reach)
                reach = xs[i + 1];
        }
        if (reach < g->out_w)
            return false;
    }
    return true;
}

/* Marks the tiles of box r; returns how many it newly marked. */
static int mark(GfxDamage *d, SDL_Rect r)
{
    if (r.w <= 0 || r.h <= 0)
        return 0;
    int n = 0;
    for (int ty = r.y / TILE; ty <= (r.y + r.h - 1) / TILE && ty < d->th; ty++)
        for (int tx = r.x / TILE; tx <= (r.x + r.w - 1) / TILE && tx < d->tw; tx++)
            if (!d->tiles[ty * d->tw + tx]) {
                d->tiles[ty * d->tw + tx] = 1;
                n++;
            }
    return n;
}

/* How many of box r's tiles are marked, and how many it has; with `hidden`, how many of the
 * marked an opaque operation after the op_index-th covers (when d->occ_on). */
static void count(const GfxDamage *d, SDL_Rect r, int *marked, int *all, int op_index, int *hidden)
{
    *marked = *all = 0;
    if (hidden)
        *hidden = 0;
    if (r.w <= 0 || r.h <= 0)
        return;
    const bool occ = hidden && d->occ_on;
    for (int ty = r.y / TILE; ty <= (r.y + r.h - 1) / TILE && ty < d->th; ty++)
        for (int tx = r.x / TILE; tx <= (r.x + r.w - 1) / TILE && tx < d->tw; tx++) {
            const int t = ty * d->tw + tx;
            (*all)++;
            *marked += d->tiles[t];
            if (occ && d->tiles[t] && d->occ[t] > op_index)
                (*hidden)++;
        }
}

/* The last frame's and this frame's operations matched in order: those either lacks mark
 * their boxes. */
static void match(GfxDamage *d)
{
    int i = 0, j = 0;
    while (i < d->nprev || j < d->ncur) {
        if (i < d->nprev && j < d->ncur && d->prev[i].hash == d->cur[j].hash) {
            i++;
            j++;
            continue;
        }
        int skip_cur = -1, skip_prev = -1;
        for (int k = 1; k <= LOOK_AHEAD && i < d->nprev && j + k < d->ncur && skip_cur < 0; k++)
            if (d->cur[j + k].hash == d->prev[i].hash)
                skip_cur = k;
        for (int k = 1; k <= LOOK_AHEAD && j < d->ncur && i + k < d->nprev && skip_prev < 0; k++)
            if (d->prev[i + k].hash == d->cur[j].hash)
                skip_prev = k;
        if (skip_cur > 0 && (skip_prev < 0 || skip_cur <= skip_prev)) {
            for (int k = 0; k < skip_cur; k++)
                mark(d, d->cur[j + k].box);
            j += skip_cur;
        } else if (skip_prev > 0) {
            for (int k = 0; k < skip_prev; k++)
                mark(d, d->prev[i + k].box);
            i += skip_prev;
        } else {
            if (i < d->nprev)
                mark(d, d->prev[i++].box);
            if (j < d->ncur)
                mark(d, d->cur[j++].box);
        }
    }
}

static void draw_full(Gfx *g)
{
    GfxDamage *d = &g->dmg;
    for (int i = 0; i < d->ncur; i++)
        run_op(g, &d->cur[i], NULL);
}

/* The damaged tiles of the tile range [t0, t1) as rectangles, less those that an opaque
 * operation after the op_index-th covers (when d->occ_on): each row's runs, a run joined
 * with the one below it when they span the same tiles. They do not overlap. Returns how
 * many; -1 when more than max. */
static int damage_rects(const Gfx *g, SDL_Point t0, SDL_Point t1, int op_index, SDL_Rect *out, int max)
{
    const GfxDamage *d = &g->dmg;
    const int *occ = d->occ_on ? d->occ : NULL;
    int n = 0;
#define DRAWN(t) (d->tiles[t] && (!occ || occ[t] <= op_index))
    for (int ty = t0.y; ty < t1.y; ty++)
        for (int tx = t0.x; tx < t1.x;) {
            if (!DRAWN(ty * d->tw + tx)) {
                tx++;
                continue;
            }
            int end = tx;
            while (end < t1.x && DRAWN(ty * d->tw + end))
                end++;
            SDL_Rect r = {tx * TILE, ty * TILE, (end - tx) * TILE, TILE};
            int k = 0;
            for (; k < n; k++) /* the same span ending just above: joined */
                if (out[k].x == r.x && out[k].w == r.w && out[k].y + out[k].h == r.y)
                    break;
            if (k < n)
                out[k].h += TILE;
            else if (n < max)
                out[n++] = r;
            else
                return -1;
            tx = end;
        }
#undef DRAWN
    for (int k = 0; k < n; k++)
        out[k] = meet(out[k], (SDL_Rect){0, 0, g->out_w, g->out_h});
    return n;
}

/* Each damaged tile's last operation that replaces all of it (opaque, at its size: what
 * was drawn there before it is drawn over), -1 for none: in d->occ. Whether any has one. */
static bool occlude(Gfx *g)
{
    GfxDamage *d = &g->dmg;
    const int n = d->tw * d->th;
    int *occ = d->occ_n == n ? d->occ : realloc(d->occ, (size_t)n * sizeof *occ);
    if (!occ)
        return false;
    d->occ = occ;
    d->occ_n = n;
    memset(occ, 0xff, (size_t)n * sizeof *occ);
    bool any = false;
    for (int i = 0; i < d->ncur; i++) {
        const GfxOp *op = &d->cur[i];
        if (!op->opaque || !op->exact)
            continue;
        for (int k = 0; k < parts(op); k++) {
            const SDL_Rect r = part_solid(g, op, k);
            /* the tiles it covers whole (one cut by the output's edge counts as whole) */
            const int tx0 = (r.x + TILE - 1) / TILE, ty0 = (r.y + TILE - 1) / TILE;
            const int tx1 = r.x + r.w >= g->out_w ? d->tw : (r.x + r.w) / TILE;
            const int ty1 = r.y + r.h >= g->out_h ? d->th : (r.y + r.h) / TILE;
            for (int ty = ty0; ty < ty1; ty++)
                for (int tx = tx0; tx < tx1; tx++)
                    if (d->tiles[ty * d->tw + tx]) {
                        occ[ty * d->tw + tx] = i;
                        any = true;
                    }
        }
    }
    return any;
}

#define MAX_DAMAGE_RECTS 512

void gfx_damage_flush(Gfx *g)
{
    GfxDamage *d = &g->dmg;
    if (!d->on || !d->deferring)
        return;
    d->deferring = false;
    SDL_Rect keep;
    const bool kept = SDL_RenderIsClipEnabled(g->r);
    if (kept)
        SDL_RenderGetClipRect(g->r, &keep);
    bool full = !d->prev_ok || !grounded(g);
    const int tw = (g->out_w + TILE - 1) / TILE, th = (g->out_h + TILE - 1) / TILE;
    if (!full && (!d->tiles || tw * th != d->tw * d->th)) {
        free(d->tiles);
        d->tiles = calloc((size_t)(tw * th), 1);
        full = !d->tiles;
    }
    d->tw = tw;
    d->th = th;
    SDL_Rect rects[MAX_DAMAGE_RECTS];
    int nr = 0;
    if (!full) {
        memset(d->tiles, 0, (size_t)(tw * th));
        match(d);
        /* a scaled copy the damage touches: its whole box, drawn once */
        for (int pass = 0, grew = 1; grew && !full; pass++) {
            grew = 0;
            for (int i = 0; i < d->ncur; i++) {
                const GfxOp *op = &d->cur[i];
                if (op->exact)
                    continue;
                int m, all;
                count(d, op->box, &m, &all, 0, NULL);
                if (m && m < all)
                    grew += mark(d, op->box);
            }
            full = pass > 8;
        }
        int marked, all;
        count(d, (SDL_Rect){0, 0, g->out_w, g->out_h}, &marked, &all, 0, NULL);
        full = full || marked * 4 > all * 3;
        d->occ_on = false;
        nr = full ? 0 : damage_rects(g, (SDL_Point){0, 0}, (SDL_Point){tw, th}, 0, rects, MAX_DAMAGE_RECTS);
        full = full || nr < 0;
    }
    if (full) {
        draw_full(g);
    } else {
        d->occ_on = occlude(g);
        for (int i = 0; i < d->ncur; i++) {
            const GfxOp *op = &d->cur[i];
            int m, all, hidden;
            count(d, op->box, &m, &all, i, &hidden);
            if (!m)
                continue;
            if (!op->exact) { /* its whole box is damage: drawn once */
                run_op(g, op, NULL);
                continue;
            }
            if (hidden == m)
                continue; /* drawn over where it is damaged */
            SDL_Rect own[MAX_DAMAGE_RECTS]; /* its own damage, less what is drawn over */
            const SDL_Point t0 = {op->box.x / TILE, op->box.y / TILE};
            const SDL_Point t1 = {(op->box.x + op->box.w - 1) / TILE + 1, (op->box.y + op->box.h - 1) / TILE + 1};
            int no = hidden ? damage_rects(g, t0, t1, i, own, MAX_DAMAGE_RECTS) : -1;
            const SDL_Rect *in = no >= 0 ? own : rects;
            for (int k = 0, n = no >= 0 ? no : nr; k < n; k++) {
                SDL_Rect c = meet(in[k], op->box);
                if (c.w > 0 && c.h > 0)
                    run_op(g, op, &in[k]);
            }
        }
    }
    SDL_RenderSetClipRect(g->r, kept ? &keep : NULL);
    d->prev_ok = true;
}

void gfx_frame_end(Gfx *g)
{
    GfxDamage *d = &g->dmg;
    if (!d->on)
        return;
    gfx_damage_flush(g);
    /* this frame's operations are the next one's last */
    GfxOp *t = d->prev;
    int cap = d->capprev;
    d->prev = d->cur;
    d->capprev = d->capcur;
    d->nprev = d->ncur;
    d->cur = t;
    d->capcur = cap;
    d->ncur = 0;
    d->nrects = 0; /* the last frame's fills are matched by their hashes, not their rectangles */
}

void gfx_damage_free(Gfx *g)
{
    GfxDamage *d = &g->dmg;
    free(d->cur);
    free(d->prev);
    free(d->rects);
    free(d->tiles);
    free(d->occ);
    memset(d, 0, sizeof *d);
    gfx_fast_free(g);
}
