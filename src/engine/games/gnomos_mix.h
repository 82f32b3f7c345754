/* gnomos_mix.h - Gnomos Mix Golden Edition: what its rules modules share: the lower game
 * (gnomos_mix.c), the upper game (gnomos_mix_upper.c) and its minigames (gnomos_mix_mini.c),
 * the helpers all three use (gnomos_mix_common.c), and the programmed-return controller of
 * the whole machine (gnomos_mix_ctl.c). Each calls only those after it in that list.
 *
 * The controller is a set of pure functions over the game's carried state (GnomosCarried,
 * in GameRules.carried order) and its configuration: the round asks it what may happen
 * (a prize of so much, a hold, advances, an Extra Spin, a ladder step up) and tells it what
 * was paid. Money in minor units (cents); the reserve in hundredths of a cent, so that the
 * configured share of any bet (bet x percent) is exact. */
#ifndef SLOTCAB_GNOMOS_MIX_H
#define SLOTCAB_GNOMOS_MIX_H

#include "games.h"
#include "machine.h"
#include "gnomos_mix_events.h"

#include <stdbool.h>
#include <stdint.h>

enum {
    GM_RUNGS = 9, /* the ladder: Any Diamonds, Plums .. Bells, Green, Red, Blue Diamond */
    GM_RUNG_GREEN = 6,
    GM_RUNG_BELL = 5,
};

/* The carried state, by index. */
typedef enum GnomosCarried {
    GMC_RESERVE, /* what the cycle still owes the players, hundredths of a cent (may be < 0) */
    GMC_GAMES,   /* games played in the present cycle */
    GMC_BET,     /* bet in the present cycle, cents */
    GMC_PAID,    /* paid in the present cycle, cents (Bonuses at their worth) */
    GMC_CYCLES,  /* cycles completed */
    GMC__COUNT
} GnomosCarried;

typedef struct GnomosCtl {
    int64_t percent;      /* the return the operator set, 70..95 */
    int64_t cycle_games;  /* games in a cycle */
    int64_t target_x_bet; /* the reserve the controller keeps, in bets */
    int64_t credit_x_bet; /* how far below zero it may go early in a cycle, in bets */
} GnomosCtl;

/* A game begins: a new cycle when the last one is complete, then the bet's share is fed. */
void gnomos_ctl_begin(const GnomosCtl *c, int64_t *v, Money bet);
/* What may be paid now, in cents (never below 0): the reserve plus the credit left. */
Money gnomos_ctl_room(const GnomosCtl *c, const int64_t *v, Money bet);
/* Pays (or, negative, takes back) cents. */
void gnomos_ctl_pay(int64_t *v, Money cents);
/* The chance, in thousandths, that a feature (a hold, advances) is given, and that an Extra
 * Spin follows a losing game: more as the reserve stands above its target. */
uint32_t gnomos_ctl_feature_chance(const GnomosCtl *c, const int64_t *v, Money bet);
uint32_t gnomos_ctl_extra_chance(const GnomosCtl *c, const int64_t *v, Money bet);
/* The controller's meters, for the operator: at most max lines; returns how many. */
int gnomos_ctl_report(const GnomosCtl *c, const int64_t *v, StateLine *out, int max);
/* Why carried values cannot be a cabinet's (NULL: they can). */
const char *gnomos_ctl_refuses(const GnomosCtl *c, const int64_t *v);

/* ---- helpers the lower and upper games share (gnomos_mix_common.c) ----------------------- */

/* The value a scenario forces for named draw `which`, else `drawn`. */
int64_t gnomos_draw(Machine *m, int which, int64_t drawn);
/* A weighted draw among the n entries whose value is within [lo, hi] (always one draw from
 * the round's RNG; -1: none is). */
int gnomos_weighted(Machine *m, const int64_t *w, const Money *value, int n, Money lo, Money hi);
/* Bonuses worth `cents` at `worth` each, the remainder rounded at random (draw bonus_round). */
int64_t gnomos_to_bonuses(Machine *m, Money worth, Money cents);
/* Bonuses won: counted in the round and paid to the controller at their worth. */
void gnomos_win_bonuses(Machine *m, Money worth, int64_t n);
/* A forced column: the stop whose window shows it, else one whose centre does, else `drawn`. */
uint16_t gnomos_find_stop(const ReelSet *rs, const Grid *f, int c, uint16_t drawn);

/* ---- what a scenario may force (gnomos_mix_common.c) --------------------------------------- */

/* Each takes its named draw's forced value, if any, refusing one the rules cannot give here
 * (machine_refuse_draw), and returns the value the round goes on with (`drawn` when none). */
/* The remainder of `cents` in Bonuses of `worth`, rounded up (bonus_round): not when none is. */
bool gnomos_forced_round_up(Machine *m, Money worth, Money cents, bool drawn);
/* Advances (advances): only when a prize or pair (money_only: a money prize) is within
 * reach, nmin of them at least, at most max_adv (nmin > max_adv: none is within reach). */
int gnomos_forced_advances(Machine *m, int drawn, int nmin, int max_adv, bool money_only);
/* Three Choices' bonus prize in Bonuses (choice_bonus): only for an accepted prize below the
 * best refused, up to that `gap`, and within `cap`, the most the bet's prize may reach. */
int64_t gnomos_forced_choice_bonus(Machine *m, int64_t drawn, Money gap, Money cap, Money worth);
/* A forced screen: reported when the strips cannot show it (reels in held_reels kept). */
void gnomos_forced_screen(Machine *m, const ReelSet *rs, const Grid *forced, uint32_t held_reels);

/* ---- the upper game ------------------------------------------------------------------------ */

enum {
    GMU_FIGURES = 8,  /* GNOME .. LOG, after the lower game's ten */
    GMU_LINES = 8,    /* rows 1-3, reels 4-6 (columns), diagonals 7 (down) and 8 (up) */
    GMU_PLATES = 6,   /* the upper bets */
    GMU_TABLE = 16,   /* prizes a minigame table holds at most */
    GMU_ITEMS = 12,   /* Find the Prizes' elements at most */
};

/* The game's named draws (GameRules.draws), the lower game's first. */
enum {
    GMD_HOLD, GMD_ADVANCES, GMD_RISK, GMD_CAULDRON, GMD_EXTRA, GMD_EXTRA_PRIZE, GMD_BONUS_ROUND,
    GMD_MINIGAME,      /* 0: the prize is paid; 1..4: the minigame that replaces it */
    GMD_DOUBLE,        /* each risked fraction: 1 doubled, 0 turned into Bonuses */
    GMD_BASKETS,       /* Strawberry: the baskets the sign lets the player choose (1..3) */
    GMD_BASKET_PRIZES, /* Strawberry: the three prizes shown (indices in the prize table) */
    GMD_BASKET,        /* Strawberry: each basket chosen: which shown prize it hides (0..2) */
    GMD_CHOICE,        /* Three Choices: each round's prize (an index in the prize table) */
    GMD_CHOICE_BONUS,  /* Three Choices: the bonus prize's Bonuses (0: none) */
    GMD_FIND,          /* Find the Prizes: each element: 0 STOP, 1 STOPX2, 2 + k prize k */
    GMD_TREASURE,      /* Discover the Treasure: the prize won (an index in the prize table) */
    GMD__COUNT
};

typedef enum Minigame { MG_NONE, MG_STRAWBERRY, MG_CHOICES, MG_FIND, MG_TREASURE, MG__COUNT } Minigame;
/* their names (GameNames.minigame, and the minigame events' writers, gnomos_mix_events.c) */
#define GM_MINIGAME_NAMES                                                                      \
    {[MG_STRAWBERRY] = "strawberry", [MG_CHOICES] = "three_choices",                           \
     [MG_FIND] = "find_the_prizes", [MG_TREASURE] = "discover_the_treasure"}
typedef enum UpperPhase { UP_IDLE, UP_PICK, UP_CHOICE, UP_DOUBLE } UpperPhase;

typedef struct GnomosUpper {
    const ReelSet *reels;
    GnomosCtl ctl;
    Money worth;                 /* of one Bonus */
    int first;                   /* the symbol index of the first upper figure */
    int64_t pays[GMU_FIGURES];   /* three on a line, in units */
    int64_t plate_bonuses[GMU_PLATES], plate_money[GMU_PLATES], plate_unit[GMU_PLATES],
        plate_max[GMU_PLATES], plate_fraction[GMU_PLATES];
    int64_t mg_w[MG__COUNT - 1], table_x[GMU_TABLE], table_w[GMU_TABLE], basket_w[3],
        find_x[GMU_TABLE], find_pw[GMU_TABLE], find_w[3], bonus_cap;
    int ntable, nfind, nbasket_w, items;
    /* the bet (an upper plate) */
    Money money, stake, unit, max, fraction; /* stake: money + its Bonuses at their worth */
    int64_t bet_bonuses;
    Money table[GMU_TABLE], find[GMU_TABLE]; /* the prize tables in cents at this bet */
    /* the round */
    UpperPhase phase;
    Minigame mg;
    uint16_t stop[3];
    int64_t held;        /* Bonuses held once the bet's were taken */
    Money other;         /* line prizes the minigame does not replace */
    Money floor, value;  /* the minigame: the prize it replaces, and what it stands at (paid) */
    int64_t mg_bonuses;
    int left;            /* choices left: baskets, refusals */
    uint32_t taken;      /* options uncovered (a bit each) */
    Money shown[GMU_ITEMS];
    uint8_t label[GMU_ITEMS];
    int hides[3];        /* Strawberry: the shown prize each basket hides (-1: not yet) */
    Money gathered, best_refused;
    Money rest, kept, frac; /* Double or Bonuses */
    int nfrac;
} GnomosUpper;

int gnomos_upper_check(const GameDef *def, Error *err);
void gnomos_upper_init(GnomosUpper *u, const GameDef *def, const GnomosCtl *ctl);
void gnomos_upper_bet_set(GnomosUpper *u, int64_t plate_bonuses);
/* An upper bet's money (0: no such plate). */
Money gnomos_upper_money(const GameDef *def, int64_t plate_bonuses);
void gnomos_upper_command(GnomosUpper *u, Machine *m, const Command *cmd);
void gnomos_upper_offer(const GnomosUpper *u, Offer *o);
bool gnomos_upper_choose(const GnomosUpper *u, Strategy strategy, Command *out);
const char *gnomos_upper_draw_refuses(int which, int64_t value);
/* The minigames (gnomos_mix_mini.c): begun in place of `replaced` cents of line prizes;
 * each command returns true when it ended the minigame, its prize then in u->value (the
 * upper game goes on with it: the minigames call nothing of the upper game's). */
void gnomos_mini_start(GnomosUpper *u, Machine *m, Minigame which, Money replaced);
bool gnomos_mini_command(GnomosUpper *u, Machine *m, const Command *cmd);
/* What the controller lets the upper game pay now, in cents (gnomos_mix_common.c). */
Money gnomos_upper_room(const GnomosUpper *u, Machine *m);

#endif
