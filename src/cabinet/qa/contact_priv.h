/* contact_priv.h - what the contact sheet's run (contact.c) hands its page (contact_page.c):
 * the games, a card per scenario, the key frames of each and how they compare with their
 * goldens. */
#ifndef SLOTCAB_CONTACT_PRIV_H
#define SLOTCAB_CONTACT_PRIV_H

#include "contact.h"
#include "scenario.h"
#include "theme.h"

#include <stdbool.h>
#include <stdio.h>

#define CONTACT_FRAMES 4   /* key frames of one scenario, at most (its key_moments and the final) */
#define CONTACT_MOMENT 96  /* a moment's name: r01-s00-win-01 */
#define CONTACT_FILE 400   /* a file's path relative to the page */
#define CONTACT_TOL 10     /* a channel off by more than this: the pixel differs */
#define CONTACT_SHARE 1000 /* a frame differs when more than 1 pixel in this many does
                            * (the tolerance of tests/test_slotcab.py's goldens) */

typedef enum ContactVerdict { CONTACT_NO_GOLDEN, CONTACT_SAME, CONTACT_DIFFERS } ContactVerdict;

typedef struct ContactFrame {
    char moment[CONTACT_MOMENT];
    bool final;                   /* the round's last picture */
    char file[CONTACT_FILE];      /* <game>/<scenario>-<moment>.png */
    ContactVerdict verdict;
    long long differing, total;   /* pixels off by more than CONTACT_TOL, of all */
    char golden[CONTACT_FILE];    /* when it differs: the golden's copy, <game>/golden/... */
    char diff[CONTACT_FILE];      /* and the difference picture, <game>/diff/... ("" none) */
    char note[200];               /* why it could not be compared pixel by pixel */
} ContactFrame;

typedef struct ContactCard {
    char file[256];               /* the scenario file's name */
    char path[1024];
    char title[SCENARIO_TITLE_MAX * 4 + 1];
    char description[SCENARIO_DESCRIPTION_MAX * 4 + 1];
    bool own;                     /* a tester's, from --scenario-dir */
    int nwant;                    /* its "key_moments" (0: the first moment past the plain ones) */
    char want[CONTACT_FRAMES - 1][CONTACT_MOMENT];
    char problem[1600];           /* "" or what went wrong with it (also said on stderr) */
    char *moments;                /* every moment shot, in order, a space between */
    int nframes;
    ContactFrame frames[CONTACT_FRAMES];
} ContactCard;

typedef struct ContactGame {
    char id[48], name[64];
    char note[200];               /* "" or why none of its scenarios was played */
    int ncards;
    ContactCard *cards;
} ContactGame;

typedef struct ContactSheet {
    const ContactDesc *desc;
    int ngames;
    ContactGame games[THEME_MAX_GAMES];
    int scenarios, frames, differ, no_golden, failed;
} ContactSheet;

/* DIR/index.html; -1 with err naming the file. */
int contact_page_write(const ContactSheet *s, Error *err);

#endif
