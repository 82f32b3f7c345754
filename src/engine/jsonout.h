/* jsonout.h - what the programs print as JSON, built with cJSON (never by hand).
 *
 * cJSON escapes what a string holds but passes its bytes through: a name from a file (a
 * game's name, a data folder's path) that is not UTF-8 would make the output something no
 * JSON reader accepts. jsonout_string() puts U+FFFD in place of each byte that is not part
 * of valid UTF-8. cJSON's numbers are doubles: a 64-bit seed is written as its exact digits
 * (jsonout_u64); a fraction the reports print to a fixed number of decimals is rounded to
 * them first (jsonout_fixed), so the value is the one a text report shows. */
#ifndef SLOTCAB_JSONOUT_H
#define SLOTCAB_JSONOUT_H

#include "buf.h"

#include <cjson/cJSON.h>
#include <stdint.h>

cJSON *jsonout_string(const char *s);
cJSON *jsonout_u64(uint64_t v);
cJSON *jsonout_int(int64_t v); /* |v| <= 2^53 (money, counts) */
cJSON *jsonout_fixed(double v, int decimals);
/* Adds to an object (obj) or, with key NULL, to an array; returns item. */
cJSON *jsonout_add(cJSON *obj, const char *key, cJSON *item);
/* Appends the item printed on one line to the buffer and frees it. */
void jsonout_print(cJSON *item, Buf *out);

#endif
