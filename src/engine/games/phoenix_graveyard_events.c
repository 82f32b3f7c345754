/* phoenix_graveyard_events.c - Phoenix Graveyard's own events as the engine writes them: the
 * JSON fields of each (slotsim prints them, the determinism test compares their bytes) and
 * slotsim's text lines, one EventClass per type (phoenix_graveyard_events.h). The engine's
 * event.c knows none of them: it asks the game's rules module for the class of a type. */
#include "phoenix_graveyard_events.h"

#include "../buf.h"
#include "../gamedef.h"
#include "../jsonout.h"

#include <inttypes.h>
#include <stdio.h>

static const char *const slice_names[SLICE__COUNT] = {"attack", "random"};
static const char *const move_names[MOVE__COUNT] = {"walk", "jump", "push", "leave"};
static const char *const battle_names[BATTLE__COUNT] = {"attacker_doubles", "defender_doubles",
                                                        "defender_jumps"};

static void put_int(cJSON *o, const char *key, int64_t v) { jsonout_add(o, key, jsonout_int(v)); }
static void put_text(cJSON *o, const char *key, const char *v) { jsonout_add(o, key, jsonout_string(v)); }
static const char *name_in(const char *const *names, unsigned n, unsigned i) { return i < n ? names[i] : "?"; }
#define SYM(s) event_symbol_id(def, s)

/* ---- JSON ---------------------------------------------------------------------------------- */

static void ways_json(cJSON *o, const Event *ev, const GameDef *def)
{
    const EventWays *e = phoenix_ways(ev);
    put_int(o, "spin_index", e->spin_index);
    jsonout_add(o, "ways", jsonout_u64(e->total));
    cJSON *ways = jsonout_add(o, "positions", cJSON_CreateArray());
    cJSON *mult = jsonout_add(o, "multipliers", cJSON_CreateArray());
    for (int r = 0; r < def->rows && r < GRID_MAX_ROWS; r++) {
        cJSON *wr = jsonout_add(ways, NULL, cJSON_CreateArray());
        cJSON *mr = jsonout_add(mult, NULL, cJSON_CreateArray());
        for (int c = 0; c < def->cols && c < GRID_MAX_COLS; c++) {
            jsonout_add(wr, NULL, jsonout_int(e->ways[r][c]));
            jsonout_add(mr, NULL, jsonout_int(e->multiplier[r][c]));
        }
    }
}

static void slice_json(cJSON *o, const Event *ev, const GameDef *def)
{
    const EventSlice *e = phoenix_slice(ev);
    put_int(o, "spin_index", e->spin_index);
    put_text(o, "cause", name_in(slice_names, SLICE__COUNT, e->cause));
    event_put_cell(o, "position", e->row, e->reel);
    put_text(o, "symbol", SYM(e->symbol));
    put_int(o, "added", e->added);
    put_int(o, "ways", e->ways);
    event_put_cell(o, "from", e->from_row, e->from_reel);
}

static void move_json(cJSON *o, const Event *ev, const GameDef *def)
{
    const EventMove *e = phoenix_move(ev);
    put_int(o, "spin_index", e->spin_index);
    put_text(o, "kind", name_in(move_names, MOVE__COUNT, e->kind));
    put_text(o, "symbol", SYM(e->symbol));
    event_put_cell(o, "from", e->from_row, e->from_reel);
    event_put_cell(o, "to", e->to_row, e->to_reel);
    put_int(o, "multiplier", e->multiplier);
}

static void attack_json(cJSON *o, const Event *ev, const GameDef *def)
{
    const EventAttack *e = phoenix_attack(ev);
    put_int(o, "spin_index", e->spin_index);
    event_put_cell(o, "from", e->row, e->reel);
    event_put_cell(o, "target", e->target_row, e->target_reel);
    put_text(o, "symbol", SYM(e->symbol));
}

static void battle_json(cJSON *o, const Event *ev, const GameDef *def)
{
    const EventBattle *e = phoenix_battle(ev);
    put_int(o, "spin_index", e->spin_index);
    put_text(o, "outcome", name_in(battle_names, BATTLE__COUNT, e->outcome));
    event_put_cell(o, "attacker", e->row, e->reel);
    event_put_cell(o, "defender", e->target_row, e->target_reel);
    put_int(o, "attacker_multiplier", e->attacker_multiplier);
    put_int(o, "defender_multiplier", e->defender_multiplier);
    event_put_cell(o, "to", e->to_row, e->to_reel);
    put_text(o, "left", e->left == GRID_NO_SYMBOL ? "" : SYM(e->left));
}

static void transform_json(cJSON *o, const Event *ev, const GameDef *def)
{
    const EventTransform *e = phoenix_transform(ev);
    put_int(o, "spin_index", e->spin_index);
    event_put_cell(o, "position", e->row, e->reel);
    put_text(o, "from", SYM(e->from));
    put_text(o, "to", SYM(e->to));
    put_int(o, "multiplier", e->multiplier);
}

static void spawn_json(cJSON *o, const Event *ev, const GameDef *def)
{
    const EventSpawn *e = phoenix_spawn(ev);
    put_int(o, "spin_index", e->spin_index);
    put_text(o, "symbol", SYM(e->symbol));
    event_put_cell(o, "position", e->row, e->reel);
    put_int(o, "multiplier", e->multiplier);
}

static void cap_json(cJSON *o, const Event *ev, const GameDef *def)
{
    (void)def;
    put_int(o, "cap", phoenix_cap(ev)->cap);
    put_int(o, "cut", phoenix_cap(ev)->cut);
}

/* ---- slotsim's text: cells as (row, reel) counted from 1 ----------------------------------- */

static const char *sym_id(const GameDef *def, uint8_t s)
{
    return s < def->nsymbols ? def->symbols[s].id : "?";
}

/* "(row, reel)" from 1, or "off" */
static const char *cell_str(uint8_t row, uint8_t reel, char *out, size_t size)
{
    if (row == EVENT_OFF || reel == EVENT_OFF)
        snprintf(out, size, "off the screen");
    else
        snprintf(out, size, "(%u, %u)", row + 1u, reel + 1u);
    return out;
}

static void ways_text(const Event *ev, const GameDef *def, Buf *b)
{
    const EventWays *e = phoenix_ways(ev);
    buf_printf(b, "  %" PRIu64 " ways; ways per position (wild multipliers):\n", e->total);
    for (int r = 0; r < def->rows && r < GRID_MAX_ROWS; r++) {
        buf_puts(b, "  ");
        for (int c = 0; c < def->cols && c < GRID_MAX_COLS; c++) {
            if (e->multiplier[r][c])
                buf_printf(b, " %2u (x%-4u)", e->ways[r][c], e->multiplier[r][c]);
            else
                buf_printf(b, " %2u        ", e->ways[r][c]);
        }
        buf_puts(b, "\n");
    }
}

static void slice_text(const Event *ev, const GameDef *def, Buf *b)
{
    const EventSlice *e = phoenix_slice(ev);
    char c1[32];
    buf_printf(b, "  %s slices %s at %s: +%u, %u ways\n",
               e->cause == SLICE_RANDOM ? "sudden death" : "an attack", sym_id(def, e->symbol),
               cell_str(e->row, e->reel, c1, sizeof c1), e->added, e->ways);
}

static void move_text(const Event *ev, const GameDef *def, Buf *b)
{
    static const char *const move_verbs[MOVE__COUNT] = {"walks", "jumps", "is pushed", "leaves"};
    const EventMove *e = phoenix_move(ev);
    char c1[32], c2[32];
    buf_printf(b, "  %s%s%.0u %s from %s to %s\n", sym_id(def, e->symbol), e->multiplier ? " x" : "",
               e->multiplier, e->kind < MOVE__COUNT ? move_verbs[e->kind] : "moves",
               cell_str(e->from_row, e->from_reel, c1, sizeof c1),
               cell_str(e->to_row, e->to_reel, c2, sizeof c2));
}

static void attack_text(const Event *ev, const GameDef *def, Buf *b)
{
    const EventAttack *e = phoenix_attack(ev);
    char c1[32], c2[32];
    buf_printf(b, "  attack from %s on %s at %s\n", cell_str(e->row, e->reel, c1, sizeof c1),
               sym_id(def, e->symbol), cell_str(e->target_row, e->target_reel, c2, sizeof c2));
}

static void battle_text(const Event *ev, const GameDef *def, Buf *b)
{
    static const char *const outcomes[BATTLE__COUNT] = {"the attacker's multiplier doubles",
                                                        "the defender's multiplier doubles",
                                                        "the defender jumps away"};
    const EventBattle *e = phoenix_battle(ev);
    char c1[32];
    buf_printf(b, "  battle: %s (attacker x%u, defender x%u", 
               e->outcome < BATTLE__COUNT ? outcomes[e->outcome] : "?",
               e->attacker_multiplier, e->defender_multiplier);
    if (e->to_row != EVENT_OFF)
        buf_printf(b, ", to %s leaving %s", cell_str(e->to_row, e->to_reel, c1, sizeof c1),
                   sym_id(def, e->left));
    buf_puts(b, ")\n");
}

static void transform_text(const Event *ev, const GameDef *def, Buf *b)
{
    const EventTransform *e = phoenix_transform(ev);
    char c1[32];
    buf_printf(b, "  %s at %s turns into %s x%u\n", sym_id(def, e->from),
               cell_str(e->row, e->reel, c1, sizeof c1), sym_id(def, e->to), e->multiplier);
}

static void spawn_text(const Event *ev, const GameDef *def, Buf *b)
{
    const EventSpawn *e = phoenix_spawn(ev);
    char c1[32];
    buf_printf(b, "  %s x%u appears at %s\n", sym_id(def, e->symbol), e->multiplier,
               cell_str(e->row, e->reel, c1, sizeof c1));
}

static void cap_text(const Event *ev, const GameDef *def, Buf *b)
{
    char c1[32], c2[32];
    (void)def;
    event_money_str(phoenix_cap(ev)->cap, c1, sizeof c1);
    event_money_str(phoenix_cap(ev)->cut, c2, sizeof c2);
    buf_printf(b, "  maximum win %s reached (%s not paid): the round ends\n", c1, c2);
}

const EventClass phoenix_event_classes[PHOENIX_EVENTS] = {
    {"ways", sizeof(EventWays), ways_json, ways_text},
    {"slice", sizeof(EventSlice), slice_json, slice_text},
    {"move", sizeof(EventMove), move_json, move_text},
    {"attack", sizeof(EventAttack), attack_json, attack_text},
    {"battle", sizeof(EventBattle), battle_json, battle_text},
    {"transform", sizeof(EventTransform), transform_json, transform_text},
    {"spawn", sizeof(EventSpawn), spawn_json, spawn_text},
    {"cap", sizeof(EventCap), cap_json, cap_text},
};
