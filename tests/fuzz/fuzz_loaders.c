/* fuzz_loaders.c - libFuzzer target for the engine's loaders: whatever bytes a game file or
 * a scenario holds, loading gives either a checked structure or one message, never a crash,
 * a leak or undefined behaviour; and a scenario that loads plays its rounds.
 *
 * The first byte picks the loader (even: game file, odd: scenario for Mona Lisa Jewels);
 * the rest is the file's text. Built and run by scripts/fuzz.sh, with the project's game
 * and test files as the seed corpus. */
#include "gamedef.h"
#include "machine.h"
#include "scenario.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static GameDef game;
static int game_loaded;

static int write_file(const char *path, const uint8_t *data, size_t size)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return -1;
    size_t n = fwrite(data, 1, size, f);
    fclose(f);
    return n == size ? 0 : -1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    char path[64];
    snprintf(path, sizeof path, "/dev/shm/slotcab-fuzz-%d.json", (int)getpid());
    if (write_file(path, data + 1, size - 1))
        return 0;
    Error err;
    if (!game_loaded) {
        const char *dir = getenv("SLOTCAB_GAMES");
        char gp[512];
        snprintf(gp, sizeof gp, "%s/mona-lisa-jewels/game.json", dir ? dir : "games");
        if (gamedef_load(gp, &game, &err)) {
            fprintf(stderr, "fuzz: %s\n", err.msg);
            abort();
        }
        game_loaded = 1;
    }
    if (data[0] % 2 == 0) {
        static GameDef def;
        if (gamedef_load(path, &def, &err) == 0) {
            /* a game that loads can be played */
            Machine *m = machine_create(&(MachineDesc){.game = &def}, &err);
            if (m) {
                for (uint64_t s = 0; s < 3; s++) {
                    machine_command(m, &(Command){.type = CMD_SPIN, .seed = s}, NULL);
                    machine_autoplay(m, STRATEGY_RANDOM);
                }
                machine_destroy(m);
            }
        }
    } else {
        Scenario sc;
        if (scenario_load(path, &game, &sc, &err) == 0) {
            MachineDesc desc = {.game = &game, .has_pool = sc.has_pool, .pool = sc.pool};
            Machine *m = machine_create(&desc, &err);
            if (m && machine_set_bet(m, &sc.bet, &err) == 0) {
                machine_force(m, sc.spins, sc.nspins);
                for (int round = 0; round < 3; round++) {
                    machine_command(m, &(Command){.type = CMD_SPIN, .seed = sc.seed}, NULL);
                    machine_autoplay(m, STRATEGY_RANDOM);
                }
            }
            machine_destroy(m);
            scenario_free(&sc);
        }
    }
    unlink(path);
    return 0;
}
