/* slot_priv.h - the video slot's state, shared by the scene (slot.c: input over the round's
 * timeline, which is the play core's SlotPlay, Slot.play; slot_round.c: the timeline's view of
 * the scene; slot_reels.c, slot_draw.c, slot_view.c, slot_windows.c) and the views of the kinds
 * of play (kinds/). Private to them: the windows that open over the scene (windows/) see it
 * only as their host (slot_windows.c).
 *
 * One scene shows every video slot; what a kind of play adds (lines: line badges, coin,
 * coins and lines steppers; clusters: outlined clusters, a pick before free spins, expanding
 * symbols, Bet Settings) is a SlotKind, named by the game's theme ("kind"). The scene calls
 * the kind through it and never asks which kind it is. */
#ifndef SLOTCAB_SLOT_PRIV_H
#define SLOTCAB_SLOT_PRIV_H

#include "slot.h"
#include "autospin.h"
#include "evqueue.h"
#include "keys.h"
#include "seat_host.h"
#include "gamedef.h"
#include "gfx_glow.h"
#include "machine.h"
#include "rng.h"
#include "scenario.h"
#include "slot_play.h"
#include "theme.h"
#include "widget.h"
#include "windows.h"

#define COLS_MAX GRID_MAX_COLS
#define BAND_MAX 400
#define SPEED 0.55f /* cells per tick at full speed */
typedef struct Reel {
    uint8_t band[BAND_MAX]; /* [0] above the target, [1..rows] the target, fillers, the old screen */
    int nband;
    uint64_t t0, t_stop; /* ticks: spin start, landing */
    float speed;         /* cells per tick for this reel, so it lands exactly at t_stop */
    float ant;           /* anticipation: over its last `ant` ticks it slows to ANT_SLOW of
                          * its speed (0: none) */
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
    BTN__COUNT
};

typedef struct SlotKind SlotKind;

typedef struct Slot {
    App *app;
    const SlotKind *kind;
    GameDef def;
    Theme th;
    Machine *m; /* seat.m */
    SeatHost seat_host; /* the App, as the seat sees it */
    Seat seat;  /* the machine through the memory: round id, seed, bet, number */
    SlotPlay play; /* the round's timeline (core/slot_play.h), over seat; what is drawn */
    Scenario sc;
    bool scripted; /* headless scenario run */
    int bi_coin, bi_coins, bi_lines; /* bet options: the kind's bet_option, coins, lines (-1: none) */
    Bet bet;

    /* art */
    GfxImage backdrop, cell; /* everything that never moves, composed; a bare reel cell */
    GfxCache panel_cache, info_cache, top_cache; /* the panel's, its info bar's and the top
                                                    bar's last pictures */
    GfxCache info2_cache;                        /* a second info band, when a kind has one */
    GfxImage sym[GAMEDEF_MAX_SYMBOLS], sym_small[GAMEDEF_MAX_SYMBOLS];
    GfxImage tile[GAMEDEF_MAX_SYMBOLS], tile_dim[GAMEDEF_MAX_SYMBOLS]; /* symbol on its cell */
    GfxImage tile_blur[GAMEDEF_MAX_SYMBOLS]; /* smeared, flying by at speed */
    GfxFont f_banner[3];                     /* the banners' one family: huge, big, mid */
    GfxImage burst, glint;   /* the celebration's light; a glint twinkling round its plate */
    GfxImage tier_plate[4];  /* the celebration's plate, its title baked in: [tier], [0] jackpot */
    GfxImage banner_plate;   /* a feature's banner plate (award, START, outro) */
    GfxImage ant_glow;       /* anticipation's light round a slowing reel */
    GfxStill still;          /* under a celebration: the canvas with its light and plate, kept
                              * while it stands still (gfx_glow.h) */
    float panel_top;         /* where the panel's band begins (the last frame drawn in full) */
    GfxImage ic_info, ic_sound_on, ic_sound_off, ic_full, ic_home, ic_left, ic_right, ic_minus,
        ic_plus, ic_lock, coin, ic_options, ic_history, ic_rules, ic_check;
    GfxImage toggle[2]; /* [on]: a toggle's box off and on; 0: the theme has none */
    GfxImage badge[2][EVAL_MAX_LINES]; /* [lit][line]: line-number badges, off and on */
    GfxCache badge_cache[2];           /* the badge columns left and right of the reels */
    GfxCache side_cache[2];            /* the free-spin counters; the wild multipliers */
    GfxImage pick_tile, pick_tile_hover;
    int pick_hover; /* the tile of a pick under the pointer (PH_PICK), or -1 */
    GfxImage pick_face[GAMEDEF_MAX_SYMBOLS], pick_shade; /* a tile's face with each symbol; its
                                                          * shape in black, to shade it */
    ButtonLook look_spin, look_plain, look_round;
    ButtonLook look_panel; /* a kind's smaller panel buttons */
    GfxFont f_big, f_huge, f_mid, f_small, f_tiny, f_label;
    Button btn[BTN__COUNT];

    /* the reels as they move (what they land on: play.shown) */
    Reel reel[COLS_MAX];
    GfxImage kind_art[8]; /* a kind's own pictures (a tombstone, a streak, an ember) */

    uint64_t spin_down_t0; /* when SPIN was pressed and is still held (0: it is not) */
    int autoplayed;   /* headless --autoplay: rounds started in this run */
    char config[512]; /* the operator's configuration applied to def, as rounds journal it */
    bool coins_view; /* credit and win in coins */

    Windows *windows; /* what opens over the game */

    Autospin autospin;
    char auto_label[24]; /* AUTO, or STOP xx/yy while it runs */
    const char *notice; /* a short message over the reels, e.g. why autospin stopped */
    char forced_note[96]; /* QA: the scenario the next round is forced by */
    uint64_t notice_t0;

    bool space_spins; /* a setting, as coins_view is (the options window edits them) */

    /* anticipation: scatters that start a feature (the game's features.scatter_min; 0:
     * none, no anticipation) */
    int scatter_min;
    bool anticipation_cued;
} Slot;

/* What a kind of play adds to the video slot's view (kinds/lines.c, clusters.c, ways.c); what
 * it adds to the round's timeline is its play kind in the play core (`play`: core/ways_play.c,
 * clusters_play.c), whose state it reads through that kind's header. The scene calls these
 * hooks and never asks which kind it has; a hook that may be NULL says so. A kind draws, lays
 * out and answers questions; it never sends a command (the scene does, in one place) and
 * calls only slot_view.c and slot_reels.c. */
struct SlotKind {
    const char *name;         /* as the theme names it: "kind": "lines" */
    const SlotPlayKind *play; /* its side of the timeline (NULL: it adds nothing to it) */
    /* the rules modules whose events it shows, NULL-terminated (with a play kind: NULL, its
     * play kind's) */
    const char *const *rules;
    const char *bet_option;   /* the bet option the panel steps and Bet Settings lists */
    int autoplay_button;      /* BTN_AUTO or BTN_SPIN: shows autoplay's count, stops it */
    WindowsAutoplay autoplay;
    bool hold_spin_autoplay;  /* SPIN held down (HOLD_SPIN_MS) opens the autoplay window */
    const char *autoplay_title; /* what the game calls autoplay (NULL: "AUTOPLAY") */

    /* art and layout, once when the scene opens */
    int (*backdrop)(const Slot *s, GfxLayer *l, int n); /* adds its layers; returns n */
    int (*load_art)(Slot *s, Error *err);                /* NULL: nothing of its own */
    void (*layout)(Slot *s);                             /* its panel's buttons */
    /* every tick: its buttons' labels and states (idle: between rounds, no window open) */
    void (*update_buttons)(Slot *s, bool idle);
    /* input the kind looks at before the scene (NULL: none); it only changes what is shown */
    void (*input)(Slot *s, const Input *in);

    /* drawing, in this order */
    SDL_FRect (*draw_panel)(Slot *s);             /* returns the band it covers */
    void (*draw_surround)(Slot *s);               /* around the reels (NULL: nothing) */
    void (*draw_on_reels)(Slot *s);               /* inside the reels' clip (NULL: nothing) */
    void (*draw_win)(Slot *s, const EventWin *w); /* the win shown now */
    void (*draw_feature)(Slot *s);                /* its features' phases (NULL: none) */
    void (*draw_side)(Slot *s);                   /* the boxes beside the reels */
    /* a feature banner's two lines: its START (start) or its award */
    void (*banner_text)(const Slot *s, bool start, char *a, size_t na, char *b, size_t nb);

    /* a rules module with a pick needs a kind with this */
    int (*pick_at)(const Slot *s, float x, float y); /* the tile at a point, or -1 */

    /* what the windows show of it */
    int paytable_pages;
    const char *const *paytable_titles;       /* one per page */
    void (*draw_paytable)(Slot *s, int page); /* inside the paytable's frame */
    /* the recall's line for one of its game's own events (false: none; NULL: no such events) */
    bool (*event_line)(const Slot *s, const Event *e, char *t, size_t size);
};

/* slot_view.c: for the scene, the kinds and the windows */
int slot_ticks(const Slot *s, ThemeTiming t);
void slot_money_text(Money v, char *out, size_t size);
/* In money, or in coins of the coin value when the player shows coins. */
void slot_amount_text(const Slot *s, Money v, char *out, size_t size);
/* The game's bet has coins (amounts can be shown in coins). */
bool slot_has_coins(const Slot *s);
Money slot_bet_total(const Slot *s);
void slot_cue(Slot *s, const char *name, AudioLayer layer);
/* Plays `b` from now on if the machine takes it (false: the bet stays). */
bool slot_set_bet(Slot *s, const Bet *b);
void slot_set_min_bet(Slot *s);
/* The win meter's value now, and the feature's win as it counts (slot_play_meter_value,
 * slot_play_feature_win_value at the scene's tick). */
Money slot_meter_value(const Slot *s);
Money slot_feature_win_value(const Slot *s);
/* Settings kept in the store: the last bet of this game, sound, Space to spin, coins. */
void slot_settings_load(Slot *s);
void slot_settings_save(Slot *s);
SDL_Color slot_line_color(const Slot *s, int line);
typedef enum CellLook { CELL_NORMAL, CELL_DIM, CELL_PULSE, CELL_BLUR } CellLook;
SDL_FRect slot_cell_rect(const Slot *s, int r, int c);
void slot_draw_cell(Slot *s, int sym, float x, float y, CellLook look, float zoom);
/* `img` stretched over `at`, drawn round the `n` holes (clipped to the pieces of `at` outside
 * them): it lands on none of them. The clip is off after it. */
void slot_image_round(Slot *s, GfxImage img, SDL_FRect at, const SDL_FRect *holes, int n, float alpha);
/* The band across the canvas that holds buttons first..last and the `nextra` in extra[],
 * and the rows top..bottom. */
SDL_FRect slot_band_of(const Slot *s, int first, int last, const int *extra, int nextra,
                       float top, float bottom);

/* slot_reels.c */
/* The ribbons (a symbol's baked word, WILD or SCATTER, on its band across the symbol's foot)
 * in reel `col` as they are drawn now, at most `max`: a moving reel's symbols passing by slowly
 * enough to be sharp (not those under its held cells), a landed or held one's (grown by the
 * pulse in `grown`). What crosses the reels after the symbols (a win's line, anticipation's
 * glow) keeps off them. */
enum { SLOT_RIBBONS_MAX = 4 * GRID_MAX_ROWS };
int slot_reel_ribbons(const Slot *s, int col, CellMask grown, SDL_FRect *out, int max);
/* A moving reel in the reels' window `win` (smeared at speed: motion blur); with held cells,
 * the held symbols first, then the reel clipped to the rows between them, so that it never
 * passes over them. The clip is `win` after it. */
void slot_draw_moving_reel(Slot *s, int col, SDL_FRect win);
bool slot_reel_all_held(const Slot *s, int c);
/* Where the window's top is in the band, in cells (1 = the target), at tick t. */
float slot_reel_pos(const Slot *s, const Reel *rl, uint64_t t);
/* Cells per tick a reel moves at tick t (0 once it landed). */
float slot_reel_speed(const Reel *rl, uint64_t t);
/* The reel slows down for a feature one symbol away at tick t. */
bool slot_reel_anticipating(const Reel *rl, uint64_t t);
const ReelSet *slot_reelset_for(const Slot *s, SpinKind kind);
/* Sets every reel moving toward the event's screen; reel c lands at its own tick. */
void slot_reels_start(Slot *s, const EventScreen *e);
/* STOP: the reels still moving land quickly, one after another. */
void slot_reels_quick_stop(Slot *s);
/* One tick of the reels; true when all have landed and bounced. */
bool slot_reels_update(Slot *s);

/* slot.c: every button's state and label now (the windows' too) */
void slot_update_buttons(Slot *s);

/* slot_windows.c: the windows over the scene, once its art is loaded (refresh: the scene's
 * buttons brought up to date, WindowsHost.refresh); NULL when out of memory */
Windows *slot_windows_create(Slot *s, void (*refresh)(void *scene));

/* slot_round.c: the timeline's view of the scene (SlotPlayView), for slot_play_init */
SlotPlayView slot_timeline_view(Slot *s);
SlotPlayShow slot_timeline_show(const Slot *s);
/* A short message over the reels, for a few seconds. */
void slot_notice(Slot *s, const char *text);

/* slot_draw.c */
void slot_draw(void *self);
void slot_draw_win_cells(Slot *s, const EventWin *w, SDL_Color col);
/* Where a plate of w x h goes beside `cells`, never on them: centred on the free cell
 * nearest (last_r, last_c), else over the reels' top edge. */
/* One line of a plate (the celebration's, a banner's), its middle `mid` of the plate's height
 * down, in font f, drawn smaller to fit the plate's width less its rim. */
void slot_plate_line(Slot *s, SDL_FRect plate, float mid, GfxFont f, SDL_Color c, const char *text);
SDL_FRect slot_plate_spot(const Slot *s, CellMask cells, int last_r, int last_c, float w, float h);
int slot_load_art(Slot *s, Error *err);
void slot_layout_buttons(Slot *s);

#endif
