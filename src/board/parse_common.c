/*
 * parse_common.c - what the parsers share: lines, board rows and character descriptions.
 */
#include <stdio.h>
#include <string.h>

#include "board/parse.h"

int nq_next_line(const char **pos, const char *end, int *number, nq_line *line)
{
    const char *p = *pos;
    if (p >= end)
        return 0;
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    const char *stop = nl ? nl : end;
    line->start = p;
    line->length = (size_t)(stop - p);
    if (nl && line->length > 0 && stop[-1] == '\r')
        line->length--;
    line->number = (*number)++;
    *pos = nl ? nl + 1 : end;
    return 1;
}

int nq_line_is_blank(const nq_line *line)
{
    for (size_t i = 0; i < line->length; i++)
        if (line->start[i] != ' ' && line->start[i] != '\t')
            return 0;
    return 1;
}

void nq_describe_char(char c, char out[8])
{
    unsigned char u = (unsigned char)c;
    if (u >= 0x21 && u < 0x7f)
        snprintf(out, 8, "'%c'", c);
    else
        snprintf(out, 8, "\\x%02X", u);
}

/* The row and column of a queen on board that attacks a queen put on (row, col). */
static void find_attacker(const nq_board *board, int row, int col, int *arow, int *acol)
{
    for (int r = 0; r < board->n; r++) {
        int c = board->queen[r], dr = r - row, dc = c - col;
        if (c >= 0 && r != row && (dc == 0 || dr == dc || dr == -dc)) {
            *arow = r;
            *acol = c;
            return;
        }
    }
}

nq_status nq_parse_row(const nq_line *line, const char *alphabet, nq_board *board, int row,
                       nq_parse_error *err)
{
    int n = board->n;
    for (size_t i = 0; i < line->length && i < (size_t)n; i++) {
        char c = line->start[i], what[8];
        int column = (int)i + 1;
        if (c == '\0' || !strchr(alphabet, c)) {
            nq_describe_char(c, what);
            nq_parse_error_set(err, line->number, column, "unexpected character %s; expected %s",
                               what, strchr(alphabet, 'Q') ? "'.', '*' or 'Q'" : "'.' or '*'");
            return NQ_ERR_SYNTAX;
        }
        if (c == '*')
            nq_board_block(board, row, (int)i);
        if (c == 'Q' && board->queen[row] >= 0) {
            nq_parse_error_set(err, line->number, column,
                               "second queen in this row (the first is in column %d)",
                               board->queen[row] + 1);
            return NQ_ERR_ATTACK;
        }
        if (c == 'Q' && nq_board_place(board, row, (int)i) == NQ_ERR_ATTACK) {
            int ar = 0, ac = 0;
            find_attacker(board, row, (int)i, &ar, &ac);
            nq_parse_error_set(err, line->number, column,
                               "this queen attacks the queen in row %d, column %d", ar + 1, ac + 1);
            return NQ_ERR_ATTACK;
        }
    }
    if (line->length != (size_t)n) {
        int column = (int)(line->length < (size_t)n ? line->length : (size_t)n) + 1;
        nq_parse_error_set(err, line->number, column, "row has %zu squares; expected %d",
                           line->length, n);
        return NQ_ERR_SYNTAX;
    }
    return NQ_OK;
}
