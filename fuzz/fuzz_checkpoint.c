/*
 * fuzz_checkpoint.c - libFuzzer target for checkpoint files, against the plan of the empty
 * 10 x 10 board with units in pieces 2 deep, so that partial records are read too. The first
 * byte chooses whether the rest is the whole file or the records after a genuine header, so
 * that the records are reached too; the header is also described without the plan
 * (nq_checkpoint_describe).
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "nqueens.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    static nq_plan *plan;
    if (!plan) {
        nq_board board;
        nq_board_init(&board, 10);
        nq_plan_options options = { .method = NQ_METHOD_BACKTRACK, .piece_levels = 2 };
        nq_plan_create_with(&board, &options, &plan);
    }
    if (size == 0)
        return 0;
    unsigned char *file = malloc(size + NQ_CHECKPOINT_HEADER_SIZE);
    size_t length = 0;
    if (data[0] & 1) {
        nq_checkpoint_header(plan, data[0] & 2, file);
        length = NQ_CHECKPOINT_HEADER_SIZE;
    }
    memcpy(file + length, data + 1, size - 1);
    length += size - 1;
    nq_checkpoint_state state;
    nq_parse_error err;
    nq_checkpoint_info info;
    if (nq_checkpoint_describe(file, length, &info, &err) == NQ_OK && (data[0] & 1)) {
        assert(info.n == 10 && info.unique == ((data[0] & 2) != 0));
        assert(info.units == nq_plan_units(plan) && info.fingerprint == nq_plan_fingerprint(plan));
    }
    if (nq_checkpoint_read(plan, data[0] & 2, file, length, &state, &err) == NQ_OK) {
        assert(state.valid_length <= length);
        assert(state.units_done <= nq_plan_units(plan));
        for (size_t i = 0; i < state.partial_count; i++) {
            size_t unit = state.partials[i].unit;
            assert(unit < nq_plan_units(plan) && !(state.done[unit / 8] >> unit % 8 & 1));
            assert(state.partials[i].pieces >= 1);
            assert(i == 0 || state.partials[i - 1].unit < unit);
        }
        nq_checkpoint_state_free(&state);
    }
    free(file);
    return 0;
}
