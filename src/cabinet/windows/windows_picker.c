/* windows_picker.c - QA's picker: the game's named scenarios (games/<id>/scenarios/, each
 * with a title and a one-line description) and a tester's own (--scenario-dir DIR, the files
 * of this game), a row each; the one clicked (or its number pressed) forces the next round
 * through the scene (WindowsHost.force), which says whether it could. */
#include "windows_priv.h"
#include "lang.h"
#include "readfile.h"
#include "scenario.h"

#include <cJSON.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PICKER_BOX ((SDL_FRect){160, 60, 1600, 900})
#define PICKER_TOP 184.0f
#define PICKER_PITCH 84.0f

static int by_path(const void *a, const void *b)
{
    return strcmp(((const WindowsPick *)a)->path, ((const WindowsPick *)b)->path);
}

/* Whether the scenario forces a screen its game's reel strips cannot show (one it cannot
 * load, or that forces what the game cannot produce, is said when picked). */
static bool forces_unreachable(const char *path, const GameDef *def)
{
    Scenario sc;
    Error err;
    int unreachable = 0;
    if (scenario_load(path, def, &sc, &err))
        return false;
    if (scenario_check(&sc, def, &unreachable, &err))
        unreachable = 0;
    scenario_free(&sc);
    return unreachable > 0;
}

/* The scenario files of this game in `dir` (those naming another game are left out), sorted
 * by name, after the `n` already listed. */
static int list_dir(Windows *w, const char *dir, int n, bool own)
{
    DIR *d = opendir(dir);
    if (!d)
        return n;
    WindowsPicker *p = &w->picker;
    const int first = n;
    struct dirent *e;
    while ((e = readdir(d)) && n < WINDOWS_PICKS_MAX) {
        const size_t len = strlen(e->d_name);
        if (len < 6 || strcmp(e->d_name + len - 5, ".json"))
            continue;
        WindowsPick *k = &p->picks[n];
        snprintf(k->path, sizeof k->path, "%s/%s", dir, e->d_name);
        char *text;
        if (readfile_all(k->path, k->path, READFILE_JSON_MAX, &text, NULL, NULL))
            continue;
        cJSON *root = cJSON_Parse(text);
        free(text);
        const cJSON *game = cJSON_GetObjectItemCaseSensitive(root, "game");
        const cJSON *title = cJSON_GetObjectItemCaseSensitive(root, "title");
        const cJSON *desc = cJSON_GetObjectItemCaseSensitive(root, "description");
        if (cJSON_IsString(game) && !strcmp(game->valuestring, w->host.def->id)) {
            /* a title or description longer than the picker shows is cut */
            snprintf(k->title, sizeof k->title, "%.*s", (int)sizeof k->title - 1,
                     cJSON_IsString(title) ? title->valuestring : e->d_name);
            const char *about = cJSON_IsString(desc) ? desc->valuestring : ""; /* QA's words, as written */
            if (own)
                lang_fill(k->description, sizeof k->description, _("(yours) {1}"), about, NULL);
            else
                snprintf(k->description, sizeof k->description, "%s", about);
            k->unreachable = forces_unreachable(k->path, w->host.def);
            n++;
        }
        cJSON_Delete(root);
    }
    closedir(d);
    qsort(p->picks + first, (size_t)(n - first), sizeof *p->picks, by_path);
    return n;
}

void windows_picker_load(Windows *w)
{
    WindowsPicker *p = &w->picker;
    if (!p->picks)
        p->picks = calloc(WINDOWS_PICKS_MAX, sizeof *p->picks);
    p->n = 0;
    p->problem[0] = 0;
    if (!p->picks)
        return;
    const AppOptions *o = app_options(w->host.app);
    char dir[1024];
    snprintf(dir, sizeof dir, "%s/%s/scenarios", o->games_dir, w->host.def->id);
    p->n = list_dir(w, dir, 0, false);
    if (o->scenario_dir)
        p->n = list_dir(w, o->scenario_dir, p->n, true);
}

void windows_picker_free(WindowsPicker *p)
{
    free(p->picks);
    p->picks = NULL;
    p->n = 0;
}

int windows_picker_pages(const Windows *w)
{
    const int n = w->picker.n;
    return n ? (n + WINDOWS_PICKS_PAGE - 1) / WINDOWS_PICKS_PAGE : 1;
}

/* Pick i: the scene arms it and the window closes; or it says why not, and stays. */
static void pick(Windows *w, int i)
{
    WindowsPicker *p = &w->picker;
    if (i < 0 || i >= p->n || !w->host.force)
        return;
    if (w->host.force(w->host.scene, p->picks[i].path, p->problem, sizeof p->problem))
        w->shown = WINDOW_NONE;
}

bool windows_picker_input(Windows *w, const Input *in)
{
    const int page = w->page * WINDOWS_PICKS_PAGE;
    if (in->type == INPUT_KEY && in->key >= SDLK_1 && in->key < SDLK_1 + WINDOWS_PICKS_PAGE) {
        pick(w, page + (int)(in->key - SDLK_1));
        return true;
    }
    if (in->type != INPUT_RELEASE || in->x < PICKER_BOX.x + 40 || in->x > PICKER_BOX.x + PICKER_BOX.w - 40 ||
        in->y < PICKER_TOP)
        return false;
    const int row = (int)((in->y - PICKER_TOP) / PICKER_PITCH);
    if (row >= WINDOWS_PICKS_PAGE)
        return false;
    pick(w, page + row);
    return true;
}

void windows_draw_picker(Windows *w)
{
    Gfx *g = app_gfx(w->host.app);
    const WindowsLook *k = &w->host.look;
    const WindowsPicker *p = &w->picker;
    windows_frame(w, PICKER_BOX, _("FORCE THE NEXT ROUND"));
    GfxText head = {.font = k->small, .color = k->dim, .align = GFX_CENTER, .valign = GFX_MIDDLE, .floor = 0.6f};
    gfx_text_box(g, (SDL_FRect){PICKER_BOX.x + 60, 136, PICKER_BOX.w - 120, 40}, &head,
                 p->problem[0] ? p->problem
                               : _("QA: the scenario picked forces the next round; it is marked forced and "
                                   "metered apart from real play"));
    if (!p->n) {
        GfxText none = {.font = k->small, .color = k->text, .align = GFX_CENTER, .valign = GFX_MIDDLE};
        gfx_text_box(g, (SDL_FRect){PICKER_BOX.x + 60, 400, PICKER_BOX.w - 120, 60}, &none,
                     _("This game has no named scenarios."));
    }
    for (int row = 0; row < WINDOWS_PICKS_PAGE; row++) {
        const int i = w->page * WINDOWS_PICKS_PAGE + row;
        if (i >= p->n)
            break;
        const SDL_FRect r = {PICKER_BOX.x + 40, PICKER_TOP + (float)row * PICKER_PITCH, PICKER_BOX.w - 80,
                             PICKER_PITCH - 8};
        gfx_rect(g, r, row % 2 ? windows_veil(w, 120) : (SDL_Color){k->window.r, k->window.g, k->window.b, 200});
        gfx_cover(g, r);
        char n[8];
        snprintf(n, sizeof n, "%d", row + 1);
        GfxText key = {.font = k->mid, .color = k->accent, .align = GFX_CENTER, .valign = GFX_MIDDLE};
        gfx_text_box(g, (SDL_FRect){r.x + 8, r.y + 8, 56, r.h - 16}, &key, n);
        GfxText title = {.font = k->small, .color = k->accent, .align = GFX_LEFT, .valign = GFX_MIDDLE,
                         .floor = 0.6f};
        const float mark = p->picks[i].unreachable ? 300.0f : 0.0f; /* room for its mark */
        gfx_text_box(g, (SDL_FRect){r.x + 80, r.y + 4, r.w - 100 - mark, 36}, &title, p->picks[i].title);
        if (mark > 0) {
            GfxText un = {.font = k->tiny, .color = k->text, .align = GFX_RIGHT, .valign = GFX_MIDDLE,
                          .floor = 0.6f};
            gfx_text_box(g, (SDL_FRect){r.x + r.w - 20 - mark, r.y + 4, mark, 36}, &un,
                         _("(unreachable screen)"));
        }
        GfxText desc = {.font = k->tiny, .color = k->text, .align = GFX_LEFT, .valign = GFX_MIDDLE, .floor = 0.6f};
        gfx_text_box(g, (SDL_FRect){r.x + 80, r.y + 40, r.w - 100, 32}, &desc, p->picks[i].description);
    }
    windows_draw_page_number(w, w->page, windows_picker_pages(w));
    windows_draw_paging(w);
}
