// identity_map.h — identity tokens for mutable Python objects across the events of one
// trace (trace.capnp: "the same Python object has the same token in every event").
//
// Tokens are sequential in first-seen order, so recording the same program twice gives
// the same bytes. The map holds no strong references: weak-referenceable objects are
// tracked through a weakref, so a dead object's address reused by a new object gets a
// new token; for objects that cannot be weakly referenced (list, dict, cell, ...) the
// entry is keyed by address and type only, so an address reused by a new object of the
// same type after the old one died may inherit its token (never while both are alive).
#pragma once

#include <Python.h>

#include <cstdint>
#include <unordered_map>

namespace dynrr::recorder {

class IdentityMap {
 public:
  IdentityMap() = default;
  IdentityMap(const IdentityMap&) = delete;
  IdentityMap& operator=(const IdentityMap&) = delete;
  ~IdentityMap();

  // The token of `o`, assigning the next one on first sight. Never raises.
  uint64_t tokenFor(PyObject* o);
  // Drops entries whose weakref is dead; called between events.
  void sweep();
  size_t size() const { return entries_.size(); }

 private:
  struct Entry {
    uint64_t token;
    PyTypeObject* type;
    PyObject* weakref;  // owned; null when the object is not weak-referenceable
  };
  std::unordered_map<PyObject*, Entry> entries_;
  uint64_t next_ = 1;
  size_t sweepAt_ = 4096;
};

}  // namespace dynrr::recorder
