/* slot.c - a line slot on screen (Mona Lisa Jewels): reels, wins, features, panels.
 *
 * The scene never decides an outcome. A player's SPIN becomes a machine command; the
 * events it returns are queued and played back as a timeline: reels spin and land on the
 * screen the event carries, each win is shown in turn, awards and feature banners play,
 * and at ROUND_END the round's win is credited. When the queue is empty and the round
 * waits, the scene offers what machine_allowed() allows: START for awarded free spins (the
 * player presses it; autoplay never does), and each free spin is then sent by the scene.
 *
 * Everything moves by ticks (60 Hz), never by the wall clock, so a headless run draws the
 * same pixels for the same scenario. Screenshots are taken at named moments. */
#include "slot_priv.h"
#include "opconfig.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- helpers ---------------------------------------------------------------------------- */

int slot_ticks(const Slot *s, ThemeTiming t) { return APP_MS_TICKS(s->th.timing_ms[t]); }

void slot_money_text(Money v, char *out, size_t size)
{
    char digits[32];
    Money a = v < 0 ? -v : v;
    snprintf(digits, sizeof digits, "%lld", (long long)(a / 100));
    char grouped[48];
    int n = (int)strlen(digits), j = 0;
    for (int i = 0; i < n; i++) {
        if (i && (n - i) % 3 == 0)
            grouped[j++] = ',';
        grouped[j++] = digits[i];
    }
    grouped[j] = 0;
    snprintf(out, size, "%s\xE2\x82\xAC%.40s.%02lld", v < 0 ? "-" : "", grouped, (long long)(a % 100));
}

void slot_amount_text(const Slot *s, Money v, char *out, size_t size)
{
    if (s->coins_view) {
        int64_t coin = s->bet.v[s->bi_coin];
        snprintf(out, size, "%lld", (long long)(v / coin));
    } else {
        slot_money_text(v, out, size);
    }
}

Money slot_bet_total(const Slot *s) { return machine_rules(s->m)->bet_total(&s->def, &s->bet); }

void slot_cue(Slot *s, ThemeCue c, AudioLayer layer)
{
    audio_play(app_audio(s->app), layer, s->th.cue[c]);
}

SDL_FRect slot_cell_rect(const Slot *s, int r, int c)
{
    return (SDL_FRect){(float)(s->th.reels_x + c * s->th.cell), (float)(s->th.reels_y + r * s->th.cell),
                       (float)s->th.cell, (float)s->th.cell};
}

static void set_phase(Slot *s, Phase p)
{
    s->phase = p;
    s->phase_t0 = app_tick(s->app);
}

static void shot(Slot *s, const char *moment, int k)
{
    char name[96];
    if (k >= 0)
        snprintf(name, sizeof name, "r%02d-s%02d-%s-%02d", s->round_no, s->spin_index, moment, k);
    else
        snprintf(name, sizeof name, "r%02d-s%02d-%s", s->round_no, s->spin_index, moment);
    app_shot(s->app, name);
}

/* ---- reels -------------------------------------------------------------------------------- */

static const ReelSet *reelset_for(const Slot *s, SpinKind kind)
{
    static const char *const names[SPIN__COUNT] = {"base", "free", "jewel"};
    const ReelSet *rs = gamedef_reelset(&s->def, names[kind]);
    return rs ? rs : &s->def.reelsets[0];
}

static bool reel_all_held(const Slot *s, int c)
{
    for (int r = 0; r < s->def.rows; r++)
        if (!(s->held & grid_bit(r, c)))
            return false;
    return true;
}

/* Sets every reel moving toward `target`; reel c lands at its own tick. The symbols that
 * fly by are the reel's strip around the stop the engine drew (cosmetic only). */
static void reels_start(Slot *s, const EventScreen *e)
{
    uint64_t now = app_tick(s->app);
    const ReelSet *rs = reelset_for(s, e->spin);
    int rows = s->def.rows, order = 0;
    for (int c = 0; c < s->def.cols; c++) {
        Reel *rl = &s->reel[c];
        if (reel_all_held(s, c)) {
            rl->moving = false;
            continue;
        }
        int len = rs->len[c], stop = e->stops[c] % (len ? len : 1);
        uint64_t t_stop = now + (uint64_t)slot_ticks(s, TIME_SPIN) + (uint64_t)(order++ * slot_ticks(s, TIME_REEL_GAP));
        int fill = (int)ceilf(SPEED * (float)(t_stop - now));
        if (fill + 2 * rows + 1 > BAND_MAX)
            fill = BAND_MAX - 2 * rows - 1;
        int n = 0;
        rl->band[n++] = rs->strip[c][(stop + len - 1) % len];
        for (int r = 0; r < rows; r++)
            rl->band[n++] = e->screen.cell[r][c];
        for (int k = 0; k < fill; k++)
            rl->band[n++] = rs->strip[c][(stop + rows + k) % len];
        for (int r = 0; r < rows; r++)
            rl->band[n++] = s->shown.cell[r][c];
        rl->nband = n;
        rl->t0 = now;
        rl->t_stop = t_stop;
        rl->speed = (float)(n - rows - 1) / (float)(t_stop - now);
        rl->moving = true;
        rl->landed_sound = false;
    }
}

/* Where the window's top is in the band, in cells (1 = the target), at tick t. */
static float reel_pos(const Slot *s, const Reel *rl, uint64_t t)
{
    if (t < rl->t_stop)
        return 1 + rl->speed * (float)(rl->t_stop - t);
    float b = (float)slot_ticks(s, TIME_BOUNCE), k = (float)(t - rl->t_stop);
    if (k >= b)
        return 1;
    return 1 - 0.16f * sinf(3.14159265f * k / b) * (1 - k / b); /* a small overshoot, settling */
}

static void reels_quick_stop(Slot *s)
{
    uint64_t now = app_tick(s->app);
    int order = 0;
    for (int c = 0; c < s->def.cols; c++) {
        Reel *rl = &s->reel[c];
        if (!rl->moving || rl->t_stop <= now)
            continue;
        uint64_t t = now + 1 + (uint64_t)(order++ * slot_ticks(s, TIME_QUICK_GAP));
        if (t < rl->t_stop) {
            /* keep the band: the window jumps within the blur, then lands */
            float pos = reel_pos(s, rl, now) - 1;
            rl->speed = pos / (float)(t - now);
            rl->t_stop = t;
        }
    }
    s->fast = true;
}

/* One tick of the reels; true when all have landed and bounced. */
static bool reels_update(Slot *s)
{
    uint64_t now = app_tick(s->app);
    bool done = true;
    for (int c = 0; c < s->def.cols; c++) {
        Reel *rl = &s->reel[c];
        if (!rl->moving)
            continue;
        if (now >= rl->t_stop && !rl->landed_sound) {
            rl->landed_sound = true;
            slot_cue(s, CUE_REEL_STOP, AUDIO_UI);
            int scatter = gamedef_symbol_with_role(&s->def, ROLE_SCATTER);
            for (int r = 0; r < s->def.rows; r++)
                if (rl->band[1 + r] == scatter) {
                    slot_cue(s, CUE_SCATTER, AUDIO_WINS);
                    s->scatters_landed++;
                }
            bool last = true;
            for (int k = c + 1; k < s->def.cols; k++)
                last &= !s->reel[k].moving;
            if (last)
                audio_stop_layer(app_audio(s->app), AUDIO_REELS);
        }
        if (now >= rl->t_stop + (uint64_t)slot_ticks(s, TIME_BOUNCE))
            rl->moving = false;
        else
            done = false;
    }
    return done;
}

/* ---- the timeline ------------------------------------------------------------------------- */

static void queue_events(Slot *s)
{
    Event e;
    while (machine_poll(s->m, &e))
        if (s->qlen < MAX_QUEUE)
            s->queue[(s->qhead + s->qlen++) % MAX_QUEUE] = e;
}

static bool queue_pop(Slot *s, Event *e)
{
    if (!s->qlen)
        return false;
    *e = s->queue[s->qhead];
    s->qhead = (s->qhead + 1) % MAX_QUEUE;
    s->qlen--;
    return true;
}

static const Event *queue_peek(const Slot *s)
{
    return s->qlen ? &s->queue[s->qhead] : NULL;
}

/* A player's command: journaled first (the SPIN by store_round_begin), then played.
 * `choice`: the tile picked, for a START that takes one. */
static void send_choice(Slot *s, CommandType type, int choice)
{
    Error err;
    Command cmd = {.type = type, .seed = s->round_seed, .choice = (uint8_t)choice};
    if (type != CMD_SPIN && store_round_command(app_store(s->app), s->round_id, &cmd, &err)) {
        app_fail(s->app, &err);
        return;
    }
    if (machine_command(s->m, &cmd, &err)) {
        app_fail(s->app, &err);
        return;
    }
    queue_events(s);
}

static void send(Slot *s, CommandType type) { send_choice(s, type, 0); }

static void show_banner(Slot *s, Banner b)
{
    s->banner = b;
    set_phase(s, PH_BANNER);
    switch (b) {
    case BANNER_AWARD:
    case BANNER_START:
        slot_cue(s, CUE_FEATURE_INTRO, AUDIO_WINS);
        break;
    case BANNER_OUTRO:
        slot_cue(s, CUE_FEATURE_OUTRO, AUDIO_WINS);
        break;
    case BANNER_BIG_WIN:
        slot_cue(s, CUE_WIN_BIG, AUDIO_WINS);
        break;
    case BANNER_JACKPOT:
        slot_cue(s, CUE_JACKPOT, AUDIO_WINS);
        break;
    }
}

static void meter_add(Slot *s, Money amount)
{
    Money cur = s->meter_to; /* a count still running jumps to its end */
    s->meter_from = cur;
    s->meter_to = cur + amount;
    s->meter_t0 = app_tick(s->app);
}

static Money meter_value(const Slot *s)
{
    uint64_t n = (uint64_t)slot_ticks(s, TIME_COUNT_UP), k = app_tick(s->app) - s->meter_t0;
    if (k >= n)
        return s->meter_to;
    return s->meter_from + (Money)((double)(s->meter_to - s->meter_from) * (double)k / (double)n);
}

static void notice(Slot *s, const char *text)
{
    s->notice = text;
    s->notice_t0 = app_tick(s->app);
}

static int forced_position(const Slot *s)
{
    return s->scripted ? s->sc.nspins - machine_forced_left(s->m) : 0;
}

/* The round's win is credited with its history row, meters and pool: one transaction. */
static void settle(Slot *s, Money total)
{
    const RoundSummary *sum = machine_summary(s->m);
    int features = 0;
    for (int f = 0; f < FEATURE__COUNT; f++)
        features += (int)sum->triggers[f];
    StoreSettle st = {.win = total, .free_spins = s->round_free_spins, .features = features,
                      .jackpots = (int)sum->jackpots, .jackpot_paid = sum->part[PART_JACKPOT],
                      .pool_added = sum->pool_added, .pool_paid = sum->pool_paid,
                      .pool_after = machine_pool_get(s->m),
                      .forced_after = forced_position(s)};
    Error err;
    if (store_round_settle(app_store(s->app), s->round_id, &st, &err)) {
        app_fail(s->app, &err);
        return;
    }
    bool was = s->autospin.active;
    autospin_round(&s->autospin, s->round_bet, total, s->round_jackpot);
    if (was && !s->autospin.active)
        notice(s, autospin_stop_text(s->autospin.stop));
    s->round_active = false;
    set_phase(s, PH_IDLE);
    s->win_at = 0;
    s->win_t0 = app_tick(s->app);
    shot(s, "end", -1);
}

/* Collects wins to show together into s->wins: `first` (already taken off the queue) or
 * none, then those queued after it. A line game shows a spin's wins together; a grid
 * game's clusters come together, and its expansion prize and scatter bonus each alone. */
static void add_win(Slot *s, const EventWin *w)
{
    if (s->nwins < MAX_WINS)
        s->wins[s->nwins++] = *w;
    s->spin_win += w->amount;
    if (w->kind == WIN_JACKPOT) {
        s->jackpot_pending = true;
        s->round_jackpot = true;
        s->jackpot_amount = w->amount;
    }
}

static void take_wins(Slot *s, const EventWin *first)
{
    s->nwins = 0;
    s->spin_win = 0;
    s->win_at = 0;
    if (first)
        add_win(s, first);
    const WinKind kind = first ? first->kind : WIN_CLUSTER; /* a grid game's group */
    const Event *p;
    Event e;
    while ((p = queue_peek(s)) && p->type == EVENT_WIN && (s->lines || p->win.kind == kind)) {
        queue_pop(s, &e);
        add_win(s, &e.win);
    }
}

/* The collected wins, one after another, with a sound by their size; the meter counts. */
static void show_wins(Slot *s)
{
    s->win_at = 0;
    s->win_t0 = app_tick(s->app);
    Money ratio100 = s->round_bet ? s->spin_win * 100 / s->round_bet : 0;
    slot_cue(s, ratio100 >= 1000 ? CUE_WIN_BIG : ratio100 >= 200 ? CUE_WIN_MEDIUM : CUE_WIN_SMALL,
             AUDIO_WINS);
    meter_add(s, s->spin_win);
    if (s->in_feature)
        s->feature_win += s->spin_win;
    set_phase(s, PH_WINS);
}

/* Takes the next event(s) off the queue and starts showing them. */
static void advance(Slot *s)
{
    Event e;
    for (;;) {
        if (!queue_pop(s, &e)) {
            s->recovering = false; /* the journal's events are all shown */
            if (!machine_in_round(s->m))
                return;
            uint32_t allowed = machine_allowed(s->m);
            if (allowed & 1u << CMD_START_FREE_SPINS) {
                s->pick_hover = -1;
                set_phase(s, s->pick_tiles ? PH_PICK : PH_AWAIT_START);
                return;
            }
            send(s, CMD_FREE_SPIN);
            continue;
        }
        switch (e.type) {
        case EVENT_ROUND_START:
            continue;
        case EVENT_EXPAND:
            s->expand = e.expand;
            slot_cue(s, CUE_EXPAND, AUDIO_WINS);
            set_phase(s, PH_EXPAND);
            return;
        case EVENT_SCREEN: {
            const EventScreen *sc = &e.screen;
            s->spin_kind = sc->spin;
            s->spin_index = sc->spin_index;
            s->round_free_spins = sc->spin_index;
            s->held = sc->held;
            s->fast = false;
            reels_start(s, sc);
            s->shown = sc->screen;
            s->free_left = sc->free_left;
            s->extra_left = sc->extra_left;
            /* spins this spin awards count only when their award is shown */
            for (int i = 0; i < s->qlen; i++) {
                const Event *q = &s->queue[(s->qhead + i) % MAX_QUEUE];
                if (q->type == EVENT_SCREEN)
                    break;
                if (q->type == EVENT_FEATURE_AWARD && q->award.feature == ML_FEATURE_JEWEL_SPINS)
                    s->extra_left -= q->award.spins;
                else if (q->type == EVENT_FEATURE_AWARD)
                    s->free_left -= q->award.spins;
            }
            s->scatters_landed = 0;
            /* this spin's wins follow its screen (a grid game's clusters; an expansion's
             * prize and the scatters' bonus come after, each shown on its own) */
            take_wins(s, NULL);
            audio_loop(app_audio(s->app), AUDIO_REELS, s->th.cue[CUE_SPIN]);
            set_phase(s, PH_SPINNING);
            return;
        }
        case EVENT_WIN: /* after an expansion: its prize; the scatters' bonus */
            take_wins(s, &e.win);
            show_wins(s);
            return;
        case EVENT_FEATURE_AWARD:
            s->banner_feature = e.award.feature;
            s->banner_spins = e.award.spins;
            s->free_left = e.award.free_left;
            s->extra_left = e.award.extra_left;
            s->banner_retrigger = e.award.retrigger;
            if (e.award.feature == ML_FEATURE_JEWEL_SPINS)
                slot_cue(s, CUE_JEWEL, AUDIO_WINS);
            show_banner(s, BANNER_AWARD);
            return;
        case EVENT_FEATURE_START:
            s->in_feature = true;
            s->feature_win = 0;
            if (e.feature_start.ntiles) { /* the tiles turn over, then START's banner */
                memcpy(s->tiles, e.feature_start.tiles, sizeof s->tiles);
                s->pick_choice = e.feature_start.choice;
                s->expanding = e.feature_start.expanding;
                slot_cue(s, CUE_PICK, AUDIO_WINS);
                set_phase(s, PH_REVEAL);
                return;
            }
            continue;
        case EVENT_FEATURE_END:
            s->banner_amount = e.feature_end.total_win;
            s->banner_spins = e.feature_end.spins_played;
            show_banner(s, BANNER_OUTRO);
            return;
        case EVENT_ROUND_END:
            s->round_win = e.round_end.total_win;
            s->in_feature = false;
            s->expanding = -1;
            s->held = 0;
            if (s->jackpot_pending) {
                s->jackpot_pending = false;
                show_banner(s, BANNER_JACKPOT);
                return;
            }
            if (s->round_win >= s->round_bet * s->th.big_win_x) {
                s->banner_amount = s->round_win;
                show_banner(s, BANNER_BIG_WIN);
                return;
            }
            settle(s, s->round_win);
            return;
        case EVENT__COUNT:
            continue;
        }
    }
}

static void start_round(Slot *s)
{
    Money bet = slot_bet_total(s);
    Store *store = app_store(s->app);
    if (app_balance(s->app) < bet) {
        if (s->scripted) {
            Error err;
            error_set(&err, "--balance: the balance is less than the bet of %s", s->sc.path);
            app_fail(s->app, &err);
            return;
        }
        s->overlay = OVERLAY_LOW_BALANCE;
        return;
    }
    /* round k of this cabinet's life; a scenario's first round uses the scenario's seed */
    int64_t k = store_rounds_begun(store);
    if (s->scripted)
        s->round_seed = k == 0 ? s->sc.seed : rng_round_seed(s->sc.seed, (uint64_t)k);
    else
        s->round_seed = app_next_seed(s->app);
    const GameRules *rules = machine_rules(s->m);
    StoreRound r = {.seed = s->round_seed, .bet = s->bet, .bet_total = bet, .has_pool = true,
                    .pool_before = machine_pool_get(s->m), .forced_from = forced_position(s),
                    .pool_seed = rules->pool_seed ? rules->pool_seed(&s->def) : 0};
    snprintf(r.game, sizeof r.game, "%s", s->def.id);
    snprintf(r.config, sizeof r.config, "%s", s->config);
    snprintf(r.game_hash, sizeof r.game_hash, "%s", s->def.hash);
    if (s->scripted)
        snprintf(r.scenario, sizeof r.scenario, "%s", s->sc.path);
    Error err;
    if (store_round_begin(store, &r, &s->round_id, &err)) {
        app_fail(s->app, &err);
        return;
    }
    s->round_bet = bet;
    s->round_no = (int)k + 1;
    s->round_active = true;
    s->round_win = 0;
    s->meter_from = s->meter_to = 0;
    s->meter_t0 = app_tick(s->app);
    s->jackpot_pending = false;
    s->round_jackpot = false;
    s->round_free_spins = 0;
    slot_cue(s, CUE_BUTTON, AUDIO_UI);
    send(s, CMD_SPIN);
    advance(s);
}

static void spin_done(Slot *s)
{
    shot(s, "reels", -1);
    if (s->nwins) {
        show_wins(s);
        return;
    }
    advance(s);
}

/* ---- input -------------------------------------------------------------------------------- */

static void step_bet(Slot *s, int option, int dir)
{
    if (s->round_active || s->overlay)
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
    Error err;
    if (machine_set_bet(s->m, &b, &err) == 0) {
        s->bet = b;
        slot_cue(s, CUE_BUTTON, AUDIO_UI);
        slot_settings_save(s);
    }
}

static void bet_max_spin(Slot *s)
{
    if (s->round_active)
        return;
    Bet b = s->bet;
    machine_rules(s->m)->bet_max(&s->def, &b);
    b.v[s->bi_coin] = s->bet.v[s->bi_coin]; /* BET MAX keeps the selected coin value */
    Error err;
    if (machine_set_bet(s->m, &b, &err) == 0) {
        s->bet = b;
        slot_settings_save(s);
    }
    start_round(s);
}

/* The minimum bet: every option at its smallest value. */
void slot_set_min_bet(Slot *s)
{
    Bet b = s->bet;
    for (int i = 0; i < s->def.nbet; i++)
        b.v[i] = s->def.bet[i].values[0];
    Error err;
    if (machine_set_bet(s->m, &b, &err) == 0)
        s->bet = b;
}

/* The player's pick before free spins: journaled with the tile, then played. */
static void pick(Slot *s, int tile)
{
    if (s->phase != PH_PICK || tile < 0 || tile >= s->pick_tiles)
        return;
    slot_cue(s, CUE_BUTTON, AUDIO_UI);
    send_choice(s, CMD_START_FREE_SPINS, tile);
    advance(s);
}

/* Spin / Stop / Skip / Start, by what is happening. */
static void press_main(Slot *s)
{
    switch (s->phase) {
    case PH_PICK: /* the pick is the player's: a tile, by click or by its number */
        break;
    case PH_EXPAND:
    case PH_REVEAL:
        s->phase_t0 = 0; /* skip the rest of the animation */
        break;
    case PH_IDLE:
        start_round(s);
        break;
    case PH_SPINNING:
        if (!s->fast)
            reels_quick_stop(s);
        break;
    case PH_WINS:
        s->win_at = s->nwins; /* skip the rest of the win show */
        s->meter_t0 = 0;
        break;
    case PH_AWAIT_START:
        slot_cue(s, CUE_BUTTON, AUDIO_UI);
        send(s, CMD_START_FREE_SPINS);
        show_banner(s, BANNER_START);
        break;
    case PH_BANNER:
        if (app_tick(s->app) - s->phase_t0 > 20)
            s->phase_t0 = 0; /* skip the rest of the banner */
        break;
    }
}

static void slot_input(void *self, const Input *in)
{
    Slot *s = self;
    Button *b = s->btn;
    if (s->overlay) {
        dialogs_input(s, in);
        return;
    }
    if (INPUT_IS_OPERATOR(in)) { /* the operator menu, which opens at its PIN door */
        if (!s->round_active) /* configuration and cash only between rounds */
            app_open(s->app, APP_OPERATOR);
        return;
    }
    if (s->phase == PH_PICK) {
        if (in->type == INPUT_MOVE)
            s->pick_hover = grid_pick_at(s, in->x, in->y);
        else if (in->type == INPUT_RELEASE)
            pick(s, grid_pick_at(s, in->x, in->y));
        else if (in->type == INPUT_KEY && in->key >= SDLK_1 && in->key <= SDLK_9)
            pick(s, (int)(in->key - SDLK_1));
    }
    if (in->type == INPUT_KEY) {
        if ((in->key == SDLK_SPACE && s->space_spins) || in->key == SDLK_RETURN ||
            in->key == SDLK_KP_ENTER)
            press_main(s);
        else if (in->key == SDLK_ESCAPE && !s->round_active)
            app_open(s->app, NULL);
        else if (in->key == SDLK_c && s->lines)
            s->coins_view = !s->coins_view;
        return;
    }
    if (button_input(&b[BTN_SPIN], in)) {
        if (!s->lines && s->autospin.active) /* the remaining-rounds counter on it */
            autospin_cancel(&s->autospin);
        else
            press_main(s);
    }
    if (button_input(&b[BTN_BET], in))
        dialogs_open(s, OVERLAY_BET);
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
    if (button_input(&b[BTN_AUTO], in)) {
        if (s->autospin.active)
            autospin_cancel(&s->autospin);
        else
            dialogs_open(s, OVERLAY_AUTO);
    }
    if (button_input(&b[BTN_INFO], in))
        dialogs_open(s, OVERLAY_PAYTABLE);
    if (button_input(&b[BTN_RULES], in))
        dialogs_open(s, OVERLAY_RULES);
    if (button_input(&b[BTN_HISTORY], in))
        dialogs_open(s, OVERLAY_HISTORY);
    if (button_input(&b[BTN_OPTIONS], in))
        dialogs_open(s, OVERLAY_OPTIONS);
    if (button_input(&b[BTN_SOUND], in))
        audio_set_muted(app_audio(s->app), !audio_muted(app_audio(s->app)));
    if (button_input(&b[BTN_FULL], in))
        app_toggle_fullscreen(s->app);
    if (button_input(&b[BTN_HOME], in))
        app_open(s->app, NULL);
    if (s->lines && in->type == INPUT_RELEASE && in->y > 1010 && in->x < 1560)
        s->coins_view = !s->coins_view; /* the info bar toggles currency / coins */
}

/* ---- update ------------------------------------------------------------------------------- */

static void update_buttons(Slot *s)
{
    Button *b = s->btn;
    bool idle = s->phase == PH_IDLE && !s->round_active && !s->overlay;
    b[BTN_SPIN].enabled = s->overlay == OVERLAY_NONE && s->phase != PH_BANNER;
    b[BTN_MAX].enabled = idle;
    b[BTN_COIN_DN].enabled = b[BTN_COIN_UP].enabled = idle;
    b[BTN_COINS_DN].enabled = b[BTN_COINS_UP].enabled = idle;
    b[BTN_LINES_DN].enabled = b[BTN_LINES_UP].enabled = idle;
    b[BTN_INFO].enabled = b[BTN_RULES].enabled = b[BTN_HISTORY].enabled = idle;
    b[BTN_OPTIONS].enabled = b[BTN_HOME].enabled = idle;
    b[BTN_AUTO].enabled = s->autospin.active || idle;
    b[BTN_BET].enabled = idle;
    b[BTN_SOUND].icon = audio_muted(app_audio(s->app)) ? s->ic_sound_off : s->ic_sound_on;
    b[BTN_SPIN].label = s->phase == PH_AWAIT_START ? "START" : NULL;
    if (s->lines) {
        if (s->autospin.active)
            snprintf(s->auto_label, sizeof s->auto_label, "STOP %d/%d", autospin_left(&s->autospin),
                     s->autospin.set.spins);
        else
            snprintf(s->auto_label, sizeof s->auto_label, "AUTO");
        b[BTN_AUTO].label = s->auto_label;
    } else {
        /* the rounds left show on the spin button, which stops autoplay */
        b[BTN_AUTO].enabled = idle;
        if (s->autospin.active) {
            snprintf(s->auto_label, sizeof s->auto_label, "%d", autospin_left(&s->autospin));
            b[BTN_SPIN].label = s->auto_label;
            b[BTN_SPIN].enabled = s->overlay == OVERLAY_NONE;
        }
        if (s->phase == PH_PICK)
            b[BTN_SPIN].enabled = s->autospin.active && s->overlay == OVERLAY_NONE;
    }
    dialogs_update_buttons(s);
}

/* Skips animations: a recovered round's replay, and headless autoplay. */
static void fast_forward(Slot *s)
{
    switch (s->phase) {
    case PH_SPINNING:
        if (!s->fast)
            reels_quick_stop(s);
        break;
    case PH_WINS:
        s->win_at = s->nwins;
        s->meter_t0 = 0;
        break;
    case PH_BANNER:
    case PH_EXPAND:
    case PH_REVEAL:
        s->phase_t0 = 0;
        break;
    case PH_IDLE:
    case PH_AWAIT_START:
    case PH_PICK:
        break;
    }
}

/* The tile a headless run picks: the game's own automatic play, the strategy slotsim plays
 * too (Gonzo's Gold: the middle tile; the pick only places the symbol). */
static int scripted_tile(Slot *s)
{
    Command c;
    return machine_choose(s->m, STRATEGY_AUTO, &c) && c.type == CMD_START_FREE_SPINS ? c.choice : 0;
}

/* --autoplay N: N rounds through the store, as fast as the timeline allows, starting free
 * spins itself (the soak and kill-test driver). */
static void autoplay_step(Slot *s, int rounds)
{
    fast_forward(s);
    if (s->phase == PH_AWAIT_START) {
        press_main(s);
        return;
    }
    if (s->phase == PH_PICK) {
        pick(s, scripted_tile(s));
        return;
    }
    if (s->phase != PH_IDLE || s->round_active)
        return;
    if (s->autoplayed >= rounds) {
        app_quit(s->app, 0);
        return;
    }
    if (app_balance(s->app) < slot_bet_total(s)) {
        Error err;
        error_set(&err, "--autoplay: the balance %lld is less than the bet %lld", (long long)app_balance(s->app),
                  (long long)slot_bet_total(s));
        app_fail(s->app, &err);
        return;
    }
    s->autoplayed++;
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
    uint64_t since = app_tick(s->app) - s->phase_t0;
    if (s->phase == PH_AWAIT_START && since >= (uint64_t)APP_MS_TICKS(800)) {
        press_main(s);
        return;
    }
    if (s->phase == PH_PICK) {
        if (since == (uint64_t)APP_MS_TICKS(600))
            shot(s, "pick", -1);
        if (since >= (uint64_t)APP_MS_TICKS(1000))
            pick(s, scripted_tile(s));
        return;
    }
    if (s->phase != PH_IDLE || s->round_active)
        return;
    if (o->bench_frames) {
        if (since >= 30) {
            if (app_balance(s->app) < slot_bet_total(s)) /* the benchmark never runs dry */
                store_credit_in(app_store(s->app), 100000000, "benchmark", NULL);
            start_round(s);
        }
        return;
    }
    if (since < (uint64_t)APP_MS_TICKS(1500) && s->round_no > 0)
        return; /* let the last wins show once */
    if (s->round_no == 0 || machine_forced_left(s->m) > 0) {
        start_round(s);
        return;
    }
    static const struct { const char *name; Overlay o; int pages; } pages[] = {
        {"paytable", OVERLAY_PAYTABLE, -1}, {"rules", OVERLAY_RULES, 1},
        {"history", OVERLAY_HISTORY, 1}, {"options", OVERLAY_OPTIONS, 1},
        {"autospin", OVERLAY_AUTO, 1}, {"recall", OVERLAY_RECALL, 0}, {"bet", OVERLAY_BET, 1},
    }; /* pages: one picture each; -1: as many as the game's window has */
    int want = -1;
    for (size_t i = 0; o->open && i < SDL_arraysize(pages); i++)
        if (!strcmp(o->open, pages[i].name))
            want = (int)i;
    if (want >= 0 && s->pages_left == 0 && s->overlay == OVERLAY_NONE) {
        if (pages[want].o == OVERLAY_RECALL) {
            /* the newest round, one picture per spin */
            dialogs_open(s, OVERLAY_HISTORY);
            dialogs_recall(s, 0);
            s->pages_left = s->recall_nspins ? s->recall_nspins : 1;
        } else {
            dialogs_open(s, pages[want].o);
            s->pages_left = pages[want].pages < 0 ? dialogs_pages(s, pages[want].o) : pages[want].pages;
        }
        update_buttons(s);
    }
    if (want >= 0 && s->overlay == pages[want].o) {
        bool recall = pages[want].o == OVERLAY_RECALL;
        int *at = recall ? &s->recall_spin : &s->page;
        char name[32];
        if (pages[want].pages != 1)
            snprintf(name, sizeof name, "%s-%d", o->open, *at + 1);
        else
            snprintf(name, sizeof name, "%s", o->open);
        app_shot(s->app, name);
        ++*at;
        if (--s->pages_left > 0)
            return;
    }
    app_quit(s->app, 0);
}

/* Autospin plays the next round when the last one has shown its wins for a moment; it
 * never presses START for free spins. */
static void auto_step(Slot *s)
{
    if (!s->autospin.active || s->phase != PH_IDLE || s->round_active || s->overlay)
        return;
    uint64_t since = app_tick(s->app) - s->phase_t0;
    if (since < (uint64_t)APP_MS_TICKS(s->nwins ? 900 : 300))
        return;
    if (autospin_next(&s->autospin, slot_bet_total(s), app_balance(s->app)))
        start_round(s);
    else if (s->autospin.stop != AUTOSPIN_DONE)
        notice(s, autospin_stop_text(s->autospin.stop));
}

static void slot_update(void *self)
{
    Slot *s = self;
    uint64_t now = app_tick(s->app);
    auto_step(s);
    if (s->recovering)
        fast_forward(s);
    if (s->scripted || app_options(s->app)->bench_frames || app_options(s->app)->autoplay)
        script_step(s);
    switch (s->phase) {
    case PH_IDLE:
    case PH_AWAIT_START:
    case PH_PICK:
        break;
    case PH_EXPAND: {
        uint64_t len = (uint64_t)grid_expand_ticks(s);
        if (now - s->phase_t0 == len - 20)
            shot(s, "expand", -1);
        if (now - s->phase_t0 >= len) {
            s->shown = s->expand.screen;
            advance(s);
        }
        break;
    }
    case PH_REVEAL:
        if (now - s->phase_t0 == (uint64_t)grid_reveal_ticks() - 10)
            shot(s, "reveal", -1);
        if (now - s->phase_t0 >= (uint64_t)grid_reveal_ticks())
            show_banner(s, BANNER_START);
        break;
    case PH_SPINNING:
        if (reels_update(s))
            spin_done(s);
        break;
    case PH_WINS: {
        uint64_t each = (uint64_t)slot_ticks(s, TIME_WIN);
        if (s->win_at < s->nwins && now - s->win_t0 == each * 2 / 5) {
            WinKind k = s->wins[s->win_at].kind;
            shot(s, k == WIN_EXPANDING ? "prize" : k == WIN_BONUS ? "bonus" : "win", s->win_at + 1);
        }
        if (s->win_at < s->nwins && now - s->win_t0 >= each) {
            s->win_at++;
            s->win_t0 = now;
            if (s->win_at < s->nwins)
                slot_cue(s, CUE_COUNT_UP, AUDIO_UI);
        }
        if (s->win_at >= s->nwins)
            advance(s);
        break;
    }
    case PH_BANNER: {
        uint64_t len = (uint64_t)slot_ticks(s, s->banner == BANNER_BIG_WIN || s->banner == BANNER_JACKPOT
                                                 ? TIME_BIG_WIN : TIME_BANNER);
        if (now - s->phase_t0 == len / 2) {
            static const char *const names[] = {"award", "start", "outro", "bigwin", "jackpot"};
            const char *name = names[s->banner];
            if (s->banner == BANNER_AWARD)
                name = s->banner_feature == ML_FEATURE_JEWEL_SPINS ? "award-jewel"
                       : s->banner_retrigger ? "retrigger" : "award-free";
            shot(s, name, -1);
        }
        if (now - s->phase_t0 >= len) {
            if (s->banner == BANNER_BIG_WIN || s->banner == BANNER_JACKPOT) {
                if (s->banner == BANNER_JACKPOT && s->round_win >= s->round_bet * s->th.big_win_x &&
                    s->round_win > s->jackpot_amount) {
                    s->banner_amount = s->round_win;
                    show_banner(s, BANNER_BIG_WIN);
                    break;
                }
                settle(s, s->round_win);
            } else {
                advance(s);
            }
        }
        break;
    }
    }
    update_buttons(s);
}

/* ---- drawing ------------------------------------------------------------------------------ */

static const SDL_Color WHITE = {255, 255, 255, 255};

/* A symbol in its cell: an opaque tile copied as it is, darkened, or (a winning symbol)
 * the bare cell with the symbol pulsing on it. */
void slot_draw_cell(Slot *s, int sym, float x, float y, CellLook look, float zoom)
{
    Gfx *g = app_gfx(s->app);
    float c = (float)s->th.cell;
    if (look == CELL_PULSE) {
        gfx_image(g, s->cell, x, y, 0, 0, 1);
        gfx_image_zoom(g, s->sym[sym], x + c / 2, y + c / 2, zoom, 1);
    } else {
        gfx_image(g, look == CELL_DIM ? s->tile_dim[sym] : look == CELL_VEIL ? s->tile_veil[sym] : s->tile[sym],
                  x, y, 0, 0, 1);
    }
}

static float line_badge_y(const Slot *s, int line)
{
    int per_side = (s->def.nlines + 1) / 2;
    int k = line < per_side ? line : line - per_side;
    float top = (float)s->th.reels_y + 8, span = (float)(s->def.rows * s->th.cell) - 16;
    return top + span * ((float)k + 0.5f) / (float)per_side;
}

static float line_badge_x(const Slot *s, int line)
{
    int per_side = (s->def.nlines + 1) / 2;
    /* outside the reel frame (40 px wide) */
    return line < per_side ? (float)s->th.reels_x - 70
                           : (float)(s->th.reels_x + s->def.cols * s->th.cell) + 70;
}

static void draw_line_path(Slot *s, int line, SDL_Color col, float width)
{
    SDL_FPoint p[COLS_MAX + 2];
    int n = 0;
    float c = (float)s->th.cell;
    int per_side = (s->def.nlines + 1) / 2;
    bool left = line < per_side;
    float bx = line_badge_x(s, line), by = line_badge_y(s, line);
    if (left)
        p[n++] = (SDL_FPoint){bx + 24, by};
    for (int k = 0; k < s->def.cols; k++)
        p[n++] = (SDL_FPoint){(float)s->th.reels_x + c * ((float)k + 0.5f),
                              (float)s->th.reels_y + c * ((float)s->def.lines[line][k] + 0.5f)};
    if (!left)
        p[n++] = (SDL_FPoint){bx - 24, by};
    Gfx *g = app_gfx(s->app);
    gfx_polyline(g, p, n, width + 6, (SDL_Color){20, 8, 4, 160});
    gfx_polyline(g, p, n, width, col);
}

SDL_Color slot_line_color(const Slot *s, int line)
{
    return s->th.line[line % s->th.nline_colors];
}

/* The line badges (46 px, the lit one larger), a column each side of the reels, cached as
 * the panel is: they change with the lines played and the line lit. */
static void draw_line_badges(Slot *s, int lit)
{
    Gfx *g = app_gfx(s->app);
    const int active = (int)s->bet.v[s->bi_lines], per_side = (s->def.nlines + 1) / 2;
    uint64_t key = gfx_hash(GFX_HASH_START, &active, sizeof active);
    key = gfx_hash(key, &lit, sizeof lit);
    for (int side = 0; side < 2; side++) {
        const int first = side ? per_side : 0, last = side ? s->def.nlines : per_side;
        if (first >= last)
            continue;
        const float x = line_badge_x(s, first), half = 46 * 1.15f / 2 + 2;
        const SDL_FRect area = {x - half, line_badge_y(s, first) - half, 2 * half,
                                line_badge_y(s, last - 1) - line_badge_y(s, first) + 2 * half};
        if (!gfx_cache_begin(g, &s->badge_cache[side], area, key))
            continue;
        gfx_image(g, s->backdrop, 0, 0, 0, 0, 1);
        for (int l = first; l < last; l++)
            gfx_image_zoom(g, s->badge[l < active][l], line_badge_x(s, l), line_badge_y(s, l),
                           l == lit ? 1.15f : 1.0f, 1);
        gfx_cache_end(g, &s->badge_cache[side]);
    }
}

static void draw_reels(Slot *s)
{
    Gfx *g = app_gfx(s->app);
    uint64_t now = app_tick(s->app);
    float c = (float)s->th.cell;
    int rows = s->def.rows;
    SDL_FRect win = {(float)s->th.reels_x, (float)s->th.reels_y, c * (float)s->def.cols, c * (float)rows};
    gfx_clip(g, &win);
    const EventWin *w = (s->phase == PH_WINS || s->phase == PH_IDLE) && s->nwins
                            ? &s->wins[s->win_at % (s->nwins ? s->nwins : 1)] : NULL;
    if (s->phase == PH_WINS && s->win_at >= s->nwins)
        w = NULL;
    float pulse = 1.0f + 0.07f * sinf((float)(now - s->win_t0) * 0.21f);
    for (int col = 0; col < s->def.cols; col++) {
        const Reel *rl = &s->reel[col];
        float x = win.x + c * (float)col;
        if (rl->moving) {
            float pos = reel_pos(s, rl, now);
            int first = (int)floorf(pos);
            for (int i = first; i <= first + rows && i < rl->nband; i++) {
                if (i < 0)
                    continue;
                float y = win.y + ((float)i - pos) * c;
                slot_draw_cell(s, rl->band[i], x, roundf(y), CELL_NORMAL, 1);
            }
            continue;
        }
        /* under a banner the reels are darkened with the dim tiles, not by blending a veil */
        bool veiled = s->phase == PH_BANNER || s->phase == PH_AWAIT_START || s->phase == PH_PICK ||
                      s->phase == PH_REVEAL;
        for (int r = 0; r < rows; r++) {
            bool in_win = w && (w->cells & grid_bit(r, col));
            slot_draw_cell(s, s->shown.cell[r][col], x, win.y + c * (float)r,
                      in_win ? CELL_PULSE : veiled ? CELL_VEIL : w ? CELL_DIM : CELL_NORMAL, pulse);
        }
    }
    /* held cells stay put over spinning reels */
    for (int r = 0; r < rows; r++)
        for (int col = 0; col < s->def.cols; col++) {
            if (!(s->held & grid_bit(r, col)))
                continue;
            SDL_FRect cr = slot_cell_rect(s, r, col);
            if (s->reel[col].moving)
                slot_draw_cell(s, s->shown.cell[r][col], cr.x, cr.y, CELL_NORMAL, 1);
            gfx_frame(g, (SDL_FRect){cr.x + 4, cr.y + 4, cr.w - 8, cr.h - 8}, 5,
                      (SDL_Color){120, 220, 255, 230});
        }
    /* a grid game counts its scatters as they land: each one ringed */
    int scatter = gamedef_symbol_with_role(&s->def, ROLE_SCATTER);
    if (!s->lines && scatter >= 0 && (s->phase == PH_SPINNING || s->phase == PH_WINS))
        for (int col = 0; col < s->def.cols; col++) {
            if (s->reel[col].moving && now < s->reel[col].t_stop)
                continue;
            for (int r = 0; r < rows; r++)
                if (s->shown.cell[r][col] == scatter) {
                    SDL_FRect cr = slot_cell_rect(s, r, col);
                    float a = 0.6f + 0.4f * sinf((float)now * 0.25f);
                    SDL_Color ring = s->th.accent;
                    ring.a = (Uint8)(255 * a);
                    gfx_frame(g, (SDL_FRect){cr.x + 3, cr.y + 3, cr.w - 6, cr.h - 6}, 4, ring);
                }
        }
    if (s->spin_kind == ML_SPIN_JEWEL && s->held) {
        for (int col = 0; col < s->def.cols; col++)
            if (reel_all_held(s, col))
                gfx_image(g, s->ic_lock, win.x + c * (float)col + c - 70, win.y + 6, 0, 0, 1);
    }
    gfx_clip(g, NULL);
}

static void draw_win(Slot *s)
{
    if (!s->nwins || (s->phase != PH_WINS && s->phase != PH_IDLE))
        return;
    if (s->phase == PH_WINS && s->win_at >= s->nwins)
        return;
    Gfx *g = app_gfx(s->app);
    const EventWin *w = &s->wins[s->win_at % s->nwins];
    if (w->kind == WIN_EXPANDING) {
        grid_draw_expanding_prize(s, w);
        return;
    }
    if (w->kind == WIN_CLUSTER || (!s->lines && w->kind == WIN_BONUS)) {
        grid_draw_cluster(s, w, w->kind == WIN_BONUS ? s->th.accent : slot_line_color(s, w->symbol));
        return;
    }
    SDL_Color col = w->line ? slot_line_color(s, w->line - 1) : s->th.accent;
    if (w->line)
        draw_line_path(s, w->line - 1, col, 8);
    int last_r = 0, last_c = 0;
    for (int r = 0; r < s->def.rows; r++)
        for (int c = 0; c < s->def.cols; c++)
            if (w->cells & grid_bit(r, c)) {
                SDL_FRect cr = slot_cell_rect(s, r, c);
                gfx_frame(g, (SDL_FRect){cr.x + 6, cr.y + 6, cr.w - 12, cr.h - 12}, 6, col);
                if (c >= last_c) {
                    last_c = c;
                    last_r = r;
                }
            }
    /* the amount, on a plate beside the combination */
    char amount[48], text[96];
    slot_amount_text(s, w->amount, amount, sizeof amount);
    if (w->kind == WIN_JACKPOT)
        snprintf(text, sizeof text, "JACKPOT  %s", amount);
    else if (w->kind == WIN_SCATTER)
        snprintf(text, sizeof text, "%d SCATTERS  %s", w->count, amount);
    else if (w->multiplier > 1)
        snprintf(text, sizeof text, "LINE %d  \xC3\x97%u  %s", w->line, w->multiplier, amount);
    else
        snprintf(text, sizeof text, "LINE %d  %s", w->line, amount);
    SDL_FRect cr = slot_cell_rect(s, last_r, last_c);
    float tw = gfx_text_width(g, s->f_mid, text) + 40;
    float x = cr.x + cr.w / 2 - tw / 2, y = cr.y + cr.h / 2 - 30;
    float right = (float)(s->th.reels_x + s->def.cols * s->th.cell);
    if (x + tw > right - 8)
        x = right - 8 - tw;
    if (x < (float)s->th.reels_x + 8)
        x = (float)s->th.reels_x + 8;
    gfx_rect(g, (SDL_FRect){x, y, tw, 60}, (SDL_Color){20, 8, 6, 225});
    gfx_frame(g, (SDL_FRect){x, y, tw, 60}, 3, col);
    gfx_text_shadow(g, s->f_mid, x + tw / 2, y + 8, GFX_CENTER, WHITE, text);
}

/* The band across the canvas that holds buttons first..last and the `nextra` in extra[],
 * and the rows top..bottom. */
static SDL_FRect band_of(const Slot *s, int first, int last, const int *extra, int nextra,
                         float top, float bottom)
{
    for (int i = first; i <= last + nextra; i++) {
        const SDL_FRect *r = &s->btn[i <= last ? i : extra[i - last - 1]].r;
        top = r->y < top ? r->y : top;
        bottom = r->y + r->h > bottom ? r->y + r->h : bottom;
    }
    return (SDL_FRect){0, top, GFX_W, bottom - top};
}

/* A grid game's panel: the bet with its steppers, Bet Settings and AutoPlay, the win meter
 * in a box of its own, and balance and bet below. Cached as the line game's panel is. */
static SDL_FRect draw_panel_grid(Slot *s)
{
    Gfx *g = app_gfx(s->app);
    const float top = GRID_PANEL_Y;
    char bet[48];
    slot_money_text(s->bet.v[s->bi_coin], bet, sizeof bet);
    uint64_t key = gfx_hash_str(GFX_HASH_START, bet);
    static const int btns[] = {BTN_COIN_DN, BTN_COIN_UP, BTN_BET, BTN_AUTO, BTN_SPIN};
    for (size_t i = 0; i < SDL_arraysize(btns); i++)
        key = button_hash(key, &s->btn[btns[i]]);
    const SDL_FRect area = {0, top, GFX_W, GFX_H - top};
    if (gfx_cache_begin(g, &s->panel_cache, area, key)) {
        gfx_image(g, s->backdrop, 0, 0, 0, 0, 1);
        gfx_text_shadow(g, s->f_mid, 315, top + 78, GFX_CENTER, s->th.text, bet);
        for (size_t i = 0; i < SDL_arraysize(btns); i++)
            button_draw(g, &s->btn[btns[i]]);
        gfx_cache_end(g, &s->panel_cache);
    }
    /* the win meter (it counts up) and the balance line, each cached on its own */
    char win[48], bal[48], line[128];
    slot_amount_text(s, meter_value(s), win, sizeof win);
    const SDL_FRect wbox = {1165, top + 50, 470, 96};
    if (gfx_cache_begin(g, &s->info_cache, wbox, gfx_hash_str(GFX_HASH_START, win))) {
        gfx_image(g, s->backdrop, 0, 0, 0, 0, 1);
        gfx_text(g, s->f_tiny, wbox.x + wbox.w / 2, wbox.y + 4, GFX_CENTER, s->th.dim, "WIN");
        gfx_text_shadow(g, s->f_big, wbox.x + wbox.w / 2, wbox.y + 28, GFX_CENTER, s->th.accent, win);
        gfx_cache_end(g, &s->info_cache);
    }
    slot_money_text(app_balance(s->app), bal, sizeof bal);
    slot_money_text(s->round_active ? s->round_bet : slot_bet_total(s), bet, sizeof bet);
    snprintf(line, sizeof line, "BALANCE  %s        BET  %s", bal, bet);
    const SDL_FRect strip = {0, top + 160, 1660, GFX_H - (top + 160)};
    if (gfx_cache_begin(g, &s->info2_cache, strip, gfx_hash_str(GFX_HASH_START, line))) {
        gfx_image(g, s->backdrop, 0, 0, 0, 0, 1);
        gfx_text(g, s->f_small, 350, strip.y + 6, GFX_RIGHT, s->th.dim, "BALANCE");
        gfx_text_shadow(g, s->f_small, 365, strip.y + 6, GFX_LEFT, s->th.text, bal);
        gfx_text(g, s->f_small, 960, strip.y + 6, GFX_RIGHT, s->th.dim, "BET");
        gfx_text_shadow(g, s->f_small, 975, strip.y + 6, GFX_LEFT, s->th.text, bet);
        gfx_cache_end(g, &s->info2_cache);
    }
    return area;
}

/* The control panel: its buttons and bet values change only when the player acts, so they
 * are drawn once into a cached picture with the backdrop under them (see gfx_cache_begin);
 * the info bar below, whose win meter counts up, has a cached band of its own over it.
 * Returns the band the panel covers. */
static SDL_FRect draw_panel(Slot *s)
{
    if (!s->lines)
        return draw_panel_grid(s);
    Gfx *g = app_gfx(s->app);
    SDL_Color text = s->th.text, acc = s->th.accent, dim = s->th.dim;
    int opts[3] = {s->bi_coin, s->bi_coins, s->bi_lines};
    char v[3][48];
    uint64_t key = GFX_HASH_START;
    for (int i = 0; i < 3; i++) {
        if (i == 0)
            slot_money_text(s->bet.v[opts[i]], v[i], sizeof v[i]);
        else
            snprintf(v[i], sizeof v[i], "%lld", (long long)s->bet.v[opts[i]]);
        key = gfx_hash_str(key, v[i]);
    }
    static const int more[] = {BTN_MAX, BTN_AUTO, BTN_SPIN};
    for (int i = BTN_COIN_DN; i <= BTN_LINES_UP; i++)
        key = button_hash(key, &s->btn[i]);
    for (int i = 0; i < 3; i++)
        key = button_hash(key, &s->btn[more[i]]);
    SDL_FRect area = band_of(s, BTN_COIN_DN, BTN_LINES_UP, more, 3, GFX_H, GFX_H);
    area.h = GFX_H - area.y;
    if (gfx_cache_begin(g, &s->panel_cache, area, key)) {
        gfx_image(g, s->backdrop, 0, 0, 0, 0, 1);
        for (int i = 0; i < 3; i++)
            gfx_text_shadow(g, s->f_mid, 90 + (float)i * 380 + 110, 960, GFX_CENTER, text, v[i]);
        for (int i = BTN_COIN_DN; i <= BTN_LINES_UP; i++)
            button_draw(g, &s->btn[i]);
        for (int i = 0; i < 3; i++)
            button_draw(g, &s->btn[more[i]]);
        gfx_cache_end(g, &s->panel_cache);
    }
    /* the info bar: bet, balance and win in currency (or coins), in a band of its own left
     * of the spin button, so that a counting win meter redraws only that */
    char bet[48], bal[48], win[48];
    slot_amount_text(s, s->round_active ? s->round_bet : slot_bet_total(s), bet, sizeof bet);
    slot_amount_text(s, app_balance(s->app), bal, sizeof bal);
    slot_amount_text(s, meter_value(s), win, sizeof win);
    key = gfx_hash_str(gfx_hash_str(gfx_hash_str(GFX_HASH_START, bet), bal), win);
    key = gfx_hash(key, &s->coins_view, sizeof s->coins_view);
    const float y = 1030;
    const SDL_FRect bar = {0, y - 12, s->btn[BTN_SPIN].r.x - 10, GFX_H - (y - 12)};
    if (gfx_cache_begin(g, &s->info_cache, bar, key)) {
        gfx_image(g, s->backdrop, 0, 0, 0, 0, 1);
        gfx_text(g, s->f_small, 200, y, GFX_RIGHT, dim, s->coins_view ? "BET (coins)" : "BET");
        gfx_text_shadow(g, s->f_small, 215, y, GFX_LEFT, text, bet);
        gfx_text(g, s->f_small, 700, y, GFX_RIGHT, dim, s->coins_view ? "CREDIT" : "BALANCE");
        gfx_text_shadow(g, s->f_small, 715, y, GFX_LEFT, text, bal);
        gfx_text(g, s->f_small, 1160, y, GFX_RIGHT, dim, s->coins_view ? "WIN (coins)" : "WIN");
        gfx_text_shadow(g, s->f_small, 1175, y, GFX_LEFT, acc, win);
        gfx_cache_end(g, &s->info_cache);
    }
    return area;
}

/* The top bar: the jackpot meter and the round buttons, cached as the panel is. Returns the
 * band it covers. */
static SDL_FRect draw_top(Slot *s)
{
    Gfx *g = app_gfx(s->app);
    char jp[48];
    slot_money_text(machine_pool_value(s->m), jp, sizeof jp);
    uint64_t key = gfx_hash_str(GFX_HASH_START, jp);
    for (int i = BTN_INFO; i <= BTN_HOME; i++)
        key = button_hash(key, &s->btn[i]);
    SDL_FRect area = band_of(s, BTN_INFO, BTN_HOME, NULL, 0, 0, 88 + gfx_font_height(g, s->f_big) + 6);
    if (gfx_cache_begin(g, &s->top_cache, area, key)) {
        gfx_image(g, s->backdrop, 0, 0, 0, 0, 1);
        if (s->th.art[ART_JACKPOT_METER][0])
            gfx_text_shadow(g, s->f_big, 960, 88, GFX_CENTER, s->th.accent, jp);
        for (int i = BTN_INFO; i <= BTN_HOME; i++)
            button_draw(g, &s->btn[i]);
        gfx_cache_end(g, &s->top_cache);
    }
    return area;
}

/* The free-spin counters (right) and, in normal free spins, the wild multipliers (left):
 * boxes over the backdrop, cached as the panel is. */
/* A grid game's boxes: the scatters counted in this spin (left), and in free spins the
 * expanding symbol (left) and the spins left with the feature's win (right). */
static void draw_side_grid(Slot *s)
{
    Gfx *g = app_gfx(s->app);
    const SDL_FRect left = {30, 300, 250, 300}, right = {1640, 300, 250, 300};
    int scatter = gamedef_symbol_with_role(&s->def, ROLE_SCATTER);
    const int lstate[] = {s->scatters_landed, s->expanding, s->in_feature};
    if (gfx_cache_begin(g, &s->side_cache[1], left, gfx_hash(GFX_HASH_START, lstate, sizeof lstate))) {
        gfx_image(g, s->backdrop, 0, 0, 0, 0, 1);
        char n[16];
        float cx = left.x + left.w / 2;
        if (s->expanding >= 0) {
            gfx_text(g, s->f_tiny, cx, left.y + 24, GFX_CENTER, s->th.dim, "EXPANDING SYMBOL");
            gfx_image_zoom(g, s->sym_small[s->expanding], cx, left.y + 128, 0.95f, 1);
            gfx_text_shadow(g, s->f_small, cx, left.y + 200, GFX_CENTER, s->th.accent,
                            s->def.symbols[s->expanding].name);
        } else {
            gfx_text(g, s->f_tiny, cx, left.y + 24, GFX_CENTER, s->th.dim, "SCATTERS");
            if (scatter >= 0)
                gfx_image_zoom(g, s->sym_small[scatter], cx, left.y + 115, 0.75f, 1);
            snprintf(n, sizeof n, "%d", s->scatters_landed);
            gfx_text_shadow(g, s->f_big, cx, left.y + 172, GFX_CENTER,
                            s->scatters_landed >= 3 ? s->th.accent : s->th.text, n);
        }
        gfx_text(g, s->f_tiny, cx, left.y + 240, GFX_CENTER, s->th.dim,
                 s->expanding >= 0 ? "covers rows, reels" : "3+ start free spins");
        gfx_cache_end(g, &s->side_cache[1]);
    }
    if (!s->in_feature && s->phase != PH_PICK && s->phase != PH_REVEAL) {
        /* between features: what the scatters award */
        if (gfx_cache_begin(g, &s->side_cache[0], right, GFX_HASH_START)) {
            gfx_image(g, s->backdrop, 0, 0, 0, 0, 1);
            float cx = right.x + right.w / 2;
            const GameParam *fs = gamedef_param(&s->def, "free_spins");
            char t[48];
            gfx_text(g, s->f_tiny, cx, right.y + 24, GFX_CENTER, s->th.dim, "FREE SPINS");
            snprintf(t, sizeof t, "%lld", (long long)(fs ? fs->v[0] : 0));
            gfx_text_shadow(g, s->f_huge, cx, right.y + 50, GFX_CENTER, s->th.accent, t);
            gfx_text(g, s->f_tiny, cx, right.y + 168, GFX_CENTER, s->th.dim, "AND A BONUS PRIZE");
            /* the scatters' pays are in coins of the bet */
            const GameParam *coins = gamedef_param(&s->def, "bet_coins");
            for (int n = 3, k = 0; scatter >= 0 && n <= s->def.cols * s->def.rows && k < 3; n++) {
                int32_t p = s->def.pays.pay[scatter][n];
                if (p <= 0 || !coins || coins->v[0] <= 0)
                    continue;
                snprintf(t, sizeof t, "%d  \xC3\x97%lld BET", n, (long long)(p / coins->v[0]));
                gfx_text(g, s->f_tiny, cx, right.y + 196 + (float)k++ * 24, GFX_CENTER, s->th.text, t);
            }
            gfx_cache_end(g, &s->side_cache[0]);
        }
        return;
    }
    char fw[48];
    slot_amount_text(s, s->feature_win, fw, sizeof fw);
    const uint64_t key = gfx_hash_str(gfx_hash(GFX_HASH_START, &s->free_left, sizeof s->free_left), fw);
    if (gfx_cache_begin(g, &s->side_cache[0], right, key)) {
        gfx_image(g, s->backdrop, 0, 0, 0, 0, 1);
        char n[16];
        float cx = right.x + right.w / 2;
        gfx_text(g, s->f_tiny, cx, right.y + 24, GFX_CENTER, s->th.dim, "FREE SPINS LEFT");
        snprintf(n, sizeof n, "%d", s->free_left);
        gfx_text_shadow(g, s->f_huge, cx, right.y + 56, GFX_CENTER, s->th.text, n);
        gfx_text(g, s->f_tiny, cx, right.y + 200, GFX_CENTER, s->th.dim, "FREE SPINS WIN");
        gfx_text_shadow(g, s->f_small, cx, right.y + 228, GFX_CENTER, s->th.accent, fw);
        gfx_cache_end(g, &s->side_cache[0]);
    }
}

static void draw_side(Slot *s)
{
    Gfx *g = app_gfx(s->app);
    if (!s->lines) {
        draw_side_grid(s);
        return;
    }
    if (!s->round_active || (!s->in_feature && s->phase != PH_AWAIT_START && !s->free_left && !s->extra_left))
        return;
    char fw[48] = "";
    if (s->in_feature)
        slot_amount_text(s, s->feature_win, fw, sizeof fw);
    const int state[] = {s->free_left, s->extra_left, s->in_feature};
    const uint64_t key = gfx_hash_str(gfx_hash(GFX_HASH_START, state, sizeof state), fw);
    SDL_FRect box = {1640, 300, 250, 300};
    if (gfx_cache_begin(g, &s->side_cache[0], box, key)) {
        gfx_image(g, s->backdrop, 0, 0, 0, 0, 1);
        gfx_rect(g, box, (SDL_Color){22, 10, 8, 220});
        gfx_frame(g, box, 3, s->th.accent);
        char n[32];
        gfx_text(g, s->f_tiny, box.x + box.w / 2, box.y + 20, GFX_CENTER, s->th.dim, "FREE SPINS LEFT");
        snprintf(n, sizeof n, "%d", s->free_left);
        gfx_text_shadow(g, s->f_big, box.x + box.w / 2, box.y + 50, GFX_CENTER, s->th.text, n);
        gfx_text(g, s->f_tiny, box.x + box.w / 2, box.y + 130, GFX_CENTER, s->th.dim, "JEWEL SPINS LEFT");
        snprintf(n, sizeof n, "%d", s->extra_left);
        gfx_text_shadow(g, s->f_big, box.x + box.w / 2, box.y + 160, GFX_CENTER, (SDL_Color){255, 120, 130, 255}, n);
        if (s->in_feature) {
            gfx_text(g, s->f_tiny, box.x + box.w / 2, box.y + 235, GFX_CENTER, s->th.dim, "FEATURE WIN");
            gfx_text_shadow(g, s->f_small, box.x + box.w / 2, box.y + 258, GFX_CENTER, s->th.accent, fw);
        }
        gfx_cache_end(g, &s->side_cache[0]);
    }
    if (s->in_feature && s->spin_kind == SPIN_FREE) {
        SDL_FRect m = {30, 300, 250, 300};
        if (gfx_cache_begin(g, &s->side_cache[1], m, GFX_HASH_START)) {
            gfx_image(g, s->backdrop, 0, 0, 0, 0, 1);
            gfx_rect(g, m, (SDL_Color){22, 10, 8, 220});
            gfx_frame(g, m, 3, s->th.accent);
            gfx_text(g, s->f_tiny, m.x + m.w / 2, m.y + 20, GFX_CENTER, s->th.dim, "WILD MULTIPLIERS");
            static const char *const rows[] = {"1 WILD  \xC3\x97" "2", "2 WILDS  \xC3\x97" "4", "3+ WILDS  \xC3\x97" "8"};
            for (int i = 0; i < 3; i++)
                gfx_text_shadow(g, s->f_small, m.x + m.w / 2, m.y + 70 + (float)i * 70, GFX_CENTER, s->th.text, rows[i]);
            gfx_cache_end(g, &s->side_cache[1]);
        }
    }
}

static void draw_banner(Slot *s)
{
    if (s->phase != PH_BANNER && s->phase != PH_AWAIT_START)
        return;
    Gfx *g = app_gfx(s->app);
    uint64_t k = app_tick(s->app) - s->phase_t0;
    float fade = s->phase == PH_AWAIT_START ? 1 : (float)k / 12.0f;
    if (fade > 1)
        fade = 1;
    float c = (float)s->th.cell;
    SDL_FRect win = {(float)s->th.reels_x, (float)s->th.reels_y, c * (float)s->def.cols, c * (float)s->def.rows};
    SDL_Color gold = s->th.accent, cream = s->th.text;
    gold.a = cream.a = (Uint8)(255 * fade);
    float cx = win.x + win.w / 2, cy = win.y + win.h / 2;
    char a[64], b[96];
    switch (s->phase == PH_AWAIT_START ? BANNER_AWARD : s->banner) {
    case BANNER_AWARD:
    case BANNER_START:
        if (s->phase == PH_AWAIT_START || s->banner == BANNER_START) {
            snprintf(a, sizeof a, "FREE SPINS");
            if (s->expanding >= 0)
                snprintf(b, sizeof b, "%d free spins  \xE2\x80\xA2  %s expands", s->free_left,
                         s->def.symbols[s->expanding].name);
            else if (s->extra_left && s->free_left)
                snprintf(b, sizeof b, "%d jewel spins first, then %d free spins", s->extra_left, s->free_left);
            else if (s->extra_left)
                snprintf(b, sizeof b, "%d jewel free spins", s->extra_left);
            else
                snprintf(b, sizeof b, "%d free spins  \xE2\x80\xA2  wilds multiply wins", s->free_left);
        } else if (!s->lines) {
            snprintf(a, sizeof a, s->banner_retrigger ? "+%d FREE SPINS" : "%d FREE SPINS", s->banner_spins);
            if (s->banner_retrigger)
                snprintf(b, sizeof b, "%d free spins to play", s->free_left);
            else
                snprintf(b, sizeof b, "%s", s->pick_tiles ? "Pick a tile to reveal the Expanding Symbol"
                                                          : "");
        } else {
            snprintf(a, sizeof a, "%d %s", s->banner_spins,
                     s->banner_feature == ML_FEATURE_JEWEL_SPINS ? "JEWEL FREE SPINS" : "FREE SPINS");
            snprintf(b, sizeof b, "%s", s->banner_feature == ML_FEATURE_JEWEL_SPINS
                                            ? "reel 1 locked  \xE2\x80\xA2  jewels and wilds stay"
                                            : "1, 2, 3+ wilds on a winning line: \xC3\x97" "2, \xC3\x97" "4, \xC3\x97" "8");
        }
        bool fits = gfx_text_width(g, s->f_huge, a) <= win.w - 40;
        gfx_text_shadow(g, fits ? s->f_huge : s->f_big, cx, cy - (fits ? 110 : 90), GFX_CENTER, gold, a);
        gfx_text_shadow(g, s->f_mid, cx, cy + 10, GFX_CENTER, cream, b);
        if (s->phase == PH_AWAIT_START)
            gfx_text_shadow(g, s->f_mid, cx, cy + 90, GFX_CENTER, gold, "Press START to play them");
        break;
    case BANNER_OUTRO: {
        char amt[48];
        slot_amount_text(s, s->banner_amount, amt, sizeof amt);
        gfx_text_shadow(g, s->f_big, cx, cy - 130, GFX_CENTER, cream, "FREE SPINS WON");
        gfx_text_shadow(g, s->f_huge, cx, cy - 50, GFX_CENTER, gold, amt);
        snprintf(b, sizeof b, "in %d spins", s->banner_spins);
        gfx_text_shadow(g, s->f_mid, cx, cy + 80, GFX_CENTER, cream, b);
        break;
    }
    case BANNER_BIG_WIN:
    case BANNER_JACKPOT: {
        bool jp = s->banner == BANNER_JACKPOT;
        Money amount = jp ? s->jackpot_amount : s->banner_amount;
        uint64_t len = (uint64_t)slot_ticks(s, TIME_BIG_WIN);
        Money shown = k >= len / 2 ? amount : (Money)((double)amount * (double)k / (double)(len / 2));
        char amt[48];
        slot_amount_text(s, shown, amt, sizeof amt);
        /* a shower of gold coins, from the cosmetic stream seeded by the round */
        Rng r;
        rng_seed(&r, s->round_seed ^ 0xc0ffee);
        for (int i = 0; i < 60; i++) {
            float x0 = win.x + (float)rng_below(&r, (uint32_t)win.w);
            float v = 4 + (float)rng_below(&r, 60) / 10;
            float y0 = win.y - (float)rng_below(&r, 400);
            float y = y0 + v * (float)k;
            if (y > win.y + win.h || y < win.y)
                continue;
            gfx_image_zoom(g, s->coin, x0, y, 1, 1);
        }
        gfx_text_shadow(g, s->f_huge, cx, cy - 120, GFX_CENTER, gold, jp ? "JACKPOT!" : "BIG WIN");
        gfx_text_shadow(g, s->f_huge, cx, cy, GFX_CENTER, cream, amt);
        break;
    }
    }
}

static void slot_draw(void *self)
{
    Slot *s = self;
    Gfx *g = app_gfx(s->app);
    /* the top bar and the panel are opaque bands across the canvas (cached pictures that
     * hold the backdrop under them): the backdrop is copied only between them */
    const SDL_FRect top_band = draw_top(s);
    const SDL_FRect panel_band = draw_panel(s); /* drawn before what may cross them */
    const float top = top_band.y + top_band.h, bottom = panel_band.y;
    gfx_image_part(g, s->backdrop, (SDL_FRect){0, top, GFX_W, bottom - top});
    int lit = s->nwins && (s->phase == PH_WINS || s->phase == PH_IDLE) && s->win_at < s->nwins
                  ? s->wins[s->win_at].line - 1 : -1;
    if (s->phase == PH_IDLE && s->nwins)
        lit = s->wins[s->win_at % s->nwins].line - 1;
    if (s->lines)
        draw_line_badges(s, lit);
    draw_reels(s);
    draw_win(s);
    if (s->phase == PH_EXPAND)
        grid_draw_expansion(s);
    if (s->phase == PH_PICK || s->phase == PH_REVEAL)
        grid_draw_pick(s);
    draw_side(s);
    draw_banner(s);
    if (s->notice && app_tick(s->app) - s->notice_t0 < (uint64_t)APP_MS_TICKS(3000)) {
        float cx = (float)s->th.reels_x + (float)(s->th.cell * s->def.cols) / 2;
        float w = gfx_text_width(g, s->f_mid, s->notice) + 60;
        SDL_FRect r = {cx - w / 2, (float)s->th.reels_y + 20, w, 60};
        gfx_rect(g, r, (SDL_Color){20, 8, 6, 230});
        gfx_frame(g, r, 3, s->th.accent);
        gfx_text_shadow(g, s->f_mid, cx, r.y + 9, GFX_CENTER, s->th.text, s->notice);
    }
    dialogs_draw(s);
}

/* In idle, the last round's wins keep cycling. */
static void idle_cycle(Slot *s)
{
    if (s->phase == PH_IDLE && s->nwins && app_tick(s->app) - s->win_t0 >= (uint64_t)slot_ticks(s, TIME_WIN)) {
        s->win_at = (s->win_at + 1) % s->nwins;
        s->win_t0 = app_tick(s->app);
    }
}

static void slot_update_all(void *self)
{
    slot_update(self);
    idle_cycle(self);
}

static void free_caches(Slot *s)
{
    GfxCache *all[] = {&s->panel_cache, &s->top_cache, &s->info_cache, &s->info2_cache, &s->badge_cache[0],
                       &s->badge_cache[1], &s->side_cache[0], &s->side_cache[1]};
    for (size_t i = 0; i < SDL_arraysize(all); i++)
        gfx_cache_free(all[i]);
}

static void slot_destroy(void *self)
{
    Slot *s = self;
    audio_stop_layer(app_audio(s->app), AUDIO_REELS);
    audio_stop_layer(app_audio(s->app), AUDIO_MUSIC);
    machine_destroy(s->m);
    free_caches(s);
    scenario_free(&s->sc);
    free(s->history);
    free(s->recall_events);
    free(s);
}

/* ---- creation ----------------------------------------------------------------------------- */

#define SANS "fonts/DejaVuSans-Bold.ttf"
#define SERIF "fonts/DejaVuSerif-Bold.ttf"

/* Everything that never moves, as one opaque picture: background, reel frame, logo and
 * title, jackpot plate, control panel, the boxes and their labels. */
static int load_backdrop(Slot *s, Error *err)
{
    const Theme *th = &s->th;
    float rw = (float)(th->cell * s->def.cols), rh = (float)(th->cell * s->def.rows);
    GfxLayer l[GFX_MAX_LAYERS];
    int n = 0;
    const float fr = (float)th->frame;
    l[n++] = gfx_svg_layer(th->art[ART_BACKGROUND], 0, 0, GFX_W, GFX_H);
    l[n++] = gfx_svg_layer(th->art[ART_REEL_FRAME], (float)th->reels_x - fr,
                           (float)th->reels_y - fr, rw + 2 * fr, rh + 2 * fr);
    l[n++] = gfx_svg_layer(th->art[ART_LOGO], 40, 20, 520, 150);
    if (th->art[ART_JACKPOT_METER][0]) {
        l[n++] = gfx_svg_layer(th->art[ART_JACKPOT_METER], 660, 20, 600, 150);
        l[n++] = gfx_text_layer(SANS, 20, 960, 64, GFX_CENTER, th->dim, false, "PROGRESSIVE JACKPOT");
    }
    if (s->lines) {
        l[n++] = gfx_svg_layer(th->art[ART_PANEL], 0, 905, 1920, 175);
        static const char *const labels[3] = {"COIN VALUE", "LINE BET", "LINES"};
        for (int i = 0; i < 3; i++) {
            float x = 90 + (float)i * 380;
            l[n++] = gfx_svg_layer(th->art[ART_BOX], x, 925, 220, 82);
            l[n++] = gfx_text_layer(SANS, 20, x + 110, 933, GFX_CENTER, th->dim, false, labels[i]);
        }
    } else {
        /* the panel's own wells hold the bet, the buttons and the win; the two boxes beside
         * the grid hold the scatters and the free spins */
        const float top = GRID_PANEL_Y;
        l[n++] = gfx_svg_layer(th->art[ART_PANEL], 0, top, 1920, GFX_H - top);
        l[n++] = gfx_text_layer(SANS, 20, 315, top + 54, GFX_CENTER, th->dim, false, "BET");
        l[n++] = gfx_svg_layer(th->art[ART_BOX], 30, 300, 250, 300);
        l[n++] = gfx_svg_layer(th->art[ART_BOX], 1640, 300, 250, 300);
    }
    /* the title: first word(s) over the last word */
    char first[64];
    snprintf(first, sizeof first, "%s", th->title);
    char *last = strrchr(first, ' ');
    if (last) {
        *last++ = 0;
        l[n++] = gfx_text_layer(SERIF, 40, 300, 42, GFX_CENTER, th->accent, true, first);
        l[n++] = gfx_text_layer(SERIF, 40, 300, 92, GFX_CENTER, th->text, true, last);
    } else {
        l[n++] = gfx_text_layer(SERIF, 40, 300, 66, GFX_CENTER, th->accent, true, first);
    }
    return gfx_load_stack(app_gfx(s->app), l, n, GFX_W, GFX_H, 0, &s->backdrop, err);
}

/* Each symbol with its word (WILD, SCATTER) baked in: bare, on its cell, and on its cell
 * darkened (while other symbols win). */
static int load_symbols(Slot *s, Error *err)
{
    Gfx *g = app_gfx(s->app);
    const Theme *th = &s->th;
    int cell = th->cell, sz = cell - 20;
    float fc = (float)cell, fs = (float)sz, label_y = fc * 0.86f - 14;
    SDL_Color bright = {255, 244, 214, 255};
    if (gfx_load_image(g, th->art[ART_CELL], cell, cell, &s->cell, err))
        return -1;
    if (s->pick_tiles) {
        for (int i = ART_PICK_TILE; i <= ART_PICK_TILE_HOVER; i++)
            if (!th->art[i][0])
                return error_set(err, "%s: art.%s: missing: %s starts its free spins with a pick",
                                 th->path, i == ART_PICK_TILE ? "pick_tile" : "pick_tile_hover", s->def.path);
        if (gfx_load_image(g, th->art[ART_PICK_TILE], 162, 198, &s->pick_tile, err) ||
            gfx_load_image(g, th->art[ART_PICK_TILE_HOVER], 162, 198, &s->pick_tile_hover, err))
            return -1;
    }
    for (int i = 0; i < s->def.nsymbols; i++) {
        const ThemeSymbol *ts = &th->symbol[i];
        int has = ts->label[0] != 0;
        GfxLayer bare[2] = {gfx_svg_layer(ts->art, 0, 0, fs, fs),
                            gfx_text_layer(SERIF, 26, fs / 2, label_y - 10, GFX_CENTER, bright, true,
                                           ts->label)};
        GfxLayer tile[3] = {gfx_svg_layer(th->art[ART_CELL], 0, 0, fc, fc),
                            gfx_svg_layer(ts->art, 10, 10, fs, fs),
                            gfx_text_layer(SERIF, 26, fc / 2, label_y, GFX_CENTER, bright, true,
                                           ts->label)};
        if (gfx_load_stack(g, bare, 1 + has, sz, sz, 0, &s->sym[i], err) ||
            gfx_load_stack(g, tile, 2 + has, cell, cell, 0, &s->tile[i], err) ||
            gfx_load_stack(g, tile, 2 + has, cell, cell, 0.45f, &s->tile_dim[i], err) ||
            gfx_load_stack(g, tile, 2 + has, cell, cell, 0.75f, &s->tile_veil[i], err) ||
            gfx_load_image(g, ts->art, 150, 150, &s->sym_small[i], err))
            return -1;
    }
    /* line-number badges: a white badge tinted with the line's colour (grey when the line
     * is not played), its number on it */
    for (int l = 0; l < s->def.nlines; l++)
        for (int on = 0; on < 2; on++) {
            char num[12];
            snprintf(num, sizeof num, "%d", l + 1);
            GfxLayer b[3] = {gfx_svg_layer("ui/badge.svg", 0, 0, 46, 46),
                             gfx_svg_layer("ui/badge.svg", 0, 0, 46, 46),
                             gfx_text_layer(SANS, 20, 23, 10, GFX_CENTER,
                                            on ? (SDL_Color){20, 10, 5, 255}
                                               : (SDL_Color){150, 130, 120, 255},
                                            false, num)};
            b[1].color = on ? th->line[l % th->nline_colors] : (SDL_Color){70, 55, 50, 255};
            if (gfx_load_stack(g, b, 3, 46, 46, 0, &s->badge[on][l], err))
                return -1;
        }
    return 0;
}

static int load_art(Slot *s, Error *err)
{
    Gfx *g = app_gfx(s->app);
    if (load_backdrop(s, err) || load_symbols(s, err))
        return -1;
    if (gfx_load_font(g, SANS, 52, &s->f_big, err) || gfx_load_font(g, SERIF, 96, &s->f_huge, err) ||
        gfx_load_font(g, SANS, 34, &s->f_mid, err) || gfx_load_font(g, SANS, 28, &s->f_small, err) ||
        gfx_load_font(g, SANS, 20, &s->f_tiny, err))
        return -1;
    /* the banners' text, in the theme's two colours */
    const GfxFont banner_fonts[] = {s->f_huge, s->f_big, s->f_mid};
    for (size_t i = 0; i < SDL_arraysize(banner_fonts); i++)
        if (gfx_font_tint(g, banner_fonts[i], s->th.accent, err) ||
            gfx_font_tint(g, banner_fonts[i], s->th.text, err))
            return -1;
    struct { const char *file; GfxImage *out; int size; } icons[] = {
        {"ui/info.svg", &s->ic_info, 44}, {"ui/sound-on.svg", &s->ic_sound_on, 44},
        {"ui/sound-off.svg", &s->ic_sound_off, 44}, {"ui/fullscreen.svg", &s->ic_full, 44},
        {"ui/home.svg", &s->ic_home, 44}, {"ui/arrow-left.svg", &s->ic_left, 44},
        {"ui/arrow-right.svg", &s->ic_right, 44}, {"ui/minus.svg", &s->ic_minus, 36},
        {"ui/plus.svg", &s->ic_plus, 36}, {"ui/lock.svg", &s->ic_lock, 56},
        {"ui/coin.svg", &s->coin, 32}, {"ui/options.svg", &s->ic_options, 44},
        {"ui/history.svg", &s->ic_history, 44}, {"ui/rules.svg", &s->ic_rules, 44},
        {"ui/check.svg", &s->ic_check, 40},
    };
    for (size_t i = 0; i < SDL_arraysize(icons); i++)
        if (gfx_load_image(g, icons[i].file, icons[i].size, icons[i].size, icons[i].out, err))
            return -1;
    SDL_Color cream = s->th.text;
    if (button_look_load(g, s->th.button[BUTTON_SPIN], 190, 190, s->f_mid, cream, &s->look_spin, err) ||
        button_look_load(g, s->th.button[BUTTON_PLAIN], 220, 80, s->f_small, cream, &s->look_plain, err) ||
        button_look_load(g, s->th.button[BUTTON_ROUND], 72, 72, s->f_small, cream, &s->look_round, err))
        return -1;
    if (!s->lines && (gfx_load_font(g, SANS, 21, &s->f_label, err) ||
                      button_look_load(g, s->th.button[BUTTON_PLAIN], 220, 72, s->f_label, cream,
                                       &s->look_panel, err)))
        return -1;
    return 0;
}

static void layout_buttons(Slot *s)
{
    Button *b = s->btn;
    for (int i = 0; i < BTN__COUNT; i++)
        b[i] = (Button){.look = &s->look_round, .enabled = true, .visible = true};
    b[BTN_SPIN] = (Button){{1680, 875, 190, 190}, &s->look_spin, NULL, 0, true, true, false, false};
    b[BTN_MAX].r = (SDL_FRect){1405, 930, 220, 80};
    b[BTN_MAX].look = &s->look_plain;
    b[BTN_MAX].label = "BET MAX";
    int steppers[3][2] = {{BTN_COIN_DN, BTN_COIN_UP}, {BTN_COINS_DN, BTN_COINS_UP}, {BTN_LINES_DN, BTN_LINES_UP}};
    for (int i = 0; i < 3; i++) {
        float x = 90 + (float)i * 380;
        b[steppers[i][0]].r = (SDL_FRect){x - 70, 932, 64, 64};
        b[steppers[i][0]].icon = s->ic_minus;
        b[steppers[i][1]].r = (SDL_FRect){x + 226, 932, 64, 64};
        b[steppers[i][1]].icon = s->ic_plus;
    }
    GfxImage ic[] = {s->ic_info, s->ic_rules, s->ic_history, s->ic_options, s->ic_sound_on,
                     s->ic_full, s->ic_home};
    for (int i = 0; i < 7; i++) {
        b[BTN_INFO + i].r = (SDL_FRect){1290 + (float)i * 88, 40, 72, 72};
        b[BTN_INFO + i].icon = ic[i];
    }
    b[BTN_AUTO].r = (SDL_FRect){1175, 930, 210, 80};
    b[BTN_AUTO].look = &s->look_plain;
    b[BTN_AUTO].label = "AUTO";
    b[BTN_BET].visible = false;
    if (!s->lines) {
        /* one bet: its steppers in the panel's first well, Bet Settings and AutoPlay in the
         * second, the spin button in the round well */
        const float top = GRID_PANEL_Y;
        b[BTN_COIN_DN].r = (SDL_FRect){44, top + 62, 64, 64};
        b[BTN_COIN_UP].r = (SDL_FRect){522, top + 62, 64, 64};
        for (int i = BTN_COINS_DN; i <= BTN_LINES_UP; i++)
            b[i].visible = false;
        b[BTN_MAX].visible = false;
        b[BTN_BET] = (Button){{652, top + 53, 220, 72}, &s->look_panel, "BET SETTINGS", 0, true, true, false, false};
        b[BTN_AUTO].r = (SDL_FRect){888, top + 53, 220, 72};
        b[BTN_AUTO].look = &s->look_panel;
        b[BTN_AUTO].label = "AUTOPLAY";
        b[BTN_SPIN].r = (SDL_FRect){1680, top - 1, 190, 190};
    }
    dialogs_layout(s);
}

/* A round left open by a crash: the machine replays its journal (the same commands give
 * the same round), and the scene plays the replayed events back quickly, then goes on
 * where the round stopped: waiting for START, or with the next free spin. */
static int recover(Slot *s, const StoreRound *r, Error *err)
{
    if (r->scenario[0] && !s->scripted)
        return error_set(err, "%s: round %lld was forced by the scenario %s: restart with "
                         "--headless --scenario %s to finish it", store_path(app_store(s->app)),
                         (long long)r->id, r->scenario, r->scenario);
    /* the round goes on only as it began: with the same game file and configuration */
    if (r->game_hash[0] && strcmp(r->game_hash, s->def.hash))
        return error_set(err, "%s: round %lld began with another version of %s (hash %s, now %s): "
                         "put that file back to finish the round", store_path(app_store(s->app)),
                         (long long)r->id, s->def.path, r->game_hash, s->def.hash);
    if (r->game_hash[0] && strcmp(r->config, s->config))
        return error_set(err, "%s: round %lld began with the configuration %s, now %s: restore "
                         "the operator's settings to finish the round", store_path(app_store(s->app)),
                         (long long)r->id, r->config, s->config);
    s->round_id = r->id;
    s->round_seed = r->seed;
    s->round_bet = r->bet_total;
    s->round_no = (int)store_rounds_begun(app_store(s->app));
    s->round_active = true;
    Error why;
    if (machine_replay(s->m, &(RoundInputs){.bet = r->bet, .has_pool = r->has_pool,
                                            .pool = r->pool_before, .seed = r->seed,
                                            .commands = r->commands, .ncommands = r->ncommands},
                       &why))
        return error_set(err, "%s: round %lld does not replay from its journal: %s",
                         store_path(app_store(s->app)), (long long)r->id, why.msg);
    queue_events(s);
    s->recovering = true;
    notice(s, "GAME RECOVERED");
    advance(s);
    return 0;
}

/* Settings kept in the store: the last bet of this game, sound, Space to spin, coins. */
static const char *const volume_keys[AUDIO__LAYERS] = {"volume.music", "volume.reels",
                                                       "volume.wins", "volume.ui"};

static void settings_load(Slot *s)
{
    Store *st = app_store(s->app);
    char v[128], key[80];
    snprintf(key, sizeof key, "bet.%s", s->def.id);
    store_setting(st, key, v, sizeof v);
    Bet b = s->bet;
    if (v[0] && sscanf(v, "%" SCNd64 ",%" SCNd64 ",%" SCNd64 ",%" SCNd64, &b.v[0], &b.v[1],
                       &b.v[2], &b.v[3]) == 4)
        s->bet = b;
    for (int l = 0; l < AUDIO__LAYERS; l++) {
        store_setting(st, volume_keys[l], v, sizeof v);
        if (v[0])
            audio_set_volume(app_audio(s->app), (AudioLayer)l, atoi(v));
    }
    store_setting(st, "sound.muted", v, sizeof v);
    if (v[0])
        audio_set_muted(app_audio(s->app), v[0] == '1');
    store_setting(st, "space_spins", v, sizeof v);
    s->space_spins = v[0] ? v[0] == '1' : true;
    store_setting(st, "coins_view", v, sizeof v);
    s->coins_view = s->lines && v[0] == '1'; /* a game without coins shows money */
}

void slot_settings_save(Slot *s)
{
    Store *st = app_store(s->app);
    char v[128], key[80];
    snprintf(key, sizeof key, "bet.%s", s->def.id);
    snprintf(v, sizeof v, "%" PRId64 ",%" PRId64 ",%" PRId64 ",%" PRId64, s->bet.v[0], s->bet.v[1],
             s->bet.v[2], s->bet.v[3]);
    store_set_setting(st, key, v, NULL);
    for (int l = 0; l < AUDIO__LAYERS; l++) {
        snprintf(v, sizeof v, "%d", audio_volume(app_audio(s->app), (AudioLayer)l));
        store_set_setting(st, volume_keys[l], v, NULL);
    }
    store_set_setting(st, "sound.muted", audio_muted(app_audio(s->app)) ? "1" : "0", NULL);
    store_set_setting(st, "space_spins", s->space_spins ? "1" : "0", NULL);
    if (s->lines)
        store_set_setting(st, "coins_view", s->coins_view ? "1" : "0", NULL);
}

static void store_get(void *store, const char *key, char *out, size_t size)
{
    store_setting(store, key, out, size);
}

int slot_create(App *a, const char *game_id, Scene *out, Error *err)
{
    const AppOptions *o = app_options(a);
    Slot *s = calloc(1, sizeof *s);
    StoreRound *open = NULL;
    bool found = false;
    if (!s)
        return error_set(err, "out of memory");
    s->app = a;
    char path[512];
    if (gamedef_path(o->games_dir, game_id, path, sizeof path, err) || gamedef_load(path, &s->def, err))
        goto fail;
    /* the operator's configuration: enabled bet values, the jackpot seed */
    if (opconfig_apply_all_json(&s->def, store_get, app_store(a), s->config, sizeof s->config, err))
        goto fail;
    /* the rules modules whose events this scene has been built to show */
    if (strcmp(s->def.rules, "mona-lisa-jewels") && strcmp(s->def.rules, "gonzos-gold")) {
        error_set(err, "%s: the cabinet cannot show %s games yet", path, s->def.rules);
        goto fail;
    }
    s->lines = s->def.nlines > 0;
    s->expanding = -1;
    s->pick_choice = s->pick_hover = -1;
    if (theme_load(o->themes_dir, o->assets_dir, &s->def, &s->th, err))
        goto fail;
    if (s->th.nline_colors < s->def.nlines) {
        error_set(err, "%s: colors.lines: %d colours for %d lines", s->th.path, s->th.nline_colors,
                  s->def.nlines);
        goto fail;
    }
    Store *store = app_store(a);
    if (!(open = malloc(sizeof *open)) || store_open_round(store, open, &found, err))
        goto fail;
    found = found && !strcmp(open->game, s->def.id); /* another game's round is that game's */
    MachineDesc md = {.game = &s->def};
    machine_default_bet(&s->def, &s->bet);
    settings_load(s);
    if (o->scenario) {
        if (scenario_load(o->scenario, &s->def, &s->sc, err))
            goto fail;
        s->scripted = true;
        if (s->sc.has_bet)
            s->bet = s->sc.bet;
    }
    /* the pool: the open round's, else the one carried in the store, else the scenario's,
     * else the game's seed */
    int64_t pool;
    if (found) {
        md.has_pool = open->has_pool;
        md.pool = open->pool_before;
        s->bet = open->bet;
    } else if (store_pool(store, s->def.id, &pool)) {
        md.has_pool = true;
        md.pool = pool;
    } else if (s->scripted && s->sc.has_pool) {
        md.has_pool = true;
        md.pool = s->sc.pool;
    }
    s->m = machine_create(&md, err);
    if (!s->m)
        goto fail;
    s->pick_tiles = machine_rules(s->m)->pick_tiles;
    if (machine_set_bet(s->m, &s->bet, err)) {
        if (found || s->scripted)
            goto fail;
        machine_default_bet(&s->def, &s->bet); /* a stored bet this game file no longer has */
        if (machine_set_bet(s->m, &s->bet, err))
            goto fail;
    }
    if (s->scripted) {
        int at = found ? open->forced_from : store_forced_cursor(store);
        if (at > s->sc.nspins)
            at = s->sc.nspins;
        machine_force(s->m, s->sc.spins + at, s->sc.nspins - at);
    }
    s->bi_coin = gamedef_bet_index(&s->def, s->lines ? "coin_value" : "bet");
    s->bi_coins = gamedef_bet_index(&s->def, "coins");
    s->bi_lines = gamedef_bet_index(&s->def, "lines");
    /* headless autoplay draws nothing: it skips rasterizing the art */
    if (!o->autoplay && load_art(s, err))
        goto fail;
    layout_buttons(s);
    /* the screen before the first spin: the base strips at their first stops */
    const ReelSet *rs = reelset_for(s, SPIN_BASE);
    s->shown.rows = s->def.rows;
    s->shown.cols = s->def.cols;
    for (int c = 0; c < s->def.cols; c++)
        for (int r = 0; r < s->def.rows; r++)
            s->shown.cell[r][c] = rs->strip[c][r];
    s->phase = PH_IDLE;
    s->phase_t0 = app_tick(a);
    s->drag = -1;
    s->auto_spins_i = 1; /* 25 spins, 100.00 loss limit, 50.00 win limit */
    s->auto_loss_i = 4;
    s->auto_win_i = 3;
    s->auto_gain_i = 3;
    if (found && recover(s, open, err))
        goto fail;
    free(open);
    if (app_take_recall(a) && !s->round_active)
        dialogs_open(s, OVERLAY_HISTORY);
    update_buttons(s);
    audio_loop(app_audio(a), AUDIO_MUSIC, s->th.cue[CUE_MUSIC]);
    *out = (Scene){s, slot_input, slot_update_all, slot_draw, slot_destroy,
                   gfx_image_opaque(app_gfx(a), s->backdrop)};
    return 0;
fail:
    free(open);
    machine_destroy(s->m);
    free_caches(s);
    scenario_free(&s->sc);
    free(s);
    return -1;
}
