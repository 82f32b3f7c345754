/* machine.h - one cabinet seat: a game, its bet, a round's state machine. Commands in,
 * events out.
 *
 * A round is a pure function of (game definition, bet, carried pool, round seed, commands):
 * no clock, no address, no global state. CMD_SPIN carries the round's seed; the machine then
 * offers the commands it accepts, with their arguments (machine_offer), until the round ends. The cabinet, the
 * simulator and the tests all drive it the same way. */
#ifndef SLOTCAB_MACHINE_H
#define SLOTCAB_MACHINE_H

#include "error.h"
#include "event.h"
#include "gamedef.h"
#include "games.h"

#include <stdbool.h>

typedef struct MachineDesc {
    const GameDef *game;    /* must outlive the machine */
    const int64_t *carried; /* the state carried from the last round (GameRules.carried, in
                               its order); NULL: a new cabinet's */
    bool has_pool;          /* the progressive pool, in the game's pool units, set over it */
    int64_t pool;
    bool tally_only;     /* keep no event list, only the round summary (for simulators):
                            rounds play exactly the same, machine_events() returns none */
} MachineDesc;

#define FORCED_MAX_DRAWS 16 /* at most 16: Machine.draws_taken has a bit for each */
#define FORCED_MAX_PLAY 24

/* A command a scripted player gives: `cmd`, or (automatic) what STRATEGY_AUTO answers then. */
typedef struct ForcedPlay {
    bool automatic;
    uint8_t type; /* CommandType */
    uint32_t arg;
} ForcedPlay;

/* A spin the scenario forces, in play order (base spin, then each free spin): its screen,
 * the game's named draws made after it and before the next spin (GameRules.draws), and the
 * player's commands after its screen (machine_choose answers with them first). */
typedef struct ForcedSpin {
    bool forced; /* false: the screen is drawn as usual ({} in a scenario) */
    Grid screen;
    uint8_t ndraws;
    struct {
        uint8_t draw;  /* index in the game's GameRules.draws */
        int64_t value; /* a symbol index */
    } draws[FORCED_MAX_DRAWS];
    uint8_t nplay;
    ForcedPlay play[FORCED_MAX_PLAY];
} ForcedSpin;

Machine *machine_create(const MachineDesc *desc, Error *err);
void machine_destroy(Machine *m);

const GameDef *machine_game(const Machine *m);
const GameRules *machine_rules(const Machine *m);

/* The game file's default bet. */
void machine_default_bet(const GameDef *def, Bet *bet);
/* Parses "key=value,key=value" over `bet` (keys as in the game's bet options). */
int machine_parse_bet(const GameDef *def, const char *spec, Bet *bet, Error *err);
/* Changes the bet; refused during a round ("configuration changes only between rounds"). */
int machine_set_bet(Machine *m, const Bet *bet, Error *err);
const Bet *machine_bet(const Machine *m);

/* Plays a command. Refused with a message, changing nothing, when it is not in the offer
 * (its type, or its argument out of the offered range). */
int machine_command(Machine *m, const Command *cmd, Error *err);
/* What is accepted now. */
void machine_offer(const Machine *m, Offer *out);
/* Commands accepted now, as a bitmask of 1 << CommandType (the offer's commands). */
uint32_t machine_allowed(const Machine *m);
/* The command `strategy` answers the present offer with, during a round (false between
 * rounds: a round begins with CMD_SPIN and its seed, which no strategy chooses). A forced
 * spin's player commands come first, in order, after its screen (false, and
 * machine_play_error() says why, when the next of them is not in the offer); every command
 * played after the screen takes one's turn, so asking changes nothing, and a journal
 * replayed after a crash goes on with the command after its last. Auto asks
 * the game (GameRules.choose), else takes the first offered of START, CONTINUE, COLLECT, HOLD,
 * ADVANCE, PICK, RISK with its lowest argument; random draws a command and its argument
 * uniformly from the choice RNG, seeded from the round's seed apart from the round's own RNG,
 * so a strategy's choice never moves what the round draws. */
bool machine_choose(Machine *m, Strategy strategy, Command *out);
/* Why the forced spin's next player command could not be given (NULL: none was refused). */
const char *machine_play_error(const Machine *m);
/* Plays the rest of the round by `strategy`, starting awarded free spins at once and
 * playing every free spin. (The cabinet's player starts them; its headless autoplay, like
 * the simulator, plays STRATEGY_AUTO.) */
void machine_autoplay(Machine *m, Strategy strategy);
bool machine_in_round(const Machine *m);
/* The simulator's round: CMD_SPIN with `seed`, then machine_autoplay by `strategy`, with the
 * same result. In tally mode with nothing forced, a round the rules can play with no
 * further command (most rounds: no feature) takes their fast path. Refused during a round. */
int machine_play_round(Machine *m, uint64_t seed, Strategy strategy, Error *err);

/* What a round depends on, as the cabinet journals it: the same inputs give the same round. */
typedef struct RoundInputs {
    Bet bet;
    const int64_t *carried;   /* the carried state when the round began (GameRules.carried);
                                 NULL: the state the machine holds */
    bool has_pool;            /* the progressive pool when the round began, set over it (a
                                 journal older than carried states) */
    int64_t pool;
    uint64_t seed;            /* the round's seed (the journal's SPIN carries none) */
    const Command *commands;  /* the journal, in order, from its SPIN; may stop mid-round (a
                                 round left open by a crash). NULL: a fresh round, its SPIN
                                 and then every offer answered by `strategy` */
    int ncommands;
    Strategy strategy;
    const ForcedSpin *forced; /* a scenario's screens from this round on (n = 0: leave the
                                 machine's forcing as it is) */
    int nforced;
    bool has_bonuses;         /* the player's Bonuses when the round began, set over them */
    int64_t bonuses;
} RoundInputs;

/* The one replay: rebuilds a round from its inputs on a machine between rounds (bet, pool,
 * forcing, then the commands), so that recovery after a crash, game recall and slotsim's
 * rounds are one mechanism. Afterwards the machine holds the round's events, and is still in
 * the round when the journal stops before its end. -1 with a message naming the command
 * that the machine refused (a damaged or foreign journal), or a refused bet. */
int machine_replay(Machine *m, const RoundInputs *in, Error *err);
/* The Bonuses the player holds when the next round begins, before its bet's are taken (a
 * game with a second unit may read them: Gnomos Mix offers Double or Bonuses only up to a
 * cap). An input of the round like its bet: set only between rounds, never below 0; a new
 * machine's are 0. The machine does not check that they cover the bet (the wallet does). */
int machine_set_bonuses(Machine *m, int64_t bonuses, Error *err);
int64_t machine_bonuses(const Machine *m);
/* Sets the carried pool (between rounds). */
int machine_set_pool(Machine *m, int64_t pool, Error *err);

/* The carried state: the game's named whole numbers (GameRules.carried, in order; the rest of
 * the CARRIED_MAX zero). Set only between rounds, checked by the game. */
void machine_carried(const Machine *m, int64_t out[CARRIED_MAX]);
int machine_set_carried(Machine *m, const int64_t *v, Error *err);
/* The carried state as the journal keeps it: one JSON object, its version first
 * ({"version":1,"pool":50000000}; {"version":0} for a game that carries nothing). */
int machine_carried_json(const Machine *m, char *out, size_t size);
/* Reads such a JSON into v for game `def`: refused with a message when it is not that, when
 * its version is not the one this build's rules carry, when a name is missing or unknown,
 * or when the game refuses its values. */
int machine_carried_parse(const GameDef *def, const char *json, int64_t v[CARRIED_MAX],
                          Error *err);

/* This round's events so far (valid until the next CMD_SPIN). */
const Event *machine_events(const Machine *m, int *count);
/* Drains this round's events in order, one at a time. */
bool machine_poll(Machine *m, Event *ev);
const RoundSummary *machine_summary(const Machine *m);

int64_t machine_pool_get(const Machine *m);
/* The pool's value in money at the current bet (0 when the game has none). */
Money machine_pool_value(const Machine *m);

/* Screens to force on the coming spins, in play order, across rounds. `spins` must
 * outlive the forcing; n = 0 stops forcing. Held cells keep their symbols over a forced
 * screen. */
void machine_force(Machine *m, const ForcedSpin *spins, int n);
/* Forced spins not yet played. */
int machine_forced_left(const Machine *m);

/* What the present round's forcing came to besides what it forced (reset by CMD_SPIN). */
#define FORCING_MAX_NOTED 8
typedef struct ForcingReport {
    int unreachable; /* forced screens the reel strips in use cannot show (played all the
                        same: QA needs such screens) */
    uint16_t unreachable_spin[FORCING_MAX_NOTED]; /* the first ones' spins, counted from 1 */
    uint8_t unreachable_reel[FORCING_MAX_NOTED];  /* and the first reel of each whose column
                                                     no stop of its strip shows */
    int plays_unused;           /* player's commands never given: their spin ended first */
    uint16_t plays_unused_spin; /* the first such spin, from 1 */
    int draws_unused;           /* named draws forced but not drawn after their spin */
    uint16_t draws_unused_spin;
    char draws_unused_name[32]; /* the first one's name */
} ForcingReport;
const ForcingReport *machine_forcing(const Machine *m);
/* The first forced value the rules refused since machine_force(): a draw or a landing
 * symbol the game cannot give at that point of the round ("spin 1, draws.bonus_round: 1
 * rounds up, but ..."); NULL: none. The round was played with the game's own value. */
const char *machine_forced_error(const Machine *m);

#endif
