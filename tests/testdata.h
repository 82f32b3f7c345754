/* testdata.h - where tests find their files: $SLOTCAB_TESTDATA and $SLOTCAB_GAMES (meson
 * sets both), or else tests/data and games relative to the current directory, which is
 * right when a test binary is run by hand from the project's root. */
#ifndef SLOTCAB_TESTDATA_H
#define SLOTCAB_TESTDATA_H

#include <stdio.h>
#include <stdlib.h>

static inline const char *testdata_env(const char *name, const char *fallback)
{
    const char *d = getenv(name);
    return d && d[0] ? d : fallback;
}

/* tests/data/<sub>/<name> */
static inline void testdata_path(char *buf, size_t size, const char *sub, const char *name)
{
    snprintf(buf, size, "%s/%s/%s", testdata_env("SLOTCAB_TESTDATA", "tests/data"), sub, name);
}

/* games/<id>/game.json */
static inline void testdata_game(char *buf, size_t size, const char *id)
{
    snprintf(buf, size, "%s/%s/game.json", testdata_env("SLOTCAB_GAMES", "games"), id);
}

#endif
