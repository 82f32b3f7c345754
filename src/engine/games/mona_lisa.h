/* mona_lisa.h - Mona Lisa Jewels' names for the engine's generic kinds.
 *
 * The shared headers name no game: a second kind of feature spin is SPIN_EXTRA, its feature
 * FEATURE_EXTRA, its RTP part PART_EXTRA, a symbol with a role of the rules' own
 * ROLE_FEATURE, and the events count such spins in extra_left. For this game they are the
 * jewel free spins and the jewel; what this game's rules, tests and view say of them. */
#ifndef SLOTCAB_GAMES_MONA_LISA_H
#define SLOTCAB_GAMES_MONA_LISA_H

#include "../games.h"

#define ML_SPIN_JEWEL SPIN_EXTRA            /* a jewel free spin: reel 1 locked, jewels and wilds sticky */
#define ML_FEATURE_JEWEL_SPINS FEATURE_EXTRA
#define ML_PART_JEWEL PART_EXTRA
#define ML_ROLE_JEWEL ROLE_FEATURE

#endif
