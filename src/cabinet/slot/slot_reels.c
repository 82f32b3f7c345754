/* slot_reels.c - the reels of the video slot: each spins toward the screen the engine sent
 * and lands at its own tick, the symbols flying by taken from its strip around the stop the
 * engine drew (cosmetic only). Everything moves by ticks, so a headless run lands them on the
 * same frames every time. */
#include "slot_priv.h"

#include <math.h>

bool slot_reel_all_held(const Slot *s, int c)
{
    for (int r = 0; r < s->def.rows; r++)
        if (!(s->play.held & grid_bit(r, c)))
            return false;
    return true;
}

#define ANT_SLOW 0.3f /* an anticipating reel lands at this share of its speed */

/* Cells still to travel with r ticks to go: at full speed, then (anticipation) slowing
 * evenly over its last `ant` ticks to ANT_SLOW of it. */
static float distance(const Reel *rl, float r)
{
    const float v = rl->speed, a = rl->ant;
    if (a <= 0)
        return v * r;
    const float va = v * ANT_SLOW;
    if (r <= a)
        return va * r + (v - va) * r * r / (2 * a);
    return va * a + (v - va) * a / 2 + v * (r - a);
}

/* Where the window's top is in the band, in cells (1 = the target), at tick t. */
float slot_reel_pos(const Slot *s, const Reel *rl, uint64_t t)
{
    if (t < rl->t_stop)
        return 1 + distance(rl, (float)(rl->t_stop - t));
    float b = (float)slot_ticks(s, TIME_BOUNCE), k = (float)(t - rl->t_stop);
    if (k >= b)
        return 1;
    return 1 - 0.16f * sinf(3.14159265f * k / b) * (1 - k / b); /* a small overshoot, settling */
}

float slot_reel_speed(const Reel *rl, uint64_t t)
{
    if (!rl->moving || t >= rl->t_stop)
        return 0;
    const float r = (float)(rl->t_stop - t);
    return rl->ant > 0 && r <= rl->ant ? rl->speed * (ANT_SLOW + (1 - ANT_SLOW) * r / rl->ant)
                                       : rl->speed;
}

bool slot_reel_anticipating(const Reel *rl, uint64_t t)
{
    return rl->moving && rl->ant > 0 && t < rl->t_stop && (float)(rl->t_stop - t) <= rl->ant;
}

const ReelSet *slot_reelset_for(const Slot *s, SpinKind kind)
{
    const ReelSet *rs = gamedef_reelset(&s->def, event_spin_name(&s->def, kind));
    return rs ? rs : &s->def.reelsets[0];
}

/* Sets every reel moving toward `target`; reel c lands at its own tick. The symbols that
 * fly by are the reel's strip around the stop the engine drew (cosmetic only). When the
 * reels landed so far show one scatter fewer than a feature needs, each reel after them
 * slows down over a longer landing of its own (anticipation): the outcome is already
 * drawn; only its showing waits. */
void slot_reels_start(Slot *s, const EventScreen *e)
{
    uint64_t now = app_tick(s->app);
    const ReelSet *rs = slot_reelset_for(s, e->spin);
    int rows = s->def.rows, order = 0;
    const int scatter = gamedef_symbol_with_role(&s->def, ROLE_SCATTER);
    const uint64_t ant = (uint64_t)APP_MS_TICKS(1200);
    int scatters = 0;
    uint64_t t_last = now;
    s->anticipation_cued = false;
    for (int c = 0; c < s->def.cols; c++) {
        Reel *rl = &s->reel[c];
        const bool anticipate = s->scatter_min > 1 && scatter >= 0 && scatters >= s->scatter_min - 1;
        for (int r = 0; r < rows; r++)
            scatters += e->screen.cell[r][c] == scatter;
        if (slot_reel_all_held(s, c)) {
            rl->moving = false;
            continue;
        }
        int len = rs->len[c], stop = e->stops[c] % (len ? len : 1);
        uint64_t t_stop = now + (uint64_t)slot_ticks(s, TIME_SPIN) + (uint64_t)(order++ * slot_ticks(s, TIME_REEL_GAP));
        rl->ant = 0;
        if (anticipate && t_last + ant > t_stop) {
            t_stop = t_last + ant;
            rl->ant = (float)ant;
        }
        t_last = t_stop;
        const float T = (float)(t_stop - now), a = rl->ant;
        /* the cells it passes: at full speed, less while it slows (see distance()) */
        int fill = (int)ceilf(SPEED * (T - a + a * (1 + ANT_SLOW) / 2));
        if (fill + 2 * rows + 1 > BAND_MAX)
            fill = BAND_MAX - 2 * rows - 1;
        int n = 0;
        rl->band[n++] = rs->strip[c][(stop + len - 1) % len];
        for (int r = 0; r < rows; r++)
            rl->band[n++] = e->screen.cell[r][c];
        for (int k = 0; k < fill; k++)
            rl->band[n++] = rs->strip[c][(stop + rows + k) % len];
        for (int r = 0; r < rows; r++)
            rl->band[n++] = s->play.shown.cell[r][c];
        rl->nband = n;
        rl->t0 = now;
        rl->t_stop = t_stop;
        rl->speed = (float)(n - rows - 1) / (T - a + a * (1 + ANT_SLOW) / 2);
        rl->moving = true;
        rl->landed_sound = false;
    }
}

void slot_reels_quick_stop(Slot *s)
{
    uint64_t now = app_tick(s->app);
    int order = 0;
    for (int c = 0; c < s->def.cols; c++) {
        Reel *rl = &s->reel[c];
        if (!rl->moving || rl->t_stop <= now)
            continue;
        uint64_t t = now + 1 + (uint64_t)(order++ * slot_ticks(s, TIME_QUICK_GAP));
        if (t < rl->t_stop) {
            /* keep the band: the window jumps within the blur, then lands */
            float pos = slot_reel_pos(s, rl, now) - 1;
            rl->speed = pos / (float)(t - now);
            rl->ant = 0;
            rl->t_stop = t;
        }
    }
}

/* One tick of the reels; true when all have landed and bounced. */
bool slot_reels_update(Slot *s)
{
    uint64_t now = app_tick(s->app);
    bool done = true;
    for (int c = 0; c < s->def.cols; c++) {
        Reel *rl = &s->reel[c];
        if (!rl->moving)
            continue;
        if (!s->anticipation_cued && slot_reel_anticipating(rl, now)) {
            s->anticipation_cued = true;
            slot_cue(s, "anticipation", AUDIO_WINS);
        }
        if (now >= rl->t_stop && !rl->landed_sound) {
            rl->landed_sound = true;
            slot_cue(s, "reel_stop", AUDIO_UI);
            int scatter = gamedef_symbol_with_role(&s->def, ROLE_SCATTER);
            for (int r = 0; r < s->def.rows; r++)
                if (rl->band[1 + r] == scatter) {
                    slot_cue(s, "scatter", AUDIO_WINS);
                    s->play.scatters_landed++;
                }
            bool last = true;
            for (int k = c + 1; k < s->def.cols; k++)
                last &= !s->reel[k].moving;
            if (last)
                audio_stop_layer(app_audio(s->app), AUDIO_REELS);
        }
        if (now >= rl->t_stop + (uint64_t)slot_ticks(s, TIME_BOUNCE))
            rl->moving = false;
        else
            done = false;
    }
    return done;
}
