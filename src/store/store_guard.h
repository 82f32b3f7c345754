/* store_guard.h - the verdict on a memory before anything writes to it, and what it needs
 * (store_guard.c). Private to src/store. */
#ifndef SLOTCAB_STORE_GUARD_H
#define SLOTCAB_STORE_GUARD_H

#include "store_priv.h"

/* Schema 8's head: one row, updated in every write transaction (store_seal.c). */
#define STORE_HEAD_TABLE "CREATE TABLE head(id INTEGER PRIMARY KEY CHECK (id = 1)," \
                         "  seq INTEGER NOT NULL, prev INTEGER NOT NULL, head INTEGER NOT NULL);" \
                         "INSERT INTO head(id, seq, prev, head) VALUES(1, 0, 0, 0);"

/* The write-ahead log and its index as they were before the first open. */
typedef struct StoreSideFile {
    char path[640];
    bool existed;
    unsigned char *bytes;
    size_t len;
} StoreSideFile;
typedef struct StoreSide {
    bool saved;
    StoreSideFile f[2]; /* -wal, -shm */
} StoreSide;
void st_side_save(StoreSide *side, const char *db);
void st_side_restore(StoreSide *side);
void st_side_free(StoreSide *side);

/* Whether the memory open read-only on s->db may be used: its key, its head against the
 * witness (schema 8), or its old seals and no witness (older). `beside_cabinet`: an audit
 * while a cabinet plays (the memory may be ahead of the witness it read). *rewrite: the
 * memory is one commit ahead of its witness, which must be written again. */
int st_verdict(Store *s, const char *dir, int64_t version, bool beside_cabinet, bool *rewrite,
               Error *err);
/* A copy of the memory as it is, before its upgrade from schema `from`: DIR/slotcab.db.
 * schema<from>-backup (0600), written whole (VACUUM INTO) under a temporary name and renamed. */
int st_backup_copy(Store *s, int from, Error *err);
/* Schema 7 (or older, already upgraded to 7) to 8, on the read-write connection. */
int st_upgrade_keyed(Store *s, const char *dir, int from, Error *err);
/* The folder 0700, the memory's files 0600, with a line on stderr for each one tightened. */
void st_tighten_modes(const char *dir, const char *db);

#endif
