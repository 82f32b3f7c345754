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

/* Sets err->msg (err may be NULL), one line: control bytes escaped as error_escape() does;
 * always returns -1 so callers can `return error_set(...)`. */
int error_set(Error *err, const char *fmt, ...) SLOTCAB_PRINTF(2, 3);

/* Prints the formatted message on stderr as one line (its control bytes escaped, a newline
 * after it): how the programs say a mistake or a warning. */
void error_print(const char *fmt, ...) SLOTCAB_PRINTF(1, 2);

/* Copies `in` into out (size bytes, always terminated, cut at a whole character) with every
 * control byte written as \n, \r, \t or \xNN, and likewise a byte that is not UTF-8 and the
 * C1 controls and line separators (U+0080..U+009F, U+2028, U+2029); returns out. What it
 * writes holds none of them, so escaping twice is escaping once. */
char *error_escape(char *out, size_t size, const char *in);

#endif
