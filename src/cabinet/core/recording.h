/* recording.h - input recordings: --record FILE writes them, --playback FILE reads them.
 *
 * A recording is JSON lines. The first is the header:
 *   {"slotcab_recording": 1, "version": "0.1", "seed": "42", "balance": 100000,
 *    "game": null, "window": [1280, 720], "headless": false, "clock": "2026-01-01 12:00:00",
 *    "memory": "5f0c...e1" (32 hex digits), "start": {"balance": 100000, "bonuses": 0, "rounds": 0}}
 * (every member but "slotcab_recording" may be left out of a hand-written one). "memory" is
 * the id of the memory the session was made on (its setting memory.id) and "start" where that
 * memory stood: a recording plays back only on that memory as it stood then, or on a fresh
 * one (no round begun) when it began on a fresh one (replay_bind_memory). "clock" drives only
 * what is drawn (on-screen clocks): never the door, nor the times a memory on disk keeps. Then one
 * line per input the app handed to a scene, in order, with the tick it was handed at (before
 * that tick's update):
 *   {"tick": 120, "type": "press", "x": 960.5, "y": 540}      (also "move", "release")
 *   {"tick": 200, "type": "key", "key": "Space", "mod": 0}  (key: SDL's name, or a keycode)
 * and, when the session ended, {"tick": 5000, "type": "end"}. Plain C in the play core: the
 * keys' names are the platform's, through the RecordingKeys it hands over. */
#ifndef SLOTCAB_RECORDING_H
#define SLOTCAB_RECORDING_H

#include "clock.h"
#include "error.h"
#include "input.h"
#include "money.h"
#include "store.h"

#include <stdbool.h>
#include <stdint.h>

#define REPLAY_VERSION 1
#define REPLAY_TAIL_TICKS 60 /* a recording without an end line ends this long after its last input */
#define REPLAY_MAX_MIB 64       /* a recording larger than this is refused */
#define REPLAY_LINE_MAX 65536   /* and so is one with a line longer than this (bytes) */

typedef struct ReplayHeader {
    bool has_seed;
    uint64_t seed;
    bool has_balance;
    Money balance;          /* --balance: the demo credits of a new memory */
    bool has_game;
    char game[48];          /* --game ("" with has_game: the lobby) */
    int win_w, win_h;       /* 0: not said */
    bool headless;
    bool has_clock;
    int64_t clock;          /* epoch seconds (UTC) of tick 0 */
    char memory[33];        /* the id of the memory it was made on ("": not said) */
    bool has_start;         /* the memory when the session began */
    Money start_balance;
    int64_t start_bonuses, start_rounds;
    char version[32];
    char lang[8];           /* the language the session began in, "en" or "es" ("": not said) */
} ReplayHeader;

/* A key's name and back, as the platform spells them (SDL_GetKeyName, SDL_GetKeyFromName):
 * from_name gives 0 for a name it does not know; name may give NULL or "" for a key without one. */
typedef struct RecordingKeys {
    int32_t (*from_name)(const char *name);
    const char *(*name)(int32_t key);
} RecordingKeys;

typedef struct Playback Playback;
typedef struct Recorder Recorder;

/* Reads a whole recording; NULL with err ("--playback FILE: line N: field: what"). */
Playback *playback_load(const char *path, const RecordingKeys *keys, ReplayHeader *h, Error *err);
/* The next input due at `tick` (true), in order; false when none is due now. */
bool playback_next(Playback *p, uint64_t tick, Input *in);
/* The tick the session ends at: its end line's, else the last input's + REPLAY_TAIL_TICKS. */
uint64_t playback_end(const Playback *p);
bool playback_has_end_line(const Playback *p);
int playback_count(const Playback *p);
void playback_free(Playback *p);

/* Creates the file and writes the header (flushed); NULL with err. */
Recorder *recorder_open(const char *path, const RecordingKeys *keys, const ReplayHeader *h, Error *err);
int recorder_input(Recorder *r, uint64_t tick, const Input *in, Error *err);
int recorder_end(Recorder *r, uint64_t tick, Error *err);
void recorder_close(Recorder *r);

/* The memory's id (its setting REPLAY_MEMORY_ID_KEY: 128 random bits in 32 hex digits),
 * made and kept on first need; -1 with err when it cannot be written. */
#define REPLAY_MEMORY_ID_KEY "memory.id"
int replay_memory_id(Store *s, char id[33], Error *err);
/* --playback: 0 when the recording may play on `s`, else -1 with one message naming --playback
 * and the file. It may when the memory is the one it was made on ("memory") and stands where
 * it began ("start": balance, Bonuses, rounds begun); or when it began on a fresh memory (no
 * round begun) and `s` is fresh too (which then takes the recording's id, as the same
 * memory); a recording that does not say where it began plays only on a fresh memory. */
int replay_bind_memory(const ReplayHeader *h, Store *s, const char *path, Error *err);


#endif
