/* svgcache.h - SVG files rasterized, kept across cabinets run in one process (svgcache.c). */
#ifndef SLOTCAB_SVGCACHE_H
#define SLOTCAB_SVGCACHE_H

#include "error.h"

#include <SDL.h>
#include <stdbool.h>

/* On: every file at every size is rasterized once and kept until keeping is turned off
 * (which frees what was kept). Off (the default): nothing is kept. */
void svgcache_keep(bool on);
/* The SVG at path (a full path) as a tw x th ARGB8888 surface the caller frees; NULL with
 * err set (naming the file) when it cannot be read or drawn. */
SDL_Surface *svgcache_load(const char *full, int tw, int th, Error *err);

#endif
