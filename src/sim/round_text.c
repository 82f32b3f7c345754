/* round_text.c - slotsim's text form of a round's events: one line (a screen: a few) per
 * event, with cells as (row, reel) counted from 1 as a player reads them. */
#include "round_text.h"

#include "games.h"

#include <inttypes.h>
#include <stdio.h>

void money_str(Money v, char *out, size_t size) { event_money_str(v, out, size); }

/* what a risk is taken for, by its RiskLoss */
static const char *const risk_for[3] = {"the next prize or nothing",
                                        "the next prize or the one below",
                                        "the next prize or its worth in Bonuses"};

/* " and N Bonuses", in a game with a second unit (else ""). */
static const char *bonus_text(const GameRules *rules, int64_t bonuses, char *out, size_t size)
{
    if (!rules->bonuses)
        return "";
    snprintf(out, size, " and %" PRId64 " Bonus%s", bonuses, bonuses == 1 ? "" : "es");
    return out;
}

/* A prize on no ladder: a fraction of a prize in Double or Bonuses, or a prize that may be
 * refused for another. */
static void prize_text(const GameRules *rules, const EventPrize *e, Buf *b)
{
    char m1[32], m2[32], m3[32];
    money_str(e->amount, m1, sizeof m1);
    money_str(e->rest, m2, sizeof m2);
    money_str(e->kept, m3, sizeof m3);
    (void)rules;
    if (e->fraction)
        buf_printf(b, "fraction %u on offer: %s (%s still to play, %s taken): collect, or risk it "
                      "for double or its worth in Bonuses\n", e->fraction, m1, m2, m3);
    else
        buf_printf(b, "prize on offer: %s (shown %u before): collect, or refuse it for another\n",
                   m1, e->step + 1u);
}

/* the extra kind of spin (Mona Lisa Jewels' jewel spins), for a game that has one */
static bool has_extra(const GameRules *rules) { return rules->features_used >> FEATURE_EXTRA & 1u; }

/* a screen: the spin, its counters, the symbols with held cells in brackets */
static void screen_text(const GameDef *def, const GameRules *rules, const EventScreen *e, Buf *b)
{
    buf_printf(b, "\n%s spin %u", event_spin_name(def, e->spin), e->spin_index);
    if (e->spin != SPIN_BASE && has_extra(rules))
        buf_printf(b, " (free spins left %u, %s spins left %u)", e->free_left,
                   event_spin_name(def, SPIN_EXTRA), e->extra_left);
    else if (e->spin != SPIN_BASE)
        buf_printf(b, " (free spins left %u)", e->free_left);
    buf_puts(b, "\n");
    for (int r = 0; r < e->screen.rows; r++) {
        buf_puts(b, "  ");
        for (int c = 0; c < e->screen.cols; c++) {
            uint8_t s = e->screen.cell[r][c];
            bool held = e->held & grid_bit(r, c);
            buf_printf(b, "%s%-8s%s", held ? "[" : " ", s < def->nsymbols ? def->symbols[s].id : "?",
                       held ? "]" : " ");
        }
        buf_puts(b, "\n");
    }
}

static void win_text(const GameDef *def, const GameRules *rules, const EventWin *e, Buf *b)
{
    char m1[32], m2[40];
    money_str(e->amount, m1, sizeof m1);
    buf_printf(b, "  win %-8s %u x %s", event_win_name(e->kind), e->count,
               event_win_of(def, e, true));
    if (e->line)
        buf_printf(b, " on line %u", e->line);
    if (e->multiplier > 1)
        buf_printf(b, " x%u (%u wild%s)", e->multiplier, e->wilds, e->wilds == 1 ? "" : "s");
    if (rules->coinless) /* money, and the Bonuses a win carries */
        buf_printf(b, ": %s%s\n", m1,
                   e->bonuses ? bonus_text(rules, e->bonuses, m2, sizeof m2) : "");
    else
        buf_printf(b, ": %" PRId64 " coins = %s\n", e->coins, m1);
}

static void award_text(const GameDef *def, const GameRules *rules, const EventFeatureAward *e,
                       Buf *b)
{
    const char *extra = event_spin_name(def, SPIN_EXTRA);
    if (has_extra(rules))
        buf_printf(b, "  award %u %s%sfree spins%s (to play: %u %s, %u free)\n", e->spins,
                   e->feature == FEATURE_EXTRA ? extra : "", e->feature == FEATURE_EXTRA ? " " : "",
                   e->retrigger ? " (retrigger)" : "", e->extra_left, extra, e->free_left);
    else
        buf_printf(b, "  award %u free spins%s (to play: %u)\n", e->spins,
                   e->retrigger ? " (retrigger)" : "", e->free_left);
}

static void risk_text(const EventRisk *e, Buf *b)
{
    char m1[32];
    money_str(e->amount, m1, sizeof m1);
    if (e->rung == EVENT_OFF && e->won)
        buf_printf(b, "risk won: doubled to %s (fraction %u)\n", m1, e->step);
    else if (e->rung == EVENT_OFF && !e->bonuses)
        buf_printf(b, "risk lost: the prize is gone (step %u)\n", e->step);
    else if (e->rung == EVENT_OFF)
        buf_printf(b, "risk lost: the prize is gone, %" PRId64 " Bonus%s instead (step %u)\n",
                   e->bonuses, e->bonuses == 1 ? "" : "es", e->step);
    else
        buf_printf(b, "risk %s: the prize is now %s (rung %u, step %u), next for %s\n",
                   e->won ? "won" : "lost", m1, e->rung + 1u, e->step, risk_for[e->lose_to % 3]);
}

static void pick_text(const GameRules *rules, const EventPick *e, Buf *b)
{
    char m1[32], m2[40];
    if (e->choice == EVENT_OFF)
        buf_printf(b, "a pick of %u is offered; the options shown:", e->noptions);
    else
        buf_printf(b, "picked option %u of %u; the options hid:", e->choice + 1u, e->noptions);
    for (int i = 0; i < e->noptions && i < EVENT_MAX_OPTIONS; i++) {
        money_str(e->amount[i], m1, sizeof m1);
        buf_printf(b, "%s %s%s", i ? "," : "", m1, bonus_text(rules, e->bonuses[i], m2, sizeof m2));
        if (e->label[i])
            buf_puts(b, e->label[i] == PICK_STOP ? " STOP" : " STOPX2");
    }
    buf_printf(b, "\n");
}

void round_text(const GameDef *def, const Event *ev, Buf *b)
{
    const GameRules *rules = games_find(def->rules);
    char m1[32], m2[40];
    switch (ev->type) {
    case EVENT_ROUND_START:
        money_str(ev->round_start.bet, m1, sizeof m1);
        buf_printf(b, "round seed %" PRIu64 ", bet %s%s\n", ev->round_start.seed, m1,
                   ev->round_start.bet_bonuses
                       ? bonus_text(rules, ev->round_start.bet_bonuses, m2, sizeof m2)
                       : "");
        break;
    case EVENT_SCREEN: screen_text(def, rules, &ev->screen, b); break;
    case EVENT_WIN: win_text(def, rules, &ev->win, b); break;
    case EVENT_FEATURE_AWARD: award_text(def, rules, &ev->award, b); break;
    case EVENT_FEATURE_START: {
        const EventFeatureStart *e = &ev->feature_start;
        if (e->ntiles)
            buf_printf(b, "\nfree spins started (%u free): tile %u picked, expanding symbol %s\n",
                       e->free_left, e->choice + 1u, def->symbols[e->expanding].id);
        else
            buf_printf(b, "\nfree spins started (%u %s, %u free)\n", e->extra_left,
                       event_spin_name(def, SPIN_EXTRA), e->free_left);
        break;
    }
    case EVENT_FEATURE_END:
        money_str(ev->feature_end.total_win, m1, sizeof m1);
        buf_printf(b, "\nfree spins over: %u played, won %s\n", ev->feature_end.spins_played, m1);
        break;
    case EVENT_ROUND_END:
        money_str(ev->round_end.total_win, m1, sizeof m1);
        buf_printf(b, "round over: total win %s%s\n", m1,
                   bonus_text(rules, ev->round_end.total_bonuses, m2, sizeof m2));
        break;
    case EVENT_HOLD:
        buf_printf(b, "hold reels:");
        for (int c = 0; c < GRID_MAX_COLS; c++)
            if (ev->hold.reels >> c & 1u)
                buf_printf(b, " %d", c + 1);
        buf_printf(b, "\n");
        break;
    case EVENT_PRIZE:
        money_str(ev->prize.amount, m1, sizeof m1);
        if (ev->prize.fraction || ev->prize.rung == EVENT_OFF) {
            prize_text(rules, &ev->prize, b);
            break;
        }
        buf_printf(b, "prize on offer: %s%s (rung %u, step %u): collect, or risk it for %s\n", m1,
                   bonus_text(rules, ev->prize.bonuses, m2, sizeof m2), ev->prize.rung + 1u,
                   ev->prize.step, risk_for[ev->prize.lose_to % 3]);
        break;
    case EVENT_RISK: risk_text(&ev->risk, b); break;
    case EVENT_PICK: pick_text(rules, &ev->pick, b); break;
    case EVENT_COLLECT:
        money_str(ev->collect.amount, m1, sizeof m1);
        buf_printf(b, "collected %s%s\n", m1,
                   bonus_text(rules, ev->collect.bonuses, m2, sizeof m2));
        break;
    default: { /* the game's own events write themselves */
        const EventClass *cls = event_class(def, ev->type);
        if (cls && cls->round_text)
            cls->round_text(ev, def, b);
        break;
    }
    }
}


void round_text_unreachable(const ForcingReport *f, Buf *b)
{
    if (!f->unreachable)
        return;
    buf_puts(b, "unreachable screen (forced: the reel strips cannot show it):");
    for (int i = 0; i < f->unreachable && i < FORCING_MAX_NOTED; i++)
        buf_printf(b, "%s spin %d (no stop of reel %d shows that column)", i ? "," : "",
                   f->unreachable_spin[i], f->unreachable_reel[i] + 1);
    if (f->unreachable > FORCING_MAX_NOTED)
        buf_printf(b, " and %d more", f->unreachable - FORCING_MAX_NOTED);
    buf_puts(b, "\n");
}
