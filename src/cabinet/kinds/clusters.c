/* clusters.c - the view of a cluster game (Gonzo's Gold): a grid whose wins are clusters
 * outlined along their edge with their amount, the scatters ringed as they land and counted
 * in a box, the expanding symbol sweeping across its rows and reels, the expanding-symbol prize
 * shown on its own, the nine-tile pick before free spins and its reveal, and a panel of one bet
 * with Bet Settings and AutoPlay (its rounds left on the spin button). The scene calls it
 * through SlotKind; it draws and answers. The pick's and the expansion's moments, their lengths
 * and which wins show together are its play kind's (core/clusters_play.c). */
#include "clusters_play.h"
#include "kinds.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SANS "fonts/DejaVuSans-Bold.ttf"

static const SDL_Color SHADOW = {14, 8, 2, 200};
static const SDL_Color PLATE = {16, 24, 14, 232};
static const SDL_Color WHITE = {255, 255, 255, 255};

#define SWEEP_STEP CLUSTERS_SWEEP_STEP
#define GROW CLUSTERS_GROW
#define REVEAL_FLIP 28    /* ticks a tile takes to turn over */
#define REVEAL_OTHERS 56  /* ticks after the pick when the first of the others turns */
#define REVEAL_STAGGER 5  /* ticks between one of the others turning and the next */
#define STRIPS 24         /* a turning tile is drawn as this many upright strips */
#define PI_F 3.14159265f

/* ---- a cluster's win: its outline and its plate ------------------------------------------ */

#define EDGES_MAX (4 * GRID_MAX_ROWS * GRID_MAX_COLS)

/* The group's edge as closed loops of corners, each moved `in` toward the group: the sides
 * of its cells whose neighbour is not in the group, chained clockwise (where two cells meet
 * only at a corner, the loop turns to keep them apart). v receives the corners, ends[k]
 * where loop k ends; returns the number of loops. */
static int group_loops(const Slot *s, CellMask cells, float in, SDL_FPoint *v, int *ends)
{
    typedef struct { int8_t x, y, dx, dy; bool used; } Edge; /* from a grid corner, a step */
    Edge e[EDGES_MAX];
    int ne = 0;
    for (int r = 0; r < s->def.rows; r++)
        for (int c = 0; c < s->def.cols; c++) {
            if (!(cells & grid_bit(r, c)))
                continue;
            const bool up = r > 0 && (cells & grid_bit(r - 1, c));
            const bool down = r + 1 < s->def.rows && (cells & grid_bit(r + 1, c));
            const bool left = c > 0 && (cells & grid_bit(r, c - 1));
            const bool right = c + 1 < s->def.cols && (cells & grid_bit(r, c + 1));
            if (!up)
                e[ne++] = (Edge){(int8_t)c, (int8_t)r, 1, 0, false};
            if (!right)
                e[ne++] = (Edge){(int8_t)(c + 1), (int8_t)r, 0, 1, false};
            if (!down)
                e[ne++] = (Edge){(int8_t)(c + 1), (int8_t)(r + 1), -1, 0, false};
            if (!left)
                e[ne++] = (Edge){(int8_t)c, (int8_t)(r + 1), 0, -1, false};
        }
    const float cell = (float)s->th.cell, x0 = (float)s->th.reels_x, y0 = (float)s->th.reels_y;
    int nv = 0, nloops = 0;
    for (int first = 0; first < ne; first++) {
        if (e[first].used)
            continue;
        const int start = nv;
        int at = first;
        do {
            Edge *cur = &e[at];
            cur->used = true;
            const int ex = cur->x + cur->dx, ey = cur->y + cur->dy;
            /* the next side from where this one ends: turning right first (clockwise, the
             * group on the right), then straight on, then left */
            int next = -1, best = 9;
            for (int i = 0; i < ne; i++) {
                if (e[i].x != ex || e[i].y != ey || (e[i].used && i != first))
                    continue;
                const int turn = e[i].dx == -cur->dy && e[i].dy == cur->dx ? 0
                                 : e[i].dx == cur->dx && e[i].dy == cur->dy ? 1 : 2;
                if (turn < best) {
                    best = turn;
                    next = i;
                }
            }
            if (next >= 0 && (e[next].dx != cur->dx || e[next].dy != cur->dy)) {
                /* a corner: moved in along both sides' inward normals (right of the way) */
                const float nx = (float)(-cur->dy - e[next].dy), ny = (float)(cur->dx + e[next].dx);
                v[nv++] = (SDL_FPoint){x0 + cell * (float)ex + in * nx, y0 + cell * (float)ey + in * ny};
            }
            at = next;
        } while (at >= 0 && at != first);
        if (nv > start)
            ends[nloops++] = nv;
    }
    return nloops;
}

/* A band of width w along the loops, each pixel covered once (the corners by the sides
 * across), so that a translucent band blends evenly. */
static void band(Gfx *g, const SDL_FPoint *v, const int *ends, int nloops, float w, SDL_Color c)
{
    for (int k = 0, from = 0; k < nloops; from = ends[k++])
        for (int i = from; i < ends[k]; i++) {
            const SDL_FPoint a = v[i], b = v[i + 1 < ends[k] ? i + 1 : from];
            if (a.y == b.y) /* across, corner to corner */
                gfx_rect(g, (SDL_FRect){fminf(a.x, b.x) - w / 2, a.y - w / 2, fabsf(b.x - a.x) + w, w}, c);
            else if (fabsf(b.y - a.y) > w)
                gfx_rect(g, (SDL_FRect){a.x - w / 2, fminf(a.y, b.y) + w / 2, w, fabsf(b.y - a.y) - w}, c);
        }
}

/* The group's outline: a thick line in `col` along its edge, on a dark edge, in a soft glow
 * that breathes. */
static void outline(Slot *s, CellMask cells, float width, SDL_Color col)
{
    Gfx *g = app_gfx(s->app);
    SDL_FPoint v[EDGES_MAX];
    int ends[EDGES_MAX];
    const int n = group_loops(s, cells, 5, v, ends);
    const float breath = 0.8f + 0.2f * sinf((float)app_tick(s->app) * 0.12f);
    static const float glow_w[] = {44, 32, 22, 15}, glow_a[] = {0.08f, 0.13f, 0.2f, 0.3f};
    for (size_t i = 0; i < SDL_arraysize(glow_w); i++) {
        SDL_Color c = col;
        c.a = (Uint8)(255 * glow_a[i] * breath);
        band(g, v, ends, n, glow_w[i], c);
    }
    band(g, v, ends, n, width + 5, SHADOW);
    band(g, v, ends, n, width, col);
    const SDL_Color light = {(Uint8)((col.r + 255) / 2), (Uint8)((col.g + 255) / 2), (Uint8)((col.b + 255) / 2),
                             200};
    band(g, v, ends, n, 2, light);
}

/* The group's cells' bounds on the canvas. */
static SDL_FRect group_bounds(const Slot *s, CellMask cells)
{
    int r0 = 99, r1 = -1, c0 = 99, c1 = -1;
    for (int r = 0; r < s->def.rows; r++)
        for (int c = 0; c < s->def.cols; c++)
            if (cells & grid_bit(r, c)) {
                r0 = r < r0 ? r : r0;
                r1 = r > r1 ? r : r1;
                c0 = c < c0 ? c : c0;
                c1 = c > c1 ? c : c1;
            }
    if (r1 < 0)
        return (SDL_FRect){(float)s->th.reels_x, (float)s->th.reels_y, 0, 0};
    const SDL_FRect a = slot_cell_rect(s, r0, c0), b = slot_cell_rect(s, r1, c1);
    return (SDL_FRect){a.x, a.y, b.x + b.w - a.x, b.y + b.h - a.y};
}

/* How much of r lies over the group's cells grown by `gap`. */
static float covered(const Slot *s, CellMask cells, SDL_FRect r, float gap)
{
    float area = 0;
    for (int i = 0; i < s->def.rows; i++)
        for (int k = 0; k < s->def.cols; k++)
            if (cells & grid_bit(i, k)) {
                const SDL_FRect c = slot_cell_rect(s, i, k);
                const float w = fminf(r.x + r.w, c.x + c.w + gap) - fmaxf(r.x, c.x - gap);
                const float h = fminf(r.y + r.h, c.y + c.h + gap) - fmaxf(r.y, c.y - gap);
                area += w > 0 && h > 0 ? w * h : 0;
            }
    return area;
}

/* Where a w x h plate stands for a group of cells, inside the reels and off the group's
 * symbols: above the group, else below it, else beside it; else (a group that leaves no
 * such room) wherever it covers least of the group, nearest its middle, trying the places
 * that meet the reels' edges or the cells' edges. *cover (may be NULL): how much of the group
 * it covers. */
static SDL_FRect plate_spot(const Slot *s, CellMask cells, float w, float h, float *cover)
{
    const float gap = 10, cell = (float)s->th.cell;
    const SDL_FRect a = {(float)s->th.reels_x + 6, (float)s->th.reels_y + 6, cell * (float)s->def.cols - 12,
                         cell * (float)s->def.rows - 12};
    w = fminf(w, a.w);
    h = fminf(h, a.h);
    const SDL_FRect b = group_bounds(s, cells);
    const float cx = b.x + b.w / 2, cy = b.y + b.h / 2;
    const float ax = fminf(fmaxf(cx - w / 2, a.x), a.x + a.w - w), ay = fminf(fmaxf(cy - h / 2, a.y), a.y + a.h - h);
    const SDL_FRect tries[] = {{ax, b.y - gap - h, w, h}, {ax, b.y + b.h + gap, w, h},
                               {b.x + b.w + gap, ay, w, h}, {b.x - gap - w, ay, w, h}};
    if (cover)
        *cover = 0;
    for (size_t i = 0; i < SDL_arraysize(tries); i++) {
        const SDL_FRect t = tries[i];
        if (t.x >= a.x && t.y >= a.y && t.x + t.w <= a.x + a.w && t.y + t.h <= a.y + a.h)
            return (SDL_FRect){roundf(t.x), roundf(t.y), roundf(t.w), roundf(t.h)};
    }
    float xs[3 + 2 * (GRID_MAX_COLS + 1)] = {ax, a.x, a.x + a.w - w}, ys[3 + 2 * (GRID_MAX_ROWS + 1)] = {ay, a.y,
                                                                                                  a.y + a.h - h};
    int nx = 3, ny = 3;
    for (int c = 0; c <= s->def.cols; c++) {
        const float e = (float)s->th.reels_x + cell * (float)c;
        xs[nx++] = fminf(fmaxf(e + gap, a.x), a.x + a.w - w);
        xs[nx++] = fminf(fmaxf(e - gap - w, a.x), a.x + a.w - w);
    }
    for (int r = 0; r <= s->def.rows; r++) {
        const float e = (float)s->th.reels_y + cell * (float)r;
        ys[ny++] = fminf(fmaxf(e + gap, a.y), a.y + a.h - h);
        ys[ny++] = fminf(fmaxf(e - gap - h, a.y), a.y + a.h - h);
    }
    SDL_FRect best = {ax, ay, w, h};
    float least = covered(s, cells, best, gap), dist = 0;
    for (int j = 0; j < ny; j++)
        for (int i = 0; i < nx; i++) {
            const SDL_FRect t = {xs[i], ys[j], w, h};
            const float c = covered(s, cells, t, gap);
            const float d = (t.x + w / 2 - cx) * (t.x + w / 2 - cx) + (t.y + h / 2 - cy) * (t.y + h / 2 - cy);
            if (c < least - 1 || (c < least + 1 && d < dist)) {
                best = t;
                least = c;
                dist = d;
            }
        }
    if (cover)
        *cover = least;
    return (SDL_FRect){roundf(best.x), roundf(best.y), roundf(best.w), roundf(best.h)};
}

/* A plate with one or two lines of text beside the group of cells it tells of. */
static void plate(Slot *s, CellMask cells, const char *small, const char *big, SDL_Color edge)
{
    Gfx *g = app_gfx(s->app);
    const float pad = 18, fs = small ? gfx_font_height(g, s->f_tiny) : 0, fb = gfx_font_height(g, s->f_mid);
    const float ws = small ? gfx_text_width(g, s->f_tiny, small) : 0, wb = gfx_text_width(g, s->f_mid, big);
    const float h = 10 + (small ? fs + 2 : 0) + fb + 8;
    const SDL_FRect r = plate_spot(s, cells, (ws > wb ? ws : wb) + 2 * pad + 6, h, NULL);
    gfx_rect(g, (SDL_FRect){r.x + 4, r.y + 5, r.w, r.h}, (SDL_Color){0, 0, 0, 110});
    gfx_rect(g, r, PLATE);
    gfx_frame(g, r, 3, edge);
    float y = r.y + 10;
    if (small) {
        kind_line_in(s, s->f_tiny, r.x + pad, y, r.w - 2 * pad, GFX_CENTER, s->th.dim, false, small);
        y += fs + 2;
    }
    kind_line_in(s, s->f_mid, r.x + pad, y, r.w - 2 * pad, GFX_CENTER, WHITE, true, big);
}

static void draw_cluster(Slot *s, const EventWin *w, SDL_Color col)
{
    outline(s, w->cells, 8, col);
    char amount[48], what[96], n[16], x[24];
    slot_amount_text(s, w->amount, amount, sizeof amount);
    if (w->kind == WIN_BONUS) { /* its coins are the bet's coins times the multiple */
        const GameParam *bet_coins = gamedef_param(&s->def, "bet_coins");
        const int64_t coins = bet_coins && bet_coins->v[0] > 0 ? bet_coins->v[0] : 1;
        snprintf(n, sizeof n, "%d", w->count);
        snprintf(x, sizeof x, "%lld", (long long)(w->coins / coins));
        lang_fill(what, sizeof what, _("{1} SCATTERS  \xE2\x80\xA2  BONUS {2}\xC3\x97 BET"), n, x, NULL);
    } else {
        snprintf(what, sizeof what, "%d \xC3\x97 %s", w->count, LANG_SYMBOL(s->def.symbols[w->symbol].name));
    }
    plate(s, w->cells, what, amount, col);
}

/* The prize plate's caption, on one line across the wide plate; on two across the narrow one,
 * where one line would be drawn below the theme's smallest text. Returns where the plate's
 * contents start under it. */
static float prize_caption(Slot *s, SDL_FRect box, bool wide)
{
    Gfx *g = app_gfx(s->app);
    const float h = gfx_font_height(g, s->f_tiny) * (wide ? 1 : 2);
    const GfxText t = {.font = s->f_tiny, .color = s->th.dim, .align = GFX_CENTER, .wrap = true, .floor = 0.9f};
    gfx_text_box(g, (SDL_FRect){box.x + 14, box.y + 12, box.w - 28, h}, &t, _("EXPANDING SYMBOL PRIZE"));
    return box.y + 18 + h;
}

/* The expanding symbols' prize: every cell framed alike (one cluster regardless of where),
 * and a plate of the symbol, its count and the prize off the covered rows and reels: wide
 * (the symbol beside the text), or where that finds no room, narrow (the symbol and count
 * over the prize). */
static void draw_expanding_prize(Slot *s, const EventWin *w)
{
    Gfx *g = app_gfx(s->app);
    outline(s, w->cells, 8, s->th.accent);
    for (int r = 0; r < s->def.rows; r++)
        for (int c = 0; c < s->def.cols; c++)
            if (w->cells & grid_bit(r, c)) {
                SDL_FRect cr = slot_cell_rect(s, r, c);
                gfx_frame(g, (SDL_FRect){cr.x + 12, cr.y + 12, cr.w - 24, cr.h - 24}, 2, s->th.accent);
            }
    char t[96], amount[48];
    const char *name = LANG_SYMBOL(s->def.symbols[w->symbol].name);
    snprintf(t, sizeof t, "%d \xC3\x97 %s", w->count, name);
    /* the narrow plate: 248 wide, wider when the name needs it: the count over the name, the
     * name on one line beside the 64-px picture (102 px of the plate are the picture and the
     * margins) */
    const float need = gfx_text_width(g, s->f_small, name);
    float cover, narrow_cover;
    SDL_FRect box = plate_spot(s, w->cells, 400, 184, &cover);
    const SDL_FRect narrow = plate_spot(s, w->cells, fmaxf(248, 102 + need + 4), 190 + gfx_font_height(g, s->f_tiny),
                                        &narrow_cover);
    const bool wide = cover <= narrow_cover;
    box = wide ? box : narrow;
    gfx_rect(g, (SDL_FRect){box.x + 5, box.y + 6, box.w, box.h}, (SDL_Color){0, 0, 0, 110});
    gfx_rect(g, box, PLATE);
    gfx_frame(g, box, 4, s->th.accent);
    const float top = prize_caption(s, box, wide);
    slot_amount_text(s, w->amount, amount, sizeof amount);
    const float side = wide ? 112 : 64;
    const SDL_FRect pic = {box.x + 16, wide ? top + (box.y + box.h - top - side) / 2 - 4 : top, side, side};
    gfx_image(g, s->sym_small[w->symbol], pic.x, pic.y, pic.w, pic.h, 1);
    gfx_keep_clear(g, pic, "expanding symbol");
    const float tx = pic.x + pic.w + 8, tw = box.x + box.w - 14 - tx;
    if (wide) {
        kind_line_in(s, s->f_small, tx, top + 6, tw, GFX_CENTER, s->th.text, true, t);
        kind_line_in(s, s->f_big, tx, top + 50, tw, GFX_CENTER, s->th.accent, true, amount);
    } else {
        char count[24]; /* the count over the name, beside the picture */
        snprintf(count, sizeof count, "%d \xC3\x97", w->count);
        const float fh = gfx_font_height(g, s->f_small), y0 = pic.y - 4 + (side + 8 - 2 * fh) / 2;
        kind_line_in(s, s->f_small, tx, y0, tw, GFX_CENTER, s->th.text, true, count);
        kind_line_in(s, s->f_small, tx, y0 + fh, tw, GFX_CENTER, s->th.text, true, name);
        kind_line_in(s, s->f_big, box.x + 14, pic.y + side + 8, box.w - 28, GFX_CENTER, s->th.accent, true, amount);
    }
}

static int sweep_distance(const Slot *s, int r, int c)
{
    return clusters_play_sweep_distance(&s->def, &clusters_play_of(&s->play)->expand, r, c);
}

static void draw_expansion(Slot *s)
{
    Gfx *g = app_gfx(s->app);
    const EventExpand *x = &clusters_play_of(&s->play)->expand;
    const float k = (float)(app_tick(s->app) - s->play.phase_t0);
    const float cell = (float)s->th.cell;
    SDL_Color glow = s->th.accent;
    /* the rows and reels being covered, lit */
    glow.a = 110;
    for (int r = 0; r < s->def.rows; r++)
        if (x->rows >> r & 1) {
            SDL_FRect a = slot_cell_rect(s, r, 0);
            gfx_frame(g, (SDL_FRect){a.x + 2, a.y + 2, cell * (float)s->def.cols - 4, cell - 4}, 4, glow);
        }
    for (int c = 0; c < s->def.cols; c++)
        if (x->reels >> c & 1) {
            SDL_FRect a = slot_cell_rect(s, 0, c);
            gfx_frame(g, (SDL_FRect){a.x + 2, a.y + 2, cell - 4, cell * (float)s->def.rows - 4}, 4, glow);
        }
    for (int r = 0; r < s->def.rows; r++)
        for (int c = 0; c < s->def.cols; c++) {
            SDL_FRect cr = slot_cell_rect(s, r, c);
            if (x->from & grid_bit(r, c)) {
                gfx_frame(g, (SDL_FRect){cr.x + 5, cr.y + 5, cr.w - 10, cr.h - 10}, 5, s->th.accent);
                continue;
            }
            if (!(x->cells & grid_bit(r, c)))
                continue;
            float t = k - (float)(sweep_distance(s, r, c) * SWEEP_STEP);
            if (t < 0)
                continue;
            float z = t >= GROW ? 1 : 0.25f + 0.75f * t / GROW;
            gfx_image_zoom(g, s->tile[x->symbol], cr.x + cr.w / 2, cr.y + cr.h / 2, z, 1);
            if (t < GROW + 12)
                gfx_frame(g, (SDL_FRect){cr.x + 5, cr.y + 5, cr.w - 10, cr.h - 10}, 5, s->th.accent);
        }
}

/* ---- the pick ------------------------------------------------------------------------------ */

#define TILE_W 150.0f
#define TILE_H 183.0f
#define TILE_GAP_X 34.0f
#define TILE_GAP_Y 12.0f
#define TILE_RIM_X (10.0f / 180) /* the tile art's margin round its body, a share of its size */
#define TILE_RIM_Y (10.0f / 220)

static SDL_FRect tile_rect(const Slot *s, int i)
{
    float cx = (float)s->th.reels_x + (float)(s->th.cell * s->def.cols) / 2;
    float bottom = (float)(s->th.reels_y + s->th.cell * s->def.rows) - 4;
    float x0 = cx - (3 * TILE_W + 2 * TILE_GAP_X) / 2, y0 = bottom - (3 * TILE_H + 2 * TILE_GAP_Y);
    return (SDL_FRect){x0 + (float)(i % 3) * (TILE_W + TILE_GAP_X), y0 + (float)(i / 3) * (TILE_H + TILE_GAP_Y),
                       TILE_W, TILE_H};
}

static int clusters_pick_at(const Slot *s, float x, float y)
{
    for (int i = 0; i < s->play.pick_tiles; i++) {
        SDL_FRect r = tile_rect(s, i);
        if (x >= r.x && x < r.x + r.w && y >= r.y && y < r.y + r.h)
            return i;
    }
    return -1;
}

/* x on the canvas moved to the nearest edge of an output pixel, so that strips meet. */
static float pixel_edge(const Gfx *g, float x)
{
    const SDL_FPoint o = gfx_to_canvas(g, 0, 0), k = gfx_to_canvas(g, 1024, 0);
    const float px = (k.x - o.x) / 1024;
    return o.x + roundf((x - o.x) / px) * px;
}

/* One side of a tile (picture `img` filling r) turned by `turn` (0 flat .. 1 edge-on) about
 * its upright axis, its right edge going away (far_right) or its left: drawn as vertical
 * strips, each as tall as its distance from the eye makes it, the far part shaded with the
 * tile's shape in black; `dim` darkens the whole side. */
static void tile_side(Slot *s, SDL_FRect r, GfxImage img, float turn, bool far_right, float dim)
{
    Gfx *g = app_gfx(s->app);
    if (turn <= 0) {
        gfx_image(g, img, r.x, r.y, r.w, r.h, 1);
        gfx_image(g, s->pick_shade, r.x, r.y, r.w, r.h, dim);
        return;
    }
    const float a = r.w / 2, cx = r.x + a, cy = r.y + r.h / 2, eye = 4 * r.w, part = r.w / STRIPS;
    const float co = cosf(turn * PI_F / 2), si = sinf(turn * PI_F / 2), dir = far_right ? 1.0f : -1.0f;
    float x[STRIPS + 1];
    for (int i = 0; i <= STRIPS; i++) {
        const float u = -a + part * (float)i;
        x[i] = pixel_edge(g, cx + u * co * eye / (eye + dir * u * si));
    }
    for (int i = 0; i < STRIPS; i++) {
        if (x[i + 1] <= x[i])
            continue;
        const float u = -a + part * ((float)i + 0.5f), h = r.h * eye / (eye + dir * u * si);
        const float k = (x[i + 1] - x[i]) / part; /* canvas pixels per pixel of the tile, here */
        const SDL_FRect d = {x[i] - part * (float)i * k, cy - h / 2, r.w * k, h};
        gfx_clip(g, &(SDL_FRect){x[i], d.y - 2, x[i + 1] - x[i], h + 4});
        gfx_image(g, img, d.x, d.y, d.w, d.h, 1);
        const float far = 0.5f + 0.5f * dir * u / a; /* 0 at the near edge, 1 at the far one */
        const float shade = 1 - (1 - dim) * (1 - si * (0.12f + 0.55f * far));
        gfx_image(g, s->pick_shade, d.x, d.y, d.w, d.h, shade);
    }
    gfx_clip(g, NULL);
}

/* Tile i turning over, `t` from 0 (face down) to 1 (face up): lifted a little as it turns,
 * its back until half way, then its face, what it hides. The others' faces are dimmed. */
static void tile_turn(Slot *s, int i, float t, bool chosen)
{
    const SDL_FRect r = tile_rect(s, i);
    const float e = t * t * (3 - 2 * t), lift = e > 0 && e < 1 ? 1 + 0.1f * sinf(PI_F * e) : 1;
    const SDL_FRect l = {r.x + r.w * (1 - lift) / 2, r.y + r.h * (1 - lift) / 2, r.w * lift, r.h * lift};
    if (e < 0.5f)
        tile_side(s, l, s->pick_tile, 2 * e, true, 0);
    else
        tile_side(s, l, s->pick_face[clusters_play_of(&s->play)->tiles[i]], 2 - 2 * e, false, chosen ? 0 : 0.5f);
    if (!chosen || t < 1)
        return;
    /* the pick, open: ringed in gold close round its body, in a glow that breathes */
    Gfx *g = app_gfx(s->app);
    const float breath = 0.75f + 0.25f * sinf((float)app_tick(s->app) * 0.12f);
    const SDL_FRect b = {r.x + r.w * TILE_RIM_X, r.y + r.h * TILE_RIM_Y, r.w * (1 - 2 * TILE_RIM_X),
                         r.h * (1 - 2 * TILE_RIM_Y)};
    for (int k = 6; k >= 1; k--) {
        const float out = 3 + 2.0f * (float)k;
        SDL_Color c = s->th.accent;
        c.a = (Uint8)(255 * breath * (0.5f - 0.075f * (float)k));
        gfx_frame(g, (SDL_FRect){b.x - out, b.y - out, b.w + 2 * out, b.h + 2 * out}, 2, c);
    }
    gfx_frame(g, (SDL_FRect){b.x - 4, b.y - 4, b.w + 8, b.h + 8}, 4, s->th.accent);
}

static void draw_pick(Slot *s)
{
    Gfx *g = app_gfx(s->app);
    const float cell = (float)s->th.cell, x = (float)s->th.reels_x, top = (float)s->th.reels_y;
    const float w = cell * (float)s->def.cols;
    /* the board: the reels dark under it, so that only the tiles' backs show */
    gfx_rect(g, (SDL_FRect){x, top, w, cell * (float)s->def.rows}, (SDL_Color){8, 16, 11, 240});
    const char *title = _("PICK A TILE");
    char t[96];
    const float k = (float)(app_tick(s->app) - s->play.phase_t0);
    if (s->play.phase == PH_PICK) {
        kind_line_in(s, s->f_tiny, x + 12, top + 68, w - 24, GFX_CENTER, s->th.text, true,
                _("It reveals the Expanding Symbol of your free spins"));
        for (int i = 0; i < s->play.pick_tiles; i++) {
            const SDL_FRect r = tile_rect(s, i);
            if (i == s->pick_hover) /* under the pointer: lit, and raised a little */
                gfx_image(g, s->pick_tile_hover, r.x - 4, r.y - 5, r.w + 8, r.h + 10, 1);
            else
                gfx_image(g, s->pick_tile, r.x, r.y, r.w, r.h, 1);
        }
    } else { /* the reveal: the picked tile turns, then the others one after another */
        const ClustersPlay *cp = clusters_play_of(&s->play);
        for (int i = 0, n = 0; i < s->play.pick_tiles; i++) {
            const bool chosen = i == cp->pick_choice;
            const float from = chosen ? 0 : (float)(REVEAL_OTHERS + REVEAL_STAGGER * n++);
            const float f = (k - from) / REVEAL_FLIP;
            tile_turn(s, i, f < 0 ? 0 : f > 1 ? 1 : f, chosen);
        }
        if (cp->expanding >= 0 && k >= REVEAL_FLIP) {
            lang_fill(t, sizeof t, _("{1} EXPANDS"), s->def.symbols[cp->expanding].name, NULL);
            for (char *p = t; *p; p++)
                *p = (char)(*p >= 'a' && *p <= 'z' ? *p - 32 : *p);
            title = t;
        }
    }
    kind_line_in(s, s->f_big, x + 12, top + 8, w - 24, GFX_CENTER, s->th.accent, true, title);
}

/* A cluster's win, the expanding symbols' prize, the scatters' bonus; anything else as cells. */
static void clusters_draw_win(Slot *s, const EventWin *w)
{
    if (w->kind == WIN_EXPANDING)
        draw_expanding_prize(s, w);
    else if (w->kind == WIN_CLUSTER || w->kind == WIN_BONUS)
        draw_cluster(s, w, w->kind == WIN_BONUS ? s->th.accent : slot_line_color(s, w->symbol));
    else
        slot_draw_win_cells(s, w, s->th.accent);
}

/* Whether reel c shows the screen: it has landed, or never moved. */
static bool reel_shows(const Slot *s, int c, uint64_t now)
{
    return !s->reel[c].moving || now >= s->reel[c].t_stop;
}

/* How many scatters the reels show now (on the reels that have landed). */
static int scatters_shown(const Slot *s)
{
    const int scatter = gamedef_symbol_with_role(&s->def, ROLE_SCATTER);
    const uint64_t now = app_tick(s->app);
    int n = 0;
    for (int c = 0; scatter >= 0 && c < s->def.cols; c++)
        for (int r = 0; r < s->def.rows && reel_shows(s, c, now); r++)
            n += s->play.shown.cell[r][c] == scatter;
    return n;
}

/* The scatters, ringed as they land. */
static void clusters_draw_on_reels(Slot *s)
{
    Gfx *g = app_gfx(s->app);
    const uint64_t now = app_tick(s->app);
    const int scatter = gamedef_symbol_with_role(&s->def, ROLE_SCATTER);
    if (scatter < 0 || (s->play.phase != PH_SPINNING && s->play.phase != PH_WINS))
        return;
    SDL_Color ring = s->th.accent;
    ring.a = (Uint8)(255 * (0.6f + 0.4f * sinf((float)now * 0.25f)));
    for (int col = 0; col < s->def.cols; col++)
        for (int r = 0; r < s->def.rows && reel_shows(s, col, now); r++)
            if (s->play.shown.cell[r][col] == scatter) {
                const SDL_FRect cr = slot_cell_rect(s, r, col);
                gfx_frame(g, (SDL_FRect){cr.x + 3, cr.y + 3, cr.w - 6, cr.h - 6}, 4, ring);
            }
}

/* ---- the maximum win ------------------------------------------------------------------------
 *
 * Its own moment over the reels: they go dark, and on an opaque plate under the gold
 * medallion (the scatter's sun, breathing) MAXIMUM WIN, the round's win, the cap times the
 * bet, then that the round ends here and which free spins are therefore not played. */
enum { CLUSTERS_ART_MEDALLION }; /* in Slot.kind_art */
#define MEDALLION_PX 170

static void cap_reason(const ClustersPlay *cp, char *out, size_t size)
{
    char left[16], award[16], scatters[16];
    snprintf(left, sizeof left, "%d", cp->cap_left);
    snprintf(award, sizeof award, "%d", cp->cap_award);
    snprintf(scatters, sizeof scatters, "%d", cp->cap_scatters);
    out[0] = 0;
    if (cp->cap_left > 0 && cp->cap_award > 0)
        lang_fill(out, size, _("The {1} free spins left and the {2} the {3} scatters award are not played."), left,
                  award, scatters, NULL);
    else if (cp->cap_left > 0)
        lang_fill(out, size, lang_trn("The {1} free spin left is not played.", "The {1} free spins left are not played.",
                                      cp->cap_left), left, NULL);
    else if (cp->cap_award > 0)
        lang_fill(out, size, _("The {1} scatters' {2} free spins are not played."), scatters, award, NULL);
}

static void draw_cap(Slot *s)
{
    Gfx *g = app_gfx(s->app);
    const ClustersPlay *cp = clusters_play_of(&s->play);
    const float cell = (float)s->th.cell, k = (float)(app_tick(s->app) - s->play.phase_t0);
    const SDL_FRect win = {(float)s->th.reels_x, (float)s->th.reels_y, cell * (float)s->def.cols,
                           cell * (float)s->def.rows};
    const float fade = fminf(1, k / 12);
    gfx_rect(g, win, (SDL_Color){5, 10, 7, (Uint8)(235 * fade)});
    const SDL_FRect plate = {win.x + 40, win.y + 130, win.w - 80, 480};
    SDL_Color gold = s->th.accent, cream = s->th.text, dim = s->th.dim;
    gold.a = cream.a = dim.a = (Uint8)(255 * fade);
    gfx_rect(g, plate, (SDL_Color){18, 27, 19, (Uint8)(255 * fade)});
    gfx_frame(g, plate, 4, gold);
    SDL_Color rule = gold;
    rule.a = (Uint8)(110 * fade);
    gfx_frame(g, (SDL_FRect){plate.x + 10, plate.y + 10, plate.w - 20, plate.h - 20}, 1, rule);
    const float cx = plate.x + plate.w / 2;
    gfx_image_zoom(g, s->kind_art[CLUSTERS_ART_MEDALLION], cx, plate.y, 1 + 0.04f * sinf(k * 0.12f), fade);
    gfx_keep_clear(g, (SDL_FRect){cx - MEDALLION_PX / 2.0f, plate.y - MEDALLION_PX / 2.0f, MEDALLION_PX, MEDALLION_PX},
                   "the medallion");
    char amount[48], times[64], why[200], most[24];
    slot_amount_text(s, cp->cap, amount, sizeof amount);
    lang_number(cp->cap_x, most, sizeof most); /* "5,000" */
    lang_fill(times, sizeof times, _("{1} \xC3\x97 THE BET"), most, NULL);
    cap_reason(cp, why, sizeof why);
    const float x = plate.x + 30, w = plate.w - 60;
    const GfxText title = {.font = s->f_banner[1], .color = gold, .align = GFX_CENTER, .shadow = true, .floor = 0.5f};
    const GfxText big = {.font = s->f_banner[0], .color = cream, .align = GFX_CENTER, .shadow = true, .floor = 0.5f};
    gfx_text_box(g, (SDL_FRect){x, plate.y + 96, w, gfx_font_height(g, s->f_banner[1])}, &title, _("MAXIMUM WIN"));
    gfx_text_box(g, (SDL_FRect){x, plate.y + 168, w, gfx_font_height(g, s->f_banner[0])}, &big, amount);
    kind_line_in(s, s->f_mid, x, plate.y + 282, w, GFX_CENTER, gold, true, times);
    gfx_rect(g, (SDL_FRect){cx - 120, plate.y + 340, 240, 2}, rule);
    kind_line_in(s, s->f_small, x, plate.y + 360, w, GFX_CENTER, cream, true, _("THE ROUND ENDS HERE"));
    if (why[0]) {
        const GfxText t = {.font = s->f_tiny, .color = dim, .align = GFX_CENTER, .wrap = true, .floor = 0.9f};
        gfx_text_box(g, (SDL_FRect){x, plate.y + 404, w, 56}, &t, why);
    }
}

static void clusters_draw_feature(Slot *s)
{
    if (clusters_play_capping(&s->play))
        draw_cap(s);
    if (clusters_play_expanding(&s->play))
        draw_expansion(s);
    if (s->play.phase == PH_PICK || clusters_play_revealing(&s->play))
        draw_pick(s);
}

/* A grid game's boxes: the scatters the reels show (left), and in free spins the expanding
 * symbol (left, once its tile has turned) and the spins left with the feature's win (right).
 * Text stays inside each box's rim (BOX_PAD), below its top corners' jewels (BOX_TOP) and
 * off its pictures. */
#define BOX_PAD 20
#define BOX_TOP 34
static void clusters_draw_side(Slot *s)
{
    Gfx *g = app_gfx(s->app);
    const SDL_FRect left = {30, 300, 250, 300}, right = {1640, 300, 250, 300};
    const float lx = left.x + BOX_PAD, rx = right.x + BOX_PAD, bw = left.w - 2 * BOX_PAD;
    const int scatter = gamedef_symbol_with_role(&s->def, ROLE_SCATTER);
    const bool hidden = clusters_play_revealing(&s->play) && app_tick(s->app) - s->play.phase_t0 < REVEAL_FLIP;
    const int expanding = hidden ? -1 : clusters_play_of(&s->play)->expanding, shown = scatters_shown(s);
    /* the round ended at the maximum win: its scatters start nothing */
    const bool capped = s->play.round_active && clusters_play_of(&s->play)->cap_shown;
    const int lstate[] = {shown, expanding, s->play.in_feature, capped};
    if (gfx_cache_begin(g, &s->side_cache[1], left, gfx_hash(GFX_HASH_START, lstate, sizeof lstate))) {
        gfx_image(g, s->backdrop, 0, 0, 0, 0, 1);
        const float cx = left.x + left.w / 2;
        if (expanding >= 0) {
            kind_line_in(s, s->f_tiny, lx, left.y + BOX_TOP, bw, GFX_CENTER, s->th.dim, false, _("EXPANDING SYMBOL"));
            gfx_image_zoom(g, s->sym_small[expanding], cx, left.y + 126, 0.82f, 1);
            gfx_keep_clear(g, (SDL_FRect){cx - 61, left.y + 65, 123, 123}, "expanding symbol");
            kind_line_in(s, s->f_small, lx, left.y + 192, bw, GFX_CENTER, s->th.accent, true,
                    LANG_SYMBOL(s->def.symbols[expanding].name));
        } else {
            char n[16];
            kind_line_in(s, s->f_tiny, lx, left.y + BOX_TOP, bw, GFX_CENTER, s->th.dim, false, _("SCATTERS"));
            if (scatter >= 0) {
                gfx_image_zoom(g, s->sym_small[scatter], cx, left.y + 118, 0.72f, 1);
                gfx_keep_clear(g, (SDL_FRect){cx - 54, left.y + 64, 108, 108}, "scatter");
            }
            snprintf(n, sizeof n, "%d", shown);
            kind_line_in(s, s->f_big, lx, left.y + 172, bw, GFX_CENTER, shown >= 3 ? s->th.accent : s->th.text,
                    true, n);
        }
        kind_line_in(s, s->f_tiny, lx, left.y + 238, bw, GFX_CENTER, s->th.dim, false,
                expanding >= 0 ? _("covers rows, reels") : capped ? _("no free spins") : _("3+ start free spins"));
        gfx_cache_end(g, &s->side_cache[1]);
    }
    if (!s->play.in_feature && s->play.phase != PH_PICK && !clusters_play_revealing(&s->play)) {
        /* between features: what the scatters award */
        if (gfx_cache_begin(g, &s->side_cache[0], right, GFX_HASH_START)) {
            gfx_image(g, s->backdrop, 0, 0, 0, 0, 1);
            const GameParam *fs = gamedef_param(&s->def, "free_spins");
            char t[48];
            kind_line_in(s, s->f_tiny, rx, right.y + BOX_TOP, bw, GFX_CENTER, s->th.dim, false, _("FREE SPINS"));
            snprintf(t, sizeof t, "%lld", (long long)(fs ? fs->v[0] : 0));
            kind_line_in(s, s->f_huge, rx, right.y + 52, bw, GFX_CENTER, s->th.accent, true, t);
            kind_line_in(s, s->f_tiny, rx, right.y + 166, bw, GFX_CENTER, s->th.dim, false, _("AND A BONUS PRIZE"));
            /* the scatters' pays are in coins of the bet */
            const GameParam *coins = gamedef_param(&s->def, "bet_coins");
            for (int n = 3, k = 0; scatter >= 0 && n <= s->def.cols * s->def.rows && k < 3; n++) {
                int32_t p = s->def.pays.pay[scatter][n];
                if (p <= 0 || !coins || coins->v[0] <= 0)
                    continue;
                char c[16], x[24];
                snprintf(c, sizeof c, "%d", n);
                snprintf(x, sizeof x, "%lld", (long long)(p / coins->v[0]));
                lang_fill(t, sizeof t, _("{1}  \xC3\x97{2} BET"), c, x, NULL);
                kind_line_in(s, s->f_tiny, rx, right.y + 192 + (float)k++ * 23, bw, GFX_CENTER, s->th.text, false, t);
            }
            gfx_cache_end(g, &s->side_cache[0]);
        }
        return;
    }
    char fw[48];
    slot_amount_text(s, slot_feature_win_value(s), fw, sizeof fw);
    const uint64_t key = gfx_hash_str(gfx_hash(GFX_HASH_START, &s->play.free_left, sizeof s->play.free_left), fw);
    if (gfx_cache_begin(g, &s->side_cache[0], right, key)) {
        gfx_image(g, s->backdrop, 0, 0, 0, 0, 1);
        char n[16];
        kind_line_in(s, s->f_tiny, rx, right.y + BOX_TOP, bw, GFX_CENTER, s->th.dim, false, _("FREE SPINS LEFT"));
        snprintf(n, sizeof n, "%d", s->play.free_left);
        kind_line_in(s, s->f_huge, rx, right.y + 58, bw, GFX_CENTER, s->th.text, true, n);
        kind_line_in(s, s->f_tiny, rx, right.y + 196, bw, GFX_CENTER, s->th.dim, false, _("FREE SPINS WIN"));
        kind_line_in(s, s->f_small, rx, right.y + 222, bw, GFX_CENTER, s->th.accent, true, fw);
        gfx_cache_end(g, &s->side_cache[0]);
    }
}

static void clusters_banner_text(const Slot *s, bool start, char *a, size_t na, char *b, size_t nb)
{
    char f[16], w[16];
    snprintf(f, sizeof f, "%d", s->play.free_left);
    snprintf(w, sizeof w, "%d", s->play.banner_spins);
    if (start) {
        snprintf(a, na, "%s", _("FREE SPINS"));
        if (clusters_play_of(&s->play)->expanding >= 0)
            lang_fill(b, nb, _("{1} free spins  \xE2\x80\xA2  {2} expands"), f,
                      LANG_SYMBOL(s->def.symbols[clusters_play_of(&s->play)->expanding].name), NULL);
        else
            lang_fill(b, nb, lang_trn("{1} free spin", "{1} free spins", s->play.free_left), f, NULL);
        return;
    }
    const int won = s->play.banner_spins;
    lang_fill(a, na, s->play.banner_retrigger ? lang_trn("+{1} FREE SPIN", "+{1} FREE SPINS", won)
                                              : lang_trn("{1} FREE SPIN", "{1} FREE SPINS", won), w, NULL);
    if (s->play.banner_retrigger)
        lang_fill(b, nb, lang_trn("{1} free spin to play", "{1} free spins to play", s->play.free_left), f, NULL);
    else
        snprintf(b, nb, "%s", s->play.pick_tiles ? _("Pick a tile to reveal the Expanding Symbol") : "");
}

static int clusters_backdrop(const Slot *s, GfxLayer *l, int n)
{
    const Theme *th = &s->th;
        /* the panel's own wells hold the bet, the buttons and the win; the two boxes beside
         * the grid hold the scatters and the free spins */
        n = betpanel_backdrop(s, l, n);
        l[n++] = gfx_svg_layer(th->art[ART_BOX], 30, 300, 250, 300);
        l[n++] = gfx_svg_layer(th->art[ART_BOX], 1640, 300, 250, 300);
    return n;
}

/* The scatter's medallion of the maximum win, the pick's tiles (a theme without them cannot
 * show the game's pick) and the panel's type. */
static int clusters_load_art(Slot *s, Error *err)
{
    Gfx *g = app_gfx(s->app);
    const Theme *th = &s->th;
    const int scatter = gamedef_symbol_with_role(&s->def, ROLE_SCATTER);
    if (scatter >= 0 && gfx_load_image(g, th->symbol[scatter].art, MEDALLION_PX, MEDALLION_PX,
                                       &s->kind_art[CLUSTERS_ART_MEDALLION], err))
        return -1;
    if (s->play.pick_tiles) {
        static const struct { ThemeArt art; const char *key; } need[] = {
            {ART_PICK_TILE, "pick_tile"}, {ART_PICK_TILE_HOVER, "pick_tile_hover"},
            {ART_PICK_TILE_FACE, "pick_tile_face"}};
        for (size_t i = 0; i < SDL_arraysize(need); i++)
            if (!th->art[need[i].art][0])
                return error_set(err, "%s: art.%s: missing: %s starts its free spins with a pick",
                                 th->path, need[i].key, s->def.path);
        const int w = (int)TILE_W, h = (int)TILE_H;
        const GfxLayer back = gfx_svg_layer(th->art[ART_PICK_TILE], 0, 0, TILE_W, TILE_H);
        if (gfx_load_image(g, th->art[ART_PICK_TILE], w, h, &s->pick_tile, err) ||
            gfx_load_image(g, th->art[ART_PICK_TILE_HOVER], w, h, &s->pick_tile_hover, err) ||
            gfx_load_stack(g, &back, 1, w, h, 1, &s->pick_shade, err))
            return -1;
        /* each face with its symbol in the middle of the face's well */
        const float side = TILE_W * 0.75f;
        for (int i = 0; i < s->def.nsymbols; i++) {
            const GfxLayer face[] = {gfx_svg_layer(th->art[ART_PICK_TILE_FACE], 0, 0, TILE_W, TILE_H),
                                     gfx_svg_layer(th->symbol[i].art, (TILE_W - side) / 2,
                                                   (TILE_H - side) / 2, side, side)};
            if (gfx_load_stack(g, face, 2, w, h, 0, &s->pick_face[i], err))
                return -1;
        }
    }
    return betpanel_load_art(s, err);
}

static void clusters_layout(Slot *s)
{
    betpanel_layout(s, N_("AUTOPLAY"));
}

/* The paytable: what each cluster size pays at the bet chosen now (the values change with
 * the bet), then the scatter, the free spins and the expanding symbol. Everything stays in
 * the window's frame {160, 60, 1600, 900} less a margin, above its buttons (PAY_*). */
#define PAY_LEFT KIND_PAGE_LEFT
#define PAY_RIGHT KIND_PAGE_RIGHT
#define PAY_BOTTOM 856.0f
static void clusters_draw_paytable(Slot *s, int page)
{
    Gfx *g = app_gfx(s->app);
    const GameDef *d = &s->def;
    const GameParam *coins = gamedef_param(d, "bet_coins");
    const int64_t per = coins && coins->v[0] > 0 ? coins->v[0] : 1;
    const Money bet = s->bet.v[s->bi_coin];
    int scatter = gamedef_symbol_with_role(d, ROLE_SCATTER);
    char t[200], a[48];
    if (page == 0) {
        slot_money_text(bet, a, sizeof a);
        lang_fill(t, sizeof t, _("Cluster wins at a bet of {1}: 3+ high or 4+ low symbols side by side, across or down"), a,
                  NULL);
        kind_line_in(s, s->f_small, PAY_LEFT, 150, PAY_RIGHT - PAY_LEFT, GFX_CENTER, s->th.text, false, t);
        /* the columns: cluster sizes whose pays differ from the size below */
        int from[EVAL_MAX_COUNT + 1], ncols = 0;
        const int most = d->rows * d->cols;
        for (int n = 1; n <= most && ncols < EVAL_MAX_COUNT; n++) {
            bool starts = false;
            for (int i = 0; i < d->nsymbols; i++)
                if (i != scatter && (d->paying >> i & 1u) && d->pays.pay[i][n] != d->pays.pay[i][n - 1])
                    starts = true;
            if (starts)
                from[ncols++] = n;
        }
        from[ncols] = most + 1;
        const float name_x = PAY_LEFT + 76, x0 = 450, rowh = 70;
        const float colw = (PAY_RIGHT - x0) / (float)(ncols ? ncols : 1);
        for (int k = 0; k < ncols; k++) {
            if (from[k + 1] - 1 > from[k])
                snprintf(t, sizeof t, "%d-%d", from[k], from[k + 1] - 1);
            else
                snprintf(t, sizeof t, "%d", from[k]);
            kind_line_in(s, s->f_tiny, x0 + colw * (float)k + 4, 200, colw - 8, GFX_CENTER, s->th.dim, false, t);
        }
        /* the names all at one size: the size the longest needs in its column */
        const float name_w = x0 - 10 - name_x;
        float widest = name_w;
        for (int i = 0; i < d->nsymbols; i++)
            if (i != scatter && (d->paying >> i & 1u))
                widest = fmaxf(widest, gfx_text_width(g, s->f_small, LANG_SYMBOL(d->symbols[i].name)));
        int row = 0;
        for (int i = 0; i < d->nsymbols; i++) {
            if (i == scatter || !(d->paying >> i & 1u))
                continue;
            const float y = 232 + (float)row++ * rowh;
            const char *name = LANG_SYMBOL(d->symbols[i].name);
            gfx_image(g, s->sym_small[i], PAY_LEFT, y, 64, 64, 1);
            gfx_keep_clear(g, (SDL_FRect){PAY_LEFT, y, 64, 64}, name);
            const float w = fminf(name_w, gfx_text_width(g, s->f_small, name) * name_w / widest + 1);
            kind_line_in(s, s->f_small, name_x, y + 16, w, GFX_LEFT, s->th.text, false, name);
            for (int k = 0; k < ncols; k++) {
                int32_t p = d->pays.pay[i][from[k]];
                if (p <= 0)
                    continue;
                slot_money_text(p * bet / per, a, sizeof a);
                kind_line_in(s, s->f_tiny, x0 + colw * (float)k + 4, y + 20, colw - 8, GFX_CENTER, s->th.accent, false, a);
            }
        }
        return;
    }
    const GameParam *fs = gamedef_param(d, "free_spins");
    const GameParam *cap = gamedef_param(d, "max_win_x_bet");
    const float pic = 130, tx = PAY_LEFT + pic + 30, tw = PAY_RIGHT - tx, all = PAY_RIGHT - PAY_LEFT;
    if (scatter >= 0) {
        gfx_image(g, s->sym_small[scatter], PAY_LEFT, 160, pic, pic, 1);
        gfx_keep_clear(g, (SDL_FRect){PAY_LEFT, 160, pic, pic}, "scatter");
    }
    float y = kind_para(s, s->f_small, tx, 160, tw, PAY_BOTTOM, s->th.text,
                   _("SCATTER: it stands in for every symbol and pays the highest winning cluster it can "
                     "complete; it wins only as part of a cluster of other symbols. One scatter touching two "
                     "clusters of different symbols counts in each of them."));
    char v[24], x[24];
    snprintf(v, sizeof v, "%lld", (long long)(fs ? fs->v[0] : 0));
    lang_fill(t, sizeof t, _("3 or more scatters anywhere, in the main game or in free spins, award {1} free "
                             "spins and a Bonus prize (not a cluster win):"), v, NULL);
    y = kind_para(s, s->f_small, tx, y, tw, PAY_BOTTOM, s->th.text, t);
    for (int n = 3; scatter >= 0 && n <= EVAL_MAX_COUNT; n++) {
        int32_t p = d->pays.pay[scatter][n];
        if (p <= 0)
            continue;
        slot_money_text(p * bet / per, a, sizeof a);
        snprintf(v, sizeof v, "%d", n);
        snprintf(x, sizeof x, "%lld", (long long)(p / per));
        lang_fill(t, sizeof t, _("{1} scatters: {2}\xC3\x97 the bet = {3}"), v, x, a, NULL);
        kind_line_in(s, s->f_small, tx + 40, y, tw - 40, GFX_LEFT, s->th.accent, false, t);
        y += 38;
    }
    y = fmaxf(y + 14, 160 + pic + 16);
    y = kind_para(s, s->f_small, PAY_LEFT, y, all, PAY_BOTTOM, s->th.text,
             _("Before free spins you pick one of nine tiles: it reveals the Expanding Symbol (chosen by the "
               "game; the pick only shows it). Free spins play at the bet that won them; retriggers add more."));
    y = kind_para(s, s->f_small, PAY_LEFT, y, all, PAY_BOTTOM, s->th.text,
             _("In free spins, after the wins: 2+ Expanding Symbols side by side cover their whole row, one "
               "above the other their whole reel. Scatters do not expand; symbols next to each other only "
               "after expanding do not expand again. Then all Expanding Symbols pay once more as one cluster."));
    if (cap) {
        snprintf(v, sizeof v, "%lld", (long long)cap->v[0]);
        lang_fill(t, sizeof t, _("A round wins at most {1}\xC3\x97 the bet: when it is reached, the round ends."), v, NULL);
        kind_para(s, s->f_small, PAY_LEFT, y + 6, all, PAY_BOTTOM, s->th.accent, t);
    }
}


static const char *const clusters_paytable_titles[] = {N_("PAYTABLE"), N_("SCATTER AND FREE SPINS")};

/* What the recall lists of the game's own event: the expansion. */
static bool clusters_event_line(const Slot *s, const Event *e, char *t, size_t size)
{
    const EventExpand *x = gonzo_expand(e);
    if (!x)
        return false;
    lang_fill(t, size, _("{1} expands over"), s->def.symbols[x->symbol].name, NULL);
    int len = (int)strlen(t);
    for (int j = 0; j < 2 * GRID_MAX_COLS && len < (int)size; j++) {
        bool row = j < GRID_MAX_COLS;
        int at = row ? j : j - GRID_MAX_COLS;
        char n[16], one[48];
        snprintf(n, sizeof n, "%d", at + 1);
        if (((row ? x->rows : x->reels) >> at) & 1) {
            lang_fill(one, sizeof one, row ? _(" row {1}") : _(" reel {1}"), n, NULL);
            len += snprintf(t + len, size - (size_t)len, "%s", one);
        }
    }
    return true;
}

const SlotKind kind_clusters = {
    .name = "clusters",
    .play = &clusters_play_kind,
    .bet_option = "bet",
    .autoplay_button = BTN_SPIN,
    .autoplay = WINDOWS_AUTOPLAY_ADVANCED,
    .backdrop = clusters_backdrop,
    .load_art = clusters_load_art,
    .layout = clusters_layout,
    .update_buttons = betpanel_update_buttons,
    .draw_panel = betpanel_draw,
    .draw_on_reels = clusters_draw_on_reels,
    .draw_win = clusters_draw_win,
    .draw_feature = clusters_draw_feature,
    .draw_side = clusters_draw_side,
    .banner_text = clusters_banner_text,
    .pick_at = clusters_pick_at,
    .paytable_pages = 2,
    .paytable_titles = clusters_paytable_titles,
    .draw_paytable = clusters_draw_paytable,
    .event_line = clusters_event_line,
};
