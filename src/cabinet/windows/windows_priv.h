/* windows_priv.h - the windows' state, shared by windows.c (opening, input, the settings
 * windows), windows_recall.c (game recall) and windows_frame.c (what every window looks
 * like). Private to them. */
#ifndef SLOTCAB_WINDOWS_PRIV_H
#define SLOTCAB_WINDOWS_PRIV_H

#include "windows.h"
#include "store.h"

#define BET_LIST_MAX 16 /* bet values the Bet Settings window shows */
#define HISTORY_MAX 100 /* rounds the recall screen lists, newest first */

enum {
    WB_PREV, WB_NEXT, WB_BACK, WB_OK, WB_CANCEL,
    WB_AUTO_SPINS_DN, WB_AUTO_SPINS_UP, WB_AUTO_LOSS_DN, WB_AUTO_LOSS_UP,
    WB_AUTO_WIN_DN, WB_AUTO_WIN_UP, WB_AUTO_WIN_ON, WB_AUTO_JACKPOT_ON,
    WB_OPT_SOUND, WB_OPT_SPACE, WB_OPT_COINS,
    WB_OPT_LANG, WB_OPT_LANG_LAST = WB_OPT_LANG + 1, /* the options' languages (core/lang.h) */
    /* the advanced autoplay window's stop conditions */
    WB_AUTO_ANY_ON, WB_AUTO_GAIN_ON, WB_AUTO_GAIN_DN, WB_AUTO_GAIN_UP, WB_AUTO_LOSS_ON,
    WB_AUTO_RESET,
    /* game recall: the round shown played again in the game (QA's replay) */
    WB_REPLAY,
    /* Bet Settings: a button per bet value */
    WB_BET_VALUE, WB_BET_VALUE_LAST = WB_BET_VALUE + BET_LIST_MAX - 1,
    WB__COUNT
};

/* Game recall: the history's rows, and the recalled round's events, replayed by the engine
 * from its journal. */
typedef struct WindowsRecall {
    StoreHistoryRow *history; /* loaded when the history opens */
    int nhistory;
    StoreHistoryRow round;
    Event *events;
    int nevents;
    int spin, nspins;
    const char *problem; /* why it cannot be shown, or NULL */
} WindowsRecall;

/* QA's picker: the scenarios listed (the game's named ones, then a tester's). */
#define WINDOWS_PICKS_MAX 128
#define WINDOWS_PICKS_PAGE 8
typedef struct WindowsPick {
    char path[600];
    char title[200];
    char description[700];
    bool unreachable; /* it forces a screen the reel strips cannot show (scenario_check) */
} WindowsPick;
typedef struct WindowsPicker {
    WindowsPick *picks; /* loaded when the picker opens */
    int n;
    char problem[300]; /* why the last pick was refused ("" none) */
} WindowsPicker;

struct Windows {
    WindowsHost host;
    Window shown;
    int page;
    Button btn[WB__COUNT];
    char bet_label[BET_LIST_MAX][24]; /* Bet Settings' buttons */

    /* the autoplay window's choices, indices into its lists */
    int auto_spins_i, auto_loss_i, auto_win_i, auto_gain_i;
    bool auto_win_on, auto_jackpot_on;
    bool auto_any_on, auto_gain_on, auto_loss_on; /* the advanced window's optional stops */

    /* the options window changes the settings as the player goes; CANCEL restores these */
    WindowsOptions options;
    WindowsOptions saved;
    int saved_volume[AUDIO__LAYERS];
    int lang; /* the language chosen, spoken from SAVE on (lang_info) */
    bool saved_muted;
    int drag; /* the volume slider being dragged, or -1 */

    WindowsRecall recall;
    WindowsPicker picker;
    int shoot_next, shoot_left; /* windows_shoot(): the page of "all" shot now, its pictures left */
};

/* windows_frame.c */
/* The game dimmed under a window: the window's colour, a third as bright. */
SDL_Color windows_veil(const Windows *w, Uint8 alpha);
/* The game dimmed, and a framed box with its title. */
void windows_frame(Windows *w, SDL_FRect box, const char *title);
/* A line of text in its box: font f, its anchor x (by align: the box's left, centre or
 * right) and y (its top), the box `width` wide (it shrinks to fit, as gfx_text_box). */
GfxFit windows_line(Windows *w, GfxFont f, float x, float y, float width, GfxAlign align, SDL_Color c,
                    bool shadow, const char *s);
/* A toggle, on when it shows the check. */
void windows_draw_toggle(Windows *w, int id);
/* The paged windows' PREV, NEXT and BACK. */
void windows_draw_paging(Windows *w);
/* "page N of M" in the window's top right corner (page from 0). */
void windows_draw_page_number(Windows *w, int page, int pages);

/* windows_rules.c */
int windows_rules_pages(const Windows *w);
void windows_draw_rules(Windows *w);

/* windows_recall.c */
int windows_history_pages(const Windows *w);
int windows_recall_pages(const Windows *w);
void windows_history_load(Windows *w);
/* The round of row `i` of the history replayed; opens WINDOW_RECALL. */
void windows_recall_open(Windows *w, int i);
/* A click on the history at (x, y): the row under it, or -1. */
int windows_history_row_at(const Windows *w, float x, float y);
void windows_draw_history(Windows *w);
void windows_draw_recall(Windows *w);
void windows_recall_free(WindowsRecall *r);

/* windows_picker.c */
void windows_picker_load(Windows *w);
void windows_picker_free(WindowsPicker *p);
int windows_picker_pages(const Windows *w);
/* A pick by click or number key; true when the input was the picker's. */
bool windows_picker_input(Windows *w, const Input *in);
void windows_draw_picker(Windows *w);

#endif
