/* rng.c - xoshiro256** (Blackman and Vigna, 2018) with SplitMix64 seeding, and Lemire's
 * unbiased bounded draw ("Fast Random Integer Generation in an Interval", 2019).
 *
 * The bounded draw multiplies a 32-bit random word by n and keeps the high half; the low
 * half tells whether the word fell in the short tail that would bias the result, in which
 * case it draws again. The rejection is rare (probability < n / 2^32) and the result exact. */
#include "rng.h"

static inline uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

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

uint64_t rng_next(Rng *r)
{
    uint64_t *s = r->s;
    const uint64_t result = rotl(s[1] * 5, 7) * 9;
    const uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

uint32_t rng_below(Rng *r, uint32_t n)
{
    uint32_t x = (uint32_t)(rng_next(r) >> 32);
    uint64_t m = (uint64_t)x * n;
    uint32_t low = (uint32_t)m;
    if (low < n) {
        uint32_t threshold = (uint32_t)(-n) % n;
        while (low < threshold) {
            x = (uint32_t)(rng_next(r) >> 32);
            m = (uint64_t)x * n;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

uint64_t rng_round_seed(uint64_t master, uint64_t index)
{
    uint64_t st = master ^ (index * 0xd1b54a32d192ed03ULL);
    rng_splitmix64(&st);
    return rng_splitmix64(&st);
}
