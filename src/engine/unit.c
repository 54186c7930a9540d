/*
 * unit.c - work units: their list, and the search of one unit's completions (its queens placed,
 * its shape's restrictions applied; split_sides.c says why the shapes are what they are).
 */
#include <stdlib.h>

#include "engine/engine.h"

nq_status nq_unit_list_reserve(nq_unit_list *list, size_t more)
{
    if (more <= list->capacity - list->count)
        return NQ_OK;
    if (more > SIZE_MAX / sizeof *list->units - list->count)
        return NQ_ERR_NOMEM;
    nq_unit *units = realloc(list->units, (list->count + more) * sizeof *units);
    if (!units)
        return NQ_ERR_NOMEM;
    list->units = units;
    list->capacity = list->count + more;
    return NQ_OK;
}

nq_status nq_unit_list_push(nq_unit_list *list, const nq_unit *unit)
{
    if (list->count == list->capacity) {
        size_t capacity = list->capacity ? 2 * list->capacity : 1024;
        nq_unit *units = realloc(list->units, capacity * sizeof *units);
        if (!units)
            return NQ_ERR_NOMEM;
        list->units = units;
        list->capacity = capacity;
    }
    list->units[list->count++] = *unit;
    return NQ_OK;
}

/* Keeps the queens of the bottom row, left column and right column within [t, n-1-t]. */
static void restrict_sides(nq_search *s, int t)
{
    int last = s->n - 1;
    uint64_t within = (s->full >> t) << t & s->full >> t;
    s->allow[last] &= within;
    for (int r = 1; r <= last; r++)
        if (r < t || r > last - t)
            s->allow[r] &= ~(UINT64_C(1) | UINT64_C(1) << last);
}

/* The three end squares of the side queens' ranges that the top queen on column t leaves free:
 * bottom (n-1, n-1-t), left (n-1-t, 0), right (t, n-1). Square k is placed, the ones before it
 * forbidden; k = 3 forbids all three. */
static void take_end_square(nq_search *s, int t, int k)
{
    int last = s->n - 1;
    const int rows[3] = { last, last - t, t }, cols[3] = { last - t, 0, last };
    for (int e = 0; e < k && e < 3; e++)
        s->allow[rows[e]] &= ~(UINT64_C(1) << cols[e]);
    if (k < 3)
        nq_search_place(s, rows[k], cols[k]);
}

void nq_shape_restrict(nq_search *s, const nq_unit *unit)
{
    int t = unit->col[0];
    switch ((enum nq_shape)unit->shape) {
    case NQ_SHAPE_NONE:
        break;
    case NQ_SHAPE_CORNER:
        /* Column 1's queen lies below row (column of row 1's queen). */
        for (int r = 2; r <= unit->col[1] && r < s->n; r++)
            s->allow[r] &= ~UINT64_C(2);
        break;
    case NQ_SHAPE_TIE_BOTTOM:
    case NQ_SHAPE_TIE_LEFT:
    case NQ_SHAPE_TIE_RIGHT:
    case NQ_SHAPE_STRICT:
        restrict_sides(s, t);
        take_end_square(s, t, unit->shape == NQ_SHAPE_STRICT ? 3
                                                              : unit->shape - NQ_SHAPE_TIE_BOTTOM);
        break;
    }
}

void nq_search_of_unit(const nq_search *base, const nq_unit *unit, nq_search *out)
{
    *out = *base;
    for (int q = 0; q < unit->queens; q++)
        nq_search_place(out, unit->row[q], unit->col[q]);
    nq_shape_restrict(out, unit);
}
