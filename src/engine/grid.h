/* grid.h - a window of symbols: rows top to bottom, reels (columns) left to right.
 *
 * Every game's screen fits in GRID_MAX_ROWS x GRID_MAX_COLS. A set of cells is a CellMask:
 * bit (row * GRID_MAX_COLS + col), so masks are comparable across games. */
#ifndef SLOTCAB_GRID_H
#define SLOTCAB_GRID_H

#include <stdint.h>

#define GRID_MAX_ROWS 5
#define GRID_MAX_COLS 5
#define GRID_NO_SYMBOL 0xff

typedef uint32_t CellMask;

typedef struct Grid {
    uint8_t rows, cols;
    uint8_t cell[GRID_MAX_ROWS][GRID_MAX_COLS]; /* symbol index, GRID_NO_SYMBOL when empty */
} Grid;

static inline CellMask grid_bit(int row, int col)
{
    return (CellMask)1u << (row * GRID_MAX_COLS + col);
}

/* How many cells of g hold `symbol`; *cells (may be NULL) receives their mask. */
int grid_count(const Grid *g, uint8_t symbol, CellMask *cells);

#endif
