/* seat_host.h - the cabinet's side of the seat (core/seat.h): the App as the seat's host
 * (its memory, clocks, seeds and QA's event log), and what a failure or the end of a run
 * means in a window or headless. The game scenes (slot/, fruit/) use these; the seat itself
 * knows no App. */
#ifndef SLOTCAB_SEAT_HOST_H
#define SLOTCAB_SEAT_HOST_H

#include "app.h"
#include "seat.h"

/* The seat's host for App `a` (a scene keeps it beside its Seat, whose `host` points at it). */
SeatHost app_seat_host(App *a);
/* Headless --autoplay N, between rounds: true when another round may begin; after the N-th
 * the program ends (app_quit), and a balance short of `bet` fails the run. */
bool app_autoplay_next(App *a, const Seat *st, int *played, int rounds, Money bet);
/* A replay has shown its end: a headless run ends, a window goes back to the game's recall. */
void app_replay_finish(App *a, const char *game);
/* The player's settings (seat_settings_load), the sound's applied to the App's audio. */
void app_settings_load(App *a, const GameDef *def, Bet *bet, bool *space_plays);
void app_settings_save(App *a, const GameDef *def, const Bet *bet, bool space_plays);

#endif
