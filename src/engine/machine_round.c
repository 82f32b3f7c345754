/* machine_round.c - what the machine offers a rules module while it plays a command
 * (games.h): the round's RNG, its events and summary, awards and the round's end, the
 * carried state, and the scenario's forced screens and draws with what their forcing came
 * to. It calls nothing in machine.c, so the rules modules sit between the two: machine.c
 * finds a game's rules (games.c) and hands them commands; they call down to here. */
#include "machine_priv.h"

#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

Rng *machine_rng(Machine *m) { return &m->rng; }
bool machine_tally_only(const Machine *m) { return m->tally_only; }
RoundSummary *machine_round(Machine *m) { return &m->sum; }
int machine_event_count(const Machine *m) { return m->nevents; }

Event *machine_event_at(Machine *m, int index)
{
    if (m->tally_only)
        return &m->scratch;
    assert(index >= 0 && index < m->nevents);
    return &m->events[index];
}
int64_t *machine_pool(Machine *m) { return &m->carried[0]; }
int64_t *machine_carried_state(Machine *m) { return m->carried; }
const Bet *machine_bet(const Machine *m) { return &m->bet; }
int64_t machine_bonuses(const Machine *m) { return m->bonuses; }

void machine_award(Machine *m, Feature f, int spins, int free_left, int extra_left, bool retrigger)
{
    m->sum.triggers[f]++;
    if (!retrigger)
        m->sum.base_features |= 1u << f;
    EventFeatureAward *a = &machine_emit(m, EVENT_FEATURE_AWARD)->award;
    a->feature = f;
    a->spins = (uint16_t)spins;
    a->free_left = (uint16_t)free_left;
    a->extra_left = (uint16_t)extra_left;
    a->retrigger = retrigger;
}

void machine_end_round(Machine *m, int feature_spins, Money feature_win)
{
    if (feature_spins) {
        EventFeatureEnd *e = &machine_emit(m, EVENT_FEATURE_END)->feature_end;
        e->spins_played = (uint16_t)feature_spins;
        e->total_win = feature_win;
    }
    EventRoundEnd *e = &machine_emit(m, EVENT_ROUND_END)->round_end;
    e->total_win = m->sum.total_win;
    e->total_bonuses = m->sum.win_bonuses;
}
Money machine_bet_total(const Machine *m) { return m->sum.bet; }

bool machine_is_max_bet(const Machine *m)
{
    return m->max_bet;
}

const Grid *machine_take_forced(Machine *m)
{
    machine_forcing_left_over(m);
    m->last_draw = -1;
    m->draws_taken = 0;
    m->plays_taken = 0;
    if (m->forced_next >= m->nforced) {
        m->draws_from = NULL;
        return NULL;
    }
    const ForcedSpin *f = &m->forced[m->forced_next++];
    m->draws_from = f;
    return f->forced ? &f->screen : NULL;
}

bool machine_take_draw(Machine *m, int draw, int64_t *value)
{
    const ForcedSpin *f = m->draws_from;
    for (int i = 0; f && i < f->ndraws; i++)
        if (f->draws[i].draw == draw && !(m->draws_taken >> i & 1u)) {
            m->draws_taken |= (uint16_t)(1u << i);
            m->last_draw = (int8_t)i;
            *value = f->draws[i].value;
            return true;
        }
    return false;
}

/* The event list doubles when full; kept out of machine_emit so that the common case is a
 * few instructions. */
static void grow_events(Machine *m)
{
    int cap = m->cap ? m->cap * 2 : 64;
    Event *ev = realloc(m->events, (size_t)cap * sizeof *ev);
    if (!ev) {
        fputs("slotcab: out of memory\n", stderr);
        abort();
    }
    m->events = ev;
    m->cap = cap;
}

Event *machine_emit(Machine *m, EventType type)
{
    m->last_type = type;
    if (m->tally_only) {
        m->scratch.type = type; /* nobody reads it: no need to clear it */
        return &m->scratch;
    }
    if (m->nevents == m->cap)
        grow_events(m);
    Event *e = &m->events[m->nevents++];
    memset(e, 0, sizeof *e);
    e->type = type;
    return e;
}
/* ---- what the forcing came to ----------------------------------------------------------------- */

const ForcingReport *machine_forcing(const Machine *m) { return &m->report; }
const char *machine_forced_error(const Machine *m)
{
    return m->forced_error[0] ? m->forced_error : NULL;
}

/* The spin taken last (from 1), as a scenario's reader counts them. */
static int forced_spin_no(const Machine *m) { return (int)(m->draws_from - m->forced) + 1; }

/* What the spin taken last left unused when the next is taken or the round ends: player's
 * commands never given, named draws never drawn (noted, not refused: nothing was applied). */
void machine_forcing_left_over(Machine *m)
{
    const ForcedSpin *f = m->draws_from;
    if (!f)
        return;
    ForcingReport *r = &m->report;
    if (m->plays_taken < f->nplay) {
        if (!r->plays_unused)
            r->plays_unused_spin = (uint16_t)forced_spin_no(m);
        r->plays_unused += f->nplay - m->plays_taken;
        m->plays_taken = f->nplay;
    }
    for (int i = 0; i < f->ndraws; i++)
        if (!(m->draws_taken >> i & 1u)) {
            if (!r->draws_unused) {
                r->draws_unused_spin = (uint16_t)forced_spin_no(m);
                snprintf(r->draws_unused_name, sizeof r->draws_unused_name, "%s",
                         m->rules->draws[f->draws[i].draw]);
            }
            r->draws_unused++;
            m->draws_taken |= (uint16_t)(1u << i);
        }
}

static void refuse(Machine *m, const char *where, const char *fmt, va_list ap)
{
    if (m->forced_error[0])
        return; /* the first one says it */
    int n = snprintf(m->forced_error, sizeof m->forced_error, "spin %d, %s: ",
                     m->draws_from ? forced_spin_no(m) : 0, where);
    if (n > 0 && (size_t)n < sizeof m->forced_error)
        vsnprintf(m->forced_error + n, sizeof m->forced_error - (size_t)n, fmt, ap);
}

void machine_refuse_draw(Machine *m, const char *fmt, ...)
{
    const ForcedSpin *f = m->draws_from;
    if (!f || m->last_draw < 0)
        return;
    const int draw = f->draws[m->last_draw].draw;
    int k = 0, n = 0; /* its place among the values of that draw (a list in the file) */
    for (int i = 0; i < f->ndraws; i++)
        if (f->draws[i].draw == draw) {
            k += i < m->last_draw;
            n++;
        }
    char where[64];
    if (n > 1)
        snprintf(where, sizeof where, "draws.%s[%d]", m->rules->draws[draw], k);
    else
        snprintf(where, sizeof where, "draws.%s", m->rules->draws[draw]);
    va_list ap;
    va_start(ap, fmt);
    refuse(m, where, fmt, ap);
    va_end(ap);
}

void machine_refuse_screen(Machine *m, int row, int reel, const char *fmt, ...)
{
    char where[48];
    snprintf(where, sizeof where, "screen[%d][%d]", row, reel);
    va_list ap;
    va_start(ap, fmt);
    refuse(m, where, fmt, ap);
    va_end(ap);
}

bool machine_forced_reach(Machine *m, const ReelSet *rs, const Grid *screen, CellMask held)
{
    for (int c = 0; c < screen->cols; c++) {
        bool shown = false;
        for (int s = 0; s < rs->len[c] && !shown; s++) {
            shown = true;
            for (int r = 0; r < screen->rows && shown; r++)
                shown = (held & grid_bit(r, c)) || rs->strip[c][s + r] == screen->cell[r][c];
        }
        if (shown)
            continue;
        ForcingReport *rep = &m->report;
        if (rep->unreachable < FORCING_MAX_NOTED) {
            rep->unreachable_spin[rep->unreachable] = (uint16_t)(m->draws_from ? forced_spin_no(m) : 0);
            rep->unreachable_reel[rep->unreachable] = (uint8_t)c;
        }
        rep->unreachable++;
        return false;
    }
    return true;
}
