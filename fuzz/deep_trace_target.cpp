// deep_trace_target.cpp — see deep_trace_target.h.
#include "fuzz/deep_trace_target.h"

#include <string>

#include "core/compare/compare.h"
#include "core/compare/decisions.h"
#include "core/trace/object_printer.h"
#include "core/trace/trace_reader.h"
#include "core/tracer/instruction_translator.h"
#include "replayer/show_disassembly.h"

namespace dynrr::fuzz {

DeepRunStats runDeepTarget(const uint8_t* data, size_t size) {
  // Tighter than dynrr replay's defaults (2,000,000 steps, 60 s): a mutated loop that runs
  // to the step limit costs ~1 s per input at the default, 15 s under the sanitizers, and
  // the limit's code path is the same at any bound.
  static const bool limited = [] {
    tracer::setReplayLimits(tracer::ReplayLimits{100'000, 20});
    return true;
  }();
  (void)limited;
  DeepRunStats stats;
  std::string bytes(reinterpret_cast<const char*>(data), size);
  auto trace = trace::TraceReader::fromBytes(bytes);
  if (!trace) {
    stats.openError = trace.error().message();
    return stats;
  }
  stats.opened = true;
  for (uint32_t ref = 1; ref <= trace->objectCount(); ++ref) {
    (void)trace::describeObject(*trace, ref);
    (void)trace::typeName(*trace, ref);
  }
  stats.events = trace->eventCount();
  for (size_t i = 0; i < trace->eventCount(); ++i) {
    auto event = trace->event(i);
    (void)replayer::disassembleForShow(*trace, event.getFrame().getCode());
    compare::FrameDecisions reference = compare::fromEvent(event);
    auto outcome = tracer::replayFrame(*trace, i);
    if (!outcome) {
      if (outcome.error().message().rfind("unsupported", 0) == 0) {
        ++stats.replayed;
      } else {
        ++stats.replayErrors;
      }
      continue;
    }
    ++stats.replayed;
    (void)compare::compareDecisions(reference, outcome->decisions);
  }
  return stats;
}

}  // namespace dynrr::fuzz
