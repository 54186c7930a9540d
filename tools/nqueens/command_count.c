/*
 * command_count.c - `nqueens count`: the number of solutions, or of symmetry classes.
 */
#include <getopt.h>

#include "cli.h"

static const char help[] =
    "Usage: nqueens count N [--unique] [--threads T]\n"
    "       nqueens count --board FILE [--unique] [--threads T]\n"
    "Print the number of ways to place N queens on an N x N board (1 <= N <= 64) so that none\n"
    "attacks another, or the number of completions of the board in FILE ('-' for stdin).\n"
    "\n"
    "  -b, --board FILE  count the completions of this board: N rows of N characters, '.' free,\n"
    "                    '*' bad square, 'Q' a queen every solution must contain\n"
    "  -u, --unique      count classes of solutions under the symmetries of the square that\n"
    "                    map the board onto itself (all eight on an empty board)\n"
    "  -t, --threads T   worker threads (default: one per online core)\n"
    "  -h, --help        show this help\n"
    "\n"
    "Exit codes: 0 success, 1 runtime failure, 2 bad input.\n";

int command_count(int argc, char **argv)
{
    static const struct option options[] = {
        { "board", required_argument, NULL, 'b' },
        { "unique", no_argument, NULL, 'u' },
        { "threads", required_argument, NULL, 't' },
        { "help", no_argument, NULL, 'h' },
        { NULL, 0, NULL, 0 },
    };
    const char *board_path = NULL;
    nq_count_options count_options = { 0, 0 };
    long long threads = 0;
    int code = reject_negative_numbers("count", argc, argv), c;
    opterr = 0;
    while (!code && (c = getopt_long(argc, argv, ":b:ut:h", options, NULL)) != -1) {
        switch (c) {
        case 'b': board_path = optarg; break;
        case 'u': count_options.unique = 1; break;
        case 't': code = parse_int(optarg, "thread count T", 1, 1024, &threads); break;
        case 'h': out_puts(help); return out_close();
        default: return fail_option("count", c, optopt, argv[optind - 1]);
        }
    }
    nq_board board;
    if (code || (code = board_from_arguments("count", board_path, argc - optind,
                                             argv + optind, &board)))
        return code;
    count_options.threads = (int)threads;
    nq_count_result result;
    nq_status status = nq_count(&board, &count_options, &result);
    if (status)
        return fail(EXIT_FAILURE_, "count: %s", nq_strerror(status));
    char digits[40];
    nq_u128_format(count_options.unique ? result.unique : result.total, digits);
    out_puts(digits);
    out_puts("\n");
    return out_close();
}
