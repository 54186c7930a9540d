/*
 * progress.c - the one-line progress report of long counts, on stderr.
 */
#include <stdio.h>
#include <unistd.h>

#include "progress.h"

/* Writes seconds as h:mm:ss into buf. */
static void format_duration(double seconds, char buf[32])
{
    if (seconds < 0 || seconds > 1e9) {
        snprintf(buf, 32, "?");
        return;
    }
    unsigned long long s = (unsigned long long)seconds;
    snprintf(buf, 32, "%llu:%02llu:%02llu", s / 3600, s / 60 % 60, s % 60);
}

/* Seconds between reports written to a file rather than a terminal. */
#define FILE_INTERVAL 10.0

void progress_show(const nq_progress *p)
{
    static double last_line = -FILE_INTERVAL;   /* elapsed time of the last report in a file */
    static int final_shown;                     /* the report of all units done was written */
    int terminal = isatty(STDERR_FILENO), final = p->units_done == p->units_total;
    /* In a file: a report every ten seconds, and the final one once (the run may report all
     * units done more than once while its workers end). */
    if (!terminal && (final ? final_shown : p->elapsed - last_line < FILE_INTERVAL))
        return;
    last_line = p->elapsed;
    final_shown |= final;
    char solutions[40], elapsed[32], eta[32];
    nq_u128_format(p->total, solutions);
    uint64_t counted = p->units_done - p->units_resumed;
    uint64_t left = p->units_total - p->units_done;
    double rate = p->elapsed > 0 ? (double)counted / p->elapsed : 0;
    format_duration(p->elapsed, elapsed);
    format_duration(rate > 0 ? (double)left / rate : -1, eta);
    /* On a terminal the line is redrawn in place and its old tail erased; in a file, a line
     * per report, one every ten seconds at most. */
    fprintf(stderr, "%s%llu/%llu units (%.1f%%), %s solutions, %.1f units/s, elapsed %s, ETA %s%s",
            terminal ? "\r" : "",
            (unsigned long long)p->units_done, (unsigned long long)p->units_total,
            p->units_total ? 100.0 * (double)p->units_done / (double)p->units_total : 100.0,
            solutions, rate, elapsed, eta, terminal ? "\033[K" : "\n");
    fflush(stderr);
}

void progress_end(void)
{
    if (isatty(STDERR_FILENO))
        fputc('\n', stderr);
}
