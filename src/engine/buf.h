/* buf.h - a growable text buffer for reports (JSON goes through jsonout.h). */
#ifndef SLOTCAB_BUF_H
#define SLOTCAB_BUF_H

#include <stddef.h>

#include "error.h"

typedef struct Buf {
    char *s;
    size_t len, cap;
} Buf;

void buf_printf(Buf *b, const char *fmt, ...) SLOTCAB_PRINTF(2, 3);
void buf_puts(Buf *b, const char *s);
void buf_free(Buf *b);

#endif
