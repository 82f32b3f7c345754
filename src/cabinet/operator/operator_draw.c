/* operator_draw.c - what the operator's pages are drawn with: a page's panel and title,
 * rules and banded rows of tables, two-column rows, key caps and a key with what it does. */
#include "operator_priv.h"
#include "keypad.h"

/* A page's panel with its title; returns where its content starts. */
float op_panel(Operator *o, SDL_FRect r, const char *title)
{
    keypad_panel(app_gfx(o->app), r);
    operator_text(o, (SDL_FRect){r.x + PAD, r.y + 14, r.w - 2 * PAD, 48}, o->mid, GFX_LEFT,
                  OP_GOLD, title);
    return r.y + 70;
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
