/* opconfig.h - the operator's configuration of a game, applied to its definition.
 *
 * Plain C with no SDL (tests/test_opconfig.c). The operator may enable a subset of a
 * game's coin values and set the progressive jackpot's seed; both are kept as settings in
 * the store ("coins.<game>", "jackpot_seed.<game>") and applied to the cabinet's copy of
 * the game definition before its machine is made, so the steppers, the minimum bet, BET
 * MAX and the engine's own bet checks all follow them. A setting that does not fit the
 * game is refused with a message naming it. */
#ifndef SLOTCAB_OPCONFIG_H
#define SLOTCAB_OPCONFIG_H

#include "error.h"
#include "gamedef.h"

#define OPCONFIG_SEED_MIN 1000
#define OPCONFIG_SEED_MAX 10000000

/* coins: "" (all) or values from the game's coin_value list, comma-separated;
 * jackpot_seed: "" (the game's) or coins within [OPCONFIG_SEED_MIN, OPCONFIG_SEED_MAX]. */
int opconfig_apply(GameDef *def, const char *coins, const char *jackpot_seed, Error *err);

#endif
