/*
 * board_parse.c - reads a board file: n rows of n characters, '.' free, '*' bad, 'Q' a queen.
 */
#include "board/parse.h"

/* Makes the board as wide as its first row, or explains why it cannot be. */
static nq_status start_board(const nq_line *first, nq_board *board, nq_parse_error *err)
{
    if (first->length == 0) {
        nq_parse_error_set(err, first->number, 1, "empty first row; expected a row of the board");
        return NQ_ERR_SYNTAX;
    }
    if (first->length > NQ_MAX_N) {
        nq_parse_error_set(err, first->number, NQ_MAX_N + 1,
                           "row has %zu squares; a board has at most %d", first->length,
                           NQ_MAX_N);
        return NQ_ERR_SIZE;
    }
    return nq_board_init(board, (int)first->length);
}

nq_status nq_board_parse(const char *text, size_t length, nq_board *board, nq_parse_error *err)
{
    if (!text || !board)
        return NQ_ERR_ARGUMENT;
    const char *pos = text, *end = text + length;
    int number = 1;
    nq_line line;
    if (!nq_next_line(&pos, end, &number, &line)) {
        nq_parse_error_set(err, 1, 1, "empty board");
        return NQ_ERR_SYNTAX;
    }
    nq_board parsed;
    nq_status status = start_board(&line, &parsed, err);
    for (int row = 0; !status && row < parsed.n; row++) {
        if (row > 0 && !nq_next_line(&pos, end, &number, &line)) {
            nq_parse_error_set(err, number, 1, "board ends after %d rows; expected %d, one per column",
                               row, parsed.n);
            return NQ_ERR_SYNTAX;
        }
        status = nq_parse_row(&line, ".*Q", &parsed, row, err);
    }
    if (status)
        return status;
    while (nq_next_line(&pos, end, &number, &line)) {
        if (line.length > 0) {
            nq_parse_error_set(err, line.number, 1,
                               "extra row; a board %d squares wide has %d rows", parsed.n,
                               parsed.n);
            return NQ_ERR_SYNTAX;
        }
    }
    *board = parsed;
    return NQ_OK;
}
