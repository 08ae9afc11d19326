// decisions.h — a frame's decisions (graphs, guards, graph breaks) as plain values,
// whether they were recorded from Dynamo or produced by the core, so that one
// comparison serves both. Mirrors what Dynamo hands its backend (the FX graphs), what
// CheckFunctionManager installs (guards) and what symbolic_convert logs (graph breaks).
#pragma once

#include <cstdint>
#include <string>
#include <tuple>
#include <vector>

#include "core/trace/trace.capnp.h"

namespace dynrr::compare {

struct NodeDecision {
  std::string name;
  std::string op;  // "placeholder", "call_function", ...
  std::string target;
  std::string source;  // placeholders: Dynamo's source name, e.g. "L['x']"
  // Canonical example-value metadata, e.g. "f32[2, 3] stride=(3, 1) cpu requires_grad=False";
  // "" when the node has none (output).
  std::string exampleValue;
};

struct SubgraphDecision;

struct GraphDecision {
  std::string code;  // GraphModule.code
  std::vector<NodeDecision> nodes;
  // The GraphModules this graph's get_attr nodes read (higher-order op bodies installed
  // by OutputGraph.install_subgraph), in node order.
  std::vector<SubgraphDecision> subgraphs;
  // False for a recorded graph from a trace written before subgraphs were recorded:
  // `subgraphs` is then unknown, not empty.
  bool subgraphsKnown = true;
};

struct SubgraphDecision {
  std::string name;  // the get_attr target, e.g. "cond_true_0"
  GraphDecision graph;
};

struct GuardDecision {
  std::string kind;
  std::string source;
  std::string detail;  // compared only for TENSOR_MATCH (see compare.h)
};

struct BreakDecision {
  std::string reason;
  std::string gbType;
  uint32_t offset = 0;
};

// A mutation of pre-existing state that Dynamo replays after the graph (SideEffects:
// store_attr_mutations on objects, cells and globals reached from a source; pre-existing
// containers it modified). Effects on objects made while tracing are not compared: they
// exist only inside the frame unless they escape.
struct EffectDecision {
  std::string kind;    // "store attr", "store global", "store cell", "mutate list", ...
  std::string target;  // the source of what is mutated, e.g. "L['st']", "G['COUNTER']"
  std::string attr;    // the attribute or global name ("" for cells and containers)
  bool operator<(const EffectDecision& o) const {
    return std::tie(kind, target, attr) < std::tie(o.kind, o.target, o.attr);
  }
  bool operator==(const EffectDecision& o) const {
    return kind == o.kind && target == o.target && attr == o.attr;
  }
};

struct FrameDecisions {
  std::vector<GraphDecision> graphs;
  std::vector<GuardDecision> guards;
  std::vector<BreakDecision> breaks;
  std::vector<EffectDecision> effects;
  // convert_frame's ConvertFrameAssert.__call__ declined the frame before tracing, with
  // this skip_reason ("" when the frame was traced).
  std::string skipReason;
  // Dynamo raised out of the compile with an exception that reaches the program (not
  // Unsupported): "<exception type>: <gb_type>", e.g. "UncapturedHigherOrderOpError:
  // torch.cond: differing branch outputs"; "" when it did not.
  std::string frameError;
};

// The skip reasons ConvertFrameAssert.__call__ (torch/_dynamo/convert_frame.py) gives
// when it declines a frame before tracing it.
bool isPreTraceSkipReason(const std::string& reason);

// Canonical text of an example value as recorded.
std::string canonicalValueMeta(schema::ValueMeta::Reader meta);
std::string canonicalTensorMeta(schema::TensorMeta::Reader meta);

// Reads recorded decisions.
FrameDecisions fromTrace(schema::Decisions::Reader decisions);
// The frame error an event's status reason records ("" if none): for
// UncapturedHigherOrderOpError, the exception type and the gb_type of the graph break or
// error it wraps (the first line after "Got graph break/error:").
std::string frameErrorOf(const std::string& statusReason);
// The decision of a compile with one_graph (export) that raised a graph break's
// Unsupported: the reason's first line ("Unsupported: <gb_type>"); "" for other reasons.
std::string oneGraphErrorOf(const std::string& statusReason);
// Reads an event's decisions, with the pre-trace skip its status records.
FrameDecisions fromEvent(schema::CompileEvent::Reader event);

// Writes decisions into a schema builder (so the core's decisions can go into a trace).
void toTrace(const FrameDecisions& decisions, schema::Decisions::Builder out);

const char* nodeOpName(schema::NodeOp op);

}  // namespace dynrr::compare
