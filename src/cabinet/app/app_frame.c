/* app_frame.c - the frame drawn now: the scene, then what goes over every scene (QA's REPLAY
 * and FORCED tags, a showcase's overlay, QA's event log), in the one layer order.
 *
 * Below both the main loop (app.c), which draws a frame each pass in a window and when asked
 * headless, and the pictures (shots.c), which draw one when a named moment needs it: neither
 * calls the other for it. */
#include "app_priv.h"
#include "qa.h"

void app_draw_frame(App *a)
{
    gfx_frame_begin(a->gfx);
    if (a->has_scene && a->scene.opaque)
        gfx_clear_outside(a->gfx, (SDL_Color){0, 0, 0, 255});
    else
        gfx_clear(a->gfx, (SDL_Color){0, 0, 0, 255});
    gfx_plane_reset(a->gfx);
    if (a->has_scene)
        a->scene.draw(a->scene.self);
    if (attract_on(a->attract)) { /* the showcase's caption: over the scene and any window a
                                   * showcase opened, as a window of the app's own */
        gfx_plane(a->gfx, GFX_PLANE_WINDOW);
        attract_draw(a->attract, a->gfx, a->tick);
    }
    gfx_plane(a->gfx, GFX_PLANE_QA);
    qa_draw(a); /* a window's REPLAY and FORCED tags */
    evlog_draw(a->evlog, a->gfx);
    gfx_frame_end(a->gfx);
    a->drawn_this_tick = true;
}
