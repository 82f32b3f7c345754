/* ways_recall.c - what game recall lists of the ways game's own events (Phoenix Graveyard's,
 * games/phoenix_graveyard_events.h): the windows ask the scene (WindowsHost.event_line), the
 * scene asks its kind (SlotKind.event_line), so the shared recall names no game's events. */
#include "ways_priv.h"

#include <stdio.h>

/* "reel 3 row 2" (1-based), or "off the screen". */
static const char *where(uint8_t row, uint8_t reel, char *out, size_t size)
{
    if (row == EVENT_OFF || reel == EVENT_OFF)
        snprintf(out, size, "off the screen");
    else
        snprintf(out, size, "reel %d row %d", reel + 1, row + 1);
    return out;
}

static const char *symbol_name(const GameDef *def, int sym)
{
    return sym >= 0 && sym < def->nsymbols ? def->symbols[sym].name : "?";
}

/* The game's own events, by their type: the screen's ways, a cut, a move, an attack, a
 * battle, a symbol turning into another, one appearing, the cap. */
bool ways_event_line(const Slot *s, const Event *e, char *t, size_t size)
{
    const GameDef *def = &s->def;
    char p[32], q[32], a[48], b[48];
    switch ((int)e->type) { /* the game's own types are no EventType members */
    case PHOENIX_EVENT_WAYS:
        snprintf(t, size, "%llu ways", (unsigned long long)phoenix_ways(e)->total);
        break;
    case PHOENIX_EVENT_SLICE: {
        const EventSlice *sl = phoenix_slice(e);
        snprintf(t, size, "tombstone: %s now %d ways (+%d, %s)", where(sl->row, sl->reel, p, sizeof p), sl->ways,
                 sl->added, sl->cause == SLICE_RANDOM ? "struck at random" : "an attack");
        break;
    }
    case PHOENIX_EVENT_MOVE: {
        static const char *const verbs[MOVE__COUNT] = {"walks", "jumps", "is pushed", "leaves"};
        const EventMove *m = phoenix_move(e);
        snprintf(t, size, "%s \xC3\x97%u %s from %s to %s", symbol_name(def, m->symbol), m->multiplier,
                 verbs[m->kind < MOVE__COUNT ? m->kind : MOVE_LEAVE], where(m->from_row, m->from_reel, p, sizeof p),
                 where(m->to_row, m->to_reel, q, sizeof q));
        break;
    }
    case PHOENIX_EVENT_ATTACK: {
        const EventAttack *at = phoenix_attack(e);
        snprintf(t, size, "attack from %s on %s at %s", where(at->row, at->reel, p, sizeof p),
                 symbol_name(def, at->symbol), where(at->target_row, at->target_reel, q, sizeof q));
        break;
    }
    case PHOENIX_EVENT_BATTLE: {
        const EventBattle *bt = phoenix_battle(e);
        if (bt->outcome == BATTLE_ATTACKER_DOUBLES)
            snprintf(t, size, "battle: the attacker doubles to \xC3\x97%u", bt->attacker_multiplier);
        else if (bt->outcome == BATTLE_DEFENDER_DOUBLES)
            snprintf(t, size, "battle: the defender doubles to \xC3\x97%u", bt->defender_multiplier);
        else
            snprintf(t, size, "battle: the defender jumps to %s, leaving %s", where(bt->to_row, bt->to_reel, p, sizeof p),
                     symbol_name(def, bt->left));
        break;
    }
    case PHOENIX_EVENT_TRANSFORM: {
        const EventTransform *tr = phoenix_transform(e);
        snprintf(t, size, "%s at %s turns into %s \xC3\x97%u", symbol_name(def, tr->from),
                 where(tr->row, tr->reel, p, sizeof p), symbol_name(def, tr->to), tr->multiplier);
        break;
    }
    case PHOENIX_EVENT_SPAWN: {
        const EventSpawn *sp = phoenix_spawn(e);
        snprintf(t, size, "%s \xC3\x97%u appears at %s", symbol_name(def, sp->symbol), sp->multiplier,
                 where(sp->row, sp->reel, p, sizeof p));
        break;
    }
    case PHOENIX_EVENT_CAP:
        slot_money_text(phoenix_cap(e)->cap, a, sizeof a);
        slot_money_text(phoenix_cap(e)->cut, b, sizeof b);
        snprintf(t, size, "maximum win %s reached (%s not paid): the round ends", a, b);
        break;
    default:
        return false;
    }
    return true;
}
