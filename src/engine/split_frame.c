/*
 * split_frame.c - splits a search into frames: the queens of the outer `depth` rows and columns
 * on each side, one frame per class under the board's symmetries.
 *
 * Every solution has exactly one queen in each outer row and column, and the eight symmetries of
 * the square map the outer lines onto one another. So the solutions fall apart by their frame,
 * and a frame's completions are as many as those of any of its images: it is enough to count the
 * completions of the least frame of each class and weight them by the size of its class, as the
 * Q27 project did. For the unique count, the completions of a frame are counted up to the
 * symmetries that map the frame onto itself, which are rare and leave most frames weight 8.
 */
#include "board/symmetry.h"
#include "engine/engine.h"

#define MAX_LINES 4   /* outer rows (or columns) of a frame: depth on each side, at most 2 */

typedef struct frame_builder {
    unsigned group;            /* the board's symmetries */
    int n;                     /* board side */
    int lines;                 /* outer rows (and columns): 2 * depth */
    int outer[MAX_LINES];      /* their indices, in order */
    nq_unit unit;              /* the frame being built */
    nq_unit_list *list;        /* where frames go */
    size_t max_units;          /* frames at most */
} frame_builder;

/* Position of x among the outer lines, or -1 for an inner line. */
static int outer_index(const frame_builder *b, int x)
{
    for (int i = 0; i < b->lines; i++)
        if (b->outer[i] == x)
            return i;
    return -1;
}

/* The frame's code: the column of each outer row's queen, then the row of each outer column's
 * queen. Two frames are equal if their codes are, and the code orders frames. */
static void frame_code(const frame_builder *b, const int8_t *row, const int8_t *col,
                       int8_t code[2 * MAX_LINES])
{
    for (int q = 0; q < b->unit.queens; q++) {
        int i = outer_index(b, row[q]), j = outer_index(b, col[q]);
        if (i >= 0)
            code[i] = col[q];
        if (j >= 0)
            code[b->lines + j] = row[q];
    }
}

/* Compares the codes of two frames, like memcmp. */
static int compare_codes(const frame_builder *b, const int8_t *x, const int8_t *y)
{
    for (int i = 0; i < 2 * b->lines; i++)
        if (x[i] != y[i])
            return x[i] < y[i] ? -1 : 1;
    return 0;
}

/* Whether the frame is the least of its class; if so sets its weight and unique group. */
static int is_least_of_class(frame_builder *b)
{
    nq_unit *u = &b->unit;
    int8_t code[2 * MAX_LINES], image[2 * MAX_LINES], row[NQ_UNIT_MAX_QUEENS],
        col[NQ_UNIT_MAX_QUEENS];
    frame_code(b, u->row, u->col, code);
    unsigned stabilizer = 1u << NQ_SYM_IDENTITY;
    for (int sym = 1; sym < NQ_SYM_COUNT; sym++) {
        if (!(b->group >> sym & 1))
            continue;
        for (int q = 0; q < u->queens; q++) {
            int r, c;
            nq_transform_square(b->n, (enum nq_symmetry)sym, u->row[q], u->col[q], &r, &c);
            row[q] = (int8_t)r, col[q] = (int8_t)c;
        }
        frame_code(b, row, col, image);
        int order = compare_codes(b, image, code);
        if (order < 0)
            return 0;
        if (order == 0)
            stabilizer |= 1u << sym;
    }
    u->weight = (uint8_t)(__builtin_popcount(b->group) / __builtin_popcount(stabilizer));
    u->unique_group = (uint8_t)stabilizer;
    return 1;
}

/* Whether some row has no square left, or some column none in any row. */
static int is_dead(const nq_search *s)
{
    uint64_t cols = 0;
    for (int r = 0; r < s->n; r++) {
        if (!s->allow[r])
            return 1;
        cols |= s->allow[r];
    }
    return cols != s->full;
}

static nq_status build(frame_builder *b, const nq_search *s, int step);

/* Adds a queen on (row, col) to the frame and goes on with the next step. */
static nq_status place(frame_builder *b, const nq_search *s, int row, int col, int step)
{
    nq_search next = *s;
    nq_search_place(&next, row, col);
    if (is_dead(&next))
        return NQ_OK;
    nq_unit *u = &b->unit;
    u->row[u->queens] = (int8_t)row, u->col[u->queens] = (int8_t)col;
    u->queens++;
    nq_status status = build(b, &next, step + 1);
    u->queens--;
    return status;
}

/* Steps 0..lines-1 place the outer rows' queens, steps lines..2*lines-1 those of the outer
 * columns that have none yet, in inner rows. */
static nq_status build(frame_builder *b, const nq_search *s, int step)
{
    nq_status status = NQ_OK;
    if (step == 2 * b->lines) {
        if (!is_least_of_class(b))
            return NQ_OK;
        if (b->list->count >= b->max_units)
            return NQ_ERR_MEMORY_LIMIT;
        return nq_unit_list_push(b->list, &b->unit);
    }
    if (step < b->lines) {
        int row = b->outer[step];
        for (uint64_t f = s->allow[row]; f && !status; f &= f - 1)
            status = place(b, s, row, __builtin_ctzll(f), step);
        return status;
    }
    int col = b->outer[step - b->lines];
    for (int q = 0; q < b->unit.queens; q++)
        if (b->unit.col[q] == col)
            return build(b, s, step + 1);
    for (int row = 0; row < b->n && !status; row++)
        if (outer_index(b, row) < 0 && (s->allow[row] >> col & 1))
            status = place(b, s, row, col, step);
    return status;
}

nq_status nq_split_frame(const nq_search *search, unsigned group, int depth, size_t max_units,
                         nq_unit_list *list)
{
    if (depth < 1 || depth > MAX_LINES / 2 || search->n < 2 * depth)
        return NQ_ERR_ARGUMENT;
    frame_builder b = { .group = group, .n = search->n, .lines = 2 * depth, .list = list,
                        .max_units = max_units };
    for (int i = 0; i < depth; i++) {
        b.outer[i] = i;
        b.outer[depth + i] = search->n - depth + i;
    }
    if (is_dead(search))
        return NQ_OK;
    return build(&b, search, 0);
}
