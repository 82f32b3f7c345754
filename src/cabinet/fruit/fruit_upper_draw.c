/* fruit_upper_draw.c - the upper game's screen: its payout plan for the plate played (each
 * figure's three-of-a-line prize, the minigame figures marked, the plate's maximum prize and
 * Double or Bonuses' fraction), and the eight lines over the 3x3 window: each numbered at
 * both its ends, and the one that pays drawn through its cells while its prize flashes. */
#include "fruit_priv.h"

#include <stdio.h>
#include <string.h>

#define UPLAN_X 35.0f
#define UPLAN_Y 138.0f
#define UPLAN_PITCH 71.0f
#define UP_FIGURES 8

/* Top to bottom, as the rules list their prizes. */
static const char *const figure_ids[UP_FIGURES] = {"GNOME", "POT", "HAT", "MUSHROOM",
                                                   "FLOWER", "LOG", "ACORN", "CLOVER"};

/* The plate's index among the game's plates (its features' tables), -1 none. */
static int plate_index(const Fruit *f)
{
    const GameParam *b = gamedef_param(&f->def, "upper_bonuses");
    for (int k = 0; b && k < b->n; k++)
        if (b->v[k] == f->bet.v[f->opt_upper])
            return k;
    return -1;
}

static Money plate_param(const Fruit *f, const char *key)
{
    const GameParam *p = gamedef_param(&f->def, key);
    const int k = plate_index(f);
    return p && k >= 0 && k < p->n ? p->v[k] : 0;
}

/* A line's three cells, left to right: rows 1-3, the reels' columns 4-6, the diagonals 7-8. */
static void line_cells(int line, int row[3], int col[3])
{
    for (int i = 0; i < 3; i++) {
        row[i] = line <= 3 ? line - 1 : line <= 6 ? i : line == 7 ? i : 2 - i;
        col[i] = line <= 3 ? i : line <= 6 ? line - 4 : i;
    }
}

static SDL_FPoint cell_centre(int row, int col)
{
    return (SDL_FPoint){(float)(FR_REEL_X + col * FR_REEL_PITCH + FR_CELL / 2),
                        (float)(FR_REEL_Y + row * FR_CELL + FR_CELL / 2)};
}

static void upper_plan_paint(Fruit *f, int lit_symbol);

static const SDL_Color LINE_COLOUR[UP_FIGURES] = {
    {255, 90, 70, 255}, {90, 200, 255, 255}, {120, 255, 120, 255}, {255, 220, 70, 255},
    {255, 120, 230, 255}, {255, 160, 60, 255}, {170, 140, 255, 255}, {80, 255, 220, 255}};

/* Where line n's marker sits: left of the window for the rows and diagonals, above it for
 * the columns; and on the other side too. */
static SDL_FPoint marker_at(int line, int side)
{
    if (line >= 4 && line <= 6) {
        const SDL_FPoint c = cell_centre(0, line - 4);
        return (SDL_FPoint){c.x, side ? (float)(FR_REEL_Y + FR_ROWS * FR_CELL + 18) : (float)FR_REEL_Y - 18};
    }
    int row[3], col[3];
    line_cells(line, row, col);
    const SDL_FPoint c = cell_centre(side ? row[2] : row[0], 0);
    const float dy = line == 7 ? -46 : line == 8 ? 46 : 0; /* the diagonals beside the rows' */
    return (SDL_FPoint){side ? (float)(FR_REEL_X + 2 * FR_REEL_PITCH + FR_CELL + 20) : (float)FR_REEL_X - 22,
                        c.y + (side ? -dy : dy)};
}

void fruit_upper_draw_lines(Fruit *f, uint64_t now)
{
    Gfx *g = app_gfx(f->app);
    const bool paying = f->play.phase == FP_WIN && f->play.win_line && f->play.win.line >= 1 && f->play.win.line <= 8;
    const bool flash = (now / 10) % 2 == 0;
    GfxText num = {.font = f->f_key, .color = {30, 16, 8, 255}, .align = GFX_CENTER, .valign = GFX_MIDDLE};
    for (int line = 1; line <= 8; line++) {
        const bool on = paying && f->play.win.line == line;
        const SDL_Color c = LINE_COLOUR[line - 1];
        for (int side = 0; side < 2; side++) {
            const SDL_FPoint p = marker_at(line, side);
            const SDL_FRect r = {p.x - 17, p.y - 15, 34, 30};
            gfx_rect(g, r, on && flash ? (SDL_Color){255, 255, 230, 255} : c);
            gfx_frame(g, r, 2, (SDL_Color){40, 20, 10, 255});
            char t[4];
            snprintf(t, sizeof t, "%d", line);
            gfx_text_box(g, (SDL_FRect){r.x + 2, r.y + 2, r.w - 4, r.h - 4}, &num, t);
        }
        if (!on)
            continue;
        int row[3], col[3];
        line_cells(line, row, col);
        SDL_FPoint pts[5];
        pts[0] = marker_at(line, 0);
        for (int i = 0; i < 3; i++)
            pts[i + 1] = cell_centre(row[i], col[i]);
        pts[4] = marker_at(line, 1);
        /* from each marker's rim, not its middle: its number stays clear of the line */
        for (int end = 0; end < 2; end++) {
            SDL_FPoint *m = &pts[end ? 4 : 0];
            const SDL_FPoint to = pts[end ? 3 : 1];
            const float dx = to.x - m->x, dy = to.y - m->y, len = sqrtf(dx * dx + dy * dy);
            if (len > 30) {
                const float ux = dx / len, uy = dy / len;
                const float rim = fminf(ux != 0 ? 17 / fabsf(ux) : 1e9f, uy != 0 ? 15 / fabsf(uy) : 1e9f);
                m->x += ux * (rim + 6); /* past the rim by the line's half width and a pixel */
                m->y += uy * (rim + 6);
            }
        }
        gfx_polyline(g, pts, 5, 10, (SDL_Color){20, 10, 0, 200});
        gfx_polyline(g, pts, 5, 6, flash ? (SDL_Color){255, 255, 220, 255} : c);
        for (int i = 0; i < 3; i++) {
            const SDL_FPoint q = cell_centre(row[i], col[i]);
            gfx_frame(g, (SDL_FRect){q.x - FR_CELL / 2 + 4, q.y - FR_CELL / 2 + 4, FR_CELL - 8, FR_CELL - 8}, 6,
                      flash ? (SDL_Color){255, 240, 120, 255} : c);
        }
    }
}

/* The plan, in the board's plane: drawn into its cached picture only when its lit row, the
 * plate or its foot changes; Double or Bonuses' lamps over its foot, every frame. */
void fruit_upper_draw_plan(Fruit *f)
{
    Gfx *g = app_gfx(f->app);
    const uint64_t now = app_tick(f->app);
    const bool paying = f->play.phase == FP_WIN && f->play.win_line;
    const int lit_symbol = paying && (now / 12) % 2 ? f->play.win.symbol : -1;
    const int64_t state[] = {lit_symbol, f->bet.v[f->opt_upper], fruit_upper_risk_shown(f), 1 << 20};
    const SDL_FRect area = {UPLAN_X, UPLAN_Y, 520, 10 * UPLAN_PITCH};
    if (gfx_cache_begin(g, &f->plan_cache, area, gfx_hash(GFX_HASH_START, state, sizeof state))) {
        gfx_image_part(g, f->backdrop, area);
        upper_plan_paint(f, lit_symbol);
        gfx_cache_end(g, &f->plan_cache);
    }
    fruit_upper_draw_risk(f, now);
}

static void upper_plan_paint(Fruit *f, int lit_symbol)
{
    static const SDL_Color LIT_INK = {42, 16, 0, 255};
    Gfx *g = app_gfx(f->app);
    const Money unit = plate_param(f, "upper_unit");
    GfxText amount = {.font = f->f_led, .align = GFX_RIGHT, .valign = GFX_MIDDLE, .shadow = true};
    GfxText name = {.font = f->f_tiny, .color = f->th.text, .align = GFX_LEFT, .valign = GFX_MIDDLE, .shadow = true,
                    .floor = 0.6f};
    for (int i = 0; i < UP_FIGURES; i++) {
        const int s = gamedef_symbol(&f->def, figure_ids[i]);
        const SDL_FRect rr = {UPLAN_X, UPLAN_Y + (float)i * UPLAN_PITCH, 520, 70};
        const bool lit = s >= 0 && lit_symbol == s;
        gfx_image(g, lit ? f->row[3] : i >= 3 && i <= 5 ? f->row[2] : f->row[1], rr.x, rr.y, 0, 0, 1);
        gfx_image(g, f->dot[1], rr.x + 21, rr.y + 21, 28, 28, 1);
        for (int k = 0; s >= 0 && k < 3; k++)
            gfx_image(g, f->sym_plan[s], rr.x + 66 + (float)k * 56, rr.y + 9, 52, 52, 1);
        /* the lit row is bright orange glass: its words dark on it, as the lower plan's */
        name.color = lit ? LIT_INK : f->th.text;
        name.shadow = amount.shadow = !lit;
        if (i >= 3 && i <= 5)
            gfx_text_box(g, (SDL_FRect){rr.x + 236, rr.y + 10, 80, rr.h - 20}, &name, _("GAME"));
        char t[32];
        app_money_text(s >= 0 ? f->def.pays.pay[s][3] * unit : 0, t, sizeof t);
        amount.color = lit ? LIT_INK : (SDL_Color){255, 214, 64, 255};
        gfx_text_box(g, (SDL_FRect){rr.x + 320, rr.y + 8, 185, rr.h - 16}, &amount, t);
    }
    if (fruit_upper_risk_shown(f))
        return; /* its lamps are over the foot */
    char m[32], fr[32], t[96];
    app_money_text(plate_param(f, "upper_max_prize"), m, sizeof m);
    app_money_text(plate_param(f, "upper_fraction"), fr, sizeof fr);
    GfxText foot = {.font = f->f_small, .color = f->th.text, .align = GFX_CENTER, .valign = GFX_MIDDLE, .shadow = true,
                    .wrap = true, .floor = 0.6f};
    lang_fill(t, sizeof t, _("8 LINES - MAX PRIZE {1}"), m, NULL);
    gfx_text_box(g, (SDL_FRect){UPLAN_X, UPLAN_Y + 8 * UPLAN_PITCH + 4, 520, 60}, &foot, t);
    lang_fill(t, sizeof t, _("DOUBLE OR BONUSES IN FRACTIONS OF {1}"), fr, NULL);
    gfx_text_box(g, (SDL_FRect){UPLAN_X, UPLAN_Y + 8 * UPLAN_PITCH + 66, 520, 60}, &foot, t);
}
