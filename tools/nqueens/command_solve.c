/*
 * command_solve.c - `nqueens solve`: every solution, streamed in lexicographic order.
 */
#include <getopt.h>

#include "cli.h"

static const char help[] =
    "Usage: nqueens solve N [--format F] [--limit K] [--unique]\n"
    "       nqueens solve --board FILE [--format F] [--limit K] [--unique]\n"
    "List every way to place N queens on an N x N board (1 <= N <= 64) so that none attacks\n"
    "another, or every completion of the board in FILE ('-' for stdin), in lexicographic order\n"
    "of the queens' columns read from the top row down.\n"
    "\n"
    "  -b, --board FILE   list the completions of this board ('.' free, '*' bad, 'Q' queen)\n"
    "  -f, --format F     board: N lines of 'Q' and '.', a blank line after each (default)\n"
    "                     leetcode: one JSON list of lists of row strings (LeetCode 51)\n"
    "                     cols: one line per solution, each row's 1-based column\n"
    "  -l, --limit K      stop after K solutions\n"
    "  -u, --unique       only the lexicographically least solution of each symmetry class\n"
    "  -h, --help         show this help\n"
    "\n"
    "Exit codes: 0 success, 1 runtime failure (output not written), 2 bad input.\n";

/* A listing in progress. */
typedef struct listing {
    nq_format format;
    uint64_t limit;       /* solutions to write at most */
    uint64_t written;     /* solutions written so far */
    size_t max_bytes;     /* the most bytes one solution takes */
} listing;

static int write_solution(void *context, int n, const int8_t *cols)
{
    listing *l = context;
    if (l->written == l->limit || out_failed())
        return 1;
    char *p = out_reserve(l->max_bytes);
    out_commit(nq_format_solution(l->format, n, cols, l->written, p));
    return ++l->written == l->limit;
}

int command_solve(int argc, char **argv)
{
    static const struct option options[] = {
        { "board", required_argument, NULL, 'b' },
        { "format", required_argument, NULL, 'f' },
        { "limit", required_argument, NULL, 'l' },
        { "unique", no_argument, NULL, 'u' },
        { "help", no_argument, NULL, 'h' },
        { NULL, 0, NULL, 0 },
    };
    const char *board_path = NULL;
    listing l = { NQ_FORMAT_BOARD, UINT64_MAX, 0, 0 };
    long long limit;
    int unique = 0, code = reject_negative_numbers("solve", argc, argv), c;
    opterr = 0;
    while (!code && (c = getopt_long(argc, argv, ":b:f:l:uh", options, NULL)) != -1) {
        switch (c) {
        case 'b': board_path = optarg; break;
        case 'u': unique = 1; break;
        case 'l':
            code = parse_int(optarg, "limit K", 0, INT64_MAX, &limit);
            l.limit = (uint64_t)limit;
            break;
        case 'f':
            if (nq_format_from_name(optarg, &l.format))
                code = fail(EXIT_USAGE, "solve: unknown format '%s'; expected board, leetcode "
                            "or cols", optarg);
            break;
        case 'h': out_puts(help); return out_close();
        default: return fail_option("solve", c, optopt, argv[optind - 1]);
        }
    }
    nq_board board;
    if (code || (code = board_from_arguments("solve", board_path, argc - optind, argv + optind,
                                             &board)))
        return code;
    l.max_bytes = nq_format_max_bytes(l.format, board.n);
    nq_status status = nq_solve(&board, unique, write_solution, &l);
    if (status && status != NQ_ERR_STOPPED)
        return fail(EXIT_FAILURE_, "solve: %s", nq_strerror(status));
    char end[8];
    size_t length = nq_format_end(l.format, l.written, end);
    end[length] = '\0';
    out_puts(end);
    return out_close();
}
