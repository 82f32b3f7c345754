/* svg.h - a small SVG writer for slotsim report's plots (svg.c): a drawing of a fixed size,
 * a plot area with linear or logarithmic axes at nice tick values, and text escaped for XML.
 *
 * Everything is written into a Buf with coordinates rounded to 0.1 px, so that the same
 * data always gives the same bytes. */
#ifndef SLOTCAB_SVG_H
#define SLOTCAB_SVG_H

#include "buf.h"

#include <stdbool.h>

/* A tick label: writes v (escaped text, may use <tspan>) into b. */
typedef void (*SvgLabel)(Buf *b, double v);

typedef struct SvgPlot {
    Buf *b;
    double left, top, width, height; /* the plot area, px */
    double x0, x1, y0, y1;           /* the data range shown */
    bool xlog, ylog;
    double xstep, ystep;             /* linear axes: the tick step (svg_nice) */
    SvgLabel xlabel, ylabel;         /* NULL: a number of the decimals the step needs */
    bool yplain;                     /* no y grid, ticks or tick labels (a bar chart's names) */
} SvgPlot;

/* <svg> of w x h px with its title (plain text), and </svg>. */
void svg_begin(Buf *b, int w, int h, const char *title);
void svg_end(Buf *b);

/* Text for XML content or an attribute. */
void svg_escape(Buf *b, const char *s);

/* Widens [*lo, *hi] to whole multiples of a nice step (1, 2, 2.5 or 5 x 10^k) giving about
 * n intervals; returns the step. */
double svg_nice(double *lo, double *hi, int n);
/* Widens [*lo, *hi] (both > 0) to whole decades. */
void svg_decades(double *lo, double *hi);

double svg_x(const SvgPlot *p, double v);
double svg_y(const SvgPlot *p, double v);

/* The grid, the frame, the ticks and their labels, and the axis titles. A clip path named
 * clip_id (unique in a page) is defined for the plot area. */
void svg_axes(const SvgPlot *p, const char *xtitle, const char *ytitle, const char *clip_id);

/* A polyline of n points in data units, clipped to the plot area. */
void svg_line(const SvgPlot *p, const double *x, const double *y, int n, const char *style,
              const char *clip_id);
/* A band between lower and upper curves over x, clipped. */
void svg_band(const SvgPlot *p, const double *x, const double *lo, const double *hi, int n,
              const char *style, const char *clip_id);

/* Text at (x, y) px: anchor start, middle or end; extra attributes (or ""). */
void svg_text(Buf *b, double x, double y, const char *anchor, const char *attrs, const char *text);

/* A legend with its top right corner at (x, y) px: n entries, each a swatch style ("line:STYLE",
 * "box:STYLE" or "dot:STYLE") and its text; with a white box behind. */
void svg_legend(Buf *b, double x, double y, int n, const char *const *swatch,
                const char *const *text);

/* Tick labels: a number with thousands separators and the decimals its step needs
 * (svg_label_num), 10 to a power (svg_label_pow10), and a multiple of the bet for log axes
 * (0.01, 0.1, 1, 10, 100, 1,000: svg_label_x). */
void svg_label_num(Buf *b, double v);
void svg_label_pow10(Buf *b, double v);
void svg_label_x(Buf *b, double v);

/* v with thousands separators and `decimals` decimals. */
void svg_number(Buf *b, double v, int decimals);

#endif
