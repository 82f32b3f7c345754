/* input.h - what the player did, as the platform hands it to the app: the pointer moved,
 * pressed or let go at a canvas position, or a key went down with its modifiers. The
 * screen's events become Inputs in screen.c, a button deck's in deck_sdl.c (through the
 * deck's mapping, app/deck.c); the app hands them to the scene and to recordings
 * (core/recording.c). Plain C, in the play core: a key is SDL's keycode (SDL_Keycode is an
 * int32) and its modifiers SDL's KMOD_ bits (a Uint16), which only the platform names. */
#ifndef SLOTCAB_INPUT_H
#define SLOTCAB_INPUT_H

#include <stdint.h>

/* What the player did, in canvas coordinates. */
typedef enum InputType { INPUT_MOVE, INPUT_PRESS, INPUT_RELEASE, INPUT_KEY } InputType;
typedef struct Input {
    InputType type;
    float x, y;      /* canvas position (mouse) */
    int32_t key;     /* INPUT_KEY: SDL's keycode */
    uint16_t mod;    /* INPUT_KEY: SDL's KMOD_ bits held */
} Input;

#endif
