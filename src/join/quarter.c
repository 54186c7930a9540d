/*
 * quarter.c - every placement of queens on an h x h square, grouped by rows and columns used.
 *
 * A quarter of the board holds anywhere from none to h queens of a solution, in any rows and
 * columns. Listing all placements once (h = 9: 915,442 of them) lets every half of every row
 * set be joined from two lists instead of searched. Two passes of the same walk: the first
 * counts per cell (row set, column set) to lay out the offsets, the second fills; between
 * them the caller learns what the table will weigh.
 */
#include <stdlib.h>

#include "join.h"

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

nq_status nq_quarter_count(nq_quarter *q, int h)
{
    const size_t cells = (size_t)1 << 2 * h, side = (size_t)1 << h;
    walk w = { h, calloc(cells + 1, sizeof *w.start), NULL };
    if (!w.start)
        return NQ_ERR_NOMEM;
    place_rows(&w, 0, 0, 0, 0, 0);
    *q = (nq_quarter){ h, w.start, NULL, 0, 0, 0, malloc(side * sizeof *q->subsets), { 0 } };
    if (!q->subsets) {
        nq_quarter_free(q);
        return NQ_ERR_NOMEM;
    }
    for (int k = 0, next = 0; k <= h; k++) {
        q->subsets_start[k] = (uint32_t)next;
        for (uint32_t set = 0; set < side; set++)
            if (__builtin_popcount(set) == k)
                q->subsets[next++] = (uint16_t)set;
        q->subsets_start[k + 1] = (uint32_t)next;
    }
    for (size_t c = 0; c < cells; c++) {
        q->largest = w.start[c + 1] > q->largest ? w.start[c + 1] : q->largest;
        w.start[c + 1] += w.start[c];
        if ((c + 1) % side == 0) {   /* the last cell of a row set */
            size_t row = w.start[c + 1] - w.start[c + 1 - side];
            q->row_most = row > q->row_most ? row : q->row_most;
        }
    }
    q->count = w.start[cells];
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
uint64_t nq_quarter_half_bound(const nq_quarter *q)
{
    const uint32_t side = 1u << q->h;
    uint64_t *most = calloc(side, sizeof *most), bound = 0;
    if (!most)
        return UINT64_MAX;
    for (uint32_t rows = 0; rows < side; rows++)
        for (uint32_t cols = 0; cols < side; cols++) {
            size_t cell = (size_t)rows * side + cols;
            uint64_t count = q->start[cell + 1] - q->start[cell];
            most[cols] = count > most[cols] ? count : most[cols];
        }
    for (uint32_t all = 0; all < side; all++) {
        uint64_t by_size[14] = { 0 };
        for (uint32_t share = all;; share = (share - 1) & all) {
            by_size[__builtin_popcount(share)] += most[share] * most[all & ~share];
            if (!share)
                break;
        }
        for (int k = 0; k <= q->h; k++)
            bound = by_size[k] > bound ? by_size[k] : bound;
    }
    free(most);
    return bound;
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
