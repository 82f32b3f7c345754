/* jsonout.c - JSON output through cJSON; see jsonout.h. Aborts on out-of-memory, as the
 * text buffer does: a report cannot go on without its memory. */
#include "jsonout.h"

#include <assert.h>
#include <inttypes.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static cJSON *need(cJSON *item)
{
    if (!item) {
        fputs("slotcab: out of memory\n", stderr);
        abort();
    }
    return item;
}

/* The length of the valid UTF-8 sequence at p (no overlong forms, no surrogates, nothing
 * past U+10FFFF), or 0. */
static int utf8_len(const unsigned char *p)
{
    int len = *p < 0x80 ? 1 : (*p >> 5) == 6 ? 2 : (*p >> 4) == 14 ? 3 : (*p >> 3) == 30 ? 4 : 0;
    for (int i = 1; i < len; i++)
        if ((p[i] & 0xc0) != 0x80)
            return 0;
    if (len < 2)
        return len;
    uint32_t cp = len == 2 ? (p[0] & 0x1fu) << 6 | (p[1] & 0x3fu)
                  : len == 3 ? (p[0] & 0x0fu) << 12 | (p[1] & 0x3fu) << 6 | (p[2] & 0x3fu)
                             : (p[0] & 0x07u) << 18 | (p[1] & 0x3fu) << 12 | (p[2] & 0x3fu) << 6 |
                                   (p[3] & 0x3fu);
    bool ok = cp >= (len == 2 ? 0x80u : len == 3 ? 0x800u : 0x10000u) && cp <= 0x10ffff &&
              (cp < 0xd800 || cp > 0xdfff);
    return ok ? len : 0;
}

cJSON *jsonout_string(const char *s)
{
    const unsigned char *p = (const unsigned char *)(s ? s : "");
    size_t n = strlen((const char *)p);
    char *out = malloc(n * 3 + 1), *o = out;
    if (!out)
        return need(NULL);
    while (*p) {
        int len = utf8_len(p);
        if (len) {
            memcpy(o, p, (size_t)len);
            o += len;
            p += len;
        } else {
            memcpy(o, "\xef\xbf\xbd", 3); /* U+FFFD */
            o += 3;
            p++;
        }
    }
    *o = 0;
    cJSON *j = need(cJSON_CreateString(out));
    free(out);
    return j;
}

cJSON *jsonout_u64(uint64_t v)
{
    char digits[24];
    snprintf(digits, sizeof digits, "%" PRIu64, v);
    return need(cJSON_CreateRaw(digits));
}

cJSON *jsonout_int(int64_t v)
{
    assert(v <= ((int64_t)1 << 53) && v >= -((int64_t)1 << 53));
    return need(cJSON_CreateNumber((double)v));
}

cJSON *jsonout_fixed(double v, int decimals)
{
    /* rounded as printf rounds (from the exact binary value), so that the number is the
     * one a text report prints */
    char text[64];
    snprintf(text, sizeof text, "%.*f", decimals, isfinite(v) ? v : 0.0);
    return need(cJSON_CreateNumber(strtod(text, NULL)));
}

cJSON *jsonout_add(cJSON *obj, const char *key, cJSON *item)
{
    if (key)
        cJSON_AddItemToObject(obj, key, item);
    else
        cJSON_AddItemToArray(obj, item);
    return item;
}

void jsonout_print(cJSON *item, Buf *out)
{
    char *s = cJSON_PrintUnformatted(item);
    cJSON_Delete(item);
    if (!s)
        need(NULL);
    buf_puts(out, s);
    cJSON_free(s);
}
