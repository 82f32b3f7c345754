/* fruit_upper.c - the upper game's place in the fruit machine scene: a game whose bet has
 * the options `game` (1 lower, 2 upper) and `upper` (the upper plate, named by its Bonuses)
 * is played at either level. GAME (key G), between rounds, changes the level with a wipe of
 * the two screens; the upper game needs the balance and the Bonuses held to cover its plate.
 * The chips and BET choose the lower game's bet or the upper game's plate; the bet's total
 * is here too. Then the upper game's own events (its lines, Double or Bonuses, a minigame's
 * handed to fruit_mini.c) as the timeline (fruit.c) meets them. It calls only fruit_mini.c,
 * fruit_plan.c and fruit_ui.c. */
#include "fruit_priv.h"

#include <stdio.h>
#include <string.h>

static int option_index(const GameDef *def, const char *key)
{
    for (int o = 0; o < def->nbet && o < GAMEDEF_MAX_BET_OPTIONS; o++)
        if (!strcmp(def->bet[o].key, key))
            return o;
    return -1;
}

void fruit_upper_setup(Fruit *f)
{
    f->opt_game = option_index(&f->def, "game");
    f->opt_upper = option_index(&f->def, "upper");
    if (f->opt_game < 0 || f->opt_upper < 0 || !gamedef_reelset(&f->def, "upper"))
        f->opt_game = f->opt_upper = -1;
    f->nplates = 0;
    if (f->opt_upper >= 0) {
        const BetOption *o = &f->def.bet[f->opt_upper];
        for (int i = 0; i < o->nvalues && f->nplates < FR_CHIPS; i++)
            f->plates[f->nplates++] = o->values[i];
    }
}

bool fruit_is_upper(const Fruit *f) { return f->opt_game >= 0 && f->bet.v[f->opt_game] == 2; }

const ReelSet *fruit_reelset(const Fruit *f)
{
    return gamedef_reelset(&f->def, f->play.shown_upper ? "upper" : "base");
}

/* The chips follow the screen shown (a game change swaps them behind its curtain). */
int fruit_chip_option(const Fruit *f) { return f->play.shown_upper ? f->opt_upper : 0; }

int fruit_nchips(const Fruit *f)
{
    if (f->play.shown_upper)
        return f->nplates;
    return f->nbets < FR_CHIPS ? f->nbets : FR_CHIPS;
}

int64_t fruit_chip_value(const Fruit *f, int i) { return f->play.shown_upper ? f->plates[i] : f->bets[i]; }

/* Whether bet option `opt` has the value v as the operator configured the game. */
static bool option_has(const GameDef *def, int opt, int64_t v)
{
    for (int i = 0; i < def->bet[opt].nvalues; i++)
        if (def->bet[opt].values[i] == v)
            return true;
    return false;
}

bool fruit_chip_enabled(const Fruit *f, int64_t v) { return option_has(&f->def, fruit_chip_option(f), v); }

Money fruit_bet_total(const Fruit *f) { return machine_rules(f->play.m)->bet_total(&f->def, &f->bet); }

static Bet plate_bet(const Fruit *f, int64_t plate)
{
    Bet b = f->bet;
    b.v[f->opt_game] = 2;
    b.v[f->opt_upper] = plate;
    return b;
}

Money fruit_plate_money(const Fruit *f, int64_t plate)
{
    const Bet b = plate_bet(f, plate);
    return machine_rules(f->play.m)->bet_total(&f->def, &b);
}

int64_t fruit_plate_bonuses(const Fruit *f, int64_t plate)
{
    const Bet b = plate_bet(f, plate);
    const GameRules *r = machine_rules(f->play.m);
    return r->bet_bonuses ? r->bet_bonuses(&f->def, &b) : 0;
}

void fruit_plate_text(const Fruit *f, int64_t plate, char *out, size_t size)
{
    char m[32];
    app_money_text(fruit_plate_money(f, plate), m, sizeof m);
    snprintf(out, size, "%s + %lld", m, (long long)fruit_plate_bonuses(f, plate));
}

void fruit_chips_layout(Fruit *f)
{
    const bool upper = f->play.shown_upper;
    for (int i = 0; i < FR_CHIPS; i++) {
        /* the upper game's six plates where the lower game's five bets are, side by side (a
         * plate's two lines want the room: 16 px at the least) */
        const SDL_FRect r = upper ? (SDL_FRect){30 + (float)i * 100, 868, 100, 100}
                                  : (SDL_FRect){30 + (float)i * 116, 866, 104, 104};
        f->btn[FB_CHIP + i] = (Button){r, &f->look_chip, NULL, 0, true, i < fruit_nchips(f), false, false};
        f->chip_label[i][0] = 0;
        if (i >= fruit_nchips(f))
            continue;
        if (!upper) /* (a plate's words are drawn in two lines) */
            app_money_text(f->bets[i], f->chip_label[i], sizeof f->chip_label[i]);
    }
}

/* Whether both balances cover a plate. */
static bool plate_covered(Fruit *f, int64_t plate)
{
    return seat_balance(&f->play.seat) >= fruit_plate_money(f, plate) &&
           seat_bonuses(&f->play.seat) >= fruit_plate_bonuses(f, plate);
}

bool fruit_bet_covered(Fruit *f, bool say)
{
    if (!fruit_is_upper(f))
        return seat_balance(&f->play.seat) >= fruit_bet_total(f);
    const int64_t plate = f->bet.v[f->opt_upper];
    if (plate_covered(f, plate))
        return true;
    if (say) {
        char t[160], p[64];
        fruit_plate_text(f, plate, p, sizeof p);
        lang_fill(t, sizeof t,
                  seat_balance(&f->play.seat) < fruit_plate_money(f, plate) ? _("THE UPPER GAME AT {1} NEEDS MORE BALANCE")
                                                                            : _("THE UPPER GAME AT {1} NEEDS MORE BONUSES"),
                  p, NULL);
        fruit_message(f, t, true);
        fruit_message2(f, _("WIN BONUSES IN THE LOWER GAME (G)"));
    }
    return false;
}

void fruit_game_change(Fruit *f)
{
    if (f->opt_game < 0 || f->swapping || f->play.round_active || f->play.phase != FP_IDLE || f->autoplay.active ||
        windows_shown(f->windows) != WINDOW_NONE)
        return;
    Bet b = f->bet;
    if (!fruit_is_upper(f)) {
        /* the plate played last if both balances cover it, else the lowest enabled one that is */
        int64_t plate = -1;
        if (option_has(&f->def, f->opt_upper, b.v[f->opt_upper]) && plate_covered(f, b.v[f->opt_upper]))
            plate = b.v[f->opt_upper];
        const BetOption *o = &f->def.bet[f->opt_upper];
        for (int i = 0; plate < 0 && i < o->nvalues; i++)
            if (plate_covered(f, o->values[i]))
                plate = o->values[i];
        if (plate < 0) {
            char t[160], p[64];
            fruit_plate_text(f, o->nvalues ? o->values[0] : 1, p, sizeof p);
            lang_fill(t, sizeof t, _("THE UPPER GAME NEEDS {1}"), p, NULL);
            fruit_message(f, t, true);
            fruit_message2(f, _("BALANCE AND BONUSES MUST COVER IT"));
            fruit_cue(f, "lose", AUDIO_UI);
            return;
        }
        b = plate_bet(f, plate);
    } else {
        b.v[f->opt_game] = 1;
    }
    Error err;
    if (machine_set_bet(f->play.m, &b, &err))
        return;
    f->bet = b;
    f->swapping = true;
    f->swap_t0 = app_tick(f->app);
    fruit_cue(f, "button", AUDIO_UI);
    fruit_message(f, fruit_is_upper(f) ? _("TO THE UPPER GAME") : _("TO THE LOWER GAME"), false);
    fruit_settings_save(f);
}

void fruit_swap_tick(Fruit *f, uint64_t now)
{
    if (!f->swapping)
        return;
    const uint64_t k = now - f->swap_t0;
    if (k == (uint64_t)FR_SWAP_TICKS / 2) {
        fruit_shot(f, "game-change", -1);
        /* the curtain covers both screens: the other one comes in behind it */
        f->play.shown_upper = fruit_is_upper(f);
        for (int c = 0; c < FR_REELS; c++)
            f->reel[c] = (FruitReel){.landed = true};
        fruit_plan_compute(f);
        fruit_chips_layout(f);
    }
    if (k >= (uint64_t)FR_SWAP_TICKS) {
        f->swapping = false;
        fruit_message(f, _("PRESS PLAY"), false);
        fruit_shot(f, "game-changed", -1);
    }
}

/* The curtain sweeps in from the left over the screen shown, and out to the right over the
 * other: a gold edge leading it. */
void fruit_draw_swap(Fruit *f, uint64_t now)
{
    if (!f->swapping)
        return;
    Gfx *g = app_gfx(f->app);
    const float u = (float)(now - f->swap_t0) / (float)FR_SWAP_TICKS;
    const float x0 = u < 0.5f ? 0 : 1920 * (u - 0.5f) * 2, x1 = u < 0.5f ? 1920 * u * 2 : 1920;
    const SDL_FRect cover = {x0, 0, x1 - x0, 850};
    gfx_rect(g, cover, (SDL_Color){24, 10, 30, 245});
    const float edge = u < 0.5f ? x1 : x0;
    gfx_rect(g, (SDL_FRect){edge - 8, 0, 16, 850}, (SDL_Color){255, 214, 90, 255});
    GfxText t = {.font = f->f_banner, .color = {255, 230, 130, 255}, .align = GFX_CENTER, .valign = GFX_MIDDLE,
                 .shadow = true, .floor = 0.5f};
    if (cover.w > 400)
        gfx_text_box(g, (SDL_FRect){cover.x + 40, 360, cover.w - 80, 140}, &t,
                     fruit_is_upper(f) ? _("UPPER GAME") : _("LOWER GAME"));
}

/* ---- Double or Bonuses ---------------------------------------------------------------------- */

bool fruit_collect_all_offered(const Fruit *f) { return fruit_play_collect_all_offered(&f->play); }

/* The two lamps Double or Bonuses chases between: DOUBLE and the Bonuses. */
bool fruit_upper_risk_shown(const Fruit *f)
{
    return f->play.shown_upper && (f->play.phase == FP_RISK || (f->play.phase == FP_WAIT && f->play.fraction.fraction &&
                                                      (machine_allowed(f->play.m) & 1u << CMD_RISK)));
}

void fruit_upper_draw_risk(Fruit *f, uint64_t now)
{
    const bool risking = f->play.phase == FP_RISK;
    if (!fruit_upper_risk_shown(f))
        return;
    Gfx *g = app_gfx(f->app);
    const Money amount = risking ? f->play.risk.risk.won ? f->play.risk.risk.amount / 2 : f->play.fraction.amount : f->play.fraction.amount;
    char t[2][48], m[32], n[32];
    app_money_text(2 * amount, m, sizeof m);
    lang_fill(t[0], sizeof t[0], _("DOUBLE {1}"), m, NULL);
    lang_fill(t[1], sizeof t[1], _("{1} BONUSES"), fruit_play_count(fruit_play_fraction_bonuses(&f->play, amount), n, sizeof n),
              NULL);
    /* the lights chase, slowing, then settle on the outcome */
    const uint64_t k = now - f->play.phase_t0;
    int lit = (int)(now / 20) % 2;
    if (risking)
        lit = k > (uint64_t)f->play.phase_len * 2 / 3 ? !f->play.risk.risk.won : (int)(k / (6 + k / 20)) % 2;
    GfxText txt = {.font = f->f_small, .align = GFX_CENTER, .valign = GFX_MIDDLE, .shadow = true, .floor = 0.6f};
    for (int i = 0; i < 2; i++) {
        const SDL_FRect r = {40, 706 + (float)i * 64, 510, 56}; /* over the plan's foot */
        const bool on = i == lit;
        gfx_rect(g, r, on ? (SDL_Color){255, 214, 64, 255} : (SDL_Color){70, 40, 20, 255});
        gfx_frame(g, r, 3, (SDL_Color){255, 240, 180, 255});
        txt.color = on ? (SDL_Color){40, 20, 0, 255} : (SDL_Color){255, 230, 160, 255};
        gfx_text_box(g, (SDL_FRect){r.x + 8, r.y + 4, r.w - 16, r.h - 8}, &txt, t[i]);
    }
}
