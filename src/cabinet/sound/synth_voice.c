/* synth_voice.c - the synthesizer's instruments, and the mix they play into.
 *
 * Each instrument adds one note (or event) to a floating-point stereo mix: struck modal
 * bells (a bank of decaying resonators, one per partial), FM bells, Karplus-Strong plucked
 * strings, a band-limited sawtooth through an envelope-driven low-pass for brass,
 * pitch-swept sines for thumps, filtered noise bursts, additive pads and wavetable drones.
 * The mix's finishing chain (reverb, fades, normalisation, rounding to int16) is here too;
 * the pieces that use them are in synth.c. Per-sample work avoids libm and keeps feedback
 * paths short; loops are rendered on a circular timeline whose filters are primed with the
 * loop's own tail, so the end runs into the start without a seam.
 */
#include "synth_voice.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define SYNTH_PI 3.14159265358979323846
#define SYNTH_TWO_PI 6.28318530717958647692
#define SYNTH_SQRT2 1.41421356237309504880
#define SYNTH_TARGET_PEAK 27000.0 /* about -1.7 dBFS */
#define SYNTH_PLUCK_MAX 2048u     /* longest string delay line: down to ~21.5 Hz */
#define SYNTH_TABLE 4096u         /* one cycle of a drone's wavetable */

const SynthPluck synth_lute_bass = { 0.30, 0.20, 0.50, 3.0, 0.20, 0.0, 0.0 };

/* ------------------------------------------------------------------------ */
/* Small numeric helpers                                                     */
/* ------------------------------------------------------------------------ */

uint32_t synth_rng_next(SynthRng *rng)
{
    uint32_t x = rng->state;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    rng->state = x;
    return x;
}

/* Uniform in [-1, 1). */
double synth_rng_signed(SynthRng *rng)
{
    return (double)synth_rng_next(rng) * (1.0 / 2147483648.0) - 1.0;
}

size_t synth_seconds_frames(double seconds)
{
    return seconds <= 0.0 ? 0u : (size_t)(seconds * SYNTH_RATE + 0.5);
}

double synth_midi_hz(int midi)
{
    return 440.0 * pow(2.0, (double)(midi - 69) / 12.0);
}

/* sin(2 pi turns) by a folded odd polynomial, |error| < 4e-6 (about -108 dB). */
static inline double synth_sin_turns(double turns)
{
    double whole = (double)(int64_t)turns;
    double x, y, y2;
    if (whole > turns)
        whole -= 1.0;
    x = turns - whole; /* [0, 1) */
    if (x > 0.75)
        x -= 1.0;
    else if (x > 0.25)
        x = 0.5 - x; /* now x in [-0.25, 0.25] */
    y = SYNTH_TWO_PI * x;
    y2 = y * y;
    return y * (1.0 + y2 * (-1.0 / 6.0 + y2 * (1.0 / 120.0 + y2 * (-1.0 / 5040.0 + y2 * (1.0 / 362880.0)))));
}

/* Constant-power panning; pan -1 is left, +1 right; the centre gives 1 on both sides. */
static void synth_pan_gains(double pan, double *gl, double *gr)
{
    double a;
    if (pan < -1.0)
        pan = -1.0;
    if (pan > 1.0)
        pan = 1.0;
    a = (pan + 1.0) * 0.25 * SYNTH_PI;
    *gl = cos(a) * SYNTH_SQRT2;
    *gr = sin(a) * SYNTH_SQRT2;
}

/* Per-sample factor of an exponential decay with time constant tau seconds. */
static double synth_decay_factor(double tau)
{
    return exp(-1.0 / (tau * SYNTH_RATE));
}

/* ------------------------------------------------------------------------ */
/* The mix: interleaved float stereo, one-shot or circular                   */
/* ------------------------------------------------------------------------ */

int synth_mix_open(SynthMix *m, size_t frames, int loop)
{
    m->frames = frames;
    m->loop = loop;
    m->lr = calloc(frames * 2u, sizeof *m->lr);
    return m->lr == NULL ? -1 : 0;
}

static void synth_mix_close(SynthMix *m)
{
    free(m->lr);
    m->lr = NULL;
}

int synth_mix_fail(SynthMix *m)
{
    synth_mix_close(m);
    return -1;
}

/* Where a voice writes next; live drops to 0 past the end of a one-shot mix. */
typedef struct SynthCursor {
    SynthMix *mix;
    size_t pos;
    int live;
} SynthCursor;

static SynthCursor synth_cursor_at(SynthMix *m, double seconds)
{
    SynthCursor c;
    double f = floor(seconds * SYNTH_RATE + 0.5);
    c.mix = m;
    c.live = 1;
    if (m->loop) {
        double len = (double)m->frames;
        f = fmod(f, len);
        if (f < 0.0)
            f += len;
    } else if (f < 0.0) {
        f = 0.0;
    }
    if (f >= (double)m->frames) {
        c.pos = 0;
        c.live = 0;
    } else {
        c.pos = (size_t)f;
    }
    return c;
}

static inline void synth_cursor_put(SynthCursor *c, double l, double r)
{
    SynthMix *m = c->mix;
    float *f = m->lr + 2 * c->pos;
    f[0] += (float)l;
    f[1] += (float)r;
    if (++c->pos == m->frames) {
        c->pos = 0;
        c->live = m->loop;
    }
}

/* Index at which a circular pass must start so that, after `prime` priming
 * steps, it arrives at frame 0. */
static size_t synth_prime_start(size_t frames, size_t prime)
{
    return (frames - prime % frames) % frames;
}

/* ------------------------------------------------------------------------ */
/* Filters                                                                   */
/* ------------------------------------------------------------------------ */

static void synth_biquad_tune(SynthBiquad *f, SynthFilterKind kind, double hz, double q)
{
    double w, cw, alpha, a0;
    if (hz > 0.45 * SYNTH_RATE)
        hz = 0.45 * SYNTH_RATE;
    w = SYNTH_TWO_PI * hz / SYNTH_RATE;
    cw = cos(w);
    alpha = sin(w) / (2.0 * q);
    a0 = 1.0 + alpha;
    switch (kind) {
    case SYNTH_LOWPASS:
        f->b0 = (1.0 - cw) * 0.5;
        f->b1 = 1.0 - cw;
        f->b2 = f->b0;
        break;
    case SYNTH_HIGHPASS:
        f->b0 = (1.0 + cw) * 0.5;
        f->b1 = -(1.0 + cw);
        f->b2 = f->b0;
        break;
    case SYNTH_BANDPASS:
    default:
        f->b0 = alpha;
        f->b1 = 0.0;
        f->b2 = -alpha;
        break;
    }
    f->b0 /= a0;
    f->b1 /= a0;
    f->b2 /= a0;
    f->a1 = -2.0 * cw / a0;
    f->a2 = (1.0 - alpha) / a0;
}

SynthBiquad synth_biquad_make(SynthFilterKind kind, double hz, double q)
{
    SynthBiquad f;
    memset(&f, 0, sizeof f);
    synth_biquad_tune(&f, kind, hz, q);
    return f;
}

static inline double synth_biquad_run(SynthBiquad *f, double x)
{
    double y = f->b0 * x + f->b1 * f->x1 + f->b2 * f->x2 - f->a1 * f->y1 - f->a2 * f->y2;
    f->x2 = f->x1;
    f->x1 = x;
    f->y2 = f->y1;
    f->y1 = y;
    return y;
}

/* ------------------------------------------------------------------------ */
/* Instruments: each adds one note (or event) to a mix                       */
/* ------------------------------------------------------------------------ */

/* A struck body: one two-pole resonator per mode, y[n] = 2r cos(w) y[n-1] - r^2 y[n-2],
 * which rings as A r^n sin(w n) from a silent start. Each mode lasts until it has fallen
 * to about -52 dB of a full-scale strike. The modes run side by side in one loop (their
 * recurrences are independent, so they overlap in the pipeline), sorted by lifetime so
 * that the loop narrows as they die out. Even modes lean left of pan by spread, odd ones
 * right. */
#define SYNTH_MODES_MAX 8u
void synth_modes_add(SynthMix *m, double t0, double hz, double amp, double pan, double spread,
                            double tau_scale, const SynthMode *modes, size_t count)
{
    double c1[SYNTH_MODES_MAX], c2[SYNTH_MODES_MAX], ya[SYNTH_MODES_MAX], yb[SYNTH_MODES_MAX];
    double gl[SYNTH_MODES_MAX], gr[SYNTH_MODES_MAX], side[2][2];
    size_t life[SYNTH_MODES_MAX], k, j, n = 0, active = 0;
    SynthCursor c;
    if (count > SYNTH_MODES_MAX)
        count = SYNTH_MODES_MAX;
    synth_pan_gains(pan - spread, &side[0][0], &side[0][1]);
    synth_pan_gains(pan + spread, &side[1][0], &side[1][1]);
    for (k = 0; k < count; k++) {
        double f = hz * modes[k].ratio, tau = modes[k].tau * tau_scale, r, w, taus;
        size_t len;
        if (f >= 0.45 * SYNTH_RATE || tau <= 0.0)
            continue;
        taus = log(amp * modes[k].gain * 400.0);
        len = synth_seconds_frames(tau * (taus < 1.0 ? 1.0 : taus));
        r = synth_decay_factor(tau);
        w = SYNTH_TWO_PI * f / SYNTH_RATE;
        /* insert, keeping the modes sorted by decreasing lifetime */
        for (j = active; j > 0 && life[j - 1] < len; j--) {
            life[j] = life[j - 1];
            c1[j] = c1[j - 1];
            c2[j] = c2[j - 1];
            yb[j] = yb[j - 1];
            gl[j] = gl[j - 1];
            gr[j] = gr[j - 1];
        }
        life[j] = len;
        c1[j] = 2.0 * r * cos(w);
        c2[j] = r * r;
        yb[j] = amp * modes[k].gain * r * sin(w);
        gl[j] = side[k & 1u][0];
        gr[j] = side[k & 1u][1];
        active++;
    }
    for (k = 0; k < active; k++)
        ya[k] = 0.0;
    c = synth_cursor_at(m, t0);
    for (; active > 0; active--) {
        for (; n < life[active - 1] && c.live; n++) {
            double l = 0.0, r = 0.0;
            for (k = 0; k < active; k++) {
                double y = ya[k];
                ya[k] = yb[k];
                yb[k] = c1[k] * yb[k] - c2[k] * y;
                l += y * gl[k];
                r += y * gr[k];
            }
            synth_cursor_put(&c, l, r);
        }
    }
}

/* A noise burst through a filter: linear attack, exponential decay. */
void synth_burst_add(SynthMix *m, SynthRng *rng, double t0, double attack, double tau, double amp,
                            double pan, SynthBiquad filter)
{
    size_t att = synth_seconds_frames(attack), len = att + synth_seconds_frames(tau * 7.0), n;
    double decay = synth_decay_factor(tau), env = 1.0, ramp = 0.0, step = att ? 1.0 / (double)att : 1.0, gl, gr;
    SynthCursor c = synth_cursor_at(m, t0);
    synth_pan_gains(pan, &gl, &gr);
    for (n = 0; n < len && c.live; n++) {
        double x = synth_biquad_run(&filter, synth_rng_signed(rng)) * amp, e;
        if (n < att) {
            e = ramp;
            ramp += step;
        } else {
            e = env;
            env *= decay;
        }
        synth_cursor_put(&c, x * e * gl, x * e * gr);
    }
}

/* A sine whose pitch falls exponentially from hz_from to hz_to: a thud or a drum's body. */
void synth_thump_add(SynthMix *m, double t0, double hz_from, double hz_to, double sweep_tau, double tau,
                            double amp, double pan)
{
    size_t att = synth_seconds_frames(0.001), len = att + synth_seconds_frames(tau * 7.0), n;
    double sweep = 1.0, ks = synth_decay_factor(sweep_tau), env = 1.0, kd = synth_decay_factor(tau);
    double phase = 0.0, ramp = 0.0, step = att ? 1.0 / (double)att : 1.0, gl, gr;
    SynthCursor c = synth_cursor_at(m, t0);
    synth_pan_gains(pan, &gl, &gr);
    for (n = 0; n < len && c.live; n++) {
        double hz = hz_to + (hz_from - hz_to) * sweep, e, x;
        sweep *= ks;
        if (n < att) {
            e = ramp;
            ramp += step;
        } else {
            e = env;
            env *= kd;
        }
        x = amp * e * synth_sin_turns(phase);
        phase += hz / SYNTH_RATE;
        if (phase >= 1.0)
            phase -= 1.0;
        synth_cursor_put(&c, x * gl, x * gr);
    }
}

/* Band-passed noise whose centre glides from hz_from to hz_to, swelling to a peak at
 * two thirds of its length: a rising "swoosh". Left and right use independent noise. */
void synth_sweep_add(SynthMix *m, SynthRng *rng, double t0, double dur, double hz_from, double hz_to,
                            double q, double amp)
{
    size_t len = synth_seconds_frames(dur), n;
    SynthBiquad fl = synth_biquad_make(SYNTH_BANDPASS, hz_from, q), fr = fl;
    SynthCursor c = synth_cursor_at(m, t0);
    for (n = 0; n < len && c.live; n++) {
        double x = (double)n / (double)len, env = x * x * (1.0 - x) * 6.75 * amp;
        double nl = synth_rng_signed(rng), nr = synth_rng_signed(rng); /* declarators are sequenced */
        if ((n & 31u) == 0) {
            double hz = hz_from * pow(hz_to / hz_from, x);
            synth_biquad_tune(&fl, SYNTH_BANDPASS, hz, q);
            synth_biquad_tune(&fr, SYNTH_BANDPASS, hz, q);
        }
        synth_cursor_put(&c, env * synth_biquad_run(&fl, nl), env * synth_biquad_run(&fr, nr));
    }
}

/* Chowning FM bell: sin(wc t + I(t) sin(wm t)); the index decays faster than the
 * amplitude, so the strike is bright and the ring mellows. The modulator is a rotating
 * phasor, the carrier a polynomial sine. */
void synth_fmbell_add(SynthMix *m, double t0, double hz, double ratio, double index, double tau,
                             double amp, double pan)
{
    size_t att = synth_seconds_frames(0.0015), len = att + synth_seconds_frames(tau * 5.5), n;
    double pc = 0.0, dc = hz / SYNTH_RATE, wm = SYNTH_TWO_PI * hz * ratio / SYNTH_RATE;
    double mc = 1.0, ms = 0.0, rc = cos(wm), rs = sin(wm);
    double env = 1.0, kd = synth_decay_factor(tau), ienv = index / SYNTH_TWO_PI;
    double ki = synth_decay_factor(tau * 0.4), ramp = 0.0, step = att ? 1.0 / (double)att : 1.0, gl, gr;
    SynthCursor c = synth_cursor_at(m, t0);
    synth_pan_gains(pan, &gl, &gr);
    for (n = 0; n < len && c.live; n++) {
        double e = env * (ramp < 1.0 ? ramp : 1.0);
        double x = amp * e * synth_sin_turns(pc + ienv * ms), nc = mc * rc - ms * rs;
        ms = ms * rc + mc * rs;
        mc = nc;
        env *= kd;
        ienv *= ki;
        ramp += step;
        pc += dc;
        if (pc >= 1.0)
            pc -= 1.0;
        synth_cursor_put(&c, x * gl, x * gr);
    }
}

/* PolyBLEP residual that removes the aliasing of a sawtooth's jump. */
static inline double synth_blep(double t, double dt)
{
    if (t < dt) {
        t /= dt;
        return t + t - t * t - 1.0;
    }
    if (t > 1.0 - dt) {
        t = (t - 1.0) / dt;
        return t * t + t + t + 1.0;
    }
    return 0.0;
}

/* Brass: a band-limited saw through two one-pole low-passes whose cutoff follows the
 * loudness (brass gets brighter as it gets louder), an attack with a little overshoot, a
 * pitch scoop into the note and a vibrato that grows in. Pitch, vibrato and cutoff move
 * slowly, so they are updated every 16 samples. */
void synth_brass_add(SynthMix *m, double t0, double dur, double hz, double amp, double pan)
{
    double phase = 0.0, dt = 0.0, a = 0.0, b = 1.0;
    double attack = 1.0, ka = synth_decay_factor(0.022);
    double over = 1.0, ko = synth_decay_factor(0.09);
    double scoop = 1.0, kscoop = synth_decay_factor(0.03 / 16.0);
    double release = 1.0, kr = synth_decay_factor(0.03);
    double vib = 0.0, lp1 = 0.0, lp2 = 0.0, gl, gr;
    size_t hold = synth_seconds_frames(dur), len = hold + synth_seconds_frames(0.03 * 7.0), n;
    SynthCursor c = synth_cursor_at(m, t0);
    synth_pan_gains(pan, &gl, &gr);
    for (n = 0; n < len && c.live; n++) {
        double env = (1.0 - attack) * (1.0 + 0.35 * over), saw, x;
        attack *= ka;
        over *= ko;
        if (n >= hold) {
            env *= release;
            release *= kr;
        }
        if ((n & 15u) == 0) {
            double t = (double)n * (1.0 / SYNTH_RATE), cutoff, w;
            double depth = t < 0.18 ? 0.0 : (t < 0.5 ? (t - 0.18) / 0.32 : 1.0) * 0.0045;
            dt = hz * (1.0 - 0.03 * scoop) * (1.0 + depth * synth_sin_turns(vib)) / SYNTH_RATE;
            scoop *= kscoop;
            vib += 16.0 * 5.4 / SYNTH_RATE;
            if (vib >= 1.0)
                vib -= 1.0;
            cutoff = hz * (1.0 + 7.0 * env);
            if (cutoff > 0.2 * SYNTH_RATE)
                cutoff = 0.2 * SYNTH_RATE;
            w = SYNTH_TWO_PI * cutoff / SYNTH_RATE;
            a = w / (1.0 + w);
            b = 1.0 - a;
        }
        phase += dt;
        if (phase >= 1.0)
            phase -= 1.0;
        saw = 2.0 * phase - 1.0 - synth_blep(phase, dt);
        lp1 = b * lp1 + a * saw; /* written so that only one multiply-add is on the feedback path */
        lp2 = b * lp2 + a * lp1;
        x = lp2 * env * amp;
        synth_cursor_put(&c, x * gl, x * gr);
    }
}

/* Soft organ-like pad: six harmonics from one rotating phasor (cos, sin) by the Chebyshev
 * recurrence sin((k+1)x) = 2 cos(x) sin(kx) - sin((k-1)x); two voices detuned by a few
 * cents and spread apart for a gentle chorus. */
void synth_pad_add(SynthMix *m, double t0, double dur, double hz, double amp, double pan)
{
    static const double harm[6] = { 1.0, 0.38, 0.21, 0.14, 0.10, 0.08 };
    static const double detune[2] = { 0.998, 1.002 };
    double pc[2] = { 1.0, 1.0 }, ps[2] = { 0.0, 0.0 }, rc[2], rs[2], gains[2][2];
    double attack = 1.0, ka = synth_decay_factor(0.07), release = 1.0, kr = synth_decay_factor(0.12);
    size_t hold = synth_seconds_frames(dur), len = hold + synth_seconds_frames(0.12 * 6.0), n, v, k;
    SynthCursor c = synth_cursor_at(m, t0);
    synth_pan_gains(pan - 0.3, &gains[0][0], &gains[0][1]);
    synth_pan_gains(pan + 0.3, &gains[1][0], &gains[1][1]);
    for (v = 0; v < 2; v++) {
        rc[v] = cos(SYNTH_TWO_PI * hz * detune[v] / SYNTH_RATE);
        rs[v] = sin(SYNTH_TWO_PI * hz * detune[v] / SYNTH_RATE);
    }
    for (n = 0; n < len && c.live; n++) {
        double env = (1.0 - attack) * amp * 0.5, l = 0.0, r = 0.0;
        attack *= ka;
        if (n >= hold) {
            env *= release;
            release *= kr;
        }
        for (v = 0; v < 2; v++) {
            double prev = 0.0, cur = ps[v], sum = 0.0, twice = 2.0 * pc[v], nc;
            for (k = 0; k < 6; k++) {
                double next = twice * cur - prev;
                sum += harm[k] * cur;
                prev = cur;
                cur = next;
            }
            l += sum * gains[v][0];
            r += sum * gains[v][1];
            nc = pc[v] * rc[v] - ps[v] * rs[v]; /* rotate the phasor by one sample */
            ps[v] = ps[v] * rc[v] + pc[v] * rs[v];
            pc[v] = nc;
        }
        synth_cursor_put(&c, l * env, r * env);
    }
}

/* One Karplus-Strong string: a delay line of one period filled with shaped noise, fed
 * back through a two-point loss filter and a first-order all-pass that tunes the
 * fractional part of the period. The line lives apart from the scalar state so that the
 * note loop can keep the state in registers. */
typedef struct SynthString {
    double *line;
    size_t size, idx;
    double damp, g, ap, ap2, prev, apx, apy, norm;
} SynthString;

/* Tunes and excites a string on line[SYNTH_PLUCK_MAX]; returns -1 when the pitch is out
 * of the model's range. */
static int synth_string_pluck(SynthString *s, double *line, SynthRng *rng, double hz, double amp,
                              const SynthPluck *p)
{
    double want = (double)SYNTH_RATE / hz - p->damp, d, lp = 0.0, mean = 0.0, power = 0.0;
    size_t pick, i;
    if (want < 3.0 || want > (double)SYNTH_PLUCK_MAX - 1.0)
        return -1;
    s->line = line;
    s->size = (size_t)(want - 0.1);
    d = want - (double)s->size; /* in [0.1, 1.1) */
    s->ap = (1.0 - d) / (1.0 + d);
    s->ap2 = s->ap * s->ap;
    s->g = pow(10.0, -3.0 / (p->t60 * hz));
    s->damp = p->damp;
    s->idx = 0;
    s->prev = s->apx = s->apy = 0.0;
    for (i = 0; i < s->size; i++) {
        lp += p->bright * (synth_rng_signed(rng) - lp);
        line[i] = lp;
    }
    pick = (size_t)(p->pick * (double)s->size + 0.5);
    if (pick < 1)
        pick = 1;
    for (i = s->size; i-- > pick;)
        line[i] -= line[i - pick];
    for (i = 0; i < s->size; i++)
        mean += line[i];
    mean /= (double)s->size;
    for (i = 0; i < s->size; i++) {
        line[i] -= mean;
        power += line[i] * line[i];
    }
    s->norm = power > 0.0 ? amp / sqrt(power / (double)s->size) : 0.0;
    return 0;
}

/* Two steps of a string. The all-pass y[n] = t[n] - ap y[n-1], t[n] = ap lf[n] + lf[n-1],
 * is unrolled to y[n+1] = t[n+1] - ap t[n] + ap^2 y[n-1], so the feedback path advances two
 * samples per multiply-add; the line is at least 3 long, so both reads precede the writes. */
static inline void synth_string_step2(SynthString *s, double *out0, double *out1)
{
    size_t i0 = s->idx, i1 = i0 + 1 == s->size ? 0 : i0 + 1;
    double x0 = s->line[i0], x1 = s->line[i1];
    double lf0 = s->g * ((1.0 - s->damp) * x0 + s->damp * s->prev);
    double lf1 = s->g * ((1.0 - s->damp) * x1 + s->damp * x0);
    double t0 = s->ap * lf0 + s->apx, t1 = s->ap * lf1 + lf0;
    double y0 = t0 - s->ap * s->apy, y1 = (t1 - s->ap * t0) + s->ap2 * s->apy;
    s->line[i0] = y0;
    s->line[i1] = y1;
    s->prev = x1;
    s->apx = lf1;
    s->apy = y1;
    s->idx = i1 + 1 == s->size ? 0 : i1 + 1;
    *out0 = x0 * s->norm;
    *out1 = x1 * s->norm;
}

/* A plucked note: one or two strings (run in the same loop, two samples at a time), a
 * soft 0.6 ms onset, a damper after dur seconds and, when the damped string is cut off, a
 * last 5 ms linear fade to zero; the envelope moves once per pair. */
void synth_pluck_add(SynthMix *m, SynthRng *rng, double t0, double dur, double hz, double amp,
                            double pan, const SynthPluck *p)
{
    double lines[2][SYNTH_PLUCK_MAX];
    SynthString first, second;
    double release = 1.0, kr = synth_decay_factor(p->release * 0.5), ramp = 0.0, gl[2], gr[2];
    size_t att = synth_seconds_frames(0.0006), hold = synth_seconds_frames(dur);
    size_t len = hold + synth_seconds_frames(p->release * 4.0), n, fade = synth_seconds_frames(0.005);
    size_t life = synth_seconds_frames(p->t60 * 0.85); /* the string alone is down ~51 dB by then */
    double step = att ? 2.0 / (double)att : 1.0;
    int two;
    SynthCursor c;
    if (synth_string_pluck(&first, lines[0], rng, hz, amp, p) != 0)
        return;
    two = p->unison > 0.0 && synth_string_pluck(&second, lines[1], rng, hz * p->unison, amp * p->level2, p) == 0;
    synth_pan_gains(pan, &gl[0], &gr[0]);
    synth_pan_gains(pan + 0.15, &gl[1], &gr[1]);
    if (len > life) {
        len = life;
        hold = hold < len - fade ? hold : len - fade; /* so that the last 5 ms fade applies */
    }
    c = synth_cursor_at(m, t0);
    for (n = 0; n + 1 < len && c.live; n += 2) {
        double e = ramp < 1.0 ? ramp : 1.0, a0, a1, b0, b1;
        ramp += step;
        if (n >= hold) {
            e *= release;
            release *= kr;
            if (n + fade >= len)
                e *= (double)(len - n) / (double)fade;
        }
        synth_string_step2(&first, &a0, &a1);
        if (two) {
            synth_string_step2(&second, &b0, &b1);
            synth_cursor_put(&c, e * (a0 * gl[0] + b0 * gl[1]), e * (a0 * gr[0] + b0 * gr[1]));
            if (c.live)
                synth_cursor_put(&c, e * (a1 * gl[0] + b1 * gl[1]), e * (a1 * gr[0] + b1 * gr[1]));
        } else {
            synth_cursor_put(&c, e * a0 * gl[0], e * a0 * gr[0]);
            if (c.live)
                synth_cursor_put(&c, e * a1 * gl[0], e * a1 * gr[0]);
        }
    }
}

/* A sustained drone on a loop: a one-cycle wavetable of the given harmonics read with
 * an exact integer phase (a whole number of cycles per loop), with a slow swell whose
 * period also divides the loop. Needs a circular mix. Returns -1 when out of memory. */
int synth_drone_add(SynthMix *m, double hz, const double *harm, size_t nharm, double amp, double pan,
                           int64_t lfo_cycles, double lfo_depth, double lfo_turns)
{
    double *table = malloc((SYNTH_TABLE + 1u) * sizeof *table);
    int64_t frames = (int64_t)m->frames, acc = 0, lacc, cycles; /* signed: cheap conversions to double */
    double scale = (double)SYNTH_TABLE / (double)frames, swell = amp, gl, gr;
    size_t i, k, n;
    if (table == NULL)
        return -1;
    cycles = (int64_t)(hz * (double)frames / SYNTH_RATE + 0.5);
    if (cycles < 1)
        cycles = 1;
    for (i = 0; i <= SYNTH_TABLE; i++) {
        double sum = 0.0;
        for (k = 0; k < nharm; k++)
            sum += harm[k] * synth_sin_turns((double)((k + 1) * i) / (double)SYNTH_TABLE);
        table[i] = sum;
    }
    lacc = (int64_t)(lfo_turns * (double)frames) % frames;
    synth_pan_gains(pan, &gl, &gr);
    for (n = 0; n < m->frames; n++) {
        double pos = (double)acc * scale, frac, x;
        int64_t at = (int64_t)pos;
        if ((n & 31u) == 0) /* the swell is slow: refresh it every 32 frames */
            swell = amp * (1.0 - lfo_depth * 0.5 * (1.0 + synth_sin_turns((double)lacc / (double)frames)));
        frac = pos - (double)at;
        x = table[at] + frac * (table[at + 1] - table[at]);
        x *= swell;
        m->lr[2 * n] += (float)(x * gl);
        m->lr[2 * n + 1] += (float)(x * gr);
        acc += cycles;
        while (acc >= frames)
            acc -= frames;
        lacc += lfo_cycles;
        while (lacc >= frames)
            lacc -= frames;
    }
    free(table);
    return 0;
}

/* A noise bed for a loop: stereo noise filtered on the circle (the filter is primed with
 * the loop's tail, so the bed has no seam), amplitude-modulated a whole number of times
 * per loop. Needs a circular mix. Returns -1 when out of memory. */
int synth_bed_add(SynthMix *m, SynthRng *rng, double amp, SynthBiquad proto, int64_t mod_cycles,
                         double mod_depth)
{
    size_t frames = m->frames, ch, step, i, prime = frames;
    double *noise = malloc(frames * 2u * sizeof *noise);
    int64_t acc = 0;
    if (noise == NULL)
        return -1;
    for (i = 0; i < frames * 2u; i++)
        noise[i] = synth_rng_signed(rng);
    for (ch = 0; ch < 2; ch++) {
        SynthBiquad f = proto;
        double *src = noise + ch * frames;
        float *dst = m->lr + ch;
        i = synth_prime_start(frames, prime);
        acc = 0;
        for (step = 0; step < prime + frames; step++) {
            double y = synth_biquad_run(&f, src[i]);
            if (step >= prime) {
                double mod = 1.0 - mod_depth * 0.5 * (1.0 + synth_sin_turns((double)acc / (double)frames));
                dst[2 * i] += (float)(y * amp * mod);
                acc += mod_cycles;
                while (acc >= (int64_t)frames)
                    acc -= (int64_t)frames;
            }
            if (++i == frames)
                i = 0;
        }
    }
    free(noise);
    return 0;
}

/* ------------------------------------------------------------------------ */
/* Finishing chain                                                           */
/* ------------------------------------------------------------------------ */

/* Schroeder/Freeverb-style reverb: four damped feedback combs on the mono sum, then two
 * all-passes per side with different lengths, which decorrelate the sides into a wide
 * stereo tail. On a loop the network is first run over the loop's last 1.5 seconds
 * (wrapping) so that its tail continues seamlessly into the start. The work is cut into
 * runs in which no delay line wraps, so the inner loop is straight-line code. */
int synth_mix_reverb(SynthMix *m, double wet, double room, double damp)
{
    static const size_t lens[8] = { 1116, 1188, 1277, 1356, 556, 441, 579, 464 }; /* 4 combs, 4 all-passes */
    const double keep = 1.0 - damp;
    size_t frames = m->frames, total = 0, pos[8] = { 0 }, k, prime, i, step, j;
    double *buf[8], store[4] = { 0.0, 0.0, 0.0, 0.0 }, *mem;
    for (k = 0; k < 8; k++)
        total += lens[k];
    mem = calloc(total, sizeof *mem);
    if (mem == NULL)
        return -1;
    for (k = 0, total = 0; k < 8; k++) {
        buf[k] = mem + total;
        total += lens[k];
    }
    prime = m->loop ? synth_seconds_frames(1.5) : 0;
    i = m->loop ? synth_prime_start(frames, prime) : 0;
    for (step = 0; step < prime + frames;) {
        size_t run = step < prime ? prime - step : prime + frames - step;
        double *c0, *c1, *c2, *c3, *a0, *a1, *a2, *a3, s0 = store[0], s1 = store[1], s2 = store[2], s3 = store[3];
        double w = step < prime ? 0.0 : wet;
        float *lr = m->lr + 2 * i;
        if (frames - i < run)
            run = frames - i;
        for (k = 0; k < 8; k++)
            if (lens[k] - pos[k] < run)
                run = lens[k] - pos[k];
        c0 = buf[0] + pos[0], c1 = buf[1] + pos[1], c2 = buf[2] + pos[2], c3 = buf[3] + pos[3];
        a0 = buf[4] + pos[4], a1 = buf[5] + pos[5], a2 = buf[6] + pos[6], a3 = buf[7] + pos[7];
        for (j = 0; j < run; j++) {
            double x = ((double)lr[2 * j] + (double)lr[2 * j + 1]) * 0.15;
            double y0 = c0[j], y1 = c1[j], y2 = c2[j], y3 = c3[j];
            double acc, b, o, left, right;
            s0 = y0 * keep + s0 * damp; /* one multiply-add on each comb's damping feedback */
            s1 = y1 * keep + s1 * damp;
            s2 = y2 * keep + s2 * damp;
            s3 = y3 * keep + s3 * damp;
            c0[j] = x + s0 * room;
            c1[j] = x + s1 * room;
            c2[j] = x + s2 * room;
            c3[j] = x + s3 * room;
            acc = y0 + y1 + y2 + y3;
            b = a0[j];
            a0[j] = acc + b * 0.5;
            o = b - acc;
            b = a1[j];
            a1[j] = o + b * 0.5;
            left = b - o;
            b = a2[j];
            a2[j] = acc + b * 0.5;
            o = b - acc;
            b = a3[j];
            a3[j] = o + b * 0.5;
            right = b - o;
            lr[2 * j] += (float)(w * left); /* w is 0 while priming */
            lr[2 * j + 1] += (float)(w * right);
        }
        store[0] = s0, store[1] = s1, store[2] = s2, store[3] = s3;
        for (k = 0; k < 8; k++)
            if ((pos[k] += run) == lens[k])
                pos[k] = 0;
        step += run;
        if ((i += run) == frames)
            i = 0;
    }
    free(mem);
    return 0;
}

static int16_t synth_sample_round(double v)
{
    if (v > 32767.0)
        v = 32767.0;
    if (v < -32768.0)
        v = -32768.0;
    return (int16_t)((int32_t)(v + 32768.5) - 32768); /* v + 32768.5 > 0: truncation floors */
}

/* Fades (one-shots only: 2 ms raised-cosine in, fade_out seconds out), peak
 * normalisation and rounding to int16, written over the mix itself (each int16 pair lands
 * at or before the float pair it comes from; memcpy keeps that well-defined), which then
 * shrinks into out. The mix is always consumed. */
int synth_mix_finish(SynthMix *m, double fade_out, SynthBuffer *out)
{
    size_t frames = m->frames, n, fade;
    double peak = 0.0, peak2 = 0.0, scale;
    unsigned char *bytes;
    int16_t *samples;
    if (!m->loop) {
        fade = synth_seconds_frames(0.002);
        for (n = 0; n < fade && n < frames; n++) {
            float g = (float)(0.5 - 0.5 * cos(SYNTH_PI * (double)n / (double)fade));
            m->lr[2 * n] *= g;
            m->lr[2 * n + 1] *= g;
        }
        fade = synth_seconds_frames(fade_out);
        for (n = 0; n < fade && n < frames; n++) {
            float g = (float)(0.5 - 0.5 * cos(SYNTH_PI * (double)n / (double)fade));
            m->lr[2 * (frames - 1 - n)] *= g;
            m->lr[2 * (frames - 1 - n) + 1] *= g;
        }
    }
    for (n = 0; n < frames; n++) { /* two running maxima, so that they overlap */
        double a = fabs((double)m->lr[2 * n]), b = fabs((double)m->lr[2 * n + 1]);
        peak = a > peak ? a : peak;
        peak2 = b > peak2 ? b : peak2;
    }
    peak = peak2 > peak ? peak2 : peak;
    scale = peak > 0.0 ? SYNTH_TARGET_PEAK / peak : 0.0;
    bytes = (unsigned char *)m->lr;
    for (n = 0; n < frames * 2u; n++) {
        float f;
        int16_t q;
        memcpy(&f, bytes + n * sizeof f, sizeof f);
        q = synth_sample_round((double)f * scale);
        memcpy(bytes + n * sizeof q, &q, sizeof q);
    }
    samples = realloc(bytes, frames * 2u * sizeof *samples);
    out->samples = samples != NULL ? samples : (int16_t *)(void *)bytes; /* a failed shrink keeps the block */
    out->frames = frames;
    m->lr = NULL;
    return 0;
}
