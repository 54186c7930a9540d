/*
 * cpu_time.h - the processor time the benchmarks time their work by: a loaded machine changes
 * the wall time, much less the CPU seconds.
 */
#ifndef NQ_BENCH_CPU_TIME_H
#define NQ_BENCH_CPU_TIME_H

#include <time.h>

static inline double seconds_of(clockid_t clock)
{
    struct timespec t;
    clock_gettime(clock, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Seconds of processor time of the calling thread. */
static inline double thread_seconds(void)
{
    return seconds_of(CLOCK_THREAD_CPUTIME_ID);
}

/* Seconds of processor time of the whole process, all its threads. */
static inline double process_seconds(void)
{
    return seconds_of(CLOCK_PROCESS_CPUTIME_ID);
}

#endif /* NQ_BENCH_CPU_TIME_H */
