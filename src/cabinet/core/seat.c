/* seat.c - a game's machine made from what the cabinet's memory carries, and its rounds
 * through the memory (seat.h).
 *
 * A game goes on from where its last round left it: the machine is made with the state the
 * game carries from round to round (a progressive pool, a cycle's counters) as the memory
 * journaled it: the open round's, if a crash left one, else what the game's last settled
 * round carried out. A memory older than carried states gives its stored pool; a scenario
 * may set the pool; else the machine starts as a new cabinet's. A state this build cannot
 * read (another version, a name it does not know) stops the scene with a message naming
 * the memory: nothing is reset. Every command goes through the store before the machine. */
#include "seat.h"
#include "lang.h"

#include "rng.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static Store *seat_store(const Seat *st) { return st->host->store(st->host->ctx); }

/* The host hears of a round begun, replayed or recovered, with its machine. */
static void seat_begun(Seat *st, bool recovered)
{
    if (st->host->round_begun)
        st->host->round_begun(st->host->ctx, st, recovered);
}

int seat_carried_from(const Seat *st, const char *json, int64_t v[CARRIED_MAX], Error *err)
{
    Error why;
    if (machine_carried_parse(st->def, json, v, &why))
        return error_set(err, "%s: %s", store_path(st->host->store(st->host->ctx)), why.msg);
    return 0;
}

int seat_machine_open(Seat *st, Bet *bet, const StoreRound *open, Error *err)
{
    if (st->replay)
        return seat_replay_machine(st, bet, err);
    Store *store = seat_store(st);
    MachineDesc md = {.game = st->def};
    int64_t pool, carried[CARRIED_MAX];
    char json[sizeof open->carried];
    if (open)
        *bet = open->bet;
    if (open && open->carried[0]) {
        if (seat_carried_from(st, open->carried, carried, err))
            return -1;
        md.carried = carried;
    } else if (open) {
        md.has_pool = open->has_pool;
        md.pool = open->pool_before;
    } else if (store_carried(store, st->def->id, json, sizeof json) == 0) {
        if (seat_carried_from(st, json, carried, err))
            return -1;
        md.carried = carried;
    } else if (store_pool(store, st->def->id, &pool)) {
        md.has_pool = true;
        md.pool = pool;
    } else if (st->sc && st->sc->has_pool) {
        md.has_pool = true;
        md.pool = st->sc->pool;
    }
    st->m = machine_create(&md, err);
    if (!st->m)
        return -1;
    if (machine_set_bet(st->m, bet, err)) {
        if (open || st->sc)
            return -1;
        machine_default_bet(st->def, bet); /* a stored bet this game file no longer has */
        if (machine_set_bet(st->m, bet, err))
            return -1;
    }
    /* a scenario's Bonuses held: into the wallet of a memory that has not played yet */
    if (st->sc && st->sc->has_bonuses && !open && store_rounds_begun(store) == 0 &&
        !store_bonuses_set(store) && store_bonuses_in(store, st->def->id, st->sc->bonuses, err))
        return -1;
    if (st->sc) {
        int at = open ? open->forced_from : store_forced_cursor(store);
        if (at > st->sc->nspins)
            at = st->sc->nspins;
        machine_force(st->m, st->sc->spins + at, st->sc->nspins - at);
    }
    return 0;
}

const Scenario *seat_scenario(const Seat *st)
{
    return st->sc ? st->sc : st->replay ? st->pick : NULL;
}

int seat_forced_position(const Seat *st)
{
    const Scenario *sc = st->sc ? st->sc : st->pick;
    return sc ? sc->nspins - machine_forced_left(st->m) : 0;
}

bool seat_pick_between(Seat *st, bool busy, const char *path, Bet *bet, char *msg, size_t size)
{
    Error err;
    if (busy) {
        snprintf(msg, size, "%s", _("Between rounds only: finish this round first."));
        return false;
    }
    if (seat_pick(st, path, bet, &err)) {
        snprintf(msg, size, "%s", err.msg);
        return false;
    }
    return true;
}

int seat_scenario_load(const char *path, const GameDef *def, Scenario *sc, Error *err)
{
    int unreachable;
    if (scenario_load(path, def, sc, err))
        return -1;
    if (scenario_check(sc, def, &unreachable, err)) {
        scenario_free(sc);
        return -1;
    }
    return 0;
}

int seat_pick(Seat *st, const char *path, Bet *bet, Error *err)
{
    Scenario *sc = calloc(1, sizeof *sc);
    if (!sc)
        return error_set(err, "out of memory");
    if (seat_scenario_load(path, st->def, sc, err)) {
        free(sc);
        return -1;
    }
    if (sc->has_bonuses && store_bonuses(seat_store(st)) < sc->bonuses) {
        error_set(err, "%s: it needs %lld Bonuses held, and %lld are", path, (long long)sc->bonuses,
                  (long long)store_bonuses(seat_store(st)));
        scenario_free(sc);
        free(sc);
        return -1;
    }
    if (sc->has_bet && machine_set_bet(st->m, &sc->bet, err)) {
        scenario_free(sc);
        free(sc);
        return -1;
    }
    if (sc->has_bet)
        *bet = sc->bet;
    seat_free(st);
    st->pick = sc;
    st->pick_armed = true;
    return 0;
}

const char *seat_picked(const Seat *st)
{
    if (!st->pick_armed)
        return "";
    const char *slash = strrchr(st->pick->path, '/');
    return st->pick->title[0] ? st->pick->title : slash ? slash + 1 : st->pick->path;
}

void seat_free(Seat *st)
{
    free(st->replay);
    st->replay = NULL;
    if (st->pick) {
        scenario_free(st->pick);
        free(st->pick);
    }
    st->pick = NULL;
    st->pick_armed = false;
}

/* Whether the rounds journal a pool: the first carried value is a progressive pool only in
 * a game with a pool seed; a game that carries other state (a cycle's reserve) has none. A
 * game that carries nothing journals its pool of 0, as it always has. */
static bool seat_has_pool(const Seat *st)
{
    const GameRules *rules = machine_rules(st->m);
    return rules->pool_seed || !rules->carried || !rules->carried[0];
}

int seat_round_begin(Seat *st, const Bet *bet, Error *err)
{
    if (st->replay) { /* the round as the memory keeps it: nothing is written */
        st->round_id = st->replay->id;
        st->round_seed = st->replay->seed;
        st->round_bet = st->replay->bet_total;
        st->round_no = (int)st->replay->id; /* rounds are numbered from 1 and never removed */
        st->replay_begun = true;
        st->replay_tick0 = st->host->tick(st->host->ctx);
        seat_begun(st, false);
        return seat_send(st, CMD_SPIN, 0, err);
    }
    Store *store = seat_store(st);
    /* round k of this cabinet's life; a scenario's first round uses the scenario's seed */
    int64_t k = store_rounds_begun(store);
    if (st->sc)
        st->round_seed = k == 0 ? st->sc->seed : rng_round_seed(st->sc->seed, (uint64_t)k);
    else if (st->pick_armed && st->pick->has_seed) /* QA's pick: its seed, as slotsim plays it */
        st->round_seed = st->pick->seed;
    else
        st->round_seed = st->host->next_seed(st->host->ctx);
    st->round_picked = st->pick_armed;
    if (st->pick_armed) {
        machine_force(st->m, st->pick->spins, st->pick->nspins);
        machine_carried(st->m, st->kept);
    }
    const GameRules *rules = machine_rules(st->m);
    const Money total = rules->bet_total(st->def, bet);
    StoreRound r = {.seed = st->round_seed, .bet = *bet, .bet_total = total, .has_pool = seat_has_pool(st),
                    .pool_before = seat_has_pool(st) ? machine_pool_get(st->m) : 0,
                    .forced_from = seat_forced_position(st),
                    .pool_seed = rules->pool_seed ? rules->pool_seed(st->def) : 0};
    snprintf(r.game, sizeof r.game, "%s", st->def->id);
    snprintf(r.config, sizeof r.config, "%s", st->config);
    snprintf(r.game_hash, sizeof r.game_hash, "%s", st->def->hash);
    r.begin_tick = st->host->tick(st->host->ctx); /* what its pictures begin from, for a replay */
    snprintf(r.show, sizeof r.show, "%s", st->show);
    machine_carried_json(st->m, r.carried, sizeof r.carried);
    r.bet_bonuses = rules->bet_bonuses ? rules->bet_bonuses(st->def, bet) : 0;
    if (st->sc || st->pick_armed)
        snprintf(r.scenario, sizeof r.scenario, "%s", st->sc ? st->sc->path : st->pick->path);
    /* the Bonuses held are an input of the round, as the store journals them */
    const int64_t held = store_bonuses(store);
    if (machine_set_bonuses(st->m, held, err) || store_round_begin(store, &r, &st->round_id, err))
        return -1;
    st->round_bet = total;
    st->round_no = (int)k + 1;
    st->pick_armed = false; /* it forced this round */
    seat_begun(st, false);
    return seat_send(st, CMD_SPIN, 0, err);
}

int seat_send(Seat *st, CommandType type, uint32_t arg, Error *err)
{
    Command cmd = {.type = type, .seed = st->round_seed, .arg = arg};
    if (st->replay) { /* the journal's next command, not journaled again */
        const StoreRound *r = st->replay;
        const Command *j = st->replay_next < r->ncommands ? &r->commands[st->replay_next] : NULL;
        if (!j || j->type != type || (type != CMD_SPIN && j->arg != arg))
            return error_set(err, "replay of round %lld: the scene plays %s %u as command %d, and the journal "
                             "has %s", (long long)r->id, command_name(type), arg, st->replay_next + 1,
                             j ? command_name(j->type) : "no more commands");
        st->replay_next++;
    } else if (type != CMD_SPIN && store_round_command(seat_store(st), st->round_id, &cmd, err)) {
        return -1;
    }
    return machine_command(st->m, &cmd, err);
}

int seat_settle(Seat *st, Money win, int free_spins, Error *err)
{
    const RoundSummary *sum = machine_summary(st->m);
    if (st->replay) { /* what the balance shows from now on; the memory keeps its own */
        if (st->replay_next < st->replay->ncommands)
            return error_set(err, "replay of round %lld: the round ended with %d command(s) of its journal "
                             "not played", (long long)st->replay->id, st->replay->ncommands - st->replay_next);
        st->replay_win = win;
        st->replay_win_bonuses = sum->win_bonuses;
        st->replay_settled = true;
        return 0;
    }
    if (st->round_picked && machine_set_carried(st->m, st->kept, err)) /* as it found it */
        return -1;
    int features = 0;
    for (int f = 0; f < FEATURE__COUNT; f++)
        features += (int)sum->triggers[f];
    StoreSettle set = {.win = win, .free_spins = free_spins, .features = features,
                       .jackpots = (int)sum->jackpots, .jackpot_paid = sum->part[PART_JACKPOT],
                       .pool_added = sum->pool_added, .pool_paid = sum->pool_paid,
                       .pool_after = seat_has_pool(st) ? machine_pool_get(st->m) : 0,
                       .forced_after = seat_forced_position(st), .win_bonuses = sum->win_bonuses};
    if (st->round_picked) /* nothing into the pool, nothing out of it */
        set.jackpots = 0, set.jackpot_paid = 0, set.pool_added = 0, set.pool_paid = 0;
    machine_carried_json(st->m, set.carried_after, sizeof set.carried_after);
    return store_round_settle(seat_store(st), st->round_id, &set, err);
}

int seat_recover(Seat *st, const StoreRound *r, Error *err)
{
    const char *mem = store_path(st->host->store(st->host->ctx));
    if (r->scenario[0] && !st->sc) { /* QA's pick: the file it named forces it again */
        Bet bet = r->bet;
        Error why;
        if (seat_pick(st, r->scenario, &bet, &why))
            return error_set(err, "%s: round %lld was forced by the scenario %s, which cannot be read "
                             "now (%s): put it back to finish the round", mem, (long long)r->id,
                             r->scenario, why.msg);
        st->pick_armed = false;
        int at = r->forced_from < st->pick->nspins ? r->forced_from : st->pick->nspins;
        machine_force(st->m, st->pick->spins + at, st->pick->nspins - at);
    }
    st->round_picked = r->scenario[0] && !st->sc;
    machine_carried(st->m, st->kept); /* what it carried in: the machine is made with it */
    /* the round goes on only as it began: with the same game file and configuration */
    if (r->game_hash[0] && strcmp(r->game_hash, st->def->hash))
        return error_set(err, "%s: round %lld began with another version of %s (hash %s, now %s): "
                         "put that file back to finish the round", mem, (long long)r->id,
                         st->def->path, r->game_hash, st->def->hash);
    if (r->game_hash[0] && strcmp(r->config, st->config))
        return error_set(err, "%s: round %lld began with the configuration %s, now %s: restore "
                         "the operator's settings to finish the round", mem, (long long)r->id,
                         r->config, st->config);
    st->round_id = r->id;
    st->round_seed = r->seed;
    st->round_bet = r->bet_total;
    st->round_no = (int)store_rounds_begun(seat_store(st));
    Error why;
    int64_t carried[CARRIED_MAX];
    if (r->carried[0] && seat_carried_from(st, r->carried, carried, err))
        return -1;
    if (machine_replay(st->m, &(RoundInputs){.bet = r->bet, .has_pool = r->has_pool,
                                             .pool = r->pool_before,
                                             .carried = r->carried[0] ? carried : NULL,
                                             .seed = r->seed, .commands = r->commands,
                                             .ncommands = r->ncommands, .has_bonuses = true,
                                             .bonuses = r->bonuses_before},
                       &why))
        return error_set(err, "%s: round %lld does not replay from its journal: %s", mem,
                         (long long)r->id, why.msg);
    seat_begun(st, true);
    return 0;
}

SeatAutoplay seat_autoplay_next(const Seat *st, int *played, int rounds, Money bet, Error *err)
{
    if (*played >= rounds)
        return SEAT_AUTOPLAY_DONE;
    const Money balance = store_balance(seat_store(st));
    if (balance < bet) {
        error_set(err, "--autoplay: the balance %lld is less than the bet %lld", (long long)balance,
                  (long long)bet);
        return SEAT_AUTOPLAY_SHORT;
    }
    ++*played;
    return SEAT_AUTOPLAY_NEXT;
}

/* ---- QA's replay of a past round ----------------------------------------------------------
 *
 * Recovery after a crash, game recall and this replay are one mechanism: the round's inputs
 * as the memory journaled them (game file, configuration, carried state, Bonuses held, seed,
 * a scenario's forcing) set on a fresh machine, then its journal. Here the journal is not
 * played at once: the scene plays the round with its normal timeline, and every command it
 * sends is checked against the journal's next one (seat_send); the choices a player made
 * (START, a tile, HOLD, COLLECT or RISK, a minigame's pick) are taken from the journal when
 * the timeline asks for them. Nothing is written to the memory. */

/* What the messages of a replay begin with: the flag a headless run was given. */
static void replay_what(const SeatHost *host, int64_t id, char *out, size_t size)
{
    if (host->headless)
        snprintf(out, size, "--replay %lld", (long long)id);
    else
        snprintf(out, size, "replay of round %lld", (long long)id);
}

int seat_replay_load(const SeatHost *host, int64_t id, const GameDef *def, StoreRound **out, Error *err)
{
    Store *store = host->store(host->ctx);
    char what[64];
    replay_what(host, id, what, sizeof what);
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
    replay_what(st->host, r->id, what, sizeof what);
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
        st->host->replay_clock(st->host->ctx, r->begin_tick);
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
        return store_balance(seat_store(st));
    return r->balance_before - (st->replay_begun ? r->bet_total : 0) + (st->replay_settled ? st->replay_win : 0);
}

int64_t seat_bonuses(const Seat *st)
{
    const StoreRound *r = st->replay;
    if (!r)
        return store_bonuses(seat_store(st));
    return r->bonuses_before - (st->replay_begun ? r->bet_bonuses : 0) +
           (st->replay_settled ? st->replay_win_bonuses : 0);
}

int64_t seat_now(const Seat *st)
{
    int64_t t0;
    if (!st->replay || clock_parse(st->replay->started, &t0))
        return st->host->now(st->host->ctx);
    const uint64_t played = st->replay_begun ? st->host->tick(st->host->ctx) - st->replay_tick0 : 0;
    return t0 + (int64_t)(played / CLOCK_HZ);
}
