// writer_object.h — the `_dynrr.Writer` Python type: a TraceWriter plus the object walker.
//
//   w = _dynrr.Writer(path_or_None, header: dict, config: dict)
//   w.begin_event()
//   w.record_frame(code, locals, cells, f_globals, f_builtins, function, global_state)
//   w.finish_event(meta: dict, decisions: dict, generated_code)
//       -> (bytes written so far, malformed items, truncation reason or "")
//   w.abandon_event(); w.close(); w.getvalue() (in-memory writers)
//
// config keys: tensor, parameter, module, dtype, device, size, enum (types), classifier,
// tensor_bytes (callables), tensor_values (bool), max_objects (int >= 1: the per-event
// object budget, default 6000; w.stats()["max_objects"] is the one in force). Methods
// raise only for misuse (wrong argument types, an event not open); the dynrr package
// catches them.
#pragma once

#include <Python.h>

namespace dynrr::recorder {

// Adds the Writer type to `module`; returns 0 on success, -1 with an exception set.
int addWriterType(PyObject* module);

}  // namespace dynrr::recorder
