/* keypad.h - the operator door's keypad: ten digit keys, backspace, CLEAR and ENTER drawn on
 * the canvas, clicked with the mouse or typed (0-9 on either keyboard row or the keypad,
 * Backspace, Delete for CLEAR, Enter). What is typed is shown as dots, never as digits.
 *
 * The typed digits live only in the Keypad (at most KEYPAD_MAX); keypad_clear() wipes them. */
#ifndef SLOTCAB_KEYPAD_H
#define SLOTCAB_KEYPAD_H

#include "app.h"
#include "gfx.h"
#include "opdoor.h"

#include <stdbool.h>

#define KEYPAD_MAX OPDOOR_PIN_MAX
#define KEYPAD_KEYS 13 /* 1-9, backspace, 0, CLEAR, ENTER */

typedef struct KeypadLook {
    GfxFont digit, label; /* key faces: digits, and CLEAR / ENTER */
    GfxFont dots;         /* the typed PIN's dots */
} KeypadLook;

typedef struct Keypad {
    float x, y;                 /* top left of the keys on the canvas */
    char digits[KEYPAD_MAX + 1]; /* what is typed, NUL-terminated */
    int n;
    bool enabled;               /* false: drawn dimmed, takes nothing (a lock-out) */
    int hover, down;            /* the key under the mouse / held down; -1: none */
} Keypad;

typedef enum KeypadEvent { KEYPAD_NONE, KEYPAD_TYPED, KEYPAD_ENTER } KeypadEvent;

/* On the canvas: the display (KEYPAD_DISPLAY_H high) at (x, y), room for a line of text
 * under it (KEYPAD_LINE_H), then the keys; KEYPAD_W x KEYPAD_H in all. */
#define KEYPAD_W 500.0f
#define KEYPAD_DISPLAY_H 110.0f
#define KEYPAD_LINE_H 64.0f
#define KEYPAD_H (KEYPAD_DISPLAY_H + KEYPAD_LINE_H + 5 * 88.0f + 4 * 16.0f)

void keypad_init(Keypad *k, float x, float y);
/* Feeds input: a digit, backspace or CLEAR changes what is typed (KEYPAD_TYPED); ENTER asks
 * for it to be checked (KEYPAD_ENTER). Keys with Ctrl or Alt held are not the keypad's. */
KeypadEvent keypad_input(Keypad *k, const Input *in);
void keypad_clear(Keypad *k);
/* The display (dots in a well, above the keys) and the keys. */
void keypad_draw(Gfx *g, const Keypad *k, const KeypadLook *look);
/* The rounded, framed panel a keypad sits on (also for the door's other screens and the
 * operator pages), with a shadow under it. */
void keypad_panel(Gfx *g, SDL_FRect r);
/* A rounded plate: a rim `rim` wide around a face (tabs, value chips, key caps). Opaque. */
void keypad_plate(Gfx *g, SDL_FRect r, float radius, float rim, SDL_Color rim_color,
                  SDL_Color face);

#endif
