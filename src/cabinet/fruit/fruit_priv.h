/* fruit_priv.h - the fruit machine scene's state, shared by its files. Private to them.
 *
 * Its files are layered: each calls only the files under it, never one above (no two call
 * each other in a circle). From the top:
 *   fruit_scene.c       the scene's entry: made, its tick, its end (calls every file below)
 *   fruit_script.c      the unattended player (a headless scenario, --autoplay, a benchmark)
 *   fruit_windows.c     the windows' host (their callbacks; refresh -> fruit_update_buttons)
 *   fruit.c             the player's presses and the input, into the timeline
 *   fruit_round.c       a round begun (the balance and Bonuses checked), the bet, AUTO's
 *                       answer, the words a round's pictures begin from
 *   fruit_view.c        the scene as the timeline's view (FruitPlayView): the reels turning,
 *                       sounds by name, screenshots, the plan's rungs
 *   fruit_draw.c        the art and drawing, plane by plane
 *   fruit_deck.c        the button deck drawn (cached while it shows the same)
 *   fruit_upper_draw.c  the upper game's plan and lines drawn
 *   fruit_upper.c       the bets and the upper game: the chips and plates, GAME's change and
 *                       its wipe, Double or Bonuses' lamps
 *   fruit_mini.c        the minigames' names, and the pointer over their boards
 *   fruit_plan.c        the payout plan and its ladder lights
 *   fruit_mini_draw.c   the minigames drawn, and the choice under the pointer
 *   fruit_ui.c          small services under them all: sounds, marquee, screenshots,
 *                       the reels turning, the player's settings
 * The round's timeline itself is the play core's (core/fruit_play.c, no SDL): Fruit embeds
 * its FruitPlay (`play`: the phase, the queue, the seat, what the round shows, the upper
 * game's Double or Bonuses and minigames: core/fruit_play_upper.c), which calls the scene
 * back only through the FruitPlayView of fruit_view.c.
 *
 * A Spanish B-type fruit machine of three reels and one prize line (the centre row). The
 * scene never decides an outcome: the machine's events are queued and played back as a
 * timeline (reels land, advances light and are spent, a prize flashes and climbs its
 * ladder, the cauldrons are shown, covered and a lid lifted), and when the queue is empty
 * and the round waits, the machine's offer says what the player may do (hold, advance,
 * collect or risk, pick a lid). */
#ifndef SLOTCAB_FRUIT_PRIV_H
#define SLOTCAB_FRUIT_PRIV_H

#include "fruit.h"
#include "autospin.h"
#include "evqueue.h"
#include "fruit_play.h"
#include "keys.h"
#include "lang.h"
#include "gamedef.h"
#include "machine.h"
#include "scenario.h"
#include "seat_host.h"
#include "theme.h"
#include "widget.h"
#include "windows.h"

#define FR_REELS FRUIT_REELS
#define FR_ROWS 3
#define FR_RUNGS FRUIT_RUNGS
#define FR_PLAN_ROWS 10 /* the rungs and the Bonus figures' row */
#define FR_MAX_ADV 4
#define FR_MAX_BETS 8
#define FR_CELL 200
#define FR_REEL_X 640 /* the first reel's left; reels 220 apart */
#define FR_REEL_PITCH 220
#define FR_REEL_Y 190
#define FR_LINE_ROW 1
#define FR_CHIPS 6      /* the lower game's bets, or the upper game's plates */
#define FR_SWAP_TICKS APP_MS_TICKS(600) /* a game change's wipe */
#define FR_HOLD_ALL_TICKS KEY_HOLD_COLLECT_TICKS /* COLLECT held this long collects all */

typedef enum MiniArt {
    MA_BOARD, MA_BASKET_BIG, MA_BASKET, MA_BASKET_COVERED, MA_STRAWBERRY, MA_SIGN, MA_LEPRECHAUN,
    MA_LEPRECHAUN_HIDDEN, MA_COIN, MA_ELEMENT, MA_ELEMENT_LIT, MA_PLAQUE_PRIZE, MA_PLAQUE_STOP,
    MA_PLAQUE_STOPX2, MA_CAP, MA_TREASURE, MA__COUNT
} MiniArt;

enum {
    FB_HOLD1, FB_HOLD2, FB_HOLD3, /* ADVANCE/HOLD under each reel */
    FB_AUTO, FB_PLAY, FB_COLLECT, FB_BET, FB_AUTOPLAY, FB_AUTORISK, FB_GAME,
    FB_CHIP, FB_CHIP_LAST = FB_CHIP + FR_CHIPS - 1,
    FB_INFO, FB_RULES, FB_HISTORY, FB_OPTIONS, FB_SOUND, FB_FULL, FB_HOME,
    FB__COUNT
};

typedef struct FruitReel {
    float from, to;    /* the strip position shown (the top row's stop) moves from..to */
    uint64_t t0, t1;   /* between these ticks */
    bool spinning;     /* a spin (blurred, with a bounce), not an advance's step */
    bool landed;       /* its stop sound played */
} FruitReel;

typedef struct Fruit {
    App *app;
    GameDef def;
    Theme th;
    SeatHost seat_host; /* the App, as the seat sees it */
    FruitPlay play;     /* the round's timeline: its seat, queue, phase and what it shows */
    Scenario sc;
    bool scripted;
    bool space_plays; /* a setting: the Space bar presses PLAY (Enter always does) */
    char config[512];
    Bet bet;
    int nbets;
    int64_t bets[FR_MAX_BETS]; /* the game file's bets, low to high */
    /* the upper game (a game with the bet options game and upper; else both -1) */
    int opt_game, opt_upper;
    int nplates;
    int64_t plates[FR_MAX_BETS]; /* the game file's upper plates (their Bonuses), low to high */
    bool shown_upper;            /* the screen drawn is the upper game's */
    uint64_t swap_t0;            /* a game change's wipe began at this tick */
    bool swapping;

    /* the payout plan at the bet: each rung's prize; the Bonus figures' Bonuses */
    Money rung[FR_RUNGS];
    int64_t bonus_n[3];
    bool yellow[FR_RUNGS];
    Money plan_at_bet;     /* the bet the plan was worked out for */
    uint64_t bet_lit_t0;   /* the plan's lights running up after a bet was chosen */

    /* art */
    GfxImage backdrop, tile[GAMEDEF_MAX_SYMBOLS], tile_blur[GAMEDEF_MAX_SYMBOLS],
        tile_dim[GAMEDEF_MAX_SYMBOLS], sym_small[GAMEDEF_MAX_SYMBOLS], sym_plan[GAMEDEF_MAX_SYMBOLS];
    GfxImage cauldron, lid, extra, lamp[2], row[4], dot[2], chip_ring;
    GfxImage mini_art[MA__COUNT]; /* the minigames' (a game with an upper game) */
    GfxImage treasure_board;      /* Discover the Treasure's chamber (beside the board's art) */
    GfxImage ic_info, ic_sound_on, ic_sound_off, ic_full, ic_home, ic_left, ic_right, ic_options,
        ic_history, ic_rules, ic_check;
    GfxFont f_big, f_mid, f_small, f_tiny, f_led, f_led_small, f_banner, f_title, f_key;
    ButtonLook look_deck, look_play, look_round, look_plain, look_chip;
    Button btn[FB__COUNT];
    char chip_label[FR_CHIPS][64];

    /* what is on screen beyond the timeline's (f->play) */
    FruitReel reel[FR_REELS];
    bool auto_risk;         /* AUTO-RISK on */
    int changed_for;        /* scripted: the spin a game change was made before (-1 none) */
    uint64_t collect_held_t0; /* COLLECT held down since this tick (0: not held) */
    int lid_hover;
    int autoplayed;
    bool end_shot;      /* the round's end is shot at the next tick */

    Windows *windows;
    Autospin autoplay;
    /* what is drawn the same from frame to frame, kept (gfx_cache_begin) */
    GfxCache plan_cache, column_cache, marquee_cache, deck_cache, icons_cache;
} Fruit;

/* fruit_ui.c: under every other file of the scene (it calls none of them) */
void fruit_cue(Fruit *f, const char *name, AudioLayer layer);
void fruit_message(Fruit *f, const char *text, bool flash);
/* The marquee's smaller second line ("" none); fruit_message() clears it. */
void fruit_message2(Fruit *f, const char *text);
/* A screenshot of a named moment: rRR-NAME (numbered -KK when k >= 0). */
void fruit_shot(Fruit *f, const char *moment, int k);
/* The same, numbered by how many times this moment came in the round: rRR-NAME-KK. */
void fruit_shot_next(Fruit *f, const char *moment);
/* Whether reels are still turning toward their stops (PLAY then stops them). */
bool fruit_reels_turning(const Fruit *f);
/* The player's settings (the bet, Space plays) from and into the memory. */
void fruit_settings_load(Fruit *f);
void fruit_settings_save(Fruit *f);

/* fruit.c: the player's presses and the input, over the timeline (core/fruit_play.c) */
/* The player's presses, as the input and the scripted runs make them. */
void fruit_press_reel(Fruit *f, int reel);
/* A minigame's choice i (-1: the one PLAY takes), where the offer has it. */
void fruit_press_choice(Fruit *f, int i);
void fruit_press_play(Fruit *f);
/* COLLECT; `all`: all that is left (held COLLECT, Shift+C), where the offer allows it. */
void fruit_press_collect(Fruit *f, bool all);
void fruit_press_auto(Fruit *f);
/* Every button's state now (the windows' too). */
void fruit_update_buttons(Fruit *f);
/* The scene's input (its Scene.input). */
void fruit_input(void *self, const Input *in);
/* A tick after the scripted player's (`since`: the phase's age at the tick's start): the
 * game's AUTO answers, AUTO-PLAY's next game, a held COLLECT, the game change's wipe, the
 * timeline's tick (its phase's moments and its end), then the buttons. */
void fruit_tick(Fruit *f, uint64_t now, uint64_t since);

/* fruit_view.c: the scene as the timeline sees it (its FruitPlayView): the reels turning,
 * the theme's sounds, screenshots, the upper game's and the minigames' events */
FruitPlayView fruit_view_of(Fruit *f);

/* fruit_round.c */
/* A round begun if the balance (and the Bonuses) cover its bet, and its first events played. */
void fruit_begin_round(Fruit *f);
/* Plays `bet` from now on if the machine takes it. */
bool fruit_set_bet(Fruit *f, int64_t bet);
/* The offer's command the game's AUTO answers with now (false: none; an unattended run then
 * fails). */
bool fruit_auto_choice(Fruit *f, Command *c);
/* What a round's pictures begin from, in words (Seat.show), and shown again in a replay. */
void fruit_show_words(const Fruit *f, char *out, size_t size);
void fruit_show_restore(Fruit *f, const char *words);

/* fruit_script.c: over fruit.c */
/* Headless runs press what a player would; --autoplay plays rounds through the store. */
void fruit_script_step(Fruit *f);

/* fruit_windows.c: over fruit.c */
Windows *fruit_windows_create(Fruit *f);

/* fruit_upper.c: the bets, and the upper game's place in the scene (the bet options game and upper) */
void fruit_upper_setup(Fruit *f);
bool fruit_is_upper(const Fruit *f);
/* The bet's total money as the machine counts it. */
Money fruit_bet_total(const Fruit *f);
/* The reel set the screen shows: the lower game's "base" or the upper game's "upper". */
const ReelSet *fruit_reelset(const Fruit *f);
/* The chips: the bet option they choose (the bet, or the upper plate), their values. */
int fruit_chip_option(const Fruit *f);
int fruit_nchips(const Fruit *f);
int64_t fruit_chip_value(const Fruit *f, int i);
bool fruit_chip_enabled(const Fruit *f, int64_t v);
/* The chips' places and words for the game played. */
void fruit_chips_layout(Fruit *f);
/* The money and Bonuses of the upper plate of `plate` Bonuses; its words ("0.20 + 1"). */
Money fruit_plate_money(const Fruit *f, int64_t plate);
int64_t fruit_plate_bonuses(const Fruit *f, int64_t plate);
void fruit_plate_text(const Fruit *f, int64_t plate, char *out, size_t size);
/* Whether the balance and the Bonuses held cover the bet now (else a message, when `say`). */
bool fruit_bet_covered(Fruit *f, bool say);
/* GAME: between rounds, to the other game with a wipe (the upper one when both cover it). */
void fruit_game_change(Fruit *f);
/* The wipe's moments; its curtain over the screens. */
void fruit_swap_tick(Fruit *f, uint64_t now);
void fruit_draw_swap(Fruit *f, uint64_t now);
/* Whether COLLECT may take all that is left (CMD_COLLECT with arg 1). */
bool fruit_collect_all_offered(const Fruit *f);
/* Double or Bonuses' two lamps, over the plan's foot while a fraction is on offer or risked. */
bool fruit_upper_risk_shown(const Fruit *f);
void fruit_upper_draw_risk(Fruit *f, uint64_t now);

/* fruit_mini.c: the minigames as the player meets them (their events and choices are the
 * timeline's, core/fruit_play_upper.c) */
/* A minigame's name for people ("Three Choices"). */
const char *fruit_mini_title(int game);
/* The pointer over the minigame: hover; a click's choice (-1: none). */
int fruit_mini_pointer(Fruit *f, const Input *in);

/* fruit_mini_draw.c */
int fruit_mini_load_art(Fruit *f, Error *err);
/* The choice under canvas point (x, y), -1 none. */
int fruit_mini_hit(const Fruit *f, float x, float y);
void fruit_mini_draw(Fruit *f, uint64_t now);

/* fruit_upper_draw.c: the upper game's payout plan for the plate, and its eight lines
 * (numbered at the window's edges; the one paying drawn through its cells). */
void fruit_upper_draw_plan(Fruit *f);
void fruit_upper_draw_lines(Fruit *f, uint64_t now);

/* fruit_plan.c */
/* The plan's prizes at the bet played now. */
void fruit_plan_compute(Fruit *f);
/* The rung of a prize of `amount` at the bet (-1: none). */
int fruit_rung_of(const Fruit *f, Money amount);
void fruit_draw_plan(Fruit *f);
void fruit_draw_paytable(Fruit *f);

/* fruit_deck.c: the deck and the icons, in the board's plane */
void fruit_draw_deck(Fruit *f, uint64_t now);

/* fruit_draw.c */
int fruit_load_art(Fruit *f, Error *err);
void fruit_layout(Fruit *f);
void fruit_draw(void *self);
/* The strip's figure at stop i of reel c (wrapping). */
int fruit_strip(const Fruit *f, int c, int i);
float fruit_reel_pos(const Fruit *f, int c, uint64_t t);

#endif
