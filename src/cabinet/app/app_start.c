/* app_start.c - the App's start-up, step by step, and its end.
 *
 * app_run (app.c) calls these in order: a recording's flags taken (--playback), the session's
 * seed and clock and the flags checked that need nothing opened, the button deck's mapping,
 * the cabinet's memory opened and checked, the language (--lang, the operator's, the
 * environment's), the renderer's fonts, the deck's devices, the
 * canvas, sound and attract mode, the first scene chosen (a round left open first, a replay,
 * the operator menu on a locked memory), the recording begun; then the main loop runs, and
 * app_end closes what the steps opened. A step returns -1 with the message in err (the two
 * first say theirs themselves: nothing is open yet). These steps call nothing of app.c, so
 * the loop and its start-up do not call each other. */
#include "app_priv.h"

#include <SDL_ttf.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "gamedef.h"
#include "lang.h"
#include "qa.h"
#include "scenario.h"

uint64_t app_entropy_seed(void)
{
    uint64_t s = 0;
    int fd = open("/dev/urandom", O_RDONLY);
    if (fd >= 0) {
        if (read(fd, &s, sizeof s) != (ssize_t)sizeof s)
            s = 0;
        close(fd);
    }
    if (!s)
        s = SDL_GetPerformanceCounter() ^ ((uint64_t)getpid() << 32);
    return s;
}

/* The keys' names in a recording: SDL's (the play core's recording.c names none itself). */
static const RecordingKeys recording_keys = {SDL_GetKeyFromName, SDL_GetKeyName};

/* --playback: the recording's flags are the session's; one given that disagrees is wrong. */
int app_start_playback(App *a, const AppOptions *given)
{
    if (!given->playback)
        return 0;
    Error err;
    ReplayHeader *h = &a->play_h;
    if (!(a->play = playback_load(given->playback, &recording_keys, h, &err))) {
        error_print("slotcab: %s", err.msg);
        return -1;
    }
    const char *clash = NULL;
    if (h->has_seed && given->has_seed && given->seed != h->seed)
        clash = "--seed";
    else if (h->has_balance && given->balance_given && given->balance != h->balance)
        clash = "--balance";
    else if (h->has_game && given->game && strcmp(given->game, h->game))
        clash = "--game";
    else if (h->lang[0] && given->lang_given && strcmp(lang_code(), h->lang))
        clash = "--lang";
    if (clash) {
        error_print("slotcab: %s: not the value the recording %s was made with (line 1, field \"%s\")",
                    clash, given->playback, clash + 2);
        return -1;
    }
    if (h->has_seed) {
        a->opt.has_seed = true;
        a->opt.seed = h->seed;
    }
    if (h->has_balance)
        a->opt.balance = h->balance;
    if (h->lang[0] && !given->lang_given) { /* the language it began in: the same pixels */
        if (lang_use(h->lang, given->locale_dir, &err)) {
            error_print("slotcab: --playback %s: line 1, field \"lang\": %s", given->playback, err.msg);
            return -1;
        }
        a->opt.lang_given = true;
    }
    if (h->has_game)
        a->opt.game = h->game[0] ? h->game : NULL;
    if (h->win_w && !given->headless && !given->window_given) {
        a->opt.win_w = h->win_w;
        a->opt.win_h = h->win_h;
    }
    a->play_end = playback_end(a->play);
    return 0;
}

/* The session's seed and clock, and the flags that need nothing opened (--game, --shots). */
int app_start_session(App *a)
{
    const AppOptions *opt = &a->opt;
    /* a recorded session is a seeded one (its seed drawn here when none is given), so that
     * its playback plays the same rounds */
    if (opt->record && !opt->has_seed) {
        a->opt.has_seed = true;
        a->opt.seed = app_entropy_seed();
    }
    a->has_seed = opt->has_seed;
    a->seed_master = opt->has_seed ? opt->seed : app_entropy_seed();
    /* the session's clock: ticks from the recording's start when recording or playing back */
    a->tick_clock = opt->record || opt->playback;
    clock_parse(HEADLESS_CLOCK, &a->clock_base);
    if (opt->playback && a->play_h.has_clock)
        a->clock_base = a->play_h.clock;
    else if (!opt->headless)
        a->clock_base = (int64_t)time(NULL);
    a->clock_set = -1;
    char game_path[512];
    Error err;
    if (opt->game && gamedef_path(opt->games_dir, opt->game, game_path, sizeof game_path, &err)) {
        error_print("slotcab: --game: %s", err.msg);
        return -1;
    }
    if (opt->shots && mkdir(opt->shots, 0777) && errno != EEXIST) {
        error_print("slotcab: --shots: cannot create %s: %s", opt->shots, strerror(errno));
        return -1;
    }
    return 0;
}

/* The language the cabinet starts in: --lang's, else the operator's (the memory's
 * LANG_SETTING_KEY), else the environment's (main chose --lang's or the environment's); a
 * catalogue gone since the operator chose it is said, and the cabinet speaks what it spoke.
 * Attract mode comes back to it. */
void app_start_lang(App *a)
{
    char code[16];
    store_setting(a->store, LANG_SETTING_KEY, code, sizeof code);
    Error err;
    if (!a->opt.lang_given && code[0] && lang_use(code, a->opt.locale_dir, &err))
        error_print("slotcab: the operator's language: %s", err.msg);
    snprintf(a->home_lang, sizeof a->home_lang, "%s", lang_code());
}

/* The button deck's mapping: --deck FILE; in a window without it, the config folder's
 * deck.json when there is one; else (and headless) the built-in one. */
int app_start_deck(App *a, Error *err)
{
    const AppOptions *opt = &a->opt;
    char deck_path[600];
    deck_default_path(deck_path, sizeof deck_path);
    const char *deck_file = opt->deck_file ? opt->deck_file
                            : !opt->headless && deck_path[0] && !access(deck_path, F_OK) ? deck_path : NULL;
    if (!(a->deck_map = deck_new()))
        return error_set(err, "out of memory");
    if (deck_file && deck_load_file(a->deck_map, deck_file, err)) {
        Error e = *err;
        return error_set(err, "%s: %s", opt->deck_file ? "--deck" : "the button deck", e.msg);
    }
    return 0;
}

/* The cabinet's memory: the data folder, or (headless pictures and benchmarks without
 * --data-dir) a database in memory, so those runs keep nothing and depend on nothing; with
 * it QA's event log and --frame-stats, which the checks of QA mode's flags come after. */
int app_start_memory(App *a, Error *err)
{
    const AppOptions *opt = &a->opt;
    char dir[512];
    const char *data = opt->data_dir;
    if (!data && (!opt->headless || opt->replay)) { /* a replay's round is in the real memory */
        if (store_default_dir(dir, sizeof dir, err))
            return -1;
        data = dir;
    }
    if (opt->replay) {
        char file[600];
        snprintf(file, sizeof file, "%s/%s", data, STORE_FILE);
        if (access(file, F_OK))
            return error_set(err, "--replay %lld: there is no memory %s (give its folder with --data-dir)",
                             (long long)opt->replay, file);
    }
    a->real_store = a->store = store_open(data, STORE_CABINET, opt->balance, err);
    if (!a->store || !(a->evlog = evlog_create(opt->event_log, err)) ||
        (opt->frame_stats && !(a->fstats = framestats_open(opt->frame_stats, opt->stats_every, err))))
        return -1;
    if (qa_check_start(a, err))
        return -1;
    if (data)
        snprintf(a->snap_dir, sizeof a->snap_dir, "%s/shots", data);
    if (opt->headless && !opt->data_dir)
        store_fix_clock(a->store, HEADLESS_CLOCK); /* pictures independent of the day */
    return 0;
}

/* The memory's checks: a failure locks play (a window shows the lock and the integrity
 * report; nothing can be played) and ends a headless run. */
int app_start_check(App *a, Error *err)
{
    StoreCheck check;
    if (!store_check(a->store, &check))
        return 0;
    error_set(err, "%s: play is locked: %s (the file is left as it is; see slotcab --audit)",
              store_path(a->store), check.problems);
    if (a->opt.headless)
        return -1;
    error_print("slotcab: %s", err->msg);
    a->locked = true;
    a->status = 2;
    return 0;
}

/* After the renderer: fonts, the button deck's devices, the canvas, sound, attract mode. */
int app_start_devices(App *a, Error *err)
{
    const AppOptions *opt = &a->opt;
    if (TTF_Init())
        return error_set(err, "cannot start SDL_ttf: %s", TTF_GetError());
    if (!opt->headless || opt->pad_script) {
        a->deck = deckdev_open(a->deck_map, opt->pad_script, err);
        a->deck_map = NULL; /* the deck's now */
        if (!a->deck)
            return -1;
    }
    a->gfx = gfx_create(a->screen.ren, opt->assets_dir, err);
    if (!a->gfx)
        return -1;
    gfx_set_target(a->gfx, a->screen.target);
    gfx_record(a->gfx, opt->layout != NULL);
    a->audio = audio_create(opt->headless);
    /* attract: in a window (not recording or playing back, which replay ticks without it),
     * or headless when asked, or a headless soak's (its recording is made with it) */
    if (opt->attract || opt->soak || (!opt->headless && !opt->record && !opt->playback)) {
        if (!(a->attract = attract_create(a->gfx, opt->games_dir, opt->themes_dir, opt->assets_dir,
                                          opt->attract ? opt->game : NULL, err)))
            return -1;
        a->idle_s = attract_idle_seconds(a->store);
        a->idle_rounds = store_rounds_begun(a->store);
    }
    return 0;
}

/* --replay ROUND: the game of that round of the memory, into game; r is room for the round.
 * The round must be there and settled. */
static int replay_game(App *a, StoreRound *r, char *game, size_t size, Error *err)
{
    const int64_t id = a->opt.replay;
    bool found = false;
    Error why;
    if (store_open_round(a->store, r, &found, &why))
        return error_set(err, "--replay %lld: %s", (long long)id, why.msg);
    if (found && r->id == id)
        return error_set(err, "--replay %lld: round %lld is still open in %s (a cabinet finishes it when it "
                         "starts): only a settled round can be replayed", (long long)id, (long long)id,
                         store_path(a->store));
    if (store_round_load(a->store, id, r, &why))
        return error_set(err, "--replay %lld: no round %lld in %s (it holds %lld round(s))", (long long)id, (long long)id,
                         store_path(a->store), (long long)store_rounds_begun(a->store));
    snprintf(game, size, "%s", r->game);
    return 0;
}

/* --scenario's game, checked against --game; the first scene to open (*first: a game id in
 * game[size], APP_OPERATOR, or NULL for the lobby): a round left open by a crash is finished
 * first, in its own game; --replay opens its round's game. */
static int scenario_first(App *a, char *game, size_t size, const char **first, Error *err)
{
    const AppOptions *opt = &a->opt;
    char game_path[512];
    *first = opt->bench_frames ? NULL : opt->game; /* the benchmark starts in the lobby */
    if (!opt->scenario)
        return 0;
    if (scenario_peek_game(opt->scenario, game, size, err))
        return -1;
    if (gamedef_path(opt->games_dir, game, game_path, sizeof game_path, err)) {
        Error e = *err;
        return error_set(err, "%s: game: %s", opt->scenario, e.msg);
    }
    if (opt->game && strcmp(opt->game, game))
        return error_set(err, "--game %s: the scenario %s is for %s", opt->game, opt->scenario, game);
    *first = game;
    return 0;
}

int app_start_first(App *a, char *game, size_t size, const char **first, Error *err)
{
    const AppOptions *opt = &a->opt;
    if (scenario_first(a, game, size, first, err))
        return -1;
    StoreRound *open_round = malloc(sizeof *open_round);
    bool found = false;
    int rc = -1;
    if (!open_round || store_open_round(a->store, open_round, &found, err))
        goto out;
    if (found && opt->attract && opt->headless) { /* nobody would finish it: no attract over it */
        error_set(err, "--attract: %s holds a round of %s in play: open the cabinet to finish it first",
                  store_path(a->store), open_round->game);
        goto out;
    }
    if (opt->replay) { /* the round's game, on its replay; a round left open stays as it is */
        if (replay_game(a, open_round, game, size, err))
            goto out;
        *first = game;
        a->replay_next = opt->replay;
    } else if (found) {
        snprintf(game, size, "%s", open_round->game);
        *first = game;
    } else if (opt->operator_menu || a->locked) {
        *first = APP_OPERATOR;
    } else if (opt->attract) { /* --attract: the session begins in the lobby */
        *first = NULL;
        attract_begin(a->attract, 0);
    }
    rc = 0;
out:
    free(open_round);
    return rc;
}

/* --record: the recording's header (the session's seed, balance, clock and memory), written. */
int app_start_recording(App *a, Error *err)
{
    const AppOptions *opt = &a->opt;
    if (!opt->record)
        return 0;
    ReplayHeader h = {
        .has_seed = true, .seed = a->seed_master, .has_balance = true, .balance = opt->balance,
        .has_game = true, .win_w = opt->win_w, .win_h = opt->win_h, .headless = opt->headless,
        .has_clock = true, .clock = a->clock_base, .has_start = true,
        .start_balance = store_balance(a->store), .start_bonuses = store_bonuses(a->store),
        .start_rounds = store_rounds_begun(a->store),
    };
    if (!a->locked && replay_memory_id(a->store, h.memory, err))
        return -1;
    snprintf(h.game, sizeof h.game, "%s", opt->game ? opt->game : "");
    snprintf(h.version, sizeof h.version, "%s", opt->version ? opt->version : "");
    snprintf(h.lang, sizeof h.lang, "%s", lang_code());
    if (!(a->rec = recorder_open(opt->record, &recording_keys, &h, err)))
        return -1;
    return 0;
}

void app_end(App *a)
{
    recorder_close(a->rec);
    playback_free(a->play);
    if (a->has_scene)
        a->scene.destroy(a->scene.self);
    evlog_destroy(a->evlog);
    attract_free(a->attract);
    framestats_close(a->fstats);
    deckdev_close(a->deck);
    deck_free(a->deck_map);
    audio_destroy(a->audio);
    gfx_destroy(a->gfx);
    if (a->store != a->real_store)
        store_close(a->store);
    store_close(a->real_store);
    screen_close(&a->screen);
    if (TTF_WasInit())
        TTF_Quit();
    SDL_Quit();
    free(a);
}
