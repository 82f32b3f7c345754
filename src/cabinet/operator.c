/* operator.c - the operator menu: meters, credits in and cash out, and the integrity
 * report, read from the cabinet's memory.
 *
 * Opened with Ctrl+Alt+O (from the lobby, or from a game between rounds) or --operator.
 * Everything shown is read from the store when the page opens or after an operator
 * action, never per frame. Meters are only read here: nothing on this page resets one. */
#include "app.h"
#include "gfx.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Operator {
    App *app;
    GfxFont big, mid, small, tiny;
    char *audit;     /* the audit JSON, for the meters page */
    StoreCheck check;
    char message[ERROR_MSG_MAX + 32];
    int page;        /* 0 meters, 1 cash, 2 integrity */
} Operator;

static const SDL_Color GOLD = {255, 207, 74, 255}, CREAM = {255, 241, 200, 255},
                       DIM = {201, 169, 138, 255}, RED = {255, 110, 110, 255};

static void refresh(Operator *o)
{
    free(o->audit);
    o->audit = NULL;
    Error err;
    if (store_audit_json(app_store(o->app), &o->audit, &err))
        snprintf(o->message, sizeof o->message, "%s", err.msg);
    store_check(app_store(o->app), &o->check);
}

static void credit(Operator *o, Money amount)
{
    Error err;
    if (store_credit_in(app_store(o->app), amount, &err))
        snprintf(o->message, sizeof o->message, "%s", err.msg);
    else
        snprintf(o->message, sizeof o->message, "credited %lld.%02lld", (long long)(amount / 100),
                 (long long)(amount % 100));
    refresh(o);
}

static void op_input(void *self, const Input *in)
{
    Operator *o = self;
    if (in->type != INPUT_KEY)
        return;
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
        o->page = (int)(in->key - SDLK_1);
        refresh(o);
        break;
    case SDLK_TAB:
        o->page = (o->page + 1) % 3;
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
        if (o->page == 2)
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
    static const char *const tabs[3] = {"1  METERS", "2  CREDITS", "3  INTEGRITY"};
    for (int i = 0; i < 3; i++)
        gfx_text(g, o->mid, 560 + (float)i * 400, 110, GFX_CENTER, i == o->page ? GOLD : DIM, tabs[i]);
    char t[256];
    Money bal = app_balance(o->app);
    snprintf(t, sizeof t, "balance %lld.%02lld   database %s", (long long)(bal / 100),
             (long long)(bal % 100), store_path(app_store(o->app)));
    gfx_text(g, o->tiny, 960, 170, GFX_CENTER, DIM, t);
    if (o->page == 0 && o->audit) {
        gfx_text(g, o->tiny, 1400, 230, GFX_LEFT, DIM, "amounts in cents; meters only rise");
        draw_json(o, o->audit, 300, 220);
    } else if (o->page == 1) {
        static const char *const lines[] = {
            "I  credit 10.00 (a bill acceptor)", "F  credit 50.00", "H  credit 100.00",
            "O  cash out the whole balance", "",
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
    gfx_text(g, o->small, 960, 990, GFX_CENTER, GOLD, o->message);
    gfx_text(g, o->tiny, 960, 1040, GFX_CENTER, DIM,
             locked ? "The cabinet's memory failed its checks; the file is left as it is for inspection."
                      "   1 2 3 or Tab: pages   Esc: quit"
                    : "1 2 3 or Tab: pages   Esc: back to the lobby");
}

static void op_destroy(void *self)
{
    Operator *o = self;
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
    refresh(o);
    if (app_locked(a))
        o->page = 2; /* the integrity report first */
    *out = (Scene){o, op_input, op_update, op_draw, op_destroy};
    return 0;
}
