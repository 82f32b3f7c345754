/* windows_rules.c - the rules window: the theme's sections (themes/<id>/theme.json "rules":
 * a heading, a paragraph, and the picture of the symbol it is about), flowed onto as many
 * pages as the window needs at the theme's fonts, with "page N of M", and the game's return
 * to player last (written here from the game file's numbers).
 *
 * Each paragraph is fitted into its box at full size, broken into lines; a section goes on
 * the next page when it does not fit under the one before. The flow is measured with the
 * same fitting as the drawing, so a longer translation or a larger font just adds pages. */
#include "windows_priv.h"
#include "lang.h"

#include <stdio.h>
#include <string.h>

static const SDL_FRect RULES = {220, 140, 1480, 705}; /* the sections' area in the window */
#define PICTURE 110.0f /* a section's symbol, left of its heading and text */
#define GAP 26.0f      /* between sections */

typedef struct Flow {
    const ThemeRule *s;
    float y, h; /* where it goes on its page, and its height */
    int page;
} Flow;

/* A return's key in the game file for people: "max_bet" as "at max bet", "all_bets" as
 * nothing; a key of another game with its underscores as spaces. */
static void rtp_key_text(const char *key, char *out, size_t size)
{
    if (!strcmp(key, "all_bets"))
        snprintf(out, size, "%s", "");
    else if (!strcmp(key, "max_bet"))
        snprintf(out, size, "%s", _("at max bet"));
    else if (!strcmp(key, "below_max_bet"))
        snprintf(out, size, "%s", _("below max bet"));
    else
        for (snprintf(out, size, "%s", key); *out; out++)
            *out = *out == '_' ? ' ' : *out;
}

/* The return to player as the game file states it: a section of its own ("96.14%, 94.30% below
 * max bet and 94.60% at max bet": each return, then the list in the sentence). */
static void rtp_text(const Windows *w, char *out, size_t size)
{
    const GameDef *def = w->host.def;
    char list[400] = "";
    for (int t = 0; t < def->ntargets; t++) {
        const RtpTarget *r = &def->targets[t];
        char pct[32], what[64], one[128], joined[400];
        lang_percent(r->percent, 2, pct, sizeof pct);
        rtp_key_text(r->key, what, sizeof what);
        lang_fill(one, sizeof one, what[0] ? _("{1} {2}") : "{1}", pct, what, NULL);
        lang_fill(joined, sizeof joined, t == 0 ? "{2}" : t + 1 == def->ntargets ? _("{1} and {2}") : _("{1}, {2}"),
                  list, one, NULL);
        snprintf(list, sizeof list, "%s", joined);
    }
    lang_fill(out, size, _("The theoretical return to player is {1}."), list, NULL);
}

/* A section's words as shown: the theme's through the catalogue, the return's (made in the
 * language spoken) as they are. */
static const char *words(const ThemeRule *s, const ThemeRule *rtp, const char *field)
{
    return s == rtp ? field : _(field);
}

static GfxText para_style(const Windows *w)
{
    return (GfxText){.font = w->host.look.small, .color = w->host.look.text, .align = GFX_LEFT,
                     .valign = GFX_TOP, .wrap = true, .floor = 1};
}

static GfxImage picture(const Windows *w, const ThemeRule *s)
{
    if (!s->symbol[0] || !w->host.look.symbols)
        return 0;
    const int i = gamedef_symbol(w->host.def, s->symbol);
    return i >= 0 ? w->host.look.symbols[i] : 0;
}

static SDL_FRect text_box(const Windows *w, const ThemeRule *s, float y)
{
    const float indent = picture(w, s) ? PICTURE + 30 : 0;
    const float head = s->heading[0] ? gfx_font_height(app_gfx(w->host.app), w->host.look.mid) + 6 : 0;
    return (SDL_FRect){RULES.x + indent, y + head, RULES.w - indent, RULES.h};
}

/* A section's height as drawn: its heading, its paragraph's lines, and its picture. */
static float section_height(const Windows *w, const ThemeRule *s, const char *text)
{
    Gfx *g = app_gfx(w->host.app);
    const SDL_FRect box = text_box(w, s, 0);
    const GfxText t = para_style(w);
    const GfxFit fit = gfx_text_fit(g, box, &t, text);
    float h = box.y + (float)fit.lines * gfx_font_height(g, t.font);
    return picture(w, s) && h < PICTURE ? PICTURE : h;
}

/* Lays the sections (the theme's, then the RTP's) onto pages: *n of them; how many pages. */
static int flow(const Windows *w, Flow *out, int max, const ThemeRule *rtp, int *n_out)
{
    int n = 0, page = 0;
    float y = RULES.y;
    for (int i = 0; n < max; i++) {
        const ThemeRule *s = i < w->host.nrules && n < max - 1 ? &w->host.rules[i] : rtp;
        const float h = section_height(w, s, words(s, rtp, s->text));
        if (y > RULES.y && y + h > RULES.y + RULES.h) {
            page++;
            y = RULES.y;
        }
        out[n++] = (Flow){s, y, h, page};
        y += h + GAP;
        if (s == rtp)
            break;
    }
    *n_out = n;
    return page + 1;
}

#define RULES_MAX_SECTIONS (THEME_MAX_RULES + 1)

/* The section of the return to player, from the game file's numbers (no prose of a theme). */
static void rtp_section(const Windows *w, ThemeRule *out)
{
    *out = (ThemeRule){0};
    snprintf(out->heading, sizeof out->heading, "%s", _("RETURN TO PLAYER"));
    rtp_text(w, out->text, sizeof out->text);
}

int windows_rules_pages(const Windows *w)
{
    ThemeRule rtp;
    rtp_section(w, &rtp);
    Flow f[RULES_MAX_SECTIONS];
    int n;
    return flow(w, f, RULES_MAX_SECTIONS, &rtp, &n);
}

void windows_draw_rules(Windows *w)
{
    Gfx *g = app_gfx(w->host.app);
    const WindowsLook *k = &w->host.look;
    windows_frame(w, (SDL_FRect){160, 60, 1600, 900}, _("GAME RULES"));
    ThemeRule rtp;
    rtp_section(w, &rtp);
    Flow f[RULES_MAX_SECTIONS];
    int n;
    const int pages = flow(w, f, RULES_MAX_SECTIONS, &rtp, &n);
    for (int i = 0; i < n; i++) {
        if (f[i].page == w->page) {
            const ThemeRule *s = f[i].s;
            const GfxImage pic = picture(w, s);
            if (pic)
                gfx_image(g, pic, RULES.x, f[i].y, PICTURE, PICTURE, 1);
            const SDL_FRect box = text_box(w, s, f[i].y);
            if (s->heading[0]) {
                const GfxText h = {.font = k->mid, .color = k->accent, .align = GFX_LEFT,
                                   .valign = GFX_TOP};
                gfx_text_box(g, (SDL_FRect){box.x, f[i].y, box.w, box.y - f[i].y}, &h, words(s, &rtp, s->heading));
            }
            const GfxText p = para_style(w);
            gfx_text_box(g, (SDL_FRect){box.x, box.y, box.w, f[i].y + f[i].h - box.y}, &p, words(s, &rtp, s->text));
        }
    }
    windows_draw_page_number(w, w->page, pages);
    windows_draw_paging(w);
}
