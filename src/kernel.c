/*
 * kernel.c - the search kernels: iterative bitmask backtracking over the rows of a compiled
 * board, one counting every completion of a state, one visiting them in order.
 *
 * Both keep an explicit stack of the free squares left in each row, take the lowest (leftmost)
 * free square first, so completions come in lexicographic order, and allocate nothing.
 */
#include <string.h>

#include "internal.h"

uint64_t nq_kernel_count(const nq_search *search, nq_state s)
{
    const int first = s.row, last = search->n - 1;
    if (first > last)
        return 1;
    if (first == last)
        return (uint64_t)__builtin_popcountll(nq_state_free(search, s));
    uint64_t free_[NQ_MAX_N], cols[NQ_MAX_N], d1[NQ_MAX_N], d2[NQ_MAX_N];
    uint64_t count = 0;
    int top = first;
    cols[top] = s.cols, d1[top] = s.d1, d2[top] = s.d2;
    free_[top] = nq_state_free(search, s);
    for (;;) {
        uint64_t f = free_[top];
        if (!f) {
            if (top == first)
                return count;
            top--;
            continue;
        }
        uint64_t bit = f & -f;
        free_[top] = f ^ bit;
        uint64_t c = cols[top] | bit, a = (d1[top] | bit) << 1, b = (d2[top] | bit) >> 1;
        uint64_t next = search->allow[top + 1] & ~(c | a | b);
        if (top + 1 == last) {
            count += (uint64_t)__builtin_popcountll(next);
        } else if (next) {
            top++;
            cols[top] = c, d1[top] = a, d2[top] = b, free_[top] = next;
        }
    }
}

nq_status nq_kernel_visit(const nq_search *search, nq_state s, const int8_t *prefix,
                          nq_solution_fn visit, void *context)
{
    const int n = search->n, first = s.row;
    int8_t placed[NQ_MAX_N];
    memcpy(placed, prefix, (size_t)first);
    if (first == n)
        return visit(context, n, placed) ? NQ_ERR_STOPPED : NQ_OK;
    uint64_t free_[NQ_MAX_N], cols[NQ_MAX_N], d1[NQ_MAX_N], d2[NQ_MAX_N];
    int top = first;
    cols[top] = s.cols, d1[top] = s.d1, d2[top] = s.d2;
    free_[top] = nq_state_free(search, s);
    for (;;) {
        uint64_t f = free_[top];
        if (!f) {
            if (top == first)
                return NQ_OK;
            top--;
            continue;
        }
        uint64_t bit = f & -f;
        free_[top] = f ^ bit;
        placed[top] = (int8_t)__builtin_ctzll(bit);
        if (top == n - 1) {
            if (visit(context, n, placed))
                return NQ_ERR_STOPPED;
            continue;
        }
        uint64_t c = cols[top] | bit, a = (d1[top] | bit) << 1, b = (d2[top] | bit) >> 1;
        top++;
        cols[top] = c, d1[top] = a, d2[top] = b;
        free_[top] = search->allow[top] & ~(c | a | b);
    }
}
