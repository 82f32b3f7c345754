/* deck_sdl.h - the button deck's devices: game controllers and joysticks as SDL finds them
 * (attached at start or plugged in while running), their events fed to the deck; and QA's
 * virtual controller (--pad-script), whose buttons a script presses at given ticks. */
#ifndef SLOTCAB_DECK_SDL_H
#define SLOTCAB_DECK_SDL_H

#include "deck.h"

typedef struct DeckDev DeckDev;

/* Starts SDL's game controller subsystem for `deck` (owned by the result) and, with
 * `script` (a --pad-script file), reads the script. NULL with err when the script is
 * wrong or, with a script, when the subsystem cannot start; without one, a cabinet whose
 * controllers cannot start says so on stderr and plays on without them. */
DeckDev *deckdev_open(Deck *deck, const char *script, Error *err);
void deckdev_close(DeckDev *dv);
bool deckdev_scripted(const DeckDev *dv);
/* The script's steps at `tick` (devices attached or removed, inputs set; SDL sends their
 * events at the next poll). -1 after err (a virtual device SDL refused); 1 once the script
 * has ended (after its last step's tick); else 0. */
int deckdev_script(DeckDev *dv, uint64_t tick, Error *err);
/* One SDL event: a device come or gone, or an input's change, into Inputs at `tick`;
 * returns how many are in out (0 for events not the deck's). */
int deckdev_event(DeckDev *dv, const SDL_Event *e, uint64_t tick, Input out[DECK_OUT_MAX]);
/* deck_tick() of its deck. */
int deckdev_tick(DeckDev *dv, uint64_t tick, Input out[DECK_OUT_MAX]);

#endif
