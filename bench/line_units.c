/*
 * line_units.c - the units of a board's count by lines timed one by one: how the work of a
 * constrained board spreads over the units of its plan (split_lines.c), to tell a board that is
 * simply large from one whose units are unbalanced (one unit holding most of the work leaves the
 * other threads idle).
 *
 *   line_units [LIMIT_S] FILE...
 *
 * For each board file: its plan with the engine by lines (the default units), each unit counted
 * on one thread and timed in CPU seconds, until LIMIT_S seconds of CPU are spent (0 or absent:
 * no limit). Prints a line per board: its name, the units, the units counted, their count, the
 * CPU seconds, the largest unit's seconds and share of them, its queens, and how many units make
 * up half of the seconds.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "nqueens.h"
#include "board_file.h"
#include "cpu_time.h"

static int descending(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x < y) - (x > y);
}

/* Times the units of board's plan by lines; prints the line of name. */
static int time_units(const char *name, const nq_board *board, double limit)
{
    nq_plan_options options = { .threads = 1, .engine = NQ_ENGINE_LINES,
                                .method = NQ_METHOD_BACKTRACK };
    nq_plan *plan;
    if (nq_plan_create_with(board, &options, &plan) != NQ_OK)
        return 0;
    size_t units = nq_plan_units(plan), counted = 0, largest = 0;
    double *seconds = calloc(units, sizeof *seconds), total = 0;
    uint64_t count = 0;
    for (; seconds && counted < units && (limit <= 0 || total < limit); counted++) {
        nq_unit_count c;
        double start = thread_seconds();
        nq_plan_count_unit(plan, counted, 0, &c);
        seconds[counted] = thread_seconds() - start;
        total += seconds[counted];
        count += c.total;
        largest = seconds[counted] > seconds[largest] ? counted : largest;
    }
    char queens[256] = "";
    if (counted)
        nq_plan_describe_unit(plan, largest, queens, sizeof queens, NULL);
    double big = counted ? seconds[largest] : 0, half = 0;
    qsort(seconds, counted, sizeof *seconds, descending);
    size_t halving = 0;
    while (halving < counted && half < total / 2)
        half += seconds[halving++];
    printf("%s units %zu counted %zu count %llu%s cpu %.2f largest %.2f (%.0f %%, %s) half-in %zu\n",
           name, units, counted, (unsigned long long)count, counted < units ? "+" : "", total,
           big, total > 0 ? 100 * big / total : 0, queens, halving);
    fflush(stdout);
    free(seconds);
    nq_plan_free(plan);
    return 1;
}

int main(int argc, char **argv)
{
    int first = 1;
    double limit = 0;
    if (argc > 2 && strspn(argv[1], "0123456789.") == strlen(argv[1]))
        limit = atof(argv[first++]);
    if (first >= argc) {
        fprintf(stderr, "usage: line_units [LIMIT_S] FILE...\n");
        return 2;
    }
    for (int i = first; i < argc; i++) {
        nq_board board;
        const char *name = strrchr(argv[i], '/') ? strrchr(argv[i], '/') + 1 : argv[i];
        if (!read_board_file(argv[i], &board) || !time_units(name, &board, limit)) {
            fprintf(stderr, "line_units: cannot plan %s\n", argv[i]);
            return 1;
        }
    }
    return 0;
}
