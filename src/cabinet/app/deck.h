/* deck.h - the button deck: a game controller's or an arcade encoder's inputs mapped to the
 * cabinet's actions, each action sent to the scene as the key it already answers to.
 *
 * The mapping is data: the built-in default (an Xbox-style pad and a 12-button encoder),
 * or a JSON settings file whose "controller" and "joystick" objects replace the default's
 * (docs/operator.md "The button deck", data/deck.json). A device's inputs come in as changes (a button
 * down or up, an axis's value, a hat's position) and go out as Inputs (INPUT_KEY). Most
 * actions send their key as the button goes down; SPIN and COLLECT behave as their on-screen
 * buttons: the key when the button is let go, or, held down long enough, the key with
 * KEY_HELD instead (and nothing when let go). No window and no SDL subsystem is needed here:
 * deck_sdl.c opens the devices and feeds their events in. */
#ifndef SLOTCAB_DECK_H
#define SLOTCAB_DECK_H

#include "error.h"
#include "input.h"
#include "keys.h"

#include <stdbool.h>
#include <stdint.h>

/* id, name in the settings file, key, modifiers, ticks held before the key with KEY_HELD */
#define DECK_ACTIONS(X)                                                   \
    X(SPIN, "spin", KEY_PLAY, 0, KEY_HOLD_SPIN_TICKS)                     \
    X(BET, "bet", KEY_BET, 0, 0)                                          \
    X(AUTO, "auto", KEY_AUTO, 0, 0)                                       \
    X(AUTOPLAY, "autoplay", KEY_AUTOPLAY, 0, 0)                           \
    X(AUTORISK, "autorisk", KEY_AUTORISK, 0, 0)                           \
    X(HOLD1, "hold1", KEY_REEL1, 0, 0)                                    \
    X(HOLD2, "hold2", KEY_REEL1 + 1, 0, 0)                                \
    X(HOLD3, "hold3", KEY_REEL1 + 2, 0, 0)                                \
    X(PICK4, "pick4", KEY_REEL1 + 3, 0, 0)                                \
    X(PICK5, "pick5", KEY_REEL1 + 4, 0, 0)                                \
    X(PICK6, "pick6", KEY_REEL1 + 5, 0, 0)                                \
    X(PICK7, "pick7", KEY_REEL1 + 6, 0, 0)                                \
    X(PICK8, "pick8", KEY_REEL1 + 7, 0, 0)                                \
    X(PICK9, "pick9", KEY_REEL1 + 8, 0, 0)                                \
    X(COLLECT, "collect", KEY_COLLECT, 0, KEY_HOLD_COLLECT_TICKS)         \
    X(GAME_CHANGE, "game_change", KEY_GAME_CHANGE, 0, 0)                  \
    X(BACK, "back", KEY_BACK, 0, 0)                                       \
    X(UP, "up", SDLK_UP, 0, 0)                                            \
    X(DOWN, "down", SDLK_DOWN, 0, 0)                                      \
    X(LEFT, "left", SDLK_LEFT, 0, 0)                                      \
    X(RIGHT, "right", SDLK_RIGHT, 0, 0)                                   \
    X(EVENT_LOG, "event_log", KEY_EVENT_LOG, 0, 0)                        \
    X(PICKER, "picker", KEY_PICKER, 0, 0)                                 \
    X(SCREENSHOT, "screenshot", KEY_SCREENSHOT, 0, 0)                     \
    X(FULLSCREEN, "fullscreen", KEY_FULLSCREEN, 0, 0)                     \
    X(OPERATOR, "operator", SDLK_o, KMOD_LCTRL | KMOD_LALT, 0)

#define DECK_ENUM(id, name, key, mod, held) DECK_##id,
typedef enum DeckAction { DECK_NONE, DECK_ACTIONS(DECK_ENUM) DECK__ACTIONS } DeckAction;
#undef DECK_ENUM

/* Where an input comes from. A game controller's buttons and axes are SDL's
 * (SDL_GameControllerButton, SDL_GameControllerAxis); a joystick SDL knows no controller
 * mapping for (an arcade encoder) has numbered buttons, axes and hats. */
typedef enum DeckSource { DECK_PAD_BUTTON, DECK_PAD_AXIS, DECK_JOY_BUTTON, DECK_JOY_AXIS, DECK_JOY_HAT } DeckSource;

#define DECK_JOY_BUTTONS 32
#define DECK_JOY_AXES 8
#define DECK_JOY_HATS 4
#define DECK_DEVICES 8    /* devices followed at once; more are ignored */
#define DECK_OUT_MAX 8    /* Inputs one call may give */
#define DECK_AXIS_PRESS 16384   /* an axis this far from rest presses its direction */
#define DECK_AXIS_RELEASE 8192  /* and lets it go when back within this */

typedef struct Deck Deck;

/* A deck with the built-in mapping; NULL when out of memory. */
Deck *deck_new(void);
void deck_free(Deck *d);
/* The settings in `text` (named `name` in messages): each of its "controller" and "joystick"
 * objects replaces that part of d's mapping. An error names the file and the field (an
 * unknown action, an unknown button name, an input named twice) and leaves d as it was. */
int deck_load_json(Deck *d, const char *text, const char *name, Error *err);
int deck_load_file(Deck *d, const char *path, Error *err);
/* The settings file the cabinet reads when no --deck is given:
 * $XDG_CONFIG_HOME/slotcab/deck.json, else ~/.config/slotcab/deck.json ("" when neither
 * variable is set). */
void deck_default_path(char *out, size_t size);
/* The action an input is mapped to (dir: an axis's -1 or +1, a hat's SDL_HAT_ bit). */
DeckAction deck_action(const Deck *d, DeckSource src, int index, int dir);
const char *deck_action_name(DeckAction a);

/* Device `device` (SDL's instance id) has an input at `value`: a button 0 or 1, an axis
 * -32768..32767, a hat its SDL_HAT_ bits. The Inputs it makes, at tick `tick`, go into
 * out[]; returns how many. */
int deck_feed(Deck *d, int device, DeckSource src, int index, int value, uint64_t tick,
              Input out[DECK_OUT_MAX]);
/* The device is gone: what it held is let go without a click (a SPIN held is no spin). */
void deck_device_gone(Deck *d, int device);
/* Each tick: the held buttons that count as held from this tick. */
int deck_tick(Deck *d, uint64_t tick, Input out[DECK_OUT_MAX]);

#endif
