/*
 * run.c - the library's long calls, made on a worker thread so that Ctrl-C stops them.
 *
 * Python runs its signal handlers on the main thread, between bytecodes: a C call that holds
 * the thread for minutes would keep Ctrl-C waiting. So the call runs on a thread of its own,
 * and the calling thread, with the GIL released so that other Python threads go on, wakes a
 * few times a second to let Python check for signals. When a handler raises, the call's stop
 * flag is set, and the library ends within a fraction of a second.
 */

/* Python.h first: it sets the feature macros the system headers read. */
#include "binding.h"

#include <time.h>

/* How often the waiting thread checks for signals: twenty times within the second promised. */
#define POLL_NS 50000000L

typedef struct job {
    nqpy_work work;
    void *arg;
    nq_stop_request stop;
    nq_status status;
    int done;                 /* the work returned (under lock) */
    pthread_mutex_t lock;
    pthread_cond_t ended;
} job;

void nqpy_timed_wait(pthread_cond_t *cond, pthread_mutex_t *mutex)
{
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_nsec += POLL_NS;
    if (until.tv_nsec >= 1000000000L) {
        until.tv_sec++;
        until.tv_nsec -= 1000000000L;
    }
    pthread_cond_timedwait(cond, mutex, &until);
}

static void *job_main(void *arg)
{
    job *j = arg;
    nq_status status = j->work(j->arg, &j->stop);
    pthread_mutex_lock(&j->lock);
    j->status = status;
    j->done = 1;
    pthread_cond_signal(&j->ended);
    pthread_mutex_unlock(&j->lock);
    return NULL;
}

/* Waits up to one poll interval for the job to end, without the GIL; returns whether it did. */
static int wait_a_little(job *j)
{
    int done;
    Py_BEGIN_ALLOW_THREADS
    pthread_mutex_lock(&j->lock);
    if (!j->done)
        nqpy_timed_wait(&j->ended, &j->lock);
    done = j->done;
    pthread_mutex_unlock(&j->lock);
    Py_END_ALLOW_THREADS
    return done;
}

int nqpy_run(nqpy_work work, void *arg, nq_status *status)
{
    job j = { .work = work, .arg = arg };
    pthread_mutex_init(&j.lock, NULL);
    pthread_cond_init(&j.ended, NULL);
    pthread_t thread;
    int interrupted = 0;
    if (pthread_create(&thread, NULL, job_main, &j) != 0) {
        /* No thread to spare: run here, still without the GIL, but deaf to Ctrl-C. */
        Py_BEGIN_ALLOW_THREADS
        j.status = work(arg, &j.stop);
        Py_END_ALLOW_THREADS
    } else {
        while (!wait_a_little(&j))
            if (!interrupted && PyErr_CheckSignals() < 0) {
                interrupted = 1;
                j.stop = 1;
            }
        pthread_join(thread, NULL);
    }
    pthread_cond_destroy(&j.ended);
    pthread_mutex_destroy(&j.lock);
    *status = j.status;
    return interrupted ? -1 : 0;
}
