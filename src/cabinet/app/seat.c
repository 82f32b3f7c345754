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
#include "evlog.h"

#include "rng.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int seat_carried_from(const Seat *st, const char *json, int64_t v[CARRIED_MAX], Error *err)
{
    Error why;
    if (machine_carried_parse(st->def, json, v, &why))
        return error_set(err, "%s: %s", store_path(app_store(st->app)), why.msg);
    return 0;
}

int seat_machine_open(Seat *st, Bet *bet, const StoreRound *open, Error *err)
{
    if (st->replay)
        return seat_replay_machine(st, bet, err);
    Store *store = app_store(st->app);
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
        snprintf(msg, size, "Between rounds only: finish this round first.");
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
    if (sc->has_bonuses && store_bonuses(app_store(st->app)) < sc->bonuses) {
        error_set(err, "%s: it needs %lld Bonuses held, and %lld are", path, (long long)sc->bonuses,
                  (long long)store_bonuses(app_store(st->app)));
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
        st->replay_tick0 = app_tick(st->app);
        evlog_round(app_evlog(st->app), st->def, st->m, st->round_seed, st->round_id);
        app_note_round(st->app, st->def->id, st->round_id);
        return seat_send(st, CMD_SPIN, 0);
    }
    Store *store = app_store(st->app);
    /* round k of this cabinet's life; a scenario's first round uses the scenario's seed */
    int64_t k = store_rounds_begun(store);
    if (st->sc)
        st->round_seed = k == 0 ? st->sc->seed : rng_round_seed(st->sc->seed, (uint64_t)k);
    else if (st->pick_armed && st->pick->has_seed) /* QA's pick: its seed, as slotsim plays it */
        st->round_seed = st->pick->seed;
    else
        st->round_seed = app_next_seed(st->app);
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
    r.begin_tick = app_tick(st->app); /* what its pictures begin from, for a replay */
    snprintf(r.show, sizeof r.show, "%s", st->show);
    machine_carried_json(st->m, r.carried, sizeof r.carried);
    r.bet_bonuses = rules->bet_bonuses ? rules->bet_bonuses(st->def, bet) : 0;
    if (st->sc || st->pick_armed)
        snprintf(r.scenario, sizeof r.scenario, "%s", st->sc ? st->sc->path : st->pick->path);
    /* the Bonuses held are an input of the round, as the store journals them */
    const int64_t held = store_bonuses(store);
    if (machine_set_bonuses(st->m, held, err) || store_round_begin(store, &r, &st->round_id, err)) {
        app_fail(st->app, err);
        return -1;
    }
    st->round_bet = total;
    st->round_no = (int)k + 1;
    st->pick_armed = false; /* it forced this round */
    evlog_round(app_evlog(st->app), st->def, st->m, st->round_seed, st->round_id);
    app_note_round(st->app, st->def->id, st->round_id); /* F12's pictures name it */
    return seat_send(st, CMD_SPIN, 0);
}

int seat_send(Seat *st, CommandType type, uint32_t arg)
{
    Error err;
    Command cmd = {.type = type, .seed = st->round_seed, .arg = arg};
    if (st->replay) { /* the journal's next command, not journaled again */
        const StoreRound *r = st->replay;
        const Command *j = st->replay_next < r->ncommands ? &r->commands[st->replay_next] : NULL;
        if (!j || j->type != type || (type != CMD_SPIN && j->arg != arg)) {
            error_set(&err, "replay of round %lld: the scene plays %s %u as command %d, and the journal has %s",
                      (long long)r->id, command_name(type), arg, st->replay_next + 1,
                      j ? command_name(j->type) : "no more commands");
            app_fail(st->app, &err);
            return -1;
        }
        st->replay_next++;
    } else if (type != CMD_SPIN && store_round_command(app_store(st->app), st->round_id, &cmd, &err)) {
        app_fail(st->app, &err);
        return -1;
    }
    if (machine_command(st->m, &cmd, &err)) {
        app_fail(st->app, &err);
        return -1;
    }
    return 0;
}

int seat_settle(Seat *st, Money win, int free_spins)
{
    Error err;
    const RoundSummary *sum = machine_summary(st->m);
    if (st->replay) { /* what the balance shows from now on; the memory keeps its own */
        if (st->replay_next < st->replay->ncommands) {
            error_set(&err, "replay of round %lld: the round ended with %d command(s) of its journal not played",
                      (long long)st->replay->id, st->replay->ncommands - st->replay_next);
            app_fail(st->app, &err);
            return -1;
        }
        st->replay_win = win;
        st->replay_win_bonuses = sum->win_bonuses;
        st->replay_settled = true;
        return 0;
    }
    if (st->round_picked && machine_set_carried(st->m, st->kept, &err)) { /* as it found it */
        app_fail(st->app, &err);
        return -1;
    }
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
    if (store_round_settle(app_store(st->app), st->round_id, &set, &err)) {
        app_fail(st->app, &err);
        return -1;
    }
    return 0;
}

int seat_recover(Seat *st, const StoreRound *r, Error *err)
{
    const char *mem = store_path(app_store(st->app));
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
    st->round_no = (int)store_rounds_begun(app_store(st->app));
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
    evlog_round(app_evlog(st->app), st->def, st->m, st->round_seed, st->round_id);
    return 0;
}

static const char *const volume_keys[AUDIO__LAYERS] = {"volume.music", "volume.reels",
                                                       "volume.wins", "volume.ui"};

void seat_settings_load(App *a, const GameDef *def, Bet *bet, bool *space_plays)
{
    Store *st = app_store(a);
    char v[128], key[80];
    snprintf(key, sizeof key, "bet.%s", def->id);
    store_setting(st, key, v, sizeof v);
    Bet b = *bet;
    if (v[0] && sscanf(v, "%" SCNd64 ",%" SCNd64 ",%" SCNd64 ",%" SCNd64, &b.v[0], &b.v[1],
                       &b.v[2], &b.v[3]) == 4) {
        /* each option's last value where the game (as configured now) still has it; else its
         * default (a value the operator disabled, or one the game's options did not have
         * when it was saved) */
        for (int o = 0; o < def->nbet && o < GAMEDEF_MAX_BET_OPTIONS; o++) {
            bool known = false;
            for (int i = 0; i < def->bet[o].nvalues; i++)
                known |= def->bet[o].values[i] == b.v[o];
            if (known)
                bet->v[o] = b.v[o];
        }
    }
    for (int l = 0; l < AUDIO__LAYERS; l++) {
        store_setting(st, volume_keys[l], v, sizeof v);
        if (v[0])
            audio_set_volume(app_audio(a), (AudioLayer)l, atoi(v));
    }
    store_setting(st, "sound.muted", v, sizeof v);
    if (v[0])
        audio_set_muted(app_audio(a), v[0] == '1');
    store_setting(st, "space_spins", v, sizeof v);
    *space_plays = v[0] ? v[0] == '1' : true;
}

void seat_settings_save(App *a, const GameDef *def, const Bet *bet, bool space_plays)
{
    Store *st = app_store(a);
    char v[128], key[80];
    snprintf(key, sizeof key, "bet.%s", def->id);
    snprintf(v, sizeof v, "%" PRId64 ",%" PRId64 ",%" PRId64 ",%" PRId64, bet->v[0], bet->v[1],
             bet->v[2], bet->v[3]);
    store_set_setting(st, key, v, NULL);
    for (int l = 0; l < AUDIO__LAYERS; l++) {
        snprintf(v, sizeof v, "%d", audio_volume(app_audio(a), (AudioLayer)l));
        store_set_setting(st, volume_keys[l], v, NULL);
    }
    store_set_setting(st, "sound.muted", audio_muted(app_audio(a)) ? "1" : "0", NULL);
    store_set_setting(st, "space_spins", space_plays ? "1" : "0", NULL);
}

bool seat_autoplay_next(Seat *st, int *played, int rounds, Money bet)
{
    if (*played >= rounds) {
        app_quit(st->app, 0);
        return false;
    }
    if (app_balance(st->app) < bet) {
        Error err;
        error_set(&err, "--autoplay: the balance %lld is less than the bet %lld", (long long)app_balance(st->app),
                  (long long)bet);
        app_fail(st->app, &err);
        return false;
    }
    ++*played;
    return true;
}
