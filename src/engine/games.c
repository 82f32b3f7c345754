/* games.c - the registry of rules modules, by the "rules" id a game file names. */
#include "games.h"

#include <string.h>

extern const GameRules games_mona_lisa;
extern const GameRules games_gonzos_gold;
extern const GameRules games_phoenix_graveyard;
extern const GameRules games_gnomos_mix;

static const GameRules *const all[] = {&games_mona_lisa, &games_gonzos_gold,
                                      &games_phoenix_graveyard, &games_gnomos_mix};
static const GameRules *extra[4]; /* games_register()'s, for games outside src/engine */

const GameRules *games_find(const char *id)
{
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        if (strcmp(all[i]->id, id) == 0)
            return all[i];
    for (size_t i = 0; i < sizeof extra / sizeof extra[0] && extra[i]; i++)
        if (strcmp(extra[i]->id, id) == 0)
            return extra[i];
    return NULL;
}

int games_register(const GameRules *rules)
{
    if (games_find(rules->id))
        return -1;
    for (size_t i = 0; i < sizeof extra / sizeof extra[0]; i++)
        if (!extra[i]) {
            extra[i] = rules;
            return 0;
        }
    return -1;
}

const char *games_known_list(void)
{
    return "mona-lisa-jewels, gonzos-gold, phoenix-graveyard, gnomos-mix";
}
