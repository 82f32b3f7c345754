/* slot_windows.c - the video slot as the windows' host: what the windows that open over it
 * (windows/) are given of the scene, once its art is loaded: its look, its game, its kind's
 * paytable and rules, and the entries they call back when the player confirms. The windows
 * see the scene only through these. */
#include "slot_priv.h"
#include "lang.h"

static void draw_paytable(void *scene, int page)
{
    Slot *s = scene;
    s->kind->draw_paytable(s, page);
}

static Money bet_total(void *scene) { return slot_bet_total(scene); }

static int64_t bet_value(void *scene)
{
    const Slot *s = scene;
    return s->bet.v[s->bi_coin];
}

static void choose_bet(void *scene, int64_t value)
{
    Slot *s = scene;
    Bet b = s->bet;
    b.v[s->bi_coin] = value;
    if (slot_set_bet(s, &b)) {
        slot_cue(s, "button", AUDIO_UI);
        slot_settings_save(s);
    }
}

static void min_bet(void *scene) { slot_set_min_bet(scene); }

static void start_autoplay(void *scene, const AutospinSettings *set)
{
    Slot *s = scene;
    autospin_start(&s->autospin, set);
}

static WindowsOptions options(void *scene)
{
    const Slot *s = scene;
    return (WindowsOptions){.space_spins = s->space_spins, .coins_view = s->coins_view};
}

static void set_options(void *scene, const WindowsOptions *o)
{
    Slot *s = scene;
    s->space_spins = o->space_spins;
    s->coins_view = o->coins_view;
}

static void save_settings(void *scene) { slot_settings_save(scene); }

/* QA's picker: the scenario forces the next round (its bet too, when it has one). */
static bool force(void *scene, const char *path, char *msg, size_t size)
{
    Slot *s = scene;
    Bet b = s->bet;
    if (!seat_pick_between(&s->seat, s->play.round_active, path, &b, msg, size))
        return false;
    if (!slot_set_bet(s, &b)) {
        seat_free(&s->seat);
        lang_fill(msg, size, _("{1}: its bet cannot be played here (the operator disabled it?)"), path, NULL);
        return false;
    }
    lang_fill(s->forced_note, sizeof s->forced_note, _("NEXT ROUND FORCED: {1}"), seat_picked(&s->seat), NULL);
    slot_notice(s, s->forced_note);
    return true;
}

/* What the recall lists of the game's own events: the kind says. */
static bool event_line(void *scene, const Event *e, char *t, size_t size)
{
    const Slot *s = scene;
    return s->kind->event_line && s->kind->event_line(s, e, t, size);
}

Windows *slot_windows_create(Slot *s, void (*refresh)(void *scene))
{
    const SlotKind *k = s->kind;
    return windows_create(&(WindowsHost){
        .app = s->app,
        .scene = s,
        .look = {.text = s->th.text, .accent = s->th.accent, .dim = s->th.dim, .window = s->th.window,
                 .big = s->f_big, .mid = s->f_mid, .small = s->f_small, .tiny = s->f_tiny,
                 .plain = &s->look_plain, .round = &s->look_round,
                 .left = s->ic_left, .right = s->ic_right, .check = s->ic_check,
                 .toggle = {s->toggle[0], s->toggle[1]}, .symbols = s->sym_small},
        .def = &s->def,
        .config = s->config,
        .forced = s->scripted ? &s->sc : NULL,
        .bet_option = s->bi_coin,
        .has_coins = slot_has_coins(s),
        .autoplay = k->autoplay,
        .autoplay_title = k->autoplay_title ? k->autoplay_title : N_("AUTOPLAY"), /* English: the window says it */
        .has_pick = s->play.pick_tiles > 0,
        .paytable_pages = k->paytable_pages,
        .paytable_titles = k->paytable_titles,
        .draw_paytable = draw_paytable,
        .rules = s->th.rule,
        .nrules = s->th.nrules,
        .money_text = slot_money_text,
        .event_line = event_line,
        .bet_total = bet_total,
        .bet_value = bet_value,
        .choose_bet = choose_bet,
        .min_bet = min_bet,
        .start_autoplay = start_autoplay,
        .options = options,
        .set_options = set_options,
        .save_settings = save_settings,
        .refresh = refresh,
        .force = force,
    });
}
