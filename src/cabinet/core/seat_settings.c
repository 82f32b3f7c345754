/* seat_settings.c - the player's settings the cabinet's memory keeps for every game scene
 * (seat.h): the last bet of each game ("bet.<game>": its options' values, comma-separated),
 * the volumes ("volume.music", ".reels", ".wins", ".ui"), "sound.muted" and "space_spins"
 * ("1" or "0"). */
#include "seat.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

static const char *const volume_keys[SEAT_VOLUMES] = {"volume.music", "volume.reels", "volume.wins",
                                                      "volume.ui"};

void seat_settings_load(Store *st, const GameDef *def, Bet *bet, SeatSettings *out)
{
    char v[128], key[80];
    snprintf(key, sizeof key, "bet.%s", def->id);
    store_setting(st, key, v, sizeof v);
    Bet b = *bet;
    if (v[0] && sscanf(v, "%" SCNd64 ",%" SCNd64 ",%" SCNd64 ",%" SCNd64, &b.v[0], &b.v[1],
                       &b.v[2], &b.v[3]) == 4) {
        /* each option's last value where the game (as configured now) still has it; else its
         * default (a value the operator disabled, or one the game's options did not have
         * when it was saved) */
        for (int o = 0; o < def->nbet && o < GAMEDEF_MAX_BET_OPTIONS; o++) {
            bool known = false;
            for (int i = 0; i < def->bet[o].nvalues; i++)
                known |= def->bet[o].values[i] == b.v[o];
            if (known)
                bet->v[o] = b.v[o];
        }
    }
    *out = (SeatSettings){0};
    for (int l = 0; l < SEAT_VOLUMES; l++) {
        store_setting(st, volume_keys[l], v, sizeof v);
        out->has_volume[l] = v[0] != 0;
        out->volume[l] = v[0] ? atoi(v) : 0;
    }
    store_setting(st, "sound.muted", v, sizeof v);
    out->has_muted = v[0] != 0;
    out->muted = v[0] == '1';
    store_setting(st, "space_spins", v, sizeof v);
    out->space_plays = v[0] ? v[0] == '1' : true;
}

void seat_settings_save(Store *st, const GameDef *def, const Bet *bet, const SeatSettings *in)
{
    char v[128], key[80];
    snprintf(key, sizeof key, "bet.%s", def->id);
    snprintf(v, sizeof v, "%" PRId64 ",%" PRId64 ",%" PRId64 ",%" PRId64, bet->v[0], bet->v[1],
             bet->v[2], bet->v[3]);
    store_set_setting(st, key, v, NULL);
    for (int l = 0; l < SEAT_VOLUMES; l++) {
        snprintf(v, sizeof v, "%d", in->volume[l]);
        store_set_setting(st, volume_keys[l], v, NULL);
    }
    store_set_setting(st, "sound.muted", in->muted ? "1" : "0", NULL);
    store_set_setting(st, "space_spins", in->space_plays ? "1" : "0", NULL);
}
