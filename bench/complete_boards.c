/*
 * complete_boards.c - the completion benchmark's boards, and the same boards as CNF for a SAT
 * solver.
 *
 *   complete_boards DIR [COUNT]
 *
 * Writes DIR/NN.txt (the board, in the format of `nqueens count --board`) and DIR/NN.cnf (DIMACS)
 * for COUNT boards (default 60), and prints one line per board: its name, n, placed queens, bad
 * squares and how it was made. Fixed seeds: the same boards every time.
 *
 Boards come in three kinds, by i mod 5:
 *  - 0, 1: a side n from 20 to 64; up to n/2 queens of a random solution (nq_random_solution
 *    with seed i + 1, what `nqueens one N --random --seed S` prints), bad squares off that
 *    solution (density 0 to 4 %): a completion exists.
 *  - 2, 3: a side n from 20 to 64; n/3 to n/2 queens on random squares none of whose lines is
 *    taken, bad squares anywhere (0 to 4 %): there may be no completion.
 *  - 4: a side n from 20 to 32; the top n/3 or so rows filled as the first solution's search
 *    fills them, each queen in the leftmost column free (no bad squares): the questions a
 *    lexicographic search asks a completion oracle, hard to answer when the answer is no.
 *
 * The CNF is written by board_cnf.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nqueens.h"
#include "board_cnf.h"

static uint64_t next_random(uint64_t *state)
{
    uint64_t x = *state;
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    return *state = x;
}

static int below(uint64_t *state, int bound)
{
    return (int)(next_random(state) % (uint64_t)bound);
}

/* Board number i; *kind says how it was made. */
static void make_board(int i, nq_board *b, const char **kind)
{
    uint64_t state = UINT64_C(0x9E3779B97F4A7C15) * (uint64_t)(i + 1);
    int n = i % 5 == 4 ? 20 + i / 5 % 13 : 20 + below(&state, 45);
    int queens = below(&state, n / 2 + 1), percent = below(&state, 5);
    int32_t sol[NQ_MAX_N];
    nq_board_init(b, n);
    if (i % 5 < 2) {
        *kind = "solution";
        nq_random_solution((uint32_t)n, (uint64_t)i + 1, sol);
        for (int placed = 0; placed < queens;) {
            int r = below(&state, n);
            if (b->queen[r] < 0)
                placed += nq_board_place(b, r, sol[r]) == NQ_OK;
        }
    } else if (i % 5 < 4) {
        *kind = "random";
        queens = n / 3 + below(&state, n / 2 - n / 3 + 1);
        for (int tries = 0, placed = 0; placed < queens && tries < 100000; tries++)
            placed += nq_board_place(b, below(&state, n), below(&state, n)) == NQ_OK;
    } else {
        *kind = "first";
        for (int r = 0, rows = n / 3 + i / 5 % 2; r < rows; r++)
            for (int c = 0; c < n && nq_board_place(b, r, c) != NQ_OK; c++)
                ;
        return;
    }
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++)
            if (below(&state, 100) < percent && !(i % 5 < 2 && sol[r] == c))
                nq_board_block(b, r, c);
}

int main(int argc, char **argv)
{
    if (argc < 2 || argc > 3) {
        fprintf(stderr, "usage: complete_boards DIR [COUNT]\n");
        return 2;
    }
    int count = argc == 3 ? atoi(argv[2]) : 60;
    for (int i = 0; i < count; i++) {
        nq_board b;
        const char *kind;
        make_board(i, &b, &kind);
        char name[16];
        snprintf(name, sizeof name, "%02d", i);
        if (board_cnf_save(argv[1], name, &b))
            return 1;
        int queens = 0, bad = 0;
        for (int r = 0; r < b.n; r++)
            queens += b.queen[r] >= 0, bad += __builtin_popcountll(b.blocked[r]);
        printf("%02d %d %d %d %s\n", i, b.n, queens, bad, kind);
    }
    return 0;
}
