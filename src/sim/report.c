/* report.c - slotsim report's page and plots (report.h).
 *
 * The page is a par sheet as a math team hands it in: the run's parameters, the measured
 * return with its confidence intervals against the game file's target, its split by part,
 * the hit and feature frequencies, the volatility, the largest win and its odds, the
 * distribution of wins, and for a programmed-return game each cycle's return against the
 * operator's setting. Numbers that `slotsim rtp --json` also prints carry
 * data-key="<its JSON path>" and data-value="<the same number>", so a test can hold the
 * two side by side. Floating point is used here only: the totals are integers. */
#include "report.h"

#include "buf.h"
#include "event.h"
#include "round_text.h"
#include "svg.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#define Z95 1.96
#define Z99 2.576
#define Z_VI 1.645 /* the volatility index: 90 % of sessions */

#define C_MAIN "#1f4e79"
#define C_BAR "#2e75b6"
#define C_BAND "#bdd7ee"
#define C_GOOD "#548235"
#define C_GOOD_BAND "#e2efda"
#define C_BAD "#c00000"
#define C_MUTED "#595959"

enum { W = 760, H = 380 };

/* ---- small writers ----------------------------------------------------------------------- */

static void esc(Buf *b, const char *s) { svg_escape(b, s); }

/* A game's snake_case name for people: "free_spins" -> "Free spins". */
static void pretty(char *out, size_t size, const char *name)
{
    snprintf(out, size, "%s", name ? name : "?");
    for (char *p = out; *p; p++)
        if (*p == '_')
            *p = ' ';
    if (out[0] >= 'a' && out[0] <= 'z')
        out[0] = (char)(out[0] - 'a' + 'A');
}

static void num(Buf *b, double v, int decimals) { svg_number(b, v, decimals); }

static void count(Buf *b, uint64_t v) { svg_number(b, (double)v, 0); }

/* "1 in X" for k of n, or an em dash when never. */
static void one_in(Buf *b, double n, uint64_t k)
{
    if (!k) {
        buf_puts(b, "\xe2\x80\x94");
        return;
    }
    buf_puts(b, "1 in ");
    double x = n / (double)k;
    num(b, x, x < 10 ? 2 : x < 1000 ? 1 : 0);
}

/* A table row: the measure, its value (HTML), a note (HTML, may be ""). `key`: the JSON path
 * of `slotsim rtp --json` the value equals, written with `decimals` as data-value. */
static void row_open(Buf *b, const char *label)
{
    buf_puts(b, "<tr><th scope=\"row\">");
    esc(b, label);
    buf_puts(b, "</th>");
}

static void cell_keyed(Buf *b, const char *key, double v, int decimals)
{
    buf_puts(b, "<td class=\"num\" data-key=\"");
    esc(b, key);
    buf_printf(b, "\" data-value=\"%.*f\">", decimals, v);
}

/* ---- the plots --------------------------------------------------------------------------- */

static void plot_frame(SvgPlot *p, Buf *b, double left, double top, double width, double height)
{
    memset(p, 0, sizeof *p);
    p->b = b;
    p->left = left;
    p->top = top;
    p->width = width;
    p->height = height;
}

/* Figure: the running RTP at the checkpoints, with the 99 % band around the target. */
static void plot_convergence(const ReportInput *in, const SimStats *st, Buf *b)
{
    const SimRun *run = in->run;
    const SimTotals *t = in->t;
    int n = run->ntrace;
    double x[SIM_TRACE], y[SIM_TRACE], lo[SIM_TRACE], hi[SIM_TRACE];
    double center = in->target > 0 ? in->target : st->rtp;
    Money cb = 0, cw = 0;
    for (int c = 0; c < n; c++) {
        cb += t->trace_bet[c];
        cw += t->trace_win[c];
        x[c] = (double)run->trace_end[c];
        y[c] = cb ? 100.0 * (double)cw / (double)cb : 0;
        double half = Z99 * st->sd * 100.0 / sqrt(x[c]);
        lo[c] = center - half;
        hi[c] = center + half;
    }
    svg_begin(b, W, H, "RTP convergence");
    SvgPlot p;
    plot_frame(&p, b, 84, 16, 636, 296);
    p.xlog = true;
    p.x0 = x[0];
    p.x1 = x[n - 1] > x[0] ? x[n - 1] : x[0] * 10;
    /* the y range: the trace and band from the first quarter of the checkpoints on (the
     * earliest, wildest part is clipped) */
    int from = n / 4;
    double ylo = lo[from], yhi = hi[from];
    for (int c = from; c < n; c++) {
        ylo = y[c] < ylo ? y[c] : ylo;
        yhi = y[c] > yhi ? y[c] : yhi;
    }
    p.y0 = ylo;
    p.y1 = yhi;
    p.ystep = svg_nice(&p.y0, &p.y1, 6);
    p.xlabel = svg_label_num;
    svg_axes(&p, "rounds played (log scale)", "RTP (%)", "clip-convergence");
    svg_band(&p, x, lo, hi, n, "fill=\"" C_BAND "\" fill-opacity=\"0.7\" stroke=\"none\"",
             "clip-convergence");
    double cx[2] = {p.x0, p.x1}, cy[2] = {center, center};
    svg_line(&p, cx, cy, 2, "stroke=\"" C_MUTED "\" stroke-width=\"1.2\" stroke-dasharray=\"6 4\"",
             "clip-convergence");
    svg_line(&p, x, y, n, "stroke=\"" C_MAIN "\" stroke-width=\"2\"", "clip-convergence");
    char t1[96], t2[96], t3[96];
    snprintf(t1, sizeof t1, "running RTP (final %.2f %%)", st->rtp);
    if (in->target > 0)
        snprintf(t2, sizeof t2, "target RTP %.2f %%", in->target);
    else
        snprintf(t2, sizeof t2, "final RTP %.2f %%", st->rtp);
    snprintf(t3, sizeof t3, "99 %% band: %s \xc2\xb1 2.576 \xcf\x83/\xe2\x88\x9an",
             in->target > 0 ? "target" : "final");
    const char *sw[] = {"line:stroke=\"" C_MAIN "\" stroke-width=\"2\"",
                        "line:stroke=\"" C_MUTED "\" stroke-width=\"1.2\" stroke-dasharray=\"6 4\"",
                        "box:fill=\"" C_BAND "\" stroke=\"none\""};
    const char *tx[] = {t1, t2, t3};
    svg_legend(b, p.left + p.width - 10, p.top + 10, 3, sw, tx);
    svg_end(b);
}

static double hist_lower(int k)
{
    return k == 0 ? (double)sim_hist_milli[0] / 1000.0 / pow(10, 0.2) : (double)sim_hist_milli[k - 1] / 1000.0;
}

static double hist_upper(int k)
{
    return k == SIM_HIST - 1 ? (double)sim_hist_milli[SIM_HIST_EDGES - 1] / 1000.0 * pow(10, 0.2)
                             : (double)sim_hist_milli[k] / 1000.0;
}

/* Figure: the winning rounds by size, both axes logarithmic. */
static void plot_wins(const ReportInput *in, const SimStats *st, Buf *b)
{
    const SimTotals *t = in->t;
    int first = -1, last = -1;
    double pmin = 1, pmax = 0;
    for (int k = 0; k < SIM_HIST; k++)
        if (t->hist[k]) {
            first = first < 0 ? k : first;
            last = k;
            double pr = (double)t->hist[k] / st->n;
            pmin = pr < pmin ? pr : pmin;
            pmax = pr > pmax ? pr : pmax;
        }
    svg_begin(b, W, H, "Distribution of round wins");
    SvgPlot p;
    plot_frame(&p, b, 84, 16, 636, 296);
    p.xlog = p.ylog = true;
    if (first < 0) { /* nothing won */
        p.x0 = 0.1, p.x1 = 10, p.y0 = 1e-6, p.y1 = 1;
    } else {
        p.x0 = hist_lower(first);
        p.x1 = hist_upper(last);
        p.y0 = pmin / 2; /* the rarest bucket a bar, not a line on the floor */
        p.y1 = pmax;
    }
    double mx = st->max_win_x;
    if (mx > 0 && mx * 1.05 > p.x1)
        p.x1 = mx * 1.05;
    svg_decades(&p.x0, &p.x1);
    svg_decades(&p.y0, &p.y1);
    p.xlabel = svg_label_x;
    p.ylabel = svg_label_pow10;
    svg_axes(&p, "round win in multiples of the bet (log scale)",
             "share of rounds (log scale)", "clip-wins");
    buf_printf(b, "<g clip-path=\"url(#clip-wins)\" fill=\"" C_BAR "\" stroke=\"#ffffff\" "
                  "stroke-width=\"0.5\">\n");
    for (int k = 0; k < SIM_HIST; k++) {
        if (!t->hist[k])
            continue;
        double x0 = svg_x(&p, hist_lower(k)), x1 = svg_x(&p, hist_upper(k));
        double y0 = svg_y(&p, (double)t->hist[k] / st->n), y1 = p.top + p.height;
        buf_printf(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\"/>\n", x0, y0,
                   x1 - x0, y1 - y0);
    }
    buf_puts(b, "</g>\n");
    /* the stake returned (1 x), and the largest win seen */
    double X[2], Y[2] = {p.y0, p.y1};
    X[0] = X[1] = 1;
    if (p.x0 < 1 && p.x1 > 1)
        svg_line(&p, X, Y, 2, "stroke=\"" C_MUTED "\" stroke-width=\"1\" stroke-dasharray=\"4 3\"",
                 "clip-wins");
    if (mx > 0) {
        X[0] = X[1] = mx;
        svg_line(&p, X, Y, 2, "stroke=\"" C_BAD "\" stroke-width=\"1.5\"", "clip-wins");
    }
    char t1[64], t2[96];
    snprintf(t1, sizeof t1, "rounds winning in the bucket");
    snprintf(t2, sizeof t2, "largest win seen: %.2f \xc3\x97 bet", mx);
    const char *sw[] = {"box:fill=\"" C_BAR "\"",
                        "line:stroke=\"" C_MUTED "\" stroke-dasharray=\"4 3\"",
                        "line:stroke=\"" C_BAD "\" stroke-width=\"1.5\""};
    const char *tx[] = {t1, "the stake returned (1 \xc3\x97 bet)", t2};
    svg_legend(b, p.left + p.width - 10, p.top + 10, mx > 0 ? 3 : 2, sw, tx);
    svg_end(b);
}

/* The RTP's parts as the page names them: the game's parts, and Bonuses at their worth. */
typedef struct Part {
    char name[48];
    const char *key; /* rtp_split's key, or rtp_bonuses */
    double pp;
} Part;

static int parts_of(const ReportInput *in, const SimStats *st, Part *out)
{
    int n = 0;
    for (int p = 0; p < PART__COUNT; p++)
        if (in->rules->parts >> p & 1u) {
            pretty(out[n].name, sizeof out[n].name, in->rules->names->part[p]);
            out[n].key = in->rules->names->part[p];
            out[n++].pp = 100.0 * (double)in->t->part[p] / st->bet;
        }
    if (in->rules->bonuses) {
        char worth[32];
        money_str(in->run->bonus_worth, worth, sizeof worth);
        snprintf(out[n].name, sizeof out[n].name, "Bonuses (at %s)", worth);
        out[n].key = NULL;
        out[n++].pp = st->rtp_bonuses;
    }
    return n;
}

/* Figure: each part's contribution to the RTP, in percentage points, as horizontal bars. */
static void plot_parts(const ReportInput *in, const SimStats *st, Buf *b)
{
    Part parts[PART__COUNT + 1];
    int n = parts_of(in, st, parts);
    int rowh = 30, h = 16 + rowh * (n + 1) + 56;
    svg_begin(b, W, h, "RTP by part");
    SvgPlot p;
    plot_frame(&p, b, 170, 16, 500, rowh * (n + 1));
    p.x0 = 0;
    p.x1 = st->rtp > 0 ? st->rtp : 1;
    p.xstep = svg_nice(&p.x0, &p.x1, 6);
    p.y0 = 0;
    p.y1 = n + 1;
    p.yplain = true; /* the parts' names instead of y ticks */
    svg_axes(&p, "contribution to the RTP (percentage points)", "", "clip-parts");
    for (int i = 0; i <= n; i++) {
        bool total = i == n;
        double pp = total ? st->rtp : parts[i].pp;
        double yc = p.top + rowh * (i + 0.5);
        buf_printf(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%d\" fill=\"%s\"/>\n",
                   p.left, yc - rowh * 0.32, svg_x(&p, pp) - p.left, (int)(rowh * 0.64),
                   total ? C_MAIN : C_BAR);
        svg_text(b, p.left - 10, yc + 4, "end", total ? "font-weight=\"bold\" fill=\"#222\"" : "fill=\"#222\"",
                 total ? "Total RTP" : parts[i].name);
        char v[64];
        if (total)
            snprintf(v, sizeof v, "%.2f pp", pp);
        else
            snprintf(v, sizeof v, "%.2f pp (%.1f %% of the RTP)", pp, st->rtp > 0 ? 100.0 * pp / st->rtp : 0);
        svg_text(b, svg_x(&p, pp) + 6, yc + 4, "start", "fill=\"#222\"", v);
    }
    svg_end(b);
}

/* Figure: each cycle's return against the operator's setting and its +/- 3 pp band. */
static void plot_cycles(const ReportInput *in, Buf *b)
{
    uint64_t k = in->cycles;
    const double *r = in->cycle_returns;
    double set = (double)in->setting, lo = set - 4, hi = set + 4, mean = 0;
    for (uint64_t i = 0; i < k; i++) {
        lo = r[i] < lo ? r[i] : lo;
        hi = r[i] > hi ? r[i] : hi;
        mean += r[i];
    }
    mean /= (double)k;
    svg_begin(b, W, H, "Return per cycle");
    SvgPlot p;
    plot_frame(&p, b, 84, 16, 636, 296);
    /* whole cycles: a step of 1, 2 or 5 times a power of ten giving at most 12 intervals */
    double step = 1;
    for (int m = 0; (double)(k + 1) / step > 12; m++)
        step = (m % 3 == 0 ? 2 : m % 3 == 1 ? 2.5 : 2) * step; /* 2, 5, 10, 20, 50, ... */
    p.x0 = 0;
    p.xstep = step;
    p.x1 = (double)k + 1; /* the ticks stop at the last multiple of the step in it */
    p.y0 = lo;
    p.y1 = hi;
    p.ystep = svg_nice(&p.y0, &p.y1, 8);
    svg_axes(&p, "cycle", "return of the cycle (%)", "clip-cycles");
    double bx[2] = {p.x0, p.x1}, blo[2] = {set - 3, set - 3}, bhi[2] = {set + 3, set + 3};
    svg_band(&p, bx, blo, bhi, 2, "fill=\"" C_GOOD_BAND "\" stroke=\"none\"", "clip-cycles");
    double fl = (double)in->floor, sy[2] = {set, set}, my[2] = {mean, mean}, ly[2] = {fl, fl};
    bool floor_shown = in->floor && p.y0 < fl && p.y1 > fl;
    svg_line(&p, bx, sy, 2, "stroke=\"" C_GOOD "\" stroke-width=\"1.5\"", "clip-cycles");
    svg_line(&p, bx, my, 2, "stroke=\"" C_MAIN "\" stroke-width=\"1\" stroke-dasharray=\"2 3\"",
             "clip-cycles");
    if (floor_shown)
        svg_line(&p, bx, ly, 2, "stroke=\"" C_BAD "\" stroke-width=\"1\" stroke-dasharray=\"6 4\"",
                 "clip-cycles");
    double rad = k <= 100 ? 3.5 : k <= 1000 ? 2 : 1.2;
    buf_puts(b, "<g clip-path=\"url(#clip-cycles)\">\n");
    for (uint64_t i = 0; i < k; i++) {
        bool out = r[i] < set - 3 || r[i] > set + 3;
        if (k <= 100) /* a stem from the setting */
            buf_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#9dc3e6\"/>\n",
                       svg_x(&p, (double)i + 1), svg_y(&p, set), svg_x(&p, (double)i + 1), svg_y(&p, r[i]));
        buf_printf(b, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\"/>\n", svg_x(&p, (double)i + 1),
                   svg_y(&p, r[i]), rad, out ? C_BAD : C_MAIN);
    }
    buf_puts(b, "</g>\n");
    char t1[64], t2[64], t3[64];
    snprintf(t1, sizeof t1, "operator's setting %" PRId64 " %%", in->setting);
    snprintf(t2, sizeof t2, "setting \xc2\xb1 3 pp");
    snprintf(t3, sizeof t3, "mean of the cycles %.2f %%", mean);
    const char *sw[] = {"dot:fill=\"" C_MAIN "\"", "dot:fill=\"" C_BAD "\"",
                        "line:stroke=\"" C_GOOD "\" stroke-width=\"1.5\"",
                        "box:fill=\"" C_GOOD_BAND "\" stroke=\"none\"",
                        "line:stroke=\"" C_MAIN "\" stroke-dasharray=\"2 3\"",
                        "line:stroke=\"" C_BAD "\" stroke-dasharray=\"6 4\""};
    char t4[64];
    snprintf(t4, sizeof t4, "the legal floor %" PRId64 " %%", in->floor);
    const char *tx[] = {"a cycle's return", "outside the band", t1, t2, t3, t4};
    svg_legend(b, p.left + p.width - 10, p.top + 10, floor_shown ? 6 : 5, sw, tx);
    svg_end(b);
}

/* ---- the page ---------------------------------------------------------------------------- */

static const char css[] =
    "body{font-family:\"DejaVu Sans\",Helvetica,Arial,sans-serif;font-size:13.5px;color:#222;"
    "background:#f2f2f2;margin:0}\n"
    ".page{max-width:860px;margin:24px auto;background:#fff;padding:36px 48px 28px;"
    "box-shadow:0 1px 4px rgba(0,0,0,.15)}\n"
    "header{border-bottom:3px solid #1f4e79;padding-bottom:10px;margin-bottom:18px}\n"
    "header .kicker{text-transform:uppercase;letter-spacing:.12em;font-size:11px;color:#595959}\n"
    "h1{font-size:26px;margin:4px 0 2px;color:#1f4e79}\n"
    "header .sub{color:#595959;font-size:12.5px}\n"
    "h2{font-size:16px;color:#1f4e79;border-bottom:1px solid #bfbfbf;padding-bottom:3px;"
    "margin:26px 0 10px}\n"
    "table{border-collapse:collapse;width:100%;margin:4px 0 8px;font-variant-numeric:tabular-nums}\n"
    "th,td{padding:4px 8px;border-bottom:1px solid #e3e3e3;text-align:left;vertical-align:top}\n"
    "thead th{border-bottom:1.5px solid #595959;font-size:12px;color:#404040;font-weight:600}\n"
    "tbody th{font-weight:normal;color:#333;width:34%}\n"
    "td.num{text-align:right;white-space:nowrap;width:16%}\n"
    "td.note{color:#595959;font-size:12.5px}\n"
    "tr.total th,tr.total td{font-weight:bold;border-top:1.5px solid #595959}\n"
    "table.params th{width:22%}table.params td{font-family:\"DejaVu Sans Mono\",monospace;"
    "font-size:12.5px}\n"
    "table.grid td.num,table.grid th.num{width:auto}table.grid th.num{text-align:right}\n"
    "figure{margin:14px 0 22px;page-break-inside:avoid}\n"
    "figure svg{width:100%;height:auto;display:block;border:1px solid #e3e3e3}\n"
    "figcaption{font-size:12.5px;color:#404040;margin-top:6px}\n"
    "figcaption b{color:#1f4e79}\n"
    ".status-ok{color:#548235;font-weight:bold}.status-bad{color:#c00000;font-weight:bold}\n"
    "footer{margin-top:26px;border-top:1px solid #bfbfbf;padding-top:8px;font-size:11.5px;"
    "color:#595959}\n"
    "footer code{font-size:11px}\n"
    "@media print{body{background:#fff}.page{box-shadow:none;margin:0;max-width:none}}\n";

static void figure(Buf *h, const char *file, const Buf *svg, int no, const char *caption_html)
{
    buf_printf(h, "<figure id=\"fig-%d\">\n", no);
    buf_puts(h, svg->s);
    buf_printf(h, "<figcaption><b>Figure %d.</b> %s <span class=\"file\">(%s)</span></figcaption>\n"
                  "</figure>\n", no, caption_html, file);
}

static int write_file(const char *dir, const char *name, const Buf *b, Error *err)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    if (!f)
        return error_set(err, "--out: cannot write %s: %s", path, strerror(errno));
    size_t len = b->s ? strlen(b->s) : 0;
    bool ok = fwrite(b->s ? b->s : "", 1, len, f) == len;
    ok = fclose(f) == 0 && ok;
    if (!ok)
        return error_set(err, "--out: cannot write %s: %s", path, strerror(errno));
    return 0;
}

static void params_table(Buf *h, const ReportInput *in, const SimStats *st)
{
    const GameDef *def = in->def;
    const SimRun *run = in->run;
    char m[32];
    buf_puts(h, "<h2>1. Run</h2>\n<table class=\"params\"><tbody>\n");
    row_open(h, "Game");
    buf_puts(h, "<td>");
    esc(h, def->name);
    buf_puts(h, " (");
    esc(h, def->id);
    buf_puts(h, "), rules ");
    esc(h, def->rules);
    buf_puts(h, "</td></tr>\n");
    row_open(h, "Game file");
    buf_printf(h, "<td>games/");
    esc(h, def->id);
    buf_puts(h, "/game.json, FNV-1a 64 ");
    esc(h, def->hash);
    buf_puts(h, "</td></tr>\n");
    row_open(h, "Bet");
    buf_puts(h, "<td>");
    for (int i = 0; i < def->nbet; i++) {
        buf_puts(h, i ? "," : "");
        esc(h, def->bet[i].key);
        buf_printf(h, "=%" PRId64, run->bet.v[i]);
    }
    money_str(in->rules->bet_total(def, &run->bet), m, sizeof m);
    buf_printf(h, " (%s per round%s)</td></tr>\n", m,
               in->rules->bet_is_max(def, &run->bet) ? ", max bet" : "");
    row_open(h, "Rounds");
    buf_puts(h, "<td>");
    count(h, in->t->rounds);
    buf_printf(h, " (seed %" PRIu64 ", strategy %s)</td></tr>\n", run->seed, strategy_name(run->strategy));
    row_open(h, "Play");
    if (run->cabinets)
        buf_printf(h, "<td>%" PRIu64 " cabinet%s, each a chain of consecutive rounds carrying its "
                      "state</td></tr>\n", run->cabinets, run->cabinets == 1 ? "" : "s");
    else
        buf_puts(h, "<td>independent rounds (a progressive counted at its seed value)</td></tr>\n");
    row_open(h, "Money");
    char won[32];
    money_str(in->t->bet, m, sizeof m);
    money_str(in->t->win, won, sizeof won);
    buf_printf(h, "<td>bet %s, won %s", m, won);
    if (in->rules->bonuses) {
        buf_printf(h, ", and %" PRId64 " Bonuses worth ", in->t->bonuses);
        money_str(st->bonus_value, m, sizeof m);
        buf_puts(h, m);
    }
    buf_puts(h, "</td></tr>\n");
    row_open(h, "Tool");
    buf_puts(h, "<td>slotsim ");
    esc(h, in->version);
    buf_puts(h, "</td></tr>\n");
    buf_puts(h, "</tbody></table>\n");
}

static void par_sheet(Buf *h, const ReportInput *in, const SimStats *st)
{
    const SimTotals *t = in->t;
    double se = st->sd * 100.0 / sqrt(st->n); /* the RTP's standard error, pp */
    buf_puts(h, "<h2>2. Par sheet</h2>\n<table class=\"par\"><thead><tr><th>Measure</th>"
                "<th style=\"text-align:right\">Value</th><th>Note</th></tr></thead><tbody>\n");
    row_open(h, "RTP (return to player)");
    cell_keyed(h, "rtp", st->rtp, 6);
    num(h, st->rtp, 4);
    buf_puts(h, " %</td><td class=\"note\">total won over total bet");
    if (in->rules->bonuses)
        buf_puts(h, ", Bonuses at their worth");
    buf_puts(h, "</td></tr>\n");
    if (in->rules->bonuses) {
        row_open(h, "\xe2\x80\x83of which money");
        cell_keyed(h, "rtp_money", st->rtp_money, 6);
        num(h, st->rtp_money, 4);
        buf_puts(h, " %</td><td class=\"note\"></td></tr>\n");
        row_open(h, "\xe2\x80\x83of which Bonuses");
        cell_keyed(h, "rtp_bonuses", st->rtp_bonuses, 6);
        num(h, st->rtp_bonuses, 4);
        buf_printf(h, " %%</td><td class=\"note\">%" PRId64 " Bonuses won</td></tr>\n", t->bonuses);
    }
    row_open(h, "95 % confidence interval");
    cell_keyed(h, "rtp_ci95", st->ci95, 6);
    buf_puts(h, "\xc2\xb1 ");
    num(h, st->ci95, 4);
    buf_puts(h, " pp</td><td class=\"note\">");
    num(h, st->rtp - st->ci95, 4);
    buf_puts(h, " % to ");
    num(h, st->rtp + st->ci95, 4);
    buf_puts(h, " %</td></tr>\n");
    row_open(h, "99 % confidence interval");
    buf_puts(h, "<td class=\"num\">\xc2\xb1 ");
    num(h, Z99 * se, 4);
    buf_puts(h, " pp</td><td class=\"note\">");
    num(h, st->rtp - Z99 * se, 4);
    buf_puts(h, " % to ");
    num(h, st->rtp + Z99 * se, 4);
    buf_puts(h, " %</td></tr>\n");
    if (in->target > 0) {
        row_open(h, "Target RTP (game file)");
        cell_keyed(h, "target_rtp", in->target, 2);
        num(h, in->target, 2);
        double z = se > 0 ? (st->rtp - in->target) / se : 0;
        bool inside = fabs(z) <= Z99;
        buf_printf(h, " %%</td><td class=\"note\">measured %s%.2f standard errors from it: "
                      "<span class=\"%s\">%s</span></td></tr>\n", z < 0 ? "\xe2\x88\x92" : "+",
                   fabs(z), inside ? "status-ok" : "status-bad",
                   inside ? "within the 99 % interval" : "outside the 99 % interval");
    }
    row_open(h, "Hit frequency");
    cell_keyed(h, "hit_frequency", st->hit, 6);
    num(h, st->hit, 4);
    buf_puts(h, " %</td><td class=\"note\">rounds that won anything: ");
    one_in(h, st->n, t->hits);
    buf_puts(h, "</td></tr>\n");
    row_open(h, "Standard deviation per round");
    cell_keyed(h, "sd_per_round", st->sd, 6);
    num(h, st->sd, 4);
    buf_puts(h, " \xc3\x97 bet</td><td class=\"note\">of a round's win over its bet</td></tr>\n");
    row_open(h, "Volatility index (90 %)");
    buf_puts(h, "<td class=\"num\">");
    num(h, Z_VI * st->sd, 3);
    buf_puts(h, "</td><td class=\"note\">1.645 \xc3\x97 the standard deviation</td></tr>\n");
    row_open(h, "Largest win seen");
    cell_keyed(h, "max_win_x", st->max_win_x, 2);
    num(h, st->max_win_x, 2);
    buf_puts(h, " \xc3\x97 bet</td><td class=\"note\">");
    if (t->max_win_rounds) {
        count(h, t->max_win_rounds);
        buf_printf(h, " round%s won it (none more): ", t->max_win_rounds == 1 ? "" : "s");
        one_in(h, st->n, t->max_win_rounds);
    } else {
        buf_puts(h, "no round won anything");
    }
    buf_puts(h, "</td></tr>\n");
    if (in->run->max_win_x) {
        row_open(h, "Rounds capped at the maximum win");
        cell_keyed(h, "capped.rounds", (double)t->capped, 0);
        count(h, t->capped);
        buf_printf(h, "</td><td class=\"note\">the game's maximum is %" PRId64 " \xc3\x97 bet; ",
                   in->run->max_win_x);
        if (t->capped)
            one_in(h, st->n, t->capped);
        else
            buf_puts(h, "not reached in this run");
        buf_puts(h, "</td></tr>\n");
    }
    if (in->rules->pool_value) {
        row_open(h, "Progressive jackpot hits");
        cell_keyed(h, "jackpot.hits", (double)t->jackpots, 0);
        count(h, t->jackpots);
        buf_puts(h, "</td><td class=\"note\">");
        if (t->jackpots)
            one_in(h, st->n, t->jackpots);
        else
            buf_puts(h, "not hit in this run");
        if (!in->run->cabinets) {
            buf_puts(h, "; the pool's growth paid back adds ");
            num(h, 100.0 * (double)in->growth / st->bet, 4);
            buf_puts(h, " pp");
        }
        buf_puts(h, "</td></tr>\n");
    }
    buf_puts(h, "</tbody></table>\n");
}

static void parts_table(Buf *h, const ReportInput *in, const SimStats *st)
{
    Part parts[PART__COUNT + 1];
    int n = parts_of(in, st, parts);
    buf_puts(h, "<h2>3. Return by part</h2>\n<table class=\"grid\"><thead><tr><th>Part</th>"
                "<th class=\"num\">RTP (pp)</th><th class=\"num\">Share of the RTP</th></tr></thead><tbody>\n");
    for (int i = 0; i < n; i++) {
        row_open(h, parts[i].name);
        char key[64];
        snprintf(key, sizeof key, "rtp_split.%s", parts[i].key ? parts[i].key : "");
        if (parts[i].key)
            cell_keyed(h, key, parts[i].pp, 6);
        else /* Bonuses: the par sheet's rtp_bonuses */
            buf_puts(h, "<td class=\"num\">");
        num(h, parts[i].pp, 4);
        buf_puts(h, "</td><td class=\"num\">");
        num(h, st->rtp > 0 ? 100.0 * parts[i].pp / st->rtp : 0, 2);
        buf_puts(h, " %</td></tr>\n");
    }
    buf_puts(h, "<tr class=\"total\"><th scope=\"row\">Total</th><td class=\"num\">");
    num(h, st->rtp, 4);
    buf_puts(h, "</td><td class=\"num\">100.00 %</td></tr>\n</tbody></table>\n");
}

static void features_table(Buf *h, const ReportInput *in, const SimStats *st)
{
    const SimTotals *t = in->t;
    const GameRules *rules = in->rules;
    buf_puts(h, "<h2>4. Feature frequencies</h2>\n<table class=\"grid\"><thead><tr><th>Feature</th>"
                "<th class=\"num\">Rounds starting it</th><th class=\"num\">Frequency</th>"
                "<th class=\"num\">Awards (retriggers included)</th></tr></thead><tbody>\n");
    int shown = 0;
    for (int f = 0; f < FEATURE__COUNT; f++) {
        if (!(rules->features_used >> f & 1u))
            continue;
        const char *name = event_feature_name(in->def, (Feature)f);
        char label[64], key[96];
        pretty(label, sizeof label, name);
        row_open(h, label);
        snprintf(key, sizeof key, "features.%s.rounds", name);
        cell_keyed(h, key, (double)t->feature_rounds[f], 0);
        count(h, t->feature_rounds[f]);
        snprintf(key, sizeof key, "features.%s.one_in", name);
        double oi = t->feature_rounds[f] ? st->n / (double)t->feature_rounds[f] : 0;
        buf_puts(h, "</td>");
        cell_keyed(h, key, oi, 2);
        one_in(h, st->n, t->feature_rounds[f]);
        snprintf(key, sizeof key, "features.%s.awards", name);
        buf_puts(h, "</td>");
        cell_keyed(h, key, (double)t->triggers[f], 0);
        count(h, t->triggers[f]);
        buf_puts(h, "</td></tr>\n");
        shown++;
    }
    if (!shown)
        buf_puts(h, "<tr><td colspan=\"4\">The game has no features.</td></tr>\n");
    buf_puts(h, "</tbody></table>\n");
    int listed = 0; /* the spins the game counts */
    for (int k = 0; k < SPIN__COUNT; k++) {
        const char *name = rules->names->spin[k];
        if (!name || !t->spins[k])
            continue;
        char label[48];
        pretty(label, sizeof label, name);
        buf_puts(h, listed++ ? ", " : "<p>Spins played: ");
        esc(h, label);
        buf_printf(h, "%s ", strstr(name, "spin") ? "" : " spins");
        count(h, t->spins[k]);
    }
    if (listed)
        buf_puts(h, ".</p>\n");
}

static void wins_table(Buf *h, const ReportInput *in, const SimStats *st)
{
    const SimTotals *t = in->t;
    buf_puts(h, "<table class=\"grid\"><thead><tr><th>Round win (\xc3\x97 bet)</th>"
                "<th class=\"num\">Rounds</th><th class=\"num\">Share</th>"
                "<th class=\"num\">Frequency</th></tr></thead><tbody>\n");
    double lo = 0;
    for (int i = 0; i < SIM_BUCKETS; i++) {
        char label[64];
        if (i == 0)
            snprintf(label, sizeof label, "no win");
        else if (sim_bucket_tenths[i] < 0)
            snprintf(label, sizeof label, "over %g", lo);
        else
            snprintf(label, sizeof label, "over %g up to %g", lo, sim_bucket_tenths[i] / 10.0);
        if (sim_bucket_tenths[i] >= 0)
            lo = sim_bucket_tenths[i] / 10.0;
        row_open(h, label);
        char key[48];
        snprintf(key, sizeof key, "win_distribution.%d.rounds", i);
        cell_keyed(h, key, (double)t->buckets[i], 0);
        count(h, t->buckets[i]);
        buf_puts(h, "</td><td class=\"num\">");
        num(h, 100.0 * (double)t->buckets[i] / st->n, 4);
        buf_puts(h, " %</td><td class=\"num\">");
        one_in(h, st->n, t->buckets[i]);
        buf_puts(h, "</td></tr>\n");
    }
    buf_puts(h, "</tbody></table>\n");
}

static void cycles_section(Buf *h, const ReportInput *in, const Buf *svg, int fig)
{
    uint64_t k = in->cycles, outside = 0, below = 0;
    double mean = 0, lo = 1e300, hi = -1e300, set = (double)in->setting;
    for (uint64_t i = 0; i < k; i++) {
        double r = in->cycle_returns[i];
        mean += r;
        lo = r < lo ? r : lo;
        hi = r > hi ? r : hi;
        outside += r < set - 3 || r > set + 3;
        below += r < (double)in->floor;
    }
    mean /= (double)k;
    buf_puts(h, "<h2>6. Cycles against the operator's setting</h2>\n<p>A programmed-return game "
                "played as one cabinet, cycle after cycle, as <code>slotsim cycle</code> plays it: "
                "each cycle's return (money and Bonuses at their worth, over the bet) against the "
                "return the operator set.</p>\n<table class=\"par\"><tbody>\n");
    row_open(h, "Operator's setting");
    buf_printf(h, "<td class=\"num\" data-key=\"cycle.return_percent\" data-value=\"%" PRId64 "\">%"
                  PRId64 " %%</td><td class=\"note\">band \xc2\xb1 3 pp: %" PRId64 " %% to %" PRId64
                  " %%</td></tr>\n", in->setting, in->setting, in->setting - 3, in->setting + 3);
    row_open(h, "Cycles played");
    buf_puts(h, "<td class=\"num\">");
    count(h, k);
    buf_puts(h, "</td><td class=\"note\">of ");
    count(h, (uint64_t)in->cycle_games);
    buf_puts(h, " games each</td></tr>\n");
    row_open(h, "Mean return per cycle");
    buf_printf(h, "<td class=\"num\" data-key=\"cycle.mean\" data-value=\"%.4f\">", mean);
    num(h, mean, 4);
    buf_puts(h, " %</td><td class=\"note\">least ");
    num(h, lo, 4);
    buf_puts(h, " %, most ");
    num(h, hi, 4);
    buf_puts(h, " %</td></tr>\n");
    row_open(h, "Cycles outside \xc2\xb1 3 pp");
    buf_printf(h, "<td class=\"num\" data-key=\"cycle.cycles_outside_3pp\" data-value=\"%" PRIu64 "\">",
               outside);
    count(h, outside);
    buf_printf(h, "</td><td class=\"note\"><span class=\"%s\">%s</span></td></tr>\n",
               outside ? "status-bad" : "status-ok", outside ? "some cycles left the band" : "every cycle within the band");
    if (in->floor) {
        char label[64];
        snprintf(label, sizeof label, "Cycles below the legal floor of %" PRId64 " %%", in->floor);
        row_open(h, label);
        buf_printf(h, "<td class=\"num\" data-key=\"cycle.cycles_below_legal_floor\" "
                      "data-value=\"%" PRIu64 "\">", below);
        count(h, below);
        buf_printf(h, "</td><td class=\"note\">%s%s</td></tr>\n", in->floor_source,
                   in->setting < in->floor ? "; the setting is below it" : "");
    }
    buf_puts(h, "</tbody></table>\n");
    char cap[256];
    snprintf(cap, sizeof cap, "Each cycle's return (points) against the operator's setting of %" PRId64
             " %% (green line) and its \xc2\xb1 3 pp band; points outside the band are red.",
             in->setting);
    figure(h, "cycles.svg", svg, fig, cap);
}

int report_write(const ReportInput *in, const char *dir, Error *err)
{
    const GameDef *def = in->def;
    SimStats st;
    sim_stats(in->t, in->run, &st);
    Buf conv = {0}, wins = {0}, parts = {0}, cyc = {0}, h = {0};
    plot_convergence(in, &st, &conv);
    plot_wins(in, &st, &wins);
    plot_parts(in, &st, &parts);
    if (in->cycles)
        plot_cycles(in, &cyc);

    buf_puts(&h, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>");
    esc(&h, def->name);
    buf_puts(&h, " \xe2\x80\x94 par sheet</title>\n<style>\n");
    buf_puts(&h, css);
    buf_puts(&h, "</style>\n</head>\n<body>\n<div class=\"page\">\n<header>\n"
                 "<div class=\"kicker\">Par sheet \xc2\xb7 simulated</div>\n<h1>");
    esc(&h, def->name);
    buf_puts(&h, "</h1>\n<div class=\"sub\">");
    esc(&h, def->id);
    buf_puts(&h, " \xc2\xb7 game file hash ");
    esc(&h, def->hash);
    buf_puts(&h, " \xc2\xb7 ");
    count(&h, in->t->rounds);
    buf_printf(&h, " rounds, seed %" PRIu64 " \xc2\xb7 slotsim ", in->run->seed);
    esc(&h, in->version);
    buf_puts(&h, "</div>\n</header>\n");
    params_table(&h, in, &st);
    par_sheet(&h, in, &st);
    int fig = 1;
    char cap[512];
    snprintf(cap, sizeof cap, "The running RTP after each of %d checkpoints (geometric in the "
             "rounds played, from 1 %% of the run) with the 99 %% band of the %s (\xc2\xb1 2.576 "
             "standard errors, from the run's standard deviation of %.3f \xc3\x97 bet). The first "
             "checkpoints may lie outside the plot.", in->run->ntrace,
             in->target > 0 ? "target RTP" : "final RTP", st.sd);
    figure(&h, "convergence.svg", &conv, fig++, cap);
    parts_table(&h, in, &st);
    snprintf(cap, sizeof cap, "Each part's contribution to the RTP in percentage points, and "
             "the total.");
    figure(&h, "rtp-split.svg", &parts, fig++, cap);
    features_table(&h, in, &st);
    buf_puts(&h, "<h2>5. Distribution of round wins</h2>\n");
    wins_table(&h, in, &st);
    snprintf(cap, sizeof cap, "The share of rounds whose win falls in each bucket of five a "
             "decade, both axes logarithmic; rounds without a win (%.2f %%) are not drawn.",
             100.0 * (double)in->t->buckets[0] / st.n);
    figure(&h, "win-distribution.svg", &wins, fig++, cap);
    if (in->cycles)
        cycles_section(&h, in, &cyc, fig++);
    buf_puts(&h, "<footer>\n<p>Reproduce: <code>");
    esc(&h, in->command);
    buf_puts(&h, "</code> (the same page whatever <code>--threads</code>).</p>\n");
    /* the one line that differs between runs: timing and threads */
    buf_printf(&h, "<p class=\"timing\">Simulated in %.1f s on %d thread%s", in->seconds,
               in->threads, in->threads == 1 ? "" : "s");
    if (in->cycles)
        buf_printf(&h, "; cycles in %.1f s", in->cycle_seconds);
    buf_puts(&h, ".</p>\n</footer>\n</div>\n</body>\n</html>\n");

    int rc = write_file(dir, "convergence.svg", &conv, err) ||
             write_file(dir, "win-distribution.svg", &wins, err) ||
             write_file(dir, "rtp-split.svg", &parts, err) ||
             (in->cycles && write_file(dir, "cycles.svg", &cyc, err)) ||
             write_file(dir, "index.html", &h, err) ? -1 : 0;
    buf_free(&conv);
    buf_free(&wins);
    buf_free(&parts);
    buf_free(&cyc);
    buf_free(&h);
    return rc;
}
