/*
 * proof_engine.c - one completion engine of src/find timed alone on board files: the nodes it
 * expands and the CPU seconds it takes, to compare engines and their settings.
 *
 *   proof_engine ENGINE [LIMIT_S] FILE...
 *
 * ENGINE: find (nq_kernel_find: the systematic search alone), any (nq_kernel_find_any: the
 * walk's questions), one (nq_find_completion: one thread), threadsT (T threads), portfolio2
 * (two nq_find_completion searches of the whole tree, seeded apart, the first to end stopping
 * the other: no time limit), lines (the counting kernel for constrained boards,
 * nq_kernel_count_lines_best: counts every completion). NQ_DIAGONAL_SUMS=0 in the environment
 * leaves out the test of the diagonals' sums (all engines but lines); NQ_MATCH_AFTER=N starts
 * find's matching test (diagonal_matching.c) after N nodes instead of at once
 * (18446744073709551615: never); NQ_RESTART_SHARE=S gives threadsT's restarting walk one node
 * in S of the subtrees' (complete_threads.c). LIMIT_S bounds the process's CPU seconds per board
 * (all threads together). Prints a line per board: its name, the answer (yes, no, count, or -
 * when LIMIT_S ran out), the systematic search's nodes and matching tests (find only), or the
 * count (lines), and the CPU and wall seconds of the process for that board.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "nqueens.h"
#include "engine/engine.h"
#include "engine/kernels.h"
#include "find/find.h"
#include "board_file.h"
#include "cpu_time.h"

static int load(const char *path, nq_search *search)
{
    nq_board board;
    return read_board_file(path, &board) && nq_search_compile(&board, search) == NQ_OK;
}

static volatile int timed_out;
static int diagonal_sums = 1;   /* NQ_DIAGONAL_SUMS */

/* A portfolio of two searches of the whole tree, seeded apart: the first to end stops the
 * other. */
typedef struct racer {
    const nq_search *search;
    uint64_t seed;
    nq_stop_flag *done;
    nq_status status;
    int8_t cols[NQ_MAX_N];
} racer;

static void *race(void *arg)
{
    racer *r = arg;
    nq_find_limits limits = { r->seed, 0, { NULL, r->done }, diagonal_sums };
    r->status = nq_find_completion(r->search, &limits, r->cols);
    if (r->status != NQ_ERR_STOPPED)
        atomic_store(r->done, 1);
    return NULL;
}

static nq_status portfolio(const nq_search *search, int8_t *cols)
{
    nq_stop_flag done;
    atomic_init(&done, 0);
    racer racers[2] = { { search, 0, &done, NQ_ERR_STOPPED, { 0 } },
                        { search, 12345, &done, NQ_ERR_STOPPED, { 0 } } };
    pthread_t other;
    pthread_create(&other, NULL, race, &racers[1]);
    race(&racers[0]);
    pthread_join(other, NULL);
    racer *r = racers[0].status != NQ_ERR_STOPPED ? &racers[0] : &racers[1];
    memcpy(cols, r->cols, sizeof r->cols);
    return r->status;
}

/* Raises timed_out once the process has spent LIMIT_S CPU seconds on the board: the machine may
 * be shared, and CPU time is what the engines are compared by. */
static double board_start;

static void *alarm_thread(void *arg)
{
    struct timespec t = { 0, 20000000 };
    while (process_seconds() - board_start < *(double *)arg)
        nanosleep(&t, NULL);
    timed_out = 1;
    return NULL;
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: proof_engine ENGINE [LIMIT_S] FILE...\n");
        return 2;
    }
    const char *engine = argv[1];
    if (getenv("NQ_DIAGONAL_SUMS"))
        diagonal_sums = atoi(getenv("NQ_DIAGONAL_SUMS"));
    int first = 2;
    double limit = 0;
    if (argc > 3 && strspn(argv[2], "0123456789.") == strlen(argv[2]))
        limit = atof(argv[first++]);
    for (int i = first; i < argc; i++) {
        nq_search search;
        if (!load(argv[i], &search)) {
            fprintf(stderr, "proof_engine: cannot read %s\n", argv[i]);
            return 1;
        }
        nq_stop_flag flag = 0;
        nq_find_limits limits = { 0, 0, { NULL, &flag }, diagonal_sums };
        int8_t cols[NQ_MAX_N];
        pthread_t alarm;
        timed_out = 0;
        double start = board_start = process_seconds();
        if (limit > 0)
            pthread_create(&alarm, NULL, alarm_thread, &limit);
        struct timespec wall0, wall1;
        clock_gettime(CLOCK_MONOTONIC, &wall0);
        nq_status status = NQ_ERR_STOPPED;
        uint64_t nodes = 0, count = 0;
        if (!strcmp(engine, "find")) {
            nq_finder f;
            nq_finder_init(&f, &search, 0, nq_find_kernels_best());
            f.sums_test = diagonal_sums;
            if (getenv("NQ_MATCH_AFTER"))
                f.match_after = strtoull(getenv("NQ_MATCH_AFTER"), NULL, 10);
            do
                status = nq_finder_run(&f, 1u << 20, NULL, cols);
            while (status == NQ_ERR_STOPPED && !timed_out);
            nodes = f.nodes;
            count = f.matchings;
        } else if (!strcmp(engine, "any")) {
            limits.stop.flag = (nq_stop_flag *)&timed_out;
            status = nq_kernel_find_any(&search, &limits, cols);
        } else if (!strcmp(engine, "one")) {
            limits.stop.flag = (nq_stop_flag *)&timed_out;
            status = nq_find_completion(&search, &limits, cols);
        } else if (!strncmp(engine, "threads", 7)) {
            limits.stop.flag = (nq_stop_flag *)&timed_out;
            /* NQ_RESTART_SHARE: the restarting walk's share, on complete_threads.c's split of
             * 32 subtrees a thread and first runs of 4,096 nodes */
            nq_split_options split = { atoi(engine + 7), 32, 4096, 0, NULL, 0 };
            if (getenv("NQ_RESTART_SHARE")) {
                split.restart_share = strtoull(getenv("NQ_RESTART_SHARE"), NULL, 10);
                status = nq_find_completion_split(&search, &limits, &split, cols);
            } else {
                status = nq_find_completion_threads(&search, &limits, split.threads, cols);
            }
        } else if (!strcmp(engine, "portfolio2")) {
            status = portfolio(&search, cols);
        } else if (!strcmp(engine, "lines")) {
            count = nq_engine_count(nq_engine_kernels_best(), NQ_ENGINE_LINES, &search,
                                    (nq_stop_flag *)&timed_out);
            status = timed_out ? NQ_ERR_STOPPED : count ? NQ_OK : NQ_ERR_NO_SOLUTION;
        } else {
            fprintf(stderr, "proof_engine: no engine %s\n", engine);
            return 2;
        }
        clock_gettime(CLOCK_MONOTONIC, &wall1);
        double cpu = process_seconds() - start;
        double wall = (double)(wall1.tv_sec - wall0.tv_sec) +
                      (double)(wall1.tv_nsec - wall0.tv_nsec) * 1e-9;
        if (limit > 0)
            pthread_cancel(alarm), pthread_join(alarm, NULL);
        const char *name = strrchr(argv[i], '/') ? strrchr(argv[i], '/') + 1 : argv[i];
        printf("%s %s %llu %llu %.2f %.2f\n", name,
               status == NQ_OK ? "yes" : status == NQ_ERR_NO_SOLUTION ? "no" : "-",
               (unsigned long long)nodes, (unsigned long long)count, cpu, wall);
        fflush(stdout);
    }
    return 0;
}
