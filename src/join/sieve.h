/*
 * sieve.h - matching split by a few pattern bits (sieve.c): both lists sorted
 * into buckets so that each bucket meets only those free where it is taken.
 */
#ifndef NQ_JOIN_SIEVE_H
#define NQ_JOIN_SIEVE_H

#include <stddef.h>
#include <stdint.h>

#include "kernels.h"
#include "match.h"
#include "nqueens.h"
#include "patterns.h"

/* Buffers the sieve sorts into, and room for a 16-bit signature per value. */
typedef struct nq_sieve_work nq_sieve_work;
typedef struct nq_sieve_scratch {
    nq_patterns patterns, items, signatures;
    nq_sieve_work *work;    /* what one matching keeps besides its lists (sieve.c) */
    int depth;              /* the cut bits the last matching sorted by (for the tests) */
    int again;              /* whether it took b's sorted copy from the one before (tests) */
} nq_sieve_scratch;

/* How pairs weigh: by which of two flag bits the value of list a and that of list b take,
 * weight[a's flags][b's] (bit 0 for flag[0], bit 1 for flag[1]); without flags (flags 0) every
 * pair weighs weight[0][0]. */
typedef struct nq_sieve_weights {
    int flags;
    int flag[2];
    unsigned weight[4][4];
} nq_sieve_weights;

/* The weighted sum over pairs of a value of a[0..na) and one of b[0..nb) with no bit in common,
 * counted by the matcher of `kernels` with either list as its patterns, both lists first split
 * by a few of their bits (and the flags) so that each bucket meets only the buckets free where
 * it is taken (packed first where kernels->packs). table is the matcher's scratch
 * (nq_match_table_size). With b_again nonzero the caller says that b, nb, weights and bits are
 * those of the last matching on this scratch, b's values unchanged: what the sieve made of b
 * then (its signatures, and its sorted copy where b was the patterns) is used again where the
 * plan allows (the parts of a row set, from n = 28, each match the same west half). Into
 * *pairs; returns NQ_OK or NQ_ERR_NOMEM. */
nq_status nq_sieve_match(const uint64_t *a, size_t na, const uint64_t *b, size_t nb,
                         int b_again, const nq_sieve_weights *weights, int bits,
                         const nq_join_kernels *kernels, void *table, nq_sieve_scratch *scratch,
                         uint64_t *pairs);

/* Frees what the sieve made room for in scratch (zeroed to begin with). */
void nq_sieve_scratch_free(nq_sieve_scratch *scratch);

/* The most bytes scratch->work takes for lists of at most `values` values. */
size_t nq_sieve_work_bytes(size_t values);

#endif /* NQ_JOIN_SIEVE_H */
