/* layout.h - the layout check (slotcab --headless --check-layout).
 *
 * Each page is a frame drawn with gfx's record on; its strings are judged on their ink:
 * a string cut to fit its box, ink outside its box or the canvas, and ink over another
 * visible string or over an element text must keep clear of are problems. The report is
 * JSON: the pages and strings checked, and each problem with its page, text and boxes. */
#ifndef SLOTCAB_LAYOUT_H
#define SLOTCAB_LAYOUT_H

#include "gfx.h"

#include <stdio.h>

typedef struct Layout Layout;

Layout *layout_new(void);
void layout_free(Layout *l);
/* Judges what was recorded while the frame now drawn was drawn, as the page `page`. */
void layout_check_page(Layout *l, Gfx *g, const char *page);
/* Notes a scenario not rendered, and why (its game has no theme yet): the report lists it. */
void layout_skip(Layout *l, const char *page, const char *why);
/* Prints the report; returns the number of problems (-1: out of memory). */
int layout_print(const Layout *l, FILE *out);

#endif
