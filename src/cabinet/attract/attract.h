/* attract.h - attract mode: the cabinet showing itself off while nobody plays.
 *
 * A session is a loop of steps: the lobby with its tiles animated, then one game's showcase
 * (a playlist of its named scenarios, a caption each), the lobby again, the next game's
 * showcase, and so on. The playlist of a game is themes/<id>/showcase.json, or (a game that
 * has none) every games/<id>/scenarios/NN-*.json in name order with its title as caption, so
 * a game added later needs no code. This module is the session's timeline and its drawing
 * (the caption banner and the DEMO mark); the app owns the rest: when a session starts (idle
 * time, --attract), the demo memory a showcase plays on, the scenes it opens, and any key or
 * click that ends it. Everything moves by ticks. */
#ifndef SLOTCAB_ATTRACT_H
#define SLOTCAB_ATTRACT_H

#include "error.h"
#include "gfx.h"
#include "store.h"

#include <stdbool.h>
#include <stdint.h>

/* The operator's setting: seconds of idle play before attract starts (0: never). */
#define ATTRACT_IDLE_KEY "attract_idle_s"
#define ATTRACT_IDLE_DEFAULT 60
#define ATTRACT_IDLE_MAX 3600
#define ATTRACT_IDLE_STEP 10
/* A showcase plays on a fresh demo memory that starts with this (minor units). */
#define ATTRACT_DEMO_BALANCE 100000

typedef struct Attract Attract;

/* The idle time the memory holds (the default when unset; a bad value reads as the default). */
int attract_idle_seconds(Store *s);

/* Loads the playlists of the lobby's playable games (only `only_game`'s when not NULL) and
 * the fonts; a broken showcase.json is an error naming the file and the field. */
Attract *attract_create(Gfx *g, const char *games_dir, const char *themes_dir,
                        const char *assets_dir, const char *only_game, Error *err);
void attract_free(Attract *t);

/* What the app does after a tick of the session. */
typedef enum AttractStep {
    ATTRACT_STAY,      /* nothing to change */
    ATTRACT_OPEN_LOBBY,
    ATTRACT_OPEN_GAME, /* attract_game(): its scene plays attract_scenario() */
    ATTRACT_DONE,      /* one whole loop played (a headless run ends here) */
} AttractStep;

bool attract_on(const Attract *t);
/* Starts a session at `tick` (from the lobby); the app opens the lobby. */
void attract_begin(Attract *t, uint64_t tick);
void attract_end(Attract *t);
/* The session's step at `tick`; *shot is set to a picture's name when one is due now
 * ("attract-lobby", "showcase-<game>-NN"), else "". */
AttractStep attract_tick(Attract *t, uint64_t tick, char *shot, size_t shot_size);
const char *attract_game(const Attract *t);
/* The scenario file the showcase plays now, or NULL (the lobby's step). */
const char *attract_scenario(const Attract *t);
/* The game scene has played the scenario through: the caption stays a moment, then the next. */
void attract_item_over(Attract *t, uint64_t tick);
/* Over the scene: the caption banner and the DEMO mark (nothing in the lobby's step). */
void attract_draw(Attract *t, Gfx *g, uint64_t tick);

#endif
