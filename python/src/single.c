/*
 * single.c - one solution: nqueens.one (explicit or random), nqueens.complete (a completion of
 * a board), and nqueens.verify's check of a solution.
 */

/* Python.h first: it sets the feature macros the system headers read. */
#include "binding.h"

#include <stdlib.h>

/* A tuple of the n columns cols. */
static PyObject *columns_tuple(const int32_t *cols, size_t n)
{
    PyObject *t = PyTuple_New((Py_ssize_t)n);
    for (size_t r = 0; t && r < n; r++) {
        PyObject *col = PyLong_FromLong(cols[r]);
        if (!col) {
            Py_CLEAR(t);
            break;
        }
        PyTuple_SET_ITEM(t, (Py_ssize_t)r, col);
    }
    return t;
}

typedef struct random_job {
    uint32_t n;
    uint64_t seed;
    int32_t *cols;
} random_job;

static nq_status random_work(void *arg, nq_stop_request *stop)
{
    random_job *job = arg;
    return nq_random_solution_stop(job->n, job->seed, stop, job->cols);
}

/* The explicit solution of side n, row by row. */
static PyObject *explicit_solution(uint64_t n)
{
    PyObject *t = PyTuple_New((Py_ssize_t)n);
    for (uint64_t r = 0; t && r < n; r++) {
        PyObject *col = PyLong_FromUnsignedLongLong(nq_explicit_column(n, r));
        if (!col) {
            Py_CLEAR(t);
            break;
        }
        PyTuple_SET_ITEM(t, (Py_ssize_t)r, col);
    }
    return t;
}

/* one(n, random, seed) -> tuple of columns, or None for n = 2 and 3 */
PyObject *nqpy_one(PyObject *self, PyObject *args)
{
    (void)self;
    long long n;
    int random;
    unsigned long long seed;
    if (!PyArg_ParseTuple(args, "LpK", &n, &random, &seed))
        return NULL;
    if (n < 1 || n > INT32_MAX) {
        char what[48];
        snprintf(what, sizeof what, "n = %lld (one takes 1 to 2^31 - 1)", n);
        return nqpy_raise_about(NQ_ERR_ARGUMENT, what);
    }
    if (n == 2 || n == 3)
        Py_RETURN_NONE;
    if (!random)
        return explicit_solution((uint64_t)n);
    random_job job = { (uint32_t)n, seed, malloc((size_t)n * sizeof(int32_t)) };
    if (!job.cols)
        return PyErr_NoMemory();
    nq_status status;
    PyObject *result = NULL;
    if (nqpy_run(random_work, &job, &status) == 0)
        result = status ? nqpy_raise(status, NULL) : columns_tuple(job.cols, (size_t)n);
    free(job.cols);
    return result;
}

typedef struct complete_job {
    nq_board board;
    nq_complete_options options;
    int32_t cols[NQ_MAX_N];
} complete_job;

static nq_status complete_work(void *arg, nq_stop_request *stop)
{
    complete_job *job = arg;
    job->options.stop = stop;
    return nq_complete(&job->board, &job->options, job->cols);
}

/* complete(board, random, seed) -> tuple of columns, or None when the board has no completion */
PyObject *nqpy_complete(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *spec;
    complete_job job;
    int random;
    unsigned long long seed;
    if (!PyArg_ParseTuple(args, "OpK", &spec, &random, &seed))
        return NULL;
    if (nqpy_board_from(spec, &job.board) < 0)
        return NULL;
    job.options = (nq_complete_options){ .random = random, .seed = seed };
    nq_status status;
    if (nqpy_run(complete_work, &job, &status) < 0)
        return NULL;
    if (status == NQ_ERR_NO_SOLUTION)
        Py_RETURN_NONE;
    if (status)
        return nqpy_raise(status, NULL);
    return columns_tuple(job.cols, (size_t)job.board.n);
}

/* verify(cols) -> None when cols is a solution, else ("attack" or "off board", row1, col1,
 * row2, col2): the first conflict in row order, row2 and col2 None for a queen off the board.
 * Columns that no int32_t holds are off every board: they are checked as -1 and reported as
 * given. */
PyObject *nqpy_verify(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *seq;
    if (!PyArg_ParseTuple(args, "O", &seq))
        return NULL;
    PyObject *fast = PySequence_Fast(seq, "verify() takes a sequence of columns");
    if (!fast)
        return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    int32_t *cols = malloc(((size_t)n + 1) * sizeof *cols);
    PyObject *result = NULL;
    if (!cols) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t r = 0; r < n; r++) {
        PyObject *item = PySequence_Fast_GET_ITEM(fast, r);
        int overflow;
        long long col = PyLong_AsLongLongAndOverflow(item, &overflow);
        if (col == -1 && PyErr_Occurred())
            goto done;
        cols[r] = overflow || col < INT32_MIN || col > INT32_MAX ? -1 : (int32_t)col;
    }
    nq_conflict conflict;
    nq_status status;
    Py_BEGIN_ALLOW_THREADS
    status = nq_verify(cols, (size_t)n, &conflict);
    Py_END_ALLOW_THREADS
    if (status == NQ_OK) {
        result = Py_NewRef(Py_None);
    } else if (status == NQ_ERR_ATTACK) {
        result = Py_BuildValue("(sLOLO)", "attack", (long long)conflict.row1,
                               PySequence_Fast_GET_ITEM(fast, conflict.row1),
                               (long long)conflict.row2,
                               PySequence_Fast_GET_ITEM(fast, conflict.row2));
    } else if (status == NQ_ERR_OFF_BOARD) {
        result = Py_BuildValue("(sLOOO)", "off board", (long long)conflict.row1,
                               PySequence_Fast_GET_ITEM(fast, conflict.row1), Py_None, Py_None);
    } else {
        nqpy_raise(status, NULL);
    }
done:
    free(cols);
    Py_DECREF(fast);
    return result;
}
