/*
 * synth.h - the cabinet's sound synthesizer.
 *
 * Every sound of the cabinet is computed by synth.c (and a game's own file) at start-up (no sample
 * files): 16-bit interleaved stereo at SYNTH_RATE frames per second, peak
 * normalised to about -1.7 dBFS, identical bytes on every run. Pure C11 + libm.
 */
#ifndef SLOTCAB_SYNTH_H
#define SLOTCAB_SYNTH_H

#include <stddef.h>
#include <stdint.h>

#define SYNTH_RATE 44100

/* A sound the synthesizer makes: its place in the synthesizer's registry (0 to
 * synth_count() - 1), found by its name; -1: no sound. The sounds themselves are rows of
 * tables, the cabinet's in synth.c and each game's in its own file (synth_grave.c,
 * synth_fruit.c), so a new game's sounds are a new file and a row of synth.c, not new values
 * of a shared enum. */
typedef int SynthSound;

typedef struct SynthBuffer {
    int16_t *samples; /* interleaved stereo (left, right), SYNTH_RATE frames per second */
    size_t frames;
} SynthBuffer;

/* How many sounds the synthesizer makes. */
int synth_count(void);

/* The sound's stable snake_case name ("reel_spin", "win_big", ...), which themes
 * use to name sounds; NULL when s is not a sound. */
const char *synth_name(SynthSound s);

/* What the sound is, in a few words ("a short thud-click when a reel lands, 0.15 s"); NULL
 * when s is not a sound. */
const char *synth_about(SynthSound s);

/* The sound named name, or -1 when the name is unknown (or NULL). */
SynthSound synth_find(const char *name);

/* Renders sound s into out. Returns 0 on success, -1 when out of memory or when s
 * is not a sound (out is then {NULL, 0}). The caller frees out->samples with free(). */
int synth_render(SynthSound s, SynthBuffer *out);

#endif /* SLOTCAB_SYNTH_H */
