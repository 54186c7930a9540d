/*
 * module.c - the extension module nqueens._nqueens: its functions, its types, and the one
 * exception the library's failures become.
 */
#include "binding.h"

PyObject *nqpy_error;

/* The name of a status as the header spells it, for Error.status. */
static const char *status_name(nq_status status)
{
    switch (status) {
    case NQ_OK:               return "NQ_OK";
    case NQ_ERR_ARGUMENT:     return "NQ_ERR_ARGUMENT";
    case NQ_ERR_SIZE:         return "NQ_ERR_SIZE";
    case NQ_ERR_NOMEM:        return "NQ_ERR_NOMEM";
    case NQ_ERR_SYNTAX:       return "NQ_ERR_SYNTAX";
    case NQ_ERR_ATTACK:       return "NQ_ERR_ATTACK";
    case NQ_ERR_BLOCKED:      return "NQ_ERR_BLOCKED";
    case NQ_ERR_OVERFLOW:     return "NQ_ERR_OVERFLOW";
    case NQ_ERR_STOPPED:      return "NQ_ERR_STOPPED";
    case NQ_ERR_END:          return "NQ_ERR_END";
    case NQ_ERR_NO_SOLUTION:  return "NQ_ERR_NO_SOLUTION";
    case NQ_ERR_MEMORY_LIMIT: return "NQ_ERR_MEMORY_LIMIT";
    case NQ_ERR_METHOD:       return "NQ_ERR_METHOD";
    case NQ_ERR_OFF_BOARD:    return "NQ_ERR_OFF_BOARD";
    case NQ_ERR_OTHER_PLAN:   return "NQ_ERR_OTHER_PLAN";
    case NQ_ERR_VERSION:      return "NQ_ERR_VERSION";
    case NQ_ERR_THREADS:      return "NQ_ERR_THREADS";
    case NQ_ERR_ROW_TAKEN:    return "NQ_ERR_ROW_TAKEN";
    case NQ_ERR_WRONG_TOTAL:  return "NQ_ERR_WRONG_TOTAL";
    }
    return "unknown";
}

/* Sets name on exc to value (a new reference, consumed); returns -1 on failure. */
static int set_attr(PyObject *exc, const char *name, PyObject *value)
{
    if (!value)
        return -1;
    int r = PyObject_SetAttrString(exc, name, value);
    Py_DECREF(value);
    return r;
}

/* Raises nqueens.Error for status with message (a new reference, consumed), err giving the
 * place and the reason when not NULL. */
static PyObject *raise_error(nq_status status, PyObject *message, const nq_parse_error *err)
{
    if (status == NQ_ERR_NOMEM) {
        Py_XDECREF(message);
        return PyErr_NoMemory();
    }
    if (!message)
        return NULL;
    PyObject *exc = PyObject_CallOneArg(nqpy_error, message);
    Py_DECREF(message);
    if (!exc)
        return NULL;
    if (set_attr(exc, "status", PyUnicode_FromString(status_name(status))) ||
        set_attr(exc, "reason", PyUnicode_FromString(err ? err->message : nq_strerror(status))) ||
        set_attr(exc, "line", err ? PyLong_FromLong(err->line) : Py_NewRef(Py_None)) ||
        set_attr(exc, "column", err ? PyLong_FromLong(err->column) : Py_NewRef(Py_None))) {
        Py_DECREF(exc);
        return NULL;
    }
    PyErr_SetObject(nqpy_error, exc);
    Py_DECREF(exc);
    return NULL;
}

PyObject *nqpy_raise(nq_status status, const nq_parse_error *err)
{
    /* "line 2, column 3: two queens attack each other", as the CLI says it after the file name. */
    return raise_error(status,
                       err ? PyUnicode_FromFormat("line %d, column %d: %s", err->line,
                                                  err->column, err->message)
                           : PyUnicode_FromString(nq_strerror(status)),
                       err);
}

PyObject *nqpy_raise_about(nq_status status, const char *what)
{
    return raise_error(status, PyUnicode_FromFormat("%s: %s", what, nq_strerror(status)), NULL);
}

PyObject *nqpy_u128(nq_u128 value)
{
    char digits[40];
    nq_u128_format(value, digits);
    return PyLong_FromString(digits, NULL, 10);
}

static PyMethodDef functions[] = {
    { "count", nqpy_count, METH_VARARGS,
      "count(board, unique, threads) -> (total, classes or None)" },
    { "uva", nqpy_uva, METH_VARARGS, "uva(text, threads) -> list of counts" },
    { "one", nqpy_one, METH_VARARGS, "one(n, random, seed) -> tuple of columns or None" },
    { "complete", nqpy_complete, METH_VARARGS,
      "complete(board, random, seed) -> tuple of columns or None" },
    { "verify", nqpy_verify, METH_VARARGS,
      "verify(cols) -> None, or (kind, row1, col1, row2, col2) of the first conflict" },
    { "solve", nqpy_solve, METH_VARARGS,
      "solve(board, unique, threads, limit, format) -> Solutions iterator" },
    { NULL, NULL, 0, NULL },
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "nqueens._nqueens",
    "The C extension under the nqueens package: see help(nqueens).", -1, functions,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__nqueens(void)
{
    if (PyType_Ready(&nqpy_board_type) < 0 || PyType_Ready(&nqpy_solutions_type) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m)
        return NULL;
    nqpy_error = PyErr_NewExceptionWithDoc(
        "nqueens.Error",
        "A failure the library reports: .status names it (e.g. 'NQ_ERR_ATTACK'), .reason says "
        "what is wrong, and .line and .column say where in a text (None when no text was read).",
        PyExc_ValueError, NULL);
    if (!nqpy_error || PyModule_AddObjectRef(m, "Error", nqpy_error) < 0 ||
        PyModule_AddObjectRef(m, "Board", (PyObject *)&nqpy_board_type) < 0 ||
        PyModule_AddObjectRef(m, "Solutions", (PyObject *)&nqpy_solutions_type) < 0 ||
        PyModule_AddIntConstant(m, "MAX_N", NQ_MAX_N) < 0 ||
        PyModule_AddStringConstant(m, "LIBRARY_VERSION", NQ_VERSION_STRING) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
