/* seat_replay.c - QA's replay of a past round: the seat's side (seat.h).
 *
 * Recovery after a crash, game recall and this replay are one mechanism: the round's inputs
 * as the memory journaled them (game file, configuration, carried state, Bonuses held, seed,
 * a scenario's forcing) set on a fresh machine, then its journal. Here the journal is not
 * played at once: the scene plays the round with its normal timeline, and every command it
 * sends is checked against the journal's next one (seat_send); the choices a player made
 * (START, a tile, HOLD, COLLECT or RISK, a minigame's pick) are taken from the journal when
 * the timeline asks for them. Nothing is written to the memory. */
#include "seat.h"
#include "replay.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What the messages of a replay begin with: the flag a headless run was given. */
static void replay_what(const App *a, int64_t id, char *out, size_t size)
{
    if (app_headless(a))
        snprintf(out, size, "--replay %lld", (long long)id);
    else
        snprintf(out, size, "replay of round %lld", (long long)id);
}

int seat_replay_load(App *a, int64_t id, const GameDef *def, StoreRound **out, Error *err)
{
    Store *store = app_store(a);
    char what[64];
    replay_what(a, id, what, sizeof what);
    StoreRound *r = malloc(sizeof *r);
    StoreRound *open = malloc(sizeof *open);
    bool found = false;
    Error why;
    int rc = -1;
    if (!r || !open) {
        error_set(err, "out of memory");
    } else if (store_round_load(store, id, r, &why)) {
        error_set(err, "%s: %s", what, why.msg);
    } else if (store_open_round(store, open, &found, &why)) {
        error_set(err, "%s: %s", what, why.msg);
    } else if (found && open->id == id) {
        error_set(err, "%s: round %lld is still open in %s (a cabinet finishes it when it starts): only a "
                  "settled round can be replayed", what, (long long)id, store_path(store));
    } else if (strcmp(r->game, def->id)) {
        error_set(err, "%s: round %lld is a round of %s, not %s", what, (long long)id, r->game, def->id);
    } else if (r->game_hash[0] && strcmp(r->game_hash, def->hash)) {
        error_set(err, "%s: round %lld was played with another version of %s (field game_hash: the round's "
                  "%s, the file's now %s): put that file back to replay it", what, (long long)id, def->path,
                  r->game_hash, def->hash);
    } else {
        rc = 0;
    }
    free(open);
    if (rc) {
        free(r);
        return -1;
    }
    *out = r;
    return 0;
}

int seat_replay_machine(Seat *st, Bet *bet, Error *err)
{
    const StoreRound *r = st->replay;
    char what[64];
    replay_what(st->app, r->id, what, sizeof what);
    *bet = r->bet;
    if (!(st->m = machine_create(&(MachineDesc){.game = st->def}, err)))
        return -1;
    int64_t carried[CARRIED_MAX];
    if (r->carried[0] && seat_carried_from(st, r->carried, carried, err))
        return -1;
    RoundInputs in = {.bet = r->bet, .carried = r->carried[0] ? carried : NULL, .has_pool = r->has_pool,
                      .pool = r->pool_before, .seed = r->seed, .commands = r->commands, .ncommands = 0,
                      .has_bonuses = true, .bonuses = r->bonuses_before};
    /* a forced round: the scenario it names, read again, from the spin it started at */
    if (r->scenario[0]) {
        Scenario *sc = calloc(1, sizeof *sc);
        Error why;
        if (!sc || scenario_load(r->scenario, st->def, sc, &why)) {
            free(sc);
            return error_set(err, "%s: round %lld was forced by the scenario %s, which cannot be read now "
                             "(%s): put it back to replay it", what, (long long)r->id, r->scenario,
                             sc ? why.msg : "out of memory");
        }
        st->pick = sc; /* not armed: it forces this replay only */
        const int at = r->forced_from < sc->nspins ? r->forced_from : sc->nspins;
        in.forced = sc->spins + at;
        in.nforced = sc->nspins - at;
    }
    Error why;
    if (machine_replay(st->m, &in, &why)) /* the inputs only: the scene plays the journal */
        return error_set(err, "%s: round %lld cannot be set up as it was played: %s", what, (long long)r->id,
                         why.msg);
    if (r->has_show) /* its animations in the phase they had */
        app_replay_clock(st->app, r->begin_tick);
    return 0;
}

bool seat_replay_next(const Seat *st, Command *out)
{
    if (!st->replay || st->replay_next >= st->replay->ncommands)
        return false;
    *out = st->replay->commands[st->replay_next];
    out->seed = st->replay->seed;
    return true;
}

Money seat_balance(const Seat *st)
{
    const StoreRound *r = st->replay;
    if (!r)
        return app_balance(st->app);
    return r->balance_before - (st->replay_begun ? r->bet_total : 0) + (st->replay_settled ? st->replay_win : 0);
}

int64_t seat_bonuses(const Seat *st)
{
    const StoreRound *r = st->replay;
    if (!r)
        return store_bonuses(app_store(st->app));
    return r->bonuses_before - (st->replay_begun ? r->bet_bonuses : 0) +
           (st->replay_settled ? st->replay_win_bonuses : 0);
}

int64_t seat_now(const Seat *st)
{
    int64_t t0;
    if (!st->replay || replay_parse_clock(st->replay->started, &t0))
        return app_now(st->app);
    const uint64_t played = st->replay_begun ? app_tick(st->app) - st->replay_tick0 : 0;
    return t0 + (int64_t)(played / APP_HZ);
}

void seat_replay_finish(Seat *st)
{
    if (app_headless(st->app))
        app_quit(st->app, 0);
    else
        app_open_on(st->app, st->def->id, APP_ON_RECALL);
}
