/* rng.h - the engine's random numbers: xoshiro256** seeded through SplitMix64.
 *
 * Every round owns an Rng seeded from that round's 64-bit seed; nothing in the engine uses a
 * global generator. rng_below() is unbiased (Lemire's multiply-and-reject), so a reel strip
 * of any length gets exactly uniform stops. */
#ifndef SLOTCAB_RNG_H
#define SLOTCAB_RNG_H

#include <stdint.h>

typedef struct Rng {
    uint64_t s[4];
} Rng;

/* SplitMix64: advances *state and returns the next output. Used to expand seeds. */
uint64_t rng_splitmix64(uint64_t *state);

/* Seeds r from a 64-bit seed: the four words are four SplitMix64 outputs from `seed`. */
void rng_seed(Rng *r, uint64_t seed);

/* The next 64 raw bits of xoshiro256**. Inline: every reel stop is one of these. */
static inline uint64_t rng_next(Rng *r)
{
    uint64_t *s = r->s;
    const uint64_t x = s[1] * 5;
    const uint64_t result = ((x << 7) | (x >> 57)) * 9;
    const uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = (s[3] << 45) | (s[3] >> 19);
    return result;
}

/* The rare redraw of a bounded draw whose first word m fell where it could be biased: drawn
 * again while the low half is below 2^32 mod n. Inline, so that a caller's Rng stays in
 * registers (an Rng whose address went to a function would live in memory). */
static inline uint32_t rng_below_redraw(Rng *r, uint32_t n, uint64_t m)
{
    const uint32_t threshold = (uint32_t)(-n) % n;
    while ((uint32_t)m < threshold)
        m = (rng_next(r) >> 32) * (uint64_t)n;
    return (uint32_t)(m >> 32);
}

/* A uniform integer in [0, n), n >= 1, with no modulo bias (Lemire: multiply the top 32
 * bits by n, keep the high half; redraw in the rare case the low half falls in the short
 * tail that would bias it). */
static inline uint32_t rng_below(Rng *r, uint32_t n)
{
    uint64_t m = (rng_next(r) >> 32) * (uint64_t)n;
    if (__builtin_expect((uint32_t)m < n, 0))
        return rng_below_redraw(r, n, m);
    return (uint32_t)(m >> 32);
}

/* Two uniform integers, in [0, n1) and [0, n2), from the two 32-bit halves of one output:
 * each is drawn as rng_below draws (a half that falls in the biased tail is replaced by a
 * fresh draw), so both are exactly uniform; a reel set draws two reels per output. */
static inline void rng_below2(Rng *r, uint32_t n1, uint32_t n2, uint32_t *a, uint32_t *b)
{
    const uint64_t x = rng_next(r);
    const uint64_t m1 = (x >> 32) * (uint64_t)n1, m2 = (x & 0xffffffffu) * (uint64_t)n2;
    *a = __builtin_expect((uint32_t)m1 < n1, 0) ? rng_below_redraw(r, n1, m1)
                                                : (uint32_t)(m1 >> 32);
    *b = __builtin_expect((uint32_t)m2 < n2, 0) ? rng_below_redraw(r, n2, m2)
                                                : (uint32_t)(m2 >> 32);
}

/* The seed of round `index` in a stream of rounds derived from `master`: independent of how
 * the rounds are split between threads. */
uint64_t rng_round_seed(uint64_t master, uint64_t index);

#endif
