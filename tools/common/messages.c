/*
 * messages.c - messages on stderr, one line each, prefixed with the program's name: errors,
 * and what a command reports besides its output (--verbose, a stop, an invalid solution).
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "common.h"

const char *program_name = "nqueens";

static void say_list(const char *format, va_list args)
{
    fprintf(stderr, "%s: ", program_name);
    vfprintf(stderr, format, args);
    fputc('\n', stderr);
}

void say(const char *format, ...)
{
    va_list args;
    va_start(args, format);
    say_list(format, args);
    va_end(args);
}

int fail(int code, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    say_list(format, args);
    va_end(args);
    return code;
}

int fail_parse(const char *name, const nq_parse_error *err)
{
    return fail(EXIT_USAGE, "%s:%d:%d: %s", name, err->line, err->column, err->message);
}

/* Whether text is a negative number, which getopt would take for an option. */
static int is_negative_number(const char *text)
{
    return text[0] == '-' && text[1] && strspn(text + 1, "0123456789") == strlen(text + 1);
}

int reject_negative_numbers(const char *command, int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (is_negative_number(argv[i]))
            return fail(EXIT_USAGE, "%s: %s is %s; numbers here are positive", command, argv[i],
                        strspn(argv[i] + 1, "0") == strlen(argv[i] + 1) ? "not positive"
                                                                         : "negative");
    return 0;
}

int fail_option(const char *command, int code, int option, const char *arg)
{
    const char *value = strncmp(arg, "--", 2) == 0 ? strchr(arg, '=') : NULL;
    if (code == ':')
        return fail(EXIT_USAGE, "%s: option '%s' needs a value; see '%s %s --help'",
                    command, arg, program_name, command);
    /* A known long option given a value it does not take: getopt names it by its short
     * letter, or by a number for options that have none; say it as it was typed. */
    if (option && value)
        return fail(EXIT_USAGE, "%s: option '%.*s' takes no value; see '%s %s --help'",
                    command, (int)(value - arg), arg, program_name, command);
    if (option > 0 && option < 128 && strncmp(arg, "--", 2) != 0)
        return fail(EXIT_USAGE, "%s: unknown option '-%c'; see '%s %s --help'", command,
                    option, program_name, command);
    return fail(EXIT_USAGE, "%s: unknown option '%s'; see '%s %s --help'", command, arg,
                program_name, command);
}
