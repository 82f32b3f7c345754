/* fruit_ui.c - the fruit machine scene's small services, under every other file of it: the
 * timeline's phase, the theme's sounds, the marquee's words, the screenshots of named
 * moments, whether reels still turn, and the player's settings. They touch the scene's
 * state, the app and the seat only, and call no other file of the scene. */
#include "fruit_priv.h"

#include <stdio.h>
#include <string.h>

void fruit_set_phase(Fruit *f, FruitPhase p, int ticks)
{
    f->phase = p;
    f->phase_t0 = app_tick(f->app);
    f->phase_len = f->recovering ? 0 : ticks;
}

void fruit_cue(Fruit *f, ThemeCue c, AudioLayer layer)
{
    if (!f->recovering && f->th.cue[c] >= 0)
        audio_play(app_audio(f->app), layer, f->th.cue[c]);
}

void fruit_message(Fruit *f, const char *text, bool flash)
{
    snprintf(f->message_buf, sizeof f->message_buf, "%s", text);
    f->message = f->message_buf;
    f->message_flash = flash;
    f->message2[0] = 0;
}

void fruit_message2(Fruit *f, const char *text)
{
    snprintf(f->message2, sizeof f->message2, "%s", text);
}

void fruit_shot(Fruit *f, const char *moment, int k)
{
    char name[96];
    if (k >= 0)
        snprintf(name, sizeof name, "r%02d-%s-%02d", f->seat.round_no, moment, k);
    else
        snprintf(name, sizeof name, "r%02d-%s", f->seat.round_no, moment);
    app_shot(f->app, name);
}

void fruit_shot_next(Fruit *f, const char *moment)
{
    int i = 0;
    while (i < f->nshots && strcmp(f->shots[i].name, moment))
        i++;
    if (i == f->nshots && f->nshots < (int)SDL_arraysize(f->shots)) {
        f->shots[i].name = moment;
        f->shots[f->nshots++].n = 0;
    }
    fruit_shot(f, moment, i < f->nshots ? ++f->shots[i].n : 0);
}

bool fruit_reels_turning(const Fruit *f)
{
    for (int c = 0; f->phase == FP_SPIN && c < FR_REELS; c++)
        if (f->reel[c].spinning && !f->reel[c].landed)
            return true;
    return false;
}

void fruit_settings_load(Fruit *f) { app_settings_load(f->app, &f->def, &f->bet, &f->space_plays); }
void fruit_settings_save(Fruit *f) { app_settings_save(f->app, &f->def, &f->bet, f->space_plays); }
