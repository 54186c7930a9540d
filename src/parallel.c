/*
 * parallel.c - runs one task on several threads at once and waits for them all.
 *
 * Work sharing itself is the task's business (the counters take units from an atomic index),
 * so this file only starts and joins POSIX threads.
 */
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

#include "internal.h"

typedef struct worker {
    pthread_t thread;
    void (*task)(void *context, int worker);
    void *context;
    int index;
} worker;

static void *worker_main(void *arg)
{
    worker *w = arg;
    w->task(w->context, w->index);
    return NULL;
}

int nq_online_cores(void)
{
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    return cores < 1 ? 1 : cores > 1024 ? 1024 : (int)cores;
}

nq_status nq_parallel_run(int threads, void (*task)(void *context, int worker), void *context)
{
    worker *workers = calloc((size_t)threads, sizeof *workers);
    if (!workers)
        return NQ_ERR_NOMEM;
    int started = 0;
    for (; started < threads - 1; started++) {
        worker *w = &workers[started];
        *w = (worker){ .task = task, .context = context, .index = started + 1 };
        if (pthread_create(&w->thread, NULL, worker_main, w))
            break;
    }
    /* The calling thread is worker 0. Workers share the work out among themselves, so a thread
     * that could not start only makes the run slower, never wrong. */
    task(context, 0);
    for (int i = 0; i < started; i++)
        pthread_join(workers[i].thread, NULL);
    free(workers);
    return NQ_OK;
}
