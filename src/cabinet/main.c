/* main.c - slotcab's command line.
 *
 * Every flag is checked before anything opens; a wrong flag or value gets one sentence
 * naming it and exit status 2. The one file that names the scenes: it hands their
 * constructors to the app. */
#include "app.h"
#include "checklayout.h"
#include "datadir.h"
#include "contact.h"
#include "fruit.h"
#include "lang.h"
#include "lobby.h"
#include "operator.h"
#include "readfile.h"
#include "slot.h"
#include "svgcache.h"
#include "theme.h"

#include <cjson/cJSON.h>

#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef SLOTCAB_VERSION
#define SLOTCAB_VERSION "dev"
#endif
#ifndef SLOTCAB_GAMES_DIR
#define SLOTCAB_GAMES_DIR "games"
#endif
#ifndef SLOTCAB_THEMES_DIR
#define SLOTCAB_THEMES_DIR "themes"
#endif
#ifndef SLOTCAB_SCENARIOS_DIR
#define SLOTCAB_SCENARIOS_DIR "tests/scenarios"
#endif
#ifndef SLOTCAB_ASSETS_DIR
#define SLOTCAB_ASSETS_DIR "assets"
#endif
#ifndef SLOTCAB_LOCALE_BUILD_DIR
#define SLOTCAB_LOCALE_BUILD_DIR "build/po"
#endif
#ifndef SLOTCAB_CONTACT_GOLDEN_DIR
#define SLOTCAB_CONTACT_GOLDEN_DIR "tests/golden/contact"
#endif

/* Sets o's data directories where no flag says (datadir.h: $SLOTCAB_DATA, the source tree
 * when run from the build, else the installed share/slotcab); returns the scenarios
 * directory. */
static const char *default_data_dirs(AppOptions *o)
{
    static char games[4200], themes[4200], assets[4200], scenarios[4200];
    const char *root = datadir_program_root();
    if (!root) {
        o->games_dir = SLOTCAB_GAMES_DIR;
        o->themes_dir = SLOTCAB_THEMES_DIR;
        o->assets_dir = SLOTCAB_ASSETS_DIR;
        return SLOTCAB_SCENARIOS_DIR;
    }
    snprintf(games, sizeof games, "%s/games", root);
    snprintf(themes, sizeof themes, "%s/themes", root);
    snprintf(assets, sizeof assets, "%s/assets", root);
    snprintf(scenarios, sizeof scenarios, "%s/scenarios", root);
    o->games_dir = games;
    o->themes_dir = themes;
    o->assets_dir = assets;
    return scenarios;
}

static const char usage[] =
    "usage: slotcab [options]\n"
    "\n"
    "The slot cabinet: a lobby of four games, played in a window.\n"
    "\n"
    "  --game ID           open this game instead of the lobby (e.g. mona-lisa-jewels); headless,\n"
    "                      with --scenario, --autoplay, --bench-frames, --playback or --pad-script\n"
    "  --seed N            make play deterministic: round k uses a seed derived from N and k\n"
    "  --balance AMOUNT    demo credits to start with, e.g. 1000.00 (default 1000.00)\n"
    "  --window WxH        window size (default 1280x720); the canvas is 1920x1080, letterboxed\n"
    "  --data-dir DIR      where the cabinet keeps its memory (default $XDG_DATA_HOME/slotcab,\n"
    "                      else ~/.local/share/slotcab); a new one starts with --balance\n"
    "  --audit             print the balance, meters and integrity as JSON; exit 0 when sound\n"
    "  --operator          open the operator menu (also Ctrl+Alt+O between rounds); the\n"
    "                      first time, it sets the operator's PIN\n"
    "  --pin-file FILE     the operator's PIN, from the first line of FILE (headless runs); FILE\n"
    "                      must be private (chmod 600). 3 wrong PINs lock the door 1 min, each\n"
    "                      next 3 twice as long (to 60 min) until the right PIN; real time only\n"
    "  --fresh-memory      keep the memory aside as slotcab.db.kept-<UTC time> and start a\n"
    "                      new one with --balance (a deliberate fresh start; nothing is deleted)\n"
    "  --fullscreen        start fullscreen (F11 toggles); F12 saves the window as a PNG (5 a\n"
    "                      run outside QA mode)\n"
    "                      (slotcab-GAME-rROUND-tTICK.png in --shots DIR, else DATA-DIR/shots)\n"
    "  --record FILE       keep every input with its tick in FILE (JSON lines, flushed as it goes)\n"
    "  --playback FILE     play a recording's inputs instead of the player's, with its seed,\n"
    "                      balance and game; headless it ends with the recording, in a window\n"
    "                      the player takes over. Only on the memory it was made on as it stood\n"
    "                      then, or on a fresh one when it began on one; at most 64 MiB\n"
    "  --attract           start in attract mode at once (it also starts by itself after the\n"
    "                      operator's idle time, 60 s unless set); with --game, only that\n"
    "                      game's showcase; headless (with --shots DIR) one whole loop, then end\n"
    "  --kiosk             the trade-show stand: fullscreen, the cursor hidden when still, the\n"
    "                      window's close, Escape, Alt+F4 and QA's keys ignored; Ctrl+Alt+Shift+Q\n"
    "                      opens the operator's door, and Q on its pages (behind the PIN) ends\n"
    "                      it with status 10; SIGTERM ends it with 0 (see slotcab-kiosk)\n"
    "  --qa                QA mode (not with --kiosk): the scenario picker (F3), the event log\n"
    "                      (F2), --event-log and F12 past 5 pictures; also the operator's setting\n"
    "  --frame-stats FILE  a window's health for the soak: every --stats-every SECONDS (default\n"
    "                      60) a JSON line of each frame's work (p50, p99, worst), the interval\n"
    "                      between frames (p99, worst), resident memory and open file\n"
    "                      descriptors (scripts/soak.sh)\n"
    "  --deck FILE         the button deck: which game controller or joystick button does what\n"
    "                      (JSON; default $XDG_CONFIG_HOME/slotcab/deck.json when it exists,\n"
    "                      else built in: A spin, B collect, X/Y/RB hold 1-3, LB bet, Start\n"
    "                      auto, Back back, LT game change, RT autoplay; see slotcab(6))\n"
    "\n"
    "For QA (no window):\n"
    "  --headless          no window: software renderer on a surface, time stepped without sleeping\n"
    "  --scenario FILE     play this scenario file (the engine's format; see slotsim)\n"
    "  --scenario-dir DIR  QA: a tester's scenario files, listed in the game's picker (F3)\n"
    "  --event-log FILE    QA: each engine event as the cabinet presents it, a JSON line each\n"
    "                      (F2 shows them beside the game); in a window, QA mode only\n"
    "  --shots DIR         save a PNG at each named moment into DIR (alone: the lobby's)\n"
    "  --size WxH          headless output size (default 1920x1080)\n"
    "  --open PAGE         after the scenario, open PAGE and shoot it: paytable, rules,\n"
    "                      history, options, autospin, bet (a game with a bet list's Bet\n"
    "                      Settings), recall (the last round, spin by spin), or all of them\n"
    "  --check-layout      render every page (the lobby; every game's scenarios and the data's,\n"
    "                      at each moment and every 30 ticks between, with every window after\n"
    "                      it; attract; the operator's pages; the low balance dialog) and print\n"
    "                      JSON naming each string drawn without a box, cut, outside its box,\n"
    "                      over another string or element, covered out of the planes' order,\n"
    "                      below 4.5:1 contrast or the theme's min_text_px; exit 1 if any\n"
    "  --scenarios DIR     only these scenarios for --check-layout\n"
    "  --contact-sheet DIR play every named scenario of every game in the lobby (--game ID: of\n"
    "                      one), each in a fresh memory, and write DIR/index.html: a card per\n"
    "                      scenario with its key frames, and beside a frame that differs from\n"
    "                      its golden the golden and a difference picture; --size (default\n"
    "                      480x270 here) and --scenario-dir too. Exit 0 when no frame differs,\n"
    "                      1 when one does, 2 on bad input or a scenario not played\n"
    "  --golden DIR        the contact sheet's goldens, DIR/<game>/<scenario>-<moment>.png\n"
    "                      (default: the source tree's tests/golden/contact, when it exists;\n"
    "                      in Spanish (--lang es) tests/golden/contact-es)\n"
    "  --bench-frames N    headless benchmark: frame times while reels spin and wins animate\n"
    "  --autoplay N        headless: play N rounds through the store (with --game or --scenario)\n"
    "  --shot-every N      with --playback and --shots: save the frame every N ticks (tNNNNNN.png)\n"
    "  --soak N            with --playback: the soak on the cabinet's clock (scripts/soak.sh\n"
    "                      --headless): attract when idle, as in a window; a frame drawn every N\n"
    "                      ticks; --frame-stats every --stats-every seconds of cabinet time\n"
    "  --pad-script FILE   press a virtual game controller's (or joystick's) buttons at the ticks\n"
    "                      FILE gives (\"30 pad a down\"); the run ends with it (see slotcab(6))\n"
    "  --replay ROUND      play a settled round of the memory again from its journal (its id, as\n"
    "                      the recall shows it), with the live round's animation and its choices;\n"
    "                      nothing in the memory changes. With --headless --shots DIR it saves the\n"
    "                      moments a live headless run saves; in a window it ends at the recall\n"
    "\n"
    "  --games DIR, --themes DIR, --assets DIR   where the data is (defaults: under\n"
    "                      $SLOTCAB_DATA; else the source tree when run from the build;\n"
    "                      else the installed share/slotcab)\n"
    "  --lang CODE         the language: en or es (default: LANGUAGE, LC_ALL, LC_MESSAGES\n"
    "                      or LANG, else English); money is written its way (1.234,56 \xE2\x82\xAC).\n"
    "                      The Spanish catalogue (po/es.po) is being written: words it\n"
    "                      lacks are shown in English\n"
    "  --help, --version\n";

static int bad(const char *flag, const char *what)
{
    error_print("slotcab: %s: %s (see slotcab --help)", flag, what);
    return 2;
}

static int parse_size(const char *flag, const char *v, int *w, int *h)
{
    char *end;
    errno = 0;
    long x = strtol(v, &end, 10);
    if (end == v || *end != 'x' || errno)
        return bad(flag, "expected WIDTHxHEIGHT, e.g. 1280x720");
    const char *hs = end + 1;
    long y = strtol(hs, &end, 10);
    if (end == hs || *end || errno)
        return bad(flag, "expected WIDTHxHEIGHT, e.g. 1280x720");
    if (x < 320 || y < 180 || x > 7680 || y > 4320)
        return bad(flag, "size must be between 320x180 and 7680x4320");
    *w = (int)x;
    *h = (int)y;
    return 0;
}

static int parse_u64(const char *flag, const char *v, uint64_t *out)
{
    char *end;
    errno = 0;
    if (!*v || *v == '-')
        return bad(flag, "expected a whole number of 0 or more");
    unsigned long long x = strtoull(v, &end, 10);
    if (*end || errno)
        return bad(flag, "expected a whole number of 0 or more");
    *out = x;
    return 0;
}

/* "1000", "1000.5", "1000.50" -> minor units (two decimals). */
static int parse_money(const char *flag, const char *v, Money *out)
{
    Money units = 0;
    int decimals = -1;
    const char *p = v;
    if (!*p)
        return bad(flag, "expected an amount such as 1000.00");
    for (; *p; p++) {
        if (*p == '.' && decimals < 0) {
            decimals = 0;
            continue;
        }
        if (*p < '0' || *p > '9' || decimals >= 2)
            return bad(flag, "expected an amount such as 1000.00 (at most 2 decimals)");
        if (units > (Money)1e13)
            return bad(flag, "amount too large (at most 100,000,000,000.00)");
        units = units * 10 + (*p - '0');
        if (decimals >= 0)
            decimals++;
    }
    for (int d = decimals < 0 ? 0 : decimals; d < 2; d++)
        units *= 10;
    *out = units;
    return 0;
}

/* --fresh-memory: the operator's deliberate fresh start; the old memory is kept beside. */
static int fresh_memory(const AppOptions *o)
{
    char dir[512];
    Error err;
    const char *data = o->data_dir;
    if (!data && store_default_dir(dir, sizeof dir, &err)) {
        error_print("slotcab: --fresh-memory: %s", err.msg);
        return 2;
    }
    char kept[640];
    if (store_fresh_start(data ? data : dir, o->balance, kept, sizeof kept, &err)) {
        error_print("slotcab: --fresh-memory: %s", err.msg);
        return 2;
    }
    Store *s = store_open(data ? data : dir, STORE_CABINET, o->balance, &err);
    if (!s || store_oplog_add(s, "fresh start", kept, &err)) {
        error_print("slotcab: --fresh-memory: %s", err.msg);
        store_close(s);
        return 2;
    }
    store_close(s);
    char shown[1300];
    printf("slotcab: the old memory is kept as %s; a new memory starts with %lld.%02lld\n",
           error_escape(shown, sizeof shown, kept),
           (long long)(o->balance / 100), (long long)(o->balance % 100));
    return 0;
}

/* --audit: the store's balance, meters and checks as JSON; 0 when both checks pass. */
static int audit(const AppOptions *o)
{
    char dir[512];
    Error err;
    const char *data = o->data_dir;
    if (!data) {
        if (store_default_dir(dir, sizeof dir, &err)) {
            error_print("slotcab: --audit: %s", err.msg);
            return 2;
        }
        data = dir;
    }
    Store *s = store_open(data, STORE_AUDIT, 0, &err);
    char *json = NULL;
    if (!s || store_audit_json(s, true, &json, &err)) {
        error_print("slotcab: --audit: %s", err.msg);
        store_close(s);
        return 2;
    }
    cJSON *parsed = cJSON_Parse(json); /* the verdict is the one printed, from its snapshot */
    int rc = cJSON_IsTrue(cJSON_GetObjectItem(parsed, "integrity_ok")) &&
             cJSON_IsTrue(cJSON_GetObjectItem(parsed, "reconciled")) ? 0 : 1;
    cJSON_Delete(parsed);
    puts(json);
    free(json);
    store_close(s);
    return rc;
}

/* A game's scene, by the kind its theme names: the fruit machine, else the video slot. */
static int game_scene(App *a, const char *game_id, Scene *out, Error *err)
{
    char kind[16];
    if (theme_peek_kind(app_options(a)->themes_dir, game_id, kind, sizeof kind, err))
        return -1;
    return !strcmp(kind, "fruit") ? fruit_create(a, game_id, out, err) : slot_create(a, game_id, out, err);
}

/* --contact-sheet DIR: what goes with it is checked here; contact.c plays and writes it. */
static int contact_run(AppOptions *o, bool check, const char *dir, const char *golden, int w, int h)
{
    const char *clash = o->scenario ? "--scenario" : o->shots ? "--shots" : o->open ? "--open"
                        : o->autoplay ? "--autoplay" : o->bench_frames ? "--bench-frames"
                        : o->data_dir ? "--data-dir" : o->operator_menu ? "--operator"
                        : o->record ? "--record" : o->playback ? "--playback" : o->event_log ? "--event-log"
                        : o->has_seed ? "--seed" : o->balance_given ? "--balance"
                        : check ? "--check-layout" : NULL;
    if (clash) {
        char what[200];
        snprintf(what, sizeof what, "not with %s (%s)", clash,
                 !strcmp(clash, "--data-dir") ? "each scenario plays in a fresh memory of its own, never the cabinet's"
                 : !strcmp(clash, "--scenario") ? "it plays every named scenario itself; --game ID for one game's"
                 : "it plays each named scenario headless, as its file says");
        return bad("--contact-sheet", what);
    }
    o->win_w = w;
    o->win_h = h;
    /* the goldens of the language spoken: tests/golden/contact in English, contact-<code> in
     * another (a frame without its golden is marked so, never compared with English) */
    static char lang_golden[sizeof SLOTCAB_CONTACT_GOLDEN_DIR + 16];
    snprintf(lang_golden, sizeof lang_golden, "%s%s%s", SLOTCAB_CONTACT_GOLDEN_DIR, strcmp(lang_code(), "en") ? "-" : "",
             strcmp(lang_code(), "en") ? lang_code() : "");
    if (!golden && !access(lang_golden, F_OK))
        golden = lang_golden;
    static const AppScenes scenes = {lobby_create, game_scene, operator_create};
    const ContactDesc d = {.base = o, .out_dir = dir, .golden_dir = golden, .game = o->game};
    o->game = NULL;
    svgcache_keep(true); /* a cabinet a scenario, one after another, on the same art */
    const int rc = contact_sheet(&d, &scenes);
    svgcache_keep(false);
    return rc;
}

/* What the command line asked for: the cabinet's options and what only main() reads. */
typedef struct Flags {
    AppOptions o;
    bool size_given, window_given, fresh, check;
    const char *scenarios, *contact, *golden, *lang;
    int size_w, size_h;
} Flags;

#define GO_ON (-1)    /* a flag taken (or the flags agree): on to the next */
#define NOT_MINE (-2) /* not one of this function's flags */

/* The flags that take a value (the next argument). */
static bool takes_value(const char *f)
{
    static const char *const valued[] = {"--game", "--seed", "--balance", "--window", "--scenario", "--shots", "--size", "--open", "--bench-frames", "--games", "--themes", "--assets", "--data-dir", "--autoplay", "--pin-file", "--scenarios", "--scenario-dir", "--record", "--playback", "--event-log", "--frame-stats", "--stats-every", "--contact-sheet", "--golden", "--deck", "--pad-script", "--replay", "--shot-every", "--soak", "--lang"};
    for (size_t i = 0; i < sizeof valued / sizeof *valued; i++)
        if (!strcmp(f, valued[i]))
            return true;
    return false;
}

/* A flag without a value: GO_ON, an exit status (--help, --version), or NOT_MINE. */
static int parse_switch(Flags *fl, const char *f)
{
    if (!strcmp(f, "--help") || !strcmp(f, "-h")) {
        fputs(usage, stdout);
        return 0;
    } else if (!strcmp(f, "--version")) {
        printf("slotcab %s\n", SLOTCAB_VERSION);
        return 0;
    } else if (!strcmp(f, "--fullscreen")) {
        fl->o.fullscreen = true;
    } else if (!strcmp(f, "--attract")) {
        fl->o.attract = true;
    } else if (!strcmp(f, "--kiosk")) {
        fl->o.kiosk = true;
    } else if (!strcmp(f, "--qa")) {
        fl->o.qa = true;
    } else if (!strcmp(f, "--headless")) {
        fl->o.headless = true;
    } else if (!strcmp(f, "--operator")) {
        fl->o.operator_menu = true;
    } else if (!strcmp(f, "--audit")) {
        fl->o.audit = true;
    } else if (!strcmp(f, "--fresh-memory")) {
        fl->fresh = true;
    } else if (!strcmp(f, "--check-layout")) {
        fl->check = true;
    } else {
        return NOT_MINE;
    }
    return GO_ON;
}

/* A flag whose value is a number: GO_ON, 2 after a message, or NOT_MINE. */
static int parse_number_flag(Flags *fl, const char *f, const char *v)
{
    int rc = 0;
    if (!strcmp(f, "--seed")) {
        rc = parse_u64(f, v, &fl->o.seed);
        fl->o.has_seed = true;
    } else if (!strcmp(f, "--balance")) {
        rc = parse_money(f, v, &fl->o.balance);
        fl->o.balance_given = true;
    } else if (!strcmp(f, "--window")) {
        rc = parse_size(f, v, &fl->o.win_w, &fl->o.win_h);
        fl->window_given = fl->o.window_given = true;
    } else if (!strcmp(f, "--size")) {
        rc = parse_size(f, v, &fl->size_w, &fl->size_h);
        fl->size_given = true;
    } else if (!strcmp(f, "--stats-every")) {
        uint64_t n;
        rc = parse_u64(f, v, &n);
        if (!rc && (n < 1 || n > 3600))
            return bad(f, "expected a number of seconds from 1 to 3600");
        fl->o.stats_every = (int)n;
    } else if (!strcmp(f, "--soak")) {
        uint64_t n;
        rc = parse_u64(f, v, &n);
        if (!rc && (n < 1 || n > 3600))
            return bad(f, "expected a number of ticks from 1 to 3600 (a frame drawn every N)");
        fl->o.soak = (int)n;
    } else if (!strcmp(f, "--bench-frames")) {
        uint64_t n;
        rc = parse_u64(f, v, &n);
        if (!rc && (n < 1 || n > 1000000))
            return bad(f, "expected a number of frames from 1 to 1000000");
        fl->o.bench_frames = (int)n;
    } else if (!strcmp(f, "--autoplay")) {
        uint64_t n;
        rc = parse_u64(f, v, &n);
        if (!rc && (n < 1 || n > 100000000))
            return bad(f, "expected a number of rounds from 1 to 100000000");
        fl->o.autoplay = (int)n;
    } else if (!strcmp(f, "--shot-every")) {
        uint64_t n;
        rc = parse_u64(f, v, &n);
        if (!rc && (n < 1 || n > 1000000))
            return bad(f, "expected a number of ticks from 1 to 1000000");
        fl->o.shot_every = (int)n;
    } else if (!strcmp(f, "--replay")) {
        uint64_t n;
        rc = parse_u64(f, v, &n);
        if (!rc && (n < 1 || n > (uint64_t)INT64_MAX))
            return bad(f, "expected a round's id, a whole number from 1 (as the recall shows it)");
        fl->o.replay = (int64_t)n;
    } else {
        return NOT_MINE;
    }
    return rc ? rc : GO_ON;
}

/* A flag whose value is a file, a folder or a name: GO_ON, 2 after a message, or NOT_MINE. */
static int parse_text_flag(Flags *fl, const char *f, const char *v)
{
    if (!strcmp(f, "--game")) {
        fl->o.game = v;
    } else if (!strcmp(f, "--scenario")) {
        fl->o.scenario = v;
    } else if (!strcmp(f, "--event-log")) {
        fl->o.event_log = v;
    } else if (!strcmp(f, "--frame-stats")) {
        fl->o.frame_stats = v;
    } else if (!strcmp(f, "--scenario-dir")) {
        DIR *d = opendir(v);
        if (!d) {
            error_print("slotcab: --scenario-dir %s: cannot read that folder: %s", v, strerror(errno));
            return 2;
        }
        closedir(d);
        fl->o.scenario_dir = v;
    } else if (!strcmp(f, "--shots")) {
        fl->o.shots = v;
    } else if (!strcmp(f, "--open")) {
        if (strcmp(v, "paytable") && strcmp(v, "rules") && strcmp(v, "history") &&
            strcmp(v, "options") && strcmp(v, "autospin") && strcmp(v, "recall") &&
            strcmp(v, "bet") && strcmp(v, "scenarios") && strcmp(v, "low-balance") && strcmp(v, "all"))
            return bad(f, "unknown page (known: paytable, rules, history, options, autospin, bet, recall, scenarios, low-balance, all)");
        fl->o.open = v;
    } else if (!strcmp(f, "--data-dir")) {
        fl->o.data_dir = v;
    } else if (!strcmp(f, "--pin-file")) {
        fl->o.pin_file = v;
    } else if (!strcmp(f, "--record")) {
        fl->o.record = v;
    } else if (!strcmp(f, "--playback")) {
        fl->o.playback = v;
    } else if (!strcmp(f, "--deck")) {
        fl->o.deck_file = v;
    } else if (!strcmp(f, "--pad-script")) {
        fl->o.pad_script = v;
    } else if (!strcmp(f, "--scenarios")) {
        fl->scenarios = v;
    } else if (!strcmp(f, "--contact-sheet")) {
        if (!*v)
            return bad(f, "needs a folder for the page and its pictures");
        fl->contact = v;
    } else if (!strcmp(f, "--golden")) {
        fl->golden = v;
    } else if (!strcmp(f, "--games")) {
        fl->o.games_dir = v;
    } else if (!strcmp(f, "--themes")) {
        fl->o.themes_dir = v;
    } else if (!strcmp(f, "--assets")) {
        fl->o.assets_dir = v;
    } else if (!strcmp(f, "--lang")) {
        fl->lang = v;
    } else {
        return NOT_MINE;
    }
    return GO_ON;
}

/* The flags read one by one: GO_ON, or the exit status (--help, --version, a bad flag). */
static int parse_flags(Flags *fl, int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        const char *f = argv[i];
        int rc = parse_switch(fl, f);
        if (rc == NOT_MINE) {
            if (!takes_value(f))
                return bad(f, "unknown option");
            if (i + 1 >= argc)
                return bad(f, "needs a value");
            const char *v = argv[++i];
            rc = parse_number_flag(fl, f, v);
            if (rc == NOT_MINE)
                rc = parse_text_flag(fl, f, v);
        }
        if (rc != GO_ON)
            return rc;
    }
    return GO_ON;
}

/* The flags that must agree before anything opens the memory: GO_ON, or 2 after a message. */
static int check_first(Flags *fl)
{
    struct stat shots_st;
    if (fl->o.shots && !stat(fl->o.shots, &shots_st) && !S_ISDIR(shots_st.st_mode)) {
        error_print("slotcab: --shots %s: not a folder (the pictures go in one)", fl->o.shots);
        return 2;
    }
    if (fl->o.stats_every && !fl->o.frame_stats)
        return bad("--stats-every", "only with --frame-stats FILE");
    if (!fl->o.stats_every)
        fl->o.stats_every = 60;
    if (fl->o.soak && (!fl->o.headless || !fl->o.playback || fl->o.attract || fl->o.shot_every))
        return bad("--soak", !fl->o.headless || !fl->o.playback ? "only with --headless --playback FILE"
                   : fl->o.attract ? "not with --attract (attract begins when idle)" : "not with --shot-every");
    if (fl->o.headless && fl->o.frame_stats && !fl->o.soak)
        return bad("--frame-stats", "headless only with --soak (else --bench-frames times the frames)");
    if (fl->o.audit && fl->fresh)
        return bad("--fresh-memory", "not with --audit");
    return GO_ON;
}

/* The rest of the flags' combinations: GO_ON, or 2 after a message naming the flag. */
static int check_flags(Flags *fl)
{
    /* a window takes --shots as F12's folder */
    if (!fl->o.headless && (fl->o.scenario || fl->size_given || fl->o.bench_frames || fl->o.open ||
                        fl->o.autoplay || fl->check || fl->scenarios || fl->o.shot_every || fl->contact || fl->o.pad_script))
        return bad(fl->contact ? "--contact-sheet" : fl->o.scenario ? "--scenario" : fl->o.shot_every ? "--shot-every"
                   : fl->size_given ? "--size" : fl->o.pad_script ? "--pad-script"
                   : fl->o.open ? "--open" : fl->o.autoplay ? "--autoplay" : fl->check ? "--check-layout"
                   : fl->scenarios ? "--scenarios" : "--bench-frames",
                   "only with --headless");
    if ((fl->o.record || fl->o.playback) && (fl->o.scenario || fl->o.autoplay || fl->o.bench_frames || fl->check || fl->o.open ||
                                     fl->o.operator_menu))
        return bad(fl->o.record ? "--record" : "--playback",
                   fl->o.scenario ? "not with --scenario (a scenario plays itself)"
                   : fl->o.autoplay ? "not with --autoplay" : fl->o.bench_frames ? "not with --bench-frames"
                   : fl->check ? "not with --check-layout" : fl->o.open ? "not with --open" : "not with --operator");
    if (fl->o.replay && (fl->o.scenario || fl->o.autoplay || fl->o.bench_frames || fl->check || fl->o.open || fl->o.operator_menu ||
                     fl->o.record || fl->o.playback || fl->o.game))
        return bad("--replay", fl->o.scenario ? "not with --scenario (the round replays its own)"
                   : fl->o.autoplay ? "not with --autoplay" : fl->o.bench_frames ? "not with --bench-frames"
                   : fl->check ? "not with --check-layout" : fl->o.open ? "not with --open"
                   : fl->o.operator_menu ? "not with --operator" : fl->o.record ? "not with --record"
                   : fl->o.playback ? "not with --playback" : "not with --game (the round names its game)");
    if (fl->o.record && fl->o.playback && !strcmp(fl->o.record, fl->o.playback))
        return bad("--record", "not the file --playback reads");
    if (fl->o.headless && fl->o.record && !fl->o.playback && !fl->o.pad_script)
        return bad("--record", "a headless run has no input to record: use it in a window, or with --playback or --pad-script");
    if (fl->o.pad_script && (fl->o.playback || fl->o.scenario || fl->o.autoplay || fl->o.bench_frames || fl->check || fl->o.open))
        return bad("--pad-script", fl->o.playback ? "not with --playback (one source of input at a time)"
                   : fl->o.scenario ? "not with --scenario (a scenario plays itself)" : fl->o.autoplay ? "not with --autoplay"
                   : fl->o.bench_frames ? "not with --bench-frames" : fl->check ? "not with --check-layout" : "not with --open");
    if (fl->o.shot_every && (!fl->o.playback || !fl->o.shots))
        return bad("--shot-every", "only with --headless --playback FILE --shots DIR");
    if (fl->scenarios && !fl->check)
        return bad("--scenarios", "only with --check-layout");
    if (fl->golden && !fl->contact)
        return bad("--golden", "only with --contact-sheet");
    if (fl->check && (fl->o.scenario || fl->o.bench_frames || fl->o.autoplay || fl->o.open || fl->o.operator_menu ||
                  fl->o.data_dir || fl->o.game))
        return bad(fl->o.scenario ? "--scenario" : fl->o.bench_frames ? "--bench-frames"
                   : fl->o.autoplay ? "--autoplay" : fl->o.open ? "--open" : fl->o.operator_menu ? "--operator"
                   : fl->o.data_dir ? "--data-dir" : "--game",
                   "not with --check-layout (it plays every page itself)");
    if (fl->o.kiosk && fl->o.qa)
        return bad("--qa", "not with --kiosk (a kiosk is never in QA mode)");
    if (fl->o.kiosk && (fl->o.headless || fl->window_given || fl->o.operator_menu || fl->o.record || fl->o.playback))
        return bad("--kiosk", fl->o.headless ? "not with --headless (a kiosk is a window)"
                   : fl->window_given ? "not with --window (a kiosk fills the screen)"
                   : fl->o.operator_menu ? "not with --operator (Ctrl+Alt+O opens it, behind its PIN)"
                   : "not with --record or --playback");
    if (fl->o.kiosk)
        fl->o.fullscreen = true;
    if (fl->o.attract && (fl->o.scenario || fl->o.autoplay || fl->o.bench_frames || fl->check || fl->o.open || fl->o.operator_menu ||
                      fl->o.record || fl->o.replay || fl->o.pad_script))
        return bad("--attract", fl->o.scenario ? "not with --scenario (attract plays the showcases)"
                   : fl->o.autoplay ? "not with --autoplay" : fl->o.bench_frames ? "not with --bench-frames"
                   : fl->check ? "not with --check-layout" : fl->o.open ? "not with --open"
                   : fl->o.operator_menu ? "not with --operator" : fl->o.replay ? "not with --replay"
                   : fl->o.pad_script ? "not with --pad-script" : "not with --record");
    if (fl->o.headless && (fl->window_given || fl->o.fullscreen))
        return bad(fl->window_given ? "--window" : "--fullscreen", "not with --headless (use --size)");
    return GO_ON;
}

/* The language: --lang's, else the environment's (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), its
 * catalogue beside the data (build/po run from the build, else <datadir>/locale). A catalogue
 * --lang asks for must be there; one the environment asks for falls back to English. */
static int speak(const char *flag, AppOptions *o)
{
    static char dir[4200];
    const char *root = datadir_program_root();
    if (root)
        snprintf(dir, sizeof dir, "%s/../locale", root);
    else
        snprintf(dir, sizeof dir, "%s", SLOTCAB_LOCALE_BUILD_DIR);
    o->locale_dir = dir;
    o->lang_given = flag != NULL;
    Error err;
    if (!lang_use(flag ? flag : lang_from_env(), dir, &err))
        return GO_ON;
    if (flag)
        return bad("--lang", err.msg);
    error_print("slotcab: %s; speaking English", err.msg);
    return GO_ON;
}

int main(int argc, char **argv)
{
    Flags fl = {.o = {.win_w = 1280, .win_h = 720, .balance = 100000, .version = SLOTCAB_VERSION},
                .size_w = 1920, .size_h = 1080};
    AppOptions *o = &fl.o;
    const char *default_scenarios = default_data_dirs(o);
    int rc = parse_flags(&fl, argc, argv);
    if (rc == GO_ON)
        rc = check_first(&fl);
    if (rc != GO_ON)
        return rc;
    if (o->audit)
        return audit(o);
    if (fl.fresh)
        return fresh_memory(o);
    if ((rc = check_flags(&fl)) != GO_ON || (rc = speak(fl.lang, o)) != GO_ON)
        return rc;
    if (o->headless) {
        o->win_w = fl.size_w;
        o->win_h = fl.size_h;
        if (fl.contact)
            return contact_run(o, fl.check, fl.contact, fl.golden, fl.size_given ? fl.size_w : 480, fl.size_given ? fl.size_h : 270);
        if (!o->scenario && !o->bench_frames && !o->autoplay && !o->shots && !fl.check && !o->playback && !o->pad_script &&
            !o->replay && !o->attract)
            return bad("--headless", "needs --scenario FILE, --autoplay N, --bench-frames N, --check-layout, --playback FILE, --pad-script FILE, --replay ROUND, --attract or --shots DIR");
        if (o->autoplay && !o->scenario && !o->game)
            return bad("--autoplay", "needs --game ID or --scenario FILE");
        if (o->game && !o->scenario && !o->autoplay && !o->bench_frames && !o->playback && !o->pad_script &&
            !o->attract)
            return bad("--game", "headless, needs --scenario FILE, --autoplay N, --bench-frames N, --playback FILE "
                       "or --pad-script FILE: nothing would play the game, and the run would never end");
        if (o->autoplay && o->bench_frames)
            return bad("--autoplay", "not with --bench-frames");
    }
    static const AppScenes scenes = {lobby_create, game_scene, operator_create};
    if (fl.check)
        return checklayout_run(o, fl.scenarios ? fl.scenarios : default_scenarios, !fl.scenarios, &scenes);
    return app_run(o, &scenes);
}
