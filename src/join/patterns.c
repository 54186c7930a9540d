/*
 * patterns.c - the growing buffer of patterns that halves are listed into and the sieve sorts.
 */
#include <stdlib.h>

#include "patterns.h"

nq_status nq_patterns_reserve(nq_patterns *buffer, size_t more)
{
    if (buffer->count + more <= buffer->capacity)
        return NQ_OK;
    /* Doubling, but not past the most the caller says a half can need. */
    size_t capacity = buffer->capacity ? 2 * buffer->capacity : 4096;
    capacity = buffer->limit && capacity > buffer->limit ? buffer->limit : capacity;
    capacity = capacity < buffer->count + more ? buffer->count + more : capacity;
    uint64_t *at = realloc(buffer->at, capacity * sizeof *at);
    if (!at)
        return NQ_ERR_NOMEM;
    buffer->at = at;
    buffer->capacity = capacity;
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
