/* ways_draw.c - what the ways kind draws: the ways count in its plate above the reels
 * (counting up when it grows), tombstones carved with their ways over cut cells, the wild
 * multipliers on the wilds, each event on the reels as it plays (a cut's streak, Sudden
 * Death's lightning, a walker's step, a jump's arc with its embers, a Feather catching fire,
 * a Phoenix spawning), a battle as a moment of its own on a stage over the dimmed reels, the
 * maximum win, a ways win with its plate beside it, and the respin and free-spin boxes. Each
 * hook draws in its plane (gfx.h): on the symbols, the win, the board, the feature's moment.
 * It reads the scene and changes nothing; every number it writes comes from an event (the
 * play kind, core/ways_play.c, keeps them). */
#include "ways_priv.h"

#include <math.h>
#include <stdio.h>

static const SDL_Color WHITE = {255, 255, 255, 255};
static const SDL_Color INK = {12, 8, 22, 232};
#define PI_F 3.14159265f

/* "1,024" ("1.024" in Spanish): a count with its thousands apart. */
static void count_text(uint64_t v, char *out, size_t size)
{
    lang_number(v > INT64_MAX ? INT64_MAX : (int64_t)v, out, size);
}

/* How far the action shown now has gone, 0..1 (1 when none is shown). */
static float progress(const Slot *s)
{
    if (s->play.phase != PH_ACTION || s->play.action_show.ticks <= 0)
        return 1;
    const float t = (float)(app_tick(s->app) - s->play.phase_t0) / (float)s->play.action_show.ticks;
    return t < 0 ? 0 : t > 1 ? 1 : t;
}

static bool acting(const Slot *s, EventType t)
{
    return s->play.phase == PH_ACTION && s->play.action.type == t;
}

static SDL_FPoint cell_centre(const Slot *s, int r, int c)
{
    const SDL_FRect cr = slot_cell_rect(s, r, c);
    return (SDL_FPoint){cr.x + cr.w / 2, cr.y + cr.h / 2};
}

/* A text on a dark plate centred at (cx, cy): the plate hides what is under it. */
static void caption(Slot *s, float cx, float cy, GfxFont f, SDL_Color c, const char *text)
{
    Gfx *g = app_gfx(s->app);
    const float left = (float)s->th.reels_x + 6, right = left + (float)(s->def.cols * s->th.cell) - 12;
    float w = gfx_text_width(g, f, text) + 48, h = gfx_font_height(g, f) + 22;
    w = w > right - left ? right - left : w;
    float x = cx - w / 2;
    x = x < left ? left : x + w > right ? right - w : x;
    const SDL_FRect p = {x, cy - h / 2, w, h};
    gfx_rect(g, p, INK);
    gfx_frame(g, p, 3, c);
    const GfxText t = {.font = f, .color = c, .align = GFX_CENTER, .valign = GFX_MIDDLE, .shadow = true};
    gfx_text_box(g, (SDL_FRect){p.x + 14, p.y + 6, p.w - 28, p.h - 12}, &t, text);
}

/* ---- the ways plate --------------------------------------------------------------------- */

void ways_draw_surround(Slot *s)
{
    Gfx *g = app_gfx(s->app);
    const SDL_FRect p = WAYS_PLATE;
    char n[40] = "";
    bool counting = false;
    const WaysPlay *wp = ways_play_of(&s->play);
    if (wp->known) {
        uint64_t v = wp->ways.total;
        const uint64_t k = app_tick(s->app) - wp->t0;
        if (wp->from < v && k < WAYS_COUNT_TICKS) {
            v = wp->from + (v - wp->from) * k / WAYS_COUNT_TICKS;
            counting = true;
        }
        count_text(v, n, sizeof n);
    }
    const uint64_t key = gfx_hash(gfx_hash_str(GFX_HASH_START, n), &counting, sizeof counting);
    if (!gfx_cache_begin(g, &s->badge_cache[0], p, key))
        return;
    gfx_image(g, s->backdrop, 0, 0, 0, 0, 1);
    gfx_rect(g, p, INK);
    SDL_Color edge = s->th.accent;
    edge.a = counting ? 255 : 170;
    gfx_frame(g, p, counting ? 5 : 3, edge);
    gfx_frame(g, (SDL_FRect){p.x + 8, p.y + 8, p.w - 16, p.h - 16}, 1, (SDL_Color){95, 224, 200, 120});
    if (n[0]) {
        kind_line_in(s, s->f_tiny, p.x + 20, p.y + 14, p.w - 40, GFX_CENTER, s->th.dim, false, _("WAYS TO WIN"));
        const GfxText t = {.font = s->f_huge, .color = counting ? WHITE : s->th.accent, .align = GFX_CENTER,
                           .valign = GFX_MIDDLE, .shadow = true};
        gfx_text_box(g, (SDL_FRect){p.x + 20, p.y + 40, p.w - 40, p.h - 50}, &t, n);
    } else {
        const GfxText t = {.font = s->f_big, .color = s->th.accent, .align = GFX_CENTER, .valign = GFX_MIDDLE,
                           .shadow = true};
        /* TRANSLATORS: the ways meter while the count grows, in large letters (about 14 capitals) */
        gfx_text_box(g, (SDL_FRect){p.x + 20, p.y + 20, p.w - 40, p.h - 40}, &t, lang_trc("meter", "EXPANDING WAYS"));
    }
    gfx_cache_end(g, &s->badge_cache[0]);
}

/* ---- on the reels ------------------------------------------------------------------------ */

static bool cell_still(const Slot *s, int r, int c)
{
    return !s->reel[c].moving || (s->play.held & grid_bit(r, c)) || app_tick(s->app) >= s->reel[c].t_stop;
}

static bool is_wild(const Slot *s, int sym)
{
    return sym >= 0 && sym < s->def.nsymbols && s->def.symbols[sym].role == ROLE_WILD;
}

/* The cell a moving symbol lands on, and where it is on its way (a jump arcs). */
static bool mover(const Slot *s, int *sym, int *fr, int *fc, int *tr, int *tc, bool *jump)
{
    if (acting(s, PHOENIX_EVENT_MOVE)) {
        const EventMove *m = phoenix_move(&s->play.action);
        *sym = m->symbol, *fr = m->from_row, *fc = m->from_reel, *tr = m->to_row, *tc = m->to_reel;
        *jump = m->kind == MOVE_JUMP;
        return true;
    }
    return false;
}

/* A battle's fighters leave their cells for its stage (draw_battle): the attacker's, the
 * defender's, and where a fleeing defender lands. */
static bool fighters_cell(const Slot *s, int r, int c)
{
    if (!acting(s, PHOENIX_EVENT_BATTLE))
        return false;
    const EventBattle *b = phoenix_battle(&s->play.action);
    return (r == b->row && c == b->reel) || (r == b->target_row && c == b->target_reel) ||
           (r == b->to_row && c == b->to_reel);
}

/* Their cells while they are on the stage: empty, and where a fleeing Phoenix lands, what
 * the cell showed until it is there. */
static void draw_fighters_cells(Slot *s)
{
    for (int r = 0; r < s->def.rows; r++)
        for (int c = 0; c < s->def.cols; c++)
            if (fighters_cell(s, r, c)) {
                const EventBattle *b = phoenix_battle(&s->play.action);
                const bool lands = r == b->to_row && c == b->to_reel;
                const SDL_FRect cr = slot_cell_rect(s, r, c);
                slot_draw_cell(s, lands ? ways_play_of(&s->play)->under : -1, cr.x, cr.y, CELL_NORMAL, 1);
            }
}

static void draw_mover(Slot *s)
{
    int sym, fr, fc, tr, tc;
    bool jump;
    if (!mover(s, &sym, &fr, &fc, &tr, &tc, &jump))
        return;
    Gfx *g = app_gfx(s->app);
    const float cell = (float)s->th.cell;
    const float t = progress(s);
    const bool on_to = tr != EVENT_OFF && tc != EVENT_OFF;
    if (on_to) /* the cell it lands on shows what it showed until it arrives */
        slot_draw_cell(s, ways_play_of(&s->play)->under, slot_cell_rect(s, tr, tc).x, slot_cell_rect(s, tr, tc).y, CELL_NORMAL, 1);
    const SDL_FPoint a = fr != EVENT_OFF ? cell_centre(s, fr, fc) : cell_centre(s, tr, tc);
    SDL_FPoint b = on_to ? cell_centre(s, tr, tc) : (SDL_FPoint){a.x - cell, a.y};
    const float e = t * t * (3 - 2 * t); /* eased */
    float x = a.x + (b.x - a.x) * e, y = a.y + (b.y - a.y) * e;
    float alpha = on_to ? 1 : 1 - t;
    if (jump) {
        const float lift = cell * 0.9f + fabsf(b.x - a.x) * 0.15f;
        y -= lift * sinf(PI_F * t);
        for (int k = 1; k <= 9; k++) { /* the embers it leaves along its arc */
            const float tk = t - 0.05f * (float)k;
            if (tk <= 0)
                break;
            const float ek = tk * tk * (3 - 2 * tk);
            gfx_image_zoom(g, s->kind_art[WAYS_ART_TRAIL], a.x + (b.x - a.x) * ek,
                           a.y + (b.y - a.y) * ek - lift * sinf(PI_F * tk), 1.2f - 0.09f * (float)k,
                           1 - 0.1f * (float)k);
        }
    } else {
        y -= 10 * fabsf(sinf(PI_F * 2 * t)); /* a stride */
    }
    if (sym >= 0 && sym < s->def.nsymbols)
        gfx_image_zoom(g, s->sym[sym], x, y, jump ? 1 + 0.12f * sinf(PI_F * t) : 1, alpha);
}

/* A tombstone over a cut cell, its ways on its plaque; rising out of the ground while its
 * cut is shown. */
static void draw_tombstones(Slot *s, bool numbers)
{
    Gfx *g = app_gfx(s->app);
    const float cell = (float)s->th.cell, k = cell / 230.0f;
    for (int r = 0; r < s->def.rows; r++)
        for (int c = 0; c < s->def.cols; c++) {
            const int w = ways_play_of(&s->play)->ways.ways[r][c];
            if (w < 2)
                continue;
            const SDL_FRect cr = slot_cell_rect(s, r, c);
            float rise = 1;
            const EventSlice *cut = acting(s, PHOENIX_EVENT_SLICE) ? phoenix_slice(&s->play.action) : NULL;
            if (cut && cut->row == r && cut->reel == c) {
                const float t = progress(s), from = cut->cause == SLICE_RANDOM ? 0.35f : 0.3f;
                if (t < from)
                    continue;
                rise = fminf(1, (t - from) / 0.35f);
            }
            gfx_image_zoom(g, s->kind_art[WAYS_ART_TOMBSTONE], cr.x + cr.w / 2, cr.y + cr.h / 2 + (1 - rise) * 30,
                           0.85f + 0.15f * rise, rise);
            if (!numbers || rise < 1)
                continue;
            char n[8];
            snprintf(n, sizeof n, "%d", w);
            const GfxText t = {.font = s->f_small, .color = (SDL_Color){150, 255, 230, 255}, .align = GFX_CENTER,
                               .valign = GFX_MIDDLE, .shadow = true};
            gfx_text_box(g, (SDL_FRect){cr.x + 115 * k - 19 * k, cr.y + 36 * k - 17 * k, 38 * k, 34 * k}, &t, n);
        }
}

/* A wild's multiplier on a dark badge in the top right corner of its picture (centred at
 * (cx, cy), `zoom` cells wide), clear of the ribbon across the symbol's foot that carries its
 * word (WILD). */
static void badge(Slot *s, float cx, float cy, float zoom, uint32_t m)
{
    Gfx *g = app_gfx(s->app);
    char n[24];
    snprintf(n, sizeof n, "\xC3\x97%u", m);
    const GfxFont f = zoom > 1.3f ? s->f_big : s->f_small;
    const float half = (float)s->th.cell * zoom / 2, h = 40 * zoom;
    const float w = fmaxf(72 * zoom, gfx_text_width(g, f, n) + 24 * zoom);
    const SDL_FRect b = {cx + half - w - 10 * zoom, cy - half + 10 * zoom, w, h};
    gfx_rect(g, b, INK);
    gfx_frame(g, b, 2 * zoom, m > 1 ? s->th.accent : s->th.dim);
    const GfxText t = {.font = f, .color = m > 1 ? s->th.accent : s->th.text, .align = GFX_CENTER,
                       .valign = GFX_MIDDLE, .shadow = true};
    gfx_text_box(g, (SDL_FRect){b.x + 8 * zoom, b.y + 4 * zoom, b.w - 16 * zoom, b.h - 8 * zoom}, &t, n);
}

/* Each wild's multiplier on its cell (a battle's new one from its result on). */
static void draw_multipliers(Slot *s)
{
    for (int r = 0; r < s->def.rows; r++)
        for (int c = 0; c < s->def.cols; c++) {
            const uint32_t m = ways_play_multiplier(&s->play, r, c, app_tick(s->app));
            if (!m || !is_wild(s, s->play.shown.cell[r][c]) || !cell_still(s, r, c) || fighters_cell(s, r, c))
                continue;
            int sym, fr, fc, tr, tc;
            bool jump;
            if (mover(s, &sym, &fr, &fc, &tr, &tc, &jump) && tr == r && tc == c)
                continue; /* still on its way */
            const SDL_FPoint p = cell_centre(s, r, c);
            badge(s, p.x, p.y, 1, m);
        }
}

/* The strokes of an action inside the reels: a streak, lightning, a blade, flames (drawn
 * with the feature's moment, over the symbols and their overlays). */
static void draw_strokes(Slot *s)
{
    if (s->play.phase != PH_ACTION)
        return;
    Gfx *g = app_gfx(s->app);
    const float t = progress(s), cell = (float)s->th.cell;
    const Event *e = &s->play.action;
    if (e->type == PHOENIX_EVENT_SLICE) {
        const EventSlice *cut = phoenix_slice(e);
        const SDL_FPoint p = cell_centre(s, cut->row, cut->reel);
        if (cut->cause == SLICE_RANDOM) { /* lightning from above the reels, a white flash */
            if (t < 0.5f) {
                SDL_FPoint bolt[7];
                const float top = (float)s->th.reels_y;
                for (int k = 0; k < 7; k++) {
                    const float f = (float)k / 6;
                    bolt[k] = (SDL_FPoint){p.x + (k % 2 ? 26.0f : -22.0f) * (1 - f) * (k ? 1.0f : 0.0f),
                                           top + (p.y - top) * f};
                }
                const Uint8 a = (Uint8)(255 * (1 - t * 2));
                gfx_polyline(g, bolt, 7, 26, (SDL_Color){150, 120, 255, (Uint8)(a / 3)});
                gfx_polyline(g, bolt, 7, 7, (SDL_Color){240, 235, 255, a});
            }
            const SDL_FRect cr = slot_cell_rect(s, cut->row, cut->reel);
            const float flash = t < 0.35f ? 1 - t / 0.35f : 0;
            if (flash > 0)
                gfx_rect(g, cr, (SDL_Color){235, 230, 255, (Uint8)(190 * flash)});
        } else if (t < 0.6f) { /* the scythe's streak across the cell */
            const float k = t / 0.6f;
            gfx_image_zoom(g, s->kind_art[WAYS_ART_SLASH], p.x - cell * 0.3f + cell * 0.6f * k,
                           p.y - cell * 0.3f + cell * 0.6f * k, 0.8f + 0.4f * k, 1 - k * k);
        }
    } else if (e->type == PHOENIX_EVENT_ATTACK) { /* the walker's blade toward its neighbour */
        const EventAttack *at = phoenix_attack(e);
        const SDL_FPoint a = cell_centre(s, at->row, at->reel), b = cell_centre(s, at->target_row, at->target_reel);
        const float k = t;
        gfx_image_zoom(g, s->kind_art[WAYS_ART_SLASH], a.x + (b.x - a.x) * (0.3f + 0.5f * k),
                       a.y + (b.y - a.y) * (0.3f + 0.5f * k), 0.5f + 0.5f * k, 0.4f + 0.6f * k);
    } else if (e->type == PHOENIX_EVENT_TRANSFORM || e->type == PHOENIX_EVENT_SPAWN) { /* rising fire */
        const int r = e->type == PHOENIX_EVENT_SPAWN ? phoenix_spawn(e)->row : phoenix_transform(e)->row;
        const int c = e->type == PHOENIX_EVENT_SPAWN ? phoenix_spawn(e)->reel : phoenix_transform(e)->reel;
        const SDL_FPoint p = cell_centre(s, r, c);
        for (int i = 0; i < 10; i++) {
            const float ang = 2 * PI_F * (float)i / 10, rad = cell * (0.15f + 0.4f * t);
            gfx_image_zoom(g, s->kind_art[WAYS_ART_TRAIL], p.x + cosf(ang) * rad,
                           p.y + sinf(ang) * rad * 0.8f - 40 * t, 1.3f - 0.5f * t, 1 - t);
        }
    }
}

/* A Phoenix spawning grows out of its cell (its flames are a stroke). */
static void draw_spawning(Slot *s)
{
    if (!acting(s, PHOENIX_EVENT_SPAWN) || progress(s) >= 0.6f)
        return;
    const EventSpawn *sp = phoenix_spawn(&s->play.action);
    const SDL_FRect cr = slot_cell_rect(s, sp->row, sp->reel);
    const float k = progress(s) / 0.6f;
    slot_draw_cell(s, ways_play_of(&s->play)->under, cr.x, cr.y, CELL_NORMAL, 1);
    gfx_image_zoom(app_gfx(s->app), s->sym[sp->symbol], cr.x + cr.w / 2, cr.y + cr.h / 2, 0.2f + 0.8f * k, k);
}

/* On the symbols only (GFX_PLANE_OVERLAYS): a symbol moving or spawning, the fighters' empty
 * cells, tombstones, multipliers. An action's strokes and words are its moment's
 * (ways_draw_feature). */
void ways_draw_on_reels(Slot *s)
{
    const bool veiled = s->play.phase == PH_BANNER || s->play.phase == PH_AWAIT_START || acting(s, PHOENIX_EVENT_CAP);
    draw_fighters_cells(s);
    draw_mover(s);
    draw_spawning(s);
    draw_tombstones(s, !veiled);
    if (!veiled)
        draw_multipliers(s);
}

/* ---- a ways win ---------------------------------------------------------------------------- */

/* The win's cells framed in its symbol's colour, the symbols kept clear (their tombstone's
 * plaque and multiplier badge are theirs), and a plate beside them: the symbol, its ways and
 * the amount. */
void ways_draw_win(Slot *s, const EventWin *w)
{
    Gfx *g = app_gfx(s->app);
    const SDL_Color col = slot_line_color(s, w->symbol);
    int last_r = 0, last_c = 0;
    for (int r = 0; r < s->def.rows; r++)
        for (int c = 0; c < s->def.cols; c++) {
            if (!(w->cells & grid_bit(r, c)))
                continue;
            const SDL_FRect cr = slot_cell_rect(s, r, c);
            for (int k = 0; k < 3; k++) {
                SDL_Color glow = col;
                glow.a = (Uint8)(160 - 45 * k);
                gfx_frame(g, (SDL_FRect){cr.x + 6 - (float)k * 4, cr.y + 6 - (float)k * 4, cr.w - 12 + (float)k * 8,
                                         cr.h - 12 + (float)k * 8}, k ? 4 : 7, glow);
            }
            gfx_keep_clear(g, (SDL_FRect){cr.x + 26, cr.y + 62, cr.w - 52, cr.h - 62 - 52}, "a winning symbol");
            if (c >= last_c) {
                last_c = c;
                last_r = r;
            }
        }
    char amount[48], ways[40], text[96];
    slot_amount_text(s, w->amount, amount, sizeof amount);
    count_text(w->ways, ways, sizeof ways);
    lang_fill(text, sizeof text, lang_trn("{1} WAY  {2}", "{1} WAYS  {2}", (int64_t)w->ways), ways, amount, NULL);
    float pic = 56, th = 68;
    SDL_FRect p = slot_plate_spot(s, w->cells, last_r, last_c, gfx_text_width(g, s->f_mid, text) + pic + 56, th);
    if (p.y < (float)s->th.reels_y) { /* no cell is free: not over the reels' top edge, under the ways plate, but
                                       * over their bottom edge, between the last row and the panel */
        th = 60;
        pic = 48;
        p.h = th;
        p.y = (float)BETPANEL_Y - 4 - th;
    }
    gfx_rect(g, p, INK);
    gfx_frame(g, p, 3, col);
    if (w->symbol < s->def.nsymbols) {
        gfx_image(g, s->sym_small[w->symbol], p.x + 12, p.y + (th - pic) / 2, pic, pic, 1);
        gfx_keep_clear(g, (SDL_FRect){p.x + 12, p.y + (th - pic) / 2, pic, pic}, "the win's symbol");
    }
    const GfxText t = {.font = s->f_mid, .color = WHITE, .align = GFX_CENTER, .valign = GFX_MIDDLE, .shadow = true};
    gfx_text_box(g, (SDL_FRect){p.x + pic + 24, p.y + 8, p.w - pic - 36, p.h - 16}, &t, text);
}

/* ---- a battle, a moment of its own ------------------------------------------------------------ */

/* Its beats, as shares of its length: the fighters rise out of their cells onto a stage over
 * the dimmed reels and face off; they lunge and clash; the result (its caption under them,
 * the new multiplier on the winner: WAYS_BATTLE_RESULT_TICKS, when the play side shows it);
 * back to their cells as the dim lifts. A fleeing Phoenix flies up off the stage, leaving its
 * Feather, and comes down on its new cell. */
#define BATTLE_RISE 0.12f
#define BATTLE_LUNGE 0.28f
#define BATTLE_RESULT ((float)WAYS_BATTLE_RESULT_TICKS / (float)WAYS_BATTLE_TICKS)
#define BATTLE_BACK 0.80f

GfxImage ways_fighter_art(const Slot *s, int sym, float *scale)
{
    for (int i = 0, k = 0; i < s->def.nsymbols && k < WAYS_FIGHTERS; i++)
        if (s->def.symbols[i].role == ROLE_WILD && s->th.symbol[i].art[0]) {
            if (i == sym && s->kind_art[WAYS_ART_FIGHTER + k]) {
                *scale = WAYS_BATTLE_ZOOM;
                return s->kind_art[WAYS_ART_FIGHTER + k];
            }
            k++;
        }
    *scale = 1;
    return sym >= 0 && sym < s->def.nsymbols ? s->sym[sym] : 0;
}

static float span(float t, float a, float b) { return t <= a ? 0 : t >= b ? 1 : (t - a) / (b - a); }
static float ease(float t) { return t * t * (3 - 2 * t); }
static SDL_FPoint towards(SDL_FPoint a, SDL_FPoint b, float k)
{
    return (SDL_FPoint){a.x + (b.x - a.x) * k, a.y + (b.y - a.y) * k};
}

typedef struct Fighter {
    int sym;
    SDL_FPoint from, stage, to; /* its cell, its place on the stage, the cell it goes back to */
    uint32_t mult;
    float dir;                  /* toward the other: +1 right, -1 left */
} Fighter;

/* Where a fighter is at share t of the battle and how large (in cells). */
static void fighter_at(const Fighter *f, float t, bool flees, SDL_FPoint *p, float *zoom)
{
    const float z = WAYS_BATTLE_ZOOM;
    SDL_FPoint on = f->stage;
    float zs = z;
    const float lunge = span(t, BATTLE_LUNGE, BATTLE_RESULT + 0.04f);
    on.x += f->dir * 64 * (lunge < 0.7f ? ease(lunge / 0.7f) : 1 - ease((lunge - 0.7f) / 0.3f));
    on.y += 5 * sinf(PI_F * 4 * t); /* breathing */
    if (flees) { /* up and away from the other, smaller */
        const float k = ease(span(t, BATTLE_RESULT, BATTLE_RESULT + 0.2f));
        on = towards(on, (SDL_FPoint){f->stage.x - f->dir * 200, f->stage.y - 90}, k);
        zs = z - (z - 0.9f) * k;
    }
    if (t < BATTLE_BACK) {
        const float k = ease(span(t, 0, BATTLE_RISE));
        *p = towards(f->from, on, k);
        *zoom = 1 + (zs - 1) * k;
        return;
    }
    const float k = ease(span(t, BATTLE_BACK, 1));
    *p = towards(on, f->to, k);
    *zoom = zs + (1 - zs) * k;
    if (flees)
        p->y -= 120 * sinf(PI_F * k); /* an arc down onto its cell */
}

/* A fighter at share t: `alpha` how clear, `beaten` how far it has sunk (0..1: smaller,
 * lower), `popped` its badge growing as its new multiplier shows; its picture, or (`badge_only`,
 * once both are drawn, so that a lunge never covers the other's) its badge. */
static void draw_fighter(Slot *s, const Fighter *f, float t, bool flees, float alpha, float beaten, bool popped,
                         bool badge_only)
{
    SDL_FPoint p;
    float zoom, scale;
    fighter_at(f, t, flees, &p, &zoom);
    zoom *= 1 - 0.14f * beaten;
    p.y += 24 * beaten;
    if (badge_only) {
        if (f->mult)
            badge(s, p.x, p.y, zoom * (popped ? 1 + 0.25f * (1 - span(t, BATTLE_RESULT, BATTLE_RESULT + 0.08f)) : 1),
                  f->mult);
        return;
    }
    Gfx *g = app_gfx(s->app);
    if (flees && t > BATTLE_RESULT)
        for (int k = 1; k <= 8; k++) { /* embers along its flight */
            SDL_FPoint q;
            float zq;
            fighter_at(f, t - 0.012f * (float)k, flees, &q, &zq);
            gfx_image_zoom(g, s->kind_art[WAYS_ART_TRAIL], q.x, q.y, 1.4f - 0.12f * (float)k, 1 - 0.11f * (float)k);
        }
    const GfxImage img = ways_fighter_art(s, f->sym, &scale);
    if (img)
        gfx_image_zoom(g, img, p.x, p.y, zoom / scale, alpha);
}

/* The clash between them: the scythe's streak across, embers flying out. */
static void draw_clash(Slot *s, SDL_FPoint m, float t)
{
    const float k = span(t, BATTLE_RESULT - 0.05f, BATTLE_RESULT + 0.12f);
    if (k <= 0 || k >= 1)
        return;
    Gfx *g = app_gfx(s->app);
    for (int i = 0; i < 14; i++) {
        const float ang = 2 * PI_F * (float)i / 14, rad = 40 + 230 * ease(k);
        gfx_image_zoom(g, s->kind_art[WAYS_ART_TRAIL], m.x + cosf(ang) * rad, m.y + sinf(ang) * rad * 0.8f,
                       1.6f - k, 1 - k);
    }
    gfx_image_zoom(g, s->kind_art[WAYS_ART_SLASH], m.x, m.y, 1.6f + 0.8f * k, 1 - k * k);
}

static void draw_battle(Slot *s)
{
    Gfx *g = app_gfx(s->app);
    const EventBattle *b = phoenix_battle(&s->play.action);
    const float t = progress(s), cell = (float)s->th.cell, half = cell * WAYS_BATTLE_ZOOM / 2;
    const uint64_t now = app_tick(s->app);
    const bool decided = ways_play_battle_decided(&s->play, now);
    const bool flee = b->outcome == BATTLE_DEFENDER_JUMPS && b->to_row != EVENT_OFF;
    const SDL_FRect win = {(float)s->th.reels_x, (float)s->th.reels_y, cell * (float)s->def.cols,
                           cell * (float)s->def.rows};
    const float veil = ease(span(t, 0, BATTLE_RISE)) * (1 - ease(span(t, BATTLE_BACK, 1)));
    gfx_rect(g, win, (SDL_Color){8, 4, 16, (Uint8)(228 * veil)});
    const SDL_FPoint mid = {win.x + win.w / 2, win.y + 50 + half};
    const float right = b->reel >= b->target_reel ? 1 : -1; /* the attacker's side */
    const SDL_FPoint home_a = cell_centre(s, b->row, b->reel), home_d = cell_centre(s, b->target_row, b->target_reel);
    const Fighter att = {.sym = s->play.shown.cell[b->row][b->reel], .from = home_a, .to = home_a,
                         .stage = {mid.x + right * (half + 50), mid.y}, .dir = -right,
                         .mult = ways_play_multiplier(&s->play, b->row, b->reel, now)};
    Fighter def = {.sym = flee ? s->play.shown.cell[b->to_row][b->to_reel] : s->play.shown.cell[b->target_row][b->target_reel],
                   .from = home_d, .to = flee ? cell_centre(s, b->to_row, b->to_reel) : home_d,
                   .stage = {mid.x - right * (half + 50), mid.y}, .dir = right,
                   .mult = ways_play_multiplier(&s->play, b->target_row, b->target_reel, now)};
    if (flee && decided)
        def.mult = ways_play_multiplier(&s->play, b->to_row, b->to_reel, now);
    const bool att_wins = b->outcome == BATTLE_ATTACKER_DOUBLES, def_wins = b->outcome == BATTLE_DEFENDER_DOUBLES;
    if (flee && decided && b->left != GRID_NO_SYMBOL) { /* the Feather it leaves on the stage, then on its cell */
        const Fighter left = {.sym = b->left, .from = home_d, .to = home_d, .stage = def.stage, .dir = right};
        draw_fighter(s, &left, t, false, span(t, BATTLE_RESULT, BATTLE_RESULT + 0.1f), 0, false, false);
    }
    const float beaten = decided ? ease(span(t, BATTLE_RESULT, BATTLE_RESULT + 0.08f)) *
                                       (1 - ease(span(t, BATTLE_BACK, 1))) : 0;
    for (int pass = 0; pass < 2; pass++) { /* the pictures and their clash, then their badges over all */
        draw_fighter(s, &att, t, false, 1, def_wins ? beaten : 0, decided && att_wins, pass);
        draw_fighter(s, &def, t, flee && decided, 1, att_wins ? beaten : 0, decided && def_wins, pass);
        if (!pass)
            draw_clash(s, mid, t); /* its slash and embers burst across the badges otherwise */
    }
    if (!decided || t >= BATTLE_BACK)
        return;
    char text[96], m[16];
    SDL_Color col = s->th.accent;
    snprintf(m, sizeof m, "%u", att_wins ? b->attacker_multiplier : b->defender_multiplier);
    if (att_wins) {
        lang_fill(text, sizeof text, _("THE REAPER WINS  \xC3\x97{1}"), m, NULL);
        col = (SDL_Color){255, 90, 90, 255};
    } else if (def_wins) {
        lang_fill(text, sizeof text, _("THE PHOENIX WINS  \xC3\x97{1}"), m, NULL);
    } else {
        snprintf(text, sizeof text, "%s", _("THE PHOENIX FLEES"));
        col = (SDL_Color){150, 255, 230, 255};
    }
    caption(s, mid.x, mid.y + half + 52, s->f_mid, col, text); /* under the fighters, never over them */
}

/* ---- over the reels: the action's words, the maximum win -------------------------------------- */

static void draw_cap(Slot *s)
{
    Gfx *g = app_gfx(s->app);
    const float t = progress(s), cell = (float)s->th.cell;
    const SDL_FRect win = {(float)s->th.reels_x, (float)s->th.reels_y, cell * (float)s->def.cols,
                           cell * (float)s->def.rows};
    const float fade = fminf(1, t * 8);
    gfx_rect(g, win, (SDL_Color){8, 4, 16, (Uint8)(215 * fade)});
    const SDL_FPoint c = {win.x + win.w / 2, win.y + win.h / 2};
    /* the celebration's soft light in the reels' window, and a banner's plate over it */
    gfx_clip(g, &win);
    gfx_image_zoom(g, s->burst, c.x, c.y, 0.75f + 0.25f * fade, fade);
    gfx_clip(g, NULL);
    float pw, ph;
    gfx_image_size(g, s->banner_plate, &pw, &ph);
    const SDL_FRect plate = {c.x - pw / 2, c.y - ph / 2, pw, ph};
    gfx_image_zoom(g, s->banner_plate, c.x, c.y, 0.85f + 0.15f * fade, fade);
    if (fade >= 1)
        gfx_cover(g, (SDL_FRect){plate.x + 24, plate.y + 24, plate.w - 48, plate.h - 48});
    char x[48], amt[48], line[96];
    const GameParam *cap = gamedef_param(&s->def, "max_win_x_bet");
    count_text(cap ? (uint64_t)cap->v[0] : 0, x, sizeof x);
    slot_amount_text(s, phoenix_cap(&s->play.action)->cap, amt, sizeof amt);
    SDL_Color gold = s->th.accent, cream = s->th.text;
    gold.a = cream.a = (Uint8)(255 * fade);
    lang_fill(line, sizeof line, _("{1}\xC3\x97 THE BET"), x, NULL);
    slot_plate_line(s, plate, 0.2f, s->f_banner[1], cream, _("MAXIMUM WIN"));
    slot_plate_line(s, plate, 0.5f, s->f_banner[0], gold, amt);
    slot_plate_line(s, plate, 0.79f, s->f_banner[2], cream, line);
}

/* A feature's moment (GFX_PLANE_CELEBRATION): an action's strokes and words over the reels,
 * a battle on its stage, the maximum win. */
void ways_draw_feature(Slot *s)
{
    if (s->play.phase != PH_ACTION)
        return;
    Gfx *g = app_gfx(s->app);
    const SDL_FRect reels = {(float)s->th.reels_x, (float)s->th.reels_y, (float)(s->th.cell * s->def.cols),
                             (float)(s->th.cell * s->def.rows)};
    gfx_clip(g, &reels);
    draw_strokes(s);
    gfx_clip(g, NULL);
    const Event *e = &s->play.action;
    const float t = progress(s), cell = (float)s->th.cell;
    char text[96];
    switch ((int)e->type) { /* the game's own types are no EventType members */
    case PHOENIX_EVENT_CAP:
        draw_cap(s);
        break;
    case PHOENIX_EVENT_SLICE: {
        if (t < 0.45f)
            break;
        const EventSlice *cut = phoenix_slice(e);
        const SDL_FPoint p = cell_centre(s, cut->row, cut->reel);
        const bool strike = cut->cause == SLICE_RANDOM;
        char n[16];
        snprintf(n, sizeof n, "%d", cut->added);
        if (strike)
            lang_fill(text, sizeof text, lang_trn("SUDDEN DEATH  +{1} WAY", "SUDDEN DEATH  +{1} WAYS", cut->added), n, NULL);
        else
            lang_fill(text, sizeof text, lang_trn("+{1} WAY", "+{1} WAYS", cut->added), n, NULL);
        caption(s, p.x, p.y + cell * 0.5f, strike ? s->f_mid : s->f_small, strike ? (SDL_Color){200, 185, 255, 255}
                                                                        : (SDL_Color){150, 255, 230, 255}, text);
        break;
    }
    case PHOENIX_EVENT_BATTLE:
        draw_battle(s);
        break;
    case PHOENIX_EVENT_TRANSFORM:
    case PHOENIX_EVENT_SPAWN: {
        if (t < 0.5f)
            break;
        const int r = e->type == PHOENIX_EVENT_SPAWN ? phoenix_spawn(e)->row : phoenix_transform(e)->row;
        const int c = e->type == PHOENIX_EVENT_SPAWN ? phoenix_spawn(e)->reel : phoenix_transform(e)->reel;
        const SDL_FPoint p = cell_centre(s, r, c);
        snprintf(text, sizeof text, "%s", e->type == PHOENIX_EVENT_SPAWN ? _("A PHOENIX RISES") : _("REBORN AS A PHOENIX"));
        caption(s, p.x, p.y - cell * 0.5f + 4, s->f_small, s->th.accent, text);
        break;
    }
    default:
        break;
    }
}

/* ---- the boxes beside the reels ---------------------------------------------------------- */

static void box_lines(Slot *s, SDL_FRect box, const char *label, const char *value, SDL_Color vc, const char *l2,
                      const char *v2)
{
    const float x = box.x + 20, w = box.w - 40;
    kind_line_in(s, s->f_tiny, x, box.y + 36, w, GFX_CENTER, s->th.dim, false, label);
    kind_line_in(s, s->f_huge, x, box.y + 60, w, GFX_CENTER, vc, true, value);
    if (l2) {
        kind_line_in(s, s->f_tiny, x, box.y + 196, w, GFX_CENTER, s->th.dim, false, l2);
        kind_line_in(s, s->f_small, x, box.y + 222, w, GFX_CENTER, s->th.accent, true, v2);
    }
}

/* Left: the respins left while a walker stands on the reels, else what the Bonus gives.
 * Right: the free spins left and their win, else what free spins give. */
void ways_draw_side(Slot *s)
{
    Gfx *g = app_gfx(s->app);
    const SDL_FRect left = WAYS_BOX_L, right = WAYS_BOX_R;
    const bool respins = s->play.round_active && (s->play.extra_left > 0 || s->play.spin_kind == SPIN_EXTRA);
    char n[24], fw[48];
    const int lstate[] = {respins, s->play.extra_left};
    if (gfx_cache_begin(g, &s->side_cache[1], left, gfx_hash(GFX_HASH_START, lstate, sizeof lstate))) {
        gfx_image(g, s->backdrop, 0, 0, 0, 0, 1);
        if (respins) {
            snprintf(n, sizeof n, "%d", s->play.extra_left);
            box_lines(s, left, _("RESPINS LEFT"), n, s->th.text, _("THE REAPER"), _("walks left"));
        } else {
            const int bonus = gamedef_symbol_with_role(&s->def, ROLE_SCATTER);
            kind_line_in(s, s->f_tiny, left.x + 20, left.y + 36, left.w - 40, GFX_CENTER, s->th.dim, false, _("BONUS"));
            if (bonus >= 0) {
                gfx_image_zoom(g, s->sym_small[bonus], left.x + left.w / 2, left.y + 128, 0.72f, 1);
                gfx_keep_clear(g, (SDL_FRect){left.x + left.w / 2 - 54, left.y + 74, 108, 108}, "bonus");
            }
            kind_line_in(s, s->f_tiny, left.x + 20, left.y + 200, left.w - 40, GFX_CENTER, s->th.text, false,
                         _("3+ anywhere:"));
            kind_line_in(s, s->f_tiny, left.x + 20, left.y + 226, left.w - 40, GFX_CENTER, s->th.accent, false,
                         _("FREE SPINS"));
        }
        gfx_cache_end(g, &s->side_cache[1]);
    }
    const bool free = s->play.in_feature || s->play.phase == PH_AWAIT_START;
    fw[0] = 0;
    if (s->play.in_feature)
        slot_amount_text(s, slot_feature_win_value(s), fw, sizeof fw);
    const int rstate[] = {free, s->play.free_left};
    if (gfx_cache_begin(g, &s->side_cache[0], right, gfx_hash_str(gfx_hash(GFX_HASH_START, rstate, sizeof rstate), fw))) {
        gfx_image(g, s->backdrop, 0, 0, 0, 0, 1);
        if (free) {
            snprintf(n, sizeof n, "%d", s->play.free_left);
            box_lines(s, right, _("FREE SPINS LEFT"), n, s->th.text, s->play.in_feature ? _("FREE SPINS WIN") : NULL, fw);
        } else {
            const GameParam *fs = gamedef_param(&s->def, "free_spins");
            snprintf(n, sizeof n, "%lld", (long long)(fs ? fs->v[fs->n - 1] : 0));
            box_lines(s, right, _("FREE SPINS"), n, s->th.accent, _("UP TO"), _("with 3 Phoenixes"));
        }
        gfx_cache_end(g, &s->side_cache[0]);
    }
}
