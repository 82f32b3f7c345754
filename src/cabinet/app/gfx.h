/* gfx.h - drawing on the cabinet's 1920x1080 logical canvas.
 *
 * Everything is placed in logical pixels; the canvas is scaled to the output and
 * letterboxed. Art is SVG rasterized once at the output's scale (so a blit is a plain copy,
 * never a stretch), and text comes from glyph atlases rendered once per font and size:
 * nothing is loaded or rasterized while a frame is drawn. When the output size changes,
 * gfx_set_output() rasterizes everything again, between frames.
 *
 * Images and fonts are small integer handles owned by the Gfx; 0 is "none". */
#ifndef SLOTCAB_GFX_H
#define SLOTCAB_GFX_H

#include "error.h"

#include <SDL.h>
#include <stdbool.h>
#include <stdint.h>

#define GFX_W 1920
#define GFX_H 1080

typedef struct Gfx Gfx;
typedef int GfxImage;
typedef int GfxFont;

typedef enum GfxAlign { GFX_LEFT, GFX_CENTER, GFX_RIGHT } GfxAlign;

/* assets_dir: where image and font paths are found. */
Gfx *gfx_create(SDL_Renderer *r, const char *assets_dir, Error *err);
void gfx_destroy(Gfx *g);

/* The output is w x h pixels: the canvas is scaled by min(w/1920, h/1080) and centred.
 * Re-rasterizes every image and font loaded so far. */
int gfx_set_output(Gfx *g, int w, int h, Error *err);
/* Output pixel -> logical canvas position. */
SDL_FPoint gfx_to_canvas(const Gfx *g, int x, int y);

/* An SVG (path relative to the assets folder) rasterized at w x h logical pixels. Loading
 * the same file at the same size twice gives the same handle. */
int gfx_load_image(Gfx *g, const char *path, int w, int h, GfxImage *out, Error *err);
/* Several SVGs composed once into one image of w x h logical pixels: the first fills it,
 * each other is laid on top at its own logical rectangle; then darkened by `dim` (0 none
 * .. 1 black). Static art drawn together (a backdrop, a symbol on its cell) becomes one
 * picture, and one on an opaque first layer is opaque: drawing it is a plain copy. */
#define GFX_MAX_LAYERS 16
typedef struct GfxLayer {
    const char *path; /* an SVG, or with `text` a font */
    float x, y, w, h; /* an SVG's rectangle; text: its anchor (x by align, y its top), h its
                       * size, w the widest it may be (0: any): wider, it is drawn smaller
                       * with its middle where it was */
    const char *text; /* NULL: an SVG layer */
    GfxAlign align;
    SDL_Color color;  /* text colour; an SVG's tint when color.a is nonzero */
    bool shadow;      /* text: a dark shadow down-right, as gfx_text_shadow */
} GfxLayer;
/* Layer makers. */
GfxLayer gfx_svg_layer(const char *path, float x, float y, float w, float h);
GfxLayer gfx_text_layer(const char *font, float px, float x, float y, GfxAlign align,
                        SDL_Color color, bool shadow, const char *text);
int gfx_load_stack(Gfx *g, const GfxLayer *layers, int n, int w, int h, float dim,
                   GfxImage *out, Error *err);
/* A TrueType font at a size in logical pixels, as a glyph atlas of printable ASCII and the
 * few other characters the cabinet prints (euro sign, multiplication sign, bullet). */
int gfx_load_font(Gfx *g, const char *path, int px, GfxFont *out, Error *err);
/* Keeps the font's glyphs ready in colour c and in c's shadow (gfx_text_shadow): text in
 * exactly those colours is then copied with no colour modulation, which the software
 * renderer blends several times faster. For the large text of banners. */
int gfx_font_tint(Gfx *g, GfxFont font, SDL_Color c, Error *err);

void gfx_clear(Gfx *g, SDL_Color c);
/* Clears only the letterbox bars around the canvas: for a frame whose drawing covers the
 * canvas with opaque pixels. */
void gfx_clear_outside(Gfx *g, SDL_Color c);
/* True when every pixel of the image is opaque (it is copied, not blended). */
bool gfx_image_opaque(const Gfx *g, GfxImage img);
void gfx_present(Gfx *g);
/* Limits drawing to a logical rectangle; NULL lifts the limit. */
void gfx_clip(Gfx *g, const SDL_FRect *r);

/* An image at its loaded size (w = h = 0) or stretched to w x h; alpha 0..1. */
void gfx_image(Gfx *g, GfxImage img, float x, float y, float w, float h, float alpha);
/* An image scaled by `zoom` about its centre (cx, cy). */
/* The part of an image drawn at (0, 0) at its rasterized size that falls in `area`. */
void gfx_image_part(Gfx *g, GfxImage img, SDL_FRect area);
void gfx_image_zoom(Gfx *g, GfxImage img, float cx, float cy, float zoom, float alpha);
void gfx_rect(Gfx *g, SDL_FRect r, SDL_Color c);
void gfx_frame(Gfx *g, SDL_FRect r, float width, SDL_Color c);
/* A polyline of the given width, drawn as square stamps along it. */
void gfx_polyline(Gfx *g, const SDL_FPoint *pts, int n, float width, SDL_Color c);

/* Draws UTF-8 text with its top at y; returns its width. Characters outside the atlas are
 * drawn as '?'. */
float gfx_text(Gfx *g, GfxFont f, float x, float y, GfxAlign align, SDL_Color c, const char *s);
/* Text with a dark shadow offset down-right, for text over art. */
float gfx_text_shadow(Gfx *g, GfxFont f, float x, float y, GfxAlign align, SDL_Color c,
                      const char *s);
float gfx_text_width(Gfx *g, GfxFont f, const char *s);
/* Line height of a font in logical pixels. */
float gfx_font_height(Gfx *g, GfxFont f);

/* Copies the output into a new RGBA surface (for screenshots). */
SDL_Surface *gfx_read_pixels(Gfx *g);

/* A region drawn once and then copied until what it shows changes: the caller names that
 * with a key (gfx_hash over the texts and states it draws). gfx_cache_begin either copies
 * the kept picture and returns false, or returns true with drawing redirected into the
 * picture, in canvas coordinates as usual, until gfx_cache_end, which shows it. The region
 * must be drawn opaque (start it with the backdrop under it). Where the renderer has no
 * render targets, begin always returns true and the region is drawn directly, clipped to
 * itself; either way it ends up covered. */
typedef struct GfxCache {
    SDL_Texture *tex;
    int x, y, w, h; /* in output pixels */
    uint64_t key;
    unsigned generation;
    bool valid, drawing;
    bool clipped;   /* drawing directly, clipped to the region */
    float ox, oy;   /* the output's offsets while drawing into it */
} GfxCache;
bool gfx_cache_begin(Gfx *g, GfxCache *c, SDL_FRect area, uint64_t key);
void gfx_cache_end(Gfx *g, GfxCache *c);
void gfx_cache_free(GfxCache *c);
/* Every cached region is drawn again at its next use (the renderer lost its targets). */
void gfx_invalidate_caches(Gfx *g);
/* FNV-1a over n bytes, continuing from h (start with GFX_HASH_START). */
#define GFX_HASH_START 14695981039346656037ull
uint64_t gfx_hash(uint64_t h, const void *p, size_t n);
uint64_t gfx_hash_str(uint64_t h, const char *s);

#endif
