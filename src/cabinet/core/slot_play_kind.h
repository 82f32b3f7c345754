/* slot_play_kind.h - a kind of play as the video slot's timeline sees it (the play side of a
 * kind; the view side is the scene's SlotKind, src/cabinet/kinds/): what the kind keeps of a
 * round's events (its own state, which the timeline holds as an opaque pointer and never
 * reads), which of them it shows as its own moments on the reels (PH_ACTION, for the ticks it
 * says), which wins show together, and the words its state adds to what a round's pictures
 * begin from. Plain C with no SDL, in the play core: core/ways_play.c, core/clusters_play.c,
 * and tests/kind_play.c (a kind that lives only in the tests) are ones.
 *
 * A kind's hooks take the timeline (SlotPlay) and may change what is on screen as the round
 * knows it (SlotPlay.shown, .held: a wild that moved) and ask for sounds through its view
 * (slot_play_cue); they never send a command nor change the phase. */
#ifndef SLOTCAB_SLOT_PLAY_KIND_H
#define SLOTCAB_SLOT_PLAY_KIND_H

#include "event.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct SlotPlay SlotPlay;

/* How the timeline shows an event a kind takes (PH_ACTION): for `ticks` (0: not shown, the
 * timeline takes the event), with a screenshot named `moment` (numbered in the spin when
 * `numbered`) at tick `shot_at` of it (0: three fifths of the way through). */
typedef struct SlotAction {
    int ticks;
    const char *moment;
    bool numbered;
    int shot_at;
    bool veiled;     /* the reels are veiled under it (a pick's tiles turning) */
    bool then_start; /* at its end START's banner plays (the pick's reveal), not the next event */
    bool then_take;  /* at its end the timeline takes the event itself: a moment shown before
                      * it (the maximum win, before the feature's end or the round's) */
} SlotAction;

typedef struct SlotPlayKind {
    const char *name;         /* as a theme names its kind: "ways" */
    const char *const *rules; /* the rules modules it plays, NULL-terminated */
    /* The names its hooks ask sounds by (slot_play_cue: "slice"), NULL-terminated (NULL:
     * none): with the timeline's (slot_play_sounds), what its games' themes may give. */
    const char *const *sounds;
    /* Its state for a timeline on p->seat's game, made at slot_play_init (NULL: out of
     * memory); NULL: a kind with no state of its own. destroy frees it. */
    void *(*create)(const SlotPlay *p);
    void (*destroy)(void *k);
    /* Every event, before the timeline takes it (NULL: none): the kind keeps what it shows of
     * it and says how long to show it (PH_ACTION; a->ticks 0: the timeline takes it). */
    void (*event)(void *k, SlotPlay *p, const Event *e, uint64_t now, SlotAction *a);
    /* A moment of PH_ACTION ended (NULL: nothing): what it showed is now on screen. */
    void (*action_end)(void *k, SlotPlay *p, const Event *e);
    /* Whether win `next` shows together with `first` (NULL: the spin's wins, none taken
     * yet); NULL: all of a spin's wins show together. */
    bool (*shown_with)(const EventWin *first, const EventWin *next);
    /* The words its state adds to what a round's pictures begin from (two numbers; NULL:
     * " 0 0"), and its state from them (false: words it cannot read; NULL: any two numbers). */
    void (*show_words)(const void *k, char *out, size_t size);
    bool (*show_restore)(void *k, const char *words);
    /* Whether the queued event `e` will be a moment of the kind's that tells the round's
     * amount (the maximum win's, before the round's end): the wins before it then count on
     * the meter as usual, not left to the celebration's count (NULL: none will). */
    bool (*tells_amount)(const void *k, const SlotPlay *p, const Event *e);
} SlotPlayKind;

/* The play kinds of the cabinet's games (slot_play_kinds.c): the one that plays the rules
 * module `rules` (NULL: one with nothing of its own to add, as lines). */
const SlotPlayKind *slot_play_kind_for(const char *rules);

#endif
