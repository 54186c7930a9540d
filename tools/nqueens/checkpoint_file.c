/*
 * checkpoint_file.c - the checkpoint file of `nqueens count --checkpoint`: resumed from if it
 * exists, created otherwise, appended to as units finish, and synced to disk every few seconds.
 *
 * A new file gets its header through a temporary file renamed into place, so that a file by
 * that name always has a whole header. A record is one write(2) of 32 bytes; if the run dies
 * halfway through one, the next run drops the torn record and counts that unit again.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "checkpoint_file.h"

/* Creates path holding only the header, atomically. Returns 0 or an exit code. */
static int create(const char *path, const nq_plan *plan, int unique)
{
    char tmp[4096];
    if (snprintf(tmp, sizeof tmp, "%s.tmp", path) >= (int)sizeof tmp)
        return fail(EXIT_USAGE, "checkpoint %s: path too long", path);
    unsigned char header[NQ_CHECKPOINT_HEADER_SIZE];
    nq_checkpoint_header(plan, unique, header);
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0)
        return fail(EXIT_FAILURE_, "checkpoint %s: %s", tmp, strerror(errno));
    int ok = write(fd, header, sizeof header) == (ssize_t)sizeof header && fsync(fd) == 0;
    int saved = errno;
    ok = close(fd) == 0 && ok;
    if (!ok || rename(tmp, path) != 0) {
        saved = ok ? errno : saved;
        unlink(tmp);
        return fail(EXIT_FAILURE_, "checkpoint %s: %s", path, strerror(saved));
    }
    return 0;
}

/* Reads an existing checkpoint into cp->state and drops a torn tail. Returns 0 or an exit
 * code. */
static int resume(checkpoint_file *cp, const nq_plan *plan, int unique)
{
    char *data;
    size_t length;
    int code = read_file(cp->path, &data, &length);
    if (code)
        return code;
    nq_parse_error err;
    nq_status status = nq_checkpoint_read(plan, unique, data, length, &cp->state, &err);
    free(data);
    if (status == NQ_ERR_NOMEM)
        return fail(EXIT_FAILURE_, "checkpoint %s: out of memory", cp->path);
    if (status)
        return fail(EXIT_USAGE, "checkpoint %s: %s; refusing to use it", cp->path, err.message);
    if (length != cp->state.valid_length && truncate(cp->path, (off_t)cp->state.valid_length))
        return fail(EXIT_FAILURE_, "checkpoint %s: %s", cp->path, strerror(errno));
    return 0;
}

int checkpoint_open(checkpoint_file *cp, const char *path, const nq_plan *plan, int unique)
{
    *cp = (checkpoint_file){ .path = path, .plan = plan, .fd = -1 };
    struct stat st;
    int exists = stat(path, &st) == 0 && st.st_size > 0;
    int code = exists ? resume(cp, plan, unique) : create(path, plan, unique);
    if (code)
        return code;
    cp->fd = open(path, O_WRONLY | O_APPEND);
    if (cp->fd < 0)
        return fail(EXIT_FAILURE_, "checkpoint %s: %s", path, strerror(errno));
    return 0;
}

int checkpoint_append(checkpoint_file *cp, size_t unit, const nq_unit_count *count)
{
    unsigned char record[NQ_CHECKPOINT_RECORD_SIZE];
    nq_checkpoint_record(cp->plan, unit, count, record);
    ssize_t wrote = write(cp->fd, record, sizeof record);
    if (wrote != (ssize_t)sizeof record) {
        cp->write_errno = wrote < 0 ? errno : ENOSPC;
        return -1;
    }
    return 0;
}

int checkpoint_sync(checkpoint_file *cp)
{
    if (cp->fd >= 0 && fsync(cp->fd) != 0 && !cp->write_errno)
        cp->write_errno = errno;
    return cp->write_errno ? -1 : 0;
}

int checkpoint_close(checkpoint_file *cp)
{
    int failed = cp->fd >= 0 && checkpoint_sync(cp);
    if (cp->fd >= 0 && close(cp->fd) != 0 && !cp->write_errno) {
        cp->write_errno = errno;
        failed = 1;
    }
    cp->fd = -1;
    nq_checkpoint_state_free(&cp->state);
    return failed ? fail(EXIT_FAILURE_, "checkpoint %s: write failed: %s", cp->path,
                         strerror(cp->write_errno))
                  : 0;
}
