/* dialogs.c - the windows that open over the slot: paytable, rules, history, options,
 * autospin settings, and the low-balance dialog.
 *
 * While one is open it takes all input; the round underneath is paused only in the sense
 * that the player cannot spin (the paytable, rules, options and autospin windows open only
 * between rounds; history too). Settings follow the rules' wording: the options window is
 * saved with SAVE and dropped with CANCEL; the autospin window starts with START. */
#include "dialogs.h"
#include "opconfig.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const int autospin_spin_choices[] = {10, 25, 50, 100, 250, 500, 1000};
/* loss limits and win limits, in cents */
static const Money autospin_money_choices[] = {500, 1000, 2000, 5000, 10000, 20000, 50000, 100000};
#define NSPINS (int)(sizeof autospin_spin_choices / sizeof autospin_spin_choices[0])
#define NMONEY (int)(sizeof autospin_money_choices / sizeof autospin_money_choices[0])

static const SDL_FRect DIALOG = {510, 150, 900, 720};
#define AUTO_ADVANCED_ROW(i) (DIALOG.y + 120 + (float)(i) * 92) /* the advanced AutoPlay's rows */

/* The volume sliders of the options window: wins, game (reels and interface), background. */
static const AudioLayer slider_layer[3] = {AUDIO_WINS, AUDIO_REELS, AUDIO_MUSIC};
static const char *const slider_name[3] = {"WIN SOUNDS", "GAME SOUNDS", "BACKGROUND MUSIC"};

static SDL_FRect slider_rect(int i)
{
    return (SDL_FRect){DIALOG.x + 400, DIALOG.y + 150 + (float)i * 90, 380, 36};
}

#define HISTORY_ROWS 14 /* rows on a recall page */

int dialogs_pages(const Slot *s, Overlay o)
{
    if (o == OVERLAY_PAYTABLE)
        return s->kind->paytable_pages;
    if (o == OVERLAY_HISTORY)
        return s->nhistory ? (s->nhistory + HISTORY_ROWS - 1) / HISTORY_ROWS : 1;
    if (o == OVERLAY_RECALL)
        return s->recall_nspins ? s->recall_nspins : 1;
    return 1;
}

/* Loads the newest rounds of this game from the store, for the recall screen. */
static void history_load(Slot *s)
{
    if (!s->history)
        s->history = calloc(HISTORY_MAX, sizeof *s->history);
    Error err;
    s->nhistory = s->history ? store_history(app_store(s->app), s->def.id, s->history, HISTORY_MAX, &err) : 0;
    if (s->nhistory < 0)
        s->nhistory = 0;
}

/* Replays a round from its journal, with the engine, into an event list to show. */
static void recall_open(Slot *s, const StoreHistoryRow *row)
{
    s->recall = *row;
    s->recall_spin = 0;
    s->recall_nspins = 0;
    s->recall_nevents = 0;
    s->recall_problem = NULL;
    s->overlay = OVERLAY_RECALL;
    if (row->forced_spins > 0 && !s->scripted) {
        s->recall_problem = "This round was forced by a scenario file: open the cabinet with it (--scenario) to recall it.";
        return;
    }
    StoreRound *r = malloc(sizeof *r);
    Error err;
    if (!r || store_round_load(app_store(s->app), row->id, r, &err)) {
        s->recall_problem = "Its journal cannot be read: see slotcab --audit.";
        free(r);
        return;
    }
    /* the round as it was played: its game file (the same bytes), and the operator's
     * configuration it journaled, not today's (a round of an older memory has none) */
    GameDef *def = &s->def, *then = NULL;
    if (r->game_hash[0] && (strcmp(r->game_hash, s->def.hash) || strcmp(r->config, s->config))) {
        then = malloc(sizeof *then);
        if (!then || opconfig_load_as_played(app_options(s->app)->games_dir, s->def.id, r->game_hash,
                                             r->config, then, &err)) {
            s->recall_problem = strcmp(r->game_hash, s->def.hash)
                ? "This round was played with another version of the game file: it cannot be shown as it was."
                : "The configuration this round was played with cannot be applied again.";
            free(then);
            free(r);
            return;
        }
        def = then;
    }
    Machine *m = machine_create(&(MachineDesc){.game = def}, &err);
    int64_t carried[CARRIED_MAX];
    RoundInputs in = {.bet = r->bet, .has_pool = r->has_pool, .pool = r->pool_before,
                      .seed = r->seed, .commands = r->commands, .ncommands = r->ncommands};
    if (r->carried[0] && machine_carried_parse(def, r->carried, carried, &err)) {
        s->recall_problem = "The state this round carried in cannot be read by this build.";
        machine_destroy(m);
        free(then);
        free(r);
        return;
    }
    in.carried = r->carried[0] ? carried : NULL;
    if (row->forced_spins > 0) {
        in.forced = s->sc.spins + row->forced_from;
        in.nforced = s->sc.nspins - row->forced_from;
    }
    bool ok = m && machine_replay(m, &in, &err) == 0;
    int n = 0;
    const Event *ev = ok ? machine_events(m, &n) : NULL;
    free(s->recall_events);
    s->recall_events = ok && n ? malloc((size_t)n * sizeof *ev) : NULL;
    if (s->recall_events) {
        memcpy(s->recall_events, ev, (size_t)n * sizeof *ev);
        s->recall_nevents = n;
        for (int i = 0; i < n; i++)
            s->recall_nspins += ev[i].type == EVENT_SCREEN;
    }
    Money win = 0;
    for (int i = 0; i < n; i++)
        if (ev[i].type == EVENT_ROUND_END)
            win = ev[i].round_end.total_win;
    if (!ok || !s->recall_events)
        s->recall_problem = "The engine could not replay this round's journal.";
    else if (win != row->win)
        s->recall_problem = "The replay does not end with the win the history recorded: see slotcab --audit.";
    machine_destroy(m);
    free(then);
    free(r);
}

static void set_volume_from(Slot *s, int i, float x)
{
    SDL_FRect r = slider_rect(i);
    int v = (int)((x - r.x) / r.w * 100 + 0.5f);
    audio_set_volume(app_audio(s->app), slider_layer[i], v < 0 ? 0 : v > 100 ? 100 : v);
    if (slider_layer[i] == AUDIO_REELS)
        audio_set_volume(app_audio(s->app), AUDIO_UI, audio_volume(app_audio(s->app), AUDIO_REELS));
}

void dialogs_open(Slot *s, Overlay o)
{
    Audio *au = app_audio(s->app);
    s->overlay = o;
    s->page = 0;
    s->drag = -1;
    if (o == OVERLAY_HISTORY)
        history_load(s);
    if (o == OVERLAY_OPTIONS) {
        for (int l = 0; l < AUDIO__LAYERS; l++)
            s->saved_volume[l] = audio_volume(au, (AudioLayer)l);
        s->saved_muted = audio_muted(au);
        s->saved_coins = s->coins_view;
        s->saved_space = s->space_spins;
    }
}

static void options_cancel(Slot *s)
{
    Audio *au = app_audio(s->app);
    for (int l = 0; l < AUDIO__LAYERS; l++)
        audio_set_volume(au, (AudioLayer)l, s->saved_volume[l]);
    audio_set_muted(au, s->saved_muted);
    s->coins_view = s->saved_coins;
    s->space_spins = s->saved_space;
}

static void step(int *i, int n, int dir)
{
    *i += dir;
    if (*i < 0)
        *i = 0;
    if (*i >= n)
        *i = n - 1;
}

static void auto_start(Slot *s)
{
    AutospinSettings set = {
        .spins = autospin_spin_choices[s->auto_spins_i],
        .loss_limit = autospin_money_choices[s->auto_loss_i],
        .stop_on_win = s->auto_win_on,
        .win_limit = autospin_money_choices[s->auto_win_i],
        .stop_on_jackpot = s->auto_jackpot_on,
    };
    if (s->kind->autoplay == AUTOPLAY_ADVANCED) { /* the stop conditions, each optional */
        set.stop_any_win = s->auto_any_on;
        set.stop_on_gain = s->auto_gain_on;
        set.gain_limit = autospin_money_choices[s->auto_gain_i];
        set.no_loss_limit = !s->auto_loss_on;
    }
    autospin_start(&s->autospin, &set);
    s->overlay = OVERLAY_NONE;
}

/* Bet Settings: the game's bet values as buttons; the chosen one is played from now on. */
static const BetOption *bet_list(const Slot *s)
{
    return &s->def.bet[s->bi_coin];
}

static void bet_choose(Slot *s, int i)
{
    Bet b = s->bet;
    b.v[s->bi_coin] = bet_list(s)->values[i];
    Error err;
    if (machine_set_bet(s->m, &b, &err) == 0) {
        s->bet = b;
        slot_cue(s, CUE_BUTTON, AUDIO_UI);
        slot_settings_save(s);
    }
    s->overlay = OVERLAY_NONE;
}

void dialogs_recall(Slot *s, int row)
{
    if (row >= 0 && row < s->nhistory)
        recall_open(s, &s->history[row]);
}

void dialogs_input(Slot *s, const Input *in)
{
    Button *b = s->btn;
    bool esc = in->type == INPUT_KEY && in->key == SDLK_ESCAPE;
    switch (s->overlay) {
    case OVERLAY_NONE:
        return;
    case OVERLAY_LOW_BALANCE:
        if (button_input(&b[BTN_DLG_OK], in)) {
            slot_set_min_bet(s);
            s->overlay = OVERLAY_NONE;
        } else if (button_input(&b[BTN_DLG_CANCEL], in) || esc) {
            s->overlay = OVERLAY_NONE;
        }
        return;
    case OVERLAY_PAYTABLE:
    case OVERLAY_RULES:
    case OVERLAY_HISTORY:
    case OVERLAY_RECALL: {
        int n = dialogs_pages(s, s->overlay);
        int *at = s->overlay == OVERLAY_RECALL ? &s->recall_spin : &s->page;
        if (button_input(&b[BTN_PREV], in) || (in->type == INPUT_KEY && in->key == SDLK_LEFT))
            *at = (*at + n - 1) % n;
        else if (button_input(&b[BTN_NEXT], in) || (in->type == INPUT_KEY && in->key == SDLK_RIGHT))
            *at = (*at + 1) % n;
        else if (button_input(&b[BTN_BACK], in) || esc)
            s->overlay = s->overlay == OVERLAY_RECALL ? OVERLAY_HISTORY : OVERLAY_NONE;
        else if (s->overlay == OVERLAY_HISTORY && in->type == INPUT_RELEASE) {
            /* a click on a row recalls that round */
            int row = (int)((in->y - 190) / 46);
            int i = s->page * HISTORY_ROWS + row;
            if (in->y >= 190 && row < HISTORY_ROWS && i < s->nhistory && in->x > 200 && in->x < 1720)
                recall_open(s, &s->history[i]);
        }
        return;
    }
    case OVERLAY_OPTIONS:
        if (in->type == INPUT_PRESS || (in->type == INPUT_MOVE && s->drag >= 0)) {
            for (int i = 0; i < 3; i++) {
                SDL_FRect r = slider_rect(i);
                bool over = in->x >= r.x - 20 && in->x <= r.x + r.w + 20 && in->y >= r.y - 10 &&
                            in->y <= r.y + r.h + 10;
                if ((in->type == INPUT_PRESS && over) || s->drag == i) {
                    s->drag = i;
                    set_volume_from(s, i, in->x);
                }
            }
        }
        if (in->type == INPUT_RELEASE)
            s->drag = -1;
        if (button_input(&b[BTN_OPT_SOUND], in))
            audio_set_muted(app_audio(s->app), !audio_muted(app_audio(s->app)));
        if (button_input(&b[BTN_OPT_SPACE], in))
            s->space_spins = !s->space_spins;
        if (button_input(&b[BTN_OPT_COINS], in))
            s->coins_view = !s->coins_view;
        if (button_input(&b[BTN_DLG_OK], in)) {
            s->overlay = OVERLAY_NONE; /* SAVE */
            slot_settings_save(s);
        } else if (button_input(&b[BTN_DLG_CANCEL], in) || esc) {
            options_cancel(s);
            s->overlay = OVERLAY_NONE;
        }
        return;
    case OVERLAY_BET:
        for (int i = 0; i < bet_list(s)->nvalues && i < BET_LIST_MAX; i++)
            if (button_input(&b[BTN_BET_VALUE + i], in))
                bet_choose(s, i);
        if (button_input(&b[BTN_DLG_CANCEL], in) || esc)
            s->overlay = OVERLAY_NONE;
        return;
    case OVERLAY_AUTO:
        if (button_input(&b[BTN_AUTO_ANY_ON], in))
            s->auto_any_on = !s->auto_any_on;
        if (button_input(&b[BTN_AUTO_GAIN_ON], in))
            s->auto_gain_on = !s->auto_gain_on;
        if (button_input(&b[BTN_AUTO_LOSS_ON], in))
            s->auto_loss_on = !s->auto_loss_on;
        if (button_input(&b[BTN_AUTO_GAIN_DN], in))
            step(&s->auto_gain_i, NMONEY, -1);
        if (button_input(&b[BTN_AUTO_GAIN_UP], in))
            step(&s->auto_gain_i, NMONEY, +1);
        if (button_input(&b[BTN_AUTO_RESET], in))
            s->auto_any_on = s->auto_win_on = s->auto_gain_on = s->auto_loss_on = false;
        if (button_input(&b[BTN_AUTO_SPINS_DN], in))
            step(&s->auto_spins_i, NSPINS, -1);
        if (button_input(&b[BTN_AUTO_SPINS_UP], in))
            step(&s->auto_spins_i, NSPINS, +1);
        if (button_input(&b[BTN_AUTO_LOSS_DN], in))
            step(&s->auto_loss_i, NMONEY, -1);
        if (button_input(&b[BTN_AUTO_LOSS_UP], in))
            step(&s->auto_loss_i, NMONEY, +1);
        if (button_input(&b[BTN_AUTO_WIN_DN], in))
            step(&s->auto_win_i, NMONEY, -1);
        if (button_input(&b[BTN_AUTO_WIN_UP], in))
            step(&s->auto_win_i, NMONEY, +1);
        if (button_input(&b[BTN_AUTO_WIN_ON], in))
            s->auto_win_on = !s->auto_win_on;
        if (button_input(&b[BTN_AUTO_JACKPOT_ON], in))
            s->auto_jackpot_on = !s->auto_jackpot_on;
        if (button_input(&b[BTN_DLG_OK], in))
            auto_start(s);
        else if (button_input(&b[BTN_DLG_CANCEL], in) || esc)
            s->overlay = OVERLAY_NONE;
        return;
    }
}

void dialogs_update_buttons(Slot *s)
{
    Button *b = s->btn;
    for (int i = BTN_FIRST_OVERLAY; i < BTN__COUNT; i++)
        b[i].visible = false;
    Overlay o = s->overlay;
    bool paged = o == OVERLAY_PAYTABLE || o == OVERLAY_RULES || o == OVERLAY_HISTORY ||
                 o == OVERLAY_RECALL;
    b[BTN_BACK].visible = paged;
    b[BTN_PREV].visible = b[BTN_NEXT].visible = paged && dialogs_pages(s, o) > 1;
    bool dlg = o == OVERLAY_LOW_BALANCE || o == OVERLAY_OPTIONS || o == OVERLAY_AUTO;
    b[BTN_DLG_OK].visible = b[BTN_DLG_CANCEL].visible = dlg;
    if (o == OVERLAY_BET) {
        b[BTN_DLG_CANCEL].visible = true;
        for (int i = 0; i < bet_list(s)->nvalues && i < BET_LIST_MAX; i++) {
            Button *v = &b[BTN_BET_VALUE + i];
            v->visible = true;
        }
    }
    b[BTN_DLG_OK].label = o == OVERLAY_LOW_BALANCE ? "MINIMUM BET" : o == OVERLAY_OPTIONS ? "SAVE" : "START";
    float y = o == OVERLAY_LOW_BALANCE ? 590 : DIALOG.y + DIALOG.h - 110;
    b[BTN_DLG_OK].r.y = b[BTN_DLG_CANCEL].r.y = y;
    /* the advanced autoplay window has RESET between START and CANCEL */
    bool three = o == OVERLAY_AUTO && s->kind->autoplay == AUTOPLAY_ADVANCED;
    b[BTN_DLG_OK].r.x = three ? 570 : 700;
    b[BTN_DLG_CANCEL].r.x = three ? 1110 : o == OVERLAY_BET ? 840 : 980;
    if (o == OVERLAY_OPTIONS) {
        b[BTN_OPT_SOUND].visible = b[BTN_OPT_SPACE].visible = true;
        b[BTN_OPT_COINS].visible = slot_has_coins(s); /* else money only */
        b[BTN_OPT_SOUND].icon = audio_muted(app_audio(s->app)) ? 0 : s->ic_check;
        b[BTN_OPT_SPACE].icon = s->space_spins ? s->ic_check : 0;
        b[BTN_OPT_COINS].icon = s->coins_view ? s->ic_check : 0;
    }
    if (o == OVERLAY_AUTO) {
        for (int i = BTN_AUTO_SPINS_DN; i <= BTN_AUTO_JACKPOT_ON; i++)
            b[i].visible = true;
        b[BTN_AUTO_WIN_ON].icon = s->auto_win_on ? s->ic_check : 0;
        b[BTN_AUTO_JACKPOT_ON].icon = s->auto_jackpot_on ? s->ic_check : 0;
        b[BTN_AUTO_WIN_DN].enabled = b[BTN_AUTO_WIN_UP].enabled = s->auto_win_on;
        if (s->kind->autoplay == AUTOPLAY_ADVANCED) {
            b[BTN_AUTO_JACKPOT_ON].visible = false;
            for (int i = BTN_AUTO_ANY_ON; i <= BTN_AUTO_RESET; i++)
                b[i].visible = true;
            b[BTN_AUTO_ANY_ON].icon = s->auto_any_on ? s->ic_check : 0;
            b[BTN_AUTO_GAIN_ON].icon = s->auto_gain_on ? s->ic_check : 0;
            b[BTN_AUTO_LOSS_ON].icon = s->auto_loss_on ? s->ic_check : 0;
            b[BTN_AUTO_GAIN_DN].enabled = b[BTN_AUTO_GAIN_UP].enabled = s->auto_gain_on;
            b[BTN_AUTO_LOSS_DN].enabled = b[BTN_AUTO_LOSS_UP].enabled = s->auto_loss_on;
        }
    }
}

void dialogs_layout(Slot *s)
{
    Button *b = s->btn;
    b[BTN_PREV].r = (SDL_FRect){700, 870, 72, 72};
    b[BTN_PREV].icon = s->ic_left;
    b[BTN_NEXT].r = (SDL_FRect){1148, 870, 72, 72};
    b[BTN_NEXT].icon = s->ic_right;
    b[BTN_BACK].r = (SDL_FRect){850, 866, 220, 80};
    b[BTN_BACK].look = &s->look_plain;
    b[BTN_BACK].label = "BACK";
    b[BTN_DLG_OK].r = (SDL_FRect){700, 590, 240, 80};
    b[BTN_DLG_OK].look = &s->look_plain;
    b[BTN_DLG_CANCEL].r = (SDL_FRect){980, 590, 240, 80};
    b[BTN_DLG_CANCEL].look = &s->look_plain;
    b[BTN_DLG_CANCEL].label = "CANCEL";
    /* options: three toggles under the sliders */
    for (int i = 0; i < 3; i++)
        b[BTN_OPT_SOUND + i].r = (SDL_FRect){DIALOG.x + 60, DIALOG.y + 420 + (float)i * 64, 56, 56};
    /* autospin: three steppers and two toggles */
    for (int i = 0; i < 3; i++) {
        float y = DIALOG.y + 130 + (float)i * 110;
        b[BTN_AUTO_SPINS_DN + 2 * i].r = (SDL_FRect){DIALOG.x + 480, y, 64, 64};
        b[BTN_AUTO_SPINS_DN + 2 * i].icon = s->ic_left;
        b[BTN_AUTO_SPINS_UP + 2 * i].r = (SDL_FRect){DIALOG.x + 780, y, 64, 64};
        b[BTN_AUTO_SPINS_UP + 2 * i].icon = s->ic_right;
    }
    b[BTN_AUTO_WIN_ON].r = (SDL_FRect){DIALOG.x + 50, DIALOG.y + 134 + 220, 56, 56};
    b[BTN_AUTO_JACKPOT_ON].r = (SDL_FRect){DIALOG.x + 50, DIALOG.y + 134 + 330, 56, 56};
    if (s->kind->autoplay == AUTOPLAY_ADVANCED) {
        /* rounds; with any win; a single win exceeds; balance up by; balance down by */
        const int row_of[5][3] = {{-1, BTN_AUTO_SPINS_DN, BTN_AUTO_SPINS_UP},
                                  {BTN_AUTO_ANY_ON, -1, -1},
                                  {BTN_AUTO_WIN_ON, BTN_AUTO_WIN_DN, BTN_AUTO_WIN_UP},
                                  {BTN_AUTO_GAIN_ON, BTN_AUTO_GAIN_DN, BTN_AUTO_GAIN_UP},
                                  {BTN_AUTO_LOSS_ON, BTN_AUTO_LOSS_DN, BTN_AUTO_LOSS_UP}};
        for (int i = 0; i < 5; i++) {
            float y = AUTO_ADVANCED_ROW(i);
            if (row_of[i][0] >= 0)
                b[row_of[i][0]].r = (SDL_FRect){DIALOG.x + 40, y, 56, 56};
            if (row_of[i][1] >= 0) {
                b[row_of[i][1]].r = (SDL_FRect){DIALOG.x + 572, y - 4, 64, 64};
                b[row_of[i][1]].icon = s->ic_left;
                b[row_of[i][2]].r = (SDL_FRect){DIALOG.x + 808, y - 4, 64, 64};
                b[row_of[i][2]].icon = s->ic_right;
            }
        }
        b[BTN_AUTO_RESET].r = (SDL_FRect){840, DIALOG.y + DIALOG.h - 110, 240, 80};
        b[BTN_AUTO_RESET].look = &s->look_plain;
        b[BTN_AUTO_RESET].label = "RESET";
    }
    /* Bet Settings: three values a row */
    for (int i = 0; i < BET_LIST_MAX; i++) {
        Button *v = &b[BTN_BET_VALUE + i];
        v->r = (SDL_FRect){DIALOG.x + 50 + (float)(i % 3) * 275, DIALOG.y + 130 + (float)(i / 3) * 96, 250, 80};
        v->look = &s->look_plain;
        if (i < bet_list(s)->nvalues) {
            slot_money_text(bet_list(s)->values[i], s->bet_label[i], sizeof s->bet_label[i]);
            v->label = s->bet_label[i];
        }
    }
    for (int i = BTN_FIRST_OVERLAY; i < BTN__COUNT; i++)
        b[i].visible = false;
}

/* What dims the game under a window: the window's colour, a third as bright. */
static SDL_Color veil(const Slot *s, Uint8 alpha)
{
    const SDL_Color w = s->th.window;
    return (SDL_Color){(Uint8)(w.r / 3), (Uint8)(w.g / 3), (Uint8)(w.b / 3), alpha};
}

static void window(Slot *s, SDL_FRect box, const char *title)
{
    Gfx *g = app_gfx(s->app);
    gfx_rect(g, (SDL_FRect){0, 0, GFX_W, GFX_H}, veil(s, 215));
    gfx_rect(g, box, s->th.window);
    gfx_frame(g, box, 4, s->th.accent);
    gfx_text_shadow(g, s->f_big, box.x + box.w / 2, box.y + 25, GFX_CENTER, s->th.accent, title);
}

/* A toggle, on when it shows the check: the theme's box, dark and empty when off, lit with
 * the check when on; a theme without toggle art shows its round button with the check. */
static void draw_toggle(Slot *s, int id)
{
    Gfx *g = app_gfx(s->app);
    const Button *b = &s->btn[id];
    if (!s->toggle[0] || !b->visible) {
        button_draw(g, b);
        return;
    }
    const bool on = b->icon != 0;
    gfx_image(g, s->toggle[on], b->r.x, b->r.y, b->r.w, b->r.h, b->enabled ? 1.0f : 0.45f);
    if (on)
        gfx_image_zoom(g, b->icon, b->r.x + b->r.w / 2, b->r.y + b->r.h / 2, 1, 1);
}

static void draw_options(Slot *s)
{
    Gfx *g = app_gfx(s->app);
    window(s, DIALOG, "OPTIONS");
    for (int i = 0; i < 3; i++) {
        SDL_FRect r = slider_rect(i);
        int v = audio_volume(app_audio(s->app), slider_layer[i]);
        gfx_text(g, s->f_small, DIALOG.x + 60, r.y + 2, GFX_LEFT, s->th.text, slider_name[i]);
        gfx_rect(g, (SDL_FRect){r.x, r.y + 12, r.w, 12}, (SDL_Color){70, 45, 35, 255});
        gfx_rect(g, (SDL_FRect){r.x, r.y + 12, r.w * (float)v / 100, 12}, s->th.accent);
        float kx = r.x + r.w * (float)v / 100;
        gfx_rect(g, (SDL_FRect){kx - 10, r.y, 20, 36}, s->th.text);
        char t[16];
        snprintf(t, sizeof t, "%d", v);
        gfx_text(g, s->f_small, r.x + r.w + 60, r.y + 2, GFX_RIGHT, s->th.text, t);
    }
    static const char *const toggles[3] = {"Sound on", "Space bar spins", "Show credit and win in coins"};
    for (int i = 0; i < (slot_has_coins(s) ? 3 : 2); i++) {
        draw_toggle(s, BTN_OPT_SOUND + i);
        const SDL_FRect *r = &s->btn[BTN_OPT_SOUND + i].r;
        gfx_text(g, s->f_small, r->x + 80, r->y + 12, GFX_LEFT, s->th.text, toggles[i]);
    }
    button_draw(g, &s->btn[BTN_DLG_OK]);
    button_draw(g, &s->btn[BTN_DLG_CANCEL]);
}

static void draw_auto(Slot *s)
{
    Gfx *g = app_gfx(s->app);
    window(s, DIALOG, "AUTO SPIN SETTINGS");
    char v[48];
    static const char *const names[3] = {"Number of auto spins", "Loss limit", "Stop if WIN reaches"};
    for (int i = 0; i < 3; i++) {
        float y = DIALOG.y + 130 + (float)i * 110;
        float x = i == 2 ? DIALOG.x + 130 : DIALOG.x + 60;
        gfx_text(g, s->f_small, x, y + 16, GFX_LEFT, s->th.text, names[i]);
        if (i == 0)
            snprintf(v, sizeof v, "%d", autospin_spin_choices[s->auto_spins_i]);
        else
            slot_money_text(autospin_money_choices[i == 1 ? s->auto_loss_i : s->auto_win_i], v, sizeof v);
        SDL_Color c = i == 2 && !s->auto_win_on ? s->th.dim : s->th.accent;
        gfx_text_shadow(g, s->f_mid, DIALOG.x + 662, y + 12, GFX_CENTER, c, v);
        button_draw(g, &s->btn[BTN_AUTO_SPINS_DN + 2 * i]);
        button_draw(g, &s->btn[BTN_AUTO_SPINS_UP + 2 * i]);
    }
    draw_toggle(s, BTN_AUTO_WIN_ON);
    draw_toggle(s, BTN_AUTO_JACKPOT_ON);
    gfx_text(g, s->f_small, DIALOG.x + 130, DIALOG.y + 130 + 330 + 16, GFX_LEFT, s->th.text,
             "Stop if JACKPOT is won");
    gfx_text(g, s->f_tiny, DIALOG.x + DIALOG.w / 2, DIALOG.y + 560, GFX_CENTER, s->th.dim,
             "It stops before the loss limit + your wins - your bets would go below 0.");
    gfx_text(g, s->f_tiny, DIALOG.x + DIALOG.w / 2, DIALOG.y + 586, GFX_CENTER, s->th.dim,
             "It never starts free spins: press START for them.");
    button_draw(g, &s->btn[BTN_DLG_OK]);
    button_draw(g, &s->btn[BTN_DLG_CANCEL]);
}

/* The advanced AutoPlay window: rounds, and the stop conditions, each optional. */
static void draw_auto_advanced(Slot *s)
{
    Gfx *g = app_gfx(s->app);
    window(s, DIALOG, "AUTOPLAY");
    static const char *const names[5] = {"Number of rounds", "With any win", "If a single win exceeds",
                                         "If the balance increases by", "If the balance decreases by"};
    const bool on[5] = {true, s->auto_any_on, s->auto_win_on, s->auto_gain_on, s->auto_loss_on};
    const int money[5] = {-1, -1, s->auto_win_i, s->auto_gain_i, s->auto_loss_i};
    for (int i = 0; i < 5; i++) {
        float y = AUTO_ADVANCED_ROW(i);
        gfx_text(g, s->f_small, DIALOG.x + (i ? 116 : 60), y + 12, GFX_LEFT, s->th.text, names[i]);
        char v[48] = "";
        if (i == 0)
            snprintf(v, sizeof v, "%d", autospin_spin_choices[s->auto_spins_i]);
        else if (money[i] >= 0)
            slot_money_text(autospin_money_choices[money[i]], v, sizeof v);
        if (v[0])
            gfx_text_shadow(g, s->f_mid, DIALOG.x + 722, y + 8, GFX_CENTER, on[i] ? s->th.accent : s->th.dim, v);
        if (i == 1)
            gfx_text(g, s->f_tiny, DIALOG.x + 40, y - 36, GFX_LEFT, s->th.dim, "ADVANCED: STOP AUTOPLAY");
    }
    for (int i = BTN_AUTO_SPINS_DN; i <= BTN_AUTO_WIN_UP; i++)
        button_draw(g, &s->btn[i]);
    for (int i = BTN_AUTO_ANY_ON; i <= BTN_AUTO_RESET; i++)
        if (i != BTN_AUTO_ANY_ON && i != BTN_AUTO_GAIN_ON && i != BTN_AUTO_LOSS_ON)
            button_draw(g, &s->btn[i]);
    const int toggles[] = {BTN_AUTO_ANY_ON, BTN_AUTO_WIN_ON, BTN_AUTO_GAIN_ON, BTN_AUTO_LOSS_ON};
    for (size_t i = 0; i < SDL_arraysize(toggles); i++)
        draw_toggle(s, toggles[i]);
    gfx_text(g, s->f_tiny, DIALOG.x + DIALOG.w / 2, DIALOG.y + 586, GFX_CENTER, s->th.dim,
             "Autoplay never picks a tile: free spins wait for your pick.");
    button_draw(g, &s->btn[BTN_DLG_OK]);
    button_draw(g, &s->btn[BTN_DLG_CANCEL]);
}

static void draw_bet(Slot *s)
{
    Gfx *g = app_gfx(s->app);
    window(s, DIALOG, "BET SETTINGS");
    gfx_text(g, s->f_small, DIALOG.x + DIALOG.w / 2, DIALOG.y + 86, GFX_CENTER, s->th.text,
             "Choose the bet for the next rounds");
    for (int i = 0; i < bet_list(s)->nvalues && i < BET_LIST_MAX; i++) {
        const Button *v = &s->btn[BTN_BET_VALUE + i];
        button_draw(g, v);
        if (bet_list(s)->values[i] == s->bet.v[s->bi_coin]) /* the bet played now */
            gfx_frame(g, (SDL_FRect){v->r.x - 8, v->r.y - 8, v->r.w + 16, v->r.h + 16}, 4, s->th.accent);
    }
    button_draw(g, &s->btn[BTN_DLG_CANCEL]);
}

static void draw_history(Slot *s)
{
    Gfx *g = app_gfx(s->app);
    SDL_FRect box = {160, 60, 1600, 900};
    window(s, box, "GAME RECALL");
    static const char *const cols[] = {"ROUND", "TIME (UTC)", "BET", "WIN", "BALANCE BEFORE",
                                       "BALANCE AFTER", "FEATURES"};
    static const float cx[] = {210, 330, 640, 800, 990, 1230, 1470};
    for (int i = 0; i < 7; i++)
        gfx_text(g, s->f_tiny, cx[i], 150, GFX_LEFT, s->th.dim, cols[i]);
    if (!s->nhistory)
        gfx_text(g, s->f_small, 960, 300, GFX_CENTER, s->th.text, "No rounds played yet.");
    for (int k = 0; k < HISTORY_ROWS; k++) {
        int i = s->page * HISTORY_ROWS + k;
        if (i >= s->nhistory)
            break;
        const StoreHistoryRow *h = &s->history[i];
        float y = 190 + (float)k * 46;
        char t[64];
        SDL_Color c = h->win > 0 ? s->th.text : s->th.dim;
        snprintf(t, sizeof t, "%lld", (long long)h->id);
        gfx_text(g, s->f_small, cx[0], y, GFX_LEFT, c, t);
        gfx_text(g, s->f_tiny, cx[1], y + 4, GFX_LEFT, c, h->started);
        slot_money_text(h->bet, t, sizeof t);
        gfx_text(g, s->f_small, cx[2], y, GFX_LEFT, c, t);
        slot_money_text(h->win, t, sizeof t);
        gfx_text(g, s->f_small, cx[3], y, GFX_LEFT, h->win > 0 ? s->th.accent : c, t);
        slot_money_text(h->balance_before, t, sizeof t);
        gfx_text(g, s->f_small, cx[4], y, GFX_LEFT, c, t);
        slot_money_text(h->balance_after, t, sizeof t);
        gfx_text(g, s->f_small, cx[5], y, GFX_LEFT, c, t);
        if (h->jackpots)
            snprintf(t, sizeof t, "JACKPOT");
        else if (h->free_spins)
            snprintf(t, sizeof t, "%d free spins", h->free_spins);
        else
            snprintf(t, sizeof t, "-");
        gfx_text(g, s->f_small, cx[6], y, GFX_LEFT, c, t);
    }
    char t[96];
    snprintf(t, sizeof t, "Click a round to replay it  \xE2\x80\xA2  page %d of %d", s->page + 1, dialogs_pages(s, OVERLAY_HISTORY));
    gfx_text(g, s->f_tiny, 960, 840, GFX_CENTER, s->th.dim, t);
    button_draw(g, &s->btn[BTN_PREV]);
    button_draw(g, &s->btn[BTN_NEXT]);
    button_draw(g, &s->btn[BTN_BACK]);
}

/* One recalled spin: its screen, what it paid, and where it stands in the round. */
static void draw_recall(Slot *s)
{
    Gfx *g = app_gfx(s->app);
    SDL_FRect box = {160, 60, 1600, 900};
    char t[160], a[48], b[48], c[48];
    snprintf(t, sizeof t, "RECALL  \xE2\x80\xA2  ROUND %lld", (long long)s->recall.id);
    window(s, box, t);
    slot_money_text(s->recall.bet, a, sizeof a);
    slot_money_text(s->recall.win, b, sizeof b);
    snprintf(t, sizeof t, "%s UTC   bet %s   win %s   seed %llu", s->recall.started, a, b,
             (unsigned long long)s->recall.seed);
    gfx_text(g, s->f_small, 960, 140, GFX_CENTER, s->th.text, t);
    slot_money_text(s->recall.balance_before, a, sizeof a);
    slot_money_text(s->recall.balance_after, c, sizeof c);
    snprintf(t, sizeof t, "balance %s before, %s after", a, c);
    gfx_text(g, s->f_small, 960, 180, GFX_CENTER, s->th.dim, t);
    if (s->recall_problem) {
        gfx_text(g, s->f_small, 960, 420, GFX_CENTER, s->th.accent, s->recall_problem);
        button_draw(g, &s->btn[BTN_BACK]);
        return;
    }
    /* find this spin's screen and its wins */
    const EventScreen *scr = NULL;
    int k = -1, first = 0;
    for (int i = 0; i < s->recall_nevents; i++)
        if (s->recall_events[i].type == EVENT_SCREEN && ++k == s->recall_spin) {
            scr = &s->recall_events[i].screen;
            first = i + 1;
            break;
        }
    if (!scr)
        return;
    static const char *const kinds[SPIN__COUNT] = {"base spin", "free spin", "jewel free spin"};
    snprintf(t, sizeof t, "spin %d of %d: %s", s->recall_spin + 1, s->recall_nspins, kinds[scr->spin]);
    gfx_text_shadow(g, s->f_mid, 960, 225, GFX_CENTER, s->th.accent, t);
    /* a tall grid stands left of what it paid; three rows stand above it */
    const bool beside = s->def.rows > 3;
    float cell = beside ? 112 : 120, y0 = 280;
    float x0 = beside ? 260 : 960 - cell * (float)s->def.cols / 2;
    const float tx = beside ? 1230 : 960;
    CellMask won = 0;
    for (int i = first; i < s->recall_nevents && s->recall_events[i].type != EVENT_SCREEN; i++)
        if (s->recall_events[i].type == EVENT_WIN && s->recall_events[i].win.kind != WIN_EXPANDING)
            won |= s->recall_events[i].win.cells; /* as landed: an expansion is listed below */
    for (int r = 0; r < s->def.rows; r++)
        for (int col = 0; col < s->def.cols; col++) {
            SDL_FRect cr = {x0 + (float)col * cell, y0 + (float)r * cell, cell - 6, cell - 6};
            gfx_rect(g, cr, (SDL_Color){24, 12, 8, 255});
            gfx_image(g, s->sym_small[scr->screen.cell[r][col]], cr.x + 4, cr.y + 4, cell - 14, cell - 14, 1);
            if (won & grid_bit(r, col))
                gfx_frame(g, cr, 4, s->th.accent);
            else if (scr->held & grid_bit(r, col))
                gfx_frame(g, cr, 4, (SDL_Color){120, 220, 255, 230});
        }
    float y = beside ? y0 + 20 : y0 + cell * (float)s->def.rows + 20;
    int shown = 0;
    for (int i = first; i < s->recall_nevents && s->recall_events[i].type != EVENT_SCREEN; i++) {
        const Event *e = &s->recall_events[i];
        if (e->type == EVENT_WIN) {
            const EventWin *w = &e->win;
            slot_money_text(w->amount, a, sizeof a);
            const char *sym = s->def.symbols[w->symbol].name;
            if (w->kind == WIN_CLUSTER)
                snprintf(t, sizeof t, "cluster of %d \xC3\x97 %s: %s", w->count, sym, a);
            else if (w->kind == WIN_EXPANDING)
                snprintf(t, sizeof t, "expanding symbol prize: %d \xC3\x97 %s: %s", w->count, sym, a);
            else if (w->kind == WIN_BONUS)
                snprintf(t, sizeof t, "%d scatters: bonus prize %s", w->count, a);
            else if (w->kind == WIN_SCATTER)
                snprintf(t, sizeof t, "%d \xC3\x97 %s anywhere: %s", w->count, sym, a);
            else if (w->kind == WIN_JACKPOT)
                snprintf(t, sizeof t, "line %d: 5 \xC3\x97 %s: PROGRESSIVE JACKPOT %s", w->line, sym, a);
            else if (w->multiplier > 1)
                snprintf(t, sizeof t, "line %d: %d \xC3\x97 %s, wilds \xC3\x97%u: %s", w->line, w->count, sym, w->multiplier, a);
            else
                snprintf(t, sizeof t, "line %d: %d \xC3\x97 %s: %s", w->line, w->count, sym, a);
        } else if (e->type == EVENT_EXPAND) {
            int len = snprintf(t, sizeof t, "%s expands over", s->def.symbols[e->expand.symbol].name);
            for (int j = 0; j < 2 * GRID_MAX_COLS && len < (int)sizeof t; j++) {
                bool row = j < GRID_MAX_COLS;
                int at = row ? j : j - GRID_MAX_COLS;
                if (((row ? e->expand.rows : e->expand.reels) >> at) & 1)
                    len += snprintf(t + len, sizeof t - (size_t)len, " %s %d", row ? "row" : "reel", at + 1);
            }
        } else if (e->type == EVENT_FEATURE_START && e->feature_start.ntiles) {
            snprintf(t, sizeof t, "tile %d picked: %s is the expanding symbol", e->feature_start.choice + 1,
                     s->def.symbols[e->feature_start.expanding].name);
        } else if (e->type == EVENT_FEATURE_AWARD) {
            snprintf(t, sizeof t, "awards %d %s", e->award.spins,
                     e->award.feature == FEATURE_EXTRA ? "jewel free spins" : "free spins");
        } else if (e->type == EVENT_ROUND_END) {
            slot_money_text(e->round_end.total_win, a, sizeof a);
            snprintf(t, sizeof t, "round over: total win %s", a);
        } else {
            continue;
        }
        if (shown++ < 8)
            gfx_text(g, s->f_small, tx, y + (float)(shown - 1) * 38, GFX_CENTER, s->th.text, t);
    }
    if (!shown)
        gfx_text(g, s->f_small, tx, y, GFX_CENTER, s->th.dim, "no win");
    button_draw(g, &s->btn[BTN_PREV]);
    button_draw(g, &s->btn[BTN_NEXT]);
    button_draw(g, &s->btn[BTN_BACK]);
}

static void draw_rules(Slot *s)
{
    Gfx *g = app_gfx(s->app);
    SDL_FRect box = {160, 60, 1600, 900};
    window(s, box, "GAME RULES");
    const char *const *lines = s->kind->rules_text;
    size_t n = 0;
    while (lines[n])
        n++;
    for (size_t i = 0; i < n; i++)
        gfx_text(g, s->f_small, 220, 150 + (float)i * 40, GFX_LEFT, s->th.text, lines[i]);
    /* the return to player, as the game file states it */
    char rtp[160] = "RTP:";
    size_t len = strlen(rtp);
    for (int t = 0; t < s->def.ntargets && len < sizeof rtp; t++) {
        const RtpTarget *r = &s->def.targets[t];
        const char *what = !strcmp(r->key, "max_bet") ? "at max bet"
                           : !strcmp(r->key, "below_max_bet") ? "below max bet" : r->key;
        len += (size_t)snprintf(rtp + len, sizeof rtp - len, "%s %.2f%% %s", t ? "," : "",
                                r->percent, what);
    }
    gfx_text(g, s->f_small, 220, 150 + (float)n * 40, GFX_LEFT, s->th.accent, rtp);
    button_draw(g, &s->btn[BTN_BACK]);
}
static void draw_paytable(Slot *s)
{
    Gfx *g = app_gfx(s->app);
    gfx_rect(g, (SDL_FRect){0, 0, GFX_W, GFX_H}, veil(s, 235));
    SDL_FRect box = {160, 60, 1600, 900};
    gfx_rect(g, box, s->th.window);
    gfx_frame(g, box, 4, s->th.accent);
    gfx_text_shadow(g, s->f_big, 960, 85, GFX_CENTER, s->th.accent, s->kind->paytable_titles[s->page]);
    s->kind->draw_paytable(s);
    char t[32];
    snprintf(t, sizeof t, "page %d of %d", s->page + 1, dialogs_pages(s, OVERLAY_PAYTABLE));
    gfx_text(g, s->f_tiny, 960, 900, GFX_CENTER, s->th.dim, t);
    button_draw(g, &s->btn[BTN_PREV]);
    button_draw(g, &s->btn[BTN_NEXT]);
    button_draw(g, &s->btn[BTN_BACK]);
}
static void draw_low_balance(Slot *s)
{
    Gfx *g = app_gfx(s->app);
    gfx_rect(g, (SDL_FRect){0, 0, GFX_W, GFX_H}, (SDL_Color){8, 3, 2, 200});
    SDL_FRect box = {560, 340, 800, 360};
    gfx_rect(g, box, (SDL_Color){40, 18, 12, 255});
    gfx_frame(g, box, 4, s->th.accent);
    char bal[48], bet[48], t[160];
    slot_money_text(app_balance(s->app), bal, sizeof bal);
    slot_money_text(slot_bet_total(s), bet, sizeof bet);
    gfx_text_shadow(g, s->f_big, 960, 370, GFX_CENTER, s->th.accent, "NOT ENOUGH MONEY");
    snprintf(t, sizeof t, "Your balance %s is less than the bet %s.", bal, bet);
    gfx_text(g, s->f_small, 960, 460, GFX_CENTER, s->th.text, t);
    gfx_text(g, s->f_small, 960, 510, GFX_CENTER, s->th.text, "Set the bet to the minimum?");
    button_draw(g, &s->btn[BTN_DLG_OK]);
    button_draw(g, &s->btn[BTN_DLG_CANCEL]);
}

void dialogs_draw(Slot *s)
{
    switch (s->overlay) {
    case OVERLAY_NONE:
        break;
    case OVERLAY_PAYTABLE:
        draw_paytable(s);
        break;
    case OVERLAY_LOW_BALANCE:
        draw_low_balance(s);
        break;
    case OVERLAY_AUTO:
        if (s->kind->autoplay == AUTOPLAY_ADVANCED)
            draw_auto_advanced(s);
        else
            draw_auto(s);
        break;
    case OVERLAY_BET:
        draw_bet(s);
        break;
    case OVERLAY_OPTIONS:
        draw_options(s);
        break;
    case OVERLAY_HISTORY:
        draw_history(s);
        break;
    case OVERLAY_RECALL:
        draw_recall(s);
        break;
    case OVERLAY_RULES:
        draw_rules(s);
        break;
    }
}
