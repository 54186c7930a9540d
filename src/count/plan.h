/*
 * plan.h - the insides of a plan (plan.c): a board's count split into numbered work units, by
 * the engine's splits or by the join, and the counting of one unit. The other files of count/
 * use them beyond nqueens.h: runs on threads (plan_run.c), checkpoints (checkpoint.c),
 * estimates (estimate.c), nq_count (count.c) and catalogues (catalogue.c).
 */
#ifndef NQ_COUNT_PLAN_H
#define NQ_COUNT_PLAN_H

#include "engine/engine.h"

struct nq_join;
struct nq_join_kernels;
struct nq_engine_kernels;

/* A plan: a board's count split into units (see nqueens.h), by the backtracker's search or by
 * the join (src/join). */
struct nq_plan {
    nq_board board;         /* the board counted */
    nq_search search;       /* the board compiled */
    unsigned group;         /* its symmetries */
    nq_unit *units;         /* the backtracker's units, in their fixed order */
    struct nq_join *join;   /* or the join's, which has its own */
    const struct nq_join_kernels *kernels;   /* the join's kernels for this CPU */
    size_t unit_count;
    int piece_levels;       /* the backtracker's units are counted in pieces this many queens
                               deep (engine/pieces.c); 0: whole */
    nq_engine engine;       /* the backtracker's engine: NQ_ENGINE_ROWS or NQ_ENGINE_LINES */
    const struct nq_engine_kernels *engine_kernels;   /* the backtracker's kernels for this CPU */
    int threads;            /* the workers its memory is for: a run takes as many or fewer */
    uint64_t memory;        /* bytes needed at most */
    uint64_t fingerprint;   /* digest of all the above and the engine version */
};

/* The bytes a caller keeps for `units` units as keep says (NQ_KEEP_* bits): a checkpoint's
 * state as nq_checkpoint_read allocates it, a count a unit for subtotals. */
uint64_t nq_keep_bytes(size_t units, unsigned keep);

/* What a worker keeps from one unit to the next: the join's buffers (NULL to begin with). */
struct nq_join_scratch;

/* nq_plan_count_unit for a worker that keeps *scratch between calls and frees it at the end
 * with nq_plan_scratch_free, and that may be asked to stop: it then returns NQ_ERR_STOPPED
 * within milliseconds, with *count undefined (the unit is not counted; stop may be NULL). */
nq_status nq_plan_count_unit_kept(const nq_plan *plan, size_t unit, int unique,
                                  nq_unit_count *count, struct nq_join_scratch **scratch,
                                  const nq_stop_flag *stop);
void nq_plan_scratch_free(struct nq_join_scratch *scratch);

/* How to count one unit, and where to start (see nq_plan_count_unit_from). */
typedef struct nq_unit_job {
    int unique;                 /* count classes too */
    uint64_t first_piece;       /* pieces counted before (0: none) ... */
    nq_unit_count before;       /* ... and their count */
    uint64_t end_piece;         /* count only the pieces before this one; 0: all */
    const nq_stop_flag *stop;   /* give up when it becomes nonzero; may be NULL */
    /* Called after each piece of a unit counted piecewise with the pieces counted so far
     * (first_piece included) and their count; may be NULL. */
    void (*on_piece)(void *context, uint64_t pieces, const nq_unit_count *so_far);
    void *context;
} nq_unit_job;

/* nq_plan_count_unit_kept as job says: a plan with pieces (plan->piece_levels > 0) counts the
 * backtracker's unit piece after piece from job->first_piece on, calling job->on_piece after
 * each, and on a stop returns NQ_ERR_STOPPED with the pieces counted so far reported there.
 * Gives the unit's whole count when it counts to the end. */
nq_status nq_plan_count_unit_from(const nq_plan *plan, size_t unit, const nq_unit_job *job,
                                  nq_unit_count *count, struct nq_join_scratch **scratch);

#endif /* NQ_COUNT_PLAN_H */
