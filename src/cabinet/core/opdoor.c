/* opdoor.c - the operator's door: a PIN kept as a libsodium password hash, a count of wrong
 * tries and a lock-out kept in the cabinet's memory, and a log line for each.
 *
 * The idea: the memory holds only what the door needs to judge a try (the hash, the count,
 * the end of a lock), all of it in sealed settings rows, so nothing is remembered in the
 * program between starts and editing the file behind the cabinet's back fails its integrity
 * check. A try is counted before the slow hash check runs and un-counted only by a success,
 * so a try cut short counts as wrong. The PIN is compared by crypto_pwhash_str_verify only.
 * Each series of wrong tries locks the door twice as long as the one before, so guessing
 * the whole 4-digit space at the keypad takes months, not days. */
#include "opdoor.h"

#include "lang.h"

#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int sodium_ready(Error *err)
{
    static bool ready;
    if (!ready && sodium_init() < 0)
        return error_set(err, "the operator's door: libsodium cannot start");
    ready = true;
    return 0;
}

static int64_t setting_int(Store *s, const char *key)
{
    char v[32];
    store_setting(s, key, v, sizeof v);
    return v[0] ? strtoll(v, NULL, 10) : 0;
}

static int set_int(Store *s, const char *key, int64_t value, Error *err)
{
    char v[32];
    snprintf(v, sizeof v, "%lld", (long long)value);
    return store_set_setting(s, key, v, err);
}

/* The failures the keypad meets, as lang_fill templates: written in English (stderr, the
 * memory), shown translated (lang_said). */
const char *const opdoor_messages[] = {
    N_("a PIN is {1} to {2} digits (0-9), nothing else"),
    N_("the PIN is not changed: the old PIN did not open the door ({1})"),
    NULL};

int opdoor_check_pin(const char *pin, Error *err)
{
    size_t n = pin ? strlen(pin) : 0;
    bool digits = n > 0;
    for (size_t i = 0; i < n; i++)
        digits = digits && pin[i] >= '0' && pin[i] <= '9';
    if (digits && n >= OPDOOR_PIN_MIN && n <= OPDOOR_PIN_MAX)
        return 0;
    char lo[8], hi[8], t[ERROR_MSG_MAX];
    snprintf(lo, sizeof lo, "%d", OPDOOR_PIN_MIN);
    snprintf(hi, sizeof hi, "%d", OPDOOR_PIN_MAX);
    lang_fill(t, sizeof t, opdoor_messages[0], lo, hi, NULL);
    return error_set(err, "%s", t);
}

bool opdoor_has_pin(Store *s)
{
    char h[crypto_pwhash_STRBYTES];
    store_setting(s, OPDOOR_KEY_HASH, h, sizeof h);
    return h[0] != 0;
}

int64_t opdoor_now(void)
{
    struct timespec ts;
    if (clock_gettime(CLOCK_REALTIME, &ts))
        return (int64_t)time(NULL);
    return (int64_t)ts.tv_sec;
}

int64_t opdoor_lock_seconds(int64_t n)
{
    int64_t secs = OPDOOR_LOCK_SECONDS;
    for (int64_t i = 1; i < n && secs < OPDOOR_LOCK_MAX_SECONDS; i++)
        secs *= 2;
    return secs < OPDOOR_LOCK_MAX_SECONDS ? secs : OPDOOR_LOCK_MAX_SECONDS;
}

int64_t opdoor_locked_for(Store *s, int64_t now)
{
    int64_t until = setting_int(s, OPDOOR_KEY_LOCKED_UNTIL);
    if (until <= now)
        return 0;
    /* the clock was set back: a lock stays as long as the last lock-out, not longer */
    const int64_t longest = opdoor_lock_seconds(setting_int(s, OPDOOR_KEY_LOCKOUTS));
    if (until - now > longest) {
        until = now + longest;
        set_int(s, OPDOOR_KEY_LOCKED_UNTIL, until, NULL);
    }
    return until - now;
}

/* Judges a try: counts it, checks it, and logs it. `opened` is the log line of a success
 * (NULL: none, for a PIN change, which logs its own). */
static int judge(Store *s, const char *pin, const char *via, int64_t now, const char *opened,
                 OpdoorVerdict *v, Error *err)
{
    char detail[128];
    *v = (OpdoorVerdict){.result = OPDOOR_NO_PIN};
    if (sodium_ready(err))
        return -1;
    char hash[crypto_pwhash_STRBYTES];
    store_setting(s, OPDOOR_KEY_HASH, hash, sizeof hash);
    if (!hash[0])
        return 0;
    int64_t left = opdoor_locked_for(s, now);
    if (left > 0) {
        *v = (OpdoorVerdict){.result = OPDOOR_LOCKED, .seconds_left = left};
        snprintf(detail, sizeof detail, "a try while locked, %lld s left (%s)", (long long)left,
                 via);
        return store_oplog_add(s, "locked out", detail, err);
    }
    int64_t fails = setting_int(s, OPDOOR_KEY_FAILS);
    if (fails < 0)
        fails = 0;
    if (set_int(s, OPDOOR_KEY_FAILS, fails + 1, err)) /* counted before it is checked */
        return -1;
    size_t n = pin ? strlen(pin) : 0;
    if (n && n <= OPDOOR_PIN_MAX &&
        crypto_pwhash_str_verify(hash, pin, (unsigned long long)n) == 0) {
        *v = (OpdoorVerdict){.result = OPDOOR_OPEN};
        if (set_int(s, OPDOOR_KEY_FAILS, 0, err) || /* the series starts again from a minute */
            (setting_int(s, OPDOOR_KEY_LOCKOUTS) && set_int(s, OPDOOR_KEY_LOCKOUTS, 0, err)))
            return -1;
        return opened ? store_oplog_add(s, "door opened", via, err) : 0;
    }
    fails++;
    snprintf(detail, sizeof detail, "try %lld of %d (%s)",
             (long long)(fails < OPDOOR_TRIES ? fails : OPDOOR_TRIES), OPDOOR_TRIES, via);
    if (store_oplog_add(s, "wrong pin", detail, err))
        return -1;
    if (fails < OPDOOR_TRIES) {
        *v = (OpdoorVerdict){.result = OPDOOR_WRONG, .tries_left = (int)(OPDOOR_TRIES - fails),
                             .wrong = true};
        return 0;
    }
    int64_t lockouts = setting_int(s, OPDOOR_KEY_LOCKOUTS);
    lockouts = (lockouts > 0 ? lockouts : 0) + 1;
    const int64_t secs = opdoor_lock_seconds(lockouts);
    *v = (OpdoorVerdict){.result = OPDOOR_LOCKED, .seconds_left = secs, .wrong = true};
    snprintf(detail, sizeof detail,
             "%d wrong PINs in a row: locked for %lld s (lock-out %lld since the right PIN)",
             OPDOOR_TRIES, (long long)secs, (long long)lockouts);
    if (set_int(s, OPDOOR_KEY_LOCKOUTS, lockouts, err) ||
        set_int(s, OPDOOR_KEY_LOCKED_UNTIL, now + secs, err) ||
        set_int(s, OPDOOR_KEY_FAILS, 0, err))
        return -1;
    return store_oplog_add(s, "locked out", detail, err);
}

int opdoor_try(Store *s, const char *pin, const char *via, int64_t now, OpdoorVerdict *v,
               Error *err)
{
    return judge(s, pin, via ? via : "keypad", now, "door opened", v, err);
}

int opdoor_set_pin(Store *s, const char *old, const char *pin, const char *via, int64_t now,
                   Error *err)
{
    if (!via)
        via = "keypad";
    if (opdoor_check_pin(pin, err) || sodium_ready(err))
        return -1;
    bool change = opdoor_has_pin(s);
    if (change) {
        OpdoorVerdict v;
        if (judge(s, old, via, now, NULL, &v, err))
            return -1;
        if (v.result != OPDOOR_OPEN) {
            char why[96];
            opdoor_verdict_text(&v, why, sizeof why);
            char t[ERROR_MSG_MAX];
            lang_fill(t, sizeof t, opdoor_messages[1], why, NULL);
            return error_set(err, "%s", t);
        }
    }
    char hash[crypto_pwhash_STRBYTES];
    if (crypto_pwhash_str(hash, pin, strlen(pin), crypto_pwhash_OPSLIMIT_INTERACTIVE,
                          crypto_pwhash_MEMLIMIT_INTERACTIVE))
        return error_set(err, "the operator's door: cannot hash the PIN (out of memory?)");
    char detail[64];
    snprintf(detail, sizeof detail, "%s (%s)", change ? "changed" : "the first PIN", via);
    if (store_set_setting(s, OPDOOR_KEY_HASH, hash, err) || set_int(s, OPDOOR_KEY_FAILS, 0, err))
        return -1;
    return store_oplog_add(s, "pin set", detail, err);
}

void opdoor_verdict_text(const OpdoorVerdict *v, char *out, size_t size)
{
    switch (v->result) {
    case OPDOOR_OPEN:
        snprintf(out, size, "door open");
        break;
    case OPDOOR_WRONG:
        snprintf(out, size, "wrong PIN, %d %s left", v->tries_left,
                 v->tries_left == 1 ? "try" : "tries");
        break;
    case OPDOOR_LOCKED:
        snprintf(out, size, "%slocked for %lld s", v->wrong ? "wrong PIN: " : "",
                 (long long)v->seconds_left);
        break;
    case OPDOOR_NO_PIN:
        snprintf(out, size, "no operator PIN yet: set one with slotcab --operator");
        break;
    }
}
