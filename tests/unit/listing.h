/*
 * listing.h - the solutions a visitor was given, kept for the tests to compare: a cmocka test's
 * helper (include it after <cmocka.h>).
 */
#ifndef NQ_TEST_LISTING_H
#define NQ_TEST_LISTING_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The solutions a listing produced, one after another, n entries each. */
typedef struct listing {
    int8_t *cols;
    size_t count, capacity;
} listing;

/* A kernel's visitor (byte columns) that appends cols to the listing at context. */
static inline int record(void *context, int n, const int8_t *cols)
{
    listing *l = context;
    if (l->count == l->capacity) {
        l->capacity = l->capacity ? 2 * l->capacity : 64;
        l->cols = realloc(l->cols, l->capacity * (size_t)n);
        assert_non_null(l->cols);
    }
    memcpy(l->cols + l->count * (size_t)n, cols, (size_t)n);
    l->count++;
    return 0;
}

/* An nq_solution_fn, whose columns are int32_t: appends cols to the listing at context as
 * record does (a board's columns fit a byte). */
static inline int record_wide(void *context, int n, const int32_t *cols)
{
    int8_t narrow[64];
    for (int r = 0; r < n; r++)
        narrow[r] = (int8_t)cols[r];
    return record(context, n, narrow);
}

#endif /* NQ_TEST_LISTING_H */
