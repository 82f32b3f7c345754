/* layout.h - the layout check (slotcab --headless --check-layout).
 *
 * Each page is a frame drawn with gfx's record on; its strings are judged on their ink:
 * a string drawn at an anchor rather than into a box, cut to fit its box, ink outside its
 * box or the canvas, ink over another visible string or over an element text must keep
 * clear of, a string covered by a later draw the planes do not say is meant, a contrast
 * below 4.5:1 (3:1 when large) against the pixels behind its glyphs, a size below the
 * theme's minimum, and a page drawn out of the planes' order are problems. The report is
 * JSON: the pages and strings checked, and each problem with its page, text and boxes. */
#ifndef SLOTCAB_LAYOUT_H
#define SLOTCAB_LAYOUT_H

#include "gfx.h"

#include <stdint.h>
#include <stdio.h>

typedef struct Layout Layout;

Layout *layout_new(void);
void layout_free(Layout *l);
/* A run of the cabinet begins (a scenario's, the lobby's...): a problem is reported once a
 * run, at the first page it is seen on, and counted at the others ("times"). */
void layout_begin_run(Layout *l, const char *prefix);
/* The run reached a named moment at this tick: the frames sampled after it are named by it. */
void layout_moment(Layout *l, const char *name, uint64_t tick);
/* A sampled frame's name: "<moment>+<ticks since>t". */
void layout_sample_name(const Layout *l, uint64_t tick, char *out, size_t size);
/* Judges what was recorded while the frame now drawn was drawn, as the page `page`. */
void layout_check_page(Layout *l, Gfx *g, const char *page);
/* The minimum text size (canvas pixels) of the theme drawn now, and a key that says whose
 * (a game's id): a string drawn smaller is a problem. Until it is set: LAYOUT_MIN_PX. */
#define LAYOUT_MIN_PX 16
void layout_set_min_text(Layout *l, const char *key, float px);
const char *layout_min_text_key(const Layout *l);
/* Notes a scenario not rendered, and why (its game has no theme yet): the report lists it. */
void layout_skip(Layout *l, const char *page, const char *why);
/* Prints the report; returns the number of problems (-1: out of memory). */
int layout_print(const Layout *l, FILE *out);

#endif
