/*
 * count.c - nqueens.count and nqueens.uva: nq_count's work, made by a plan and a run so that
 * the run's stop flag answers Ctrl-C.
 */

/* Python.h first: it sets the feature macros the system headers read. */
#include "binding.h"

#include <stdlib.h>

typedef struct count_job {
    nq_board board;
    int unique, threads;
    nq_count_result result;
} count_job;

/* What nq_count does (the fastest method within the default memory, on the threads asked for),
 * with a stop flag. */
static nq_status count_board(const nq_board *board, int unique, int threads,
                             nq_stop_request *stop, nq_count_result *result)
{
    nq_plan_options how = { .unique = unique, .threads = threads,
                            .max_memory = NQ_DEFAULT_MAX_MEMORY };
    nq_plan *plan;
    nq_status status = nq_plan_create_with(board, &how, &plan);
    if (status)
        return status;
    nq_run_options run = { .threads = threads, .unique = unique, .stop = stop };
    status = nq_plan_run(plan, &run, result);
    nq_plan_free(plan);
    return status;
}

static nq_status count_work(void *arg, nq_stop_request *stop)
{
    count_job *job = arg;
    return count_board(&job->board, job->unique, job->threads, stop, &job->result);
}

/* count(board, unique, threads) -> (total, classes or None) */
PyObject *nqpy_count(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *spec;
    count_job job = { .unique = 0 };
    if (!PyArg_ParseTuple(args, "Opi", &spec, &job.unique, &job.threads))
        return NULL;
    if (job.threads < 0)
        return PyErr_Format(PyExc_ValueError, "threads = %d: at least 1 (0 or None: one per core)",
                            job.threads);
    if (nqpy_board_from(spec, &job.board) < 0)
        return NULL;
    nq_status status;
    if (nqpy_run(count_work, &job, &status) < 0)
        return NULL;
    if (status)
        return nqpy_raise(status, NULL);
    PyObject *total = nqpy_u128(job.result.total);
    PyObject *classes = job.unique ? nqpy_u128(job.result.unique) : Py_NewRef(Py_None);
    if (!total || !classes) {
        Py_XDECREF(total);
        Py_XDECREF(classes);
        return NULL;
    }
    return Py_BuildValue("(NN)", total, classes);
}

/* ---- uva ---- */

/* Catalogues pay off from this size up, for sizes shared by two cases or more (as the CLI's uva
 * command decides). */
#define CATALOGUE_MIN_N 10

typedef struct uva_job {
    nq_board *boards;
    size_t count;
    int threads;
    nq_u128 *totals;
} uva_job;

/* Counts every case, each size shared by several cases from one catalogue. */
static nq_status uva_work(void *arg, nq_stop_request *stop)
{
    uva_job *job = arg;
    nq_catalogue *catalogues[NQ_CATALOGUE_MAX_N + 1] = { NULL };
    nq_status status = NQ_OK;
    for (int n = CATALOGUE_MIN_N; n <= NQ_CATALOGUE_MAX_N && !status && !*stop; n++) {
        size_t same = 0;
        for (size_t k = 0; k < job->count; k++)
            same += job->boards[k].n == n;
        if (same >= 2)
            status = nq_catalogue_create(n, &catalogues[n]);
    }
    for (size_t k = 0; k < job->count && !status; k++) {
        const nq_board *board = &job->boards[k];
        if (*stop) {
            status = NQ_ERR_STOPPED;
        } else if (board->n <= NQ_CATALOGUE_MAX_N && catalogues[board->n]) {
            status = nq_catalogue_count(catalogues[board->n], board, &job->totals[k]);
        } else {
            nq_count_result result;
            status = count_board(board, 0, job->threads, stop, &result);
            job->totals[k] = result.total;
        }
    }
    for (int n = 0; n <= NQ_CATALOGUE_MAX_N; n++)
        nq_catalogue_free(catalogues[n]);
    return status;
}

/* Reads every case of text into job->boards; returns 0, or -1 with the parse error raised. */
static int read_cases(const char *text, size_t length, uva_job *job)
{
    nq_uva_reader reader;
    nq_uva_reader_init(&reader, text, length);
    size_t capacity = 0;
    for (;;) {
        if (job->count == capacity) {
            capacity = capacity ? 2 * capacity : 16;
            nq_board *bigger = realloc(job->boards, capacity * sizeof *bigger);
            if (!bigger) {
                PyErr_NoMemory();
                return -1;
            }
            job->boards = bigger;
        }
        nq_parse_error err;
        nq_status status = nq_uva_reader_next(&reader, &job->boards[job->count], &err);
        if (status == NQ_ERR_END)
            return 0;
        if (status) {
            nqpy_raise(status, &err);
            return -1;
        }
        job->count++;
    }
}

/* uva(text, threads) -> [count of case 1, count of case 2, ...] */
PyObject *nqpy_uva(PyObject *self, PyObject *args)
{
    (void)self;
    const char *text;
    Py_ssize_t length;
    uva_job job = { NULL, 0, 0, NULL };
    if (!PyArg_ParseTuple(args, "s#i", &text, &length, &job.threads))
        return NULL;
    PyObject *answers = NULL;
    nq_status status;
    if (read_cases(text, (size_t)length, &job) == 0) {
        job.totals = calloc(job.count + 1, sizeof *job.totals);
        if (!job.totals)
            PyErr_NoMemory();
        else if (nqpy_run(uva_work, &job, &status) == 0) {
            if (status)
                nqpy_raise(status, NULL);
            else
                answers = PyList_New((Py_ssize_t)job.count);
            for (size_t k = 0; answers && k < job.count; k++) {
                PyObject *total = nqpy_u128(job.totals[k]);
                if (!total)
                    Py_CLEAR(answers);
                else
                    PyList_SET_ITEM(answers, (Py_ssize_t)k, total);
            }
        }
    }
    free(job.boards);
    free(job.totals);
    return answers;
}
