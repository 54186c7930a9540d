/*
 * progress.h - the one-line progress report of long counts, on stderr.
 */
#ifndef NQ_PROGRESS_H
#define NQ_PROGRESS_H

#include "common.h"

/* Shows progress: units done and total, solutions so far, rate, elapsed, ETA; redrawn in place
 * on a terminal, a new line every ten seconds at most in a file. */
void progress_show(const nq_progress *progress);

/* Ends the progress line, leaving the last report on screen. */
void progress_end(void);

#endif /* NQ_PROGRESS_H */
