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
 * down-diagonal (order: the up-diagonals, cheapest first); returns its cost, or -1 when there
 * is none. Each down-diagonal is reached first from the cheapest free up-diagonal that reaches
 * it at all, which makes the path's cost; via[] keeps the way back. */
static int augment(pairing *p, const int *order, int count)
{
    int via[DIAGONALS], queue[DIAGONALS];
    diagonal_set reached = 0;
    int cheapest_down = INT_MAX / 2, best_down = NONE;
    int best = -1;
    for (diagonal_set m = p->free_downs; m; m &= m - 1) {
        int d = lowest(m);
        cheapest_down = p->cost_down[d] < cheapest_down ? p->cost_down[d] : cheapest_down;
    }
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

/* Prices that prove the matching cheapest: the shortest distances from a source joined to
 * every vertex at no cost, in the network source -> free up -> (square) -> down -> sink
 * whose arcs out of the matching run forward and those in it backward. They are kept as
 * labels, which alternating paths pass on unchanged: an up-diagonal's price is its label
 * less its cost, a down-diagonal's its label plus its cost, and a square (u, d) out of the
 * matching has the reduced cost label_up[u] - label_down[d]. The distances are relaxed from a
 * worklist, each vertex looked at again only when its label fell (rounds over every square
 * cost 40 % of a test); the source's and the sink's own labels carry what the matched
 * up-diagonals and the free down-diagonals pass to the free up-diagonals and the matched
 * down-diagonals. Returns whether the distances settled (always, but for a bug: then no square
 * may be ruled out). */
static int prices(pairing *p)
{
    int *label_up = p->label_up, *label_down = p->label_down;
    diagonal_set matched_ups = 0, matched_downs = 0;
    for (int d = 0; d < p->diagonals; d++) {
        label_up[d] = p->cost_up[d], label_down[d] = -p->cost_down[d];   /* price 0 */
        matched_ups |= (diagonal_set)(p->mate_up[d] != NONE) << d;
        matched_downs |= (diagonal_set)(p->mate_down[d] != NONE) << d;
    }
    matched_ups &= p->ups, matched_downs &= p->downs;
    int source = 0, sink = 0;   /* their labels */
    diagonal_set ups = p->ups, downs = p->downs;   /* to look at */
    int source_fell = 1, sink_fell = 1;
    /* Each vertex falls at most once per vertex on its shortest path: more looks than that
     * would mean a cycle of negative cost, which a cheapest matching cannot have. */
    for (int looks = 0; ups | downs | (diagonal_set)(source_fell | sink_fell);) {
        if (++looks > 4 * p->diagonals * p->diagonals + 4)
            return 0;
        if (source_fell)
            for (diagonal_set m = p->ups & ~matched_ups; m; m &= m - 1) {
                int up = lowest(m);
                if (source + p->cost_up[up] < label_up[up])
                    label_up[up] = source + p->cost_up[up], ups |= (diagonal_set)1 << up;
            }
        if (sink_fell)
            for (diagonal_set m = matched_downs; m; m &= m - 1) {
                int d = lowest(m);
                if (sink - p->cost_down[d] < label_down[d])
                    label_down[d] = sink - p->cost_down[d], downs |= (diagonal_set)1 << d;
            }
        source_fell = sink_fell = 0;
        for (; ups; ups &= ups - 1) {
            int up = lowest(ups);
            for (diagonal_set m = p->adjacent[up]; m; m &= m - 1) {
                int d = lowest(m);
                if (p->mate_up[up] != d && label_up[up] < label_down[d])
                    label_down[d] = label_up[up], downs |= (diagonal_set)1 << d;
            }
            if ((matched_ups >> up & 1) && label_up[up] - p->cost_up[up] < source)
                source = label_up[up] - p->cost_up[up], source_fell = 1;
        }
        for (; downs; downs &= downs - 1) {
            int d = lowest(downs);
            if (!(matched_downs >> d & 1)) {
                if (label_down[d] + p->cost_down[d] < sink)
                    sink = label_down[d] + p->cost_down[d], sink_fell = 1;
            } else if (label_down[d] < label_up[p->mate_down[d]]) {
                label_up[p->mate_down[d]] = label_down[d];
                ups |= (diagonal_set)1 << p->mate_down[d];
            }
        }
    }
    return 1;
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

int nq_diagonal_matching(int n, uint64_t open, const uint64_t *free, int k, int row2, int col2,
                         int bound, uint64_t *ruled_out)
{
    pairing p;
    build(&p, n, open, free, row2, col2);
    int order[DIAGONALS], count = 0, middle = n - 1;   /* up-diagonals, cheapest first */
    int nearest = (row2 + col2) / 2;                  /* the up-diagonal through the center */
    for (int low = nearest, high = nearest + 1; low >= 0 || high < p.diagonals;) {
        int take_low = high >= p.diagonals || (low >= 0 && p.cost_up[low] <= p.cost_up[high]);
        int d = take_low ? low-- : high++;
        if (p.ups >> d & 1)
            order[count++] = d;
    }
    int least = 0;
    for (int edge = 0; edge < k; edge++) {
        int step = augment(&p, order, count);
        if (step < 0 || (least += step) > bound)
            return 0;
    }
    int priced = prices(&p);
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
