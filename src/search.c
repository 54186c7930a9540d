/*
 * search.c - compiles a board into per-row masks of the squares a queen may take.
 *
 * Folding bad squares and the attacks of placed queens into one mask per row lets a single
 * kernel serve every board: a row with a placed queen offers that square alone, and no other
 * row offers a square the placed queens attack.
 */
#include "internal.h"

static uint64_t bit_if_on_board(int col, int n)
{
    return col >= 0 && col < n ? UINT64_C(1) << col : 0;
}

nq_status nq_search_compile(const nq_board *board, nq_search *search)
{
    int n = board->n;
    if (n < 1 || n > NQ_MAX_N)
        return NQ_ERR_SIZE;
    search->n = n;
    search->full = n == 64 ? ~UINT64_C(0) : (UINT64_C(1) << n) - 1;
    for (int r = 0; r < n; r++)
        search->allow[r] = search->full & ~board->blocked[r];
    for (int q = 0; q < n; q++) {
        int qc = board->queen[q];
        if (qc < 0)
            continue;
        if (qc >= n || !(search->allow[q] >> qc & 1))
            return qc >= n ? NQ_ERR_ARGUMENT : NQ_ERR_ATTACK;
        for (int r = 0; r < n; r++) {
            int d = r - q;
            if (r == q)
                search->allow[r] &= UINT64_C(1) << qc;
            else
                search->allow[r] &= ~(bit_if_on_board(qc, n) | bit_if_on_board(qc + d, n) |
                                      bit_if_on_board(qc - d, n));
        }
    }
    for (int r = 0; r < n; r++)
        if (board->queen[r] >= 0 && !search->allow[r])
            return NQ_ERR_ATTACK;
    for (int r = n; r < NQ_MAX_N; r++)
        search->allow[r] = 0;
    return NQ_OK;
}

nq_state nq_search_root(const nq_search *search)
{
    (void)search;
    nq_state root = { 0, 0, 0, 0 };
    return root;
}
