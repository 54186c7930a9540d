/*
 * fuzz_uva.c - libFuzzer target for UVa 11195 input: read cases until the end or an error.
 */
#include <assert.h>

#include "nqueens.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    nq_uva_reader reader;
    nq_uva_reader_init(&reader, (const char *)data, size);
    for (;;) {
        nq_board board;
        nq_parse_error err;
        nq_status status = nq_uva_reader_next(&reader, &board, &err);
        if (status == NQ_ERR_END)
            return 0;
        if (status) {
            assert(err.line >= 1 && err.column >= 1);
            return 0;
        }
        assert(board.n >= 1 && board.n <= NQ_MAX_N);
    }
}
