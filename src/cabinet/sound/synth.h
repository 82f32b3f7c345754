/*
 * synth.h - the cabinet's sound synthesizer.
 *
 * Every sound of the cabinet is computed by synth.c at start-up (no sample
 * files): 16-bit interleaved stereo at SYNTH_RATE frames per second, peak
 * normalised to about -1.7 dBFS, identical bytes on every run. Pure C11 + libm.
 */
#ifndef SLOTCAB_SYNTH_H
#define SLOTCAB_SYNTH_H

#include <stddef.h>
#include <stdint.h>

#define SYNTH_RATE 44100

/* Sounds the cabinet plays, by name. */
typedef enum SynthSound {
    SYNTH_REEL_SPIN,     /* a loopable mechanical whirr/tick while reels spin, 0.5 s, seamless loop */
    SYNTH_REEL_STOP,     /* a short thud-click when a reel lands, 0.15 s */
    SYNTH_BUTTON,        /* an interface click, 0.06 s */
    SYNTH_WIN_SMALL,     /* a short bright chime, 0.5 s */
    SYNTH_WIN_MEDIUM,    /* a rising arpeggio of bells, 1.2 s */
    SYNTH_WIN_BIG,       /* a triumphant fanfare (brass-like, major chord), 3 s */
    SYNTH_COIN_TICK,     /* a tiny coin clink for the win count-up, 0.05 s */
    SYNTH_SCATTER,       /* an anticipation "sparkle" when a scatter lands, 0.4 s */
    SYNTH_JEWEL,         /* a crystalline shimmer when a jewel locks, 0.5 s */
    SYNTH_FEATURE_INTRO, /* a harp-like glissando + chord announcing free spins, 2 s */
    SYNTH_FEATURE_OUTRO, /* a resolving cadence, 2 s */
    SYNTH_JACKPOT,       /* a long celebratory bell-and-fanfare, 4 s */
    SYNTH_MUSIC,         /* background music: a calm Renaissance-flavoured loop in D dorian
                            (harpsichord melody, lute arpeggios and bass over a drone),
                            90 bpm, 8 bars = 21.33 s, loops seamlessly */
    SYNTH_MUSIC_TEMPLE,  /* background music of a jungle temple: marimba ripples, a breathy
                            pan flute tune in A minor pentatonic, hand drums, woodblock and
                            shaker over a low drone, 100 bpm, 8 bars = 19.2 s, loops seamlessly */
    SYNTH_ANTICIPATION,  /* a rising, quickening shimmer while the last reels slow down, a
                          * feature one symbol away, 1.6 s */
    SYNTH_SLASH,         /* a scythe's slash: a falling swish and a blade's ring, 0.55 s */
    SYNTH_STRIKE,        /* Sudden Death: a thunderclap over a bell's toll, 1.4 s */
    SYNTH_STEP,          /* the reaper's stride: two heavy steps on soil and bone, 0.5 s */
    SYNTH_WHOOSH,        /* the phoenix's flight: wings and a trail of sparks, 0.8 s */
    SYNTH_CLASH,         /* a battle: two blades meeting, sparks, 0.9 s */
    SYNTH_CAP,           /* the maximum win: a brass fanfare, timpani and a great bell, 3.6 s */
    SYNTH_MUSIC_GRAVEYARD, /* background music of a graveyard at night: organ pad, harp, a
                              tolling bell, wind and a low drone in D minor, 96 bpm, 8 bars =
                              20 s, loops seamlessly */
    SYNTH_NUDGE,         /* a reel advancing one figure: a mechanical clack and a bright blip, 0.18 s */
    SYNTH_ADVANCES,      /* advances given: four chip bleeps rising, one per lamp, 0.9 s */
    SYNTH_HOLD,          /* a reel held or released: a two-tone latch beep, 0.22 s */
    SYNTH_LADDER_UP,     /* a risk won: a quick rising chip arpeggio with a sparkle, 0.5 s */
    SYNTH_LADDER_DOWN,   /* the seesaw falls one rung: two falling notes, 0.5 s */
    SYNTH_LADDER_TICK,   /* the payout plan's chase: a short, dry square tick, 0.06 s */
    SYNTH_LOSE,          /* a risk lost: a descending "wah-wah" on a square and saw-like lead, 0.9 s */
    SYNTH_PRIZE,         /* a direct prize: a jaunty C major chiptune (pulse lead, bass, arpeggio), 2.4 s */
    SYNTH_EXTRA_SPIN,    /* Extra Spin: a snare roll into a festive, faster G major chiptune, 3 s */
    SYNTH_LID,           /* a cauldron's iron lid lifted: a clank, a ring, a puff of bubbles, 0.7 s */
    SYNTH_CAULDRONS,     /* the cauldrons minigame: bubbling liquid and a magic glissando chime, 1.8 s */
    SYNTH_MUSIC_GNOMOS,  /* background music of a Spanish fruit machine: nylon guitar strumming, a
                            walking bass, castanets, palmas and a recorder tune in A major, 112 bpm,
                            8 bars = 17.14 s, loops seamlessly */
    SYNTH__COUNT
} SynthSound;

typedef struct SynthBuffer {
    int16_t *samples; /* interleaved stereo (left, right), SYNTH_RATE frames per second */
    size_t frames;
} SynthBuffer;

/* The sound's stable snake_case name ("reel_spin", "win_big", ...), which themes
 * use to name sounds; NULL when s is not a sound. */
const char *synth_name(SynthSound s);

/* The sound named name, or -1 when the name is unknown (or NULL). */
int synth_from_name(const char *name);

/* Renders sound s into out. Returns 0 on success, -1 when out of memory or when s
 * is not a sound (out is then {NULL, 0}). The caller frees out->samples with free(). */
int synth_render(SynthSound s, SynthBuffer *out);

#endif /* SLOTCAB_SYNTH_H */
