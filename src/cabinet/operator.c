/* operator.c - the operator menu: meters, credits in and cash out, and the integrity
 * report, read from the cabinet's memory.
 *
 * Opened with Ctrl+Alt+O (from the lobby, or from a game between rounds) or --operator.
 * The settings page edits each playable game's enabled coin values and jackpot seed
 * (applied when the game opens next: configuration changes only between rounds) and the
 * demo credit the D key gives.
 * Everything shown is read from the store when the page opens or after an operator
 * action, never per frame. Meters are only read here: nothing on this page resets one. */
#include "app.h"
#include "gamedef.h"
#include "gfx.h"
#include "opconfig.h"
#include "theme.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct Operator {
    App *app;
    GfxFont big, mid, small, tiny;
    char *audit;     /* the audit JSON, for the meters page */
    StoreCheck check;
    char message[ERROR_MSG_MAX + 32];
    int page;        /* 0 meters, 1 cash, 2 integrity, 3 settings */
    int ngames;
    GameDef *games;  /* playable games, as their files define them */
    int row;         /* the selected settings row */
} Operator;

#define PAGES 4
#define DEMO_DEFAULT 100000 /* the demo start balance until the operator sets one */

static const SDL_Color GOLD = {255, 207, 74, 255}, CREAM = {255, 241, 200, 255},
                       DIM = {201, 169, 138, 255}, RED = {255, 110, 110, 255};

static void refresh(Operator *o)
{
    free(o->audit);
    o->audit = NULL;
    Error err;
    if (store_audit_json(app_store(o->app), false, &o->audit, &err))
        snprintf(o->message, sizeof o->message, "%s", err.msg);
    store_check(app_store(o->app), &o->check);
}

static void credit(Operator *o, Money amount)
{
    Error err;
    if (store_credit_in(app_store(o->app), amount, "operator", &err))
        snprintf(o->message, sizeof o->message, "%s", err.msg);
    else
        snprintf(o->message, sizeof o->message, "credited %lld.%02lld", (long long)(amount / 100),
                 (long long)(amount % 100));
    refresh(o);
}

/* Settings rows: per game, one per value of each bet option and one for the jackpot seed;
 * then the demo start balance. */
typedef struct Row {
    int game, option, value; /* option -1: the jackpot seed; game -1: the demo balance */
} Row;

static int settings_rows(const Operator *o, Row *rows, int max)
{
    int n = 0;
    for (int g = 0; g < o->ngames; g++) {
        const GameDef *d = &o->games[g];
        for (int b = 0; b < d->nbet; b++)
            for (int v = 0; v < d->bet[b].nvalues; v++)
                if (n < max)
                    rows[n++] = (Row){g, b, v};
        if (gamedef_param(d, "jackpot_seed_coins") && n < max)
            rows[n++] = (Row){g, -1, 0};
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

static int64_t seed_of(Operator *o, int g)
{
    char v[32];
    setting(o, &o->games[g], "jackpot_seed", v, sizeof v);
    if (v[0])
        return strtoll(v, NULL, 10);
    const GameParam *p = gamedef_param(&o->games[g], "jackpot_seed_coins");
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
    if (opconfig_apply_all(copy, pending_get, &p, &err))
        snprintf(o->message, sizeof o->message, "%s", err.msg);
    else if (store_set_setting(app_store(o->app), key, value, &err))
        snprintf(o->message, sizeof o->message, "%s", err.msg);
    else
        snprintf(o->message, sizeof o->message, "saved %s = %s (applies when the game opens)", key,
                 value[0] ? value : "all");
    free(copy);
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
        char v[32];
        snprintf(v, sizeof v, "%lld", (long long)(seed_of(o, r.game) + (k == SDLK_RIGHT ? 10000 : -10000)));
        save_game_setting(o, r.game, "jackpot_seed", v);
    } else if ((k == SDLK_LEFT || k == SDLK_RIGHT) && r.game < 0) {
        Money d = demo_balance(o) + (k == SDLK_RIGHT ? 10000 : -10000);
        if (d >= 10000 && d <= 100000000) {
            char v[32];
            snprintf(v, sizeof v, "%lld", (long long)d);
            store_set_setting(app_store(o->app), "demo_balance", v, NULL);
        }
    }
}

/* D: the demo top-up, back to the demo start balance (credits in for the difference). */
static void demo_top_up(Operator *o)
{
    Money want = demo_balance(o), have = app_balance(o->app);
    if (have >= want) {
        snprintf(o->message, sizeof o->message, "the balance is already at or above the demo start balance");
        return;
    }
    credit(o, want - have);
}

static void op_input(void *self, const Input *in)
{
    Operator *o = self;
    if (in->type != INPUT_KEY)
        return;
    if (o->page == 3 && !app_locked(o->app) &&
        (in->key == SDLK_UP || in->key == SDLK_DOWN || in->key == SDLK_LEFT ||
         in->key == SDLK_RIGHT || in->key == SDLK_SPACE || in->key == SDLK_RETURN)) {
        settings_key(o, in->key);
        return;
    }
    switch (in->key) {
    case SDLK_ESCAPE:
        if (app_locked(o->app))
            app_quit(o->app, 2);
        else
            app_open(o->app, NULL);
        break;
    case SDLK_1:
    case SDLK_2:
    case SDLK_3:
    case SDLK_4:
        o->page = (int)(in->key - SDLK_1);
        refresh(o);
        break;
    case SDLK_TAB:
        o->page = (o->page + 1) % PAGES;
        break;
    case SDLK_r: /* game recall: the first playable game's recall screen */
        if (!app_locked(o->app) && o->ngames > 0)
            app_open_recall(o->app, o->games[0].id);
        break;
    case SDLK_d: /* the demo top-up */
        if (!app_locked(o->app))
            demo_top_up(o);
        break;
    case SDLK_i: /* a bill acceptor: 10.00, 50.00, 100.00 */
        if (!app_locked(o->app))
            credit(o, 1000);
        break;
    case SDLK_f:
        if (!app_locked(o->app))
            credit(o, 5000);
        break;
    case SDLK_h:
        if (!app_locked(o->app))
            credit(o, 10000);
        break;
    case SDLK_o: {
        if (app_locked(o->app))
            break;
        Money paid = 0;
        Error err;
        if (store_cash_out(app_store(o->app), &paid, &err))
            snprintf(o->message, sizeof o->message, "%s", err.msg);
        else
            snprintf(o->message, sizeof o->message, "paid out %lld.%02lld", (long long)(paid / 100),
                     (long long)(paid % 100));
        refresh(o);
        break;
    }
    default:
        break;
    }
}

static void op_update(void *self)
{
    Operator *o = self;
    const AppOptions *opt = app_options(o->app);
    uint64_t t = app_tick(o->app);
    if (opt->headless && opt->shots && t >= 2) { /* one page a tick, each freshly drawn */
        char name[32];
        o->page = (int)(t - 2);
        snprintf(name, sizeof name, "operator-%d", o->page + 1);
        app_shot(o->app, name);
        if (o->page == PAGES - 1)
            app_quit(o->app, 0);
    }
}

/* The audit JSON, laid out as lines "key  value" with indentation by depth. */
static void draw_json(Operator *o, const char *json, float x, float y)
{
    Gfx *g = app_gfx(o->app);
    char line[160], key[64] = "";
    int depth = 0;
    float yy = y;
    for (const char *p = json; *p && yy < 960; p++) {
        if (*p == '{') {
            if (key[0]) {
                gfx_text(g, o->small, x + (float)depth * 40, yy, GFX_LEFT, GOLD, key);
                yy += 34;
            }
            depth++;
            key[0] = 0;
        } else if (*p == '}') {
            depth--;
        } else if (*p == '"') {
            const char *e = strchr(p + 1, '"');
            if (!e)
                break;
            snprintf(key, sizeof key, "%.*s", (int)(e - p - 1), p + 1);
            p = e;
        } else if (*p == ':' && p[1] != '{' && p[1] != '[') {
            const char *e = p + 1;
            while (*e && *e != ',' && *e != '}')
                e++;
            snprintf(line, sizeof line, "%s", key);
            gfx_text(g, o->small, x + (float)depth * 40, yy, GFX_LEFT, DIM, line);
            snprintf(line, sizeof line, "%.*s", (int)(e - p - 1), p + 1);
            gfx_text(g, o->small, x + 560, yy, GFX_RIGHT, CREAM, line);
            yy += 34;
            key[0] = 0;
            p = e - 1;
        } else if (*p == '[') {
            break; /* problems are on the integrity page */
        }
    }
}

static void op_draw(void *self)
{
    Operator *o = self;
    Gfx *g = app_gfx(o->app);
    gfx_rect(g, (SDL_FRect){0, 0, GFX_W, GFX_H}, (SDL_Color){16, 10, 24, 255});
    bool locked = app_locked(o->app);
    gfx_text_shadow(g, o->big, 960, 30, GFX_CENTER, locked ? RED : GOLD,
                    locked ? "PLAY LOCKED" : "OPERATOR");
    static const char *const tabs[PAGES] = {"1  METERS", "2  CREDITS", "3  INTEGRITY", "4  SETTINGS"};
    for (int i = 0; i < PAGES; i++)
        gfx_text(g, o->mid, 420 + (float)i * 360, 110, GFX_CENTER, i == o->page ? GOLD : DIM, tabs[i]);
    char t[256];
    Money bal = app_balance(o->app);
    snprintf(t, sizeof t, "balance %lld.%02lld   database %s", (long long)(bal / 100),
             (long long)(bal % 100), store_path(app_store(o->app)));
    gfx_text(g, o->tiny, 960, 170, GFX_CENTER, DIM, t);
    if (o->page == 0 && o->audit) {
        gfx_text(g, o->tiny, 1400, 230, GFX_LEFT, DIM, "amounts in cents; meters only rise");
        for (int gi = 0; gi < o->ngames && gi < 1; gi++) {
            snprintf(t, sizeof t, "R: game recall of %s", o->games[gi].name);
            gfx_text(g, o->small, 1400, 270, GFX_LEFT, GOLD, t);
        }
        draw_json(o, o->audit, 300, 220);
    } else if (o->page == 1) {
        static const char *const lines[] = {
            "I  credit 10.00 (a bill acceptor)", "F  credit 50.00", "H  credit 100.00",
            "O  cash out the whole balance",
            "D  demo top-up: credit up to the demo start balance (settings page)", "",
            "Credits in and cash out are logged and metered; they never change a round."};
        for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++)
            gfx_text(g, o->mid, 400, 260 + (float)i * 60, GFX_LEFT, CREAM, lines[i]);
    } else if (o->page == 2) {
        snprintf(t, sizeof t, "SQLite integrity and row checksums: %s", o->check.integrity_ok ? "ok" : "FAILED");
        gfx_text(g, o->mid, 400, 260, GFX_LEFT, o->check.integrity_ok ? CREAM : RED, t);
        snprintf(t, sizeof t, "meters, wallet and history agree: %s", o->check.reconciled ? "yes" : "NO");
        gfx_text(g, o->mid, 400, 320, GFX_LEFT, o->check.reconciled ? CREAM : RED, t);
        const char *p = o->check.problems;
        float y = 400;
        while (*p && y < 900) {
            const char *e = strstr(p, "; ");
            int len = e ? (int)(e - p) : (int)strlen(p);
            snprintf(t, sizeof t, "%.*s", len > 120 ? 120 : len, p);
            gfx_text(g, o->small, 400, y, GFX_LEFT, RED, t);
            y += 40;
            p = e ? e + 2 : p + len;
        }
    }
    if (o->page == 3) {
        Row rows[512];
        int n = settings_rows(o, rows, 512);
        float y = 210;
        int last_game = -2, last_option = -2, col = 0;
        for (int i = 0; i < n; i++) {
            Row r = rows[i];
            SDL_Color sel = i == o->row ? GOLD : CREAM;
            if (r.game != last_game && r.game >= 0) {
                gfx_text(g, o->mid, 200, y, GFX_LEFT, GOLD, o->games[r.game].name);
                y += 46;
                last_game = r.game;
            }
            if (r.game >= 0 && r.option >= 0) {
                const BetOption *b = &o->games[r.game].bet[r.option];
                if (r.option != last_option) {
                    if (last_option != -2 && col)
                        y += 30;
                    gfx_text(g, o->tiny, 220, y + 4, GFX_LEFT, DIM, b->name);
                    last_option = r.option;
                    col = 0;
                }
                char what[64], cur[512];
                snprintf(what, sizeof what, "bet.%s", b->key);
                setting(o, &o->games[r.game], what, cur, sizeof cur);
                bool on = opconfig_enabled(cur, b->values[r.value]);
                int64_t v = b->values[r.value];
                if (!strcmp(b->unit, "minor"))
                    snprintf(t, sizeof t, "%lld.%02lld", (long long)(v / 100), (long long)(v % 100));
                else
                    snprintf(t, sizeof t, "%lld", (long long)v);
                float x = 480 + (float)col * 105;
                gfx_text(g, o->small, x, y, GFX_LEFT, on ? sel : (i == o->row ? GOLD : DIM), t);
                if (!on)
                    gfx_rect(g, (SDL_FRect){x, y + 16, gfx_text_width(g, o->small, t), 2}, DIM);
                if (++col == 12) {
                    col = 0;
                    y += 30;
                }
                if (i + 1 == n || rows[i + 1].option != r.option || rows[i + 1].game != r.game) {
                    y += 34;
                    col = 0;
                }
            } else if (r.game >= 0) {
                snprintf(t, sizeof t, "jackpot seed: %lld coins   (Left/Right: -/+ 10,000)", (long long)seed_of(o, r.game));
                gfx_text(g, o->small, 220, y, GFX_LEFT, sel, t);
                y += 50;
                last_option = -2;
            } else {
                Money d = demo_balance(o);
                snprintf(t, sizeof t, "demo start balance (D tops up to it): %lld.%02lld   (Left/Right: -/+ 100.00)",
                         (long long)(d / 100), (long long)(d % 100));
                gfx_text(g, o->small, 200, y + 10, GFX_LEFT, sel, t);
            }
        }
        gfx_text(g, o->tiny, 960, 940, GFX_CENTER, DIM,
                 "Up/Down: choose   Space: value on/off (struck out = off)   changes apply when a game opens, between rounds");
    }
    gfx_text(g, o->small, 960, 990, GFX_CENTER, GOLD, o->message);
    gfx_text(g, o->tiny, 960, 1040, GFX_CENTER, DIM,
             locked ? "The cabinet's memory failed its checks; the file is left as it is for inspection."
                      "   1 2 3 or Tab: pages   Esc: quit"
                    : "1 2 3 or Tab: pages   Esc: back to the lobby");
}

static void op_destroy(void *self)
{
    Operator *o = self;
    free(o->games);
    free(o->audit);
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
        gfx_load_font(g, "fonts/DejaVuSans.ttf", 20, &o->tiny, err)) {
        free(o);
        return -1;
    }
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
    refresh(o);
    if (app_locked(a))
        o->page = 2; /* the integrity report first */
    *out = (Scene){o, op_input, op_update, op_draw, op_destroy, false};
    return 0;
}
