// html_report.h — `dynrr replay TRACE --html OUT.html`: one self-contained page (inline
// CSS, no scripts, no external assets) with, per frame, the source with line numbers,
// the verdict, Dynamo's and the core's graph code side by side with the differing lines
// highlighted, the guards (missing / extra highlighted), graph breaks and timings.
// Also the per-frame record the reports share (junit_report.h).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/compare/compare.h"
#include "core/trace/event_times.h"
#include "core/trace/trace_reader.h"

namespace dynrr::replayer {

// What a report says about one replayed frame.
struct ReportFrame {
  size_t index = 0;
  std::string name;      // co_qualname
  std::string filename;  // co_filename
  uint32_t firstlineno = 0;
  compare::Verdict verdict = compare::Verdict::kMatch;
  std::string reason;  // unsupported: the core's reason
  std::string diff;    // diverge: compare's diff
  uint64_t coreNs = 0;
  uint64_t dynamoNs = 0;     // the whole compile (CompileEvent.dynamoNs)
  trace::DynamoTimes times;  // split into tracing and backend, when recorded
  size_t ops = 0;
  compare::FrameDecisions dynamo;  // recorded
  compare::FrameDecisions core;    // empty when unsupported
  // The code object's source lines (first line number firstSourceLine), read from
  // co_filename when readable here (traces hold no source text); otherwise empty, and
  // `disassembly` holds dis output (with line numbers) instead.
  std::vector<std::string> sourceLines;
  uint32_t firstSourceLine = 0;
  std::string disassembly;
};

// Fills name, filename, firstlineno and the source (or disassembly) of event `index`.
void describeFrameCode(const trace::TraceReader& trace, const std::string& tracePath, size_t index,
                       ReportFrame& frame);

// The whole HTML page.
std::string renderHtml(const std::string& tracePath, const std::vector<ReportFrame>& frames);

// Lines of `text` ("a\nb\n" -> {"a", "b"}).
std::vector<std::string> splitLines(const std::string& text);

// Line-level diff of two texts: for each line of `a` and `b`, whether it is outside the
// longest common subsequence (i.e. highlighted as removed / added).
struct LineDiff {
  std::vector<bool> onlyA;
  std::vector<bool> onlyB;
};
LineDiff diffLines(const std::vector<std::string>& a, const std::vector<std::string>& b);

}  // namespace dynrr::replayer
