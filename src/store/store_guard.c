/* store_guard.c - the verdict on a memory before anything writes to it, the files left
 * exactly as they were when it is refused, the upgrade to keyed seals, the files' modes.
 *
 * The verdict (st_verdict): a memory of schema 8 is accepted only with its key, and when
 * its head is its witness's, or one commit ahead of it (store_seal.c); a memory older than
 * schema 8 only when no witness is beside it (else it is an older copy put back over a newer
 * memory) and when every row passes its old seal (an upgrade would pass damage off as sound).
 * Reaching the verdict opens the database read-only, and SQLite rewrites the write-ahead
 * log's shared index (-shm) when it opens a memory (and may make an empty -wal and -shm where
 * there were none), so the bytes of -wal and -shm are read before the first open and put back
 * exactly (or the files removed again) when the memory is refused (StoreSide). The database
 * itself is never written by a read-only connection, and no connection checkpoints on close
 * before the verdict (SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE).
 *
 * The upgrade to schema 8 (st_upgrade_keyed) runs once: a copy of the memory as it was is
 * written beside it first (st_backup_copy: slotcab.db.schemaN-backup, 0600), a key is made (DIR/slotcab.key, 0600),
 * and in one transaction the head is added and every row sealed again with the key, chained;
 * its commit writes the witness. */
#include "store_guard.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void side_read(StoreSideFile *f, const char *path)
{
    snprintf(f->path, sizeof f->path, "%s", path);
    f->bytes = NULL;
    f->len = 0;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    f->existed = fd >= 0;
    if (fd < 0)
        return;
    struct stat st;
    if (!fstat(fd, &st) && st.st_size > 0 && (f->bytes = malloc((size_t)st.st_size))) {
        ssize_t n = pread(fd, f->bytes, (size_t)st.st_size, 0);
        f->len = n > 0 ? (size_t)n : 0;
    }
    close(fd);
}

void st_side_save(StoreSide *side, const char *db)
{
    char path[640];
    snprintf(path, sizeof path, "%s-wal", db);
    side_read(&side->f[0], path);
    snprintf(path, sizeof path, "%s-shm", db);
    side_read(&side->f[1], path);
    side->saved = true;
}

/* Puts -wal and -shm back as they were (removes them where there were none). */
void st_side_restore(StoreSide *side)
{
    if (!side->saved)
        return;
    for (int i = 0; i < 2; i++) {
        StoreSideFile *f = &side->f[i];
        if (!f->existed) {
            unlink(f->path);
            continue;
        }
        int fd = open(f->path, O_WRONLY | O_CLOEXEC);
        if (fd < 0)
            continue;
        if (f->len && pwrite(fd, f->bytes, f->len, 0) != (ssize_t)f->len)
            fprintf(stderr, "%s: could not be put back as it was: %s\n", f->path, strerror(errno));
        if (ftruncate(fd, (off_t)f->len))
            fprintf(stderr, "%s: could not be put back as it was: %s\n", f->path, strerror(errno));
        close(fd);
    }
}

void st_side_free(StoreSide *side)
{
    for (int i = 0; i < 2; i++) {
        free(side->f[i].bytes);
        side->f[i].bytes = NULL;
    }
    side->saved = false;
}

/* Every row of an older memory against its old seal: what an upgrade needs. */
static int old_seals_pass(Store *s, int64_t version, Error *err)
{
    int v = s->version;
    s->version = (int)version;
    int64_t bad = 0;
    for (int t = 0; t < T__COUNT; t++) {
        if (st_sealed[t].since > version)
            continue;
        int64_t b = st_bad_seals(s, t);
        bad += b < 0 ? 1 : b;
    }
    s->version = v;
    if (bad)
        return error_set(err, "%s: cannot upgrade from schema %" PRId64 ": %" PRId64 " row(s) fail"
                         " their checksums", s->path, version, bad);
    return 0;
}

int st_verdict(Store *s, const char *dir, int64_t version, bool beside_cabinet, bool *rewrite,
               Error *err)
{
    *rewrite = false;
    StoreHead w = {0, 0, 0}, db;
    char wpath[600];
    snprintf(wpath, sizeof wpath, "%s/%s", dir, STORE_WITNESS_FILE);
    if (version < 8) {
        if (access(wpath, F_OK) == 0)
            return error_set(err, "%s: a memory of schema %" PRId64 " beside the witness %s of a "
                             "newer one: an older copy put back over the memory; committed rounds "
                             "would be lost", s->path, version, wpath);
        /* the audit reads an older memory as it is, and reports seals that fail */
        return s->access == STORE_AUDIT ? 0 : old_seals_pass(s, version, err);
    }
    if (st_key_load(s, dir, err))
        return -1;
    /* the witness first: beside a playing cabinet, the memory is then at or after it */
    int wr = st_witness_read(s, dir, &w);
    if (st_head_read(s, &db))
        return error_set(err, "%s: incomplete: it has no head", s->path);
    if (wr < 0)
        return error_set(err, "%s: damaged, or the key %s/%s is not this memory's: neither of its "
                         "slots is sound", wpath, dir, STORE_KEY_FILE);
    if (wr > 0 && db.seq > 1)
        return error_set(err, "%s: missing: the memory %s cannot be shown to hold every committed "
                         "round without it", wpath, s->path);
    if (db.seq == w.seq && db.head == w.head)
        return 0;
    if (db.seq == w.seq + 1 && (w.seq == 0 || db.prev == w.head)) {
        *rewrite = true; /* the cabinet stopped between its commit and the witness's write */
        return 0;
    }
    if (beside_cabinet && db.seq > w.seq)
        return 0; /* an audit beside a playing cabinet: the witness was read first */
    if (db.seq < w.seq)
        return error_set(err, "%s: committed rounds are missing: the memory is at commit %" PRId64
                         " but its witness %s at %" PRId64 " (a damaged or cut write-ahead log "
                         "%s-wal, or an older copy)", s->path, db.seq, wpath, w.seq, s->path);
    return error_set(err, "%s: it does not match its witness %s (commit %" PRId64 " against %" PRId64
                     "): not the memory the witness saw", s->path, wpath, db.seq, w.seq);
}

/* ---- the upgrade to schema 8 ---------------------------------------------------------- */

static int reseal_table(Store *s, int t, Error *err)
{
    if (!st_append_only(t))
        return st_seal(s, t, "1", NULL, 0, err);
    char sql[128];
    snprintf(sql, sizeof sql, "SELECT rowid FROM %s ORDER BY rowid", st_sealed[t].name);
    sqlite3_stmt *st = NULL;
    if (sqlite3_prepare_v2(s->db, sql, -1, &st, NULL) != SQLITE_OK)
        return st_fail_db(s, err, "cannot read a table to seal it");
    int rc = 0, step;
    while (!rc && (step = sqlite3_step(st)) == SQLITE_ROW)
        rc = st_seal_rowid(s, t, sqlite3_column_int64(st, 0), err);
    sqlite3_finalize(st);
    return rc;
}

int st_backup_copy(Store *s, int from, Error *err)
{
    char path[640], tmp[660], sql[1400];
    snprintf(path, sizeof path, "%s.schema%d-backup", s->path, from);
    snprintf(tmp, sizeof tmp, "%s.new", path);
    unlink(tmp);
    char *q = sqlite3_mprintf("VACUUM INTO %Q", tmp);
    snprintf(sql, sizeof sql, "%s", q ? q : "");
    sqlite3_free(q);
    if (st_exec(s, sql, err))
        return -1;
    int fd = open(tmp, O_RDONLY | O_CLOEXEC);
    int e = fd < 0 || fchmod(fd, 0600) || fsync(fd) ? errno : 0;
    if (fd >= 0)
        close(fd);
    if (!e && rename(tmp, path))
        e = errno;
    if (e) {
        unlink(tmp);
        return error_set(err, "%s: cannot keep a copy before the upgrade: %s", path, strerror(e));
    }
    return 0;
}

int st_upgrade_keyed(Store *s, const char *dir, int from, Error *err)
{
    char key[600];
    st_key_path(dir, key, sizeof key);
    /* a key left by an upgrade that died before its commit is this memory's still */
    if (access(key, F_OK) == 0 ? st_key_load(s, dir, err) : st_key_make(s, dir, err))
        return -1;
    char wit[600];
    snprintf(wit, sizeof wit, "%s/%s", dir, STORE_WITNESS_FILE);
    if (st_witness_open(s, dir, err) || st_begin(s, err))
        return -1;
    s->version = 8;
    int rc = st_exec(s, STORE_HEAD_TABLE, err);
    for (int t = 0; t < T__COUNT && !rc; t++)
        rc = reseal_table(s, t, err);
    if (rc || st_exec(s, "UPDATE meta SET value = '8' WHERE key = 'schema_version'", err) ||
        st_commit(s, err)) {
        s->version = from;
        st_rollback(s);
        return -1;
    }
    return 0;
}

/* ---- the files' modes ------------------------------------------------------------------- */

/* Takes group's and others' bits off `path`; adds its name to `done` when it had any. */
static void tighten(const char *path, char *done, size_t size)
{
    struct stat st;
    if (stat(path, &st) || !(st.st_mode & 077))
        return;
    if (chmod(path, st.st_mode & 07700)) {
        fprintf(stderr, "%s: readable by others (mode %04o) and cannot be made private: %s\n",
                path, (unsigned)(st.st_mode & 07777), strerror(errno));
        return;
    }
    size_t n = strlen(done);
    const char *base = strrchr(path, '/');
    snprintf(done + n, size - n, "%s%s (%04o)", n ? ", " : "", base ? base + 1 : path,
             (unsigned)(st.st_mode & 07777));
}

void st_tighten_modes(const char *dir, const char *db)
{
    char done[1024] = "";
    tighten(dir, done, sizeof done);
    static const char *const names[] = {STORE_FILE, STORE_FILE "-wal", STORE_FILE "-shm",
                                        STORE_KEY_FILE, STORE_WITNESS_FILE, STORE_LOCK_FILE};
    (void)db;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        char path[640];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        tighten(path, done, sizeof done);
    }
    if (done[0])
        fprintf(stderr, "%s: made private to its owner (the folder 0700, the memory's files 0600); "
                "they were readable by others: %s\n", dir, done);
}
