/* framestats.h - the cabinet's health in a window over time, for the soak (scripts/soak.sh):
 * every period, one JSON line of the frames' work (their ticks and drawing, not presenting:
 * median, p99 and worst of the frames in the period), the time from one frame shown to the
 * next (p99 and worst: what the player sees as smooth or not), the resident memory and the
 * open file descriptors, with the scene shown.
 * Each line also says the wall-clock seconds since the first frame ("wall_s"); a headless soak
 * (--soak) measures periods on the cabinet's clock (ticks) instead, and its frames' work on
 * the wall clock. Measurement only: nothing here changes what is drawn or played. */
#ifndef SLOTCAB_FRAMESTATS_H
#define SLOTCAB_FRAMESTATS_H

#include "error.h"

#include <stdint.h>

typedef struct FrameStats FrameStats;

/* Writes to `path` (made anew) a line every `period_s` seconds; NULL with err when the file
 * cannot be written. */
FrameStats *framestats_open(const char *path, int period_s, Error *err);
/* One frame, shown at `now_us`: its work (ticks and drawing) took `work_us`; a period that
 * ended writes its line, naming `scene`. */
void framestats_frame(FrameStats *fs, uint64_t now_us, uint64_t work_us, const char *scene);
/* The same on two clocks: `now_us` the clock periods are measured on (a headless soak's:
 * ticks), `wall_us` the real one. */
void framestats_frame_at(FrameStats *fs, uint64_t now_us, uint64_t wall_us, uint64_t work_us,
                         const char *scene);
void framestats_close(FrameStats *fs);

#endif
