/*
 * output.c - standard output through one large buffer.
 *
 * Listings run to hundreds of megabytes, so solutions are formatted straight into the buffer
 * and leave in blocks of a megabyte. The first write error is remembered and reported once, at
 * the end; a closed pipe ends the process by SIGPIPE, quietly, as `| head` expects, and so does
 * EPIPE when the parent left SIGPIPE ignored: the end is the same either way.
 */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "common.h"

/* Ends the process as an unignored SIGPIPE would have, quietly: status 128 + 13 in a shell. */
static void end_by_sigpipe(void)
{
    struct sigaction action = { .sa_handler = SIG_DFL };
    sigaction(SIGPIPE, &action, NULL);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGPIPE);
    pthread_sigmask(SIG_UNBLOCK, &set, NULL);
    raise(SIGPIPE);
    _exit(128 + SIGPIPE);
}

#define BUFFER_SIZE (1u << 20)

static char buffer[BUFFER_SIZE];
static size_t used;
static int write_errno;   /* the first write error, 0 if none */

static void flush(void)
{
    for (size_t done = 0; done < used && !write_errno;) {
        ssize_t wrote = write(STDOUT_FILENO, buffer + done, used - done);
        if (wrote < 0 && errno == EPIPE)
            end_by_sigpipe();
        if (wrote < 0 && errno != EINTR)
            write_errno = errno;
        else if (wrote > 0)
            done += (size_t)wrote;
    }
    used = 0;
}

char *out_reserve(size_t bytes)
{
    if (bytes > BUFFER_SIZE)
        return NULL;
    if (used + bytes > BUFFER_SIZE)
        flush();
    return buffer + used;
}

void out_commit(size_t bytes)
{
    used += bytes;
}

void out_puts(const char *text)
{
    size_t length = strlen(text);
    char *p = out_reserve(length);
    if (p) {
        memcpy(p, text, length);
        out_commit(length);
    }
}

void out_flush(void)
{
    flush();
}

int out_failed(void)
{
    return write_errno != 0;
}

int out_close(void)
{
    flush();
    return write_errno ? fail(EXIT_RUNTIME, "write error on standard output: %s",
                              strerror(write_errno))
                       : 0;
}
