// trace_to_python.h — `_dynrr.load(path_or_bytes)`: a whole trace as plain Python values,
// read with the C++ TraceReader (so Python tests check exactly what the replayer sees).
//
// Returns {"header": dict, "events": [dict], "heap": [None, dict, ...], "warning": str}.
// Structs become dicts keyed by the schema's field names (camelCase); a union adds
// "which": <field name>; enums become their enumerant names; Data becomes bytes. heap[i]
// is the object with id i (heap[0] is None), each dict also carrying "id".
#pragma once

#include <Python.h>

namespace dynrr::recorder {

// New reference, or null with ValueError set (the reader's message) on a bad trace.
PyObject* loadTrace(PyObject* pathOrBytes);

}  // namespace dynrr::recorder
