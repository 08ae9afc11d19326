// show_command.cpp — `dynrr show TRACE`: a readable summary of everything a trace
// holds: the header, then per event the frame (function, file, line), its locals and
// cells with types and tensor metadata, the globals reached, and Dynamo's decisions
// (graphs, guards, graph breaks, side effects).
#include <cstdio>
#include <string>

#include "core/trace/object_printer.h"
#include "core/trace/trace_reader.h"
#include "replayer/commands.h"
#include "replayer/show_disassembly.h"

namespace dynrr::replayer {
namespace {

const char* statusName(schema::EventStatus s) {
  switch (s) {
    case schema::EventStatus::COMPILED: return "compiled";
    case schema::EventStatus::SKIPPED: return "skipped";
    case schema::EventStatus::ERROR: return "error";
    case schema::EventStatus::INCOMPLETE: return "incomplete";
  }
  return "?";
}

std::string ms(uint64_t ns) {
  char buf[32];
  std::snprintf(buf, sizeof(buf), "%.2f ms", static_cast<double>(ns) / 1e6);
  return buf;
}

void printIndented(const std::string& text, const char* indent) {
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::printf("%s%s\n", indent, text.substr(start, end - start).c_str());
    start = end + 1;
  }
}

void showHeader(const trace::TraceReader& trace) {
  auto h = trace.header();
  std::printf("trace %s\n", trace.name().c_str());
  std::printf("  format %u (readable by >= %u), producer %s, dynrr %s\n", h.getFormatVersion(),
              h.getMinReaderVersion(), h.getProducer().cStr(), h.getDynrrVersion().cStr());
  std::printf("  python %s, torch %s%s\n", h.getPythonVersion().cStr(), h.getTorchVersion().cStr(),
              h.getTensorValuesRecorded() ? ", tensor values recorded" : "");
  auto c = h.getConfig();
  std::printf(
      "  config: specialize_int=%d specialize_float=%d assume_static_by_default=%d "
      "automatic_dynamic_shapes=%d inline_inbuilt_nn_modules=%d capture_scalar_outputs=%d\n",
      c.getSpecializeInt(), c.getSpecializeFloat(), c.getAssumeStaticByDefault(),
      c.getAutomaticDynamicShapes(), c.getInlineInbuiltNnModules(), c.getCaptureScalarOutputs());
  auto g = h.getGlobalState();
  std::printf(
      "  global state: grad=%d default_dtype=%s deterministic=%d autocast_cpu=%d "
      "torch_function=%d\n",
      g.getGradEnabled(), g.getDefaultDtype().cStr(), g.getDeterministicAlgorithms(),
      g.getAutocastCpuEnabled(), g.getTorchFunctionEnabled());
  std::printf("  %zu events, %u objects, %llu bytes\n", trace.eventCount(), trace.objectCount(),
              static_cast<unsigned long long>(trace.fileBytes()));
}

void showEvent(const trace::TraceReader& trace, size_t index, bool disassemble) {
  auto e = trace.event(index);
  auto frame = e.getFrame();
  std::string qualname = "?", file = "?";
  uint32_t line = 0;
  if (auto code = trace.object(frame.getCode());
      code && code->which() == schema::Object::Which::CODE) {
    qualname = code->getCode().getQualname();
    file = code->getCode().getFilename();
    line = code->getCode().getFirstlineno();
  }
  std::printf("\n== event %u  [%s]  %s  %s:%u  %s\n", e.getIndex(), e.getCompileId().cStr(),
              qualname.c_str(), file.c_str(), line, statusName(e.getStatus()));
  if (e.getStatusReason().size()) std::printf("  reason: %s\n", e.getStatusReason().cStr());
  std::printf("  dynamo %s, recorder %s%s\n", ms(e.getDynamoNs()).c_str(),
              ms(e.getRecorderNs()).c_str(), e.getIsResume() ? ", resume function" : "");
  for (auto r : e.getRecompileReasons()) std::printf("  recompile because: %s\n", r.cStr());

  if (disassemble && frame.getCode() != 0) {
    std::printf("  disassembly:\n");
    printIndented(disassembleForShow(trace, frame.getCode()), "    ");
  }
  std::printf("  locals:\n");
  for (auto nv : frame.getLocals()) {
    std::printf("    %s: %s = %s\n", nv.getName().cStr(),
                trace::typeName(trace, nv.getValue()).c_str(),
                trace::describeObject(trace, nv.getValue()).c_str());
  }
  if (frame.getCells().size()) {
    std::printf("  cells:\n");
    for (auto nv : frame.getCells()) {
      std::printf("    %s: %s  (object #%u)\n", nv.getName().cStr(),
                  trace::describeObject(trace, nv.getValue()).c_str(), nv.getValue());
    }
  }
  if (auto g = trace.object(frame.getGlobals()); g && g->which() == schema::Object::Which::DICT) {
    std::printf("  globals reached: %u\n", g->getDict().size());
    for (auto entry : g->getDict()) {
      std::printf("    %s = %s\n", trace::describeObject(trace, entry.getKey()).c_str(),
                  trace::describeObject(trace, entry.getValue()).c_str());
    }
  }

  auto ref = e.getReference();
  std::printf("  graphs: %u\n", ref.getGraphs().size());
  unsigned gi = 0;
  for (auto graph : ref.getGraphs()) {
    std::printf("  -- graph %u (%u nodes)\n", gi++, graph.getNodes().size());
    printIndented(graph.getCode().cStr(), "    | ");
    for (auto node : graph.getNodes()) {
      if (node.getOp() == schema::NodeOp::PLACEHOLDER && node.getSource().size()) {
        std::printf("    placeholder %s <- %s\n", node.getName().cStr(), node.getSource().cStr());
      }
    }
  }
  std::printf("  guards: %u\n", ref.getGuards().size());
  for (auto guard : ref.getGuards()) {
    std::printf("    %-22s %s", guard.getKind().cStr(), guard.getSource().cStr());
    if (guard.getDetail().size()) std::printf("  %s", guard.getDetail().cStr());
    std::printf("\n");
  }
  std::printf("  graph breaks: %u\n", ref.getGraphBreaks().size());
  for (auto gb : ref.getGraphBreaks()) {
    std::printf("    at offset %u: %s\n", gb.getOffset(), gb.getReason().cStr());
    for (auto fs : gb.getUserStack()) {
      std::printf("      %s:%u in %s\n", fs.getFilename().cStr(), fs.getLine(),
                  fs.getName().cStr());
    }
  }
  if (ref.getSideEffects().size()) {
    std::printf("  side effects: %u\n", ref.getSideEffects().size());
    for (auto se : ref.getSideEffects()) {
      std::printf("    %s %s\n", se.getTarget().cStr(), se.getDetail().cStr());
    }
  }
}

}  // namespace

int runShow(const std::vector<std::string>& args) {
  std::string path;
  long only = -1;
  bool disassemble = true;
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--event" && i + 1 < args.size()) {
      only = std::strtol(args[++i].c_str(), nullptr, 10);
    } else if (args[i] == "--no-disassembly") {
      disassemble = false;
    } else if (path.empty() && args[i][0] != '-') {
      path = args[i];
    } else {
      std::fprintf(stderr, "dynrr show: unexpected argument '%s'\n", args[i].c_str());
      return kExitBadInput;
    }
  }
  if (path.empty()) {
    std::fprintf(stderr, "usage: dynrr show TRACE [--event N] [--no-disassembly]\n");
    return kExitBadInput;
  }
  auto trace = trace::TraceReader::openFile(path);
  if (!trace) {
    std::fprintf(stderr, "dynrr: %s\n", trace.error().message().c_str());
    return kExitBadInput;
  }
  if (!trace->warning().empty())
    std::fprintf(stderr, "dynrr: warning: %s\n", trace->warning().c_str());
  showHeader(*trace);
  for (size_t i = 0; i < trace->eventCount(); ++i) {
    if (only >= 0 && static_cast<size_t>(only) != i) continue;
    showEvent(*trace, i, disassemble);
  }
  if (only >= 0 && static_cast<size_t>(only) >= trace->eventCount()) {
    std::fprintf(stderr, "dynrr show: no event %ld (trace has %zu)\n", only, trace->eventCount());
    return kExitBadInput;
  }
  return kExitOk;
}

}  // namespace dynrr::replayer
