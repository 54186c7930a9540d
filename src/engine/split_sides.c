/*
 * split_sides.c - splits the search of a board with all eight symmetries by where the queens of
 * its four sides stand, as Takaken's counters do.
 *
 * Every solution has one queen in each outer row and column. Measure each of them from both
 * corners of its side: eight distances, which the eight symmetries permute. The least member of
 * each class has its top queen at the least distance from the left corner, so the search keeps
 * only solutions whose top queen is at least as near a corner as every other side queen:
 *  - a corner queen (distance 0) on top-left: then column 1's queen must lie below row 1's, or
 *    the transpose is the one kept; such solutions have no symmetry, and each stands for 8;
 *  - otherwise the top queen at column t: the bottom queen's column and the rows of the left and
 *    right queens lie within [t, n-1-t]. Of the six squares at the ends of those ranges, three
 *    are attacked by the top queen; a solution that avoids the other three has its top queen
 *    alone nearest a corner and stands for 8 with no check. The few that take one are searched
 *    apart, that queen placed, and their completions checked against their images one by one.
 * All of these are masks on the rows, so the kernel prunes with them as it goes.
 */
#include "engine/engine.h"

/* The shaped searches: one per corner unit's row-1 column, four per top column t. Calls visit
 * with each search and its pattern unit; stops at the first status that is not NQ_OK. */
typedef nq_status (*shape_fn)(void *context, const nq_search *search, const nq_unit *pattern);

static nq_status shape_one(const nq_search *base, nq_unit *pattern, shape_fn visit,
                           void *context)
{
    nq_search s = *base;
    for (int q = 0; q < pattern->queens; q++) {
        if (!(s.allow[pattern->row[q]] >> pattern->col[q] & 1))
            return NQ_OK;
        nq_search_place(&s, pattern->row[q], pattern->col[q]);
    }
    nq_shape_restrict(&s, pattern);
    nq_unit keep = *pattern;
    keep.queens = 0;   /* the row split places the pattern's queens again, in row order */
    return visit(context, &s, &keep);
}

static nq_status for_each_shape(const nq_search *base, shape_fn visit, void *context)
{
    int n = base->n;
    nq_status status = NQ_OK;
    for (int c1 = 2; c1 < n && !status; c1++) {
        nq_unit corner = { .queens = 2, .weight = 8, .unique_group = 1, .rule = NQ_RULE_EACH,
                           .shape = NQ_SHAPE_CORNER, .row = { 0, 1 }, .col = { 0, (int8_t)c1 } };
        status = shape_one(base, &corner, visit, context);
    }
    static const uint8_t ties[] = { NQ_SHAPE_STRICT, NQ_SHAPE_TIE_BOTTOM, NQ_SHAPE_TIE_LEFT,
                                    NQ_SHAPE_TIE_RIGHT };
    for (int t = 1; t < n - 1 - t && !status; t++) {
        for (int k = 0; k < 4 && !status; k++) {
            int strict = ties[k] == NQ_SHAPE_STRICT;
            nq_unit side = { .queens = 1, .weight = 8, .unique_group = strict ? 1 : 0xFF,
                             .rule = strict ? NQ_RULE_EACH : NQ_RULE_CLASS, .shape = ties[k],
                             .row = { 0 }, .col = { (int8_t)t } };
            status = shape_one(base, &side, visit, context);
        }
    }
    return status;
}

/* Counting units at a depth, and then making them. */
typedef struct split_job {
    const nq_search *search;
    int depth;
    size_t count;
    size_t limit;          /* counting stops once count passes it */
    nq_unit_list *list;
} split_job;

static nq_status count_shape(void *context, const nq_search *search, const nq_unit *pattern)
{
    split_job *job = context;
    (void)pattern;
    job->count += nq_split_rows_count(search, job->depth, 0, job->limit - job->count);
    return job->count > job->limit ? NQ_ERR_MEMORY_LIMIT : NQ_OK;
}

/* The units of all shapes at depth, or limit + 1 when they are more than limit. */
static size_t count_shapes(void *context, int depth, size_t limit)
{
    split_job *job = context;
    job->depth = depth;
    job->count = 0;
    job->limit = limit;
    for_each_shape(job->search, count_shape, job);
    return job->count;
}

static nq_status make_shape(void *context, const nq_search *search, const nq_unit *pattern)
{
    split_job *job = context;
    return nq_split_rows(search, pattern, job->depth, 0, job->list);
}

nq_status nq_split_sides(const nq_search *search, size_t min_units, size_t max_units,
                         int exact, nq_unit_list *list)
{
    if (search->n < 4)
        return NQ_ERR_ARGUMENT;
    /* Corner units place two queens themselves; the kernel keeps at least one row. */
    int max_depth = search->n - 1 < NQ_UNIT_MAX_QUEENS ? search->n - 1 : NQ_UNIT_MAX_QUEENS;
    split_job job = { search, 2, 0, SIZE_MAX, list };
    size_t units;
    job.depth =
        nq_split_depth(2, max_depth, min_units, max_units, exact, count_shapes, &job, &units);
    if (job.depth < 0)
        return NQ_ERR_MEMORY_LIMIT;
    if (nq_unit_list_reserve(list, units))
        return NQ_ERR_NOMEM;
    return for_each_shape(search, make_shape, &job);
}
