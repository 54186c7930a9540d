/*
 * progress.c - the one-line progress report of long counts, on stderr.
 */
#include <stdio.h>

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

void progress_show(const nq_progress *p)
{
    char solutions[40], elapsed[32], eta[32];
    nq_u128_format(p->total, solutions);
    uint64_t counted = p->units_done - p->units_resumed;
    uint64_t left = p->units_total - p->units_done;
    double rate = p->elapsed > 0 ? (double)counted / p->elapsed : 0;
    format_duration(p->elapsed, elapsed);
    format_duration(rate > 0 ? (double)left / rate : -1, eta);
    fprintf(stderr, "\r%llu/%llu units (%.1f%%), %s solutions, %.1f units/s, elapsed %s, ETA %s\033[K",
            (unsigned long long)p->units_done, (unsigned long long)p->units_total,
            p->units_total ? 100.0 * (double)p->units_done / (double)p->units_total : 100.0,
            solutions, rate, elapsed, eta);
    fflush(stderr);
}

void progress_end(void)
{
    fputc('\n', stderr);
}
