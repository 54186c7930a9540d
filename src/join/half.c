/*
 * half.c - the placements of one half of the board on a set of rows, joined from two quarters.
 *
 * The east half on rows S is its north quarter on the north rows of S and its south quarter on
 * the south rows, the two sharing the half's columns out between them. For every way to share
 * them, each placement listed for the north cell meets each listed for the south cell, and the
 * pairs that take no diagonal twice (nor one of the start's) are the half's placements. What
 * the other half needs to know of one is only the diagonals it takes where the halves meet, its
 * "pattern"; and that is all its other quarter needs to know too. The quarters of the east half
 * (rows 0 .. h - 1 and n - h .. n - 1, columns n - h .. n - 1) can both take only up diagonals
 * 2n - 2h .. n + h - 2 and down ones n - h .. 2h - 2, 3h - 1 - n of each; those of the west
 * half, up ones n - h .. 2h - 2 and down ones 2n - 2h .. n + h - 2. Every one of them lies where
 * the halves meet (diagonals n - h .. n + h - 2), so that two placements of a north and a south
 * cell fit exactly when their patterns have no bit in common: one word of each is tested, and
 * kept, where the board's diagonals would take two words each and more time (BENCHMARKS.md).
 *
 * A worker keeps the cells of the last few sets of north rows it listed and of the last set of
 * south rows, fitted (nq_kept_row): the order of the row sets (starts.c) brings them back, so
 * that a cell is fitted once for many row sets, not once for each.
 */
#include <stdlib.h>
#include <string.h>

#include "half.h"

nq_fit_rule nq_half_fit_rule(int n, const nq_join_start *start, int row0, int col0)
{
    const int h = n / 2;
    const nq_fit_rule rule = { row0 + col0, row0 - col0 + n - h, n - h, 2 * h - 1, start->up,
                               start->down };
    return rule;
}

/* How many sets of north rows a half keeps: those of a block of the order, but only one where
 * row sets are cut into parts (each unit one row set; slices of 37 MB at h = 13, 0.2 GB at
 * 14). Decided by the cut, not by h, so that small boards cut as the largest are take the same
 * path (tests). */
static int north_kept(int cut)
{
    return cut ? 1 : NQ_JOIN_NORTH_BLOCK;
}

/* Makes one of the `count` kept rows at kept that of (start, rows): the one that is, or else
 * the one kept longest (*next), emptied, its placements found in q's table or a slice made now.
 * Sets *row; returns NQ_OK, or NQ_ERR_ARGUMENT for a slice larger than q's figures allow. */
static nq_status keep_row(const nq_quarter *q, const nq_join_start *start, uint32_t rows,
                          nq_kept_row *kept, int count, int *next, nq_kept_row **row)
{
    for (int i = 0; i < count; i++)
        if (kept[i].start == start && kept[i].rows == rows) {
            *row = &kept[i];
            return NQ_OK;
        }
    nq_kept_row *k = *row = &kept[*next];
    *next = (*next + 1) % count;
    k->start = start;
    k->rows = rows;
    k->used = 0;
    memset(k->first, 0xff, ((size_t)1 << q->h) * sizeof *k->first);
    if (q->start) {
        k->cell_start = q->start + ((size_t)rows << q->h);
        k->diags = q->diags;
        return NQ_OK;
    }
    nq_status status = nq_quarter_slice_fill(&k->slice, q, rows);
    k->cell_start = k->slice.start;
    k->diags = k->slice.diags;
    if (status)
        k->start = NULL;    /* kept for nothing */
    return status;
}

/* The patterns of cell cols of kept row k, fitted by `fit` and rule when first asked for. */
static nq_fitted kept_cell(nq_kept_row *k, uint32_t cols, nq_fit_fn *fit,
                           const nq_fit_rule *rule)
{
    if (k->first[cols] == UINT32_MAX) {
        const uint32_t begin = k->cell_start[cols], end = k->cell_start[cols + 1];
        k->first[cols] = (uint32_t)k->used;
        k->count[cols] = (uint32_t)fit(k->diags + begin, end - begin, rule,
                                       k->pattern + k->used);
        k->used += k->count[cols];
    }
    return (nq_fitted){ k->pattern + k->first[cols], k->count[cols] };
}

/* Joins every placement of the north cell from the `from`-th on with every one of the south
 * cell that fits, and with mark, by `pairer`, into out while it holds at most `cap` patterns:
 * *stop gets the north placement it stopped before for want of room, or SIZE_MAX when it
 * joined them all. */
static nq_status join_cells(nq_kept_row *north, uint32_t north_cols, const nq_fit_rule *north_rule,
                            nq_kept_row *south, uint32_t south_cols, const nq_fit_rule *south_rule,
                            const nq_pairer *pairer, uint64_t mark, size_t from, size_t cap,
                            nq_patterns *out, size_t *stop)
{
    *stop = SIZE_MAX;
    const nq_fitted south_fit = kept_cell(south, south_cols, pairer->fit, south_rule);
    const size_t m = south_fit.count;
    if (!m)
        return NQ_OK;
    nq_fitted north_fit = kept_cell(north, north_cols, pairer->fit, north_rule);
    const size_t k = north_fit.count;
    if (from >= k)
        return NQ_OK;
    /* All of it at once when it fits (always below n = 26); else a north placement at a time.
     * The pairer may write NQ_PAIR_SLACK slots past what it lists. */
    north_fit.pattern += from;
    north_fit.count -= from;
    if ((k - from) * m <= cap - out->count) {
        if (nq_patterns_reserve(out, (k - from) * m + NQ_PAIR_SLACK))
            return NQ_ERR_NOMEM;
        out->count += pairer->pair(&north_fit, &south_fit, mark, out->at + out->count);
        return NQ_OK;
    }
    north_fit.count = 1;
    for (size_t i = from; i < k; i++, north_fit.pattern++) {
        if (out->count + m > cap && out->count > 0) {
            *stop = i;
            return NQ_OK;
        }
        if (nq_patterns_reserve(out, m + NQ_PAIR_SLACK))
            return NQ_ERR_NOMEM;
        out->count += pairer->pair(&north_fit, &south_fit, mark, out->at + out->count);
    }
    return NQ_OK;
}

/* The bits a queen on board square (row, col) takes in a pattern of `rule`: its diagonals where
 * the halves meet. Into *bits; returns whether both lie there. */
static int queen_bits(const nq_fit_rule *rule, int n, int row, int col, uint64_t *bits)
{
    const int up = row + col - rule->lo, down = row - col + n - 1 - rule->lo;
    const int within = up >= 0 && up < rule->width && down >= 0 && down < rule->width;
    *bits = within ? UINT64_C(1) << up | UINT64_C(1) << (rule->width + down) : 0;
    return within;
}

nq_status nq_half_patterns(const nq_quarter *q, int n, const nq_join_start *start, int east,
                           uint32_t rows, unsigned part, unsigned parts,
                           const nq_pairer *pairer, nq_half_scratch *scratch,
                           nq_half_cursor *cursor, nq_patterns *out)
{
    const int h = q->h, e = east != 0;
    const uint32_t north_rows = rows & ((1u << h) - 1), south_rows = rows >> h;
    const int col0 = east ? n - h : 0, north_queens = __builtin_popcount(north_rows);
    const nq_fit_rule north_rule = nq_half_fit_rule(n, start, 0, col0);
    const nq_fit_rule south_rule = nq_half_fit_rule(n, start, n - h, col0);
    nq_kept_row *north, *south;
    int only = 0;
    if (keep_row(q, start, north_rows, scratch->north[e], scratch->north_kept,
                 &scratch->north_next[e], &north) ||
        keep_row(q, start, south_rows, &scratch->south[e], 1, &only, &south))
        return NQ_ERR_ARGUMENT;
    /* Every share of the half's columns: north_queens of them to the north quarter; from where
     * the cursor stopped, if it did. */
    nq_half_cursor all = { 0 }, *at = cursor ? cursor : &all;
    const size_t cap = cursor ? out->limit - 1 : SIZE_MAX;
    const uint16_t *first = q->subsets + q->subsets_start[north_queens];
    const size_t shares = q->subsets_start[north_queens + 1] - q->subsets_start[north_queens];
    /* The east halves of a start with choices are those of each choice's row queen in turn: on
     * the columns it leaves, marked with the diagonals it takes. */
    const uint32_t choices = east ? start->choices : 0;
    const int rounds = choices ? __builtin_popcount(choices) : 1;
    size_t index = at->index;
    for (int choice = at->choice; choice < rounds; choice++) {
        uint32_t cols = east ? start->east : start->west, left = choices;
        uint64_t mark = 0;
        if (choices) {
            for (int k = 0; k < choice; k++)
                left &= left - 1;
            const int col = __builtin_ctz(left);
            cols &= ~(1u << col);
            if (!queen_bits(&north_rule, n, h, n - h + col, &mark))
                return NQ_ERR_ARGUMENT;   /* a mark could not rule out what the queen attacks */
        }
        const int resumed = choice == at->choice;
        for (size_t i = resumed ? at->share : 0; i < shares; i++) {
            if (first[i] & ~cols)
                continue;
            if (parts > 1 && index++ % parts != part)
                continue;   /* another part's */
            size_t stop = SIZE_MAX;
            if (join_cells(north, first[i], &north_rule, south, cols & ~first[i], &south_rule,
                           pairer, mark, resumed && i == at->share ? at->north : 0, cap, out,
                           &stop))
                return NQ_ERR_NOMEM;
            if (stop != SIZE_MAX) {   /* out is full: the next call goes on from here */
                *at = (nq_half_cursor){ choice, i, index - 1, stop, 0 };
                return NQ_OK;
            }
        }
    }
    at->done = 1;
    return NQ_OK;
}

/* The bytes of one kept row, with its slice or without. */
static uint64_t kept_row_bytes(const nq_quarter *q, int slices)
{
    const uint64_t side = UINT64_C(1) << q->h, row = q->row_most + NQ_PAIR_SLACK;
    return 2 * side * sizeof(uint32_t) + row * sizeof(uint64_t) +
           (slices ? nq_quarter_slice_bytes(q) : 0);
}

uint64_t nq_half_scratch_bytes(const nq_quarter *q, int slices, int cut)
{
    return 2 * (uint64_t)(north_kept(cut) + 1) * kept_row_bytes(q, slices);
}

/* Allocates k, with a slice when q has no table: returns whether it could. */
static int kept_row_init(nq_kept_row *k, const nq_quarter *q)
{
    /* Room for what the fitting kernels write past a row's last cell. */
    const size_t side = (size_t)1 << q->h, row = q->row_most + NQ_PAIR_SLACK;
    *k = (nq_kept_row){ 0 };
    k->slice = (nq_quarter_slice){ UINT32_MAX, NULL, NULL, 0 };
    k->first = malloc(side * sizeof *k->first);
    k->count = malloc(side * sizeof *k->count);
    k->pattern = malloc(row * sizeof *k->pattern);
    return k->first && k->count && k->pattern &&
           (q->start || nq_quarter_slice_init(&k->slice, q) == NQ_OK);
}

static void kept_row_free(nq_kept_row *k)
{
    free(k->first);
    free(k->count);
    free(k->pattern);
    nq_quarter_slice_free(&k->slice);
}

nq_status nq_half_scratch_init(nq_half_scratch *s, const nq_quarter *q, int cut)
{
    memset(s, 0, sizeof *s);
    s->north_kept = north_kept(cut);
    int ok = 1;
    for (int e = 0; e < 2; e++) {
        ok = kept_row_init(&s->south[e], q) && ok;
        for (int i = 0; i < s->north_kept; i++)
            ok = kept_row_init(&s->north[e][i], q) && ok;
    }
    if (!ok) {
        nq_half_scratch_free(s);
        return NQ_ERR_NOMEM;
    }
    return NQ_OK;
}

void nq_half_scratch_free(nq_half_scratch *s)
{
    for (int e = 0; e < 2; e++) {
        kept_row_free(&s->south[e]);
        for (int i = 0; i < s->north_kept; i++)
            kept_row_free(&s->north[e][i]);
    }
    memset(s, 0, sizeof *s);
}
