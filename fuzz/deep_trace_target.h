// deep_trace_target.h — the deep fuzzer's body: everything a consumer does with a trace.
//
// Opens the bytes with TraceReader (framing, checksums, Cap'n Proto validation), prints
// every heap object, disassembles every event's code object as `dynrr show` does, reads
// Dynamo's recorded decisions, replays every event through the core and compares. Any
// failure must come back as an Error or a verdict: an escaping exception, a crash, a hang
// or an unbounded allocation is a bug the fuzzer (and its regression inputs) report.
//
// The memo (DeepTargetOptions::memo, on in the libFuzzer binary): a mutant differs from
// the input it came from in one place, so most of its events are byte for byte what an
// earlier execution already printed and replayed. An event's work is skipped when every
// byte it can reach is the same as in an event the process already ran:
//   - printing its chunk's objects, disassembling its code and reading its decisions
//     reach only the file header, the trace header and the chunks up to its own (the
//     reader refuses a ref past the end of the chunk that holds it), so they are keyed
//     on the checksums of those chunks;
//   - the replay can also read objects of later chunks (a recorded module or class is
//     looked up by name over the whole heap), so it is keyed on the chunks up to the
//     one holding the highest object the replay read (TraceReader::highestRefRead).
// The core is deterministic in what it reads, so a skipped event would have taken the
// same path and reached the same coverage as when it ran. The events the mutation
// changed, and every event after a changed chunk, always run.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace dynrr::fuzz {

struct DeepPhaseTimes {  // nanoseconds, summed over runs (DeepTargetOptions::times)
  uint64_t open = 0, print = 0, disassemble = 0, replay = 0, memo = 0;  // replay: decisions too
};

struct DeepTargetOptions {
  bool memo = false;                // skip events already run (above)
  DeepPhaseTimes* times = nullptr;  // when set, the time spent in each phase is added
};

struct DeepRunStats {
  bool opened = false;  // the reader accepted the bytes
  std::string openError;
  size_t events = 0;
  size_t replayed = 0;      // events the core reached a verdict or an unsupported on
  size_t replayErrors = 0;  // events the core rejected as bad input
  size_t memoised = 0;      // events whose replay the memo skipped
};

DeepRunStats runDeepTarget(const uint8_t* data, size_t size, const DeepTargetOptions& options = {});

// Forgets every event the memo knows (a new campaign, or a test that needs each run whole).
void clearDeepTargetMemo();

}  // namespace dynrr::fuzz
