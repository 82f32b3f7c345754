/* games.c - the registry of rules modules, by the "rules" id a game file names. */
#include "games.h"

#include <string.h>

extern const GameRules games_mona_lisa;
extern const GameRules games_gonzos_gold;

static const GameRules *const all[] = {&games_mona_lisa, &games_gonzos_gold};

const GameRules *games_find(const char *id)
{
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        if (strcmp(all[i]->id, id) == 0)
            return all[i];
    return NULL;
}

const char *games_known_list(void)
{
    return "mona-lisa-jewels, gonzos-gold";
}
