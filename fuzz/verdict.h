// verdict.h — the fidelity verdict of one recorded trace: every compile event replayed
// through the core (tracer::replayFrame) and compared with Dynamo's recorded decisions
// (compare::compareDecisions), the same per-frame verdict as `dynrr replay`
// (replayer/replay_command.cpp), folded into one verdict per trace for the fuzzer.
#pragma once

#include <cstdint>
#include <string>

#include "core/compare/compare.h"
#include "core/support/error.h"

namespace dynrr::fuzz {

struct TraceVerdict {
  compare::Verdict verdict = compare::Verdict::kMatch;
  // diverge: the first diverging frame's name and diff; unsupported: the core's reason
  // from "unsupported: " on (the opcode/offset context before it is dropped, so that the
  // reason names the feature). A core error without "unsupported: " is a divergence.
  std::string reason;
  std::string diff;
  size_t frames = 0;  // events replayed
  // frames by the core's verdict on each (they sum to `frames`)
  size_t framesMatch = 0, framesDiverge = 0, framesUnsupported = 0;
  size_t skippedEarly = 0;  // events Dynamo declined before tracing (not replayed)
  uint64_t coreNs = 0;      // time in the core (read + replay + compare)
  uint64_t dynamoNs = 0;    // Dynamo's recorded compile time, all events
  uint64_t recorderNs = 0;  // the recorder's own recorded time, all events
};

// Replays every event of the trace. Error only when the trace cannot be read.
Expected<TraceVerdict> traceVerdict(const std::string& traceBytes);

// traceVerdict in a child process, so that a core crash (a signal: a null dereference,
// an abort) is a finding of a campaign rather than its end. The child is forked on first
// use and serves one trace after another over two pipes (one fork per process, not per
// trace: forking a process that imported torch costs tens of ms); after a crash the next
// call forks a new one. The child only runs the core, never Python. A crash is an Error
// whose message starts with kCoreCrashed. Non-copyable: owns the child, which exits when
// the destructor closes its pipe. Ignores SIGPIPE in the calling process.
inline constexpr const char* kCoreCrashed = "core crashed";
class IsolatedCore {
 public:
  IsolatedCore() = default;
  ~IsolatedCore();
  IsolatedCore(const IsolatedCore&) = delete;
  IsolatedCore& operator=(const IsolatedCore&) = delete;

  Expected<TraceVerdict> verdict(const std::string& traceBytes);

 private:
  bool start();
  // Closes the pipes and reaps the child; returns its wait status.
  int stop();

  int pid_ = -1;
  int toChild_ = -1;
  int fromChild_ = -1;
};

// The signature of a failure reason: numbers, addresses and quoted names replaced, cut
// to a bounded length, so that one bug class has one signature.
// With `stripQuoted`, the text inside single quotes is replaced too (guard sources such as
// G['__builtins_dict___0']['range'] name the instance, not the class of a divergence).
std::string normalizeReason(const std::string& reason, bool stripQuoted = false);

}  // namespace dynrr::fuzz
