/*
 * checkpoint_file.h - the checkpoint file of `nqueens count --checkpoint`.
 */
#ifndef NQ_CHECKPOINT_FILE_H
#define NQ_CHECKPOINT_FILE_H

#include "common.h"

typedef struct checkpoint_file {
    const char *path;
    const nq_plan *plan;
    int fd;                       /* open and locked (for appending once opened), or -1 */
    int created;                  /* this run made the file: removed if it never gets a header */
    int write_errno;              /* the first write or sync error, 0 if none */
    nq_checkpoint_state state;    /* what the file held when opened (empty when new) */
} checkpoint_file;

/* Opens path, creating it if absent, and locks it for this process until checkpoint_close.
 * Refuses (EXIT_USAGE, after a message) "-", anything but a regular file, and a file another
 * run holds; other failures are EXIT_RUNTIME. Returns 0 or the exit code; on failure the file
 * is not open. */
int checkpoint_lock(checkpoint_file *cp, const char *path);

/* Reads the whole checkpoint at path into *data (free() it), for reading only: no lock, and
 * refused as checkpoint_lock refuses. Returns 0, or an exit code after a message (EXIT_USAGE
 * for a missing or unreadable file). */
int checkpoint_read_file(const char *path, unsigned char **data, size_t *length);

/* Reports a count whose total failed the check of the unique count (NQ_ERR_WRONG_TOTAL): a
 * resumed checkpoint's records at fault (path; bad input, EXIT_USAGE), or, with no checkpoint
 * (path NULL), the count itself (EXIT_RUNTIME). Returns the exit code. */
int fail_wrong_total(const char *path);

/* Reads the header of the checkpoint at path, if there is one, into *info, without locking it
 * (nqueens-mpi's rank 0, to plan before it opens the file). Returns whether it read a valid
 * header; prints nothing. */
int checkpoint_peek(const char *path, nq_checkpoint_info *info);

/* Whether the locked file begins with a header made for plan, with or without unique. */
int checkpoint_is_for(const checkpoint_file *cp, const nq_plan *plan, int unique);

/* Whether the locked file begins with a whole header; fills *info from it. */
int checkpoint_describe(const checkpoint_file *cp, nq_checkpoint_info *info);

/* Resumes from the file (locking it first unless checkpoint_lock did), or gives a new one its
 * header. Returns 0, or an exit code after a message, the file then closed. */
int checkpoint_open(checkpoint_file *cp, const char *path, const nq_plan *plan, int unique);

/* Appends a unit's record; returns 0, or -1 with write_errno set. */
int checkpoint_append(checkpoint_file *cp, size_t unit, const nq_unit_count *count);

/* Seconds between partial records of a unit in progress: 30, which bounds what a kill -9
 * loses, or NQ_PARTIAL_SECONDS (a positive number) for tests. */
double checkpoint_partial_seconds(void);

/* Appends a partial record of a unit in progress; returns 0, or -1 with write_errno set. */
int checkpoint_append_partial(checkpoint_file *cp, const nq_unit_partial *partial);

/* Makes what was appended durable; returns 0, or -1 with write_errno set. */
int checkpoint_sync(checkpoint_file *cp);

/* Syncs, unlocks and closes (a file only locked, that this run created, is removed); returns
 * 0 or EXIT_RUNTIME after a message. */
int checkpoint_close(checkpoint_file *cp);

#endif /* NQ_CHECKPOINT_FILE_H */
