/* lines.c - the view of a line game (Mona Lisa Jewels): reels with a line-number badge
 * column each side, the winning line drawn through its cells, a panel of coin value, coins
 * per line and lines steppers with BET MAX and AUTO, the free and jewel spin counters, and
 * the paytable's pages of pays, lines and features. Amounts can show in coins (C, or a click
 * on the info bar). The scene calls it through SlotKind; it draws and never plays. */
#include "kinds.h"
#include "lang.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define SANS "fonts/DejaVuSans-Bold.ttf"

enum { LINES_ART_PLATE }; /* in Slot.kind_art: the counters' plate (the theme's "counter") */

static float line_badge_y(const Slot *s, int line)
{
    int per_side = (s->def.nlines + 1) / 2;
    int k = line < per_side ? line : line - per_side;
    float top = (float)s->th.reels_y + 8, span = (float)(s->def.rows * s->th.cell) - 16;
    return top + span * ((float)k + 0.5f) / (float)per_side;
}

static float line_badge_x(const Slot *s, int line)
{
    int per_side = (s->def.nlines + 1) / 2;
    /* outside the reel frame (40 px wide) */
    return line < per_side ? (float)s->th.reels_x - 70
                           : (float)(s->th.reels_x + s->def.cols * s->th.cell) + 70;
}

/* Where segment a-b runs inside `r`, as the part t0..t1 of it (0 at a, 1 at b). */
static bool segment_in(SDL_FPoint a, SDL_FPoint b, SDL_FRect r, float *t0, float *t1)
{
    const float from[2] = {a.x, a.y}, d[2] = {b.x - a.x, b.y - a.y};
    const float lo_edge[2] = {r.x, r.y}, hi_edge[2] = {r.x + r.w, r.y + r.h};
    float lo = 0, hi = 1;
    for (int k = 0; k < 2; k++) {
        if (fabsf(d[k]) < 1e-4f) {
            if (from[k] <= lo_edge[k] || from[k] >= hi_edge[k])
                return false;
            continue;
        }
        float ta = (lo_edge[k] - from[k]) / d[k], tb = (hi_edge[k] - from[k]) / d[k];
        if (ta > tb) {
            const float t = ta;
            ta = tb;
            tb = t;
        }
        lo = fmaxf(lo, ta);
        hi = fminf(hi, tb);
        if (lo >= hi)
            return false;
    }
    *t0 = lo;
    *t1 = hi;
    return true;
}

static SDL_FRect grown_by(SDL_FRect r, float pad)
{
    return (SDL_FRect){r.x - pad, r.y - pad, r.w + 2 * pad, r.h + 2 * pad};
}

/* The part of segment a-b from t on that is clear of every hole (grown by `pad`): its end
 * in *t1; false when none is (the rest runs under holes). */
static bool clear_part(SDL_FPoint a, SDL_FPoint b, const SDL_FRect *holes, int n, float pad, float *t,
                       float *t1)
{
    for (bool moved = true; moved;) { /* past every hole that the part begins in */
        moved = false;
        for (int i = 0; i < n; i++) {
            float u0, u1;
            if (segment_in(a, b, grown_by(holes[i], pad), &u0, &u1) && u0 <= *t && u1 > *t) {
                *t = u1;
                moved = true;
            }
        }
    }
    if (*t >= 1)
        return false;
    *t1 = 1;
    for (int i = 0; i < n; i++) {
        float u0, u1;
        if (segment_in(a, b, grown_by(holes[i], pad), &u0, &u1) && u0 > *t && u0 < *t1)
            *t1 = u0;
    }
    return true;
}

/* A polyline that passes behind the holes (the symbols' ribbons): it stops at each, its stamps
 * reaching no nearer than 2 px, and goes on beyond it; unbroken, it is gfx_polyline's. */
static void polyline_round(Gfx *g, const SDL_FPoint *p, int n, float width, SDL_Color col, const SDL_FRect *holes,
                           int nh)
{
    SDL_FPoint run[2 * (COLS_MAX + 2) * (SLOT_RIBBONS_MAX + 1)];
    int k = 0;
    const float pad = width / 2 + 2;
    bool open = false; /* the run goes on from p[i] */
    for (int i = 0; i + 1 < n; i++) {
        const SDL_FPoint a = p[i], b = p[i + 1];
        float t = 0, t1;
        bool first = true;
        while (clear_part(a, b, holes, nh, pad, &t, &t1)) {
            const SDL_FPoint from = {a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t};
            const SDL_FPoint to = {a.x + (b.x - a.x) * t1, a.y + (b.y - a.y) * t1};
            if (!(first && t <= 0 && open)) { /* a new run */
                if (k >= 2)
                    gfx_polyline(g, run, k, width, col);
                k = 0;
                run[k++] = from;
            }
            if (k < (int)SDL_arraysize(run))
                run[k++] = to;
            open = t1 >= 1;
            first = false;
            t = t1;
            if (t >= 1)
                break;
        }
        if (t < 1 || first)
            open = false;
    }
    if (k >= 2)
        gfx_polyline(g, run, k, width, col);
}

static void draw_line_path(Slot *s, int line, SDL_Color col, float width, CellMask grown)
{
    SDL_FPoint p[COLS_MAX + 2];
    int n = 0;
    float c = (float)s->th.cell;
    int per_side = (s->def.nlines + 1) / 2;
    bool left = line < per_side;
    float bx = line_badge_x(s, line), by = line_badge_y(s, line);
    /* from the lit badge's rim (46 px, 1.15 times), its glow clear of the badges' numbers */
    const float off = 46 * 1.15f / 2 + width * 1.3f + 2;
    if (left)
        p[n++] = (SDL_FPoint){bx + off, by};
    for (int k = 0; k < s->def.cols; k++)
        p[n++] = (SDL_FPoint){(float)s->th.reels_x + c * ((float)k + 0.5f),
                              (float)s->th.reels_y + c * ((float)s->def.lines[line][k] + 0.5f)};
    if (!left)
        p[n++] = (SDL_FPoint){bx - off, by};
    Gfx *g = app_gfx(s->app);
    SDL_FRect ribbons[COLS_MAX * SLOT_RIBBONS_MAX];
    int nr = 0;
    for (int k = 0; k < s->def.cols; k++)
        nr += slot_reel_ribbons(s, k, grown, ribbons + nr, SLOT_RIBBONS_MAX);
    /* a glow in the line's colour (its stamps overlap three deep), a dark edge, the line,
     * and a light core: each behind the symbols' ribbons, their words clear */
    polyline_round(g, p, n, width * 2.6f, (SDL_Color){col.r, col.g, col.b, 48}, ribbons, nr);
    polyline_round(g, p, n, width + 6, (SDL_Color){20, 8, 4, 170}, ribbons, nr);
    polyline_round(g, p, n, width, col, ribbons, nr);
    polyline_round(g, p, n, width / 3,
                   (SDL_Color){(Uint8)(col.r / 2 + 128), (Uint8)(col.g / 2 + 128), (Uint8)(col.b / 2 + 128), 255},
                   ribbons, nr);
}

/* The line badges (46 px, the lit one larger), a column each side of the reels, cached as
 * the panel is: they change with the lines played and the line lit. */
static void draw_line_badges(Slot *s, int lit)
{
    Gfx *g = app_gfx(s->app);
    const int active = (int)s->bet.v[s->bi_lines], per_side = (s->def.nlines + 1) / 2;
    uint64_t key = gfx_hash(GFX_HASH_START, &active, sizeof active);
    key = gfx_hash(key, &lit, sizeof lit);
    for (int side = 0; side < 2; side++) {
        const int first = side ? per_side : 0, last = side ? s->def.nlines : per_side;
        if (first >= last)
            continue;
        const float x = line_badge_x(s, first), half = 46 * 1.15f / 2 + 2;
        const SDL_FRect area = {x - half, line_badge_y(s, first) - half, 2 * half,
                                line_badge_y(s, last - 1) - line_badge_y(s, first) + 2 * half};
        if (!gfx_cache_begin(g, &s->badge_cache[side], area, key))
            continue;
        gfx_image(g, s->backdrop, 0, 0, 0, 0, 1);
        for (int l = first; l < last; l++)
            gfx_image_zoom(g, s->badge[l < active][l], line_badge_x(s, l), line_badge_y(s, l),
                           l == lit ? 1.15f : 1.0f, 1);
        gfx_cache_end(g, &s->badge_cache[side]);
    }
}

/* The badges, the lit one the line of the win shown now. */
static void lines_draw_surround(Slot *s)
{
    int lit = s->play.nwins && (s->play.phase == PH_WINS || s->play.phase == PH_IDLE) && s->play.win_at < s->play.nwins
                  ? s->play.wins[s->play.win_at].line - 1 : -1;
    if (s->play.phase == PH_IDLE && s->play.nwins)
        lit = s->play.wins[s->play.win_at % s->play.nwins].line - 1;
    draw_line_badges(s, lit);
}

/* The reels fully held in extra spins carry a lock. */
static void lines_draw_on_reels(Slot *s)
{
    Gfx *g = app_gfx(s->app);
    float c = (float)s->th.cell;
    SDL_FRect win = {(float)s->th.reels_x, (float)s->th.reels_y, c * (float)s->def.cols, c * (float)s->def.rows};
    if (s->play.spin_kind == SPIN_EXTRA && s->play.held) {
        for (int col = 0; col < s->def.cols; col++)
            if (slot_reel_all_held(s, col))
                gfx_image(g, s->ic_lock, win.x + c * (float)col + c - 70, win.y + 6, 0, 0, 1);
    }
}

/* A line win: the line through the reels, then its cells and amount. */
static void lines_draw_win(Slot *s, const EventWin *w)
{
    SDL_Color col = w->line ? slot_line_color(s, w->line - 1) : s->th.accent;
    if (w->line)
        draw_line_path(s, w->line - 1, col, 11, w->cells);
    slot_draw_win_cells(s, w, col);
}

/* The control panel: its buttons and bet values change only when the player acts, so they
 * are drawn once into a cached picture with the backdrop under them (see gfx_cache_begin);
 * the info bar below, whose win meter counts up, has a cached band of its own over it.
 * Returns the band the panel covers. */
static SDL_FRect lines_draw_panel(Slot *s)
{
    Gfx *g = app_gfx(s->app);
    SDL_Color text = s->th.text, acc = s->th.accent, dim = s->th.dim;
    int opts[3] = {s->bi_coin, s->bi_coins, s->bi_lines};
    char v[3][48];
    uint64_t key = GFX_HASH_START;
    for (int i = 0; i < 3; i++) {
        if (i == 0)
            slot_money_text(s->bet.v[opts[i]], v[i], sizeof v[i]);
        else
            snprintf(v[i], sizeof v[i], "%lld", (long long)s->bet.v[opts[i]]);
        key = gfx_hash_str(key, v[i]);
    }
    static const int more[] = {BTN_MAX, BTN_AUTO, BTN_SPIN};
    for (int i = BTN_COIN_DN; i <= BTN_LINES_UP; i++)
        key = button_hash(key, &s->btn[i]);
    for (int i = 0; i < 3; i++)
        key = button_hash(key, &s->btn[more[i]]);
    SDL_FRect area = slot_band_of(s, BTN_COIN_DN, BTN_LINES_UP, more, 3, GFX_H, GFX_H);
    area.h = GFX_H - area.y;
    if (gfx_cache_begin(g, &s->panel_cache, area, key)) {
        gfx_image(g, s->backdrop, 0, 0, 0, 0, 1);
        for (int i = 0; i < 3; i++) /* in its box (220 wide at x, under its label) */
            kind_line_in(s, s->f_mid, 90 + (float)i * 380 + 8, 960, 204, GFX_CENTER, text, true, v[i]);
        for (int i = BTN_COIN_DN; i <= BTN_LINES_UP; i++)
            button_draw(g, &s->btn[i]);
        for (int i = 0; i < 3; i++)
            button_draw(g, &s->btn[more[i]]);
        gfx_cache_end(g, &s->panel_cache);
    }
    /* the info bar: bet, balance and win in currency (or coins), in a band of its own left
     * of the spin button, so that a counting win meter redraws only that */
    char bet[48], bal[48], win[48];
    slot_amount_text(s, s->play.round_active ? s->seat.round_bet : slot_bet_total(s), bet, sizeof bet);
    slot_amount_text(s, seat_balance(&s->seat), bal, sizeof bal);
    slot_amount_text(s, slot_meter_value(s), win, sizeof win);
    if (s->coins_view) /* the unit goes with the amount: the labels stay where they are */
        for (char *a[] = {bet, bal, win}, **p = a; p < a + 3; p++)
{
            char amount[48];
            snprintf(amount, sizeof amount, "%s", *p);
            lang_fill(*p, sizeof bet, _("{1} coins"), amount, NULL);
        }
    key = gfx_hash_str(gfx_hash_str(gfx_hash_str(GFX_HASH_START, bet), bal), win);
    key = gfx_hash(key, &s->coins_view, sizeof s->coins_view);
    const float y = 1030;
    const SDL_FRect bar = {0, y - 12, s->btn[BTN_SPIN].r.x - 10, GFX_H - (y - 12)};
    if (gfx_cache_begin(g, &s->info_cache, bar, key)) {
        gfx_image(g, s->backdrop, 0, 0, 0, 0, 1);
        const char *label[] = {_("BET"), s->coins_view ? _("CREDIT") : _("BALANCE"), _("WIN")};
        const char *value[] = {bet, bal, win};
        const float at[] = {200, 700, 1160}; /* where a label ends and its amount begins */
        for (int i = 0; i < 3; i++) {
            const GfxText l = {.font = s->f_small, .color = dim, .align = GFX_RIGHT, .valign = GFX_MIDDLE};
            const GfxText a = {.font = s->f_small, .color = i == 2 ? acc : text, .align = GFX_LEFT,
                               .valign = GFX_MIDDLE, .shadow = true};
            gfx_text_box(g, (SDL_FRect){at[i] - 190, y - 6, 190, 40}, &l, label[i]);
            gfx_text_box(g, (SDL_FRect){at[i] + 15, y - 6, i == 2 ? 300 : 280, 40}, &a, value[i]);
        }
        gfx_cache_end(g, &s->info_cache);
    }
    return area;
}

/* The counters sit in the backdrop's two arched windows (their openings: 184 wide, straight
 * from the sill up to y 330, an arch of radius 92 above), each on the theme's opaque plate
 * shaped to the arch (art "counter"; without one, a plain plate): the free and jewel spins
 * left and the feature's win in the right one, the wild multipliers of free spins in the
 * left. Each is cached with the backdrop under it. */
#define ARCH_LEFT_X 58.0f
#define ARCH_RIGHT_X 1678.0f
#define ARCH_TOP 238.0f /* the arch's apex */
#define ARCH_W 184.0f
#define ARCH_H 362.0f

static void draw_arch_plate(Slot *s, float x)
{
    Gfx *g = app_gfx(s->app);
    const SDL_FRect r = {x, ARCH_TOP, ARCH_W, ARCH_H};
    gfx_image(g, s->backdrop, 0, 0, 0, 0, 1);
    if (s->kind_art[LINES_ART_PLATE]) {
        gfx_image(g, s->kind_art[LINES_ART_PLATE], r.x, r.y, 0, 0, 1);
        gfx_cover(g, (SDL_FRect){r.x, r.y + 60, r.w, r.h - 60}); /* its arch drawn, its body opaque */
        return;
    }
    const SDL_FRect body = {r.x, r.y + 40, r.w, r.h - 40};
    gfx_rect(g, body, (SDL_Color){40, 10, 16, 255});
    gfx_frame(g, body, 3, s->th.accent);
}

/* A label (small, dim) and its value under it, in the arch's width at that height. */
static void arch_pair(Slot *s, float x, float y, const char *label, GfxFont f, float h, SDL_Color c,
                      const char *value)
{
    kind_line_in(s, s->f_tiny, x + 22, y, ARCH_W - 44, GFX_CENTER, s->th.dim, false, label);
    const GfxText t = {.font = f, .color = c, .align = GFX_CENTER, .valign = GFX_MIDDLE, .shadow = true};
    gfx_text_box(app_gfx(s->app), (SDL_FRect){x + 14, y + 26, ARCH_W - 28, h}, &t, value);
}

static void draw_spins_arch(Slot *s, bool jewels, const char *fw)
{
    Gfx *g = app_gfx(s->app);
    const float x = ARCH_RIGHT_X;
    draw_arch_plate(s, x);
    char n[16];
    snprintf(n, sizeof n, "%d", s->play.free_left);
    const SDL_Color jewel = {255, 150, 160, 255}, rule = {201, 154, 58, 255};
    if (!jewels) {
        /* TRANSLATORS: the label over the free spins left, in the narrow arch (about 10 capitals) */
        arch_pair(s, x, ARCH_TOP + 44, lang_trc("counter", "FREE SPINS"), s->f_huge, 104, s->th.accent, n);
    } else {
        arch_pair(s, x, ARCH_TOP + 44, lang_trc("counter", "FREE SPINS"), s->f_big, 64, s->th.accent, n);
        snprintf(n, sizeof n, "%d", s->play.extra_left);
        arch_pair(s, x, ARCH_TOP + 144, _("JEWEL SPINS"), s->f_big, 64, jewel, n);
    }
    if (s->play.in_feature) {
        gfx_rect(g, (SDL_FRect){x + 30, ARCH_TOP + 256, ARCH_W - 60, 2}, rule);
        arch_pair(s, x, ARCH_TOP + 272, _("FEATURE WIN"), s->f_small, 44, s->th.text, fw);
    }
}

static void draw_multipliers_arch(Slot *s)
{
    const float x = ARCH_LEFT_X;
    draw_arch_plate(s, x);
    kind_line_in(s, s->f_tiny, x + 30, ARCH_TOP + 40, ARCH_W - 60, GFX_CENTER, s->th.dim, false, _("WILD"));
    kind_line_in(s, s->f_tiny, x + 16, ARCH_TOP + 64, ARCH_W - 32, GFX_CENTER, s->th.dim, false, _("MULTIPLIERS"));
    static const char *const times[] = {"\xC3\x97" "2", "\xC3\x97" "4", "\xC3\x97" "8"};
    static const char *const wilds[] = {N_("1 WILD"), N_("2 WILDS"), N_("3+ WILDS")};
    const GfxText big = {.font = s->f_big, .color = s->th.accent, .align = GFX_CENTER, .valign = GFX_MIDDLE,
                         .shadow = true};
    for (int i = 0; i < 3; i++) {
        const float y = ARCH_TOP + 100 + (float)i * 86;
        gfx_text_box(app_gfx(s->app), (SDL_FRect){x + 20, y, ARCH_W - 40, 54}, &big, times[i]);
        kind_line_in(s, s->f_tiny, x + 20, y + 56, ARCH_W - 40, GFX_CENTER, s->th.text, false, _(wilds[i]));
    }
}

static void lines_draw_side(Slot *s)
{
    Gfx *g = app_gfx(s->app);
    if (!s->play.round_active || (!s->play.in_feature && s->play.phase != PH_AWAIT_START && !s->play.free_left && !s->play.extra_left))
        return;
    char fw[48] = "";
    if (s->play.in_feature)
        slot_amount_text(s, slot_feature_win_value(s), fw, sizeof fw);
    /* jewel spins are counted only while there are some to play (or one playing) */
    const bool jewels = s->play.extra_left > 0 || (s->play.in_feature && s->play.spin_kind == SPIN_EXTRA);
    const int state[] = {s->play.free_left, s->play.extra_left, s->play.in_feature, jewels};
    const uint64_t key = gfx_hash_str(gfx_hash(GFX_HASH_START, state, sizeof state), fw);
    if (gfx_cache_begin(g, &s->side_cache[0], (SDL_FRect){ARCH_RIGHT_X, ARCH_TOP, ARCH_W, ARCH_H}, key)) {
        draw_spins_arch(s, jewels, fw);
        gfx_cache_end(g, &s->side_cache[0]);
    }
    if (s->play.in_feature && s->play.spin_kind == SPIN_FREE &&
        gfx_cache_begin(g, &s->side_cache[1], (SDL_FRect){ARCH_LEFT_X, ARCH_TOP, ARCH_W, ARCH_H}, GFX_HASH_START)) {
        draw_multipliers_arch(s);
        gfx_cache_end(g, &s->side_cache[1]);
    }
}

static void lines_banner_text(const Slot *s, bool start, char *a, size_t na, char *b, size_t nb)
{
    char x[16], f[16];
    snprintf(x, sizeof x, "%d", s->play.extra_left);
    snprintf(f, sizeof f, "%d", s->play.free_left);
    if (start) {
        snprintf(a, na, "%s", _("FREE SPINS"));
        if (s->play.extra_left && s->play.free_left)
            lang_fill(b, nb, _("{1} jewel spins first, then {2} free spins"), x, f, NULL);
        else if (s->play.extra_left)
            lang_fill(b, nb, lang_trn("{1} jewel free spin", "{1} jewel free spins", s->play.extra_left), x, NULL);
        else
            lang_fill(b, nb, _("{1} free spins  \xE2\x80\xA2  wilds multiply wins"), f, NULL);
        return;
    }
    /* an award in free spins adds to those left: "+10", with what is now to play */
    const bool jewel = s->play.banner_feature == FEATURE_EXTRA;
    const int won = s->play.banner_spins;
    char w[16];
    snprintf(w, sizeof w, "%d", won);
    if (s->play.banner_retrigger)
        lang_fill(a, na, jewel ? lang_trn("+{1} JEWEL FREE SPIN", "+{1} JEWEL FREE SPINS", won)
                               : lang_trn("+{1} FREE SPIN", "+{1} FREE SPINS", won), w, NULL);
    else
        lang_fill(a, na, jewel ? lang_trn("{1} JEWEL FREE SPIN", "{1} JEWEL FREE SPINS", won)
                               : lang_trn("{1} FREE SPIN", "{1} FREE SPINS", won), w, NULL);
    if (s->play.banner_retrigger)
        lang_fill(b, nb, jewel ? lang_trn("{1} jewel free spin to play", "{1} jewel free spins to play", s->play.extra_left)
                               : lang_trn("{1} free spin to play", "{1} free spins to play", s->play.free_left),
                  jewel ? x : f, NULL);
    else
        snprintf(b, nb, "%s", jewel ? _("reel 1 locked  \xE2\x80\xA2  jewels and wilds stay")
                                    : _("1, 2, 3+ wilds on a winning line: \xC3\x97" "2, \xC3\x97" "4, \xC3\x97" "8"));
}

static int lines_backdrop(const Slot *s, GfxLayer *l, int n)
{
    const Theme *th = &s->th;
        l[n++] = gfx_svg_layer(th->art[ART_PANEL], 0, 905, 1920, 175);
        static const char *const labels[3] = {N_("COIN VALUE"), N_("LINE BET"), N_("LINES")};
        for (int i = 0; i < 3; i++) {
            float x = 90 + (float)i * 380;
            l[n++] = gfx_svg_layer(th->art[ART_BOX], x, 925, 220, 82);
            l[n++] = gfx_text_layer(SANS, 20, x + 110, 933, GFX_CENTER, th->dim, false, _(labels[i]));
        }
    return n;
}

static int lines_load_art(Slot *s, Error *err)
{
    Gfx *g = app_gfx(s->app);
    const Theme *th = &s->th;
    if (th->art[ART_COUNTER][0] &&
        gfx_load_image(g, th->art[ART_COUNTER], (int)ARCH_W, (int)ARCH_H, &s->kind_art[LINES_ART_PLATE], err))
        return -1;
    /* line-number badges: a white badge tinted with the line's colour (grey when the line
     * is not played), its number on it */
    for (int l = 0; l < s->def.nlines; l++)
        for (int on = 0; on < 2; on++) {
            char num[12];
            snprintf(num, sizeof num, "%d", l + 1);
            GfxLayer b[3] = {gfx_svg_layer("ui/badge.svg", 0, 0, 46, 46),
                             gfx_svg_layer("ui/badge.svg", 0, 0, 46, 46),
                             gfx_text_layer(SANS, 20, 23, 10, GFX_CENTER,
                                            on ? (SDL_Color){20, 10, 5, 255}
                                               : (SDL_Color){150, 130, 120, 255},
                                            false, num)};
            b[1].color = on ? th->line[l % th->nline_colors] : (SDL_Color){70, 55, 50, 255};
            if (gfx_load_stack(g, b, 3, 46, 46, 0, &s->badge[on][l], err))
                return -1;
        }
    return 0;
}

static void lines_layout(Slot *s)
{
    Button *b = s->btn;
    b[BTN_MAX].r = (SDL_FRect){1405, 930, 220, 80};
    b[BTN_MAX].look = &s->look_plain;
    b[BTN_MAX].label = _("BET MAX");
    int steppers[3][2] = {{BTN_COIN_DN, BTN_COIN_UP}, {BTN_COINS_DN, BTN_COINS_UP}, {BTN_LINES_DN, BTN_LINES_UP}};
    for (int i = 0; i < 3; i++) {
        float x = 90 + (float)i * 380;
        b[steppers[i][0]].r = (SDL_FRect){x - 70, 932, 64, 64};
        b[steppers[i][0]].icon = s->ic_minus;
        b[steppers[i][1]].r = (SDL_FRect){x + 226, 932, 64, 64};
        b[steppers[i][1]].icon = s->ic_plus;
    }
    b[BTN_AUTO].r = (SDL_FRect){1175, 930, 210, 80};
    b[BTN_AUTO].look = &s->look_plain;
    b[BTN_AUTO].label = _("AUTO");
    b[BTN_BET].visible = false;
}

/* AUTO shows the rounds autospin has played; pressed while it runs, it stops it. */
static void lines_update_buttons(Slot *s, bool idle)
{
    (void)idle;
    if (s->autospin.active)
{
        char left[16], all[16];
        snprintf(left, sizeof left, "%d", autospin_left(&s->autospin));
        snprintf(all, sizeof all, "%d", s->autospin.set.spins);
        lang_fill(s->auto_label, sizeof s->auto_label, _("STOP {1}/{2}"), left, all, NULL);
    } else
        snprintf(s->auto_label, sizeof s->auto_label, "%s", _("AUTO"));
    s->btn[BTN_AUTO].label = s->auto_label;
}

/* C, or a click on the info bar, shows amounts in currency or in coins. */
static void lines_input(Slot *s, const Input *in)
{
    if ((in->type == INPUT_KEY && in->key == SDLK_c) ||
        (in->type == INPUT_RELEASE && in->y > 1010 && in->x < 1560))
        s->coins_view = !s->coins_view;
}

/* A text of the paytable with its {n} and {pool} filled in, copied, never used as a format. */
static void fill(char *out, size_t size, const char *text, const char *n, const char *pool)
{
    size_t len = 0;
    out[0] = 0;
    for (const char *p = text; *p && len + 1 < size;) {
        const char *put = !strncmp(p, "{n}", 3) ? n : !strncmp(p, "{pool}", 6) ? pool : NULL;
        if (put) {
            len += (size_t)snprintf(out + len, size - len, "%s", put);
            p += put == n ? 3 : 6;
        } else {
            out[len++] = *p++;
            out[len] = 0;
        }
        if (len >= size)
            len = size - 1;
    }
}

/* The paytable's pages: the pays in coins at the coins bet per line, the lines, the features. */
static void lines_draw_paytable(Slot *s, int page)
{
    Gfx *g = app_gfx(s->app);
    char t[256];
    int64_t coins = s->bet.v[s->bi_coins];
    if (page == 0) {
        char per[24];
        snprintf(per, sizeof per, "%lld", (long long)coins);
        lang_fill(t, sizeof t,
                  lang_trn("Wins in coins at {1} coin per line. Lines pay left to right; only the highest win per line.",
                           "Wins in coins at {1} coins per line. Lines pay left to right; only the highest win per line.",
                           coins), per, NULL);
        kind_line_in(s, s->f_small, KIND_PAGE_LEFT, 160, KIND_PAGE_RIGHT - KIND_PAGE_LEFT, GFX_CENTER, s->th.text, false, t);
        int shown = 0;
        for (int i = 0; i < s->def.nsymbols; i++) {
            if (!(s->def.paying >> i & 1u))
                continue;
            int col = shown % 4, row = shown / 4;
            shown++;
            float x = 220 + (float)col * 390, y = 220 + (float)row * 230;
            gfx_image(g, s->sym_small[i], x, y, 0, 0, 1);
            for (int n = s->def.cols, k = 0; n >= 1; n--) {
                int32_t p = s->def.pays.pay[i][n];
                if (p <= 0)
                    continue;
                SDL_Color c = s->th.text;
                char a[16], b[24];
                snprintf(a, sizeof a, "%d", n);
                snprintf(b, sizeof b, "%lld", (long long)p);
                if (s->def.symbols[i].role == ROLE_SCATTER)
                    lang_fill(t, sizeof t, _("{1}  {2} \xC3\x97 bet"), a, b, NULL);
                else
                    snprintf(t, sizeof t, "%d  %lld", n, (long long)(p * coins));
                kind_line_in(s, s->f_small, x + 170, y + 30 + (float)k++ * 42, 200, GFX_LEFT, c, false, t);
            }
            kind_line_in(s, s->f_tiny, x - 10, y + 160, 180, GFX_CENTER, s->th.dim, false, LANG_SYMBOL(s->def.symbols[i].name));
        }
    } else if (page == 1) {
        for (int l = 0; l < s->def.nlines; l++) {
            int col = l % 7, row = l / 7;
            float x = 230 + (float)col * 215, y = 150 + (float)row * 172; /* clear of BACK */
            float cw = 30, ch = 30;
            snprintf(t, sizeof t, "%d", l + 1);
            kind_line_in(s, s->f_small, x, y, 5 * (cw + 2) - 2, GFX_CENTER, slot_line_color(s, l), false, t);
            for (int r = 0; r < s->def.rows; r++)
                for (int c = 0; c < s->def.cols; c++) {
                    bool on = s->def.lines[l][c] == r;
                    gfx_rect(g, (SDL_FRect){x + (float)c * (cw + 2), y + 40 + (float)r * (ch + 2), cw, ch},
                             on ? slot_line_color(s, l) : (SDL_Color){70, 45, 35, 255});
                }
        }
    } else {
        int wild = gamedef_symbol_with_role(&s->def, ROLE_WILD);
        int scatter = gamedef_symbol_with_role(&s->def, ROLE_SCATTER);
        int jewel = gamedef_symbol_with_role(&s->def, ROLE_FEATURE);
        int jackpot = gamedef_symbol_with_role(&s->def, ROLE_JACKPOT);
        const GameParam *fs = gamedef_param(&s->def, "free_spins");
        const GameParam *js = gamedef_param(&s->def, "jewel_spins");
        const GameParam *pool = gamedef_param(&s->def, "jackpot_contribution_per_mille");
        /* {n}: the spins the line's symbol awards; {pool}: the pool's share of every bet. The
         * text is never a format: a '%' in it is a percent sign. */
        static const char *const lines[][2] = {
            {"WILD", N_("Substitutes for all symbols except Scatter and Jackpot. A wild standing for a jewel")},
            {"", N_("does not award jewel free spins.")},
            {"JEWEL", N_("2 or 3 jewels on reel 1 (not wilds) award {n} jewel free spins: reel 1 is locked,")},
            {"", N_("jewels and wilds on the other reels stay in place. No wild multipliers in them.")},
            {"SCATTER", N_("3 or more anywhere award {n} free spins, in which 1, 2 or 3+ wilds in a winning")},
            {"", N_("line multiply it by 2, 4 or 8. Scatters pay anywhere, times the total bet.")},
            {"JACKPOT", N_("5 jackpot symbols on a line at max coins and max lines win the progressive jackpot;")},
            {"", N_("otherwise they pay as in the paytable. {pool} of every bet goes to the pool.")},
            {"", N_("Jewel free spins always play first, then normal free spins. START begins them.")},
        };
        int syms[] = {wild, -1, jewel, -1, scatter, -1, jackpot, -1, -1};
        char share[32];
        int64_t per_mille = pool ? pool->v[0] : 0;
        lang_percent((double)per_mille / 10, 1, share, sizeof share); /* "1.5%", "1,5 %" */
        for (size_t i = 0; i < SDL_arraysize(lines); i++) {
            float y = 180 + (float)i * 72;
            if (syms[i] >= 0) /* as tall as its two lines allow: its ribbon's word 16 px or more */
                gfx_image(g, s->sym_small[syms[i]], 194, y - 14, 136, 136, 1);
            long long n = syms[i] == jewel ? (js ? js->v[0] : 0) : syms[i] == scatter ? (fs ? fs->v[0] : 0) : 0;
            char count[24];
            snprintf(count, sizeof count, "%lld", n);
            fill(t, sizeof t, _(lines[i][1]), count, share);
            kind_line_in(s, s->f_small, 360, y, KIND_PAGE_RIGHT - 360, GFX_LEFT, s->th.text, false, t);
        }
    }
}


static const char *const lines_shows[] = {"mona-lisa-jewels", NULL};
static const char *const lines_paytable_titles[] = {N_("PAYTABLE"), N_("WINNING LINES"), N_("FEATURES")};

const SlotKind kind_lines = {
    .name = "lines",
    .rules = lines_shows,
    .bet_option = "coin_value",
    .autoplay_button = BTN_AUTO,
    .autoplay = WINDOWS_AUTOPLAY_BASIC,
    .backdrop = lines_backdrop,
    .load_art = lines_load_art,
    .layout = lines_layout,
    .update_buttons = lines_update_buttons,
    .input = lines_input,
    .draw_panel = lines_draw_panel,
    .draw_surround = lines_draw_surround,
    .draw_on_reels = lines_draw_on_reels,
    .draw_win = lines_draw_win,
    .draw_side = lines_draw_side,
    .banner_text = lines_banner_text,
    .paytable_pages = 3,
    .paytable_titles = lines_paytable_titles,
    .draw_paytable = lines_draw_paytable,
};
