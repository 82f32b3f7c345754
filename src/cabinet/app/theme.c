/* theme.c - loading and checking theme files.
 *
 * The loader shares the engine's JSON helpers (jsonfile.h), so a theme's mistakes read
 * like a game file's: "themes/mona-lisa-jewels/theme.json: colors.lines[3]: expected a
 * colour like \"#ffcc00\"". Every field is required and unknown fields are refused, so a
 * typo never falls back silently to a default. Art paths are checked to exist here; whether
 * they draw is checked when they are rasterized. */
#include "theme.h"

#include "jsonfile.h"
#include "readfile.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

static const char *const art_keys[ART__COUNT] = {
    "background", "cell", "reel_frame", "logo", "jackpot_meter", "panel", "box", "pick_tile",
    "pick_tile_hover", "toggle_off", "toggle_on", "pick_tile_face", "tombstone", "slash",
    "feather_trail", "cauldron", "lid", "extra_spin", "lamp_off", "lamp_on", "plan_row",
    "plan_row_blue", "plan_row_yellow", "plan_row_lit", "counter", "marquee", "lamp_dot_off",
    "lamp_dot_on", "mini_board", "mini_basket_big", "mini_basket", "mini_basket_covered",
    "mini_strawberry", "mini_sign", "mini_leprechaun", "mini_leprechaun_hidden", "mini_coin",
    "mini_element", "mini_element_lit", "mini_plaque_prize", "mini_plaque_stop",
    "mini_plaque_stopx2", "mini_cap", "mini_treasure"};
/* art a theme may leave out */
static bool art_optional(int i)
{
    return i == ART_JACKPOT_METER || i == ART_PICK_TILE || i == ART_PICK_TILE_HOVER ||
           i == ART_TOGGLE_OFF || i == ART_TOGGLE_ON || i == ART_PICK_TILE_FACE ||
           i >= ART_TOMBSTONE;
}
static const char *const button_keys[BUTTON__COUNT] = {"spin", "button", "round"};
static const char *const button_states[] = {"normal", "hover", "pressed", "disabled"};
static const char *const timing_keys[TIME__COUNT] = {
    "spin", "reel_gap", "bounce", "quick_gap", "win", "banner", "count_up", "big_win"};

static int color(JsonFile *jf, const cJSON *v, const char *path, SDL_Color *out)
{
    unsigned r, g, b;
    char tail;
    if (!cJSON_IsString(v) || strlen(v->valuestring) != 7 ||
        sscanf(v->valuestring, "#%2x%2x%2x%c", &r, &g, &b, &tail) != 3)
        return jf_fail(jf, path, "expected a colour like \"#ffcc00\"");
    *out = (SDL_Color){(Uint8)r, (Uint8)g, (Uint8)b, 255};
    return 0;
}

static int member_color(JsonFile *jf, const cJSON *obj, const char *key, const char *parent,
                        SDL_Color *out)
{
    char p[128];
    jf_path_key(p, sizeof p, parent, key);
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
    if (!v)
        return jf_fail(jf, p, "missing");
    return color(jf, v, p, out);
}

/* An art path: relative, inside assets/, naming a file that exists. */
static int art_path(JsonFile *jf, const char *assets_dir, const char *path, const char *file,
                    bool must_exist)
{
    if (file[0] == '/' || strstr(file, ".."))
        return jf_fail(jf, path, "\"%s\": art paths are relative to assets/ and stay inside it", file);
    if (!must_exist)
        return 0;
    char full[512];
    struct stat st;
    snprintf(full, sizeof full, "%s/%s", assets_dir, file);
    if (stat(full, &st))
        return jf_fail(jf, path, "\"%s\": no such file in %s", file, assets_dir);
    if (!S_ISREG(st.st_mode))
        return jf_fail(jf, path, "\"%s\": not a regular file (a folder, a pipe or a device)", file);
    if ((unsigned long long)st.st_size > READFILE_PICTURE_MAX)
        return jf_fail(jf, path, "\"%s\": larger than %d MiB", file, (int)(READFILE_PICTURE_MAX >> 20));
    return 0;
}

static int string_art(JsonFile *jf, const cJSON *obj, const char *key, const char *parent,
                      const char *assets_dir, char *out)
{
    char p[128];
    jf_path_key(p, sizeof p, parent, key);
    if (jf_string(jf, obj, key, parent, out, THEME_PATH))
        return -1;
    return art_path(jf, assets_dir, p, out, true);
}

static int load_art(JsonFile *jf, const cJSON *root, const char *assets_dir, Theme *th)
{
    const cJSON *art;
    static const char *allowed[ART__COUNT + BUTTON__COUNT + 1];
    for (int i = 0; i < ART__COUNT; i++)
        allowed[i] = art_keys[i];
    for (int i = 0; i < BUTTON__COUNT; i++)
        allowed[ART__COUNT + i] = button_keys[i];
    if (jf_object(jf, root, "art", "", &art) || jf_only(jf, art, "art", allowed))
        return -1;
    for (int i = 0; i < ART__COUNT; i++) {
        if (art_optional(i) && !cJSON_GetObjectItemCaseSensitive(art, art_keys[i]))
            continue; /* left "" */
        if (string_art(jf, art, art_keys[i], "art", assets_dir, th->art[i]))
            return -1;
    }
    for (int i = 0; i < BUTTON__COUNT; i++) {
        char p[128];
        jf_path_key(p, sizeof p, "art", button_keys[i]);
        if (jf_string(jf, art, button_keys[i], "art", th->button[i], THEME_PATH - 16) ||
            art_path(jf, assets_dir, p, th->button[i], false))
            return -1;
        for (size_t s = 0; s < SDL_arraysize(button_states); s++) {
            char file[THEME_PATH + 16];
            snprintf(file, sizeof file, "%s-%s.svg", th->button[i], button_states[s]);
            if (art_path(jf, assets_dir, p, file, true))
                return -1;
        }
    }
    return 0;
}

static int load_symbols(JsonFile *jf, const cJSON *root, const char *assets_dir,
                        const GameDef *def, Theme *th)
{
    const cJSON *syms;
    if (jf_object(jf, root, "symbols", "", &syms) || jf_unique(jf, syms, "symbols"))
        return -1;
    const cJSON *s;
    cJSON_ArrayForEach(s, syms) {
        char p[128];
        jf_path_key(p, sizeof p, "symbols", s->string);
        if (gamedef_symbol(def, s->string) < 0)
            return jf_fail(jf, p, "%s has no symbol %s", def->path, s->string);
    }
    for (int i = 0; i < def->nsymbols; i++) {
        char p[128];
        jf_path_key(p, sizeof p, "symbols", def->symbols[i].id);
        const cJSON *o = cJSON_GetObjectItemCaseSensitive(syms, def->symbols[i].id);
        if (!o)
            return jf_fail(jf, p, "missing: every symbol of %s needs its art", def->path);
        static const char *const allowed[] = {"art", "label", NULL};
        if (!cJSON_IsObject(o))
            return jf_fail(jf, p, "expected an object {\"art\": ..., \"label\": ...}");
        if (jf_only(jf, o, p, allowed) || string_art(jf, o, "art", p, assets_dir, th->symbol[i].art))
            return -1;
        /* the label is optional: most symbols carry no word */
        if (cJSON_GetObjectItemCaseSensitive(o, "label") &&
            jf_string(jf, o, "label", p, th->symbol[i].label, sizeof th->symbol[i].label))
            return -1;
    }
    return 0;
}

static int load_colors(JsonFile *jf, const cJSON *root, Theme *th)
{
    const cJSON *c, *lines;
    static const char *const allowed[] = {"text", "accent", "dim", "lines", "window", NULL};
    if (jf_object(jf, root, "colors", "", &c) || jf_only(jf, c, "colors", allowed) ||
        member_color(jf, c, "text", "colors", &th->text) ||
        member_color(jf, c, "accent", "colors", &th->accent) ||
        member_color(jf, c, "dim", "colors", &th->dim) ||
        (cJSON_GetObjectItemCaseSensitive(c, "window") &&
         member_color(jf, c, "window", "colors", &th->window)) ||
        jf_array(jf, c, "lines", "colors", &lines))
        return -1;
    int n = cJSON_GetArraySize(lines);
    if (n < 1 || n > THEME_MAX_LINES)
        return jf_fail(jf, "colors.lines", "expected 1 to %d colours, got %d", THEME_MAX_LINES, n);
    th->nline_colors = n;
    if (!cJSON_GetObjectItemCaseSensitive(c, "window"))
        th->window = (SDL_Color){36, 16, 12, 255}; /* warm dark brown */
    for (int i = 0; i < n; i++) {
        char p[64];
        jf_path_index(p, sizeof p, "colors.lines", i);
        if (color(jf, cJSON_GetArrayItem(lines, i), p, &th->line[i]))
            return -1;
    }
    return 0;
}

/* layout.title_plate {x, y, w, h}: where in the logo's plate the title goes; by default
 * the plate of the logo's usual art. */
static int load_title_plate(JsonFile *jf, const cJSON *lay, Theme *th)
{
    static const char *const keys[] = {"x", "y", "w", "h", NULL};
    const cJSON *p;
    int64_t v[4];
    th->title_plate = (SDL_Rect){100, 42, 400, 90};
    if (!cJSON_GetObjectItemCaseSensitive(lay, "title_plate"))
        return 0;
    if (jf_object(jf, lay, "title_plate", "layout", &p) || jf_only(jf, p, "layout.title_plate", keys))
        return -1;
    for (int i = 0; i < 4; i++)
        if (jf_int(jf, p, keys[i], "layout.title_plate", i < 2 ? 0 : 1, i % 2 ? 1080 : 1920, &v[i]))
            return -1;
    th->title_plate = (SDL_Rect){(int)v[0], (int)v[1], (int)v[2], (int)v[3]};
    return 0;
}

static int load_numbers(JsonFile *jf, const cJSON *root, Theme *th)
{
    const cJSON *lay, *t;
    static const char *const lay_keys[] = {"reels_x", "reels_y", "cell", "frame", "title_plate", NULL};
    int64_t x, y, cell, big, frame = 40;
    if (jf_object(jf, root, "layout", "", &lay) || jf_only(jf, lay, "layout", lay_keys) ||
        jf_int(jf, lay, "reels_x", "layout", 0, 1919, &x) ||
        jf_int(jf, lay, "reels_y", "layout", 0, 1079, &y) ||
        jf_int(jf, lay, "cell", "layout", 32, 400, &cell) ||
        (cJSON_GetObjectItemCaseSensitive(lay, "frame") &&
         jf_int(jf, lay, "frame", "layout", 0, 200, &frame)) ||
        load_title_plate(jf, lay, th))
        return -1;
    th->frame = (int)frame;
    th->reels_x = (int)x;
    th->reels_y = (int)y;
    th->cell = (int)cell;
    static const char *allowed[TIME__COUNT + 1];
    for (int i = 0; i < TIME__COUNT; i++)
        allowed[i] = timing_keys[i];
    if (jf_object(jf, root, "timings_ms", "", &t) || jf_only(jf, t, "timings_ms", allowed))
        return -1;
    for (int i = 0; i < TIME__COUNT; i++) {
        int64_t ms;
        if (jf_int(jf, t, timing_keys[i], "timings_ms", 1, 20000, &ms))
            return -1;
        th->timing_ms[i] = (int)ms;
    }
    if (jf_int(jf, root, "big_win_x", "", 1, 100000, &big))
        return -1;
    th->big_win_x = (int)big;
    /* the higher tiers, optional: by default 2.5 and 5 times the big win's multiple */
    int64_t mega = big * 5 / 2, epic = big * 5;
    if (cJSON_GetObjectItemCaseSensitive(root, "mega_win_x") &&
        jf_int(jf, root, "mega_win_x", "", big + 1, 1000000, &mega))
        return -1;
    if (cJSON_GetObjectItemCaseSensitive(root, "epic_win_x") &&
        jf_int(jf, root, "epic_win_x", "", mega + 1, 10000000, &epic))
        return -1;
    th->mega_win_x = (int)mega;
    th->epic_win_x = (int)epic;
    return 0;
}

SynthSound theme_sound(const Theme *th, const char *name)
{
    for (int i = 0; i < th->nsounds; i++)
        if (!strcmp(th->sound[i].name, name))
            return th->sound[i].sound;
    return -1;
}

/* "sounds": {"<moment>": "<synthesized sound>", ...}: any moments, named in snake_case, each a
 * sound the synthesizer has; the moments every cabinet has (THEME_SOUNDS_SHARED) required. */
static int load_sounds(JsonFile *jf, const cJSON *root, Theme *th)
{
    static const char *const shared[] = {THEME_SOUNDS_SHARED};
    const cJSON *s, *v;
    if (jf_object(jf, root, "sounds", "", &s) || jf_unique(jf, s, "sounds"))
        return -1;
    cJSON_ArrayForEach(v, s) {
        char p[64], name[32];
        jf_path_key(p, sizeof p, "sounds", v->string);
        if (th->nsounds == THEME_MAX_SOUNDS)
            return jf_fail(jf, p, "more than %d sounds", THEME_MAX_SOUNDS);
        const size_t len = strlen(v->string);
        if (!len || len >= THEME_SOUND_NAME || strspn(v->string, "abcdefghijklmnopqrstuvwxyz0123456789_") != len)
            return jf_fail(jf, p, "a moment's name is 1 to %d lowercase letters, digits and '_'",
                           THEME_SOUND_NAME - 1);
        if (jf_string(jf, s, v->string, "sounds", name, sizeof name))
            return -1;
        const int k = synth_find(name);
        if (k < 0)
            return jf_fail(jf, p, "\"%s\" is not a sound the cabinet makes", name);
        ThemeSound *ts = &th->sound[th->nsounds++];
        memcpy(ts->name, v->string, len + 1);
        ts->sound = k;
    }
    for (size_t i = 0; i < SDL_arraysize(shared); i++)
        if (theme_sound(th, shared[i]) < 0) {
            char p[64];
            jf_path_key(p, sizeof p, "sounds", shared[i]);
            return jf_fail(jf, p, "missing: every cabinet plays a sound here");
        }
    return 0;
}

static bool sound_listed(const char *const *const *lists, const char *name)
{
    static const char *const shared[] = {THEME_SOUNDS_SHARED, NULL};
    for (const char *const *n = shared; *n; n++)
        if (!strcmp(*n, name))
            return true;
    for (; *lists; lists++)
        for (const char *const *n = *lists; *n; n++)
            if (!strcmp(*n, name))
                return true;
    return false;
}

int theme_check_sounds(const Theme *th, const char *const *const *lists, Error *err)
{
    for (int i = 0; i < th->nsounds; i++)
        if (!sound_listed(lists, th->sound[i].name))
            return error_set(err, "%s: sounds.%s: not a moment a %s game plays a sound at", th->path,
                             th->sound[i].name, th->kind);
    return 0;
}

/* "fonts": {"banner": "fonts/X.ttf"}, optional: the one family of the game's banners. */
static int load_fonts(JsonFile *jf, const cJSON *root, const char *assets_dir, Theme *th)
{
    snprintf(th->banner_font, sizeof th->banner_font, "%s", "fonts/DejaVuSerif-Bold.ttf");
    const cJSON *f = cJSON_GetObjectItemCaseSensitive(root, "fonts");
    if (!f)
        return 0;
    static const char *const allowed[] = {"banner", NULL};
    if (jf_object(jf, root, "fonts", "", &f) || jf_only(jf, f, "fonts", allowed))
        return -1;
    if (cJSON_GetObjectItemCaseSensitive(f, "banner"))
        return string_art(jf, f, "banner", "fonts", assets_dir, th->banner_font);
    return 0;
}

/* "rules": [{"heading", "symbol" (optional), "text"}, ...], the rules window's sections in
 * order. Every game's cabinet has a rules window, so a theme without them is refused; a text
 * too long for its buffer is refused, never cut. */
static int load_rules(JsonFile *jf, const cJSON *root, const GameDef *def, Theme *th)
{
    static const char shape[] = "[{\"heading\": ..., \"symbol\": ..., \"text\": ...}, ...]";
    const cJSON *rules = cJSON_GetObjectItemCaseSensitive(root, "rules");
    if (!rules)
        return jf_fail(jf, "rules", "missing: the rules window's sections, %s", shape);
    if (!cJSON_IsArray(rules))
        return jf_fail(jf, "rules", "expected an array of sections %s", shape);
    const int n = cJSON_GetArraySize(rules);
    if (n < 1 || n > THEME_MAX_RULES)
        return jf_fail(jf, "rules", "expected 1 to %d sections, got %d", THEME_MAX_RULES, n);
    for (int i = 0; i < n; i++) {
        static const char *const keys[] = {"heading", "symbol", "text", NULL};
        const cJSON *o = cJSON_GetArrayItem(rules, i);
        ThemeRule *r = &th->rule[i];
        char p[64], sp[80], sym[64];
        jf_path_index(p, sizeof p, "rules", i);
        if (!cJSON_IsObject(o))
            return jf_fail(jf, p, "expected an object {\"heading\", \"symbol\", \"text\"}");
        if (jf_only(jf, o, p, keys) || jf_string(jf, o, "heading", p, r->heading, sizeof r->heading) ||
            jf_string(jf, o, "text", p, r->text, sizeof r->text))
            return -1;
        if (!cJSON_GetObjectItemCaseSensitive(o, "symbol"))
            continue; /* a section about no symbol: no picture */
        jf_path_key(sp, sizeof sp, p, "symbol");
        if (jf_string(jf, o, "symbol", p, sym, sizeof sym))
            return -1;
        const int k = gamedef_symbol(def, sym);
        if (k < 0)
            return jf_fail(jf, sp, "\"%s\" is not a symbol of %s", sym, def->id);
        _Static_assert(sizeof r->symbol == sizeof def->symbols[0].id, "a symbol id fits");
        memcpy(r->symbol, def->symbols[k].id, sizeof r->symbol);
    }
    th->nrules = n;
    return 0;
}

/* "min_text_px": optional, a whole number of canvas pixels. */
static int load_min_text(JsonFile *jf, const cJSON *root, int *px)
{
    int64_t v = THEME_MIN_TEXT_PX;
    if (cJSON_GetObjectItemCaseSensitive(root, "min_text_px") &&
        jf_int(jf, root, "min_text_px", "", 8, 200, &v))
        return -1;
    *px = (int)v;
    return 0;
}

int theme_load(const char *themes_dir, const char *assets, const GameDef *def, Theme *th,
               Error *err)
{
    memset(th, 0, sizeof *th);
    snprintf(th->path, sizeof th->path, "%s/%s/theme.json", themes_dir, def->id);
    JsonFile jf = {.file = th->path, .err = err};
    cJSON *root = NULL;
    if (jf_parse(&jf, th->path, &root))
        return -1;
    static const char *const allowed[] = {"game", "kind", "title", "art", "symbols", "colors", "layout",
                                          "timings_ms", "big_win_x", "mega_win_x", "epic_win_x",
                                          "sounds", "fonts", "rules", "min_text_px", NULL};
    int rc = -1;
    if (!cJSON_IsObject(root)) {
        jf_fail(&jf, "", "expected a JSON object");
        goto done;
    }
    if (jf_only(&jf, root, "", allowed) ||
        jf_string(&jf, root, "game", "", th->game, sizeof th->game) ||
        jf_string(&jf, root, "kind", "", th->kind, sizeof th->kind) ||
        jf_string(&jf, root, "title", "", th->title, sizeof th->title))
        goto done;
    if (strcmp(th->game, def->id)) {
        jf_fail(&jf, "game", "\"%s\" but this is the theme of %s", th->game, def->id);
        goto done;
    }
    if (load_art(&jf, root, assets, th) || load_symbols(&jf, root, assets, def, th) ||
        load_colors(&jf, root, th) || load_numbers(&jf, root, th) || load_sounds(&jf, root, th) ||
        load_fonts(&jf, root, assets, th) || load_rules(&jf, root, def, th) ||
        load_min_text(&jf, root, &th->min_text_px))
        goto done;
    if (!th->art[ART_TOGGLE_OFF][0] != !th->art[ART_TOGGLE_ON][0]) {
        jf_fail(&jf, th->art[ART_TOGGLE_ON][0] ? "art.toggle_off" : "art.toggle_on",
                "missing: a toggle needs its box off and on");
        goto done;
    }
    if (th->reels_x + th->cell * def->cols > 1920 || th->reels_y + th->cell * def->rows > 1080) {
        jf_fail(&jf, "layout", "the reels (%d x %d cells of %d) do not fit on the 1920x1080 canvas",
                def->cols, def->rows, th->cell);
        goto done;
    }
    rc = 0;
done:
    cJSON_Delete(root);
    return rc;
}

/* One field of a game's theme.json, read without loading the theme: its kind (want->kind)
 * or its minimum text size (want->px). */
typedef struct Peek {
    char *kind;
    size_t size;
    int *px;
} Peek;

static int peek(const char *themes_dir, const char *game_id, Error *err, Peek *want)
{
    char path[256];
    snprintf(path, sizeof path, "%s/%s/theme.json", themes_dir, game_id);
    JsonFile jf = {.file = path, .err = err};
    cJSON *root = NULL;
    if (jf_parse(&jf, path, &root))
        return -1;
    int rc = !cJSON_IsObject(root) ? jf_fail(&jf, "", "expected a JSON object")
             : want->kind          ? jf_string(&jf, root, "kind", "", want->kind, want->size)
                                   : load_min_text(&jf, root, want->px);
    cJSON_Delete(root);
    return rc;
}

int theme_peek_kind(const char *themes_dir, const char *game_id, char *kind, size_t size,
                    Error *err)
{
    return peek(themes_dir, game_id, err, &(Peek){.kind = kind, .size = size});
}

int theme_peek_min_text(const char *themes_dir, const char *game_id, int *px, Error *err)
{
    *px = THEME_MIN_TEXT_PX;
    return peek(themes_dir, game_id, err, &(Peek){.px = px});
}

int theme_load_lobby(const char *themes_dir, const char *assets, LobbyTheme *lt, Error *err)
{
    memset(lt, 0, sizeof *lt);
    snprintf(lt->path, sizeof lt->path, "%s/lobby.json", themes_dir);
    JsonFile jf = {.file = lt->path, .err = err};
    cJSON *root = NULL;
    if (jf_parse(&jf, lt->path, &root))
        return -1;
    static const char *const allowed[] = {"background", "highlight", "coming_soon", "games", NULL};
    const cJSON *games;
    int rc = -1;
    if (!cJSON_IsObject(root)) {
        jf_fail(&jf, "", "expected a JSON object");
        goto done;
    }
    if (jf_only(&jf, root, "", allowed) ||
        string_art(&jf, root, "background", "", assets, lt->background) ||
        string_art(&jf, root, "highlight", "", assets, lt->highlight) ||
        string_art(&jf, root, "coming_soon", "", assets, lt->coming_soon) ||
        jf_array(&jf, root, "games", "", &games))
        goto done;
    int n = cJSON_GetArraySize(games);
    if (n < 1 || n > THEME_MAX_GAMES) {
        jf_fail(&jf, "games", "expected 1 to %d games, got %d", THEME_MAX_GAMES, n);
        goto done;
    }
    for (int i = 0; i < n; i++) {
        char p[64];
        jf_path_index(p, sizeof p, "games", i);
        const cJSON *o = cJSON_GetArrayItem(games, i);
        static const char *const keys[] = {"id", "name", "tile", NULL};
        LobbyGame *g = &lt->games[i];
        if (!cJSON_IsObject(o)) {
            jf_fail(&jf, p, "expected an object {\"id\", \"name\", \"tile\"}");
            goto done;
        }
        if (jf_only(&jf, o, p, keys) || jf_string(&jf, o, "id", p, g->id, sizeof g->id))
            goto done;
        if (!g->id[0] || strspn(g->id, "abcdefghijklmnopqrstuvwxyz0123456789-") != strlen(g->id)) {
            jf_fail(&jf, p, "id \"%s\": a game id is lowercase letters, digits and '-'", g->id);
            goto done;
        }
        if (jf_string(&jf, o, "name", p, g->name, sizeof g->name) ||
            string_art(&jf, o, "tile", p, assets, g->tile))
            goto done;
    }
    lt->ngames = n;
    rc = 0;
done:
    cJSON_Delete(root);
    return rc;
}
