/* The work meter's counter as a C-level profile function (dpproof/work.py).
 *
 * Python 3.11 has no sys.monitoring; a Python-level trace function costs one Python call per
 * counted call (about 2x CPU on sympy-heavy claims).  This module counts the same events,
 * PyTrace_CALL (a Python frame started or a generator resumed), in C, and calls back into
 * Python only when the count reaches the next limit.  An error from a C profile function is
 * raised in the frame being started and, unlike a Python-level one, does not unset it.
 * One counter per process; the profile function is installed in the calling thread only.
 *
 * Imports are not counted: from the call of a function of importlib's bootstrap (a frame
 * whose file is "<frozen importlib._bootstrap>" or "..._external": _find_and_load,
 * _handle_fromlist, ...) to its return, no frame counts and no limit fires.  A module's
 * body runs once per process, so counting it would charge whichever claim imported first
 * (and a limit firing inside it would leave the module half initialised).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <frameobject.h>
#include <limits.h>

static long long count = 0;
static long long next_at = LLONG_MAX;
static PyObject *due = NULL;    /* called with the frame when count >= next_at */
static PyFrameObject *importing = NULL;   /* the outermost import frame running, if any */

/* Whether code belongs to importlib's frozen bootstrap (not a generator: only a function
 * call opens an import, and its return closes it). */
static int
is_import(PyCodeObject *code)
{
    PyObject *file = code->co_filename;
    if (code->co_flags & (CO_GENERATOR | CO_COROUTINE | CO_ASYNC_GENERATOR))
        return 0;
    if (!PyUnicode_Check(file) || PyUnicode_GET_LENGTH(file) < 26
            || PyUnicode_READ_CHAR(file, 0) != '<')
        return 0;
    return PyUnicode_CompareWithASCIIString(file, "<frozen importlib._bootstrap>") == 0
        || PyUnicode_CompareWithASCIIString(file, "<frozen importlib._bootstrap_external>") == 0;
}

static int
profile(PyObject *obj, PyFrameObject *frame, int what, PyObject *arg)
{
    if (importing != NULL) {
        if (what == PyTrace_RETURN && frame == importing)
            importing = NULL;
        return 0;
    }
    if (what != PyTrace_CALL)
        return 0;
    PyCodeObject *code = PyFrame_GetCode(frame);
    int opens = is_import(code);
    Py_DECREF(code);
    if (opens) {
        importing = frame;
        return 0;
    }
    if (++count < next_at || due == NULL)
        return 0;
    PyObject *r = PyObject_CallOneArg(due, (PyObject *)frame);
    if (r == NULL)
        return -1;
    Py_DECREF(r);
    return 0;
}

static PyObject *
install(PyObject *self, PyObject *callback)
{
    Py_INCREF(callback);
    Py_XSETREF(due, callback);
    PyEval_SetProfile(profile, NULL);
    Py_RETURN_NONE;
}

static PyObject *
uninstall(PyObject *self, PyObject *unused)
{
    importing = NULL;
    PyEval_SetProfile(NULL, NULL);
    Py_RETURN_NONE;
}

static PyObject *
active(PyObject *self, PyObject *unused)
{
    return PyBool_FromLong(PyThreadState_Get()->c_profilefunc == profile);
}

static PyObject *
get_importing(PyObject *self, PyObject *unused)
{
    return PyBool_FromLong(importing != NULL);
}

static PyObject *
get_count(PyObject *self, PyObject *unused)
{
    return PyLong_FromLongLong(count);
}

static PyObject *
set_count(PyObject *self, PyObject *value)
{
    long long v = PyLong_AsLongLong(value);
    if (v == -1 && PyErr_Occurred())
        return NULL;
    count = v;
    Py_RETURN_NONE;
}

static PyObject *
set_next(PyObject *self, PyObject *value)
{
    /* an int, or a float (inf: never) */
    if (PyFloat_Check(value)) {
        double d = PyFloat_AS_DOUBLE(value);
        next_at = d >= 9.0e18 ? LLONG_MAX : (long long)d;
        Py_RETURN_NONE;
    }
    long long v = PyLong_AsLongLong(value);
    if (v == -1 && PyErr_Occurred())
        return NULL;
    next_at = v;
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"install", install, METH_O, "Install the counter in this thread; callback(frame) at a limit."},
    {"uninstall", uninstall, METH_NOARGS, "Remove this thread's profile function."},
    {"active", active, METH_NOARGS, "Whether this thread's profile function is the counter."},
    {"count", get_count, METH_NOARGS, "The calls counted so far."},
    {"importing", get_importing, METH_NOARGS, "Whether an import is running (nothing counts)."},
    {"set_count", set_count, METH_O, "Set the count (garbage-collection calls are taken back)."},
    {"set_next", set_next, METH_O, "The count at which the callback is next called."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_meter", "The work meter's C counter (dpproof.work).", -1, methods,
};

PyMODINIT_FUNC
PyInit__meter(void)
{
    return PyModule_Create(&module);
}
