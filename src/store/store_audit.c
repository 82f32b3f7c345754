/* store_audit.c - the checks that catch damage, and the audit.
 *
 * Everything here reads one snapshot: a read transaction (WAL mode lets it run beside the
 * cabinet's writes) from the first statement to the last, so balance, meters, journal and
 * the round in progress are seen at one moment, as a round's transactions left them. A
 * round in progress has its bet debited and metered and no win yet, so it reconciles; the
 * audit shows it on its own line. Every row is checked against its seal (and its place in
 * its table's chain), and the head against the rows it vouches for (store_seal.c). The audit is written with cJSON; text from the file
 * (paths, game ids, log details) is made valid UTF-8 on the way (jsonout_string). */
#include "store_priv.h"

#include "jsonout.h"

#include <cjson/cJSON.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    int64_t broken = st_query_int(s,
        "SELECT count(*) FROM (SELECT pool_before, pool_added, pool_after, pool_paid, pool_seed,"
        " jackpots, lag(pool_after) OVER (ORDER BY id) AS prev FROM rounds"
        " WHERE game = ?1 AND settled IS NOT NULL AND has_pool)"
        " WHERE (prev IS NOT NULL AND pool_before != prev)"
        " OR pool_after != pool_before + pool_added - pool_paid + jackpots * pool_seed", game, 0);
    if (broken) {
        c->reconciled = false;
        problem(c, "the pool of %s does not follow its rounds in %" PRId64 " round(s)", game, broken);
    }
    int64_t last = st_query_int(s, "SELECT pool_after FROM rounds WHERE game = ?1 AND settled IS NOT NULL"
                                " ORDER BY id DESC LIMIT 1", game, -1);
    int64_t pool;
    if (last >= 0 && (!store_pool(s, game, &pool) || pool != last)) {
        c->reconciled = false;
        problem(c, "the stored pool of %s is not the one its last round ended with", game);
    }
}

/* The state a game carries from round to round: each round carried in what the round
 * before it (of the same game, settled) carried out. Rounds of memories older than schema 5
 * have no carried state: their pool is checked by check_pool(). */
static void check_carried(Store *s, const char *game, StoreCheck *c)
{
    if (s->version < 5)
        return;
    int64_t broken = st_query_int(s,
        "SELECT count(*) FROM (SELECT carried_before, lag(carried_after) OVER (ORDER BY round_id)"
        " AS prev, lag(round_id) OVER (ORDER BY round_id) AS prev_id FROM round_state"
        " WHERE game = ?1) WHERE prev_id IS NOT NULL AND carried_before IS NOT prev", game, 0);
    if (broken) {
        c->reconciled = false;
        problem(c, "the carried state of %s does not follow its rounds in %" PRId64 " round(s)",
                game, broken);
    }
}

/* Each game's meters against the rounds that justify them. */
static void check_game(Store *s, const char *game, StoreCheck *c)
{
    check_pool(s, game, c);
    check_carried(s, game, c);
    /* each meter against its rounds: real play's (R), or the forced rounds' (F: schema 6 on) */
    static const struct { const char *meter, *sql; char play; int since; } rows[] = {
        {"total_bet", "SELECT sum(bet_total) FROM rounds WHERE game = ?1", 'R', 1},
        {"games_played", "SELECT count(*) FROM rounds WHERE game = ?1", 'R', 1},
        {"total_win", "SELECT sum(win) FROM rounds WHERE game = ?1 AND settled IS NOT NULL", 'R', 1},
        {"games_won", "SELECT count(*) FROM rounds WHERE game = ?1 AND win > 0", 'R', 1},
        {"free_spin_features", "SELECT sum(features) FROM rounds WHERE game = ?1", 'R', 1},
        {"jackpots_won", "SELECT sum(jackpots) FROM rounds WHERE game = ?1", 'R', 1},
        {"jackpots_paid", "SELECT sum(paid) FROM pool_hits WHERE game = ?1", 0, 1},
        {"bonuses_bet", "SELECT sum(bet_bonuses) FROM round_state WHERE game = ?1", 'S', 5},
        {"bonuses_won", "SELECT sum(win_bonuses) FROM round_state WHERE game = ?1", 'S', 5},
        {"forced_bet", "SELECT sum(bet_total) FROM rounds WHERE game = ?1", 'F', 6},
        {"forced_games", "SELECT count(*) FROM rounds WHERE game = ?1", 'F', 6},
        {"forced_win", "SELECT sum(win) FROM rounds WHERE game = ?1 AND settled IS NOT NULL", 'F', 6},
        {"forced_bonuses_bet", "SELECT sum(bet_bonuses) FROM round_state WHERE game = ?1", 'G', 6},
        {"forced_bonuses_won", "SELECT sum(win_bonuses) FROM round_state WHERE game = ?1", 'G', 6},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        if (rows[i].since > s->version)
            continue;
        const char *meter = rows[i].meter, *which = "";
        const bool v6 = s->version >= 6;
        switch (rows[i].play) {
        case 'R': which = v6 ? " AND id NOT IN (SELECT round_id FROM forced_rounds)" : ""; break;
        case 'S': which = v6 ? " AND round_id NOT IN (SELECT round_id FROM forced_rounds)" : ""; break;
        case 'F': which = " AND id IN (SELECT round_id FROM forced_rounds)"; break;
        case 'G': which = " AND round_id IN (SELECT round_id FROM forced_rounds)"; break;
        default: break;
        }
        char sql[256];
        snprintf(sql, sizeof sql, "%s%s", rows[i].sql, which);
        int64_t m = st_meter(s, game, meter), want = st_query_int(s, sql, game, 0);
        if (m != want) {
            c->reconciled = false;
            problem(c, "meter %s of %s is %" PRId64 " but the rounds add up to %" PRId64,
                    meter, game, m, want);
        }
    }
}

/* The checks, inside the caller's read transaction. */
static int check_snapshot(Store *s, StoreCheck *c)
{
    memset(c, 0, sizeof *c);
    c->integrity_ok = true;
    c->reconciled = true;
    sqlite3_stmt *st = st_prepare(s, "PRAGMA integrity_check", NULL);
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
        st_release(s, st);
    }
    /* every row against its checksum */
    for (int t = 0; t < T__COUNT && c->integrity_ok; t++) {
        if (st_sealed[t].since > s->version)
            continue; /* an audit reads an older memory as it is */
        int64_t bad = st_bad_seals(s, t);
        if (bad != 0) {
            c->integrity_ok = false;
            if (bad < 0)
                problem(c, "table %s cannot be read: %s", st_sealed[t].name, sqlite3_errmsg(s->db));
            else
                problem(c, "table %s: %" PRId64 " row(s) do not match their seal", st_sealed[t].name, bad);
        }
    }
    /* the head against the rows it vouches for: the newest row of each journal, every
     * meter, the wallets, the settings (schema 8 on) */
    StoreHead hd;
    if (c->integrity_ok && s->version >= 8 &&
        (st_head_read(s, &hd) || st_head_of(s, hd.seq, hd.prev) != hd.head)) {
        c->integrity_ok = false;
        problem(c, "the memory's head does not match its rows: rows were written, deleted or put"
                " back behind the store's back");
    }
    /* the cabinet's cash meters against its cash log */
    int64_t in = st_meter(s, "", "credits_in"), out = st_meter(s, "", "credits_out");
    int64_t log_in = st_query_int(s, "SELECT sum(amount) FROM cash WHERE kind IN ('in', 'demo')", NULL, 0);
    int64_t log_out = st_query_int(s, "SELECT sum(amount) FROM cash WHERE kind = 'out'", NULL, 0);
    if (in != log_in) {
        c->reconciled = false;
        problem(c, "meter credits_in is %" PRId64 " but the cash log adds up to %" PRId64, in, log_in);
    }
    if (out != log_out) {
        c->reconciled = false;
        problem(c, "meter credits_out is %" PRId64 " but the cash log adds up to %" PRId64, out, log_out);
    }
    /* every game's meters against its rounds, and the balance against the meters */
    int64_t bet = 0, win = 0, bonus_bet = 0, bonus_won = 0, bonus_in = 0;
    st = st_prepare(s, "SELECT DISTINCT game FROM meters WHERE game != '' UNION SELECT DISTINCT game FROM rounds", NULL);
    if (st) {
        while (sqlite3_step(st) == SQLITE_ROW) {
            char game[48];
            snprintf(game, sizeof game, "%s", (const char *)sqlite3_column_text(st, 0));
            check_game(s, game, c);
            bet += st_meter(s, game, "total_bet") + st_meter(s, game, "forced_bet");
            win += st_meter(s, game, "total_win") + st_meter(s, game, "forced_win");
            bonus_bet += st_meter(s, game, "bonuses_bet") + st_meter(s, game, "forced_bonuses_bet");
            bonus_won += st_meter(s, game, "bonuses_won") + st_meter(s, game, "forced_bonuses_won");
            bonus_in += st_meter(s, game, "bonuses_in");
        }
        st_release(s, st);
    }
    int64_t bonuses = store_bonuses(s);
    if (bonuses != bonus_in + bonus_won - bonus_bet) {
        c->reconciled = false;
        problem(c, "the Bonuses are %" PRId64 " but Bonuses in + won - bet is %" PRId64,
                bonuses, bonus_in + bonus_won - bonus_bet);
    }
    Money bal = store_balance(s), want = in - bet + win - out;
    if (bal != want) {
        c->reconciled = false;
        problem(c, "the balance is %" PRId64 " but credits in - bets + wins - credits out (forced rounds' too) is %" PRId64,
                bal, want);
    }
    /* every round's journal starts with its SPIN, has no gap, and every argument fits a
     * command's 32 bits: what a round's replay needs (load_round() refuses the same; whether
     * the game offered it is the replay's to say) */
    int64_t broken = st_query_int(s, s->version < 2 ? "SELECT 0" :
        "SELECT count(*) FROM rounds r WHERE NOT EXISTS (SELECT 1 FROM commands c WHERE"
        " c.round_id = r.id AND c.seq = 0 AND c.type = 'spin') OR (SELECT count(*) FROM commands c"
        " WHERE c.round_id = r.id) != (SELECT coalesce(max(seq), -1) + 1 FROM commands c"
        " WHERE c.round_id = r.id) OR EXISTS (SELECT 1 FROM commands c WHERE c.round_id = r.id"
        " AND (typeof(c.arg) != 'integer' OR c.arg NOT BETWEEN 0 AND 4294967295))", NULL, 0);
    if (broken) {
        c->reconciled = false;
        problem(c, "%" PRId64 " round(s) with a damaged journal", broken);
    }
    if (st_query_int(s, "SELECT count(*) FROM rounds WHERE settled IS NULL", NULL, 0) > 1) {
        c->reconciled = false;
        problem(c, "more than one round is open");
    }
    return c->integrity_ok && c->reconciled ? 0 : -1;
}

/* One snapshot from here to snapshot_end(): a read transaction (none when one is open). */
static bool snapshot_begin(Store *s)
{
    return sqlite3_get_autocommit(s->db) && sqlite3_exec(s->db, "BEGIN", NULL, NULL, NULL) == SQLITE_OK;
}

static void snapshot_end(Store *s, bool began)
{
    if (began)
        sqlite3_exec(s->db, "COMMIT", NULL, NULL, NULL);
}

int store_check(Store *s, StoreCheck *c)
{
    bool began = snapshot_begin(s);
    int rc = check_snapshot(s, c);
    snapshot_end(s, began);
    return rc;
}

static void add_int(cJSON *obj, const char *key, int64_t v)
{
    cJSON_AddItemToObject(obj, key, cJSON_CreateNumber((double)v));
}

static const char *const meter_names[] = {"total_bet", "total_win", "games_played", "games_won",
                                          "free_spin_features", "jackpots_won", "jackpots_paid",
                                          "bonuses_bet", "bonuses_won", "bonuses_in", "forced_bet",
                                          "forced_games", "forced_win", "forced_bonuses_bet",
                                          "forced_bonuses_won"};
#define NMETERS (int)(sizeof meter_names / sizeof meter_names[0])
#define NMETERS_MONEY 7 /* the meters every game has; the Bonus meters only where they moved */

static cJSON *meters_json(Store *s)
{
    cJSON *m = cJSON_CreateObject(), *games = cJSON_CreateObject(), *total = cJSON_CreateObject();
    add_int(m, "credits_in", st_meter(s, "", "credits_in"));
    add_int(m, "credits_out", st_meter(s, "", "credits_out"));
    int64_t sum[NMETERS] = {0};
    sqlite3_stmt *st = st_prepare(s, "SELECT DISTINCT game FROM meters WHERE game != '' ORDER BY game", NULL);
    while (st && sqlite3_step(st) == SQLITE_ROW) {
        char game[200];
        snprintf(game, sizeof game, "%s", (const char *)sqlite3_column_text(st, 0));
        cJSON *g = cJSON_CreateObject();
        for (int i = 0; i < NMETERS; i++) {
            int64_t v = st_meter(s, game, meter_names[i]);
            sum[i] += v;
            if (i < NMETERS_MONEY || v) /* a game without Bonuses shows none */
                add_int(g, meter_names[i], v);
        }
        cJSON *key = jsonout_string(game); /* the game's id as valid UTF-8 */
        cJSON_AddItemToObject(games, cJSON_GetStringValue(key), g);
        cJSON_Delete(key);
    }
    st_release(s, st);
    for (int i = 0; i < NMETERS; i++)
        if (i < NMETERS_MONEY || sum[i])
            add_int(total, meter_names[i], sum[i]);
    cJSON_AddItemToObject(m, "games", games);
    cJSON_AddItemToObject(m, "total", total);
    return m;
}

/* The open round (its bet debited, no win yet), or null. */
static cJSON *round_json(Store *s)
{
    sqlite3_stmt *st = st_prepare(s, "SELECT id, game, started, bet_total, balance_before,"
                                     " (SELECT count(*) FROM commands WHERE round_id = rounds.id)"
                                     " FROM rounds WHERE settled IS NULL ORDER BY id LIMIT 1", NULL);
    cJSON *r = NULL;
    if (st && sqlite3_step(st) == SQLITE_ROW) {
        r = cJSON_CreateObject();
        add_int(r, "id", sqlite3_column_int64(st, 0));
        cJSON_AddItemToObject(r, "game", jsonout_string((const char *)sqlite3_column_text(st, 1)));
        cJSON_AddItemToObject(r, "started", jsonout_string((const char *)sqlite3_column_text(st, 2)));
        add_int(r, "bet", sqlite3_column_int64(st, 3));
        add_int(r, "balance_before", sqlite3_column_int64(st, 4));
        add_int(r, "commands", sqlite3_column_int64(st, 5));
    }
    st_release(s, st);
    return r ? r : cJSON_CreateNull();
}

static cJSON *oplog_json(Store *s)
{
    cJSON *log = cJSON_CreateArray();
    if (s->version < 3)
        return log;
    sqlite3_stmt *st = st_prepare(s, "SELECT at, what, detail FROM oplog ORDER BY id", NULL);
    while (st && sqlite3_step(st) == SQLITE_ROW) {
        cJSON *e = cJSON_CreateObject();
        cJSON_AddItemToObject(e, "at", jsonout_string((const char *)sqlite3_column_text(st, 0)));
        cJSON_AddItemToObject(e, "what", jsonout_string((const char *)sqlite3_column_text(st, 1)));
        cJSON_AddItemToObject(e, "detail", jsonout_string((const char *)sqlite3_column_text(st, 2)));
        cJSON_AddItemToArray(log, e);
    }
    st_release(s, st);
    return log;
}

int store_audit_json(Store *s, bool pretty, char **json, Error *err)
{
    bool began = snapshot_begin(s);
    StoreCheck c;
    check_snapshot(s, &c);
    cJSON *a = cJSON_CreateObject();
    cJSON_AddItemToObject(a, "file", jsonout_string(s->path));
    add_int(a, "schema_version", s->version);
    add_int(a, "balance", store_balance(s));
    add_int(a, "bonuses", store_bonuses(s));
    cJSON_AddItemToObject(a, "meters", meters_json(s));
    cJSON_AddItemToObject(a, "round_in_progress", round_json(s));
    cJSON_AddItemToObject(a, "operator_log", oplog_json(s));
    snapshot_end(s, began);
    cJSON_AddBoolToObject(a, "integrity_ok", c.integrity_ok);
    cJSON_AddBoolToObject(a, "reconciled", c.reconciled);
    cJSON *problems = cJSON_CreateArray();
    for (const char *p = c.problems; *p;) {
        const char *e = strstr(p, "; ");
        size_t len = e ? (size_t)(e - p) : strlen(p);
        char one[sizeof c.problems];
        snprintf(one, sizeof one, "%.*s", (int)len, p);
        cJSON_AddItemToArray(problems, jsonout_string(one));
        p += len + (e ? 2 : 0);
    }
    cJSON_AddItemToObject(a, "problems", problems);
    *json = pretty ? cJSON_Print(a) : cJSON_PrintUnformatted(a);
    cJSON_Delete(a);
    if (!*json)
        return error_set(err, "out of memory");
    return 0;
}
