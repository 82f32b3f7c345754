/* slot_reels.c - the reels of the video slot: each spins toward the screen the engine sent
 * and lands at its own tick, the symbols flying by taken from its strip around the stop the
 * engine drew (cosmetic only). Everything moves by ticks, so a headless run lands them on the
 * same frames every time. */
#include "slot_priv.h"

#include <math.h>

bool slot_reel_all_held(const Slot *s, int c)
{
    for (int r = 0; r < s->def.rows; r++)
        if (!(s->held & grid_bit(r, c)))
            return false;
    return true;
}

/* Where the window's top is in the band, in cells (1 = the target), at tick t. */
float slot_reel_pos(const Slot *s, const Reel *rl, uint64_t t)
{
    if (t < rl->t_stop)
        return 1 + rl->speed * (float)(rl->t_stop - t);
    float b = (float)slot_ticks(s, TIME_BOUNCE), k = (float)(t - rl->t_stop);
    if (k >= b)
        return 1;
    return 1 - 0.16f * sinf(3.14159265f * k / b) * (1 - k / b); /* a small overshoot, settling */
}

const ReelSet *slot_reelset_for(const Slot *s, SpinKind kind)
{
    const ReelSet *rs = gamedef_reelset(&s->def, event_spin_name(&s->def, kind));
    return rs ? rs : &s->def.reelsets[0];
}

/* Sets every reel moving toward `target`; reel c lands at its own tick. The symbols that
 * fly by are the reel's strip around the stop the engine drew (cosmetic only). */
void slot_reels_start(Slot *s, const EventScreen *e)
{
    uint64_t now = app_tick(s->app);
    const ReelSet *rs = slot_reelset_for(s, e->spin);
    int rows = s->def.rows, order = 0;
    for (int c = 0; c < s->def.cols; c++) {
        Reel *rl = &s->reel[c];
        if (slot_reel_all_held(s, c)) {
            rl->moving = false;
            continue;
        }
        int len = rs->len[c], stop = e->stops[c] % (len ? len : 1);
        uint64_t t_stop = now + (uint64_t)slot_ticks(s, TIME_SPIN) + (uint64_t)(order++ * slot_ticks(s, TIME_REEL_GAP));
        int fill = (int)ceilf(SPEED * (float)(t_stop - now));
        if (fill + 2 * rows + 1 > BAND_MAX)
            fill = BAND_MAX - 2 * rows - 1;
        int n = 0;
        rl->band[n++] = rs->strip[c][(stop + len - 1) % len];
        for (int r = 0; r < rows; r++)
            rl->band[n++] = e->screen.cell[r][c];
        for (int k = 0; k < fill; k++)
            rl->band[n++] = rs->strip[c][(stop + rows + k) % len];
        for (int r = 0; r < rows; r++)
            rl->band[n++] = s->shown.cell[r][c];
        rl->nband = n;
        rl->t0 = now;
        rl->t_stop = t_stop;
        rl->speed = (float)(n - rows - 1) / (float)(t_stop - now);
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
            rl->t_stop = t;
        }
    }
    s->fast = true;
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
        if (now >= rl->t_stop && !rl->landed_sound) {
            rl->landed_sound = true;
            slot_cue(s, CUE_REEL_STOP, AUDIO_UI);
            int scatter = gamedef_symbol_with_role(&s->def, ROLE_SCATTER);
            for (int r = 0; r < s->def.rows; r++)
                if (rl->band[1 + r] == scatter) {
                    slot_cue(s, CUE_SCATTER, AUDIO_WINS);
                    s->scatters_landed++;
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
