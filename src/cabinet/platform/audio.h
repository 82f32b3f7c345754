/* audio.h - sound in layers, through SDL_mixer, with a silent backend.
 *
 * Every sound is synthesized by synth.c when the audio starts. Sounds play on a layer
 * (music, reels, wins, interface), each with its own volume; a master switch mutes all.
 * When no audio device opens (or in headless runs) the same calls do nothing, so the
 * program never depends on sound. */
#ifndef SLOTCAB_AUDIO_H
#define SLOTCAB_AUDIO_H

#include "playcue.h"
#include "synth.h"

#include <stdbool.h>

typedef enum AudioLayer { AUDIO_MUSIC, AUDIO_REELS, AUDIO_WINS, AUDIO_UI, AUDIO__LAYERS } AudioLayer;

typedef struct Audio Audio;

/* The layer a play core's cue names (core/playcue.h). */
static inline AudioLayer audio_layer_of(PlayLayer l)
{
    return l == PLAY_REELS ? AUDIO_REELS : l == PLAY_UI ? AUDIO_UI : AUDIO_WINS;
}

/* silent: do not open a device (headless runs). Never fails: without a device it is silent. */
Audio *audio_create(bool silent);
void audio_destroy(Audio *a);
bool audio_live(const Audio *a);

void audio_play(Audio *a, AudioLayer layer, SynthSound s);
/* A looping sound on a layer until audio_stop_layer (reel spin, music). */
void audio_loop(Audio *a, AudioLayer layer, SynthSound s);
void audio_stop_layer(Audio *a, AudioLayer layer);
/* 0..100 */
void audio_set_volume(Audio *a, AudioLayer layer, int volume);
int audio_volume(const Audio *a, AudioLayer layer);
void audio_set_muted(Audio *a, bool muted);
bool audio_muted(const Audio *a);

#endif
