// py_ref.h — a small owning reference to a PyObject (RAII over Py_INCREF/Py_DECREF)
// and helpers shared by the `_dynrr` extension files. Only recorder/ includes Python.h.
#pragma once

#include <Python.h>

#include <string>
#include <utility>

namespace dynrr::recorder {

// Owns one strong reference (or none). Movable, non-copyable.
class PyRef {
 public:
  PyRef() = default;
  // Takes ownership of a new reference (may be null).
  static PyRef steal(PyObject* o) { return PyRef(o); }
  // Adds a reference to a borrowed object.
  static PyRef borrow(PyObject* o) {
    Py_XINCREF(o);
    return PyRef(o);
  }
  PyRef(PyRef&& other) noexcept : obj_(std::exchange(other.obj_, nullptr)) {}
  PyRef& operator=(PyRef&& other) noexcept {
    if (this != &other) {
      Py_XDECREF(obj_);
      obj_ = std::exchange(other.obj_, nullptr);
    }
    return *this;
  }
  PyRef(const PyRef&) = delete;
  PyRef& operator=(const PyRef&) = delete;
  ~PyRef() { Py_XDECREF(obj_); }

  PyObject* get() const { return obj_; }
  PyObject* release() { return std::exchange(obj_, nullptr); }
  explicit operator bool() const { return obj_ != nullptr; }

 private:
  explicit PyRef(PyObject* o) : obj_(o) {}
  PyObject* obj_ = nullptr;
};

// UTF-8 of a str object, "" for anything else (never raises; clears errors).
inline std::string utf8(PyObject* o) {
  if (o == nullptr || !PyUnicode_Check(o)) return {};
  Py_ssize_t size = 0;
  const char* data = PyUnicode_AsUTF8AndSize(o, &size);
  if (data == nullptr) {
    PyErr_Clear();
    return {};
  }
  return std::string(data, static_cast<size_t>(size));
}

// The string value of dict[key] when it is a str, else "". Borrowed lookup, no user code
// beyond str hashing.
inline std::string dictString(PyObject* dict, const char* key) {
  if (dict == nullptr || !PyDict_Check(dict)) return {};
  PyObject* v = PyDict_GetItemString(dict, key);
  return utf8(v);
}

// "module.qualname" of a type, read from the type struct (no user code).
std::string typeQualifiedName(PyTypeObject* type);

}  // namespace dynrr::recorder

namespace dynrr::recorder {

// An interned str for `name`, created once and kept for the process lifetime.
// Use with string literals only (the cache is keyed by pointer).
inline PyObject* internedName(const char* name) {
  static thread_local const char* lastKey = nullptr;
  static thread_local PyObject* lastValue = nullptr;
  if (name == lastKey) return lastValue;
  // Interned, so every call returns the same object; the reference is kept on purpose
  // (3.11's interned table does not own its strings).
  PyObject* s = PyUnicode_InternFromString(name);
  lastKey = name;
  lastValue = s;
  return s;
}

}  // namespace dynrr::recorder
