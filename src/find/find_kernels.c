/*
 * find_kernels.c - the completion search's walks, one table per CPU path, and the one choice
 * among them.
 */
#include "base/base.h"
#include "find/complete_walk.h"
#include "find/find.h"

const nq_find_kernels nq_find_kernels_portable = { "portable", nq_finder_run_portable,
                                                   nq_walk_run_portable };
const nq_find_kernels nq_find_kernels_popcnt = { "popcnt", nq_finder_run_popcnt,
                                                 nq_walk_run_popcnt };

const nq_find_kernels *nq_find_kernels_best(void)
{
    return nq_cpu_uses(NQ_CPU_POPCNT) ? &nq_find_kernels_popcnt : &nq_find_kernels_portable;
}
