/*
 * reference.c - the tests' plain n-queens solver: place row by row, check every earlier queen.
 *
 * Everything here is written for obviousness, not speed, so that a disagreement with the
 * library points at the library.
 */
#include <stdlib.h>
#include <string.h>

#include "reference.h"

/* The square (r, c) of an n x n board under symmetry k of the square, in the order of enum
 * nq_symmetry: identity, rot90, rot180, rot270, mirror, flip, transpose, anti. */
static void image(int k, int n, int r, int c, int *r2, int *c2)
{
    int m = n - 1;
    int rows[8] = { r, c, m - r, m - c, r, m - r, c, m - c };
    int cols[8] = { c, m - r, m - c, r, m - c, c, r, m - r };
    *r2 = rows[k];
    *c2 = cols[k];
}

static int is_bad(const nq_board *b, int r, int c)
{
    return (int)(b->blocked[r] >> c & 1);
}

/* Whether symmetry k maps the board onto itself. */
static int board_has(const nq_board *b, int k)
{
    for (int r = 0; r < b->n; r++) {
        for (int c = 0; c < b->n; c++) {
            int r2, c2;
            image(k, b->n, r, c, &r2, &c2);
            if (is_bad(b, r, c) != is_bad(b, r2, c2) ||
                (b->queen[r] == c) != (b->queen[r2] == c2))
                return 0;
        }
    }
    return 1;
}

unsigned ref_symmetries(const nq_board *board)
{
    unsigned group = 0;
    for (int k = 0; k < 8; k++)
        if (board_has(board, k))
            group |= 1u << k;
    return group;
}

/* Whether a queen on (row, col) is attacked by a queen of an earlier row. */
static int attacked(const int *cols, int row, int col)
{
    for (int r = 0; r < row; r++)
        if (cols[r] == col || abs(cols[r] - col) == row - r)
            return 1;
    return 0;
}

/* Whether a queen placed on the board (one every solution holds) attacks (row, col), from
 * any row: pruning there keeps boards with many placed queens fast, and loses nothing, as no
 * solution can hold such a square. */
static int attacked_by_placed(const nq_board *b, int row, int col)
{
    for (int r = 0; r < b->n; r++) {
        int c = b->queen[r];
        if (r != row && c >= 0 && (c == col || abs(c - col) == abs(r - row)))
            return 1;
    }
    return 0;
}

typedef struct search {
    const nq_board *board;
    int cols[NQ_MAX_N];
    ref_visit_fn visit;
    void *context;
    uint64_t count;
} search;

/* Fills row and those below in every way, columns in increasing order: lexicographic order. */
static void place(search *s, int row)
{
    const nq_board *b = s->board;
    if (row == b->n) {
        s->count++;
        if (s->visit)
            s->visit(s->context, b->n, s->cols);
        return;
    }
    for (int c = 0; c < b->n; c++) {
        if (is_bad(b, row, c) || (b->queen[row] >= 0 && b->queen[row] != c))
            continue;
        if (attacked(s->cols, row, c) || attacked_by_placed(b, row, c))
            continue;
        s->cols[row] = c;
        place(s, row + 1);
    }
}

uint64_t ref_solve(const nq_board *board, ref_visit_fn visit, void *context)
{
    search s = { .board = board, .visit = visit, .context = context };
    place(&s, 0);
    return s.count;
}

uint64_t ref_count(const nq_board *board)
{
    return ref_solve(board, NULL, NULL);
}

/* Whether cols is least among its images under the symmetries in group. */
static int least_under(unsigned group, int n, const int *cols)
{
    int other[NQ_MAX_N];
    for (int k = 1; k < 8; k++) {
        if (!(group >> k & 1))
            continue;
        for (int r = 0; r < n; r++) {
            int r2, c2;
            image(k, n, r, cols[r], &r2, &c2);
            other[r2] = c2;
        }
        for (int r = 0; r < n && other[r] <= cols[r]; r++)
            if (other[r] < cols[r])
                return 0;
    }
    return 1;
}

int ref_is_least(const nq_board *board, const int *cols)
{
    return least_under(ref_symmetries(board), board->n, cols);
}

/* Collects solutions, keeping only least ones when asked. */
typedef struct collector {
    unsigned group;      /* the board's symmetries; 0 keeps every solution */
    int8_t *cols;
    size_t count, capacity;
} collector;

static void collect(void *context, int n, const int *cols)
{
    collector *k = context;
    if (k->group && !least_under(k->group, n, cols))
        return;
    if (k->count == k->capacity) {
        k->capacity = k->capacity ? 2 * k->capacity : 64;
        k->cols = realloc(k->cols, k->capacity * (size_t)n);
        if (!k->cols)
            abort();
    }
    for (int r = 0; r < n; r++)
        k->cols[k->count * (size_t)n + (size_t)r] = (int8_t)cols[r];
    k->count++;
}

int8_t *ref_list(const nq_board *board, int least_only, size_t *count)
{
    collector k = { least_only ? ref_symmetries(board) : 0, malloc(1), 0, 0 };
    if (!k.cols)
        abort();
    ref_solve(board, collect, &k);
    *count = k.count;
    return k.cols;
}

uint64_t ref_count_unique(const nq_board *board)
{
    size_t count;
    free(ref_list(board, 1, &count));
    return count;
}
