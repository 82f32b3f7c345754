/* deck_sdl.c - the button deck's devices, through SDL's game controller and joystick API.
 *
 * A device SDL has a controller mapping for is opened as a game controller and its
 * buttons and axes go to the deck by SDL's names; any other joystick (an arcade encoder)
 * is opened as a joystick and its numbered buttons, axes and hats go to the deck as such.
 * A controller is a joystick too: its raw joystick events are left out. Devices come and go
 * while the cabinet runs (SDL's DEVICEADDED/REMOVED events); one gone lets go of what it held.
 *
 * --pad-script (QA, headless) attaches SDL's virtual devices, "pad" (a game controller)
 * and "joy" (a joystick with no controller mapping), and sets their inputs at the ticks a
 * text file gives, one step a line:
 *     TICK pad attach | TICK pad detach | TICK pad BUTTON down|up | TICK pad AXIS VALUE
 *     TICK joy buttonN down|up | TICK joy axisN VALUE | TICK joy hatN up|right|down|left|centered
 *     TICK end
 * SDL turns them into device events like a real device's, so the whole path is tested. */
#include "deck_sdl.h"
#include "readfile.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define OPENED_MAX DECK_DEVICES
#define STEPS_MAX 4096

enum { DEV_PAD, DEV_JOY, DEV__COUNT };
typedef enum StepVerb { STEP_ATTACH, STEP_DETACH, STEP_BUTTON, STEP_AXIS, STEP_HAT, STEP_END } StepVerb;

typedef struct Step {
    uint64_t tick;
    int dev;
    StepVerb verb;
    int index, value;
} Step;

struct DeckDev {
    Deck *deck;
    SDL_GameController *pad[OPENED_MAX];
    SDL_Joystick *joy[OPENED_MAX]; /* joysticks with no controller mapping */
    bool started;
    /* --pad-script */
    Step *steps;
    int nsteps, next;
    SDL_Joystick *virt[DEV__COUNT]; /* the script's handle on each virtual device */
};

static const char *const dev_names[DEV__COUNT] = {"pad", "joy"};

bool deckdev_scripted(const DeckDev *dv) { return dv && dv->steps; }

/* "-32768".."32767", or -1 with *ok false. */
static int parse_int(const char *s, int lo, int hi, bool *ok)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    *ok = *s && !*end && !errno && v >= lo && v <= hi;
    return *ok ? (int)v : -1;
}

/* The number after `prefix` in `word` ("button3" -> 3), below limit; -1 otherwise. */
static int numbered(const char *word, const char *prefix, int limit)
{
    size_t n = strlen(prefix);
    bool ok;
    if (strncmp(word, prefix, n))
        return -1;
    int v = parse_int(word + n, 0, limit - 1, &ok);
    return ok ? v : -1;
}

static int hat_value(const char *w)
{
    static const struct { const char *name; int bits; } hats[] = {
        {"centered", SDL_HAT_CENTERED}, {"up", SDL_HAT_UP}, {"right", SDL_HAT_RIGHT}, {"down", SDL_HAT_DOWN},
        {"left", SDL_HAT_LEFT}, {"rightup", SDL_HAT_RIGHTUP}, {"rightdown", SDL_HAT_RIGHTDOWN},
        {"leftup", SDL_HAT_LEFTUP}, {"leftdown", SDL_HAT_LEFTDOWN},
    };
    for (size_t i = 0; i < SDL_arraysize(hats); i++)
        if (!strcmp(w, hats[i].name))
            return hats[i].bits;
    return -1;
}

/* One line's words into st; NULL, or what is wrong with it. */
static const char *parse_step(char *w[4], int nw, Step *st)
{
    if (nw == 2 && !strcmp(w[1], "end")) {
        st->verb = STEP_END;
        return NULL;
    }
    if (nw < 3)
        return "expected TICK pad|joy attach|detach|INPUT VALUE, or TICK end";
    st->dev = !strcmp(w[1], "pad") ? DEV_PAD : !strcmp(w[1], "joy") ? DEV_JOY : -1;
    if (st->dev < 0)
        return "the device is pad (a game controller) or joy (a joystick with no controller mapping)";
    if (nw == 3 && (!strcmp(w[2], "attach") || !strcmp(w[2], "detach"))) {
        st->verb = !strcmp(w[2], "attach") ? STEP_ATTACH : STEP_DETACH;
        return NULL;
    }
    if (nw != 4)
        return "expected an input and its value, e.g. \"pad a down\" or \"joy axis0 -32768\"";
    bool ok = true;
    const bool pad = st->dev == DEV_PAD;
    int b = pad ? SDL_GameControllerGetButtonFromString(w[2]) : numbered(w[2], "button", DECK_JOY_BUTTONS);
    int x = pad ? SDL_GameControllerGetAxisFromString(w[2]) : numbered(w[2], "axis", DECK_JOY_AXES);
    int h = pad ? -1 : numbered(w[2], "hat", DECK_JOY_HATS);
    if (b >= 0) {
        st->verb = STEP_BUTTON;
        st->index = b;
        st->value = !strcmp(w[3], "down") ? 1 : !strcmp(w[3], "up") ? 0 : -1;
        return st->value < 0 ? "a button is down or up" : NULL;
    }
    if (x >= 0) {
        st->verb = STEP_AXIS;
        st->index = x;
        st->value = parse_int(w[3], -32768, 32767, &ok);
        return ok ? NULL : "an axis's value is a whole number from -32768 to 32767";
    }
    if (h >= 0) {
        st->verb = STEP_HAT;
        st->index = h;
        st->value = hat_value(w[3]);
        return st->value < 0 ? "a hat is centered, up, right, down, left, rightup, rightdown, leftup or leftdown" : NULL;
    }
    return pad ? "unknown controller input (SDL's names: a, b, x, y, back, guide, start, leftstick, ..., leftx, lefttrigger)"
               : "unknown joystick input (buttonN, axisN or hatN, from 0)";
}

/* The steps of a pad script, a line each ("TICK pad|joy INPUT VALUE", # starts a comment). */
static int load_script(DeckDev *dv, const char *path, Error *err)
{
    char name[1100], *text;
    size_t len;
    snprintf(name, sizeof name, "--pad-script %s", path);
    if (readfile_all(path, name, READFILE_SMALL_MAX, &text, &len, err))
        return -1;
    dv->steps = calloc(STEPS_MAX, sizeof *dv->steps);
    int no = 0, rc = !dv->steps ? error_set(err, "out of memory")
                     : strlen(text) != len ? error_set(err, "%s: not a text file (it holds a NUL byte)", name) : 0;
    uint64_t last = 0;
    for (char *next = text, *line; !rc && *next; ) {
        line = next;
        next += strcspn(next, "\n");
        if (*next)
            *next++ = 0;
        no++;
        char *hash = strchr(line, '#');
        if (hash)
            *hash = 0;
        char *w[5], *save = NULL;
        int nw = 0;
        for (char *t = strtok_r(line, " \t\r", &save); t && nw < 5; t = strtok_r(NULL, " \t\r", &save))
            w[nw++] = t;
        if (!nw)
            continue;
        Step st = {0};
        bool ok;
        st.tick = (uint64_t)parse_int(w[0], 0, 100000000, &ok);
        const char *bad = !ok ? "expected a tick (a whole number of 0 or more) first"
                          : st.tick < last ? "the ticks go up, line by line"
                          : nw > 4 ? "too many words"
                          : dv->nsteps == STEPS_MAX ? "too many steps (4096 at most)"
                          : parse_step(w, nw, &st);
        if (bad)
            rc = error_set(err, "%s: line %d: %s", name, no, bad);
        else
            dv->steps[dv->nsteps++] = st;
        last = st.tick;
    }
    free(text);
    if (!rc && !dv->nsteps)
        rc = error_set(err, "%s: no steps", name);
    return rc;
}

DeckDev *deckdev_open(Deck *deck, const char *script, Error *err)
{
    DeckDev *dv = calloc(1, sizeof *dv);
    if (!dv) {
        deck_free(deck);
        error_set(err, "out of memory");
        return NULL;
    }
    dv->deck = deck;
    if (script && load_script(dv, script, err)) {
        deckdev_close(dv);
        return NULL;
    }
    if (SDL_InitSubSystem(SDL_INIT_GAMECONTROLLER)) {
        if (script) {
            error_set(err, "--pad-script %s: cannot start SDL's game controllers: %s", script, SDL_GetError());
            deckdev_close(dv);
            return NULL;
        }
        error_print("slotcab: the button deck is off: cannot start SDL's game controllers: %s", SDL_GetError());
        return dv;
    }
    dv->started = true;
    return dv;
}

void deckdev_close(DeckDev *dv)
{
    if (!dv)
        return;
    for (int i = 0; i < OPENED_MAX; i++) {
        if (dv->pad[i])
            SDL_GameControllerClose(dv->pad[i]);
        if (dv->joy[i])
            SDL_JoystickClose(dv->joy[i]);
    }
    for (int i = 0; i < DEV__COUNT; i++)
        if (dv->virt[i])
            SDL_JoystickClose(dv->virt[i]);
    if (dv->started)
        SDL_QuitSubSystem(SDL_INIT_GAMECONTROLLER);
    free(dv->steps);
    deck_free(dv->deck);
    free(dv);
}

/* The device index of the joystick with this instance id, or -1. */
static int device_index(SDL_JoystickID id)
{
    for (int i = 0; i < SDL_NumJoysticks(); i++)
        if (SDL_JoystickGetDeviceInstanceID(i) == id)
            return i;
    return -1;
}

static int attach(DeckDev *dv, int dev, Error *err)
{
    SDL_VirtualJoystickDesc d = {.version = SDL_VIRTUAL_JOYSTICK_DESC_VERSION};
    if (dev == DEV_PAD) {
        d.type = SDL_JOYSTICK_TYPE_GAMECONTROLLER;
        d.nbuttons = SDL_CONTROLLER_BUTTON_MAX;
        d.naxes = SDL_CONTROLLER_AXIS_MAX;
        d.button_mask = (1u << SDL_CONTROLLER_BUTTON_MAX) - 1;
        d.axis_mask = (1u << SDL_CONTROLLER_AXIS_MAX) - 1;
        d.name = "slotcab virtual pad";
    } else {
        d.type = SDL_JOYSTICK_TYPE_ARCADE_STICK;
        d.nbuttons = DECK_JOY_BUTTONS;
        d.naxes = DECK_JOY_AXES;
        d.nhats = DECK_JOY_HATS;
        d.name = "slotcab virtual encoder";
    }
    int index = SDL_JoystickAttachVirtualEx(&d);
    if (index < 0 || !(dv->virt[dev] = SDL_JoystickOpen(index)))
        return error_set(err, "--pad-script: cannot attach a virtual %s: %s", dev_names[dev], SDL_GetError());
    if (dev == DEV_PAD && !SDL_IsGameController(index)) { /* an SDL that makes no mapping for it */
        char guid[64], map[512];
        SDL_JoystickGetGUIDString(SDL_JoystickGetDeviceGUID(index), guid, sizeof guid);
        snprintf(map, sizeof map, "%s,%s,a:b0,b:b1,x:b2,y:b3,back:b4,guide:b5,start:b6,leftstick:b7,rightstick:b8,"
                 "leftshoulder:b9,rightshoulder:b10,dpup:b11,dpdown:b12,dpleft:b13,dpright:b14,misc1:b15,"
                 "paddle1:b16,paddle2:b17,paddle3:b18,paddle4:b19,touchpad:b20,leftx:a0,lefty:a1,rightx:a2,"
                 "righty:a3,lefttrigger:a4,righttrigger:a5", guid, d.name);
        if (SDL_GameControllerAddMapping(map) < 0)
            return error_set(err, "--pad-script: cannot map the virtual pad: %s", SDL_GetError());
    }
    return 0;
}

static int detach(DeckDev *dv, int dev, Error *err)
{
    int index = device_index(SDL_JoystickInstanceID(dv->virt[dev]));
    SDL_JoystickClose(dv->virt[dev]);
    dv->virt[dev] = NULL;
    if (index < 0 || SDL_JoystickDetachVirtual(index))
        return error_set(err, "--pad-script: cannot detach the virtual %s: %s", dev_names[dev], SDL_GetError());
    return 0;
}

static int play_step(DeckDev *dv, const Step *st, Error *err)
{
    SDL_Joystick *j = dv->virt[st->dev];
    if (st->verb == STEP_ATTACH)
        return j ? error_set(err, "--pad-script: the %s is attached already (tick %llu)", dev_names[st->dev],
                             (unsigned long long)st->tick) : attach(dv, st->dev, err);
    if (!j)
        return error_set(err, "--pad-script: the %s is not attached (tick %llu)", dev_names[st->dev],
                         (unsigned long long)st->tick);
    int rc = 0;
    switch (st->verb) {
    case STEP_DETACH: return detach(dv, st->dev, err);
    case STEP_BUTTON: rc = SDL_JoystickSetVirtualButton(j, st->index, (Uint8)st->value); break;
    case STEP_AXIS: rc = SDL_JoystickSetVirtualAxis(j, st->index, (Sint16)st->value); break;
    case STEP_HAT: rc = SDL_JoystickSetVirtualHat(j, st->index, (Uint8)st->value); break;
    default: break;
    }
    return rc ? error_set(err, "--pad-script: the virtual %s refused a step: %s", dev_names[st->dev], SDL_GetError()) : 0;
}

int deckdev_script(DeckDev *dv, uint64_t tick, Error *err)
{
    if (!dv->steps)
        return 0;
    for (; dv->next < dv->nsteps && dv->steps[dv->next].tick <= tick; dv->next++)
        if (dv->steps[dv->next].verb != STEP_END && play_step(dv, &dv->steps[dv->next], err))
            return -1;
    return dv->next == dv->nsteps && tick > dv->steps[dv->nsteps - 1].tick;
}

/* Keeps p in the first free slot of list (n of them); false when all are taken. */
static bool keep(void **list, void *p)
{
    for (int i = 0; i < OPENED_MAX; i++)
        if (!list[i]) {
            list[i] = p;
            return true;
        }
    return false;
}

static void device_added(DeckDev *dv, int index, bool pad)
{
    if (!pad && SDL_IsGameController(index)) /* it comes as a controller too */
        return;
    void *p = pad ? (void *)SDL_GameControllerOpen(index) : (void *)SDL_JoystickOpen(index);
    const char *name = pad ? SDL_GameControllerNameForIndex(index) : SDL_JoystickNameForIndex(index);
    if (!p || !keep(pad ? (void **)dv->pad : (void **)dv->joy, p)) {
        error_print("slotcab: the button deck cannot take the %s \"%s\": %s", pad ? "controller" : "joystick",
                name ? name : "?", p ? "too many devices" : SDL_GetError());
        if (p && pad)
            SDL_GameControllerClose(p);
        else if (p)
            SDL_JoystickClose(p);
        return;
    }
    char shown[256]; /* a device's name is the device's to choose: one line, escaped */
    printf("slotcab: button deck: %s \"%s\" attached\n", pad ? "game controller" : "joystick",
           error_escape(shown, sizeof shown, name ? name : "?"));
    fflush(stdout);
}

/* Device `id` gone: closed and let go (true), or not one of ours. */
static bool device_removed(DeckDev *dv, SDL_JoystickID id, bool pad)
{
    for (int i = 0; i < OPENED_MAX; i++) {
        SDL_Joystick *j = pad ? (dv->pad[i] ? SDL_GameControllerGetJoystick(dv->pad[i]) : NULL) : dv->joy[i];
        if (!j || SDL_JoystickInstanceID(j) != id)
            continue;
        char shown[256];
        printf("slotcab: button deck: %s \"%s\" removed\n", pad ? "game controller" : "joystick",
               error_escape(shown, sizeof shown, SDL_JoystickName(j) ? SDL_JoystickName(j) : "?"));
        fflush(stdout);
        if (pad) {
            SDL_GameControllerClose(dv->pad[i]);
            dv->pad[i] = NULL;
        } else {
            SDL_JoystickClose(dv->joy[i]);
            dv->joy[i] = NULL;
        }
        deck_device_gone(dv->deck, id);
        return true;
    }
    return false;
}

static bool raw_joystick(const DeckDev *dv, SDL_JoystickID id)
{
    for (int i = 0; i < OPENED_MAX; i++)
        if (dv->joy[i] && SDL_JoystickInstanceID(dv->joy[i]) == id)
            return true;
    return false;
}

/* A device pulled out: SDL lets go of what it held (button-up events) before it says the
 * device is gone, and marks it detached at once. Those releases are no clicks. */
static bool gone(DeckDev *dv, SDL_JoystickID id)
{
    SDL_Joystick *j = SDL_JoystickFromInstanceID(id);
    if (j && SDL_JoystickGetAttached(j))
        return false;
    deck_device_gone(dv->deck, id);
    return true;
}

int deckdev_event(DeckDev *dv, const SDL_Event *e, uint64_t tick, Input out[DECK_OUT_MAX])
{
    if (!dv || !dv->started)
        return 0;
    Deck *d = dv->deck;
    const bool pad_input = e->type == SDL_CONTROLLERBUTTONDOWN || e->type == SDL_CONTROLLERBUTTONUP ||
                           e->type == SDL_CONTROLLERAXISMOTION;
    if (pad_input && gone(dv, e->cbutton.which))
        return 0;
    if ((e->type == SDL_JOYBUTTONDOWN || e->type == SDL_JOYBUTTONUP || e->type == SDL_JOYAXISMOTION ||
         e->type == SDL_JOYHATMOTION) && raw_joystick(dv, e->jbutton.which) && gone(dv, e->jbutton.which))
        return 0;
    switch (e->type) {
    case SDL_CONTROLLERDEVICEADDED: device_added(dv, e->cdevice.which, true); return 0;
    case SDL_JOYDEVICEADDED: device_added(dv, e->jdevice.which, false); return 0;
    case SDL_CONTROLLERDEVICEREMOVED: device_removed(dv, e->cdevice.which, true); return 0;
    case SDL_JOYDEVICEREMOVED: device_removed(dv, e->jdevice.which, false); return 0;
    case SDL_CONTROLLERBUTTONDOWN:
    case SDL_CONTROLLERBUTTONUP:
        return deck_feed(d, e->cbutton.which, DECK_PAD_BUTTON, e->cbutton.button, e->cbutton.state, tick, out);
    case SDL_CONTROLLERAXISMOTION:
        return deck_feed(d, e->caxis.which, DECK_PAD_AXIS, e->caxis.axis, e->caxis.value, tick, out);
    case SDL_JOYBUTTONDOWN:
    case SDL_JOYBUTTONUP:
        return raw_joystick(dv, e->jbutton.which)
               ? deck_feed(d, e->jbutton.which, DECK_JOY_BUTTON, e->jbutton.button, e->jbutton.state, tick, out) : 0;
    case SDL_JOYAXISMOTION:
        return raw_joystick(dv, e->jaxis.which)
               ? deck_feed(d, e->jaxis.which, DECK_JOY_AXIS, e->jaxis.axis, e->jaxis.value, tick, out) : 0;
    case SDL_JOYHATMOTION:
        return raw_joystick(dv, e->jhat.which)
               ? deck_feed(d, e->jhat.which, DECK_JOY_HAT, e->jhat.hat, e->jhat.value, tick, out) : 0;
    default:
        return 0;
    }
}

int deckdev_tick(DeckDev *dv, uint64_t tick, Input out[DECK_OUT_MAX])
{
    return dv && dv->started ? deck_tick(dv->deck, tick, out) : 0;
}
