/*
 * checkpoint_file.h - the checkpoint file of `nqueens count --checkpoint`.
 */
#ifndef NQ_CHECKPOINT_FILE_H
#define NQ_CHECKPOINT_FILE_H

#include "cli.h"

typedef struct checkpoint_file {
    const char *path;
    const nq_plan *plan;
    int fd;                       /* open for appending, or -1 */
    int write_errno;              /* the first write or sync error, 0 if none */
    nq_checkpoint_state state;    /* what the file held when opened (empty when new) */
} checkpoint_file;

/* Resumes from path, or creates it. Returns 0 or an exit code after a message. */
int checkpoint_open(checkpoint_file *cp, const char *path, const nq_plan *plan, int unique);

/* Appends a unit's record; returns 0, or -1 with write_errno set. */
int checkpoint_append(checkpoint_file *cp, size_t unit, const nq_unit_count *count);

/* Makes what was appended durable; returns 0, or -1 with write_errno set. */
int checkpoint_sync(checkpoint_file *cp);

/* Syncs and closes; returns 0 or EXIT_FAILURE_ after a message. */
int checkpoint_close(checkpoint_file *cp);

#endif /* NQ_CHECKPOINT_FILE_H */
