/* store_db.c - the ground floor of the store: its statements and the table of what it seals.
 *
 * Every other file of the store (store.c, store_seal.c, store_file.c, store_audit.c) talks to
 * SQLite through these few helpers and calls nothing above them: a failure turned into one
 * line naming the file (disk full said as such), a statement run once, a cache of prepared
 * statements (a round's transactions run the same few dozen, and preparing them each time cost
 * more than running them), one integer read, and st_sealed, the tables whose rows carry a seal
 * and the columns each seal covers (store_seal.c says what a seal is). */
#include "store_priv.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

int st_fail_db(Store *s, Error *err, const char *what)
{
    if (sqlite3_errcode(s->db) == SQLITE_FULL || sqlite3_system_errno(s->db) == ENOSPC)
        return error_set(err, "%s: %s: the disk is full (the memory is not damaged; free some "
                         "space)", s->path, what);
    return error_set(err, "%s: %s: %s", s->path, what, sqlite3_errmsg(s->db));
}

int st_exec(Store *s, const char *sql, Error *err)
{
    char *msg = NULL;
    if (sqlite3_exec(s->db, sql, NULL, NULL, &msg) != SQLITE_OK) {
        if (sqlite3_errcode(s->db) == SQLITE_FULL)
            error_set(err, "%s: the disk is full (the memory is not damaged; free some space)", s->path);
        else
            error_set(err, "%s: %s", s->path, msg ? msg : "error");
        sqlite3_free(msg);
        return -1;
    }
    return 0;
}

sqlite3_stmt *st_prepare(Store *s, const char *sql, Error *err)
{
    for (int i = 0; i < s->nstmt; i++)
        if (!strcmp(s->stmt_sql[i], sql)) {
            sqlite3_reset(s->stmt[i]); /* in case an error path left it unfinished */
            sqlite3_clear_bindings(s->stmt[i]);
            return s->stmt[i];
        }
    sqlite3_stmt *st = NULL;
    if (sqlite3_prepare_v2(s->db, sql, -1, &st, NULL) != SQLITE_OK) {
        st_fail_db(s, err, "cannot prepare a statement");
        return NULL;
    }
    if (s->nstmt < STORE_STATEMENTS && (s->stmt_sql[s->nstmt] = strdup(sql))) {
        s->stmt[s->nstmt++] = st;
    }
    return st;
}

/* Done with a statement from st_prepare(): reset for its next use (or finalized when the
 * cache was full). */
void st_release(Store *s, sqlite3_stmt *st)
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

const StoreSealed st_sealed[T__COUNT] = {
    {"wallet", "id, balance", 1},
    {"meters", "game, name, value", 1},
    {"settings", "key, value", 1},
    {"cash", "id, kind, amount, at", 1},
    {"pools", "game, pool", 1},
    {"pool_hits", "id, round_id, game, paid, at", 1},
    {"rounds", "id, game, seed, bet, bet_total, has_pool, pool_before, forced_from,"
               " balance_before, started, settled, win, balance_after, free_spins, features,"
               " jackpots, forced_after, scenario, pool_added, pool_after, pool_seed, pool_paid", 1},
    {"commands", "round_id, seq, type, arg", 1},
    {"oplog", "id, at, what, detail", 3},
    {"round_config", "round_id, config, game_hash", 4},
    {"round_state", "round_id, game, carried_before, carried_after, bet_bonuses, win_bonuses,"
                    " bonuses_before", 5},
    {"bonus_wallet", "id, bonuses", 5},
    {"forced_rounds", "round_id, scenario", 6},
    {"round_show", "round_id, tick, screen", 7},
};

int64_t st_query_int(Store *s, const char *sql, const char *text, int64_t fallback)
{
    sqlite3_stmt *st = st_prepare(s, sql, NULL);
    if (!st)
        return fallback;
    if (text)
        sqlite3_bind_text(st, 1, text, -1, SQLITE_TRANSIENT);
    int64_t v = fallback;
    if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_type(st, 0) != SQLITE_NULL)
        v = sqlite3_column_int64(st, 0);
    st_release(s, st);
    return v;
}

