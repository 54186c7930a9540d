/*
 * threads.c - the worker threads of runs and listings: how many by default (the machine's
 * cores), and how they start.
 */
#include <signal.h>
#include <unistd.h>

#include "base/base.h"

int nq_online_cores(void)
{
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
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
