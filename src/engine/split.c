/*
 * split.c - chooses how to split a search into work units, and how deep.
 */
#include <stdlib.h>

#include "engine/engine.h"

/* All eight symmetries of the square, as a bit set over enum nq_symmetry. */
#define ALL_SYMMETRIES 0xFFu

/* The depth the rule of nq_split_depth picks without `exact`. */
static int bounded_depth(int least, int most, size_t min_units, size_t max_units,
                         size_t (*count)(void *context, int depth, size_t limit), void *context,
                         size_t *units)
{
    *units = 0;
    for (int depth = least;; depth++) {
        const size_t here = count(context, depth, max_units);
        if (here > max_units)
            return depth > least ? depth - 1 : -1;
        *units = here;
        if (here == 0 || here >= min_units || depth == most)
            return depth;
    }
}

int nq_split_depth(int least, int most, size_t min_units, size_t max_units, int exact,
                   size_t (*count)(void *context, int depth, size_t limit), void *context,
                   size_t *units)
{
    /* A plan made under an unknown bound of at least max_units, whose split had max_units
     * units. Counts need not grow with depth, and may repeat (a board of one solution has one
     * placement at every depth): the depth is the deepest of max_units units where the rule
     * could have stopped, having passed those before it; the plans made again come under
     * bounds far above their small depths' counts. Else the rule under max_units. */
    if (!exact)
        return bounded_depth(least, most, min_units, max_units, count, context, units);
    int found = -1;
    for (int d = least; d <= most; d++) {
        const size_t here = count(context, d, max_units);
        const int stops = here == 0 || here >= min_units || d == most;
        if (here == max_units &&
            (stops || count(context, d + 1, max_units) > max_units))
            found = d;
        if (stops)
            break;
    }
    if (found < 0)
        return bounded_depth(least, most, min_units, max_units, count, context, units);
    *units = max_units;
    return found;
}

nq_status nq_split(const nq_search *search, unsigned group, size_t min_units, size_t max_units,
                   int exact, nq_unit_list *list)
{
    *list = (nq_unit_list){ NULL, 0, 0 };
    nq_status status;
    /* Sides use all eight symmetries and share the top rows' search among many frames; the
     * prefix split uses the mirror alone; frames use any group, at the price of searching the
     * top rows once per frame. Frames come in a number fixed by the board: when they are more
     * than max_units, the prefix split without the mirror, which any group allows, takes over. */
    if (group == ALL_SYMMETRIES && search->n >= 4)
        status = nq_split_sides(search, min_units, max_units, exact, list);
    else if (group == 1u || (group >> NQ_SYM_MIRROR & 1))
        status = nq_split_prefix(search, group, min_units, max_units, exact, list);
    else if ((status = nq_split_frame(search, group, 1, max_units, list)) ==
             NQ_ERR_MEMORY_LIMIT) {
        free(list->units);
        *list = (nq_unit_list){ NULL, 0, 0 };
        status = nq_split_prefix(search, group, min_units, max_units, exact, list);
    }
    if (status) {
        free(list->units);
        list->units = NULL;
    }
    return status;
}
