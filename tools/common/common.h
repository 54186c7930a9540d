/*
 * common.h - what the programs (nqueens, nqueens-mpi, the fuzz targets) share: exit codes,
 * messages, arguments, output and stop signals. The rest of tools/common, in its own headers:
 * text input (input.h), the plan a command line asks for (plan_choice.h), checkpoint files
 * (checkpoint_file.h), the progress line (progress.h), the fast paths NQ_CPU allows
 * (cpu_choice.h). Built into libnqcommon.a.
 */
#ifndef NQ_COMMON_H
#define NQ_COMMON_H

#include <getopt.h>
#include <stddef.h>
#include <stdint.h>

#include <signal.h>

#include "nqueens.h"

/* Exit codes, documented in the README and in `nqueens --help`. */
enum {
    EXIT_OK = 0,        /* success */
    EXIT_RUNTIME = 1,   /* a runtime failure: output could not be written, a solution is invalid,
                           a board has no solution to show */
    EXIT_USAGE = 2      /* bad input: arguments, options, board or UVa text */
};

/* The program named in messages: "nqueens", or "nqueens-mpi" as that program sets it. */
extern const char *program_name;

/* Prints the program's name, ": " and the message to stderr: a report that is no error (what
 * --verbose says, a stop, an invalid solution found). */
void say(const char *format, ...) __attribute__((format(printf, 1, 2)));

/* The same for an error; returns code, for `return fail(...)`. */
int fail(int code, const char *format, ...) __attribute__((format(printf, 2, 3)));

/* Reports a parse error in the text named name ("<stdin>" for standard input) as
 * "name:line:column: message"; returns EXIT_USAGE. */
int fail_parse(const char *name, const nq_parse_error *err);

/* Parses text as an integer from min to max, naming what in messages. Returns 0 or EXIT_USAGE. */
int parse_int(const char *text, const char *what, long long min, long long max,
              long long *value);

/* The options several programs take, each named and parsed in one place so that it reads and
 * fails alike everywhere: their getopt_long entries, and the parser of each value. --method and
 * --max-memory: parse_method and parse_memory (plan_choice.h); --board: board_from_arguments,
 * which also takes the size N that the operands may give instead. */
enum { OPT_MAX_MEMORY = 0x200 };    /* --max-memory has no short form */
enum { OPT_ENGINE = 0x201 };        /* nor --engine */
#define OPTION_BOARD      { "board", required_argument, NULL, 'b' }
#define OPTION_THREADS    { "threads", required_argument, NULL, 't' }
#define OPTION_METHOD     { "method", required_argument, NULL, 'm' }
#define OPTION_MAX_MEMORY { "max-memory", required_argument, NULL, OPT_MAX_MEMORY }
#define OPTION_ENGINE     { "engine", required_argument, NULL, OPT_ENGINE }

/* Parses --threads T: 1 to 1024 worker threads. Returns 0 or EXIT_USAGE. */
int parse_threads(const char *text, int *threads);

/* The cores this process may run on (its CPU affinity: taskset, cpusets, Slurm), at least 1:
 * the threads a command runs when --threads is not given. */
int online_cores(void);

/* Parses a board size argument N (1..NQ_MAX_N) into an empty board. Returns 0 or EXIT_USAGE. */
int parse_board_size(const char *text, nq_board *board);


/* The name of a path in messages: "<stdin>" for "-". */
const char *display_name(const char *path);

/* Reads a board file (see nq_board_parse). Returns 0 or EXIT_USAGE. */
int read_board(const char *path, nq_board *board);

/* Reports what getopt_long rejected: code is its return value (':' for a missing value, '?'
 * for an unknown option), option its optopt, arg the argument at fault. Returns EXIT_USAGE. */
int fail_option(const char *command, int code, int option, const char *arg);

/* Rejects negative numbers among the arguments before getopt takes them for options. Returns 0
 * or EXIT_USAGE. */
int reject_negative_numbers(const char *command, int argc, char **argv);

/* Takes the board a command works on from its operands (argv from optind): a size N, or the
 * board file path given with --board, exactly one of them. Returns 0 or EXIT_USAGE. */
int board_from_arguments(const char *command, const char *board_path, int argc, char **argv,
                         nq_board *board);

/* Standard output through a large buffer, written in big blocks; write errors are remembered
 * and reported by out_close. */
char *out_reserve(size_t bytes);        /* room for bytes more; NULL if bytes > the buffer */
void out_commit(size_t bytes);          /* the reserved bytes written */
void out_puts(const char *text);        /* a string, through the buffer */
void out_flush(void);                   /* writes out what the buffer holds now */
int out_failed(void);                   /* whether a write has failed */
int out_close(void);                    /* flushes; returns 0 or EXIT_RUNTIME after a message */

/* Set by SIGINT, SIGTERM or SIGHUP once catch_stop_signals has run: the signal's number
 * (stop.c). The long commands pass it to the library as their stop request. A SIGHUP ignored
 * when the program started (nohup) stays ignored. */
extern nq_stop_request stop_signal;
enum { STOP_SIGNALS = 3 };
extern const int stop_signals[STOP_SIGNALS];   /* SIGINT, SIGTERM, SIGHUP */
void catch_stop_signals(void);     /* from now on they set stop_signal */
void catch_stop_signals_with(void (*handler)(int));   /* from now on they call handler */
void release_stop_signals(void);   /* from now on they end the process again */
const char *stop_signal_name(int signo);     /* "SIGINT", "SIGTERM" or "SIGHUP" */

#endif /* NQ_COMMON_H */
