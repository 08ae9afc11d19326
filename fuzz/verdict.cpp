// verdict.cpp — replay a whole trace through the core and fold the frame verdicts.
#include "fuzz/verdict.h"

#include <cctype>
#include <chrono>

#include "core/trace/trace_reader.h"
#include "core/tracer/instruction_translator.h"

namespace dynrr::fuzz {

Expected<TraceVerdict> traceVerdict(const std::string& traceBytes) {
  auto t0 = std::chrono::steady_clock::now();
  auto trace = trace::TraceReader::fromBytes(traceBytes, {}, "<fuzz case>");
  if (!trace) return trace.error();
  TraceVerdict out;
  for (size_t i = 0; i < trace->eventCount(); ++i) {
    auto e = trace->event(i);
    out.dynamoNs += e.getDynamoNs();
    out.recorderNs += e.getRecorderNs();
    // Frames Dynamo declined before tracing (ConvertFrameAssert: no compile id) carry no
    // decisions to compare.
    if (e.getStatus() == schema::EventStatus::SKIPPED && e.getCompileId().size() == 0) {
      ++out.skippedEarly;
      continue;
    }
    ++out.frames;
    std::string name = "?";
    if (auto code = trace->object(e.getFrame().getCode());
        code && code->which() == schema::Object::Which::CODE) {
      name = code->getCode().getQualname();
    }
    auto outcome = tracer::replayFrame(*trace, i);
    if (!outcome) {
      // "unsupported: <what>" (tracer::unsupported), possibly behind the context the
      // translator adds ("f at offset 12 (CALL): unsupported: ...").
      const std::string& msg = outcome.error().message();
      if (size_t at = msg.find("unsupported: "); at != std::string::npos) {
        if (out.verdict == compare::Verdict::kMatch) {
          out.verdict = compare::Verdict::kUnsupported;
          out.reason = msg.substr(at);
        }
      } else if (out.verdict != compare::Verdict::kDiverge) {
        out.verdict = compare::Verdict::kDiverge;
        out.reason = "core error in frame " + std::to_string(i) + " (" + name + "): " + msg;
      }
      continue;
    }
    auto cmp = compare::compareDecisions(compare::fromEvent(e), outcome->decisions);
    if (cmp.verdict == compare::Verdict::kDiverge && out.verdict != compare::Verdict::kDiverge) {
      out.verdict = compare::Verdict::kDiverge;
      out.reason = "frame " + std::to_string(i) + " (" + name + ") diverges";
      out.diff = cmp.diff;
    }
  }
  out.coreNs = static_cast<uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - t0)
          .count());
  return out;
}

std::string normalizeReason(const std::string& reason, bool stripQuoted) {
  std::string out;
  size_t i = 0;
  while (i < reason.size() && out.size() < 120) {
    unsigned char c = static_cast<unsigned char>(reason[i]);
    if (c == '\n') break;
    if (stripQuoted && c == '\'') {
      size_t close = reason.find('\'', i + 1);
      if (close != std::string::npos && close - i < 80) {
        out += "'_'";
        i = close + 1;
        continue;
      }
    }
    if (std::isdigit(c)) {
      while (i < reason.size() &&
             (std::isxdigit(static_cast<unsigned char>(reason[i])) || reason[i] == 'x'))
        ++i;
      out += 'N';
      continue;
    }
    out += static_cast<char>(c);
    ++i;
  }
  return out;
}

}  // namespace dynrr::fuzz
