/* fruit_windows.c - the windows' host of the fruit machine scene: what the shared windows
 * (payout plan, rules, history and recall, options, AUTO-PLAY) ask of the scene: its bet
 * and settings, the payout plan drawn, a fruit round's own events in words, and the
 * buttons refreshed (fruit.c) when a window closes. */
#include "fruit_priv.h"

#include <stdio.h>

static void draw_paytable(void *scene, int page)
{
    (void)page;
    fruit_draw_paytable(scene);
}

static Money bet_total(void *scene) { return fruit_bet_total(scene); }
static int64_t bet_value(void *scene) { return ((Fruit *)scene)->bet.v[0]; }

static void choose_bet(void *scene, int64_t value)
{
    Fruit *f = scene;
    if (fruit_set_bet(f, value))
        fruit_settings_save(f);
}

static void min_bet(void *scene)
{
    Fruit *f = scene;
    if (fruit_nchips(f))
        choose_bet(f, fruit_chip_value(f, 0));
}

static void start_autoplay(void *scene, const AutospinSettings *set)
{
    Fruit *f = scene;
    autospin_start(&f->autoplay, set);
}

static WindowsOptions options(void *scene)
{
    const Fruit *f = scene;
    return (WindowsOptions){.space_spins = f->space_plays};
}

static void set_options(void *scene, const WindowsOptions *o)
{
    Fruit *f = scene;
    f->space_plays = o->space_spins;
}

static void save_settings(void *scene) { fruit_settings_save(scene); }

static void refresh(void *scene) { fruit_update_buttons(scene); }

/* What the recall lists of the game's own events (gnomos_mix_events.h): the advances and the
 * minigames. */
static bool own_line(const Event *e, char *t, size_t size)
{
    char a[48], n[24], k[24];
    const EventAdvance *adv = gnomos_advance(e);
    const EventMinigame *mg = gnomos_minigame(e);
    if (adv) {
        lang_number(adv->left, n, sizeof n);
        snprintf(k, sizeof k, "%d", adv->reel + 1);
        if (adv->reel == EVENT_OFF)
            lang_fill(t, size, lang_trn("{1} advance given", "{1} advances given", adv->left), n, NULL);
        else
            lang_fill(t, size, _("reel {1} advanced ({2} left)"), k, n, NULL);
        return true;
    }
    if (mg) {
        char b[48];
        const char *name = fruit_mini_title(mg->game);
        if (mg->stage) {
            app_money_text(mg->amount, a, sizeof a);
            lang_number(mg->bonuses, n, sizeof n);
            if (mg->bonuses)
                lang_fill(t, size, lang_trn("{1} paid {2} and {3} Bonus", "{1} paid {2} and {3} Bonuses", mg->bonuses),
                          name, a, n, NULL);
            else
                lang_fill(t, size, _("{1} paid {2}"), name, a, NULL);
        } else {
            app_money_text(mg->replaces, a, sizeof a);
            app_money_text(mg->most, b, sizeof b);
            lang_fill(t, size, _("{1} in place of {2} (up to {3})"), name, a, b, NULL);
        }
        return true;
    }
    return false;
}

/* What the recall lists of a fruit round's own events. */
static bool event_line(void *scene, const Event *e, char *t, size_t size)
{
    Fruit *f = scene;
    char a[48], n[24];
    if (own_line(e, t, size))
        return true;
    switch (e->type) {
    case EVENT_HOLD:
        if (!e->hold.reels)
            snprintf(t, size, "%s", _("held game: no reel held"));
        else {
            snprintf(a, sizeof a, "%s%s%s", e->hold.reels & 1 ? " 1" : "", e->hold.reels & 2 ? " 2" : "",
                     e->hold.reels & 4 ? " 3" : "");
            lang_fill(t, size, _("held game: reels{1} held"), a, NULL);
        }
        return true;
    case EVENT_PRIZE:
        app_money_text(e->prize.amount, a, sizeof a);
        if (e->prize.fraction) {
            char b[48];
            app_money_text(e->prize.rest, b, sizeof b);
            snprintf(n, sizeof n, "%d", e->prize.fraction);
            lang_fill(t, size, _("Double or Bonuses: fraction {1}, {2} ({3} still to play)"), n, a, b, NULL);
        } else if (e->prize.lose_to == RISK_REDRAWN) {
            lang_fill(t, size, _("the leprechaun offers {1}"), a, NULL);
        } else {
            lang_fill(t, size, _("prize on offer: {1}"), a, NULL);
        }
        return true;
    case EVENT_RISK:
        app_money_text(e->risk.amount, a, sizeof a);
        if (e->risk.won)
            lang_fill(t, size, _("risked: up to {1}"), a, NULL);
        else if (e->risk.amount)
            lang_fill(t, size, _("risked: down to {1}"), a, NULL);
        else if (e->risk.bonuses)
            lang_fill(t, size, _("risked: {1} Bonuses"), fruit_play_count(e->risk.bonuses, n, sizeof n), NULL);
        else
            snprintf(t, size, "%s", _("risked: nothing"));
        return true;
    case EVENT_PICK: {
        if (e->pick.choice == EVENT_OFF)
            return false;
        static const char *const what[MINI__COUNT] = {N_("lid {1} chosen: {2}"), N_("basket {1} chosen: {2}"),
                                                      N_("coins {1} chosen: {2}"), N_("element {1} chosen: {2}"),
                                                      N_("cap {1} lifted: {2}")};
        const int c = e->pick.choice, mg = e->pick.game < MINI__COUNT ? e->pick.game : MINI_NONE;
        app_money_text(e->pick.amount[c], a, sizeof a);
        if (e->pick.label[c] != PICK_PRIZE)
            snprintf(a, sizeof a, "%s", e->pick.label[c] == PICK_STOP ? _("STOP") : _("STOP X2"));
        snprintf(n, sizeof n, "%d", c + 1);
        lang_fill(t, size, _(what[mg]), n, a, NULL);
        return true;
    }
    case EVENT_COLLECT:
        app_money_text(e->collect.amount, a, sizeof a);
        if (e->collect.cause == COLLECT_ACCEPTED)
            lang_fill(t, size, _("{1} accepted"), a, NULL);
        else if (e->collect.cause)
            lang_fill(t, size, e->collect.cause == COLLECT_MAX_PRIZE ? _("collected {1} (the maximum prize)")
                                                                      : _("collected {1} (over 6,000 Bonuses held)"),
                      a, NULL);
        else
            lang_fill(t, size, _("collected {1}"), a, NULL);
        return true;
    case EVENT_ROUND_END:
        if (!e->round_end.total_bonuses)
            return false;
        app_money_text(e->round_end.total_win, a, sizeof a);
        lang_fill(t, size,
                  lang_trn("round over: total win {1} and {2} Bonus", "round over: total win {1} and {2} Bonuses",
                           e->round_end.total_bonuses),
                  a, fruit_play_count(e->round_end.total_bonuses, n, sizeof n), NULL);
        return true;
    case EVENT_WIN:
        if (e->win.bonuses && !e->win.amount) {
            const int figures = e->win.bonuses == f->bonus_n[0] ? 1 : e->win.bonuses == f->bonus_n[1] ? 2 : 3;
            snprintf(a, sizeof a, "%d", figures);
            lang_fill(t, size, lang_trn("{1} Bonus figure: {2} Bonuses", "{1} Bonus figures: {2} Bonuses", figures), a,
                      fruit_play_count(e->win.bonuses, n, sizeof n), NULL);
            return true;
        }
        return false;
    default:
        return false;
    }
}

/* QA's picker: the scenario forces the next round, at its bet (at the other level of the
 * machine, the curtain takes the screen there). */
static bool force(void *scene, const char *path, char *msg, size_t size)
{
    Fruit *f = scene;
    Bet b = f->bet;
    if (!seat_pick_between(&f->play.seat, f->play.round_active || f->play.phase != FP_IDLE || f->swapping, path, &b,
                           msg, size))
        return false;
    f->bet = b;
    if (fruit_is_upper(f) != f->play.shown_upper) { /* the other level: the curtain, as GAME does */
        f->swapping = true;
        f->swap_t0 = app_tick(f->app);
    } else {
        fruit_plan_compute(f);
        fruit_chips_layout(f);
    }
    fruit_message(f, _("NEXT ROUND FORCED"), true);
    fruit_message2(f, seat_picked(&f->play.seat));
    return true;
}

Windows *fruit_windows_create(Fruit *f)
{
    static const char *const titles[] = {N_("PAYOUT PLAN")}; /* the windows translate a host's titles */
    return windows_create(&(WindowsHost){
        .app = f->app,
        .scene = f,
        .look = {.text = f->th.text, .accent = f->th.accent, .dim = f->th.dim, .window = f->th.window,
                 .big = f->f_big, .mid = f->f_mid, .small = f->f_small, .tiny = f->f_tiny,
                 .plain = &f->look_plain, .round = &f->look_round,
                 .left = f->ic_left, .right = f->ic_right, .check = f->ic_check,
                 .symbols = f->sym_small},
        .def = &f->def,
        .config = f->config,
        .forced = f->scripted ? &f->sc : NULL,
        .bet_option = 0,
        .autoplay = WINDOWS_AUTOPLAY_ADVANCED,
        .autoplay_title = N_("AUTO-PLAY"),
        .autoplay_max = 100,
        .paytable_pages = 1,
        .paytable_titles = titles,
        .draw_paytable = draw_paytable,
        .rules = f->th.rule,
        .nrules = f->th.nrules,
        .money_text = app_money_text,
        .bet_total = bet_total,
        .bet_value = bet_value,
        .choose_bet = choose_bet,
        .min_bet = min_bet,
        .start_autoplay = start_autoplay,
        .options = options,
        .set_options = set_options,
        .save_settings = save_settings,
        .event_line = event_line,
        .refresh = refresh,
        .force = force,
    });
}
