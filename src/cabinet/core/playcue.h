/* playcue.h - how the play core's timelines (slot_play.c, fruit_play.c) ask for a sound: by
 * the name a theme gives it under "sounds" ("reel_stop", "win_big"; the view maps a name to
 * the theme's sound, so no game's sound needs a value of a shared enum), on one of the
 * cabinet's sound layers (the view maps a layer to its AudioLayer). Plain C, no SDL. */
#ifndef SLOTCAB_PLAYCUE_H
#define SLOTCAB_PLAYCUE_H

/* The sound layer a cue plays on: the reels' spinning and landing, the wins and
 * celebrations, the buttons and small ticks. */
typedef enum PlayLayer { PLAY_REELS, PLAY_WINS, PLAY_UI } PlayLayer;

#endif
