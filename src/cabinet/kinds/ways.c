/* ways.c - the view of a ways game with split cells and moving wilds (Phoenix Graveyard): a
 * 5x3 screen whose ways count (the machine's, from its ways event) stands in a plate above
 * the reels, cells cut into more ways carry a tombstone with their number, wild multipliers
 * show on the wilds, and the walkers, jumpers, battles, transformations, spawns and the
 * maximum win play on the reels as the timeline's moments (PH_ACTION). Respins are the scene's
 * CONTINUE steps; free spins wait for START. Its panel is the one-bet panel (betpanel.c).
 *
 * What the events change on screen and how long each is shown is the play kind's
 * (core/ways_play.c, ways_play_kind); this file holds the art, panel, banners and paytable,
 * ways_draw.c draws. Nothing here decides or recounts an outcome: every number comes from an
 * event. */
#include "ways_priv.h"

#include <stdio.h>
#include <string.h>

/* ---- art, panel, banners ------------------------------------------------------------------ */

static int ways_backdrop(const Slot *s, GfxLayer *l, int n)
{
    n = betpanel_backdrop(s, l, n);
    l[n++] = gfx_svg_layer(s->th.art[ART_BOX], WAYS_BOX_L.x, WAYS_BOX_L.y, WAYS_BOX_L.w, WAYS_BOX_L.h);
    l[n++] = gfx_svg_layer(s->th.art[ART_BOX], WAYS_BOX_R.x, WAYS_BOX_R.y, WAYS_BOX_R.w, WAYS_BOX_R.h);
    return n;
}

/* The tombstone (a theme without one cannot show the game's cut cells), the streak and the
 * ember, and the panel's type. */
static int ways_load_art(Slot *s, Error *err)
{
    Gfx *g = app_gfx(s->app);
    const Theme *th = &s->th;
    static const struct { ThemeArt art; const char *key; int slot, size; } need[] = {
        {ART_TOMBSTONE, "tombstone", WAYS_ART_TOMBSTONE, 0}, {ART_SLASH, "slash", WAYS_ART_SLASH, 0},
        {ART_TRAIL, "feather_trail", WAYS_ART_TRAIL, 48}};
    for (size_t i = 0; i < SDL_arraysize(need); i++) {
        if (!th->art[need[i].art][0])
            return error_set(err, "%s: art.%s: missing: the %s view draws it", th->path, need[i].key, "ways");
        const int px = need[i].size ? need[i].size : th->cell;
        if (gfx_load_image(g, th->art[need[i].art], px, px, &s->kind_art[need[i].slot], err))
            return -1;
    }
    /* the wilds, large: the fighters of a battle (ways_fighter_art) */
    const int big = (int)((float)th->cell * WAYS_BATTLE_ZOOM + 0.5f);
    for (int i = 0, k = 0; i < s->def.nsymbols && k < WAYS_FIGHTERS; i++)
        if (s->def.symbols[i].role == ROLE_WILD && th->symbol[i].art[0] &&
            gfx_load_image(g, th->symbol[i].art, big, big, &s->kind_art[WAYS_ART_FIGHTER + k++], err))
            return -1;
    return betpanel_load_art(s, err);
}

static void ways_layout(Slot *s)
{
    betpanel_layout(s, s->kind->autoplay_title);
}

static int count_param(const Slot *s, const char *key, int i)
{
    const GameParam *p = gamedef_param(&s->def, key);
    return p && i < p->n ? (int)p->v[i] : 0;
}

static void ways_banner_text(const Slot *s, bool start, char *a, size_t na, char *b, size_t nb)
{
    char n[16];
    snprintf(n, sizeof n, "%d", start ? s->play.free_left : s->play.banner_spins);
    if (start) {
        snprintf(a, na, "%s", _("FREE SPINS"));
        lang_fill(b, nb, _("{1} free spins  \xE2\x80\xA2  the Phoenixes rise"), n, NULL);
        return;
    }
    const int won = s->play.banner_spins;
    if (s->play.banner_feature == FEATURE_EXTRA) {
        lang_fill(a, na, lang_trn("{1} RESPIN", "{1} RESPINS", won), n, NULL);
        snprintf(b, nb, "%s", _("the Grim Reaper walks left"));
        return;
    }
    lang_fill(a, na, s->play.banner_retrigger ? lang_trn("+{1} FREE SPIN", "+{1} FREE SPINS", won)
                                              : lang_trn("{1} FREE SPIN", "{1} FREE SPINS", won), n, NULL);
    snprintf(b, nb, "%s", s->play.banner_retrigger ? _("more Phoenixes join") : _("Phoenix Wilds spawn on the Bonus symbols"));
}

/* ---- the paytable ------------------------------------------------------------------------- */

#define PAY_LEFT 200.0f
#define PAY_RIGHT 1720.0f
#define PAY_BOTTOM 856.0f

static void pay_symbols(Slot *s)
{
    Gfx *g = app_gfx(s->app);
    const GameDef *d = &s->def;
    const int64_t per = count_param(s, "bet_coins", 0) > 0 ? count_param(s, "bet_coins", 0) : 1;
    const Money bet = s->bet.v[s->bi_coin];
    char t[160], a[48];
    slot_money_text(bet, a, sizeof a);
    lang_fill(t, sizeof t, _("Wins per way at a bet of {1}: 3, 4 or 5 of a kind from the leftmost reel"), a, NULL);
    kind_line_in(s, s->f_small, PAY_LEFT, 150, PAY_RIGHT - PAY_LEFT, GFX_CENTER, s->th.text, false, t);
    int shown = 0;
    for (int i = 0; i < d->nsymbols; i++) {
        if (!(d->paying >> i & 1u) || d->symbols[i].role != ROLE_REGULAR)
            continue;
        const int col = shown < 3 ? shown : (shown - 3) % 4, row = shown < 3 ? 0 : 1 + (shown - 3) / 4;
        shown++;
        const float cw = row == 0 ? 500 : 380, x = PAY_LEFT + (float)col * cw + (row == 0 ? 30 : 0);
        const float y = 210 + (float)row * 215;
        gfx_image(g, s->sym_small[i], x, y, 120, 120, 1);
        gfx_keep_clear(g, (SDL_FRect){x, y, 120, 120}, LANG_SYMBOL(d->symbols[i].name));
        kind_line_in(s, s->f_tiny, x, y + 126, 120, GFX_CENTER, s->th.dim, false, LANG_SYMBOL(d->symbols[i].name));
        for (int n = d->cols, k = 0; n >= 3; n--) {
            const int32_t p = d->pays.pay[i][n];
            if (p <= 0)
                continue;
            slot_money_text(p * bet / per, a, sizeof a);
            snprintf(t, sizeof t, "%d  %s", n, a);
            kind_line_in(s, s->f_small, x + 135, y + 8 + (float)k++ * 42, cw - 150, GFX_LEFT, s->th.accent, false, t);
        }
    }
}

/* Paragraphs down the page, each beside its picture: the symbol named by ids[i], or for
 * "TOMBSTONE" a cut cell (a character under its tombstone); NULL: none, the paragraph spans
 * the page. */
static void pay_paragraphs(Slot *s, const char *const *ids, const char *const *texts, int n, float y)
{
    Gfx *g = app_gfx(s->app);
    const float pic = 110, tx = PAY_LEFT + pic + 30, tw = PAY_RIGHT - tx;
    for (int i = 0; i < n; i++) {
        const bool tomb = ids[i] && strcmp(ids[i], "TOMBSTONE") == 0;
        const int sym = ids[i] ? gamedef_symbol(&s->def, tomb ? "GRAVEDIGGER" : ids[i]) : -1;
        const bool img = sym >= 0;
        if (img) {
            gfx_image(g, s->sym_small[sym], PAY_LEFT, y, pic, pic, 1);
            if (tomb)
                gfx_image(g, s->kind_art[WAYS_ART_TOMBSTONE], PAY_LEFT, y, pic, pic, 1);
            gfx_keep_clear(g, (SDL_FRect){PAY_LEFT, y, pic, pic}, ids[i]);
        }
        const float next = kind_para(s, s->f_small, img ? tx : PAY_LEFT, y, img ? tw : PAY_RIGHT - PAY_LEFT,
                                     PAY_BOTTOM, s->th.text, texts[i]);
        y = img && next < y + pic + 14 ? y + pic + 14 : next;
    }
}

static void ways_draw_paytable(Slot *s, int page)
{
    if (page == 0) {
        pay_symbols(s);
        return;
    }
    char bonus[480], cap[240], tomb[400], v[6][16];
    for (int i = 0; i < 6; i++)
        snprintf(v[i], sizeof v[i], "%d", count_param(s, i < 3 ? "free_spins" : "phoenixes", i % 3));
    lang_fill(bonus, sizeof bonus,
              _("BONUS: 3, 4 or 5 anywhere when a spin and its respins end award {1}, {2} or {3} free spins "
                "with {4}, {5} or {6} Phoenix Wilds, which spawn on the Bonus symbols. Bonus symbols stay "
                "in place during respins. Free spins can be won again in free spins."),
              v[0], v[1], v[2], v[3], v[4], v[5], NULL);
    if (page == 1) {
        const char *const ids[] = {"PHOENIX", "REAPER", "FEATHER", "BONUS"};
        const char *const texts[] = {
            _("PHOENIX WILD: substitutes for every paying symbol. It stays on the reels through respins "
              "and free spins and jumps to a new cell before each of them; its multiplier shows on it."),
            _("GRIM REAPER WILD: lands on reels 3 to 5, attacks its neighbours, then walks one reel to "
              "the left at each respin until it walks out of reel 1. It may come back on reel 5."),
            _("FEATHER WILD: left by a Phoenix that fled a battle; it turns into a Phoenix at the next "
              "respin or free spin."),
            bonus};
        pay_paragraphs(s, ids, texts, 4, 160);
        return;
    }
    char most[16], x[16];
    snprintf(most, sizeof most, "%d", count_param(s, "max_ways", 0) ? count_param(s, "max_ways", 0) : 10);
    snprintf(x, sizeof x, "%d", count_param(s, "max_win_x_bet", 0) ? count_param(s, "max_win_x_bet", 0) : 10000);
    lang_fill(tomb, sizeof tomb,
              _("TOMBSTONES: a cut cell is worth its number of ways (at most {1}): a symbol in it counts that "
                "many times, a wild's multiplier is multiplied by it. Tombstones stay for the whole round."),
              most, NULL);
    lang_fill(cap, sizeof cap,
              _("MAXIMUM WIN: a round wins at most {1}\xC3\x97 the bet; when it is reached, the round ends."), x, NULL);
    /* each picture is what its paragraph is about: the tombstone, the Reaper that attacks
     * and walks (the respins are its walk) */
    const char *const ids[] = {"TOMBSTONE", "REAPER", NULL, "REAPER", NULL};
    const char *const texts[] = {
        tomb,
        _("ATTACKS: the Grim Reaper slices every High Value character beside it (above, below, left, "
          "right), adding 1 to 3 ways to its cell. Attacking a Phoenix starts a battle: the Reaper's "
          "multiplier doubles, the Phoenix's doubles, or the Phoenix jumps away leaving a Feather."),
        _("SUDDEN DEATH: any cell without a sticky symbol may be struck during a spin and cut into 1 to 3 "
          "more ways."),
        _("RESPINS: a Grim Reaper landing on reel N gives N-1 respins, one per reel it walks. Respins play "
          "by themselves; free spins start when you press START."),
        cap};
    pay_paragraphs(s, ids, texts, 5, 160);
}


static const char *const ways_paytable_titles[] = {N_("PAYTABLE"), N_("WILDS AND BONUS"), N_("TOMBSTONES AND FEATURES")};

const SlotKind kind_ways = {
    .name = "ways",
    .play = &ways_play_kind,
    .bet_option = "bet",
    .autoplay_button = BTN_SPIN,
    .hold_spin_autoplay = true, /* rule 6: hold down the Spin button to set Auto Spin */
    .autoplay_title = N_("AUTO SPIN"),
    .autoplay = WINDOWS_AUTOPLAY_ADVANCED,
    .backdrop = ways_backdrop,
    .load_art = ways_load_art,
    .layout = ways_layout,
    .update_buttons = betpanel_update_buttons,
    .draw_panel = betpanel_draw,
    .draw_surround = ways_draw_surround,
    .draw_on_reels = ways_draw_on_reels,
    .draw_win = ways_draw_win,
    .draw_feature = ways_draw_feature,
    .draw_side = ways_draw_side,
    .banner_text = ways_banner_text,
    .paytable_pages = 3,
    .paytable_titles = ways_paytable_titles,
    .draw_paytable = ways_draw_paytable,
    .event_line = ways_event_line,
};
