// debug_divergence.h — `break divergence`: the first moment of a replay after which the
// core's partial graph or guards can no longer become the recorded Dynamo decision.
//
// Found by a silent first replay of the frame (replays are deterministic): every
// node and guard the core creates is timed by a hook-event counter (one count per
// ReplayHooks onStep, onNode and onGuard call); the core's final graph and guards are
// compared with Dynamo's, position by position (placeholders, then call nodes: op,
// source, example value and the node's line of code, as core/compare compares them;
// guards: compare::guardKey); the earliest creation that differs is the divergence. When the
// core lacks something Dynamo has (a node, a guard), the point is the root frame's last
// instruction, since until then it could still have been added.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/compare/compare.h"
#include "core/trace/trace_reader.h"

namespace dynrr::replayer {

struct Divergence {
  compare::Verdict verdict = compare::Verdict::kMatch;
  std::string reason;             // unsupported: the core's reason
  std::optional<uint64_t> event;  // the hook event to stop at (diverge only)
  std::string explanation;        // what differs there, one or more lines
};

Divergence findDivergence(const trace::TraceReader& trace, size_t frame);

}  // namespace dynrr::replayer
