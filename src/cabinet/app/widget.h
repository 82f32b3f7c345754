/* widget.h - buttons: a rectangle, four pictures (normal, hover, pressed, disabled), a label.
 *
 * A button is clicked when the mouse is pressed and released over it while it is enabled,
 * as players expect; moving off before releasing cancels. */
#ifndef SLOTCAB_WIDGET_H
#define SLOTCAB_WIDGET_H

#include "app.h"
#include "gfx.h"

#include <stdbool.h>

enum { LOOK_NORMAL, LOOK_HOVER, LOOK_PRESSED, LOOK_DISABLED, LOOK__COUNT };

typedef struct ButtonLook {
    GfxImage img[LOOK__COUNT];
    GfxFont font;
    SDL_Color text;
    bool label_plate; /* a label sits on a dark plate of its own (a button whose art has a
                       * symbol of its own, as the spin button's arrows) */
} ButtonLook;

typedef struct Button {
    SDL_FRect r;
    const ButtonLook *look;
    const char *label; /* drawn centred; may be NULL */
    GfxImage icon;     /* drawn centred over the picture; 0 for none */
    bool enabled, visible;
    bool hover, down;
} Button;

/* Loads <prefix>-normal.svg ... -disabled.svg at w x h. */
int button_look_load(Gfx *g, const char *prefix, int w, int h, GfxFont font, SDL_Color text,
                     ButtonLook *out, Error *err);
/* Feeds input; returns true when this input completes a click. */
bool button_input(Button *b, const Input *in);
void button_draw(Gfx *g, const Button *b);
/* Adds what button_draw shows of b to a gfx_hash key. */
uint64_t button_hash(uint64_t h, const Button *b);

#endif
