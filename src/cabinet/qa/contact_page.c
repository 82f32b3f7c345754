/* contact_page.c - QA's contact sheet: the page.
 *
 * One HTML file, index.html, beside the frames it shows: inline CSS, relative links to the
 * PNGs, no script and nothing from the network, so it opens offline from any folder it is
 * copied to. At the top the run (games, goldens, tolerance) and the summary (scenarios,
 * frames, how many differ, how many have no golden) with a link to each card that differs;
 * then a section per game and a card per scenario: its title, description and file, every
 * moment its round shot, and its key frames, each marked as matching its golden, differing
 * (the golden and the difference picture beside it, with the count of pixels) or without
 * one. Nothing on it depends on the clock, so the same run writes the same page. */
#include "contact_priv.h"

#include <ctype.h>
#include <errno.h>
#include <string.h>
#include <unistd.h>

static const char style[] =
    "body{font-family:'DejaVu Sans',Verdana,sans-serif;background:#14161b;color:#e6e6e6;margin:0;"
    "padding:24px 36px}\n"
    "h1{font-size:26px;margin:0}\n"
    ".run{color:#9aa3b2;font-size:13px;margin:6px 0 0}\n"
    ".run code,.file,.moments{font-family:'DejaVu Sans Mono',monospace}\n"
    ".summary{display:flex;gap:12px;margin:18px 0 10px;flex-wrap:wrap}\n"
    ".stat{background:#20232b;border-radius:8px;padding:10px 18px;min-width:130px;font-size:13px;color:#aab}\n"
    ".stat b{display:block;font-size:28px;color:#fff}\n"
    ".stat.ok b{color:#5fd38a}.stat.bad b{color:#ff5a5a}.stat.warn b{color:#f2c94c}\n"
    ".differs-list{margin:8px 0 0;font-size:14px}.differs-list a{color:#ff8a8a;margin-right:14px}\n"
    "nav{margin:14px 0 0;font-size:14px}nav a{color:#9cc3ff;margin-right:18px;text-decoration:none}\n"
    "h2{font-size:21px;border-bottom:2px solid #3a3f4b;padding-bottom:6px;margin:34px 0 6px}\n"
    "h2 small{font-size:13px;color:#9aa3b2;font-weight:normal;margin-left:10px}\n"
    ".note{color:#f2c94c;font-size:14px}\n"
    ".card{background:#1c1f26;border:1px solid #2b2f39;border-left:6px solid #3f8f5a;border-radius:8px;"
    "padding:12px 18px 14px;margin:14px 0}\n"
    ".card.differs{border-left-color:#e23b3b}.card.nogolden{border-left-color:#c9a227}"
    ".card.failed{border-left-color:#a35bd6}\n"
    ".card h3{margin:0;font-size:17px}.card h3 .file{font-size:12px;color:#8f98a8;font-weight:normal;"
    "margin-left:10px}\n"
    ".desc{margin:4px 0 8px;color:#c9ced8;font-size:14px}\n"
    ".problem{color:#e0a8ff;font-size:13px;margin:4px 0 8px}\n"
    ".frames{display:flex;flex-wrap:wrap;gap:14px;align-items:flex-start}\n"
    ".cmp{display:flex;flex-wrap:wrap;gap:14px;flex-basis:100%;background:#2a1d20;border-radius:6px;"
    "padding:8px}\n"
    "figure{margin:0}figure img{display:block;max-width:480px;height:auto;border:1px solid #333a46}\n"
    ".cmp figure img{max-width:400px}\n"
    "figcaption{font-size:12px;color:#aab2c0;margin-top:4px}figcaption .m{font-family:'DejaVu Sans Mono',"
    "monospace;color:#dfe3ea}\n"
    ".badge{display:inline-block;padding:1px 8px;border-radius:9px;font-size:11px;font-weight:bold;"
    "margin-left:6px}\n"
    ".badge.same{background:#24563a;color:#c4f2d3}.badge.differs{background:#7d1f1f;color:#ffd6d6}"
    ".badge.nogolden{background:#5a4a12;color:#ffe9a3}.badge.final{background:#2d3647;color:#c9d6ee}\n"
    "details{margin-top:8px;font-size:12px;color:#8f98a8}summary{cursor:pointer}\n"
    ".moments{word-spacing:6px;line-height:1.6}\n";

/* s with HTML's special characters escaped. */
static void esc(FILE *f, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '&': fputs("&amp;", f); break;
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '"': fputs("&quot;", f); break;
        default: fputc(*s, f);
        }
    }
}

/* s as an HTML id and a link's fragment: letters, digits, '-' and '.' as they are, any other
 * byte as _XX (its hex), so a file's name can never end the attribute or open a tag. */
static void id_part(FILE *f, const char *s, size_t n)
{
    for (size_t i = 0; i < n && s[i]; i++) {
        unsigned char c = (unsigned char)s[i];
        if (isalnum(c) || c == '-' || c == '.')
            fputc(c, f);
        else
            fprintf(f, "_%02x", c);
    }
}

/* The card's anchor: game and file ("gonzos-gold/05-free-spins.json" -> "gonzos-gold-05-free-spins"). */
static void anchor(FILE *f, const ContactGame *g, const ContactCard *c)
{
    id_part(f, g->id, strlen(g->id));
    fputc('-', f);
    id_part(f, c->file, strlen(c->file) - 5);
}

/* A relative link to a file beside the page: its path percent-encoded (RFC 3986's unreserved
 * characters and '/' as they are), so a name with '"', '<', '#' or '?' links to itself. */
static void url(FILE *f, const char *s)
{
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (isalnum(c) || strchr("-._~/", c))
            fputc(c, f);
        else
            fprintf(f, "%%%02X", c);
    }
}

static const char *card_class(const ContactCard *c)
{
    if (c->problem[0])
        return "failed";
    for (int i = 0; i < c->nframes; i++)
        if (c->frames[i].verdict == CONTACT_DIFFERS)
            return "differs";
    for (int i = 0; i < c->nframes; i++)
        if (c->frames[i].verdict == CONTACT_NO_GOLDEN)
            return "nogolden";
    return "same";
}

/* A picture and its link; the caption is the moment's name (escaped here), badges (HTML
 * made here) and a sentence (escaped here). */
static void figure(FILE *f, const char *file, const char *moment, const char *badges, const char *text)
{
    fputs("<figure><a href=\"", f);
    url(f, file);
    fputs("\"><img src=\"", f);
    url(f, file);
    fputs("\" alt=\"\" loading=\"lazy\"></a><figcaption>", f);
    if (moment) {
        fputs("<span class=\"m\">", f);
        esc(f, moment);
        fputs("</span>", f);
    }
    fputs(badges, f);
    esc(f, text);
    fputs("</figcaption></figure>\n", f);
}

static void frame_html(FILE *f, const ContactFrame *fr)
{
    char badges[200], off[100] = "";
    static const char *const badge[] = {"<span class=\"badge nogolden\">no golden</span>",
                                        "<span class=\"badge same\">matches golden</span>",
                                        "<span class=\"badge differs\">DIFFERS</span>"};
    snprintf(badges, sizeof badges, "%s%s", fr->final ? "<span class=\"badge final\">final</span>" : "",
             badge[fr->verdict]);
    if (fr->verdict == CONTACT_SAME && fr->differing) /* within the tolerance, but not nothing */
        snprintf(off, sizeof off, " (%lld pixels off, within tolerance)", fr->differing);
    if (fr->verdict != CONTACT_DIFFERS) {
        figure(f, fr->file, fr->moment, badges, off);
        return;
    }
    fputs("<div class=\"cmp\">\n", f);
    figure(f, fr->file, fr->moment, badges, off);
    if (fr->golden[0]) /* none when the golden could not be read */
        figure(f, fr->golden, NULL, "", "the golden");
    char what[400];
    if (fr->note[0])
        snprintf(what, sizeof what, "not compared pixel by pixel: %s", fr->note);
    else
        snprintf(what, sizeof what, "%lld of %lld pixels differ (a channel off by more than %d): in red",
                 fr->differing, fr->total, CONTACT_TOL);
    if (fr->diff[0]) {
        figure(f, fr->diff, NULL, "", what);
    } else {
        fputs("<p class=\"problem\">", f);
        esc(f, what);
        fputs("</p>\n", f);
    }
    fputs("</div>\n", f);
}

static void card_html(FILE *f, const ContactGame *g, const ContactCard *c)
{
    fprintf(f, "<div class=\"card %s\" id=\"", card_class(c));
    anchor(f, g, c);
    fputs("\"><h3>", f);
    esc(f, c->title);
    fputs("<span class=\"file\">", f);
    esc(f, c->own ? c->path : c->file);
    fputs(c->own ? " (yours, --scenario-dir)" : "", f);
    fputs("</span></h3>\n<p class=\"desc\">", f);
    esc(f, c->description);
    fputs("</p>\n", f);
    if (c->problem[0]) {
        fputs("<p class=\"problem\">", f);
        esc(f, c->problem);
        fputs("</p>\n", f);
    }
    fputs("<div class=\"frames\">\n", f);
    for (int i = 0; i < c->nframes; i++)
        frame_html(f, &c->frames[i]);
    fputs("</div>\n", f);
    if (c->moments) {
        fputs("<details><summary>every moment its round shot</summary><div class=\"moments\">", f);
        esc(f, c->moments);
        fputs("</div></details>\n", f);
    }
    fputs("</div>\n", f);
}

static void stat(FILE *f, const char *cls, int n, const char *what)
{
    fprintf(f, "<div class=\"stat %s\"><b>%d</b>%s</div>\n", cls, n, what);
}

static void head_html(FILE *f, const ContactSheet *s)
{
    const ContactDesc *d = s->desc;
    fprintf(f, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
               "<title>slotcab contact sheet</title>\n<style>\n%s</style>\n</head>\n<body>\n"
               "<h1>slotcab contact sheet</h1>\n<p class=\"run\">Every named scenario played headless at %dx%d, "
               "each in a fresh memory; its key frames against the goldens in <code>",
            style, d->base->win_w, d->base->win_h);
    esc(f, d->golden_dir ? d->golden_dir : "(none)");
    fprintf(f, "</code> (a pixel differs when a channel is off by more than %d; a frame, when more than 1 pixel "
               "in %d does). Games from <code>", CONTACT_TOL, CONTACT_SHARE);
    esc(f, d->base->games_dir);
    fputs("</code>, themes from <code>", f);
    esc(f, d->base->themes_dir);
    fputs("</code>.</p>\n<div class=\"summary\">\n", f);
    stat(f, "", s->scenarios, "scenarios");
    stat(f, "", s->frames, "frames");
    stat(f, s->differ ? "bad" : "ok", s->differ, "differ");
    stat(f, s->no_golden ? "warn" : "ok", s->no_golden, "without golden");
    if (s->failed)
        stat(f, "bad", s->failed, "not played");
    fputs("</div>\n", f);
    if (s->differ || s->failed) {
        fputs("<div class=\"differs-list\">Look at: ", f);
        for (int i = 0; i < s->ngames; i++)
            for (int k = 0; k < s->games[i].ncards; k++) {
                const ContactCard *c = &s->games[i].cards[k];
                if (strcmp(card_class(c), "differs") && strcmp(card_class(c), "failed"))
                    continue;
                fputs("<a href=\"#", f);
                anchor(f, &s->games[i], c);
                fputs("\">", f);
                esc(f, s->games[i].name);
                fputs(": ", f);
                esc(f, c->title);
                fputs("</a>", f);
            }
        fputs("</div>\n", f);
    }
    fputs("<nav>", f);
    for (int i = 0; i < s->ngames; i++) {
        fputs("<a href=\"#", f);
        id_part(f, s->games[i].id, strlen(s->games[i].id));
        fputs("\">", f);
        esc(f, s->games[i].name);
        fprintf(f, " (%d)</a>", s->games[i].ncards);
    }
    fputs("</nav>\n", f);
}

int contact_page_write(const ContactSheet *s, Error *err)
{
    char path[1200], part[1210];
    snprintf(path, sizeof path, "%s/index.html", s->desc->out_dir);
    snprintf(part, sizeof part, "%s.part", path);
    FILE *f = fopen(part, "w");
    if (!f)
        return error_set(err, "--contact-sheet: cannot write %s: %s", part, strerror(errno));
    head_html(f, s);
    for (int i = 0; i < s->ngames; i++) {
        const ContactGame *g = &s->games[i];
        fputs("<h2 id=\"", f);
        id_part(f, g->id, strlen(g->id));
        fputs("\">", f);
        esc(f, g->name);
        fputs("<small>", f);
        esc(f, g->id);
        fprintf(f, " &middot; %d scenarios</small></h2>\n", g->ncards);
        if (g->note[0]) {
            fputs("<p class=\"note\">", f);
            esc(f, g->note);
            fputs("</p>\n", f);
        }
        for (int k = 0; k < g->ncards; k++)
            card_html(f, g, &g->cards[k]);
    }
    fputs("</body>\n</html>\n", f);
    if (ferror(f) | fclose(f) || rename(part, path)) {
        unlink(part);
        return error_set(err, "--contact-sheet: cannot write %s: %s", path, strerror(errno));
    }
    return 0;
}
