/* slot_draw.c - the video slot on screen: the top bar, the reels, the win shown now, the
 * banners and the notice, with what the game's kind adds (its panel, its side boxes, its
 * marks on the reels, its features) drawn through SlotKind; and the art, loaded once when
 * the scene opens. Drawing reads the scene's state and changes none of it. */
#include "slot_priv.h"

#include "lang.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define SANS "fonts/DejaVuSans-Bold.ttf"
#define SERIF "fonts/DejaVuSerif-Bold.ttf"

static const SDL_Color WHITE = {255, 255, 255, 255};

#define ANT_PAD 36.0f              /* anticipation's glow reaches this far round its reel */
#define PLATE_W 960                /* the celebration's plate (assets/ui/celebrate-plate.svg) */
#define PLATE_H 400
#define BANNER_W 1000              /* a feature banner's plate at most (banner-plate.svg) */
#define BANNER_H 460
#define BURST 1300                 /* the celebration's light (celebrate-burst.svg) */

/* The reels' window on the canvas. */
static SDL_FRect reels_rect(const Slot *s)
{
    const float c = (float)s->th.cell;
    return (SDL_FRect){(float)s->th.reels_x, (float)s->th.reels_y, c * (float)s->def.cols, c * (float)s->def.rows};
}

/* The win shown now on the reels, or NULL. */
static const EventWin *win_now(const Slot *s)
{
    const SlotPlay *p = &s->play;
    if (!p->nwins || (p->phase != PH_WINS && p->phase != PH_IDLE) || (p->phase == PH_WINS && p->win_at >= p->nwins))
        return NULL;
    return &p->wins[p->win_at % p->nwins];
}

/* The symbols (the symbols' plane): reels spinning by, landed, the winning ones pulsing and
 * the others darkened; held cells stay put over spinning reels. */
static void draw_reels(Slot *s)
{
    Gfx *g = app_gfx(s->app);
    uint64_t now = app_tick(s->app);
    float c = (float)s->th.cell;
    int rows = s->def.rows;
    SDL_FRect win = reels_rect(s);
    gfx_clip(g, &win);
    const EventWin *w = win_now(s);
    float pulse = 1.0f + 0.07f * sinf((float)(now - s->play.win_t0) * 0.21f);
    for (int col = 0; col < s->def.cols; col++) {
        const Reel *rl = &s->reel[col];
        float x = win.x + c * (float)col;
        if (rl->moving) { /* its held cells too: it never passes over them */
            slot_draw_moving_reel(s, col, win);
            continue;
        }
        for (int r = 0; r < rows; r++) {
            bool in_win = w && (w->cells & grid_bit(r, col));
            slot_draw_cell(s, s->play.shown.cell[r][col], x, win.y + c * (float)r,
                           in_win ? CELL_PULSE : w ? CELL_DIM : CELL_NORMAL, pulse);
        }
    }
    gfx_clip(g, NULL);
}

/* On the symbols (the overlays' plane): held frames, the kind's marks (tombstones, sticky
 * frames, badges), and anticipation's light round a reel slowing for a feature one symbol
 * away: a soft glow, pulsing. */
static void draw_overlays(Slot *s)
{
    Gfx *g = app_gfx(s->app);
    uint64_t now = app_tick(s->app);
    SDL_FRect win = reels_rect(s);
    gfx_clip(g, &win);
    for (int r = 0; r < s->def.rows; r++)
        for (int col = 0; col < s->def.cols; col++) {
            if (!(s->play.held & grid_bit(r, col)))
                continue;
            SDL_FRect cr = slot_cell_rect(s, r, col);
            gfx_frame(g, (SDL_FRect){cr.x + 4, cr.y + 4, cr.w - 8, cr.h - 8}, 5, (SDL_Color){120, 220, 255, 230});
        }
    if (s->kind->draw_on_reels)
        s->kind->draw_on_reels(s);
    gfx_clip(g, NULL);
    const float c = (float)s->th.cell, pad = ANT_PAD;
    SDL_FRect ribbons[SLOT_RIBBONS_MAX];
    for (int col = 0; col < s->def.cols; col++)
        if (slot_reel_anticipating(&s->reel[col], now)) /* behind the symbols' ribbons */
            slot_image_round(s, s->ant_glow, (SDL_FRect){win.x + c * (float)col - pad, win.y - pad, c + 2 * pad,
                                                         win.h + 2 * pad},
                             ribbons, slot_reel_ribbons(s, col, 0, ribbons, SLOT_RIBBONS_MAX),
                             0.85f + 0.15f * sinf((float)now * 0.3f));
}

static void draw_win(Slot *s)
{
    const EventWin *w = win_now(s);
    if (w)
        s->kind->draw_win(s, w);
}

/* Where a plate of w x h goes beside the cells: centred on the cell nearest (last_r, last_c)
 * that keeps it off every one of them (14 px of their rims may hide), else over the reels'
 * top edge. */
SDL_FRect slot_plate_spot(const Slot *s, CellMask cells, int last_r, int last_c, float tw, float th)
{
    const float left = (float)s->th.reels_x, top = (float)s->th.reels_y;
    const float right = left + (float)(s->def.cols * s->th.cell);
    SDL_FRect best = {0, top - th - 6, tw, th};
    float best_d = 1e9f;
    for (int r = 0; r < s->def.rows; r++)
        for (int c = 0; c < s->def.cols; c++) {
            if (cells & grid_bit(r, c))
                continue;
            SDL_FRect cr = slot_cell_rect(s, r, c);
            SDL_FRect p = {cr.x + cr.w / 2 - tw / 2, cr.y + cr.h / 2 - th / 2, tw, th};
            p.x = p.x + tw > right - 8 ? right - 8 - tw : p.x;
            p.x = p.x < left + 8 ? left + 8 : p.x;
            bool clear = true;
            for (int r2 = 0; r2 < s->def.rows && clear; r2++)
                for (int c2 = 0; c2 < s->def.cols && clear; c2++) {
                    if (!(cells & grid_bit(r2, c2)))
                        continue;
                    SDL_FRect q = slot_cell_rect(s, r2, c2);
                    clear = p.x + p.w <= q.x + 14 || q.x + q.w - 14 <= p.x || p.y + p.h <= q.y + 14 ||
                            q.y + q.h - 14 <= p.y;
                }
            float d = (float)((r - last_r) * (r - last_r)) + (float)((c - last_c) * (c - last_c)) * 1.01f;
            if (clear && d < best_d) {
                best_d = d;
                best = p;
            }
        }
    if (best_d == 1e9f) { /* every cell wins: over the reels' top edge */
        best.x = (left + right) / 2 - tw / 2;
        best.y = top - th / 2;
    }
    return best;
}

/* The win's cells framed in `col`, its amount on a plate beside the combination, never on
 * its symbols: centred on the cell nearest the combination's last symbol that keeps the
 * plate off every winning cell, else over the reels' top edge. */
void slot_draw_win_cells(Slot *s, const EventWin *w, SDL_Color col)
{
    Gfx *g = app_gfx(s->app);
    int last_r = 0, last_c = 0;
    for (int r = 0; r < s->def.rows; r++)
        for (int c = 0; c < s->def.cols; c++)
            if (w->cells & grid_bit(r, c)) {
                SDL_FRect cr = slot_cell_rect(s, r, c);
                for (int k = 0; k < 3; k++) { /* a glow outside a bright frame */
                    SDL_Color glow = col;
                    glow.a = (Uint8)(150 - 45 * k);
                    gfx_frame(g, (SDL_FRect){cr.x + 6 - (float)k * 4, cr.y + 6 - (float)k * 4,
                                             cr.w - 12 + (float)k * 8, cr.h - 12 + (float)k * 8},
                              k ? 4 : 7, glow);
                }
                gfx_keep_clear(g, (SDL_FRect){cr.x + 14, cr.y + 14, cr.w - 28, cr.h - 28},
                               "a winning symbol");
                if (c >= last_c) {
                    last_c = c;
                    last_r = r;
                }
            }
    char amount[48], text[96];
    slot_amount_text(s, w->amount, amount, sizeof amount);
    char n[16], x[16];
    snprintf(n, sizeof n, "%d", w->kind == WIN_SCATTER ? w->count : w->line);
    snprintf(x, sizeof x, "%u", w->multiplier);
    if (w->kind == WIN_JACKPOT)
        lang_fill(text, sizeof text, _("JACKPOT  {1}"), amount, NULL);
    else if (w->kind == WIN_SCATTER)
        lang_fill(text, sizeof text, _("{1} SCATTERS  {2}"), n, amount, NULL);
    else if (w->multiplier > 1)
        lang_fill(text, sizeof text, _("LINE {1}  \xC3\x97{2}  {3}"), n, x, amount, NULL);
    else
        lang_fill(text, sizeof text, _("LINE {1}  {2}"), n, amount, NULL);
    const float tw = gfx_text_width(g, s->f_mid, text) + 40, th = 60;
    SDL_FRect plate = slot_plate_spot(s, w->cells, last_r, last_c, tw, th);
    gfx_rect(g, plate, (SDL_Color){20, 8, 6, 225});
    gfx_frame(g, plate, 3, col);
    GfxText t = {.font = s->f_mid, .color = WHITE, .align = GFX_CENTER, .shadow = true};
    gfx_text_box(g, (SDL_FRect){plate.x + 8, plate.y + 8, plate.w - 16, plate.h - 8}, &t, text);
}

/* The top bar: the jackpot meter and the round buttons, cached as the panel is. Returns the
 * band it covers. */
static SDL_FRect draw_top(Slot *s)
{
    Gfx *g = app_gfx(s->app);
    char jp[48];
    slot_money_text(s->play.pool_held ? s->play.pool_shown : machine_pool_value(s->m), jp, sizeof jp);
    uint64_t key = gfx_hash_str(GFX_HASH_START, jp);
    for (int i = BTN_INFO; i <= BTN_HOME; i++)
        key = button_hash(key, &s->btn[i]);
    SDL_FRect area = slot_band_of(s, BTN_INFO, BTN_HOME, NULL, 0, 0, 88 + gfx_font_height(g, s->f_big) + 6);
    if (gfx_cache_begin(g, &s->top_cache, area, key)) {
        gfx_image(g, s->backdrop, 0, 0, 0, 0, 1);
        if (s->th.art[ART_JACKPOT_METER][0]) { /* in the meter's window, under its label */
            GfxText t = {.font = s->f_big, .color = s->th.accent, .align = GFX_CENTER, .shadow = true};
            gfx_text_box(g, (SDL_FRect){730, 88, 460, gfx_font_height(g, s->f_big)}, &t, jp);
        }
        for (int i = BTN_INFO; i <= BTN_HOME; i++)
            button_draw(g, &s->btn[i]);
        gfx_cache_end(g, &s->top_cache);
    }
    return area;
}

static bool celebrating(const Slot *s)
{
    return s->play.phase == PH_BANNER && (s->play.banner == BANNER_BIG_WIN || s->play.banner == BANNER_JACKPOT);
}

/* How far a banner has faded in (12 ticks; START's wait is shown whole, and a celebration
 * strikes at once: its first frame is kept as a still, and no frame fades a veil over the
 * whole canvas). */
static float banner_fade(const Slot *s)
{
    if (s->play.phase != PH_BANNER || celebrating(s))
        return 1;
    const float f = (float)(app_tick(s->app) - s->play.phase_t0) / 12.0f;
    return f > 1 ? 1 : f;
}

#define DIM_ALL 0.69f  /* under a celebration, the whole canvas */
#define DIM_REELS 0.75f /* under a feature's banner, the reels */
#define BANNER_DROP 48.0f /* how far above its place a feature's banner starts */

/* The dims' plane: under a big win or the jackpot the whole canvas is pushed back; under a
 * feature's banner, START's wait, a pick or a kind's veiled moment, the reels' window with
 * everything drawn on it (tombstones, frames, badges, the win shown). */
static void draw_dim(Slot *s)
{
    const Phase ph = s->play.phase;
    const bool veiled = ph == PH_BANNER || ph == PH_AWAIT_START || ph == PH_PICK ||
                        (ph == PH_ACTION && s->play.action_show.veiled);
    if (!veiled)
        return;
    const bool all = celebrating(s);
    const SDL_FRect r = all ? (SDL_FRect){0, 0, GFX_W, GFX_H} : reels_rect(s);
    gfx_rect(app_gfx(s->app), r, (SDL_Color){6, 3, 10, (Uint8)(banner_fade(s) * 255 * (all ? DIM_ALL : DIM_REELS))});
}

void slot_plate_line(Slot *s, SDL_FRect plate, float mid, GfxFont f, SDL_Color c, const char *text)
{
    Gfx *g = app_gfx(s->app);
    const float h = gfx_font_height(g, f);
    GfxText t = {.font = f, .color = c, .align = GFX_CENTER, .shadow = true, .floor = 0.5f};
    gfx_text_box(g, (SDL_FRect){plate.x + 56, plate.y + plate.h * mid - h / 2, plate.w - 112, h}, &t, text);
}

/* A shower of gold coins falling through `area`, from the cosmetic stream seeded by the
 * round; none crosses `keep_out` (the plate and its words). */
static void coin_shower(Slot *s, SDL_FRect area, SDL_FRect keep_out, uint64_t k, int coins)
{
    Gfx *g = app_gfx(s->app);
    Rng r;
    rng_seed(&r, s->seat.round_seed ^ 0xc0ffee);
    const float half = 16; /* a coin's half size (ui/coin.svg at 32) */
    for (int i = 0; i < coins; i++) {
        float x0 = area.x + (float)rng_below(&r, (uint32_t)area.w);
        float v = 4 + (float)rng_below(&r, 60) / 10;
        float y0 = area.y - (float)rng_below(&r, 600);
        float y = y0 + v * (float)k;
        if (y > area.y + area.h || y < area.y)
            continue;
        if (x0 + half > keep_out.x && x0 - half < keep_out.x + keep_out.w && y + half > keep_out.y &&
            y - half < keep_out.y + keep_out.h)
            continue;
        gfx_image_zoom(g, s->coin, x0, y, 1, 1);
    }
}

/* Glints of light twinkling round the plate, each in its own rhythm, never on it. */
static void glints(Slot *s, SDL_FRect plate, uint64_t k)
{
    Gfx *g = app_gfx(s->app);
    static const float at[][2] = {{-0.04f, 0.1f}, {0.18f, -0.12f}, {0.5f, -0.2f}, {0.83f, -0.1f}, {1.05f, 0.2f},
                                  {1.03f, 0.85f}, {0.72f, 1.14f}, {0.3f, 1.16f}, {-0.05f, 0.8f}};
    for (size_t i = 0; i < SDL_arraysize(at); i++) {
        const float a = sinf((float)k * 0.07f + (float)i * 2.1f);
        if (a > 0.05f)
            gfx_image_zoom(g, s->glint, plate.x + plate.w * at[i][0], plate.y + plate.h * at[i][1], 1, a);
    }
}

/* The key of the still under a celebration: its round, its start and its tier's plate. */
static uint64_t still_key(const Slot *s, int tier)
{
    return s->seat.round_seed ^ (s->play.phase_t0 << 5 | (uint64_t)s->play.banner << 2 | (uint64_t)tier);
}

/* The celebration's tier now: 1 big, 2 mega, 3 epic by what its count shows; 0 the jackpot. */
static int tier_now(const Slot *s, Money shown)
{
    const int tier = slot_play_tier_of(&s->play, shown);
    return s->play.banner == BANNER_JACKPOT ? 0 : tier < 1 ? 1 : tier;
}

/* The celebrations' plane: the big win counting up through its tiers (big, mega, epic), each
 * with more coins, or the jackpot, a moment of its own: a soft burst of light (clear of the
 * panel), the plate with its title baked in, the count on it, coins falling clear of it.
 * Once faded in, everything up to the plate stands still: it is kept as a still
 * (draw_under shows it), again at each tier the count reaches. SPIN skips them (slot.c). */
static void draw_celebration(Slot *s, bool from_still)
{
    if (!celebrating(s))
        return;
    Gfx *g = app_gfx(s->app);
    const uint64_t k = app_tick(s->app) - s->play.phase_t0;
    const SDL_FRect win = reels_rect(s);
    const float cx = win.x + win.w / 2, cy = win.y + win.h / 2;
    const bool jackpot = s->play.banner == BANNER_JACKPOT;
    const Money shown = slot_play_banner_count(&s->play, k);
    const int tier = tier_now(s, shown);
    const SDL_FRect plate = {cx - PLATE_W / 2.0f, cy - PLATE_H / 2.0f, PLATE_W, PLATE_H};
    if (!from_still) {
        gfx_clip(g, &(SDL_FRect){0, 0, GFX_W, s->panel_top});
        gfx_image_zoom(g, s->burst, cx, cy, 1, 1);
        gfx_clip(g, NULL);
    }
    /* the plate is an opaque panel: what lies under it is hidden, its title (baked in the
     * picture) and the count are written on it */
    gfx_cover(g, (SDL_FRect){plate.x + 24, plate.y + 24, plate.w - 48, plate.h - 48});
    if (!from_still) {
        gfx_image(g, s->tier_plate[tier], plate.x, plate.y, 0, 0, 1);
        gfx_still_take(g, &s->still, still_key(s, tier), NULL, 0);
    }
    coin_shower(s, jackpot ? (SDL_FRect){0, 0, GFX_W, s->panel_top} : win, plate, k, jackpot ? 220 : 30 + 50 * tier);
    glints(s, plate, k);
    char amt[48];
    slot_amount_text(s, shown, amt, sizeof amt);
    const SDL_Color cream = s->th.text, gold = s->th.accent;
    slot_plate_line(s, plate, 0.6f, s->f_banner[0], jackpot ? gold : cream, amt);
    if (!jackpot && !s->play.banner_skipped && k < slot_play_count_ticks(&s->play))
        slot_plate_line(s, plate, 0.845f, s->f_banner[2], cream, _("SPIN to see it all"));
}

/* The banners' plane: a feature's award, START and outro on their plate over the dimmed
 * reels. SPIN skips them (slot.c). */
static void draw_banner(Slot *s)
{
    if ((s->play.phase != PH_BANNER && s->play.phase != PH_AWAIT_START) || celebrating(s))
        return;
    Gfx *g = app_gfx(s->app);
    const float fade = banner_fade(s);
    const SDL_FRect win = reels_rect(s);
    float pw, ph;
    gfx_image_size(g, s->banner_plate, &pw, &ph);
    /* it drops into place as it fades in, easing out; at its size throughout, so that each
     * frame is a copy of the plate, not a stretch of it */
    const float drop = (1 - fade) * (1 - fade) * BANNER_DROP;
    const SDL_FRect plate = {win.x + win.w / 2 - pw / 2, win.y + win.h / 2 - ph / 2 - drop, pw, ph};
    gfx_image(g, s->banner_plate, plate.x, plate.y, 0, 0, fade);
    gfx_cover(g, (SDL_FRect){plate.x + 24, plate.y + 24, plate.w - 48, plate.h - 48});
    SDL_Color gold = s->th.accent, cream = s->th.text;
    gold.a = cream.a = (Uint8)(255 * fade);
    const GfxFont title = ph >= 420 ? s->f_banner[0] : s->f_banner[1];
    char a[64], b[96];
    if (s->play.phase == PH_AWAIT_START || s->play.banner != BANNER_OUTRO) {
        const bool start = s->play.phase == PH_AWAIT_START || s->play.banner == BANNER_START;
        s->kind->banner_text(s, start, a, sizeof a, b, sizeof b);
        slot_plate_line(s, plate, 0.19f, title, gold, a);
        slot_plate_line(s, plate, s->play.phase == PH_AWAIT_START ? 0.52f : 0.62f, s->f_banner[2], cream, b);
        if (s->play.phase == PH_AWAIT_START)
            slot_plate_line(s, plate, 0.76f, s->f_banner[2], gold, _("Press START to play them"));
        return;
    }
    slot_amount_text(s, s->play.banner_amount, a, sizeof a);
    slot_plate_line(s, plate, 0.19f, s->f_banner[1], cream, _("FREE SPINS WON"));
    slot_plate_line(s, plate, 0.55f, title, gold, a);
    char n[16];
    snprintf(n, sizeof n, "%d", s->play.banner_spins);
    lang_fill(b, sizeof b, lang_trn("in {1} spin", "in {1} spins", s->play.banner_spins), n, NULL);
    slot_plate_line(s, plate, 0.8f, s->f_banner[2], cream, b);
}

static void draw_notice(Slot *s)
{
    Gfx *g = app_gfx(s->app);
    if (!s->notice || app_tick(s->app) - s->notice_t0 >= (uint64_t)APP_MS_TICKS(3000))
        return;
    float cx = (float)s->th.reels_x + (float)(s->th.cell * s->def.cols) / 2;
    float reels_w = (float)(s->th.cell * s->def.cols) - 40;
    /* the words are English where they are set (autospin's stop, a recovery); QA's forced
     * round names a scenario file and stays as it is */
    const char *text = s->notice == s->forced_note ? s->notice : _(s->notice);
    float w = gfx_text_width(g, s->f_mid, text) + 60;
    w = w > reels_w ? reels_w : w;
    SDL_FRect r = {cx - w / 2, (float)s->th.reels_y + 20, w, 60};
    gfx_rect(g, r, (SDL_Color){20, 8, 6, 230});
    gfx_frame(g, r, 3, s->th.accent);
    GfxText t = {.font = s->f_mid, .color = s->th.text, .align = GFX_CENTER, .shadow = true};
    gfx_text_box(g, (SDL_FRect){r.x + 20, r.y + 9, r.w - 40, 48}, &t, text);
}

/* A feature's banner or START's wait, faded in: nothing on the reels moves under it. */
static bool reels_stand(const Slot *s)
{
    return (s->play.phase == PH_BANNER || s->play.phase == PH_AWAIT_START) && !celebrating(s) && banner_fade(s) >= 1;
}

/* The board, the symbols, the overlays, the win and the dim: everything under the
 * celebrations' plane; true when it is a celebration's still. What stands still under a
 * long moment is kept once as a still (platform/gfx_glow.c) and copied, so no frame blends a
 * large veil: under a celebration that has faded in, everything but the panel (its WIN
 * meter follows the count: drawn again and dimmed), the still taken by draw_celebration
 * with its light and plate; under a feature's banner, the veiled reels with what is on
 * them. */
static bool draw_under(Slot *s)
{
    Gfx *g = app_gfx(s->app);
    const bool still = celebrating(s), reels = reels_stand(s);
    if (!still && !reels)
        gfx_still_free(&s->still);
    gfx_plane(g, GFX_PLANE_BOARD);
    const uint64_t k = app_tick(s->app) - s->play.phase_t0;
    if (still && gfx_still_show(g, &s->still, still_key(s, tier_now(s, slot_play_banner_count(&s->play, k))))) {
        const SDL_FRect band = s->kind->draw_panel(s);
        gfx_plane(g, GFX_PLANE_DIM);
        gfx_rect(g, band, (SDL_Color){6, 3, 10, (Uint8)(255 * DIM_ALL)});
        return true;
    }
    /* the top bar and the panel are opaque bands across the canvas (cached pictures that
     * hold the backdrop under them): the backdrop is copied only between them */
    const SDL_FRect top_band = draw_top(s);
    const SDL_FRect panel_band = s->kind->draw_panel(s); /* drawn before what may cross them */
    const float top = top_band.y + top_band.h, bottom = panel_band.y;
    s->panel_top = bottom;
    gfx_image_part(g, s->backdrop, (SDL_FRect){0, top, GFX_W, bottom - top});
    if (s->kind->draw_surround)
        s->kind->draw_surround(s);
    s->kind->draw_side(s);
    const uint64_t key = still_key(s, 4 + (int)s->play.phase);
    gfx_plane(g, GFX_PLANE_SYMBOLS);
    if (reels && gfx_still_show(g, &s->still, key)) {
        gfx_plane(g, GFX_PLANE_DIM);
        return false;
    }
    draw_reels(s);
    gfx_plane(g, GFX_PLANE_OVERLAYS);
    draw_overlays(s);
    gfx_plane(g, GFX_PLANE_WIN);
    draw_win(s);
    gfx_plane(g, GFX_PLANE_DIM);
    draw_dim(s);
    if (reels) {
        const SDL_FRect r = reels_rect(s);
        gfx_still_take(g, &s->still, key, &r, 0);
    }
    return false;
}

/* The scene in the planes' order (platform/gfx.h): nothing of a lower plane after a higher
 * one; a frame that does so (a hook going back down) is said once, on stderr, while the
 * layout is recorded (--check-layout; tests/test_planes.py). */
void slot_draw(void *self)
{
    Slot *s = self;
    Gfx *g = app_gfx(s->app);
    const bool still = draw_under(s);
    gfx_plane(g, GFX_PLANE_CELEBRATION);
    if (s->kind->draw_feature && !still) /* a still holds what it drew */
        s->kind->draw_feature(s);
    draw_celebration(s, still);
    gfx_plane(g, GFX_PLANE_BANNER);
    draw_banner(s);
    draw_notice(s);
    gfx_plane(g, GFX_PLANE_WINDOW);
    windows_draw(s->windows);
}

/* The title in the logo's plate: the first word(s) over the last word where two lines fit
 * its height, else one line; a line wider than the plate less a margin is drawn smaller.
 * `buf` holds the words the layers point to. */
static int title_layers(const Theme *th, char *buf, size_t size, GfxLayer *l, int n)
{
    enum { PX = 40, PITCH = 50, MARGIN = 20 };
    const SDL_Rect p = th->title_plate;
    const float cx = (float)p.x + (float)p.w / 2, cy = (float)p.y + (float)p.h / 2;
    const float maxw = (float)(p.w - 2 * MARGIN);
    snprintf(buf, size, "%s", _(th->title)); /* the theme's words, through the catalogue */
    char *last = strrchr(buf, ' ');
    if (last && p.h >= PX + PITCH) {
        *last++ = 0;
        const float top = cy - (PX + PITCH) / 2.0f;
        l[n] = gfx_text_layer(SERIF, PX, cx, top, GFX_CENTER, th->accent, true, buf);
        l[n++].w = maxw;
        l[n] = gfx_text_layer(SERIF, PX, cx, top + PITCH, GFX_CENTER, th->text, true, last);
        l[n++].w = maxw;
    } else {
        l[n] = gfx_text_layer(SERIF, PX, cx, cy - PX / 2.0f, GFX_CENTER, th->accent, true, buf);
        l[n++].w = maxw;
    }
    return n;
}

/* Everything that never moves, as one opaque picture: background, reel frame, logo and
 * title, jackpot plate, control panel, the boxes and their labels. */
static int load_backdrop(Slot *s, Error *err)
{
    const Theme *th = &s->th;
    float rw = (float)(th->cell * s->def.cols), rh = (float)(th->cell * s->def.rows);
    GfxLayer l[GFX_MAX_LAYERS];
    int n = 0;
    const float fr = (float)th->frame;
    l[n++] = gfx_svg_layer(th->art[ART_BACKGROUND], 0, 0, GFX_W, GFX_H);
    l[n++] = gfx_svg_layer(th->art[ART_REEL_FRAME], (float)th->reels_x - fr,
                           (float)th->reels_y - fr, rw + 2 * fr, rh + 2 * fr);
    l[n++] = gfx_svg_layer(th->art[ART_LOGO], 40, 20, 520, 150);
    if (th->art[ART_JACKPOT_METER][0]) {
        l[n++] = gfx_svg_layer(th->art[ART_JACKPOT_METER], 660, 20, 600, 150);
        l[n] = gfx_text_layer(SANS, 20, 960, 64, GFX_CENTER, th->dim, false, _("PROGRESSIVE JACKPOT"));
        l[n++].w = 440; /* inside the meter's window */
    }
    n = s->kind->backdrop(s, l, n);
    char first[64];
    n = title_layers(th, first, sizeof first, l, n);
    return gfx_load_stack(app_gfx(s->app), l, n, GFX_W, GFX_H, 0, &s->backdrop, err);
}

/* Each symbol with its word (WILD, SCATTER) baked in: bare, on its cell, and on its cell
 * darkened (while other symbols win); smeared at speed, its ribbon without the word (a word
 * blurred that much is no word: anticipation's glow passes over it). */
static int load_symbols(Slot *s, Error *err)
{
    enum { SMALL_PX = 150, SMALL_LABEL_PX = 23 };
    Gfx *g = app_gfx(s->app);
    const Theme *th = &s->th;
    int cell = th->cell, sz = cell - 20;
    float fc = (float)cell, fs = (float)sz, label_y = fc * 0.86f - 14;
    SDL_Color bright = {255, 244, 214, 255};
    if (gfx_load_image(g, th->art[ART_CELL], cell, cell, &s->cell, err))
        return -1;
    for (int i = 0; i < s->def.nsymbols; i++) {
        const ThemeSymbol *ts = &th->symbol[i];
        int has = ts->label[0] != 0;
        const char *label = has ? _(ts->label) : ""; /* the theme's word, in the language spoken */
        GfxLayer bare[2] = {gfx_svg_layer(ts->art, 0, 0, fs, fs),
                            gfx_text_layer_w(SERIF, 26, fs / 2, label_y - 10, fs - 16, GFX_CENTER, bright, true,
                                           label)};
        /* the small picture (paytables, recall, rules, plates) as the big one, its label baked in
         * larger, its capitals centred on the ribbon (216/256 down the art): shown down to 106 px
         * (the recall's cells), it stays 16 px */
        const float k = SMALL_PX / fs;
        GfxLayer small[2] = {gfx_svg_layer(ts->art, 0, 0, SMALL_PX, SMALL_PX),
                             gfx_text_layer_w(SERIF, SMALL_LABEL_PX, SMALL_PX / 2,
                                              SMALL_PX * 216.0f / 256 - 0.58f * SMALL_LABEL_PX, (fs - 16) * k,
                                              GFX_CENTER, bright, true, label)};
        GfxLayer tile[3] = {gfx_svg_layer(th->art[ART_CELL], 0, 0, fc, fc),
                            gfx_svg_layer(ts->art, 10, 10, fs, fs),
                            gfx_text_layer_w(SERIF, 26, fc / 2, label_y, fc - 24, GFX_CENTER, bright, true,
                                           label)};
        if (gfx_load_stack(g, bare, 1 + has, sz, sz, 0, &s->sym[i], err) ||
            gfx_load_stack(g, tile, 2 + has, cell, cell, 0, &s->tile[i], err) ||
            gfx_load_stack(g, tile, 2 + has, cell, cell, 0.45f, &s->tile_dim[i], err) ||
            gfx_load_blurred(g, tile, 2, cell, cell, 0, fc * 0.11f, &s->tile_blur[i], err) ||
            gfx_load_stack(g, small, 1 + has, SMALL_PX, SMALL_PX, 0, &s->sym_small[i], err))
            return -1;
    }
    return 0;
}

/* The celebration's and the banners' art, rasterized once: the light (warm gold), the plates
 * (an opaque body, its rim tinted with the theme's accent) with each tier's title baked in
 * its colour in the banners' font, and anticipation's glow. */
static int load_celebration(Slot *s, Error *err)
{
    Gfx *g = app_gfx(s->app);
    const Theme *th = &s->th;
    const SDL_Color accent = {th->accent.r, th->accent.g, th->accent.b, 255};
    if (gfx_load_image(g, "ui/celebrate-burst.svg", BURST, BURST, &s->burst, err) ||
        gfx_load_image(g, "ui/celebrate-glint.svg", 96, 96, &s->glint, err))
        return -1;
    /* [0] the jackpot's, then big, mega, epic: each in its colour */
    static const char *const titles[4] = {N_("JACKPOT!"), N_("BIG WIN"), N_("MEGA WIN"), N_("EPIC WIN")};
    const SDL_Color colour[4] = {accent, accent, {255, 112, 64, 255}, {238, 124, 255, 255}};
    for (int t = 0; t < 4; t++) {
        GfxLayer l[4] = {gfx_svg_layer("ui/celebrate-plate.svg", 0, 0, PLATE_W, PLATE_H),
                         gfx_svg_layer("ui/celebrate-plate-rim.svg", 0, 0, PLATE_W, PLATE_H),
                         gfx_text_layer_w(th->banner_font, 104, PLATE_W / 2.0f, 38, PLATE_W - 140, GFX_CENTER,
                                          colour[t], true, _(titles[t])),
                         gfx_text_layer_w(th->banner_font, 38, PLATE_W / 2.0f, 318, PLATE_W - 140, GFX_CENTER,
                                          th->text, true, _("PROGRESSIVE JACKPOT WON"))};
        l[1].color = accent;
        if (gfx_load_stack(g, l, t == 0 ? 4 : 3, PLATE_W, PLATE_H, 0, &s->tier_plate[t], err))
            return -1;
    }
    /* a feature's plate: as wide as the reels and their frame, at most BANNER_W */
    const int rw = th->cell * s->def.cols + 60, bw = rw < BANNER_W ? rw : BANNER_W;
    const int bh = bw * BANNER_H / BANNER_W;
    GfxLayer plate[2] = {gfx_svg_layer("ui/banner-plate.svg", 0, 0, (float)bw, (float)bh),
                         gfx_svg_layer("ui/banner-plate-rim.svg", 0, 0, (float)bw, (float)bh)};
    plate[1].color = accent;
    if (gfx_load_stack(g, plate, 2, bw, bh, 0, &s->banner_plate, err))
        return -1;
    /* at the size it is drawn (a reel and ANT_PAD round it), so that drawing it is a copy,
     * not a stretch of every pixel each frame */
    const SDL_FRect win = reels_rect(s);
    return gfx_load_image(g, "ui/anticipation-glow.svg", (int)lroundf((float)th->cell + 2 * ANT_PAD),
                          (int)lroundf(win.h + 2 * ANT_PAD), &s->ant_glow, err);
}

int slot_load_art(Slot *s, Error *err)
{
    Gfx *g = app_gfx(s->app);
    if (load_backdrop(s, err) || load_symbols(s, err))
        return -1;
    if (gfx_load_font(g, SANS, 52, &s->f_big, err) || gfx_load_font(g, SERIF, 96, &s->f_huge, err) ||
        gfx_load_font(g, SANS, 34, &s->f_mid, err) || gfx_load_font(g, SANS, 28, &s->f_small, err) ||
        gfx_load_font(g, SANS, 20, &s->f_tiny, err))
        return -1;
    /* the banners: one family (the theme's), three sizes, in the theme's two colours */
    const int banner_px[3] = {96, 60, 38};
    for (int i = 0; i < 3; i++)
        if (gfx_load_font(g, s->th.banner_font, banner_px[i], &s->f_banner[i], err))
            return -1;
    if (load_celebration(s, err))
        return -1;
    const GfxFont banner_fonts[] = {s->f_banner[0], s->f_banner[1], s->f_banner[2]};
    for (size_t i = 0; i < SDL_arraysize(banner_fonts); i++)
        if (gfx_font_tint(g, banner_fonts[i], s->th.accent, err) ||
            gfx_font_tint(g, banner_fonts[i], s->th.text, err))
            return -1;
    struct { const char *file; GfxImage *out; int size; } icons[] = {
        {"ui/info.svg", &s->ic_info, 44}, {"ui/sound-on.svg", &s->ic_sound_on, 44},
        {"ui/sound-off.svg", &s->ic_sound_off, 44}, {"ui/fullscreen.svg", &s->ic_full, 44},
        {"ui/home.svg", &s->ic_home, 44}, {"ui/arrow-left.svg", &s->ic_left, 44},
        {"ui/arrow-right.svg", &s->ic_right, 44}, {"ui/minus.svg", &s->ic_minus, 36},
        {"ui/plus.svg", &s->ic_plus, 36}, {"ui/lock.svg", &s->ic_lock, 56},
        {"ui/coin.svg", &s->coin, 32}, {"ui/options.svg", &s->ic_options, 44},
        {"ui/history.svg", &s->ic_history, 44}, {"ui/rules.svg", &s->ic_rules, 44},
        {"ui/check.svg", &s->ic_check, 40},
    };
    for (size_t i = 0; i < SDL_arraysize(icons); i++)
        if (gfx_load_image(g, icons[i].file, icons[i].size, icons[i].size, icons[i].out, err))
            return -1;
    for (int on = 0; on < 2 && s->th.art[ART_TOGGLE_OFF][0]; on++)
        if (gfx_load_image(g, s->th.art[ART_TOGGLE_OFF + on], 56, 56, &s->toggle[on], err))
            return -1;
    SDL_Color cream = s->th.text;
    s->look_spin.label_plate = true; /* START and STOP over the spin arrows */
    if (button_look_load(g, s->th.button[BUTTON_SPIN], 190, 190, s->f_mid, cream, &s->look_spin, err) ||
        button_look_load(g, s->th.button[BUTTON_PLAIN], 220, 80, s->f_small, cream, &s->look_plain, err) ||
        button_look_load(g, s->th.button[BUTTON_ROUND], 72, 72, s->f_small, cream, &s->look_round, err))
        return -1;
    return s->kind->load_art ? s->kind->load_art(s, err) : 0;
}

void slot_layout_buttons(Slot *s)
{
    Button *b = s->btn;
    for (int i = 0; i < BTN__COUNT; i++)
        b[i] = (Button){.look = &s->look_round, .enabled = true, .visible = true};
    b[BTN_SPIN] = (Button){{1680, 875, 190, 190}, &s->look_spin, NULL, 0, true, true, false, false};
    GfxImage ic[] = {s->ic_info, s->ic_rules, s->ic_history, s->ic_options, s->ic_sound_on,
                     s->ic_full, s->ic_home};
    for (int i = 0; i < 7; i++) {
        b[BTN_INFO + i].r = (SDL_FRect){1290 + (float)i * 88, 40, 72, 72};
        b[BTN_INFO + i].icon = ic[i];
    }
    s->kind->layout(s);
}
