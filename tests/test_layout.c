/* test_layout.c - each rule of the layout check fires (qa/layout.c on gfx's record).
 *
 * A software renderer on a 1920x1080 surface, gfx recording; per rule a small page drawn
 * with the one mutation that breaks it (a string too long for its box, a string drawn at an
 * anchor, a plate over a string in its own plane, a return to a lower plane, text the colour
 * of its panel, a meant dim too dark to read through, text below the minimum size, a word the
 * language's catalogue lacks), judged, and the report read back: the rule's
 * problem is there, and the same page without the mutation has none. And the text fitter
 * the check judges: a word broken after its hyphen only where spaces fit nowhere. */
#include "test.h"

#include "gfx.h"
#include "lang.h"
#include "layout.h"

#include <SDL_ttf.h>
#include <cjson/cJSON.h>

static SDL_Surface *surface;
static SDL_Renderer *renderer;
static Gfx *gfx;
static GfxFont font, small;
static const char *es_mo; /* a Spanish catalogue (tests/data/lang/es.po compiled) */

static const SDL_Color WHITE = {255, 255, 255, 255}, PANEL = {40, 40, 60, 255};

/* The page drawn by `draw`, judged with minimum size min_px; the report's problems. */
static cJSON *judge(void (*draw)(void), float min_px)
{
    Layout *l = layout_new();
    layout_begin_run(l, "t");
    layout_set_min_text(l, "t", min_px);
    gfx_record_clear(gfx);
    gfx_clear(gfx, (SDL_Color){0, 0, 0, 255});
    draw();
    layout_check_page(l, gfx, "t/page");
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    layout_print(l, f);
    fclose(f);
    layout_free(l);
    cJSON *root = cJSON_Parse(buf);
    free(buf);
    return root;
}

/* Whether the report has a problem beginning `what` (NULL: whether it has none). */
static bool has(cJSON *root, const char *what)
{
    const cJSON *p, *ps = cJSON_GetObjectItem(root, "problems");
    if (!what)
        return cJSON_GetArraySize(ps) == 0;
    cJSON_ArrayForEach(p, ps) {
        const char *s = cJSON_GetStringValue(cJSON_GetObjectItem(p, "problem"));
        if (s && !strncmp(s, what, strlen(what)))
            return true;
    }
    for (p = ps->child; p; p = p->next)
        printf("    found: %s\n", cJSON_GetStringValue(cJSON_GetObjectItem(p, "problem")));
    return false;
}

static void expect(void (*good)(void), void (*bad)(void), float min_px, const char *what)
{
    cJSON *a = judge(good, min_px), *b = judge(bad, min_px);
    CHECK(has(a, NULL));
    CHECK(has(b, what));
    printf("  %s: %s\n", has(b, what) ? "fires" : "MISSING", what);
    cJSON_Delete(a);
    cJSON_Delete(b);
}

static const SDL_FRect PLATE = {100, 100, 600, 80};

static void label(SDL_Color c, const char *s)
{
    GfxText t = {.font = font, .color = c, .align = GFX_CENTER, .valign = GFX_MIDDLE};
    gfx_text_box(gfx, PLATE, &t, s);
}

static void plain(void)
{
    gfx_rect(gfx, PLATE, PANEL);
    label(WHITE, "BALANCE");
}

static void too_long(void)
{
    gfx_rect(gfx, PLATE, PANEL);
    label(WHITE, "AN EXTRAORDINARILY LONG LABEL THAT NOBODY FITS ANYWHERE");
}

static void plate_over(void) /* a win plate over the meter, both on the board */
{
    plain();
    gfx_rect(gfx, (SDL_FRect){300, 90, 200, 60}, (SDL_Color){120, 20, 20, 255});
}

static void see_through(void) /* translucent, still on the board */
{
    plain();
    gfx_rect(gfx, (SDL_FRect){300, 90, 200, 60}, (SDL_Color){120, 20, 20, 120});
}

static void dimmed(void) /* a dim over the meter: meant, and the text still readable */
{
    plain();
    gfx_plane(gfx, GFX_PLANE_DIM);
    gfx_rect(gfx, (SDL_FRect){0, 0, 1920, 1080}, (SDL_Color){0, 0, 0, 90});
    gfx_plane(gfx, GFX_PLANE_WINDOW);
    gfx_rect(gfx, (SDL_FRect){250, 90, 300, 100}, (SDL_Color){20, 20, 20, 255});
}

static void dimmed_dark(void) /* a meant dim: the meter under it is pushed back, not to be read */
{
    plain();
    gfx_plane(gfx, GFX_PLANE_DIM);
    gfx_rect(gfx, (SDL_FRect){0, 0, 1920, 1080}, (SDL_Color){0, 0, 0, 235});
}

static void out_of_order(void)
{
    gfx_plane(gfx, GFX_PLANE_WIN);
    plain();
    gfx_plane(gfx, GFX_PLANE_BOARD);
}

static void same_colour(void) /* text the colour of its panel */
{
    gfx_rect(gfx, PLATE, PANEL);
    label(PANEL, "BALANCE");
}

static void grey_on_grey(void)
{
    gfx_rect(gfx, PLATE, (SDL_Color){110, 110, 110, 255});
    label((SDL_Color){150, 150, 150, 255}, "BALANCE");
}

static void tiny(void)
{
    gfx_rect(gfx, PLATE, PANEL);
    GfxText t = {.font = small, .color = WHITE, .align = GFX_CENTER, .valign = GFX_MIDDLE};
    gfx_text_box(gfx, PLATE, &t, "BALANCE");
}

static void shadowed(void) /* white with its shadow on a white plate: the shadow is its ground */
{
    gfx_rect(gfx, PLATE, (SDL_Color){250, 250, 250, 255});
    GfxText t = {.font = font, .color = WHITE, .align = GFX_CENTER, .valign = GFX_MIDDLE, .shadow = true};
    gfx_text_box(gfx, PLATE, &t, "BALANCE");
}

static void test_cut(void) { expect(plain, too_long, 16, "cut to fit its box"); }
static void test_covered(void) { expect(plain, plate_over, 16, "covered by rect in plane board"); }
static void test_see_through(void) { expect(plain, see_through, 16, "covered by rect in plane board"); }
static void test_order(void) { expect(plain, out_of_order, 16, "drawn out of layer order: win then board"); }
static void test_contrast(void) { expect(plain, same_colour, 16, "contrast below"); }
static void test_contrast_grey(void) { expect(plain, grey_on_grey, 16, "contrast below"); }
static void test_veiled(void)
{
    cJSON *a = judge(dimmed_dark, 16);
    CHECK(has(a, NULL)); /* under a meant dim, contrast is not judged */
    cJSON_Delete(a);
}
static void test_min_size(void) { expect(plain, tiny, 16, "smaller than the theme's minimum text size"); }

static void untranslated(void) /* a word the catalogue lacks, shown in English */
{
    gfx_rect(gfx, PLATE, PANEL);
    label(WHITE, _("BALANCE"));
}

static void test_untranslated(void)
{
    Error err;
    if (!es_mo || lang_use_file("es", es_mo, &err)) {
        CHECK(!"a catalogue to speak Spanish with (argument 1)");
        return;
    }
    expect(plain, untranslated, 16, "not translated");
    lang_reset();
}

static void test_meant_and_shadow(void)
{
    cJSON *a = judge(dimmed, 16), *b = judge(shadowed, 16);
    CHECK(has(a, NULL)); /* the dim is meant; the window's plate hides the meter whole */
    CHECK(has(b, NULL)); /* the shadow is what the glyphs are seen against */
    cJSON_Delete(a);
    cJSON_Delete(b);
}

/* The text fitter breaks a word after its hyphen only where breaking at spaces fits nowhere:
 * "AUTO-RIESGO" on a narrow cap is two lines, not cut; where it fits whole it stays whole;
 * a leading minus is never a break. */
static void test_hyphen_breaks(void)
{
    GfxText t = {.font = font, .color = WHITE, .align = GFX_CENTER, .valign = GFX_MIDDLE, .wrap = true};
    const float whole = gfx_text_width(gfx, font, "AUTO-RIESGO");
    gfx_record_clear(gfx);
    GfxFit narrow = gfx_text_box(gfx, (SDL_FRect){0, 0, whole * 0.6f, 200}, &t, "AUTO-RIESGO");
    CHECK_EQ_INT(narrow.lines, 2);
    CHECK(!narrow.cut);
    GfxFit wide = gfx_text_box(gfx, (SDL_FRect){0, 0, whole + 10, 200}, &t, "AUTO-RIESGO");
    CHECK_EQ_INT(wide.lines, 1);
    CHECK(!wide.cut && wide.scale == 1);
    const float two = gfx_text_width(gfx, font, "SUBE-BONOS");
    GfxFit spaces = gfx_text_box(gfx, (SDL_FRect){0, 0, two + 4, 200}, &t, "SUBE-BONOS SUBE-BONOS");
    CHECK_EQ_INT(spaces.lines, 2); /* at its space, each word whole */
    CHECK(!spaces.cut && spaces.scale == 1);
    GfxFit minus = gfx_text_box(gfx, (SDL_FRect){0, 0, gfx_text_width(gfx, font, "-123456") * 0.5f, 200}, &t, "-123456");
    CHECK_EQ_INT(minus.lines, 1);
    CHECK(minus.cut);
}

int main(int argc, char **argv)
{
    test_init(argc, argv);
    es_mo = argc > 1 && strcmp(argv[1], "--seed") ? argv[1] : NULL;
    const char *assets = getenv("SLOTCAB_ASSETS");
    SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy");
    if (SDL_Init(0) || TTF_Init()) {
        fprintf(stderr, "SDL: %s\n", SDL_GetError());
        return 1;
    }
    surface = SDL_CreateRGBSurfaceWithFormat(0, 1920, 1080, 32, SDL_PIXELFORMAT_ARGB8888);
    renderer = surface ? SDL_CreateSoftwareRenderer(surface) : NULL;
    Error err;
    gfx = renderer ? gfx_create(renderer, assets ? assets : "assets", &err) : NULL;
    if (!gfx || gfx_load_font(gfx, "fonts/DejaVuSans-Bold.ttf", 36, &font, &err) ||
        gfx_load_font(gfx, "fonts/DejaVuSans.ttf", 12, &small, &err)) {
        fprintf(stderr, "test_layout: cannot set up: %s\n", gfx ? err.msg : SDL_GetError());
        return 1;
    }
    gfx_record(gfx, true);
    RUN(test_cut);
    RUN(test_covered);
    RUN(test_see_through);
    RUN(test_order);
    RUN(test_contrast);
    RUN(test_contrast_grey);
    RUN(test_veiled);
    RUN(test_min_size);
    RUN(test_meant_and_shadow);
    RUN(test_untranslated);
    RUN(test_hyphen_breaks);
    gfx_destroy(gfx);
    SDL_DestroyRenderer(renderer);
    SDL_FreeSurface(surface);
    TTF_Quit();
    SDL_Quit();
    return test_done();
}
