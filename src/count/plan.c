/*
 * plan.c - a board's count split into numbered work units, and the count of one unit.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/symmetry.h"
#include "count/plan.h"
#include "engine/kernels.h"
#include "join/join.h"

/* Units to aim at by default: 4096 up to n = 18, enough for a few hundred cores to share, then
 * four times as many per size, as the work grows about sevenfold, up to a million: short
 * units up to n = 22, so that checkpoints and ranks lose and wait little. From n = 26, 16
 * million, for the backtracker; the join makes its units of row sets whatever the aim: whole
 * ones to n = 27 (2.6 million at 26), cut into parts from 28 (join.c). The backtracker's split
 * makes NQ_BACKTRACK_MAX_UNITS at most, and only what fits in max_memory: it may stop short of
 * this aim. */
static size_t default_min_units(int n)
{
    size_t units = 4096;
    for (int k = 18; k < n && units < (1u << 20); k++)
        units *= 4;
    return n >= 26 ? (size_t)1 << 24 : units;
}

/* How deep below a unit's queens the backtracker cuts pieces by default: none below n = 24,
 * whose units take a second or less on average; then a level more per size, as the average unit
 * grows sevenfold with each and a level of the walk splits it about that much, so that pieces
 * stay well below a second (BENCHMARKS.md, "Units in pieces"). From n = 26 the split stops
 * short of its aim (NQ_BACKTRACK_MAX_UNITS), units are a dozen times larger, and so are
 * pieces, still below a second at 27. Six levels at most, so that a unit has far fewer
 * pieces than a record can count. */
static int default_piece_levels(int n)
{
    return n < 24 ? 0 : n - 22 < 6 ? n - 22 : 6;
}

/* Units of the engine by lines by default: a few thousand share the work of a few cores
 * evenly, and each costs its search's first levels again. Not by threads, so that a checkpoint
 * resumes on any number. */
#define LINES_MIN_UNITS 4096

/* 64-bit FNV-1a, continuing from hash. */
static uint64_t fnv1a(uint64_t hash, const void *data, size_t size)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < size; i++)
        hash = (hash ^ p[i]) * UINT64_C(0x100000001b3);
    return hash;
}

static uint64_t fingerprint(const nq_plan *plan)
{
    uint64_t h = UINT64_C(0xcbf29ce484222325);
    int header[4] = { NQ_ENGINE_VERSION, plan->board.n, (int)plan->group, plan->piece_levels };
    h = fnv1a(h, header, sizeof header);
    h = fnv1a(h, plan->board.blocked, (size_t)plan->board.n * sizeof plan->board.blocked[0]);
    /* The columns as bytes, as nq_board held them once: plans keep their fingerprints, and
     * checkpoints stay good. */
    int8_t queens[NQ_MAX_N];
    for (int r = 0; r < plan->board.n; r++)
        queens[r] = (int8_t)plan->board.queen[r];
    h = fnv1a(h, queens, (size_t)plan->board.n);
    if (plan->engine == NQ_ENGINE_LINES) {   /* plans by rows hash as they did */
        const uint64_t engine = NQ_ENGINE_LINES;
        h = fnv1a(h, &engine, sizeof engine);
    }
    for (size_t i = 0; plan->units && i < plan->unit_count; i++) {
        const nq_unit *u = &plan->units[i];
        uint8_t fields[5] = { u->queens, u->weight, u->unique_group, u->rule, u->shape };
        h = fnv1a(h, fields, sizeof fields);
        h = fnv1a(h, u->row, u->queens);
        h = fnv1a(h, u->col, u->queens);
    }
    /* A join plan: its method, the order of its row sets (their first and count say which row
     * sets a unit takes only with it: checkpoints made when row sets came in increasing order
     * must not resume), each unit's row sets and each unit's start. */
    if (plan->join) {
        const uint64_t order = NQ_JOIN_NORTH_BLOCK;
        h = fnv1a(h, &order, sizeof order);
    }
    for (size_t i = 0; plan->join && i < plan->unit_count; i++) {
        const nq_join_unit *u = nq_join_unit_at(plan->join, i);
        const nq_join_start *s = nq_join_start_at(plan->join, u->start);
        uint64_t fields[8] = { NQ_METHOD_JOIN, u->start, u->first, u->count, s->rows,
                               s->east | (uint64_t)s->west << 32, s->up ^ s->down << 1,
                               s->weight };
        h = fnv1a(h, fields, sizeof fields);
        if (s->choices) {   /* a start for several (odd n); those without hash as they did */
            const uint64_t choices = s->choices;
            h = fnv1a(h, &choices, sizeof choices);
        }
        if (u->parts > 1) {   /* a part of a row set (n >= 26); whole ones hash as they did */
            uint64_t part[2] = { u->part, u->parts };
            h = fnv1a(h, part, sizeof part);
        }
    }
    return h;
}

/* A unit of the backtracker's costs its place in the plan, and in a run a checkpoint's state
 * (a bit and a count) and a subtotal. */
_Static_assert(sizeof(nq_unit) + 2 * sizeof(nq_unit_count) + 1 <= NQ_BACKTRACK_UNIT_BYTES,
               "NQ_BACKTRACK_UNIT_BYTES below what a unit takes");

/* The memory of a backtracker's plan of `units` units for `threads` workers: the plan, the
 * units, and a search of a unit on each worker's stack. */
static uint64_t backtrack_memory(size_t units, int threads)
{
    return sizeof(nq_plan) + (uint64_t)units * sizeof(nq_unit) +
           (uint64_t)threads * sizeof(nq_search);
}

/* The bytes options allow: 0 means NQ_DEFAULT_MAX_MEMORY, as in every options struct. */
static uint64_t memory_limit(const nq_plan_options *options)
{
    return options->max_memory ? options->max_memory : NQ_DEFAULT_MAX_MEMORY;
}

/* The most units a backtracker's plan may make under options: as many as fit in max_memory
 * with their bookkeeping, NQ_BACKTRACK_MAX_UNITS at most unless max_units asks for more. 0:
 * none fit, or not the max_units asked for. */
static size_t backtrack_max_units(const nq_plan_options *options, int threads)
{
    const uint64_t fixed = backtrack_memory(0, threads);
    const uint64_t limit = memory_limit(options);
    const uint64_t fit = limit <= fixed ? 0 : (limit - fixed) / NQ_BACKTRACK_UNIT_BYTES;
    if (options->max_units)
        return options->max_units <= fit ? options->max_units : 0;
    return fit < NQ_BACKTRACK_MAX_UNITS ? (size_t)fit : NQ_BACKTRACK_MAX_UNITS;
}

/* Makes p count with the backtracker's search, by the engine asked, its units bounded as
 * backtrack_max_units says. */
static nq_status create_backtrack(nq_plan *p, const nq_plan_options *options, int threads)
{
    nq_status status = nq_search_compile(&p->board, &p->search);
    p->group = status ? 1u : nq_board_symmetries(&p->board);
    p->engine = status ? NQ_ENGINE_ROWS : nq_engine_for(&p->search, p->group, options->engine);
    p->engine_kernels = nq_engine_kernels_best();
    nq_unit_list list = { NULL, 0, 0 };
    const size_t max_units = backtrack_max_units(options, threads);
    if (!status && !max_units)
        status = NQ_ERR_MEMORY_LIMIT;
    else if (!status && p->engine == NQ_ENGINE_LINES)
        status = nq_split_lines(&p->search, p->group,
                                options->min_units ? options->min_units : LINES_MIN_UNITS, &list);
    else if (!status)
        status = nq_split(&p->search, p->group,
                          options->min_units ? options->min_units
                                             : default_min_units(p->board.n),
                          max_units, options->max_units != 0, &list);
    /* The engine by lines makes the units its search's first choices give, a few thousand:
     * held to the limit all the same. */
    if (!status && list.count > max_units)
        status = NQ_ERR_MEMORY_LIMIT;
    p->units = list.units;
    p->unit_count = list.count;
    p->memory = backtrack_memory(list.count, threads);
    /* The split counted the bookkeeping in by the unit; the few bytes beyond, of a tiny plan,
     * are held to the limit too. */
    if (!status && p->memory + nq_keep_bytes(list.count, options->keep) > memory_limit(options))
        status = NQ_ERR_MEMORY_LIMIT;
    return status;
}

uint64_t nq_keep_bytes(size_t units, unsigned keep)
{
    const uint64_t counts = ((uint64_t)units + 1) * sizeof(nq_unit_count);
    return (keep & NQ_KEEP_CHECKPOINT ? (uint64_t)units / 8 + 1 + counts : 0) +
           (keep & NQ_KEEP_SUBTOTALS ? counts : 0);
}

/* The caller's bookkeeping by unit (keep) for the join of side n: its units are the same
 * whichever layout it takes, so that the bookkeeping is known first and the layout chosen in
 * what is left of the limit. */
static uint64_t join_kept(int n, size_t min_units, unsigned keep)
{
    return keep ? nq_keep_bytes(nq_join_units_measured(n, min_units), keep) : 0;
}

/* Makes p count with the join, its bookkeeping by unit (keep) held to max_memory with it. */
static nq_status create_join(nq_plan *p, size_t min_units, int threads, uint64_t max_memory,
                             unsigned keep)
{
    p->group = nq_board_symmetries(&p->board);
    const uint64_t kept = join_kept(p->board.n, min_units, keep);
    if (kept >= max_memory)
        return NQ_ERR_MEMORY_LIMIT;
    nq_status status = nq_join_create(p->board.n, min_units, max_memory - kept, threads,
                                      NQ_JOIN_ANY, &p->join, &p->memory);
    if (status)
        return status;
    p->unit_count = nq_join_unit_count(p->join);
    p->kernels = nq_join_kernels_best();
    return NQ_OK;
}

/* Whether the join counts board: empty, of a side it handles. */
static int join_counts(const nq_board *board)
{
    for (int r = 0; r < board->n; r++)
        if (board->blocked[r] || board->queen[r] >= 0)
            return 0;
    return board->n >= NQ_JOIN_MIN_N && board->n <= NQ_JOIN_MAX_N;
}

/* The method options ask for, AUTO resolved as if memory had no limit. Returns NQ_OK,
 * NQ_ERR_ARGUMENT, NQ_ERR_SIZE or NQ_ERR_METHOD. */
static nq_status choose_method(const nq_board *board, const nq_plan_options *options,
                               nq_method *method)
{
    if (!board || options->method < NQ_METHOD_AUTO || options->method > NQ_METHOD_JOIN ||
        options->engine < NQ_ENGINE_AUTO || options->engine > NQ_ENGINE_LINES)
        return NQ_ERR_ARGUMENT;
    if (board->n < 1 || board->n > NQ_MAX_N)
        return NQ_ERR_SIZE;
    *method = options->method;   /* the join's runs derive unique counts from their totals */
    if (*method == NQ_METHOD_JOIN && !join_counts(board))
        return NQ_ERR_METHOD;
    if (*method == NQ_METHOD_AUTO)
        *method = join_counts(board) && board->n >= NQ_JOIN_AUTO_MIN_N ? NQ_METHOD_JOIN
                                                                        : NQ_METHOD_BACKTRACK;
    return NQ_OK;
}

/* options as the checkpoint they resume asks (nq_plan_options.resume): its method for AUTO,
 * its unit count for the backtracker. */
static nq_plan_options resumed(const nq_board *board, const nq_plan_options *options)
{
    nq_plan_options o = *options;
    const nq_checkpoint_info *r = options->resume;
    if (!r || !board || r->n != board->n)
        return o;
    if (o.method == NQ_METHOD_AUTO &&
        (r->method == NQ_METHOD_BACKTRACK || (r->method == NQ_METHOD_JOIN && join_counts(board))))
        o.method = r->method;
    if (o.method == NQ_METHOD_BACKTRACK && r->method == NQ_METHOD_BACKTRACK && !o.max_units &&
        r->units <= SIZE_MAX)
        o.max_units = (size_t)r->units;
    return o;
}

nq_status nq_plan_create_with(const nq_board *board, const nq_plan_options *options,
                              nq_plan **plan)
{
    const nq_plan_options defaults = { 0 };
    const nq_plan_options asked = resumed(board, options ? options : &defaults);
    options = &asked;
    nq_method method;
    nq_status status = plan ? choose_method(board, options, &method) : NQ_ERR_ARGUMENT;
    if (status)
        return status;
    nq_plan *p = calloc(1, sizeof *p);
    if (!p)
        return NQ_ERR_NOMEM;
    p->board = *board;
    const int threads = options->threads > 0 ? options->threads : nq_online_cores();
    p->threads = threads;
    p->engine = NQ_ENGINE_ROWS;
    if (method == NQ_METHOD_JOIN) {
        status = create_join(p, options->min_units ? options->min_units
                                                   : default_min_units(board->n),
                             threads, memory_limit(options), options->keep);
        if (status == NQ_ERR_MEMORY_LIMIT && options->method == NQ_METHOD_AUTO)
            method = NQ_METHOD_BACKTRACK;   /* the backtracker needs next to nothing */
    }
    if (method == NQ_METHOD_BACKTRACK) {
        status = create_backtrack(p, options, threads);
        p->piece_levels = options->piece_levels < 0   ? 0
                          : options->piece_levels == 0 && p->engine == NQ_ENGINE_LINES ? 0
                          : options->piece_levels == 0 ? default_piece_levels(board->n)
                          : options->piece_levels < 8  ? options->piece_levels
                                                       : 8;
    }
    if (status) {
        nq_plan_free(p);
        return status;
    }
    p->fingerprint = fingerprint(p);
    *plan = p;
    return NQ_OK;
}

nq_status nq_plan_memory_needed(const nq_board *board, const nq_plan_options *options,
                                uint64_t *bytes)
{
    const nq_plan_options defaults = { 0 };
    const nq_plan_options asked = resumed(board, options ? options : &defaults);
    options = &asked;
    nq_method method;
    nq_status status = choose_method(board, options, &method);
    if (status || !bytes)
        return status ? status : NQ_ERR_ARGUMENT;
    const int threads = options->threads > 0 ? options->threads : nq_online_cores();
    if (method == NQ_METHOD_JOIN) {
        const size_t min_units = options->min_units ? options->min_units
                                                    : default_min_units(board->n);
        const uint64_t limit = memory_limit(options);
        const uint64_t kept = join_kept(board->n, min_units, options->keep);
        /* The layout chosen in what the bookkeeping leaves; none left: the least. */
        status = nq_join_memory(board->n, min_units, threads, NQ_JOIN_ANY,
                                kept < limit ? limit - kept : 1, bytes);
        *bytes += status ? 0 : kept;
        return status;
    }
    /* The units asked for, or those of the plan made, or when none fits of the coarsest
     * split. */
    const uint64_t per_unit = NQ_BACKTRACK_UNIT_BYTES - sizeof(nq_unit);
    if (options->max_units) {
        *bytes = backtrack_memory(options->max_units, threads) + options->max_units * per_unit;
        return NQ_OK;
    }
    nq_plan_options backtrack = *options;
    backtrack.method = NQ_METHOD_BACKTRACK;
    nq_plan *plan;
    if ((status = nq_plan_create_with(board, &backtrack, &plan)) == NQ_ERR_MEMORY_LIMIT) {
        backtrack.max_memory = NQ_NO_MEMORY_LIMIT;
        backtrack.min_units = 1;
        status = nq_plan_create_with(board, &backtrack, &plan);
    }
    if (status)
        return status;
    *bytes = plan->memory + (uint64_t)plan->unit_count * per_unit;
    nq_plan_free(plan);
    return NQ_OK;
}

nq_status nq_plan_create(const nq_board *board, size_t min_units, nq_plan **plan)
{
    nq_plan_options options = { .min_units = min_units };
    return nq_plan_create_with(board, &options, plan);
}

void nq_plan_free(nq_plan *plan)
{
    if (plan) {
        free(plan->units);
        nq_join_free(plan->join);
    }
    free(plan);
}

nq_engine nq_plan_engine(const nq_plan *plan)
{
    return plan ? plan->engine : NQ_ENGINE_AUTO;
}

nq_method nq_plan_method(const nq_plan *plan)
{
    return plan && plan->join ? NQ_METHOD_JOIN : NQ_METHOD_BACKTRACK;
}

int nq_plan_threads(const nq_plan *plan)
{
    return plan ? plan->threads : 0;
}

uint64_t nq_plan_memory(const nq_plan *plan)
{
    return plan ? plan->memory : 0;
}

size_t nq_plan_units(const nq_plan *plan)
{
    return plan ? plan->unit_count : 0;
}

uint64_t nq_plan_fingerprint(const nq_plan *plan)
{
    return plan ? plan->fingerprint : 0;
}

/* The visitor of units whose completions are checked one by one against their images. */
typedef struct class_visit {
    unsigned group;      /* the symmetries to check against */
    int rule;            /* enum nq_rule */
    uint64_t total;      /* completions counted, under the rule */
    uint64_t least;      /* completions least among their images */
} class_visit;

static int count_classes(void *context, int n, const int8_t *cols)
{
    class_visit *v = context;
    int size = nq_class_size(cols, n, v->group);
    v->least += size > 0;
    v->total += v->rule == NQ_RULE_CLASS ? (uint64_t)size : 1;
    return 0;
}

/* Counts the completions of search, a unit's or a piece's, by u's rule with plan's engine and
 * kernels: into *completions (class sizes added in under NQ_RULE_CLASS, the unit's weight not
 * applied) and into *least those least among their images (when counted). Returns NQ_OK or
 * NQ_ERR_STOPPED. */
static nq_status count_search(const nq_plan *plan, const nq_unit *u, const nq_search *search,
                              int unique, uint64_t *completions, uint64_t *least,
                              const nq_stop_flag *stop)
{
    if (u->rule == NQ_RULE_CLASS || (unique && u->unique_group != 1u)) {
        class_visit v = { u->unique_group, u->rule, 0, 0 };
        if (nq_engine_visit(plan->engine_kernels, plan->engine, search, count_classes, &v, stop))
            return NQ_ERR_STOPPED;
        *completions = v.total;
        *least = v.least;
        return NQ_OK;
    }
    /* Every completion is the least of its images, or the unique count is not wanted. */
    *completions = nq_engine_count(plan->engine_kernels, plan->engine, search, stop);
    if (*completions == NQ_KERNEL_STOPPED)
        return NQ_ERR_STOPPED;
    *least = u->unique_group == 1u ? *completions : 0;
    return NQ_OK;
}

/* The weight a unit's completions count with: class sizes are already counted in under
 * NQ_RULE_CLASS. */
static uint64_t weight_of(const nq_unit *u)
{
    return u->rule == NQ_RULE_CLASS ? 1 : u->weight;
}

/* Adds completions, weighted, and least to *count; returns NQ_OK or NQ_ERR_OVERFLOW. */
static nq_status add_weighted(nq_unit_count *count, uint64_t completions, uint64_t least,
                              uint64_t weight)
{
    if (completions > UINT64_MAX / weight || count->total > UINT64_MAX - completions * weight ||
        count->unique > UINT64_MAX - least)
        return NQ_ERR_OVERFLOW;
    count->total += completions * weight;
    count->unique += least;
    return NQ_OK;
}

/* A unit counted piece after piece. */
typedef struct piecewise {
    const nq_plan *plan;
    const nq_unit *unit;
    const nq_unit_job *job;
    uint64_t pieces;          /* pieces counted, those before job->first_piece included */
    nq_unit_count count;      /* their count */
    nq_status status;         /* NQ_ERR_STOPPED or NQ_ERR_OVERFLOW when the walk was cut short */
} piecewise;

static int count_piece(void *context, const nq_search *piece)
{
    piecewise *p = context;
    const nq_unit_job *job = p->job;
    uint64_t completions, least;
    if (job->end_piece && p->pieces >= job->end_piece)
        return 1;
    /* Small pieces may end before the kernel looks at the flag: look before each. */
    if (job->stop && atomic_load_explicit(job->stop, memory_order_relaxed)) {
        p->status = NQ_ERR_STOPPED;
        return 1;
    }
    if ((p->status = count_search(p->plan, p->unit, piece, job->unique, &completions, &least, job->stop)) ||
        (p->status = add_weighted(&p->count, completions, least, weight_of(p->unit))))
        return 1;
    p->pieces++;
    if (job->on_piece)
        job->on_piece(job->context, p->pieces, &p->count);
    return 0;
}

/* Counts a unit of the backtracker's plan as job says, or gives up with NQ_ERR_STOPPED. */
static nq_status count_backtrack_unit(const nq_plan *plan, size_t unit, const nq_unit_job *job,
                                      nq_unit_count *count)
{
    const nq_unit *u = &plan->units[unit];
    nq_search search;
    nq_search_of_unit(&plan->search, u, &search);
    if (plan->piece_levels > 0) {
        piecewise p = { plan, u, job, job->first_piece, job->before, NQ_OK };
        nq_pieces_walk(&search, plan->piece_levels, job->first_piece, count_piece, &p);
        *count = p.count;
        return p.status;
    }
    uint64_t completions, least;
    *count = (nq_unit_count){ 0, 0 };
    if (job->first_piece > 0)
        return NQ_OK;   /* the unit is its one piece, counted before or not wanted */
    nq_status status = count_search(plan, u, &search, job->unique, &completions, &least, job->stop);
    return status ? status : add_weighted(count, completions, least, weight_of(u));
}

nq_status nq_plan_count_unit_from(const nq_plan *plan, size_t unit, const nq_unit_job *job,
                                  nq_unit_count *count, struct nq_join_scratch **scratch)
{
    if (!plan || !job || !count || unit >= plan->unit_count)
        return NQ_ERR_ARGUMENT;
    if (!plan->join)
        return count_backtrack_unit(plan, unit, job, count);
    if (!*scratch && !(*scratch = nq_join_scratch_create(plan->join)))
        return NQ_ERR_NOMEM;
    count->unique = 0;   /* the join counts no classes: a whole run derives them (plan_run.c) */
    return nq_join_count_unit(plan->join, unit, plan->kernels, *scratch, job->stop,
                              &count->total);
}

nq_status nq_plan_count_unit_kept(const nq_plan *plan, size_t unit, int unique,
                                  nq_unit_count *count, struct nq_join_scratch **scratch,
                                  const nq_stop_flag *stop)
{
    nq_unit_job job = { .unique = unique, .stop = stop };
    return nq_plan_count_unit_from(plan, unit, &job, count, scratch);
}

nq_status nq_plan_count_pieces(const nq_plan *plan, size_t unit, int unique, uint64_t pieces,
                               nq_unit_count *count)
{
    if (!plan || !count || unit >= plan->unit_count || !pieces)
        return NQ_ERR_ARGUMENT;
    struct nq_join_scratch *scratch = NULL;
    nq_unit_job job = { .unique = unique, .end_piece = pieces };
    nq_status status = nq_plan_count_unit_from(plan, unit, &job, count, &scratch);
    nq_join_scratch_free(scratch);
    return status;
}

void nq_plan_scratch_free(struct nq_join_scratch *scratch)
{
    nq_join_scratch_free(scratch);
}

nq_status nq_plan_count_unit(const nq_plan *plan, size_t unit, int unique, nq_unit_count *count)
{
    struct nq_join_scratch *scratch = NULL;
    nq_status status = nq_plan_count_unit_kept(plan, unit, unique, count, &scratch, NULL);
    nq_join_scratch_free(scratch);
    return status;
}

/* Describes a join unit: the start's queens, the first row set as a mask of board rows whose
 * queen stands in the east half, and how many row sets the unit counts. */
static void describe_join_unit(const nq_plan *plan, size_t unit, char *buf, size_t size,
                               unsigned *weight)
{
    const nq_join_unit *u = nq_join_unit_at(plan->join, unit);
    const nq_join_start *s = nq_join_start_at(plan->join, u->start);
    const int n = plan->board.n, h = n / 2;
    /* Rows of the start's numbering: h north ones, then h south ones from row n - h. */
    uint64_t rows = (u->first & ((1u << h) - 1)) | (uint64_t)(u->first >> h) << (n - h);
    size_t used = 0;
    for (int q = 0; q < s->queens && used < size; q++)
        used += (size_t)snprintf(buf + used, size - used, "%d:%d ", s->row[q] + 1, s->col[q] + 1);
    /* A start with choices: the middle row's queen in one of a run of east columns. */
    if (s->choices && used < size)
        used += (size_t)snprintf(buf + used, size - used, "%d:%d-%d ", h + 1,
                                 n - h + __builtin_ctz(s->choices) + 1,
                                 n - h + 32 - __builtin_clz(s->choices));
    if (used < size && u->parts > 1)
        snprintf(buf + used, size - used, "east-rows 0x%" PRIx64 " (part %u of %u)", rows,
                 u->part + 1u, (unsigned)u->parts);
    else if (used < size)
        snprintf(buf + used, size - used, "east-rows 0x%" PRIx64 " (%" PRIu32 " row sets)", rows,
                 u->count);
    if (weight)
        *weight = s->symmetric ? 1 : s->weight;
}

void nq_plan_describe_unit(const nq_plan *plan, size_t unit, char *buf, size_t size,
                           unsigned *weight)
{
    static const char *const shapes[] = { "", "corner ", "strict ", "tie-bottom ", "tie-left ",
                                          "tie-right " };
    if (!plan || !buf || !size || unit >= plan->unit_count)
        return;
    if (plan->join) {
        describe_join_unit(plan, unit, buf, size, weight);
        return;
    }
    const nq_unit *u = &plan->units[unit];
    size_t used = (size_t)snprintf(buf, size, "%s", shapes[u->shape]);
    for (int q = 0; q < u->queens && used < size; q++)
        used += (size_t)snprintf(buf + used, size - used, "%s%d:%d", q ? " " : "", u->row[q] + 1,
                                 u->col[q] + 1);
    if (weight)
        *weight = u->weight;
}
