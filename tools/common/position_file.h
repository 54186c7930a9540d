/*
 * position_file.h - the checkpoint of `nqueens solve --limit 1 --checkpoint`: where the search
 * for the first solution stands (a prefix of columns with no solution before it).
 */
#ifndef NQ_POSITION_FILE_H
#define NQ_POSITION_FILE_H

#include <pthread.h>

#include "common.h"

typedef struct position_file {
    const char *path;
    int fd;                        /* open and locked, or -1 */
    int created;                   /* this run made the file */
    int write_errno;               /* the first write error, 0 if none */
    uint32_t board;                /* the board's fingerprint */
    int n;
    uint64_t sequence;             /* records written, this run and before */
    int rows;                      /* the position read, or the last one reported */
    int32_t prefix[NQ_MAX_N];
    int unsaved;                   /* a position came since the last record */
    int closing;                   /* the saver thread is to end */
    int saving;                    /* the saver thread runs */
    pthread_t saver;               /* writes the position reported last, every second */
    pthread_mutex_t lock;          /* guards rows, prefix, unsaved and closing */
    pthread_cond_t wake;
} position_file;

/* Opens path (creating it if absent) for board and locks it for this process; reads the
 * position it holds, if any, into pf->rows and pf->prefix (rows 0 when new). Refuses, with a
 * message and EXIT_USAGE, what checkpoint_lock refuses, a file that is not such a checkpoint,
 * and one made for another board. Returns 0 or the exit code. */
int position_open(position_file *pf, const char *path, const nq_board *board);

/* Starts the thread that writes the position reported last, once a second when it changed.
 * Returns 0 or EXIT_RUNTIME after a message. */
int position_start(position_file *pf);

/* nq_first_options' position callback (context: the position_file): keeps the position for the
 * saver thread. */
void position_report(void *context, int rows, const int32_t *prefix);

/* Writes the last position if it is not written yet, syncs and closes the file. Returns 0 or
 * EXIT_RUNTIME after a message when a write failed. */
int position_close(position_file *pf);

#endif /* NQ_POSITION_FILE_H */
