/*
 * burnside.c - the number of classes of solutions of the empty board, from their total and the
 * solutions that the turns keep (symmetric.c), by Burnside's lemma.
 *
 * The classes of solutions under the square's eight symmetries number the average, over the
 * eight, of the solutions each one keeps. The identity keeps all Q; the half turn keeps P; each
 * quarter turn keeps R (a solution kept by one is kept by the other, its inverse; R <= P, as
 * two quarter turns make the half turn). No reflection keeps a solution of side n > 1: a queen
 * and its mirror image would share a row, a column or a diagonal, the lines the mirrors fix.
 * So U = (Q + P + 2R) / 8, plus 4/8 for n = 1, whose one queen every reflection keeps.
 */
#include "base/base.h"
#include "engine/kernels.h"

nq_status nq_unique_from_total(int n, nq_count_result *result)
{
    if (!result)
        return NQ_ERR_ARGUMENT;
    if (n < 1 || n > NQ_ABSOLUTE_MAX_N)
        return NQ_ERR_SIZE;
    __extension__ typedef unsigned __int128 wide;
    uint64_t p = nq_engine_kernels_best()->half_turn(n), r = nq_count_quarter_turn(n);
    wide q = (wide)result->total.hi << 64 | result->total.lo;
    wide kept = q + p + 2 * (wide)r + (n == 1 ? 4 : 0);
    if (kept < q || kept % 8)
        return NQ_ERR_WRONG_TOTAL;   /* the total is not Q(n) */
    result->half_turn = (nq_u128){ p, 0 };
    result->quarter_turn = (nq_u128){ r, 0 };
    result->unique = (nq_u128){ (uint64_t)(kept / 8), (uint64_t)(kept / 8 >> 64) };
    return NQ_OK;
}
