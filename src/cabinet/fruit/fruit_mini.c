/* fruit_mini.c - the upper game's four minigames in the fruit machine scene. A minigame
 * replaces the prize of the Mushrooms', Flowers' or Logs' lines; its board comes over the
 * reel window and plays back what the machine's events say:
 *   Strawberry: strawberries fall into the big basket and share into three small ones, each
 *     shows a prize, they are swapped and covered, a sign says how many may be chosen; each
 *     basket chosen shows what it hid, the last choice uncovers the rest.
 *   Three Choices: the leprechaun shows coins with a prize: COLLECT accepts, PLAY refuses
 *     (twice at most: he hides and shows others); a bonus prize may complement it.
 *   Find the Prizes: nine flashing elements; each chosen shows a prize (added up), STOP
 *     (the end) or STOPX2 (the end, what was gathered doubled).
 *   Discover the Treasure: nine prizes on the reels, three drawn onto the middle row,
 *     shuffled and capped; the cap lifted rises over the prize won, then the others.
 * Then what it paid, and Double or Bonuses. The scene never decides: every prize shown is
 * an event's. It sends no command: the player's choice is made by fruit.c (fruit_press_choice)
 * from the choice this file finds offered, and when a moment is over fruit.c goes on. */
#include "fruit_priv.h"

#include <stdio.h>

static const char *const mini_names[MINI__COUNT] = {"", "STRAWBERRY", "THREE CHOICES", "FIND THE PRIZES",
                                                    "DISCOVER THE TREASURE"};

const char *fruit_mini_title(int game)
{
    static const char *const titles[MINI__COUNT] = {"a minigame", "Strawberry", "Three Choices", "Find the Prizes",
                                                    "Discover the Treasure"};
    return titles[game > MINI_NONE && game < MINI__COUNT ? game : MINI_NONE];
}

static int mini_ticks(int ms) { return APP_MS_TICKS(ms); }

static void step(Fruit *f, MiniStep s, int ms)
{
    f->play.mini.step = s;
    fruit_set_phase(f, FP_MINI, mini_ticks(ms));
}

static int nchoices(const Fruit *f) { return f->play.mini.game == MINI_FIND ? MINI_ITEMS : 3; }

static void say_amount(Fruit *f, const char *what, Money amount)
{
    char t[96], m[32];
    app_money_text(amount, m, sizeof m);
    snprintf(t, sizeof t, "%s %s", what, m);
    fruit_message(f, t, true);
}

/* The minigame begins: its name over the board. */
static void begin(Fruit *f, const EventMinigame *e)
{
    FruitMini *mg = &f->play.mini;
    *mg = (FruitMini){.game = e->game < MINI__COUNT ? e->game : MINI_NONE, .choices = e->choices,
                      .left = e->choices, .replaces = e->replaces, .most = e->most, .pick = -1, .hover = -1};
    f->play.win_line = false;
    f->play.prize = 0;
    char t[96], a[32], b[32];
    snprintf(t, sizeof t, "%s!", mini_names[mg->game]);
    fruit_message(f, t, true);
    app_money_text(e->replaces, a, sizeof a);
    app_money_text(e->most, b, sizeof b);
    snprintf(t, sizeof t, "IN PLACE OF %s: UP TO %s", a, b);
    fruit_message2(f, t);
    fruit_cue(f, CUE_CAULDRONS, AUDIO_WINS);
    step(f, MS_INTRO, 2200);
}

/* What a choice uncovered (an EventPick of the minigame). */
static int picked(Fruit *f, const EventPick *e)
{
    FruitMini *mg = &f->play.mini;
    const int n = e->noptions < MINI_ITEMS ? e->noptions : MINI_ITEMS;
    if (e->choice == EVENT_OFF) { /* prizes shown before the choice */
        if (mg->game == MINI_TREASURE && n == MINI_ITEMS) {
            for (int i = 0; i < n; i++)
                mg->shown[i] = e->amount[i];
            return -1; /* the three onto the reels come next */
        }
        for (int i = 0; i < n && i < 3; i++)
            (mg->game == MINI_TREASURE ? mg->reel : mg->shown)[i] = e->amount[i];
        step(f, MS_SHOW, mg->game == MINI_TREASURE ? 5200 : 5600);
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
    f->play.prize = mg->gathered;
    if (mg->game == MINI_FIND && e->label[c] == PICK_STOP) {
        fruit_message(f, "STOP!", true);
        fruit_cue(f, CUE_LOSE, AUDIO_WINS);
    } else if (mg->game == MINI_FIND && e->label[c] == PICK_STOP_DOUBLE) {
        say_amount(f, "STOP X2!", mg->gathered);
        fruit_cue(f, CUE_LADDER_UP, AUDIO_WINS);
    } else {
        say_amount(f, mg->game == MINI_TREASURE ? "THE TREASURE:" : "FOUND", e->amount[c]);
        fruit_cue(f, CUE_LID, AUDIO_WINS);
    }
    step(f, MS_REVEAL, mg->game == MINI_TREASURE ? 2600 : mg->game == MINI_FIND ? 1100 : 1500);
    return 1;
}

/* The leprechaun's coins: a prize on offer (the first, or the next after a refusal). */
static void coins(Fruit *f, const EventPrize *e)
{
    FruitMini *mg = &f->play.mini;
    mg->coin = e->amount;
    if (mg->offers < MINI_ITEMS)
        mg->shown[mg->offers] = e->amount; /* the offers, in order: those refused are shown */
    if (mg->offers++ > 0 && mg->left > 0)
        mg->left--; /* one refused */
    f->play.prize = e->amount;
    say_amount(f, "THE LEPRECHAUN OFFERS", e->amount);
    fruit_cue(f, mg->offers == 1 ? CUE_PRIZE : CUE_NUDGE, AUDIO_WINS);
    step(f, mg->offers == 1 ? MS_SHOW : MS_REVEAL, mg->offers == 1 ? 1800 : 2000);
}

int fruit_mini_event(Fruit *f, const Event *e)
{
    FruitMini *mg = &f->play.mini;
    if (e->type == EVENT_MINIGAME && e->minigame.stage == 0) {
        begin(f, &e->minigame);
        return 1;
    }
    if (!mg->game)
        return 0;
    switch (e->type) {
    case EVENT_PICK:
        return picked(f, &e->pick);
    case EVENT_PRIZE:
        if (mg->game != MINI_CHOICES || e->prize.fraction)
            return 0;
        coins(f, &e->prize);
        return 1;
    case EVENT_COLLECT: /* the leprechaun's prize accepted (its bonus prize with it) */
        mg->gathered = e->collect.amount;
        mg->bonuses = e->collect.bonuses;
        f->play.prize = e->collect.amount;
        say_amount(f, "ACCEPTED", e->collect.amount);
        fruit_cue(f, CUE_PRIZE, AUDIO_WINS);
        step(f, MS_ACCEPT, 1600);
        return 1;
    case EVENT_MINIGAME: { /* the end: what it paid */
        mg->paid = e->minigame.amount;
        mg->bonuses = e->minigame.bonuses;
        f->play.bonuses_extra += e->minigame.bonuses;
        f->play.prize = e->minigame.amount;
        char t[96], m[32];
        app_money_text(mg->paid, m, sizeof m);
        snprintf(t, sizeof t, "%s PAYS %s", mini_names[mg->game], m);
        fruit_message(f, t, true);
        if (mg->bonuses) {
            snprintf(t, sizeof t, "AND A BONUS PRIZE OF %lld BONUS%s", (long long)mg->bonuses,
                     mg->bonuses == 1 ? "" : "ES");
            fruit_message2(f, t);
        }
        fruit_cue(f, CUE_COUNT_UP, AUDIO_WINS);
        step(f, MS_END, 2600);
        return 1;
    }
    default:
        return 0;
    }
}

void fruit_mini_done(Fruit *f)
{
    FruitMini *mg = &f->play.mini;
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

void fruit_mini_tick(Fruit *f, uint64_t k)
{
    const FruitMini *mg = &f->play.mini;
    const uint64_t len = (uint64_t)f->play.phase_len;
    switch (mg->step) {
    case MS_INTRO:
        if (k == len * 3 / 5)
            fruit_shot(f, "minigame", -1);
        break;
    case MS_SHOW:
        if (mg->game == MINI_STRAWBERRY) {
            if (k < len * 2 / 5 && k % 9 == 0)
                fruit_cue(f, CUE_LADDER_TICK, AUDIO_UI); /* a strawberry drops */
            if (k == len * 55 / 100)
                fruit_shot(f, "baskets", -1);
            if (k > len * 62 / 100 && k < len * 80 / 100 && k % 12 == 0)
                fruit_cue(f, CUE_NUDGE, AUDIO_UI); /* swapped */
        } else if (mg->game == MINI_TREASURE) {
            if (k == len * 15 / 100)
                fruit_shot(f, "treasures", -1);
            if (k > len * 45 / 100 && k < len * 75 / 100 && k % 12 == 0)
                fruit_cue(f, CUE_NUDGE, AUDIO_UI);
            if (k == len * 40 / 100)
                fruit_shot(f, "three", -1);
        } else if (k == len * 3 / 4) {
            fruit_shot(f, "coins", -1);
        }
        break;
    case MS_REVEAL:
        if (k == len * 3 / 4)
            fruit_shot_next(f, mg->game == MINI_CHOICES ? "coins-again" : "uncovered");
        break;
    case MS_ACCEPT:
        if (k == len / 2)
            fruit_shot(f, "accepted", -1);
        break;
    case MS_END:
        if (k == len / 2)
            fruit_shot(f, "minigame-paid", -1);
        break;
    }
}

bool fruit_mini_wait_message(Fruit *f)
{
    const FruitMini *mg = &f->play.mini;
    if (!mg->game)
        return false;
    char t[96], m[32];
    switch (mg->game) {
    case MINI_STRAWBERRY:
        snprintf(t, sizeof t, "CHOOSE %d BASKET%s", mg->left, mg->left == 1 ? "" : "S");
        fruit_message(f, t, true);
        fruit_message2(f, "CLICK A BASKET, ADVANCE/HOLD 1-3 OR PLAY");
        break;
    case MINI_CHOICES:
        app_money_text(mg->coin, m, sizeof m);
        snprintf(t, sizeof t, "ACCEPT %s?", m);
        fruit_message(f, t, true);
        if (mg->left > 0)
            snprintf(t, sizeof t, "COLLECT ACCEPTS; PLAY REFUSES (%d LEFT)", mg->left);
        else
            snprintf(t, sizeof t, "THE LAST OFFER: COLLECT TO ACCEPT");
        fruit_message2(f, t);
        break;
    case MINI_FIND:
        fruit_message(f, "FIND THE PRIZES", true);
        fruit_message2(f, "CLICK AN ELEMENT, KEYS 1-9 OR PLAY");
        break;
    default:
        fruit_message(f, "LIFT A CAP", true);
        fruit_message2(f, "CLICK A CAP, ADVANCE/HOLD 1-3 OR PLAY");
        break;
    }
    return true;
}

const char *fruit_mini_moment(const Fruit *f)
{
    static const char *const moments[MINI__COUNT] = {NULL, "strawberry", "choices", "find", "treasure"};
    return f->play.mini.game ? moments[f->play.mini.game] : NULL;
}

static bool pick_offered(const Fruit *f, int i)
{
    if (f->play.phase != FP_WAIT || !f->play.mini.game || !(machine_allowed(f->play.m) & 1u << CMD_PICK) || i < 0 ||
        i >= nchoices(f))
        return false;
    Offer o;
    machine_offer(f->play.m, &o);
    return o.arg[CMD_PICK].set >> i & 1u;
}

int fruit_mini_choice(const Fruit *f, int i)
{
    if (i < 0) { /* PLAY: the middle cap, else the first choice left */
        i = f->play.mini.game == MINI_TREASURE ? 1 : 0;
        while (i < nchoices(f) && !pick_offered(f, i))
            i++;
    }
    return pick_offered(f, i) ? i : -1;
}

int fruit_mini_reel_choice(const Fruit *f, int c)
{
    if (f->play.mini.game != MINI_FIND)
        return fruit_mini_choice(f, c);
    for (int r = 0; r < 3; r++) /* the column's first element left */
        if (pick_offered(f, r * 3 + c))
            return r * 3 + c;
    return -1;
}

int fruit_mini_pointer(Fruit *f, const Input *in)
{
    if (!f->play.mini.game || f->play.phase != FP_WAIT || !(machine_allowed(f->play.m) & 1u << CMD_PICK))
        return -1;
    const int over = fruit_mini_hit(f, (float)in->x, (float)in->y);
    if (in->type == INPUT_MOVE)
        f->play.mini.hover = pick_offered(f, over) ? over : -1;
    else if (in->type == INPUT_RELEASE && over >= 0)
        return fruit_mini_choice(f, over);
    return -1;
}
