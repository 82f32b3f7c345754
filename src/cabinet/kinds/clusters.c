/* clusters.c - the view of a cluster game (Gonzo's Gold): a grid whose wins are clusters
 * outlined along their edge with their amount, the scatters ringed as they land and counted
 * in a box, the expanding symbol sweeping across its rows and reels, the expanding-symbol prize
 * shown on its own, the nine-tile pick before free spins and its reveal, and a panel of one bet
 * with Bet Settings and AutoPlay (its rounds left on the spin button). The scene calls it
 * through SlotKind; it draws and answers, the round's timeline stays in the scene. */
#include "kinds.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define SANS "fonts/DejaVuSans-Bold.ttf"
#define CLUSTERS_PANEL_Y 875 /* the panel's art starts here */

static const SDL_Color SHADOW = {14, 8, 2, 200};
static const SDL_Color PLATE = {16, 24, 14, 232};
static const SDL_Color WHITE = {255, 255, 255, 255};

#define SWEEP_STEP 7 /* ticks between one covered cell and the next along a row or reel */
#define GROW 10      /* ticks a covered cell takes to grow to full size */
#define REVEAL_FLIP 14
#define REVEAL_OTHERS 50 /* ticks after the pick when the other tiles turn over */
#define REVEAL_TICKS 150

/* A plate with one or two lines of text, centred at (cx, cy), kept over the grid. */
static void plate(Slot *s, float cx, float cy, const char *small, const char *big, SDL_Color edge)
{
    Gfx *g = app_gfx(s->app);
    float w = gfx_text_width(g, s->f_mid, big);
    float ws = small ? gfx_text_width(g, s->f_tiny, small) : 0;
    w = (ws > w ? ws : w) + 44;
    float h = small ? 86 : 60;
    float left = (float)s->th.reels_x + 6, right = left + (float)(s->th.cell * s->def.cols) - 12;
    float x = cx - w / 2;
    x = x + w > right ? right - w : x;
    x = x < left ? left : x;
    SDL_FRect r = {roundf(x), roundf(cy - h / 2), roundf(w), h};
    gfx_rect(g, r, PLATE);
    gfx_frame(g, r, 3, edge);
    float y = r.y + 9;
    if (small) {
        gfx_text(g, s->f_tiny, r.x + r.w / 2, y, GFX_CENTER, s->th.dim, small);
        y += 28;
    }
    gfx_text_shadow(g, s->f_mid, r.x + r.w / 2, y, GFX_CENTER, WHITE, big);
}

/* The group's outline: each side of a cell whose neighbour is not in the group. */
static void outline(Slot *s, CellMask cells, float width, SDL_Color col)
{
    Gfx *g = app_gfx(s->app);
    const int rows = s->def.rows, cols = s->def.cols;
    const float in = 5;
    for (int pass = 0; pass < 2; pass++) {
        const float w = pass ? width : width + 4;
        const SDL_Color c = pass ? col : SHADOW;
        for (int r = 0; r < rows; r++)
            for (int k = 0; k < cols; k++) {
                if (!(cells & grid_bit(r, k)))
                    continue;
                SDL_FRect cr = slot_cell_rect(s, r, k);
                float x0 = cr.x + in, y0 = cr.y + in, x1 = cr.x + cr.w - in, y1 = cr.y + cr.h - in;
                bool up = r > 0 && (cells & grid_bit(r - 1, k));
                bool down = r + 1 < rows && (cells & grid_bit(r + 1, k));
                bool left = k > 0 && (cells & grid_bit(r, k - 1));
                bool right = k + 1 < cols && (cells & grid_bit(r, k + 1));
                /* sides shared with the group are open: the outline runs through */
                float ax = left ? cr.x : x0, bx = right ? cr.x + cr.w : x1;
                float ay = up ? cr.y : y0, by = down ? cr.y + cr.h : y1;
                if (!up)
                    gfx_rect(g, (SDL_FRect){ax, y0 - w / 2, bx - ax, w}, c);
                if (!down)
                    gfx_rect(g, (SDL_FRect){ax, y1 - w / 2, bx - ax, w}, c);
                if (!left)
                    gfx_rect(g, (SDL_FRect){x0 - w / 2, ay, w, by - ay}, c);
                if (!right)
                    gfx_rect(g, (SDL_FRect){x1 - w / 2, ay, w, by - ay}, c);
            }
    }
}

/* The cell of the group nearest its centre, where the amount stands. */
static SDL_FPoint group_centre(const Slot *s, CellMask cells)
{
    float sr = 0, sc = 0;
    int n = 0;
    for (int r = 0; r < s->def.rows; r++)
        for (int c = 0; c < s->def.cols; c++)
            if (cells & grid_bit(r, c)) {
                sr += (float)r;
                sc += (float)c;
                n++;
            }
    if (!n)
        return (SDL_FPoint){0, 0};
    sr /= (float)n;
    sc /= (float)n;
    float best = 1e9f;
    int br = 0, bc = 0;
    for (int r = 0; r < s->def.rows; r++)
        for (int c = 0; c < s->def.cols; c++) {
            float d = ((float)r - sr) * ((float)r - sr) + ((float)c - sc) * ((float)c - sc);
            if ((cells & grid_bit(r, c)) && d < best) {
                best = d;
                br = r;
                bc = c;
            }
        }
    SDL_FRect cr = slot_cell_rect(s, br, bc);
    return (SDL_FPoint){cr.x + cr.w / 2, cr.y + cr.h / 2};
}

static void draw_cluster(Slot *s, const EventWin *w, SDL_Color col)
{
    outline(s, w->cells, 6, col);
    char amount[48], what[96];
    slot_amount_text(s, w->amount, amount, sizeof amount);
    if (w->kind == WIN_BONUS) { /* its coins are the bet's coins times the multiple */
        const GameParam *bet_coins = gamedef_param(&s->def, "bet_coins");
        const int64_t coins = bet_coins && bet_coins->v[0] > 0 ? bet_coins->v[0] : 1;
        snprintf(what, sizeof what, "%d SCATTERS  \xE2\x80\xA2  BONUS %lld\xC3\x97 BET", w->count,
                 (long long)(w->coins / coins));
    } else {
        snprintf(what, sizeof what, "%d \xC3\x97 %s", w->count, s->def.symbols[w->symbol].name);
    }
    SDL_FPoint c = group_centre(s, w->cells);
    plate(s, c.x, c.y, what, amount, col);
}

static void draw_expanding_prize(Slot *s, const EventWin *w)
{
    Gfx *g = app_gfx(s->app);
    outline(s, w->cells, 6, s->th.accent);
    /* one cluster regardless of position: every cell framed alike */
    for (int r = 0; r < s->def.rows; r++)
        for (int c = 0; c < s->def.cols; c++)
            if (w->cells & grid_bit(r, c)) {
                SDL_FRect cr = slot_cell_rect(s, r, c);
                gfx_frame(g, (SDL_FRect){cr.x + 12, cr.y + 12, cr.w - 24, cr.h - 24}, 2, s->th.accent);
            }
    /* the plate stands over the half of the grid with fewer of the symbol */
    int upper = 0, lower = 0;
    for (int r = 0; r < s->def.rows; r++)
        for (int c = 0; c < s->def.cols; c++)
            if (w->cells & grid_bit(r, c))
                *(2 * r + 1 < s->def.rows ? &upper : &lower) += 1;
    const float cell = (float)s->th.cell;
    float cx = (float)s->th.reels_x + cell * (float)s->def.cols / 2;
    float cy = (float)s->th.reels_y + (upper <= lower ? cell * 1.1f : cell * ((float)s->def.rows - 1.1f));
    SDL_FRect box = {cx - 260, cy - 110, 520, 220};
    gfx_rect(g, box, PLATE);
    gfx_frame(g, box, 4, s->th.accent);
    gfx_text(g, s->f_tiny, cx, box.y + 14, GFX_CENTER, s->th.dim, "EXPANDING SYMBOL PRIZE");
    gfx_image_zoom(g, s->sym_small[w->symbol], box.x + 80, box.y + 125, 0.8f, 1);
    char t[96], amount[48];
    snprintf(t, sizeof t, "%d \xC3\x97 %s", w->count, s->def.symbols[w->symbol].name);
    gfx_text_shadow(g, s->f_small, box.x + 310, box.y + 62, GFX_CENTER, s->th.text, t);
    slot_amount_text(s, w->amount, amount, sizeof amount);
    gfx_text_shadow(g, s->f_big, box.x + 310, box.y + 110, GFX_CENTER, s->th.accent, amount);
}

/* How many sweep steps from the nearest symbol that made a row or reel expand. */
static int sweep_distance(const Slot *s, int r, int c)
{
    const EventExpand *x = &s->expand;
    int best = 99;
    for (int k = 0; k < s->def.cols && (x->rows >> r & 1); k++)
        if ((x->from & grid_bit(r, k)) && abs(k - c) < best)
            best = abs(k - c);
    for (int k = 0; k < s->def.rows && (x->reels >> c & 1); k++)
        if ((x->from & grid_bit(k, c)) && abs(k - r) < best)
            best = abs(k - r);
    return best == 99 ? 0 : best;
}

static int clusters_expand_ticks(const Slot *s)
{
    int far = 0;
    for (int r = 0; r < s->def.rows; r++)
        for (int c = 0; c < s->def.cols; c++)
            if (s->expand.cells & grid_bit(r, c)) {
                int d = sweep_distance(s, r, c);
                far = d > far ? d : far;
            }
    return far * SWEEP_STEP + GROW + 40;
}

static void draw_expansion(Slot *s)
{
    Gfx *g = app_gfx(s->app);
    const EventExpand *x = &s->expand;
    const float k = (float)(app_tick(s->app) - s->phase_t0);
    const float cell = (float)s->th.cell;
    SDL_Color glow = s->th.accent;
    /* the rows and reels being covered, lit */
    glow.a = 110;
    for (int r = 0; r < s->def.rows; r++)
        if (x->rows >> r & 1) {
            SDL_FRect a = slot_cell_rect(s, r, 0);
            gfx_frame(g, (SDL_FRect){a.x + 2, a.y + 2, cell * (float)s->def.cols - 4, cell - 4}, 4, glow);
        }
    for (int c = 0; c < s->def.cols; c++)
        if (x->reels >> c & 1) {
            SDL_FRect a = slot_cell_rect(s, 0, c);
            gfx_frame(g, (SDL_FRect){a.x + 2, a.y + 2, cell - 4, cell * (float)s->def.rows - 4}, 4, glow);
        }
    for (int r = 0; r < s->def.rows; r++)
        for (int c = 0; c < s->def.cols; c++) {
            SDL_FRect cr = slot_cell_rect(s, r, c);
            if (x->from & grid_bit(r, c)) {
                gfx_frame(g, (SDL_FRect){cr.x + 5, cr.y + 5, cr.w - 10, cr.h - 10}, 5, s->th.accent);
                continue;
            }
            if (!(x->cells & grid_bit(r, c)))
                continue;
            float t = k - (float)(sweep_distance(s, r, c) * SWEEP_STEP);
            if (t < 0)
                continue;
            float z = t >= GROW ? 1 : 0.25f + 0.75f * t / GROW;
            gfx_image_zoom(g, s->tile[x->symbol], cr.x + cr.w / 2, cr.y + cr.h / 2, z, 1);
            if (t < GROW + 12)
                gfx_frame(g, (SDL_FRect){cr.x + 5, cr.y + 5, cr.w - 10, cr.h - 10}, 5, s->th.accent);
        }
}

/* ---- the pick ------------------------------------------------------------------------------ */

#define TILE_W 150.0f
#define TILE_H 183.0f
#define TILE_GAP_X 34.0f
#define TILE_GAP_Y 12.0f

static SDL_FRect tile_rect(const Slot *s, int i)
{
    float cx = (float)s->th.reels_x + (float)(s->th.cell * s->def.cols) / 2;
    float bottom = (float)(s->th.reels_y + s->th.cell * s->def.rows) - 4;
    float x0 = cx - (3 * TILE_W + 2 * TILE_GAP_X) / 2, y0 = bottom - (3 * TILE_H + 2 * TILE_GAP_Y);
    return (SDL_FRect){x0 + (float)(i % 3) * (TILE_W + TILE_GAP_X), y0 + (float)(i / 3) * (TILE_H + TILE_GAP_Y),
                       TILE_W, TILE_H};
}

static int clusters_pick_at(const Slot *s, float x, float y)
{
    for (int i = 0; i < s->pick_tiles; i++) {
        SDL_FRect r = tile_rect(s, i);
        if (x >= r.x && x < r.x + r.w && y >= r.y && y < r.y + r.h)
            return i;
    }
    return -1;
}

/* A tile turning over: its width shrinks to nothing and grows back as the face. `t` runs
 * from 0 (closed) to 1 (open). */
static void tile_turn(Slot *s, int i, float t, bool chosen)
{
    Gfx *g = app_gfx(s->app);
    SDL_FRect r = tile_rect(s, i);
    float half = t < 0.5f ? 1 - 2 * t : 2 * t - 1;
    float w = r.w * half, x = r.x + (r.w - w) / 2;
    gfx_image(g, s->pick_tile, x, r.y, w, r.h, 1);
    if (t < 0.5f) /* still its back */
        return;
    SDL_FRect face = {x + 10 * half, r.y + 10, w - 20 * half, r.h - 20};
    gfx_rect(g, face, chosen ? (SDL_Color){40, 30, 8, 255} : (SDL_Color){24, 24, 18, 255});
    if (face.w > 13)
        gfx_image(g, s->sym_small[s->tiles[i]], face.x + 5, face.y + (face.h - face.w) / 2 + 5, face.w - 10,
                  face.w - 10, chosen ? 1.0f : 0.45f);
    if (chosen)
        gfx_frame(g, (SDL_FRect){x, r.y, w, r.h}, 5, s->th.accent);
}

static void draw_pick(Slot *s)
{
    Gfx *g = app_gfx(s->app);
    float cx = (float)s->th.reels_x + (float)(s->th.cell * s->def.cols) / 2;
    float top = (float)s->th.reels_y;
    if (s->phase == PH_PICK) {
        gfx_text_shadow(g, s->f_big, cx, top + 8, GFX_CENTER, s->th.accent, "PICK A TILE");
        gfx_text(g, s->f_tiny, cx, top + 68, GFX_CENTER, s->th.text,
                 "It reveals the Expanding Symbol of your free spins");
        for (int i = 0; i < s->pick_tiles; i++) {
            SDL_FRect r = tile_rect(s, i);
            gfx_image(g, i == s->pick_hover ? s->pick_tile_hover : s->pick_tile, r.x, r.y, r.w, r.h, 1);
        }
        return;
    }
    /* PH_REVEAL: the picked tile turns, then the others */
    const float k = (float)(app_tick(s->app) - s->phase_t0);
    for (int i = 0; i < s->pick_tiles; i++) {
        bool chosen = i == s->pick_choice;
        float t = chosen ? k / REVEAL_FLIP : (k - REVEAL_OTHERS) / REVEAL_FLIP;
        tile_turn(s, i, t < 0 ? 0 : t > 1 ? 1 : t, chosen);
    }
    if (s->expanding >= 0) {
        char t[96];
        snprintf(t, sizeof t, "%s EXPANDS", s->def.symbols[s->expanding].name);
        for (char *p = t; *p; p++)
            *p = (char)(*p >= 'a' && *p <= 'z' ? *p - 32 : *p);
        if (k >= REVEAL_FLIP)
            gfx_text_shadow(g, s->f_big, cx, top + 8, GFX_CENTER, s->th.accent, t);
        else
            gfx_text_shadow(g, s->f_big, cx, top + 8, GFX_CENTER, s->th.accent, "PICK A TILE");
    }
}

/* A cluster's win, the expanding symbols' prize, the scatters' bonus; anything else as cells. */
static void clusters_draw_win(Slot *s, const EventWin *w)
{
    if (w->kind == WIN_EXPANDING)
        draw_expanding_prize(s, w);
    else if (w->kind == WIN_CLUSTER || w->kind == WIN_BONUS)
        draw_cluster(s, w, w->kind == WIN_BONUS ? s->th.accent : slot_line_color(s, w->symbol));
    else
        slot_draw_win_cells(s, w, s->th.accent);
}

/* A spin's clusters show together; the expansion's prize and the scatters' bonus alone. */
static bool clusters_shown_with(const EventWin *first, const EventWin *next)
{
    return next->kind == (first ? first->kind : WIN_CLUSTER);
}

/* The scatters, ringed as they land. */
static void clusters_draw_on_reels(Slot *s)
{
    Gfx *g = app_gfx(s->app);
    uint64_t now = app_tick(s->app);
    int rows = s->def.rows;
    /* a grid game counts its scatters as they land: each one ringed */
    int scatter = gamedef_symbol_with_role(&s->def, ROLE_SCATTER);
    if (scatter >= 0 && (s->phase == PH_SPINNING || s->phase == PH_WINS))
        for (int col = 0; col < s->def.cols; col++) {
            if (s->reel[col].moving && now < s->reel[col].t_stop)
                continue;
            for (int r = 0; r < rows; r++)
                if (s->shown.cell[r][col] == scatter) {
                    SDL_FRect cr = slot_cell_rect(s, r, col);
                    float a = 0.6f + 0.4f * sinf((float)now * 0.25f);
                    SDL_Color ring = s->th.accent;
                    ring.a = (Uint8)(255 * a);
                    gfx_frame(g, (SDL_FRect){cr.x + 3, cr.y + 3, cr.w - 6, cr.h - 6}, 4, ring);
                }
        }
}

static void clusters_draw_feature(Slot *s)
{
    if (s->phase == PH_EXPAND)
        draw_expansion(s);
    if (s->phase == PH_PICK || s->phase == PH_REVEAL)
        draw_pick(s);
}

/* A grid game's panel: the bet with its steppers, Bet Settings and AutoPlay, the win meter
 * in a box of its own, and balance and bet below. Cached as the line game's panel is. */
static SDL_FRect clusters_draw_panel(Slot *s)
{
    Gfx *g = app_gfx(s->app);
    const float top = CLUSTERS_PANEL_Y;
    char bet[48];
    slot_money_text(s->bet.v[s->bi_coin], bet, sizeof bet);
    uint64_t key = gfx_hash_str(GFX_HASH_START, bet);
    static const int btns[] = {BTN_COIN_DN, BTN_COIN_UP, BTN_BET, BTN_AUTO, BTN_SPIN};
    for (size_t i = 0; i < SDL_arraysize(btns); i++)
        key = button_hash(key, &s->btn[btns[i]]);
    const SDL_FRect area = {0, top, GFX_W, GFX_H - top};
    if (gfx_cache_begin(g, &s->panel_cache, area, key)) {
        gfx_image(g, s->backdrop, 0, 0, 0, 0, 1);
        gfx_text_shadow(g, s->f_mid, 315, top + 78, GFX_CENTER, s->th.text, bet);
        for (size_t i = 0; i < SDL_arraysize(btns); i++)
            button_draw(g, &s->btn[btns[i]]);
        gfx_cache_end(g, &s->panel_cache);
    }
    /* the win meter (it counts up) and the balance line, each cached on its own */
    char win[48], bal[48], line[128];
    slot_amount_text(s, slot_meter_value(s), win, sizeof win);
    const SDL_FRect wbox = {1165, top + 50, 470, 96};
    if (gfx_cache_begin(g, &s->info_cache, wbox, gfx_hash_str(GFX_HASH_START, win))) {
        gfx_image(g, s->backdrop, 0, 0, 0, 0, 1);
        gfx_text(g, s->f_tiny, wbox.x + wbox.w / 2, wbox.y + 4, GFX_CENTER, s->th.dim, "WIN");
        gfx_text_shadow(g, s->f_big, wbox.x + wbox.w / 2, wbox.y + 28, GFX_CENTER, s->th.accent, win);
        gfx_cache_end(g, &s->info_cache);
    }
    slot_money_text(app_balance(s->app), bal, sizeof bal);
    slot_money_text(s->round_active ? s->round_bet : slot_bet_total(s), bet, sizeof bet);
    snprintf(line, sizeof line, "BALANCE  %s        BET  %s", bal, bet);
    const SDL_FRect strip = {0, top + 160, 1660, GFX_H - (top + 160)};
    if (gfx_cache_begin(g, &s->info2_cache, strip, gfx_hash_str(GFX_HASH_START, line))) {
        gfx_image(g, s->backdrop, 0, 0, 0, 0, 1);
        gfx_text(g, s->f_small, 350, strip.y + 6, GFX_RIGHT, s->th.dim, "BALANCE");
        gfx_text_shadow(g, s->f_small, 365, strip.y + 6, GFX_LEFT, s->th.text, bal);
        gfx_text(g, s->f_small, 960, strip.y + 6, GFX_RIGHT, s->th.dim, "BET");
        gfx_text_shadow(g, s->f_small, 975, strip.y + 6, GFX_LEFT, s->th.text, bet);
        gfx_cache_end(g, &s->info2_cache);
    }
    return area;
}

/* A grid game's boxes: the scatters counted in this spin (left), and in free spins the
 * expanding symbol (left) and the spins left with the feature's win (right). */
static void clusters_draw_side(Slot *s)
{
    Gfx *g = app_gfx(s->app);
    const SDL_FRect left = {30, 300, 250, 300}, right = {1640, 300, 250, 300};
    int scatter = gamedef_symbol_with_role(&s->def, ROLE_SCATTER);
    const int lstate[] = {s->scatters_landed, s->expanding, s->in_feature};
    if (gfx_cache_begin(g, &s->side_cache[1], left, gfx_hash(GFX_HASH_START, lstate, sizeof lstate))) {
        gfx_image(g, s->backdrop, 0, 0, 0, 0, 1);
        char n[16];
        float cx = left.x + left.w / 2;
        if (s->expanding >= 0) {
            gfx_text(g, s->f_tiny, cx, left.y + 24, GFX_CENTER, s->th.dim, "EXPANDING SYMBOL");
            gfx_image_zoom(g, s->sym_small[s->expanding], cx, left.y + 128, 0.95f, 1);
            gfx_text_shadow(g, s->f_small, cx, left.y + 200, GFX_CENTER, s->th.accent,
                            s->def.symbols[s->expanding].name);
        } else {
            gfx_text(g, s->f_tiny, cx, left.y + 24, GFX_CENTER, s->th.dim, "SCATTERS");
            if (scatter >= 0)
                gfx_image_zoom(g, s->sym_small[scatter], cx, left.y + 115, 0.75f, 1);
            snprintf(n, sizeof n, "%d", s->scatters_landed);
            gfx_text_shadow(g, s->f_big, cx, left.y + 172, GFX_CENTER,
                            s->scatters_landed >= 3 ? s->th.accent : s->th.text, n);
        }
        gfx_text(g, s->f_tiny, cx, left.y + 240, GFX_CENTER, s->th.dim,
                 s->expanding >= 0 ? "covers rows, reels" : "3+ start free spins");
        gfx_cache_end(g, &s->side_cache[1]);
    }
    if (!s->in_feature && s->phase != PH_PICK && s->phase != PH_REVEAL) {
        /* between features: what the scatters award */
        if (gfx_cache_begin(g, &s->side_cache[0], right, GFX_HASH_START)) {
            gfx_image(g, s->backdrop, 0, 0, 0, 0, 1);
            float cx = right.x + right.w / 2;
            const GameParam *fs = gamedef_param(&s->def, "free_spins");
            char t[48];
            gfx_text(g, s->f_tiny, cx, right.y + 24, GFX_CENTER, s->th.dim, "FREE SPINS");
            snprintf(t, sizeof t, "%lld", (long long)(fs ? fs->v[0] : 0));
            gfx_text_shadow(g, s->f_huge, cx, right.y + 50, GFX_CENTER, s->th.accent, t);
            gfx_text(g, s->f_tiny, cx, right.y + 168, GFX_CENTER, s->th.dim, "AND A BONUS PRIZE");
            /* the scatters' pays are in coins of the bet */
            const GameParam *coins = gamedef_param(&s->def, "bet_coins");
            for (int n = 3, k = 0; scatter >= 0 && n <= s->def.cols * s->def.rows && k < 3; n++) {
                int32_t p = s->def.pays.pay[scatter][n];
                if (p <= 0 || !coins || coins->v[0] <= 0)
                    continue;
                snprintf(t, sizeof t, "%d  \xC3\x97%lld BET", n, (long long)(p / coins->v[0]));
                gfx_text(g, s->f_tiny, cx, right.y + 196 + (float)k++ * 24, GFX_CENTER, s->th.text, t);
            }
            gfx_cache_end(g, &s->side_cache[0]);
        }
        return;
    }
    char fw[48];
    slot_amount_text(s, s->feature_win, fw, sizeof fw);
    const uint64_t key = gfx_hash_str(gfx_hash(GFX_HASH_START, &s->free_left, sizeof s->free_left), fw);
    if (gfx_cache_begin(g, &s->side_cache[0], right, key)) {
        gfx_image(g, s->backdrop, 0, 0, 0, 0, 1);
        char n[16];
        float cx = right.x + right.w / 2;
        gfx_text(g, s->f_tiny, cx, right.y + 24, GFX_CENTER, s->th.dim, "FREE SPINS LEFT");
        snprintf(n, sizeof n, "%d", s->free_left);
        gfx_text_shadow(g, s->f_huge, cx, right.y + 56, GFX_CENTER, s->th.text, n);
        gfx_text(g, s->f_tiny, cx, right.y + 200, GFX_CENTER, s->th.dim, "FREE SPINS WIN");
        gfx_text_shadow(g, s->f_small, cx, right.y + 228, GFX_CENTER, s->th.accent, fw);
        gfx_cache_end(g, &s->side_cache[0]);
    }
}

static void clusters_banner_text(const Slot *s, bool start, char *a, size_t na, char *b, size_t nb)
{
    if (start) {
        snprintf(a, na, "FREE SPINS");
        if (s->expanding >= 0)
            snprintf(b, nb, "%d free spins  \xE2\x80\xA2  %s expands", s->free_left,
                     s->def.symbols[s->expanding].name);
        else
            snprintf(b, nb, "%d free spins", s->free_left);
        return;
    }
    snprintf(a, na, s->banner_retrigger ? "+%d FREE SPINS" : "%d FREE SPINS", s->banner_spins);
    if (s->banner_retrigger)
        snprintf(b, nb, "%d free spins to play", s->free_left);
    else
        snprintf(b, nb, "%s", s->pick_tiles ? "Pick a tile to reveal the Expanding Symbol" : "");
}

static int clusters_backdrop(const Slot *s, GfxLayer *l, int n)
{
    const Theme *th = &s->th;
        /* the panel's own wells hold the bet, the buttons and the win; the two boxes beside
         * the grid hold the scatters and the free spins */
        const float top = CLUSTERS_PANEL_Y;
        l[n++] = gfx_svg_layer(th->art[ART_PANEL], 0, top, 1920, GFX_H - top);
        l[n++] = gfx_text_layer(SANS, 20, 315, top + 54, GFX_CENTER, th->dim, false, "BET");
        l[n++] = gfx_svg_layer(th->art[ART_BOX], 30, 300, 250, 300);
        l[n++] = gfx_svg_layer(th->art[ART_BOX], 1640, 300, 250, 300);
    return n;
}

/* The pick's tiles (a theme without them cannot show the game's pick) and the panel's type. */
static int clusters_load_art(Slot *s, Error *err)
{
    Gfx *g = app_gfx(s->app);
    const Theme *th = &s->th;
    if (s->pick_tiles) {
        for (int i = ART_PICK_TILE; i <= ART_PICK_TILE_HOVER; i++)
            if (!th->art[i][0])
                return error_set(err, "%s: art.%s: missing: %s starts its free spins with a pick",
                                 th->path, i == ART_PICK_TILE ? "pick_tile" : "pick_tile_hover", s->def.path);
        if (gfx_load_image(g, th->art[ART_PICK_TILE], 162, 198, &s->pick_tile, err) ||
            gfx_load_image(g, th->art[ART_PICK_TILE_HOVER], 162, 198, &s->pick_tile_hover, err))
            return -1;
    }
    if (gfx_load_font(g, SANS, 21, &s->f_label, err) ||
        button_look_load(g, th->button[BUTTON_PLAIN], 220, 72, s->f_label, th->text, &s->look_panel, err))
        return -1;
    return 0;
}

static void clusters_layout(Slot *s)
{
    Button *b = s->btn;
    /* one bet: its steppers in the panel's first well, Bet Settings and AutoPlay in the
     * second, the spin button in the round well */
    const float top = CLUSTERS_PANEL_Y;
    b[BTN_COIN_DN].r = (SDL_FRect){44, top + 62, 64, 64};
    b[BTN_COIN_UP].r = (SDL_FRect){522, top + 62, 64, 64};
    b[BTN_COIN_DN].icon = s->ic_minus;
    b[BTN_COIN_UP].icon = s->ic_plus;
    for (int i = BTN_COINS_DN; i <= BTN_LINES_UP; i++)
        b[i].visible = false;
    b[BTN_MAX].visible = false;
    b[BTN_BET] = (Button){{652, top + 53, 220, 72}, &s->look_panel, "BET SETTINGS", 0, true, true, false, false};
    b[BTN_AUTO].r = (SDL_FRect){888, top + 53, 220, 72};
    b[BTN_AUTO].look = &s->look_panel;
    b[BTN_AUTO].label = "AUTOPLAY";
    b[BTN_SPIN].r = (SDL_FRect){1680, top - 1, 190, 190};
}

/* AutoPlay opens between rounds only; while it runs, the rounds left show on the spin
 * button, which stops it, also at the pick (which autoplay leaves to the player). */
static void clusters_update_buttons(Slot *s, bool idle)
{
    Button *b = s->btn;
    b[BTN_AUTO].enabled = idle;
    if (s->autospin.active) {
        snprintf(s->auto_label, sizeof s->auto_label, "%d", autospin_left(&s->autospin));
        b[BTN_SPIN].label = s->auto_label;
        b[BTN_SPIN].enabled = windows_shown(s->windows) == WINDOW_NONE;
    }
    if (s->phase == PH_PICK)
        b[BTN_SPIN].enabled = s->autospin.active && windows_shown(s->windows) == WINDOW_NONE;
}

/* The paytable: what each cluster size pays at the bet chosen now (the values
 * change with the bet), then the scatter, the free spins and the expanding symbol. */
static void clusters_draw_paytable(Slot *s, int page)
{
    Gfx *g = app_gfx(s->app);
    const GameDef *d = &s->def;
    const GameParam *coins = gamedef_param(d, "bet_coins");
    const int64_t per = coins && coins->v[0] > 0 ? coins->v[0] : 1;
    const Money bet = s->bet.v[s->bi_coin];
    int scatter = gamedef_symbol_with_role(d, ROLE_SCATTER);
    char t[200], a[48];
    if (page == 0) {
        slot_money_text(bet, a, sizeof a);
        snprintf(t, sizeof t, "Cluster wins at a bet of %s: 3+ high or 4+ low symbols side by side, across or down", a);
        gfx_text(g, s->f_small, 960, 150, GFX_CENTER, s->th.text, t);
        /* the columns: cluster sizes whose pays differ from the size below */
        int from[EVAL_MAX_COUNT + 1], ncols = 0;
        const int most = d->rows * d->cols;
        for (int n = 1; n <= most && ncols < EVAL_MAX_COUNT; n++) {
            bool starts = false;
            for (int i = 0; i < d->nsymbols; i++)
                if (i != scatter && (d->paying >> i & 1u) && d->pays.pay[i][n] != d->pays.pay[i][n - 1])
                    starts = true;
            if (starts)
                from[ncols++] = n;
        }
        from[ncols] = most + 1;
        const float x0 = 420, colw = (1700 - x0) / (float)(ncols ? ncols : 1), rowh = 72;
        for (int k = 0; k < ncols; k++) {
            if (from[k + 1] - 1 > from[k])
                snprintf(t, sizeof t, "%d-%d", from[k], from[k + 1] - 1);
            else
                snprintf(t, sizeof t, "%d", from[k]);
            gfx_text(g, s->f_tiny, x0 + colw * ((float)k + 0.5f), 200, GFX_CENTER, s->th.dim, t);
        }
        int row = 0;
        for (int i = 0; i < d->nsymbols; i++) {
            if (i == scatter || !(d->paying >> i & 1u))
                continue;
            float y = 232 + (float)row++ * rowh;
            gfx_image(g, s->sym_small[i], 200, y, 64, 64, 1);
            gfx_text(g, s->f_small, 280, y + 16, GFX_LEFT, s->th.text, d->symbols[i].name);
            for (int k = 0; k < ncols; k++) {
                int32_t p = d->pays.pay[i][from[k]];
                if (p <= 0)
                    continue;
                slot_money_text(p * bet / per, a, sizeof a);
                gfx_text(g, s->f_tiny, x0 + colw * ((float)k + 0.5f), y + 20, GFX_CENTER, s->th.accent, a);
            }
        }
    } else {
        const GameParam *fs = gamedef_param(d, "free_spins");
        const GameParam *cap = gamedef_param(d, "max_win_x_bet");
        if (scatter >= 0)
            gfx_image(g, s->sym_small[scatter], 210, 170, 130, 130, 1);
        static const char *const sc[] = {
            "SCATTER: it stands in for every symbol and pays the highest winning cluster it can",
            "complete; it wins only as part of a cluster of other symbols. One scatter touching two",
            "clusters of different symbols counts in each of them.",
        };
        for (size_t i = 0; i < SDL_arraysize(sc); i++)
            gfx_text(g, s->f_small, 370, 170 + (float)i * 40, GFX_LEFT, s->th.text, sc[i]);
        snprintf(t, sizeof t, "3 or more scatters anywhere, in the main game or in free spins, award %lld free spins",
                 (long long)(fs ? fs->v[0] : 0));
        gfx_text(g, s->f_small, 370, 310, GFX_LEFT, s->th.text, t);
        gfx_text(g, s->f_small, 370, 350, GFX_LEFT, s->th.text, "and a Bonus prize (not a cluster win):");
        for (int n = 3, k = 0; scatter >= 0 && n <= EVAL_MAX_COUNT; n++) {
            int32_t p = d->pays.pay[scatter][n];
            if (p <= 0)
                continue;
            slot_money_text(p * bet / per, a, sizeof a);
            snprintf(t, sizeof t, "%d scatters: %lld\xC3\x97 the bet = %s", n, (long long)(p / per), a);
            gfx_text(g, s->f_small, 420, 395 + (float)k++ * 40, GFX_LEFT, s->th.accent, t);
        }
        static const char *const ex[] = {
            "Before free spins you pick one of nine tiles: it reveals the Expanding Symbol (chosen by the",
            "game; the pick only shows it). Free spins play at the bet that won them; retriggers add more.",
            "In free spins, after the wins: 2+ Expanding Symbols side by side cover their whole row, one",
            "above the other their whole reel. Scatters do not expand; symbols next to each other only",
            "after expanding do not expand again. Then all Expanding Symbols pay once more as one cluster.",
        };
        for (size_t i = 0; i < SDL_arraysize(ex); i++)
            gfx_text(g, s->f_small, 210, 540 + (float)i * 40, GFX_LEFT, s->th.text, ex[i]);
        if (cap) {
            snprintf(t, sizeof t, "A round wins at most %lld\xC3\x97 the bet: when it is reached, the round ends.",
                     (long long)cap->v[0]);
            gfx_text(g, s->f_small, 210, 760, GFX_LEFT, s->th.accent, t);
        }
    }
}

static const char *const clusters_rules[] = {
    "A 5x5 grid with cluster pays. BET is the amount played per round; choose it with Bet",
    "Settings (or - and +). BALANCE is the money available. The paytable shows the wins at the bet.",
    "3+ high-value or 4+ low-value symbols next to each other across or down form a cluster.",
    "Separate clusters of the same symbol pay separately; only the highest win per cluster is",
    "paid; wins of several clusters are added. All prizes are cluster wins, except the Bonus prize.",
    "",
    "SPIN starts a round at the bet. Click it again (or Space) to skip animations.",
    "AUTOPLAY plays a number of rounds; its advanced settings stop it with any win, when a single",
    "win reaches an amount, or when the balance goes up or down by an amount (RESET clears them).",
    "While it runs the rounds left show on the spin button: click them to stop. It never picks",
    "the tile before free spins: that waits for you.",
    "",
    "Free spins, the scatter and the Expanding Symbol are explained in the paytable (i).",
    "Malfunction voids all pays and plays.",
    NULL,
};

static const char *const clusters_shows[] = {"gonzos-gold", NULL};
static const char *const clusters_paytable_titles[] = {"PAYTABLE", "SCATTER AND FREE SPINS"};

const SlotKind kind_clusters = {
    .name = "clusters",
    .rules = clusters_shows,
    .bet_option = "bet",
    .autoplay_button = BTN_SPIN,
    .autoplay = WINDOWS_AUTOPLAY_ADVANCED,
    .backdrop = clusters_backdrop,
    .load_art = clusters_load_art,
    .layout = clusters_layout,
    .update_buttons = clusters_update_buttons,
    .draw_panel = clusters_draw_panel,
    .draw_on_reels = clusters_draw_on_reels,
    .draw_win = clusters_draw_win,
    .draw_feature = clusters_draw_feature,
    .draw_side = clusters_draw_side,
    .banner_text = clusters_banner_text,
    .shown_with = clusters_shown_with,
    .pick_at = clusters_pick_at,
    .expand_ticks = clusters_expand_ticks,
    .reveal_ticks = REVEAL_TICKS,
    .paytable_pages = 2,
    .paytable_titles = clusters_paytable_titles,
    .draw_paytable = clusters_draw_paytable,
    .rules_text = clusters_rules,
};
