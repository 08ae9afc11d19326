// roundtrip.h — property 4 of dynrr-fuzz: a trace read back and written again with
// core/trace's TraceWriter gives the same bytes (trace_reader.h, trace_writer.h).
//
// rewriteTrace() reads the framing and every chunk, then re-creates the header and each
// event through the writer's public API (per-event objects with their identity,
// content-addressed objects through intern()), in the original order.
#pragma once

#include <functional>
#include <string>

#include "core/support/error.h"
#include "core/trace/trace.capnp.h"

namespace dynrr::fuzz {

// The bytes the writer produces for the same content. Error if the input is not a
// readable trace or if re-interning does not reproduce an object's ref (which would mean
// the original stored the same content twice).
Expected<std::string> rewriteTrace(const std::string& traceBytes);

// The same, with `edit` called on each event (its index, the copy being written) before
// it is finished: tests make a trace whose recorded decisions differ from a real one's.
using EventEdit = std::function<void(size_t eventIndex, schema::CompileEvent::Builder event)>;
Expected<std::string> rewriteTrace(const std::string& traceBytes, const EventEdit& edit);

// "" when write -> read -> write reproduces `traceBytes` byte for byte, else what differs
// (first differing offset and the chunk it is in).
std::string roundTripDifference(const std::string& traceBytes);

}  // namespace dynrr::fuzz
