/* gnomos_mix.h - Gnomos Mix Golden Edition's lower game: what its rules module
 * (gnomos_mix.c) and its programmed-return controller (gnomos_mix_ctl.c) share.
 *
 * The controller is a set of pure functions over the game's carried state (GnomosCarried,
 * in GameRules.carried order) and its configuration: the round asks it what may happen
 * (a prize of so much, a hold, advances, an Extra Spin, a ladder step up) and tells it what
 * was paid. Money in minor units (cents); the reserve in hundredths of a cent, so that the
 * configured share of any bet (bet x percent) is exact. */
#ifndef SLOTCAB_GNOMOS_MIX_H
#define SLOTCAB_GNOMOS_MIX_H

#include "games.h"

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

#endif
