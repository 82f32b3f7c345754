/* slot_round.c - the round's plumbing under the scene's timeline (slot.c): the queue of the
 * machine's events, the player's commands journaled and sent, the phase and its screenshots,
 * the banners' start and the win meter, the wins taken off the queue to show together, and
 * the settlement that credits the round in one transaction. It calls no timeline step: the
 * timeline (slot.c) calls it. */
#include "slot_priv.h"
#include "evlog.h"

#include <stdio.h>

void slot_set_phase(Slot *s, Phase p)
{
    s->phase = p;
    s->phase_t0 = app_tick(s->app);
}

void slot_shot(Slot *s, const char *moment, int k)
{
    char name[96];
    if (k >= 0)
        snprintf(name, sizeof name, "r%02d-s%02d-%s-%02d", s->seat.round_no, s->spin_index, moment, k);
    else
        snprintf(name, sizeof name, "r%02d-s%02d-%s", s->seat.round_no, s->spin_index, moment);
    app_shot(s->app, name);
}

void slot_queue_events(Slot *s)
{
    Error err;
    if (evqueue_fill(&s->queue, s->m, &err))
        app_fail(s->app, &err);
}

bool slot_queue_pop(Slot *s, Event *e)
{
    if (!evqueue_pop(&s->queue, e))
        return false;
    evlog_presented(app_evlog(s->app), e); /* QA's event log: presented from now */
    return true;
}

const Event *slot_queue_peek(const Slot *s) { return evqueue_at(&s->queue, 0); }

/* A player's command: journaled first (the SPIN by store_round_begin), then played.
 * `arg`: its argument (the tile picked, for a START that takes one). */
void slot_send_choice(Slot *s, CommandType type, int arg)
{
    Error err;
    if (seat_send(&s->seat, type, (uint32_t)arg, &err) == 0)
        slot_queue_events(s);
    else
        app_fail(s->app, &err);
}

void slot_send(Slot *s, CommandType type) { slot_send_choice(s, type, 0); }

void slot_show_banner(Slot *s, Banner b)
{
    s->banner = b;
    s->banner_skipped = false;
    if (b == BANNER_BIG_WIN) {
        s->tier = slot_tier_of(s, s->banner_amount);
        s->tier = s->tier > 0 ? s->tier : 1;
        s->tier_cued = 1;
    }
    slot_set_phase(s, PH_BANNER);
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

void slot_meter_add(Slot *s, Money amount)
{
    Money cur = s->meter_to; /* a count still running jumps to its end */
    s->meter_from = cur;
    s->meter_to = cur + amount;
    s->meter_t0 = app_tick(s->app);
}

void slot_notice(Slot *s, const char *text)
{
    s->notice = text;
    s->notice_t0 = app_tick(s->app);
}

/* The round's win is credited with its history row, meters and pool: one transaction. */
void slot_settle(Slot *s, Money total)
{
    Error err;
    if (seat_settle(&s->seat, total, s->round_free_spins, &err)) {
        app_fail(s->app, &err);
        return;
    }
    bool was = s->autospin.active;
    autospin_round(&s->autospin, s->seat.round_bet, total, s->round_jackpot);
    if (was && !s->autospin.active)
        slot_notice(s, autospin_stop_text(s->autospin.stop));
    s->round_active = false;
    s->pool_held = false;
    slot_set_phase(s, PH_IDLE);
    s->win_at = 0;
    s->win_t0 = app_tick(s->app);
    slot_shot(s, "end", -1);
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

void slot_take_wins(Slot *s, const EventWin *first)
{
    s->nwins = 0;
    s->spin_win = 0;
    s->win_at = 0;
    if (first)
        add_win(s, first);
    const Event *p;
    Event e;
    while ((p = slot_queue_peek(s)) && p->type == EVENT_WIN && (!s->kind->shown_with || s->kind->shown_with(first, &p->win))) {
        slot_queue_pop(s, &e);
        add_win(s, &e.win);
    }
}

/* The collected wins, one after another, with a sound by their size; the meter counts. */
void slot_show_wins(Slot *s)
{
    s->win_at = 0;
    s->win_t0 = app_tick(s->app);
    Money ratio100 = s->seat.round_bet ? s->spin_win * 100 / s->seat.round_bet : 0;
    slot_cue(s, ratio100 >= 1000 ? CUE_WIN_BIG : ratio100 >= 200 ? CUE_WIN_MEDIUM : CUE_WIN_SMALL,
             AUDIO_WINS);
    slot_meter_add(s, s->spin_win);
    if (s->in_feature)
        s->feature_win += s->spin_win;
    slot_set_phase(s, PH_WINS);
}


/* What a round's pictures begin from, as the seat journals it for a replay (Seat.show): the
 * screen the reels spin away from ("rows cols" and its cells, row by row), then a ways
 * game's count shown above them ("known total"). */
void slot_show_words(const Slot *s, char *out, size_t size)
{
    int n = snprintf(out, size, "%d %d", s->shown.rows, s->shown.cols);
    for (int r = 0; r < s->shown.rows; r++)
        for (int c = 0; c < s->shown.cols && n > 0 && (size_t)n < size; c++)
            n += snprintf(out + n, size - (size_t)n, " %d", s->shown.cell[r][c]);
    if (n > 0 && (size_t)n < size)
        snprintf(out + n, size - (size_t)n, " %d %llu", s->ways_known, (unsigned long long)s->ways.total);
}

/* A replay shows them again; words it cannot read (another version's) leave the scene's own. */
void slot_show_restore(Slot *s, const char *words)
{
    Grid g = s->shown;
    int rows, cols, used, known, sym;
    unsigned long long total;
    if (sscanf(words, "%d %d%n", &rows, &cols, &used) != 2 || rows != s->def.rows || cols != s->def.cols)
        return;
    words += used;
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++) {
            if (sscanf(words, "%d%n", &sym, &used) != 1 || sym < 0 || sym >= s->def.nsymbols)
                return;
            g.cell[r][c] = (uint8_t)sym;
            words += used;
        }
    if (sscanf(words, "%d %llu", &known, &total) != 2)
        return;
    s->shown = g;
    s->ways_known = known != 0;
    s->ways.total = total;
    s->ways_from = total;
}
