/* operator_priv.h - what the two halves of the operator scene share: its state, and the
 * calls from the pages (operator.c) to the door (operator_door.c: the PIN at the keypad or from
 * --pin-file), and what both use (operator_memory.c). Not for other scenes. */
#ifndef SLOTCAB_OPERATOR_PRIV_H
#define SLOTCAB_OPERATOR_PRIV_H

#include "operator.h"
#include "gamedef.h"
#include "games.h"
#include "keypad.h"
#include "opdoor.h"

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stdint.h>

/* Where the scene is: at one of the door's steps, or inside on the pages. */
typedef enum Step {
    STEP_OPEN,           /* the pages */
    STEP_ENTER,          /* the PIN, to open the door */
    STEP_NEW,            /* no PIN yet (slotcab --operator): a new one */
    STEP_CONFIRM,        /* the new PIN again */
    STEP_REFUSED,        /* no PIN yet, and opened with Ctrl+Alt+O */
    STEP_CHANGE_OLD,     /* P on the pages: the current PIN */
    STEP_CHANGE_NEW,     /* the new PIN */
    STEP_CHANGE_CONFIRM, /* the new PIN again */
    STEP__COUNT
} Step;

#define CTL_MAX 4   /* games with a controller's meters on the meters page */
#define CTL_LINES 8 /* lines of each */
#define LOG_MAX 1000 /* operator log entries the log page pages through (the audit has all) */
#define LOG_PER_PAGE 15

typedef struct Operator {
    App *app;
    GfxFont big, mid, small, tiny, key_digit, key_label, dots;
    GfxImage lock;
    char *audit;        /* the audit JSON, for the meters page */
    cJSON *audit_json;  /* ... parsed */
    StoreCheck check;
    char message[ERROR_MSG_MAX + 32];
    bool message_bad;   /* shown in red */
    int page;           /* 0 meters, 1 cash, 2 integrity, 3 settings, 4 log */
    int ngames;
    GameDef *games;     /* playable games, as their files define them */
    int qa_game;        /* the game R (recall) and S (QA's scenarios) open; G steps it */
    int row;            /* the selected settings row */
    float settings_scroll; /* how far the settings list is scrolled (canvas pixels) */
    StoreOplogRow *log; /* the newest LOG_MAX entries, newest first */
    int nlog, log_page;
    /* the door */
    Step step;
    Keypad pad;
    char first[KEYPAD_MAX + 1]; /* a new PIN typed once, until it is confirmed */
    char old[KEYPAD_MAX + 1];   /* a PIN change: the current PIN */
    bool checking;              /* ENTER: checked at the next tick's update, once */
    uint64_t check_tick;        /* the tick ENTER came at ("checking..." is drawn after it) */
    int64_t locked_until;       /* the lock-out's end (real epoch seconds), for the countdown */
    bool pin_file_shut;         /* --pin-file did not open the door */
    /* the controllers' meters of the games that have one (GameRules.carried_report), read
     * with the audit */
    struct {
        int game; /* in games */
        int n;
        StateLine line[CTL_LINES];
    } ctl[CTL_MAX];
    int nctl;
} Operator;

/* The operator pages' colours: dark purple ground, gold and cream text. */
#define OP_GROUND ((SDL_Color){16, 10, 24, 255})
#define OP_GOLD ((SDL_Color){255, 207, 74, 255})
#define OP_CREAM ((SDL_Color){255, 241, 200, 255})
#define OP_DIM ((SDL_Color){201, 169, 138, 255})
#define OP_RED ((SDL_Color){255, 110, 110, 255})

/* Where the pages' frame puts things (canvas pixels). */
#define OP_FOOTER ((SDL_FRect){160, 1022, 1600, 44}) /* the keys' help, at the bottom */

/* operator_memory.c */
/* Text fitted into its box (drawn smaller, down to the floor), its capitals centred in the
 * box's height; _lines may also break it into lines. */
GfxFit operator_text(Operator *o, SDL_FRect box, GfxFont f, GfxAlign align, SDL_Color c,
                     const char *s);
GfxFit operator_text_lines(Operator *o, SDL_FRect box, GfxFont f, GfxAlign align, SDL_Color c,
                           const char *s);
void operator_say(Operator *o, bool bad, const char *text); /* the message line */
void operator_refresh(Operator *o);                         /* re-reads the memory */
/* 10000 as "10,000", and money without its sign as "1234.56": the language's way (core/lang.h:
 * "10.000", "1.234,56" in Spanish). */
void operator_thousands(int64_t v, char *out, size_t size);
void operator_money_text(Money m, char *out, size_t size);
/* Credits in `amount` (its cash log says `by`), says so on the message line, reads again. */
void operator_credit(Operator *o, Money amount, const char *by);

/* operator_door.c */
/* Where the door starts (-1 with err: a --pin-file that cannot be used, or the memory). */
int operator_door_start(Operator *o, Error *err);
void operator_door_input(Operator *o, const Input *in);
void operator_door_tick(Operator *o);
void operator_door_draw(Operator *o);
/* P on the pages: change the PIN (the current one first). */
void operator_door_change_pin(Operator *o);
/* Wipes every PIN the scene holds. */
void operator_door_wipe(Operator *o);


/* operator_draw.c: the pages' furniture */
#define PAGE_TOP 214.0f     /* the pages' panels, between these */
#define PAGE_BOTTOM 938.0f
#define PAGE_LEFT 100.0f
#define PAGE_RIGHT 1820.0f
#define PAD 30.0f           /* text keeps this far inside a panel's edge */
#define ROW_H 48.0f         /* a row of a table */
#define CELL_PAD 12.0f      /* text keeps this far inside its cell */
#define OP_RULE ((SDL_Color){90, 66, 48, 255})
#define OP_BAND ((SDL_Color){40, 27, 55, 255}) /* every other row of a table */
#define OP_RIM ((SDL_Color){150, 112, 58, 255})
#define OP_FACE ((SDL_Color){52, 34, 72, 255})
/* A page's panel with its title; returns where its content starts. */
float op_panel(Operator *o, SDL_FRect r, const char *title);
/* A word the games give the pages (a controller's meter, a setting's name or unit, a bet
 * option's name), translated: the engine and game files stay English. */
const char *op_engine_word(const char *word);
/* The log page: the operator log, newest first, a page at a time. */
void op_draw_log(Operator *o);
/* The meters page's band of each game's controller meters, from `top` down to PAGE_BOTTOM. */
void op_draw_controllers(Operator *o, float top);
void op_rule(Operator *o, float x, float y, float w);
/* A game setting's keys (-/+ step) and, when the game gives it a legal floor, the floor and
 * where it comes from: a value below it is allowed (the game's range) and said to be below. */
void op_setting_how(const GameDef *d, const char *key, int64_t value, const char *step, char *out,
                    size_t size);
/* Every other row of a table gets a band (drawn before the row's text). */
void op_band(Operator *o, SDL_FRect row, int i);
/* A row of a two-column table: the label left (label_w wide), the value right-aligned. */
void op_pair_row(Operator *o, SDL_FRect row, float label_w, const char *label,
                 SDL_Color value_color, const char *value);
/* A key cap with its key's letter; a key and what it does, in a row of height h. */
void op_keycap(Operator *o, SDL_FRect r, const char *key);
void op_key_row(Operator *o, float x, float y, float w, float h, GfxFont f, const char *key,
                const char *what);

#endif
