/*
 * root_matching.c - the squares of a search that no completion uses, by the proof engine's
 * matching of diagonals (diagonal_matching.c), taken out once before a count.
 *
 * The k queens still to place take k distinct up- and down-diagonals through free squares, and
 * their squares' costs must meet the sum the open rows and columns fix: the cheapest such
 * matching bounds every completion, and a square whose reduced cost lifts it past that sum is
 * in none. Counting is exact, so a square ruled out so is ruled out for every completion: the
 * count keeps its value. Where the kernel by lines counts a unit of a board whose diagonals'
 * sums are tight (kernel_lines.c) and the unit is not small (its first path promises a few
 * leaves), the test at the unit's root costs one matching against thousands of nodes or more
 * below it, and takes out squares or whole units; at the nodes below it cost 3 to 30 times the
 * kernel's time for 2 to 16 % fewer nodes on 25-25-11 (BENCHMARKS.md, "Counting constrained
 * boards").
 *
 * The costs are measured from the middle of the board: from the mean of the open rows and
 * columns, as the proof engine measures them on the first solutions' questions, the units of
 * 25-25-10 cost 12.5 G instructions against 8.2 G (both centers: 8.2 G again).
 *
 * The forced queens are placed first (nq_search_settle): with them still open, the matching may
 * pair their diagonals otherwise and sees less. One matching, not repeated until nothing more
 * is taken out: the kernel places what the squares taken out force, and on boards of many small
 * units the rounds cost more than they cut.
 */
#include "engine/diagonal_sums.h"
#include "engine/engine.h"

int nq_search_rule_out(nq_search *search)
{
    int n = search->n;
    uint64_t rows = search->full, cols = search->full;
    if (!nq_search_settle(search, &rows, &cols))
        return 0;
    if (!rows)
        return 1;
    /* search->allow holds each open row's free squares: nq_search_place took out what the
     * placed queens attack. */
    uint64_t ruled_out[NQ_MAX_N];
    if (!nq_diagonal_matching_node(n, rows, cols, search->allow, 0, ruled_out))
        return 0;
    for (uint64_t m = rows; m; m &= m - 1) {
        int r = __builtin_ctzll(m);
        search->allow[r] &= ~ruled_out[r];
    }
    return 1;
}
