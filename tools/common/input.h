/*
 * input.h - text input read line by line, refused as soon as it shows what no valid input
 * holds (a NUL byte, a character outside its alphabet, a line too long, a number too long), so
 * that memory stays bounded whatever arrives: /dev/zero included.
 */
#ifndef NQ_INPUT_H
#define NQ_INPUT_H

#include <stdio.h>

#include "common.h"

/* Why a line was cut short: the reader stops there and reads no further. */
enum line_cut {
    CUT_NONE,     /* the whole line was read */
    CUT_CHAR,     /* at a character outside the alphabet (a NUL byte always), the last kept */
    CUT_LENGTH,   /* after max_length + 1 characters (a last '\r' not counted) */
    CUT_DIGITS,   /* after max_digits + 1 digits in a row */
    CUT_FULL      /* the line would take read_text past its max_bytes: not kept */
};

/* A text read one line at a time. Set the limits after line_reader_open. */
typedef struct line_reader {
    FILE *file;
    const char *name;       /* the input's name in messages ("<stdin>" for standard input) */
    char *line;             /* the current line without its "\n" ('\r' kept), NUL-terminated */
    size_t length;          /* its characters */
    int newline;            /* whether "\n" ended it (the last line of a text may lack one) */
    size_t capacity;        /* bytes allocated at line */
    int number;             /* its number, 1-based; 0 before the first */
    enum line_cut cut;      /* whether and why the current line was cut short */
    size_t max_length;      /* the longest line allowed, a last '\r' not counted; 0: any */
    const char *alphabet;   /* the characters a line may hold; NULL: any but NUL */
    int max_digits;         /* the longest run of digits allowed; 0: any */
    size_t max_bytes;       /* the longest text read_text takes */
    /* A line made of these characters alone (NULL: none) may be at most short_length long. */
    const char *short_alphabet;
    size_t short_length;
    unsigned char class_[256];   /* the above per character, made by line_reader_next */
    const char *made_for[2];     /* the alphabets class_ was made for */
    int made;                    /* whether it was made */
} line_reader;

/* Opens path ("-" for stdin). Returns 0 or EXIT_USAGE after a message. */
int line_reader_open(line_reader *reader, const char *path);

/* Reads the next line. Returns 1 with a line, 0 at the end of the input or after a cut line,
 * or minus an exit code after a message (a read error, no memory). */
int line_reader_next(line_reader *reader);

/* Closes the input and frees the line. */
void line_reader_close(line_reader *reader);

/* Reports the cut of the current line as "name:line:column: message" (what says why no valid
 * input has such a line, e.g. "a board has at most 64 columns"). Returns EXIT_USAGE. */
int line_reader_fail(const line_reader *reader, const char *what);

/* Reads a whole text into *text (NUL-terminated, lines ended by "\n"; free() it) through
 * reader, line by line, stopping after a cut line, or (rows nonzero, for board files) after the
 * first non-blank line beyond as many as the first line is long, or before the text would pass
 * reader->max_bytes (a cut CUT_FULL). Returns 0 or an exit code after a message. */
int read_text(line_reader *reader, int rows, char **text, size_t *length);

/* The exit code of parsing a text read_text read: 0 if status is NQ_OK (and, with whole set,
 * the text was read whole), else after a message, the parser's (err) or, where the cut
 * explains the failure better than the parser can (it saw only the text up to the cut), the
 * reader's. what is as for line_reader_fail. A character the alphabet refuses, or a number too
 * long, is left to the parser, which names it. */
int text_parsed(const line_reader *reader, nq_status status, const nq_parse_error *err,
                int whole, const char *what);

#endif /* NQ_INPUT_H */
