/*
 * line_sample.c - a fixed sample of a constrained board's units by lines, counted on one
 * thread: every STRIDE-th unit of the plan `count --board` makes (split_lines.c, 4,096 units or
 * more), so that two builds of the kernel by lines (kernel_lines.c) compare on the same work in
 * a few seconds where the whole board takes minutes. Under
 * `valgrind --tool=callgrind --collect-atstart=no --toggle-collect=nq_engine_count` only the
 * units' kernels are profiled, not the split.
 *
 *   line_sample STRIDE FILE...
 *
 * Prints a line per board: its name, the plan's units, the units counted, their completions
 * and their CPU seconds.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "nqueens.h"
#include "engine/engine.h"
#include "engine/kernels.h"
#include "board_file.h"
#include "cpu_time.h"

/* count/plan.c's LINES_MIN_UNITS: the same units as `count`. */
#define PLAN_UNITS 4096

static int load(const char *path, nq_search *search)
{
    nq_board board;
    return read_board_file(path, &board) && nq_search_compile(&board, search) == NQ_OK;
}

int main(int argc, char **argv)
{
    size_t stride = argc > 2 ? strtoul(argv[1], NULL, 10) : 0;
    if (argc < 3 || stride == 0) {
        fprintf(stderr, "usage: line_sample STRIDE FILE...\n");
        return 2;
    }
    const nq_engine_kernels *kernels = nq_engine_kernels_best();
    for (int i = 2; i < argc; i++) {
        nq_search search;
        nq_unit_list list = { NULL, 0, 0 };
        if (!load(argv[i], &search) || nq_split_lines(&search, 1u, PLAN_UNITS, &list)) {
            fprintf(stderr, "line_sample: cannot split %s\n", argv[i]);
            return 1;
        }
        uint64_t count = 0;
        size_t counted = 0;
        double start = thread_seconds();
        for (size_t u = 0; u < list.count; u += stride, counted++) {
            nq_search s;
            nq_search_of_unit(&search, &list.units[u], &s);
            count += nq_engine_count(kernels, NQ_ENGINE_LINES, &s, NULL);
        }
        const char *name = strrchr(argv[i], '/') ? strrchr(argv[i], '/') + 1 : argv[i];
        printf("%s units %zu counted %zu count %llu cpu %.2f\n", name, list.count, counted,
               (unsigned long long)count, thread_seconds() - start);
        fflush(stdout);
        free(list.units);
    }
    return 0;
}
