/* fruit_priv.h - the fruit machine scene's state, shared by its files. Private to them.
 *
 * Its files are layered: each calls only the files under it, never one above (no two call
 * each other in a circle). From the top:
 *   fruit_scene.c       the scene's entry: made, its tick, its end (calls every file below)
 *   fruit_script.c      the unattended player (a headless scenario, --autoplay, a benchmark)
 *   fruit_windows.c     the windows' host (their callbacks; refresh -> fruit_update_buttons)
 *   fruit.c             the round's timeline (fruit_advance), the player's presses, the input
 *   fruit_draw.c        the art and drawing
 *   fruit_upper_draw.c  the upper game's plan and lines drawn
 *   fruit_round.c       the machine and the memory: commands sent, events queued, rounds
 *                       begun, settled and recovered, the bet, AUTO's answer; it only queues
 *                       events: whoever begins a round then calls fruit_advance (fruit.c)
 *   fruit_upper.c       the bets and the upper game: the chips and plates, GAME's change and
 *                       its wipe, the upper game's events and Double or Bonuses
 *   fruit_mini.c        the minigames' events and moments, and the choices they offer (the
 *                       press that makes one is fruit.c's fruit_press_choice)
 *   fruit_plan.c        the payout plan and its ladder lights
 *   fruit_mini_draw.c   the minigames drawn, and the choice under the pointer
 *   fruit_ui.c          small services under them all: phase, sounds, marquee, screenshots,
 *                       the reels turning, the player's settings
 * Where a lower file's work used to end by playing the next events (a round begun or
 * recovered, a minigame's moment over, a choice sent), it returns and its caller in fruit.c
 * or above calls fruit_advance at that same moment.
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
#include "keys.h"
#include "gamedef.h"
#include "machine.h"
#include "scenario.h"
#include "seat_host.h"
#include "theme.h"
#include "widget.h"
#include "windows.h"

#define FR_REELS 3
#define FR_ROWS 3
#define FR_RUNGS 9      /* Any Diamonds .. Blue Diamond */
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

typedef enum FruitPhase {
    FP_IDLE,       /* waiting for PLAY */
    FP_SPIN,       /* reels turning to the screen of a SCREEN event */
    FP_WIN,        /* a line's prize (or Bonus figures) flashing */
    FP_ADV_GIVEN,  /* the advance lamps lighting one by one */
    FP_ADV_MOVE,   /* a reel advancing one figure */
    FP_EXTRA,      /* the Extra Spin logo, before its spin */
    FP_RISK,       /* the ladder's lights chasing, then the outcome */
    FP_CAULDRONS,  /* the cauldrons shown, their prizes into the Windows, shuffled, covered */
    FP_LIDS,       /* the chosen lid rising, then the others */
    FP_COLLECT,    /* PRIZE counting into BALANCE */
    FP_OUTCOME,    /* a short pause on a message (a risk lost, Bonuses won) */
    FP_WAIT,       /* the round waits for the player: the offer says for what */
    FP_MINI,       /* the upper game's minigame: a moment of it (FruitMini.step) */
} FruitPhase;

/* The upper game's minigames, as the engine numbers them (EventMinigame.game). */
enum { MINI_NONE, MINI_STRAWBERRY, MINI_CHOICES, MINI_FIND, MINI_TREASURE, MINI__COUNT };
#define MINI_ITEMS 9 /* Find the Prizes' elements, Discover the Treasure's prizes */

/* A minigame's moments: its name comes in; its show (strawberries fall and share, the
 * leprechaun shows his coins, nine prizes go onto the reels and are capped); a choice
 * uncovered (a basket, an element, a cap; the leprechaun's next coins); what it paid. */
typedef enum MiniStep { MS_INTRO, MS_SHOW, MS_REVEAL, MS_ACCEPT, MS_END } MiniStep;

typedef enum MiniArt {
    MA_BOARD, MA_BASKET_BIG, MA_BASKET, MA_BASKET_COVERED, MA_STRAWBERRY, MA_SIGN, MA_LEPRECHAUN,
    MA_LEPRECHAUN_HIDDEN, MA_COIN, MA_ELEMENT, MA_ELEMENT_LIT, MA_PLAQUE_PRIZE, MA_PLAQUE_STOP,
    MA_PLAQUE_STOPX2, MA_CAP, MA_TREASURE, MA__COUNT
} MiniArt;

typedef struct FruitMini {
    int game;            /* MINI_*: the minigame on screen (MINI_NONE: none) */
    MiniStep step;
    int choices;         /* the picks (or refusals) the sign gave */
    int left;            /* picks (refusals) left */
    Money replaces, most, paid;
    int64_t bonuses;     /* the Three Choices' bonus prize */
    Money shown[MINI_ITEMS]; /* the baskets' prizes as shown; the nine treasures */
    Money reel[3];       /* Discover the Treasure: the three prizes drawn onto the reels */
    Money opened[MINI_ITEMS]; /* what each choice hid, once uncovered */
    uint8_t label[MINI_ITEMS];
    uint32_t taken;      /* the choices the player made */
    uint32_t uncovered;  /* and those uncovered at the end */
    int pick;            /* the choice being uncovered, -1 */
    int hover;           /* under the pointer, -1 */
    Money coin;          /* Three Choices: the coins' prize on offer */
    int offers;          /* and how many have been shown */
    Money gathered;      /* what the choices came to so far */
} FruitMini;

/* The ladder the prize on offer is on (as its EVENT_PRIZE/EVENT_RISK say what losing gives). */
typedef enum FruitLadder { LADDER_NONE, LADDER_BONUS_UP, LADDER_SEESAW, LADDER_UP_NOTHING } FruitLadder;

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
    Seat seat;
    Machine *m; /* seat.m */
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
    GfxImage cauldron, lid, extra, lamp[2], row[4], dot[2];
    GfxImage mini_art[MA__COUNT]; /* the minigames' (a game with an upper game) */
    GfxImage ic_info, ic_sound_on, ic_sound_off, ic_full, ic_home, ic_left, ic_right, ic_options,
        ic_history, ic_rules, ic_check;
    GfxFont f_big, f_mid, f_small, f_tiny, f_led, f_led_small, f_banner, f_title, f_key;
    ButtonLook look_deck, look_play, look_round, look_plain, look_chip;
    Button btn[FB__COUNT];
    char chip_label[FR_CHIPS][64];

    /* what is on screen */
    FruitReel reel[FR_REELS];
    int stop[FR_REELS];     /* each reel's stop now (the top row's strip index) */
    uint32_t held;          /* reels that did not spin in this game (HELD) */
    uint32_t hold_sel;      /* FP_WAIT on a hold offer: the reels the player holds */
    int adv_left;           /* advance lamps lit */
    int adv_lighting;       /* FP_ADV_GIVEN: lamps to light */
    bool auto_adv;          /* AUTO-ADVANCES on */
    bool auto_risk;         /* AUTO-RISK on */
    Money prize;            /* PRIZE */
    int64_t prize_bonuses;  /* a Bonus figures' win or a risk's Bonuses, shown a moment */
    int rung_now;           /* the prize's rung on the plan, -1 none */
    int rung_from;          /* FP_RISK: the rung risked */
    FruitLadder ladder;
    bool extra_round;       /* the prize came from an Extra Spin */
    Event risk;             /* FP_RISK: the outcome being decided */
    Money count_from;       /* FP_COLLECT: PRIZE counts down from this */
    Money balance_extra;    /* what BALANCE shows beyond the store's (a collect counting) */
    int64_t bonuses_extra;  /* what BONUSES shows beyond the store's, until settled */
    bool win_line;          /* the line's prize is shown flashing */
    EventWin win;
    EventPrize fraction;    /* the upper game: the fraction of Double or Bonuses on offer */
    FruitMini mini;         /* the upper game's minigame */
    int changed_for;        /* scripted: the spin a game change was made before (-1 none) */
    uint64_t collect_held_t0; /* COLLECT held down since this tick (0: not held) */
    const char *message;    /* the marquee: its words, and a smaller line under them */
    char message_buf[96], message2[96];
    bool message_flash;

    /* the cauldrons */
    bool cauldrons_known;       /* the three prizes were told before the pick */
    Money cauldron_prize[3];    /* what the cauldrons showed */
    Money lid_prize[3];         /* what each lid hid (after the pick) */
    int lid_choice;             /* -1 until picked */
    int lid_hover;
    bool lids_on;               /* lids over the reels */

    /* the round being played back */
    EventQueue queue; /* the machine's events the timeline has not presented yet */
    FruitPhase phase;
    uint64_t phase_t0;
    uint64_t stop_at; /* scripted: PLAY stops the turning reels at this tick (0: never) */
    int phase_len;      /* ticks */
    bool round_active;
    bool recovering;
    int spin_index;
    struct { const char *name; int n; } shots[12]; /* numbered moments in this round */
    int nshots;
    int autoplayed;
    bool end_shot;      /* the round's end is shot at the next tick */
    Money round_win;
    int64_t round_bonuses;
    int extra_spins;

    Windows *windows;
    Autospin autoplay;
    uint64_t clock_t0;         /* the clock's minute at tick 0 */
} Fruit;

/* fruit_ui.c: under every other file of the scene (it calls none of them) */
void fruit_set_phase(Fruit *f, FruitPhase p, int ticks);
void fruit_cue(Fruit *f, ThemeCue c, AudioLayer layer);
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

/* fruit.c */
void fruit_advance(Fruit *f);
/* The player's presses, as the input and the scripted runs make them. */
void fruit_press_reel(Fruit *f, int reel);
/* A minigame's choice i (-1: the one PLAY takes), where the offer has it. */
void fruit_press_choice(Fruit *f, int i);
void fruit_press_play(Fruit *f);
/* A round begun (fruit_start_round) and its first events played. */
void fruit_begin_round(Fruit *f);
/* COLLECT; `all`: all that is left (held COLLECT, Shift+C), where the offer allows it. */
void fruit_press_collect(Fruit *f, bool all);
void fruit_press_auto(Fruit *f);
/* Every button's state now (the windows' too). */
void fruit_update_buttons(Fruit *f);
/* The scene's input (its Scene.input). */
void fruit_input(void *self, const Input *in);
/* A tick after the scripted player's (`since`: the phase's age at the tick's start): the
 * game's AUTO answers, AUTO-PLAY's next game, a held COLLECT, the game change's wipe, the
 * phase's moments and its end, then the buttons. */
void fruit_tick(Fruit *f, uint64_t now, uint64_t since);

/* fruit_round.c */
void fruit_queue_events(Fruit *f);
bool fruit_queue_pop(Fruit *f, Event *e);
void fruit_send(Fruit *f, CommandType type, uint32_t arg);
/* A round begun if the balance (and the Bonuses) cover its bet, its first events queued
 * (true); the caller then plays them (fruit_advance). */
bool fruit_start_round(Fruit *f);
void fruit_settle(Fruit *f);
/* A round a crash left open, replayed and its events queued; the caller then plays them. */
int fruit_recover(Fruit *f, const StoreRound *r, Error *err);
/* Plays `bet` from now on if the machine takes it. */
bool fruit_set_bet(Fruit *f, int64_t bet);
/* The offer's command the game's AUTO answers with now (false: none). */
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
/* An event as the upper game shows it: 0 not its own (the lower game's way), 1 shown (its
 * phase set), -1 taken (go on to the next). */
int fruit_upper_event(Fruit *f, const Event *e);
/* Double or Bonuses waiting: its words on the marquee (false: not the upper game's offer). */
bool fruit_upper_wait_message(Fruit *f);
void fruit_upper_risk_outcome(Fruit *f);
/* Whether COLLECT may take all that is left (CMD_COLLECT with arg 1). */
bool fruit_collect_all_offered(const Fruit *f);
/* Double or Bonuses' two lamps, over the plan's foot while a fraction is on offer or risked. */
bool fruit_upper_risk_shown(const Fruit *f);
void fruit_upper_draw_risk(Fruit *f, uint64_t now);

/* fruit_mini.c: the upper game's four minigames, as their events come, and the choices offered */
/* An event of a minigame (0: not one; 1: shown, its phase set; -1: taken, go on). */
int fruit_mini_event(Fruit *f, const Event *e);
/* A minigame's moment is over: the board as it is after it (the caller then goes on). */
void fruit_mini_done(Fruit *f);
/* Its sounds and screenshots inside a moment (k ticks into it). */
void fruit_mini_tick(Fruit *f, uint64_t k);
/* A minigame waiting for the player: its words on the marquee (false: no minigame). */
bool fruit_mini_wait_message(Fruit *f);
/* The moment a scripted run waits at in a minigame ("strawberry", ...), NULL none. */
const char *fruit_mini_moment(const Fruit *f);
/* A minigame's name for people ("Three Choices"). */
const char *fruit_mini_title(int game);
/* The player's choice i (a basket, an element, a cap; -1: the one PLAY takes) if the offer
 * has it, else -1. */
int fruit_mini_choice(const Fruit *f, int i);
/* ADVANCE/HOLD under reel c: its basket or cap; in Find the Prizes, the column's first
 * element not yet chosen (-1: none offered). */
int fruit_mini_reel_choice(const Fruit *f, int c);
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
const char *fruit_rung_name(int rung);
/* The ladder of a prize on rung `rung` (-1: none) whose lost risk gives `lose_to` (RiskLoss). */
FruitLadder fruit_ladder_from(int lose_to, int rung);
/* The marquee's words for the ladder now: its name, and what a risk may give. */
void fruit_ladder_message(Fruit *f);
void fruit_draw_plan(Fruit *f);
void fruit_draw_paytable(Fruit *f);

/* fruit_draw.c */
int fruit_load_art(Fruit *f, Error *err);
void fruit_layout(Fruit *f);
void fruit_draw(void *self);
/* The strip's figure at stop i of reel c (wrapping). */
int fruit_strip(const Fruit *f, int c, int i);
float fruit_reel_pos(const Fruit *f, int c, uint64_t t);

#endif
