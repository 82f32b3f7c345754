/* evlog.c - QA's event log: the engine's events of the round in play, as the scene presents
 * them. The seat names the round (its machine, seed and journal number) when it begins or
 * is taken up; a scene says each time it begins to present one of the round's events (its
 * timeline pops it). F2 shows them beside the game, one line each (type and fields, as
 * slotsim's JSON), the one being presented highlighted; --event-log FILE writes each as a
 * JSON line as it is presented. Every game gets it through the seat and its kind's timeline:
 * nothing of it is a game's. */
#include "evlog.h"

#include "event.h"
#include "jsonout.h"
#include "lang.h"

#include <cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PANEL ((SDL_FRect){1300, 16, 604, 1048})
#define LINE_H 26.0f
#define FONT "fonts/DejaVuSans.ttf"

struct EvLog {
    bool shown;
    const Machine *m;
    const GameDef *def;
    uint64_t seed;
    int64_t round;
    int presented; /* events of the round begun to be presented */
    FILE *out;
    const char *out_path;
    GfxFont font, bold;
    bool font_loaded;
};

EvLog *evlog_create(const char *path, Error *err)
{
    EvLog *l = calloc(1, sizeof *l);
    if (!l) {
        error_set(err, "out of memory");
        return NULL;
    }
    if (path && !(l->out = fopen(path, "w"))) {
        error_set(err, "--event-log %s: cannot write it", path);
        free(l);
        return NULL;
    }
    l->out_path = path;
    return l;
}

void evlog_destroy(EvLog *l)
{
    if (!l)
        return;
    if (l->out)
        fclose(l->out);
    free(l);
}

void evlog_toggle(EvLog *l) { l->shown = !l->shown; }
bool evlog_shown(const EvLog *l) { return l->shown; }

void evlog_round(EvLog *l, const GameDef *def, const Machine *m, uint64_t seed, int64_t round)
{
    l->def = def;
    l->m = m;
    l->seed = seed;
    l->round = round;
    l->presented = 0;
}


/* One event as a compact JSON text (slotsim's fields). */
static void event_text(const EvLog *l, const Event *e, char *out, size_t size)
{
    cJSON *j = event_json(e, l->def);
    char *s = j ? cJSON_PrintUnformatted(j) : NULL;
    snprintf(out, size, "%s", s ? s : "?");
    cJSON_free(s);
    cJSON_Delete(j);
}

void evlog_presented(EvLog *l, const Event *e)
{
    if (!l->m)
        return;
    l->presented++;
    if (!l->out)
        return;
    cJSON *j = cJSON_CreateObject();
    char seed[24];
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)l->seed);
    jsonout_add(j, "game", jsonout_string(l->def->id));
    jsonout_add(j, "round", jsonout_int(l->round));
    jsonout_add(j, "seed", jsonout_string(seed));
    jsonout_add(j, "index", jsonout_int(l->presented - 1));
    jsonout_add(j, "event", event_json(e, l->def));
    char *s = cJSON_PrintUnformatted(j);
    if (s)
        fprintf(l->out, "%s\n", s);
    fflush(l->out);
    cJSON_free(s);
    cJSON_Delete(j);
}

void evlog_draw(EvLog *l, Gfx *g)
{
    if (!l->shown)
        return;
    if (!l->font_loaded) {
        Error err;
        if (gfx_load_font(g, FONT, 17, &l->font, &err) || gfx_load_font(g, "fonts/DejaVuSans-Bold.ttf", 20, &l->bold, &err))
            return;
        l->font_loaded = true;
    }
    const SDL_FRect p = PANEL;
    gfx_rect(g, p, (SDL_Color){8, 10, 18, 232});
    gfx_frame(g, p, 2, (SDL_Color){120, 200, 255, 255});
    gfx_cover(g, p);
    char t[512];
    int n = 0;
    const Event *ev = l->m ? machine_events(l->m, &n) : NULL;
    if (l->m) { /* the title in words; the lines below are the events' JSON, as written */
        char round[24], seed[24], at[16], of[16];
        snprintf(round, sizeof round, "%lld", (long long)l->round);
        snprintf(seed, sizeof seed, "%llu", (unsigned long long)l->seed);
        snprintf(at, sizeof at, "%d", l->presented < n ? l->presented : n);
        snprintf(of, sizeof of, "%d", n);
        lang_fill(t, sizeof t, _("EVENTS  round {1}  seed {2}  {3}/{4}"), round, seed, at, of, NULL);
    } else {
        snprintf(t, sizeof t, "%s", _("EVENTS  (no round yet)  F2 hides"));
    }
    GfxText head = {.font = l->bold, .color = {150, 215, 255, 255}, .align = GFX_LEFT, .valign = GFX_MIDDLE,
                    .floor = 0.6f};
    gfx_text_box(g, (SDL_FRect){p.x + 12, p.y + 8, p.w - 24, 30}, &head, t);
    /* as many lines as fit, the one being presented kept in view */
    const int room = (int)((p.h - 52) / LINE_H), cur = l->presented - 1;
    int first = cur - room / 2;
    if (first > n - room)
        first = n - room;
    if (first < 0)
        first = 0;
    for (int i = first; i < n && i < first + room; i++) {
        const SDL_FRect r = {p.x + 8, p.y + 44 + (float)(i - first) * LINE_H, p.w - 16, LINE_H - 2};
        const bool now = i == cur, done = i < cur;
        if (now)
            gfx_rect(g, r, (SDL_Color){255, 210, 80, 255});
        char line[400];
        event_text(l, &ev[i], line, sizeof line);
        snprintf(t, sizeof t, "%d %s", i, line);
        GfxText s = {.font = l->font, .align = GFX_LEFT, .valign = GFX_MIDDLE, .floor = 0.8f,
                     .color = now ? (SDL_Color){20, 12, 0, 255} : done ? (SDL_Color){200, 210, 225, 255}
                                                                       : (SDL_Color){110, 120, 140, 255}};
        gfx_text_box(g, (SDL_FRect){r.x + 6, r.y, r.w - 12, r.h}, &s, t);
    }
}
