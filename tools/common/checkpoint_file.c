/*
 * checkpoint_file.c - the checkpoint file of `nqueens count --checkpoint`: resumed from if it
 * exists, created otherwise, appended to as units finish, and synced to disk every few seconds.
 *
 * The file is opened once and locked (a POSIX record lock over all of it) for as long as the
 * run lasts, so that a second run given the same file is refused instead of interleaving its
 * records and header with the first one's. nqueens-mpi's rank 0 opens it the same way. There
 * is no temporary file beside it, so nothing there can be a planted symlink: a new file gets
 * its header in place, in one write, and a file shorter than a header that is the start of the
 * header this run would write is taken for one whose creation was cut short. A record (of a
 * finished unit, or a partial one of a unit in progress) is one write(2) of 32 bytes; if the
 * run dies halfway through one, the next run drops the torn record and counts that unit again
 * (from its last partial record, if any). Only regular files are used: a directory, a FIFO, a device or
 * standard input is refused before anything is read or written.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "checkpoint_file.h"

/* What st is, for a message refusing it; NULL for a regular file. */
static const char *not_regular(const struct stat *st)
{
    if (S_ISREG(st->st_mode))
        return NULL;
    return S_ISDIR(st->st_mode) ? "is a directory" : S_ISFIFO(st->st_mode) ? "is a FIFO"
         : S_ISCHR(st->st_mode) ? "is a character device" : S_ISBLK(st->st_mode)
         ? "is a block device" : S_ISSOCK(st->st_mode) ? "is a socket" : "is not a regular file";
}

/* Refuses the path unless it is a regular file or absent; returns 0 or EXIT_USAGE. */
static int refuse_special(const char *path)
{
    struct stat st;
    if (strcmp(path, "-") == 0)
        return fail(EXIT_USAGE, "checkpoint -: a checkpoint is a regular file, not standard "
                    "input or output (./- names a file called '-')");
    const char *what = stat(path, &st) == 0 ? not_regular(&st) : NULL;
    return what ? fail(EXIT_USAGE, "checkpoint %s: %s; a checkpoint is a regular file", path,
                       what)
                : 0;
}

/* Locks the whole open file for this process; returns 0 or EXIT_USAGE when another process
 * holds it, or EXIT_RUNTIME when locking failed otherwise. */
static int lock(checkpoint_file *cp)
{
    struct flock region = { .l_type = F_WRLCK, .l_whence = SEEK_SET };
    if (fcntl(cp->fd, F_SETLK, &region) == 0)
        return 0;
    if (errno != EACCES && errno != EAGAIN)
        return fail(EXIT_RUNTIME, "checkpoint %s: cannot lock it: %s", cp->path,
                    strerror(errno));
    struct flock holder = { .l_type = F_WRLCK, .l_whence = SEEK_SET };
    if (fcntl(cp->fd, F_GETLK, &holder) == 0 && holder.l_type != F_UNLCK)
        return fail(EXIT_USAGE, "checkpoint %s: in use by another run (process %ld); refusing "
                    "to share it", cp->path, (long)holder.l_pid);
    return fail(EXIT_USAGE, "checkpoint %s: in use by another run; refusing to share it",
                cp->path);
}

int checkpoint_lock(checkpoint_file *cp, const char *path)
{
    *cp = (checkpoint_file){ .path = path, .fd = -1 };
    int code = refuse_special(path);
    if (code)
        return code;
    /* O_NONBLOCK: a FIFO put in place since the check must not hang the open. */
    cp->fd = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC);
    if (cp->fd < 0 && errno == ENOENT) {
        cp->fd = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC | O_CREAT | O_EXCL, 0644);
        cp->created = cp->fd >= 0;
    }
    struct stat st;
    if (cp->fd < 0) {
        /* O_EXCL does not follow a symlink: one to a missing file is refused, not created. */
        int error = errno;
        if (error == EEXIST && lstat(path, &st) == 0 && S_ISLNK(st.st_mode))
            return fail(EXIT_USAGE, "checkpoint %s: is a symbolic link to a missing file; a "
                        "checkpoint is a regular file or a new path", path);
        return error == EISDIR ? fail(EXIT_USAGE, "checkpoint %s: is a directory; a checkpoint "
                                      "is a regular file", path)
                               : fail(EXIT_RUNTIME, "checkpoint %s: %s", path, strerror(error));
    }
    const char *what = fstat(cp->fd, &st) == 0 ? not_regular(&st) : NULL;
    code = what ? fail(EXIT_USAGE, "checkpoint %s: %s; a checkpoint is a regular file", path,
                       what)
                : lock(cp);
    if (code) {
        close(cp->fd);
        cp->fd = -1;
    }
    return code;
}

/* Reads the whole file into *data (free() it). Returns 0 or an exit code. */
static int read_all(checkpoint_file *cp, unsigned char **data, size_t *length)
{
    struct stat st;
    if (fstat(cp->fd, &st) != 0)
        return fail(EXIT_RUNTIME, "checkpoint %s: %s", cp->path, strerror(errno));
    size_t size = (size_t)st.st_size, got = 0;
    *data = malloc(size + 1);
    if (!*data)
        return fail(EXIT_RUNTIME, "checkpoint %s: out of memory", cp->path);
    while (got < size) {
        ssize_t n = pread(cp->fd, *data + got, size - got, (off_t)got);
        if (n <= 0 && !(n < 0 && errno == EINTR)) {
            free(*data);
            return fail(EXIT_RUNTIME, "checkpoint %s: read error: %s", cp->path,
                        n < 0 ? strerror(errno) : "the file shrank");
        }
        got += n > 0 ? (size_t)n : 0;
    }
    *length = size;
    return 0;
}

int checkpoint_read_file(const char *path, unsigned char **data, size_t *length)
{
    checkpoint_file cp = { .path = path, .fd = -1 };
    int code = refuse_special(path);
    if (code)
        return code;
    cp.fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (cp.fd < 0)
        return fail(EXIT_USAGE, "checkpoint %s: %s", path, strerror(errno));
    struct stat st;
    const char *what = fstat(cp.fd, &st) == 0 ? not_regular(&st) : NULL;
    code = what ? fail(EXIT_USAGE, "checkpoint %s: %s; a checkpoint is a regular file", path,
                       what)
                : read_all(&cp, data, length);
    close(cp.fd);
    return code;
}

int checkpoint_is_for(const checkpoint_file *cp, const nq_plan *plan, int unique)
{
    unsigned char header[NQ_CHECKPOINT_HEADER_SIZE];
    ssize_t got = cp->fd >= 0 ? pread(cp->fd, header, sizeof header, 0) : -1;
    return got > 0 && nq_checkpoint_matches(plan, unique, header, (size_t)got);
}

int checkpoint_describe(const checkpoint_file *cp, nq_checkpoint_info *info)
{
    unsigned char header[NQ_CHECKPOINT_HEADER_SIZE];
    ssize_t got = cp->fd >= 0 ? pread(cp->fd, header, sizeof header, 0) : -1;
    return got > 0 && nq_checkpoint_describe(header, (size_t)got, info, NULL) == NQ_OK;
}

int checkpoint_peek(const char *path, nq_checkpoint_info *info)
{
    unsigned char header[NQ_CHECKPOINT_HEADER_SIZE];
    int fd = strcmp(path, "-") == 0 ? -1 : open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    ssize_t got = fd >= 0 ? pread(fd, header, sizeof header, 0) : -1;
    if (fd >= 0)
        close(fd);
    return got > 0 && nq_checkpoint_describe(header, (size_t)got, info, NULL) == NQ_OK;
}

/* Writes the header into the empty (or cut short) file. Returns 0 or an exit code. */
static int write_header(checkpoint_file *cp, const unsigned char *header)
{
    if (ftruncate(cp->fd, 0) != 0 ||
        pwrite(cp->fd, header, NQ_CHECKPOINT_HEADER_SIZE, 0) != NQ_CHECKPOINT_HEADER_SIZE ||
        fsync(cp->fd) != 0)
        return fail(EXIT_RUNTIME, "checkpoint %s: %s", cp->path,
                    strerror(errno ? errno : ENOSPC));
    cp->state.valid_length = NQ_CHECKPOINT_HEADER_SIZE;
    return 0;
}

/* Refuses a checkpoint made for another plan than header's, naming the option that differs
 * when the side is the same; err says what the library found. Returns EXIT_USAGE. */
static int fail_other_plan(const checkpoint_file *cp, const unsigned char *data, size_t length,
                           const unsigned char *header, const nq_parse_error *err)
{
    nq_checkpoint_info made, wanted;
    if (nq_checkpoint_describe(data, length, &made, NULL) == NQ_OK &&
        nq_checkpoint_describe(header, NQ_CHECKPOINT_HEADER_SIZE, &wanted, NULL) == NQ_OK &&
        made.n == wanted.n) {
        if (made.unique && !wanted.unique)
            return fail(EXIT_USAGE, "checkpoint %s: made with --unique; resume it with --unique "
                        "(with --verbose it tells the total too), or count into a new file; "
                        "refusing to use it", cp->path);
        if (!made.unique && wanted.unique)
            return fail(EXIT_USAGE, "checkpoint %s: made without --unique, and its records hold "
                        "no classes; resume it without --unique, or count --unique into a new "
                        "file; refusing to use it", cp->path);
        if (made.method != wanted.method)
            return fail(EXIT_USAGE, "checkpoint %s: made with --method %s; run with the same "
                        "method; refusing to use it", cp->path,
                        made.method == NQ_METHOD_JOIN ? "join" : "backtrack");
    }
    return fail(EXIT_USAGE, "checkpoint %s: %s; refusing to use it", cp->path, err->message);
}

/* The locked file's bytes, mapped where it can be: near its end a checkpoint of n = 26 holds 0.6
 * GB of records, which as the file's own pages take none of the run's memory (no other run
 * can truncate it under the lock), else read in. */
typedef struct file_bytes {
    unsigned char *data;
    size_t length;
    int mapped;
} file_bytes;

static int take_bytes(checkpoint_file *cp, file_bytes *bytes)
{
    struct stat st;
    if (fstat(cp->fd, &st) != 0)
        return fail(EXIT_RUNTIME, "checkpoint %s: %s", cp->path, strerror(errno));
    void *map = st.st_size > 0 ? mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, cp->fd, 0)
                               : MAP_FAILED;
    *bytes = (file_bytes){ map, (size_t)st.st_size, map != MAP_FAILED };
    return bytes->mapped ? 0 : read_all(cp, &bytes->data, &bytes->length);
}

static void drop_bytes(file_bytes *bytes)
{
    if (bytes->mapped)
        munmap(bytes->data, bytes->length);
    else
        free(bytes->data);
}

/* Reads the file into cp->state, or gives a new one its header. Returns 0 or an exit code. */
static int resume(checkpoint_file *cp, const nq_plan *plan, int unique)
{
    unsigned char header[NQ_CHECKPOINT_HEADER_SIZE];
    file_bytes bytes;
    int code = take_bytes(cp, &bytes);
    if (code)
        return code;
    const unsigned char *data = bytes.data;
    const size_t length = bytes.length;
    nq_checkpoint_header(plan, unique, header);
    if (length < sizeof header && memcmp(data, header, length) == 0) {
        drop_bytes(&bytes);
        errno = 0;
        return write_header(cp, header);
    }
    nq_parse_error err;
    nq_status status = nq_checkpoint_read(plan, unique, data, length, &cp->state, &err);
    if (status == NQ_ERR_OTHER_PLAN)
        code = fail_other_plan(cp, data, length, header, &err);
    drop_bytes(&bytes);
    if (code)
        return code;
    if (status == NQ_ERR_NOMEM)
        return fail(EXIT_RUNTIME, "checkpoint %s: out of memory", cp->path);
    if (status)
        return fail(EXIT_USAGE, "checkpoint %s: %s; refusing to use it", cp->path, err.message);
    if (length != cp->state.valid_length && ftruncate(cp->fd, (off_t)cp->state.valid_length))
        return fail(EXIT_RUNTIME, "checkpoint %s: %s", cp->path, strerror(errno));
    return 0;
}

/* Closes the file after a failure, removing it if this run made it and gave it no header. */
static void abandon(checkpoint_file *cp)
{
    if (cp->created && !cp->state.valid_length)
        unlink(cp->path);
    close(cp->fd);
    cp->fd = -1;
    nq_checkpoint_state_free(&cp->state);
}

int checkpoint_open(checkpoint_file *cp, const char *path, const nq_plan *plan, int unique)
{
    int code = cp->path && cp->fd >= 0 ? 0 : checkpoint_lock(cp, path);
    if (code)
        return code;
    cp->plan = plan;
    if (!(code = resume(cp, plan, unique)) &&
        (lseek(cp->fd, (off_t)cp->state.valid_length, SEEK_SET) < 0 ||
         fcntl(cp->fd, F_SETFL, O_APPEND) != 0))
        code = fail(EXIT_RUNTIME, "checkpoint %s: %s", path, strerror(errno));
    if (code)
        abandon(cp);
    return code;
}

/* Appends one record in one write(2): a kill leaves at most the last one torn. */
static int append(checkpoint_file *cp, const unsigned char *record)
{
    ssize_t wrote = write(cp->fd, record, NQ_CHECKPOINT_RECORD_SIZE);
    if (wrote != NQ_CHECKPOINT_RECORD_SIZE) {
        cp->write_errno = wrote < 0 ? errno : ENOSPC;
        return -1;
    }
    return 0;
}

int checkpoint_append(checkpoint_file *cp, size_t unit, const nq_unit_count *count)
{
    unsigned char record[NQ_CHECKPOINT_RECORD_SIZE];
    nq_checkpoint_record(cp->plan, unit, count, record);
    return append(cp, record);
}

double checkpoint_partial_seconds(void)
{
    const char *text = getenv("NQ_PARTIAL_SECONDS");
    char *end;
    double seconds = text ? strtod(text, &end) : 0;
    return text && *text && !*end && seconds > 0 && seconds < 1e6 ? seconds : 30.0;
}

int checkpoint_append_partial(checkpoint_file *cp, const nq_unit_partial *partial)
{
    unsigned char record[NQ_CHECKPOINT_RECORD_SIZE];
    nq_checkpoint_partial(cp->plan, partial, record);
    return append(cp, record);
}

int checkpoint_sync(checkpoint_file *cp)
{
    if (cp->fd >= 0 && fsync(cp->fd) != 0 && !cp->write_errno)
        cp->write_errno = errno;
    return cp->write_errno ? -1 : 0;
}

int checkpoint_close(checkpoint_file *cp)
{
    if (cp->fd >= 0 && cp->created && !cp->state.valid_length) {
        abandon(cp);   /* locked, but never used: left as it was found, absent */
        return 0;
    }
    int failed = cp->fd >= 0 && checkpoint_sync(cp);
    if (cp->fd >= 0 && close(cp->fd) != 0 && !cp->write_errno) {
        cp->write_errno = errno;
        failed = 1;
    }
    cp->fd = -1;
    nq_checkpoint_state_free(&cp->state);
    return failed ? fail(EXIT_RUNTIME, "checkpoint %s: write failed: %s", cp->path,
                         strerror(cp->write_errno))
                  : 0;
}

int fail_wrong_total(const char *path)
{
    if (!path)
        return fail(EXIT_RUNTIME, "count: %s", nq_strerror(NQ_ERR_WRONG_TOTAL));
    return fail(EXIT_USAGE, "checkpoint %s: the total of its records fails the check of the "
                "unique count: a record is damaged or forged ('nqueens check %s --all' finds "
                "it); refusing to use it", path, path);
}
