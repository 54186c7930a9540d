/*
 * symmetry.c - the eight symmetries of the square, acting on squares and on solutions.
 */
#include "board/symmetry.h"

void nq_transform_square(int n, enum nq_symmetry sym, int row, int col, int *out_row,
                         int *out_col)
{
    int m = n - 1, r = row, c = col;
    switch (sym) {
    case NQ_SYM_ROT90:     r = col;     c = m - row; break;
    case NQ_SYM_ROT180:    r = m - row; c = m - col; break;
    case NQ_SYM_ROT270:    r = m - col; c = row;     break;
    case NQ_SYM_MIRROR:    c = m - col;              break;
    case NQ_SYM_FLIP:      r = m - row;              break;
    case NQ_SYM_TRANSPOSE: r = col;     c = row;     break;
    case NQ_SYM_ANTI:      r = m - col; c = m - row; break;
    default:                                         break;
    }
    *out_row = r;
    *out_col = c;
}

void nq_transform(const int8_t *cols, int n, enum nq_symmetry sym, int8_t *out)
{
    for (int r = 0; r < n; r++) {
        int r2, c2;
        nq_transform_square(n, sym, r, cols[r], &r2, &c2);
        out[r2] = (int8_t)c2;
    }
}

/* Compares two solutions of side n lexicographically, like memcmp. */
static int compare(const int8_t *a, const int8_t *b, int n)
{
    for (int r = 0; r < n; r++)
        if (a[r] != b[r])
            return a[r] < b[r] ? -1 : 1;
    return 0;
}

int nq_class_size(const int8_t *cols, int n, unsigned group)
{
    int8_t image[NQ_MAX_N];
    int fixed = 1;   /* symmetries in group that map cols onto itself: identity so far */
    for (int sym = 1; sym < NQ_SYM_COUNT; sym++) {
        if (!(group >> sym & 1))
            continue;
        nq_transform(cols, n, (enum nq_symmetry)sym, image);
        int order = compare(image, cols, n);
        if (order < 0)
            return 0;
        fixed += order == 0;
    }
    return __builtin_popcount(group | 1u) / fixed;
}

int nq_is_canonical(const int8_t *cols, int n, unsigned group)
{
    return nq_class_size(cols, n, group) > 0;
}
