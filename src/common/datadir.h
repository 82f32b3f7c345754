/* datadir.h - where slotcab and slotsim find their data (games/, themes/, assets/,
 * scenarios/) when no flag says: the one rule both programs follow (README "Install",
 * slotcab(6), slotsim(1)). Plain C and POSIX, no SDL. */
#ifndef SLOTCAB_DATADIR_H
#define SLOTCAB_DATADIR_H

/* The data root, in this order:
 *   1. $SLOTCAB_DATA (the installed layout: its games/, themes/, ...);
 *   2. NULL when the running binary sits in `build_dir`, where the build made it: the
 *      caller uses the source tree's folders;
 *   3. installed: `from_bin` (e.g. "../share/slotcab") from the binary's own folder
 *      (/proc/self/exe), when that is a folder, so a DESTDIR or a moved tree works too;
 *   4. `installed`, the configured place (NULL or "": none, and NULL is returned).
 * The string returned lives until the next call. */
const char *datadir_root(const char *build_dir, const char *from_bin, const char *installed);

/* The root for the program including this, by what meson tells it: where the build makes
 * it (SLOTCAB_BUILD_DIR), the path from its installed folder to the data
 * (SLOTCAB_DATA_FROM_BIN) and the configured place (SLOTCAB_DATA_DIR). */
#ifndef SLOTCAB_BUILD_DIR
#define SLOTCAB_BUILD_DIR ""
#endif
#ifndef SLOTCAB_DATA_FROM_BIN
#define SLOTCAB_DATA_FROM_BIN ""
#endif
#ifndef SLOTCAB_DATA_DIR
#define SLOTCAB_DATA_DIR ""
#endif
#define datadir_program_root() datadir_root(SLOTCAB_BUILD_DIR, SLOTCAB_DATA_FROM_BIN, SLOTCAB_DATA_DIR)

#endif
