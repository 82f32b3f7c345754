/* grid.c - small helpers over a window of symbols. */
#include "grid.h"

int grid_count(const Grid *g, uint8_t symbol, CellMask *cells)
{
    int n = 0;
    CellMask m = 0;
    for (int r = 0; r < g->rows; r++)
        for (int c = 0; c < g->cols; c++)
            if (g->cell[r][c] == symbol) {
                n++;
                m |= grid_bit(r, c);
            }
    if (cells)
        *cells = m;
    return n;
}
