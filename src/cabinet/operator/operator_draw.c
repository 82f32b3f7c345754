/* operator_draw.c - what the operator's pages are drawn with: a page's panel and title,
 * rules and banded rows of tables, two-column rows, key caps and a key with what it does. */
#include "operator_priv.h"
#include "keypad.h"

#include <stdio.h>

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
    if (!floor)
        snprintf(out, size, "Left/Right: -/+ %s", step);
    else
        snprintf(out, size, "Left/Right: -/+ %s   %s %lld %% (%s)", step,
                 value < floor ? "BELOW the legal floor of" : "legal floor", (long long)floor, source);
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
    if (l->unit == STATE_MONEY)
        operator_money_text(l->value, out, size);
    else if (l->unit == STATE_PERCENT_X100)
        snprintf(out, size, "%s%lld.%02lld %%", l->value < 0 ? "-" : "",
                 (long long)(l->value < 0 ? -l->value : l->value) / 100,
                 (long long)(l->value < 0 ? -l->value : l->value) % 100);
    else
        operator_thousands(l->value, out, size);
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
                      OP_GOLD, "PROGRAMMED RETURN");
        operator_text_lines(o, (SDL_FRect){p.x + PAD, p.y + 40, name_w - PAD, p.h - 50}, o->small,
                            GFX_LEFT, OP_CREAM, o->games[o->ctl[k].game].name);
        int n = o->ctl[k].n;
        float x = p.x + name_w, cw = (p.x + p.w - PAD - x) / (float)(n ? n : 1);
        for (int i = 0; i < n; i++) {
            const StateLine *l = &o->ctl[k].line[i];
            SDL_FRect cell = {x + cw * (float)i + 4, p.y + p.h / 2 - 34, cw - 8, 30};
            operator_text(o, cell, o->tiny, GFX_CENTER, OP_DIM, l->label);
            state_text(l, v, sizeof v);
            cell.y += 32;
            cell.h = 36;
            operator_text(o, cell, o->small, GFX_CENTER, OP_CREAM, v);
        }
    }
}
