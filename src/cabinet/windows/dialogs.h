/* dialogs.h - the windows that open over the video slot: paytable, rules, game recall,
 * options, autoplay, Bet Settings and low balance. What a kind adds to them (its paytable's
 * pages, its rules, its autoplay window) comes through its SlotKind. */
#ifndef SLOTCAB_DIALOGS_H
#define SLOTCAB_DIALOGS_H

#include "slot_priv.h"

void dialogs_layout(Slot *s);
void dialogs_open(Slot *s, Overlay o);
/* Recalls row `row` (0 = newest) of the loaded recall list. */
void dialogs_recall(Slot *s, int row);
/* Input while an overlay is open (all of it goes there). */
void dialogs_input(Slot *s, const Input *in);
void dialogs_update_buttons(Slot *s);
/* How many pages a window has (the paytable's depend on the game's kind). */
int dialogs_pages(const Slot *s, Overlay o);
void dialogs_draw(Slot *s);

#endif
