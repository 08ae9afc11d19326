// module.cpp — the `_dynrr` CPython extension module: Writer (writer_object.h), load()
// (trace_to_python.h) and compare() (compare_python.h). Imported by the dynrr package
// (recorder/python/dynrr).
#include <Python.h>

#include <kj/exception.h>

#include <stdexcept>

#include "core/trace/trace.capnp.h"
#include "recorder/extension/compare_python.h"
#include "recorder/extension/trace_to_python.h"
#include "recorder/extension/writer_object.h"

namespace {

PyObject* load(PyObject*, PyObject* arg) {
  try {
    return dynrr::recorder::loadTrace(arg);
  } catch (const kj::Exception& e) {
    PyErr_Format(PyExc_ValueError, "dynrr load: %s", e.getDescription().cStr());
  } catch (const std::exception& e) {
    PyErr_Format(PyExc_ValueError, "dynrr load: %s", e.what());
  }
  return nullptr;
}

PyObject* compare(PyObject*, PyObject* args) {
  try {
    return dynrr::recorder::compareEvents(args);
  } catch (const kj::Exception& e) {
    PyErr_Format(PyExc_ValueError, "dynrr compare: %s", e.getDescription().cStr());
  } catch (const std::exception& e) {
    PyErr_Format(PyExc_ValueError, "dynrr compare: %s", e.what());
  }
  return nullptr;
}

PyMethodDef kFunctions[] = {
    {"load", load, METH_O,
     "load(path_or_bytes) -> {'header', 'events', 'heap', 'warning'}; ValueError on a bad "
     "trace."},
    {"compare", compare, METH_VARARGS,
     "compare(trace_a, event_a, trace_b, event_b) -> {'verdict', 'diff'}: core/compare on the "
     "recorded decisions of two events (traces as paths or bytes); ValueError on bad input."},
    {nullptr, nullptr, 0, nullptr}};

PyModuleDef kModule = {PyModuleDef_HEAD_INIT,
                       "_dynrr",
                       "dynrr recorder extension: trace writer and object walker.",
                       -1,
                       kFunctions,
                       nullptr,
                       nullptr,
                       nullptr,
                       nullptr};

}  // namespace

PyMODINIT_FUNC PyInit__dynrr() {
  PyObject* m = PyModule_Create(&kModule);
  if (m == nullptr) return nullptr;
  if (dynrr::recorder::addWriterType(m) < 0 ||
      PyModule_AddIntConstant(m, "FORMAT_VERSION", dynrr::schema::FORMAT_VERSION) < 0) {
    Py_DECREF(m);
    return nullptr;
  }
  return m;
}
