/* test_store.c - the cabinet's memory (src/store): the wallet, the round journal, the
 * meters, recovery data, and the checks that catch damage. Each test works in its own
 * temporary folder. */
#include "store.h"
#include "test.h"

#include <cjson/cJSON.h>

#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char dir[256];

static void fresh_dir(void)
{
    snprintf(dir, sizeof dir, "/tmp/slotcab-test-store-XXXXXX");
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

static Store *open_store(Money demo)
{
    Error err = {{0}};
    Store *s = store_open(dir, STORE_CABINET, demo, &err);
    if (!s)
        fprintf(stderr, "store_open: %s\n", err.msg);
    return s;
}

/* Runs SQL on the database behind the store's back. */
static void tamper(const char *sql)
{
    char path[300];
    snprintf(path, sizeof path, "%s/%s", dir, STORE_FILE);
    sqlite3 *db;
    if (sqlite3_open(path, &db) == SQLITE_OK) {
        char *msg = NULL;
        if (sqlite3_exec(db, sql, NULL, NULL, &msg) != SQLITE_OK)
            fprintf(stderr, "tamper: %s\n", msg);
        sqlite3_free(msg);
    }
    sqlite3_close(db);
}

/* The row checksum of schemas 1..7 (store_seal.c's slotcab_fnv), copied: the tests seal rows
 * the way an older slotcab did, to build its databases. FNV-1a over each value's type and text. */
static void v1_chk(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    uint64_t h = 1469598103934665603ull;
    for (int i = 0; i < argc; i++) {
        int type = sqlite3_value_type(argv[i]);
        const unsigned char *t =
            type == SQLITE_NULL ? (const unsigned char *)"" : sqlite3_value_text(argv[i]);
        h = (h ^ (uint64_t)type) * 1099511628211ull;
        for (; t && *t; t++)
            h = (h ^ *t) * 1099511628211ull;
        h = (h ^ 0xff) * 1099511628211ull;
    }
    sqlite3_result_int64(ctx, (sqlite3_int64)(h >> 1));
}

/* The sealed tables and their columns, as schemas 1..7 sealed them (store.c's st_sealed). */
static const char *const old_sealed[][2] = {
    {"wallet", "id, balance"}, {"meters", "game, name, value"}, {"settings", "key, value"},
    {"cash", "id, kind, amount, at"}, {"pools", "game, pool"},
    {"pool_hits", "id, round_id, game, paid, at"},
    {"rounds", "id, game, seed, bet, bet_total, has_pool, pool_before, forced_from,"
               " balance_before, started, settled, win, balance_after, free_spins, features,"
               " jackpots, forced_after, scenario, pool_added, pool_after, pool_seed, pool_paid"},
    {"commands", "round_id, seq, type, arg"}, {"oplog", "id, at, what, detail"},
    {"round_config", "round_id, config, game_hash"},
    {"round_state", "round_id, game, carried_before, carried_after, bet_bonuses, win_bonuses,"
                    " bonuses_before"},
    {"bonus_wallet", "id, bonuses"}, {"forced_rounds", "round_id, scenario"},
    {"round_show", "round_id, tick, screen"},
};

/* Turns the memory in `dir` into one an older slotcab wrote: runs `sql` (drops the newer
 * tables, sets the version), seals every row with the old unkeyed checksum, drops the head and
 * removes the key and the witness (schema 8's). */
static void make_old(const char *sql)
{
    char path[300];
    snprintf(path, sizeof path, "%s/%s", dir, STORE_FILE);
    sqlite3 *db;
    CHECK(sqlite3_open(path, &db) == SQLITE_OK);
    CHECK(sqlite3_create_function(db, "slotcab_chk", -1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, NULL,
                                  v1_chk, NULL, NULL) == SQLITE_OK);
    char *msg = NULL;
    int rc = sqlite3_exec(db, "DROP TABLE head", NULL, NULL, &msg);
    if (rc == SQLITE_OK)
        rc = sqlite3_exec(db, sql, NULL, NULL, &msg);
    for (size_t t = 0; rc == SQLITE_OK && t < sizeof old_sealed / sizeof old_sealed[0]; t++) {
        char q[600];
        snprintf(q, sizeof q, "SELECT count(*) FROM sqlite_master WHERE name = '%s'", old_sealed[t][0]);
        sqlite3_stmt *st;
        int exists = 0;
        if (sqlite3_prepare_v2(db, q, -1, &st, NULL) == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW)
            exists = sqlite3_column_int(st, 0);
        sqlite3_finalize(st);
        snprintf(q, sizeof q, "UPDATE %s SET chk = slotcab_chk(%s)", old_sealed[t][0], old_sealed[t][1]);
        if (exists && sqlite3_exec(db, q, NULL, NULL, NULL) != SQLITE_OK && t != 7)
            rc = sqlite3_exec(db, q, NULL, NULL, &msg); /* the journal of version 1: make_v1 */
    }
    if (rc != SQLITE_OK)
        fprintf(stderr, "make_old: %s\n", msg);
    CHECK(rc == SQLITE_OK);
    sqlite3_free(msg);
    sqlite3_close(db);
    snprintf(path, sizeof path, "%s/%s", dir, STORE_KEY_FILE);
    unlink(path);
    snprintf(path, sizeof path, "%s/%s", dir, STORE_WITNESS_FILE);
    unlink(path);
}

static StoreRound round_of(Money bet, uint64_t seed)
{
    StoreRound r = {.seed = seed, .bet = {{10, 1, 25, 0}}, .bet_total = bet, .has_pool = true,
                    .pool_before = 50000000};
    snprintf(r.game, sizeof r.game, "mona-lisa-jewels");
    return r;
}

/* Plays one round through the store: begin, a command, settle. */
static int64_t play(Store *s, Money bet, Money win, uint64_t seed)
{
    StoreRound r = round_of(bet, seed);
    store_pool(s, r.game, &r.pool_before); /* the pool goes on from round to round */
    int64_t id = 0;
    Error err;
    CHECK(store_round_begin(s, &r, &id, &err) == 0);
    CHECK(store_round_command(s, id, &(Command){.type = CMD_START}, &err) == 0);
    StoreSettle st = {.win = win, .free_spins = 10, .features = 1, .pool_added = 125,
                      .pool_after = r.pool_before + 125};
    CHECK(store_round_settle(s, id, &st, &err) == 0);
    return id;
}

/* A new cabinet with a round left open: its SPIN, then `n` more commands journaled; the
 * store is closed as if the power went. Returns the round's id. */
static int64_t open_round_with(uint64_t seed, const Command *cmds, int n)
{
    fresh_dir();
    Store *s = open_store(100000);
    StoreRound r = round_of(250, seed);
    int64_t id = -1;
    Error err = {{0}};
    CHECK(store_round_begin(s, &r, &id, &err) == 0);
    for (int i = 0; i < n; i++)
        CHECK(store_round_command(s, id, &cmds[i], &err) == 0);
    store_close(s);
    return id;
}

static void test_a_new_cabinet_starts_with_its_demo_balance_credited_in(void)
{
    fresh_dir();
    Store *s = open_store(100000);
    CHECK_EQ_INT(store_balance(s), 100000);
    StoreCheck c;
    CHECK(store_check(s, &c) == 0);
    store_close(s);
    s = open_store(555); /* an existing database keeps its balance */
    CHECK_EQ_INT(store_balance(s), 100000);
    store_close(s);
    remove_dir();
}

static void test_a_round_debits_the_bet_then_credits_the_win_and_reconciles(void)
{
    fresh_dir();
    Store *s = open_store(100000);
    StoreRound r = round_of(250, 42);
    int64_t id;
    Error err;
    CHECK(store_round_begin(s, &r, &id, &err) == 0);
    CHECK_EQ_INT(store_balance(s), 100000 - 250);
    StoreCheck c;
    CHECK(store_check(s, &c) == 0); /* an open round reconciles too */
    StoreSettle st = {.win = 1000, .pool_added = 125, .pool_after = r.pool_before + 125};
    CHECK(store_round_settle(s, id, &st, &err) == 0);
    CHECK_EQ_INT(store_balance(s), 100000 - 250 + 1000);
    CHECK(store_check(s, &c) == 0);
    int64_t pool = 0;
    CHECK(store_pool(s, "mona-lisa-jewels", &pool) && pool == r.pool_before + 125);
    CHECK(store_round_settle(s, id, &st, &err) != 0); /* settled once only */
    CHECK_EQ_INT(store_balance(s), 100000 - 250 + 1000);
    store_close(s);
    remove_dir();
}

static void test_a_bet_larger_than_the_balance_is_refused(void)
{
    fresh_dir();
    Store *s = open_store(100);
    StoreRound r = round_of(250, 1);
    int64_t id;
    Error err;
    CHECK(store_round_begin(s, &r, &id, &err) != 0);
    CHECK(strstr(err.msg, "balance") != NULL);
    CHECK_EQ_INT(store_balance(s), 100);
    CHECK_EQ_INT(store_rounds_begun(s), 0);
    store_close(s);
    remove_dir();
}

static void test_an_open_round_comes_back_with_its_journal(void)
{
    fresh_dir();
    Store *s = open_store(100000);
    StoreRound r = round_of(250, 777);
    r.forced_from = 3;
    int64_t id;
    Error err;
    CHECK(store_round_begin(s, &r, &id, &err) == 0);
    CHECK(store_round_command(s, id, &(Command){.type = CMD_START}, &err) == 0);
    CHECK(store_round_command(s, id, &(Command){.type = CMD_CONTINUE}, &err) == 0);
    CHECK(store_round_begin(s, &r, &id, &err) != 0); /* one open round at a time */
    store_close(s); /* as if the power went */
    s = open_store(0);
    StoreRound got;
    bool found = false;
    CHECK(store_open_round(s, &got, &found, &err) == 0);
    CHECK(found);
    CHECK_EQ_INT(got.seed, 777);
    CHECK_EQ_INT(got.bet_total, 250);
    CHECK_EQ_INT(got.pool_before, 50000000);
    CHECK_EQ_INT(got.forced_from, 3);
    CHECK_EQ_INT(got.bet.v[2], 25);
    CHECK_EQ_INT(got.ncommands, 3);
    CHECK_EQ_INT(got.commands[0].type, CMD_SPIN);
    CHECK_EQ_INT(got.commands[1].type, CMD_START);
    CHECK_EQ_INT(got.commands[2].type, CMD_CONTINUE);
    store_close(s);
    remove_dir();
}

/* "a round recovered after a pick replays with the tile picked": the journal keeps it */
static void test_a_journaled_choice_comes_back_with_its_command(void)
{
    const Command cmds[] = {{.type = CMD_START, .arg = 7}, {.type = CMD_CONTINUE}};
    int64_t id = open_round_with(778, cmds, 2);
    Error err;
    Store *s = open_store(0);
    StoreRound got;
    bool found = false;
    CHECK(store_open_round(s, &got, &found, &err) == 0);
    CHECK(found);
    CHECK_EQ_INT(got.ncommands, 3);
    CHECK_EQ_INT(got.commands[0].type, CMD_SPIN);
    CHECK_EQ_INT(got.commands[0].arg, 0);
    CHECK_EQ_INT(got.commands[1].type, CMD_START);
    CHECK_EQ_INT(got.commands[1].arg, 7);
    CHECK_EQ_INT(got.commands[2].type, CMD_CONTINUE);
    CHECK_EQ_INT(got.commands[2].arg, 0);
    CHECK(store_round_load(s, id, &got, &err) == 0); /* game recall reads the same journal */
    CHECK_EQ_INT(got.commands[1].arg, 7);
    StoreCheck c;
    CHECK(store_check(s, &c) == 0);
    store_close(s);
    remove_dir();
}

/* An argument no command can have (edited behind the store's back to more than 32 bits, even
 * with its checksum made to match) is damage to the journal, not an argument to replay. (An
 * argument the game did not offer, a tile 12 of nine, is refused by the replay: test_machine.) */
static void test_a_journaled_argument_beyond_32_bits_is_damage(void)
{
    open_round_with(779, &(Command){.type = CMD_START, .arg = 7}, 1);
    tamper("UPDATE commands SET arg = 4294967296 WHERE seq = 1");
    Error err = {{0}};
    Store *s = open_store(0);
    StoreRound got;
    bool found = false;
    CHECK(store_open_round(s, &got, &found, &err) != 0);
    CHECK_STR_CONTAINS(err.msg, "damaged at command 1");
    CHECK_STR_CONTAINS(err.msg, STORE_FILE);
    StoreCheck c;
    CHECK(store_check(s, &c) != 0);
    CHECK_STR_CONTAINS(c.problems, "journal");
    store_close(s);
    remove_dir();
}

static void test_credits_in_and_cash_out_move_the_meters(void)
{
    fresh_dir();
    Store *s = open_store(1000);
    Error err;
    CHECK(store_credit_in(s, 5000, "operator", &err) == 0);
    CHECK(store_credit_in(s, 0, "operator", &err) != 0);
    play(s, 250, 0, 1);
    Money paid = 0;
    CHECK(store_cash_out(s, &paid, &err) == 0);
    CHECK_EQ_INT(paid, 1000 + 5000 - 250);
    CHECK_EQ_INT(store_balance(s), 0);
    StoreCheck c;
    CHECK(store_check(s, &c) == 0);
    store_close(s);
    remove_dir();
}

static void test_settings_persist(void)
{
    fresh_dir();
    Store *s = open_store(0);
    CHECK(store_set_setting(s, "volume.music", "30", NULL) == 0);
    CHECK(store_set_setting(s, "volume.music", "35", NULL) == 0);
    store_close(s);
    s = open_store(0);
    char v[16];
    store_setting(s, "volume.music", v, sizeof v);
    CHECK(strcmp(v, "35") == 0);
    store_setting(s, "nothing", v, sizeof v);
    CHECK(v[0] == 0);
    store_close(s);
    remove_dir();
}

/* "a meter edited behind the store's back" */
static void test_a_meter_edited_behind_the_stores_back_is_reported(void)
{
    fresh_dir();
    Store *s = open_store(100000);
    play(s, 250, 1000, 5);
    store_close(s);
    tamper("UPDATE meters SET value = value + 1 WHERE name = 'total_win'");
    s = open_store(0);
    StoreCheck c;
    CHECK(store_check(s, &c) != 0);
    CHECK(!c.reconciled);
    CHECK(strstr(c.problems, "total_win") != NULL);
    store_close(s);
    /* nothing was repaired: it is still wrong when opened again */
    s = open_store(0);
    CHECK(store_check(s, &c) != 0);
    store_close(s);
    remove_dir();
}

/* "pool = seed + contributions since the last hit": a round that starts from another
 * pool than the last one ended with, or that ends without its contribution, is reported */
static void test_the_pool_must_follow_its_rounds(void)
{
    fresh_dir();
    Store *s = open_store(100000);
    Error err;
    StoreRound r = round_of(250, 1);
    int64_t id;
    CHECK(store_round_begin(s, &r, &id, &err) == 0);
    StoreSettle st = {.pool_added = 125, .pool_after = r.pool_before + 125};
    CHECK(store_round_settle(s, id, &st, &err) == 0);
    StoreCheck c;
    CHECK(store_check(s, &c) == 0);
    /* a hit pays its whole coins and restarts the pool at the seed plus the rest */
    r.pool_before = st.pool_after;
    r.pool_seed = 50000000;
    CHECK(store_round_begin(s, &r, &id, &err) == 0);
    int64_t paid = (r.pool_before + 125) / 1000 * 1000;
    st = (StoreSettle){.win = 9, .jackpots = 1, .jackpot_paid = 9, .pool_added = 125, .pool_paid = paid,
                       .pool_after = r.pool_seed + (r.pool_before + 125 - paid)};
    CHECK(store_round_settle(s, id, &st, &err) == 0);
    CHECK(store_check(s, &c) == 0);
    r.pool_before = st.pool_after + 7; /* seven units appeared between two rounds */
    CHECK(store_round_begin(s, &r, &id, &err) == 0);
    st = (StoreSettle){.pool_added = 125, .pool_after = r.pool_before + 125};
    CHECK(store_round_settle(s, id, &st, &err) == 0);
    CHECK(store_check(s, &c) != 0);
    CHECK(strstr(c.problems, "pool") != NULL);
    store_close(s);
    remove_dir();
}

/* "a deleted journal row" */
static void test_a_deleted_journal_row_is_reported(void)
{
    fresh_dir();
    Store *s = open_store(100000);
    play(s, 250, 0, 6);
    store_close(s);
    tamper("DELETE FROM commands WHERE seq = 0");
    s = open_store(0);
    StoreCheck c;
    CHECK(store_check(s, &c) != 0);
    CHECK(strstr(c.problems, "journal") != NULL);
    store_close(s);
    remove_dir();
}

static void test_a_balance_edited_behind_the_stores_back_is_reported(void)
{
    fresh_dir();
    Store *s = open_store(100000);
    play(s, 250, 0, 7);
    store_close(s);
    tamper("UPDATE wallet SET balance = balance + 100");
    s = open_store(0);
    StoreCheck c;
    CHECK(store_check(s, &c) != 0);
    CHECK(strstr(c.problems, "balance") != NULL);
    store_close(s);
    remove_dir();
}

/* "flipped bytes" and "truncated files": damage is reported (opening or the check fails),
 * or it changed nothing (a flip in a page's unused space); never wrong values passed off
 * as sound. The file is left as it was. */
static char *dump(void)
{
    char path[300];
    snprintf(path, sizeof path, "%s/%s", dir, STORE_FILE);
    sqlite3 *db;
    if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK) {
        sqlite3_close(db);
        return NULL;
    }
    static const char *const tables[] = {"wallet", "meters", "settings", "cash", "pools",
                                         "pool_hits", "rounds", "commands", "meta"};
    size_t cap = 1 << 20, len = 0;
    char *out = calloc(1, cap);
    bool ok = true;
    for (size_t t = 0; t < sizeof tables / sizeof tables[0] && ok; t++) {
        char sql[128];
        snprintf(sql, sizeof sql, "SELECT * FROM %s ORDER BY rowid", tables[t]);
        sqlite3_stmt *st;
        if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK) {
            ok = false;
            break;
        }
        int rc;
        while ((rc = sqlite3_step(st)) == SQLITE_ROW)
            for (int i = 0; i < sqlite3_column_count(st) && len + 200 < cap; i++) {
                const unsigned char *v = sqlite3_column_text(st, i);
                len += (size_t)snprintf(out + len, cap - len, "%s|", v ? (const char *)v : "NULL");
            }
        ok = rc == SQLITE_DONE;
        sqlite3_finalize(st);
    }
    sqlite3_close(db);
    if (!ok) {
        free(out);
        return NULL;
    }
    return out;
}

static void damage_file(long at, int nbytes, long truncate_to)
{
    char path[300];
    snprintf(path, sizeof path, "%s/%s", dir, STORE_FILE);
    FILE *f = fopen(path, "r+b");
    if (!f)
        return;
    if (truncate_to >= 0) {
        if (ftruncate(fileno(f), truncate_to) != 0)
            fprintf(stderr, "ftruncate failed\n");
    } else {
        for (long i = 0; i < nbytes; i++) {
            fseek(f, at + i, SEEK_SET);
            int ch = fgetc(f);
            fseek(f, at + i, SEEK_SET);
            fputc(ch ^ 0x5a, f);
        }
    }
    fclose(f);
}

/* Returns 1 when the damage was reported, 0 when it changed nothing; a damage neither
 * reported nor harmless fails the test. */
static int damage_outcome(long at, int nbytes, long truncate_to)
{
    fresh_dir();
    Store *s = open_store(100000);
    for (int i = 0; i < 40; i++)
        play(s, 250, i % 3 ? 0 : 500, (uint64_t)i);
    store_close(s); /* checkpoints the WAL into the file */
    char *before = dump();
    damage_file(at, nbytes, truncate_to);
    struct stat st0, st1;
    char path[300];
    snprintf(path, sizeof path, "%s/%s", dir, STORE_FILE);
    stat(path, &st0);
    Error err = {{0}};
    s = store_open(dir, STORE_CABINET, 0, &err);
    bool reported = !s;
    if (s) {
        StoreCheck c;
        reported = store_check(s, &c) != 0;
        store_close(s);
    }
    stat(path, &st1);
    CHECK_EQ_INT(st1.st_size, st0.st_size); /* left as it is */
    char *after = reported ? NULL : dump();
    if (!reported) {
        CHECK(after && before && strcmp(before, after) == 0);
        if (!after || !before || strcmp(before, after))
            fprintf(stderr, "damage at %ld (%d bytes) changed the data and was not reported\n", at, nbytes);
    }
    free(before);
    free(after);
    remove_dir();
    return reported;
}

static void test_flipped_bytes_are_reported(void)
{
    /* the end of each page holds its cells: flip bytes there, page by page */
    int reported = 0, trials = 0;
    for (long page = 2; page <= 16; page++) {
        reported += damage_outcome(page * 4096 - 24, 6, -1);
        trials++;
    }
    /* and some in the middle of pages, where a flip may land in unused space */
    for (long at = 4096 + 1000; at < 16 * 4096; at += 3 * 4096 + 777) {
        reported += damage_outcome(at, 16, -1);
        trials++;
    }
    CHECK(reported >= 8); /* flips in the pages that hold data are caught (some pages are empty) */
    printf("     %d of %d damages reported, the rest changed nothing\n", reported, trials);
}

static void test_a_truncated_file_is_reported(void)
{
    CHECK(damage_outcome(0, 0, 4096 + 100) == 1);
    CHECK(damage_outcome(0, 0, 50) == 1);
    CHECK(damage_outcome(0, 0, 8 * 4096) == 1);
}

/* "a database from a newer schema": refused with a clear error, not guessed at */
static void test_a_database_from_a_newer_schema_is_refused(void)
{
    fresh_dir();
    Store *s = open_store(100);
    store_close(s);
    tamper("UPDATE meta SET value = '99' WHERE key = 'schema_version'");
    Error err = {{0}};
    s = store_open(dir, STORE_CABINET, 0, &err);
    CHECK(s == NULL);
    CHECK(strstr(err.msg, "newer") != NULL);
    CHECK(strstr(err.msg, STORE_FILE) != NULL);
    store_close(s);
    remove_dir();
}

/* Turns the database in `dir` into what the version-1 slotcab wrote: no arg in the journal,
 * its rows sealed over (round_id, seq, type). Then runs `damage` (NULL: none). */
static void make_v1(const char *damage)
{
    make_old("ALTER TABLE commands DROP COLUMN arg; DROP TABLE oplog; DROP TABLE round_config;"
             "DROP TABLE round_state; DROP TABLE bonus_wallet; DROP TABLE forced_rounds;"
             "DROP TABLE round_show; PRAGMA application_id = 0;"
             "UPDATE meta SET value = '1' WHERE key = 'schema_version'");
    /* version 1 sealed its journal over (round_id, seq, type) */
    char path[300];
    snprintf(path, sizeof path, "%s/%s", dir, STORE_FILE);
    sqlite3 *db;
    CHECK(sqlite3_open(path, &db) == SQLITE_OK);
    CHECK(sqlite3_create_function(db, "slotcab_chk", -1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, NULL,
                                  v1_chk, NULL, NULL) == SQLITE_OK);
    char *msg = NULL;
    int rc = sqlite3_exec(db, "UPDATE commands SET chk = slotcab_chk(round_id, seq, type)", NULL, NULL, &msg);
    if (rc == SQLITE_OK && damage)
        rc = sqlite3_exec(db, damage, NULL, NULL, &msg);
    if (rc != SQLITE_OK)
        fprintf(stderr, "make_v1: %s\n", msg);
    CHECK(rc == SQLITE_OK);
    sqlite3_free(msg);
    sqlite3_close(db);
}

/* The schema version the file says, read behind the store's back, and whether its journal
 * has the arg column. */
static int schema_of_file(bool *has_arg)
{
    char path[300];
    snprintf(path, sizeof path, "%s/%s", dir, STORE_FILE);
    sqlite3 *db;
    int version = -1;
    *has_arg = false;
    if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL) == SQLITE_OK) {
        sqlite3_stmt *st;
        if (sqlite3_prepare_v2(db, "SELECT CAST(value AS INTEGER) FROM meta"
                                   " WHERE key = 'schema_version'", -1, &st, NULL) == SQLITE_OK) {
            if (sqlite3_step(st) == SQLITE_ROW)
                version = sqlite3_column_int(st, 0);
            sqlite3_finalize(st);
        }
        if (sqlite3_prepare_v2(db, "SELECT count(*) FROM pragma_table_info('commands')"
                                   " WHERE name = 'arg'", -1, &st, NULL) == SQLITE_OK) {
            if (sqlite3_step(st) == SQLITE_ROW)
                *has_arg = sqlite3_column_int(st, 0) == 1;
            sqlite3_finalize(st);
        }
    }
    sqlite3_close(db);
    return version;
}

/* "a database from an older slotcab": opened, a version-1 memory is upgraded to the latest
 * schema in place and its journal comes through intact, every row sealed again */
static void test_a_version_1_database_is_upgraded(void)
{
    fresh_dir();
    Store *s = open_store(100000);
    play(s, 250, 1000, 11);
    StoreRound r = round_of(250, 780);
    store_pool(s, r.game, &r.pool_before);
    int64_t id;
    Error err = {{0}};
    CHECK(store_round_begin(s, &r, &id, &err) == 0);
    CHECK(store_round_command(s, id, &(Command){.type = CMD_START}, &err) == 0);
    CHECK(store_round_command(s, id, &(Command){.type = CMD_CONTINUE}, &err) == 0);
    store_close(s);
    make_v1(NULL);
    bool has_arg = true;
    CHECK_EQ_INT(schema_of_file(&has_arg), 1);
    CHECK(!has_arg);
    s = store_open(dir, STORE_CABINET, 0, &err);
    CHECK(s != NULL);
    if (!s) {
        fprintf(stderr, "store_open: %s\n", err.msg);
        remove_dir();
        return;
    }
    CHECK_EQ_INT(store_balance(s), 100000 - 250 + 1000 - 250);
    StoreRound got;
    bool found = false;
    CHECK(store_open_round(s, &got, &found, &err) == 0);
    CHECK(found);
    CHECK_EQ_INT(got.id, id);
    CHECK_EQ_INT(got.seed, 780);
    CHECK_EQ_INT(got.ncommands, 3);
    CHECK_EQ_INT(got.commands[0].type, CMD_SPIN);
    CHECK_EQ_INT(got.commands[1].type, CMD_START);
    CHECK_EQ_INT(got.commands[2].type, CMD_CONTINUE);
    for (int i = 0; i < got.ncommands; i++)
        CHECK_EQ_INT(got.commands[i].arg, 0);
    StoreCheck c;
    CHECK(store_check(s, &c) == 0);
    if (c.problems[0])
        fprintf(stderr, "store_check: %s\n", c.problems);
    /* and the upgraded journal keeps a choice from now on */
    CHECK(store_round_command(s, id, &(Command){.type = CMD_CONTINUE, .arg = 3}, &err) == 0);
    CHECK(store_open_round(s, &got, &found, &err) == 0);
    CHECK_EQ_INT(got.ncommands, 4);
    CHECK_EQ_INT(got.commands[3].arg, 3);
    CHECK(store_check(s, &c) == 0);
    store_close(s);
    CHECK_EQ_INT(schema_of_file(&has_arg), STORE_SCHEMA_VERSION);
    CHECK(has_arg);
    s = open_store(0); /* upgraded once: it opens as it is */
    CHECK(s != NULL && store_check(s, &c) == 0);
    store_close(s);
    remove_dir();
}

/* "damage is never laundered": a version-1 journal that fails its checksums is not
 * re-sealed by the upgrade; the open fails, naming the file, and the file stays at
 * version 1 for the old slotcab's audit */
static void test_a_damaged_version_1_journal_is_not_upgraded(void)
{
    open_round_with(781, &(Command){.type = CMD_START}, 1);
    make_v1("UPDATE commands SET type = 'free_spin' WHERE seq = 1");
    Error err = {{0}};
    Store *s = store_open(dir, STORE_CABINET, 0, &err);
    CHECK(s == NULL);
    CHECK_STR_CONTAINS(err.msg, STORE_FILE);
    CHECK_STR_CONTAINS(err.msg, "cannot upgrade from schema 1");
    CHECK_STR_CONTAINS(err.msg, "1 row(s) fail their checksums");
    store_close(s);
    bool has_arg = true;
    CHECK_EQ_INT(schema_of_file(&has_arg), 1);
    CHECK(!has_arg);
    remove_dir();
}

/* "a data directory that is not writable" (a file where the folder should be: refused
 * even for root, who may write anywhere else) */
static void test_a_data_folder_that_cannot_hold_the_database_is_refused(void)
{
    fresh_dir();
    char file[300];
    snprintf(file, sizeof file, "%s/not-a-folder", dir);
    FILE *f = fopen(file, "w");
    if (f) {
        fputs("x", f);
        fclose(f);
    }
    Error err = {{0}};
    Store *s = store_open(file, STORE_CABINET, 100, &err);
    CHECK(s == NULL);
    CHECK(strstr(err.msg, "not-a-folder") != NULL);
    store_close(s);
    /* and a file that is not a database */
    snprintf(file, sizeof file, "%s/%s", dir, STORE_FILE);
    f = fopen(file, "w");
    if (f) {
        fputs("this is not a database, but a note left by someone", f);
        fclose(f);
    }
    s = store_open(dir, STORE_CABINET, 100, &err);
    CHECK(s == NULL);
    CHECK(strstr(err.msg, STORE_FILE) != NULL);
    store_close(s);
    remove_dir();
}

/* "one cabinet per memory: a lock taken at start and held while running; a second cabinet
 * is refused at once with a clear message"; "--audit runs alongside" */
static void test_one_cabinet_per_memory(void)
{
    fresh_dir();
    Store *s = open_store(100000);
    Error err = {{0}};
    Store *twin = store_open(dir, STORE_CABINET, 0, &err);
    CHECK(twin == NULL);
    CHECK_STR_CONTAINS(err.msg, STORE_FILE);
    CHECK_STR_CONTAINS(err.msg, "in use by another cabinet");
    store_close(twin);
    Store *audit = store_open(dir, STORE_AUDIT, 0, &err);
    CHECK(audit != NULL);
    if (audit)
        CHECK_EQ_INT(store_balance(audit), 100000);
    store_close(audit);
    store_close(s); /* the lock goes with the cabinet */
    s = open_store(0);
    CHECK(s != NULL);
    store_close(s);
    remove_dir();
}

static long file_size(const char *name)
{
    char path[300];
    struct stat st;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return stat(path, &st) ? -1 : (long)st.st_size;
}

static void write_file(const char *name, const char *text, size_t n)
{
    char path[300];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    if (f) {
        fwrite(text, 1, n, f);
        fclose(f);
    }
}

/* "makes a new memory only where no file exists, and makes it atomically": a first start
 * that died left its temporary file, which is made again; an empty file is not a memory */
static void test_a_new_memory_is_made_only_where_no_file_is(void)
{
    fresh_dir();
    write_file(STORE_FILE ".new", "half a memory", 13);
    Store *s = open_store(777);
    CHECK(s != NULL);
    CHECK_EQ_INT(file_size(STORE_FILE ".new"), -1);
    if (s)
        CHECK_EQ_INT(store_balance(s), 777);
    store_close(s);
    remove_dir();
    fresh_dir();
    write_file(STORE_FILE, "", 0);
    Error err = {{0}};
    s = store_open(dir, STORE_CABINET, 100, &err);
    CHECK(s == NULL);
    CHECK_STR_CONTAINS(err.msg, "empty (0 bytes)");
    CHECK_STR_CONTAINS(err.msg, "left as it is");
    CHECK_EQ_INT(file_size(STORE_FILE), 0);
    store_close(s);
    remove_dir();
}

/* "every opening, failed try, credit in or out and setting change goes into an operator
 * log in the memory" (the store's part: credits and settings log themselves, in their own
 * transaction; the log is sealed like every other table) */
static void test_the_operator_log(void)
{
    fresh_dir();
    Store *s = open_store(1000);
    Error err = {{0}};
    Money paid = 0;
    CHECK(store_credit_in(s, 5050, "operator", &err) == 0);
    CHECK(store_cash_out(s, &paid, &err) == 0);
    CHECK(store_set_setting_logged(s, "gonzos-gold.bet.bet", "20,40", &err) == 0);
    CHECK(store_set_setting_logged(s, "gonzos-gold.bet.bet", "40", &err) == 0);
    CHECK(store_oplog_add(s, "door opened", "", &err) == 0);
    StoreOplogRow rows[8];
    int n = store_oplog(s, rows, 8, &err);
    CHECK_EQ_INT(n, 5);
    if (n == 5) {
        CHECK(!strcmp(rows[0].what, "door opened"));
        CHECK(!strcmp(rows[1].what, "setting"));
        CHECK(!strcmp(rows[1].detail, "gonzos-gold.bet.bet: 20,40 -> 40"));
        CHECK(!strcmp(rows[2].detail, "gonzos-gold.bet.bet: (unset) -> 20,40"));
        CHECK(!strcmp(rows[3].what, "cash out") && !strcmp(rows[3].detail, "60.50"));
        CHECK(!strcmp(rows[4].what, "credit in") && !strcmp(rows[4].detail, "50.50 by operator"));
    }
    StoreCheck c;
    CHECK(store_check(s, &c) == 0);
    store_close(s);
    tamper("UPDATE oplog SET detail = '5.00 by operator' WHERE what = 'credit in'");
    s = open_store(0);
    CHECK(store_check(s, &c) != 0);
    CHECK_STR_CONTAINS(c.problems, "table oplog");
    store_close(s);
    remove_dir();
}

/* "--audit ... reads one consistent snapshot, opened read-only; it shows a round in progress
 * on its own line and reconciles"; "every JSON the programs print is written with cJSON" */
static void test_the_audit_shows_the_round_in_progress_and_never_writes(void)
{
    fresh_dir();
    Store *s = open_store(100000);
    play(s, 250, 500, 3);
    StoreRound r = round_of(250, 99);
    store_pool(s, r.game, &r.pool_before);
    int64_t id = 0;
    Error err = {{0}};
    CHECK(store_round_begin(s, &r, &id, &err) == 0);
    Store *a = store_open(dir, STORE_AUDIT, 0, &err);
    CHECK(a != NULL);
    char *json = NULL;
    CHECK(a && store_audit_json(a, true, &json, &err) == 0);
    cJSON *j = json ? cJSON_Parse(json) : NULL;
    CHECK(j != NULL);
    const cJSON *open = cJSON_GetObjectItem(j, "round_in_progress");
    CHECK(cJSON_IsObject(open));
    CHECK_EQ_INT((int64_t)cJSON_GetNumberValue(cJSON_GetObjectItem(open, "id")), id);
    CHECK_EQ_INT((int64_t)cJSON_GetNumberValue(cJSON_GetObjectItem(open, "bet")), 250);
    CHECK(cJSON_IsTrue(cJSON_GetObjectItem(j, "reconciled")));
    CHECK_EQ_INT((int64_t)cJSON_GetNumberValue(cJSON_GetObjectItem(j, "balance")), 100000 - 250 + 500 - 250);
    CHECK(strstr(json, "\n\t\"round_in_progress\":") != NULL); /* on its own line */
    cJSON_Delete(j);
    free(json);
    CHECK(store_credit_in(a, 100, "operator", &err) != 0); /* read-only */
    store_close(a);
    store_close(s);
    remove_dir();
}

/* "configuration ... journaled with each round together with the game file's hash" */
static void test_a_round_keeps_its_configuration_and_game_file_hash(void)
{
    fresh_dir();
    Store *s = open_store(100000);
    StoreRound r = round_of(250, 12);
    snprintf(r.config, sizeof r.config, "{\"bet.coin_value\":\"10,20\"}");
    snprintf(r.game_hash, sizeof r.game_hash, "0123456789abcdef");
    int64_t id = 0;
    Error err = {{0}};
    CHECK(store_round_begin(s, &r, &id, &err) == 0);
    store_close(s);
    s = open_store(0);
    StoreRound got;
    CHECK(store_round_load(s, id, &got, &err) == 0);
    CHECK(strcmp(got.config, "{\"bet.coin_value\":\"10,20\"}") == 0);
    CHECK(strcmp(got.game_hash, "0123456789abcdef") == 0);
    StoreCheck c;
    CHECK(store_check(s, &c) == 0);
    store_close(s);
    tamper("UPDATE round_config SET config = '{}'"); /* sealed like every row */
    s = open_store(0);
    CHECK(store_check(s, &c) != 0);
    CHECK_STR_CONTAINS(c.problems, "table round_config");
    store_close(s);
    remove_dir();
}

/* Plays one round carrying `before` in and `after` out, betting and winning Bonuses. */
static int play_carried(Store *s, const char *before, const char *after, int64_t bet_bonuses,
                        int64_t win_bonuses, Error *err)
{
    StoreRound r = round_of(250, 77);
    store_pool(s, r.game, &r.pool_before);
    snprintf(r.carried, sizeof r.carried, "%s", before);
    r.bet_bonuses = bet_bonuses;
    int64_t id = 0;
    if (store_round_begin(s, &r, &id, err))
        return -1;
    StoreSettle st = {.pool_after = r.pool_before, .win_bonuses = win_bonuses};
    snprintf(st.carried_after, sizeof st.carried_after, "%s", after);
    return store_round_settle(s, id, &st, err);
}

/* "Carried state: each game declares a versioned block of state carried from round to
 * round; it is an input of each round, journaled with it": the state a round carried in is
 * journaled with its bet, the one it carried out with its settlement; the next round goes on
 * from it, and a round that does not is reported */
static void test_the_carried_state_is_journaled_and_goes_from_round_to_round(void)
{
    fresh_dir();
    Store *s = open_store(100000);
    char got[256];
    CHECK(store_carried(s, "mona-lisa-jewels", got, sizeof got) == -1); /* a new game: none */
    CHECK(strcmp(got, "") == 0);
    Error err = {{0}};
    CHECK(play_carried(s, "{\"version\":1,\"n\":0}", "{\"version\":1,\"n\":1}", 0, 0, &err) == 0);
    CHECK(store_carried(s, "mona-lisa-jewels", got, sizeof got) == 0);
    CHECK(strcmp(got, "{\"version\":1,\"n\":1}") == 0);
    CHECK(store_carried(s, "gonzos-gold", got, sizeof got) == -1); /* each game its own */
    StoreRound r = round_of(250, 78);
    snprintf(r.carried, sizeof r.carried, "{\"version\":1,\"n\":1}");
    int64_t id = 0;
    CHECK(store_round_begin(s, &r, &id, &err) == 0);
    store_close(s); /* the power goes mid-round: what it carried in is in the journal */
    s = open_store(0);
    StoreRound open;
    bool found = false;
    CHECK(store_open_round(s, &open, &found, &err) == 0 && found);
    CHECK(strcmp(open.carried, "{\"version\":1,\"n\":1}") == 0);
    StoreSettle st = {.pool_after = r.pool_before};
    snprintf(st.carried_after, sizeof st.carried_after, "{\"version\":1,\"n\":2}");
    CHECK(store_round_settle(s, id, &st, &err) == 0);
    StoreCheck c;
    CHECK(store_check(s, &c) == 0);
    /* a round that carries in something else than the last one carried out */
    CHECK(play_carried(s, "{\"version\":1,\"n\":0}", "{\"version\":1,\"n\":1}", 0, 0, &err) == 0);
    CHECK(store_check(s, &c) != 0);
    CHECK_STR_CONTAINS(c.problems, "the carried state of mona-lisa-jewels does not follow its "
                                   "rounds in 1 round(s)");
    store_close(s);
    tamper("UPDATE round_state SET carried_after = '{}' WHERE round_id = 1"); /* sealed too */
    s = open_store(0);
    CHECK(store_check(s, &c) != 0);
    CHECK_STR_CONTAINS(c.problems, "table round_state");
    store_close(s);
    remove_dir();
}

/* "Two currencies: the wallet, meters, the journal and reconciliation hold money and a
 * second, integer unit (Bonuses)": rounds bet and win Bonuses beside money, the wallet and
 * the game's meters follow, a bet of more Bonuses than the wallet holds is refused, the
 * audit shows them and reconciles them; a game without Bonuses shows no Bonus meters */
static void test_bonuses_are_a_second_unit_in_the_wallet_meters_and_journal(void)
{
    fresh_dir();
    Store *s = open_store(100000);
    Error err = {{0}};
    CHECK_EQ_INT(store_bonuses(s), 0);
    CHECK(play_carried(s, "", "", 0, 0, &err) == 0);
    char *json = NULL;
    CHECK(store_audit_json(s, false, &json, &err) == 0);
    CHECK(json && strstr(json, "\"bonuses\":0") && !strstr(json, "bonuses_won"));
    free(json);
    CHECK(play_carried(s, "", "", 1, 0, &err) != 0); /* no Bonuses to bet yet */
    CHECK_STR_CONTAINS(err.msg, "the Bonuses are fewer than the bet's 1");
    CHECK(play_carried(s, "", "", 0, 6, &err) == 0);
    CHECK_EQ_INT(store_bonuses(s), 6);
    CHECK(play_carried(s, "", "", 5, 2, &err) == 0);
    CHECK_EQ_INT(store_bonuses(s), 3);
    CHECK_EQ_INT(store_balance(s), 100000 - 3 * 250); /* the money went its own way */
    StoreCheck c;
    CHECK(store_check(s, &c) == 0);
    CHECK(store_audit_json(s, false, &json, &err) == 0);
    CHECK(json && strstr(json, "\"bonuses\":3"));
    CHECK(json && strstr(json, "\"bonuses_bet\":5,\"bonuses_won\":8"));
    free(json);
    store_close(s);
    /* the wallet's Bonuses edited behind the store's back: its checksum tells */
    tamper("UPDATE bonus_wallet SET bonuses = 30");
    s = open_store(0);
    CHECK(store_check(s, &c) != 0);
    CHECK_STR_CONTAINS(c.problems, "bonus_wallet");
    store_close(s);
    remove_dir();
}

/* A scripted run's starting Bonuses: set once (a run killed before its first round does not
 * add them again) on a memory that has not played, counted on the
 * game's bonuses_in meter (the reconciliation adds it); each round journals the Bonuses it
 * began with, and an open round reads them back (recovery replays with them) */
static void test_a_scripted_runs_bonuses_in_and_each_rounds_bonuses_before(void)
{
    fresh_dir();
    Store *s = open_store(100000);
    Error err = {{0}};
    CHECK(store_bonuses_in(s, "mona-lisa-jewels", 0, &err) != 0);
    CHECK(!store_bonuses_set(s));
    CHECK(store_bonuses_in(s, "mona-lisa-jewels", 40, &err) == 0);
    CHECK(store_bonuses_set(s));
    CHECK(store_bonuses_in(s, "mona-lisa-jewels", 40, &err) != 0); /* once, even before a round */
    CHECK_EQ_INT(store_bonuses(s), 40);
    StoreCheck c;
    CHECK(store_check(s, &c) == 0);
    CHECK(play_carried(s, "", "", 5, 0, &err) == 0);
    CHECK_EQ_INT(store_bonuses(s), 35);
    CHECK(store_bonuses_in(s, "mona-lisa-jewels", 10, &err) != 0); /* it has played */
    CHECK_STR_CONTAINS(err.msg, "has not played");
    StoreRound r = round_of(250, 79);
    store_pool(s, r.game, &r.pool_before);
    r.bet_bonuses = 1;
    int64_t id = 0;
    CHECK(store_round_begin(s, &r, &id, &err) == 0);
    store_close(s);
    s = open_store(0);
    StoreRound open;
    bool found = false;
    CHECK(store_open_round(s, &open, &found, &err) == 0 && found);
    CHECK_EQ_INT(open.bonuses_before, 35);
    CHECK_EQ_INT(open.bet_bonuses, 1);
    CHECK(store_round_settle(s, id, &(StoreSettle){.pool_after = r.pool_before}, &err) == 0);
    CHECK(store_check(s, &c) == 0);
    char *json = NULL;
    CHECK(store_audit_json(s, false, &json, &err) == 0);
    CHECK(json && strstr(json, "\"bonuses_in\":40"));
    free(json);
    store_close(s);
    remove_dir();
}

/* "A forced round is marked as such in the history and the journal, and never counts on the
 * money meters as real play": a round a scenario forced is marked (forced_rounds) and goes on
 * the game's forced_* meters; the balance reconciles with both; the audit sees a meter moved
 * by hand. A memory of schema 5 is upgraded: its rounds stay metered as they were. */
static void test_a_forced_round_is_marked_and_metered_apart_from_real_play(void)
{
    fresh_dir();
    Store *s = open_store(100000);
    Error err = {{0}};
    play(s, 250, 1000, 1); /* real play */
    StoreRound r = round_of(500, 2);
    store_pool(s, r.game, &r.pool_before);
    snprintf(r.scenario, sizeof r.scenario, "games/mona-lisa-jewels/scenarios/01-line-win.json");
    r.bet_bonuses = 0;
    int64_t id = 0;
    CHECK(store_round_begin(s, &r, &id, &err) == 0);
    CHECK(store_round_forced(s, id) && !store_round_forced(s, id - 1));
    CHECK(store_round_settle(s, id, &(StoreSettle){.win = 7000, .features = 1, .pool_after = r.pool_before}, &err) == 0);
    CHECK_EQ_INT(store_balance(s), 100000 - 250 + 1000 - 500 + 7000);
    StoreCheck c;
    CHECK(store_check(s, &c) == 0);
    char *json = NULL;
    CHECK(store_audit_json(s, false, &json, &err) == 0);
    CHECK(json && strstr(json, "\"total_bet\":250") && strstr(json, "\"total_win\":1000") &&
          strstr(json, "\"games_played\":1") && strstr(json, "\"forced_bet\":500") &&
          strstr(json, "\"forced_win\":7000") && strstr(json, "\"forced_games\":1") &&
          strstr(json, "\"free_spin_features\":1")); /* the real round's feature only */
    free(json);
    store_close(s);
    tamper("UPDATE meters SET value = 0 WHERE name = 'forced_win'"); /* behind the store's back */
    s = open_store(0);
    CHECK(store_check(s, &c) != 0 && strstr(c.problems, "forced_win"));
    store_close(s);
    remove_dir();
    /* schema 5 had no mark: its forced rounds stay counted as real play after the upgrade */
    fresh_dir();
    s = open_store(100000);
    play(s, 250, 0, 3);
    store_close(s);
    make_old("DROP TABLE forced_rounds; DROP TABLE round_show; UPDATE meta SET value = '5' WHERE key = 'schema_version'");
    s = open_store(0);
    CHECK(s != NULL);
    if (s) {
        CHECK(store_check(s, &c) == 0);
        r = round_of(250, 4);
        store_pool(s, r.game, &r.pool_before);
        snprintf(r.scenario, sizeof r.scenario, "forced.json");
        CHECK(store_round_begin(s, &r, &id, &err) == 0 && store_round_forced(s, id));
        CHECK(store_round_settle(s, id, &(StoreSettle){.pool_after = r.pool_before}, &err) == 0);
        CHECK(store_check(s, &c) == 0);
        store_close(s);
    }
    remove_dir();
}

/* "An unknown version is a clear error, never a silent reset" begins here: a memory of
 * schema 4 is upgraded to carry state and Bonuses; its rounds keep their pools */
static void test_a_version_4_memory_is_upgraded_to_carried_state_and_bonuses(void)
{
    fresh_dir();
    Store *s = open_store(100000);
    play(s, 250, 1000, 11);
    store_close(s);
    make_old("DROP TABLE round_state; DROP TABLE bonus_wallet; DROP TABLE forced_rounds; DROP TABLE round_show;"
           "DELETE FROM meters WHERE name LIKE 'bonuses%';"
           "UPDATE meta SET value = '4' WHERE key = 'schema_version'");
    bool has_arg;
    CHECK_EQ_INT(schema_of_file(&has_arg), 4);
    s = open_store(0);
    CHECK_EQ_INT(schema_of_file(&has_arg), STORE_SCHEMA_VERSION);
    CHECK_EQ_INT(store_bonuses(s), 0);
    StoreCheck c;
    CHECK(store_check(s, &c) == 0);
    char got[256];
    CHECK(store_carried(s, "mona-lisa-jewels", got, sizeof got) == -1); /* its pool carries */
    int64_t pool = 0;
    CHECK(store_pool(s, "mona-lisa-jewels", &pool) && pool == 50000000 + 125);
    Error err = {{0}};
    CHECK(play_carried(s, "", "{\"version\":1,\"pool\":50000125}", 0, 4, &err) == 0);
    CHECK(store_check(s, &c) == 0);
    store_close(s);
    remove_dir();
}

/* "a replayed round draws the same frames as when it was played": each round keeps the tick
 * it began at and the scene's words for what it showed, sealed like every row (a change behind
 * the store's back is reported); a memory of schema 6 is upgraded, and its rounds, which have
 * none, say so (has_show false) */
static void test_a_round_keeps_what_its_pictures_began_from(void)
{
    fresh_dir();
    Store *s = open_store(100000);
    Error err = {{0}};
    StoreRound r = round_of(250, 5);
    store_pool(s, r.game, &r.pool_before);
    r.begin_tick = 123456;
    snprintf(r.show, sizeof r.show, "grid 3x5 1 2 3");
    int64_t id = 0;
    CHECK(store_round_begin(s, &r, &id, &err) == 0);
    CHECK(store_round_settle(s, id, &(StoreSettle){.pool_after = r.pool_before}, &err) == 0);
    StoreRound *got = malloc(sizeof *got);
    CHECK(got && store_round_load(s, id, got, &err) == 0);
    CHECK(got->has_show);
    CHECK_EQ_INT(got->begin_tick, 123456);
    CHECK_STR_CONTAINS(got->show, "grid 3x5 1 2 3");
    CHECK(strlen(got->started) == 19 && got->started[4] == '-'); /* UTC, as the history has it */
    StoreCheck c;
    CHECK(store_check(s, &c) == 0);
    store_close(s);
    tamper("UPDATE round_show SET tick = 7"); /* behind the store's back */
    s = open_store(0);
    CHECK(store_check(s, &c) != 0 && strstr(c.problems, "round_show"));
    store_close(s);
    remove_dir();
    /* schema 6 had no such row: upgraded, its rounds have none, new rounds do */
    fresh_dir();
    s = open_store(100000);
    int64_t old = play(s, 250, 0, 6);
    store_close(s);
    make_old("DROP TABLE round_show; UPDATE meta SET value = '6' WHERE key = 'schema_version'");
    bool has_arg;
    CHECK_EQ_INT(schema_of_file(&has_arg), 6);
    /* beside a witness it is an older copy put back over a newer memory: refused, untouched */
    char witness[300], backup[300];
    snprintf(witness, sizeof witness, "%s/%s", dir, STORE_WITNESS_FILE);
    FILE *wf = fopen(witness, "wb");
    fclose(wf);
    s = store_open(dir, STORE_CABINET, 0, &err);
    CHECK(s == NULL && strstr(err.msg, "older copy"));
    CHECK_EQ_INT(schema_of_file(&has_arg), 6);
    unlink(witness);
    /* upgraded once, in place, with a copy of it as it was beside it */
    s = open_store(0);
    snprintf(backup, sizeof backup, "%s/%s.schema6-backup", dir, STORE_FILE);
    struct stat bst;
    CHECK(stat(backup, &bst) == 0 && (bst.st_mode & 0777) == 0600);
    CHECK(s != NULL);
    if (s) {
        CHECK_EQ_INT(schema_of_file(&has_arg), STORE_SCHEMA_VERSION);
        CHECK(store_check(s, &c) == 0);
        CHECK(store_round_load(s, old, got, &err) == 0 && !got->has_show);
        int64_t now = play(s, 250, 0, 7);
        CHECK(store_round_load(s, now, got, &err) == 0 && got->has_show && got->begin_tick == 0);
        CHECK(store_check(s, &c) == 0);
        store_close(s);
    }
    free(got);
    remove_dir();
}

/* "a deliberate fresh start is an explicit operator action that keeps the old file beside
 * it under a dated name" */
static void test_a_fresh_start_keeps_the_old_memory(void)
{
    fresh_dir();
    Store *s = open_store(100000);
    play(s, 250, 0, 1);
    store_close(s);
    char kept[640];
    Error err = {{0}};
    CHECK(store_fresh_start(dir, 2000, kept, sizeof kept, &err) == 0);
    CHECK_STR_CONTAINS(kept, STORE_FILE ".kept-20");
    struct stat st;
    CHECK(stat(kept, &st) == 0 && st.st_size > 0);
    s = open_store(0);
    CHECK(s != NULL);
    if (s)
        CHECK_EQ_INT(store_balance(s), 2000);
    store_close(s);
    remove_dir();
}

int main(int argc, char **argv)
{
    test_init(argc, argv);
    RUN(test_a_new_cabinet_starts_with_its_demo_balance_credited_in);
    RUN(test_a_round_debits_the_bet_then_credits_the_win_and_reconciles);
    RUN(test_a_bet_larger_than_the_balance_is_refused);
    RUN(test_an_open_round_comes_back_with_its_journal);
    RUN(test_a_journaled_choice_comes_back_with_its_command);
    RUN(test_a_journaled_argument_beyond_32_bits_is_damage);
    RUN(test_credits_in_and_cash_out_move_the_meters);
    RUN(test_settings_persist);
    RUN(test_a_meter_edited_behind_the_stores_back_is_reported);
    RUN(test_the_pool_must_follow_its_rounds);
    RUN(test_a_deleted_journal_row_is_reported);
    RUN(test_a_balance_edited_behind_the_stores_back_is_reported);
    RUN(test_flipped_bytes_are_reported);
    RUN(test_a_truncated_file_is_reported);
    RUN(test_a_database_from_a_newer_schema_is_refused);
    RUN(test_a_version_1_database_is_upgraded);
    RUN(test_a_damaged_version_1_journal_is_not_upgraded);
    RUN(test_a_data_folder_that_cannot_hold_the_database_is_refused);
    RUN(test_one_cabinet_per_memory);
    RUN(test_a_new_memory_is_made_only_where_no_file_is);
    RUN(test_the_operator_log);
    RUN(test_the_audit_shows_the_round_in_progress_and_never_writes);
    RUN(test_a_fresh_start_keeps_the_old_memory);
    RUN(test_a_round_keeps_its_configuration_and_game_file_hash);
    RUN(test_the_carried_state_is_journaled_and_goes_from_round_to_round);
    RUN(test_bonuses_are_a_second_unit_in_the_wallet_meters_and_journal);
    RUN(test_a_scripted_runs_bonuses_in_and_each_rounds_bonuses_before);
    RUN(test_a_forced_round_is_marked_and_metered_apart_from_real_play);
    RUN(test_a_version_4_memory_is_upgraded_to_carried_state_and_bonuses);
    RUN(test_a_round_keeps_what_its_pictures_began_from);
    return test_done();
}
