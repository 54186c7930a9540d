/*
 * nqueens.h - the public interface of libnqueens.
 *
 * libnqueens places n queens on an n x n board so that no two attack each other. It counts the
 * solutions (all of them, or one per symmetry class), lists them in a fixed order, and does both
 * on boards with bad squares (a bad square cannot hold a queen but does not block attacks) and
 * with queens already placed. It also parses the text formats people use for boards, UVa 11195
 * input and solution lists, formats solutions, and verifies them.
 *
 * Conventions, for every function below unless it says otherwise:
 *  - Rows and columns are 0-based in the API; row 0 is the top row, column 0 the leftmost.
 *  - A function that can fail returns an nq_status; NQ_OK (zero) means success. The library never
 *    prints, never exits and never reads the environment.
 *  - Pointers must not be NULL; a NULL pointer is answered with NQ_ERR_ARGUMENT.
 *  - Each function lists every status it can return; each status means one thing (see
 *    nq_status). A "malformed board value" is an nq_board not made by these functions whose
 *    side is out of range (NQ_ERR_SIZE), a queen's column off the board (NQ_ERR_OFF_BOARD), a
 *    queen on a bad square (NQ_ERR_BLOCKED) or two queens attacking each other (NQ_ERR_ATTACK).
 *  - Functions are thread-safe when the objects they are given are not shared with a concurrent
 *    writer; no function keeps hidden global state but the CPU paths' limit (nq_cpu_limit).
 */
#ifndef NQUEENS_H
#define NQUEENS_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define NQ_VERSION_STRING "0.1.0"

/* Marks the functions libnqueens.so exports: the library is built with -fvisibility=hidden, so
 * that only the functions of this header are its interface. */
#ifndef NQ_API
#if defined(__GNUC__) && __GNUC__ >= 4
#define NQ_API __attribute__((visibility("default")))
#else
#define NQ_API
#endif
#endif

/* The largest board side: one row of the board is one 64-bit mask. */
#define NQ_MAX_N 64

/* ------------------------------------------------------------------------------------------- */
/* Errors                                                                                        */
/* ------------------------------------------------------------------------------------------- */

typedef enum nq_status {
    NQ_OK = 0,
    NQ_ERR_ARGUMENT,  /* a NULL pointer, or a value outside its documented range that no
                         code below names */
    NQ_ERR_SIZE,      /* a board side outside 1..NQ_MAX_N */
    NQ_ERR_NOMEM,     /* an allocation failed */
    NQ_ERR_SYNTAX,    /* text could not be parsed; an nq_parse_error says where and why */
    NQ_ERR_ATTACK,    /* two queens attack each other */
    NQ_ERR_BLOCKED,   /* a queen and a bad square on one square: a queen placed on a bad
                         square, or a square made bad under a queen */
    NQ_ERR_OVERFLOW,  /* a count does not fit its type */
    NQ_ERR_STOPPED,   /* a callback asked to stop */
    NQ_ERR_END,       /* a reader has no more input (not a failure) */
    NQ_ERR_NO_SOLUTION,  /* the board has no solution at all (n = 2 or 3, or a board
                            nq_complete proved has no completion) */
    NQ_ERR_MEMORY_LIMIT, /* the method would need more memory than it was allowed */
    NQ_ERR_METHOD,       /* the method asked for does not count this board */
    NQ_ERR_OFF_BOARD,    /* a row or column outside the board: a square, or a queen */
    NQ_ERR_OTHER_PLAN,   /* a checkpoint made for another plan: another board, work split,
                            method or unique setting */
    NQ_ERR_VERSION,      /* a checkpoint made by another format or engine version */
    NQ_ERR_THREADS,      /* a run asked for more threads than its plan was made for */
    NQ_ERR_ROW_TAKEN,    /* a queen placed in a row that already holds one */
    NQ_ERR_WRONG_TOTAL   /* a total that is not the board's count: it fails the check of the
                            unique count by Burnside's lemma (nq_unique_from_total) */
} nq_status;

/* A request to stop, the one type every call that can be stopped takes (nq_plan_run,
 * nq_solve_with, nq_complete, nq_random_solution_stop), as a `const nq_stop_request *`: the
 * call ends soon after the variable becomes nonzero. A signal handler may set it: it is a
 * volatile sig_atomic_t. NULL where a call takes one: no request can come. */
typedef volatile sig_atomic_t nq_stop_request;

/* A short English description of status; never NULL. Thread-safe. */
NQ_API const char *nq_strerror(nq_status status);

/* Where and why a text could not be parsed. Lines and columns are 1-based. */
typedef struct nq_parse_error {
    int line;            /* line of the offending character, 1-based */
    int column;          /* column of the offending character, 1-based */
    char message[120];   /* what is wrong, in a short English phrase */
} nq_parse_error;

/* ------------------------------------------------------------------------------------------- */
/* Boards                                                                                        */
/* ------------------------------------------------------------------------------------------- */

/* A board is a plain value: copy it, compare it, keep it on the stack. */
typedef struct nq_board {
    int n;                        /* side, 1..NQ_MAX_N */
    uint64_t blocked[NQ_MAX_N];   /* bit c of blocked[r] set: square (r, c) is bad */
    int32_t queen[NQ_MAX_N];      /* column of the queen placed in row r, or -1 */
} nq_board;

/* Makes board an empty n x n board. Returns NQ_OK, NQ_ERR_ARGUMENT (board NULL) or NQ_ERR_SIZE
 * (n outside 1..NQ_MAX_N). */
NQ_API nq_status nq_board_init(nq_board *board, int n);

/* Marks square (row, col) bad. Returns NQ_OK, NQ_ERR_ARGUMENT (board NULL), NQ_ERR_SIZE (a board
 * side out of range), NQ_ERR_OFF_BOARD (the square is outside the board) or NQ_ERR_BLOCKED (a
 * queen stands there). */
NQ_API nq_status nq_board_block(nq_board *board, int row, int col);

/* Places a queen on (row, col) that every solution must contain. Returns NQ_OK,
 * NQ_ERR_ARGUMENT (board NULL), NQ_ERR_SIZE (a board side out of range), NQ_ERR_OFF_BOARD (the
 * square is outside the board), NQ_ERR_ROW_TAKEN (the row already has a queen, on this square
 * or another), NQ_ERR_BLOCKED (a bad square), NQ_ERR_ATTACK if it attacks a queen already
 * placed; the board is unchanged on failure. */
NQ_API nq_status nq_board_place(nq_board *board, int row, int col);

/* The symmetries of the square that map board onto itself (bad squares onto bad squares, queens
 * onto queens), as a bit set over enum nq_symmetry. Always includes NQ_SYM_IDENTITY. */
NQ_API unsigned nq_board_symmetries(const nq_board *board);

/* The eight symmetries of the square, acting on a square (r, c) of an n x n board. */
enum nq_symmetry {
    NQ_SYM_IDENTITY,   /* (r, c)                 */
    NQ_SYM_ROT90,      /* (c, n-1-r)             */
    NQ_SYM_ROT180,     /* (n-1-r, n-1-c)         */
    NQ_SYM_ROT270,     /* (n-1-c, r)             */
    NQ_SYM_MIRROR,     /* (r, n-1-c): left-right */
    NQ_SYM_FLIP,       /* (n-1-r, c): top-bottom */
    NQ_SYM_TRANSPOSE,  /* (c, r)                 */
    NQ_SYM_ANTI,       /* (n-1-c, n-1-r)         */
    NQ_SYM_COUNT
};

/* Parses a board from text: n lines of n characters, '.' a free square, '*' a bad square, 'Q' a
 * queen every solution must contain. Lines end in "\n" or "\r\n"; the last one may lack its end.
 * n is the number of lines and must equal every line's length. Returns NQ_OK, NQ_ERR_ARGUMENT
 * (text or board NULL), or NQ_ERR_SYNTAX, NQ_ERR_SIZE or NQ_ERR_ATTACK with err (if not NULL)
 * filled with the place and reason. */
NQ_API nq_status nq_board_parse(const char *text, size_t length, nq_board *board,
                                nq_parse_error *err);

/* ------------------------------------------------------------------------------------------- */
/* 128-bit counts                                                                                */
/* ------------------------------------------------------------------------------------------- */

/* An unsigned 128-bit number: Q(29) and beyond exceed 64 bits. */
typedef struct nq_u128 {
    uint64_t lo;   /* low 64 bits */
    uint64_t hi;   /* high 64 bits */
} nq_u128;

/* Writes value in decimal with a terminating NUL into buf, which must hold at least 40 bytes.
 * Returns the number of digits written. */
NQ_API int nq_u128_format(nq_u128 value, char *buf);

/* Adds term to *sum. Returns nonzero, leaving *sum unchanged, if the sum overflows 128 bits. */
NQ_API int nq_u128_add(nq_u128 *sum, nq_u128 term);

/* ------------------------------------------------------------------------------------------- */
/* Counting                                                                                      */
/* ------------------------------------------------------------------------------------------- */

/* The memory a count or a plan may take when its options' max_memory is 0, wherever a
 * max_memory is given: 1 GiB, in which the join counts empty boards up to about N = 21 with its
 * table and 23 with row slices on a few threads, and the backtracker makes its most units. A
 * caller that wants no limit says so with NQ_NO_MEMORY_LIMIT. */
#define NQ_DEFAULT_MAX_MEMORY (UINT64_C(1) << 30)
#define NQ_NO_MEMORY_LIMIT UINT64_MAX
/* The name NQ_DEFAULT_MAX_MEMORY had when nq_count alone took it. */
#define NQ_COUNT_DEFAULT_MEMORY NQ_DEFAULT_MAX_MEMORY

typedef struct nq_count_options {
    int threads;   /* worker threads; 0 means one per online core */
    int unique;    /* nonzero: also count the classes of solutions under the board's symmetries */
    uint64_t max_memory;   /* bytes the count may take; 0: NQ_DEFAULT_MAX_MEMORY */
    int engine;    /* the backtracker's engine (enum nq_engine); 0: NQ_ENGINE_AUTO */
} nq_count_options;

typedef struct nq_count_result {
    nq_u128 total;    /* number of solutions */
    nq_u128 unique;   /* number of symmetry classes among them (only if options.unique) */
    /* When the classes of an empty board were derived from the total (the join counts totals
     * only: see nq_unique_from_total), the solutions the half turn maps onto themselves (P)
     * and those a quarter turn does (R), so that unique = (total + P + 2R) / 8; else 0. */
    nq_u128 half_turn, quarter_turn;
} nq_count_result;

/* Counts the placements of one queen per row that complete board: no two queens attack each
 * other, no queen stands on a bad square, and every queen placed on board is among them.
 * Classes for unique are taken under nq_board_symmetries(board): all eight on an empty board,
 * which gives OEIS A002562. An empty board the join counts gets its classes from one join run
 * and nq_unique_from_total; any other board, from the backtracker. The method is the fastest
 * that fits in options->max_memory (the join's memory grows about threefold a size, to gigabytes
 * from N = 24: nq_plan_memory_needed gives a plan's): nq_count never takes more. options may be NULL (all cores, no unique count, the default
 * memory). Returns NQ_OK, NQ_ERR_ARGUMENT (board or result NULL), NQ_ERR_SIZE, NQ_ERR_OFF_BOARD,
 * NQ_ERR_BLOCKED or NQ_ERR_ATTACK (a malformed board value: placed queens that attack each other,
 * say), NQ_ERR_OVERFLOW or NQ_ERR_NOMEM. Thread-safe. */
NQ_API nq_status nq_count(const nq_board *board, const nq_count_options *options,
                   nq_count_result *result);

/* The number of classes of solutions of the empty n x n board (1 <= n <= 32) under the eight
 * symmetries of the square, from result->total, which must be their number, Q(n), by
 * Burnside's lemma: the classes are the average number of solutions each symmetry maps onto
 * itself. The identity keeps Q; the half turn P; each quarter turn R; no reflection keeps any
 * for n > 1 (for n = 1, each keeps the one). Searches for P and R over a half and a quarter of
 * the board (they grow about threefold a size, the total tenfold: a small share of a count's
 * time), fills
 * result->half_turn = P, result->quarter_turn = R and result->unique = (Q + P + 2R) / 8.
 * Returns NQ_OK, NQ_ERR_SIZE (n outside 1..32), NQ_ERR_ARGUMENT (result NULL) or
 * NQ_ERR_WRONG_TOTAL (Q + P + 2R not a multiple of 8: the total is not Q(n); result is then
 * unchanged). Thread-safe. */
NQ_API nq_status nq_unique_from_total(int n, nq_count_result *result);

/* ------------------------------------------------------------------------------------------- */
/* Work units: plans, runs, checkpoints                                                          */
/* ------------------------------------------------------------------------------------------- */

/* A plan splits the count of a board into numbered work units, the same units in the same order
 * for the same board and engine version. Threads, checkpoints and MPI ranks all hand out, record
 * and sum these units. A plan is read-only once made: share it freely between threads. */
typedef struct nq_plan nq_plan;

/* The version of the engine's split; checkpoints made by another version are refused. */
#define NQ_ENGINE_VERSION 1

/* What one unit counted. */
typedef struct nq_unit_count {
    uint64_t total;    /* solutions the unit stands for, weights applied */
    uint64_t unique;   /* classes whose least solution lies in the unit (when counted) */
} nq_unit_count;

/* Makes the plan for counting board with every option at its default but min_units: exactly
 * nq_plan_create_with with an nq_plan_options holding min_units alone (the method and engine
 * chosen by the board, NQ_DEFAULT_MAX_MEMORY, threads for the online cores). min_units: the
 * units to aim at (0 for a default fit for a few hundred cores; see nq_plan_options). Returns
 * what nq_plan_create_with does. */
NQ_API nq_status nq_plan_create(const nq_board *board, size_t min_units, nq_plan **plan);

/* The most units the backtracker's plan makes unless told otherwise (nq_plan_options): its
 * units, a checkpoint's state and subtotals take NQ_BACKTRACK_UNIT_BYTES a unit at most, so
 * under 1 GiB with all three. */
#define NQ_BACKTRACK_MAX_UNITS ((size_t)1 << 24)
#define NQ_BACKTRACK_UNIT_BYTES 54

/* How a plan counts. */
typedef enum nq_method {
    /* The fastest that can: the join for empty boards of side NQ_JOIN_AUTO_MIN_N to
     * NQ_JOIN_MAX_N when its memory fits, else the backtracker. */
    NQ_METHOD_AUTO,
    /* Search: places queens and backs up, with the board's symmetries. Any board, unique too. */
    NQ_METHOD_BACKTRACK,
    /* Joins partial boards: lists every placement of a quarter of the board, joins quarters into
     * halves and counts the halves that fit together. Much faster, needs memory: the quarter's
     * table grows about eightfold every second size, to gigabytes at n = 24; where it does not
     * fit max_memory, and from n = 26, each worker makes row slices of it instead, a few times
     * smaller, with the list of units (nq_plan_memory_needed says how much). Counts empty
     * boards of side 4 to NQ_JOIN_MAX_N only. Its units count totals only; a run of all of them
     * derives the unique count from the total (nq_unique_from_total). */
    NQ_METHOD_JOIN
} nq_method;

/* How the backtracker searches (NQ_METHOD_BACKTRACK). */
typedef enum nq_engine {
    /* By the board: NQ_ENGINE_LINES when at least NQ_ENGINE_LINES_PERCENT percent of its squares
     * are closed (bad, or taken by a placed queen: in its row or attacked by it), or at least
     * NQ_ENGINE_LINES_ASYMMETRIC_PERCENT percent on a board of side 32 at most with no symmetry
     * (nq_board_symmetries gives the identity alone: no symmetry for the rows' units to fold),
     * else ROWS. */
    NQ_ENGINE_AUTO,
    /* Rows: the board's symmetries split it into units, each searched by the row with the
     * fewest free squares first. The fastest on empty and lightly constrained boards. */
    NQ_ENGINE_ROWS,
    /* Rows and columns: units are the first choices of the search itself, which fills any line,
     * row or column, left with one square at once and branches on the line with the fewest.
     * Far faster on constrained boards. Each completion is a unit's own (weight 1), checked
     * against its images for the unique count. */
    NQ_ENGINE_LINES
} nq_engine;

#define NQ_ENGINE_LINES_PERCENT 25
#define NQ_ENGINE_LINES_ASYMMETRIC_PERCENT 5

#define NQ_JOIN_MAX_N 28
#define NQ_JOIN_AUTO_MIN_N 12

/* What a caller keeps for each unit of a plan beside it, as bits of nq_plan_options.keep: a
 * checkpoint's state (nq_checkpoint_state_bytes: a bit and a count a unit), and each unit's
 * count (subtotals: a count a unit). */
#define NQ_KEEP_CHECKPOINT 1u
#define NQ_KEEP_SUBTOTALS  2u

struct nq_checkpoint_info;

/* What to plan for. Every field may be zero. */
typedef struct nq_plan_options {
    /* Units to aim at, at least (0 for a default fit for a few hundred cores); the
     * backtracker makes NQ_BACKTRACK_MAX_UNITS at most: where the split's next queen would make
     * more, it stops a queen short of min_units. */
    size_t min_units;
    nq_method method;       /* NQ_METHOD_AUTO by default */
    int unique;             /* the run will count unique too (either method can) */
    /* Workers the plan's runs may have, at most: the join's memory is each worker's buffers.
     * 0: one per online core. nq_plan_threads tells the figure taken. */
    int threads;
    /* Bytes the plan may use at most; 0: NQ_DEFAULT_MAX_MEMORY, NQ_NO_MEMORY_LIMIT: none. The
     * backtracker makes as many units as fit
     * with a checkpoint's state and subtotals (NQ_BACKTRACK_UNIT_BYTES a unit), whether the run
     * keeps them or not, so that its split does not depend on them. */
    uint64_t max_memory;
    /* The backtracker counts each unit in pieces, its search with this many more queens placed,
     * one piece after another, so that a run stopped or killed inside a unit keeps the pieces
     * done (nq_unit_partial). 0: by n (none below n = 24, then n - 22 up to 6: pieces of a
     * second or less; NQ_ENGINE_LINES: none); -1: none; at most 8. Part of the plan's
     * fingerprint. */
    int piece_levels;
    /* The backtracker's units at most, to make again the plan a checkpoint was made with (its
     * unit count, nq_checkpoint_info.units): the split is then not narrowed to max_memory, but
     * refused with NQ_ERR_MEMORY_LIMIT when that many units would not fit in it. 0: as
     * max_memory allows, NQ_BACKTRACK_MAX_UNITS at most. */
    size_t max_units;
    nq_engine engine;       /* the backtracker's engine; NQ_ENGINE_AUTO by default. The engine
                               makes the units: part of the plan's fingerprint */
    /* What the caller keeps for each unit (NQ_KEEP_* bits), held to max_memory with the plan:
     * a join whose memory and that bookkeeping would not fit is refused (NQ_ERR_MEMORY_LIMIT;
     * AUTO then backtracks). The backtracker's split counts both in always
     * (NQ_BACKTRACK_UNIT_BYTES), so that its units do not depend on them. */
    unsigned keep;
    /* The header of a checkpoint to resume (nq_checkpoint_describe), or NULL. When it was
     * made for a board of this side, the plan is made as the checkpoint's was, whatever the
     * method and memory would choose now: AUTO takes the checkpoint's method (the join only
     * for a board it counts), and the backtracker makes the checkpoint's unit count (as
     * max_units, when that is 0). Such a plan that would not fit max_memory is refused with
     * NQ_ERR_MEMORY_LIMIT, AUTO then not taking the other method, which could not resume it.
     * Whether the checkpoint is the plan's is for nq_checkpoint_read to say. */
    const struct nq_checkpoint_info *resume;
} nq_plan_options;

/* Makes the plan for counting board as options say (NULL: all defaults). Returns NQ_OK,
 * NQ_ERR_ARGUMENT (NULL, or a method outside enum nq_method), NQ_ERR_SIZE, NQ_ERR_OFF_BOARD,
 * NQ_ERR_BLOCKED or NQ_ERR_ATTACK (a malformed board value), NQ_ERR_METHOD (the join asked for
 * a board it does not count), NQ_ERR_MEMORY_LIMIT (the join asked for and it would need more
 * than max_memory, AUTO then taking the backtracker; or the backtracker's coarsest split, or the
 * one max_units asks for, would not fit in max_memory) or NQ_ERR_NOMEM. */
NQ_API nq_status nq_plan_create_with(const nq_board *board, const nq_plan_options *options,
                                     nq_plan **plan);

/* The engine a backtracking plan searches with: NQ_ENGINE_ROWS or NQ_ENGINE_LINES (a join
 * plan: NQ_ENGINE_ROWS; NULL: NQ_ENGINE_AUTO). */
NQ_API nq_engine nq_plan_engine(const nq_plan *plan);

/* What nq_plan_create_with would need in memory for these options, in bytes, into *bytes,
 * without making the plan's big tables (the join's are measured, not built); for the
 * backtracker, its plan with a checkpoint's state and subtotals, its coarsest split's when that
 * does not fit max_memory; for the join, with what options->keep names. Returns NQ_OK, or
 * what nq_plan_create_with would, NQ_ERR_MEMORY_LIMIT excepted (NQ_ERR_ARGUMENT for bytes NULL
 * too). */
NQ_API nq_status nq_plan_memory_needed(const nq_board *board, const nq_plan_options *options,
                                       uint64_t *bytes);

/* The method plan counts with: NQ_METHOD_BACKTRACK or NQ_METHOD_JOIN. */
NQ_API nq_method nq_plan_method(const nq_plan *plan);

/* What plan needs in memory at most, in bytes, for the threads it was made for: its tables and
 * each worker's buffers. */
NQ_API uint64_t nq_plan_memory(const nq_plan *plan);

/* The threads plan was made for (nq_plan_options.threads, 0 resolved to the online cores): a
 * run of it takes these by default, and fewer when asked, never more (NQ_ERR_THREADS). 0 for
 * NULL. */
NQ_API int nq_plan_threads(const nq_plan *plan);

/* Frees plan; NULL is allowed. */
NQ_API void nq_plan_free(nq_plan *plan);

/* The number of units of plan. */
NQ_API size_t nq_plan_units(const nq_plan *plan);

/* A 64-bit digest of the board, the engine version and every unit: equal plans, equal digests. */
NQ_API uint64_t nq_plan_fingerprint(const nq_plan *plan);

/* Counts unit number `unit` (< nq_plan_units) into *count; with unique nonzero, its classes
 * too (a join plan's units count none: count->unique is 0, and nq_plan_run or
 * nq_unique_from_total derives the classes from the whole total). Thread-safe. Returns NQ_OK,
 * NQ_ERR_ARGUMENT (NULL, or unit out of range), NQ_ERR_NOMEM or NQ_ERR_OVERFLOW. */
NQ_API nq_status nq_plan_count_unit(const nq_plan *plan, size_t unit, int unique,
                                    nq_unit_count *count);

/* Counts the first `pieces` pieces of unit number `unit` (see nq_plan_options.piece_levels)
 * into *count, with classes when unique is nonzero: what a partial record of that unit claims.
 * A unit of a plan without pieces is one piece. Thread-safe. Returns as nq_plan_count_unit. */
NQ_API nq_status nq_plan_count_pieces(const nq_plan *plan, size_t unit, int unique,
                                      uint64_t pieces, nq_unit_count *count);

/* Describes unit number `unit` for people and for listings of each unit's count: its weight
 * and its placed queens as "row:col" pairs, 1-based. Writes at most size bytes with a NUL into
 * buf. */
NQ_API void nq_plan_describe_unit(const nq_plan *plan, size_t unit, char *buf, size_t size,
                                  unsigned *weight);

/* How a run is going, for a progress display. */
typedef struct nq_progress {
    uint64_t units_done;     /* units finished, those done before a resume included */
    uint64_t units_total;    /* units in the plan */
    uint64_t units_resumed;  /* of units_done, those taken from a checkpoint */
    nq_u128 total;           /* solutions counted so far */
    double elapsed;          /* seconds since the run started */
} nq_progress;

/* How far the count of a unit counted in pieces got: its first `pieces` pieces, and their
 * count. A run stopped or killed inside the unit resumes from it. Runs report no partial count
 * of more than NQ_PARTIAL_MAX_PIECES pieces (what a checkpoint record can hold). */
#define NQ_PARTIAL_MAX_PIECES 2147483647u
typedef struct nq_unit_partial {
    size_t unit;            /* the unit's number */
    uint64_t pieces;        /* pieces counted, at least 1 */
    nq_unit_count count;    /* their count, weights applied */
} nq_unit_partial;

/* How to run a plan. Every field may be zero. */
typedef struct nq_run_options {
    /* Worker threads: 0 means the plan's (nq_plan_threads); fewer are allowed, more are
     * refused (NQ_ERR_THREADS), since the plan's memory is for its threads. */
    int threads;
    int unique;         /* also count classes of solutions */
    /* Units already counted (a resumed run): bit i of done[i / 8] set for unit i, with their
     * counts summed in done_total and done_unique. NULL for none. */
    const uint8_t *done;
    nq_u128 done_total, done_unique;
    /* Only units first_unit <= i < end_unit are counted (end_unit 0: to the last unit); the
     * result then sums those and the done units. MPI ranks count batches of units this way. */
    size_t first_unit, end_unit;
    /* Called after each unit is counted, one call at a time (never concurrently), from the
     * worker that counted it. A nonzero return stops the run. */
    int (*on_unit)(void *context, size_t unit, const nq_unit_count *count);
    /* Called every tick seconds from the calling thread while workers run, and once at the
     * end. A nonzero return stops the run. */
    int (*on_tick)(void *context, const nq_progress *progress);
    double tick;                /* seconds between on_tick calls; 0 means 0.25 */
    /* When *stop becomes nonzero (a signal handler may set it), workers take no new unit. It is
     * read by the calling thread only; the workers block asynchronous signals. */
    const nq_stop_request *stop;
    void *context;              /* passed to the callbacks */
    /* Units partly counted before (a resumed run), none of them done, by increasing unit
     * number (as nq_checkpoint_read gives them): each starts at its next piece with the count
     * so far. NULL for none. */
    const nq_unit_partial *partials;
    size_t partial_count;
    /* Called with how far a unit in progress got (only for a plan with pieces), for each unit
     * whose pieces counted grew since it was last reported (or resumed): every partial_every
     * seconds (0: never), and when a run ends before all its units do, for the units it gave
     * up. Called from the calling thread, never concurrently with on_unit; once a unit's
     * on_unit call is made, no partial of it follows. A nonzero return stops the run. */
    int (*on_partial)(void *context, const nq_unit_partial *partial);
    double partial_every;
} nq_run_options;

/* Counts every unit of plan not marked done, on options->threads threads (0: the plan's), and
 * sums them with the
 * done units into *result (unique only if options->unique). A join plan's units count no
 * classes: when the run's units and the done ones make the whole plan, the unique count comes
 * from the total by nq_unique_from_total, after the units (a small share of the run; not
 * stopped by *stop), with result->half_turn and quarter_turn; a run of some units only sums
 * the units' (0). Returns NQ_OK, NQ_ERR_STOPPED when stopped early (units counted so far were
 * reported to on_unit), NQ_ERR_OVERFLOW, NQ_ERR_NOMEM, NQ_ERR_ARGUMENT (plan or result NULL),
 * NQ_ERR_WRONG_TOTAL (with unique, a join plan's whole total failed the check of
 * nq_unique_from_total: a done_total that is not the units'), or NQ_ERR_THREADS (options->threads above nq_plan_threads(plan);
 * nothing is counted). */
NQ_API nq_status nq_plan_run(const nq_plan *plan, const nq_run_options *options,
                      nq_count_result *result);

/* Checkpoints: a header naming the plan, then fixed-size, self-checking records in any order:
 * one per finished unit, and partial records of units in progress (how many of their pieces
 * are counted, and their count), which a later record of the unit supersedes. The library
 * encodes and checks them; the caller does the file work. */
#define NQ_CHECKPOINT_HEADER_SIZE 64
#define NQ_CHECKPOINT_RECORD_SIZE 32

/* Writes the header of a checkpoint of plan (counted with or without unique) into out. */
NQ_API void nq_checkpoint_header(const nq_plan *plan, int unique,
                                 unsigned char out[NQ_CHECKPOINT_HEADER_SIZE]);

/* Writes the record of unit's count into out. */
NQ_API void nq_checkpoint_record(const nq_plan *plan, size_t unit, const nq_unit_count *count,
                                 unsigned char out[NQ_CHECKPOINT_RECORD_SIZE]);

/* Writes a partial record of a unit in progress into out (partial->pieces from 1 to
 * NQ_PARTIAL_MAX_PIECES). */
NQ_API void nq_checkpoint_partial(const nq_plan *plan, const nq_unit_partial *partial,
                                  unsigned char out[NQ_CHECKPOINT_RECORD_SIZE]);

/* What a checkpoint holds. */
typedef struct nq_checkpoint_state {
    uint8_t *done;          /* bit set of units recorded (nq_plan_units bits) */
    nq_unit_count *counts;  /* each recorded unit's count, by unit number */
    size_t units_done;      /* how many */
    nq_u128 total, unique;  /* their counts summed */
    nq_unit_partial *partials;  /* units not done but partly counted, the furthest partial
                                   record of each, by increasing unit number */
    size_t partial_count;       /* how many */
    size_t valid_length;    /* bytes of whole, valid records and header: truncate the file to
                               this before appending (a torn last record is dropped) */
} nq_checkpoint_state;

/* Reads a checkpoint of plan counted with or without unique. Returns NQ_OK with state filled;
 * NQ_ERR_SYNTAX (not a checkpoint, or damaged before its last record, or a record contradicting
 * an earlier one), NQ_ERR_VERSION (made by another format or engine version), NQ_ERR_OTHER_PLAN
 * (made for another board, work split, method or unique setting) or NQ_ERR_OVERFLOW (records
 * summing past 128 bits), with err->message saying which and err->line set to the record number
 * (0 for the header); NQ_ERR_ARGUMENT (NULL) or NQ_ERR_NOMEM. */
NQ_API nq_status nq_checkpoint_read(const nq_plan *plan, int unique, const void *data,
                                    size_t length, nq_checkpoint_state *state,
                                    nq_parse_error *err);

/* Whether data, the start of a checkpoint of length bytes, has a whole header made for plan
 * counted with or without unique: which of two plans a checkpoint belongs to. */
NQ_API int nq_checkpoint_matches(const nq_plan *plan, int unique, const void *data, size_t length);

/* The most nq_checkpoint_read allocates for a checkpoint of plan, besides its partial records
 * (a few, of the units in flight): a bit and a count of 16 bytes for each unit. */
NQ_API uint64_t nq_checkpoint_state_bytes(const nq_plan *plan);

/* Frees what nq_checkpoint_read allocated in state; state may be NULL. */
NQ_API void nq_checkpoint_state_free(nq_checkpoint_state *state);

/* What a checkpoint's header tells without a plan: enough to make the plan again when the
 * board was the empty one (the header holds the plan's fingerprint, not the board). */
typedef struct nq_checkpoint_info {
    int n;                  /* the board's side */
    int unique;             /* counted with unique */
    nq_method method;       /* NQ_METHOD_JOIN or NQ_METHOD_BACKTRACK */
    uint64_t units;         /* the plan's unit count */
    uint64_t fingerprint;   /* nq_plan_fingerprint of the plan */
    int piece_levels;       /* the plan's nq_plan_options.piece_levels, as made (-1: none) */
} nq_checkpoint_info;

/* Reads the header at the start of data (length bytes) into *info. Returns NQ_OK,
 * NQ_ERR_ARGUMENT (NULL), or NQ_ERR_SYNTAX (not a checkpoint, or a damaged header) or
 * NQ_ERR_VERSION (another format or engine version) with err->message saying which. The
 * header's CRC guards against damage, not forgery: anyone can write a header, or records, that
 * pass it. Thread-safe. */
NQ_API nq_status nq_checkpoint_describe(const void *data, size_t length, nq_checkpoint_info *info,
                                        nq_parse_error *err);

/* An estimate of a count's work before it runs. */
typedef struct nq_estimate {
    double nodes;       /* squares the kernel will try (0 for a join plan) */
    double solutions;   /* solutions it will find, weights applied */
    double spread;      /* relative standard error of nodes (of solutions for a join plan) */
} nq_estimate;

/* Estimates the work of counting plan by Knuth's random probes: `probes` random paths from the
 * roots of random units, with the given seed (same seed, same estimate). A join plan has no
 * tree to probe: it counts `probes` units instead (time the call to learn the time), in runs of
 * consecutive units as a count takes them, their firsts drawn in equal strata of the plan; with
 * `probes` at least its units, every unit once (the estimate is then the count, spread 0).
 * Returns NQ_OK, NQ_ERR_ARGUMENT (NULL, or probes 0) or (join) NQ_ERR_NOMEM or NQ_ERR_OVERFLOW.
 * Thread-safe. */
NQ_API nq_status nq_plan_estimate(const nq_plan *plan, uint64_t probes, uint64_t seed,
                                  nq_estimate *estimate);

/* ------------------------------------------------------------------------------------------- */
/* Catalogues: many boards of one size                                                          */
/* ------------------------------------------------------------------------------------------- */

/* A catalogue holds the solutions of the empty n x n board, one per class under the eight
 * symmetries, in memory (n bytes each: 285053 of them for n = 15). Counting the completions of a
 * board of that size then takes one pass over it, whatever the board, instead of a search: worth
 * it for many boards of one size, such as UVa 11195's cases. Read-only once made. */
typedef struct nq_catalogue nq_catalogue;

/* The largest side a catalogue is made for: Q(17) solutions would not fit comfortably. */
#define NQ_CATALOGUE_MAX_N 16

/* Makes the catalogue of side n (1..NQ_CATALOGUE_MAX_N). Returns NQ_OK, NQ_ERR_ARGUMENT
 * (catalogue NULL), NQ_ERR_SIZE or NQ_ERR_NOMEM. */
NQ_API nq_status nq_catalogue_create(int n, nq_catalogue **catalogue);

/* Frees catalogue; NULL is allowed. */
NQ_API void nq_catalogue_free(nq_catalogue *catalogue);

/* Counts the completions of board (as nq_count does) from catalogue, whose side must be
 * board->n. Returns NQ_OK or NQ_ERR_ARGUMENT (NULL, or sides that differ). Thread-safe. */
NQ_API nq_status nq_catalogue_count(const nq_catalogue *catalogue, const nq_board *board,
                                    nq_u128 *total);

/* ------------------------------------------------------------------------------------------- */
/* Listing                                                                                       */
/* ------------------------------------------------------------------------------------------- */

/* Called once per solution: cols[r] is the column of the queen in row r, for r < n (int32_t, as
 * everywhere columns are passed: pictures, formats, verify, the random solver). Returns 0 to go
 * on, nonzero to stop the listing. */
typedef int (*nq_solution_fn)(void *context, int n, const int32_t *cols);

/* Calls visit for every solution of board (as nq_count defines them), in lexicographic order of
 * cols, on the calling thread. With unique nonzero, only for the lexicographically least member
 * of each symmetry class (under nq_board_symmetries(board)), in the same order. Each solution is
 * passed on as soon as it is found: the first ones come at once on boards of any size (a
 * completion search steers the walk past subtrees that hold none). The engine is the one
 * nq_count takes (NQ_ENGINE_AUTO): on constrained boards the engine by lines, which passes
 * solutions on a sorted batch at a time (see nq_solve_options.engine). Memory use does not
 * depend on the number of solutions. Returns NQ_OK after the last solution, NQ_ERR_STOPPED if
 * visit asked to stop, NQ_ERR_ARGUMENT (board or visit NULL), NQ_ERR_NOMEM (the batches' few
 * hundred kilobytes), or, for a malformed board value, NQ_ERR_SIZE, NQ_ERR_OFF_BOARD,
 * NQ_ERR_BLOCKED or NQ_ERR_ATTACK. */
NQ_API nq_status nq_solve(const nq_board *board, int unique, nq_solution_fn visit, void *context);

/* The orders a listing can take (nq_solve_options.order). */
enum nq_order {
    /* Lexicographic order of cols, as nq_solve lists: the first solution of a large board
     * (OEIS A141843) can take long, as it lies behind proofs that no earlier placement of the
     * top rows completes (minutes at 40 x 40). */
    NQ_ORDER_LEX = 0,
    /* The order in which a search that fills the most constrained line first meets the
     * solutions. Free squares are those not bad and not attacked; at each step the search
     * fills a column that one open row alone offers (the leftmost such), else the row with
     * the fewest free squares (the top one on a tie), unless a column has fewer than that
     * row and fewer than eight (then the column with the fewest, the leftmost on a tie). A
     * row's squares are tried from the left, a column's from the top; a line with no free
     * square ends the branch. The order depends on the board alone, and the first solutions
     * of every empty board up to 64 x 64 come at once. Listed on the calling thread
     * (options->threads and engine are not used). */
    NQ_ORDER_SEARCH = 1
};

/* How nq_solve_with lists. Zero-initialise for the defaults. */
typedef struct nq_solve_options {
    int unique;    /* nonzero: one solution per symmetry class, as nq_solve's unique */
    int threads;   /* searching threads; 0: one per online core */
    /* When *stop becomes nonzero (a signal handler may set it), the listing ends soon after,
     * within a fraction of a second, with NQ_ERR_STOPPED. May be NULL. */
    const nq_stop_request *stop;
    /* When not NULL, called on the calling thread, with visit's context, whenever the listing
     * waits for the search to find more solutions: the moment to flush buffered output. */
    void (*idle)(void *context);
    /* How to search (enum nq_engine); 0: NQ_ENGINE_AUTO, as nq_count takes it. NQ_ENGINE_LINES
     * finds the completions of a subtree by lines and sorts them, a batch of a few thousand at
     * a time (a subtree with more is cut by its next row): the same listing, sooner on
     * constrained boards, its solutions passed on a batch at a time. */
    int engine;
    /* The order of the listing (enum nq_order); 0: NQ_ORDER_LEX. */
    int order;
} nq_solve_options;

/* nq_solve with options (NULL: the defaults), the search done by options->threads threads
 * besides the calling thread (in lexicographic order; options->order NQ_ORDER_SEARCH lists in
 * search order on the calling thread): visit is called from the calling thread only, in the
 * same order, with the same solutions, each as soon as every earlier one has been passed on.
 * Memory stays within a few megabytes however many solutions stream out or however large a part
 * of the search holds them. Returns what nq_solve does (NQ_ERR_STOPPED also when
 * *options->stop became nonzero; NQ_ERR_ARGUMENT also for an engine outside enum nq_engine or
 * an order outside enum nq_order). Thread-safe for distinct contexts. */
NQ_API nq_status nq_solve_with(const nq_board *board, const nq_solve_options *options,
                               nq_solution_fn visit, void *context);

/* How nq_solve_first searches. Zero-initialise for the defaults. */
typedef struct nq_first_options {
    int threads;   /* threads each of the search's questions is split over; 0: one per online
                      core */
    /* When *stop becomes nonzero (a signal handler may set it), the search ends soon after,
     * within a fraction of a second, with NQ_ERR_STOPPED. May be NULL. */
    volatile const sig_atomic_t *stop;
    /* When start_rows > 0: the search starts at the position start[0..start_rows-1] (0-based
     * columns from the top row down), as if every completion whose first start_rows columns
     * are lexicographically before it had been looked at already. */
    const int32_t *start;
    int start_rows;
    /* When not NULL, called on the calling thread with context each time the search moves on:
     * no completion lies before prefix[0..rows-1], so a search started there finds what this
     * one would. Save it to resume a long search after a crash. */
    void (*position)(void *context, int rows, const int32_t *prefix);
    void *context;
} nq_first_options;

/* The lexicographically first completion of board (of the empty n x n board: row n of OEIS
 * A141843), written to cols[0..n-1] (0-based columns): nq_solve's first solution, found by
 * the same guided walk with each proof it needs split over options->threads threads (options
 * NULL: the defaults). Returns NQ_OK, NQ_ERR_NO_SOLUTION (no completion, from the start on),
 * NQ_ERR_STOPPED, NQ_ERR_ARGUMENT (board or cols NULL, a start column off the board, or
 * start_rows outside 0..n), NQ_ERR_NOMEM, or what nq_solve returns for a malformed board.
 * Thread-safe for distinct options. */
NQ_API nq_status nq_solve_first(const nq_board *board, const nq_first_options *options,
                                int32_t *cols);

/* ------------------------------------------------------------------------------------------- */
/* Formats                                                                                       */
/* ------------------------------------------------------------------------------------------- */

typedef enum nq_format {
    NQ_FORMAT_BOARD,      /* n lines of 'Q' and '.', then an empty line */
    NQ_FORMAT_LEETCODE,   /* one JSON list of lists of row strings, as LeetCode 51 prints it */
    NQ_FORMAT_COLS,       /* one line: the 1-based column of each row's queen, space-separated */
    NQ_FORMAT_UNICODE,    /* a picture for terminals: see nq_picture_unicode */
    NQ_FORMAT_SVG         /* a picture: see nq_svg_begin */
} nq_format;

/* Finds the format called name ("board", "leetcode", "cols", "unicode", "svg"). Returns NQ_OK,
 * or NQ_ERR_ARGUMENT (NULL, or no format of that name). */
NQ_API nq_status nq_format_from_name(const char *name, nq_format *format);

/* The most bytes nq_format_solution can write for one solution of side n (1 <= n <=
 * INT32_MAX: the formats take solutions of any size, not only boards of NQ_MAX_N). */
NQ_API size_t nq_format_max_bytes(nq_format format, int n);

/* Writes solution number index (0 for the first) of a listing in format (board, leetcode or
 * cols; the pictures have functions of their own), cols[r] the column (0-based) of row r's
 * queen, into buf, which holds at least nq_format_max_bytes(format, n) bytes. Returns the
 * number of bytes written (no NUL). */
NQ_API size_t nq_format_solution(nq_format format, int n, const int32_t *cols, uint64_t index,
                                 char *buf);

/* The most bytes nq_format_rows writes per row of a solution of side n. */
NQ_API size_t nq_format_row_bytes(nq_format format, int n);

/* Writes rows first to first + count - 1 of one solution of side n in format, cols[i] being
 * the column of row first + i: the solution's own text, without what separates the entries of
 * a listing (a board's empty line after it, a LeetCode listing's '[' or ',' before it). Rows
 * written in consecutive runs make the same bytes as all at once, so that a solution of
 * millions of rows streams through a small buffer. buf holds at least
 * count * nq_format_row_bytes(format, n) + 3 bytes. Returns the number of bytes written. */
NQ_API size_t nq_format_rows(nq_format format, int n, const int32_t *cols, int first, int count,
                             char *buf);

/* Writes what ends a listing of count solutions into buf (at least 8 bytes): for leetcode "]\n"
 * or "[]\n", nothing for the other formats. Returns the number of bytes written. */
NQ_API size_t nq_format_end(nq_format format, uint64_t count, char *buf);

/* ------------------------------------------------------------------------------------------- */
/* Pictures                                                                                      */
/* ------------------------------------------------------------------------------------------- */

/* The largest sides pictures are drawn for. */
#define NQ_PICTURE_MAX_N 1000
#define NQ_UNICODE_MAX_N 200

/* The most bytes nq_picture_unicode writes for side n. */
NQ_API size_t nq_unicode_max_bytes(int n);

/* Draws a solution for a terminal: n lines of two-character squares, '♛' for a queen, '╳' for a
 * bad square, shaded dark squares, then an empty line. cols[r] is row r's column (0-based);
 * board, if not NULL, gives the bad squares (and n = board->n). 1 <= n <= NQ_UNICODE_MAX_N.
 * Writes into buf (nq_unicode_max_bytes(n)); returns the bytes written. */
NQ_API size_t nq_picture_unicode(int n, const int32_t *cols, const nq_board *board, char *buf);

/* An SVG page of `boards` solutions of side n (1 <= n <= NQ_PICTURE_MAX_N) on a grid: the
 * page's start (nq_svg_begin, at most 2048 bytes), each board (nq_svg_board, at most
 * nq_svg_max_bytes), then the end (nq_svg_end, at most 16 bytes). Each returns the bytes it
 * wrote into buf. A chessboard with the queens on it; bad squares of board (if not NULL)
 * crossed out. */
NQ_API size_t nq_svg_max_bytes(int n, const nq_board *board);
NQ_API size_t nq_svg_begin(int n, uint64_t boards, char *buf);
NQ_API size_t nq_svg_board(int n, const int32_t *cols, const nq_board *board, uint64_t index,
                           uint64_t boards, char *buf);
NQ_API size_t nq_svg_end(char *buf);

/* ------------------------------------------------------------------------------------------- */
/* One solution of a huge board                                                                  */
/* ------------------------------------------------------------------------------------------- */

/* The column (0-based) of row `row`'s queen in the explicit solution of side n, for every
 * n >= 1 but 2 and 3 (the classic construction: even columns then odd ones, with the known
 * repairs when n mod 6 is 2 or 3). O(1) time: rows can be written as they are computed, for
 * any n. Returns UINT64_MAX when n has no solution or row >= n. Thread-safe. */
NQ_API uint64_t nq_explicit_column(uint64_t n, uint64_t row);

/* Finds a random solution of side n by local search (after Sosic and Gu's QS4: a greedy random
 * start, then pair swaps that repair the few queens it leaves under attack): the same seed gives
 * the same solution, on every machine. Fills cols[0..n-1] (0-based columns).
 * Takes 4n bytes besides cols and, in practice, O(n) time (BENCHMARKS.md, "Huge boards").
 * Returns NQ_OK, NQ_ERR_NO_SOLUTION (n = 2, 3), NQ_ERR_ARGUMENT (n = 0, n > INT32_MAX, cols
 * NULL) or NQ_ERR_NOMEM. Thread-safe. */
NQ_API nq_status nq_random_solution(uint32_t n, uint64_t seed, int32_t *cols);

/* nq_random_solution that can be stopped: when *stop becomes nonzero (a signal handler may set
 * it), it returns NQ_ERR_STOPPED within a few milliseconds, cols then holding no solution. stop
 * may be NULL. The solution does not depend on stop: same n and seed, same solution. */
NQ_API nq_status nq_random_solution_stop(uint32_t n, uint64_t seed,
                                         const nq_stop_request *stop, int32_t *cols);

/* ------------------------------------------------------------------------------------------- */
/* One completion of a board                                                                     */
/* ------------------------------------------------------------------------------------------- */

/* How to look for a completion. Every field may be zero. */
typedef struct nq_complete_options {
    int random;        /* nonzero: random choices, so that each seed gives its own completion */
    uint64_t seed;     /* with random: the seed; the same seed gives the same completion */
    /* When *stop becomes nonzero (a signal handler may set it), the search gives up within a
     * millisecond or so. NULL: never. */
    const nq_stop_request *stop;
    /* Searching threads, the calling thread one of them: 0 or 1, the calling thread alone;
     * more split the search's tree between them (a proof that there is no completion gets
     * shorter), and which completion is found may then differ from run to run. */
    int threads;
} nq_complete_options;

/* Finds one completion of board (as nq_count defines them: a queen in every row, none on a bad
 * square, none attacking another, every placed queen kept), or proves there is none. The search
 * is made for finding: it fills the row or column with the fewest open squares, fills forced
 * lines at once, and restarts with random choices and growing budgets; it is complete, but the
 * problem is NP-complete, so some boards may take long. options may be NULL (plain choices).
 * Without random, on one thread, the same board always gives the same completion. Fills cols[0..n-1] (0-based
 * columns) and returns NQ_OK; or returns NQ_ERR_NO_SOLUTION (proved: the board has no
 * completion), NQ_ERR_STOPPED (*options->stop became nonzero), NQ_ERR_ATTACK, NQ_ERR_BLOCKED,
 * NQ_ERR_SIZE or NQ_ERR_OFF_BOARD (a malformed board value), NQ_ERR_ARGUMENT (board or cols
 * NULL) or NQ_ERR_NOMEM. Thread-safe. */
NQ_API nq_status nq_complete(const nq_board *board, const nq_complete_options *options,
                            int32_t *cols);

/* ------------------------------------------------------------------------------------------- */
/* Reading and verifying solutions                                                               */
/* ------------------------------------------------------------------------------------------- */

/* Reads solutions one by one from a text held in memory, in the cols format (one solution a
 * line) or the board format (rows of 'Q' and '.', '*' a bad square without a queen, solutions
 * separated by empty lines); the format is detected from the first non-empty line. Lines end in
 * "\n" or "\r\n". */
typedef struct nq_solution_reader {
    const char *pos;   /* next unread character */
    const char *end;   /* one past the last character */
    int line;          /* line number of pos, 1-based */
    int format;        /* 0 not yet known, else 1 + the nq_format */
} nq_solution_reader;

/* Starts reading the length bytes at text, which must outlive the reader. */
NQ_API void nq_solution_reader_init(nq_solution_reader *reader, const char *text, size_t length);

/* Reads the next solution into cols (room for capacity entries, 0-based columns) and its side
 * into *n, and its first line into *line. Returns NQ_OK, NQ_ERR_END when no solution is left,
 * NQ_ERR_SIZE when a solution has more than capacity rows, NQ_ERR_SYNTAX with err filled, or
 * NQ_ERR_ARGUMENT (a pointer NULL; err may be).
 * The cols format admits any n up to capacity (huge boards included); the board format up to
 * NQ_MAX_N (a wider row is a syntax error) and only square boards. A board row without a queen
 * reads as column -1, one with several as -2, so that nq_verify rejects them as queens off the
 * board. */
NQ_API nq_status nq_solution_reader_next(nq_solution_reader *reader, int32_t *cols,
                                         size_t capacity, size_t *n, int *line,
                                         nq_parse_error *err);

/* What is wrong with a solution: two queens that attack each other, or one off the board. */
typedef struct nq_conflict {
    int64_t row1, col1;   /* the attacking queen of the earlier row, or the queen off the board */
    int64_t row2, col2;   /* the queen it attacks, in a later row; -1 for a queen off the board */
} nq_conflict;

/* Checks that cols[0..n-1] (0-based) places n queens on an n x n board with no two in a column
 * or on a diagonal. Takes O(n) time and O(n) bits. Returns NQ_OK, NQ_ERR_ATTACK for the first
 * queen in row order attacked by an earlier one, NQ_ERR_OFF_BOARD for a queen off the board
 * (whichever comes first in row order; conflict says which queens), NQ_ERR_ARGUMENT (conflict
 * NULL, or cols NULL with n > 0) or NQ_ERR_NOMEM. */
NQ_API nq_status nq_verify(const int32_t *cols, size_t n, nq_conflict *conflict);

/* ------------------------------------------------------------------------------------------- */
/* UVa 11195 input                                                                               */
/* ------------------------------------------------------------------------------------------- */

/* Reads the cases of UVa 11195 ("Another n-Queen Problem"): a line holding n, then n lines of n
 * characters, '.' free and '*' bad, repeated until a line "0". */
typedef struct nq_uva_reader {
    const char *pos;   /* next unread character */
    const char *end;   /* one past the last character */
    int line;          /* line number of pos, 1-based */
} nq_uva_reader;

/* Starts reading the length bytes at text, which must outlive the reader. */
NQ_API void nq_uva_reader_init(nq_uva_reader *reader, const char *text, size_t length);

/* Reads the next case into board. Returns NQ_OK, NQ_ERR_END at the closing "0", NQ_ERR_SYNTAX /
 * NQ_ERR_SIZE with err filled (a missing "0" is an error), or NQ_ERR_ARGUMENT (reader or board
 * NULL). */
NQ_API nq_status nq_uva_reader_next(nq_uva_reader *reader, nq_board *board, nq_parse_error *err);

/* ------------------------------------------------------------------------------------------- */
/* CPU fast paths                                                                                */
/* ------------------------------------------------------------------------------------------- */

/* The fast paths the library takes where the CPU has them, as bits. Every path gives the same
 * results; all are x86 instruction sets, and elsewhere the portable C code is the only path. */
#define NQ_CPU_POPCNT 1u   /* POPCNT: the fewest-choices kernels (counting and listing boards up
                              to 32 wide) and the completion search */
#define NQ_CPU_AVX2   2u   /* AVX2 with POPCNT: the join's matcher */
#define NQ_CPU_AVX512 4u   /* AVX-512 F, VL, BW, VBMI, VPOPCNTDQ with BMI2: the join's matcher
                              and its sieve's bit packing (PEXT), preferred to AVX2 */
#define NQ_CPU_ALL    7u   /* all of them */

/* The fast paths this CPU has, as NQ_CPU_* bits; the CPU is asked once. Thread-safe. */
NQ_API unsigned nq_cpu_detected(void);

/* The fast paths the library takes: those detected that the limit allows. Thread-safe. */
NQ_API unsigned nq_cpu_paths(void);

/* From now on, for the whole process, takes only the fast paths in paths (NQ_CPU_* bits, 0 for
 * the portable code alone; the default is NQ_CPU_ALL), to test or measure a lower path. Returns
 * nq_cpu_paths(). Call it before starting work: work already running may take either choice.
 * Thread-safe. */
NQ_API unsigned nq_cpu_limit(unsigned paths);

#ifdef __cplusplus
}
#endif

#endif /* NQUEENS_H */
