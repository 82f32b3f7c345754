/* rng.c - xoshiro256** (Blackman and Vigna, 2018) with SplitMix64 seeding, and Lemire's
 * unbiased bounded draw ("Fast Random Integer Generation in an Interval", 2019).
 *
 * The bounded draw multiplies a 32-bit random word by n and keeps the high half; the low
 * half tells whether the word fell in the short tail that would bias the result, in which
 * case it draws again. The rejection is rare (probability < n / 2^32) and the result exact. */
#include "rng.h"

uint64_t rng_splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

void rng_seed(Rng *r, uint64_t seed)
{
    uint64_t sm = seed;
    for (int i = 0; i < 4; i++)
        r->s[i] = rng_splitmix64(&sm);
}

uint64_t rng_round_seed(uint64_t master, uint64_t index)
{
    uint64_t st = master ^ (index * 0xd1b54a32d192ed03ULL);
    rng_splitmix64(&st);
    return rng_splitmix64(&st);
}
