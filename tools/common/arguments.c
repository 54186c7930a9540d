/*
 * arguments.c - numbers and files named on the command line, and the threads to run.
 */
#define _GNU_SOURCE   /* sched_getaffinity and CPU_COUNT */
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "input.h"

int parse_int(const char *text, const char *what, long long min, long long max,
              long long *value)
{
    if (!text || !*text)
        return fail(EXIT_USAGE, "%s is missing", what);
    size_t digits = strspn(text + (text[0] == '-'), "0123456789");
    if (digits == 0)
        return fail(EXIT_USAGE, "%s '%s' is not a number", what, text);
    if (text[(text[0] == '-') + digits] != '\0')
        return fail(EXIT_USAGE, "%s '%s' has trailing characters after the number", what, text);
    errno = 0;
    long long v = strtoll(text, NULL, 10);
    if (errno == ERANGE || v < min || v > max)
        return fail(EXIT_USAGE, "%s %s is out of range (%lld to %lld)", what, text, min, max);
    *value = v;
    return 0;
}

int parse_threads(const char *text, int *threads)
{
    long long t;
    int code = parse_int(text, "thread count T", 1, 1024, &t);
    if (!code)
        *threads = (int)t;
    return code;
}

int online_cores(void)
{
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
#ifdef CPU_COUNT
    /* As the library counts them (src/base/threads.c): the CPUs of the process's affinity. */
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
        cores = CPU_COUNT(&set);
#endif
    return cores < 1 ? 1 : cores > 1024 ? 1024 : (int)cores;
}

int parse_board_size(const char *text, nq_board *board)
{
    long long n;
    int code = parse_int(text, "board size N", 1, NQ_MAX_N, &n);
    if (code)
        return code;
    nq_board_init(board, (int)n);
    return 0;
}

int board_from_arguments(const char *command, const char *board_path, int argc, char **argv,
                         nq_board *board)
{
    if (argc > 1)
        return fail(EXIT_USAGE, "%s: unexpected argument '%s'", command, argv[1]);
    if (board_path && argc == 1)
        return fail(EXIT_USAGE, "%s: give a size N or --board FILE, not both", command);
    if (board_path)
        return read_board(board_path, board);
    if (argc == 0)
        return fail(EXIT_USAGE, "%s: board size N is missing; see '%s %s --help'", command,
                    program_name, command);
    return parse_board_size(argv[0], board);
}

int read_board(const char *path, nq_board *board)
{
    line_reader reader;
    int code = line_reader_open(&reader, path);
    if (code)
        return code;
    /* Lines of a row at most; blank lines after the board, within a megabyte. */
    reader.max_length = NQ_MAX_N;
    reader.alphabet = ".*Q \t\r";
    reader.max_bytes = 1 << 20;
    char *text;
    size_t length;
    if (!(code = read_text(&reader, 1, &text, &length))) {
        nq_parse_error err;
        nq_status status = nq_board_parse(text, length, board, &err);
        free(text);
        code = text_parsed(&reader, status, &err, 1, "a board has at most 64 columns and rows");
    }
    line_reader_close(&reader);
    return code;
}
