/* qa.h - QA mode: what changes or reveals an outcome is QA's alone.
 *
 * The scenario picker (F3, the button deck's "picker", the operator menu's S) and so forced
 * rounds, the event log (F2, --event-log) and F12's pictures past a small quota work only in
 * QA mode: --qa on QA's machines, or the operator's setting behind the PIN (the settings
 * page's "QA mode", logged). A headless run is a tool no visitor reaches: it is in QA mode.
 * A kiosk (--kiosk) never is: it refuses --qa and ignores the setting, and takes no F12
 * pictures at all. Outside QA mode a QA key shows "QA MODE IS OFF" for a moment and does
 * nothing else. A round a scenario forced says so over the scene, FORCED · <scenario>, for
 * as long as it is shown (in a window; a headless run's --shots frames stay the game's). */
#ifndef SLOTCAB_QA_H
#define SLOTCAB_QA_H

#include "app.h"

#define QA_SETTING_KEY "qa_mode" /* the operator's setting: "1" on, else off */
#define QA_SNAP_QUOTA 5          /* F12 pictures a run takes outside QA mode (a kiosk: none) */

/* A QA key (F2, F3) outside QA mode: noticed, and true (it goes no further). */
bool qa_refuse_key(App *a, const Input *in);
/* F12 may take a picture now (counts it); false after a notice on stderr. */
bool qa_may_snap(App *a);
/* A scene noted the round it shows (app_note_round): its FORCED tag, when a scenario forced it. */
void qa_note_round(App *a, int64_t round);
/* A window's QA layer over the frame: the REPLAY and FORCED tags, the QA MODE IS OFF notice. */
void qa_draw(App *a);
/* At start, once the memory is open: --event-log outside QA mode is refused (-1 with err). */
int qa_check_start(App *a, Error *err);

/* The operator's settings page: the QA mode row's value and help, and its toggle (-1 with err:
 * a kiosk, or the memory). */
void qa_setting_text(App *a, char *value, size_t vsize, char *how, size_t hsize);
int qa_toggle_setting(App *a, Error *err);

#endif
