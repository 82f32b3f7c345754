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
 * edited behind the store's back shows up as a disagreement. Every row is sealed with a
 * keyed MAC, the rows of append-only tables are chained, and every commit moves the
 * memory's head and writes its witness (st_commit; store_seal.c): rows written, deleted or
 * put back by someone without the key, and committed writes that went missing, are found. */
#include "store_priv.h"

#include <errno.h>
#include <stdarg.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

void store_fix_clock(Store *s, const char *utc)
{
    if (strcmp(s->path, ":memory:")) /* a memory on disk is stamped with the real time, always */
        return;
    snprintf(s->clock, sizeof s->clock, "%s", utc);
}

const char *st_now_text(const Store *s, char buf[24])
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

/* ---- seals, meters, the wallet, transactions ------------------------------------------ */

/* Seals the rows of `table` that `where` selects (?1 bound to a text, ?2 to an integer). */
int st_seal(Store *s, int table, const char *where, const char *t1, int64_t i2, Error *err)
{
    char sql[900];
    const char *name = st_sealed[table].name;
    if (s->version < 8) /* an older memory, before its upgrade: its own seals */
        snprintf(sql, sizeof sql, "UPDATE %s SET chk = slotcab_fnv(%s) WHERE %s", name,
                 st_sealed[table].cols, where);
    else if (st_append_only(table)) /* chained: the seal covers the row before's */
        snprintf(sql, sizeof sql, "UPDATE %s SET chk = slotcab_chk(%s, (SELECT p.chk FROM %s p"
                 " WHERE p.rowid < %s.rowid ORDER BY p.rowid DESC LIMIT 1)) WHERE %s", name,
                 st_sealed[table].cols, name, name, where);
    else
        snprintf(sql, sizeof sql, "UPDATE %s SET chk = slotcab_chk(%s) WHERE %s", name,
                 st_sealed[table].cols, where);
    sqlite3_stmt *st = st_prepare(s, sql, err);
    if (!st)
        return -1;
    if (t1)
        sqlite3_bind_text(st, 1, t1, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int64(st, 2, i2);
    int rc = sqlite3_step(st) == SQLITE_DONE ? 0 : st_fail_db(s, err, "cannot seal a row");
    st_release(s, st);
    return rc;
}

int64_t st_bad_seals(Store *s, int table)
{
    char sql[900];
    const char *name = st_sealed[table].name, *cols = st_sealed[table].cols;
    if (s->version < 8)
        snprintf(sql, sizeof sql, "SELECT count(*) FROM %s WHERE chk IS NOT slotcab_fnv(%s)", name,
                 table == T_COMMANDS && s->version < 2 ? "round_id, seq, type" : cols);
    else if (st_append_only(table))
        snprintf(sql, sizeof sql, "SELECT count(*) FROM (SELECT *, lag(chk) OVER (ORDER BY rowid)"
                 " AS slotcab_prev FROM %s) WHERE chk IS NOT slotcab_chk(%s, slotcab_prev)", name, cols);
    else
        snprintf(sql, sizeof sql, "SELECT count(*) FROM %s WHERE chk IS NOT slotcab_chk(%s)", name, cols);
    return st_query_int(s, sql, NULL, -1);
}

int st_seal_rowid(Store *s, int table, int64_t rowid, Error *err)
{
    return st_seal(s, table, "rowid = ?2", NULL, rowid, err);
}

int st_meter_add(Store *s, const char *game, const char *name, int64_t delta, Error *err)
{
    if (delta == 0)
        return 0;
    sqlite3_stmt *st = st_prepare(s,
        "INSERT INTO meters(game, name, value) VALUES(?1, ?2, ?3) "
        "ON CONFLICT(game, name) DO UPDATE SET value = value + excluded.value", err);
    if (!st)
        return -1;
    sqlite3_bind_text(st, 1, game, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 2, name, -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 3, delta);
    int rc = sqlite3_step(st) == SQLITE_DONE ? 0 : st_fail_db(s, err, "cannot update a meter");
    st_release(s, st);
    if (rc)
        return rc;
    sqlite3_stmt *id = st_prepare(s, "SELECT rowid FROM meters WHERE game = ?1 AND name = ?2", err);
    if (!id)
        return -1;
    sqlite3_bind_text(id, 1, game, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(id, 2, name, -1, SQLITE_STATIC);
    int64_t rowid = sqlite3_step(id) == SQLITE_ROW ? sqlite3_column_int64(id, 0) : -1;
    st_release(s, id);
    return st_seal_rowid(s, T_METERS, rowid, err);
}

int64_t st_meter(Store *s, const char *game, const char *name)
{
    sqlite3_stmt *st = st_prepare(s, "SELECT value FROM meters WHERE game = ?1 AND name = ?2", NULL);
    if (!st)
        return 0;
    sqlite3_bind_text(st, 1, game, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 2, name, -1, SQLITE_STATIC);
    int64_t v = sqlite3_step(st) == SQLITE_ROW ? sqlite3_column_int64(st, 0) : 0;
    st_release(s, st);
    return v;
}

int st_set_balance(Store *s, Money balance, Error *err)
{
    sqlite3_stmt *st = st_prepare(s, "UPDATE wallet SET balance = ?1 WHERE id = 1", err);
    if (!st)
        return -1;
    sqlite3_bind_int64(st, 1, balance);
    s->balance_known = false; /* read again, inside or after the transaction */
    int rc = sqlite3_step(st) == SQLITE_DONE ? 0 : st_fail_db(s, err, "cannot update the wallet");
    st_release(s, st);
    return rc ? rc : st_seal_rowid(s, T_WALLET, 1, err);
}

int st_set_bonuses(Store *s, int64_t bonuses, Error *err)
{
    sqlite3_stmt *st = st_prepare(s, "UPDATE bonus_wallet SET bonuses = ?1 WHERE id = 1", err);
    if (!st)
        return -1;
    sqlite3_bind_int64(st, 1, bonuses);
    int rc = sqlite3_step(st) == SQLITE_DONE ? 0 : st_fail_db(s, err, "cannot update the Bonuses");
    st_release(s, st);
    return rc ? rc : st_seal_rowid(s, T_BONUS_WALLET, 1, err);
}

int st_cash_log(Store *s, const char *kind, Money amount, Error *err)
{
    sqlite3_stmt *st = st_prepare(s, "INSERT INTO cash(kind, amount, at) VALUES(?1, ?2, ?3)", err);
    if (!st)
        return -1;
    char now[24];
    sqlite3_bind_text(st, 3, st_now_text(s, now), -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 1, kind, -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 2, amount);
    int rc = sqlite3_step(st) == SQLITE_DONE ? 0 : st_fail_db(s, err, "cannot log cash");
    st_release(s, st);
    return rc ? rc : st_seal_rowid(s, T_CASH, sqlite3_last_insert_rowid(s->db), err);
}

int st_begin(Store *s, Error *err)
{
    if (s->broken) /* a commit whose witness was not written: nothing more is written */
        return error_set(err, "%s", s->broken_msg);
    return st_exec(s, "BEGIN IMMEDIATE", err);
}

int st_commit(Store *s, Error *err)
{
    const bool head = s->version >= 8;
    if (head && st_head_update(s, err))
        return -1;
    if (st_exec(s, "COMMIT", err))
        return -1;
    if (head && st_witness_write(s, &s->pending, err)) {
        s->broken = true;
        snprintf(s->broken_msg, sizeof s->broken_msg, "%s", err ? err->msg : "the witness cannot be written");
        return -1;
    }
    return 0;
}

int st_rollback(Store *s)
{
    s->balance_known = false;
    sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
    return -1;
}

/* ---- wallet, settings, pools ---------------------------------------------------------- */

Money store_balance(Store *s)
{
    /* an audit reads another process's memory: never from a cache */
    if (!s->balance_known || s->access == STORE_AUDIT) {
        s->balance = st_query_int(s, "SELECT balance FROM wallet WHERE id = 1", NULL, 0);
        s->balance_known = true;
    }
    return s->balance;
}

int64_t store_bonuses(Store *s)
{
    return s->version < 5 ? 0 : st_query_int(s, "SELECT bonuses FROM bonus_wallet WHERE id = 1",
                                             NULL, 0);
}

int store_carried(Store *s, const char *game, char *out, size_t size)
{
    out[0] = 0;
    sqlite3_stmt *st = st_prepare(s, "SELECT carried_after FROM round_state WHERE game = ?1 AND"
                                  " carried_after IS NOT NULL ORDER BY round_id DESC LIMIT 1",
                                  NULL);
    if (!st)
        return -1;
    sqlite3_bind_text(st, 1, game, -1, SQLITE_TRANSIENT);
    bool found = sqlite3_step(st) == SQLITE_ROW;
    if (found)
        snprintf(out, size, "%s", (const char *)sqlite3_column_text(st, 0));
    st_release(s, st);
    return found ? 0 : -1;
}

static void money_text(Money m, char *out, size_t size)
{
    snprintf(out, size, "%s%lld.%02lld", m < 0 ? "-" : "", (long long)(m < 0 ? -m : m) / 100,
             (long long)(m < 0 ? -m : m) % 100);
}

bool store_bonuses_set(Store *s)
{
    return st_query_int(s, "SELECT count(*) FROM meters WHERE name = 'bonuses_in'", NULL, 0) > 0;
}

int store_bonuses_in(Store *s, const char *game, int64_t bonuses, Error *err)
{
    if (bonuses <= 0)
        return error_set(err, "Bonuses in must be more than 0");
    if (s->version < 5)
        return error_set(err, "%s: this memory keeps no Bonuses", s->path);
    if (st_begin(s, err))
        return -1;
    if (st_query_int(s, "SELECT count(*) FROM rounds", NULL, 0)) {
        st_rollback(s);
        return error_set(err, "%s: Bonuses are set only on a memory that has not played", s->path);
    }
    if (store_bonuses_set(s)) {
        st_rollback(s); /* once: a run killed before its first round must not add them again */
        return error_set(err, "%s: Bonuses were already set on this memory", s->path);
    }
    char detail[96];
    snprintf(detail, sizeof detail, "%" PRId64 " for %s", bonuses, game);
    if (st_set_bonuses(s, store_bonuses(s) + bonuses, err) ||
        st_meter_add(s, game, "bonuses_in", bonuses, err) ||
        st_oplog_row(s, "bonuses in", detail, err) || st_commit(s, err))
        return st_rollback(s);
    return 0;
}

int store_credit_in(Store *s, Money amount, const char *by, Error *err)
{
    if (amount <= 0)
        return error_set(err, "credits in must be more than 0");
    if (st_begin(s, err))
        return -1;
    char detail[96], m[32];
    money_text(amount, m, sizeof m);
    snprintf(detail, sizeof detail, "%s by %s", m, by ? by : "operator");
    if (st_cash_log(s, "in", amount, err) || st_meter_add(s, "", "credits_in", amount, err) ||
        st_set_balance(s, store_balance(s) + amount, err) ||
        st_oplog_row(s, "credit in", detail, err) || st_commit(s, err))
        return st_rollback(s);
    return 0;
}

int store_cash_out(Store *s, Money *paid, Error *err)
{
    if (st_begin(s, err))
        return -1;
    Money b = store_balance(s);
    if (st_query_int(s, "SELECT count(*) FROM rounds WHERE settled IS NULL", NULL, 0)) {
        st_rollback(s);
        return error_set(err, "a round is being played: cash out after it");
    }
    char m[32];
    money_text(b, m, sizeof m);
    if (b > 0 && (st_cash_log(s, "out", b, err) || st_meter_add(s, "", "credits_out", b, err) ||
                  st_set_balance(s, 0, err) || st_oplog_row(s, "cash out", m, err)))
        return st_rollback(s);
    if (st_commit(s, err))
        return st_rollback(s);
    *paid = b;
    return 0;
}

void store_setting(Store *s, const char *key, char *out, size_t size)
{
    out[0] = 0;
    sqlite3_stmt *st = st_prepare(s, "SELECT value FROM settings WHERE key = ?1", NULL);
    if (!st)
        return;
    sqlite3_bind_text(st, 1, key, -1, SQLITE_TRANSIENT);
    if (sqlite3_step(st) == SQLITE_ROW)
        snprintf(out, size, "%s", (const char *)sqlite3_column_text(st, 0));
    st_release(s, st);
}

int store_set_setting(Store *s, const char *key, const char *value, Error *err)
{
    if (sqlite3_get_autocommit(s->db)) { /* its own transaction: the head moves with it */
        if (st_begin(s, err))
            return -1;
        if (store_set_setting(s, key, value, err) || st_commit(s, err))
            return st_rollback(s);
        return 0;
    }
    sqlite3_stmt *st = st_prepare(s, "INSERT INTO settings(key, value) VALUES(?1, ?2) "
                                  "ON CONFLICT(key) DO UPDATE SET value = excluded.value", err);
    if (!st)
        return -1;
    sqlite3_bind_text(st, 1, key, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 2, value, -1, SQLITE_TRANSIENT);
    int rc = sqlite3_step(st) == SQLITE_DONE ? 0 : st_fail_db(s, err, "cannot save a setting");
    st_release(s, st);
    return rc ? rc : st_seal(s, T_SETTINGS, "key = ?1", key, 0, err);
}

int store_set_setting_logged(Store *s, const char *key, const char *value, Error *err)
{
    char old[200], detail[512];
    store_setting(s, key, old, sizeof old);
    snprintf(detail, sizeof detail, "%s: %s -> %s", key, old[0] ? old : "(unset)",
             value[0] ? value : "(empty)");
    if (st_begin(s, err))
        return -1;
    if (store_set_setting(s, key, value, err) || st_oplog_row(s, "setting", detail, err) ||
        st_commit(s, err))
        return st_rollback(s);
    return 0;
}

/* ---- the operator log ------------------------------------------------------------------- */

int st_oplog_row(Store *s, const char *what, const char *detail, Error *err)
{
    sqlite3_stmt *st = st_prepare(s, "INSERT INTO oplog(at, what, detail) VALUES(?1, ?2, ?3)", err);
    if (!st)
        return -1;
    char now[24];
    sqlite3_bind_text(st, 1, st_now_text(s, now), -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 2, what, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 3, detail ? detail : "", -1, SQLITE_TRANSIENT);
    int rc = sqlite3_step(st) == SQLITE_DONE ? 0 : st_fail_db(s, err, "cannot write the operator log");
    st_release(s, st);
    return rc ? rc : st_seal_rowid(s, T_OPLOG, sqlite3_last_insert_rowid(s->db), err);
}

int store_oplog_add(Store *s, const char *what, const char *detail, Error *err)
{
    if (st_begin(s, err))
        return -1;
    if (st_oplog_row(s, what, detail, err) || st_commit(s, err))
        return st_rollback(s);
    return 0;
}

int store_oplog(Store *s, StoreOplogRow *rows, int max, Error *err)
{
    sqlite3_stmt *st = st_prepare(s, "SELECT id, at, what, detail FROM oplog ORDER BY id DESC LIMIT ?1", err);
    if (!st)
        return -1;
    sqlite3_bind_int(st, 1, max);
    int n = 0;
    while (n < max && sqlite3_step(st) == SQLITE_ROW) {
        StoreOplogRow *r = &rows[n++];
        r->id = sqlite3_column_int64(st, 0);
        snprintf(r->at, sizeof r->at, "%s", (const char *)sqlite3_column_text(st, 1));
        snprintf(r->what, sizeof r->what, "%s", (const char *)sqlite3_column_text(st, 2));
        snprintf(r->detail, sizeof r->detail, "%s", (const char *)sqlite3_column_text(st, 3));
    }
    st_release(s, st);
    return n;
}

bool store_pool(Store *s, const char *game, int64_t *pool)
{
    int64_t v = st_query_int(s, "SELECT pool FROM pools WHERE game = ?1", game, -1);
    if (v < 0)
        return false;
    *pool = v;
    return true;
}

int64_t store_rounds_begun(Store *s) { return st_query_int(s, "SELECT count(*) FROM rounds", NULL, 0); }

int store_forced_cursor(Store *s)
{
    return (int)st_query_int(s, "SELECT forced_after FROM rounds WHERE settled IS NOT NULL "
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
    sqlite3_stmt *st = st_prepare(s, "INSERT INTO commands(round_id, seq, type, arg)"
                                  " VALUES(?1, ?2, ?3, ?4)", err);
    if (!st)
        return -1;
    sqlite3_bind_int64(st, 1, id);
    sqlite3_bind_int(st, 2, seq);
    sqlite3_bind_text(st, 3, command_name(cmd->type), -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 4, cmd->arg);
    int rc = sqlite3_step(st) == SQLITE_DONE ? 0 : st_fail_db(s, err, "cannot journal a command");
    st_release(s, st);
    return rc ? rc : st_seal_rowid(s, T_COMMANDS, sqlite3_last_insert_rowid(s->db), err);
}

int store_round_begin(Store *s, const StoreRound *r, int64_t *id, Error *err)
{
    if (st_begin(s, err))
        return -1;
    Money bal = store_balance(s);
    if (st_query_int(s, "SELECT count(*) FROM rounds WHERE settled IS NULL", NULL, 0)) {
        st_rollback(s);
        return error_set(err, "%s: a round is already open", s->path);
    }
    if (bal < r->bet_total) {
        st_rollback(s);
        return error_set(err, "the balance is less than the bet");
    }
    int64_t bonuses = store_bonuses(s);
    if (r->bet_bonuses < 0 || bonuses < r->bet_bonuses) {
        st_rollback(s);
        return error_set(err, "the Bonuses are fewer than the bet's %" PRId64, r->bet_bonuses);
    }
    char bet[128], seed[32];
    bet_text(&r->bet, bet, sizeof bet);
    snprintf(seed, sizeof seed, "%" PRIu64, r->seed);
    sqlite3_stmt *st = st_prepare(s,
        "INSERT INTO rounds(game, seed, bet, bet_total, has_pool, pool_before, forced_from,"
        " balance_before, started, scenario, pool_seed) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9,"
        " ?10, ?11)", err);
    if (!st)
        return st_rollback(s);
    char now[24];
    sqlite3_bind_text(st, 9, st_now_text(s, now), -1, SQLITE_TRANSIENT);
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
    st_release(s, st);
    if (!ok) {
        st_fail_db(s, err, "cannot open a round");
        return st_rollback(s);
    }
    *id = sqlite3_last_insert_rowid(s->db);
    st = st_prepare(s, "INSERT INTO round_config(round_id, config, game_hash) VALUES(?1, ?2, ?3)", err);
    if (!st)
        return st_rollback(s);
    sqlite3_bind_int64(st, 1, *id);
    sqlite3_bind_text(st, 2, r->config[0] ? r->config : "{}", -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 3, r->game_hash, -1, SQLITE_TRANSIENT);
    ok = sqlite3_step(st) == SQLITE_DONE;
    st_release(s, st);
    if (!ok) {
        st_fail_db(s, err, "cannot journal the round's configuration");
        return st_rollback(s);
    }
    st = st_prepare(s, "INSERT INTO round_state(round_id, game, carried_before, bet_bonuses,"
                    " bonuses_before) VALUES(?1, ?2, ?3, ?4, ?5)", err);
    if (!st)
        return st_rollback(s);
    sqlite3_bind_int64(st, 1, *id);
    sqlite3_bind_text(st, 2, r->game, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 3, r->carried, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int64(st, 4, r->bet_bonuses);
    sqlite3_bind_int64(st, 5, bonuses);
    ok = sqlite3_step(st) == SQLITE_DONE;
    st_release(s, st);
    if (!ok) {
        st_fail_db(s, err, "cannot journal the round's carried state");
        return st_rollback(s);
    }
    /* a round a scenario forced is QA's: marked, and metered apart from real play */
    const bool forced = r->scenario[0] != 0;
    if (forced) {
        st = st_prepare(s, "INSERT INTO forced_rounds(round_id, scenario) VALUES(?1, ?2)", err);
        if (!st)
            return st_rollback(s);
        sqlite3_bind_int64(st, 1, *id);
        sqlite3_bind_text(st, 2, r->scenario, -1, SQLITE_TRANSIENT);
        ok = sqlite3_step(st) == SQLITE_DONE;
        st_release(s, st);
        if (!ok || st_seal_rowid(s, T_FORCED_ROUNDS, *id, err)) {
            if (!ok)
                st_fail_db(s, err, "cannot mark the round as forced");
            return st_rollback(s);
        }
    }
    /* what its pictures begin from, for a replay */
    st = st_prepare(s, "INSERT INTO round_show(round_id, tick, screen) VALUES(?1, ?2, ?3)", err);
    if (!st)
        return st_rollback(s);
    sqlite3_bind_int64(st, 1, *id);
    sqlite3_bind_int64(st, 2, (sqlite3_int64)r->begin_tick);
    sqlite3_bind_text(st, 3, r->show, -1, SQLITE_TRANSIENT);
    ok = sqlite3_step(st) == SQLITE_DONE;
    st_release(s, st);
    if (!ok) {
        st_fail_db(s, err, "cannot journal what the round's pictures begin from");
        return st_rollback(s);
    }
    if (st_seal_rowid(s, T_ROUND_CONFIG, *id, err) || st_seal_rowid(s, T_ROUND_STATE, *id, err) ||
        st_seal_rowid(s, T_ROUND_SHOW, *id, err) || st_seal_rowid(s, T_ROUNDS, *id, err) ||
        journal(s, *id, 0, &(Command){.type = CMD_SPIN}, err) ||
        st_set_balance(s, bal - r->bet_total, err) ||
        st_meter_add(s, r->game, forced ? "forced_bet" : "total_bet", r->bet_total, err) ||
        st_meter_add(s, r->game, forced ? "forced_games" : "games_played", 1, err) ||
        (r->bet_bonuses && (st_set_bonuses(s, bonuses - r->bet_bonuses, err) ||
                            st_meter_add(s, r->game, forced ? "forced_bonuses_bet" : "bonuses_bet",
                                         r->bet_bonuses, err))) ||
        st_commit(s, err))
        return st_rollback(s);
    return 0;
}

bool store_round_forced(Store *s, int64_t id)
{
    char key[32];
    snprintf(key, sizeof key, "%lld", (long long)id);
    return s->version >= 6 &&
           st_query_int(s, "SELECT count(*) FROM forced_rounds WHERE round_id = CAST(?1 AS INTEGER)", key, 0) > 0;
}

int store_round_command(Store *s, int64_t id, const Command *cmd, Error *err)
{
    if (st_begin(s, err))
        return -1;
    int seq = -1;
    sqlite3_stmt *st = st_prepare(s, "SELECT count(*) FROM commands WHERE round_id = ?1 AND"
                                  " EXISTS (SELECT 1 FROM rounds WHERE id = ?1 AND settled IS NULL)", err);
    if (!st)
        return st_rollback(s);
    sqlite3_bind_int64(st, 1, id);
    if (sqlite3_step(st) == SQLITE_ROW)
        seq = sqlite3_column_int(st, 0);
    st_release(s, st);
    if (seq <= 0) {
        st_rollback(s);
        return error_set(err, "%s: round %" PRId64 " is not open", s->path, id);
    }
    if (journal(s, id, seq, cmd, err) || st_commit(s, err))
        return st_rollback(s);
    return 0;
}

int store_round_settle(Store *s, int64_t id, const StoreSettle *st_, Error *err)
{
    if (st_begin(s, err))
        return -1;
    char game[48] = "";
    sqlite3_stmt *st = st_prepare(s, "SELECT game FROM rounds WHERE id = ?1 AND settled IS NULL", err);
    if (!st)
        return st_rollback(s);
    sqlite3_bind_int64(st, 1, id);
    if (sqlite3_step(st) == SQLITE_ROW)
        snprintf(game, sizeof game, "%s", (const char *)sqlite3_column_text(st, 0));
    st_release(s, st);
    if (!game[0]) {
        st_rollback(s);
        return error_set(err, "%s: round %" PRId64 " is not open", s->path, id);
    }
    Money bal = store_balance(s) + st_->win;
    st = st_prepare(s, "UPDATE rounds SET settled = ?8, win = ?2, balance_after = ?3,"
                    " free_spins = ?4, features = ?5, jackpots = ?6, forced_after = ?7,"
                    " pool_added = ?9, pool_after = ?10, pool_paid = ?11 WHERE id = ?1", err);
    if (!st)
        return st_rollback(s);
    sqlite3_bind_int64(st, 1, id);
    sqlite3_bind_int64(st, 2, st_->win);
    sqlite3_bind_int64(st, 3, bal);
    sqlite3_bind_int(st, 4, st_->free_spins);
    sqlite3_bind_int(st, 5, st_->features);
    sqlite3_bind_int(st, 6, st_->jackpots);
    sqlite3_bind_int(st, 7, st_->forced_after);
    char now[24];
    sqlite3_bind_text(st, 8, st_now_text(s, now), -1, SQLITE_TRANSIENT);
    sqlite3_bind_int64(st, 9, st_->pool_added);
    sqlite3_bind_int64(st, 10, st_->pool_after);
    sqlite3_bind_int64(st, 11, st_->pool_paid);
    int ok = sqlite3_step(st) == SQLITE_DONE;
    st_release(s, st);
    if (!ok) {
        st_fail_db(s, err, "cannot settle the round");
        return st_rollback(s);
    }
    st = st_prepare(s, "UPDATE round_state SET carried_after = ?2, win_bonuses = ?3"
                    " WHERE round_id = ?1", err);
    if (!st)
        return st_rollback(s);
    sqlite3_bind_int64(st, 1, id);
    sqlite3_bind_text(st, 2, st_->carried_after, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int64(st, 3, st_->win_bonuses);
    ok = sqlite3_step(st) == SQLITE_DONE;
    st_release(s, st);
    if (!ok || st_->win_bonuses < 0) {
        if (ok)
            error_set(err, "a round cannot win fewer than 0 Bonuses");
        else
            st_fail_db(s, err, "cannot save the round's carried state");
        return st_rollback(s);
    }
    const bool forced = store_round_forced(s, id); /* QA's: metered apart */
    if (st_->win_bonuses &&
        (st_set_bonuses(s, store_bonuses(s) + st_->win_bonuses, err) ||
         st_meter_add(s, game, forced ? "forced_bonuses_won" : "bonuses_won", st_->win_bonuses, err)))
        return st_rollback(s);
    if (st_seal_rowid(s, T_ROUND_STATE, id, err) || st_seal_rowid(s, T_ROUNDS, id, err) ||
        st_set_balance(s, bal, err) || st_meter_add(s, game, forced ? "forced_win" : "total_win", st_->win, err) ||
        (!forced && (st_meter_add(s, game, "games_won", st_->win > 0, err) ||
                     st_meter_add(s, game, "free_spin_features", st_->features, err) ||
                     st_meter_add(s, game, "jackpots_won", st_->jackpots, err))) ||
        st_meter_add(s, game, "jackpots_paid", st_->jackpot_paid, err))
        return st_rollback(s);
    st = st_prepare(s, "INSERT INTO pools(game, pool) VALUES(?1, ?2) "
                    "ON CONFLICT(game) DO UPDATE SET pool = excluded.pool", err);
    if (!st)
        return st_rollback(s);
    sqlite3_bind_text(st, 1, game, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int64(st, 2, st_->pool_after);
    ok = sqlite3_step(st) == SQLITE_DONE;
    st_release(s, st);
    if (!ok || st_seal(s, T_POOLS, "game = ?1", game, 0, err)) {
        if (!ok)
            st_fail_db(s, err, "cannot save the pool");
        return st_rollback(s);
    }
    if (st_->jackpots) {
        st = st_prepare(s, "INSERT INTO pool_hits(round_id, game, paid, at) VALUES(?1, ?2, ?3, ?4)", err);
        if (!st)
            return st_rollback(s);
        sqlite3_bind_text(st, 4, st_now_text(s, now), -1, SQLITE_TRANSIENT);
        sqlite3_bind_int64(st, 1, id);
        sqlite3_bind_text(st, 2, game, -1, SQLITE_TRANSIENT);
        sqlite3_bind_int64(st, 3, st_->jackpot_paid);
        ok = sqlite3_step(st) == SQLITE_DONE;
        st_release(s, st);
        if (!ok || st_seal_rowid(s, T_POOL_HITS, sqlite3_last_insert_rowid(s->db), err)) {
            if (!ok)
                st_fail_db(s, err, "cannot log the jackpot hit");
            return st_rollback(s);
        }
    }
    if (st_commit(s, err))
        return st_rollback(s);
    return 0;
}

/* Loads a round's row and journal; where = "id = ?1" or "settled IS NULL". */
static int load_round(Store *s, const char *where, int64_t id, StoreRound *r, bool *found, Error *err)
{
    memset(r, 0, sizeof *r);
    *found = false;
    char sql[1200];
    snprintf(sql, sizeof sql, "SELECT id, game, seed, bet, bet_total, has_pool, pool_before,"
                              " forced_from, balance_before, scenario, %s, %s, %s, started FROM rounds WHERE %s"
                              " ORDER BY id LIMIT 1",
             s->version >= 4 ? "(SELECT config FROM round_config WHERE round_id = rounds.id),"
                               " (SELECT game_hash FROM round_config WHERE round_id = rounds.id)"
                             : "NULL, NULL",
             s->version >= 5 ? "(SELECT carried_before FROM round_state WHERE round_id = rounds.id),"
                               " (SELECT bet_bonuses FROM round_state WHERE round_id = rounds.id),"
                               " (SELECT bonuses_before FROM round_state WHERE round_id = rounds.id)"
                             : "NULL, NULL, NULL",
             s->version >= 7 ? "(SELECT tick FROM round_show WHERE round_id = rounds.id),"
                               " (SELECT screen FROM round_show WHERE round_id = rounds.id)"
                             : "NULL, NULL", where);
    sqlite3_stmt *st = st_prepare(s, sql, err);
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
        const unsigned char *config = sqlite3_column_text(st, 10), *hash = sqlite3_column_text(st, 11);
        snprintf(r->config, sizeof r->config, "%s", config ? (const char *)config : "");
        snprintf(r->game_hash, sizeof r->game_hash, "%s", hash ? (const char *)hash : "");
        const unsigned char *carried = sqlite3_column_text(st, 12);
        snprintf(r->carried, sizeof r->carried, "%s", carried ? (const char *)carried : "");
        r->bet_bonuses = sqlite3_column_int64(st, 13);
        r->bonuses_before = sqlite3_column_int64(st, 14);
        const unsigned char *show = sqlite3_column_text(st, 16);
        r->has_show = show != NULL;
        r->begin_tick = (uint64_t)sqlite3_column_int64(st, 15);
        snprintf(r->show, sizeof r->show, "%s", show ? (const char *)show : "");
        snprintf(r->started, sizeof r->started, "%s", (const char *)sqlite3_column_text(st, 17));
    }
    st_release(s, st);
    if (!*found)
        return 0;
    st = st_prepare(s, "SELECT seq, type, arg FROM commands WHERE round_id = ?1 ORDER BY seq", err);
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
            arg < 0 || arg > UINT32_MAX) {
            rc = error_set(err, "%s: round %" PRId64 ": its journal is damaged at command %d",
                           s->path, r->id, seq);
            break;
        }
        r->commands[r->ncommands++] = (Command){.type = (CommandType)t, .arg = (uint32_t)arg};
    }
    st_release(s, st);
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
    char sql[700];
    snprintf(sql, sizeof sql, "SELECT id, started, seed, bet_total, win, balance_before,"
                              " balance_after, free_spins, features, jackpots, forced_from,"
                              " forced_after, %s, %s FROM rounds"
                              " WHERE game = ?1 AND settled IS NOT NULL ORDER BY id DESC LIMIT ?2",
             s->version >= 5 ? "(SELECT bet_bonuses FROM round_state WHERE round_id = rounds.id),"
                               " (SELECT win_bonuses FROM round_state WHERE round_id = rounds.id)"
                             : "0, 0",
             s->version >= 6 ? "(SELECT count(*) FROM forced_rounds WHERE round_id = rounds.id)"
                             : "scenario != ''");
    sqlite3_stmt *st = st_prepare(s, sql, err);
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
        h->bet_bonuses = sqlite3_column_int64(st, 12);
        h->win_bonuses = sqlite3_column_int64(st, 13);
        h->forced = sqlite3_column_int(st, 14) > 0;
    }
    st_release(s, st);
    return n;
}
