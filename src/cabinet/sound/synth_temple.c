/*
 * synth_temple.c - Gonzo's Gold's sound (the clusters game's cabinet): the music of a jungle
 * temple, one render function over the instruments and the mix of synth_voice.c, finished
 * like every other sound (its table, at the end, lists it by name for synth.c's registry).
 */
#include "synth_temple.h"

#include <stddef.h>

/* Marimba bar: a rosewood bar tuned to 1 : 4 : 10, warm and quick to fade. */
static const SynthMode synth_marimba_modes[] = {
    { 1.000, 1.00, 0.420 }, { 3.990, 0.22, 0.090 }, { 9.960, 0.06, 0.030 },
};

/* Woodblock: a hollow log's few stiff modes, dry. */
static const SynthMode synth_woodblock_modes[] = {
    { 1.000, 1.00, 0.030 }, { 1.720, 0.45, 0.020 }, { 2.850, 0.20, 0.012 },
};

/* The temple's music: eight bars of 4/4 at 100 bpm in A minor pentatonic over
 * Am G F G | Am Em F-G Am. A marimba ripples each chord in eighth notes over a plucked
 * bass, a breathy pan flute (a soft pad with a puff of noise at each note's start) sings
 * the tune, and a hand-drum kit keeps a jungle pulse: low drums on the one, the and of two
 * and the three, a higher drum answering on four, a woodblock on two and four and a shaker
 * on every eighth. A low A-E drone hums under it. The circular mix and the late start of
 * every note make the loop seamless, as in the
 * Renaissance music of synth.c. */
static int synth_render_music_temple(SynthBuffer *out)
{
    static const SynthNote tune[] = {
        { 0.0, 1.5, 76, 0.90 },  { 1.5, 0.5, 74, 0.70 },  { 2.0, 1.0, 72, 0.80 },  { 3.0, 1.0, 69, 0.75 },
        { 4.0, 1.5, 74, 0.90 },  { 5.5, 0.5, 76, 0.70 },  { 6.0, 1.0, 79, 0.85 },  { 7.0, 1.0, 76, 0.75 },
        { 8.0, 2.0, 72, 0.85 },  { 10.0, 1.0, 69, 0.75 }, { 11.0, 1.0, 72, 0.80 }, { 12.0, 3.0, 74, 0.90 },
        { 16.0, 1.5, 81, 0.95 }, { 17.5, 0.5, 79, 0.70 }, { 18.0, 1.0, 76, 0.85 }, { 19.0, 1.0, 74, 0.75 },
        { 20.0, 1.5, 76, 0.90 }, { 21.5, 0.5, 79, 0.70 }, { 22.0, 1.0, 76, 0.80 }, { 23.0, 0.5, 74, 0.70 },
        { 23.5, 0.5, 72, 0.70 }, { 24.0, 1.0, 72, 0.85 }, { 25.0, 1.0, 69, 0.75 }, { 26.0, 1.0, 74, 0.85 },
        { 27.0, 1.0, 67, 0.75 }, { 28.0, 3.0, 69, 0.90 },
    };
    static const SynthChord chords[] = {
        { 0.0, 4.0, { 57, 64, 69, 72 } },  { 4.0, 4.0, { 55, 62, 67, 71 } },  { 8.0, 4.0, { 53, 60, 65, 69 } },
        { 12.0, 4.0, { 55, 62, 67, 71 } }, { 16.0, 4.0, { 57, 64, 69, 72 } }, { 20.0, 4.0, { 52, 59, 64, 67 } },
        { 24.0, 2.0, { 53, 60, 65, 69 } }, { 26.0, 2.0, { 55, 62, 67, 71 } }, { 28.0, 4.0, { 57, 64, 69, 72 } },
    };
    static const int ripple[8] = { 0, 2, 1, 2, 3, 2, 1, 2 }; /* which chord note on each eighth */
    static const double drone[6] = { 1.0, 0.5, 0.3, 0.15, 0.08, 0.04 };
    const double beat = 60.0 / 100.0;
    const double lead = 0.04; /* notes start 40 ms into the loop: the seam falls between beats */
    SynthRng rng = { 0x7E3B1Eu };
    SynthMix m;
    size_t i, k;
    if (synth_mix_open(&m, synth_seconds_frames(32.0 * beat), 1) != 0)
        return -1;
    for (i = 0; i < sizeof tune / sizeof tune[0]; i++) {
        double t = lead + tune[i].beat * beat + 0.008 * synth_rng_signed(&rng);
        double amp = 0.30 * tune[i].vel * (1.0 + 0.05 * synth_rng_signed(&rng));
        synth_pad_add(&m, t, tune[i].beats * beat * 0.85, synth_midi_hz(tune[i].midi), amp, 0.2);
        synth_burst_add(&m, &rng, t, 0.004, 0.05, amp * 0.25, 0.2,
                        synth_biquad_make(SYNTH_BANDPASS, synth_midi_hz(tune[i].midi) * 2.0, 1.5));
    }
    for (i = 0; i < sizeof chords / sizeof chords[0]; i++) {
        const SynthChord *c = &chords[i];
        synth_pluck_add(&m, &rng, lead + c->beat * beat + 0.004 * synth_rng_signed(&rng), c->beats * beat * 0.9,
                        synth_midi_hz(c->arp[0] - 12), 0.55, -0.05, &synth_lute_bass);
        for (k = 0; k < (size_t)(c->beats * 2.0); k++) {
            double t = lead + (c->beat + 0.5 * (double)k) * beat + 0.005 * synth_rng_signed(&rng);
            double amp = (k % 2 ? 0.22 : 0.30) * (1.0 + 0.08 * synth_rng_signed(&rng));
            synth_modes_add(&m, t, synth_midi_hz(c->arp[ripple[k]]), amp, -0.3, 0.3, 1.0, synth_marimba_modes,
                            sizeof synth_marimba_modes / sizeof synth_marimba_modes[0]);
        }
    }
    for (i = 0; i < 8; i++) {
        double bar = lead + 4.0 * (double)i * beat;
        static const double low[3] = { 0.0, 1.5, 2.0 }, high[2] = { 3.0, 3.5 };
        for (k = 0; k < 3; k++)
            synth_thump_add(&m, bar + low[k] * beat, 150.0, 70.0, 0.02, 0.16, k == 0 ? 0.55 : 0.40, -0.1);
        for (k = 0; k < 2; k++)
            synth_thump_add(&m, bar + high[k] * beat, 260.0, 180.0, 0.015, 0.10, 0.30, 0.35);
        for (k = 1; k < 4; k += 2)
            synth_modes_add(&m, bar + (double)k * beat, 1150.0, 0.16, 0.5, 0.1, 1.0, synth_woodblock_modes,
                            sizeof synth_woodblock_modes / sizeof synth_woodblock_modes[0]);
        for (k = 0; k < 8; k++)
            synth_burst_add(&m, &rng, bar + 0.5 * (double)k * beat, 0.006, 0.03, k % 2 ? 0.05 : 0.08, -0.5,
                            synth_biquad_make(SYNTH_BANDPASS, 7000.0, 1.2));
    }
    if (synth_drone_add(&m, synth_midi_hz(33), drone, 6, 0.030, -0.2, 4, 0.35, 0.0) != 0 ||
        synth_drone_add(&m, synth_midi_hz(40), drone, 6, 0.018, 0.2, 2, 0.35, 0.5) != 0 ||
        synth_mix_reverb(&m, 0.30, 0.75, 0.45) != 0)
        return synth_mix_fail(&m);
    return synth_mix_finish(&m, 0.0, out);
}

const SynthDef synth_temple_sounds[] = {
    { "music_temple", synth_render_music_temple,
      "background music of a jungle temple: marimba ripples, a breathy pan flute tune in A minor "
      "pentatonic, hand drums, woodblock and shaker over a low drone, 100 bpm, 8 bars = 19.2 s, "
      "loops seamlessly" },
    { NULL, NULL, NULL },
};
