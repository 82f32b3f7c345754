/* app_priv.h - the App's state, shared by the files of the main loop (app.c), its start-up
 * (app_start.c), its frame (app_frame.c), its pictures (shots.c) and QA mode (qa.c). Not for scenes: they see the App
 * through app.h. */
#ifndef SLOTCAB_APP_PRIV_H
#define SLOTCAB_APP_PRIV_H

#include "app.h"
#include "attract.h"
#include "deck_sdl.h"
#include "evlog.h"
#include "framestats.h"
#include "recording.h"
#include "screen.h"

#define HEADLESS_CLOCK "2026-01-01 12:00:00" /* a headless run's clock at tick 0 */

struct App {
    AppOptions opt;
    AppScenes scenes;
    Screen screen;       /* the window and its renderer, or headless a surface */
    Gfx *gfx;
    Audio *audio;
    Scene scene;
    bool has_scene;
    uint64_t tick;
    uint64_t seed_master;
    bool has_seed;
    Store *store;
    bool want_switch;
    char want_game[48]; /* "" = the lobby */
    bool quit;
    int status;
    bool drawn_this_tick;
    bool locked; /* the cabinet's memory failed its checks: only the operator menu opens */
    AppOpenOn open_on; /* what the next game scene shows first */
    int64_t replay_next;  /* the next game scene plays a replay of this round (0: none) */
    int64_t replay_shown; /* the scene shown is a replay of this round (0: none) */
    uint64_t tick_shift;  /* the scene's ticks (app_tick) minus the app's: a replay runs on the
                             clock of the round it plays (0 otherwise) */
    GfxFont tag_font;     /* the REPLAY tag's, loaded with the first replay in a window */
    SDL_FRect tag_box;    /* and where it goes over the scene (app_replay_tag_at) */
    /* --record / --playback */
    Recorder *rec;
    Playback *play;        /* NULL once played to its end (a window then takes the player's input) */
    ReplayHeader play_h;   /* the recording's header (its game is a->opt.game's storage) */
    uint64_t play_end;
    bool tick_clock;       /* the clock is clock_base + the ticks (recording, playing back) */
    int64_t clock_base, clock_set;
    /* F12 */
    bool want_snap;
    char cur_game[48];     /* the scene shown: a game id, "lobby" or "operator" */
    char want_lang[8];     /* app_speak's: the language from the next switch on */
    char home_lang[8];     /* the language the cabinet started in (attract goes back to it) */
    char noted_game[48];   /* app_note_round() */
    int64_t noted_round;
    char snap_dir[560];    /* the data folder's shots/ ("" headless without one) */
    EvLog *evlog;          /* QA's event log (F2, --event-log) */
    /* attract mode and the kiosk */
    Attract *attract;      /* NULL: this run never shows attract */
    Store *real_store;     /* the cabinet's memory; store is a demo memory while a showcase plays */
    int idle_s;            /* the operator's idle time before attract (0: never) */
    uint64_t idle_t0;      /* the last input, or the last round begun */
    int64_t idle_rounds;   /* rounds begun, as last seen */
    bool eat_release;      /* the click that ended attract: its release opens nothing */
    bool chord;            /* the operator's quit (or SIGTERM): a kiosk may end */
    FrameStats *fstats;    /* --frame-stats */
    Deck *deck_map;        /* the button deck's mapping, until its devices open */
    DeckDev *deck;         /* the button deck: controllers and joysticks (or --pad-script's) */
    /* QA mode (qa.c) */
    int snaps;             /* F12 pictures taken this run */
    int64_t forced_round;  /* the round shown was forced by a scenario (0: not) ... */
    char forced_by[64];    /* ... this one's name, for its FORCED tag */
    uint64_t qa_off_until; /* "QA MODE IS OFF" shows until this tick */
};


/* app_start.c: app_run's steps, in its order (each returns 0, or -1 with err set; the first
 * two say their own message), and app_end: what they opened closed, the App freed */
uint64_t app_entropy_seed(void);
int app_start_playback(App *a, const AppOptions *given);
int app_start_session(App *a);
int app_start_deck(App *a, Error *err);
int app_start_memory(App *a, Error *err);
int app_start_check(App *a, Error *err);
void app_start_lang(App *a);
int app_start_devices(App *a, Error *err);
/* *first: the first scene (a game id in game[size], APP_OPERATOR, or NULL: the lobby) */
int app_start_first(App *a, char *game, size_t size, const char **first, Error *err);
int app_start_recording(App *a, Error *err);
void app_end(App *a);

/* app_frame.c: the frame drawn now, into the renderer (the scene, then the overlays) */
void app_draw_frame(App *a);

/* shots.c (below app.c: it reports a failure, app.c ends the run) */
/* The frame drawn now, as a PNG; 0, or -1 after a message naming `what` and the file. */
int shots_save_png(App *a, const char *path, const char *what);
/* Headless: a named moment's picture (--shots, on_shot, --check-layout); 0, or -1 after a
 * message (the frame could not be read or written): the caller quits with status 2. */
int shots_shoot(App *a, const char *name);
/* Headless, every --shot-every ticks: the frame saved as <shots>/tNNNNNN.png, or under
 * --check-layout judged as the page "<prefix>/<last moment>+<ticks>t"; 0, or -1 after a
 * picture could not be written. */
int shots_every(App *a);
/* F12 in a window: the frame as drawn now, into the pictures' folder. */
void shots_snap(App *a);

#endif
