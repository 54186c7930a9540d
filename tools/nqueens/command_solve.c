/*
 * command_solve.c - `nqueens solve`: every solution, streamed in lexicographic order or in
 * search order.
 */
#include <getopt.h>
#include <signal.h>
#include <string.h>

#include "commands.h"
#include "common/plan_choice.h"
#include "common/position_file.h"

static const char help[] =
    "Usage: nqueens solve N [--format F] [--limit K] [--unique] [--threads T] [--engine E]\n"
    "       nqueens solve --board FILE [--format F] [--limit K] [--unique] [--threads T]\n"
    "                     [--engine E]\n"
    "       nqueens solve N|--board FILE --limit 1 [--checkpoint FILE] [--format F] [--threads T]\n"
    "       nqueens solve N|--board FILE --order search [--format F] [--limit K] [--unique]\n"
    "List every way to place N queens on an N x N board (1 <= N <= 64) so that none attacks\n"
    "another, or every completion of the board in FILE ('-' for stdin), in lexicographic order\n"
    "of the queens' columns read from the top row down (or in search order: --order).\n"
    "\n"
    "  -b, --board FILE   list the completions of this board ('.' free, '*' bad, 'Q' queen)\n"
    "  -f, --format F     board: N lines of 'Q' and '.', a blank line after each (default)\n"
    "                     leetcode: one JSON list of lists of row strings (LeetCode 51)\n"
    "                     cols: one line per solution, each row's 1-based column\n"
    "                     unicode: pictures for a terminal, bad squares crossed out\n"
    "                     svg: one SVG page tiling the solutions (10000 at most)\n"
    "  -l, --limit K      stop after K solutions; with 1, the first solution (OEIS A141843 for\n"
    "                     the empty boards) by a search whose proofs the threads share\n"
    "  -c, --checkpoint FILE  with --limit 1: keep the search's position in FILE, rewritten\n"
    "                     every second, and resume from it if it exists (same board only)\n"
    "  -o, --order O      lex: lexicographic order (default); the first solution of a large\n"
    "                     board can take minutes (40 x 40), as it lies behind long proofs\n"
    "                     search: the order in which a search meets them that fills first\n"
    "                     a column one open row alone offers, else the row with the fewest\n"
    "                     free squares or a column with fewer (and under 8; the top row or\n"
    "                     leftmost column on a tie), squares from the left or the top: the\n"
    "                     first at once on any empty board; one thread (see the man page)\n"
    "  -u, --unique       only the lexicographically least solution of each symmetry class\n"
    "  -t, --threads T    searching threads (default: one per usable core): the same listing\n"
    "                     on any number\n"
    "      --engine E     how to search: 'rows' row after row, 'lines' by rows and columns\n"
    "                     alike, sorting each part's solutions (far faster on constrained\n"
    "                     boards; they come out a batch at a time), 'auto' (the default)\n"
    "                     as count takes it: lines when at least 25 % of the squares are\n"
    "                     bad or taken by placed queens, or 5 % on a board without\n"
    "                     symmetry up to 32 wide; the same listing either way\n"
    "                     (--limit 1 takes the first solution's own search)\n"
    "  -h, --help         show this help\n"
    "\n"
    "Solutions are written as they are found; Ctrl-C, SIGTERM or SIGHUP (unless ignored, as\n"
    "under nohup) ends the listing. Exit codes: 0 success, 1 runtime failure (output not\n"
    "written), 2 bad input, 130/143/129 stopped by SIGINT/SIGTERM/SIGHUP.\n";

/* The first solution (--limit 1), passed to visit if there is one: nq_solve_first, resumed from
 * and reporting to the checkpoint when there is one. Returns NQ_OK (also when there is none),
 * NQ_ERR_STOPPED or a failure. */
static nq_status solve_first(const nq_board *board, const nq_solve_options *solving,
                             position_file *checkpoint, nq_solution_fn visit, void *context)
{
    nq_first_options options = { .threads = solving->threads, .stop = solving->stop };
    if (checkpoint) {
        options.start = checkpoint->prefix, options.start_rows = checkpoint->rows;
        options.position = position_report, options.context = checkpoint;
    }
    int32_t cols[NQ_MAX_N];
    nq_status status = nq_solve_first(board, &options, cols);
    if (status == NQ_OK)
        visit(context, board->n, cols);
    return status == NQ_ERR_NO_SOLUTION ? NQ_OK : status;
}

/* The listing: nq_solve_with, or solve_first for a limit of one in lexicographic order. */
static nq_status list(const nq_board *board, uint64_t limit, const nq_solve_options *solving,
                      position_file *checkpoint, nq_solution_fn visit, void *context)
{
    return limit == 1 && solving->order == NQ_ORDER_LEX
               ? solve_first(board, solving, checkpoint, visit, context)
               : nq_solve_with(board, solving, visit, context);
}

/* A listing in progress. */
typedef struct listing {
    nq_format format;
    uint64_t limit;          /* solutions to write at most */
    uint64_t written;        /* solutions written so far */
    uint64_t boards;         /* solutions an SVG page will hold */
    size_t max_bytes;        /* the most bytes one solution takes */
    const nq_board *board;   /* its bad squares, for pictures */
} listing;

static int write_solution(void *context, int n, const int32_t *cols)
{
    listing *l = context;
    if (l->written == l->limit || out_failed())
        return 1;
    char *p = out_reserve(l->max_bytes);
    out_commit(l->format == NQ_FORMAT_SVG ? nq_svg_board(n, cols, l->board, l->written, l->boards, p)
               : l->format == NQ_FORMAT_UNICODE ? nq_picture_unicode(n, cols, l->board, p)
                                                : nq_format_solution(l->format, n, cols,
                                                                     l->written, p));
    return ++l->written == l->limit;
}

/* Sends what is written so far on its way while the search looks for more. */
static void flush_output(void *context)
{
    (void)context;
    out_flush();
}

/* The most boards an SVG page holds: a page with more is no picture anyone can look at. */
#define SVG_MAX_BOARDS 10000

/* The solutions an SVG page will hold, gathered first: the page's size comes before them. */
typedef struct gathering {
    int32_t cols[(SVG_MAX_BOARDS + 1) * NQ_MAX_N];
    uint64_t count, most;
} gathering;

static int gather(void *context, int n, const int32_t *cols)
{
    gathering *g = context;
    memcpy(g->cols + g->count * (uint64_t)n, cols, (size_t)n * sizeof *cols);
    return ++g->count == g->most;
}

/* Lists the solutions on one SVG page. Returns what nq_solve_with returned, or NQ_ERR_SIZE
 * when there are more than a page holds. */
static nq_status solve_svg(listing *l, const nq_board *board, nq_solve_options *solving,
                           position_file *checkpoint)
{
    static gathering g;
    g.count = 0;
    g.most = l->limit <= SVG_MAX_BOARDS ? l->limit : SVG_MAX_BOARDS + 1;
    nq_status status = g.most ? list(board, l->limit, solving, checkpoint, gather, &g) : NQ_OK;
    if (status && status != NQ_ERR_STOPPED)
        return status;
    if (g.count > SVG_MAX_BOARDS)
        return NQ_ERR_SIZE;
    l->boards = g.count;
    out_commit(nq_svg_begin(board->n, l->boards, out_reserve(2048)));
    for (uint64_t i = 0; i < g.count && !out_failed(); i++)
        write_solution(l, board->n, g.cols + i * (uint64_t)board->n);
    return NQ_OK;
}

/* The most bytes a solution of board takes in the listing's format. */
static size_t max_bytes(const listing *l, const nq_board *board)
{
    if (l->format == NQ_FORMAT_UNICODE)
        return nq_unicode_max_bytes(board->n);
    if (l->format == NQ_FORMAT_SVG)
        return nq_svg_max_bytes(board->n, l->board);
    return nq_format_max_bytes(l->format, board->n);
}

int command_solve(int argc, char **argv)
{
    static const struct option options[] = {
        OPTION_BOARD,
        { "format", required_argument, NULL, 'f' },
        { "limit", required_argument, NULL, 'l' },
        { "unique", no_argument, NULL, 'u' },
        OPTION_THREADS,
        OPTION_ENGINE,
        { "checkpoint", required_argument, NULL, 'c' },
        { "order", required_argument, NULL, 'o' },
        { "help", no_argument, NULL, 'h' },
        { NULL, 0, NULL, 0 },
    };
    const char *board_path = NULL, *checkpoint_path = NULL;
    listing l = { NQ_FORMAT_BOARD, UINT64_MAX, 0, 0, 0, NULL };
    long long limit;
    nq_engine engine = NQ_ENGINE_AUTO;
    int unique = 0, threads = 0, order = NQ_ORDER_LEX, c;
    int code = reject_negative_numbers("solve", argc, argv);
    opterr = 0;
    while (!code && (c = getopt_long(argc, argv, ":b:f:l:ut:c:o:h", options, NULL)) != -1) {
        switch (c) {
        case 'b': board_path = optarg; break;
        case 'u': unique = 1; break;
        case 'c': checkpoint_path = optarg; break;
        case 'o':
            if (strcmp(optarg, "lex") == 0)
                order = NQ_ORDER_LEX;
            else if (strcmp(optarg, "search") == 0)
                order = NQ_ORDER_SEARCH;
            else
                code = fail(EXIT_USAGE, "solve: unknown order '%s'; expected lex or search",
                            optarg);
            break;
        case 't': code = parse_threads(optarg, &threads); break;
        case OPT_ENGINE: code = parse_engine(optarg, &engine); break;
        case 'l':
            code = parse_int(optarg, "limit K", 0, INT64_MAX, &limit);
            l.limit = (uint64_t)limit;
            break;
        case 'f':
            if (nq_format_from_name(optarg, &l.format))
                code = fail(EXIT_USAGE, "solve: unknown format '%s'; expected board, leetcode, "
                            "cols, unicode or svg", optarg);
            break;
        case 'h': out_puts(help); return out_close();
        default: return fail_option("solve", c, optopt, argv[optind - 1]);
        }
    }
    nq_board board;
    if (code || (code = board_from_arguments("solve", board_path, argc - optind, argv + optind,
                                             &board)))
        return code;
    if (checkpoint_path && l.limit != 1)
        return fail(EXIT_USAGE, "solve: --checkpoint needs --limit 1 (the first solution)");
    if (checkpoint_path && order == NQ_ORDER_SEARCH)
        return fail(EXIT_USAGE, "solve: --checkpoint keeps the lexicographic first solution's "
                    "search; --order search needs none");
    position_file checkpoint;
    if (checkpoint_path && (code = position_open(&checkpoint, checkpoint_path, &board)))
        return code;
    if (checkpoint_path && (code = position_start(&checkpoint))) {
        position_close(&checkpoint);
        return code;
    }
    position_file *resume = checkpoint_path ? &checkpoint : NULL;
    l.board = board_path ? &board : NULL;
    l.max_bytes = max_bytes(&l, &board);
    catch_stop_signals();
    nq_solve_options solving = { unique, threads, &stop_signal, flush_output, (int)engine, order };
    nq_status status = l.format == NQ_FORMAT_SVG
                           ? solve_svg(&l, &board, &solving, resume)
                           : list(&board, l.limit, &solving, resume, write_solution, &l);
    if (resume && (code = position_close(resume)))
        return code;
    if (stop_signal) {
        out_close();
        return 128 + stop_signal;
    }
    if (status == NQ_ERR_SIZE)
        return fail(EXIT_USAGE, "solve: an SVG page holds at most %d boards, and this listing "
                    "has more; add --limit", SVG_MAX_BOARDS);
    if (status && status != NQ_ERR_STOPPED)
        return fail(EXIT_RUNTIME, "solve: %s", nq_strerror(status));
    char end[16];
    size_t length = l.format == NQ_FORMAT_SVG ? nq_svg_end(end)
                                              : nq_format_end(l.format, l.written, end);
    end[length] = '\0';
    out_puts(end);
    return out_close();
}
