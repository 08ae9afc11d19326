// higher_order_map.cpp — torch._higher_order_ops.map: the Python wrapper Dynamo inlines
// (torch/_higher_order_ops/map.py map, whose pytree flattening and leading-size checks
// are modelled by the guards and size reads they give) and
// MapHigherOrderVariable._call_function in torch/_dynamo/variables/higher_order_ops.py
// (the first slices under discard_graph_changes, map_body_N speculated with
// flatten_manual inputs, one map_impl node). Shared pieces: higher_order_internal.h.
#include <string>
#include <vector>

#include "core/tracer/instruction_translator.h"
#include "core/tracer/variable_builder.h"
#include "core/vt/constant.h"
#include "core/vt/higher_order_internal.h"
#include "core/vt/lists.h"
#include "core/vt/tensor.h"

namespace dynrr::vt::hop {

using guards::GuardKind;
using tracer::GraphArg;
using tracer::OutputGraph;

// The guards Dynamo's inlining of torch._higher_order_ops.map.map gives: its globals
// (pytree, torch.Tensor in its isinstance check, functools.partial, map_impl), the builtins
// all/any of its checks, torch._higher_order_ops.utils._maybe_compile_and_run_fn (whose
// `torch` is reached second), and the pytree functions (as for while_loop).
void guardMapWrapper(Tx& tx, trace::ObjRef wrapper, bool sourcedLeaf) {
  OutputGraph& out = tx.context().output;
  const std::string mod = "G['__import_torch_dot__higher_order_ops_dot_map']";
  const std::string utils = "G['__import_torch_dot__higher_order_ops_dot_utils']";
  out.addGuard(GuardKind::MODULE_MATCH, mod);
  const std::string pytree = pytreeModuleSource(tx.context(), mod + ".pytree");
  guardTreeFlattenFunctions(out, pytree);
  std::string torch = torchModuleSource(tx, wrapper, mod);
  recordedObjectGuard(tx.context(), "class", "torch.Tensor", torch + ".Tensor",
                      GuardKind::CLASS_MATCH);
  out.addGuard(GuardKind::MODULE_MATCH, torch + ".compiler");
  out.addGuard(GuardKind::CLOSURE_MATCH, torch + ".compiler.is_dynamo_compiling");
  out.addGuard(GuardKind::MODULE_MATCH, mod + ".functools");
  recordedObjectGuard(tx.context(), "class", "functools.partial", mod + ".functools.partial",
                      GuardKind::CLASS_MATCH);
  out.addGuard(GuardKind::TYPE_MATCH, mod + ".map_impl");
  out.addGuard(GuardKind::MODULE_MATCH, utils);
  out.addGuard(GuardKind::CLOSURE_MATCH, utils + "._maybe_compile_and_run_fn");
  out.addGuard(GuardKind::DUPLICATE_INPUT, utils + ".torch");
  for (const char* name : {"all", "any"})
    out.addGuard(GuardKind::ID_MATCH, std::string("G['__builtins_dict___0']['") + name + "']");
  guardFlattenedCarries(tx.context(), sourcedLeaf, specializeIntOf(tx));
}

// The Python wrapper map(f, xs, *args) Dynamo inlines (torch._higher_order_ops.map.map:
// xs and args flattened, the leading sizes checked, a functools.partial over wrapped_fn
// that unflattens them), then MapHigherOrderVariable._call_function: the first slice of
// each mapped tensor (xs.select(0, 0) under discard_graph_changes) and the other
// arguments as the body's flatten_manual inputs, map_body_N speculated, its lifted free
// variables appended to the operands, one map_impl node whose outputs are the body's
// with the mapped size in front (contiguous, as torch.stack makes them).
Expected<VtPtr> callMap(Tx& tx, trace::ObjRef wrapper, Args args, Kwargs kwargs) {
  auto& ctx = tx.context();
  OutputGraph& out = ctx.output;
  if (Status st = strictExportPytreeGap(tx, "torch._higher_order_ops.map"); !st) return st.error();
  if (Status s = realizeAllArgs(tx, args, kwargs); !s) return s.error();
  if (!kwargs.empty() || args.size() < 2)
    return unsupported("torch._higher_order_ops.map called with keywords or without xs");
  if (out.inSubtracer()) return unsupported("map inside another higher-order operator's subgraph");
  switch (args[0]->kind()) {
    case VtKind::kUserFunction:
    case VtKind::kNestedFunction:
    case VtKind::kUserMethod: break;
    default:
      return unsupported("a map body that is a " + args[0]->className() +
                         " (only functions and methods are modelled)");
  }
  std::vector<VtPtr> xs, rest;
  Spec xsSpec, argsSpec;
  if (Status s = flatten(tx, args[1], xs, xsSpec, 0, "map's xs"); !s) return s.error();
  VtPtr argTuple = makeTuple(Args(args.begin() + 2, args.end()));
  if (Status s = flatten(tx, argTuple, rest, argsSpec, 0, "map's extra arguments"); !s)
    return s.error();
  if (xs.empty()) return unsupported("map over no tensors (Dynamo's error is not modelled)");
  bool sourcedLeaf = false;
  for (const auto* group : {&xs, &rest}) {
    for (const auto& leaf : *group) {
      if (leaf->source()) {
        out.addGuard(GuardKind::TYPE_MATCH, leaf->source()->name());
        sourcedLeaf = true;
      }
    }
  }
  const int64_t batch = static_cast<const TensorVariable&>(*xs[0]).meta().sizes.empty()
                            ? 0
                            : static_cast<const TensorVariable&>(*xs[0]).meta().sizes[0];
  for (const auto& x : xs) {
    const auto& m = static_cast<const TensorVariable&>(*x).meta();
    if (m.sizes.empty() || m.sizes[0] != batch || batch == 0)
      return unsupported(
          "map over tensors whose leading sizes are missing, zero or differ "
          "(the wrapper's RuntimeError is not modelled)");
  }
  // `shapes = [xs.shape for xs in flat_xs]`: with symbolic sizes each read is a size node
  // and a getitem per symbolic dim (dead code later, their names taken).
  for (const auto& x : xs) {
    if (auto shape = x->varGetattr(tx, "shape"); !shape) return shape.error();
  }
  guardMapWrapper(tx, wrapper, sourcedLeaf);
  // The first slices under discard_graph_changes (a throwaway SubgraphTracer, as for
  // while_loop's clones), then flatten_manual's tree_flatten of [*sliced, *args] storing
  // each to `child` (the args' own nodes, in the graph they belong to).
  ManualInputs inputs;
  {
    SubtracerScope discard(out);
    std::vector<NodeId> slices;
    for (const auto& x : xs) {
      const auto& t = static_cast<const TensorVariable&>(*x);
      NodeId sel = out.callMethod("select",
                                  {GraphArg::ofNode(t.node()), GraphArg::ofConstant(int64_t{0}),
                                   GraphArg::ofConstant(int64_t{0})},
                                  {});
      fake::TensorMeta m = t.meta();
      m.sizes.erase(m.sizes.begin());
      m.strides.erase(m.strides.begin());
      out.graph().node(sel).meta = m;
      slices.push_back(sel);
      inputs.metas.push_back(m);
    }
    for (NodeId sel : slices) {
      out.graph().rename(sel, "child");
      inputs.names.push_back(out.nodeName(sel));
    }
  }
  for (const auto& a : rest) {
    tracer::applyNameHint(tx, a, "child");
    const auto& t = static_cast<const TensorVariable&>(*a);
    inputs.names.push_back(out.nodeName(t.node()));
    inputs.metas.push_back(t.meta());
  }
  inputs.pack = [&](const std::vector<VtPtr>& phs) {
    std::vector<VtPtr> mapped(phs.begin(), phs.begin() + static_cast<std::ptrdiff_t>(xs.size()));
    std::vector<VtPtr> others(phs.begin() + static_cast<std::ptrdiff_t>(xs.size()), phs.end());
    size_t i = 0, j = 0;
    Args callArgs{unflatten(xsSpec, mapped, i)};
    VtPtr packed = unflatten(argsSpec, others, j);
    for (const auto& item : asSequence(packed)->items()) callArgs.push_back(item);
    return callArgs;
  };
  auto body = speculateManual(tx, args[0], inputs, "the body of map", true, false);
  if (!body) return body.error();
  // has_aliasing over the body's inputs: a slice of a mapped tensor, an extra argument and
  // a lifted free tensor that are one tensor share a storage (the body reading the mapped
  // tensor itself, or one tensor passed twice). TODO(fidelity): views of one base.
  std::vector<NodeId> outerInputs;
  for (const auto* group : {&xs, &rest}) {
    for (const auto& v : *group)
      outerInputs.push_back(static_cast<const TensorVariable&>(*v).node());
  }
  for (const auto& [outer, ph] : body->lifted) {
    if (out.graph().node(outer).op == "get_attr")
      return unsupported("the body of map lifting a get_attr node (not modelled)");
    outerInputs.push_back(outer);
  }
  for (size_t i = 0; i < outerInputs.size(); ++i) {
    for (size_t j = 0; j < i; ++j) {
      if (outerInputs[i] == outerInputs[j])
        return uncaptured("Encountered aliasing during higher order op tracing",
                          "two inputs of the body of map that are one tensor");
    }
  }
  std::string name = out.installSubgraph("map_body", body->graph);
  NodeId bodyNode = out.getAttr(name);
  GraphArg mappedArg, otherArg;
  mappedArg.kind = otherArg.kind = GraphArg::Kind::kList;
  for (const auto& x : xs)
    mappedArg.items.push_back(GraphArg::ofNode(static_cast<const TensorVariable&>(*x).node()));
  for (const auto& a : rest)
    otherArg.items.push_back(GraphArg::ofNode(static_cast<const TensorVariable&>(*a).node()));
  for (const auto& [outer, ph] : body->lifted) otherArg.items.push_back(GraphArg::ofNode(outer));
  NodeId call =
      out.callFunction("torch.ops.higher_order.map_impl",
                       {GraphArg::ofNode(bodyNode), std::move(mappedArg), std::move(otherArg)}, {});
  // _broadcast_to_batch: each output with the batch size in front, contiguous.
  std::vector<fake::TensorMeta> metas;
  for (auto m : body->metas) {
    m.sizes.insert(m.sizes.begin(), batch);
    m.strides.assign(m.sizes.size(), 1);
    for (size_t d = m.sizes.size() - 1; d-- > 0;)
      m.strides[d] = m.strides[d + 1] * std::max<int64_t>(m.sizes[d + 1], 1);
    m.storageOffset = 0;
    metas.push_back(m);
  }
  out.graph().node(call).metaTuple = metas;
  std::vector<VtPtr> flat;
  for (size_t i = 0; i < metas.size(); ++i) {
    NodeId item = out.callFunction(
        "operator.getitem", {GraphArg::ofNode(call), GraphArg::ofConstant(static_cast<int64_t>(i))},
        {});
    out.graph().node(item).meta = metas[i];
    flat.push_back(std::make_shared<TensorVariable>(item, metas[i]));
  }
  size_t next = 0;
  return unflatten(body->spec, flat, next);
}

}  // namespace dynrr::vt::hop
