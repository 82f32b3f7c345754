/* recording.c - input recordings as JSON lines (cJSON): the reader checks every line and field
 * and names the first that is wrong, and refuses a file past REPLAY_MAX_MIB or a line past
 * REPLAY_LINE_MAX before it grows; the writer flushes each line as it goes, so a cabinet
 * killed mid-session leaves a recording that plays back up to its last input. A recording
 * names the memory it was made on; replay_bind_memory() judges whether it may play on one.
 * No SDL here: the keys' names come through the platform's RecordingKeys. */
#include "recording.h"

#include "lang.h"

#include <cjson/cJSON.h>
#include <sodium.h>

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef struct Timed {
    uint64_t tick;
    Input in;
} Timed;

struct Playback {
    RecordingKeys keys;
    Timed *v;
    int n, cap, next;
    bool has_end;
    uint64_t end;
};

struct Recorder {
    RecordingKeys keys;
    FILE *f;
    char path[512];
};

/* ---- reading ---------------------------------------------------------------------------- */

#define BAD(...) (error_set(err, "--playback %s: line %d: " __VA_ARGS__), -1)

static const char *const type_names[] = {"move", "press", "release", "key"};

/* A whole number of 0 or more, exactly representable (at most 2^53). */
static bool whole(const cJSON *j, double max)
{
    return cJSON_IsNumber(j) && j->valuedouble >= 0 && j->valuedouble <= max &&
           floor(j->valuedouble) == j->valuedouble;
}

static bool only_fields(const cJSON *o, const char *const *names, const char **unknown)
{
    for (const cJSON *c = o->child; c; c = c->next) {
        bool ok = false;
        for (int i = 0; names[i] && !ok; i++)
            ok = c->string && !strcmp(c->string, names[i]);
        if (!ok) {
            *unknown = c->string ? c->string : "?";
            return false;
        }
    }
    return true;
}

static int read_header(const char *path, int line, const cJSON *o, ReplayHeader *h, Error *err)
{
    memset(h, 0, sizeof *h);
    static const char *const fields[] = {"slotcab_recording", "version", "seed", "balance", "game",
                                         "window", "headless", "clock", "memory", "start", "lang", NULL};
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, "slotcab_recording");
    if (!v)
        return BAD("field \"slotcab_recording\": missing (the first line is the header, "
                   "{\"slotcab_recording\": %d, ...})", path, line, REPLAY_VERSION);
    if (!cJSON_IsNumber(v) || v->valuedouble != REPLAY_VERSION)
        return BAD("field \"slotcab_recording\": expected %d (the version of the format this slotcab reads)",
                   path, line, REPLAY_VERSION);
    const char *unknown;
    if (!only_fields(o, fields, &unknown))
        return BAD("field \"%s\": unknown in the header", path, line, unknown);
    if ((v = cJSON_GetObjectItemCaseSensitive(o, "version"))) {
        if (!cJSON_IsString(v))
            return BAD("field \"version\": expected a string", path, line);
        snprintf(h->version, sizeof h->version, "%s", v->valuestring);
    }
    if ((v = cJSON_GetObjectItemCaseSensitive(o, "seed"))) {
        char *end = NULL;
        if (cJSON_IsString(v) && v->valuestring[0] >= '0' && v->valuestring[0] <= '9') {
            errno = 0;
            h->seed = strtoull(v->valuestring, &end, 10);
            if (*end || errno)
                end = NULL;
        } else if (whole(v, 9007199254740992.0)) {
            h->seed = (uint64_t)v->valuedouble;
            end = "";
        }
        if (!end)
            return BAD("field \"seed\": expected a whole number of 0 or more (as a string: \"42\")",
                       path, line);
        h->has_seed = true;
    }
    if ((v = cJSON_GetObjectItemCaseSensitive(o, "balance"))) {
        if (!whole(v, 1e13))
            return BAD("field \"balance\": expected an amount in cents (100000 for 1000.00)", path, line);
        h->balance = (Money)v->valuedouble;
        h->has_balance = true;
    }
    if ((v = cJSON_GetObjectItemCaseSensitive(o, "game"))) {
        if (!cJSON_IsNull(v) && (!cJSON_IsString(v) || !v->valuestring[0] ||
                                 strlen(v->valuestring) >= sizeof h->game))
            return BAD("field \"game\": expected a game id or null (the lobby)", path, line);
        h->has_game = true;
        snprintf(h->game, sizeof h->game, "%s", cJSON_IsString(v) ? v->valuestring : "");
    }
    if ((v = cJSON_GetObjectItemCaseSensitive(o, "lang"))) {
        const int k = cJSON_IsString(v) ? lang_find(v->valuestring) : -1;
        if (k < 0 || strcmp(v->valuestring, lang_info(k)->code)) {
            char all[64] = "";
            for (int i = 0; i < lang_count(); i++)
                snprintf(all + strlen(all), sizeof all - strlen(all), "%s%s", i ? ", " : "", lang_info(i)->code);
            return BAD("field \"lang\": expected one of %s", path, line, all);
        }
        snprintf(h->lang, sizeof h->lang, "%s", v->valuestring);
    }
    if ((v = cJSON_GetObjectItemCaseSensitive(o, "window"))) {
        const cJSON *w = cJSON_GetArrayItem(v, 0), *hh = cJSON_GetArrayItem(v, 1);
        if (!cJSON_IsArray(v) || cJSON_GetArraySize(v) != 2 || !whole(w, 7680) || !whole(hh, 4320) ||
            w->valuedouble < 320 || hh->valuedouble < 180)
            return BAD("field \"window\": expected [width, height] from [320, 180] to [7680, 4320]",
                       path, line);
        h->win_w = (int)w->valuedouble;
        h->win_h = (int)hh->valuedouble;
    }
    if ((v = cJSON_GetObjectItemCaseSensitive(o, "headless"))) {
        if (!cJSON_IsBool(v))
            return BAD("field \"headless\": expected true or false", path, line);
        h->headless = cJSON_IsTrue(v);
    }
    if ((v = cJSON_GetObjectItemCaseSensitive(o, "clock"))) {
        if (!cJSON_IsString(v) || clock_parse(v->valuestring, &h->clock))
            return BAD("field \"clock\": expected a UTC time \"YYYY-MM-DD HH:MM:SS\"", path, line);
        h->has_clock = true;
    }
    if ((v = cJSON_GetObjectItemCaseSensitive(o, "memory"))) {
        bool hex = cJSON_IsString(v) && strlen(v->valuestring) == 32;
        for (int i = 0; hex && i < 32; i++)
            hex = strchr("0123456789abcdef", v->valuestring[i]) != NULL;
        if (!hex)
            return BAD("field \"memory\": expected the id of a memory, 32 hex digits (0-9, a-f)", path,
                       line);
        snprintf(h->memory, sizeof h->memory, "%s", v->valuestring);
    }
    if ((v = cJSON_GetObjectItemCaseSensitive(o, "start"))) {
        static const char *const sf[] = {"balance", "bonuses", "rounds", NULL};
        if (!cJSON_IsObject(v))
            return BAD("field \"start\": expected {\"balance\": N, \"bonuses\": N, \"rounds\": N}", path, line);
        if (!only_fields(v, sf, &unknown))
            return BAD("field \"start.%s\": unknown", path, line, unknown);
        const cJSON *b = cJSON_GetObjectItemCaseSensitive(v, "balance"),
                    *bo = cJSON_GetObjectItemCaseSensitive(v, "bonuses"),
                    *r = cJSON_GetObjectItemCaseSensitive(v, "rounds");
        if (!whole(b, 1e15))
            return BAD("field \"start.balance\": expected an amount in cents", path, line);
        if (!whole(bo, 1e15))
            return BAD("field \"start.bonuses\": expected a whole number of 0 or more", path, line);
        if (!whole(r, 1e15))
            return BAD("field \"start.rounds\": expected a whole number of 0 or more", path, line);
        h->has_start = true;
        h->start_balance = (Money)b->valuedouble;
        h->start_bonuses = (int64_t)bo->valuedouble;
        h->start_rounds = (int64_t)r->valuedouble;
    }
    return 0;
}

static int read_input(const char *path, int line, const cJSON *o, Playback *p, Error *err)
{
    const cJSON *t = cJSON_GetObjectItemCaseSensitive(o, "tick");
    if (!t)
        return BAD("field \"tick\": missing", path, line);
    if (!whole(t, 1e15))
        return BAD("field \"tick\": expected a whole number of 0 or more", path, line);
    const uint64_t tick = (uint64_t)t->valuedouble;
    const uint64_t last = p->n ? p->v[p->n - 1].tick : 0;
    if (tick < last)
        return BAD("field \"tick\": %" PRIu64 " is before the line above's %" PRIu64, path, line, tick, last);
    const cJSON *ty = cJSON_GetObjectItemCaseSensitive(o, "type");
    if (!ty)
        return BAD("field \"type\": missing", path, line);
    int type = -1;
    if (cJSON_IsString(ty)) {
        for (int i = 0; i < 4; i++)
            if (!strcmp(ty->valuestring, type_names[i]))
                type = i;
        if (!strcmp(ty->valuestring, "end"))
            type = 4;
    }
    if (type < 0)
        return BAD("field \"type\": expected \"move\", \"press\", \"release\", \"key\" or \"end\"", path, line);
    const char *unknown;
    static const char *const mouse[] = {"tick", "type", "x", "y", NULL};
    static const char *const key[] = {"tick", "type", "key", "mod", NULL};
    static const char *const end[] = {"tick", "type", NULL};
    if (!only_fields(o, type == 4 ? end : type == 3 ? key : mouse, &unknown))
        return BAD("field \"%s\": not one of a \"%s\" line's", path, line, unknown,
                   type == 4 ? "end" : type_names[type]);
    if (p->has_end)
        return BAD("field \"type\": a line after the \"end\" line", path, line);
    if (type == 4) {
        p->has_end = true;
        p->end = tick;
        return 0;
    }
    Input in = {.type = (InputType)type};
    if (type == 3) {
        const cJSON *k = cJSON_GetObjectItemCaseSensitive(o, "key");
        if (cJSON_IsString(k))
            in.key = p->keys.from_name(k->valuestring);
        else if (whole(k, 0x7fffffff))
            in.key = (int32_t)k->valuedouble;
        if (!in.key)
            return BAD("field \"key\": %s", path, line,
                       k ? "expected a key's name as SDL spells it (\"Space\", \"Return\", \"I\") or a keycode"
                         : "missing");
        const cJSON *m = cJSON_GetObjectItemCaseSensitive(o, "mod");
        if (m && !whole(m, 0xffff))
            return BAD("field \"mod\": expected SDL's KMOD_ bits (0 to 65535)", path, line);
        in.mod = m ? (uint16_t)m->valuedouble : 0;
    } else {
        const cJSON *x = cJSON_GetObjectItemCaseSensitive(o, "x"), *y = cJSON_GetObjectItemCaseSensitive(o, "y");
        if (!cJSON_IsNumber(x) || !isfinite(x->valuedouble) || fabs(x->valuedouble) > 1e6)
            return BAD("field \"x\": %s", path, line, x ? "expected a number (canvas pixels, 0 to 1920)" : "missing");
        if (!cJSON_IsNumber(y) || !isfinite(y->valuedouble) || fabs(y->valuedouble) > 1e6)
            return BAD("field \"y\": %s", path, line, y ? "expected a number (canvas pixels, 0 to 1080)" : "missing");
        in.x = (float)x->valuedouble;
        in.y = (float)y->valuedouble;
    }
    if (p->n == p->cap) {
        int cap = p->cap ? p->cap * 2 : 256;
        Timed *v = realloc(p->v, (size_t)cap * sizeof *v);
        if (!v) {
            error_set(err, "--playback %s: out of memory", path);
            return -1;
        }
        p->v = v;
        p->cap = cap;
    }
    p->v[p->n++] = (Timed){tick, in};
    return 0;
}

/* The next line of `f` into `buf` (REPLAY_LINE_MAX bytes and a NUL), its end taken off; its
 * length, or -1 at the end of the file, -2 when the line is longer than REPLAY_LINE_MAX, -3
 * when the file passes REPLAY_MAX_MIB. Reads a byte at a time: a file without line ends
 * (/dev/zero) stops at the limit instead of growing a buffer without bound. */
static long read_line(FILE *f, char *buf, uint64_t *total)
{
    long n = 0;
    int c;
    while ((c = getc(f)) != EOF) {
        if (++*total > (uint64_t)REPLAY_MAX_MIB << 20)
            return -3;
        if (c == '\n')
            break;
        if (n == REPLAY_LINE_MAX)
            return -2;
        buf[n++] = (char)c;
    }
    if (c == EOF && n == 0)
        return -1;
    while (n > 0 && buf[n - 1] == '\r')
        n--;
    buf[n] = 0;
    return n;
}

/* A regular file past the limit is refused before a byte is parsed. */
static int check_size(FILE *f, const char *path, Error *err)
{
    struct stat st;
    if (!fstat(fileno(f), &st) && S_ISDIR(st.st_mode))
        return error_set(err, "--playback %s: cannot read the file: it is a folder", path);
    if (!fstat(fileno(f), &st) && S_ISREG(st.st_mode) && st.st_size > (off_t)REPLAY_MAX_MIB << 20)
        return error_set(err, "--playback %s: larger than %d MiB (%lld bytes): not a recording this "
                         "slotcab plays", path, REPLAY_MAX_MIB, (long long)st.st_size);
    return 0;
}

Playback *playback_load(const char *path, const RecordingKeys *keys, ReplayHeader *h, Error *err)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        error_set(err, "--playback %s: cannot read the file: %s", path, strerror(errno));
        return NULL;
    }
    Playback *p = calloc(1, sizeof *p);
    char *buf = malloc(REPLAY_LINE_MAX + 1);
    uint64_t total = 0;
    long len;
    int line = 0, rc = p && buf ? check_size(f, path, err) : -1;
    bool header = false;
    if (!p || !buf)
        error_set(err, "--playback %s: out of memory", path);
    else
        p->keys = *keys;
    while (!rc && (len = read_line(f, buf, &total)) != -1) {
        line++;
        if (len == -3) {
            rc = error_set(err, "--playback %s: larger than %d MiB: not a recording this slotcab plays",
                           path, REPLAY_MAX_MIB);
            break;
        }
        if (len == -2) {
            rc = BAD("larger than %d KiB (each line of a recording is one short JSON object)", path,
                     line, REPLAY_LINE_MAX >> 10);
            break;
        }
        if (!len)
            continue;
        if (strlen(buf) != (size_t)len) {
            rc = BAD("a NUL byte (not a JSON line)", path, line);
            break;
        }
        cJSON *o = cJSON_ParseWithLength(buf, (size_t)len);
        if (!cJSON_IsObject(o))
            rc = BAD("not a JSON object (each line is one, e.g. {\"tick\": 0, \"type\": \"key\", \"key\": \"Space\"})",
                     path, line);
        else if (!header)
            rc = read_header(path, line, o, h, err);
        else
            rc = read_input(path, line, o, p, err);
        header = true;
        cJSON_Delete(o);
    }
    if (!rc && ferror(f))
        rc = error_set(err, "--playback %s: cannot read the file: %s", path, strerror(errno));
    if (!rc && !header)
        rc = error_set(err, "--playback %s: line 1: field \"slotcab_recording\": missing (the file is empty)", path);
    free(buf);
    fclose(f);
    if (rc) {
        playback_free(p);
        return NULL;
    }
    if (p->has_end && p->n && p->end < p->v[p->n - 1].tick) /* cannot happen: ticks rise */
        p->end = p->v[p->n - 1].tick;
    return p;
}

bool playback_next(Playback *p, uint64_t tick, Input *in)
{
    if (p->next >= p->n || p->v[p->next].tick > tick)
        return false;
    *in = p->v[p->next++].in;
    return true;
}

uint64_t playback_end(const Playback *p)
{
    if (p->has_end)
        return p->end;
    return (p->n ? p->v[p->n - 1].tick : 0) + REPLAY_TAIL_TICKS;
}

bool playback_has_end_line(const Playback *p) { return p->has_end; }
int playback_count(const Playback *p) { return p->n; }

void playback_free(Playback *p)
{
    if (!p)
        return;
    free(p->v);
    free(p);
}

/* ---- the memory a recording is bound to ---------------------------------------------- */

int replay_memory_id(Store *s, char id[33], Error *err)
{
    store_setting(s, REPLAY_MEMORY_ID_KEY, id, 33);
    if (strlen(id) == 32)
        return 0;
    unsigned char bits[16];
    if (sodium_init() < 0)
        return error_set(err, "the memory's id: libsodium cannot start");
    randombytes_buf(bits, sizeof bits);
    for (int i = 0; i < 16; i++)
        snprintf(id + 2 * i, 3, "%02x", bits[i]);
    return store_set_setting(s, REPLAY_MEMORY_ID_KEY, id, err);
}

int replay_bind_memory(const ReplayHeader *h, Store *s, const char *path, Error *err)
{
    const int64_t rounds = store_rounds_begun(s);
    if (!h->has_start) {
        if (rounds)
            return error_set(err, "--playback %s: line 1: field \"start\": missing, and a recording that "
                             "does not say where it began plays only on a fresh memory (%s has begun %lld "
                             "rounds): play it back on a fresh --data-dir", path, store_path(s),
                             (long long)rounds);
        return 0;
    }
    char id[33];
    store_setting(s, REPLAY_MEMORY_ID_KEY, id, sizeof id);
    if ((rounds || h->start_rounds) && (!h->memory[0] || strcmp(id, h->memory)))
        return error_set(err, "--playback %s: line 1: field \"memory\": the recording was made on %s "
                         "memory, not on %s (id %s): play it back on the memory it was made on, or on "
                         "a fresh --data-dir when it began on a fresh one", path,
                         h->memory[0] ? h->memory : "an unnamed", store_path(s), id[0] ? id : "none yet");
    const char *field = store_balance(s) != h->start_balance     ? "start.balance"
                        : store_bonuses(s) != h->start_bonuses   ? "start.bonuses"
                        : rounds != h->start_rounds              ? "start.rounds" : NULL;
    if (field)
        return error_set(err, "--playback %s: line 1: field \"%s\": the memory %s is not where the "
                         "recording began (balance %lld, bonuses %lld, rounds %lld; it has %lld, %lld, "
                         "%lld): play it back on a fresh --data-dir", path, field, store_path(s),
                         (long long)h->start_balance, (long long)h->start_bonuses,
                         (long long)h->start_rounds, (long long)store_balance(s),
                         (long long)store_bonuses(s), (long long)rounds);
    /* a fresh memory playing a fresh memory's session becomes that memory */
    if (!rounds && h->memory[0] && strcmp(id, h->memory))
        return store_set_setting(s, REPLAY_MEMORY_ID_KEY, h->memory, err);
    return 0;
}

/* ---- writing ---------------------------------------------------------------------------- */

static int write_line(Recorder *r, cJSON *o, Error *err)
{
    char *s = o ? cJSON_PrintUnformatted(o) : NULL;
    cJSON_Delete(o);
    if (!s)
        return error_set(err, "--record %s: out of memory", r->path);
    int bad = fputs(s, r->f) < 0 || fputc('\n', r->f) == EOF || fflush(r->f);
    free(s);
    if (bad)
        return error_set(err, "--record %s: cannot write: %s", r->path, strerror(errno));
    return 0;
}

Recorder *recorder_open(const char *path, const RecordingKeys *keys, const ReplayHeader *h, Error *err)
{
    Recorder *r = calloc(1, sizeof *r);
    if (!r) {
        error_set(err, "--record %s: out of memory", path);
        return NULL;
    }
    snprintf(r->path, sizeof r->path, "%s", path);
    r->keys = *keys;
    if (!(r->f = fopen(path, "wb"))) {
        error_set(err, "--record %s: cannot create the file: %s", path, strerror(errno));
        free(r);
        return NULL;
    }
    cJSON *o = cJSON_CreateObject();
    char seed[24], clock[24];
    cJSON_AddNumberToObject(o, "slotcab_recording", REPLAY_VERSION);
    cJSON_AddStringToObject(o, "version", h->version);
    if (h->has_seed) {
        snprintf(seed, sizeof seed, "%" PRIu64, h->seed);
        cJSON_AddStringToObject(o, "seed", seed);
    }
    cJSON_AddNumberToObject(o, "balance", (double)h->balance);
    if (h->game[0])
        cJSON_AddStringToObject(o, "game", h->game);
    else
        cJSON_AddNullToObject(o, "game");
    cJSON *win = cJSON_AddArrayToObject(o, "window");
    cJSON_AddItemToArray(win, cJSON_CreateNumber(h->win_w));
    cJSON_AddItemToArray(win, cJSON_CreateNumber(h->win_h));
    cJSON_AddBoolToObject(o, "headless", h->headless);
    clock_text(h->clock, clock);
    cJSON_AddStringToObject(o, "clock", clock);
    if (h->memory[0])
        cJSON_AddStringToObject(o, "memory", h->memory);
    if (h->lang[0])
        cJSON_AddStringToObject(o, "lang", h->lang);
    cJSON *st = cJSON_AddObjectToObject(o, "start");
    cJSON_AddNumberToObject(st, "balance", (double)h->start_balance);
    cJSON_AddNumberToObject(st, "bonuses", (double)h->start_bonuses);
    cJSON_AddNumberToObject(st, "rounds", (double)h->start_rounds);
    if (write_line(r, o, err)) {
        recorder_close(r);
        return NULL;
    }
    return r;
}

int recorder_input(Recorder *r, uint64_t tick, const Input *in, Error *err)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "tick", (double)tick);
    cJSON_AddStringToObject(o, "type", type_names[in->type]);
    if (in->type == INPUT_KEY) {
        const char *name = r->keys.name(in->key);
        if (name && name[0] && r->keys.from_name(name) == in->key)
            cJSON_AddStringToObject(o, "key", name);
        else
            cJSON_AddNumberToObject(o, "key", (double)in->key);
        cJSON_AddNumberToObject(o, "mod", in->mod);
    } else {
        cJSON_AddNumberToObject(o, "x", in->x);
        cJSON_AddNumberToObject(o, "y", in->y);
    }
    return write_line(r, o, err);
}

int recorder_end(Recorder *r, uint64_t tick, Error *err)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "tick", (double)tick);
    cJSON_AddStringToObject(o, "type", "end");
    return write_line(r, o, err);
}

void recorder_close(Recorder *r)
{
    if (!r)
        return;
    if (r->f)
        fclose(r->f);
    free(r);
}
