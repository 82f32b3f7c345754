/* audio.c - SDL_mixer channels grouped by layer; synthesized chunks; a silent fallback.
 *
 * Each layer owns a fixed range of mixer channels, so a burst of win sounds never cuts the
 * reels or the music. Volumes are per layer, applied to its channels; the mute switch
 * sets every channel to zero without forgetting the volumes. */
#include "audio.h"

#include <SDL.h>
#include <SDL_mixer.h>
#include <stdlib.h>

static const int layer_first[AUDIO__LAYERS] = {0, 1, 2, 5};
static const int layer_count[AUDIO__LAYERS] = {1, 1, 3, 3};
#define AUDIO_CHANNELS 8

struct Audio {
    bool live;
    bool muted;
    int volume[AUDIO__LAYERS];
    int nsounds; /* the synthesizer's (synth_count()); buf and chunk by SynthSound */
    SynthBuffer *buf;
    Mix_Chunk **chunk;
    int next[AUDIO__LAYERS]; /* round-robin channel within the layer */
};

static void apply_volumes(Audio *a)
{
    for (int l = 0; l < AUDIO__LAYERS; l++)
        for (int c = 0; c < layer_count[l]; c++)
            Mix_Volume(layer_first[l] + c, a->muted ? 0 : a->volume[l] * MIX_MAX_VOLUME / 100);
}

Audio *audio_create(bool silent)
{
    Audio *a = calloc(1, sizeof *a);
    if (!a)
        return NULL;
    for (int l = 0; l < AUDIO__LAYERS; l++)
        a->volume[l] = l == AUDIO_MUSIC ? 45 : 80;
    if (silent || SDL_InitSubSystem(SDL_INIT_AUDIO))
        return a;
    if (Mix_OpenAudio(SYNTH_RATE, AUDIO_S16SYS, 2, 1024)) {
        SDL_QuitSubSystem(SDL_INIT_AUDIO);
        return a;
    }
    Mix_AllocateChannels(AUDIO_CHANNELS);
    a->nsounds = synth_count();
    a->buf = calloc((size_t)a->nsounds, sizeof *a->buf);
    a->chunk = calloc((size_t)a->nsounds, sizeof *a->chunk);
    if (!a->buf || !a->chunk)
        a->nsounds = 0; /* out of memory: silent */
    for (int s = 0; s < a->nsounds; s++) {
        if (synth_render(s, &a->buf[s]))
            continue;
        a->chunk[s] = Mix_QuickLoad_RAW((Uint8 *)a->buf[s].samples,
                                        (Uint32)(a->buf[s].frames * 2 * sizeof(int16_t)));
    }
    a->live = true;
    apply_volumes(a);
    return a;
}

void audio_destroy(Audio *a)
{
    if (!a)
        return;
    if (a->live) {
        Mix_HaltChannel(-1);
        for (int s = 0; s < a->nsounds; s++)
            Mix_FreeChunk(a->chunk[s]);
        Mix_CloseAudio();
        SDL_QuitSubSystem(SDL_INIT_AUDIO);
    }
    for (int s = 0; s < a->nsounds; s++)
        free(a->buf[s].samples);
    free(a->buf);
    free(a->chunk);
    free(a);
}

bool audio_live(const Audio *a) { return a && a->live; }

static void start(Audio *a, AudioLayer layer, SynthSound s, int loops)
{
    if (!a || !a->live || s < 0 || s >= a->nsounds || !a->chunk[s])
        return; /* not a sound: a theme's optional cue left out */
    int ch = layer_first[layer] + a->next[layer];
    a->next[layer] = (a->next[layer] + 1) % layer_count[layer];
    Mix_PlayChannel(ch, a->chunk[s], loops);
}

void audio_play(Audio *a, AudioLayer layer, SynthSound s) { start(a, layer, s, 0); }
void audio_loop(Audio *a, AudioLayer layer, SynthSound s) { start(a, layer, s, -1); }

void audio_stop_layer(Audio *a, AudioLayer layer)
{
    if (!a || !a->live)
        return;
    for (int c = 0; c < layer_count[layer]; c++)
        Mix_HaltChannel(layer_first[layer] + c);
}

void audio_set_volume(Audio *a, AudioLayer layer, int volume)
{
    if (!a)
        return;
    a->volume[layer] = volume < 0 ? 0 : volume > 100 ? 100 : volume;
    if (a->live)
        apply_volumes(a);
}

int audio_volume(const Audio *a, AudioLayer layer) { return a ? a->volume[layer] : 0; }

void audio_set_muted(Audio *a, bool muted)
{
    if (!a)
        return;
    a->muted = muted;
    if (a->live)
        apply_volumes(a);
}

bool audio_muted(const Audio *a) { return a && a->muted; }
