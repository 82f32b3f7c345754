/* contact.h - QA's contact sheet (--headless --contact-sheet DIR): every named scenario of
 * every game in the lobby played headless, each in a fresh memory of its own, its key frames
 * kept and compared with the goldens, and one HTML page over them all. */
#ifndef SLOTCAB_CONTACT_H
#define SLOTCAB_CONTACT_H

#include "app.h"

typedef struct ContactDesc {
    const AppOptions *base;  /* headless; --size, --games, --themes, --assets, --scenario-dir */
    const char *out_dir;     /* made if missing (its parent must exist) */
    const char *golden_dir;  /* <game>/<scenario>-<moment>.png; NULL: nothing to compare with */
    const char *game;        /* only this game of the lobby (NULL: all of them) */
} ContactDesc;

/* Plays them all and writes out_dir/index.html, the frames beside it. Returns 0 when no frame
 * differs from its golden, 1 when one does, 2 after a message on stderr (a flag, the lobby or
 * a scenario that is wrong, a scenario that could not be played, a file not written). */
int contact_sheet(const ContactDesc *d, const AppScenes *scenes);

#endif
