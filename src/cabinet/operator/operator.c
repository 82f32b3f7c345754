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
 * only between rounds) and the demo credit
 * the D key gives; every change, credit in and cash out is written to the operator log with
 * it, and the log has its own page. Everything shown is read from the store when a page opens
 * or after an operator action, never per frame. Meters are only read here. */
#include "operator_priv.h"
#include "gfx.h"
#include "opconfig.h"
#include "theme.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define PAGES 5
#define DEMO_DEFAULT 100000 /* the demo start balance until the operator sets one */

static void credit(Operator *o, Money amount, const char *by)
{
    Error err;
    char m[32], t[64];
    operator_money_text(amount, m, sizeof m);
    snprintf(t, sizeof t, "credited %s", m);
    if (store_credit_in(app_store(o->app), amount, by, &err))
        operator_say(o, true, err.msg);
    else
        operator_say(o, false, t);
    operator_refresh(o);
}

/* Settings rows: per game, one per value of each bet option and one per setting its rules
 * declare (GameRules.settings: the jackpot seed); then the demo start balance. */
typedef struct Row {
    int game, option, value; /* option -1: the game's setting `value`; game -1: the demo balance */
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
            for (int v = 0; v < d->bet[b].nvalues; v++)
                if (n < max)
                    rows[n++] = (Row){g, b, v};
        for (int k = 0; game_settings(d)[k].key; k++)
            if (n < max)
                rows[n++] = (Row){g, -1, k};
    }
    if (n < max)
        rows[n++] = (Row){-1, -1, 0};
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

/* 10000 as "10,000". */
static void thousands(int64_t v, char *out, size_t size)
{
    char digits[24];
    int n = snprintf(digits, sizeof digits, "%lld", (long long)(v < 0 ? -v : v)), k = 0;
    char buf[32];
    for (int i = 0; i < n; i++) {
        buf[k++] = digits[i];
        if ((n - i - 1) % 3 == 0 && i + 1 < n)
            buf[k++] = ',';
    }
    buf[k] = 0;
    snprintf(out, size, "%s%.31s", v < 0 ? "-" : "", buf);
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
        snprintf(o->message, sizeof o->message, "saved %s = %s (applies when the game opens)", key,
                 value[0] ? value : "all");
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
        operator_say(o, false, "the balance is already at or above the demo start balance");
        return;
    }
    credit(o, want - have, "demo top-up");
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
    case SDLK_r: /* game recall: the first playable game's recall screen */
        if (o->ngames > 0)
            app_open_recall(o->app, o->games[0].id);
        break;
    case SDLK_p:
        operator_door_change_pin(o);
        break;
    case SDLK_d: /* the demo top-up */
        demo_top_up(o);
        break;
    case SDLK_i: /* a bill acceptor: 10.00, 50.00, 100.00 */
        credit(o, 1000, "operator");
        break;
    case SDLK_f:
        credit(o, 5000, "operator");
        break;
    case SDLK_h:
        credit(o, 10000, "operator");
        break;
    case SDLK_o: {
        Money paid = 0;
        Error err;
        char m[32], t[64];
        if (store_cash_out(app_store(o->app), &paid, &err)) {
            operator_say(o, true, err.msg);
        } else {
            operator_money_text(paid, m, sizeof m);
            snprintf(t, sizeof t, "paid out %s", m);
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
    if (opt->headless && t >= 2) { /* the door, or one page a tick, each freshly drawn */
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

/* Text cut to a width, with "..." when it does not fit. */
static void fit(Gfx *g, GfxFont f, const char *text, float width, char *out, size_t size)
{
    snprintf(out, size, "%s", text);
    size_t n = strlen(out);
    while (n > 0 && gfx_text_width(g, f, out) > width) {
        n--;
        while (n > 0 && ((unsigned char)out[n] & 0xC0) == 0x80) /* whole UTF-8 characters */
            n--;
        snprintf(out + n, size - n, "...");
    }
}

/* The meters page: the cabinet's wallet and state on the left, the meters of each game and
 * in total as a table on the right, read from the audit JSON. */
static const struct {
    const char *key, *label;
    bool money;
} meter_labels[] = {
    {"total_bet", "Total bet", true},     {"total_win", "Total win", true},
    {"games_played", "Games played", false}, {"games_won", "Games won", false},
    {"free_spin_features", "Free-spin features", false}, {"jackpots_won", "Jackpots won", false},
    {"jackpots_paid", "Jackpots paid", true},
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
            return o->games[i].name;
    return id;
}

static void draw_meters(Operator *o)
{
    Gfx *g = app_gfx(o->app);
    const cJSON *a = o->audit_json, *m = cJSON_GetObjectItem(a, "meters");
    char t[256], v[64];
    if (!a)
        return;
    /* the cabinet */
    gfx_text(g, o->mid, 160, 230, GFX_LEFT, OP_GOLD, "CABINET");
    const char *const money_keys[] = {"balance", "credits_in", "credits_out"};
    const char *const money_names[] = {"Balance", "Credits in", "Credits out"};
    float y = 290;
    for (int i = 0; i < 3; i++, y += 42) {
        const cJSON *n = cJSON_GetObjectItem(i ? m : a, money_keys[i]);
        meter_text(money_keys[i], cJSON_IsNumber(n) ? n->valuedouble : 0, v, sizeof v);
        gfx_text(g, o->small, 160, y, GFX_LEFT, OP_DIM, money_names[i]);
        gfx_text(g, o->small, 700, y, GFX_RIGHT, OP_CREAM, v);
    }
    const cJSON *r = cJSON_GetObjectItem(a, "round_in_progress");
    gfx_text(g, o->small, 160, y, GFX_LEFT, OP_DIM, "Round in progress");
    if (cJSON_IsObject(r)) {
        const cJSON *bet = cJSON_GetObjectItem(r, "bet");
        operator_money_text(cJSON_IsNumber(bet) ? (Money)bet->valuedouble : 0, v, sizeof v);
        const char *id = cJSON_GetStringValue(cJSON_GetObjectItem(r, "game"));
        snprintf(t, sizeof t, "%s, bet %s", id ? game_name(o, id) : "?", v);
        gfx_text(g, o->small, 700, y, GFX_RIGHT, OP_GOLD, t);
    } else {
        gfx_text(g, o->small, 700, y, GFX_RIGHT, OP_CREAM, "none");
    }
    y += 42;
    bool ok = cJSON_IsTrue(cJSON_GetObjectItem(a, "integrity_ok")),
         rec = cJSON_IsTrue(cJSON_GetObjectItem(a, "reconciled"));
    gfx_text(g, o->small, 160, y, GFX_LEFT, OP_DIM, "Memory checks");
    gfx_text(g, o->small, 700, y, GFX_RIGHT, ok && rec ? OP_CREAM : OP_RED,
             ok && rec ? "sound" : ok ? "NOT RECONCILED" : "FAILED");
    y += 42;
    snprintf(t, sizeof t, "%d", cJSON_GetArraySize(cJSON_GetObjectItem(a, "operator_log")));
    gfx_text(g, o->small, 160, y, GFX_LEFT, OP_DIM, "Operator log entries (page 5)");
    gfx_text(g, o->small, 700, y, GFX_RIGHT, OP_CREAM, t);
    if (o->ngames > 0) {
        snprintf(t, sizeof t, "R: game recall of %s", o->games[0].name);
        gfx_text(g, o->small, 160, y + 80, GFX_LEFT, OP_GOLD, t);
    }
    /* the meters: a column per game that has any, and the total */
    const cJSON *games = cJSON_GetObjectItem(m, "games"), *total = cJSON_GetObjectItem(m, "total");
    int ncols = cJSON_GetArraySize(games) + 1;
    float x0 = 1180, width = (1800 - x0) / (float)ncols;
    gfx_text(g, o->mid, 820, 230, GFX_LEFT, OP_GOLD, "METERS");
    int c = 0;
    for (const cJSON *gm = games ? games->child : NULL; gm; gm = gm->next, c++) {
        fit(g, o->tiny, game_name(o, gm->string), width - 12, t, sizeof t);
        gfx_text(g, o->tiny, x0 + width * (float)(c + 1), 250, GFX_RIGHT, OP_DIM, t);
    }
    gfx_text(g, o->tiny, x0 + width * (float)ncols, 250, GFX_RIGHT, OP_GOLD, "Total");
    gfx_rect(g, (SDL_FRect){820, 282, 1800 - 820, 2}, (SDL_Color){90, 66, 48, 255});
    y = 296;
    for (const cJSON *row = total ? total->child : NULL; row; row = row->next, y += 42) {
        const char *label = row->string;
        for (size_t i = 0; i < sizeof meter_labels / sizeof meter_labels[0]; i++)
            if (!strcmp(row->string, meter_labels[i].key))
                label = meter_labels[i].label;
        gfx_text(g, o->small, 820, y, GFX_LEFT, OP_DIM, label);
        c = 0;
        for (const cJSON *gm = games ? games->child : NULL; gm; gm = gm->next, c++) {
            const cJSON *n = cJSON_GetObjectItem(gm, row->string);
            meter_text(row->string, cJSON_IsNumber(n) ? n->valuedouble : 0, v, sizeof v);
            gfx_text(g, o->small, x0 + width * (float)(c + 1), y, GFX_RIGHT, OP_CREAM, v);
        }
        meter_text(row->string, cJSON_IsNumber(row) ? row->valuedouble : 0, v, sizeof v);
        gfx_text(g, o->small, x0 + width * (float)ncols, y, GFX_RIGHT, OP_GOLD, v);
    }
    gfx_text(g, o->tiny, 820, y + 20, GFX_LEFT, OP_DIM,
             "Meters only rise: nothing in this menu resets one. Amounts in money, counts in"
             " games.");
}

/* The operator log, newest first, a page at a time. */
static void draw_log(Operator *o)
{
    Gfx *g = app_gfx(o->app);
    char t[300];
    int pages = (o->nlog + LOG_PER_PAGE - 1) / LOG_PER_PAGE;
    gfx_text(g, o->tiny, 160, 226, GFX_LEFT, OP_DIM, "TIME (UTC)");
    gfx_text(g, o->tiny, 480, 226, GFX_LEFT, OP_DIM, "WHAT");
    gfx_text(g, o->tiny, 720, 226, GFX_LEFT, OP_DIM, "DETAIL");
    gfx_rect(g, (SDL_FRect){160, 256, 1600, 2}, (SDL_Color){90, 66, 48, 255});
    if (o->nlog == 0)
        gfx_text(g, o->small, 160, 276, GFX_LEFT, OP_DIM, "nothing logged yet");
    for (int i = 0; i < LOG_PER_PAGE; i++) {
        int k = o->log_page * LOG_PER_PAGE + i;
        if (k >= o->nlog)
            break;
        const StoreOplogRow *r = &o->log[k];
        float y = 272 + (float)i * 36;
        bool bad = !strcmp(r->what, "wrong pin") || !strcmp(r->what, "locked out");
        bool door = !strcmp(r->what, "door opened") || !strcmp(r->what, "pin set");
        gfx_text(g, o->small, 160, y, GFX_LEFT, OP_DIM, r->at);
        gfx_text(g, o->small, 480, y, GFX_LEFT, bad ? OP_RED : door ? OP_GOLD : OP_CREAM, r->what);
        fit(g, o->small, r->detail, 1760 - 720, t, sizeof t);
        gfx_text(g, o->small, 720, y, GFX_LEFT, OP_CREAM, t);
    }
    snprintf(t, sizeof t, "page %d of %d, newest first   Left/Right: newer/older   all of it is"
                          " in slotcab --audit",
             pages ? o->log_page + 1 : 1, pages ? pages : 1);
    gfx_text(g, o->tiny, 960, 940, GFX_CENTER, OP_DIM, t);
}

static void draw_integrity(Operator *o)
{
    Gfx *g = app_gfx(o->app);
    char t[256];
    snprintf(t, sizeof t, "SQLite integrity and row checksums: %s", o->check.integrity_ok ? "ok" : "FAILED");
    gfx_text(g, o->mid, 400, 260, GFX_LEFT, o->check.integrity_ok ? OP_CREAM : OP_RED, t);
    snprintf(t, sizeof t, "meters, wallet and history agree: %s", o->check.reconciled ? "yes" : "NO");
    gfx_text(g, o->mid, 400, 320, GFX_LEFT, o->check.reconciled ? OP_CREAM : OP_RED, t);
    const char *p = o->check.problems;
    float y = 400;
    while (*p && y < 900) {
        const char *e = strstr(p, "; ");
        int len = e ? (int)(e - p) : (int)strlen(p);
        snprintf(t, sizeof t, "%.*s", len > 120 ? 120 : len, p);
        gfx_text(g, o->small, 400, y, GFX_LEFT, OP_RED, t);
        y += 40;
        p = e ? e + 2 : p + len;
    }
}

static void draw_settings(Operator *o)
{
    Gfx *g = app_gfx(o->app);
    char t[256];
    Row rows[512];
    int n = settings_rows(o, rows, 512);
    float y = 210;
    int last_game = -2, last_option = -2, col = 0;
    for (int i = 0; i < n; i++) {
        Row r = rows[i];
        SDL_Color sel = i == o->row ? OP_GOLD : OP_CREAM;
        if (r.game != last_game && r.game >= 0) {
            gfx_text(g, o->mid, 200, y, GFX_LEFT, OP_GOLD, o->games[r.game].name);
            y += 46;
            last_game = r.game;
        }
        if (r.game >= 0 && r.option >= 0) {
            const BetOption *b = &o->games[r.game].bet[r.option];
            if (r.option != last_option) {
                if (last_option != -2 && col)
                    y += 30;
                gfx_text(g, o->tiny, 220, y + 4, GFX_LEFT, OP_DIM, b->name);
                last_option = r.option;
                col = 0;
            }
            char what[64], cur[512];
            snprintf(what, sizeof what, "bet.%s", b->key);
            setting(o, &o->games[r.game], what, cur, sizeof cur);
            bool on = opconfig_enabled(cur, b->values[r.value]);
            int64_t v = b->values[r.value];
            if (!strcmp(b->unit, "minor"))
                operator_money_text(v, t, sizeof t);
            else
                snprintf(t, sizeof t, "%lld", (long long)v);
            float x = 480 + (float)col * 105;
            gfx_text(g, o->small, x, y, GFX_LEFT, on ? sel : (i == o->row ? OP_GOLD : OP_DIM), t);
            if (!on)
                gfx_rect(g, (SDL_FRect){x, y + 16, gfx_text_width(g, o->small, t), 2}, OP_DIM);
            if (++col == 12) {
                col = 0;
                y += 30;
            }
            if (i + 1 == n || rows[i + 1].option != r.option || rows[i + 1].game != r.game) {
                y += 34;
                col = 0;
            }
        } else if (r.game >= 0) {
            const GameSetting *set = &game_settings(&o->games[r.game])[r.value];
            char name[48], step[48];
            snprintf(name, sizeof name, "%s", set->key);
            for (char *c = name; *c; c++)
                *c = *c == '_' ? ' ' : *c;
            thousands(set->step, step, sizeof step);
            snprintf(t, sizeof t, "%s: %lld %s   (Left/Right: -/+ %s)", name,
                     (long long)setting_value(o, r.game, set), set->unit, step);
            gfx_text(g, o->small, 220, y, GFX_LEFT, sel, t);
            y += 50;
            last_option = -2;
        } else {
            char d[32];
            operator_money_text(demo_balance(o), d, sizeof d);
            snprintf(t, sizeof t,
                     "demo start balance (D tops up to it): %s   (Left/Right: -/+ 100.00)", d);
            gfx_text(g, o->small, 200, y + 10, GFX_LEFT, sel, t);
        }
    }
    gfx_text(g, o->tiny, 960, 940, GFX_CENTER, OP_DIM,
             "Up/Down: choose   Space: value on/off (struck out = off)   changes apply when a game opens, between rounds;"
             " each change is logged");
}

static void draw_credits(Operator *o)
{
    static const char *const lines[] = {
        "I  credit 10.00 (a bill acceptor)", "F  credit 50.00", "H  credit 100.00",
        "O  cash out the whole balance",
        "D  demo top-up: credit up to the demo start balance (settings page)", "",
        "Credits in and cash out are metered and logged; they never change a round."};
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++)
        gfx_text(app_gfx(o->app), o->mid, 400, 260 + (float)i * 60, GFX_LEFT, OP_CREAM, lines[i]);
}

static void op_draw(void *self)
{
    Operator *o = self;
    Gfx *g = app_gfx(o->app);
    gfx_rect(g, (SDL_FRect){0, 0, GFX_W, GFX_H}, OP_GROUND);
    bool locked = app_locked(o->app);
    gfx_text_shadow(g, o->big, 960, 30, GFX_CENTER, locked ? OP_RED : OP_GOLD,
                    locked ? "PLAY LOCKED" : "OPERATOR");
    if (o->step != STEP_OPEN) {
        operator_door_draw(o);
        return;
    }
    static const char *const tabs[PAGES] = {"1  METERS", "2  CREDITS", "3  INTEGRITY",
                                            "4  SETTINGS", "5  LOG"};
    float w[PAGES], x = GFX_W / 2.0f, gap = 90;
    for (int i = 0; i < PAGES; i++) { /* the tabs, centred with even gaps */
        w[i] = gfx_text_width(g, o->mid, tabs[i]);
        x -= (w[i] + (i ? gap : 0)) / 2;
    }
    for (int i = 0; i < PAGES && !locked; i++) {
        gfx_text(g, o->mid, x, 110, GFX_LEFT, i == o->page ? OP_GOLD : OP_DIM, tabs[i]);
        x += w[i] + gap;
    }
    char t[600], m[32];
    operator_money_text(app_balance(o->app), m, sizeof m);
    snprintf(t, sizeof t, "balance %s   database %s", m, store_path(app_store(o->app)));
    gfx_text(g, o->tiny, 960, locked ? 120 : 170, GFX_CENTER, OP_DIM, t);
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
        draw_log(o);
        break;
    }
    gfx_text(g, o->small, 960, 990, GFX_CENTER, o->message_bad ? OP_RED : OP_GOLD, o->message);
    gfx_text(g, o->tiny, 960, 1040, GFX_CENTER, OP_DIM,
             locked ? "The cabinet's memory failed its checks; the file is left as it is for"
                      " inspection (slotcab --audit).   Esc: quit"
                    : "1-5 or Tab: pages   P: change the operator PIN   Esc: back to the lobby");
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
