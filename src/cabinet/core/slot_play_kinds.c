/* slot_play_kinds.c - the play kinds of the cabinet's video slots (see slot_play_kind.h), by
 * the rules module each plays: one row per kind. A kind that adds nothing to the timeline
 * (lines) has none. */
#include "clusters_play.h"
#include "ways_play.h"

#include <string.h>

static const SlotPlayKind *const kinds[] = {&clusters_play_kind, &ways_play_kind};

const SlotPlayKind *slot_play_kind_for(const char *rules)
{
    for (size_t i = 0; i < sizeof kinds / sizeof *kinds; i++)
        for (const char *const *r = kinds[i]->rules; *r; r++)
            if (strcmp(*r, rules) == 0)
                return kinds[i];
    return NULL;
}
