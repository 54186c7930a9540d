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
 * kept (at N = 23 a unit takes 0.96 of the time it took with their board diagonals, two words
 * each).
 */
#include <stdlib.h>
#include <string.h>

#include "join.h"

/* Makes room for `more` patterns after out's last. */
static nq_status reserve(nq_patterns *out, size_t more)
{
    if (out->count + more <= out->capacity)
        return NQ_OK;
    /* Doubling, but not past the most the caller says a half can need. */
    size_t capacity = out->capacity ? 2 * out->capacity : 4096;
    capacity = out->limit && capacity > out->limit ? out->limit : capacity;
    capacity = capacity < out->count + more ? out->count + more : capacity;
    uint64_t *at = realloc(out->at, capacity * sizeof *at);
    if (!at)
        return NQ_ERR_NOMEM;
    out->at = at;
    out->capacity = capacity;
    return NQ_OK;
}

nq_status nq_patterns_room(nq_patterns *buffer, size_t count)
{
    if (buffer->capacity >= count)
        return NQ_OK;
    free(buffer->at);
    buffer->at = malloc((count ? count : 1) * sizeof *buffer->at);
    buffer->capacity = buffer->at ? count : 0;
    return buffer->at ? NQ_OK : NQ_ERR_NOMEM;
}

/* One row set's cells: from q's table, or from a slice made now (kept while the row set stays). */
typedef struct quarter_row {
    const uint32_t *start;
    const nq_quarter_diags *diags;
} quarter_row;

static nq_status quarter_row_of(const nq_quarter *q, nq_quarter_slice *slice, uint32_t rows,
                                quarter_row *row)
{
    if (q->start) {
        *row = (quarter_row){ q->start + ((size_t)rows << q->h), q->diags };
        return NQ_OK;
    }
    nq_status status = nq_quarter_slice_fill(slice, q, rows);
    *row = (quarter_row){ slice->start, slice->diags };
    return status;
}

nq_fit_rule nq_half_fit_rule(int n, const nq_join_start *start, int row0, int col0)
{
    const int h = n / 2;
    const nq_fit_rule rule = { row0 + col0, row0 - col0 + n - h, n - h, 2 * h - 1, start->up,
                               start->down };
    return rule;
}

/* A quarter cell placed on the board: its listed placements and how they stand there. */
typedef struct placed_cell {
    const nq_quarter_diags *begin, *end;
    nq_fit_rule rule;
} placed_cell;

static placed_cell place_cell(quarter_row row, uint32_t cols, const nq_fit_rule *rule)
{
    placed_cell c = { row.diags + row.start[cols], row.diags + row.start[cols + 1], *rule };
    return c;
}

/* Fits the cell's placements to the board with `fit` (see nq_fit_fn) into pattern; returns how
 * many the start's queens leave alone. */
static size_t fitting(nq_fit_fn *fit, const placed_cell *cell, uint64_t *pattern)
{
    return fit(cell->begin, (size_t)(cell->end - cell->begin), &cell->rule, pattern);
}

/* The patterns of south cell (rows of the cache's key, cols), fitted: from the cache, or fitted
 * now and kept. Sets *pattern and returns how many. */
static size_t south_fitted(nq_fit_fn *fit, nq_south_cache *c, const placed_cell *cell,
                           uint32_t cols, const uint64_t **pattern)
{
    if (c->first[cols] == UINT32_MAX) {
        c->first[cols] = (uint32_t)c->used;
        c->count[cols] = (uint32_t)fitting(fit, cell, c->pattern + c->used);
        c->used += c->count[cols];
    }
    *pattern = c->pattern + c->first[cols];
    return c->count[cols];
}

/* Makes c the cache of the south cells of (start, half, rows), emptying it if it was another's. */
static void south_key(nq_south_cache *c, const nq_join_start *start, uint32_t rows, int h)
{
    if (c->start == start && c->rows == rows)
        return;
    c->start = start;
    c->rows = rows;
    c->used = 0;
    memset(c->first, 0xff, ((size_t)1 << h) * sizeof *c->first);
}

/* Joins every placement of the north cell from the `from`-th on with every one of the south
 * cell that fits, by `pairer`, into out while it holds at most `cap` patterns: *stop gets the
 * north placement it stopped before for want of room, or SIZE_MAX when it joined them all. */
static nq_status join_cells(const placed_cell *north, const placed_cell *south,
                            uint32_t south_cols, const nq_pairer *pairer, nq_half_scratch *s,
                            nq_south_cache *cache, size_t from, size_t cap, nq_patterns *out,
                            size_t *stop)
{
    nq_fitted south_fit;
    south_fit.count = south_fitted(pairer->fit, cache, south, south_cols, &south_fit.pattern);
    const size_t m = south_fit.count;
    *stop = SIZE_MAX;
    if (!m)
        return NQ_OK;
    const size_t k = fitting(pairer->fit, north, s->pattern);
    if (from >= k)
        return NQ_OK;
    /* All of it at once when it fits (always below n = 26); else a north placement at a time.
     * The pairer may write NQ_PAIR_SLACK slots past what it lists. */
    nq_fitted north_fit = { s->pattern + from, k - from };
    if ((k - from) * m <= cap - out->count) {
        if (reserve(out, (k - from) * m + NQ_PAIR_SLACK))
            return NQ_ERR_NOMEM;
        out->count += pairer->pair(&north_fit, &south_fit, out->at + out->count);
        return NQ_OK;
    }
    north_fit.count = 1;
    for (size_t i = from; i < k; i++, north_fit.pattern++) {
        if (out->count + m > cap && out->count > 0) {
            *stop = i;
            return NQ_OK;
        }
        if (reserve(out, m + NQ_PAIR_SLACK))
            return NQ_ERR_NOMEM;
        out->count += pairer->pair(&north_fit, &south_fit, out->at + out->count);
    }
    return NQ_OK;
}

nq_status nq_half_patterns(const nq_quarter *q, int n, const nq_join_start *start, int east,
                           uint32_t rows, unsigned part, unsigned parts,
                           const nq_pairer *pairer, nq_half_scratch *scratch,
                           nq_half_cursor *cursor, nq_patterns *out)
{
    const int h = q->h;
    const uint32_t north_rows = rows & ((1u << h) - 1), south_rows = rows >> h;
    const uint32_t cols = east ? start->east : start->west;
    const int col0 = east ? n - h : 0, north_queens = __builtin_popcount(north_rows);
    const nq_fit_rule north_rule = nq_half_fit_rule(n, start, 0, col0);
    const nq_fit_rule south_rule = nq_half_fit_rule(n, start, n - h, col0);
    nq_south_cache *cache = &scratch->south[east != 0];
    south_key(cache, start, south_rows, h);
    quarter_row north_row, south_row;
    if (quarter_row_of(q, &scratch->slice[east != 0][0], north_rows, &north_row) ||
        quarter_row_of(q, &scratch->slice[east != 0][1], south_rows, &south_row))
        return NQ_ERR_ARGUMENT;
    /* Every share of the half's columns: north_queens of them to the north quarter; from where
     * the cursor stopped, if it did. */
    nq_half_cursor all = { 0, 0, 0, 0 }, *at = cursor ? cursor : &all;
    const size_t cap = cursor ? out->limit - 1 : SIZE_MAX;
    const uint16_t *first = q->subsets + q->subsets_start[north_queens];
    const size_t shares = q->subsets_start[north_queens + 1] - q->subsets_start[north_queens];
    size_t index = at->index;
    for (size_t i = at->share; i < shares; i++) {
        if (first[i] & ~cols)
            continue;
        if (parts > 1 && index++ % parts != part)
            continue;   /* another part's */
        const uint32_t south_cols = cols & ~first[i];
        placed_cell north = place_cell(north_row, first[i], &north_rule);
        placed_cell south = place_cell(south_row, south_cols, &south_rule);
        size_t stop = SIZE_MAX;
        if (north.begin < north.end && south.begin < south.end &&
            join_cells(&north, &south, south_cols, pairer, scratch, cache,
                       i == at->share ? at->north : 0, cap, out, &stop))
            return NQ_ERR_NOMEM;
        if (stop != SIZE_MAX) {   /* out is full: the next call goes on from here */
            *at = (nq_half_cursor){ i, index - 1, stop, 0 };
            return NQ_OK;
        }
    }
    at->done = 1;
    return NQ_OK;
}

uint64_t nq_half_scratch_bytes(const nq_quarter *q, int slices)
{
    const uint64_t side = UINT64_C(1) << q->h;
    const uint64_t cell = q->largest + NQ_PAIR_SLACK, row = q->row_most + NQ_PAIR_SLACK;
    return cell * sizeof(uint64_t) + 2 * (2 * side * sizeof(uint32_t) + row * sizeof(uint64_t)) +
           (slices ? 4 * nq_quarter_slice_bytes(q) : 0);
}

nq_status nq_half_scratch_init(nq_half_scratch *s, const nq_quarter *q)
{
    /* Room for what the fitting kernels write past a cell. */
    const size_t side = (size_t)1 << q->h, cell = q->largest + NQ_PAIR_SLACK;
    const size_t row = q->row_most + NQ_PAIR_SLACK;
    memset(s, 0, sizeof *s);
    s->pattern = malloc(cell * sizeof *s->pattern);
    int ok = s->pattern != NULL;
    for (int e = 0; e < 2; e++) {
        nq_south_cache *c = &s->south[e];
        c->first = malloc(side * sizeof *c->first);
        c->count = malloc(side * sizeof *c->count);
        c->pattern = malloc(row * sizeof *c->pattern);
        ok = ok && c->first && c->count && c->pattern;
        for (int south = 0; south < 2; south++) {
            nq_quarter_slice *slice = &s->slice[e][south];
            *slice = (nq_quarter_slice){ UINT32_MAX, NULL, NULL, 0 };
            ok = ok && (q->start || nq_quarter_slice_init(slice, q) == NQ_OK);
        }
    }
    if (!ok) {
        nq_half_scratch_free(s);
        return NQ_ERR_NOMEM;
    }
    return NQ_OK;
}

void nq_half_scratch_free(nq_half_scratch *s)
{
    free(s->pattern);
    for (int e = 0; e < 2; e++) {
        nq_south_cache *c = &s->south[e];
        free(c->first);
        free(c->count);
        free(c->pattern);
        for (int south = 0; south < 2; south++)
            nq_quarter_slice_free(&s->slice[e][south]);
    }
    memset(s, 0, sizeof *s);
}
