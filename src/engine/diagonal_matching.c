/*
 * diagonal_matching.c - a test of a node stronger than the diagonals' sums, for nodes high in
 * a proof's tree and at the roots of a count's units, and the squares it rules out there.
 *
 * The k queens still to place take k distinct up-diagonals and k distinct down-diagonals, each
 * queen on a free square that joins one of each: k edges of a matching in the bipartite graph
 * whose vertices are the diagonals and whose edges are the free squares. Measured from any
 * center, a square's squared distance 2(2r - R)^2 + 2(2c - C)^2 (in quarter squares: the
 * center is (R/2, C/2)) is a cost of its row plus a cost of its column, so what the queens add
 * up to over it is fixed by the open rows and columns (nq_diagonal_matching_bound), and the
 * cheapest matching of k edges must cost no more than that. The same distance is also a cost
 * of its up-diagonal, (2u - R - C)^2 with u = r + c, plus one of its down-diagonal,
 * (2(c - r) - C + R)^2, which makes the matching cheap to find (below). diagonal_sums.h's bound
 * is this test from the middle with the squares forgotten (any up-diagonal paired with any
 * down-diagonal); on the CSPLib boards this one refutes half the nodes with 18 open rows of 25
 * that the sums let through (BENCHMARKS.md, "Hard boards"). The center is the caller's choice:
 * every center gives a sound test, and a center far from the open rows and columns a weak one
 * (from the middle, the test cut nothing on the first solutions' questions, whose open rows
 * are the bottom ones; from their mean it proves some of them in a thousandth of the nodes).
 *
 * Because a square's cost is its up-diagonal's plus its down-diagonal's, along a path that
 * alternates between squares out of the matching and squares in it the costs cancel but for
 * the ends: a path from a free up-diagonal to a free down-diagonal adds their two costs,
 * whatever lies between. The cheapest matching of k edges grows one edge at a time along the
 * cheapest such path (successive shortest paths), found by reaching the down-diagonals from
 * the free up-diagonals, cheapest first, in bit masks.
 *
 * The matching comes with prices on the diagonals (its linear program's dual) under which no
 * free square has a negative reduced cost, and a completion that uses a square costs at least
 * the cheapest matching plus that square's reduced cost. Where that is more than the fixed sum,
 * the square is in no completion: the caller takes it out of the node's whole subtree. The
 * dearest matching (which must cost no less) was tried too and cut or ruled out almost nothing
 * more. Every figure is an integer: the test is exact.
 */
#include <limits.h>

#include "engine/diagonal_sums.h"

#define NONE (-1)
#define DIAGONALS 127   /* of one kind, on a board 64 wide */

typedef nq_diagonal_bits diagonal_set;   /* bit d: diagonal d of one kind */

/* The bipartite graph of a node and a matching in it: up-diagonals on one side,
 * down-diagonals on the other, both by absolute index (r + c and c - r + n - 1). */
typedef struct pairing {
    int diagonals;                    /* of each kind: 2n - 1 */
    diagonal_set ups, downs;          /* those that hold a free square */
    diagonal_set free_downs;          /* of downs, those out of the matching */
    diagonal_set adjacent[DIAGONALS]; /* [up]: the down-diagonals its free squares meet */
    int cost_up[DIAGONALS], cost_down[DIAGONALS];   /* [d]: a diagonal's cost (< 2^16) */
    int mate_up[DIAGONALS];           /* [up]: its down-diagonal in the matching, or NONE */
    int mate_down[DIAGONALS];         /* [down]: its up-diagonal in the matching, or NONE */
    int label_up[DIAGONALS], label_down[DIAGONALS];   /* prices, as prices() says */
} pairing;

static inline int lowest(diagonal_set m)
{
    uint64_t low = (uint64_t)m;
    return low ? __builtin_ctzll(low) : 64 + __builtin_ctzll((uint64_t)(m >> 64));
}

/* The graph of the free squares of the open rows, its costs measured from (row2, col2). */
static void build(pairing *p, int n, uint64_t open, const uint64_t *free, int row2, int col2)
{
    int middle = n - 1;
    p->diagonals = 2 * n - 1, p->ups = p->downs = 0;
    for (int d = 0; d < p->diagonals; d++) {
        p->adjacent[d] = 0, p->mate_up[d] = p->mate_down[d] = NONE;
        int x = 2 * d - row2 - col2, y = 2 * (d - middle) - col2 + row2;
        p->cost_up[d] = x * x, p->cost_down[d] = y * y;
    }
    for (uint64_t m = open; m; m &= m - 1) {
        int r = __builtin_ctzll(m);
        for (uint64_t f = free[r]; f; f &= f - 1) {
            int c = __builtin_ctzll(f);
            p->adjacent[r + c] |= (diagonal_set)1 << (c - r + middle);
        }
        p->ups |= (diagonal_set)free[r] << r, p->downs |= (diagonal_set)free[r] << (middle - r);
    }
    p->free_downs = p->downs;
}

/* Adds an edge to the matching along the cheapest path from a free up-diagonal to a free
 * down-diagonal (order: the up-diagonals with a square, cheapest first; downs the same of the
 * down-diagonals, the cheapest free one at *cheapest or after); returns its cost, or -1 when
 * there is none. Each down-diagonal is reached first from the cheapest free up-diagonal that
 * reaches it at all, which makes the path's cost; via[] keeps the way back. */
static int augment(pairing *p, const int *order, int count, const int *downs, int down_count,
                   int *cheapest)
{
    int via[DIAGONALS], queue[DIAGONALS];
    diagonal_set reached = 0;
    int cheapest_down = INT_MAX / 2, best_down = NONE;
    int best = -1;
    while (*cheapest < down_count && !(p->free_downs >> downs[*cheapest] & 1))
        ++*cheapest;   /* a matched down-diagonal stays matched */
    if (*cheapest < down_count)
        cheapest_down = p->cost_down[downs[*cheapest]];
    for (int i = 0; i < count; i++) {
        int start = order[i];
        if (p->mate_up[start] != NONE)
            continue;
        if (best >= 0 && p->cost_up[start] + cheapest_down >= best)
            break;   /* no later start can do better */
        int head = 0, tail = 0, up = start;
        for (;;) {
            diagonal_set fresh = p->adjacent[up] & ~reached;
            reached |= fresh;
            for (; fresh; fresh &= fresh - 1) {
                int d = lowest(fresh);
                via[d] = up, queue[tail++] = d;
            }
            if (head == tail)
                break;
            int d = queue[head++];
            while (p->mate_down[d] == NONE) {   /* a free end: a path */
                if (best < 0 || p->cost_up[start] + p->cost_down[d] < best)
                    best = p->cost_up[start] + p->cost_down[d], best_down = d;
                if (head == tail)
                    break;
                d = queue[head++];
            }
            if (p->mate_down[d] == NONE)
                break;
            up = p->mate_down[d];
        }
    }
    if (best < 0)
        return -1;
    p->free_downs &= ~((diagonal_set)1 << best_down);   /* the inner ones stay matched */
    for (int d = best_down;;) {   /* flip the path's edges */
        int up = via[d], previous = p->mate_up[up];
        p->mate_up[up] = d, p->mate_down[d] = up;
        if (previous == NONE)
            break;
        d = previous;
    }
    return best;
}

/* The vertices of the label network: up-diagonal d as d, down-diagonal d as DIAGONALS + d. */
#define DOWN(d) (DIAGONALS + (d))

/* Lowers the label of vertex v to x, and of every vertex its arcs of no cost reach (a square
 * out of the matching, from its up-diagonal to its down-diagonal; one in it, back), where x is
 * lower: a search from v, as in Dijkstra's method over arcs that all cost nothing. */
static void spread(pairing *p, int v, int x)
{
    int *label = v < DIAGONALS ? &p->label_up[v] : &p->label_down[v - DIAGONALS];
    if (*label <= x)
        return;
    *label = x;
    int stack[2 * DIAGONALS], top = 0;
    stack[top++] = v;
    while (top) {
        v = stack[--top];
        if (v < DIAGONALS) {
            diagonal_set m = p->adjacent[v];
            if (p->mate_up[v] != NONE)
                m &= ~((diagonal_set)1 << p->mate_up[v]);
            for (; m; m &= m - 1) {
                int d = lowest(m);
                if (p->label_down[d] > x)
                    p->label_down[d] = x, stack[top++] = DOWN(d);
            }
        } else {
            int up = p->mate_down[v - DIAGONALS];
            if (up != NONE && p->label_up[up] > x)
                p->label_up[up] = x, stack[top++] = up;
        }
    }
}

/* Prices that prove the matching cheapest: the shortest distances from a source joined to
 * every vertex at no cost, in the network source -> free up -> (square) -> down -> sink
 * whose arcs out of the matching run forward and those in it backward. They are kept as
 * labels, which alternating paths pass on unchanged: an up-diagonal's price is its label
 * less its cost, a down-diagonal's its label plus its cost, and a square (u, d) out of the
 * matching has the reduced cost label_up[u] - label_down[d]. Every arc but the source's and
 * the sink's costs nothing in labels, so the labels are spread from the vertices' own, lowest
 * first, each vertex reached once (Dijkstra's order; the down-diagonals' own labels are all at
 * or below 0 and the up-diagonals' at or above, each kind in the order of its costs); then
 * again from what the source and the sink pass on, each time their labels fall (relaxed from a
 * worklist instead, a vertex was looked at again each time its label fell: BENCHMARKS.md,
 * "Counting constrained boards"). ups and downs list the diagonals with a square, cheapest
 * first. Returns whether the distances settled (always, but for a
 * bug: then no square may be ruled out). */
static int prices(pairing *p, const int *ups, int up_count, const int *downs, int down_count)
{
    for (int d = 0; d < p->diagonals; d++)
        p->label_up[d] = p->label_down[d] = INT_MAX;
    for (int i = down_count - 1; i >= 0; i--)
        spread(p, DOWN(downs[i]), -p->cost_down[downs[i]]);
    for (int i = 0; i < up_count; i++)
        spread(p, ups[i], p->cost_up[ups[i]]);
    int source = 0, sink = 0;   /* their labels */
    for (int rounds = 0;; rounds++) {
        if (rounds > 4 * p->diagonals + 4)
            return 0;
        int source_was = source, sink_was = sink;
        for (int i = 0; i < up_count; i++)
            if (p->mate_up[ups[i]] != NONE && p->label_up[ups[i]] - p->cost_up[ups[i]] < source)
                source = p->label_up[ups[i]] - p->cost_up[ups[i]];
        for (int i = 0; i < down_count; i++)
            if (p->mate_down[downs[i]] == NONE &&
                p->label_down[downs[i]] + p->cost_down[downs[i]] < sink)
                sink = p->label_down[downs[i]] + p->cost_down[downs[i]];
        if (source == source_was && sink == sink_was)
            return 1;
        /* The free up-diagonals from the source, the matched down-diagonals from the sink,
         * merged lowest first: ups by their costs upward, downs downward. */
        int i = 0, j = down_count - 1;
        for (;;) {
            while (i < up_count && p->mate_up[ups[i]] != NONE)
                i++;
            while (j >= 0 && p->mate_down[downs[j]] == NONE)
                j--;
            if (i == up_count && j < 0)
                break;
            int x_up = i < up_count ? source + p->cost_up[ups[i]] : INT_MAX;
            int x_down = j >= 0 ? sink - p->cost_down[downs[j]] : INT_MAX;
            if (x_up <= x_down)
                spread(p, ups[i++], x_up);
            else
                spread(p, DOWN(downs[j--]), x_down);
        }
    }
}

int nq_diagonal_matching_bound(uint64_t open, uint64_t cols, int row2, int col2)
{
    int bound = 0;
    for (; open; open &= open - 1) {
        int x = 2 * __builtin_ctzll(open) - row2;
        bound += 2 * x * x;
    }
    for (; cols; cols &= cols - 1) {
        int y = 2 * __builtin_ctzll(cols) - col2;
        bound += 2 * y * y;
    }
    return bound;
}

/* Writes to order the diagonals of `present`, cheapest first by cost[] (which grows away from
 * diagonal `nearest`, clamped to the board: the one through the center, or beside it), and
 * returns how many. */
static int cheapest_first(const int *cost, diagonal_set present, int diagonals, int nearest,
                          int *order)
{
    int count = 0;
    nearest = nearest < 0 ? 0 : nearest >= diagonals ? diagonals - 1 : nearest;
    for (int low = nearest, high = nearest + 1; low >= 0 || high < diagonals;) {
        int d = high >= diagonals || (low >= 0 && cost[low] <= cost[high]) ? low-- : high++;
        if (present >> d & 1)
            order[count++] = d;
    }
    return count;
}

int nq_diagonal_matching(int n, uint64_t open, const uint64_t *free, int k, int row2, int col2,
                         int bound, uint64_t *ruled_out)
{
    pairing p;
    int middle = n - 1;
    build(&p, n, open, free, row2, col2);
    /* The diagonals with a square, cheapest first: out from the one through the center. */
    int order[DIAGONALS], downs[DIAGONALS];
    int count = cheapest_first(p.cost_up, p.ups, p.diagonals, (row2 + col2) / 2, order);
    int down_count =
        cheapest_first(p.cost_down, p.downs, p.diagonals, middle + (col2 - row2) / 2, downs);
    int least = 0, cheapest = 0;
    for (int edge = 0; edge < k; edge++) {
        int step = augment(&p, order, count, downs, down_count, &cheapest);
        if (step < 0 || (least += step) > bound)
            return 0;
    }
    int priced = prices(&p, order, count, downs, down_count);
    for (uint64_t m = open; m; m &= m - 1) {
        int r = __builtin_ctzll(m);
        ruled_out[r] = 0;
        if (!priced)
            continue;
        for (uint64_t f = free[r]; f; f &= f - 1) {
            int c = __builtin_ctzll(f), up = r + c, down = c - r + middle;
            if (p.mate_up[up] != down && least + p.label_up[up] - p.label_down[down] > bound)
                ruled_out[r] |= UINT64_C(1) << c;
        }
    }
    return 1;
}

int nq_diagonal_matching_node(int n, uint64_t open, uint64_t cols, const uint64_t *free,
                              int from_mean, uint64_t *ruled_out)
{
    int k = __builtin_popcountll(open), row2 = n - 1, col2 = n - 1;
    if (from_mean && k) {
        int row_sum = 0, col_sum = 0;
        for (uint64_t m = open; m; m &= m - 1)
            row_sum += __builtin_ctzll(m);
        for (uint64_t m = cols; m; m &= m - 1)
            col_sum += __builtin_ctzll(m);
        row2 = (4 * row_sum + k) / (2 * k), col2 = (4 * col_sum + k) / (2 * k);   /* rounded */
    }
    return nq_diagonal_matching(n, open, free, k, row2, col2,
                                nq_diagonal_matching_bound(open, cols, row2, col2), ruled_out);
}
