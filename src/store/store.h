/* store.h - the cabinet's memory: one SQLite database with the wallet, the meters, the
 * round journal, the history, the progressive pools and the settings.
 *
 * Every step of a round is one transaction: store_round_begin() debits the bet and records
 * what the round depends on (seed, bet, carried pool, forcing); store_round_command()
 * appends each player command (and the tile it picked) before it is played; store_round_settle() credits the win
 * and writes the history row, the meters and the pool together. A round begun and not
 * settled is an open round: after a crash the cabinet rebuilds it from its journal by the
 * engine's determinism (store_open_round()).
 *
 * Money is in minor units. Meters only ever rise; nothing here resets one. The balance
 * always equals credits in - total bet + total win - credits out (store_check()).
 *
 * Integrity (schema 8): every row is sealed with a keyed MAC whose key is DIR/slotcab.key
 * (0600, outside the database); the rounds, the journal, the operator log and every other
 * append-only table form chains; a head row sealed in every commit vouches for the newest
 * row of each chain and every meter, wallet, pool and setting; a witness file
 * (DIR/slotcab.witness) keeps the last commit apart from the database. A memory that lost
 * a committed write (a damaged or cut -wal, a file put back from an older copy) or whose key
 * is missing is refused at start with every file left as it was; rows changed without the
 * key fail store_check(). What this cannot see: a person with the key (root, or the
 * cabinet's user), and all of the memory's files, key and witness included, put back
 * together to an earlier copy. */
#ifndef SLOTCAB_STORE_H
#define SLOTCAB_STORE_H

#include "error.h"
#include "games.h"
#include "money.h"

#include <stdbool.h>
#include <stdint.h>

/* 2: the journal keeps each command's argument (the tile picked); 3: the operator log and
 * slotcab's application id in the file's header; 4: each round's configuration and game
 * file hash; 5: each round's carried state before and after it, and Bonuses (a second
 * unit) in the wallet and each round; 6: forced rounds marked; 7: what each round's
 * pictures began from (the cabinet's tick, the screen shown), for its replay; 8: rows sealed
 * with a keyed MAC (DIR/slotcab.key) and chained, a sealed head row, and a witness file
 * (store_seal.c). Older databases are upgraded when a cabinet opens them (to 8 once, with a
 * backup copy beside the file: slotcab.db.schemaN-backup). */
#define STORE_SCHEMA_VERSION 8
#define STORE_FILE "slotcab.db"
#define STORE_LOCK_FILE "slotcab.lock"
#define STORE_KEY_FILE "slotcab.key"
#define STORE_WITNESS_FILE "slotcab.witness"
#define STORE_APPLICATION_ID 0x534c4f54 /* "SLOT", in the SQLite header of every memory */
#define STORE_MAX_COMMANDS 4096

typedef struct Store Store;

/* The data directory: --data-dir, else $XDG_DATA_HOME/slotcab, else ~/.local/share/slotcab. */
int store_default_dir(char *out, size_t size, Error *err);

typedef enum StoreAccess {
    /* the cabinet: read and write; holds a lock on the data folder while open (a second
     * cabinet on the same memory is refused, whatever was deleted); makes the folder (0700)
     * and a new memory (0600, with its key and witness) where no file is */
    STORE_CABINET,
    /* the audit: read-only (works on a read-only medium), no lock, never writes; each
     * store_check() and store_audit_json() reads one consistent snapshot */
    STORE_AUDIT,
} StoreAccess;

/* Opens DIR/slotcab.db (dir NULL: a memory in RAM that keeps nothing, for headless
 * pictures and benchmarks).
 *
 * A new memory is made only where no file exists, and atomically: built under a temporary
 * name, synced, renamed into place, the folder synced; it starts with `demo_balance`
 * credited in (a demo cabinet's bill acceptor). A file that exists but is not a complete
 * memory of this cabinet is refused before anything writes to it, with one message naming
 * the file and what is wrong: empty, too short, truncated (shorter than its header says),
 * not an SQLite database, another program's database, a newer schema, a failed SQLite
 * integrity check, a trigger; and (schema 8) a missing or wrong key, a missing or damaged
 * witness, a memory behind its witness ("committed rounds are missing"). Refused, every
 * file of the memory is left byte for byte as it was. A memory from an older schema is
 * upgraded by a cabinet (to 8 once, in place, after a copy slotcab.db.schemaN-backup is
 * kept beside it); one whose rows fail their old checksums is not (re-sealing it would pass
 * the damage off as sound), nor one beside a witness (an older copy put back). A full disk
 * is said to be one. The contents are judged by store_check(): the cabinet locks play when
 * it fails, and nothing changes the file to make it pass. The in-RAM memory has a random
 * key per run. */
Store *store_open(const char *dir, StoreAccess access, Money demo_balance, Error *err);
void store_close(Store *s);

/* The operator's deliberate fresh start: with the cabinet's lock held, keeps DIR/slotcab.db
 * (and its -wal) beside it as slotcab.db.kept-YYYYMMDD-HHMMSS (UTC), with its key and witness
 * as <that name>.key and .witness (renamed back, they are the memory again), and makes a new memory
 * as store_open() does. `kept` gets the old file's new name. Fails if there is no file. */
int store_fresh_start(const char *dir, Money demo_balance, char *kept, size_t size, Error *err);
/* Stamps every row from now on with this UTC time instead of the clock's (headless runs,
 * so that their pictures do not depend on the day). Only a memory in RAM (store_open with
 * no folder, which keeps nothing) takes a fixed clock: for a memory on disk this does
 * nothing, and its rows always carry the real UTC time. */
void store_fix_clock(Store *s, const char *utc);
const char *store_path(const Store *s);

Money store_balance(Store *s);
/* The wallet's Bonuses: a game's second, integer unit. Rounds bet and win them; nothing
 * else moves them (no credit in or cash out of Bonuses). */
int64_t store_bonuses(Store *s);
/* A scripted run's starting Bonuses (a scenario's "bonuses"): set once, on a memory where no
 * round has begun yet, counted on game's meter bonuses_in (the reconciliation adds it) and
 * logged ("bonuses in"). Refused on a memory that has played, or that has them already. */
int store_bonuses_in(Store *s, const char *game, int64_t bonuses, Error *err);
/* Whether a scripted run's Bonuses were set on this memory. */
bool store_bonuses_set(Store *s);
/* Whether round `id` was forced by a scenario (QA's): metered apart from real play, on the
 * game's forced_bet, forced_games, forced_win, forced_bonuses_bet and forced_bonuses_won
 * (schema 6 on; a forced round of an older memory was metered as real play). */
bool store_round_forced(Store *s, int64_t id);
/* Operator: credits in (a bill acceptor) and a cash-out of the whole balance. */
int store_credit_in(Store *s, Money amount, const char *by, Error *err);
int store_cash_out(Store *s, Money *paid, Error *err);

/* Settings: small text values by key ("" when unset). */
void store_setting(Store *s, const char *key, char *out, size_t size);
int store_set_setting(Store *s, const char *key, const char *value, Error *err);
/* An operator's setting: saved with a line in the operator log ("setting", "key: old -> new")
 * in one transaction. */
int store_set_setting_logged(Store *s, const char *key, const char *value, Error *err);

/* The operator log: every opening of the operator menu, failed PIN, credit in or out and
 * setting change, with its UTC time. store_credit_in() and store_cash_out() log themselves
 * (what = "credit in", "cash out"; `by` names who: "operator", "demo top-up"). */
typedef struct StoreOplogRow {
    int64_t id;
    char at[24];       /* UTC, "YYYY-MM-DD HH:MM:SS" */
    char what[32];     /* "door opened", "wrong pin", "locked out", "pin set", "credit in", ... */
    char detail[256];
} StoreOplogRow;
int store_oplog_add(Store *s, const char *what, const char *detail, Error *err);
/* The newest entries, newest first: up to `max`; returns how many (or -1 with err). */
int store_oplog(Store *s, StoreOplogRow *rows, int max, Error *err);

/* The state a game carries from round to round (machine_carried_json) as its last settled
 * round left it; -1 (and "") when none of its rounds has one yet (a new game, or rounds of
 * a memory older than schema 5: then its pool, store_pool()). */
int store_carried(Store *s, const char *game, char *out, size_t size);

/* The progressive pool of a game, in the game's pool units; false when none is stored yet. */
bool store_pool(Store *s, const char *game, int64_t *pool);

/* Rounds begun so far (the next round's index, for seeds derived from --seed). */
int64_t store_rounds_begun(Store *s);

typedef struct StoreRound {
    int64_t id;
    char game[48];
    uint64_t seed;
    Bet bet;
    Money bet_total;
    bool has_pool;
    int64_t pool_before; /* the carried pool when the round began */
    int64_t pool_seed;   /* the pool's seed in this round's configuration */
    int forced_from;     /* the scenario spin it started at (0 without a scenario) */
    Money balance_before;
    char scenario[256]; /* the scenario file that forced it, or "" */
    /* the operator's configuration the round was played with (a JSON object of the game's
     * settings: {"bet.coin_value": "10,20", "jackpot_seed": "50000"}; "{}": none set) and
     * the hash of its game file (GameDef.hash); both "" for a round of an older memory */
    char config[512];
    char game_hash[24];
    /* the state the game carried into the round (machine_carried_json; "" for a round of a
     * memory older than schema 5, whose pool is above) and the bet's part in Bonuses */
    char carried[256];
    int64_t bet_bonuses;
    int64_t bonuses_before; /* the wallet's Bonuses when it began, before its bet's (0 before
                               schema 5) */
    /* what its pictures began from, so that a replay draws the same frames (schema 7 on;
     * has_show false for an older round): the cabinet's tick when it began (the phase of
     * every animation that runs on the clock) and the scene's words for what it showed then
     * (the screen the reels spin away from; the scene's own format, at most 255 bytes) */
    bool has_show;
    uint64_t begin_tick;
    char show[256];
    char started[24];   /* UTC, "YYYY-MM-DD HH:MM:SS" */
    int ncommands;
    /* the journal, in order: each command's type and choice; its seed is left 0 (a SPIN's
     * seed is the round's, above) */
    Command commands[STORE_MAX_COMMANDS];
} StoreRound;

/* Debits the bet and opens the round (refused when the balance is short or a round is
 * open). Journals its first command, the SPIN with its seed. */
int store_round_begin(Store *s, const StoreRound *r, int64_t *id, Error *err);
/* Journals a player command of the open round, before it is played: its type and its choice
 * (the tile picked; 0 when the command has none). */
int store_round_command(Store *s, int64_t id, const Command *cmd, Error *err);

typedef struct StoreSettle {
    Money win;
    int free_spins;       /* free and jewel spins played */
    int features;         /* free-spin features awarded */
    int jackpots;         /* progressive hits */
    Money jackpot_paid;
    int64_t pool_added;   /* this round's contribution to the pool */
    int64_t pool_paid;    /* pool units its hits paid out */
    int64_t pool_after;   /* the pool when the round ended */
    char carried_after[256]; /* the state the game carries out of the round */
    int64_t win_bonuses;  /* won in Bonuses */
    int forced_after;     /* the scenario spin the next round starts at */
} StoreSettle;

/* Credits the win, writes the history row, the meters and the pool: one transaction. */
int store_round_settle(Store *s, int64_t id, const StoreSettle *st, Error *err);

/* The open round, if any (found = false when none). */
int store_open_round(Store *s, StoreRound *r, bool *found, Error *err);
/* The scenario position after the last settled round (0 when none). */
int store_forced_cursor(Store *s);

/* A settled round, for game recall. */
typedef struct StoreHistoryRow {
    int64_t id;
    char started[24]; /* UTC, "YYYY-MM-DD HH:MM:SS" */
    uint64_t seed;
    Money bet, win, balance_before, balance_after;
    int free_spins, features, jackpots;
    int forced_from, forced_spins; /* scenario spins it used (0: none, drawn from its seed) */
    int64_t bet_bonuses, win_bonuses; /* its Bonuses bet and won (0 in a game without them) */
    bool forced; /* a scenario forced it (QA's): metered apart from real play (schema 6 on) */
} StoreHistoryRow;

/* The newest settled rounds of a game, newest first: up to `max` rows; returns how many
 * (or -1 with err). */
int store_history(Store *s, const char *game, StoreHistoryRow *rows, int max, Error *err);
/* Any round (settled or open) with its journal, to replay it. */
int store_round_load(Store *s, int64_t id, StoreRound *r, Error *err);

/* The integrity check and the reconciliation. Fills `report` with what is wrong (empty
 * when nothing); returns 0 when both pass. */
typedef struct StoreCheck {
    bool integrity_ok, reconciled;
    char problems[1024];
} StoreCheck;
int store_check(Store *s, StoreCheck *c);

/* The audit, as one JSON object written with cJSON: the file, balance, meters (per game and
 * in total), the round in progress (null when none), the operator log and the check, all
 * read from one snapshot. `pretty`: indented, one member a line (for a person). The caller
 * frees *json. */
int store_audit_json(Store *s, bool pretty, char **json, Error *err);

#endif
