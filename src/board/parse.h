/*
 * parse.h - what the parsers of board/ share (parse_common.c, parse_error.c): cutting a text
 * held in memory into lines, reading a board row, describing a character in a message. The
 * board value itself, the parsers, formats, pictures and nq_verify are public (nqueens.h).
 */
#ifndef NQ_BOARD_PARSE_H
#define NQ_BOARD_PARSE_H

#include "nqueens.h"

/* One line of a text, without its "\n" or "\r\n". */
typedef struct nq_line {
    const char *start;   /* first character */
    size_t length;       /* characters before the line end */
    int number;          /* 1-based line number */
} nq_line;

/* Takes the line at *pos (numbered *number) off the text ending at end, advancing both.
 * Returns 0, touching nothing, when no text is left. */
int nq_next_line(const char **pos, const char *end, int *number, nq_line *line);

/* Whether the line is empty or holds only spaces and tabs. */
int nq_line_is_blank(const nq_line *line);

/* Writes a printable description of c ('x' or \xHH) into out. */
void nq_describe_char(char c, char out[8]);

/* Reads row `row` of board from line: exactly board->n characters, each of them in alphabet,
 * '.' free, '*' bad, 'Q' a queen. Returns NQ_OK, or NQ_ERR_SYNTAX / NQ_ERR_ATTACK with err
 * naming the line and column. */
nq_status nq_parse_row(const nq_line *line, const char *alphabet, nq_board *board, int row,
                       nq_parse_error *err);

/* Fills err (when not NULL) with a place and a printf-style message: the parsers' helper. */
void nq_parse_error_set(nq_parse_error *err, int line, int column, const char *format, ...)
    __attribute__((format(printf, 4, 5)));

#endif /* NQ_BOARD_PARSE_H */
