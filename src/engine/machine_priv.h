/* machine_priv.h - the machine's state, shared by machine.c (the seat's API: create, bet,
 * commands, replay, strategies) and machine_round.c (what a rules module calls during a
 * command: the RNG, events, awards, forced screens and draws). Private to those two files. */
#ifndef SLOTCAB_MACHINE_PRIV_H
#define SLOTCAB_MACHINE_PRIV_H

#include "machine.h"

struct Machine {
    const GameDef *def;
    const GameRules *rules;
    void *state;
    Bet bet;
    Money bet_total; /* of `bet`, kept as the bet changes only between rounds */
    bool max_bet;
    Rng rng;
    Rng choice_rng; /* STRATEGY_RANDOM's draws: seeded from the round's seed, never the round's */
    uint64_t round_seed;
    bool choice_seeded; /* choice_rng is seeded when a round first asks for it (most never do) */
    bool in_round;
    bool tally_only;
    /* the rules' tally_round in tally mode, else NULL */
    bool (*tally_round)(void *state, Machine *m, uint64_t seed);
    Event scratch;       /* where events go when tally_only */
    EventType last_type; /* of the last event emitted */
    Event *events;
    int nevents, cap, cursor;
    RoundSummary sum;
    Offer offer; /* what the rules accept now: made again after every command */
    int64_t carried[CARRIED_MAX]; /* GameRules.carried; [0] is the pool of a game with one */
    const ForcedSpin *forced;
    int nforced, forced_next;
    const ForcedSpin *draws_from; /* the spin taken last, whose named draws apply now */
    uint16_t draws_taken;         /* of its draws, those already given (bit i: draws[i]) */
    int64_t bonuses;              /* the player's Bonuses when the round began */
    uint8_t plays_taken;          /* of its player commands, the turns taken: every command
                                     after its screen takes one (a journal replayed too) */
    char play_error[600];         /* why the next of them was refused ("": none was) */
    ForcingReport report;         /* what the forcing of the present round came to */
    char forced_error[ERROR_MSG_MAX]; /* the first forced value refused since machine_force */
    int8_t last_draw;             /* of draws_from's draws, the one given last (-1: none) */
};

/* What the spin taken last left unused (player's commands, named draws), noted in the
 * round's ForcingReport when the next spin is taken or the round ends. */
void machine_forcing_left_over(Machine *m);

#endif
