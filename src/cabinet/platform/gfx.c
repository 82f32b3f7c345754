/* gfx.c - the logical canvas, rasterized art and glyph atlases.
 *
 * The canvas is mapped to the output by one scale and one offset (letterboxing), applied
 * here rather than by SDL_RenderSetLogicalSize, so that art rasterized at the output scale
 * is copied pixel for pixel: the software renderer then blits instead of stretching, which
 * keeps a frame within its budget. Each image remembers its file and logical size, so a
 * change of output size rasterizes it again at the new scale. Text is drawn from one atlas
 * texture per font and size, holding every character the cabinet prints. */
#include "gfx.h"

#include <assert.h>
#include <SDL_ttf.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gfx_priv.h"
#include "readfile.h"
#include "svgcache.h"

Gfx *gfx_create(SDL_Renderer *r, const char *assets_dir, Error *err)
{
    Gfx *g = calloc(1, sizeof *g);
    if (!g) {
        error_set(err, "out of memory");
        return NULL;
    }
    g->r = r;
    g->rect_what = "rect";
    snprintf(g->assets, sizeof g->assets, "%s", assets_dir);
    int w = GFX_W, h = GFX_H;
    SDL_GetRendererOutputSize(r, &w, &h);
    if (gfx_set_output(g, w, h, err)) {
        free(g);
        return NULL;
    }
    return g;
}

void gfx_destroy(Gfx *g)
{
    if (!g)
        return;
    gfx_damage_free(g);
    for (int i = 1; i <= g->nimages; i++)
        SDL_DestroyTexture(g->images[i].tex);
    for (int i = 1; i <= g->nfonts; i++) {
        SDL_DestroyTexture(g->fonts[i].atlas);
        SDL_FreeSurface(g->fonts[i].white);
        for (int k = 0; k < g->fonts[i].ntints; k++)
            SDL_DestroyTexture(g->fonts[i].tinted[k]);
    }
    free(g->rec);
    free(g->bg);
    free(g);
}


SDL_FPoint gfx_to_canvas(const Gfx *g, int x, int y)
{
    return (SDL_FPoint){((float)x - g->ox) / g->scale, ((float)y - g->oy) / g->scale};
}

/* True when every pixel is (nearly) opaque; then makes it exactly opaque. A full-size
 * rectangle in an SVG rasterized at a fractional scale leaves its edge pixels a little
 * transparent; those count as opaque, so the picture can be copied instead of blended. */
static bool surface_opaque(SDL_Surface *s)
{
    if (s->format->format != SDL_PIXELFORMAT_ARGB8888)
        return false;
    for (int y = 0; y < s->h; y++) {
        const Uint32 *row = (const Uint32 *)((const Uint8 *)s->pixels + y * s->pitch);
        for (int x = 0; x < s->w; x++)
            if (row[x] >> 24 < 0xF0)
                return false;
    }
    for (int y = 0; y < s->h; y++) {
        Uint32 *row = (Uint32 *)((Uint8 *)s->pixels + y * s->pitch);
        for (int x = 0; x < s->w; x++)
            row[x] |= 0xff000000u;
    }
    return true;
}

/* An SVG from the assets folder as a tw x th surface in the output's pixel format. */
static SDL_Surface *load_svg(Gfx *g, const char *path, int tw, int th, Error *err)
{
    char full[512];
    snprintf(full, sizeof full, "%s/%s", g->assets, path);
    return svgcache_load(full, tw, th, err);
}

/* Darkens a surface's colours by `dim` (0..1), keeping its alpha. */
/* Each pixel the mean of the 2r+1 above and below it (clamped at the edges): the vertical
 * smear of a symbol flying by. */
static void surface_smear(SDL_Surface *s, int r)
{
    if (r < 1 || SDL_LockSurface(s))
        return;
    Uint32 *col = malloc((size_t)s->h * sizeof *col);
    for (int x = 0; col && x < s->w; x++) {
        for (int y = 0; y < s->h; y++)
            col[y] = *(Uint32 *)((Uint8 *)s->pixels + y * s->pitch + x * 4);
        for (int y = 0; y < s->h; y++) {
            Uint32 sum[4] = {0, 0, 0, 0};
            for (int k = -r; k <= r; k++) {
                int yy = y + k < 0 ? 0 : y + k >= s->h ? s->h - 1 : y + k;
                for (int ch = 0; ch < 4; ch++)
                    sum[ch] += col[yy] >> (8 * ch) & 255;
            }
            Uint32 p = 0;
            for (int ch = 0; ch < 4; ch++)
                p |= (sum[ch] / (Uint32)(2 * r + 1)) << (8 * ch);
            *(Uint32 *)((Uint8 *)s->pixels + y * s->pitch + x * 4) = p;
        }
    }
    free(col);
    SDL_UnlockSurface(s);
}

static void surface_dim(SDL_Surface *s, float dim)
{
    Uint32 keep = (Uint32)lroundf((1 - dim) * 256);
    for (int y = 0; y < s->h; y++) {
        Uint32 *row = (Uint32 *)((Uint8 *)s->pixels + y * s->pitch);
        for (int x = 0; x < s->w; x++) {
            Uint32 p = row[x];
            Uint32 r = ((p >> 16 & 255) * keep) >> 8, gg = ((p >> 8 & 255) * keep) >> 8,
                   b = ((p & 255) * keep) >> 8;
            row[x] = (p & 0xff000000u) | r << 16 | gg << 8 | b;
        }
    }
}

/* A TrueType font at px output pixels (at least 4), hinted as every font here. */
static TTF_Font *open_font(const char *full, int px, Error *err)
{
    if (readfile_check(full, full, READFILE_PICTURE_MAX, err))
        return NULL;
    TTF_Font *font = TTF_OpenFont(full, px < 4 ? 4 : px);
    if (!font)
        error_set(err, "%s: cannot open font: %s", full, TTF_GetError());
    else
        TTF_SetFontHinting(font, TTF_HINTING_LIGHT);
    return font;
}

/* Text rendered straight from the font onto a surface, at the output's scale. */
/* The rectangle of a 32-bit surface's pixels that are more than faintly inked (w 0: none). */
static SDL_Rect surface_ink(SDL_Surface *s)
{
    SDL_Surface *c = SDL_ConvertSurfaceFormat(s, SDL_PIXELFORMAT_ARGB8888, 0);
    SDL_Rect r = {0, 0, 0, 0};
    if (!c)
        return r;
    int x0 = c->w, y0 = c->h, x1 = -1, y1 = -1;
    for (int y = 0; y < c->h; y++) {
        const Uint32 *row = (const Uint32 *)((const Uint8 *)c->pixels + y * c->pitch);
        for (int x = 0; x < c->w; x++)
            if ((row[x] >> 24) > 48) {
                x0 = x < x0 ? x : x0;
                x1 = x > x1 ? x : x1;
                y0 = y < y0 ? y : y0;
                y1 = y > y1 ? y : y1;
            }
    }
    SDL_FreeSurface(c);
    if (x1 >= 0)
        r = (SDL_Rect){x0, y0, x1 - x0 + 1, y1 - y0 + 1};
    return r;
}

static int lay_text(Gfx *g, SDL_Surface *s, const GfxLayer *l, SDL_FRect *ink, bool *cut, float *size,
                    Error *err)
{
    char full[512];
    snprintf(full, sizeof full, "%s/%s", g->assets, l->path);
    int px = (int)lroundf(l->h * g->scale), drop = 0;
    TTF_Font *font = open_font(full, px, err);
    if (!font)
        return -1;
    /* too wide: smaller until it fits, moved down by half the height it lost */
    const int maxw = (int)lroundf(l->w * g->scale), h0 = TTF_FontHeight(font);
    int tw = 0;
    const int least = (int)lroundf((float)px * GFX_FLOOR); /* no smaller than a box's text */
    while (maxw > 0 && !TTF_SizeUTF8(font, l->text, &tw, NULL) && tw > maxw && px > least) {
        TTF_CloseFont(font);
        int fit = px * maxw / tw;
        px = fit < px ? fit : px - 1;
        px = px < least ? least : px;
        if (!(font = open_font(full, px, err)))
            return -1;
        drop = (h0 - TTF_FontHeight(font)) / 2;
    }
    *cut = maxw > 0 && !TTF_SizeUTF8(font, l->text, &tw, NULL) && tw > maxw;
    *size = (float)px / g->scale;
    int rc = 0;
    for (int pass = l->shadow ? 0 : 1; pass < 2 && !rc; pass++) {
        SDL_Color c = l->color;
        if (pass == 0)
            c = (SDL_Color){0, 0, 0, (Uint8)(c.a * 3 / 4)};
        SDL_Surface *t = TTF_RenderUTF8_Blended(font, l->text, c);
        if (!t) {
            rc = error_set(err, "%s: cannot render \"%s\": %s", full, l->text, TTF_GetError());
            break;
        }
        int x = (int)lroundf(l->x * g->scale), y = (int)lroundf(l->y * g->scale) + drop;
        if (l->align == GFX_CENTER)
            x -= t->w / 2;
        else if (l->align == GFX_RIGHT)
            x -= t->w;
        if (pass == 0) {
            x += (int)lroundf(2 * g->scale);
            y += (int)lroundf(3 * g->scale);
        } else {
            SDL_Rect k = surface_ink(t);
            *ink = (SDL_FRect){(float)(x + k.x) / g->scale, (float)(y + k.y) / g->scale,
                               (float)k.w / g->scale, (float)k.h / g->scale};
        }
        SDL_SetSurfaceBlendMode(t, SDL_BLENDMODE_BLEND);
        SDL_Rect at = {x, y, t->w, t->h};
        SDL_BlitSurface(t, NULL, s, &at);
        SDL_FreeSurface(t);
    }
    TTF_CloseFont(font);
    return rc;
}

/* Lays one more layer (an SVG or text) onto a composed surface. */
static int lay(Gfx *g, SDL_Surface *s, const GfxLayer *l, SDL_FRect *ink, bool *cut, float *size,
               Error *err)
{
    if (l->text)
        return lay_text(g, s, l, ink, cut, size, err);
    int lw = (int)lroundf(l->w * g->scale), lh = (int)lroundf(l->h * g->scale);
    SDL_Surface *top = load_svg(g, l->path, lw, lh, err);
    if (!top)
        return -1;
    SDL_SetSurfaceBlendMode(top, SDL_BLENDMODE_BLEND);
    if (l->color.a)
        SDL_SetSurfaceColorMod(top, l->color.r, l->color.g, l->color.b);
    SDL_Rect at = {(int)lroundf(l->x * g->scale), (int)lroundf(l->y * g->scale), lw, lh};
    SDL_BlitSurface(top, NULL, s, &at);
    SDL_FreeSurface(top);
    return 0;
}

static int rasterize_image(Gfx *g, Image *im, Error *err)
{
    int tw = (int)lroundf((float)im->w * g->scale), th = (int)lroundf((float)im->h * g->scale);
    if (tw < 1)
        tw = 1;
    if (th < 1)
        th = 1;
    /* the first layer is the canvas; the others are laid on it here, once, instead of in
     * every frame */
    SDL_Surface *s = load_svg(g, im->layer_path[0], tw, th, err);
    if (!s)
        return -1;
    for (int i = 1; i < im->nlayers; i++)
        if (lay(g, s, &im->layer[i], &im->layer_ink[i], &im->layer_cut[i], &im->layer_px[i], err)) {
            SDL_FreeSurface(s);
            return -1;
        }
    if (im->dim > 0)
        surface_dim(s, im->dim);
    if (im->blur > 0)
        surface_smear(s, (int)lroundf(im->blur * g->scale));
    bool opaque = surface_opaque(s);
    SDL_Texture *t = SDL_CreateTextureFromSurface(g->r, s);
    SDL_FreeSurface(s);
    if (!t)
        return error_set(err, "%s/%s: cannot make a texture: %s", g->assets, im->path, SDL_GetError());
    /* an opaque picture is copied, not blended: a plain copy is several times faster in
     * the software renderer, and a background is the largest thing drawn */
    SDL_SetTextureBlendMode(t, opaque ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND);
    SDL_DestroyTexture(im->tex);
    im->tex = t;
    im->opaque = opaque;
    im->tw = tw;
    im->th = th;
    return 0;
}

static Uint32 glyph_char(int i)
{
    int ascii = GFX_ASCII_LAST - GFX_ASCII_FIRST + 1;
    return i < ascii ? (Uint32)(GFX_ASCII_FIRST + i) : extra_glyphs[i - ascii];
}

static int tint_atlas(Gfx *g, Font *f, int i, SDL_Surface *white, Error *err);

static int rasterize_font(Gfx *g, Font *f, Error *err)
{
    char full[512];
    snprintf(full, sizeof full, "%s/%s", g->assets, f->path);
    TTF_Font *font = open_font(full, (int)lroundf((float)f->px * g->scale), err);
    if (!font)
        return -1;
    f->height = TTF_FontHeight(font);
    SDL_Surface *glyphs[GFX_GLYPHS];
    int x = 0, y = 0, rowh = 0;
    for (int i = 0; i < GFX_GLYPHS; i++) {
        Uint32 ch = glyph_char(i);
        int minx, maxx, miny, maxy, adv = 0;
        TTF_GlyphMetrics32(font, ch, &minx, &maxx, &miny, &maxy, &adv);
        f->advance[i] = adv;
        f->xoff[i] = minx < 0 ? minx : 0;
        glyphs[i] = ch == ' ' || ch == 0x00A0 ? NULL : TTF_RenderGlyph32_Blended(font, ch, (SDL_Color){255, 255, 255, 255});
        int w = glyphs[i] ? glyphs[i]->w : 0, h = glyphs[i] ? glyphs[i]->h : 0;
        if (x + w > GFX_ATLAS_W) {
            x = 0;
            y += rowh + 1;
            rowh = 0;
        }
        f->glyph[i] = (SDL_Rect){x, y, w, h};
        f->ink[i] = glyphs[i] ? surface_ink(glyphs[i]) : (SDL_Rect){0, 0, 0, 0};
        x += w + 1;
        if (h > rowh)
            rowh = h;
    }
    const int H = 'H' - GFX_ASCII_FIRST;
    f->cap_top = f->ink[H].y;
    f->cap_bottom = f->ink[H].y + f->ink[H].h;
    int ah = y + rowh + 1;
    SDL_Surface *atlas = SDL_CreateRGBSurfaceWithFormat(0, GFX_ATLAS_W, ah, 32,
                                                        SDL_PIXELFORMAT_ARGB8888);
    int rc = 0;
    if (!atlas)
        rc = error_set(err, "%s: out of memory for a glyph atlas", full);
    for (int i = 0; i < GFX_GLYPHS; i++) {
        if (!glyphs[i])
            continue;
        if (atlas) {
            SDL_SetSurfaceBlendMode(glyphs[i], SDL_BLENDMODE_NONE);
            SDL_Rect dst = f->glyph[i];
            SDL_BlitSurface(glyphs[i], NULL, atlas, &dst);
        }
        SDL_FreeSurface(glyphs[i]);
    }
    TTF_CloseFont(font);
    if (rc)
        return rc;
    SDL_Texture *t = SDL_CreateTextureFromSurface(g->r, atlas);
    if (!t) {
        SDL_FreeSurface(atlas);
        return error_set(err, "%s: cannot make a texture: %s", full, SDL_GetError());
    }
    SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND);
    SDL_SetTextureScaleMode(t, SDL_ScaleModeLinear); /* text drawn smaller to fit */
    SDL_DestroyTexture(f->atlas);
    f->atlas = t;
    for (int i = 0; i < f->ntints && !rc; i++)
        rc = tint_atlas(g, f, i, atlas, err);
    SDL_FreeSurface(f->white);
    f->white = atlas; /* kept for tints added later */
    return rc;
}

/* The white atlas in tint i (colour times coverage, as modulation would give). */
static int tint_atlas(Gfx *g, Font *f, int i, SDL_Surface *white, Error *err)
{
    SDL_Surface *s = SDL_ConvertSurfaceFormat(white, SDL_PIXELFORMAT_ARGB8888, 0);
    if (!s)
        return error_set(err, "%s: out of memory for a glyph atlas", f->path);
    const SDL_Color c = f->tint[i];
    for (int y = 0; y < s->h; y++) {
        Uint32 *row = (Uint32 *)((Uint8 *)s->pixels + y * s->pitch);
        for (int x = 0; x < s->w; x++) {
            const Uint32 p = row[x];
            const Uint32 a = (p >> 24) * c.a / 255, r = ((p >> 16) & 255) * c.r / 255,
                         gg = ((p >> 8) & 255) * c.g / 255, b = (p & 255) * c.b / 255;
            row[x] = a << 24 | r << 16 | gg << 8 | b;
        }
    }
    SDL_Texture *t = SDL_CreateTextureFromSurface(g->r, s);
    SDL_FreeSurface(s);
    if (!t)
        return error_set(err, "%s: cannot make a texture: %s", f->path, SDL_GetError());
    SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND);
    SDL_SetTextureScaleMode(t, SDL_ScaleModeLinear);
    SDL_DestroyTexture(f->tinted[i]);
    f->tinted[i] = t;
    return 0;
}

int gfx_set_output(Gfx *g, int w, int h, Error *err)
{
    g->out_w = w;
    g->out_h = h;
    float sx = (float)w / GFX_W, sy = (float)h / GFX_H;
    g->scale = sx < sy ? sx : sy;
    g->ox = floorf(((float)w - GFX_W * g->scale) / 2);
    g->oy = floorf(((float)h - GFX_H * g->scale) / 2);
    g->generation++;
    for (int i = 1; i <= g->nimages; i++)
        if (rasterize_image(g, &g->images[i], err))
            return -1;
    for (int i = 1; i <= g->nfonts; i++)
        if (rasterize_font(g, &g->fonts[i], err))
            return -1;
    return 0;
}

static bool same_image(const Image *im, const GfxLayer *layers, int n, int w, int h, float dim,
                       float blur)
{
    if (im->w != w || im->h != h || im->nlayers != n || im->dim != dim || im->blur != blur)
        return false;
    for (int i = 0; i < n; i++) {
        const GfxLayer *a = &im->layer[i], *b = &layers[i];
        if (strcmp(im->layer_path[i], b->path) || a->x != b->x || a->y != b->y || a->w != b->w ||
            a->h != b->h || !a->text != !b->text || (b->text && strcmp(a->text, b->text)) ||
            a->align != b->align || a->shadow != b->shadow ||
            memcmp(&a->color, &b->color, sizeof a->color))
            return false;
    }
    return true;
}

int gfx_load_stack(Gfx *g, const GfxLayer *layers, int n, int w, int h, float dim,
                   GfxImage *out, Error *err)
{
    return gfx_load_blurred(g, layers, n, w, h, dim, 0, out, err);
}

int gfx_load_blurred(Gfx *g, const GfxLayer *layers, int n, int w, int h, float dim, float blur,
                     GfxImage *out, Error *err)
{
    assert(n >= 1 && n <= GFX_MAX_LAYERS);
    for (int i = 1; i <= g->nimages; i++)
        if (same_image(&g->images[i], layers, n, w, h, dim, blur)) {
            *out = i;
            return 0;
        }
    if (g->nimages == GFX_MAX_IMAGES)
        return error_set(err, "%s: too many images (at most %d)", layers[0].path, GFX_MAX_IMAGES);
    Image *im = &g->images[g->nimages + 1];
    memset(im, 0, sizeof *im);
    for (int i = 0; i < n; i++) {
        if (strlen(layers[i].path) >= sizeof im->layer_path[i])
            return error_set(err, "%s: path too long", layers[i].path);
        if (layers[i].text && strlen(layers[i].text) >= sizeof im->layer_text[i])
            return error_set(err, "\"%s\": text too long for a layer", layers[i].text);
        if (i == 0 && layers[i].text)
            return error_set(err, "\"%s\": a stack starts with a picture", layers[i].text);
        snprintf(im->layer_path[i], sizeof im->layer_path[i], "%s", layers[i].path);
        im->layer[i] = layers[i];
        im->layer[i].path = im->layer_path[i];
        if (layers[i].text) {
            snprintf(im->layer_text[i], sizeof im->layer_text[i], "%s", layers[i].text);
            im->layer[i].text = im->layer_text[i];
            /* a text layer's box: its width, or the picture's; a line of its size tall */
            const GfxLayer *l = &layers[i];
            float bw = l->w > 0 ? l->w : (float)w, lh = l->h * 1.25f;
            float bx = l->w > 0 ? (l->align == GFX_CENTER ? l->x - bw / 2
                                   : l->align == GFX_RIGHT ? l->x - bw : l->x)
                                : 0;
            im->layer_box[i] = (SDL_FRect){bx, l->y - l->h * 0.1f, bw, lh + l->h * 0.1f};
        }
    }
    snprintf(im->path, sizeof im->path, "%s", layers[0].path);
    im->nlayers = n;
    im->w = w;
    im->h = h;
    im->dim = dim;
    im->blur = blur;
    if (rasterize_image(g, im, err))
        return -1;
    *out = ++g->nimages;
    return 0;
}

GfxLayer gfx_svg_layer(const char *path, float x, float y, float w, float h)
{
    return (GfxLayer){.path = path, .x = x, .y = y, .w = w, .h = h};
}

GfxLayer gfx_text_layer(const char *font, float px, float x, float y, GfxAlign align,
                        SDL_Color color, bool shadow, const char *text)
{
    return (GfxLayer){.path = font, .x = x, .y = y, .h = px, .text = text, .align = align,
                      .color = color, .shadow = shadow};
}

GfxLayer gfx_text_layer_w(const char *font, float px, float x, float y, float w, GfxAlign align,
                          SDL_Color color, bool shadow, const char *text)
{
    GfxLayer l = gfx_text_layer(font, px, x, y, align, color, shadow, text);
    l.w = w;
    return l;
}

int gfx_load_image(Gfx *g, const char *path, int w, int h, GfxImage *out, Error *err)
{
    GfxLayer one = gfx_svg_layer(path, 0, 0, (float)w, (float)h);
    return gfx_load_stack(g, &one, 1, w, h, 0, out, err);
}

int gfx_load_font(Gfx *g, const char *path, int px, GfxFont *out, Error *err)
{
    for (int i = 1; i <= g->nfonts; i++)
        if (g->fonts[i].px == px && !strcmp(g->fonts[i].path, path)) {
            *out = i;
            return 0;
        }
    if (g->nfonts == GFX_MAX_FONTS)
        return error_set(err, "%s: too many font sizes (at most %d)", path, GFX_MAX_FONTS);
    if (strlen(path) >= sizeof g->fonts[0].path)
        return error_set(err, "%s: path too long", path);
    Font *f = &g->fonts[g->nfonts + 1];
    memset(f, 0, sizeof *f);
    snprintf(f->path, sizeof f->path, "%s", path);
    f->px = px;
    if (rasterize_font(g, f, err))
        return -1;
    *out = ++g->nfonts;
    return 0;
}

bool gfx_same_color(SDL_Color a, SDL_Color b)
{
    return a.r == b.r && a.g == b.g && a.b == b.b && a.a == b.a;
}

static int add_tint(Gfx *g, Font *f, SDL_Color c, Error *err)
{
    for (int i = 0; i < f->ntints; i++)
        if (gfx_same_color(f->tint[i], c))
            return 0;
    if (f->ntints == GFX_MAX_TINTS) /* drawn with colour modulation instead: slower, never wrong */
        return 0;
    f->tint[f->ntints] = c;
    if (tint_atlas(g, f, f->ntints, f->white, err))
        return -1;
    f->ntints++;
    return 0;
}

int gfx_font_tint(Gfx *g, GfxFont font, SDL_Color c, Error *err)
{
    if (font <= 0 || font > g->nfonts)
        return error_set(err, "no such font");
    Font *f = &g->fonts[font];
    if (add_tint(g, f, c, err))
        return -1;
    return add_tint(g, f, (SDL_Color){0, 0, 0, (Uint8)(c.a * 3 / 4)}, err); /* its shadow */
}

void gfx_clear(Gfx *g, SDL_Color c)
{
    SDL_RenderSetClipRect(g->r, NULL);
    SDL_SetRenderDrawColor(g->r, c.r, c.g, c.b, 255);
    if (g->dmg.on) { /* an operation of the frame: a fill of the whole output */
        SDL_SetRenderDrawBlendMode(g->r, SDL_BLENDMODE_NONE);
        gfx_q_fill(g, &(SDL_FRect){0, 0, (float)g->out_w, (float)g->out_h}, 1);
    } else {
        SDL_RenderClear(g->r);
    }
}

void gfx_clear_outside(Gfx *g, SDL_Color c)
{
    SDL_RenderSetClipRect(g->r, NULL);
    SDL_SetRenderDrawBlendMode(g->r, SDL_BLENDMODE_NONE);
    SDL_SetRenderDrawColor(g->r, c.r, c.g, c.b, 255);
    const float cw = GFX_W * g->scale, ch = GFX_H * g->scale, w = (float)g->out_w, h = (float)g->out_h;
    const SDL_FRect bars[] = {{0, 0, w, g->oy}, {0, g->oy + ch, w, h - g->oy - ch},
                              {0, g->oy, g->ox, ch}, {g->ox + cw, g->oy, w - g->ox - cw, ch}};
    for (size_t i = 0; i < SDL_arraysize(bars); i++)
        if (bars[i].w > 0 && bars[i].h > 0)
            gfx_q_fill(g, &bars[i], 1);
}

void gfx_image_size(const Gfx *g, GfxImage img, float *w, float *h)
{
    const bool ok = img > 0 && img <= g->nimages;
    *w = ok ? (float)g->images[img].w : 0;
    *h = ok ? (float)g->images[img].h : 0;
}

bool gfx_image_opaque(const Gfx *g, GfxImage img)
{
    return img > 0 && img <= g->nimages && g->images[img].opaque;
}

void gfx_present(Gfx *g) { SDL_RenderPresent(g->r); }

static SDL_FRect to_out(const Gfx *g, float x, float y, float w, float h)
{
    return (SDL_FRect){g->ox + x * g->scale, g->oy + y * g->scale, w * g->scale, h * g->scale};
}

void gfx_clip(Gfx *g, const SDL_FRect *r)
{
    g->clipped = r != NULL;
    if (r)
        g->clip = *r;
    if (!r) { /* within a region drawn directly: the region's clip again */
        SDL_RenderSetClipRect(g->r, g->in_region ? &g->region : NULL);
        return;
    }
    SDL_FRect o = to_out(g, r->x, r->y, r->w, r->h);
    SDL_Rect c = {(int)lroundf(o.x), (int)lroundf(o.y), (int)lroundf(o.w), (int)lroundf(o.h)};
    if (g->in_region && !SDL_IntersectRect(&c, &g->region, &c))
        c = (SDL_Rect){g->region.x, g->region.y, 0, 0};
    SDL_RenderSetClipRect(g->r, &c);
}

static Uint8 alpha8(float a)
{
    return a <= 0 ? 0 : a >= 1 ? 255 : (Uint8)lroundf(a * 255);
}

void gfx_image(Gfx *g, GfxImage img, float x, float y, float w, float h, float alpha)
{
    if (img <= 0 || img > g->nimages || alpha <= 0)
        return;
    Image *im = &g->images[img];
    SDL_FRect d;
    if ((w == 0 && h == 0) || (w == (float)im->w && h == (float)im->h)) {
        /* at its rasterized size: whole output pixels, so that it is a plain copy */
        d = (SDL_FRect){roundf(g->ox + x * g->scale), roundf(g->oy + y * g->scale),
                        (float)im->tw, (float)im->th};
    } else {
        d = to_out(g, x, y, w, h);
    }
    SDL_SetTextureAlphaMod(im->tex, alpha8(alpha));
    gfx_q_copy(g, im->tex, NULL, &d);
    if (g->recording)
        gfx_record_over(g, (SDL_FRect){x, y, w > 0 ? w : (float)im->w, h > 0 ? h : (float)im->h},
                        (SDL_Color){0, 0, 0, 0}, alpha, im->opaque, "image");
    if (g->recording) {
        const float kx = w > 0 ? w / (float)im->w : 1, ky = h > 0 ? h / (float)im->h : 1;
        for (int i = 1; i < im->nlayers; i++)
            if (im->layer[i].text) {
                const SDL_FRect b = im->layer_box[i], k = im->layer_ink[i];
                GfxInk *ink = gfx_record_ink(g, GFX_INK_BAKED, im->layer_text[i],
                       (SDL_FRect){x + b.x * kx, y + b.y * ky, b.w * kx, b.h * ky},
                       (SDL_FRect){x + k.x * kx, y + k.y * ky, k.w * kx, k.h * ky}, im->layer_cut[i]);
                if (ink)
                    ink->px = im->layer_px[i] * ky;
            }
    }
}


void gfx_image_part(Gfx *g, GfxImage img, SDL_FRect area)
{
    if (img <= 0 || img > g->nimages)
        return;
    Image *im = &g->images[img];
    SDL_FRect o = to_out(g, area.x, area.y, area.w, area.h);
    const float x0 = roundf(g->ox), y0 = roundf(g->oy); /* where the image starts */
    int x = (int)floorf(o.x), y = (int)floorf(o.y);
    int x1 = (int)ceilf(o.x + o.w), y1 = (int)ceilf(o.y + o.h);
    x = x < (int)x0 ? (int)x0 : x;
    y = y < (int)y0 ? (int)y0 : y;
    x1 = x1 > (int)x0 + im->tw ? (int)x0 + im->tw : x1;
    y1 = y1 > (int)y0 + im->th ? (int)y0 + im->th : y1;
    if (x1 <= x || y1 <= y)
        return;
    const SDL_Rect src = {x - (int)x0, y - (int)y0, x1 - x, y1 - y}, dst = {x, y, x1 - x, y1 - y};
    SDL_SetTextureAlphaMod(im->tex, 255);
    gfx_q_copy_i(g, im->tex, &src, &dst);
    if (g->recording) {
        gfx_record_over(g, area, (SDL_Color){0, 0, 0, 0}, 1, im->opaque, "image");
        for (int i = 1; i < im->nlayers; i++)
            if (im->layer[i].text && gfx_meets(im->layer_ink[i], area)) {
                GfxInk *ink = gfx_record_ink(g, GFX_INK_BAKED, im->layer_text[i], im->layer_box[i],
                                             im->layer_ink[i], im->layer_cut[i]);
                if (ink)
                    ink->px = im->layer_px[i];
            }
    }
}

void gfx_image_zoom(Gfx *g, GfxImage img, float cx, float cy, float zoom, float alpha)
{
    if (img <= 0 || img > g->nimages)
        return;
    const Image *im = &g->images[img];
    if (zoom == 1.0f) {
        gfx_image(g, img, cx - (float)im->w / 2, cy - (float)im->h / 2, 0, 0, alpha);
        return;
    }
    float w = (float)im->w * zoom, h = (float)im->h * zoom;
    gfx_image(g, img, cx - w / 2, cy - h / 2, w, h, alpha);
}


void gfx_rect(Gfx *g, SDL_FRect r, SDL_Color c)
{
    SDL_FRect o = to_out(g, r.x, r.y, r.w, r.h);
    SDL_SetRenderDrawBlendMode(g->r, c.a == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(g->r, c.r, c.g, c.b, c.a);
    gfx_q_fill(g, &o, 1);
    if (g->recording)
        gfx_record_over(g, r, c, (float)c.a / 255, c.a == 255, g->rect_what);
}

void gfx_frame(Gfx *g, SDL_FRect r, float width, SDL_Color c)
{
    g->rect_what = "frame";
    gfx_rect(g, (SDL_FRect){r.x, r.y, r.w, width}, c);
    gfx_rect(g, (SDL_FRect){r.x, r.y + r.h - width, r.w, width}, c);
    gfx_rect(g, (SDL_FRect){r.x, r.y + width, width, r.h - 2 * width}, c);
    gfx_rect(g, (SDL_FRect){r.x + r.w - width, r.y + width, width, r.h - 2 * width}, c);
    g->rect_what = "rect";
}


/* A polyline as a run of square stamps a third of the width apart: the software renderer
 * fills many small rectangles far faster than it rasterizes long thin triangles. */
void gfx_polyline(Gfx *g, const SDL_FPoint *pts, int n, float width, SDL_Color c)
{
    enum { BATCH = 256 };
    SDL_FRect r[BATCH];
    int k = 0;
    float w = width * g->scale, step = w / 3 > 1 ? w / 3 : 1;
    SDL_SetRenderDrawBlendMode(g->r, c.a == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(g->r, c.r, c.g, c.b, c.a);
    for (int i = 0; i + 1 < n; i++) {
        float x0 = g->ox + pts[i].x * g->scale, y0 = g->oy + pts[i].y * g->scale;
        float x1 = g->ox + pts[i + 1].x * g->scale, y1 = g->oy + pts[i + 1].y * g->scale;
        float len = sqrtf((x1 - x0) * (x1 - x0) + (y1 - y0) * (y1 - y0));
        if (g->recording)
            gfx_record_segment(g, pts[i], pts[i + 1], width, c);
        int steps = (int)(len / step) + 1;
        for (int j = 0; j <= steps; j++) {
            float t = (float)j / (float)steps;
            r[k++] = (SDL_FRect){roundf(x0 + (x1 - x0) * t - w / 2), roundf(y0 + (y1 - y0) * t - w / 2),
                                 roundf(w), roundf(w)};
            if (k == BATCH) {
                gfx_q_fill(g, r, k);
                k = 0;
            }
        }
    }
    if (k)
        gfx_q_fill(g, r, k);
}

SDL_Surface *gfx_read_pixels(Gfx *g)
{
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, g->out_w, g->out_h, 32,
                                                    SDL_PIXELFORMAT_ABGR8888);
    if (!s)
        return NULL;
    gfx_damage_flush(g);
    if (SDL_RenderReadPixels(g->r, NULL, SDL_PIXELFORMAT_ABGR8888, s->pixels, s->pitch)) {
        SDL_FreeSurface(s);
        return NULL;
    }
    return s;
}

/* ---- cached regions ---------------------------------------------------------------------- */

uint64_t gfx_hash(uint64_t h, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 1099511628211ull;
    return h;
}

uint64_t gfx_hash_str(uint64_t h, const char *s)
{
    return gfx_hash(h, s ? s : "", s ? strlen(s) + 1 : 1);
}

/* No picture to keep: the region is drawn directly, clipped to itself. */
static bool fall_back(Gfx *g, GfxCache *c, SDL_FRect area)
{
    gfx_cache_free(c);
    gfx_clip(g, &area);
    c->clipped = true;
    return true;
}

bool gfx_cache_begin(Gfx *g, GfxCache *c, SDL_FRect area, uint64_t key)
{
    SDL_FRect o = to_out(g, area.x, area.y, area.w, area.h);
    /* whole pixels, the origin rounded down: what is drawn inside then rounds to the same
     * output pixels as drawn directly (roundf(a - n) + n == roundf(a) for a >= n) */
    const int x = (int)floorf(o.x), y = (int)floorf(o.y);
    const int w = (int)ceilf(o.x + o.w) - x, h = (int)ceilf(o.y + o.h) - y;
    if (w <= 0 || h <= 0)
        return false;
    if (!SDL_RenderTargetSupported(g->r) || g->recording)
        return fall_back(g, c, area); /* recording: every string is drawn, and seen */
    const SDL_Rect dst = {x, y, w, h};
    if (g->dmg.on && !g->in_region) {
        /* frames drawn only where they change: drawn directly, clipped to the pixels the
         * picture would cover (and to the clip it would have been copied under) */
        gfx_cache_free(c); /* a picture kept from frames drawn whole */
        c->direct = true;
        g->region_had_clip = SDL_RenderIsClipEnabled(g->r);
        if (g->region_had_clip)
            SDL_RenderGetClipRect(g->r, &g->region_outer);
        g->region = dst;
        if (g->region_had_clip && !SDL_IntersectRect(&dst, &g->region_outer, &g->region))
            g->region = (SDL_Rect){x, y, 0, 0};
        g->in_region = true;
        SDL_RenderSetClipRect(g->r, &g->region);
        return true;
    }
    if (c->tex && c->valid && c->key == key && c->generation == g->generation && c->x == x &&
        c->y == y && c->w == w && c->h == h) {
        gfx_q_copy_i(g, c->tex, NULL, &dst);
        return false;
    }
    if (!c->tex || c->w != w || c->h != h) {
        gfx_cache_free(c);
        c->tex = SDL_CreateTexture(g->r, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_TARGET, w, h);
        if (!c->tex)
            return fall_back(g, c, area); /* out of memory */
        SDL_SetTextureBlendMode(c->tex, SDL_BLENDMODE_NONE);
    }
    gfx_q_touch(g, c->tex); /* drawn again */
    if (SDL_SetRenderTarget(g->r, c->tex))
        return fall_back(g, c, area);
    c->x = x;
    c->y = y;
    c->w = w;
    c->h = h;
    c->key = key;
    c->generation = g->generation;
    c->ox = g->ox;
    c->oy = g->oy;
    c->drawing = true;
    g->ox -= (float)x;
    g->oy -= (float)y;
    return true;
}

void gfx_cache_end(Gfx *g, GfxCache *c)
{
    if (c->direct) {
        c->direct = false;
        g->in_region = false;
        SDL_RenderSetClipRect(g->r, g->region_had_clip ? &g->region_outer : NULL);
        return;
    }
    if (c->clipped) {
        gfx_clip(g, NULL);
        c->clipped = false;
        return;
    }
    if (!c->drawing)
        return;
    c->drawing = false;
    SDL_SetRenderTarget(g->r, NULL);
    g->ox = c->ox;
    g->oy = c->oy;
    c->valid = true;
    gfx_q_copy_i(g, c->tex, NULL, &(SDL_Rect){c->x, c->y, c->w, c->h});
}

void gfx_invalidate_caches(Gfx *g)
{
    g->generation++;
}

void gfx_cache_free(GfxCache *c)
{
    if (c->tex)
        SDL_DestroyTexture(c->tex);
    *c = (GfxCache){0};
}
