/*
 * reference.c - the tests' plain n-queens solver: place row by row, check every earlier queen.
 */
#include <stdlib.h>
#include <string.h>

#include "reference.h"

/* The square (r, c) of an n x n board under symmetry k of the square, written plainly. */
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

/* Whether a queen on (row, col) is attacked by a queen of an earlier row. */
static int attacked(const int *cols, int row, int col)
{
    for (int r = 0; r < row; r++)
        if (cols[r] == col || abs(cols[r] - col) == row - r)
            return 1;
    return 0;
}

typedef struct search {
    const nq_board *board;
    int cols[NQ_MAX_N];
    ref_visit_fn visit;
    void *context;
    uint64_t count;
} search;

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
        if (attacked(s->cols, row, c))
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

int ref_is_least(const nq_board *board, const int *cols)
{
    int n = board->n, other[NQ_MAX_N];
    for (int k = 1; k < 8; k++) {
        if (!board_has(board, k))
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

typedef struct unique_count {
    const nq_board *board;
    uint64_t count;
} unique_count;

static void count_least(void *context, int n, const int *cols)
{
    unique_count *u = context;
    (void)n;
    u->count += (uint64_t)ref_is_least(u->board, cols);
}

uint64_t ref_count_unique(const nq_board *board)
{
    unique_count u = { board, 0 };
    ref_solve(board, count_least, &u);
    return u.count;
}
