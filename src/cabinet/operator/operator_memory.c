/* operator_memory.c - what both halves of the operator scene (the door and the pages) use:
 * its message line, its text in boxes, and what it reads from the cabinet's memory (the
 * audit, the integrity check, the operator log), read again after every operator action,
 * never per frame. */
#include "operator_priv.h"
#include "lang.h"
#include "machine.h"
#include "opconfig.h"
#include "opdoor.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A failure's words: the settings' and the keypad's (written in English, as stderr and the
 * memory keep them) in the language spoken; others as they come (already translated, or a
 * memory's failure, which names its file and SQLite's words). */
void operator_say(Operator *o, bool bad, const char *text)
{
    char said[sizeof o->message];
    if (bad) {
        const char *t = lang_said(text, opconfig_messages, said, sizeof said);
        text = t != text ? t : lang_said(text, opdoor_messages, said, sizeof said);
    }
    snprintf(o->message, sizeof o->message, "%s", text);
    o->message_bad = bad;
}

static GfxFit text(Operator *o, SDL_FRect box, GfxFont f, GfxAlign align, SDL_Color c,
                   const char *s, bool wrap)
{
    return gfx_text_box(app_gfx(o->app), box,
                        &(GfxText){.font = f, .color = c, .align = align, .valign = GFX_MIDDLE,
                                   .wrap = wrap},
                        s);
}

GfxFit operator_text(Operator *o, SDL_FRect box, GfxFont f, GfxAlign align, SDL_Color c,
                     const char *s)
{
    return text(o, box, f, align, c, s, false);
}

GfxFit operator_text_lines(Operator *o, SDL_FRect box, GfxFont f, GfxAlign align, SDL_Color c,
                           const char *s)
{
    return text(o, box, f, align, c, s, true);
}

static void store_get(void *store, const char *key, char *out, size_t size)
{
    store_setting(store, key, out, size);
}

/* The meters of each game's controller: its carried state as the last settled round left
 * it (a new game's when none), read under the operator's configuration of the game. */
static void read_controllers(Operator *o)
{
    o->nctl = 0;
    GameDef *def = malloc(sizeof *def);
    for (int g = 0; def && g < o->ngames && o->nctl < CTL_MAX; g++) {
        const GameRules *r = games_find(o->games[g].rules);
        if (!r || !r->carried_report)
            continue;
        *def = o->games[g];
        char json[512];
        int64_t v[CARRIED_MAX] = {0};
        Error err;
        if (opconfig_apply_all(def, store_get, app_store(o->app), &err)) {
            operator_say(o, true, err.msg);
            continue;
        }
        if (store_carried(app_store(o->app), def->id, json, sizeof json) == 0 &&
            machine_carried_parse(def, json, v, &err)) {
            operator_say(o, true, err.msg);
            continue;
        }
        o->ctl[o->nctl].game = g;
        o->ctl[o->nctl].n = r->carried_report(def, v, o->ctl[o->nctl].line, CTL_LINES);
        o->nctl++;
    }
    free(def);
}

void operator_refresh(Operator *o)
{
    free(o->audit);
    o->audit = NULL;
    cJSON_Delete(o->audit_json);
    o->audit_json = NULL;
    Error err;
    if (store_audit_json(app_store(o->app), false, &o->audit, &err))
        operator_say(o, true, err.msg);
    else
        o->audit_json = cJSON_Parse(o->audit);
    store_check(app_store(o->app), &o->check);
    o->nlog = o->log ? store_oplog(app_store(o->app), o->log, LOG_MAX, &err) : 0;
    if (o->nlog < 0) {
        operator_say(o, true, err.msg);
        o->nlog = 0;
    }
    if (o->log_page * LOG_PER_PAGE >= o->nlog)
        o->log_page = 0;
    read_controllers(o);
}

/* "1234.56" in English, "1.234,56" in Spanish (lang_amount). */
void operator_money_text(Money m, char *out, size_t size) { lang_amount(m, out, size); }

/* 10000 as "10,000" ("10.000" in Spanish). */
void operator_thousands(int64_t v, char *out, size_t size) { lang_number(v, out, size); }

/* Credits in `amount`, by whom, and says so. */
void operator_credit(Operator *o, Money amount, const char *by)
{
    Error err;
    char m[32], t[96];
    operator_money_text(amount, m, sizeof m);
    lang_fill(t, sizeof t, _("credited {1}"), m, NULL);
    if (store_credit_in(app_store(o->app), amount, by, &err))
        operator_say(o, true, err.msg);
    else
        operator_say(o, false, t);
    operator_refresh(o);
}
