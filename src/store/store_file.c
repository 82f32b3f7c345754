/* store_file.c - the memory's files: opening them, making a new memory, refusing what is not
 * one, the one-cabinet lock, and upgrades.
 *
 * A memory is four files in its data folder: slotcab.db (SQLite, WAL mode, with its -wal log
 * and -shm index), slotcab.key (the 32 bytes that seal its rows), slotcab.witness (its last
 * commit, kept apart; store_seal.c). The meters are the one thing a cabinet must never lose,
 * so a memory is trusted only after it has shown that it is a complete memory of this cabinet
 * with every committed write in it, and nothing writes to it before: the file's size and
 * SQLite header are read first (an empty file, a short one, a file cut at a page boundary,
 * one that is not SQLite at all), then a read-only connection that never checkpoints looks
 * at what is inside (another program's database, a newer schema, a failed SQLite integrity
 * check, a missing table, a trigger), and the verdict (store_guard.c) asks for the key and
 * compares the memory's head with the witness. A memory that fails is refused with one
 * message and every file left byte for byte as it was (the -wal and -shm, which SQLite may
 * touch on open, are put back): the operator decides (slotcab --fresh-memory keeps it,
 * with its key and witness, beside a new one). A new memory is made only where no file
 * exists: its key first, then the memory under a temporary name, its first commit written
 * to a new witness, synced and renamed into place, so a crash at first start leaves no
 * memory at all rather than half of one. The folder is 0700 and the files 0600 (looser
 * ones are tightened, with a note, once a memory is accepted).
 *
 * One cabinet holds a memory at a time: an flock on the data folder itself, taken before the
 * memory is looked at and held until the store is closed (the kernel lets go of it when the
 * process dies, kill -9 included); nothing in the folder can be deleted to let a second
 * cabinet in. DIR/slotcab.lock only tells a second cabinet the holder's process id. The
 * audit takes no lock: it reads a snapshot from a read-only connection, alongside a playing
 * cabinet or from a read-only medium. */
#include "store_guard.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sodium.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* A new memory's schema: the latest version. (The journal's arg comes after its chk, where
 * ALTER TABLE puts it when a version-1 database is upgraded, so both have the same table.) */
#define OPLOG_TABLE "CREATE TABLE oplog(id INTEGER PRIMARY KEY, at TEXT NOT NULL," \
                    "  what TEXT NOT NULL, detail TEXT NOT NULL, chk INTEGER NOT NULL DEFAULT 0);"
#define ROUND_CONFIG_TABLE "CREATE TABLE round_config(round_id INTEGER PRIMARY KEY," \
                           "  config TEXT NOT NULL, game_hash TEXT NOT NULL," \
                           "  chk INTEGER NOT NULL DEFAULT 0);"
/* Schema 5: each round's carried state before and after it, and its Bonuses; the wallet's
 * Bonuses. */
#define ROUND_STATE_TABLE "CREATE TABLE round_state(round_id INTEGER PRIMARY KEY," \
                          "  game TEXT NOT NULL, carried_before TEXT NOT NULL, carried_after TEXT," \
                          "  bet_bonuses INTEGER NOT NULL, win_bonuses INTEGER," \
                          "  bonuses_before INTEGER NOT NULL, chk INTEGER NOT NULL DEFAULT 0);"
/* Schema 6: the rounds a scenario forced (QA's), metered apart from real play: a row each,
 * from the first forced round after the upgrade (earlier ones were metered as real play). */
#define FORCED_ROUNDS_TABLE "CREATE TABLE forced_rounds(round_id INTEGER PRIMARY KEY," \
                            "  scenario TEXT NOT NULL, chk INTEGER NOT NULL DEFAULT 0);"
/* Schema 7: what each round's pictures began from (store.h, StoreRound.show): rounds of
 * older versions have no row, and replay from the scene's first picture. */
#define ROUND_SHOW_TABLE "CREATE TABLE round_show(round_id INTEGER PRIMARY KEY," \
                         "  tick INTEGER NOT NULL, screen TEXT NOT NULL, chk INTEGER NOT NULL DEFAULT 0);"
#define BONUS_WALLET_TABLE "CREATE TABLE bonus_wallet(id INTEGER PRIMARY KEY CHECK (id = 1)," \
                           "  bonuses INTEGER NOT NULL, chk INTEGER NOT NULL DEFAULT 0);" \
                           "INSERT INTO bonus_wallet(id, bonuses) VALUES(1, 0);"
static const char *const schema_new =
    "CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);"
    "CREATE TABLE wallet(id INTEGER PRIMARY KEY CHECK (id = 1), balance INTEGER NOT NULL,"
    "  chk INTEGER NOT NULL DEFAULT 0);"
    "CREATE TABLE meters(game TEXT NOT NULL, name TEXT NOT NULL, value INTEGER NOT NULL,"
    "  chk INTEGER NOT NULL DEFAULT 0, PRIMARY KEY(game, name));"
    "CREATE TABLE settings(key TEXT PRIMARY KEY, value TEXT NOT NULL,"
    "  chk INTEGER NOT NULL DEFAULT 0);"
    "CREATE TABLE cash(id INTEGER PRIMARY KEY, kind TEXT NOT NULL, amount INTEGER NOT NULL,"
    "  at TEXT NOT NULL, chk INTEGER NOT NULL DEFAULT 0);"
    "CREATE TABLE pools(game TEXT PRIMARY KEY, pool INTEGER NOT NULL,"
    "  chk INTEGER NOT NULL DEFAULT 0);"
    "CREATE TABLE pool_hits(id INTEGER PRIMARY KEY, round_id INTEGER NOT NULL,"
    "  game TEXT NOT NULL, paid INTEGER NOT NULL, at TEXT NOT NULL,"
    "  chk INTEGER NOT NULL DEFAULT 0);"
    "CREATE TABLE rounds(id INTEGER PRIMARY KEY, game TEXT NOT NULL, seed TEXT NOT NULL,"
    "  bet TEXT NOT NULL, bet_total INTEGER NOT NULL, has_pool INTEGER NOT NULL,"
    "  pool_before INTEGER NOT NULL, forced_from INTEGER NOT NULL,"
    "  balance_before INTEGER NOT NULL, started TEXT NOT NULL, settled TEXT,"
    "  win INTEGER, balance_after INTEGER, free_spins INTEGER, features INTEGER,"
    "  jackpots INTEGER, forced_after INTEGER, scenario TEXT NOT NULL DEFAULT '',"
    "  pool_added INTEGER, pool_after INTEGER, pool_seed INTEGER NOT NULL DEFAULT 0,"
    "  pool_paid INTEGER,"
    "  chk INTEGER NOT NULL DEFAULT 0);"
    "CREATE TABLE commands(round_id INTEGER NOT NULL, seq INTEGER NOT NULL,"
    "  type TEXT NOT NULL, chk INTEGER NOT NULL DEFAULT 0, arg INTEGER NOT NULL DEFAULT 0,"
    "  PRIMARY KEY(round_id, seq));"
    OPLOG_TABLE
    ROUND_CONFIG_TABLE
    ROUND_STATE_TABLE
    BONUS_WALLET_TABLE
    FORCED_ROUNDS_TABLE
    ROUND_SHOW_TABLE
    STORE_HEAD_TABLE
    "INSERT INTO wallet(id, balance) VALUES(1, 0);";


/* An upgrade step's message begins with the file's name: say what failed after it. */
static int upgrade_failed(Store *s, int from, const Error *why, Error *err)
{
    size_t n = strlen(s->path);
    const char *what = why->msg;
    if (!strncmp(what, s->path, n) && !strncmp(what + n, ": ", 2))
        what += n + 2;
    return error_set(err, "%s: cannot upgrade from schema %d: %s", s->path, from, what);
}

/* The journal's checksum columns in schema 1, before commands had an argument: what an
 * upgrade verifies a version-1 journal against before it re-seals it. */
static const char *const commands_cols_v1 = "round_id, seq, type";

/* Schema 1 to 2: the journal keeps each command's argument (the tile picked on a pick
 * screen), so that a round recovered after a pick replays with the tile the player picked.
 * One transaction. The journal is verified against its version-1 checksums before it is
 * re-sealed with the new column: re-sealing damaged rows would pass their damage off as
 * sound, so a journal that fails is not upgraded (and the open fails: the cabinet cannot
 * play on a version-1 database). */
static int migrate_to_v2(Store *s, Error *err)
{
    Error why = {{0}};
    if (st_begin(s, &why))
        goto fail;
    char sql[256];
    snprintf(sql, sizeof sql, "SELECT count(*) FROM commands WHERE chk IS NOT slotcab_fnv(%s)",
             commands_cols_v1);
    int64_t bad = st_query_int(s, sql, NULL, -1);
    if (bad > 0) {
        st_rollback(s);
        return error_set(err, "%s: cannot upgrade from schema 1: %" PRId64 " journal row(s) fail"
                         " their checksums; the file is left as it is", s->path, bad);
    }
    if (bad < 0) {
        st_fail_db(s, &why, "the journal cannot be read");
        st_rollback(s);
        goto fail;
    }
    if (st_exec(s, "ALTER TABLE commands ADD COLUMN arg INTEGER NOT NULL DEFAULT 0", &why) ||
        st_seal(s, T_COMMANDS, "1", NULL, 0, &why) ||
        st_exec(s, "UPDATE meta SET value = '2' WHERE key = 'schema_version'", &why) ||
        st_commit(s, &why)) {
        st_rollback(s);
        goto fail;
    }
    return 0;
fail:
    return upgrade_failed(s, 1, &why, err);
}

/* Schema 2 to 3: the operator log, and slotcab's application id in the file's header (so
 * that another program's database is told from a cabinet's memory). One transaction. */
static int migrate_to_v3(Store *s, Error *err)
{
    Error why = {{0}};
    char sql[64];
    snprintf(sql, sizeof sql, "PRAGMA application_id = %d", STORE_APPLICATION_ID);
    if (st_begin(s, &why) || st_exec(s, OPLOG_TABLE, &why) || st_exec(s, sql, &why) ||
        st_exec(s, "UPDATE meta SET value = '3' WHERE key = 'schema_version'", &why) ||
        st_commit(s, &why)) {
        st_rollback(s);
        return upgrade_failed(s, 2, &why, err);
    }
    return 0;
}

/* Schema 3 to 4: each round's configuration and game file hash, in a table of their own
 * (rounds of older versions have none: they replay with the configuration of the day). */
static int migrate_to_v4(Store *s, Error *err)
{
    Error why = {{0}};
    if (st_begin(s, &why) || st_exec(s, ROUND_CONFIG_TABLE, &why) ||
        st_exec(s, "UPDATE meta SET value = '4' WHERE key = 'schema_version'", &why) ||
        st_commit(s, &why)) {
        st_rollback(s);
        return upgrade_failed(s, 3, &why, err);
    }
    return 0;
}

/* Schema 4 to 5: the state a game carries from round to round, and Bonuses (a second unit)
 * in the wallet and each round. Rounds of older versions have no row: their carried state
 * is their pool (has_pool, pool_before), and they bet and won no Bonuses. */
static int migrate_to_v5(Store *s, Error *err)
{
    Error why = {{0}};
    if (st_begin(s, &why) || st_exec(s, ROUND_STATE_TABLE, &why) ||
        st_exec(s, BONUS_WALLET_TABLE, &why) || st_seal_rowid(s, T_BONUS_WALLET, 1, &why) ||
        st_exec(s, "UPDATE meta SET value = '5' WHERE key = 'schema_version'", &why) ||
        st_commit(s, &why)) {
        st_rollback(s);
        return upgrade_failed(s, 4, &why, err);
    }
    return 0;
}

/* Schema 5 to 6: forced rounds metered apart (rounds of older versions stay as they were
 * metered: as real play). */
static int migrate_to_v6(Store *s, Error *err)
{
    Error why = {{0}};
    if (st_begin(s, &why) || st_exec(s, FORCED_ROUNDS_TABLE, &why) ||
        st_exec(s, "UPDATE meta SET value = '6' WHERE key = 'schema_version'", &why) ||
        st_commit(s, &why)) {
        st_rollback(s);
        return upgrade_failed(s, 5, &why, err);
    }
    return 0;
}

/* Schema 6 to 7: what each round's pictures began from, for its replay. */
static int migrate_to_v7(Store *s, Error *err)
{
    Error why = {{0}};
    if (st_begin(s, &why) || st_exec(s, ROUND_SHOW_TABLE, &why) ||
        st_exec(s, "UPDATE meta SET value = '7' WHERE key = 'schema_version'", &why) ||
        st_commit(s, &why)) {
        st_rollback(s);
        return upgrade_failed(s, 6, &why, err);
    }
    return 0;
}

int store_default_dir(char *out, size_t size, Error *err)
{
    const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
    if (xdg && xdg[0] == '/')
        snprintf(out, size, "%s/slotcab", xdg);
    else if (home && home[0])
        snprintf(out, size, "%s/.local/share/slotcab", home);
    else
        return error_set(err, "no data folder: set --data-dir, XDG_DATA_HOME or HOME");
    return 0;
}

/* mkdir -p */
static int make_dir(const char *dir, Error *err)
{
    char buf[512];
    snprintf(buf, sizeof buf, "%s", dir);
    for (char *p = buf + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = 0;
        if (mkdir(buf, 0777) && errno != EEXIST)
            return error_set(err, "%s: cannot create the data folder: %s", buf, strerror(errno));
        *p = '/';
    }
    if (mkdir(buf, 0700) && errno != EEXIST)
        return error_set(err, "%s: cannot create the data folder: %s", buf, strerror(errno));
    return 0;
}

/* Flushes a file or a folder to the disk (a folder: the names in it, after a rename). */
static int sync_path(const char *path, bool folder, Error *err)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC | (folder ? O_DIRECTORY : 0));
    if (fd < 0 || fsync(fd)) {
        int e = errno;
        if (fd >= 0)
            close(fd);
        return error_set(err, "%s: cannot sync it to the disk: %s", path, strerror(e));
    }
    close(fd);
    return 0;
}

/* The cabinet's lock: an flock on the data folder itself, which nobody can delete from
 * under a running cabinet (a file in it could be). DIR/slotcab.lock holds the holder's
 * process id, for the message a second cabinet gets. */
static int take_lock(Store *s, const char *dir, Error *err)
{
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return error_set(err, "%s: cannot open the data folder to lock it: %s", dir, strerror(errno));
    char path[600];
    snprintf(path, sizeof path, "%s/%s", dir, STORE_LOCK_FILE);
    if (flock(fd, LOCK_EX | LOCK_NB)) {
        int e = errno;
        close(fd);
        char pid[24] = "";
        int pf = open(path, O_RDONLY | O_CLOEXEC);
        ssize_t n = pf >= 0 ? pread(pf, pid, sizeof pid - 1, 0) : 0;
        if (pf >= 0)
            close(pf);
        pid[n > 0 ? n : 0] = 0;
        pid[strspn(pid, "0123456789")] = 0;
        if (e == EWOULDBLOCK)
            return error_set(err, "%s: in use by another cabinet%s%s%s: one cabinet per memory "
                             "(slotcab --audit reads it alongside)", s->path,
                             pid[0] ? " (process " : "", pid, pid[0] ? ")" : "");
        return error_set(err, "%s: cannot lock it: %s", dir, strerror(e));
    }
    s->lock_fd = fd;
    char pid[24];
    int n = snprintf(pid, sizeof pid, "%ld\n", (long)getpid());
    /* only for the message: the lock holds without it (a full disk may refuse it) */
    int pf = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
    if (pf >= 0) {
        if (ftruncate(pf, 0) || pwrite(pf, pid, (size_t)n, 0) != n)
            (void)ftruncate(pf, 0);
        close(pf);
    }
    return 0;
}

static uint32_t be32(const unsigned char *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* Whether path's write-ahead log holds a commit of the whole memory of `pages` pages of
 * `page` bytes: a valid log (its magic, page size and salts) with a commit frame whose
 * database size is at least that. A cabinet stopped while a checkpoint copied its log into
 * the file leaves the file's header counting pages the file does not have yet; SQLite reads
 * them from the log, so such a file is not truncated (the integrity check then sees it all). */
static bool log_holds(const char *path, uint32_t pages, long page)
{
    char wal[620];
    snprintf(wal, sizeof wal, "%s-wal", path);
    FILE *f = fopen(wal, "rb");
    if (!f)
        return false;
    unsigned char h[32], fh[24];
    bool holds = false;
    if (fread(h, 1, sizeof h, f) == sizeof h && (be32(h) & ~1u) == 0x377f0682u &&
        (long)be32(h + 8) == page) {
        while (!holds && fread(fh, 1, sizeof fh, f) == sizeof fh && !memcmp(fh + 8, h + 16, 8)) {
            holds = be32(fh + 4) >= pages; /* a commit frame: the memory's size after it */
            if (fseek(f, page, SEEK_CUR))
                break;
        }
    }
    fclose(f);
    return holds;
}

/* The file as bytes, before SQLite sees it: its size against its SQLite header. */
static int check_file(const char *path, Error *err)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return error_set(err, "%s: cannot read it: %s", path, strerror(errno));
    struct stat st;
    unsigned char h[100];
    ssize_t n = fstat(fd, &st) ? -1 : pread(fd, h, sizeof h, 0);
    int e = errno;
    close(fd);
    if (n < 0)
        return error_set(err, "%s: cannot read it: %s", path, strerror(e));
    if (!S_ISREG(st.st_mode))
        return error_set(err, "%s: not a regular file, so not a cabinet memory", path);
    long long size = (long long)st.st_size;
    if (size == 0)
        return error_set(err, "%s: empty (0 bytes): not a cabinet memory (a failed copy, or a "
                         "first start that never finished?)", path);
    if (n < (ssize_t)sizeof h || memcmp(h, "SQLite format 3", 16)) {
        if (size < 512)
            return error_set(err, "%s: only %lld bytes: too short to be a cabinet memory", path, size);
        return error_set(err, "%s: not an SQLite database, so not a cabinet memory", path);
    }
    long page = h[16] << 8 | h[17];
    if (page == 1)
        page = 65536;
    if (page < 512 || page > 65536 || (page & (page - 1)))
        return error_set(err, "%s: a damaged SQLite header (page size %ld)", path, page);
    if (size < page)
        return error_set(err, "%s: only %lld bytes: too short to be a cabinet memory", path, size);
    if (size % page)
        return error_set(err, "%s: truncated or damaged: %lld bytes is not a whole number of "
                         "its %ld-byte pages", path, size, page);
    /* the page count in the header is valid when its version number matches the change
     * counter (SQLite 3.7.0 and later keep it so; WAL mode included) */
    uint32_t pages = be32(h + 28);
    if (pages && be32(h + 24) == be32(h + 92) && size < (long long)pages * page &&
        !log_holds(path, pages, page))
        return error_set(err, "%s: truncated: %lld bytes, but its header says %" PRIu32
                         " pages of %ld bytes (%lld bytes)", path, size, pages, page,
                         (long long)pages * page);
    return 0;
}

/* Whether a cabinet holds the data folder's lock now (it writes the memory while it plays). */
static bool cabinet_running(const char *dir)
{
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return false;
    bool held = flock(fd, LOCK_SH | LOCK_NB) && errno == EWOULDBLOCK;
    close(fd);
    return held;
}

/* check_file() for an audit beside a playing cabinet: while a checkpoint copies the
 * write-ahead log into the file, its header may already count pages not yet written, for a
 * few milliseconds. So an audit that finds the file shorter than its header while a cabinet
 * holds the memory looks again, for up to a second, before it calls the file damaged. */
static int check_file_beside(const char *dir, const char *path, Error *err)
{
    for (int tries = 0;; tries++) {
        if (!check_file(path, err))
            return 0;
        if (tries == 100 || !cabinet_running(dir))
            return -1;
        nanosleep(&(struct timespec){0, 10 * 1000 * 1000}, NULL);
    }
}

static void close_db(Store *s)
{
    for (int i = 0; i < s->nstmt; i++) {
        sqlite3_finalize(s->stmt[i]);
        free(s->stmt_sql[i]);
    }
    s->nstmt = 0;
    if (s->db)
        sqlite3_close(s->db);
    s->db = NULL;
    s->balance_known = false;
}

/* "file:" + the path, percent-encoded, + `query`: a URI for sqlite3_open_v2(). */
static void file_uri(const char *path, const char *query, char *out, size_t size)
{
    size_t n = (size_t)snprintf(out, size, "file:");
    for (const unsigned char *p = (const unsigned char *)path; *p && n + 4 < size; p++) {
        if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
            strchr("/-._~", *p))
            out[n++] = (char)*p;
        else
            n += (size_t)snprintf(out + n, size - n, "%%%02X", *p);
    }
    snprintf(out + n, size - n, "%s", query);
}

static int open_db(Store *s, const char *file, int flags, Error *err)
{
    char uri[1700];
    if (flags & SQLITE_OPEN_URI) {
        file_uri(file, "?immutable=1", uri, sizeof uri);
        file = uri;
    }
    if (sqlite3_open_v2(file, &s->db, flags, NULL) != SQLITE_OK) {
        error_set(err, "%s: cannot open: %s", file, s->db ? sqlite3_errmsg(s->db) : "out of memory");
        close_db(s);
        return -1;
    }
    sqlite3_busy_timeout(s->db, 5000);
    /* nothing checkpoints on close before the verdict (store_guard.c) */
    sqlite3_db_config(s->db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, NULL);
    if (sqlite3_create_function(s->db, "slotcab_chk", -1, SQLITE_UTF8 | SQLITE_DETERMINISTIC,
                                s, st_sql_chk, NULL, NULL) != SQLITE_OK ||
        sqlite3_create_function(s->db, "slotcab_fnv", -1, SQLITE_UTF8 | SQLITE_DETERMINISTIC,
                                NULL, st_sql_fnv, NULL, NULL) != SQLITE_OK)
        return st_fail_db(s, err, "cannot register the seal functions");
    return 0;
}

/* What is inside, through a read-only connection: slotcab's memory, of a version this
 * program knows, complete and sound to SQLite. Sets *version. */
static int check_memory(Store *s, int64_t *version, Error *err)
{
    int64_t app = st_query_int(s, "PRAGMA application_id", NULL, -1);
    int64_t meta = st_query_int(s, "SELECT count(*) FROM sqlite_master WHERE type = 'table'"
                                   " AND name = 'meta'", NULL, -1);
    if (app < 0 || meta < 0) {
        if (sqlite3_errcode(s->db) == SQLITE_FULL || sqlite3_system_errno(s->db) == ENOSPC)
            return error_set(err, "%s: the disk is full: SQLite cannot open the memory's index; "
                             "free some space (the memory itself is not damaged)", s->path);
        return st_fail_db(s, err, "not a readable database");
    }
    if (app != 0 && app != STORE_APPLICATION_ID)
        return error_set(err, "%s: another program's database (application id 0x%08" PRIx64
                         "), not a cabinet memory", s->path, app);
    if (!meta)
        return error_set(err, "%s: an SQLite database without a cabinet's tables (another "
                         "program's?), not a cabinet memory", s->path);
    *version = st_query_int(s, "SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'schema_version'", NULL, -1);
    if (*version < 1)
        return error_set(err, "%s: not a cabinet memory (no schema version)", s->path);
    if (*version > STORE_SCHEMA_VERSION)
        return error_set(err, "%s: schema version %" PRId64 " is newer than this slotcab knows (%d); "
                         "use a newer slotcab", s->path, *version, STORE_SCHEMA_VERSION);
    if (*version >= 3 && app != STORE_APPLICATION_ID)
        return error_set(err, "%s: a damaged header: no slotcab application id in a schema-%" PRId64
                         " memory", s->path, *version);
    for (int t = 0; t < T__COUNT; t++) {
        if (st_sealed[t].since > *version)
            continue;
        if (st_query_int(s, "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?1",
                         st_sealed[t].name, 0) != 1)
            return error_set(err, "%s: incomplete: its table %s is missing", s->path, st_sealed[t].name);
    }
    /* a trigger would run someone's SQL inside the cabinet's own transactions, before it
     * seals their rows: nothing of the kind is part of a memory */
    if (st_query_int(s, "SELECT count(*) FROM sqlite_master WHERE type IN ('trigger', 'view')",
                     NULL, 0) != 0)
        return error_set(err, "%s: a trigger or view that no slotcab makes (written into it "
                         "behind the store's back)", s->path);
    if (st_query_int(s, "SELECT count(*) FROM wallet", NULL, 0) != 1)
        return error_set(err, "%s: incomplete: it has no wallet", s->path);
    sqlite3_stmt *st = st_prepare(s, "PRAGMA quick_check", err);
    if (!st)
        return -1;
    int rc = 0;
    if (sqlite3_step(st) != SQLITE_ROW)
        rc = st_fail_db(s, err, "SQLite's integrity check cannot read it");
    else if (strcmp((const char *)sqlite3_column_text(st, 0), "ok")) {
        char why[200]; /* SQLite's report, on one line */
        snprintf(why, sizeof why, "%s", (const char *)sqlite3_column_text(st, 0));
        for (char *p = why; *p; p++)
            if (*p == '\n')
                *p = ' ';
        rc = error_set(err, "%s: fails SQLite's integrity check: %s", s->path, why);
    }
    st_release(s, st);
    if (!rc && *version >= 8 && st_query_int(s, "SELECT count(*) FROM head", NULL, 0) != 1)
        rc = error_set(err, "%s: incomplete: it has no head", s->path);
    return rc;
}

/* The latest schema and the demo credit, in one transaction on s->db (its commit is the
 * memory's first: head 1, written to the witness when there is one). */
static int write_schema(Store *s, Money demo_balance, Error *err)
{
    char sql[64];
    snprintf(sql, sizeof sql, "PRAGMA application_id = %d", STORE_APPLICATION_ID);
    s->version = STORE_SCHEMA_VERSION;
    if (st_begin(s, err) || st_exec(s, schema_new, err) || st_exec(s, sql, err) ||
        st_seal_rowid(s, T_WALLET, 1, err) || st_seal_rowid(s, T_BONUS_WALLET, 1, err))
        return st_rollback(s);
    snprintf(sql, sizeof sql, "%d", STORE_SCHEMA_VERSION);
    sqlite3_stmt *st = st_prepare(s, "INSERT INTO meta(key, value) VALUES('schema_version', ?1)", err);
    if (!st)
        return st_rollback(s);
    sqlite3_bind_text(st, 1, sql, -1, SQLITE_TRANSIENT);
    int ok = sqlite3_step(st) == SQLITE_DONE;
    st_release(s, st);
    if (!ok || (demo_balance > 0 && (st_cash_log(s, "demo", demo_balance, err) ||
                                     st_meter_add(s, "", "credits_in", demo_balance, err) ||
                                     st_set_balance(s, demo_balance, err))) ||
        st_commit(s, err))
        return st_rollback(s);
    return 0;
}

/* A new memory at s->path, where no file is: its key first (DIR/slotcab.key, 0600), then the
 * memory built as s->path + ".new" (0600), its first commit written to a new witness, synced,
 * renamed into place, the folder synced. The cabinet's lock is held, so a leftover ".new" is
 * a first start that died: it is removed and made again. A witness beside no memory is one
 * of a memory that is gone (refused), unless it saw only a new memory's first commit. */
static int make_memory(Store *s, const char *dir, Money demo_balance, Error *err)
{
    char tmp[600], side[620];
    snprintf(tmp, sizeof tmp, "%s.new", s->path);
    snprintf(side, sizeof side, "%s-wal", s->path);
    if (access(side, F_OK) == 0) /* it would be taken for the new memory's own log */
        return error_set(err, "%s: its write-ahead log %s is there without it: move the log "
                         "away (or put the memory back) before the cabinet starts", s->path, side);
    /* a witness without its memory: a first start that died before its memory was put in
     * place (its ".new" is still there: made before the key and the witness, removed only by
     * the rename), or one whose memory never committed more than its making; anything else
     * is a memory moved or deleted, which no start replaces */
    const bool first_start_died = access(tmp, F_OK) == 0;
    snprintf(side, sizeof side, "%s/%s", dir, STORE_WITNESS_FILE);
    StoreHead w = {0, 0, 0};
    if (!first_start_died && access(side, F_OK) == 0 &&
        (st_key_load(s, dir, err) || st_witness_read(s, dir, &w) || w.seq > 1))
        return error_set(err, "%s: missing, but its witness %s is there: the memory was moved or "
                         "deleted; put it back (with its -wal), or move the witness and key aside "
                         "to start a new memory", s->path, side);
    static const char *const leftovers[] = {"-journal", "-wal", "-shm"};
    for (int i = 0; i < 3; i++) {
        snprintf(side, sizeof side, "%s%s", tmp, leftovers[i]);
        if (unlink(side) && errno != ENOENT)
            return error_set(err, "%s: cannot remove a leftover of a first start: %s", side, strerror(errno));
    }
    /* the ".new" first (a leftover one is made again), then the key and the witness: a start
     * killed anywhere before the rename leaves the ".new" that marks it */
    if (unlink(tmp) && errno != ENOENT)
        return error_set(err, "%s: cannot remove a leftover of a first start: %s", tmp, strerror(errno));
    int fd = open(tmp, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600); /* private from the start */
    if (fd < 0)
        return error_set(err, "%s: cannot make a new memory: %s", tmp, strerror(errno));
    close(fd);
    if (sync_path(dir, true, err))
        return -1;
    snprintf(side, sizeof side, "%s/%s", dir, STORE_WITNESS_FILE);
    if (st_key_make(s, dir, err) || (unlink(side) && errno != ENOENT && error_set(err, "%s: cannot "
        "remove a leftover of a first start: %s", side, strerror(errno))) ||
        st_witness_open(s, dir, err))
        return -1;
    int rc = open_db(s, tmp, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, err) ||
             st_exec(s, "PRAGMA synchronous=FULL", err) || write_schema(s, demo_balance, err) ||
             st_exec(s, "PRAGMA journal_mode=WAL", err);
    if (s->db) /* a new memory: its log goes into it as it closes */
        sqlite3_db_config(s->db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 0, NULL);
    close_db(s); /* the last connection: the WAL is checkpointed into the file and removed */
    close(s->witness_fd);
    s->witness_fd = -1;
    if (!rc && !sync_path(tmp, false, err)) {
        if (!rename(tmp, s->path))
            return sync_path(dir, true, err);
        error_set(err, "%s: cannot put the new memory in place: %s", s->path, strerror(errno));
    }
    unlink(tmp);
    return -1;
}

static Store *store_new(StoreAccess mode)
{
    Store *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->access = mode;
    s->lock_fd = -1;
    s->witness_fd = -1;
    return s;
}

/* What the operator can do about a refused memory. */
static void refused_hint(Error *err)
{
    if (!err || strstr(err->msg, "the disk is full")) /* nothing wrong with the memory */
        return;
    size_t n = strlen(err->msg);
    snprintf(err->msg + n, sizeof err->msg - n, "; the file is left as it is (slotcab "
             "--fresh-memory keeps it aside and starts a new memory)");
}

/* Is it a complete memory of this cabinet, and may it be used (st_verdict)? Asked through a
 * read-only connection before anything writes to it; refused, every file is left as it was. */
static int judge(Store *s, const char *dir, int64_t *version, bool *rewrite, Error *err)
{
    /* an audit on a read-only medium: with no write-ahead log beside the file, all of the
     * memory is in the file and nobody can be writing it; SQLite is told so (immutable),
     * as it could not make the shared index a WAL-mode file otherwise needs */
    char wal[600];
    snprintf(wal, sizeof wal, "%s-wal", s->path);
    const bool audit = s->access == STORE_AUDIT, beside = audit && cabinet_running(dir);
    int ro = SQLITE_OPEN_READONLY;
    if (audit && access(dir, W_OK) && access(wal, F_OK))
        ro |= SQLITE_OPEN_URI;
    StoreSide side = {0};
    if (!beside && !(ro & SQLITE_OPEN_URI))
        st_side_save(&side, s->path);
    int rc = (audit ? check_file_beside(dir, s->path, err) : check_file(s->path, err)) ||
             open_db(s, s->path, ro, err) || check_memory(s, version, err) ||
             st_verdict(s, dir, *version, beside, rewrite, err) ? -1 : 0;
    if (rc) {
        close_db(s);
        st_side_restore(&side);
        if (!audit)
            refused_hint(err);
    }
    st_side_free(&side);
    return rc;
}

Store *store_open(const char *dir, StoreAccess mode, Money demo_balance, Error *err)
{
    Store *s = store_new(mode);
    if (!s) {
        error_set(err, "out of memory");
        return NULL;
    }
    if (st_crypto_init(err)) {
        free(s);
        return NULL;
    }
    if (!dir) { /* a session that keeps nothing: headless pictures, benchmarks; a key per run */
        snprintf(s->path, sizeof s->path, ":memory:");
        randombytes_buf(s->key, sizeof s->key);
        if (open_db(s, s->path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, err) ||
            write_schema(s, demo_balance, err))
            goto fail;
        return s;
    }
    if ((size_t)snprintf(s->path, sizeof s->path, "%s/%s", dir, STORE_FILE) >= sizeof s->path) {
        error_set(err, "%.60s...: the data folder's path is too long", dir);
        goto fail;
    }
    snprintf(s->dir, sizeof s->dir, "%s", dir);
    if (mode == STORE_CABINET) {
        if (make_dir(dir, err))
            goto fail;
        if (access(dir, W_OK)) {
            error_set(err, "%s: the data folder is not writable: %s", dir, strerror(errno));
            goto fail;
        }
        if (take_lock(s, dir, err))
            goto fail;
    }
    struct stat st;
    if (stat(s->path, &st)) {
        if (errno != ENOENT) {
            error_set(err, "%s: cannot read it: %s", s->path, strerror(errno));
            goto fail;
        }
        if (mode == STORE_AUDIT) {
            error_set(err, "%s: no cabinet memory there", s->path);
            goto fail;
        }
        if (make_memory(s, dir, demo_balance, err))
            goto fail;
    } else if (mode == STORE_CABINET && access(s->path, R_OK | W_OK)) {
        error_set(err, "%s: cannot read and write it: %s", s->path, strerror(errno));
        goto fail;
    }
    int64_t version = 0;
    bool rewrite = false;
    if (judge(s, dir, &version, &rewrite, err))
        goto fail;
    s->version = (int)version;
    if (mode == STORE_AUDIT)
        return s;
    st_tighten_modes(dir, s->path); /* accepted: its files private from now on */
    StoreHead hd;
    close_db(s);
    if (open_db(s, s->path, SQLITE_OPEN_READWRITE, err) ||
        st_exec(s, "PRAGMA journal_mode=WAL", err) || st_exec(s, "PRAGMA synchronous=FULL", err))
        goto fail;
    sqlite3_db_config(s->db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 0, NULL); /* accepted */
    /* upgrades from older versions, one transaction each; to 8 once, with a copy of the
     * memory as it was kept beside it first */
    if (version < 8 && st_backup_copy(s, (int)version, err))
        goto fail;
    if ((version < 2 && migrate_to_v2(s, err)) || (version < 3 && migrate_to_v3(s, err)) ||
        (version < 4 && migrate_to_v4(s, err)) || (version < 5 && migrate_to_v5(s, err)) ||
        (version < 6 && migrate_to_v6(s, err)) || (version < 7 && migrate_to_v7(s, err)))
        goto fail;
    if (version < 8) {
        s->version = 7;
        if (st_upgrade_keyed(s, dir, (int)version, err))
            goto fail;
    } else if (st_witness_open(s, dir, err) ||
               (rewrite && (st_head_read(s, &hd) ? st_fail_db(s, err, "cannot read the head")
                                                 : st_witness_write(s, &hd, err))))
        goto fail;
    s->version = STORE_SCHEMA_VERSION;
    return s;
fail:
    store_close(s);
    return NULL;
}

void store_close(Store *s)
{
    if (!s)
        return;
    close_db(s);
    if (s->witness_fd >= 0)
        close(s->witness_fd);
    if (s->lock_fd >= 0)
        close(s->lock_fd);
    free(s);
}

/* Renames DIR/<file> to <kept><suffix>, if it is there. */
static int keep_aside(const char *from, const char *to, Error *err)
{
    if (rename(from, to) && errno != ENOENT)
        return error_set(err, "%s: cannot keep it aside as %s: %s", from, to, strerror(errno));
    return 0;
}

int store_fresh_start(const char *dir, Money demo_balance, char *kept, size_t size, Error *err)
{
    Store *s = store_new(STORE_CABINET);
    if (!s || st_crypto_init(err)) {
        free(s);
        return error_set(err, "out of memory");
    }
    int rc = -1;
    if ((size_t)snprintf(s->path, sizeof s->path, "%s/%s", dir, STORE_FILE) >= sizeof s->path) {
        error_set(err, "%.60s...: the data folder's path is too long", dir);
        goto done;
    }
    snprintf(s->dir, sizeof s->dir, "%s", dir);
    if (take_lock(s, dir, err))
        goto done;
    struct stat st;
    if (stat(s->path, &st)) {
        error_set(err, "%s: no memory there to keep aside", s->path);
        goto done;
    }
    time_t t = time(NULL);
    struct tm tm;
    gmtime_r(&t, &tm);
    char stamp[32], name[600], from[620], to[660];
    strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
    snprintf(name, sizeof name, "%s.kept-%s", s->path, stamp);
    for (int n = 2; access(name, F_OK) == 0 && n < 100; n++)
        snprintf(name, sizeof name, "%s.kept-%s-%d", s->path, stamp, n);
    /* its witness, its key, the memory, then its log (kept as <name>.witness, .key, <name>,
     * <name>-wal: put back under their own names, they are the memory again). A crash between
     * leaves a memory without its witness or key, refused by name (--fresh-memory again goes
     * on), or the log without its memory, refused by name too */
    snprintf(from, sizeof from, "%s/%s", dir, STORE_WITNESS_FILE);
    snprintf(to, sizeof to, "%s.witness", name);
    if (keep_aside(from, to, err))
        goto done;
    st_key_path(dir, from, sizeof from);
    snprintf(to, sizeof to, "%s.key", name);
    if (keep_aside(from, to, err))
        goto done;
    if (rename(s->path, name)) {
        error_set(err, "%s: cannot keep it aside as %s: %s", s->path, name, strerror(errno));
        goto done;
    }
    snprintf(from, sizeof from, "%s-wal", s->path);
    snprintf(to, sizeof to, "%s-wal", name);
    if (keep_aside(from, to, err))
        goto done;
    snprintf(from, sizeof from, "%s-shm", s->path);
    unlink(from); /* the shared-memory index is rebuilt from the log */
    snprintf(kept, size, "%s", name);
    if (sync_path(dir, true, err) || make_memory(s, dir, demo_balance, err))
        goto done;
    rc = 0;
done:
    store_close(s);
    return rc;
}
