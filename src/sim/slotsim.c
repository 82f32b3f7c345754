/* slotsim.c - the headless engine tool QA uses to check the math.
 *
 *   slotsim list  [--json]
 *   slotsim info  --game ID [--json]
 *   slotsim round --game ID [--seed N] [--bet K=V,...] [--max-bet] [--scenario FILE]
 *                 [--bonuses N] [--json]
 *   slotsim rtp   --game ID --rounds N [--seed N] [--threads T] [--bet K=V,...] [--max-bet] [--json]
 *   slotsim catalogue --game ID --rounds N [--seed N] [--bet K=V,...] [--max-bet]
 *   slotsim cycle --game ID --return P --cycles N [--cycle-games G] [--seed N] [--bet K=V]
 *                 [--strategy S] [--upper never|when-covered] [--json]   (a programmed-return
 *                 game; cycle.c)
 *
 * Games are read from games/<id>/game.json under --games DIR (or $SLOTCAB_GAMES, or
 * default_games_dir()). A user's mistake (flag, value, file) gets one line on stderr and
 * exit code 2; nothing here asserts on user input. */
#include "buf.h"
#include "cycle.h"
#include "datadir.h"
#include "gamedef.h"
#include "games.h"
#include "jsonout.h"
#include "machine.h"
#include "report.h"
#include "rng.h"
#include "round_text.h"
#include "scenario.h"
#include "sim.h"
#include "simmpi.h"
#include "slotsim_priv.h"

#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#ifndef SLOTCAB_GAMES_DIR
#define SLOTCAB_GAMES_DIR "games"
#endif
#ifndef SLOTCAB_VERSION
#define SLOTCAB_VERSION "0"
#endif

/* The games when neither --games nor $SLOTCAB_GAMES says: the data root's games/, as the
 * cabinet finds its data (datadir.h), else the source tree's. */
static const char *default_games_dir(void)
{
    static char games[4200];
    const char *root = datadir_program_root();
    if (!root)
        return SLOTCAB_GAMES_DIR;
    snprintf(games, sizeof games, "%s/games", root);
    return games;
}

static const char usage[] =
    "usage:\n"
    "  slotsim list  [--json]\n"
    "  slotsim info  --game ID [--json]\n"
    "  slotsim round --game ID [--seed N] [--bet K=V,...] [--max-bet] [--scenario FILE]\n"
    "                [--bonuses N] [--json]   (N: the Bonuses the player holds)\n"
    "  slotsim rtp   --game ID --rounds N [--seed N] [--threads T] [--bet K=V,...] [--max-bet] [--json]\n"
    "  slotsim catalogue --game ID --rounds N [--seed N] [--bet K=V,...] [--max-bet]\n"
    "  slotsim report --game ID --rounds N --out DIR [--seed N] [--threads T] [--bet K=V,...]\n"
    "                [--max-bet] [--strategy S] [--cabinets K] [--cycles K] [--return P]\n"
    "                [--cycle-games G]   (a par sheet: DIR/index.html and its plots as SVG;\n"
    "                a programmed-return game adds K cycles, default 20, against return P)\n"
    "  slotsim cycle --game ID --return P --cycles N [--cycle-games G] [--seed N] [--bet K=V,...]\n"
    "                [--strategy S] [--upper never|when-covered] [--json]   (a programmed-return\n"
    "                game, cycle by cycle; --upper: when a two-game machine's player changes to\n"
    "                its upper game, at the bet's upper plate; default never)\n"
    "round, rtp, catalogue and cycle: --strategy auto|collect|random (how a player answers an\n"
    "  offer; collect never risks a prize; default\n"
    "  auto, the game's own automatic play, as the cabinet's autoplay)\n"
    "rtp: --cabinets K plays the rounds as K cabinets, each a chain carrying its state (the\n"
    "  progressive paid as its pool stood); the totals do not depend on --threads. A game\n"
    "  carrying more than a pool (a programmed return's cycle) is always played as cabinets:\n"
    "  by default one per 1,000,000 rounds (1 to 1,024)\n"
    "rtp under mpirun (mpirun -n N slotsim rtp ...; a build with MPI): the N processes split\n"
    "  the rounds, each on its --threads, and rank 0 prints the same totals as one process\n"
    "common: --games DIR (where games/<id>/game.json live; default $SLOTCAB_GAMES, else\n"
    "  $SLOTCAB_DATA/games, else the source tree's when run from the build, else the\n"
    "  installed share/slotcab/games), --help, --version\n";


/* Whether mpirun started this process, and its rank (from the launcher's environment): the
 * others' messages say which they are, and rtp's report the number of ranks. */
static bool launched_here;
static int rank_here;


static int parse_u64(const char *flag, const char *s, uint64_t min, uint64_t max, uint64_t *out)
{
    char *end;
    errno = 0;
    if (!s || !*s || *s == '-' || *s == '+')
        return fail("%s: expected a whole number %" PRIu64 "..%" PRIu64 ", got \"%s\"", flag,
                    min, max, s ? s : "");
    unsigned long long v = strtoull(s, &end, 10);
    if (*end || errno == ERANGE || v < min || v > max)
        return fail("%s: expected a whole number %" PRIu64 "..%" PRIu64 ", got \"%s\"", flag,
                    min, max, s);
    *out = v;
    return 0;
}

static int parse_args(int argc, char **argv, Options *o)
{
    memset(o, 0, sizeof *o);
    o->games_dir = getenv("SLOTCAB_GAMES");
    if (!o->games_dir || !*o->games_dir)
        o->games_dir = default_games_dir();
    o->threads = 1;
    if (argc < 2)
        return fail("missing command (see slotsim --help)");
    o->cmd = argv[1];
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i];
        const char *val = i + 1 < argc ? argv[i + 1] : NULL;
        uint64_t v;
#define NEED_VALUE()                                                                         \
    do {                                                                                     \
        if (!val)                                                                            \
            return fail("%s: missing its value", a);                                         \
        i++;                                                                                 \
    } while (0)
        if (strcmp(a, "--json") == 0) {
            o->json = true;
        } else if (strcmp(a, "--max-bet") == 0) {
            o->max_bet = true;
        } else if (strcmp(a, "--game") == 0) {
            NEED_VALUE();
            o->game = val;
        } else if (strcmp(a, "--games") == 0) {
            NEED_VALUE();
            o->games_dir = val;
        } else if (strcmp(a, "--bet") == 0) {
            NEED_VALUE();
            o->bet = val;
        } else if (strcmp(a, "--out") == 0) {
            NEED_VALUE();
            o->out = val;
        } else if (strcmp(a, "--scenario") == 0) {
            NEED_VALUE();
            o->scenario = val;
        } else if (strcmp(a, "--seed") == 0) {
            NEED_VALUE();
            if (parse_u64(a, val, 0, UINT64_MAX, &o->seed))
                return EXIT_USAGE;
            o->has_seed = true;
        } else if (strcmp(a, "--rounds") == 0) {
            NEED_VALUE();
            if (parse_u64(a, val, 1, (uint64_t)1 << 50, &o->rounds))
                return EXIT_USAGE;
            o->has_rounds = true;
        } else if (strcmp(a, "--strategy") == 0) {
            NEED_VALUE();
            int st = strategy_from_name(val);
            if (st < 0)
                return fail("--strategy: unknown strategy \"%s\" (known: auto, collect, random)", val);
            o->strategy = (Strategy)st;
            o->has_strategy = true;
        } else if (strcmp(a, "--return") == 0) {
            NEED_VALUE();
            if (parse_u64(a, val, 70, 95, &o->percent))
                return EXIT_USAGE;
            o->has_return = true;
        } else if (strcmp(a, "--cycles") == 0) {
            NEED_VALUE();
            if (parse_u64(a, val, 1, 1000000, &o->cycles))
                return EXIT_USAGE;
            o->has_cycles = true;
        } else if (strcmp(a, "--cycle-games") == 0) {
            NEED_VALUE();
            if (parse_u64(a, val, 1000, 10000000, &o->cycle_games))
                return EXIT_USAGE;
            o->has_cycle_games = true;
        } else if (strcmp(a, "--bonuses") == 0) {
            NEED_VALUE();
            if (parse_u64(a, val, 0, 1000000000, &o->bonuses))
                return EXIT_USAGE;
            o->has_bonuses = true;
        } else if (strcmp(a, "--upper") == 0) {
            NEED_VALUE();
            if (strcmp(val, "never") && strcmp(val, "when-covered"))
                return fail("--upper: expected never or when-covered, got \"%s\"", val);
            o->upper = strcmp(val, "never") ? UPPER_WHEN_COVERED : UPPER_NEVER;
            o->has_upper = true;
        } else if (strcmp(a, "--cabinets") == 0) {
            NEED_VALUE();
            if (parse_u64(a, val, 1, (uint64_t)1 << 32, &o->cabinets))
                return EXIT_USAGE;
            o->has_cabinets = true;
        } else if (strcmp(a, "--threads") == 0) {
            NEED_VALUE();
            if (parse_u64(a, val, 1, 256, &v))
                return EXIT_USAGE;
            o->threads = (int)v;
            o->has_threads = true;
        } else {
            return fail("unknown option \"%s\" (see slotsim --help)", a);
        }
#undef NEED_VALUE
    }
    return 0;
}

static void bet_str(const GameDef *def, const Bet *bet, char *out, size_t size)
{
    size_t len = 0;
    out[0] = '\0';
    for (int i = 0; i < def->nbet && len < size; i++)
        len += (size_t)snprintf(out + len, size - len, "%s%s=%lld", i ? "," : "", def->bet[i].key,
                                (long long)bet->v[i]);
}

static cJSON *bet_json(const GameDef *def, const Bet *bet, Money total)
{
    cJSON *o = cJSON_CreateObject();
    for (int i = 0; i < def->nbet; i++)
        jsonout_add(o, def->bet[i].key, jsonout_int(bet->v[i]));
    jsonout_add(o, "total", jsonout_int(total));
    return o;
}

/* --bet and --max-bet over the game's default bet (or a scenario's). */
static int make_bet(const Options *o, const GameDef *def, const GameRules *rules, Bet *bet)
{
    Error err;
    if (o->bet && machine_parse_bet(def, o->bet, bet, &err))
        return fail("%s", err.msg);
    if (o->max_bet)
        rules->bet_max(def, bet);
    return 0;
}

/* ---- round ------------------------------------------------------------------------------ */

/* "reachable": false and the spins whose forced screen the reel strips cannot show. */
static void round_json_unreachable(cJSON *j, const ForcingReport *f)
{
    jsonout_add(j, "reachable", cJSON_CreateBool(0));
    cJSON *a = jsonout_add(j, "unreachable", cJSON_CreateArray());
    for (int i = 0; i < f->unreachable && i < FORCING_MAX_NOTED; i++) {
        cJSON *u = jsonout_add(a, NULL, cJSON_CreateObject());
        jsonout_add(u, "spin", jsonout_int(f->unreachable_spin[i]));
        jsonout_add(u, "reel", jsonout_int(f->unreachable_reel[i] + 1));
    }
}

/* A machine starts no round whose Bonuses the player does not hold (Gnomos Mix, rule 3: "as
 * long as you have enough balance and Bonuses to maintain said bet"): refused, exit 2. */
static int round_bonuses_cover(const Options *o, const Scenario *sc, const GameDef *def,
                               const GameRules *rules, const Bet *bet)
{
    int64_t need = rules->bonuses && rules->bet_bonuses ? rules->bet_bonuses(def, bet) : 0;
    int64_t held = o->has_bonuses ? (int64_t)o->bonuses : sc->has_bonuses ? sc->bonuses : 0;
    if (need <= held)
        return 0;
    char what[600];
    if (o->has_bonuses || !sc->has_bonuses)
        snprintf(what, sizeof what, "--bonuses %lld%s", (long long)held,
                 o->has_bonuses ? "" : " (none given)");
    else
        snprintf(what, sizeof what, "%s: bonuses %lld", o->scenario, (long long)held);
    return fail("%s: the bet needs %lld Bonuses held; a machine starts no round its Bonuses "
                "do not cover", what, (long long)need);
}

static int cmd_round(const Options *o)
{
    if (only_flags(o, "--game --seed --bet --max-bet --scenario --strategy --bonuses"))
        return EXIT_USAGE;
    char game_id[48];
    Error err;
    if (o->scenario) {
        char path[512];
        if (scenario_peek_game(o->scenario, game_id, sizeof game_id, &err))
            return fail("%s", err.msg);
        if (gamedef_path(o->games_dir, game_id, path, sizeof path, &err))
            return fail("%s: game: %s", o->scenario, err.msg);
        if (o->game && strcmp(o->game, game_id) != 0)
            return fail("--game %s: the scenario %s is for %s", o->game, o->scenario, game_id);
    } else if (o->game) {
        char path[512]; /* checked whole, before it is copied */
        if (game_path(o, o->game, path, sizeof path))
            return EXIT_USAGE;
        snprintf(game_id, sizeof game_id, "%s", o->game);
    } else {
        return fail("round: --game ID (or --scenario FILE) is required");
    }
    GameDef *def = malloc(sizeof *def);
    if (!def)
        return fail("out of memory");
    Scenario sc = {0};
    Machine *m = NULL;
    Buf b = {0};
    int rc = load_game(o, game_id, def);
    if (rc)
        goto done;
    const GameRules *rules = games_find(def->rules);
    Bet bet;
    machine_default_bet(def, &bet);
    uint64_t seed = 1;
    MachineDesc desc = {.game = def};
    if (o->scenario) {
        if (scenario_load(o->scenario, def, &sc, &err)) {
            rc = fail("%s", err.msg);
            goto done;
        }
        bet = sc.bet;
        if (sc.has_seed)
            seed = sc.seed;
        desc.has_pool = sc.has_pool;
        desc.pool = sc.pool;
    }
    if (o->has_seed)
        seed = o->seed;
    if ((rc = make_bet(o, def, rules, &bet)) || (rc = round_bonuses_cover(o, &sc, def, rules, &bet)))
        goto done;
    m = machine_create(&desc, &err);
    /* a fresh round through the one replay: its SPIN, then every offer answered by the
     * strategy (the cabinet's recovery and recall replay a journal through it) */
    if (!m || machine_replay(m, &(RoundInputs){.bet = bet, .has_pool = desc.has_pool,
                                               .pool = desc.pool, .seed = seed,
                                               .strategy = o->strategy, .forced = sc.spins,
                                               .nforced = sc.nspins,
                                               .has_bonuses = sc.has_bonuses || o->has_bonuses,
                                               .bonuses = o->has_bonuses ? (int64_t)o->bonuses
                                                                         : sc.bonuses}, &err)) {
        rc = fail("%s", err.msg);
        goto done;
    }
    if (machine_forced_error(m)) {
        rc = fail("%s: %s", o->scenario, machine_forced_error(m));
        goto done;
    }
    int n;
    const Event *ev = machine_events(m, &n);
    const RoundSummary *sum = machine_summary(m);
    const ForcingReport *forcing = machine_forcing(m);
    if (o->json) {
        cJSON *j = cJSON_CreateObject();
        jsonout_add(j, "game", jsonout_string(def->id));
        jsonout_add(j, "seed", jsonout_u64(seed));
        jsonout_add(j, "bet", bet_json(def, &bet, sum->bet));
        jsonout_add(j, "max_bet", cJSON_CreateBool(rules->bet_is_max(def, &bet)));
        if (rules->pool_value)
            jsonout_add(j, "jackpot_after", jsonout_int(machine_pool_value(m)));
        jsonout_add(j, "total_win", jsonout_int(sum->total_win));
        if (forcing->unreachable)
            round_json_unreachable(j, forcing);
        cJSON *events = jsonout_add(j, "events", cJSON_CreateArray());
        for (int i = 0; i < n; i++)
            jsonout_add(events, NULL, event_json(&ev[i], def));
        jsonout_print(j, &b);
        buf_puts(&b, "\n");
    } else {
        buf_printf(&b, "%s\n", def->name);
        round_text_unreachable(forcing, &b);
        for (int i = 0; i < n; i++)
            round_text(def, &ev[i], &b);
    }
    fputs(b.s, stdout);
    if (machine_forced_left(m) > 0)
        error_print("slotsim: note: %d forced spin(s) of %s were not reached in this round",
                    machine_forced_left(m), o->scenario);
    if (forcing->plays_unused)
        error_print("slotsim: note: %d play command(s) of %s were not given: spin %d's part of "
                    "the round ended first", forcing->plays_unused, o->scenario,
                    forcing->plays_unused_spin);
    if (forcing->draws_unused)
        error_print("slotsim: note: %d forced draw(s) of %s were not drawn (the first: spin %d, "
                    "draws.%s): the round made no such draw after that spin",
                    forcing->draws_unused, o->scenario, forcing->draws_unused_spin,
                    forcing->draws_unused_name);
done:
    buf_free(&b);
    machine_destroy(m);
    scenario_free(&sc);
    free(def);
    return rc;
}

/* ---- rtp -------------------------------------------------------------------------------- */

/* The game file's target RTP for a bet (max bet or below), 0 when it has none. */
static double target_rtp(const GameDef *def, const GameRules *rules, const Bet *bet)
{
    const char *target_key = rules->bet_is_max(def, bet) ? "max_bet" : "below_max_bet";
    double target = 0;
    for (int i = 0; i < def->ntargets; i++)
        if (strcmp(def->targets[i].key, target_key) == 0 || def->ntargets == 1)
            target = def->targets[i].percent;
    return target;
}

typedef struct Progress {
    SimRun *run;
    volatile int stop;
} Progress;

static void *progress_main(void *arg)
{
    Progress *p = arg;
    struct timespec ts = {0, 200 * 1000 * 1000};
    while (!p->stop) {
        /* this process's share of the rounds (under mpirun, rank 0 shows its own) */
        double done = (double)atomic_load(&p->run->done);
        double part = done * (double)(p->run->shares ? p->run->shares : 1) / (double)p->run->rounds;
        part = part > 1 ? 1 : part;
        int width = 40, fill = (int)(part * width);
        fprintf(stderr, "\r[%.*s%*s] %5.1f%%", fill, "########################################",
                width - fill, "", 100.0 * part);
        nanosleep(&ts, NULL);
    }
    fputs("\r\033[K", stderr);
    return NULL;
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* A finished rtp run, as its reports read it. */
typedef struct RtpReport {
    const GameDef *def;
    const GameRules *rules;
    const SimRun *run;
    const SimTotals *t;
    SimStats st;   /* a game with Bonuses: its return counts them at their worth */
    Money growth;  /* the pool's growth that hits paid back, in money at this bet */
    double target; /* the game file's target RTP, percent (0: none) */
    double secs;
    int ranks;
} RtpReport;

/* The run of cmd_rtp's flags: its seed, rounds, cabinets, bet, maximum win, Bonus worth;
 * 0, or the exit code. */
static int rtp_setup(const Options *o, GameDef *def, const GameRules *rules, SimRun *run)
{
    *run = (SimRun){.def = def, .seed = o->has_seed ? o->seed : 1, .rounds = o->rounds,
                    .strategy = o->strategy, .threads = o->threads,
                    .cabinets = o->has_cabinets ? o->cabinets : sim_default_cabinets(rules, o->rounds)};
    machine_default_bet(def, &run->bet);
    int rc = make_bet(o, def, rules, &run->bet);
    if (rc)
        return rc;
    /* a game with a maximum win (its rounds' wins cut to it) reports the rounds reaching it */
    const GameParam *max_win = gamedef_param(def, "max_win_x_bet");
    run->max_win_x = max_win && !max_win->array ? max_win->v[0] : 0;
    run->bonus_worth = rules->bonuses && rules->bonus_worth ? rules->bonus_worth(def) : 0;
    atomic_init(&run->done, 0);
    return 0;
}

/* Plays the run's rounds, with a progress bar on a terminal; under mpirun this process's
 * share of them, all joined on rank 0. 0 with *report set on the process that reports
 * (rank 0), 0 on the others, or the exit code. */
static int rtp_play(SimRun *run, SimTotals *t, int *ranks, double *secs, bool *report)
{
    int rank;
    Error err;
    *report = false;
    if (simmpi_start(&rank, ranks, &err))
        return fail("%s", err.msg);
    run->share = (uint64_t)rank;
    run->shares = (uint64_t)*ranks;
    Progress prog = {.run = run};
    pthread_t ptid;
    bool show = rank == 0 && isatty(STDERR_FILENO) &&
                pthread_create(&ptid, NULL, progress_main, &prog) == 0;
    double t0 = now_seconds();
    SimTotals mine;
    Error simerr;
    int simrc = sim_run(run, &mine, &simerr);
    if (show) {
        prog.stop = 1;
        pthread_join(ptid, NULL);
    }
    simrc = simmpi_join(&mine, simrc, &simerr, t, &err);
    *secs = now_seconds() - t0;
    if (simrc || rank != 0) /* only rank 0 reports */
        return simrc ? fail("%s", err.msg) : 0;
    *report = true;
    return 0;
}

static void rtp_json(const RtpReport *r, Buf *b)
{
    const GameDef *def = r->def;
    const GameRules *rules = r->rules;
    const SimRun *run = r->run;
    const SimTotals *t = r->t;
    double bet = r->st.bet, n = r->st.n, per_round_bet = bet / n;
    cJSON *j = cJSON_CreateObject();
    jsonout_add(j, "game", jsonout_string(def->id));
    jsonout_add(j, "seed", jsonout_u64(run->seed));
    jsonout_add(j, "threads", jsonout_int(run->threads));
    if (launched_here)
        jsonout_add(j, "ranks", jsonout_int(r->ranks));
    if (run->cabinets)
        jsonout_add(j, "cabinets", jsonout_u64(run->cabinets));
    jsonout_add(j, "bet", bet_json(def, &run->bet, rules->bet_total(def, &run->bet)));
    jsonout_add(j, "max_bet", cJSON_CreateBool(rules->bet_is_max(def, &run->bet)));
    jsonout_add(j, "rounds", jsonout_u64(t->rounds));
    jsonout_add(j, "total_bet", jsonout_int(t->bet));
    jsonout_add(j, "total_win", jsonout_int(t->win));
    if (rules->bonuses) {
        jsonout_add(j, "total_bonuses", jsonout_int(t->bonuses));
        jsonout_add(j, "bonus_worth", jsonout_int(run->bonus_worth));
        jsonout_add(j, "rtp_money", jsonout_fixed(100.0 * (double)t->win / bet, 6));
        jsonout_add(j, "rtp_bonuses", jsonout_fixed(100.0 * (double)r->st.bonus_value / bet, 6));
    }
    jsonout_add(j, "rtp", jsonout_fixed(r->st.rtp, 6));
    jsonout_add(j, "rtp_ci95", jsonout_fixed(r->st.ci95, 6));
    jsonout_add(j, "target_rtp", jsonout_fixed(r->target, 2));
    jsonout_add(j, "hit_frequency", jsonout_fixed(r->st.hit, 6));
    jsonout_add(j, "sd_per_round", jsonout_fixed(r->st.sd, 6));
    jsonout_add(j, "max_win_x", jsonout_fixed((double)t->max_win / per_round_bet, 2));
    cJSON *split = jsonout_add(j, "rtp_split", cJSON_CreateObject());
    for (int p = 0; p < PART__COUNT; p++)
        if (rules->parts >> p & 1u)
            jsonout_add(split, rules->names->part[p], jsonout_fixed(100.0 * (double)t->part[p] / bet, 6));
    if (rules->bonuses) /* the Bonuses won, at their worth: so that the parts add up to rtp */
        jsonout_add(split, "bonuses", jsonout_fixed(100.0 * (double)r->st.bonus_value / bet, 6));
    if (rules->pool_value && run->cabinets) { /* paid as each cabinet's pool stood */
        cJSON *jp = jsonout_add(j, "jackpot", cJSON_CreateObject());
        jsonout_add(jp, "hits", jsonout_u64(t->jackpots));
        jsonout_add(jp, "paid_part", jsonout_fixed(100.0 * (double)t->part[PART_JACKPOT] / bet, 6));
    } else if (rules->pool_value) {
        cJSON *jp = jsonout_add(j, "jackpot", cJSON_CreateObject());
        jsonout_add(jp, "hits", jsonout_u64(t->jackpots));
        jsonout_add(jp, "seed_part", jsonout_fixed(100.0 * (double)t->part[PART_JACKPOT] / bet, 6));
        jsonout_add(jp, "pool_growth_returned", jsonout_fixed(100.0 * (double)r->growth / bet, 6));
        jsonout_add(jp, "rtp_with_pool_growth",
                    jsonout_fixed(100.0 * (double)(t->win + r->growth) / bet, 6));
    }
    if (run->max_win_x) {
        cJSON *cap = jsonout_add(j, "capped", cJSON_CreateObject());
        jsonout_add(cap, "max_win_x", jsonout_int(run->max_win_x));
        jsonout_add(cap, "rounds", jsonout_u64(t->capped));
        jsonout_add(cap, "one_in", jsonout_fixed(t->capped ? n / (double)t->capped : 0.0, 2));
    }
    cJSON *feats = jsonout_add(j, "features", cJSON_CreateObject());
    for (int f = 0; f < FEATURE__COUNT; f++)
        if (rules->features_used >> f & 1u) {
            cJSON *fe = jsonout_add(feats, event_feature_name(def, (Feature)f), cJSON_CreateObject());
            jsonout_add(fe, "rounds", jsonout_u64(t->feature_rounds[f]));
            jsonout_add(fe, "one_in", jsonout_fixed(t->feature_rounds[f] ? n / (double)t->feature_rounds[f] : 0.0, 2));
            jsonout_add(fe, "awards", jsonout_u64(t->triggers[f]));
        }
    cJSON *spins = jsonout_add(j, "spins", cJSON_CreateObject());
    jsonout_add(spins, "base", jsonout_u64(t->spins[SPIN_BASE]));
    jsonout_add(spins, "free", jsonout_u64(t->spins[SPIN_FREE]));
    if (rules->names->spin[SPIN_EXTRA])
        jsonout_add(spins, rules->names->spin[SPIN_EXTRA], jsonout_u64(t->spins[SPIN_EXTRA]));
    cJSON *dist = jsonout_add(j, "win_distribution", cJSON_CreateArray());
    for (int i = 0; i < SIM_BUCKETS; i++) {
        cJSON *bucket = jsonout_add(dist, NULL, cJSON_CreateObject());
        jsonout_add(bucket, "up_to_x", sim_bucket_tenths[i] < 0 ? cJSON_CreateNull()
                                                                : jsonout_fixed(sim_bucket_tenths[i] / 10.0, 1));
        jsonout_add(bucket, "rounds", jsonout_u64(t->buckets[i]));
    }
    jsonout_add(j, "seconds", jsonout_fixed(r->secs, 3));
    jsonout_add(j, "rounds_per_second", jsonout_fixed(n / r->secs, 0));
    jsonout_print(j, b);
    buf_puts(b, "\n");
}

/* rtp's text from the return's parts on: each part, the jackpot, the cap, the features */
static void rtp_text_parts(const RtpReport *r, Buf *b)
{
    const GameRules *rules = r->rules;
    const SimTotals *t = r->t;
    double bet = r->st.bet, n = r->st.n;
    buf_puts(b, "RTP split      ");
    for (int p = 0; p < PART__COUNT; p++)
        if (rules->parts >> p & 1u)
            buf_printf(b, " %s %.4f%%", rules->names->part[p], 100.0 * (double)t->part[p] / bet);
    if (rules->bonuses)
        buf_printf(b, " bonuses %.4f%%", 100.0 * (double)r->st.bonus_value / bet);
    buf_puts(b, "\n");
    if (rules->pool_value)
        buf_printf(b, "jackpot         %" PRIu64 " hits; seed part %.4f%%; pool growth paid back %.4f%% "
                      "(RTP with it %.4f%%)\n",
                   t->jackpots, 100.0 * (double)t->part[PART_JACKPOT] / bet, 100.0 * (double)r->growth / bet,
                   100.0 * (double)(t->win + r->growth) / bet);
    if (r->run->max_win_x && t->capped)
        buf_printf(b, "capped          %" PRIu64 " rounds (1 in %.1f) won the maximum, %" PRId64 " x bet\n",
                   t->capped, n / (double)t->capped, r->run->max_win_x);
    else if (r->run->max_win_x)
        buf_printf(b, "capped          0 rounds won the maximum, %" PRId64 " x bet\n", r->run->max_win_x);
    for (int f = 0; f < FEATURE__COUNT; f++)
        if (rules->features_used >> f & 1u)
            buf_printf(b, "%-15s %" PRIu64 " rounds (1 in %.1f), %" PRIu64 " awards with retriggers\n",
                       event_feature_name(r->def, (Feature)f), t->feature_rounds[f],
                       t->feature_rounds[f] ? n / (double)t->feature_rounds[f] : 0.0, t->triggers[f]);
}

/* rtp's text of the win distribution: rounds by their win in bets */
static void rtp_text_wins(const SimTotals *t, Buf *b)
{
    buf_puts(b, "win distribution (x bet: rounds)\n");
    double lo = 0;
    for (int i = 0; i < SIM_BUCKETS; i++) {
        if (i == 0)
            buf_printf(b, "  %-14s %" PRIu64 "\n", "no win", t->buckets[0]);
        else if (sim_bucket_tenths[i] < 0)
            buf_printf(b, "  > %-12g %" PRIu64 "\n", lo, t->buckets[i]);
        else
            buf_printf(b, "  %5g - %-6g %" PRIu64 "\n", lo, sim_bucket_tenths[i] / 10.0, t->buckets[i]);
        if (sim_bucket_tenths[i] >= 0)
            lo = sim_bucket_tenths[i] / 10.0;
    }
}

/* rtp's text: the bet and the run, the return and its parts, the features, the wins */
static void rtp_text(const RtpReport *r, Buf *b)
{
    const GameDef *def = r->def;
    const GameRules *rules = r->rules;
    const SimRun *run = r->run;
    const SimTotals *t = r->t;
    double bet = r->st.bet, n = r->st.n, per_round_bet = bet / n;
    char m1[32], m2[32], sbet[128], per[32];
    money_str(t->bet, m1, sizeof m1);
    money_str(t->win, m2, sizeof m2);
    bet_str(def, &run->bet, sbet, sizeof sbet);
    money_str(rules->bet_total(def, &run->bet), per, sizeof per);
    buf_printf(b, "%s, bet %s (%s per round%s)\n", def->name, sbet, per,
               rules->bet_is_max(def, &run->bet) ? ", max bet" : "");
    char ranks_x[32] = "";
    if (launched_here)
        snprintf(ranks_x, sizeof ranks_x, "%d rank%s x ", r->ranks, r->ranks == 1 ? "" : "s");
    char cabinets[48] = "";
    if (run->cabinets)
        snprintf(cabinets, sizeof cabinets, "%" PRIu64 " cabinet%s, ", run->cabinets,
                 run->cabinets == 1 ? "" : "s");
    buf_printf(b, "rounds          %" PRIu64 " (seed %" PRIu64 ", %s%s%d thread%s, %.1f s, %.2f M rounds/s)\n",
               t->rounds, run->seed, cabinets, ranks_x, run->threads, run->threads == 1 ? "" : "s",
               r->secs, n / r->secs / 1e6);
    buf_printf(b, "total bet       %s\ntotal win       %s\n", m1, m2);
    if (rules->bonuses) {
        char m3[32], m4[32];
        money_str(r->st.bonus_value, m3, sizeof m3);
        money_str(run->bonus_worth, m4, sizeof m4);
        buf_printf(b, "Bonuses won     %" PRId64 ", worth %s at %s each\n", t->bonuses, m3, m4);
        buf_printf(b, "RTP             %.4f%% +/- %.4f (95%% CI), target %.2f%%: money %.4f%%, "
                      "Bonuses %.4f%%\n", r->st.rtp, r->st.ci95, r->target,
                   100.0 * (double)t->win / bet, 100.0 * (double)r->st.bonus_value / bet);
    } else {
        buf_printf(b, "RTP             %.4f%% +/- %.4f (95%% CI), target %.2f%%\n", r->st.rtp,
                   r->st.ci95, r->target);
    }
    buf_printf(b, "hit frequency   %.4f%%\nsd per round    %.3f x bet\nmax win         %.2f x bet\n",
               r->st.hit, r->st.sd, (double)t->max_win / per_round_bet);
    rtp_text_parts(r, b);
    rtp_text_wins(t, b);
}

static int cmd_rtp(const Options *o)
{
    if (only_flags(o, "--game --seed --bet --max-bet --rounds --threads --strategy --cabinets"))
        return EXIT_USAGE;
    if (!o->game)
        return fail("rtp: --game ID is required");
    if (!o->has_rounds)
        return fail("rtp: --rounds N is required");
    int rc;
    GameDef *def = load_game_new(o, o->game, &rc);
    if (!def)
        return rc;
    const GameRules *rules = games_find(def->rules);
    SimRun run;
    SimTotals t;
    RtpReport r = {.def = def, .rules = rules, .run = &run, .t = &t};
    bool report = false;
    if ((rc = rtp_setup(o, def, rules, &run)) || (rc = rtp_play(&run, &t, &r.ranks, &r.secs, &report)) ||
        !report) {
        free(def);
        return rc;
    }
    /* the pool's growth that hits paid back, in money at this bet */
    int64_t returned_units = t.pool_hit ? t.pool_added - t.pool_since_hit : 0;
    r.growth = rules->pool_value ? rules->pool_value(def, &run.bet, returned_units) : 0;
    sim_stats(&t, &run, &r.st);
    r.target = target_rtp(def, rules, &run.bet);
    Buf b = {0};
    if (o->json)
        rtp_json(&r, &b);
    else
        rtp_text(&r, &b);
    fputs(b.s, stdout);
    buf_free(&b);
    free(def);
    return 0;
}

/* ---- report: a par sheet as one HTML page (report.c) ------------------------------------ */

/* --out DIR: made when missing (its parent must exist), a folder this process can write. */
static int out_dir(const char *dir)
{
    struct stat sb;
    if (!*dir)
        return fail("--out: expected a folder, got \"\"");
    if (stat(dir, &sb) != 0 && mkdir(dir, 0777) != 0 && errno != EEXIST)
        return fail("--out: cannot create %s: %s", dir, strerror(errno));
    if (stat(dir, &sb) != 0 || !S_ISDIR(sb.st_mode))
        return fail("--out: %s is not a folder", dir);
    if (access(dir, W_OK | X_OK) != 0)
        return fail("--out: cannot write in %s: %s", dir, strerror(errno));
    return 0;
}

static int cmd_report(const Options *o)
{
    if (only_flags(o, "--game --seed --bet --max-bet --rounds --threads --strategy --cabinets "
                      "--cycles --return --cycle-games --out"))
        return EXIT_USAGE;
    if (o->json) /* (only_flags leaves --json to each command) */
        return fail("--json: not an option of \"slotsim report\" (it writes a page)");
    if (!o->game)
        return fail("report: --game ID is required");
    if (!o->has_rounds)
        return fail("report: --rounds N is required");
    if (!o->out)
        return fail("report: --out DIR is required");
    int rc;
    GameDef *def = load_game_new(o, o->game, &rc);
    if (!def)
        return rc;
    const GameRules *rules = games_find(def->rules);
    /* a programmed-return game also plays cycles against its setting (and carries its cycle
     * from round to round: its rounds are played as cabinets, as rtp plays them) */
    bool programmed = gamedef_param(def, "return_percent") && gamedef_param(def, "cycle_games") &&
                      gamedef_param(def, "bonus_worth");
    if (!programmed && (o->has_cycles || o->has_return || o->has_cycle_games)) {
        free(def);
        return fail("%s: not a programmed-return game (--cycles, --return and --cycle-games are "
                    "for one)", o->has_cycles ? "--cycles" : o->has_return ? "--return" : "--cycle-games");
    }
    SimRun run = {.def = def, .seed = o->has_seed ? o->seed : 1, .rounds = o->rounds,
                  .strategy = o->strategy, .threads = o->threads, .report = true,
                  .cabinets = o->has_cabinets ? o->cabinets : sim_default_cabinets(rules, o->rounds)};
    machine_default_bet(def, &run.bet);
    if ((rc = make_bet(o, def, rules, &run.bet)) || (rc = out_dir(o->out))) {
        free(def);
        return rc;
    }
    const GameParam *max_win = gamedef_param(def, "max_win_x_bet");
    run.max_win_x = max_win && !max_win->array ? max_win->v[0] : 0;
    run.bonus_worth = rules->bonuses && rules->bonus_worth ? rules->bonus_worth(def) : 0;
    atomic_init(&run.done, 0);
    Progress prog = {.run = &run};
    pthread_t ptid;
    bool show = isatty(STDERR_FILENO) && pthread_create(&ptid, NULL, progress_main, &prog) == 0;
    double t0 = now_seconds();
    SimTotals *t = malloc(sizeof *t);
    Error err;
    rc = t ? sim_run(&run, t, &err) : error_set(&err, "out of memory");
    if (show) {
        prog.stop = 1;
        pthread_join(ptid, NULL);
    }
    double secs = now_seconds() - t0;
    if (rc) {
        free(t);
        free(def);
        return fail("%s", err.msg);
    }
    int64_t returned_units = t->pool_hit ? t->pool_added - t->pool_since_hit : 0;
    char sbet[160];
    bet_str(def, &run.bet, sbet, sizeof sbet);
    ReportInput in = {.def = def, .rules = rules, .run = &run, .t = t,
                      .target = target_rtp(def, rules, &run.bet),
                      .growth = rules->pool_value ? rules->pool_value(def, &run.bet, returned_units) : 0,
                      .version = SLOTCAB_VERSION, .seconds = secs, .threads = run.threads};
    /* the cycles, on a copy of the game (cycle_run sets its return and cycle length) */
    GameDef *cdef = NULL;
    double *returns = NULL;
    if (programmed) {
        cdef = malloc(sizeof *cdef);
        in.cycles = o->has_cycles ? o->cycles : 20;
        returns = calloc(in.cycles, sizeof *returns);
        if (!cdef || !returns) {
            rc = fail("out of memory");
            goto done;
        }
        *cdef = *def;
        CycleRun cr = {.def = cdef, .bet = run.bet, .strategy = run.strategy,
                       .percent = (int64_t)o->percent, .cycle_games = (int64_t)o->cycle_games,
                       .cycles = in.cycles, .seed = run.seed, .upper = UPPER_NEVER,
                       .returns = returns};
        Buf ignored = {0};
        double c0 = now_seconds();
        int crc = cycle_run(&cr, &ignored, &err);
        buf_free(&ignored);
        if (crc) {
            rc = fail("%s", err.msg);
            goto done;
        }
        in.cycle_seconds = now_seconds() - c0;
        in.cycle_returns = returns;
        in.setting = gamedef_param(cdef, "return_percent")->v[0];
        in.cycle_games = gamedef_param(cdef, "cycle_games")->v[0];
        in.floor = games_setting_floor(cdef, "return_percent", &in.floor_source);
    }
    char command[768];
    int len = snprintf(command, sizeof command, "slotsim report --game %s --rounds %" PRIu64
                       " --seed %" PRIu64 " --bet %s", def->id, run.rounds, run.seed, sbet);
    if (run.strategy != STRATEGY_AUTO)
        len += snprintf(command + len, sizeof command - (size_t)len, " --strategy %s",
                        strategy_name(run.strategy));
    if (run.cabinets)
        len += snprintf(command + len, sizeof command - (size_t)len, " --cabinets %" PRIu64, run.cabinets);
    if (programmed)
        snprintf(command + len, sizeof command - (size_t)len, " --cycles %" PRIu64 " --return %" PRId64
                 " --cycle-games %" PRId64, in.cycles, in.setting, in.cycle_games);
    in.command = command;
    if (report_write(&in, o->out, &err))
        rc = fail("%s", err.msg);
    else
        printf("%s/index.html\n", o->out);
done:
    free(returns);
    free(cdef);
    free(t);
    free(def);
    return rc;
}

/* ---- catalogue: the fixed-seed record of a game's math --------------------------------- */

/* One line per round: index, round seed, win, and what happened, so that any change to the
 * math shows up as a diff of the committed catalogue (tests/catalogue/). */
static int cmd_catalogue(const Options *o)
{
    if (only_flags(o, "--game --seed --bet --max-bet --rounds --strategy"))
        return EXIT_USAGE;
    if (!o->game)
        return fail("catalogue: --game ID is required");
    if (!o->has_rounds)
        return fail("catalogue: --rounds N is required");
    if (o->rounds > 1000000)
        return fail("--rounds: a catalogue lists at most 1000000 rounds");
    int rc;
    GameDef *def = load_game_new(o, o->game, &rc);
    if (!def)
        return rc;
    const GameRules *rules = games_find(def->rules);
    Bet bet;
    machine_default_bet(def, &bet);
    Error err;
    Machine *m = NULL;
    if ((rc = make_bet(o, def, rules, &bet)))
        goto done;
    m = machine_create(&(MachineDesc){.game = def}, &err);
    if (!m || machine_set_bet(m, &bet, &err)) {
        rc = fail("%s", err.msg);
        goto done;
    }
    uint64_t seed = o->has_seed ? o->seed : 1;
    char sbet[160];
    bet_str(def, &bet, sbet, sizeof sbet);
    printf("# slotsim catalogue --game %s --seed %" PRIu64 " --rounds %" PRIu64 " --bet %s%s%s\n",
           def->id, seed, o->rounds, sbet, o->strategy != STRATEGY_AUTO ? " --strategy " : "",
           o->strategy != STRATEGY_AUTO ? strategy_name(o->strategy) : "");
    /* the columns the game has: its features' awards, and the jackpot's when it has one */
    printf("# round seed win");
    for (int f = 0; f < FEATURE__COUNT; f++)
        if (rules->features_used >> f & 1u)
            printf(" %s_awards", event_feature_name(def, (Feature)f));
    printf("%s\n", rules->pool_value ? " jackpots pool_after" : "");
    for (uint64_t i = 0; i < o->rounds; i++) {
        machine_command(m, &(Command){.type = CMD_SPIN, .seed = rng_round_seed(seed, i)}, NULL);
        machine_autoplay(m, o->strategy);
        const RoundSummary *s = machine_summary(m);
        printf("%" PRIu64 " %" PRIu64 " %" PRId64, i + 1, rng_round_seed(seed, i), s->total_win);
        for (int f = 0; f < FEATURE__COUNT; f++)
            if (rules->features_used >> f & 1u)
                printf(" %u", s->triggers[f]);
        if (rules->pool_value)
            printf(" %u %" PRId64, s->jackpots, machine_pool_get(m));
        printf("\n");
    }
done:
    machine_destroy(m);
    free(def);
    return rc;
}

/* slotsim cycle: cycle.c plays and reports; here its flags. */
static int cmd_cycle(const Options *o)
{
    if (only_flags(o, "--game --seed --bet --max-bet --strategy --return --cycles --cycle-games "
                      "--upper"))
        return EXIT_USAGE;
    if (!o->game || !o->has_cycles)
        return fail("cycle: --game ID and --cycles N are required");
    int rc;
    GameDef *def = load_game_new(o, o->game, &rc);
    if (!def)
        return rc;
    const GameRules *rules = games_find(def->rules);
    CycleRun run = {.def = def, .strategy = o->strategy, .percent = (int64_t)o->percent,
                    .cycle_games = (int64_t)o->cycle_games, .cycles = o->cycles,
                    .seed = o->has_seed ? o->seed : 1, .json = o->json,
                    .upper = (UpperRule)o->upper};
    machine_default_bet(def, &run.bet);
    if ((rc = make_bet(o, def, rules, &run.bet))) {
        free(def);
        return rc;
    }
    Buf b = {0};
    Error err;
    if (cycle_run(&run, &b, &err))
        rc = fail("%s", err.msg);
    else
        fputs(b.s ? b.s : "", stdout);
    buf_free(&b);
    free(def);
    return rc;
}

int main(int argc, char **argv)
{
    if (argc >= 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
                      strcmp(argv[1], "help") == 0)) {
        fputs(usage, stdout);
        return 0;
    }
    if (argc >= 2 && strcmp(argv[1], "--version") == 0) {
        printf("slotsim %s\n", SLOTCAB_VERSION);
        return 0;
    }
    int ranks;
    launched_here = simmpi_launched(&rank_here, &ranks);
    slotsim_set_rank(rank_here);
    Options o;
    int rc = parse_args(argc, argv, &o);
    if (rc)
        return rc;
    if (strcmp(o.cmd, "rtp") == 0) {
        rc = cmd_rtp(&o);
        simmpi_end();
        return rc;
    }
    if (launched_here && rank_here > 0)
        return 0; /* under mpirun only rtp is split: the others run on rank 0 alone */
    if (strcmp(o.cmd, "list") == 0)
        return cmd_list(&o);
    if (strcmp(o.cmd, "info") == 0)
        return cmd_info(&o);
    if (strcmp(o.cmd, "round") == 0)
        return cmd_round(&o);
    if (strcmp(o.cmd, "catalogue") == 0)
        return cmd_catalogue(&o);
    if (strcmp(o.cmd, "cycle") == 0)
        return cmd_cycle(&o);
    if (strcmp(o.cmd, "report") == 0)
        return cmd_report(&o);
    return fail("unknown command \"%s\" (see slotsim --help)", o.cmd);
}
