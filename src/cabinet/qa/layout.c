/* layout.c - judging the strings of a drawn page, and the report. */
#include "layout.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

struct Layout {
    cJSON *pages;    /* [{page, strings}] */
    cJSON *skipped;  /* [{page, why}] */
    cJSON *problems; /* [{page, problem, text, box, ink, other?}] */
    long strings;
    int npages;
};

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
    free(l);
}

static cJSON *rect_json(SDL_FRect r)
{
    const double v[4] = {round(r.x * 10) / 10, round(r.y * 10) / 10, round(r.w * 10) / 10,
                         round(r.h * 10) / 10};
    return cJSON_CreateDoubleArray(v, 4);
}

static void problem(Layout *l, const char *page, const char *what, const GfxInk *k,
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
    }
    cJSON_AddItemToArray(l->problems, p);
}

/* Ink a over ink b by more than a canvas pixel each way. */
static bool overlap(SDL_FRect a, SDL_FRect b)
{
    const float w = fminf(a.x + a.w, b.x + b.w) - fmaxf(a.x, b.x);
    const float h = fminf(a.y + a.h, b.y + b.h) - fmaxf(a.y, b.y);
    return a.w > 0 && b.w > 0 && w > 1 && h > 1;
}

static bool outside(SDL_FRect ink, SDL_FRect box)
{
    const float e = 1; /* a canvas pixel of slack: rounding to output pixels */
    return ink.w > 0 && (ink.x < box.x - e || ink.y < box.y - e ||
                         ink.x + ink.w > box.x + box.w + e || ink.y + ink.h > box.y + box.h + e);
}

void layout_check_page(Layout *l, Gfx *g, const char *page)
{
    const GfxInk *r;
    const int n = gfx_recorded(g, &r);
    const SDL_FRect canvas = {0, 0, GFX_W, GFX_H};
    int strings = 0;
    for (int i = 0; i < n; i++) {
        const GfxInk *k = &r[i];
        if (k->kind == GFX_INK_KEEP || k->hidden)
            continue;
        strings++;
        if (k->cut)
            problem(l, page, "cut to fit its box", k, NULL);
        else if (outside(k->ink, k->box))
            problem(l, page, "ink outside its box", k, NULL);
        else if (outside(k->ink, canvas))
            problem(l, page, "ink outside the screen", k, NULL);
        else if (k->on_panel && outside(k->ink, k->panel))
            problem(l, page, "ink outside its panel", k, NULL);
        for (int j = 0; j < n; j++) {
            const GfxInk *o = &r[j];
            if (j == i || o->hidden || (o->kind != GFX_INK_KEEP && j < i))
                continue; /* each pair of strings once */
            if (o->kind != GFX_INK_KEEP && !strcmp(o->text, k->text) &&
                !memcmp(&o->ink, &k->ink, sizeof o->ink))
                continue; /* the same string drawn twice in one place */
            if (o->kind == GFX_INK_KEEP && k->kind == GFX_INK_BAKED)
                continue; /* a picture's own words (a symbol's WILD) belong to it */
            if (overlap(k->ink, o->ink))
                problem(l, page, o->kind == GFX_INK_KEEP ? "over an element" : "over another string",
                        k, o);
        }
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
