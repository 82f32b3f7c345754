/* evlog.h - QA's event log: the engine's events of the round in play as the scene presents
 * them, shown beside the game (F2) and written as JSON lines (--event-log FILE). */
#ifndef SLOTCAB_EVLOG_H
#define SLOTCAB_EVLOG_H

#include "error.h"
#include "gfx.h"
#include "machine.h"

typedef struct EvLog EvLog;

/* `path`: the --event-log file (NULL: none); NULL with err when it cannot be written. */
EvLog *evlog_create(const char *path, Error *err);
void evlog_destroy(EvLog *l);
/* F2: shown beside the game, or not. */
void evlog_toggle(EvLog *l);
bool evlog_shown(const EvLog *l);
/* The round in play (the seat: begun, or taken up after a crash); NULL machine: none (a
 * scene left). */
void evlog_round(EvLog *l, const GameDef *def, const Machine *m, uint64_t seed, int64_t round);
/* The scene begins to present the round's next event (its timeline took it). */
void evlog_presented(EvLog *l, const Event *e);
/* Over the frame, when shown. */
void evlog_draw(EvLog *l, Gfx *g);

#endif
