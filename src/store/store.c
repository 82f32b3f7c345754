/* store.c - the cabinet's memory on SQLite.
 *
 * One file in WAL mode with synchronous=FULL: a committed transaction survives a power
 * cut. Each step of a round is one transaction, so a crash leaves either the state before
 * the step or the state after it, never half. The schema carries its version in
 * `meta`; migrations run forward from the version found, and a newer version than this
 * program knows is refused rather than guessed at.
 *
 * Meters live in their own table, keyed by game ("" for the cabinet's own: credits in and
 * out). The reconciliation in store_check() recomputes every meter from the rows that
 * justify it (rounds, cash movements) and the balance from the meters, so a meter or a row
 * edited behind the store's back shows up as a disagreement. */
#include "store.h"

#include <errno.h>
#include <stdarg.h>
#include <inttypes.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define STORE_STATEMENTS 96

struct Store {
    sqlite3 *db;
    char path[512];
    /* prepared statements, kept for reuse: a round's transactions run the same few dozen
     * statements, and preparing them each time cost more than running them */
    int nstmt;
    char *stmt_sql[STORE_STATEMENTS];
    sqlite3_stmt *stmt[STORE_STATEMENTS];
    char clock[24]; /* a fixed time for every timestamp, or "" for the real UTC time */
    bool balance_known; /* the wallet, as last read: the cabinet shows it in every frame */
    Money balance;
};

void store_fix_clock(Store *s, const char *utc) { snprintf(s->clock, sizeof s->clock, "%s", utc); }

/* The time a row is stamped with: UTC, "YYYY-MM-DD HH:MM:SS". */
static const char *now_text(const Store *s, char buf[24])
{
    if (s->clock[0])
        return s->clock;
    time_t t = time(NULL);
    struct tm tm;
    gmtime_r(&t, &tm);
    strftime(buf, 24, "%Y-%m-%d %H:%M:%S", &tm);
    return buf;
}

const char *store_path(const Store *s) { return s->path; }

/* ---- small helpers ---------------------------------------------------------------------- */

static int fail_db(Store *s, Error *err, const char *what)
{
    return error_set(err, "%s: %s: %s", s->path, what, sqlite3_errmsg(s->db));
}

static int exec(Store *s, const char *sql, Error *err)
{
    char *msg = NULL;
    if (sqlite3_exec(s->db, sql, NULL, NULL, &msg) != SQLITE_OK) {
        error_set(err, "%s: %s", s->path, msg ? msg : "error");
        sqlite3_free(msg);
        return -1;
    }
    return 0;
}

static sqlite3_stmt *prepare(Store *s, const char *sql, Error *err)
{
    for (int i = 0; i < s->nstmt; i++)
        if (!strcmp(s->stmt_sql[i], sql)) {
            sqlite3_reset(s->stmt[i]); /* in case an error path left it unfinished */
            sqlite3_clear_bindings(s->stmt[i]);
            return s->stmt[i];
        }
    sqlite3_stmt *st = NULL;
    if (sqlite3_prepare_v2(s->db, sql, -1, &st, NULL) != SQLITE_OK) {
        fail_db(s, err, "cannot prepare a statement");
        return NULL;
    }
    if (s->nstmt < STORE_STATEMENTS && (s->stmt_sql[s->nstmt] = strdup(sql))) {
        s->stmt[s->nstmt++] = st;
    }
    return st;
}

/* Done with a statement from prepare(): reset for its next use (or finalized when the
 * cache was full). */
static void release(Store *s, sqlite3_stmt *st)
{
    if (!st)
        return;
    for (int i = 0; i < s->nstmt; i++)
        if (s->stmt[i] == st) {
            sqlite3_reset(st);
            sqlite3_clear_bindings(st);
            return;
        }
    sqlite3_finalize(st);
}

/* Every row carries a checksum of its values (slotcab_chk, an SQL function this store
 * registers), written by the store with the row. SQLite's integrity check finds damage to
 * the file's structure; the checksums find damage to the values (a flipped byte in a
 * seed, an amount, a command) that the structure does not show. */
enum { T_WALLET, T_METERS, T_SETTINGS, T_CASH, T_POOLS, T_POOL_HITS, T_ROUNDS, T_COMMANDS, T__COUNT };
static const struct { const char *name, *cols; } sealed[T__COUNT] = {
    {"wallet", "id, balance"},
    {"meters", "game, name, value"},
    {"settings", "key, value"},
    {"cash", "id, kind, amount, at"},
    {"pools", "game, pool"},
    {"pool_hits", "id, round_id, game, paid, at"},
    {"rounds", "id, game, seed, bet, bet_total, has_pool, pool_before, forced_from,"
               " balance_before, started, settled, win, balance_after, free_spins, features,"
               " jackpots, forced_after, scenario, pool_added, pool_after, pool_seed, pool_paid"},
    {"commands", "round_id, seq, type, arg"},
};
/* The journal's checksum columns in schema 1, before commands had an argument: what an
 * upgrade verifies a version-1 journal against before it re-seals it. */
static const char *const commands_cols_v1 = "round_id, seq, type";

/* FNV-1a over each value's type and text. */
static void sql_chk(sqlite3_context *ctx, int argc, sqlite3_value **argv)
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

/* Seals the rows of `table` that `where` selects (?1 bound to a text, ?2 to an integer). */
static int seal(Store *s, int table, const char *where, const char *t1, int64_t i2, Error *err)
{
    char sql[768];
    snprintf(sql, sizeof sql, "UPDATE %s SET chk = slotcab_chk(%s) WHERE %s", sealed[table].name,
             sealed[table].cols, where);
    sqlite3_stmt *st = prepare(s, sql, err);
    if (!st)
        return -1;
    if (t1)
        sqlite3_bind_text(st, 1, t1, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int64(st, 2, i2);
    int rc = sqlite3_step(st) == SQLITE_DONE ? 0 : fail_db(s, err, "cannot seal a row");
    release(s, st);
    return rc;
}

static int seal_rowid(Store *s, int table, int64_t rowid, Error *err)
{
    return seal(s, table, "rowid = ?2", NULL, rowid, err);
}

static int64_t query_int(Store *s, const char *sql, const char *text, int64_t fallback)
{
    sqlite3_stmt *st = prepare(s, sql, NULL);
    if (!st)
        return fallback;
    if (text)
        sqlite3_bind_text(st, 1, text, -1, SQLITE_TRANSIENT);
    int64_t v = fallback;
    if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_type(st, 0) != SQLITE_NULL)
        v = sqlite3_column_int64(st, 0);
    release(s, st);
    return v;
}

static int meter_add(Store *s, const char *game, const char *name, int64_t delta, Error *err)
{
    if (delta == 0)
        return 0;
    sqlite3_stmt *st = prepare(s,
        "INSERT INTO meters(game, name, value) VALUES(?1, ?2, ?3) "
        "ON CONFLICT(game, name) DO UPDATE SET value = value + excluded.value", err);
    if (!st)
        return -1;
    sqlite3_bind_text(st, 1, game, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 2, name, -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 3, delta);
    int rc = sqlite3_step(st) == SQLITE_DONE ? 0 : fail_db(s, err, "cannot update a meter");
    release(s, st);
    if (rc)
        return rc;
    sqlite3_stmt *id = prepare(s, "SELECT rowid FROM meters WHERE game = ?1 AND name = ?2", err);
    if (!id)
        return -1;
    sqlite3_bind_text(id, 1, game, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(id, 2, name, -1, SQLITE_STATIC);
    int64_t rowid = sqlite3_step(id) == SQLITE_ROW ? sqlite3_column_int64(id, 0) : -1;
    release(s, id);
    return seal_rowid(s, T_METERS, rowid, err);
}

static int64_t meter(Store *s, const char *game, const char *name)
{
    sqlite3_stmt *st = prepare(s, "SELECT value FROM meters WHERE game = ?1 AND name = ?2", NULL);
    if (!st)
        return 0;
    sqlite3_bind_text(st, 1, game, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 2, name, -1, SQLITE_STATIC);
    int64_t v = sqlite3_step(st) == SQLITE_ROW ? sqlite3_column_int64(st, 0) : 0;
    release(s, st);
    return v;
}

static int set_balance(Store *s, Money balance, Error *err)
{
    sqlite3_stmt *st = prepare(s, "UPDATE wallet SET balance = ?1 WHERE id = 1", err);
    if (!st)
        return -1;
    sqlite3_bind_int64(st, 1, balance);
    s->balance_known = false; /* read again, inside or after the transaction */
    int rc = sqlite3_step(st) == SQLITE_DONE ? 0 : fail_db(s, err, "cannot update the wallet");
    release(s, st);
    return rc ? rc : seal_rowid(s, T_WALLET, 1, err);
}

static int cash_log(Store *s, const char *kind, Money amount, Error *err)
{
    sqlite3_stmt *st = prepare(s, "INSERT INTO cash(kind, amount, at) VALUES(?1, ?2, ?3)", err);
    if (!st)
        return -1;
    char now[24];
    sqlite3_bind_text(st, 3, now_text(s, now), -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 1, kind, -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 2, amount);
    int rc = sqlite3_step(st) == SQLITE_DONE ? 0 : fail_db(s, err, "cannot log cash");
    release(s, st);
    return rc ? rc : seal_rowid(s, T_CASH, sqlite3_last_insert_rowid(s->db), err);
}

static int begin(Store *s, Error *err) { return exec(s, "BEGIN IMMEDIATE", err); }

static int commit(Store *s, Error *err) { return exec(s, "COMMIT", err); }

static int rollback(Store *s)
{
    s->balance_known = false;
    sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
    return -1;
}

/* ---- opening ---------------------------------------------------------------------------- */

/* A new database's schema: the latest version. (The journal's arg comes after its chk, where
 * ALTER TABLE puts it when a version-1 database is upgraded, so both have the same table.) */
static const char *const schema_v2 =
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
    "INSERT INTO wallet(id, balance) VALUES(1, 0);";


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

/* Schema 1 to 2: the journal keeps each command's argument (the tile picked on a pick
 * screen), so that a round recovered after a pick replays with the tile the player picked.
 * One transaction. The journal is verified against its version-1 checksums before it is
 * re-sealed with the new column: re-sealing damaged rows would pass their damage off as
 * sound, so a journal that fails is not upgraded (and the open fails: the cabinet cannot
 * play on a version-1 database). */
static int migrate_to_v2(Store *s, Error *err)
{
    Error why = {{0}};
    if (begin(s, &why))
        goto fail;
    char sql[256];
    snprintf(sql, sizeof sql, "SELECT count(*) FROM commands WHERE chk IS NOT slotcab_chk(%s)",
             commands_cols_v1);
    int64_t bad = query_int(s, sql, NULL, -1);
    if (bad > 0) {
        rollback(s);
        return error_set(err, "%s: cannot upgrade from schema 1: %" PRId64 " journal row(s) fail"
                         " their checksums; the file is left as it is", s->path, bad);
    }
    if (bad < 0) {
        fail_db(s, &why, "the journal cannot be read");
        rollback(s);
        goto fail;
    }
    if (exec(s, "ALTER TABLE commands ADD COLUMN arg INTEGER NOT NULL DEFAULT 0", &why) ||
        seal(s, T_COMMANDS, "1", NULL, 0, &why) ||
        exec(s, "UPDATE meta SET value = '2' WHERE key = 'schema_version'", &why) ||
        commit(s, &why)) {
        rollback(s);
        goto fail;
    }
    return 0;
fail:; /* the step's message begins with the file's name: say what failed after it */
    size_t n = strlen(s->path);
    const char *what = why.msg;
    if (!strncmp(what, s->path, n) && !strncmp(what + n, ": ", 2))
        what += n + 2;
    return error_set(err, "%s: cannot upgrade from schema 1: %s", s->path, what);
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
    if (mkdir(buf, 0777) && errno != EEXIST)
        return error_set(err, "%s: cannot create the data folder: %s", buf, strerror(errno));
    return 0;
}

Store *store_open(const char *dir, bool create, Money demo_balance, Error *err)
{
    Store *s = calloc(1, sizeof *s);
    if (!s) {
        error_set(err, "out of memory");
        return NULL;
    }
    if (!dir) { /* a session that keeps nothing: headless pictures, benchmarks */
        snprintf(s->path, sizeof s->path, ":memory:");
    } else {
        snprintf(s->path, sizeof s->path, "%s/%s", dir, STORE_FILE);
        if (create && make_dir(dir, err))
            goto fail;
    }
    struct stat stt;
    bool existed = stat(s->path, &stt) == 0;
    if (!create && !existed && dir) {
        error_set(err, "%s: no cabinet database there", s->path);
        goto fail;
    }
    if (dir && access(dir, W_OK)) {
        error_set(err, "%s: the data folder is not writable: %s", dir, strerror(errno));
        goto fail;
    }
    if (existed && access(s->path, R_OK | W_OK)) {
        error_set(err, "%s: cannot read and write it: %s", s->path, strerror(errno));
        goto fail;
    }
    if (sqlite3_open_v2(s->path, &s->db, SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0),
                        NULL) != SQLITE_OK) {
        error_set(err, "%s: cannot open: %s", s->path, s->db ? sqlite3_errmsg(s->db) : "out of memory");
        goto fail;
    }
    sqlite3_busy_timeout(s->db, 5000);
    if (sqlite3_create_function(s->db, "slotcab_chk", -1, SQLITE_UTF8 | SQLITE_DETERMINISTIC,
                                NULL, sql_chk, NULL, NULL) != SQLITE_OK) {
        fail_db(s, err, "cannot register the checksum function");
        goto fail;
    }
    /* a file that is not a database fails on its first read */
    if ((dir && exec(s, "PRAGMA journal_mode=WAL", err)) || exec(s, "PRAGMA synchronous=FULL", err) ||
        exec(s, "PRAGMA foreign_keys=ON", err))
        goto fail;
    int64_t tables = query_int(s, "SELECT count(*) FROM sqlite_master WHERE type = 'table'", NULL, -1);
    if (tables < 0) {
        fail_db(s, err, "not a readable database");
        goto fail;
    }
    if (tables == 0 && !create) {
        error_set(err, "%s: an empty database (the cabinet never finished its first start)", s->path);
        goto fail;
    }
    if (tables == 0) {
        if (begin(s, err) || exec(s, schema_v2, err) || seal_rowid(s, T_WALLET, 1, err)) {
            rollback(s);
            goto fail;
        }
        char v[16];
        snprintf(v, sizeof v, "%d", STORE_SCHEMA_VERSION);
        sqlite3_stmt *st = prepare(s, "INSERT INTO meta(key, value) VALUES('schema_version', ?1)", err);
        if (!st) {
            rollback(s);
            goto fail;
        }
        sqlite3_bind_text(st, 1, v, -1, SQLITE_TRANSIENT);
        int ok = sqlite3_step(st) == SQLITE_DONE;
        release(s, st);
        if (!ok || (demo_balance > 0 && (cash_log(s, "demo", demo_balance, err) ||
                                         meter_add(s, "", "credits_in", demo_balance, err) ||
                                         set_balance(s, demo_balance, err))) ||
            commit(s, err)) {
            rollback(s);
            goto fail;
        }
    }
    int64_t version = query_int(s, "SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'schema_version'", NULL, -1);
    if (version < 1) {
        error_set(err, "%s: not a slotcab database (no schema version)", s->path);
        goto fail;
    }
    if (version > STORE_SCHEMA_VERSION) {
        error_set(err, "%s: schema version %" PRId64 " is newer than this slotcab knows (%d); "
                  "use a newer slotcab", s->path, version, STORE_SCHEMA_VERSION);
        goto fail;
    }
    /* migrations from older versions go here, one transaction each */
    if (version < 2 && migrate_to_v2(s, err))
        goto fail;
    return s;
fail:
    for (int i = 0; i < s->nstmt; i++) {
        sqlite3_finalize(s->stmt[i]);
        free(s->stmt_sql[i]);
    }
    if (s->db)
        sqlite3_close(s->db);
    free(s);
    return NULL;
}

void store_close(Store *s)
{
    if (!s)
        return;
    for (int i = 0; i < s->nstmt; i++) {
        sqlite3_finalize(s->stmt[i]);
        free(s->stmt_sql[i]);
    }
    sqlite3_close(s->db);
    free(s);
}

/* ---- wallet, settings, pools ---------------------------------------------------------- */

Money store_balance(Store *s)
{
    if (!s->balance_known) {
        s->balance = query_int(s, "SELECT balance FROM wallet WHERE id = 1", NULL, 0);
        s->balance_known = true;
    }
    return s->balance;
}

int store_credit_in(Store *s, Money amount, Error *err)
{
    if (amount <= 0)
        return error_set(err, "credits in must be more than 0");
    if (begin(s, err))
        return -1;
    if (cash_log(s, "in", amount, err) || meter_add(s, "", "credits_in", amount, err) ||
        set_balance(s, store_balance(s) + amount, err) || commit(s, err))
        return rollback(s);
    return 0;
}

int store_cash_out(Store *s, Money *paid, Error *err)
{
    if (begin(s, err))
        return -1;
    Money b = store_balance(s);
    if (query_int(s, "SELECT count(*) FROM rounds WHERE settled IS NULL", NULL, 0)) {
        rollback(s);
        return error_set(err, "a round is being played: cash out after it");
    }
    if (b > 0 && (cash_log(s, "out", b, err) || meter_add(s, "", "credits_out", b, err) ||
                  set_balance(s, 0, err)))
        return rollback(s);
    if (commit(s, err))
        return rollback(s);
    *paid = b;
    return 0;
}

void store_setting(Store *s, const char *key, char *out, size_t size)
{
    out[0] = 0;
    sqlite3_stmt *st = prepare(s, "SELECT value FROM settings WHERE key = ?1", NULL);
    if (!st)
        return;
    sqlite3_bind_text(st, 1, key, -1, SQLITE_TRANSIENT);
    if (sqlite3_step(st) == SQLITE_ROW)
        snprintf(out, size, "%s", (const char *)sqlite3_column_text(st, 0));
    release(s, st);
}

int store_set_setting(Store *s, const char *key, const char *value, Error *err)
{
    sqlite3_stmt *st = prepare(s, "INSERT INTO settings(key, value) VALUES(?1, ?2) "
                                  "ON CONFLICT(key) DO UPDATE SET value = excluded.value", err);
    if (!st)
        return -1;
    sqlite3_bind_text(st, 1, key, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 2, value, -1, SQLITE_TRANSIENT);
    int rc = sqlite3_step(st) == SQLITE_DONE ? 0 : fail_db(s, err, "cannot save a setting");
    release(s, st);
    return rc ? rc : seal(s, T_SETTINGS, "key = ?1", key, 0, err);
}

bool store_pool(Store *s, const char *game, int64_t *pool)
{
    int64_t v = query_int(s, "SELECT pool FROM pools WHERE game = ?1", game, -1);
    if (v < 0)
        return false;
    *pool = v;
    return true;
}

int64_t store_rounds_begun(Store *s) { return query_int(s, "SELECT count(*) FROM rounds", NULL, 0); }

int store_forced_cursor(Store *s)
{
    return (int)query_int(s, "SELECT forced_after FROM rounds WHERE settled IS NOT NULL "
                             "ORDER BY id DESC LIMIT 1", NULL, 0);
}

/* ---- rounds ----------------------------------------------------------------------------- */

static void bet_text(const Bet *b, char *out, size_t size)
{
    snprintf(out, size, "%" PRId64 ",%" PRId64 ",%" PRId64 ",%" PRId64, b->v[0], b->v[1], b->v[2], b->v[3]);
}

/* A command's type and its argument (the tile picked); its seed is the round's, kept in the
 * round's row. */
static int journal(Store *s, int64_t id, int seq, const Command *cmd, Error *err)
{
    sqlite3_stmt *st = prepare(s, "INSERT INTO commands(round_id, seq, type, arg)"
                                  " VALUES(?1, ?2, ?3, ?4)", err);
    if (!st)
        return -1;
    sqlite3_bind_int64(st, 1, id);
    sqlite3_bind_int(st, 2, seq);
    sqlite3_bind_text(st, 3, command_name(cmd->type), -1, SQLITE_STATIC);
    sqlite3_bind_int(st, 4, cmd->choice);
    int rc = sqlite3_step(st) == SQLITE_DONE ? 0 : fail_db(s, err, "cannot journal a command");
    release(s, st);
    return rc ? rc : seal_rowid(s, T_COMMANDS, sqlite3_last_insert_rowid(s->db), err);
}

int store_round_begin(Store *s, const StoreRound *r, int64_t *id, Error *err)
{
    if (begin(s, err))
        return -1;
    Money bal = store_balance(s);
    if (query_int(s, "SELECT count(*) FROM rounds WHERE settled IS NULL", NULL, 0)) {
        rollback(s);
        return error_set(err, "%s: a round is already open", s->path);
    }
    if (bal < r->bet_total) {
        rollback(s);
        return error_set(err, "the balance is less than the bet");
    }
    char bet[128], seed[32];
    bet_text(&r->bet, bet, sizeof bet);
    snprintf(seed, sizeof seed, "%" PRIu64, r->seed);
    sqlite3_stmt *st = prepare(s,
        "INSERT INTO rounds(game, seed, bet, bet_total, has_pool, pool_before, forced_from,"
        " balance_before, started, scenario, pool_seed) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9,"
        " ?10, ?11)", err);
    if (!st)
        return rollback(s);
    char now[24];
    sqlite3_bind_text(st, 9, now_text(s, now), -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 10, r->scenario, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int64(st, 11, r->pool_seed);
    sqlite3_bind_text(st, 1, r->game, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 2, seed, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 3, bet, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int64(st, 4, r->bet_total);
    sqlite3_bind_int(st, 5, r->has_pool);
    sqlite3_bind_int64(st, 6, r->pool_before);
    sqlite3_bind_int(st, 7, r->forced_from);
    sqlite3_bind_int64(st, 8, bal);
    int ok = sqlite3_step(st) == SQLITE_DONE;
    release(s, st);
    if (!ok) {
        fail_db(s, err, "cannot open a round");
        return rollback(s);
    }
    *id = sqlite3_last_insert_rowid(s->db);
    if (seal_rowid(s, T_ROUNDS, *id, err) || journal(s, *id, 0, &(Command){.type = CMD_SPIN}, err) ||
        set_balance(s, bal - r->bet_total, err) ||
        meter_add(s, r->game, "total_bet", r->bet_total, err) ||
        meter_add(s, r->game, "games_played", 1, err) || commit(s, err))
        return rollback(s);
    return 0;
}

int store_round_command(Store *s, int64_t id, const Command *cmd, Error *err)
{
    if (begin(s, err))
        return -1;
    int seq = -1;
    sqlite3_stmt *st = prepare(s, "SELECT count(*) FROM commands WHERE round_id = ?1 AND"
                                  " EXISTS (SELECT 1 FROM rounds WHERE id = ?1 AND settled IS NULL)", err);
    if (!st)
        return rollback(s);
    sqlite3_bind_int64(st, 1, id);
    if (sqlite3_step(st) == SQLITE_ROW)
        seq = sqlite3_column_int(st, 0);
    release(s, st);
    if (seq <= 0) {
        rollback(s);
        return error_set(err, "%s: round %" PRId64 " is not open", s->path, id);
    }
    if (journal(s, id, seq, cmd, err) || commit(s, err))
        return rollback(s);
    return 0;
}

int store_round_settle(Store *s, int64_t id, const StoreSettle *st_, Error *err)
{
    if (begin(s, err))
        return -1;
    char game[48] = "";
    sqlite3_stmt *st = prepare(s, "SELECT game FROM rounds WHERE id = ?1 AND settled IS NULL", err);
    if (!st)
        return rollback(s);
    sqlite3_bind_int64(st, 1, id);
    if (sqlite3_step(st) == SQLITE_ROW)
        snprintf(game, sizeof game, "%s", (const char *)sqlite3_column_text(st, 0));
    release(s, st);
    if (!game[0]) {
        rollback(s);
        return error_set(err, "%s: round %" PRId64 " is not open", s->path, id);
    }
    Money bal = store_balance(s) + st_->win;
    st = prepare(s, "UPDATE rounds SET settled = ?8, win = ?2, balance_after = ?3,"
                    " free_spins = ?4, features = ?5, jackpots = ?6, forced_after = ?7,"
                    " pool_added = ?9, pool_after = ?10, pool_paid = ?11 WHERE id = ?1", err);
    if (!st)
        return rollback(s);
    sqlite3_bind_int64(st, 1, id);
    sqlite3_bind_int64(st, 2, st_->win);
    sqlite3_bind_int64(st, 3, bal);
    sqlite3_bind_int(st, 4, st_->free_spins);
    sqlite3_bind_int(st, 5, st_->features);
    sqlite3_bind_int(st, 6, st_->jackpots);
    sqlite3_bind_int(st, 7, st_->forced_after);
    char now[24];
    sqlite3_bind_text(st, 8, now_text(s, now), -1, SQLITE_TRANSIENT);
    sqlite3_bind_int64(st, 9, st_->pool_added);
    sqlite3_bind_int64(st, 10, st_->pool_after);
    sqlite3_bind_int64(st, 11, st_->pool_paid);
    int ok = sqlite3_step(st) == SQLITE_DONE;
    release(s, st);
    if (!ok) {
        fail_db(s, err, "cannot settle the round");
        return rollback(s);
    }
    if (seal_rowid(s, T_ROUNDS, id, err) || set_balance(s, bal, err) || meter_add(s, game, "total_win", st_->win, err) ||
        meter_add(s, game, "games_won", st_->win > 0, err) ||
        meter_add(s, game, "free_spin_features", st_->features, err) ||
        meter_add(s, game, "jackpots_won", st_->jackpots, err) ||
        meter_add(s, game, "jackpots_paid", st_->jackpot_paid, err))
        return rollback(s);
    st = prepare(s, "INSERT INTO pools(game, pool) VALUES(?1, ?2) "
                    "ON CONFLICT(game) DO UPDATE SET pool = excluded.pool", err);
    if (!st)
        return rollback(s);
    sqlite3_bind_text(st, 1, game, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int64(st, 2, st_->pool_after);
    ok = sqlite3_step(st) == SQLITE_DONE;
    release(s, st);
    if (!ok || seal(s, T_POOLS, "game = ?1", game, 0, err)) {
        if (!ok)
            fail_db(s, err, "cannot save the pool");
        return rollback(s);
    }
    if (st_->jackpots) {
        st = prepare(s, "INSERT INTO pool_hits(round_id, game, paid, at) VALUES(?1, ?2, ?3, ?4)", err);
        if (!st)
            return rollback(s);
        sqlite3_bind_text(st, 4, now_text(s, now), -1, SQLITE_TRANSIENT);
        sqlite3_bind_int64(st, 1, id);
        sqlite3_bind_text(st, 2, game, -1, SQLITE_TRANSIENT);
        sqlite3_bind_int64(st, 3, st_->jackpot_paid);
        ok = sqlite3_step(st) == SQLITE_DONE;
        release(s, st);
        if (!ok || seal_rowid(s, T_POOL_HITS, sqlite3_last_insert_rowid(s->db), err)) {
            if (!ok)
                fail_db(s, err, "cannot log the jackpot hit");
            return rollback(s);
        }
    }
    if (commit(s, err))
        return rollback(s);
    return 0;
}

/* Loads a round's row and journal; where = "id = ?1" or "settled IS NULL". */
static int load_round(Store *s, const char *where, int64_t id, StoreRound *r, bool *found, Error *err)
{
    memset(r, 0, sizeof *r);
    *found = false;
    char sql[400];
    snprintf(sql, sizeof sql, "SELECT id, game, seed, bet, bet_total, has_pool, pool_before,"
                              " forced_from, balance_before, scenario FROM rounds WHERE %s"
                              " ORDER BY id LIMIT 1", where);
    sqlite3_stmt *st = prepare(s, sql, err);
    if (!st)
        return -1;
    sqlite3_bind_int64(st, 1, id);
    if (sqlite3_step(st) == SQLITE_ROW) {
        *found = true;
        r->id = sqlite3_column_int64(st, 0);
        snprintf(r->game, sizeof r->game, "%s", (const char *)sqlite3_column_text(st, 1));
        r->seed = strtoull((const char *)sqlite3_column_text(st, 2), NULL, 10);
        const char *bet = (const char *)sqlite3_column_text(st, 3);
        sscanf(bet, "%" SCNd64 ",%" SCNd64 ",%" SCNd64 ",%" SCNd64, &r->bet.v[0], &r->bet.v[1],
               &r->bet.v[2], &r->bet.v[3]);
        r->bet_total = sqlite3_column_int64(st, 4);
        r->has_pool = sqlite3_column_int(st, 5);
        r->pool_before = sqlite3_column_int64(st, 6);
        r->forced_from = sqlite3_column_int(st, 7);
        r->balance_before = sqlite3_column_int64(st, 8);
        snprintf(r->scenario, sizeof r->scenario, "%s", (const char *)sqlite3_column_text(st, 9));
    }
    release(s, st);
    if (!*found)
        return 0;
    st = prepare(s, "SELECT seq, type, arg FROM commands WHERE round_id = ?1 ORDER BY seq", err);
    if (!st)
        return -1;
    sqlite3_bind_int64(st, 1, r->id);
    int rc = 0;
    while (sqlite3_step(st) == SQLITE_ROW) {
        int seq = sqlite3_column_int(st, 0);
        int t = command_from_name((const char *)sqlite3_column_text(st, 1));
        int64_t arg = sqlite3_column_int64(st, 2);
        if (seq != r->ncommands || t < 0 || r->ncommands == STORE_MAX_COMMANDS ||
            (seq == 0) != (t == CMD_SPIN) || sqlite3_column_type(st, 2) != SQLITE_INTEGER ||
            arg < 0 || arg > 255) {
            rc = error_set(err, "%s: round %" PRId64 ": its journal is damaged at command %d",
                           s->path, r->id, seq);
            break;
        }
        r->commands[r->ncommands++] = (Command){.type = (CommandType)t, .choice = (uint8_t)arg};
    }
    release(s, st);
    if (!rc && r->ncommands == 0)
        rc = error_set(err, "%s: round %" PRId64 ": its journal has no commands", s->path, r->id);
    return rc;
}

int store_open_round(Store *s, StoreRound *r, bool *found, Error *err)
{
    return load_round(s, "settled IS NULL", 0, r, found, err);
}

int store_round_load(Store *s, int64_t id, StoreRound *r, Error *err)
{
    bool found;
    if (load_round(s, "id = ?1", id, r, &found, err))
        return -1;
    if (!found)
        return error_set(err, "%s: no round %" PRId64, s->path, id);
    return 0;
}

int store_history(Store *s, const char *game, StoreHistoryRow *rows, int max, Error *err)
{
    sqlite3_stmt *st = prepare(s, "SELECT id, started, seed, bet_total, win, balance_before,"
                                  " balance_after, free_spins, features, jackpots, forced_from,"
                                  " forced_after FROM rounds"
                                  " WHERE game = ?1 AND settled IS NOT NULL ORDER BY id DESC LIMIT ?2", err);
    if (!st)
        return -1;
    sqlite3_bind_text(st, 1, game, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int(st, 2, max);
    int n = 0;
    while (n < max && sqlite3_step(st) == SQLITE_ROW) {
        StoreHistoryRow *h = &rows[n++];
        h->id = sqlite3_column_int64(st, 0);
        snprintf(h->started, sizeof h->started, "%s", (const char *)sqlite3_column_text(st, 1));
        h->seed = strtoull((const char *)sqlite3_column_text(st, 2), NULL, 10);
        h->bet = sqlite3_column_int64(st, 3);
        h->win = sqlite3_column_int64(st, 4);
        h->balance_before = sqlite3_column_int64(st, 5);
        h->balance_after = sqlite3_column_int64(st, 6);
        h->free_spins = sqlite3_column_int(st, 7);
        h->features = sqlite3_column_int(st, 8);
        h->jackpots = sqlite3_column_int(st, 9);
        h->forced_from = sqlite3_column_int(st, 10);
        h->forced_spins = sqlite3_column_int(st, 11) - h->forced_from;
    }
    release(s, st);
    return n;
}

/* ---- integrity -------------------------------------------------------------------------- */

static void problem(StoreCheck *c, const char *fmt, ...) SLOTCAB_PRINTF(2, 3);

static void problem(StoreCheck *c, const char *fmt, ...)
{
    size_t len = strlen(c->problems);
    if (len + 4 >= sizeof c->problems)
        return;
    if (len)
        len += (size_t)snprintf(c->problems + len, sizeof c->problems - len, "; ");
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->problems + len, sizeof c->problems - len, fmt, ap);
    va_end(ap);
}

/* The progressive pool of a game, exact to the unit: each settled round starts from the
 * pool the one before it ended with; each ends with its start, plus its contribution,
 * minus what its hits paid, plus the seed once per hit (a hit restarts the pool at the
 * seed with what it did not pay); and the stored pool is the last round's. So the pool is
 * always the seed plus the contributions since the last hit (and the unpaid remainder). */
static void check_pool(Store *s, const char *game, StoreCheck *c)
{
    int64_t broken = query_int(s,
        "SELECT count(*) FROM (SELECT pool_before, pool_added, pool_after, pool_paid, pool_seed,"
        " jackpots, lag(pool_after) OVER (ORDER BY id) AS prev FROM rounds"
        " WHERE game = ?1 AND settled IS NOT NULL AND has_pool)"
        " WHERE (prev IS NOT NULL AND pool_before != prev)"
        " OR pool_after != pool_before + pool_added - pool_paid + jackpots * pool_seed", game, 0);
    if (broken) {
        c->reconciled = false;
        problem(c, "the pool of %s does not follow its rounds in %" PRId64 " round(s)", game, broken);
    }
    int64_t last = query_int(s, "SELECT pool_after FROM rounds WHERE game = ?1 AND settled IS NOT NULL"
                                " ORDER BY id DESC LIMIT 1", game, -1);
    int64_t pool;
    if (last >= 0 && (!store_pool(s, game, &pool) || pool != last)) {
        c->reconciled = false;
        problem(c, "the stored pool of %s is not the one its last round ended with", game);
    }
}

/* Each game's meters against the rounds that justify them. */
static void check_game(Store *s, const char *game, StoreCheck *c)
{
    check_pool(s, game, c);
    static const struct { const char *meter, *sql; } rows[] = {
        {"total_bet", "SELECT sum(bet_total) FROM rounds WHERE game = ?1"},
        {"games_played", "SELECT count(*) FROM rounds WHERE game = ?1"},
        {"total_win", "SELECT sum(win) FROM rounds WHERE game = ?1 AND settled IS NOT NULL"},
        {"games_won", "SELECT count(*) FROM rounds WHERE game = ?1 AND win > 0"},
        {"free_spin_features", "SELECT sum(features) FROM rounds WHERE game = ?1"},
        {"jackpots_won", "SELECT sum(jackpots) FROM rounds WHERE game = ?1"},
        {"jackpots_paid", "SELECT sum(paid) FROM pool_hits WHERE game = ?1"},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        int64_t m = meter(s, game, rows[i].meter), want = query_int(s, rows[i].sql, game, 0);
        if (m != want) {
            c->reconciled = false;
            problem(c, "meter %s of %s is %" PRId64 " but the rounds add up to %" PRId64,
                    rows[i].meter, game, m, want);
        }
    }
}

int store_check(Store *s, StoreCheck *c)
{
    memset(c, 0, sizeof *c);
    c->integrity_ok = true;
    c->reconciled = true;
    sqlite3_stmt *st = prepare(s, "PRAGMA integrity_check", NULL);
    if (!st) {
        c->integrity_ok = false;
        problem(c, "integrity check failed to run: %s", sqlite3_errmsg(s->db));
    } else {
        while (sqlite3_step(st) == SQLITE_ROW) {
            const char *r = (const char *)sqlite3_column_text(st, 0);
            if (strcmp(r, "ok")) {
                c->integrity_ok = false;
                problem(c, "integrity: %s", r);
            }
        }
        if (sqlite3_errcode(s->db) != SQLITE_OK && sqlite3_errcode(s->db) != SQLITE_DONE &&
            sqlite3_errcode(s->db) != SQLITE_ROW) {
            c->integrity_ok = false;
            problem(c, "integrity check: %s", sqlite3_errmsg(s->db));
        }
        release(s, st);
    }
    /* every row against its checksum */
    for (int t = 0; t < T__COUNT && c->integrity_ok; t++) {
        char sql[768];
        snprintf(sql, sizeof sql, "SELECT count(*) FROM %s WHERE chk IS NOT slotcab_chk(%s)",
                 sealed[t].name, sealed[t].cols);
        int64_t bad = query_int(s, sql, NULL, -1);
        if (bad != 0) {
            c->integrity_ok = false;
            if (bad < 0)
                problem(c, "table %s cannot be read: %s", sealed[t].name, sqlite3_errmsg(s->db));
            else
                problem(c, "table %s: %" PRId64 " row(s) do not match their checksum", sealed[t].name, bad);
        }
    }
    /* the cabinet's cash meters against its cash log */
    int64_t in = meter(s, "", "credits_in"), out = meter(s, "", "credits_out");
    int64_t log_in = query_int(s, "SELECT sum(amount) FROM cash WHERE kind IN ('in', 'demo')", NULL, 0);
    int64_t log_out = query_int(s, "SELECT sum(amount) FROM cash WHERE kind = 'out'", NULL, 0);
    if (in != log_in) {
        c->reconciled = false;
        problem(c, "meter credits_in is %" PRId64 " but the cash log adds up to %" PRId64, in, log_in);
    }
    if (out != log_out) {
        c->reconciled = false;
        problem(c, "meter credits_out is %" PRId64 " but the cash log adds up to %" PRId64, out, log_out);
    }
    /* every game's meters against its rounds, and the balance against the meters */
    int64_t bet = 0, win = 0;
    st = prepare(s, "SELECT DISTINCT game FROM meters WHERE game != '' UNION SELECT DISTINCT game FROM rounds", NULL);
    if (st) {
        while (sqlite3_step(st) == SQLITE_ROW) {
            char game[48];
            snprintf(game, sizeof game, "%s", (const char *)sqlite3_column_text(st, 0));
            check_game(s, game, c);
            bet += meter(s, game, "total_bet");
            win += meter(s, game, "total_win");
        }
        release(s, st);
    }
    Money bal = store_balance(s), want = in - bet + win - out;
    if (bal != want) {
        c->reconciled = false;
        problem(c, "the balance is %" PRId64 " but credits in - bets + wins - credits out is %" PRId64,
                bal, want);
    }
    /* every round's journal starts with its SPIN, has no gap, and every argument is a tile
     * (0..255): what a round's replay needs (load_round() refuses the same) */
    int64_t broken = query_int(s,
        "SELECT count(*) FROM rounds r WHERE NOT EXISTS (SELECT 1 FROM commands c WHERE"
        " c.round_id = r.id AND c.seq = 0 AND c.type = 'spin') OR (SELECT count(*) FROM commands c"
        " WHERE c.round_id = r.id) != (SELECT coalesce(max(seq), -1) + 1 FROM commands c"
        " WHERE c.round_id = r.id) OR EXISTS (SELECT 1 FROM commands c WHERE c.round_id = r.id"
        " AND (typeof(c.arg) != 'integer' OR c.arg NOT BETWEEN 0 AND 255))", NULL, 0);
    if (broken) {
        c->reconciled = false;
        problem(c, "%" PRId64 " round(s) with a damaged journal", broken);
    }
    if (query_int(s, "SELECT count(*) FROM rounds WHERE settled IS NULL", NULL, 0) > 1) {
        c->reconciled = false;
        problem(c, "more than one round is open");
    }
    return c->integrity_ok && c->reconciled ? 0 : -1;
}

int store_audit_json(Store *s, char **json, Error *err)
{
    StoreCheck c;
    store_check(s, &c);
    size_t cap = 8192, len = 0;
    char *b = malloc(cap);
    if (!b)
        return error_set(err, "out of memory");
#define PUT(...) (len += (size_t)snprintf(b + len, len < cap ? cap - len : 0, __VA_ARGS__))
    PUT("{\"file\":\"%s\",\"balance\":%" PRId64 ",\"meters\":{", s->path, store_balance(s));
    static const char *const names[] = {"total_bet", "total_win", "games_played", "games_won",
                                        "free_spin_features", "jackpots_won", "jackpots_paid"};
    int64_t total[7] = {0};
    PUT("\"credits_in\":%" PRId64 ",\"credits_out\":%" PRId64 ",\"games\":{",
        meter(s, "", "credits_in"), meter(s, "", "credits_out"));
    sqlite3_stmt *st = prepare(s, "SELECT DISTINCT game FROM meters WHERE game != '' ORDER BY game", NULL);
    int first = 1;
    while (st && sqlite3_step(st) == SQLITE_ROW && len < cap - 1024) {
        const char *game = (const char *)sqlite3_column_text(st, 0);
        PUT("%s\"%s\":{", first ? "" : ",", game);
        first = 0;
        for (int i = 0; i < 7; i++) {
            int64_t v = meter(s, game, names[i]);
            total[i] += v;
            PUT("%s\"%s\":%" PRId64, i ? "," : "", names[i], v);
        }
        PUT("}");
    }
    release(s, st);
    PUT("},\"total\":{");
    for (int i = 0; i < 7; i++)
        PUT("%s\"%s\":%" PRId64, i ? "," : "", names[i], total[i]);
    PUT("}},\"integrity_ok\":%s,\"reconciled\":%s,\"problems\":[", c.integrity_ok ? "true" : "false",
        c.reconciled ? "true" : "false");
    if (c.problems[0]) {
        PUT("\"");
        for (const char *p = c.problems; *p && len < cap - 8; p++) {
            if (*p == '"' || *p == '\\')
                PUT("\\%c", *p);
            else if (p[0] == ';' && p[1] == ' ') {
                PUT("\",\"");
                p++;
            } else
                PUT("%c", *p);
        }
        PUT("\"");
    }
    PUT("]}");
#undef PUT
    if (len >= cap) {
        free(b);
        return error_set(err, "audit too long");
    }
    *json = b;
    return 0;
}
