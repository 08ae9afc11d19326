// event_times.h — a recorded compile's time, split into Dynamo's tracing and the backend.
//
// CompileEvent.dynamoNs is the whole convert_frame._compile call (minus the recorder's own
// hooks); it includes OutputGraph.call_user_compiler, where the backend compiles each
// graph (Inductor's compile can be 100x Dynamo's tracing). The recorder times the backend's
// calls apart (backendNs, backendTimed). A speed ratio of the core against Dynamo is only
// honest against the tracing part; a trace written before the split cannot give it.
#pragma once

#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>

#include "core/trace/trace.capnp.h"

namespace dynrr::trace {

struct DynamoTimes {
  uint64_t compileNs = 0;  // dynamoNs: the whole compile, backend included
  uint64_t backendNs = 0;  // inside the backend's compiler_fn calls
  bool backendTimed = false;

  // Dynamo's own work (compile minus backend); nullopt when the backend was not timed.
  std::optional<uint64_t> tracingNs() const {
    if (!backendTimed) return std::nullopt;
    return compileNs > backendNs ? compileNs - backendNs : 0;
  }
};

inline DynamoTimes dynamoTimes(schema::CompileEvent::Reader e) {
  return {e.getDynamoNs(), e.getBackendNs(), e.getBackendTimed()};
}

// Dynamo's tracing time over the core's, as "1234x"; "-" when either is unknown or zero.
inline std::string speedupText(const DynamoTimes& t, uint64_t coreNs) {
  auto tracing = t.tracingNs();
  if (!tracing || *tracing == 0 || coreNs == 0) return "-";
  char buf[32];
  std::snprintf(buf, sizeof(buf), "%.0fx",
                static_cast<double>(*tracing) / static_cast<double>(coreNs));
  return buf;
}

}  // namespace dynrr::trace
