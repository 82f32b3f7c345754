/* screen.c - the window (or the headless surface), SDL's events, the kiosk's cursor and
 * signals, and the clock a window's loop runs on.
 *
 * A window waits for a window system: left to itself, SDL falls back to its offscreen driver
 * when none answers (no X server on DISPLAY yet, none at all), and the cabinet would run
 * with no window anyone sees, at a stand that has just booted or under a loaded test's Xvfb.
 * Headless, the dummy driver and a software renderer over a surface draw what is saved.
 * Events are read one at a time: what only the window or the canvas cares about is done
 * here, and the rest goes to the app as Inputs in canvas coordinates. */
#include "screen.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --kiosk: SIGTERM and SIGINT end it as the chord does (a window's close does not). */
static volatile sig_atomic_t kiosk_signal;
static void on_kiosk_signal(int sig) { kiosk_signal = sig; }

bool screen_signalled(void) { return kiosk_signal != 0; }
bool screen_quit_requested(void) { return SDL_QuitRequested(); }

/* SDL's video for a window: a window system is waited for a few seconds (one may be
 * starting), then the start fails saying so. SDL_VIDEODRIVER given by the user is taken as
 * it is. */
#define VIDEO_TRIES 10
#define VIDEO_RETRY_MS 500
static int init_window_video(Error *err)
{
    const char *asked = getenv("SDL_VIDEODRIVER");
    for (int i = 1;; i++) {
        if (SDL_InitSubSystem(SDL_INIT_VIDEO))
            return error_set(err, "cannot start SDL video: %s", SDL_GetError());
        const char *drv = SDL_GetCurrentVideoDriver();
        if ((asked && *asked) || !drv || (strcmp(drv, "offscreen") && strcmp(drv, "dummy")))
            return 0;
        SDL_QuitSubSystem(SDL_INIT_VIDEO);
        const char *display = getenv("DISPLAY"), *wayland = getenv("WAYLAND_DISPLAY");
        if (i == VIDEO_TRIES)
            return error_set(err, "cannot open a window: no window system answered in %d s (DISPLAY=%s, "
                             "WAYLAND_DISPLAY=%s); run it in a desktop session, or --headless",
                             VIDEO_TRIES * VIDEO_RETRY_MS / 1000, display ? display : "(not set)",
                             wayland ? wayland : "(not set)");
        error_print("slotcab: no window system answers yet (DISPLAY=%s); trying again",
                    display ? display : "(not set)");
        SDL_Delay(VIDEO_RETRY_MS);
    }
}

static int open_headless(Screen *s, const ScreenSpec *spec, Error *err)
{
    SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy");
    if (SDL_Init(SDL_INIT_VIDEO))
        return error_set(err, "cannot start SDL: %s", SDL_GetError());
    /* Rows 4 bytes off an 8-byte multiple: SDL's copy of an opaque picture aligned to 16
     * bytes streams past the cache (SDL_BlitCopy's SSE path), and what is drawn next over it
     * then reads it back from memory (3x slower on a 136-px cell); this way it is memcpy. */
    const int pitch = spec->w * 4 % 8 ? spec->w * 4 : spec->w * 4 + 4;
    s->target_px = spec->w > 0 && spec->h > 0 ? calloc((size_t)spec->h, (size_t)pitch) : NULL;
    s->target = s->target_px ? SDL_CreateRGBSurfaceWithFormatFrom(s->target_px, spec->w, spec->h, 32, pitch,
                                                                 SDL_PIXELFORMAT_ARGB8888)
                             : NULL;
    if (!s->target)
        return error_set(err, "cannot make a %dx%d surface", spec->w, spec->h);
    s->ren = SDL_CreateSoftwareRenderer(s->target);
    if (!s->ren)
        return error_set(err, "cannot make a software renderer: %s", SDL_GetError());
    return 0;
}

int screen_open(Screen *s, const ScreenSpec *spec, Error *err)
{
    SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "1");
    if (spec->headless)
        return open_headless(s, spec, err);
    if (spec->kiosk) { /* the window's close is ignored; a signal is not */
        SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1");
        struct sigaction sa = {.sa_handler = on_kiosk_signal};
        sigemptyset(&sa.sa_mask);
        sigaction(SIGTERM, &sa, NULL);
        sigaction(SIGINT, &sa, NULL);
    }
    if (init_window_video(err))
        return -1;
    Uint32 flags = SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI;
    if (spec->fullscreen)
        flags |= SDL_WINDOW_FULLSCREEN_DESKTOP;
    SDL_Rect at = {SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, spec->w, spec->h};
    /* a kiosk: the display's whole area from its origin, borderless, so that it fills the
     * screen with or without a window manager to honour the fullscreen request */
    if (spec->kiosk && !SDL_GetDisplayBounds(0, &at))
        flags = (flags & ~(Uint32)SDL_WINDOW_RESIZABLE) | SDL_WINDOW_BORDERLESS;
    s->win = SDL_CreateWindow("slotcab", at.x, at.y, at.w, at.h, flags);
    if (!s->win)
        return error_set(err, "cannot open a window: %s", SDL_GetError());
    s->ren = SDL_CreateRenderer(s->win, -1, SDL_RENDERER_PRESENTVSYNC);
    if (!s->ren)
        s->ren = SDL_CreateRenderer(s->win, -1, SDL_RENDERER_SOFTWARE);
    if (!s->ren)
        return error_set(err, "cannot make a renderer: %s", SDL_GetError());
    SDL_RendererInfo info;
    s->vsync = !SDL_GetRendererInfo(s->ren, &info) && (info.flags & SDL_RENDERER_PRESENTVSYNC);
    return 0;
}

void screen_close(Screen *s)
{
    if (s->ren)
        SDL_DestroyRenderer(s->ren);
    if (s->win)
        SDL_DestroyWindow(s->win);
    SDL_FreeSurface(s->target);
    free(s->target_px);
    *s = (Screen){0};
}

void screen_title(Screen *s, const char *shown)
{
    if (!s->win)
        return;
    char title[64];
    snprintf(title, sizeof title, "slotcab: %s", shown);
    SDL_SetWindowTitle(s->win, title);
}

void screen_toggle_fullscreen(Screen *s)
{
    if (!s->win)
        return;
    bool full = SDL_GetWindowFlags(s->win) & SDL_WINDOW_FULLSCREEN_DESKTOP;
    SDL_SetWindowFullscreen(s->win, full ? 0 : SDL_WINDOW_FULLSCREEN_DESKTOP);
}

void screen_hide_still_cursor(Screen *s, uint64_t tick, uint64_t still)
{
    if (!s->cursor_hidden && tick - s->cursor_t0 >= still) {
        SDL_ShowCursor(SDL_DISABLE);
        s->cursor_hidden = true;
    }
}

/* A mouse event into ev (the left button's only); false for the others. */
static bool mouse_event(Screen *s, Gfx *g, const SDL_Event *e, uint64_t tick, ScreenEvent *ev)
{
    if (e->type == SDL_MOUSEMOTION) {
        s->cursor_t0 = tick;
        if (s->cursor_hidden) {
            SDL_ShowCursor(SDL_ENABLE);
            s->cursor_hidden = false;
        }
        SDL_FPoint p = gfx_to_canvas(g, e->motion.x, e->motion.y);
        ev->in[0] = (Input){.type = INPUT_MOVE, .x = p.x, .y = p.y};
    } else {
        if (e->button.button != SDL_BUTTON_LEFT)
            return false;
        SDL_FPoint p = gfx_to_canvas(g, e->button.x, e->button.y);
        ev->in[0] = (Input){.type = e->type == SDL_MOUSEBUTTONDOWN ? INPUT_PRESS : INPUT_RELEASE,
                            .x = p.x, .y = p.y};
    }
    ev->type = SCREEN_POINTER;
    ev->n = 1;
    return true;
}

/* One event: true with ev filled when it means something to the app. */
static bool screen_event(Screen *s, Gfx *g, DeckDev *dv, const SDL_Event *e, uint64_t tick, ScreenEvent *ev)
{
    switch (e->type) {
    case SDL_QUIT:
        ev->type = SCREEN_QUIT;
        return true;
    case SDL_RENDER_TARGETS_RESET:
    case SDL_RENDER_DEVICE_RESET:
        gfx_invalidate_caches(g);
        return false;
    case SDL_WINDOWEVENT:
        if (e->window.event == SDL_WINDOWEVENT_SIZE_CHANGED) {
            int w, h;
            SDL_GetRendererOutputSize(s->ren, &w, &h);
            if (gfx_set_output(g, w, h, &ev->err)) {
                ev->type = SCREEN_FAILED;
                return true;
            }
        }
        return false;
    case SDL_MOUSEMOTION:
    case SDL_MOUSEBUTTONDOWN:
    case SDL_MOUSEBUTTONUP:
        return mouse_event(s, g, e, tick, ev);
    case SDL_KEYDOWN:
        if (e->key.repeat)
            return false;
        ev->type = SCREEN_KEYS;
        ev->n = 1;
        ev->in[0] = (Input){.type = INPUT_KEY, .key = e->key.keysym.sym, .mod = e->key.keysym.mod};
        return true;
    default: /* the button deck's devices */
        ev->type = SCREEN_KEYS;
        ev->n = deckdev_event(dv, e, tick, ev->in);
        return ev->n > 0;
    }
}

bool screen_poll(Screen *s, Gfx *g, DeckDev *dv, uint64_t tick, ScreenEvent *ev)
{
    SDL_Event e;
    while (SDL_PollEvent(&e))
        if (screen_event(s, g, dv, &e, tick, ev))
            return true;
    return false;
}

uint64_t screen_now_us(void)
{
    static uint64_t freq;
    if (!freq)
        freq = SDL_GetPerformanceFrequency();
    uint64_t c = SDL_GetPerformanceCounter();
    return c / freq * 1000000u + c % freq * 1000000u / freq;
}

void screen_pace(const Screen *s, uint64_t t0_us, uint64_t frame_us)
{
    if (s->vsync)
        return;
    uint64_t spent = screen_now_us() - t0_us;
    if (spent < frame_us)
        SDL_Delay((Uint32)((frame_us - spent) / 1000));
}
