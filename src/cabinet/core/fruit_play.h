/* fruit_play.h - the fruit machine's round timeline, in the play core: what the round shows as
 * the machine's events are played back (the screen, the held reels, the advances, the prize
 * and its rung, a risk's outcome, the cauldrons and their lids, the marquee's words), its
 * phase and the one event queue, the seat the commands go through, and the player's presses
 * as commands; the upper game's Double or Bonuses and its four minigames too
 * (fruit_play_upper.c). Plain C with no SDL.
 *
 * Time comes in as ticks of CLOCK_HZ: every entry takes `now`. What the timeline needs of the
 * view (the reels turning, sounds, screenshots, money in words, the plan's rungs, a failure)
 * goes through a FruitPlayView the fruit scene fills and
 * tests/test_fruit_play.c fills with a stub. Sounds are named as the theme names them
 * ("reel_stop", "ladder_up"); the view maps a name to its cue. */
#ifndef SLOTCAB_FRUIT_PLAY_H
#define SLOTCAB_FRUIT_PLAY_H

#include "evqueue.h"
#include "games/gnomos_mix_events.h"
#include "playcue.h"
#include "seat.h"

#define FRUIT_REELS 3
#define FRUIT_RUNGS 9 /* the ladder: Any Diamonds .. Blue Diamond */
#define FRUIT_MS(ms) (((ms) * CLOCK_HZ + 999) / 1000) /* ticks, rounded up */

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

/* The ladder the prize on offer is on (as its EVENT_PRIZE/EVENT_RISK say what losing gives). */
typedef enum FruitLadder { LADDER_NONE, LADDER_BONUS_UP, LADDER_SEESAW, LADDER_UP_NOTHING } FruitLadder;

/* The upper game's minigames, as the engine numbers them (EventMinigame.game, games/gnomos_mix_events.h). */
enum { MINI_NONE, MINI_STRAWBERRY, MINI_CHOICES, MINI_FIND, MINI_TREASURE, MINI__COUNT };
#define MINI_ITEMS 9 /* Find the Prizes' elements, Discover the Treasure's prizes */

/* A minigame's moments: its name comes in; its show (strawberries fall and share, the
 * leprechaun shows his coins, nine prizes go onto the reels and are capped); a choice
 * uncovered (a basket, an element, a cap; the leprechaun's next coins); what it paid. */
typedef enum MiniStep { MS_INTRO, MS_SHOW, MS_REVEAL, MS_ACCEPT, MS_END } MiniStep;

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


/* The view, as the timeline sees it. Every function is called with `ctx`; none may be NULL.
 * The words on the marquee are the timeline's (FruitPlay.message); the view only draws them. */
typedef struct FruitPlayView {
    void *ctx;
    /* The reels not in `held` (bit c: reel c) set off at `now` toward `stops` (the top row's
     * strip index), the timeline's stop[] still the old screen; the ticks until the last lands
     * (its bounce included). */
    int (*reels_start)(void *ctx, const int stops[FRUIT_REELS], uint32_t held, uint64_t now);
    /* PLAY while reels turn: those still turning land at once; the ticks from now until the
     * last lands, or -1 when none was turning. */
    int (*reels_quick)(void *ctx, uint64_t now);
    /* Reel c steps one figure at `now` (the timeline's stop[c] still the one it leaves);
     * the length of its strip. */
    int (*reel_step)(void *ctx, int c, uint64_t now);
    /* A tick of FP_SPIN: reels landing make their sound. */
    void (*reels_tick)(void *ctx, uint64_t now);
    /* The theme's sound of this name (theme_sound()), on `layer`; the spin's loop. */
    void (*cue)(void *ctx, const char *name, PlayLayer layer);
    void (*spin_sound)(void *ctx, bool on);
    /* A screenshot of a named moment, numbered k (-1: not numbered). */
    void (*shot)(void *ctx, const char *moment, int k);
    /* A failure the timeline cannot go on from (out of memory, the memory refused). */
    void (*fail)(void *ctx, const Error *err);
    /* An event taken off the queue to be shown (QA's event log). */
    void (*presented)(void *ctx, const Event *e);
    /* Money in the player's words ("1.20 €"). */
    void (*money_text)(void *ctx, Money v, char *out, size_t size);
    /* The payout plan's rung of a prize of `amount` at the bet (-1: none). */
    int (*rung_of)(void *ctx, Money amount);
    /* The round settled (FP_IDLE now): autoplay's count, the end's screenshot. */
    void (*settled)(void *ctx);
} FruitPlayView;

/* The round as the timeline shows it. The scene embeds it; its fields are read by the view
 * and the upper game's events (which set them, as their events say). */
typedef struct FruitPlay {
    FruitPlayView view;
    Seat seat;
    Machine *m;        /* seat.m */
    EventQueue queue;  /* the machine's events the timeline has not presented yet */
    uint64_t now;      /* the tick of the entry being run */
    FruitPhase phase;
    uint64_t phase_t0;
    int phase_len;     /* ticks */
    uint64_t stop_at;  /* a scenario's STOP moment: PLAY stops the turning reels then (0: never) */
    bool round_active;
    bool recovering;   /* a round a crash left open, its events played back with no time */
    bool shown_upper;  /* the screen is the upper game's */
    int spin_index;
    struct { const char *name; int n; } shots[12]; /* numbered moments in this round */
    int nshots;
    Money round_win;
    int64_t round_bonuses;
    int extra_spins;
    /* the screen */
    int stop[FRUIT_REELS];  /* each reel's stop (the top row's strip index) */
    uint32_t held;          /* reels that did not spin in this game (HELD) */
    uint32_t hold_sel;      /* FP_WAIT on a hold offer: the reels the player holds */
    int adv_left;           /* advance lamps lit */
    int adv_lighting;       /* FP_ADV_GIVEN: lamps to light */
    bool auto_adv;          /* AUTO-ADVANCES on */
    Money prize;            /* PRIZE */
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
    /* the marquee: its words, and a smaller line under them */
    const char *message;
    char message_buf[96], message2[96];
    bool message_flash;
    /* the cauldrons */
    bool cauldrons_known;          /* the three prizes were told before the pick */
    Money cauldron_prize[3];       /* what the cauldrons showed */
    Money lid_prize[3];            /* what each lid hid (after the pick) */
    int lid_choice;                /* -1 until picked */
    bool lids_on;                  /* lids over the reels */
} FruitPlay;

/* The timeline's phase from now on, `ticks` long (none while recovering). */
void fruit_play_set_phase(FruitPlay *p, FruitPhase ph, int ticks);
/* A named cue (none while recovering). */
void fruit_play_cue(FruitPlay *p, const char *name, PlayLayer layer);
/* The names the timeline asks sounds by, NULL-terminated: what a fruit machine's theme may
 * give sounds for, with its view's. */
extern const char *const fruit_play_sounds[];
void fruit_play_say(FruitPlay *p, const char *text, bool flash);
/* The marquee's smaller second line ("" none); fruit_play_say() clears it. */
void fruit_play_say2(FruitPlay *p, const char *text);
/* A screenshot of a named moment, numbered k (-1: not numbered); one numbered by how many
 * times it came in the round. */
void fruit_play_shot(FruitPlay *p, const char *moment, int k);
void fruit_play_shot_next(FruitPlay *p, const char *moment);

/* Takes the next events off the queue and starts showing them (at p->now). */
void fruit_play_advance(FruitPlay *p);
/* A tick: the phase's moments, and its end. */
void fruit_play_tick(FruitPlay *p, uint64_t now);
/* Whether the round waits for the player and the offer has command `t`. */
bool fruit_play_offered(const FruitPlay *p, CommandType t);

/* A round begun with `bet` (debited; Seat.show already set) and its first events played;
 * -1 with err when the memory refused it. */
int fruit_play_begin(FruitPlay *p, const Bet *bet, uint64_t now, Error *err);
/* A round a crash left open, replayed from its journal and its events queued (the caller
 * then plays them: fruit_play_advance). */
int fruit_play_recover(FruitPlay *p, const StoreRound *r, uint64_t now, Error *err);
/* The player's presses, where the offer has them (else nothing): ADVANCE/HOLD under reel c
 * (hold or release it, advance it, pick its lid); PLAY (reels stopped, the holds played, a
 * risk, the middle lid: true when it is a minigame's choice, which the view makes); COLLECT
 * (`all`: all that is left); a lid; a minigame's choice i. */
void fruit_play_press_reel(FruitPlay *p, int c, uint64_t now);
bool fruit_play_press_play(FruitPlay *p, uint64_t now);
void fruit_play_press_collect(FruitPlay *p, bool all, uint64_t now);
void fruit_play_pick_lid(FruitPlay *p, int lid, uint64_t now);
void fruit_play_choose(FruitPlay *p, int i, uint64_t now);
/* The command `c` sent as the answer to the offer (AUTO-PLAY's), and what it brings played. */
void fruit_play_answer(FruitPlay *p, const Command *c, uint64_t now);
/* The offer's command the game's AUTO answers with now; false when none (then, when `who` is
 * not NULL, the failure named after it: a scenario's path, "--autoplay"). */
bool fruit_play_auto_choice(FruitPlay *p, Command *c, const char *who);
/* Whether COLLECT may take all that is left (CMD_COLLECT with arg 1). */
bool fruit_play_collect_all_offered(const FruitPlay *p);
/* The rung's name for people, in the language spoken ("BELLS"; "" none); the ladder of a prize on rung `rung` whose
 * lost risk gives `lose_to` (RiskLoss). */
const char *fruit_play_rung_name(int rung);
/* A count written the language's way ("5.000" in Spanish) into out, which it returns: for the
 * marquee's sentences (lang_fill takes strings). */
const char *fruit_play_count(int64_t v, char *out, size_t size);
FruitLadder fruit_play_ladder_from(int lose_to, int rung);
void fruit_play_free(FruitPlay *p);

/* fruit_play_upper.c: the upper game and its minigames, as the timeline plays their events */
/* An event as the upper game shows it: 0 not its own (the lower game's way), 1 shown (its
 * phase set), -1 taken (go on to the next). */
int fruit_play_upper_event(FruitPlay *p, const Event *e);
/* Double or Bonuses decided: its outcome shown. */
void fruit_play_upper_risk_outcome(FruitPlay *p);
/* A fraction's worth in Bonuses (as losing its risk gives). */
int64_t fruit_play_fraction_bonuses(const FruitPlay *p, Money amount);
/* The marquee's words for a wait: a minigame's (false: no minigame); a risk's (Double or
 * Bonuses, else the ladder's). */
bool fruit_play_mini_words(FruitPlay *p);
void fruit_play_risk_words(FruitPlay *p);
/* A minigame's moment k ticks in (its sounds and screenshots); its moment over. */
void fruit_play_mini_tick(FruitPlay *p, uint64_t k);
void fruit_play_mini_done(FruitPlay *p);
/* The moment a scripted run waits at in a minigame ("strawberry", ...), NULL none. */
const char *fruit_play_mini_moment(const FruitPlay *p);
/* The player's choice i (a basket, an element, a cap; -1: the one PLAY takes) if the offer
 * has it, else -1; ADVANCE/HOLD under reel c: its basket or cap, in Find the Prizes the
 * column's first element not yet chosen (-1: none offered). */
int fruit_play_mini_choice(const FruitPlay *p, int i);
int fruit_play_mini_reel_choice(const FruitPlay *p, int c);

#endif
