/* gnomos_mix_mini.c - the upper game's four minigames: Strawberry, Three Choices, Find the
 * Prizes and Discover the Treasure. Each replaces the prize of the lines that opened it
 * (Mushrooms, Flowers, Logs) and pays at least that (its floor, already paid) and at most
 * the plate's maximum prize less the round's other lines.
 *
 * As with the lower game's cauldrons, what the player sees first is drawn freely (the
 * baskets' prizes, the nine treasures), and what a choice uncovers is drawn when it is made,
 * among what it could hide, by the controller: only what the reserve covers (the least
 * there is when nothing is), so the player's choices change what is shown, never what the
 * cycle returns. The minigame's standing value is paid as it rises (stand()). Every
 * decision is a named draw (GMD_*) that a scenario may force (checked in
 * gnomos_mix_common.c). A minigame's end goes back to the upper game as
 * gnomos_mini_command()'s answer: nothing here calls the upper game. */
#include "gnomos_mix.h"

#include <stdio.h>
#include <string.h>

static const Money zeros[4] = {0};

static int64_t forced_below(Machine *m, int which, int64_t drawn, int64_t n, const char *what);

static Money most(const GnomosUpper *u) { return u->max - u->other; }

static Money within(const GnomosUpper *u, Money v)
{
    Money hi = most(u) > u->floor ? most(u) : u->floor;
    return v < u->floor ? u->floor : v > hi ? hi : v;
}

/* The minigame's value rises to v (within its floor and most): the rise is paid. */
static void stand(GnomosUpper *u, Machine *m, Money v)
{
    v = within(u, v);
    if (v > u->value)
        gnomos_ctl_pay(machine_carried_state(m), v - u->value);
    u->value = v > u->value ? v : u->value;
}

/* A weighted index in the prize table among the prizes the controller covers (the first,
 * the least, when none is); forced by named draw `which`, kept in the table. */
static int covered(GnomosUpper *u, Machine *m, int which)
{
    Money hi = gnomos_upper_room(u, m) + u->value;
    int i = gnomos_weighted(m, u->table_w, u->table, u->ntable, INT64_MIN, hi);
    int n = u->ntable;
    i = (int)forced_below(m, which, i < 0 ? 0 : i, n, "the prize table minigame_prizes_x_unit");
    return i < n ? i : n - 1;
}

static EventPick *pick_event(const GnomosUpper *u, Machine *m, int n, int choice)
{
    if (machine_tally_only(m))
        return NULL;
    EventPick *e = &machine_emit(m, EVENT_PICK)->pick;
    e->game = (uint8_t)u->mg;
    e->noptions = (uint8_t)n;
    e->choice = choice < 0 ? EVENT_OFF : (uint8_t)choice;
    return e;
}

/* The minigame is over, its prize u->value: gnomos_mini_command() says so to the upper game,
 * which goes on with it (this is always a command's last step). */
static void end(GnomosUpper *u) { u->phase = UP_IDLE; }

/* ---- Three Choices ------------------------------------------------------------------------ */

/* The leprechaun's coins: a prize the controller covers, refusable while refusals last. */
static void show_choice(GnomosUpper *u, Machine *m)
{
    u->shown[0] = u->table[covered(u, m, GMD_CHOICE)];
    u->phase = UP_CHOICE;
    if (machine_tally_only(m))
        return;
    EventPrize *e = &machine_emit(m, EVENT_PRIZE)->prize;
    e->step = (uint8_t)(2 - u->left);
    e->rung = EVENT_OFF;
    e->lose_to = RISK_REDRAWN;
    e->amount = u->shown[0];
}

/* The prize accepted; when a refused one was better, sometimes a bonus prize in Bonuses
 * complements it, up to the difference, never taking the sum past the most it can pay. */
static void accept(GnomosUpper *u, Machine *m)
{
    stand(u, m, u->shown[0]);
    Money gap = u->best_refused - u->value, cap = most(u) - u->value;
    Money room = gnomos_upper_room(u, m);
    int64_t n = (gap < cap ? gap : cap) / u->worth;
    if (n * u->worth > room)
        n = room / u->worth;
    bool give = rng_below(machine_rng(m), 2) && n > 0;
    int64_t forced = gnomos_forced_choice_bonus(m, give ? n : 0, gap, cap, u->worth);
    n = cap > 0 && forced * u->worth > cap ? cap / u->worth : forced;
    if (n > 0) {
        gnomos_win_bonuses(m, u->worth, n);
        u->mg_bonuses = n;
    }
    if (!machine_tally_only(m)) {
        EventCollect *e = &machine_emit(m, EVENT_COLLECT)->collect;
        e->rung = EVENT_OFF;
        e->cause = COLLECT_ACCEPTED;
        e->amount = u->value;
        e->bonuses = n;
    }
    end(u);
}

/* ---- Strawberry ----------------------------------------------------------------------------- */

/* The basket chosen hides one of the prizes shown not yet uncovered: one the controller
 * covers with those already won, at random (the least when none is). */
static void basket(GnomosUpper *u, Machine *m, int b)
{
    Money hi = gnomos_upper_room(u, m) + u->value - u->gathered;
    int free[3], nfree = 0, ok[3], nok = 0;
    for (int j = 0; j < 3; j++) {
        bool used = false;
        for (int k = 0; k < 3; k++)
            used |= u->hides[k] == j;
        if (!used) {
            free[nfree++] = j;
            if (u->shown[j] <= hi)
                ok[nok++] = j;
        }
    }
    int least = free[0];
    for (int k = 1; k < nfree; k++)
        least = u->shown[free[k]] < u->shown[least] ? free[k] : least;
    int j = nok ? ok[rng_below(machine_rng(m), (uint32_t)nok)] : least;
    int drawn = j;
    j = (int)gnomos_draw(m, GMD_BASKET, j);
    bool is_free = false;
    for (int k = 0; k < nfree; k++)
        is_free |= free[k] == j;
    if (!is_free && j != drawn) /* a scenario's */
        machine_refuse_draw(m, "%d, but prize %d is in a basket chosen before; a basket hides "
                            "one of the prizes not yet uncovered", j, j);
    u->hides[b] = is_free ? j : least;
    u->gathered += u->shown[u->hides[b]];
    stand(u, m, u->gathered);
    u->taken |= 1u << b;
    if (--u->left == 0) /* the rest are uncovered: the prizes left, in order */
        for (int k = 0; k < 3; k++)
            for (int p = 0; u->hides[k] < 0 && p < 3; p++)
                if (u->hides[0] != p && u->hides[1] != p && u->hides[2] != p)
                    u->hides[k] = p;
    EventPick *e = pick_event(u, m, 3, b);
    for (int k = 0; e && k < 3; k++)
        e->amount[k] = u->hides[k] >= 0 ? u->shown[u->hides[k]] : 0;
    if (u->left == 0)
        end(u);
}

/* The baskets the sign lets the player choose. */
static int baskets(GnomosUpper *u, Machine *m)
{
    int k = 1 + gnomos_weighted(m, u->basket_w, zeros, u->nbasket_w, 0, 0);
    k = (int)gnomos_draw(m, GMD_BASKETS, k);
    return k < 1 ? 1 : k > 3 ? 3 : k;
}

/* The three prizes shown, before they are swapped and hidden. */
static void strawberry(GnomosUpper *u, Machine *m)
{
    for (int i = 0; i < 3; i++) {
        int j = gnomos_weighted(m, u->table_w, u->table, u->ntable, INT64_MIN, INT64_MAX);
        j = (int)forced_below(m, GMD_BASKET_PRIZES, j < 0 ? 0 : j, u->ntable,
                              "the prize table minigame_prizes_x_unit");
        u->shown[i] = u->table[j < u->ntable ? j : u->ntable - 1];
        u->hides[i] = -1;
    }
    EventPick *e = pick_event(u, m, 3, -1);
    for (int i = 0; e && i < 3; i++)
        e->amount[i] = u->shown[i];
}

/* ---- Find the Prizes ------------------------------------------------------------------------ */

/* The element chosen hides STOP, STOPX2 (when there is something to double and the
 * controller covers it) or a prize the controller covers. */
static void find(GnomosUpper *u, Machine *m, int i)
{
    Money room = gnomos_upper_room(u, m) + u->value;
    int64_t w[3] = {u->find_w[0], u->gathered > 0 && 2 * u->gathered <= room ? u->find_w[1] : 0,
                    u->gathered + u->find[0] <= room ? u->find_w[2] : 0};
    int kind = gnomos_weighted(m, w, zeros, 3, 0, 0);
    int k = gnomos_weighted(m, u->find_pw, u->find, u->nfind, INT64_MIN, room - u->gathered);
    int code = (int)forced_below(m, GMD_FIND, kind == 2 ? 2 + (k < 0 ? 0 : k) : kind < 0 ? 0 : kind,
                                 2 + u->nfind, "STOP, STOPX2 and the prizes of find_prizes_x_unit");
    if (code >= 2 + u->nfind)
        code = 2 + u->nfind - 1;
    u->taken |= 1u << i;
    u->label[i] = code == 0 ? PICK_STOP : code == 1 ? PICK_STOP_DOUBLE : PICK_PRIZE;
    u->shown[i] = code >= 2 ? u->find[code - 2] : 0;
    u->gathered = code == 1 ? 2 * u->gathered : u->gathered + u->shown[i];
    stand(u, m, u->gathered);
    EventPick *e = pick_event(u, m, u->items, i);
    for (int o = 0; e && o < u->items; o++) {
        e->amount[o] = u->shown[o];
        e->label[o] = u->label[o];
    }
    if (code < 2 || u->taken == (1u << u->items) - 1u)
        end(u);
}

/* ---- Discover the Treasure -------------------------------------------------------------- */

/* Nine prizes; the one the controller allows and two others are drawn onto the reels,
 * shuffled and capped: shown[9..11] are the reels' prizes, shown[9 + hides[0]] the one won. */
static void treasure(GnomosUpper *u, Machine *m)
{
    Rng *rng = machine_rng(m);
    Money won = u->table[covered(u, m, GMD_TREASURE)];
    int at = (int)rng_below(rng, 9);
    for (int i = 0; i < 9; i++)
        u->shown[i] = i == at ? won : u->table[rng_below(rng, (uint32_t)u->ntable)];
    int a = (int)rng_below(rng, 8), b = (int)rng_below(rng, 7);
    a += a >= at;
    b += b >= (a < at ? a : at);
    b += b >= (a < at ? at : a);
    int reel = (int)rng_below(rng, 3);
    u->hides[0] = reel;
    for (int r = 0, k = 0; r < 3; r++)
        u->shown[9 + r] = r == reel ? won : u->shown[k++ == 0 ? a : b];
    EventPick *e = pick_event(u, m, 9, -1);
    for (int i = 0; e && i < 9; i++)
        e->amount[i] = u->shown[i];
    e = pick_event(u, m, 3, -1);
    for (int r = 0; e && r < 3; r++)
        e->amount[r] = u->shown[9 + r];
}

/* The cap lifted hides the prize won; the others, the other two. */
static void lift(GnomosUpper *u, Machine *m, int cap)
{
    int won = u->hides[0];
    EventPick *e = pick_event(u, m, 3, cap);
    for (int r = 0; e && r < 3; r++)
        e->amount[r] = u->shown[9 + (r == cap ? won : r == won ? cap : r)];
    stand(u, m, u->shown[9 + won]);
    end(u);
}

/* ---- the minigames' common part ------------------------------------------------------------ */

void gnomos_mini_start(GnomosUpper *u, Machine *m, Minigame which, Money replaced)
{
    u->mg = which;
    u->floor = u->value = replaced;
    u->taken = 0;
    u->gathered = u->best_refused = 0;
    u->mg_bonuses = 0;
    memset(u->label, 0, sizeof u->label);
    memset(u->shown, 0, sizeof u->shown);
    u->phase = UP_PICK;
    u->left = which == MG_CHOICES ? 2 : which == MG_FIND ? u->items
              : which == MG_STRAWBERRY ? baskets(u, m) : 1;
    if (!machine_tally_only(m)) {
        EventMinigame *e = gnomos_minigame_mut(machine_emit(m, GNOMOS_EVENT_MINIGAME));
        e->game = (uint8_t)which;
        e->choices = (uint8_t)u->left;
        e->replaces = u->floor;
        e->most = most(u);
    }
    switch (which) {
    case MG_STRAWBERRY:
        strawberry(u, m);
        break;
    case MG_CHOICES:
        show_choice(u, m);
        break;
    case MG_TREASURE:
        treasure(u, m);
        break;
    default:
        break;
    }
}

bool gnomos_mini_command(GnomosUpper *u, Machine *m, const Command *cmd)
{
    switch (cmd->type) {
    case CMD_COLLECT:
        accept(u, m);
        break;
    case CMD_RISK:
        u->best_refused = u->shown[0] > u->best_refused ? u->shown[0] : u->best_refused;
        u->left--;
        show_choice(u, m);
        break;
    case CMD_PICK:
        if (u->mg == MG_STRAWBERRY)
            basket(u, m, (int)cmd->arg);
        else if (u->mg == MG_FIND)
            find(u, m, (int)cmd->arg);
        else
            lift(u, m, (int)cmd->arg);
        break;
    default: /* only what was offered is played */
        break;
    }
    return u->phase == UP_IDLE;
}

/* A draw of an index below n (what: what it counts): a scenario's past the end is refused. */
static int64_t forced_below(Machine *m, int which, int64_t drawn, int64_t n, const char *what)
{
    int64_t forced;
    if (!machine_take_draw(m, which, &forced))
        return drawn;
    if (forced >= n) {
        machine_refuse_draw(m, "%lld, but %s has %lld (0 to %lld)", (long long)forced, what,
                            (long long)n, (long long)n - 1);
        return drawn;
    }
    return forced;
}
