/*
 * input.c - text input read line by line, with limits checked as each character arrives.
 *
 * Parsers get whole texts or lines; a reader that first took in everything would grow without
 * bound on /dev/zero or an endless line. So the limits that no valid input can break are
 * checked here, character by character, and the reading stops at the first break, leaving the
 * parser a short text that ends in the fault: it then names the line and column.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "input.h"

const char *display_name(const char *path)
{
    return strcmp(path, "-") == 0 ? "<stdin>" : path;
}

int line_reader_open(line_reader *reader, const char *path)
{
    *reader = (line_reader){ .name = display_name(path) };
    reader->file = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!reader->file)
        return fail(EXIT_USAGE, "%s: %s", path, strerror(errno));
    struct stat st;
    if (fstat(fileno(reader->file), &st) == 0 && S_ISDIR(st.st_mode)) {
        line_reader_close(reader);
        return fail(EXIT_USAGE, "%s: is a directory", reader->name);
    }
    return 0;
}

void line_reader_close(line_reader *reader)
{
    if (reader->file && reader->file != stdin)
        fclose(reader->file);
    reader->file = NULL;
    free(reader->line);
    reader->line = NULL;
}

/* Appends c to the line, growing it. Returns 0 or -1 when out of memory. */
static inline int append(line_reader *r, char c)
{
    if (__builtin_expect(r->length + 1 >= r->capacity, 0)) {
        size_t capacity = r->capacity ? 2 * r->capacity : 256;
        char *bigger = realloc(r->line, capacity);
        if (!bigger)
            return -1;
        r->line = bigger;
        r->capacity = capacity;
    }
    r->line[r->length++] = c;
    r->line[r->length] = '\0';
    return 0;
}

enum { ALLOWED = 1, DIGIT = 2, SHORT = 4 };

/* Makes the class of each character for the reader's settings, when they changed. */
static void classify(line_reader *r)
{
    if (r->made && r->made_for[0] == r->alphabet && r->made_for[1] == r->short_alphabet)
        return;
    for (int c = 0; c < 256; c++) {
        int allowed = c != 0 && (!r->alphabet || strchr(r->alphabet, c));
        int short_ = c != 0 && r->short_alphabet && strchr(r->short_alphabet, c);
        r->class_[c] = (unsigned char)(allowed * ALLOWED | (c >= '0' && c <= '9') * DIGIT |
                                       short_ * SHORT);
    }
    r->made_for[0] = r->alphabet;
    r->made_for[1] = r->short_alphabet;
    r->made = 1;
}

/* The cut that character c, the line's latest, makes, given the digits in a row up to it and
 * whether the line is made of the short alphabet alone so far. */
static enum line_cut cut_at(const line_reader *r, int c, int digits, int short_)
{
    if (!(r->class_[c] & ALLOWED))
        return CUT_CHAR;
    /* A line may end in '\r' beyond the limit: "\r\n" ends it. */
    if (r->max_length && r->length > r->max_length + (c == '\r'))
        return CUT_LENGTH;
    if (short_ && r->length > r->short_length + (c == '\r'))
        return CUT_LENGTH;
    if (r->max_digits && digits > r->max_digits)
        return CUT_DIGITS;
    return CUT_NONE;
}

int line_reader_next(line_reader *r)
{
    if (r->cut || !r->file)
        return 0;
    classify(r);
    r->length = 0;
    if (!r->line && append(r, '\0'))
        return -fail(EXIT_RUNTIME, "%s: out of memory", r->name);
    r->length = 0;
    r->line[0] = '\0';
    int c, digits = 0, short_ = r->short_alphabet != NULL;
    while ((c = getc_unlocked(r->file)) != EOF && c != '\n') {
        if (append(r, (char)c))
            return -fail(EXIT_RUNTIME, "%s: out of memory", r->name);
        digits = r->class_[c] & DIGIT ? digits + 1 : 0;
        short_ = short_ && (r->class_[c] & SHORT || c == '\r');
        if ((r->cut = cut_at(r, c, digits, short_)) != CUT_NONE)
            break;
    }
    r->newline = c == '\n';
    if (ferror(r->file))
        return -fail(EXIT_USAGE, "%s: read error: %s", r->name, strerror(errno));
    if (c == EOF && r->length == 0 && !r->cut)
        return 0;
    r->number++;
    return 1;
}

int line_reader_fail(const line_reader *r, const char *what)
{
    if (r->cut == CUT_FULL)
        return fail(EXIT_USAGE, "%s:%d: input longer than %zu bytes; %s", r->name, r->number,
                    r->max_bytes, what);
    size_t limit = r->max_length && r->length > r->max_length ? r->max_length : r->short_length;
    if (r->cut == CUT_LENGTH)
        return fail(EXIT_USAGE, "%s:%d:%zu: line longer than %zu characters; %s", r->name,
                    r->number, limit + 1, limit, what);
    if (r->cut == CUT_DIGITS)
        return fail(EXIT_USAGE, "%s:%d:%zu: number longer than %d digits; %s", r->name,
                    r->number, r->length - (size_t)r->max_digits, r->max_digits, what);
    return fail(EXIT_USAGE, "%s:%d:%zu: unexpected character; %s", r->name, r->number, r->length,
                what);
}

int read_text(line_reader *r, int rows, char **text, size_t *length)
{
    size_t size = 0, capacity = 4096;
    char *buf = malloc(capacity);
    int width = -1, nonblank = 0, got = 0;
    while (buf && (got = line_reader_next(r)) == 1) {
        /* The input's bytes so far: max_bytes of them are taken, not one more. */
        if (size + r->length + (size_t)r->newline > r->max_bytes) {
            r->cut = CUT_FULL;
            break;
        }
        while (buf && size + r->length + 2 > capacity) {
            char *bigger = realloc(buf, capacity *= 2);
            if (!bigger)
                free(buf);
            buf = bigger;
        }
        if (!buf)
            break;
        memcpy(buf + size, r->line, r->length);
        size += r->length;
        buf[size++] = '\n';
        if (width < 0)
            width = (int)(r->length - (r->length && r->line[r->length - 1] == '\r'));
        nonblank += r->line[strspn(r->line, " \t\r")] != '\0';
        if (rows && nonblank > width)
            break;   /* one row too many: the parser says so */
    }
    if (!buf)
        return fail(EXIT_RUNTIME, "%s: out of memory", r->name);
    if (got < 0) {
        free(buf);
        return -got;
    }
    buf[size] = '\0';
    *text = buf;
    *length = size;
    return 0;
}

int text_parsed(const line_reader *r, nq_status status, const nq_parse_error *err, int whole,
                const char *what)
{
    int cut_first = r->cut == CUT_LENGTH || r->cut == CUT_FULL;
    if (status && !(cut_first && err->line >= r->number))
        return fail_parse(r->name, err);
    return status || (whole && cut_first) ? line_reader_fail(r, what) : 0;
}
