/*
 * quarter.c - every placement of queens on an h x h square, grouped by rows and columns used.
 *
 * A quarter of the board holds anywhere from none to h queens of a solution, in any rows and
 * columns. Listing all placements once (h = 9: 915,442 of them) lets every half of every row
 * set be joined from two lists instead of searched. Two passes of the same walk: the first
 * counts per cell (row set, column set) to lay out the offsets, the second fills; between
 * them the caller learns what the table will weigh.
 *
 * From h = 13 on (n = 26) the table no longer fits (h = 13: 6.3e9 placements, 50 GB), so a
 * worker makes only the "row slices" it needs: every placement using one row set, by column
 * set, walked anew for each row set of a unit. The table's figures (its size, its largest cell
 * and slice, the bound on halves) are then known without walking it: they are tabulated below,
 * as measured once row set by row set (nq_quarter_measure, bench/quarter_figures; the tests
 * check the measure against the table for small h).
 */
#include <stdlib.h>
#include <string.h>

#include "quarter.h"

/* The table's figures for h = 1 .. NQ_QUARTER_MAX_H: placements, the most in one cell, the most
 * in one row set, and nq_quarter_half_bound. Measured row set by row set (`quarter_figures H`),
 * the bound from the most placements of each column set. */
static const struct {
    uint64_t count, largest, row_most, half_bound;
} figures[NQ_QUARTER_MAX_H] = {
    { 2, 1, 1, 1 },
    { 5, 1, 2, 2 },
    { 18, 2, 4, 6 },
    { 87, 2, 10, 24 },
    { 462, 10, 26, 60 },
    { 2635, 10, 92, 320 },
    { 16870, 40, 296, 1808 },
    { 118969, 92, 1174, 12660 },
    { 915442, 352, 5366, 64074 },
    { 7535369, 946, 26548, 448536 },
    { 66807234, 3571, 143140, 3472230 },
    { 633443407, 15003, 788698, 31267932 },
    { 6354135838, 77432, 4684690, 267396750 },
    { 67480769839, 392804, 29555392, 2712967600 },
};

/* The walk: row by row, each row left empty or given a queen on a free square. */
typedef struct walk {
    int h;
    uint32_t *start;            /* counting: placements per cell, at cell + 1; filling: next slot */
    nq_quarter_diags *diags;    /* NULL while counting */
} walk;

static void place_rows(walk *w, int row, uint32_t rows, uint32_t cols, uint32_t up,
                       uint32_t down)
{
    if (row == w->h) {
        size_t cell = (size_t)rows << w->h | cols;
        if (w->diags)
            w->diags[w->start[cell]++] = (nq_quarter_diags){ up, down };
        else
            w->start[cell + 1]++;
        return;
    }
    place_rows(w, row + 1, rows, cols, up, down);
    for (int col = 0; col < w->h; col++) {
        uint32_t u = 1u << (row + col), d = 1u << (row - col + w->h - 1);
        if (!(cols >> col & 1) && !(up & u) && !(down & d))
            place_rows(w, row + 1, rows | 1u << row, cols | 1u << col, up | u, down | d);
    }
}

/* The column sets of q by size, and the tabulated figures (those of the table when there is
 * one are recounted by nq_quarter_count). */
static nq_status lay_out(nq_quarter *q, int h)
{
    const size_t side = (size_t)1 << h;
    *q = (nq_quarter){ .h = h, .count = figures[h - 1].count, .largest = figures[h - 1].largest,
                       .row_most = figures[h - 1].row_most,
                       .half_bound = figures[h - 1].half_bound };
    q->subsets = malloc(side * sizeof *q->subsets);
    if (!q->subsets)
        return NQ_ERR_NOMEM;
    for (int k = 0, next = 0; k <= h; k++) {
        q->subsets_start[k] = (uint32_t)next;
        for (uint32_t set = 0; set < side; set++)
            if (__builtin_popcount(set) == k)
                q->subsets[next++] = (uint16_t)set;
        q->subsets_start[k + 1] = (uint32_t)next;
    }
    return NQ_OK;
}

nq_status nq_quarter_layout(nq_quarter *q, int h)
{
    if (h < 1 || h > NQ_QUARTER_MAX_H)
        return NQ_ERR_ARGUMENT;
    nq_status status = lay_out(q, h);
    if (status)
        nq_quarter_free(q);
    return status;
}

nq_status nq_quarter_count(nq_quarter *q, int h)
{
    if (h < 1 || h > NQ_QUARTER_TABLE_MAX_H)
        return NQ_ERR_ARGUMENT;
    const size_t cells = (size_t)1 << 2 * h, side = (size_t)1 << h;
    nq_status status = lay_out(q, h);
    walk w = { h, calloc(cells + 1, sizeof *w.start), NULL };
    q->start = w.start;
    if (status || !w.start) {
        nq_quarter_free(q);
        return NQ_ERR_NOMEM;
    }
    place_rows(&w, 0, 0, 0, 0, 0);
    q->largest = q->row_most = 0;
    for (size_t c = 0; c < cells; c++) {
        q->largest = w.start[c + 1] > q->largest ? w.start[c + 1] : q->largest;
        w.start[c + 1] += w.start[c];
        if ((c + 1) % side == 0) {   /* the last cell of a row set */
            size_t row = w.start[c + 1] - w.start[c + 1 - side];
            q->row_most = row > q->row_most ? row : q->row_most;
        }
    }
    q->count = w.start[cells];
    q->half_bound = nq_quarter_half_bound(q);
    return NQ_OK;
}

nq_status nq_quarter_fill(nq_quarter *q)
{
    const size_t cells = (size_t)1 << 2 * q->h;
    q->diags = malloc((q->count ? q->count : 1) * sizeof *q->diags);
    if (!q->diags)
        return NQ_ERR_NOMEM;
    /* Filling advances each cell's offset to the next cell's: shift them back after. */
    walk w = { q->h, q->start, q->diags };
    place_rows(&w, 0, 0, 0, 0, 0);
    for (size_t c = cells; c > 0; c--)
        q->start[c] = q->start[c - 1];
    q->start[0] = 0;
    return NQ_OK;
}

/* A half on north rows R1 and south rows R2 with columns K joins, for each share C of K with
 * |C| = |R1|, the placements of cell (R1, C) with those of (R2, K - C). With M[C] the most
 * placements of any cell with columns C, it has at most the sum over those shares of
 * M[C] M[K - C]: the bound is the largest such sum over K and |R1|. */
uint64_t nq_quarter_bound_of(int h, const uint64_t *most)
{
    const uint32_t side = 1u << h;
    uint64_t bound = 0;
    for (uint32_t all = 0; all < side; all++) {
        uint64_t by_size[NQ_QUARTER_MEASURE_MAX_H + 1] = { 0 };
        for (uint32_t share = all;; share = (share - 1) & all) {
            by_size[__builtin_popcount(share)] += most[share] * most[all & ~share];
            if (!share)
                break;
        }
        for (int k = 0; k <= h; k++)
            bound = by_size[k] > bound ? by_size[k] : bound;
    }
    return bound;
}

uint64_t nq_quarter_half_bound(const nq_quarter *q)
{
    const uint32_t side = 1u << q->h;
    uint64_t *most = calloc(side, sizeof *most);
    if (!most)
        return UINT64_MAX;
    for (uint32_t rows = 0; rows < side; rows++)
        for (uint32_t cols = 0; cols < side; cols++) {
            size_t cell = (size_t)rows * side + cols;
            uint64_t count = q->start[cell + 1] - q->start[cell];
            most[cols] = count > most[cols] ? count : most[cols];
        }
    const uint64_t bound = nq_quarter_bound_of(q->h, most);
    free(most);
    return bound;
}

/* ---- row slices ---- */

/* The walk of one row set: rows outside it are skipped, the queens of the others tried on the
 * free columns in turn. */
typedef struct slice_walk {
    int h;
    uint32_t rows;
    uint32_t *start;            /* as in walk, for the slice's column sets */
    nq_quarter_diags *diags;
} slice_walk;

static void place_slice(slice_walk *w, int row, uint32_t cols, uint32_t up, uint32_t down)
{
    while (row < w->h && !(w->rows >> row & 1))
        row++;
    if (row == w->h) {
        if (w->diags)
            w->diags[w->start[cols]++] = (nq_quarter_diags){ up, down };
        else
            w->start[cols + 1]++;
        return;
    }
    for (uint32_t open = ~cols & ((1u << w->h) - 1); open; open &= open - 1) {
        const int col = __builtin_ctz(open);
        const uint32_t u = 1u << (row + col), d = 1u << (row - col + w->h - 1);
        if (!(up & u) && !(down & d))
            place_slice(w, row + 1, cols | 1u << col, up | u, down | d);
    }
}

nq_status nq_quarter_slice_init(nq_quarter_slice *s, const nq_quarter *q)
{
    const size_t side = (size_t)1 << q->h;
    *s = (nq_quarter_slice){ UINT32_MAX, malloc((side + 1) * sizeof *s->start),
                             malloc((q->row_most + 1) * sizeof *s->diags), q->row_most + 1 };
    if (!s->start || !s->diags) {
        nq_quarter_slice_free(s);
        return NQ_ERR_NOMEM;
    }
    return NQ_OK;
}

uint64_t nq_quarter_slice_bytes(const nq_quarter *q)
{
    return ((UINT64_C(1) << q->h) + 1) * sizeof(uint32_t) +
           (q->row_most + 1) * sizeof(nq_quarter_diags);
}

nq_status nq_quarter_slice_fill(nq_quarter_slice *s, const nq_quarter *q, uint32_t rows)
{
    if (s->rows == rows)
        return NQ_OK;
    const size_t side = (size_t)1 << q->h;
    slice_walk w = { q->h, rows, s->start, NULL };
    s->rows = UINT32_MAX;   /* none, until it is filled */
    memset(s->start, 0, (side + 1) * sizeof *s->start);
    place_slice(&w, 0, 0, 0, 0);
    /* More than the tabulated most in a cell or the slice would overrun the buffers sized by
     * them: never (the tests recount the figures), but checked, as it costs nothing. */
    uint32_t largest = 0;
    for (size_t c = 0; c < side; c++) {
        largest = s->start[c + 1] > largest ? s->start[c + 1] : largest;
        s->start[c + 1] += s->start[c];
    }
    if (s->start[side] > s->capacity || largest > q->largest)
        return NQ_ERR_ARGUMENT;
    /* Filling advances each column set's offset to the next one's: shift them back after. */
    w.diags = s->diags;
    place_slice(&w, 0, 0, 0, 0);
    for (size_t c = side; c > 0; c--)
        s->start[c] = s->start[c - 1];
    s->start[0] = 0;
    s->rows = rows;
    return NQ_OK;
}

/* The placements of one row set counted per column set, for measuring: the same walk as
 * place_slice's, its diagonals kept as the columns they close on the next row of the set
 * (shifted by the rows between), and the last row's queens counted in one loop. */
typedef struct count_walk {
    uint8_t row[NQ_QUARTER_MEASURE_MAX_H];  /* the set's rows, in order */
    int rows;
    uint32_t all;                           /* every column */
    uint32_t *cells;                        /* placements per column set, at set + 1 */
} count_walk;

static void count_slice(const count_walk *w, int i, uint32_t cols, uint32_t left, uint32_t right)
{
    uint32_t open = w->all & ~(cols | left | right);
    if (i + 1 == w->rows) {
        for (; open; open &= open - 1)
            w->cells[(cols | (open & -open)) + 1]++;
        return;
    }
    const int gap = w->row[i + 1] - w->row[i];
    for (; open; open &= open - 1) {
        const uint32_t bit = open & -open;
        count_slice(w, i + 1, cols | bit, (left | bit) << gap, (right | bit) >> gap);
    }
}

nq_status nq_quarter_measure(int h, uint32_t first, uint32_t end, nq_quarter_figures *f,
                             uint64_t *most)
{
    if (h < 1 || h > NQ_QUARTER_MEASURE_MAX_H || end > (UINT32_C(1) << h) || first > end)
        return NQ_ERR_ARGUMENT;
    const size_t side = (size_t)1 << h;
    uint32_t *cells = malloc((side + 1) * sizeof *cells);
    if (!cells)
        return NQ_ERR_NOMEM;
    for (uint32_t rows = first; rows < end; rows++) {
        count_walk w = { { 0 }, 0, (uint32_t)side - 1, cells };
        for (int r = 0; r < h; r++)
            if (rows >> r & 1)
                w.row[w.rows++] = (uint8_t)r;
        memset(cells, 0, (side + 1) * sizeof *cells);
        if (w.rows)
            count_slice(&w, 0, 0, 0, 0);
        else
            cells[1] = 1;   /* the empty placement */
        uint64_t row = 0;
        for (size_t c = 0; c < side; c++) {
            const uint64_t count = cells[c + 1];
            row += count;
            f->largest = count > f->largest ? count : f->largest;
            most[c] = count > most[c] ? count : most[c];
        }
        f->count += row;
        f->row_most = row > f->row_most ? row : f->row_most;
    }
    free(cells);
    return NQ_OK;
}

void nq_quarter_slice_free(nq_quarter_slice *s)
{
    free(s->start);
    free(s->diags);
    *s = (nq_quarter_slice){ UINT32_MAX, NULL, NULL, 0 };
}

void nq_quarter_free(nq_quarter *q)
{
    if (!q)
        return;
    free(q->start);
    free(q->diags);
    free(q->subsets);
    q->start = NULL;
    q->diags = NULL;
    q->subsets = NULL;
}
