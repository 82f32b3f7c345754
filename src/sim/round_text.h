/* round_text.h - slotsim's text form of a round's events (`slotsim round` without --json). */
#ifndef SLOTCAB_SIM_ROUND_TEXT_H
#define SLOTCAB_SIM_ROUND_TEXT_H

#include "buf.h"
#include "event.h"
#include "gamedef.h"
#include "machine.h"

#include <stddef.h>

/* An amount in minor units as "12.34". */
void money_str(Money v, char *out, size_t size);
/* One event as a line (or a few) of text, appended to b. */
void round_text(const GameDef *def, const Event *ev, Buf *b);
/* The forced screens of a round that the reel strips cannot show, as a line of text (none
 * when every one can). */
void round_text_unreachable(const ForcingReport *f, Buf *b);

#endif
