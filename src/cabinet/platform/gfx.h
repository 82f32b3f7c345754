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
/* The surface the software renderer draws on, when it keeps its pixels from frame to frame
 * (headless): each frame is then drawn again only where it changed (gfx_damage.c; the same
 * pixels as drawn whole). Not while the layout is recorded; SLOTCAB_FULL_FRAMES=1 in the
 * environment draws every frame whole, to compare. */
void gfx_set_target(Gfx *g, SDL_Surface *target);
/* A frame's start and end (its drawing waits for the end, gfx_damage.c). */
void gfx_frame_begin(Gfx *g);
void gfx_frame_end(Gfx *g);
/* Drawing again only what changed: on or off (off: every draw made at once). */
void gfx_damage_use(Gfx *g, bool on);
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
/* A text layer at most w logical pixels wide (drawn smaller to fit). */
GfxLayer gfx_text_layer_w(const char *font, float px, float x, float y, float w, GfxAlign align,
                          SDL_Color color, bool shadow, const char *text);
int gfx_load_stack(Gfx *g, const GfxLayer *layers, int n, int w, int h, float dim,
                   GfxImage *out, Error *err);
/* The same, smeared up and down by `blur` logical pixels: a symbol flying by. */
int gfx_load_blurred(Gfx *g, const GfxLayer *layers, int n, int w, int h, float dim, float blur,
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
/* An image's logical size. */
void gfx_image_size(const Gfx *g, GfxImage img, float *w, float *h);
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

/* ---- text in a box ---------------------------------------------------------------------
 *
 * Every string on screen is drawn into a box: it is fitted to the box (drawn smaller, down
 * to a floor share of its size; then, when it may wrap, broken at spaces into lines from its
 * full size down to the floor again) and never spills: what still does not fit is cut with
 * "..." and the fit says so. "Ink" is the pixels a string really covers (each glyph's own
 * extent, measured once per atlas), so a fit is judged on what is seen, not on line boxes. */
typedef enum GfxVAlign { GFX_TOP, GFX_MIDDLE, GFX_BOTTOM } GfxVAlign;
typedef struct GfxText {
    GfxFont font;
    SDL_Color color;
    GfxAlign align;   /* in the box */
    GfxVAlign valign; /* TOP: the first line's top at the box's top (as a line of text is
                       * placed); MIDDLE, BOTTOM: its capitals centred, or resting on the
                       * bottom */
    bool shadow;      /* a dark shadow down-right, for text over art */
    bool wrap;        /* may break at spaces into lines */
    float floor;      /* the smallest share of its size it may be drawn at (0: 0.7) */
} GfxText;
typedef struct GfxFit {
    SDL_FRect ink; /* what it covers, in canvas pixels (shadow not counted) */
    float scale;   /* drawn at this share of the font's size */
    int lines;
    bool cut;      /* it did not fit even at the floor: drawn cut, ending "..." */
} GfxFit;
#define GFX_FLOOR 0.7f
/* Draws s fitted into box and says how it fitted. */
GfxFit gfx_text_box(Gfx *g, SDL_FRect box, const GfxText *t, const char *s);
/* The same fit, not drawn. */
GfxFit gfx_text_fit(Gfx *g, SDL_FRect box, const GfxText *t, const char *s);
/* A box of one line of font f around an anchor as a line of text was placed: x by align
 * (the box's left, centre or right), y its top, w its width. */
SDL_FRect gfx_line_box(Gfx *g, GfxFont f, float x, float y, GfxAlign align, float w);
/* The width of a string at the font's full size, and the font's line height. */
float gfx_text_width(Gfx *g, GfxFont f, const char *s);
float gfx_font_height(Gfx *g, GfxFont f);

/* ---- the planes: one layer order for every scene -----------------------------------------
 *
 * Every scene draws its frame in these planes, in this order, and says which one it is in
 * with gfx_plane before drawing it: nothing of a lower plane is drawn after a higher one.
 * Covering a string is meant only from a covering plane (GFX_PLANE_DIM and above: a dim over
 * the reels' words, a celebration, a banner, a window over the panel) when it is a higher
 * plane than the string's; anything else drawn over a string (a win plate over a meter, a
 * badge over a symbol's WILD, coins over the count, a plate over a prize) is a clash the
 * layout check reports. A frame starts in GFX_PLANE_BOARD (gfx_record_clear, and
 * gfx_plane_reset at each frame's start).
 *
 * The video slot's scene (slot_draw) calls its kind's hooks in these planes: draw_panel,
 * draw_surround and draw_side in BOARD; the reels in SYMBOLS; draw_on_reels in OVERLAYS;
 * draw_win in WIN; draw_feature in CELEBRATION. A hook may move up (gfx_plane), never
 * below the plane it was called in. */
typedef enum GfxPlane {
    GFX_PLANE_BOARD,       /* backdrop, frames, panels, the deck, side boxes and meters */
    GFX_PLANE_SYMBOLS,     /* the reels' symbols (or the fruit machine's figures) */
    GFX_PLANE_OVERLAYS,    /* on symbols: tombstones, sticky and held frames, badges, ribbons */
    GFX_PLANE_WIN,         /* the win shown: lines, cluster outlines, win plates */
    GFX_PLANE_DIM,         /* veils that push everything below back */
    GFX_PLANE_CELEBRATION, /* light, coins, the tier's plate and count, a feature's moment */
    GFX_PLANE_BANNER,      /* banners and notices over the reels */
    GFX_PLANE_WINDOW,      /* windows, pages and dialogs */
    GFX_PLANE_QA,          /* QA's overlays: the event list, the tags */
    GFX_PLANE__COUNT
} GfxPlane;
/* The plane drawn from now on. Going back to a lower plane is recorded while recording
 * (gfx_plane_faults) and otherwise ignored: the frame is drawn as asked. */
void gfx_plane(Gfx *g, GfxPlane p);
GfxPlane gfx_plane_now(const Gfx *g);
/* Back to the board at a frame's start (the app calls it before a scene draws). */
void gfx_plane_reset(Gfx *g);
/* The plane's name, for reports ("board", "symbols", ...). */
const char *gfx_plane_name(GfxPlane p);
/* How many times this frame went back to a lower plane, and the first time: from, to. */
int gfx_plane_faults(const Gfx *g, GfxPlane *from, GfxPlane *to);

/* ---- the layout's record (slotcab --check-layout) ----------------------------------------
 *
 * While recording, every string drawn (by gfx_text_box, or baked into a picture with a text
 * layer and drawn with gfx_image) is kept with its box, ink, colour and size; elements that
 * text must keep clear of (an icon, a slider) are kept too. Every draw that lands on a
 * string's ink after it (a rect, a frame, a polyline, an image, a panel) is judged against the
 * planes: meant when its plane is GFX_PLANE_DIM or above and higher than the string's (a
 * translucent one is kept as a veil over the string; an opaque one covering the ink whole
 * hides it), otherwise the string is covered, and the first such draw is kept. A text drawn
 * into a box has the pixels behind its glyphs sampled (read back before and after it is
 * drawn: the glyphs are the pixels it changed), so its contrast is judged on what is seen.
 * Caches draw directly while recording, so every frame's strings are seen. */
typedef enum GfxInkKind { GFX_INK_TEXT, GFX_INK_BAKED, GFX_INK_KEEP } GfxInkKind;
#define GFX_MAX_VEILS 4
typedef struct GfxInk {
    GfxInkKind kind;
    char text[96];  /* the string (an element: its name) */
    SDL_FRect box;  /* where it was to fit */
    SDL_FRect ink;  /* what it covers */
    bool cut;
    bool hidden;    /* covered whole by an opaque draw after it: not judged further */
    bool on_panel;  /* written on an opaque panel (a window, a plate, a button)... */
    SDL_FRect panel; /* ...this one, the last drawn under the middle of its ink */
    GfxPlane plane;  /* the plane it was drawn in */
    float px;        /* drawn at this size, canvas pixels (the font's size times the fit's
                      * scale; 0: not known) */
    bool bold;       /* its font is a bold face (for WCAG's large text) */
    SDL_Color color; /* its colour (text drawn into a box) */
    bool shadow;
    int bg0, nbg;    /* its background samples (gfx_ink_background; nbg 0: not sampled) */
    int nveils;      /* meant translucent layers drawn over it, in order */
    SDL_Color veil[GFX_MAX_VEILS];
    bool covered;    /* something not meant was drawn over it after it: */
    char cover_what[24]; /* "rect", "frame", "line", "image", "panel" */
    GfxPlane cover_plane;
    float cover_alpha;   /* 0..1 */
    SDL_FRect cover_ink; /* what it covered, canvas pixels */
} GfxInk;
#define GFX_MAX_PANELS 256
void gfx_record(Gfx *g, bool on);
bool gfx_recording(const Gfx *g);
/* Forgets what was recorded (the start of a frame). */
void gfx_record_clear(Gfx *g);
int gfx_recorded(const Gfx *g, const GfxInk **out);
/* The RGB of the pixels behind a string's glyphs (3 bytes each, k->nbg of them), as they
 * were just before it was drawn (a shadow of its own already under it). */
const Uint8 *gfx_ink_background(const Gfx *g, const GfxInk *k);
/* An element text must not overlap (recorded only while recording). */
void gfx_keep_clear(Gfx *g, SDL_FRect r, const char *what);
/* An opaque panel over r, drawn now in the current plane: what was recorded under it is
 * covered by it. */
void gfx_cover(Gfx *g, SDL_FRect r);
/* Whether ink a and b overlap by more than a canvas pixel each way (what the layout calls
 * one string over another, or a draw landing on a string). */
bool gfx_ink_overlap(SDL_FRect a, SDL_FRect b);

/* Copies the output into a new RGBA surface (for screenshots). */
SDL_Surface *gfx_read_pixels(Gfx *g);

/* A region drawn once and then copied until what it shows changes: the caller names that
 * with a key (gfx_hash over the texts and states it draws). gfx_cache_begin either copies
 * the kept picture and returns false, or returns true with drawing redirected into the
 * picture, in canvas coordinates as usual, until gfx_cache_end, which shows it. The region
 * must be drawn opaque (start it with the backdrop under it). Where the renderer has no
 * render targets, begin always returns true and the region is drawn directly, clipped to
 * itself; either way it ends up covered. So it is too while frames are drawn only where
 * they change (headless, gfx_damage.c): the region's drawing then is the frame's like any
 * other, and only the part of it that changed is drawn again, not the whole region. */
typedef struct GfxCache {
    SDL_Texture *tex;
    int x, y, w, h; /* in output pixels */
    uint64_t key;
    unsigned generation;
    bool valid, drawing;
    bool clipped;   /* drawing directly, clipped to the region */
    bool direct;    /* the same, while frames are drawn only where they change */
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
