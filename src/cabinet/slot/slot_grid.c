/* slot_grid.c - what a grid game (Gonzo's Gold) adds to the slot scene: clusters outlined
 * along their edge with their amount, the expanding symbol sweeping across its rows and
 * reels, the expanding-symbol prize shown on its own, and the nine-tile pick before free
 * spins. Drawing only: the round's timeline stays in slot.c, the outcome in the engine. */
#include "slot_priv.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static const SDL_Color SHADOW = {14, 8, 2, 200};
static const SDL_Color PLATE = {16, 24, 14, 232};
static const SDL_Color WHITE = {255, 255, 255, 255};

#define SWEEP_STEP 7 /* ticks between one covered cell and the next along a row or reel */
#define GROW 10      /* ticks a covered cell takes to grow to full size */
#define REVEAL_FLIP 14
#define REVEAL_OTHERS 50 /* ticks after the pick when the other tiles turn over */
#define REVEAL_TICKS 150

/* A plate with one or two lines of text, centred at (cx, cy), kept over the grid. */
static void plate(Slot *s, float cx, float cy, const char *small, const char *big, SDL_Color edge)
{
    Gfx *g = app_gfx(s->app);
    float w = gfx_text_width(g, s->f_mid, big);
    float ws = small ? gfx_text_width(g, s->f_tiny, small) : 0;
    w = (ws > w ? ws : w) + 44;
    float h = small ? 86 : 60;
    float left = (float)s->th.reels_x + 6, right = left + (float)(s->th.cell * s->def.cols) - 12;
    float x = cx - w / 2;
    x = x + w > right ? right - w : x;
    x = x < left ? left : x;
    SDL_FRect r = {roundf(x), roundf(cy - h / 2), roundf(w), h};
    gfx_rect(g, r, PLATE);
    gfx_frame(g, r, 3, edge);
    float y = r.y + 9;
    if (small) {
        gfx_text(g, s->f_tiny, r.x + r.w / 2, y, GFX_CENTER, s->th.dim, small);
        y += 28;
    }
    gfx_text_shadow(g, s->f_mid, r.x + r.w / 2, y, GFX_CENTER, WHITE, big);
}

/* The group's outline: each side of a cell whose neighbour is not in the group. */
static void outline(Slot *s, CellMask cells, float width, SDL_Color col)
{
    Gfx *g = app_gfx(s->app);
    const int rows = s->def.rows, cols = s->def.cols;
    const float in = 5;
    for (int pass = 0; pass < 2; pass++) {
        const float w = pass ? width : width + 4;
        const SDL_Color c = pass ? col : SHADOW;
        for (int r = 0; r < rows; r++)
            for (int k = 0; k < cols; k++) {
                if (!(cells & grid_bit(r, k)))
                    continue;
                SDL_FRect cr = slot_cell_rect(s, r, k);
                float x0 = cr.x + in, y0 = cr.y + in, x1 = cr.x + cr.w - in, y1 = cr.y + cr.h - in;
                bool up = r > 0 && (cells & grid_bit(r - 1, k));
                bool down = r + 1 < rows && (cells & grid_bit(r + 1, k));
                bool left = k > 0 && (cells & grid_bit(r, k - 1));
                bool right = k + 1 < cols && (cells & grid_bit(r, k + 1));
                /* sides shared with the group are open: the outline runs through */
                float ax = left ? cr.x : x0, bx = right ? cr.x + cr.w : x1;
                float ay = up ? cr.y : y0, by = down ? cr.y + cr.h : y1;
                if (!up)
                    gfx_rect(g, (SDL_FRect){ax, y0 - w / 2, bx - ax, w}, c);
                if (!down)
                    gfx_rect(g, (SDL_FRect){ax, y1 - w / 2, bx - ax, w}, c);
                if (!left)
                    gfx_rect(g, (SDL_FRect){x0 - w / 2, ay, w, by - ay}, c);
                if (!right)
                    gfx_rect(g, (SDL_FRect){x1 - w / 2, ay, w, by - ay}, c);
            }
    }
}

/* The cell of the group nearest its centre, where the amount stands. */
static SDL_FPoint group_centre(const Slot *s, CellMask cells)
{
    float sr = 0, sc = 0;
    int n = 0;
    for (int r = 0; r < s->def.rows; r++)
        for (int c = 0; c < s->def.cols; c++)
            if (cells & grid_bit(r, c)) {
                sr += (float)r;
                sc += (float)c;
                n++;
            }
    if (!n)
        return (SDL_FPoint){0, 0};
    sr /= (float)n;
    sc /= (float)n;
    float best = 1e9f;
    int br = 0, bc = 0;
    for (int r = 0; r < s->def.rows; r++)
        for (int c = 0; c < s->def.cols; c++) {
            float d = ((float)r - sr) * ((float)r - sr) + ((float)c - sc) * ((float)c - sc);
            if ((cells & grid_bit(r, c)) && d < best) {
                best = d;
                br = r;
                bc = c;
            }
        }
    SDL_FRect cr = slot_cell_rect(s, br, bc);
    return (SDL_FPoint){cr.x + cr.w / 2, cr.y + cr.h / 2};
}

void grid_draw_cluster(Slot *s, const EventWin *w, SDL_Color col)
{
    outline(s, w->cells, 6, col);
    char amount[48], what[96];
    slot_amount_text(s, w->amount, amount, sizeof amount);
    if (w->kind == WIN_BONUS) { /* its coins are the bet's coins times the multiple */
        const GameParam *bet_coins = gamedef_param(&s->def, "bet_coins");
        const int64_t coins = bet_coins && bet_coins->v[0] > 0 ? bet_coins->v[0] : 1;
        snprintf(what, sizeof what, "%d SCATTERS  \xE2\x80\xA2  BONUS %lld\xC3\x97 BET", w->count,
                 (long long)(w->coins / coins));
    } else {
        snprintf(what, sizeof what, "%d \xC3\x97 %s", w->count, s->def.symbols[w->symbol].name);
    }
    SDL_FPoint c = group_centre(s, w->cells);
    plate(s, c.x, c.y, what, amount, col);
}

void grid_draw_expanding_prize(Slot *s, const EventWin *w)
{
    Gfx *g = app_gfx(s->app);
    outline(s, w->cells, 6, s->th.accent);
    /* one cluster regardless of position: every cell framed alike */
    for (int r = 0; r < s->def.rows; r++)
        for (int c = 0; c < s->def.cols; c++)
            if (w->cells & grid_bit(r, c)) {
                SDL_FRect cr = slot_cell_rect(s, r, c);
                gfx_frame(g, (SDL_FRect){cr.x + 12, cr.y + 12, cr.w - 24, cr.h - 24}, 2, s->th.accent);
            }
    /* the plate stands over the half of the grid with fewer of the symbol */
    int upper = 0, lower = 0;
    for (int r = 0; r < s->def.rows; r++)
        for (int c = 0; c < s->def.cols; c++)
            if (w->cells & grid_bit(r, c))
                *(2 * r + 1 < s->def.rows ? &upper : &lower) += 1;
    const float cell = (float)s->th.cell;
    float cx = (float)s->th.reels_x + cell * (float)s->def.cols / 2;
    float cy = (float)s->th.reels_y + (upper <= lower ? cell * 1.1f : cell * ((float)s->def.rows - 1.1f));
    SDL_FRect box = {cx - 260, cy - 110, 520, 220};
    gfx_rect(g, box, PLATE);
    gfx_frame(g, box, 4, s->th.accent);
    gfx_text(g, s->f_tiny, cx, box.y + 14, GFX_CENTER, s->th.dim, "EXPANDING SYMBOL PRIZE");
    gfx_image_zoom(g, s->sym_small[w->symbol], box.x + 80, box.y + 125, 0.8f, 1);
    char t[96], amount[48];
    snprintf(t, sizeof t, "%d \xC3\x97 %s", w->count, s->def.symbols[w->symbol].name);
    gfx_text_shadow(g, s->f_small, box.x + 310, box.y + 62, GFX_CENTER, s->th.text, t);
    slot_amount_text(s, w->amount, amount, sizeof amount);
    gfx_text_shadow(g, s->f_big, box.x + 310, box.y + 110, GFX_CENTER, s->th.accent, amount);
}

/* How many sweep steps from the nearest symbol that made a row or reel expand. */
static int sweep_distance(const Slot *s, int r, int c)
{
    const EventExpand *x = &s->expand;
    int best = 99;
    for (int k = 0; k < s->def.cols && (x->rows >> r & 1); k++)
        if ((x->from & grid_bit(r, k)) && abs(k - c) < best)
            best = abs(k - c);
    for (int k = 0; k < s->def.rows && (x->reels >> c & 1); k++)
        if ((x->from & grid_bit(k, c)) && abs(k - r) < best)
            best = abs(k - r);
    return best == 99 ? 0 : best;
}

int grid_expand_ticks(const Slot *s)
{
    int far = 0;
    for (int r = 0; r < s->def.rows; r++)
        for (int c = 0; c < s->def.cols; c++)
            if (s->expand.cells & grid_bit(r, c)) {
                int d = sweep_distance(s, r, c);
                far = d > far ? d : far;
            }
    return far * SWEEP_STEP + GROW + 40;
}

void grid_draw_expansion(Slot *s)
{
    Gfx *g = app_gfx(s->app);
    const EventExpand *x = &s->expand;
    const float k = (float)(app_tick(s->app) - s->phase_t0);
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

static SDL_FRect tile_rect(const Slot *s, int i)
{
    float cx = (float)s->th.reels_x + (float)(s->th.cell * s->def.cols) / 2;
    float bottom = (float)(s->th.reels_y + s->th.cell * s->def.rows) - 4;
    float x0 = cx - (3 * TILE_W + 2 * TILE_GAP_X) / 2, y0 = bottom - (3 * TILE_H + 2 * TILE_GAP_Y);
    return (SDL_FRect){x0 + (float)(i % 3) * (TILE_W + TILE_GAP_X), y0 + (float)(i / 3) * (TILE_H + TILE_GAP_Y),
                       TILE_W, TILE_H};
}

int grid_pick_at(const Slot *s, float x, float y)
{
    for (int i = 0; i < s->pick_tiles; i++) {
        SDL_FRect r = tile_rect(s, i);
        if (x >= r.x && x < r.x + r.w && y >= r.y && y < r.y + r.h)
            return i;
    }
    return -1;
}

int grid_reveal_ticks(void) { return REVEAL_TICKS; }

/* A tile turning over: its width shrinks to nothing and grows back as the face. `t` runs
 * from 0 (closed) to 1 (open). */
static void tile_turn(Slot *s, int i, float t, bool chosen)
{
    Gfx *g = app_gfx(s->app);
    SDL_FRect r = tile_rect(s, i);
    float half = t < 0.5f ? 1 - 2 * t : 2 * t - 1;
    float w = r.w * half, x = r.x + (r.w - w) / 2;
    gfx_image(g, s->pick_tile, x, r.y, w, r.h, 1);
    if (t < 0.5f) /* still its back */
        return;
    SDL_FRect face = {x + 10 * half, r.y + 10, w - 20 * half, r.h - 20};
    gfx_rect(g, face, chosen ? (SDL_Color){40, 30, 8, 255} : (SDL_Color){24, 24, 18, 255});
    if (face.w > 13)
        gfx_image(g, s->sym_small[s->tiles[i]], face.x + 5, face.y + (face.h - face.w) / 2 + 5, face.w - 10,
                  face.w - 10, chosen ? 1.0f : 0.45f);
    if (chosen)
        gfx_frame(g, (SDL_FRect){x, r.y, w, r.h}, 5, s->th.accent);
}

void grid_draw_pick(Slot *s)
{
    Gfx *g = app_gfx(s->app);
    float cx = (float)s->th.reels_x + (float)(s->th.cell * s->def.cols) / 2;
    float top = (float)s->th.reels_y;
    if (s->phase == PH_PICK) {
        gfx_text_shadow(g, s->f_big, cx, top + 8, GFX_CENTER, s->th.accent, "PICK A TILE");
        gfx_text(g, s->f_tiny, cx, top + 68, GFX_CENTER, s->th.text,
                 "It reveals the Expanding Symbol of your free spins");
        for (int i = 0; i < s->pick_tiles; i++) {
            SDL_FRect r = tile_rect(s, i);
            gfx_image(g, i == s->pick_hover ? s->pick_tile_hover : s->pick_tile, r.x, r.y, r.w, r.h, 1);
        }
        return;
    }
    /* PH_REVEAL: the picked tile turns, then the others */
    const float k = (float)(app_tick(s->app) - s->phase_t0);
    for (int i = 0; i < s->pick_tiles; i++) {
        bool chosen = i == s->pick_choice;
        float t = chosen ? k / REVEAL_FLIP : (k - REVEAL_OTHERS) / REVEAL_FLIP;
        tile_turn(s, i, t < 0 ? 0 : t > 1 ? 1 : t, chosen);
    }
    if (s->expanding >= 0) {
        char t[96];
        snprintf(t, sizeof t, "%s EXPANDS", s->def.symbols[s->expanding].name);
        for (char *p = t; *p; p++)
            *p = (char)(*p >= 'a' && *p <= 'z' ? *p - 32 : *p);
        if (k >= REVEAL_FLIP)
            gfx_text_shadow(g, s->f_big, cx, top + 8, GFX_CENTER, s->th.accent, t);
        else
            gfx_text_shadow(g, s->f_big, cx, top + 8, GFX_CENTER, s->th.accent, "PICK A TILE");
    }
}
