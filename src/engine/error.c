/* error.c - the one way the engine reports a user's mistake: a formatted sentence.
 *
 * A message is one line a person reads in a terminal or a log, so what a message quotes from
 * a file or a command line (a field's name, a file name, a flag's value) must not break that
 * line or drive the terminal: error_set() and error_print() write every control byte escaped
 * (\n, \r, \t, \xNN), and likewise a byte that is not UTF-8 and the UTF-8 control and line
 * separator characters (U+0080..U+009F, U+2028, U+2029). What they write holds none of them,
 * so escaping it again changes nothing: a message made of messages is escaped once. */
#include "error.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

/* The length of the UTF-8 character at s that a message may show as it is (1..4), or 0 when
 * its first byte must be escaped (a control byte, a byte that starts no valid character, a
 * C1 control or a line or paragraph separator). */
static size_t shown_len(const unsigned char *s)
{
    if (s[0] >= 0x20 && s[0] < 0x7f)
        return 1;
    size_t n = s[0] >= 0xc2 && s[0] <= 0xdf ? 2 : s[0] >= 0xe0 && s[0] <= 0xef ? 3
               : s[0] >= 0xf0 && s[0] <= 0xf4 ? 4 : 0;
    unsigned cp = n == 2 ? s[0] & 0x1fu : n == 3 ? s[0] & 0x0fu : s[0] & 0x07u;
    for (size_t i = 1; i < n; i++) {
        if ((s[i] & 0xc0) != 0x80)
            return 0;
        cp = cp << 6 | (s[i] & 0x3fu);
    }
    bool overlong = (n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000);
    bool bad = overlong || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff) || cp < 0xa0 ||
               cp == 0x2028 || cp == 0x2029;
    return n && !bad ? n : 0;
}

char *error_escape(char *out, size_t size, const char *in)
{
    size_t o = 0;
    if (!size)
        return out;
    const unsigned char *s = (const unsigned char *)in;
    while (*s) {
        char unit[5];
        size_t n = shown_len(s), ulen;
        if (n) {
            memcpy(unit, s, n);
            ulen = n;
        } else {
            n = 1;
            const char *named = *s == '\n' ? "\\n" : *s == '\r' ? "\\r" : *s == '\t' ? "\\t" : NULL;
            if (named)
                memcpy(unit, named, ulen = 2);
            else
                ulen = (size_t)snprintf(unit, sizeof unit, "\\x%02x", *s);
        }
        if (o + ulen >= size) /* whole characters and escapes only */
            break;
        memcpy(out + o, unit, ulen);
        o += ulen;
        s += n;
    }
    out[o] = '\0';
    return out;
}

int error_set(Error *err, const char *fmt, ...)
{
    if (err) {
        char raw[ERROR_MSG_MAX];
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(raw, sizeof raw, fmt, ap);
        va_end(ap);
        error_escape(err->msg, sizeof err->msg, raw);
    }
    return -1;
}

void error_print(const char *fmt, ...)
{
    char raw[2048], line[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(raw, sizeof raw, fmt, ap);
    va_end(ap);
    size_t n = strlen(raw);
    if (n && raw[n - 1] == '\n') /* the line's own end */
        raw[n - 1] = '\0';
    fprintf(stderr, "%s\n", error_escape(line, sizeof line, raw));
}
