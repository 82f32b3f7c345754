/* operator.c - the operator menu behind its door: meters, credits in and cash out, the
 * integrity report, the settings and the operator log, read from the cabinet's memory.
 *
 * Opened with Ctrl+Alt+O (from the lobby, or from a game between rounds) or --operator. The
 * scene starts at the door (opdoor.c): the operator's PIN typed on an on-screen keypad
 * (keypad.c), or read from --pin-file when the menu was opened from the command line. With no
 * PIN yet, `slotcab --operator` asks for a new one twice; Ctrl+Alt+O refuses. A memory that
 * failed its checks locks play: then there is no door and only the integrity report shows,
 * and nothing here writes to the memory.
 *
 * The settings page edits each playable game's enabled bet values and the settings its rules
 * declare, such as the jackpot seed (applied when the game opens next: configuration changes
 * only between rounds), the demo credit the D key gives and QA mode (qa.h); every change, credit in and cash out is written to the operator log with
 * it, and the log has its own page. Everything shown is read from the store when a page opens
 * or after an operator action, never per frame. Meters are only read here. */
#include "operator_priv.h"
#include "attract.h"
#include "gfx.h"
#include "lang.h"
#include "opconfig.h"
#include "qa.h"
#include "theme.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define PAGES 5
#define DEMO_DEFAULT 100000 /* the demo start balance until the operator sets one */

/* Settings rows: per game, one per value of each bet option and one per setting its rules
 * declare (GameRules.settings: the jackpot seed); then the cabinet's: the demo start balance
 * and the idle time before attract mode. */
typedef struct Row {
    int game, option, value; /* option -1: the game's setting `value`; game -1: the cabinet's
                              * setting `value` (0 the demo balance, 1 the attract idle time,
                              * 2 QA mode, 3 the language) */
} Row;

/* The settings a game's rules declare ({NULL}-terminated). */
static const GameSetting *game_settings(const GameDef *d)
{
    static const GameSetting none[] = {{NULL}};
    const GameRules *r = games_find(d->rules);
    return r && r->settings ? r->settings : none;
}

static int settings_rows(const Operator *o, Row *rows, int max)
{
    int n = 0;
    for (int g = 0; g < o->ngames; g++) {
        const GameDef *d = &o->games[g];
        for (int b = 0; b < d->nbet; b++)
            for (int v = 0; v < d->bet[b].nvalues && !d->bet[b].fixed; v++)
                if (n < max)
                    rows[n++] = (Row){g, b, v};
        for (int k = 0; game_settings(d)[k].key; k++)
            if (n < max)
                rows[n++] = (Row){g, -1, k};
    }
    static const int cabinet[] = {0, 3, 1, 2}; /* the demo balance, the language, attract, QA mode last */
    for (int k = 0; k < 4; k++)
        if (n < max)
            rows[n++] = (Row){-1, -1, cabinet[k]};
    return n;
}

static void setting(Operator *o, const GameDef *d, const char *what, char *out, size_t size)
{
    char key[160];
    snprintf(key, sizeof key, "%s.%s", d->id, what);
    store_setting(app_store(o->app), key, out, size);
}

/* A game's setting as the operator has set it, else the game file's own. */
static int64_t setting_value(Operator *o, int g, const GameSetting *set)
{
    char v[32];
    setting(o, &o->games[g], set->key, v, sizeof v);
    if (v[0])
        return strtoll(v, NULL, 10);
    const GameParam *p = gamedef_param(&o->games[g], set->param);
    return p ? p->v[0] : 0;
}

static Money demo_balance(Operator *o)
{
    char v[32];
    store_setting(app_store(o->app), "demo_balance", v, sizeof v);
    return v[0] ? strtoll(v, NULL, 10) : DEMO_DEFAULT;
}

/* The getter for opconfig_apply_all: the store's settings, with one about to change. */
typedef struct Pending {
    Store *store;
    const char *key, *value;
} Pending;

static void pending_get(void *ctx, const char *key, char *out, size_t size)
{
    const Pending *p = ctx;
    if (!strcmp(key, p->key))
        snprintf(out, size, "%s", p->value);
    else
        store_setting(p->store, key, out, size);
}

/* Saves a game's setting after checking it, with all the others, against a fresh copy of
 * the game's definition. */
static void save_game_setting(Operator *o, int g, const char *what, const char *value)
{
    GameDef *copy = malloc(sizeof *copy);
    Error err;
    if (!copy)
        return;
    *copy = o->games[g];
    char key[160];
    snprintf(key, sizeof key, "%s.%s", copy->id, what);
    Pending p = {app_store(o->app), key, value};
    if (opconfig_apply_all(copy, pending_get, &p, &err) ||
        store_set_setting_logged(app_store(o->app), key, value, &err)) {
        operator_say(o, true, err.msg);
    } else {
        lang_fill(o->message, sizeof o->message, _("saved {1} = {2} (applies when the game opens)"),
                  key, value[0] ? value : _("all"), NULL);
        o->message_bad = false;
    }
    free(copy);
    operator_refresh(o);
}

static void toggle_value(Operator *o, int g, int b, int vi)
{
    const BetOption *opt = &o->games[g].bet[b];
    char what[64], cur[512], list[512] = "";
    snprintf(what, sizeof what, "bet.%s", opt->key);
    setting(o, &o->games[g], what, cur, sizeof cur);
    size_t len = 0;
    for (int i = 0; i < opt->nvalues; i++) {
        bool on = opconfig_enabled(cur, opt->values[i]);
        if (i == vi)
            on = !on;
        if (on)
            len += (size_t)snprintf(list + len, sizeof list - len, "%s%lld", len ? "," : "",
                                    (long long)opt->values[i]);
    }
    save_game_setting(o, g, what, list);
}

/* The cabinet's language, one step through the system's (none set) and each language: kept in
 * the memory, logged, spoken at once. */
static void step_language(Operator *o, int dir)
{
    char cur[16];
    store_setting(app_store(o->app), LANG_SETTING_KEY, cur, sizeof cur);
    const int n = lang_count() + 1, at = cur[0] ? lang_find(cur) + 1 : 0; /* 0: the system's */
    const int next = ((at < 0 ? 0 : at) + dir + n) % n;
    const char *code = next ? lang_info(next - 1)->code : "";
    Error err;
    if (store_set_setting_logged(app_store(o->app), LANG_SETTING_KEY, code, &err) ||
        app_home_language(o->app, code, &err))
        operator_say(o, true, err.msg);
    operator_refresh(o);
}

static void settings_key(Operator *o, SDL_Keycode k)
{
    Row rows[512];
    int n = settings_rows(o, rows, 512);
    if (o->row >= n)
        o->row = n - 1;
    Row r = rows[o->row];
    if (k == SDLK_UP && o->row > 0)
        o->row--;
    else if (k == SDLK_DOWN && o->row + 1 < n)
        o->row++;
    else if ((k == SDLK_SPACE || k == SDLK_RETURN) && r.game >= 0 && r.option >= 0)
        toggle_value(o, r.game, r.option, r.value);
    else if ((k == SDLK_LEFT || k == SDLK_RIGHT) && r.game >= 0 && r.option < 0) {
        const GameSetting *set = &game_settings(&o->games[r.game])[r.value];
        char v[32];
        snprintf(v, sizeof v, "%lld", (long long)(setting_value(o, r.game, set) +
                                                  (k == SDLK_RIGHT ? set->step : -set->step)));
        save_game_setting(o, r.game, set->key, v); /* out of its range: refused, said why */
    } else if ((k == SDLK_LEFT || k == SDLK_RIGHT) && r.game < 0 && r.value == 3) {
        step_language(o, k == SDLK_RIGHT ? 1 : -1);
    } else if (k != SDLK_UP && k != SDLK_DOWN && r.game < 0 && r.value == 2) { /* QA mode: on, off */
        Error err;
        if (qa_toggle_setting(o->app, &err))
            operator_say(o, true, err.msg);
        operator_refresh(o);
    } else if ((k == SDLK_LEFT || k == SDLK_RIGHT) && r.game < 0 && r.value == 1) {
        int idle = attract_idle_seconds(app_store(o->app)) + (k == SDLK_RIGHT ? ATTRACT_IDLE_STEP : -ATTRACT_IDLE_STEP);
        if (idle >= 0 && idle <= ATTRACT_IDLE_MAX) {
            char v[32];
            Error err;
            snprintf(v, sizeof v, "%d", idle);
            if (store_set_setting_logged(app_store(o->app), ATTRACT_IDLE_KEY, v, &err))
                operator_say(o, true, err.msg);
            operator_refresh(o);
        }
    } else if ((k == SDLK_LEFT || k == SDLK_RIGHT) && r.game < 0) {
        Money d = demo_balance(o) + (k == SDLK_RIGHT ? 10000 : -10000);
        if (d >= 10000 && d <= 100000000) {
            char v[32];
            Error err;
            snprintf(v, sizeof v, "%lld", (long long)d);
            if (store_set_setting_logged(app_store(o->app), "demo_balance", v, &err))
                operator_say(o, true, err.msg);
            operator_refresh(o);
        }
    }
}

/* D: the demo top-up, back to the demo start balance (credits in for the difference). */
static void demo_top_up(Operator *o)
{
    Money want = demo_balance(o), have = app_balance(o->app);
    if (have >= want) {
        operator_say(o, false, _("the balance is already at or above the demo start balance"));
        return;
    }
    operator_credit(o, want - have, "demo top-up");
}


/* ---- the pages --------------------------------------------------------------------------- */

static void pages_input(Operator *o, const Input *in)
{
    if (in->type != INPUT_KEY || (in->mod & (KMOD_CTRL | KMOD_ALT | KMOD_GUI)))
        return;
    bool locked = app_locked(o->app);
    if (locked) { /* the integrity report only */
        if (in->key == SDLK_ESCAPE)
            app_quit(o->app, 2);
        return;
    }
    if (o->page == 3 && (in->key == SDLK_UP || in->key == SDLK_DOWN || in->key == SDLK_LEFT ||
                         in->key == SDLK_RIGHT || in->key == SDLK_SPACE || in->key == SDLK_RETURN)) {
        settings_key(o, in->key);
        return;
    }
    if (o->page == 4 && (in->key == SDLK_LEFT || in->key == SDLK_RIGHT || in->key == SDLK_PAGEUP ||
                         in->key == SDLK_PAGEDOWN)) {
        int pages = (o->nlog + LOG_PER_PAGE - 1) / LOG_PER_PAGE;
        bool older = in->key == SDLK_RIGHT || in->key == SDLK_PAGEDOWN;
        if (older && o->log_page + 1 < pages)
            o->log_page++;
        else if (!older && o->log_page > 0)
            o->log_page--;
        return;
    }
    switch (in->key) {
    case SDLK_ESCAPE:
        app_open(o->app, NULL);
        break;
    case SDLK_1:
    case SDLK_2:
    case SDLK_3:
    case SDLK_4:
    case SDLK_5:
        o->page = (int)(in->key - SDLK_1);
        operator_refresh(o);
        break;
    case SDLK_TAB:
        o->page = (o->page + 1) % PAGES;
        operator_refresh(o);
        break;
    case SDLK_r: /* game recall: the chosen game's recall screen */
    case SDLK_s: /* QA: the chosen game's scenario picker */
        if (in->key == SDLK_s && !app_qa(o->app))
            operator_say(o, true, _("QA mode is off (the settings page, or --qa): no scenario picker"));
        else if (o->page == 0 && o->ngames > 0)
            app_open_on(o->app, o->games[o->qa_game].id, in->key == SDLK_r ? APP_ON_RECALL : APP_ON_PICKER);
        break;
    case SDLK_g:
        if (o->page == 0 && o->ngames > 0)
            o->qa_game = (o->qa_game + 1) % o->ngames;
        break;
    case SDLK_p:
        operator_door_change_pin(o);
        break;
    case SDLK_q: /* the operator's quit, behind the PIN: a kiosk's too */
        app_operator_quit(o->app);
        break;
    case SDLK_d: /* the demo top-up */
        demo_top_up(o);
        break;
    case SDLK_i: /* a bill acceptor: 10.00, 50.00, 100.00 */
        operator_credit(o, 1000, "operator");
        break;
    case SDLK_f:
        operator_credit(o, 5000, "operator");
        break;
    case SDLK_h:
        operator_credit(o, 10000, "operator");
        break;
    case SDLK_o: {
        Money paid = 0;
        Error err;
        char m[32], t[96];
        if (store_cash_out(app_store(o->app), &paid, &err)) {
            operator_say(o, true, err.msg);
        } else {
            operator_money_text(paid, m, sizeof m);
            lang_fill(t, sizeof t, _("paid out {1}"), m, NULL);
            operator_say(o, false, t);
        }
        operator_refresh(o);
        break;
    }
    default:
        break;
    }
}

static void op_input(void *self, const Input *in)
{
    Operator *o = self;
    if (o->step == STEP_OPEN)
        pages_input(o, in);
    else
        operator_door_input(o, in);
}

static void op_update(void *self)
{
    Operator *o = self;
    const AppOptions *opt = app_options(o->app);
    uint64_t t = app_tick(o->app);
    operator_door_tick(o);
    /* headless --operator: the door, or one page a tick, each freshly drawn (a played-back
     * recording drives the menu itself) */
    if (opt->headless && !app_playback(o->app) && t >= 2) {
        if (o->step != STEP_OPEN) {
            app_shot(o->app, "operator-door");
            app_quit(o->app, o->pin_file_shut ? 1 : 0);
            return;
        }
        char name[32];
        o->page = (int)(t - 2);
        snprintf(name, sizeof name, "operator-%d", o->page + 1);
        app_shot(o->app, name);
        if (o->page == PAGES - 1)
            app_quit(o->app, 0);
    }
}

/* ---- drawing: the frame (title, tabs, status line, message, keys' help) and each page's
 * panels. Every string sits in the box it may use: a cell of a table, a tab, a chip, a
 * panel's inside. */

/* The meters page: the cabinet's wallet and state on the left, the meters of each game and
 * in total as a table on the right, read from the audit JSON. */
static const struct {
    const char *key, *label;
    bool money;
} meter_labels[] = {
    {"total_bet", N_("Total bet"), true},     {"total_win", N_("Total win"), true},
    {"games_played", N_("Games played"), false}, {"games_won", N_("Games won"), false},
    {"free_spin_features", N_("Free-spin features"), false}, {"jackpots_won", N_("Jackpots won"), false},
    {"jackpots_paid", N_("Jackpots paid"), true}, {"bonuses_won", N_("Bonuses won"), false},
    {"bonuses_bet", N_("Bonuses bet"), false}, {"bonuses_in", N_("Bonuses given (scripted)"), false},
    /* rounds a scenario forced (QA's): never counted as real play */
    {"forced_bet", N_("Forced rounds: bet"), true}, {"forced_win", N_("Forced rounds: win"), true},
    {"forced_games", N_("Forced rounds"), false}, {"forced_bonuses_bet", N_("Forced rounds: Bonuses bet"), false},
    {"forced_bonuses_won", N_("Forced rounds: Bonuses won"), false},
};

static void meter_text(const char *key, double v, char *out, size_t size)
{
    bool money = !strcmp(key, "balance") || !strcmp(key, "credits_in") ||
                 !strcmp(key, "credits_out");
    for (size_t i = 0; i < sizeof meter_labels / sizeof meter_labels[0]; i++)
        if (!strcmp(key, meter_labels[i].key))
            money = meter_labels[i].money;
    if (money)
        operator_money_text((Money)v, out, size);
    else
        snprintf(out, size, "%.0f", v);
}

static const char *game_name(const Operator *o, const char *id)
{
    for (int i = 0; i < o->ngames; i++)
        if (!strcmp(o->games[i].id, id))
            return _(o->games[i].name); /* the lobby's names, in the catalogue */
    return id;
}

/* A money meter of the audit (the balance at its top, the others under "meters"). */
static void audit_money(const Operator *o, const char *key, char *out, size_t size)
{
    const cJSON *a = o->audit_json, *m = cJSON_GetObjectItem(a, "meters");
    const cJSON *n = cJSON_GetObjectItem(strcmp(key, "balance") ? m : a, key);
    meter_text(key, cJSON_IsNumber(n) ? n->valuedouble : 0, out, size);
}

#define SHORT_H 600.0f /* the meters and credits pages: panels as high as their rows */
#define CABINET_W 640.0f

static void draw_cabinet(Operator *o)
{
    const cJSON *a = o->audit_json;
    char t[256], v[64];
    SDL_FRect p = {PAGE_LEFT, PAGE_TOP, CABINET_W, SHORT_H};
    const float x = p.x + PAD - CELL_PAD, w = p.w - 2 * (PAD - CELL_PAD), label_w = 400;
    float y = op_panel(o, p, _("CABINET"));
    op_rule(o, x, y, w);
    y += 8;
    const char *const money_keys[] = {"balance", "credits_in", "credits_out"};
    const char *const money_names[] = {_("Balance"), _("Credits in"), _("Credits out")};
    int i = 0;
    for (; i < 3; i++, y += ROW_H) {
        audit_money(o, money_keys[i], v, sizeof v);
        op_band(o, (SDL_FRect){x, y, w, ROW_H}, i);
        op_pair_row(o, (SDL_FRect){x, y, w, ROW_H}, label_w, money_names[i], OP_CREAM, v);
    }
    const cJSON *r = cJSON_GetObjectItem(a, "round_in_progress");
    snprintf(t, sizeof t, "%s", _("none"));
    if (cJSON_IsObject(r)) {
        const cJSON *bet = cJSON_GetObjectItem(r, "bet");
        operator_money_text(cJSON_IsNumber(bet) ? (Money)bet->valuedouble : 0, v, sizeof v);
        const char *id = cJSON_GetStringValue(cJSON_GetObjectItem(r, "game"));
        lang_fill(t, sizeof t, _("{1}, bet {2}"), id ? game_name(o, id) : "?", v, NULL);
    }
    op_band(o, (SDL_FRect){x, y, w, ROW_H}, i++);
    op_pair_row(o, (SDL_FRect){x, y, w, ROW_H}, 250, _("Round in progress"),
             cJSON_IsObject(r) ? OP_GOLD : OP_CREAM, t);
    y += ROW_H;
    bool ok = cJSON_IsTrue(cJSON_GetObjectItem(a, "integrity_ok")),
         rec = cJSON_IsTrue(cJSON_GetObjectItem(a, "reconciled"));
    op_band(o, (SDL_FRect){x, y, w, ROW_H}, i++);
    op_pair_row(o, (SDL_FRect){x, y, w, ROW_H}, label_w, _("Memory checks"),
             ok && rec ? OP_CREAM : OP_RED,
             ok && rec ? _("sound") : ok ? _("NOT RECONCILED") : _("FAILED"));
    y += ROW_H;
    snprintf(t, sizeof t, "%d", cJSON_GetArraySize(cJSON_GetObjectItem(a, "operator_log")));
    op_band(o, (SDL_FRect){x, y, w, ROW_H}, i++);
    op_pair_row(o, (SDL_FRect){x, y, w, ROW_H}, label_w, _("Operator log entries (page 5)"), OP_CREAM,
             t);
    if (o->ngames > 0) { /* the chosen game's recall and QA's picker */
        const char *name = _(o->games[o->qa_game].name);
        char recall[160], picker[160];
        lang_fill(recall, sizeof recall, _("game recall of {1}"), name, NULL);
        lang_fill(picker, sizeof picker, _("QA scenarios of {1}"), name, NULL);
        const struct { const char *key, *what; } keys[] = {
            {"R", recall}, {"S", picker}, {"G", _("the next game")}};
        for (int k = 0; k < 3; k++)
            op_key_row(o, p.x + PAD, p.y + p.h - PAD - 56 - (float)(2 - k) * 62, p.w - 2 * PAD, 56, o->small,
                       keys[k].key, keys[k].what);
    }
}

static void draw_meters(Operator *o)
{
    const cJSON *a = o->audit_json, *m = cJSON_GetObjectItem(a, "meters");
    char v[64];
    if (!a)
        return;
    draw_cabinet(o);
    /* the meters: a column per game that has any, and the total */
    SDL_FRect p = {PAGE_LEFT + CABINET_W + 30, PAGE_TOP, 0, SHORT_H};
    p.w = PAGE_RIGHT - p.x;
    const float x = p.x + PAD - CELL_PAD, w = p.w - 2 * (PAD - CELL_PAD), label_w = 300;
    float y = op_panel(o, p, _("METERS"));
    const cJSON *games = cJSON_GetObjectItem(m, "games"), *total = cJSON_GetObjectItem(m, "total");
    int ncols = cJSON_GetArraySize(games) + 1;
    const float x0 = x + CELL_PAD + label_w, cw = (x + w - x0) / (float)ncols;
    /* the columns' heads: a game's name may take two lines */
    const float head_h = 54;
    GfxText head = {.font = o->tiny, .color = OP_DIM, .align = GFX_RIGHT, .valign = GFX_MIDDLE,
                    .wrap = true};
    int c = 0;
    for (const cJSON *gm = games ? games->child : NULL; gm; gm = gm->next, c++)
        gfx_text_box(app_gfx(o->app),
                     (SDL_FRect){x0 + cw * (float)c + CELL_PAD, y, cw - 2 * CELL_PAD, head_h},
                     &head, game_name(o, gm->string));
    head.color = OP_GOLD;
    gfx_text_box(app_gfx(o->app),
                 (SDL_FRect){x0 + cw * (float)c + CELL_PAD, y, cw - 2 * CELL_PAD, head_h}, &head,
                 _("Total"));
    y += head_h + 6;
    op_rule(o, x, y, w);
    y += 8;
    int i = 0;
    /* every meter's row inside the panel: narrower rows (and smaller words) when there are many */
    const int nrows = total ? cJSON_GetArraySize(total) : 0;
    const float room = p.y + p.h - PAD / 2 - y, rh = nrows && room / (float)nrows < ROW_H ? room / (float)nrows : ROW_H;
    const GfxFont font = rh < ROW_H * 0.8f ? o->tiny : o->small;
    for (const cJSON *row = total ? total->child : NULL; row; row = row->next, y += rh, i++) {
        const char *label = row->string;
        for (size_t k = 0; k < sizeof meter_labels / sizeof meter_labels[0]; k++)
            if (!strcmp(row->string, meter_labels[k].key))
                label = _(meter_labels[k].label);
        op_band(o, (SDL_FRect){x, y, w, rh}, i);
        operator_text(o, (SDL_FRect){x + CELL_PAD, y, label_w - CELL_PAD, rh}, font, GFX_LEFT, OP_DIM, label);
        c = 0;
        for (const cJSON *gm = games ? games->child : NULL; gm; gm = gm->next, c++) {
            const cJSON *n = cJSON_GetObjectItem(gm, row->string);
            meter_text(row->string, cJSON_IsNumber(n) ? n->valuedouble : 0, v, sizeof v);
            operator_text(o, (SDL_FRect){x0 + cw * (float)c + CELL_PAD, y, cw - 2 * CELL_PAD, rh}, font,
                          GFX_RIGHT, OP_CREAM, v);
        }
        meter_text(row->string, cJSON_IsNumber(row) ? row->valuedouble : 0, v, sizeof v);
        operator_text(o, (SDL_FRect){x0 + cw * (float)c + CELL_PAD, y, cw - 2 * CELL_PAD, rh}, font,
                      GFX_RIGHT, OP_GOLD, v);
    }
    operator_text_lines(o, (SDL_FRect){p.x + PAD, 950, p.w - 2 * PAD, 48}, o->tiny, GFX_LEFT, /* under the band */
                        OP_DIM,
                        _("Meters only rise: nothing in this menu resets one. Amounts in money,"
                          " counts in games."));
    op_draw_controllers(o, PAGE_TOP + SHORT_H + 14);
}

static void draw_integrity(Operator *o)
{
    char t[256];
    SDL_FRect p = {PAGE_LEFT, PAGE_TOP, PAGE_RIGHT - PAGE_LEFT, PAGE_BOTTOM - PAGE_TOP};
    const float x = p.x + PAD - CELL_PAD, w = p.w - 2 * (PAD - CELL_PAD), label_w = 560;
    float y = op_panel(o, p, _("MEMORY CHECKS"));
    op_rule(o, x, y, w);
    y += 8;
    const struct {
        const char *label, *value;
        bool ok;
    } rows[] = {
        {_("SQLite integrity and row checksums"), o->check.integrity_ok ? _("ok") : _("FAILED"),
         o->check.integrity_ok},
        {_("Meters, wallet and history agree"), o->check.reconciled ? _("yes") : _("NO"),
         o->check.reconciled},
        {_("Database"), store_path(app_store(o->app)), true},
    };
    for (int i = 0; i < 3; i++, y += ROW_H) {
        op_band(o, (SDL_FRect){x, y, w, ROW_H}, i);
        op_pair_row(o, (SDL_FRect){x, y, w, ROW_H}, label_w, rows[i].label,
                 rows[i].ok ? OP_CREAM : OP_RED, rows[i].value);
    }
    y += 24;
    operator_text(o, (SDL_FRect){x + CELL_PAD, y, w - 2 * CELL_PAD, 44}, o->mid, GFX_LEFT,
                  OP_GOLD, _("PROBLEMS"));
    y += 52;
    const char *pr = o->check.problems;
    if (!*pr)
        operator_text(o, (SDL_FRect){x + CELL_PAD, y, w - 2 * CELL_PAD, ROW_H}, o->small,
                      GFX_LEFT, OP_DIM, _("none: the memory is as the cabinet left it"));
    /* each problem (they are separated by "; ") in its own box, as many lines as it needs;
     * what no longer fits is left to slotcab --audit, on the last line */
    const float bottom = p.y + p.h - PAD - 40;
    while (*pr) {
        const char *e = strstr(pr, "; ");
        int len = e ? (int)(e - pr) : (int)strlen(pr);
        snprintf(t, sizeof t, "%.*s", len, pr);
        GfxText look = {.font = o->small, .color = OP_RED, .align = GFX_LEFT,
                        .valign = GFX_TOP, .wrap = true};
        SDL_FRect box = {x + CELL_PAD, y, w - 2 * CELL_PAD, bottom - y};
        GfxFit f = gfx_text_fit(app_gfx(o->app), box, &look, t);
        if (f.cut) {
            operator_text(o, (SDL_FRect){x + CELL_PAD, bottom, w - 2 * CELL_PAD, 40}, o->small,
                          GFX_LEFT, OP_DIM, _("and more: slotcab --audit lists them all"));
            break;
        }
        box.h = f.ink.y + f.ink.h - y + 8;
        gfx_text_box(app_gfx(o->app), box, &look, t);
        y += box.h + 6;
        pr = e ? e + 2 : pr + len;
    }
}

/* The settings page: per game, each bet option's values as chips (lit: enabled; dark and
 * struck out: off), each setting its rules declare with its value; then the cabinet's demo
 * start balance. The selected row's chip has a gold rim. */
#define CHIP_W 96.0f  /* at least; as wide as an option's widest value needs */
#define CHIP_H 36.0f
#define CHIP_GAP 6.0f
#define CHIP_PAD 8.0f /* a chip's text keeps this far from its sides */
#define CHIPS_X 440.0f
#define SET_ROW 44.0f /* a line of chips */

static void chip(Operator *o, SDL_FRect r, const char *text, bool on, bool selected)
{
    Gfx *g = app_gfx(o->app);
    const SDL_Color off_rim = {70, 52, 60, 255}, off_face = {22, 14, 30, 255},
                    lit_face = {84, 56, 104, 255};
    keypad_plate(g, r, 8, 2, selected ? OP_GOLD : on ? OP_RIM : off_rim,
                 selected ? lit_face : on ? OP_FACE : off_face);
    GfxText look = {.font = o->small, .color = selected ? OP_GOLD : on ? OP_CREAM : OP_DIM,
                    .align = GFX_CENTER, .valign = GFX_MIDDLE};
    SDL_FRect box = {r.x + CHIP_PAD, r.y + 2, r.w - 2 * CHIP_PAD, r.h - 4};
    if (!on) { /* struck out, the line under the glyphs */
        GfxFit f = gfx_text_fit(g, box, &look, text);
        gfx_rect(g, (SDL_FRect){f.ink.x - 3, f.ink.y + f.ink.h / 2, f.ink.w + 6, 2}, OP_DIM);
    }
    gfx_text_box(g, box, &look, text);
}

/* A name as a label: "jackpot_seed" as "Jackpot seed". */
static void label_text(const char *key, char *out, size_t size)
{
    snprintf(out, size, "%s", key);
    for (char *c = out; *c; c++)
        *c = *c == '_' ? ' ' : *c;
    if (out[0] >= 'a' && out[0] <= 'z')
        out[0] = (char)(out[0] - 'a' + 'A');
}

/* A row of one value: its label, the value in a wide chip and how to change it. */
static void value_row(Operator *o, float y, const char *label, const char *value, const char *how,
                      bool selected)
{
    operator_text(o, (SDL_FRect){PAGE_LEFT + PAD + 20, y, CHIPS_X - 20 - (PAGE_LEFT + PAD + 20),
                                 CHIP_H},
                  o->small, GFX_LEFT, selected ? OP_GOLD : OP_DIM, label);
    const float w = 3 * CHIP_W + 2 * CHIP_GAP, hx = CHIPS_X + w + 24;
    chip(o, (SDL_FRect){CHIPS_X, y, w, CHIP_H}, value, true, selected);
    operator_text(o, (SDL_FRect){hx, y, PAGE_RIGHT - PAD - hx, CHIP_H}, o->tiny, GFX_LEFT,
                  OP_DIM, how);
}

/* A bet option's value as its chip shows it. */
static void bet_value_text(const BetOption *b, int64_t v, char *out, size_t size)
{
    if (!strcmp(b->unit, "minor"))
        operator_money_text(v, out, size);
    else
        lang_number(v, out, size);
}

/* The width of an option's chips: all alike, as wide as its widest value needs. */
static float chip_width(Operator *o, const BetOption *b)
{
    float w = CHIP_W;
    char t[32];
    for (int i = 0; i < b->nvalues; i++) {
        bet_value_text(b, b->values[i], t, sizeof t);
        float need = gfx_text_width(app_gfx(o->app), o->small, t) + 2 * CHIP_PAD + 4;
        w = need > w ? need : w;
    }
    return w;
}

/* The settings list's window: rows are laid out from its top, shifted up by `scroll`; an
 * element is drawn only when it is wholly inside. */
typedef struct ListView {
    float top, bottom, scroll;
    bool draw;
    float sel_top, sel_bottom; /* the selected row's extent, as laid out (not shifted) */
} ListView;

static bool in_view(const ListView *v, float y, float h)
{
    return v->draw && y - v->scroll >= v->top - 0.5f && y - v->scroll + h <= v->bottom + 0.5f;
}

/* Lays the settings out in v (drawing them when v->draw); returns where the list ends. */
static float settings_list(Operator *o, ListView *v)
{
    char t[256], name[64], how[160];
    Row rows[512];
    int n = settings_rows(o, rows, 512);
    const float left = PAGE_LEFT + PAD, right = PAGE_RIGHT - PAD;
    const float label_x = left + 20, label_w = CHIPS_X - 20 - label_x, head_h = 44;
    float y = v->top, chip_w = CHIP_W;
    int last_game = -2, per_line = 1;
    for (int i = 0; i < n; i++) {
        Row r = rows[i];
        bool sel = i == o->row;
        float row_top = y;
        if (r.game != last_game) { /* a game's heading, or the cabinet's */
            if (last_game != -2)
                y += 14;
            row_top = y;
            if (in_view(v, y, head_h))
                operator_text(o, (SDL_FRect){left, y - v->scroll, right - left, head_h}, o->mid,
                              GFX_LEFT, OP_GOLD, r.game >= 0 ? _(o->games[r.game].name) : _("Cabinet"));
            y += head_h + 6;
            last_game = r.game;
        }
        if (r.game >= 0 && r.option >= 0) {
            const BetOption *b = &o->games[r.game].bet[r.option];
            bool option_sel = o->row >= i - r.value && o->row < i - r.value + b->nvalues;
            if (r.value == 0) {
                if (in_view(v, y, CHIP_H))
                    operator_text(o, (SDL_FRect){label_x, y - v->scroll, label_w, CHIP_H},
                                  o->small, GFX_LEFT, option_sel ? OP_GOLD : OP_DIM, op_engine_word(b->name));
                chip_w = chip_width(o, b);
                per_line = (int)((right - CHIPS_X + CHIP_GAP) / (chip_w + CHIP_GAP));
                per_line = per_line < 1 ? 1 : per_line;
            }
            int col = r.value % per_line, line = r.value / per_line;
            float cy = y + (float)line * SET_ROW;
            if (in_view(v, cy, CHIP_H)) {
                char what[64], cur[512];
                snprintf(what, sizeof what, "bet.%s", b->key);
                setting(o, &o->games[r.game], what, cur, sizeof cur);
                int64_t val = b->values[r.value];
                bet_value_text(b, val, t, sizeof t);
                chip(o, (SDL_FRect){CHIPS_X + (float)col * (chip_w + CHIP_GAP), cy - v->scroll,
                                    chip_w, CHIP_H},
                     t, opconfig_enabled(cur, val), sel);
            }
            if (sel) {
                v->sel_top = col == 0 && line > 0 ? cy : row_top;
                v->sel_bottom = cy + CHIP_H;
            }
            if (r.value + 1 == b->nvalues)
                y += (float)(line + 1) * SET_ROW;
        } else {
            if (r.game >= 0) {
                const GameSetting *set = &game_settings(&o->games[r.game])[r.value];
                char step[48], value[48], label[64];
                label_text(set->key, label, sizeof label);
                snprintf(name, sizeof name, "%s", op_engine_word(label));
                operator_thousands(set->step, step, sizeof step);
                operator_thousands(setting_value(o, r.game, set), value, sizeof value);
                /* "%" is the same in every language: not a word for the catalogue */
                snprintf(t, sizeof t, "%s %s", value,
                         strcmp(set->unit, "%") ? op_engine_word(set->unit) : set->unit);
                op_setting_how(&o->games[r.game], set->key, setting_value(o, r.game, set), step, how,
                               sizeof how);
            } else if (r.value == 3) {
                char cur[16];
                store_setting(app_store(o->app), LANG_SETTING_KEY, cur, sizeof cur);
                snprintf(name, sizeof name, "%s", _("Language"));
                if (lang_find(cur) >= 0)
                    snprintf(t, sizeof t, "%s", lang_info(lang_find(cur))->name);
                else
                    lang_fill(t, sizeof t, _("system: {1}"), lang_info(lang_find(lang_from_env()))->name, NULL);
                snprintf(how, sizeof how, "%s", _("Left/Right: the cabinet's and the kiosk's; a player may choose"
                                                  " another in OPTIONS until attract mode"));
            } else if (r.value == 2) {
                snprintf(name, sizeof name, "%s", _("QA mode"));
                qa_setting_text(o->app, t, sizeof t, how, sizeof how);
            } else if (r.value == 1) {
                int idle = attract_idle_seconds(app_store(o->app));
                char secs[16];
                snprintf(name, sizeof name, "%s", _("Attract mode after"));
                snprintf(secs, sizeof secs, "%d", idle);
                if (idle)
                    lang_fill(t, sizeof t, _("{1} s idle"), secs, NULL);
                else
                    snprintf(t, sizeof t, "%s", _("off"));
                snprintf(secs, sizeof secs, "%d", ATTRACT_IDLE_STEP);
                lang_fill(how, sizeof how, _("Left/Right: -/+ {1} s (0: off); the lobby's and"
                                             " games' showcases on demo credits"),
                          secs, NULL);
            } else {
                char step[32];
                snprintf(name, sizeof name, "%s", _("Demo start balance"));
                operator_money_text(demo_balance(o), t, sizeof t);
                operator_money_text(10000, step, sizeof step);
                lang_fill(how, sizeof how, _("Left/Right: -/+ {1}   D (any page): top the balance up to it"),
                          step, NULL);
            }
            if (in_view(v, y, CHIP_H))
                value_row(o, y - v->scroll, name, t, how, sel);
            if (sel) {
                v->sel_top = row_top;
                v->sel_bottom = y + CHIP_H;
            }
            y += SET_ROW;
        }
    }
    return y - SET_ROW + CHIP_H; /* the last row's bottom */
}

/* The settings page: the list, scrolled so that the selected row shows, and its keys. */
static void draw_settings(Operator *o)
{
    SDL_FRect p = {PAGE_LEFT, PAGE_TOP, PAGE_RIGHT - PAGE_LEFT, PAGE_BOTTOM - PAGE_TOP};
    const SDL_FRect help = {p.x + PAD, p.y + p.h - PAD - 44, p.w - 2 * PAD, 44};
    keypad_panel(app_gfx(o->app), p);
    ListView v = {.top = p.y + 16, .bottom = help.y - 12, .scroll = o->settings_scroll};
    float end = settings_list(o, &v); /* laid out, not drawn: where the selected row is */
    if (v.sel_bottom - v.scroll > v.bottom)
        v.scroll = v.sel_bottom - v.bottom;
    if (v.sel_top - v.scroll < v.top)
        v.scroll = v.sel_top - v.top;
    if (v.scroll > end - v.bottom) /* no empty space under the list's end */
        v.scroll = end - v.bottom;
    v.scroll = v.scroll > 0 ? v.scroll : 0;
    o->settings_scroll = v.scroll;
    v.draw = true;
    settings_list(o, &v);
    bool above = v.scroll > 0, below = end - v.scroll > v.bottom + 0.5f;
    char t[512];
    const char *more = above && below ? _("More above and below.")
                       : above        ? _("More above.")
                       : below        ? _("More below.")
                                      : "";
    snprintf(t, sizeof t, "%s%s%s", more, more[0] ? "   " : "",
             _("Up/Down: choose   Space: value on/off (struck out = off)   Changes apply when a"
               " game opens, between rounds; each change is logged."));
    operator_text_lines(o, help, o->tiny, GFX_CENTER, OP_DIM, t);
}

/* The credits page: the keys that credit and cash out on the left, the wallet on the right. */
static void draw_credits(Operator *o)
{
    char bill[3][32], credit[3][96];
    const Money bills[3] = {1000, 5000, 10000}; /* pages_input's I, F and H */
    for (int i = 0; i < 3; i++)
        operator_money_text(bills[i], bill[i], sizeof bill[i]);
    lang_fill(credit[0], sizeof credit[0], _("credit {1} (a bill acceptor)"), bill[0], NULL);
    lang_fill(credit[1], sizeof credit[1], _("credit {1}"), bill[1], NULL);
    lang_fill(credit[2], sizeof credit[2], _("credit {1}"), bill[2], NULL);
    const struct {
        const char *key, *what;
    } keys[] = {
        {"I", credit[0]},
        {"F", credit[1]},
        {"H", credit[2]},
        {"O", _("cash out the whole balance")},
        {"D", _("demo top-up: credit up to the demo start balance (settings page)")},
    };
    char v[64];
    SDL_FRect p = {PAGE_LEFT, PAGE_TOP, 1080, SHORT_H};
    float y = op_panel(o, p, _("CREDITS IN AND CASH OUT"));
    op_rule(o, p.x + PAD, y, p.w - 2 * PAD);
    y += 14;
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++, y += 62)
        op_key_row(o, p.x + PAD, y, p.w - 2 * PAD, 56, o->small, keys[i].key, keys[i].what);
    operator_text_lines(o, (SDL_FRect){p.x + PAD, p.y + p.h - PAD - 48, p.w - 2 * PAD, 48},
                        o->small, GFX_LEFT, OP_DIM,
                        _("Credits in and cash out are metered and logged; they never change a"
                          " round."));
    /* the wallet */
    SDL_FRect q = {p.x + p.w + 30, PAGE_TOP, 0, SHORT_H};
    q.w = PAGE_RIGHT - q.x;
    const float x = q.x + PAD - CELL_PAD, w = q.w - 2 * (PAD - CELL_PAD);
    y = op_panel(o, q, _("BALANCE"));
    operator_money_text(app_balance(o->app), v, sizeof v);
    gfx_text_box(app_gfx(o->app), (SDL_FRect){q.x + PAD, y + 10, q.w - 2 * PAD, 100},
                 &(GfxText){.font = o->big, .color = OP_GOLD, .align = GFX_CENTER,
                            .valign = GFX_MIDDLE, .shadow = true},
                 v);
    y += 130;
    op_rule(o, x, y, w);
    y += 8;
    const char *const keys2[] = {"credits_in", "credits_out"};
    const char *const names[] = {_("Credits in"), _("Credits out")};
    for (int i = 0; i < 2; i++, y += ROW_H) {
        audit_money(o, keys2[i], v, sizeof v);
        op_band(o, (SDL_FRect){x, y, w, ROW_H}, i);
        op_pair_row(o, (SDL_FRect){x, y, w, ROW_H}, 250, names[i], OP_CREAM, v);
    }
    operator_money_text(demo_balance(o), v, sizeof v);
    op_pair_row(o, (SDL_FRect){x, y, w, ROW_H}, 250, _("Demo start balance"), OP_CREAM, v);
}

/* The tabs of the pages, as plates across the top; the open one lit. */
static void draw_tabs(Operator *o)
{
    static const char *const tabs[PAGES] = {N_("METERS"), N_("CREDITS"), N_("INTEGRITY"),
                                            N_("SETTINGS"), N_("LOG")};
    const float w = 296, gap = 16, x0 = (GFX_W - (float)PAGES * w - (PAGES - 1) * gap) / 2;
    for (int i = 0; i < PAGES; i++) {
        bool on = i == o->page;
        SDL_FRect r = {x0 + (float)i * (w + gap), 100, w, 54};
        keypad_plate(app_gfx(o->app), r, 12, 2, on ? OP_GOLD : (SDL_Color){90, 66, 48, 255},
                     on ? (SDL_Color){74, 48, 96, 255} : (SDL_Color){28, 18, 40, 255});
        char t[64];
        snprintf(t, sizeof t, "%d  %s", i + 1, _(tabs[i])); /* its key, then its name */
        operator_text(o, (SDL_FRect){r.x + 14, r.y + 4, r.w - 28, r.h - 8}, o->mid, GFX_CENTER,
                      on ? OP_GOLD : OP_DIM, t);
    }
}

static void op_draw(void *self)
{
    Operator *o = self;
    Gfx *g = app_gfx(o->app);
    gfx_rect(g, (SDL_FRect){0, 0, GFX_W, GFX_H}, OP_GROUND);
    bool locked = app_locked(o->app);
    gfx_text_box(g, (SDL_FRect){460, 12, 1000, 84},
                 &(GfxText){.font = o->big, .color = locked ? OP_RED : OP_GOLD,
                            .align = GFX_CENTER, .valign = GFX_MIDDLE, .shadow = true},
                 locked ? _("PLAY LOCKED") : _("OPERATOR"));
    if (o->step != STEP_OPEN) {
        operator_door_draw(o);
        return;
    }
    if (!locked)
        draw_tabs(o);
    char t[600], m[32];
    operator_money_text(app_balance(o->app), m, sizeof m);
    lang_fill(t, sizeof t, _("balance {1}   database {2}"), m, store_path(app_store(o->app)), NULL);
    operator_text(o, (SDL_FRect){160, locked ? 112 : 166, 1600, 34}, o->tiny, GFX_CENTER, OP_DIM,
                  t);
    switch (locked ? 2 : o->page) {
    case 0:
        draw_meters(o);
        break;
    case 1:
        draw_credits(o);
        break;
    case 2:
        draw_integrity(o);
        break;
    case 3:
        draw_settings(o);
        break;
    default:
        op_draw_log(o);
        break;
    }
    operator_text_lines(o, (SDL_FRect){160, PAGE_BOTTOM + 14, 1600, 64}, o->small, GFX_CENTER,
                        o->message_bad ? OP_RED : OP_GOLD, o->message);
    operator_text(o, OP_FOOTER, o->tiny, GFX_CENTER, OP_DIM,
                  locked ? _("The cabinet's memory failed its checks; the file is left as it is for"
                             " inspection (slotcab --audit).   Esc: quit")
                         : _("1-5 or Tab: pages   P: change the operator PIN   Q: quit the cabinet"
                             "   Esc: back to the lobby"));
}

static void op_destroy(void *self)
{
    Operator *o = self;
    operator_door_wipe(o);
    free(o->games);
    free(o->audit);
    cJSON_Delete(o->audit_json);
    free(o->log);
    free(o);
}

int operator_create(App *a, Scene *out, Error *err)
{
    Operator *o = calloc(1, sizeof *o);
    if (!o)
        return error_set(err, "out of memory");
    o->app = a;
    Gfx *g = app_gfx(a);
    if (gfx_load_font(g, "fonts/DejaVuSerif-Bold.ttf", 64, &o->big, err) ||
        gfx_load_font(g, "fonts/DejaVuSans-Bold.ttf", 34, &o->mid, err) ||
        gfx_load_font(g, "fonts/DejaVuSans.ttf", 26, &o->small, err) ||
        gfx_load_font(g, "fonts/DejaVuSans.ttf", 20, &o->tiny, err) ||
        gfx_load_font(g, "fonts/DejaVuSans-Bold.ttf", 44, &o->key_digit, err) ||
        gfx_load_font(g, "fonts/DejaVuSans-Bold.ttf", 28, &o->key_label, err) ||
        gfx_load_font(g, "fonts/DejaVuSans-Bold.ttf", 60, &o->dots, err) ||
        gfx_load_image(g, "ui/lock.svg", 64, 64, &o->lock, err)) {
        free(o);
        return -1;
    }
    o->log = malloc(LOG_MAX * sizeof *o->log);
    /* the playable games (as the lobby finds them), for the settings page */
    const AppOptions *opt = app_options(a);
    LobbyTheme *lt = malloc(sizeof *lt);
    if (lt && theme_load_lobby(opt->themes_dir, opt->assets_dir, lt, err) == 0) {
        o->games = calloc((size_t)lt->ngames, sizeof *o->games);
        for (int i = 0; o->games && i < lt->ngames; i++) {
            char path[512];
            snprintf(path, sizeof path, "%s/%s/game.json", opt->games_dir, lt->games[i].id);
            Error ignore;
            if (access(path, F_OK) == 0 && gamedef_load(path, &o->games[o->ngames], &ignore) == 0)
                o->ngames++;
        }
    }
    free(lt);
    if (app_locked(a)) { /* no door, nothing written: the integrity report only */
        o->step = STEP_OPEN;
        o->page = 2;
        operator_refresh(o);
    } else if (operator_door_start(o, err)) {
        op_destroy(o);
        return -1;
    }
    *out = (Scene){o, op_input, op_update, op_draw, op_destroy, false};
    return 0;
}
