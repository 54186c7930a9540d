/*
 * kernels.c - the join's kernel tables, one per CPU path, and the one choice among them.
 */
#include "base/base.h"
#include "kernels.h"

/* An entry's price was fitted to AVX-512's build (byte tests); the tables without packing keep
 * it, not measured anew. With packing the sieve may choose AVX2's tables in bytes. They were
 * built by sums over subsets then, dearer an entry, and priced at 7: at 3 the sieve chose them
 * where they cost more than they saved. AVX2 now builds them by byte compares as AVX-512 does
 * (match_body.h), and 3 and 7 came out the same within a percent (BENCHMARKS.md, "Where a
 * unit's cost goes"): 7 kept, the plans it was measured on. */
const nq_join_kernels nq_join_kernels_portable = { "portable", nq_match_portable,
                                                   &nq_pairer_portable, 0, 3.0 };
const nq_join_kernels nq_join_kernels_avx2 = { "avx2", nq_match_avx2, &nq_pairer_avx2, 0, 3.0 };
const nq_join_kernels nq_join_kernels_avx2_pext = { "avx2+pext", nq_match_avx2,
                                                    &nq_pairer_avx2, NQ_CPU_X86, 7.0 };
const nq_join_kernels nq_join_kernels_avx512 = { "avx512", nq_match_avx512, &nq_pairer_avx512,
                                                 NQ_CPU_X86, 3.0 };

const nq_join_kernels *nq_join_kernels_best(void)
{
    if (nq_cpu_uses(NQ_CPU_AVX512))
        return &nq_join_kernels_avx512;
    if (nq_cpu_uses(NQ_CPU_AVX2))
        return nq_cpu_fast_pext() ? &nq_join_kernels_avx2_pext : &nq_join_kernels_avx2;
    return &nq_join_kernels_portable;
}
