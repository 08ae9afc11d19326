// compare_python.h — `_dynrr.compare(trace_a, event_a, trace_b, event_b)`: core/compare's
// verdict on the recorded decisions of two events (each trace a path or bytes), the same
// comparison `dynrr replay` makes between Dynamo's decisions and the core's. Used by
// `python -m dynrr repro` to compare a frame's recorded decisions with those real Dynamo
// makes again on the frame rebuilt from the trace.
//
// Both sides come from real Dynamo in two processes, so names that embed a process's
// object ids (`___unnamed_scope_<id>_c<counter>` globals) are normalised first; everything
// else is compared exactly as `dynrr replay` compares.
//
// Returns {"verdict": "match"|"diverge", "diff": str}; ValueError on a bad trace or an
// event index out of range.
#pragma once

#include <Python.h>

namespace dynrr::recorder {

// New reference, or null with an exception set. args: (a, event_a, b, event_b).
PyObject* compareEvents(PyObject* args);

}  // namespace dynrr::recorder
