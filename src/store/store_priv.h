/* store_priv.h - what the store's files share: the Store itself and the small helpers every
 * transaction uses. Private to src/store (store_db.c: statements, the sealed tables, below
 * all the others; store_seal.c: seals, head, witness; store.c: wallet, rounds, settings, the
 * operator log, transactions; store_file.c: opening, making and refusing files, the lock,
 * upgrades; store_audit.c: the checks and the audit; store_guard.c, store_guard.h). Calls go
 * one way: store_file.c, store_guard.c, store_audit.c -> store.c -> store_seal.c -> store_db.c. */
#ifndef SLOTCAB_STORE_PRIV_H
#define SLOTCAB_STORE_PRIV_H

#include "store.h"

#include <sqlite3.h>

#define STORE_STATEMENTS 160

/* The memory's head: commits so far, the head before, and this one (store_seal.c). */
typedef struct StoreHead {
    int64_t seq, prev, head;
} StoreHead;

struct Store {
    sqlite3 *db;
    char path[512];
    StoreAccess access;
    int version; /* the schema version of the file (an audit reads older ones as they are) */
    int lock_fd; /* the data folder, held (flock) while a cabinet has the memory; -1 */
    char dir[512]; /* the data folder ("" in RAM) */
    /* the key of the seals (DIR/slotcab.key; random in RAM), the witness (-1: none) and
     * the head the current write transaction commits */
    unsigned char key[32];
    int witness_fd;
    StoreHead pending;
    /* a commit whose witness could not be written: the store writes no more (st_begin) */
    bool broken;
    char broken_msg[sizeof(Error)];
    /* prepared statements, kept for reuse: a round's transactions run the same few dozen
     * statements, and preparing them each time cost more than running them */
    int nstmt;
    char *stmt_sql[STORE_STATEMENTS];
    sqlite3_stmt *stmt[STORE_STATEMENTS];
    char clock[24]; /* a fixed time for every timestamp, or "" for the real UTC time */
    bool balance_known; /* the wallet, as last read: the cabinet shows it in every frame */
    Money balance;
};

/* Every row carries a seal of its values (slotcab_chk, an SQL function this store
 * registers: a keyed MAC from schema 8 on, store_seal.c; slotcab_fnv, an unkeyed FNV-1a,
 * before), written by the store with the row; the rows of append-only tables are chained.
 * SQLite's integrity check finds damage to the file's structure; the seals find damage to
 * the values (a flipped byte in a seed, an amount, a command) that the structure does not
 * show, and rows written, deleted or put back by someone without the key. */
enum { T_WALLET, T_METERS, T_SETTINGS, T_CASH, T_POOLS, T_POOL_HITS, T_ROUNDS, T_COMMANDS,
       T_OPLOG, T_ROUND_CONFIG, T_ROUND_STATE, T_BONUS_WALLET, T_FORCED_ROUNDS, T_ROUND_SHOW, T__COUNT };
typedef struct StoreSealed {
    const char *name, *cols;
    int since; /* the schema version that made the table */
} StoreSealed;
extern const StoreSealed st_sealed[T__COUNT];

/* store_db.c: the statements */
/* err = "<file>: <what>: <SQLite's message>"; returns -1 */
int st_fail_db(Store *s, Error *err, const char *what);
int st_exec(Store *s, const char *sql, Error *err);
/* A cached prepared statement (reset, bindings cleared); give it back with st_release(). */
sqlite3_stmt *st_prepare(Store *s, const char *sql, Error *err);
void st_release(Store *s, sqlite3_stmt *st);
/* The first column of the first row (?1 bound to `text` when not NULL), else `fallback`. */
int64_t st_query_int(Store *s, const char *sql, const char *text, int64_t fallback);
/* store_seal.c: the SQL functions of the seals, the key, the head, the witness */
void st_sql_chk(sqlite3_context *ctx, int argc, sqlite3_value **argv);
void st_sql_fnv(sqlite3_context *ctx, int argc, sqlite3_value **argv);
int st_crypto_init(Error *err);
void st_key_path(const char *dir, char *out, size_t size);
int st_key_load(Store *s, const char *dir, Error *err);
int st_key_make(Store *s, const char *dir, Error *err);
bool st_append_only(int table);
int64_t st_head_of(Store *s, int64_t seq, int64_t prev);
int st_head_read(Store *s, StoreHead *hd);
int st_head_update(Store *s, Error *err);
int st_witness_read(const Store *s, const char *dir, StoreHead *w);
int st_witness_open(Store *s, const char *dir, Error *err);
int st_witness_write(Store *s, const StoreHead *hd, Error *err);
/* store.c: the time a row is stamped with: UTC, "YYYY-MM-DD HH:MM:SS". */
const char *st_now_text(const Store *s, char buf[24]);
/* Rows of `table` whose seal (or chain link) fails; -1 when it cannot be read. */
int64_t st_bad_seals(Store *s, int table);
/* Seals the rows of `table` that `where` selects (?1 bound to t1, ?2 to i2). */
int st_seal(Store *s, int table, const char *where, const char *t1, int64_t i2, Error *err);
int st_seal_rowid(Store *s, int table, int64_t rowid, Error *err);
int st_meter_add(Store *s, const char *game, const char *name, int64_t delta, Error *err);
int64_t st_meter(Store *s, const char *game, const char *name);
int st_set_balance(Store *s, Money balance, Error *err);
int st_set_bonuses(Store *s, int64_t bonuses, Error *err);
int st_cash_log(Store *s, const char *kind, Money amount, Error *err);
int st_oplog_row(Store *s, const char *what, const char *detail, Error *err);
int st_begin(Store *s, Error *err);  /* BEGIN IMMEDIATE: a writing transaction */
/* From schema 8 on: the head updated, COMMIT, the witness written. */
int st_commit(Store *s, Error *err);
int st_rollback(Store *s);           /* always -1 */

#endif
