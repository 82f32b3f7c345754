/* contract_game.h - the contract test game's rules module (contract_game.c), registered by
 * the tests that play it: games_register(&contract_game_rules). Its game file is
 * tests/data/games/contract-test/game.json. */
#ifndef SLOTCAB_CONTRACT_GAME_H
#define SLOTCAB_CONTRACT_GAME_H

#include "games.h"

extern const GameRules contract_game_rules;

#endif
