/* test_lang.c - the cabinet's language (core/lang.c): a catalogue compiled by msgfmt read
 * (words, plurals, contexts, a missing word counted), a damaged or foreign one refused with
 * its file named, the language the environment asks for, money and numbers the Spanish way.
 *
 *   test_lang ES_MO BAD_PLURAL_MO REAL_ES_MO
 * ES_MO is tests/data/lang/es.po compiled, BAD_PLURAL_MO fr.po's (French's plural rule),
 * REAL_ES_MO the cabinet's own po/es.po compiled. */
#include "lang.h"
#include "opconfig.h"
#include "opdoor.h"
#include "test.h"

#include <errno.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *es_mo, *bad_mo, *real_mo;
static char root[64];

/* A locale folder holding `mo` as <root>/<sub>/es/LC_MESSAGES/slotcab.mo, the first `keep`
 * bytes of it (all when keep is 0); its path in dir. */
static void locale_dir(const char *sub, const char *mo, long keep, char *dir, size_t size)
{
    snprintf(dir, size, "%s/%s", root, sub);
    char path[512];
    snprintf(path, sizeof path, "%s/es", dir);
    mkdir(dir, 0700);
    mkdir(path, 0700);
    snprintf(path, sizeof path, "%s/es/LC_MESSAGES", dir);
    mkdir(path, 0700);
    snprintf(path, sizeof path, "%s/es/LC_MESSAGES/slotcab.mo", dir);
    FILE *in = fopen(mo, "rb"), *out = fopen(path, "wb");
    CHECK(in && out);
    int c;
    for (long n = 0; in && out && (c = fgetc(in)) != EOF && (!keep || n < keep); n++)
        fputc(c, out);
    if (in)
        fclose(in);
    if (out)
        fclose(out);
}

static void test_english_is_the_words_as_written(void)
{
    lang_reset();
    CHECK_EQ_STR(lang_code(), "en");
    CHECK_EQ_STR(_("WIN"), "WIN");
    CHECK_EQ_STR(lang_trn("%d FREE SPIN", "%d FREE SPINS", 1), "%d FREE SPIN");
    CHECK_EQ_STR(lang_trn("%d FREE SPIN", "%d FREE SPINS", 0), "%d FREE SPINS");
    CHECK_EQ_STR(lang_trc("button", "STOP"), "STOP");
    CHECK_EQ_INT(lang_missing(), 0);
    Error err;
    CHECK(lang_use("en", "/nonexistent", &err) == 0); /* English needs no catalogue */
}

static void test_spanish_words_plurals_and_contexts(void)
{
    char dir[256];
    locale_dir("good", es_mo, 0, dir, sizeof dir);
    Error err;
    CHECK(lang_use("es_ES.UTF-8", dir, &err) == 0);
    CHECK_EQ_STR(lang_code(), "es");
    CHECK_EQ_STR(_("WIN"), "PREMIO");
    CHECK_EQ_STR(_("HOLD"), "RETENCI\xC3\x93N");
    CHECK_EQ_STR(lang_trn("%d FREE SPIN", "%d FREE SPINS", 1), "%d TIRADA GRATIS");
    CHECK_EQ_STR(lang_trn("%d FREE SPIN", "%d FREE SPINS", 10), "%d TIRADAS GRATIS");
    CHECK_EQ_STR(lang_trn("%d FREE SPIN", "%d FREE SPINS", 0), "%d TIRADAS GRATIS");
    CHECK_EQ_STR(lang_trc("button", "STOP"), "PARAR");
    CHECK_EQ_STR(lang_trc("minigame", "STOP"), "ALTO");
    CHECK_EQ_INT(lang_missing(), 0);
    /* a word the catalogue lacks, or holds empty, is shown in English and counted */
    CHECK_EQ_STR(_("Not yet said"), "Not yet said");
    CHECK_EQ_STR(_("SPIN"), "SPIN");
    CHECK_EQ_STR(lang_trc("nowhere", "STOP"), "STOP");
    CHECK_EQ_STR(_("SPIN"), "SPIN"); /* met again: listed once */
    CHECK_EQ_INT(lang_missing(), 3);
    CHECK_EQ_STR(lang_missing_word(0), "Not yet said");
    CHECK_EQ_STR(lang_missing_word(1), "SPIN");
    CHECK_EQ_STR(lang_missing_word(2), "STOP");
    CHECK(lang_missing_word(3) == NULL);
    lang_reset();
    CHECK_EQ_STR(_("WIN"), "WIN");
    CHECK_EQ_INT(lang_missing(), 0);
}

static void test_a_bad_catalogue_is_refused_naming_it(void)
{
    char dir[256];
    Error err;
    CHECK(lang_use("fr", root, &err) != 0);
    CHECK(strstr(err.msg, "\"fr\"") && strstr(err.msg, "en, es"));
    CHECK(lang_use("es", "/nonexistent", &err) != 0);
    CHECK(strstr(err.msg, "/nonexistent/es/LC_MESSAGES/slotcab.mo"));
    locale_dir("plural", bad_mo, 0, dir, sizeof dir);
    CHECK(lang_use("es", dir, &err) != 0);
    CHECK(strstr(err.msg, "slotcab.mo") && strstr(err.msg, "Plural-Forms") && strstr(err.msg, "n>1"));
    locale_dir("cut", es_mo, 100, dir, sizeof dir); /* its strings cut off */
    CHECK(lang_use("es", dir, &err) != 0);
    CHECK(strstr(err.msg, "slotcab.mo") && strstr(err.msg, "damaged"));
    locale_dir("short", es_mo, 12, dir, sizeof dir);
    CHECK(lang_use("es", dir, &err) != 0);
    CHECK(strstr(err.msg, "not a compiled gettext catalogue"));
    CHECK_EQ_STR(lang_code(), "en"); /* the language is unchanged */
}

static void test_the_cabinets_own_catalogue_loads(void)
{
    char dir[256];
    locale_dir("real", real_mo, 0, dir, sizeof dir);
    Error err;
    CHECK(lang_use("es", dir, &err) == 0);
    lang_reset();
}

/* A failure written in English (stderr, the memory) shown in Spanish: the keypad's and the
 * settings' messages, their parts put back; a part that is a catalogue word translated; a
 * message that follows no template, and any message in English, as it came. */
static void test_an_english_failure_is_shown_translated(void)
{
    char dir[256], out[512], msg[512];
    Error err;
    lang_reset();
    CHECK(opdoor_check_pin("12", &err) != 0);
    CHECK_EQ_STR(err.msg, "a PIN is 4 to 8 digits (0-9), nothing else"); /* English, always */
    CHECK(lang_said(err.msg, opdoor_messages, out, sizeof out) == err.msg);
    locale_dir("real", real_mo, 0, dir, sizeof dir);
    CHECK(lang_use("es", dir, &err) == 0);
    CHECK(opdoor_check_pin("12", &err) != 0);
    CHECK_EQ_STR(err.msg, "a PIN is 4 to 8 digits (0-9), nothing else");
    CHECK_EQ_STR(lang_said(err.msg, opdoor_messages, out, sizeof out), "un PIN tiene de 4 a 8 cifras (0-9), nada más");
    snprintf(msg, sizeof msg, "setting mona-lisa-jewels.jackpot_seed: \"5\": expected a whole number of coins from 1000 to 10000000");
    CHECK_EQ_STR(lang_said(msg, opconfig_messages, out, sizeof out),
                 "ajuste mona-lisa-jewels.jackpot_seed: «5»: se espera un número entero de monedas de 1000 a 10000000");
    snprintf(msg, sizeof msg, "setting gnomos-mix.bet.bet: at least one value must be enabled");
    CHECK_EQ_STR(lang_said(msg, opconfig_messages, out, sizeof out),
                 "ajuste gnomos-mix.bet.bet: al menos un valor debe quedar activo");
    CHECK_EQ_STR(lang_said("the memory cannot be written", opconfig_messages, out, sizeof out),
                 "the memory cannot be written");
    CHECK_EQ_STR(lang_said("setting x", opconfig_messages, out, sizeof out), "setting x"); /* a part cut short */
    CHECK_EQ_STR(LANG_SYMBOL("Quill"), "Pluma"); /* a game's symbol name, in its context */
    CHECK_EQ_STR(LANG_SYMBOL("10"), "10");
    lang_reset();
}

static void test_the_language_the_environment_asks_for(void)
{
    unsetenv("LANGUAGE");
    unsetenv("LC_ALL");
    unsetenv("LC_MESSAGES");
    setenv("LANG", "es_ES.UTF-8", 1);
    CHECK_EQ_STR(lang_from_env(), "es");
    setenv("LC_MESSAGES", "en_GB.UTF-8", 1);
    CHECK_EQ_STR(lang_from_env(), "en");
    setenv("LC_ALL", "es_AR", 1);
    CHECK_EQ_STR(lang_from_env(), "es");
    setenv("LANGUAGE", "de:es:en", 1);
    CHECK_EQ_STR(lang_from_env(), "es");
    unsetenv("LANGUAGE");
    setenv("LC_ALL", "C.UTF-8", 1);
    CHECK_EQ_STR(lang_from_env(), "en");
    CHECK_EQ_INT(lang_find("est"), -1); /* Estonian is not Spanish */
    CHECK_EQ_INT(lang_find("es@euro"), 1);
}

static void test_words_put_into_a_sentence(void)
{
    char out[64];
    lang_fill(out, sizeof out, "BALANCE  {1}", "\xE2\x82\xAC" "5.00", NULL);
    CHECK_EQ_STR(out, "BALANCE  \xE2\x82\xAC" "5.00");
    lang_fill(out, sizeof out, "{2} de {1}", "4", "2", NULL); /* a translation's own order */
    CHECK_EQ_STR(out, "2 de 4");
    lang_fill(out, sizeof out, "{1}{1} {3} {x} {", "a", "b", NULL); /* {3}: no third word */
    CHECK_EQ_STR(out, "aa {3} {x} {");
    lang_fill(out, 6, "{1} and more", "abcdefgh", NULL); /* cut to its room, ended */
    CHECK_EQ_STR(out, "abcde");
    lang_fill(out, sizeof out, "%s %n %d", NULL); /* a format's marks are only text */
    CHECK_EQ_STR(out, "%s %n %d");
}

static void test_money_and_numbers_the_spanish_way(void)
{
    char out[64], dir[256];
    lang_reset();
    lang_money(123456, out, sizeof out);
    CHECK_EQ_STR(out, "\xE2\x82\xAC" "1,234.56");
    lang_money(-5, out, sizeof out);
    CHECK_EQ_STR(out, "-\xE2\x82\xAC" "0.05");
    lang_number(10000, out, sizeof out);
    CHECK_EQ_STR(out, "10,000");
    lang_percent(96.1449, 2, out, sizeof out);
    CHECK_EQ_STR(out, "96.14%");
    lang_amount(123456, out, sizeof out); /* the operator's fields: digits as a keypad types them */
    CHECK_EQ_STR(out, "1234.56");
    lang_amount(-7, out, sizeof out);
    CHECK_EQ_STR(out, "-0.07");
    locale_dir("good", es_mo, 0, dir, sizeof dir);
    Error err;
    CHECK(lang_use("es", dir, &err) == 0);
    lang_money(123456, out, sizeof out);
    CHECK_EQ_STR(out, "1.234,56\xC2\xA0\xE2\x82\xAC");
    lang_money(20, out, sizeof out);
    CHECK_EQ_STR(out, "0,20\xC2\xA0\xE2\x82\xAC");
    lang_money(-100000000, out, sizeof out);
    CHECK_EQ_STR(out, "-1.000.000,00\xC2\xA0\xE2\x82\xAC");
    lang_number(10000, out, sizeof out);
    CHECK_EQ_STR(out, "10.000");
    lang_number(999, out, sizeof out);
    CHECK_EQ_STR(out, "999");
    lang_percent(96.1449, 2, out, sizeof out);
    CHECK_EQ_STR(out, "96,14\xC2\xA0%");
    lang_amount(123456789, out, sizeof out);
    CHECK_EQ_STR(out, "1.234.567,89");
    lang_amount(-7, out, sizeof out);
    CHECK_EQ_STR(out, "-0,07");
    lang_reset();
}

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: test_lang ES_MO BAD_PLURAL_MO REAL_ES_MO\n");
        return 2;
    }
    es_mo = argv[1];
    bad_mo = argv[2];
    real_mo = argv[3];
    snprintf(root, sizeof root, "/tmp/test_lang.XXXXXX");
    if (!mkdtemp(root))
        return 2;
    RUN(test_english_is_the_words_as_written);
    RUN(test_spanish_words_plurals_and_contexts);
    RUN(test_a_bad_catalogue_is_refused_naming_it);
    RUN(test_the_cabinets_own_catalogue_loads);
    RUN(test_an_english_failure_is_shown_translated);
    RUN(test_the_language_the_environment_asks_for);
    RUN(test_words_put_into_a_sentence);
    RUN(test_money_and_numbers_the_spanish_way);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
    if (system(cmd) != 0)
        fprintf(stderr, "test_lang: could not remove %s\n", root);
    return test_done();
}
