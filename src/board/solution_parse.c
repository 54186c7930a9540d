/*
 * solution_parse.c - reads lists of solutions for verification, in the cols format (1-based
 * columns, one solution a line) or the board format (rows of 'Q', '.' and '*', blank lines
 * between). A bad square '*' holds no queen: a solution copied from a board file reads as one.
 */
#include <string.h>

#include "board/parse.h"

enum { FORMAT_UNKNOWN, FORMAT_BOARD = 1 + NQ_FORMAT_BOARD, FORMAT_COLS = 1 + NQ_FORMAT_COLS };

void nq_solution_reader_init(nq_solution_reader *reader, const char *text, size_t length)
{
    reader->pos = text;
    reader->end = text + length;
    reader->line = 1;
    reader->format = FORMAT_UNKNOWN;
}

/* Whether c may stand in a row of the board format. */
static int is_square(char c)
{
    return c == 'Q' || c == '.' || c == '*';
}

static int is_board_line(const nq_line *line)
{
    for (size_t i = 0; i < line->length; i++)
        if (!is_square(line->start[i]))
            return 0;
    return 1;
}

/* Reads a line of space-separated 1-based columns into 0-based cols. */
static nq_status parse_cols(const nq_line *line, int32_t *cols, size_t capacity, size_t *n,
                            nq_parse_error *err)
{
    size_t count = 0, i = 0;
    for (;;) {
        while (i < line->length && (line->start[i] == ' ' || line->start[i] == '\t'))
            i++;
        if (i == line->length)
            break;
        size_t first = i;
        int64_t value = 0;
        for (; i < line->length && line->start[i] >= '0' && line->start[i] <= '9'; i++)
            if ((value = value * 10 + (line->start[i] - '0')) > INT32_MAX)
                value = INT32_MAX + INT64_C(1);
        if (i == first || (i < line->length && line->start[i] != ' ' && line->start[i] != '\t')) {
            char what[8];
            nq_describe_char(line->start[i], what);
            nq_parse_error_set(err, line->number, (int)i + 1,
                               "unexpected %s; expected a column number", what);
            return NQ_ERR_SYNTAX;
        }
        if (value > INT32_MAX) {
            nq_parse_error_set(err, line->number, (int)first + 1, "column number too large");
            return NQ_ERR_SYNTAX;
        }
        if (count == capacity)
            return NQ_ERR_SIZE;
        cols[count++] = (int32_t)value - 1;
    }
    *n = count;
    return NQ_OK;
}

/* The 0-based column of the row's queen: -1 when it has none, -2 when it has several. */
static int32_t row_queen(const nq_line *line)
{
    const char *q = memchr(line->start, 'Q', line->length);
    if (!q)
        return -1;
    size_t rest = line->length - (size_t)(q - line->start) - 1;
    return memchr(q + 1, 'Q', rest) ? -2 : (int32_t)(q - line->start);
}

/* Checks that a row of a board solution holds width characters, each 'Q', '.' or '*'. */
static nq_status check_board_row(const nq_line *line, size_t width, nq_parse_error *err)
{
    for (size_t i = 0; i < line->length; i++) {
        if (!is_square(line->start[i])) {
            char what[8];
            nq_describe_char(line->start[i], what);
            nq_parse_error_set(err, line->number, (int)i + 1,
                               "unexpected %s; expected 'Q', '.' or '*'", what);
            return NQ_ERR_SYNTAX;
        }
    }
    if (line->length != width) {
        size_t at = line->length < width ? line->length : width;
        nq_parse_error_set(err, line->number, (int)at + 1,
                           "row has %zu squares; expected %zu like the first row", line->length,
                           width);
        return NQ_ERR_SYNTAX;
    }
    return NQ_OK;
}

/* Reads a board of 'Q', '.' and '*' whose first row is `first`, up to a blank line or the end. */
static nq_status parse_board(nq_solution_reader *reader, const nq_line *first, int32_t *cols,
                             size_t capacity, size_t *n, nq_parse_error *err)
{
    size_t rows = 0, width = first->length;
    if (width > NQ_MAX_N) {
        nq_parse_error_set(err, first->number, NQ_MAX_N + 1,
                           "row has %zu squares; a board has at most %d", width, NQ_MAX_N);
        return NQ_ERR_SYNTAX;
    }
    nq_line line = *first;
    do {
        nq_status status = check_board_row(&line, width, err);
        if (status)
            return status;
        /* Rows past the width are counted, not kept: the board is refused below. */
        if (rows < width && rows < capacity)
            cols[rows] = row_queen(&line);
        rows++;
    } while (nq_next_line(&reader->pos, reader->end, &reader->line, &line) &&
             !nq_line_is_blank(&line));
    if (rows != width) {
        nq_parse_error_set(err, first->number, 1,
                           "board has %zu rows of %zu squares; a solution is square", rows, width);
        return NQ_ERR_SYNTAX;
    }
    if (rows > capacity)
        return NQ_ERR_SIZE;
    *n = rows;
    return NQ_OK;
}

nq_status nq_solution_reader_next(nq_solution_reader *reader, int32_t *cols, size_t capacity,
                                  size_t *n, int *line, nq_parse_error *err)
{
    if (!reader || !cols || !n || !line)
        return NQ_ERR_ARGUMENT;
    nq_line first;
    do {
        if (!nq_next_line(&reader->pos, reader->end, &reader->line, &first))
            return NQ_ERR_END;
    } while (nq_line_is_blank(&first));
    if (reader->format == FORMAT_UNKNOWN)
        reader->format = is_board_line(&first) ? FORMAT_BOARD : FORMAT_COLS;
    *line = first.number;
    if (reader->format == FORMAT_COLS)
        return parse_cols(&first, cols, capacity, n, err);
    return parse_board(reader, &first, cols, capacity, n, err);
}
