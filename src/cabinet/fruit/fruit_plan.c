/* fruit_plan.c - the payout plan: one row per prize, low to high up the column (the Bonus
 * figures' row at the foot), with the prizes of the bet played lit, the rows of each ladder
 * tinted (blue: Sube-Bonos, yellow: Up-Nothing), the prize on offer flashing on its rung
 * and, while a risk is decided, the lights chasing between the two outcomes.
 *
 * The prizes are the game file's (paytable multiples of the bet, the lowest bet's own Red
 * and Blue Diamond, the Bonus figures per lowest bet): what the plan shows, never what a
 * round pays, which the machine's events say. */
#include "fruit_priv.h"

#include <stdio.h>
#include <string.h>

static int64_t param(const GameDef *def, const char *key, int i)
{
    const GameParam *p = gamedef_param(def, key);
    return p && i < p->n ? p->v[i] : 0;
}

void fruit_plan_compute(Fruit *f)
{
    const GameDef *d = &f->def;
    const Money bet = f->bet.v[0];
    static const char *const figures[] = {"PLUM", "GRAPES", "ORANGE", "LEMON", "BELL", "GREEN", "RED", "BLUE"};
    f->rung[0] = bet * param(d, "any_diamonds_x_bet", 0);
    for (int r = 1; r < FR_RUNGS; r++) {
        int s = gamedef_symbol(d, figures[r - 1]);
        f->rung[r] = s >= 0 ? bet * d->pays.pay[s][3] : 0;
    }
    const int64_t low = param(d, "low_bet", 0);
    if (bet == low) {
        f->rung[7] = bet * param(d, "low_bet_red_x_bet", 0);
        f->rung[8] = bet * param(d, "low_bet_blue_x_bet", 0);
    }
    for (int i = 0; i < 3; i++)
        f->bonus_n[i] = low > 0 ? param(d, "bonus_figures", i) * bet / low : 0;
    for (int r = 0; r < FR_RUNGS; r++)
        f->yellow[r] = param(d, "ladder_yellow", r) != 0;
    if (f->plan_at_bet != bet)
        f->bet_lit_t0 = app_tick(f->app);
    f->plan_at_bet = bet;
}

int fruit_rung_of(const Fruit *f, Money amount)
{
    for (int r = FR_RUNGS - 1; r >= 0; r--)
        if (f->rung[r] == amount)
            return r;
    return -1;
}

/* ---- drawing ------------------------------------------------------------------------------ */

#define PLAN_X 35.0f
#define PLAN_Y 138.0f
#define PLAN_PITCH 71.0f
#define ROW_W 520.0f
#define ROW_H 70.0f

/* The row of plan index i (0: the Bonus row at the foot, 1 + r: rung r), in a plan whose
 * top left is (x, y). */
static SDL_FRect row_rect(int i, float x, float y)
{
    return (SDL_FRect){x, y + (float)(FR_PLAN_ROWS - 1 - i) * PLAN_PITCH, ROW_W, ROW_H};
}

/* How lit rung r is now: 0 off, 1 lit (the plan's steady light), 2 flashing bright. */
static int rung_light(const Fruit *f, int r, uint64_t now)
{
    const uint64_t k = now - f->play.phase_t0;
    const bool blink = (now / 12) % 2 == 0;
    if (f->play.phase == FP_WIN && f->play.win_line && f->play.rung_now < 0) /* Bonus figures */
        return 1;
    if (f->play.phase == FP_WIN && f->play.win_line)
        return r == f->play.rung_now ? (blink ? 2 : 1) : ((now / 6 + (uint64_t)r) % 3 == 0 ? 2 : 1);
    if (f->play.phase == FP_RISK) {
        /* the lights chase between the two outcomes, slowing, then settle */
        const int up = f->play.rung_from + 1, down = f->play.ladder == LADDER_SEESAW ? f->play.rung_from - 1 : -2;
        const uint64_t chase = (uint64_t)f->play.phase_len * 2 / 3;
        if (k < chase) {
            const uint64_t period = 6 + k / 12;
            const bool on_up = (k / period) % 2 == 0;
            if (r == up)
                return on_up ? 2 : 0;
            if (r == down || (down == -2 && r == f->play.rung_from))
                return on_up ? 0 : 2;
            return r == f->play.rung_from ? 1 : 0;
        }
        return r == f->play.rung_now ? (blink ? 2 : 1) : 0;
    }
    if (f->play.rung_now >= 0 && (f->play.phase == FP_WAIT || f->play.phase == FP_OUTCOME || f->play.phase == FP_COLLECT ||
                             f->play.phase == FP_LIDS)) {
        if (r == f->play.rung_now)
            return blink ? 2 : 1;
        if (f->play.ladder == LADDER_SEESAW && f->play.phase == FP_WAIT && (r == f->play.rung_now + 1 || r == f->play.rung_now - 1))
            return blink ? 1 : 2; /* the seesaw: both neighbours flash */
        if (f->play.phase == FP_WAIT && r == f->play.rung_now + 1)
            return blink ? 0 : 1;
        return 0;
    }
    /* a bet just chosen: its prizes light up the plan from the foot */
    const uint64_t since = now - f->bet_lit_t0;
    if (f->bet_lit_t0 && since < 60)
        return since >= (uint64_t)(r + 1) * 5 ? 2 : 0;
    return 1;
}

static void draw_figures(Fruit *f, int i, SDL_FRect rr, bool on)
{
    Gfx *g = app_gfx(f->app);
    static const char *const figure[] = {NULL, "PLUM", "GRAPES", "ORANGE", "LEMON", "BELL", "GREEN", "RED", "BLUE"};
    static const char *const mixed[] = {"GREEN", "RED", "BLUE"};
    const float size = 52, y = rr.y + (rr.h - size) / 2;
    for (int k = 0; k < 3; k++) {
        const char *id = i == 0 ? "BONUS" : i == 1 ? mixed[k] : figure[i - 1];
        int s = gamedef_symbol(&f->def, id);
        if (i == 0 && k > 0)
            break;
        if (s >= 0)
            gfx_image(g, f->sym_plan[s], rr.x + 66 + (float)k * 56, y, size, size, on ? 1.0f : 0.55f);
    }
}

/* How lit each row is now (light[i] for plan index i; steady: all lit). */
static void row_lights(const Fruit *f, uint64_t now, bool steady, int light[FR_PLAN_ROWS])
{
    for (int i = 0; i < FR_PLAN_ROWS; i++) {
        const int r = i - 1;
        light[i] = r >= 0 ? rung_light(f, r, now) : (f->play.phase == FP_WIN && f->play.win_line && f->play.rung_now < 0
                                                         ? ((now / 12) % 2 ? 2 : 1) : 1);
        if (steady)
            light[i] = 1;
    }
}

/* The plan's rows at (x, y), each as light[] has it. */
static void draw_rows(Fruit *f, float x, float y, const int light_of[FR_PLAN_ROWS])
{
    Gfx *g = app_gfx(f->app);
    /* a flashing row is bright orange glass: its words dark on it, as a lit lamp's */
    const SDL_Color led = {255, 214, 64, 255}, bright = {42, 16, 0, 255};
    /* an unlit prize dimmer than a lit one, yet readable on its glass (3:1): the amber rows
     * are mid-toned, so a pale one there */
    const SDL_Color led_off = {168, 148, 112, 255}, led_off_amber = {228, 214, 184, 255};
    const SDL_Color name_c = f->th.text;
    GfxText amount = {.font = f->f_led, .align = GFX_RIGHT, .valign = GFX_MIDDLE, .shadow = true};
    GfxText name = {.font = f->f_tiny, .color = name_c, .align = GFX_LEFT, .valign = GFX_MIDDLE, .shadow = true};
    for (int i = 0; i < FR_PLAN_ROWS; i++) {
        const int r = i - 1;
        SDL_FRect rr = row_rect(i, x, y);
        const int light = light_of[i];
        GfxImage art = light == 2 ? f->row[3] : r >= 0 && r < 6 ? (f->yellow[r] ? f->row[2] : f->row[1]) : f->row[0];
        if (r >= 0 && r < 6 && f->yellow[r] && light == 2)
            art = f->row[3];
        gfx_image(g, art, rr.x, rr.y, 0, 0, 1);
        gfx_image(g, f->dot[light > 0], rr.x + 21, rr.y + 21, 28, 28, 1);
        draw_figures(f, i, rr, light > 0);
        char t[48];
        if (r < 0) {
            snprintf(t, sizeof t, "%lld-%lld-%lld", (long long)f->bonus_n[0], (long long)f->bonus_n[1],
                     (long long)f->bonus_n[2]);
            amount.font = f->f_led_small;
        } else {
            app_money_text(f->rung[r], t, sizeof t);
            amount.font = f->f_led;
        }
        amount.color = light == 2 ? bright : light ? led : r >= 0 && r < 6 && f->yellow[r] ? led_off_amber : led_off;
        amount.shadow = name.shadow = light != 2;
        gfx_text_box(g, (SDL_FRect){rr.x + 300, rr.y + 8, 205, rr.h - 16}, &amount, t);
        if (r >= 0 && r != 0 && r <= 5)
            continue; /* a fruit row: its three figures say it */
        name.color = light == 2 ? bright : light ? name_c : f->th.dim;
        const float nx = rr.x + (r < 0 ? 130 : 236);
        gfx_text_box(g, (SDL_FRect){nx, rr.y + 10, rr.x + 300 - nx - 6, rr.h - 20}, &name,
                     r < 0 ? _("BONUSES") : r == 0 ? _("ANY") : "");
    }
}

/* The plan, in the board's plane: drawn into its cached picture only when a light or a
 * prize changes. */
void fruit_draw_plan(Fruit *f)
{
    Gfx *g = app_gfx(f->app);
    int light[FR_PLAN_ROWS];
    row_lights(f, app_tick(f->app), false, light);
    uint64_t key = gfx_hash(GFX_HASH_START, light, sizeof light);
    key = gfx_hash(key, f->rung, sizeof f->rung);
    key = gfx_hash(key, f->bonus_n, sizeof f->bonus_n);
    key = gfx_hash(key, f->yellow, sizeof f->yellow);
    const SDL_FRect area = {PLAN_X, PLAN_Y, ROW_W, (FR_PLAN_ROWS - 1) * PLAN_PITCH + ROW_H};
    if (gfx_cache_begin(g, &f->plan_cache, area, key)) {
        gfx_image_part(g, f->backdrop, area);
        draw_rows(f, PLAN_X, PLAN_Y, light);
        gfx_cache_end(g, &f->plan_cache);
    }
}

/* The paytable window's page: the plan at the bet played, and what its colours mean. */
void fruit_draw_paytable(Fruit *f)
{
    Gfx *g = app_gfx(f->app);
    int light[FR_PLAN_ROWS];
    row_lights(f, 0, true, light);
    draw_rows(f, 250, 150, light);
    char bet[32], t[160];
    app_money_text(f->bet.v[0], bet, sizeof bet);
    static const struct { int row; const char *text; } legend[] = {
        {1, N_("SUBE-BONOS (blue rows): COLLECT, or PLAY/ACCUMULATE for the next prize up or the "
               "prize's worth in Bonuses. Above the Bells it is a seesaw: the next prize up or down.")},
        {2, N_("UP OR NOTHING (yellow rows): COLLECT, or PLAY/ACCUMULATE for the next prize up or nothing.")},
        {0, N_("From the Green Diamond up a direct prize is paid at once; the Blue Diamond, the top, "
               "ends any ladder.")},
        {3, N_("Three Windows on the line open the cauldrons: pick a lid, its prize goes on its ladder.")},
        {4, N_("Bonus figures count from the left reel: one, two or three pay the Bonuses of the foot row.")},
    };
    GfxText h = {.font = f->f_mid, .color = f->th.accent, .align = GFX_LEFT, .valign = GFX_TOP, .shadow = true};
    lang_fill(t, sizeof t, _("PRIZES FOR A BET OF {1}"), bet, NULL);
    gfx_text_box(g, (SDL_FRect){840, 150, 860, 50}, &h, t);
    GfxText p = {.font = f->f_small, .color = f->th.text, .align = GFX_LEFT, .valign = GFX_TOP, .wrap = true,
                 .floor = 0.7f};
    for (size_t i = 0; i < SDL_arraysize(legend); i++) {
        const float y = 230 + (float)i * 118;
        if (legend[i].row < 3)
            gfx_image(g, f->row[legend[i].row], 840, y + 8, 90, 40, 1);
        else
            gfx_image(g, f->sym_plan[gamedef_symbol(&f->def, legend[i].row == 3 ? "WINDOW" : "BONUS")], 860, y, 52,
                      52, 1);
        gfx_text_box(g, (SDL_FRect){950, y, 750, 108}, &p, _(legend[i].text));
    }
}
