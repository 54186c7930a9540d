/*
 * split.c - chooses how to split a search into work units.
 */
#include <stdlib.h>

#include "engine/engine.h"

/* All eight symmetries of the square, as a bit set over enum nq_symmetry. */
#define ALL_SYMMETRIES 0xFFu

nq_status nq_split(const nq_search *search, unsigned group, size_t min_units,
                   nq_unit_list *list)
{
    *list = (nq_unit_list){ NULL, 0, 0 };
    nq_status status;
    /* Sides use all eight symmetries and share the top rows' search among many frames; the
     * prefix split uses the mirror alone; frames use any group, at the price of searching the
     * top rows once per frame. */
    if (group == ALL_SYMMETRIES && search->n >= 4)
        status = nq_split_sides(search, min_units, list);
    else if (group == 1u || (group >> NQ_SYM_MIRROR & 1))
        status = nq_split_prefix(search, group, min_units, list);
    else
        status = nq_split_frame(search, group, 1, list);
    if (status) {
        free(list->units);
        list->units = NULL;
    }
    return status;
}
