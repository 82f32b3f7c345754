/* operator_draw.c - what the operator's pages are drawn with: a page's panel and title,
 * rules and banded rows of tables, two-column rows, key caps and a key with what it does;
 * and two pages' parts: the meters page's controllers and the log page. */
#include "operator_priv.h"
#include "keypad.h"
#include "lang.h"

#include <stdio.h>
#include <string.h>

/* The words the games give these pages (a controller's meters, a setting's name, unit and
 * legal floor's source from the engine's rules; a bet option's name from games/<id>/game.json):
 * the engine and the game files stay language-neutral, so their words are marked here for the
 * catalogue and translated where they are drawn. A new game's word the catalogue lacks shows
 * in English, and the layout check lists it. */
static const char *const engine_words[] = {
    N_("Return set"), N_("Cycle length"), N_("Games this cycle"), N_("Bet this cycle"),
    N_("Paid this cycle"), N_("Return this cycle"), N_("Reserve"), N_("Cycles completed"),
    N_("Spain's Real Decreto 2110/1998, art. 6.4"),
    /* settings: their names (a key as a label) and units */
    N_("Jackpot seed"), N_("Return percent"), N_("Cycle games"), N_("coins"), N_("games"),
    /* bet options */
    N_("Bet"), N_("Game (1 lower, 2 upper)"), N_("Upper bet (its Bonuses)"), N_("Coin value"),
    N_("Coins per line"), N_("Lines"),
};

const char *op_engine_word(const char *word)
{
    (void)engine_words; /* the table is for xgettext: every word is looked up the same way */
    return word && word[0] ? _(word) : "";
}

/* A page's panel with its title; returns where its content starts. */
float op_panel(Operator *o, SDL_FRect r, const char *title)
{
    gfx_plane(app_gfx(o->app), GFX_PLANE_WINDOW); /* a page's panel is a window (gfx.h's planes) */
    keypad_panel(app_gfx(o->app), r);
    operator_text(o, (SDL_FRect){r.x + PAD, r.y + 14, r.w - 2 * PAD, 48}, o->mid, GFX_LEFT,
                  OP_GOLD, title);
    return r.y + 70;
}

void op_setting_how(const GameDef *d, const char *key, int64_t value, const char *step, char *out,
                    size_t size)
{
    const char *source;
    int64_t floor = games_setting_floor(d, key, &source);
    char f[32];
    snprintf(f, sizeof f, "%lld", (long long)floor);
    if (!floor)
        lang_fill(out, size, _("Left/Right: -/+ {1}"), step, NULL);
    else if (value < floor)
        lang_fill(out, size, _("Left/Right: -/+ {1}   BELOW the legal floor of {2} % ({3})"), step,
                  f, op_engine_word(source), NULL);
    else
        lang_fill(out, size, _("Left/Right: -/+ {1}   legal floor {2} % ({3})"), step, f,
                  op_engine_word(source), NULL);
}

void op_rule(Operator *o, float x, float y, float w)
{
    gfx_rect(app_gfx(o->app), (SDL_FRect){x, y, w, 2}, OP_RULE);
}

/* Every other row of a table gets a band (drawn before the row's text). */
void op_band(Operator *o, SDL_FRect row, int i)
{
    if (i % 2)
        gfx_rect(app_gfx(o->app), row, OP_BAND);
}

/* A row of a two-column table: the label on the left (label_w wide), the value right-aligned
 * in the rest (it may break into two lines). */
void op_pair_row(Operator *o, SDL_FRect row, float label_w, const char *label,
                 SDL_Color value_color, const char *value)
{
    const float vx = row.x + CELL_PAD + label_w + CELL_PAD;
    operator_text(o, (SDL_FRect){row.x + CELL_PAD, row.y, label_w, row.h}, o->small, GFX_LEFT,
                  OP_DIM, label);
    operator_text_lines(o, (SDL_FRect){vx, row.y, row.x + row.w - CELL_PAD - vx, row.h},
                        o->small, GFX_RIGHT, value_color, value);
}

/* A key cap with its key's letter. */
void op_keycap(Operator *o, SDL_FRect r, const char *key)
{
    keypad_plate(app_gfx(o->app), r, 8, 2, OP_RIM, OP_FACE);
    operator_text(o, (SDL_FRect){r.x + 4, r.y + 4, r.w - 8, r.h - 8}, o->key_label, GFX_CENTER,
                  OP_CREAM, key);
}

/* A key and what it does, in a row of height h. */
void op_key_row(Operator *o, float x, float y, float w, float h, GfxFont f, const char *key,
                const char *what)
{
    op_keycap(o, (SDL_FRect){x, y + (h - 44) / 2, 54, 44}, key);
    operator_text_lines(o, (SDL_FRect){x + 74, y, w - 74, h}, f, GFX_LEFT, OP_CREAM, what);
}

/* A line of a controller's meters as text. */
static void state_text(const StateLine *l, char *out, size_t size)
{
    if (l->unit == STATE_MONEY) {
        operator_money_text(l->value, out, size);
    } else if (l->unit == STATE_PERCENT_X100) {
        snprintf(out, size, "%s%lld.%02lld %%", l->value < 0 ? "-" : "",
                 (long long)(l->value < 0 ? -l->value : l->value) / 100,
                 (long long)(l->value < 0 ? -l->value : l->value) % 100);
        char *dot = strcmp(lang_code(), "en") ? strchr(out, '.') : NULL;
        if (dot) /* "96,14 %" */
            *dot = ',';
    } else {
        operator_thousands(l->value, out, size);
    }
}

/* Under the meters, a band per game with a programmed return: its name, then its
 * controller's meters, a cell each (label over value), as the last settled round left them. */
void op_draw_controllers(Operator *o, float top)
{
    const float name_w = 330;
    const float h = (PAGE_BOTTOM - top) / (float)(o->nctl ? o->nctl : 1);
    for (int k = 0; k < o->nctl; k++) {
        char v[64];
        SDL_FRect p = {PAGE_LEFT, top + h * (float)k, PAGE_RIGHT - PAGE_LEFT, h - 6};
        keypad_panel(app_gfx(o->app), p);
        operator_text(o, (SDL_FRect){p.x + PAD, p.y + 12, name_w - PAD, 28}, o->tiny, GFX_LEFT,
                      OP_GOLD, _("PROGRAMMED RETURN"));
        operator_text_lines(o, (SDL_FRect){p.x + PAD, p.y + 40, name_w - PAD, p.h - 50}, o->small,
                            GFX_LEFT, OP_CREAM, _(o->games[o->ctl[k].game].name));
        int n = o->ctl[k].n;
        float x = p.x + name_w, cw = (p.x + p.w - PAD - x) / (float)(n ? n : 1);
        for (int i = 0; i < n; i++) {
            const StateLine *l = &o->ctl[k].line[i];
            SDL_FRect cell = {x + cw * (float)i + 4, p.y + p.h / 2 - 34, cw - 8, 30};
            operator_text(o, cell, o->tiny, GFX_CENTER, OP_DIM, op_engine_word(l->label));
            state_text(l, v, sizeof v);
            cell.y += 32;
            cell.h = 36;
            operator_text(o, cell, o->small, GFX_CENTER, OP_CREAM, v);
        }
    }
}

/* The operator log, newest first, a page at a time: a row per entry, its detail breaking
 * into two smaller lines in its row when it is long. */
#define LOG_ROW_H 38.0f

/* A log entry's detail in its cell: one line, smaller if need be, else two smaller lines;
 * a list too long for that ("lines: 1,2,...") may break after its commas too. */
static void detail(Operator *o, SDL_FRect cell, const char *text)
{
    Gfx *g = app_gfx(o->app);
    const GfxText look = {.font = o->small, .color = OP_CREAM, .align = GFX_LEFT,
                          .valign = GFX_MIDDLE, .wrap = true, .floor = 0.6f};
    char spaced[2 * sizeof o->log->detail];
    size_t n = 0;
    if (gfx_text_fit(g, cell, &look, text).cut) {
        for (const char *c = text; *c && n + 2 < sizeof spaced; c++) {
            spaced[n++] = *c;
            if (*c == ',' && c[1] != ' ')
                spaced[n++] = ' ';
        }
    }
    spaced[n] = 0;
    gfx_text_box(g, cell, &look, n ? spaced : text);
}

/* A log entry's "what" as it is shown: the memory keeps it in English (the audit and the
 * writers are language-neutral); the words the cabinet writes are marked here (store.c,
 * opdoor.c and main.c write them) and translated, any other shown as stored. */
static const char *log_what(const char *what)
{
    static const char *const words[] = {
        N_("door opened"), N_("wrong pin"), N_("locked out"), N_("pin set"),  N_("credit in"),
        N_("cash out"),    N_("setting"),   N_("bonuses in"), N_("fresh start"),
    };
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (!strcmp(what, words[i]))
            return _(words[i]);
    return what;
}

void op_draw_log(Operator *o)
{
    Gfx *g = app_gfx(o->app);
    char t[300];
    int pages = (o->nlog + LOG_PER_PAGE - 1) / LOG_PER_PAGE;
    SDL_FRect p = {PAGE_LEFT, PAGE_TOP, PAGE_RIGHT - PAGE_LEFT, PAGE_BOTTOM - PAGE_TOP};
    keypad_panel(g, p);
    const float x = p.x + PAD - CELL_PAD, w = p.w - 2 * (PAD - CELL_PAD);
    /* the columns: their left edges and widths, each with its cell's padding */
    const float cx[3] = {x, x + 320, x + 560}, cw[3] = {320, 240, x + w - (x + 560)};
    static const char *const heads[3] = {N_("TIME (UTC)"), N_("WHAT"), N_("DETAIL")};
    float y = p.y + 18;
    for (int c = 0; c < 3; c++)
        operator_text(o, (SDL_FRect){cx[c] + CELL_PAD, y, cw[c] - 2 * CELL_PAD, 32}, o->tiny,
                      GFX_LEFT, OP_DIM, _(heads[c]));
    y += 38;
    op_rule(o, x, y, w);
    y += 6;
    if (o->nlog == 0)
        operator_text(o, (SDL_FRect){x + CELL_PAD, y, w - 2 * CELL_PAD, LOG_ROW_H}, o->small,
                      GFX_LEFT, OP_DIM, _("nothing logged yet"));
    for (int i = 0; i < LOG_PER_PAGE; i++)
        if (o->log_page * LOG_PER_PAGE + i < o->nlog)
            op_band(o, (SDL_FRect){x, y + (float)i * LOG_ROW_H, w, LOG_ROW_H}, i);
    for (int i = 0; i < LOG_PER_PAGE; i++) {
        int k = o->log_page * LOG_PER_PAGE + i;
        if (k >= o->nlog)
            break;
        const StoreOplogRow *r = &o->log[k];
        float ry = y + (float)i * LOG_ROW_H;
        bool bad = !strcmp(r->what, "wrong pin") || !strcmp(r->what, "locked out");
        bool door = !strcmp(r->what, "door opened") || !strcmp(r->what, "pin set");
        operator_text(o, (SDL_FRect){cx[0] + CELL_PAD, ry, cw[0] - 2 * CELL_PAD, LOG_ROW_H},
                      o->small, GFX_LEFT, OP_DIM, r->at);
        operator_text(o, (SDL_FRect){cx[1] + CELL_PAD, ry, cw[1] - 2 * CELL_PAD, LOG_ROW_H},
                      o->small, GFX_LEFT, bad ? OP_RED : door ? OP_GOLD : OP_CREAM, log_what(r->what));
        detail(o, (SDL_FRect){cx[2] + CELL_PAD, ry, cw[2] - 2 * CELL_PAD, LOG_ROW_H}, r->detail);
    }
    y += LOG_PER_PAGE * LOG_ROW_H + 8;
    op_rule(o, x, y, w);
    char at[16], of[16];
    snprintf(at, sizeof at, "%d", pages ? o->log_page + 1 : 1);
    snprintf(of, sizeof of, "%d", pages ? pages : 1);
    lang_fill(t, sizeof t, _("page {1} of {2}, newest first   Left/Right: newer/older   all of it"
                             " is in slotcab --audit"),
              at, of, NULL);
    operator_text(o, (SDL_FRect){p.x + PAD, y + 8, p.w - 2 * PAD, 34}, o->tiny, GFX_CENTER,
                  OP_DIM, t);
}
