/*
 * command_verify.c - `nqueens verify`: checks a list of solutions, of any size.
 */
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "common/input.h"

static const char help[] =
    "Usage: nqueens verify [FILE]\n"
    "Check the solutions in FILE (default or '-': stdin), in the cols format (one solution a\n"
    "line, 1-based columns) or the board format (rows of 'Q' and '.', '*' a bad square, blank\n"
    "lines between), detected from the first line; lines end in \\n or \\r\\n. Print how many\n"
    "are valid; name the first invalid one.\n"
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
        say("%s:%d: solution %" PRIu64 " %s: the queens in row %" PRId64 ", column %" PRId64
            " and row %" PRId64 ", column %" PRId64 " attack each other", name, line, index, what,
            k->row1 + 1, k->col1 + 1, k->row2 + 1, k->col2 + 1);
    else if (board && k->col1 == -1)
        say("%s:%d: solution %" PRIu64 " %s: row %" PRId64 " has no queen", name, line, index,
            what, k->row1 + 1);
    else if (board && k->col1 == -2)
        say("%s:%d: solution %" PRIu64 " %s: row %" PRId64 " has more than one queen", name,
            line, index, what, k->row1 + 1);
    else
        say("%s:%d: solution %" PRIu64 " %s: the queen of row %" PRId64 " is in column %"
            PRId64 ", off the board of %zu column%s", name, line, index, what, k->row1 + 1,
            k->col1 + 1, n, n == 1 ? "" : "s");
}

/* The text of one solution: its lines, each ended by "\n", and the number of its first. */
typedef struct window {
    char *text;
    size_t length, capacity;
    int first;
} window;

/* Appends the reader's line to w. Returns 0 or an exit code. */
static int take_line(window *w, const line_reader *in)
{
    if (w->length + in->length + 2 > w->capacity) {
        size_t capacity = 2 * (w->length + in->length + 2);
        char *bigger = realloc(w->text, capacity);
        if (!bigger)
            return fail(EXIT_RUNTIME, "verify: out of memory");
        w->text = bigger;
        w->capacity = capacity;
    }
    memcpy(w->text + w->length, in->line, in->length);
    w->length += in->length;
    w->text[w->length++] = '\n';
    return 0;
}

static int is_blank(const line_reader *in)
{
    return in->line[strspn(in->line, " \t\r")] == '\0';
}

/* Reads the lines of the next solution, in the format found so far (as nq_solution_reader
 * detects it: a first line of 'Q', '.' and '*' alone is a board): a board's into w, a line of
 * columns left in the reader. Narrows what the reader admits to the format. Returns 1, 0 at
 * the end, or minus an exit code. */
static int next_solution(line_reader *in, int *board, window *w)
{
    int got;
    while ((got = line_reader_next(in)) == 1 && !in->cut && is_blank(in))
        ;
    if (got != 1)
        return got;
    w->length = 0;
    w->first = in->number;
    if (!*board && in->line[strspn(in->line, "Q.*\r")] != '\0')
        return 1;   /* a line of columns: read where it lies, it may be huge */
    int code = take_line(w, in);
    if (!*board) {
        *board = 1;
        in->alphabet = "Q.* \t\r";   /* rows, and blank lines between boards */
        in->max_length = NQ_MAX_N;
        in->max_digits = 0;
    }
    /* Rows up to a blank line, one more than the widest board at most: it is refused. */
    for (int rows = 1; !code && *board && !in->cut && rows <= NQ_MAX_N; rows++) {
        if ((got = line_reader_next(in)) != 1 || is_blank(in))
            return got < 0 ? got : 1;
        code = take_line(w, in);
    }
    return code ? -code : 1;
}

/* Checks every solution read through in, holding one at a time; returns an exit code. */
static int verify_all(line_reader *in)
{
    /* Until the format is known: cols lines, which are long, or board rows, which are not. */
    in->alphabet = "0123456789 \tQ.*\r";
    in->max_digits = 10;
    in->short_alphabet = "Q.*";
    in->short_length = NQ_MAX_N;
    nq_solution_reader reader;
    nq_solution_reader_init(&reader, "", 0);
    window w = { NULL, 0, 0, 0 };
    int32_t *cols = NULL;
    size_t capacity = 0;
    uint64_t total = 0, valid = 0;
    int code = 0, invalid = 0, board = 0, got;
    while (!code && (got = next_solution(in, &board, &w)) == 1) {
        /* A line of columns without its "\r\n", as the reader takes a board's rows. */
        const char *text = board ? w.text : in->line;
        size_t length = board ? w.length
                              : in->length - (in->length && in->line[in->length - 1] == '\r');
        size_t needed = board ? NQ_MAX_N + 1 : 1;
        for (size_t i = 1; !board && i < length; i++)
            needed += (text[i - 1] == ' ' || text[i - 1] == '\t') && text[i] != ' ' &&
                      text[i] != '\t';   /* at most one column per word: room for those */
        if (needed > capacity) {
            free(cols);
            capacity = needed;
            if (!(cols = malloc(capacity * sizeof *cols))) {
                code = fail(EXIT_RUNTIME, "verify: out of memory");
                break;
            }
        }
        reader.pos = text;
        reader.end = text + length;
        reader.line = w.first;
        size_t n;
        int line;
        nq_parse_error err;
        nq_status status = nq_solution_reader_next(&reader, cols, capacity, &n, &line, &err);
        if (status || in->cut) {
            code = status == NQ_ERR_SYNTAX || in->cut
                       ? text_parsed(in, status, &err, 1, "a board has at most 64 columns")
                       : fail(EXIT_RUNTIME, "verify: %s", nq_strerror(status));
            break;
        }
        nq_conflict conflict;
        nq_status check = nq_verify(cols, n, &conflict);
        total++;
        if (check == NQ_ERR_NOMEM) {
            code = fail(EXIT_RUNTIME, "verify: %s", nq_strerror(check));
            break;
        }
        if (!check)
            valid++;
        else if (!invalid++)
            report_invalid(in->name, total, line, check, &conflict, n,
                           reader.format == 1 + NQ_FORMAT_BOARD);
    }
    free(cols);
    free(w.text);
    if (!code && got < 0)
        code = -got;
    if (code)
        return code;
    if (total == 0)   /* most likely the wrong file; "0 of 0 valid" would pass it */
        return fail(EXIT_USAGE, "%s: no solution to verify", in->name);
    char summary[96];
    snprintf(summary, sizeof summary, "%" PRIu64 " of %" PRIu64 " solutions valid\n", valid,
             total);
    out_puts(summary);
    int closed = out_close();
    return closed ? closed : invalid ? EXIT_RUNTIME : 0;
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
    line_reader in;
    int code = line_reader_open(&in, path);
    if (!code)
        code = verify_all(&in);
    line_reader_close(&in);
    return code;
}
