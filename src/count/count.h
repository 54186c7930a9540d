/*
 * count.h - counting: a board's count split into numbered work units (a plan: plan.c),
 * by the engine's splits or by the join, run on threads (plan_run.c), recorded in checkpoints
 * (checkpoint.c), estimated (estimate.c), done in one call (count.c) or for many boards of one
 * size at once (catalogue.c). What the files share beyond nqueens.h: the plan's insides.
 */
#ifndef NQ_COUNT_H
#define NQ_COUNT_H

#include "engine/engine.h"

struct nq_join;
struct nq_match_items;

/* A plan: a board's count split into units (see nqueens.h), by the backtracker's search or by
 * the join (src/join). */
struct nq_plan {
    nq_board board;         /* the board counted */
    nq_search search;       /* the board compiled */
    unsigned group;         /* its symmetries */
    nq_unit *units;         /* the backtracker's units, in their fixed order */
    struct nq_join *join;   /* or the join's, which has its own */
    uint64_t (*match)(const uint64_t *, size_t, const struct nq_match_items *, int, void *);
                            /* the join's matcher for this CPU */
    size_t unit_count;
    uint64_t memory;        /* bytes needed at most */
    uint64_t fingerprint;   /* digest of all the above and the engine version */
};

/* What a worker keeps from one unit to the next: the join's buffers (NULL to begin with). */
struct nq_join_scratch;

/* nq_plan_count_unit for a worker that keeps *scratch between calls and frees it at the end
 * with nq_plan_scratch_free, and that may be asked to stop: it then returns NQ_ERR_STOPPED
 * within milliseconds, with *count undefined (the unit is not counted; stop may be NULL). */
nq_status nq_plan_count_unit_kept(const nq_plan *plan, size_t unit, int unique,
                                  nq_unit_count *count, struct nq_join_scratch **scratch,
                                  const nq_stop_flag *stop);
void nq_plan_scratch_free(struct nq_join_scratch *scratch);

#endif /* NQ_COUNT_H */
