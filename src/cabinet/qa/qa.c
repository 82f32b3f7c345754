/* qa.c - QA mode, and the QA layer a window draws over the scene.
 *
 * Whether the cabinet is in QA mode is asked when it matters (a QA key, F12, the picker
 * opening, the start), never cached: the operator's setting may change on the settings page
 * and holds from the next key. The layer over the scene is a window's alone (a headless
 * run's pictures are the game's): REPLAY · ROUND n over QA's replay, FORCED · <scenario> over
 * a round a scenario forced (the memory says which: the round's scenario), and a moment's
 * QA MODE IS OFF when a QA key is pressed outside QA mode. */
#include "app_priv.h"
#include "keys.h"
#include "lang.h"
#include "qa.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define QA_NOTICE_TICKS APP_MS_TICKS(1500)

static bool setting_on(const App *a)
{
    char v[8];
    store_setting(a->real_store, QA_SETTING_KEY, v, sizeof v);
    return !strcmp(v, "1");
}

bool app_qa(const App *a)
{
    return a->opt.headless || a->opt.qa || (!a->opt.kiosk && setting_on(a));
}

int qa_check_start(App *a, Error *err)
{
    if (a->opt.event_log && !app_qa(a))
        return error_set(err, "--event-log: only in QA mode (--qa, or the operator's QA mode setting; "
                         "never in a kiosk)");
    return 0;
}

bool qa_refuse_key(App *a, const Input *in)
{
    if (in->type != INPUT_KEY || (in->key != KEY_PICKER && in->key != KEY_EVENT_LOG) || app_qa(a))
        return false;
    a->qa_off_until = a->tick + QA_NOTICE_TICKS;
    error_print("slotcab: %s: QA mode is off", in->key == KEY_PICKER ? "F3" : "F2");
    return true;
}

bool qa_may_snap(App *a)
{
    if (app_qa(a))
        return true;
    if (a->opt.kiosk) /* F12 is QA's: a visitor at the stand takes no pictures */
        return false;
    if (a->snaps < QA_SNAP_QUOTA) {
        a->snaps++;
        return true;
    }
    if (a->snaps++ == QA_SNAP_QUOTA)
        error_print("slotcab: F12: %d pictures is a run's quota outside QA mode (--qa, or the "
                    "operator's QA mode setting); no more are saved", QA_SNAP_QUOTA);
    a->qa_off_until = a->tick + QA_NOTICE_TICKS;
    return false;
}

void qa_note_round(App *a, int64_t round)
{
    a->forced_round = 0;
    if (round <= 0 || a->opt.headless || attract_on(a->attract)) /* no tags; a showcase: DEMO */
        return;
    StoreRound *r = malloc(sizeof *r);
    Error err;
    if (r && !store_round_load(a->store, round, r, &err) && r->scenario[0]) {
        const char *base = strrchr(r->scenario, '/');
        base = base ? base + 1 : r->scenario;
        size_t n = strlen(base);
        if (n > 5 && !strcmp(base + n - 5, ".json"))
            n -= 5;
        snprintf(a->forced_by, sizeof a->forced_by, "%.*s", (int)(n < 60 ? n : 60), base);
        a->forced_round = round;
    }
    free(r);
}

/* A tag in a plate: a lamp blinking beside the words. */
static void draw_tag(App *a, SDL_FRect box, SDL_Color ground, const char *text)
{
    Error err;
    if (!a->tag_font && gfx_load_font(a->gfx, "fonts/DejaVuSans-Bold.ttf", 30, &a->tag_font, &err)) {
        error_print("slotcab: the QA tags: %s", err.msg);
        a->tag_font = -1;
    }
    if (a->tag_font < 0)
        return;
    gfx_rect(a->gfx, box, ground);
    gfx_frame(a->gfx, box, 3, (SDL_Color){255, 214, 96, 255});
    const bool on = (a->tick / 40) % 3 != 2;
    gfx_rect(a->gfx, (SDL_FRect){box.x + 22, box.y + 18, 16, 16},
             on ? (SDL_Color){255, 64, 64, 255} : (SDL_Color){90, 20, 24, 255});
    GfxText tx = {.font = a->tag_font, .color = {255, 244, 214, 255}, .align = GFX_CENTER,
                  .valign = GFX_MIDDLE, .shadow = true};
    gfx_text_box(a->gfx, (SDL_FRect){box.x + 48, box.y + 4, box.w - 64, box.h - 8}, &tx, text);
}

void qa_draw(App *a)
{
    if (a->opt.headless) /* its --shots frames are the live round's pixels */
        return;
    char t[160], n[24];
    SDL_FRect box = a->tag_box; /* the scene says where (app_replay_tag_at) */
    if (a->replay_shown) {
        snprintf(n, sizeof n, "%lld", (long long)a->replay_shown);
        lang_fill(t, sizeof t, _("REPLAY \xC2\xB7 ROUND {1}"), n, NULL);
        draw_tag(a, box, (SDL_Color){120, 16, 24, 230}, t);
        box.y += box.h + 8;
    }
    if (a->forced_round && !attract_on(a->attract)) {
        lang_fill(t, sizeof t, _("FORCED \xC2\xB7 {1}"), a->forced_by, NULL); /* the scenario's file, as it is */
        draw_tag(a, box, (SDL_Color){150, 70, 0, 235}, t);
        box.y += box.h + 8;
    }
    if (a->tick < a->qa_off_until)
        draw_tag(a, box, (SDL_Color){48, 48, 56, 230}, _("QA MODE IS OFF"));
}

void qa_setting_text(App *a, char *value, size_t vsize, char *how, size_t hsize)
{
    snprintf(value, vsize, "%s", a->opt.kiosk ? _("off (a kiosk)") : a->opt.qa ? _("on (--qa)")
                                 : setting_on(a) ? _("on") : _("off"));
    char quota[16];
    snprintf(quota, sizeof quota, "%d", QA_SNAP_QUOTA);
    lang_fill(how, hsize, _("Left/Right: on/off; the picker (F3, S), the event log (F2), F12 past {1} pictures"),
              quota, NULL);
}

int qa_toggle_setting(App *a, Error *err)
{
    if (a->opt.kiosk)
        return error_set(err, "QA mode: never in a kiosk (the setting holds when the cabinet runs without --kiosk)");
    return store_set_setting_logged(a->real_store, QA_SETTING_KEY, setting_on(a) ? "0" : "1", err);
}
