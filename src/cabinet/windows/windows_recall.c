/* windows_recall.c - game recall: the last rounds of this game, from the store, and one of
 * them shown spin by spin.
 *
 * A recalled round is never read back from pictures or from what the scene showed: the
 * engine replays it from its journal (the seed, the commands, the carried state, the game
 * file and configuration it was played with), and the recall shows the events the replay
 * gives. When the replay cannot be made as the round was played, or does not end with the
 * win the history recorded, the window says why instead. Kinds of spin and features are
 * named as the game names them (GameNames). */
#include "windows_priv.h"
#include "event.h"
#include "lang.h"
#include "machine.h"
#include "opconfig.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HISTORY_ROWS 14 /* rows on a recall page */
#define HISTORY_TOP 190 /* the first row's top */
#define HISTORY_PITCH 46

static const SDL_FRect RECALL_BOX = {160, 60, 1600, 900};
#define LINE_W (RECALL_BOX.w - 80) /* a line across the window, inside its frame */
/* The history's columns: where each starts, and its width (to the next, a gap before it). */
static const float cx[] = {210, 330, 640, 800, 990, 1230, 1470};
static float col_w(int i) { return (i < 6 ? cx[i + 1] : RECALL_BOX.x + RECALL_BOX.w - 40) - cx[i] - 10; }

int windows_history_pages(const Windows *w)
{
    const int n = w->recall.nhistory;
    return n ? (n + HISTORY_ROWS - 1) / HISTORY_ROWS : 1;
}

int windows_recall_pages(const Windows *w) { return w->recall.nspins ? w->recall.nspins : 1; }

void windows_history_load(Windows *w)
{
    WindowsRecall *r = &w->recall;
    if (!r->history)
        r->history = calloc(HISTORY_MAX, sizeof *r->history);
    Error err;
    r->nhistory = r->history ? store_history(app_store(w->host.app), w->host.def->id, r->history,
                                             HISTORY_MAX, &err)
                             : 0;
    if (r->nhistory < 0)
        r->nhistory = 0;
}

int windows_history_row_at(const Windows *w, float x, float y)
{
    int row = (int)((y - HISTORY_TOP) / HISTORY_PITCH);
    int i = w->page * HISTORY_ROWS + row;
    bool in = y >= HISTORY_TOP && row < HISTORY_ROWS && i < w->recall.nhistory && x > 200 && x < 1720;
    return in ? i : -1;
}

/* The engine's replay of the round into r->events, or r->problem. */
static void replay(Windows *w, const StoreHistoryRow *row)
{
    WindowsRecall *rc = &w->recall;
    const GameDef *now = w->host.def;
    StoreRound *r = malloc(sizeof *r);
    Error err;
    if (!r || store_round_load(app_store(w->host.app), row->id, r, &err)) {
        rc->problem = N_("Its journal cannot be read: see slotcab --audit.");
        free(r);
        return;
    }
    /* the round as it was played: its game file (the same bytes), and the operator's
     * configuration it journaled, not today's (a round of an older memory has none) */
    const GameDef *def = now;
    GameDef *then = NULL;
    if (r->game_hash[0] && (strcmp(r->game_hash, now->hash) || strcmp(r->config, w->host.config))) {
        then = malloc(sizeof *then);
        if (!then || opconfig_load_as_played(app_options(w->host.app)->games_dir, now->id, r->game_hash,
                                             r->config, then, &err)) {
            rc->problem = strcmp(r->game_hash, now->hash)
                ? N_("This round was played with another version of the game file: it cannot be shown as it was.")
                : N_("The configuration this round was played with cannot be applied again.");
            free(then);
            free(r);
            return;
        }
        def = then;
    }
    Machine *m = machine_create(&(MachineDesc){.game = def}, &err);
    int64_t carried[CARRIED_MAX];
    RoundInputs in = {.bet = r->bet, .has_pool = r->has_pool, .pool = r->pool_before,
                      .seed = r->seed, .commands = r->commands, .ncommands = r->ncommands,
                      .has_bonuses = true, .bonuses = r->bonuses_before};
    if (r->carried[0] && machine_carried_parse(def, r->carried, carried, &err)) {
        rc->problem = N_("The state this round carried in cannot be read by this build.");
        machine_destroy(m);
        free(then);
        free(r);
        return;
    }
    in.carried = r->carried[0] ? carried : NULL;
    /* a forced round replays with its scenario: the headless run's, or the file it names (QA's
     * pick) read again */
    Scenario named;
    memset(&named, 0, sizeof named);
    const Scenario *sc = w->host.forced && !strcmp(w->host.forced->path, r->scenario) ? w->host.forced : NULL;
    if (row->forced_spins > 0 && !sc) {
        if (scenario_load(r->scenario, def, &named, &err)) {
            rc->problem = N_("This round was forced by a scenario file that cannot be read now: put it back to recall it.");
            machine_destroy(m);
            free(then);
            free(r);
            return;
        }
        sc = &named;
    }
    if (row->forced_spins > 0) {
        const int at = row->forced_from < sc->nspins ? row->forced_from : sc->nspins;
        in.forced = sc->spins + at;
        in.nforced = sc->nspins - at;
    }
    bool ok = m && machine_replay(m, &in, &err) == 0;
    int n = 0;
    const Event *ev = ok ? machine_events(m, &n) : NULL;
    free(rc->events);
    rc->events = ok && n ? malloc((size_t)n * sizeof *ev) : NULL;
    if (rc->events) {
        memcpy(rc->events, ev, (size_t)n * sizeof *ev);
        rc->nevents = n;
        for (int i = 0; i < n; i++)
            rc->nspins += ev[i].type == EVENT_SCREEN;
    }
    Money win = 0;
    for (int i = 0; i < n; i++)
        if (ev[i].type == EVENT_ROUND_END)
            win = ev[i].round_end.total_win;
    if (!ok || !rc->events)
        rc->problem = N_("The engine could not replay this round's journal.");
    else if (win != row->win)
        rc->problem = N_("The replay does not end with the win the history recorded: see slotcab --audit.");
    machine_destroy(m);
    scenario_free(&named);
    free(then);
    free(r);
}

void windows_recall_open(Windows *w, int i)
{
    WindowsRecall *r = &w->recall;
    r->round = r->history[i];
    r->spin = 0;
    r->nspins = 0;
    r->nevents = 0;
    r->problem = NULL;
    w->shown = WINDOW_RECALL;
    app_note_round(w->host.app, w->host.def->id, r->round.id); /* F12 names the round recalled */
    replay(w, &r->round);
}

void windows_recall_free(WindowsRecall *r)
{
    free(r->history);
    free(r->events);
}

/* The history's FEATURES column of a round: what it held, and whether QA forced it. */
static void history_features(const StoreHistoryRow *h, char *t, size_t size)
{
    char n[16];
    snprintf(n, sizeof n, "%d", h->free_spins);
    if (h->forced) /* QA's, not real play */
        if (h->jackpots)
            snprintf(t, size, "%s", _("FORCED JACKPOT"));
        else if (h->free_spins) /* TRANSLATORS: FS: free spins, in a narrow column */
            lang_fill(t, size, _("FORCED, {1} FS"), n, NULL);
        else
            snprintf(t, size, "%s", _("FORCED"));
    else if (h->jackpots)
        snprintf(t, size, "%s", _("JACKPOT"));
    else if (h->free_spins)
        lang_fill(t, size, lang_trn("{1} free spin", "{1} free spins", h->free_spins), n, NULL);
    else
        snprintf(t, size, "-");
}

void windows_draw_history(Windows *w)
{
    const WindowsLook *k = &w->host.look;
    const WindowsRecall *r = &w->recall;
    windows_frame(w, RECALL_BOX, _("GAME RECALL"));
    static const char *const cols[] = {N_("ROUND"), N_("TIME (UTC)"), N_("BET"), N_("WIN"), N_("BALANCE BEFORE"),
                                       N_("BALANCE AFTER"), N_("FEATURES")};
    for (int i = 0; i < 7; i++)
        windows_line(w, k->tiny, cx[i], 150, col_w(i), GFX_LEFT, k->dim, false, _(cols[i]));
    if (!r->nhistory)
        windows_line(w, k->small, 960, 300, LINE_W, GFX_CENTER, k->text, false, _("No rounds played yet."));
    for (int row = 0; row < HISTORY_ROWS; row++) {
        int i = w->page * HISTORY_ROWS + row;
        if (i >= r->nhistory)
            break;
        const StoreHistoryRow *h = &r->history[i];
        float y = HISTORY_TOP + (float)row * HISTORY_PITCH;
        char t[64];
        SDL_Color c = h->win > 0 ? k->text : k->dim;
        snprintf(t, sizeof t, "%lld", (long long)h->id);
        windows_line(w, k->small, cx[0], y, col_w(0), GFX_LEFT, c, false, t);
        windows_line(w, k->tiny, cx[1], y + 4, col_w(1), GFX_LEFT, c, false, h->started);
        const Money amounts[] = {h->bet, h->win, h->balance_before, h->balance_after};
        for (int a = 0; a < 4; a++) {
            w->host.money_text(amounts[a], t, sizeof t);
            const SDL_Color ac = a == 1 && h->win > 0 ? k->accent : c; /* a win, lit */
            windows_line(w, k->small, cx[2 + a], y, col_w(2 + a), GFX_LEFT, ac, false, t);
        }
        history_features(h, t, sizeof t);
        windows_line(w, k->small, cx[6], y, col_w(6), GFX_LEFT, c, false, t);
    }
    char t[160], a[16], b[16];
    snprintf(a, sizeof a, "%d", w->page + 1);
    snprintf(b, sizeof b, "%d", windows_history_pages(w));
    lang_fill(t, sizeof t, _("Click a round to replay it  \xE2\x80\xA2  page {1} of {2}"), a, b, NULL);
    windows_line(w, k->tiny, 960, 840, LINE_W, GFX_CENTER, k->dim, false, t);
    windows_draw_paging(w);
}

/* A kind of spin as the recall names it, from the game's name for it: "base spin", "free
 * spins", "<extra kind> free spin"; spins of the extra kind are free spins too. */
static void spin_words(const GameDef *def, SpinKind kind, bool plural, char *out, size_t size)
{
    /* the phrases the games' kinds of spin make, for the catalogue: a game with a new kind of
     * spin adds its two here (one not listed is shown in English, and the layout check says so) */
    static const char *const phrases[] = {
        N_("base spin"), N_("base spins"), N_("free spin"), N_("free spins"),
        N_("jewel free spin"), N_("jewel free spins"), N_("respin free spin"), N_("respin free spins"),
        N_("extra_spin free spin"), N_("extra_spin free spins"),
    };
    char en[64];
    snprintf(en, sizeof en, "%s%s spin%s", event_spin_name(def, kind), kind == SPIN_EXTRA ? " free" : "",
             plural ? "s" : "");
    const char *word = en;
    for (size_t i = 0; i < SDL_arraysize(phrases); i++)
        if (!strcmp(en, phrases[i]))
            word = phrases[i];
    snprintf(out, size, "%s", _(word));
}

/* What one of the spin's events says, in `t`; false for an event the recall does not list. */
static bool event_line(const Windows *w, const Event *e, char *t, size_t size)
{
    const GameDef *def = w->host.def;
    char a[48], n[24], m[24];
    if (w->host.event_line && w->host.event_line(w->host.scene, e, t, size))
        return true; /* the scene's own kind of event */
    if (e->type == EVENT_WIN) {
        const EventWin *win = &e->win;
        w->host.money_text(win->amount, a, sizeof a);
        const char *sym = event_win_of(def, win, false); /* the game's name of the symbol, as it is */
        snprintf(n, sizeof n, "%d", win->count);
        snprintf(m, sizeof m, "%d", win->line);
        if (win->kind == WIN_CLUSTER)
            lang_fill(t, size, _("cluster of {1} \xC3\x97 {2}: {3}"), n, sym, a, NULL);
        else if (win->kind == WIN_EXPANDING)
            lang_fill(t, size, _("expanding symbol prize: {1} \xC3\x97 {2}: {3}"), n, sym, a, NULL);
        else if (win->kind == WIN_BONUS)
            lang_fill(t, size, _("{1} scatters: bonus prize {2}"), n, a, NULL);
        else if (win->kind == WIN_SCATTER)
            lang_fill(t, size, _("{1} \xC3\x97 {2} anywhere: {3}"), n, sym, a, NULL);
        else if (win->kind == WIN_WAYS) {
            lang_number(win->ways > INT64_MAX ? INT64_MAX : (int64_t)win->ways, m, sizeof m);
            lang_fill(t, size, lang_trn("{1} \xC3\x97 {2}, {3} way: {4}", "{1} \xC3\x97 {2}, {3} ways: {4}", (int64_t)win->ways),
                      n, sym, m, a, NULL);
        } else if (win->kind == WIN_JACKPOT)
            lang_fill(t, size, _("line {1}: 5 \xC3\x97 {2}: PROGRESSIVE JACKPOT {3}"), m, sym, a, NULL);
        else if (win->multiplier > 1) {
            char x[16];
            snprintf(x, sizeof x, "%u", win->multiplier);
            lang_fill(t, size, _("line {1}: {2} \xC3\x97 {3}, wilds \xC3\x97{4}: {5}"), m, n, sym, x, a, NULL);
        } else
            lang_fill(t, size, _("line {1}: {2} \xC3\x97 {3}: {4}"), m, n, sym, a, NULL);
    } else if (e->type == EVENT_FEATURE_START && e->feature_start.ntiles) {
        snprintf(n, sizeof n, "%d", e->feature_start.choice + 1);
        lang_fill(t, size, _("tile {1} picked: {2} is the expanding symbol"), n,
                  LANG_SYMBOL(def->symbols[e->feature_start.expanding].name), NULL);
    } else if (e->type == EVENT_FEATURE_AWARD) {
        spin_words(def, e->award.feature == FEATURE_EXTRA ? SPIN_EXTRA : SPIN_FREE, true, a, sizeof a);
        snprintf(n, sizeof n, "%d", e->award.spins);
        lang_fill(t, size, _("awards {1} {2}"), n, a, NULL);
    } else if (e->type == EVENT_ROUND_END) {
        w->host.money_text(e->round_end.total_win, a, sizeof a);
        lang_fill(t, size, _("round over: total win {1}"), a, NULL);
    } else {
        return false;
    }
    return true;
}

/* " + 3 Bonuses" of a round that bet or won Bonuses, else nothing. */
static void bonuses_words(int64_t n, char *out, size_t size)
{
    if (!n)
        return;
    char v[24], words[40];
    lang_number(n, v, sizeof v);
    lang_fill(words, sizeof words, lang_trn("{1} Bonus", "{1} Bonuses", n), v, NULL);
    snprintf(out, size, " + %s", words);
}

/* One recalled spin: its screen, what it paid, and where it stands in the round. */
void windows_draw_recall(Windows *w)
{
    Gfx *g = app_gfx(w->host.app);
    const WindowsLook *k = &w->host.look;
    const WindowsRecall *rc = &w->recall;
    const GameDef *def = w->host.def;
    char t[256], a[48], b[48], c[48], id[24];
    snprintf(id, sizeof id, "%lld", (long long)rc->round.id);
    lang_fill(t, sizeof t, _("RECALL  \xE2\x80\xA2  ROUND {1}"), id, NULL);
    windows_frame(w, RECALL_BOX, t);
    w->host.money_text(rc->round.bet, a, sizeof a);
    w->host.money_text(rc->round.win, b, sizeof b);
    char bb[48] = "", wb[48] = "", seed[24]; /* the Bonuses bet and won, in a game that has them */
    bonuses_words(rc->round.bet_bonuses, bb, sizeof bb);
    bonuses_words(rc->round.win_bonuses, wb, sizeof wb);
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)rc->round.seed);
    lang_fill(t, sizeof t, _("{1} UTC   bet {2}{3}   win {4}{5}   seed {6}"), rc->round.started, a, bb, b, wb, seed,
              NULL);
    windows_line(w, k->small, 960, 140, LINE_W, GFX_CENTER, k->text, false, t);
    w->host.money_text(rc->round.balance_before, a, sizeof a);
    w->host.money_text(rc->round.balance_after, c, sizeof c);
    char forced[96] = "";
    if (rc->round.forced)
        snprintf(forced, sizeof forced, "   \xE2\x80\xA2   %s", _("FORCED BY A SCENARIO (not real play)"));
    lang_fill(t, sizeof t, _("balance {1} before, {2} after{3}"), a, c, forced, NULL);
    windows_line(w, k->small, 960, 180, LINE_W, GFX_CENTER, k->dim, false, t);
    if (rc->problem) {
        windows_line(w, k->small, 960, 420, LINE_W, GFX_CENTER, k->accent, false, _(rc->problem));
        button_draw(g, &w->btn[WB_BACK]);
        return;
    }
    button_draw(g, &w->btn[WB_REPLAY]);
    /* find this spin's screen and its wins */
    const EventScreen *scr = NULL;
    int n = -1, first = 0;
    for (int i = 0; i < rc->nevents; i++)
        if (rc->events[i].type == EVENT_SCREEN && ++n == rc->spin) {
            scr = &rc->events[i].screen;
            first = i + 1;
            break;
        }
    if (!scr)
        return;
    spin_words(def, scr->spin, false, a, sizeof a);
    snprintf(b, sizeof b, "%d", rc->spin + 1);
    snprintf(c, sizeof c, "%d", rc->nspins);
    lang_fill(t, sizeof t, _("spin {1} of {2}: {3}"), b, c, a, NULL);
    windows_line(w, k->mid, 960, 225, LINE_W, GFX_CENTER, k->accent, true, t);
    /* what the spin paid: its lines (counted first: they decide where they stand) */
    int lines = 0, shown = 0;
    for (int i = first; i < rc->nevents && rc->events[i].type != EVENT_SCREEN; i++)
        lines += event_line(w, &rc->events[i], t, sizeof t);
    /* a tall grid, or one whose spin has more lines than fit under it, stands left of them */
    const float pitch = 38;
    const int under = (int)((w->btn[WB_BACK].r.y - 12 - (280 + 120 * (float)def->rows + 20)) / pitch);
    const bool beside = def->rows > 3 || (lines > under && def->cols <= 5);
    float cell = beside ? 112 : 120, y0 = 280;
    float x0 = beside ? 260 : 960 - cell * (float)def->cols / 2;
    const float tx = beside ? 1230 : 960;
    CellMask won = 0;
    for (int i = first; i < rc->nevents && rc->events[i].type != EVENT_SCREEN; i++)
        if (rc->events[i].type == EVENT_WIN && rc->events[i].win.kind != WIN_EXPANDING)
            won |= rc->events[i].win.cells; /* as landed: an expansion is listed below */
    for (int r = 0; r < def->rows; r++)
        for (int col = 0; col < def->cols; col++) {
            SDL_FRect cr = {x0 + (float)col * cell, y0 + (float)r * cell, cell - 6, cell - 6};
            gfx_rect(g, cr, (SDL_Color){24, 12, 8, 255});
            gfx_image(g, k->symbols[scr->screen.cell[r][col]], cr.x + 4, cr.y + 4, cell - 14, cell - 14, 1);
            if (won & grid_bit(r, col))
                gfx_frame(g, cr, 4, k->accent);
            else if (scr->held & grid_bit(r, col))
                gfx_frame(g, cr, 4, (SDL_Color){120, 220, 255, 230});
        }
    /* what the spin paid, a line each, down to the buttons: the last line counts the rest */
    const float y = beside ? y0 + 20 : y0 + cell * (float)def->rows + 20;
    const float bw = beside ? 760 : 1400;
    const int room = (int)((w->btn[WB_BACK].r.y - 12 - y) / pitch);
    GfxText style = {.font = k->small, .color = k->text, .align = GFX_CENTER, .valign = GFX_TOP};
    for (int i = first; i < rc->nevents && rc->events[i].type != EVENT_SCREEN; i++) {
        if (!event_line(w, &rc->events[i], t, sizeof t))
            continue;
        if (lines > room && shown == room - 1) {
            snprintf(a, sizeof a, "%d", lines - shown);
            lang_fill(t, sizeof t, _("and {1} more"), a, NULL);
            style.color = k->dim;
        }
        gfx_text_box(g, (SDL_FRect){tx - bw / 2, y + (float)shown * pitch, bw, pitch}, &style, t);
        if (++shown == room)
            break;
    }
    if (!lines) {
        style.color = k->dim;
        gfx_text_box(g, (SDL_FRect){tx - bw / 2, y, bw, pitch}, &style, _("no win"));
    }
    windows_draw_paging(w);
}
