/* error.h - errors a user can act on.
 *
 * Engine functions that can fail on user input (a game file, a scenario, a bet) return
 * 0 on success and -1 on failure, and fill an Error with one sentence that names the file,
 * the JSON path or the option, and what is wrong. Programmer mistakes are asserts instead. */
#ifndef SLOTCAB_ERROR_H
#define SLOTCAB_ERROR_H

#include <stddef.h>

#define ERROR_MSG_MAX 512

typedef struct Error {
    char msg[ERROR_MSG_MAX];
} Error;

#if defined(__GNUC__)
#define SLOTCAB_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define SLOTCAB_PRINTF(a, b)
#endif

/* Sets err->msg (err may be NULL); always returns -1 so callers can `return error_set(...)`. */
int error_set(Error *err, const char *fmt, ...) SLOTCAB_PRINTF(2, 3);

#endif
