/*
 * fuzz_solutions.c - libFuzzer target for `verify` input: read solutions, verify each.
 */
#include <assert.h>
#include <stdlib.h>

#include "nqueens.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    size_t capacity = size / 2 + 1;
    int32_t *cols = malloc(capacity * sizeof *cols);
    nq_solution_reader reader;
    nq_solution_reader_init(&reader, (const char *)data, size);
    for (;;) {
        size_t n;
        int line;
        nq_parse_error err;
        nq_status status = nq_solution_reader_next(&reader, cols, capacity, &n, &line, &err);
        if (status)
            break;
        nq_conflict conflict;
        status = nq_verify(cols, n, &conflict);
        assert(status == NQ_OK || status == NQ_ERR_ATTACK || status == NQ_ERR_OFF_BOARD);
        if (status == NQ_ERR_ATTACK)
            assert(conflict.row1 < conflict.row2);
    }
    free(cols);
    return 0;
}
