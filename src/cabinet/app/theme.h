/* theme.h - a game's look, from themes/<id>/theme.json, and the lobby's, from
 * themes/lobby.json.
 *
 * A theme names art (paths under assets/), colours, layout, timings, which synthesized
 * sound plays at each moment, and the rules window's prose ("rules"). It never holds a
 * number that changes what a round pays.
 * Loading checks everything, with messages naming the file and the JSON path. */
#ifndef SLOTCAB_THEME_H
#define SLOTCAB_THEME_H

#include "error.h"
#include "gamedef.h"
#include "synth.h"

#include <SDL.h>

#define THEME_PATH 128
#define THEME_MAX_LINES 32
#define THEME_MAX_GAMES 8
#define THEME_MAX_RULES 24      /* sections of the rules window */
#define THEME_RULE_HEADING 64   /* bytes, with the NUL */
#define THEME_RULE_TEXT 1024    /* bytes of a section's paragraph, with the NUL */

typedef enum ThemeArt {
    ART_BACKGROUND,
    ART_CELL, /* a reel cell's opaque backdrop; every symbol is laid on it */
    ART_REEL_FRAME,
    ART_LOGO,
    ART_JACKPOT_METER, /* optional: a game without a progressive has none */
    ART_PANEL,
    ART_BOX,
    ART_PICK_TILE,       /* optional: a pick screen's tile, and under the pointer */
    ART_PICK_TILE_HOVER, /* optional */
    ART_TOGGLE_OFF,      /* optional: a toggle's box, off (dark, empty) and on (lit) */
    ART_TOGGLE_ON,       /* optional, with toggle_off */
    ART_PICK_TILE_FACE,  /* optional: a pick tile's face, where what it hides shows */
    ART_TOMBSTONE,       /* optional: over a cell cut into more ways, a plaque for their number */
    ART_SLASH,           /* optional: a blade's streak (a cut, an attack) */
    ART_TRAIL,           /* optional: an ember left along a jump's arc ("feather_trail") */
    /* optional, a fruit machine's (kind "fruit"): */
    ART_CAULDRON,        /* the cauldrons' pot, over a reel */
    ART_LID,             /* a cauldron's lid, over a reel */
    ART_EXTRA_SPIN,      /* the Extra Spin logo (the scene writes its words) */
    ART_LAMP_OFF,        /* an advance lamp, out and lit */
    ART_LAMP_ON,
    ART_PLAN_ROW,        /* a payout plan row, and its blue, yellow and lit looks */
    ART_PLAN_ROW_BLUE,
    ART_PLAN_ROW_YELLOW,
    ART_PLAN_ROW_LIT,
    ART_COUNTER,         /* an LED counter with its label strip */
    ART_MARQUEE,         /* the message/risk marquee */
    ART_LAMP_DOT_OFF,    /* a button's small pilot lamp, out and lit */
    ART_LAMP_DOT_ON,
    /* the upper game's minigames (a fruit machine with an upper game draws them all) */
    ART_MINI_BOARD, ART_MINI_BASKET_BIG, ART_MINI_BASKET, ART_MINI_BASKET_COVERED, ART_MINI_STRAWBERRY,
    ART_MINI_SIGN, ART_MINI_LEPRECHAUN, ART_MINI_LEPRECHAUN_HIDDEN, ART_MINI_COIN, ART_MINI_ELEMENT,
    ART_MINI_ELEMENT_LIT, ART_MINI_PLAQUE_PRIZE, ART_MINI_PLAQUE_STOP, ART_MINI_PLAQUE_STOPX2, ART_MINI_CAP,
    ART_MINI_TREASURE,
    ART__COUNT
} ThemeArt;

/* Buttons have four pictures each: <prefix>-normal.svg, -hover, -pressed, -disabled. */
typedef enum ThemeButton { BUTTON_SPIN, BUTTON_PLAIN, BUTTON_ROUND, BUTTON__COUNT } ThemeButton;

/* The theme's sounds, from its "sounds": a moment's name ("reel_stop", "slice") and the
 * synthesized sound it plays. The names are open: a kind of play asks for the moments it has
 * by name (core/playcue.h), and a theme names those it gives. Only the moments every kind of
 * cabinet has are required (THEME_SOUNDS_SHARED); any other a theme leaves out is silent. */
#define THEME_MAX_SOUNDS 48
#define THEME_SOUND_NAME 24 /* bytes of a moment's name, with the NUL */
#define THEME_SOUNDS_SHARED "spin", "reel_stop", "button", "win_small", "count_up", "music"

typedef struct ThemeSound {
    char name[THEME_SOUND_NAME];
    SynthSound sound;
} ThemeSound;

typedef enum ThemeTiming {
    TIME_SPIN,      /* reels spin at full speed before the first stops */
    TIME_REEL_GAP,  /* between two reels stopping */
    TIME_BOUNCE,    /* a reel's landing bounce */
    TIME_QUICK_GAP, /* between reels stopping after Stop */
    TIME_WIN,       /* each win shown */
    TIME_BANNER,    /* a feature intro or outro */
    TIME_COUNT_UP,  /* the win meter counting up a round's win */
    TIME_BIG_WIN,   /* the big-win celebration */
    TIME__COUNT
} ThemeTiming;

typedef struct ThemeSymbol {
    char art[THEME_PATH];
    char label[16]; /* printed across the symbol's banner ("WILD"), or "" */
} ThemeSymbol;

/* A section of the rules window, from the theme's "rules": a heading, a paragraph, and the id
 * of the game's symbol it is about ("": none), whose picture stands beside it. Prose for the
 * player, never a number that changes what a round pays. */
typedef struct ThemeRule {
    char heading[THEME_RULE_HEADING];
    char symbol[16]; /* a symbol id of the game (SymbolDef.id), or "" */
    char text[THEME_RULE_TEXT];
} ThemeRule;

typedef struct Theme {
    char path[256];
    char game[48];
    char kind[16]; /* the kind of play, whose view draws the game: "lines", "clusters" */
    char title[64];
    char banner_font[THEME_PATH]; /* the banners' one family (fonts.banner; a default) */
    char art[ART__COUNT][THEME_PATH];
    char button[BUTTON__COUNT][THEME_PATH];
    ThemeSymbol symbol[GAMEDEF_MAX_SYMBOLS]; /* by the game's symbol index */
    SDL_Color text, accent, dim;
    SDL_Color window; /* the windows' (paytable, settings) backdrop; optional */
    int nline_colors;
    SDL_Color line[THEME_MAX_LINES];
    int reels_x, reels_y, cell; /* the reel window's top-left and cell size */
    int frame;                  /* how far the reel frame's art reaches around the window */
    SDL_Rect title_plate;       /* the inside of the logo's plate, where the title is fitted */
    int timing_ms[TIME__COUNT];
    int big_win_x;              /* a round win of at least this many times the bet is big */
    int mega_win_x, epic_win_x; /* ... mega, epic (the celebration's tiers) */
    int nsounds;
    ThemeSound sound[THEME_MAX_SOUNDS]; /* the "sounds", in the file's order */
    int nrules;                 /* 1 to THEME_MAX_RULES */
    ThemeRule rule[THEME_MAX_RULES]; /* the rules window's sections, in order */
    int min_text_px;            /* the smallest text drawn, canvas pixels ("min_text_px";
                                 * THEME_MIN_TEXT_PX): smaller is a layout problem */
} Theme;

/* Loads themes/<game id>/theme.json and checks it against the game (every symbol drawn). */
int theme_load(const char *themes_dir, const char *assets_dir, const GameDef *def, Theme *th,
               Error *err);
/* The kind a game's theme names ("lines", "fruit"), read before the game is loaded, so that
 * the scene that shows it can be chosen; -1 with a message naming the file and the path. */
/* A theme's "min_text_px": the smallest size its text may be drawn at, in canvas pixels
 * (the layout check's rule), 8 to 200; THEME_MIN_TEXT_PX where it says none. */
#define THEME_MIN_TEXT_PX 16
int theme_peek_min_text(const char *themes_dir, const char *game_id, int *px, Error *err);
int theme_peek_kind(const char *themes_dir, const char *game_id, char *kind, size_t size,
                    Error *err);

/* The synthesized sound the theme plays at the moment `name` ("win_big", "slice"), or -1
 * (silent: a moment the theme gives no sound). How the play core's cues and the views reach a
 * theme's sounds; a short scan, cheap enough for every cue. */
SynthSound theme_sound(const Theme *th, const char *name);

/* Whether every moment the theme gives a sound is one its cabinet plays a sound at: one of
 * THEME_SOUNDS_SHARED or a name on `lists` (NULL-terminated lists of names, the last list
 * NULL: those the kind's play core and its view ask for). Else -1 with a message naming the
 * file and "sounds.<name>", so a misspelt moment is refused rather than silent. */
int theme_check_sounds(const Theme *th, const char *const *const *lists, Error *err);

typedef struct LobbyGame {
    char id[48];
    char name[64];
    char tile[THEME_PATH];
} LobbyGame;

typedef struct LobbyTheme {
    char path[256];
    char background[THEME_PATH], highlight[THEME_PATH], coming_soon[THEME_PATH];
    int ngames;
    LobbyGame games[THEME_MAX_GAMES];
} LobbyTheme;

int theme_load_lobby(const char *themes_dir, const char *assets_dir, LobbyTheme *lt,
                     Error *err);

#endif
