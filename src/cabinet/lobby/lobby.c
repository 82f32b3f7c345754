/* lobby.c - the lobby scene: a tile per game, with its art, name and RTP, and the balance.
 *
 * A game is playable when both its game file and its theme exist; the others show as
 * "coming soon": choosing one answers with a notice that says so (it cannot be opened). A
 * game file that exists but is broken is an error, reported like any other, never a broken
 * tile. Mouse: hover highlights, click opens. Keys: left/right choose, Enter opens, Escape
 * quits. In attract mode the tiles show off in turn: the highlight moves from one to the next
 * and pulses, a band of light sweeps across the tile, and the help line asks for a key. */
#include "lobby.h"
#include "gamedef.h"
#include "lang.h"
#include "theme.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define TILE_W 400
#define TILE_H 560
#define TILE_Y 300
/* The tile's name band (the assets/lobby tiles: its inner border 14.5..385.5 x 426.5..547.5, the
 * jewel on its top edge down to 439): the name and RTP keep a margin inside it. */
#define BAND_X 32       /* the text's left and right margin in the tile */
#define BAND_TOP 444    /* the name's top, below the jewel */
#define BAND_NAME_H 52  /* the name's room: one line, or two drawn smaller */

typedef struct Lobby {
    App *app;
    LobbyTheme lt;
    GfxImage bg, highlight, soon, tile[THEME_MAX_GAMES];
    GfxFont title, name, name_small, small;
    bool playable[THEME_MAX_GAMES];
    char rtp[THEME_MAX_GAMES][48];
    int sel;
    int soon_tile;     /* the coming-soon tile last chosen, or -1 */
    uint64_t soon_t0;  /* when */
} Lobby;

#define SOON_TICKS APP_MS_TICKS(2500) /* the coming-soon notice shows this long */
#define SWEEP_TICKS 96                /* attract: each tile's turn */

static float tile_x(const Lobby *l, int i)
{
    float gap = 40, total = (float)l->lt.ngames * TILE_W + (float)(l->lt.ngames - 1) * gap;
    return (GFX_W - total) / 2 + (float)i * (TILE_W + gap);
}

static int tile_at(const Lobby *l, float x, float y)
{
    for (int i = 0; i < l->lt.ngames; i++) {
        float tx = tile_x(l, i);
        if (x >= tx && x < tx + TILE_W && y >= TILE_Y && y < TILE_Y + TILE_H)
            return i;
    }
    return -1;
}

static void lobby_open(Lobby *l, int i)
{
    if (i >= 0 && l->playable[i]) {
        audio_play(app_audio(l->app), AUDIO_UI, synth_find("button"));
        app_open(l->app, l->lt.games[i].id);
    } else if (i >= 0) { /* a clear answer, not silence */
        audio_play(app_audio(l->app), AUDIO_UI, synth_find("button"));
        l->soon_tile = i;
        l->soon_t0 = app_tick(l->app);
    }
}

static void lobby_input(void *self, const Input *in)
{
    Lobby *l = self;
    switch (in->type) {
    case INPUT_MOVE: {
        int i = tile_at(l, in->x, in->y);
        if (i >= 0)
            l->sel = i;
        break;
    }
    case INPUT_RELEASE:
        lobby_open(l, tile_at(l, in->x, in->y));
        break;
    case INPUT_KEY:
        if (INPUT_IS_OPERATOR(in)) /* the operator menu, which opens at its PIN door */
            app_open(l->app, APP_OPERATOR);
        else if (in->key == SDLK_LEFT && l->sel > 0)
            l->sel--;
        else if (in->key == SDLK_RIGHT && l->sel + 1 < l->lt.ngames)
            l->sel++;
        else if (in->key == SDLK_RETURN || in->key == SDLK_KP_ENTER || in->key == SDLK_SPACE)
            lobby_open(l, l->sel);
        else if (in->key == SDLK_ESCAPE)
            app_quit(l->app, 0);
        break;
    case INPUT_PRESS:
        break;
    }
}

static void lobby_update(void *self)
{
    Lobby *l = self;
    const AppOptions *o = app_options(l->app);
    /* the benchmark measures start-up to this first frame, then plays a game */
    if (o->bench_frames && app_tick(l->app) == 0)
        app_open(l->app, o->game ? o->game : "mona-lisa-jewels");
    /* headless pictures of the lobby (--shots, --check-layout): as it opens, then after a
     * click on a tile that is coming soon */
    if (app_attract(l->app)) { /* the tiles' turns: the highlight goes with the sweep */
        int i = (int)(app_tick(l->app) / SWEEP_TICKS % (uint64_t)l->lt.ngames);
        if (l->playable[i])
            l->sel = i;
        return;
    }
    if (app_headless(l->app) && !o->bench_frames && !app_playback(l->app)) {
        uint64_t t = app_tick(l->app);
        if (t == 2)
            app_shot(l->app, "lobby");
        if (t == 3) {
            int soon = -1;
            for (int i = 0; i < l->lt.ngames && soon < 0; i++)
                soon = l->playable[i] ? -1 : i;
            if (soon < 0) {
                app_quit(l->app, 0);
                return;
            }
            float x = tile_x(l, soon) + TILE_W / 2.0f, y = TILE_Y + TILE_H / 2.0f;
            lobby_input(l, &(Input){.type = INPUT_MOVE, .x = x, .y = y});
            lobby_input(l, &(Input){.type = INPUT_PRESS, .x = x, .y = y});
            lobby_input(l, &(Input){.type = INPUT_RELEASE, .x = x, .y = y});
        }
        if (t == 3 + APP_MS_TICKS(400)) {
            app_shot(l->app, "lobby-coming-soon");
            app_quit(l->app, 0);
        }
    }
}

/* Attract: a diagonal band of light across the tile at x, `p` (0..1) of its way over: soft
 * layers, brighter to its core, laid in thin slices along the tile's height. */
static void sweep(Gfx *g, float x, float p)
{
    static const struct {
        float half;
        Uint8 alpha;
    } layer[] = {{64, 18}, {36, 24}, {14, 40}};
    const float inset = 14, top = TILE_Y + inset, bottom = TILE_Y + TILE_H - inset;
    const float left = x + inset, right = x + TILE_W - inset, slice = 4;
    const float cx = left - 280 + (right - left + 560) * p;
    for (float y = top; y < bottom; y += slice) {
        float c = cx + (TILE_Y + TILE_H / 2.0f - y) * 0.4f;
        for (size_t k = 0; k < sizeof layer / sizeof *layer; k++) {
            float x0 = c - layer[k].half < left ? left : c - layer[k].half;
            float x1 = c + layer[k].half > right ? right : c + layer[k].half;
            if (x1 > x0)
                gfx_rect(g, (SDL_FRect){x0, y, x1 - x0, slice}, (SDL_Color){255, 246, 214, layer[k].alpha});
        }
    }
}

static void lobby_draw(void *self)
{
    Lobby *l = self;
    Gfx *g = app_gfx(l->app);
    SDL_Color gold = {255, 214, 110, 255}, cream = {255, 241, 200, 255}, dim = {200, 190, 220, 255};
    gfx_image(g, l->bg, 0, 0, 0, 0, 1);
    GfxText title = {.font = l->title, .color = gold, .align = GFX_CENTER, .shadow = true};
    gfx_text_box(g, (SDL_FRect){460, 70, 1000, gfx_font_height(g, l->title)}, &title, "SLOTCAB"); /* the cabinet's name, in every language */
    GfxText sub = {.font = l->small, .color = dim, .align = GFX_CENTER, .shadow = true};
    gfx_text_box(g, (SDL_FRect){460, 185, 1000, 40}, &sub, _("CASINO CABINET  \xC2\xB7  CHOOSE YOUR GAME"));
    /* the balance, top right, as on the cabinet's own screens */
    char bal[48], t[96];
    Money b = app_balance(l->app);
    app_money_text(b, bal, sizeof bal);
    lang_fill(t, sizeof t, _("BALANCE  {1}"), bal, NULL);
    GfxText bt = {.font = l->small, .color = gold, .align = GFX_RIGHT, .shadow = true};
    gfx_text_box(g, (SDL_FRect){1440, 40, 440, 40}, &bt, t);
    const bool attract = app_attract(l->app);
    const uint64_t tick = app_tick(l->app);
    const float turn = (float)(tick % SWEEP_TICKS) / SWEEP_TICKS;
    for (int i = 0; i < l->lt.ngames; i++) {
        float x = tile_x(l, i);
        if (i == l->sel && l->playable[i])
            gfx_image(g, l->highlight, x - 10, TILE_Y - 10, 0, 0,
                      attract ? 0.55f + 0.45f * sinf(turn * 6.2831853f) : 1);
        gfx_image(g, l->tile[i], x, TILE_Y, 0, 0, 1);
        if (attract && i == l->sel && l->playable[i])
            sweep(g, x, turn);
        /* the name in the tile's band, two lines where one is too narrow, a margin inside
         * the band's border (BAND_*) and below its jewel */
        GfxText nt = {.font = l->name, .color = cream, .align = GFX_CENTER, .valign = GFX_MIDDLE,
                      .shadow = true, .wrap = true};
        const SDL_FRect name_box = {x + BAND_X, TILE_Y + BAND_TOP, TILE_W - 2 * BAND_X, BAND_NAME_H};
        const char *name = _(l->lt.games[i].name); /* the lobby's words, in the catalogue too */
        GfxFit fit = gfx_text_fit(g, name_box, &nt, name);
        if (fit.lines > 1 || fit.scale < 0.9f) /* a long name: the smaller face, on one line if it can */
            nt.font = l->name_small;
        gfx_text_box(g, name_box, &nt, name);
        if (l->playable[i]) {
            GfxText rt = {.font = l->small, .color = gold, .align = GFX_CENTER, .shadow = true};
            gfx_text_box(g, (SDL_FRect){x + BAND_X, TILE_Y + BAND_TOP + BAND_NAME_H + 4, TILE_W - 2 * BAND_X, 34},
                         &rt, l->rtp[i]);
        } else {
            gfx_image(g, l->soon, x, TILE_Y, 0, 0, 1);
            GfxText st = {.font = l->name, .color = cream, .align = GFX_CENTER, .shadow = true};
            gfx_text_box(g, (SDL_FRect){x + 24, TILE_Y + 262, TILE_W - 48, 44}, &st, _("COMING SOON"));
        }
    }
    const char *help = _("Click a game, or choose with the arrow keys and press Enter");
    gfx_plane(g, GFX_PLANE_BANNER); /* the invitation, or a notice, over the lobby's board */
    if (attract) { /* the invitation, breathing */
        float a = 0.6f + 0.4f * sinf((float)(tick % 120) / 120.0f * 6.2831853f);
        GfxText it = {.font = l->name, .color = {gold.r, gold.g, gold.b, (Uint8)(255 * a)},
                      .align = GFX_CENTER, .shadow = true};
        gfx_text_box(g, (SDL_FRect){260, 886, 1400, 56}, &it, _("PRESS ANY KEY OR TOUCH THE SCREEN TO PLAY"));
        return;
    }
    if (l->soon_tile >= 0 && app_tick(l->app) - l->soon_t0 < (uint64_t)SOON_TICKS) {
        /* the answer to a coming-soon tile: a plate over the help line */
        lang_fill(t, sizeof t, _("{1} is coming soon: it cannot be played yet"), _(l->lt.games[l->soon_tile].name), NULL);
        SDL_FRect plate = {360, 880, 1200, 64};
        gfx_rect(g, plate, (SDL_Color){24, 12, 30, 235});
        gfx_frame(g, plate, 3, gold);
        GfxText nt = {.font = l->small, .color = cream, .align = GFX_CENTER, .valign = GFX_MIDDLE,
                      .shadow = true};
        gfx_text_box(g, (SDL_FRect){plate.x + 20, plate.y + 6, plate.w - 40, plate.h - 12}, &nt, t);
        return;
    }
    GfxText ht = {.font = l->small, .color = dim, .align = GFX_CENTER, .shadow = true};
    gfx_text_box(g, (SDL_FRect){260, 895, 1400, 40}, &ht, help);
}

static void lobby_destroy(void *self) { free(self); }

static bool file_exists(const char *path)
{
    struct stat st;
    return !stat(path, &st) && S_ISREG(st.st_mode);
}

static void rtp_text(const GameDef *def, char *out, size_t size)
{
    double lo = 0, hi = 0;
    for (int t = 0; t < def->ntargets; t++) {
        double p = def->targets[t].percent;
        if (!t || p < lo)
            lo = p;
        if (!t || p > hi)
            hi = p;
    }
    char a[32], b[32];
    lang_percent(lo, 2, a, sizeof a);
    lang_percent(hi, 2, b, sizeof b);
    if (def->ntargets == 0)
        snprintf(out, size, "%s", _("RTP not stated"));
    else if (lo == hi)
        lang_fill(out, size, _("RTP {1}"), a, NULL);
    else
        lang_fill(out, size, _("RTP {1} \xE2\x80\x93 {2}"), a, b, NULL);
}

int lobby_create(App *a, Scene *out, Error *err)
{
    const AppOptions *o = app_options(a);
    Gfx *g = app_gfx(a);
    Lobby *l = calloc(1, sizeof *l);
    GameDef *def = malloc(sizeof *def);
    if (!l || !def) {
        free(l);
        free(def);
        return error_set(err, "out of memory");
    }
    l->app = a;
    if (theme_load_lobby(o->themes_dir, o->assets_dir, &l->lt, err))
        goto fail;
    if (gfx_load_image(g, l->lt.background, GFX_W, GFX_H, &l->bg, err) ||
        gfx_load_image(g, l->lt.highlight, TILE_W + 20, TILE_H + 20, &l->highlight, err) ||
        gfx_load_image(g, l->lt.coming_soon, TILE_W, TILE_H, &l->soon, err) ||
        gfx_load_font(g, "fonts/DejaVuSerif-Bold.ttf", 84, &l->title, err) ||
        gfx_load_font(g, "fonts/DejaVuSerif-Bold.ttf", 34, &l->name, err) ||
        gfx_load_font(g, "fonts/DejaVuSerif-Bold.ttf", 24, &l->name_small, err) ||
        gfx_load_font(g, "fonts/DejaVuSans-Bold.ttf", 28, &l->small, err))
        goto fail;
    l->sel = -1;
    l->soon_tile = -1;
    for (int i = 0; i < l->lt.ngames; i++) {
        const LobbyGame *lg = &l->lt.games[i];
        if (gfx_load_image(g, lg->tile, TILE_W, TILE_H, &l->tile[i], err))
            goto fail;
        char gpath[512], tpath[512];
        snprintf(gpath, sizeof gpath, "%s/%s/game.json", o->games_dir, lg->id);
        snprintf(tpath, sizeof tpath, "%s/%s/theme.json", o->themes_dir, lg->id);
        if (!file_exists(gpath) || !file_exists(tpath))
            continue;
        if (gamedef_load(gpath, def, err))
            goto fail;
        rtp_text(def, l->rtp[i], sizeof l->rtp[i]);
        l->playable[i] = true;
        if (l->sel < 0)
            l->sel = i;
    }
    free(def);
    *out = (Scene){l, lobby_input, lobby_update, lobby_draw, lobby_destroy,
                   gfx_image_opaque(app_gfx(a), l->bg)};
    return 0;
fail:
    free(def);
    free(l);
    return -1;
}
