/* jsonfile.h - reading a JSON file for a loader, with messages that name file and path.
 *
 * Private to the engine's loaders (gamedef.c, gameload.c, scenario.c): the only code that
 * sees cJSON. Every getter takes the JSON path of the value it reads ("lines[4]",
 * "bet.coins") and on a mistake writes "<file>: <path>: <what is wrong>" into the Error and
 * returns -1. */
#ifndef SLOTCAB_JSONFILE_H
#define SLOTCAB_JSONFILE_H

#include "error.h"

#include <cjson/cJSON.h>
#include <stdint.h>

typedef struct JsonFile {
    const char *file; /* name used in messages */
    Error *err;
    uint64_t hash;    /* FNV-1a 64 of the bytes jf_parse() read */
} JsonFile;

/* Reads and parses `path`; a syntax error names its line and column. */
int jf_parse(JsonFile *jf, const char *path, cJSON **root);

/* Formats "<file>: <path>: <message>" into jf->err; returns -1. */
int jf_fail(JsonFile *jf, const char *path, const char *fmt, ...) SLOTCAB_PRINTF(3, 4);

/* A member that must be there, of the given kind. */
int jf_object(JsonFile *jf, const cJSON *obj, const char *key, const char *path, const cJSON **out);
int jf_array(JsonFile *jf, const cJSON *obj, const char *key, const char *path, const cJSON **out);
int jf_string(JsonFile *jf, const cJSON *obj, const char *key, const char *path,
              char *out, size_t size);
/* A whole number within [min, max], as a member (key != NULL) or the value itself. */
/* The largest whole number a game or scenario file may hold (JSON numbers are doubles). */
#define JF_INT_MAX ((int64_t)9000000000000000)
int jf_int(JsonFile *jf, const cJSON *v, const char *key, const char *path,
           int64_t min, int64_t max, int64_t *out);
/* Rejects a member name given twice in one object (cJSON would keep both). */
int jf_unique(JsonFile *jf, const cJSON *obj, const char *path);
/* Rejects members not in `allowed` (NULL-terminated), so a typo never passes silently, and
 * members given twice. */
int jf_only(JsonFile *jf, const cJSON *obj, const char *path, const char *const *allowed);

/* "parent.key" or "key" when parent is empty. */
void jf_path_key(char *buf, size_t size, const char *parent, const char *key);
/* "parent[i]". */
void jf_path_index(char *buf, size_t size, const char *parent, int i);

#endif
