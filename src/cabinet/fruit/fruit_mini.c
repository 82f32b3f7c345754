/* fruit_mini.c - the upper game's four minigames in the fruit machine scene, as the player
 * meets them: a minigame's name for people, and the pointer over its board (the choice under
 * it lit; a click's choice). Their events, moments, words and the choices offered are the
 * timeline's (core/fruit_play_upper.c); the board is drawn by fruit_mini_draw.c. */
#include "fruit_priv.h"

const char *fruit_mini_title(int game)
{
    static const char *const titles[MINI__COUNT] = {N_("a minigame"), N_("Strawberry"), N_("Three Choices"),
                                                    N_("Find the Prizes"), N_("Discover the Treasure")};
    return _(titles[game > MINI_NONE && game < MINI__COUNT ? game : MINI_NONE]);
}

int fruit_mini_pointer(Fruit *f, const Input *in)
{
    if (!f->play.mini.game || f->play.phase != FP_WAIT || !(machine_allowed(f->play.m) & 1u << CMD_PICK))
        return -1;
    const int over = fruit_mini_hit(f, (float)in->x, (float)in->y);
    if (in->type == INPUT_MOVE)
        f->play.mini.hover = over >= 0 ? fruit_play_mini_choice(&f->play, over) : -1;
    else if (in->type == INPUT_RELEASE && over >= 0)
        return fruit_play_mini_choice(&f->play, over);
    return -1;
}
