/* test_opdoor.c - the operator's door (src/cabinet/opdoor.c) over a real memory: setting a
 * PIN, PINs refused, the right PIN opening, wrong ones counted, three in a row locking the
 * door for a minute (across closing and reopening the memory), the lock ending, a success
 * resetting the count, a PIN change, the hash kept instead of the PIN, and the operator log;
 * each series of three wrong tries locking twice as long as the one before (1, 2, 4 ... 60
 * minutes), across reopening, until the right PIN starts again from a minute; the real clock.
 *
 * Each hash or check costs a memory-hard 64 MiB Argon2id pass, so the tests try few PINs.
 * Time is the tests' own clock (T0 and offsets). */
#include "opdoor.h"
#include "test.h"

#include <sodium.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define T0 1767268800 /* 2026-01-01 12:00:00 UTC */

static char dir[256];

static Store *fresh_store(void)
{
    snprintf(dir, sizeof dir, "/tmp/slotcab-test-opdoor-XXXXXX");
    if (!mkdtemp(dir))
        abort();
    Error err = {{0}};
    Store *s = store_open(dir, STORE_CABINET, 100000, &err);
    if (!s)
        fprintf(stderr, "store_open: %s\n", err.msg);
    return s;
}

static Store *reopen(Store *s)
{
    store_close(s);
    Error err = {{0}};
    s = store_open(dir, STORE_CABINET, 100000, &err);
    if (!s)
        fprintf(stderr, "store_open again: %s\n", err.msg);
    return s;
}

static void done(Store *s)
{
    if (s) {
        StoreCheck c;
        CHECK(store_check(s, &c) == 0); /* every row the door wrote is sealed */
    }
    store_close(s);
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", dir);
}

static OpdoorVerdict try_pin(Store *s, const char *pin, int64_t now)
{
    OpdoorVerdict v = {.result = OPDOOR_NO_PIN};
    Error err = {{0}};
    if (opdoor_try(s, pin, "test", now, &v, &err))
        fprintf(stderr, "opdoor_try: %s\n", err.msg);
    return v;
}

/* The operator log, oldest first, as "what|detail" lines. */
static int log_of(Store *s, char lines[][300], int max)
{
    StoreOplogRow rows[64];
    int n = store_oplog(s, rows, 64, NULL);
    int k = 0;
    for (int i = n - 1; i >= 0 && k < max; i--)
        snprintf(lines[k++], 300, "%s|%s", rows[i].what, rows[i].detail);
    return k;
}

static void test_pin_format(void)
{
    Error err = {{0}};
    CHECK(opdoor_check_pin("1234", NULL) == 0);
    CHECK(opdoor_check_pin("12345678", NULL) == 0);
    CHECK(opdoor_check_pin("0000", NULL) == 0);
    const char *bad[] = {"", "123", "123456789", "12a4", " 1234", "1234 ", "12-34", "abcd"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        CHECK(opdoor_check_pin(bad[i], NULL) == -1);
    CHECK(opdoor_check_pin(NULL, NULL) == -1);
    CHECK(opdoor_check_pin("12x", &err) == -1);
    CHECK_STR_CONTAINS(err.msg, "4 to 8 digits");
    CHECK(strstr(err.msg, "12x") == NULL); /* a message never quotes what was typed */
}

static void test_bad_pin_refused(void)
{
    Store *s = fresh_store();
    CHECK(s != NULL);
    if (!s)
        return;
    CHECK(!opdoor_has_pin(s));
    CHECK_EQ_INT(try_pin(s, "1234", T0).result, OPDOOR_NO_PIN);
    Error err = {{0}};
    CHECK(opdoor_set_pin(s, NULL, "123", "test", T0, &err) == -1);
    CHECK_STR_CONTAINS(err.msg, "4 to 8 digits");
    CHECK(opdoor_set_pin(s, NULL, "123456789", "test", T0, &err) == -1);
    CHECK(opdoor_set_pin(s, NULL, "12ab", "test", T0, &err) == -1);
    CHECK(!opdoor_has_pin(s));
    char lines[8][300];
    CHECK_EQ_INT(log_of(s, lines, 8), 0); /* nothing set, nothing logged */
    done(s);
}

static void test_set_and_open(void)
{
    Store *s = fresh_store();
    if (!s)
        return;
    Error err = {{0}};
    CHECK(opdoor_set_pin(s, NULL, "97531", "test", T0, &err) == 0);
    CHECK(opdoor_has_pin(s));
    char hash[crypto_pwhash_STRBYTES];
    store_setting(s, OPDOOR_KEY_HASH, hash, sizeof hash);
    CHECK(strstr(hash, "97531") == NULL);
    CHECK(strncmp(hash, "$argon2id$", 10) == 0);
    CHECK(sodium_init() >= 0);
    CHECK(crypto_pwhash_str_verify(hash, "97531", 5) == 0);
    CHECK(crypto_pwhash_str_verify(hash, "97532", 5) != 0);
    OpdoorVerdict v = try_pin(s, "97531", T0);
    CHECK_EQ_INT(v.result, OPDOOR_OPEN);
    CHECK(!v.wrong);
    s = reopen(s); /* the PIN stays */
    if (!s)
        return;
    CHECK(opdoor_has_pin(s));
    /* with a PIN set, setting one needs the old one */
    CHECK(opdoor_set_pin(s, NULL, "2468", "test", T0, &err) == -1);
    CHECK_STR_CONTAINS(err.msg, "old PIN");
    char lines[8][300];
    int n = log_of(s, lines, 8);
    CHECK_EQ_INT(n, 3);
    if (n == 3) {
        CHECK_STR_CONTAINS(lines[0], "pin set|the first PIN (test)");
        CHECK_STR_CONTAINS(lines[1], "door opened|test");
        CHECK_STR_CONTAINS(lines[2], "wrong pin|try 1 of 3");
    }
    char *json = NULL;
    CHECK(store_audit_json(s, false, &json, &err) == 0);
    CHECK_STR_CONTAINS(json, "\"pin set\"");
    CHECK(json && strstr(json, "97531") == NULL); /* the PIN is nowhere in the audit */
    free(json);
    done(s);
}

static void test_three_wrong_lock_for_a_minute(void)
{
    Store *s = fresh_store();
    if (!s)
        return;
    CHECK(opdoor_set_pin(s, NULL, "2468", "test", T0, NULL) == 0);
    OpdoorVerdict v = try_pin(s, "1111", T0);
    CHECK_EQ_INT(v.result, OPDOOR_WRONG);
    CHECK_EQ_INT(v.tries_left, 2);
    v = try_pin(s, "1112", T0 + 1);
    CHECK_EQ_INT(v.result, OPDOOR_WRONG);
    CHECK_EQ_INT(v.tries_left, 1);
    char text[96];
    opdoor_verdict_text(&v, text, sizeof text);
    CHECK_STR_CONTAINS(text, "wrong PIN, 1 try left");
    s = reopen(s); /* closing the cabinet does not reset the count */
    if (!s)
        return;
    v = try_pin(s, "1113", T0 + 2);
    CHECK_EQ_INT(v.result, OPDOOR_LOCKED);
    CHECK_EQ_INT(v.seconds_left, 60);
    CHECK(v.wrong);
    opdoor_verdict_text(&v, text, sizeof text);
    CHECK_STR_CONTAINS(text, "locked for 60 s");
    CHECK_EQ_INT(opdoor_locked_for(s, T0 + 2), 60);
    /* while locked, even the right PIN does not open, and it is not checked */
    v = try_pin(s, "2468", T0 + 12);
    CHECK_EQ_INT(v.result, OPDOOR_LOCKED);
    CHECK_EQ_INT(v.seconds_left, 50);
    CHECK(!v.wrong);
    s = reopen(s); /* nor does closing the cabinet lift the lock */
    if (!s)
        return;
    CHECK_EQ_INT(opdoor_locked_for(s, T0 + 61), 1);
    CHECK_EQ_INT(try_pin(s, "2468", T0 + 61).result, OPDOOR_LOCKED);
    CHECK_EQ_INT(opdoor_locked_for(s, T0 + 62), 0);
    /* a minute after the third wrong try: a fresh count of three */
    v = try_pin(s, "9999", T0 + 62);
    CHECK_EQ_INT(v.result, OPDOOR_WRONG);
    CHECK_EQ_INT(v.tries_left, 2);
    CHECK_EQ_INT(try_pin(s, "2468", T0 + 63).result, OPDOOR_OPEN);
    char lines[16][300];
    int n = log_of(s, lines, 16);
    const char *want[] = {"pin set|",
                          "wrong pin|try 1 of 3 (test)",
                          "wrong pin|try 2 of 3 (test)",
                          "wrong pin|try 3 of 3 (test)",
                          "locked out|3 wrong PINs in a row: locked for 60 s (lock-out 1 since",
                          "locked out|a try while locked, 50 s left (test)",
                          "locked out|a try while locked, 1 s left (test)",
                          "wrong pin|try 1 of 3 (test)",
                          "door opened|test"};
    CHECK_EQ_INT(n, (int)(sizeof want / sizeof want[0]));
    for (int i = 0; i < n && i < (int)(sizeof want / sizeof want[0]); i++)
        CHECK_STR_CONTAINS(lines[i], want[i]);
    for (int i = 0; i < n; i++) /* no PIN tried is ever written down */
        CHECK(!strstr(lines[i], "2468") && !strstr(lines[i], "1111") && !strstr(lines[i], "9999"));
    done(s);
}

static void test_success_resets_count(void)
{
    Store *s = fresh_store();
    if (!s)
        return;
    CHECK(opdoor_set_pin(s, NULL, "13579", "test", T0, NULL) == 0);
    CHECK_EQ_INT(try_pin(s, "1357", T0).tries_left, 2);
    CHECK_EQ_INT(try_pin(s, "135791", T0).tries_left, 1);
    char fails[16];
    store_setting(s, OPDOOR_KEY_FAILS, fails, sizeof fails);
    CHECK(!strcmp(fails, "2"));
    CHECK_EQ_INT(try_pin(s, "13579", T0).result, OPDOOR_OPEN);
    store_setting(s, OPDOOR_KEY_FAILS, fails, sizeof fails);
    CHECK(!strcmp(fails, "0"));
    OpdoorVerdict v = try_pin(s, "", T0); /* an empty PIN is a wrong one */
    CHECK_EQ_INT(v.result, OPDOOR_WRONG);
    CHECK_EQ_INT(v.tries_left, 2); /* counted from the start again */
    done(s);
}

static void test_change_pin(void)
{
    Store *s = fresh_store();
    if (!s)
        return;
    Error err = {{0}};
    CHECK(opdoor_set_pin(s, NULL, "1111", "test", T0, NULL) == 0);
    CHECK(opdoor_set_pin(s, "2222", "3333", "test", T0, &err) == -1); /* a wrong old PIN */
    CHECK_STR_CONTAINS(err.msg, "wrong PIN, 2 tries left");
    CHECK(opdoor_set_pin(s, "1111", "33", "test", T0, &err) == -1); /* a bad new one */
    CHECK_STR_CONTAINS(err.msg, "4 to 8 digits");
    CHECK(opdoor_set_pin(s, "1111", "3333", "test", T0, &err) == 0);
    CHECK_EQ_INT(try_pin(s, "1111", T0).result, OPDOOR_WRONG);
    CHECK_EQ_INT(try_pin(s, "3333", T0).result, OPDOOR_OPEN);
    char lines[8][300];
    int n = log_of(s, lines, 8);
    CHECK_EQ_INT(n, 5);
    if (n == 5) {
        CHECK_STR_CONTAINS(lines[1], "wrong pin|try 1 of 3");
        CHECK_STR_CONTAINS(lines[2], "pin set|changed (test)");
    }
    done(s);
}

static void test_clock_set_back(void)
{
    Store *s = fresh_store();
    if (!s)
        return;
    /* a lock written under a clock a day ahead lasts a minute from now, not a day */
    CHECK(store_set_setting(s, OPDOOR_KEY_LOCKED_UNTIL, "1767355200", NULL) == 0);
    CHECK_EQ_INT(opdoor_locked_for(s, T0), 60);
    CHECK_EQ_INT(opdoor_locked_for(s, T0 + 30), 30);
    CHECK_EQ_INT(opdoor_locked_for(s, T0 + 60), 0);
    done(s);
}

static int64_t setting_of(Store *s, const char *key)
{
    char v[32];
    store_setting(s, key, v, sizeof v);
    return v[0] ? strtoll(v, NULL, 10) : -1;
}

/* Three wrong tries at `now`: the verdict of the third. */
static OpdoorVerdict three_wrong(Store *s, int64_t now)
{
    try_pin(s, "0001", now);
    try_pin(s, "0002", now);
    return try_pin(s, "0003", now);
}

static void test_lock_grows(void)
{
    CHECK_EQ_INT(opdoor_lock_seconds(1), 60);
    CHECK_EQ_INT(opdoor_lock_seconds(2), 120);
    CHECK_EQ_INT(opdoor_lock_seconds(6), 1920);
    CHECK_EQ_INT(opdoor_lock_seconds(7), 3600);
    CHECK_EQ_INT(opdoor_lock_seconds(1000), 3600);
    Store *s = fresh_store();
    if (!s)
        return;
    CHECK(opdoor_set_pin(s, NULL, "2468", "test", T0, NULL) == 0);
    /* each series of three locks twice as long as the one before, up to an hour; closing the
     * cabinet between series keeps the series */
    const int64_t want[] = {60, 120, 240, 480, 960, 1920, 3600, 3600};
    int64_t now = T0;
    for (int i = 0; i < 8; i++) {
        OpdoorVerdict v = three_wrong(s, now);
        CHECK_EQ_INT(v.result, OPDOOR_LOCKED);
        CHECK_EQ_INT(v.seconds_left, want[i]);
        CHECK_EQ_INT(setting_of(s, OPDOOR_KEY_LOCKOUTS), i + 1);
        CHECK_EQ_INT(setting_of(s, OPDOOR_KEY_LOCKED_UNTIL), now + want[i]);
        s = reopen(s);
        if (!s)
            return;
        CHECK_EQ_INT(opdoor_locked_for(s, now + want[i] - 1), 1); /* not lifted early */
        now += want[i];
        CHECK_EQ_INT(opdoor_locked_for(s, now), 0);
    }
    char lines[64][300];
    int n = log_of(s, lines, 64);
    int found = 0;
    for (int i = 0; i < n; i++) /* each lock-out's log line says how long it locks */
        found += strstr(lines[i], "locked out|3 wrong PINs in a row: locked for 3600 s (lock-out 8") != NULL ||
                 strstr(lines[i], "locked for 240 s (lock-out 3 since the right PIN)") != NULL;
    CHECK_EQ_INT(found, 2);
    /* the right PIN ends the series: the next three lock for a minute again */
    CHECK_EQ_INT(try_pin(s, "2468", now).result, OPDOOR_OPEN);
    CHECK_EQ_INT(setting_of(s, OPDOOR_KEY_LOCKOUTS), 0);
    CHECK_EQ_INT(setting_of(s, OPDOOR_KEY_FAILS), 0);
    OpdoorVerdict v = three_wrong(s, now);
    CHECK_EQ_INT(v.seconds_left, 60);
    done(s);
}

static void test_lock_clock_set_back_keeps_length(void)
{
    Store *s = fresh_store();
    if (!s)
        return;
    CHECK(opdoor_set_pin(s, NULL, "2468", "test", T0, NULL) == 0);
    three_wrong(s, T0);
    three_wrong(s, T0 + 60); /* the second lock-out: 2 minutes */
    CHECK_EQ_INT(opdoor_locked_for(s, T0 + 60), 120);
    /* the clock set back a day: the lock still lasts 2 minutes from now, not a day */
    CHECK_EQ_INT(opdoor_locked_for(s, T0 - 86400), 120);
    CHECK_EQ_INT(opdoor_locked_for(s, T0 - 86400 + 120), 0);
    done(s);
}

static void test_real_clock(void)
{
    /* the door's clock is the real one, whatever a session says */
    int64_t before = (int64_t)time(NULL), now = opdoor_now(), after = (int64_t)time(NULL);
    CHECK(now >= before && now <= after);
}

int main(int argc, char **argv)
{
    test_init(argc, argv);
    RUN(test_pin_format);
    RUN(test_bad_pin_refused);
    RUN(test_set_and_open);
    RUN(test_three_wrong_lock_for_a_minute);
    RUN(test_success_resets_count);
    RUN(test_change_pin);
    RUN(test_clock_set_back);
    RUN(test_lock_grows);
    RUN(test_lock_clock_set_back_keeps_length);
    RUN(test_real_clock);
    return test_done();
}
