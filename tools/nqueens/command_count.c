/*
 * command_count.c - `nqueens count`: the number of solutions, or of symmetry classes, with
 * progress, checkpoints to resume from, and per-unit subtotals for long runs.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "commands.h"
#include "common/checkpoint_file.h"
#include "common/plan_choice.h"
#include "common/progress.h"

static const char help[] =
    "Usage: nqueens count N [OPTIONS]\n"
    "       nqueens count --board FILE [OPTIONS]\n"
    "Print the number of ways to place N queens on an N x N board (1 <= N <= 64) so that none\n"
    "attacks another, or the number of completions of the board in FILE ('-' for stdin).\n"
    "\n"
    "  -b, --board FILE       count the completions of this board: N rows of N characters,\n"
    "                         '.' free, '*' bad square, 'Q' a queen every solution must contain\n"
    "  -u, --unique           count classes of solutions under the symmetries of the square\n"
    "                         that map the board onto itself (all eight on an empty board);\n"
    "                         the join derives them from the total Q by Burnside's lemma,\n"
    "                         (Q + P + 2R) / 8, P and R the solutions that the half turn and\n"
    "                         the quarter turn keep, found by small searches (--verbose)\n"
    "  -t, --threads T        worker threads (default: one per usable core)\n"
    "  -m, --method M         how to count: 'join' joins partial boards (empty boards of side\n"
    "                         4 to 28; much faster, needs memory: its table grows about\n"
    "                         eightfold every second size, to gigabytes at N = 24; row\n"
    "                         slices per thread, as it takes where the table does not fit\n"
    "                         and from N = 26, take a few times less; 'nqueens estimate'\n"
    "                         says how much), 'backtrack' searches (any board), 'auto'\n"
    "                         (the default) takes the join for empty boards from N = 12\n"
    "                         when it fits\n"
    "      --engine E         how to backtrack: 'rows' splits the board by its top rows and\n"
    "                         searches row by row, fewest free squares first; 'lines' splits\n"
    "                         and searches by rows and columns alike, filling any line left\n"
    "                         with one square at once (far faster on constrained boards);\n"
    "                         'auto' (the default) takes lines when at least 25 % of the\n"
    "                         squares are bad or taken by placed queens, or 5 % on a\n"
    "                         board without symmetry up to 32 wide\n"
    "      --max-memory SIZE  memory the count may take, e.g. 8G (K, M, G, T: powers of 1024;\n"
    "                         default: three quarters of physical memory); a join that would\n"
    "                         need more stops before it starts, or with 'auto' backtracks;\n"
    "                         the backtracker makes as many work units as fit\n"
    "  -p, --progress         report progress on stderr (default when stderr is a terminal)\n"
    "      --no-progress      do not\n"
    "  -c, --checkpoint FILE  record each finished work unit in FILE, synced every 2 s, and\n"
    "                         from N = 24, where units are counted in pieces, how far each\n"
    "                         unit in progress got (every 30 s and on a stop); rerun the same\n"
    "                         command to resume a run that was stopped or killed; a regular\n"
    "                         file, locked while the run lasts ('nqueens check' recounts its\n"
    "                         records)\n"
    "  -s, --subtotals FILE   write one CSV line per work unit to FILE: unit, weight,\n"
    "                         placement, total, unique; with --unique by the join, a last\n"
    "                         line 'classes' holds P, R and the unique count\n"
    "  -v, --verbose          say on stderr how the count was made: the method (by lines\n"
    "                         when the engine is), the total,\n"
    "                         and with --unique the classes (by the join: P and R too)\n"
    "  -h, --help             show this help\n"
    "\n"
    "Ctrl-C (SIGINT), SIGTERM or SIGHUP (unless ignored, as under nohup) stops after saving\n"
    "the checkpoint, losing a fraction of a second per thread; kill -9 loses at most about\n"
    "30 s per thread (the unit in progress below N = 24). NQ_PIECE_LEVELS=K (0 to 8) cuts\n"
    "units into pieces K queens deep at any N (0: whole units), for tests. Exit codes:\n"
    "0 success, 1 runtime failure (checkpoint or output not written, more memory needed than\n"
    "allowed, a subtotals FIFO nothing reads), 2 bad input (a checkpoint made for another\n"
    "problem, damaged, not a regular file or in use by another run, an output that is the\n"
    "checkpoint or the board file included), 130/143/129 stopped by SIGINT/SIGTERM/SIGHUP.\n";

/* Seconds between syncs of the checkpoint file. A kill -9 loses at most, per thread, the time
 * between partial records of a unit in progress (checkpoint_partial_seconds), a sync and the
 * piece in progress; a stop loses the piece in progress. */
#define SYNC_SECONDS 2.0

/* A count in progress: what the callbacks need. */
typedef struct count_run {
    checkpoint_file *checkpoint;  /* NULL without --checkpoint */
    nq_unit_count *subtotals;     /* each unit's count, for --subtotals, or NULL */
    int progress;                 /* show the progress line */
    double last_sync;             /* elapsed seconds at the last checkpoint sync */
    uint64_t saved;               /* units in the checkpoint, resumed ones included */
    uint64_t saved_in_part;       /* partial records written by this run */
} count_run;

static int on_unit(void *context, size_t unit, const nq_unit_count *count)
{
    count_run *run = context;
    if (run->subtotals)
        run->subtotals[unit] = *count;
    if (!run->checkpoint)
        return 0;
    if (checkpoint_append(run->checkpoint, unit, count))
        return 1;
    run->saved++;
    return 0;
}

static int on_partial(void *context, const nq_unit_partial *partial)
{
    count_run *run = context;
    if (!run->checkpoint)
        return 0;
    if (checkpoint_append_partial(run->checkpoint, partial))
        return 1;
    run->saved_in_part++;
    return 0;
}

static int on_tick(void *context, const nq_progress *progress)
{
    count_run *run = context;
    if (run->progress)
        progress_show(progress);
    if (run->checkpoint && progress->elapsed - run->last_sync >= SYNC_SECONDS) {
        run->last_sync = progress->elapsed;
        return checkpoint_sync(run->checkpoint);
    }
    return 0;
}

/* Whether the unique count of result was derived from the total by Burnside's lemma. */
static int by_burnside(const nq_plan *plan, int unique)
{
    return unique && nq_plan_method(plan) == NQ_METHOD_JOIN;
}

/* Whether fd and st are one regular file: device and inode, whatever names led to them. */
static int same_regular_file(int fd, const struct stat *st)
{
    struct stat other;
    return fd >= 0 && fstat(fd, &other) == 0 && S_ISREG(other.st_mode) &&
           other.st_dev == st->st_dev && other.st_ino == st->st_ino;
}

/* Refuses an output of the count (the subtotals, standard output) that is the checkpoint or
 * the board file read: it would write over them. Returns 0 or EXIT_USAGE after a message. */
static int refuse_overwrite(int subtotals_fd, const char *subtotals_path,
                            const checkpoint_file *cp, const char *board_path)
{
    struct stat st, board;
    int board_known = board_path && (strcmp(board_path, "-") == 0 ? fstat(STDIN_FILENO, &board)
                                                                  : stat(board_path, &board)) == 0;
    if (subtotals_fd >= 0 && fstat(subtotals_fd, &st) == 0 && S_ISREG(st.st_mode)) {
        if (same_regular_file(cp->fd, &st))
            return fail(EXIT_USAGE, "subtotals %s: is the checkpoint %s; refusing to write over "
                        "it", subtotals_path, cp->path);
        if (board_known && same_regular_file(subtotals_fd, &board))
            return fail(EXIT_USAGE, "subtotals %s: is the board file %s; refusing to write over "
                        "it", subtotals_path, display_name(board_path));
    }
    if (fstat(STDOUT_FILENO, &st) == 0 && same_regular_file(cp->fd, &st))
        return fail(EXIT_USAGE, "count: standard output is the checkpoint %s; refusing to write "
                    "over it", cp->path);
    return 0;
}

/* Opens the --subtotals file before the count starts, so that a path that cannot be written is
 * known at once; it is emptied only when the count has ended. A FIFO is opened without waiting
 * for a reader, which would hang the run before it starts: one with no reader is refused.
 * Returns the descriptor, or -1 after a message. */
static int open_subtotals(const char *path)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_NONBLOCK | O_CLOEXEC, 0644);
    if (fd < 0 && errno == ENXIO)
        fail(EXIT_RUNTIME, "subtotals %s: is a FIFO that no process reads; start its reader "
             "first", path);
    else if (fd < 0)
        fail(EXIT_RUNTIME, "subtotals %s: %s", path, strerror(errno));
    else if (fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) != 0) {
        fail(EXIT_RUNTIME, "subtotals %s: %s", path, strerror(errno));
        close(fd);
        fd = -1;
    }
    return fd;
}

/* Writes the --subtotals CSV file into fd (closed here), with a last line for classes derived
 * from the total: the unique column then still adds up to the unique count. Returns 0 or an
 * exit code after a message. */
static int write_subtotals(int fd, const char *path, const nq_plan *plan,
                           const nq_unit_count *counts, int unique, const nq_count_result *result)
{
    struct stat st;
    int regular = fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
    if (regular && fstat(STDOUT_FILENO, &st) == 0 && same_regular_file(fd, &st)) {
        /* Standard output's file by another name (/dev/stdout): written at its offset, before
         * the total, not over it from the start. */
        close(fd);
        fd = dup(STDOUT_FILENO);
        regular = 0;
    }
    FILE *f = fd >= 0 && (!regular || ftruncate(fd, 0) == 0) ? fdopen(fd, "w") : NULL;
    if (!f) {
        if (fd >= 0)
            close(fd);
        return fail(EXIT_RUNTIME, "subtotals %s: %s", path, strerror(errno));
    }
    fprintf(f, "unit,weight,placement,total,unique\n");
    for (size_t i = 0; i < nq_plan_units(plan); i++) {
        char placement[160];
        unsigned weight;
        nq_plan_describe_unit(plan, i, placement, sizeof placement, &weight);
        fprintf(f, "%zu,%u,%s,%" PRIu64 ",%" PRIu64 "\n", i, weight, placement, counts[i].total,
                counts[i].unique);
    }
    if (by_burnside(plan, unique)) {
        char p[40], r[40], classes[40];
        nq_u128_format(result->half_turn, p);
        nq_u128_format(result->quarter_turn, r);
        nq_u128_format(result->unique, classes);
        fprintf(f, "classes,,(total + P + 2R) / 8 with P = %s kept by the half turn and R = %s "
                "by the quarter turn,,%s\n", p, r, classes);
    }
    if (ferror(f) | fclose(f))
        return fail(EXIT_RUNTIME, "subtotals %s: write failed", path);
    return 0;
}

/* Says how a stopped run ended; returns its exit code. */
static int report_stop(const checkpoint_file *cp, const nq_plan *plan, const count_run *run)
{
    int signo = stop_signal;
    if (!signo)
        return EXIT_RUNTIME;
    if (cp->path)
        say("count: stopped by %s; %" PRIu64 " of %zu units are saved in %s%s: run the same "
            "command again to resume", stop_signal_name(signo), run->saved,
            nq_plan_units(plan), cp->path,
            run->saved_in_part ? ", and the pieces done of units in progress" : "");
    else
        say("count: stopped by %s; nothing was saved (--checkpoint FILE keeps finished "
            "units)", stop_signal_name(signo));
    return 128 + signo;
}

/* What to say, and which new checkpoint to remove, when a stop signal comes while the plan is
 * made: a second at N = 64, longer for the join's tables, and the library has no way to be
 * asked to stop it. Composed beforehand, as a signal handler may only write and end. */
static char planning_message[STOP_SIGNALS][512];   /* by the signal's place in stop_signals */
static const char *planning_new_checkpoint;        /* a checkpoint this run created, or NULL */

static void stop_while_planning(int signo)
{
    const char *message = planning_message[signo == SIGINT ? 0 : signo == SIGTERM ? 1 : 2];
    if (planning_new_checkpoint)
        unlink(planning_new_checkpoint);   /* nothing in it yet, and left as it was found */
    ssize_t ignored = write(STDERR_FILENO, message, strlen(message));
    (void)ignored;
    _exit(128 + signo);
}

/* Makes the stop signals end the process at once, with a word, until the plan is made. */
static void catch_signals_while_planning(const checkpoint_file *cp)
{
    for (int i = 0; i < STOP_SIGNALS; i++) {
        const char *name = stop_signal_name(stop_signals[i]);
        if (cp->path && !cp->created)
            snprintf(planning_message[i], sizeof planning_message[i], "nqueens: count: stopped "
                     "by %s while planning, before counting; %s is as it was: run the same "
                     "command again to resume\n", name, cp->path);
        else
            snprintf(planning_message[i], sizeof planning_message[i], "nqueens: count: stopped "
                     "by %s while planning, before counting; nothing was saved\n", name);
    }
    planning_new_checkpoint = cp->path && cp->created ? cp->path : NULL;
    catch_stop_signals_with(stop_while_planning);
}

/* The options of a count. */
typedef struct count_options {
    nq_run_options run;
    plan_choice choice;
    const char *board_path, *checkpoint_path, *subtotals_path;
    int progress;
    int verbose;    /* --verbose: say how the count was made */
} count_options;

static int parse_options(int argc, char **argv, count_options *o)
{
    enum { NO_PROGRESS = 256 };
    static const struct option options[] = {
        OPTION_BOARD,
        { "unique", no_argument, NULL, 'u' },
        OPTION_THREADS,
        OPTION_METHOD,
        OPTION_MAX_MEMORY,
        OPTION_ENGINE,
        { "progress", no_argument, NULL, 'p' },
        { "no-progress", no_argument, NULL, NO_PROGRESS },
        { "checkpoint", required_argument, NULL, 'c' },
        { "subtotals", required_argument, NULL, 's' },
        { "verbose", no_argument, NULL, 'v' },
        { "help", no_argument, NULL, 'h' },
        { NULL, 0, NULL, 0 },
    };
    int code = reject_negative_numbers("count", argc, argv), c;
    o->progress = isatty(STDERR_FILENO);
    opterr = 0;
    while (!code && (c = getopt_long(argc, argv, ":b:ut:m:pc:s:vh", options, NULL)) != -1) {
        switch (c) {
        case 'b': o->board_path = optarg; break;
        case 'u': o->run.unique = 1; break;
        case 't': code = parse_threads(optarg, &o->run.threads); break;
        case 'm': code = parse_method(optarg, &o->choice.method); break;
        case OPT_MAX_MEMORY: code = parse_memory(optarg, &o->choice.max_memory); break;
        case OPT_ENGINE: code = parse_engine(optarg, &o->choice.engine); break;
        case 'p': o->progress = 1; break;
        case NO_PROGRESS: o->progress = 0; break;
        case 'c': o->checkpoint_path = optarg; break;
        case 's': o->subtotals_path = optarg; break;
        case 'v': o->verbose = 1; break;
        case 'h': out_puts(help); return -1;
        default: return fail_option("count", c, optopt, argv[optind - 1]);
        }
    }
    return code;
}

/* Runs the plan with the checkpoint (cp, locked when wanted) and subtotals (into subtotals_fd)
 * wanted; closes both. Returns an exit code. */
static int run_plan(const nq_plan *plan, count_options *o, checkpoint_file *cp,
                    int subtotals_fd, nq_count_result *result)
{
    count_run run = { .progress = o->progress };
    int code = 0;
    if (o->checkpoint_path && (code = checkpoint_open(cp, o->checkpoint_path, plan,
                                                      o->run.unique))) {
        if (subtotals_fd >= 0)
            close(subtotals_fd);
        return code;
    }
    if (o->checkpoint_path) {
        run.checkpoint = cp;
        run.saved = cp->state.units_done;
        o->run.done = cp->state.done;
        o->run.done_total = cp->state.total;
        o->run.done_unique = cp->state.unique;
        o->run.partials = cp->state.partials;
        o->run.partial_count = cp->state.partial_count;
    }
    if (o->subtotals_path && !(run.subtotals = calloc(nq_plan_units(plan) + 1,
                                                      sizeof *run.subtotals)))
        code = fail(EXIT_RUNTIME, "count: out of memory");
    if (run.subtotals && cp->state.counts)
        memcpy(run.subtotals, cp->state.counts, nq_plan_units(plan) * sizeof *run.subtotals);
    o->run.on_unit = on_unit;
    o->run.on_tick = on_tick;
    o->run.on_partial = on_partial;
    o->run.partial_every = checkpoint_partial_seconds();
    o->run.stop = &stop_signal;
    o->run.context = &run;
    nq_status status = code ? NQ_OK : nq_plan_run(plan, &o->run, result);
    if (run.progress && !code)
        progress_end();
    int closed = o->checkpoint_path ? checkpoint_close(cp) : 0;
    if (!code && status == NQ_ERR_STOPPED)
        code = closed ? closed : report_stop(cp, plan, &run);
    else if (!code && status == NQ_ERR_WRONG_TOTAL)
        code = fail_wrong_total(o->checkpoint_path);
    else if (!code && status)
        code = fail(EXIT_RUNTIME, "count: %s", nq_strerror(status));
    else if (!code && closed)
        code = closed;
    if (!code && o->subtotals_path)
        code = write_subtotals(subtotals_fd, o->subtotals_path, plan, run.subtotals,
                               o->run.unique, result);
    else if (subtotals_fd >= 0)
        close(subtotals_fd);
    free(run.subtotals);
    return code;
}

/* Says on stderr how the count was made (--verbose): the method, the total, the classes, and
 * for classes derived from the total, P and R, so that anyone can check the sum. */
static void explain(const nq_plan *plan, int unique, const nq_count_result *result)
{
    char q[40], p[40], r[40], classes[40];
    nq_u128_format(result->total, q);
    nq_u128_format(result->half_turn, p);
    nq_u128_format(result->quarter_turn, r);
    nq_u128_format(result->unique, classes);
    const char *method = nq_plan_method(plan) == NQ_METHOD_JOIN        ? "by the join"
                         : nq_plan_engine(plan) == NQ_ENGINE_LINES ? "by backtracking by lines"
                                                                   : "by backtracking";
    if (by_burnside(plan, unique))
        say("count: %s: total Q = %s; the half turn keeps P = %s of them, the quarter turn "
            "R = %s; classes (Q + P + 2R) / 8 = %s", method, q, p, r, classes);
    else if (unique)
        say("count: %s: total %s, classes %s", method, q, classes);
    else
        say("count: %s: total %s", method, q);
}

/* Makes the plan of the run: the library makes a resumed checkpoint's again (its method, its
 * units), and holds the run's bookkeeping by unit (a checkpoint's state, subtotals) to
 * --max-memory with the plan. Returns 0 or an exit code (with no plan). */
static int plan_for_run(const nq_board *board, count_options *o, const checkpoint_file *cp,
                        nq_plan **plan)
{
    nq_checkpoint_info info;
    const unsigned keep = (o->checkpoint_path ? NQ_KEEP_CHECKPOINT : 0u) |
                          (o->subtotals_path ? NQ_KEEP_SUBTOTALS : 0u);
    const plan_resume resume = {
        keep, o->checkpoint_path && checkpoint_describe(cp, &info) ? &info : NULL,
        o->checkpoint_path
    };
    return make_run_plan("count", board, &o->choice, &resume, o->run.unique, o->run.threads,
                         plan);
}

int command_count(int argc, char **argv)
{
    count_options o = { 0 };
    int code = parse_options(argc, argv, &o);
    if (code)
        return code < 0 ? out_close() : code;
    nq_board board;
    if ((code = board_from_arguments("count", o.board_path, argc - optind, argv + optind, &board)))
        return code;
    /* Every output is opened, and the checkpoint locked, before the count starts. */
    checkpoint_file cp = { .fd = -1 };
    int subtotals_fd = -1;
    if (o.checkpoint_path && (code = checkpoint_lock(&cp, o.checkpoint_path)))
        return code;
    nq_plan *plan = NULL;
    catch_signals_while_planning(&cp);
    if ((o.subtotals_path && (subtotals_fd = open_subtotals(o.subtotals_path)) < 0) ||
        (code = refuse_overwrite(subtotals_fd, o.subtotals_path, &cp, o.board_path)) ||
        (code = plan_for_run(&board, &o, &cp, &plan))) {
        if (o.checkpoint_path)
            checkpoint_close(&cp);
        if (subtotals_fd >= 0)
            close(subtotals_fd);
        return code ? code : EXIT_RUNTIME;
    }
    catch_stop_signals();   /* from now on a stop request, answered within a second */
    nq_count_result result;
    code = run_plan(plan, &o, &cp, subtotals_fd, &result);
    if (!code && o.verbose)
        explain(plan, o.run.unique, &result);
    nq_plan_free(plan);
    if (code)
        return code;
    char digits[40];
    nq_u128_format(o.run.unique ? result.unique : result.total, digits);
    out_puts(digits);
    out_puts("\n");
    return out_close();
}
