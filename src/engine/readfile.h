/* readfile.h - reading an input file whole, within a size limit.
 *
 * Every file the programs read from the user (game, theme, lobby, scenario and showcase files,
 * --deck, --pad-script, --pin-file) is read here, so that none can make a program wait or grow
 * without end: only a regular file is read (a folder, a pipe or a device such as /dev/zero is
 * refused at once, without waiting on it), and never more than its limit ("NAME: larger than
 * 16 MiB"). NAME is the file as messages name it: its path, or the flag and its path. */
#ifndef SLOTCAB_READFILE_H
#define SLOTCAB_READFILE_H

#include "error.h"

#include <stddef.h>

#define READFILE_JSON_MAX ((size_t)16 << 20)  /* a game, theme, lobby, scenario or showcase file */
#define READFILE_SMALL_MAX ((size_t)1 << 20)  /* a deck's settings, a pad script */
#define READFILE_PICTURE_MAX ((size_t)64 << 20) /* a golden picture, an SVG, a font */

/* The whole of `path` into *out, NUL-terminated (the caller frees it), its length in *len
 * (len may be NULL); -1 with err ("NAME: ...") when it cannot be read, is not a regular file
 * or holds more than `max` bytes. */
int readfile_all(const char *path, const char *name, size_t max, char **out, size_t *len, Error *err);

/* The same checks without reading, for a file a library opens itself (a picture, a font):
 * a regular file of at most `max` bytes; -1 with err. */
int readfile_check(const char *path, const char *name, size_t max, Error *err);

#endif
