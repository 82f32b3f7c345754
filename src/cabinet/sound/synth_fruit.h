/* synth_fruit.h - the fruit machine's sounds (synth_fruit.c), which synth.c lists by name. Each
 * renders one sound into out as synth_render() does; -1 when out of memory. */
#ifndef SLOTCAB_SYNTH_FRUIT_H
#define SLOTCAB_SYNTH_FRUIT_H

#include "synth_voice.h"

/* A note of a tune (the music of synth.c and the tunes of synth_fruit.c): start and length in
 * beats, pitch, loudness. */
typedef struct SynthNote {
    double beat;
    double beats;
    int midi;
    double vel;
} SynthNote;

int synth_render_nudge(SynthBuffer *out);
int synth_render_advances(SynthBuffer *out);
int synth_render_hold(SynthBuffer *out);
int synth_render_ladder_up(SynthBuffer *out);
int synth_render_ladder_down(SynthBuffer *out);
int synth_render_ladder_tick(SynthBuffer *out);
int synth_render_lose(SynthBuffer *out);
int synth_render_prize(SynthBuffer *out);
int synth_render_extra_spin(SynthBuffer *out);
int synth_render_lid(SynthBuffer *out);
int synth_render_cauldrons(SynthBuffer *out);
int synth_render_music_gnomos(SynthBuffer *out);

#endif
