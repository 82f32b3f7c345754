/* synth_grave.h - the graveyard's sounds (synth_grave.c), which synth.c lists by name. Each
 * renders one sound into out as synth_render() does; -1 when out of memory. */
#ifndef SLOTCAB_SYNTH_GRAVE_H
#define SLOTCAB_SYNTH_GRAVE_H

#include "synth_voice.h"

int synth_render_slash(SynthBuffer *out);
int synth_render_strike(SynthBuffer *out);
int synth_render_step(SynthBuffer *out);
int synth_render_whoosh(SynthBuffer *out);
int synth_render_clash(SynthBuffer *out);
int synth_render_cap(SynthBuffer *out);
int synth_render_music_graveyard(SynthBuffer *out);

#endif
