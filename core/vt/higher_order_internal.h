// higher_order_internal.h — what the higher-order operator files share
// (higher_order_ops.cpp: cond, while_loop, wrap / checkpoint; higher_order_map.cpp: map):
// the pytree structure of subgraph outputs, speculated subgraphs, flatten_manual inputs
// and the wrappers' guards. Not part of the vt interface.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/fake/tensor_meta.h"
#include "core/trace/trace_reader.h"
#include "core/tracer/output_graph.h"
#include "core/vt/base.h"

namespace dynrr::vt::hop {

using tracer::OutputGraph;

// A branch output's pytree structure (torch.utils._pytree.TreeSpec): a leaf, or a tuple
// or list of structures. Other node types (dicts, named tuples ...) are not modelled.
struct Spec {
  enum class Kind { kLeaf, kTuple, kList } kind = Kind::kLeaf;
  std::vector<Spec> children;
  bool operator==(const Spec& o) const { return kind == o.kind && children == o.children; }
  bool has(Kind k) const {
    if (kind == k) return true;
    for (const auto& c : children) {
      if (c.has(k)) return true;
    }
    return false;
  }
};

// One speculated branch: its subgraph (tracer index), output structure and metadata, and
// what it lifted (SubgraphTracer.lifted_freevars).
struct Branch {
  int graph = 0;
  Spec spec;
  std::vector<fake::TensorMeta> metas;
  // Per leaf: the int an int leaf is (its meta unused), nullopt for a tensor.
  std::vector<std::optional<int64_t>> ints;
  // while_loop: per output leaf, whether it is an int (a constant or a SymInt) rather than
  // a tensor (its meta unused).
  std::vector<bool> intLeaf;
  std::vector<std::pair<NodeId, NodeId>> lifted;
  // Outer nodes whose lifted placeholder the subgraph mutates in place (allowed by
  // while_loop with grad mode off: mutated_arg_indices).
  std::vector<NodeId> mutated;
};

// Pops the subtracer however the branch ends (OutputGraph.subtracer's finally).
struct SubtracerScope {
  OutputGraph& out;
  int graph;
  explicit SubtracerScope(OutputGraph& o) : out(o), graph(o.pushSubtracer()) {}
  ~SubtracerScope() { out.popSubtracer(); }
  SubtracerScope(const SubtracerScope&) = delete;
  SubtracerScope& operator=(const SubtracerScope&) = delete;
};

// One of while_loop's two subgraphs: its tracer, output structure and metadata, what it
// lifted.
using LoopFn = Branch;

// The inputs of a subgraph traced with set_subgraph_inputs="flatten_manual": one
// placeholder per flat input (create_graph_input: `names`, `metas`, typed torch.Tensor),
// and how the flat function turns them into the user function's arguments (the
// tree_unflatten it does).
struct ManualInputs {
  std::vector<std::string> names;
  std::vector<fake::TensorMeta> metas;
  std::function<Args(const std::vector<VtPtr>&)> pack;
  // Per input: for an int carry, its unbacked symbol and stand-in (a placeholder typed int
  // standing for a SymNodeVariable); nullopt for a tensor. Empty: all tensors.
  std::vector<std::optional<std::pair<std::string, int64_t>>> syms;
};

// cond / while_loop / map do not fall back to eager: an Unsupported inside becomes
// UncapturedHigherOrderOpError (a frame error named by the gb_type it wraps).
Error uncaptured(const std::string& gbType, const std::string& what);
// pytree.tree_flatten on trackers (see higher_order_ops.cpp).
Status flatten(Tx& tx, const VtPtr& v, std::vector<VtPtr>& leaves, Spec& spec, int depth,
               const std::string& what = "a torch.cond branch output", bool intLeaves = false);
// pytree.tree_unflatten.
VtPtr unflatten(const Spec& spec, const std::vector<VtPtr>& leaves, size_t& next);
// config.specialize_int for the frame being replayed.
bool specializeIntOf(Tx& tx);
// LazyVariableTracker.realize_all((args, kwargs)).
Status realizeAllArgs(Tx& tx, Args& args, Kwargs& kwargs);
// The op under torch.export.export(strict=True): refused by name.
Status strictExportPytreeGap(Tx& tx, const std::string& op);
// The wrappers' module reads and pytree guards.
std::string torchModuleSource(Tx& tx, trace::ObjRef wrapper, const std::string& mod);
void guardTreeFlattenFunctions(tracer::OutputGraph& out, const std::string& pytree);
std::string pytreeModuleSource(tracer::TracingContext& ctx, const std::string& source);
void recordedObjectGuard(tracer::TracingContext& ctx, const char* kind, const std::string& name,
                         const std::string& source, guards::GuardKind guard);
void guardFlattenedCarries(tracer::TracingContext& ctx, bool sourcedLeaf, bool specializeInt);
// speculate_subgraph(..., set_subgraph_inputs="flatten_manual").
Expected<LoopFn> speculateManual(Tx& tx, const VtPtr& fn, const ManualInputs& inputs,
                                 const std::string& where, bool body, bool mutationWithoutGrad);
// torch._higher_order_ops.map (higher_order_map.cpp).
Expected<VtPtr> callMap(Tx& tx, trace::ObjRef wrapper, Args args, Kwargs kwargs);

}  // namespace dynrr::vt::hop
