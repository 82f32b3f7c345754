/* test_deck.c - the button deck: its settings parser and the button -> action -> key
 * translation (src/cabinet/app/deck.c), with no window and no device. The end-to-end test
 * through a virtual controller is tests/test_deck.py. */
#include "deck.h"

#include "test.h"

#define PAD(b) DECK_PAD_BUTTON, SDL_CONTROLLER_BUTTON_##b

static Deck *loaded(const char *json)
{
    Deck *d = deck_new();
    Error err;
    CHECK(d != NULL);
    if (deck_load_json(d, json, "deck.json", &err)) {
        fprintf(stderr, "unexpected: %s\n", err.msg);
        CHECK(0);
    }
    return d;
}

/* The message a settings text gets, into err (and the deck's mapping left as it was). */
static void refused(const char *json, const char *expect)
{
    Deck *d = deck_new();
    Error err = {{0}};
    CHECK(deck_load_json(d, json, "deck.json", &err) == -1);
    CHECK_STR_CONTAINS(err.msg, expect);
    CHECK_STR_CONTAINS(err.msg, "deck.json");
    CHECK_EQ_INT(deck_action(d, PAD(A), 0), DECK_SPIN); /* untouched */
    deck_free(d);
}

static void test_default_mapping(void)
{
    Deck *d = deck_new();
    CHECK_EQ_INT(deck_action(d, PAD(A), 0), DECK_SPIN);
    CHECK_EQ_INT(deck_action(d, PAD(B), 0), DECK_COLLECT);
    CHECK_EQ_INT(deck_action(d, PAD(X), 0), DECK_HOLD1);
    CHECK_EQ_INT(deck_action(d, PAD(Y), 0), DECK_HOLD2);
    CHECK_EQ_INT(deck_action(d, PAD(RIGHTSHOULDER), 0), DECK_HOLD3);
    CHECK_EQ_INT(deck_action(d, PAD(LEFTSHOULDER), 0), DECK_BET);
    CHECK_EQ_INT(deck_action(d, PAD(START), 0), DECK_AUTO);
    CHECK_EQ_INT(deck_action(d, PAD(BACK), 0), DECK_BACK);
    CHECK_EQ_INT(deck_action(d, PAD(DPAD_LEFT), 0), DECK_LEFT);
    CHECK_EQ_INT(deck_action(d, DECK_PAD_AXIS, SDL_CONTROLLER_AXIS_TRIGGERLEFT, 1), DECK_GAME_CHANGE);
    CHECK_EQ_INT(deck_action(d, DECK_PAD_AXIS, SDL_CONTROLLER_AXIS_LEFTY, -1), DECK_UP);
    CHECK_EQ_INT(deck_action(d, DECK_PAD_AXIS, SDL_CONTROLLER_AXIS_RIGHTX, 1), DECK_NONE);
    CHECK_EQ_INT(deck_action(d, DECK_JOY_BUTTON, 0, 0), DECK_SPIN);
    CHECK_EQ_INT(deck_action(d, DECK_JOY_BUTTON, 5, 0), DECK_COLLECT);
    CHECK_EQ_INT(deck_action(d, DECK_JOY_BUTTON, 12, 0), DECK_NONE);
    CHECK_EQ_INT(deck_action(d, DECK_JOY_HAT, 0, SDL_HAT_LEFT), DECK_LEFT);
    CHECK_EQ_INT(deck_action(d, DECK_JOY_AXIS, 1, 1), DECK_DOWN);
    deck_free(d);
}

/* The shipped example is the built-in default, input for input. */
static void test_shipped_example_is_the_default(void)
{
    const char *data = getenv("SLOTCAB_TESTDATA");
    char path[1024];
    snprintf(path, sizeof path, "%s/deck.json", data ? data : "data");
    Deck *d = deck_new(), *file = deck_new();
    Error err;
    /* the file replaces both parts: empty them first, so an input it lacks shows */
    CHECK(deck_load_json(file, "{\"controller\": {}, \"joystick\": {}}", "empty", &err) == 0);
    if (deck_load_file(file, path, &err)) {
        fprintf(stderr, "%s\n", err.msg);
        CHECK(0);
    }
    for (int b = 0; b < SDL_CONTROLLER_BUTTON_MAX; b++)
        CHECK_EQ_INT(deck_action(file, DECK_PAD_BUTTON, b, 0), deck_action(d, DECK_PAD_BUTTON, b, 0));
    for (int x = 0; x < SDL_CONTROLLER_AXIS_MAX; x++)
        for (int dir = -1; dir <= 1; dir += 2)
            CHECK_EQ_INT(deck_action(file, DECK_PAD_AXIS, x, dir), deck_action(d, DECK_PAD_AXIS, x, dir));
    for (int b = 0; b < DECK_JOY_BUTTONS; b++)
        CHECK_EQ_INT(deck_action(file, DECK_JOY_BUTTON, b, 0), deck_action(d, DECK_JOY_BUTTON, b, 0));
    for (int x = 0; x < DECK_JOY_AXES; x++)
        for (int dir = -1; dir <= 1; dir += 2)
            CHECK_EQ_INT(deck_action(file, DECK_JOY_AXIS, x, dir), deck_action(d, DECK_JOY_AXIS, x, dir));
    for (int h = 0; h < DECK_JOY_HATS; h++)
        for (int bit = 1; bit <= 8; bit <<= 1)
            CHECK_EQ_INT(deck_action(file, DECK_JOY_HAT, h, bit), deck_action(d, DECK_JOY_HAT, h, bit));
    deck_free(d);
    deck_free(file);
}

static void test_a_section_replaces_the_default(void)
{
    Deck *d = loaded("{\"controller\": {\"y\": \"spin\", \"rightx+\": \"bet\", \"righttrigger\": \"collect\"}}");
    CHECK_EQ_INT(deck_action(d, PAD(Y), 0), DECK_SPIN);
    CHECK_EQ_INT(deck_action(d, PAD(A), 0), DECK_NONE); /* the default's controller part is gone */
    CHECK_EQ_INT(deck_action(d, DECK_PAD_AXIS, SDL_CONTROLLER_AXIS_RIGHTX, 1), DECK_BET);
    CHECK_EQ_INT(deck_action(d, DECK_PAD_AXIS, SDL_CONTROLLER_AXIS_RIGHTX, -1), DECK_NONE);
    CHECK_EQ_INT(deck_action(d, DECK_PAD_AXIS, SDL_CONTROLLER_AXIS_TRIGGERRIGHT, 1), DECK_COLLECT);
    CHECK_EQ_INT(deck_action(d, DECK_JOY_BUTTON, 0, 0), DECK_SPIN); /* the joystick part stays */
    deck_free(d);
    d = loaded("{\"comment\": \"an encoder\", \"joystick\": {\"button31\": \"picker\", \"hat3left\": \"pick9\", "
               "\"axis7-\": \"operator\"}}");
    CHECK_EQ_INT(deck_action(d, DECK_JOY_BUTTON, 31, 0), DECK_PICKER);
    CHECK_EQ_INT(deck_action(d, DECK_JOY_BUTTON, 0, 0), DECK_NONE);
    CHECK_EQ_INT(deck_action(d, DECK_JOY_HAT, 3, SDL_HAT_LEFT), DECK_PICK9);
    CHECK_EQ_INT(deck_action(d, DECK_JOY_AXIS, 7, -1), DECK_OPERATOR);
    CHECK_EQ_INT(deck_action(d, PAD(A), 0), DECK_SPIN);
    deck_free(d);
}

static void test_bad_settings_are_named(void)
{
    refused("{\"controller\": {\"a\": \"spinn\"}}", "controller.a: unknown action \"spinn\" (known: spin, bet,");
    refused("{\"controller\": {\"z\": \"spin\"}}", "controller.z: unknown controller input (known: a, b,");
    refused("{\"controller\": {\"leftx\": \"spin\"}}", "controller.leftx: unknown controller input");
    refused("{\"controller\": {\"lefttrigger+\": \"spin\"}}", "controller.lefttrigger+: unknown");
    refused("{\"controller\": {\"a\": \"spin\", \"a\": \"bet\"}}", "controller.a: named twice");
    refused("{\"controller\": {\"a\": 3}}", "controller.a: expected an action's name");
    refused("{\"controller\": []}", "controller: expected an object");
    refused("{\"joystick\": {\"button32\": \"spin\"}}", "joystick.button32: unknown joystick input (known: button0 to button31");
    refused("{\"joystick\": {\"button01\": \"spin\"}}", "joystick.button01: unknown joystick input");
    refused("{\"joystick\": {\"axis8+\": \"spin\"}}", "joystick.axis8+: unknown");
    refused("{\"joystick\": {\"hat0middle\": \"spin\"}}", "joystick.hat0middle: unknown");
    refused("{\"joystick\": {\"button1\": \"bet\", \"button1\": \"bet\"}}", "joystick.button1: named twice");
    refused("{\"joystick\": {}, \"joystick\": {}}", "joystick: named twice");
    refused("{\"pad\": {}}", "pad: unknown field (known: controller, joystick, comment)");
    refused("[1]", "expected a JSON object");
    refused("{\n\"controller\": {\n\"a\" \"spin\"}}", "not valid JSON (line 3)");
}

/* Presses of one device, as the keys they send: "RETURN", "S+c" (Shift), "" none. */
static void keys_of(const Input *in, int n, char *out, size_t size)
{
    size_t len = 0;
    out[0] = 0;
    for (int i = 0; i < n && len < size; i++) {
        CHECK_EQ_INT(in[i].type, INPUT_KEY);
        len += (size_t)snprintf(out + len, size - len, "%s%s%s%s", i ? " " : "",
                                (in[i].mod & KMOD_CTRL) ? "C+" : "", (in[i].mod & KMOD_SHIFT) ? "S+" : "",
                                SDL_GetKeyName(in[i].key));
    }
}

static void feeds(Deck *d, int dev, DeckSource src, int index, int value, uint64_t tick, const char *expect)
{
    Input out[DECK_OUT_MAX];
    char got[256];
    keys_of(out, deck_feed(d, dev, src, index, value, tick, out), got, sizeof got);
    if (strcmp(got, expect))
        fprintf(stderr, "  feed src %d index %d value %d at tick %llu: \"%s\", expected \"%s\"\n", (int)src,
                index, value, (unsigned long long)tick, got, expect);
    CHECK(!strcmp(got, expect));
}

static void ticks(Deck *d, uint64_t tick, const char *expect)
{
    Input out[DECK_OUT_MAX];
    char got[256];
    keys_of(out, deck_tick(d, tick, out), got, sizeof got);
    if (strcmp(got, expect))
        fprintf(stderr, "  tick %llu: \"%s\", expected \"%s\"\n", (unsigned long long)tick, got, expect);
    CHECK(!strcmp(got, expect));
}

static void test_buttons_send_their_keys_on_press(void)
{
    Deck *d = deck_new();
    feeds(d, 7, PAD(X), 1, 10, "1");
    feeds(d, 7, PAD(X), 1, 11, ""); /* still down: nothing */
    feeds(d, 7, PAD(X), 0, 12, "");
    feeds(d, 7, PAD(Y), 1, 13, "2");
    feeds(d, 7, PAD(RIGHTSHOULDER), 1, 13, "3");
    feeds(d, 7, PAD(LEFTSHOULDER), 1, 14, "B");
    feeds(d, 7, PAD(START), 1, 15, "A");
    feeds(d, 7, PAD(BACK), 1, 15, "Escape");
    feeds(d, 7, PAD(LEFTSTICK), 1, 15, "F2");
    feeds(d, 7, PAD(RIGHTSTICK), 1, 15, "F3");
    feeds(d, 7, PAD(GUIDE), 1, 15, "F12");
    feeds(d, 7, PAD(PADDLE1), 1, 15, ""); /* not mapped */
    feeds(d, 3, DECK_JOY_BUTTON, 7, 1, 16, "G");
    feeds(d, 3, DECK_JOY_BUTTON, 40, 1, 16, ""); /* beyond the table: ignored */
    deck_free(d);
    d = loaded("{\"controller\": {\"a\": \"operator\"}}");
    feeds(d, 1, PAD(A), 1, 1, "C+O");
    deck_free(d);
}

/* SPIN: a short press spins as it is let go; held KEY_HOLD_SPIN_TICKS it is SPIN held
 * (Shift+Enter) at that tick, and its release is nothing. COLLECT the same with its time. */
static void test_held_buttons_behave_as_the_panel_s(void)
{
    Deck *d = deck_new();
    feeds(d, 1, PAD(A), 1, 100, "");
    ticks(d, 100 + KEY_HOLD_SPIN_TICKS - 1, "");
    feeds(d, 1, PAD(A), 0, 100 + KEY_HOLD_SPIN_TICKS - 1, "Return");
    ticks(d, 100 + KEY_HOLD_SPIN_TICKS, "");
    feeds(d, 1, PAD(A), 1, 200, "");
    ticks(d, 200 + KEY_HOLD_SPIN_TICKS, "S+Return");
    ticks(d, 201 + KEY_HOLD_SPIN_TICKS, "");
    feeds(d, 1, PAD(A), 0, 300, "");
    feeds(d, 1, PAD(B), 1, 400, "");
    ticks(d, 400 + KEY_HOLD_COLLECT_TICKS - 1, "");
    ticks(d, 400 + KEY_HOLD_COLLECT_TICKS, "S+C");
    feeds(d, 1, PAD(B), 0, 500, "");
    feeds(d, 1, PAD(B), 1, 600, "");
    feeds(d, 1, PAD(B), 0, 601, "C");
    /* a second input on the same action: up once both are let go */
    feeds(d, 1, PAD(A), 1, 700, "");
    feeds(d, 2, DECK_JOY_BUTTON, 0, 1, 701, "");
    feeds(d, 1, PAD(A), 0, 702, "");
    feeds(d, 2, DECK_JOY_BUTTON, 0, 0, 703, "Return");
    deck_free(d);
}

static void test_axes_and_hats_press_by_direction(void)
{
    Deck *d = deck_new();
    const int lx = SDL_CONTROLLER_AXIS_LEFTX, lt = SDL_CONTROLLER_AXIS_TRIGGERLEFT;
    feeds(d, 1, DECK_PAD_AXIS, lx, -3000, 1, "");
    feeds(d, 1, DECK_PAD_AXIS, lx, -DECK_AXIS_PRESS, 2, "Left");
    feeds(d, 1, DECK_PAD_AXIS, lx, -32768, 3, "");
    feeds(d, 1, DECK_PAD_AXIS, lx, -DECK_AXIS_RELEASE, 4, ""); /* between: still held */
    feeds(d, 1, DECK_PAD_AXIS, lx, 0, 5, "");
    feeds(d, 1, DECK_PAD_AXIS, lx, -DECK_AXIS_RELEASE, 6, ""); /* between: not pressed again */
    feeds(d, 1, DECK_PAD_AXIS, lx, 32767, 7, "Right");
    feeds(d, 1, DECK_PAD_AXIS, lx, -32768, 8, "Left");
    feeds(d, 1, DECK_PAD_AXIS, lt, 30000, 9, "G");
    feeds(d, 1, DECK_PAD_AXIS, lt, 32767, 10, "");
    feeds(d, 1, DECK_PAD_AXIS, lt, 0, 11, "");
    feeds(d, 1, DECK_PAD_AXIS, lt, 30000, 12, "G");
    feeds(d, 2, DECK_JOY_HAT, 0, SDL_HAT_UP, 13, "Up");
    feeds(d, 2, DECK_JOY_HAT, 0, SDL_HAT_RIGHTUP, 14, "Right");
    feeds(d, 2, DECK_JOY_HAT, 0, SDL_HAT_DOWN, 15, "Down");
    feeds(d, 2, DECK_JOY_HAT, 0, SDL_HAT_CENTERED, 16, "");
    feeds(d, 2, DECK_JOY_AXIS, 0, 20000, 17, "Right");
    feeds(d, 2, DECK_JOY_AXIS, 1, -20000, 17, "Up");
    deck_free(d);
}

/* A device unplugged with SPIN held spins nothing; the same button on a device plugged
 * in again starts afresh. */
static void test_a_device_gone_lets_go_without_a_click(void)
{
    Deck *d = deck_new();
    feeds(d, 5, PAD(A), 1, 10, "");
    deck_device_gone(d, 5);
    ticks(d, 10 + KEY_HOLD_SPIN_TICKS, "");
    feeds(d, 5, PAD(A), 0, 20, "");
    feeds(d, 5, PAD(A), 1, 21, "");
    feeds(d, 5, PAD(A), 0, 22, "Return");
    /* more devices than it follows (device 5 and these fill the table): the extra one is
     * ignored, not mixed up with another, until one goes */
    for (int dev = 100; dev < 100 + DECK_DEVICES - 1; dev++) {
        feeds(d, dev, PAD(X), 1, 30, "1");
        feeds(d, dev, PAD(X), 0, 30, "");
    }
    feeds(d, 999, PAD(Y), 1, 31, "");
    deck_device_gone(d, 100);
    feeds(d, 999, PAD(Y), 1, 32, "2");
    deck_free(d);
}

int main(void)
{
    RUN(test_default_mapping);
    RUN(test_shipped_example_is_the_default);
    RUN(test_a_section_replaces_the_default);
    RUN(test_bad_settings_are_named);
    RUN(test_buttons_send_their_keys_on_press);
    RUN(test_held_buttons_behave_as_the_panel_s);
    RUN(test_axes_and_hats_press_by_direction);
    RUN(test_a_device_gone_lets_go_without_a_click);
    return test_done();
}
