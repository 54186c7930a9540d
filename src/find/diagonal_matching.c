/*
 * diagonal_matching.c - a test of a node stronger than the diagonals' sums, for nodes high in
 * a proof's tree, and the squares it rules out there.
 *
 * The k queens still to place take k distinct up-diagonals and k distinct down-diagonals, each
 * queen on a free square that joins one of each: k edges of a matching in the bipartite graph
 * whose vertices are the diagonals and whose edges are the free squares. What the queens add up
 * to over the squares' cost, (r + c - n + 1)^2 + (c - r)^2, is fixed by the open rows and
 * columns (diagonal_sums.h, nq_diagonal_sums.squares), so the cheapest matching of k edges must
 * cost no more than that. diagonal_sums.h's bound is this test with the squares forgotten (any
 * up-diagonal paired with any down-diagonal); on the CSPLib boards this one refutes half the
 * nodes with 19 open rows of 25 that the sums let through (BENCHMARKS.md, "Hard boards").
 *
 * The cheapest matching comes with potentials on the diagonals (its linear program's dual)
 * under which no free square has a negative reduced cost, and a completion that uses a square
 * costs at least the cheapest matching plus that square's reduced cost. Where that is more than
 * the fixed sum, no completion uses the square, and the caller takes it out of the node's whole
 * subtree. The dearest matching (which must cost no less) was tried too: it cut or ruled out
 * almost nothing more, at twice the price.
 *
 * The matching comes from successive shortest paths, k of them (Dijkstra under the potentials,
 * with a binary heap, over the few diagonals that hold free squares); every figure is an
 * integer, so the test is exact.
 */
#include <string.h>

#include "find/find.h"

#define SOURCE 0
#define SINK 1
#define MOST_VERTICES (2 + 2 * 127)
#define MOST_ARCS (2 * (NQ_MAX_N * NQ_MAX_N + 2 * 127))
#define FAR (1 << 29)   /* farther than any path */

/* The flow network: source -> up-diagonal -> (a free square) -> down-diagonal -> sink, each arc
 * of capacity one, stored beside its reverse (arc ^ 1). */
typedef struct network {
    int vertices, arcs;
    int first[MOST_VERTICES];        /* the first arc out of a vertex, -1: none */
    int next[MOST_ARCS];             /* the next arc out of the same vertex */
    int head[MOST_ARCS];             /* the vertex the arc enters */
    int cost[MOST_ARCS];
    unsigned char open[MOST_ARCS];   /* 1 while the arc can carry flow */
    int potential[MOST_VERTICES];
    int8_t row[MOST_ARCS], col[MOST_ARCS];   /* a square's arc: its square */
} network;

static void add_arc(network *g, int from, int to, int cost)
{
    int a = g->arcs;
    g->head[a] = to, g->cost[a] = cost, g->open[a] = 1;
    g->next[a] = g->first[from], g->first[from] = a;
    g->head[a + 1] = from, g->cost[a + 1] = -cost, g->open[a + 1] = 0;
    g->next[a + 1] = g->first[to], g->first[to] = a + 1;
    g->arcs += 2;
}

/* Sends k units from SOURCE to SINK at least cost: returns the cost, or -1 when fewer than k
 * fit. Leaves in g->potential duals under which every arc that can still carry flow has a
 * reduced cost (cost + potential[tail] - potential[head]) of zero or more. */
static long least_cost_flow(network *g, int k)
{
    int distance[MOST_VERTICES], via[MOST_VERTICES];
    unsigned char done[MOST_VERTICES];
    uint64_t heap[MOST_ARCS + MOST_VERTICES];   /* distance << 16 | vertex, least on top */
    long total = 0;
    memset(g->potential, 0, sizeof(int) * (size_t)g->vertices);
    for (int unit = 0; unit < k; unit++) {
        for (int v = 0; v < g->vertices; v++)
            distance[v] = FAR, done[v] = 0;
        distance[SOURCE] = 0;
        int size = 0;
        heap[size++] = SOURCE;
        while (size) {   /* Dijkstra, until the sink is settled */
            uint64_t top = heap[0], last = heap[--size];
            int hole = 0;   /* sift the last entry down from the top */
            for (int child = 1; child < size; child = 2 * hole + 1) {
                if (child + 1 < size && heap[child + 1] < heap[child])
                    child++;
                if (heap[child] >= last)
                    break;
                heap[hole] = heap[child], hole = child;
            }
            if (size)
                heap[hole] = last;
            int v = (int)(top & 0xFFFF), nearest = (int)(top >> 16);
            if (done[v] || nearest > distance[v])
                continue;   /* a stale entry */
            if (v == SINK)
                break;
            done[v] = 1;
            for (int a = g->first[v]; a >= 0; a = g->next[a]) {
                int w = g->head[a];
                if (!g->open[a] || done[w])
                    continue;
                int d = nearest + g->cost[a] + g->potential[v] - g->potential[w];
                if (d < distance[w]) {
                    distance[w] = d, via[w] = a;
                    uint64_t entry = (uint64_t)d << 16 | (uint64_t)w;
                    int i = size++;   /* sift up */
                    for (; i && heap[(i - 1) / 2] > entry; i = (i - 1) / 2)
                        heap[i] = heap[(i - 1) / 2];
                    heap[i] = entry;
                }
            }
        }
        if (distance[SINK] >= FAR)
            return -1;
        /* The vertices settled before the sink move by what they gained on it; the others
         * keep theirs: every reduced cost stays nonnegative. */
        for (int v = 0; v < g->vertices; v++)
            if (done[v])
                g->potential[v] += distance[v] - distance[SINK];
        for (int v = SINK; v != SOURCE; v = g->head[via[v] ^ 1]) {
            g->open[via[v]] = 0, g->open[via[v] ^ 1] = 1;
            total += g->cost[via[v]];
        }
    }
    return total;
}

int nq_diagonal_matching(int n, uint64_t open, const uint64_t *free, int k, int squares,
                         uint64_t *ruled_out)
{
    static _Thread_local network g;
    const int middle = n - 1, diagonals = 2 * n - 1;
    /* Vertices: the source, the sink, then the diagonals that hold a free square, in order. */
    nq_u128_bits ups = 0, downs = 0;
    for (uint64_t m = open; m; m &= m - 1) {
        int r = __builtin_ctzll(m);
        ups |= (nq_u128_bits)free[r] << r, downs |= (nq_u128_bits)free[r] << (middle - r);
        ruled_out[r] = 0;
    }
    int vertex[2][128];
    g.vertices = 2, g.arcs = 0;
    for (int d = 0; d < diagonals; d++)
        if (ups >> d & 1)
            vertex[0][d] = g.vertices++;
    for (int d = 0; d < diagonals; d++)
        if (downs >> d & 1)
            vertex[1][d] = g.vertices++;
    for (int v = 0; v < g.vertices; v++)
        g.first[v] = -1;
    for (uint64_t m = open; m; m &= m - 1) {
        int r = __builtin_ctzll(m);
        for (uint64_t f = free[r]; f; f &= f - 1) {
            int c = __builtin_ctzll(f), up = r + c;
            g.row[g.arcs] = (int8_t)r, g.col[g.arcs] = (int8_t)c;
            add_arc(&g, vertex[0][up], vertex[1][c - r + middle],
                    (up - middle) * (up - middle) + (c - r) * (c - r));
        }
    }
    int square_arcs = g.arcs;
    for (int d = 0; d < diagonals; d++) {
        if (ups >> d & 1)
            add_arc(&g, SOURCE, vertex[0][d], 0);
        if (downs >> d & 1)
            add_arc(&g, vertex[1][d], SINK, 0);
    }
    long least = least_cost_flow(&g, k);
    if (least < 0 || least > squares)
        return 0;
    for (int a = 0; a < square_arcs; a += 2) {
        if (!g.open[a])
            continue;   /* in the cheapest matching */
        int up = g.head[a + 1], down = g.head[a];
        if (least + g.cost[a] + g.potential[up] - g.potential[down] > squares)
            ruled_out[g.row[a]] |= UINT64_C(1) << g.col[a];
    }
    return 1;
}
