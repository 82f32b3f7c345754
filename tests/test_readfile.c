/* test_readfile.c - tests of one-line messages (src/engine/error.c) and bounded input files
 * (src/engine/readfile.c).
 *
 * error_escape: control bytes, bytes that are not UTF-8, C1 controls and line separators come
 * out escaped; everything else as it is; escaping twice is escaping once; a message cut to
 * its buffer is cut at a whole character or escape. error_set escapes what it formats.
 * readfile: a file within its limit is read whole; one past it, /dev/zero, a FIFO with no
 * writer and a folder are refused at once with the name the caller gave. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "error.h"
#include "readfile.h"
#include "test.h"

static void check_escape(const char *in, const char *want)
{
    char out[256], again[256];
    error_escape(out, sizeof out, in);
    if (strcmp(out, want))
        fprintf(stderr, "escape: got \"%s\", want \"%s\"\n", out, want);
    CHECK(strcmp(out, want) == 0);
    error_escape(again, sizeof again, out);
    CHECK(strcmp(again, out) == 0); /* idempotent */
}

static void test_escape(void)
{
    check_escape("plain text, 100 % sure", "plain text, 100 % sure");
    check_escape("a\nb\rc\td", "a\\nb\\rc\\td");
    check_escape("\x1b[31mred\x1b[0m", "\\x1b[31mred\\x1b[0m");
    check_escape("del\x7f bell\x07", "del\\x7f bell\\x07");
    check_escape("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x8e\xb0", "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x8e\xb0");
    check_escape("csi \xc2\x9b" "2J", "csi \\xc2\\x9b2J");        /* U+009B, a C1 control */
    check_escape("ls\xe2\x80\xa8ps\xe2\x80\xa9", "ls\\xe2\\x80\\xa8ps\\xe2\\x80\\xa9");
    check_escape("bad \xff\xfe end", "bad \\xff\\xfe end");
    check_escape("cut \xc3", "cut \\xc3");                        /* a character cut short */
    check_escape("overlong \xc0\xaf \xe0\x80\xaf", "overlong \\xc0\\xaf \\xe0\\x80\\xaf");
    check_escape("surrogate \xed\xa0\x80", "surrogate \\xed\\xa0\\x80");
    check_escape("back\\slash", "back\\slash");                   /* a backslash as it is */
}

static void test_escape_cut(void)
{
    char out[8];
    error_escape(out, sizeof out, "abcd\n\n");
    CHECK(strcmp(out, "abcd\\n") == 0); /* the second escape does not fit whole */
    error_escape(out, sizeof out, "abcdef\xc3\xa9");
    CHECK(strcmp(out, "abcdef") == 0); /* nor half a character */
    char one[1];
    error_escape(one, sizeof one, "x");
    CHECK(one[0] == 0);
}

static void test_error_set(void)
{
    Error err;
    CHECK(error_set(&err, "%s: %s", "file\nname", "what \x1b[2J") == -1);
    CHECK(strcmp(err.msg, "file\\nname: what \\x1b[2J") == 0);
    Error outer;
    error_set(&outer, "--flag: %s", err.msg); /* a message made of a message: escaped once */
    CHECK(strcmp(outer.msg, "--flag: file\\nname: what \\x1b[2J") == 0);
    CHECK(error_set(NULL, "nothing") == -1);
}

static void test_readfile(void)
{
    char dir[] = "/tmp/slotcab-readfile-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    char path[256], name[300];
    snprintf(path, sizeof path, "%s/ten", dir);
    FILE *f = fopen(path, "wb");
    CHECK(f && fwrite("0123456789", 1, 10, f) == 10);
    if (f)
        fclose(f);
    char *text = NULL;
    size_t len = 0;
    Error err;
    CHECK(readfile_all(path, "ten", 10, &text, &len, &err) == 0);
    CHECK(text && len == 10 && strcmp(text, "0123456789") == 0);
    free(text);
    CHECK(readfile_all(path, "--flag ten", 9, &text, &len, &err) == -1 && !text);
    CHECK(strcmp(err.msg, "--flag ten: larger than 9 bytes") == 0);
    CHECK(readfile_check(path, "ten", 10, &err) == 0);
    CHECK(readfile_check(path, "ten", 9, &err) == -1);

    f = fopen(path, "wb");
    if (f) {
        CHECK(ftruncate(fileno(f), (off_t)READFILE_SMALL_MAX + 1) == 0);
        fclose(f);
    }
    CHECK(readfile_all(path, "big", READFILE_SMALL_MAX, &text, &len, &err) == -1);
    CHECK(strcmp(err.msg, "big: larger than 1 MiB") == 0);
    CHECK(readfile_all(path, "big", 4096, &text, &len, &err) == -1);
    CHECK(strcmp(err.msg, "big: larger than 4 KiB") == 0);

    CHECK(readfile_all("/dev/zero", "zero", READFILE_JSON_MAX, &text, &len, &err) == -1);
    CHECK_STR_CONTAINS(err.msg, "zero: not a regular file");
    snprintf(path, sizeof path, "%s/fifo", dir);
    CHECK(mkfifo(path, 0600) == 0);
    CHECK(readfile_all(path, "fifo", READFILE_JSON_MAX, &text, &len, &err) == -1); /* at once */
    CHECK_STR_CONTAINS(err.msg, "fifo: not a regular file");
    unlink(path);
    CHECK(readfile_all(dir, "folder", READFILE_JSON_MAX, &text, &len, &err) == -1);
    CHECK_STR_CONTAINS(err.msg, "folder: cannot read it: it is a folder");
    snprintf(path, sizeof path, "%s/none", dir);
    snprintf(name, sizeof name, "%s", "none\n");
    CHECK(readfile_all(path, name, READFILE_JSON_MAX, &text, &len, &err) == -1);
    CHECK(strcmp(err.msg, "none\\n: cannot read it: No such file or directory") == 0);
    snprintf(path, sizeof path, "%s/ten", dir);
    unlink(path);
    rmdir(dir);
}

int main(int argc, char **argv)
{
    test_init(argc, argv);
    RUN(test_escape);
    RUN(test_escape_cut);
    RUN(test_error_set);
    RUN(test_readfile);
    return test_done();
}
