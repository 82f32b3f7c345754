/* kinds.h - the kinds of play the video slot shows, each a view behind SlotKind (see
 * slot_priv.h): kinds.c finds one by the name a theme gives. */
#ifndef SLOTCAB_KINDS_H
#define SLOTCAB_KINDS_H

#include "slot_priv.h"

extern const SlotKind kind_lines, kind_clusters;

/* The kind named `name`, or NULL. */
const SlotKind *kinds_find(const char *name);
/* The kinds' names, ", " between them, for messages. */
void kinds_names(char *out, size_t size);

#endif
