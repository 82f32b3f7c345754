/* shots.c - the cabinet's pictures: a headless run's named moments (--shots, the contact
 * sheet's on_shot, --check-layout's pages) and a window's F12.
 *
 * A named moment is drawn when a scene asks for it (app_shot), so a headless run's pictures
 * are a function of the scenario and the tick. A picture that cannot be made is said here and
 * returned; the caller ends the run (app.c), so this file never calls back into the loop. F12 saves the window as drawn, under a name
 * that says the game, round and tick, written whole under another name and then renamed. */
#include "app_priv.h"
#include "png.h"
#include "qa.h"
#include "theme.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int shots_save_png(App *a, const char *path, const char *what)
{
    SDL_Surface *s = gfx_read_pixels(a->gfx);
    char why[256];
    int rc = s ? png_save(s, path, why, sizeof why) : -1;
    if (rc)
        error_print("slotcab: %s: cannot write %s: %s", what, path, s ? why : SDL_GetError());
    SDL_FreeSurface(s);
    return rc;
}

/* The frame drawn again from its start with the record on, judged as `moment`'s page, by the
 * minimum text size of the theme shown (the lobby's and the operator's: the default). */
static void judge_page(App *a, const char *moment)
{
    Layout *l = a->opt.layout;
    const bool game = strcmp(a->cur_game, "lobby") && strcmp(a->cur_game, "operator") && a->cur_game[0];
    const char *key = game ? a->cur_game : "";
    if (strcmp(layout_min_text_key(l), key) || !key[0]) {
        int px = LAYOUT_MIN_PX;
        Error err;
        if (game && theme_peek_min_text(a->opt.themes_dir, a->cur_game, &px, &err))
            px = LAYOUT_MIN_PX; /* the game's own load says what is wrong */
        layout_set_min_text(l, key, (float)px);
    }
    gfx_record_clear(a->gfx);
    app_draw_frame(a);
    char page[256];
    snprintf(page, sizeof page, "%s/%s", a->opt.page_prefix ? a->opt.page_prefix : "", moment);
    layout_check_page(l, a->gfx, page);
}

int shots_shoot(App *a, const char *name)
{
    if (!a->opt.headless || (!a->opt.shots && !a->opt.layout && !a->opt.on_shot) || a->status == 2)
        return 0; /* nor once a picture could not be written: one message, exit 2 */
    if (a->opt.layout) { /* drawn again, recorded from its start */
        judge_page(a, name);
        layout_moment(a->opt.layout, name, a->tick);
    }
    if (!a->opt.shots && !a->opt.on_shot)
        return 0;
    /* drawn now (unless the layout's drawing above is this very moment's): an earlier shot
     * of this tick drew the scene as it was then, and a second moment in the same tick (the
     * reels landing on nothing, then the round's end) has moved on since */
    if (!a->opt.layout)
        app_draw_frame(a);
    if (a->opt.on_shot) {
        SDL_Surface *s = gfx_read_pixels(a->gfx);
        if (!s) {
            error_print("slotcab: %s: cannot read the frame: %s", name, SDL_GetError());
            return -1;
        }
        a->opt.on_shot(a->opt.on_shot_ctx, name, s);
    }
    if (!a->opt.shots)
        return 0;
    char path[512];
    if (a->opt.playback) /* a session visits many games and rounds: named by tick too */
        snprintf(path, sizeof path, "%s/t%06llu-%s.png", a->opt.shots, (unsigned long long)a->tick, name);
    else
        snprintf(path, sizeof path, "%s/%s.png", a->opt.shots, name);
    return shots_save_png(a, path, "--shots");
}

int shots_every(App *a)
{
    if (a->opt.layout) {
        if (!a->drawn_this_tick) { /* not a named moment's tick: that page is judged already */
            char name[128];
            layout_sample_name(a->opt.layout, a->tick, name, sizeof name);
            judge_page(a, name);
        }
        return 0;
    }
    if (!a->opt.shots)
        return 0;
    char path[512];
    app_draw_frame(a);
    snprintf(path, sizeof path, "%s/t%06llu.png", a->opt.shots, (unsigned long long)a->tick);
    return shots_save_png(a, path, "--shots");
}

/* F12: the window as drawn now, as <folder>/slotcab-<game>-rRRRRRR-tTTTTTT.png (outside QA
 * mode only a few a run, and none in a kiosk: qa_may_snap). */
void shots_snap(App *a)
{
    a->want_snap = false;
    if (!qa_may_snap(a))
        return;
    const char *dir = a->opt.shots ? a->opt.shots : a->snap_dir;
    if (!dir[0]) {
        error_print("slotcab: F12: no folder for pictures (give --shots DIR)");
        return;
    }
    if (mkdir(dir, 0777) && errno != EEXIST) {
        error_print("slotcab: F12: cannot create %s: %s", dir, strerror(errno));
        return;
    }
    int64_t round = 0;
    const bool game = strcmp(a->cur_game, "lobby") && strcmp(a->cur_game, "operator");
    if (a->noted_game[0] && !strcmp(a->noted_game, a->cur_game)) {
        round = a->noted_round;
    } else if (game) { /* the game's round in play, else its newest in the memory */
        StoreRound *r = malloc(sizeof *r);
        bool found = false;
        Error err;
        if (r && !store_open_round(a->store, r, &found, &err) && found && !strcmp(r->game, a->cur_game))
            round = r->id;
        free(r);
        StoreHistoryRow h;
        if (!round && store_history(a->store, a->cur_game, &h, 1, &err) == 1)
            round = h.id;
    }
    char path[800];
    snprintf(path, sizeof path, "%s/slotcab-%s-r%06lld-t%06llu.png", dir, a->cur_game, (long long)round,
             (unsigned long long)a->tick);
    /* written whole under another name, then renamed (png_save): a folder watched never
     * shows half a picture */
    if (shots_save_png(a, path, "F12"))
        return;
    printf("slotcab: F12: saved %s\n", path);
    fflush(stdout);
}
