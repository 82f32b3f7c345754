/* gamedef.h - a game's math model, loaded from games/<id>/game.json and validated.
 *
 * The loader turns the JSON into plain C structs; no JSON tree outlives gamedef_load(). Every
 * mistake gets one message naming the file, the JSON path and what is wrong, e.g.
 * "games/mona-lisa-jewels/game.json: lines[4]: expected 5 rows, got 4". The common parts
 * (symbols, paytable, lines, reel strips, bet options) are checked here; the game's own rules
 * module then checks the roles, reel sets and `features` it needs (games.h). */
#ifndef SLOTCAB_GAMEDEF_H
#define SLOTCAB_GAMEDEF_H

#include "error.h"
#include "eval.h"
#include "grid.h"
#include "money.h"

#include <stdbool.h>
#include <stdint.h>

#define GAMEDEF_MAX_SYMBOLS EVAL_MAX_SYMBOLS
#define GAMEDEF_MAX_REELSETS 8
#define GAMEDEF_MAX_STRIP 512
#define GAMEDEF_MAX_BET_OPTIONS 4
#define GAMEDEF_MAX_BET_VALUES 64
#define GAMEDEF_MAX_PARAMS 32
#define GAMEDEF_MAX_PARAM_VALUES 16
#define GAMEDEF_MAX_TARGETS 4

typedef enum SymbolRole {
    ROLE_REGULAR,
    ROLE_WILD,
    ROLE_SCATTER,
    ROLE_JACKPOT,
    ROLE_FEATURE, /* a symbol the rules give a feature of their own ("jewel" in a game file) */
    ROLE__COUNT
} SymbolRole;

const char *gamedef_role_name(SymbolRole role);

typedef struct SymbolDef {
    char id[16];   /* as in screens and scenario files, e.g. "WILD", "A" */
    char name[48]; /* for people */
    SymbolRole role;
} SymbolDef;

/* strip[c][len[c]] .. strip[c][len[c] + GRID_MAX_ROWS - 1] repeat the strip's start, so
 * the window at any stop is strip[c][stop .. stop + rows - 1] without wrapping. */
typedef struct ReelSet {
    char name[16];
    uint16_t len[GRID_MAX_COLS];
    uint8_t strip[GRID_MAX_COLS][GAMEDEF_MAX_STRIP + GRID_MAX_ROWS];
} ReelSet;

typedef struct BetOption {
    char key[24];   /* as in --bet key=value */
    char name[48];
    char unit[16];  /* "minor": money in minor units; "bonuses": Bonuses (0 allowed: none
                       staked); "": a count */
    bool fixed;     /* "operator": false: not the operator's to limit (which game a round
                       plays, not a stake) */
    int nvalues;
    int64_t values[GAMEDEF_MAX_BET_VALUES]; /* increasing */
    int64_t def;
} BetOption;

typedef struct GameParam {
    char key[32];
    int n;      /* number of values; 1 for a plain number */
    bool array; /* written as an array in the file */
    int64_t v[GAMEDEF_MAX_PARAM_VALUES];
} GameParam;

typedef struct RtpTarget {
    char key[24];   /* e.g. "below_max_bet" */
    double percent; /* a report figure, never used to pay */
} RtpTarget;

typedef struct GameDef {
    char path[256]; /* the file it came from, for messages */
    char hash[17];  /* of the file's bytes (FNV-1a 64, hex): a journal tells the file it used */
    char id[48];
    char name[64];
    char rules[48]; /* which rules module plays it (games.h) */
    uint8_t rows, cols;
    int nsymbols;
    SymbolDef symbols[GAMEDEF_MAX_SYMBOLS];
    Paytable pays;       /* pay[symbol][count] */
    uint32_t paying;     /* symbols with at least one pay */
    int nlines;
    uint8_t lines[EVAL_MAX_LINES][GRID_MAX_COLS];
    int nreelsets;
    ReelSet reelsets[GAMEDEF_MAX_REELSETS];
    int nbet;
    BetOption bet[GAMEDEF_MAX_BET_OPTIONS];
    int ntargets;
    RtpTarget targets[GAMEDEF_MAX_TARGETS];
    int nparams;
    GameParam params[GAMEDEF_MAX_PARAMS];
} GameDef;

/* Loads and checks a game file, including the game rules module's own checks (gameload.c,
 * above the registry of rules). */
int gamedef_load(const char *path, GameDef *def, Error *err);
/* gamedef_load()'s first half: reads and checks the sections every game has, not yet what
 * its rules module needs. */
int gamedef_parse(const char *path, GameDef *def, Error *err);

/* Symbol index by id, or -1. */
int gamedef_symbol(const GameDef *def, const char *id);
/* The first symbol with a role, or -1. */
int gamedef_symbol_with_role(const GameDef *def, SymbolRole role);
const ReelSet *gamedef_reelset(const GameDef *def, const char *name);
const GameParam *gamedef_param(const GameDef *def, const char *key);
int gamedef_bet_index(const GameDef *def, const char *key);

/* A required `features` number within [min, max]; the message names "features.<key>". */
int gamedef_need_int(const GameDef *def, const char *key, int64_t min, int64_t max,
                     int64_t *out, Error *err);
/* A required `features` array of exactly n numbers (n = 0: any length up to the maximum),
 * each within [min, max]. */
int gamedef_need_array(const GameDef *def, const char *key, int n, int64_t min, int64_t max,
                       const GameParam **out, Error *err);

/* A game id is [a-z0-9-]+ (at most 47 characters) naming a folder of games_dir that holds
 * game.json. Writes games_dir/id/game.json into path and returns 0; else -1 with an error
 * that names the id, says what is wrong and lists the known ids, e.g.
 * `unknown game "../../etc" (a game id is lowercase letters, digits and '-'; known:
 * gonzos-gold, mona-lisa-jewels)`. Nothing is joined into a path before the id is checked. */
int gamedef_path(const char *games_dir, const char *id, char *path, size_t size, Error *err);

#endif
