/*
 * synth_fruit.c - the fruit machine's sounds (Gnomos Mix, a Spanish B-type machine): the
 * nudge, the advances jingle, hold, the risk ladder (up, down and the chasing tick), the
 * lost risk, the prize and Extra Spin tunes, the cauldrons' lid and minigame, and a cheerful
 * Spanish-flavoured loop. Each is one render function over the instruments and the mix of
 * synth_voice.c, finished like every other sound (its table, at the end, lists
 * them by name for synth.c's registry).
 *
 * Fruit machines speak in chip tones, so this file adds one instrument of its own: a pulse
 * wave built from its harmonics (fruit_chip_add). Additive synthesis keeps it band-limited
 * by construction (no harmonic reaches FRUIT_TOP, those above FRUIT_TAPER fade towards it)
 * and lets a soft roll-off above a corner frequency take the edge off a square, so a lead
 * can be anything from a recorder's near-sine to a bright buzz without aliasing.
 */
#include "synth_fruit.h"

#include <math.h>
#include <stddef.h>
#include <stdint.h>

#define N_OF(a) (sizeof(a) / sizeof((a)[0]))

#define FRUIT_PI 3.14159265358979323846
#define FRUIT_HARM 40u      /* most harmonics a chip note carries */
#define FRUIT_BLOCK 16u     /* frames between updates of a chip note's pitch and timbre */
#define FRUIT_TOP 10000.0   /* no harmonic at or above this (Hz)... */
#define FRUIT_TAPER 7000.0  /* ...and those above this fade out towards it */
#define FRUIT_NONE SIZE_MAX /* past the end of a one-shot mix */

/* ------------------------------------------------------------------------ */
/* The chip voice                                                            */
/* ------------------------------------------------------------------------ */

/* A chip tone: the pulse's shape, a soft roll-off and an envelope (attack, decay to a
 * sustain level, release after the note's length). */
typedef struct FruitTone {
    double duty;    /* pulse width: 0.5 a square, 0.25 and 0.125 thinner, nasal pulses */
    double tilt;    /* roll-off corner as a multiple of the pitch: 2 a mellow flute, 10 a bright buzz */
    double attack;  /* seconds of linear rise */
    double decay;   /* time constant (s) of the fall to the sustain level */
    double sustain; /* level held after the decay, 0..1 */
    double release; /* time constant (s) after the note's length */
    double vibrato; /* depth as a fraction of the pitch, at 5.5 Hz, growing in over 0.2 s */
    double wah;     /* how far the corner opens at mid-note and shuts again (0: steady) */
} FruitTone;

/* Where time t0 (s) lands on the mix: modulo its length on a loop, FRUIT_NONE past a one-shot's end. */
static size_t fruit_frame(const SynthMix *m, double t0)
{
    double f = floor((t0 < 0.0 ? 0.0 : t0) * SYNTH_RATE + 0.5);
    if (m->loop)
        return (size_t)fmod(f, (double)m->frames);
    return f < (double)m->frames ? (size_t)f : FRUIT_NONE;
}

/* Constant-power pan from -1 (left) to +1 (right); the centre gives 1 on both sides. */
static void fruit_pan(double pan, double *gl, double *gr)
{
    double a = (pan + 1.0) * 0.25 * FRUIT_PI;
    *gl = cos(a) * 1.41421356237309504880;
    *gr = sin(a) * 1.41421356237309504880;
}

/* The harmonic weights a chip note should have n frames in (into target[1..kmax]), for a note
 * of hold frames gliding from hz to hz * bend; returns its frequency then. */
static double fruit_chip_target(const FruitTone *tone, double hz, double bend, size_t n, size_t hold,
                                const double *shape, double *target, size_t kmax)
{
    double t = (double)n / SYNTH_RATE, x = hold > 0 && n < hold ? (double)n / (double)hold : 1.0;
    double depth = tone->vibrato * (t < 0.2 ? t / 0.2 : 1.0);
    double f = hz * pow(bend, x) * (1.0 + depth * sin(2.0 * FRUIT_PI * 5.5 * t));
    double corner = f * tone->tilt * (1.0 + tone->wah * sin(FRUIT_PI * x));
    size_t k;
    for (k = 1; k <= kmax; k++) {
        double hk = f * (double)k, r = hk / corner, g = 1.0 / (1.0 + r * r);
        if (hk >= FRUIT_TOP)
            g = 0.0;
        else if (hk > FRUIT_TAPER)
            g *= (FRUIT_TOP - hk) / (FRUIT_TOP - FRUIT_TAPER);
        target[k] = shape[k] * g;
    }
    return f;
}

/* One chip note: a pulse wave as a sum of cosine harmonics, cos(k x) by the Chebyshev
 * recurrence from one rotating phasor, gliding from hz to hz * bend over dur seconds. Pitch
 * and weights are worked out every FRUIT_BLOCK frames and the weights slide linearly between
 * them; the note ends with a 4 ms linear fade to zero, so it never clicks. */
static void fruit_chip_add(SynthMix *m, double t0, double dur, double hz, double bend, double amp, double pan,
                           const FruitTone *tone)
{
    double shape[FRUIT_HARM + 1], w[FRUIT_HARM + 1], dw[FRUIT_HARM + 1], target[FRUIT_HARM + 1];
    size_t hold = synth_seconds_frames(dur), len = hold + synth_seconds_frames(tone->release * 6.0);
    size_t att = synth_seconds_frames(tone->attack), fade = synth_seconds_frames(0.004);
    size_t n, k, kmax, pos = fruit_frame(m, t0);
    double low = hz * (bend < 1.0 ? bend : 1.0) * (1.0 - tone->vibrato), pc = 1.0, ps = 0.0, rc = 1.0, rs = 0.0;
    double level = 1.0, rel = 1.0, kd = exp(-1.0 / (tone->decay * SYNTH_RATE));
    double kr = exp(-1.0 / (tone->release * SYNTH_RATE)), gl, gr;
    kmax = (size_t)(FRUIT_TOP / low);
    kmax = kmax > FRUIT_HARM ? FRUIT_HARM : kmax;
    /* past k = 11 (tilt (1 + wah))^(2/3), (4/pi) / k / (1 + (k / corner)^2) is below -60 dB: leave it out */
    k = (size_t)(11.0 * cbrt(tone->tilt * (1.0 + tone->wah) * tone->tilt * (1.0 + tone->wah))) + 1;
    kmax = kmax > k ? k : kmax;
    fruit_pan(pan, &gl, &gr);
    for (k = 1; k <= kmax; k++) {
        shape[k] = 4.0 / FRUIT_PI * sin(FRUIT_PI * tone->duty * (double)k) / (double)k;
        w[k] = 0.0; /* the first block slides in from silence */
    }
    for (n = 0; n < len && pos != FRUIT_NONE; n++) {
        double e, sum = 0.0, prev = 1.0, cur = pc, twice = 2.0 * pc, nc;
        float *f;
        if (n % FRUIT_BLOCK == 0) {
            double hzb = fruit_chip_target(tone, hz, bend, n + FRUIT_BLOCK, hold, shape, target, kmax);
            double norm = 0.5 * (3.0 - (pc * pc + ps * ps)); /* keeps the phasor on the unit circle */
            rc = cos(2.0 * FRUIT_PI * hzb / SYNTH_RATE);
            rs = sin(2.0 * FRUIT_PI * hzb / SYNTH_RATE);
            pc *= norm;
            ps *= norm;
            for (k = 1; k <= kmax; k++)
                dw[k] = (target[k] - w[k]) / (double)FRUIT_BLOCK;
        }
        if (n < att) {
            e = (double)n / (double)att;
        } else {
            e = tone->sustain + (1.0 - tone->sustain) * level;
            level *= kd;
        }
        if (n >= hold) {
            e *= rel;
            rel *= kr;
        }
        if (n + fade >= len)
            e *= (double)(len - n) / (double)fade;
        for (k = 1; k <= kmax; k++) {
            double next = twice * cur - prev;
            sum += w[k] * cur;
            w[k] += dw[k];
            prev = cur;
            cur = next;
        }
        sum *= e * amp;
        f = m->lr + 2 * pos;
        f[0] += (float)(sum * gl);
        f[1] += (float)(sum * gr);
        if (++pos == m->frames)
            pos = m->loop ? 0 : FRUIT_NONE;
        nc = pc * rc - ps * rs;
        ps = ps * rc + pc * rs;
        pc = nc;
    }
}

/* ------------------------------------------------------------------------ */
/* Tones, bodies and percussion                                              */
/* ------------------------------------------------------------------------ */

/* duty, tilt, attack, decay, sustain, release, vibrato, wah */
static const FruitTone fruit_blip = { 0.25, 7.0, 0.002, 0.030, 0.0, 0.010, 0.0, 0.0 };
static const FruitTone fruit_bleep = { 0.25, 8.0, 0.003, 0.080, 0.6, 0.030, 0.0, 0.0 };
static const FruitTone fruit_beep = { 0.25, 5.0, 0.003, 0.050, 0.3, 0.015, 0.0, 0.0 };
static const FruitTone fruit_tick = { 0.5, 5.0, 0.001, 0.010, 0.0, 0.005, 0.0, 0.0 };
static const FruitTone fruit_wah_square = { 0.5, 1.6, 0.015, 0.150, 0.5, 0.030, 0.0, 3.0 };
static const FruitTone fruit_wah_saw = { 0.2, 1.6, 0.015, 0.150, 0.5, 0.030, 0.0, 3.0 };
static const FruitTone fruit_lead = { 0.25, 9.0, 0.004, 0.120, 0.7, 0.040, 0.003, 0.0 };
static const FruitTone fruit_lead_low = { 0.5, 4.0, 0.004, 0.150, 0.6, 0.040, 0.0, 0.0 };
static const FruitTone fruit_bass = { 0.5, 2.5, 0.003, 0.100, 0.5, 0.030, 0.0, 0.0 };
static const FruitTone fruit_arp = { 0.125, 10.0, 0.002, 0.040, 0.3, 0.020, 0.0, 0.0 };
static const FruitTone fruit_recorder = { 0.5, 1.8, 0.030, 0.300, 0.85, 0.050, 0.005, 0.0 };

/* A reel's mechanism: a stiff plastic drum on a metal pawl. */
static const SynthMode fruit_reel_modes[] = {
    { 1.000, 1.00, 0.020 }, { 2.610, 0.50, 0.012 }, { 4.130, 0.30, 0.006 },
};

/* A cauldron's cast-iron lid: a heavy plate's inharmonic modes, ringing. */
static const SynthMode fruit_lid_modes[] = {
    { 1.000, 1.00, 0.300 }, { 1.620, 0.70, 0.250 }, { 2.310, 0.55, 0.200 },
    { 2.920, 0.40, 0.150 }, { 3.710, 0.30, 0.110 }, { 4.560, 0.20, 0.080 },
};

/* Castanets: two hardwood shells, a dry high click. */
static const SynthMode fruit_castanet_modes[] = {
    { 1.000, 1.00, 0.010 }, { 1.830, 0.60, 0.007 }, { 2.970, 0.30, 0.004 },
};

/* A relay latching (hold): a tiny, dry metal tick. */
static void fruit_latch_add(SynthMix *m, SynthRng *rng, double t, double amp, double pan)
{
    synth_burst_add(m, rng, t, 0.0003, 0.002, amp, pan, synth_biquad_make(SYNTH_BANDPASS, 3200.0, 1.2));
}

/* A reel stepping one figure: the pawl's click, the drum's clack and a small thud. */
static void fruit_clack_add(SynthMix *m, SynthRng *rng, double t, double amp, double pan)
{
    synth_thump_add(m, t, 150.0, 70.0, 0.01, 0.025, amp, pan);
    synth_burst_add(m, rng, t, 0.0003, 0.003, amp * 0.6, pan, synth_biquad_make(SYNTH_HIGHPASS, 2500.0, 0.7));
    synth_modes_add(m, t, 1350.0, amp * 0.5, pan, 0.2, 1.0, fruit_reel_modes, N_OF(fruit_reel_modes));
}

/* A snare drum: a band of noise for the wires over a short skin thump. */
static void fruit_snare_add(SynthMix *m, SynthRng *rng, double t, double amp, double pan)
{
    synth_burst_add(m, rng, t, 0.0005, 0.035, amp, pan, synth_biquad_make(SYNTH_BANDPASS, 2800.0, 0.7));
    synth_thump_add(m, t, 240.0, 180.0, 0.01, 0.03, amp * 0.5, pan);
}

/* A closed hi-hat: a very short band of high noise. */
static void fruit_hat_add(SynthMix *m, SynthRng *rng, double t, double amp, double pan)
{
    synth_burst_add(m, rng, t, 0.0005, 0.012, amp, pan, synth_biquad_make(SYNTH_BANDPASS, 8000.0, 1.0));
}

/* Castanets: one click of the shells. */
static void fruit_castanet_add(SynthMix *m, SynthRng *rng, double t, double amp, double pan)
{
    synth_modes_add(m, t, 2300.0, amp, pan, 0.1, 1.0, fruit_castanet_modes, N_OF(fruit_castanet_modes));
    synth_burst_add(m, rng, t, 0.0003, 0.002, amp * 0.6, pan, synth_biquad_make(SYNTH_LOWPASS, 4500.0, 0.9));
}

/* A handclap (palmas): three quick slaps of band-passed noise and a short room. */
static void fruit_clap_add(SynthMix *m, SynthRng *rng, double t, double amp, double pan)
{
    int k;
    for (k = 0; k < 3; k++)
        synth_burst_add(m, rng, t + 0.009 * (double)k, 0.0004, 0.003, amp, pan,
                        synth_biquad_make(SYNTH_BANDPASS, 1200.0, 1.2));
    synth_burst_add(m, rng, t + 0.027, 0.0004, 0.045, amp * 0.8, pan, synth_biquad_make(SYNTH_BANDPASS, 1100.0, 1.0));
}

/* Bubbles: count rising "bloops" (a sine swept up as a bubble's cavity closes) at random
 * times in [t0, t0 + dur) and pitches in [lo, hi) Hz, scattered across the stereo field. */
static void fruit_bubbles_add(SynthMix *m, SynthRng *rng, double t0, double dur, int count, double lo, double hi,
                              double amp)
{
    int i;
    for (i = 0; i < count; i++) {
        /* one draw per declarator: C leaves the order of arguments unspecified */
        double t = t0 + dur * 0.5 * (1.0 + synth_rng_signed(rng));
        double hz = lo + (hi - lo) * 0.5 * (1.0 + synth_rng_signed(rng));
        double level = amp * (0.6 + 0.4 * synth_rng_signed(rng));
        double pan = 0.7 * synth_rng_signed(rng);
        synth_thump_add(m, t, hz, hz * 1.7, 0.012, 0.014 + 0.01 * hz / hi, level, pan);
    }
}

/* The finishing chain: a reverb (wet, room, damp), then the fades (one-shots only) and normalisation. */
static int fruit_finish(SynthMix *m, double wet, double room, double damp, double fade_out, SynthBuffer *out)
{
    if (synth_mix_reverb(m, wet, room, damp) != 0)
        return synth_mix_fail(m);
    return synth_mix_finish(m, fade_out, out);
}

/* ------------------------------------------------------------------------ */
/* Short sounds of the machine                                               */
/* ------------------------------------------------------------------------ */

/* The nudge: the reel's clack as it steps one figure, then a short bright blip that lifts
 * a little as it sounds. */
static int synth_render_nudge(SynthBuffer *out)
{
    SynthRng rng = { 0x4E0D6Eu };
    SynthMix m;
    if (synth_mix_open(&m, synth_seconds_frames(0.18), 0) != 0)
        return -1;
    fruit_clack_add(&m, &rng, 0.002, 0.8, -0.15);
    fruit_chip_add(&m, 0.03, 0.05, synth_midi_hz(88), 1.06, 0.45, 0.15, &fruit_blip);
    return fruit_finish(&m, 0.12, 0.45, 0.5, 0.03, out);
}

/* Advances given: four bleeps climbing C major (C6 E6 G6 C7), one as each lamp lights, left
 * to right, each doubled by a soft square an octave down; the last one rings on. */
static int synth_render_advances(SynthBuffer *out)
{
    static const int notes[4] = { 84, 88, 91, 96 };
    SynthMix m;
    int i;
    if (synth_mix_open(&m, synth_seconds_frames(0.9), 0) != 0)
        return -1;
    for (i = 0; i < 4; i++) {
        double t = 0.003 + 0.13 * (double)i, dur = i == 3 ? 0.32 : 0.1, pan = -0.45 + 0.3 * (double)i;
        fruit_chip_add(&m, t, dur, synth_midi_hz(notes[i]), 1.0, 0.40, pan, &fruit_bleep);
        fruit_chip_add(&m, t, dur, synth_midi_hz(notes[i] - 12), 1.0, 0.18, -pan, &fruit_beep);
    }
    return fruit_finish(&m, 0.2, 0.6, 0.45, 0.1, out);
}

/* Hold: a relay's tick and a two-tone latch beep, A5 then E6. */
static int synth_render_hold(SynthBuffer *out)
{
    SynthRng rng = { 0x401Du };
    SynthMix m;
    if (synth_mix_open(&m, synth_seconds_frames(0.22), 0) != 0)
        return -1;
    fruit_latch_add(&m, &rng, 0.002, 0.5, 0.0);
    fruit_chip_add(&m, 0.004, 0.06, synth_midi_hz(81), 1.0, 0.45, -0.2, &fruit_beep);
    fruit_chip_add(&m, 0.085, 0.07, synth_midi_hz(88), 1.0, 0.45, 0.2, &fruit_beep);
    return fruit_finish(&m, 0.1, 0.4, 0.5, 0.03, out);
}

/* The ladder climbs: a quick C major arpeggio up from C5 to G6, the top note held, and a
 * sparkle of FM bells (C7 E7 G7, a harmonic modulator, so nothing rings above 12 kHz) over it. */
static int synth_render_ladder_up(SynthBuffer *out)
{
    static const int notes[6] = { 72, 76, 79, 84, 88, 91 }, sparkle[3] = { 96, 100, 103 };
    SynthMix m;
    int i;
    if (synth_mix_open(&m, synth_seconds_frames(0.5), 0) != 0)
        return -1;
    for (i = 0; i < 6; i++)
        fruit_chip_add(&m, 0.003 + 0.035 * (double)i, i == 5 ? 0.18 : 0.05, synth_midi_hz(notes[i]), 1.0,
                       0.38, -0.5 + 0.2 * (double)i, &fruit_bleep);
    for (i = 0; i < 3; i++)
        synth_fmbell_add(&m, 0.2 + 0.03 * (double)i, synth_midi_hz(sparkle[i]), 2.0, 0.8, 0.1, 0.16,
                         i == 1 ? -0.6 : 0.6);
    return fruit_finish(&m, 0.25, 0.6, 0.4, 0.08, out);
}

/* The seesaw falls one rung: E5 then C5, each sagging a little, on a soft square doubled an
 * octave down. */
static int synth_render_ladder_down(SynthBuffer *out)
{
    static const int notes[2] = { 76, 72 };
    static const double start[2] = { 0.003, 0.2 }, dur[2] = { 0.16, 0.2 }, sag[2] = { 0.97, 0.94 };
    SynthMix m;
    int i;
    if (synth_mix_open(&m, synth_seconds_frames(0.5), 0) != 0)
        return -1;
    for (i = 0; i < 2; i++) {
        fruit_chip_add(&m, start[i], dur[i], synth_midi_hz(notes[i]), sag[i], 0.45, 0.2, &fruit_beep);
        fruit_chip_add(&m, start[i], dur[i], synth_midi_hz(notes[i] - 12), sag[i], 0.22, -0.2, &fruit_lead_low);
    }
    return fruit_finish(&m, 0.2, 0.55, 0.45, 0.1, out);
}

/* The payout plan's chase: one short, dry square tick on C6 that decays to silence well
 * before its end, so that many in a row never click. */
static int synth_render_ladder_tick(SynthBuffer *out)
{
    SynthMix m;
    if (synth_mix_open(&m, synth_seconds_frames(0.06), 0) != 0)
        return -1;
    fruit_chip_add(&m, 0.001, 0.012, synth_midi_hz(84), 1.0, 0.6, 0.1, &fruit_tick);
    return synth_mix_finish(&m, 0.012, out);
}

/* A risk lost: the sad "wah wah wah waaah", four notes down by semitones (G4 F#4 F4 E4) on
 * a square and a saw-like pulse, each note's tone opening and shutting, the last one
 * sagging with a wide wobble. */
static int synth_render_lose(SynthBuffer *out)
{
    static const FruitTone last_square = { 0.5, 1.6, 0.015, 0.250, 0.5, 0.030, 0.012, 1.5 };
    static const FruitTone last_saw = { 0.2, 1.6, 0.015, 0.250, 0.5, 0.030, 0.012, 1.5 };
    SynthMix m;
    int i;
    if (synth_mix_open(&m, synth_seconds_frames(0.9), 0) != 0)
        return -1;
    for (i = 0; i < 4; i++) {
        double t = 0.003 + 0.17 * (double)i, dur = i == 3 ? 0.26 : 0.14, sag = i == 3 ? 0.96 : 1.0;
        double hz = synth_midi_hz(67 - i);
        fruit_chip_add(&m, t, dur, hz, sag, 0.22, -0.25, i == 3 ? &last_square : &fruit_wah_square);
        fruit_chip_add(&m, t, dur, hz * 1.003, sag, 0.4, 0.25, i == 3 ? &last_saw : &fruit_wah_saw);
    }
    return fruit_finish(&m, 0.2, 0.55, 0.45, 0.12, out);
}

/* ------------------------------------------------------------------------ */
/* Tunes                                                                     */
/* ------------------------------------------------------------------------ */

/* A chord of a tune: start and length in beats, its triad (root first). */
typedef struct FruitChord {
    double beat;
    double beats;
    int triad[3];
} FruitChord;

/* A chip tune: a pulse lead doubled by a square an octave down, a bass in eighths (the
 * root, then bass_up semitones above it), a bright arpeggio in sixteenths two octaves up,
 * hi-hats on the off-beats and, with backbeat, a snare on two and four. Its last chord is
 * the ending: the bass holds the root, the arpeggio runs up once to a bell on the tonic. */
typedef struct FruitPiece {
    double bpm, start;
    const SynthNote *tune;
    size_t notes;
    const FruitChord *chords;
    size_t count;
    int bass_up;
    int backbeat;
} FruitPiece;

static void fruit_piece_add(SynthMix *m, SynthRng *rng, const FruitPiece *p)
{
    static const int pattern[4] = { 0, 1, 2, 1 };
    const double beat = 60.0 / p->bpm;
    size_t i, k;
    for (i = 0; i < p->notes; i++) {
        const SynthNote *n = &p->tune[i];
        double t = p->start + n->beat * beat, dur = n->beats * beat * 0.85, hz = synth_midi_hz(n->midi);
        fruit_chip_add(m, t, dur, hz, 1.0, 0.30 * n->vel, 0.15, &fruit_lead);
        fruit_chip_add(m, t, dur, hz * 0.5, 1.0, 0.14 * n->vel, -0.15, &fruit_lead_low);
    }
    for (i = 0; i < p->count; i++) {
        const FruitChord *c = &p->chords[i];
        double t = p->start + c->beat * beat;
        int root = c->triad[0] - 12;
        if (i + 1 == p->count) {
            fruit_chip_add(m, t, c->beats * beat * 0.9, synth_midi_hz(root), 1.0, 0.35, 0.0, &fruit_bass);
            for (k = 0; k < 4; k++)
                fruit_chip_add(m, t + 0.25 * (double)k * beat, k == 3 ? beat : 0.2 * beat,
                               synth_midi_hz(k == 3 ? c->triad[0] + 36 : c->triad[k] + 24), 1.0, 0.10,
                               -0.4 + 0.25 * (double)k, &fruit_arp);
            synth_fmbell_add(m, t + 0.75 * beat, synth_midi_hz(c->triad[0] + 36), 3.5, 1.0, 0.3, 0.12, 0.3);
            continue;
        }
        for (k = 0; k < (size_t)(c->beats * 2.0); k++)
            fruit_chip_add(m, t + 0.5 * (double)k * beat, 0.4 * beat, synth_midi_hz(k % 2 ? root + p->bass_up : root),
                           1.0, k % 2 ? 0.28 : 0.35, 0.0, &fruit_bass);
        for (k = 0; k < (size_t)(c->beats * 4.0); k++)
            fruit_chip_add(m, t + 0.25 * (double)k * beat, 0.2 * beat, synth_midi_hz(c->triad[pattern[k % 4]] + 24),
                           1.0, k % 4 ? 0.08 : 0.11, k % 2 ? 0.4 : -0.4, &fruit_arp);
        for (k = 0; k < (size_t)c->beats; k++) {
            fruit_hat_add(m, rng, t + ((double)k + 0.5) * beat, 0.10, 0.3);
            if (p->backbeat && ((size_t)c->beat + k) % 2 == 1)
                fruit_snare_add(m, rng, t + (double)k * beat, 0.3, -0.1);
        }
    }
}

/* A direct prize: a jaunty C major tune at 150 bpm (C | F G | C), a dotted leap up the
 * tonic chord, then A-F, G-B and home to C6, with an octave-jumping bass and a glittering
 * arpeggio: about 2.4 s. */
static int synth_render_prize(SynthBuffer *out)
{
    static const SynthNote tune[] = {
        { 0.0, 0.75, 72, 0.90 }, { 0.75, 0.25, 76, 0.75 }, { 1.0, 0.5, 79, 0.90 }, { 1.5, 0.5, 76, 0.75 },
        { 2.0, 0.5, 81, 0.90 },  { 2.5, 0.5, 77, 0.75 },   { 3.0, 0.5, 79, 0.90 }, { 3.5, 0.5, 83, 0.80 },
        { 4.0, 1.5, 84, 1.00 },
    };
    static const FruitChord chords[] = {
        { 0.0, 2.0, { 60, 64, 67 } }, { 2.0, 1.0, { 65, 69, 72 } }, { 3.0, 1.0, { 67, 71, 74 } },
        { 4.0, 1.5, { 60, 64, 67 } },
    };
    static const FruitPiece piece = { 150.0, 0.004, tune, N_OF(tune), chords, N_OF(chords), 12, 0 };
    SynthRng rng = { 0x9121Eu };
    SynthMix m;
    if (synth_mix_open(&m, synth_seconds_frames(2.4), 0) != 0)
        return -1;
    fruit_piece_add(&m, &rng, &piece);
    return fruit_finish(&m, 0.18, 0.6, 0.45, 0.15, out);
}

/* Extra Spin: a snare roll swelling for 0.75 s into a crash, then a festive G major tune at
 * 180 bpm (G | C D | G): three quick pickups and a leap, a turn, a run down from D and a
 * rise to G6, over a root-fifth bass, the arpeggio and a backbeat: about 3 s. */
static int synth_render_extra_spin(SynthBuffer *out)
{
    static const SynthNote tune[] = {
        { 0.0, 0.25, 74, 0.80 },  { 0.25, 0.25, 74, 0.80 }, { 0.5, 0.25, 74, 0.85 }, { 0.75, 0.75, 79, 1.00 },
        { 1.5, 0.25, 83, 0.80 },  { 1.75, 0.25, 81, 0.75 }, { 2.0, 0.5, 88, 0.90 },  { 2.5, 0.5, 84, 0.80 },
        { 3.0, 0.25, 86, 0.85 },  { 3.25, 0.25, 84, 0.75 }, { 3.5, 0.25, 83, 0.75 }, { 3.75, 0.25, 81, 0.75 },
        { 4.0, 0.25, 83, 0.85 },  { 4.25, 0.25, 86, 0.85 }, { 4.5, 1.5, 91, 1.00 },
    };
    static const FruitChord chords[] = {
        { 0.0, 2.0, { 55, 59, 62 } }, { 2.0, 1.0, { 60, 64, 67 } }, { 3.0, 1.0, { 62, 66, 69 } },
        { 4.0, 2.0, { 55, 59, 62 } },
    };
    static const FruitPiece piece = { 180.0, 0.8, tune, N_OF(tune), chords, N_OF(chords), 7, 1 };
    SynthRng rng = { 0xE5791Eu };
    SynthMix m;
    int i;
    if (synth_mix_open(&m, synth_seconds_frames(3.0), 0) != 0)
        return -1;
    for (i = 0; i < 19; i++)
        fruit_snare_add(&m, &rng, 0.003 + 0.04 * (double)i, 0.25 + 0.04 * (double)i, i % 2 ? 0.2 : -0.2);
    synth_burst_add(&m, &rng, 0.8, 0.001, 0.35, 0.6, 0.3, synth_biquad_make(SYNTH_BANDPASS, 5000.0, 0.6));
    synth_thump_add(&m, 0.8, 120.0, 50.0, 0.02, 0.12, 0.8, 0.0);
    fruit_piece_add(&m, &rng, &piece);
    return fruit_finish(&m, 0.2, 0.65, 0.45, 0.15, out);
}

/* ------------------------------------------------------------------------ */
/* The cauldrons                                                             */
/* ------------------------------------------------------------------------ */

/* A cauldron's lid lifted: the iron clanks against the rim (a bright contact, the lid's
 * ringing modes), bumps it again more softly, and a puff of steam lets out a few bubbles. */
static int synth_render_lid(SynthBuffer *out)
{
    SynthRng rng = { 0x11Du };
    SynthMix m;
    if (synth_mix_open(&m, synth_seconds_frames(0.7), 0) != 0)
        return -1;
    synth_burst_add(&m, &rng, 0.003, 0.0004, 0.004, 0.6, -0.1, synth_biquad_make(SYNTH_BANDPASS, 2600.0, 1.0));
    synth_modes_add(&m, 0.003, 310.0, 0.7, -0.1, 0.3, 1.0, fruit_lid_modes, N_OF(fruit_lid_modes));
    synth_modes_add(&m, 0.075, 312.0, 0.25, 0.1, 0.3, 0.6, fruit_lid_modes, N_OF(fruit_lid_modes));
    synth_burst_add(&m, &rng, 0.075, 0.0004, 0.003, 0.25, 0.1, synth_biquad_make(SYNTH_BANDPASS, 3000.0, 1.0));
    synth_burst_add(&m, &rng, 0.12, 0.05, 0.12, 0.3, 0.2, synth_biquad_make(SYNTH_BANDPASS, 1400.0, 0.6));
    fruit_bubbles_add(&m, &rng, 0.16, 0.36, 9, 350.0, 900.0, 0.35);
    return fruit_finish(&m, 0.25, 0.6, 0.45, 0.12, out);
}

/* The cauldrons open: liquid bubbling throughout (bloops over a low simmering rumble),
 * then a magic glissando of FM bells up two octaves of A major pentatonic (A5 to A7, a
 * harmonic modulator so that the top notes' sidebands stay low), left to right, landing on
 * a shimmering A major chord of glassy bells, each a detuned pair. */
static int synth_render_cauldrons(SynthBuffer *out)
{
    static const int steps[5] = { 0, 2, 4, 7, 9 };
    static const int chord[4] = { 81, 85, 88, 93 };
    SynthRng rng = { 0xCA1D205u };
    SynthMix m;
    int i;
    if (synth_mix_open(&m, synth_seconds_frames(1.8), 0) != 0)
        return -1;
    synth_burst_add(&m, &rng, 0.003, 0.15, 0.5, 0.25, 0.0, synth_biquad_make(SYNTH_LOWPASS, 260.0, 0.8));
    fruit_bubbles_add(&m, &rng, 0.01, 1.4, 34, 250.0, 800.0, 0.3);
    for (i = 0; i < 11; i++)
        synth_fmbell_add(&m, 0.35 + 0.045 * (double)i, synth_midi_hz(81 + 12 * (i / 5) + steps[i % 5]), 2.0, 0.9,
                         0.22, 0.14 + 0.008 * (double)i, -0.7 + 0.14 * (double)i);
    for (i = 0; i < 4; i++) {
        double hz = synth_midi_hz(chord[i]);
        synth_fmbell_add(&m, 0.86 + 0.01 * (double)i, hz * 0.997, 3.5, 1.0, 0.45, 0.16, -0.5 + 0.1 * (double)i);
        synth_fmbell_add(&m, 0.86 + 0.01 * (double)i, hz * 1.003, 3.5, 1.0, 0.45, 0.16, 0.5 - 0.1 * (double)i);
    }
    return fruit_finish(&m, 0.35, 0.75, 0.4, 0.25, out);
}

/* ------------------------------------------------------------------------ */
/* Music                                                                     */
/* ------------------------------------------------------------------------ */

/* A nylon-strung guitar: mellow pick, quick to lose its top, a short ring. */
static const SynthPluck fruit_nylon = { 0.30, 0.18, 0.40, 1.8, 0.08, 0.0, 0.0 };
/* A plucked double bass: dark and round. */
static const SynthPluck fruit_upright = { 0.25, 0.22, 0.50, 2.5, 0.10, 0.0, 0.0 };

/* One strum of a guitar chord: down from the lowest string (every string, 11 ms apart) or
 * up from the highest (the top three, 7 ms apart, softer). */
static void fruit_strum_add(SynthMix *m, SynthRng *rng, double t, double dur, const int *chord, int down,
                            double amp)
{
    int k;
    for (k = 0; k < (down ? 4 : 3); k++) {
        int s = down ? k : 3 - k;
        double at = t + (down ? 0.011 : 0.007) * (double)k + 0.002 * synth_rng_signed(rng);
        synth_pluck_add(m, rng, at, dur, synth_midi_hz(chord[s]), amp * (down ? 1.0 : 0.7), -0.35 + 0.1 * (double)s,
                        &fruit_nylon);
    }
}

/* The game's music: eight bars of 4/4 at 112 bpm in A major (A D E7 A | F#m D E7 A), a
 * cheerful Spanish dance. A nylon guitar strums a rumba-like pattern (down, up, down, up,
 * down, up), a plucked bass walks in quarters with chromatic approach notes into each
 * chord, castanets click the off-beats and rattle into each bar's end, palmas clap on two
 * and four, and a recorder (a mellow chip square with a breathy chiff and a little vibrato)
 * sings the tune. The circular mix and the notes' late start make the loop seamless. */
static int synth_render_music_gnomos(SynthBuffer *out)
{
    static const SynthNote tune[] = {
        { 0.0, 1.0, 76, 0.80 },  { 1.0, 1.0, 81, 0.85 },  { 2.0, 1.5, 85, 0.95 },  { 3.5, 0.5, 83, 0.70 },
        { 4.0, 1.0, 81, 0.85 },  { 5.0, 1.0, 78, 0.80 },  { 6.0, 1.5, 86, 0.95 },  { 7.5, 0.5, 85, 0.70 },
        { 8.0, 1.0, 83, 0.85 },  { 9.0, 0.5, 80, 0.70 },  { 9.5, 0.5, 81, 0.70 },  { 10.0, 1.0, 83, 0.85 },
        { 11.0, 1.0, 86, 0.80 }, { 12.0, 2.0, 85, 0.95 }, { 14.0, 1.0, 81, 0.80 }, { 15.0, 1.0, 76, 0.75 },
        { 16.0, 1.0, 78, 0.85 }, { 17.0, 1.0, 81, 0.80 }, { 18.0, 1.5, 85, 0.95 }, { 19.5, 0.5, 83, 0.70 },
        { 20.0, 1.0, 81, 0.85 }, { 21.0, 0.5, 78, 0.70 }, { 21.5, 0.5, 81, 0.70 }, { 22.0, 1.0, 86, 0.90 },
        { 23.0, 1.0, 83, 0.80 }, { 24.0, 1.0, 80, 0.85 }, { 25.0, 1.0, 83, 0.80 }, { 26.0, 1.0, 88, 0.95 },
        { 27.0, 1.0, 86, 0.80 }, { 28.0, 1.5, 85, 0.90 }, { 29.5, 0.5, 83, 0.70 }, { 30.0, 1.5, 81, 0.85 },
    };
    static const int chords[8][4] = {
        { 52, 57, 61, 64 }, { 50, 57, 62, 66 }, { 50, 56, 59, 64 }, { 52, 57, 61, 64 },
        { 54, 57, 61, 66 }, { 50, 57, 62, 66 }, { 50, 56, 59, 64 }, { 52, 57, 61, 64 },
    };
    static const int walk[8][4] = {
        { 45, 49, 52, 49 }, { 50, 54, 57, 51 }, { 52, 44, 47, 44 }, { 45, 40, 45, 43 },
        { 42, 49, 45, 49 }, { 50, 45, 42, 41 }, { 40, 44, 47, 44 }, { 45, 49, 52, 44 },
    };
    static const double strum_at[6] = { 0.0, 1.0, 1.5, 2.5, 3.0, 3.5 };
    static const double castanet_at[6] = { 0.5, 1.5, 2.5, 3.0, 3.25, 3.5 };
    const double beat = 60.0 / 112.0, lead = 0.04;
    SynthRng rng = { 0x6A0305u };
    SynthMix m;
    size_t i, k;
    if (synth_mix_open(&m, synth_seconds_frames(32.0 * beat), 1) != 0)
        return -1;
    for (i = 0; i < N_OF(tune); i++) {
        double t = lead + tune[i].beat * beat + 0.006 * synth_rng_signed(&rng);
        double hz = synth_midi_hz(tune[i].midi), amp = 0.45 * tune[i].vel;
        fruit_chip_add(&m, t, tune[i].beats * beat * 0.88, hz, 1.0, amp, 0.2, &fruit_recorder);
        synth_burst_add(&m, &rng, t, 0.003, 0.015, amp * 0.5, 0.2, synth_biquad_make(SYNTH_BANDPASS, hz * 2.0, 2.0));
    }
    for (i = 0; i < 8; i++) {
        double bar = lead + 4.0 * (double)i * beat;
        for (k = 0; k < 6; k++) {
            int down = k == 0 || k == 1 || k == 4;
            fruit_strum_add(&m, &rng, bar + strum_at[k] * beat + 0.01, 0.45 * beat, chords[i], down,
                            k == 0 ? 0.30 : 0.24);
        }
        for (k = 0; k < 4; k++)
            synth_pluck_add(&m, &rng, bar + (double)k * beat + 0.004 * synth_rng_signed(&rng), 0.9 * beat,
                            synth_midi_hz(walk[i][k]), k == 0 ? 0.45 : 0.38, -0.05, &fruit_upright);
        for (k = 0; k < 6; k++)
            fruit_castanet_add(&m, &rng, bar + castanet_at[k] * beat, k < 3 ? 0.45 : 0.35, 0.45);
        for (k = 1; k < 4; k += 2)
            fruit_clap_add(&m, &rng, bar + (double)k * beat, 1.6, -0.4);
    }
    return fruit_finish(&m, 0.25, 0.72, 0.45, 0.0, out);
}

const SynthDef synth_fruit_sounds[] = {
    { "nudge", synth_render_nudge, "a reel advancing one figure: a mechanical clack and a bright blip, 0.18 s" },
    { "advances", synth_render_advances, "advances given: four chip bleeps rising, one per lamp, 0.9 s" },
    { "hold", synth_render_hold, "a reel held or released: a two-tone latch beep, 0.22 s" },
    { "ladder_up", synth_render_ladder_up, "a risk won: a quick rising chip arpeggio with a sparkle, 0.5 s" },
    { "ladder_down", synth_render_ladder_down, "the seesaw falls one rung: two falling notes, 0.5 s" },
    { "ladder_tick", synth_render_ladder_tick, "the payout plan's chase: a short, dry square tick, 0.06 s" },
    { "lose", synth_render_lose, "a risk lost: a descending \"wah-wah\" on a square and saw-like lead, 0.9 s" },
    { "prize", synth_render_prize, "a direct prize: a jaunty C major chiptune (pulse lead, bass, arpeggio), 2.4 s" },
    { "extra_spin", synth_render_extra_spin, "Extra Spin: a snare roll into a festive, faster G major chiptune, 3 s" },
    { "lid", synth_render_lid, "a cauldron's iron lid lifted: a clank, a ring, a puff of bubbles, 0.7 s" },
    { "cauldrons", synth_render_cauldrons, "the cauldrons minigame: bubbling liquid and a magic glissando chime, 1.8 s" },
    { "music_gnomos", synth_render_music_gnomos,
      "background music of a Spanish fruit machine: nylon guitar strumming, a walking bass, castanets, "
      "palmas and a recorder tune in A major, 112 bpm, 8 bars = 17.14 s, loops seamlessly" },
    { NULL, NULL, NULL },
};
