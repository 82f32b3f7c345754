/* test_store_seal.c - the memory's keyed seals, chains, head and witness (src/store,
 * store_seal.c, store_guard.c): a committed write that went missing is refused with every file
 * left as it was; rows written, deleted or put back without the key are found; the key, the
 * lock and the files' modes. Each test works in its own temporary folder. */
#include "store.h"
#include "test.h"

#include <sqlite3.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static char dir[256];

static void fresh_dir(void)
{
    snprintf(dir, sizeof dir, "/tmp/slotcab-test-seal-XXXXXX");
    if (!mkdtemp(dir))
        abort();
}

static void remove_dir(void)
{
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", dir);
}

static void file_in(const char *name, char *out, size_t size) { snprintf(out, size, "%s/%s", dir, name); }

static Store *open_store(Money demo, Error *err)
{
    return store_open(dir, STORE_CABINET, demo, err);
}

static int64_t play(Store *s, Money bet, Money win, uint64_t seed)
{
    StoreRound r = {.seed = seed, .bet = {{10, 1, 25, 0}}, .bet_total = bet, .has_pool = true,
                    .pool_before = 50000000};
    snprintf(r.game, sizeof r.game, "mona-lisa-jewels");
    store_pool(s, r.game, &r.pool_before);
    int64_t id = 0;
    Error err = {{0}};
    CHECK(store_round_begin(s, &r, &id, &err) == 0);
    CHECK(store_round_command(s, id, &(Command){.type = CMD_START}, &err) == 0);
    StoreSettle st = {.win = win, .pool_added = 125, .pool_after = r.pool_before + 125};
    CHECK(store_round_settle(s, id, &st, &err) == 0);
    return id;
}

/* A cabinet that plays `rounds` rounds and dies (no close, no checkpoint): its -wal remains. */
static void play_and_die(int rounds)
{
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        Error err = {{0}};
        Store *s = open_store(100000, &err);
        if (!s)
            _exit(3);
        for (int i = 0; i < rounds; i++)
            play(s, 250, i % 3 ? 0 : 500, (uint64_t)i);
        _exit(0);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

/* Every file of the memory, as bytes ("" for a missing one), to compare before and after. */
typedef struct Files {
    char *bytes[5];
    long len[5];
} Files;
static const char *const memory_files[5] = {STORE_FILE, STORE_FILE "-wal", STORE_FILE "-shm",
                                            STORE_KEY_FILE, STORE_WITNESS_FILE};

static Files files_now(void)
{
    Files f = {{0}, {0}};
    for (int i = 0; i < 5; i++) {
        char path[300];
        file_in(memory_files[i], path, sizeof path);
        FILE *fp = fopen(path, "rb");
        f.len[i] = -1;
        if (!fp)
            continue;
        fseek(fp, 0, SEEK_END);
        f.len[i] = ftell(fp);
        fseek(fp, 0, SEEK_SET);
        f.bytes[i] = malloc((size_t)f.len[i] + 1);
        if (fread(f.bytes[i], 1, (size_t)f.len[i], fp) != (size_t)f.len[i])
            f.len[i] = -2;
        fclose(fp);
    }
    return f;
}

static bool files_same(const Files *a, const Files *b)
{
    bool same = true;
    for (int i = 0; i < 5; i++)
        if (a->len[i] != b->len[i] || (a->len[i] > 0 && memcmp(a->bytes[i], b->bytes[i], (size_t)a->len[i]))) {
            fprintf(stderr, "     %s changed (%ld -> %ld bytes)\n", memory_files[i], a->len[i], b->len[i]);
            same = false;
        }
    return same;
}

static void files_free(Files *f)
{
    for (int i = 0; i < 5; i++)
        free(f->bytes[i]);
}

static void cut_file(const char *name, long len)
{
    char path[300];
    file_in(name, path, sizeof path);
    CHECK(truncate(path, len) == 0);
}

static long file_size(const char *name)
{
    char path[300];
    struct stat st;
    file_in(name, path, sizeof path);
    return stat(path, &st) ? -1 : (long)st.st_size;
}

/* Refused by the cabinet and the audit, with `says`, every file left byte for byte. */
static void expect_refused(const char *says)
{
    Files before = files_now();
    Error err = {{0}};
    Store *s = open_store(0, &err);
    CHECK(s == NULL);
    store_close(s);
    CHECK_STR_CONTAINS(err.msg, says);
    CHECK(strchr(err.msg, '\n') == NULL);
    Files after = files_now();
    CHECK(files_same(&before, &after));
    files_free(&after);
    s = store_open(dir, STORE_AUDIT, 0, &err);
    CHECK(s == NULL);
    store_close(s);
    CHECK_STR_CONTAINS(err.msg, says);
    after = files_now();
    CHECK(files_same(&before, &after));
    files_free(&after);
    files_free(&before);
}

/* "One flipped bit in slotcab.db-wal silently erases committed rounds": a log cut short, or
 * with a byte flipped in its last commit, is refused by name, and every file is left as it
 * was (the log is not checkpointed into the memory, the index not rebuilt). */
static void test_a_log_that_lost_commits_is_refused_with_every_file_left_as_it_was(void)
{
    fresh_dir();
    play_and_die(12);
    long wal = file_size(STORE_FILE "-wal");
    CHECK(wal > 4096);
    cut_file(STORE_FILE "-wal", wal - 4096 - 24 - 100); /* the last commit's frame cut */
    expect_refused("committed rounds are missing");
    remove_dir();

    fresh_dir();
    play_and_die(12);
    wal = file_size(STORE_FILE "-wal");
    char path[300];
    file_in(STORE_FILE "-wal", path, sizeof path);
    int fd = open(path, O_RDWR);
    unsigned char b = 0;
    CHECK(pread(fd, &b, 1, wal - 50) == 1);
    b ^= 0x10;
    CHECK(pwrite(fd, &b, 1, wal - 50) == 1);
    close(fd);
    expect_refused("committed rounds are missing");
    remove_dir();
}

/* The cabinet died between its commit and the witness's write: the memory is one commit ahead
 * of its witness, which is accepted, and the witness is written again. Two ahead is not. */
static void test_a_memory_one_commit_ahead_of_its_witness_is_accepted(void)
{
    fresh_dir();
    Error err = {{0}};
    Store *s = open_store(100000, &err);
    play(s, 250, 0, 1);
    store_close(s);
    Files old = files_now(); /* the witness as it was */
    s = open_store(0, &err);
    CHECK(store_credit_in(s, 100, "operator", &err) == 0); /* one commit */
    store_close(s);
    char path[300];
    file_in(STORE_WITNESS_FILE, path, sizeof path);
    FILE *fp = fopen(path, "wb");
    fwrite(old.bytes[4], 1, (size_t)old.len[4], fp);
    fclose(fp);
    s = open_store(0, &err);
    CHECK(s != NULL);
    StoreCheck c;
    CHECK(s && store_check(s, &c) == 0 && store_balance(s) == 100000 - 250 + 100);
    store_close(s);
    s = open_store(0, &err); /* the witness was written again */
    CHECK(s != NULL);
    store_close(s);
    /* two commits behind: not a death between commit and witness */
    s = open_store(0, &err);
    CHECK(store_credit_in(s, 100, "operator", &err) == 0 && store_credit_in(s, 100, "operator", &err) == 0);
    store_close(s);
    fp = fopen(path, "wb");
    fwrite(old.bytes[4], 1, (size_t)old.len[4], fp);
    fclose(fp);
    expect_refused("does not match its witness");
    files_free(&old);
    remove_dir();
}

/* The witness's two slots: one damaged leaves the other; both, or no witness, is refused. */
static void test_a_damaged_witness(void)
{
    fresh_dir();
    Error err = {{0}};
    Store *s = open_store(100000, &err);
    play(s, 250, 0, 1);
    store_close(s);
    cut_file(STORE_WITNESS_FILE, 100); /* the second slot torn */
    s = open_store(0, &err);
    if (!s) /* the torn slot was the newest: the memory is then a commit ahead, or not */
        CHECK_STR_CONTAINS(err.msg, "witness");
    store_close(s);
    cut_file(STORE_WITNESS_FILE, 10);
    expect_refused("neither of its slots is sound");
    char path[300];
    file_in(STORE_WITNESS_FILE, path, sizeof path);
    unlink(path);
    expect_refused("missing");
    remove_dir();
}

/* "a crash at first start leaves no memory at all (the next start makes it again)": a first
 * start killed after its key and witness were made but before its memory was put in place
 * (its slotcab.db.new still there, its witness empty: killed before the first commit) is made
 * again; the same empty witness without the ".new", where a memory was, is refused. */
static void test_a_first_start_killed_before_its_memory_was_in_place_is_made_again(void)
{
    fresh_dir();
    char path[300];
    file_in(STORE_WITNESS_FILE, path, sizeof path);
    FILE *f = fopen(path, "w"); /* the witness made, its first slot never written */
    CHECK(f != NULL);
    if (f)
        fclose(f);
    Error err = {{0}};
    Store *s = open_store(100000, &err);
    CHECK(s == NULL);
    CHECK_STR_CONTAINS(err.msg, "missing, but its witness");
    store_close(s);
    file_in(STORE_FILE ".new", path, sizeof path);
    f = fopen(path, "w"); /* the first start's memory, not yet renamed into place */
    CHECK(f != NULL);
    if (f)
        fclose(f);
    s = open_store(100000, &err);
    CHECK(s != NULL);
    if (s) {
        CHECK(store_balance(s) == 100000);
        play(s, 250, 0, 1);
        store_close(s);
    }
    CHECK(access(path, F_OK) != 0); /* the ".new" became the memory */
    s = open_store(0, &err);
    CHECK(s != NULL);
    store_close(s);
    remove_dir();
}

/* "a missing or unreadable key for a keyed memory is refused with a message, never
 * regenerated"; another memory's key does not open it */
static void test_the_key(void)
{
    fresh_dir();
    Error err = {{0}};
    Store *s = open_store(100000, &err);
    play(s, 250, 0, 1);
    store_close(s);
    char key[300], other[320];
    file_in(STORE_KEY_FILE, key, sizeof key);
    struct stat st;
    CHECK(stat(key, &st) == 0 && (st.st_mode & 0777) == 0600 && st.st_size == 32);
    snprintf(other, sizeof other, "%s.aside", key);
    CHECK(rename(key, other) == 0);
    expect_refused("key");
    CHECK(access(key, F_OK) != 0); /* not made again */
    FILE *fp = fopen(key, "wb");
    fwrite("0123456789abcdef0123456789abcdef", 1, 32, fp);
    fclose(fp);
    expect_refused("key");
    CHECK(rename(other, key) == 0);
    s = open_store(0, &err);
    CHECK(s != NULL);
    store_close(s);
    remove_dir();
}

/* Runs SQL on the database behind the store's back (a person with the file, not the key). */
static void tamper(const char *sql)
{
    char path[300];
    file_in(STORE_FILE, path, sizeof path);
    sqlite3 *db;
    CHECK(sqlite3_open(path, &db) == SQLITE_OK);
    char *msg = NULL;
    if (sqlite3_exec(db, sql, NULL, NULL, &msg) != SQLITE_OK)
        fprintf(stderr, "tamper: %s\n", msg);
    sqlite3_free(msg);
    sqlite3_close(db);
}

/* The seal of schema 7 (FNV-1a): what a forger who read the old code would compute. */
static void fnv(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    uint64_t h = 1469598103934665603ull;
    for (int i = 0; i < argc; i++) {
        int type = sqlite3_value_type(argv[i]);
        const unsigned char *t = type == SQLITE_NULL ? (const unsigned char *)"" : sqlite3_value_text(argv[i]);
        h = (h ^ (uint64_t)type) * 1099511628211ull;
        for (; t && *t; t++)
            h = (h ^ *t) * 1099511628211ull;
        h = (h ^ 0xff) * 1099511628211ull;
    }
    sqlite3_result_int64(ctx, (sqlite3_int64)(h >> 1));
}

static void forge(const char *sql)
{
    char path[300];
    file_in(STORE_FILE, path, sizeof path);
    sqlite3 *db;
    CHECK(sqlite3_open(path, &db) == SQLITE_OK);
    sqlite3_create_function(db, "fnv", -1, SQLITE_UTF8, NULL, fnv, NULL, NULL);
    char *msg = NULL;
    if (sqlite3_exec(db, sql, NULL, NULL, &msg) != SQLITE_OK)
        fprintf(stderr, "forge: %s\n", msg);
    sqlite3_free(msg);
    sqlite3_close(db);
}

/* A memory of 8 rounds, an operator log with a wrong PIN and a lock-out, kept as a copy. */
static void make_played(void)
{
    fresh_dir();
    Error err = {{0}};
    Store *s = open_store(100000, &err);
    for (int i = 0; i < 8; i++)
        play(s, 250, i % 3 ? 0 : 500, (uint64_t)i);
    CHECK(store_oplog_add(s, "wrong pin", "1 of 3", &err) == 0);
    CHECK(store_oplog_add(s, "locked out", "5 minutes", &err) == 0);
    CHECK(store_oplog_add(s, "door opened", "", &err) == 0);
    store_close(s);
    char cmd[900];
    snprintf(cmd, sizeof cmd, "cp -a '%s' '%s.orig'", dir, dir);
    CHECK(system(cmd) == 0);
}

static void back_to_played(void)
{
    char cmd[900];
    snprintf(cmd, sizeof cmd, "rm -rf '%s' && cp -a '%s.orig' '%s'", dir, dir, dir);
    CHECK(system(cmd) == 0);
}

static void expect_found(const char *what, const char *says)
{
    Error err = {{0}};
    Store *s = store_open(dir, STORE_AUDIT, 0, &err);
    StoreCheck c = {0};
    bool found = !s || store_check(s, &c) != 0;
    if (!found)
        fprintf(stderr, "     not found: %s\n", what);
    CHECK(found);
    if (s && says)
        CHECK_STR_CONTAINS(c.problems, says);
    store_close(s);
}

/* "The row checksums protect against accidents, not people": the four forgeries of issue 29
 * (sealed as schema 7 sealed rows), a row deleted in the middle of its chain, and a row put
 * back as an older sealed version of itself, are each found by the check. */
static void test_rows_forged_without_the_key_are_found(void)
{
    make_played();
    {
        Error err = {{0}};
        Store *s = store_open(dir, STORE_AUDIT, 0, &err);
        StoreCheck c;
        CHECK(s && store_check(s, &c) == 0);
        store_close(s);
    }
    /* a forged 1,000,000.00 credit with its meter and wallet */
    forge("INSERT INTO cash(kind, amount, at) VALUES('in', 100000000, '2026-01-01 00:00:00');"
          "UPDATE cash SET chk = fnv(id, kind, amount, at) WHERE amount = 100000000;"
          "UPDATE meters SET value = value + 100000000 WHERE game = '' AND name = 'credits_in';"
          "UPDATE meters SET chk = fnv(game, name, value) WHERE game = '' AND name = 'credits_in';"
          "UPDATE wallet SET balance = balance + 100000000; UPDATE wallet SET chk = fnv(id, balance)");
    expect_found("a forged credit", "seal");
    back_to_played();
    /* the wrong PIN and lock-out lines deleted from the operator log */
    tamper("DELETE FROM oplog WHERE what IN ('wrong pin', 'locked out')");
    expect_found("deleted operator log lines", "oplog");
    back_to_played();
    /* the newest 5 rounds deleted with their meters wound back */
    tamper("DELETE FROM commands WHERE round_id > 3; DELETE FROM round_config WHERE round_id > 3;"
           "DELETE FROM round_state WHERE round_id > 3; DELETE FROM round_show WHERE round_id > 3;"
           "UPDATE wallet SET balance = (SELECT balance_after FROM rounds WHERE id = 3);"
           "UPDATE meters SET value = (SELECT sum(bet_total) FROM rounds WHERE id <= 3) WHERE name = 'total_bet';"
           "UPDATE meters SET value = 3 WHERE name = 'games_played';"
           "UPDATE meters SET value = (SELECT sum(win) FROM rounds WHERE id <= 3) WHERE name = 'total_win';"
           "UPDATE meters SET value = (SELECT count(*) FROM rounds WHERE id <= 3 AND win > 0) WHERE name = 'games_won';"
           "UPDATE pools SET pool = (SELECT pool_after FROM rounds WHERE id = 3);"
           "DELETE FROM rounds WHERE id > 3");
    expect_found("the newest rounds deleted", NULL);
    back_to_played();
    /* a changed balance_after */
    forge("UPDATE rounds SET balance_after = balance_after + 100 WHERE id = 4;"
          "UPDATE rounds SET chk = fnv(id) WHERE id = 4");
    expect_found("a changed balance_after", "rounds");
    back_to_played();
    /* a row put back as an older sealed version of itself: the wallet as it was before */
    Error err = {{0}};
    char path[300];
    file_in(STORE_FILE, path, sizeof path);
    sqlite3 *db;
    CHECK(sqlite3_open(path, &db) == SQLITE_OK);
    sqlite3_stmt *st;
    CHECK(sqlite3_prepare_v2(db, "SELECT balance, chk FROM wallet", -1, &st, NULL) == SQLITE_OK);
    CHECK(sqlite3_step(st) == SQLITE_ROW);
    int64_t bal = sqlite3_column_int64(st, 0), chk = sqlite3_column_int64(st, 1);
    sqlite3_finalize(st);
    sqlite3_close(db);
    Store *s = open_store(0, &err);
    play(s, 250, 0, 99);
    store_close(s);
    char sql[200];
    snprintf(sql, sizeof sql, "UPDATE wallet SET balance = %lld, chk = %lld", (long long)bal, (long long)chk);
    tamper(sql);
    expect_found("an older sealed wallet", "head");
    back_to_played();
    /* and the newest round alone deleted: only the head can tell */
    tamper("DELETE FROM commands WHERE round_id = 8; DELETE FROM round_config WHERE round_id = 8;"
           "DELETE FROM round_state WHERE round_id = 8; DELETE FROM round_show WHERE round_id = 8;"
           "DELETE FROM rounds WHERE id = 8");
    expect_found("the newest round deleted", NULL);
    remove_dir();
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s.orig'", dir);
    CHECK(system(cmd) == 0);
}

/* A trigger would run someone's SQL inside the cabinet's transactions, before it seals. */
static void test_a_trigger_is_refused(void)
{
    fresh_dir();
    Error err = {{0}};
    Store *s = open_store(100000, &err);
    store_close(s);
    tamper("CREATE TRIGGER more AFTER UPDATE ON wallet BEGIN UPDATE wallet SET balance = balance + 1; END");
    expect_refused("trigger");
    remove_dir();
}

/* One cabinet per memory, whatever is deleted: the lock is on the data folder. */
static void test_removing_the_lock_file_lets_no_second_cabinet_in(void)
{
    fresh_dir();
    Error err = {{0}};
    Store *a = open_store(100000, &err);
    CHECK(a != NULL);
    char lock[300];
    file_in(STORE_LOCK_FILE, lock, sizeof lock);
    CHECK(unlink(lock) == 0);
    Store *b = open_store(0, &err);
    CHECK(b == NULL);
    CHECK_STR_CONTAINS(err.msg, "in use by another cabinet");
    store_close(b);
    store_close(a);
    b = open_store(0, &err);
    CHECK(b != NULL);
    store_close(b);
    remove_dir();
}

/* "the memory, its key and the witness are 0600 in a 0700 folder"; looser ones are tightened */
static void test_the_files_are_private(void)
{
    fresh_dir();
    char sub[300];
    snprintf(sub, sizeof sub, "%s/data", dir);
    Error err = {{0}};
    Store *s = store_open(sub, STORE_CABINET, 100000, &err);
    CHECK(s != NULL);
    store_close(s);
    struct stat st;
    CHECK(stat(sub, &st) == 0 && (st.st_mode & 0777) == 0700);
    static const char *const names[] = {STORE_FILE, STORE_KEY_FILE, STORE_WITNESS_FILE};
    for (int i = 0; i < 3; i++) {
        char path[400];
        snprintf(path, sizeof path, "%s/%s", sub, names[i]);
        CHECK(stat(path, &st) == 0 && (st.st_mode & 0777) == 0600);
    }
    char db[400];
    snprintf(db, sizeof db, "%s/%s", sub, STORE_FILE);
    CHECK(chmod(db, 0644) == 0 && chmod(sub, 0755) == 0);
    s = store_open(sub, STORE_CABINET, 0, &err);
    CHECK(s != NULL);
    store_close(s);
    CHECK(stat(sub, &st) == 0 && (st.st_mode & 0777) == 0700);
    CHECK(stat(db, &st) == 0 && (st.st_mode & 0777) == 0600);
    remove_dir();
}

/* A memory of schema 7 with a witness beside it is an older copy put back: refused. And a
 * fresh start keeps the key and witness aside with the old file. */
static void test_a_fresh_start_keeps_the_key_and_witness_aside(void)
{
    fresh_dir();
    Error err = {{0}};
    Store *s = open_store(100000, &err);
    play(s, 250, 0, 1);
    store_close(s);
    char kept[256];
    CHECK(store_fresh_start(dir, 2000, kept, sizeof kept, &err) == 0);
    char path[300];
    snprintf(path, sizeof path, "%s.key", kept);
    CHECK(access(path, F_OK) == 0);
    snprintf(path, sizeof path, "%s.witness", kept);
    CHECK(access(path, F_OK) == 0);
    s = open_store(0, &err);
    CHECK(s && store_balance(s) == 2000);
    store_close(s);
    remove_dir();
}

int main(int argc, char **argv)
{
    test_init(argc, argv);
    RUN(test_a_log_that_lost_commits_is_refused_with_every_file_left_as_it_was);
    RUN(test_a_memory_one_commit_ahead_of_its_witness_is_accepted);
    RUN(test_a_damaged_witness);
    RUN(test_the_key);
    RUN(test_a_first_start_killed_before_its_memory_was_in_place_is_made_again);
    RUN(test_rows_forged_without_the_key_are_found);
    RUN(test_a_trigger_is_refused);
    RUN(test_removing_the_lock_file_lets_no_second_cabinet_in);
    RUN(test_the_files_are_private);
    RUN(test_a_fresh_start_keeps_the_key_and_witness_aside);
    return test_done();
}
