/*
 * join.h - the join counter's parts, shared by the files of src/join and by count/plan.c.
 *
 * The join counter counts the solutions of the empty n x n board without backtracking over
 * whole boards. It cuts the board into four h x h quarters (h = n / 2; for odd n the middle row
 * and column are filled first, by "starts"). Every partial placement of one quarter is listed
 * once, by the rows and columns it uses (quarter.c). For each set S of rows whose queen stands
 * in the east half, two quarters join into the placements of the east half on rows S, and two
 * into those of the west half on the other rows (half.c, with pair.c's kernels, one set per
 * instruction set like the matcher's); both are reduced to the diagonals they take where the
 * halves meet, a 64-bit "pattern". Every east pattern disjoint from a west pattern is a
 * solution: match.c counts disjoint pairs 512 at a time with bit-sliced tables.
 * starts.c orders the work: which row sets, with which weights from the board's symmetries,
 * into numbered units like the backtracker's. join.c ties them into a plan's counter.
 *
 * Memory: the quarter's table is kept whole where it fits (h <= 12). Otherwise, and always from
 * n = 26, a worker makes only the row slices of the table its row set needs (quarter.c), lists
 * halves in chunks of bounded size (half.c's cursor), and a row set too big for one unit is cut
 * into parts by the shares of its east columns (starts.c), so that a worker's memory and a
 * unit's time stay bounded whatever n.
 */
#ifndef NQ_JOIN_H
#define NQ_JOIN_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "nqueens.h"

/* The sizes the join counts: NQ_JOIN_MIN_N <= n <= NQ_JOIN_MAX_N (nqueens.h; patterns need
 * 4h - 2 <= 64 bits, and the quarter's figures are tabulated up to NQ_QUARTER_MAX_H). */
#define NQ_JOIN_MIN_N 4
#define NQ_JOIN_MAX_STARTS (1 + NQ_QUARTER_MAX_H * (NQ_QUARTER_MAX_H - 1) / 2)   /* 1 + C(h, 2) */

/* ---- quarter.c: every placement of queens on an h x h square ---------------------------- */

/* The largest quarter whose figures are known (quarter.c), and the largest kept whole as a table
 * (h = 12: 633e6 placements, 4.8 GiB; its offsets are 32-bit, which h = 13's 6.3e9 would
 * overflow). */
#define NQ_QUARTER_MAX_H 13
#define NQ_QUARTER_TABLE_MAX_H 12

/* The diagonals one quarter placement takes, numbered on the quarter: up = row + col,
 * down = row - col + h - 1. */
typedef struct nq_quarter_diags {
    uint32_t up, down;
} nq_quarter_diags;

/* Every placement of 0..h non-attacking queens on an h x h square, grouped by the rows and
 * columns it uses: those using row set R and column set C are diags[start[R << h | C]] up to
 * diags[start[(R << h | C) + 1]]. Without the table (start and diags NULL), workers make the
 * row slices they need (nq_quarter_slice); the figures are those of the table either way. */
typedef struct nq_quarter {
    int h;
    uint32_t *start;            /* 4^h + 1 offsets, or NULL */
    nq_quarter_diags *diags;    /* every placement, or NULL */
    uint64_t count;             /* how many */
    uint64_t largest;           /* the most placements sharing one row set and column set */
    uint64_t row_most;          /* the most placements sharing one row set */
    uint64_t half_bound;        /* nq_quarter_half_bound */
    uint16_t *subsets;          /* the 2^h column sets, by size: those of size k are */
    uint32_t subsets_start[NQ_QUARTER_MAX_H + 2];   /* subsets[subsets_start[k]] up to
                                                       subsets[subsets_start[k+1]] */
} nq_quarter;

/* Lays out q for side h (1 <= h <= NQ_QUARTER_MAX_H) without its table: the column sets and the
 * tabulated figures. Returns NQ_OK, NQ_ERR_ARGUMENT or NQ_ERR_NOMEM. */
nq_status nq_quarter_layout(nq_quarter *q, int h);

/* Lays out q for side h (1 <= h <= NQ_QUARTER_TABLE_MAX_H) to hold its table: counts the
 * placements of each cell, allocating start but not diags, and recounts the figures. Returns
 * NQ_OK, NQ_ERR_ARGUMENT or NQ_ERR_NOMEM. */
nq_status nq_quarter_count(nq_quarter *q, int h);

/* Fills q->diags after nq_quarter_count. Returns NQ_OK or NQ_ERR_NOMEM. */
nq_status nq_quarter_fill(nq_quarter *q);

/* One row set's part of the table, made by a worker when there is no table: the placements
 * using rows `rows` and column set C are diags[start[C]] up to diags[start[C + 1]]. */
typedef struct nq_quarter_slice {
    uint32_t rows;              /* UINT32_MAX: none yet */
    uint32_t *start;            /* 2^h + 1 offsets */
    nq_quarter_diags *diags;    /* room for q->row_most */
    uint64_t capacity;
} nq_quarter_slice;

/* Allocates s for row sets of q; the bytes it takes. Returns NQ_OK or NQ_ERR_NOMEM. */
nq_status nq_quarter_slice_init(nq_quarter_slice *s, const nq_quarter *q);
uint64_t nq_quarter_slice_bytes(const nq_quarter *q);

/* Makes s the slice of row set rows (nothing to do if it is already). Returns NQ_OK, or
 * NQ_ERR_ARGUMENT if it held more than q->row_most or a cell more than q->largest (the figures
 * were wrong). */
nq_status nq_quarter_slice_fill(nq_quarter_slice *s, const nq_quarter *q, uint32_t rows);
void nq_quarter_slice_free(nq_quarter_slice *s);

/* A bound on the placements of any half joined from cells of q (see quarter.c); UINT64_MAX
 * when out of memory. */
uint64_t nq_quarter_half_bound(const nq_quarter *q);

void nq_quarter_free(nq_quarter *q);

/* ---- starts.c: what is placed before the quarters join, and which row sets to count ------- */

/* A start: queens placed on the middle row and column (none for even n), and how its row sets
 * are counted. A start may also leave the middle row's queen to one of several east columns,
 * `choices`: it then stands for the starts with that queen on each of them (starts.c says
 * when and why), its east halves those of every choice, each marked with the diagonals its
 * queen takes where the halves meet (half.c), its west halves those of none. */
typedef struct nq_join_start {
    uint32_t rows;      /* rows left to fill, numbered 0..2h-1: north quarter rows, then south */
    uint32_t east;      /* columns left in the east quarters, numbered 0..h-1 (before a choice) */
    uint32_t west;      /* and in the west quarters */
    uint32_t choices;   /* 0, or the east columns the middle row's queen takes in turn */
    uint64_t up, down;  /* board diagonals (row + col, row - col + n - 1) the placed queens take */
    int symmetric;      /* nonzero: the start has all eight symmetries, used as starts.c says */
    unsigned weight;    /* solutions each solution found stands for when not symmetric */
    int queens;         /* the queens placed: 0, 1 or 2 */
    int8_t row[2], col[2];  /* and their squares */
} nq_join_start;

/* The queens the east half of a start holds, as many as its row sets have rows: one a column
 * left, less the one a choice takes. */
static inline int nq_join_east_queens(const nq_join_start *start)
{
    return __builtin_popcount(start->east) - (start->choices != 0);
}

/* A work unit: `count` row sets of one start, the first of them `first`; or, where a row set
 * is too big for one unit (n >= 26), part `part` of `parts` of one row set: the east halves of
 * every parts-th share of the east columns, from the part-th (half.c), against all west ones. */
typedef struct nq_join_unit {
    uint32_t start;     /* index into the starts */
    uint32_t first;     /* first row set (a mask over the start's rows) */
    uint32_t count;     /* row sets to count (1 when parts > 1) */
    uint16_t part, parts;   /* 0 of 1 when the unit takes its row sets whole */
} nq_join_unit;

/* A start's row sets are counted in blocks of this many sets of north rows, each block through
 * every set of south rows (starts.c): a worker keeps the quarter cells of as many north rows
 * fitted, and those of one set of south rows (half.c). */
#define NQ_JOIN_NORTH_BLOCK 8

/* Where a column queen leaves its row's queen at least this many columns, on the board of
 * quarter side h, those starts are one start with choices (starts.c): the break-even grows
 * about one a size (BENCHMARKS.md, "Starts with choices"). */
static inline int nq_join_choices_least(int h)
{
    return h - 6 > 2 ? h - 6 : 2;
}

/* The starts of the n x n board, at most 1 + C(h, 2): fills starts, returns how many. Those of
 * odd n whose middle column's queen leaves its row's queen at least nq_join_choices_least(h)
 * columns are one start with choices. */
int nq_join_starts(int n, nq_join_start *starts);

/* The same, with choices where there are at least `least` (past h: none). */
int nq_join_starts_choosing(int n, int least, nq_join_start *starts);

/* The weight of row set rows of start: what each pair of its halves that fit stands for (for
 * a symmetric start, the pairs {T, not T} in its class, each pair weighted as join.c says; for
 * the others, start->weight), or 0 when the start leaves it out. */
unsigned nq_join_weight(const nq_join_start *start, uint32_t rows, int h);

/* The row sets a start counts, in the order of starts.c: the first (if any) into *rows; returns
 * its weight, 0 when there is none. */
unsigned nq_join_first_rows(const nq_join_start *start, int h, uint32_t *rows);

/* The next one after *rows, and its weight; 0 when there is none. */
unsigned nq_join_next_rows(const nq_join_start *start, int h, uint32_t *rows);

/* How the starts' row sets are split into units: units of about equal numbers of row sets
 * (`per` each), at least min_units in all; or, with `split` nonzero and fewer row sets than
 * min_units, each row set cut into parts, as many as its share of the work (by the shares of
 * columns its halves join, the product of the two halves' counts) asks for, about `quantum`
 * each: min_units more or less in all. And how many units that makes, known before they are
 * made (their list is part of a join's memory: 16 bytes a unit, 0.3 GB at n = 26). */
typedef struct nq_join_split {
    size_t per;
    uint64_t quantum;   /* 0: row sets whole */
    size_t count;
} nq_join_split;

void nq_join_split_units(const nq_join_start *starts, int start_count, int h, size_t min_units,
                         int split, nq_join_split *units);

/* Makes the units of split into *units (free it). Returns NQ_OK or NQ_ERR_NOMEM. */
nq_status nq_join_units(const nq_join_start *starts, int start_count, int h,
                        const nq_join_split *split, nq_join_unit **units);

/* ---- pair.c: quarter cells fitted to the board, and the pairs of two that fit ------------ */

/* How the placements of a quarter cell stand on the board: the shifts that take their quarter
 * diagonals to the board's, where the halves meet (board diagonals lo .. lo + width - 1), and
 * the board diagonals the start's queens take. */
typedef struct nq_fit_rule {
    int up_shift, down_shift, lo, width;
    uint64_t taken_up, taken_down;
} nq_fit_rule;

/* A kernel may write this many slots past what it lists: its output needs that room. */
#define NQ_PAIR_SLACK 8

/* Writes to pattern, in order, for each of the `count` placements at diags that the start's
 * queens leave alone, the diagonals it takes where the halves meet (up ones in the low `width`
 * bits, down ones above); returns how many. Writes up to NQ_PAIR_SLACK slots past them. */
typedef size_t nq_fit_fn(const nq_quarter_diags *diags, size_t count, const nq_fit_rule *rule,
                         uint64_t *pattern);

/* Placements of one quarter cell fitted to the board: their patterns. */
typedef struct nq_fitted {
    const uint64_t *pattern;
    size_t count;
} nq_fitted;

/* Writes to out, north placement by north placement and for each south placement by south
 * placement, the patterns (north | south | mark) of the pairs whose patterns and mark have no
 * bit in common (mark: the diagonals of a queen placed besides the start's, or 0); returns how
 * many. Writes up to NQ_PAIR_SLACK slots past them. (Placements of a half's north and south
 * quarters, fitted by its rules, take a diagonal in common exactly when their patterns share a
 * bit: all the diagonals both quarters can take, 3h - 1 - n up ones and as many down, lie where
 * the halves meet; half.c.) */
typedef size_t nq_pair_fn(const nq_fitted *north, const nq_fitted *south, uint64_t mark,
                          uint64_t *out);

/* A pairer: the kernels that list halves, for one instruction set. Every pairer lists the
 * same, in the same order. */
typedef struct nq_pairer {
    nq_fit_fn *fit;
    nq_pair_fn *pair;
} nq_pairer;

/* The pairers: portable C, and for CPUs with AVX2 or AVX-512 (only use those on one). */
extern const nq_pairer nq_pairer_portable, nq_pairer_avx2, nq_pairer_avx512;

/* The portable pairer's kernels (the others fall back on them off x86). */
nq_fit_fn nq_fit_portable;
nq_pair_fn nq_pair_portable;

/* The fastest pairer this CPU runs: for the same instruction set as nq_match_best's matcher. */
const nq_pairer *nq_pairer_best(void);

/* ---- half.c: the placements of one half on a set of rows, as patterns -------------------- */

/* A growing buffer of patterns. */
typedef struct nq_patterns {
    uint64_t *at;
    size_t count, capacity;
    size_t limit;       /* the most it may need (0: unknown): it grows no further than that,
                           but for the NQ_PAIR_SLACK slots a pairer writes past the last */
} nq_patterns;

/* Makes room for count patterns in buffer, its contents dropped. Returns NQ_OK or NQ_ERR_NOMEM. */
nq_status nq_patterns_room(nq_patterns *buffer, size_t count);

/* The cells of one half's quarter on one set of rows, fitted to a start and kept: the row sets
 * come in the order of starts.c, so that each set of north and south rows comes back for the
 * row sets that follow, and each cell is fitted once for many of them. */
typedef struct nq_kept_row {
    const nq_join_start *start;     /* the key: the start and the rows (start NULL: none) */
    uint32_t rows;
    nq_quarter_slice slice;         /* their placements when the quarter has no table */
    const uint32_t *cell_start;     /* and where they are: q's table's row or the slice */
    const nq_quarter_diags *diags;
    uint32_t *first, *count;        /* by column set: where its patterns are, how many
                                       (first UINT32_MAX: not fitted yet) */
    uint64_t *pattern;              /* the placements' patterns */
    size_t used;
} nq_kept_row;

/* Scratch a worker needs to list halves: each half's cells of the last sets of north rows it
 * listed and of the last set of south rows. */
typedef struct nq_half_scratch {
    nq_kept_row north[2][NQ_JOIN_NORTH_BLOCK];     /* [west, east][the last ones] */
    nq_kept_row south[2];
    int north_kept;                 /* how many north rows each half keeps */
    int north_next[2];              /* which it gives up next */
} nq_half_scratch;

/* The rule of the quarter cells of one half of the n x n board after start: the cells of
 * its north quarter (row0 0) or south one (row0 n - n / 2), and of its west half (col0 0) or east
 * one (col0 n - n / 2). */
nq_fit_rule nq_half_fit_rule(int n, const nq_join_start *start, int row0, int col0);

/* Allocates s for listing halves from q (with slices when q has no table): keeping
 * NQ_JOIN_NORTH_BLOCK sets of north rows, but one where row sets are cut into parts (h = 13,
 * whose slices weigh 37 MB each). Returns NQ_OK or NQ_ERR_NOMEM. */
nq_status nq_half_scratch_init(nq_half_scratch *s, const nq_quarter *q);
void nq_half_scratch_free(nq_half_scratch *s);

/* The bytes nq_half_scratch_init allocates: with slices (slices nonzero, for a quarter without
 * its table) or without. */
uint64_t nq_half_scratch_bytes(const nq_quarter *q, int slices);

/* Where nq_half_patterns stopped when its buffer was full: zero it to begin. */
typedef struct nq_half_cursor {
    int choice;         /* the start's choice it stopped in (0 without choices) */
    size_t share;       /* the share of columns it stopped in */
    size_t index;       /* shares of the half counted before it (for parts) */
    size_t north;       /* the north placement it stopped before */
    int done;           /* nonzero: every placement was listed */
} nq_half_cursor;

/* Appends to out, listing with `pairer`, the pattern of every placement of the east (east
 * nonzero) or west half of the n x n board on rows `rows` (numbered as in nq_join_start) that
 * fits with the start's queens, of the shares of its columns between north and south numbered
 * part, part + parts, ... (all of them when parts is 1): the up diagonals it takes where the
 * halves meet in the low 2h - 1 bits, the down ones above. The east halves of a start with
 * choices are those of each choice in turn, its shares numbered on from the last choice's, each
 * pattern with the choice's queen's diagonals set. With a cursor, it lists no more
 * than out->limit - 1 patterns (at least the largest cell's): it stops where out is full and
 * goes on from there when called again with the same cursor (cursor->done once all are
 * listed). Without one, all at once. Returns NQ_OK, NQ_ERR_NOMEM, or NQ_ERR_ARGUMENT (a slice
 * larger than q's figures allow). */
nq_status nq_half_patterns(const nq_quarter *q, int n, const nq_join_start *start, int east,
                           uint32_t rows, unsigned part, unsigned parts,
                           const nq_pairer *pairer, nq_half_scratch *scratch,
                           nq_half_cursor *cursor, nq_patterns *out);

/* ---- match.c: counting disjoint pairs ----------------------------------------------------- */

/* Items to match, in ranges, each with its weight. */
typedef struct nq_match_range {
    size_t first, end;      /* items at[first] up to at[end] */
    unsigned weight;
} nq_match_range;

typedef struct nq_match_items {
    const uint64_t *at;
    int ranges;
    nq_match_range *range;
} nq_match_items;

/* How a matcher reads a value of `bits` bits: cut into `chunks` chunks. With the most chunks,
 * nq_match_chunks_most, they are 6 bits each (the last may have fewer) and read where they are,
 * chunk c from bit 6c. With fewer, each chunk of up to 8 bits sits in its own byte, c in byte c,
 * the first bits % chunks one bit wider than the others (nq_spread puts them there): fewer
 * lookups a pair, larger tables to build (match_body.h). */
typedef struct nq_chunking {
    int bits, chunks;
} nq_chunking;

/* The most chunks a matcher cuts `bits` bits into, 6 bits each, and the fewest, 8 each. */
static inline int nq_match_chunks_most(int bits)
{
    return bits > 6 ? (bits + 5) / 6 : 1;
}

static inline int nq_match_chunks_least(int bits)
{
    return bits > 8 ? (bits + 7) / 8 : 1;
}

/* Whether a chunking puts its chunks in bytes: fewer than the most chunks (8 at most, see
 * nq_chunking_valid). */
static inline int nq_chunks_in_bytes(nq_chunking ch)
{
    return ch.chunks < nq_match_chunks_most(ch.bits);
}

/* Whether a matcher reads a chunking: the most chunks, or up to 8 in bytes. */
static inline int nq_chunking_valid(nq_chunking ch)
{
    return ch.chunks >= nq_match_chunks_least(ch.bits) &&
           ch.chunks <= nq_match_chunks_most(ch.bits) &&
           (ch.chunks <= 8 || !nq_chunks_in_bytes(ch));
}

/* The bits of chunk c of a chunking in bytes. */
static inline int nq_chunk_width(nq_chunking ch, int c)
{
    return ch.bits / ch.chunks + (c < ch.bits % ch.chunks);
}

/* Value x of ch.bits bits as the matcher reads it: as it is with the most chunks, else its
 * chunks moved each to its byte. */
static inline uint64_t nq_spread(uint64_t x, nq_chunking ch)
{
    if (!nq_chunks_in_bytes(ch))
        return x;
    uint64_t spread = 0;
    for (int c = 0, at = 0; c < ch.chunks; c++) {
        const int width = nq_chunk_width(ch, c);
        spread |= (x >> at & ((UINT64_C(1) << width) - 1)) << 8 * c;
        at += width;
    }
    return spread;
}

/* Bytes of the table a matcher needs for patterns of `bits` bits, however many chunks. */
size_t nq_match_table_size(int bits);

/* Sum over ranges r of weight[r] times the number of pairs (pattern, item of range r) with no
 * bit in common, patterns and items as nq_spread gives them for `ch`, a valid chunking. table
 * is scratch of nq_match_table_size(ch.bits) bytes, 64-byte aligned. */
typedef uint64_t nq_match_fn(const uint64_t *patterns, size_t count, const nq_match_items *items,
                             nq_chunking ch, void *table);

/* The matchers: portable C, and for CPUs with AVX2 or AVX-512 (only call those on one). */
nq_match_fn nq_match_portable, nq_match_avx2, nq_match_avx512;

/* The fastest matcher this CPU runs. */
nq_match_fn *nq_match_best(void);

/* ---- sieve.c: matching split by a few pattern bits ---------------------------------------- */

/* Buffers the sieve sorts into, and room for a 16-bit signature per value. */
typedef struct nq_sieve_work nq_sieve_work;
typedef struct nq_sieve_scratch {
    nq_patterns patterns, items, signatures;
    nq_sieve_work *work;    /* what one matching keeps besides its lists (sieve.c) */
    int depth;              /* the cut bits the last matching sorted by (for the tests) */
} nq_sieve_scratch;

/* How pairs weigh: by which of two flag bits the value of list a and that of list b take,
 * weight[a's flags][b's] (bit 0 for flag[0], bit 1 for flag[1]); without flags (flags 0) every
 * pair weighs weight[0][0]. */
typedef struct nq_sieve_weights {
    int flags;
    int flag[2];
    unsigned weight[4][4];
} nq_sieve_weights;

/* The weighted sum over pairs of a value of a[0..na) and one of b[0..nb) with no bit in common,
 * counted by `match` with either list as its patterns, both lists first split by a few of their
 * bits (and the flags) so that each bucket meets only the buckets free where it is taken.
 * Into *pairs; returns NQ_OK or NQ_ERR_NOMEM. */
nq_status nq_sieve_match(const uint64_t *a, size_t na, const uint64_t *b, size_t nb,
                         const nq_sieve_weights *weights, int bits, nq_match_fn *match,
                         void *table, nq_sieve_scratch *scratch, uint64_t *pairs);

/* Frees what the sieve made room for in scratch (zeroed to begin with). */
void nq_sieve_scratch_free(nq_sieve_scratch *scratch);

/* The most bytes scratch->work takes for lists of at most `values` values. */
size_t nq_sieve_work_bytes(size_t values);

/* ---- join.c: the counter a plan uses ------------------------------------------------------ */

typedef struct nq_join nq_join;

/* What a worker keeps between units: buffers that grow to the largest row set's needs. */
typedef struct nq_join_scratch nq_join_scratch;

/* How a join holds the quarter: as a whole table (h <= NQ_QUARTER_TABLE_MAX_H; faster, as the
 * table is made once), or as row slices each worker makes for the row sets it counts (memory
 * per worker bounded by the largest slice and half, not the table's). ANY takes the table when
 * it fits the memory limit, else slices. */
typedef enum nq_join_layout {
    NQ_JOIN_ANY, NQ_JOIN_TABLE, NQ_JOIN_SLICES,
    NQ_JOIN_SLICES_CUT      /* slices, row sets cut into parts as from n = 26, and halves listed
                               in the smallest chunks (tests) */
} nq_join_layout;

/* Makes the join counter of the empty n x n board with at least min_units units, laid out as
 * `layout` says, refusing with NQ_ERR_MEMORY_LIMIT when it would need more than max_memory bytes
 * (0: no limit) with `threads` workers. Returns NQ_OK, NQ_ERR_SIZE (n outside the join's
 * sizes), NQ_ERR_ARGUMENT (a table asked for past NQ_QUARTER_TABLE_MAX_H), NQ_ERR_NOMEM or
 * NQ_ERR_MEMORY_LIMIT; *memory (when not NULL) gets the need, as nq_join_memory measures it,
 * unless NQ_ERR_SIZE. */
nq_status nq_join_create(int n, size_t min_units, uint64_t max_memory, int threads,
                         nq_join_layout layout, nq_join **join, uint64_t *memory);

void nq_join_free(nq_join *join);

/* What nq_join_create would need for n, min_units, `threads` workers, the layout and the memory
 * limit (the layout it would choose), measured without building: the table or slices, each
 * worker's scratch, and the list of units. Returns as nq_join_create, but NQ_OK over the limit. */
nq_status nq_join_memory(int n, size_t min_units, int threads, nq_join_layout layout,
                         uint64_t max_memory, uint64_t *bytes);

/* Whether join holds the whole table (else its workers make slices). */
int nq_join_has_table(const nq_join *join);

size_t nq_join_unit_count(const nq_join *join);
const nq_join_unit *nq_join_unit_at(const nq_join *join, size_t unit);
const nq_join_start *nq_join_start_at(const nq_join *join, size_t start);

/* A worker's scratch for join; NULL when out of memory. */
nq_join_scratch *nq_join_scratch_create(const nq_join *join);
void nq_join_scratch_free(nq_join_scratch *scratch);

/* Counts unit `unit` into *total with the matcher `match` and the pairer `pairer` (for the
 * same CPU), using the caller's scratch (one per thread). Returns NQ_OK, NQ_ERR_NOMEM,
 * NQ_ERR_OVERFLOW, or NQ_ERR_STOPPED when *stop (NULL: never) was found nonzero before a row
 * set: *total is then not the unit's count. */
nq_status nq_join_count_unit(const nq_join *join, size_t unit, nq_match_fn *match,
                             const nq_pairer *pairer, nq_join_scratch *scratch,
                             const atomic_int *stop, uint64_t *total);

#endif /* NQ_JOIN_H */
