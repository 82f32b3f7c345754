/* input.h - what the player did, as the platform hands it to the app: the pointer moved,
 * pressed or let go at a canvas position, or a key went down with its modifiers. The
 * screen's events become Inputs in screen.c, a button deck's in deck_sdl.c (through the
 * deck's mapping, app/deck.c); the app hands them to the scene and to recordings. */
#ifndef SLOTCAB_INPUT_H
#define SLOTCAB_INPUT_H

#include <SDL.h>

/* What the player did, in canvas coordinates. */
typedef enum InputType { INPUT_MOVE, INPUT_PRESS, INPUT_RELEASE, INPUT_KEY } InputType;
typedef struct Input {
    InputType type;
    float x, y;      /* canvas position (mouse) */
    SDL_Keycode key; /* INPUT_KEY */
    Uint16 mod;      /* INPUT_KEY: KMOD_ bits held */
} Input;

#endif
