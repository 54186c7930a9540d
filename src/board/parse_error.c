/*
 * parse_error.c - fills in where and why a text could not be parsed.
 */
#include <stdarg.h>
#include <stdio.h>

#include "board/parse.h"

void nq_parse_error_set(nq_parse_error *err, int line, int column, const char *format, ...)
{
    if (!err)
        return;
    err->line = line;
    err->column = column;
    va_list args;
    va_start(args, format);
    vsnprintf(err->message, sizeof err->message, format, args);
    va_end(args);
}
