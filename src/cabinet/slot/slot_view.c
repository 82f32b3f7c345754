/* slot_view.c - what every part of the video slot uses: amounts as text, the theme's
 * timings and cues, where a cell is and how a symbol is drawn in it, the win meter, the bet
 * and the settings kept in the store. The scene, the kinds' views (kinds/) and the windows'
 * host (slot_windows.c) call these; they call nothing of those. */
#include "slot_priv.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int slot_ticks(const Slot *s, ThemeTiming t) { return APP_MS_TICKS(s->th.timing_ms[t]); }

void slot_money_text(Money v, char *out, size_t size) { app_money_text(v, out, size); }

void slot_amount_text(const Slot *s, Money v, char *out, size_t size)
{
    if (s->coins_view) {
        int64_t coin = s->bet.v[s->bi_coin];
        snprintf(out, size, "%lld", (long long)(v / coin));
    } else {
        slot_money_text(v, out, size);
    }
}

bool slot_has_coins(const Slot *s) { return s->bi_coins >= 0; }

Money slot_bet_total(const Slot *s) { return machine_rules(s->m)->bet_total(&s->def, &s->bet); }

void slot_cue(Slot *s, const char *name, AudioLayer layer)
{
    audio_play(app_audio(s->app), layer, theme_sound(&s->th, name));
}

SDL_FRect slot_cell_rect(const Slot *s, int r, int c)
{
    return (SDL_FRect){(float)(s->th.reels_x + c * s->th.cell), (float)(s->th.reels_y + r * s->th.cell),
                       (float)s->th.cell, (float)s->th.cell};
}

Money slot_meter_value(const Slot *s) { return slot_play_meter_value(&s->play, app_tick(s->app)); }

Money slot_feature_win_value(const Slot *s) { return slot_play_feature_win_value(&s->play, app_tick(s->app)); }

bool slot_set_bet(Slot *s, const Bet *b)
{
    Error err;
    if (machine_set_bet(s->m, b, &err))
        return false;
    s->bet = *b;
    return true;
}

/* The minimum bet: every option at its smallest value. */
void slot_set_min_bet(Slot *s)
{
    Bet b = s->bet;
    for (int i = 0; i < s->def.nbet; i++)
        b.v[i] = s->def.bet[i].values[0];
    slot_set_bet(s, &b);
}

/* Settings kept in the store: the last bet of this game, sound, Space to spin, coins. */
void slot_settings_load(Slot *s)
{
    Store *st = app_store(s->app);
    char v[128];
    app_settings_load(s->app, &s->def, &s->bet, &s->space_spins);
    store_setting(st, "coins_view", v, sizeof v);
    s->coins_view = slot_has_coins(s) && v[0] == '1';
}

void slot_settings_save(Slot *s)
{
    Store *st = app_store(s->app);
    app_settings_save(s->app, &s->def, &s->bet, s->space_spins);
    if (slot_has_coins(s))
        store_set_setting(st, "coins_view", s->coins_view ? "1" : "0", NULL);
}

/* A symbol in its cell: an opaque tile copied as it is, darkened, or (a winning symbol)
 * the bare cell with the symbol pulsing on it. */
void slot_draw_cell(Slot *s, int sym, float x, float y, CellLook look, float zoom)
{
    Gfx *g = app_gfx(s->app);
    float c = (float)s->th.cell;
    if (sym < 0 || sym >= s->def.nsymbols) { /* an empty cell (a wild walked off it) */
        gfx_image(g, s->cell, x, y, 0, 0, 1);
        return;
    }
    if (look == CELL_PULSE) {
        gfx_image(g, s->cell, x, y, 0, 0, 1);
        gfx_image_zoom(g, s->sym[sym], x + c / 2, y + c / 2, zoom, 1);
    } else {
        gfx_image(g, look == CELL_DIM ? s->tile_dim[sym]
                     : look == CELL_BLUR && s->tile_blur[sym] ? s->tile_blur[sym] : s->tile[sym],
                  x, y, 0, 0, 1);
    }
}

SDL_Color slot_line_color(const Slot *s, int line)
{
    return s->th.line[line % s->th.nline_colors];
}

/* The band across the canvas that holds buttons first..last and the `nextra` in extra[],
 * and the rows top..bottom. */
SDL_FRect slot_band_of(const Slot *s, int first, int last, const int *extra, int nextra,
                         float top, float bottom)
{
    for (int i = first; i <= last + nextra; i++) {
        const SDL_FRect *r = &s->btn[i <= last ? i : extra[i - last - 1]].r;
        top = r->y < top ? r->y : top;
        bottom = r->y + r->h > bottom ? r->y + r->h : bottom;
    }
    return (SDL_FRect){0, top, GFX_W, bottom - top};
}

/* Sorts floats ascending (a handful). */
static void sort_floats(float *v, int n)
{
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && v[j] < v[j - 1]; j--) {
            const float t = v[j];
            v[j] = v[j - 1];
            v[j - 1] = t;
        }
}

/* The image in the band y0..y1 of `at`, clipped to each stretch between the holes that
 * cross the band. */
static void image_band(Gfx *g, GfxImage img, SDL_FRect at, float y0, float y1, const SDL_FRect *holes, int n,
                       float alpha)
{
    float edge[2 * SLOT_RIBBONS_MAX * 2 + 2];
    int ne = 0;
    for (int i = 0; i < n; i++)
        if (holes[i].y < y1 && holes[i].y + holes[i].h > y0) {
            edge[ne++] = floorf(holes[i].x);
            edge[ne++] = ceilf(holes[i].x + holes[i].w);
        }
    /* the holes' spans, left to right (they may overlap): the stretches between them */
    float from = at.x;
    for (int done = 0; done <= ne / 2; done++) {
        float lo = at.x + at.w, hi = lo;
        int pick = -1;
        for (int i = 0; i < ne; i += 2)
            if (edge[i] >= -1e8f && edge[i] < lo) {
                lo = edge[i];
                hi = edge[i + 1];
                pick = i;
            }
        if (lo > from) {
            gfx_clip(g, &(SDL_FRect){from, y0, lo - from, y1 - y0});
            gfx_image(g, img, at.x, at.y, at.w, at.h, alpha);
        }
        from = hi > from ? hi : from;
        if (pick < 0)
            break;
        edge[pick] = -1e9f; /* used */
    }
}

void slot_image_round(Slot *s, GfxImage img, SDL_FRect at, const SDL_FRect *holes, int n, float alpha)
{
    Gfx *g = app_gfx(s->app);
    if (!n) {
        gfx_clip(g, NULL);
        gfx_image(g, img, at.x, at.y, at.w, at.h, alpha);
        return;
    }
    /* bands cut at the holes' tops and bottoms, in whole pixels so that the pieces meet */
    float cut[2 * SLOT_RIBBONS_MAX + 2];
    int nc = 0;
    cut[nc++] = at.y;
    cut[nc++] = at.y + at.h;
    for (int i = 0; i < n && nc + 2 <= (int)SDL_arraysize(cut); i++) {
        cut[nc++] = fminf(fmaxf(floorf(holes[i].y), at.y), at.y + at.h);
        cut[nc++] = fminf(fmaxf(ceilf(holes[i].y + holes[i].h), at.y), at.y + at.h);
    }
    sort_floats(cut, nc);
    for (int i = 0; i + 1 < nc; i++)
        if (cut[i + 1] > cut[i])
            image_band(g, img, at, cut[i], cut[i + 1], holes, n, alpha);
    gfx_clip(g, NULL);
}
