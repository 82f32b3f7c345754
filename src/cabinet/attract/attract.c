/* attract.c - attract mode's playlists, timeline and banner.
 *
 * The playlists are read once, when a cabinet that may show attract starts: a game's
 * themes/<id>/showcase.json ({"showcase": [{"scenario": "01-line-win.json", "caption":
 * "..."}, ...]}, each scenario a file of games/<id>/scenarios/ of that game), or its named
 * scenarios with their titles. The timeline is a small state machine on ticks: the lobby
 * for LOBBY_TICKS, then each item of a game's playlist until its scene says it has played
 * (or ITEM_MAX_TICKS passed), its caption held HOLD_TICKS more, then the lobby and the next
 * game. Captions are presentation (themes/), never math. */
#include "attract.h"
#include "app.h"
#include "jsonfile.h"
#include "lang.h"
#include "scenario.h"
#include "theme.h"

#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define LOBBY_TICKS (APP_HZ * 8)      /* the lobby's step */
#define LOBBY_SHOT 240                /* its picture, this far in (a tile mid-sweep) */
#define HOLD_TICKS (APP_HZ * 5 / 2)   /* a caption stays after its scenario has played */
#define HOLD_SHOT 20                  /* a showcase's picture, this far into the hold */
#define ITEM_MAX_TICKS (APP_HZ * 120) /* a scenario that never says it is over is cut */
#define SLIDE_TICKS 24                /* the banner slides in */
#define WORDS_TICKS 10                /* then its words fade in */
#define ITEMS_MAX 64
#define CAPTION_MAX 160

typedef struct ShowItem {
    char path[600];
    char caption[CAPTION_MAX];
} ShowItem;

typedef struct ShowGame {
    char id[48], name[64];
    bool bottom; /* the banner at the screen's foot (showcase.json's "banner"), clear of what
                  * the game shows at its top (a jackpot meter, the PRIZE counter) */
    int n;
    ShowItem item[ITEMS_MAX];
} ShowGame;

typedef enum Phase { PHASE_OFF, PHASE_LOBBY, PHASE_SHOW, PHASE_HOLD } Phase;

struct Attract {
    ShowGame *games;
    int ngames;
    Phase phase;
    uint64_t t0;    /* the phase's start */
    int game, item; /* in games[] and its playlist */
    int shown;      /* games shown since the session began */
    GfxFont caption, small, badge;
};

int attract_idle_seconds(Store *s)
{
    char v[32];
    store_setting(s, ATTRACT_IDLE_KEY, v, sizeof v);
    char *end;
    long n = strtol(v, &end, 10);
    return v[0] && !*end && n >= 0 && n <= ATTRACT_IDLE_MAX ? (int)n : ATTRACT_IDLE_DEFAULT;
}

static bool is_file(const char *path)
{
    struct stat st;
    return !stat(path, &st) && S_ISREG(st.st_mode);
}

/* A scenario file's title ("" when it has none or cannot be read). */
static void scenario_title(const char *path, char *out, size_t size)
{
    Error ignored;
    JsonFile jf = {.file = path, .err = &ignored};
    cJSON *root;
    out[0] = 0;
    if (jf_parse(&jf, path, &root))
        return;
    const cJSON *t = cJSON_GetObjectItemCaseSensitive(root, "title");
    if (cJSON_IsString(t))
        snprintf(out, size, "%s", t->valuestring);
    cJSON_Delete(root);
}

static int by_path(const void *a, const void *b)
{
    return strcmp(((const ShowItem *)a)->path, ((const ShowItem *)b)->path);
}

/* No showcase.json: every named scenario of the game, its title as caption. */
static void default_playlist(ShowGame *sg, const char *games_dir)
{
    char dir[512];
    snprintf(dir, sizeof dir, "%s/%s/scenarios", games_dir, sg->id);
    DIR *d = opendir(dir);
    if (!d)
        return;
    struct dirent *e;
    while ((e = readdir(d)) && sg->n < ITEMS_MAX) {
        size_t len = strlen(e->d_name);
        if (len < 6 || strcmp(e->d_name + len - 5, ".json"))
            continue;
        ShowItem *it = &sg->item[sg->n];
        if ((size_t)snprintf(it->path, sizeof it->path, "%s/%s", dir, e->d_name) >= sizeof it->path)
            continue; /* a path longer than any scenario's: not one of the game's */
        char game[48];
        Error ignored;
        if (scenario_peek_game(it->path, game, sizeof game, &ignored) || strcmp(game, sg->id))
            continue;
        scenario_title(it->path, it->caption, sizeof it->caption);
        if (!it->caption[0])
            snprintf(it->caption, sizeof it->caption, "%.*s", (int)(len - 5), e->d_name);
        sg->n++;
    }
    closedir(d);
    qsort(sg->item, (size_t)sg->n, sizeof *sg->item, by_path);
}

/* themes/<id>/showcase.json, checked: every item a scenario of this game and a caption. */
static int load_showcase(ShowGame *sg, const char *path, const char *games_dir, Error *err)
{
    JsonFile jf = {.file = path, .err = err};
    cJSON *root = NULL;
    const cJSON *list;
    static const char *const top[] = {"showcase", "banner", NULL}, *const keys[] = {"scenario", "caption", NULL};
    int rc = -1;
    if (jf_parse(&jf, path, &root))
        return -1;
    if (!cJSON_IsObject(root)) {
        jf_fail(&jf, "", "expected a JSON object {\"showcase\": [...]}");
        goto done;
    }
    if (jf_only(&jf, root, "", top) || jf_array(&jf, root, "showcase", "", &list))
        goto done;
    if (cJSON_GetObjectItemCaseSensitive(root, "banner")) {
        char where[16];
        if (jf_string(&jf, root, "banner", "", where, sizeof where))
            goto done;
        if (strcmp(where, "top") && strcmp(where, "bottom")) {
            jf_fail(&jf, "banner", "expected \"top\" or \"bottom\", got \"%s\"", where);
            goto done;
        }
        sg->bottom = !strcmp(where, "bottom");
    }
    int n = cJSON_GetArraySize(list);
    if (n < 1 || n > ITEMS_MAX) {
        jf_fail(&jf, "showcase", "expected 1 to %d items, got %d", ITEMS_MAX, n);
        goto done;
    }
    for (int i = 0; i < n; i++) {
        char p[64], file[256], game[48];
        jf_path_index(p, sizeof p, "showcase", i);
        const cJSON *o = cJSON_GetArrayItem(list, i);
        ShowItem *it = &sg->item[i];
        if (!cJSON_IsObject(o)) {
            jf_fail(&jf, p, "expected an object {\"scenario\", \"caption\"}");
            goto done;
        }
        if (jf_only(&jf, o, p, keys) || jf_string(&jf, o, "scenario", p, file, sizeof file) ||
            jf_string(&jf, o, "caption", p, it->caption, sizeof it->caption))
            goto done;
        if (!file[0] || strchr(file, '/')) {
            jf_fail(&jf, p, "scenario \"%s\": the file name of one of %s/%s/scenarios/", file, games_dir, sg->id);
            goto done;
        }
        snprintf(it->path, sizeof it->path, "%s/%s/scenarios/%s", games_dir, sg->id, file);
        Error why;
        if (!is_file(it->path)) {
            jf_fail(&jf, p, "scenario \"%s\": no such file %s", file, it->path);
            goto done;
        }
        if (scenario_peek_game(it->path, game, sizeof game, &why) || strcmp(game, sg->id)) {
            jf_fail(&jf, p, "scenario \"%s\": not a scenario of %s (%s)", file, sg->id,
                    game[0] ? game : why.msg);
            goto done;
        }
        if (!it->caption[0]) {
            jf_fail(&jf, p, "caption: empty (a line to show over the game)");
            goto done;
        }
    }
    sg->n = n;
    rc = 0;
done:
    cJSON_Delete(root);
    return rc;
}

Attract *attract_create(Gfx *g, const char *games_dir, const char *themes_dir,
                        const char *assets_dir, const char *only_game, Error *err)
{
    Attract *t = calloc(1, sizeof *t);
    LobbyTheme *lt = calloc(1, sizeof *lt);
    if (!t || !lt || !(t->games = calloc(THEME_MAX_GAMES, sizeof *t->games))) {
        error_set(err, "out of memory");
        goto fail;
    }
    if (theme_load_lobby(themes_dir, assets_dir, lt, err))
        goto fail;
    for (int i = 0; i < lt->ngames; i++) {
        const LobbyGame *lg = &lt->games[i];
        char gpath[512], tpath[512], spath[512];
        snprintf(gpath, sizeof gpath, "%s/%s/game.json", games_dir, lg->id);
        snprintf(tpath, sizeof tpath, "%s/%s/theme.json", themes_dir, lg->id);
        snprintf(spath, sizeof spath, "%s/%s/showcase.json", themes_dir, lg->id);
        if (!is_file(gpath) || !is_file(tpath) || (only_game && strcmp(only_game, lg->id)))
            continue; /* coming soon, or not asked for */
        ShowGame *sg = &t->games[t->ngames];
        snprintf(sg->id, sizeof sg->id, "%s", lg->id);
        snprintf(sg->name, sizeof sg->name, "%s", lg->name);
        /* a showcase.json there, whatever it is (a pipe, a device): jf_parse says what is wrong */
        if (!access(spath, F_OK) ? load_showcase(sg, spath, games_dir, err) : (default_playlist(sg, games_dir), 0))
            goto fail;
        if (sg->n > 0)
            t->ngames++;
    }
    if (only_game && !t->ngames) {
        error_set(err, "--game %s: no showcase to play in attract mode (not a playable game of %s/lobby.json, "
                  "or it has no named scenarios)", only_game, themes_dir);
        goto fail;
    }
    if (gfx_load_font(g, "fonts/DejaVuSerif-Bold.ttf", 56, &t->caption, err) ||
        gfx_load_font(g, "fonts/DejaVuSans-Bold.ttf", 24, &t->small, err) ||
        gfx_load_font(g, "fonts/DejaVuSans-Bold.ttf", 30, &t->badge, err))
        goto fail;
    free(lt);
    return t;
fail:
    free(lt);
    attract_free(t);
    return NULL;
}

void attract_free(Attract *t)
{
    if (!t)
        return;
    free(t->games);
    free(t);
}

bool attract_on(const Attract *t) { return t && t->phase != PHASE_OFF; }

void attract_begin(Attract *t, uint64_t tick)
{
    t->phase = PHASE_LOBBY;
    t->t0 = tick;
    t->game = -1;
    t->item = 0;
    t->shown = 0;
}

void attract_end(Attract *t) { t->phase = PHASE_OFF; }

const char *attract_game(const Attract *t)
{
    return t->game >= 0 && t->game < t->ngames ? t->games[t->game].id : NULL;
}

const char *attract_scenario(const Attract *t)
{
    if ((t->phase != PHASE_SHOW && t->phase != PHASE_HOLD) || !attract_game(t))
        return NULL;
    return t->games[t->game].item[t->item].path;
}

void attract_item_over(Attract *t, uint64_t tick)
{
    if (t->phase == PHASE_SHOW) {
        t->phase = PHASE_HOLD;
        t->t0 = tick;
    }
}

AttractStep attract_tick(Attract *t, uint64_t tick, char *shot, size_t shot_size)
{
    shot[0] = 0;
    const uint64_t k = tick - t->t0;
    switch (t->phase) {
    case PHASE_OFF:
        return ATTRACT_STAY;
    case PHASE_LOBBY:
        if (k == LOBBY_SHOT && t->shown == 0)
            snprintf(shot, shot_size, "attract-lobby");
        if (k < LOBBY_TICKS)
            return ATTRACT_STAY;
        if (!t->ngames) { /* nothing to show: the lobby again */
            t->t0 = tick;
            return ATTRACT_DONE;
        }
        t->game = (t->game + 1) % t->ngames;
        t->item = 0;
        t->shown++;
        t->phase = PHASE_SHOW;
        t->t0 = tick;
        return ATTRACT_OPEN_GAME;
    case PHASE_SHOW:
        if (k >= ITEM_MAX_TICKS)
            attract_item_over(t, tick);
        return ATTRACT_STAY;
    case PHASE_HOLD:
        if (k == HOLD_SHOT)
            snprintf(shot, shot_size, "showcase-%s-%02d", t->games[t->game].id, t->item + 1);
        if (k < HOLD_TICKS)
            return ATTRACT_STAY;
        t->t0 = tick;
        if (++t->item < t->games[t->game].n) {
            t->phase = PHASE_SHOW;
            return ATTRACT_OPEN_GAME;
        }
        t->phase = PHASE_LOBBY;
        if (t->shown < t->ngames)
            return ATTRACT_OPEN_LOBBY;
        t->shown = 0; /* a whole loop: every game shown; the lobby begins the next */
        return ATTRACT_DONE;
    }
    return ATTRACT_STAY;
}

/* The banner over the game, at its top or its foot (the showcase's choice, clear of its
 * meters): the caption, which item of how many, DEMO and how to play; it slides in from its
 * edge as an item begins, empty, and its words fade in once it stands (no word ever runs off
 * the screen). */
void attract_draw(Attract *t, Gfx *g, uint64_t tick)
{
    if (t->phase != PHASE_SHOW && t->phase != PHASE_HOLD)
        return;
    const ShowGame *sg = &t->games[t->game];
    SDL_Color gold = {255, 207, 74, 255}, cream = {255, 241, 200, 255}, dim = {214, 196, 160, 255};
    const uint64_t k = t->phase == PHASE_SHOW ? tick - t->t0 : SLIDE_TICKS + WORDS_TICKS;
    float slide = k >= SLIDE_TICKS ? 1.0f : (float)k / SLIDE_TICKS;
    slide = 1.0f - (1.0f - slide) * (1.0f - slide); /* eased out */
    const float h = 150, y = sg->bottom ? GFX_H - h * slide : -h + h * slide;
    const float words = k < SLIDE_TICKS ? 0 : fminf(1, (float)(k - SLIDE_TICKS + 1) / WORDS_TICKS);
    const float rule = sg->bottom ? y : y + h - 6; /* the gold rule on the edge facing the game */
    gfx_rect(g, (SDL_FRect){0, y, GFX_W, h}, (SDL_Color){14, 8, 22, 255});
    gfx_rect(g, (SDL_FRect){0, rule + (sg->bottom ? 4 : 0), GFX_W, 2}, (SDL_Color){150, 112, 58, 255});
    gfx_rect(g, (SDL_FRect){0, rule + (sg->bottom ? 0 : 3), GFX_W, 3}, gold);
    /* DEMO, a plate at the left */
    const SDL_FRect demo = {40, y + 34, 170, 64};
    gfx_rect(g, demo, (SDL_Color){150, 24, 36, 255});
    gfx_frame(g, demo, 3, gold);
    if (words <= 0)
        return;
    const Uint8 a = (Uint8)lroundf(255 * words);
    gold.a = cream.a = dim.a = a;
    GfxText dt = {.font = t->badge, .color = cream, .align = GFX_CENTER, .valign = GFX_MIDDLE};
    gfx_text_box(g, (SDL_FRect){demo.x + 8, demo.y + 4, demo.w - 16, demo.h - 8}, &dt, _("DEMO"));
    /* the caption, and under it the game and the item's number */
    GfxText ct = {.font = t->caption, .color = gold, .align = GFX_CENTER, .valign = GFX_MIDDLE,
                  .shadow = true, .floor = 0.6f};
    gfx_text_box(g, (SDL_FRect){250, y + 14, 1420, 76}, &ct, _(sg->item[t->item].caption)); /* the theme's words, in the catalogue too */
    char line[160];
    char item[16], of[16];
    snprintf(item, sizeof item, "%d", t->item + 1);
    snprintf(of, sizeof of, "%d", sg->n);
    lang_fill(line, sizeof line, _("{1}  \xC2\xB7  {2} of {3}"), sg->name, item, of, NULL);
    GfxText lt = {.font = t->small, .color = dim, .align = GFX_CENTER, .valign = GFX_MIDDLE, .shadow = true};
    gfx_text_box(g, (SDL_FRect){250, y + 94, 1420, 36}, &lt, line);
    /* how to play, at the right */
    GfxText ht = {.font = t->small, .color = cream, .align = GFX_CENTER, .valign = GFX_MIDDLE, .wrap = true};
    gfx_text_box(g, (SDL_FRect){1690, y + 26, 200, 80}, &ht, _("PRESS ANY KEY TO PLAY"));
}
