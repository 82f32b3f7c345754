/* fruit_play_show.c - the fruit machine timeline's small services, under the rest of it (the
 * play core, no SDL): the phase set at the tick being run (no time while a round is
 * recovered), sounds by the theme's name (none while recovering), the marquee's words,
 * screenshots of named moments (numbered by how many times they came in the round), the
 * ladder's rungs by name and the ladder a prize is on. They call the view and nothing else
 * of the timeline. */
#include "fruit_play.h"
#include "lang.h"

#include <stdio.h>
#include <string.h>

void fruit_play_set_phase(FruitPlay *p, FruitPhase ph, int ticks)
{
    p->phase = ph;
    p->phase_t0 = p->now;
    p->phase_len = p->recovering ? 0 : ticks;
}

void fruit_play_cue(FruitPlay *p, const char *name, PlayLayer layer)
{
    if (!p->recovering)
        p->view.cue(p->view.ctx, name, layer);
}

const char *const fruit_play_sounds[] = {"button", "win_small", "count_up", "nudge", "advances", "hold",
                                         "prize", "extra_spin", "cauldrons", "lid", "ladder_up", "ladder_down",
                                         "ladder_tick", "lose", NULL};

void fruit_play_say(FruitPlay *p, const char *text, bool flash)
{
    snprintf(p->message_buf, sizeof p->message_buf, "%s", text);
    p->message = p->message_buf;
    p->message_flash = flash;
    p->message2[0] = 0;
}

void fruit_play_say2(FruitPlay *p, const char *text)
{
    snprintf(p->message2, sizeof p->message2, "%s", text);
}

void fruit_play_shot(FruitPlay *p, const char *moment, int k)
{
    p->view.shot(p->view.ctx, moment, k);
}

void fruit_play_shot_next(FruitPlay *p, const char *moment)
{
    const int most = (int)(sizeof p->shots / sizeof *p->shots);
    int i = 0;
    while (i < p->nshots && strcmp(p->shots[i].name, moment))
        i++;
    if (i == p->nshots && p->nshots < most) {
        p->shots[i].name = moment;
        p->shots[p->nshots++].n = 0;
    }
    fruit_play_shot(p, moment, i < p->nshots ? ++p->shots[i].n : 0);
}

const char *fruit_play_rung_name(int rung)
{
    static const char *const names[] = {N_("ANY DIAMONDS"), N_("PLUMS"),         N_("GRAPES"),
                                        N_("ORANGES"),      N_("LEMONS"),        N_("BELLS"),
                                        N_("GREEN DIAMOND"), N_("RED DIAMOND"), N_("BLUE DIAMOND")};
    return rung >= 0 && rung < (int)(sizeof names / sizeof *names) ? _(names[rung]) : "";
}

const char *fruit_play_count(int64_t v, char *out, size_t size)
{
    lang_number(v, out, size);
    return out;
}

FruitLadder fruit_play_ladder_from(int lose_to, int rung)
{
    if (rung < 0)
        return LADDER_NONE;
    return lose_to == RISK_LOSES_ALL ? LADDER_UP_NOTHING : lose_to == RISK_FALLS ? LADDER_SEESAW : LADDER_BONUS_UP;
}
