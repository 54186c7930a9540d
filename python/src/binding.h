/*
 * binding.h - what the files of the Python extension module nqueens._nqueens share.
 *
 * The extension is a thin, careful layer over libnqueens: it turns Python values into boards and
 * columns, runs the library's long calls on a worker thread while the calling thread, without
 * the GIL, watches for Ctrl-C, and turns statuses into exceptions. The Python-facing API (keyword
 * arguments, formats, docstrings) is nqueens/__init__.py's.
 */
#ifndef NQUEENS_PYTHON_BINDING_H
#define NQUEENS_PYTHON_BINDING_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <nqueens.h>

/* ---- errors (module.c) ---- */

/* nqueens.Error, a ValueError: the library's message, its status name, and where in a text. */
extern PyObject *nqpy_error;

/* Sets the Python exception for status (MemoryError for NQ_ERR_NOMEM, else nqueens.Error with
 * err's line, column and message when err is not NULL); returns NULL to be returned. */
PyObject *nqpy_raise(nq_status status, const nq_parse_error *err);

/* Sets nqueens.Error for status with the message "what: <the status's text>". Returns NULL. */
PyObject *nqpy_raise_about(nq_status status, const char *what);

/* An nq_u128 as a Python int (new reference, or NULL with an exception set). */
PyObject *nqpy_u128(nq_u128 value);

/* ---- boards (board.c) ---- */

/* nqueens.Board: one nq_board, mutable through place() and block(). */
typedef struct nqpy_board {
    PyObject_HEAD
    nq_board board;
} nqpy_board;

extern PyTypeObject nqpy_board_type;

/* Fills *board from obj: a Board, a board's text (str), or an int, the side of an empty board.
 * Returns 0, or -1 with an exception set (a parse error carries its line and column). */
int nqpy_board_from(PyObject *obj, nq_board *board);

/* A new Board holding board with the queens cols[0..board->n-1] placed (cols NULL: none). */
PyObject *nqpy_board_new(const nq_board *board, const int32_t *cols);

/* ---- long calls (run.c) ---- */

/* A long call of the library: runs to the end, or until *stop becomes nonzero. */
typedef nq_status (*nqpy_work)(void *arg, nq_stop_request *stop);

/* Runs work(arg) on a worker thread while the calling thread waits without the GIL and checks
 * for signals a few times a second; a signal handler that raises (Ctrl-C's KeyboardInterrupt)
 * sets the stop flag, and once the work has ended, nqpy_run returns -1 with that exception set.
 * Otherwise returns 0 with the work's status in *status. */
int nqpy_run(nqpy_work work, void *arg, nq_status *status);

/* Waits on cond (with mutex held) for at most the poll interval; used by run.c and solve.c. */
#include <pthread.h>
void nqpy_timed_wait(pthread_cond_t *cond, pthread_mutex_t *mutex);

/* ---- the module's functions (count.c, single.c, solve.c) ---- */

PyObject *nqpy_count(PyObject *self, PyObject *args);
PyObject *nqpy_uva(PyObject *self, PyObject *args);
PyObject *nqpy_one(PyObject *self, PyObject *args);
PyObject *nqpy_complete(PyObject *self, PyObject *args);
PyObject *nqpy_verify(PyObject *self, PyObject *args);
PyObject *nqpy_solve(PyObject *self, PyObject *args);

extern PyTypeObject nqpy_solutions_type;

#endif
