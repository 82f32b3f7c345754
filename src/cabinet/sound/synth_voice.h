/* synth_voice.h - the synthesizer's instruments and its mix, for the pieces in synth.c.
 * Private to the synthesizer. Times are in seconds, pitches in Hz (or MIDI notes), levels
 * linear, pan from -1 (left) to +1 (right). */
#ifndef SLOTCAB_SYNTH_VOICE_H
#define SLOTCAB_SYNTH_VOICE_H

#include "synth.h"

#include <stddef.h>
#include <stdint.h>

/* A row of a table of sounds (the cabinet's in synth.c, a game's in its own file), which
 * ends with a row whose name is NULL: the sound's name, the function that renders it as
 * synth_render() does (-1 when out of memory), and what it is. */
typedef struct SynthDef {
    const char *name;
    int (*render)(SynthBuffer *out);
    const char *about;
} SynthDef;

/* A note of a tune (the music of synth.c, synth_temple.c and the tunes of
 * synth_fruit.c): start and length in
 * beats, pitch, loudness. */
typedef struct SynthNote {
    double beat;
    double beats;
    int midi;
    double vel;
} SynthNote;

/* A chord of a tune's accompaniment: start and length in beats, four MIDI notes to
 * arpeggiate (the lowest first). */
typedef struct SynthChord {
    double beat;
    double beats;
    int arp[4];
} SynthChord;

typedef struct SynthRng {
    uint32_t state;
} SynthRng;

/* Voices compute in double and accumulate into float: 8 bytes a frame, which later holds
 * the int16 result in place, so a render touches as little fresh memory as it can. */
typedef struct SynthMix {
    float *lr; /* left, right, left, right, ... */
    size_t frames;
    int loop; /* 1: circular timeline, writes past the end wrap to the start */
} SynthMix;

typedef enum SynthFilterKind { SYNTH_LOWPASS, SYNTH_HIGHPASS, SYNTH_BANDPASS } SynthFilterKind;

/* RBJ cookbook biquad, direct form I. */
typedef struct SynthBiquad {
    double b0, b1, b2, a1, a2;
    double x1, x2, y1, y2;
} SynthBiquad;

/* One partial of a struck body: frequency ratio, relative gain, decay time constant (s). */
typedef struct SynthMode {
    double ratio;
    double gain;
    double tau;
} SynthMode;

/* A plucked string model. */
typedef struct SynthPluck {
    double bright;  /* excitation low-pass coefficient, 1 = white noise (bright pick) */
    double pick;    /* plucking point as a fraction of the string: a comb on the excitation */
    double damp;    /* loss filter blend in [0, 0.5]: higher darkens the decay faster */
    double t60;     /* seconds for the fundamental to fall by 60 dB */
    double release; /* damper time constant after note-off (s) */
    double unison;  /* 0: one string; else a second string at this frequency ratio... */
    double level2;  /* ...and this level, panned a little to the right (a harpsichord's two 8' choirs) */
} SynthPluck;

/* A lute's bass strings: the music of synth.c and synth_temple.c. */
extern const SynthPluck synth_lute_bass;

uint32_t synth_rng_next(SynthRng *rng);
double synth_rng_signed(SynthRng *rng);
size_t synth_seconds_frames(double seconds);
double synth_midi_hz(int midi);
void synth_modes_add(SynthMix *m, double t0, double hz, double amp, double pan, double spread,
                     double tau_scale, const SynthMode *modes, size_t count);
int synth_mix_open(SynthMix *m, size_t frames, int loop);
int synth_mix_finish(SynthMix *m, double fade_out, SynthBuffer *out);
int synth_mix_reverb(SynthMix *m, double wet, double room, double damp);
int synth_mix_fail(SynthMix *m);
void synth_fmbell_add(SynthMix *m, double t0, double hz, double ratio, double index, double tau,
                      double amp, double pan);
void synth_pluck_add(SynthMix *m, SynthRng *rng, double t0, double dur, double hz, double amp,
                     double pan, const SynthPluck *p);
SynthBiquad synth_biquad_make(SynthFilterKind kind, double hz, double q);
void synth_burst_add(SynthMix *m, SynthRng *rng, double t0, double attack, double tau, double amp,
                     double pan, SynthBiquad filter);
int synth_drone_add(SynthMix *m, double hz, const double *harm, size_t nharm, double amp,
                    double pan, int64_t lfo_cycles, double lfo_depth, double lfo_turns);
void synth_thump_add(SynthMix *m, double t0, double hz_from, double hz_to, double sweep_tau,
                     double tau, double amp, double pan);
void synth_pad_add(SynthMix *m, double t0, double dur, double hz, double amp, double pan);
void synth_sweep_add(SynthMix *m, SynthRng *rng, double t0, double dur, double hz_from,
                     double hz_to, double q, double amp);
void synth_brass_add(SynthMix *m, double t0, double dur, double hz, double amp, double pan);
int synth_bed_add(SynthMix *m, SynthRng *rng, double amp, SynthBiquad proto, int64_t mod_cycles,
                  double mod_depth);

#endif
