// identity_map.cpp — see identity_map.h.
#include "recorder/extension/identity_map.h"

namespace dynrr::recorder {

IdentityMap::~IdentityMap() {
  for (auto& [obj, entry] : entries_) Py_XDECREF(entry.weakref);
}

uint64_t IdentityMap::tokenFor(PyObject* o) {
  PyTypeObject* type = Py_TYPE(o);
  auto it = entries_.find(o);
  if (it != entries_.end()) {
    Entry& e = it->second;
    bool same = e.type == type;
    if (same && e.weakref != nullptr) same = PyWeakref_GetObject(e.weakref) == o;
    if (same) return e.token;
    Py_XDECREF(e.weakref);
    entries_.erase(it);
  }
  PyObject* wr = nullptr;
  if (type->tp_weaklistoffset > 0) {
    wr = PyWeakref_NewRef(o, nullptr);
    if (wr == nullptr) PyErr_Clear();
  }
  uint64_t token = next_++;
  entries_.emplace(o, Entry{token, type, wr});
  return token;
}

void IdentityMap::sweep() {
  if (entries_.size() < sweepAt_) return;
  for (auto it = entries_.begin(); it != entries_.end();) {
    if (it->second.weakref != nullptr && PyWeakref_GetObject(it->second.weakref) == Py_None) {
      Py_DECREF(it->second.weakref);
      it = entries_.erase(it);
    } else {
      ++it;
    }
  }
  sweepAt_ = entries_.size() * 2 + 4096;
}

}  // namespace dynrr::recorder
