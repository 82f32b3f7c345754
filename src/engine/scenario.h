/* scenario.h - forced outcomes: a JSON file that fixes some spins' screens.
 *
 *   {"game": "mona-lisa-jewels", "seed": 42,
 *    "title": "A line win",                  (optional: a short name, for a menu)
 *    "description": "Five PALETTE on line 1", (optional: one line saying what it forces)
 *    "bet": {"coin_value": 10, "coins": 1, "lines": 25},
 *    "pool": 50000000,                       (optional: the carried progressive pool)
 *    "bonuses": 100,                         (optional: the player's Bonuses held)
 *    "spins": [{}, {"screen": [["A","K","Q","J","TEN"], [...], [...]]}]}
 *
 * `spins` is in play order (the base spin, then each free spin; across rounds when it is
 * longer than one round); {} draws the spin from the seed, a screen forces it (rows top to
 * bottom, symbol ids as in the game file), and `draws` forces the game's named draws made
 * after that spin and before the next ({"draws": {"expanding": "EXPLORER"}}: Gonzo's Gold's
 * expanding symbol, drawn when its free spins start; a draw made several times in a spin
 * takes a list, its values in order: {"risk": [1, 1, 0]}); a name the game does not draw is
 * an error that lists the names it does. A forced spin or draw still makes its random draws,
 * so what comes after is what the unforced round would have had. Held cells (a locked
 * reel, sticky symbols) keep their symbols over a forced screen. `stop_ms` is the player's,
 * not the game's: the cabinet's scripted runs press STOP that many milliseconds into that
 * spin (a slam stop); it changes nothing the machine decides. `play` is the player's
 * commands after that spin's screen, in order, before the strategy answers the rest:
 * {"play": ["advance 2", "hold 1 3", "auto", "risk", "collect", "collect all", "pick 2"]} (reels and
 * options counted from 1; "hold" alone releases every reel; "auto" is the game's own answer
 * then); a command the machine does not offer at its turn is an error naming it.
 *
 * A forced value the rules cannot give at that point of the round is refused where the game
 * takes it (machine_forced_error: "spin 1, draws.bonus_round: ..."); a forced screen the reel
 * strips cannot show is played and reported (machine_forcing); scenario_check plays a file's
 * forced spins to say both before a cabinet forces a round with it. */
#ifndef SLOTCAB_SCENARIO_H
#define SLOTCAB_SCENARIO_H

#include "error.h"
#include "gamedef.h"
#include "machine.h"

#include <stdbool.h>
#include <stdint.h>

#define SCENARIO_MAX_SPINS 4096
/* "title" and "description": at most this many characters (UTF-8 code points), one line */
#define SCENARIO_TITLE_MAX 48
#define SCENARIO_DESCRIPTION_MAX 160

typedef struct Scenario {
    char path[256];
    char game[48];
    /* the file's "title" and "description" (UTF-8, no line breaks), "" when it has none */
    char title[SCENARIO_TITLE_MAX * 4 + 1];
    char description[SCENARIO_DESCRIPTION_MAX * 4 + 1];
    bool has_seed;
    uint64_t seed;
    bool has_bet;
    Bet bet; /* the game's defaults for options the file does not name */
    bool has_pool;
    int64_t pool;
    bool has_bonuses; /* the Bonuses the player holds when the first round begins */
    int64_t bonuses;
    int nspins;
    ForcedSpin *spins;
    int *stop_ms; /* per spin: STOP pressed this long into it, or -1 */
    bool *game_change; /* per spin: a cabinet's GAME CHANGE pressed before its round (a game of
                          two levels; the cabinet's alone, as stop_ms) */
} Scenario;

/* Reads only the game id, so the caller knows which game file to load. */
int scenario_peek_game(const char *path, char *game, size_t size, Error *err);
/* Loads and checks a scenario against its game. */
int scenario_load(const char *path, const GameDef *def, Scenario *sc, Error *err);
void scenario_free(Scenario *sc);

/* Plays the scenario's forced spins on a machine of its own, as the file says (its bet,
 * seed, pool and Bonuses over a new cabinet's state; each round after the first seeded one
 * more; every offer its play lists leave to the game's own answer), to say what they come to
 * before a cabinet forces a round with it: -1 with "FILE: spin N, draws.NAME: why" when it
 * forces a value the rules cannot give at that point of the round (machine_forced_error);
 * else 0, with *unreachable the forced screens the reel strips cannot show (allowed: QA needs
 * such screens). A round a play list leaves waiting stops the check there. */
int scenario_check(const Scenario *sc, const GameDef *def, int *unreachable, Error *err);

#endif
