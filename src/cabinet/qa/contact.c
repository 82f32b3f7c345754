/* contact.c - QA's contact sheet: the run.
 *
 * For every game of the lobby (themes/lobby.json) and every named scenario of it
 * (games/<id>/scenarios/, then a tester's --scenario-dir files naming the game), one headless
 * session of app_run plays the scenario in a memory of its own (headless, no --data-dir: a
 * database in memory, never the user's). The scenes shoot their named moments as they always
 * do; app_run hands each frame here (AppOptions.on_shot) and the run keeps the key ones: the
 * moments the scenario's "key_moments" names, else the first moment past the plain ones
 * (reels landing, anticipation, STOP, START, the end), and the round's final picture. Nothing
 * here knows a game: a game added to the lobby, with scenarios, gets its section.
 *
 * Each key frame is written beside the page as <game>/<scenario>-<moment>.png and compared,
 * as decoded pixels, with the golden of the same name: a pixel differs when a channel is off
 * by more than CONTACT_TOL, a frame when more than one pixel in CONTACT_SHARE does. A frame
 * that differs gets the golden's copy and a difference picture (the golden dimmed, the
 * differing pixels bright red) beside it. contact_page.c writes the page. */
#include "contact_priv.h"
#include "png.h"
#include "readfile.h"

#include <SDL_image.h>
#include <cJSON.h>
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* What one session shot: every moment's name, and the frames that may be key. */
typedef struct Capture {
    const ContactCard *card;
    SDL_Surface *kept[CONTACT_FRAMES - 1]; /* the wanted moments (or the first past the plain ones) */
    char kept_name[CONTACT_FRAMES - 1][CONTACT_MOMENT];
    SDL_Surface *first, *last;
    char first_name[CONTACT_MOMENT], last_name[CONTACT_MOMENT];
    char *moments;
    size_t len, cap;
} Capture;

/* "r01-s02-win-03" -> is its moment ("win") one of the plain ones every round has? */
static bool plain_moment(const char *name)
{
    const char *m = name;
    while ((m[0] == 'r' || m[0] == 's') && isdigit((unsigned char)m[1]) && isdigit((unsigned char)m[2]) &&
           m[3] == '-')
        m += 4;
    size_t n = strlen(m);
    if (n > 3 && m[n - 3] == '-' && isdigit((unsigned char)m[n - 2]) && isdigit((unsigned char)m[n - 1]))
        n -= 3;
    static const char *const plain[] = {"reels", "anticipation", "stop", "start", "end", NULL};
    for (int i = 0; plain[i]; i++)
        if (strlen(plain[i]) == n && !strncmp(m, plain[i], n))
            return true;
    return false;
}

static void moments_add(Capture *c, const char *name)
{
    const size_t need = c->len + strlen(name) + 2;
    if (need > c->cap) {
        size_t cap = c->cap ? c->cap * 2 : 1024;
        while (cap < need)
            cap *= 2;
        char *m = realloc(c->moments, cap);
        if (!m)
            return;
        c->moments = m;
        c->cap = cap;
    }
    c->len += (size_t)sprintf(c->moments + c->len, "%s%s", c->len ? " " : "", name);
}

/* app_run's on_shot: the frame is ours. */
static void on_shot(void *ctx, const char *name, SDL_Surface *frame)
{
    Capture *c = ctx;
    moments_add(c, name);
    const ContactCard *card = c->card;
    for (int i = 0; i < CONTACT_FRAMES - 1; i++) {
        const bool want = card->nwant ? i < card->nwant && !strcmp(name, card->want[i])
                                      : i == 0 && !plain_moment(name);
        if (want && !c->kept[i]) {
            c->kept[i] = SDL_DuplicateSurface(frame);
            snprintf(c->kept_name[i], CONTACT_MOMENT, "%s", name);
        }
    }
    if (!c->first) {
        c->first = SDL_DuplicateSurface(frame);
        snprintf(c->first_name, sizeof c->first_name, "%s", name);
    }
    SDL_FreeSurface(c->last);
    c->last = frame;
    snprintf(c->last_name, sizeof c->last_name, "%s", name);
}

static void capture_free(Capture *c)
{
    for (int i = 0; i < CONTACT_FRAMES - 1; i++)
        SDL_FreeSurface(c->kept[i]);
    SDL_FreeSurface(c->first);
    SDL_FreeSurface(c->last);
}

static int write_file(const char *path, const char *data, size_t n, Error *err)
{
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(data, 1, n, f) != n || fclose(f)) {
        error_set(err, "%s: cannot write: %s", path, strerror(errno));
        if (f)
            fclose(f);
        return -1;
    }
    return 0;
}

static int make_dir(const char *path, const char *flag, Error *err)
{
    struct stat st;
    if (mkdir(path, 0777) && (errno != EEXIST || stat(path, &st) || !S_ISDIR(st.st_mode)))
        return error_set(err, "%s %s: cannot make the folder: %s", flag, path,
                         errno == EEXIST ? "a file of that name is there" : strerror(errno));
    return 0;
}

/* The card's title, description and key_moments from its file; -1 with err naming the file
 * and the field (the run itself checks the rest when it plays it). */
static int card_read(ContactCard *card, Error *err)
{
    char *text;
    if (readfile_all(card->path, card->path, READFILE_JSON_MAX, &text, NULL, err))
        return -1;
    cJSON *root = cJSON_Parse(text);
    free(text);
    int rc = -1;
    const cJSON *title = cJSON_GetObjectItemCaseSensitive(root, "title");
    const cJSON *desc = cJSON_GetObjectItemCaseSensitive(root, "description");
    const cJSON *keys = cJSON_GetObjectItemCaseSensitive(root, "key_moments");
    snprintf(card->title, sizeof card->title, "%.*s", (int)sizeof card->title - 1,
             cJSON_IsString(title) ? title->valuestring : card->file);
    snprintf(card->description, sizeof card->description, "%s", cJSON_IsString(desc) ? desc->valuestring : "");
    if (!root) {
        error_set(err, "%s: not JSON", card->path);
    } else if (keys && (!cJSON_IsArray(keys) || cJSON_GetArraySize(keys) < 1 ||
                        cJSON_GetArraySize(keys) > CONTACT_FRAMES - 1)) {
        error_set(err, "%s: key_moments: expected a list of 1 to %d moment names", card->path, CONTACT_FRAMES - 1);
    } else {
        rc = 0;
        for (int i = 0; keys && i < cJSON_GetArraySize(keys) && !rc; i++) {
            const cJSON *k = cJSON_GetArrayItem(keys, i);
            if (!cJSON_IsString(k) || !k->valuestring[0] || strlen(k->valuestring) >= CONTACT_MOMENT ||
                strspn(k->valuestring, "abcdefghijklmnopqrstuvwxyz0123456789-") != strlen(k->valuestring))
                rc = error_set(err, "%s: key_moments[%d]: expected a moment's name such as \"r01-s00-win-01\"",
                               card->path, i);
            else
                snprintf(card->want[card->nwant++], CONTACT_MOMENT, "%s", k->valuestring);
            for (int j = 0; j < card->nwant - 1 && !rc; j++)
                if (!strcmp(card->want[j], card->want[card->nwant - 1]))
                    rc = error_set(err, "%s: key_moments[%d]: \"%s\" is named twice", card->path, i, card->want[j]);
        }
    }
    cJSON_Delete(root);
    return rc;
}

static int by_file(const void *a, const void *b)
{
    return strcmp(((const ContactCard *)a)->file, ((const ContactCard *)b)->file);
}

/* The scenario files of game `id` in `dir` (those naming another game left out), sorted by
 * name, appended to g's cards; -1 with err when out of memory. */
static int list_cards(ContactGame *g, const char *dir, bool own, Error *err)
{
    DIR *d = opendir(dir);
    if (!d)
        return 0; /* a game without named scenarios: its section says so */
    const int first = g->ncards;
    struct dirent *e;
    int rc = 0;
    while ((e = readdir(d)) && !rc) {
        const size_t len = strlen(e->d_name);
        if (len < 6 || strcmp(e->d_name + len - 5, ".json") || len >= sizeof g->cards->file)
            continue;
        char path[1024], game[48];
        if ((size_t)snprintf(path, sizeof path, "%s/%s", dir, e->d_name) >= sizeof path)
            continue; /* a path longer than any scenario's: not one of the game's */
        Error ignored;
        if (own && (scenario_peek_game(path, game, sizeof game, &ignored) || strcmp(game, g->id)))
            continue;
        ContactCard *cards = realloc(g->cards, (size_t)(g->ncards + 1) * sizeof *cards);
        if (!cards) {
            rc = error_set(err, "out of memory listing %s", dir);
            break;
        }
        g->cards = cards;
        ContactCard *c = &cards[g->ncards++];
        memset(c, 0, sizeof *c);
        snprintf(c->file, sizeof c->file, "%s", e->d_name);
        snprintf(c->path, sizeof c->path, "%s", path);
        c->own = own;
    }
    closedir(d);
    if (g->ncards > first)
        qsort(g->cards + first, (size_t)(g->ncards - first), sizeof *g->cards, by_file);
    return rc;
}

/* A frame as an 8-bit RGB PNG (no alpha: a frame is opaque, and smaller so). */
static int save_rgb(SDL_Surface *s, const char *path, Error *err)
{
    char why[256];
    if (png_save(s, path, why, sizeof why))
        return error_set(err, "--contact-sheet: cannot write %s: %s", path, why);
    return 0;
}

/* Counts the pixels of `got` off `want` by more than CONTACT_TOL (both RGBA32, one size) and
 * draws `diff`: the golden dimmed, each of those pixels bright red. */
static long long diff_pixels(const SDL_Surface *got, const SDL_Surface *want, SDL_Surface *diff)
{
    long long bad = 0;
    for (int y = 0; y < want->h; y++) {
        const Uint8 *a = (const Uint8 *)got->pixels + (size_t)y * (size_t)got->pitch;
        const Uint8 *b = (const Uint8 *)want->pixels + (size_t)y * (size_t)want->pitch;
        Uint8 *o = (Uint8 *)diff->pixels + (size_t)y * (size_t)diff->pitch;
        for (int x = 0; x < want->w; x++, a += 4, b += 4, o += 3) {
            bool off = false;
            for (int k = 0; k < 3; k++)
                off |= abs((int)a[k] - (int)b[k]) > CONTACT_TOL;
            bad += off;
            for (int k = 0; k < 3; k++)
                o[k] = off ? (k ? 0 : 255) : (Uint8)(b[k] / 4 + 24);
        }
    }
    return bad;
}

/* Frame `fr` of game `g` against its golden (when there is one); a frame that differs gets
 * the golden's copy and the difference picture beside the page. -1 with err when a file
 * could not be written. */
static int compare(const ContactSheet *s, const ContactGame *g, ContactFrame *fr, SDL_Surface *frame, Error *err)
{
    const ContactDesc *d = s->desc;
    const char *name = strchr(fr->file, '/') + 1;
    char path[1600];
    snprintf(path, sizeof path, "%s/%s/%s", d->golden_dir ? d->golden_dir : "", g->id, name);
    fr->total = (long long)frame->w * frame->h;
    if (!d->golden_dir || access(path, F_OK)) {
        fr->verdict = CONTACT_NO_GOLDEN;
        return 0;
    }
    Error unread = {""};
    SDL_Surface *raw = readfile_check(path, path, READFILE_PICTURE_MAX, &unread) ? NULL : IMG_Load(path);
    SDL_Surface *want = raw ? SDL_ConvertSurfaceFormat(raw, SDL_PIXELFORMAT_RGBA32, 0) : NULL;
    SDL_Surface *got = SDL_ConvertSurfaceFormat(frame, SDL_PIXELFORMAT_RGBA32, 0);
    SDL_Surface *diff = want ? SDL_CreateRGBSurfaceWithFormat(0, want->w, want->h, 24, SDL_PIXELFORMAT_RGB24) : NULL;
    int rc = 0;
    if (!want)
        snprintf(fr->note, sizeof fr->note, "the golden could not be read: %.120s",
                 unread.msg[0] ? unread.msg : IMG_GetError());
    else if (want->w != frame->w || want->h != frame->h)
        snprintf(fr->note, sizeof fr->note, "the golden is %dx%d, the frame %dx%d (see --size)", want->w, want->h,
                 frame->w, frame->h);
    else if (!got || !diff)
        rc = error_set(err, "--contact-sheet: out of memory comparing %s", path);
    fr->differing = fr->note[0] ? fr->total : (!rc ? diff_pixels(got, want, diff) : 0);
    fr->verdict = fr->differing * CONTACT_SHARE > fr->total ? CONTACT_DIFFERS : CONTACT_SAME;
    if (!rc && fr->verdict == CONTACT_DIFFERS && !unread.msg[0]) { /* a golden not read is not copied */
        char out[1600], dir[1200];
        snprintf(fr->golden, sizeof fr->golden, "%s/golden/%s", g->id, name);
        snprintf(dir, sizeof dir, "%s/%s/golden", d->out_dir, g->id);
        snprintf(out, sizeof out, "%s/%s", d->out_dir, fr->golden);
        size_t n = 0;
        char *bytes = NULL;
        if (!make_dir(dir, "--contact-sheet", err))
            readfile_all(path, path, READFILE_PICTURE_MAX, &bytes, &n, err);
        rc = !bytes || write_file(out, bytes, n, err) ? -1 : 0;
        free(bytes);
        if (!rc && !fr->note[0]) {
            snprintf(fr->diff, sizeof fr->diff, "%s/diff/%s", g->id, name);
            snprintf(dir, sizeof dir, "%s/%s/diff", d->out_dir, g->id);
            snprintf(out, sizeof out, "%s/%s", d->out_dir, fr->diff);
            rc = make_dir(dir, "--contact-sheet", err) || save_rgb(diff, out, err) ? -1 : 0;
        }
    }
    SDL_FreeSurface(raw);
    SDL_FreeSurface(want);
    SDL_FreeSurface(got);
    SDL_FreeSurface(diff);
    return rc;
}

/* One key frame of a card: written, compared, counted. */
static int keep_frame(ContactSheet *s, const ContactGame *g, ContactCard *card, SDL_Surface *frame,
                      const char *moment, bool final, Error *err)
{
    ContactFrame *fr = &card->frames[card->nframes++];
    char stem[sizeof card->file];
    snprintf(stem, sizeof stem, "%.*s", (int)strlen(card->file) - 5, card->file); /* without .json */
    snprintf(fr->moment, sizeof fr->moment, "%s", moment);
    snprintf(fr->file, sizeof fr->file, "%s/%s-%s.png", g->id, stem, moment);
    fr->final = final;
    char out[1600];
    snprintf(out, sizeof out, "%s/%s", s->desc->out_dir, fr->file);
    if (save_rgb(frame, out, err) || compare(s, g, fr, frame, err))
        return -1;
    s->frames++;
    s->differ += fr->verdict == CONTACT_DIFFERS;
    s->no_golden += fr->verdict == CONTACT_NO_GOLDEN;
    return 0;
}

/* The key frames of a session that played: its key_moments (a moment it names but did not
 * shoot is a problem of the card), or the first past the plain ones (else the first), then the
 * final picture. */
static int keep_frames(ContactSheet *s, const ContactGame *g, ContactCard *card, const Capture *c, Error *err)
{
    for (int i = 0; i < card->nwant && !card->problem[0]; i++)
        if (!c->kept[i])
            snprintf(card->problem, sizeof card->problem, "%s: key_moments[%d]: \"%s\" was not shot (its moments: "
                     "%.300s)", card->path, i, card->want[i], c->moments ? c->moments : "");
    if (card->problem[0]) {
        error_print("slotcab: %s", card->problem);
        s->failed++;
    }
    int rc = 0;
    SDL_Surface *key = card->nwant ? NULL : c->kept[0] ? c->kept[0] : c->first;
    const char *key_name = c->kept[0] ? c->kept_name[0] : c->first_name;
    if (key && strcmp(key_name, c->last_name))
        rc = keep_frame(s, g, card, key, key_name, false, err);
    for (int i = 0; i < card->nwant && !rc; i++)
        if (c->kept[i] && strcmp(c->kept_name[i], c->last_name))
            rc = keep_frame(s, g, card, c->kept[i], c->kept_name[i], false, err);
    return rc ? rc : keep_frame(s, g, card, c->last, c->last_name, true, err);
}

/* app_run(o) with what it says on stderr kept too (its last line into `said`), so that a card
 * shows why its scenario could not be played; stderr gets it all the same. */
static int run_telling(const AppOptions *o, const AppScenes *scenes, char *said, size_t size)
{
    said[0] = 0;
    fflush(stderr);
    FILE *tmp = tmpfile();
    const int saved = tmp ? dup(STDERR_FILENO) : -1;
    if (saved < 0 || dup2(fileno(tmp), STDERR_FILENO) < 0) {
        if (saved >= 0)
            close(saved);
        if (tmp)
            fclose(tmp);
        return app_run(o, scenes);
    }
    const int status = app_run(o, scenes);
    fflush(stderr);
    dup2(saved, STDERR_FILENO);
    close(saved);
    char line[1024];
    rewind(tmp);
    while (fgets(line, sizeof line, tmp)) {
        fputs(line, stderr);
        line[strcspn(line, "\n")] = 0;
        if (line[0])
            snprintf(said, size, "%s", line);
    }
    fclose(tmp);
    return status;
}

/* Plays one card's scenario in a session of its own and keeps its key frames. A scenario
 * that could not be played, or did not shoot a key moment it names, is said on stderr and
 * in the card's problem; -1 only when a file could not be written (err). */
static int play_card(ContactSheet *s, const ContactGame *g, ContactCard *card, const AppScenes *scenes,
                     Error *err)
{
    Capture c = {.card = card};
    Error e;
    if (card_read(card, &e)) {
        snprintf(card->problem, sizeof card->problem, "%s", e.msg);
        error_print("slotcab: %s", e.msg);
        s->failed++;
        return 0;
    }
    AppOptions o = *s->desc->base;
    o.scenario = card->path;
    o.on_shot = on_shot;
    o.on_shot_ctx = &c;
    char said[1024];
    const int status = run_telling(&o, scenes, said, sizeof said);
    card->moments = c.moments;
    int rc = 0;
    if (status) {
        snprintf(card->problem, sizeof card->problem, "could not be played (exit status %d): %s", status, said);
        s->failed++;
    } else if (!c.last) {
        snprintf(card->problem, sizeof card->problem, "its round shot no moment");
        error_print("slotcab: %s: %s", card->path, card->problem);
        s->failed++;
    } else {
        rc = keep_frames(s, g, card, &c, err);
    }
    capture_free(&c);
    return rc;
}

/* The games of the lobby (or the one --game names) with their cards; -1 with err. */
static int list_games(ContactSheet *s, Error *err)
{
    const ContactDesc *d = s->desc;
    const AppOptions *o = d->base;
    LobbyTheme lt;
    if (theme_load_lobby(o->themes_dir, o->assets_dir, &lt, err))
        return -1;
    char names[THEME_MAX_GAMES * 50] = "";
    for (int i = 0; i < lt.ngames; i++) {
        const LobbyGame *lg = &lt.games[i];
        snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", i ? ", " : "", lg->id);
        if (d->game && strcmp(d->game, lg->id))
            continue;
        ContactGame *g = &s->games[s->ngames++];
        snprintf(g->id, sizeof g->id, "%s", lg->id);
        snprintf(g->name, sizeof g->name, "%s", lg->name);
        char path[1200];
        snprintf(path, sizeof path, "%s/%s/theme.json", o->themes_dir, g->id);
        if (access(path, F_OK)) {
            snprintf(g->note, sizeof g->note, "no theme (%.150s): the cabinet cannot play it yet", path);
            continue;
        }
        snprintf(path, sizeof path, "%s/%s/scenarios", o->games_dir, g->id);
        if (list_cards(g, path, false, err) || (o->scenario_dir && list_cards(g, o->scenario_dir, true, err)))
            return -1;
        if (!g->ncards)
            snprintf(g->note, sizeof g->note, "no named scenarios (%.150s)", path);
    }
    if (!s->ngames)
        return error_set(err, "--game %s: not a game of the lobby %s (its games: %s)", d->game, lt.path, names);
    int cards = 0;
    for (int i = 0; i < s->ngames; i++)
        cards += s->games[i].ncards;
    if (!cards)
        return error_set(err, "--contact-sheet: no scenario to play: none in %s/<game>/scenarios for %s%s", o->games_dir,
                         d->game ? d->game : names, o->scenario_dir ? " nor in --scenario-dir" : "");
    return 0;
}

static double seconds_since(const struct timespec *t0)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)(t.tv_sec - t0->tv_sec) + (double)(t.tv_nsec - t0->tv_nsec) / 1e9;
}

int contact_sheet(const ContactDesc *d, const AppScenes *scenes)
{
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    ContactSheet *s = calloc(1, sizeof *s);
    if (!s) {
        error_print("slotcab: out of memory");
        return 2;
    }
    s->desc = d;
    Error err;
    struct stat st;
    int rc = 0;
    if (d->golden_dir && (stat(d->golden_dir, &st) || !S_ISDIR(st.st_mode)))
        rc = error_set(&err, "--golden %s: not a folder", d->golden_dir);
    if (!rc)
        rc = list_games(s, &err) || make_dir(d->out_dir, "--contact-sheet", &err) ? -1 : 0;
    for (int i = 0; i < s->ngames && !rc; i++) {
        ContactGame *g = &s->games[i];
        char dir[1200];
        snprintf(dir, sizeof dir, "%s/%s", d->out_dir, g->id);
        rc = g->ncards ? make_dir(dir, "--contact-sheet", &err) : 0;
        for (int k = 0; k < g->ncards && !rc; k++) {
            s->scenarios++;
            rc = play_card(s, g, &g->cards[k], scenes, &err);
        }
    }
    if (!rc)
        rc = contact_page_write(s, &err);
    int status = 2;
    if (rc) {
        error_print("slotcab: %s", err.msg);
    } else {
        char shown[1200];
        printf("slotcab: contact sheet %s/index.html: %d scenarios, %d frames, %d differ, %d without golden%s"
               " (%.1f s)\n", error_escape(shown, sizeof shown, d->out_dir), s->scenarios, s->frames, s->differ,
               s->no_golden, s->failed ? ", some scenarios not played (see above)" : "", seconds_since(&t0));
        status = s->failed ? 2 : s->differ ? 1 : 0;
    }
    for (int i = 0; i < s->ngames; i++) {
        for (int k = 0; k < s->games[i].ncards; k++)
            free(s->games[i].cards[k].moments);
        free(s->games[i].cards);
    }
    free(s);
    return status;
}
