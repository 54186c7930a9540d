/*
 * compile.c - compiles a board into per-row masks of the squares a queen may take.
 *
 * Folding bad squares and the attacks of placed queens into one mask per row lets a single
 * kernel serve every board and every work unit: a row with a placed queen offers that square
 * alone, and no other row offers a square a placed queen attacks.
 */
#include "engine/engine.h"

void nq_search_place(nq_search *search, int row, int col)
{
    uint64_t bit = UINT64_C(1) << col;
    for (int r = 0; r < search->n; r++) {
        int d = r > row ? r - row : row - r;
        if (r == row)
            search->allow[r] &= bit;
        else
            search->allow[r] &= ~(bit | bit << d | bit >> d);
    }
}

nq_status nq_search_compile(const nq_board *board, nq_search *search)
{
    int n = board->n;
    if (n < 1 || n > NQ_MAX_N)
        return NQ_ERR_SIZE;
    search->n = n;
    search->full = n == 64 ? ~UINT64_C(0) : (UINT64_C(1) << n) - 1;
    for (int r = 0; r < NQ_MAX_N; r++)
        search->allow[r] = r < n ? search->full & ~board->blocked[r] : 0;
    for (int r = 0; r < n; r++) {
        int c = board->queen[r];
        if (c < 0)
            continue;
        if (c >= n)
            return NQ_ERR_OFF_BOARD;
        if (board->blocked[r] >> c & 1)
            return NQ_ERR_BLOCKED;
        /* A queen placed earlier has taken this square away if the two attack each other. */
        if (!(search->allow[r] >> c & 1))
            return NQ_ERR_ATTACK;
        nq_search_place(search, r, c);
    }
    return NQ_OK;
}

nq_state nq_search_root(const nq_search *search)
{
    (void)search;
    nq_state root = { 0, 0, 0, 0 };
    return root;
}
