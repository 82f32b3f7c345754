/* fruit_mini_draw.c - the upper game's minigames drawn over the reel window: the board, its
 * name, and each minigame's pieces (baskets and strawberries and the sign; the leprechaun
 * and his coins; the nine flashing elements and what they hid; the treasures, the reels'
 * three and their caps), moving as the moment (FruitMini.step) and its time say. */
#include "fruit_priv.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define BOARD_X 630.0f
#define BOARD_Y 180.0f
#define BOARD_W 660.0f
#define BOARD_H 620.0f
#define COL_CX(c) (float)(FR_REEL_X + (c) * FR_REEL_PITCH + FR_CELL / 2)
#define BASKET_Y 520.0f  /* the small baskets' top */
#define FIND_CY(r) (322.0f + (float)(r) * 158.0f)
#define FIND_SIZE 146.0f
#define STRAWBERRY_TOP 266.0f /* where a falling strawberry's middle starts: its top under the title's words */
#define TREASURE_CY(r) (float)(FR_REEL_Y + (r) * FR_CELL + FR_CELL / 2)
/* the paid plate at a minigame's end: its height (with a line of Bonuses) and where it stands */
#define END_H 170.0f
#define END_Y_STRAWBERRY 258.0f /* in the sign's place, under the title */
#define END_Y_MIDDLE 396.0f     /* Three Choices, Find the Prizes: the board's middle */
#define END_Y_TREASURE 570.0f   /* under the chests' prizes */

static const char *const art_keys[MA__COUNT] = {
    "mini_board", "mini_basket_big", "mini_basket", "mini_basket_covered", "mini_strawberry", "mini_sign",
    "mini_leprechaun", "mini_leprechaun_hidden", "mini_coin", "mini_element", "mini_element_lit",
    "mini_plaque_prize", "mini_plaque_stop", "mini_plaque_stopx2", "mini_cap", "mini_treasure"};
static const int art_size[MA__COUNT][2] = {
    {660, 620}, {360, 220}, {180, 150}, {180, 150}, {64, 64}, {420, 120}, {300, 400}, {300, 400},
    {120, 120}, {170, 170}, {170, 170}, {170, 170}, {170, 170}, {170, 170}, {200, 600}, {200, 200}};

int fruit_mini_load_art(Fruit *f, Error *err)
{
    for (int i = 0; i < MA__COUNT; i++) {
        const char *path = f->th.art[ART_MINI_BOARD + i];
        if (!path[0])
            return error_set(err, "%s: art.%s: missing: the upper game's minigames draw it", f->th.path,
                             art_keys[i]);
        if (gfx_load_image(app_gfx(f->app), path, art_size[i][0], art_size[i][1], &f->mini_art[i], err))
            return -1;
    }
    /* Discover the Treasure's chamber: treasure-board.svg in the board's folder */
    char chamber[300];
    const char *board = f->th.art[ART_MINI_BOARD], *slash = strrchr(board, '/');
    snprintf(chamber, sizeof chamber, "%.*streasure-board.svg", slash ? (int)(slash - board + 1) : 0, board);
    return gfx_load_image(app_gfx(f->app), chamber, 660, 620, &f->treasure_board, err);
}

static float clamp01(float u) { return u < 0 ? 0 : u > 1 ? 1 : u; }
static float ease(float u) { u = clamp01(u); return 1 - (1 - u) * (1 - u); }
/* u's progress through [a, b], eased */
static float span(float u, float a, float b) { return ease((u - a) / (b - a)); }

static float phase_u(const Fruit *f, uint64_t now)
{
    if (f->play.phase != FP_MINI || !f->play.phase_len)
        return 1;
    return clamp01((float)(now - f->play.phase_t0) / (float)f->play.phase_len);
}

static bool waiting(const Fruit *f) { return f->play.phase == FP_WAIT; }
/* Its end: the paid plate is shown, and the words it stands over give way to it. */
static bool ending(const Fruit *f) { return f->play.phase == FP_MINI && f->play.mini.step == MS_END; }

/* An amount on a small dark plate (dim: a prize discarded). */
static void plate(Fruit *f, float cx, float cy, float w, Money amount, float alpha, bool dim)
{
    Gfx *g = app_gfx(f->app);
    if (alpha <= 0.01f)
        return;
    char t[32];
    app_money_text(amount, t, sizeof t);
    const SDL_FRect r = {cx - w / 2, cy - 26, w, 52};
    gfx_rect(g, r, (SDL_Color){24, 10, 36, (Uint8)(255 * alpha)}); /* opaque once shown */
    gfx_frame(g, r, 3, dim ? (SDL_Color){130, 120, 100, (Uint8)(255 * alpha)} : (SDL_Color){255, 210, 70, (Uint8)(255 * alpha)});
    gfx_cover(g, r);
    GfxText s = {.font = f->f_small, .color = dim ? (SDL_Color){170, 160, 140, 255} : (SDL_Color){255, 236, 140, 255},
                 .align = GFX_CENTER, .valign = GFX_MIDDLE, .shadow = true, .floor = 0.6f};
    if (alpha > 0.5f)
        gfx_text_box(g, (SDL_FRect){r.x + 6, r.y + 4, r.w - 12, r.h - 8}, &s, t);
}

/* Words on the board, centred in a band. */
static void band(Fruit *f, GfxFont font, float y, float h, SDL_Color c, const char *s)
{
    GfxText t = {.font = font, .color = c, .align = GFX_CENTER, .valign = GFX_MIDDLE, .shadow = true, .floor = 0.5f};
    gfx_text_box(app_gfx(f->app), (SDL_FRect){BOARD_X + 24, y, BOARD_W - 48, h}, &t, s);
}

static const SDL_Color GOLD = {255, 222, 110, 255}, CREAM = {255, 244, 214, 255};

/* Words on the board on a dark plate of their own, as wide as they are: over the grass and
 * the night's lights the bare words would not read (below 3:1). */
static void plated_band(Fruit *f, GfxFont font, float y, float h, SDL_Color c, const char *s)
{
    Gfx *g = app_gfx(f->app);
    GfxText t = {.font = font, .color = c, .align = GFX_CENTER, .valign = GFX_MIDDLE, .shadow = true, .floor = 0.5f};
    const GfxFit fit = gfx_text_fit(g, (SDL_FRect){BOARD_X + 48, y, BOARD_W - 96, h}, &t, s);
    const SDL_FRect r = {fit.ink.x - 18, y, fit.ink.w + 36, h};
    gfx_rect(g, r, (SDL_Color){24, 10, 36, 255});
    gfx_frame(g, r, 2, (SDL_Color){200, 160, 70, 255});
    gfx_cover(g, r);
    gfx_text_box(g, (SDL_FRect){r.x + 4, r.y + 2, r.w - 8, r.h - 4}, &t, s);
}

/* A choice's number, for the keys and buttons that take it. */
static void key_number(Fruit *f, float cx, float cy, int n, bool hover)
{
    Gfx *g = app_gfx(f->app);
    const SDL_FRect r = {cx - 18, cy - 18, 36, 36};
    gfx_rect(g, r, hover ? (SDL_Color){255, 240, 150, 255} : (SDL_Color){60, 30, 10, 255});
    gfx_frame(g, r, 2, (SDL_Color){255, 214, 90, 255});
    gfx_cover(g, r);
    GfxText t = {.font = f->f_key, .color = hover ? (SDL_Color){40, 20, 0, 255} : CREAM, .align = GFX_CENTER,
                 .valign = GFX_MIDDLE};
    char s[12];
    snprintf(s, sizeof s, "%d", n);
    gfx_text_box(g, (SDL_FRect){r.x + 3, r.y + 3, r.w - 6, r.h - 6}, &t, s);
}

/* ---- Strawberry --------------------------------------------------------------------------- */

/* Where small basket i stands while they are swapped (two swaps: 0 with 2, then 1 with 2). */
static float basket_x(int i, float u)
{
    float x = COL_CX(i);
    const float a = span(u, 0.62f, 0.71f), b = span(u, 0.71f, 0.80f);
    if (i == 0 || i == 2) /* the first swap */
        x += (i == 0 ? 1.0f : -1.0f) * 440.0f * a;
    const int after = i == 0 ? 2 : i == 2 ? 0 : 1; /* its place after the first swap */
    if (after == 1 || after == 2)
        x += (after == 1 ? 1.0f : -1.0f) * 220.0f * b;
    return x;
}

static float basket_lift(int i, float u)
{
    const float a = (u > 0.62f && u < 0.71f && i != 1) ? sinf((u - 0.62f) / 0.09f * 3.14159f) : 0;
    const float b = (u > 0.71f && u < 0.80f && i != 2) ? sinf((u - 0.71f) / 0.09f * 3.14159f) : 0;
    return 60 * (a + b) * (i == 0 ? 1 : -0.4f);
}

static void draw_strawberry(Fruit *f, uint64_t now)
{
    Gfx *g = app_gfx(f->app);
    const FruitMini *mg = &f->play.mini;
    const bool show = f->play.phase == FP_MINI && mg->step == MS_SHOW;
    const bool intro = f->play.phase == FP_MINI && mg->step == MS_INTRO;
    const float u = show ? phase_u(f, now) : intro ? 0 : 1;
    /* the big basket, and the sign that takes its place */
    const float big = intro ? span(phase_u(f, now), 0.4f, 0.8f) : 1 - span(u, 0.9f, 0.97f);
    if (big > 0.01f)
        gfx_image(g, f->mini_art[MA_BASKET_BIG], 780, 262, 0, 0, big);
    if (show && u < 0.55f) { /* strawberries fall in, then hop into the small baskets */
        for (int k = 0; k < 12; k++) {
            const float t0 = 0.02f + (float)k * 0.026f, fall = clamp01((u - t0) / 0.08f);
            if (u < t0)
                continue;
            /* from under the title (clear of its words), appearing as they drop */
            const float sx = 860 + (float)((k * 37) % 200), sy = STRAWBERRY_TOP + 104 * fall * fall;
            float x = sx, y = sy, a = fall < 1 ? clamp01(fall * 4) : 0.0f;
            const float hop = clamp01((u - 0.40f - (float)(k % 4) * 0.02f) / 0.08f);
            if (u >= 0.40f) { /* from the big basket's mouth to basket k % 3 */
                const float tx = COL_CX(k % 3), ty = BASKET_Y + 40;
                x = 960 + (tx - 960) * hop;
                y = 330 + (ty - 330) * hop - 120 * sinf(hop * 3.14159f);
                a = hop > 0 && hop < 1 ? 1 : 0;
            }
            if (a > 0)
                gfx_image(g, f->mini_art[MA_STRAWBERRY], x - 32, y - 32, 0, 0, a);
        }
    }
    const float sign = show ? span(u, 0.92f, 1.0f) : intro || ending(f) ? 0 : 1;
    if (sign > 0.01f) {
        const float y = 280 - 120 * (1 - sign);
        gfx_image(g, f->mini_art[MA_SIGN], 750, y, 0, 0, sign);
        char t[64], nb[32];
        const int n = show ? mg->choices : mg->left;
        char m[32];
        app_money_text(mg->gathered, m, sizeof m);
        if (n > 0)
            lang_fill(t, sizeof t, lang_trn("CHOOSE {1} BASKET", "CHOOSE {1} BASKETS", n),
                      fruit_play_count(n, nb, sizeof nb), NULL);
        else
            lang_fill(t, sizeof t, _("BASKETS: {1}"), m, NULL);
        GfxText s = {.font = f->f_mid, .color = {70, 34, 8, 255}, .align = GFX_CENTER, .valign = GFX_MIDDLE,
                     .floor = 0.5f};
        if (sign > 0.6f)
            gfx_text_box(g, (SDL_FRect){790, y + 42, 340, 60}, &s, t);
    }
    /* the three small baskets: shown with their prizes, swapped, covered, chosen */
    const float covered = show ? span(u, 0.80f, 0.88f) : intro ? 0 : 1;
    for (int i = 0; i < 3; i++) {
        const float x = show ? basket_x(i, u) : COL_CX(i), y = BASKET_Y - (show ? basket_lift(i, u) : 0);
        const bool open = (mg->uncovered >> i & 1u) != 0;
        float cover = open ? 0 : covered;
        if (open && mg->pick == i && f->play.phase == FP_MINI && mg->step == MS_REVEAL)
            cover = 1 - span(phase_u(f, now), 0.0f, 0.35f);
        const bool hover = waiting(f) && mg->hover == i;
        if (waiting(f) && !open) {
            const float glow = 0.5f + 0.5f * sinf((float)now * 0.15f + (float)i);
            gfx_frame(g, (SDL_FRect){x - 96, y - 6, 192, 162}, 4,
                      (SDL_Color){255, 220, 90, (Uint8)(hover ? 255 : 80 + 120 * glow)});
        }
        gfx_image(g, f->mini_art[MA_BASKET], x - 90, y, 0, 0, 1 - cover);
        gfx_image(g, f->mini_art[MA_BASKET_COVERED], x - 90, y, 0, 0, cover);
        if (show && u > 0.5f && u < 0.62f) /* the strawberries in it */
            for (int k = 0; k < 4; k++)
                gfx_image(g, f->mini_art[MA_STRAWBERRY], x - 56 + (float)k * 24, y + 10 - (float)(k % 2) * 10, 40,
                          40, 1);
        const float shown = show ? span(u, 0.55f, 0.62f) * (1 - covered) : 0;
        if (shown > 0)
            plate(f, x, y + 186, 176, mg->shown[i], shown, false);
        if (open && cover < 0.5f)
            plate(f, x, y + 186, 176, mg->opened[i], 1, !(mg->taken >> i & 1u));
        if (waiting(f) && !open)
            key_number(f, x, y + 186, i + 1, hover);
    }
}

/* ---- Three Choices ------------------------------------------------------------------------ */

static void draw_choices(Fruit *f, uint64_t now)
{
    Gfx *g = app_gfx(f->app);
    const FruitMini *mg = &f->play.mini;
    const bool moving = f->play.phase == FP_MINI;
    const float u = phase_u(f, now);
    float man = 1, coins = 1; /* the leprechaun shown (1) or hidden (0); his coins */
    Money coin = mg->coin;
    if (moving && mg->step == MS_INTRO)
        man = coins = 0;
    else if (moving && mg->step == MS_SHOW)
        man = span(u, 0.0f, 0.35f), coins = span(u, 0.35f, 0.8f);
    else if (moving && mg->step == MS_REVEAL) { /* he hides, then shows other coins */
        man = u < 0.35f ? 1 - span(u, 0.0f, 0.3f) : span(u, 0.6f, 0.85f);
        coins = u < 0.35f ? 1 - span(u, 0.0f, 0.25f) : span(u, 0.7f, 0.95f);
        if (u < 0.5f && mg->offers >= 2)
            coin = mg->shown[mg->offers - 2];
    }
    const float bob = waiting(f) ? 6 * sinf((float)now * 0.08f) : 0;
    gfx_image(g, f->mini_art[MA_LEPRECHAUN_HIDDEN], 650, 300, 0, 0, 1 - man);
    gfx_image(g, f->mini_art[MA_LEPRECHAUN], 650, 300 + 40 * (1 - man) + bob, 0, 0, man);
    static const float cx[3] = {1040, 1180, 1110}, cy[3] = {350, 330, 450};
    const bool accepted = moving && (mg->step == MS_ACCEPT || mg->step == MS_END);
    for (int i = 0; i < 3; i++) {
        const float a = clamp01(coins * 3 - (float)i);
        const float lift = accepted ? 30 * span(u, 0.0f, 0.4f) : 0;
        const float zoom = 0.6f + 0.4f * a + (accepted ? 0.1f * sinf((float)now * 0.3f + (float)i) : 0);
        if (a > 0)
            gfx_image_zoom(g, f->mini_art[MA_COIN], cx[i], cy[i] - lift - bob * (float)(i + 1) * 0.3f, zoom, a);
    }
    if (coins > 0.5f && !ending(f)) {
        char t[32];
        app_money_text(coin, t, sizeof t);
        GfxText s = {.font = f->f_big, .color = GOLD, .align = GFX_CENTER, .valign = GFX_MIDDLE, .shadow = true,
                     .floor = 0.5f};
        gfx_text_box(g, (SDL_FRect){970, 530, 300, 70}, &s, t);
    }
    char t[96], nb[32];
    if (accepted && mg->bonuses) {
        lang_fill(t, sizeof t, lang_trn("+ BONUS PRIZE: {1} BONUS", "+ BONUS PRIZE: {1} BONUSES", mg->bonuses),
                  fruit_play_count(mg->bonuses, nb, sizeof nb), NULL);
        band(f, f->f_small, 610, 44, GOLD, t);
    } else if (!accepted && mg->step != MS_INTRO) {
        lang_fill(t, sizeof t, mg->left > 0 ? _("REFUSALS LEFT: {1}") : _("THE LAST OFFER"),
                  fruit_play_count(mg->left, nb, sizeof nb), NULL);
        GfxText s = {.font = f->f_small, .color = CREAM, .align = GFX_CENTER, .valign = GFX_MIDDLE, .shadow = true,
                     .floor = 0.6f};
        gfx_text_box(g, (SDL_FRect){970, 606, 300, 44}, &s, t);
    }
    /* the prizes refused, as a bonus prize may complement a poorer one */
    int n = 0;
    char m[32];
    t[0] = 0;
    for (int i = 0; i + 1 < mg->offers && i < 2; i++) {
        app_money_text(mg->shown[i], m, sizeof m);
        n += snprintf(t + n, sizeof t - (size_t)n, "%s%s", n ? ", " : _("REFUSED: "), m);
    }
    if (t[0])
        plated_band(f, f->f_tiny, 700, 36, (SDL_Color){220, 200, 170, 255}, t);
}

/* ---- Find the Prizes ---------------------------------------------------------------------- */

static SDL_FPoint find_at(int i) { return (SDL_FPoint){COL_CX(i % 3), FIND_CY(i / 3)}; }

static void draw_find(Fruit *f, uint64_t now)
{
    Gfx *g = app_gfx(f->app);
    const FruitMini *mg = &f->play.mini;
    const float u = phase_u(f, now);
    const float in = f->play.phase == FP_MINI && mg->step == MS_INTRO ? span(u, 0.4f, 0.9f) : 1;
    GfxText s = {.font = f->f_mid, .align = GFX_CENTER, .valign = GFX_MIDDLE, .shadow = true, .floor = 0.5f};
    for (int i = 0; i < MINI_ITEMS; i++) {
        const SDL_FPoint p = find_at(i);
        const bool open = (mg->uncovered >> i & 1u) != 0, hover = waiting(f) && mg->hover == i;
        if (!open) {
            const bool lit = waiting(f) && ((now / 6 + (uint64_t)i * 7) % 13) < 4;
            if (hover)
                gfx_frame(g, (SDL_FRect){p.x - 78, p.y - 78, 156, 156}, 4, (SDL_Color){255, 240, 150, 255});
            gfx_image(g, f->mini_art[lit || hover ? MA_ELEMENT_LIT : MA_ELEMENT], p.x - 85, p.y - 85, 170, 170, in);
            if (waiting(f))
                key_number(f, p.x + 54, p.y + 54, i + 1, hover);
            continue;
        }
        float zoom = 1;
        if (f->play.phase == FP_MINI && mg->step == MS_REVEAL && mg->pick == i)
            zoom = 0.5f + 0.5f * span(u, 0.0f, 0.3f) + 0.12f * sinf(clamp01(u / 0.45f) * 3.14159f);
        const int label = mg->label[i];
        const MiniArt art = label == PICK_STOP ? MA_PLAQUE_STOP : label == PICK_STOP_DOUBLE ? MA_PLAQUE_STOPX2
                                                                                             : MA_PLAQUE_PRIZE;
        gfx_image_zoom(g, f->mini_art[art], p.x, p.y, zoom * FIND_SIZE / 170.0f, 1);
        char t[32];
        if (label == PICK_PRIZE)
            app_money_text(mg->opened[i], t, sizeof t);
        s.color = label == PICK_PRIZE ? (SDL_Color){70, 34, 8, 255} : (SDL_Color){255, 255, 255, 255};
        s.shadow = label != PICK_PRIZE;
        if (zoom > 0.8f && !(ending(f) && i / 3 == 1))
            gfx_text_box(g, (SDL_FRect){p.x - 52, p.y - 26, 104, 52}, &s,
                         label == PICK_STOP ? _("STOP") : label == PICK_STOP_DOUBLE ? _("STOP X2") : t);
    }
    if (mg->step != MS_INTRO) {
        char t[64], m[32];
        app_money_text(mg->gathered, m, sizeof m);
        lang_fill(t, sizeof t, _("GATHERED: {1}"), m, NULL);
        plated_band(f, f->f_small, 742, 44, GOLD, t);
    }
}

/* ---- Discover the Treasure ---------------------------------------------------------------- */

/* Which of the nine the reels' prize r came from (the first of its amount not taken). */
static int treasure_source(const FruitMini *mg, int r)
{
    uint32_t used = 0;
    int at = -1;
    for (int k = 0; k <= r; k++) {
        at = -1;
        for (int i = 0; i < MINI_ITEMS && at < 0; i++)
            if (!(used >> i & 1u) && mg->shown[i] == mg->reel[k])
                at = i;
        if (at >= 0)
            used |= 1u << at;
    }
    return at;
}

/* Where the reels' prize r (its chest above its plate) stands at u of the show: from where it
 * stood among the nine to its reel's middle, then the shuffle: the outer two turn once round
 * the middle one, opposite each other on an ellipse 100 pixels high, so no plate ever passes
 * over another's words (they meet across only 60 pixels or more apart in height). */
static SDL_FPoint treasure_at(const FruitMini *mg, int r, bool show, float u)
{
    SDL_FPoint p = {COL_CX(r), TREASURE_CY(1)};
    if (show && u < 0.60f) {
        const int s = treasure_source(mg, r);
        const float k = span(u, 0.45f, 0.60f);
        const float sx = s >= 0 ? COL_CX(s % 3) : p.x, sy = s >= 0 ? TREASURE_CY(s / 3) : p.y;
        p = (SDL_FPoint){sx + (p.x - sx) * k, sy + (p.y - sy) * k};
    } else if (show && u < 0.78f && r != 1) {
        const float a = (u - 0.60f) / 0.18f * 3.14159f * 2, side = r == 0 ? 1.0f : -1.0f;
        p.x = COL_CX(1) - side * (float)FR_REEL_PITCH * cosf(a);
        p.y -= side * 100 * sinf(a);
    }
    return p;
}

/* The reels' three chests, the farthest (highest) first: all before any prize's plate. */
static void treasure_chests(Fruit *f, bool show, float u)
{
    const FruitMini *mg = &f->play.mini;
    int order[3] = {0, 1, 2};
    SDL_FPoint at[3];
    for (int r = 0; r < 3; r++)
        at[r] = treasure_at(mg, r, show, u);
    for (int i = 1; i < 3; i++)
        for (int j = i; j > 0 && at[order[j]].y < at[order[j - 1]].y; j--) {
            const int t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
    for (int i = 0; i < 3; i++)
        if ((mg->uncovered >> order[i] & 1u) || show)
            gfx_image(app_gfx(f->app), f->mini_art[MA_TREASURE], at[order[i]].x - 80, at[order[i]].y - 150, 160,
                      160, 1);
}

static void draw_treasure(Fruit *f, uint64_t now)
{
    Gfx *g = app_gfx(f->app);
    const FruitMini *mg = &f->play.mini;
    const bool show = f->play.phase == FP_MINI && mg->step == MS_SHOW, intro = f->play.phase == FP_MINI && mg->step == MS_INTRO;
    const bool reveal = f->play.phase == FP_MINI && mg->step == MS_REVEAL;
    const float u = phase_u(f, now);
    if (intro)
        return;
    if (show && u < 0.45f) { /* the nine, one by one; then all but three go */
        uint32_t kept = 0;
        for (int r = 0; r < 3; r++) {
            const int s = treasure_source(mg, r);
            kept |= s >= 0 ? 1u << s : 0;
        }
        for (int i = 0; i < MINI_ITEMS; i++) {
            const float a = span(u, 0.02f + (float)i * 0.025f, 0.06f + (float)i * 0.025f) *
                            ((kept >> i & 1u) ? 1 : 1 - span(u, 0.30f, 0.42f));
            plate(f, COL_CX(i % 3), TREASURE_CY(i / 3), 180, mg->shown[i], a, false);
        }
        return;
    }
    const float caps = show ? span(u, 0.80f, 0.95f) : 1;
    treasure_chests(f, show, u);
    for (int r = 0; r < 3; r++) {
        const SDL_FPoint p = treasure_at(mg, r, show, u);
        float lift = 0;
        if (reveal)
            lift = r == mg->pick ? span(u, 0.0f, 0.35f) : span(u, 0.55f, 0.85f);
        const bool open = (mg->uncovered >> r & 1u) != 0;
        if (show)
            plate(f, p.x, p.y + 40, 180, mg->reel[r], 1 - caps, false);
        else if (open && (!reveal || lift > 0.5f))
            plate(f, p.x, p.y + 40, 180, mg->opened[r], 1, r != mg->pick && !(mg->taken >> r & 1u));
        if (open && !reveal)
            continue;
        const float cap_y = FR_REEL_Y - 640 * (1 - caps) - 620 * lift;
        const float cx = (float)(FR_REEL_X + r * FR_REEL_PITCH);
        const bool hover = waiting(f) && mg->hover == r;
        if (waiting(f)) {
            const float glow = 0.5f + 0.5f * sinf((float)now * 0.15f + (float)r);
            gfx_frame(g, (SDL_FRect){cx - 4, FR_REEL_Y - 4, FR_CELL + 8, 608}, 4,
                      (SDL_Color){255, 220, 90, (Uint8)(hover ? 255 : 80 + 120 * glow)});
        }
        gfx_clip(g, &(SDL_FRect){BOARD_X, BOARD_Y, BOARD_W, BOARD_H}); /* it rises out of the window */
        gfx_image(g, f->mini_art[MA_CAP], cx, cap_y, 0, 0, 1 - 0.4f * lift);
        gfx_clip(g, NULL);
        if (waiting(f))
            key_number(f, COL_CX(r), TREASURE_CY(1) + 200, r + 1, hover);
    }
}

/* ---- the board ------------------------------------------------------------------------------ */

int fruit_mini_hit(const Fruit *f, float x, float y)
{
    switch (f->play.mini.game) {
    case MINI_STRAWBERRY:
        for (int i = 0; i < 3; i++)
            if (x >= COL_CX(i) - 96 && x < COL_CX(i) + 96 && y >= BASKET_Y - 6 && y < BASKET_Y + 216)
                return i;
        return -1;
    case MINI_FIND:
        for (int i = 0; i < MINI_ITEMS; i++) {
            const SDL_FPoint p = find_at(i);
            if (fabsf(x - p.x) < FIND_SIZE / 2 && fabsf(y - p.y) < FIND_SIZE / 2)
                return i;
        }
        return -1;
    case MINI_TREASURE:
        for (int c = 0; c < 3; c++)
            if (x >= (float)(FR_REEL_X + c * FR_REEL_PITCH) && x < (float)(FR_REEL_X + c * FR_REEL_PITCH + FR_CELL) &&
                y >= FR_REEL_Y && y < FR_REEL_Y + 600)
                return c;
        return -1;
    default:
        return -1;
    }
}

static const char *const titles[MINI__COUNT] = {"", N_("STRAWBERRY"), N_("THREE CHOICES"), N_("FIND THE PRIZES"),
                                                N_("DISCOVER THE TREASURE")};

/* A minigame's name in the language spoken (none for no minigame: "" is not a word to look up). */
static const char *title(int game) { return game > MINI_NONE && game < MINI__COUNT ? _(titles[game]) : ""; }

/* What it paid, on an opaque plate placed clear of the words left on the board: where the
 * Strawberry's sign was (the plate replaces it), over the middle of Three Choices and Find
 * the Prizes (whose words there give way to it), under Discover the Treasure's prizes. */
static void end_plate(Fruit *f, uint64_t now)
{
    Gfx *g = app_gfx(f->app);
    const FruitMini *mg = &f->play.mini;
    const float y = mg->game == MINI_STRAWBERRY ? END_Y_STRAWBERRY : mg->game == MINI_TREASURE ? END_Y_TREASURE
                                                                                            : END_Y_MIDDLE;
    const SDL_FRect r = {BOARD_X + 40, y, BOARD_W - 80, mg->bonuses ? END_H : END_H - 38};
    gfx_rect(g, r, (SDL_Color){20, 8, 30, 255});
    gfx_frame(g, r, 4, GOLD);
    gfx_cover(g, r);
    char t[96], m[32], nb[32];
    lang_fill(t, sizeof t, _("{1} PAYS"), title(mg->game), NULL);
    band(f, f->f_small, y + 8, 38, CREAM, t);
    app_money_text(mg->paid, m, sizeof m);
    const float z = 1 + 0.04f * sinf((float)now * 0.25f);
    GfxText s = {.font = f->f_banner, .color = GOLD, .align = GFX_CENTER, .valign = GFX_MIDDLE, .shadow = true,
                 .floor = 0.5f};
    gfx_text_box(g, (SDL_FRect){BOARD_X + 60, y + 46, (BOARD_W - 120) * z, 78}, &s, m);
    if (mg->bonuses) {
        lang_fill(t, sizeof t, lang_trn("AND {1} BONUS", "AND {1} BONUSES", mg->bonuses),
                  fruit_play_count(mg->bonuses, nb, sizeof nb), NULL);
        band(f, f->f_small, y + 126, 38, CREAM, t);
    }
}

void fruit_mini_draw(Fruit *f, uint64_t now)
{
    const FruitMini *mg = &f->play.mini;
    if (!mg->game)
        return;
    Gfx *g = app_gfx(f->app);
    const float u = phase_u(f, now);
    const bool intro = f->play.phase == FP_MINI && mg->step == MS_INTRO;
    const bool end = f->play.phase == FP_MINI && mg->step == MS_END;
    const float drop = intro ? span(u, 0.0f, 0.25f) : end ? 1 - span(u, 0.85f, 1.0f) : 1;
    gfx_clip(g, &(SDL_FRect){BOARD_X, BOARD_Y, BOARD_W, BOARD_H}); /* it comes down into the window */
    gfx_image(g, mg->game == MINI_TREASURE ? f->treasure_board : f->mini_art[MA_BOARD], BOARD_X,
              BOARD_Y - 640 * (1 - drop), 0, 0, 1);
    gfx_clip(g, NULL);
    gfx_cover(g, (SDL_FRect){BOARD_X, BOARD_Y - 640 * (1 - drop), BOARD_W, BOARD_H});
    if (drop < 1)
        return;
    if (mg->game != MINI_TREASURE && !intro)
        band(f, f->f_mid, 194, 50, GOLD, title(mg->game));
    switch (intro ? MINI_NONE : mg->game) {
    case MINI_NONE:
        break;
    case MINI_STRAWBERRY:
        draw_strawberry(f, now);
        break;
    case MINI_CHOICES:
        draw_choices(f, now);
        break;
    case MINI_FIND:
        draw_find(f, now);
        break;
    default:
        draw_treasure(f, now);
        break;
    }
    if (intro) { /* its name, large, and what it replaces */
        const float a = span(u, 0.2f, 0.5f);
        if (a > 0.5f) {
            char t[96], m[32];
            GfxText s = {.font = f->f_banner, .color = GOLD, .align = GFX_CENTER, .valign = GFX_MIDDLE, .shadow = true,
                         .wrap = true, .floor = 0.4f};
            gfx_text_box(g, (SDL_FRect){BOARD_X + 30, 380, BOARD_W - 60, 200}, &s, title(mg->game));
            app_money_text(mg->most, m, sizeof m);
            lang_fill(t, sizeof t, _("UP TO {1}"), m, NULL);
            band(f, f->f_mid, 600, 60, CREAM, t);
        }
    }
    if (end)
        end_plate(f, now);
}
