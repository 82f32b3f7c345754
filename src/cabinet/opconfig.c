/* opconfig.c - see opconfig.h. */
#include "opconfig.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static int apply_coins(GameDef *def, const char *coins, Error *err)
{
    int bi = gamedef_bet_index(def, "coin_value");
    if (!coins[0] || bi < 0)
        return 0;
    BetOption *o = &def->bet[bi];
    int64_t keep[GAMEDEF_MAX_BET_VALUES];
    int n = 0;
    const char *p = coins;
    while (*p) {
        char *end;
        errno = 0;
        long long v = strtoll(p, &end, 10);
        if (end == p || errno || (*end && *end != ','))
            return error_set(err, "setting coins.%s: \"%s\": expected coin values separated by commas",
                             def->id, coins);
        bool known = false;
        for (int i = 0; i < o->nvalues; i++)
            known |= o->values[i] == v;
        if (!known)
            return error_set(err, "setting coins.%s: %lld is not one of the game's coin values",
                             def->id, v);
        for (int i = 0; i < n; i++)
            if (keep[i] == v)
                return error_set(err, "setting coins.%s: %lld given twice", def->id, v);
        keep[n++] = v;
        p = *end ? end + 1 : end;
    }
    if (n == 0)
        return error_set(err, "setting coins.%s: at least one coin value must be enabled", def->id);
    /* keep the game's order (increasing), only the enabled ones */
    int m = 0;
    for (int i = 0; i < o->nvalues; i++)
        for (int k = 0; k < n; k++)
            if (o->values[i] == keep[k])
                o->values[m++] = o->values[i];
    o->nvalues = m;
    bool def_ok = false;
    for (int i = 0; i < m; i++)
        def_ok |= o->values[i] == o->def;
    if (!def_ok)
        o->def = o->values[0];
    return 0;
}

static int apply_seed(GameDef *def, const char *seed, Error *err)
{
    if (!seed[0])
        return 0;
    GameParam *p = NULL;
    for (int i = 0; i < def->nparams; i++)
        if (!strcmp(def->params[i].key, "jackpot_seed_coins"))
            p = &def->params[i];
    if (!p)
        return error_set(err, "setting jackpot_seed.%s: this game has no progressive jackpot", def->id);
    char *end;
    errno = 0;
    long long v = strtoll(seed, &end, 10);
    if (end == seed || *end || errno || v < OPCONFIG_SEED_MIN || v > OPCONFIG_SEED_MAX)
        return error_set(err, "setting jackpot_seed.%s: \"%s\": expected a whole number of coins "
                         "from %d to %d", def->id, seed, OPCONFIG_SEED_MIN, OPCONFIG_SEED_MAX);
    p->v[0] = v;
    return 0;
}

int opconfig_apply(GameDef *def, const char *coins, const char *jackpot_seed, Error *err)
{
    return apply_coins(def, coins, err) || apply_seed(def, jackpot_seed, err) ? -1 : 0;
}
