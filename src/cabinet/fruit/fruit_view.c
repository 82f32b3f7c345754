/* fruit_view.c - the fruit machine scene as its round's timeline (core/fruit_play.c) sees it:
 * the FruitPlayView the scene fills. The reels set off toward their stops and land one after
 * another, stopped at once by PLAY, stepped a figure by an advance; the timeline's named
 * sounds as the theme's cues; screenshots, the QA event log, the App's failure, money in
 * the player's words; the payout plan's rungs; AUTO-PLAY's count of a settled round. */
#include "fruit_priv.h"
#include "evlog.h"

#define SPIN_TICKS APP_MS_TICKS(900)
#define REEL_GAP APP_MS_TICKS(320)
#define BOUNCE APP_MS_TICKS(160)
#define QUICK_TICKS APP_MS_TICKS(160) /* a reel stopped by PLAY: its landing */
#define QUICK_GAP APP_MS_TICKS(90)    /* ... and between two of them */

/* The reels' longest landing, bounce included, from now. */
static int reels_ticks(const Fruit *f, uint64_t now)
{
    uint64_t last = now;
    for (int c = 0; c < FR_REELS; c++)
        if (f->reel[c].t1 > last)
            last = f->reel[c].t1;
    return (int)(last - now) + BOUNCE;
}

/* The reels not held set off toward their stops; reel c lands at its own tick. */
static int reels_start(void *ctx, const int stops[FRUIT_REELS], uint32_t held, uint64_t now)
{
    Fruit *f = ctx;
    const ReelSet *rs = fruit_reelset(f);
    int k = 0;
    for (int c = 0; c < FR_REELS; c++) {
        FruitReel *rl = &f->reel[c];
        const int len = rs->len[c];
        const float here = fruit_reel_pos(f, c, now);
        if (held >> c & 1u) {
            *rl = (FruitReel){.from = here, .to = here, .t0 = now, .t1 = now, .landed = true};
            continue;
        }
        /* down the strip: several turns, then the stop */
        int turns = 3 + k;
        float to = (float)stops[c] - (float)(turns * len);
        while (to > here - (float)(2 * len))
            to -= (float)len;
        *rl = (FruitReel){.from = here, .to = to, .t0 = now,
                          .t1 = now + (uint64_t)SPIN_TICKS + (uint64_t)(k * REEL_GAP), .spinning = true};
        k++;
    }
    return reels_ticks(f, now);
}

/* PLAY while the reels turn: those still turning land at once, one after another, on the
 * same stops (what they show was decided before they set off). */
static int reels_quick(void *ctx, uint64_t now)
{
    Fruit *f = ctx;
    const ReelSet *rs = fruit_reelset(f);
    int k = 0;
    for (int c = 0; c < FR_REELS; c++) {
        FruitReel *rl = &f->reel[c];
        if (!rl->spinning || rl->landed || now >= rl->t1)
            continue;
        const float here = fruit_reel_pos(f, c, now), len = (float)rs->len[c];
        float to = rl->to; /* the same stop, a turn or less below where the reel is now */
        while (to + len <= here - 2)
            to += len;
        *rl = (FruitReel){.from = here, .to = to, .t0 = now,
                          .t1 = now + (uint64_t)QUICK_TICKS + (uint64_t)(k * QUICK_GAP), .spinning = true};
        k++;
    }
    return k ? reels_ticks(f, now) : -1;
}

static int reel_step(void *ctx, int c, uint64_t now)
{
    Fruit *f = ctx;
    const float here = fruit_reel_pos(f, c, now);
    f->reel[c] = (FruitReel){.from = here, .to = here - 1, .t0 = now, .t1 = now + (uint64_t)APP_MS_TICKS(260),
                             .landed = true};
    return fruit_reelset(f)->len[c];
}

static void reels_tick(void *ctx, uint64_t now)
{
    Fruit *f = ctx;
    for (int c = 0; c < FR_REELS; c++)
        if (!f->reel[c].landed && now >= f->reel[c].t1) {
            f->reel[c].landed = true;
            fruit_cue(f, "reel_stop", AUDIO_REELS);
        }
}

static void cue(void *ctx, const char *name, PlayLayer layer)
{
    fruit_cue(ctx, name, audio_layer_of(layer));
}

static void spin_sound(void *ctx, bool on)
{
    Fruit *f = ctx;
    if (!on)
        audio_stop_layer(app_audio(f->app), AUDIO_REELS);
    else
        audio_loop(app_audio(f->app), AUDIO_REELS, theme_sound(&f->th, "spin"));
}

static void shot(void *ctx, const char *moment, int k) { fruit_shot(ctx, moment, k); }
static void fail(void *ctx, const Error *err) { app_fail(((Fruit *)ctx)->app, err); }
static void presented(void *ctx, const Event *e) { evlog_presented(app_evlog(((Fruit *)ctx)->app), e); }
static void money_text(void *ctx, Money v, char *out, size_t size)
{
    (void)ctx;
    app_money_text(v, out, size);
}
static int rung_of(void *ctx, Money amount) { return fruit_rung_of(ctx, amount); }

/* The round settled: AUTO-PLAY counts it (and says why it stopped); its end is shot at the
 * next tick, once the frame shows it. */
static void settled(void *ctx)
{
    Fruit *f = ctx;
    const bool was = f->autoplay.active;
    autospin_round(&f->autoplay, f->play.seat.round_bet, f->play.round_win, false);
    if (was && !f->autoplay.active && f->autoplay.stop != AUTOSPIN_DONE)
        fruit_message(f, autospin_stop_text(f->autoplay.stop), false);
    f->end_shot = true;
}

FruitPlayView fruit_view_of(Fruit *f)
{
    return (FruitPlayView){.ctx = f, .reels_start = reels_start, .reels_quick = reels_quick, .reel_step = reel_step,
                           .reels_tick = reels_tick, .cue = cue, .spin_sound = spin_sound, .shot = shot, .fail = fail,
                           .presented = presented, .money_text = money_text, .rung_of = rung_of,
                           .settled = settled};
}
