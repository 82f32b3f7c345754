/* betpanel.c - the panel of a game with one bet (a grid game's, a ways game's): the bet in
 * the first well with its - and + buttons, Bet Settings and autoplay in the second, the win
 * meter in its own well, the balance below and the spin button in its round well (autoplay's
 * rounds left on it); and the text helpers the kinds' windows share. Each part is cached as
 * the line game's panel is. */
#include "kinds.h"
#include "lang.h"

#include <math.h>
#include <stdio.h>

#define SANS "fonts/DejaVuSans-Bold.ttf"
#define BET_WELL_X 116 /* the bet's room in the panel's first well, between its steppers */
#define BET_WELL_W 398

/* One line of font f in the box {x, y, w, a line's height}: its top at y, as a line is placed. */
GfxFit kind_line_in(Slot *s, GfxFont f, float x, float y, float w, GfxAlign align, SDL_Color c,
                      bool shadow, const char *text)
{
    Gfx *g = app_gfx(s->app);
    const GfxText t = {.font = f, .color = c, .align = align, .shadow = shadow};
    return gfx_text_box(g, (SDL_FRect){x, y, w, gfx_font_height(g, f)}, &t, text);
}

/* A paragraph wrapped into the column {x, y, w} above `bottom`, in a box of the lines it
 * takes; returns where the next paragraph starts. */
float kind_para(Slot *s, GfxFont f, float x, float y, float w, float bottom, SDL_Color c,
                  const char *text)
{
    Gfx *g = app_gfx(s->app);
    const GfxText t = {.font = f, .color = c, .align = GFX_LEFT, .wrap = true, .floor = 0.9f};
    SDL_FRect box = {x, y, w, bottom - y};
    const GfxFit fit = gfx_text_fit(g, box, &t, text);
    const float h = ceilf((float)fit.lines * roundf(gfx_font_height(g, f) * fit.scale)) + 2;
    box.h = h < box.h ? h : box.h;
    gfx_text_box(g, box, &t, text);
    return y + box.h + 12;
}

int betpanel_backdrop(const Slot *s, GfxLayer *l, int n)
{
    const Theme *th = &s->th;
    const float top = BETPANEL_Y;
    l[n++] = gfx_svg_layer(th->art[ART_PANEL], 0, top, 1920, GFX_H - top);
    l[n] = gfx_text_layer(SANS, 20, BET_WELL_X + BET_WELL_W / 2, top + 54, GFX_CENTER, th->dim, false, _("BET"));
    l[n++].w = BET_WELL_W;
    return n;
}

int betpanel_load_art(Slot *s, Error *err)
{
    Gfx *g = app_gfx(s->app);
    if (gfx_load_font(g, SANS, 19, &s->f_label, err) ||
        button_look_load(g, s->th.button[BUTTON_PLAIN], 220, 72, s->f_label, s->th.text, &s->look_panel, err))
        return -1;
    return 0;
}

/* A grid game's panel: the bet with its steppers, Bet Settings and AutoPlay, the win meter
 * in a box of its own, and balance and bet below. Cached as the line game's panel is. */
SDL_FRect betpanel_draw(Slot *s)
{
    Gfx *g = app_gfx(s->app);
    const float top = BETPANEL_Y;
    char bet[48];
    slot_money_text(s->bet.v[s->bi_coin], bet, sizeof bet);
    uint64_t key = gfx_hash_str(GFX_HASH_START, bet);
    static const int btns[] = {BTN_COIN_DN, BTN_COIN_UP, BTN_BET, BTN_AUTO, BTN_SPIN};
    for (size_t i = 0; i < SDL_arraysize(btns); i++)
        key = button_hash(key, &s->btn[btns[i]]);
    const SDL_FRect area = {0, top, GFX_W, GFX_H - top};
    if (gfx_cache_begin(g, &s->panel_cache, area, key)) {
        gfx_image(g, s->backdrop, 0, 0, 0, 0, 1);
        kind_line_in(s, s->f_mid, BET_WELL_X, top + 78, BET_WELL_W, GFX_CENTER, s->th.text, true, bet);
        for (size_t i = 0; i < SDL_arraysize(btns); i++)
            button_draw(g, &s->btn[btns[i]]);
        gfx_cache_end(g, &s->panel_cache);
    }
    /* the win meter (it counts up) and the balance line, each cached on its own */
    char win[48], bal[48], line[128];
    slot_amount_text(s, slot_meter_value(s), win, sizeof win);
    const SDL_FRect wbox = {1165, top + 50, 470, 96};
    if (gfx_cache_begin(g, &s->info_cache, wbox, gfx_hash_str(GFX_HASH_START, win))) {
        gfx_image(g, s->backdrop, 0, 0, 0, 0, 1);
        kind_line_in(s, s->f_tiny, wbox.x + 12, wbox.y + 4, wbox.w - 24, GFX_CENTER, s->th.dim, false, _("WIN"));
        kind_line_in(s, s->f_big, wbox.x + 12, wbox.y + 28, wbox.w - 24, GFX_CENTER, s->th.accent, true, win);
        gfx_cache_end(g, &s->info_cache);
    }
    /* the balance below (the bet has its well above: it is shown once) */
    slot_money_text(seat_balance(&s->seat), bal, sizeof bal);
    snprintf(line, sizeof line, "BALANCE  %s", bal);
    const SDL_FRect strip = {0, top + 160, 1660, GFX_H - (top + 160)};
    if (gfx_cache_begin(g, &s->info2_cache, strip, gfx_hash_str(GFX_HASH_START, line))) {
        gfx_image(g, s->backdrop, 0, 0, 0, 0, 1);
        kind_line_in(s, s->f_small, 30, strip.y + 6, 320, GFX_RIGHT, s->th.dim, false, _("BALANCE"));
        kind_line_in(s, s->f_small, 365, strip.y + 6, 470, GFX_LEFT, s->th.text, true, bal);
        gfx_cache_end(g, &s->info2_cache);
    }
    return area;
}

void betpanel_layout(Slot *s, const char *auto_label)
{
    Button *b = s->btn;
    /* one bet: its steppers in the panel's first well, Bet Settings and autoplay in the
     * second, the spin button in the round well */
    const float top = BETPANEL_Y;
    b[BTN_COIN_DN].r = (SDL_FRect){44, top + 62, 64, 64};
    b[BTN_COIN_UP].r = (SDL_FRect){522, top + 62, 64, 64};
    b[BTN_COIN_DN].icon = s->ic_minus;
    b[BTN_COIN_UP].icon = s->ic_plus;
    for (int i = BTN_COINS_DN; i <= BTN_LINES_UP; i++)
        b[i].visible = false;
    b[BTN_MAX].visible = false;
    b[BTN_BET] = (Button){{652, top + 53, 220, 72}, &s->look_panel, lang_trc("button", "BET SETTINGS"), 0, true, true, false, false};
    b[BTN_AUTO].r = (SDL_FRect){888, top + 53, 220, 72};
    b[BTN_AUTO].look = &s->look_panel;
    b[BTN_AUTO].label = _(auto_label); /* the kind's word, marked where it is written */
    b[BTN_SPIN].r = (SDL_FRect){1680, top - 1, 190, 190};
}

/* Autoplay opens between rounds only; while it runs, the rounds left show on the spin
 * button, which stops it, also at the pick (which autoplay leaves to the player). */
void betpanel_update_buttons(Slot *s, bool idle)
{
    Button *b = s->btn;
    b[BTN_AUTO].enabled = idle;
    if (s->autospin.active) {
        snprintf(s->auto_label, sizeof s->auto_label, "%d", autospin_left(&s->autospin));
        b[BTN_SPIN].label = s->auto_label;
        b[BTN_SPIN].enabled = windows_shown(s->windows) == WINDOW_NONE;
    }
    if (s->play.phase == PH_PICK)
        b[BTN_SPIN].enabled = s->autospin.active && windows_shown(s->windows) == WINDOW_NONE;
}

