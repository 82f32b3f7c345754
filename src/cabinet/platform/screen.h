/* screen.h - the cabinet's screen: a window and its renderer (headless, a software renderer
 * over a surface), SDL's events on it turned into Inputs, the kiosk's cursor and signals, and
 * the clock and pace of a window's frames. The app keeps the loop (its ticks, the scene
 * switch, quitting): it draws through gfx on the renderer and asks here what happened. */
#ifndef SLOTCAB_SCREEN_H
#define SLOTCAB_SCREEN_H

#include "deck_sdl.h"
#include "error.h"
#include "gfx.h"
#include "input.h"

#include <SDL.h>
#include <stdbool.h>
#include <stdint.h>

typedef struct Screen {
    SDL_Window *win;     /* NULL headless */
    SDL_Renderer *ren;
    SDL_Surface *target; /* headless: what the software renderer draws on */
    void *target_px;     /* its pixels */
    bool vsync;          /* presenting waits for the display */
    uint64_t cursor_t0;  /* the kiosk's cursor: the tick of the last mouse move */
    bool cursor_hidden;
} Screen;

typedef struct ScreenSpec {
    bool headless;
    bool fullscreen;
    bool kiosk; /* the display's whole area; its close ignored; SIGTERM, SIGINT kept */
    int w, h;   /* the window's size, or the headless surface's */
} ScreenSpec;

/* Starts SDL's video and opens the window and its renderer (vsync if it can), waiting a few
 * seconds for a window system to answer, or headless a software renderer over a w x h
 * surface. 0, or -1 with err. What is open is closed by screen_close(), even after -1. */
int screen_open(Screen *s, const ScreenSpec *spec, Error *err);
void screen_close(Screen *s);
/* A kiosk's SIGTERM or SIGINT has come (a clean end, as the operator's chord is). */
bool screen_signalled(void);
/* Headless: SIGTERM or SIGINT, which SDL turns into a quit request. */
bool screen_quit_requested(void);
/* The window's title names what it shows ("slotcab: lobby"); nothing headless. */
void screen_title(Screen *s, const char *shown);
void screen_toggle_fullscreen(Screen *s);
/* The kiosk's cursor hides when the mouse has not moved for `still` ticks up to `tick`. */
void screen_hide_still_cursor(Screen *s, uint64_t tick, uint64_t still);

/* What one of SDL's events means to the app. */
typedef enum ScreenEventType {
    SCREEN_QUIT,    /* the window's close (a kiosk plays on), or a signal outside a kiosk */
    SCREEN_FAILED,  /* err: the canvas could not be made again at the window's new size */
    SCREEN_POINTER, /* in[0]: the mouse moved, or its left button went down or up */
    SCREEN_KEYS,    /* in[0 .. n-1]: a key went down (not a repeat), or the deck's keys */
} ScreenEventType;
typedef struct ScreenEvent {
    ScreenEventType type;
    int n;
    Input in[DECK_OUT_MAX];
    Error err;
} ScreenEvent;

/* The next event waiting that means something to the app into *ev, at `tick`; false when
 * none is left. The window's own are handled on the way (a new size: g's output; a renderer's
 * reset: g's caches), as are the deck's devices coming and going (dv; NULL: none). */
bool screen_poll(Screen *s, Gfx *g, DeckDev *dv, uint64_t tick, ScreenEvent *ev);

/* Microseconds from SDL's performance counter. */
uint64_t screen_now_us(void);
/* No vsync to pace a window's frames: sleeps until `frame_us` has passed since `t0_us`. */
void screen_pace(const Screen *s, uint64_t t0_us, uint64_t frame_us);

#endif
