/*
 * solve_walk.c - the lexicographic walk behind every listing: row by row, leftmost square first,
 * guided by a completion search so that it does not get lost in empty subtrees.
 *
 * A plain row-by-row search lists solutions in lexicographic order, but on large boards it can
 * spend hours in the subtree of a prefix that has no completion at all (the first solution of
 * the 36 x 36 board lies behind such subtrees). So where the subtree below a placement is large,
 * the walk first asks a completion search (kernel_find.c) whether the placement can be
 * completed: a proof that it cannot skips the subtree, a completion found or an answer not known
 * in the budget sends the walk down into it. Where the subtree is small, asking costs more than
 * searching, and the plain kernel lists it. Both answers are exact, so the order and the
 * solutions are those of the plain search; only the time differs.
 */
#include "board/symmetry.h"
#include "find/find.h"
#include "list/list.h"

#define PROBES 8                  /* Knuth probes per estimate of a subtree's size */
#define SMALL_TREE 50000.0        /* squares to try below which the plain kernel lists a subtree */

/* A walk in progress. */
typedef struct walker {
    const nq_walk *walk;
    uint64_t random;              /* the probes' generator */
    int8_t placed[NQ_MAX_N];      /* the queens of the rows above the current one */
} walker;

static int stopped(const nq_walk *walk)
{
    return nq_stop_requested(&walk->stop);
}

/* The kernel's visitor: passes a solution on unless the unique listing leaves it out. */
static int pass_on(void *context, int n, const int8_t *cols)
{
    const nq_walk *walk = context;
    if (stopped(walk))
        return 1;
    if (walk->group && !nq_is_canonical(cols, n, walk->group))
        return 0;
    return walk->visit(walk->context, n, cols);
}

/* Knuth's estimate of the squares the plain kernel would try below state s. */
static double tree_size(walker *k, const nq_search *search, nq_state s)
{
    double sum = 0, leaves;
    int8_t path[NQ_MAX_N];
    for (int i = 0; i < PROBES; i++)
        sum += nq_kernel_probe(search, s, &k->random, &leaves, path);
    return sum / PROBES;
}

/* Whether the rows above s.row, placed as k->placed says, can be completed from state s:
 * 1 yes, 0 no, -1 not known within about budget nodes. */
static int completable(walker *k, const nq_search *search, nq_state s, uint64_t budget)
{
    nq_search rest = *search;
    for (int r = 0; r < s.row; r++)
        rest.allow[r] = UINT64_C(1) << k->placed[r];
    for (int r = s.row; r < search->n; r++) {
        int d = r - s.row;
        rest.allow[r] &= ~(s.cols | s.d1 << d | s.d2 >> d);
    }
    int8_t cols[NQ_MAX_N];
    nq_find_limits limits = { 0, budget, k->walk->stop };
    nq_status status = nq_kernel_find_any(&rest, &limits, cols);
    return status == NQ_OK ? 1 : status == NQ_ERR_NO_SOLUTION ? 0 : -1;
}

static nq_status walk_from(walker *k, const nq_search *search, nq_state s)
{
    if (stopped(k->walk))
        return NQ_ERR_STOPPED;
    double size = s.row < search->n ? tree_size(k, search, s) : 0;
    if (size < (k->walk->plain_below ? k->walk->plain_below : SMALL_TREE))
        return nq_kernel_visit(search, s, k->placed, pass_on, (void *)k->walk);
    /* A question may cost as many nodes as the plain kernel would try below it. */
    uint64_t budget = size < 1e18 ? (uint64_t)size : UINT64_C(1000000000000000000);
    for (uint64_t f = nq_state_free(search, s); f; f &= f - 1) {
        uint64_t bit = f & -f;
        k->placed[s.row] = (int8_t)__builtin_ctzll(bit);
        nq_state child = nq_state_place(s, bit);
        if (completable(k, search, child, budget) == 0)
            continue;
        nq_status status = walk_from(k, search, child);
        if (status)
            return status;
    }
    return stopped(k->walk) ? NQ_ERR_STOPPED : NQ_OK;
}

nq_status nq_walk_lex(const nq_search *search, const nq_walk *walk)
{
    walker k = { walk, UINT64_C(0x9E3779B97F4A7C15), { 0 } };
    return walk_from(&k, search, nq_search_root(search));
}
