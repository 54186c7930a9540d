/*
 * board.c - nqueens.Board: a board with bad squares and placed queens, read from and written as
 * the board text ('.' free, '*' bad, 'Q' a queen), drawn as SVG for Jupyter.
 */

/* Python.h first: it sets the feature macros the system headers read. */
#include "binding.h"

#include <stdlib.h>
#include <string.h>

int nqpy_board_from(PyObject *obj, nq_board *board)
{
    if (PyObject_TypeCheck(obj, &nqpy_board_type)) {
        *board = ((nqpy_board *)obj)->board;
        return 0;
    }
    if (PyUnicode_Check(obj)) {
        Py_ssize_t length;
        const char *text = PyUnicode_AsUTF8AndSize(obj, &length);
        if (!text)
            return -1;
        nq_parse_error err;
        nq_status status = nq_board_parse(text, (size_t)length, board, &err);
        if (status) {
            nqpy_raise(status, status == NQ_ERR_ARGUMENT ? NULL : &err);
            return -1;
        }
        return 0;
    }
    if (PyLong_Check(obj)) {
        long n = PyLong_AsLong(obj);
        if (n == -1 && PyErr_Occurred())
            return -1;
        if (n < 1 || n > NQ_MAX_N) {
            char what[40];
            snprintf(what, sizeof what, "n = %ld", n);
            nqpy_raise_about(NQ_ERR_SIZE, what);
            return -1;
        }
        return nq_board_init(board, (int)n) ? -1 : 0;
    }
    PyErr_Format(PyExc_TypeError, "expected a Board, a board's text or a side, not %.80s",
                 Py_TYPE(obj)->tp_name);
    return -1;
}

PyObject *nqpy_board_new(const nq_board *board, const int32_t *cols)
{
    nqpy_board *self = PyObject_New(nqpy_board, &nqpy_board_type);
    if (!self)
        return NULL;
    self->board = *board;
    for (int r = 0; cols && r < board->n; r++)
        self->board.queen[r] = cols[r];
    return (PyObject *)self;
}

static int board_init(nqpy_board *self, PyObject *args, PyObject *kwds)
{
    static char *keywords[] = { "board", NULL };
    PyObject *spec;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O:Board", keywords, &spec))
        return -1;
    return nqpy_board_from(spec, &self->board);
}

/* The text of the board: n rows of n characters, each ending in "\n". */
static PyObject *board_str(nqpy_board *self)
{
    int n = self->board.n;
    char *text = malloc((size_t)n * (size_t)(n + 1) + 1);
    if (!text)
        return PyErr_NoMemory();
    char *p = text;
    for (int r = 0; r < n; r++) {
        for (int c = 0; c < n; c++)
            *p++ = self->board.queen[r] == c ? 'Q'
                   : (self->board.blocked[r] >> c & 1) ? '*' : '.';
        *p++ = '\n';
    }
    PyObject *s = PyUnicode_FromStringAndSize(text, p - text);
    free(text);
    return s;
}

static PyObject *board_repr(nqpy_board *self)
{
    PyObject *text = board_str(self);
    if (!text)
        return NULL;
    PyObject *r = PyUnicode_FromFormat("nqueens.Board(%R)", text);
    Py_DECREF(text);
    return r;
}

static PyObject *board_richcompare(PyObject *a, PyObject *b, int op)
{
    if (!PyObject_TypeCheck(b, &nqpy_board_type) || (op != Py_EQ && op != Py_NE))
        Py_RETURN_NOTIMPLEMENTED;
    const nq_board *x = &((nqpy_board *)a)->board, *y = &((nqpy_board *)b)->board;
    int same = x->n == y->n &&
               !memcmp(x->blocked, y->blocked, (size_t)x->n * sizeof x->blocked[0]) &&
               !memcmp(x->queen, y->queen, (size_t)x->n * sizeof x->queen[0]);
    return PyBool_FromLong(op == Py_EQ ? same : !same);
}

/* Applies place or block, whose status becomes an exception naming the square. */
static PyObject *board_change(nqpy_board *self, PyObject *args, const char *what,
                              nq_status (*change)(nq_board *, int, int))
{
    int row, col;
    if (!PyArg_ParseTuple(args, "ii", &row, &col))
        return NULL;
    nq_status status = change(&self->board, row, col);
    if (status) {
        char what_where[64];
        snprintf(what_where, sizeof what_where, "%s(%d, %d)", what, row, col);
        return nqpy_raise_about(status, what_where);
    }
    Py_RETURN_NONE;
}

static PyObject *board_place(nqpy_board *self, PyObject *args)
{
    return board_change(self, args, "place", nq_board_place);
}

static PyObject *board_block(nqpy_board *self, PyObject *args)
{
    return board_change(self, args, "block", nq_board_block);
}

static PyObject *board_copy(nqpy_board *self, PyObject *unused)
{
    (void)unused;
    return nqpy_board_new(&self->board, NULL);
}

/* An SVG picture of the board: its bad squares crossed out, its queens drawn. The library draws a
 * queen in every row (it draws solutions), so the rows without one are drawn with none. */
static PyObject *board_svg(nqpy_board *self, PyObject *unused)
{
    (void)unused;
    const nq_board *b = &self->board;
    int32_t cols[NQ_MAX_N];
    int empty_rows = 0;
    for (int r = 0; r < b->n; r++) {
        cols[r] = b->queen[r];
        empty_rows += cols[r] < 0;
    }
    char *buf = malloc(2048 + nq_svg_max_bytes(b->n, b) + 16);
    if (!buf)
        return PyErr_NoMemory();
    char *p = buf;
    p += nq_svg_begin(b->n, 1, p);
    p += nq_svg_board(b->n, cols, b, 0, 1, p);
    p += nq_svg_end(p);
    *p = '\0';
    if (empty_rows) {
        /* Drops the lines drawing a queen at a negative x: those of the rows without one. */
        char *out = buf;
        for (char *line = buf; *line;) {
            char *next = strchr(line, '\n');
            next = next ? next + 1 : line + strlen(line);
            if (strncmp(line, "<use href=\"#queen\" x=\"-", 23) != 0) {
                memmove(out, line, (size_t)(next - line));
                out += next - line;
            }
            line = next;
        }
        p = out;
    }
    PyObject *s = PyUnicode_FromStringAndSize(buf, p - buf);
    free(buf);
    return s;
}

static PyObject *board_get_n(nqpy_board *self, void *unused)
{
    (void)unused;
    return PyLong_FromLong(self->board.n);
}

static PyObject *board_get_queens(nqpy_board *self, void *unused)
{
    (void)unused;
    PyObject *t = PyTuple_New(self->board.n);
    for (int r = 0; t && r < self->board.n; r++)
        PyTuple_SET_ITEM(t, r, self->board.queen[r] < 0 ? Py_NewRef(Py_None)
                                                        : PyLong_FromLong(self->board.queen[r]));
    return t;
}

static PyObject *board_get_blocked(nqpy_board *self, void *unused)
{
    (void)unused;
    PyObject *squares = PySet_New(NULL);
    for (int r = 0; squares && r < self->board.n; r++)
        for (int c = 0; c < self->board.n; c++)
            if (self->board.blocked[r] >> c & 1) {
                PyObject *square = Py_BuildValue("(ii)", r, c);
                if (!square || PySet_Add(squares, square) < 0) {
                    Py_XDECREF(square);
                    Py_DECREF(squares);
                    return NULL;
                }
                Py_DECREF(square);
            }
    if (!squares)
        return NULL;
    PyObject *frozen = PyFrozenSet_New(squares);
    Py_DECREF(squares);
    return frozen;
}

static PyMethodDef board_methods[] = {
    { "place", (PyCFunction)board_place, METH_VARARGS,
      "place(row, col): puts a queen on (row, col) (0-based) that every solution must contain.\n"
      "Raises nqueens.Error if the square is off the board or bad, the row has a queen, or the\n"
      "queen would attack one already placed; the board is then unchanged." },
    { "block", (PyCFunction)board_block, METH_VARARGS,
      "block(row, col): marks (row, col) (0-based) bad: no queen may stand there, attacks\n"
      "pass. Raises nqueens.Error if the square is off the board or holds a queen." },
    { "copy", (PyCFunction)board_copy, METH_NOARGS, "copy() -> Board: an independent copy." },
    { "_repr_svg_", (PyCFunction)board_svg, METH_NOARGS,
      "_repr_svg_() -> str: an SVG picture of the board (Jupyter shows it)." },
    { NULL, NULL, 0, NULL },
};

static PyGetSetDef board_getset[] = {
    { "n", (getter)board_get_n, NULL, "The side of the board.", NULL },
    { "queens", (getter)board_get_queens, NULL,
      "A tuple with, for each row, the column (0-based) of its placed queen, or None.", NULL },
    { "blocked", (getter)board_get_blocked, NULL,
      "The bad squares, a frozenset of (row, col) pairs (0-based).", NULL },
    { NULL, NULL, NULL, NULL, NULL },
};

PyTypeObject nqpy_board_type = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "nqueens.Board",
    .tp_basicsize = sizeof(nqpy_board),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Board(board)\n--\n\n"
              "An n x n board with bad squares and placed queens. board is the board's text\n"
              "(n lines of n characters: '.' a free square, '*' a bad one, 'Q' a queen every\n"
              "solution must contain), or an int n for the empty n x n board (1 <= n <= 64).\n"
              "str(board) gives the text back. A text that cannot be read raises nqueens.Error\n"
              "with the line and column of the fault.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)board_init,
    .tp_str = (reprfunc)board_str,
    .tp_repr = (reprfunc)board_repr,
    .tp_richcompare = board_richcompare,
    .tp_hash = PyObject_HashNotImplemented,
    .tp_methods = board_methods,
    .tp_getset = board_getset,
};
