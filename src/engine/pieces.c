/*
 * pieces.c - a unit's search split into pieces, counted one after another, so that a run can
 * save how far it got inside a unit that takes minutes or hours.
 *
 * A piece is the unit's search with `levels` more queens placed. The walk places them the way
 * the fewest-choices kernel would: each level fills the open row with the fewest squares left
 * (the lowest such row), its squares in increasing order, after placing every queen a row is
 * forced to (a row of one square). So the pieces of a unit come in a fixed order, the same on
 * every run, and share out its completions: each completion lies in exactly one piece. A
 * piece is counted by the kernels as a whole unit is, and a stopped count resumes at its next
 * piece. Pieces whose search has a row with no square left are skipped: they have no
 * completion. The walk is a few levels deep, so its cost, next to the pieces', is nothing.
 */
#include "engine/engine.h"

/* Places the queen of each row of s that offers one square and is not in *settled, until no
 * row is left to place; adds those rows to *settled. Returns 0 if a row offers no square. */
static int settle(nq_search *s, uint64_t *settled)
{
    for (int again = 1; again;) {
        again = 0;
        for (int r = 0; r < s->n; r++) {
            uint64_t a = s->allow[r];
            if (!a)
                return 0;
            if (!(*settled >> r & 1) && !(a & (a - 1))) {
                nq_search_place(s, r, __builtin_ctzll(a));
                *settled |= UINT64_C(1) << r;
                again = 1;
            }
        }
    }
    return 1;
}

/* The walk over the pieces of one unit. */
typedef struct walk {
    int levels;                    /* queens placed beyond the unit's to make a piece */
    uint64_t first;                /* pieces before this one are skipped */
    uint64_t index;                /* the number of the next piece */
    nq_piece_fn piece;             /* called for each piece from first on */
    void *context;                 /* its first argument */
} walk;

/* The open row (not in settled) with the fewest squares, or -1 if none is open. */
static int fewest_row(const nq_search *s, uint64_t settled)
{
    int best = -1, fewest = 65;
    for (int r = 0; r < s->n; r++) {
        int squares = __builtin_popcountll(s->allow[r]);
        if (!(settled >> r & 1) && squares < fewest)
            best = r, fewest = squares;
    }
    return best;
}

/* Walks the pieces below s (settled), `level` queens placed so far. Returns nonzero if a
 * piece call asked to stop. */
static int walk_below(walk *w, const nq_search *s, uint64_t settled, int level)
{
    int row = fewest_row(s, settled);
    if (level == w->levels || row < 0) {
        uint64_t index = w->index++;
        return index >= w->first && w->piece(w->context, s);
    }
    for (uint64_t f = s->allow[row]; f; f &= f - 1) {
        nq_search child = *s;
        uint64_t placed = settled | UINT64_C(1) << row;
        nq_search_place(&child, row, __builtin_ctzll(f));
        if (settle(&child, &placed) && walk_below(w, &child, placed, level + 1))
            return 1;
    }
    return 0;
}

nq_status nq_pieces_walk(const nq_search *search, int levels, uint64_t first, nq_piece_fn piece,
                         void *context)
{
    walk w = { levels, first, 0, piece, context };
    nq_search s = *search;
    uint64_t settled = 0;
    if (!settle(&s, &settled))
        return NQ_OK;   /* no completion: no piece */
    return walk_below(&w, &s, settled, 0) ? NQ_ERR_STOPPED : NQ_OK;
}
