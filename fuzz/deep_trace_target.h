// deep_trace_target.h — the deep fuzzer's body: everything a consumer does with a trace.
//
// Opens the bytes with TraceReader (framing, checksums, Cap'n Proto validation), prints
// every heap object, disassembles every event's code object as `dynrr show` does, reads
// Dynamo's recorded decisions, replays every event through the core and compares. Any
// failure must come back as an Error or a verdict: an escaping exception, a crash, a hang
// or an unbounded allocation is a bug the fuzzer (and its regression inputs) report.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace dynrr::fuzz {

struct DeepRunStats {
  bool opened = false;  // the reader accepted the bytes
  std::string openError;
  size_t events = 0;
  size_t replayed = 0;      // events the core reached a verdict or an unsupported on
  size_t replayErrors = 0;  // events the core rejected as bad input
};

DeepRunStats runDeepTarget(const uint8_t* data, size_t size);

}  // namespace dynrr::fuzz
