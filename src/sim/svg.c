/* svg.c - the SVG writer of slotsim report (svg.h). */
#include "svg.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define FONT "DejaVu Sans, Helvetica, Arial, sans-serif"

void svg_escape(Buf *b, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '&': buf_puts(b, "&amp;"); break;
        case '<': buf_puts(b, "&lt;"); break;
        case '>': buf_puts(b, "&gt;"); break;
        case '"': buf_puts(b, "&quot;"); break;
        default: /* a control byte XML cannot hold: the replacement character */
            if ((unsigned char)*s < 0x20 && !strchr("\t\n\r", *s))
                buf_puts(b, "\xef\xbf\xbd");
            else
                buf_printf(b, "%c", *s);
            break;
        }
    }
}

void svg_begin(Buf *b, int w, int h, const char *title)
{
    buf_printf(b, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                  "viewBox=\"0 0 %d %d\" font-family=\"" FONT "\" font-size=\"12\" role=\"img\">\n",
               w, h, w, h);
    buf_puts(b, "<title>");
    svg_escape(b, title);
    buf_puts(b, "</title>\n");
    buf_printf(b, "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n", w, h);
}

void svg_end(Buf *b) { buf_puts(b, "</svg>\n"); }

double svg_nice(double *lo, double *hi, int n)
{
    double range = *hi - *lo;
    if (!(range > 0))
        range = fabs(*lo) > 0 ? fabs(*lo) * 0.1 : 1.0;
    double raw = range / (n > 0 ? n : 1), mag = pow(10, floor(log10(raw))), f = raw / mag;
    double step = (f <= 1 ? 1 : f <= 2 ? 2 : f <= 2.5 ? 2.5 : f <= 5 ? 5 : 10) * mag;
    double a = floor(*lo / step + 1e-9) * step, z = ceil(*hi / step - 1e-9) * step;
    if (z <= a)
        z = a + step;
    *lo = a;
    *hi = z;
    return step;
}

void svg_decades(double *lo, double *hi)
{
    double a = pow(10, floor(log10(*lo) + 1e-9)), z = pow(10, ceil(log10(*hi) - 1e-9));
    if (z <= a)
        z = a * 10;
    *lo = a;
    *hi = z;
}

double svg_x(const SvgPlot *p, double v)
{
    double f = p->xlog ? (log10(v) - log10(p->x0)) / (log10(p->x1) - log10(p->x0))
                       : (v - p->x0) / (p->x1 - p->x0);
    return p->left + f * p->width;
}

double svg_y(const SvgPlot *p, double v)
{
    double f = p->ylog ? (log10(v) - log10(p->y0)) / (log10(p->y1) - log10(p->y0))
                       : (v - p->y0) / (p->y1 - p->y0);
    return p->top + p->height - f * p->height;
}

void svg_number(Buf *b, double v, int decimals)
{
    char s[64], out[96];
    snprintf(s, sizeof s, "%.*f", decimals, fabs(v) < 0.5 * pow(10, -decimals) ? 0.0 : v);
    /* thousands separators in the whole part */
    const char *dot = strchr(s, '.'), *digits = s + (s[0] == '-');
    size_t whole = (size_t)((dot ? dot : s + strlen(s)) - digits), o = 0;
    if (s[0] == '-')
        o += (size_t)snprintf(out + o, sizeof out - o, "\xe2\x88\x92"); /* U+2212 minus */
    for (size_t i = 0; i < whole; i++) {
        out[o++] = digits[i];
        if ((whole - 1 - i) % 3 == 0 && i + 1 < whole)
            out[o++] = ',';
    }
    snprintf(out + o, sizeof out - o, "%s", dot ? dot : "");
    buf_puts(b, out);
}

static int decimals_for(double step)
{
    int d = 0;
    while (d < 6 && fabs(step * pow(10, d) - round(step * pow(10, d))) > 1e-6 * pow(10, d))
        d++;
    return d;
}

void svg_label_num(Buf *b, double v) { svg_number(b, v, 0); }

void svg_label_pow10(Buf *b, double v)
{
    int e = (int)lround(log10(v));
    if (e == 0) {
        buf_puts(b, "1");
        return;
    }
    buf_printf(b, "10<tspan dy=\"-6\" font-size=\"9\">%s%d</tspan>", e < 0 ? "\xe2\x88\x92" : "",
               e < 0 ? -e : e);
}

void svg_label_x(Buf *b, double v)
{
    int e = (int)lround(log10(v));
    svg_number(b, v, e < 0 ? -e : 0);
    buf_puts(b, "\xc3\x97"); /* multiplication sign: x bet */
}

void svg_text(Buf *b, double x, double y, const char *anchor, const char *attrs, const char *text)
{
    buf_printf(b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\"%s%s>", x, y, anchor,
               *attrs ? " " : "", attrs);
    svg_escape(b, text);
    buf_puts(b, "</text>\n");
}

/* A tick label at (x, y), written by the axis's labeller or as a number of `decimals`. */
static void tick_label(Buf *b, double x, double y, const char *anchor, SvgLabel fn, double v,
                       int decimals)
{
    buf_printf(b, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" fill=\"#333\">", x, y, anchor);
    if (fn)
        fn(b, v);
    else
        svg_number(b, v, decimals);
    buf_puts(b, "</text>\n");
}

/* The tick values of an axis: linear multiples of step; or on a log axis the powers of ten
 * in the range (and 2 and 5 times them when it spans under three decades), or with `minor`
 * every 1..9 times a power of ten in it. */
static int ticks(double lo, double hi, bool logscale, double step, bool minor, double *out, int max)
{
    int n = 0;
    if (!logscale) {
        for (double v = lo; v <= hi + step * 1e-6 && n < max; v += step)
            out[n++] = fabs(v) < step * 1e-9 ? 0 : v;
        return n;
    }
    bool fine = log10(hi / lo) < 3;
    for (double d = pow(10, floor(log10(lo) + 1e-9)); d <= hi * (1 + 1e-9) && n < max; d *= 10)
        for (int k = 1; k <= 9 && n < max; k++) {
            double v = d * k;
            bool major = k == 1 || (fine && (k == 2 || k == 5));
            if (v >= lo * (1 - 1e-9) && v <= hi * (1 + 1e-9) && (minor ? !major : major))
                out[n++] = v;
        }
    return n;
}

void svg_axes(const SvgPlot *p, const char *xtitle, const char *ytitle, const char *clip_id)
{
    Buf *b = p->b;
    double t[256];
    double L = p->left, T = p->top, R = p->left + p->width, B = p->top + p->height;
    buf_printf(b, "<defs><clipPath id=\"%s\"><rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
                  "height=\"%.1f\"/></clipPath></defs>\n", clip_id, L, T, p->width, p->height);
    /* minor grid (log axes), then the major grid */
    buf_puts(b, "<g stroke=\"#eeeeee\" stroke-width=\"1\">\n");
    int n = p->xlog ? ticks(p->x0, p->x1, true, 0, true, t, 256) : 0;
    for (int i = 0; i < n; i++)
        buf_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n", svg_x(p, t[i]), T,
                   svg_x(p, t[i]), B);
    n = p->ylog && !p->yplain ? ticks(p->y0, p->y1, true, 0, true, t, 256) : 0;
    for (int i = 0; i < n; i++)
        buf_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n", L, svg_y(p, t[i]), R,
                   svg_y(p, t[i]));
    buf_puts(b, "</g>\n<g stroke=\"#d9d9d9\" stroke-width=\"1\">\n");
    double xt[256], yt[256];
    int nx = ticks(p->x0, p->x1, p->xlog, p->xstep, false, xt, 256);
    int ny = p->yplain ? 0 : ticks(p->y0, p->y1, p->ylog, p->ystep, false, yt, 256);
    for (int i = 0; i < nx; i++)
        buf_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n", svg_x(p, xt[i]), T,
                   svg_x(p, xt[i]), B);
    for (int i = 0; i < ny; i++)
        buf_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n", L, svg_y(p, yt[i]), R,
                   svg_y(p, yt[i]));
    buf_puts(b, "</g>\n");
    /* the frame and the ticks */
    buf_printf(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"none\" "
                  "stroke=\"#444\" stroke-width=\"1\"/>\n", L, T, p->width, p->height);
    buf_puts(b, "<g stroke=\"#444\" stroke-width=\"1\">\n");
    for (int i = 0; i < nx; i++)
        buf_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n", svg_x(p, xt[i]), B,
                   svg_x(p, xt[i]), B + 5);
    for (int i = 0; i < ny; i++)
        buf_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n", L - 5, svg_y(p, yt[i]),
                   L, svg_y(p, yt[i]));
    buf_puts(b, "</g>\n");
    int xd = p->xlog ? 0 : decimals_for(p->xstep), yd = p->ylog ? 0 : decimals_for(p->ystep);
    for (int i = 0; i < nx; i++)
        tick_label(b, svg_x(p, xt[i]), B + 19, "middle", p->xlabel, xt[i], xd);
    for (int i = 0; i < ny; i++)
        tick_label(b, L - 8, svg_y(p, yt[i]) + 4, "end", p->ylabel, yt[i], yd);
    svg_text(b, L + p->width / 2, B + 40, "middle", "font-size=\"13\" fill=\"#222\"", xtitle);
    char attrs[128];
    snprintf(attrs, sizeof attrs, "font-size=\"13\" fill=\"#222\" transform=\"rotate(-90 %.1f %.1f)\"",
             L - 56, T + p->height / 2);
    svg_text(b, L - 56, T + p->height / 2, "middle", attrs, ytitle);
}

void svg_line(const SvgPlot *p, const double *x, const double *y, int n, const char *style,
              const char *clip_id)
{
    buf_printf(p->b, "<polyline clip-path=\"url(#%s)\" fill=\"none\" %s points=\"", clip_id, style);
    for (int i = 0; i < n; i++)
        buf_printf(p->b, "%s%.1f,%.1f", i ? " " : "", svg_x(p, x[i]), svg_y(p, y[i]));
    buf_puts(p->b, "\"/>\n");
}

void svg_band(const SvgPlot *p, const double *x, const double *lo, const double *hi, int n,
              const char *style, const char *clip_id)
{
    buf_printf(p->b, "<polygon clip-path=\"url(#%s)\" %s points=\"", clip_id, style);
    for (int i = 0; i < n; i++)
        buf_printf(p->b, "%s%.1f,%.1f", i ? " " : "", svg_x(p, x[i]), svg_y(p, hi[i]));
    for (int i = n - 1; i >= 0; i--)
        buf_printf(p->b, " %.1f,%.1f", svg_x(p, x[i]), svg_y(p, lo[i]));
    buf_puts(p->b, "\"/>\n");
}

void svg_legend(Buf *b, double x, double y, int n, const char *const *swatch,
                const char *const *text)
{
    double w = 0;
    for (int i = 0; i < n; i++) {
        double tw = 34 + 6.5 * (double)strlen(text[i]);
        w = tw > w ? tw : w;
    }
    x -= w + 10; /* x is the right edge */
    buf_printf(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%d\" fill=\"#ffffff\" "
                  "fill-opacity=\"0.92\" stroke=\"#bbbbbb\"/>\n", x, y, w + 10, 8 + 18 * n);
    for (int i = 0; i < n; i++) {
        double cy = y + 13 + 18 * i;
        const char *style = strchr(swatch[i], ':') ? strchr(swatch[i], ':') + 1 : "";
        if (!strncmp(swatch[i], "line:", 5))
            buf_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" %s/>\n", x + 8, cy,
                       x + 32, cy, style);
        else if (!strncmp(swatch[i], "dot:", 4))
            buf_printf(b, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" %s/>\n", x + 20, cy, style);
        else
            buf_printf(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"24\" height=\"10\" %s/>\n", x + 8, cy - 5,
                       style);
        svg_text(b, x + 40, cy + 4, "start", "fill=\"#222\"", text[i]);
    }
}
