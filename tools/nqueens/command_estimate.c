/*
 * command_estimate.c - `nqueens estimate`: how long a count will take here, before it runs.
 *
 * Knuth's random probes estimate the number of squares the count will try. The time a square
 * takes is measured here and now, by counting a calibration board (the empty 15 x 15 board)
 * whose squares are estimated the same way, so that the estimator's bias largely cancels.
 */
#include <getopt.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

static const char help[] =
    "Usage: nqueens estimate N [OPTIONS]\n"
    "       nqueens estimate --board FILE [OPTIONS]\n"
    "Estimate, by Knuth's random probes, the work and time of 'nqueens count' with the same\n"
    "board and threads on this machine, before committing to a long run.\n"
    "\n"
    "  -b, --board FILE   estimate the count of this board's completions\n"
    "  -t, --threads T    worker threads the count will use (default: one per online core)\n"
    "  -n, --probes P     random probes (default 200000); error shrinks as 1/sqrt(P)\n"
    "  -S, --seed S       seed of the probes (default 1)\n"
    "  -h, --help         show this help\n"
    "\n"
    "Exit codes: 0 success, 1 runtime failure, 2 bad input.\n";

#define CALIBRATION_N 15

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Estimates the squares of board's count; returns 0 or an exit code. */
static int estimate_board(const nq_board *board, long long probes, long long seed,
                          nq_estimate *e, size_t *units)
{
    nq_plan *plan;
    nq_status status = nq_plan_create(board, 0, &plan);
    if (!status)
        status = nq_plan_estimate(plan, (uint64_t)probes, (uint64_t)seed, e);
    *units = nq_plan_units(plan);
    nq_plan_free(plan);
    return status ? fail(EXIT_FAILURE_, "estimate: %s", nq_strerror(status)) : 0;
}

/* Seconds a square takes here on `threads` threads, from counting the calibration board. */
static int seconds_per_square(int threads, long long probes, long long seed, double *seconds)
{
    nq_board board;
    nq_board_init(&board, CALIBRATION_N);
    nq_estimate e;
    size_t units;
    int code = estimate_board(&board, probes, seed, &e, &units);
    if (code)
        return code;
    nq_count_options options = { threads, 0 };
    nq_count_result result;
    double start = now();
    nq_status status = nq_count(&board, &options, &result);
    if (status)
        return fail(EXIT_FAILURE_, "estimate: %s", nq_strerror(status));
    *seconds = (now() - start) / (e.nodes > 0 ? e.nodes : 1);
    return 0;
}

/* Writes seconds in the largest sensible unit. */
static void format_time(double seconds, char buf[48])
{
    if (seconds < 120)
        snprintf(buf, 48, "%.3g s", seconds);
    else if (seconds < 7200)
        snprintf(buf, 48, "%.3g min", seconds / 60);
    else if (seconds < 172800)
        snprintf(buf, 48, "%.3g h", seconds / 3600);
    else if (seconds < 3 * 31557600.0)
        snprintf(buf, 48, "%.3g days", seconds / 86400);
    else
        snprintf(buf, 48, "%.3g years", seconds / 31557600.0);
}

int command_estimate(int argc, char **argv)
{
    static const struct option options[] = {
        { "board", required_argument, NULL, 'b' },
        { "threads", required_argument, NULL, 't' },
        { "probes", required_argument, NULL, 'n' },
        { "seed", required_argument, NULL, 'S' },
        { "help", no_argument, NULL, 'h' },
        { NULL, 0, NULL, 0 },
    };
    const char *board_path = NULL;
    long long threads = 0, probes = 200000, seed = 1;
    int code = reject_negative_numbers("estimate", argc, argv), c;
    opterr = 0;
    while (!code && (c = getopt_long(argc, argv, ":b:t:n:S:h", options, NULL)) != -1) {
        switch (c) {
        case 'b': board_path = optarg; break;
        case 't': code = parse_int(optarg, "thread count T", 1, 1024, &threads); break;
        case 'n': code = parse_int(optarg, "probe count P", 1, 1000000000, &probes); break;
        case 'S': code = parse_int(optarg, "seed S", 0, INT64_MAX, &seed); break;
        case 'h': out_puts(help); return out_close();
        default: return fail_option("estimate", c, optopt, argv[optind - 1]);
        }
    }
    nq_board board;
    if (code || (code = board_from_arguments("estimate", board_path, argc - optind,
                                             argv + optind, &board)))
        return code;
    nq_estimate e;
    size_t units;
    double per_square = 0;
    if ((code = estimate_board(&board, probes, seed, &e, &units)) ||
        (code = seconds_per_square((int)threads, probes, seed, &per_square)))
        return code;
    if (!threads)
        threads = sysconf(_SC_NPROCESSORS_ONLN) > 0 ? sysconf(_SC_NPROCESSORS_ONLN) : 1;
    char line[256], time[48];
    format_time(e.nodes * per_square, time);
    snprintf(line, sizeof line,
             "work units: %zu\nsquares to try: %.3g (standard error %.1f%%)\nsolutions: about "
             "%.3g\ntime: about %s on %lld thread%s here\n",
             units, e.nodes, 100 * e.spread, e.solutions, time,
             threads, threads == 1 ? "" : "s");
    out_puts(line);
    return out_close();
}
