/* synth_temple.h - Gonzo's Gold's sound (synth_temple.c): its table of sounds, which the
 * synthesizer's registry (synth.c) lists as one row. */
#ifndef SLOTCAB_SYNTH_TEMPLE_H
#define SLOTCAB_SYNTH_TEMPLE_H

#include "synth_voice.h"

/* Gonzo's Gold's sounds, a table ending with a row whose name is NULL. */
extern const SynthDef synth_temple_sounds[];

#endif
