/*
 * threads.c - the worker threads of runs and listings: how many by default (the cores this
 * process may run on), and how they start.
 */
#define _GNU_SOURCE   /* sched_getaffinity and CPU_COUNT */
#include <sched.h>
#include <signal.h>
#include <unistd.h>

#include "base/base.h"

int nq_online_cores(void)
{
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
#ifdef CPU_COUNT
    /* taskset, cgroup cpusets, Slurm and containers narrow the set: threads beyond it only
     * take turns. */
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
        cores = CPU_COUNT(&set);
#endif
    return cores < 1 ? 1 : cores > 1024 ? 1024 : (int)cores;
}

int nq_start_threads(pthread_t *ids, int count, void *(*start)(void *), void *arg)
{
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, &old);
    int started = 0;
    while (started < count && !pthread_create(&ids[started], NULL, start, arg))
        started++;
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    return started;
}
