/* kinds.c - the table of the kinds of play the cabinet shows: a new kind is one view file
 * and one row here. */
#include "kinds.h"

#include <stdio.h>
#include <string.h>

static const SlotKind *const all[] = {&kind_lines, &kind_clusters, &kind_ways};

const SlotKind *kinds_find(const char *name)
{
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        if (!strcmp(all[i]->name, name))
            return all[i];
    return NULL;
}

void kinds_names(char *out, size_t size)
{
    size_t len = 0;
    out[0] = 0;
    for (size_t i = 0; i < sizeof all / sizeof all[0] && len < size; i++)
        len += (size_t)snprintf(out + len, size - len, "%s%s", i ? ", " : "", all[i]->name);
}
