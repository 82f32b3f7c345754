/* operator_door.c - the operator menu's door: the steps of opening it (a PIN typed on the
 * keypad, or read from --pin-file when the menu was opened from the command line), setting
 * the first PIN, changing it, and the lock-out's countdown. The judging is opdoor.c's; this is
 * the screen. A slow check (a memory-hard hash) runs in the update of the tick after ENTER's,
 * so a window draws "checking..." first and the screen says what the pause is; it depends on
 * ticks only, never on frames drawn, so a recording plays the same tries with or without
 * --shots. The door's clock is the real one (opdoor_now), never the session's: a headless
 * run or a recording cannot stamp a lock-out into the past or lift one. PINs typed are wiped
 * as soon as they are used. */
#include "operator_priv.h"
#include "lang.h"
#include "readfile.h"

#include <sodium.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Each door step: its heading and what it asks for (translated where they are drawn). */
static const struct {
    const char *title, *prompt;
} step_text[STEP__COUNT] = {
    [STEP_ENTER] = {N_("SERVICE DOOR"), N_("Enter the operator PIN")},
    [STEP_NEW] = {N_("SET THE OPERATOR PIN"), N_("No PIN is set yet: choose one of 4 to 8 digits")},
    [STEP_CONFIRM] = {N_("SET THE OPERATOR PIN"), N_("Type the new PIN again to confirm it")},
    [STEP_REFUSED] = {N_("SERVICE DOOR"), N_("The operator menu is closed")},
    [STEP_CHANGE_OLD] = {N_("CHANGE THE PIN"), N_("First the current PIN")},
    [STEP_CHANGE_NEW] = {N_("CHANGE THE PIN"), N_("Now the new PIN: 4 to 8 digits")},
    [STEP_CHANGE_CONFIRM] = {N_("CHANGE THE PIN"), N_("The new PIN again, to confirm it")},
};

static void wipe(char *pin, size_t size) { sodium_memzero(pin, size); }

static void open_pages(Operator *o)
{
    o->step = STEP_OPEN;
    keypad_clear(&o->pad);
    wipe(o->first, sizeof o->first);
    wipe(o->old, sizeof o->old);
    operator_refresh(o);
}

static void go_step(Operator *o, Step step, bool bad, const char *message)
{
    o->step = step;
    keypad_clear(&o->pad);
    operator_say(o, bad, message);
}

static void start_lock(Operator *o, int64_t now, int64_t seconds_left)
{
    o->locked_until = now + seconds_left;
    o->pad.enabled = false;
    keypad_clear(&o->pad);
}

/* The lock-out's countdown, once a tick: the keypad works again when it ends. */
static void lock_countdown(Operator *o)
{
    if (!o->locked_until)
        return;
    int64_t left = o->locked_until - opdoor_now();
    if (left > 0) {
        char secs[24], tries[16];
        snprintf(secs, sizeof secs, "%lld", (long long)left);
        snprintf(tries, sizeof tries, "%d", OPDOOR_TRIES);
        lang_fill(o->message, sizeof o->message, _("locked for {1} s after {2} wrong PINs in a row"),
                  secs, tries, NULL);
        o->message_bad = true;
    } else {
        o->locked_until = 0;
        o->pad.enabled = true;
        operator_say(o, false, "");
    }
}

/* A door verdict as the screen says it (opdoor_verdict_text's words, which stderr and the
 * memory keep in English, in the language spoken). */
static void verdict_say(const OpdoorVerdict *v, char *out, size_t size)
{
    char n[24];
    switch (v->result) {
    case OPDOOR_OPEN:
        snprintf(out, size, "%s", _("door open"));
        break;
    case OPDOOR_WRONG:
        snprintf(n, sizeof n, "%d", v->tries_left);
        lang_fill(out, size, lang_trn("wrong PIN, {1} try left", "wrong PIN, {1} tries left",
                                      v->tries_left),
                  n, NULL);
        break;
    case OPDOOR_LOCKED:
        snprintf(n, sizeof n, "%lld", (long long)v->seconds_left);
        lang_fill(out, size, v->wrong ? _("wrong PIN: locked for {1} s") : _("locked for {1} s"), n,
                  NULL);
        break;
    case OPDOOR_NO_PIN:
        snprintf(out, size, "%s", _("no operator PIN yet: set one with slotcab --operator"));
        break;
    }
}

/* Judges what a door verdict means for the scene. */
static void after_try(Operator *o, const OpdoorVerdict *v, int64_t now)
{
    char t[160];
    verdict_say(v, t, sizeof t);
    if (v->result == OPDOOR_OPEN) {
        open_pages(o);
        operator_say(o, false, "");
    } else if (v->result == OPDOOR_NO_PIN) {
        go_step(o, STEP_REFUSED, true, t);
    } else {
        go_step(o, STEP_ENTER, true, t);
        if (v->result == OPDOOR_LOCKED)
            start_lock(o, now, v->seconds_left);
    }
}

/* ENTER at a step that needs the slow hash: run once "checking..." is on the screen. */
static void door_check(Operator *o)
{
    Store *s = app_store(o->app);
    int64_t now = opdoor_now();
    const char *typed = o->pad.digits;
    OpdoorVerdict v;
    Error err;
    switch (o->step) {
    case STEP_ENTER:
        if (opdoor_try(s, typed, "keypad", now, &v, &err))
            go_step(o, STEP_ENTER, true, err.msg);
        else
            after_try(o, &v, now);
        break;
    case STEP_CONFIRM:
        if (strcmp(o->first, typed)) {
            go_step(o, STEP_NEW, true, _("the two PINs differ: choose the new PIN again"));
        } else if (opdoor_set_pin(s, NULL, typed, "keypad", now, &err)) {
            go_step(o, STEP_NEW, true, err.msg);
        } else if (opdoor_try(s, typed, "keypad, after setting the PIN", now, &v, &err)) {
            go_step(o, STEP_ENTER, true, err.msg); /* the PIN is set: it opens from here */
        } else {
            after_try(o, &v, now);
            if (v.result == OPDOOR_OPEN)
                operator_say(o, false, _("the operator PIN is set"));
        }
        break;
    case STEP_CHANGE_CONFIRM:
        if (strcmp(o->first, typed)) {
            go_step(o, STEP_CHANGE_NEW, true, _("the two PINs differ: type the new PIN again"));
        } else if (opdoor_set_pin(s, o->old, typed, "keypad", now, &err)) {
            open_pages(o);
            operator_say(o, true, err.msg);
        } else {
            open_pages(o);
            operator_say(o, false, _("the operator PIN is changed"));
        }
        break;
    default:
        break;
    }
    keypad_clear(&o->pad);
    wipe(o->first, sizeof o->first);
}

/* ENTER on the keypad. */
static void door_enter(Operator *o)
{
    Error err;
    if (opdoor_check_pin(o->pad.digits, &err)) { /* too short: not a try, nothing counted */
        operator_say(o, true, err.msg);
        return;
    }
    switch (o->step) {
    case STEP_NEW:
    case STEP_CHANGE_NEW:
        memcpy(o->first, o->pad.digits, sizeof o->first);
        go_step(o, o->step == STEP_NEW ? STEP_CONFIRM : STEP_CHANGE_CONFIRM, false, "");
        break;
    case STEP_CHANGE_OLD:
        memcpy(o->old, o->pad.digits, sizeof o->old);
        go_step(o, STEP_CHANGE_NEW, false, "");
        break;
    default:
        o->checking = true;
        o->check_tick = app_tick(o->app);
        operator_say(o, false, _("checking..."));
        break;
    }
}

void operator_door_input(Operator *o, const Input *in)
{
    if (o->checking)
        return;
    if (in->type == INPUT_KEY && in->key == SDLK_ESCAPE) {
        if (o->step >= STEP_CHANGE_OLD) {
            open_pages(o);
            operator_say(o, false, _("the PIN is not changed"));
        } else {
            app_open(o->app, NULL);
        }
        return;
    }
    if (o->step == STEP_REFUSED)
        return;
    KeypadEvent e = keypad_input(&o->pad, in);
    if (e == KEYPAD_ENTER)
        door_enter(o);
    else if (e == KEYPAD_TYPED && !o->locked_until)
        operator_say(o, false, "");
}

/* --pin-file: the PIN from the first line of the file (a line end and trailing blanks
 * aside; at most 63 bytes are read). A file that cannot be read, that others may read (any
 * group or other permission bit), or that holds no PIN is the caller's error (exit 2). */
static int read_pin_file(const char *path, char *pin, size_t size, Error *err)
{
    struct stat st;
    if (!stat(path, &st) && S_ISREG(st.st_mode) && (st.st_mode & 077))
        return error_set(err, "--pin-file %s: others may read it (mode %04o): a PIN file must be "
                         "private to its owner: chmod 600 %s", path,
                         (unsigned)(st.st_mode & 07777), path);
    char name[1100], *text;
    size_t len;
    snprintf(name, sizeof name, "--pin-file %s", path);
    if (readfile_all(path, name, 4096, &text, &len, err))
        return -1;
    char *line = text;
    size_t n = strcspn(line, "\n");
    while (n > 0 && strchr("\r \t", line[n - 1]))
        n--;
    line[n] = 0;
    int rc = 0;
    if (opdoor_check_pin(line, NULL) || n >= size)
        rc = error_set(err, "--pin-file %s: its first line must be the operator's PIN, %d to %d"
                       " digits", path, OPDOOR_PIN_MIN, OPDOOR_PIN_MAX);
    else
        memcpy(pin, line, n + 1);
    wipe(text, len + 1);
    free(text);
    return rc;
}

/* Where the door starts: --pin-file tried (or set, the first time) when the menu was opened
 * from the command line; else the keypad at the step the memory calls for. */
int operator_door_start(Operator *o, Error *err)
{
    const AppOptions *opt = app_options(o->app);
    Store *s = app_store(o->app);
    int64_t now = opdoor_now();
    bool from_command_line = opt->operator_menu && app_tick(o->app) == 0;
    keypad_init(&o->pad, (GFX_W - KEYPAD_W) / 2, 300);
    if (from_command_line && opt->pin_file) {
        char pin[KEYPAD_MAX + 1];
        OpdoorVerdict v;
        if (read_pin_file(opt->pin_file, pin, sizeof pin, err))
            return -1;
        int rc = (!opdoor_has_pin(s) && opdoor_set_pin(s, NULL, pin, "--pin-file", now, err)) ||
                 opdoor_try(s, pin, "--pin-file", now, &v, err);
        wipe(pin, sizeof pin);
        if (rc) {
            char m[sizeof err->msg];
            snprintf(m, sizeof m, "%s", err->msg);
            return error_set(err, "--pin-file %s: %s", opt->pin_file, m);
        }
        after_try(o, &v, now);
        o->pin_file_shut = v.result != OPDOOR_OPEN;
        if (o->pin_file_shut && opt->headless) { /* stderr stays English */
            char why[96];
            opdoor_verdict_text(&v, why, sizeof why);
            error_print("slotcab: --pin-file %s: %s", opt->pin_file, why);
        }
        return 0;
    }
    if (!opdoor_has_pin(s)) {
        if (from_command_line)
            go_step(o, STEP_NEW, false, "");
        else
            go_step(o, STEP_REFUSED, true, _("no operator PIN yet: set one with slotcab --operator"));
        return 0;
    }
    go_step(o, STEP_ENTER, false, "");
    int64_t left = opdoor_locked_for(s, now);
    if (left > 0) {
        start_lock(o, now, left);
        lock_countdown(o);
    }
    return 0;
}

void operator_door_draw(Operator *o)
{
    Gfx *g = app_gfx(o->app);
    gfx_plane(g, GFX_PLANE_WINDOW); /* the door's pages are windows (gfx.h's planes) */
    bool refused = o->step == STEP_REFUSED;
    SDL_FRect panel = refused ? (SDL_FRect){460, 300, 1000, 420}
                              : (SDL_FRect){610, 120, 700, 880};
    /* the panel inside its rim, less a margin: where the door's words go */
    const float inner_x = panel.x + 28, inner_w = panel.w - 56;
    keypad_panel(g, panel);
    SDL_FRect lock = {960 - 32, panel.y + 20, 64, 64};
    gfx_image(g, o->lock, lock.x, lock.y, 0, 0, 1);
    gfx_keep_clear(g, lock, "the lock");
    gfx_text_box(g, (SDL_FRect){inner_x, panel.y + 88, inner_w, 46},
                 &(GfxText){.font = o->mid, .color = OP_GOLD, .align = GFX_CENTER,
                            .valign = GFX_MIDDLE, .shadow = true},
                 _(step_text[o->step].title));
    operator_text(o, (SDL_FRect){inner_x, panel.y + 136, inner_w, 40}, o->small, GFX_CENTER,
                  OP_CREAM, _(step_text[o->step].prompt));
    if (refused) {
        operator_text_lines(o, (SDL_FRect){inner_x, panel.y + 196, inner_w, 80}, o->small,
                            GFX_CENTER, OP_RED, o->message);
        operator_text_lines(
            o, (SDL_FRect){inner_x, panel.y + 300, inner_w, 80}, o->tiny, GFX_CENTER, OP_DIM,
            _("The first PIN is set by starting the cabinet with slotcab --operator."));
        operator_text(o, OP_FOOTER, o->tiny, GFX_CENTER, OP_DIM, _("Esc: back to the lobby"));
        return;
    }
    keypad_draw(g, &o->pad, &(KeypadLook){o->key_digit, o->key_label, o->dots});
    const char *line = o->message[0] ? o->message
                       : o->pad.n ? "" : _("4 to 8 digits, then ENTER");
    /* the line between the display and the keys: a long message breaks into smaller lines */
    gfx_text_box(g,
                 (SDL_FRect){inner_x, o->pad.y + KEYPAD_DISPLAY_H + 4, inner_w,
                             KEYPAD_LINE_H - 10},
                 &(GfxText){.font = o->small,
                            .color = o->message_bad ? OP_RED : o->message[0] ? OP_GOLD : OP_DIM,
                            .align = GFX_CENTER, .valign = GFX_MIDDLE, .wrap = true, .floor = 0.6f},
                 line);
    operator_text(o, OP_FOOTER, o->tiny, GFX_CENTER, OP_DIM,
                  o->step >= STEP_CHANGE_OLD
                      ? _("Click the keys, or type digits, Backspace and Enter   Esc: keep the PIN")
                      : _("Click the keys, or type digits, Backspace and Enter   "
                          "Esc: back to the lobby"));
}

void operator_door_tick(Operator *o)
{
    if (o->checking && app_tick(o->app) != o->check_tick) {
        o->checking = false;
        door_check(o);
    }
    lock_countdown(o);
}

void operator_door_change_pin(Operator *o) { go_step(o, STEP_CHANGE_OLD, false, ""); }

void operator_door_wipe(Operator *o)
{
    keypad_clear(&o->pad);
    wipe(o->first, sizeof o->first);
    wipe(o->old, sizeof o->old);
}
