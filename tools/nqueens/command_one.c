/*
 * command_one.c - `nqueens one`: one solution of any size, explicit or random, streamed; or one
 * completion of a board (--board).
 */
#include <getopt.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"

static const char help[] =
    "Usage: nqueens one N [--random [--seed S]] [--format F]\n"
    "       nqueens one --board FILE [--random [--seed S]] [--threads T] [--format F]\n"
    "Print one solution of the N x N board (1 <= N <= 2147483647; N = 2 and 3 have none), or one\n"
    "completion of the board in FILE ('-' for stdin), or prove it has none.\n"
    "\n"
    "  -b, --board FILE  complete this board ('.' free, '*' bad, 'Q' queen; N <= 64): a search\n"
    "                    that fills the row or column with the fewest open squares first and\n"
    "                    restarts with random choices; same board, same completion\n"
    "  -r, --random      a random solution found by local search (N <= 100000000), instead of\n"
    "                    the explicit construction (linear time, streamed: any N the disk holds);\n"
    "                    with --board, a random completion\n"
    "  -S, --seed S      seed of the random search (default 1): same seed, same solution\n"
    "  -t, --threads T   with --board: searching threads (default: one per usable core); with\n"
    "                    more than one, the completion printed may differ from run to run\n"
    "  -f, --format F    cols: each row's 1-based column on one line (default)\n"
    "                    board: N lines of 'Q' and '.' (N <= 1000)\n"
    "                    unicode: a picture for terminals (N <= 200)\n"
    "                    svg: an SVG picture (N <= 1000)\n"
    "  -h, --help        show this help\n"
    "\n"
    "Exit codes: 0 success, 1 no solution exists (for --board: the board has no completion) or\n"
    "output not written, 2 bad input, 130, 143 or 129 a search stopped by SIGINT, SIGTERM or\n"
    "SIGHUP (nothing printed; SIGHUP stays ignored where it is, as under nohup).\n";

#define RANDOM_MAX_N 100000000
#define BOARD_MAX_N 1000

/* The random solution, stopped quietly by a stop signal (then NQ_ERR_STOPPED). The
 * handlers are only there while it searches: writing the solution out dies as usual. */
static nq_status random_solution(uint32_t n, uint64_t seed, int32_t *cols)
{
    catch_stop_signals();
    nq_status status = nq_random_solution_stop(n, seed, &stop_signal, cols);
    release_stop_signals();
    return status;
}

/* Rows written per call of the formatter: few enough that their text fits the output buffer
 * (64 KiB at 1000 columns a row, the widest board format), many enough to cost nothing. */
#define CHUNK_ROWS 64

/* Writes rows first to first + count - 1 of a solution in format (board or cols), cols[i]
 * being row first + i's column, through the library's formatter. */
static void write_rows(nq_format format, uint32_t n, const int32_t *cols, uint32_t first,
                       uint32_t count)
{
    size_t most = (size_t)count * nq_format_row_bytes(format, (int)n) + 3;
    out_commit(nq_format_rows(format, (int)n, cols, (int)first, (int)count, out_reserve(most)));
}

/* Streams the explicit solution in the cols format, a chunk of rows at a time: no row is kept,
 * so that any N streams. */
static void stream_explicit(uint32_t n)
{
    int32_t chunk[CHUNK_ROWS];
    for (uint32_t first = 0; first < n && !out_failed(); first += CHUNK_ROWS) {
        uint32_t count = n - first < CHUNK_ROWS ? n - first : CHUNK_ROWS;
        for (uint32_t i = 0; i < count; i++)
            chunk[i] = (int32_t)nq_explicit_column(n, first + i);
        write_rows(NQ_FORMAT_COLS, n, chunk, first, count);
    }
}

/* Writes a solution held in memory in format. */
static void write_solution(const int32_t *cols, uint32_t n, nq_format format)
{
    char *p;
    switch (format) {
    case NQ_FORMAT_UNICODE:
        p = out_reserve(nq_unicode_max_bytes((int)n));
        out_commit(nq_picture_unicode((int)n, cols, NULL, p));
        break;
    case NQ_FORMAT_SVG:
        p = out_reserve(2048);
        out_commit(nq_svg_begin((int)n, 1, p));
        p = out_reserve(nq_svg_max_bytes((int)n, NULL));
        out_commit(nq_svg_board((int)n, cols, NULL, 0, 1, p));
        p = out_reserve(16);
        out_commit(nq_svg_end(p));
        break;
    default:
        for (uint32_t first = 0; first < n && !out_failed(); first += CHUNK_ROWS)
            write_rows(format, n, cols + first, first, n - first < CHUNK_ROWS ? n - first
                                                                              : CHUNK_ROWS);
        break;
    }
}

/* Checks that format can show a board of side n. Returns 0 or EXIT_USAGE. */
static int check_format(nq_format format, long long n)
{
    long long most = format == NQ_FORMAT_UNICODE ? NQ_UNICODE_MAX_N
                   : format == NQ_FORMAT_SVG     ? NQ_PICTURE_MAX_N
                   : format == NQ_FORMAT_BOARD   ? BOARD_MAX_N
                                                 : INT32_MAX;
    if (format == NQ_FORMAT_LEETCODE)
        return fail(EXIT_USAGE, "one: format leetcode is for solve; use cols, board, unicode "
                    "or svg");
    if (n > most)
        return fail(EXIT_USAGE, "one: N = %lld is too large for this format (at most %lld)", n,
                    most);
    return 0;
}

/* Writes a completion of board in format: pictures show its bad squares. */
static void write_completion(const int32_t *cols, const nq_board *board, nq_format format)
{
    int n = board->n;
    char *p;
    if (format == NQ_FORMAT_UNICODE) {
        p = out_reserve(nq_unicode_max_bytes(n));
        out_commit(nq_picture_unicode(n, cols, board, p));
    } else if (format == NQ_FORMAT_SVG) {
        out_commit(nq_svg_begin(n, 1, out_reserve(2048)));
        p = out_reserve(nq_svg_max_bytes(n, board));
        out_commit(nq_svg_board(n, cols, board, 0, 1, p));
        out_commit(nq_svg_end(out_reserve(16)));
    } else {
        write_solution(cols, (uint32_t)n, format);
    }
}

/* `one --board FILE`: a completion of the board in path, or the proof that it has none (exit
 * 1). A stop signal ends the search quietly, with 128 + the signal's number. */
static int complete_board(const char *path, int random, long long seed, int threads,
                          nq_format format)
{
    nq_board board;
    int code = read_board(path, &board);
    if (code || (code = check_format(format, board.n)))
        return code;
    catch_stop_signals();
    nq_complete_options options = { random, (uint64_t)seed, &stop_signal,
                                    threads ? threads : online_cores() };
    int32_t cols[NQ_MAX_N];
    nq_status status = nq_complete(&board, &options, cols);
    if (status == NQ_ERR_STOPPED)
        return 128 + stop_signal;
    if (status == NQ_ERR_NO_SOLUTION)
        return fail(EXIT_RUNTIME, "%s: the board has no completion", display_name(path));
    if (status)
        return fail(EXIT_RUNTIME, "one: %s", nq_strerror(status));
    write_completion(cols, &board, format);
    return out_close();
}

int command_one(int argc, char **argv)
{
    static const struct option options[] = {
        OPTION_BOARD,
        { "random", no_argument, NULL, 'r' },
        { "seed", required_argument, NULL, 'S' },
        OPTION_THREADS,
        { "format", required_argument, NULL, 'f' },
        { "help", no_argument, NULL, 'h' },
        { NULL, 0, NULL, 0 },
    };
    nq_format format = NQ_FORMAT_COLS;
    const char *board_path = NULL;
    long long seed = 1, n = 0;
    int random = 0, threads = 0, code = reject_negative_numbers("one", argc, argv), c;
    opterr = 0;
    while (!code && (c = getopt_long(argc, argv, ":b:rS:t:f:h", options, NULL)) != -1) {
        switch (c) {
        case 'b': board_path = optarg; break;
        case 'r': random = 1; break;
        case 'S': code = parse_int(optarg, "seed S", 0, INT64_MAX, &seed); break;
        case 't': code = parse_threads(optarg, &threads); break;
        case 'f':
            if (nq_format_from_name(optarg, &format))
                code = fail(EXIT_USAGE, "one: unknown format '%s'; expected cols, board, "
                            "unicode or svg", optarg);
            break;
        case 'h': out_puts(help); return out_close();
        default: return fail_option("one", c, optopt, argv[optind - 1]);
        }
    }
    if (!code && board_path && optind < argc)
        code = fail(EXIT_USAGE, "one: give a size N or --board FILE, not both");
    if (!code && board_path)
        return complete_board(board_path, random, seed, threads, format);
    if (!code && optind + 1 < argc)
        code = fail(EXIT_USAGE, "one: unexpected argument '%s'", argv[optind + 1]);
    if (!code && optind == argc)
        code = fail(EXIT_USAGE, "one: board size N is missing; see 'nqueens one --help'");
    if (code || (code = parse_int(argv[optind], "board size N", 1,
                                  random ? RANDOM_MAX_N : INT32_MAX, &n)) ||
        (code = check_format(format, n)))
        return code;
    if (n == 2 || n == 3)
        return fail(EXIT_RUNTIME, "one: the %lld x %lld board has no solution", n, n);
    if (!random && format == NQ_FORMAT_COLS) {
        stream_explicit((uint32_t)n);
        return out_close();
    }
    int32_t *cols = malloc((size_t)n * sizeof *cols);
    if (!cols)
        return fail(EXIT_RUNTIME, "one: out of memory");
    nq_status status = NQ_OK;
    if (random)
        status = random_solution((uint32_t)n, (uint64_t)seed, cols);
    else
        for (long long r = 0; r < n; r++)
            cols[r] = (int32_t)nq_explicit_column((uint64_t)n, (uint64_t)r);
    if (!status)
        write_solution(cols, (uint32_t)n, format);
    free(cols);
    if (status == NQ_ERR_STOPPED)
        return 128 + stop_signal;
    return status ? fail(EXIT_RUNTIME, "one: %s", nq_strerror(status)) : out_close();
}
