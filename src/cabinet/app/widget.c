/* widget.c - buttons. */
#include "widget.h"

#include <stdio.h>

int button_look_load(Gfx *g, const char *prefix, int w, int h, GfxFont font, SDL_Color text,
                     ButtonLook *out, Error *err)
{
    static const char *const state[LOOK__COUNT] = {"normal", "hover", "pressed", "disabled"};
    for (int i = 0; i < LOOK__COUNT; i++) {
        char path[256];
        snprintf(path, sizeof path, "%s-%s.svg", prefix, state[i]);
        if (gfx_load_image(g, path, w, h, &out->img[i], err))
            return -1;
    }
    out->font = font;
    out->text = text;
    return 0;
}

static bool inside(const SDL_FRect *r, float x, float y)
{
    return x >= r->x && x < r->x + r->w && y >= r->y && y < r->y + r->h;
}

bool button_input(Button *b, const Input *in)
{
    if (!b->visible)
        return false;
    bool over = inside(&b->r, in->x, in->y);
    switch (in->type) {
    case INPUT_MOVE:
        b->hover = over;
        if (!over)
            b->down = false;
        return false;
    case INPUT_PRESS:
        b->hover = over;
        b->down = over && b->enabled;
        return false;
    case INPUT_RELEASE: {
        bool click = b->down && over && b->enabled;
        b->down = false;
        return click;
    }
    case INPUT_KEY:
        return false;
    }
    return false;
}

void button_draw(Gfx *g, const Button *b)
{
    if (!b->visible)
        return;
    int look = !b->enabled ? LOOK_DISABLED : b->down ? LOOK_PRESSED : b->hover ? LOOK_HOVER : LOOK_NORMAL;
    gfx_image(g, b->look->img[look], b->r.x, b->r.y, b->r.w, b->r.h, 1);
    float dy = look == LOOK_PRESSED ? 2 : 0;
    SDL_Color c = b->look->text;
    if (!b->enabled)
        c.a = 110;
    /* a label replaces the icon (START on the spin button), never drawn over it */
    if (b->icon && !(b->label && b->look->font)) {
        gfx_image_zoom(g, b->icon, b->r.x + b->r.w / 2, b->r.y + b->r.h / 2 + dy, 1,
                       b->enabled ? 1.0f : 0.45f);
        if (gfx_recording(g)) {
            float w = 0, h = 0;
            gfx_image_size(g, b->icon, &w, &h);
            gfx_keep_clear(g, (SDL_FRect){b->r.x + (b->r.w - w) / 2, b->r.y + (b->r.h - h) / 2 + dy, w, h},
                           "a button's icon");
        }
    }
    if (b->label && b->look->font) {
        float h = gfx_font_height(g, b->look->font);
        float pad = b->r.w * 0.07f < 14 ? b->r.w * 0.07f : 14; /* clear of the button's rim */
        GfxText t = {.font = b->look->font, .color = c, .align = GFX_CENTER, .shadow = true};
        if (b->look->label_plate) {
            SDL_FRect box = {b->r.x + pad, b->r.y + (b->r.h - h) / 2 + dy, b->r.w - 2 * pad, h};
            GfxFit fit = gfx_text_fit(g, box, &t, b->label);
            gfx_rect(g, (SDL_FRect){fit.ink.x - 14, fit.ink.y - 12, fit.ink.w + 28, fit.ink.h + 24},
                     (SDL_Color){12, 10, 8, 205});
        }
        gfx_text_box(g, (SDL_FRect){b->r.x + pad, b->r.y + (b->r.h - h) / 2 + dy, b->r.w - 2 * pad, h},
                     &t, b->label);
    }
}

uint64_t button_hash(uint64_t h, const Button *b)
{
    const uint8_t state[] = {b->visible, b->enabled, b->hover, b->down};
    h = gfx_hash(h, state, sizeof state);
    h = gfx_hash(h, &b->r, sizeof b->r);
    h = gfx_hash(h, &b->look, sizeof b->look);
    h = gfx_hash(h, &b->icon, sizeof b->icon);
    return gfx_hash_str(h, b->label);
}
