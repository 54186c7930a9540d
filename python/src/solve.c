/*
 * solve.c - nqueens.solve's iterator: the solutions of a board, streamed as the library lists
 * them, produced on a thread of their own and handed over in batches.
 *
 * nq_solve_with calls back for each solution; Python wants to pull them. So the listing runs on
 * a producer thread that copies each solution into a buffer of bounded size and waits when it is
 * full; __next__ swaps the full buffer for its empty one and hands out what it took. Memory is
 * two buffers whatever the number of solutions; nothing runs before the first __next__, and the
 * first solution is handed out as soon as the library finds it. Dropping or closing the
 * iterator stops the listing.
 */

/* Python.h first: it sets the feature macros the system headers read. */
#include "binding.h"

#include <stdlib.h>
#include <string.h>

/* Bytes of columns a buffer holds: large enough that a swap is rare, small enough to stay in
 * the cache. */
#define BUFFER_BYTES (1u << 16)

enum { AS_TUPLE, AS_LEETCODE, AS_BOARD };

typedef struct solutions {
    PyObject_HEAD
    nq_board board;            /* the board listed (its bad squares go into AS_BOARD boards) */
    int unique, threads;       /* as nq_solve_options */
    int order;                 /* as nq_solve_options: NQ_ORDER_LEX or NQ_ORDER_SEARCH */
    int format;                /* AS_TUPLE, AS_LEETCODE or AS_BOARD */
    unsigned long long limit;  /* solutions to hand out at most; 0: all */
    unsigned long long handed; /* solutions handed out so far */
    PyObject *rows;            /* AS_LEETCODE: the n row strings, "Q..." to "...Q" */
    size_t capacity;           /* solutions a buffer holds */
    int32_t *take;             /* the consumer's buffer: took solutions, the first taken gone */
    size_t took, taken;
    int started, ended;        /* the producer was started; it was joined (or never will be) */
    int busy;                  /* a __next__ is waiting without the GIL */
    pthread_t thread;
    /* Shared with the producer, under lock. */
    pthread_mutex_t lock;
    pthread_cond_t produced;   /* fill went from empty to not empty, or the listing finished */
    pthread_cond_t consumed;   /* fill was taken, or cancel set */
    int32_t *fill;             /* the producer's buffer, holding filled solutions */
    size_t filled;
    int finished;              /* the listing returned status */
    nq_status status;
    unsigned long long produced_count;   /* the producer's own, for the limit */
    nq_stop_request cancel;        /* stop the listing (also its nq_solve_options.stop) */
} solutions;

/* ---- the producer ---- */

static int visit(void *context, int n, const int32_t *cols)
{
    solutions *s = context;
    pthread_mutex_lock(&s->lock);
    while (s->filled == s->capacity && !s->cancel)
        pthread_cond_wait(&s->consumed, &s->lock);
    if (s->cancel) {
        pthread_mutex_unlock(&s->lock);
        return 1;
    }
    memcpy(s->fill + s->filled * (size_t)n, cols, (size_t)n * sizeof *cols);
    if (s->filled++ == 0)
        pthread_cond_signal(&s->produced);
    pthread_mutex_unlock(&s->lock);
    return s->limit && ++s->produced_count >= s->limit;
}

/* The first solution alone (limit 1), as `nqueens solve --limit 1` finds it: nq_solve_first,
 * whose one walk shares each proof among the threads, where the listing's threads would walk
 * the top rows' units side by side, most of them past the first solution. The first solution
 * is the least of its class, so unique changes nothing. Returns NQ_OK also when there is none. */
static nq_status produce_first(solutions *s)
{
    nq_first_options options = { .threads = s->threads, .stop = &s->cancel };
    int32_t cols[NQ_MAX_N];
    nq_status status = nq_solve_first(&s->board, &options, cols);
    if (status == NQ_OK)
        visit(s, s->board.n, cols);
    return status == NQ_ERR_NO_SOLUTION ? NQ_OK : status;
}

static void *produce(void *arg)
{
    solutions *s = arg;
    nq_solve_options options = { .unique = s->unique, .threads = s->threads,
                                 .stop = &s->cancel, .order = s->order };
    nq_status status = s->limit == 1 && s->order == NQ_ORDER_LEX
                           ? produce_first(s)
                           : nq_solve_with(&s->board, &options, visit, s);
    pthread_mutex_lock(&s->lock);
    s->status = status;
    s->finished = 1;
    pthread_cond_signal(&s->produced);
    pthread_mutex_unlock(&s->lock);
    return NULL;
}

/* ---- the consumer ---- */

/* Stops the producer if it runs, and waits for it to end. */
static void stop_producer(solutions *s)
{
    if (s->started && !s->ended) {
        pthread_mutex_lock(&s->lock);
        s->cancel = 1;
        pthread_cond_broadcast(&s->consumed);
        pthread_mutex_unlock(&s->lock);
        Py_BEGIN_ALLOW_THREADS
        pthread_join(s->thread, NULL);
        Py_END_ALLOW_THREADS
    }
    s->ended = 1;
}

/* Waits up to one poll interval for solutions; takes them if any came. Returns 1 when it took
 * some, -1 when the listing finished with none left, 0 when it is still looking. */
static int take_some(solutions *s)
{
    int result;
    Py_BEGIN_ALLOW_THREADS
    pthread_mutex_lock(&s->lock);
    if (!s->filled && !s->finished)
        nqpy_timed_wait(&s->produced, &s->lock);
    if (s->filled) {
        int32_t *empty = s->take;
        s->take = s->fill;
        s->fill = empty;
        s->took = s->filled;
        s->taken = 0;
        s->filled = 0;
        pthread_cond_signal(&s->consumed);
        result = 1;
    } else {
        result = s->finished ? -1 : 0;
    }
    pthread_mutex_unlock(&s->lock);
    Py_END_ALLOW_THREADS
    return result;
}

/* Fills the consumer's buffer. Returns 1 when it holds solutions, 0 at the end of the listing,
 * -1 with an exception set (the library's failure, or what a signal handler raised). */
static int refill(solutions *s)
{
    if (s->ended)
        return 0;
    if (s->busy) {
        PyErr_SetString(PyExc_ValueError, "this nqueens.Solutions is already being iterated");
        return -1;
    }
    if (!s->started) {
        if (pthread_create(&s->thread, NULL, produce, s) != 0) {
            PyErr_SetString(PyExc_OSError, "nqueens.solve: cannot start the listing's thread");
            return -1;
        }
        s->started = 1;
    }
    /* A caller draining the iterator from C (list(), sum()) runs no bytecode, where Python
     * would look for signals: look once a batch. */
    if (PyErr_CheckSignals() < 0) {
        stop_producer(s);
        return -1;
    }
    s->busy = 1;
    int took;
    while ((took = take_some(s)) == 0)
        if (PyErr_CheckSignals() < 0) {
            stop_producer(s);
            s->busy = 0;
            return -1;
        }
    s->busy = 0;
    if (took > 0)
        return 1;
    stop_producer(s);
    if (s->status && s->status != NQ_ERR_STOPPED) {
        nqpy_raise(s->status, NULL);
        return -1;
    }
    return 0;
}

/* Solution cols in the iterator's format. */
static PyObject *as_object(solutions *s, const int32_t *cols)
{
    int n = s->board.n;
    if (s->format == AS_BOARD)
        return nqpy_board_new(&s->board, cols);
    PyObject *out = s->format == AS_TUPLE ? PyTuple_New(n) : PyList_New(n);
    for (int r = 0; out && r < n; r++) {
        if (s->format == AS_TUPLE) {
            PyObject *col = PyLong_FromLong(cols[r]);
            if (!col) {
                Py_CLEAR(out);
                break;
            }
            PyTuple_SET_ITEM(out, r, col);
        } else {
            PyList_SET_ITEM(out, r, Py_NewRef(PyTuple_GET_ITEM(s->rows, cols[r])));
        }
    }
    return out;
}

static PyObject *solutions_next(solutions *s)
{
    if (s->limit && s->handed >= s->limit) {
        stop_producer(s);
        return NULL;
    }
    if (s->taken == s->took) {
        int status = refill(s);
        if (status <= 0)
            return NULL;
    }
    const int32_t *cols = s->take + s->taken++ * (size_t)s->board.n;
    s->handed++;
    return as_object(s, cols);
}

static PyObject *solutions_close(solutions *s, PyObject *unused)
{
    (void)unused;
    stop_producer(s);
    s->took = s->taken = 0;
    Py_RETURN_NONE;
}

static void solutions_dealloc(solutions *s)
{
    stop_producer(s);
    pthread_cond_destroy(&s->produced);
    pthread_cond_destroy(&s->consumed);
    pthread_mutex_destroy(&s->lock);
    free(s->take);
    free(s->fill);
    Py_XDECREF(s->rows);
    Py_TYPE(s)->tp_free((PyObject *)s);
}

/* The n strings LeetCode gives a row: "Q..." to "...Q". */
static PyObject *leetcode_rows(int n)
{
    PyObject *rows = PyTuple_New(n);
    char text[NQ_MAX_N];
    for (int c = 0; rows && c < n; c++) {
        memset(text, '.', (size_t)n);
        text[c] = 'Q';
        PyObject *row = PyUnicode_FromStringAndSize(text, n);
        if (!row) {
            Py_CLEAR(rows);
            break;
        }
        PyTuple_SET_ITEM(rows, c, row);
    }
    return rows;
}

/* solve(board, unique, threads, limit, format, order) -> Solutions; format 0 tuples, 1
 * LeetCode's row strings, 2 Boards; order as enum nq_order. */
PyObject *nqpy_solve(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *spec;
    int unique, threads, format, order;
    unsigned long long limit;
    if (!PyArg_ParseTuple(args, "OpiKii", &spec, &unique, &threads, &limit, &format, &order))
        return NULL;
    if (threads < 0 || format < AS_TUPLE || format > AS_BOARD || order < NQ_ORDER_LEX ||
        order > NQ_ORDER_SEARCH)
        return PyErr_Format(PyExc_ValueError, "solve: threads %d, format %d or order %d out of "
                            "range", threads, format, order);
    solutions *s = PyObject_New(solutions, &nqpy_solutions_type);
    if (!s)
        return NULL;
    memset((char *)s + sizeof(PyObject), 0, sizeof *s - sizeof(PyObject));
    pthread_mutex_init(&s->lock, NULL);
    pthread_cond_init(&s->produced, NULL);
    pthread_cond_init(&s->consumed, NULL);
    s->unique = unique;
    s->threads = threads;
    s->format = format;
    s->order = order;
    s->limit = limit;
    if (nqpy_board_from(spec, &s->board) < 0) {
        s->ended = 1;
        Py_DECREF(s);
        return NULL;
    }
    s->capacity = BUFFER_BYTES / ((size_t)s->board.n * sizeof(int32_t));
    s->take = malloc(s->capacity * (size_t)s->board.n * sizeof(int32_t));
    s->fill = malloc(s->capacity * (size_t)s->board.n * sizeof(int32_t));
    if (format == AS_LEETCODE)
        s->rows = leetcode_rows(s->board.n);
    if (!s->take || !s->fill || (format == AS_LEETCODE && !s->rows)) {
        s->ended = 1;
        Py_DECREF(s);
        return PyErr_Occurred() ? NULL : PyErr_NoMemory();
    }
    return (PyObject *)s;
}

static PyMethodDef solutions_methods[] = {
    { "close", (PyCFunction)solutions_close, METH_NOARGS,
      "close(): stops the listing; the iterator then ends." },
    { NULL, NULL, 0, NULL },
};

PyTypeObject nqpy_solutions_type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "nqueens.Solutions",
    .tp_basicsize = sizeof(solutions),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The lazy iterator nqueens.solve() returns: solutions in lexicographic order of\n"
              "their columns, each as soon as the library finds it. close() or dropping it\n"
              "stops the listing.",
    .tp_iter = PyObject_SelfIter,
    .tp_iternext = (iternextfunc)solutions_next,
    .tp_methods = solutions_methods,
    .tp_dealloc = (destructor)solutions_dealloc,
};
