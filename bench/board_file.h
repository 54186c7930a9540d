/*
 * board_file.h - a board read from a file in nqueens' board text (as bench/diagonal_boards.c
 * and bench/complete_boards.c write them), for the benchmarks that time one part of the
 * library on it.
 */
#ifndef NQ_BENCH_BOARD_FILE_H
#define NQ_BENCH_BOARD_FILE_H

#include <stdio.h>

#include "nqueens.h"

/* Reads path's board into *board: 1, or 0 when the file cannot be read or parsed (boards of
 * up to 64 KiB of text). */
static inline int read_board_file(const char *path, nq_board *board)
{
    static char text[1 << 16];
    FILE *file = fopen(path, "r");
    if (!file)
        return 0;
    size_t length = fread(text, 1, sizeof text, file);
    fclose(file);
    return nq_board_parse(text, length, board, NULL) == NQ_OK;
}

#endif /* NQ_BENCH_BOARD_FILE_H */
