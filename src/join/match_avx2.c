/*
 * match_avx2.c - the matcher of match_body.h built for CPUs with AVX2 and popcount: a block's
 * 512 bits are two 256-bit registers, counted a 64-bit lane at a time.
 */
#include "join.h"

#define MATCH_TARGET __attribute__((target("avx2,popcnt")))
#include "match_body.h"

MATCH_TARGET uint64_t nq_match_avx2(const uint64_t *patterns, size_t count,
                                    const nq_match_items *items, int bits, void *table)
{
    return match_body(patterns, count, items, bits, table);
}
