/*
 * pair.c - quarter cells fitted to the board and the pairs of two that fit, listed: the
 * portable kernels, the reference the others match pattern for pattern (kernels.c chooses
 * among the pairers).
 */
#include "base/base.h"
#include "pair.h"

size_t nq_fit_portable(const nq_quarter_diags *diags, size_t count, const nq_fit_rule *rule,
                       uint64_t *pattern)
{
    /* Locals: the stores may alias rule, which would reload it every step. */
    const uint64_t taken_up = rule->taken_up, taken_down = rule->taken_down;
    const int up_shift = rule->up_shift, down_shift = rule->down_shift;
    const int lo = rule->lo, width = rule->width;
    const uint64_t mask = (UINT64_C(1) << width) - 1;
    size_t m = 0;
    for (size_t i = 0; i < count; i++) {
        const uint64_t u = (uint64_t)diags[i].up << up_shift;
        const uint64_t w = (uint64_t)diags[i].down << down_shift;
        /* Written always, kept when it fits. */
        pattern[m] = (u >> lo & mask) | (w >> lo & mask) << width;
        m += !((u & taken_up) | (w & taken_down));
    }
    return m;
}

size_t nq_pair_portable(const nq_fitted *north, const nq_fitted *south, uint64_t mark,
                        uint64_t *out)
{
    /* Locals: out may alias the fitted arrays' type, which would reload them every step. */
    const nq_fitted n = *north;
    const uint64_t *south_pattern = south->pattern;
    const size_t m = south->count;
    size_t count = 0;
    for (size_t i = 0; i < n.count; i++) {
        if (n.pattern[i] & mark)
            continue;   /* it meets the marked queen */
        const uint64_t pattern = n.pattern[i] | mark;
        /* Written always, kept when the two fit: no branch to mispredict. */
        for (size_t j = 0; j < m; j++) {
            out[count] = pattern | south_pattern[j];
            count += !(pattern & south_pattern[j]);
        }
    }
    return count;
}

const nq_pairer nq_pairer_portable = { nq_fit_portable, nq_pair_portable };
