/*
 * published.h - the published counts the unit tests compare against: OEIS A000170 (total) and
 * A002562 (unique), indexed by n, 1 to 25 as in ../shared/data/queens-counts.tsv; at n = 0 the
 * empty 0 x 0 board's one placement (A000170(0) = 1; A002562 starts at n = 1).
 */
#ifndef NQ_TEST_PUBLISHED_H
#define NQ_TEST_PUBLISHED_H

#include <stdint.h>

__attribute__((unused)) static const uint64_t published_total[] = {
    1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184, 14772512,
    95815104, 666090624, 4968057848, 39029188884, 314666222712, 2691008701644,
    24233937684440, 227514171973736, 2207893435808352
};
__attribute__((unused)) static const uint64_t published_unique[] = {
    1, 1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233, 45752, 285053, 1846955, 11977939,
    83263591, 621012754, 4878666808, 39333324973, 336376244042, 3029242658210,
    28439272956934, 275986683743434
};

#endif
