/* keypad.c - the operator door's keypad, drawn with rectangles only (no art to load): keys
 * with rounded corners and a lit top edge, like a service panel's membrane keys, in the
 * operator pages' colours.
 *
 * Layout, from the top left (x, y): the display (the typed PIN as dots), then a 3 x 4 grid
 * 1 2 3 / 4 5 6 / 7 8 9 / backspace 0 CLEAR, then ENTER across the width. */
#include "keypad.h"
#include "lang.h"

#include <math.h>
#include <string.h>

#define KEY_GAP 16.0f
#define KEY_H 88.0f
#define KEY_W ((KEYPAD_W - 2 * KEY_GAP) / 3)
#define KEYS_TOP (KEYPAD_DISPLAY_H + KEYPAD_LINE_H)
#define KEY_PAD 8.0f /* a key's label keeps this far from its rim */

enum { KEY_BACK = 9, KEY_ZERO = 10, KEY_CLEAR = 11, KEY_ENTER = 12 };

static const SDL_Color GOLD = {255, 207, 74, 255}, CREAM = {255, 241, 200, 255},
                       DIM = {201, 169, 138, 255}, INK = {26, 14, 34, 255};

static SDL_FRect key_rect(const Keypad *k, int i)
{
    if (i == KEY_ENTER)
        return (SDL_FRect){k->x, k->y + KEYS_TOP + 4 * (KEY_H + KEY_GAP), KEYPAD_W, KEY_H};
    return (SDL_FRect){k->x + (float)(i % 3) * (KEY_W + KEY_GAP),
                       k->y + KEYS_TOP + (float)(i / 3) * (KEY_H + KEY_GAP), KEY_W, KEY_H};
}

static int key_at(const Keypad *k, float x, float y)
{
    for (int i = 0; i < KEYPAD_KEYS; i++) {
        SDL_FRect r = key_rect(k, i);
        if (x >= r.x && x < r.x + r.w && y >= r.y && y < r.y + r.h)
            return i;
    }
    return -1;
}

void keypad_init(Keypad *k, float x, float y)
{
    *k = (Keypad){.x = x, .y = y, .enabled = true, .hover = -1, .down = -1};
}

void keypad_clear(Keypad *k)
{
    volatile char *d = k->digits; /* wiped for real, not optimized away */
    for (size_t i = 0; i < sizeof k->digits; i++)
        d[i] = 0;
    k->n = 0;
}

static KeypadEvent press(Keypad *k, int key)
{
    if (!k->enabled || key < 0)
        return KEYPAD_NONE;
    if (key == KEY_ENTER)
        return KEYPAD_ENTER;
    if (key == KEY_CLEAR) {
        keypad_clear(k);
    } else if (key == KEY_BACK) {
        if (k->n > 0)
            k->digits[--k->n] = 0;
    } else if (k->n < KEYPAD_MAX) {
        k->digits[k->n++] = key == KEY_ZERO ? '0' : (char)('1' + key);
        k->digits[k->n] = 0;
    }
    return KEYPAD_TYPED;
}

/* The key a keyboard key stands for, or -1. */
static int key_of(SDL_Keycode c)
{
    if (c >= SDLK_1 && c <= SDLK_9)
        return (int)(c - SDLK_1);
    if (c >= SDLK_KP_1 && c <= SDLK_KP_9)
        return (int)(c - SDLK_KP_1);
    switch (c) {
    case SDLK_0:
    case SDLK_KP_0:
        return KEY_ZERO;
    case SDLK_BACKSPACE:
        return KEY_BACK;
    case SDLK_DELETE:
    case SDLK_KP_CLEAR:
        return KEY_CLEAR;
    case SDLK_RETURN:
    case SDLK_KP_ENTER:
        return KEY_ENTER;
    default:
        return -1;
    }
}

KeypadEvent keypad_input(Keypad *k, const Input *in)
{
    switch (in->type) {
    case INPUT_MOVE:
        k->hover = key_at(k, in->x, in->y);
        if (k->down >= 0 && k->hover != k->down)
            k->down = -1;
        return KEYPAD_NONE;
    case INPUT_PRESS:
        k->hover = key_at(k, in->x, in->y);
        k->down = k->enabled ? k->hover : -1;
        return KEYPAD_NONE;
    case INPUT_RELEASE: {
        int key = key_at(k, in->x, in->y);
        bool click = k->down >= 0 && key == k->down;
        k->down = -1;
        return click ? press(k, key) : KEYPAD_NONE;
    }
    case INPUT_KEY:
        if (in->mod & (KMOD_CTRL | KMOD_ALT | KMOD_GUI))
            return KEYPAD_NONE;
        return press(k, key_of(in->key));
    }
    return KEYPAD_NONE;
}

/* A rectangle with rounded corners, as rows of rectangles (all opaque, so overlaps do not
 * show). */
static void round_rect(Gfx *g, SDL_FRect r, float radius, SDL_Color c)
{
    for (float i = 0; i < radius; i += 1) {
        float dy = radius - i - 0.5f, dx = radius - sqrtf(radius * radius - dy * dy);
        gfx_rect(g, (SDL_FRect){r.x + dx, r.y + i, r.w - 2 * dx, 1.5f}, c);
        gfx_rect(g, (SDL_FRect){r.x + dx, r.y + r.h - i - 1.5f, r.w - 2 * dx, 1.5f}, c);
    }
    gfx_rect(g, (SDL_FRect){r.x, r.y + radius, r.w, r.h - 2 * radius}, c);
}

static SDL_Color mix(SDL_Color a, SDL_Color b, float t)
{
    return (SDL_Color){(Uint8)((float)a.r + ((float)b.r - (float)a.r) * t),
                       (Uint8)((float)a.g + ((float)b.g - (float)a.g) * t),
                       (Uint8)((float)a.b + ((float)b.b - (float)a.b) * t), 255};
}

/* The backspace sign: a tag pointing left with a cross in it. */
static void draw_backspace(Gfx *g, float cx, float cy, SDL_Color c)
{
    const SDL_FPoint tag[] = {{cx - 34, cy}, {cx - 14, cy - 20}, {cx + 30, cy - 20},
                              {cx + 30, cy + 20}, {cx - 14, cy + 20}, {cx - 34, cy}};
    gfx_polyline(g, tag, 6, 4, c);
    const SDL_FPoint a[] = {{cx - 4, cy - 9}, {cx + 14, cy + 9}};
    const SDL_FPoint b[] = {{cx - 4, cy + 9}, {cx + 14, cy - 9}};
    gfx_polyline(g, a, 2, 4, c);
    gfx_polyline(g, b, 2, 4, c);
}

static void draw_key(Gfx *g, const Keypad *k, const KeypadLook *look, int i)
{
    static const char *const faces[KEYPAD_KEYS] = {"1", "2", "3", "4", "5", "6", "7", "8", "9",
                                                   "", "0", N_("CLEAR"), N_("ENTER")};
    SDL_FRect r = key_rect(k, i);
    bool down = k->enabled && k->down == i, hover = k->enabled && k->hover == i;
    bool enter = i == KEY_ENTER;
    SDL_Color face = enter ? (SDL_Color){196, 146, 38, 255} : (SDL_Color){48, 30, 66, 255};
    if (hover)
        face = mix(face, enter ? GOLD : (SDL_Color){110, 74, 140, 255}, 0.45f);
    if (down)
        face = mix(face, INK, 0.35f);
    if (!k->enabled)
        face = mix(face, INK, 0.55f);
    SDL_Color rim = !k->enabled ? (SDL_Color){70, 52, 60, 255}
                    : hover     ? GOLD
                                : (SDL_Color){150, 112, 58, 255};
    float dy = down ? 3 : 0;
    round_rect(g, (SDL_FRect){r.x, r.y + 5, r.w, r.h}, 14, (SDL_Color){8, 4, 12, 255}); /* shadow */
    keypad_plate(g, (SDL_FRect){r.x, r.y + dy, r.w, r.h}, 14, 3, rim, face);
    if (!down && k->enabled) /* light from above */
        gfx_rect(g, (SDL_FRect){r.x + 16, r.y + 6, r.w - 32, 2}, mix(face, CREAM, 0.22f));
    SDL_Color ink = !k->enabled                     ? (SDL_Color){110, 92, 96, 255}
                    : enter                         ? INK
                    : i >= KEY_BACK && i != KEY_ZERO ? DIM
                                                    : CREAM;
    float cx = r.x + r.w / 2, cy = r.y + r.h / 2 + dy;
    if (i == KEY_BACK) {
        draw_backspace(g, cx, cy, ink);
        gfx_keep_clear(g, (SDL_FRect){cx - 36, cy - 22, 68, 44}, "the backspace sign");
        return;
    }
    /* the face inside the rim, less a margin */
    SDL_FRect face_box = {r.x + 3 + KEY_PAD, r.y + 3 + dy + 4, r.w - 6 - 2 * KEY_PAD, r.h - 6 - 8};
    GfxFont f = i < KEY_BACK || i == KEY_ZERO ? look->digit : look->label;
    gfx_text_box(g, face_box, &(GfxText){.font = f, .color = ink, .align = GFX_CENTER,
                                         .valign = GFX_MIDDLE}, i > KEY_ZERO ? _(faces[i]) : faces[i]);
}

void keypad_draw(Gfx *g, const Keypad *k, const KeypadLook *look)
{
    /* the display: a dark well with a dot per digit typed, places for the rest dimmed */
    SDL_FRect d = {k->x, k->y, KEYPAD_W, KEYPAD_DISPLAY_H};
    keypad_plate(g, d, 16, 3, (SDL_Color){150, 112, 58, 255}, (SDL_Color){10, 6, 16, 255});
    float step = (KEYPAD_W - 60) / KEYPAD_MAX, x0 = k->x + 30 + step / 2;
    float cy = k->y + KEYPAD_DISPLAY_H / 2;
    for (int i = 0; i < KEYPAD_MAX; i++) {
        float cx = x0 + (float)i * step;
        if (i < k->n) /* a dot in its place in the well */
            gfx_text_box(g, (SDL_FRect){cx - step / 2, d.y + 6, step, d.h - 12},
                         &(GfxText){.font = look->dots, .color = GOLD, .align = GFX_CENTER,
                                    .valign = GFX_MIDDLE},
                         "\xE2\x80\xA2");
        else /* a place for a digit: the first four brighter, as a PIN needs them */
            gfx_rect(g, (SDL_FRect){cx - 14, cy + 16, 28, 3},
                     i < OPDOOR_PIN_MIN ? (SDL_Color){120, 92, 70, 255}
                                        : (SDL_Color){60, 44, 58, 255});
    }
    for (int i = 0; i < KEYPAD_KEYS; i++)
        draw_key(g, k, look, i);
}

void keypad_panel(Gfx *g, SDL_FRect r)
{
    round_rect(g, (SDL_FRect){r.x, r.y + 8, r.w, r.h}, 26, (SDL_Color){6, 3, 10, 255});
    keypad_plate(g, r, 26, 3, (SDL_Color){120, 90, 52, 255}, (SDL_Color){30, 19, 42, 255});
}

void keypad_plate(Gfx *g, SDL_FRect r, float radius, float rim, SDL_Color rim_color,
                  SDL_Color face)
{
    round_rect(g, r, radius, rim_color);
    round_rect(g, (SDL_FRect){r.x + rim, r.y + rim, r.w - 2 * rim, r.h - 2 * rim},
               radius > rim ? radius - rim : 0, face);
}
