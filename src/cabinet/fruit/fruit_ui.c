/* fruit_ui.c - the fruit machine scene's small services, under every other file of it: the
 * marquee's words (the play core's), the theme's sounds, the screenshots of named moments,
 * whether reels still turn, and the player's settings. They touch the scene's state, the
 * app and the seat only, and call no other file of the scene. */
#include "fruit_priv.h"

#include <stdio.h>
#include <string.h>

void fruit_cue(Fruit *f, const char *name, AudioLayer layer)
{
    if (!f->play.recovering)
        audio_play(app_audio(f->app), layer, theme_sound(&f->th, name));
}

void fruit_message(Fruit *f, const char *text, bool flash) { fruit_play_say(&f->play, text, flash); }
void fruit_message2(Fruit *f, const char *text) { fruit_play_say2(&f->play, text); }

void fruit_shot(Fruit *f, const char *moment, int k)
{
    char name[96];
    if (k >= 0)
        snprintf(name, sizeof name, "r%02d-%s-%02d", f->play.seat.round_no, moment, k);
    else
        snprintf(name, sizeof name, "r%02d-%s", f->play.seat.round_no, moment);
    app_shot(f->app, name);
}

void fruit_shot_next(Fruit *f, const char *moment) { fruit_play_shot_next(&f->play, moment); }

bool fruit_reels_turning(const Fruit *f)
{
    for (int c = 0; f->play.phase == FP_SPIN && c < FR_REELS; c++)
        if (f->reel[c].spinning && !f->reel[c].landed)
            return true;
    return false;
}

void fruit_settings_load(Fruit *f) { app_settings_load(f->app, &f->def, &f->bet, &f->space_plays); }
void fruit_settings_save(Fruit *f) { app_settings_save(f->app, &f->def, &f->bet, f->space_plays); }
