/*
 * kernels.h - the join's kernels for one CPU path, chosen together (kernels.c): the matcher,
 * the pairer that lists halves, and whether the sieve packs patterns with PEXT and PDEP. A
 * plan takes one table when it is made (nq_join_kernels_best), so that every unit it counts
 * runs the same path and a CPU limit picks them all at once; the tests pass each table in turn.
 */
#ifndef NQ_JOIN_KERNELS_H
#define NQ_JOIN_KERNELS_H

#include "match.h"
#include "pair.h"

typedef struct nq_join_kernels {
    const char *name;           /* the path: "portable", "avx2", "avx512" */
    nq_match_fn *match;
    const nq_pairer *pairer;
    int packs;                  /* nonzero: the sieve packs patterns to the bits that decide
                                   pairs (PEXT) and may spread them into byte-wide chunks (PDEP) */
    double entry_price;         /* what building an entry of a block's table costs, in lookups
                                   of the matcher: the sieve's price (sieve.c) */
} nq_join_kernels;

/* The tables: portable C, and for CPUs with AVX2 or AVX-512 (use those only on one). AVX2's
 * comes twice: packing where PEXT is fast (nq_cpu_fast_pext; packed values meet in fewer
 * lookups: BENCHMARKS.md), and not where it is not. */
extern const nq_join_kernels nq_join_kernels_portable, nq_join_kernels_avx2,
    nq_join_kernels_avx2_pext, nq_join_kernels_avx512;

/* The fastest table among the paths nq_cpu_uses allows now. */
const nq_join_kernels *nq_join_kernels_best(void);

#endif /* NQ_JOIN_KERNELS_H */
