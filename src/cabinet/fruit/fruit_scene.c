/* fruit_scene.c - the fruit machine scene's entry, over all its other files: the scene made
 * (the game file, the operator's configuration, the theme, the memory's open round
 * recovered, the art, the windows), its tick (the scripted player's press first, then the
 * timeline's), and the scene's end. Input goes to fruit.c, drawing to fruit_draw.c. */
#include "fruit_priv.h"

#include "opconfig.h"

#include <stdlib.h>
#include <string.h>

static void fruit_update(void *self)
{
    Fruit *f = self;
    const uint64_t now = app_tick(f->app), since = now - f->play.phase_t0;
    if (f->end_shot) {
        f->end_shot = false;
        fruit_shot(f, "end", -1);
    }
    if (f->scripted || f->play.seat.replay || app_options(f->app)->bench_frames || app_options(f->app)->autoplay)
        fruit_script_step(f);
    fruit_tick(f, now, since);
}

static void fruit_destroy(void *self)
{
    Fruit *f = self;
    audio_stop_layer(app_audio(f->app), AUDIO_REELS);
    audio_stop_layer(app_audio(f->app), AUDIO_MUSIC);
    fruit_play_free(&f->play);
    scenario_free(&f->sc);
    windows_destroy(f->windows);
    GfxCache *caches[] = {&f->plan_cache, &f->column_cache, &f->marquee_cache, &f->deck_cache, &f->icons_cache};
    for (size_t i = 0; i < SDL_arraysize(caches); i++)
        gfx_cache_free(caches[i]);
    free(f);
}

static void store_get(void *store, const char *key, char *out, size_t size)
{
    store_setting(store, key, out, size);
}

int fruit_create(App *a, const char *game_id, Scene *out, Error *err)
{
    const AppOptions *o = app_options(a);
    Fruit *f = calloc(1, sizeof *f);
    StoreRound *open = NULL, *replay = NULL;
    const int64_t replay_id = app_take_replay(a); /* QA's replay of a past round */
    bool found = false;
    if (!f)
        return error_set(err, "out of memory");
    f->app = a;
    f->seat_host = app_seat_host(a);
    f->play.view = fruit_view_of(f);
    char path[512];
    if (gamedef_path(o->games_dir, game_id, path, sizeof path, err) || gamedef_load(path, &f->def, err))
        goto fail;
    if (f->def.nbet < 1 || f->def.rows != FR_ROWS || f->def.cols != FR_REELS ||
        !gamedef_reelset(&f->def, "base")) {
        error_set(err, "%s: the fruit machine shows three reels of three rows, with one bet and a base reel set",
                  f->def.path);
        goto fail;
    }
    /* the chips: every bet of the game file, dark where the operator disabled it */
    f->nbets = f->def.bet[0].nvalues < 5 ? f->def.bet[0].nvalues : 5;
    for (int i = 0; i < f->nbets; i++)
        f->bets[i] = f->def.bet[0].values[i];
    fruit_upper_setup(f);
    /* the operator's configuration (a replay: the round's own) */
    if (replay_id) {
        if (seat_replay_load(&f->seat_host, replay_id, &f->def, &replay, err) ||
            opconfig_apply_json(&f->def, replay->config[0] ? replay->config : "{}", err))
            goto fail;
        snprintf(f->config, sizeof f->config, "%s", replay->config);
    } else if (opconfig_apply_all_json(&f->def, store_get, app_store(a), f->config, sizeof f->config, err)) {
        goto fail;
    }
    const char *const *const sounds[] = {fruit_play_sounds, NULL};
    if (theme_load(o->themes_dir, o->assets_dir, &f->def, &f->th, err) || theme_check_sounds(&f->th, sounds, err))
        goto fail;
    Store *store = app_store(a);
    if (!(open = malloc(sizeof *open)) || store_open_round(store, open, &found, err))
        goto fail;
    found = found && !strcmp(open->game, f->def.id) && !replay; /* a replay leaves it as it is */
    machine_default_bet(&f->def, &f->bet);
    fruit_settings_load(f);
    if (app_scenario(a)) { /* a headless scenario run, or attract's showcase */
        if (seat_scenario_load(app_scenario(a), &f->def, &f->sc, err))
            goto fail;
        f->scripted = true;
        if (f->sc.has_bet)
            f->bet = f->sc.bet;
    }
    f->play.seat = (Seat){.host = &f->seat_host, .def = &f->def, .sc = f->scripted ? &f->sc : NULL, .config = f->config,
                     .replay = replay};
    replay = NULL; /* the seat's now */
    if (seat_machine_open(&f->play.seat, &f->bet, found ? open : NULL, err))
        goto fail;
    f->play.m = f->play.seat.m;
    f->play.shown_upper = fruit_is_upper(f);
    f->play.rung_now = -1;
    f->play.lid_choice = f->lid_hover = -1;
    f->changed_for = -1;
    fruit_plan_compute(f);
    f->bet_lit_t0 = 0;
    if (!o->autoplay && fruit_load_art(f, err))
        goto fail;
    fruit_layout(f);
    if (!(f->windows = fruit_windows_create(f))) {
        error_set(err, "out of memory");
        goto fail;
    }
    for (int c = 0; c < FR_REELS; c++)
        f->reel[c] = (FruitReel){.landed = true};
    if (f->play.seat.replay && f->play.seat.replay->has_show) /* a replay: the reels its round began from */
        fruit_show_restore(f, f->play.seat.replay->show);
    if (f->play.seat.replay) /* its tag over the gnomes at the top left, clear of the title */
        app_replay_tag_at(a, (SDL_FRect){24, 10, 600, 52});
    fruit_message(f, _("PRESS PLAY"), false);
    f->play.phase = FP_IDLE;
    f->play.phase_t0 = f->play.now = app_tick(a);
    if (found) {
        if (fruit_play_recover(&f->play, open, app_tick(a), err))
            goto fail;
        fruit_play_advance(&f->play); /* the replayed events, quickly */
    }
    free(open);
    windows_open_first(f->windows, a, f->play.round_active);
    fruit_update_buttons(f);
    audio_loop(app_audio(a), AUDIO_MUSIC, theme_sound(&f->th, "music"));
    *out = (Scene){f, fruit_input, fruit_update, fruit_draw, fruit_destroy, gfx_image_opaque(app_gfx(a), f->backdrop)};
    return 0;
fail:
    free(open);
    free(replay);
    fruit_play_free(&f->play);
    scenario_free(&f->sc);
    windows_destroy(f->windows);
    free(f);
    return -1;
}
