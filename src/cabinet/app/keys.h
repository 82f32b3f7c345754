/* keys.h - the cabinet's keys for what a player presses, named once.
 *
 * The scenes answer to these keys, and the button deck (deck.c) sends them for its actions,
 * so a controller drives every scene as the keyboard does and a recording keeps keys only.
 * A button the on-screen panel lets the player hold down has a keyboard form too: its key
 * with KEY_HELD (Shift+Enter: SPIN held, which opens Auto Spin where the game says so;
 * Shift+C: COLLECT held, which collects all of the prize). */
#ifndef SLOTCAB_KEYS_H
#define SLOTCAB_KEYS_H

#include "clock.h"
#include "input.h"

#include <SDL.h>

#define KEY_PLAY SDLK_RETURN    /* SPIN / PLAY (keypad Enter too; Space where the options say) */
#define KEY_HELD KMOD_SHIFT     /* with KEY_PLAY or KEY_COLLECT: that button held down */
#define KEY_BET SDLK_b          /* the next bet (a game with a bet list: its Bet Settings) */
#define KEY_AUTO SDLK_a         /* slot: AUTO (Auto Spin); fruit machine: AUTO-ADVANCES */
#define KEY_AUTOPLAY SDLK_p     /* fruit machine: AUTO-PLAY */
#define KEY_AUTORISK SDLK_r     /* fruit machine: AUTO-RISK */
#define KEY_REEL1 SDLK_1        /* HOLD/ADVANCE 1 (KEY_REEL1 + 1, + 2: the others); a pick by number */
#define KEY_COLLECT SDLK_c      /* fruit machine: COLLECT; lines slot: amounts in coins or currency */
#define KEY_GAME_CHANGE SDLK_g  /* fruit machine: GAME CHANGE */
#define KEY_BACK SDLK_ESCAPE    /* close a window; the lobby between rounds */
#define KEY_EVENT_LOG SDLK_F2   /* QA: the event log beside the game */
#define KEY_PICKER SDLK_F3      /* QA: force the next round (the scenario picker) */
#define KEY_FULLSCREEN SDLK_F11
#define KEY_SCREENSHOT SDLK_F12

/* How long a button is held down before it counts as held (the on-screen buttons' times). */
#define KEY_HOLD_SPIN_TICKS CLOCK_MS_TICKS(800)    /* SPIN held: Auto Spin */
#define KEY_HOLD_COLLECT_TICKS CLOCK_MS_TICKS(700) /* COLLECT held: all of the prize */

#define KEY_IS_HELD(in, k) ((in)->type == INPUT_KEY && (in)->key == (k) && ((in)->mod & KEY_HELD))

#endif
