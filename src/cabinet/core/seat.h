/* seat.h - one seat of the cabinet: a game's machine as the cabinet's memory keeps it, and
 * its rounds through the memory. What every game scene (the video slot, the fruit machine)
 * does the same way: the machine made with the state the game carries, a round begun (bet
 * debited, seed and carried state journaled), each player's command journaled before the
 * machine plays it, the round settled in one transaction, and a round a crash left open
 * checked and replayed from its journal. The scenes keep the timeline; this keeps the
 * money and the journal.
 *
 * Part of the play core: plain C with no SDL, over the engine and the store. What it needs of
 * the program around it comes through a SeatHost, which the cabinet's App fills
 * (app_seat_host) and tests/test_seat.c fills with its own. A call that fails returns -1 with
 * `err` set; the caller decides what a failure ends (the cabinet: app_fail). */
#ifndef SLOTCAB_SEAT_H
#define SLOTCAB_SEAT_H

#include "clock.h"
#include "machine.h"
#include "scenario.h"
#include "store.h"

typedef struct Seat Seat;

/* The program around the seat. Every function is called with `ctx`. */
typedef struct SeatHost {
    void *ctx;
    /* The memory rounds go to now (an attract showcase plays on a demo memory). */
    Store *(*store)(void *ctx);
    /* The scene's clock in ticks of CLOCK_HZ (a replay's runs on the replayed round's clock). */
    uint64_t (*tick)(void *ctx);
    /* The time of day, epoch seconds (UTC). */
    int64_t (*now)(void *ctx);
    /* The seed of a round nothing forces. */
    uint64_t (*next_seed)(void *ctx);
    /* A replay's animations in the phase they had: the scene's clock set to `tick`. */
    void (*replay_clock)(void *ctx, uint64_t tick);
    /* A round begun or replayed (or `recovered` from the journal a crash left), with its
     * machine: QA's event log names it, F12's pictures too. May be NULL. */
    void (*round_begun)(void *ctx, const Seat *st, bool recovered);
    /* Messages of a replay name the flag --replay (a headless run) rather than the round. */
    bool headless;
} SeatHost;

struct Seat {
    const SeatHost *host;
    const GameDef *def;
    const Scenario *sc;  /* a headless scenario run's forcing, or NULL */
    Scenario *pick;      /* QA's scenario picked for the next round (or the open round's), or NULL */
    bool pick_armed;     /* it forces the next round begun */
    const char *config;  /* the operator's configuration applied to def, as rounds journal it */
    Machine *m;
    int64_t round_id;    /* the open round in the store */
    uint64_t round_seed;
    Money round_bet;
    int round_no;        /* 1-based, in this cabinet's life */
    /* The open round was forced by QA's pick: it leaves the state the game carries (the
     * pool, the cycle) as it found it, `kept` */
    bool round_picked;
    int64_t kept[CARRIED_MAX];
    char show[256];      /* the scene's words for what it shows as a round begins (the screen
                            the reels spin away from), journaled with it for its replay */
    /* QA's replay of a past round (seat_replay_load): its journal, played again with nothing
     * going to the memory; NULL in play. The seat owns it. */
    StoreRound *replay;
    int replay_next;     /* the journal's next command */
    bool replay_begun, replay_settled;
    Money replay_win;    /* the round's win, once settled */
    uint64_t replay_tick0; /* the scene's tick when the replay began */
    int64_t replay_win_bonuses;
};

/* A carried state read from the memory for this game; an error names the memory. */
int seat_carried_from(const Seat *st, const char *json, int64_t v[CARRIED_MAX], Error *err);
/* Makes st->m with the state the memory carries for the game (the open round's when `open`
 * is not NULL) and plays *bet (a stored bet the game no longer has: its default, into *bet),
 * with the scenario's forcing from where the memory left it. */
int seat_machine_open(Seat *st, Bet *bet, const StoreRound *open, Error *err);
/* The scenario whose screens and presses a scene plays by itself: a headless scenario run's,
 * or the one a replayed round was forced by, read again (NULL: none). */
const Scenario *seat_scenario(const Seat *st);
/* Scripted: the scenario's spins used so far (0 otherwise). */
int seat_forced_position(const Seat *st);
/* Begins a round of `bet` (the balance covers it): debits it and journals its SPIN, then
 * plays the SPIN. */
int seat_round_begin(Seat *st, const Bet *bet, Error *err);
/* A player's command: journaled, then played. */
int seat_send(Seat *st, CommandType type, uint32_t arg, Error *err);
/* The round's win credited with its history row and meters (and what the game carries out
 * of it): one transaction. A round QA's pick forced is outside the
 * game's math: it carries out what it carried in (the machine is set back to it), adds
 * nothing to the pool and pays nothing from it (its jackpot, if forced, is paid on the
 * forced_win meter like the rest of its win), so real play goes on as if it never was. */
int seat_settle(Seat *st, Money win, int free_spins, Error *err);
/* Headless --autoplay N, between rounds: SEAT_AUTOPLAY_NEXT when another round may begin
 * (*played counts it); SEAT_AUTOPLAY_DONE after the N-th; SEAT_AUTOPLAY_SHORT, with err, when
 * the balance is short of `bet`. */
typedef enum SeatAutoplay { SEAT_AUTOPLAY_NEXT, SEAT_AUTOPLAY_DONE, SEAT_AUTOPLAY_SHORT } SeatAutoplay;
SeatAutoplay seat_autoplay_next(const Seat *st, int *played, int rounds, Money bet, Error *err);

/* ---- the player's settings (seat_settings.c) ---------------------------------------------- */

/* What the memory keeps for every game scene: the last bet of each game, the sound's volumes
 * (one a layer, 0..100) and muting, and whether Space presses the game's main button. */
#define SEAT_VOLUMES 4 /* music, reels, wins, UI: the cabinet's AudioLayer */
typedef struct SeatSettings {
    bool has_volume[SEAT_VOLUMES]; /* loaded: the memory had it */
    int volume[SEAT_VOLUMES];
    bool has_muted, muted;
    bool space_plays; /* true unless the memory says otherwise */
} SeatSettings;
/* The last bet of game `def` into *bet, option by option, where the game still has that value
 * (else *bet's value stays), and the settings into *out. */
void seat_settings_load(Store *s, const GameDef *def, Bet *bet, SeatSettings *out);
/* The bet of game `def` and the settings `in` (every volume, muting, Space), kept. */
void seat_settings_save(Store *s, const GameDef *def, const Bet *bet, const SeatSettings *in);
/* QA: the scenario file at `path` (a game's named one, or a tester's) forces the next round:
 * its seed, its spins, its draws and plays; the round is marked forced in the memory (metered
 * apart from real play). Its "bet" goes into *bet when it has one. A file of another game, or
 * one that needs more Bonuses than are held, is refused with a message naming it. */
int seat_pick(Seat *st, const char *path, Bet *bet, Error *err);
/* scenario_load, then scenario_check: a scenario forcing what its game cannot produce is
 * refused as a broken file is ("FILE: spin N, draws.NAME: why"), before any round. */
int seat_scenario_load(const char *path, const GameDef *def, Scenario *sc, Error *err);
/* The picker's answer (WindowsHost.force): seat_pick between rounds only (`busy`: a round
 * or its show is under way), with what is wrong in msg. */
bool seat_pick_between(Seat *st, bool busy, const char *path, Bet *bet, char *msg, size_t size);
/* The picked scenario waiting for the next round ("" none): its title or file name. */
const char *seat_picked(const Seat *st);
void seat_free(Seat *st);
/* A round a crash left open: checked to go on as it began (its scenario, game file and
 * configuration), and replayed from its journal on st->m, which then holds its events. */
int seat_recover(Seat *st, const StoreRound *r, Error *err);


/* ---- QA's replay of a past round (seat_replay.c) ------------------------------------------
 *
 * A settled round played again from its journal with the normal timeline: the same machine
 * inputs (game file, configuration, carried state, Bonuses held, seed, a scenario's forcing)
 * and the journal's commands, each checked against the one the scene sends; the player's
 * choices come from the journal when the timeline asks for them (seat_replay_next). Nothing
 * goes to the memory: no money moves, nothing is journaled, no meter changes, and a round left
 * open stays as it is. The scene is made for it when app_take_replay() says so. */

/* Loads round `id` for a replay into *out (the caller gives it to Seat.replay): it must be
 * in the memory, settled, a round of game `def` (as loaded from its file), and played with
 * that file (the same hash). The caller then applies (*out)->config to def. An error names
 * `--replay ID` headless. */
int seat_replay_load(const SeatHost *host, int64_t id, const GameDef *def, StoreRound **out, Error *err);
/* The machine for the replay (seat_machine_open calls it when st->replay is set): the
 * round's inputs set, its bet into *bet, nothing played yet; the scene's clock set to the
 * round's (SeatHost.replay_clock), when the memory kept it. The scene then shows what the round
 * began from (StoreRound.show, in its own words) as it was. */
int seat_replay_machine(Seat *st, Bet *bet, Error *err);
/* The journal's next command, which the scene plays when its timeline asks for a choice
 * (false: none left). */
bool seat_replay_next(const Seat *st, Command *out);
/* The balance and the Bonuses as the scene shows them: the memory's in play; in a replay,
 * what they were in the live round at the same moment (before its bet, then after it, then
 * with its win). */
Money seat_balance(const Seat *st);
int64_t seat_bonuses(const Seat *st);
/* "Now" for a clock on screen (epoch seconds, UTC): the host's; in a replay, the time the
 * round began plus the seconds the replay has played. */
int64_t seat_now(const Seat *st);

#endif
