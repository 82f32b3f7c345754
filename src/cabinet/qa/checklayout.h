/* checklayout.h - slotcab --headless --check-layout (checklayout.c): every page judged. */
#ifndef SLOTCAB_CHECKLAYOUT_H
#define SLOTCAB_CHECKLAYOUT_H

#include "app.h"

#include <stdbool.h>

/* Plays the lobby, every scenario (each game's named ones when `games`, then those in
 * `scenarios`), attract mode and the operator's pages, judging each page; prints the report.
 * Returns 0 with no problem, 1 with one, 2 on bad input. */
int checklayout_run(const AppOptions *base, const char *scenarios, bool games, const AppScenes *scenes);

#endif
