/*
 * command_uva.c - `nqueens uva`: answers UVa 11195 input, "Case k: M" a case.
 *
 * The whole input is read and checked before any answer is printed, so that bad input leaves
 * nothing on stdout that could be taken for answers. Where several cases share a size, one
 * catalogue of that size's solutions answers them all, each by a pass over it instead of a
 * search (see nq_catalogue_create).
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "commands.h"
#include "common/input.h"

static const char help[] =
    "Usage: nqueens uva [--threads T] < INPUT\n"
    "Answer UVa 11195 (\"Another n-Queen Problem\"): read cases from stdin, each a line with\n"
    "the size N (1 to 64) and N rows of '.' (free) and '*' (bad square: no queen may stand\n"
    "there, but attacks pass), until a line \"0\"; print \"Case k: M\" with the number M of\n"
    "solutions of case k.\n"
    "\n"
    "  -t, --threads T   worker threads (default: one per usable core)\n"
    "  -h, --help        show this help\n"
    "\n"
    "Exit codes: 0 success, 1 runtime failure, 2 bad input.\n";

/* Bounds on the input, so that memory stays bounded: every case is kept until all are read. */
#define MAX_LINE 64
#define MAX_BYTES (16u << 20)
#define MAX_CASES 65536

/* Reads every case of text, read through input, into *boards (free() it). Returns 0 or an
 * exit code. */
static int read_cases(const line_reader *input, const char *text, size_t length,
                      nq_board **boards, size_t *count)
{
    nq_uva_reader reader;
    nq_uva_reader_init(&reader, text, length);
    size_t capacity = 16;
    *boards = malloc(capacity * sizeof **boards);
    *count = 0;
    for (;;) {
        if (!*boards)
            return fail(EXIT_RUNTIME, "uva: out of memory");
        nq_parse_error err;
        nq_status status = nq_uva_reader_next(&reader, &(*boards)[*count], &err);
        if (status == NQ_ERR_END || status)
            return text_parsed(input, status == NQ_ERR_END ? NQ_OK : status, &err, 0,
                               input->cut == CUT_FULL ? "uva reads at most 16 MiB"
                                                      : "no line of a case is longer");
        if (++*count > MAX_CASES)
            return fail(EXIT_USAGE, "<stdin>:%d: more than %d cases; uva answers at most %d",
                        reader.line - 1 - (*boards)[*count - 1].n, MAX_CASES, MAX_CASES);
        if (*count == capacity) {
            nq_board *bigger = realloc(*boards, (capacity *= 2) * sizeof **boards);
            if (!bigger)
                free(*boards);
            *boards = bigger;
        }
    }
}

/* Catalogues pay off from this size up, for sizes shared by two cases or more. */
#define CATALOGUE_MIN_N 10

/* The number of cases of size n. */
static size_t cases_of_size(const nq_board *boards, size_t count, int n)
{
    size_t same = 0;
    for (size_t k = 0; k < count; k++)
        same += boards[k].n == n;
    return same;
}

/* Counts one case, from the catalogue of its size if it has one; sizes above
 * NQ_CATALOGUE_MAX_N never have one. */
static nq_status count_case(const nq_board *board, nq_catalogue *const *catalogues, int threads,
                            nq_u128 *total)
{
    if (board->n <= NQ_CATALOGUE_MAX_N && catalogues[board->n])
        return nq_catalogue_count(catalogues[board->n], board, total);
    nq_count_options options = { threads, 0, 0, NQ_ENGINE_AUTO };
    nq_count_result result;
    nq_status status = nq_count(board, &options, &result);
    *total = result.total;
    return status;
}

/* Prints "Case k: M" for every case; returns an exit code. */
static int answer_cases(const nq_board *boards, size_t count, int threads)
{
    nq_catalogue *catalogues[NQ_CATALOGUE_MAX_N + 1] = { NULL };
    int code = 0;
    for (int n = CATALOGUE_MIN_N; n <= NQ_CATALOGUE_MAX_N && !code; n++)
        if (cases_of_size(boards, count, n) >= 2 && nq_catalogue_create(n, &catalogues[n]))
            code = fail(EXIT_RUNTIME, "uva: out of memory");
    for (size_t k = 0; k < count && !code; k++) {
        nq_u128 total;
        nq_status status = count_case(&boards[k], catalogues, threads, &total);
        if (status) {
            code = fail(EXIT_RUNTIME, "uva: case %zu: %s", k + 1, nq_strerror(status));
            break;
        }
        char line[80], digits[40];
        nq_u128_format(total, digits);
        snprintf(line, sizeof line, "Case %zu: %s\n", k + 1, digits);
        out_puts(line);
    }
    for (int n = 0; n <= NQ_CATALOGUE_MAX_N; n++)
        nq_catalogue_free(catalogues[n]);
    return code;
}

int command_uva(int argc, char **argv)
{
    static const struct option options[] = {
        OPTION_THREADS,
        { "help", no_argument, NULL, 'h' },
        { NULL, 0, NULL, 0 },
    };
    int threads = 0;
    int code = reject_negative_numbers("uva", argc, argv), c;
    opterr = 0;
    while (!code && (c = getopt_long(argc, argv, ":t:h", options, NULL)) != -1) {
        switch (c) {
        case 't': code = parse_threads(optarg, &threads); break;
        case 'h': out_puts(help); return out_close();
        default: return fail_option("uva", c, optopt, argv[optind - 1]);
        }
    }
    if (!code && optind < argc)
        code = fail(EXIT_USAGE, "uva: unexpected argument '%s'; input is read from stdin",
                    argv[optind]);
    char *text = NULL;
    size_t length, count = 0;
    nq_board *boards = NULL;
    line_reader input = { 0 };
    if (!code && !(code = line_reader_open(&input, "-"))) {
        input.max_length = MAX_LINE;
        input.alphabet = ".*0123456789 \t\r";
        input.max_bytes = MAX_BYTES;
        if (!(code = read_text(&input, 0, &text, &length)))
            code = read_cases(&input, text, length, &boards, &count);
    }
    line_reader_close(&input);
    if (code) {
        free(text);
        free(boards);
        return code;
    }
    code = answer_cases(boards, count, threads);
    free(text);
    free(boards);
    return code ? code : out_close();
}
