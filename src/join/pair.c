/*
 * pair.c - the pairs of a north and a south cell's placements that fit, listed: the portable
 * pairer, the reference the others match pattern for pattern, and the choice of the fastest
 * one for this CPU.
 */
#include "base/base.h"
#include "join.h"

size_t nq_pair_portable(const nq_fitted *north, const nq_fitted *south, uint64_t *out)
{
    /* Locals: out may alias the fitted arrays' type, which would reload them every step. */
    const uint64_t *south_up = south->up, *south_down = south->down;
    const uint64_t *south_pattern = south->pattern;
    const size_t m = south->count;
    size_t count = 0;
    for (size_t i = 0; i < north->count; i++) {
        const uint64_t up = north->up[i], down = north->down[i], pattern = north->pattern[i];
        /* Written always, kept when the two fit: no branch to mispredict. */
        for (size_t j = 0; j < m; j++) {
            out[count] = pattern | south_pattern[j];
            count += !((up & south_up[j]) | (down & south_down[j]));
        }
    }
    return count;
}

nq_pair_fn *nq_pair_best(void)
{
    /* The same tests as nq_match_best, so that a CPU limit picks both. */
    if (nq_cpu_uses(NQ_CPU_AVX512))
        return nq_pair_avx512;
    if (nq_cpu_uses(NQ_CPU_AVX2))
        return nq_pair_avx2;
    return nq_pair_portable;
}
