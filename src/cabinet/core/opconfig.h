/* opconfig.h - the operator's configuration of a game, applied to its definition.
 *
 * Plain C with no SDL (tests/test_opconfig.c). The operator may enable a subset of the
 * values of each bet option (coin values, coins per line, lines) and set the progressive
 * jackpot's seed, or whatever other setting the game's rules declare (GameRules.settings).
 * They are kept as settings in the store, "<game>.bet.<option>" (enabled values,
 * comma-separated; empty for all) and "<game>.<setting>" (jackpot_seed: coins), and applied
 * to the cabinet's copy of the game definition before its machine is made, so the
 * steppers, the minimum bet, BET MAX and the engine's own bet checks all follow them.
 *
 * The largest value of every option counted in coins or lines stays enabled: BET MAX and
 * the progressive jackpot ("maximum coins and maximum lines") stay the game's. An option
 * that is an amount of money (a coin value, a bet) may be limited to any of its values. A setting that
 * does not fit the game is refused with a message naming it. */
#ifndef SLOTCAB_OPCONFIG_H
#define SLOTCAB_OPCONFIG_H

#include "error.h"
#include "gamedef.h"
#include "games.h"

#include <stddef.h>

/* Applies one setting: `what` is "bet.<option key>" or the key of one of the settings the
 * game's rules declare (GameRules.settings: "jackpot_seed"); an empty value leaves the
 * game's own. */
/* The failures the operator's pages meet, as lang_fill templates (NULL-ended): what
 * opconfig_apply writes in English, lang_said shows translated. */
extern const char *const opconfig_messages[];

int opconfig_apply(GameDef *def, const char *what, const char *value, Error *err);

/* Applies every setting of the game, read through `get` (key "<game>.<what>"). */
typedef void (*OpconfigGet)(void *ctx, const char *key, char *out, size_t size);
int opconfig_apply_all(GameDef *def, OpconfigGet get, void *ctx, Error *err);

/* opconfig_apply_all, also writing what it applied as the round journal keeps it: a JSON
 * object of the game's settings that are set ({"bet.coin_value": "10,20"}; "{}": none). */
int opconfig_apply_all_json(GameDef *def, OpconfigGet get, void *ctx, char *config, size_t size,
                            Error *err);
/* Applies a configuration journaled that way (to a definition fresh from its file), so a
 * past round replays with the settings it was played with. */
int opconfig_apply_json(GameDef *def, const char *config, Error *err);

/* A game's definition as a past round played it: its file (which must still hash to
 * `hash`) with the journaled configuration applied. */
int opconfig_load_as_played(const char *games_dir, const char *id, const char *hash,
                            const char *config, GameDef *out, Error *err);

/* Whether value v of a bet option is enabled by a setting's value ("" = all). */
bool opconfig_enabled(const char *value, int64_t v);

#endif
