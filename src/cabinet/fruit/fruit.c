/* fruit.c - the fruit machine scene's input: the player's presses and the buttons.
 *
 * The round's timeline is the play core's (core/fruit_play.c, f->play): a press here goes to
 * it as the tick it is made at (a minigame's choice first found on the board, fruit_mini.c),
 * and the scene's tick after the scripted player's (fruit_tick) runs the game's AUTO
 * answers, AUTO-PLAY's next game, a held COLLECT and the game change's wipe, then the
 * timeline's tick. The scene's entry (fruit_scene.c), the scripted player (fruit_script.c)
 * and the windows' host (fruit_windows.c) sit over this file; it calls none of them.
 *
 * Everything moves by ticks (60 Hz), never by the wall clock, so a headless run draws the
 * same pixels for the same scenario; screenshots are taken at named moments. */
#include "fruit_priv.h"

#include <stdio.h>

/* ---- the player's presses ------------------------------------------------------------------ */

static uint64_t now_of(const Fruit *f) { return app_tick(f->app); }

static bool offered(const Fruit *f, CommandType t) { return fruit_play_offered(&f->play, t); }

void fruit_press_choice(Fruit *f, int i)
{
    i = fruit_play_mini_choice(&f->play, i);
    if (i < 0)
        return;
    f->play.mini.hover = -1;
    fruit_play_choose(&f->play, i, now_of(f));
}

void fruit_press_reel(Fruit *f, int reel)
{
    if (reel < 0 || reel >= FR_REELS)
        return;
    if (f->play.mini.game) {
        const int i = fruit_play_mini_reel_choice(&f->play, reel);
        if (i >= 0)
            fruit_press_choice(f, i);
    } else {
        fruit_play_press_reel(&f->play, reel, now_of(f));
    }
}

void fruit_press_play(Fruit *f)
{
    if (f->autoplay.active) { /* PLAY stops AUTO-PLAY */
        autospin_cancel(&f->autoplay);
        return;
    }
    if (f->play.phase == FP_IDLE && !f->play.round_active)
        fruit_begin_round(f);
    else if (fruit_play_press_play(&f->play, now_of(f))) /* a minigame's choice */
        fruit_press_choice(f, -1);
}

void fruit_press_collect(Fruit *f, bool all) { fruit_play_press_collect(&f->play, all, now_of(f)); }

void fruit_press_auto(Fruit *f)
{
    f->play.auto_adv = !f->play.auto_adv;
    fruit_cue(f, "button", AUDIO_UI);
}

static bool idle(const Fruit *f)
{
    return f->play.phase == FP_IDLE && !f->play.round_active && !f->swapping && windows_shown(f->windows) == WINDOW_NONE;
}

static void choose_bet(Fruit *f, int64_t bet)
{
    if (!idle(f) || f->autoplay.active)
        return;
    if (fruit_set_bet(f, bet)) {
        fruit_cue(f, "button", AUDIO_UI);
        fruit_settings_save(f);
    }
}

/* BET: the next of the operator's enabled bets (the upper game's plates there), round
 * again after the highest. */
static void step_bet(Fruit *f)
{
    const BetOption *o = &f->def.bet[fruit_chip_option(f)];
    const int64_t now = f->bet.v[fruit_chip_option(f)];
    int i = 0;
    while (i < o->nvalues && o->values[i] != now)
        i++;
    if (o->nvalues)
        choose_bet(f, o->values[(i + 1) % o->nvalues]);
}

static void press_autoplay(Fruit *f)
{
    if (f->autoplay.active)
        autospin_cancel(&f->autoplay);
    else if (idle(f))
        windows_open(f->windows, WINDOW_AUTO);
}

void fruit_input(void *self, const Input *in)
{
    Fruit *f = self;
    Button *b = f->btn;
    if (windows_shown(f->windows)) {
        windows_input(f->windows, in);
        return;
    }
    if (INPUT_IS_OPERATOR(in)) {
        if (!f->play.round_active)
            app_open(f->app, APP_OPERATOR);
        return;
    }
    if (in->type == INPUT_KEY) {
        switch (in->key) {
        case SDLK_SPACE:
            if (f->space_plays)
                fruit_press_play(f);
            break;
        case KEY_PLAY: case SDLK_KP_ENTER: fruit_press_play(f); break; /* held too: PLAY has no hold */
        case KEY_REEL1: case SDLK_KP_1: fruit_press_reel(f, 0); break;
        case KEY_REEL1 + 1: case SDLK_KP_2: fruit_press_reel(f, 1); break;
        case KEY_REEL1 + 2: case SDLK_KP_3: fruit_press_reel(f, 2); break;
        case SDLK_4: case SDLK_5: case SDLK_6: case SDLK_7: case SDLK_8: case SDLK_9:
            if (f->play.mini.game == MINI_FIND) /* Find the Prizes: an element by its number */
                fruit_press_choice(f, (int)(in->key - SDLK_1));
            break;
        case KEY_AUTO: fruit_press_auto(f); break;
        case KEY_COLLECT: fruit_press_collect(f, (in->mod & KEY_HELD) != 0); break; /* held: all */
        case KEY_GAME_CHANGE: fruit_game_change(f); break;
        case KEY_BET: step_bet(f); break;
        case KEY_AUTOPLAY: press_autoplay(f); break;
        case KEY_AUTORISK: f->auto_risk = !f->auto_risk; break;
        case KEY_BACK:
            if (!f->play.round_active)
                app_open(f->app, NULL);
            break;
        case KEY_PICKER: /* QA: force the next round */
            if (!f->play.round_active && f->play.phase == FP_IDLE)
                windows_open(f->windows, WINDOW_SCENARIOS);
            break;
        default: break;
        }
        return;
    }
    if (f->play.mini.game) { /* a basket, an element, a cap */
        const int i = fruit_mini_pointer(f, in);
        if (i >= 0)
            fruit_press_choice(f, i);
    } else if (offered(f, CMD_PICK) && f->play.lids_on) { /* a lid, or its cauldron's reel */
        int over = -1;
        for (int c = 0; c < FR_REELS; c++)
            if (in->x >= FR_REEL_X + c * FR_REEL_PITCH && in->x < FR_REEL_X + c * FR_REEL_PITCH + FR_CELL &&
                in->y >= FR_REEL_Y && in->y < FR_REEL_Y + FR_ROWS * FR_CELL)
                over = c;
        if (in->type == INPUT_MOVE)
            f->lid_hover = over;
        else if (in->type == INPUT_RELEASE && over >= 0)
            fruit_play_pick_lid(&f->play, over, now_of(f));
    }
    for (int c = 0; c < FR_REELS; c++)
        if (button_input(&b[FB_HOLD1 + c], in))
            fruit_press_reel(f, c);
    if (button_input(&b[FB_PLAY], in))
        fruit_press_play(f);
    if (button_input(&b[FB_COLLECT], in))
        fruit_press_collect(f, false);
    if (button_input(&b[FB_AUTO], in))
        fruit_press_auto(f);
    if (button_input(&b[FB_BET], in))
        step_bet(f);
    if (button_input(&b[FB_AUTOPLAY], in))
        press_autoplay(f);
    if (button_input(&b[FB_AUTORISK], in))
        f->auto_risk = !f->auto_risk;
    if (button_input(&b[FB_GAME], in))
        fruit_game_change(f);
    for (int i = 0; i < fruit_nchips(f); i++)
        if (button_input(&b[FB_CHIP + i], in))
            choose_bet(f, fruit_chip_value(f, i));
    if (button_input(&b[FB_INFO], in))
        windows_open(f->windows, WINDOW_PAYTABLE);
    if (button_input(&b[FB_RULES], in))
        windows_open(f->windows, WINDOW_RULES);
    if (button_input(&b[FB_HISTORY], in))
        windows_open(f->windows, WINDOW_HISTORY);
    if (button_input(&b[FB_OPTIONS], in))
        windows_open(f->windows, WINDOW_OPTIONS);
    if (button_input(&b[FB_SOUND], in))
        audio_set_muted(app_audio(f->app), !audio_muted(app_audio(f->app)));
    if (button_input(&b[FB_FULL], in))
        app_toggle_fullscreen(f->app);
    if (button_input(&b[FB_HOME], in))
        app_open(f->app, NULL);
}

/* ---- update --------------------------------------------------------------------------------- */

void fruit_update_buttons(Fruit *f)
{
    Button *b = f->btn;
    const bool open = windows_shown(f->windows) != WINDOW_NONE, rest = idle(f);
    const uint32_t allowed = f->play.phase == FP_WAIT ? machine_allowed(f->play.m) : 0;
    for (int c = 0; c < FR_REELS; c++)
        b[FB_HOLD1 + c].enabled = !open && (allowed & (1u << CMD_HOLD | 1u << CMD_ADVANCE | 1u << CMD_PICK));
    b[FB_PLAY].enabled = !open && (rest || f->autoplay.active || fruit_reels_turning(f) ||
                                   (allowed & (1u << CMD_HOLD | 1u << CMD_RISK | 1u << CMD_PICK)));
    b[FB_COLLECT].enabled = !open && (allowed & 1u << CMD_COLLECT);
    b[FB_AUTO].enabled = b[FB_AUTORISK].enabled = !open;
    b[FB_AUTOPLAY].enabled = !open && (rest || f->autoplay.active);
    b[FB_BET].enabled = rest && !f->autoplay.active && f->def.bet[fruit_chip_option(f)].nvalues > 1;
    b[FB_GAME].visible = f->opt_game >= 0;
    b[FB_GAME].enabled = rest && !f->autoplay.active && f->opt_game >= 0;
    for (int i = 0; i < FR_CHIPS; i++) {
        b[FB_CHIP + i].visible = i < fruit_nchips(f);
        b[FB_CHIP + i].enabled = b[FB_CHIP + i].visible && rest && !f->autoplay.active &&
                                 fruit_chip_enabled(f, fruit_chip_value(f, i));
    }
    b[FB_INFO].enabled = b[FB_RULES].enabled = b[FB_HISTORY].enabled = b[FB_OPTIONS].enabled = rest;
    b[FB_HOME].enabled = rest;
    b[FB_SOUND].icon = audio_muted(app_audio(f->app)) ? f->ic_sound_off : f->ic_sound_on;
    windows_update_buttons(f->windows);
}

/* The game's AUTO answers by itself: AUTO-ADVANCES spends the advances, AUTO-RISK risks,
 * and AUTO-PLAY answers whatever else waits after a few seconds (the ladder: collect). */
static void auto_answer(Fruit *f, uint64_t since)
{
    if (f->play.phase != FP_WAIT || windows_shown(f->windows) || f->scripted || f->play.seat.replay ||
        app_options(f->app)->autoplay)
        return;
    const uint32_t allowed = machine_allowed(f->play.m);
    Command c;
    if ((allowed & 1u << CMD_ADVANCE) && f->play.auto_adv && since >= (uint64_t)APP_MS_TICKS(450)) {
        if (machine_choose(f->play.m, STRATEGY_AUTO, &c)) {
            if (c.type == CMD_ADVANCE)
                fruit_press_reel(f, (int)c.arg);
            else
                fruit_press_collect(f, false);
        }
    } else if ((allowed & 1u << CMD_RISK) && f->auto_risk && !f->play.mini.game && since >= (uint64_t)APP_MS_TICKS(900)) {
        fruit_press_play(f);
    } else if (f->autoplay.active && since >= (uint64_t)APP_MS_TICKS(2500)) {
        if (machine_choose(f->play.m, f->auto_risk ? STRATEGY_AUTO : STRATEGY_COLLECT, &c))
            fruit_play_answer(&f->play, &c, now_of(f));
    }
}

/* COLLECT held down, where all of the prize may be collected: all of it, once held long
 * enough (its button fills; let go earlier, it collects the fraction). */
static void hold_collect(Fruit *f, uint64_t now)
{
    Button *b = &f->btn[FB_COLLECT];
    if (!b->down || !fruit_collect_all_offered(f)) {
        f->collect_held_t0 = 0;
        return;
    }
    if (!f->collect_held_t0)
        f->collect_held_t0 = now;
    else if (now - f->collect_held_t0 >= (uint64_t)FR_HOLD_ALL_TICKS) {
        b->down = false; /* its release is no click */
        f->collect_held_t0 = 0;
        fruit_press_collect(f, true);
    }
}

/* AUTO-PLAY starts the next game when the last one has ended, while the balance covers it. */
static void autoplay_next(Fruit *f, uint64_t since)
{
    if (!f->autoplay.active || !idle(f) || since < (uint64_t)APP_MS_TICKS(900))
        return;
    if (fruit_is_upper(f) && !fruit_bet_covered(f, false)) { /* "while money and Bonuses last" */
        autospin_cancel(&f->autoplay);
        fruit_message(f, _("AUTO-PLAY STOPPED"), false);
        fruit_message2(f, _("THE BONUSES HELD NO LONGER COVER THE BET"));
        return;
    }
    if (autospin_next(&f->autoplay, fruit_bet_total(f), app_balance(f->app)))
        fruit_begin_round(f);
    else if (f->autoplay.stop != AUTOSPIN_DONE)
        fruit_message(f, autospin_stop_text(f->autoplay.stop), false);
}

void fruit_tick(Fruit *f, uint64_t now, uint64_t since)
{
    auto_answer(f, since);
    autoplay_next(f, since);
    hold_collect(f, now);
    fruit_swap_tick(f, now);
    fruit_play_tick(&f->play, now);
    fruit_update_buttons(f);
}
