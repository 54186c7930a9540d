/*
 * format.c - writes solutions as text: a board of 'Q' and '.', LeetCode 51's JSON, or columns.
 *
 * Each call writes one solution into a caller's buffer, so a listing streams in constant memory
 * and the caller decides how large its writes are.
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

size_t nq_format_max_bytes(nq_format format, int n)
{
    size_t side = n > 0 ? (size_t)n : 0;
    switch (format) {
    case NQ_FORMAT_BOARD:    return side * (side + 1) + 1;
    case NQ_FORMAT_LEETCODE: return side * (side + 3) + 3;
    case NQ_FORMAT_COLS:     return side * 3 + 1;
    default:                 return 0;
    }
}

/* Writes row with its queen on col: n characters of '.' and one 'Q'. */
static char *put_row(char *p, int n, int col)
{
    memset(p, '.', (size_t)n);
    p[col] = 'Q';
    return p + n;
}

/* Writes v (at most 64) in decimal. */
static char *put_small(char *p, int v)
{
    if (v >= 10)
        *p++ = (char)('0' + v / 10);
    *p++ = (char)('0' + v % 10);
    return p;
}

size_t nq_format_solution(nq_format format, int n, const int8_t *cols, uint64_t index, char *buf)
{
    char *p = buf;
    switch (format) {
    case NQ_FORMAT_BOARD:
        for (int r = 0; r < n; r++) {
            p = put_row(p, n, cols[r]);
            *p++ = '\n';
        }
        *p++ = '\n';
        break;
    case NQ_FORMAT_LEETCODE:
        *p++ = index == 0 ? '[' : ',';
        *p++ = '[';
        for (int r = 0; r < n; r++) {
            if (r)
                *p++ = ',';
            *p++ = '"';
            p = put_row(p, n, cols[r]);
            *p++ = '"';
        }
        *p++ = ']';
        break;
    case NQ_FORMAT_COLS:
        for (int r = 0; r < n; r++) {
            if (r)
                *p++ = ' ';
            p = put_small(p, cols[r] + 1);
        }
        *p++ = '\n';
        break;
    default:
        break;
    }
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
