/*
 * solve_walk.c - the lexicographic walk behind every listing: row by row, leftmost square first,
 * guided by a completion search so that it does not get lost in empty subtrees.
 *
 * A plain row-by-row search lists solutions in lexicographic order, but on large boards it can
 * spend hours in the subtree of a prefix that has no completion at all (the first solution of
 * the 36 x 36 board lies behind such subtrees). So where the subtree below a state is large, the
 * walk asks a completion search (kernel_find.c) about a range of the row's squares at once:
 * "can the rows above be completed with this row's queen on one of these squares?" A proof that
 * they cannot rules the whole range out; a completion found names a square that completes, and
 * the next question asks about the squares left of it only. So the walk finds the leftmost
 * square that completes with one proof, however many squares lie before it, and goes down into
 * it knowing a completion of the child (which answers the child's first question). An answer
 * not known within the budget sends the walk down into the range's leftmost square. Where the
 * subtree is small, asking costs more than searching, and the plain kernel lists it. Every
 * answer is exact, so the order and the solutions are those of the plain search; only the time
 * differs.
 */
#include <string.h>

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
    int8_t witness[NQ_MAX_N];     /* the last completion a question found */
    int sums;                     /* how its questions test the diagonals' sums
                                     (nq_find_limits): all three on a board that is not empty,
                                     the down-diagonals' alone on the empty board */
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

/* Whether the rows above s.row, placed as k->placed says, can be completed from state s with
 * row s.row's queen on one of `squares`: 1 yes (k->witness then holds the completion), 0 no, -1
 * not known within about budget nodes. */
static int ask(walker *k, const nq_search *search, nq_state s, uint64_t squares,
               uint64_t budget)
{
    nq_search rest = *search;
    for (int r = 0; r < s.row; r++)
        rest.allow[r] = UINT64_C(1) << k->placed[r];
    rest.allow[s.row] = squares;
    for (int r = s.row + 1; r < search->n; r++) {
        int d = r - s.row;
        rest.allow[r] &= ~(s.cols | s.d1 << d | s.d2 >> d);
    }
    nq_find_limits limits = { 0, budget, k->walk->stop, k->sums };
    int8_t cols[NQ_MAX_N];
    nq_status status = k->walk->threads > 1
                           ? nq_find_completion_threads(&rest, &limits, k->walk->threads, cols)
                           : nq_kernel_find_any(&rest, &limits, cols);
    if (status == NQ_OK)
        memcpy(k->witness, cols, (size_t)search->n);
    return status == NQ_OK ? 1 : status == NQ_ERR_NO_SOLUTION ? 0 : -1;
}

/* The square of `squares` (free squares of row s.row) the walk goes down into next: the
 * leftmost that completes, or, when a question ran out of budget, the leftmost not ruled out;
 * 0 when none completes. *known says on entry whether k->witness completes the rows above with
 * a square of `squares`, and on return whether it completes them with the square returned.
 * The first question is about all the squares (no: the row is done); then the squares left of
 * the one known to complete are asked about one by one, from the left: a question about all of
 * them at once would be answered by a completion found near the one known, which costs more
 * to find than the proofs about single squares cost. */
static uint64_t next_square(walker *k, const nq_search *search, nq_state s, uint64_t squares,
                            uint64_t budget, int *known)
{
    *known = *known && (squares >> k->witness[s.row] & 1);
    if (!*known) {
        int answer = ask(k, search, s, squares, budget);
        if (answer <= 0)
            return answer ? squares & -squares : 0;
    }
    uint64_t right = UINT64_C(1) << k->witness[s.row];   /* known to complete */
    for (uint64_t left = squares & (right - 1); left; left &= left - 1) {
        int answer = ask(k, search, s, left & -left, budget);
        if (answer != 0) {
            *known = answer > 0;
            return left & -left;
        }
    }
    *known = 1;
    return right;
}

/* The walk below state s. *known: whether k->witness completes the rows above (next_square's
 * argument). on_start: whether the rows above are those of walk->start. */
static nq_status walk_from(walker *k, const nq_search *search, nq_state s, int known,
                           int on_start)
{
    const nq_walk *walk = k->walk;
    if (stopped(walk))
        return NQ_ERR_STOPPED;
    on_start = on_start && s.row < walk->start_rows;
    double size = s.row < search->n ? tree_size(k, search, s) : 0;
    if (!on_start && size < (walk->plain_below ? walk->plain_below : SMALL_TREE))
        return nq_kernel_visit(search, s, k->placed, pass_on, (void *)walk);
    /* A question may cost as many nodes as the plain kernel would try below it. */
    uint64_t budget = walk->question_nodes ? walk->question_nodes
                      : size < 1e18 ? (uint64_t)size + 1 : UINT64_C(1000000000000000000);
    uint64_t squares = nq_state_free(search, s);
    if (on_start)   /* the squares from the start's column on */
        squares &= ~((UINT64_C(1) << walk->start[s.row]) - 1);
    while (squares) {
        uint64_t bit = next_square(k, search, s, squares, budget, &known);
        if (!bit)
            break;
        int col = __builtin_ctzll(bit);
        k->placed[s.row] = (int8_t)col;
        if (walk->position)
            walk->position(walk->context, s.row + 1, k->placed);
        nq_status status = walk_from(k, search, nq_state_place(s, bit), known,
                                     on_start && col == walk->start[s.row]);
        if (status)
            return status;
        squares &= ~(bit | (bit - 1));   /* the squares right of it */
        known = 0;
    }
    return stopped(walk) ? NQ_ERR_STOPPED : NQ_OK;
}

nq_status nq_walk_lex(const nq_search *search, const nq_walk *walk)
{
    if (walk->lines)
        return nq_walk_lines(search, walk);
    walker k = { walk, UINT64_C(0x9E3779B97F4A7C15), { 0 }, { 0 }, 0 };
    k.sums = NQ_SUMS_DOWN;
    for (int r = 0; r < search->n; r++)
        if (search->allow[r] != search->full)
            k.sums = NQ_SUMS_ALL;
    return walk_from(&k, search, nq_search_root(search), 0, walk->start != NULL);
}
