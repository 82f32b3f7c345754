/*
 * synth_grave.c - the graveyard's sounds (the ways game's cabinet): a scythe's slash, the
 * strike of Sudden Death, the reaper's step, the phoenix's whoosh, a battle's clash, the
 * fanfare of the maximum win and a slow graveyard loop. Each is one render function over
 * the instruments and the mix of synth_voice.c, finished like every other sound (its table, at
 * the end, lists them by name for synth.c's registry).
 */
#include "synth_grave.h"

#include <stddef.h>

/* A struck blade: thin steel, long inharmonic ring. */
static const SynthMode blade_modes[] = {
    { 1.000, 1.00, 0.220 }, { 2.414, 0.55, 0.150 }, { 3.870, 0.35, 0.090 }, { 5.330, 0.20, 0.060 },
};

/* A cast-iron bell tolling far away: a heavy hum and strike note. */
static const SynthMode toll_modes[] = {
    { 0.500, 0.60, 1.400 }, { 1.000, 1.00, 0.900 }, { 1.183, 0.45, 0.700 }, { 1.506, 0.30, 0.500 },
    { 2.000, 0.25, 0.400 }, { 2.514, 0.10, 0.250 },
};

/* Dry bone and soil: one low damped body. */
static const SynthMode bone_modes[] = {
    { 1.000, 1.00, 0.030 }, { 2.700, 0.30, 0.012 },
};

#define N_OF(a) (sizeof(a) / sizeof((a)[0]))

/* The scythe's slash: a noise swish falling from high to low across the stereo field, a
 * blade's ring where it bites. */
static int synth_render_slash(SynthBuffer *out)
{
    SynthRng rng = { 0x51A5u };
    SynthMix m;
    if (synth_mix_open(&m, synth_seconds_frames(0.55), 0) != 0)
        return -1;
    synth_sweep_add(&m, &rng, 0.0, 0.22, 6500.0, 900.0, 2.5, 0.55);
    synth_burst_add(&m, &rng, 0.17, 0.0008, 0.02, 0.7, 0.4, synth_biquad_make(SYNTH_HIGHPASS, 2800.0, 0.8));
    synth_modes_add(&m, 0.17, 1480.0, 0.45, 0.35, 0.3, 0.6, blade_modes, N_OF(blade_modes));
    synth_thump_add(&m, 0.17, 180.0, 70.0, 0.01, 0.05, 0.6, 0.2);
    if (synth_mix_reverb(&m, 0.3, 0.6, 0.5) != 0)
        return synth_mix_fail(&m);
    return synth_mix_finish(&m, 0.08, out);
}

/* Sudden Death: a thunderclap (a bright crack, then a long rumbling low burst) and a bell's
 * toll under it, with a wide reverb. */
static int synth_render_strike(SynthBuffer *out)
{
    SynthRng rng = { 0x57121Eu };
    SynthMix m;
    if (synth_mix_open(&m, synth_seconds_frames(1.4), 0) != 0)
        return -1;
    synth_burst_add(&m, &rng, 0.003, 0.0005, 0.03, 1.0, -0.3, synth_biquad_make(SYNTH_HIGHPASS, 1800.0, 0.7));
    synth_burst_add(&m, &rng, 0.02, 0.004, 0.05, 0.8, 0.3, synth_biquad_make(SYNTH_BANDPASS, 900.0, 0.8));
    synth_burst_add(&m, &rng, 0.05, 0.06, 0.35, 0.9, 0.0, synth_biquad_make(SYNTH_LOWPASS, 260.0, 0.7));
    synth_thump_add(&m, 0.01, 120.0, 38.0, 0.05, 0.30, 1.0, 0.0);
    synth_modes_add(&m, 0.02, synth_midi_hz(50), 0.35, -0.2, 0.3, 0.6, toll_modes, N_OF(toll_modes));
    if (synth_mix_reverb(&m, 0.45, 0.85, 0.4) != 0)
        return synth_mix_fail(&m);
    return synth_mix_finish(&m, 0.25, out);
}

/* The reaper's step: a heavy foot on soil and the knock of bone, twice (a slow stride). */
static int synth_render_step(SynthBuffer *out)
{
    SynthRng rng = { 0x57E9u };
    SynthMix m;
    if (synth_mix_open(&m, synth_seconds_frames(0.5), 0) != 0)
        return -1;
    for (int k = 0; k < 2; k++) {
        double t = 0.004 + 0.2 * (double)k, pan = k ? 0.25 : -0.25;
        synth_thump_add(&m, t, 110.0, 48.0, 0.02, 0.07, 0.9 - 0.2 * (double)k, pan);
        synth_burst_add(&m, &rng, t, 0.001, 0.025, 0.35, pan, synth_biquad_make(SYNTH_LOWPASS, 700.0, 0.7));
        synth_modes_add(&m, t + 0.01, 430.0, 0.25, pan, 0.1, 1.0, bone_modes, N_OF(bone_modes));
    }
    if (synth_mix_reverb(&m, 0.25, 0.6, 0.5) != 0)
        return synth_mix_fail(&m);
    return synth_mix_finish(&m, 0.05, out);
}

/* The phoenix's whoosh: wings (a rising then falling noise sweep) and a trail of bright FM
 * sparks climbing as it flies. */
static int synth_render_whoosh(SynthBuffer *out)
{
    static const int sparks[6] = { 79, 83, 86, 88, 91, 95 };
    SynthRng rng = { 0xF1A3u };
    SynthMix m;
    if (synth_mix_open(&m, synth_seconds_frames(0.8), 0) != 0)
        return -1;
    synth_sweep_add(&m, &rng, 0.0, 0.45, 500.0, 4200.0, 1.6, 0.55);
    synth_sweep_add(&m, &rng, 0.3, 0.35, 3500.0, 1200.0, 1.6, 0.35);
    for (int i = 0; i < 6; i++)
        synth_fmbell_add(&m, 0.08 + 0.06 * (double)i, synth_midi_hz(sparks[i]), 3.5, 1.2, 0.12,
                         0.18 + 0.02 * (double)i, -0.6 + 0.24 * (double)i);
    if (synth_mix_reverb(&m, 0.35, 0.6, 0.4) != 0)
        return synth_mix_fail(&m);
    return synth_mix_finish(&m, 0.1, out);
}

/* A battle: two blades meeting (two clashing rings a tritone apart, left and right), a
 * spray of sparks and a low thud. */
static int synth_render_clash(SynthBuffer *out)
{
    SynthRng rng = { 0xC1A54u };
    SynthMix m;
    if (synth_mix_open(&m, synth_seconds_frames(0.9), 0) != 0)
        return -1;
    synth_burst_add(&m, &rng, 0.003, 0.0004, 0.015, 0.9, 0.0, synth_biquad_make(SYNTH_HIGHPASS, 3000.0, 0.7));
    synth_modes_add(&m, 0.004, 1250.0, 0.6, -0.5, 0.2, 1.2, blade_modes, N_OF(blade_modes));
    synth_modes_add(&m, 0.012, 1768.0, 0.5, 0.5, 0.2, 1.0, blade_modes, N_OF(blade_modes));
    synth_thump_add(&m, 0.004, 150.0, 55.0, 0.02, 0.08, 0.7, 0.0);
    for (int i = 0; i < 5; i++)
        synth_burst_add(&m, &rng, 0.03 + 0.025 * (double)i, 0.0003, 0.004, 0.25, synth_rng_signed(&rng),
                        synth_biquad_make(SYNTH_BANDPASS, 6000.0, 2.0));
    if (synth_mix_reverb(&m, 0.35, 0.7, 0.4) != 0)
        return synth_mix_fail(&m);
    return synth_mix_finish(&m, 0.15, out);
}

/* The maximum win: a brass fanfare in D minor turning to D major (D F A, then D F# A an
 * octave up), timpani rolls under it and the toll of a great bell at its end. */
static int synth_render_cap(SynthBuffer *out)
{
    static const struct { double t, dur; int midi; double amp, pan; } hits[] = {
        { 0.02, 0.25, 62, 0.50, -0.3 }, { 0.02, 0.25, 65, 0.45, 0.3 }, { 0.30, 0.25, 65, 0.50, -0.3 },
        { 0.30, 0.25, 69, 0.45, 0.3 },  { 0.58, 0.25, 69, 0.50, -0.3 }, { 0.58, 0.25, 74, 0.45, 0.3 },
        { 0.90, 2.10, 74, 0.60, -0.4 }, { 0.90, 2.10, 78, 0.55, 0.0 },  { 0.90, 2.10, 81, 0.55, 0.4 },
        { 0.90, 2.10, 62, 0.50, 0.0 },
    };
    SynthRng rng = { 0xCA9u };
    SynthMix m;
    if (synth_mix_open(&m, synth_seconds_frames(3.6), 0) != 0)
        return -1;
    for (size_t i = 0; i < N_OF(hits); i++)
        synth_brass_add(&m, hits[i].t, hits[i].dur, synth_midi_hz(hits[i].midi), hits[i].amp, hits[i].pan);
    for (int k = 0; k < 12; k++)
        synth_thump_add(&m, 0.02 + 0.07 * (double)k, 110.0, 73.0, 0.02, 0.12, 0.25 + 0.03 * (double)k, -0.2);
    synth_thump_add(&m, 0.9, 130.0, 73.0, 0.03, 0.5, 0.9, 0.0);
    synth_modes_add(&m, 0.9, synth_midi_hz(62), 0.5, 0.2, 0.3, 1.0, toll_modes, N_OF(toll_modes));
    synth_sweep_add(&m, &rng, 0.6, 0.5, 1200.0, 8000.0, 1.5, 0.2);
    if (synth_mix_reverb(&m, 0.4, 0.8, 0.4) != 0)
        return synth_mix_fail(&m);
    return synth_mix_finish(&m, 0.4, out);
}

/* The graveyard at night: eight bars of 4/4 at 96 bpm in D minor (Dm Bb Gm A | Dm F Gm A):
 * a soft organ pad holds each chord, a harp picks it slowly, a bell tolls on each bar's one,
 * wind breathes through it and a low D drone hums beneath. The circular mix and the notes'
 * late start make the loop seamless. */
static int synth_render_music_graveyard(SynthBuffer *out)
{
    static const int chords[8][4] = {
        { 50, 57, 62, 65 }, { 46, 53, 58, 62 }, { 43, 55, 58, 62 }, { 45, 52, 57, 61 },
        { 50, 57, 62, 65 }, { 53, 57, 60, 65 }, { 43, 55, 58, 62 }, { 45, 52, 57, 61 },
    };
    static const int arp[8] = { 1, 2, 3, 2, 1, 2, 3, 2 };
    static const double drone[5] = { 1.0, 0.5, 0.25, 0.12, 0.06 };
    static const SynthPluck harp = { 0.28, 0.30, 0.48, 3.0, 0.30, 0.0, 0.0 };
    const double beat = 60.0 / 96.0, lead = 0.04;
    SynthRng rng = { 0x6EA7Eu };
    SynthMix m;
    if (synth_mix_open(&m, synth_seconds_frames(32.0 * beat), 1) != 0)
        return -1;
    for (int b = 0; b < 8; b++) {
        const double bar = lead + 4.0 * (double)b * beat;
        for (int k = 1; k < 4; k++)
            synth_pad_add(&m, bar, 3.8 * beat, synth_midi_hz(chords[b][k]), 0.10, -0.4 + 0.4 * (double)(k - 1));
        synth_pluck_add(&m, &rng, bar, 3.6 * beat, synth_midi_hz(chords[b][0] - 12), 0.45, -0.1, &harp);
        for (int k = 0; k < 8; k++)
            synth_pluck_add(&m, &rng, bar + 0.5 * (double)k * beat + 0.004 * synth_rng_signed(&rng), beat,
                            synth_midi_hz(chords[b][arp[k]] + 12), 0.16 + (k == 0 ? 0.05 : 0.0), 0.3, &harp);
        synth_modes_add(&m, bar, synth_midi_hz(b % 4 == 3 ? 45 : 50), 0.22, -0.3, 0.2, 1.0, toll_modes,
                        N_OF(toll_modes));
    }
    if (synth_bed_add(&m, &rng, 0.05, synth_biquad_make(SYNTH_BANDPASS, 420.0, 1.2), 4, 0.7) != 0 ||
        synth_drone_add(&m, synth_midi_hz(26), drone, 5, 0.04, 0.0, 2, 0.3, 0.0) != 0 ||
        synth_mix_reverb(&m, 0.4, 0.85, 0.45) != 0)
        return synth_mix_fail(&m);
    return synth_mix_finish(&m, 0.0, out);
}

const SynthDef synth_grave_sounds[] = {
    { "slash", synth_render_slash, "a scythe's slash: a falling swish and a blade's ring, 0.55 s" },
    { "strike", synth_render_strike, "Sudden Death: a thunderclap over a bell's toll, 1.4 s" },
    { "step", synth_render_step, "the reaper's stride: two heavy steps on soil and bone, 0.5 s" },
    { "whoosh", synth_render_whoosh, "the phoenix's flight: wings and a trail of sparks, 0.8 s" },
    { "clash", synth_render_clash, "a battle: two blades meeting, sparks, 0.9 s" },
    { "cap", synth_render_cap, "the maximum win: a brass fanfare, timpani and a great bell, 3.6 s" },
    { "music_graveyard", synth_render_music_graveyard,
      "background music of a graveyard at night: organ pad, harp, a tolling bell, wind and a low "
      "drone in D minor, 96 bpm, 8 bars = 20 s, loops seamlessly" },
    { NULL, NULL, NULL },
};
