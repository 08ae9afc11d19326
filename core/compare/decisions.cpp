// decisions.cpp — see decisions.h.
#include "core/compare/decisions.h"

#include <charconv>

#include "core/trace/object_printer.h"

namespace dynrr::compare {
namespace {

schema::NodeOp parseNodeOp(const std::string& op) {
  if (op == "placeholder") return schema::NodeOp::PLACEHOLDER;
  if (op == "call_method") return schema::NodeOp::CALL_METHOD;
  if (op == "call_module") return schema::NodeOp::CALL_MODULE;
  if (op == "get_attr") return schema::NodeOp::GET_ATTR;
  if (op == "output") return schema::NodeOp::OUTPUT;
  return schema::NodeOp::CALL_FUNCTION;
}

}  // namespace

const char* nodeOpName(schema::NodeOp op) {
  switch (op) {
    case schema::NodeOp::PLACEHOLDER: return "placeholder";
    case schema::NodeOp::CALL_FUNCTION: return "call_function";
    case schema::NodeOp::CALL_METHOD: return "call_method";
    case schema::NodeOp::CALL_MODULE: return "call_module";
    case schema::NodeOp::GET_ATTR: return "get_attr";
    case schema::NodeOp::OUTPUT: return "output";
  }
  return "?";
}

namespace {

// Appends ", "-separated decimal ints without a temporary string per item.
void appendInts(std::string& out, capnp::List<int64_t>::Reader xs) {
  char buf[24];
  bool first = true;
  for (int64_t x : xs) {
    if (!first) out += ", ";
    first = false;
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, x);
    out.append(buf, end);
  }
}

}  // namespace

// One string built in place: every recorded node's example value is printed per replay.
std::string canonicalTensorMeta(schema::TensorMeta::Reader m) {
  std::string out = trace::shortDtype(m.getDtype());
  out.reserve(64 + 8 * (m.getShape().size() + m.getStride().size()));
  out += '[';
  appendInts(out, m.getShape());
  out += "] stride=(";
  appendInts(out, m.getStride());
  out += ") offset=";
  out += std::to_string(m.getStorageOffset());
  out += ' ';
  out += m.getDevice().cStr();
  out += m.getRequiresGrad() ? " requires_grad=True" : " requires_grad=False";
  return out;
}

std::string canonicalValueMeta(schema::ValueMeta::Reader meta) {
  using W = schema::ValueMeta::Which;
  switch (meta.which()) {
    case W::NONE: return "";
    case W::TENSOR: return canonicalTensorMeta(meta.getTensor());
    case W::TUPLE: {
      std::string out = "(";
      bool first = true;
      for (auto item : meta.getTuple()) {
        if (!first) out += ", ";
        first = false;
        out += canonicalValueMeta(item);
      }
      return out + ")";
    }
    case W::INT: return "int " + std::to_string(meta.getInt());
    case W::FLOAT: return "float " + std::to_string(meta.getFloat());
    case W::BOOL: return meta.getBool() ? "bool True" : "bool False";
    case W::SYMBOL: return "sym " + std::string(meta.getSymbol().cStr());
    case W::OTHER: return "other " + std::string(meta.getOther().cStr());
  }
  return "?";
}

namespace {

GraphDecision graphFromTrace(schema::Graph::Reader g) {
  GraphDecision graph;
  graph.code = g.getCode();
  graph.nodes.reserve(g.getNodes().size());
  for (auto n : g.getNodes()) {
    graph.nodes.push_back(NodeDecision{n.getName(), nodeOpName(n.getOp()), n.getTarget(),
                                       n.getSource(), canonicalValueMeta(n.getExampleValue())});
  }
  graph.subgraphsKnown = g.getSubgraphsRecorded();
  for (auto s : g.getSubgraphs())
    graph.subgraphs.push_back(SubgraphDecision{s.getName(), graphFromTrace(s.getGraph())});
  return graph;
}

}  // namespace

FrameDecisions fromTrace(schema::Decisions::Reader decisions) {
  FrameDecisions out;
  for (auto g : decisions.getGraphs()) out.graphs.push_back(graphFromTrace(g));
  for (auto g : decisions.getGuards()) {
    GuardDecision guard{g.getKind(), g.getSource(), g.getDetail()};
    // The shape guard's decision is its printed expressions (ShapeEnv.produce_guards, as
    // Dynamo's guard code lists them, in order); none for a frame without symbols.
    if (guard.kind == "SHAPE_ENV") {
      std::string exprs;
      for (auto part : g.getCodeParts()) {
        std::string p = part;
        if (p.find_first_not_of(" \t\n") == std::string::npos) continue;
        exprs += (exprs.empty() ? "" : " and ") + p;
      }
      guard.detail = exprs;
    }
    out.guards.push_back(std::move(guard));
  }
  for (auto b : decisions.getGraphBreaks()) {
    out.breaks.push_back(BreakDecision{b.getReason(), b.getGbType(), b.getOffset()});
  }
  for (auto e : decisions.getSideEffects()) {
    std::string target = e.getTarget();
    if (target.rfind("L[", 0) != 0 && target.rfind("G[", 0) != 0) continue;
    std::string detail = e.getDetail();
    std::string attr = detail.substr(
        detail.rfind('.') == std::string::npos ? detail.size() : detail.rfind('.') + 1);
    std::string kind;
    switch (e.getKind()) {
      case schema::SideEffectKind::STORE_ATTR: kind = "store attr"; break;
      case schema::SideEffectKind::STORE_GLOBAL: kind = "store global"; break;
      case schema::SideEffectKind::STORE_CELL: kind = "store cell", attr.clear(); break;
      case schema::SideEffectKind::MUTATE_LIST: kind = "mutate list", attr.clear(); break;
      case schema::SideEffectKind::MUTATE_DICT: kind = "mutate dict", attr.clear(); break;
      case schema::SideEffectKind::MUTATE_SET: kind = "mutate set", attr.clear(); break;
      default: continue;
    }
    out.effects.push_back(EffectDecision{kind, target, attr});
  }
  return out;
}

bool isPreTraceSkipReason(const std::string& reason) {
  static const char* const kReasons[] = {
      "frame is already Dynamo-generated code",
      "function name does not match TORCHDYNAMO_DEBUG_FUNCTION filter",
      "skipping generator expression in transformers/diffusers",
      "__setattr__ frames are not compiled",
      "torch.optim __init__ frames are not compiled",
      "frame was generated by exec()",
      "frame is a namedtuple constructor",
      "no tensor-related objects found in frame",
      "tracing is non-recursively disabled for this frame",
  };
  for (const char* r : kReasons)
    if (reason == r) return true;
  return false;
}

std::string frameErrorOf(const std::string& reason) {
  const std::string kType = "UncapturedHigherOrderOpError";
  if (reason.rfind(kType + ": ", 0) != 0) return "";
  size_t at = reason.find("Got graph break/error:");
  if (at == std::string::npos) return kType;
  at = reason.find('\n', at);
  while (at != std::string::npos) {
    size_t end = reason.find('\n', at + 1);
    std::string line = reason.substr(at + 1, end == std::string::npos ? end : end - at - 1);
    size_t first = line.find_first_not_of(" \t");
    if (first != std::string::npos) {
      size_t last = line.find_last_not_of(" \t\r");
      return kType + ": " + line.substr(first, last - first + 1);
    }
    at = end;
  }
  return kType;
}

std::string oneGraphErrorOf(const std::string& reason) {
  if (reason.rfind("Unsupported: ", 0) != 0) return "";
  std::string line = reason.substr(0, reason.find('\n'));
  size_t last = line.find_last_not_of(" \t\r");
  return line.substr(0, last + 1);
}

FrameDecisions fromEvent(schema::CompileEvent::Reader event) {
  FrameDecisions out = fromTrace(event.getReference());
  std::string reason = event.getStatusReason();
  if (event.getStatus() == schema::EventStatus::SKIPPED && isPreTraceSkipReason(reason))
    out.skipReason = reason;
  if (event.getStatus() == schema::EventStatus::ERROR) {
    out.frameError = frameErrorOf(reason);
    // Under export (one_graph) a graph break is raised: its Unsupported's first line
    // ("Unsupported: <gb_type>") is the frame's decision.
    if (out.frameError.empty() && event.getExport()) out.frameError = oneGraphErrorOf(reason);
    // InstructionTranslator._throw_if_in_functorch raises before tracing starts, outside
    // the graph-break handling: the Unsupported reaches _compile.
    if (out.frameError.empty() &&
        reason.rfind("Unsupported: Unsupported functorch tracing attempt", 0) == 0)
      out.frameError = oneGraphErrorOf(reason);
  }
  return out;
}

void toTrace(const FrameDecisions& decisions, schema::Decisions::Builder out) {
  auto graphs = out.initGraphs(static_cast<unsigned>(decisions.graphs.size()));
  for (unsigned i = 0; i < decisions.graphs.size(); ++i) {
    const GraphDecision& g = decisions.graphs[i];
    graphs[i].setCode(g.code);
    auto nodes = graphs[i].initNodes(static_cast<unsigned>(g.nodes.size()));
    for (unsigned j = 0; j < g.nodes.size(); ++j) {
      nodes[j].setName(g.nodes[j].name);
      nodes[j].setOp(parseNodeOp(g.nodes[j].op));
      nodes[j].setTarget(g.nodes[j].target);
      nodes[j].setSource(g.nodes[j].source);
      if (!g.nodes[j].exampleValue.empty())
        nodes[j].initExampleValue().setOther(g.nodes[j].exampleValue);
    }
  }
  auto guards = out.initGuards(static_cast<unsigned>(decisions.guards.size()));
  for (unsigned i = 0; i < decisions.guards.size(); ++i) {
    guards[i].setKind(decisions.guards[i].kind);
    guards[i].setSource(decisions.guards[i].source);
    guards[i].setDetail(decisions.guards[i].detail);
  }
  auto effects = out.initSideEffects(static_cast<unsigned>(decisions.effects.size()));
  for (unsigned i = 0; i < decisions.effects.size(); ++i) {
    const EffectDecision& e = decisions.effects[i];
    schema::SideEffectKind kind = schema::SideEffectKind::OTHER;
    if (e.kind == "store attr") kind = schema::SideEffectKind::STORE_ATTR;
    if (e.kind == "store global") kind = schema::SideEffectKind::STORE_GLOBAL;
    if (e.kind == "store cell") kind = schema::SideEffectKind::STORE_CELL;
    if (e.kind == "mutate list") kind = schema::SideEffectKind::MUTATE_LIST;
    if (e.kind == "mutate dict") kind = schema::SideEffectKind::MUTATE_DICT;
    if (e.kind == "mutate set") kind = schema::SideEffectKind::MUTATE_SET;
    effects[i].setKind(kind);
    effects[i].setTarget(e.target);
    effects[i].setDetail(e.attr.empty() ? e.kind : e.kind + "." + e.attr);
  }
  auto breaks = out.initGraphBreaks(static_cast<unsigned>(decisions.breaks.size()));
  for (unsigned i = 0; i < decisions.breaks.size(); ++i) {
    breaks[i].setReason(decisions.breaks[i].reason);
    breaks[i].setGbType(decisions.breaks[i].gbType);
    breaks[i].setOffset(decisions.breaks[i].offset);
  }
}

}  // namespace dynrr::compare
