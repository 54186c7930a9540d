/*
 * format.c - writes solutions as text: a board of 'Q' and '.', LeetCode 51's JSON, or columns.
 *
 * Each call writes one solution, or a run of its rows, into a caller's buffer, so a listing
 * streams in constant memory, one solution of a million rows too, and the caller decides how
 * large its writes are.
 */
#include <string.h>

#include "nqueens.h"

nq_status nq_format_from_name(const char *name, nq_format *format)
{
    static const char *const names[] = { "board", "leetcode", "cols", "unicode", "svg" };
    if (!name || !format)
        return NQ_ERR_ARGUMENT;
    for (int f = 0; f < 5; f++) {
        if (strcmp(name, names[f]) == 0) {
            *format = (nq_format)f;
            return NQ_OK;
        }
    }
    return NQ_ERR_ARGUMENT;
}

/* The decimal digits of v. */
static size_t digits(uint64_t v)
{
    size_t d = 1;
    for (; v >= 10; v /= 10)
        d++;
    return d;
}

size_t nq_format_row_bytes(nq_format format, int n)
{
    size_t side = n > 0 ? (size_t)n : 0;
    switch (format) {
    case NQ_FORMAT_BOARD:    return side + 1;
    case NQ_FORMAT_LEETCODE: return side + 3;
    case NQ_FORMAT_COLS:     return digits(side) + 1;
    default:                 return 0;
    }
}

size_t nq_format_max_bytes(nq_format format, int n)
{
    size_t side = n > 0 ? (size_t)n : 0;
    size_t rows = side * nq_format_row_bytes(format, n);
    return format == NQ_FORMAT_LEETCODE ? rows + 3 : rows ? rows + 1 : 0;
}

/* Writes row with its queen on col: n characters of '.' and one 'Q'. */
static char *put_row(char *p, int n, int32_t col)
{
    memset(p, '.', (size_t)n);
    p[col] = 'Q';
    return p + n;
}

/* Writes v in decimal. */
static char *put_decimal(char *p, uint64_t v)
{
    if (v < 100) {   /* every column of a board: the common case, made quick */
        if (v >= 10)
            *p++ = (char)('0' + v / 10);
        *p++ = (char)('0' + v % 10);
        return p;
    }
    size_t len = digits(v);
    for (size_t i = len; i-- > 0; v /= 10)
        p[i] = (char)('0' + v % 10);
    return p + len;
}

size_t nq_format_rows(nq_format format, int n, const int32_t *cols, int first, int count,
                      char *buf)
{
    char *p = buf;
    switch (format) {
    case NQ_FORMAT_BOARD:
        for (int i = 0; i < count; i++) {
            p = put_row(p, n, cols[i]);
            *p++ = '\n';
        }
        break;
    case NQ_FORMAT_LEETCODE:
        for (int i = 0; i < count; i++) {
            *p++ = first + i == 0 ? '[' : ',';
            *p++ = '"';
            p = put_row(p, n, cols[i]);
            *p++ = '"';
        }
        if (count > 0 && first + count == n)
            *p++ = ']';
        break;
    case NQ_FORMAT_COLS:
        for (int i = 0; i < count; i++) {
            p = put_decimal(p, (uint64_t)cols[i] + 1);
            *p++ = ' ';
        }
        if (count > 0 && first + count == n)
            p[-1] = '\n';
        break;
    default:
        break;
    }
    return (size_t)(p - buf);
}

size_t nq_format_solution(nq_format format, int n, const int32_t *cols, uint64_t index,
                          char *buf)
{
    /* A listing's entry is the solution's text and what separates it from the next one: an
     * empty line after a board, a '[' or ',' before a LeetCode list. */
    char *p = buf;
    if (format == NQ_FORMAT_LEETCODE)
        *p++ = index == 0 ? '[' : ',';
    p += nq_format_rows(format, n, cols, 0, n, p);
    if (format == NQ_FORMAT_BOARD)
        *p++ = '\n';
    return (size_t)(p - buf);
}

size_t nq_format_end(nq_format format, uint64_t count, char *buf)
{
    const char *end = "";
    if (format == NQ_FORMAT_LEETCODE)
        end = count ? "]\n" : "[]\n";
    size_t len = strlen(end);
    memcpy(buf, end, len);
    return len;
}
