/* testutil.h - small helpers the engine tests share: load a game by id, make a machine, write
 * a screen as text, play a whole round, print a round's events as JSON.
 *
 * Header only (static inline), so that each test stays one executable built from one .c
 * file. Helpers return 0 / -1 (or NULL) and print what went wrong to stderr; the test
 * decides what a failure means. */
#ifndef SLOTCAB_TESTUTIL_H
#define SLOTCAB_TESTUTIL_H

#include "buf.h"
#include "event.h"
#include "gamedef.h"
#include "machine.h"

#include "testdata.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Loads games/<id>/game.json (testdata.h says where games/ is). */
static inline int tu_load_game(const char *id, GameDef *def)
{
    char path[512];
    testdata_game(path, sizeof path, id);
    Error err = {{0}};
    if (gamedef_load(path, def, &err)) {
        fprintf(stderr, "testutil: %s\n", err.msg);
        return -1;
    }
    return 0;
}

/* A machine for `def`; pool < 0 starts the progressive pool at its seed. */
static inline Machine *tu_machine(const GameDef *def, int64_t pool)
{
    Error err = {{0}};
    Machine *m = machine_create(&(MachineDesc){.game = def, .has_pool = pool >= 0,
                                               .pool = pool >= 0 ? pool : 0},
                                &err);
    if (!m)
        fprintf(stderr, "testutil: machine_create: %s\n", err.msg);
    return m;
}

/* Sets the bet from "key=value,..." over the machine's current bet. */
static inline int tu_set_bet(Machine *m, const char *spec)
{
    Error err = {{0}};
    Bet bet = *machine_bet(m);
    if (machine_parse_bet(machine_game(m), spec, &bet, &err) || machine_set_bet(m, &bet, &err)) {
        fprintf(stderr, "testutil: bet \"%s\": %s\n", spec, err.msg);
        return -1;
    }
    return 0;
}

/* A screen from text: symbol ids separated by spaces, rows top to bottom separated by '/',
 * e.g. "A K Q J TEN / ... / ...". Every row must have def->cols ids. */
static inline int tu_grid(const GameDef *def, const char *text, Grid *g)
{
    memset(g, 0, sizeof *g);
    memset(g->cell, GRID_NO_SYMBOL, sizeof g->cell);
    g->rows = def->rows;
    g->cols = def->cols;
    int r = 0, c = 0;
    const char *p = text;
    for (;;) {
        while (*p == ' ' || *p == '\t' || *p == '\n')
            p++;
        if (!*p)
            break;
        if (*p == '/') {
            if (c != def->cols)
                goto bad;
            r++;
            c = 0;
            p++;
            continue;
        }
        char id[32];
        size_t n = strcspn(p, " \t\n/");
        if (n >= sizeof id || r >= def->rows || c >= def->cols)
            goto bad;
        memcpy(id, p, n);
        id[n] = '\0';
        p += n;
        int s = gamedef_symbol(def, id);
        if (s < 0) {
            fprintf(stderr, "testutil: screen \"%s\": unknown symbol \"%s\"\n", text, id);
            return -1;
        }
        g->cell[r][c++] = (uint8_t)s;
    }
    if (r == def->rows - 1 && c == def->cols)
        return 0;
bad:
    fprintf(stderr, "testutil: screen \"%s\": expected %d rows of %d symbols\n", text,
            def->rows, def->cols);
    return -1;
}

/* A symbol's index, or exits (a test's own game file lacks it). */
static inline int tu_symbol(const GameDef *def, const char *id)
{
    int s = gamedef_symbol(def, id);
    if (s < 0) {
        fprintf(stderr, "no symbol %s in the game file\n", id);
        exit(2);
    }
    return s;
}

/* tu_grid, or exits. */
static inline Grid tu_screen(const GameDef *def, const char *text)
{
    Grid g;
    if (tu_grid(def, text, &g))
        exit(2);
    return g;
}

/* How many events of type t the round has so far. */
static inline int tu_count_type(const Machine *m, EventType t)
{
    int n, k = 0;
    const Event *ev = machine_events(m, &n);
    for (int i = 0; i < n; i++)
        k += ev[i].type == t;
    return k;
}

/* The round's total win from its ROUND_END event, or -1 when it has not ended. */
static inline Money tu_round_total(const Machine *m)
{
    int n;
    const Event *ev = machine_events(m, &n);
    return n && ev[n - 1].type == EVENT_ROUND_END ? ev[n - 1].round_end.total_win : -1;
}

/* The WIN events of spin spin_index, in order, into out[] padded to max with `pad` (so that
 * a test reading past a short list fails its checks instead of reading garbage); returns
 * how many there are. */
static inline int tu_wins_of(const Machine *m, int spin_index, const EventWin **out, int max,
                             const EventWin *pad)
{
    int n, k = 0;
    const Event *ev = machine_events(m, &n);
    for (int i = 0; i < n; i++)
        if (ev[i].type == EVENT_WIN && ev[i].win.spin_index == spin_index && k < max)
            out[k++] = &ev[i].win;
    for (int i = k; i < max; i++)
        out[i] = pad;
    return k;
}

/* Plays a whole round: CMD_SPIN with `seed`, then whatever the machine accepts next (the
 * player starting free spins, then each free spin) until the round ends. Returns the number
 * of commands played, or -1. */
static inline int tu_play_round(Machine *m, uint64_t seed)
{
    Error err = {{0}};
    if (machine_command(m, &(Command){.type = CMD_SPIN, .seed = seed}, &err)) {
        fprintf(stderr, "testutil: spin: %s\n", err.msg);
        return -1;
    }
    int n = 1;
    while (machine_in_round(m)) {
        uint32_t allowed = machine_allowed(m);
        CommandType t = allowed >> CMD_START & 1u ? CMD_START
                                                              : CMD_CONTINUE;
        if (n > 100000 || machine_command(m, &(Command){.type = t}, &err)) {
            fprintf(stderr, "testutil: round with seed %llu: %s\n", (unsigned long long)seed,
                    n > 100000 ? "does not end" : err.msg);
            return -1;
        }
        n++;
    }
    return n;
}

/* Appends the round's events so far as JSON, one per line; skip_start leaves out
 * EVENT_ROUND_START (which names the seed). */
static inline void tu_events_json(const Machine *m, int skip_start, Buf *out)
{
    int n;
    const Event *ev = machine_events(m, &n);
    for (int i = 0; i < n; i++) {
        if (skip_start && ev[i].type == EVENT_ROUND_START)
            continue;
        event_to_json(&ev[i], machine_game(m), out);
        buf_puts(out, "\n");
    }
}

#endif
