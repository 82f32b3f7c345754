/* lang.c - the cabinet's language: a gettext catalogue read, money and numbers written
 * (lang.h). */
#include "lang.h"
#include "readfile.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const LangInfo LANGS[] = {{"en", "English"}, {"es", "Espa\xC3\xB1ol"}};

/* A compiled catalogue (GNU .mo): a header, then two tables of (length, offset) pairs, the
 * original strings (sorted by msgfmt) and their translations. */
#define MO_MAGIC 0x950412deu
#define MO_MAGIC_SWAPPED 0xde120495u

static struct {
    int lang;            /* index in LANGS */
    char *mo;            /* the whole file, or NULL in English */
    size_t size;
    bool swapped;        /* written on a machine of the other byte order */
    uint32_t n, orig, trans;
} cur;

/* The words looked up and not found since the language was chosen, each once, copied (a
 * theme's words go with its scene), in the order met; a set of their hashes finds them. */
#define MISSING_MAX 4096
#define MISSING_SLOTS 8192 /* a power of two, twice MISSING_MAX */
static struct {
    char *word[MISSING_MAX];
    int n;
    int slot[MISSING_SLOTS]; /* index + 1 into word, 0: free */
} miss;

int lang_count(void) { return (int)(sizeof LANGS / sizeof LANGS[0]); }
const LangInfo *lang_info(int i) { return i >= 0 && i < lang_count() ? &LANGS[i] : NULL; }
const char *lang_code(void) { return LANGS[cur.lang].code; }

int lang_find(const char *code)
{
    if (!code)
        return -1;
    for (int i = 0; i < lang_count(); i++) {
        const size_t n = strlen(LANGS[i].code);
        /* "es", or "es" then a territory, a codeset or a modifier */
        if (!strncmp(code, LANGS[i].code, n) && strchr("_.@", code[n] ? code[n] : '_'))
            return i;
    }
    return -1;
}

const char *lang_from_env(void)
{
    const char *language = getenv("LANGUAGE"), *all = getenv("LC_ALL"), *msg = getenv("LC_MESSAGES"),
               *lang = getenv("LANG");
    /* LANGUAGE is a list ("es:en"): its first the cabinet offers */
    if (language && *language) {
        char list[256];
        snprintf(list, sizeof list, "%s", language);
        for (char *save = NULL, *p = strtok_r(list, ":", &save); p; p = strtok_r(NULL, ":", &save))
            if (lang_find(p) >= 0)
                return LANGS[lang_find(p)].code;
    }
    const char *v = all && *all ? all : msg && *msg ? msg : lang;
    return lang_find(v) >= 0 ? LANGS[lang_find(v)].code : "en";
}

static uint32_t word(const char *mo, size_t at, bool swapped)
{
    uint32_t v;
    memcpy(&v, mo + at, 4);
    return swapped ? __builtin_bswap32(v) : v;
}

/* The i-th string of a table: its text, or NULL when its bounds are outside the file. */
static const char *entry(const char *mo, size_t size, bool swapped, uint32_t table, uint32_t i, uint32_t *len)
{
    const size_t at = (size_t)table + (size_t)i * 8;
    if (at + 8 > size)
        return NULL;
    *len = word(mo, at, swapped);
    const uint32_t off = word(mo, at + 4, swapped);
    if ((size_t)off + *len >= size || mo[off + *len] != '\0')
        return NULL;
    return mo + off;
}

/* The catalogue's header (the translation of ""): the plural rule must be one this reader
 * follows: two forms, the second for every n but 1 (English's and Spanish's). */
static int check_header(const char *mo, size_t size, bool swapped, uint32_t n, uint32_t orig, uint32_t trans,
                        const char *path, Error *err)
{
    for (uint32_t i = 0; i < n; i++) {
        uint32_t lo, lt;
        const char *o = entry(mo, size, swapped, orig, i, &lo), *t = entry(mo, size, swapped, trans, i, &lt);
        if (!o || !t)
            return error_set(err, "%s: string %u lies outside the file (a damaged catalogue)", path, i);
        if (lo)
            continue;
        const char *pf = strstr(t, "Plural-Forms:");
        if (!pf)
            return 0; /* no plurals: the English forms stand */
        char rule[128];
        size_t k = 0;
        for (pf += 13; *pf && *pf != '\n' && k + 1 < sizeof rule; pf++)
            if (*pf != ' ')
                rule[k++] = *pf;
        rule[k] = 0;
        if (strcmp(rule, "nplurals=2;plural=(n!=1);") && strcmp(rule, "nplurals=2;plural=n!=1;"))
            return error_set(err, "%s: Plural-Forms: \"%s\": the cabinet follows only "
                                  "\"nplurals=2; plural=(n != 1);\"", path, rule);
        return 0;
    }
    return 0;
}

static int load_mo(const char *path, Error *err)
{
    size_t size;
    char *mo;
    if (readfile_all(path, path, READFILE_JSON_MAX, &mo, &size, err))
        return -1;
    bool swapped = false;
    uint32_t magic = size >= 28 ? word(mo, 0, false) : 0;
    if (magic == MO_MAGIC_SWAPPED)
        swapped = true;
    else if (magic != MO_MAGIC) {
        free(mo);
        return error_set(err, "%s: not a compiled gettext catalogue (.mo: no magic number)", path);
    }
    const uint32_t n = word(mo, 8, swapped), orig = word(mo, 12, swapped), trans = word(mo, 16, swapped);
    if ((uint64_t)orig + (uint64_t)n * 8 > size || (uint64_t)trans + (uint64_t)n * 8 > size) {
        free(mo);
        return error_set(err, "%s: its tables of %u strings lie outside the file (a damaged catalogue)", path, n);
    }
    if (check_header(mo, size, swapped, n, orig, trans, path, err)) {
        free(mo);
        return -1;
    }
    lang_reset();
    cur.mo = mo;
    cur.size = size;
    cur.swapped = swapped;
    cur.n = n;
    cur.orig = orig;
    cur.trans = trans;
    return 0;
}

int lang_use(const char *code, const char *localedir, Error *err)
{
    const int i = lang_find(code);
    if (i < 0 || strlen(code) > 16) {
        char offered[64] = "";
        for (int k = 0; k < lang_count(); k++)
            snprintf(offered + strlen(offered), sizeof offered - strlen(offered), "%s%s", k ? ", " : "",
                     LANGS[k].code);
        return error_set(err, "language \"%s\": the cabinet speaks %s", code ? code : "", offered);
    }
    if (i == 0) { /* English: the words as written */
        lang_reset();
        return 0;
    }
    char path[4096];
    snprintf(path, sizeof path, "%s/%s/LC_MESSAGES/%s.mo", localedir, LANGS[i].code, LANG_DOMAIN);
    return lang_use_file(code, path, err);
}

int lang_use_file(const char *code, const char *mo, Error *err)
{
    const int i = lang_find(code);
    if (i <= 0)
        return error_set(err, "language \"%s\": a catalogue is for a language the cabinet speaks, not English", code);
    if (load_mo(mo, err))
        return -1;
    cur.lang = i;
    return 0;
}

static void missing_clear(void)
{
    for (int i = 0; i < miss.n; i++)
        free(miss.word[i]);
    memset(&miss, 0, sizeof miss);
}

void lang_reset(void)
{
    free(cur.mo);
    memset(&cur, 0, sizeof cur);
    missing_clear();
}

/* The translation of key (msgid, "context\004msgid", or "singular\0plural" of klen bytes),
 * by binary search over the sorted originals; NULL when the catalogue lacks it. */
static const char *lookup(const char *key, size_t klen, uint32_t *tlen)
{
    uint32_t lo = 0, hi = cur.n;
    while (lo < hi) {
        const uint32_t mid = lo + (hi - lo) / 2;
        uint32_t olen;
        const char *o = entry(cur.mo, cur.size, cur.swapped, cur.orig, mid, &olen);
        if (!o)
            return NULL;
        /* a plural entry's original is "singular\0plural": compared whole */
        const size_t m = olen < klen ? olen : klen;
        int c = memcmp(key, o, m);
        if (!c)
            c = klen < olen ? -1 : klen > olen;
        if (!c) {
            const char *t = entry(cur.mo, cur.size, cur.swapped, cur.trans, mid, tlen);
            return t && *t ? t : NULL; /* an empty translation is a missing one */
        }
        if (c < 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    return NULL;
}

static uint32_t hash(const char *s)
{
    uint32_t h = 2166136261u;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

/* msgid, kept in the list of missing words if it is not there yet. */
static const char *missing(const char *msgid)
{
    uint32_t i = hash(msgid) & (MISSING_SLOTS - 1);
    for (; miss.slot[i]; i = (i + 1) & (MISSING_SLOTS - 1))
        if (!strcmp(miss.word[miss.slot[i] - 1], msgid))
            return msgid;
    if (miss.n < MISSING_MAX) {
        char *copy = strdup(msgid);
        if (copy) {
            miss.word[miss.n++] = copy;
            miss.slot[i] = miss.n;
        }
    }
    return msgid;
}

const char *lang_tr(const char *msgid)
{
    if (!cur.mo || !*msgid)
        return msgid;
    uint32_t tlen;
    const char *t = lookup(msgid, strlen(msgid), &tlen);
    return t ? t : missing(msgid);
}

const char *lang_trc(const char *context, const char *msgid)
{
    if (!cur.mo || !*msgid)
        return msgid;
    char key[512];
    const int n = snprintf(key, sizeof key, "%s\004%s", context, msgid);
    uint32_t tlen;
    const char *t = n > 0 && (size_t)n < sizeof key ? lookup(key, (size_t)n, &tlen) : NULL;
    return t ? t : missing(msgid);
}

const char *lang_trn(const char *singular, const char *plural, int64_t n)
{
    const char *english = n == 1 ? singular : plural;
    if (!cur.mo)
        return english;
    char key[512];
    const size_t a = strlen(singular), b = strlen(plural);
    if (a + b + 1 >= sizeof key)
        return missing(english);
    memcpy(key, singular, a + 1);
    memcpy(key + a + 1, plural, b);
    uint32_t tlen;
    const char *t = lookup(key, a + 1 + b, &tlen);
    if (!t)
        return missing(english);
    /* "form0\0form1": the second for every n but 1 (the rule check_header allows) */
    const size_t first = strlen(t);
    return n == 1 || first >= tlen ? t : t + first + 1;
}

int lang_missing(void) { return miss.n; }
const char *lang_missing_word(int i) { return i >= 0 && i < miss.n ? miss.word[i] : NULL; }

#define LANG_FILL_MAX 9 /* {1} to {9} */

void lang_fill(char *out, size_t size, const char *tmpl, ...)
{
    const char *arg[LANG_FILL_MAX];
    int n = 0;
    va_list ap;
    va_start(ap, tmpl);
    for (const char *a; n < LANG_FILL_MAX && (a = va_arg(ap, const char *)); )
        arg[n++] = a;
    va_end(ap);
    if (!size)
        return;
    size_t k = 0;
    for (const char *p = tmpl; *p && k + 1 < size; p++) {
        const int i = p[0] == '{' && p[1] >= '1' && p[1] <= '9' && p[2] == '}' ? p[1] - '1' : -1;
        if (i < 0 || i >= n) {
            out[k++] = *p;
            continue;
        }
        for (const char *a = arg[i]; *a && k + 1 < size; a++)
            out[k++] = *a;
        p += 2;
    }
    out[k] = '\0';
}

#define SAID_ARG_MAX 160 /* one part of a message */

/* Whether m follows template t from here on, its parts into arg (by number): each {k} stands
 * for the shortest text (at least one character) that lets the rest follow. */
static bool follows(const char *m, const char *t, char arg[LANG_FILL_MAX][SAID_ARG_MAX])
{
    for (; *t; t++, m++) {
        if (t[0] == '{' && t[1] >= '1' && t[1] <= '9' && t[2] == '}') {
            const int k = t[1] - '1';
            for (size_t len = 1; len < SAID_ARG_MAX && m[len - 1]; len++)
                if (follows(m + len, t + 3, arg)) {
                    memcpy(arg[k], m, len);
                    arg[k][len] = 0;
                    return true;
                }
            return false;
        }
        if (*m != *t)
            return false;
    }
    return *m == 0;
}

const char *lang_said(const char *msg, const char *const *templates, char *out, size_t size)
{
    if (!cur.mo)
        return msg;
    for (int i = 0; templates && templates[i]; i++) {
        char arg[LANG_FILL_MAX][SAID_ARG_MAX] = {{0}};
        if (follows(msg, templates[i], arg)) {
            for (int k = 0; k < LANG_FILL_MAX; k++) { /* a part that is a word of the catalogue ("coins") */
                uint32_t tlen;
                const char *t = arg[k][0] ? lookup(arg[k], strlen(arg[k]), &tlen) : NULL;
                if (t)
                    snprintf(arg[k], sizeof arg[k], "%s", t);
            }
            lang_fill(out, size, lang_tr(templates[i]), arg[0], arg[1], arg[2], arg[3], arg[4], arg[5],
                      arg[6], arg[7], arg[8], NULL);
            return out;
        }
    }
    return msg;
}

/* |v| grouped by thousands with `sep`. */
static void grouped(uint64_t v, char sep, char *out, size_t size)
{
    char digits[24], buf[40];
    const int n = snprintf(digits, sizeof digits, "%llu", (unsigned long long)v);
    int k = 0;
    for (int i = 0; i < n; i++) {
        if (i && (n - i) % 3 == 0)
            buf[k++] = sep;
        buf[k++] = digits[i];
    }
    buf[k] = 0;
    snprintf(out, size, "%s", buf);
}

static bool spanish(void) { return !strcmp(lang_code(), "es"); }

void lang_number(int64_t v, char *out, size_t size)
{
    char g[40];
    grouped(v < 0 ? 0 - (uint64_t)v : (uint64_t)v, spanish() ? '.' : ',', g, sizeof g);
    snprintf(out, size, "%s%s", v < 0 ? "-" : "", g);
}

void lang_money(Money v, char *out, size_t size)
{
    const uint64_t a = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
    char g[40];
    grouped(a / 100, spanish() ? '.' : ',', g, sizeof g);
    const unsigned cents = (unsigned)(a % 100);
    if (spanish()) /* "1.234,56 €", a no-break space before the sign */
        snprintf(out, size, "%s%s,%02u\xC2\xA0\xE2\x82\xAC", v < 0 ? "-" : "", g, cents);
    else
        snprintf(out, size, "%s\xE2\x82\xAC%s.%02u", v < 0 ? "-" : "", g, cents);
}

void lang_amount(Money v, char *out, size_t size)
{
    const uint64_t a = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
    char whole[40];
    if (spanish())
        grouped(a / 100, '.', whole, sizeof whole);
    else
        snprintf(whole, sizeof whole, "%llu", (unsigned long long)(a / 100));
    snprintf(out, size, "%s%s%c%02u", v < 0 ? "-" : "", whole, spanish() ? ',' : '.', (unsigned)(a % 100));
}

void lang_percent(double v, int decimals, char *out, size_t size)
{
    char n[48];
    snprintf(n, sizeof n, "%.*f", decimals, v);
    if (!spanish()) {
        snprintf(out, size, "%s%%", n);
        return;
    }
    char *dot = strchr(n, '.');
    if (dot)
        *dot = ',';
    snprintf(out, size, "%s\xC2\xA0%%", n); /* "96,14 %": a no-break space before the sign */
}
