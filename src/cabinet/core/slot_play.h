/* slot_play.h - the video slot's round timeline, in the play core: what a round's events
 * show and when (the reels spinning to a screen, each win in turn, the awards' and features'
 * banners, a pick, a kind's own moments, the win meter counting), the player's
 * SPIN, STOP, START and PICK as the timeline takes them, and the settlement at the round's
 * end. Plain C with no SDL: time comes in as a tick (`now`, CLOCK_HZ), and what the timeline
 * needs of the picture (reels that spin and land, sounds, screenshots) goes through a
 * SlotPlayView, which the slot scene (src/cabinet/slot/) fills and tests/test_slot_play.c
 * fills with a stub of its own. What a kind of play adds (its state, its moments, which wins
 * show together) is its SlotPlayKind (slot_play_kind.h: core/ways_play.c, clusters_play.c).
 *
 * SlotPlay owns the timeline's state: the phase, the queue of the machine's events, the wins
 * being shown, the meter, the banner, what is on screen as the round knows it, and its kind's
 * state (opaque to it). The scene embeds one (Slot.play), draws from it and never changes the
 * phase itself. */
#ifndef SLOTCAB_SLOT_PLAY_H
#define SLOTCAB_SLOT_PLAY_H

#include "evqueue.h"
#include "playcue.h"
#include "seat.h"
#include "slot_play_kind.h"

#define SLOT_PLAY_MAX_WINS 64
/* A celebrated round's last wins are shown together in at most this long (each at least
 * SLOT_PLAY_QUICK_MIN ticks), then its celebration. */
#define SLOT_PLAY_QUICK_MS 2400
#define SLOT_PLAY_QUICK_MIN 6

typedef enum Phase {
    PH_IDLE,        /* waiting for SPIN; the last round's wins keep cycling */
    PH_SPINNING,    /* reels moving toward the screen of the current SCREEN event */
    PH_WINS,        /* the current spin's wins, one after another */
    PH_BANNER,      /* an award, feature intro/outro, big win or jackpot banner */
    PH_AWAIT_START, /* free spins awarded: the player presses START */
    PH_PICK,        /* free spins awarded in a game with a pick (GameRules.pick_tiles): the
                     * player picks a tile */
    PH_ACTION,      /* a kind's own moment, for the ticks its SlotPlayKind says (a pick's
                     * reveal, an expansion, a cut, a move, a battle, the cap) */
} Phase;

typedef enum Banner {
    BANNER_AWARD,
    BANNER_START,
    BANNER_OUTRO,
    BANNER_BIG_WIN,
    BANNER_JACKPOT,
} Banner;

/* What the timeline needs of the picture. Every function is called with `ctx`; one that may
 * be NULL says so. Cues are named as the theme names its sounds ("win_big", "button"). */
typedef struct SlotPlayView {
    void *ctx;
    /* The reels set moving toward e's screen (SlotPlay.shown is still the screen they leave,
     * SlotPlay.held the cells that stay), their spinning sound looping. */
    void (*reels_start)(void *ctx, const EventScreen *e);
    /* One tick of the reels; true once all have landed. */
    bool (*reels_update)(void *ctx, uint64_t now);
    /* STOP: the reels still moving land quickly. */
    void (*reels_quick_stop)(void *ctx);
    void (*cue)(void *ctx, const char *name, PlayLayer layer);
    /* A screenshot of a named moment (rRR-sSS-MOMENT[-KK]). */
    void (*shot)(void *ctx, const char *name);
    /* An event taken off the queue, presented from now (NULL: nothing). */
    void (*presented)(void *ctx, const Event *e);
    /* The round settled with `total` (NULL: nothing more); before the phase goes idle. */
    void (*settled)(void *ctx, Money total);
    /* The phase changed to `p` (NULL: nothing). */
    void (*phase)(void *ctx, Phase p);
    /* The memory refused a step: the program ends with err. */
    void (*fail)(void *ctx, const Error *err);
} SlotPlayView;

/* The show's lengths in ticks and the big win's tiers, from the theme. */
typedef struct SlotPlayShow {
    int win_ticks;      /* each win shown */
    int banner_ticks;   /* a feature intro or outro */
    int count_up_ticks; /* the win meter counting up */
    int big_win_ticks;  /* the big-win celebration */
    int big_win_x, mega_win_x, epic_win_x; /* a round win of this many times the bet */
} SlotPlayShow;

typedef struct SlotPlay {
    Seat *seat;
    SlotPlayView view;
    SlotPlayShow show;
    const SlotPlayKind *kind; /* what the kind of play adds (NULL: nothing) */
    void *kstate;             /* its state (kind->create), read only through its header */
    int pick_tiles; /* tiles of the pick before free spins, 0 when START takes no pick */
    bool failed;    /* the memory refused a step (view.fail was called) */

    /* what is on screen, as the round knows it */
    Grid shown;
    CellMask held;
    SpinKind spin_kind;
    int spin_index;
    int free_left, extra_left;
    bool in_feature;
    bool fast;           /* STOP pressed: the reels land quickly */
    int scatters_landed; /* scatters on the reels landed so far in this spin (the view counts) */

    /* the kind's moment shown now (PH_ACTION): its event and how it is shown */
    Event action;
    SlotAction action_show;
    int action_no; /* the kind's numbered moments shown in this spin */

    /* the round being played back */
    EventQueue queue; /* the machine's events the timeline has not presented yet */
    Phase phase;
    uint64_t phase_t0;
    EventWin wins[SLOT_PLAY_MAX_WINS];
    int nwins, win_at;
    uint64_t win_t0;
    int win_each;   /* ticks each win is shown now (shown.win_ticks, less before a celebration) */
    bool win_quick; /* this spin's wins lead straight to the round's celebration: the meter
                     * leaves them to its count (they are shown quickly, as before an outro
                     * that leads to it) */
    Money spin_win, round_win, feature_win;
    Money meter_from, meter_to; /* the win meter counts up between these */
    uint64_t meter_t0;
    Banner banner;
    int banner_spins;
    bool banner_retrigger;
    Feature banner_feature;
    Money banner_amount;
    Money count_from;    /* a big win's count begins here (after the jackpot's: its amount) */
    bool banner_skipped; /* SPIN during a count-up: the count is at its end */
    int tier;            /* the big win's final tier: 1 big, 2 mega, 3 epic */
    int tier_cued;       /* the tier its count has reached (a fanfare each) */
    bool round_active;
    bool recovering; /* replaying a round rebuilt from the journal, quickly */
    bool jackpot_pending;
    Money jackpot_amount;
    int round_free_spins; /* free and jewel spins played in this round */
    bool round_jackpot;
    Money pool_shown; /* the jackpot meter held at what the round pays */
    bool pool_held;   /* a round in play: the meter shows pool_shown */
    int screens_shown; /* scripted: spins shown so far (the scenario's spin index) */
    int stop_ms;       /* scripted: this spin's STOP, ms into it (-1: none) */
} SlotPlay;

/* ---- the timeline (slot_play.c) ----------------------------------------------------------- */

/* Idle, on seat's machine (open), before the first round, with `kind`'s state made (kind
 * NULL: a kind that adds nothing); -1 when out of memory (err says so). */
int slot_play_init(SlotPlay *p, Seat *seat, const SlotPlayKind *kind, const SlotPlayView *view,
                   const SlotPlayShow *show, uint64_t now, Error *err);
void slot_play_free(SlotPlay *p);
/* A sound by the theme's name, through the view (for the kinds). */
void slot_play_cue(SlotPlay *p, const char *name, PlayLayer layer);
/* The names the timeline itself asks sounds by (a kind adds its own, SlotPlayKind.sounds),
 * NULL-terminated: what a theme of a video slot may give sounds for, with its view's. */
extern const char *const slot_play_sounds[];
/* Begins a round of `bet` (the caller checked the balance covers it) and starts showing it;
 * -1 when the memory refused it (view.fail was called). */
int slot_play_start_round(SlotPlay *p, const Bet *bet, uint64_t now);
/* A round a crash left open: the machine replays its journal and the timeline plays the
 * replayed events back quickly, then goes on where the round stopped. */
int slot_play_recover(SlotPlay *p, const StoreRound *r, uint64_t now, Error *err);
/* The main button in any phase but PH_IDLE (the scene begins rounds): STOP, skip, START. */
void slot_play_press(SlotPlay *p, uint64_t now);
/* The player's pick before free spins (in PH_PICK; anything else is ignored). */
void slot_play_pick(SlotPlay *p, int tile, uint64_t now);
/* Skips animations: a recovered round's replay, and headless autoplay. */
void slot_play_fast_forward(SlotPlay *p);
/* One tick of the timeline. */
void slot_play_tick(SlotPlay *p, uint64_t now);
/* In idle, the last round's wins keep cycling (after the tick's buttons). */
void slot_play_idle(SlotPlay *p, uint64_t now);
/* A screenshot of a named moment, rRR-sSS-MOMENT[-KK] (k < 0: no number). */
void slot_play_shot(SlotPlay *p, const char *moment, int k);

/* ---- what the show counts (slot_play_show.c) ---------------------------------------------- */

/* The celebration's tier of a round win: 0 none, 1 big, 2 mega, 3 epic (by multiple of the
 * round's bet). */
int slot_play_tier_of(const SlotPlay *p, Money win);
/* The banner shown now: its length, and (a big win, the jackpot) its count-up's length, in
 * ticks; the amount its count shows at tick k of it. */
uint64_t slot_play_banner_ticks(const SlotPlay *p);
uint64_t slot_play_count_ticks(const SlotPlay *p);
Money slot_play_banner_count(const SlotPlay *p, uint64_t k);
/* The win meter's value at `now` (it counts up; during a big win or the jackpot it shows what
 * the celebration's count shows, or what it showed before when that is more: it never goes
 * back down in a round). */
Money slot_play_meter_value(const SlotPlay *p, uint64_t now);
/* The feature's win as the meter counts it: this spin's win joins it as the WIN meter counts
 * it up, so the two agree at every frame. */
Money slot_play_feature_win_value(const SlotPlay *p, uint64_t now);
/* What a round's pictures begin from, in words (Seat.show): the screen the reels spin away
 * from, then the kind's words (a ways game's count); shown again in a replay (words it cannot
 * read, another version's, leave what is shown). */
void slot_play_show_words(const SlotPlay *p, char *out, size_t size);
void slot_play_show_restore(SlotPlay *p, const char *words);

#endif
