/* windows.c - the windows that open over a game: paytable, rules, options, autoplay, Bet
 * Settings and low balance, and game recall (windows_recall.c).
 *
 * While one is open it takes all input; the round underneath is paused only in the sense
 * that the player cannot spin (the paytable, rules, options and autospin windows open only
 * between rounds; history too). Settings follow the rules' wording: the options window is
 * saved with SAVE and dropped with CANCEL; the autospin window starts with START.
 *
 * The windows keep what they show and edit, and know the scene only as a WindowsHost: its
 * look, its game and kind, and the entries they call when the player confirms (the bet
 * chosen, the autoplay started, the options saved). */
#include "windows_priv.h"
#include "lang.h"

#include "games.h"
#include "keys.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const int autospin_spin_choices[] = {10, 25, 50, 100, 250, 500, 1000};
/* loss limits and win limits, in cents */
static const Money autospin_money_choices[] = {500, 1000, 2000, 5000, 10000, 20000, 50000, 100000};
#define NSPINS (int)(sizeof autospin_spin_choices / sizeof autospin_spin_choices[0])
#define NMONEY (int)(sizeof autospin_money_choices / sizeof autospin_money_choices[0])

static const SDL_FRect DIALOG = {510, 150, 900, 720};
static const SDL_FRect OPTIONS = {510, 110, 900, 820}; /* taller: the languages' row too */
#define AUTO_ADVANCED_ROW(i) (DIALOG.y + 120 + (float)(i) * 92) /* the advanced AutoPlay's rows */

/* The volume sliders of the options window: wins, game (reels and interface), background. */
static const AudioLayer slider_layer[3] = {AUDIO_WINS, AUDIO_REELS, AUDIO_MUSIC};
static const char *const slider_name[3] = {N_("WIN SOUNDS"), N_("GAME SOUNDS"), N_("BACKGROUND MUSIC")};

static SDL_FRect slider_rect(int i)
{
    return (SDL_FRect){OPTIONS.x + 400, OPTIONS.y + 150 + (float)i * 90, 380, 36};
}

static bool advanced(const Windows *w) { return w->host.autoplay == WINDOWS_AUTOPLAY_ADVANCED; }

static Audio *audio(const Windows *w) { return app_audio(w->host.app); }

/* Bet Settings: the game's bet values as buttons; the chosen one is played from now on. */
static const BetOption *bet_list(const Windows *w) { return &w->host.def->bet[w->host.bet_option]; }

static int bet_count(const Windows *w)
{
    const int n = bet_list(w)->nvalues;
    return n < BET_LIST_MAX ? n : BET_LIST_MAX;
}

/* The game's rules module (what its bets total, which features its rounds hold), or NULL. */
static const GameRules *rules_of(const Windows *w) { return games_find(w->host.def->rules); }

/* The total of the lowest bet: the host's, or every option at its first value, as MINIMUM
 * BET sets it. */
static Money min_bet_total(const Windows *w)
{
    if (w->host.min_bet_total)
        return w->host.min_bet_total(w->host.scene);
    const GameDef *def = w->host.def;
    const GameRules *r = rules_of(w);
    Bet b = {{0}};
    for (int i = 0; i < def->nbet; i++)
        b.v[i] = def->bet[i].nvalues > 0 ? def->bet[i].values[0] : 0;
    return r && r->bet_total ? r->bet_total(def, &b) : 0;
}

/* The low balance dialog offers MINIMUM BET only when it lowers the bet; at the lowest bet
 * it says the balance is too low for any bet. */
static bool low_balance_offers(const Windows *w) { return min_bet_total(w) < w->host.bet_total(w->host.scene); }

/* Whether the game's rounds can hold free spins (the rules module says). */
static bool has_free_spins(const Windows *w)
{
    const GameRules *r = rules_of(w);
    return r && (r->features_used & (1u << FEATURE_FREE_SPINS));
}

static void layout(Windows *w)
{
    const WindowsLook *k = &w->host.look;
    Button *b = w->btn;
    for (int i = 0; i < WB__COUNT; i++)
        b[i] = (Button){.look = k->round, .enabled = true};
    b[WB_PREV].r = (SDL_FRect){700, 870, 72, 72};
    b[WB_PREV].icon = k->left;
    b[WB_NEXT].r = (SDL_FRect){1148, 870, 72, 72};
    b[WB_NEXT].icon = k->right;
    b[WB_BACK].r = (SDL_FRect){850, 866, 220, 80};
    b[WB_BACK].look = k->plain;
    b[WB_BACK].label = _("BACK");
    b[WB_REPLAY].r = (SDL_FRect){1440, 866, 240, 80}; /* beside the paging, at the box's right */
    b[WB_REPLAY].look = k->plain;
    b[WB_REPLAY].label = _("REPLAY");
    b[WB_OK].r = (SDL_FRect){700, 590, 240, 80};
    b[WB_OK].look = k->plain;
    b[WB_CANCEL].r = (SDL_FRect){980, 590, 240, 80};
    b[WB_CANCEL].look = k->plain;
    b[WB_CANCEL].label = _("CANCEL");
    /* options: three toggles under the sliders, then a choice of each language */
    for (int i = 0; i < 3; i++)
        b[WB_OPT_SOUND + i].r = (SDL_FRect){OPTIONS.x + 60, OPTIONS.y + 410 + (float)i * 64, 56, 56};
    for (int i = 0; i <= WB_OPT_LANG_LAST - WB_OPT_LANG; i++)
        b[WB_OPT_LANG + i].r = (SDL_FRect){OPTIONS.x + 370 + (float)i * 250, OPTIONS.y + 610, 56, 56};
    /* autospin: three steppers and two toggles */
    for (int i = 0; i < 3; i++) {
        float y = DIALOG.y + 130 + (float)i * 110;
        b[WB_AUTO_SPINS_DN + 2 * i].r = (SDL_FRect){DIALOG.x + 480, y, 64, 64};
        b[WB_AUTO_SPINS_DN + 2 * i].icon = k->left;
        b[WB_AUTO_SPINS_UP + 2 * i].r = (SDL_FRect){DIALOG.x + 780, y, 64, 64};
        b[WB_AUTO_SPINS_UP + 2 * i].icon = k->right;
    }
    b[WB_AUTO_WIN_ON].r = (SDL_FRect){DIALOG.x + 50, DIALOG.y + 134 + 220, 56, 56};
    b[WB_AUTO_JACKPOT_ON].r = (SDL_FRect){DIALOG.x + 50, DIALOG.y + 134 + 330, 56, 56};
    if (advanced(w)) {
        /* rounds; with any win; a single win exceeds; balance up by; balance down by */
        const int row_of[5][3] = {{-1, WB_AUTO_SPINS_DN, WB_AUTO_SPINS_UP},
                                  {WB_AUTO_ANY_ON, -1, -1},
                                  {WB_AUTO_WIN_ON, WB_AUTO_WIN_DN, WB_AUTO_WIN_UP},
                                  {WB_AUTO_GAIN_ON, WB_AUTO_GAIN_DN, WB_AUTO_GAIN_UP},
                                  {WB_AUTO_LOSS_ON, WB_AUTO_LOSS_DN, WB_AUTO_LOSS_UP}};
        for (int i = 0; i < 5; i++) {
            float y = AUTO_ADVANCED_ROW(i);
            if (row_of[i][0] >= 0)
                b[row_of[i][0]].r = (SDL_FRect){DIALOG.x + 40, y, 56, 56};
            if (row_of[i][1] >= 0) {
                /* the arrows with room for "1,000.00" between them */
                b[row_of[i][1]].r = (SDL_FRect){DIALOG.x + 564, y - 4, 64, 64};
                b[row_of[i][1]].icon = k->left;
                b[row_of[i][2]].r = (SDL_FRect){DIALOG.x + 816, y - 4, 64, 64};
                b[row_of[i][2]].icon = k->right;
            }
        }
        b[WB_AUTO_RESET].r = (SDL_FRect){840, DIALOG.y + DIALOG.h - 110, 240, 80};
        b[WB_AUTO_RESET].look = k->plain;
        b[WB_AUTO_RESET].label = _("RESET");
    }
    /* Bet Settings: three values a row */
    for (int i = 0; i < BET_LIST_MAX; i++) {
        Button *v = &b[WB_BET_VALUE + i];
        v->r = (SDL_FRect){DIALOG.x + 50 + (float)(i % 3) * 275, DIALOG.y + 130 + (float)(i / 3) * 96, 250, 80};
        v->look = k->plain;
        if (i < bet_list(w)->nvalues) {
            w->host.money_text(bet_list(w)->values[i], w->bet_label[i], sizeof w->bet_label[i]);
            v->label = w->bet_label[i];
        }
    }
}

Windows *windows_create(const WindowsHost *host)
{
    Windows *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->host = *host;
    w->drag = -1;
    w->auto_spins_i = 1; /* 25 spins, 100.00 loss limit, 50.00 win limit */
    w->auto_loss_i = 4;
    w->auto_win_i = 3;
    w->auto_gain_i = 3;
    layout(w);
    return w;
}

void windows_destroy(Windows *w)
{
    if (!w)
        return;
    windows_recall_free(&w->recall);
    windows_picker_free(&w->picker);
    free(w);
}

Window windows_shown(const Windows *w) { return w->shown; }

int windows_pages(const Windows *w, Window which)
{
    if (which == WINDOW_PAYTABLE)
        return w->host.paytable_pages;
    if (which == WINDOW_HISTORY)
        return windows_history_pages(w);
    if (which == WINDOW_RULES)
        return windows_rules_pages(w);
    if (which == WINDOW_RECALL)
        return windows_recall_pages(w);
    if (which == WINDOW_SCENARIOS)
        return windows_picker_pages(w);
    return 1;
}

/* The page a paged window shows: the recall's spin, or the window's page. */
static int *page_of(Windows *w) { return w->shown == WINDOW_RECALL ? &w->recall.spin : &w->page; }

int windows_page(const Windows *w) { return w->shown == WINDOW_RECALL ? w->recall.spin : w->page; }

static void turn(Windows *w, int dir)
{
    const int n = windows_pages(w, w->shown);
    int *at = page_of(w);
    *at = (*at + n + dir) % n;
}

void windows_next_page(Windows *w) { turn(w, +1); }

void windows_open_first(Windows *w, App *a, bool round_in_play)
{
    AppOpenOn on = app_take_open_on(a);
    switch (round_in_play ? APP_ON_PLAY : on) {
    case APP_ON_RECALL:
        windows_open(w, WINDOW_HISTORY);
        break;
    case APP_ON_PICKER:
        windows_open(w, WINDOW_SCENARIOS);
        break;
    case APP_ON_PLAY:
        break;
    }
}

void windows_open(Windows *w, Window which)
{
    if (which == WINDOW_SCENARIOS && !app_qa(w->host.app)) /* QA's picker: QA mode only */
        return;
    w->shown = which;
    w->page = 0;
    w->drag = -1;
    if (which == WINDOW_HISTORY)
        windows_history_load(w);
    if (which == WINDOW_SCENARIOS)
        windows_picker_load(w);
    if (which == WINDOW_OPTIONS) {
        for (int l = 0; l < AUDIO__LAYERS; l++)
            w->saved_volume[l] = audio_volume(audio(w), (AudioLayer)l);
        w->saved_muted = audio_muted(audio(w));
        w->options = w->saved = w->host.options(w->host.scene);
        w->lang = lang_find(lang_code());
    }
}

void windows_recall(Windows *w, int row)
{
    if (row >= 0 && row < w->recall.nhistory)
        windows_recall_open(w, row);
}

static void set_volume_from(Windows *w, int i, float x)
{
    SDL_FRect r = slider_rect(i);
    int v = (int)((x - r.x) / r.w * 100 + 0.5f);
    audio_set_volume(audio(w), slider_layer[i], v < 0 ? 0 : v > 100 ? 100 : v);
    if (slider_layer[i] == AUDIO_REELS)
        audio_set_volume(audio(w), AUDIO_UI, audio_volume(audio(w), AUDIO_REELS));
}

static void options_cancel(Windows *w)
{
    for (int l = 0; l < AUDIO__LAYERS; l++)
        audio_set_volume(audio(w), (AudioLayer)l, w->saved_volume[l]);
    audio_set_muted(audio(w), w->saved_muted);
    w->options = w->saved;
    w->host.set_options(w->host.scene, &w->options);
}

/* The autoplay window's choices of spins: all, or those up to the host's most. */
static int spins_choices(const Windows *w)
{
    int n = NSPINS;
    while (w->host.autoplay_max > 0 && n > 1 && autospin_spin_choices[n - 1] > w->host.autoplay_max)
        n--;
    return n;
}

static void step(int *i, int n, int dir)
{
    *i += dir;
    if (*i < 0)
        *i = 0;
    if (*i >= n)
        *i = n - 1;
}

static void auto_start(Windows *w)
{
    AutospinSettings set = {
        .spins = autospin_spin_choices[w->auto_spins_i],
        .loss_limit = autospin_money_choices[w->auto_loss_i],
        .stop_on_win = w->auto_win_on,
        .win_limit = autospin_money_choices[w->auto_win_i],
        .stop_on_jackpot = w->auto_jackpot_on,
    };
    if (advanced(w)) { /* the stop conditions, each optional */
        set.stop_any_win = w->auto_any_on;
        set.stop_on_gain = w->auto_gain_on;
        set.gain_limit = autospin_money_choices[w->auto_gain_i];
        set.no_loss_limit = !w->auto_loss_on;
    }
    w->host.start_autoplay(w->host.scene, &set);
    w->shown = WINDOW_NONE;
}

static void options_input(Windows *w, const Input *in, bool esc)
{
    Button *b = w->btn;
    if (in->type == INPUT_PRESS || (in->type == INPUT_MOVE && w->drag >= 0)) {
        for (int i = 0; i < 3; i++) {
            SDL_FRect r = slider_rect(i);
            bool over = in->x >= r.x - 20 && in->x <= r.x + r.w + 20 && in->y >= r.y - 10 &&
                        in->y <= r.y + r.h + 10;
            if ((in->type == INPUT_PRESS && over) || w->drag == i) {
                w->drag = i;
                set_volume_from(w, i, in->x);
            }
        }
    }
    if (in->type == INPUT_RELEASE)
        w->drag = -1;
    if (button_input(&b[WB_OPT_SOUND], in))
        audio_set_muted(audio(w), !audio_muted(audio(w)));
    bool space = button_input(&b[WB_OPT_SPACE], in), coins = button_input(&b[WB_OPT_COINS], in);
    if (space || coins) {
        w->options.space_spins ^= space;
        w->options.coins_view ^= coins;
        w->host.set_options(w->host.scene, &w->options);
    }
    for (int i = 0; i <= WB_OPT_LANG_LAST - WB_OPT_LANG; i++)
        if (button_input(&b[WB_OPT_LANG + i], in))
            w->lang = i;
    if (button_input(&b[WB_OK], in)) {
        w->shown = WINDOW_NONE; /* SAVE */
        w->host.save_settings(w->host.scene);
        if (lang_info(w->lang))
            app_speak(w->host.app, lang_info(w->lang)->code); /* the scene opens again in it */
    } else if (button_input(&b[WB_CANCEL], in) || esc) {
        options_cancel(w);
        w->shown = WINDOW_NONE;
    }
}

static void auto_input(Windows *w, const Input *in, bool esc)
{
    Button *b = w->btn;
    if (button_input(&b[WB_AUTO_ANY_ON], in))
        w->auto_any_on = !w->auto_any_on;
    if (button_input(&b[WB_AUTO_GAIN_ON], in))
        w->auto_gain_on = !w->auto_gain_on;
    if (button_input(&b[WB_AUTO_LOSS_ON], in))
        w->auto_loss_on = !w->auto_loss_on;
    if (button_input(&b[WB_AUTO_GAIN_DN], in))
        step(&w->auto_gain_i, NMONEY, -1);
    if (button_input(&b[WB_AUTO_GAIN_UP], in))
        step(&w->auto_gain_i, NMONEY, +1);
    if (button_input(&b[WB_AUTO_RESET], in))
        w->auto_any_on = w->auto_win_on = w->auto_gain_on = w->auto_loss_on = false;
    if (button_input(&b[WB_AUTO_SPINS_DN], in))
        step(&w->auto_spins_i, NSPINS, -1);
    if (button_input(&b[WB_AUTO_SPINS_UP], in))
        step(&w->auto_spins_i, spins_choices(w), +1);
    if (button_input(&b[WB_AUTO_LOSS_DN], in))
        step(&w->auto_loss_i, NMONEY, -1);
    if (button_input(&b[WB_AUTO_LOSS_UP], in))
        step(&w->auto_loss_i, NMONEY, +1);
    if (button_input(&b[WB_AUTO_WIN_DN], in))
        step(&w->auto_win_i, NMONEY, -1);
    if (button_input(&b[WB_AUTO_WIN_UP], in))
        step(&w->auto_win_i, NMONEY, +1);
    if (button_input(&b[WB_AUTO_WIN_ON], in))
        w->auto_win_on = !w->auto_win_on;
    if (button_input(&b[WB_AUTO_JACKPOT_ON], in))
        w->auto_jackpot_on = !w->auto_jackpot_on;
    if (button_input(&b[WB_OK], in))
        auto_start(w);
    else if (button_input(&b[WB_CANCEL], in) || esc)
        w->shown = WINDOW_NONE;
}

/* A dialog from keys alone (a keyboard, or the button deck with no mouse): Enter is its
 * first button (START, SAVE, MINIMUM BET); Left and Right step Auto Spin's rounds, or Bet
 * Settings' bet, the one played framed. True when the key was the dialog's. */
static bool dialog_key(Windows *w, const Input *in)
{
    if (in->type != INPUT_KEY)
        return false;
    const bool enter = in->key == KEY_PLAY || in->key == SDLK_KP_ENTER;
    const int dir = in->key == SDLK_LEFT ? -1 : in->key == SDLK_RIGHT ? 1 : 0;
    switch (w->shown) {
    case WINDOW_AUTO:
        if (enter)
            auto_start(w);
        else if (dir)
            step(&w->auto_spins_i, dir < 0 ? NSPINS : spins_choices(w), dir);
        return enter || dir;
    case WINDOW_OPTIONS:
    case WINDOW_LOW_BALANCE:
        if (!enter)
            return false;
        if (w->shown == WINDOW_OPTIONS)
            w->host.save_settings(w->host.scene);
        else if (low_balance_offers(w))
            w->host.min_bet(w->host.scene);
        w->shown = WINDOW_NONE;
        return true;
    case WINDOW_BET: {
        const int n = bet_count(w);
        const int64_t played = w->host.bet_value(w->host.scene);
        int i = 0;
        while (i < n && bet_list(w)->values[i] != played)
            i++;
        if (dir && i + dir >= 0 && i + dir < n)
            w->host.choose_bet(w->host.scene, bet_list(w)->values[i + dir]);
        if (enter)
            w->shown = WINDOW_NONE;
        return enter || dir;
    }
    default:
        return false;
    }
}

void windows_input(Windows *w, const Input *in)
{
    Button *b = w->btn;
    bool esc = in->type == INPUT_KEY && in->key == SDLK_ESCAPE;
    if (dialog_key(w, in))
        return;
    switch (w->shown) {
    case WINDOW_NONE:
        return;
    case WINDOW_LOW_BALANCE:
        if (button_input(&b[WB_OK], in)) {
            w->host.min_bet(w->host.scene);
            w->shown = WINDOW_NONE;
        } else if (button_input(&b[WB_CANCEL], in) || esc) {
            w->shown = WINDOW_NONE;
        }
        return;
    case WINDOW_PAYTABLE:
    case WINDOW_RULES:
    case WINDOW_HISTORY:
    case WINDOW_RECALL:
    case WINDOW_SCENARIOS:
        if (w->shown == WINDOW_SCENARIOS && windows_picker_input(w, in))
            return;
        if (w->shown == WINDOW_RECALL && !w->recall.problem &&
            (button_input(&b[WB_REPLAY], in) || (in->type == INPUT_KEY && in->key == SDLK_r))) {
            /* the round played again in the game, from its journal; back here at its end */
            app_open_replay(w->host.app, w->host.def->id, w->recall.round.id);
            return;
        }
        if (button_input(&b[WB_PREV], in) || (in->type == INPUT_KEY && in->key == SDLK_LEFT))
            turn(w, -1);
        else if (button_input(&b[WB_NEXT], in) || (in->type == INPUT_KEY && in->key == SDLK_RIGHT))
            turn(w, +1);
        else if (button_input(&b[WB_BACK], in) || esc)
            w->shown = w->shown == WINDOW_RECALL ? WINDOW_HISTORY : WINDOW_NONE;
        else if (w->shown == WINDOW_HISTORY && in->type == INPUT_RELEASE) {
            /* a click on a row recalls that round */
            int i = windows_history_row_at(w, in->x, in->y);
            if (i >= 0)
                windows_recall_open(w, i);
        }
        return;
    case WINDOW_OPTIONS:
        options_input(w, in, esc);
        return;
    case WINDOW_BET:
        for (int i = 0; i < bet_count(w); i++)
            if (button_input(&b[WB_BET_VALUE + i], in)) {
                w->host.choose_bet(w->host.scene, bet_list(w)->values[i]);
                w->shown = WINDOW_NONE;
            }
        if (button_input(&b[WB_CANCEL], in) || esc)
            w->shown = WINDOW_NONE;
        return;
    case WINDOW_AUTO:
        auto_input(w, in, esc);
        return;
    }
}

void windows_update_buttons(Windows *w)
{
    Button *b = w->btn;
    const GfxImage check = w->host.look.check;
    for (int i = 0; i < WB__COUNT; i++)
        b[i].visible = false;
    Window o = w->shown;
    bool paged = o == WINDOW_PAYTABLE || o == WINDOW_RULES || o == WINDOW_HISTORY || o == WINDOW_RECALL ||
                 o == WINDOW_SCENARIOS;
    b[WB_BACK].visible = paged;
    b[WB_PREV].visible = b[WB_NEXT].visible = paged && windows_pages(w, o) > 1;
    b[WB_REPLAY].visible = o == WINDOW_RECALL && !w->recall.problem;
    bool dlg = o == WINDOW_LOW_BALANCE || o == WINDOW_OPTIONS || o == WINDOW_AUTO;
    b[WB_OK].visible = b[WB_CANCEL].visible = dlg;
    if (o == WINDOW_BET) {
        b[WB_CANCEL].visible = true;
        for (int i = 0; i < bet_count(w); i++)
            b[WB_BET_VALUE + i].visible = true;
    }
    b[WB_OK].label = o == WINDOW_LOW_BALANCE ? _("MINIMUM BET") : o == WINDOW_OPTIONS ? _("SAVE") : _("START");
    b[WB_CANCEL].label = _("CANCEL");
    float y = o == WINDOW_LOW_BALANCE ? 590 : o == WINDOW_OPTIONS ? OPTIONS.y + OPTIONS.h - 110 : DIALOG.y + DIALOG.h - 110;
    b[WB_OK].r.y = b[WB_CANCEL].r.y = y;
    /* the advanced autoplay window has RESET between START and CANCEL */
    bool three = o == WINDOW_AUTO && advanced(w);
    b[WB_OK].r.x = three ? 570 : 700;
    b[WB_OK].r.w = 240;
    b[WB_CANCEL].r.x = three ? 1110 : o == WINDOW_BET ? 840 : 980;
    if (o == WINDOW_LOW_BALANCE && low_balance_offers(w)) {
        b[WB_OK].r = (SDL_FRect){650, y, 340, 80}; /* MINIMUM BET clear of the caps, the pair centred */
        b[WB_CANCEL].r.x = 1030;
    } else if (o == WINDOW_LOW_BALANCE) { /* at the lowest bet: nothing to offer, one OK */
        b[WB_OK].visible = false;
        b[WB_CANCEL].label = _("OK");
        b[WB_CANCEL].r.x = 840;
    }
    if (o == WINDOW_OPTIONS) {
        b[WB_OPT_SOUND].visible = b[WB_OPT_SPACE].visible = true;
        b[WB_OPT_COINS].visible = w->host.has_coins; /* else money only */
        b[WB_OPT_SOUND].icon = audio_muted(audio(w)) ? 0 : check;
        b[WB_OPT_SPACE].icon = w->options.space_spins ? check : 0;
        b[WB_OPT_COINS].icon = w->options.coins_view ? check : 0;
        for (int i = 0; i <= WB_OPT_LANG_LAST - WB_OPT_LANG; i++) {
            b[WB_OPT_LANG + i].visible = i < lang_count();
            b[WB_OPT_LANG + i].icon = w->lang == i ? check : 0;
        }
    }
    if (o == WINDOW_AUTO) {
        for (int i = WB_AUTO_SPINS_DN; i <= WB_AUTO_JACKPOT_ON; i++)
            b[i].visible = true;
        b[WB_AUTO_WIN_ON].icon = w->auto_win_on ? check : 0;
        b[WB_AUTO_JACKPOT_ON].icon = w->auto_jackpot_on ? check : 0;
        b[WB_AUTO_WIN_DN].enabled = b[WB_AUTO_WIN_UP].enabled = w->auto_win_on;
        if (advanced(w)) {
            b[WB_AUTO_JACKPOT_ON].visible = false;
            for (int i = WB_AUTO_ANY_ON; i <= WB_AUTO_RESET; i++)
                b[i].visible = true;
            b[WB_AUTO_ANY_ON].icon = w->auto_any_on ? check : 0;
            b[WB_AUTO_GAIN_ON].icon = w->auto_gain_on ? check : 0;
            b[WB_AUTO_LOSS_ON].icon = w->auto_loss_on ? check : 0;
            b[WB_AUTO_GAIN_DN].enabled = b[WB_AUTO_GAIN_UP].enabled = w->auto_gain_on;
            b[WB_AUTO_LOSS_DN].enabled = b[WB_AUTO_LOSS_UP].enabled = w->auto_loss_on;
        }
    }
}

static void draw_ok_cancel(Windows *w)
{
    Gfx *g = app_gfx(w->host.app);
    button_draw(g, &w->btn[WB_OK]);
    button_draw(g, &w->btn[WB_CANCEL]);
}

static void draw_options(Windows *w)
{
    Gfx *g = app_gfx(w->host.app);
    const WindowsLook *k = &w->host.look;
    windows_frame(w, OPTIONS, _("OPTIONS"));
    for (int i = 0; i < 3; i++) {
        SDL_FRect r = slider_rect(i);
        int v = audio_volume(audio(w), slider_layer[i]);
        /* the name in the room left of its slider, with a gap: the slider is kept clear */
        const GfxText name = {.font = k->small, .color = k->text, .align = GFX_LEFT, .valign = GFX_MIDDLE};
        gfx_text_box(g, (SDL_FRect){DIALOG.x + 50, r.y, r.x - 30 - (DIALOG.x + 50), r.h}, &name,
                     _(slider_name[i]));
        gfx_keep_clear(g, (SDL_FRect){r.x - 10, r.y, r.w + 20, r.h}, "volume slider");
        gfx_rect(g, (SDL_FRect){r.x, r.y + 12, r.w, 12}, (SDL_Color){70, 45, 35, 255});
        gfx_rect(g, (SDL_FRect){r.x, r.y + 12, r.w * (float)v / 100, 12}, k->accent);
        float kx = r.x + r.w * (float)v / 100;
        gfx_rect(g, (SDL_FRect){kx - 10, r.y, 20, 36}, k->text);
        char t[16];
        snprintf(t, sizeof t, "%d", v);
        windows_line(w, k->small, r.x + r.w + 60, r.y + 2, 50, GFX_RIGHT, k->text, false, t); /* past its slider */
    }
    static const char *const toggles[3] = {N_("Sound on"), N_("Space bar spins"), N_("Show credit and win in coins")};
    for (int i = 0; i < (w->host.has_coins ? 3 : 2); i++) {
        windows_draw_toggle(w, WB_OPT_SOUND + i);
        const SDL_FRect *r = &w->btn[WB_OPT_SOUND + i].r;
        const float x = r->x + 80;
        windows_line(w, k->small, x, r->y + 12, OPTIONS.x + OPTIONS.w - 40 - x, GFX_LEFT, k->text, false, _(toggles[i]));
    }
    /* the languages, each named in its own words, the one spoken from SAVE on ticked */
    const SDL_FRect *first = &w->btn[WB_OPT_LANG].r;
    windows_line(w, k->small, OPTIONS.x + 50, first->y + 12, first->x - 30 - (OPTIONS.x + 50), GFX_LEFT, k->text,
                 false, _("LANGUAGE"));
    for (int i = 0; i <= WB_OPT_LANG_LAST - WB_OPT_LANG && i < lang_count(); i++) {
        windows_draw_toggle(w, WB_OPT_LANG + i);
        const SDL_FRect *r = &w->btn[WB_OPT_LANG + i].r;
        windows_line(w, k->small, r->x + 72, r->y + 12, 170, GFX_LEFT, k->text, false, lang_info(i)->name);
    }
    draw_ok_cancel(w);
}

static void draw_auto(Windows *w)
{
    Gfx *g = app_gfx(w->host.app);
    const WindowsLook *k = &w->host.look;
    windows_frame(w, DIALOG, _("AUTO SPIN SETTINGS"));
    char v[48];
    static const char *const names[3] = {N_("Number of auto spins"), N_("Loss limit"), N_("Stop if WIN reaches")};
    for (int i = 0; i < 3; i++) {
        float y = DIALOG.y + 130 + (float)i * 110;
        float x = i == 2 ? DIALOG.x + 130 : DIALOG.x + 60;
        /* the name up to the stepper; the value between its arrows */
        windows_line(w, k->small, x, y + 16, DIALOG.x + 470 - x, GFX_LEFT, k->text, false, _(names[i]));
        if (i == 0)
            snprintf(v, sizeof v, "%d", autospin_spin_choices[w->auto_spins_i]);
        else
            w->host.money_text(autospin_money_choices[i == 1 ? w->auto_loss_i : w->auto_win_i], v, sizeof v);
        SDL_Color c = i == 2 && !w->auto_win_on ? k->dim : k->accent;
        windows_line(w, k->mid, DIALOG.x + 662, y + 12, 220, GFX_CENTER, c, true, v);
        button_draw(g, &w->btn[WB_AUTO_SPINS_DN + 2 * i]);
        button_draw(g, &w->btn[WB_AUTO_SPINS_UP + 2 * i]);
    }
    windows_draw_toggle(w, WB_AUTO_WIN_ON);
    windows_draw_toggle(w, WB_AUTO_JACKPOT_ON);
    windows_line(w, k->small, DIALOG.x + 130, DIALOG.y + 130 + 330 + 16, DIALOG.w - 170, GFX_LEFT, k->text, false,
                 _("Stop if JACKPOT is won"));
    windows_line(w, k->tiny, DIALOG.x + DIALOG.w / 2, DIALOG.y + 560, DIALOG.w - 80, GFX_CENTER, k->dim, false,
                 _("It stops before the loss limit + your wins - your bets would go below 0."));
    if (has_free_spins(w))
        windows_line(w, k->tiny, DIALOG.x + DIALOG.w / 2, DIALOG.y + 586, DIALOG.w - 80, GFX_CENTER, k->dim, false,
                     _("It never starts free spins: press START for them."));
    draw_ok_cancel(w);
}

/* The advanced AutoPlay window: rounds, and the stop conditions, each optional. */
static void draw_auto_advanced(Windows *w)
{
    Gfx *g = app_gfx(w->host.app);
    const WindowsLook *k = &w->host.look;
    windows_frame(w, DIALOG, _(w->host.autoplay_title)); /* the host's word, marked where it is written */
    static const char *const names[5] = {N_("Number of rounds"), N_("With any win"), N_("If a single win exceeds"),
                                         N_("If the balance increases by"), N_("If the balance decreases by")};
    const bool on[5] = {true, w->auto_any_on, w->auto_win_on, w->auto_gain_on, w->auto_loss_on};
    const int money[5] = {-1, -1, w->auto_win_i, w->auto_gain_i, w->auto_loss_i};
    for (int i = 0; i < 5; i++) {
        float y = AUTO_ADVANCED_ROW(i);
        const float x = DIALOG.x + (i ? 116 : 60);
        windows_line(w, k->small, x, y + 12, DIALOG.x + 556 - x, GFX_LEFT, k->text, false, _(names[i]));
        char v[48] = "";
        if (i == 0)
            snprintf(v, sizeof v, "%d", autospin_spin_choices[w->auto_spins_i]);
        else if (money[i] >= 0)
            w->host.money_text(autospin_money_choices[money[i]], v, sizeof v);
        if (v[0])
            windows_line(w, k->mid, DIALOG.x + 722, y + 8, 180, GFX_CENTER, on[i] ? k->accent : k->dim, true, v);
        if (i == 1)
            windows_line(w, k->tiny, DIALOG.x + 40, y - 36, DIALOG.w - 80, GFX_LEFT, k->dim, false,
                         _("ADVANCED: STOP AUTOPLAY"));
    }
    for (int i = WB_AUTO_SPINS_DN; i <= WB_AUTO_WIN_UP; i++)
        button_draw(g, &w->btn[i]);
    for (int i = WB_AUTO_ANY_ON; i <= WB_AUTO_RESET; i++)
        if (i != WB_AUTO_ANY_ON && i != WB_AUTO_GAIN_ON && i != WB_AUTO_LOSS_ON)
            button_draw(g, &w->btn[i]);
    const int toggles[] = {WB_AUTO_ANY_ON, WB_AUTO_WIN_ON, WB_AUTO_GAIN_ON, WB_AUTO_LOSS_ON};
    for (size_t i = 0; i < SDL_arraysize(toggles); i++)
        windows_draw_toggle(w, toggles[i]);
    if (has_free_spins(w)) /* a game without free spins has nothing to wait for */
        windows_line(w, k->tiny, DIALOG.x + DIALOG.w / 2, DIALOG.y + 586, DIALOG.w - 80, GFX_CENTER, k->dim, false,
                     w->host.has_pick ? _("Autoplay never picks a tile: free spins wait for your pick.")
                                      : _("Autoplay never starts free spins: they wait for START."));
    draw_ok_cancel(w);
}

static void draw_bet(Windows *w)
{
    Gfx *g = app_gfx(w->host.app);
    const WindowsLook *k = &w->host.look;
    windows_frame(w, DIALOG, _("BET SETTINGS"));
    windows_line(w, k->small, DIALOG.x + DIALOG.w / 2, DIALOG.y + 86, DIALOG.w - 80, GFX_CENTER, k->text, false,
                 _("Choose the bet for the next rounds"));
    const int64_t played = w->host.bet_value(w->host.scene);
    for (int i = 0; i < bet_count(w); i++) {
        const Button *v = &w->btn[WB_BET_VALUE + i];
        button_draw(g, v);
        if (bet_list(w)->values[i] == played)
            gfx_frame(g, (SDL_FRect){v->r.x - 8, v->r.y - 8, v->r.w + 16, v->r.h + 16}, 4, k->accent);
    }
    button_draw(g, &w->btn[WB_CANCEL]);
}

static void draw_paytable(Windows *w)
{
    Gfx *g = app_gfx(w->host.app);
    const WindowsLook *k = &w->host.look;
    gfx_rect(g, (SDL_FRect){0, 0, GFX_W, GFX_H}, windows_veil(w, 235));
    SDL_FRect box = {160, 60, 1600, 900};
    gfx_rect(g, box, k->window);
    gfx_frame(g, box, 4, k->accent);
    windows_line(w, k->big, 960, 85, box.w - 80, GFX_CENTER, k->accent, true,
                 _(w->host.paytable_titles[w->page])); /* the host's words, marked where written */
    w->host.draw_paytable(w->host.scene, w->page);
    windows_draw_page_number(w, w->page, windows_pages(w, WINDOW_PAYTABLE));
    windows_draw_paging(w);
}

static void draw_low_balance(Windows *w)
{
    Gfx *g = app_gfx(w->host.app);
    const WindowsLook *k = &w->host.look;
    gfx_rect(g, (SDL_FRect){0, 0, GFX_W, GFX_H}, (SDL_Color){8, 3, 2, 200});
    SDL_FRect box = {560, 340, 800, 360};
    gfx_rect(g, box, (SDL_Color){40, 18, 12, 255});
    gfx_frame(g, box, 4, k->accent);
    char bal[48], bet[48], t[160];
    w->host.money_text(app_balance(w->host.app), bal, sizeof bal);
    w->host.money_text(w->host.bet_total(w->host.scene), bet, sizeof bet);
    const GfxText title = {.font = k->big, .color = k->accent, .align = GFX_CENTER, .shadow = true};
    const GfxText line = {.font = k->small, .color = k->text, .align = GFX_CENTER};
    const float in = box.x + 40, inw = box.w - 80; /* the lines' room inside the frame */
    gfx_text_box(g, gfx_line_box(g, k->big, 960, 370, GFX_CENTER, inw), &title, _("INSUFFICIENT BALANCE"));
    lang_fill(t, sizeof t, _("Your balance {1} is less than the bet {2}."), bal, bet, NULL);
    gfx_text_box(g, (SDL_FRect){in, 460, inw, gfx_font_height(g, k->small)}, &line, t);
    if (low_balance_offers(w)) {
        w->host.money_text(min_bet_total(w), bet, sizeof bet);
        lang_fill(t, sizeof t, _("Set the bet to the minimum, {1}?"), bet, NULL);
    } else {
        snprintf(t, sizeof t, "%s", _("That is the lowest bet: insert credit to play on."));
    }
    gfx_text_box(g, (SDL_FRect){in, 510, inw, gfx_font_height(g, k->small)}, &line, t);
    draw_ok_cancel(w);
}

void windows_draw(Windows *w)
{
    if (w->shown != WINDOW_NONE) /* over everything of the game's scene (gfx.h's planes) */
        gfx_plane(app_gfx(w->host.app), GFX_PLANE_WINDOW);
    switch (w->shown) {
    case WINDOW_NONE:
        break;
    case WINDOW_PAYTABLE:
        draw_paytable(w);
        break;
    case WINDOW_LOW_BALANCE:
        draw_low_balance(w);
        break;
    case WINDOW_AUTO:
        if (advanced(w))
            draw_auto_advanced(w);
        else
            draw_auto(w);
        break;
    case WINDOW_BET:
        draw_bet(w);
        break;
    case WINDOW_OPTIONS:
        draw_options(w);
        break;
    case WINDOW_HISTORY:
        windows_draw_history(w);
        break;
    case WINDOW_RECALL:
        windows_draw_recall(w);
        break;
    case WINDOW_RULES:
        windows_draw_rules(w);
        break;
    case WINDOW_SCENARIOS:
        windows_draw_picker(w);
        break;
    }
}

/* ---- headless --open ------------------------------------------------------------------------ */

static void refresh(Windows *w)
{
    windows_update_buttons(w);
    if (w->host.refresh)
        w->host.refresh(w->host.scene);
}

bool windows_shoot(Windows *w, const char *open, bool has_bet)
{
    static const struct { const char *name; Window o; int pages; } pages[] = {
        {"paytable", WINDOW_PAYTABLE, -1}, {"rules", WINDOW_RULES, -1},
        {"history", WINDOW_HISTORY, 1}, {"options", WINDOW_OPTIONS, 1},
        {"autospin", WINDOW_AUTO, 1}, {"recall", WINDOW_RECALL, 0}, {"bet", WINDOW_BET, 1},
        {"scenarios", WINDOW_SCENARIOS, -1}, {"low-balance", WINDOW_LOW_BALANCE, 1},
    }; /* pages: one picture each; -1: as many as the game's window has; 0: the recall's spins;
        * "all" stops before the low balance dialog, true only of a run that ends short */
    const int nall = (int)SDL_arraysize(pages) - 1;
    const bool all = open && !strcmp(open, "all");
    int want = -1;
    for (size_t i = 0; open && i < SDL_arraysize(pages); i++)
        if (all ? (int)i == w->shoot_next && (int)i < nall : !strcmp(open, pages[i].name))
            want = (int)i;
    if (all && want >= 0 && pages[want].o == WINDOW_BET && !has_bet)
        want = -1;
    if (want >= 0 && w->shoot_left == 0 && windows_shown(w) == WINDOW_NONE) {
        if (pages[want].o == WINDOW_RECALL) {
            /* the newest round, one picture per spin */
            windows_open(w, WINDOW_HISTORY);
            windows_recall(w, 0);
            w->shoot_left = windows_pages(w, WINDOW_RECALL);
        } else {
            windows_open(w, pages[want].o);
            w->shoot_left = pages[want].pages < 0 ? windows_pages(w, pages[want].o) : pages[want].pages;
        }
        refresh(w);
    }
    if (want >= 0 && windows_shown(w) == pages[want].o) {
        char name[32];
        if (pages[want].pages != 1)
            snprintf(name, sizeof name, "%s-%d", pages[want].name, windows_page(w) + 1);
        else
            snprintf(name, sizeof name, "%s", pages[want].name);
        app_shot(w->host.app, name);
        windows_next_page(w);
        if (--w->shoot_left > 0)
            return false;
    }
    if (all && w->shoot_next + 1 < nall) {
        windows_open(w, WINDOW_NONE);
        w->shoot_left = 0;
        w->shoot_next++;
        refresh(w);
        return false;
    }
    return true;
}
