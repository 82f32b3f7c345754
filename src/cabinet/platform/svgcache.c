/* svgcache.c - SVG files rasterized, and kept for the next cabinet in the same process.
 *
 * A cabinet rasterizes its art once (gfx.c). --check-layout and the contact sheet run
 * dozens of cabinets one after another in one process, each of which would rasterize the
 * same files at the same sizes again: there, four fifths of the time went to the SVG
 * rasterizer. While keeping is on (svgcache_keep), each file at each size is rasterized
 * once and handed out as copies; a window's cabinet never turns it on, so it holds no
 * second copy of its art. The pixels are the same either way. */
#include "svgcache.h"

#include "readfile.h"

#include <SDL_image.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Kept {
    char *path;
    int w, h;
    SDL_Surface *s;
} Kept;

static Kept *kept;
static int nkept, capkept;
static bool keeping;

void svgcache_keep(bool on)
{
    keeping = on;
    if (on)
        return;
    for (int i = 0; i < nkept; i++) {
        free(kept[i].path);
        SDL_FreeSurface(kept[i].s);
    }
    free(kept);
    kept = NULL;
    nkept = capkept = 0;
}

static SDL_Surface *copy_of(SDL_Surface *s)
{
    return SDL_ConvertSurfaceFormat(s, SDL_PIXELFORMAT_ARGB8888, 0);
}

static SDL_Surface *rasterize(const char *full, int tw, int th, Error *err)
{
    if (readfile_check(full, full, READFILE_PICTURE_MAX, err))
        return NULL;
    SDL_RWops *rw = SDL_RWFromFile(full, "rb");
    if (!rw) {
        error_set(err, "%s: cannot open: %s", full, SDL_GetError());
        return NULL;
    }
    SDL_Surface *svg = IMG_LoadSizedSVG_RW(rw, tw, th);
    SDL_RWclose(rw);
    if (!svg) {
        error_set(err, "%s: not a drawable SVG: %s", full, IMG_GetError());
        return NULL;
    }
    /* in the output's pixel format, so that drawing never converts pixels */
    SDL_Surface *s = copy_of(svg);
    SDL_FreeSurface(svg);
    if (!s)
        error_set(err, "%s: out of memory", full);
    return s;
}

SDL_Surface *svgcache_load(const char *full, int tw, int th, Error *err)
{
    tw = tw < 1 ? 1 : tw;
    th = th < 1 ? 1 : th;
    for (int i = 0; keeping && i < nkept; i++)
        if (kept[i].w == tw && kept[i].h == th && !strcmp(kept[i].path, full)) {
            SDL_Surface *s = copy_of(kept[i].s);
            if (!s)
                error_set(err, "%s: out of memory", full);
            return s;
        }
    SDL_Surface *s = rasterize(full, tw, th, err);
    if (!s || !keeping)
        return s;
    if (nkept == capkept) {
        int cap = capkept ? capkept * 2 : 64;
        Kept *k = realloc(kept, (size_t)cap * sizeof *k);
        if (!k)
            return s; /* not kept: rasterized again next time */
        kept = k;
        capkept = cap;
    }
    SDL_Surface *keep = copy_of(s);
    char *path = strdup(full);
    if (!keep || !path) {
        SDL_FreeSurface(keep);
        free(path);
        return s;
    }
    kept[nkept++] = (Kept){.path = path, .w = tw, .h = th, .s = keep};
    return s;
}
