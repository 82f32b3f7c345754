/* kind_play.c - the play side of the kind test game's kind (see kind_game.h), as a new kind
 * of play is written for the video slot's timeline (core/slot_play_kind.h): each coin that
 * turns (KIND_EVENT_COIN, the game's own event) changes what is on screen as the round knows it and is shown on the
 * reels for KIND_COIN_TICKS, with its sound and a numbered moment; the kind counts the coins
 * of a round, and the words a round's pictures begin from carry the count the round before. */
#include "kind_game.h"

#include <stdio.h>
#include <stdlib.h>

static void kp_event(void *k, SlotPlay *p, const Event *e, uint64_t now, SlotAction *a)
{
    KindPlay *kp = k;
    (void)now;
    if (e->type == EVENT_ROUND_START) {
        kp->coins = 0;
    } else if (kind_coin(e)) {
        p->shown.cell[0][kind_coin(e)->reel] = kind_coin(e)->to;
        kp->coins++;
        slot_play_cue(p, "coin", PLAY_WINS);
        *a = (SlotAction){.ticks = KIND_COIN_TICKS, .moment = "coin", .numbered = true};
    }
}

static void *kp_create(const SlotPlay *p)
{
    (void)p;
    return calloc(1, sizeof(KindPlay));
}

static void kp_show_words(const void *k, char *out, size_t size)
{
    snprintf(out, size, " %d %d", 1, ((const KindPlay *)k)->coins);
}

static bool kp_show_restore(void *k, const char *words)
{
    int one, coins;
    if (sscanf(words, "%d %d", &one, &coins) != 2 || one != 1 || coins < 0)
        return false;
    ((KindPlay *)k)->coins = coins;
    return true;
}

static const char *const kp_rules[] = {"kind-test", NULL};
static const char *const kp_sounds[] = {"coin", NULL};

const SlotPlayKind kind_play_kind = {
    .name = "coins",
    .rules = kp_rules,
    .sounds = kp_sounds,
    .create = kp_create,
    .destroy = free,
    .event = kp_event,
    .show_words = kp_show_words,
    .show_restore = kp_show_restore,
};
