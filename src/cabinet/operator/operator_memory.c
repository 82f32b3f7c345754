/* operator_memory.c - what both halves of the operator scene (the door and the pages) use:
 * its message line, its text in boxes, and what it reads from the cabinet's memory (the
 * audit, the integrity check, the operator log), read again after every operator action,
 * never per frame. */
#include "operator_priv.h"

#include <stdio.h>
#include <stdlib.h>

void operator_say(Operator *o, bool bad, const char *text)
{
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
}

void operator_money_text(Money m, char *out, size_t size)
{
    snprintf(out, size, "%s%lld.%02lld", m < 0 ? "-" : "", (long long)(m < 0 ? -m : m) / 100,
             (long long)(m < 0 ? -m : m) % 100);
}
