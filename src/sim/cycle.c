/* cycle.c - slotsim cycle: plays a programmed-return game as one cabinet, cycle after cycle
 * of cycle_games games, round i with seed rng_round_seed(seed, i) carrying the game's state
 * from round to round, and reports each cycle's return (money won plus Bonuses at their
 * worth, the features.bonus_worth of the game file, over money bet plus the Bonuses bet at
 * the same worth), their mean, minimum and maximum, and how often each prize, hold, advance
 * count, ladder step, cauldron and Extra Spin came (counted from the rounds' events).
 *
 * A two-game machine (Gnomos Mix: bet option "game", 1 lower, 2 upper) is played by a stated
 * rule (CycleRun.upper): the player's Bonuses are a wallet that starts empty, gains what the
 * rounds win and pays the upper bets; with UPPER_WHEN_COVERED every round whose Bonuses cover
 * the upper plate of the bet is an upper round. The report then adds each game's rounds,
 * its share of the return, each minigame's frequency and mean prize, and Double or Bonuses'
 * fractions. */
#include "cycle.h"

#include "games/gnomos_mix_events.h"
#include "jsonout.h"
#include "machine.h"
#include "rng.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { RUNGS = 9, STEPS = 16, ADV = 5, MINIGAMES = 8 };

typedef struct Counts {
    uint64_t prize[RUNGS + 1]; /* line prizes by rung; [RUNGS]: Bonus figures */
    uint64_t holds, advances[ADV], steps_up[STEPS], steps_down[STEPS], cauldrons, extra;
    /* the upper game: line wins, minigames begun and what they paid (Bonuses at their
     * worth), Double or Bonuses' fractions offered, doubled, turned into Bonuses */
    uint64_t upper_lines, minigames[MINIGAMES], fractions, doubled, to_bonuses;
    double minigame_paid[MINIGAMES];
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

/* An upper round's events. */
static void count_upper(const Event *ev, int n, Counts *c, Money worth)
{
    for (int i = 0; i < n; i++) {
        const Event *e = &ev[i];
        const EventMinigame *mg = gnomos_minigame(e);
        unsigned g = mg && mg->game < MINIGAMES ? mg->game : 0;
        if (e->type == EVENT_WIN)
            c->upper_lines++;
        else if (mg && !mg->stage)
            c->minigames[g]++;
        else if (mg)
            c->minigame_paid[g] += (double)(mg->amount + mg->bonuses * worth);
        else if (e->type == EVENT_PRIZE && e->prize.fraction)
            c->fractions++;
        else if (e->type == EVENT_RISK)
            *(e->risk.won ? &c->doubled : &c->to_bonuses) += 1;
    }
}

static void count(const Event *ev, int n, Counts *c, Money any_diamonds)
{
    for (int i = 0; i < n; i++) {
        const Event *e = &ev[i];
        const EventAdvance *adv = gnomos_advance(e);
        if (adv) {
            if (adv->reel == EVENT_OFF && adv->left < ADV)
                c->advances[adv->left]++;
            continue;
        }
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

static const char *const minigame_names[] = {"", "strawberry", "three_choices",
                                             "find_the_prizes", "discover_the_treasure"};
enum { NAMED_MINIGAMES = 5 };

/* The share of the whole return, in percentage points, that came through a game. */
static double share(const Money *paid_of, const Money *bet_of, int g)
{
    Money bet = bet_of[0] + bet_of[1];
    return bet ? 100.0 * (double)paid_of[g] / (double)bet : 0;
}

static double mean_of(double total, uint64_t n) { return n ? total / (double)n : 0; }

/* A run's state and results: the two-game player, what each game took and paid, and each
 * cycle's return. */
typedef struct Cycles {
    Counts c;
    Money worth, any; /* a Bonus's worth in money; the Any Diamonds prize */
    int64_t percent, games, floor; /* the return, the games of a cycle, the legal floor */
    const char *floor_source;
    /* the two-game player: which bet option says the game, and the upper plate's Bonuses */
    int game_opt, upper_opt;
    bool two;
    Bet bets[2];
    int64_t held, games_of[2];
    Money paid_of[2], bet_of[2];
    uint64_t round, below_floor, outside;
    double *ret, sum, lo, hi, mean, secs;
} Cycles;

static void upper_json(cJSON *j, const CycleRun *run, const Cycles *t)
{
    const Counts *c = &t->c;
    cJSON *u = jsonout_add(j, "two_games", cJSON_CreateObject());
    jsonout_add(u, "upper_rule", jsonout_string(run->upper ? "when-covered" : "never"));
    jsonout_add(u, "games_lower", jsonout_int(t->games_of[0]));
    jsonout_add(u, "games_upper", jsonout_int(t->games_of[1]));
    jsonout_add(u, "bet_lower", jsonout_int(t->bet_of[0]));
    jsonout_add(u, "bet_upper", jsonout_int(t->bet_of[1]));
    jsonout_add(u, "return_through_lower", jsonout_fixed(share(t->paid_of, t->bet_of, 0), 4));
    jsonout_add(u, "return_through_upper", jsonout_fixed(share(t->paid_of, t->bet_of, 1), 4));
    jsonout_add(u, "bonuses_held_at_end", jsonout_int(t->held));
    jsonout_add(u, "upper_line_wins", jsonout_u64(c->upper_lines));
    cJSON *mg = jsonout_add(u, "minigames", cJSON_CreateObject());
    for (int g = 1; g < NAMED_MINIGAMES; g++) {
        cJSON *o = jsonout_add(mg, minigame_names[g], cJSON_CreateObject());
        jsonout_add(o, "count", jsonout_u64(c->minigames[g]));
        jsonout_add(o, "per_1000_upper_games",
                    jsonout_fixed(t->games_of[1] ? 1000.0 * (double)c->minigames[g] / (double)t->games_of[1] : 0, 3));
        jsonout_add(o, "mean_prize", jsonout_fixed(mean_of(c->minigame_paid[g], c->minigames[g]), 1));
    }
    cJSON *d = jsonout_add(u, "double_or_bonuses", cJSON_CreateObject());
    jsonout_add(d, "fractions", jsonout_u64(c->fractions));
    jsonout_add(d, "doubled", jsonout_u64(c->doubled));
    jsonout_add(d, "to_bonuses", jsonout_u64(c->to_bonuses));
}

static void upper_text(Buf *out, const CycleRun *run, const Cycles *t)
{
    const Counts *c = &t->c;
    buf_printf(out, "games             lower %" PRId64 "  upper %" PRId64 " (--upper %s); Bonuses "
                    "held at the end %" PRId64 "\n", t->games_of[0], t->games_of[1],
               run->upper ? "when-covered" : "never", t->held);
    buf_printf(out, "return through    lower %.4f pp  upper %.4f pp\n", share(t->paid_of, t->bet_of, 0),
               share(t->paid_of, t->bet_of, 1));
    buf_printf(out, "upper line wins   %" PRIu64 "\nminigames         ", c->upper_lines);
    for (int g = 1; g < NAMED_MINIGAMES; g++)
        buf_printf(out, " %s %" PRIu64 " (mean %.2f)", minigame_names[g], c->minigames[g],
                   mean_of(c->minigame_paid[g], c->minigames[g]) / 100.0);
    buf_printf(out, "\ndouble or bonuses  fractions %" PRIu64 ", doubled %" PRIu64
                    ", to Bonuses %" PRIu64 "\n", c->fractions, c->doubled, c->to_bonuses);
}

/* The run's settings applied to the game (CycleRun.percent, .cycle_games) and read back,
 * with the bets of the two games; -1 (err set) when the game has no programmed return. */
static int cycles_setup(CycleRun *run, Cycles *t, Error *err)
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
    t->percent = gamedef_param(def, "return_percent")->v[0];
    t->games = gamedef_param(def, "cycle_games")->v[0];
    t->worth = worth_p->v[0];
    return 0;
}

/* What the run's cabinet needs beyond the game: the Any Diamonds prize, the two games'
 * bets, the legal floor. */
static void cycles_start(const CycleRun *run, Cycles *t)
{
    const GameDef *def = run->def;
    t->any = run->bet.v[0] * gamedef_param(def, "any_diamonds_x_bet")->v[0];
    t->game_opt = gamedef_bet_index(def, "game");
    t->upper_opt = gamedef_bet_index(def, "upper");
    t->two = run->upper == UPPER_WHEN_COVERED && t->game_opt >= 0 && t->upper_opt >= 0;
    t->bets[0] = t->bets[1] = run->bet;
    if (t->game_opt >= 0) {
        t->bets[0].v[t->game_opt] = 1;
        t->bets[1].v[t->game_opt] = 2;
    }
    t->lo = 1e300;
    t->hi = -1e300;
}

/* One cycle of t->games rounds on m, its return (percent) into *ret: 0, or -1 (err set). */
static int play_cycle(const CycleRun *run, Machine *m, Cycles *t, int *playing, double *ret,
                      Error *err)
{
    Money bet = 0, paid = 0;
    for (int64_t i = 0; i < t->games; i++, t->round++) {
        int want = t->two && t->held >= t->bets[1].v[t->upper_opt];
        if (t->game_opt >= 0 && want != *playing &&
            (machine_set_bet(m, &t->bets[want], err) || machine_set_bonuses(m, t->held, err)))
            return -1;
        *playing = t->game_opt >= 0 ? want : 0;
        if ((t->two && machine_set_bonuses(m, t->held, err)) ||
            machine_play_round(m, rng_round_seed(run->seed, t->round), run->strategy, err))
            return -1;
        const RoundSummary *s = machine_summary(m);
        Money b = s->bet + s->bet_bonuses * t->worth, p = s->total_win + s->win_bonuses * t->worth;
        bet += b;
        paid += p;
        t->held += s->win_bonuses - s->bet_bonuses;
        t->games_of[*playing]++;
        t->bet_of[*playing] += b;
        t->paid_of[*playing] += p;
        t->c.extra += s->spins[SPIN_EXTRA];
        int n;
        const Event *ev = machine_events(m, &n);
        if (*playing)
            count_upper(ev, n, &t->c, t->worth);
        else
            count(ev, n, &t->c, t->any);
    }
    *ret = 100.0 * (double)paid / (double)bet;
    return 0;
}

/* All the run's cycles, into t->ret (and run->returns), with their mean, minimum, maximum,
 * how many fell below the legal floor or outside 3 pp of the setting, and the time taken. */
static int play_cycles(CycleRun *run, Machine *m, Cycles *t, Error *err)
{
    int playing = -1;
    clock_t t0 = clock();
    const char *floor_source; /* not &t->floor_source: t stays out of the calls' reach */
    t->floor = games_setting_floor(run->def, "return_percent", &floor_source);
    t->floor_source = floor_source;
    for (uint64_t k = 0; k < run->cycles; k++) {
        if (play_cycle(run, m, t, &playing, &t->ret[k], err))
            return -1;
        if (run->returns)
            run->returns[k] = t->ret[k];
        t->sum += t->ret[k];
        t->lo = t->ret[k] < t->lo ? t->ret[k] : t->lo;
        t->hi = t->ret[k] > t->hi ? t->ret[k] : t->hi;
        t->below_floor += t->ret[k] < (double)t->floor;
    }
    t->secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
    t->mean = t->sum / (double)run->cycles;
    for (uint64_t k = 0; k < run->cycles; k++)
        t->outside += t->ret[k] < (double)t->percent - 3.0 || t->ret[k] > (double)t->percent + 3.0;
    return 0;
}

static void cycles_json(const CycleRun *run, const Cycles *t, Buf *out)
{
    const GameDef *def = run->def;
    const Counts *c = &t->c;
    cJSON *j = cJSON_CreateObject();
    jsonout_add(j, "game", jsonout_string(def->id));
    jsonout_add(j, "strategy", jsonout_string(strategy_name(run->strategy)));
    jsonout_add(j, "bet", jsonout_int(run->bet.v[0]));
    jsonout_add(j, "return_percent", jsonout_int(t->percent));
    jsonout_add(j, "cycle_games", jsonout_int(t->games));
    jsonout_add(j, "cycles", jsonout_u64(run->cycles));
    jsonout_add(j, "seed", jsonout_u64(run->seed));
    jsonout_add(j, "mean", jsonout_fixed(t->mean, 4));
    jsonout_add(j, "min", jsonout_fixed(t->lo, 4));
    jsonout_add(j, "max", jsonout_fixed(t->hi, 4));
    jsonout_add(j, "cycles_outside_3pp", jsonout_u64(t->outside));
    if (t->floor) {
        jsonout_add(j, "legal_floor_percent", jsonout_int(t->floor));
        jsonout_add(j, "legal_floor_source", jsonout_string(t->floor_source));
        jsonout_add(j, "cycles_below_legal_floor", jsonout_u64(t->below_floor));
    }
    cJSON *r = jsonout_add(j, "returns", cJSON_CreateArray());
    for (uint64_t k = 0; k < run->cycles && k < 100000; k++)
        jsonout_add(r, NULL, jsonout_fixed(t->ret[k], 4));
    cJSON *p = jsonout_add(j, "prizes", cJSON_CreateObject());
    for (int i = 0; i <= RUNGS; i++)
        jsonout_add(p, i == 0 ? "ANY_DIAMONDS" : i == RUNGS ? "BONUS" : def->symbols[i - 1].id,
                    jsonout_u64(c->prize[i]));
    jsonout_add(j, "holds", jsonout_u64(c->holds));
    cJSON *a = jsonout_add(j, "advances", cJSON_CreateArray());
    for (int i = 1; i < ADV; i++)
        jsonout_add(a, NULL, jsonout_u64(c->advances[i]));
    cJSON *up = jsonout_add(j, "ladder_up", cJSON_CreateArray());
    cJSON *dn = jsonout_add(j, "ladder_down", cJSON_CreateArray());
    for (int i = 1; i < STEPS; i++) {
        jsonout_add(up, NULL, jsonout_u64(c->steps_up[i]));
        jsonout_add(dn, NULL, jsonout_u64(c->steps_down[i]));
    }
    jsonout_add(j, "cauldrons", jsonout_u64(c->cauldrons));
    jsonout_add(j, "extra_spins", jsonout_u64(c->extra));
    if (t->game_opt >= 0)
        upper_json(j, run, t);
    jsonout_add(j, "seconds", jsonout_fixed(t->secs, 3));
    jsonout_add(j, "games_per_second", jsonout_fixed((double)t->round / t->secs, 0));
    jsonout_print(j, out);
    buf_puts(out, "\n");
}

static void cycles_text(const CycleRun *run, const Cycles *t, Buf *out)
{
    const GameDef *def = run->def;
    const Counts *c = &t->c;
    buf_printf(out, "%s, bet %" PRId64 ", strategy %s, return %" PRId64 "%%, %" PRIu64
                    " cycles of %" PRId64 " games (seed %" PRIu64 ", %.1f s, %.2f M games/s)\n",
               def->name, run->bet.v[0], strategy_name(run->strategy), t->percent, run->cycles,
               t->games, run->seed, t->secs, (double)t->round / t->secs / 1e6);
    buf_printf(out, "return per cycle  mean %.4f%%  min %.4f%%  max %.4f%%\n", t->mean, t->lo, t->hi);
    buf_printf(out, "cycles outside +/-3 pp  %" PRIu64, t->outside);
    if (t->floor)
        buf_printf(out, "; below the legal floor of %" PRId64 "%%  %" PRIu64, t->floor, t->below_floor);
    buf_puts(out, "\n");
    if (t->floor && t->percent < t->floor)
        buf_printf(out, "note: the setting, %" PRId64 "%%, is below the legal floor of %" PRId64
                        "%% (%s)\n", t->percent, t->floor, t->floor_source);
    buf_puts(out, "prizes           ");
    for (int i = 0; i <= RUNGS; i++)
        buf_printf(out, " %s %" PRIu64, i == 0 ? "ANY_DIAMONDS" : i == RUNGS ? "BONUS" : def->symbols[i - 1].id,
                   c->prize[i]);
    buf_printf(out, "\nholds             %" PRIu64 "\nadvances given    ", c->holds);
    for (int i = 1; i < ADV; i++)
        buf_printf(out, " %d: %" PRIu64, i, c->advances[i]);
    buf_puts(out, "\nladder steps up  ");
    for (int i = 1; i < 10; i++)
        buf_printf(out, " %" PRIu64, c->steps_up[i]);
    buf_puts(out, "\nladder steps down");
    for (int i = 1; i < 10; i++)
        buf_printf(out, " %" PRIu64, c->steps_down[i]);
    buf_printf(out, "\ncauldrons         %" PRIu64 "\nextra spins       %" PRIu64 "\n", c->cauldrons,
               c->extra);
    if (t->game_opt >= 0)
        upper_text(out, run, t);
}

int cycle_run(CycleRun *run, Buf *out, Error *err)
{
    Cycles t = {0};
    if (cycles_setup(run, &t, err))
        return -1;
    Machine *m = machine_create(&(MachineDesc){.game = run->def}, err);
    if (!m)
        return -1;
    if (machine_set_bet(m, &run->bet, err)) {
        machine_destroy(m);
        return -1;
    }
    t.ret = malloc(run->cycles * sizeof *t.ret);
    if (!t.ret) {
        machine_destroy(m);
        return error_set(err, "out of memory");
    }
    cycles_start(run, &t);
    int rc = play_cycles(run, m, &t, err);
    if (!rc && run->json)
        cycles_json(run, &t, out);
    else if (!rc)
        cycles_text(run, &t, out);
    free(t.ret);
    machine_destroy(m);
    return rc;
}
