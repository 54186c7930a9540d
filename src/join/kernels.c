/*
 * kernels.c - the join's kernel tables, one per CPU path, and the one choice among them.
 */
#include "base/base.h"
#include "kernels.h"

const nq_join_kernels nq_join_kernels_portable = { "portable", nq_match_portable,
                                                   &nq_pairer_portable, 0 };
const nq_join_kernels nq_join_kernels_avx2 = { "avx2", nq_match_avx2, &nq_pairer_avx2, 0 };
const nq_join_kernels nq_join_kernels_avx512 = { "avx512", nq_match_avx512, &nq_pairer_avx512,
                                                 NQ_CPU_X86 };

const nq_join_kernels *nq_join_kernels_best(void)
{
    if (nq_cpu_uses(NQ_CPU_AVX512))
        return &nq_join_kernels_avx512;
    if (nq_cpu_uses(NQ_CPU_AVX2))
        return &nq_join_kernels_avx2;
    return &nq_join_kernels_portable;
}
