/* phoenix_graveyard.h - Phoenix Graveyard's names for the engine's generic kinds, and the
 * module's state, shared by its two files (phoenix_graveyard.c: the module, its checks and
 * its commands; phoenix_graveyard_spin.c: what one spin does).
 *
 * The shared headers name no game: the respins a walking wild (the Grim Reaper) triggers
 * are SPIN_EXTRA, their award FEATURE_EXTRA, the base game's respin wins PART_EXTRA. Its
 * named draws are numbers (GameRules.draws, in the order of PgDraw). */
#ifndef SLOTCAB_GAMES_PHOENIX_GRAVEYARD_H
#define SLOTCAB_GAMES_PHOENIX_GRAVEYARD_H

#include "../games.h"

#define PG_SPIN_RESPIN SPIN_EXTRA
#define PG_FEATURE_RESPINS FEATURE_EXTRA
#define PG_PART_RESPINS PART_EXTRA

enum { PG_ROWS = 3, PG_REELS = 5, PG_CELLS = PG_ROWS * PG_REELS, PG_PAYING = 7, PG_HIGH = 3 };
enum { PG_MAX_WAYS = 10 };    /* a position's most ways (rule 12) */
enum { PG_MAX_WEIGHTS = 9 };  /* a slice adds 1..9 ways */
enum { PG_NO_STRIKE = PG_CELLS, PG_NO_REAPPEAR = PG_ROWS };

/* The named draws a scenario may force, each a whole number. */
typedef enum PgDraw {
    PG_DRAW_SUDDEN_DEATH,      /* the cell (row * 5 + reel) Sudden Death strikes, 15: none */
    PG_DRAW_SUDDEN_DEATH_WAYS, /* the ways it adds, 1..9 */
    PG_DRAW_SLICE_WAYS,        /* the ways an attack on a high character adds, 1..9 */
    PG_DRAW_BATTLE,            /* BattleOutcome: 0 reaper x2, 1 phoenix x2, 2 phoenix jumps */
    PG_DRAW_JUMP,              /* the cell a Phoenix jumps to, 0..14 */
    PG_DRAW_REAPPEAR,          /* the row a walked-out reaper appears on reel 5, 3: none */
    PG_DRAW__COUNT
} PgDraw;

typedef enum PgPhase { PG_IDLE, PG_RESPIN, PG_AWAIT_START, PG_FREE } PgPhase;

/* A sticky wild: where it stands, its multiplier, and whether it has taken its tombstone's
 * ways as multiplier (before its first walk or jump). */
typedef struct PgWild {
    uint8_t r, c, taken;
    uint32_t mult;
} PgWild;

/* A reel stop's window in a simulator's table: the paying symbols it shows (bit = slot),
 * 4 bits per slot of how many, and whether it shows a wild or a Bonus (PG_STOP_SPECIAL). */
typedef struct PgStop {
    uint32_t mask;
    uint32_t counts;
} PgStop;
#define PG_STOP_SPECIAL (1u << 31)
#define PG_STOP_BONUS_SHIFT 28 /* bonus count in bits 28..29 of mask */

typedef struct Phoenix {
    const GameDef *def;
    uint8_t paying[PG_PAYING];          /* slot -> symbol, in file order */
    int8_t slot[EVAL_MAX_SYMBOLS];      /* symbol -> slot, or -1 */
    uint32_t high;                      /* symbols (bits) that are high characters */
    uint8_t phoenix, reaper, feather, bonus;
    int32_t pay[PG_PAYING][PG_REELS + 1]; /* coins per way, by slot and length */
    uint8_t top[PG_REELS + 1];          /* the slot paying most at each length */
    const ReelSet *sets[2];             /* base, free */
    PgStop *stops[2][PG_REELS];
    PgStop *stop_store;
    int64_t bet_coins, max_win_x;
    int free_spins[3], spawns[3], bonus_min;
    uint32_t sudden_death[SPIN__COUNT]; /* per mille, by spin kind */
    uint32_t slice_w[PG_MAX_WEIGHTS], slice_total;
    uint32_t death_w[PG_MAX_WEIGHTS], death_total;
    uint32_t battle_w[3], battle_total;
    uint32_t reappear, mult_max;
    int bi_bet;
    /* the round */
    PgPhase phase;
    bool free_game, capped;
    Money cap_cut; /* once capped: what the round's wins came to beyond the cap, not paid */
    int free_left, spin_index, feature_spins, respins_left;
    Money feature_win;
    uint8_t tomb[PG_ROWS][PG_REELS];
    PgWild reapers[PG_CELLS], phoenixes[PG_CELLS];
    int nreapers, nphoenixes;
    CellMask feathers, bonus_sticky;
    CellMask spawn_cells; /* the triggering Bonus symbols, where awarded Phoenixes spawn */
    int spawn_n;
    Grid screen;          /* the last screen, as it stands after the spin's moves */
} Phoenix;

/* phoenix_graveyard_spin.c: one spin of the round (the base spin, a respin, a free spin),
 * its moves before, its wins, its attacks and walks after; and a simulator's base spin. */
void pg_play_step(Phoenix *p, Machine *m, SpinKind kind);
/* The base spin from the tables when nothing but plain symbols landed: true, its win added;
 * false when the spin must be played in full (the caller reseeds). */
bool pg_fast_base(Phoenix *p, Machine *m, uint64_t seed);
/* A win added to the round, cut at the cap (which ends the round); returns what was paid. */
Money pg_add_win(Phoenix *p, Machine *m, Money amount, RtpPart part);
uint32_t pg_draw_weighted(Rng *rng, const uint32_t *w, int n, uint32_t total);

static inline int pg_cell(int r, int c) { return r * PG_REELS + c; }

#endif
