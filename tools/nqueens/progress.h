/*
 * progress.h - the one-line progress report of long counts, on stderr.
 */
#ifndef NQ_PROGRESS_H
#define NQ_PROGRESS_H

#include "cli.h"

/* Redraws the progress line: units done and total, solutions so far, rate, elapsed, ETA. */
void progress_show(const nq_progress *progress);

/* Ends the progress line, leaving the last report on screen. */
void progress_end(void);

#endif /* NQ_PROGRESS_H */
