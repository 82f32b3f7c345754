/* test_recording.c - the recording format of the play core (src/cabinet/core/recording.c),
 * with no SDL: a stub key table names the keys. A session written (header, a press, a key,
 * a keycode the table cannot name, the end line) reads back the same, its keys by name; a
 * bad line is refused with the line and the field named. */
#include "recording.h"
#include "test.h"

#include <unistd.h>

#define KEY_SPACE 32
#define KEY_NAMELESS 0x40000099

static int32_t stub_from_name(const char *name) { return !strcmp(name, "Space") ? KEY_SPACE : 0; }
static const char *stub_name(int32_t key) { return key == KEY_SPACE ? "Space" : ""; }
static const RecordingKeys stub_keys = {stub_from_name, stub_name};

static void temp_path(char *path, size_t n, const char *name)
{
    const char *dir = getenv("TMPDIR");
    snprintf(path, n, "%s/slotcab-test-recording-%ld-%s", dir && dir[0] ? dir : "/tmp", (long)getpid(), name);
}

static int write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return -1;
    fputs(text, f);
    return fclose(f);
}

static void test_written_reads_back(void)
{
    char path[512];
    temp_path(path, sizeof path, "round.jsonl");
    Error err = {{0}};
    ReplayHeader h = {.has_seed = true, .seed = 42, .has_balance = true, .balance = 100000,
                      .has_game = true, .win_w = 1280, .win_h = 720, .headless = true,
                      .has_clock = true, .clock = 1767268800, .has_start = true,
                      .start_balance = 100000};
    snprintf(h.game, sizeof h.game, "gonzo");
    snprintf(h.version, sizeof h.version, "0.1");
    Recorder *r = recorder_open(path, &stub_keys, &h, &err);
    CHECK(r != NULL);
    if (!r)
        return;
    Input press = {.type = INPUT_PRESS, .x = 960.5f, .y = 540};
    Input space = {.type = INPUT_KEY, .key = KEY_SPACE, .mod = 3};
    Input nameless = {.type = INPUT_KEY, .key = KEY_NAMELESS};
    CHECK_EQ_INT(recorder_input(r, 120, &press, &err), 0);
    CHECK_EQ_INT(recorder_input(r, 200, &space, &err), 0);
    CHECK_EQ_INT(recorder_input(r, 201, &nameless, &err), 0);
    CHECK_EQ_INT(recorder_end(r, 5000, &err), 0);
    recorder_close(r);

    FILE *f = fopen(path, "rb");
    char text[2048] = {0};
    CHECK(f && fread(text, 1, sizeof text - 1, f) > 0);
    if (f)
        fclose(f);
    CHECK_STR_CONTAINS(text, "{\"tick\":200,\"type\":\"key\",\"key\":\"Space\",\"mod\":3}\n");
    CHECK_STR_CONTAINS(text, "{\"tick\":201,\"type\":\"key\",\"key\":1073741977,\"mod\":0}\n");
    CHECK_STR_CONTAINS(text, "{\"tick\":5000,\"type\":\"end\"}\n");

    ReplayHeader back;
    Playback *p = playback_load(path, &stub_keys, &back, &err);
    CHECK(p != NULL);
    if (!p)
        return;
    CHECK(back.has_seed && back.seed == 42);
    CHECK_EQ_INT(back.balance, 100000);
    CHECK(!strcmp(back.game, "gonzo") && back.win_w == 1280 && back.headless);
    CHECK_EQ_INT(back.clock, 1767268800);
    CHECK_EQ_INT(playback_count(p), 3);
    CHECK_EQ_INT(playback_end(p), 5000);
    Input in;
    CHECK(!playback_next(p, 119, &in));
    CHECK(playback_next(p, 120, &in) && in.type == INPUT_PRESS && in.x == 960.5f && in.y == 540);
    CHECK(playback_next(p, 201, &in) && in.type == INPUT_KEY && in.key == KEY_SPACE && in.mod == 3);
    CHECK(playback_next(p, 201, &in) && in.key == KEY_NAMELESS);
    CHECK(!playback_next(p, 6000, &in));
    playback_free(p);
    unlink(path);
}

/* A key's name the table does not know: refused, the line and field named. */
static void test_bad_line_names_its_field(void)
{
    char path[512];
    temp_path(path, sizeof path, "bad.jsonl");
    CHECK_EQ_INT(write_text(path, "{\"slotcab_recording\": 1}\n"
                                  "{\"tick\": 0, \"type\": \"key\", \"key\": \"Space\"}\n"
                                  "{\"tick\": 5, \"type\": \"key\", \"key\": \"Nope\"}\n"), 0);
    Error err = {{0}};
    ReplayHeader h;
    Playback *p = playback_load(path, &stub_keys, &h, &err);
    CHECK(p == NULL);
    playback_free(p);
    CHECK_STR_CONTAINS(err.msg, "--playback ");
    CHECK_STR_CONTAINS(err.msg, ": line 3: field \"key\": expected a key's name as SDL spells it");
    unlink(path);
}

int main(int argc, char **argv)
{
    test_init(argc, argv);
    RUN(test_written_reads_back);
    RUN(test_bad_line_names_its_field);
    return test_done();
}
