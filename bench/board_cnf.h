/*
 * board_cnf.h - a board written for the completion benchmarks (complete_boards.c,
 * diagonal_boards.c): as text for `nqueens one --board`, and as DIMACS CNF for a SAT solver.
 *
 * The CNF has variable r * n + c + 1 for a queen on (r, c): a queen in every row, and, though it
 * follows, in every column (without it a SAT solver must rediscover the pigeonhole principle,
 * which resolution cannot do quickly); at most one queen per row, column and diagonal, pairwise;
 * placed queens and bad squares as unit clauses.
 */
#ifndef NQ_BENCH_BOARD_CNF_H
#define NQ_BENCH_BOARD_CNF_H

#include <stdio.h>

#include "nqueens.h"

/* Whether squares (r1, c1) and (r2, c2) share a line. */
static int board_cnf_attack(int r1, int c1, int r2, int c2)
{
    return r1 == r2 || c1 == c2 || r1 - c1 == r2 - c2 || r1 + c1 == r2 + c2;
}

static void board_cnf_write_board(FILE *f, const nq_board *b)
{
    for (int r = 0; r < b->n; r++) {
        for (int c = 0; c < b->n; c++)
            fputc(b->queen[r] == c ? 'Q' : b->blocked[r] >> c & 1 ? '*' : '.', f);
        fputc('\n', f);
    }
}

/* The clauses of b (see the top of the file), written to f, or only counted when f is NULL.
 * Returns their number. */
static long board_cnf_clauses(FILE *f, const nq_board *b)
{
    int n = b->n;
    long count = 0;
    for (int line = 0; line < 2 * n; line++, count++) {
        for (int k = 0; k < n && f; k++)
            fprintf(f, "%d ", line < n ? line * n + k + 1 : k * n + (line - n) + 1);
        if (f)
            fputs("0\n", f);
    }
    for (int a = 0; a < n * n; a++)
        for (int z = a + 1; z < n * n; z++)
            if (board_cnf_attack(a / n, a % n, z / n, z % n) && ++count && f)
                fprintf(f, "-%d -%d 0\n", a + 1, z + 1);
    for (int r = 0; r < n; r++) {
        for (int c = 0; c < n; c++) {
            if (b->queen[r] == c && ++count && f)
                fprintf(f, "%d 0\n", r * n + c + 1);
            if ((b->blocked[r] >> c & 1) && ++count && f)
                fprintf(f, "-%d 0\n", r * n + c + 1);
        }
    }
    return count;
}

/* Writes DIR/NAME.txt (the board) and DIR/NAME.cnf. Returns 0, or 1 after a message. */
static int board_cnf_save(const char *dir, const char *name, const nq_board *b)
{
    for (int cnf = 0; cnf < 2; cnf++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s.%s", dir, name, cnf ? "cnf" : "txt");
        FILE *f = fopen(path, "w");
        if (!f) {
            perror(path);
            return 1;
        }
        if (cnf) {
            fprintf(f, "p cnf %d %ld\n", b->n * b->n, board_cnf_clauses(NULL, b));
            board_cnf_clauses(f, b);
        } else {
            board_cnf_write_board(f, b);
        }
        if (fclose(f) != 0) {
            perror(path);
            return 1;
        }
    }
    return 0;
}

#endif /* NQ_BENCH_BOARD_CNF_H */
