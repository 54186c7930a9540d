/*
 * units.c - splits a search into work units: the placements of its top rows, in lexicographic
 * order, so the same board always yields the same numbered units.
 *
 * The mirror rule halves the work on a board that is its own left-right mirror image: a
 * solution whose top queen lies right of the middle is the mirror of one left of it, so only
 * the left ones are searched and counted twice.
 */
#include <stdlib.h>

#include "internal.h"

/* How a split is being collected: into units (when not NULL) or only counted. */
typedef struct collector {
    const nq_search *search;
    int depth;        /* rows each unit places */
    int mirror;       /* apply the mirror rule */
    nq_unit *units;   /* where units go, or NULL to count them */
    size_t count;     /* units found so far */
    int8_t cols[NQ_UNIT_MAX_ROWS];
} collector;

/* Weight of a unit whose top queen stands in column col: 0 for one left out by the mirror. */
static int mirror_weight(const collector *k, int col)
{
    int image = k->search->n - 1 - col;
    if (!k->mirror)
        return 1;
    return col < image ? 2 : col == image ? 1 : 0;
}

static void collect(collector *k, nq_state s, int weight)
{
    if (s.row == k->depth) {
        if (k->units) {
            nq_unit *u = &k->units[k->count];
            u->start = s;
            u->weight = (uint8_t)weight;
            for (int r = 0; r < k->depth; r++)
                u->cols[r] = k->cols[r];
        }
        k->count++;
        return;
    }
    for (uint64_t f = nq_state_free(k->search, s); f; f &= f - 1) {
        uint64_t bit = f & -f;
        int col = __builtin_ctzll(bit);
        int w = s.row == 0 ? mirror_weight(k, col) : weight;
        if (!w)
            continue;
        k->cols[s.row] = (int8_t)col;
        collect(k, nq_state_place(s, bit), w);
    }
}

nq_status nq_units_split(const nq_search *search, size_t min_units, int mirror, nq_unit **units,
                         size_t *count)
{
    collector k = { search, 0, mirror, NULL, 0, { 0 } };
    /* Leave the kernel at least one row, except on a 1 x 1 board. */
    int max_depth = search->n - 1 < NQ_UNIT_MAX_ROWS ? search->n - 1 : NQ_UNIT_MAX_ROWS;
    if (max_depth < 1)
        max_depth = 1;
    do {
        k.depth++;
        k.count = 0;
        collect(&k, nq_search_root(search), 1);
    } while (k.depth < max_depth && k.count > 0 && k.count < min_units);
    k.units = malloc((k.count ? k.count : 1) * sizeof *k.units);
    if (!k.units)
        return NQ_ERR_NOMEM;
    k.count = 0;
    collect(&k, nq_search_root(search), 1);
    *units = k.units;
    *count = k.count;
    return NQ_OK;
}
