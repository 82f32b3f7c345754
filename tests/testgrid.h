/* testgrid.h - screens and cell masks written as text in evaluator tests.
 *
 * Rows are separated by spaces; each character is one cell: a letter's position in
 * `symbols` is its symbol index, any other character an empty cell. In a mask, 'X' marks a
 * cell of the mask. */
#ifndef SLOTCAB_TESTGRID_H
#define SLOTCAB_TESTGRID_H

#include "grid.h"

#include <string.h>

static inline Grid testgrid_of(const char *symbols, int rows, int cols, const char *text)
{
    Grid g = {.rows = (uint8_t)rows, .cols = (uint8_t)cols};
    memset(g.cell, GRID_NO_SYMBOL, sizeof g.cell);
    int r = 0, c = 0;
    for (const char *p = text; *p; p++) {
        if (*p == ' ') {
            r++;
            c = 0;
            continue;
        }
        const char *at = strchr(symbols, *p);
        g.cell[r][c++] = at ? (uint8_t)(at - symbols) : GRID_NO_SYMBOL;
    }
    return g;
}

static inline CellMask testgrid_mask(const char *text)
{
    CellMask m = 0;
    int r = 0, c = 0;
    for (const char *p = text; *p; p++) {
        if (*p == ' ') {
            r++;
            c = 0;
            continue;
        }
        if (*p == 'X')
            m |= grid_bit(r, c);
        c++;
    }
    return m;
}

#endif
