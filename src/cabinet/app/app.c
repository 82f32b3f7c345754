/* app.c - the main loop: an integer microsecond clock feeding fixed 60 Hz ticks.
 *
 * In a window, the loop reads the performance counter, turns it into microseconds, clamps
 * a long frame (a dragged window, a debugger stop) to a quarter second so logic never
 * races to catch up, runs as many ticks as the accumulator holds and draws once. Headless,
 * each pass is exactly one tick and drawing happens only when a scene asks for a
 * screenshot (or every tick for --bench-frames, every N for --soak N), onto a software
 * renderer over a surface. The window, its events and the counter are the platform's
 * (platform/screen.c): the loop hands on what it reports, as the player's input or a quit.
 * Scene changes asked during a tick happen after it, in apply_switch(). app_run starts the
 * App with the steps of app_start.c, runs the loop and ends it (app_end). */
#include "app_priv.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "keys.h"
#include "lang.h"
#include "qa.h"
#include "rng.h"

EvLog *app_evlog(App *a) { return a->evlog; }

/* "€1,234.56" in English, "1.234,56 €" in Spanish (core/lang.h). */
void app_money_text(Money v, char *out, size_t size) { lang_money(v, out, size); }

void app_open_on(App *a, const char *game_id, AppOpenOn on)
{
    app_open(a, game_id);
    a->open_on = on;
}

AppOpenOn app_take_open_on(App *a)
{
    AppOpenOn on = a->open_on;
    a->open_on = APP_ON_PLAY;
    return on;
}

void app_open_replay(App *a, const char *game_id, int64_t round)
{
    app_open(a, game_id);
    a->replay_next = round;
}

int64_t app_take_replay(App *a)
{
    a->replay_shown = a->replay_next;
    a->replay_next = 0;
    return a->replay_shown;
}

Gfx *app_gfx(App *a) { return a->gfx; }
Audio *app_audio(App *a) { return a->audio; }
const AppOptions *app_options(const App *a) { return &a->opt; }
uint64_t app_tick(const App *a) { return a->tick + a->tick_shift; } /* mod 2^64 */

void app_replay_clock(App *a, uint64_t tick) { a->tick_shift = tick - a->tick; }

void app_replay_tag_at(App *a, SDL_FRect box) { a->tag_box = box; }
Store *app_store(App *a) { return a->store; }
Money app_balance(App *a) { return store_balance(a->store); }
bool app_headless(const App *a) { return a->opt.headless; }
bool app_quitting(const App *a) { return a->quit; }

/* With --seed, round k of the cabinet's life (counted in the store, so a restart goes on
 * where it stopped) uses seed k of the master seed; without, fresh entropy each round. */
uint64_t app_next_seed(App *a)
{
    if (a->has_seed)
        return rng_round_seed(a->seed_master, (uint64_t)store_rounds_begun(a->store));
    return rng_round_seed(a->seed_master, (uint64_t)store_rounds_begun(a->store)) ^ app_entropy_seed();
}

bool app_locked(const App *a) { return a->locked; }
bool app_attract(const App *a) { return attract_on(a->attract); }

const char *app_scenario(const App *a)
{
    return attract_on(a->attract) ? attract_scenario(a->attract) : a->opt.scenario;
}

bool app_scenario_over(App *a)
{
    if (!attract_on(a->attract))
        return false;
    attract_item_over(a->attract, a->tick);
    return true;
}
bool app_playback(const App *a) { return a->play != NULL || deckdev_scripted(a->deck); }

int64_t app_now(const App *a)
{
    if (a->tick_clock || a->opt.headless)
        return a->clock_base + (int64_t)(a->tick / APP_HZ);
    return (int64_t)time(NULL);
}

void app_note_round(App *a, const char *game, int64_t round)
{
    snprintf(a->noted_game, sizeof a->noted_game, "%s", game ? game : "");
    a->noted_round = round;
    qa_note_round(a, round);
}

/* The store's timestamps follow the session's clock when it is made of ticks: a memory in
 * RAM's only (store_fix_clock); one on disk keeps the real time whatever a recording says. */
static void sync_clock(App *a)
{
    if (!a->tick_clock || !a->store)
        return;
    int64_t now = app_now(a);
    if (now == a->clock_set)
        return;
    char text[24];
    clock_text(now, text);
    store_fix_clock(a->store, text);
    a->clock_set = now;
}

/* Every input a scene gets passes here: recorded (--record), then handed over. */
static void hand_input(App *a, const Input *in)
{
    if (!a->has_scene || a->quit)
        return;
    if (!attract_on(a->attract) && qa_refuse_key(a, in)) /* F2, F3 outside QA mode: not even */
        return;                                         /* recorded, so a playback plays alike */
    Error err;
    if (a->rec && recorder_input(a->rec, a->tick, in, &err)) {
        app_fail(a, &err);
        recorder_close(a->rec); /* one message, not one per input */
        a->rec = NULL;
        return;
    }
    a->idle_t0 = a->tick;
    if (INPUT_IS_QUIT_CHORD(in)) {
        if (!a->opt.kiosk) { /* the operator's quit */
            app_operator_quit(a);
        } else if (attract_on(a->attract)) { /* a kiosk's: the operator's door (Q inside quits) */
            attract_end(a->attract);
            app_open(a, APP_OPERATOR);
        } else if (!a->replay_shown && strcmp(a->cur_game, "operator")) { /* as Ctrl+Alt+O does */
            a->scene.input(a->scene.self, &(Input){.type = INPUT_KEY, .key = SDLK_o, .mod = KMOD_CTRL | KMOD_ALT});
        }
        return;
    }
    if (attract_on(a->attract)) { /* nothing reaches a showcase: a key or a click ends it */
        if (in->type == INPUT_KEY || in->type == INPUT_PRESS) {
            attract_end(a->attract);
            app_open(a, NULL);
            a->eat_release = in->type == INPUT_PRESS;
        }
        return;
    }
    if (in->type == INPUT_PRESS || in->type == INPUT_RELEASE) {
        bool eat = a->eat_release && in->type == INPUT_RELEASE;
        a->eat_release = false;
        if (eat)
            return;
    }
    if (in->type == INPUT_KEY && in->key == KEY_EVENT_LOG) { /* QA: the event log beside the game */
        evlog_toggle(a->evlog);
        return;
    }
    if (a->replay_shown) { /* a replay plays by itself: Esc stops it, back to the recall */
        if (in->type == INPUT_KEY && in->key == SDLK_ESCAPE)
            app_open_on(a, a->cur_game, APP_ON_RECALL);
        return;
    }
    a->scene.input(a->scene.self, in);
}

/* A key, from the keyboard or the button deck: F11 and F12 are the window's, the rest go to
 * the scene. A playback ignores the player until its end. */
static void press_key(App *a, const Input *in)
{
    if (a->play)
        return;
    if (in->key == KEY_FULLSCREEN)
        app_toggle_fullscreen(a);
    else if (in->key == KEY_SCREENSHOT) /* saved once this frame is drawn */
        a->want_snap = true;
    else
        hand_input(a, in);
}

/* --playback: the inputs due at this tick, before its update; at the recording's end a
 * headless run quits and a window hands the cabinet to the player. */
static void play_due(App *a)
{
    Input in;
    while (a->play && !a->quit && playback_next(a->play, a->tick, &in))
        hand_input(a, &in);
    if (a->play && !a->quit && a->tick >= a->play_end) {
        if (a->opt.headless) {
            app_quit(a, 0);
        } else {
            error_print("slotcab: --playback %s: played to its end (tick %llu); the cabinet is yours",
                        a->opt.playback, (unsigned long long)a->tick);
            playback_free(a->play);
            a->play = NULL;
        }
    }
}

void app_open(App *a, const char *game_id)
{
    if (a->locked && (!game_id || strcmp(game_id, APP_OPERATOR)))
        return;
    a->want_switch = true;
    snprintf(a->want_game, sizeof a->want_game, "%s", game_id ? game_id : "");
}

void app_speak(App *a, const char *code)
{
    if (!code || !strcmp(code, lang_code()))
        return;
    snprintf(a->want_lang, sizeof a->want_lang, "%s", code);
    app_open(a, strcmp(a->cur_game, "lobby") ? a->cur_game : NULL);
}

int app_home_language(App *a, const char *code, Error *err)
{
    if (lang_use(code && *code ? code : lang_from_env(), a->opt.locale_dir, err))
        return -1;
    snprintf(a->home_lang, sizeof a->home_lang, "%s", lang_code());
    return 0;
}

void app_quit(App *a, int status)
{
    if (a->opt.kiosk && status == 0 && !a->chord)
        return; /* a kiosk ends only by the operator's chord (or a failure) */
    a->quit = true;
    if (status > a->status)
        a->status = status;
}

void app_operator_quit(App *a)
{
    a->chord = true;
    app_quit(a, a->opt.kiosk ? APP_EXIT_OPERATOR : 0);
}

void app_fail(App *a, const Error *err)
{
    error_print("slotcab: %s", err->msg);
    app_quit(a, 2);
}

void app_toggle_fullscreen(App *a)
{
    if (!a->opt.kiosk)
        screen_toggle_fullscreen(&a->screen);
}

void app_shot(App *a, const char *name)
{
    if (!attract_on(a->attract) && shots_shoot(a, name)) /* a showcase's: attract takes its own */
        app_quit(a, 2);
}

/* A showcase plays on a demo memory of its own, made fresh for each; every other scene on
 * the cabinet's. When the memory changes, the old scene goes first (what it saves as it
 * goes, it saves into the memory it played on). */
static int swap_memory(App *a, Error *err)
{
    const bool demo = attract_on(a->attract) && a->want_game[0] && strcmp(a->want_game, APP_OPERATOR);
    if (!demo && a->store == a->real_store)
        return 0;
    if (a->has_scene) {
        evlog_round(a->evlog, NULL, NULL, 0, 0);
        a->scene.destroy(a->scene.self);
        a->has_scene = false;
    }
    if (a->store != a->real_store)
        store_close(a->store);
    a->store = a->real_store;
    if (demo) {
        Store *d = store_open(NULL, STORE_CABINET, ATTRACT_DEMO_BALANCE, err);
        if (!d)
            return -1;
        char now[24];
        clock_text(app_now(a), now);
        store_fix_clock(d, now);
        a->store = d;
    }
    return 0;
}

/* The one place scenes change. */
static void apply_switch(App *a)
{
    if (!a->want_switch)
        return;
    a->want_switch = false;
    Scene next;
    Error err;
    if (a->want_lang[0] && lang_use(a->want_lang, a->opt.locale_dir, &err))
        error_print("slotcab: %s; the language is unchanged", err.msg); /* a catalogue gone since */
    a->want_lang[0] = '\0';
    a->replay_shown = 0; /* a game scene that takes a replay sets it (app_take_replay) */
    const uint64_t shift = a->tick_shift;
    a->tick_shift = 0; /* and its clock (app_replay_clock), and its tag's place */
    a->tag_box = (SDL_FRect){660, 6, 600, 52};
    a->forced_round = 0; /* the next scene notes its round (app_note_round) */
    if (evlog_shown(a->evlog) && !app_qa(a)) /* the operator turned QA mode off */
        evlog_toggle(a->evlog);
    if (swap_memory(a, &err)) {
        app_fail(a, &err);
        return;
    }
    if (a->attract && a->store == a->real_store) /* the operator may have changed it */
        a->idle_s = attract_idle_seconds(a->store);
    int rc = !strcmp(a->want_game, APP_OPERATOR) ? a->scenes.operator_menu(a, &next, &err)
             : a->want_game[0]                     ? a->scenes.game(a, a->want_game, &next, &err)
                                                   : a->scenes.lobby(a, &next, &err);
    if (rc) {
        a->tick_shift = shift;
        app_fail(a, &err);
        return;
    }
    evlog_round(a->evlog, NULL, NULL, 0, 0); /* the old scene's machine goes */
    if (a->has_scene)
        a->scene.destroy(a->scene.self);
    a->scene = next;
    a->has_scene = true;
    snprintf(a->cur_game, sizeof a->cur_game, "%s",
             !strcmp(a->want_game, APP_OPERATOR) ? "operator" : a->want_game[0] ? a->want_game : "lobby");
    screen_title(&a->screen, a->cur_game); /* the window's: a task bar's, the soak's driver's */
}

/* The window's events and input (screen.c), handed on: a key (the keyboard's or the deck's)
 * as press_key() says, the mouse to the scene. */
static void pump(App *a)
{
    ScreenEvent ev;
    while (screen_poll(&a->screen, a->gfx, a->deck, a->tick, &ev)) {
        if (ev.type == SCREEN_QUIT)
            app_quit(a, 0);
        else if (ev.type == SCREEN_FAILED)
            app_fail(a, &ev.err);
        else if (ev.type == SCREEN_KEYS)
            for (int i = 0; i < ev.n; i++)
                press_key(a, &ev.in[i]);
        else if (!a->play) /* a playback ignores the player until its end */
            hand_input(a, &ev.in[0]);
    }
}

/* The button deck before each tick: --pad-script's steps due (their device events read now,
 * as a window's are each frame; its end ends the run), then the buttons held long enough. */
static void deck_due(App *a)
{
    if (!a->deck || a->quit)
        return;
    Error err;
    int end = deckdev_script(a->deck, a->tick, &err);
    if (end) {
        if (end < 0)
            app_fail(a, &err);
        else
            app_quit(a, 0);
        return;
    }
    if (deckdev_scripted(a->deck))
        pump(a);
    Input keys[DECK_OUT_MAX];
    int n = deckdev_tick(a->deck, a->tick, keys);
    for (int i = 0; i < n; i++)
        press_key(a, &keys[i]);
}

static long peak_rss_kb(void)
{
    struct rusage ru;
    return getrusage(RUSAGE_SELF, &ru) ? -1 : ru.ru_maxrss;
}

static int cmp_u64(const void *x, const void *y)
{
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return a < b ? -1 : a > b;
}

/* Attract begins when nobody has touched the cabinet, and no round has begun, for the
 * operator's idle time, in the lobby or in a game between rounds, not in the operator menu
 * or while QA's replay plays (checked once a second). */
static void idle_check(App *a)
{
    if (!a->attract || attract_on(a->attract) || a->locked || a->quit || a->want_switch)
        return;
    if (a->idle_s <= 0 || !strcmp(a->cur_game, "operator") || a->replay_shown) { /* a replay plays */
        a->idle_t0 = a->tick;
        return;
    }
    if ((a->tick - a->idle_t0) % APP_HZ)
        return;
    int64_t begun = store_rounds_begun(a->store);
    if (begun != a->idle_rounds) {
        a->idle_rounds = begun;
        a->idle_t0 = a->tick;
        return;
    }
    if (a->tick - a->idle_t0 < (uint64_t)a->idle_s * APP_HZ)
        return;
    StoreRound *r = malloc(sizeof *r);
    bool open = true;
    Error err;
    if (r && store_open_round(a->store, r, &open, &err))
        open = true;
    free(r);
    if (open) /* a round waits for the player: it is theirs to finish */
        return;
    attract_begin(a->attract, a->tick);
    if (strcmp(lang_code(), a->home_lang)) /* the next visitor meets the cabinet's language */
        snprintf(a->want_lang, sizeof a->want_lang, "%s", a->home_lang);
    app_open(a, NULL);
}

/* A tick of the attract session: its pictures, and the scene it shows next. */
static void attract_step(App *a)
{
    char shot[96];
    AttractStep st = attract_tick(a->attract, a->tick, shot, sizeof shot);
    if (shot[0] && shots_shoot(a, shot))
        app_quit(a, 2);
    if (st == ATTRACT_OPEN_GAME)
        app_open(a, attract_game(a->attract));
    else if (st == ATTRACT_OPEN_LOBBY || (st == ATTRACT_DONE && (!a->opt.headless || a->opt.soak)))
        app_open(a, NULL);
    else if (st == ATTRACT_DONE)
        app_quit(a, 0); /* headless: one whole loop */
}

static int open_screen(App *a, Error *err)
{
    const AppOptions *o = &a->opt;
    ScreenSpec spec = {.headless = o->headless, .fullscreen = o->fullscreen, .kiosk = o->kiosk,
                       .w = o->win_w, .h = o->win_h};
    return screen_open(&a->screen, &spec, err);
}

static void tick_once(App *a)
{
    a->drawn_this_tick = false;
    if (a->has_scene)
        a->scene.update(a->scene.self);
    a->tick++;
    sync_clock(a);
    if (attract_on(a->attract) && !a->quit)
        attract_step(a);
    idle_check(a);
    apply_switch(a);
}

/* Headless: one tick per pass, no sleeping; --bench-frames draws every tick and times it. */
static void run_headless(App *a, uint64_t start_us)
{
    int n = a->opt.bench_frames;
    uint64_t *frame = n > 0 ? calloc((size_t)n, sizeof *frame) : NULL;
    uint64_t first_frame_us = 0;
    int f = 0;
    if (n > 0) {
        app_draw_frame(a);
        first_frame_us = screen_now_us() - start_us;
    }
    while (!a->quit && (n <= 0 || f < n)) {
        uint64_t t0 = screen_now_us();
        /* SIGTERM or SIGINT (SDL turns them into a quit request): stop between ticks, as a
         * window does; a round in play is journaled and comes back at the next start */
        if ((a->tick & 63) == 0 && screen_quit_requested()) {
            app_quit(a, 0);
            break;
        }
        play_due(a);
        deck_due(a);
        if (a->quit)
            break;
        tick_once(a);
        if (a->opt.soak && !a->quit && a->tick % (uint64_t)a->opt.soak == 0) { /* --soak: drawn, sampled */
            app_draw_frame(a);
            framestats_frame_at(a->fstats, a->tick * APP_TICK_US, screen_now_us(), screen_now_us() - t0,
                                attract_on(a->attract) ? "attract" : a->cur_game);
        }
        if (n > 0 && !a->quit) {
            app_draw_frame(a);
            frame[f++] = screen_now_us() - t0;
        }
        /* --shot-every (and --check-layout's samples): the frame after every N ticks' updates */
        if (a->opt.shot_every && !a->quit && a->tick % (uint64_t)a->opt.shot_every == 0 && shots_every(a))
            app_quit(a, 2);
    }
    if (n > 0) {
        qsort(frame, (size_t)f, sizeof *frame, cmp_u64);
        double p50 = f ? (double)frame[f / 2] / 1000 : 0;
        double p99 = f ? (double)frame[(size_t)((double)f * 0.99)] / 1000 : 0;
        printf("frames %d at %dx%d (software renderer)\n", f, a->opt.win_w, a->opt.win_h);
        printf("frame_ms_p50 %.3f\nframe_ms_p99 %.3f\n", p50, p99);
        printf("startup_ms %.1f\n", (double)first_frame_us / 1000);
        printf("peak_rss_mb %.1f\n", (double)peak_rss_kb() / 1024);
    }
    free(frame);
}

#define KIOSK_CURSOR_TICKS (3 * APP_HZ) /* the kiosk's cursor hides after this still */

static void run_window(App *a)
{
    uint64_t last = screen_now_us(), acc = 0;
    while (!a->quit) {
        pump(a);
        if (screen_signalled()) { /* the system's: a clean end (a launcher not asked starts it again) */
            a->chord = true;
            app_quit(a, 0);
        }
        if (a->opt.kiosk)
            screen_hide_still_cursor(&a->screen, a->tick, KIOSK_CURSOR_TICKS);
        uint64_t t = screen_now_us(), dt = t - last;
        last = t;
        if (dt > 250000)
            dt = 250000;
        acc += dt;
        while (acc >= APP_TICK_US && !a->quit) {
            play_due(a);
            deck_due(a);
            if (a->quit)
                break;
            tick_once(a);
            acc -= APP_TICK_US;
        }
        app_draw_frame(a);
        if (a->want_snap)
            shots_snap(a);
        uint64_t drawn = screen_now_us(); /* the frame's work done; presenting may wait for the screen */
        gfx_present(a->gfx);
        framestats_frame(a->fstats, screen_now_us(), drawn - t, a->cur_game);
        screen_pace(&a->screen, t, APP_TICK_US); /* no vsync: sleep until the next tick is due */
    }
}

int app_run(const AppOptions *opt, const AppScenes *scenes)
{
    uint64_t start_us = screen_now_us();
    App *a = calloc(1, sizeof *a);
    if (!a) {
        error_print("slotcab: out of memory");
        return 2;
    }
    a->opt = *opt;
    a->scenes = *scenes;
    if (app_start_playback(a, opt) || app_start_session(a)) { /* said; nothing is open yet */
        playback_free(a->play);
        free(a);
        return 2;
    }
    Error err = {{0}};
    int status = 2;
    char game[48];
    const char *first = NULL;
    if (app_start_deck(a, &err) || app_start_memory(a, &err))
        goto fail;
    app_start_lang(a);
    sync_clock(a);
    if (app_start_check(a, &err))
        goto fail;
    if (a->play && a->locked) /* said above: no recording plays on a locked memory */
        goto done;
    /* the memory must be the one the recording began on, where it began */
    if ((a->play && replay_bind_memory(&a->play_h, a->store, a->opt.playback, &err)) ||
        open_screen(a, &err) || app_start_devices(a, &err) ||
        app_start_first(a, game, sizeof game, &first, &err) || app_start_recording(a, &err))
        goto fail;
    app_open(a, first);
    apply_switch(a);
    a->replay_next = 0;
    if (!a->quit) {
        if (a->opt.headless)
            run_headless(a, start_us);
        else
            run_window(a);
    }
    status = a->status;
    if (a->rec && recorder_end(a->rec, a->tick, &err)) {
        error_print("slotcab: %s", err.msg);
        status = 2;
    }
    goto done;
fail:
    error_print("slotcab: %s", err.msg);
done:
    app_end(a);
    return status;
}
