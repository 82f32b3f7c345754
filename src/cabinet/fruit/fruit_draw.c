/* fruit_draw.c - the fruit machine's art and drawing: everything that never moves composed
 * once into one opaque backdrop (the cabinet, the reel frame, the title plate, the counters'
 * and marquee's cases and their labels); each figure on its cream cell, sharp, smeared for
 * speed and dimmed; then every frame the payout plan (fruit_plan.c), the reels with the
 * prize line, held reels, the cauldrons and lids, the Extra Spin plate, the counters, the
 * marquee, the advance lamps, the clock, the button deck and the windows over them. */
#include "fruit_priv.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#define SANS "fonts/DejaVuSans-Bold.ttf"
#define SERIF "fonts/DejaVuSerif-Bold.ttf"
#define COL_X 1375.0f /* the right column's counters */
#define COUNTER_Y(i) (140.0f + (float)(i) * 122.0f)
#define MARQUEE_Y 528.0f
#define LAMPS_Y 726.0f
#define LINE_Y ((float)FR_REEL_Y + 1.5f * FR_CELL)

static const SDL_Color LED = {255, 200, 48, 255}, LED_RED = {255, 84, 64, 255}, GREEN = {90, 255, 120, 255};

int fruit_strip(const Fruit *f, int c, int i)
{
    const ReelSet *rs = fruit_reelset(f);
    const int len = rs->len[c];
    return rs->strip[c][((i % len) + len) % len];
}

/* Where reel c's top row is on its strip at tick t (fractional while it moves). */
float fruit_reel_pos(const Fruit *f, int c, uint64_t t)
{
    const FruitReel *rl = &f->reel[c];
    if (t >= rl->t1 || rl->t1 <= rl->t0) {
        if (rl->spinning && t < rl->t1 + APP_MS_TICKS(160)) { /* the landing bounce */
            const float u = (float)(t - rl->t1) / (float)APP_MS_TICKS(160);
            return rl->to - 0.12f * sinf(u * 3.14159f);
        }
        return rl->t1 > rl->t0 || rl->spinning ? rl->to : (float)f->play.stop[c];
    }
    const float u = (float)(t - rl->t0) / (float)(rl->t1 - rl->t0);
    float e;
    if (rl->spinning) /* full speed, slowing over the last third */
        e = u < 0.66f ? u / 0.66f * 0.8f : 0.8f + 0.2f * (1 - powf(1 - (u - 0.66f) / 0.34f, 2));
    else
        e = 1 - (1 - u) * (1 - u);
    return rl->from + (rl->to - rl->from) * e;
}

/* ---- art ------------------------------------------------------------------------------------- */

static int load_backdrop(Fruit *f, Error *err)
{
    const Theme *th = &f->th;
    GfxLayer l[GFX_MAX_LAYERS];
    int n = 0;
    static const char *const labels[] = {N_("PRIZE"), N_("BONUSES"), N_("BALANCE")};
    const SDL_Color label_c = {255, 236, 190, 255};
    l[n++] = gfx_svg_layer(th->art[ART_BACKGROUND], 0, 0, GFX_W, GFX_H);
    l[n++] = gfx_svg_layer(th->art[ART_REEL_FRAME], 600, 150, 720, 680);
    l[n++] = gfx_svg_layer(th->art[ART_LOGO], 660, 5, 600, 110);
    const SDL_Rect p = th->title_plate;
    l[n] = gfx_text_layer(SERIF, 50, (float)p.x + (float)p.w / 2, (float)p.y + (float)p.h / 2 - 29, GFX_CENTER,
                          th->accent, true, th->title);
    l[n++].w = (float)p.w - 30;
    for (int i = 0; i < 3; i++) {
        l[n++] = gfx_svg_layer(th->art[ART_COUNTER], COL_X, COUNTER_Y(i), 500, 110);
        l[n] = gfx_text_layer(SANS, 19, COL_X + 250, COUNTER_Y(i) + 5, GFX_CENTER, label_c, true, _(labels[i]));
        l[n++].w = 300;
    }
    l[n++] = gfx_svg_layer(th->art[ART_MARQUEE], COL_X, MARQUEE_Y, 500, 170);
    l[n] = gfx_text_layer(SANS, 18, COL_X + 250, MARQUEE_Y - 24, GFX_CENTER, th->accent, true, _("MESSAGE / RISK GAME"));
    l[n++].w = 400;
    l[n] = gfx_text_layer(SANS, 18, COL_X + 250, LAMPS_Y - 26, GFX_CENTER, th->accent, true, _("ADVANCES"));
    l[n++].w = 300;
    return gfx_load_stack(app_gfx(f->app), l, n, GFX_W, GFX_H, 0, &f->backdrop, err);
}

static int load_figures(Fruit *f, Error *err)
{
    Gfx *g = app_gfx(f->app);
    for (int i = 0; i < f->def.nsymbols; i++) {
        const char *art = f->th.symbol[i].art;
        GfxLayer tile[2] = {gfx_svg_layer(f->th.art[ART_CELL], 0, 0, FR_CELL, FR_CELL),
                            gfx_svg_layer(art, 14, 14, FR_CELL - 28, FR_CELL - 28)};
        if (gfx_load_stack(g, tile, 2, FR_CELL, FR_CELL, 0, &f->tile[i], err) ||
            gfx_load_stack(g, tile, 2, FR_CELL, FR_CELL, 0.55f, &f->tile_dim[i], err) ||
            gfx_load_blurred(g, tile, 2, FR_CELL, FR_CELL, 0, 26, &f->tile_blur[i], err) ||
            gfx_load_image(g, art, 150, 150, &f->sym_small[i], err) ||
            gfx_load_image(g, art, 52, 52, &f->sym_plan[i], err))
            return -1;
    }
    return 0;
}

int fruit_load_art(Fruit *f, Error *err)
{
    Gfx *g = app_gfx(f->app);
    const Theme *th = &f->th;
    static const char *const needs[] = {"cauldron", "lid", "extra_spin", "lamp_off", "lamp_on", "plan_row",
                                        "plan_row_blue", "plan_row_yellow", "plan_row_lit", "counter",
                                        "marquee", "lamp_dot_off", "lamp_dot_on"};
    for (int a = ART_CAULDRON; a <= ART_LAMP_DOT_ON; a++)
        if (!th->art[a][0])
            return error_set(err, "%s: art.%s: missing: the fruit machine draws it", th->path,
                             needs[a - ART_CAULDRON]);
    if (load_backdrop(f, err) || load_figures(f, err) || (f->opt_game >= 0 && fruit_mini_load_art(f, err)))
        return -1;
    struct { int art; GfxImage *out; int w, h; } arts[] = {
        {ART_CAULDRON, &f->cauldron, 240, 220}, {ART_LID, &f->lid, 240, 120},
        {ART_EXTRA_SPIN, &f->extra, 640, 220}, {ART_LAMP_OFF, &f->lamp[0], 80, 80},
        {ART_LAMP_ON, &f->lamp[1], 80, 80}, {ART_PLAN_ROW, &f->row[0], 520, 70},
        {ART_PLAN_ROW_BLUE, &f->row[1], 520, 70}, {ART_PLAN_ROW_YELLOW, &f->row[2], 520, 70},
        {ART_PLAN_ROW_LIT, &f->row[3], 520, 70}, {ART_LAMP_DOT_OFF, &f->dot[0], 28, 28},
        {ART_LAMP_DOT_ON, &f->dot[1], 28, 28},
    };
    for (size_t i = 0; i < SDL_arraysize(arts); i++)
        if (gfx_load_image(g, th->art[arts[i].art], arts[i].w, arts[i].h, arts[i].out, err))
            return -1;
    char ring[300]; /* the chosen chip's ring, beside the chip's art */
    snprintf(ring, sizeof ring, "%s-ring.svg", th->button[BUTTON_ROUND]);
    if (gfx_load_image(g, ring, 118, 118, &f->chip_ring, err))
        return -1;
    if (gfx_load_font(g, SANS, 52, &f->f_big, err) || gfx_load_font(g, SANS, 34, &f->f_mid, err) ||
        gfx_load_font(g, SANS, 28, &f->f_small, err) || gfx_load_font(g, SANS, 20, &f->f_tiny, err) ||
        gfx_load_font(g, SANS, 40, &f->f_led, err) || gfx_load_font(g, SANS, 26, &f->f_led_small, err) ||
        gfx_load_font(g, th->banner_font, 80, &f->f_banner, err) || gfx_load_font(g, SANS, 16, &f->f_key, err) ||
        gfx_load_font(g, SANS, 46, &f->f_title, err))
        return -1;
    struct { const char *file; GfxImage *out; int size; } icons[] = {
        {"ui/info.svg", &f->ic_info, 44}, {"ui/sound-on.svg", &f->ic_sound_on, 44},
        {"ui/sound-off.svg", &f->ic_sound_off, 44}, {"ui/fullscreen.svg", &f->ic_full, 44},
        {"ui/home.svg", &f->ic_home, 44}, {"ui/arrow-left.svg", &f->ic_left, 44},
        {"ui/arrow-right.svg", &f->ic_right, 44}, {"ui/options.svg", &f->ic_options, 44},
        {"ui/history.svg", &f->ic_history, 44}, {"ui/rules.svg", &f->ic_rules, 44},
        {"ui/check.svg", &f->ic_check, 40},
    };
    for (size_t i = 0; i < SDL_arraysize(icons); i++)
        if (gfx_load_image(g, icons[i].file, icons[i].size, icons[i].size, icons[i].out, err))
            return -1;
    const SDL_Color cream = th->text;
    return button_look_load(g, th->button[BUTTON_PLAIN], 190, 96, f->f_tiny, cream, &f->look_deck, err) ||
           button_look_load(g, th->button[BUTTON_SPIN], 260, 130, f->f_mid, cream, &f->look_play, err) ||
           button_look_load(g, th->button[BUTTON_ROUND], 72, 72, f->f_small, cream, &f->look_round, err) ||
           button_look_load(g, th->button[BUTTON_ROUND], 104, 104, f->f_tiny, (SDL_Color){40, 20, 0, 255},
                            &f->look_chip, err) ||
           button_look_load(g, th->button[BUTTON_PLAIN], 220, 80, f->f_small, cream, &f->look_plain, err)
               ? -1 : 0;
}

void fruit_layout(Fruit *f)
{
    Button *b = f->btn;
    for (int i = 0; i < FB__COUNT; i++)
        b[i] = (Button){.look = &f->look_round, .enabled = true, .visible = true};
    for (int c = 0; c < FR_REELS; c++)
        b[FB_HOLD1 + c] = (Button){{(float)(FR_REEL_X + c * FR_REEL_PITCH + 5), 870, 190, 96}, &f->look_deck,
                                   NULL, 0, true, true, false, false};
    b[FB_AUTO] = (Button){{865, 976, 190, 96}, &f->look_deck, NULL, 0, true, true, false, false};
    b[FB_COLLECT] = (Button){{1345, 870, 190, 96}, &f->look_deck, NULL, 0, true, true, false, false};
    b[FB_PLAY] = (Button){{1590, 896, 260, 130}, &f->look_play, NULL, 0, true, true, false, false};
    b[FB_BET] = (Button){{30, 976, 190, 96}, &f->look_deck, NULL, 0, true, true, false, false};
    b[FB_AUTOPLAY] = (Button){{226, 976, 190, 96}, &f->look_deck, NULL, 0, true, true, false, false};
    b[FB_AUTORISK] = (Button){{422, 976, 190, 96}, &f->look_deck, NULL, 0, true, true, false, false};
    b[FB_GAME] = (Button){{640, 976, 190, 96}, &f->look_deck, NULL, 0, true, f->opt_game >= 0, false, false};
    fruit_chips_layout(f);
    GfxImage ic[] = {f->ic_info, f->ic_rules, f->ic_history, f->ic_options, f->ic_sound_on, f->ic_full, f->ic_home};
    for (int i = 0; i < 7; i++) {
        b[FB_INFO + i].r = (SDL_FRect){1290 + (float)i * 88, 24, 72, 72};
        b[FB_INFO + i].icon = ic[i];
    }
}

/* ---- the reels ------------------------------------------------------------------------------- */

static void draw_reels(Fruit *f, uint64_t now)
{
    Gfx *g = app_gfx(f->app);
    const SDL_FRect win = {FR_REEL_X, FR_REEL_Y, 3 * FR_REEL_PITCH - 20, FR_ROWS * FR_CELL};
    gfx_clip(g, &win);
    for (int c = 0; c < FR_REELS; c++) {
        const float p = fruit_reel_pos(f, c, now), p_before = fruit_reel_pos(f, c, now > 0 ? now - 1 : 0);
        const bool fast = fabsf(p - p_before) > 0.12f;
        const int top = (int)floorf(p);
        const float x = (float)(FR_REEL_X + c * FR_REEL_PITCH);
        for (int i = top; i <= top + FR_ROWS; i++) {
            const float y = (float)FR_REEL_Y + ((float)i - p) * FR_CELL;
            const int sym = fruit_strip(f, c, i);
            const bool off_line = f->play.shown_upper ? !(f->play.win.cells & grid_bit(i - top, c)) || p != floorf(p)
                                                 : i - top != FR_LINE_ROW || p != floorf(p);
            GfxImage img = fast ? f->tile_blur[sym] : f->tile[sym];
            if (!fast && f->play.phase == FP_WIN && f->play.win_line && off_line)
                img = f->tile_dim[sym];
            gfx_image(g, img, x, y, 0, 0, 1);
        }
    }
    gfx_clip(g, NULL);
}

/* The win shown over the figures: the upper game's eight lines, or the prize line in green
 * across the reels and onto the frame, with the paying cells framed. */
static void draw_win(Fruit *f, uint64_t now)
{
    Gfx *g = app_gfx(f->app);
    if (f->play.shown_upper) {
        fruit_upper_draw_lines(f, now);
        return;
    }
    const bool flash = f->play.phase == FP_WIN && f->play.win_line && (now / 10) % 2 == 0;
    const SDL_Color line = flash ? (SDL_Color){255, 255, 200, 255} : GREEN;
    gfx_rect(g, (SDL_FRect){606, LINE_Y - 3, 708, 6}, (SDL_Color){0, 60, 10, 160});
    gfx_rect(g, (SDL_FRect){606, LINE_Y - 2, 708, 4}, line);
    for (int side = 0; side < 2; side++) {
        const float x0 = side ? 1318 : 602;
        for (int k = 0; k < 22; k++)
            gfx_rect(g, (SDL_FRect){side ? x0 - (float)k : x0 + (float)k, LINE_Y - 22 + (float)k, 1,
                                    (float)(44 - 2 * k)}, line);
    }
    if (f->play.phase == FP_WIN && f->play.win_line)
        for (int c = 0; c < FR_REELS; c++)
            gfx_frame(g, (SDL_FRect){(float)(FR_REEL_X + c * FR_REEL_PITCH) + 4, LINE_Y - 96, FR_CELL - 8, 192}, 6,
                      flash ? (SDL_Color){255, 240, 120, 255} : (SDL_Color){255, 170, 0, 255});
}

/* HELD over a reel that did not spin; HOLD over the reels the player holds for the next game. */
static void draw_holds(Fruit *f, uint64_t now)
{
    Gfx *g = app_gfx(f->app);
    const bool choosing = f->play.phase == FP_WAIT && (machine_allowed(f->play.m) & 1u << CMD_HOLD);
    const uint32_t set = choosing ? f->play.hold_sel : f->play.phase == FP_SPIN || f->play.phase == FP_WIN ? f->play.held : 0;
    GfxText t = {.font = f->f_mid, .color = {255, 250, 230, 255}, .align = GFX_CENTER, .valign = GFX_MIDDLE, .shadow = true,
                 .floor = 0.6f}; /* (Spanish RETENIDO shrinks; HELD fits whole) */
    for (int c = 0; c < FR_REELS; c++) {
        if (!(set >> c & 1u))
            continue;
        const float x = (float)(FR_REEL_X + c * FR_REEL_PITCH);
        const SDL_FRect plate = {x + 30, FR_REEL_Y + 14, FR_CELL - 60, 52};
        const bool on = !choosing || (now / 20) % 2 == 0;
        gfx_rect(g, plate, on ? (SDL_Color){200, 20, 20, 255} : (SDL_Color){120, 10, 10, 255});
        gfx_frame(g, plate, 3, (SDL_Color){255, 215, 90, 255});
        gfx_cover(g, plate);
        gfx_text_box(g, (SDL_FRect){plate.x + 6, plate.y + 4, plate.w - 12, plate.h - 8}, &t, choosing ? _("HOLD") : _("HELD"));
    }
}

static float ease(float u) { return u <= 0 ? 0 : u >= 1 ? 1 : 1 - (1 - u) * (1 - u); }

/* A prize written into the Window of reel c's line (a lid over it hides it): its plate, and
 * its words when they are to be read (shown, and no lid coming down on them). */
static void window_prize(Fruit *f, float cx, float cy, Money amount, float alpha, bool dim, bool words)
{
    Gfx *g = app_gfx(f->app);
    char t[32];
    app_money_text(amount, t, sizeof t);
    const SDL_FRect plate = {cx - 88, cy - 28, 176, 56};
    gfx_rect(g, plate, (SDL_Color){20, 8, 40, (Uint8)(255 * alpha)}); /* opaque once shown */
    gfx_frame(g, plate, 3, dim ? (SDL_Color){120, 110, 90, (Uint8)(255 * alpha)} : (SDL_Color){255, 210, 70, (Uint8)(255 * alpha)});
    gfx_cover(g, plate);
    GfxText s = {.font = f->f_small, .color = dim ? (SDL_Color){170, 160, 140, 255} : (SDL_Color){255, 236, 140, 255},
                 .align = GFX_CENTER, .valign = GFX_MIDDLE, .shadow = true};
    if (alpha > 0.5f && words)
        gfx_text_box(g, (SDL_FRect){plate.x + 6, plate.y + 4, plate.w - 12, plate.h - 8}, &s, t);
}

/* How far the cauldrons' lids have come down over the Windows (0 to 1), at u. */
static float lids_down(float u) { return u > 0.75f ? ease((u - 0.75f) / 0.22f) : 0; }
#define LID_FALL 260.0f /* from this far above the Window */

/* The cauldrons: shown with their prizes, the prizes into the Windows, shuffled, covered.
 * While the first two cross each other in the shuffle one rises and the other dips, so a
 * prize never passes over another's words; a prize's words go when its lid reaches it. */
static void draw_cauldrons(Fruit *f, uint64_t now)
{
    Gfx *g = app_gfx(f->app);
    const float u = f->play.phase_len ? (float)(now - f->play.phase_t0) / (float)f->play.phase_len : 1;
    const bool lidded = 60 - LID_FALL * (1 - lids_down(u)) > -28; /* a lid's rim on its plate */
    for (int c = 0; c < FR_REELS; c++) {
        const float cx = (float)(FR_REEL_X + c * FR_REEL_PITCH + FR_CELL / 2);
        const float rise = ease(u / 0.2f), fade = u < 0.75f ? 1 : 1 - ease((u - 0.75f) / 0.2f);
        const float top = FR_REEL_Y + 10 + 140 * (1 - rise);
        gfx_image(g, f->cauldron, cx - 110, top, 220, 200, rise * fade);
        if (!f->play.cauldrons_known)
            continue;
        /* the prize: on its cauldron, then down into the Window, then shuffled */
        float py = top + 128, px = cx;
        if (u > 0.25f)
            py += (LINE_Y - py) * ease((u - 0.25f) / 0.2f);
        if (u > 0.5f && u < 0.75f) { /* the first two cross over one another, and back */
            const float s = sinf((u - 0.5f) / 0.25f * 3.14159f * 2);
            px += s * (c == 1 ? -110.0f : c == 0 ? 110.0f : 0) + (c == 2 ? -s * 220 * 0.5f : 0);
            /* apart in height before their plates meet (at s = 0.36): 60 pixels */
            const float apart = 30 * (s <= 0 ? 0 : s >= 0.36f ? 1 : s / 0.36f);
            py += c == 0 ? -apart : c == 1 ? apart : 0;
        }
        window_prize(f, px, py, f->play.cauldron_prize[c], rise, false, !lidded);
    }
    /* the lids come down over the Windows */
    if (u > 0.75f)
        for (int c = 0; c < FR_REELS; c++) {
            const float cx = (float)(FR_REEL_X + c * FR_REEL_PITCH + FR_CELL / 2), d = lids_down(u);
            gfx_image(g, f->lid, cx - 120, LINE_Y - 60 - LID_FALL * (1 - d), 0, 0, d);
        }
}

/* The lids over the Windows, waiting; and as they rise, what each hid. */
static void draw_lids(Fruit *f, uint64_t now)
{
    Gfx *g = app_gfx(f->app);
    const float u = f->play.phase == FP_LIDS && f->play.phase_len ? (float)(now - f->play.phase_t0) / (float)f->play.phase_len : 0;
    GfxText num = {.font = f->f_mid, .color = {255, 240, 200, 255}, .align = GFX_CENTER, .valign = GFX_MIDDLE, .shadow = true};
    for (int c = 0; c < FR_REELS; c++) {
        const float cx = (float)(FR_REEL_X + c * FR_REEL_PITCH + FR_CELL / 2);
        float lift = 0;
        if (f->play.phase == FP_LIDS)
            lift = c == f->play.lid_choice ? ease(u / 0.3f) : ease((u - 0.5f) / 0.3f);
        /* lifted, the lid shrinks and rises (below); its prize's words once its rim is above them */
        const float rim = LINE_Y - 66 * lift + 60 * (1 - 0.5f * lift);
        if (lift > 0)
            window_prize(f, cx, LINE_Y, f->play.lid_prize[c], 1, c != f->play.lid_choice, rim <= LINE_Y - 12);
        const bool hover = f->play.phase == FP_WAIT && f->lid_hover == c;
        const float glow = f->play.phase == FP_WAIT ? 0.5f + 0.5f * sinf((float)now * 0.15f + (float)c) : 0;
        if (f->play.phase == FP_WAIT)
            gfx_frame(g, (SDL_FRect){cx - 124, LINE_Y - 64, 248, 128}, 4,
                      (SDL_Color){255, 220, 90, (Uint8)(hover ? 255 : 90 + 120 * glow)});
        /* lifted, it shrinks and rises to the top of its own cell, clear of the prize */
        gfx_image_zoom(g, f->lid, cx, LINE_Y - 66 * lift, 1 - 0.5f * lift, 1 - 0.2f * lift);
        if (f->play.phase == FP_WAIT) {
            char t[8];
            snprintf(t, sizeof t, "%d", c + 1);
            gfx_text_box(g, (SDL_FRect){cx - 30, LINE_Y - 8, 60, 50}, &num, t);
        }
    }
}

/* The veils that push the reels back under a moment: the cauldrons', the Extra Spin's. */
static void draw_veils(Fruit *f, uint64_t now)
{
    const float u = f->play.phase_len ? (float)(now - f->play.phase_t0) / (float)f->play.phase_len : 1;
    float a = 0;
    if (f->play.phase == FP_CAULDRONS)
        a = 150 * ease(u * 4);
    else if (f->play.phase == FP_EXTRA)
        a = 120 * ease(u / 0.15f) * (u > 0.85f ? 1 - ease((u - 0.85f) / 0.15f) : 1);
    if (a > 0)
        gfx_rect(app_gfx(f->app), (SDL_FRect){FR_REEL_X, FR_REEL_Y, 640, 600}, (SDL_Color){10, 0, 20, (Uint8)a});
}

static void draw_extra(Fruit *f, uint64_t now)
{
    Gfx *g = app_gfx(f->app);
    const float u = f->play.phase_len ? (float)(now - f->play.phase_t0) / (float)f->play.phase_len : 1;
    const float a = ease(u / 0.15f) * (u > 0.85f ? 1 - ease((u - 0.85f) / 0.15f) : 1);
    const float zoom = 0.8f + 0.2f * ease(u / 0.2f) + 0.03f * sinf((float)now * 0.3f);
    gfx_image_zoom(g, f->extra, 960, 490, zoom, a);
    GfxText t = {.font = f->f_banner, .color = {255, 236, 120, 255}, .align = GFX_CENTER, .valign = GFX_MIDDLE, .shadow = true,
                 .floor = 0.55f}; /* (Spanish TIRADA EXTRA is longer) */
    if (a > 0.6f)
        gfx_text_box(g, (SDL_FRect){960 - 250 * zoom, 490 - 60 * zoom, 500 * zoom, 120 * zoom}, &t, _("EXTRA SPIN"));
}

/* ---- the right column ----------------------------------------------------------------------- */

static void counter_text(Fruit *f, int i, const char *s, SDL_Color c)
{
    GfxText t = {.font = f->f_led, .color = c, .align = GFX_RIGHT, .valign = GFX_MIDDLE, .shadow = false};
    gfx_text_box(app_gfx(f->app), (SDL_FRect){COL_X + 32, COUNTER_Y(i) + 40, 436, 50}, &t, s);
}

/* The clock: the local time; a headless run's is a fixed time the ticks move on. */
static void fruit_clock_text(const Fruit *f, char *t, size_t size)
{
    int h = 18, m = 30;
    if (app_headless(f->app)) {
        const uint64_t minutes = app_tick(f->app) / (60u * APP_HZ);
        m += (int)(minutes % 60);
        h = (h + m / 60) % 24;
        m %= 60;
    } else {
        /* the wall clock, a recording's ticks, or a replay's round's time */
        time_t now = (time_t)seat_now(&f->play.seat);
        struct tm tm;
        localtime_r(&now, &tm);
        h = tm.tm_hour;
        m = tm.tm_min;
    }
    snprintf(t, size, "%02d:%02d", h, m);
}

/* What the right column shows: the counters' words and colours, the marquee's lines and
 * colour, the lit advance lamps and the clock. */
typedef struct ColumnFace {
    char prize[32], bonuses[32], balance[32], clock[8];
    char caption[48]; /* why PRIZE shows what it does: a fraction of it played ("" none) */
    SDL_Color prize_c, message_c;
    int adv_left;
} ColumnFace;

static void column_face(Fruit *f, uint64_t now, ColumnFace *c)
{
    memset(c, 0, sizeof *c);
    Money prize = f->play.prize;
    Money extra = f->play.balance_extra;
    if (f->play.phase == FP_COLLECT && f->play.phase_len) { /* PRIZE counting into BALANCE */
        const float u = ease((float)(now - f->play.phase_t0) / (float)f->play.phase_len);
        const Money moved = (Money)((double)f->play.count_from * u);
        prize = f->play.count_from - moved;
        extra += moved;
    } else if (f->play.phase == FP_COLLECT) {
        prize = 0;
    }
    if (prize > 0 || f->play.phase == FP_RISK || (f->play.phase == FP_WAIT && f->play.rung_now >= 0))
        app_money_text(prize, c->prize, sizeof c->prize);
    else
        snprintf(c->prize, sizeof c->prize, "-");
    /* Double or Bonuses plays the prize in fractions: PRIZE shows the one risked, and says so */
    const EventPrize *fr = &f->play.fraction;
    if (f->play.shown_upper && fr->fraction && (f->play.phase == FP_WAIT || f->play.phase == FP_RISK)) {
        char rest[32];
        app_money_text(fr->rest, rest, sizeof rest);
        if (fr->rest > 0)
            lang_fill(c->caption, sizeof c->caption, _("FRACTION, {1} LEFT"), rest, NULL);
        else
            snprintf(c->caption, sizeof c->caption, "%s", _("LAST FRACTION"));
    }
    const bool blink = f->play.rung_now >= 0 && f->play.phase == FP_WAIT && (now / 15) % 2;
    c->prize_c = blink ? (SDL_Color){255, 240, 170, 255} : LED;
    lang_number(seat_bonuses(&f->play.seat) + f->play.bonuses_extra, c->bonuses, sizeof c->bonuses);
    app_money_text(seat_balance(&f->play.seat) + extra, c->balance, sizeof c->balance);
    c->message_c = f->play.message_flash && (now / 25) % 4 == 3 ? (SDL_Color){255, 120, 60, 255}
                                                                : (SDL_Color){255, 226, 120, 255};
    c->adv_left = f->play.adv_left;
    fruit_clock_text(f, c->clock, sizeof c->clock);
}

/* The counters: PRIZE (and why it shows a fraction), BONUSES, BALANCE. */
static void counters_paint(Fruit *f, const ColumnFace *cf)
{
    counter_text(f, 0, cf->prize, cf->prize_c);
    if (cf->caption[0]) { /* left of the amount, in the counter's window */
        GfxText t = {.font = f->f_tiny, .color = {255, 236, 190, 255}, .align = GFX_LEFT, .valign = GFX_MIDDLE,
                     .floor = 0.8f};
        gfx_text_box(app_gfx(f->app), (SDL_FRect){COL_X + 34, COUNTER_Y(0) + 44, 250, 42}, &t, cf->caption);
    }
    counter_text(f, 1, cf->bonuses, LED);
    counter_text(f, 2, cf->balance, LED);
}

/* The marquee: its line, and the smaller second one (two lines of it if need be); the
 * advance lamps and the clock. */
static void marquee_paint(Fruit *f, const ColumnFace *cf)
{
    Gfx *g = app_gfx(f->app);
    if (f->play.message) {
        GfxText m = {.font = f->f_mid, .color = cf->message_c, .align = GFX_CENTER, .valign = GFX_MIDDLE,
                     .shadow = true, .wrap = true, .floor = 0.55f};
        const bool two = f->play.message2[0] != 0;
        gfx_text_box(g, (SDL_FRect){COL_X + 40, MARQUEE_Y + 36, 420, two ? 46 : 94}, &m, f->play.message);
        if (two) {
            GfxText d = {.font = f->f_tiny, .color = {255, 244, 214, 255}, .align = GFX_CENTER,
                         .valign = GFX_MIDDLE, .shadow = true, .wrap = true, .floor = 1};
            gfx_text_box(g, (SDL_FRect){COL_X + 36, MARQUEE_Y + 82, 428, 52}, &d, f->play.message2);
        }
    }
    for (int i = 0; i < FR_MAX_ADV; i++)
        gfx_image(g, f->lamp[i < cf->adv_left], COL_X + 30 + (float)i * 120, LAMPS_Y, 0, 0, 1);
    GfxText c = {.font = f->f_led_small, .color = LED_RED, .align = GFX_RIGHT, .valign = GFX_MIDDLE, .shadow = true};
    gfx_text_box(g, (SDL_FRect){COL_X + 300, 810, 190, 36}, &c, cf->clock);
    GfxText cl = {.font = f->f_tiny, .color = f->th.dim, .align = GFX_LEFT, .valign = GFX_MIDDLE, .shadow = true};
    gfx_text_box(g, (SDL_FRect){COL_X + 10, 810, 200, 36}, &cl, _("TIME"));
}

/* The right column, in the board's plane: the counters and the marquee each drawn into a
 * cached picture of their own only when what it shows changes (PRIZE counting into BALANCE
 * leaves the marquee kept). */
static void draw_column(Fruit *f, uint64_t now)
{
    Gfx *g = app_gfx(f->app);
    ColumnFace cf;
    column_face(f, now, &cf);
    uint64_t key = gfx_hash_str(gfx_hash_str(gfx_hash_str(GFX_HASH_START, cf.prize), cf.bonuses), cf.balance);
    key = gfx_hash(gfx_hash_str(key, cf.caption), &cf.prize_c, sizeof cf.prize_c);
    const SDL_FRect counters = {COL_X - 5, 130, 515, 370}, marquee = {COL_X - 5, 500, 515, 350};
    if (gfx_cache_begin(g, &f->column_cache, counters, key)) {
        gfx_image_part(g, f->backdrop, counters);
        counters_paint(f, &cf);
        gfx_cache_end(g, &f->column_cache);
    }
    key = gfx_hash_str(gfx_hash_str(GFX_HASH_START, f->play.message ? f->play.message : ""), f->play.message2);
    key = gfx_hash(gfx_hash_str(key, cf.clock), &cf.message_c, sizeof cf.message_c);
    key = gfx_hash(key, &cf.adv_left, sizeof cf.adv_left);
    if (gfx_cache_begin(g, &f->marquee_cache, marquee, key)) {
        gfx_image_part(g, f->backdrop, marquee);
        marquee_paint(f, &cf);
        gfx_cache_end(g, &f->marquee_cache);
    }
}

/* The frame, plane by plane (gfx.h's planes): the board (the plan, the right column, the
 * deck: each cached while it shows the same), the figures, the holds over them, the prize
 * line and the win, the veils, the moments (the cauldrons and lids, the Extra Spin, the
 * minigames), the game change's curtain, and the windows. */
void fruit_draw(void *self)
{
    Fruit *f = self;
    Gfx *g = app_gfx(f->app);
    const uint64_t now = app_tick(f->app);
    gfx_plane(g, GFX_PLANE_BOARD);
    gfx_clear_outside(g, (SDL_Color){0, 0, 0, 255});
    /* the backdrop where no cached picture covers it: the top band, the reels' column
     * between the plan and the counters, the edges (the plan, the right column, the deck
     * and the icons each start from their own part of it) */
    static const SDL_FRect bare[] = {{0, 0, GFX_W, 138}, {0, 138, 35, 714}, {555, 138, COL_X - 5 - 555, 714},
                                     {COL_X + 510, 138, GFX_W - (COL_X + 510), 714}, {0, 847, GFX_W, 5}};
    for (size_t i = 0; i < SDL_arraysize(bare); i++)
        gfx_image_part(g, f->backdrop, bare[i]);
    if (f->play.shown_upper)
        fruit_upper_draw_plan(f);
    else
        fruit_draw_plan(f);
    draw_column(f, now);
    fruit_draw_deck(f, now);
    gfx_plane(g, GFX_PLANE_SYMBOLS);
    draw_reels(f, now);
    gfx_plane(g, GFX_PLANE_OVERLAYS);
    draw_holds(f, now);
    gfx_plane(g, GFX_PLANE_WIN);
    draw_win(f, now);
    gfx_plane(g, GFX_PLANE_DIM);
    draw_veils(f, now);
    gfx_plane(g, GFX_PLANE_CELEBRATION);
    if (f->play.phase == FP_CAULDRONS)
        draw_cauldrons(f, now);
    else if (f->play.lids_on || f->play.phase == FP_LIDS)
        draw_lids(f, now);
    if (f->play.phase == FP_EXTRA)
        draw_extra(f, now);
    fruit_mini_draw(f, now);
    gfx_plane(g, GFX_PLANE_BANNER);
    fruit_draw_swap(f, now);
    gfx_plane(g, GFX_PLANE_WINDOW);
    windows_draw(f->windows);
}
