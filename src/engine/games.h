/* games.h - the rules modules behind a common interface, and their registry.
 *
 * A rules module is the code half of a game; games/<id>/game.json is the data half. The
 * machine (machine.c) owns the bet, the round seed, the event queue and the forcing; the
 * module owns what a spin means. Modules never allocate during a round. */
#ifndef SLOTCAB_GAMES_H
#define SLOTCAB_GAMES_H

#include "error.h"
#include "event.h"
#include "gamedef.h"
#include "rng.h"

#include <stdbool.h>
#include <stddef.h>

typedef struct Machine Machine;

#define CARRIED_MAX 16 /* whole numbers a game may carry from round to round */

/* The commands of every game: one generic set, whatever the kind of game. A game offers the
 * ones its round accepts now (GameRules.offer), each with the range of its argument. */
typedef enum CommandType {
    CMD_SPIN,     /* place the bet and play the round's first step; carries the round seed */
    CMD_START,    /* start what the round awarded (free spins), with a pick when it offers one */
    CMD_CONTINUE, /* play the round's next step (the next free spin, a respin) */
    CMD_PICK,     /* choose one of n: a tile, a lid, a prize (arg: the option, from 0) */
    CMD_HOLD,     /* hold a set of reels (arg: a bit per reel; 0 releases them all) */
    CMD_ADVANCE,  /* advance one reel by one position (arg: the reel) */
    CMD_COLLECT,  /* take the prize on offer */
    CMD_RISK,     /* risk the prize on offer for the next step of its ladder */
    CMD__COUNT
} CommandType;

typedef struct Command {
    CommandType type;
    uint64_t seed; /* CMD_SPIN: the round's seed */
    uint32_t arg;  /* the command's argument, within what the offer allows; 0 when none */
} Command;

/* The journal's name of a command; command_from_name() also takes the names of schema-4
 * journals ("start_free_spins", "free_spin"). */
const char *command_name(CommandType t);
int command_from_name(const char *name); /* -1 when unknown */

/* What a command's argument may be. */
typedef enum ArgKind {
    ARG_NONE,   /* it takes none: its argument must be 0 */
    ARG_ONE_OF, /* one option i with bit i set in `set` (a pick of n: set = 2^n - 1) */
    ARG_SUBSET, /* any set of bits within `set` (reels that may be held) */
} ArgKind;

typedef struct OfferArg {
    ArgKind kind;
    uint32_t set;
} OfferArg;

/* What the machine accepts now (after every step): the commands, and for each the range of
 * its argument. A command outside the offer is refused and changes nothing. */
typedef struct Offer {
    uint32_t commands; /* 1 << CommandType */
    OfferArg arg[CMD__COUNT];
} Offer;

/* Whether `cmd` is in the offer, argument included; else a message naming what is offered. */
bool offer_accepts(const Offer *o, const Command *cmd, Error *err);
/* The number of options a one-of argument offers (its highest bit + 1; 0: none). */
int offer_options(const Offer *o, CommandType t);

/* Named ways of answering an offer, as a player would: every user of the machine (slotsim,
 * the cabinet's autoplay, the tests) asks the game the same question, so the simulator
 * measures what the cabinet plays. */
typedef enum Strategy {
    STRATEGY_AUTO,   /* the game's own automatic play (the cabinet's autoplay) */
    STRATEGY_RANDOM, /* any offered command and argument, uniformly, from the choice RNG */
    STRATEGY_COLLECT, /* as auto, but a prize on offer is always collected, never risked */
    STRATEGY__COUNT
} Strategy;

const char *strategy_name(Strategy s);
int strategy_from_name(const char *name); /* -1 when unknown */

/* A setting the operator may change, besides which values of each bet option are enabled:
 * a `features` number of the game file, within a range (a jackpot's seed, a return
 * percentage, a cycle's length). It is applied to the game's definition between rounds and
 * journaled with every round (the configuration). */
typedef struct GameSetting {
    const char *key;   /* the operator's and the journal's name, e.g. "jackpot_seed" */
    const char *param; /* the `features` number it sets, e.g. "jackpot_seed_coins" */
    int64_t min, max;  /* its range */
    int64_t step;      /* what one press of the operator's -/+ moves it by */
    const char *unit;  /* for people: "coins", "%" */
} GameSetting;

/* A floor a setting's value is shown against (a legal minimum return): the setting's key,
 * the `features` number that holds the floor (0 there: none), and where it comes from, for
 * people. A value below it stays allowed (the range says what the game can do): the
 * operator's page, slotsim cycle and the report flag it. */
typedef struct SettingFloor {
    const char *key, *param, *source;
} SettingFloor;

/* The values of a game's bet options, by index in GameDef.bet. */
typedef struct Bet {
    int64_t v[GAMEDEF_MAX_BET_OPTIONS];
} Bet;

/* Round tallies a simulator adds up, kept by the machine while the module plays. */
typedef enum RtpPart {
    PART_BASE,
    PART_FREE,
    PART_EXTRA, /* the extra feature's spins (SPIN_EXTRA) */
    PART_JACKPOT,
    PART_BONUS, /* bonus prizes (scatters anywhere), in the base game and in free spins */
    PART__COUNT
} RtpPart;

/* The names a game gives its kinds of spin, its features and its RTP parts (in reports and
 * JSON): the shared headers name no game. NULL for a kind the game does not have. */
#define GAMES_MAX_MINIGAMES 8
typedef struct GameNames {
    const char *spin[SPIN__COUNT];       /* "base", "free", then the game's extra kind */
    const char *feature[FEATURE__COUNT]; /* "free_spins", then the extra feature's */
    const char *part[PART__COUNT];
    const char *minigame[GAMES_MAX_MINIGAMES]; /* EventPick.game's names (from 1) */
    const char *mixed_win; /* a win of mixed symbols (EventWin.mixed): "Any Diamonds" */
} GameNames;

typedef struct RoundSummary {
    Money bet;
    Money total_win;
    int64_t bet_bonuses; /* the bet's part in Bonuses (a game's second unit) */
    int64_t win_bonuses; /* won in Bonuses */
    Money part[PART__COUNT];
    uint32_t triggers[FEATURE__COUNT]; /* awards, retriggers included */
    uint32_t base_features;            /* features the base spin awarded, 1 << Feature */
    uint32_t spins[SPIN__COUNT];
    uint32_t jackpots;        /* progressive hits */
    Money jackpot_seed_value; /* of the hits, what the pool's seed contributed */
    int64_t pool_added;       /* contribution of this round's bet, in pool units */
    int64_t pool_paid;        /* pool units paid out by this round's hits (each hit then
                                 restarts the pool at its seed plus what was not paid) */
} RoundSummary;

/* A line of what a game's carried state means, for the operator's meters. */
typedef enum StateUnit { STATE_COUNT, STATE_MONEY, STATE_PERCENT_X100 } StateUnit;
typedef struct StateLine {
    const char *label;
    int64_t value; /* a count, minor units, or hundredths of a percent */
    StateUnit unit;
} StateLine;

typedef struct GameRules {
    const char *id;
    const char *name;
    /* what the game calls its kinds of spin, its features and RTP parts */
    const GameNames *names;
    /* The names a game file may use with these rules (NULL-terminated lists): any other
     * feature, bet option or reel set is reported as unknown. */
    const char *const *features;
    const char *const *bet_keys;
    const char *const *reel_sets;
    /* The operator's settings the game has ({NULL}-terminated; NULL: none). */
    const GameSetting *settings;
    const SettingFloor *setting_floor; /* NULL: none */
    /* Checks the parts of a game file this module needs (roles, reel sets, features),
     * with messages naming the file and path. */
    int (*check)(const GameDef *def, Error *err);
    /* Total bet in minor units; whether it is the game's maximum for its coin value; and
     * the maximum bet keeping the money-valued options (coin value). */
    Money (*bet_total)(const GameDef *def, const Bet *bet);
    /* A game with a second, integer unit besides money (Bonuses): its rounds may bet and win
     * them, and its events and reports show them; a game without shows none. bet_bonuses
     * (optional) is a bet's part in Bonuses. */
    bool bonuses;
    int64_t (*bet_bonuses)(const GameDef *def, const Bet *bet);
    /* Optional, with bonuses: what one Bonus is worth in money, for reports that count a
     * game's return in both units (slotsim rtp). */
    Money (*bonus_worth)(const GameDef *def);
    /* A game whose prizes are money alone, counted in no coins (its wins' EventWin.coins
     * are 0): reports show no coin count. */
    bool coinless;
    bool (*bet_is_max)(const GameDef *def, const Bet *bet);
    void (*bet_max)(const GameDef *def, Bet *bet);
    /* What the game's rounds can hold: RTP parts (1 << RtpPart) and features
     * (1 << Feature), so that a report shows only those. */
    uint32_t parts, features_used;
    /* The game's named random draws besides its screens (NULL-terminated; NULL: none), each
     * a value that a scenario may force (ForcedSpin.draws): a symbol (e.g. "expanding",
     * written as its id) or, for draw i with bit i of draw_numbers set, a whole number (a
     * position, an option, a decision); and whether a value is one such a draw can give
     * (NULL: any; else a reason it cannot). */
    const char *const *draws;
    uint32_t draw_numbers;
    const char *(*draw_refuses)(const GameDef *def, int draw, int64_t value);
    /* Tiles the player picks from when starting free spins (CMD_START's argument), or 0
     * when START takes none. */
    int pick_tiles;
    /* Optional: the command `strategy` answers offer `o` with, as a player of this game would
     * (never STRATEGY_RANDOM, which the machine plays alike for every game); false for a
     * strategy the game leaves to the machine's default (the first offered of START,
     * CONTINUE, COLLECT, HOLD, ADVANCE, PICK, RISK, with its lowest argument). */
    bool (*choose)(const void *state, Strategy strategy, const Offer *o, Command *out);
    size_t state_size;
    /* Prepares the module's state once for a game definition (0, or -1 out of memory),
     * and frees what init allocated. */
    int (*init)(void *state, const GameDef *def);
    void (*fini)(void *state);
    /* Optional: told the bet whenever it is set (at creation, and between rounds), so that
     * the module can work out once what its rounds read of it. */
    void (*bet_set)(void *state, const Bet *bet, bool max_bet);
    /* Plays a command the machine has accepted (it is in the offer). */
    void (*command)(void *state, Machine *m, const Command *cmd);
    /* Optional, for simulators (tally mode, no forced spins): plays a whole round the
     * machine has begun (summary cleared, bet set) when it needs no further command, with
     * an Rng of its own seeded from `seed` as the round's would be, and returns true;
     * returns false, having changed nothing, when the round must be played by commands.
     * Rounds must end exactly as by commands. */
    bool (*tally_round)(void *state, Machine *m, uint64_t seed);
    /* What is accepted now: the commands and their argument's range. */
    void (*offer)(const void *state, Offer *out);
    /* The state the game carries from round to round (a progressive pool, a cycle
     * controller's counters): named whole numbers, NULL-terminated (NULL: none), at most
     * CARRIED_MAX, and the version of that layout, which every journaled state records; a
     * state of another version is refused, never reset. A game with a progressive pool names
     * it first ("pool"). A new cabinet's state is all zero but the pool at its seed, unless
     * carried_new says otherwise; carried_refuses (optional) says why values restored from a
     * journal cannot be this game's. */
    const char *const *carried;
    uint32_t carried_version;
    void (*carried_new)(const GameDef *def, int64_t *v);
    const char *(*carried_refuses)(const GameDef *def, const int64_t *v);
    /* Optional: the carried state as the operator reads it (a cycle controller's meters,
     * under the game's configuration `def`): at most max lines; returns how many. */
    int (*carried_report)(const GameDef *def, const int64_t *v, StateLine *out, int max);
    /* The progressive pool: its seed for the machine's configuration, in pool units, and how
     * pool units convert to money at a bet. NULL when the game has none. */
    int64_t (*pool_seed)(const GameDef *def);
    Money (*pool_value)(const GameDef *def, const Bet *bet, int64_t pool);
    /* The game's own events (event.h's EventOwn): the class of type EVENT_OWN_FIRST + i is
     * events[i], i < nevents (NULL, 0: the game emits shared events only). */
    const EventClass *events;
    unsigned nevents;
} GameRules;

const GameRules *games_find(const char *id);
/* The floor of a game's setting `key` (GameRules.setting_floor; 0: none), and where it comes
 * from (*source, when not NULL; "" when none). */
int64_t games_setting_floor(const GameDef *def, const char *key, const char **source);
const char *games_known_list(void);
/* Adds a rules module to the registry, for a game that lives outside src/engine (tests/'s
 * contract game): 0, or -1 when its id is taken or the registry is full. */
int games_register(const GameRules *rules);

/* ---- what the machine offers a rules module during a command (machine_round.c) ----------- */

Rng *machine_rng(Machine *m);
/* True when the machine keeps no events (a simulator's tally mode): a module may then skip
 * work whose only use is an event, never work that changes the round. */
bool machine_tally_only(const Machine *m);
const Bet *machine_bet(const Machine *m);
Money machine_bet_total(const Machine *m);
bool machine_is_max_bet(const Machine *m);
/* The screen the scenario forces for the next spin, or NULL; consumes it either way (and
 * makes its named draws the ones machine_take_draw() gives until the next spin). */
const Grid *machine_take_forced(Machine *m);
/* The value the scenario forces for named draw `draw` (an index in GameRules.draws) since
 * the last spin: true once, with *value; false when it is drawn as usual. A module makes
 * its usual random draws either way and then takes the forced value, so that what comes
 * after is what the unforced round would have had. */
bool machine_take_draw(Machine *m, int draw, int64_t *value);
/* The value machine_take_draw() gave last is one the rules cannot give at this point of the
 * round (fmt: why, starting with the value, e.g. "1 rounds up, but 1.60 is exactly 2
 * Bonuses"): the module goes on with its own draw; the machine keeps the first such
 * refusal for its user (machine_forced_error), who refuses the scenario. */
void machine_refuse_draw(Machine *m, const char *fmt, ...) SLOTCAB_PRINTF(2, 3);
/* The forced screen's cell (row, reel) holds a symbol that cannot land there now. */
void machine_refuse_screen(Machine *m, int row, int reel, const char *fmt, ...)
    SLOTCAB_PRINTF(4, 5);
/* Whether the forced screen just taken is one the reel strips `rs` can show (a stop per reel
 * whose window shows its column; cells in `held` keep their symbols and are not asked): one
 * they cannot is played all the same (QA needs such screens) and counted as unreachable in
 * the round's ForcingReport. */
bool machine_forced_reach(Machine *m, const ReelSet *rs, const Grid *screen, CellMask held);
/* Appends an event to the round and returns it zeroed but for its type. */
Event *machine_emit(Machine *m, EventType type);
/* Events of this round by index (an earlier event may need a counter filled in later). */
int machine_event_count(const Machine *m);
Event *machine_event_at(Machine *m, int index);
RoundSummary *machine_round(Machine *m);
/* An award of free spins (or extra spins): counted in the summary (a base-spin award also in
 * base_features) and told by a FEATURE_AWARD event with the counters after it. */
void machine_award(Machine *m, Feature f, int spins, int free_left, int extra_left, bool retrigger);
/* The round's end: FEATURE_END when free spins were played (their number and win), then
 * ROUND_END with the round's total. */
void machine_end_round(Machine *m, int feature_spins, Money feature_win);
/* The carried progressive pool, in pool units (the first carried value of a game with one). */
int64_t *machine_pool(Machine *m);
/* The game's carried state (GameRules.carried, in order), to read and change in a round. */
int64_t *machine_carried_state(Machine *m);

#endif
