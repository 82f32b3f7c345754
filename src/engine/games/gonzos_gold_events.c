/* gonzos_gold_events.c - Gonzo's Gold's own event as the engine writes it: the expansion's
 * JSON fields (slotsim prints them, the determinism test compares their bytes) and slotsim's
 * text line, its EventClass (gonzos_gold_events.h). */
#include "gonzos_gold_events.h"

#include "../buf.h"
#include "../gamedef.h"
#include "../jsonout.h"

static void expand_json(cJSON *o, const Event *ev, const GameDef *def)
{
    const EventExpand *e = gonzo_expand(ev);
    jsonout_add(o, "spin_index", jsonout_int(e->spin_index));
    jsonout_add(o, "symbol", jsonout_string(event_symbol_id(def, e->symbol)));
    jsonout_add(o, "rows", event_bits_json(e->rows, GRID_MAX_ROWS));
    jsonout_add(o, "reels", event_bits_json(e->reels, GRID_MAX_COLS));
    jsonout_add(o, "from", event_cells_json(e->from));
    jsonout_add(o, "positions", event_cells_json(e->cells));
    jsonout_add(o, "screen", event_screen_cjson(&e->screen, def));
}

static void expand_text(const Event *ev, const GameDef *def, Buf *b)
{
    const EventExpand *e = gonzo_expand(ev);
    buf_printf(b, "  expand %s over", def->symbols[e->symbol].id);
    for (int r = 0; r < GRID_MAX_ROWS; r++)
        if (e->rows >> r & 1u)
            buf_printf(b, " row %d", r + 1);
    for (int c = 0; c < GRID_MAX_COLS; c++)
        if (e->reels >> c & 1u)
            buf_printf(b, " reel %d", c + 1);
    buf_puts(b, "\n");
}

const EventClass gonzo_event_classes[GONZO_EVENTS] = {
    {"expand", sizeof(EventExpand), expand_json, expand_text},
};
