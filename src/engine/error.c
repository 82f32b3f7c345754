/* error.c - the one way the engine reports a user's mistake: a formatted sentence. */
#include "error.h"

#include <stdarg.h>
#include <stdio.h>

int error_set(Error *err, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->msg, sizeof err->msg, fmt, ap);
        va_end(ap);
    }
    return -1;
}
