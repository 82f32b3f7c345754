/* app.h - the cabinet program: window (or headless surface), clock, scenes, input.
 *
 * Logic runs in fixed ticks of APP_TICK_US microseconds (60 Hz) from an integer clock;
 * drawing is a separate call. A scene is a small vtable; app_open() asks for a change and
 * the one place that changes scenes does it between ticks, from the constructors main hands
 * over (AppScenes). Headless runs step ticks
 * without sleeping, so what is drawn is a function of the scenario and the tick. */
#ifndef SLOTCAB_APP_H
#define SLOTCAB_APP_H

#include "audio.h"
#include "error.h"
#include "gfx.h"
#include "input.h"
#include "layout.h"
#include "clock.h"
#include "money.h"
#include "store.h"

#include <SDL.h>
#include <stdbool.h>
#include <stdint.h>

#define APP_HZ CLOCK_HZ /* the play core's tick (clock.h) */
#define APP_TICK_US (1000000 / APP_HZ)
#define APP_MS_TICKS(ms) CLOCK_MS_TICKS(ms)

typedef struct App App;

/* Ctrl+Alt+O: the operator menu (scenes open it when no round is in play). */
#define INPUT_IS_OPERATOR(in) ((in)->type == INPUT_KEY && (in)->key == SDLK_o && \
                               ((in)->mod & KMOD_CTRL) && ((in)->mod & KMOD_ALT))
#define APP_OPERATOR "@operator" /* app_open() id of the operator menu */
/* Ctrl+Alt+Shift+Q: the operator's quit; in a kiosk (--kiosk) it opens the operator's door
 * instead (as Ctrl+Alt+O does), and Q on the operator's pages, behind the PIN, quits. */
#define INPUT_IS_QUIT_CHORD(in) ((in)->type == INPUT_KEY && (in)->key == SDLK_q && \
                                 ((in)->mod & KMOD_CTRL) && ((in)->mod & KMOD_ALT) && \
                                 ((in)->mod & KMOD_SHIFT))

typedef struct Scene {
    void *self;
    void (*input)(void *self, const Input *in);
    void (*update)(void *self); /* one tick */
    void (*draw)(void *self);
    void (*destroy)(void *self);
    bool opaque; /* draw() covers the canvas with opaque pixels first: no full clear */
} Scene;

typedef struct AppOptions {
    bool headless;
    bool fullscreen;
    int win_w, win_h;       /* window, or headless output size */
    const char *game;       /* skip the lobby */
    bool has_seed;
    uint64_t seed;
    Money balance;          /* demo credits a new database starts with */
    const char *data_dir;   /* the database's folder (NULL: the default, or none headless) */
    int autoplay;           /* headless: play this many rounds through the store */
    bool audit;             /* print the audit and exit */
    bool operator_menu;     /* start in the operator menu */
    const char *pin_file;   /* the operator's PIN, for headless runs (NULL: typed on screen) */
    const char *scenario;   /* headless: play this scenario */
    const char *scenario_dir; /* QA: a tester's scenario files, listed in the picker too */
    const char *event_log;  /* QA: each event presented, as a JSON line, into this file */
    const char *shots;      /* headless: save PNGs here */
    const char *open;       /* headless: a page to open and shoot after the rounds ("paytable") */
    int bench_frames;       /* headless benchmark */
    Layout *layout;         /* headless --check-layout: each named moment is a page judged */
    const char *page_prefix; /* its pages are named "<prefix>/<moment>" */
    const char *games_dir, *themes_dir, *assets_dir;
    const char *locale_dir; /* the catalogues (core/lang.h: <dir>/<code>/LC_MESSAGES/slotcab.mo) */
    bool lang_given;        /* --lang chose the language (else the operator's, else the environment's) */
    bool balance_given;     /* --balance was given (a recording's must then agree) */
    bool window_given;      /* --window was given (else a recording's window size is used) */
    const char *record;     /* --record FILE: every input handed to a scene, with its tick */
    const char *playback;   /* --playback FILE: inputs from a recording instead of the player's */
    int shot_every;         /* headless playback: save the frame every N ticks as tNNNNNN.png */
    int64_t replay;         /* headless --replay ROUND: that round played again, then the end */
    const char *version;    /* written into recordings */
    bool attract;           /* --attract: attract mode at once (headless: one whole loop, then end) */
    bool kiosk;             /* --kiosk: fullscreen at the display's size, no quit but the operator's */
    bool qa;                /* --qa: QA mode (qa.h) */
    const char *frame_stats; /* a window: frame times, memory and descriptors, a JSON line a period */
    int stats_every;        /* ... every this many seconds (--soak: of the cabinet's clock) */
    int soak;               /* headless --playback --soak N: attract when idle, as in a window;
                             * a frame drawn every N ticks; --frame-stats on the cabinet's clock */
    /* headless: each named moment's frame, as it is shot, handed here too (the contact
     * sheet keeps its key frames); on_shot owns the surface (keeps or frees it) */
    void (*on_shot)(void *ctx, const char *name, SDL_Surface *frame);
    void *on_shot_ctx;
    const char *deck_file;  /* --deck FILE: the button deck's mapping (NULL: the config folder's, or built in) */
    const char *pad_script; /* --pad-script FILE: headless, a virtual controller's presses at given ticks */
} AppOptions;

/* The scenes' constructors, which main hands to the app: the app switches between them and
 * never names one. A constructor fills *out, or returns -1 with err. */
typedef struct AppScenes {
    int (*lobby)(App *a, Scene *out, Error *err);
    int (*game)(App *a, const char *game_id, Scene *out, Error *err);
    int (*operator_menu)(App *a, Scene *out, Error *err);
} AppScenes;

/* Runs the program; returns the exit status (0, or 2 after a message on stderr). */
int app_run(const AppOptions *opt, const AppScenes *scenes);

/* For scenes. */
Gfx *app_gfx(App *a);
Audio *app_audio(App *a);
const AppOptions *app_options(const App *a);
uint64_t app_tick(const App *a);
/* The round seed of the next round (from --seed, else fresh entropy). */
uint64_t app_next_seed(App *a);
Store *app_store(App *a);
/* QA's event log: the seat names each round, the scenes say what they present. */
struct EvLog *app_evlog(App *a);
Money app_balance(App *a);
/* Asks to open the lobby (id NULL) or a game, after this tick. */
void app_open(App *a, const char *game_id);
/* From the next frame on, the cabinet speaks `code` (a language of core/lang.h): the scene
 * shown opens again in it (its words are drawn into its pictures once). A player's choice
 * lasts until attract mode begins, which goes back to the language the cabinet started in. */
void app_speak(App *a, const char *code);
/* The operator's language for the cabinet, spoken at once (the operator's pages draw their
 * words every frame; the next scene opens in it) and the one attract comes back to: `code`,
 * or the environment's when empty. -1 with err when its catalogue cannot be read. */
int app_home_language(App *a, const char *code, Error *err);
/* What a game opened from the operator menu shows first: its recall screen, or QA's
 * scenario picker. */
typedef enum AppOpenOn { APP_ON_PLAY, APP_ON_RECALL, APP_ON_PICKER } AppOpenOn;
/* Opens a game on one of those screens; the game scene asks with app_take_open_on() when
 * it is made (APP_ON_PLAY when nothing was asked). */
void app_open_on(App *a, const char *game_id, AppOpenOn on);
AppOpenOn app_take_open_on(App *a);
/* QA's replay: opens the game on a replay of its settled round `round` (the recall's REPLAY);
 * the game scene asks with app_take_replay() when it is made (0: none) and plays it with
 * seat_replay_load(). While it plays the app hands the scene no input: Esc stops it (back to
 * the game's recall), and a window shows a REPLAY · ROUND n tag over it (never drawn into a
 * headless run's --shots frames, which equal the live round's). */
void app_open_replay(App *a, const char *game_id, int64_t round);
int64_t app_take_replay(App *a);
/* A replay's scene, as it is made: its ticks (app_tick) run on the clock of the round it
 * plays, `tick` at its first update, so every animation that runs on the clock is in the same
 * phase as in the live round. (The next scene made runs on the app's clock again.) */
void app_replay_clock(App *a, uint64_t tick);
/* Where a window draws the REPLAY tag over the replay's scene (canvas coordinates; the
 * default, the top centre, suits a video slot, whose title is on the left). */
void app_replay_tag_at(App *a, SDL_FRect box);
/* An amount as the cabinet shows money: "€1,234.56". */
void app_money_text(Money v, char *out, size_t size);
/* Ends the program after this tick with this status (a kiosk ignores status 0: see below);
 * whether it was asked to. */
void app_quit(App *a, int status);
bool app_quitting(const App *a);
/* The operator's quit (Ctrl+Alt+Shift+Q outside a kiosk, Q on the operator's pages): it ends
 * a kiosk too, with APP_EXIT_OPERATOR, the one status its launcher does not restart after
 * (SIGTERM ends a kiosk with 0). */
#define APP_EXIT_OPERATOR 10
void app_operator_quit(App *a);
/* QA mode (qa.h): --qa, the operator's setting (never in a kiosk), or headless. */
bool app_qa(const App *a);
void app_toggle_fullscreen(App *a);
/* Headless: saves the frame drawn now as DIR/<name>.png, hands it to on_shot, and with
 * --check-layout judges its layout as a page (does nothing in a window). */
void app_shot(App *a, const char *name);
bool app_headless(const App *a);
/* The cabinet's memory failed its checks: play is locked, only the operator menu opens. */
bool app_locked(const App *a);
/* A fatal error in a scene: message on stderr, exit status 2. */
void app_fail(App *a, const Error *err);

/* Attract mode (attract.h): a showcase plays. The game scene plays app_scenario() as a
 * scenario run does, on the demo memory app_store() then is, and takes no pictures; any key
 * or click ends it and the lobby opens. */
bool app_attract(const App *a);
/* The scenario the game scene plays: --scenario's, the showcase's, or NULL. */
const char *app_scenario(const App *a);
/* A scene that plays app_scenario() has played it through: true when attract takes it from
 * here (the next showcase), false when the scene goes on as a scenario run does. */
bool app_scenario_over(App *a);

/* A recording is being played back (--playback), or --pad-script presses a virtual
 * controller: the inputs come from it, not the player. Scenes skip their own headless
 * scripts (the lobby's pictures) while it plays. */
bool app_playback(const App *a);
/* "Now" in epoch seconds (UTC) for anything a scene shows or keeps from the wall clock. In a
 * window without --record/--playback it is time(NULL); when recording or playing back (and
 * headless) it is the session's clock at tick 0 plus the ticks, so a playback shows and
 * stores the same times as the session it plays. (The store's timestamps follow it too.) */
int64_t app_now(const App *a);
/* A scene tells the app which game and round it is showing (F12's file name). Games call it
 * as a round begins or is recalled; before any call the app names the game it opened and the
 * game's newest round in the memory. */
void app_note_round(App *a, const char *game, int64_t round);

#endif
