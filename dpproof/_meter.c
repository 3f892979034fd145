/* The work meter's counter on Python 3.11, in C (dpproof/work.py).
 *
 * Python 3.11 has no sys.monitoring.  A profile or trace function (C or Python) turns on
 * tracing, which runs every instruction of every frame in its generic, unspecialised form
 * (about 1.5x CPU on sympy-heavy claims).  This module counts the same events instead with a
 * frame-evaluation function (PEP 523, the hook debuggers and JIT compilers use): it is called
 * for every frame the interpreter starts or resumes, and leaves the instructions specialised
 * (calls between Python functions are no longer inlined, a few percent).  It calls back into
 * Python only when the count reaches the next limit; an error from that callback is raised
 * at the call, before the frame runs, as a profile function's would be.
 *
 * The events are those of PyTrace_CALL, one per counted unit: a frame that starts (its
 * RESUME) or a generator resumed, or an exception thrown into one.  Not counted, as not by
 * a profile function: the call that only creates a generator or coroutine (its frame runs
 * RETURN_GENERATOR, before its RESUME), frames run while a trace or profile function runs
 * (tstate->tracing) or while the callback runs, and frames of other threads (the counter
 * meters the thread that installed it).  Imports are not counted: from the call of a
 * function of importlib's bootstrap (a frame whose file is "<frozen importlib._bootstrap>"
 * or "..._external": _find_and_load, _handle_fromlist, ...) to its return, no frame counts
 * and no limit fires.  A module's body runs once per process, so counting it would charge
 * whichever claim imported first (and a limit firing inside it would leave the module half
 * initialised).
 *
 * Another frame-evaluation function (a debugger's) is replaced while the meter counts and
 * put back after: frames run in the default evaluator meanwhile.
 *
 * Garbage collection: ``gc_opened`` and ``gc_closed``, the first and last of gc.callbacks,
 * have no Python frame of their own; the calls made while a collection runs (finalizers, weakref callbacks, other callbacks)
 * are taken back when it stops, since when a collection happens depends on the allocator's
 * history, not on the computation.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <limits.h>

#if PY_VERSION_HEX >= 0x030B0000 && PY_VERSION_HEX < 0x030C0000
#define Py_BUILD_CORE 1
#include "internal/pycore_frame.h"   /* _PyInterpreterFrame: f_code, owner */
#undef Py_BUILD_CORE

static long long count = 0;
static long long next_at = LLONG_MAX;
static PyObject *due = NULL;          /* called with the code object when count >= next_at */
static PyThreadState *owner = NULL;   /* the thread metered */
static int calling_due = 0;
static long importing = 0;            /* import functions running */
static long long gc_start = -1;       /* the count when the running collection started */
static _PyFrameEvalFunction found = NULL;   /* a debugger's or JIT's function, put back */

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

static PyObject *
evaluate(PyThreadState *ts, _PyInterpreterFrame *frame, int throwflag)
{
    PyCodeObject *code = frame->f_code;
    if (ts != owner || ts->tracing || calling_due || importing
            /* a generator or coroutine being created, not started */
            || ((code->co_flags & (CO_GENERATOR | CO_COROUTINE | CO_ASYNC_GENERATOR))
                && frame->owner == FRAME_OWNED_BY_THREAD))
        return _PyEval_EvalFrameDefault(ts, frame, throwflag);
    if (is_import(code)) {
        importing++;
        PyObject *r = _PyEval_EvalFrameDefault(ts, frame, throwflag);
        importing--;
        return r;
    }
    if (++count >= next_at && due != NULL) {
        PyObject *type, *value, *tb;   /* an exception being thrown into a generator */
        PyErr_Fetch(&type, &value, &tb);
        calling_due = 1;
        PyObject *r = PyObject_CallOneArg(due, (PyObject *)code);
        calling_due = 0;
        if (r == NULL) {   /* raised at the call: the caller clears the frame */
            Py_XDECREF(type);
            Py_XDECREF(value);
            Py_XDECREF(tb);
            return NULL;
        }
        Py_DECREF(r);
        PyErr_Restore(type, value, tb);
    }
    return _PyEval_EvalFrameDefault(ts, frame, throwflag);
}

static PyObject *
install(PyObject *self, PyObject *callback)
{
    Py_INCREF(callback);
    Py_XSETREF(due, callback);
    owner = PyThreadState_Get();
    _PyFrameEvalFunction current = _PyInterpreterState_GetEvalFrameFunc(PyInterpreterState_Get());
    if (current != evaluate)
        found = current;
    _PyInterpreterState_SetEvalFrameFunc(PyInterpreterState_Get(), evaluate);
    Py_RETURN_NONE;
}

static PyObject *
uninstall(PyObject *self, PyObject *unused)
{
    importing = 0;
    gc_start = -1;
    _PyInterpreterState_SetEvalFrameFunc(PyInterpreterState_Get(),
                                         found != NULL ? found : _PyEval_EvalFrameDefault);
    found = NULL;
    Py_RETURN_NONE;
}

static PyObject *
active(PyObject *self, PyObject *unused)
{
    return PyBool_FromLong(
        _PyInterpreterState_GetEvalFrameFunc(PyInterpreterState_Get()) == evaluate
        && owner == PyThreadState_Get());
}

static PyObject *
gc_opened(PyObject *self, PyObject *args)
{
    /* the first of gc.callbacks(phase, info): note the count as a collection starts (not
     * inside an import, where nothing counts) */
    PyObject *phase, *info;
    if (!PyArg_UnpackTuple(args, "gc_opened", 2, 2, &phase, &info))
        return NULL;
    if (PyUnicode_Check(phase) && PyUnicode_CompareWithASCIIString(phase, "start") == 0)
        gc_start = (importing || _PyInterpreterState_GetEvalFrameFunc(
            PyInterpreterState_Get()) != evaluate) ? -1 : count;
    Py_RETURN_NONE;
}

static PyObject *
gc_closed(PyObject *self, PyObject *args)
{
    /* the last of gc.callbacks: as the collection stops, the calls it made are taken back */
    PyObject *phase, *info;
    if (!PyArg_UnpackTuple(args, "gc_closed", 2, 2, &phase, &info))
        return NULL;
    if (PyUnicode_Check(phase) && PyUnicode_CompareWithASCIIString(phase, "stop") == 0
            && gc_start >= 0) {
        count = gc_start;
        gc_start = -1;
    }
    Py_RETURN_NONE;
}

static PyObject *
get_importing(PyObject *self, PyObject *unused)
{
    return PyBool_FromLong(importing > 0);
}

static PyObject *
get_count(PyObject *self, PyObject *unused)
{
    return PyLong_FromLongLong(count);
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

static PyObject *
add(PyObject *self, PyObject *value)
{
    /* work done in one C call (work.charge): counted like as many calls, in the metered
     * thread while the counter is installed and no import runs; the next call acts on it */
    long long v = PyLong_AsLongLong(value);
    if (v == -1 && PyErr_Occurred())
        return NULL;
    if (v > 0 && !importing && owner == PyThreadState_Get()
            && _PyInterpreterState_GetEvalFrameFunc(PyInterpreterState_Get()) == evaluate)
        count += v;
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"install", install, METH_O, "Count in this thread; callback(code) at a limit."},
    {"uninstall", uninstall, METH_NOARGS, "Stop counting."},
    {"active", active, METH_NOARGS, "Whether the counter is installed for this thread."},
    {"count", get_count, METH_NOARGS, "The calls counted so far."},
    {"importing", get_importing, METH_NOARGS, "Whether an import is running (nothing counts)."},
    {"gc_opened", gc_opened, METH_VARARGS, "First of gc.callbacks: a collection starts."},
    {"gc_closed", gc_closed, METH_VARARGS, "Last of gc.callbacks: its calls are taken back."},
    {"set_next", set_next, METH_O, "The count at which the callback is next called."},
    {"add", add, METH_O, "Count this many more calls (work done in one C call)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_meter", "The work meter's C counter (dpproof.work).", -1, methods,
};
#endif

PyMODINIT_FUNC
PyInit__meter(void)
{
#if PY_VERSION_HEX >= 0x030B0000 && PY_VERSION_HEX < 0x030C0000
    return PyModule_Create(&module);
#else
    /* 3.12+ counts with sys.monitoring (dpproof.work) */
    PyErr_SetString(PyExc_ImportError, "dpproof._meter is for Python 3.11 only");
    return NULL;
#endif
}
