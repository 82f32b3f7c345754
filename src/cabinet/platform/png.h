/* png.h - a picture saved as an 8-bit RGB PNG, fast (see png.c). */
#ifndef SLOTCAB_PNG_H
#define SLOTCAB_PNG_H

#include <SDL.h>
#include <stddef.h>

/* Saves s (any format; alpha is dropped) to path, written under path.part and renamed.
 * 0, or -1 with why (one line, no path) filled. */
int png_save(const SDL_Surface *s, const char *path, char *why, size_t why_n);

#endif
