// decisions_builder.h — fills the trace's header and event records (Decisions, graphs,
// guards, graph breaks, global state, config) from the plain Python structures that the
// dynrr package builds from Dynamo's OutputGraph, GraphModules and guards. Lenient:
// a malformed item is skipped and counted, never a crash.
#pragma once

#include <Python.h>

#include "core/trace/trace.capnp.h"
#include "recorder/extension/object_walker.h"

namespace dynrr::recorder {

// decisions: {"graphs": [...], "guards": [...], "breaks": [...], "side_effects": [...]}
// (formats in recorder/python/dynrr/_capture.py). Returns the number of malformed items.
int fillDecisions(PyObject* decisions, schema::Decisions::Builder out);

// meta: {"compile_id", "status", "status_reason", "dynamo_ns", "recorder_ns",
//        "recompile_reasons", "is_resume", "backend_ns", ...}
void fillEventMeta(PyObject* meta, schema::CompileEvent::Builder out);

// Keys named like the schema fields in snake_case (grad_enabled, default_dtype, ...).
void fillGlobalState(PyObject* state, schema::GlobalState::Builder out);
void fillConfig(PyObject* config, schema::DynamoConfig::Builder out);
void fillHeader(PyObject* header, schema::TraceHeader::Builder out);

}  // namespace dynrr::recorder
