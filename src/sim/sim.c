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

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

const int sim_bucket_tenths[SIM_BUCKETS] = {0, 10, 20, 50, 100, 200, 500, 1000, 2500, 5000, 10000, -1};

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
static void tally(SimTotals *t, const RoundSummary *s, bool paid, const SimRun *run)
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
    if (win > t->max_win)
        t->max_win = win;
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
    if (b->max_win > a->max_win)
        a->max_win = b->max_win;
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
        for (uint64_t i = from; i < to; i++) {
            machine_play_round(m, rng_round_seed(run->seed, i), run->strategy, NULL);
            tally(t, machine_summary(m), K > 0, run);
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

int sim_run(SimRun *run, SimTotals *out, Error *err)
{
    memset(out, 0, sizeof *out);
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
