/*
 * kernels.h - the engine's kernels for one CPU path, chosen together (kernels.c): the counting
 * and visiting kernels by rows and by lines, and the half turn's search. The object that runs
 * them takes one table when it is made (a plan, from nq_engine_kernels_best), so that every
 * unit it counts runs the same path and a CPU limit picks them all at once; the tests pass each
 * table in turn. The one kernel without a variant, the row kernel in order (kernel.c), serves
 * every path.
 */
#ifndef NQ_ENGINE_KERNELS_H
#define NQ_ENGINE_KERNELS_H

#include "engine/engine.h"

/* A kernel that counts the completions of a search from its root (see engine.h), and one that
 * visits them. */
typedef uint64_t nq_count_fn(const nq_search *search, const nq_stop_flag *stop);
typedef nq_status nq_visit_fn(const nq_search *search, nq_placed_fn visit, void *context,
                              const nq_stop_flag *stop);

/* The kernels of one path, named for the engine (NQ_ENGINE_ROWS, NQ_ENGINE_LINES) they serve. */
typedef struct nq_engine_kernels {
    const char *name;            /* the path: "portable", "popcnt" */
    nq_count_fn *count_rows;     /* by rows, n <= 32: fewest choices first (kernel_mrv.c) */
    nq_visit_fn *visit_rows;     /* the same, but row after row in order (kernel.c) where
                                    popcount is not one instruction, as it costs less there */
    nq_count_fn *count_lines;    /* by lines, n <= 32 (kernel_lines.c) */
    nq_visit_fn *visit_lines;
    nq_count_fn *count_nodes;    /* by lines, any n (kernel_nodes.c) */
    nq_visit_fn *visit_nodes;
    uint64_t (*half_turn)(int n);   /* nq_count_half_turn (symmetric.c) */
} nq_engine_kernels;

/* The tables: portable C, and for CPUs with a popcount instruction (use it only on one), which
 * the kernels lean on as they count the free squares of lines at each node. */
extern const nq_engine_kernels nq_engine_kernels_portable, nq_engine_kernels_popcnt;

/* The fastest table among the paths nq_cpu_uses allows now. */
const nq_engine_kernels *nq_engine_kernels_best(void);

/* Counts the completions of search from its root, or returns NQ_KERNEL_STOPPED if *stop became
 * nonzero first (stop may be NULL), with the kernel of table k that engine takes for the
 * board's side: by rows, fewest choices first up to n = 32 and in order beyond; by lines,
 * kernel_lines.c's up to 32 and kernel_nodes.c's beyond. */
uint64_t nq_engine_count(const nq_engine_kernels *k, nq_engine engine, const nq_search *search,
                         const nq_stop_flag *stop);

/* Calls visit for each completion of search from its root, in no set order, with the kernel
 * nq_engine_count would count with. Returns NQ_ERR_STOPPED if visit asked to stop or *stop
 * became nonzero, else NQ_OK. */
nq_status nq_engine_visit(const nq_engine_kernels *k, nq_engine engine, const nq_search *search,
                          nq_placed_fn visit, void *context, const nq_stop_flag *stop);

/* The engine that search, a board with the symmetries `group` (nq_board_symmetries), is counted
 * or listed with when `asked` is: asked itself, or for NQ_ENGINE_AUTO the one the board's share
 * of closed squares and its symmetries take (see nqueens.h). */
nq_engine nq_engine_for(const nq_search *search, unsigned group, nq_engine asked);

#endif /* NQ_ENGINE_KERNELS_H */
