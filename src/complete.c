/*
 * complete.c - one completion of any board up to 64 wide: a search made for finding, not
 * counting.
 *
 * Rows and columns play the same part (each must hold exactly one queen), so the search keeps
 * the open squares of every open line both ways: per row a mask of columns, per column a mask
 * of rows. Each step fills the line, row or column, with the fewest open squares; a line left
 * with one square is filled at once, and so on to a fixpoint; a line left with none ends the
 * branch.
 *
 * Two walks of that tree share the time, slice by slice. One is systematic: it goes on where
 * it stopped, ties broken the same way each time, and proves a board has no completion in the
 * fewest nodes. The other starts over in each slice with random choices, with budgets along
 * Luby's sequence (1 1 2 1 1 2 4 ...) times a unit: restarts cut off the heavy tails of
 * backtracking, where an early bad choice hides every completion. Measured on hard boards,
 * each walk alone was up to 20 times slower than the other on some of them; together they
 * take at most twice the better one's nodes.
 */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* Nodes per unit of Luby's sequence. */
/* Nodes per unit of Luby's sequence. */
#define LUBY_UNIT 512

/* The search at one node. */
typedef struct node {
    uint64_t row[NQ_MAX_N];   /* open squares of each open row, by column */
    uint64_t col[NQ_MAX_N];   /* open squares of each open column, by row */
    uint64_t open_rows;       /* rows without a queen */
    uint64_t open_cols;       /* columns without a queen */
    int8_t queen[NQ_MAX_N];   /* column of each filled row's queen */
} node;

/* One level of a walk: a node and the line it branches on. */
typedef struct level {
    node at;                  /* the node, settled (no line with fewer than two squares) */
    int line;                 /* the line filled here: row r, or column c as NQ_MAX_N + c */
    int count, next;          /* its squares, and the next one to try */
    int8_t order[NQ_MAX_N];   /* its squares in the order tried: columns of a row, rows of a
                                 column */
} level;

/* A depth-first walk of the tree, which can stop and go on later. */
typedef struct walk {
    level stack[NQ_MAX_N + 1];   /* each level fills one line at least */
    int depth;                   /* the level to go on from; -1: start at the root */
    int random_values;           /* whether squares are tried in random order */
    int random_ties;             /* whether ties between lines are broken at random */
    uint64_t random;             /* xorshift64 state */
} walk;

/* How a walk's slice ended. */
enum { FOUND, EXHAUSTED, OVER_BUDGET, STOPPED };

/* A search in progress: allocated once. */
typedef struct finder {
    walk systematic;                       /* goes on from slice to slice */
    walk restarting;                       /* starts over in each slice */
    node root;                             /* the board, settled */
    uint64_t nodes;                        /* nodes so far, both walks */
    uint64_t budget;                       /* where this slice stops */
    volatile const sig_atomic_t *stop;     /* the caller's flag, or NULL */
    const int8_t *found;                   /* the completion, when one is found */
    uint32_t weight[2 * NQ_MAX_N];         /* per line (rows, then columns): 1 + the dead ends
                                              it caused */
} finder;

static inline uint64_t bit(int i)
{
    return UINT64_C(1) << i;
}

/* A random number below bound (> 0). */
static inline int below(walk *w, int bound)
{
    uint64_t x = w->random;
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    w->random = x;
    return (int)((x >> 32) * (uint64_t)bound >> 32);
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
static inline __attribute__((always_inline)) void consider(walk *w, const uint32_t *weight,
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

/* Takes from each open line i of one kind (lines[i], i in open) the squares a queen on line q
 * of that kind, at square `at` of each such line's other kind, attacks: `at` itself and the
 * two squares |i - q| away from it. Lines above q and below q go in two loops, which spares
 * taking |i - q|. Marks lines left with one square or none in *single; returns nonzero if one
 * is left with none. */
static inline __attribute__((always_inline)) uint64_t take(uint64_t *lines, uint64_t open, int q,
                                                           uint64_t at, uint64_t *single)
{
    uint64_t empty = 0, ones = 0;
    for (uint64_t m = open & (bit(q) - 1); m; m &= m - 1) {
        int i = __builtin_ctzll(m), d = q - i;
        uint64_t x = lines[i] & ~(at | at << d | at >> d);
        lines[i] = x;
        empty |= !x;
        ones |= (x & (x - 1)) ? 0 : bit(i);
    }
    for (uint64_t m = open & ~(bit(q) - 1); m; m &= m - 1) {
        int i = __builtin_ctzll(m), d = i - q;
        uint64_t x = lines[i] & ~(at | at << d | at >> d);
        lines[i] = x;
        empty |= !x;
        ones |= (x & (x - 1)) ? 0 : bit(i);
    }
    *single |= ones;
    return empty;
}

/* Puts a queen on (r, c): closes row r and column c and takes every square the queen attacks
 * from the open lines. Lines left with one square or none are added to single[0] (rows) and
 * single[1] (columns). Returns 0 if an open line is left with no square. */
static inline __attribute__((always_inline)) int place(node *a, int r, int c, uint64_t single[2])
{
    uint64_t rbit = bit(r), cbit = bit(c), empty = 0;
    a->queen[r] = (int8_t)c;
    a->open_rows &= ~rbit;
    a->open_cols &= ~cbit;
    empty |= take(a->row, a->open_rows, r, cbit, &single[0]);
    empty |= take(a->col, a->open_cols, c, rbit, &single[1]);
    return !empty;
}

/* Fills every open line left with one square, until none is. Returns 0 at a dead end. */
static inline __attribute__((always_inline)) int settle(node *a, uint64_t single[2])
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

/* Makes p's line the one L branches on, and orders its squares: in turn, or at random. */
static inline __attribute__((always_inline)) void branch(walk *w, level *L, const pick *p)
{
    const node *a = &L->at;
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
}

/* Chooses the line L branches on, and orders its squares. */
static inline __attribute__((always_inline)) void choose(walk *w, const uint32_t *weight,
                                                         level *L)
{
    pick p = no_pick;
    for (uint64_t m = L->at.open_rows; m; m &= m - 1)
        consider(w, weight, &p, __builtin_ctzll(m), L->at.row[__builtin_ctzll(m)]);
    for (uint64_t m = L->at.open_cols; m; m &= m - 1)
        consider(w, weight, &p, NQ_MAX_N + __builtin_ctzll(m), L->at.col[__builtin_ctzll(m)]);
    branch(w, L, &p);
}

/* Adds a dead end to the weight of each open line of a left with no square. */
static inline void blame(finder *f, const node *a)
{
    for (uint64_t m = a->open_rows; m; m &= m - 1)
        f->weight[__builtin_ctzll(m)] += !a->row[__builtin_ctzll(m)];
    for (uint64_t m = a->open_cols; m; m &= m - 1)
        f->weight[NQ_MAX_N + __builtin_ctzll(m)] += !a->col[__builtin_ctzll(m)];
}

/* Walks on from where w stopped (or from the root), depth first, until a completion, the end
 * of the tree, the end of the slice's budget or the stop flag. */
static inline __attribute__((always_inline)) int descend(finder *f, walk *w)
{
    if (w->depth < 0) {
        w->stack[0].at = f->root;
        choose(w, f->weight, w->stack);
        w->depth = 0;
    }
    level *L = w->stack + w->depth;
    for (;;) {
        if (L->next == L->count) {
            if (L == w->stack)
                return EXHAUSTED;
            L--;
            continue;
        }
        if (f->nodes >= f->budget || ((f->nodes & 1023) == 0 && f->stop && *f->stop)) {
            w->depth = (int)(L - w->stack);
            return f->nodes >= f->budget ? OVER_BUDGET : STOPPED;
        }
        f->nodes++;
        int other = L->order[L->next++];
        int r = L->line < NQ_MAX_N ? L->line : other;
        int c = L->line < NQ_MAX_N ? other : L->line - NQ_MAX_N;
        level *child = L + 1;
        uint64_t single[2] = { 0, 0 };
        child->at = L->at;
        if (!place(&child->at, r, c, single) || !settle(&child->at, single)) {
            blame(f, &child->at);
            continue;
        }
        if (!child->at.open_rows) {
            f->found = child->at.queen;
            return FOUND;
        }
        choose(w, f->weight, child);
        L = child;
    }
}

/* The walk built twice: choose() counts bits at every node. */
static int descend_plain(finder *f, walk *w)
{
    return descend(f, w);
}

__attribute__((target("popcnt"))) static int descend_popcnt(finder *f, walk *w)
{
    return descend(f, w);
}

/* ---- Restarts -------------------------------------------------------------------------- */

/* Term i (from 1) of Luby's sequence: 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ... */
static uint64_t luby(uint64_t i)
{
    for (;;) {
        uint64_t k = 1;
        while ((UINT64_C(1) << k) - 1 < i)
            k++;
        if (i == (UINT64_C(1) << k) - 1)
            return UINT64_C(1) << (k - 1);
        i -= (UINT64_C(1) << (k - 1)) - 1;
    }
}

/* Compiles search into the settled root node. Returns 0 if that already finds a dead end. */
static int make_root(const nq_search *search, node *a)
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

/* Runs walk w for a slice of `nodes` nodes at most (fewer if max is reached first). */
static int run_slice(finder *f, walk *w, uint64_t nodes, uint64_t max, int popcnt)
{
    if (f->nodes >= max || (f->stop && *f->stop))
        return STOPPED;
    f->budget = max - f->nodes > nodes ? f->nodes + nodes : max;
    return popcnt ? descend_popcnt(f, w) : descend_plain(f, w);
}

nq_status nq_find_completion(const nq_search *search, const nq_find_limits *limits,
                             int8_t *cols)
{
    if (!search || !limits || !cols || search->n < 1 || search->n > NQ_MAX_N)
        return NQ_ERR_ARGUMENT;
    finder *f = malloc(sizeof *f);
    if (!f)
        return NQ_ERR_NOMEM;
    f->stop = limits->stop;
    f->nodes = 0;
    for (int i = 0; i < 2 * NQ_MAX_N; i++)
        f->weight[i] = 1;
    /* Without a seed the systematic walk makes plain choices; the restarts never do. */
    f->systematic = (walk){ .depth = -1, .random_values = limits->seed != 0,
                            .random = limits->seed };
    f->restarting = (walk){ .random_values = 1, .random_ties = 1,
                            .random = limits->seed ^ UINT64_C(0x9E3779B97F4A7C15) };
    if (!f->restarting.random)
        f->restarting.random = 1;
    int result = make_root(search, &f->root) ? OVER_BUDGET : EXHAUSTED;
    if (result != EXHAUSTED && !f->root.open_rows) {
        f->found = f->root.queen;
        result = FOUND;
    }
    int popcnt = (__builtin_cpu_init(), __builtin_cpu_supports("popcnt"));
    uint64_t max = limits->max_nodes ? limits->max_nodes : UINT64_MAX;
    for (uint64_t i = 1; result == OVER_BUDGET; i++) {
        uint64_t slice = LUBY_UNIT * luby(i);
        result = run_slice(f, &f->systematic, slice, max, popcnt);
        if (result == OVER_BUDGET) {
            f->restarting.depth = -1;
            result = run_slice(f, &f->restarting, slice, max, popcnt);
        }
        if (result == OVER_BUDGET && f->nodes >= max)
            result = STOPPED;
    }
    if (result == FOUND)
        memcpy(cols, f->found, (size_t)search->n);
    free(f);
    return result == FOUND ? NQ_OK : result == EXHAUSTED ? NQ_ERR_NO_SOLUTION : NQ_ERR_STOPPED;
}

/* SplitMix64's finalizer: seeds 1, 2, 3 ... give unrelated streams, and none gives 0. */
static uint64_t mix_seed(uint64_t x)
{
    x += UINT64_C(0x9E3779B97F4A7C15);
    x = (x ^ x >> 30) * UINT64_C(0xBF58476D1CE4E5B9);
    x = (x ^ x >> 27) * UINT64_C(0x94D049BB133111EB);
    x ^= x >> 31;
    return x ? x : 1;
}

nq_status nq_complete(const nq_board *board, const nq_complete_options *options, int8_t *cols)
{
    if (!board || !cols)
        return NQ_ERR_ARGUMENT;
    nq_search search;
    nq_status status = nq_search_compile(board, &search);
    if (status)
        return status;
    nq_find_limits limits = { 0, 0, NULL };
    if (options) {
        limits.seed = options->random ? mix_seed(options->seed) : 0;
        limits.stop = options->stop;
    }
    return nq_find_completion(&search, &limits, cols);
}
