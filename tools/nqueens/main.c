/*
 * main.c - the nqueens command line: picks the command and prints help and version.
 */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "common/cpu_choice.h"

static const char usage[] =
    "Usage: nqueens COMMAND [OPTIONS] [ARGS]\n"
    "Count, list and check the solutions of the n-queens puzzle and its variants.\n"
    "\n"
    "Commands:\n"
    "  count N | --board FILE   print the number of solutions (--unique: of symmetry classes;\n"
    "                           --method join|backtrack: how)\n"
    "  estimate N | --board F   estimate the work and time of a count before running it\n"
    "  solve N | --board FILE   list the solutions (--format board|leetcode|cols|unicode|svg)\n"
    "  one N | --board FILE     print one solution, for any N (--random: a random one), or\n"
    "                           one completion of the board, or say it has none\n"
    "  uva                      answer UVa 11195 input read from stdin\n"
    "  verify [FILE]            check solutions in the cols or board format\n"
    "  check FILE               recount units of a count's checkpoint and compare them with\n"
    "                           its records (a board's: with N or --board FILE)\n"
    "\n"
    "'nqueens COMMAND --help' describes a command. Board files hold N rows of N characters:\n"
    "'.' a free square, '*' a bad square (no queen, but attacks pass), 'Q' a placed queen.\n"
    "\n"
    "Exit codes:\n"
    "  0  success\n"
    "  1  runtime failure: output or checkpoint not written, an invalid solution found by\n"
    "     verify, a record contradicted by check, no solution to show (one 2, one 3, a board\n"
    "     with no completion), more memory needed than --max-memory allows\n"
    "  2  bad input: unknown command or option, bad number, bad board or UVa text, a\n"
    "     checkpoint made for another problem, damaged, not a regular file or in use\n"
    "  130, 143, 129  stopped by SIGINT, SIGTERM or SIGHUP: a count after saving its\n"
    "                 checkpoint, a listing or a search at once (SIGHUP stays ignored where\n"
    "                 it is, as under nohup)\n"
    "A closed pipe ends a command quietly, as SIGPIPE does.\n"
    "\n"
    "Environment:\n"
    "  NQ_CPU=portable|popcnt|avx2|avx512  take no CPU fast path above this one (for tests and\n"
    "                           measurements); 'nqueens --version' names the paths taken\n";

int main(int argc, char **argv)
{
    static const struct {
        const char *name;
        int (*run)(int argc, char **argv);
    } commands[] = {
        { "count", command_count },
        { "solve", command_solve },
        { "uva", command_uva },
        { "verify", command_verify },
        { "estimate", command_estimate },
        { "one", command_one },
        { "check", command_check },
    };
    if (argc < 2)
        return fprintf(stderr, "%s", usage), EXIT_USAGE;
    const char *name = argv[1];
    int code = cpu_choice_from_environment();
    if (code)
        return code;
    if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0) {
        out_puts(usage);
        return out_close();
    }
    if (strcmp(name, "--version") == 0) {
        char paths[160];
        cpu_choice_describe(paths, sizeof paths);
        out_puts("nqueens " NQ_VERSION_STRING "\n");
        out_puts(paths);
        out_puts("\n");
        return out_close();
    }
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(name, commands[i].name) == 0)
            return commands[i].run(argc - 1, argv + 1);
    return fail(EXIT_USAGE, "unknown command '%s'; see 'nqueens --help'", name);
}
