/* gfx_record.c - the layout's record (slotcab --check-layout) and the planes.
 *
 * While recording, each string drawn is kept with its box, ink, size and colour, and every
 * draw after it that lands on its ink is judged against the planes (gfx.h): a draw from a
 * covering plane higher than the string's is meant (a translucent one is kept as a veil the
 * string is then seen through), anything else covers it, and the first such draw is kept for
 * the report. A string drawn into a box also has the pixels behind its glyphs sampled: the
 * frame is read back just before its glyphs are drawn and just after, and the pixels they
 * changed are the glyphs (text the colour of what is behind it changes none: then the whole
 * ink is its background, and its contrast is nil, as seen). */
#include "gfx_priv.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SAMPLES_MAX 256 /* background samples kept per string */

bool gfx_meets(SDL_FRect a, SDL_FRect b)
{
    return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

GfxInk *gfx_record_ink(Gfx *g, GfxInkKind kind, const char *text, SDL_FRect box, SDL_FRect ink,
                       bool cut)
{
    if (!g->recording || (g->clipped && kind != GFX_INK_KEEP && !gfx_meets(ink, g->clip)))
        return NULL; /* not seen: clipped away */
    if (g->nrec == g->caprec) {
        int cap = g->caprec ? g->caprec * 2 : 256;
        GfxInk *r = realloc(g->rec, (size_t)cap * sizeof *r);
        if (!r)
            return NULL;
        g->rec = r;
        g->caprec = cap;
    }
    GfxInk *k = &g->rec[g->nrec++];
    *k = (GfxInk){.kind = kind, .box = box, .ink = ink, .cut = cut, .plane = g->plane};
    /* The panel it is written on: the last drawn under its ink's middle, when its box lies
     * on that panel too (a string over many tiles, as a banner's over the reels, is on none
     * of them); a line's box is wider than the canvas: then the point it hangs from. */
    const float mx = ink.x + ink.w / 2, my = ink.y + ink.h / 2;
    const bool line = box.w >= GFX_W;
    const float ax = box.x >= 0 ? box.x : box.x + box.w <= GFX_W ? box.x + box.w : box.x + box.w / 2;
    for (int i = g->npanels - 1; kind != GFX_INK_KEEP && i >= 0; i--) {
        const SDL_FRect p = g->panel[i];
        if (!(mx >= p.x && mx < p.x + p.w && my >= p.y && my < p.y + p.h))
            continue;
        k->on_panel = line ? ax >= p.x && ax <= p.x + p.w
                           : box.x >= p.x - 1 && box.y >= p.y - 1 && box.x + box.w <= p.x + p.w + 1 &&
                                 box.y + box.h <= p.y + p.h + 1;
        k->panel = p;
        break;
    }
    snprintf(k->text, sizeof k->text, "%s", text);
    return k;
}

bool gfx_ink_overlap(SDL_FRect a, SDL_FRect b)
{
    const float w = fminf(a.x + a.w, b.x + b.w) - fmaxf(a.x, b.x);
    const float h = fminf(a.y + a.h, b.y + b.h) - fmaxf(a.y, b.y);
    return a.w > 0 && b.w > 0 && w > 1 && h > 1;
}

static bool within(SDL_FRect a, SDL_FRect b)
{
    return a.x >= b.x && a.y >= b.y && a.x + a.w <= b.x + b.w && a.y + a.h <= b.y + b.h;
}

void gfx_record_over(Gfx *g, SDL_FRect r, SDL_Color c, float alpha, bool opaque, const char *what)
{
    if (!g->recording || alpha <= 0 || r.w <= 0 || r.h <= 0)
        return;
    if (g->clipped) { /* only what is drawn covers */
        float x0 = fmaxf(r.x, g->clip.x), y0 = fmaxf(r.y, g->clip.y);
        float x1 = fminf(r.x + r.w, g->clip.x + g->clip.w), y1 = fminf(r.y + r.h, g->clip.y + g->clip.h);
        if (x1 <= x0 || y1 <= y0)
            return;
        r = (SDL_FRect){x0, y0, x1 - x0, y1 - y0};
    }
    if (c.a ? c.a >= 200 : opaque && alpha >= 0.8f) { /* a panel strings may be written on */
        if (g->npanels == GFX_MAX_PANELS) { /* keep the latest: drop the oldest */
            memmove(g->panel, g->panel + 1, (GFX_MAX_PANELS - 1) * sizeof g->panel[0]);
            g->npanels--;
        }
        g->panel[g->npanels++] = r;
    }
    const bool solid = opaque && alpha >= 0.99f;
    for (int i = 0; i < g->nrec; i++) {
        GfxInk *k = &g->rec[i];
        if (k->hidden || !gfx_ink_overlap(k->ink, r))
            continue;
        if (k->kind == GFX_INK_KEEP) { /* an element under a panel (a window) is gone */
            k->hidden = within(k->ink, r) && (c.a ? c.a >= 200 : opaque && alpha >= 0.8f);
            continue;
        }
        const bool meant = g->plane >= GFX_PLANE_DIM && g->plane > k->plane;
        const bool whole = within(k->ink, r);
        if (whole && solid)
            k->hidden = true; /* not seen at all: judged no further */
        if (meant) {
            if (whole && !solid && c.a && k->nveils < GFX_MAX_VEILS) /* seen through it */
                k->veil[k->nveils++] = (SDL_Color){c.r, c.g, c.b, (Uint8)lroundf(alpha * 255)};
            continue;
        }
        if (k->covered)
            continue; /* the first is the one reported */
        k->covered = true;
        snprintf(k->cover_what, sizeof k->cover_what, "%s", what);
        k->cover_plane = g->plane;
        k->cover_alpha = alpha;
        k->cover_ink = r;
    }
}

void gfx_record_segment(Gfx *g, SDL_FPoint a, SDL_FPoint b, float width, SDL_Color c)
{
    /* pieces no longer than a few widths, so a diagonal's box stays near the line */
    const float dx = b.x - a.x, dy = b.y - a.y, len = sqrtf(dx * dx + dy * dy);
    const float step = fmaxf(width * 4, 16);
    const int n = (int)(len / step) + 1;
    for (int i = 0; i < n; i++) {
        const float t0 = (float)i / (float)n, t1 = (float)(i + 1) / (float)n;
        const float x0 = a.x + dx * t0, x1 = a.x + dx * t1, y0 = a.y + dy * t0, y1 = a.y + dy * t1;
        const SDL_FRect r = {fminf(x0, x1) - width / 2, fminf(y0, y1) - width / 2,
                             fabsf(x1 - x0) + width, fabsf(y1 - y0) + width};
        gfx_record_over(g, r, c, (float)c.a / 255, c.a == 255, "line");
    }
}

void gfx_cover(Gfx *g, SDL_FRect r)
{
    gfx_record_over(g, r, (SDL_Color){0, 0, 0, 0}, 1, true, "panel");
}

void gfx_keep_clear(Gfx *g, SDL_FRect r, const char *what)
{
    gfx_record_ink(g, GFX_INK_KEEP, what, r, r, false);
}

/* ---- the pixels behind a string ------------------------------------------------------- */

static Uint8 *read_rect(Gfx *g, SDL_Rect o)
{
    Uint8 *p = malloc((size_t)o.w * (size_t)o.h * 4);
    if (p && SDL_RenderReadPixels(g->r, &o, SDL_PIXELFORMAT_ARGB8888, p, o.w * 4)) {
        free(p);
        return NULL;
    }
    return p;
}

void gfx_sample_begin(Gfx *g, SDL_Rect o, Uint8 **before)
{
    *before = NULL;
    if (g->recording && o.w > 0 && o.h > 0)
        *before = read_rect(g, o);
}

static void keep_sample(Gfx *g, const Uint8 *px)
{
    if (g->nbg == g->capbg) {
        int cap = g->capbg ? g->capbg * 2 : 4096;
        Uint8 *b = realloc(g->bg, (size_t)cap * 3);
        if (!b)
            return;
        g->bg = b;
        g->capbg = cap;
    }
    Uint8 *d = &g->bg[g->nbg++ * 3];
    d[0] = px[2]; /* ARGB8888 in memory: B G R A */
    d[1] = px[1];
    d[2] = px[0];
}

static int pixel_change(const Uint8 *a, const Uint8 *b)
{
    int m = 0;
    for (int c = 0; c < 3; c++) {
        const int d = abs((int)a[c] - (int)b[c]);
        m = d > m ? d : m;
    }
    return m;
}

void gfx_sample_end(Gfx *g, GfxInk *k, SDL_Rect o, Uint8 *before)
{
    Uint8 *after = before && k ? read_rect(g, o) : NULL;
    if (!after) {
        free(before);
        return;
    }
    const int n = o.w * o.h;
    int most = 0, glyphs = 0;
    Uint8 *change = malloc((size_t)n);
    for (int i = 0; change && i < n; i++) {
        const int d = pixel_change(before + i * 4, after + i * 4);
        change[i] = (Uint8)d;
        most = d > most ? d : most;
    }
    /* the glyphs: what changed by at least half the most any pixel did (their antialiased
     * rims are left out); nothing changed much: the text cannot be told from its ground */
    const int least = most < 8 ? 0 : most / 2 > 8 ? most / 2 : 8;
    for (int i = 0; change && i < n; i++)
        glyphs += change[i] >= least;
    const int step = glyphs / SAMPLES_MAX + 1;
    k->bg0 = g->nbg;
    for (int i = 0, seen = 0; change && i < n; i++)
        if (change[i] >= least && seen++ % step == 0)
            keep_sample(g, before + i * 4);
    free(change);
    k->nbg = g->nbg - k->bg0;
    free(before);
    free(after);
}

const Uint8 *gfx_ink_background(const Gfx *g, const GfxInk *k)
{
    return k->nbg > 0 ? g->bg + k->bg0 * 3 : NULL;
}

/* ---- the record's state ---------------------------------------------------------------- */

void gfx_record(Gfx *g, bool on)
{
    g->recording = on;
    gfx_set_target(g, g->target);
    gfx_record_clear(g);
}

bool gfx_recording(const Gfx *g) { return g->recording; }

void gfx_record_clear(Gfx *g)
{
    g->nrec = g->npanels = g->nbg = 0;
    gfx_plane_reset(g);
}

int gfx_recorded(const Gfx *g, const GfxInk **out)
{
    *out = g->rec;
    return g->nrec;
}

/* ---- the planes --------------------------------------------------------------------------- */

void gfx_plane(Gfx *g, GfxPlane p)
{
    if (p < g->plane && g->recording && g->plane_faults++ == 0) {
        g->fault_from = g->plane;
        g->fault_to = p;
    }
    g->plane = p;
}

GfxPlane gfx_plane_now(const Gfx *g) { return g->plane; }

void gfx_plane_reset(Gfx *g)
{
    g->plane = GFX_PLANE_BOARD;
    g->plane_faults = 0;
}

const char *gfx_plane_name(GfxPlane p)
{
    static const char *const names[GFX_PLANE__COUNT] = {
        "board", "symbols", "overlays", "win", "dim", "celebration", "banner", "window", "qa"};
    return p >= 0 && p < GFX_PLANE__COUNT ? names[p] : "?";
}

int gfx_plane_faults(const Gfx *g, GfxPlane *from, GfxPlane *to)
{
    if (from)
        *from = g->fault_from;
    if (to)
        *to = g->fault_to;
    return g->plane_faults;
}
