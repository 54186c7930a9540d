/*
 * pair_body.h - the vector pairer, written once and compiled by pair_avx2.c and
 * pair_avx512.c each for its own instruction set (always inlined there). It lists what the
 * portable kernels of pair.c list, in the same order, LANES placements a step: each step tests
 * its placements into a mask of lanes and stores those that fit packed together at once, all
 * LANES slots written (hence NQ_PAIR_SLACK). The last, partial step loads with a mask, so it
 * reads nothing past a cell.
 *
 * The includer defines PAIR_TARGET (its target attribute), LANES, the types `vec` (LANES 64-bit
 * lanes) and `lane_mask` (a bit a lane), and these, always inlined:
 *   vec load(const void *at), vec load_first(const void *at, size_t k): all lanes, or the k
 *       first (the others zero);
 *   vec splat(uint64_t x); vec and(vec, vec); vec or(vec, vec);
 *   vec shift_left(vec, int), shift_right(vec, int), high_halves(vec): the upper 32 bits of
 *       each lane moved down;
 *   lane_mask test_none(lane_mask lanes, vec a, vec b): the lanes of `lanes` where a & b is 0;
 *   void store_kept(uint64_t *out, lane_mask keep, vec v): keep's lanes of v packed at out.
 */
#define INLINE static inline __attribute__((always_inline))

/* The lanes of a step over k < LANES placements, or of a whole one (k = LANES). */
INLINE lane_mask first_lanes(size_t k)
{
    return (lane_mask)((1u << k) - 1);
}

/* LANES placements (the `lanes` of them) as one 64-bit word each, up diagonals in the low
 * half: fitted as nq_fit_portable does, written at m on; returns the new m. */
PAIR_TARGET INLINE size_t fit_step(vec diags, lane_mask lanes, const nq_fit_rule *rule,
                                   uint64_t *pattern, size_t m)
{
    const vec mask = splat((UINT64_C(1) << rule->width) - 1);
    const vec u = shift_left(and(diags, splat(0xffffffff)), rule->up_shift);
    const vec w = shift_left(high_halves(diags), rule->down_shift);
    const vec p = or(and(shift_right(u, rule->lo), mask),
                     shift_left(and(shift_right(w, rule->lo), mask), rule->width));
    const lane_mask fit = test_none(test_none(lanes, u, splat(rule->taken_up)), w,
                                    splat(rule->taken_down));
    store_kept(pattern + m, fit, p);
    return m + (size_t)__builtin_popcount((unsigned)fit);
}

PAIR_TARGET static size_t fit_body(const nq_quarter_diags *diags, size_t count,
                                   const nq_fit_rule *rule, uint64_t *pattern)
{
    const nq_fit_rule r = *rule;   /* a copy that no store can alias: its vectors made once */
    const size_t whole = count - count % LANES;
    size_t m = 0;
    for (size_t i = 0; i < whole; i += LANES)
        m = fit_step(load(diags + i), first_lanes(LANES), &r, pattern, m);
    if (count % LANES)
        m = fit_step(load_first(diags + whole, count % LANES), first_lanes(count % LANES), &r,
                     pattern, m);
    return m;
}

/* LANES south patterns (the `lanes` of them) against the north one: the pairs that fit are
 * written at out[count] on; returns the new count. */
PAIR_TARGET INLINE size_t pair_step(vec pattern, vec south_pattern, lane_mask lanes,
                                    uint64_t *out, size_t count)
{
    const lane_mask fit = test_none(lanes, pattern, south_pattern);
    store_kept(out + count, fit, or(pattern, south_pattern));
    return count + (size_t)__builtin_popcount((unsigned)fit);
}

PAIR_TARGET static size_t pair_body(const nq_fitted *north, const nq_fitted *south,
                                    uint64_t mark, uint64_t *out)
{
    const uint64_t *sp = south->pattern;
    const size_t m = south->count, whole = m - m % LANES;
    const lane_mask tail = first_lanes(m % LANES);
    const vec tail_pattern = load_first(sp + whole, m % LANES);
    size_t count = 0;
    for (size_t i = 0; i < north->count; i++) {
        if (north->pattern[i] & mark)
            continue;   /* it meets the marked queen */
        const vec pattern = splat(north->pattern[i] | mark);
        for (size_t j = 0; j < whole; j += LANES)
            count = pair_step(pattern, load(sp + j), first_lanes(LANES), out, count);
        if (tail)
            count = pair_step(pattern, tail_pattern, tail, out, count);
    }
    return count;
}
