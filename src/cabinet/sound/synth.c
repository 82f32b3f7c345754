/*
 * synth.c - the sound synthesizer of the slotcab cabinet: its pieces, one render
 * function per sound, over the instruments and the mix of synth_voice.c, and its registry.
 *
 * A sound is a row of a table, {name, render function, what it is}: the cabinet's in this
 * file, each game's own in its file (synth_temple.c, synth_grave.c, synth_fruit.c). The
 * registry at the end lists the tables; a sound's number (SynthSound) is its place across
 * them, and themes find it by its name. A new game's sounds are a new file and a row there.
 *
 * The cabinet ships no sample files: every sound it plays is computed here,
 * once, at start-up, into a 16-bit stereo buffer that the audio layer wraps
 * into mixer chunks. The idea is a tiny offline studio. Each sound owns one
 * static render function that places notes of a few instruments on a
 * floating-point stereo mix: struck modal bells (a bank of decaying resonators,
 * one per partial), FM bells, Karplus-Strong plucked strings (harpsichord, lute,
 * harp), a band-limited sawtooth through an envelope-driven low-pass for brass,
 * pitch-swept sines for thumps and timpani, filtered noise bursts for mechanics,
 * additive pads and wavetable drones. The mix then passes through one shared
 * finishing chain: a small Schroeder reverb (where the sound asks for one),
 * click-free raised-cosine fades, peak normalisation to about -1.7 dBFS and
 * rounding to int16.
 *
 * Loops (the reel whirr and the music) are rendered on a circular timeline:
 * a note that runs past the end carries on at the start, sustained tones use a
 * whole number of cycles per loop, and every recursive filter is primed with
 * the loop's own tail before it writes, so the end runs into the start without
 * a seam. Everything is deterministic: noise comes from a xorshift generator
 * with a fixed seed per sound, and nothing reads the clock or shared state.
 * Per-sample work avoids libm (oscillators use a polynomial sine or a rotating
 * phasor, envelopes and resonators are recurrences) and keeps feedback paths
 * short, so all sounds together render in about 0.1 s on a 2 GHz core.
 */
#include "synth_fruit.h"
#include "synth_grave.h"
#include "synth_temple.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Glockenspiel bar: free-bar modes, bright and short. */
static const SynthMode synth_glock_modes[] = {
    { 1.000, 1.00, 0.140 }, { 2.756, 0.30, 0.060 }, { 5.404, 0.12, 0.030 }, { 8.933, 0.05, 0.018 },
};

/* Handbell: strong fundamental and twelfth, a little inharmonic shimmer. */
static const SynthMode synth_handbell_modes[] = {
    { 1.000, 1.00, 0.300 }, { 2.000, 0.15, 0.180 }, { 3.000, 0.45, 0.120 },
    { 4.200, 0.08, 0.060 }, { 5.400, 0.06, 0.040 }, { 6.800, 0.03, 0.030 },
};

/* Timpani membrane: the near-harmonic (1,1) (2,1) (3,1) ... modes. */
static const SynthMode synth_timpani_modes[] = {
    { 1.000, 1.00, 0.320 }, { 1.504, 0.50, 0.220 }, { 1.742, 0.22, 0.160 },
    { 2.000, 0.20, 0.120 }, { 2.245, 0.10, 0.090 },
};

/* Small metal disc (a coin): inharmonic plate modes, very short. */
static const SynthMode synth_coin_modes[] = {
    { 1.000, 1.00, 0.012 }, { 1.505, 0.60, 0.009 }, { 2.080, 0.40, 0.007 }, { 2.670, 0.25, 0.005 },
};

/* Reel mechanism clack: a stiff plastic/metal part. */
static const SynthMode synth_clack_modes[] = {
    { 1.000, 1.00, 0.018 }, { 2.310, 0.60, 0.011 }, { 3.400, 0.35, 0.007 },
};

/* Interface key: a small, dry "tock". */
static const SynthMode synth_key_modes[] = {
    { 1.000, 1.00, 0.007 }, { 2.700, 0.35, 0.003 },
};

/* Body of a key or a mechanism: one low damped mode. */
static const SynthMode synth_body_modes[] = {
    { 1.000, 1.00, 0.009 },
};

static const SynthPluck synth_harpsichord = { 0.55, 0.12, 0.22, 4.0, 0.05, 1.0015, 0.8 };
static const SynthPluck synth_lute = { 0.35, 0.22, 0.50, 2.2, 0.15, 0.0, 0.0 };
static const SynthPluck synth_harp = { 0.28, 0.30, 0.48, 3.0, 0.30, 0.0, 0.0 };

/* ------------------------------------------------------------------------ */
/* Sounds: one render function each                                          */
/* ------------------------------------------------------------------------ */

/* A note for the brass section: start, held length (s), pitch, level, pan. The section
 * plays slightly out of tune with itself (a few cents), which makes it sound like one. */
typedef struct SynthHit {
    double t;
    double dur;
    int midi;
    double amp;
    double pan;
} SynthHit;

static void synth_hits_brass_add(SynthMix *m, const SynthHit *hits, size_t count)
{
    size_t i;
    static const double ensemble[3] = { 0.99827, 1.0, 1.00173 }; /* -3, 0, +3 cents */
    for (i = 0; i < count; i++)
        synth_brass_add(m, hits[i].t, hits[i].dur, synth_midi_hz(hits[i].midi) * ensemble[i % 3u], hits[i].amp,
                        hits[i].pan);
}

/* Timpani: membrane modes, a pitch-dropping thump for the stick's impact and a felt
 * noise burst; ring scales how long the drum sounds (short for the hits of a roll). */
static void synth_timpani_add(SynthMix *m, SynthRng *rng, double t0, int midi, double amp, double ring)
{
    double hz = synth_midi_hz(midi);
    synth_modes_add(m, t0, hz, amp * 0.6, -0.2, 0.1, ring, synth_timpani_modes,
                    sizeof synth_timpani_modes / sizeof synth_timpani_modes[0]);
    synth_thump_add(m, t0, hz * 1.6, hz, 0.015, 0.09 * ring, amp * 0.8, -0.2);
    synth_burst_add(m, rng, t0, 0.0005, 0.012, amp * 0.6, -0.2, synth_biquad_make(SYNTH_LOWPASS, 900.0, 0.7));
}

/* Reels spinning: three reels ticking five times a loop each (a band-passed noise snap
 * plus a small clack resonance per symbol passing), offset unevenly so that they ripple
 * across the stereo field in a gallop rather than a buzz, over a soft whirr (band-passed
 * noise pulsing with the ticks) and a faint motor hum; all on a 0.5 s circle. */
static int synth_render_reel_spin(SynthBuffer *out)
{
    static const double reel_pan[3] = { -0.6, 0.0, 0.6 };
    static const double reel_hz[3] = { 2300.0, 2050.0, 2550.0 };
    static const double reel_offset[3] = { 0.2, 0.53, 0.87 }; /* in ticks; none near the seam */
    static const double hum[4] = { 1.0, 0.5, 0.25, 0.12 };
    const size_t ticks = 5;
    const double loop = 0.5;
    SynthRng rng = { 0x5EE1u };
    SynthMix m;
    size_t reel, k;
    if (synth_mix_open(&m, synth_seconds_frames(loop), 1) != 0)
        return -1;
    for (reel = 0; reel < 3; reel++) {
        for (k = 0; k < ticks; k++) {
            double t = ((double)k + reel_offset[reel] + 0.03 * synth_rng_signed(&rng)) * loop / (double)ticks;
            double amp = 0.85 + 0.15 * synth_rng_signed(&rng);
            synth_burst_add(&m, &rng, t, 0.0003, 0.004, amp, reel_pan[reel],
                            synth_biquad_make(SYNTH_BANDPASS, reel_hz[reel], 3.0));
            synth_modes_add(&m, t, 1300.0 * (1.0 + 0.06 * (double)reel), amp * 0.3, reel_pan[reel], 0.1, 0.5,
                            synth_clack_modes, sizeof synth_clack_modes / sizeof synth_clack_modes[0]);
        }
    }
    if (synth_bed_add(&m, &rng, 0.3, synth_biquad_make(SYNTH_BANDPASS, 520.0, 1.4), (int64_t)ticks * 2, 0.5) != 0 ||
        synth_drone_add(&m, 90.0, hum, 4, 0.04, 0.0, 2, 0.2, 0.0) != 0 ||
        synth_mix_reverb(&m, 0.15, 0.5, 0.5) != 0)
        return synth_mix_fail(&m);
    return synth_mix_finish(&m, 0.0, out);
}

/* A reel landing: a low thud falling in pitch, a sharp click, a clack resonance and a
 * faint settling bounce. */
static int synth_render_reel_stop(SynthBuffer *out)
{
    SynthRng rng = { 0x57092u };
    SynthMix m;
    if (synth_mix_open(&m, synth_seconds_frames(0.15), 0) != 0)
        return -1;
    synth_thump_add(&m, 0.0015, 160.0, 62.0, 0.012, 0.03, 1.0, 0.0);
    synth_burst_add(&m, &rng, 0.002, 0.0003, 0.0025, 0.7, 0.1, synth_biquad_make(SYNTH_HIGHPASS, 2500.0, 0.7));
    synth_modes_add(&m, 0.002, 1180.0, 0.35, 0.0, 0.2, 1.0, synth_clack_modes,
                    sizeof synth_clack_modes / sizeof synth_clack_modes[0]);
    synth_modes_add(&m, 0.046, 1240.0, 0.08, 0.1, 0.2, 0.6, synth_clack_modes,
                    sizeof synth_clack_modes / sizeof synth_clack_modes[0]);
    synth_burst_add(&m, &rng, 0.046, 0.0003, 0.002, 0.15, -0.1, synth_biquad_make(SYNTH_HIGHPASS, 3000.0, 0.7));
    if (synth_mix_reverb(&m, 0.15, 0.45, 0.5) != 0)
        return synth_mix_fail(&m);
    return synth_mix_finish(&m, 0.02, out);
}

/* Interface click: a small dry "tock" (key mode + body mode) with a tiny noise tick. */
static int synth_render_button(SynthBuffer *out)
{
    SynthRng rng = { 0xB077u };
    SynthMix m;
    if (synth_mix_open(&m, synth_seconds_frames(0.06), 0) != 0)
        return -1;
    synth_modes_add(&m, 0.0012, 1850.0, 0.6, 0.0, 0.1, 1.0, synth_key_modes,
                    sizeof synth_key_modes / sizeof synth_key_modes[0]);
    synth_modes_add(&m, 0.0012, 520.0, 0.5, 0.0, 0.0, 1.0, synth_body_modes,
                    sizeof synth_body_modes / sizeof synth_body_modes[0]);
    synth_burst_add(&m, &rng, 0.001, 0.0002, 0.0008, 0.5, 0.0, synth_biquad_make(SYNTH_BANDPASS, 5000.0, 1.0));
    return synth_mix_finish(&m, 0.012, out);
}

/* Small win: two glockenspiel strikes a fifth apart (D6, A6) with a soft octave sparkle. */
static int synth_render_win_small(SynthBuffer *out)
{
    SynthMix m;
    const size_t count = sizeof synth_glock_modes / sizeof synth_glock_modes[0];
    if (synth_mix_open(&m, synth_seconds_frames(0.5), 0) != 0)
        return -1;
    synth_modes_add(&m, 0.003, synth_midi_hz(86), 0.8, -0.3, 0.2, 0.85, synth_glock_modes, count);
    synth_modes_add(&m, 0.075, synth_midi_hz(93), 1.0, 0.3, 0.2, 0.85, synth_glock_modes, count);
    synth_modes_add(&m, 0.080, synth_midi_hz(98), 0.25, 0.0, 0.4, 0.6, synth_glock_modes, count);
    if (synth_mix_reverb(&m, 0.35, 0.6, 0.4) != 0)
        return synth_mix_fail(&m);
    return synth_mix_finish(&m, 0.06, out);
}

/* Medium win: handbells rising up a D major arpeggio from D5 to D7, moving left to
 * right, then the D major chord struck together. */
static int synth_render_win_medium(SynthBuffer *out)
{
    static const int arp[7] = { 74, 78, 81, 86, 90, 93, 98 };
    static const int chord[4] = { 74, 78, 81, 86 };
    const size_t count = sizeof synth_handbell_modes / sizeof synth_handbell_modes[0];
    SynthMix m;
    size_t i;
    if (synth_mix_open(&m, synth_seconds_frames(1.2), 0) != 0)
        return -1;
    for (i = 0; i < 7; i++)
        synth_modes_add(&m, 0.003 + 0.075 * (double)i, synth_midi_hz(arp[i]), 0.55 + 0.05 * (double)i,
                        -0.7 + 0.233 * (double)i, 0.15, 0.7, synth_handbell_modes, count);
    for (i = 0; i < 4; i++)
        synth_modes_add(&m, 0.56 + 0.008 * (double)i, synth_midi_hz(chord[i]), 0.45, -0.45 + 0.3 * (double)i, 0.15,
                        0.8, synth_handbell_modes, count);
    if (synth_mix_reverb(&m, 0.35, 0.7, 0.4) != 0)
        return synth_mix_fail(&m);
    return synth_mix_finish(&m, 0.12, out);
}

/* Big win: a brass fanfare in D major - a triplet pickup on A, the D chord, a quick
 * IV-V (G, A) and a held D major chord - with timpani and a glockenspiel sparkle. */
static int synth_render_win_big(SynthBuffer *out)
{
    static const SynthHit brass[] = {
        { 0.000, 0.065, 69, 0.90, 0.1 },  { 0.000, 0.065, 57, 0.60, -0.2 }, { 0.133, 0.065, 69, 0.90, 0.1 },
        { 0.133, 0.065, 57, 0.60, -0.2 }, { 0.267, 0.065, 69, 0.90, 0.1 },  { 0.267, 0.065, 57, 0.60, -0.2 },
        { 0.400, 0.50, 50, 0.70, 0.0 },  { 0.400, 0.50, 62, 0.60, -0.4 }, { 0.400, 0.50, 66, 0.60, 0.3 },
        { 0.400, 0.50, 69, 0.60, -0.1 }, { 0.400, 0.50, 74, 0.70, 0.2 },  { 1.000, 0.24, 55, 0.70, 0.0 },
        { 1.000, 0.24, 67, 0.60, -0.3 }, { 1.000, 0.24, 71, 0.60, 0.3 },  { 1.000, 0.24, 74, 0.70, 0.1 },
        { 1.300, 0.24, 57, 0.70, 0.0 },  { 1.300, 0.24, 69, 0.60, -0.3 }, { 1.300, 0.24, 73, 0.60, 0.3 },
        { 1.300, 0.24, 76, 0.70, 0.1 },  { 1.600, 1.00, 50, 0.75, 0.0 },  { 1.600, 1.00, 62, 0.60, -0.4 },
        { 1.600, 1.00, 66, 0.60, 0.4 },  { 1.600, 1.00, 69, 0.60, -0.15 }, { 1.600, 1.00, 74, 0.70, 0.15 },
        { 1.600, 1.00, 78, 0.55, 0.3 },
    };
    const size_t glock = sizeof synth_glock_modes / sizeof synth_glock_modes[0];
    SynthRng rng = { 0xB16u };
    SynthMix m;
    size_t i;
    if (synth_mix_open(&m, synth_seconds_frames(3.0), 0) != 0)
        return -1;
    synth_hits_brass_add(&m, brass, sizeof brass / sizeof brass[0]);
    synth_timpani_add(&m, &rng, 0.40, 50, 0.9, 1.0);
    synth_timpani_add(&m, &rng, 1.00, 43, 0.7, 1.0);
    synth_timpani_add(&m, &rng, 1.30, 45, 0.7, 1.0);
    synth_timpani_add(&m, &rng, 1.60, 50, 1.0, 1.0);
    for (i = 0; i < 9; i++) /* a crescendo roll into the cut-off */
        synth_timpani_add(&m, &rng, 2.05 + 0.06 * (double)i, 38, 0.15 + 0.05 * (double)i, 0.35);
    synth_timpani_add(&m, &rng, 2.60, 38, 1.0, 1.0);
    synth_modes_add(&m, 1.60, synth_midi_hz(86), 0.35, -0.5, 0.2, 1.5, synth_glock_modes, glock);
    synth_modes_add(&m, 1.65, synth_midi_hz(93), 0.30, 0.5, 0.2, 1.5, synth_glock_modes, glock);
    synth_modes_add(&m, 1.70, synth_midi_hz(98), 0.25, 0.0, 0.3, 1.5, synth_glock_modes, glock);
    if (synth_mix_reverb(&m, 0.2, 0.72, 0.5) != 0)
        return synth_mix_fail(&m);
    return synth_mix_finish(&m, 0.3, out);
}

/* Coin clink: two quick contacts of a small metal disc (inharmonic plate modes) with a
 * faint high noise tick. */
static int synth_render_coin_tick(SynthBuffer *out)
{
    const size_t count = sizeof synth_coin_modes / sizeof synth_coin_modes[0];
    SynthRng rng = { 0xC014u };
    SynthMix m;
    if (synth_mix_open(&m, synth_seconds_frames(0.05), 0) != 0)
        return -1;
    synth_modes_add(&m, 0.0012, 3900.0, 1.0, -0.1, 0.15, 1.0, synth_coin_modes, count);
    synth_modes_add(&m, 0.0115, 4350.0, 0.45, 0.15, 0.15, 0.8, synth_coin_modes, count);
    synth_burst_add(&m, &rng, 0.001, 0.0002, 0.0006, 0.3, 0.0, synth_biquad_make(SYNTH_HIGHPASS, 6000.0, 0.7));
    return synth_mix_finish(&m, 0.01, out);
}

/* Scatter: quick glockenspiel pings climbing a D major pentatonic, scattered across the
 * stereo field and growing louder, over a rising noise swoosh, landing on a high dyad. */
static int synth_render_scatter(SynthBuffer *out)
{
    static const int notes[9] = { 81, 83, 86, 88, 90, 93, 95, 98, 100 };
    const size_t count = sizeof synth_glock_modes / sizeof synth_glock_modes[0];
    SynthRng rng = { 0x5CA7u };
    SynthMix m;
    size_t i;
    if (synth_mix_open(&m, synth_seconds_frames(0.4), 0) != 0)
        return -1;
    synth_sweep_add(&m, &rng, 0.0, 0.26, 1500.0, 7000.0, 2.0, 0.35);
    for (i = 0; i < 9; i++)
        synth_modes_add(&m, 0.003 + 0.022 * (double)i, synth_midi_hz(notes[i]), 0.30 + 0.04 * (double)i,
                        0.8 * synth_rng_signed(&rng), 0.2, 0.5, synth_glock_modes, count);
    synth_modes_add(&m, 0.205, synth_midi_hz(98), 0.8, -0.3, 0.2, 0.8, synth_glock_modes, count);
    synth_modes_add(&m, 0.205, synth_midi_hz(102), 0.6, 0.3, 0.2, 0.8, synth_glock_modes, count);
    if (synth_mix_reverb(&m, 0.4, 0.6, 0.4) != 0)
        return synth_mix_fail(&m);
    return synth_mix_finish(&m, 0.05, out);
}

/* Anticipation: a filtered noise sweep rising two octaves under a glockenspiel tremolo whose
 * notes climb a whole-tone scale and come ever closer together, panned side to side: the
 * reels are about to decide. */
static int synth_render_anticipation(SynthBuffer *out)
{
    static const int steps[6] = { 76, 78, 80, 82, 84, 86 };
    const size_t count = sizeof synth_glock_modes / sizeof synth_glock_modes[0];
    SynthRng rng = { 0xA171u };
    SynthMix m;
    if (synth_mix_open(&m, synth_seconds_frames(1.6), 0) != 0)
        return -1;
    synth_sweep_add(&m, &rng, 0.0, 1.45, 600.0, 2400.0, 3.0, 0.30);
    double t = 0.01, gap = 0.16;
    for (int i = 0; t < 1.35; i++) {
        int note = steps[(i / 3) % 6] + (i % 2 ? 12 : 0);
        synth_modes_add(&m, t, synth_midi_hz(note), 0.16 + 0.012 * (double)i, i % 2 ? 0.5 : -0.5, 0.2,
                        0.35, synth_glock_modes, count);
        t += gap;
        gap = gap > 0.06 ? gap * 0.93 : gap;
    }
    if (synth_mix_reverb(&m, 0.35, 0.6, 0.4) != 0)
        return synth_mix_fail(&m);
    return synth_mix_finish(&m, 0.12, out);
}

/* Jewel: glassy FM bells (carrier:modulator 1:3.5, low index) on A6 and E7, each a pair
 * detuned by a few cents and panned apart so they beat into a shimmer, followed by a
 * trickle of tiny high pings. */
static int synth_render_jewel(SynthBuffer *out)
{
    static const int sparkle[6] = { 98, 105, 100, 102, 109, 107 };
    const size_t count = sizeof synth_glock_modes / sizeof synth_glock_modes[0];
    SynthRng rng = { 0x7E3Eu };
    SynthMix m;
    size_t i;
    if (synth_mix_open(&m, synth_seconds_frames(0.5), 0) != 0)
        return -1;
    synth_fmbell_add(&m, 0.002, 1760.0 * 0.997, 3.5, 1.6, 0.15, 0.5, -0.6);
    synth_fmbell_add(&m, 0.002, 1760.0 * 1.003, 3.5, 1.6, 0.15, 0.5, 0.6);
    synth_fmbell_add(&m, 0.018, 2637.0 * 0.996, 3.5, 1.2, 0.12, 0.3, 0.5);
    synth_fmbell_add(&m, 0.018, 2637.0 * 1.004, 3.5, 1.2, 0.12, 0.3, -0.5);
    for (i = 0; i < 6; i++)
        synth_modes_add(&m, 0.04 + 0.03 * (double)i, synth_midi_hz(sparkle[i]), 0.22 - 0.025 * (double)i,
                        0.7 * synth_rng_signed(&rng), 0.2, 0.45, synth_glock_modes, count);
    if (synth_mix_reverb(&m, 0.5, 0.72, 0.3) != 0)
        return synth_mix_fail(&m);
    return synth_mix_finish(&m, 0.06, out);
}

/* Free spins intro: a harp glissando up two octaves of D major (D4-D6) sweeping left to
 * right, then a rolled D major chord on the harp with a handbell on top and a soft pad. */
static int synth_render_feature_intro(SynthBuffer *out)
{
    static const int scale[7] = { 0, 2, 4, 5, 7, 9, 11 };
    static const int chord[6] = { 50, 57, 62, 66, 69, 74 };
    static const int pad[3] = { 62, 66, 69 };
    const size_t bell = sizeof synth_handbell_modes / sizeof synth_handbell_modes[0];
    SynthRng rng = { 0x1D7Cu };
    SynthMix m;
    size_t i;
    if (synth_mix_open(&m, synth_seconds_frames(2.0), 0) != 0)
        return -1;
    for (i = 0; i < 15; i++) {
        int midi = 62 + 12 * (int)(i / 7) + scale[i % 7];
        synth_pluck_add(&m, &rng, 0.003 + 0.04 * (double)i, 1.1, synth_midi_hz(midi), 0.45 + 0.015 * (double)i,
                        -0.8 + 0.114 * (double)i, &synth_harp);
    }
    for (i = 0; i < 6; i++)
        synth_pluck_add(&m, &rng, 0.66 + 0.018 * (double)i, 1.15, synth_midi_hz(chord[i]), 0.6,
                        -0.5 + 0.2 * (double)i, &synth_harp);
    synth_modes_add(&m, 0.66 + 0.11, synth_midi_hz(86), 0.3, 0.2, 0.15, 1.4, synth_handbell_modes, bell);
    for (i = 0; i < 3; i++)
        synth_pad_add(&m, 0.62, 1.0, synth_midi_hz(pad[i]), 0.09, -0.3 + 0.3 * (double)i);
    if (synth_mix_reverb(&m, 0.4, 0.8, 0.4) != 0)
        return synth_mix_fail(&m);
    return synth_mix_finish(&m, 0.25, out);
}

/* Free spins outro: a IV - V7 - I cadence in D (G, A7, D) on rolled harp chords over a
 * lute bass and a soft pad, the top voice (B - C# - D) rung on a handbell. */
static int synth_render_feature_outro(SynthBuffer *out)
{
    static const int chords[3][4] = { { 55, 59, 62, 67 }, { 57, 61, 64, 67 }, { 50, 57, 62, 66 } };
    static const int bass[3] = { 43, 45, 38 };
    static const int top[3] = { 71, 73, 74 };
    static const double start[3] = { 0.003, 0.5, 1.0 };
    static const double hold[3] = { 0.5, 0.5, 0.8 };
    const size_t bell = sizeof synth_handbell_modes / sizeof synth_handbell_modes[0];
    SynthRng rng = { 0x0C7Du };
    SynthMix m;
    size_t c, v;
    if (synth_mix_open(&m, synth_seconds_frames(2.0), 0) != 0)
        return -1;
    for (c = 0; c < 3; c++) {
        double t = start[c];
        synth_pluck_add(&m, &rng, t, hold[c], synth_midi_hz(bass[c]), 0.7, -0.1, &synth_lute_bass);
        for (v = 0; v < 4; v++) {
            synth_pluck_add(&m, &rng, t + 0.02 * (double)(v + 1), hold[c], synth_midi_hz(chords[c][v]), 0.45,
                            -0.4 + 0.25 * (double)v, &synth_harp);
            synth_pad_add(&m, t, hold[c], synth_midi_hz(chords[c][v]), 0.06, 0.3 - 0.2 * (double)v);
        }
        synth_modes_add(&m, t + 0.1, synth_midi_hz(top[c]), c == 2 ? 0.5 : 0.35, 0.25, 0.15, c == 2 ? 1.5 : 1.0,
                        synth_handbell_modes, bell);
    }
    if (synth_mix_reverb(&m, 0.4, 0.8, 0.4) != 0)
        return synth_mix_fail(&m);
    return synth_mix_finish(&m, 0.25, out);
}

/* Jackpot: a long brass fanfare in D (pickup, D, G-A-D, G-A, a held D major chord) with
 * timpani and a crescendo roll, a handbell peal descending the D major scale over it, big
 * FM bells on the two D downbeats, and a shower of coin-like glockenspiel pings at the end. */
static int synth_render_jackpot(SynthBuffer *out)
{
    static const SynthHit brass[] = {
        { 0.000, 0.065, 69, 0.90, 0.1 },   { 0.000, 0.065, 57, 0.60, -0.2 },  { 0.133, 0.065, 69, 0.90, 0.1 },
        { 0.133, 0.065, 57, 0.60, -0.2 },  { 0.267, 0.065, 69, 0.90, 0.1 },   { 0.267, 0.065, 57, 0.60, -0.2 },
        { 0.400, 0.52, 50, 0.70, 0.0 },   { 0.400, 0.52, 62, 0.60, -0.4 },  { 0.400, 0.52, 66, 0.60, 0.3 },
        { 0.400, 0.52, 69, 0.60, -0.1 },  { 0.400, 0.52, 74, 0.70, 0.2 },   { 1.000, 0.26, 55, 0.70, 0.0 },
        { 1.000, 0.26, 67, 0.60, -0.3 },  { 1.000, 0.26, 71, 0.60, 0.3 },   { 1.000, 0.26, 74, 0.70, 0.1 },
        { 1.300, 0.26, 57, 0.70, 0.0 },   { 1.300, 0.26, 69, 0.60, -0.3 },  { 1.300, 0.26, 73, 0.60, 0.3 },
        { 1.300, 0.26, 76, 0.70, 0.1 },   { 1.600, 0.26, 50, 0.70, 0.0 },   { 1.600, 0.26, 62, 0.60, -0.4 },
        { 1.600, 0.26, 66, 0.60, 0.3 },   { 1.600, 0.26, 74, 0.70, 0.1 },   { 1.900, 0.17, 55, 0.70, 0.0 },
        { 1.900, 0.17, 71, 0.60, -0.3 },  { 1.900, 0.17, 79, 0.60, 0.3 },   { 2.100, 0.17, 57, 0.70, 0.0 },
        { 2.100, 0.17, 73, 0.60, -0.3 },  { 2.100, 0.17, 81, 0.60, 0.3 },   { 2.300, 1.20, 50, 0.75, 0.0 },
        { 2.300, 1.20, 57, 0.60, -0.3 },  { 2.300, 1.20, 62, 0.60, 0.35 },  { 2.300, 1.20, 66, 0.60, -0.15 },
        { 2.300, 1.20, 69, 0.60, 0.15 },  { 2.300, 1.20, 74, 0.65, -0.35 }, { 2.300, 1.20, 78, 0.55, 0.3 },
    };
    static const int peal[8] = { 98, 97, 95, 93, 91, 90, 88, 86 };
    static const int coins[5] = { 86, 88, 90, 93, 95 };
    const size_t bell = sizeof synth_handbell_modes / sizeof synth_handbell_modes[0];
    const size_t glock = sizeof synth_glock_modes / sizeof synth_glock_modes[0];
    SynthRng rng = { 0x1ACC907u };
    SynthMix m;
    size_t i;
    if (synth_mix_open(&m, synth_seconds_frames(4.0), 0) != 0)
        return -1;
    synth_hits_brass_add(&m, brass, sizeof brass / sizeof brass[0]);
    synth_timpani_add(&m, &rng, 0.40, 50, 0.9, 1.0);
    synth_timpani_add(&m, &rng, 1.00, 43, 0.7, 1.0);
    synth_timpani_add(&m, &rng, 1.30, 45, 0.7, 1.0);
    synth_timpani_add(&m, &rng, 1.60, 50, 0.9, 1.0);
    synth_timpani_add(&m, &rng, 1.90, 43, 0.7, 1.0);
    synth_timpani_add(&m, &rng, 2.10, 45, 0.7, 1.0);
    synth_timpani_add(&m, &rng, 2.30, 50, 1.0, 1.0);
    for (i = 0; i < 11; i++)
        synth_timpani_add(&m, &rng, 2.85 + 0.055 * (double)i, 38, 0.12 + 0.05 * (double)i, 0.35);
    synth_timpani_add(&m, &rng, 3.50, 38, 1.0, 1.0);
    for (i = 0; i < 19; i++)
        synth_modes_add(&m, 0.40 + 0.1 * (double)i, synth_midi_hz(peal[i % 8]), 0.3, (i & 1u) ? 0.5 : -0.5, 0.15,
                        0.8, synth_handbell_modes, bell);
    synth_fmbell_add(&m, 0.40, synth_midi_hz(74), 1.4, 2.5, 0.8, 0.35, -0.3);
    synth_fmbell_add(&m, 0.40, synth_midi_hz(86), 1.4, 2.0, 0.6, 0.25, 0.3);
    synth_fmbell_add(&m, 2.30, synth_midi_hz(74), 1.4, 2.5, 0.9, 0.4, -0.3);
    synth_fmbell_add(&m, 2.30, synth_midi_hz(81), 1.4, 2.2, 0.8, 0.3, 0.3);
    synth_fmbell_add(&m, 2.30, synth_midi_hz(86), 1.4, 2.0, 0.7, 0.25, 0.0);
    for (i = 0; i < 26; i++) {
        /* one draw per declarator: C leaves the order of operands and arguments unspecified */
        int note = coins[synth_rng_next(&rng) % 5u];
        int midi = note + 12 * (int)(synth_rng_next(&rng) % 2u);
        double t = 2.32 + 0.05 * (double)i + 0.01 * synth_rng_signed(&rng);
        double pan = 0.8 * synth_rng_signed(&rng);
        synth_modes_add(&m, t, synth_midi_hz(midi), 0.22 - 0.006 * (double)i, pan, 0.2, 0.6, synth_glock_modes,
                        glock);
    }
    if (synth_mix_reverb(&m, 0.22, 0.75, 0.5) != 0)
        return synth_mix_fail(&m);
    return synth_mix_finish(&m, 0.35, out);
}

/* A chord of the music: start and length in beats, four lute notes (one a beat). */
/* Background music: eight bars of 4/4 at 90 bpm over the passamezzo antico ground
 * (Dm C Dm A | F C Dm-A Dm), D dorian in the tune (the raised B of bar 3) with the
 * period's sharpened C# over A. A two-string harpsichord plays the tune, a lute picks
 * the chords a beat at a time over lute bass notes, and a soft D-A drone swells
 * underneath. The circular mix wraps note tails and the reverb, so the loop is seamless;
 * every note starts a little after its beat's frame so that the loop point itself falls
 * on decaying tails rather than on a pluck's attack. */
static int synth_render_music(SynthBuffer *out)
{
    static const SynthNote tune[] = {
        { 0.0, 1.5, 74, 0.95 },  { 1.5, 0.5, 76, 0.70 },  { 2.0, 1.0, 77, 0.85 },  { 3.0, 1.0, 74, 0.75 },
        { 4.0, 1.0, 76, 0.90 },  { 5.0, 1.0, 79, 0.80 },  { 6.0, 1.0, 76, 0.80 },  { 7.0, 1.0, 72, 0.75 },
        { 8.0, 1.0, 74, 0.90 },  { 9.0, 0.5, 77, 0.75 },  { 9.5, 0.5, 79, 0.70 },  { 10.0, 1.0, 81, 0.90 },
        { 11.0, 0.5, 83, 0.75 }, { 11.5, 0.5, 81, 0.70 }, { 12.0, 1.5, 76, 0.90 }, { 13.5, 0.5, 74, 0.70 },
        { 14.0, 1.0, 73, 0.85 }, { 15.0, 1.0, 69, 0.75 }, { 16.0, 1.0, 81, 0.95 }, { 17.0, 0.5, 79, 0.75 },
        { 17.5, 0.5, 77, 0.70 }, { 18.0, 1.0, 72, 0.85 }, { 19.0, 1.0, 77, 0.80 }, { 20.0, 1.5, 79, 0.90 },
        { 21.5, 0.5, 77, 0.70 }, { 22.0, 1.0, 76, 0.85 }, { 23.0, 1.0, 72, 0.75 }, { 24.0, 0.5, 74, 0.90 },
        { 24.5, 0.5, 76, 0.70 }, { 25.0, 1.0, 77, 0.80 }, { 26.0, 1.0, 76, 0.85 }, { 27.0, 1.0, 73, 0.80 },
        { 28.0, 2.0, 74, 0.90 }, { 31.0, 1.0, 69, 0.70 },
    };
    static const SynthChord ground[] = {
        { 0.0, 4.0, { 50, 57, 65, 57 } },  { 4.0, 4.0, { 48, 55, 64, 55 } },  { 8.0, 4.0, { 50, 57, 65, 57 } },
        { 12.0, 4.0, { 45, 52, 61, 52 } }, { 16.0, 4.0, { 53, 60, 69, 60 } }, { 20.0, 4.0, { 48, 55, 64, 55 } },
        { 24.0, 2.0, { 50, 57, 65, 57 } }, { 26.0, 2.0, { 45, 52, 61, 52 } }, { 28.0, 4.0, { 50, 57, 65, 57 } },
    };
    static const double drone[10] = { 1.0, 0.55, 0.75, 0.6, 0.45, 0.22, 0.15, 0.1, 0.07, 0.05 };
    const double beat = 60.0 / 90.0;
    const double lead = 0.04; /* notes start 40 ms into the loop: the seam falls between beats */
    SynthRng rng = { 0xD0121Au };
    SynthMix m;
    size_t i, b;
    if (synth_mix_open(&m, synth_seconds_frames(32.0 * beat), 1) != 0)
        return -1;
    for (i = 0; i < sizeof tune / sizeof tune[0]; i++) {
        double t = lead + tune[i].beat * beat + 0.006 * synth_rng_signed(&rng);
        double dur = tune[i].beats * beat * 0.92;
        double amp = 0.42 * tune[i].vel * (1.0 + 0.06 * synth_rng_signed(&rng));
        synth_pluck_add(&m, &rng, t, dur, synth_midi_hz(tune[i].midi), amp, 0.15, &synth_harpsichord);
    }
    for (i = 0; i < sizeof ground / sizeof ground[0]; i++) {
        const SynthChord *c = &ground[i];
        int root = c->arp[0] < 48 ? c->arp[0] : c->arp[0] - 12;
        synth_pluck_add(&m, &rng, lead + c->beat * beat + 0.004 * synth_rng_signed(&rng), c->beats * beat * 0.9,
                        synth_midi_hz(root), 0.5, -0.1, &synth_lute_bass);
        for (b = 0; b < (size_t)c->beats; b++) {
            double t = lead + (c->beat + (double)b) * beat + 0.012 + 0.006 * synth_rng_signed(&rng);
            double amp = (b == 0 ? 0.34 : 0.27) * (1.0 + 0.08 * synth_rng_signed(&rng));
            synth_pluck_add(&m, &rng, t, beat * 1.1, synth_midi_hz(c->arp[b]), amp, -0.35, &synth_lute);
        }
    }
    if (synth_drone_add(&m, synth_midi_hz(38), drone, 10, 0.030, -0.25, 4, 0.35, 0.0) != 0 ||
        synth_drone_add(&m, synth_midi_hz(45), drone, 10, 0.022, 0.25, 3, 0.35, 0.5) != 0 ||
        synth_mix_reverb(&m, 0.35, 0.8, 0.4) != 0)
        return synth_mix_fail(&m);
    return synth_mix_finish(&m, 0.0, out);
}

/* ------------------------------------------------------------------------ */
/* Public interface                                                          */
/* ------------------------------------------------------------------------ */

/* The cabinet's sounds: those every kind of cabinet plays, Mona Lisa Jewels' music and the
 * jewel two games share. */
static const SynthDef synth_cabinet_sounds[] = {
    { "reel_spin", synth_render_reel_spin, "a loopable mechanical whirr/tick while reels spin, 0.5 s, seamless loop" },
    { "reel_stop", synth_render_reel_stop, "a short thud-click when a reel lands, 0.15 s" },
    { "button", synth_render_button, "an interface click, 0.06 s" },
    { "win_small", synth_render_win_small, "a short bright chime, 0.5 s" },
    { "win_medium", synth_render_win_medium, "a rising arpeggio of bells, 1.2 s" },
    { "win_big", synth_render_win_big, "a triumphant fanfare (brass-like, major chord), 3 s" },
    { "coin_tick", synth_render_coin_tick, "a tiny coin clink for the win count-up, 0.05 s" },
    { "scatter", synth_render_scatter, "an anticipation \"sparkle\" when a scatter lands, 0.4 s" },
    { "jewel", synth_render_jewel, "a crystalline shimmer when a jewel locks, 0.5 s" },
    { "feature_intro", synth_render_feature_intro, "a harp-like glissando + chord announcing free spins, 2 s" },
    { "feature_outro", synth_render_feature_outro, "a resolving cadence, 2 s" },
    { "jackpot", synth_render_jackpot, "a long celebratory bell-and-fanfare, 4 s" },
    { "music", synth_render_music,
      "background music: a calm Renaissance-flavoured loop in D dorian (harpsichord melody, lute "
      "arpeggios and bass over a drone), 90 bpm, 8 bars = 21.33 s, loops seamlessly" },
    { "anticipation", synth_render_anticipation,
      "a rising, quickening shimmer while the last reels slow down, a feature one symbol away, 1.6 s" },
    { NULL, NULL, NULL },
};

/* The registry: the tables of sounds, in order; a sound's number is its place across them.
 * A game with sounds of its own adds its file's table here. */
static const SynthDef *const synth_tables[] = {
    synth_cabinet_sounds,
    synth_temple_sounds,
    synth_grave_sounds,
    synth_fruit_sounds,
};

static const SynthDef *synth_def(SynthSound s)
{
    if (s < 0)
        return NULL;
    for (size_t t = 0; t < sizeof synth_tables / sizeof synth_tables[0]; t++)
        for (const SynthDef *d = synth_tables[t]; d->name; d++)
            if (s-- == 0)
                return d;
    return NULL;
}

int synth_count(void)
{
    int n = 0;
    for (size_t t = 0; t < sizeof synth_tables / sizeof synth_tables[0]; t++)
        for (const SynthDef *d = synth_tables[t]; d->name; d++)
            n++;
    return n;
}

const char *synth_name(SynthSound s)
{
    const SynthDef *d = synth_def(s);
    return d ? d->name : NULL;
}

const char *synth_about(SynthSound s)
{
    const SynthDef *d = synth_def(s);
    return d ? d->about : NULL;
}

SynthSound synth_find(const char *name)
{
    if (name == NULL)
        return -1;
    for (SynthSound s = 0;; s++) {
        const char *n = synth_name(s);
        if (n == NULL)
            return -1;
        if (strcmp(n, name) == 0)
            return s;
    }
}

int synth_render(SynthSound s, SynthBuffer *out)
{
    const SynthDef *d = synth_def(s);
    out->samples = NULL;
    out->frames = 0;
    if (d == NULL)
        return -1;
    return d->render(out);
}
