/*
 * complete_walk.c - the restarting walk of the completion search (complete.c says how it shares
 * the time with the systematic walk): place a queen, fill the lines left with one square, choose the next line to branch
 * on, depth first, with a stack of whole nodes so that going back costs nothing.
 */
#include <string.h>

#include "find/complete_walk.h"
#include "base/base.h"

static inline uint64_t bit(int i)
{
    return UINT64_C(1) << i;
}

/* A random number below bound (> 0). */
static inline int below(nq_cwalk *w, int bound)
{
    return (int)((nq_random_next(&w->random) >> 32) * (uint64_t)bound >> 32);
}

/* ---- Choosing the line to branch on ------------------------------------------------------ */

/* The line a node will branch on, as the lines go by. The weight of a line is 1 + the dead
 * ends it caused (an open line left with no square): lines that failed often are filled early,
 * as in Boussemart et al.'s dom/wdeg, which halved the nodes of the hard boards tried. */
typedef struct pick {
    int line;            /* the best line so far: row r, or column c as NQ_MAX_N + c */
    int fewest;          /* its open squares */
    uint32_t heaviest;   /* its weight */
    int ties;            /* lines seen as good as it */
} pick;

static const pick no_pick = { 0, NQ_MAX_N + 1, 1, 0 };

/* Takes line, with squares open, if it has fewer squares per weight than the best so far
 * (ties: the first, or one at random). */
static inline __attribute__((always_inline)) void consider(nq_cwalk *w, const uint32_t *weight,
                                                           pick *p, int line, uint64_t squares)
{
    int k = __builtin_popcountll(squares);
    uint64_t lhs = (uint64_t)k * p->heaviest, rhs = (uint64_t)p->fewest * weight[line];
    if (lhs < rhs || (lhs == rhs && w->random_ties && below(w, ++p->ties) == 0)) {
        if (lhs < rhs)
            p->ties = 1;
        p->line = line, p->fewest = k, p->heaviest = weight[line];
    }
}

/* ---- Placing queens -------------------------------------------------------------------- */


/* Puts a queen on (r, c): closes row r and column c and takes every square the queen attacks
 * from the open lines. Lines left with one square or none are added to single[0] (rows) and
 * single[1] (columns). Returns 0 if an open line is left with no square. */
static inline __attribute__((always_inline)) int place(nq_node *a, int r, int c, uint64_t single[2])
{
    uint64_t rbit = bit(r), cbit = bit(c), empty = 0;
    a->queen[r] = (int8_t)c;
    a->open_rows &= ~rbit;
    a->open_cols &= ~cbit;
    empty |= nq_take_attacked(a->row, a->open_rows, r, cbit, &single[0]);
    empty |= nq_take_attacked(a->col, a->open_cols, c, rbit, &single[1]);
    return !empty;
}

/* Fills every open line left with one square, until none is. Returns 0 at a dead end. */
static inline __attribute__((always_inline)) int settle(nq_node *a, uint64_t single[2])
{
    for (;;) {
        uint64_t rows = single[0] & a->open_rows, cols = single[1] & a->open_cols;
        int r, c;
        if (rows) {
            r = __builtin_ctzll(rows);
            c = __builtin_ctzll(a->row[r]);
        } else if (cols) {
            c = __builtin_ctzll(cols);
            r = __builtin_ctzll(a->col[c]);
        } else {
            return 1;
        }
        if (!place(a, r, c, single))
            return 0;
    }
}

/* ---- Branching ------------------------------------------------------------------------- */

/* The open squares a queen on (r, c) of node a would take from the other rows. */
static inline __attribute__((always_inline)) int cost(const nq_node *a, int r, int c)
{
    uint64_t cbit = bit(c);
    int taken = 0;
    for (uint64_t m = a->open_rows & ~bit(r); m; m &= m - 1) {
        int i = __builtin_ctzll(m), d = i > r ? i - r : r - i;
        taken += __builtin_popcountll(a->row[i] & (cbit | cbit << d | cbit >> d));
    }
    return taken;
}

/* Sorts L's squares, least costly first (a stable sort: ties keep their random order). The
 * restarting walk tries them so: a square that leaves the others most room is likelier to lead
 * to a completion, which took 1.5 to 2 times fewer nodes on boards near the edge between
 * having completions and not. */
static inline __attribute__((always_inline)) void order_by_cost(const nq_node *a, nq_level *L)
{
    int keys[NQ_MAX_N];
    for (int i = 0; i < L->count; i++) {
        int other = L->order[i];
        keys[i] = L->line < NQ_MAX_N ? cost(a, L->line, other) : cost(a, other, L->line - NQ_MAX_N);
        for (int j = i; j > 0 && keys[j - 1] > keys[j]; j--) {
            int k = keys[j];
            int8_t t = L->order[j];
            keys[j] = keys[j - 1], L->order[j] = L->order[j - 1];
            keys[j - 1] = k, L->order[j - 1] = t;
        }
    }
}

/* Makes p's line the one L branches on, and orders its squares: in turn, or at random. */
static inline __attribute__((always_inline)) void branch(nq_cwalk *w, nq_level *L, const pick *p)
{
    const nq_node *a = &L->at;
    uint64_t squares = p->line < NQ_MAX_N ? a->row[p->line] : a->col[p->line - NQ_MAX_N];
    L->line = p->line;
    L->next = 0;
    L->count = 0;
    for (; squares; squares &= squares - 1)
        L->order[L->count++] = (int8_t)__builtin_ctzll(squares);
    for (int i = L->count - 1; w->random_values && i > 0; i--) {
        int j = below(w, i + 1);
        int8_t t = L->order[i];
        L->order[i] = L->order[j];
        L->order[j] = t;
    }
    if (w->least_first)
        order_by_cost(a, L);
}

/* Chooses the line L branches on, and orders its squares. */
static inline __attribute__((always_inline)) void choose(nq_cwalk *w, const uint32_t *weight,
                                                         nq_level *L)
{
    pick p = no_pick;
    for (uint64_t m = L->at.open_rows; m; m &= m - 1)
        consider(w, weight, &p, __builtin_ctzll(m), L->at.row[__builtin_ctzll(m)]);
    for (uint64_t m = L->at.open_cols; m; m &= m - 1)
        consider(w, weight, &p, NQ_MAX_N + __builtin_ctzll(m), L->at.col[__builtin_ctzll(m)]);
    branch(w, L, &p);
}

/* Adds a dead end to the weight of each open line of a left with no square. */
static inline void blame(nq_walk_shared *f, const nq_node *a)
{
    for (uint64_t m = a->open_rows; m; m &= m - 1)
        f->weight[__builtin_ctzll(m)] += !a->row[__builtin_ctzll(m)];
    for (uint64_t m = a->open_cols; m; m &= m - 1)
        f->weight[NQ_MAX_N + __builtin_ctzll(m)] += !a->col[__builtin_ctzll(m)];
}

/* nq_walk_run_*'s walk, inlined into the two builds below. */
static inline __attribute__((always_inline)) int descend(nq_walk_shared *f, nq_cwalk *w)
{
    if (w->depth < 0) {
        w->stack[0].at = f->root;
        choose(w, f->weight, w->stack);
        w->depth = 0;
    }
    nq_level *L = w->stack + w->depth;
    for (;;) {
        if (L->next == L->count) {
            if (L == w->stack)
                return NQ_WALK_EXHAUSTED;
            L--;
            continue;
        }
        if (f->nodes >= f->budget || ((f->nodes & 1023) == 0 && nq_stop_requested(&f->stop))) {
            w->depth = (int)(L - w->stack);
            return f->nodes >= f->budget ? NQ_WALK_OVER_BUDGET : NQ_WALK_STOPPED;
        }
        f->nodes++;
        int other = L->order[L->next++];
        int r = L->line < NQ_MAX_N ? L->line : other;
        int c = L->line < NQ_MAX_N ? other : L->line - NQ_MAX_N;
        nq_level *child = L + 1;
        uint64_t single[2] = { 0, 0 };
        child->at = L->at;
        if (!place(&child->at, r, c, single) || !settle(&child->at, single)) {
            blame(f, &child->at);
            continue;
        }
        if (!child->at.open_rows) {
            f->found = child->at.queen;
            return NQ_WALK_FOUND;
        }
        choose(w, f->weight, child);
        L = child;
    }
}

/* The walk built twice: choose() counts bits at every node. */
int nq_walk_run_portable(nq_walk_shared *f, nq_cwalk *w)
{
    return descend(f, w);
}

NQ_TARGET_POPCNT int nq_walk_run_popcnt(nq_walk_shared *f, nq_cwalk *w)
{
    return descend(f, w);
}

int nq_walk_root(const nq_search *search, nq_node *a)
{
    int n = search->n;
    uint64_t single[2] = { 0, 0 };
    memset(a, 0, sizeof *a);
    a->open_rows = a->open_cols = search->full;
    for (int r = 0; r < n; r++) {
        a->queen[r] = -1;
        a->row[r] = search->allow[r] & search->full;
        for (uint64_t m = a->row[r]; m; m &= m - 1)
            a->col[__builtin_ctzll(m)] |= bit(r);
    }
    for (int i = 0; i < n; i++) {
        if (!a->row[i] || !a->col[i])
            return 0;
        single[0] |= (a->row[i] & (a->row[i] - 1)) ? 0 : bit(i);
        single[1] |= (a->col[i] & (a->col[i] - 1)) ? 0 : bit(i);
    }
    return settle(a, single);
}
