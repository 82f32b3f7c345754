/* sim.c - playing a run of rounds on threads, and adding up what the rounds did.
 *
 * Each thread owns a Machine and plays a contiguous range of round indexes, starting free
 * spins itself as autoplay would. The per-round tally comes from the machine's
 * RoundSummary: the simulator never re-evaluates a screen. The one adjustment is the
 * jackpot, counted at its seed value here (what each hit contributes is independent of the
 * order of rounds) while the pool's growth is accounted for through pool_added and
 * pool_since_hit. */
#include "sim.h"

#include "machine.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

const int sim_bucket_tenths[SIM_BUCKETS] = {0, 10, 20, 50, 100, 200, 500, 1000, 2500, 5000, 10000, -1};

const int64_t sim_hist_milli[SIM_HIST_EDGES] = {
    10, 16, 25, 40, 63, 100, 158, 251, 398, 631, 1000, 1585, 2512, 3981, 6310, 10000, 15849,
    25119, 39811, 63096, 100000, 158489, 251189, 398107, 630957, 1000000, 1584893, 2511886,
    3981072, 6309573, 10000000, 15848932, 25118864, 39810717, 63095734, 100000000};

typedef struct Worker {
    SimRun *run;
    uint64_t first, count; /* its rounds; with cabinets, its first cabinet and the stride */
    SimTotals totals;
    Error err;
    int rc;
    bool threaded;
} Worker;

/* One round into the totals. `paid`: the jackpot as the round paid it (a cabinet's chain),
 * else at its seed value with the pool's growth kept apart. `max_win_x`: the game's
 * maximum win in bets, 0 for none. */
static void tally(SimTotals *t, const RoundSummary *s, bool paid, const SimRun *run, int chunk)
{
    const int64_t max_win_x = run->max_win_x;
    t->rounds++;
    t->bet += s->bet;
    t->spins[SPIN_BASE] += s->spins[SPIN_BASE];
    t->pool_added += s->pool_added;
    if (!paid && s->jackpots) { /* the pool's growth, kept apart from the seed-valued wins */
        t->pool_hit = true;
        t->pool_since_hit = 0; /* a hit pays everything added up to it, this round's too */
    } else if (!paid) {
        t->pool_since_hit += s->pool_added;
    }
    if (s->base_features) { /* a feature round */
        for (int f = 0; f < FEATURE__COUNT; f++) {
            t->feature_rounds[f] += s->base_features >> f & 1u;
            t->triggers[f] += s->triggers[f];
        }
        for (int k = SPIN_BASE + 1; k < SPIN__COUNT; k++)
            t->spins[k] += s->spins[k];
    }
    const Money jackpot = paid ? s->part[PART_JACKPOT] : s->jackpot_seed_value;
    const Money money = s->total_win - s->part[PART_JACKPOT] + jackpot;
    const Money win = money + s->win_bonuses * run->bonus_worth;
    if (run->report) {
        t->trace_bet[chunk] += s->bet;
        t->trace_win[chunk] += win > 0 ? win : 0;
        if (win > 0) { /* the first edge above the win, by bisection */
            unsigned __int128 w = (unsigned __int128)(uint64_t)win * 1000u;
            int lo = 0, hi = SIM_HIST_EDGES;
            while (lo < hi) {
                int mid = (lo + hi) / 2;
                if (w >= (unsigned __int128)(uint64_t)sim_hist_milli[mid] * (uint64_t)s->bet)
                    lo = mid + 1;
                else
                    hi = mid;
            }
            t->hist[lo]++;
        }
    }
    if (win <= 0) {
        t->buckets[0]++;
        return;
    }
    t->win += money;
    t->bonuses += s->win_bonuses;
    for (int p = 0; p < PART__COUNT; p++)
        t->part[p] += p == PART_JACKPOT ? jackpot : s->part[p];
    t->hits++;
    t->win_sq += (unsigned __int128)((uint64_t)win) * (uint64_t)win;
    if (win > t->max_win) {
        t->max_win = win;
        t->max_win_rounds = 1;
    } else if (win == t->max_win) {
        t->max_win_rounds++;
    }
    t->jackpots += s->jackpots;
    if (max_win_x && win >= max_win_x * s->bet)
        t->capped++;
    int b = 0;
    while (sim_bucket_tenths[b] >= 0 && win * 10 > (Money)sim_bucket_tenths[b] * s->bet)
        b++;
    t->buckets[b]++;
}

void sim_merge(SimTotals *a, const SimTotals *b)
{
    a->rounds += b->rounds;
    a->bet += b->bet;
    a->win += b->win;
    a->bonuses += b->bonuses;
    for (int p = 0; p < PART__COUNT; p++)
        a->part[p] += b->part[p];
    a->hits += b->hits;
    a->win_sq += b->win_sq;
    if (b->max_win > a->max_win) {
        a->max_win = b->max_win;
        a->max_win_rounds = b->max_win_rounds;
    } else if (b->max_win == a->max_win) {
        a->max_win_rounds += b->max_win_rounds;
    }
    for (int c = 0; c < SIM_TRACE; c++) {
        a->trace_bet[c] += b->trace_bet[c];
        a->trace_win[c] += b->trace_win[c];
    }
    for (int i = 0; i < SIM_HIST; i++)
        a->hist[i] += b->hist[i];
    for (int f = 0; f < FEATURE__COUNT; f++) {
        a->feature_rounds[f] += b->feature_rounds[f];
        a->triggers[f] += b->triggers[f];
    }
    for (int k = 0; k < SPIN__COUNT; k++)
        a->spins[k] += b->spins[k];
    a->jackpots += b->jackpots;
    a->capped += b->capped;
    for (int i = 0; i < SIM_BUCKETS; i++)
        a->buckets[i] += b->buckets[i];
    a->pool_added += b->pool_added;
    if (b->pool_hit) {
        a->pool_hit = true;
        a->pool_since_hit = b->pool_since_hit;
    } else {
        a->pool_since_hit += b->pool_since_hit;
    }
}

static void *work(void *arg)
{
    Worker *w = arg;
    SimRun *run = w->run;
    w->rc = -1;
    Machine *m = machine_create(&(MachineDesc){.game = run->def, .tally_only = true}, &w->err);
    if (!m)
        return NULL;
    if (machine_set_bet(m, &run->bet, &w->err)) {
        machine_destroy(m);
        return NULL;
    }
    SimTotals *t = &w->totals;
    uint64_t since_report = 0;
    int64_t fresh[CARRIED_MAX]; /* a new cabinet's carried state (a pool at its seed) */
    machine_carried(m, fresh);
    /* independent rounds: one range; cabinets: every stride-th cabinet from `first` */
    uint64_t k = run->cabinets ? w->first : 0, K = run->cabinets;
    for (; run->cabinets ? k < K : k < 1; k += run->cabinets ? w->count : 1) {
        uint64_t from = K ? (uint64_t)((unsigned __int128)run->rounds * k / K) : w->first;
        uint64_t to = K ? (uint64_t)((unsigned __int128)run->rounds * (k + 1) / K) : w->first + w->count;
        if (K)
            machine_set_carried(m, fresh, NULL); /* a new cabinet */
        int chunk = 0; /* the checkpoint chunk of round i (report) */
        while (run->report && chunk + 1 < run->ntrace && run->trace_end[chunk] <= from)
            chunk++;
        for (uint64_t i = from; i < to; i++) {
            while (run->report && i >= run->trace_end[chunk] && chunk + 1 < run->ntrace)
                chunk++;
            machine_play_round(m, rng_round_seed(run->seed, i), run->strategy, NULL);
            tally(t, machine_summary(m), K > 0, run, chunk);
            if (++since_report == 65536) {
                atomic_fetch_add(&run->done, since_report);
                since_report = 0;
            }
        }
    }
    atomic_fetch_add(&run->done, since_report);
    machine_destroy(m);
    w->rc = 0;
    return NULL;
}

/* The report's checkpoints: geometric from rounds/100 (at least 1) to rounds, each after
 * the last; fewer than SIM_TRACE when there are few rounds. */
static void set_checkpoints(SimRun *run)
{
    uint64_t n = run->rounds, first = n / 100 ? n / 100 : 1, prev = 0;
    int c = 0;
    for (int k = 0; k < SIM_TRACE && prev < n; k++) {
        double at = (double)first * pow((double)n / (double)first, (double)k / (SIM_TRACE - 1));
        uint64_t end = k == SIM_TRACE - 1 ? n : (uint64_t)llround(at);
        if (end > n)
            end = n;
        if (end <= prev)
            continue;
        run->trace_end[c++] = prev = end;
    }
    run->ntrace = c;
}

void sim_stats(const SimTotals *t, const SimRun *run, SimStats *s)
{
    s->n = (double)t->rounds;
    s->bet = (double)t->bet;
    s->bonus_value = t->bonuses * run->bonus_worth;
    Money all = t->win + s->bonus_value;
    s->rtp = 100.0 * (double)all / s->bet;
    s->rtp_money = 100.0 * (double)t->win / s->bet;
    s->rtp_bonuses = 100.0 * (double)s->bonus_value / s->bet;
    double mean = (double)all / s->n, per_round_bet = s->bet / s->n;
    double var = (double)t->win_sq / s->n - mean * mean;
    s->sd = sqrt(var > 0 ? var : 0) / per_round_bet; /* per round, in bets */
    s->ci95 = 1.96 * s->sd / sqrt(s->n) * 100.0;
    s->hit = 100.0 * (double)t->hits / s->n;
    s->max_win_x = (double)t->max_win / per_round_bet;
}

uint64_t sim_default_cabinets(const GameRules *rules, uint64_t rounds)
{
    if (!rules->carried || rules->pool_value)
        return 0;
    uint64_t k = rounds / SIM_CABINET_ROUNDS;
    return k < 1 ? 1 : k > SIM_CABINETS_MAX ? SIM_CABINETS_MAX : k;
}

int sim_run(SimRun *run, SimTotals *out, Error *err)
{
    memset(out, 0, sizeof *out);
    if (run->report)
        set_checkpoints(run);
    int nt = run->threads < 1 ? 1 : run->threads;
    Worker *w = calloc((size_t)nt, sizeof *w);
    pthread_t *tid = calloc((size_t)nt, sizeof *tid);
    if (!w || !tid) {
        free(w);
        free(tid);
        return error_set(err, "out of memory");
    }
    /* this process's share of the run: a contiguous range of rounds, or every shares-th
     * cabinet from `share` */
    uint64_t shares = run->shares ? run->shares : 1, share = run->share;
    uint64_t first = (uint64_t)((unsigned __int128)run->rounds * share / shares);
    uint64_t mine = (uint64_t)((unsigned __int128)run->rounds * (share + 1) / shares) - first;
    uint64_t per = mine / (uint64_t)nt, extra = mine % (uint64_t)nt;
    for (int i = 0; i < nt; i++) {
        w[i].run = run;
        if (run->cabinets) { /* cabinets share + shares i, then every shares nt-th */
            w[i].first = share + shares * (uint64_t)i;
            w[i].count = shares * (uint64_t)nt;
            continue;
        }
        w[i].first = first;
        w[i].count = per + ((uint64_t)i < extra);
        first += w[i].count;
    }
    for (int i = 0; i < nt; i++)
        w[i].threaded = nt > 1 && pthread_create(&tid[i], NULL, work, &w[i]) == 0;
    for (int i = 0; i < nt; i++)
        if (!w[i].threaded)
            work(&w[i]); /* one thread, or a thread that could not start: play it here */
    for (int i = 0; i < nt; i++)
        if (w[i].threaded)
            pthread_join(tid[i], NULL);
    int rc = 0;
    for (int i = 0; i < nt; i++) {
        if (w[i].rc) {
            rc = error_set(err, "%s", w[i].err.msg);
            break;
        }
        sim_merge(out, &w[i].totals);
    }
    free(w);
    free(tid);
    return rc;
}
