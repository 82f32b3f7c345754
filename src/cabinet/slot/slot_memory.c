/* slot_memory.c - the slot scene's machine, made from what the cabinet's memory carries.
 *
 * A game goes on from where its last round left it: the machine is made with the state the
 * game carries from round to round (a progressive pool, a cycle's counters) as the memory
 * journaled it: the open round's, if a crash left one, else what the game's last settled
 * round carried out. A memory older than carried states gives its stored pool; a scenario
 * may set the pool; else the machine starts as a new cabinet's. A state this build cannot
 * read (another version, a name it does not know) stops the scene with a message naming
 * the memory: nothing is reset. */
#include "slot_priv.h"

#include <stdio.h>

int slot_carried_from(Slot *s, const char *json, int64_t v[CARRIED_MAX], Error *err)
{
    Error why;
    if (machine_carried_parse(&s->def, json, v, &why))
        return error_set(err, "%s: %s", store_path(app_store(s->app)), why.msg);
    return 0;
}

int slot_machine_open(Slot *s, const StoreRound *open, Error *err)
{
    Store *store = app_store(s->app);
    MachineDesc md = {.game = &s->def};
    int64_t pool, carried[CARRIED_MAX];
    char json[sizeof open->carried];
    if (open)
        s->bet = open->bet;
    if (open && open->carried[0]) {
        if (slot_carried_from(s, open->carried, carried, err))
            return -1;
        md.carried = carried;
    } else if (open) {
        md.has_pool = open->has_pool;
        md.pool = open->pool_before;
    } else if (store_carried(store, s->def.id, json, sizeof json) == 0) {
        if (slot_carried_from(s, json, carried, err))
            return -1;
        md.carried = carried;
    } else if (store_pool(store, s->def.id, &pool)) {
        md.has_pool = true;
        md.pool = pool;
    } else if (s->scripted && s->sc.has_pool) {
        md.has_pool = true;
        md.pool = s->sc.pool;
    }
    s->m = machine_create(&md, err);
    if (!s->m)
        return -1;
    s->pick_tiles = machine_rules(s->m)->pick_tiles;
    if (machine_set_bet(s->m, &s->bet, err)) {
        if (open || s->scripted)
            return -1;
        machine_default_bet(&s->def, &s->bet); /* a stored bet this game file no longer has */
        if (machine_set_bet(s->m, &s->bet, err))
            return -1;
    }
    if (s->scripted) {
        int at = open ? open->forced_from : store_forced_cursor(store);
        if (at > s->sc.nspins)
            at = s->sc.nspins;
        machine_force(s->m, s->sc.spins + at, s->sc.nspins - at);
    }
    return 0;
}
