/* ways_recall.c - what game recall lists of the ways game's own events (Phoenix Graveyard's,
 * games/phoenix_graveyard_events.h): the windows ask the scene (WindowsHost.event_line), the
 * scene asks its kind (SlotKind.event_line), so the shared recall names no game's events. */
#include "ways_priv.h"

#include <stdio.h>

/* "reel 3 row 2" (1-based), or "off the screen". */
static const char *where(uint8_t row, uint8_t reel, char *out, size_t size)
{
    char c[16], r[16];
    snprintf(c, sizeof c, "%d", reel + 1);
    snprintf(r, sizeof r, "%d", row + 1);
    if (row == EVENT_OFF || reel == EVENT_OFF)
        snprintf(out, size, "%s", _("off the screen"));
    else
        lang_fill(out, size, _("reel {1} row {2}"), c, r, NULL);
    return out;
}

static const char *symbol_name(const GameDef *def, int sym)
{
    return sym >= 0 && sym < def->nsymbols ? LANG_SYMBOL(def->symbols[sym].name) : "?";
}

/* The numbers a line puts in, as text: a count and a multiplier. */
static const char *num(char *out, size_t size, unsigned long long v)
{
    snprintf(out, size, "%llu", v);
    return out;
}

/* A battle's outcome. */
static void battle_line(const GameDef *def, const EventBattle *bt, char *t, size_t size)
{
    char p[48], x[16];
    if (bt->outcome == BATTLE_ATTACKER_DOUBLES)
        lang_fill(t, size, _("battle: the attacker doubles to \xC3\x97{1}"), num(x, sizeof x, bt->attacker_multiplier), NULL);
    else if (bt->outcome == BATTLE_DEFENDER_DOUBLES)
        lang_fill(t, size, _("battle: the defender doubles to \xC3\x97{1}"), num(x, sizeof x, bt->defender_multiplier), NULL);
    else
        lang_fill(t, size, _("battle: the defender jumps to {1}, leaving {2}"), where(bt->to_row, bt->to_reel, p, sizeof p),
                  symbol_name(def, bt->left), NULL);
}

/* The game's own events, by their type: the screen's ways, a cut, a move, an attack, a
 * battle, a symbol turning into another, one appearing, the cap. */
bool ways_event_line(const Slot *s, const Event *e, char *t, size_t size)
{
    const GameDef *def = &s->def;
    char p[48], q[48], a[48], b[48], x[16], y[16], z[16];
    switch ((int)e->type) { /* the game's own types are no EventType members */
    case PHOENIX_EVENT_WAYS:
        lang_fill(t, size, _("{1} ways"), num(x, sizeof x, phoenix_ways(e)->total), NULL);
        break;
    case PHOENIX_EVENT_SLICE: {
        const EventSlice *sl = phoenix_slice(e);
        lang_fill(t, size, _("tombstone: {1} now {2} ways (+{3}, {4})"), where(sl->row, sl->reel, p, sizeof p),
                  num(x, sizeof x, (unsigned long long)sl->ways), num(y, sizeof y, (unsigned long long)sl->added),
                  sl->cause == SLICE_RANDOM ? _("struck at random") : _("an attack"), NULL);
        break;
    }
    case PHOENIX_EVENT_MOVE: {
        static const char *const lines[MOVE__COUNT] = {N_("{1} \xC3\x97{2} walks from {3} to {4}"),
                                                       N_("{1} \xC3\x97{2} jumps from {3} to {4}"),
                                                       N_("{1} \xC3\x97{2} is pushed from {3} to {4}"),
                                                       N_("{1} \xC3\x97{2} leaves from {3} to {4}")};
        const EventMove *m = phoenix_move(e);
        lang_fill(t, size, _(lines[m->kind < MOVE__COUNT ? m->kind : MOVE_LEAVE]), symbol_name(def, m->symbol),
                  num(x, sizeof x, m->multiplier), where(m->from_row, m->from_reel, p, sizeof p),
                  where(m->to_row, m->to_reel, q, sizeof q), NULL);
        break;
    }
    case PHOENIX_EVENT_ATTACK: {
        const EventAttack *at = phoenix_attack(e);
        lang_fill(t, size, _("attack from {1} on {2} at {3}"), where(at->row, at->reel, p, sizeof p),
                  symbol_name(def, at->symbol), where(at->target_row, at->target_reel, q, sizeof q), NULL);
        break;
    }
    case PHOENIX_EVENT_BATTLE:
        battle_line(def, phoenix_battle(e), t, size);
        break;
    case PHOENIX_EVENT_TRANSFORM: {
        const EventTransform *tr = phoenix_transform(e);
        lang_fill(t, size, _("{1} at {2} turns into {3} \xC3\x97{4}"), symbol_name(def, tr->from),
                  where(tr->row, tr->reel, p, sizeof p), symbol_name(def, tr->to), num(z, sizeof z, tr->multiplier), NULL);
        break;
    }
    case PHOENIX_EVENT_SPAWN: {
        const EventSpawn *sp = phoenix_spawn(e);
        lang_fill(t, size, _("{1} \xC3\x97{2} appears at {3}"), symbol_name(def, sp->symbol),
                  num(x, sizeof x, sp->multiplier), where(sp->row, sp->reel, p, sizeof p), NULL);
        break;
    }
    case PHOENIX_EVENT_CAP:
        slot_money_text(phoenix_cap(e)->cap, a, sizeof a);
        slot_money_text(phoenix_cap(e)->cut, b, sizeof b);
        lang_fill(t, size, _("maximum win {1} reached ({2} not paid): the round ends"), a, b, NULL);
        break;
    default:
        return false;
    }
    return true;
}
