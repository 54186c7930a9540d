/*
 * engine_tables.h - the engine's kernel tables that this CPU can run, for the tests that pass
 * each in turn.
 */
#ifndef NQ_ENGINE_TABLES_H
#define NQ_ENGINE_TABLES_H

#include <stddef.h>

#include "engine/kernels.h"

#define TEST_ENGINE_TABLES 2

/* Fills tables with the engine's tables this CPU runs, portable first; returns how many. */
static inline size_t test_engine_tables(const nq_engine_kernels *tables[TEST_ENGINE_TABLES])
{
    size_t k = 0;
    tables[k++] = &nq_engine_kernels_portable;
    if (nq_cpu_detected() & NQ_CPU_POPCNT)
        tables[k++] = &nq_engine_kernels_popcnt;
    return k;
}

#endif /* NQ_ENGINE_TABLES_H */
