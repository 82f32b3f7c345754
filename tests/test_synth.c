/* test_synth.c - tests of the cabinet's sound synthesizer (src/cabinet/synth.c).
 *
 * For every sound: it renders; its length is in the intended range; its peak is between
 * -3 and -1 dBFS (23000..29500); it is not silent; it cannot click (a one-shot starts and
 * ends at silence and fades in over its first milliseconds; a loop's last frame runs into
 * its first without a jump); the two channels differ where the sound is placed in stereo;
 * rendering it twice gives identical bytes. Sounds are found by name (the registry of synth.c and
 * each game's file); names are stable snake_case, round-trip and each has its few words.
 * Prints one line per failed check and "ok N checks" at the end; exits 1 on failure. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "synth.h"

static int checks;
static int failures;

#define CHECK(cond, ...)                                                                    \
    do {                                                                                    \
        checks++;                                                                           \
        if (!(cond)) {                                                                      \
            failures++;                                                                     \
            printf("%s:%d: CHECK(%s) failed: ", __FILE__, __LINE__, #cond);                 \
            printf(__VA_ARGS__);                                                            \
            printf("\n");                                                                   \
        }                                                                                   \
    } while (0)

/* What each sound is meant to be: its name, length range in seconds, whether it loops,
 * whether it is placed in stereo. */
typedef struct Expect {
    const char *name;
    double min_s, max_s;
    int loop;
    int stereo;
} Expect;

static const Expect expects[] = {
    { "reel_spin", 0.40, 0.70, 1, 1 },
    { "reel_stop", 0.10, 0.25, 0, 1 },
    { "button", 0.04, 0.10, 0, 0 },
    { "win_small", 0.35, 0.80, 0, 1 },
    { "win_medium", 0.90, 1.60, 0, 1 },
    { "win_big", 2.50, 3.60, 0, 1 },
    { "coin_tick", 0.03, 0.08, 0, 1 },
    { "scatter", 0.30, 0.60, 0, 1 },
    { "jewel", 0.35, 0.80, 0, 1 },
    { "feature_intro", 1.60, 2.60, 0, 1 },
    { "feature_outro", 1.60, 2.60, 0, 1 },
    { "jackpot", 3.40, 4.80, 0, 1 },
    { "music", 16.0, 24.0, 1, 1 },
    { "music_temple", 16.0, 24.0, 1, 1 },
    { "anticipation", 1.30, 2.00, 0, 1 },
    { "slash", 0.40, 0.70, 0, 1 },
    { "strike", 1.10, 1.80, 0, 1 },
    { "step", 0.35, 0.70, 0, 1 },
    { "whoosh", 0.60, 1.00, 0, 1 },
    { "clash", 0.70, 1.10, 0, 1 },
    { "cap", 3.00, 4.20, 0, 1 },
    { "music_graveyard", 16.0, 24.0, 1, 1 },
    { "nudge", 0.12, 0.25, 0, 1 },
    { "advances", 0.70, 1.10, 0, 1 },
    { "hold", 0.15, 0.30, 0, 1 },
    { "ladder_up", 0.40, 0.70, 0, 1 },
    { "ladder_down", 0.40, 0.70, 0, 1 },
    { "ladder_tick", 0.04, 0.08, 0, 1 },
    { "lose", 0.70, 1.10, 0, 1 },
    { "prize", 2.00, 2.90, 0, 1 },
    { "extra_spin", 2.50, 3.60, 0, 1 },
    { "lid", 0.50, 0.90, 0, 1 },
    { "cauldrons", 1.40, 2.20, 0, 1 },
    { "music_gnomos", 16.0, 24.0, 1, 1 },
};

#define PEAK_MIN 23000
#define PEAK_MAX 29500
#define RMS_MIN 1000.0    /* about -30 dBFS */
#define EDGE_MAX 64       /* a one-shot's first and last frame */
#define ONSET_MAX 6000    /* a one-shot's first 0.5 ms: it fades in, no step */
#define TAIL_MAX 1000     /* a one-shot's last 2 ms: faded out */
#define SEAM_MAX 2000     /* a loop: |last frame - first frame| */

static int sample_abs(int16_t v)
{
    return v < 0 ? -(int)v : (int)v;
}

/* Largest |sample| over frames [from, to), both channels. */
static int max_abs(const SynthBuffer *b, size_t from, size_t to)
{
    int m = 0;
    for (size_t i = 2 * from; i < 2 * to; i++)
        if (sample_abs(b->samples[i]) > m)
            m = sample_abs(b->samples[i]);
    return m;
}

static void check_sound(const Expect *e)
{
    SynthBuffer a, b;
    const char *n = e->name;
    size_t ms2 = SYNTH_RATE / 500, ms05 = SYNTH_RATE / 2000;
    const SynthSound sound = synth_find(n);

    CHECK(synth_render(sound, &a) == 0, "%s: render failed", n);
    if (a.samples == NULL || a.frames < 2 * ms2) {
        CHECK(0, "%s: no usable buffer (%zu frames)", n, a.frames);
        free(a.samples);
        return;
    }

    double seconds = (double)a.frames / SYNTH_RATE;
    CHECK(seconds >= e->min_s && seconds <= e->max_s, "%s: %.3f s, expected %.2f..%.2f s", n, seconds,
          e->min_s, e->max_s);

    int peak = max_abs(&a, 0, a.frames);
    CHECK(peak >= PEAK_MIN && peak <= PEAK_MAX, "%s: peak %d, expected %d..%d", n, peak, PEAK_MIN, PEAK_MAX);

    double sum = 0.0;
    size_t differ = 0;
    for (size_t i = 0; i < a.frames; i++) {
        double l = a.samples[2 * i], r = a.samples[2 * i + 1];
        sum += l * l + r * r;
        differ += a.samples[2 * i] != a.samples[2 * i + 1];
    }
    double rms = sqrt(sum / (2.0 * (double)a.frames));
    CHECK(rms >= RMS_MIN, "%s: RMS %.0f, expected >= %.0f", n, rms, RMS_MIN);
    if (e->stereo)
        CHECK(differ > a.frames / 4, "%s: left and right differ in only %zu of %zu frames", n, differ, a.frames);

    if (e->loop) {
        for (size_t ch = 0; ch < 2; ch++) {
            int first = a.samples[ch], last = a.samples[2 * (a.frames - 1) + ch];
            int jump = abs(last - first);
            CHECK(jump < SEAM_MAX, "%s: channel %zu jumps by %d from its last frame to its first", n, ch, jump);
        }
    } else {
        int first = max_abs(&a, 0, 1), last = max_abs(&a, a.frames - 1, a.frames);
        int onset = max_abs(&a, 0, ms05), tail = max_abs(&a, a.frames - ms2, a.frames);
        CHECK(first <= EDGE_MAX, "%s: first frame %d, expected <= %d", n, first, EDGE_MAX);
        CHECK(last <= EDGE_MAX, "%s: last frame %d, expected <= %d", n, last, EDGE_MAX);
        CHECK(onset <= ONSET_MAX, "%s: first 0.5 ms reach %d, expected <= %d", n, onset, ONSET_MAX);
        CHECK(tail <= TAIL_MAX, "%s: last 2 ms reach %d, expected <= %d", n, tail, TAIL_MAX);
    }

    CHECK(synth_render(sound, &b) == 0, "%s: second render failed", n);
    CHECK(b.samples != NULL && b.frames == a.frames &&
              memcmp(a.samples, b.samples, a.frames * 2 * sizeof a.samples[0]) == 0,
          "%s: second render differs", n);
    free(a.samples);
    free(b.samples);
}

static void check_names(void)
{
    const int count = synth_count();
    CHECK(sizeof expects / sizeof expects[0] == (size_t)count, "the test lists %zu sounds, the synthesizer %d",
          sizeof expects / sizeof expects[0], count);
    for (size_t i = 0; i < sizeof expects / sizeof expects[0]; i++) {
        const SynthSound s = synth_find(expects[i].name);
        CHECK(s >= 0 && s < count, "synth_find(\"%s\") == %d, expected a sound", expects[i].name, s);
        const char *name = synth_name(s);
        CHECK(name != NULL && strcmp(name, expects[i].name) == 0, "sound %d is named \"%s\", expected \"%s\"",
              s, name ? name : "(null)", expects[i].name);
        CHECK(synth_about(s) != NULL && synth_about(s)[0] != '\0', "sound \"%s\" says nothing of itself",
              expects[i].name);
    }
    for (SynthSound s = 0; s < count; s++) {
        const char *name = synth_name(s);
        CHECK(name != NULL, "sound %d has no name", s);
        if (name == NULL)
            continue;
        CHECK(synth_find(name) == s, "synth_find(\"%s\") == %d, expected %d", name, synth_find(name), s);
        size_t bad = strspn(name, "abcdefghijklmnopqrstuvwxyz0123456789_");
        CHECK(name[0] != '\0' && name[bad] == '\0', "name \"%s\" is not snake_case", name);
    }
    CHECK(synth_find("nope") == -1, "synth_find(\"nope\") == %d", synth_find("nope"));
    CHECK(synth_find("") == -1, "synth_find(\"\") == %d", synth_find(""));
    CHECK(synth_find("MUSIC") == -1, "synth_find(\"MUSIC\") == %d", synth_find("MUSIC"));
    CHECK(synth_find(NULL) == -1, "synth_find(NULL) == %d", synth_find(NULL));
    CHECK(synth_name(count) == NULL, "synth_name(synth_count()) is not NULL");
    CHECK(synth_name(-1) == NULL && synth_about(-1) == NULL, "synth_name(-1) is not NULL");

    SynthBuffer none = { (int16_t *)&checks, 7 };
    CHECK(synth_render(count, &none) == -1, "synth_render(synth_count()) did not fail");
    CHECK(none.samples == NULL && none.frames == 0, "synth_render(synth_count()) left a buffer");
    CHECK(synth_render(-1, &none) == -1, "synth_render(-1) did not fail");
}

int main(void)
{
    check_names();
    for (size_t i = 0; i < sizeof expects / sizeof expects[0]; i++)
        check_sound(&expects[i]);
    if (failures) {
        printf("FAILED %d of %d checks\n", failures, checks);
        return 1;
    }
    printf("ok %d checks\n", checks);
    return 0;
}
