/*
 * diagonal_sums.c - the bit planes that diagonal_sums.h sums indices with: plane j holds the
 * indices d (0 to 63) whose index has bit j set, and of the squares, those whose d * d has.
 * Generated once, checked by test_find (the planes rebuilt from their definition).
 */
#include "engine/diagonal_sums.h"

const uint64_t nq_diagonal_index_planes[6] = {
    UINT64_C(0xaaaaaaaaaaaaaaaa),
    UINT64_C(0xcccccccccccccccc),
    UINT64_C(0xf0f0f0f0f0f0f0f0),
    UINT64_C(0xff00ff00ff00ff00),
    UINT64_C(0xffff0000ffff0000),
    UINT64_C(0xffffffff00000000)
};

const uint64_t nq_diagonal_square_planes[NQ_DIAGONAL_SUMS_PLANES] = {
    UINT64_C(0xaaaaaaaaaaaaaaaa),
    UINT64_C(0x0000000000000000),
    UINT64_C(0x4444444444444444),
    UINT64_C(0x2828282828282828),
    UINT64_C(0x1ab01ab01ab01ab0),
    UINT64_C(0x066aacc0066aacc0),
    UINT64_C(0x01e665aaab4ccf00),
    UINT64_C(0xaab4b6cccc70f000),
    UINT64_C(0xccc738f0f07f0000),
    UINT64_C(0xf0f83f00ff800000),
    UINT64_C(0xff003fff00000000),
    UINT64_C(0xffffc00000000000)
};
