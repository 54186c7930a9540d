/*
 * command_verify.c - `nqueens verify`: checks a list of solutions, of any size.
 */
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"

static const char help[] =
    "Usage: nqueens verify [FILE]\n"
    "Check the solutions in FILE (default or '-': stdin), in the cols format (one solution a\n"
    "line, 1-based columns) or the board format (rows of 'Q' and '.', blank lines between),\n"
    "detected from the first line. Print how many are valid; name the first invalid one.\n"
    "\n"
    "  -h, --help   show this help\n"
    "\n"
    "Exit codes: 0 all valid, 1 an invalid solution, 2 bad input (unreadable, not a solution\n"
    "list, or no solution at all).\n";

/* Explains why solution number `index` (starting on line `line`) is invalid. In the board
 * format, columns -1 and -2 stand for a row with no queen and with several; in the cols
 * format, -1 is a column 0 that was written. */
static void report_invalid(const char *name, uint64_t index, int line, nq_status status,
                           const nq_conflict *k, size_t n, int board)
{
    const char *what = "is invalid";
    if (status == NQ_ERR_ATTACK)
        fail(0, "%s:%d: solution %" PRIu64 " %s: the queens in row %" PRId64 ", column %" PRId64
             " and row %" PRId64 ", column %" PRId64 " attack each other", name, line, index, what,
             k->row1 + 1, k->col1 + 1, k->row2 + 1, k->col2 + 1);
    else if (board && k->col1 == -1)
        fail(0, "%s:%d: solution %" PRIu64 " %s: row %" PRId64 " has no queen", name, line, index,
             what, k->row1 + 1);
    else if (board && k->col1 == -2)
        fail(0, "%s:%d: solution %" PRIu64 " %s: row %" PRId64 " has more than one queen", name,
             line, index, what, k->row1 + 1);
    else
        fail(0, "%s:%d: solution %" PRIu64 " %s: the queen of row %" PRId64 " is in column %"
             PRId64 ", off the board of %zu column%s", name, line, index, what, k->row1 + 1,
             k->col1 + 1, n, n == 1 ? "" : "s");
}

/* Checks every solution in text; returns an exit code. */
static int verify_all(const char *name, const char *text, size_t length)
{
    size_t capacity = length / 2 + 1;
    int32_t *cols = malloc(capacity * sizeof *cols);
    if (!cols)
        return fail(EXIT_FAILURE_, "verify: out of memory");
    nq_solution_reader reader;
    nq_solution_reader_init(&reader, text, length);
    uint64_t total = 0, valid = 0;
    int code = 0, line;
    size_t n;
    nq_parse_error err;
    nq_status status;
    while ((status = nq_solution_reader_next(&reader, cols, capacity, &n, &line, &err)) == NQ_OK) {
        nq_conflict conflict;
        nq_status check = nq_verify(cols, n, &conflict);
        total++;
        if (check == NQ_ERR_NOMEM) {
            status = check;
            break;
        }
        if (!check)
            valid++;
        else if (!code && (code = EXIT_FAILURE_))
            report_invalid(name, total, line, check, &conflict, n,
                           reader.format == 1 + NQ_FORMAT_BOARD);
    }
    free(cols);
    if (status == NQ_ERR_SYNTAX)
        return fail_parse(name, &err);
    if (status != NQ_ERR_END)
        return fail(EXIT_FAILURE_, "verify: %s", nq_strerror(status));
    if (total == 0)   /* most likely the wrong file; "0 of 0 valid" would pass it */
        return fail(EXIT_USAGE, "%s: no solution to verify", name);
    char summary[96];
    snprintf(summary, sizeof summary, "%" PRIu64 " of %" PRIu64 " solutions valid\n", valid,
             total);
    out_puts(summary);
    int closed = out_close();
    return closed ? closed : code;
}

int command_verify(int argc, char **argv)
{
    static const struct option options[] = {
        { "help", no_argument, NULL, 'h' },
        { NULL, 0, NULL, 0 },
    };
    int c;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":h", options, NULL)) != -1) {
        if (c == 'h') {
            out_puts(help);
            return out_close();
        }
        return fail_option("verify", c, optopt, argv[optind - 1]);
    }
    if (argc - optind > 1)
        return fail(EXIT_USAGE, "verify: unexpected argument '%s'", argv[optind + 1]);
    const char *path = optind < argc ? argv[optind] : "-";
    char *text;
    size_t length;
    int code = read_file(path, &text, &length);
    if (code)
        return code;
    code = verify_all(display_name(path), text, length);
    free(text);
    return code;
}
