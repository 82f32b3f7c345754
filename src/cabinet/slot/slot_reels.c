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

/* A symbol that carries a word on its ribbon (the theme's "label"). */
static bool labelled(const Slot *s, int sym)
{
    return sym >= 0 && sym < s->def.nsymbols && s->th.symbol[sym].label[0];
}

#define BLUR_SPEED 0.2f /* cells per tick: faster, a moving reel's symbols are smeared */
#define PULSE_MAX 1.07f /* a winning symbol's pulse at its largest (slot_draw.c, draw_reels) */

/* The ribbon of a symbol in the cell at (x, y), scaled by `zoom` about the cell's middle: the
 * band under its word (load_symbols puts it at 0.86 of the cell) with the word's own box. */
static SDL_FRect ribbon_at(const Slot *s, float x, float y, float zoom)
{
    const float c = (float)s->th.cell, k = c / 230.0f, half = c / 2;
    const SDL_FRect r = {12 * k, 163 * k, 206 * k, 69 * k}; /* in a 230 px cell */
    return (SDL_FRect){x + half + (r.x - half) * zoom, y + half + (r.y - half) * zoom, r.w * zoom, r.h * zoom};
}

/* A moving reel's ribbon is seen where it meets the window off the held cells. */
static bool ribbon_seen(const Slot *s, int col, SDL_FRect r)
{
    const float c = (float)s->th.cell, top = (float)s->th.reels_y;
    if (r.y + r.h <= top || r.y >= top + c * (float)s->def.rows)
        return false;
    for (int row = 0; row < s->def.rows; row++) {
        const float y0 = top + c * (float)row;
        if (r.y < y0 + c && r.y + r.h > y0 && !(s->play.held & grid_bit(row, col)))
            return true;
    }
    return false;
}

int slot_reel_ribbons(const Slot *s, int col, CellMask grown, SDL_FRect *out, int max)
{
    const Reel *rl = &s->reel[col];
    const float c = (float)s->th.cell, x = (float)s->th.reels_x + c * (float)col, top = (float)s->th.reels_y;
    int n = 0;
    if (rl->moving && slot_reel_speed(rl, app_tick(s->app)) <= BLUR_SPEED) { /* smeared, they have none */
        const float pos = slot_reel_pos(s, rl, app_tick(s->app));
        const int first = (int)floorf(pos);
        for (int i = first < 0 ? 0 : first; i <= first + s->def.rows && i < rl->nband && n < max; i++) {
            const SDL_FRect r = ribbon_at(s, x, roundf(top + ((float)i - pos) * c), 1);
            if (labelled(s, rl->band[i]) && ribbon_seen(s, col, r))
                out[n++] = r;
        }
    }
    for (int r = 0; r < s->def.rows && n < max; r++)
        if ((!rl->moving || (s->play.held & grid_bit(r, col))) && labelled(s, s->play.shown.cell[r][col]))
            out[n++] = ribbon_at(s, x, top + c * (float)r, grown & grid_bit(r, col) ? PULSE_MAX : 1);
    return n;
}

/* The band's symbols passing through the window, from the reel's position now. */
static void draw_band(Slot *s, const Reel *rl, float x, float top)
{
    const uint64_t now = app_tick(s->app);
    const float c = (float)s->th.cell, pos = slot_reel_pos(s, rl, now);
    const int first = (int)floorf(pos);
    const CellLook look = slot_reel_speed(rl, now) > BLUR_SPEED ? CELL_BLUR : CELL_NORMAL;
    for (int i = first < 0 ? 0 : first; i <= first + s->def.rows && i < rl->nband; i++)
        slot_draw_cell(s, rl->band[i], x, roundf(top + ((float)i - pos) * c), look, 1);
}

void slot_draw_moving_reel(Slot *s, int col, SDL_FRect win)
{
    Gfx *g = app_gfx(s->app);
    const Reel *rl = &s->reel[col];
    const float c = (float)s->th.cell, x = win.x + c * (float)col;
    const int rows = s->def.rows;
    bool any = false;
    for (int r = 0; r < rows; r++)
        if (s->play.held & grid_bit(r, col)) {
            slot_draw_cell(s, s->play.shown.cell[r][col], x, win.y + c * (float)r, CELL_NORMAL, 1);
            any = true;
        }
    if (!any) {
        draw_band(s, rl, x, win.y);
        return;
    }
    for (int r = 0; r < rows;) { /* each run of rows not held, clipped to itself */
        int end = r;
        while (end < rows && !(s->play.held & grid_bit(end, col)))
            end++;
        if (end > r) {
            gfx_clip(g, &(SDL_FRect){x, win.y + c * (float)r, c, c * (float)(end - r)});
            draw_band(s, rl, x, win.y);
        }
        r = end + 1;
    }
    gfx_clip(g, &win);
}
