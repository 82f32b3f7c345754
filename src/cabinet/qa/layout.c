/* layout.c - judging the strings of a drawn page, and the report.
 *
 * The rules, on each string seen (gfx.h's record; every string is drawn into a box): fitted whole (not cut); its ink inside its box, the screen and the panel it is written on;
 * nothing drawn over it after it unless the planes say it is meant; no other string and no
 * element under or over it; a contrast of at least 4.5:1 (3:1 when large) between its colour
 * and the pixels behind its glyphs, as seen through any meant veil over it; at least the
 * theme's minimum size. And on each page: no return to a lower plane, and no word the
 * language's catalogue lacks (core/lang.h: shown in English instead). */
#include "layout.h"
#include "lang.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct Layout {
    cJSON *pages;    /* [{page, strings}] */
    cJSON *skipped;  /* [{page, why}] */
    cJSON *problems; /* [{page, problem, text, box, ink, other?}] */
    long strings;
    int npages;
    float min_px; /* the theme's minimum text size now (0: LAYOUT_MIN_PX) */
    char min_key[64];
    /* this run's problems by (problem, text), each reported once: [hash, item] */
    struct Seen {
        uint64_t hash;
        cJSON *item;
    } *seen;
    int nseen, capseen;
    int untranslated;      /* the catalogue's missing words already reported */
    char moment[96];       /* the run's last named moment ("start" before one) */
    uint64_t moment_tick;
};

void layout_begin_run(Layout *l, const char *prefix)
{
    (void)prefix;
    free(l->seen);
    l->seen = NULL;
    l->nseen = l->capseen = 0;
    snprintf(l->moment, sizeof l->moment, "start");
    l->moment_tick = 0;
}

void layout_moment(Layout *l, const char *name, uint64_t tick)
{
    snprintf(l->moment, sizeof l->moment, "%s", name);
    l->moment_tick = tick;
}

void layout_sample_name(const Layout *l, uint64_t tick, char *out, size_t size)
{
    snprintf(out, size, "%s+%llut", l->moment, (unsigned long long)(tick - l->moment_tick));
}

void layout_set_min_text(Layout *l, const char *key, float px)
{
    snprintf(l->min_key, sizeof l->min_key, "%s", key);
    l->min_px = px;
}

const char *layout_min_text_key(const Layout *l) { return l->min_key; }

Layout *layout_new(void)
{
    Layout *l = calloc(1, sizeof *l);
    if (!l)
        return NULL;
    l->pages = cJSON_CreateArray();
    l->problems = cJSON_CreateArray();
    l->skipped = cJSON_CreateArray();
    if (!l->pages || !l->problems || !l->skipped) {
        layout_free(l);
        return NULL;
    }
    return l;
}

void layout_free(Layout *l)
{
    if (!l)
        return;
    cJSON_Delete(l->pages);
    cJSON_Delete(l->problems);
    cJSON_Delete(l->skipped);
    free(l->seen);
    free(l);
}

static cJSON *rect_json(SDL_FRect r)
{
    const double v[4] = {round(r.x * 10) / 10, round(r.y * 10) / 10, round(r.w * 10) / 10,
                         round(r.h * 10) / 10};
    return cJSON_CreateDoubleArray(v, 4);
}

static uint64_t hash_str(uint64_t h, const char *s)
{
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211ull;
    return (h ^ 0x1f) * 1099511628211ull;
}

/* The problem already reported in this run with this text, counted once more (NULL: none,
 * and it is now kept as `item`'s). */
static cJSON *seen_before(Layout *l, const char *what, const char *text, cJSON *item)
{
    const uint64_t h = hash_str(hash_str(14695981039346656037ull, what), text);
    for (int i = 0; i < l->nseen; i++) {
        cJSON *o = l->seen[i].item;
        if (l->seen[i].hash == h && !strcmp(cJSON_GetStringValue(cJSON_GetObjectItem(o, "problem")), what) &&
            !strcmp(cJSON_GetStringValue(cJSON_GetObjectItem(o, "text")), text)) {
            cJSON *t = cJSON_GetObjectItem(o, "times");
            cJSON_SetNumberValue(t, t->valuedouble + 1);
            return o;
        }
    }
    if (l->nseen == l->capseen) {
        int cap = l->capseen ? l->capseen * 2 : 64;
        struct Seen *s = realloc(l->seen, (size_t)cap * sizeof *s);
        if (!s)
            return NULL;
        l->seen = s;
        l->capseen = cap;
    }
    l->seen[l->nseen++] = (struct Seen){h, item};
    return NULL;
}

/* A problem on a page: reported the first time it is seen in this run (a scenario's, the
 * lobby's...), and counted ("times") at every page it is seen again; NULL then. */
static cJSON *problem(Layout *l, const char *page, const char *what, const GfxInk *k,
                      const GfxInk *other)
{
    cJSON *p = cJSON_CreateObject();
    cJSON_AddStringToObject(p, "page", page);
    cJSON_AddStringToObject(p, "problem", what);
    cJSON_AddStringToObject(p, "text", k->text);
    cJSON_AddItemToObject(p, "box", rect_json(k->box));
    cJSON_AddItemToObject(p, "ink", rect_json(k->ink));
    if (other) {
        cJSON *o = cJSON_AddObjectToObject(p, "other");
        cJSON_AddStringToObject(o, "text", other->text);
        cJSON_AddStringToObject(o, "kind", other->kind == GFX_INK_KEEP ? "element" : "text");
        cJSON_AddItemToObject(o, "ink", rect_json(other->ink));
        cJSON_AddStringToObject(o, "plane", gfx_plane_name(other->plane));
    }
    cJSON_AddStringToObject(p, "plane", gfx_plane_name(k->plane));
    cJSON_AddNumberToObject(p, "times", 1);
    if (seen_before(l, what, k->text, p)) {
        cJSON_Delete(p);
        return NULL;
    }
    cJSON_AddItemToArray(l->problems, p);
    return p;
}

static bool outside(SDL_FRect ink, SDL_FRect box)
{
    const float e = 1; /* a canvas pixel of slack: rounding to output pixels */
    return ink.w > 0 && (ink.x < box.x - e || ink.y < box.y - e ||
                         ink.x + ink.w > box.x + box.w + e || ink.y + ink.h > box.y + box.h + e);
}

/* WCAG's relative luminance of an sRGB colour (each channel to the nearest step). */
static double luminance(const double rgb[3])
{
    static double lin[256];
    if (lin[255] == 0)
        for (int i = 0; i < 256; i++) {
            const double x = i / 255.0;
            lin[i] = x <= 0.03928 ? x / 12.92 : pow((x + 0.055) / 1.055, 2.4);
        }
    double v[3];
    for (int c = 0; c < 3; c++) {
        const long i = lround(rgb[c]);
        v[c] = lin[i < 0 ? 0 : i > 255 ? 255 : i];
    }
    return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2];
}

static void blend(double x[3], SDL_Color c, double a)
{
    const double over[3] = {c.r, c.g, c.b};
    for (int i = 0; i < 3; i++)
        x[i] = over[i] * a + x[i] * (1 - a);
}

static int by_value(const void *a, const void *b)
{
    const double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* The contrast of k against the pixels behind its glyphs, as seen through its veils: the
 * ratio at each sampled pixel, and of those the 10th percentile (the worst tenth of its
 * background, not one stray pixel). 0: not measured. */
static double contrast(const Gfx *g, const GfxInk *k)
{
    const Uint8 *bg = gfx_ink_background(g, k);
    if (!bg || k->kind != GFX_INK_TEXT)
        return 0;
    double r[256];
    const int n = k->nbg < 256 ? k->nbg : 256;
    for (int i = 0; i < n; i++) {
        double b[3] = {bg[i * 3], bg[i * 3 + 1], bg[i * 3 + 2]}, t[3] = {b[0], b[1], b[2]};
        blend(t, k->color, k->color.a / 255.0);
        for (int v = 0; v < k->nveils; v++) {
            blend(b, k->veil[v], k->veil[v].a / 255.0);
            blend(t, k->veil[v], k->veil[v].a / 255.0);
        }
        const double lb = luminance(b), lt = luminance(t);
        r[i] = (fmax(lb, lt) + 0.05) / (fmin(lb, lt) + 0.05);
    }
    qsort(r, (size_t)n, sizeof r[0], by_value);
    return r[n / 10];
}

/* WCAG's large text: 24 canvas pixels, or 19 bold (18 and 14 points). */
static bool large(const GfxInk *k)
{
    return k->px >= 24 || (k->bold && k->px >= 19);
}

/* The rules on one string alone (not its neighbours). */
static void judge_alone(Layout *l, const Gfx *g, const char *page, const GfxInk *k)
{
    const SDL_FRect canvas = {0, 0, GFX_W, GFX_H};
    if (k->covered) {
        char what[96];
        snprintf(what, sizeof what, "covered by %s in plane %s", k->cover_what, gfx_plane_name(k->cover_plane));
        cJSON *p = problem(l, page, what, k, NULL);
        cJSON *o = p ? cJSON_AddObjectToObject(p, "other") : NULL;
        if (o) { /* (NULL: met before, counted in its times) */
            cJSON_AddStringToObject(o, "text", k->cover_what);
            cJSON_AddStringToObject(o, "kind", k->cover_what);
            cJSON_AddItemToObject(o, "ink", rect_json(k->cover_ink));
            cJSON_AddStringToObject(o, "plane", gfx_plane_name(k->cover_plane));
            cJSON_AddNumberToObject(o, "alpha", round(k->cover_alpha * 100) / 100);
        }
    }
    if (k->hidden)
        return; /* not seen: nothing more to judge */
    if (k->cut)
        problem(l, page, "cut to fit its box", k, NULL);
    else if (outside(k->ink, k->box))
        problem(l, page, "ink outside its box", k, NULL);
    else if (outside(k->ink, canvas))
        problem(l, page, "ink outside the screen", k, NULL);
    else if (k->on_panel && outside(k->ink, k->panel))
        problem(l, page, "ink outside its panel", k, NULL);
    /* a fade is judged once it is in; a string under a meant veil (a dim, a window's shade) is
     * pushed back on purpose: not there to be read */
    const double c = k->color.a >= 230 && !k->nveils ? contrast(g, k) : 0;
    const double need = large(k) ? 3 : 4.5;
    if (c > 0 && c < need) {
        cJSON *p = problem(l, page, large(k) ? "contrast below 3:1" : "contrast below 4.5:1", k, NULL);
        if (p)
            cJSON_AddNumberToObject(p, "contrast", round(c * 100) / 100);
    }
    const float min = l->min_px > 0 ? l->min_px : LAYOUT_MIN_PX;
    if (k->px > 0 && k->px < min - 0.05f) {
        cJSON *p = problem(l, page, "smaller than the theme's minimum text size", k, NULL);
        if (p) {
            cJSON_AddNumberToObject(p, "px", round(k->px * 10) / 10);
            cJSON_AddNumberToObject(p, "min_px", min);
        }
    }
}

void layout_check_page(Layout *l, Gfx *g, const char *page)
{
    const GfxInk *r;
    const int n = gfx_recorded(g, &r);
    int strings = 0;
    GfxPlane from, to;
    if (gfx_plane_faults(g, &from, &to)) {
        char what[96];
        snprintf(what, sizeof what, "drawn out of layer order: %s then %s", gfx_plane_name(from),
                 gfx_plane_name(to));
        const GfxInk none = {.kind = GFX_INK_TEXT, .plane = to};
        problem(l, page, what, &none, NULL);
    }
    for (int i = 0; i < n; i++) {
        const GfxInk *k = &r[i];
        if (k->kind == GFX_INK_KEEP || (k->hidden && !k->covered))
            continue;
        strings++;
        judge_alone(l, g, page, k);
        if (k->hidden)
            continue;
        for (int j = 0; j < n; j++) {
            const GfxInk *o = &r[j];
            if (j == i || o->hidden || (o->kind != GFX_INK_KEEP && j < i))
                continue; /* each pair of strings once */
            if (o->kind != GFX_INK_KEEP && !strcmp(o->text, k->text) &&
                !memcmp(&o->ink, &k->ink, sizeof o->ink))
                continue; /* the same string drawn twice in one place */
            if (o->kind == GFX_INK_KEEP && k->kind == GFX_INK_BAKED)
                continue; /* a picture's own words (a symbol's WILD) belong to it */
            const GfxPlane hi = o->plane > k->plane ? o->plane : k->plane;
            if (hi >= GFX_PLANE_DIM && o->plane != k->plane)
                continue; /* a string or an element of a covering plane over a lower one: meant */
            if (gfx_ink_overlap(k->ink, o->ink))
                problem(l, page, o->kind == GFX_INK_KEEP ? "over an element" : "over another string",
                        k, o);
        }
    }
    for (; l->untranslated < lang_missing(); l->untranslated++) { /* at the page it is first met */
        GfxInk none = {.kind = GFX_INK_TEXT, .plane = GFX_PLANE_BOARD};
        snprintf(none.text, sizeof none.text, "%s", lang_missing_word(l->untranslated));
        problem(l, page, "not translated", &none, NULL);
    }
    cJSON *p = cJSON_CreateObject();
    cJSON_AddStringToObject(p, "page", page);
    cJSON_AddNumberToObject(p, "strings", strings);
    cJSON_AddItemToArray(l->pages, p);
    l->strings += strings;
    l->npages++;
}

void layout_skip(Layout *l, const char *page, const char *why)
{
    cJSON *p = cJSON_CreateObject();
    cJSON_AddStringToObject(p, "page", page);
    cJSON_AddStringToObject(p, "why", why);
    cJSON_AddItemToArray(l->skipped, p);
}

int layout_print(const Layout *l, FILE *out)
{
    const int problems = cJSON_GetArraySize(l->problems);
    cJSON *root = cJSON_CreateObject();
    if (!root)
        return -1;
    cJSON_AddBoolToObject(root, "ok", problems == 0);
    cJSON_AddNumberToObject(root, "pages_checked", l->npages);
    cJSON_AddNumberToObject(root, "strings_checked", (double)l->strings);
    cJSON_AddNumberToObject(root, "problem_count", problems);
    cJSON_AddItemReferenceToObject(root, "problems", l->problems);
    cJSON_AddItemReferenceToObject(root, "skipped", l->skipped);
    cJSON_AddItemReferenceToObject(root, "pages", l->pages);
    char *text = cJSON_Print(root);
    cJSON_Delete(root);
    if (!text)
        return -1;
    fputs(text, out);
    fputc('\n', out);
    free(text);
    return problems;
}
