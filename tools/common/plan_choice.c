/*
 * plan_choice.c - the counting method and memory limit named on the command line, and the plan
 * they make, shared by `count`, `estimate` and nqueens-mpi.
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "plan_choice.h"

int parse_method(const char *text, nq_method *method)
{
    static const char *const names[] = { "auto", "backtrack", "join" };
    for (int m = 0; m < 3; m++)
        if (strcmp(text, names[m]) == 0) {
            *method = (nq_method)m;
            return 0;
        }
    return fail(EXIT_USAGE, "method '%s' is not one of auto, backtrack, join", text);
}

int parse_engine(const char *text, nq_engine *engine)
{
    static const char *const names[] = { "auto", "rows", "lines" };
    for (int e = 0; e < 3; e++)
        if (strcmp(text, names[e]) == 0) {
            *engine = (nq_engine)e;
            return 0;
        }
    return fail(EXIT_USAGE, "engine '%s' is not one of auto, rows, lines", text);
}

int parse_memory(const char *text, uint64_t *bytes)
{
    static const char units[] = "KMGT";
    size_t digits = strspn(text, "0123456789");
    const char *unit = text + digits;
    const char *found = *unit ? strchr(units, toupper((unsigned char)*unit)) : NULL;
    if (digits == 0 || (*unit && (!found || unit[1] != '\0')))
        return fail(EXIT_USAGE, "memory size '%s' is not a number of bytes with an optional "
                    "K, M, G or T (e.g. 8G)", text);
    errno = 0;
    unsigned long long v = strtoull(text, NULL, 10);
    int shift = found ? 10 * (int)(found - units + 1) : 0;
    if (errno == ERANGE || v == 0 || v > UINT64_MAX >> shift)
        return fail(EXIT_USAGE, "memory size '%s' is out of range (1 byte to 16 EiB)", text);
    *bytes = (uint64_t)v << shift;
    return 0;
}

uint64_t default_max_memory(void)
{
    long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
    return pages > 0 && size > 0 ? (uint64_t)pages * (uint64_t)size / 4 * 3
                                 : NQ_DEFAULT_MAX_MEMORY;
}

void format_bytes(uint64_t bytes, char out[32])
{
    if (bytes < 1024)
        snprintf(out, 32, "%" PRIu64 " bytes", bytes);
    else if (bytes < (UINT64_C(1) << 20))
        snprintf(out, 32, "%" PRIu64 " KiB", (bytes + 1023) >> 10);
    else if (bytes < (UINT64_C(1) << 30))
        snprintf(out, 32, "%" PRIu64 " MiB", (bytes + (1 << 20) - 1) >> 20);
    else
        snprintf(out, 32, "%.1f GiB", (double)bytes / (double)(UINT64_C(1) << 30));
}

/* NQ_PIECE_LEVELS, a knob for tests and measurements: how many queens deep below its own the
 * backtracker cuts a unit into pieces, 0 to 8 (0: whole units); unset or empty: the library's
 * choice by N. Returns it as nq_plan_options.piece_levels takes it, or -2 if it is none of
 * these. */
static int piece_levels_from_environment(void)
{
    const char *text = getenv("NQ_PIECE_LEVELS");
    if (!text || !*text)
        return 0;
    if (text[0] < '0' || text[0] > '8' || text[1])
        return -2;
    return text[0] == '0' ? -1 : text[0] - '0';
}

nq_plan_options plan_options(const plan_choice *choice, int unique, int threads)
{
    nq_plan_options options = { .method = choice->method, .engine = choice->engine,
                                .unique = unique, .threads = threads,
                                .max_memory = choice->max_memory ? choice->max_memory
                                                                 : default_max_memory(),
                                .piece_levels = choice->piece_levels
                                                    ? choice->piece_levels
                                                    : piece_levels_from_environment(),
                                .max_units = choice->max_units };
    return options;
}

void memory_figures(const nq_board *board, const nq_plan_options *options, char need[32],
                    char limit[32])
{
    uint64_t bytes;
    format_bytes(options->max_memory, limit);
    /* Under the limit, the least the join can take (its slices when the table does not fit). */
    if (nq_plan_memory_needed(board, options, &bytes) == NQ_OK)
        format_bytes(bytes, need);
    else
        strcpy(need, "?");
}

uint64_t run_memory(const nq_plan *plan, int checkpoint, int subtotals)
{
    return nq_plan_memory(plan) + (checkpoint ? nq_checkpoint_state_bytes(plan) : 0) +
           (subtotals ? ((uint64_t)nq_plan_units(plan) + 1) * sizeof(nq_unit_count) : 0);
}

/* Whether the library makes the plan by the method of the checkpoint choice resumes (see
 * nq_plan_options.resume): --method auto, a checkpoint of this side, and the join's only for
 * an empty board. */
static int by_checkpoint_method(const nq_board *board, const plan_choice *choice,
                                const nq_checkpoint_info *r)
{
    if (choice->method != NQ_METHOD_AUTO || !r || r->n != board->n)
        return 0;
    for (int row = 0; r->method == NQ_METHOD_JOIN && row < board->n; row++)
        if (board->blocked[row] || board->queen[row] >= 0)
            return 0;
    return 1;
}

/* Says why the join did not fit: itself, or the run's bookkeeping beside it. Returns
 * EXIT_RUNTIME. */
static int fail_join_memory(const char *command, const nq_board *board,
                            const nq_plan_options *options, int threads)
{
    char need[32], limit[32];
    nq_plan_options alone = *options;
    alone.keep = 0;
    nq_plan *plan;
    if (options->keep && nq_plan_create_with(board, &alone, &plan) == NQ_OK) {
        const unsigned keep = options->keep;
        format_bytes(run_memory(plan, (keep & NQ_KEEP_CHECKPOINT) != 0,
                                (keep & NQ_KEEP_SUBTOTALS) != 0), need);
        format_bytes(options->max_memory, limit);
        nq_plan_free(plan);
        return fail(EXIT_RUNTIME, "%s: the run needs about %s with its %s, more than the %s "
                    "allowed (--max-memory); raise it", command, need,
                    keep == (NQ_KEEP_CHECKPOINT | NQ_KEEP_SUBTOTALS) ? "checkpoint and subtotals"
                    : keep == NQ_KEEP_CHECKPOINT                    ? "checkpoint"
                                                                    : "subtotals",
                    limit);
    }
    memory_figures(board, options, need, limit);
    int workers = threads > 0 ? threads : online_cores();
    return fail(EXIT_RUNTIME, "%s: the join needs about %s with %d thread%s, more than the "
                "%s allowed (--max-memory); raise it, use fewer threads or --method "
                "backtrack", command, need, workers, workers == 1 ? "" : "s", limit);
}

int make_plan(const char *command, const nq_board *board, const plan_choice *choice, int unique,
              int threads, nq_plan **plan)
{
    return make_run_plan(command, board, choice, NULL, unique, threads, plan);
}

int make_run_plan(const char *command, const nq_board *board, const plan_choice *choice,
                  const plan_resume *resume, int unique, int threads, nq_plan **plan)
{
    nq_plan_options options = plan_options(choice, unique, threads);
    const plan_resume none = { 0, NULL, NULL };
    resume = resume ? resume : &none;
    options.keep = resume->keep;
    options.resume = resume->info;
    if (options.piece_levels == -2)
        return fail(EXIT_USAGE, "NQ_PIECE_LEVELS '%s' is not a number from 0 to 8",
                    getenv("NQ_PIECE_LEVELS"));
    nq_status status = nq_plan_create_with(board, &options, plan);
    if (status == NQ_ERR_METHOD)
        return fail(EXIT_USAGE, "%s: --method join counts empty boards of side 4 to %d only",
                    command, NQ_JOIN_MAX_N);
    if (status == NQ_ERR_MEMORY_LIMIT && by_checkpoint_method(board, choice, resume->info)) {
        /* The checkpoint's method, beyond the limit: the other would not resume it. */
        const int join = resume->info->method == NQ_METHOD_JOIN;
        char need[32], limit[32];
        options.method = resume->info->method;
        memory_figures(board, &options, need, limit);
        return fail(EXIT_RUNTIME, "%s: checkpoint %s was made by the %s, which needs about "
                    "%s here, more than the %s allowed (--max-memory); raise the limit to "
                    "resume it, or count with --method %s into a new checkpoint", command,
                    resume->path, join ? "join" : "backtracker", need, limit,
                    join ? "backtrack" : "join");
    }
    if (status == NQ_ERR_MEMORY_LIMIT && options.method == NQ_METHOD_JOIN)
        return fail_join_memory(command, board, &options, threads);
    if (status == NQ_ERR_MEMORY_LIMIT) {   /* auto too: the backtracker failed after the join */
        char need[32], limit[32];
        options.method = NQ_METHOD_BACKTRACK;
        memory_figures(board, &options, need, limit);
        return fail(EXIT_RUNTIME, "%s: the backtracker needs about %s for %s, with a "
                    "checkpoint's state and subtotals, more than the %s allowed (--max-memory); "
                    "raise it", command, need,
                    options.max_units || (options.resume && options.resume->n == board->n &&
                                          options.resume->method == NQ_METHOD_BACKTRACK)
                        ? "the checkpoint's work units"
                        : "its fewest work units",
                    limit);
    }
    if (status)
        return fail(EXIT_RUNTIME, "%s: %s", command, nq_strerror(status));
    return 0;
}
