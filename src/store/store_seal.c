/* store_seal.c - the memory's seals, its head and its witness: what makes a change to the
 * memory that the store did not write show, and a committed write that went missing.
 *
 * Seals. Every row carries a keyed MAC of its values (slotcab_chk: BLAKE2b, libsodium's
 * crypto_generichash, keyed with the 32 bytes of DIR/slotcab.key, cut to 63 bits). The key
 * lives outside the database (0600), so a person who can write the database but cannot read
 * the key cannot seal a row; and a guess cannot be checked offline. The rows of every
 * append-only table (rounds, journal, cash, operator log, ...) form a chain: each row's seal
 * covers the seal of the row before it (by rowid), so a row deleted or edited in the middle
 * breaks the seal of the one after it. Memories of schema 1..7 were sealed with an unkeyed
 * FNV-1a (slotcab_fnv): an upgrade verifies those before it seals again with the key.
 *
 * The head. One row (table head) updated in every write transaction, just before it
 * commits: seq (the commits so far), prev (the head before) and head = MAC(key, seq, prev,
 * digest), where the digest covers the critical state: the schema (sqlite_master), meta,
 * every row's seal of the wallet, the Bonus wallet, the meters, the pools and the settings,
 * and, for each append-only
 * table, its newest rowid and that row's seal (the chain vouches for the rows before it). So
 * deleting the newest round, or putting back an older sealed version of a row, shows as a
 * head that does not match the memory (store_check()).
 *
 * The witness. DIR/slotcab.witness keeps (seq, head) of the last commit, outside the
 * database: two 64-byte slots written alternately (slot seq % 2) with pwrite + fdatasync,
 * each with its own MAC, so a torn write leaves the other slot valid. A start accepts the
 * memory when its head is the witness's (same seq, same head), or one commit ahead of it
 * with prev = the witness's head (the cabinet died between its commit and the witness's
 * write; the witness is then written again); anything else is a memory that lost committed
 * writes (a damaged or cut write-ahead log, a file put back from an older copy) and is
 * refused. */
#include "store_priv.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define WITNESS_MAGIC "SLOTWIT1"
#define WITNESS_SLOT 64

int st_crypto_init(Error *err)
{
    if (sodium_init() < 0)
        return error_set(err, "libsodium cannot start");
    return 0;
}

static int64_t mac_final(crypto_generichash_state *h)
{
    unsigned char out[8];
    crypto_generichash_final(h, out, sizeof out);
    uint64_t v = 0;
    for (int i = 0; i < 8; i++)
        v = v << 8 | out[i];
    return (int64_t)(v >> 1);
}

static void mac_bytes(crypto_generichash_state *h, int type, const void *p, size_t n)
{
    unsigned char hdr[9];
    hdr[0] = (unsigned char)type;
    for (int i = 0; i < 8; i++)
        hdr[1 + i] = (unsigned char)((uint64_t)n >> (8 * i));
    crypto_generichash_update(h, hdr, sizeof hdr);
    if (n)
        crypto_generichash_update(h, p, n);
}

/* slotcab_chk(...): the keyed seal of a row's values (each value's type and text). */
void st_sql_chk(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    const Store *s = sqlite3_user_data(ctx);
    crypto_generichash_state h;
    crypto_generichash_init(&h, s->key, sizeof s->key, 8);
    for (int i = 0; i < argc; i++) {
        int type = sqlite3_value_type(argv[i]);
        const unsigned char *t = type == SQLITE_NULL ? NULL : sqlite3_value_text(argv[i]);
        mac_bytes(&h, type, t, t ? (size_t)sqlite3_value_bytes(argv[i]) : 0);
    }
    sqlite3_result_int64(ctx, mac_final(&h));
}

/* slotcab_fnv(...): the seal of schema 1..7, FNV-1a over each value's type and text. */
void st_sql_fnv(sqlite3_context *ctx, int argc, sqlite3_value **argv)
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

/* ---- the key ------------------------------------------------------------------------- */

void st_key_path(const char *dir, char *out, size_t size) { snprintf(out, size, "%s/%s", dir, STORE_KEY_FILE); }

int st_key_load(Store *s, const char *dir, Error *err)
{
    char path[600];
    st_key_path(dir, path, sizeof path);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return error_set(err, "%s: the memory's key cannot be read: %s (its seals cannot be checked "
                         "without it; put it back)", path, strerror(errno));
    unsigned char extra;
    ssize_t n = read(fd, s->key, sizeof s->key);
    ssize_t more = n == (ssize_t)sizeof s->key ? read(fd, &extra, 1) : 0;
    close(fd);
    if (n != (ssize_t)sizeof s->key || more != 0)
        return error_set(err, "%s: not a memory's key (%s); put the memory's own key back",
                         path, n < 0 ? strerror(errno) : "not 32 bytes");
    return 0;
}

/* A new key at DIR/slotcab.key (0600), written under a temporary name, synced, renamed. */
int st_key_make(Store *s, const char *dir, Error *err)
{
    char path[600], tmp[620];
    st_key_path(dir, path, sizeof path);
    snprintf(tmp, sizeof tmp, "%s.new", path);
    randombytes_buf(s->key, sizeof s->key);
    unlink(tmp);
    int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd < 0)
        return error_set(err, "%s: cannot make the memory's key: %s", tmp, strerror(errno));
    int e = 0;
    if (write(fd, s->key, sizeof s->key) != (ssize_t)sizeof s->key || fsync(fd))
        e = errno ? errno : EIO;
    close(fd);
    if (!e && rename(tmp, path))
        e = errno;
    if (e) {
        unlink(tmp);
        return error_set(err, "%s: cannot write the memory's key: %s", path, strerror(e));
    }
    return 0;
}

/* ---- the head -------------------------------------------------------------------------- */

/* Tables whose rows only ever grow (the newest may be sealed again while its round is
 * open): chained, and in the head by their newest row. The others are in it row by row. */
bool st_append_only(int table)
{
    switch (table) {
    case T_WALLET: case T_METERS: case T_SETTINGS: case T_POOLS: case T_BONUS_WALLET:
        return false;
    default:
        return true;
    }
}

static void digest_query(Store *s, crypto_generichash_state *h, const char *sql, int ncol)
{
    sqlite3_stmt *st = st_prepare(s, sql, NULL);
    if (!st) {
        mac_bytes(h, 99, "unreadable", 10);
        return;
    }
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW)
        for (int i = 0; i < ncol; i++) {
            const unsigned char *t = sqlite3_column_text(st, i);
            mac_bytes(h, sqlite3_column_type(st, i), t, t ? (size_t)sqlite3_column_bytes(st, i) : 0);
        }
    if (rc != SQLITE_DONE)
        mac_bytes(h, 99, "unreadable", 10);
    st_release(s, st);
}

/* MAC(key, seq, prev, digest of the critical state), as of the current transaction. */
int64_t st_head_of(Store *s, int64_t seq, int64_t prev)
{
    crypto_generichash_state h;
    crypto_generichash_init(&h, s->key, sizeof s->key, 8);
    mac_bytes(&h, 1, "slotcab head", 12);
    mac_bytes(&h, 1, &seq, sizeof seq);
    mac_bytes(&h, 1, &prev, sizeof prev);
    digest_query(s, &h, "SELECT key, value FROM meta ORDER BY key", 2);
    /* the schema itself: a trigger or a column added behind the store's back changes it */
    digest_query(s, &h, "SELECT type, name, sql FROM sqlite_master ORDER BY type, name", 3);
    char sql[256];
    for (int t = 0; t < T__COUNT; t++) {
        if (st_append_only(t))
            snprintf(sql, sizeof sql, "SELECT rowid, chk FROM %s ORDER BY rowid DESC LIMIT 1",
                     st_sealed[t].name);
        else
            snprintf(sql, sizeof sql, "SELECT rowid, chk FROM %s ORDER BY rowid", st_sealed[t].name);
        mac_bytes(&h, 2, st_sealed[t].name, strlen(st_sealed[t].name));
        digest_query(s, &h, sql, 2);
    }
    return mac_final(&h);
}

int st_head_read(Store *s, StoreHead *hd)
{
    sqlite3_stmt *st = st_prepare(s, "SELECT seq, prev, head FROM head WHERE id = 1", NULL);
    if (!st)
        return -1;
    int rc = -1;
    if (sqlite3_step(st) == SQLITE_ROW) {
        hd->seq = sqlite3_column_int64(st, 0);
        hd->prev = sqlite3_column_int64(st, 1);
        hd->head = sqlite3_column_int64(st, 2);
        rc = 0;
    }
    st_release(s, st);
    return rc;
}

/* Inside the writing transaction, just before COMMIT: the next head. */
int st_head_update(Store *s, Error *err)
{
    StoreHead old = {0, 0, 0};
    if (st_head_read(s, &old))
        return st_fail_db(s, err, "cannot read the memory's head");
    StoreHead hd = {old.seq + 1, old.head, 0};
    hd.head = st_head_of(s, hd.seq, hd.prev);
    sqlite3_stmt *st = st_prepare(s, "UPDATE head SET seq = ?1, prev = ?2, head = ?3 WHERE id = 1", err);
    if (!st)
        return -1;
    sqlite3_bind_int64(st, 1, hd.seq);
    sqlite3_bind_int64(st, 2, hd.prev);
    sqlite3_bind_int64(st, 3, hd.head);
    int rc = sqlite3_step(st) == SQLITE_DONE && sqlite3_changes(s->db) == 1
                 ? 0 : st_fail_db(s, err, "cannot write the memory's head");
    st_release(s, st);
    if (!rc)
        s->pending = hd;
    return rc;
}

/* ---- the witness ----------------------------------------------------------------------- */

static void witness_mac(const Store *s, const unsigned char *slot, unsigned char out[16])
{
    crypto_generichash(out, 16, slot, 24, s->key, sizeof s->key);
}

static void put64(unsigned char *p, int64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (unsigned char)((uint64_t)v >> (8 * i));
}

static int64_t get64(const unsigned char *p)
{
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--)
        v = v << 8 | p[i];
    return (int64_t)v;
}

/* The witness's newest valid slot. 0: found; 1: no file; -1: no valid slot (damaged). */
int st_witness_read(const Store *s, const char *dir, StoreHead *w)
{
    char path[600];
    snprintf(path, sizeof path, "%s/%s", dir, STORE_WITNESS_FILE);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return errno == ENOENT ? 1 : -1;
    unsigned char buf[2 * WITNESS_SLOT];
    ssize_t n = pread(fd, buf, sizeof buf, 0);
    close(fd);
    bool found = false;
    for (int i = 0; i < 2; i++) {
        const unsigned char *p = buf + i * WITNESS_SLOT;
        unsigned char mac[16];
        if (n < (i + 1) * WITNESS_SLOT || memcmp(p, WITNESS_MAGIC, 8))
            continue;
        witness_mac(s, p, mac);
        if (sodium_memcmp(mac, p + 24, 16))
            continue;
        int64_t seq = get64(p + 8);
        if (!found || seq > w->seq) {
            w->seq = seq;
            w->head = get64(p + 16);
            w->prev = 0;
            found = true;
        }
    }
    return found ? 0 : -1;
}

int st_witness_open(Store *s, const char *dir, Error *err)
{
    char path[600];
    snprintf(path, sizeof path, "%s/%s", dir, STORE_WITNESS_FILE);
    s->witness_fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
    if (s->witness_fd < 0)
        return error_set(err, "%s: cannot open the memory's witness: %s", path, strerror(errno));
    return 0;
}

/* Writes (seq, head) to slot seq % 2 and syncs it. */
int st_witness_write(Store *s, const StoreHead *hd, Error *err)
{
    if (s->witness_fd < 0)
        return 0; /* a memory in RAM keeps no witness */
    unsigned char slot[WITNESS_SLOT] = {0};
    memcpy(slot, WITNESS_MAGIC, 8);
    put64(slot + 8, hd->seq);
    put64(slot + 16, hd->head);
    witness_mac(s, slot, slot + 24);
    off_t at = (off_t)(hd->seq % 2) * WITNESS_SLOT;
    if (pwrite(s->witness_fd, slot, sizeof slot, at) != (ssize_t)sizeof slot || fdatasync(s->witness_fd))
        return error_set(err, "%s/%s: cannot write the memory's witness: %s", s->dir,
                         STORE_WITNESS_FILE, errno == ENOSPC ? "the disk is full" : strerror(errno));
    return 0;
}
