/*
 * board.c - the board value: making it, marking bad squares, placing queens, its symmetries.
 */
#include <string.h>

#include "board/symmetry.h"

nq_status nq_board_init(nq_board *board, int n)
{
    if (!board)
        return NQ_ERR_ARGUMENT;
    if (n < 1 || n > NQ_MAX_N)
        return NQ_ERR_SIZE;
    memset(board, 0, sizeof *board);
    board->n = n;
    memset(board->queen, -1, sizeof board->queen);
    return NQ_OK;
}

/* Checks that board is a board at all and (row, col) one of its squares. */
static nq_status check_square(const nq_board *board, int row, int col)
{
    if (!board)
        return NQ_ERR_ARGUMENT;
    if (board->n < 1 || board->n > NQ_MAX_N)
        return NQ_ERR_SIZE;
    return row >= 0 && row < board->n && col >= 0 && col < board->n ? NQ_OK : NQ_ERR_OFF_BOARD;
}

nq_status nq_board_block(nq_board *board, int row, int col)
{
    nq_status status = check_square(board, row, col);
    if (status)
        return status;
    if (board->queen[row] == col)
        return NQ_ERR_BLOCKED;
    board->blocked[row] |= UINT64_C(1) << col;
    return NQ_OK;
}

/* Whether queens on (r1, c1) and (r2, c2), in different rows, attack each other. */
static int attacks(int r1, int c1, int r2, int c2)
{
    int dr = r1 - r2, dc = c1 - c2;
    return c1 == c2 || dr == dc || dr == -dc;
}

nq_status nq_board_place(nq_board *board, int row, int col)
{
    nq_status status = check_square(board, row, col);
    if (status)
        return status;
    if (board->queen[row] >= 0)
        return NQ_ERR_ROW_TAKEN;
    if (board->blocked[row] >> col & 1)
        return NQ_ERR_BLOCKED;
    for (int r = 0; r < board->n; r++)
        if (board->queen[r] >= 0 && attacks(r, board->queen[r], row, col))
            return NQ_ERR_ATTACK;
    board->queen[row] = col;
    return NQ_OK;
}

/* Whether sym maps every bad square and every queen of board onto one of its own kind. */
static int board_has_symmetry(const nq_board *board, enum nq_symmetry sym)
{
    for (int r = 0; r < board->n; r++) {
        for (int c = 0; c < board->n; c++) {
            int r2, c2;
            nq_transform_square(board->n, sym, r, c, &r2, &c2);
            int bad = board->blocked[r] >> c & 1, bad2 = board->blocked[r2] >> c2 & 1;
            int queen = board->queen[r] == c, queen2 = board->queen[r2] == c2;
            if (bad != bad2 || queen != queen2)
                return 0;
        }
    }
    return 1;
}

unsigned nq_board_symmetries(const nq_board *board)
{
    unsigned group = 1u << NQ_SYM_IDENTITY;
    if (!board || board->n < 1 || board->n > NQ_MAX_N)
        return group;
    for (int sym = 1; sym < NQ_SYM_COUNT; sym++)
        if (board_has_symmetry(board, (enum nq_symmetry)sym))
            group |= 1u << sym;
    return group;
}
