/*
 * split_lines.c - the split of a constrained board into units along the first choices of the
 * search by lines (kernel_lines.c): each unit places the queens of one path of the top levels
 * of that search.
 *
 * A split by the top rows (split_prefix.c) fixes rows that the search by lines would fill late,
 * and loses its pruning there; this split branches where the search would: fill every line, row
 * or column, left with one square, then branch on the line with the fewest squares, level after
 * level, until there are min_units paths or NQ_UNIT_MAX_QUEENS levels. A unit records only the
 * queens of its branchings: the forced ones follow from them, and the kernel places them again.
 * Paths that meet a dead end are left out. Completions of different units differ in the square
 * of some branching line, so each completion is counted in one unit exactly: units weigh 1, and
 * the unique count checks each completion against its images under the board's symmetries.
 */
#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"

/* The columns offered by the open rows: by one row at least, and by two at least. */
static void offered(const nq_search *s, uint64_t rows, uint64_t *once, uint64_t *twice)
{
    *once = *twice = 0;
    for (uint64_t m = rows; m; m &= m - 1) {
        uint64_t f = s->allow[__builtin_ctzll(m)];
        *twice |= *once & f;
        *once |= f;
    }
}

/* The open row of rows that offers column c (one does). */
static int row_offering(const nq_search *s, uint64_t rows, int c)
{
    for (uint64_t m = rows; m; m &= m - 1)
        if (s->allow[__builtin_ctzll(m)] >> c & 1)
            return __builtin_ctzll(m);
    return -1;
}

int nq_search_settle(nq_search *s, uint64_t *rows, uint64_t *cols)
{
    for (;;) {
        int r = -1, c = -1;
        for (uint64_t m = *rows; m && r < 0; m &= m - 1) {
            uint64_t f = s->allow[__builtin_ctzll(m)];
            if (!f)
                return 0;
            if (!(f & (f - 1)))
                r = __builtin_ctzll(m), c = __builtin_ctzll(f);
        }
        uint64_t once, twice;
        offered(s, *rows, &once, &twice);
        if (*cols & ~once)
            return 0;
        if (r < 0 && (*cols & ~twice)) {
            c = __builtin_ctzll(*cols & ~twice);
            r = row_offering(s, *rows, c);
        }
        if (r < 0)
            return 1;
        nq_search_place(s, r, c);
        *rows &= ~(UINT64_C(1) << r);
        *cols &= ~(UINT64_C(1) << c);
    }
}

/* The squares of the open line with the fewest (rows first on ties), as (row, col) pairs into
 * row[] and col[]; returns their number. */
static int branch_squares(const nq_search *s, uint64_t rows, uint64_t cols, int *row, int *col)
{
    int fewest = NQ_MAX_N + 1, line = -1, k = 0;
    for (uint64_t m = rows; m; m &= m - 1) {
        int r = __builtin_ctzll(m), count = __builtin_popcountll(s->allow[r]);
        if (count < fewest)
            fewest = count, line = r;
    }
    for (uint64_t m = cols; m; m &= m - 1) {
        int c = __builtin_ctzll(m), count = 0;
        for (uint64_t o = rows; o; o &= o - 1)
            count += (int)(s->allow[__builtin_ctzll(o)] >> c & 1);
        if (count < fewest)
            fewest = count, line = NQ_MAX_N + c;
    }
    if (line < NQ_MAX_N) {
        for (uint64_t f = s->allow[line]; f; f &= f - 1, k++)
            row[k] = line, col[k] = __builtin_ctzll(f);
    } else {
        for (uint64_t o = rows; o; o &= o - 1)
            if (s->allow[__builtin_ctzll(o)] >> (line - NQ_MAX_N) & 1)
                row[k] = __builtin_ctzll(o), col[k++] = line - NQ_MAX_N;
    }
    return k;
}

/* Appends to next the children of unit u (one more queen each), or u itself if its search is
 * complete, or nothing at a dead end. Returns NQ_OK or NQ_ERR_NOMEM; sets *grew if it added
 * children. */
static nq_status expand(const nq_search *base, const nq_unit *u, nq_unit_list *next, int *grew)
{
    nq_search s;
    nq_search_of_unit(base, u, &s);
    uint64_t rows = s.full, cols = s.full;
    if (!nq_search_settle(&s, &rows, &cols))
        return NQ_OK;
    if (!rows || u->queens == NQ_UNIT_MAX_QUEENS)
        return nq_unit_list_push(next, u);
    int row[NQ_MAX_N], col[NQ_MAX_N], k = branch_squares(&s, rows, cols, row, col);
    for (int i = 0; i < k; i++) {
        nq_unit child = *u;
        child.row[child.queens] = (int8_t)row[i];
        child.col[child.queens++] = (int8_t)col[i];
        nq_status status = nq_unit_list_push(next, &child);
        if (status)
            return status;
    }
    *grew = 1;
    return NQ_OK;
}

nq_status nq_split_lines(const nq_search *search, unsigned group, size_t min_units,
                         nq_unit_list *list)
{
    nq_unit root = { 0, 1, (uint8_t)group, NQ_RULE_EACH, NQ_SHAPE_NONE, { 0 }, { 0 } };
    nq_unit_list now = { NULL, 0, 0 };
    nq_status status = nq_unit_list_push(&now, &root);
    for (int grew = 1; !status && grew && now.count < min_units;) {
        nq_unit_list next = { NULL, 0, 0 };
        grew = 0;
        for (size_t i = 0; i < now.count && !status; i++)
            status = expand(search, &now.units[i], &next, &grew);
        free(now.units);
        now = next;
    }
    /* A board without completion still has a unit, the whole board, which counts 0. */
    if (!status && now.count == 0)
        status = nq_unit_list_push(&now, &root);
    if (status) {
        free(now.units);
        return status;
    }
    *list = now;
    return NQ_OK;
}
