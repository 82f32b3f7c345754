/* cycle.c - slotsim cycle: plays a programmed-return game as one cabinet, cycle after cycle
 * of cycle_games games, round i with seed rng_round_seed(seed, i) carrying the game's state
 * from round to round, and reports each cycle's return (money won plus Bonuses at their
 * worth, the features.bonus_worth of the game file, over money bet), their mean, minimum and
 * maximum, and how often each prize, hold, advance count, ladder step, cauldron and Extra
 * Spin came (counted from the rounds' events). */
#include "cycle.h"

#include "jsonout.h"
#include "machine.h"
#include "rng.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { RUNGS = 9, STEPS = 16, ADV = 5 };

typedef struct Counts {
    uint64_t prize[RUNGS + 1]; /* line prizes by rung; [RUNGS]: Bonus figures */
    uint64_t holds, advances[ADV], steps_up[STEPS], steps_down[STEPS], cauldrons, extra;
} Counts;

static void set_param(GameDef *def, const char *key, int64_t v)
{
    for (int i = 0; i < def->nparams; i++)
        if (!strcmp(def->params[i].key, key))
            def->params[i].v[0] = v;
}

static int rung_of(const EventWin *w)
{
    if (w->bonuses)
        return RUNGS;
    return w->symbol + 1; /* figures in ladder order after Any Diamonds */
}

static void count(const Event *ev, int n, Counts *c, Money any_diamonds)
{
    for (int i = 0; i < n; i++) {
        const Event *e = &ev[i];
        switch (e->type) {
        case EVENT_WIN:
            if (e->win.amount == any_diamonds && !e->win.bonuses)
                c->prize[0]++;
            else if (rung_of(&e->win) <= RUNGS)
                c->prize[rung_of(&e->win)]++;
            break;
        case EVENT_HOLD:
            c->holds++;
            break;
        case EVENT_ADVANCE:
            if (e->advance.reel == 0xff && e->advance.left < ADV)
                c->advances[e->advance.left]++;
            break;
        case EVENT_RISK:
            if (e->risk.step < STEPS)
                (e->risk.won ? c->steps_up : c->steps_down)[e->risk.step]++;
            break;
        case EVENT_PICK: /* offered, then chosen: counted once */
            c->cauldrons += e->pick.choice != EVENT_OFF;
            break;
        default:
            break;
        }
    }
}

int cycle_run(CycleRun *run, Buf *out, Error *err)
{
    GameDef *def = run->def;
    const GameParam *worth_p = gamedef_param(def, "bonus_worth");
    if (!gamedef_param(def, "return_percent") || !gamedef_param(def, "cycle_games") || !worth_p)
        return error_set(err, "%s is not a programmed-return game (no return_percent, cycle_games "
                         "and bonus_worth)", def->id);
    if (run->percent)
        set_param(def, "return_percent", run->percent);
    if (run->cycle_games)
        set_param(def, "cycle_games", run->cycle_games);
    int64_t percent = gamedef_param(def, "return_percent")->v[0];
    int64_t games = gamedef_param(def, "cycle_games")->v[0];
    Money worth = worth_p->v[0];
    Machine *m = machine_create(&(MachineDesc){.game = def}, err);
    if (!m)
        return -1;
    if (machine_set_bet(m, &run->bet, err)) {
        machine_destroy(m);
        return -1;
    }
    double *ret = malloc(run->cycles * sizeof *ret);
    if (!ret) {
        machine_destroy(m);
        return error_set(err, "out of memory");
    }
    Counts c = {0};
    Money any = run->bet.v[0] * gamedef_param(def, "any_diamonds_x_bet")->v[0];
    clock_t t0 = clock();
    uint64_t round = 0;
    double sum = 0, lo = 1e300, hi = -1e300;
    uint64_t below_law = 0;
    for (uint64_t k = 0; k < run->cycles; k++) {
        Money bet = 0, paid = 0;
        for (int64_t i = 0; i < games; i++, round++) {
            if (machine_play_round(m, rng_round_seed(run->seed, round), run->strategy, err)) {
                free(ret);
                machine_destroy(m);
                return -1;
            }
            const RoundSummary *s = machine_summary(m);
            bet += s->bet;
            paid += s->total_win + s->win_bonuses * worth;
            c.extra += s->spins[SPIN_EXTRA];
            int n;
            const Event *ev = machine_events(m, &n);
            count(ev, n, &c, any);
        }
        ret[k] = 100.0 * (double)paid / (double)bet;
        sum += ret[k];
        lo = ret[k] < lo ? ret[k] : lo;
        hi = ret[k] > hi ? ret[k] : hi;
        below_law += ret[k] < 75.0;
    }
    double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
    double mean = sum / (double)run->cycles;
    uint64_t outside = 0;
    for (uint64_t k = 0; k < run->cycles; k++)
        outside += ret[k] < (double)percent - 3.0 || ret[k] > (double)percent + 3.0;
    if (run->json) {
        cJSON *j = cJSON_CreateObject();
        jsonout_add(j, "game", jsonout_string(def->id));
        jsonout_add(j, "strategy", jsonout_string(strategy_name(run->strategy)));
        jsonout_add(j, "bet", jsonout_int(run->bet.v[0]));
        jsonout_add(j, "return_percent", jsonout_int(percent));
        jsonout_add(j, "cycle_games", jsonout_int(games));
        jsonout_add(j, "cycles", jsonout_u64(run->cycles));
        jsonout_add(j, "seed", jsonout_u64(run->seed));
        jsonout_add(j, "mean", jsonout_fixed(mean, 4));
        jsonout_add(j, "min", jsonout_fixed(lo, 4));
        jsonout_add(j, "max", jsonout_fixed(hi, 4));
        jsonout_add(j, "cycles_outside_3pp", jsonout_u64(outside));
        jsonout_add(j, "cycles_below_75", jsonout_u64(below_law));
        cJSON *r = jsonout_add(j, "returns", cJSON_CreateArray());
        for (uint64_t k = 0; k < run->cycles && k < 100000; k++)
            jsonout_add(r, NULL, jsonout_fixed(ret[k], 4));
        cJSON *p = jsonout_add(j, "prizes", cJSON_CreateObject());
        for (int i = 0; i <= RUNGS; i++)
            jsonout_add(p, i == 0 ? "ANY_DIAMONDS" : i == RUNGS ? "BONUS" : def->symbols[i - 1].id,
                        jsonout_u64(c.prize[i]));
        jsonout_add(j, "holds", jsonout_u64(c.holds));
        cJSON *a = jsonout_add(j, "advances", cJSON_CreateArray());
        for (int i = 1; i < ADV; i++)
            jsonout_add(a, NULL, jsonout_u64(c.advances[i]));
        cJSON *up = jsonout_add(j, "ladder_up", cJSON_CreateArray());
        cJSON *dn = jsonout_add(j, "ladder_down", cJSON_CreateArray());
        for (int i = 1; i < STEPS; i++) {
            jsonout_add(up, NULL, jsonout_u64(c.steps_up[i]));
            jsonout_add(dn, NULL, jsonout_u64(c.steps_down[i]));
        }
        jsonout_add(j, "cauldrons", jsonout_u64(c.cauldrons));
        jsonout_add(j, "extra_spins", jsonout_u64(c.extra));
        jsonout_add(j, "seconds", jsonout_fixed(secs, 3));
        jsonout_add(j, "games_per_second", jsonout_fixed((double)round / secs, 0));
        jsonout_print(j, out);
        buf_puts(out, "\n");
    } else {
        buf_printf(out, "%s, bet %" PRId64 ", strategy %s, return %" PRId64 "%%, %" PRIu64
                        " cycles of %" PRId64 " games (seed %" PRIu64 ", %.1f s, %.2f M games/s)\n",
                   def->name, run->bet.v[0], strategy_name(run->strategy), percent, run->cycles,
                   games, run->seed, secs, (double)round / secs / 1e6);
        buf_printf(out, "return per cycle  mean %.4f%%  min %.4f%%  max %.4f%%\n", mean, lo, hi);
        buf_printf(out, "cycles outside +/-3 pp  %" PRIu64 "; below 75%%  %" PRIu64 "\n", outside,
                   below_law);
        buf_puts(out, "prizes           ");
        for (int i = 0; i <= RUNGS; i++)
            buf_printf(out, " %s %" PRIu64, i == 0 ? "ANY_DIAMONDS" : i == RUNGS ? "BONUS" : def->symbols[i - 1].id,
                       c.prize[i]);
        buf_printf(out, "\nholds             %" PRIu64 "\nadvances given    ", c.holds);
        for (int i = 1; i < ADV; i++)
            buf_printf(out, " %d: %" PRIu64, i, c.advances[i]);
        buf_puts(out, "\nladder steps up  ");
        for (int i = 1; i < 10; i++)
            buf_printf(out, " %" PRIu64, c.steps_up[i]);
        buf_puts(out, "\nladder steps down");
        for (int i = 1; i < 10; i++)
            buf_printf(out, " %" PRIu64, c.steps_down[i]);
        buf_printf(out, "\ncauldrons         %" PRIu64 "\nextra spins       %" PRIu64 "\n", c.cauldrons,
                   c.extra);
    }
    free(ret);
    machine_destroy(m);
    return 0;
}
