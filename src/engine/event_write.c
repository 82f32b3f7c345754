/* event_write.c - the small writers every event's JSON and text use, the shared events'
 * (event.c) and a game's own (its EventClass writers): a symbol's id, a cell, an amount. They
 * live apart from event.c, which asks the games for their classes, so that a game's writers
 * call no file that calls them. */
#include "event.h"

#include "gamedef.h"
#include "jsonout.h"

#include <stdio.h>

const char *event_symbol_id(const GameDef *def, uint8_t s)
{
    return s < def->nsymbols ? def->symbols[s].id : "";
}

void event_put_cell(cJSON *o, const char *key, uint8_t row, uint8_t reel)
{
    if (row == EVENT_OFF || reel == EVENT_OFF) {
        jsonout_add(o, key, cJSON_CreateNull());
        return;
    }
    cJSON *cell = jsonout_add(o, key, cJSON_CreateArray());
    jsonout_add(cell, NULL, jsonout_int(row));
    jsonout_add(cell, NULL, jsonout_int(reel));
}

void event_money_str(Money v, char *out, size_t size)
{
    const char *sign = v < 0 ? "-" : "";
    unsigned long long a = (unsigned long long)(v < 0 ? -v : v);
    snprintf(out, size, "%s%llu.%02llu", sign, a / 100, a % 100);
}
