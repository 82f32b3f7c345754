/* gfx_priv.h - what gfx.c (the canvas, art, atlases, the layout's record and caches) and
 * gfx_text.c (text in a box) share: the drawing state and its images and fonts. Private to
 * them. */
#ifndef SLOTCAB_GFX_PRIV_H
#define SLOTCAB_GFX_PRIV_H

#include "gfx.h"

#include <SDL_ttf.h>

#define GFX_MAX_IMAGES 1024 /* every game's art stays cached: a session may visit all four */
#define GFX_MAX_FONTS 24
#define GFX_ATLAS_W 2048
#define GFX_MAX_TINTS 16 /* the fonts are shared: a session may visit every game */

/* Printable ASCII, then the extras; the index of a character in this list is its glyph. */
static const Uint32 extra_glyphs[] = {0x20AC /* € */, 0x00D7 /* × */, 0x2022 /* • */,
                                      0x2013 /* – */, 0x00B7 /* · */,
                                      /* Spanish (core/lang.h): the no-break space money keeps
                                       * before its €, ¡ ¿ º ª and the accented letters */
                                      0x00A0, 0x00A1, 0x00BF, 0x00BA, 0x00AA, 0x00C1, 0x00C9,
                                      0x00CD, 0x00D1, 0x00D3, 0x00DA, 0x00DC, 0x00E1, 0x00E9,
                                      0x00ED, 0x00F1, 0x00F3, 0x00FA, 0x00FC};
#define GFX_ASCII_FIRST 32
#define GFX_ASCII_LAST 126
#define GFX_GLYPHS (GFX_ASCII_LAST - GFX_ASCII_FIRST + 1 + (int)SDL_arraysize(extra_glyphs))

typedef struct Image {
    char path[160]; /* the first layer's */
    int w, h; /* logical size */
    int nlayers;    /* more than one: pictures laid on the first, once, at load */
    GfxLayer layer[GFX_MAX_LAYERS];
    char layer_path[GFX_MAX_LAYERS][160];
    char layer_text[GFX_MAX_LAYERS][64];
    float dim;      /* darkened by this much (0..1) */
    float blur;     /* smeared up and down by this many logical pixels (motion blur) */
    SDL_FRect layer_box[GFX_MAX_LAYERS], layer_ink[GFX_MAX_LAYERS]; /* text layers, logical */
    bool layer_cut[GFX_MAX_LAYERS]; /* too wide even at the floor size */
    float layer_px[GFX_MAX_LAYERS]; /* text layers: the size drawn at, logical */
    SDL_Texture *tex;
    int tw, th; /* texture size */
    bool opaque;
} Image;

typedef struct Font {
    char path[160];
    int px; /* logical size */
    SDL_Texture *atlas;
    SDL_Rect glyph[GFX_GLYPHS]; /* in the atlas */
    int advance[GFX_GLYPHS];    /* in output pixels */
    int height;                 /* in output pixels */
    SDL_Rect ink[GFX_GLYPHS];   /* each glyph's inked pixels, from its place (w 0: none) */
    int xoff[GFX_GLYPHS];       /* where its picture starts from the pen (a negative left
                                 * bearing, as J's, reaches back under the last letter) */
    int cap_top, cap_bottom;    /* the ink of "H", from the line's top */
    /* copies of the atlas already in a colour, drawn with no colour modulation (the
     * software renderer's modulated blend is several times slower than a plain one) */
    int ntints;
    SDL_Surface *white; /* the atlas's pixels, white */
    SDL_Color tint[GFX_MAX_TINTS];
    SDL_Texture *tinted[GFX_MAX_TINTS];
} Font;

/* ---- drawing again only what changed (gfx_damage.c) ---------------------------------- */
enum { GFX_OP_COPY, GFX_OP_FILL };
typedef struct GfxOp {
    int kind;
    SDL_Texture *tex;     /* a copy's */
    uint32_t version;     /* its content's version */
    bool has_src;
    SDL_Rect src;
    SDL_FRect dst;
    int rect0, nrects;    /* a fill's rectangles, in the frame's pool */
    SDL_Color color;      /* a fill's colour; a copy's modulation (alpha in a) */
    SDL_BlendMode blend;
    bool clipped;
    SDL_Rect clip;
    SDL_Rect box;         /* the output pixels it may touch */
    bool exact;           /* clipped further, it draws the same pixels inside */
    bool opaque;          /* what it covers, it covers whole */
    uint64_t hash;
} GfxOp;
#define GFX_DMG_TEXTURES 4096
typedef struct GfxDamage {
    bool on;        /* drawing onto a surface that keeps its pixels, not recording */
    bool deferring; /* this frame's operations wait for its end */
    bool prev_ok;   /* the output holds the last frame's operations, drawn */
    uint32_t frame, versions;
    unsigned generation;
    int out_w, out_h;
    GfxOp *cur, *prev;
    int ncur, capcur, nprev, capprev;
    SDL_FRect *rects; /* this frame's fills' rectangles */
    int nrects, caprects;
    unsigned char *tiles; /* damage, TILE px each */
    int tw, th;
    int *occ;             /* a damaged tile's last operation drawing all of it (gfx_damage.c) */
    int occ_n;
    bool occ_on;
    struct TexVersion {
        SDL_Texture *tex;
        uint32_t version, used;
    } tex[GFX_DMG_TEXTURES];
} GfxDamage;

/* What gfx.c, gfx_text.c and gfx_glow.c draw with instead of SDL_RenderCopyF and
 * SDL_RenderFillRectsF: kept as the frame's operations when gfx_damage_use is on. */
void gfx_q_copy(Gfx *g, SDL_Texture *t, const SDL_Rect *src, const SDL_FRect *dst);
void gfx_q_copy_i(Gfx *g, SDL_Texture *t, const SDL_Rect *src, const SDL_Rect *dst);
void gfx_q_fill(Gfx *g, const SDL_FRect *rects, int n);
/* The texture's content changes now (a cache or a still drawn again). */
void gfx_q_touch(Gfx *g, SDL_Texture *t);
/* The frame so far drawn now (before reading the output). */
void gfx_damage_flush(Gfx *g);
void gfx_damage_free(Gfx *g);

/* A rectangle as the software renderer makes it whole pixels: x, y, w and h each truncated. */
static inline SDL_Rect gfx_px_rect(SDL_FRect f)
{
    return (SDL_Rect){(int)f.x, (int)f.y, (int)f.w, (int)f.h};
}

/* An operation drawn onto the output as the renderer would, faster (gfx_fast.c): a blended
 * fill, or a scaled blended copy from a kept stretch, clipped to `clip`; false when it is
 * not one of those (the renderer draws it then). */
typedef struct GfxFast GfxFast;
bool gfx_fast_op(Gfx *g, const GfxOp *op, SDL_Rect clip);
void gfx_fast_free(Gfx *g);
/* SDL's blended fill of r (within s) with c; src's pixels from `from` (d's size) blended
 * onto dst at d, modulated by mod's colour and alpha, as SDL's Modulate_Blend blitter does.
 * ARGB8888 surfaces. */
void gfx_fast_fill(SDL_Surface *s, SDL_Rect r, SDL_Color c);
void gfx_fast_blend(const SDL_Surface *src, SDL_Point from, SDL_Surface *dst, SDL_Rect d, SDL_Color mod);

struct Gfx {
    SDL_Renderer *r;
    char assets[256];
    int out_w, out_h;
    float scale, ox, oy;
    int nimages, nfonts;
    unsigned generation; /* bumped when cached regions must be drawn again */
    Image images[GFX_MAX_IMAGES + 1]; /* [0] unused: handle 0 is none */
    Font fonts[GFX_MAX_FONTS + 1];
    bool clipped;  /* drawing is limited to `clip` (logical) */
    SDL_FRect clip;
    bool recording;
    GfxInk *rec;
    int nrec, caprec;
    SDL_FRect panel[GFX_MAX_PANELS]; /* the opaque panels drawn this frame, in order */
    int npanels;
    GfxPlane plane;       /* the plane drawn now */
    int plane_faults;     /* returns to a lower plane this frame (while recording) */
    GfxPlane fault_from, fault_to; /* the first of them */
    const char *rect_what; /* what gfx_rect draws, for the record ("rect"; "frame" in gfx_frame) */
    Uint8 *bg;             /* the recorded strings' background samples, RGB */
    int nbg, capbg;
    SDL_Surface *target;   /* the output's surface, when known (headless) */
    GfxDamage dmg;
    GfxFast *fast;         /* kept stretches (gfx_fast.c) */
    /* a cached region drawn directly (frames drawn only where they change): the output
     * pixels it is clipped to, and the clip it was begun under */
    bool in_region, region_had_clip;
    SDL_Rect region, region_outer;
};

/* Whether two colours are the same (a font's tinted atlases are kept by colour). */
bool gfx_same_color(SDL_Color a, SDL_Color b);
/* Keeps a string (or an element) drawn while recording, for the layout check; the record, to
 * fill in further (NULL: not recorded, clipped away). */
GfxInk *gfx_record_ink(Gfx *g, GfxInkKind kind, const char *text, SDL_FRect box, SDL_FRect ink,
                       bool cut);
/* A draw over r (canvas pixels) in colour c (a.a 0: an image's, not known) at alpha 0..1,
 * opaque when nothing under it shows through: judged against every string recorded before
 * it (gfx.h's record). Opaque and alpha >= 0.8: also a panel strings may be written on. */
void gfx_record_over(Gfx *g, SDL_FRect r, SDL_Color c, float alpha, bool opaque, const char *what);
/* One segment of a polyline of the given width, the same way. */
void gfx_record_segment(Gfx *g, SDL_FPoint a, SDL_FPoint b, float width, SDL_Color c);
/* Whether two rectangles share any area. */
bool gfx_meets(SDL_FRect a, SDL_FRect b);
/* Around the drawing of text k (output rect o, output pixels): before, the background is read;
 * after, the pixels the text changed are its glyphs, and the background behind them is kept
 * as k's samples. */
void gfx_sample_begin(Gfx *g, SDL_Rect o, Uint8 **before);
void gfx_sample_end(Gfx *g, GfxInk *k, SDL_Rect o, Uint8 *before);

#endif
