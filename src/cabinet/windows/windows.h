/* windows.h - the windows that open over a game: paytable, rules, game recall (the history
 * and one recalled round), options, autoplay, Bet Settings and low balance.
 *
 * The windows own what they show and edit (which window is open, its page, the recall's
 * rows and events, the autoplay and options settings being edited). What they need of the
 * scene they open over comes through a WindowsHost the scene fills once: its look, its game
 * and kind, and a few entries the windows call back (each is handed `scene`). The windows
 * never see the scene's struct. */
#ifndef SLOTCAB_WINDOWS_H
#define SLOTCAB_WINDOWS_H

#include "autospin.h"
#include "gamedef.h"
#include "scenario.h"
#include "theme.h"
#include "widget.h"

typedef enum Window {
    WINDOW_NONE,
    WINDOW_PAYTABLE,
    WINDOW_LOW_BALANCE, /* the balance is less than the bet: offer the minimum bet */
    WINDOW_AUTO,        /* autospin settings */
    WINDOW_OPTIONS,     /* sound volumes and settings */
    WINDOW_HISTORY,     /* game recall: the last rounds of this game, from the store */
    WINDOW_RECALL,      /* one recalled round, replayed from its journal, spin by spin */
    WINDOW_RULES,
    WINDOW_BET, /* Bet Settings: every bet value, to pick one */
    WINDOW_SCENARIOS, /* QA: the game's named scenarios, one to force the next round */
} Window;

/* Which autoplay window a kind offers: spins, loss and win limits and the jackpot; or rounds
 * with the advanced stops, each optional (any win, a single win, the balance up or down). */
typedef enum WindowsAutoplay { WINDOWS_AUTOPLAY_BASIC, WINDOWS_AUTOPLAY_ADVANCED } WindowsAutoplay;

/* The scene's settings the options window edits (the sound's are the app's). */
typedef struct WindowsOptions {
    bool space_spins; /* the Space bar spins */
    bool coins_view;  /* credit and win in coins */
} WindowsOptions;

/* The scene's look, as the windows draw with it: loaded art (all 0 when none is loaded). */
typedef struct WindowsLook {
    SDL_Color text, accent, dim, window; /* the theme's colours */
    GfxFont big, mid, small, tiny;
    const ButtonLook *plain, *round;
    GfxImage left, right, check; /* icons */
    GfxImage toggle[2];          /* a toggle's box off and on; 0: the theme has none */
    const GfxImage *symbols;     /* a small picture of each of the game's symbols */
} WindowsLook;

typedef struct WindowsHost {
    App *app;
    void *scene; /* handed to every entry below */
    WindowsLook look;
    const GameDef *def;     /* the game as the operator configured it */
    const char *config;     /* that configuration, as rounds journal it */
    const Scenario *forced; /* a headless run's scenario (a recall replays its forcing), or NULL */
    int bet_option;         /* the bet option Bet Settings lists */
    bool has_coins;         /* amounts can show in coins */
    WindowsAutoplay autoplay;
    const char *autoplay_title; /* the autoplay window's title, as the game names it */
    bool has_pick;              /* free spins start with a pick (autoplay never makes it) */
    int autoplay_max;           /* the most games autoplay may be set to play (0: any) */

    /* the kind's paytable, `paytable_pages` pages with a title each, and rules */
    int paytable_pages;
    const char *const *paytable_titles;
    void (*draw_paytable)(void *scene, int page); /* inside the paytable's frame */
    const ThemeRule *rules; /* the theme's sections, flowed onto as many pages as need be */
    int nrules;

    void (*money_text)(Money v, char *out, size_t size);
    Money (*bet_total)(void *scene);
    int64_t (*bet_value)(void *scene);              /* `bet_option`'s value played now */
    void (*choose_bet)(void *scene, int64_t value); /* Bet Settings' choice of that value */
    void (*min_bet)(void *scene);                   /* low balance: MINIMUM BET */
    /* Optional: the total bet MINIMUM BET would set now (a scene whose lowest bet is not
     * every option at its first value, as the fruit machine's upper game, whose plates are
     * its own); NULL: every option at its first value, totalled by the game's rules. The low
     * balance dialog offers MINIMUM BET only when this is below the bet. */
    Money (*min_bet_total)(void *scene);
    void (*start_autoplay)(void *scene, const AutospinSettings *set);
    WindowsOptions (*options)(void *scene);
    void (*set_options)(void *scene, const WindowsOptions *o); /* as the player toggles */
    void (*save_settings)(void *scene);                        /* options: SAVE */
    /* Optional: what the recall lists for an event of the scene's own kind of game (a hold,
     * an advance, a prize, a risk, a pick, a collect) into t; false: nothing. */
    bool (*event_line)(void *scene, const Event *e, char *t, size_t size);
    /* Optional: the scene's buttons brought up to date after windows_shoot() opened or
     * closed a window, before its picture is taken. */
    void (*refresh)(void *scene);
    /* Optional (QA): the scenario file at `path` forces the next round; false with why in msg. */
    bool (*force)(void *scene, const char *path, char *msg, size_t size);
} WindowsHost;

typedef struct Windows Windows;

/* NULL when out of memory. The host is copied; lays the windows' buttons out. */
Windows *windows_create(const WindowsHost *host);
void windows_destroy(Windows *w);
/* The window open now, or WINDOW_NONE. */
Window windows_shown(const Windows *w);
void windows_open(Windows *w, Window which);
/* A game scene just made: opens what the operator menu asked it to show first
 * (app_take_open_on: the recall screen, or QA's picker), unless a round is in play (a
 * recovered one goes on instead). */
void windows_open_first(Windows *w, App *a, bool round_in_play);
/* Opens the recall of row `row` (0 = newest) of the history loaded by WINDOW_HISTORY. */
void windows_recall(Windows *w, int row);
/* How many pages a window has (the paytable's are the kind's; the recall's, its spins). */
int windows_pages(const Windows *w, Window which);
/* The page shown (the recall's spin); turns to the next page, after the last the first. */
int windows_page(const Windows *w);
void windows_next_page(Windows *w);
/* Input while a window is open (all of it goes there). */
void windows_input(Windows *w, const Input *in);
/* Every tick: which of the windows' buttons show, and their states. */
void windows_update_buttons(Windows *w);
void windows_draw(Windows *w);
/* Headless --open PAGE (a window's name, or "all": each in turn; Bet Settings only where
 * `has_bet`): one call a tick opens the window and shoots its pages one by one as
 * PAGE[-N].png; true when every page asked for is shot (at once when `open` is NULL). */
bool windows_shoot(Windows *w, const char *open, bool has_bet);

#endif
