/* synth_fruit.h - the fruit machine's sounds (synth_fruit.c): its table of sounds, which the
 * synthesizer's registry (synth.c) lists as one row. */
#ifndef SLOTCAB_SYNTH_FRUIT_H
#define SLOTCAB_SYNTH_FRUIT_H

#include "synth_voice.h"

/* The fruit machine's sounds, a table ending with a row whose name is NULL. */
extern const SynthDef synth_fruit_sounds[];

#endif
