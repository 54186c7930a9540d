/*
 * split_prefix.c - splits a search into the placements of its top rows, in lexicographic order.
 *
 * On a board that is its own left-right mirror image, a solution whose top queen lies right of
 * the middle is the mirror of one left of it: only the left ones are searched, weighted 2.
 * Units carry the board's whole group for the unique count: a class's least member always has
 * its top queen left of the middle or on it, so it lies in a searched unit.
 */
#include "engine/engine.h"

/* How placements of the top rows are being collected. */
typedef struct collector {
    const nq_search *search;
    int depth;           /* rows above which queens are placed */
    int mirror;          /* leave out placements right of the middle */
    nq_unit_list *list;  /* where units go, or NULL to count them only */
    size_t count;        /* placements found so far */
    size_t limit;        /* counting only: stop once count passes it */
    nq_unit unit;        /* the unit being built */
    int base_queens;     /* queens of the pattern */
} collector;

/* Weight of a placement whose top queen stands in column col: 0 for one the mirror leaves
 * out. */
static int mirror_weight(const collector *k, int col)
{
    int image = k->search->n - 1 - col;
    return col < image ? 2 : col == image ? 1 : 0;
}

static nq_status collect(collector *k, nq_state s, int placed)
{
    if (s.row == k->depth) {
        k->count++;
        k->unit.queens = (uint8_t)(k->base_queens + placed);
        if (!k->list)
            return k->count > k->limit ? NQ_ERR_MEMORY_LIMIT : NQ_OK;
        return nq_unit_list_push(k->list, &k->unit);
    }
    for (uint64_t f = nq_state_free(k->search, s); f; f &= f - 1) {
        uint64_t bit = f & -f;
        int col = __builtin_ctzll(bit);
        if (s.row == 0 && k->mirror && !(k->unit.weight = (uint8_t)mirror_weight(k, col)))
            continue;
        k->unit.row[k->base_queens + placed] = (int8_t)s.row;
        k->unit.col[k->base_queens + placed] = (int8_t)col;
        nq_status status = collect(k, nq_state_place(s, bit), placed + 1);
        if (status)
            return status;
    }
    return NQ_OK;
}

nq_status nq_split_rows(const nq_search *search, const nq_unit *pattern, int depth, int mirror,
                        nq_unit_list *list)
{
    collector k = { search, depth, mirror, list, 0, SIZE_MAX, *pattern, pattern->queens };
    return collect(&k, nq_search_root(search), 0);
}

size_t nq_split_rows_count(const nq_search *search, int depth, int mirror, size_t limit)
{
    nq_unit empty = { 0 };
    collector k = { search, depth, mirror, NULL, 0, limit, empty, 0 };
    collect(&k, nq_search_root(search), 0);
    return k.count;
}

typedef struct prefix_count {
    const nq_search *search;
    int mirror;
} prefix_count;

static size_t count_prefix(void *context, int depth, size_t limit)
{
    const prefix_count *c = context;
    return nq_split_rows_count(c->search, depth, c->mirror, limit);
}

nq_status nq_split_prefix(const nq_search *search, unsigned group, size_t min_units,
                          size_t max_units, int exact, nq_unit_list *list)
{
    int mirror = group >> NQ_SYM_MIRROR & 1;
    /* Leave the kernel at least one row, except on a 1 x 1 board. */
    int max_depth = search->n - 1 < NQ_UNIT_MAX_QUEENS ? search->n - 1 : NQ_UNIT_MAX_QUEENS;
    prefix_count c = { search, mirror };
    size_t units;
    int depth = nq_split_depth(1, max_depth > 1 ? max_depth : 1, min_units, max_units, exact,
                               count_prefix, &c, &units);
    if (depth < 0)
        return NQ_ERR_MEMORY_LIMIT;
    if (nq_unit_list_reserve(list, units))
        return NQ_ERR_NOMEM;
    nq_unit pattern = { .weight = 1, .unique_group = (uint8_t)group, .rule = NQ_RULE_EACH };
    return nq_split_rows(search, &pattern, depth, mirror, list);
}
