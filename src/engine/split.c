/*
 * split.c - chooses how to split a search into work units, and keeps the list of them.
 */
#include <stdlib.h>

#include "engine/engine.h"

/* All eight symmetries of the square, as a bit set over enum nq_symmetry. */
#define ALL_SYMMETRIES 0xFFu

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
