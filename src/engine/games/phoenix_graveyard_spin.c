/* phoenix_graveyard_spin.c - one spin of Phoenix Graveyard: the moves before it, the reels,
 * Sudden Death, the ways wins over tombstones and wild multipliers, the Grim Reapers'
 * attacks and walks after it (rules: shared/rules/phoenix-graveyard.txt; the decisions
 * where they leave a number open are in games/phoenix-graveyard/README.md).
 *
 * A position is worth `tomb` ways (1, or a tombstone's 2..10); a wild on it is worth
 * tomb * its multiplier wilds. A symbol's ways over its run of reels from the left are the
 * product of the reels' sums of what its own and the wild positions are worth. The ways made
 * of wilds alone (the wild run from reel 1, when it spans 3 reels or more) are taken out of
 * every symbol's count and paid once, as the symbol paying most at that length: so every
 * way is paid once, at one symbol. */
#include "phoenix_graveyard.h"
#include "phoenix_graveyard_events.h"

#include <string.h>

__extension__ typedef unsigned __int128 PgWide;

uint32_t pg_draw_weighted(Rng *rng, const uint32_t *w, int n, uint32_t total)
{
    uint32_t x = rng_below(rng, total);
    int k = 0;
    while (k < n - 1 && x >= w[k]) {
        x -= w[k];
        k++;
    }
    return (uint32_t)k;
}

static RtpPart part_of(const Phoenix *p, SpinKind kind)
{
    if (p->free_game)
        return PART_FREE;
    return kind == SPIN_BASE ? PART_BASE : PG_PART_RESPINS;
}

Money pg_add_win(Phoenix *p, Machine *m, Money amount, RtpPart part)
{
    RoundSummary *sum = machine_round(m);
    const Money cap = p->max_win_x * sum->bet;
    if (p->capped) { /* past the cap: nothing more is paid (the cap event says how much) */
        p->cap_cut += amount;
        return 0;
    }
    if (amount >= cap - sum->total_win) {
        p->cap_cut = amount - (cap - sum->total_win);
        amount = cap - sum->total_win;
        p->capped = true;
    }
    sum->total_win += amount;
    sum->part[part] += amount;
    if (p->free_game)
        p->feature_win += amount;
    return amount;
}

/* Cuts position (r, c) into `add` more ways (at most PG_MAX_WAYS), and tells it: the
 * cause, and the attacker's position (EVENT_OFF for a random strike). */
static void pg_cut(Phoenix *p, Machine *m, int r, int c, uint32_t add, SliceCause cause,
                   uint8_t from_row, uint8_t from_reel)
{
    const int before = p->tomb[r][c];
    const int ways = before + (int)add > PG_MAX_WAYS ? PG_MAX_WAYS : before + (int)add;
    p->tomb[r][c] = (uint8_t)ways;
    EventSlice *e = phoenix_slice_mut(machine_emit(m, PHOENIX_EVENT_SLICE));
    e->spin_index = (uint16_t)p->spin_index;
    e->row = (uint8_t)r;
    e->reel = (uint8_t)c;
    e->symbol = p->screen.cell[r][c];
    e->cause = (uint8_t)cause;
    e->added = (uint8_t)(ways - before);
    e->ways = (uint8_t)ways;
    e->from_row = from_row;
    e->from_reel = from_reel;
}

/* ---- who stands where ------------------------------------------------------------------ */

static CellMask wild_cells(const PgWild *w, int n)
{
    CellMask m = 0;
    for (int i = 0; i < n; i++)
        m |= grid_bit(w[i].r, w[i].c);
    return m;
}

/* Cells holding a sticky symbol: the reapers, phoenixes, feathers and sticky Bonus. */
static CellMask sticky_cells(const Phoenix *p)
{
    return wild_cells(p->reapers, p->nreapers) | wild_cells(p->phoenixes, p->nphoenixes) |
           p->feathers | p->bonus_sticky;
}

static uint32_t mul_cap(const Phoenix *p, uint32_t a, uint32_t b)
{
    const uint64_t v = (uint64_t)a * b;
    return v > p->mult_max ? p->mult_max : (uint32_t)v;
}

/* A wild takes its position's ways as multiplier, once (before its first walk or jump). */
static void take_tomb(const Phoenix *p, PgWild *w)
{
    if (!w->taken) {
        w->mult = mul_cap(p, w->mult, p->tomb[w->r][w->c]);
        w->taken = 1;
    }
}

static CellMask cells_all(void)
{
    CellMask m = 0;
    for (int r = 0; r < PG_ROWS; r++)
        for (int c = 0; c < PG_REELS; c++)
            m |= grid_bit(r, c);
    return m;
}

/* The i-th set cell of `free` in reading order (row by row). */
static void nth_cell(CellMask free, uint32_t i, int *r, int *c)
{
    for (int k = 0; k < PG_CELLS; k++) {
        const int rr = k / PG_REELS, cc = k % PG_REELS;
        if (free & grid_bit(rr, cc)) {
            if (i-- == 0) {
                *r = rr;
                *c = cc;
                return;
            }
        }
    }
    *r = *c = EVENT_OFF;
}

/* A phoenix's jump target: uniform among `free`, or the scenario's cell when it is free. */
static bool jump_target(Phoenix *p, Machine *m, CellMask free, int *r, int *c)
{
    const int n = __builtin_popcount(free);
    if (!n)
        return false;
    nth_cell(free, rng_below(machine_rng(m), (uint32_t)n), r, c);
    int64_t forced;
    if (machine_take_draw(m, PG_DRAW_JUMP, &forced)) {
        if (forced >= 0 && forced < PG_CELLS &&
            (free & grid_bit((int)forced / PG_REELS, (int)forced % PG_REELS))) {
            *r = (int)forced / PG_REELS;
            *c = (int)forced % PG_REELS;
        } else {
            machine_refuse_draw(m, "%lld holds a sticky symbol, but a Phoenix jumps to a "
                                "position holding none (rule 16)", (long long)forced);
        }
    }
    (void)p;
    return true;
}

static void emit_move(Phoenix *p, Machine *m, uint8_t symbol, MoveKind kind, int fr, int fc,
                      int tr, int tc, uint32_t mult)
{
    EventMove *e = phoenix_move_mut(machine_emit(m, PHOENIX_EVENT_MOVE));
    e->spin_index = (uint16_t)p->spin_index;
    e->symbol = symbol;
    e->kind = (uint8_t)kind;
    e->from_row = (uint8_t)fr;
    e->from_reel = (uint8_t)fc;
    e->to_row = (uint8_t)tr;
    e->to_reel = (uint8_t)tc;
    e->multiplier = mult;
}

/* Before a respin or free spin: every Feather turns into a Phoenix (taking its position's
 * ways as multiplier), then every Phoenix jumps (taking its position's ways first, on its
 * first jump) to a position holding no sticky symbol. */
static void before_spin(Phoenix *p, Machine *m)
{
    for (int k = 0; k < PG_CELLS; k++) {
        const int r = k / PG_REELS, c = k % PG_REELS;
        if (!(p->feathers & grid_bit(r, c)))
            continue;
        PgWild *w = &p->phoenixes[p->nphoenixes++];
        *w = (PgWild){.r = (uint8_t)r, .c = (uint8_t)c, .taken = 1, .mult = p->tomb[r][c]};
        EventTransform *e = phoenix_transform_mut(machine_emit(m, PHOENIX_EVENT_TRANSFORM));
        e->spin_index = (uint16_t)p->spin_index;
        e->row = (uint8_t)r;
        e->reel = (uint8_t)c;
        e->from = p->feather;
        e->to = p->phoenix;
        e->multiplier = w->mult;
        p->screen.cell[r][c] = p->phoenix;
    }
    p->feathers = 0;
    for (int i = 0; i < p->nphoenixes; i++) {
        PgWild *w = &p->phoenixes[i];
        take_tomb(p, w);
        const CellMask free = cells_all() & ~sticky_cells(p);
        int r, c;
        if (!jump_target(p, m, free, &r, &c))
            continue; /* nowhere to go: it stays */
        emit_move(p, m, p->phoenix, MOVE_JUMP, w->r, w->c, r, c, w->mult);
        w->r = (uint8_t)r;
        w->c = (uint8_t)c;
        p->screen.cell[r][c] = p->phoenix;
    }
}

/* ---- the reels --------------------------------------------------------------------------- */

static void draw_stops(const ReelSet *rs, Rng *rng, uint32_t at[PG_REELS])
{
    rng_below2(rng, rs->len[0], rs->len[1], &at[0], &at[1]);
    rng_below2(rng, rs->len[2], rs->len[3], &at[2], &at[3]);
    at[4] = rng_below(rng, rs->len[4]);
}

/* Sudden Death: by its chance per spin, a random position holding no sticky symbol (and
 * not at the most ways already) is cut into more ways. */
static void sudden_death(Phoenix *p, Machine *m, SpinKind kind, CellMask sticky)
{
    Rng *rng = machine_rng(m);
    CellMask open = 0;
    for (int r = 0; r < PG_ROWS; r++)
        for (int c = 0; c < PG_REELS; c++)
            if (p->tomb[r][c] < PG_MAX_WAYS && !(sticky & grid_bit(r, c)))
                open |= grid_bit(r, c);
    const bool strikes = rng_below(rng, 1000) < p->sudden_death[kind];
    int r = EVENT_OFF, c = EVENT_OFF;
    uint32_t add = 0;
    if (strikes && open) {
        nth_cell(open, rng_below(rng, (uint32_t)__builtin_popcount(open)), &r, &c);
        add = 1 + pg_draw_weighted(rng, p->death_w, PG_MAX_WEIGHTS, p->death_total);
    }
    int64_t forced;
    if (machine_take_draw(m, PG_DRAW_SUDDEN_DEATH, &forced)) {
        const int fr = (int)forced / PG_REELS, fc = (int)forced % PG_REELS;
        if (forced < PG_CELLS && (open & grid_bit(fr, fc))) {
            r = fr;
            c = fc;
            if (!add)
                add = 1 + pg_draw_weighted(rng, p->death_w, PG_MAX_WEIGHTS, p->death_total);
        } else {
            if (forced < PG_CELLS)
                machine_refuse_draw(m, "%lld holds a sticky symbol or 10 ways already, but "
                                    "Sudden Death slices a position holding no sticky symbol "
                                    "(rules 12, 23)", (long long)forced);
            r = c = EVENT_OFF; /* 15: none */
        }
    }
    if (machine_take_draw(m, PG_DRAW_SUDDEN_DEATH_WAYS, &forced)) {
        add = (uint32_t)forced;
        if (r == EVENT_OFF)
            machine_refuse_draw(m, "%lld ways, but no Sudden Death strikes in this spin (force "
                                "draws.sudden_death too)", (long long)forced);
    }
    if (r != EVENT_OFF)
        pg_cut(p, m, r, c, add, SLICE_RANDOM, EVENT_OFF, EVENT_OFF);
}

/* ---- the wins ------------------------------------------------------------------------------ */

static int64_t coins_of(int32_t pay, uint64_t ways)
{
    const PgWide v = (PgWide)(uint64_t)pay * ways;
    return v > (PgWide)INT64_MAX ? INT64_MAX : (int64_t)v;
}

/* coins in minor units (the game file makes it exact), at most INT64_MAX */
static Money money_of(const Phoenix *p, Machine *m, int64_t coins)
{
    const PgWide v = (PgWide)(uint64_t)coins * (uint64_t)machine_bet(m)->v[p->bi_bet] /
                     (uint64_t)p->bet_coins;
    return v > (PgWide)INT64_MAX ? INT64_MAX : (Money)v;
}

static void emit_win(Phoenix *p, Machine *m, SpinKind kind, int sym, int count, uint64_t ways,
                     int wilds, int64_t coins, CellMask cells)
{
    const bool capped = p->capped;
    const Money amount = pg_add_win(p, m, money_of(p, m, coins), part_of(p, kind));
    if (capped)
        return; /* a combination after the cap was reached pays nothing: no win to show */
    EventWin *e = &machine_emit(m, EVENT_WIN)->win;
    e->kind = WIN_WAYS;
    e->spin = kind;
    e->spin_index = (uint16_t)p->spin_index;
    e->symbol = (uint8_t)sym;
    e->count = (uint8_t)count;
    e->ways = ways;
    e->wilds = (uint8_t)wilds;
    e->multiplier = 1;
    e->coins = coins;
    e->amount = amount;
    e->cells = cells;
}

static uint64_t sat64(PgWide v) { return v > (PgWide)UINT64_MAX ? UINT64_MAX : (uint64_t)v; }

/* Pays the screen: units[r][c] is what each position is worth (tomb, times the multiplier
 * of a wild); `wild` the cells holding a wild. */
static void pay_ways(Phoenix *p, Machine *m, SpinKind kind, const Grid *g,
                     const uint32_t units[PG_ROWS][PG_REELS], CellMask wild)
{
    uint32_t w[PG_REELS] = {0}, n[PG_PAYING][PG_REELS];
    memset(n, 0, sizeof n);
    for (int c = 0; c < PG_REELS; c++)
        for (int r = 0; r < PG_ROWS; r++) {
            if (wild & grid_bit(r, c)) {
                w[c] += units[r][c];
                continue;
            }
            const uint8_t s = g->cell[r][c];
            const int k = s < EVAL_MAX_SYMBOLS ? p->slot[s] : -1;
            if (k >= 0)
                n[k][c] += units[r][c];
        }
    int run = 0; /* reels from the left holding a wild */
    while (run < PG_REELS && w[run])
        run++;
    for (int k = 0; k < PG_PAYING; k++) {
        int len = 0;
        bool own = false;
        while (len < PG_REELS && n[k][len] + w[len]) {
            own |= n[k][len] != 0;
            len++;
        }
        if (len < 3 || !own || p->pay[k][len] <= 0)
            continue;
        PgWide all = 1, wilds_only = 1;
        CellMask cells = 0;
        for (int c = 0; c < len; c++) {
            all *= n[k][c] + w[c];
            wilds_only *= w[c];
            for (int r = 0; r < PG_ROWS; r++)
                if ((wild & grid_bit(r, c)) || g->cell[r][c] == p->paying[k])
                    cells |= grid_bit(r, c);
        }
        const uint64_t ways = sat64(len == run ? all - wilds_only : all);
        emit_win(p, m, kind, p->paying[k], len, ways, __builtin_popcount(cells & wild),
                 coins_of(p->pay[k][len], ways), cells);
    }
    if (run >= 3) { /* the ways of wilds alone, as the symbol paying most */
        PgWide ways = 1;
        CellMask cells = 0;
        for (int c = 0; c < run; c++) {
            ways *= w[c];
            for (int r = 0; r < PG_ROWS; r++)
                cells |= wild & grid_bit(r, c);
        }
        const int k = p->top[run];
        const uint64_t wy = sat64(ways);
        emit_win(p, m, kind, p->paying[k], run, wy, __builtin_popcount(cells),
                 coins_of(p->pay[k][run], wy), cells);
    }
}

/* ---- after the wins: attacks and walks ------------------------------------------------------ */

static int phoenix_at(const Phoenix *p, int r, int c)
{
    for (int i = 0; i < p->nphoenixes; i++)
        if (p->phoenixes[i].r == r && p->phoenixes[i].c == c)
            return i;
    return -1;
}

static void slice(Phoenix *p, Machine *m, const PgWild *rp, int r, int c)
{
    Rng *rng = machine_rng(m);
    uint32_t add = 1 + pg_draw_weighted(rng, p->slice_w, PG_MAX_WEIGHTS, p->slice_total);
    int64_t forced;
    if (machine_take_draw(m, PG_DRAW_SLICE_WAYS, &forced))
        add = (uint32_t)forced;
    pg_cut(p, m, r, c, add, SLICE_ATTACK, rp->r, rp->c);
}

static void battle(Phoenix *p, Machine *m, PgWild *rp, int i)
{
    PgWild *ph = &p->phoenixes[i];
    uint32_t outcome = pg_draw_weighted(machine_rng(m), p->battle_w, 3, p->battle_total);
    int64_t forced;
    if (machine_take_draw(m, PG_DRAW_BATTLE, &forced))
        outcome = (uint32_t)forced;
    EventBattle b = {.type = PHOENIX_EVENT_BATTLE, .spin_index = (uint16_t)p->spin_index, .row = rp->r,
                     .reel = rp->c, .target_row = ph->r, .target_reel = ph->c,
                     .outcome = (uint8_t)outcome, .to_row = EVENT_OFF, .to_reel = EVENT_OFF,
                     .left = GRID_NO_SYMBOL};
    if (outcome == BATTLE_ATTACKER_DOUBLES) {
        rp->mult = mul_cap(p, rp->mult, 2);
    } else if (outcome == BATTLE_DEFENDER_DOUBLES) {
        ph->mult = mul_cap(p, ph->mult, 2);
    } else {
        take_tomb(p, ph);
        const CellMask free = cells_all() & ~sticky_cells(p);
        int r, c;
        if (jump_target(p, m, free, &r, &c)) {
            const int fr = ph->r, fc = ph->c;
            p->feathers |= grid_bit(fr, fc);
            p->screen.cell[fr][fc] = p->feather;
            ph->r = (uint8_t)r;
            ph->c = (uint8_t)c;
            p->screen.cell[r][c] = p->phoenix;
            b.to_row = (uint8_t)r;
            b.to_reel = (uint8_t)c;
            b.left = p->feather;
        }
    }
    b.attacker_multiplier = rp->mult;
    b.defender_multiplier = ph->mult;
    *phoenix_battle_mut(machine_emit(m, PHOENIX_EVENT_BATTLE)) = b;
}

/* Every reaper, from the left reel to the right and top to bottom, attacks its four
 * neighbours: a high character is sliced, a Phoenix battles. */
static void attacks(Phoenix *p, Machine *m)
{
    static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
    for (int c = 0; c < PG_REELS; c++)
        for (int r = 0; r < PG_ROWS; r++) {
            PgWild *rp = NULL;
            for (int i = 0; i < p->nreapers; i++)
                if (p->reapers[i].r == r && p->reapers[i].c == c)
                    rp = &p->reapers[i];
            if (!rp)
                continue;
            for (int d = 0; d < 4; d++) {
                const int tr = r + dr[d], tc = c + dc[d];
                if (tr < 0 || tr >= PG_ROWS || tc < 0 || tc >= PG_REELS)
                    continue;
                const int ph = phoenix_at(p, tr, tc);
                const uint8_t s = p->screen.cell[tr][tc];
                if (ph < 0 && !(s < EVAL_MAX_SYMBOLS && (p->high >> s & 1u)))
                    continue;
                EventAttack *e = phoenix_attack_mut(machine_emit(m, PHOENIX_EVENT_ATTACK));
                e->spin_index = (uint16_t)p->spin_index;
                e->row = (uint8_t)r;
                e->reel = (uint8_t)c;
                e->target_row = (uint8_t)tr;
                e->target_reel = (uint8_t)tc;
                e->symbol = s;
                if (ph >= 0)
                    battle(p, m, rp, ph);
                else
                    slice(p, m, rp, tr, tc);
            }
        }
}

/* The sticky symbol at a cell other than a reaper (phoenix, feather, Bonus) moves to
 * (tr, tc): pushed aside by a walking reaper into the cell it left. */
static void push_aside(Phoenix *p, Machine *m, int r, int c, int tr, int tc)
{
    const CellMask from = grid_bit(r, c), to = grid_bit(tr, tc);
    const int ph = phoenix_at(p, r, c);
    uint8_t sym = GRID_NO_SYMBOL;
    uint32_t mult = 0;
    if (ph >= 0) {
        p->phoenixes[ph].r = (uint8_t)tr;
        p->phoenixes[ph].c = (uint8_t)tc;
        sym = p->phoenix;
        mult = p->phoenixes[ph].mult;
    } else if (p->feathers & from) {
        p->feathers = (p->feathers & ~from) | to;
        sym = p->feather;
        mult = 1;
    } else if (p->bonus_sticky & from) {
        p->bonus_sticky = (p->bonus_sticky & ~from) | to;
        sym = p->bonus;
    }
    if (sym == GRID_NO_SYMBOL)
        return;
    p->screen.cell[tr][tc] = sym;
    emit_move(p, m, sym, MOVE_PUSH, r, c, tr, tc, mult);
}

/* After the attacks: every reaper takes its position's ways as multiplier (before its
 * first walk) and walks one reel left, from the leftmost reaper on; one on reel 1 walks
 * out, and may appear again on reel 5 by its chance, keeping its multiplier. */
static void walks(Phoenix *p, Machine *m)
{
    Rng *rng = machine_rng(m);
    int out = 0;
    PgWild gone[PG_CELLS];
    for (int c = 0; c < PG_REELS; c++)
        for (int r = 0; r < PG_ROWS; r++)
            for (int i = 0; i < p->nreapers; i++) {
                PgWild *w = &p->reapers[i];
                if (w->r != r || w->c != c)
                    continue;
                take_tomb(p, w);
                if (c == 0) {
                    emit_move(p, m, p->reaper, MOVE_LEAVE, r, c, EVENT_OFF, EVENT_OFF, w->mult);
                    gone[out++] = *w;
                    p->reapers[i] = p->reapers[--p->nreapers];
                    i--;
                    continue;
                }
                w->c = (uint8_t)(c - 1);
                emit_move(p, m, p->reaper, MOVE_WALK, r, c, r, c - 1, w->mult);
                push_aside(p, m, r, c - 1, r, c);
                p->screen.cell[r][c - 1] = p->reaper;
                break;
            }
    for (int k = 0; k < out; k++) {
        const CellMask taken = sticky_cells(p);
        CellMask free = 0;
        for (int r = 0; r < PG_ROWS; r++)
            if (!(taken & grid_bit(r, PG_REELS - 1)))
                free |= grid_bit(r, PG_REELS - 1);
        int row = PG_NO_REAPPEAR;
        if (rng_below(rng, 1000) < p->reappear && free) {
            int rr, cc;
            nth_cell(free, rng_below(rng, (uint32_t)__builtin_popcount(free)), &rr, &cc);
            row = rr;
        }
        int64_t forced;
        if (machine_take_draw(m, PG_DRAW_REAPPEAR, &forced)) {
            row = forced < PG_ROWS && (free & grid_bit((int)forced, PG_REELS - 1)) ? (int)forced
                                                                                  : PG_NO_REAPPEAR;
            if (forced < PG_ROWS && row == PG_NO_REAPPEAR)
                machine_refuse_draw(m, "%lld: row %lld of reel 5 holds a sticky symbol, where "
                                    "a reaper cannot appear", (long long)forced,
                                    (long long)forced + 1);
        }
        if (row == PG_NO_REAPPEAR)
            continue;
        PgWild *w = &p->reapers[p->nreapers++];
        *w = gone[k];
        w->r = (uint8_t)row;
        w->c = PG_REELS - 1;
        p->screen.cell[row][PG_REELS - 1] = p->reaper;
        EventSpawn *e = phoenix_spawn_mut(machine_emit(m, PHOENIX_EVENT_SPAWN));
        e->spin_index = (uint16_t)p->spin_index;
        e->symbol = p->reaper;
        e->row = (uint8_t)row;
        e->reel = PG_REELS - 1;
        e->multiplier = w->mult;
    }
}

/* ---- a spin ---------------------------------------------------------------------------------- */

/* A scenario's screen lands only what the rules let land where it is (the cells the sticky
 * symbols hold keep them): a reaper on reels 3 to 5 (rule 17), never a Feather (rule 22: a
 * Phoenix leaves it behind). A screen the strips cannot show is played and reported. */
static void check_forced(const Phoenix *p, Machine *m, const ReelSet *rs, const Grid *forced,
                         CellMask held)
{
    for (int r = 0; r < PG_ROWS; r++)
        for (int c = 0; c < PG_REELS; c++) {
            if (held & grid_bit(r, c))
                continue;
            if (forced->cell[r][c] == p->reaper && c < 2)
                machine_refuse_screen(m, r, c, "REAPER lands on reel %d, but a Grim Reaper "
                                      "appears on reels 3-5 only (rule 17)", c + 1);
            else if (forced->cell[r][c] == p->feather)
                machine_refuse_screen(m, r, c, "FEATHER lands, but a Feather Wild is only left "
                                      "behind by a Phoenix that jumps (rules 21-22)");
        }
    machine_forced_reach(m, rs, forced, held);
}

void pg_play_step(Phoenix *p, Machine *m, SpinKind kind)
{
    const int set = p->free_game ? 1 : 0;
    const ReelSet *rs = p->sets[set];
    RoundSummary *sum = machine_round(m);
    sum->spins[kind]++;
    const bool tally = machine_tally_only(m);
    if (kind != SPIN_BASE)
        before_spin(p, m);
    const int screen_event = machine_event_count(m);
    machine_emit(m, EVENT_SCREEN);
    uint32_t at[PG_REELS];
    draw_stops(rs, machine_rng(m), at);
    const Grid *forced = machine_take_forced(m);

    /* the screen: the reels (or the scenario's), under the sticky symbols */
    const CellMask held = sticky_cells(p);
    if (forced)
        check_forced(p, m, rs, forced, held);
    Grid g = {.rows = PG_ROWS, .cols = PG_REELS};
    for (int r = 0; r < PG_ROWS; r++)
        for (int c = 0; c < PG_REELS; c++)
            g.cell[r][c] = held & grid_bit(r, c) ? p->screen.cell[r][c]
                           : forced              ? forced->cell[r][c]
                                                 : rs->strip[c][at[c] + r];
    memset(g.cell[PG_ROWS], GRID_NO_SYMBOL, sizeof g.cell - sizeof g.cell[0] * PG_ROWS);
    p->screen = g;

    /* what landed: new reapers, phoenixes (and a scenario's feathers) become sticky */
    for (int c = 0; c < PG_REELS; c++)
        for (int r = 0; r < PG_ROWS; r++) {
            if (held & grid_bit(r, c))
                continue;
            const uint8_t s = g.cell[r][c];
            if (s == p->reaper)
                p->reapers[p->nreapers++] = (PgWild){.r = (uint8_t)r, .c = (uint8_t)c, .mult = 1};
            else if (s == p->phoenix)
                p->phoenixes[p->nphoenixes++] =
                    (PgWild){.r = (uint8_t)r, .c = (uint8_t)c, .mult = 1};
            else if (s == p->feather)
                p->feathers |= grid_bit(r, c);
        }
    const bool had_respins = p->respins_left > 0;
    CellMask bonus_cells = 0;
    grid_count(&g, p->bonus, &bonus_cells);
    sudden_death(p, m, kind, sticky_cells(p) | bonus_cells);

    /* what each position is worth now */
    uint32_t units[PG_ROWS][PG_REELS];
    uint32_t mult[PG_ROWS][PG_REELS];
    memset(mult, 0, sizeof mult);
    for (int i = 0; i < p->nreapers; i++)
        mult[p->reapers[i].r][p->reapers[i].c] = p->reapers[i].mult;
    for (int i = 0; i < p->nphoenixes; i++)
        mult[p->phoenixes[i].r][p->phoenixes[i].c] = p->phoenixes[i].mult;
    for (int r = 0; r < PG_ROWS; r++)
        for (int c = 0; c < PG_REELS; c++)
            if (p->feathers & grid_bit(r, c))
                mult[r][c] = 1;
    CellMask wild = 0;
    for (int r = 0; r < PG_ROWS; r++)
        for (int c = 0; c < PG_REELS; c++) {
            units[r][c] = p->tomb[r][c] * (mult[r][c] ? mult[r][c] : 1u);
            if (mult[r][c])
                wild |= grid_bit(r, c);
        }
    if (!tally) {
        EventWays *e = phoenix_ways_mut(machine_emit(m, PHOENIX_EVENT_WAYS));
        e->spin_index = (uint16_t)p->spin_index;
        uint64_t total = 1;
        for (int c = 0; c < PG_REELS; c++) {
            uint32_t s = 0;
            for (int r = 0; r < PG_ROWS; r++) {
                e->ways[r][c] = p->tomb[r][c];
                e->multiplier[r][c] = mult[r][c];
                s += p->tomb[r][c];
            }
            total *= s;
        }
        e->total = total;
    }
    const bool capped = p->capped;
    pay_ways(p, m, kind, &g, units, wild);
    if (p->capped && !capped) { /* the spin's wins reached the maximum: the round ends here */
        EventCap *e = phoenix_cap_mut(machine_emit(m, PHOENIX_EVENT_CAP));
        e->cap = p->max_win_x * machine_round(m)->bet;
        e->cut = p->cap_cut;
    }

    if (!p->capped && p->nreapers) {
        grid_count(&p->screen, p->bonus, &p->bonus_sticky); /* pushed aside as they stick */
        attacks(p, m);
        walks(p, m);
    }
    p->respins_left = 0;
    for (int i = 0; i < p->nreapers; i++)
        if (p->reapers[i].c + 1 > p->respins_left)
            p->respins_left = p->reapers[i].c + 1;
    if (p->capped)
        p->respins_left = 0;
    /* Bonus symbols stay while respins go on */
    if (!p->respins_left)
        p->bonus_sticky = 0;
    if (p->respins_left && !had_respins)
        machine_award(m, PG_FEATURE_RESPINS, p->respins_left, p->free_left, p->respins_left,
                      p->free_game);
    if (!tally) {
        EventScreen *shown = &machine_event_at(m, screen_event)->screen;
        shown->spin = kind;
        shown->spin_index = (uint16_t)p->spin_index;
        shown->screen = g;
        shown->held = held;
        for (int c = 0; c < PG_REELS; c++)
            shown->stops[c] = (uint16_t)at[c];
        shown->free_left = (uint16_t)p->free_left;
        shown->extra_left = (uint16_t)p->respins_left;
    }
    p->spin_index++;
}

/* ---- a simulator's base spin ---------------------------------------------------------------- */

/* The base spin's win in coins from the reel-stop rows: symbol k's ways are the product of
 * counts[c]'s 4-bit field k over its run of reels from the left (at least 3). */
static int64_t fast_coins(const Phoenix *p, const PgStop *const s[PG_REELS],
                          const uint32_t counts[PG_REELS])
{
    uint32_t run3 = s[0]->mask & s[1]->mask & s[2]->mask & ((1u << PG_PAYING) - 1);
    int64_t coins = 0;
    for (; run3; run3 &= run3 - 1) {
        const int k = __builtin_ctz(run3);
        const int sh = 4 * k;
        uint64_t ways = (counts[0] >> sh & 15u) * (counts[1] >> sh & 15u) * (counts[2] >> sh & 15u);
        int len = 3;
        if (s[3]->mask >> k & 1u) {
            ways *= counts[3] >> sh & 15u;
            len = 4;
            if (s[4]->mask >> k & 1u) {
                ways *= counts[4] >> sh & 15u;
                len = 5;
            }
        }
        coins += p->pay[k][len] * (int64_t)ways;
    }
    return coins;
}

/* A plain base spin that Sudden Death strikes, as sudden_death() plays it on that screen:
 * every position but a Bonus's is open (all are worth 1 way), and the struck one's symbol
 * counts 1 + its added ways. Kept apart from pg_fast_base so that the spins it spares (all
 * but a few in a hundred) run the same instructions as without it. */
static __attribute__((noinline)) int64_t fast_struck_coins(const Phoenix *p, Rng *rng,
                                                           const uint32_t at[PG_REELS],
                                                           const PgStop *const s[PG_REELS])
{
    const ReelSet *rs = p->sets[0];
    CellMask open = 0;
    for (int r = 0; r < PG_ROWS; r++)
        for (int c = 0; c < PG_REELS; c++)
            if (rs->strip[c][at[c] + (uint32_t)r] != p->bonus)
                open |= grid_bit(r, c);
    int r, c;
    nth_cell(open, rng_below(rng, (uint32_t)__builtin_popcount(open)), &r, &c);
    const uint32_t add = 1 + pg_draw_weighted(rng, p->death_w, PG_MAX_WEIGHTS, p->death_total);
    const int k = p->slot[rs->strip[c][at[c] + (uint32_t)r]];
    uint32_t counts[PG_REELS];
    for (int i = 0; i < PG_REELS; i++)
        counts[i] = s[i]->counts;
    counts[c] += add << (4 * k); /* at most 3 + 9 in its 4 bits */
    return fast_coins(p, s, counts);
}

bool pg_fast_base(Phoenix *p, Machine *m, uint64_t seed)
{
    Rng rng;
    rng_seed(&rng, seed);
    uint32_t at[PG_REELS];
    draw_stops(p->sets[0], &rng, at);
    const bool strikes = rng_below(&rng, 1000) < p->sudden_death[SPIN_BASE];
    const PgStop *s[PG_REELS];
    uint32_t special = 0, bonus = 0;
    for (int c = 0; c < PG_REELS; c++) {
        s[c] = p->stops[0][c] + at[c];
        special |= s[c]->mask;
        bonus += s[c]->mask >> PG_STOP_BONUS_SHIFT & 3u;
    }
    if ((special & PG_STOP_SPECIAL) || bonus >= (uint32_t)p->bonus_min)
        return false;
    RoundSummary *sum = machine_round(m);
    sum->spins[SPIN_BASE]++;
    p->capped = p->free_game = false; /* what pg_add_win reads of the round (begin_round's) */
    int64_t coins;
    if (strikes) {
        Rng sd = rng; /* its address goes to a function: a copy, so that `rng` stays in registers */
        coins = fast_struck_coins(p, &sd, at, s);
    } else {
        uint32_t run3 = s[0]->mask & s[1]->mask & s[2]->mask & ((1u << PG_PAYING) - 1);
        coins = 0;
        for (; run3; run3 &= run3 - 1) {
            const int k = __builtin_ctz(run3);
            const int sh = 4 * k;
            uint64_t ways = (s[0]->counts >> sh & 15u) * (s[1]->counts >> sh & 15u) *
                            (s[2]->counts >> sh & 15u);
            int len = 3;
            if (s[3]->mask >> k & 1u) {
                ways *= s[3]->counts >> sh & 15u;
                len = 4;
                if (s[4]->mask >> k & 1u) {
                    ways *= s[4]->counts >> sh & 15u;
                    len = 5;
                }
            }
            coins += p->pay[k][len] * (int64_t)ways;
        }
    }
    if (coins) {
        const Money bet = machine_bet(m)->v[p->bi_bet];
        pg_add_win(p, m, coins * bet / p->bet_coins, PART_BASE);
    }
    return true;
}
