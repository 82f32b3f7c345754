/* windows_frame.c - what every window looks like: the game dimmed under it, a box in the
 * theme's window colour framed in its accent with the title on top, toggles, and the paged
 * windows' buttons. The look is the host's; these draw and change nothing. */
#include "windows_priv.h"
#include "lang.h"

#include <stdio.h>

SDL_Color windows_veil(const Windows *w, Uint8 alpha)
{
    const SDL_Color c = w->host.look.window;
    return (SDL_Color){(Uint8)(c.r / 3), (Uint8)(c.g / 3), (Uint8)(c.b / 3), alpha};
}

void windows_frame(Windows *w, SDL_FRect box, const char *title)
{
    Gfx *g = app_gfx(w->host.app);
    const WindowsLook *k = &w->host.look;
    gfx_rect(g, (SDL_FRect){0, 0, GFX_W, GFX_H}, windows_veil(w, 215));
    gfx_rect(g, box, k->window);
    gfx_frame(g, box, 4, k->accent);
    windows_line(w, k->big, box.x + box.w / 2, box.y + 25, box.w - 80, GFX_CENTER, k->accent, true, title);
}

GfxFit windows_line(Windows *w, GfxFont f, float x, float y, float width, GfxAlign align, SDL_Color c,
                    bool shadow, const char *s)
{
    Gfx *g = app_gfx(w->host.app);
    const GfxText t = {.font = f, .color = c, .align = align, .shadow = shadow};
    return gfx_text_box(g, gfx_line_box(g, f, x, y, align, width), &t, s);
}

/* The theme's box, dark and empty when off, lit with the check when on; a theme without
 * toggle art shows its round button with the check. */
void windows_draw_toggle(Windows *w, int id)
{
    Gfx *g = app_gfx(w->host.app);
    const Button *b = &w->btn[id];
    const GfxImage *toggle = w->host.look.toggle;
    if (!toggle[0] || !b->visible) {
        button_draw(g, b);
        return;
    }
    const bool on = b->icon != 0;
    gfx_image(g, toggle[on], b->r.x, b->r.y, b->r.w, b->r.h, b->enabled ? 1.0f : 0.45f);
    if (on)
        gfx_image_zoom(g, b->icon, b->r.x + b->r.w / 2, b->r.y + b->r.h / 2, 1, 1);
}

void windows_draw_page_number(Windows *w, int page, int pages)
{
    if (pages < 2)
        return;
    char t[64], a[16], b[16];
    snprintf(a, sizeof a, "%d", page + 1);
    snprintf(b, sizeof b, "%d", pages);
    lang_fill(t, sizeof t, _("page {1} of {2}"), a, b, NULL);
    const GfxText s = {.font = w->host.look.tiny, .color = w->host.look.dim, .align = GFX_RIGHT,
                       .valign = GFX_MIDDLE};
    gfx_text_box(app_gfx(w->host.app), (SDL_FRect){1480, 74, 250, 30}, &s, t);
}

void windows_draw_paging(Windows *w)
{
    Gfx *g = app_gfx(w->host.app);
    button_draw(g, &w->btn[WB_PREV]);
    button_draw(g, &w->btn[WB_NEXT]);
    button_draw(g, &w->btn[WB_BACK]);
}
