/* jsonfile.c - file reading, syntax-error locations and typed getters over cJSON. */
#include "jsonfile.h"
#include "readfile.h"

#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int jf_fail(JsonFile *jf, const char *path, const char *fmt, ...)
{
    char what[ERROR_MSG_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    if (path && path[0])
        return error_set(jf->err, "%s: %s: %s", jf->file, path, what);
    return error_set(jf->err, "%s: %s", jf->file, what);
}

void jf_path_key(char *buf, size_t size, const char *parent, const char *key)
{
    if (parent && parent[0])
        snprintf(buf, size, "%s.%s", parent, key);
    else
        snprintf(buf, size, "%s", key);
}

void jf_path_index(char *buf, size_t size, const char *parent, int i)
{
    snprintf(buf, size, "%s[%d]", parent, i);
}

int jf_parse(JsonFile *jf, const char *path, cJSON **root)
{
    *root = NULL;
    char *text;
    size_t n;
    if (readfile_all(path, jf->file, READFILE_JSON_MAX, &text, &n, jf->err))
        return -1;
    jf->hash = 1469598103934665603ull;
    for (size_t i = 0; i < n; i++)
        jf->hash = (jf->hash ^ (unsigned char)text[i]) * 1099511628211ull;
    if (strlen(text) != n) {
        free(text);
        return error_set(jf->err, "%s: not a text file (it holds a NUL byte)", jf->file);
    }
    const char *end = NULL;
    cJSON *doc = cJSON_ParseWithOpts(text, &end, 1);
    if (!doc) {
        const char *at = end ? end : text;
        int line = 1, col = 1;
        for (const char *p = text; p < at && *p; p++) {
            if (*p == '\n') {
                line++;
                col = 1;
            } else {
                col++;
            }
        }
        size_t blank = strspn(text, " \t\r\n");
        int rc = blank == n ? error_set(jf->err, "%s: empty file, expected a JSON object", jf->file)
                        : error_set(jf->err, "%s: line %d, column %d: invalid JSON", jf->file,
                                    line, col);
        free(text);
        return rc;
    }
    free(text);
    if (!cJSON_IsObject(doc)) {
        cJSON_Delete(doc);
        return error_set(jf->err, "%s: expected a JSON object at the top", jf->file);
    }
    *root = doc;
    return 0;
}

static const cJSON *member(const cJSON *obj, const char *key)
{
    return cJSON_GetObjectItemCaseSensitive(obj, key);
}

int jf_object(JsonFile *jf, const cJSON *obj, const char *key, const char *path, const cJSON **out)
{
    char p[256];
    jf_path_key(p, sizeof p, path, key);
    const cJSON *v = member(obj, key);
    if (!v)
        return jf_fail(jf, p, "missing");
    if (!cJSON_IsObject(v))
        return jf_fail(jf, p, "expected an object");
    *out = v;
    return 0;
}

int jf_array(JsonFile *jf, const cJSON *obj, const char *key, const char *path, const cJSON **out)
{
    char p[256];
    jf_path_key(p, sizeof p, path, key);
    const cJSON *v = member(obj, key);
    if (!v)
        return jf_fail(jf, p, "missing");
    if (!cJSON_IsArray(v))
        return jf_fail(jf, p, "expected an array");
    *out = v;
    return 0;
}

int jf_string(JsonFile *jf, const cJSON *obj, const char *key, const char *path,
              char *out, size_t size)
{
    char p[256];
    jf_path_key(p, sizeof p, path, key);
    const cJSON *v = member(obj, key);
    if (!v)
        return jf_fail(jf, p, "missing");
    if (!cJSON_IsString(v))
        return jf_fail(jf, p, "expected a string");
    size_t len = strlen(v->valuestring);
    if (len == 0)
        return jf_fail(jf, p, "must not be empty");
    if (len >= size)
        return jf_fail(jf, p, "longer than %zu characters", size - 1);
    memcpy(out, v->valuestring, len + 1);
    return 0;
}

int jf_int(JsonFile *jf, const cJSON *v, const char *key, const char *path,
           int64_t min, int64_t max, int64_t *out)
{
    char p[256];
    if (key) {
        jf_path_key(p, sizeof p, path, key);
        v = member(v, key);
        if (!v)
            return jf_fail(jf, p, "missing");
    } else {
        snprintf(p, sizeof p, "%s", path);
    }
    if (!cJSON_IsNumber(v))
        return jf_fail(jf, p, "expected a whole number");
    double d = v->valuedouble;
    if (!isfinite(d) || d != floor(d))
        return jf_fail(jf, p, "expected a whole number, got %g", d);
    if (fabs(d) > (double)JF_INT_MAX) /* a double holds whole numbers exactly up to here */
        return jf_fail(jf, p, "%.0f is out of range %lld..%lld", d,
                       (long long)(min < -JF_INT_MAX ? -JF_INT_MAX : min),
                       (long long)(max > JF_INT_MAX ? JF_INT_MAX : max));
    int64_t x = (int64_t)d;
    if (x < min || x > max)
        return jf_fail(jf, p, "%lld is out of range %lld..%lld", (long long)x, (long long)min,
                       (long long)max);
    *out = x;
    return 0;
}

int jf_unique(JsonFile *jf, const cJSON *obj, const char *path)
{
    const cJSON *it;
    cJSON_ArrayForEach(it, obj) {
        for (const cJSON *prev = obj->child; prev != it; prev = prev->next)
            if (it->string && prev->string && strcmp(it->string, prev->string) == 0) {
                char p[256];
                jf_path_key(p, sizeof p, path, it->string);
                return jf_fail(jf, p, "given twice");
            }
    }
    return 0;
}

int jf_only(JsonFile *jf, const cJSON *obj, const char *path, const char *const *allowed)
{
    if (jf_unique(jf, obj, path))
        return -1;
    const cJSON *it;
    cJSON_ArrayForEach(it, obj) {
        int ok = 0;
        for (const char *const *a = allowed; *a; a++)
            if (it->string && strcmp(it->string, *a) == 0)
                ok = 1;
        if (!ok) {
            char p[256];
            jf_path_key(p, sizeof p, path, it->string ? it->string : "?");
            return jf_fail(jf, p, "unknown field");
        }
    }
    return 0;
}
