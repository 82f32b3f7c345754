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

cJSON *event_screen_cjson(const Grid *g, const GameDef *def)
{
    cJSON *rows = cJSON_CreateArray();
    for (int r = 0; r < g->rows; r++) {
        cJSON *row = jsonout_add(rows, NULL, cJSON_CreateArray());
        for (int c = 0; c < g->cols; c++)
            jsonout_add(row, NULL, jsonout_string(event_symbol_id(def, g->cell[r][c])));
    }
    return rows;
}

/* cells as [row, reel] pairs */
cJSON *event_cells_json(CellMask cells)
{
    cJSON *list = cJSON_CreateArray();
    for (int r = 0; r < GRID_MAX_ROWS; r++)
        for (int c = 0; c < GRID_MAX_COLS; c++)
            if (cells & grid_bit(r, c)) {
                cJSON *cell = jsonout_add(list, NULL, cJSON_CreateArray());
                jsonout_add(cell, NULL, jsonout_int(r));
                jsonout_add(cell, NULL, jsonout_int(c));
            }
    return list;
}

/* the set bits of a small mask, as a list of indices */
cJSON *event_bits_json(unsigned bits, int n)
{
    cJSON *list = cJSON_CreateArray();
    for (int i = 0; i < n; i++)
        if (bits >> i & 1u)
            jsonout_add(list, NULL, jsonout_int(i));
    return list;
}
