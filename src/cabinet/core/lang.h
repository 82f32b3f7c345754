/* lang.h - the language the cabinet speaks: its words from a gettext catalogue, its money
 * and numbers written that language's way.
 *
 * Plain C with no SDL (tests/test_lang.c). The words are written in English in the code
 * (and the theme data), marked for xgettext with _() and N_(); po/<code>.po holds a
 * language's translations, which msgfmt compiles at build time into
 * <localedir>/<code>/LC_MESSAGES/slotcab.mo (po/meson.build; installed under share/locale).
 * The catalogue is read here rather than through the C library's gettext(), which speaks a
 * language only when its locale is installed on the machine (a fresh Debian has only C and
 * C.UTF-8): a kiosk speaks Spanish whatever locales it has, and the same commands give the
 * same pixels everywhere. English is the source language and needs no catalogue.
 *
 * A word the catalogue lacks is shown in English and counted (lang_missing): the layout
 * check lists it as a problem. The engine, slotsim's JSON and the memory never see any of
 * this: they stay language-neutral. */
#ifndef SLOTCAB_LANG_H
#define SLOTCAB_LANG_H

#include "error.h"
#include "money.h"

#include <stddef.h>
#include <stdint.h>

#define LANG_DOMAIN "slotcab"
/* The operator's language for the cabinet (and the kiosk), kept in the memory's settings:
 * a code, or empty for the environment's. --lang outranks it. */
#define LANG_SETTING_KEY "cabinet.lang"

/* The languages the cabinet offers, in the order the options show them. */
typedef struct LangInfo {
    const char *code; /* "en", "es" */
    const char *name; /* in its own words: "English", "Español" */
} LangInfo;
int lang_count(void);
const LangInfo *lang_info(int i);
/* The index of the language `code` names ("es", "es_ES.UTF-8", "es_AR"), or -1. */
int lang_find(const char *code);
/* The language the environment asks for (LANGUAGE's first, LC_ALL, LC_MESSAGES, LANG, as
 * gettext reads them), or "en" when it names none the cabinet offers. */
const char *lang_from_env(void);

/* Speaks `code` ("en": no catalogue), its catalogue read from `localedir`
 * (<localedir>/<code>/LC_MESSAGES/slotcab.mo). On failure (an unknown code, a missing or
 * damaged catalogue, a plural rule the cabinet cannot follow) the language is unchanged and
 * err names the file and what is wrong. */
int lang_use(const char *code, const char *localedir, Error *err);
/* The same with the catalogue's file named (tests). */
int lang_use_file(const char *code, const char *mo, Error *err);
/* The code of the language spoken now ("en" before any lang_use). */
const char *lang_code(void);
/* Back to English, the catalogue freed. */
void lang_reset(void);

/* The word or sentence in the language spoken now (msgid itself in English or when the
 * catalogue lacks it). */
const char *lang_tr(const char *msgid);
/* In context: two English words that are one to a translator told apart (msgctxt). */
const char *lang_trc(const char *context, const char *msgid);
/* A game's symbol name (games/<id>/game.json: the paytables, the recall, a feature's notices
 * show it), in the language spoken: in the context "symbol", as scripts/po_words.py puts them
 * in the catalogue. */
#define LANG_SYMBOL(name) lang_trc("symbol", (name))
/* The form for n of a word with a plural ("{1} FREE SPIN", "{1} FREE SPINS": lang_fill puts n in). */
const char *lang_trn(const char *singular, const char *plural, int64_t n);
/* The words looked up and not found since the language was chosen (none in English): how
 * many, and each (in the order met; at most 4,096 are kept). The layout check lists them. */
int lang_missing(void);
const char *lang_missing_word(int i);

/* A sentence with words put in: `tmpl`'s {1}, {2}, ... replaced by the arguments that follow
 * (strings, the list ended by NULL), so a translation may put them in its own order
 * ("BALANCE  {1}", "{1} FREE SPINS"). The cabinet never takes a printf format from a
 * catalogue (the build treats any text used as a format as an error); a {N} with no argument,
 * or any other brace, is copied as it is. */
void lang_fill(char *out, size_t size, const char *tmpl, ...);

/* A message written in English from one of `templates` (a NULL-ended list of lang_fill
 * templates, marked N_ where they are kept) said in the language spoken: the template it
 * follows, translated, filled with the parts of msg its {1}..{9} stood for. msg itself when it
 * follows none of them (or in English). A part that is itself a word of the catalogue ("coins")
 * is said translated too; any other (a number, an id) as it is. So a module that fails with an English message (its
 * log and stderr stay English) can have it shown translated. */
const char *lang_said(const char *msg, const char *const *templates, char *out, size_t size);

#define _(s) lang_tr(s)
#define N_(s) (s) /* marked for the catalogue, translated where it is shown */

/* Money the language's way: "€1,234.56" in English, "1.234,56 €" in Spanish. */
void lang_money(Money v, char *out, size_t size);
/* An amount without its currency, as an operator's meters and fields show it: "1234.56" in
 * English (plain digits, as a keypad types them), "1.234,56" in Spanish. */
void lang_amount(Money v, char *out, size_t size);
/* A percentage with `decimals` places: "96.14%" / "96,14 %". */
void lang_percent(double v, int decimals, char *out, size_t size);
/* A whole number grouped by thousands: "10,000" / "10.000". */
void lang_number(int64_t v, char *out, size_t size);

#endif
