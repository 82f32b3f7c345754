/* gfx_text.c - text in a box: every string on screen is fitted to its box (smaller, down to
 * a floor share of its size; then broken into lines; only then cut with "..." and said so),
 * drawn from the font's atlas, and judged on its ink: the pixels its glyphs really cover,
 * measured once per atlas. */
#include "gfx_priv.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The next character of a UTF-8 string, as a glyph index. */
static int next_glyph(const char **s)
{
    const unsigned char *p = (const unsigned char *)*s;
    Uint32 ch;
    int len;
    if (p[0] < 0x80) {
        ch = p[0];
        len = 1;
    } else if ((p[0] & 0xE0) == 0xC0 && p[1]) {
        ch = (Uint32)(p[0] & 0x1F) << 6 | (p[1] & 0x3F);
        len = 2;
    } else if ((p[0] & 0xF0) == 0xE0 && p[1] && p[2]) {
        ch = (Uint32)(p[0] & 0x0F) << 12 | (Uint32)(p[1] & 0x3F) << 6 | (p[2] & 0x3F);
        len = 3;
    } else {
        ch = '?';
        len = 1;
        while (p[len] && (p[len] & 0xC0) == 0x80)
            len++;
    }
    *s += len;
    if (ch >= GFX_ASCII_FIRST && ch <= GFX_ASCII_LAST)
        return (int)(ch - GFX_ASCII_FIRST);
    for (size_t i = 0; i < SDL_arraysize(extra_glyphs); i++)
        if (extra_glyphs[i] == ch)
            return GFX_ASCII_LAST - GFX_ASCII_FIRST + 1 + (int)i;
    return '?' - GFX_ASCII_FIRST;
}

static float width_out(const Font *f, const char *s)
{
    int w = 0;
    while (*s)
        w += f->advance[next_glyph(&s)];
    return (float)w;
}

float gfx_text_width(Gfx *g, GfxFont font, const char *s)
{
    if (font <= 0 || font > g->nfonts)
        return 0;
    return width_out(&g->fonts[font], s) / g->scale;
}

float gfx_font_height(Gfx *g, GfxFont font)
{
    if (font <= 0 || font > g->nfonts)
        return 0;
    return (float)g->fonts[font].height / g->scale;
}

/* One run of n bytes of text at output position (px, py) (its top-left), glyphs k times
 * their size. At k = 1 each glyph is a plain copy at whole pixels. */
static void draw_run(Gfx *g, Font *f, float px, float py, SDL_Color c, const char *s, size_t n,
                     float k)
{
    SDL_Texture *atlas = NULL;
    for (int i = 0; i < f->ntints && !atlas; i++)
        if (gfx_same_color(f->tint[i], c))
            atlas = f->tinted[i];
    if (!atlas) {
        /* The software renderer rebuilds a texture's blitter whenever modulation switches
         * on or off; keeping both always on (254 reads as 255) keeps the atlas's blitter. */
        atlas = f->atlas;
        SDL_SetTextureColorMod(atlas, c.r, c.g, c.r == 255 && c.g == 255 && c.b == 255 ? 254 : c.b);
        SDL_SetTextureAlphaMod(atlas, c.a == 255 ? 254 : c.a);
    }
    const char *end = s + n;
    while (s < end && *s) {
        int i = next_glyph(&s);
        const SDL_Rect *src = &f->glyph[i];
        if (src->w > 0) {
            const float x = px + (float)f->xoff[i] * k;
            SDL_FRect d = {x, py, (float)src->w * k, (float)src->h * k};
            if (k != 1)
                d = (SDL_FRect){roundf(x), roundf(py), roundf(d.w), roundf(d.h)};
            gfx_q_copy(g, atlas, src, &d);
        }
        px += (float)f->advance[i] * k;
    }
}

/* Width of n bytes of text in output pixels at k times the size, and their ink (x from the
 * run's start, y from its top; w 0: none). */
static float measure_run(const Font *f, const char *s, size_t n, float k, SDL_FRect *ink)
{
    const char *end = s + n;
    float x = 0, x0 = 1e9f, x1 = -1e9f, y0 = 1e9f, y1 = -1e9f;
    while (s < end && *s) {
        int i = next_glyph(&s);
        const SDL_Rect *r = &f->ink[i];
        if (r->w > 0) {
            const float gx = x + (float)f->xoff[i] * k;
            x0 = fminf(x0, gx + (float)r->x * k);
            x1 = fmaxf(x1, gx + (float)(r->x + r->w) * k);
            y0 = fminf(y0, (float)r->y * k);
            y1 = fmaxf(y1, (float)(r->y + r->h) * k);
        }
        x += (float)f->advance[i] * k;
    }
    if (ink)
        *ink = x1 > x0 ? (SDL_FRect){x0, y0, x1 - x0, y1 - y0} : (SDL_FRect){0, 0, 0, 0};
    return x;
}

#define FIT_MAX_LINES 12
typedef struct Line {
    const char *s;
    size_t n;
} Line;

/* Breaks s at spaces (and, with `hyphens`, after a hyphen inside a word: "AUTO-" and "RIESGO")
 * into lines no wider than w output pixels at k (a word wider than w is a line of its own);
 * returns how many, at most max (0: it needs more). */
static int wrap_lines(const Font *f, const char *s, float k, float w, bool hyphens, Line *out, int max)
{
    int n = 0;
    while (*s) {
        while (*s == ' ')
            s++;
        if (!*s)
            break;
        const char *end = s, *fit = NULL;
        while (*end) {
            const char *word = end;
            while (*word == ' ')
                word++;
            const char *we = word;
            while (*we && *we != ' ') {
                we++;
                if (hyphens && we[-1] == '-' && we - 1 > word && *we && *we != ' ')
                    break; /* a piece ending in its hyphen */
            }
            if (fit && measure_run(f, s, (size_t)(we - s), k, NULL) > w)
                break;
            fit = end = we;
        }
        if (n == max)
            return 0;
        out[n++] = (Line){s, (size_t)(end - s)};
        s = end;
    }
    return n;
}

typedef struct Placed {
    GfxFit fit;
    Line line[FIT_MAX_LINES];
    float x[FIT_MAX_LINES], y[FIT_MAX_LINES]; /* each line's top-left, output pixels */
    float ux[FIT_MAX_LINES], uy[FIT_MAX_LINES]; /* the same before rounding */
    char cut[160];                            /* the cut last line */
    float cx;                                 /* the box's centre, output pixels */
} Placed;

/* Places lines at k in box (output pixels); the fit's ink, in output pixels. */
static void place(const Gfx *g, const Font *f, SDL_FRect box, const GfxText *t, float k,
                  Placed *p)
{
    const int n = p->fit.lines;
    const float pitch = roundf((float)f->height * k);
    float top;
    if (t->valign == GFX_TOP) {
        top = box.y;
    } else {
        const float caps = (float)(n - 1) * pitch + (float)(f->cap_bottom - f->cap_top) * k;
        float cap0 = t->valign == GFX_MIDDLE ? box.y + (box.h - caps) / 2 : box.y + box.h - caps;
        top = cap0 - (float)f->cap_top * k;
    }
    float x0 = 1e9f, x1 = -1e9f, y0 = 1e9f, y1 = -1e9f;
    for (int i = 0; i < n; i++) {
        SDL_FRect ink;
        float w = measure_run(f, p->line[i].s, p->line[i].n, k, &ink);
        /* a glyph reaching back before the pen (J, the euro sign) keeps its ink in the box */
        const float lead = ink.w > 0 && ink.x < 0 ? -ink.x : 0;
        const float tail = ink.w > 0 && ink.x + ink.w > w ? ink.x + ink.w - w : 0;
        float x = t->align == GFX_LEFT ? box.x + lead
                  : t->align == GFX_RIGHT ? box.x + box.w - w - tail
                  : box.x + box.w / 2 - roundf(w / 2);
        if (t->align == GFX_CENTER && k == 1) /* as a line centred on a point always was */
            x = p->cx - roundf(w / 2);
        p->ux[i] = x;
        p->uy[i] = top + (float)i * pitch;
        p->x[i] = k == 1 ? roundf(x) : x;
        p->y[i] = roundf(p->uy[i]);
        if (ink.w > 0) {
            x0 = fminf(x0, p->x[i] + ink.x);
            x1 = fmaxf(x1, p->x[i] + ink.x + ink.w);
            y0 = fminf(y0, p->y[i] + ink.y);
            y1 = fmaxf(y1, p->y[i] + ink.y + ink.h);
        }
    }
    (void)g;
    p->fit.ink = x1 > x0 ? (SDL_FRect){x0, y0, x1 - x0, y1 - y0} : (SDL_FRect){box.x, box.y, 0, 0};
}

/* Whether ink lies in box (half an output pixel of slack). */
static bool inside(SDL_FRect ink, SDL_FRect box)
{
    const float e = 0.5f;
    return ink.w <= 0 || (ink.x >= box.x - e && ink.y >= box.y - e &&
                          ink.x + ink.w <= box.x + box.w + e && ink.y + ink.h <= box.y + box.h + e);
}

/* The one fitting: full size on one line; smaller, to the floor; then (wrap) lines from
 * full size to the floor; else cut at the floor. All in output pixels. */
static void fit_text(Gfx *g, Font *f, SDL_FRect box, const GfxText *t, const char *s, Placed *p)
{
    const float floor = t->floor > 0 ? t->floor : GFX_FLOOR;
    const float full = measure_run(f, s, strlen(s), 1, NULL);
    memset(&p->fit, 0, sizeof p->fit);
    p->line[0] = (Line){s, strlen(s)};
    float ks[32];
    int nk = 0;
    ks[nk++] = 1;
    if (full > box.w && full > 0 && box.w / full >= floor)
        ks[nk++] = floorf(box.w / full * 1000) / 1000;
    for (float k = 0.96f; k >= floor - 1e-4f && nk < 30; k -= 0.04f)
        ks[nk++] = k;
    for (int i = 0; i < nk; i++) {
        if (ks[i] < 1 && measure_run(f, s, strlen(s), ks[i], NULL) > box.w + 0.5f)
            continue;
        p->fit.lines = 1;
        p->fit.scale = ks[i];
        place(g, f, box, t, ks[i], p);
        if (inside(p->fit.ink, box))
            return;
    }
    /* wrapped at spaces; only where that fits nowhere, broken after hyphens too */
    for (int a = 0; t->wrap && a < 2 * nk; a++) {
        const float k = ks[a % nk];
        int n = wrap_lines(f, s, k, box.w, a >= nk, p->line, FIT_MAX_LINES);
        if (n < 2)
            continue;
        bool narrow = true;
        for (int j = 0; j < n; j++)
            narrow = narrow && measure_run(f, p->line[j].s, p->line[j].n, k, NULL) <= box.w + 0.5f;
        if (!narrow)
            continue;
        p->fit.lines = n;
        p->fit.scale = k;
        place(g, f, box, t, k, p);
        if (inside(p->fit.ink, box))
            return;
    }
    /* cut: at the floor, the lines that fit (at least one), the last ending "..." */
    const float k = floor;
    int n = t->wrap ? wrap_lines(f, s, k, box.w, true, p->line, FIT_MAX_LINES) : 1;
    if (n < 1) {
        n = 1;
        p->line[0] = (Line){s, strlen(s)};
    }
    const float pitch = roundf((float)f->height * k);
    int room = (int)((box.h - (float)f->cap_bottom * k) / pitch) + 1;
    if (t->valign != GFX_TOP)
        room = (int)((box.h - (float)(f->cap_bottom - f->cap_top) * k) / pitch) + 1;
    if (n > room)
        n = room < 1 ? 1 : room;
    const Line last = p->line[n - 1];
    size_t len = strlen(last.s) < sizeof p->cut - 4 ? strlen(last.s) : sizeof p->cut - 4;
    for (;;) {
        while (len > 0 && ((unsigned char)last.s[len] & 0xC0) == 0x80)
            len--; /* whole characters only */
        snprintf(p->cut, sizeof p->cut, "%.*s...", (int)len, last.s);
        if (len == 0 || measure_run(f, p->cut, strlen(p->cut), k, NULL) <= box.w)
            break;
        len--;
        while (len > 0 && last.s[len - 1] == ' ')
            len--;
    }
    p->line[n - 1] = (Line){p->cut, strlen(p->cut)};
    p->fit.lines = n;
    p->fit.scale = k;
    p->fit.cut = true;
    place(g, f, box, t, k, p);
}

/* The output pixels of an ink (output coordinates), whole and on the output. */
static SDL_Rect ink_rect(const Gfx *g, SDL_FRect ink)
{
    int x0 = (int)floorf(ink.x), y0 = (int)floorf(ink.y);
    int x1 = (int)ceilf(ink.x + ink.w), y1 = (int)ceilf(ink.y + ink.h);
    x0 = x0 < 0 ? 0 : x0;
    y0 = y0 < 0 ? 0 : y0;
    x1 = x1 > g->out_w ? g->out_w : x1;
    y1 = y1 > g->out_h ? g->out_h : y1;
    return ink.w > 0 && x1 > x0 && y1 > y0 ? (SDL_Rect){x0, y0, x1 - x0, y1 - y0} : (SDL_Rect){0, 0, 0, 0};
}

static void draw_lines(Gfx *g, Font *f, const GfxText *t, const Placed *p, bool shadow)
{
    const float k = p->fit.scale;
    SDL_Color c = t->color;
    for (int i = 0; i < p->fit.lines; i++) {
        float x = p->x[i], y = p->y[i];
        if (shadow) { /* 2 and 3 canvas pixels down-right */
            c = (SDL_Color){0, 0, 0, (Uint8)(t->color.a * 3 / 4)};
            x = k == 1 ? roundf(p->ux[i] + 2 * g->scale) : x + 2 * g->scale;
            y = roundf(p->uy[i] + 3 * g->scale);
        }
        draw_run(g, f, x, y, c, p->line[i].s, p->line[i].n, k);
    }
}

static GfxFit text_box(Gfx *g, SDL_FRect box, const GfxText *t, const char *s, bool draw)
{
    GfxFit none = {.ink = {box.x, box.y, 0, 0}, .scale = 1};
    if (t->font <= 0 || t->font > g->nfonts || !s || !*s)
        return none;
    Font *f = &g->fonts[t->font];
    Placed *p = malloc(sizeof *p);
    if (!p)
        return none;
    const SDL_FRect out = {g->ox + box.x * g->scale, g->oy + box.y * g->scale, box.w * g->scale,
                           box.h * g->scale};
    p->cx = g->ox + (box.x + box.w / 2) * g->scale;
    fit_text(g, f, out, t, s, p);
    Uint8 *before = NULL;
    const SDL_Rect o = ink_rect(g, p->fit.ink);
    if (draw && t->shadow)
        draw_lines(g, f, t, p, true);
    if (draw && g->recording) /* the background, its shadow already in it */
        gfx_sample_begin(g, o, &before);
    if (draw)
        draw_lines(g, f, t, p, false);
    GfxFit fit = p->fit;
    fit.ink = (SDL_FRect){(fit.ink.x - g->ox) / g->scale, (fit.ink.y - g->oy) / g->scale,
                          fit.ink.w / g->scale, fit.ink.h / g->scale};
    GfxInk *k = draw ? gfx_record_ink(g, GFX_INK_TEXT, s, box, fit.ink, fit.cut) : NULL;
    if (k) {
        k->px = (float)f->px * fit.scale;
        k->bold = strstr(f->path, "Bold") || strstr(f->path, "Black") || strstr(f->path, "Heavy");
        k->color = t->color;
        k->shadow = t->shadow;
    }
    if (before)
        gfx_sample_end(g, k, o, before);
    free(p);
    return fit;
}

GfxFit gfx_text_box(Gfx *g, SDL_FRect box, const GfxText *t, const char *s)
{
    return text_box(g, box, t, s, true);
}

GfxFit gfx_text_fit(Gfx *g, SDL_FRect box, const GfxText *t, const char *s)
{
    return text_box(g, box, t, s, false);
}

SDL_FRect gfx_line_box(Gfx *g, GfxFont f, float x, float y, GfxAlign align, float w)
{
    const float h = gfx_font_height(g, f);
    return (SDL_FRect){align == GFX_LEFT ? x : align == GFX_RIGHT ? x - w : x - w / 2, y, w, h};
}
