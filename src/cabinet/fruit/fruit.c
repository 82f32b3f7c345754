/* fruit.c - the fruit machine scene's round timeline, the player's presses and the input.
 *
 * A player's press becomes a machine command (through the seat, which journals it first);
 * the events it returns are queued and played back one after another: the reels land on
 * the screen a SCREEN event carries, left to right; the advance lamps light; a reel steps
 * one figure for each advance; a prize flashes and goes on its ladder, where each risk's
 * lights chase between the two outcomes before they settle; the cauldrons show their
 * prizes, are covered by lids and the lid picked rises; a collect counts PRIZE into
 * BALANCE. When the queue is empty and the round waits, the machine's offer says what the
 * buttons do: hold or release a reel, advance one, collect or risk, pick a lid.
 *
 * The presses and the input are here too: a press sends its command (fruit_round.c) and
 * goes on with the timeline; the scene's tick after the scripted player's is fruit_tick.
 * The scene's entry (fruit_scene.c), the scripted player (fruit_script.c) and the windows'
 * host (fruit_windows.c) sit over this file; it calls none of them.
 *
 * Everything moves by ticks (60 Hz), never by the wall clock, so a headless run draws the
 * same pixels for the same scenario; screenshots are taken at named moments. */
#include "fruit_priv.h"

#include <stdio.h>

/* ---- the timeline --------------------------------------------------------------------------- */

#define SPIN_TICKS APP_MS_TICKS(900)
#define REEL_GAP APP_MS_TICKS(320)
#define BOUNCE APP_MS_TICKS(160)
#define QUICK_TICKS APP_MS_TICKS(160) /* a reel stopped by PLAY: its landing */
#define QUICK_GAP APP_MS_TICKS(90)    /* ... and between two of them */

/* The reels not held set off toward their stops; reel c lands at its own tick. */
static void reels_start(Fruit *f, const EventScreen *e)
{
    const ReelSet *rs = fruit_reelset(f);
    const uint64_t now = app_tick(f->app);
    int k = 0;
    for (int c = 0; c < FR_REELS; c++) {
        FruitReel *rl = &f->reel[c];
        const int len = rs->len[c];
        const float here = fruit_reel_pos(f, c, now);
        if (f->held >> c & 1u) {
            *rl = (FruitReel){.from = here, .to = here, .t0 = now, .t1 = now, .landed = true};
            continue;
        }
        /* down the strip: several turns, then the stop */
        int turns = 3 + k;
        float to = (float)e->stops[c] - (float)(turns * len);
        while (to > here - (float)(2 * len))
            to -= (float)len;
        *rl = (FruitReel){.from = here, .to = to, .t0 = now,
                          .t1 = now + (uint64_t)SPIN_TICKS + (uint64_t)(k * REEL_GAP), .spinning = true};
        k++;
        f->stop[c] = e->stops[c];
    }
}

/* The reels' longest landing, bounce included, from now. */
static int reels_ticks(const Fruit *f)
{
    uint64_t last = app_tick(f->app);
    for (int c = 0; c < FR_REELS; c++)
        if (f->reel[c].t1 > last)
            last = f->reel[c].t1;
    return (int)(last - app_tick(f->app)) + BOUNCE;
}

/* PLAY while the reels turn: those still turning land at once, one after another, on the
 * same stops (what they show was decided before they set off). */
static void reels_quick(Fruit *f)
{
    const ReelSet *rs = fruit_reelset(f);
    const uint64_t now = app_tick(f->app);
    int k = 0;
    for (int c = 0; c < FR_REELS; c++) {
        FruitReel *rl = &f->reel[c];
        if (!rl->spinning || rl->landed || now >= rl->t1)
            continue;
        const float here = fruit_reel_pos(f, c, now), len = (float)rs->len[c];
        float to = rl->to; /* the same stop, a turn or less below where the reel is now */
        while (to + len <= here - 2)
            to += len;
        *rl = (FruitReel){.from = here, .to = to, .t0 = now,
                          .t1 = now + (uint64_t)QUICK_TICKS + (uint64_t)(k * QUICK_GAP), .spinning = true};
        k++;
    }
    if (k)
        f->phase_len = (int)(now - f->phase_t0) + reels_ticks(f);
}

static void step_reel(Fruit *f, int c)
{
    const ReelSet *rs = fruit_reelset(f);
    const uint64_t now = app_tick(f->app);
    const float here = fruit_reel_pos(f, c, now);
    f->stop[c] = (f->stop[c] + rs->len[c] - 1) % rs->len[c];
    f->reel[c] = (FruitReel){.from = here, .to = here - 1, .t0 = now, .t1 = now + (uint64_t)APP_MS_TICKS(260),
                             .landed = true};
}

/* The wait's words on the marquee, and what the hold buttons start with. */
static void wait_for_player(Fruit *f)
{
    const uint32_t allowed = machine_allowed(f->m);
    char t[96];
    if (fruit_mini_wait_message(f)) {
        /* a minigame's choice: its words */
    } else if (allowed & 1u << CMD_HOLD) {
        Command c;
        f->hold_sel = machine_choose(f->m, STRATEGY_AUTO, &c) && c.type == CMD_HOLD ? c.arg : 0;
        fruit_message(f, "HOLD OR RELEASE REELS", true);
        fruit_message2(f, "ADVANCE/HOLD 1-3, THEN PLAY");
    } else if (allowed & 1u << CMD_ADVANCE) {
        snprintf(t, sizeof t, "%d ADVANCE%s", f->adv_left, f->adv_left == 1 ? "" : "S");
        fruit_message(f, t, true);
        fruit_message2(f, f->auto_adv ? "AUTO-ADVANCES ON" : "ADVANCE/HOLD 1-3, AUTO OR COLLECT");
    } else if (allowed & 1u << CMD_PICK) {
        f->lids_on = true;
        fruit_message(f, "PICK A LID", true);
        fruit_message2(f, "CLICK A LID, ADVANCE/HOLD 1-3 OR PLAY");
    } else if ((allowed & 1u << CMD_RISK) && !fruit_upper_wait_message(f)) {
        fruit_ladder_message(f);
    }
    fruit_set_phase(f, FP_WAIT, 0);
}

/* The rung of the prize a line's win puts on offer (or collects), as its event says. */
static int next_rung(const Fruit *f, Money amount)
{
    const Event *q;
    for (int i = 0; (q = evqueue_at(&f->queue, i)); i++) {
        if (q->type == EVENT_PRIZE)
            return q->prize.rung == EVENT_OFF ? -1 : q->prize.rung;
        if (q->type == EVENT_COLLECT)
            return q->collect.rung == EVENT_OFF ? -1 : q->collect.rung;
    }
    return fruit_rung_of(f, amount);
}

/* A screen of the reels: the spin begins (what is held, the scenario's STOP moment, the
 * message), its landing shown by FP_SPIN. */
static void show_screen(Fruit *f, const Event *e)
{
    f->spin_index = e->screen.spin_index;
    f->held = 0;
    for (int c = 0; c < FR_REELS; c++)
        if (e->screen.held & grid_bit(0, c))
            f->held |= 1u << c;
    f->win_line = false;
    f->adv_left = 0;
    f->lids_on = false;
    f->lid_choice = -1;
    f->cauldrons_known = false;
    f->mini.game = MINI_NONE;
    reels_start(f, &e->screen);
    f->stop_at = 0;
    const Scenario *sc = seat_scenario(&f->seat);
    if (sc) { /* the scenario's "stop_ms" for this spin: PLAY pressed then (a replay too) */
        int k = sc->nspins - machine_forced_left(f->m) - 1;
        if (k >= 0 && k < sc->nspins && sc->stop_ms[k] >= 0)
            f->stop_at = app_tick(f->app) + (uint64_t)APP_MS_TICKS(sc->stop_ms[k]);
    }
    if (e->screen.spin == SPIN_EXTRA)
        f->extra_spins++;
    fruit_message(f, e->screen.spin == SPIN_EXTRA ? "EXTRA SPIN!" : f->held ? "HELD GAME" : "GOOD LUCK!", false);
    if (!f->recovering && f->th.cue[CUE_SPIN] >= 0)
        audio_loop(app_audio(f->app), AUDIO_REELS, f->th.cue[CUE_SPIN]);
    fruit_set_phase(f, FP_SPIN, reels_ticks(f));
}

/* Advances given (their lamps lighting), or one spent moving a reel a figure. */
static void show_advance(Fruit *f, const Event *e)
{
    if (e->advance.reel == EVENT_OFF) {
        f->adv_left = 0;
        f->adv_lighting = e->advance.left;
        fruit_message(f, "ADVANCES!", true);
        fruit_set_phase(f, FP_ADV_GIVEN, APP_MS_TICKS(300) * e->advance.left + APP_MS_TICKS(300));
        return;
    }
    step_reel(f, e->advance.reel);
    f->adv_left = e->advance.left;
    char t[48];
    snprintf(t, sizeof t, "%d ADVANCE%s LEFT", f->adv_left, f->adv_left == 1 ? "" : "S");
    fruit_message(f, f->adv_left ? t : "ADVANCES SPENT", true);
    fruit_cue(f, CUE_NUDGE, AUDIO_REELS);
    fruit_set_phase(f, FP_ADV_MOVE, APP_MS_TICKS(300));
}

/* A line's win: Bonuses only, or a prize on the ladder's rung its event says. */
static void show_win(Fruit *f, const Event *e)
{
    char t[64];
    f->win = e->win;
    f->win_line = true;
    f->adv_left = 0;
    if (e->win.bonuses && !e->win.amount) {
        f->rung_now = -1;
        f->bonuses_extra += e->win.bonuses;
        snprintf(t, sizeof t, "%lld BONUS%s", (long long)e->win.bonuses, e->win.bonuses == 1 ? "" : "ES");
        fruit_message(f, t, true);
        fruit_cue(f, CUE_WIN_SMALL, AUDIO_WINS);
    } else {
        f->rung_now = next_rung(f, e->win.amount);
        f->prize = e->win.amount;
        snprintf(t, sizeof t, "PRIZE: %s", fruit_rung_name(f->rung_now));
        fruit_message(f, t, true);
        fruit_cue(f, CUE_PRIZE, AUDIO_WINS);
    }
    fruit_set_phase(f, FP_WIN, APP_MS_TICKS(1800));
}

/* The cauldrons appearing, before the pick. */
static void show_cauldrons(Fruit *f)
{
    fruit_cue(f, CUE_CAULDRONS, AUDIO_WINS);
    fruit_message(f, "THE CAULDRONS!", true);
    fruit_set_phase(f, FP_CAULDRONS, APP_MS_TICKS(3600));
}

/* The cauldrons: their prizes shown before the pick, or the lid picked and what it hid. */
static void show_pick(Fruit *f, const Event *e)
{
    if (e->pick.choice == EVENT_OFF) { /* the cauldrons' prizes, before the pick */
        f->cauldrons_known = true;
        for (int i = 0; i < 3; i++)
            f->cauldron_prize[i] = e->pick.amount[i];
        show_cauldrons(f);
        return;
    }
    f->lid_choice = e->pick.choice;
    for (int i = 0; i < 3; i++)
        f->lid_prize[i] = e->pick.amount[i];
    fruit_cue(f, CUE_LID, AUDIO_WINS);
    f->prize = e->pick.amount[e->pick.choice];
    f->rung_now = fruit_rung_of(f, f->prize);
    char t[64], m[32];
    app_money_text(f->prize, m, sizeof m);
    snprintf(t, sizeof t, "LID %d: %s", e->pick.choice + 1, m);
    fruit_message(f, t, true);
    fruit_message2(f, fruit_rung_name(f->rung_now));
    fruit_set_phase(f, FP_LIDS, APP_MS_TICKS(2600));
}

/* The queue ran dry: the round waits for the player (the cauldrons first, when a pick is
 * offered and they have not shown), or it is over. */
static void queue_empty(Fruit *f)
{
    f->recovering = false;
    if (!machine_in_round(f->m))
        return;
    if ((machine_allowed(f->m) & 1u << CMD_PICK) && !f->lids_on && f->lid_choice < 0 && !f->shown_upper)
        show_cauldrons(f);
    else
        wait_for_player(f);
}

/* Takes the next events off the queue and starts showing them. */
void fruit_advance(Fruit *f)
{
    Event e;
    for (;;) {
        if (!fruit_queue_pop(f, &e)) {
            queue_empty(f);
            return;
        }
        const int up = fruit_upper_event(f, &e);
        if (up > 0)
            return;
        if (up < 0)
            continue;
        switch (e.type) {
        case EVENT_SCREEN:
            show_screen(f, &e);
            return;
        case EVENT_FEATURE_AWARD:
            f->extra_round = true;
            fruit_cue(f, CUE_EXTRA_SPIN, AUDIO_WINS);
            fruit_message(f, "EXTRA SPIN!", true);
            fruit_set_phase(f, FP_EXTRA, APP_MS_TICKS(2400));
            return;
        case EVENT_HOLD:
            f->held = e.hold.reels;
            fruit_cue(f, CUE_BUTTON, AUDIO_UI);
            continue;
        case EVENT_ADVANCE:
            show_advance(f, &e);
            return;
        case EVENT_WIN:
            show_win(f, &e);
            return;
        case EVENT_PRIZE:
            f->prize = e.prize.amount;
            f->rung_now = e.prize.rung == EVENT_OFF ? -1 : e.prize.rung;
            f->ladder = fruit_ladder_from(e.prize.lose_to, f->rung_now);
            continue;
        case EVENT_RISK:
            f->risk = e;
            f->rung_from = f->rung_now;
            fruit_cue(f, CUE_LADDER_TICK, AUDIO_WINS);
            fruit_message(f, "RISKING...", true);
            fruit_set_phase(f, FP_RISK, APP_MS_TICKS(1900));
            return;
        case EVENT_PICK:
            show_pick(f, &e);
            return;
        case EVENT_COLLECT:
            f->count_from = e.collect.amount;
            f->ladder = LADDER_NONE;
            fruit_message(f, "COLLECTED", false);
            fruit_cue(f, CUE_COUNT_UP, AUDIO_WINS);
            fruit_set_phase(f, FP_COLLECT, e.collect.amount > 0 ? APP_MS_TICKS(1300) : 0);
            return;
        case EVENT_ROUND_END:
            f->round_win = e.round_end.total_win;
            f->round_bonuses = e.round_end.total_bonuses;
            if (!f->round_win && !f->round_bonuses && !f->message_flash)
                fruit_message(f, "PRESS PLAY", false);
            fruit_settle(f);
            return;
        default:
            continue;
        }
    }
}

/* A risk decided: the ladder's lights settle on what it gave. */
static void risk_outcome(Fruit *f)
{
    if (f->shown_upper) {
        fruit_upper_risk_outcome(f);
        return;
    }
    const EventRisk *r = &f->risk.risk;
    char t[96];
    f->rung_now = r->rung == EVENT_OFF ? -1 : r->rung;
    f->ladder = r->rung == EVENT_OFF ? LADDER_NONE : fruit_ladder_from(r->lose_to, f->rung_now);
    if (r->won) {
        f->prize = r->amount;
        fruit_cue(f, CUE_LADDER_UP, AUDIO_WINS);
        snprintf(t, sizeof t, "UP! %s", fruit_rung_name(f->rung_now));
    } else if (r->amount) {
        f->prize = r->amount;
        fruit_cue(f, CUE_LADDER_DOWN, AUDIO_WINS);
        snprintf(t, sizeof t, "DOWN: %s", fruit_rung_name(f->rung_now));
    } else if (r->bonuses) {
        f->bonuses_extra += r->bonuses;
        f->prize = 0;
        fruit_cue(f, CUE_LADDER_DOWN, AUDIO_WINS);
        snprintf(t, sizeof t, "%lld BONUSES", (long long)r->bonuses);
    } else {
        f->prize = 0;
        fruit_cue(f, CUE_LOSE, AUDIO_WINS);
        snprintf(t, sizeof t, "NOTHING");
    }
    fruit_message(f, t, true);
    fruit_set_phase(f, FP_OUTCOME, APP_MS_TICKS(900));
}

/* A phase's time is up: what comes after it. */
static void phase_done(Fruit *f)
{
    switch (f->phase) {
    case FP_SPIN:
        audio_stop_layer(app_audio(f->app), AUDIO_REELS);
        fruit_shot(f, "reels", f->spin_index + 1);
        fruit_advance(f);
        break;
    case FP_ADV_GIVEN:
        f->adv_left = f->adv_lighting;
        fruit_advance(f);
        break;
    case FP_ADV_MOVE:
        fruit_shot_next(f, "advance");
        fruit_advance(f);
        break;
    case FP_RISK:
        risk_outcome(f);
        break;
    case FP_CAULDRONS:
        f->lids_on = true;
        fruit_shot(f, "covered", -1);
        fruit_advance(f);
        break;
    case FP_COLLECT:
        f->balance_extra += f->count_from;
        f->count_from = 0;
        f->prize = 0;
        f->rung_now = -1;
        fruit_advance(f);
        break;
    case FP_LIDS:
        f->lids_on = false;
        fruit_advance(f);
        break;
    case FP_WIN:
    case FP_EXTRA:
    case FP_OUTCOME:
        fruit_advance(f);
        break;
    case FP_MINI:
        fruit_mini_done(f);
        fruit_advance(f);
        break;
    case FP_IDLE:
    case FP_WAIT:
        break;
    }
}

/* Moments in the middle of a phase, and its sounds. */
static void phase_tick(Fruit *f, uint64_t k)
{
    const uint64_t len = (uint64_t)f->phase_len;
    switch (f->phase) {
    case FP_SPIN:
        if (f->stop_at && app_tick(f->app) >= f->stop_at) {
            f->stop_at = 0;
            reels_quick(f);
            fruit_shot(f, "stop", -1);
        }
        for (int c = 0; c < FR_REELS; c++)
            if (!f->reel[c].landed && app_tick(f->app) >= f->reel[c].t1) {
                f->reel[c].landed = true;
                fruit_cue(f, CUE_REEL_STOP, AUDIO_REELS);
            }
        break;
    case FP_ADV_GIVEN:
        if (k % (uint64_t)APP_MS_TICKS(300) == 0 && k / (uint64_t)APP_MS_TICKS(300) < (uint64_t)f->adv_lighting) {
            f->adv_left = (int)(k / (uint64_t)APP_MS_TICKS(300)) + 1;
            fruit_cue(f, CUE_ADVANCES, AUDIO_WINS);
        }
        if (k == len - 2)
            fruit_shot(f, "advances-given", -1);
        break;
    case FP_WIN:
        if (k == len * 3 / 5 && f->shown_upper)
            fruit_shot_next(f, "line");
        else if (k == len * 3 / 5)
            fruit_shot(f, f->rung_now < 0 ? "bonus" : "prize", -1);
        break;
    case FP_EXTRA:
        if (k == len * 3 / 5)
            fruit_shot(f, "extra-spin", -1);
        break;
    case FP_RISK:
        if (k % 12 == 0 && k < len * 2 / 3)
            fruit_cue(f, CUE_LADDER_TICK, AUDIO_UI);
        if (k == len * 2 / 5)
            fruit_shot_next(f, "risk");
        break;
    case FP_CAULDRONS:
        if (k == len / 5)
            fruit_shot(f, "cauldrons", -1);
        if (k == len * 3 / 5)
            fruit_shot(f, "shuffle", -1);
        break;
    case FP_LIDS:
        if (k == len * 2 / 5)
            fruit_shot(f, "lid", -1);
        if (k == len - 4)
            fruit_shot(f, "lids", -1);
        break;
    case FP_COLLECT:
        if (k % 4 == 0)
            fruit_cue(f, CUE_COUNT_UP, AUDIO_UI);
        if (k == len / 2)
            fruit_shot(f, "collect", -1);
        break;
    case FP_MINI:
        fruit_mini_tick(f, k);
        break;
    default:
        break;
    }
}

/* ---- the player's presses ------------------------------------------------------------------ */

static bool offered(const Fruit *f, CommandType t)
{
    return f->phase == FP_WAIT && (machine_allowed(f->m) & 1u << t);
}

static void pick_lid(Fruit *f, int lid)
{
    if (!offered(f, CMD_PICK) || lid < 0 || lid >= FR_REELS)
        return;
    f->lid_choice = lid;
    fruit_cue(f, CUE_BUTTON, AUDIO_UI);
    fruit_send(f, CMD_PICK, (uint32_t)lid);
    fruit_advance(f);
}

void fruit_begin_round(Fruit *f)
{
    if (fruit_start_round(f))
        fruit_advance(f);
}

void fruit_press_choice(Fruit *f, int i)
{
    i = fruit_mini_choice(f, i);
    if (i < 0)
        return;
    f->mini.hover = -1;
    fruit_cue(f, CUE_BUTTON, AUDIO_UI);
    fruit_send(f, CMD_PICK, (uint32_t)i);
    fruit_advance(f);
}

void fruit_press_reel(Fruit *f, int reel)
{
    if (reel < 0 || reel >= FR_REELS)
        return;
    if (f->mini.game) {
        const int i = fruit_mini_reel_choice(f, reel);
        if (i >= 0)
            fruit_press_choice(f, i);
    } else if (offered(f, CMD_HOLD)) {
        Offer o;
        machine_offer(f->m, &o);
        const uint32_t sel = f->hold_sel ^ (1u << reel);
        if (o.arg[CMD_HOLD].set >> sel & 1u) { /* at most two reels: the offer says which sets */
            f->hold_sel = sel;
            fruit_cue(f, CUE_HOLD, AUDIO_UI);
        }
    } else if (offered(f, CMD_ADVANCE)) {
        fruit_cue(f, CUE_BUTTON, AUDIO_UI);
        fruit_send(f, CMD_ADVANCE, (uint32_t)reel);
        fruit_advance(f);
    } else if (offered(f, CMD_PICK)) {
        pick_lid(f, reel);
    }
}

void fruit_press_play(Fruit *f)
{
    if (f->autoplay.active) { /* PLAY stops AUTO-PLAY */
        autospin_cancel(&f->autoplay);
        return;
    }
    if (f->phase == FP_IDLE && !f->round_active) {
        fruit_begin_round(f);
    } else if (f->phase == FP_SPIN) {
        reels_quick(f);
    } else if (offered(f, CMD_HOLD)) {
        fruit_cue(f, CUE_BUTTON, AUDIO_UI);
        fruit_send(f, CMD_HOLD, f->hold_sel);
        fruit_advance(f);
    } else if (offered(f, CMD_RISK)) {
        fruit_cue(f, CUE_BUTTON, AUDIO_UI);
        fruit_send(f, CMD_RISK, 0);
        fruit_advance(f);
    } else if (offered(f, CMD_PICK) && f->mini.game) {
        fruit_press_choice(f, -1);
    } else if (offered(f, CMD_PICK)) {
        pick_lid(f, 1); /* PLAY picks the middle lid */
    }
}

void fruit_press_collect(Fruit *f, bool all)
{
    if (!offered(f, CMD_COLLECT) || (all && !fruit_collect_all_offered(f)))
        return;
    fruit_cue(f, CUE_BUTTON, AUDIO_UI);
    fruit_send(f, CMD_COLLECT, all ? 1 : 0);
    fruit_advance(f);
}

void fruit_press_auto(Fruit *f)
{
    f->auto_adv = !f->auto_adv;
    fruit_cue(f, CUE_BUTTON, AUDIO_UI);
}

static bool idle(const Fruit *f)
{
    return f->phase == FP_IDLE && !f->round_active && !f->swapping && windows_shown(f->windows) == WINDOW_NONE;
}

static void choose_bet(Fruit *f, int64_t bet)
{
    if (!idle(f) || f->autoplay.active)
        return;
    if (fruit_set_bet(f, bet)) {
        fruit_cue(f, CUE_BUTTON, AUDIO_UI);
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
        if (!f->round_active)
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
            if (f->mini.game == MINI_FIND) /* Find the Prizes: an element by its number */
                fruit_press_choice(f, (int)(in->key - SDLK_1));
            break;
        case KEY_AUTO: fruit_press_auto(f); break;
        case KEY_COLLECT: fruit_press_collect(f, (in->mod & KEY_HELD) != 0); break; /* held: all */
        case KEY_GAME_CHANGE: fruit_game_change(f); break;
        case KEY_BET: step_bet(f); break;
        case KEY_AUTOPLAY: press_autoplay(f); break;
        case KEY_AUTORISK: f->auto_risk = !f->auto_risk; break;
        case KEY_BACK:
            if (!f->round_active)
                app_open(f->app, NULL);
            break;
        case KEY_PICKER: /* QA: force the next round */
            if (!f->round_active && f->phase == FP_IDLE)
                windows_open(f->windows, WINDOW_SCENARIOS);
            break;
        default: break;
        }
        return;
    }
    if (f->mini.game) { /* a basket, an element, a cap */
        const int i = fruit_mini_pointer(f, in);
        if (i >= 0)
            fruit_press_choice(f, i);
    } else if (offered(f, CMD_PICK) && f->lids_on) { /* a lid, or its cauldron's reel */
        int over = -1;
        for (int c = 0; c < FR_REELS; c++)
            if (in->x >= FR_REEL_X + c * FR_REEL_PITCH && in->x < FR_REEL_X + c * FR_REEL_PITCH + FR_CELL &&
                in->y >= FR_REEL_Y && in->y < FR_REEL_Y + FR_ROWS * FR_CELL)
                over = c;
        if (in->type == INPUT_MOVE)
            f->lid_hover = over;
        else if (in->type == INPUT_RELEASE && over >= 0)
            pick_lid(f, over);
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
    const uint32_t allowed = f->phase == FP_WAIT ? machine_allowed(f->m) : 0;
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
    if (f->phase != FP_WAIT || windows_shown(f->windows) || f->scripted || f->seat.replay ||
        app_options(f->app)->autoplay)
        return;
    const uint32_t allowed = machine_allowed(f->m);
    Command c;
    if ((allowed & 1u << CMD_ADVANCE) && f->auto_adv && since >= (uint64_t)APP_MS_TICKS(450)) {
        if (machine_choose(f->m, STRATEGY_AUTO, &c)) {
            if (c.type == CMD_ADVANCE)
                fruit_press_reel(f, (int)c.arg);
            else
                fruit_press_collect(f, false);
        }
    } else if ((allowed & 1u << CMD_RISK) && f->auto_risk && !f->mini.game && since >= (uint64_t)APP_MS_TICKS(900)) {
        fruit_press_play(f);
    } else if (f->autoplay.active && since >= (uint64_t)APP_MS_TICKS(2500)) {
        if (machine_choose(f->m, f->auto_risk ? STRATEGY_AUTO : STRATEGY_COLLECT, &c)) {
            if (c.type == CMD_HOLD) {
                f->hold_sel = c.arg;
                fruit_send(f, CMD_HOLD, c.arg);
            } else {
                fruit_send(f, c.type, c.arg);
            }
            fruit_advance(f);
        }
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
        fruit_message(f, "AUTO-PLAY STOPPED", false);
        fruit_message2(f, "THE BONUSES HELD NO LONGER COVER THE BET");
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
    if (f->phase != FP_IDLE && f->phase != FP_WAIT) {
        const uint64_t k = now - f->phase_t0;
        phase_tick(f, k);
        if (k >= (uint64_t)f->phase_len)
            phase_done(f);
    }
    fruit_update_buttons(f);
}
