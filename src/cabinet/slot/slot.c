/* slot.c - the video slot scene: the player's input over a round's timeline, and the
 * scene's life (made for a game, its round a crash left recovered, freed).
 *
 * The scene never decides an outcome and never steps the round itself: the timeline is the
 * play core's SlotPlay (core/slot_play.c, in Slot.play), which queues the machine's events
 * and plays them back (reels, wins, banners, a pick, the settlement), and sees the scene
 * through a SlotPlayView (slot_round.c). The scene begins rounds (the balance checked, the
 * low balance window), turns SPIN, STOP, START and a tile picked into the timeline's presses,
 * runs headless and autoplay's scripts, and draws from Slot.play (slot_draw.c, kinds/).
 *
 * Everything moves by ticks (60 Hz), never by the wall clock, so a headless run draws the
 * same pixels for the same scenario. Screenshots are taken at named moments. What the
 * game's kind of play adds (its panel, its wins' look, its pick) comes from its SlotKind. */
#include "kinds.h"
#include "lang.h"
#include "opconfig.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* SPIN between rounds: a round of the bet, when the balance covers it (else the low balance
 * window; a headless scenario run ends naming it). */
static void start_round(Slot *s)
{
    Money bet = slot_bet_total(s);
    if (seat_balance(&s->seat) < bet) {
        if (s->scripted) {
            Error err;
            error_set(&err, "--balance: the balance is less than the bet of %s", s->sc.path);
            app_fail(s->app, &err);
            return;
        }
        windows_open(s->windows, WINDOW_LOW_BALANCE);
        return;
    }
    if (slot_play_start_round(&s->play, &s->bet, app_tick(s->app)) == 0 &&
        s->notice == s->forced_note) /* "next round forced": this was that round */
        s->notice = NULL;
}

/* ---- input -------------------------------------------------------------------------------- */

static void step_bet(Slot *s, int option, int dir)
{
    if (s->play.round_active || windows_shown(s->windows))
        return;
    const BetOption *o = &s->def.bet[option];
    int64_t v = s->bet.v[option];
    int64_t next = v;
    if (o->nvalues > 0) {
        int i = 0;
        while (i < o->nvalues && o->values[i] != v)
            i++;
        i += dir;
        if (i >= 0 && i < o->nvalues)
            next = o->values[i];
    }
    if (next == v)
        return;
    Bet b = s->bet;
    b.v[option] = next;
    if (slot_set_bet(s, &b)) {
        slot_cue(s, "button", AUDIO_UI);
        slot_settings_save(s);
    }
}

static void bet_max_spin(Slot *s)
{
    if (s->play.round_active)
        return;
    Bet b = s->bet;
    machine_rules(s->m)->bet_max(&s->def, &b);
    b.v[s->bi_coin] = s->bet.v[s->bi_coin]; /* BET MAX keeps the selected coin value */
    if (slot_set_bet(s, &b))
        slot_settings_save(s);
    start_round(s);
}

/* The player's pick before free spins: journaled with the tile, then played. */
static void pick(Slot *s, int tile) { slot_play_pick(&s->play, tile, app_tick(s->app)); }

/* Spin between rounds; else Stop / Skip / Start, by what is happening (the timeline's). */
static void press_main(Slot *s)
{
    if (s->play.phase == PH_IDLE)
        start_round(s);
    else
        slot_play_press(&s->play, app_tick(s->app));
}

/* AUTO: Auto Spin's window, or pressed while it runs, its stop. */
static void press_auto(Slot *s)
{
    if (s->autospin.active)
        autospin_cancel(&s->autospin);
    else
        windows_open(s->windows, WINDOW_AUTO);
}

/* SPIN held down (the deck's, or Shift+Enter): Auto Spin's window where the game says so
 * and no round is in play, as the panel's SPIN held; otherwise a press. */
static void press_main_held(Slot *s)
{
    if (s->kind->hold_spin_autoplay && !s->play.round_active && !s->autospin.active)
        windows_open(s->windows, WINDOW_AUTO);
    else
        press_main(s);
}

/* BET from a key: the panel's BET (a game with a bet list: its Bet Settings); where the panel
 * steps coins instead, one coin more, round again to the fewest after the most. */
static void press_bet(Slot *s)
{
    const Button *b = s->btn;
    if (b[BTN_BET].visible && b[BTN_BET].enabled) {
        windows_open(s->windows, WINDOW_BET);
    } else if (s->bi_coins >= 0 && b[BTN_COINS_UP].visible && b[BTN_COINS_UP].enabled) {
        const BetOption *o = &s->def.bet[s->bi_coins];
        const bool most = o->nvalues > 0 && s->bet.v[s->bi_coins] == o->values[o->nvalues - 1];
        step_bet(s, s->bi_coins, most ? 1 - o->nvalues : 1);
    }
}

static void slot_input(void *self, const Input *in)
{
    Slot *s = self;
    Button *b = s->btn;
    if (windows_shown(s->windows)) {
        windows_input(s->windows, in);
        return;
    }
    if (INPUT_IS_OPERATOR(in)) { /* the operator menu, which opens at its PIN door */
        if (!s->play.round_active) /* configuration and cash only between rounds */
            app_open(s->app, APP_OPERATOR);
        return;
    }
    if (s->kind->input)
        s->kind->input(s, in);
    if (s->play.phase == PH_PICK) {
        if (in->type == INPUT_MOVE)
            s->pick_hover = s->kind->pick_at(s, in->x, in->y);
        else if (in->type == INPUT_RELEASE)
            pick(s, s->kind->pick_at(s, in->x, in->y));
        else if (in->type == INPUT_KEY && in->key >= SDLK_1 && in->key <= SDLK_9)
            pick(s, (int)(in->key - SDLK_1));
    }
    if (in->type == INPUT_KEY) {
        if (KEY_IS_HELD(in, KEY_PLAY))
            press_main_held(s);
        else if ((in->key == SDLK_SPACE && s->space_spins) || in->key == KEY_PLAY || in->key == SDLK_KP_ENTER)
            press_main(s);
        else if (in->key == KEY_AUTO && b[BTN_AUTO].visible && b[BTN_AUTO].enabled)
            press_auto(s);
        else if (in->key == KEY_BET)
            press_bet(s);
        else if (in->key == KEY_BACK && !s->play.round_active)
            app_open(s->app, NULL);
        else if (in->key == KEY_PICKER && !s->play.round_active) /* QA: force the next round */
            windows_open(s->windows, WINDOW_SCENARIOS);
        return;
    }
    if (button_input(&b[BTN_SPIN], in)) {
        if (s->kind->autoplay_button == BTN_SPIN && s->autospin.active) /* its count on it */
            autospin_cancel(&s->autospin);
        else
            press_main(s);
    }
    if (button_input(&b[BTN_BET], in))
        windows_open(s->windows, WINDOW_BET);
    if (button_input(&b[BTN_MAX], in))
        bet_max_spin(s);
    if (button_input(&b[BTN_COIN_DN], in))
        step_bet(s, s->bi_coin, -1);
    if (button_input(&b[BTN_COIN_UP], in))
        step_bet(s, s->bi_coin, +1);
    if (button_input(&b[BTN_COINS_DN], in))
        step_bet(s, s->bi_coins, -1);
    if (button_input(&b[BTN_COINS_UP], in))
        step_bet(s, s->bi_coins, +1);
    if (button_input(&b[BTN_LINES_DN], in))
        step_bet(s, s->bi_lines, -1);
    if (button_input(&b[BTN_LINES_UP], in))
        step_bet(s, s->bi_lines, +1);
    if (button_input(&b[BTN_AUTO], in))
        press_auto(s);
    if (button_input(&b[BTN_INFO], in))
        windows_open(s->windows, WINDOW_PAYTABLE);
    if (button_input(&b[BTN_RULES], in))
        windows_open(s->windows, WINDOW_RULES);
    if (button_input(&b[BTN_HISTORY], in))
        windows_open(s->windows, WINDOW_HISTORY);
    if (button_input(&b[BTN_OPTIONS], in))
        windows_open(s->windows, WINDOW_OPTIONS);
    if (button_input(&b[BTN_SOUND], in))
        audio_set_muted(app_audio(s->app), !audio_muted(app_audio(s->app)));
    if (button_input(&b[BTN_FULL], in))
        app_toggle_fullscreen(s->app);
    if (button_input(&b[BTN_HOME], in))
        app_open(s->app, NULL);
}

/* ---- update ------------------------------------------------------------------------------- */

void slot_update_buttons(Slot *s)
{
    Button *b = s->btn;
    const Window open = windows_shown(s->windows);
    bool idle = s->play.phase == PH_IDLE && !s->play.round_active && !open;
    b[BTN_SPIN].enabled = open == WINDOW_NONE; /* SPIN, STOP, START, or skip a banner */
    b[BTN_MAX].enabled = idle;
    b[BTN_COIN_DN].enabled = b[BTN_COIN_UP].enabled = idle;
    b[BTN_COINS_DN].enabled = b[BTN_COINS_UP].enabled = idle;
    b[BTN_LINES_DN].enabled = b[BTN_LINES_UP].enabled = idle;
    b[BTN_INFO].enabled = b[BTN_RULES].enabled = b[BTN_HISTORY].enabled = idle;
    b[BTN_OPTIONS].enabled = b[BTN_HOME].enabled = idle;
    b[BTN_AUTO].enabled = s->autospin.active || idle;
    b[BTN_BET].enabled = idle;
    b[BTN_SOUND].icon = audio_muted(app_audio(s->app)) ? s->ic_sound_off : s->ic_sound_on;
    b[BTN_SPIN].label = s->play.phase == PH_AWAIT_START ? _("START")
                        : s->play.phase == PH_SPINNING && !s->play.fast ? lang_trc("button", "STOP") : NULL;
    s->kind->update_buttons(s, idle);
    windows_update_buttons(s->windows);
}

/* A phase of the timeline begins: the reels' spinning sound loops from the spin's start; a
 * pick begins with no tile under the pointer; the buttons follow the phase at once, so a
 * moment's screenshot in this tick (the round's "end" as it settles) shows them as they now
 * are (SPIN ready), not as the tick before left them (SPIN reading STOP). */
static void phase_changed(void *ctx, Phase p)
{
    Slot *s = ctx;
    if (p == PH_SPINNING)
        audio_loop(app_audio(s->app), AUDIO_REELS, theme_sound(&s->th, "spin"));
    else if (p == PH_PICK)
        s->pick_hover = -1;
    slot_update_buttons(s);
}

/* The tile a headless run picks: the game's own automatic play, the strategy slotsim plays
 * too (Gonzo's Gold: the middle tile; the pick only places the symbol); a replay's, the
 * journal's. */
static int scripted_tile(Slot *s)
{
    Command c;
    bool ok = s->seat.replay ? seat_replay_next(&s->seat, &c) : machine_choose(s->m, STRATEGY_AUTO, &c);
    return ok && c.type == CMD_START ? (int)c.arg : 0;
}

/* --autoplay N: N rounds through the store, as fast as the timeline allows, starting free
 * spins itself (the soak and kill-test driver). */
static void autoplay_step(Slot *s, int rounds)
{
    slot_play_fast_forward(&s->play);
    if (s->play.phase == PH_AWAIT_START) {
        press_main(s);
        return;
    }
    if (s->play.phase == PH_PICK) {
        pick(s, scripted_tile(s));
        return;
    }
    if (s->play.phase != PH_IDLE || s->play.round_active)
        return;
    if (app_autoplay_next(s->app, &s->seat, &s->autoplayed, rounds, slot_bet_total(s)))
        start_round(s);
}

/* Headless and benchmark runs press the buttons a player would. */
static void script_step(Slot *s)
{
    const AppOptions *o = app_options(s->app);
    if (o->autoplay) {
        autoplay_step(s, o->autoplay);
        return;
    }
    uint64_t since = app_tick(s->app) - s->play.phase_t0;
    if (s->play.phase == PH_AWAIT_START && since >= (uint64_t)APP_MS_TICKS(800)) {
        press_main(s);
        return;
    }
    if (s->play.phase == PH_PICK) {
        if (since == (uint64_t)APP_MS_TICKS(600))
            slot_play_shot(&s->play, "pick", -1);
        if (since >= (uint64_t)APP_MS_TICKS(1000))
            pick(s, scripted_tile(s));
        return;
    }
    if (s->play.phase != PH_IDLE || s->play.round_active)
        return;
    if (s->seat.replay) { /* QA's replay: its one round, then a moment on its end */
        if (!s->seat.replay_begun)
            start_round(s);
        else if (since >= (uint64_t)APP_MS_TICKS(1500))
            app_replay_finish(s->app, s->def.id);
        return;
    }
    if (o->bench_frames) {
        if (since >= 30) {
            if (app_balance(s->app) < slot_bet_total(s)) /* the benchmark never runs dry */
                store_credit_in(app_store(s->app), 100000000, "benchmark", NULL);
            start_round(s);
        }
        return;
    }
    if (since < (uint64_t)APP_MS_TICKS(1500) && s->seat.round_no > 0)
        return; /* let the last wins show once */
    if (s->seat.round_no == 0 || machine_forced_left(s->m) > 0) {
        start_round(s);
        return;
    }
    /* a headless scenario run ends here; a showcase whose attract a key just ended (its
     * scene still up until the switch, a tick later) must not end the cabinet */
    if (!app_scenario_over(s->app) && o->scenario && windows_shoot(s->windows, o->open, s->btn[BTN_BET].visible))
        app_quit(s->app, 0);
}

/* Autospin plays the next round when the last one has shown its wins for a moment; it
 * never presses START for free spins. */
static void auto_step(Slot *s)
{
    if (!s->autospin.active || s->play.phase != PH_IDLE || s->play.round_active || windows_shown(s->windows))
        return;
    uint64_t since = app_tick(s->app) - s->play.phase_t0;
    if (since < (uint64_t)APP_MS_TICKS(s->play.nwins ? 900 : 300))
        return;
    if (autospin_next(&s->autospin, slot_bet_total(s), app_balance(s->app)))
        start_round(s);
    else if (s->autospin.stop != AUTOSPIN_DONE)
        slot_notice(s, autospin_stop_text(s->autospin.stop));
}

/* SPIN held down between rounds: the autoplay window opens, and the press spins nothing. */
static void hold_spin(Slot *s, uint64_t now)
{
    Button *spin = &s->btn[BTN_SPIN];
    if (!s->kind->hold_spin_autoplay || !spin->down || s->play.round_active || s->autospin.active ||
        windows_shown(s->windows)) {
        s->spin_down_t0 = 0;
        return;
    }
    if (!s->spin_down_t0)
        s->spin_down_t0 = now;
    else if (now - s->spin_down_t0 >= (uint64_t)KEY_HOLD_SPIN_TICKS) {
        spin->down = false; /* its release is no click */
        s->spin_down_t0 = 0;
        windows_open(s->windows, WINDOW_AUTO);
    }
}

static void slot_update(void *self)
{
    Slot *s = self;
    uint64_t now = app_tick(s->app);
    hold_spin(s, now);
    auto_step(s);
    if (s->play.recovering)
        slot_play_fast_forward(&s->play);
    if (s->scripted || s->seat.replay || app_options(s->app)->bench_frames || app_options(s->app)->autoplay)
        script_step(s);
    slot_play_tick(&s->play, now);
    slot_update_buttons(s);
}

/* ---- drawing ------------------------------------------------------------------------------ */

static void slot_update_all(void *self)
{
    Slot *s = self;
    slot_update(s);
    slot_play_idle(&s->play, app_tick(s->app)); /* the last round's wins keep cycling */
}

static void free_caches(Slot *s)
{
    GfxCache *all[] = {&s->panel_cache, &s->top_cache, &s->info_cache, &s->info2_cache, &s->badge_cache[0],
                       &s->badge_cache[1], &s->side_cache[0], &s->side_cache[1]};
    for (size_t i = 0; i < SDL_arraysize(all); i++)
        gfx_cache_free(all[i]);
    gfx_still_free(&s->still); /* a celebration's, when the scene closes in one */
}

static void slot_destroy(void *self)
{
    Slot *s = self;
    audio_stop_layer(app_audio(s->app), AUDIO_REELS);
    audio_stop_layer(app_audio(s->app), AUDIO_MUSIC);
    machine_destroy(s->m);
    free_caches(s);
    scenario_free(&s->sc);
    seat_free(&s->seat);
    slot_play_free(&s->play);
    windows_destroy(s->windows);
    free(s);
}

/* ---- creation ----------------------------------------------------------------------------- */

#define SANS "fonts/DejaVuSans-Bold.ttf"
#define SERIF "fonts/DejaVuSerif-Bold.ttf"

/* A round left open by a crash: the machine replays its journal (the same commands give
 * the same round), and the scene plays the replayed events back quickly, then goes on
 * where the round stopped: waiting for START, or with the next free spin. */
static int recover(Slot *s, const StoreRound *r, Error *err)
{
    if (slot_play_recover(&s->play, r, app_tick(s->app), err))
        return -1;
    slot_notice(s, N_("GAME RECOVERED")); /* translated where it is drawn */
    return 0;
}

static void store_get(void *store, const char *key, char *out, size_t size)
{
    store_setting(store, key, out, size);
}

/* The view of the kind the theme names, if it shows the game's rules. */
static int find_kind(Slot *s, Error *err)
{
    char names[64];
    s->kind = kinds_find(s->th.kind);
    if (!s->kind) {
        kinds_names(names, sizeof names);
        return error_set(err, "%s: kind: \"%s\" is not a kind the cabinet shows (%s)", s->th.path,
                         s->th.kind, names);
    }
    /* the moments its theme gives sounds: the timeline's, the play kind's, the reels' */
    static const char *const reel_sounds[] = {"anticipation", "scatter", NULL};
    const char *const *const sounds[] = {slot_play_sounds, reel_sounds,
                                         s->kind->play ? s->kind->play->sounds : NULL, NULL};
    for (const char *const *r = s->kind->play ? s->kind->play->rules : s->kind->rules; *r; r++)
        if (!strcmp(*r, s->def.rules))
            return theme_check_sounds(&s->th, sounds, err);
    return error_set(err, "%s: kind: the %s view cannot show %s games yet", s->th.path, s->kind->name,
                     s->def.rules);
}

static void refresh_buttons(void *self) { slot_update_buttons(self); }

int slot_create(App *a, const char *game_id, Scene *out, Error *err)
{
    const AppOptions *o = app_options(a);
    Slot *s = calloc(1, sizeof *s);
    StoreRound *open = NULL, *replay = NULL;
    const int64_t replay_id = app_take_replay(a); /* QA's replay of a past round */
    bool found = false;
    if (!s)
        return error_set(err, "out of memory");
    s->app = a;
    s->seat_host = app_seat_host(a);
    char path[512];
    if (gamedef_path(o->games_dir, game_id, path, sizeof path, err) || gamedef_load(path, &s->def, err))
        goto fail;
    /* the operator's configuration: enabled bet values, the jackpot seed (a replay: the
     * round's own) */
    if (replay_id) {
        if (seat_replay_load(&s->seat_host, replay_id, &s->def, &replay, err) ||
            opconfig_apply_json(&s->def, replay->config[0] ? replay->config : "{}", err))
            goto fail;
        snprintf(s->config, sizeof s->config, "%s", replay->config);
    } else if (opconfig_apply_all_json(&s->def, store_get, app_store(a), s->config, sizeof s->config, err)) {
        goto fail;
    }
    if (theme_load(o->themes_dir, o->assets_dir, &s->def, &s->th, err) || find_kind(s, err))
        goto fail;
    if (s->th.nline_colors < s->def.nlines) {
        error_set(err, "%s: colors.lines: %d colours for %d lines", s->th.path, s->th.nline_colors,
                  s->def.nlines);
        goto fail;
    }
    Store *store = app_store(a);
    if (!(open = malloc(sizeof *open)) || store_open_round(store, open, &found, err))
        goto fail;
    /* another game's round is that game's; a replay leaves an open round as it is */
    found = found && !strcmp(open->game, s->def.id) && !replay;
    s->bi_coin = gamedef_bet_index(&s->def, s->kind->bet_option);
    s->bi_coins = gamedef_bet_index(&s->def, "coins");
    s->bi_lines = gamedef_bet_index(&s->def, "lines");
    machine_default_bet(&s->def, &s->bet);
    slot_settings_load(s);
    if (app_scenario(a)) { /* a headless scenario run, or attract's showcase */
        if (seat_scenario_load(app_scenario(a), &s->def, &s->sc, err))
            goto fail;
        s->scripted = true;
        if (s->sc.has_bet)
            s->bet = s->sc.bet;
    }
    s->seat = (Seat){.host = &s->seat_host, .def = &s->def, .sc = s->scripted ? &s->sc : NULL, .config = s->config,
                     .replay = replay};
    replay = NULL; /* the seat's now */
    if (seat_machine_open(&s->seat, &s->bet, found ? open : NULL, err))
        goto fail;
    s->m = s->seat.m;
    SlotPlayView view = slot_timeline_view(s);
    view.phase = phase_changed;
    const SlotPlayShow show = slot_timeline_show(s);
    s->pick_hover = -1;
    if (slot_play_init(&s->play, &s->seat, s->kind->play, &view, &show, app_tick(a), err))
        goto fail;
    if (s->seat.replay) /* a forced round's scenario spins (its STOP presses) from its first */
        s->play.screens_shown = s->seat.replay->forced_from;
    /* headless autoplay draws nothing: it skips rasterizing the art */
    const GameParam *sm = gamedef_param(&s->def, "scatter_min");
    s->scatter_min = sm && !sm->array ? (int)sm->v[0] : 0;
    if (!o->autoplay && slot_load_art(s, err))
        goto fail;
    slot_layout_buttons(s);
    if (!(s->windows = slot_windows_create(s, refresh_buttons))) {
        error_set(err, "out of memory");
        goto fail;
    }
    /* the screen before the first spin: the base strips at their first stops */
    const ReelSet *rs = slot_reelset_for(s, SPIN_BASE);
    s->play.shown.rows = s->def.rows;
    s->play.shown.cols = s->def.cols;
    for (int c = 0; c < s->def.cols; c++)
        for (int r = 0; r < s->def.rows; r++)
            s->play.shown.cell[r][c] = rs->strip[c][r];
    if (s->seat.replay && s->seat.replay->has_show) /* a replay: the screen its round began from */
        slot_play_show_restore(&s->play, s->seat.replay->show);
    if (found && recover(s, open, err))
        goto fail;
    free(open);
    windows_open_first(s->windows, a, s->play.round_active);
    slot_update_buttons(s);
    audio_loop(app_audio(a), AUDIO_MUSIC, theme_sound(&s->th, "music"));
    *out = (Scene){s, slot_input, slot_update_all, slot_draw, slot_destroy,
                   gfx_image_opaque(app_gfx(a), s->backdrop)};
    return 0;
fail:
    free(open);
    free(replay);
    slot_play_free(&s->play); /* safe on the zeroed one of a failure before it began */
    machine_destroy(s->seat.m);
    free_caches(s);
    scenario_free(&s->sc);
    seat_free(&s->seat);
    windows_destroy(s->windows);
    free(s);
    return -1;
}
