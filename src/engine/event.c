/* event.c - names of event fields and the JSON form of events.
 *
 * The JSON is written by hand (no cJSON here) in a fixed field order, so the same event
 * always gives the same bytes: the determinism test compares these strings. */
#include "event.h"

#include "buf.h"
#include "gamedef.h"

#include <inttypes.h>

static const char *const type_names[EVENT__COUNT] = {
    [EVENT_ROUND_START] = "round_start",     [EVENT_SCREEN] = "screen",
    [EVENT_WIN] = "win",                     [EVENT_FEATURE_AWARD] = "feature_award",
    [EVENT_FEATURE_START] = "feature_start", [EVENT_FEATURE_END] = "feature_end",
    [EVENT_ROUND_END] = "round_end",         [EVENT_EXPAND] = "expand",
};
static const char *const spin_names[SPIN__COUNT] = {"base", "free", "jewel"};
static const char *const win_names[WIN__COUNT] = {"line",    "scatter", "ways",     "cluster",
                                                  "jackpot", "bonus",   "expanding"};
static const char *const feature_names[FEATURE__COUNT] = {"free_spins", "jewel_spins"};

const char *event_type_name(EventType t) { return t < EVENT__COUNT ? type_names[t] : "?"; }
const char *event_spin_name(SpinKind s) { return s < SPIN__COUNT ? spin_names[s] : "?"; }
const char *event_win_name(WinKind k) { return k < WIN__COUNT ? win_names[k] : "?"; }
const char *event_feature_name(Feature f) { return f < FEATURE__COUNT ? feature_names[f] : "?"; }

static const char *symbol_id(const GameDef *def, uint8_t s)
{
    return s < def->nsymbols ? def->symbols[s].id : "";
}

void event_screen_json(const Grid *g, const GameDef *def, Buf *out)
{
    buf_puts(out, "[");
    for (int r = 0; r < g->rows; r++) {
        buf_puts(out, r ? ",[" : "[");
        for (int c = 0; c < g->cols; c++) {
            if (c)
                buf_puts(out, ",");
            buf_json_string(out, symbol_id(def, g->cell[r][c]));
        }
        buf_puts(out, "]");
    }
    buf_puts(out, "]");
}

static void cells_json(CellMask cells, Buf *out)
{
    buf_puts(out, "[");
    int first = 1;
    for (int r = 0; r < GRID_MAX_ROWS; r++)
        for (int c = 0; c < GRID_MAX_COLS; c++)
            if (cells & grid_bit(r, c)) {
                buf_printf(out, first ? "[%d,%d]" : ",[%d,%d]", r, c);
                first = 0;
            }
    buf_puts(out, "]");
}

void event_to_json(const Event *ev, const GameDef *def, Buf *out)
{
    buf_printf(out, "{\"type\":\"%s\"", event_type_name(ev->type));
    switch (ev->type) {
    case EVENT_ROUND_START:
        buf_printf(out, ",\"seed\":%" PRIu64 ",\"bet\":%" PRId64, ev->round_start.seed,
                   ev->round_start.bet);
        break;
    case EVENT_SCREEN: {
        const EventScreen *e = &ev->screen;
        buf_printf(out, ",\"spin\":\"%s\",\"spin_index\":%u,\"screen\":", event_spin_name(e->spin),
                   e->spin_index);
        event_screen_json(&e->screen, def, out);
        buf_puts(out, ",\"held\":");
        cells_json(e->held, out);
        buf_printf(out, ",\"stops\":[%u,%u,%u,%u,%u]", e->stops[0], e->stops[1], e->stops[2],
                   e->stops[3], e->stops[4]);
        buf_printf(out, ",\"free_left\":%u,\"jewel_left\":%u", e->free_left, e->jewel_left);
        break;
    }
    case EVENT_WIN: {
        const EventWin *e = &ev->win;
        buf_printf(out, ",\"kind\":\"%s\",\"spin\":\"%s\",\"spin_index\":%u,\"symbol\":",
                   event_win_name(e->kind), event_spin_name(e->spin), e->spin_index);
        buf_json_string(out, symbol_id(def, e->symbol));
        buf_printf(out, ",\"count\":%u", e->count);
        if (e->line)
            buf_printf(out, ",\"line\":%u", e->line);
        if (e->kind == WIN_WAYS)
            buf_printf(out, ",\"ways\":%" PRIu64, e->ways);
        buf_printf(out, ",\"wilds\":%u,\"multiplier\":%u,\"coins\":%" PRId64 ",\"amount\":%" PRId64
                        ",\"positions\":",
                   e->wilds, e->multiplier, e->coins, e->amount);
        cells_json(e->cells, out);
        break;
    }
    case EVENT_FEATURE_AWARD:
        buf_printf(out, ",\"feature\":\"%s\",\"spins\":%u,\"retrigger\":%s,\"free_left\":%u,"
                        "\"jewel_left\":%u",
                   event_feature_name(ev->award.feature), ev->award.spins,
                   ev->award.retrigger ? "true" : "false", ev->award.free_left,
                   ev->award.jewel_left);
        break;
    case EVENT_FEATURE_START: {
        const EventFeatureStart *e = &ev->feature_start;
        buf_printf(out, ",\"free_left\":%u,\"jewel_left\":%u", e->free_left, e->jewel_left);
        if (e->ntiles) {
            buf_printf(out, ",\"choice\":%u,\"expanding\":", e->choice);
            buf_json_string(out, symbol_id(def, e->expanding));
            buf_puts(out, ",\"tiles\":[");
            for (int i = 0; i < e->ntiles; i++) {
                if (i)
                    buf_puts(out, ",");
                buf_json_string(out, symbol_id(def, e->tiles[i]));
            }
            buf_puts(out, "]");
        }
        break;
    }
    case EVENT_EXPAND: {
        const EventExpand *e = &ev->expand;
        buf_printf(out, ",\"spin_index\":%u,\"symbol\":", e->spin_index);
        buf_json_string(out, symbol_id(def, e->symbol));
        buf_puts(out, ",\"rows\":[");
        for (int r = 0, first = 1; r < GRID_MAX_ROWS; r++)
            if (e->rows >> r & 1u) {
                buf_printf(out, first ? "%d" : ",%d", r);
                first = 0;
            }
        buf_puts(out, "],\"reels\":[");
        for (int c = 0, first = 1; c < GRID_MAX_COLS; c++)
            if (e->reels >> c & 1u) {
                buf_printf(out, first ? "%d" : ",%d", c);
                first = 0;
            }
        buf_puts(out, "],\"from\":");
        cells_json(e->from, out);
        buf_puts(out, ",\"positions\":");
        cells_json(e->cells, out);
        buf_puts(out, ",\"screen\":");
        event_screen_json(&e->screen, def, out);
        break;
    }
    case EVENT_FEATURE_END:
        buf_printf(out, ",\"spins_played\":%u,\"total_win\":%" PRId64,
                   ev->feature_end.spins_played, ev->feature_end.total_win);
        break;
    case EVENT_ROUND_END:
        buf_printf(out, ",\"total_win\":%" PRId64, ev->round_end.total_win);
        break;
    case EVENT__COUNT:
        break;
    }
    buf_puts(out, "}");
}
