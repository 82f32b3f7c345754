/* slot_round.c - the video slot's round timeline as it reaches the scene: the play core's
 * SlotPlay (core/slot_play.c) keeps the phases, the queue, the wins and the settlement; this
 * fills its SlotPlayView with the scene's reels, the theme's sounds by their keys, F12's
 * screenshots, QA's event log, autospin's count of a settled round and app_fail (a phase's
 * change is the scene's own, slot.c); and its SlotPlayShow with the theme's timings and win tiers
 * (the kind's own moments and lengths are its play kind's, in the play core). It calls
 * slot_reels.c and slot_view.c; the scene (slot.c) calls it. */
#include "slot_priv.h"
#include "evlog.h"

static void view_reels_start(void *ctx, const EventScreen *e) { slot_reels_start(ctx, e); }

/* The first reel slowing down (anticipation), halfway: its screenshot; then the reels move. */
static bool view_reels_update(void *ctx, uint64_t now)
{
    Slot *s = ctx;
    for (int c = 0; c < s->def.cols; c++) {
        const Reel *rl = &s->reel[c];
        if (rl->ant > 0 && rl->moving && rl->t_stop > now && rl->t_stop - now == (uint64_t)(rl->ant / 2)) {
            bool first = true;
            for (int p = 0; p < c; p++)
                first &= !(s->reel[p].ant > 0);
            if (first)
                slot_play_shot(&s->play, "anticipation", -1);
        }
    }
    return slot_reels_update(s);
}

static void view_reels_quick_stop(void *ctx) { slot_reels_quick_stop(ctx); }

static void view_cue(void *ctx, const char *name, PlayLayer layer)
{
    slot_cue(ctx, name, audio_layer_of(layer));
}

static void view_shot(void *ctx, const char *name) { app_shot(((Slot *)ctx)->app, name); }

static void view_presented(void *ctx, const Event *e) { evlog_presented(app_evlog(((Slot *)ctx)->app), e); }

/* Autospin counts the round; where that stopped it, the notice says why. */
static void view_settled(void *ctx, Money total)
{
    Slot *s = ctx;
    bool was = s->autospin.active;
    autospin_round(&s->autospin, s->seat.round_bet, total, s->play.round_jackpot);
    if (was && !s->autospin.active)
        slot_notice(s, autospin_stop_text(s->autospin.stop));
}

static void view_fail(void *ctx, const Error *err) { app_fail(((Slot *)ctx)->app, err); }

SlotPlayView slot_timeline_view(Slot *s)
{
    return (SlotPlayView){.ctx = s,
                          .reels_start = view_reels_start,
                          .reels_update = view_reels_update,
                          .reels_quick_stop = view_reels_quick_stop,
                          .cue = view_cue,
                          .shot = view_shot,
                          .presented = view_presented,
                          .settled = view_settled,
                          .fail = view_fail};
}

SlotPlayShow slot_timeline_show(const Slot *s)
{
    return (SlotPlayShow){.win_ticks = slot_ticks(s, TIME_WIN),
                          .banner_ticks = slot_ticks(s, TIME_BANNER),
                          .count_up_ticks = slot_ticks(s, TIME_COUNT_UP),
                          .big_win_ticks = slot_ticks(s, TIME_BIG_WIN),
                          .big_win_x = s->th.big_win_x,
                          .mega_win_x = s->th.mega_win_x,
                          .epic_win_x = s->th.epic_win_x};
}

void slot_notice(Slot *s, const char *text)
{
    s->notice = text;
    s->notice_t0 = app_tick(s->app);
}
