/* gnomos_mix_events.c - Gnomos Mix's own events as the engine writes them: the advances' and
 * the minigames' JSON fields (slotsim prints them, the determinism test compares their bytes)
 * and slotsim's text lines, their EventClasses (gnomos_mix_events.h). */
#include "gnomos_mix_events.h"

#include "gnomos_mix.h"

#include "../buf.h"
#include "../gamedef.h"
#include "../jsonout.h"

#include <inttypes.h>

/* a minigame's name, as the game's GameNames.minigame gives it ("?" for none) */
static const char *minigame_name(unsigned game)
{
    static const char *const names[GAMES_MAX_MINIGAMES] = GM_MINIGAME_NAMES;
    return game < GAMES_MAX_MINIGAMES && names[game] ? names[game] : "?";
}

static void advance_json(cJSON *o, const Event *ev, const GameDef *def)
{
    const EventAdvance *e = gnomos_advance(ev);
    if (e->reel == EVENT_OFF)
        jsonout_add(o, "given", jsonout_int(e->left));
    else
        jsonout_add(o, "reel", jsonout_int(e->reel));
    jsonout_add(o, "left", jsonout_int(e->left));
    jsonout_add(o, "screen", event_screen_cjson(&e->screen, def));
}

static void advance_text(const Event *ev, const GameDef *def, Buf *b)
{
    (void)def;
    const EventAdvance *e = gnomos_advance(ev);
    if (e->reel == EVENT_OFF)
        buf_printf(b, "advances given: %u\n", e->left);
    else
        buf_printf(b, "advance reel %u (%u left)\n", e->reel + 1u, e->left);
}

/* (the game has Bonuses: every amount says them) */
static void minigame_json(cJSON *o, const Event *ev, const GameDef *def)
{
    (void)def;
    const EventMinigame *e = gnomos_minigame(ev);
    jsonout_add(o, "minigame", jsonout_string(minigame_name(e->game)));
    jsonout_add(o, "stage", jsonout_string(e->stage ? "end" : "start"));
    if (e->stage) {
        jsonout_add(o, "amount", jsonout_int(e->amount));
        jsonout_add(o, "bonuses", jsonout_int(e->bonuses));
    } else {
        jsonout_add(o, "choices", jsonout_int(e->choices));
        jsonout_add(o, "replaces", jsonout_int(e->replaces));
        jsonout_add(o, "most", jsonout_int(e->most));
    }
}

static void minigame_text(const Event *ev, const GameDef *def, Buf *b)
{
    (void)def;
    const EventMinigame *e = gnomos_minigame(ev);
    char m1[32], m2[40];
    event_money_str(e->stage ? e->amount : e->replaces, m1, sizeof m1);
    event_money_str(e->most, m2, sizeof m2);
    if (e->stage)
        buf_printf(b, "minigame %s over: %s and %" PRId64 " Bonuses\n", minigame_name(e->game), m1,
                   e->bonuses);
    else
        buf_printf(b, "\nminigame %s in place of %s (at most %s; %u choices)\n",
                   minigame_name(e->game), m1, m2, e->choices);
}

const EventClass gnomos_event_classes[GNOMOS_EVENTS] = {
    {"advance", sizeof(EventAdvance), advance_json, advance_text},
    {"minigame", sizeof(EventMinigame), minigame_json, minigame_text},
};
