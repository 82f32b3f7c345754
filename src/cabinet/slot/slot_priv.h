/* slot_priv.h - the slot scene's state, shared by slot.c (reels, wins, the round's
 * timeline, the panel), slot_grid.c (what a grid game adds: cluster outlines, the pick
 * screen, the expansion) and dialogs.c (the windows that open over it). Private to them.
 *
 * One scene shows every reel game: a line game (Mona Lisa Jewels) gets line badges and
 * coin, coins and lines steppers; a game without lines (Gonzo's Gold's 5x5 cluster grid)
 * gets one bet with its list of values, outlined clusters, and, when its rules have them,
 * a pick before free spins and expanding symbols. What differs follows from the game file
 * and its rules module, never from the game's name. */
#ifndef SLOTCAB_SLOT_PRIV_H
#define SLOTCAB_SLOT_PRIV_H

#include "slot.h"
#include "autospin.h"
#include "gamedef.h"
#include "machine.h"
#include "rng.h"
#include "scenario.h"
#include "theme.h"
#include "widget.h"
#include "games/mona_lisa.h"

#define COLS_MAX GRID_MAX_COLS
#define BAND_MAX 160
#define SPEED 0.55f /* cells per tick at full speed */
#define MAX_WINS 64
#define MAX_QUEUE 8192

typedef enum Phase {
    PH_IDLE,        /* waiting for SPIN; the last round's wins keep cycling */
    PH_SPINNING,    /* reels moving toward the screen of the current SCREEN event */
    PH_WINS,        /* the current spin's wins, one after another */
    PH_BANNER,      /* an award, feature intro/outro, big win or jackpot banner */
    PH_AWAIT_START, /* free spins awarded: the player presses START */
    PH_PICK,        /* free spins awarded in a game with a pick: the player picks a tile */
    PH_REVEAL,      /* the picked tile, then the others, turn over */
    PH_EXPAND,      /* expanding symbols sweep across their rows and reels */
} Phase;

typedef enum Banner {
    BANNER_AWARD,
    BANNER_START,
    BANNER_OUTRO,
    BANNER_BIG_WIN,
    BANNER_JACKPOT,
} Banner;

typedef enum Overlay {
    OVERLAY_NONE,
    OVERLAY_PAYTABLE,
    OVERLAY_LOW_BALANCE, /* the balance is less than the bet: offer the minimum bet */
    OVERLAY_AUTO,        /* autospin settings */
    OVERLAY_OPTIONS,     /* sound volumes and settings */
    OVERLAY_HISTORY,     /* game recall: the last rounds of this game, from the store */
    OVERLAY_RECALL,      /* one recalled round, replayed from its journal, spin by spin */
    OVERLAY_RULES,
    OVERLAY_BET, /* Bet Settings: every bet value, to pick one */
} Overlay;

#define GRID_PANEL_Y 875 /* a grid game's panel art starts here */
#define BET_LIST_MAX 16 /* bet values the Bet Settings window shows */
#define HISTORY_MAX 100 /* rounds the recall screen lists, newest first */

typedef struct Reel {
    uint8_t band[BAND_MAX]; /* [0] above the target, [1..rows] the target, fillers, the old screen */
    int nband;
    uint64_t t0, t_stop; /* ticks: spin start, landing */
    float speed;         /* cells per tick for this reel, so it lands exactly at t_stop */
    bool moving, landed_sound;
} Reel;

enum {
    /* the panel */
    BTN_SPIN, BTN_MAX, BTN_AUTO, BTN_COIN_DN, BTN_COIN_UP, BTN_COINS_DN, BTN_COINS_UP,
    BTN_LINES_DN, BTN_LINES_UP,
    /* top right */
    BTN_INFO, BTN_RULES, BTN_HISTORY, BTN_OPTIONS, BTN_SOUND, BTN_FULL, BTN_HOME,
    /* a grid game's panel: Bet Settings */
    BTN_BET,
    /* in overlays */
    BTN_PREV, BTN_NEXT, BTN_BACK, BTN_DLG_OK, BTN_DLG_CANCEL,
    BTN_AUTO_SPINS_DN, BTN_AUTO_SPINS_UP, BTN_AUTO_LOSS_DN, BTN_AUTO_LOSS_UP,
    BTN_AUTO_WIN_DN, BTN_AUTO_WIN_UP, BTN_AUTO_WIN_ON, BTN_AUTO_JACKPOT_ON,
    BTN_OPT_SOUND, BTN_OPT_SPACE, BTN_OPT_COINS,
    /* a grid game's autoplay: its advanced stop conditions */
    BTN_AUTO_ANY_ON, BTN_AUTO_GAIN_ON, BTN_AUTO_GAIN_DN, BTN_AUTO_GAIN_UP, BTN_AUTO_LOSS_ON,
    BTN_AUTO_RESET,
    /* Bet Settings: a button per bet value */
    BTN_BET_VALUE, BTN_BET_VALUE_LAST = BTN_BET_VALUE + BET_LIST_MAX - 1,
    BTN__COUNT
};
#define BTN_FIRST_OVERLAY BTN_PREV

typedef struct Slot {
    App *app;
    GameDef def;
    Theme th;
    Machine *m;
    Scenario sc;
    bool scripted; /* headless scenario run */
    bool lines;    /* a line game; else one bet value, chosen from a list (bi_coin) */
    int pick_tiles; /* tiles of the pick before free spins, 0 when START takes no pick */
    int bi_coin, bi_coins, bi_lines;
    Bet bet;

    /* art */
    GfxImage backdrop, cell; /* everything that never moves, composed; a bare reel cell */
    GfxCache panel_cache, info_cache, top_cache; /* the panel's, its info bar's and the top
                                                    bar's last pictures */
    GfxCache info2_cache;                        /* a grid game's balance line */
    GfxImage sym[GAMEDEF_MAX_SYMBOLS], sym_small[GAMEDEF_MAX_SYMBOLS];
    GfxImage tile[GAMEDEF_MAX_SYMBOLS], tile_dim[GAMEDEF_MAX_SYMBOLS]; /* symbol on its cell */
    GfxImage tile_veil[GAMEDEF_MAX_SYMBOLS]; /* darker still, under banners */
    GfxImage ic_info, ic_sound_on, ic_sound_off, ic_full, ic_home, ic_left, ic_right, ic_minus,
        ic_plus, ic_lock, coin, ic_options, ic_history, ic_rules, ic_check;
    GfxImage badge[2][EVAL_MAX_LINES]; /* [lit][line]: line-number badges, off and on */
    GfxCache badge_cache[2];           /* the badge columns left and right of the reels */
    GfxCache side_cache[2];            /* the free-spin counters; the wild multipliers */
    GfxImage pick_tile, pick_tile_hover;
    ButtonLook look_spin, look_plain, look_round;
    ButtonLook look_panel; /* a grid game's panel buttons: smaller type */
    GfxFont f_big, f_huge, f_mid, f_small, f_tiny, f_label;
    Button btn[BTN__COUNT];

    /* what is on screen */
    Grid shown;
    CellMask held;
    SpinKind spin_kind;
    int spin_index;
    int free_left, extra_left;
    bool in_feature;
    Reel reel[COLS_MAX];
    int scatters_landed; /* scatters on the reels landed so far in this spin */

    /* a grid game's pick and expansion */
    uint8_t tiles[EVENT_MAX_TILES]; /* what each tile hides, once revealed */
    int pick_choice, pick_hover;    /* the tile picked / under the pointer, or -1 */
    int expanding;                  /* the expanding symbol in these free spins, or -1 */
    EventExpand expand;             /* the expansion being shown (PH_EXPAND) */

    /* the round being played back */
    Event queue[MAX_QUEUE];
    int qhead, qlen;
    Phase phase;
    uint64_t phase_t0;
    EventWin wins[MAX_WINS];
    int nwins, win_at;
    uint64_t win_t0;
    Money spin_win, round_win, feature_win;
    Money meter_from, meter_to; /* the win meter counts up between these */
    uint64_t meter_t0;
    Banner banner;
    int banner_spins;
    bool banner_retrigger;
    Feature banner_feature;
    Money banner_amount;
    bool round_active;
    int round_no;
    int64_t round_id; /* in the store */
    bool recovering;  /* replaying a round rebuilt from the journal, quickly */
    int autoplayed;   /* headless --autoplay: rounds started in this run */
    uint64_t round_seed;
    char config[512]; /* the operator's configuration applied to def, as rounds journal it */
    Money round_bet;
    bool jackpot_pending;
    Money jackpot_amount;
    bool fast;      /* Stop pressed: reels land quickly */
    bool coins_view; /* credit and win in coins */
    int pages_left;  /* headless --open paytable */

    Overlay overlay;
    int page;

    /* autospin, and what its settings window shows */
    Autospin autospin;
    char auto_label[24]; /* AUTO, or STOP xx/yy while it runs */
    int round_free_spins; /* free and jewel spins played in this round */
    bool round_jackpot;
    int auto_spins_i, auto_loss_i, auto_win_i;
    bool auto_win_on, auto_jackpot_on;
    bool auto_any_on, auto_gain_on, auto_loss_on; /* a grid game's optional stops */
    int auto_gain_i;
    char bet_label[BET_LIST_MAX][24]; /* Bet Settings' buttons */
    const char *notice; /* a short message over the reels, e.g. why autospin stopped */
    uint64_t notice_t0;

    /* settings (the options window edits a copy; SAVE keeps it, CANCEL drops it) */
    bool space_spins;
    int saved_volume[AUDIO__LAYERS];
    bool saved_muted, saved_coins, saved_space;
    int drag; /* the volume slider being dragged, or -1 */

    StoreHistoryRow *history; /* loaded when the recall screen opens */
    int nhistory;
    /* the recalled round: its events, replayed by the engine from the journal */
    StoreHistoryRow recall;
    Event *recall_events;
    int recall_nevents;
    int recall_spin, recall_nspins;
    const char *recall_problem; /* why it cannot be shown, or NULL */
} Slot;

/* slot.c, for the overlays */
int slot_ticks(const Slot *s, ThemeTiming t);
void slot_money_text(Money v, char *out, size_t size);
void slot_amount_text(const Slot *s, Money v, char *out, size_t size);
Money slot_bet_total(const Slot *s);
void slot_cue(Slot *s, ThemeCue c, AudioLayer layer);
void slot_set_min_bet(Slot *s);
/* Saves the settings and this game's bet in the store. */
void slot_settings_save(Slot *s);
SDL_Color slot_line_color(const Slot *s, int line);

/* slot_grid.c: what a grid game adds to the scene */
typedef enum CellLook { CELL_NORMAL, CELL_DIM, CELL_VEIL, CELL_PULSE } CellLook;
SDL_FRect slot_cell_rect(const Slot *s, int r, int c);
void slot_draw_cell(Slot *s, int sym, float x, float y, CellLook look, float zoom);
/* The win's cells outlined along the group's edge, its amount on a plate. */
void grid_draw_cluster(Slot *s, const EventWin *w, SDL_Color col);
/* The expanding-symbol prize: its cells outlined and a plate of its own. */
void grid_draw_expanding_prize(Slot *s, const EventWin *w);
/* During PH_EXPAND: the expanding symbol sweeping over the covered cells. */
void grid_draw_expansion(Slot *s);
/* Ticks of the expansion's sweep. */
int grid_expand_ticks(const Slot *s);
/* The pick screen (PH_PICK, PH_REVEAL) over the grid. */
void grid_draw_pick(Slot *s);
/* The tile at a canvas point, or -1. */
int grid_pick_at(const Slot *s, float x, float y);
/* Ticks of the reveal after a pick. */
int grid_reveal_ticks(void);

/* dialogs.c: the paytable, rules, history, options, autospin and low-balance windows */
void dialogs_layout(Slot *s);
void dialogs_open(Slot *s, Overlay o);
/* Recalls row `row` (0 = newest) of the loaded recall list. */
void dialogs_recall(Slot *s, int row);
/* Input while an overlay is open (all of it goes there). */
void dialogs_input(Slot *s, const Input *in);
void dialogs_update_buttons(Slot *s);
/* How many pages a window has (the paytable's depend on the game). */
int dialogs_pages(const Slot *s, Overlay o);
void dialogs_draw(Slot *s);
/* The autospin option lists, as shown in its window. */
extern const int autospin_spin_choices[];
extern const Money autospin_money_choices[];


#endif
