/* fruit_play_upper.c - the fruit machine's upper game in its round timeline (the play core,
 * no SDL): its own events (each line's prize added up, Double or Bonuses on a fraction of
 * it, the prizes the game collects by itself) and its four minigames, which replace the
 * prize of the Mushrooms', Flowers' or Logs' lines and play back what the machine's events
 * say:
 *   Strawberry: strawberries fall into the big basket and share into three small ones, each
 *     shows a prize, they are swapped and covered, a sign says how many may be chosen; each
 *     basket chosen shows what it hid, the last choice uncovers the rest.
 *   Three Choices: the leprechaun shows coins with a prize: COLLECT accepts, PLAY refuses
 *     (twice at most: he hides and shows others); a bonus prize may complement it.
 *   Find the Prizes: nine flashing elements; each chosen shows a prize (added up), STOP
 *     (the end) or STOPX2 (the end, what was gathered doubled).
 *   Discover the Treasure: nine prizes on the reels, three drawn onto the middle row,
 *     shuffled and capped; the cap lifted rises over the prize won, then the others.
 * Then what it paid, and Double or Bonuses. And the marquee's words while a risk waits (the
 * ladder's in the lower game). Nothing here decides: every prize shown is an event's. It
 * sends no command: the choices it finds offered are pressed through fruit_play.c, which
 * calls this file and goes on when a moment is over. */
#include "fruit_play.h"
#include "lang.h"

#include <stdio.h>

static void money(const FruitPlay *p, Money v, char *out, size_t size) { p->view.money_text(p->view.ctx, v, out, size); }

/* ---- Double or Bonuses ------------------------------------------------------------------------ */

static int mini_event(FruitPlay *p, const Event *e);

/* A fraction's worth in Bonuses (as losing its risk gives). */
int64_t fruit_play_fraction_bonuses(const FruitPlay *p, Money amount)
{
    const GameParam *w = gamedef_param(machine_game(p->m), "bonus_worth");
    return w && w->v[0] > 0 ? amount / w->v[0] : 0;
}

int fruit_play_upper_event(FruitPlay *p, const Event *e)
{
    if (!p->shown_upper)
        return 0;
    const int mini = mini_event(p, e);
    if (mini)
        return mini;
    char t[96], m[32];
    switch (e->type) {
    case EVENT_COLLECT: /* collected by the game: no Double or Bonuses on the rest */
        if (e->collect.cause != COLLECT_MAX_PRIZE && e->collect.cause != COLLECT_BONUS_CAP)
            return 0;
        p->count_from = e->collect.amount;
        p->prize = e->collect.amount;
        p->fraction.fraction = 0;
        money(p, e->collect.amount, m, sizeof m);
        lang_fill(t, sizeof t, _("{1} COLLECTED"), m, NULL);
        fruit_play_say(p, e->collect.cause == COLLECT_MAX_PRIZE ? _("THE MAXIMUM PRIZE!") : _("OVER 6,000 BONUSES HELD"),
                       true);
        fruit_play_say2(p, e->collect.cause == COLLECT_MAX_PRIZE ? t : _("NO DOUBLE OR BONUSES: THE PRIZE IS COLLECTED"));
        fruit_play_cue(p, "count_up", PLAY_WINS);
        fruit_play_set_phase(p, FP_COLLECT, FRUIT_MS(2400));
        fruit_play_shot(p, e->collect.cause == COLLECT_MAX_PRIZE ? "max-prize" : "bonus-cap", -1);
        return 1;
    case EVENT_WIN: /* a line: PRIZE adds it up */
        p->win = e->win;
        p->win_line = true;
        p->rung_now = -1;
        p->prize += e->win.amount;
        p->bonuses_extra += e->win.bonuses;
        money(p, e->win.amount, m, sizeof m);
        char n[16];
        snprintf(n, sizeof n, "%d", e->win.line);
        lang_fill(t, sizeof t, _("LINE {1}: {2}"), n, m, NULL);
        fruit_play_say(p, t, true);
        fruit_play_cue(p, "prize", PLAY_WINS);
        fruit_play_set_phase(p, FP_WIN, FRUIT_MS(1200));
        return 1;
    case EVENT_PRIZE:
        if (!e->prize.fraction)
            return 0;
        p->fraction = e->prize;
        p->prize = e->prize.amount;
        p->rung_now = -1;
        p->ladder = LADDER_NONE;
        p->win_line = false;
        return -1;
    case EVENT_RISK:
        p->risk = *e;
        fruit_play_cue(p, "ladder_tick", PLAY_WINS);
        fruit_play_say(p, _("DOUBLE OR BONUSES..."), true);
        fruit_play_set_phase(p, FP_RISK, FRUIT_MS(1900));
        return 1;
    default:
        return 0;
    }
}

static bool upper_words(FruitPlay *p)
{
    if (!p->shown_upper || !p->fraction.fraction)
        return false;
    char t[160], a[32], d[32], r[32], n[32];
    money(p, p->fraction.amount, a, sizeof a);
    money(p, 2 * p->fraction.amount, d, sizeof d);
    const int64_t b = fruit_play_fraction_bonuses(p, p->fraction.amount);
    lang_fill(t, sizeof t, lang_trn("DOUBLE {1} OR {2} BONUS", "DOUBLE {1} OR {2} BONUSES", b), d,
              fruit_play_count(b, n, sizeof n), NULL);
    fruit_play_say(p, t, true);
    money(p, p->fraction.amount + p->fraction.rest, r, sizeof r);
    lang_fill(t, sizeof t, _("COLLECT {1}; HOLD COLLECT (SHIFT+C) FOR ALL {2}"), a, r, NULL);
    fruit_play_say2(p, t);
    return true;
}

void fruit_play_upper_risk_outcome(FruitPlay *p)
{
    const EventRisk *r = &p->risk.risk;
    char t[96], m[32], n[32];
    if (r->won) {
        p->prize = r->amount;
        p->balance_extra += r->amount; /* a doubled fraction is the player's */
        fruit_play_cue(p, "ladder_up", PLAY_WINS);
        money(p, r->amount, m, sizeof m);
        lang_fill(t, sizeof t, _("DOUBLED! {1}"), m, NULL);
    } else {
        p->bonuses_extra += r->bonuses;
        fruit_play_cue(p, "ladder_down", PLAY_WINS);
        lang_fill(t, sizeof t, lang_trn("{1} BONUS", "{1} BONUSES", r->bonuses), fruit_play_count(r->bonuses, n, sizeof n),
                  NULL);
    }
    p->prize = 0;
    p->fraction.fraction = 0;
    fruit_play_say(p, t, true);
    fruit_play_set_phase(p, FP_OUTCOME, FRUIT_MS(900));
}


/* ---- the minigames ----------------------------------------------------------------------------- */

static const char *const mini_names[MINI__COUNT] = {"", N_("STRAWBERRY"), N_("THREE CHOICES"),
                                                    N_("FIND THE PRIZES"), N_("DISCOVER THE TREASURE")};

/* A minigame's name in the language spoken ("" none: not a word to look up). */
static const char *mini_name(int game) { return game > MINI_NONE && game < MINI__COUNT ? _(mini_names[game]) : ""; }

static int mini_ticks(int ms) { return FRUIT_MS(ms); }

static void step(FruitPlay *p, MiniStep s, int ms)
{
    p->mini.step = s;
    fruit_play_set_phase(p, FP_MINI, mini_ticks(ms));
}

static int nchoices(const FruitPlay *p) { return p->mini.game == MINI_FIND ? MINI_ITEMS : 3; }

/* The marquee's line `tmpl` with the amount in its {1}. */
static void say_amount(FruitPlay *p, const char *tmpl, Money amount)
{
    char t[96], m[32];
    money(p, amount, m, sizeof m);
    lang_fill(t, sizeof t, tmpl, m, NULL);
    fruit_play_say(p, t, true);
}

/* The minigame begins: its name over the board. */
static void begin(FruitPlay *p, const EventMinigame *e)
{
    FruitMini *mg = &p->mini;
    *mg = (FruitMini){.game = e->game < MINI__COUNT ? e->game : MINI_NONE, .choices = e->choices,
                      .left = e->choices, .replaces = e->replaces, .most = e->most, .pick = -1, .hover = -1};
    p->win_line = false;
    p->prize = 0;
    char t[96], a[32], b[32];
    lang_fill(t, sizeof t, _("{1}!"), mini_name(mg->game), NULL);
    fruit_play_say(p, t, true);
    money(p, e->replaces, a, sizeof a);
    money(p, e->most, b, sizeof b);
    lang_fill(t, sizeof t, _("IN PLACE OF {1}: UP TO {2}"), a, b, NULL);
    fruit_play_say2(p, t);
    fruit_play_cue(p, "cauldrons", PLAY_WINS);
    step(p, MS_INTRO, 2200);
}

/* What a choice uncovered (an EventPick of the minigame). */
static int picked(FruitPlay *p, const EventPick *e)
{
    FruitMini *mg = &p->mini;
    const int n = e->noptions < MINI_ITEMS ? e->noptions : MINI_ITEMS;
    if (e->choice == EVENT_OFF) { /* prizes shown before the choice */
        if (mg->game == MINI_TREASURE && n == MINI_ITEMS) {
            for (int i = 0; i < n; i++)
                mg->shown[i] = e->amount[i];
            return -1; /* the three onto the reels come next */
        }
        for (int i = 0; i < n && i < 3; i++)
            (mg->game == MINI_TREASURE ? mg->reel : mg->shown)[i] = e->amount[i];
        step(p, MS_SHOW, mg->game == MINI_TREASURE ? 5200 : 5600);
        return 1;
    }
    const int c = e->choice < n ? e->choice : 0;
    mg->pick = c;
    mg->taken |= 1u << c;
    for (int i = 0; i < n; i++) {
        mg->opened[i] = e->amount[i];
        mg->label[i] = e->label[i];
        if (e->amount[i] || e->label[i] != PICK_PRIZE || i == c)
            mg->uncovered |= 1u << i;
    }
    if (mg->game != MINI_FIND) /* the last choice uncovers the rest, shown as discarded */
        for (int i = 0; i < n; i++)
            if (e->amount[i])
                mg->uncovered |= 1u << i;
    if (mg->game == MINI_FIND)
        mg->gathered = e->label[c] == PICK_STOP_DOUBLE ? 2 * mg->gathered : mg->gathered + e->amount[c];
    else if (mg->game == MINI_STRAWBERRY)
        mg->gathered += e->amount[c];
    else
        mg->gathered = e->amount[c];
    if (mg->left > 0)
        mg->left--;
    p->prize = mg->gathered;
    if (mg->game == MINI_FIND && e->label[c] == PICK_STOP) {
        fruit_play_say(p, _("STOP!"), true);
        fruit_play_cue(p, "lose", PLAY_WINS);
    } else if (mg->game == MINI_FIND && e->label[c] == PICK_STOP_DOUBLE) {
        say_amount(p, _("STOP X2! {1}"), mg->gathered);
        fruit_play_cue(p, "ladder_up", PLAY_WINS);
    } else {
        say_amount(p, mg->game == MINI_TREASURE ? _("THE TREASURE: {1}") : _("FOUND {1}"), e->amount[c]);
        fruit_play_cue(p, "lid", PLAY_WINS);
    }
    step(p, MS_REVEAL, mg->game == MINI_TREASURE ? 2600 : mg->game == MINI_FIND ? 1100 : 1500);
    return 1;
}

/* The leprechaun's coins: a prize on offer (the first, or the next after a refusal). */
static void coins(FruitPlay *p, const EventPrize *e)
{
    FruitMini *mg = &p->mini;
    mg->coin = e->amount;
    if (mg->offers < MINI_ITEMS)
        mg->shown[mg->offers] = e->amount; /* the offers, in order: those refused are shown */
    if (mg->offers++ > 0 && mg->left > 0)
        mg->left--; /* one refused */
    p->prize = e->amount;
    say_amount(p, _("THE LEPRECHAUN OFFERS {1}"), e->amount);
    fruit_play_cue(p, mg->offers == 1 ? "prize" : "nudge", PLAY_WINS);
    step(p, mg->offers == 1 ? MS_SHOW : MS_REVEAL, mg->offers == 1 ? 1800 : 2000);
}

/* The minigame ended: what it paid, and its Bonuses. */
static void ended(FruitPlay *p, const EventMinigame *e)
{
    FruitMini *mg = &p->mini;
    mg->paid = e->amount;
    mg->bonuses = e->bonuses;
    p->bonuses_extra += e->bonuses;
    p->prize = e->amount;
    char t[96], m[32], n[32];
    money(p, mg->paid, m, sizeof m);
    lang_fill(t, sizeof t, _("{1} PAYS {2}"), mini_name(mg->game), m, NULL);
    fruit_play_say(p, t, true);
    if (mg->bonuses) {
        lang_fill(t, sizeof t, lang_trn("AND A BONUS PRIZE OF {1} BONUS", "AND A BONUS PRIZE OF {1} BONUSES", mg->bonuses),
                  fruit_play_count(mg->bonuses, n, sizeof n), NULL);
        fruit_play_say2(p, t);
    }
    fruit_play_cue(p, "count_up", PLAY_WINS);
    step(p, MS_END, 2600);
}

static int mini_event(FruitPlay *p, const Event *e)
{
    FruitMini *mg = &p->mini;
    const EventMinigame *m = gnomos_minigame(e);
    if (m && m->stage == 0) {
        begin(p, m);
        return 1;
    }
    if (m && mg->game) { /* the end: what it paid */
        ended(p, m);
        return 1;
    }
    if (!mg->game)
        return 0;
    switch (e->type) {
    case EVENT_PICK:
        return picked(p, &e->pick);
    case EVENT_PRIZE:
        if (mg->game != MINI_CHOICES || e->prize.fraction)
            return 0;
        coins(p, &e->prize);
        return 1;
    case EVENT_COLLECT: /* the leprechaun's prize accepted (its bonus prize with it) */
        mg->gathered = e->collect.amount;
        mg->bonuses = e->collect.bonuses;
        p->prize = e->collect.amount;
        say_amount(p, _("ACCEPTED {1}"), e->collect.amount);
        fruit_play_cue(p, "prize", PLAY_WINS);
        step(p, MS_ACCEPT, 1600);
        return 1;
    default:
        return 0;
    }
}

void fruit_play_mini_done(FruitPlay *p)
{
    FruitMini *mg = &p->mini;
    switch (mg->step) {
    case MS_END:
        mg->game = MINI_NONE; /* the board goes: Double or Bonuses on what it paid */
        break;
    case MS_REVEAL:
    case MS_ACCEPT:
        mg->pick = -1;
        break;
    default:
        break;
    }
}

void fruit_play_mini_tick(FruitPlay *p, uint64_t k)
{
    const FruitMini *mg = &p->mini;
    const uint64_t len = (uint64_t)p->phase_len;
    switch (mg->step) {
    case MS_INTRO:
        if (k == len * 3 / 5)
            fruit_play_shot(p, "minigame", -1);
        break;
    case MS_SHOW:
        if (mg->game == MINI_STRAWBERRY) {
            if (k < len * 2 / 5 && k % 9 == 0)
                fruit_play_cue(p, "ladder_tick", PLAY_UI); /* a strawberry drops */
            if (k == len * 55 / 100)
                fruit_play_shot(p, "baskets", -1);
            if (k > len * 62 / 100 && k < len * 80 / 100 && k % 12 == 0)
                fruit_play_cue(p, "nudge", PLAY_UI); /* swapped */
        } else if (mg->game == MINI_TREASURE) {
            if (k == len * 15 / 100)
                fruit_play_shot(p, "treasures", -1);
            if (k > len * 45 / 100 && k < len * 75 / 100 && k % 12 == 0)
                fruit_play_cue(p, "nudge", PLAY_UI);
            if (k == len * 40 / 100)
                fruit_play_shot(p, "three", -1);
        } else if (k == len * 3 / 4) {
            fruit_play_shot(p, "coins", -1);
        }
        break;
    case MS_REVEAL:
        if (k == len * 3 / 4)
            fruit_play_shot_next(p, mg->game == MINI_CHOICES ? "coins-again" : "uncovered");
        break;
    case MS_ACCEPT:
        if (k == len / 2)
            fruit_play_shot(p, "accepted", -1);
        break;
    case MS_END:
        if (k == len / 2)
            fruit_play_shot(p, "minigame-paid", -1);
        break;
    }
}

bool fruit_play_mini_words(FruitPlay *p)
{
    const FruitMini *mg = &p->mini;
    if (!mg->game)
        return false;
    char t[96], m[32], n[32];
    fruit_play_count(mg->left, n, sizeof n);
    switch (mg->game) {
    case MINI_STRAWBERRY:
        lang_fill(t, sizeof t, lang_trn("CHOOSE {1} BASKET", "CHOOSE {1} BASKETS", mg->left), n, NULL);
        fruit_play_say(p, t, true);
        fruit_play_say2(p, _("CLICK A BASKET, ADVANCE/HOLD 1-3 OR PLAY"));
        break;
    case MINI_CHOICES:
        money(p, mg->coin, m, sizeof m);
        lang_fill(t, sizeof t, _("ACCEPT {1}?"), m, NULL);
        fruit_play_say(p, t, true);
        if (mg->left > 0)
            lang_fill(t, sizeof t, _("COLLECT ACCEPTS; PLAY REFUSES ({1} LEFT)"), n, NULL);
        else
            snprintf(t, sizeof t, "%s", _("THE LAST OFFER: COLLECT TO ACCEPT"));
        fruit_play_say2(p, t);
        break;
    case MINI_FIND:
        fruit_play_say(p, _("FIND THE PRIZES"), true);
        fruit_play_say2(p, _("CLICK AN ELEMENT, KEYS 1-9 OR PLAY"));
        break;
    default:
        fruit_play_say(p, _("LIFT A CAP"), true);
        fruit_play_say2(p, _("CLICK A CAP, ADVANCE/HOLD 1-3 OR PLAY"));
        break;
    }
    return true;
}

const char *fruit_play_mini_moment(const FruitPlay *p)
{
    static const char *const moments[MINI__COUNT] = {NULL, "strawberry", "choices", "find", "treasure"};
    return p->mini.game ? moments[p->mini.game] : NULL;
}

static bool pick_offered(const FruitPlay *p, int i)
{
    if (p->phase != FP_WAIT || !p->mini.game || !(machine_allowed(p->m) & 1u << CMD_PICK) || i < 0 ||
        i >= nchoices(p))
        return false;
    Offer o;
    machine_offer(p->m, &o);
    return o.arg[CMD_PICK].set >> i & 1u;
}

int fruit_play_mini_choice(const FruitPlay *p, int i)
{
    if (i < 0) { /* PLAY: the middle cap, else the first choice left */
        i = p->mini.game == MINI_TREASURE ? 1 : 0;
        while (i < nchoices(p) && !pick_offered(p, i))
            i++;
    }
    return pick_offered(p, i) ? i : -1;
}

int fruit_play_mini_reel_choice(const FruitPlay *p, int c)
{
    if (p->mini.game != MINI_FIND)
        return fruit_play_mini_choice(p, c);
    for (int r = 0; r < 3; r++) /* the column's first element left */
        if (pick_offered(p, r * 3 + c))
            return r * 3 + c;
    return -1;
}


/* ---- a risk's words ---------------------------------------------------------------------------- */

/* The marquee's words for the ladder now: its name, and what a risk may give. */
static void ladder_words(FruitPlay *p)
{
    const int r = p->rung_now;
    const char *up = r + 1 < FRUIT_RUNGS ? fruit_play_rung_name(r + 1) : _("THE TOP");
    char t[96], n[32];
    switch (p->ladder) {
    case LADDER_BONUS_UP: {
        const GameParam *w = gamedef_param(machine_game(p->m), "bonus_worth");
        const int64_t worth = w && w->n > 0 && w->v[0] > 0 ? w->v[0] : 80;
        const int64_t b = (p->prize + worth / 2) / worth;
        lang_fill(t, sizeof t, lang_trn("SUBE-BONOS: NEXT PRIZE OR {1} BONUS", "SUBE-BONOS: NEXT PRIZE OR {1} BONUSES", b),
                  fruit_play_count(b, n, sizeof n), NULL);
        fruit_play_say(p, t, true);
        lang_fill(t, sizeof t, _("RISK FOR {1} OR BONUSES, OR COLLECT"), up, NULL);
        break;
    }
    case LADDER_SEESAW:
        fruit_play_say(p, _("SEESAW"), true);
        lang_fill(t, sizeof t, _("RISK FOR {1} OR {2}, OR COLLECT"), up, r > 0 ? fruit_play_rung_name(r - 1) : "", NULL);
        break;
    case LADDER_UP_NOTHING:
        fruit_play_say(p, _("UP OR NOTHING"), true);
        lang_fill(t, sizeof t, _("RISK FOR {1} OR NOTHING, OR COLLECT"), up, NULL);
        break;
    default:
        fruit_play_say(p, _("COLLECT OR RISK"), true);
        t[0] = 0;
    }
    fruit_play_say2(p, t);
}

void fruit_play_risk_words(FruitPlay *p)
{
    if (!upper_words(p))
        ladder_words(p);
}
