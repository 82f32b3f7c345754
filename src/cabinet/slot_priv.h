/* slot_priv.h - the line-slot scene's state, shared by slot.c (reels, wins, the round's
 * timeline, the panel) and dialogs.c (the windows that open over it). Private to them. */
#ifndef SLOTCAB_SLOT_PRIV_H
#define SLOTCAB_SLOT_PRIV_H

#include "app.h"
#include "autospin.h"
#include "gamedef.h"
#include "machine.h"
#include "rng.h"
#include "scenario.h"
#include "theme.h"
#include "widget.h"

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
} Overlay;

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
    /* in overlays */
    BTN_PREV, BTN_NEXT, BTN_BACK, BTN_DLG_OK, BTN_DLG_CANCEL,
    BTN_AUTO_SPINS_DN, BTN_AUTO_SPINS_UP, BTN_AUTO_LOSS_DN, BTN_AUTO_LOSS_UP,
    BTN_AUTO_WIN_DN, BTN_AUTO_WIN_UP, BTN_AUTO_WIN_ON, BTN_AUTO_JACKPOT_ON,
    BTN_OPT_SOUND, BTN_OPT_SPACE, BTN_OPT_COINS,
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
    int bi_coin, bi_coins, bi_lines;
    Bet bet;

    /* art */
    GfxImage backdrop, cell; /* everything that never moves, composed; a bare reel cell */
    GfxCache panel_cache, info_cache, top_cache; /* the panel's, its info bar's and the top
                                                    bar's last pictures */
    GfxImage sym[GAMEDEF_MAX_SYMBOLS], sym_small[GAMEDEF_MAX_SYMBOLS];
    GfxImage tile[GAMEDEF_MAX_SYMBOLS], tile_dim[GAMEDEF_MAX_SYMBOLS]; /* symbol on its cell */
    GfxImage tile_veil[GAMEDEF_MAX_SYMBOLS]; /* darker still, under banners */
    GfxImage ic_info, ic_sound_on, ic_sound_off, ic_full, ic_home, ic_left, ic_right, ic_minus,
        ic_plus, ic_lock, coin, ic_options, ic_history, ic_rules, ic_check;
    GfxImage badge[2][EVAL_MAX_LINES]; /* [lit][line]: line-number badges, off and on */
    GfxCache badge_cache[2];           /* the badge columns left and right of the reels */
    GfxCache side_cache[2];            /* the free-spin counters; the wild multipliers */
    ButtonLook look_spin, look_plain, look_round;
    GfxFont f_big, f_huge, f_mid, f_small, f_tiny;
    Button btn[BTN__COUNT];

    /* what is on screen */
    Grid shown;
    CellMask held;
    SpinKind spin_kind;
    int spin_index;
    int free_left, jewel_left;
    bool in_feature;
    Reel reel[COLS_MAX];

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
    Feature banner_feature;
    Money banner_amount;
    bool round_active;
    int round_no;
    int64_t round_id; /* in the store */
    bool recovering;  /* replaying a round rebuilt from the journal, quickly */
    int autoplayed;   /* headless --autoplay: rounds started in this run */
    uint64_t round_seed;
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

/* dialogs.c: the paytable, rules, history, options, autospin and low-balance windows */
void dialogs_layout(Slot *s);
void dialogs_open(Slot *s, Overlay o);
/* Recalls row `row` (0 = newest) of the loaded recall list. */
void dialogs_recall(Slot *s, int row);
/* Input while an overlay is open (all of it goes there). */
void dialogs_input(Slot *s, const Input *in);
void dialogs_update_buttons(Slot *s);
void dialogs_draw(Slot *s);
/* The autospin option lists, as shown in its window. */
extern const int autospin_spin_choices[];
extern const Money autospin_money_choices[];


#endif
