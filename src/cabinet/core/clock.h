/* clock.h - the play core's clock: the cabinet steps its logic CLOCK_HZ times a second (a
 * tick), and shows and journals the time of day as "YYYY-MM-DD HH:MM:SS" in UTC. Plain C, no
 * SDL (tests/test_seat.c). */
#ifndef SLOTCAB_CLOCK_H
#define SLOTCAB_CLOCK_H

#include <stdint.h>

#define CLOCK_HZ 60
/* Ticks in `ms` milliseconds, rounded up. */
#define CLOCK_MS_TICKS(ms) (((ms) * CLOCK_HZ + 999) / 1000)

/* "YYYY-MM-DD HH:MM:SS" (UTC) <-> epoch seconds; parse returns -1 when malformed. */
int clock_parse(const char *s, int64_t *out);
void clock_text(int64_t t, char out[24]);

#endif
