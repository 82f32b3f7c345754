/* fruit_deck.c - the fruit machine's button deck: ADVANCE/HOLD under each reel, COLLECT,
 * PLAY, AUTO, BET, AUTO-PLAY, AUTO-RISK, GAME, the bet chips (or the upper game's plates)
 * and the icons at the top right. What the deck shows is first written down (DeckFace: each
 * button's words, key and pilot lamp, the held reels, the chip chosen), hashed, and the
 * deck drawn into a cached picture only when that changes (gfx_cache_begin); most frames
 * copy it.
 *
 * Legibility: the caps are cream (PLAY's a light green), so their labels are dark ink (at
 * least 4.5:1 against the cap); a disabled cap is a dimmer grey and its label a dark grey (still 4.5:1), so it reads
 * as disabled and stays legible. A chip's amount is written inside its red disc in white
 * over a dark red (a grey disc when disabled), and the chip chosen is ringed round from
 * outside (the ring drawn first, so it never crosses the amount). */
#include "fruit_priv.h"

#include <stdio.h>
#include <string.h>

static const SDL_Color INK = {52, 26, 4, 255}, INK_OFF = {20, 20, 20, 255}, CHIP_INK = {255, 255, 255, 255},
                       CHIP_INK_OFF = {24, 24, 24, 255}, CHIP_PLUS = {255, 236, 150, 255};

/* What the deck shows now, in words and states. */
typedef struct DeckFace {
    const char *label[FB__COUNT];
    const char *key[FB__COUNT];
    int lamp[FB__COUNT];      /* -1 none, 0 off, 1 on, 2 green */
    bool held[FR_REELS];      /* lit red round the button */
    int collect_fill;         /* the held COLLECT's bar, in pixels (-1: none) */
    int chosen;               /* the chip chosen (-1: none) */
    char plate[FR_CHIPS][2][64]; /* the upper game's plates: money, Bonuses (or a chip's label) */
} DeckFace;

static void deck_face(Fruit *f, uint64_t now, DeckFace *d)
{
    memset(d, 0, sizeof *d);
    for (int i = 0; i < FB__COUNT; i++)
        d->lamp[i] = -1;
    const uint32_t allowed = f->play.phase == FP_WAIT ? machine_allowed(f->play.m) : 0;
    static const char *const mini_reel[MINI__COUNT] = {NULL, N_("BASKET"), NULL, N_("ELEMENT"), N_("CAP")};
    const char *reel_word = allowed & 1u << CMD_HOLD                       ? N_("HOLD")
                            : allowed & 1u << CMD_PICK && f->play.mini.game ? mini_reel[f->play.mini.game]
                            : allowed & 1u << CMD_PICK                      ? N_("LID")
                                                                            : N_("ADVANCE / HOLD");
    const char *reel_label = reel_word ? _(reel_word) : NULL; /* (Three Choices' reels choose nothing) */
    static const char *const keys[] = {"1", "2", "3"};
    for (int c = 0; c < FR_REELS; c++) {
        d->held[c] = (allowed & 1u << CMD_HOLD) && (f->play.hold_sel >> c & 1u);
        d->label[FB_HOLD1 + c] = d->held[c] ? _("HELD") : reel_label;
        d->key[FB_HOLD1 + c] = keys[c];
        d->lamp[FB_HOLD1 + c] = (allowed & 1u << CMD_HOLD) ? d->held[c] : -1;
    }
    d->label[FB_AUTO] = _("AUTO");
    d->key[FB_AUTO] = "A";
    d->lamp[FB_AUTO] = f->play.auto_adv ? 1 : (now / 20) % 2 == 0;
    const bool choices = f->play.mini.game == MINI_CHOICES;
    d->label[FB_COLLECT] = choices && (allowed & 1u << CMD_COLLECT) ? _("ACCEPT") : _("COLLECT");
    d->key[FB_COLLECT] = "C";
    d->collect_fill = -1;
    if (f->collect_held_t0 && f->btn[FB_COLLECT].down) { /* held: all of it, when full */
        const float u = (float)(now - f->collect_held_t0) / (float)FR_HOLD_ALL_TICKS;
        d->collect_fill = (int)((f->btn[FB_COLLECT].r.w - 16) * (u > 1 ? 1 : u));
    }
    d->label[FB_PLAY] = _(allowed & 1u << CMD_RISK && choices              ? N_("REFUSE")
                          : allowed & 1u << CMD_RISK                       ? N_("PLAY / ACCUMULATE")
                          : allowed & 1u << CMD_PICK && f->play.mini.game ? N_("CHOOSE")
                          : allowed & 1u << CMD_PICK                       ? N_("PICK")
                          : fruit_reels_turning(f)                         ? N_("STOP")
                                                                           : N_("PLAY"));
    d->key[FB_PLAY] = f->space_plays ? _("SPACE") : _("ENTER");
    d->label[FB_BET] = _("BET");
    d->key[FB_BET] = "B";
    d->label[FB_AUTOPLAY] = _("AUTO-PLAY");
    d->key[FB_AUTOPLAY] = "P";
    d->lamp[FB_AUTOPLAY] = f->autoplay.active ? 2 : 0;
    d->label[FB_AUTORISK] = _("AUTO-RISK");
    d->key[FB_AUTORISK] = "R";
    d->lamp[FB_AUTORISK] = f->auto_risk ? 2 : 0;
    if (f->btn[FB_GAME].visible) {
        d->label[FB_GAME] = fruit_is_upper(f) ? _("LOWER GAME") : _("UPPER GAME");
        d->key[FB_GAME] = "G";
        d->lamp[FB_GAME] = fruit_is_upper(f) ? 2 : 0;
    }
    d->chosen = -1;
    for (int i = 0; i < FR_CHIPS; i++) {
        if (!f->btn[FB_CHIP + i].visible)
            continue;
        if (fruit_chip_value(f, i) == f->bet.v[fruit_chip_option(f)])
            d->chosen = i;
        if (f->play.shown_upper) {
            app_money_text(fruit_plate_money(f, f->plates[i]), d->plate[i][0], sizeof d->plate[i][0]);
            snprintf(d->plate[i][1], sizeof d->plate[i][1], "+%lld", (long long)fruit_plate_bonuses(f, f->plates[i]));
        } else {
            snprintf(d->plate[i][0], sizeof d->plate[i][0], "%s", f->chip_label[i]);
        }
    }
}

static uint64_t face_hash(const Fruit *f, const DeckFace *d)
{
    uint64_t h = GFX_HASH_START;
    for (int i = 0; i < FB__COUNT; i++) {
        h = button_hash(h, &f->btn[i]);
        h = gfx_hash_str(h, d->label[i] ? d->label[i] : "");
        h = gfx_hash_str(h, d->key[i] ? d->key[i] : "");
    }
    for (int i = 0; i < FB__COUNT; i++) { /* a lamp moves its label; whether it is lit is not kept */
        const bool has = d->lamp[i] >= 0;
        h = gfx_hash(h, &has, sizeof has);
    }
    h = gfx_hash(h, d->held, sizeof d->held);
    h = gfx_hash(h, &d->collect_fill, sizeof d->collect_fill);
    h = gfx_hash(h, &d->chosen, sizeof d->chosen);
    return gfx_hash(h, d->plate, sizeof d->plate);
}

/* A deck button: its picture, its words and its key on a little keycap (its pilot lamp is
 * drawn over the kept picture: deck_lamps). */
static void deck_button(Fruit *f, const DeckFace *d, int id)
{
    Gfx *g = app_gfx(f->app);
    const Button *b = &f->btn[id];
    const int lamp = d->lamp[id];
    button_draw(g, b);
    const bool play = id == FB_PLAY;
    const float rx = play ? 26 : 16, lx = lamp >= 0 ? 44 : rx + 2; /* clear of the lamp and of the cap's rim */
    /* a long label goes onto two lines rather than shrinking (PLAY's large one may shrink) */
    GfxText t = {.font = play ? f->f_mid : f->f_tiny, .color = b->enabled ? INK : INK_OFF, .align = GFX_CENTER,
                 .valign = GFX_MIDDLE, .wrap = true, .floor = play ? 0.6f : 0.9f};
    gfx_text_box(g, (SDL_FRect){b->r.x + lx, b->r.y + 8, b->r.w - lx - rx, b->r.h - 34}, &t, d->label[id]); /* above the keycap */
    /* 64 px, or wider for a longer key word (Spanish ESPACIO) so it keeps its 16 px */
    const float capw = SDL_max(64.0f, d->key[id] ? gfx_text_width(g, f->f_key, d->key[id]) + 10 : 0);
    const SDL_FRect cap = {b->r.x + b->r.w / 2 - capw / 2, b->r.y + b->r.h - 24, capw, 20};
    gfx_rect(g, cap, (SDL_Color){20, 10, 6, 255});
    gfx_cover(g, cap);
    GfxText k = {.font = f->f_key, .color = {240, 222, 186, 255}, .align = GFX_CENTER, .valign = GFX_MIDDLE};
    gfx_text_box(g, (SDL_FRect){cap.x + 2, cap.y + 1, cap.w - 4, cap.h - 2}, &k, d->key[id]);
}

/* The chosen chip's gold ring, drawn before the chip: it rings the disc round from outside
 * and never crosses the amount written on it. */
static void deck_chip_ring(Fruit *f, int i)
{
    const SDL_FRect r = f->btn[FB_CHIP + i].r;
    const float s = r.w * (118.0f / 110), cx = r.x + r.w * (55.0f / 110), cy = r.y + r.h * (53.0f / 110);
    gfx_image(app_gfx(f->app), f->chip_ring, cx - s / 2, cy - s / 2, s, s, 1);
}

/* A chip: its amount inside the red disc (the upper game's plate: its money, and its Bonuses
 * under it, both at least the theme's 16 pixels: 20 px type fitted down to 0.8 at most). The
 * disc is the chip's middle 76 % across (the art's). */
/* The amount as it fits the plate's width w at the floor, a whole one without its cents if it
 * must ("10,00 €" -> "10 €": Spanish money is a character longer; English fits as it is). */
static const char *plate_amount(Fruit *f, const char *s, float w, char *out, size_t size)
{
    const char *cents = strstr(s, ",00");
    if (!cents)
        cents = strstr(s, ".00");
    if (!cents || gfx_text_width(app_gfx(f->app), f->f_tiny, s) * 0.8f <= w)
        return s;
    snprintf(out, size, "%.*s%s", (int)(cents - s), s, cents + 3);
    return out;
}

static void deck_chip(Fruit *f, const DeckFace *d, int i)
{
    Gfx *g = app_gfx(f->app);
    const Button *b = &f->btn[FB_CHIP + i];
    button_draw(g, b);
    const float cx = b->r.x + b->r.w * (55.0f / 110), cy = b->r.y + b->r.h * (53.0f / 110);
    const float rad = b->r.w * (42.0f / 110);
    GfxText v = {.font = f->f_tiny, .color = b->enabled ? CHIP_INK : CHIP_INK_OFF, .align = GFX_CENTER,
                 .valign = GFX_MIDDLE, .shadow = b->enabled, .floor = 0.8f};
    if (f->play.shown_upper) { /* two lines, each within the disc at its height */
        char whole[sizeof d->plate[i][0]];
        gfx_text_box(g, (SDL_FRect){cx - rad * 0.88f, cy - rad * 0.54f, rad * 1.76f, rad * 0.52f}, &v,
                     plate_amount(f, d->plate[i][0], rad * 1.76f, whole, sizeof whole));
        v.font = f->f_key;
        v.floor = 1;
        v.color = b->enabled ? CHIP_PLUS : CHIP_INK_OFF;
        gfx_text_box(g, (SDL_FRect){cx - rad * 0.72f, cy + rad * 0.06f, rad * 1.44f, rad * 0.46f}, &v, d->plate[i][1]);
    } else {
        gfx_text_box(g, (SDL_FRect){cx - rad * 0.88f, cy - rad * 0.34f, rad * 1.76f, rad * 0.68f}, &v, d->plate[i][0]);
    }
}

static void deck_paint(Fruit *f, const DeckFace *d)
{
    Gfx *g = app_gfx(f->app);
    for (int c = 0; c < FR_REELS; c++) {
        deck_button(f, d, FB_HOLD1 + c);
        if (d->held[c]) /* a held reel's button lit red, as its lamp */
            gfx_frame(g, f->btn[FB_HOLD1 + c].r, 4, (SDL_Color){255, 60, 40, 255});
    }
    deck_button(f, d, FB_AUTO);
    deck_button(f, d, FB_COLLECT);
    if (d->collect_fill >= 0) {
        const SDL_FRect r = f->btn[FB_COLLECT].r;
        gfx_rect(g, (SDL_FRect){r.x + 8, r.y + r.h - 14, (float)d->collect_fill, 8}, (SDL_Color){255, 220, 80, 255});
    }
    static const int rest[] = {FB_PLAY, FB_BET, FB_AUTOPLAY, FB_AUTORISK, FB_GAME};
    for (size_t i = 0; i < SDL_arraysize(rest); i++)
        if (f->btn[rest[i]].visible)
            deck_button(f, d, rest[i]);
    if (d->chosen >= 0)
        deck_chip_ring(f, d->chosen);
    for (int i = 0; i < FR_CHIPS; i++)
        if (f->btn[FB_CHIP + i].visible)
            deck_chip(f, d, i);
}

#define DECK_Y 852.0f /* the deck's top: under the cabinet's frame */

/* The pilot lamps, every frame over the deck's picture (AUTO's blinks). */
static void deck_lamps(Fruit *f, const DeckFace *d)
{
    Gfx *g = app_gfx(f->app);
    for (int i = 0; i < FB__COUNT; i++) {
        const Button *b = &f->btn[i];
        if (d->lamp[i] < 0 || !b->visible)
            continue;
        gfx_image(g, f->dot[d->lamp[i] > 0], b->r.x + 12, b->r.y + b->r.h / 2 - 14, 28, 28, 1);
        if (d->lamp[i] == 2)
            gfx_rect(g, (SDL_FRect){b->r.x + 18, b->r.y + b->r.h / 2 - 8, 16, 16}, (SDL_Color){40, 255, 90, 200});
    }
}

void fruit_draw_deck(Fruit *f, uint64_t now)
{
    Gfx *g = app_gfx(f->app);
    DeckFace d;
    deck_face(f, now, &d);
    const SDL_FRect area = {0, DECK_Y, GFX_W, GFX_H - DECK_Y};
    if (gfx_cache_begin(g, &f->deck_cache, area, face_hash(f, &d))) {
        gfx_image_part(g, f->backdrop, area);
        deck_paint(f, &d);
        gfx_cache_end(g, &f->deck_cache);
    }
    deck_lamps(f, &d);
    /* the icons at the top right, cached on their own */
    uint64_t key = GFX_HASH_START;
    for (int i = FB_INFO; i <= FB_HOME; i++)
        key = button_hash(key, &f->btn[i]);
    const SDL_FRect top = {1280, 16, 640, 88};
    if (gfx_cache_begin(g, &f->icons_cache, top, key)) {
        gfx_image_part(g, f->backdrop, top);
        for (int i = FB_INFO; i <= FB_HOME; i++)
            button_draw(g, &f->btn[i]);
        gfx_cache_end(g, &f->icons_cache);
    }
}
