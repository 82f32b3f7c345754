/* png.c - the cabinet's pictures written as PNG files, quickly.
 *
 * A headless run saves every named moment of a round (a free-spins round is a hundred
 * pictures), the contact sheet saves its frames, and the tests read them back. SDL_image's
 * writer compresses at zlib's default level, where four fifths of such a run went; this one
 * writes 8-bit RGB (a frame is opaque), each row filtered by "Up" (the row above: the
 * cabinet's flat panels and gradients turn into runs of zeros) and deflated at level 1.
 * The files are a third larger and written several times faster; the pixels are the same.
 * Written whole under another name, then renamed, so a reader never sees half a picture. */
#include "png.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

static void put32(unsigned char *p, uint32_t v)
{
    p[0] = (unsigned char)(v >> 24);
    p[1] = (unsigned char)(v >> 16);
    p[2] = (unsigned char)(v >> 8);
    p[3] = (unsigned char)v;
}

static int write_chunk(FILE *f, const char *kind, const unsigned char *body, uint32_t n)
{
    unsigned char head[8], tail[4];
    put32(head, n);
    memcpy(head + 4, kind, 4);
    uLong crc = crc32(0, head + 4, 4);
    if (n)
        crc = crc32(crc, body, n);
    put32(tail, (uint32_t)crc);
    return fwrite(head, 1, 8, f) == 8 && (n == 0 || fwrite(body, 1, n, f) == n) &&
                   fwrite(tail, 1, 4, f) == 4 ? 0 : -1;
}

/* The rows as PNG wants them before deflating: a filter byte (2, Up) and RGB bytes each. */
static unsigned char *filtered_rows(const SDL_Surface *rgb, size_t *size)
{
    const size_t stride = (size_t)rgb->w * 3, line = stride + 1;
    unsigned char *raw = malloc(line * (size_t)rgb->h);
    if (!raw)
        return NULL;
    const unsigned char *px = rgb->pixels;
    for (int y = 0; y < rgb->h; y++) {
        unsigned char *out = raw + line * (size_t)y;
        const unsigned char *cur = px + (size_t)y * (size_t)rgb->pitch;
        out[0] = 2;
        if (y == 0) {
            memcpy(out + 1, cur, stride);
            continue;
        }
        const unsigned char *up = cur - rgb->pitch;
        for (size_t i = 0; i < stride; i++)
            out[1 + i] = (unsigned char)(cur[i] - up[i]);
    }
    *size = line * (size_t)rgb->h;
    return raw;
}

static int write_file(const char *path, const SDL_Surface *rgb, const unsigned char *z, uLongf zn)
{
    static const unsigned char sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    unsigned char ihdr[13] = {0};
    put32(ihdr, (uint32_t)rgb->w);
    put32(ihdr + 4, (uint32_t)rgb->h);
    ihdr[8] = 8; /* bits a channel */
    ihdr[9] = 2; /* RGB */
    FILE *f = fopen(path, "wb");
    if (!f)
        return -1;
    int rc = fwrite(sig, 1, 8, f) == 8 && !write_chunk(f, "IHDR", ihdr, 13) &&
                     !write_chunk(f, "IDAT", z, (uint32_t)zn) && !write_chunk(f, "IEND", NULL, 0) ? 0 : -1;
    int saved = errno;
    if (fclose(f) && !rc) {
        rc = -1;
        saved = errno;
    }
    errno = saved;
    return rc;
}

int png_save(const SDL_Surface *s, const char *path, char *why, size_t why_n)
{
    SDL_Surface *rgb = SDL_ConvertSurfaceFormat((SDL_Surface *)s, SDL_PIXELFORMAT_RGB24, 0);
    size_t rawn = 0;
    unsigned char *raw = rgb ? filtered_rows(rgb, &rawn) : NULL;
    uLongf zn = raw ? compressBound((uLong)rawn) : 0;
    unsigned char *z = raw ? malloc(zn) : NULL;
    int rc = -1;
    if (!rgb)
        snprintf(why, why_n, "%s", SDL_GetError());
    else if (!z)
        snprintf(why, why_n, "out of memory");
    else if (compress2(z, &zn, raw, (uLong)rawn, 1) != Z_OK)
        snprintf(why, why_n, "zlib could not compress the picture");
    else {
        char tmp[4200];
        if ((size_t)snprintf(tmp, sizeof tmp, "%s.part", path) >= sizeof tmp)
            snprintf(why, why_n, "the path is too long");
        else if (write_file(tmp, rgb, z, zn) || rename(tmp, path)) {
            snprintf(why, why_n, "%s", strerror(errno));
            remove(tmp);
        } else
            rc = 0;
    }
    free(z);
    free(raw);
    SDL_FreeSurface(rgb);
    return rc;
}
