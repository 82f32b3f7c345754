/* svg2png - rasterizes an SVG exactly as the cabinet does (SDL_image's nanosvg), for
 * looking at art while drawing it:  svg2png IN.svg OUT.png [WIDTH HEIGHT]
 * Build: cc scripts/svg2png.c -o /tmp/svg2png $(pkg-config --cflags --libs SDL2_image) */
#include <SDL.h>
#include <SDL_image.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    if (argc != 3 && argc != 5) {
        fprintf(stderr, "usage: svg2png IN.svg OUT.png [WIDTH HEIGHT]\n");
        return 2;
    }
    SDL_RWops *rw = SDL_RWFromFile(argv[1], "rb");
    if (!rw) {
        fprintf(stderr, "svg2png: %s: %s\n", argv[1], SDL_GetError());
        return 2;
    }
    int w = argc == 5 ? atoi(argv[3]) : 0, h = argc == 5 ? atoi(argv[4]) : 0;
    SDL_Surface *s = IMG_LoadSizedSVG_RW(rw, w, h);
    SDL_RWclose(rw);
    if (!s) {
        fprintf(stderr, "svg2png: %s: %s\n", argv[1], IMG_GetError());
        return 2;
    }
    if (IMG_SavePNG(s, argv[2])) {
        fprintf(stderr, "svg2png: %s: %s\n", argv[2], IMG_GetError());
        return 2;
    }
    SDL_FreeSurface(s);
    return 0;
}
