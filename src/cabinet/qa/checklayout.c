/* checklayout.c - slotcab --headless --check-layout: every page of the cabinet, judged.
 *
 * The lobby (and its answer to a coming-soon tile); every scenario of every game
 * (games/<id>/scenarios/, each .json) and of the test suite's folder (or only --scenarios DIR),
 * each at its named moments, at a frame every LAYOUT_EVERY ticks through what moves between
 * them (count-ups, celebrations, battles, banners), and with every window and dialog opened
 * after it; attract mode (the lobby's turn, each showcase with its caption); the operator's
 * door and pages (behind a PIN made for the run); and each game's low balance dialog (SPIN
 * pressed by a virtual controller on a memory of one cent, when no --data-dir is given). Each scenario is one run of the cabinet,
 * fresh, one after another on the same cached art. The report is layout.c's, on stdout. */
#include "checklayout.h"

#include "readfile.h"
#include "svgcache.h"

#include <cjson/cJSON.h>

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define LAYOUT_EVERY 30 /* ticks between the frames sampled between named moments */
#define MAX_FILES 512

/* The game a scenario file names, into out ("" when it names none or cannot be read: then
 * the run itself says what is wrong with the file). */
static void scenario_game(const char *path, char *out, size_t size)
{
    out[0] = 0;
    char *text;
    if (readfile_all(path, path, READFILE_JSON_MAX, &text, NULL, NULL))
        return;
    cJSON *root = cJSON_Parse(text);
    free(text);
    const cJSON *game = cJSON_GetObjectItemCaseSensitive(root, "game");
    if (cJSON_IsString(game))
        snprintf(out, size, "%s", game->valuestring);
    cJSON_Delete(root);
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The names in dir ending in `ext` (or, ext NULL, the folders), sorted, into names from *n
 * on; -1 when dir cannot be read. */
static int list_dir(const char *dir, const char *ext, char **names, int *n)
{
    DIR *d = opendir(dir);
    if (!d)
        return -1;
    const int first = *n;
    struct dirent *e;
    while ((e = readdir(d)) && *n < MAX_FILES) {
        const size_t len = strlen(e->d_name);
        if (e->d_name[0] == '.')
            continue;
        if (ext ? len > strlen(ext) && !strcmp(e->d_name + len - strlen(ext), ext) : e->d_type == DT_DIR)
            names[(*n)++] = strdup(e->d_name);
    }
    closedir(d);
    qsort(names + first, (size_t)(*n - first), sizeof *names, by_name);
    return 0;
}

typedef struct Scenario {
    char *path;
    char *prefix; /* the pages' prefix: "<name>" (the test suite's), "<game>/<name>" */
} Scenario;

/* Every scenario to play: each game's named ones, then dir's (only dir's when given). */
static int list_scenarios(const AppOptions *base, const char *dir, bool games, Scenario *out, int *n)
{
    char *names[MAX_FILES];
    int nn = 0;
    if (games && list_dir(base->games_dir, NULL, names, &nn) == 0) {
        for (int i = 0; i < nn; i++) {
            char sdir[1024];
            snprintf(sdir, sizeof sdir, "%s/%s/scenarios", base->games_dir, names[i]);
            char *files[MAX_FILES];
            int nf = 0;
            list_dir(sdir, ".json", files, &nf); /* a game with none: nothing */
            for (int j = 0; j < nf; j++) {
                char path[1400], prefix[300];
                snprintf(path, sizeof path, "%s/%s", sdir, files[j]);
                snprintf(prefix, sizeof prefix, "%s/%.*s", names[i], (int)strlen(files[j]) - 5, files[j]);
                if (*n < MAX_FILES)
                    out[(*n)++] = (Scenario){strdup(path), strdup(prefix)};
                free(files[j]);
            }
        }
        for (int i = 0; i < nn; i++)
            free(names[i]);
        nn = 0;
    }
    if (list_dir(dir, ".json", names, &nn)) {
        error_print("slotcab: --scenarios %s: cannot read the folder: %s", dir, strerror(errno));
        return 2;
    }
    for (int i = 0; i < nn; i++) {
        char path[1400], prefix[300];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        snprintf(prefix, sizeof prefix, "%.*s", (int)strlen(names[i]) - 5, names[i]);
        if (*n < MAX_FILES)
            out[(*n)++] = (Scenario){strdup(path), strdup(prefix)};
        free(names[i]);
    }
    return 0;
}

/* One run of the cabinet, its pages named "<prefix>/<moment>". What it prints on stdout (a
 * controller attached) goes to stderr: stdout is the report's. */
static int run_pages(const AppOptions *o, Layout *l, const char *prefix, const AppScenes *scenes)
{
    AppOptions run = *o;
    run.layout = l;
    run.shots = NULL;
    run.shot_every = LAYOUT_EVERY;
    run.page_prefix = prefix;
    layout_begin_run(l, prefix);
    fflush(stdout);
    const int out = dup(STDOUT_FILENO);
    if (out >= 0)
        dup2(STDERR_FILENO, STDOUT_FILENO);
    const int rc = app_run(&run, scenes);
    fflush(stdout);
    if (out >= 0) {
        dup2(out, STDOUT_FILENO);
        close(out);
    }
    return rc;
}

int checklayout_run(const AppOptions *base, const char *scenarios, bool games, const AppScenes *scenes)
{
    Scenario *sc = calloc(MAX_FILES, sizeof *sc);
    int n = 0, rc = sc ? list_scenarios(base, scenarios, games, sc, &n) : 2;
    Layout *l = rc ? NULL : layout_new();
    char pin_path[] = "/tmp/slotcab-layout-pin-XXXXXX";
    int fd = l ? mkstemp(pin_path) : -1;
    if (!rc && (fd < 0 || write(fd, "2468\n", 5) != 5)) {
        error_print("slotcab: --check-layout: cannot make a PIN file: %s", strerror(errno));
        rc = 2;
    }
    if (fd >= 0)
        close(fd);
    /* a virtual controller presses SPIN once (on a memory in memory, of a cent) */
    char pad_path[] = "/tmp/slotcab-layout-pad-XXXXXX";
    const char pad[] = "0 pad attach\n30 pad a down\n32 pad a up\n150 end\n";
    int pfd = rc ? -1 : mkstemp(pad_path);
    if (!rc && (pfd < 0 || write(pfd, pad, sizeof pad - 1) != (ssize_t)(sizeof pad - 1))) {
        error_print("slotcab: --check-layout: cannot make a pad script: %s", strerror(errno));
        rc = 2;
    }
    if (pfd >= 0)
        close(pfd);
    char *games_shown[MAX_FILES];
    int ngames = 0;
    if (!rc && !base->data_dir && list_dir(base->games_dir, NULL, games_shown, &ngames) == 0)
        for (int i = 0; i < ngames; i++) { /* those with a theme */
            char theme[1200];
            snprintf(theme, sizeof theme, "%s/%s/theme.json", base->themes_dir, games_shown[i]);
            if (access(theme, F_OK)) {
                free(games_shown[i]);
                games_shown[i--] = games_shown[--ngames];
            }
        }
    svgcache_keep(true); /* dozens of cabinets, one after another, on the same art */
    if (!rc)
        rc = run_pages(base, l, "lobby", scenes);
    for (int i = 0; i < n && !rc; i++) {
        char game[128], theme[1200];
        scenario_game(sc[i].path, game, sizeof game);
        snprintf(theme, sizeof theme, "%s/%s/theme.json", base->themes_dir, game);
        if (game[0] && access(theme, F_OK)) { /* a game the cabinet cannot show yet */
            layout_skip(l, sc[i].prefix, "its game has no theme: the cabinet cannot play it yet");
            continue;
        }
        AppOptions o = *base;
        o.scenario = sc[i].path;
        o.open = "all";
        rc = run_pages(&o, l, sc[i].prefix, scenes);
    }
    for (int i = 0; i < ngames && !rc; i++) { /* the low balance dialog: SPIN with a cent */
        AppOptions o = *base;
        o.game = games_shown[i];
        o.balance = 1;
        o.pad_script = pad_path;
        char prefix[160];
        snprintf(prefix, sizeof prefix, "low-balance/%s", games_shown[i]);
        rc = run_pages(&o, l, prefix, scenes);
    }
    if (!rc) { /* attract: the lobby's turn and every showcase's caption */
        AppOptions o = *base;
        o.attract = true;
        rc = run_pages(&o, l, "attract", scenes);
    }
    for (int pass = 0; pass < 2 && !rc; pass++) {
        AppOptions o = *base;
        o.operator_menu = true;
        o.pin_file = pass ? pin_path : NULL; /* the door that asks for a new PIN, then the pages */
        rc = run_pages(&o, l, "operator", scenes);
    }
    if (fd >= 0)
        unlink(pin_path);
    if (pfd >= 0)
        unlink(pad_path);
    for (int i = 0; i < ngames; i++)
        free(games_shown[i]);
    for (int i = 0; i < n; i++) {
        free(sc[i].path);
        free(sc[i].prefix);
    }
    free(sc);
    if (!rc) {
        int problems = layout_print(l, stdout);
        rc = problems < 0 ? 2 : problems > 0;
    }
    layout_free(l);
    svgcache_keep(false);
    return rc;
}
