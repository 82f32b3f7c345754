/* seat_host.c - the App as the seat's host (seat_host.h). */
#include "seat_host.h"
#include "audio.h"
#include "evlog.h"

_Static_assert((int)AUDIO__LAYERS == SEAT_VOLUMES, "one kept volume for each of the audio's layers");

static Store *host_store(void *ctx) { return app_store(ctx); }
static uint64_t host_tick(void *ctx) { return app_tick(ctx); }
static int64_t host_now(void *ctx) { return app_now(ctx); }
static uint64_t host_next_seed(void *ctx) { return app_next_seed(ctx); }
static void host_replay_clock(void *ctx, uint64_t tick) { app_replay_clock(ctx, tick); }

static void host_round_begun(void *ctx, const Seat *st, bool recovered)
{
    App *a = ctx;
    evlog_round(app_evlog(a), st->def, st->m, st->round_seed, st->round_id);
    if (!recovered)
        app_note_round(a, st->def->id, st->round_id); /* F12's pictures name it */
}

SeatHost app_seat_host(App *a)
{
    return (SeatHost){.ctx = a, .store = host_store, .tick = host_tick, .now = host_now,
                      .next_seed = host_next_seed, .replay_clock = host_replay_clock,
                      .round_begun = host_round_begun, .headless = app_headless(a)};
}

bool app_autoplay_next(App *a, const Seat *st, int *played, int rounds, Money bet)
{
    Error err;
    switch (seat_autoplay_next(st, played, rounds, bet, &err)) {
    case SEAT_AUTOPLAY_NEXT:
        return true;
    case SEAT_AUTOPLAY_DONE:
        app_quit(a, 0);
        return false;
    case SEAT_AUTOPLAY_SHORT:
        app_fail(a, &err);
        return false;
    }
    return false;
}

void app_replay_finish(App *a, const char *game)
{
    if (app_headless(a))
        app_quit(a, 0);
    else
        app_open_on(a, game, APP_ON_RECALL);
}

void app_settings_load(App *a, const GameDef *def, Bet *bet, bool *space_plays)
{
    SeatSettings s;
    seat_settings_load(app_store(a), def, bet, &s);
    for (int l = 0; l < SEAT_VOLUMES; l++)
        if (s.has_volume[l])
            audio_set_volume(app_audio(a), (AudioLayer)l, s.volume[l]);
    if (s.has_muted)
        audio_set_muted(app_audio(a), s.muted);
    *space_plays = s.space_plays;
}

void app_settings_save(App *a, const GameDef *def, const Bet *bet, bool space_plays)
{
    SeatSettings s = {.muted = audio_muted(app_audio(a)), .space_plays = space_plays};
    for (int l = 0; l < SEAT_VOLUMES; l++)
        s.volume[l] = audio_volume(app_audio(a), (AudioLayer)l);
    seat_settings_save(app_store(a), def, bet, &s);
}
