/*
 * kernel_lines.c - the counting kernel for constrained boards up to 32 wide: the fewest-choices
 * kernel (kernel_mrv.c) made to look at columns as it looks at rows.
 *
 * On a board with many bad squares the columns are as short as the rows, and a row kernel finds
 * a column left with one or two open squares only after trying the rows above it every way.
 * Here the look at the open rows also counts, for each untaken column, whether one, two or
 * more open rows offer it: a column offered by one row is filled at once, and a column offered
 * by two is branched on when every open row offers three squares or more. That is the pruning
 * of the completion search (src/find), without its nodes of whole lines: the columns are
 * counted from the rows' free squares with a few bit operations per row.
 *
 * Near the root, where a subtree is large, a node also passes the test of the diagonals' sums
 * that the completion search makes at every node (engine/diagonal_sums.h): a node that fails it
 * has no completion, and the diagonals out of the queens' reach are taken out of its subtree.
 * Deeper, where the nodes are many and cheap and the subtrees small, the test would cost more
 * than it saves on a board with many completions (BENCHMARKS.md, "Counting constrained boards").
 *
 * Each node keeps every open row's free squares, its parent's less what the new queen attacks
 * in that row (a table's word), rather than working them out of the columns and diagonals taken
 * (two shifts by the row and more): on the CSPLib 079 boards a node looks at a dozen rows and
 * does little else, and the look is 16 % fewer instructions so. n <= 32.
 */
#include "base/base.h"
#include "engine/diagonal_sums.h"
#include "engine/engine.h"

/* One line being filled, and what was taken before it. */
typedef struct step {
    uint64_t cols;             /* columns taken before this line */
    uint64_t free_;            /* squares of the line still to try: columns of a row, or rows
                                  of a column */
    uint64_t open;             /* rows open before this line */
    int line;                  /* row r, or column c as NQ_MAX_N + c */
    nq_diagonal_sums sums;     /* what the queens still to place before it must sum to */
    uint64_t frees[NQ_ABSOLUTE_MAX_N];   /* [r]: open row r's free squares at the node of this
                                            line; the look at a node one deeper than the stack
                                            writes its own here before it is pushed */
} step;

/* [c][31 + d]: the squares of the row d rows below (above, for d < 0) a queen on column c that
 * it attacks, its column and two diagonals there; a constant table, so that threads share it
 * and nothing is built before a count. */
_Static_assert(NQ_ABSOLUTE_MAX_N == 32, "the attacks' table is written for 32 columns");
#define BIT(c) (UINT64_C(1) << (c))
#define ATTACK(c, d) (BIT(c) | BIT(c) << ((d) < 31 ? 31 - (d) : (d) - 31) | \
                      BIT(c) >> ((d) < 31 ? 31 - (d) : (d) - 31))
#define ATTACK8(c, d) ATTACK(c, d), ATTACK(c, d + 1), ATTACK(c, d + 2), ATTACK(c, d + 3), \
                      ATTACK(c, d + 4), ATTACK(c, d + 5), ATTACK(c, d + 6), ATTACK(c, d + 7)
#define ATTACKS(c) {ATTACK8(c, 0), ATTACK8(c, 8), ATTACK8(c, 16), ATTACK8(c, 24), \
                    ATTACK8(c, 32), ATTACK8(c, 40), ATTACK8(c, 48), ATTACK(c, 56), \
                    ATTACK(c, 57), ATTACK(c, 58), ATTACK(c, 59), ATTACK(c, 60), \
                    ATTACK(c, 61), ATTACK(c, 62)}
#define ATTACKS8(c) ATTACKS(c), ATTACKS(c + 1), ATTACKS(c + 2), ATTACKS(c + 3), \
                    ATTACKS(c + 4), ATTACKS(c + 5), ATTACKS(c + 6), ATTACKS(c + 7)
static const uint64_t attacks[NQ_ABSOLUTE_MAX_N][2 * NQ_ABSOLUTE_MAX_N - 1] = {
    ATTACKS8(0), ATTACKS8(8), ATTACKS8(16), ATTACKS8(24)};
static const uint64_t no_attack[NQ_ABSOLUTE_MAX_N];   /* for a node with no new queen */

/* Looks at the open rows of a node and returns the line to branch on: the row with the fewest
 * free squares (the lowest such row), or a column offered by fewer rows than that; *squares
 * gets its squares, empty when the node is a dead end: an open row has no free square, or an
 * untaken column is offered by no open row. Each open row r's free squares are from[r] less
 * attack[r], and go to frees[r]. With `sums`, *up_free and *down_free get the diagonals that
 * hold a free square (by absolute index). */
static inline __attribute__((always_inline)) int choose_line(const nq_search *search,
                                                             uint64_t open, uint64_t cols,
                                                             const uint64_t *from,
                                                             const uint64_t *attack,
                                                             uint64_t *frees,
                                                             uint64_t *squares, int sums,
                                                             uint64_t *up_free,
                                                             uint64_t *down_free)
{
    unsigned least = ~0u;                  /* free squares << 8 | row */
    uint64_t once = 0, twice = 0;   /* columns offered by >= 1, >= 2 rows */
    for (uint64_t m = open; m; m &= m - 1) {
        int r = __builtin_ctzll(m);
        uint64_t f = from[r] & ~attack[r];
        frees[r] = f;
        if (sums)
            *up_free |= f << r, *down_free |= f << (search->n - 1 - r);
        unsigned key = (unsigned)__builtin_popcountll(f) << 8 | (unsigned)r;
        twice |= once & f;
        once |= f;
        least = key < least ? key : least;
    }
    int best = (int)(least & 0xFF), fewest = (int)(least >> 8);
    uint64_t column = 0;
    if ((once | cols) != search->full || fewest == 0) {
        *squares = 0;
        return best;
    }
    if (fewest >= 2 && (once & ~twice)) {
        column = once & ~twice;
    } else if (fewest >= 3) {
        /* The columns offered by three rows or more, gathered apart: only here does the
         * choice need them, at few looks, and the tally in the look cost every row. */
        uint64_t one = 0, two = 0, more = 0;
        for (uint64_t m = open; m; m &= m - 1) {
            uint64_t f = frees[__builtin_ctzll(m)];
            more |= two & f;
            two |= one & f;
            one |= f;
        }
        column = twice & ~more;
    }
    if (!column) {
        *squares = frees[best];
        return best;
    }
    /* The rows that offer the column: one or two, so the look stops at the last of them. */
    int c = __builtin_ctzll(column), left = fewest >= 2 && (once & ~twice) ? 1 : 2;
    uint64_t rows = 0;
    for (uint64_t m = open;; m &= m - 1) {
        int r = __builtin_ctzll(m);
        if (frees[r] >> c & 1) {
            rows |= UINT64_C(1) << r;
            if (--left == 0)
                break;
        }
    }
    *squares = rows;
    return NQ_MAX_N + c;
}

/* Whether the test of the sums pays on search (sums_pay()), or there is no completion at all
 * (-1): on boards whose free diagonals bring the least sum of squares within a quarter of its
 * target. The empty board's least sum is half the target, and so is that of boards with bad
 * squares strewn at random, whose nodes the test slowed by up to 40 % and never cut; whole
 * diagonals excluded (CSPLib 079 boards: a slack of 0.06 to 0.18 of the target) bring it
 * closer. */
static inline __attribute__((always_inline)) int sums_pay(const nq_search *search)
{
    int n = search->n;
    nq_diagonal_sums sums = nq_diagonal_sums_of(n, search->full, search->full);
    uint64_t up_free = 0, down_free = 0;
    for (int r = 0; r < n; r++)
        up_free |= search->allow[r] << r, down_free |= search->allow[r] << (n - 1 - r);
    int slack = nq_diagonal_sums_slack(sums, n, n, up_free, down_free);
    return slack < 0 ? -1 : 4 * slack <= sums.squares;
}

/* The test of the sums at a node with k open rows, whose open rows' free squares are frees[]
 * and hold the diagonals up_free and down_free: -1 when the node has no completion; else the
 * diagonals no completion reaches are taken out of frees, and 1 says some were (the node is to
 * be looked at again). The reach of each kind is measured from the ring the slack's own test
 * found (nq_diagonal_sums_slack_rings), not from a second search for it. Out of line, built
 * once per CPU path: inlined, the compiler set part of it up at every node, tested or not. */
static inline __attribute__((always_inline)) int test_sums_body(nq_diagonal_sums sums, int n,
                                                                int k, uint64_t open,
                                                                uint64_t up_free,
                                                                uint64_t down_free,
                                                                uint64_t *frees)
{
    int up_ring, down_ring;
    int slack = nq_diagonal_sums_slack_rings(sums, n, k, up_free, down_free, &up_ring,
                                             &down_ring);
    if (slack < 0)
        return -1;
    uint64_t up_far = up_free & ~nq_diagonals_within_ring(up_ring, n - 1, slack);
    uint64_t down_far = down_free & ~nq_diagonals_within_ring(down_ring, n - 1, slack);
    if (!(up_far | down_far))
        return 0;
    for (uint64_t m = open; m; m &= m - 1) {
        int r = __builtin_ctzll(m);
        frees[r] &= ~(up_far >> r | down_far >> (n - 1 - r));
    }
    return 1;
}

typedef int test_sums_fn(nq_diagonal_sums sums, int n, int k, uint64_t open, uint64_t up_free,
                         uint64_t down_free, uint64_t *frees);

static __attribute__((noinline)) int test_sums(nq_diagonal_sums sums, int n, int k,
                                               uint64_t open, uint64_t up_free,
                                               uint64_t down_free, uint64_t *frees)
{
    return test_sums_body(sums, n, k, open, up_free, down_free, frees);
}

NQ_TARGET_POPCNT static __attribute__((noinline)) int test_sums_popcnt(nq_diagonal_sums sums,
                                                                        int n, int k,
                                                                        uint64_t open,
                                                                        uint64_t up_free,
                                                                        uint64_t down_free,
                                                                        uint64_t *frees)
{
    return test_sums_body(sums, n, k, open, up_free, down_free, frees);
}

/* The leaves the first path of a count promises, Knuth's estimate from it: the product of the
 * squares of each branching line on the stack (the one taken and those left), up to `enough`. */
static unsigned first_path_leaves(const step *stack, int depth, unsigned enough)
{
    unsigned leaves = 1;
    for (int i = 0; i < depth && leaves < enough; i++)
        leaves *= (unsigned)__builtin_popcountll(stack[i].free_) + 1;
    return leaves;
}

/* Counts the completions of search; with visit, also calls it with each (in no set order)
 * until it returns nonzero. Returns NQ_KERNEL_STOPPED when visit asked to stop or *stop became
 * nonzero: the flag is read once in NQ_POLL_STEPS dead ends and leaves.
 * With `prunable` (search itself, writable), the count meets its first dead end or leaf and, if
 * that found no completion and its path promises match_from leaves or more, takes out of search
 * the squares the matching of diagonals rules out (root_matching.c) and starts again from the
 * root, where the squares taken out may change every choice of a line (going on with the stack
 * as it stood kept the first choices and lost a tenth on 25-25-10). A unit whose first path is
 * that short is mostly small, and the matching, tens of thousands of instructions, would cost it
 * more than it cuts: made at every unit's root, it slowed boards of many small units down
 * (BENCHMARKS.md, "Counting constrained boards"). */
static inline __attribute__((always_inline)) uint64_t count_lines(const nq_search *search,
                                                                  nq_placed_fn visit,
                                                                  void *context,
                                                                  const nq_stop_flag *stop,
                                                                  int sums_test,
                                                                  nq_search *prunable,
                                                                  unsigned match_from,
                                                                  test_sums_fn *sums_cut)
{
    const int n = search->n;
    uint64_t cols = 0, open = (UINT64_C(1) << n) - 1, count = 0;
    step stack[NQ_ABSOLUTE_MAX_N];
    int8_t placed[NQ_MAX_N];
    /* Each open row's free squares before the node's new queen, and what that queen attacks in
     * each row: the look writes the node's own into stack[depth].frees, which a node pushed
     * keeps, a forced line overwrites and a line leaving the stack hands on. */
    const uint64_t *from = search->allow, *attack = no_attack;
    int depth = 0;
    unsigned steps = NQ_POLL_STEPS;
    int unmatched = prunable != NULL;   /* the first dead end or leaf is still to come */
    /* The test of the sums at nodes with two thirds of the rows or more open: on CSPLib 079
     * boards at n = 25, 10 times faster with few completions (25-25-5), the same time within
     * 4 % with many (25-25-11); from half the rows, 1.8 times slower there (25-25-6). */
    const int tested = sums_test ? 2 * n / 3 : n + 1;
    /* The sums are kept only where a tested node lies below: a node with `tested` open rows
     * or fewer has none, and there, at most of the nodes, carrying them cost more than asking
     * (BENCHMARKS.md, "Counting constrained boards"). */
#define CARRIED(open) (sums_test && __builtin_popcountll(open) > tested)
    nq_diagonal_sums sums = nq_diagonal_sums_of(n, open, search->full);
    for (;;) {
        uint64_t f;
        int line, k = __builtin_popcountll(open), test = sums_test && k >= tested;
        uint64_t up_free = 0, down_free = 0;
    look:
        /* Built twice, so that the look at the rows of an untested node does not ask for each
         * row whether to gather the diagonals. */
        line = test ? choose_line(search, open, cols, from, attack, stack[depth].frees, &f, 1,
                                  &up_free, &down_free)
                    : choose_line(search, open, cols, from, attack, stack[depth].frees, &f, 0,
                                  &up_free, &down_free);
        if (f && test) {
            int cut = sums_cut(sums, n, k, open, up_free, down_free, stack[depth].frees);
            if (cut < 0) {
                f = 0;
            } else if (cut) {   /* diagonals taken out of the rows: the node looked at again */
                from = stack[depth].frees, attack = no_attack, up_free = down_free = 0;
                goto look;
            }
        }
        from = stack[depth].frees;   /* after a forced line; a square from the stack: its step's */
        const int last = !(open & (open - 1));
        if (!f || last || (f & (f - 1))) {   /* anything but a forced line */
            if (f && !last) {
                step *s = &stack[depth++];
                s->cols = cols, s->free_ = f, s->open = open;
                s->line = line;
                if (CARRIED(open))
                    s->sums = sums;
            } else {
                /* A dead end, or the last open row, which has one square at most: one column
                 * is left. A column is never chosen there, as a row has one square. */
                count += f != 0;
                if (visit && f) {
                    placed[line] = (int8_t)__builtin_ctzll(f);
                    if (visit(context, n, placed))
                        return NQ_KERNEL_STOPPED;
                }
                if (nq_stop_poll(stop, &steps))
                    return NQ_KERNEL_STOPPED;
                if (unmatched) {
                    unmatched = 0;
                    if (count == 0 && first_path_leaves(stack, depth, match_from) >= match_from) {
                        if (!nq_search_rule_out(prunable))
                            return 0;
                        depth = 0, cols = 0, open = (UINT64_C(1) << n) - 1;
                        from = search->allow, attack = no_attack;
                        sums = nq_diagonal_sums_of(n, open, search->full);
                        continue;
                    }
                }
            }
            /* Back to the deepest line with a square left, and its next square. A line leaves
             * the stack as its last square is taken, not when it is found empty: no loop and
             * no branch there. */
            if (depth == 0)
                return count;
            step *s = &stack[depth - 1];
            from = s->frees;
            f = s->free_ & (0 - s->free_);
            s->free_ &= s->free_ - 1;
            depth -= s->free_ == 0;
            cols = s->cols, open = s->open, line = s->line;
            if (CARRIED(open))
                sums = s->sums;
        }
        /* The queen on square f of line: a square taken from the stack, or the one square of a
         * forced line, placed without a step to come back to. */
        int bit = __builtin_ctzll(f);
        int r = line < NQ_MAX_N ? line : bit;
        int c = line < NQ_MAX_N ? bit : line - NQ_MAX_N;
        placed[r] = (int8_t)c;
        attack = attacks[c] + NQ_ABSOLUTE_MAX_N - 1 - r;
        cols |= UINT64_C(1) << c;
        if (CARRIED(open))
            sums = nq_diagonal_sums_take(sums, n, r, c);
        open &= ~(UINT64_C(1) << r);
    }
#undef CARRIED
}

/* count_lines() with the test of the sums where it pays, or nothing where the sums prove there
 * is no completion. Built both ways: the nodes of a board without the test pay nothing for it
 * (with the sums carried, 1.26 times the instructions on a 16 x 16 board with a fifth of its
 * squares bad at random). Where the sums pay, the matching of diagonals takes out of the search
 * the squares no completion uses (root_matching.c), once, at the root (on boards of many
 * units, each unit's root), where the first path promises MATCH_FROM leaves or more: where it
 * branches twice, say. From 8 leaves, units large enough to gain were left out. */
#define MATCH_FROM 4

static inline __attribute__((always_inline)) uint64_t count_chosen(const nq_search *search,
                                                                   nq_placed_fn visit,
                                                                   void *context,
                                                                   const nq_stop_flag *stop,
                                                                   test_sums_fn *sums_cut)
{
    int pay = sums_pay(search);
    if (pay < 0)
        return 0;
    if (!pay)
        return count_lines(search, visit, context, stop, 0, NULL, 0, sums_cut);
    nq_search pruned = *search;
    return count_lines(&pruned, visit, context, stop, 1, &pruned, MATCH_FROM, sums_cut);
}

uint64_t nq_kernel_count_lines(const nq_search *search, const nq_stop_flag *stop)
{
    return count_chosen(search, NULL, NULL, stop, test_sums);
}

NQ_TARGET_POPCNT uint64_t nq_kernel_count_lines_popcnt(const nq_search *search,
                                                       const nq_stop_flag *stop)
{
    return count_chosen(search, NULL, NULL, stop, test_sums_popcnt);
}

nq_status nq_kernel_visit_lines(const nq_search *search, nq_placed_fn visit, void *context,
                                const nq_stop_flag *stop)
{
    return count_chosen(search, visit, context, stop, test_sums) == NQ_KERNEL_STOPPED
               ? NQ_ERR_STOPPED
               : NQ_OK;
}

NQ_TARGET_POPCNT nq_status nq_kernel_visit_lines_popcnt(const nq_search *search,
                                                        nq_placed_fn visit, void *context,
                                                        const nq_stop_flag *stop)
{
    return count_chosen(search, visit, context, stop, test_sums_popcnt) == NQ_KERNEL_STOPPED
               ? NQ_ERR_STOPPED
               : NQ_OK;
}

uint64_t nq_kernel_lines_matched(const nq_search *search, nq_placed_fn visit, void *context)
{
    nq_search pruned = *search;
    return count_lines(&pruned, visit, context, NULL, 1, &pruned, 1, test_sums);
}
