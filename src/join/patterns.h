/*
 * patterns.h - a growing buffer of 64-bit patterns (patterns.c), what halves are
 * listed into and the sieve sorts.
 */
#ifndef NQ_JOIN_PATTERNS_H
#define NQ_JOIN_PATTERNS_H

#include <stddef.h>
#include <stdint.h>

#include "nqueens.h"

typedef struct nq_patterns {
    uint64_t *at;
    size_t count, capacity;
    size_t limit;       /* the most it may need (0: unknown): it grows no further than that,
                           but for the NQ_PAIR_SLACK slots a pairer writes past the last */
} nq_patterns;

/* Makes room for count patterns in buffer, its contents dropped. Returns NQ_OK or NQ_ERR_NOMEM. */
nq_status nq_patterns_room(nq_patterns *buffer, size_t count);

/* Makes room for `more` patterns after buffer's last, keeping them: doubling, but not past its
 * limit. Returns NQ_OK or NQ_ERR_NOMEM. */
nq_status nq_patterns_reserve(nq_patterns *buffer, size_t more);

#endif /* NQ_JOIN_PATTERNS_H */
