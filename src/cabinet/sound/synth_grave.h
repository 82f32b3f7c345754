/* synth_grave.h - the graveyard's sounds (synth_grave.c): its table of sounds, which the
 * synthesizer's registry (synth.c) lists as one row. */
#ifndef SLOTCAB_SYNTH_GRAVE_H
#define SLOTCAB_SYNTH_GRAVE_H

#include "synth_voice.h"

/* The graveyard's sounds, a table ending with a row whose name is NULL. */
extern const SynthDef synth_grave_sounds[];

#endif
