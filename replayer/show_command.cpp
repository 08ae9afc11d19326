// show_command.cpp — `dynrr show TRACE`: a readable summary of everything a trace
// holds: the header (versions, Dynamo config, global torch state), then per event the
// frame (function, file, line, status, timings, recompile reasons), the disassembly,
// its locals and cells with types and tensor metadata, nn.Module trees, the globals and
// builtins reached with Dynamo's classification of callables, and Dynamo's decisions:
// graphs (code and per-node example values), guards, graph breaks, side effects and
// the generated code. The recorder (recorder/) writes what is shown here.
#include <kj/exception.h>

#include <cstdio>
#include <string>
#include <vector>

#include "core/compare/decisions.h"
#include "core/trace/event_times.h"
#include "core/trace/object_printer.h"
#include "core/trace/trace_reader.h"
#include "replayer/commands.h"
#include "replayer/show_disassembly.h"

namespace dynrr::replayer {
namespace {

using schema::Object;

const char* statusName(schema::EventStatus s) {
  switch (s) {
    case schema::EventStatus::COMPILED: return "compiled";
    case schema::EventStatus::SKIPPED: return "skipped";
    case schema::EventStatus::ERROR: return "error";
    case schema::EventStatus::INCOMPLETE: return "incomplete";
  }
  return "?";
}

const char* callableClassName(schema::CallableClass c) {
  switch (c) {
    case schema::CallableClass::UNKNOWN: return "unknown";
    case schema::CallableClass::IN_GRAPH: return "in graph";
    case schema::CallableClass::INLINED: return "inlined";
    case schema::CallableClass::SKIPPED: return "skipped";
    case schema::CallableClass::BUILTIN: return "builtin";
    case schema::CallableClass::CONSTANT_FOLD: return "constant-folded";
  }
  return "?";
}

const char* sideEffectName(schema::SideEffectKind k) {
  switch (k) {
    case schema::SideEffectKind::STORE_ATTR: return "store attr";
    case schema::SideEffectKind::STORE_GLOBAL: return "store global";
    case schema::SideEffectKind::STORE_CELL: return "store cell";
    case schema::SideEffectKind::MUTATE_LIST: return "mutate list";
    case schema::SideEffectKind::MUTATE_DICT: return "mutate dict";
    case schema::SideEffectKind::MUTATE_SET: return "mutate set";
    case schema::SideEffectKind::NEW_OBJECT: return "new object";
    case schema::SideEffectKind::OTHER: return "other";
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

// The object when `ref` is valid and of kind `which`.
bool objectIs(const trace::TraceReader& trace, trace::ObjRef ref, Object::Which which,
              Object::Reader& out) {
  auto o = trace.object(ref);
  if (!o || o->which() != which) return false;
  out = *o;
  return true;
}

std::string strOf(const trace::TraceReader& trace, trace::ObjRef ref) {
  Object::Reader o;
  if (objectIs(trace, ref, Object::STR, o)) return o.getStr();
  return trace::describeObject(trace, ref);
}

// "  [inlined: UserFunctionVariable]" for callables, "" otherwise.
std::string classification(const trace::TraceReader& trace, trace::ObjRef ref) {
  auto o = trace.object(ref);
  if (!o) return "";
  if (o->which() == Object::BOUND_METHOD)
    return classification(trace, o->getBoundMethod().getFunction());
  if (o->which() == Object::FUNCTION) {
    auto f = o->getFunction();
    std::string rule = f.getRule();
    return std::string("  [") + callableClassName(f.getClassification()) +
           (rule.empty() ? "" : ": " + rule) + "]";
  }
  if (o->which() == Object::CALLABLE) {
    auto c = o->getCallable();
    std::string reason = c.getReason();
    return std::string("  [") + callableClassName(c.getClassification()) +
           (reason.empty() ? "" : ": " + reason) + "]";
  }
  return "";
}

std::string valueMeta(schema::ValueMeta::Reader v) {
  switch (v.which()) {
    case schema::ValueMeta::NONE: return "None";
    case schema::ValueMeta::TENSOR: return trace::describeTensorMeta(v.getTensor());
    case schema::ValueMeta::TUPLE: {
      std::string out = "(";
      for (auto item : v.getTuple()) out += valueMeta(item) + ", ";
      if (out.size() > 1) out.resize(out.size() - 2);
      return out + ")";
    }
    case schema::ValueMeta::INT: return std::to_string(v.getInt());
    case schema::ValueMeta::FLOAT: return std::to_string(v.getFloat());
    case schema::ValueMeta::BOOL: return v.getBool() ? "True" : "False";
    case schema::ValueMeta::SYMBOL: return v.getSymbol();
    case schema::ValueMeta::OTHER: return "<" + std::string(v.getOther().cStr()) + ">";
  }
  return "?";
}

// An attribute of an instance by name, 0 if absent.
trace::ObjRef instanceAttr(schema::Instance::Reader inst, const char* name) {
  for (auto a : inst.getAttrs())
    if (a.getName() == name) return a.getValue();
  return 0;
}

// nn.Module trees: class, training flag, parameters, buffers, submodules.
void showModuleTree(const trace::TraceReader& trace, trace::ObjRef ref, const std::string& name,
                    const std::string& indent, int depth) {
  Object::Reader o;
  if (!objectIs(trace, ref, Object::INSTANCE, o)) return;
  auto inst = o.getInstance();
  if (inst.getKind() != schema::InstanceKind::NN_MODULE) return;
  std::string cls = "?";
  Object::Reader c;
  if (objectIs(trace, inst.getClass(), Object::CLASS, c)) cls = c.getClass().getQualname();
  Object::Reader training;
  bool train =
      objectIs(trace, instanceAttr(inst, "training"), Object::BOOL, training) && training.getBool();
  std::printf("%s%s: %s%s\n", indent.c_str(), name.c_str(), cls.c_str(), train ? "" : " (eval)");
  if (depth > 6) {
    std::printf("%s  ...\n", indent.c_str());
    return;
  }
  auto entries = [&](const char* dictName, const char* label) {
    Object::Reader d;
    if (!objectIs(trace, instanceAttr(inst, dictName), Object::DICT, d)) return;
    for (auto e : d.getDict()) {
      std::printf("%s  %s %s: %s\n", indent.c_str(), label, strOf(trace, e.getKey()).c_str(),
                  trace::describeObject(trace, e.getValue()).c_str());
    }
  };
  entries("_parameters", "param");
  entries("_buffers", "buffer");
  Object::Reader mods;
  if (objectIs(trace, instanceAttr(inst, "_modules"), Object::DICT, mods)) {
    for (auto e : mods.getDict())
      showModuleTree(trace, e.getValue(), strOf(trace, e.getKey()), indent + "  ", depth + 1);
  }
}

// The settings of `now` that differ from `base`, as " name=value" items (the config an
// event was compiled under, against the header's: dynamic=True, config.patch).
std::string configChanges(schema::DynamoConfig::Reader base, schema::DynamoConfig::Reader now) {
  std::string out;
  auto flag = [&](const char* name, bool a, bool b) {
    if (a != b) out += std::string(" ") + name + "=" + (b ? "1" : "0");
  };
  flag("specialize_int", base.getSpecializeInt(), now.getSpecializeInt());
  flag("specialize_float", base.getSpecializeFloat(), now.getSpecializeFloat());
  flag("assume_static_by_default", base.getAssumeStaticByDefault(), now.getAssumeStaticByDefault());
  flag("automatic_dynamic_shapes", base.getAutomaticDynamicShapes(),
       now.getAutomaticDynamicShapes());
  flag("inline_inbuilt_nn_modules", base.getInlineInbuiltNnModules(),
       now.getInlineInbuiltNnModules());
  flag("capture_scalar_outputs", base.getCaptureScalarOutputs(), now.getCaptureScalarOutputs());
  flag("capture_dynamic_output_shape_ops", base.getCaptureDynamicOutputShapeOps(),
       now.getCaptureDynamicOutputShapeOps());
  if (base.getCacheSizeLimit() != now.getCacheSizeLimit())
    out += " cache_size_limit=" + std::to_string(now.getCacheSizeLimit());
  if (base.getRecompileLimit() != now.getRecompileLimit())
    out += " recompile_limit=" + std::to_string(now.getRecompileLimit());
  for (auto kv : now.getOthers()) {
    bool same = false;
    for (auto b : base.getOthers())
      if (b.getKey() == kv.getKey()) same = b.getValue() == kv.getValue();
    if (!same) out += std::string(" ") + kv.getKey().cStr() + "=" + kv.getValue().cStr();
  }
  return out;
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
      "automatic_dynamic_shapes=%d inline_inbuilt_nn_modules=%d capture_scalar_outputs=%d "
      "capture_dynamic_output_shape_ops=%d cache_size_limit=%lld recompile_limit=%lld\n",
      c.getSpecializeInt(), c.getSpecializeFloat(), c.getAssumeStaticByDefault(),
      c.getAutomaticDynamicShapes(), c.getInlineInbuiltNnModules(), c.getCaptureScalarOutputs(),
      c.getCaptureDynamicOutputShapeOps(), static_cast<long long>(c.getCacheSizeLimit()),
      static_cast<long long>(c.getRecompileLimit()));
  for (auto kv : c.getOthers())
    std::printf("    %s=%s\n", kv.getKey().cStr(), kv.getValue().cStr());
  auto g = h.getGlobalState();
  std::printf(
      "  global state: grad=%d inference_mode=%d default_dtype=%s default_device=%s "
      "deterministic=%d autocast_cpu=%d torch_function=%d threads=%d\n",
      g.getGradEnabled(), g.getInferenceMode(), g.getDefaultDtype().cStr(),
      g.getDefaultDevice().size() ? g.getDefaultDevice().cStr() : "-",
      g.getDeterministicAlgorithms(), g.getAutocastCpuEnabled(), g.getTorchFunctionEnabled(),
      g.getNumThreads());
  std::printf("  %zu events, %u objects, %llu bytes\n", trace.eventCount(), trace.objectCount(),
              static_cast<unsigned long long>(trace.fileBytes()));
}

void showNamedDict(const trace::TraceReader& trace, trace::ObjRef ref, const char* title) {
  Object::Reader d;
  if (!objectIs(trace, ref, Object::DICT, d)) return;
  std::printf("  %s: %u\n", title, d.getDict().size());
  for (auto entry : d.getDict()) {
    trace::ObjRef v = entry.getValue();
    std::printf("    %s = %s%s\n", strOf(trace, entry.getKey()).c_str(),
                trace::describeObject(trace, v).c_str(), classification(trace, v).c_str());
    Object::Reader m;
    if (objectIs(trace, v, Object::MODULE, m)) {
      for (auto a : m.getModule().getAttrs()) {
        std::printf("      .%s = %s%s\n", a.getName().cStr(),
                    trace::describeObject(trace, a.getValue()).c_str(),
                    classification(trace, a.getValue()).c_str());
      }
    }
  }
}

void showFrame(const trace::TraceReader& trace, schema::FrameInput::Reader frame) {
  std::printf("  locals:\n");
  std::vector<std::pair<std::string, trace::ObjRef>> modules;
  for (auto nv : frame.getLocals()) {
    std::printf("    %s: %s = %s\n", nv.getName().cStr(),
                trace::typeName(trace, nv.getValue()).c_str(),
                trace::describeObject(trace, nv.getValue()).c_str());
    modules.emplace_back(nv.getName(), nv.getValue());
  }
  if (frame.getCells().size()) {
    std::printf("  cells:\n");
    for (auto nv : frame.getCells()) {
      Object::Reader cell;
      uint64_t identity = 0;
      trace::ObjRef contents = 0;
      if (objectIs(trace, nv.getValue(), Object::CELL, cell)) {
        identity = cell.getIdentity();
        contents = cell.getCell().getEmpty() ? 0 : cell.getCell().getContents();
      }
      std::printf("    %s: %s  (cell object #%u, identity %llu)\n", nv.getName().cStr(),
                  trace::describeObject(trace, nv.getValue()).c_str(), nv.getValue(),
                  static_cast<unsigned long long>(identity));
      if (contents) modules.emplace_back(nv.getName(), contents);
    }
  }
  bool header = false;
  for (auto& [name, ref] : modules) {
    Object::Reader o;
    if (!objectIs(trace, ref, Object::INSTANCE, o) ||
        o.getInstance().getKind() != schema::InstanceKind::NN_MODULE)
      continue;
    if (!header) std::printf("  module trees:\n");
    header = true;
    showModuleTree(trace, ref, name, "    ", 0);
  }
  showNamedDict(trace, frame.getGlobals(), "globals reached");
  showNamedDict(trace, frame.getBuiltins(), "builtins reached");
}

// A graph's code and nodes, then its subgraphs (higher-order op bodies) indented under
// it, each headed by its get_attr name.
void showGraph(schema::Graph::Reader graph, const std::string& indent, int depth) {
  printIndented(graph.getCode().cStr(), (indent + "| ").c_str());
  std::printf("%snodes:\n", indent.c_str());
  for (auto node : graph.getNodes()) {
    std::string target = node.getTarget();
    if (node.getOp() == schema::NodeOp::PLACEHOLDER && node.getSource().size())
      target = std::string("<- ") + node.getSource().cStr();
    std::printf("%s  %-24s %-13s %-36s %s\n", indent.c_str(), node.getName().cStr(),
                compare::nodeOpName(node.getOp()), target.c_str(),
                valueMeta(node.getExampleValue()).c_str());
  }
  if (depth >= 16) return;
  for (auto sub : graph.getSubgraphs()) {
    std::printf("%s-- subgraph %s (%u nodes)\n", indent.c_str(), sub.getName().cStr(),
                sub.getGraph().getNodes().size());
    showGraph(sub.getGraph(), indent + "    ", depth + 1);
  }
}

void showDecisions(const trace::TraceReader& trace, schema::Decisions::Reader ref) {
  std::printf("  graphs: %u\n", ref.getGraphs().size());
  unsigned gi = 0;
  for (auto graph : ref.getGraphs()) {
    std::printf("  -- graph %u (%u nodes)\n", gi++, graph.getNodes().size());
    showGraph(graph, "    ", 0);
  }
  std::printf("  guards: %u\n", ref.getGuards().size());
  for (auto guard : ref.getGuards()) {
    std::printf("    %-22s %s", guard.getKind().cStr(), guard.getSource().cStr());
    if (guard.getDetail().size()) std::printf("  %s", guard.getDetail().cStr());
    std::printf("\n");
    // The shape env's guard is the expressions it printed (produce_guards).
    if (guard.getKind() == "SHAPE_ENV")
      for (auto part : guard.getCodeParts())
        if (part.size()) std::printf("      | %s\n", part.cStr());
  }
  std::printf("  graph breaks: %u\n", ref.getGraphBreaks().size());
  for (auto gb : ref.getGraphBreaks()) {
    std::printf("    at offset %u after %u graph(s)%s%s:\n", gb.getOffset(), gb.getGraphCount(),
                gb.getGbType().size() ? ", type: " : "", gb.getGbType().cStr());
    printIndented(gb.getReason().cStr(), "      | ");
    for (auto fs : gb.getUserStack()) {
      std::printf("      at %s:%u in %s\n", fs.getFilename().cStr(), fs.getLine(),
                  fs.getName().cStr());
    }
  }
  if (ref.getSideEffects().size()) {
    std::printf("  side effects: %u\n", ref.getSideEffects().size());
    for (auto se : ref.getSideEffects()) {
      std::printf("    %-13s %s  %s\n", sideEffectName(se.getKind()), se.getTarget().cStr(),
                  se.getDetail().cStr());
    }
  }
  Object::Reader gen;
  if (objectIs(trace, ref.getGeneratedCode(), Object::CODE, gen)) {
    std::printf("  generated code: %s (%zu bytes of bytecode, %u constants)\n",
                gen.getCode().getQualname().cStr(), gen.getCode().getCode().size(),
                gen.getCode().getConsts().size());
  }
  if (ref.getUnsupported().size()) std::printf("  unsupported: %s\n", ref.getUnsupported().cStr());
}

void showEvent(const trace::TraceReader& trace, size_t index, bool disassemble) {
  auto e = trace.event(index);
  auto frame = e.getFrame();
  std::string qualname = "?", file = "?";
  uint32_t line = 0;
  Object::Reader code;
  if (objectIs(trace, frame.getCode(), Object::CODE, code)) {
    qualname = code.getCode().getQualname();
    file = code.getCode().getFilename();
    line = code.getCode().getFirstlineno();
  }
  std::printf("\n== event %u  [%s]  %s  %s:%u  %s\n", e.getIndex(), e.getCompileId().cStr(),
              qualname.c_str(), file.c_str(), line, statusName(e.getStatus()));
  if (e.getStatusReason().size()) printIndented(e.getStatusReason().cStr(), "  reason: ");
  const trace::DynamoTimes times = trace::dynamoTimes(e);
  std::string split = "backend time not recorded";
  if (auto tracing = times.tracingNs())
    split = "tracing " + ms(*tracing) + " + backend " + ms(times.backendNs);
  std::printf("  dynamo %s (%s), recorder %s%s%s%s\n", ms(e.getDynamoNs()).c_str(), split.c_str(),
              ms(e.getRecorderNs()).c_str(), e.getIsResume() ? ", resume function" : "",
              e.getExport() ? ", export=True" : "",
              e.getBackend() == schema::BackendKind::OTHER ? ", backend other than eager" : "");
  for (auto r : e.getRecompileReasons()) std::printf("  recompile because: %s\n", r.cStr());
  if (e.hasConfig()) {
    std::string changed = configChanges(trace.header().getConfig(), e.getConfig());
    if (!changed.empty()) std::printf("  config for this compile:%s\n", changed.c_str());
  }

  if (disassemble && frame.getCode() != 0) {
    std::printf("  disassembly:\n");
    printIndented(disassembleForShow(trace, frame.getCode()), "    ");
  }
  showFrame(trace, frame);
  showDecisions(trace, e.getReference());
}

// --objects: every object of the heap, one per line, with the members of instances,
// classes, modules and functions one level deep (what the core can look into).
void showObjects(const trace::TraceReader& trace) {
  std::printf("\n== objects\n");
  auto members = [&](const char* label, auto attrs) {
    for (auto a : attrs)
      std::printf("      %s %s = #%u %s\n", label, a.getName().cStr(), a.getValue(),
                  trace::describeObject(trace, a.getValue()).c_str());
  };
  for (trace::ObjRef ref = 1; ref <= trace.objectCount(); ++ref) {
    auto obj = trace.object(ref);
    if (!obj) continue;
    std::printf("  #%u %s = %s\n", ref, trace::typeName(trace, ref).c_str(),
                trace::describeObject(trace, ref).c_str());
    switch (obj->which()) {
      case Object::INSTANCE:
        std::printf("      class #%u\n", obj->getInstance().getClass());
        members("attr", obj->getInstance().getAttrs());
        members("slot", obj->getInstance().getSlots());
        break;
      case Object::CLASS: members("attr", obj->getClass().getAttrs()); break;
      case Object::MODULE: members("attr", obj->getModule().getAttrs()); break;
      case Object::FUNCTION:
        std::printf("      code #%u globals #%u defaults #%u\n", obj->getFunction().getCode(),
                    obj->getFunction().getGlobals(), obj->getFunction().getDefaults());
        members("attr", obj->getFunction().getAttrs());
        break;
      case Object::DICT:
        for (auto e : obj->getDict())
          std::printf("      [#%u %s] = #%u %s\n", e.getKey(),
                      trace::describeObject(trace, e.getKey()).c_str(), e.getValue(),
                      trace::describeObject(trace, e.getValue()).c_str());
        break;
      default: break;
    }
  }
}

}  // namespace

int runShow(const std::vector<std::string>& args) {
  std::string path;
  long only = -1;
  bool disassemble = true;
  bool objects = false;
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--event" && i + 1 < args.size()) {
      only = std::strtol(args[++i].c_str(), nullptr, 10);
    } else if (args[i] == "--no-disassembly") {
      disassemble = false;
    } else if (args[i] == "--objects") {
      objects = true;
    } else if (path.empty() && args[i][0] != '-') {
      path = args[i];
    } else {
      std::fprintf(stderr, "dynrr show: unexpected argument '%s'\n", args[i].c_str());
      return kExitBadInput;
    }
  }
  if (path.empty()) {
    std::fprintf(stderr, "usage: dynrr show TRACE [--event N] [--no-disassembly] [--objects]\n");
    return kExitBadInput;
  }
  auto trace = trace::TraceReader::openFile(path);
  if (!trace) {
    std::fprintf(stderr, "dynrr: %s\n", trace.error().message().c_str());
    return kExitBadInput;
  }
  if (!trace->warning().empty())
    std::fprintf(stderr, "dynrr: warning: %s\n", trace->warning().c_str());
  if (only >= 0 && static_cast<size_t>(only) >= trace->eventCount()) {
    std::fprintf(stderr, "dynrr show: no event %ld (trace has %zu)\n", only, trace->eventCount());
    return kExitBadInput;
  }
  showHeader(*trace);
  // An event whose Cap'n Proto structure contradicts the schema past the reader's checks
  // is named and skipped; the others are still shown, and the exit status says so.
  int status = kExitOk;
  for (size_t i = 0; i < trace->eventCount(); ++i) {
    if (only >= 0 && static_cast<size_t>(only) != i) continue;
    try {
      showEvent(*trace, i, disassemble);
    } catch (const kj::Exception& e) {
      std::fflush(stdout);
      std::string what = e.getDescription().cStr();
      std::fprintf(stderr,
                   "dynrr show: event %zu (chunk at offset %llu): malformed trace data: %s\n", i,
                   static_cast<unsigned long long>(trace->eventChunk(i).offset),
                   what.substr(0, what.find('\n')).c_str());
      status = kExitBadInput;
    }
  }
  if (objects) showObjects(*trace);
  return status;
}

}  // namespace dynrr::replayer
