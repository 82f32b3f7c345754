/* machine.c - the round driver shared by every game.
 *
 * The machine owns what is the same for all games: the bet and its checks, the round's RNG
 * (seeded from the seed CMD_SPIN carries), the event list, the round summary, the carried
 * progressive pool and the scenario's forced screens. It checks each command against what
 * the rules module accepts now and hands it over; the module plays it and emits events.
 * A round ends when the module emits EVENT_ROUND_END. What the module calls while it plays
 * (events, awards, forced draws) is machine_round.c, below the registry of rules that
 * machine_create() looks a game up in. */
#include "machine_priv.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


static const char *const command_names[CMD__COUNT] = {
    [CMD_SPIN] = "spin",       [CMD_START] = "start",     [CMD_CONTINUE] = "continue",
    [CMD_PICK] = "pick",       [CMD_HOLD] = "hold",       [CMD_ADVANCE] = "advance",
    [CMD_COLLECT] = "collect", [CMD_RISK] = "risk",
};

const char *command_name(CommandType t)
{
    return t < CMD__COUNT ? command_names[t] : "?";
}

int offer_options(const Offer *o, CommandType t)
{
    uint32_t set = o->commands >> t & 1u && o->arg[t].kind == ARG_ONE_OF ? o->arg[t].set : 0;
    int n = 0;
    while (set >> n)
        n++;
    return n;
}

bool offer_accepts(const Offer *o, const Command *cmd, Error *err)
{
    const char *name = command_name(cmd->type);
    if (cmd->type >= CMD__COUNT || !(o->commands >> cmd->type & 1u)) {
        char list[160] = "";
        size_t len = 0;
        for (int i = 0; i < CMD__COUNT; i++)
            if (o->commands >> i & 1u)
                len += (size_t)snprintf(list + len, sizeof list - len, "%s%s", len ? ", " : "",
                                        command_names[i]);
        error_set(err, "command %s is not allowed now (allowed: %s)", name,
                  len ? list : "none");
        return false;
    }
    const OfferArg *a = &o->arg[cmd->type];
    switch (a->kind) {
    case ARG_NONE:
        if (cmd->arg)
        if (cmd->arg) {
            error_set(err, "command %s takes no argument (got %u)", name, cmd->arg);
            return false;
        }
        return true;
    case ARG_ONE_OF:
        if (cmd->arg >= 32 || !(a->set >> cmd->arg & 1u)) {
            char list[160] = "";
            size_t len = 0;
            for (int i = 0; i < 32 && len + 12 < sizeof list; i++)
                if (a->set >> i & 1u)
                    len += (size_t)snprintf(list + len, sizeof list - len, "%s%d",
                                            len ? ", " : "", i);
            error_set(err, "command %s: option %u is not offered (offered: %s)", name, cmd->arg,
                      len ? list : "none");
            return false;
        }
        return true;
    case ARG_SUBSET:
        if (cmd->arg & ~a->set) {
            error_set(err, "command %s: bits 0x%x are not offered (offered: 0x%x)", name,
                      cmd->arg & ~a->set, a->set);
            return false;
        }
        return true;
    }
    return false;
}

static const char *const strategy_names[STRATEGY__COUNT] = {
    [STRATEGY_AUTO] = "auto", [STRATEGY_RANDOM] = "random", [STRATEGY_COLLECT] = "collect",
};

const char *strategy_name(Strategy s) { return s < STRATEGY__COUNT ? strategy_names[s] : "?"; }

int strategy_from_name(const char *name)
{
    for (int i = 0; i < STRATEGY__COUNT; i++)
        if (strcmp(strategy_names[i], name) == 0)
            return i;
    return -1;
}

int command_from_name(const char *name)
{
    for (int i = 0; i < CMD__COUNT; i++)
        if (strcmp(command_names[i], name) == 0)
            return i;
    /* the names schema-4 journals wrote */
    if (!strcmp(name, "start_free_spins"))
        return CMD_START;
    if (!strcmp(name, "free_spin"))
        return CMD_CONTINUE;
    return -1;
}

void machine_default_bet(const GameDef *def, Bet *bet)
{
    memset(bet, 0, sizeof *bet);
    for (int i = 0; i < def->nbet; i++)
        bet->v[i] = def->bet[i].def;
}

static int check_bet(const GameDef *def, const Bet *bet, Error *err)
{
    for (int i = 0; i < def->nbet; i++) {
        const BetOption *o = &def->bet[i];
        int ok = 0;
        for (int k = 0; k < o->nvalues; k++)
            ok |= o->values[k] == bet->v[i];
        if (!ok) {
            char list[256] = "";
            size_t len = 0;
            for (int k = 0; k < o->nvalues && len + 24 < sizeof list; k++)
                len += (size_t)snprintf(list + len, sizeof list - len, "%s%lld", k ? ", " : "",
                                        (long long)o->values[k]);
            return error_set(err, "bet %s=%lld is not allowed (allowed: %s)", o->key,
                             (long long)bet->v[i], list);
        }
    }
    return 0;
}

int machine_parse_bet(const GameDef *def, const char *spec, Bet *bet, Error *err)
{
    char copy[256];
    if (strlen(spec) >= sizeof copy)
        return error_set(err, "--bet: too long");
    snprintf(copy, sizeof copy, "%s", spec);
    char *next = copy;
    bool given[GAMEDEF_MAX_BET_OPTIONS] = {false};
    while (next) {
        char *tok = next;
        char *comma = strchr(tok, ',');
        next = comma ? comma + 1 : NULL;
        if (comma)
            *comma = '\0';
        if (!tok[0])
            return error_set(err, "--bet: \"%s\" has an empty item (expected key=value,...)", spec);
        char *eq = strchr(tok, '=');
        if (!eq)
            return error_set(err, "--bet: \"%s\" is not key=value", tok);
        *eq = '\0';
        int i = gamedef_bet_index(def, tok);
        if (i < 0) {
            char keys[128] = "";
            size_t len = 0;
            for (int k = 0; k < def->nbet; k++)
                len += (size_t)snprintf(keys + len, sizeof keys - len, "%s%s", k ? ", " : "",
                                        def->bet[k].key);
            return error_set(err, "--bet: unknown option \"%s\" for %s (options: %s)", tok,
                             def->id, keys);
        }
        if (given[i])
            return error_set(err, "--bet: %s is given twice", tok);
        given[i] = true;
        char *end;
        long long v = strtoll(eq + 1, &end, 10);
        if (end == eq + 1 || *end)
            return error_set(err, "--bet: %s=\"%s\" is not a whole number", tok, eq + 1);
        bet->v[i] = v;
    }
    if (check_bet(def, bet, err)) {
        char msg[ERROR_MSG_MAX];
        snprintf(msg, sizeof msg, "%s", err ? err->msg : "");
        return error_set(err, "--bet: %s", msg);
    }
    return 0;
}

/* The offer changes only when a command is played (and a fast-path round leaves it as it
 * found it: SPIN), so it is asked of the rules once after each, not at every question. */
static void refresh_offer(Machine *m)
{
    m->offer = (Offer){0};
    m->rules->offer(m->state, &m->offer);
}

/* A new cabinet's carried state: zero, the pool at its seed, or the game's own. */
static void carried_new(const GameDef *def, const GameRules *rules, int64_t *v)
{
    memset(v, 0, CARRIED_MAX * sizeof *v);
    if (rules->pool_seed)
        v[0] = rules->pool_seed(def);
    if (rules->carried_new)
        rules->carried_new(def, v);
}

Machine *machine_create(const MachineDesc *desc, Error *err)
{
    assert(desc && desc->game);
    const GameRules *rules = games_find(desc->game->rules);
    if (!rules) {
        error_set(err, "%s: no rules module \"%s\"", desc->game->path, desc->game->rules);
        return NULL;
    }
    Machine *m = calloc(1, sizeof *m);
    void *state = calloc(1, rules->state_size);
    if (!m || !state) {
        free(m);
        free(state);
        error_set(err, "out of memory");
        return NULL;
    }
    m->def = desc->game;
    m->rules = rules;
    m->tally_only = desc->tally_only;
    m->tally_round = desc->tally_only ? rules->tally_round : NULL;
    m->state = state;
    machine_default_bet(m->def, &m->bet);
    m->bet_total = rules->bet_total(m->def, &m->bet);
    m->max_bet = rules->bet_is_max(m->def, &m->bet);
    if (rules->init(state, m->def)) {
        free(state);
        free(m);
        error_set(err, "out of memory");
        return NULL;
    }
    if (rules->bet_set)
        rules->bet_set(state, &m->bet, m->max_bet);
    refresh_offer(m);
    if (desc->carried)
        memcpy(m->carried, desc->carried, sizeof m->carried);
    else
        carried_new(m->def, rules, m->carried);
    if (desc->has_pool)
        m->carried[0] = desc->pool;
    return m;
}

void machine_destroy(Machine *m)
{
    if (!m)
        return;
    free(m->events);
    if (m->rules->fini)
        m->rules->fini(m->state);
    free(m->state);
    free(m);
}

const GameDef *machine_game(const Machine *m) { return m->def; }
const GameRules *machine_rules(const Machine *m) { return m->rules; }
bool machine_in_round(const Machine *m) { return m->in_round; }
const RoundSummary *machine_summary(const Machine *m) { return &m->sum; }
int64_t machine_pool_get(const Machine *m) { return m->carried[0]; }
int machine_forced_left(const Machine *m) { return m->nforced - m->forced_next; }

int machine_set_bet(Machine *m, const Bet *bet, Error *err)
{
    if (m->in_round)
        return error_set(err, "the bet can change only between rounds");
    if (check_bet(m->def, bet, err))
        return -1;
    m->bet = *bet;
    m->bet_total = m->rules->bet_total(m->def, bet);
    m->max_bet = m->rules->bet_is_max(m->def, bet);
    if (m->rules->bet_set)
        m->rules->bet_set(m->state, &m->bet, m->max_bet);
    return 0;
}

Money machine_pool_value(const Machine *m)
{
    return m->rules->pool_value ? m->rules->pool_value(m->def, &m->bet, m->carried[0]) : 0;
}

void machine_offer(const Machine *m, Offer *out) { *out = m->offer; }

uint32_t machine_allowed(const Machine *m) { return m->offer.commands; }

/* The common case of offer_accepts(), without its messages. */
static inline bool offered(const Offer *o, const Command *cmd)
{
    if (cmd->type >= CMD__COUNT || !(o->commands >> cmd->type & 1u))
        return false;
    const OfferArg *a = &o->arg[cmd->type];
    return a->kind == ARG_NONE     ? cmd->arg == 0
           : a->kind == ARG_SUBSET ? !(cmd->arg & ~a->set)
                                   : cmd->arg < 32 && a->set >> cmd->arg & 1u;
}

int machine_command(Machine *m, const Command *cmd, Error *err)
{
    if (!offered(&m->offer, cmd)) {
        offer_accepts(&m->offer, cmd, err);
        return -1;
    }
    if (cmd->type == CMD_SPIN) {
        m->nevents = m->cursor = 0;
        m->sum = (RoundSummary){0};
        rng_seed(&m->rng, cmd->seed);
        m->round_seed = cmd->seed;
        m->choice_seeded = false;
        m->sum.bet = m->bet_total;
        if (m->rules->bet_bonuses)
            m->sum.bet_bonuses = m->rules->bet_bonuses(m->def, &m->bet);
        m->in_round = true;
        m->report = (ForcingReport){0};
        Event *e = machine_emit(m, EVENT_ROUND_START);
        e->round_start.seed = cmd->seed;
        e->round_start.bet = m->sum.bet;
        e->round_start.bet_bonuses = m->sum.bet_bonuses;
    }
    else if (m->draws_from && m->plays_taken < m->draws_from->nplay)
        m->plays_taken++; /* a player's command after the forced spin takes its next play's
                             turn, given by the play list or not (a journal replayed) */
    m->rules->command(m->state, m, cmd);
    refresh_offer(m);
    if (m->last_type == EVENT_ROUND_END) {
        m->in_round = false;
        machine_forcing_left_over(m);
    }
    return 0;
}

int machine_play_round(Machine *m, uint64_t seed, Strategy strategy, Error *err)
{
    if (m->in_round)
        return error_set(err, "a round is in progress");
    if (m->tally_round && m->forced_next >= m->nforced) {
        m->sum = (RoundSummary){0};
        m->sum.bet = m->bet_total;
        if (m->tally_round(m->state, m, seed))
            return 0;
    }
    if (machine_command(m, &(Command){.type = CMD_SPIN, .seed = seed}, err))
        return -1;
    machine_autoplay(m, strategy);
    return 0;
}

int machine_set_bonuses(Machine *m, int64_t bonuses, Error *err)
{
    if (m->in_round)
        return error_set(err, "the Bonuses held can change only between rounds");
    if (bonuses < 0)
        return error_set(err, "the Bonuses held cannot be negative (%lld)", (long long)bonuses);
    m->bonuses = bonuses;
    return 0;
}


int machine_set_pool(Machine *m, int64_t pool, Error *err)
{
    if (m->in_round)
        return error_set(err, "the pool can change only between rounds");
    m->carried[0] = pool;
    return 0;
}

int machine_replay(Machine *m, const RoundInputs *in, Error *err)
{
    if (m->in_round)
        return error_set(err, "a round is in progress");
    if (machine_set_bet(m, &in->bet, err) ||
        (in->carried && machine_set_carried(m, in->carried, err)) ||
        (in->has_pool && machine_set_pool(m, in->pool, err)) ||
        (in->has_bonuses && machine_set_bonuses(m, in->bonuses, err)))
        return -1;
    if (in->nforced > 0)
        machine_force(m, in->forced, in->nforced);
    if (!in->commands) {
        if (machine_command(m, &(Command){.type = CMD_SPIN, .seed = in->seed}, err))
            return -1;
        machine_autoplay(m, in->strategy);
        return machine_play_error(m) ? error_set(err, "%s", machine_play_error(m)) : 0;
    }
    for (int i = 0; i < in->ncommands; i++) {
        Command cmd = in->commands[i];
        cmd.seed = in->seed;
        Error why;
        if ((i == 0) != (cmd.type == CMD_SPIN))
            return error_set(err, "command %d of the journal is %s: a round's journal begins with "
                             "its spin, and has only one", i + 1, command_name(cmd.type));
        if (machine_command(m, &cmd, &why))
            return error_set(err, "command %d of the journal (%s): %s", i + 1,
                             command_name(cmd.type), why.msg);
    }
    return 0;
}

/* The commands a round offers after its SPIN, in the order a player takes them: the order
 * in which the default strategy looks, and the one the random strategy draws from. */
static const CommandType play_order[] = {CMD_START,   CMD_CONTINUE, CMD_COLLECT, CMD_HOLD,
                                         CMD_ADVANCE, CMD_PICK,     CMD_RISK};

/* A uniform draw of an argument within what the offer allows. */
static uint32_t random_arg(Rng *rng, const OfferArg *a)
{
    if (a->kind == ARG_SUBSET)
        return (uint32_t)rng_next(rng) & a->set;
    if (a->kind != ARG_ONE_OF || !a->set)
        return 0;
    uint32_t k = (uint32_t)rng_below(rng, (uint32_t)__builtin_popcount(a->set));
    for (uint32_t i = 0;; i++)
        if (a->set >> i & 1u && k-- == 0)
            return i;
}

/* The forced spin's next player command, if it has one left: 1 and *out; 0 none (or
 * "auto", *auto_next set); -1 refused (play_error says why). Asking twice gives the same:
 * machine_command() moves on to the next. */
static int forced_play(Machine *m, Command *out, bool *auto_next)
{
    const ForcedSpin *f = m->draws_from;
    if (!f || m->plays_taken >= f->nplay)
        return 0;
    int k = m->plays_taken; /* the command, once played, moves it on */
    const ForcedPlay *p = &f->play[k];
    if (p->automatic) {
        *auto_next = true;
        return 0;
    }
    *out = (Command){.type = (CommandType)p->type, .arg = p->arg};
    Error err;
    if (offer_accepts(&m->offer, out, &err))
        return 1;
    snprintf(m->play_error, sizeof m->play_error, "spins[%d].play[%d]: %s",
             (int)(f - m->forced), k, err.msg);
    return -1;
}

const char *machine_play_error(const Machine *m) { return m->play_error[0] ? m->play_error : NULL; }

bool machine_choose(Machine *m, Strategy strategy, Command *out)
{
    if (!m->in_round) /* first: the simulator asks after every round */
        return false;
    const Offer *o = &m->offer;
    *out = (Command){0};
    bool auto_next = false;
    int fp = forced_play(m, out, &auto_next);
    if (fp)
        return fp > 0;
    if (auto_next)
        strategy = STRATEGY_AUTO;
    if (strategy == STRATEGY_RANDOM) {
        CommandType offered[sizeof play_order / sizeof play_order[0]];
        uint32_t n = 0;
        for (size_t i = 0; i < sizeof play_order / sizeof play_order[0]; i++)
            if (o->commands >> play_order[i] & 1u)
                offered[n++] = play_order[i];
        if (!n)
            return false;
        if (!m->choice_seeded) {
            rng_seed(&m->choice_rng, m->round_seed ^ 0x43484f4943452121ull); /* "CHOICE!!" */
            m->choice_seeded = true;
        }
        out->type = offered[n > 1 ? rng_below(&m->choice_rng, n) : 0];
        out->arg = random_arg(&m->choice_rng, &o->arg[out->type]);
        return true;
    }
    if (m->rules->choose && m->rules->choose(m->state, strategy, o, out))
        return true;
    for (size_t i = 0; i < sizeof play_order / sizeof play_order[0]; i++)
        if (o->commands >> play_order[i] & 1u) {
            out->type = play_order[i];
            const OfferArg *a = &o->arg[out->type];
            out->arg = a->kind == ARG_ONE_OF && a->set ? (uint32_t)__builtin_ctz(a->set) : 0;
            return true;
        }
    return false;
}

void machine_autoplay(Machine *m, Strategy strategy)
{
    Command cmd;
    while (machine_choose(m, strategy, &cmd)) {
        int rc = machine_command(m, &cmd, NULL);
        assert(rc == 0);
        (void)rc;
    }
}

const Event *machine_events(const Machine *m, int *count)
{
    *count = m->nevents;
    return m->events;
}

bool machine_poll(Machine *m, Event *ev)
{
    if (m->cursor >= m->nevents)
        return false;
    *ev = m->events[m->cursor++];
    return true;
}

void machine_force(Machine *m, const ForcedSpin *spins, int n)
{
    m->draws_from = NULL;
    m->report = (ForcingReport){0};
    m->forced_error[0] = 0;
    m->last_draw = -1;
    m->play_error[0] = 0;
    m->forced = spins;
    m->nforced = n;
    m->forced_next = 0;
}


void machine_carried(const Machine *m, int64_t out[CARRIED_MAX])
{
    memcpy(out, m->carried, sizeof m->carried);
}

int machine_set_carried(Machine *m, const int64_t *v, Error *err)
{
    if (m->in_round)
        return error_set(err, "the carried state can change only between rounds");
    const char *why = m->rules->carried_refuses ? m->rules->carried_refuses(m->def, v) : NULL;
    if (why)
        return error_set(err, "%s: carried state refused: %s", m->def->id, why);
    memcpy(m->carried, v, sizeof m->carried);
    return 0;
}
