/* deck.c - the button deck's mapping and its translation into the keys the scenes know.
 *
 * The mapping is a table per kind of input (a controller's buttons, its axes' two
 * directions, a joystick's numbered buttons, axes and hats) holding an action each. The
 * built-in default is the JSON text below, read by the same parser as a settings file, so
 * the two cannot drift apart (data/deck.json is a copy a test compares with it). What
 * devices hold is followed per device, so an axis's direction or a hat's position turns
 * into presses and releases, and an action held from two buttons goes up once both are
 * let go. Everything happens at ticks the caller gives: no clock is read here. */
#include "deck.h"
#include "readfile.h"

#include <cjson/cJSON.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PAD_BUTTONS SDL_CONTROLLER_BUTTON_MAX
#define PAD_AXES SDL_CONTROLLER_AXIS_MAX

typedef struct DeckMap {
    uint8_t pad_button[PAD_BUTTONS];
    uint8_t pad_axis[PAD_AXES][2]; /* [axis][0: -, 1: +] */
    uint8_t joy_button[DECK_JOY_BUTTONS];
    uint8_t joy_axis[DECK_JOY_AXES][2];
    uint8_t joy_hat[DECK_JOY_HATS][4]; /* up, right, down, left: SDL_HAT_ bits 0..3 */
} DeckMap;

typedef struct DeckDevice {
    bool used;
    int id;
    uint32_t pad_button, joy_button; /* bits held */
    int8_t pad_axis[PAD_AXES], joy_axis[DECK_JOY_AXES]; /* -1, 0, +1 */
    uint8_t hat[DECK_JOY_HATS];
} DeckDevice;

struct Deck {
    DeckMap map;
    DeckDevice dev[DECK_DEVICES];
    int held[DECK__ACTIONS];      /* inputs holding each action down */
    uint64_t held_t0[DECK__ACTIONS];
    bool held_spent[DECK__ACTIONS]; /* its held key went: its release is no click */
};

typedef struct ActionDef {
    const char *name;
    SDL_Keycode key;
    Uint16 mod;
    int held_ticks; /* 0: the key goes as the button goes down */
} ActionDef;

#define DECK_DEF(id, name, key, mod, held) [DECK_##id] = {name, key, mod, held},
static const ActionDef actions[DECK__ACTIONS] = {[DECK_NONE] = {"none", 0, 0, 0}, DECK_ACTIONS(DECK_DEF)};
#undef DECK_DEF

static const char default_json[] =
    "{\"controller\": {"
    "\"a\": \"spin\", \"b\": \"collect\", \"x\": \"hold1\", \"y\": \"hold2\", \"rightshoulder\": \"hold3\","
    "\"leftshoulder\": \"bet\", \"start\": \"auto\", \"back\": \"back\", \"lefttrigger\": \"game_change\","
    "\"righttrigger\": \"autoplay\", \"dpup\": \"up\", \"dpdown\": \"down\", \"dpleft\": \"left\","
    "\"dpright\": \"right\", \"leftx-\": \"left\", \"leftx+\": \"right\", \"lefty-\": \"up\","
    "\"lefty+\": \"down\", \"leftstick\": \"event_log\", \"rightstick\": \"picker\","
    "\"guide\": \"screenshot\"},"
    "\"joystick\": {"
    "\"button0\": \"spin\", \"button1\": \"bet\", \"button2\": \"hold1\", \"button3\": \"hold2\","
    "\"button4\": \"hold3\", \"button5\": \"collect\", \"button6\": \"auto\", \"button7\": \"game_change\","
    "\"button8\": \"autoplay\", \"button9\": \"back\", \"button10\": \"event_log\", \"button11\": \"picker\","
    "\"axis0-\": \"left\", \"axis0+\": \"right\", \"axis1-\": \"up\", \"axis1+\": \"down\","
    "\"hat0up\": \"up\", \"hat0right\": \"right\", \"hat0down\": \"down\", \"hat0left\": \"left\"}}";

static const char *const hat_dirs[4] = {"up", "right", "down", "left"};

const char *deck_action_name(DeckAction a)
{
    return a > DECK_NONE && a < DECK__ACTIONS ? actions[a].name : "none";
}

Deck *deck_new(void)
{
    Deck *d = calloc(1, sizeof *d);
    Error err;
    if (d && deck_load_json(d, default_json, "the built-in deck", &err)) {
        error_print("slotcab: %s", err.msg); /* a mistake in the text above */
        free(d);
        return NULL;
    }
    return d;
}

void deck_free(Deck *d) { free(d); }

/* "12" -> 12 (digits only, no leading zero, below `limit`); -1 otherwise. */
static int parse_index(const char *s, int limit)
{
    if (s[0] < '0' || s[0] > '9' || (s[0] == '0' && s[1] >= '0' && s[1] <= '9'))
        return -1;
    int v = 0;
    for (; *s >= '0' && *s <= '9'; s++)
        if ((v = v * 10 + (*s - '0')) >= limit)
            return -1;
    return *s ? -1 : v;
}

/* The slot of the mapping a controller input's name ("a", "leftx-", "lefttrigger") names. */
static uint8_t *pad_slot(DeckMap *m, const char *name)
{
    for (int b = 0; b < PAD_BUTTONS; b++) {
        const char *s = SDL_GameControllerGetStringForButton((SDL_GameControllerButton)b);
        if (s && !strcmp(s, name))
            return &m->pad_button[b];
    }
    size_t n = strlen(name);
    for (int x = 0; x < PAD_AXES; x++) {
        const char *s = SDL_GameControllerGetStringForAxis((SDL_GameControllerAxis)x);
        const bool trigger = x == SDL_CONTROLLER_AXIS_TRIGGERLEFT || x == SDL_CONTROLLER_AXIS_TRIGGERRIGHT;
        if (!s)
            continue;
        if (trigger && !strcmp(s, name))
            return &m->pad_axis[x][1];
        if (!trigger && n == strlen(s) + 1 && !strncmp(s, name, n - 1) && (name[n - 1] == '-' || name[n - 1] == '+'))
            return &m->pad_axis[x][name[n - 1] == '+'];
    }
    return NULL;
}

/* ... and a joystick input's ("button3", "axis0+", "hat0left"). */
static uint8_t *joy_slot(DeckMap *m, const char *name)
{
    char num[16];
    if (!strncmp(name, "button", 6)) {
        int i = parse_index(name + 6, DECK_JOY_BUTTONS);
        return i < 0 ? NULL : &m->joy_button[i];
    }
    size_t n = strlen(name);
    if (!strncmp(name, "axis", 4) && n > 5 && n < 4 + sizeof num && (name[n - 1] == '-' || name[n - 1] == '+')) {
        snprintf(num, sizeof num, "%.*s", (int)(n - 5), name + 4);
        int i = parse_index(num, DECK_JOY_AXES);
        return i < 0 ? NULL : &m->joy_axis[i][name[n - 1] == '+'];
    }
    if (!strncmp(name, "hat", 3))
        for (int dir = 0; dir < 4; dir++) {
            size_t dl = strlen(hat_dirs[dir]);
            if (n > 3 + dl && n - 3 - dl < sizeof num && !strcmp(name + n - dl, hat_dirs[dir])) {
                snprintf(num, sizeof num, "%.*s", (int)(n - 3 - dl), name + 3);
                int i = parse_index(num, DECK_JOY_HATS);
                return i < 0 ? NULL : &m->joy_hat[i][dir];
            }
        }
    return NULL;
}

static void known_actions(char *out, size_t size)
{
    size_t len = 0;
    out[0] = 0;
    for (int a = DECK_NONE + 1; a < DECK__ACTIONS && len < size; a++)
        len += (size_t)snprintf(out + len, size - len, "%s%s", a > 1 ? ", " : "", actions[a].name);
}

static void known_pad_inputs(char *out, size_t size)
{
    size_t len = 0;
    out[0] = 0;
    for (int b = 0; b < PAD_BUTTONS && len < size; b++)
        len += (size_t)snprintf(out + len, size - len, "%s, ",
                                SDL_GameControllerGetStringForButton((SDL_GameControllerButton)b));
    if (len < size)
        snprintf(out + len, size - len, "leftx-/+, lefty-/+, rightx-/+, righty-/+, lefttrigger, righttrigger");
}

static DeckAction action_named(const char *name)
{
    for (int a = DECK_NONE + 1; a < DECK__ACTIONS; a++)
        if (!strcmp(actions[a].name, name))
            return (DeckAction)a;
    return DECK_NONE;
}

/* One section ("controller" or "joystick") of a settings file into m, which it replaces. */
static int load_section(DeckMap *m, const cJSON *obj, bool pad, const char *name, Error *err)
{
    const char *section = pad ? "controller" : "joystick";
    if (!cJSON_IsObject(obj))
        return error_set(err, "%s: %s: expected an object of inputs and their actions", name, section);
    if (pad) {
        memset(m->pad_button, 0, sizeof m->pad_button);
        memset(m->pad_axis, 0, sizeof m->pad_axis);
    } else {
        memset(m->joy_button, 0, sizeof m->joy_button);
        memset(m->joy_axis, 0, sizeof m->joy_axis);
        memset(m->joy_hat, 0, sizeof m->joy_hat);
    }
    const cJSON *item;
    cJSON_ArrayForEach(item, obj) {
        const char *in = item->string;
        uint8_t *slot = pad ? pad_slot(m, in) : joy_slot(m, in);
        char known[400];
        if (!slot) {
            if (pad)
                known_pad_inputs(known, sizeof known);
            else
                snprintf(known, sizeof known, "button0 to button%d, axis0- to axis%d+, hat0up to hat%dleft",
                         DECK_JOY_BUTTONS - 1, DECK_JOY_AXES - 1, DECK_JOY_HATS - 1);
            return error_set(err, "%s: %s.%s: unknown %s input (known: %s)", name, section, in,
                             pad ? "controller" : "joystick", known);
        }
        if (*slot)
            return error_set(err, "%s: %s.%s: named twice", name, section, in);
        if (!cJSON_IsString(item))
            return error_set(err, "%s: %s.%s: expected an action's name, as a string", name, section, in);
        DeckAction a = action_named(item->valuestring);
        if (a == DECK_NONE) {
            known_actions(known, sizeof known);
            return error_set(err, "%s: %s.%s: unknown action \"%s\" (known: %s)", name, section, in,
                             item->valuestring, known);
        }
        *slot = (uint8_t)a;
    }
    return 0;
}

int deck_load_json(Deck *d, const char *text, const char *name, Error *err)
{
    cJSON *root = cJSON_Parse(text);
    if (!root) {
        const char *at = cJSON_GetErrorPtr();
        int line = 1;
        for (const char *p = text; at && p < at && *p; p++)
            line += *p == '\n';
        return error_set(err, "%s: not valid JSON (line %d)", name, line);
    }
    DeckMap m = d->map;
    int rc = 0;
    if (!cJSON_IsObject(root))
        rc = error_set(err, "%s: expected a JSON object with \"controller\" and/or \"joystick\"", name);
    const cJSON *item;
    for (item = rc ? NULL : root->child; item && !rc; item = item->next) {
        for (const cJSON *o = root->child; o != item && !rc; o = o->next)
            if (!strcmp(o->string, item->string))
                rc = error_set(err, "%s: %s: named twice", name, item->string);
        if (rc)
            break;
        if (!strcmp(item->string, "controller") || !strcmp(item->string, "joystick"))
            rc = load_section(&m, item, !strcmp(item->string, "controller"), name, err);
        else if (strcmp(item->string, "comment"))
            rc = error_set(err, "%s: %s: unknown field (known: controller, joystick, comment)", name,
                           item->string);
    }
    cJSON_Delete(root);
    if (!rc)
        d->map = m;
    return rc;
}

int deck_load_file(Deck *d, const char *path, Error *err)
{
    char *text;
    size_t len;
    if (readfile_all(path, path, READFILE_SMALL_MAX, &text, &len, err))
        return -1;
    int rc = strlen(text) != len ? error_set(err, "%s: not a text file (it holds a NUL byte)", path)
             : !len ? error_set(err, "%s: empty: expected a JSON object", path)
             : deck_load_json(d, text, path, err);
    free(text);
    return rc;
}

void deck_default_path(char *out, size_t size)
{
    const char *xdg = getenv("XDG_CONFIG_HOME"), *home = getenv("HOME");
    if (xdg && xdg[0] == '/')
        snprintf(out, size, "%s/slotcab/deck.json", xdg);
    else if (home && home[0])
        snprintf(out, size, "%s/.config/slotcab/deck.json", home);
    else if (size)
        out[0] = 0;
}

DeckAction deck_action(const Deck *d, DeckSource src, int index, int dir)
{
    const DeckMap *m = &d->map;
    int h = dir == SDL_HAT_UP ? 0 : dir == SDL_HAT_RIGHT ? 1 : dir == SDL_HAT_DOWN ? 2 : dir == SDL_HAT_LEFT ? 3 : -1;
    switch (src) {
    case DECK_PAD_BUTTON:
        return index >= 0 && index < PAD_BUTTONS ? m->pad_button[index] : DECK_NONE;
    case DECK_PAD_AXIS:
        return index >= 0 && index < PAD_AXES && dir ? m->pad_axis[index][dir > 0] : DECK_NONE;
    case DECK_JOY_BUTTON:
        return index >= 0 && index < DECK_JOY_BUTTONS ? m->joy_button[index] : DECK_NONE;
    case DECK_JOY_AXIS:
        return index >= 0 && index < DECK_JOY_AXES && dir ? m->joy_axis[index][dir > 0] : DECK_NONE;
    case DECK_JOY_HAT:
        return index >= 0 && index < DECK_JOY_HATS && h >= 0 ? m->joy_hat[index][h] : DECK_NONE;
    }
    return DECK_NONE;
}

/* ---- translation ---------------------------------------------------------------------------- */

static void put(Input *out, int *n, SDL_Keycode key, Uint16 mod)
{
    if (*n < DECK_OUT_MAX)
        out[(*n)++] = (Input){.type = INPUT_KEY, .key = key, .mod = mod};
}

/* Action a goes down or up. A release with `click` false (the device is gone) sends nothing. */
static void edge(Deck *d, DeckAction a, bool down, bool click, uint64_t tick, Input *out, int *n)
{
    if (a == DECK_NONE)
        return;
    const ActionDef *def = &actions[a];
    if (down) {
        if (d->held[a]++)
            return;
        d->held_t0[a] = tick;
        d->held_spent[a] = false;
        if (!def->held_ticks)
            put(out, n, def->key, def->mod);
    } else if (d->held[a] > 0 && --d->held[a] == 0 && def->held_ticks && !d->held_spent[a] && click) {
        put(out, n, def->key, def->mod);
    }
}

static DeckDevice *device(Deck *d, int id, bool make)
{
    DeckDevice *free_slot = NULL;
    for (int i = 0; i < DECK_DEVICES; i++) {
        if (d->dev[i].used && d->dev[i].id == id)
            return &d->dev[i];
        if (!d->dev[i].used && !free_slot)
            free_slot = &d->dev[i];
    }
    if (!make || !free_slot)
        return NULL;
    *free_slot = (DeckDevice){.used = true, .id = id};
    return free_slot;
}

/* An axis's direction from its value, with hysteresis around `was`. */
static int8_t axis_dir(int value, int8_t was)
{
    if (value >= DECK_AXIS_PRESS)
        return 1;
    if (value <= -DECK_AXIS_PRESS)
        return -1;
    if (value < DECK_AXIS_RELEASE && value > -DECK_AXIS_RELEASE)
        return 0;
    return was;
}

/* Input `index` of kind `src` on dev goes to `value`; its presses and releases into out. */
static void change(Deck *d, DeckDevice *dv, DeckSource src, int index, int value, bool click,
                   uint64_t tick, Input *out, int *n)
{
    uint32_t *bits = src == DECK_PAD_BUTTON ? &dv->pad_button : &dv->joy_button;
    int8_t *axis = src == DECK_PAD_AXIS ? &dv->pad_axis[index] : src == DECK_JOY_AXIS ? &dv->joy_axis[index] : NULL;
    switch (src) {
    case DECK_PAD_BUTTON:
    case DECK_JOY_BUTTON: {
        const bool was = *bits >> index & 1u, now = value != 0;
        if (was == now)
            return;
        *bits ^= 1u << index;
        edge(d, deck_action(d, src, index, 0), now, click, tick, out, n);
        return;
    }
    case DECK_PAD_AXIS:
    case DECK_JOY_AXIS: {
        const int8_t now = axis_dir(value, *axis), was = *axis;
        if (now == was)
            return;
        *axis = now;
        if (was)
            edge(d, deck_action(d, src, index, was), false, click, tick, out, n);
        if (now)
            edge(d, deck_action(d, src, index, now), true, click, tick, out, n);
        return;
    }
    case DECK_JOY_HAT: {
        const uint8_t was = dv->hat[index], now = (uint8_t)(value & 15);
        dv->hat[index] = now;
        for (int bit = 1; bit <= 8; bit <<= 1) /* let go first, then press */
            if ((was & bit) && !(now & bit))
                edge(d, deck_action(d, src, index, bit), false, click, tick, out, n);
        for (int bit = 1; bit <= 8; bit <<= 1)
            if (!(was & bit) && (now & bit))
                edge(d, deck_action(d, src, index, bit), true, click, tick, out, n);
        return;
    }
    }
}

static bool in_range(DeckSource src, int index)
{
    const int limit = src == DECK_PAD_BUTTON ? PAD_BUTTONS : src == DECK_PAD_AXIS ? PAD_AXES
                      : src == DECK_JOY_BUTTON ? DECK_JOY_BUTTONS : src == DECK_JOY_AXIS ? DECK_JOY_AXES
                      : DECK_JOY_HATS;
    return index >= 0 && index < limit;
}

int deck_feed(Deck *d, int device_id, DeckSource src, int index, int value, uint64_t tick,
              Input out[DECK_OUT_MAX])
{
    int n = 0;
    DeckDevice *dv = in_range(src, index) ? device(d, device_id, true) : NULL;
    if (dv)
        change(d, dv, src, index, value, true, tick, out, &n);
    return n;
}

void deck_device_gone(Deck *d, int device_id)
{
    DeckDevice *dv = device(d, device_id, false);
    if (!dv)
        return;
    Input none[DECK_OUT_MAX];
    int n = 0;
    for (int b = 0; b < PAD_BUTTONS; b++)
        change(d, dv, DECK_PAD_BUTTON, b, 0, false, 0, none, &n);
    for (int b = 0; b < DECK_JOY_BUTTONS; b++)
        change(d, dv, DECK_JOY_BUTTON, b, 0, false, 0, none, &n);
    for (int x = 0; x < PAD_AXES; x++)
        change(d, dv, DECK_PAD_AXIS, x, 0, false, 0, none, &n);
    for (int x = 0; x < DECK_JOY_AXES; x++)
        change(d, dv, DECK_JOY_AXIS, x, 0, false, 0, none, &n);
    for (int h = 0; h < DECK_JOY_HATS; h++)
        change(d, dv, DECK_JOY_HAT, h, 0, false, 0, none, &n);
    dv->used = false;
}

int deck_tick(Deck *d, uint64_t tick, Input out[DECK_OUT_MAX])
{
    int n = 0;
    for (int a = DECK_NONE + 1; a < DECK__ACTIONS; a++) {
        const ActionDef *def = &actions[a];
        if (d->held[a] && def->held_ticks && !d->held_spent[a] && tick - d->held_t0[a] >= (uint64_t)def->held_ticks) {
            d->held_spent[a] = true;
            put(out, &n, def->key, (Uint16)(def->mod | KMOD_LSHIFT)); /* KEY_HELD, as a keyboard's */
        }
    }
    return n;
}
