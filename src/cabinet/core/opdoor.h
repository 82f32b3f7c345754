/* opdoor.h - the operator's door: the PIN that opens the operator menu.
 *
 * A PIN is 4 to 8 digits. It is kept only as a salted, memory-hard hash (libsodium's
 * crypto_pwhash_str, Argon2id at the interactive limits) in the setting operator.pin_hash.
 * OPDOOR_TRIES wrong tries in a row lock the door; each such series locks it twice as long as
 * the one before (1 minute, 2, 4, 8, 16, 32, then 60 at most) until the right PIN opens it,
 * which starts again from a minute. The count, the series and the end of the lock are
 * settings too (operator.pin_fails, operator.pin_lockouts, operator.pin_locked_until in
 * epoch seconds), so closing the cabinet neither resets the count nor lifts the lock. A try counts
 * before its PIN is checked: pulling the plug during the (slow) check gives no free guess.
 * Every opening, wrong try, try while locked, lock-out and PIN change goes into the operator
 * log (store_oplog_add); the PIN itself is never logged, printed or kept.
 *
 * Time is a parameter (`now`, epoch seconds): the cabinet passes opdoor_now(), the real
 * clock, whatever clock a headless run or a recording gives the rest of the session (so no
 * run can stamp a lock into the past or the future); tests pass their own clock. No SDL here. */
#ifndef SLOTCAB_OPDOOR_H
#define SLOTCAB_OPDOOR_H

#include "error.h"
#include "store.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define OPDOOR_PIN_MIN 4
#define OPDOOR_PIN_MAX 8
#define OPDOOR_TRIES 3
#define OPDOOR_LOCK_SECONDS 60       /* the first lock-out of a series */
#define OPDOOR_LOCK_MAX_SECONDS 3600 /* the longest */

#define OPDOOR_KEY_HASH "operator.pin_hash"
#define OPDOOR_KEY_FAILS "operator.pin_fails"
#define OPDOOR_KEY_LOCKED_UNTIL "operator.pin_locked_until"
#define OPDOOR_KEY_LOCKOUTS "operator.pin_lockouts" /* lock-outs since the right PIN last opened */

typedef enum OpdoorResult {
    OPDOOR_OPEN,   /* the right PIN: the count of wrong tries is reset */
    OPDOOR_WRONG,  /* a wrong PIN: tries_left before the door locks */
    OPDOOR_LOCKED, /* locked out, by this try or an earlier one: seconds_left */
    OPDOOR_NO_PIN, /* no PIN has been set yet (opdoor_set_pin) */
} OpdoorResult;

typedef struct OpdoorVerdict {
    OpdoorResult result;
    int tries_left;       /* OPDOOR_WRONG: 1 .. OPDOOR_TRIES - 1 */
    int64_t seconds_left; /* OPDOOR_LOCKED: 1 .. OPDOOR_LOCK_MAX_SECONDS */
    bool wrong;           /* this try's PIN was wrong (OPDOOR_WRONG, or the try that locked) */
} OpdoorVerdict;

/* 0 when `pin` is 4 to 8 digits and nothing else; else -1 with a message saying what a PIN
 * is (it never quotes the PIN). */
int opdoor_check_pin(const char *pin, Error *err);
/* The failures the keypad meets, as lang_fill templates (NULL-ended): what opdoor writes in
 * English, lang_said shows translated. */
extern const char *const opdoor_messages[];

bool opdoor_has_pin(Store *s);

/* Sets the PIN (logged as "pin set"; `via` says how, e.g. "keypad", "--pin-file").
 *
 * With no PIN set yet, `old` is not looked at (pass NULL). To change a PIN, `old` must be the
 * current one: it is tried as opdoor_try() would (a wrong one counts towards the lock-out),
 * and the message says why when it does not open. A new PIN that is not 4 to 8 digits is
 * refused before anything is written. */
int opdoor_set_pin(Store *s, const char *old, const char *pin, const char *via, int64_t now,
                   Error *err);

/* Tries a PIN at the door at time `now`; the verdict says whether it opened. `via` goes into
 * the log's detail. Returns -1 with err only when the memory cannot be written (or the hash
 * cannot be computed): the try is then not judged, and the door stays shut. */
int opdoor_try(Store *s, const char *pin, const char *via, int64_t now, OpdoorVerdict *v,
               Error *err);

/* Seconds the door stays locked from `now` (0: not locked). A lock never reaches further from
 * now than the length of the last lock-out, even after the clock was set back. */
int64_t opdoor_locked_for(Store *s, int64_t now);

/* The length of the n-th lock-out of a series (n from 1): 60 s doubled each time, at most
 * OPDOOR_LOCK_MAX_SECONDS. */
int64_t opdoor_lock_seconds(int64_t n);

/* The real time (CLOCK_REALTIME, epoch seconds): the only clock the cabinet's door uses. */
int64_t opdoor_now(void);

/* The verdict as a short sentence for the operator ("wrong PIN, 2 tries left"). */
void opdoor_verdict_text(const OpdoorVerdict *v, char *out, size_t size);

#endif
