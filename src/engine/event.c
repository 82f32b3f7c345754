/* event.c - names of event fields and the JSON form of events.
 *
 * The JSON is built with cJSON (jsonout.h) in a fixed field order, so the same event always
 * gives the same bytes: the determinism test compares these strings. */
#include "event.h"

#include "buf.h"
#include "gamedef.h"
#include "games.h"
#include "jsonout.h"

#include <inttypes.h>
#include <stdio.h>

static const char *const type_names[EVENT__COUNT] = {
    [EVENT_ROUND_START] = "round_start",     [EVENT_SCREEN] = "screen",
    [EVENT_WIN] = "win",                     [EVENT_FEATURE_AWARD] = "feature_award",
    [EVENT_FEATURE_START] = "feature_start", [EVENT_FEATURE_END] = "feature_end",
    [EVENT_ROUND_END] = "round_end",
    [EVENT_HOLD] = "hold",                   [EVENT_PRIZE] = "prize",
    [EVENT_RISK] = "risk",                   [EVENT_PICK] = "pick",
    [EVENT_COLLECT] = "collect",
};
static const char *const label_names[PICK__COUNT] = {"prize", "stop", "stop_double"};
static const char *const win_names[WIN__COUNT] = {"line",    "scatter", "ways",     "cluster",
                                                  "jackpot", "bonus",   "expanding"};

static const char *const loss_names[] = {"nothing", "lower", "bonuses", "another"};

static const char *risk_loss_name(unsigned l) { return l < 4 ? loss_names[l] : "?"; }

const char *event_type_name(EventType t) { return t < EVENT__COUNT ? type_names[t] : "?"; }

const EventClass *event_class(const GameDef *def, EventType t)
{
    const GameRules *rules = def && t >= EVENT_OWN_FIRST ? games_find(def->rules) : NULL;
    const unsigned i = (unsigned)t - EVENT_OWN_FIRST;
    return rules && i < rules->nevents ? &rules->events[i] : NULL;
}

const char *event_name(const GameDef *def, EventType t)
{
    const EventClass *cls = event_class(def, t);
    return cls ? cls->name : event_type_name(t);
}


const char *event_win_name(WinKind k) { return k < WIN__COUNT ? win_names[k] : "?"; }

static const GameNames *names_of(const GameDef *def)
{
    const GameRules *rules = def ? games_find(def->rules) : NULL;
    return rules ? rules->names : NULL;
}

const char *event_spin_name(const GameDef *def, SpinKind s)
{
    const GameNames *n = names_of(def);
    return n && s < SPIN__COUNT && n->spin[s] ? n->spin[s] : "?";
}

const char *event_feature_name(const GameDef *def, Feature f)
{
    const GameNames *n = names_of(def);
    return n && f < FEATURE__COUNT && n->feature[f] ? n->feature[f] : "?";
}

const char *event_minigame_name(const GameDef *def, unsigned game)
{
    const GameNames *n = names_of(def);
    return n && game < GAMES_MAX_MINIGAMES && n->minigame[game] ? n->minigame[game] : "?";
}

/* "free_left", "<extra kind>_left": the counters of the spin kinds the game has */
static void put_left(cJSON *o, const GameDef *def, unsigned free_left, unsigned extra_left)
{
    const GameNames *n = names_of(def);
    cJSON_AddItemToObject(o, "free_left", jsonout_int(free_left));
    if (n && n->spin[SPIN_EXTRA]) {
        char key[48];
        snprintf(key, sizeof key, "%s_left", n->spin[SPIN_EXTRA]);
        cJSON_AddItemToObject(o, key, jsonout_int(extra_left));
    }
}

const char *event_win_of(const GameDef *def, const EventWin *w, bool id)
{
    const GameNames *n = names_of(def);
    if (w->mixed)
        return n && n->mixed_win ? n->mixed_win : "?";
    return w->symbol >= def->nsymbols ? "?" : id ? def->symbols[w->symbol].id
                                                  : def->symbols[w->symbol].name;
}

void event_screen_json(const Grid *g, const GameDef *def, Buf *out)
{
    jsonout_print(event_screen_cjson(g, def), out);
}

static void put_int(cJSON *o, const char *key, int64_t v) { jsonout_add(o, key, jsonout_int(v)); }

/* a place on a prize ladder, or null for a prize on none */
static void put_rung(cJSON *o, uint8_t rung)
{
    if (rung == EVENT_OFF)
        jsonout_add(o, "rung", cJSON_CreateNull());
    else
        put_int(o, "rung", rung);
}

static void put_text(cJSON *o, const char *key, const char *v) { jsonout_add(o, key, jsonout_string(v)); }

/* An amount in money and, in a game with a second unit, in Bonuses. */
static void put_amount(cJSON *o, const GameDef *def, const char *key, Money amount,
                       const char *bonus_key, int64_t bonuses)
{
    put_int(o, key, amount);
    const GameRules *r = games_find(def->rules);
    if (r && r->bonuses)
        put_int(o, bonus_key, bonuses);
}

/* One writer per event type below: each adds its event's fields to `o`, in their fixed order. */

static void screen_fields(cJSON *o, const EventScreen *e, const GameDef *def)
{
    put_text(o, "spin", event_spin_name(def, e->spin));
    put_int(o, "spin_index", e->spin_index);
    jsonout_add(o, "screen", event_screen_cjson(&e->screen, def));
    jsonout_add(o, "held", event_cells_json(e->held));
    cJSON *stops = jsonout_add(o, "stops", cJSON_CreateArray());
    for (int c = 0; c < 5; c++)
        jsonout_add(stops, NULL, jsonout_int(e->stops[c]));
    put_left(o, def, e->free_left, e->extra_left);
}

static void win_fields(cJSON *o, const EventWin *e, const GameDef *def)
{
    put_text(o, "kind", event_win_name(e->kind));
    put_text(o, "spin", event_spin_name(def, e->spin));
    put_int(o, "spin_index", e->spin_index);
    put_text(o, "symbol", event_symbol_id(def, e->symbol));
    if (e->mixed)
        put_text(o, "mixed", event_win_of(def, e, false));
    put_int(o, "count", e->count);
    if (e->line)
        put_int(o, "line", e->line);
    if (e->kind == WIN_WAYS)
        jsonout_add(o, "ways", jsonout_u64(e->ways));
    put_int(o, "wilds", e->wilds);
    put_int(o, "multiplier", e->multiplier);
    put_int(o, "coins", e->coins);
    put_amount(o, def, "amount", e->amount, "bonuses", e->bonuses);
    jsonout_add(o, "positions", event_cells_json(e->cells));
}

static void feature_award_fields(cJSON *o, const EventFeatureAward *e, const GameDef *def)
{
    put_text(o, "feature", event_feature_name(def, e->feature));
    put_int(o, "spins", e->spins);
    jsonout_add(o, "retrigger", cJSON_CreateBool(e->retrigger));
    put_left(o, def, e->free_left, e->extra_left);
}

static void feature_start_fields(cJSON *o, const EventFeatureStart *e, const GameDef *def)
{
    put_left(o, def, e->free_left, e->extra_left);
    if (e->ntiles) {
        put_int(o, "choice", e->choice);
        put_text(o, "expanding", event_symbol_id(def, e->expanding));
        cJSON *tiles = jsonout_add(o, "tiles", cJSON_CreateArray());
        for (int i = 0; i < e->ntiles; i++)
            jsonout_add(tiles, NULL, jsonout_string(event_symbol_id(def, e->tiles[i])));
    }
}

static void prize_fields(cJSON *o, const EventPrize *e, const GameDef *def)
{
    put_int(o, "step", e->step);
    put_rung(o, e->rung);
    jsonout_add(o, "on_loss", cJSON_CreateString(risk_loss_name(e->lose_to)));
    put_amount(o, def, "amount", e->amount, "bonuses", e->bonuses);
    if (e->fraction) { /* a prize played in fractions */
        put_int(o, "fraction", e->fraction);
        put_int(o, "rest", e->rest);
        put_int(o, "kept", e->kept);
    }
}

static void risk_fields(cJSON *o, const EventRisk *e, const GameDef *def)
{
    jsonout_add(o, "won", cJSON_CreateBool(e->won));
    put_int(o, "step", e->step);
    if (e->rung == EVENT_OFF) {
        jsonout_add(o, "rung", cJSON_CreateNull());
    } else {
        put_int(o, "rung", e->rung);
        jsonout_add(o, "on_loss", cJSON_CreateString(risk_loss_name(e->lose_to)));
    }
    put_amount(o, def, "amount", e->amount, "bonuses", e->bonuses);
}

static void pick_fields(cJSON *o, const EventPick *e, const GameDef *def)
{
    if (e->game) /* a minigame's choice */
        put_text(o, "minigame", event_minigame_name(def, e->game));
    if (e->choice == EVENT_OFF)
        jsonout_add(o, "choice", cJSON_CreateNull());
    else
        put_int(o, "choice", e->choice);
    cJSON *opts = jsonout_add(o, "options", cJSON_CreateArray());
    for (int i = 0; i < e->noptions && i < EVENT_MAX_OPTIONS; i++) {
        cJSON *opt = jsonout_add(opts, NULL, cJSON_CreateObject());
        put_amount(opt, def, "amount", e->amount[i], "bonuses", e->bonuses[i]);
        if (e->label[i]) /* only options that hid a label say so */
            put_text(opt, "label", e->label[i] < PICK__COUNT ? label_names[e->label[i]] : "?");
    }
}

static void collect_fields(cJSON *o, const EventCollect *e, const GameDef *def)
{
    put_rung(o, e->rung);
    put_amount(o, def, "amount", e->amount, "bonuses", e->bonuses);
    if (e->cause) { /* absent: the player took it */
        static const char *const causes[COLLECT__COUNT] = {"taken", "max_prize", "bonus_cap", "accepted"};
        put_text(o, "cause", e->cause < COLLECT__COUNT ? causes[e->cause] : "?");
    }
}

cJSON *event_json(const Event *ev, const GameDef *def)
{
    cJSON *o = cJSON_CreateObject();
    put_text(o, "type", event_name(def, ev->type));
    switch (ev->type) {
    case EVENT_ROUND_START:
        jsonout_add(o, "seed", jsonout_u64(ev->round_start.seed));
        put_amount(o, def, "bet", ev->round_start.bet, "bet_bonuses", ev->round_start.bet_bonuses);
        break;
    case EVENT_SCREEN: screen_fields(o, &ev->screen, def); break;
    case EVENT_WIN: win_fields(o, &ev->win, def); break;
    case EVENT_FEATURE_AWARD: feature_award_fields(o, &ev->award, def); break;
    case EVENT_FEATURE_START: feature_start_fields(o, &ev->feature_start, def); break;
    case EVENT_FEATURE_END:
        put_int(o, "spins_played", ev->feature_end.spins_played);
        put_int(o, "total_win", ev->feature_end.total_win);
        break;
    case EVENT_ROUND_END:
        put_amount(o, def, "total_win", ev->round_end.total_win, "total_bonuses",
                   ev->round_end.total_bonuses);
        break;
    case EVENT_HOLD:
        jsonout_add(o, "reels", event_bits_json(ev->hold.reels, GRID_MAX_COLS));
        break;
    case EVENT_PRIZE: prize_fields(o, &ev->prize, def); break;
    case EVENT_RISK: risk_fields(o, &ev->risk, def); break;
    case EVENT_PICK: pick_fields(o, &ev->pick, def); break;
    case EVENT_COLLECT: collect_fields(o, &ev->collect, def); break;
    default: {
        const EventClass *cls = event_class(def, ev->type);
        if (cls && cls->to_json)
            cls->to_json(o, ev, def);
        break;
    }
    }
    return o;
}

void event_to_json(const Event *ev, const GameDef *def, Buf *out)
{
    jsonout_print(event_json(ev, def), out);
}
