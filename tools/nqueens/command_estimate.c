/*
 * command_estimate.c - `nqueens estimate`: how long a count will take here, before it runs.
 *
 * For the backtracker, Knuth's random probes estimate the number of squares the count will
 * try. The time a square takes is measured here and now, by counting a calibration board (the
 * empty 15 x 15 board) whose squares are estimated the same way, so that the estimator's bias
 * largely cancels. For the join, units drawn over the whole plan are counted and timed, a few
 * consecutive ones from each draw as a count takes them (estimate.c), more of them until the
 * sample is accurate enough or has taken long enough.
 */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <time.h>

#include "commands.h"
#include "common/plan_choice.h"

static const char help[] =
    "Usage: nqueens estimate N [OPTIONS]\n"
    "       nqueens estimate --board FILE [OPTIONS]\n"
    "Estimate, by Knuth's random probes, the work and time of 'nqueens count' with the same\n"
    "board and threads on this machine, before committing to a long run.\n"
    "\n"
    "  -b, --board FILE   estimate the count of this board's completions\n"
    "  -t, --threads T    worker threads the count will use (default: one per usable core)\n"
    "  -m, --method M     the count's method: auto (default), join or backtrack; for the\n"
    "                     join, work units drawn over the whole plan, four consecutive ones\n"
    "                     at a time as a count takes them, are counted and timed: P of them\n"
    "                     with --probes P, else 64 at least, more until the standard error\n"
    "                     is at most 2%, or they took a hundredth of the count's time, or\n"
    "                     more would take them past half a minute (from N = 25 said on\n"
    "                     stderr before it starts)\n"
    "      --max-memory SIZE  as for count: the memory limit of either method\n"
    "  -n, --probes P     random probes (default 200000), or the join's units to count; the\n"
    "                     error shrinks as 1/sqrt(P)\n"
    "  -S, --seed S       seed of the probes (default 1)\n"
    "  -h, --help         show this help\n"
    "\n"
    "Exit codes: 0 success, 1 runtime failure, 2 bad input.\n";

#define CALIBRATION_N 15

/* The join's default sample stops before its next batch would take it past this much of a
 * core (estimate_join). */
#define SAMPLE_SECONDS 30.0

/* From this size a join's unit takes seconds to minutes here, and its default sample may take
 * as long as its first batch: the estimate says so before it starts (sampling_notice). */
#define NOTICE_N 25

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Seconds of processor time this thread has used: what the join's units cost one core, however
 * busy the machine is with other work (wall time would count the turns it waited). */
static double thread_time(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* Estimates the squares of a backtracker's plan; returns 0 or an exit code. */
static int estimate_plan(const nq_plan *plan, long long probes, uint64_t seed, nq_estimate *e)
{
    nq_status status = nq_plan_estimate(plan, (uint64_t)probes, seed, e);
    return status ? fail(EXIT_RUNTIME, "estimate: %s", nq_strerror(status)) : 0;
}

/* Seconds a square takes here on `threads` threads, from counting the calibration board with
 * the backtracker. */
static int seconds_per_square(int threads, long long probes, long long seed, double *seconds)
{
    nq_board board;
    nq_board_init(&board, CALIBRATION_N);
    nq_plan *plan;
    nq_estimate e;
    nq_count_result result;
    nq_plan_options backtrack = { .method = NQ_METHOD_BACKTRACK, .engine = NQ_ENGINE_ROWS,
                                  .threads = threads };
    if (nq_plan_create_with(&board, &backtrack, &plan))
        return fail(EXIT_RUNTIME, "estimate: out of memory");
    int code = estimate_plan(plan, probes, seed, &e);
    nq_run_options run = { .threads = threads };
    double start = now();
    nq_status status = code ? NQ_OK : nq_plan_run(plan, &run, &result);
    *seconds = (now() - start) / (e.nodes > 0 ? e.nodes : 1);
    nq_plan_free(plan);
    return code ? code : status ? fail(EXIT_RUNTIME, "estimate: %s", nq_strerror(status)) : 0;
}

/* The join's default sample begins with this many units (its batches then double). */
#define FIRST_BATCH 4

static void format_time(double seconds, char buf[48]);

/* Solutions counted by sampled units, batch after batch: their sums, to merge batches. */
typedef struct unit_sums {
    double units, sum, squares;
} unit_sums;

/* Adds a batch of `count` units to sums from its estimate e (solutions: the mean scaled to
 * `all` units; spread: the relative standard error of that mean). */
static void add_batch(unit_sums *sums, const nq_estimate *e, double count, double all)
{
    const double mean = e->solutions / all, sd = e->spread * mean * sqrt(count);
    sums->units += count;
    sums->sum += mean * count;
    sums->squares += count * (sd * sd + mean * mean);
}

/* The join's estimate: sampled units counted and timed (processor time) on one thread, in
 * batches of doubling size, each drawn with a seed of its own (no batch repeats another's
 * draws). When `asked` is nonzero, that many (all units when fewer) in one batch, spread over
 * the plan the most evenly. Else 64 at least (every unit once where the batches would reach
 * the plan's size), and more until a second has gone and the solutions' standard error is at
 * most 2 % (units vary widely: a sample of a hundred can err by several per cent), or the
 * sampling has taken a hundredth of the count's time, or the next batch would take it past half
 * a minute (where a unit takes seconds to minutes, that stops after a few units; BENCHMARKS.md,
 * "Estimates", says how many at each N). Its time scaled to all units and the threads; the
 * units counted into *counted. Returns 0 or an exit code. */
static int estimate_join(const nq_plan *plan, long long seed, double asked, int threads,
                         nq_estimate *e, double *seconds, double *counted, double *spent_out)
{
    const double units = (double)nq_plan_units(plan);
    if (asked > units)
        asked = units;
    unit_sums sums = { 0, 0, 0 };
    double spent = 0;
    *e = (nq_estimate){ 0, 0, 0 };
    *seconds = *counted = *spent_out = 0;
    for (uint64_t batch = 0; units > 0; batch++) {
        double count = asked > 0 ? asked : sums.units < FIRST_BATCH ? FIRST_BATCH : sums.units;
        if (asked <= 0 && sums.units + count >= units) {
            /* As many as the plan holds (a small board): every unit once, which is the count
             * itself, rather than draws that repeat units and a count of them past the plan's. */
            sums = (unit_sums){ 0, 0, 0 };
            spent = 0;
            count = units;
        }
        const double start = thread_time();
        int code = estimate_plan(plan, (long long)count, (uint64_t)seed + (batch << 32), e);
        if (code)
            return code;
        spent += thread_time() - start;
        add_batch(&sums, e, count, units);
        const double mean = sums.sum / sums.units;
        const double variance = sums.squares / sums.units - mean * mean;
        e->solutions = mean * units;
        e->spread = mean > 0 ? sqrt(variance > 0 ? variance : 0) / mean / sqrt(sums.units) : 0;
        *seconds = spent / sums.units * units / threads;
        *counted = sums.units;
        *spent_out = spent;
        /* The next batch would take as long as all before it. */
        if (asked > 0 || sums.units >= units || 2 * spent > SAMPLE_SECONDS ||
            (sums.units >= 64 && spent >= 1.0 &&
             (e->spread <= 0.02 || spent * 100 >= *seconds * threads)))
            return 0;
    }
    return 0;   /* no units: nothing to count */
}

/* Says on stderr, before the join's default sample starts, how long it will take: its first
 * batch (FIRST_BATCH units, however long they take), then batches while it stays within
 * SAMPLE_SECONDS of a core. Nothing is known of a unit's time before one is counted, and from
 * N = NOTICE_N the first batch alone may be the longer: a person waiting should know it is not
 * stuck, and that --probes P decides instead. */
static void sampling_notice(size_t units)
{
    char budget[48];
    format_time(SAMPLE_SECONDS, budget);
    fprintf(stderr, "nqueens: estimate: sampling the join's %zu work units on one core: the "
            "first %d, however long they take, then more while the sampling stays within about "
            "%s (--probes P counts P units instead)\n", units, FIRST_BATCH, budget);
}

/* The join's memory per worker thread and what its threads share (the list of units, and the
 * quarter's table where it is kept), from its need on `threads` threads and on one more: a
 * person sizing ranks and threads for a cluster needs both. Returns 0, or 1 when either could
 * not be had or the two take different layouts (the table on one, slices on the other). */
static int join_memory_split(const nq_board *board, const plan_choice *choice, int threads,
                             uint64_t *thread, uint64_t *shared)
{
    nq_plan_options these = plan_options(choice, 0, threads),
                    more = plan_options(choice, 0, threads + 1);
    uint64_t need, need_more;
    if (nq_plan_memory_needed(board, &these, &need) ||
        nq_plan_memory_needed(board, &more, &need_more) || need_more < need ||
        (need_more - need) * (uint64_t)threads > need)
        return 1;
    *thread = need_more - need;
    *shared = need - *thread * (uint64_t)threads;
    return 0;
}

/* The standard error a person can bet on: at most this, else the estimate says what it would
 * take. */
#define TRUSTED_ERROR 0.10

/* Fewer units than this (runs of four, eight of them) give a standard error that is itself
 * a guess: its own error is about 1 / sqrt(2 (runs - 1)). */
#define TRUSTED_UNITS 32

/* Where the join's default sampling stopped on its time limit with a standard error above
 * TRUSTED_ERROR, or on too few units to trust the error, says so on stderr, and what --probes
 * P would bring it to 10 %, with the time P units take one core here (the sampling's own rate:
 * the error shrinks as 1 / sqrt(P)). */
static void advise_probes(const nq_estimate *e, double counted, double spent, double units)
{
    if (e->spread <= TRUSTED_ERROR && counted >= TRUSTED_UNITS)
        return;
    double want = counted * (e->spread / TRUSTED_ERROR) * (e->spread / TRUSTED_ERROR);
    /* A sample this small drew its units one by one; P units from 32 on are counted in runs of
     * four consecutive ones, which tell less than four units drawn apart: at N = 28, parts of
     * one row set, about as much as one (when N = 26 was cut so, 168 units advised from 8 gave
     * 12.5 %, not 10 %: BENCHMARKS.md, "Projection"); at 26, whole row sets now, four runs of
     * four gave 20.6 %. */
    if (counted <= TRUSTED_UNITS)
        want *= 4;
    want = want > TRUSTED_UNITS ? want : TRUSTED_UNITS;
    const double probes = ceil(want / 4) * 4;
    char time[48];
    if (probes >= units) {
        format_time(spent / counted * units, time);
        fprintf(stderr, "nqueens: estimate: %.0f units counted in the sampling's time limit, "
                "a standard error of %.1f%%: not enough to bet on; a sample of 10%% takes as "
                "many units as the count itself (about %s on one core)\n", counted,
                100 * e->spread, time);
        return;
    }
    format_time(spent / counted * probes, time);
    fprintf(stderr, "nqueens: estimate: %.0f units counted in the sampling's time limit, a "
            "standard error of %.1f%%%s; for about %.0f%%, use --probes %.0f (about %s on one "
            "core)\n", counted, 100 * e->spread,
            counted < TRUSTED_UNITS ? ", itself uncertain from so few" : "",
            100 * TRUSTED_ERROR, probes, time);
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
        OPTION_BOARD,
        OPTION_THREADS,
        OPTION_METHOD,
        OPTION_MAX_MEMORY,
        { "probes", required_argument, NULL, 'n' },
        { "seed", required_argument, NULL, 'S' },
        { "help", no_argument, NULL, 'h' },
        { NULL, 0, NULL, 0 },
    };
    const char *board_path = NULL;
    long long probes = 200000, seed = 1;
    int probes_given = 0;
    int threads = 0;
    plan_choice choice = { NQ_METHOD_AUTO, 0, 0, 0, NQ_ENGINE_AUTO };
    int code = reject_negative_numbers("estimate", argc, argv), c;
    opterr = 0;
    while (!code && (c = getopt_long(argc, argv, ":b:t:m:n:S:h", options, NULL)) != -1) {
        switch (c) {
        case 'b': board_path = optarg; break;
        case 't': code = parse_threads(optarg, &threads); break;
        case 'm': code = parse_method(optarg, &choice.method); break;
        case OPT_MAX_MEMORY: code = parse_memory(optarg, &choice.max_memory); break;
        case 'n':
            code = parse_int(optarg, "probe count P", 1, 1000000000, &probes);
            probes_given = 1;
            break;
        case 'S': code = parse_int(optarg, "seed S", 0, INT64_MAX, &seed); break;
        case 'h': out_puts(help); return out_close();
        default: return fail_option("estimate", c, optopt, argv[optind - 1]);
        }
    }
    nq_board board;
    nq_plan *plan;
    if (code || (code = board_from_arguments("estimate", board_path, argc - optind,
                                             argv + optind, &board)) ||
        (code = make_plan("estimate", &board, &choice, 0, threads, &plan)))
        return code;
    int cores = online_cores();
    if (!threads)
        threads = cores;
    const int join = nq_plan_method(plan) == NQ_METHOD_JOIN;
    if (join && !probes_given && board.n >= NOTICE_N)
        sampling_notice(nq_plan_units(plan));
    nq_estimate e;
    double seconds = 0, per_square = 0, counted = 0, spent = 0;
    /* Threads beyond the cores take turns: the join's time is shared among the cores only (the
     * backtracker's calibration runs on the threads, and so measures their turns). */
    if (join)
        code = estimate_join(plan, seed, probes_given ? (double)probes : 0,
                             threads < cores ? threads : cores, &e, &seconds,
                             &counted, &spent);
    else if (!(code = estimate_plan(plan, probes, seed, &e)) &&
             !(code = seconds_per_square(threads, probes, seed, &per_square)))
        seconds = e.nodes * per_square;
    char line[640], time[48], work[256], error[48], solutions[128], machine[48] = "";
    if (!code) {
        format_time(seconds, time);
        char memory[32], checkpointed[32], spread[96] = "";
        format_bytes(nq_plan_memory(plan), memory);
        format_bytes(run_memory(plan, 1, 0), checkpointed);
        /* One probe, or one unit of a join's plan, has no spread to measure: its error is
         * unknown, not zero (every unit counted: the count itself, no error). */
        const int one_unit = join && counted < 2 && counted < (double)nq_plan_units(plan);
        if ((join && !one_unit) || (!join && probes >= 2))
            snprintf(error, sizeof error, "standard error %.1f%%", 100 * e.spread);
        else
            snprintf(error, sizeof error, "standard error unknown from 1 %s",
                     join ? "unit" : "probe");
        int used = snprintf(work, sizeof work, "memory: about %s, %s with --checkpoint\n",
                            memory, checkpointed);
        uint64_t thread_bytes, shared_bytes;
        if (join && !join_memory_split(&board, &choice, threads, &thread_bytes, &shared_bytes)) {
            char per_thread[32], shared[32];
            format_bytes(thread_bytes, per_thread);
            format_bytes(shared_bytes, shared);
            used += snprintf(work + used, sizeof work - (size_t)used,
                             "memory per thread: about %s, shared by the threads: %s\n",
                             per_thread, shared);
        }
        if (one_unit)
            snprintf(spread, sizeof spread, " (%s)", error);
        else if (join)
            snprintf(spread, sizeof spread, " (%s, %.0f units counted)", error, counted);
        else
            snprintf(work + used, sizeof work - (size_t)used, "squares to try: %.3g (%s)\n",
                     e.nodes, error);
        /* No solution met: the join counted units (not probes: --probes may not have been
         * given), and one of either is "the", not "none of the 1". */
        if (e.solutions > 0)
            snprintf(solutions, sizeof solutions, "about %.3g%s", e.solutions, spread);
        else if (join && counted < 2)
            snprintf(solutions, sizeof solutions, "not estimated: the one unit counted has no solution");
        else if (join)
            snprintf(solutions, sizeof solutions, "not estimated: none of the %.0f units "
                     "counted has a solution", counted);
        else if (probes < 2)
            snprintf(solutions, sizeof solutions, "not estimated: the one probe reached no solution");
        else
            snprintf(solutions, sizeof solutions, "not estimated: none of the %lld probes "
                     "reached a solution", probes);
        if (threads > cores)
            snprintf(machine, sizeof machine, ", which has %d core%s", cores,
                     cores == 1 ? "" : "s");
        snprintf(line, sizeof line,
                 "method: %s\nwork units: %zu\n%ssolutions: %s\ntime: about %s on %d "
                 "thread%s here%s\n",
                 join ? "join" : "backtrack", nq_plan_units(plan), work, solutions, time,
                 threads, threads == 1 ? "" : "s", machine);
        out_puts(line);
        if (join && !probes_given && counted > 0 && counted < (double)nq_plan_units(plan))
            advise_probes(&e, counted, spent, (double)nq_plan_units(plan));
    }
    nq_plan_free(plan);
    return code ? code : out_close();
}
