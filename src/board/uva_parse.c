/*
 * uva_parse.c - reads UVa 11195 input: cases of a size n and n rows of '.' and '*', until "0".
 *
 * Blank lines between cases are skipped, as judges' inputs sometimes have them; anything after
 * the closing "0" is ignored, as the judge does.
 */
#include "board/parse.h"

void nq_uva_reader_init(nq_uva_reader *reader, const char *text, size_t length)
{
    reader->pos = text;
    reader->end = text + length;
    reader->line = 1;
}

/* Reads the case size from line: an integer 0..NQ_MAX_N, spaces around it allowed. */
static nq_status parse_size(const nq_line *line, int *n, nq_parse_error *err)
{
    size_t i = 0;
    int value = 0, digits = 0;
    while (i < line->length && (line->start[i] == ' ' || line->start[i] == '\t'))
        i++;
    size_t first = i;
    for (; i < line->length && line->start[i] >= '0' && line->start[i] <= '9'; i++, digits++)
        if (value <= NQ_MAX_N)
            value = value * 10 + (line->start[i] - '0');
    size_t after = i;
    while (i < line->length && (line->start[i] == ' ' || line->start[i] == '\t'))
        i++;
    if (digits == 0 || i < line->length) {
        /* The line is not blank, so there is a character at i to name. */
        char what[8];
        nq_describe_char(line->start[i], what);
        nq_parse_error_set(err, line->number, (int)i + 1,
                           "unexpected %s; expected the board size (1 to %d) or 0 to end", what,
                           NQ_MAX_N);
        return NQ_ERR_SYNTAX;
    }
    if (value > NQ_MAX_N) {
        nq_parse_error_set(err, line->number, (int)first + 1,
                           "board size %.*s is too large; at most %d", (int)(after - first),
                           line->start + first, NQ_MAX_N);
        return NQ_ERR_SIZE;
    }
    *n = value;
    return NQ_OK;
}

nq_status nq_uva_reader_next(nq_uva_reader *reader, nq_board *board, nq_parse_error *err)
{
    if (!reader || !board)
        return NQ_ERR_ARGUMENT;
    nq_line line;
    do {
        if (!nq_next_line(&reader->pos, reader->end, &reader->line, &line)) {
            nq_parse_error_set(err, reader->line, 1,
                               "input ends without the closing line \"0\"");
            return NQ_ERR_SYNTAX;
        }
    } while (nq_line_is_blank(&line));
    int n;
    nq_status status = parse_size(&line, &n, err);
    if (status)
        return status;
    if (n == 0)
        return NQ_ERR_END;
    nq_board parsed;
    nq_board_init(&parsed, n);
    for (int row = 0; row < n; row++) {
        if (!nq_next_line(&reader->pos, reader->end, &reader->line, &line)) {
            nq_parse_error_set(err, reader->line, 1, "case ends after %d of its %d rows", row,
                               n);
            return NQ_ERR_SYNTAX;
        }
        status = nq_parse_row(&line, ".*", &parsed, row, err);
        if (status)
            return status;
    }
    *board = parsed;
    return NQ_OK;
}
