// replay_command.cpp — `dynrr replay TRACE`: replay each recorded frame through the
// core and give a verdict per frame (match / diverge / unsupported).
//
// A frame matches only after every graph, guard and break was compared
// (core/compare); `unsupported` carries the core's reason. `--html OUT` and `--junit OUT`
// also write the reports of html_report.h and junit_report.h.
#include <kj/exception.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <string>

#include "core/compare/compare.h"
#include "core/trace/event_times.h"
#include "core/trace/trace_reader.h"
#include "core/tracer/instruction_translator.h"
#include "replayer/commands.h"
#include "replayer/html_report.h"
#include "replayer/junit_report.h"

namespace dynrr::replayer {
namespace {

std::string jsonEscape(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof(buf), "\\u%04x", c);
          out += buf;
        } else {
          out += c;
        }
    }
  }
  return out;
}

// A time for the JSON output: nanoseconds, or null when the trace did not measure it.
std::string optionalNs(std::optional<uint64_t> ns) {
  return ns ? std::to_string(*ns) : std::string("null");
}

// A time for the table: "12.34ms", or "?" when the trace did not measure it.
std::string msOrUnknown(std::optional<uint64_t> ns) {
  if (!ns) return "?";
  char buf[32];
  std::snprintf(buf, sizeof(buf), "%.2fms", static_cast<double>(*ns) / 1e6);
  return buf;
}

bool writeFile(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  out.close();
  if (!out) {
    std::fprintf(stderr, "dynrr replay: cannot write '%s'\n", path.c_str());
    return false;
  }
  return true;
}

}  // namespace

int runReplay(const std::vector<std::string>& args) {
  std::string path;
  long only = -1;
  bool json = false;
  bool showDiff = true;
  std::string htmlPath, junitPath;
  tracer::ReplayLimits limits = tracer::replayLimits();
  for (size_t i = 0; i < args.size(); ++i) {
    if ((args[i] == "--frame-time-limit" || args[i] == "--frame-step-limit") &&
        i + 1 < args.size()) {
      char* end = nullptr;
      double v = std::strtod(args[i + 1].c_str(), &end);
      if (end == args[i + 1].c_str() || *end != '\0' || !(v > 0)) {
        std::fprintf(stderr, "dynrr replay: %s needs a positive number, got '%s'\n",
                     args[i].c_str(), args[i + 1].c_str());
        return kExitBadInput;
      }
      if (args[i] == "--frame-time-limit")
        limits.maxSeconds = v;
      else
        limits.maxSteps = static_cast<size_t>(v);
      ++i;
    } else if (args[i] == "--frame" && i + 1 < args.size()) {
      only = std::strtol(args[++i].c_str(), nullptr, 10);
    } else if (args[i] == "--json") {
      json = true;
    } else if (args[i] == "--html" && i + 1 < args.size()) {
      htmlPath = args[++i];
    } else if (args[i] == "--junit" && i + 1 < args.size()) {
      junitPath = args[++i];
    } else if (args[i] == "--no-diff") {
      showDiff = false;
    } else if (path.empty() && args[i][0] != '-') {
      path = args[i];
    } else {
      std::fprintf(stderr, "dynrr replay: unexpected argument '%s'\n", args[i].c_str());
      return kExitBadInput;
    }
  }
  if (path.empty()) {
    std::fprintf(stderr,
                 "usage: dynrr replay TRACE [--frame N] [--json] [--no-diff] [--html OUT.html] "
                 "[--junit OUT.xml] [--frame-time-limit SECONDS] [--frame-step-limit N]\n");
    return kExitBadInput;
  }
  tracer::setReplayLimits(limits);
  auto trace = trace::TraceReader::openFile(path);
  if (!trace) {
    std::fprintf(stderr, "dynrr: %s\n", trace.error().message().c_str());
    return kExitBadInput;
  }
  if (!trace->warning().empty())
    std::fprintf(stderr, "dynrr: warning: %s\n", trace->warning().c_str());
  if (only >= 0 && static_cast<size_t>(only) >= trace->eventCount()) {
    std::fprintf(stderr, "dynrr replay: no frame %ld (trace has %zu)\n", only, trace->eventCount());
    return kExitBadInput;
  }
  size_t counts[3] = {0, 0, 0};
  std::string frames;
  std::string details;
  std::vector<ReportFrame> reports;
  const bool reporting = !htmlPath.empty() || !junitPath.empty();
  if (!json) {
    // "dynamo" is Dynamo's tracing time (its compile minus the backend's); the speedup is
    // against it. Traces that did not time the backend show "?" and no speedup.
    std::printf("%-5s %-34s %-11s %6s %5s %10s %11s %11s %9s\n", "frame", "name", "verdict",
                "graphs", "ops", "core", "dynamo", "backend", "speedup");
  }
  bool badInput = false;
  for (size_t i = 0; i < trace->eventCount(); ++i) {
    if (only >= 0 && static_cast<size_t>(only) != i) continue;
    // An event whose Cap'n Proto structure contradicts the schema (kj::Exception from an
    // accessor) is bad input: named on stderr, the other events still replayed, exit 2.
    try {
      auto e = trace->event(i);
      std::string name = "?";
      if (auto code = trace->object(e.getFrame().getCode());
          code && code->which() == schema::Object::Which::CODE) {
        name = code->getCode().getQualname();
      }
      auto t0 = std::chrono::steady_clock::now();
      auto outcome = tracer::replayFrame(*trace, i);
      auto t1 = std::chrono::steady_clock::now();
      uint64_t coreNs = static_cast<uint64_t>(
          std::chrono::duration_cast<std::chrono::nanoseconds>(t1 - t0).count());
      compare::Verdict verdict;
      std::string reason, diff;
      size_t ops = 0, graphs = 0;
      if (!outcome) {
        verdict = compare::Verdict::kUnsupported;
        reason = outcome.error().message();
      } else {
        ops = outcome->ops;
        graphs = outcome->decisions.graphs.size();
        auto cmp = compare::compareDecisions(compare::fromEvent(e), outcome->decisions);
        verdict = cmp.verdict;
        diff = cmp.diff;
        if (verdict == compare::Verdict::kUnsupported) reason = std::move(diff);
      }
      ++counts[static_cast<int>(verdict)];
      const trace::DynamoTimes times = trace::dynamoTimes(e);
      const uint64_t dynamoNs = times.compileNs;
      if (reporting) {
        ReportFrame r;
        describeFrameCode(*trace, path, i, r);
        r.verdict = verdict;
        r.reason = reason;
        r.diff = diff;
        r.coreNs = coreNs;
        r.dynamoNs = dynamoNs;
        r.times = times;
        r.ops = ops;
        r.dynamo = compare::fromEvent(e);
        if (outcome) r.core = outcome->decisions;
        reports.push_back(std::move(r));
      }
      if (json) {
        if (!frames.empty()) frames += ",";
        frames += "{\"index\":" + std::to_string(i) + ",\"name\":\"" + jsonEscape(name) +
                  "\",\"verdict\":\"" + compare::verdictName(verdict) + "\",\"reason\":\"" +
                  jsonEscape(reason) + "\",\"diff\":\"" + jsonEscape(diff) +
                  "\",\"core_ns\":" + std::to_string(coreNs) +
                  ",\"dynamo_ns\":" + std::to_string(dynamoNs) +
                  ",\"tracing_ns\":" + optionalNs(times.tracingNs()) + ",\"backend_ns\":" +
                  optionalNs(times.backendTimed ? std::optional(times.backendNs) : std::nullopt) +
                  ",\"ops\":" + std::to_string(ops) + ",\"graphs\":" + std::to_string(graphs) +
                  ",\"guards\":" + std::to_string(e.getReference().getGuards().size()) + "}";
      } else {
        std::string speed = verdict != compare::Verdict::kUnsupported
                                ? trace::speedupText(times, coreNs)
                                : std::string("-");
        std::printf(
            "%-5zu %-34s %-11s %6zu %5zu %8.3fms %11s %11s %9s\n", i, name.substr(0, 34).c_str(),
            compare::verdictName(verdict), graphs, ops, static_cast<double>(coreNs) / 1e6,
            msOrUnknown(times.tracingNs()).c_str(),
            msOrUnknown(times.backendTimed ? std::optional(times.backendNs) : std::nullopt).c_str(),
            speed.c_str());
        if (!reason.empty())
          details += "frame " + std::to_string(i) + " (" + name + "): " + reason + "\n";
        if (!diff.empty() && showDiff)
          details += "frame " + std::to_string(i) + " (" + name + ") diverges:\n" + diff;
      }
      if (!outcome && reason.rfind("bad input:", 0) == 0) {
        badInput = true;
        std::fprintf(stderr, "dynrr: %s: %s\n", path.c_str(), reason.c_str());
      }
    } catch (const kj::Exception& ex) {
      std::string what = ex.getDescription().cStr();
      std::fprintf(stderr, "dynrr: %s: bad input: event %zu: malformed trace data: %s\n",
                   path.c_str(), i, what.substr(0, what.find('\n')).c_str());
      badInput = true;
    }
  }
  if (json) {
    std::printf(
        "{\"frames\":[%s],\"summary\":{\"match\":%zu,\"diverge\":%zu,\"unsupported\":%zu}}\n",
        frames.c_str(), counts[0], counts[1], counts[2]);
  } else {
    if (!details.empty()) std::printf("\n%s", details.c_str());
    std::printf("summary: %zu match, %zu diverge, %zu unsupported\n", counts[0], counts[1],
                counts[2]);
  }
  if (!htmlPath.empty() && !writeFile(htmlPath, renderHtml(path, reports))) return kExitBadInput;
  if (!junitPath.empty() && !writeFile(junitPath, renderJUnit(path, reports))) return kExitBadInput;
  if (badInput) return kExitBadInput;
  return counts[1] > 0 ? kExitDiverge : kExitOk;
}

}  // namespace dynrr::replayer
