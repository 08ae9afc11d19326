// higher_order_ops.cpp — see higher_order_ops.h. Mirrors, in
// torch/_dynamo/variables/higher_order_ops.py: CondHigherOrderVariable._call_function,
// _call_while_loop (WhileLoopHigherOrderVariable), MapHigherOrderVariable (in
// higher_order_map.cpp, sharing higher_order_internal.h),
// WrapHigherOrderVariable / CheckpointHigherOrderVariable (create_wrapped_node,
// _call_function_with_auto_output_flattening, overwrite_tensor_vt_proxy),
// speculate_subgraph, speculate_subgraph_with_auto_output_flattening,
// validate_args_and_maybe_create_graph_inputs ("flatten_manual"), discard_graph_changes,
// check_aliasing_and_input_mutation, _merge_graph_inputs and
// _call_function_and_unflatten_output; and the Python wrappers Dynamo inlines before the
// operators (torch/_higher_order_ops/while_loop.py while_loop, map.py map), whose
// torch/utils/_pytree.py flattening is modelled by the guards it gives. The SubgraphTracer
// parts are in core/tracer/output_graph.cpp.
#include "core/vt/higher_order_ops.h"

#include <algorithm>
#include <functional>
#include <set>

#include "core/tracer/instruction_translator.h"
#include "core/tracer/unbacked.h"
#include "core/tracer/variable_builder.h"
#include "core/vt/constant.h"
#include "core/vt/functorch.h"
#include "core/vt/higher_order_internal.h"
#include "core/vt/lazy.h"
#include "core/vt/lists.h"
#include "core/vt/pytree_functions.h"
#include "core/vt/sym_node.h"
#include "core/vt/tensor.h"

namespace dynrr::vt {
namespace hop {

// cond does not fall back to eager (_ALLOW_FALLBACK_TO_EAGER is False): what would be a
// graph break or an Unsupported inside it becomes UncapturedHigherOrderOpError, raised to
// the program, named by the gb_type it wraps.
Error uncaptured(const std::string& gbType, const std::string& what) {
  return Error::frameError(
      "UncapturedHigherOrderOpError: " + gbType,
      "the higher-order operator cannot be captured: " + what + " (" + gbType + ")");
}

using guards::GuardKind;
using tracer::GraphArg;
using tracer::OutputGraph;

// pytree.tree_flatten on trackers: the leaves in order and the structure. `what` names
// the value flattened in messages ("a torch.cond branch output"); `intLeaves`: int
// constants are leaves too (a cond's outputs), else refused.
Status flatten(Tx& tx, const VtPtr& v, std::vector<VtPtr>& leaves, Spec& spec, int depth,
               const std::string& what, bool intLeaves) {
  auto r = tx.realize(v);
  if (!r) return r.error();
  const VtPtr& x = *r;
  if (depth > 32) return unsupported(what + " nested more than 32 deep");
  if (x->kind() == VtKind::kTensor) {
    spec.kind = Spec::Kind::kLeaf;
    // The inlined helper's `[helper(child, leaves) for child in children]` stores each
    // child of a container to `child` first: its set_name_hint.
    if (depth > 0) tracer::applyNameHint(tx, x, "child");
    leaves.push_back(x);
    return Status::success();
  }
  if (x->kind() == VtKind::kTuple || x->kind() == VtKind::kList) {
    const SequenceVariable* seq = asSequence(x);
    if (!seq->fieldNames().empty() || !seq->viewType().empty())
      return unsupported(what +
                         " holding a named tuple or a dict view (pytree node types other than "
                         "tuple and list are not modelled)");
    spec.kind = x->kind() == VtKind::kTuple ? Spec::Kind::kTuple : Spec::Kind::kList;
    for (const auto& item : seq->items()) {
      spec.children.emplace_back();
      if (Status s = flatten(tx, item, leaves, spec.children.back(), depth + 1, what, intLeaves);
          !s)
        return s;
    }
    return Status::success();
  }
  if (const ConstantVariable* c = asConstant(x);
      intLeaves && c && std::holds_alternative<int64_t>(c->value())) {
    spec.kind = Spec::Kind::kLeaf;
    leaves.push_back(x);
    return Status::success();
  }
  if (const auto* si = dynamic_cast<const SymIntVariable*>(x.get());
      intLeaves && si && !si->isBool() && !si->isFloat()) {
    spec.kind = Spec::Kind::kLeaf;
    leaves.push_back(x);
    return Status::success();
  }
  if (x->kind() == VtKind::kConstant)
    return unsupported(what + " holding a " + x->pythonTypeName() +
                       " constant (Dynamo accepts tensors and ints as leaves)");
  return unsupported(what + " holding a " + x->pythonTypeName() +
                     " (Dynamo accepts tensors and ints as leaves)");
}

// pytree.tree_unflatten: `leaves` put back into `spec`'s structure.
VtPtr unflatten(const Spec& spec, const std::vector<VtPtr>& leaves, size_t& next) {
  if (spec.kind == Spec::Kind::kLeaf) return leaves[next++];
  std::vector<VtPtr> items;
  for (const auto& c : spec.children) items.push_back(unflatten(c, leaves, next));
  return spec.kind == Spec::Kind::kTuple ? makeTuple(std::move(items)) : makeList(std::move(items));
}

// Sources by which a frame reaches the module torch.utils._pytree: its functions'
// globals, and the `pytree` globals of the wrappers Dynamo inlines.
const std::vector<std::string>& pytreeModuleSources() {
  static const std::vector<std::string> kSources = {
      "G['__import_torch_dot_utils_dot__pytree']",
      "G['__import_torch_dot__higher_order_ops_dot_while_loop'].pytree",
      "G['__import_torch_dot__higher_order_ops_dot_map'].pytree"};
  return kSources;
}

// A module object reached through `source`, whose other sources are `aliases`: the first
// source the frame reached it by keeps the guards (MODULE_MATCH, and the attributes read
// later go through it); a later one is a DUPLICATE_INPUT. Returns the source to read
// attributes through.
std::string firstModuleSource(OutputGraph& out, const std::vector<std::string>& aliases,
                              const std::string& source) {
  for (const auto& a : aliases) {
    if (a == source || !out.guardSet().contains(GuardKind::MODULE_MATCH, a)) continue;
    out.addGuard(GuardKind::DUPLICATE_INPUT, source);
    return a;
  }
  out.addGuard(GuardKind::MODULE_MATCH, source);
  return source;
}

// `name` ("G['m']" or "G['m'].attr") as a source.
SourcePtr sourceOfName(const std::string& name) {
  size_t close = name.find("']");
  SourcePtr g = Source::global(name.substr(3, close - 3));
  if (close + 2 >= name.size()) return g;
  return Source::moduleAttr(g, name.substr(close + 3));
}

// The module torch.utils._pytree reached through `source`, by the recorded module's
// identity as VariableBuilder reaches it (so a first reach elsewhere, such as
// `torch.utils._pytree.tree_map` in the frame, keeps the guards and this one is a
// DUPLICATE_INPUT, and a later reach elsewhere is the DUPLICATE_INPUT); by the known
// aliases when the trace holds no module object. Returns the source attributes are read
// through.
std::string pytreeModuleSource(tracer::TracingContext& ctx, const std::string& source) {
  // Reached first as the globals of pytree functions inlined (grad_impl's tree_flatten),
  // unless VariableBuilder had reached the module before (tree_map's torch.utils._pytree).
  trace::ObjRef known = tracer::VariableBuilder::findRecorded(ctx, "module", "torch.utils._pytree");
  auto knownObj =
      known != 0 ? ctx.trace.object(known) : Expected<schema::Object::Reader>(Error(""));
  bool wrapped = knownObj && knownObj->getIdentity() != 0 &&
                 ctx.objectsByIdentity.count(knownObj->getIdentity()) > 0;
  if (auto it = ctx.importedModules.find("torch.utils._pytree");
      !wrapped && it != ctx.importedModules.end()) {
    std::string first = it->second->source()->name();
    if (first != source) ctx.output.addGuard(GuardKind::DUPLICATE_INPUT, source);
    return first;
  }
  trace::ObjRef ref = tracer::VariableBuilder::findRecorded(ctx, "module", "torch.utils._pytree");
  if (ref != 0) {
    auto v = tracer::VariableBuilder::wrap(ctx, ref, sourceOfName(source));
    if (v && (*v)->source()) return (*v)->source()->name();
  }
  return firstModuleSource(ctx.output, pytreeModuleSources(), source);
}

// A guard the wrappers' modelled reads install on a recorded library object (`kind`
// "class" or "module", by name): through VariableBuilder when the trace holds the object,
// so the object reached before through another source (grad_impl's `partial`) makes this
// source a DUPLICATE_INPUT, and a later reach elsewhere one too; `guard` on `source`
// otherwise.
void recordedObjectGuard(tracer::TracingContext& ctx, const char* kind, const std::string& name,
                         const std::string& source, GuardKind guard) {
  trace::ObjRef ref = tracer::VariableBuilder::findRecorded(ctx, kind, name);
  if (ref != 0) {
    size_t dot = source.rfind('.');
    auto v = tracer::VariableBuilder::wrap(
        ctx, ref, Source::attr(sourceOfName(source.substr(0, dot)), source.substr(dot + 1)));
    if (v) return;
  }
  ctx.output.addGuard(guard, source);
}

// config.specialize_int for the frame being replayed.
bool specializeIntOf(Tx& tx) {
  return tx.context().trace.configOf(tx.context().event).getSpecializeInt();
}

// The guards Dynamo's inlining of torch/utils/_pytree.py installs when a cond flattens its
// branches' outputs (speculate_subgraph's tree_flatten), compares their TreeSpecs
// (TreeSpec.__eq__) and unflattens the cond's outputs (tree_unflatten): the module and the
// globals those functions read, the builtins they call, and SUPPORTED_NODES looked up by
// each node type met. Modelled from those functions' global reads, as the sum polyfill is
// in builtin.cpp; _pytree.py registers tuple then list first in SUPPORTED_NODES, so they
// are keys 0 and 1.
// `compared`: the specs were compared (TreeSpec.__eq__ calls str()). `specializeInt`:
// config.specialize_int (on under export): _LEAF_SPEC's int fields are then plain
// constants (CONSTANT_MATCH); off, VariableBuilder.wrap_int's specialisation case adds
// EQUALS_MATCH.
void guardPytree(tracer::TracingContext& ctx, const Spec& a, const Spec& b, bool compared,
                 bool specializeInt) {
  OutputGraph& out = ctx.output;
  const std::string mod = "G['__import_torch_dot_utils_dot__pytree']";
  const std::string nodes = "__import__('torch').utils._pytree.SUPPORTED_NODES";
  const std::string builtins = "G['__builtins_dict___0']";
  for (const char* name : {"isinstance", "len", "list", "tuple"})
    out.addGuard(GuardKind::BUILTIN_MATCH, builtins + "['" + name + "']");
  pytreeModuleSource(ctx, mod);
  out.addGuard(GuardKind::CLASS_MATCH, mod + ".Any");
  out.addGuard(GuardKind::CLASS_MATCH, mod + ".TreeSpec");
  out.addGuard(GuardKind::TYPE_MATCH, mod + "._LEAF_SPEC");
  for (const char* field : {"num_leaves", "num_nodes"}) {
    out.addGuard(GuardKind::CONSTANT_MATCH, mod + "._LEAF_SPEC." + field);
    if (!specializeInt) out.addGuard(GuardKind::EQUALS_MATCH, mod + "._LEAF_SPEC." + field);
  }
  out.addGuard(GuardKind::CLOSURE_MATCH, mod + "._is_pytreespec_instance");
  out.addGuard(GuardKind::CLOSURE_MATCH, mod + ".tree_is_leaf");
  guardSupportedNodesImport(ctx);
  out.addGuard(GuardKind::TYPE_MATCH, nodes);
  out.addGuard(GuardKind::DICT_NOT_CONTAINS, nodes);  // a Tensor leaf's type
  bool tuple = a.has(Spec::Kind::kTuple) || b.has(Spec::Kind::kTuple);
  bool list = a.has(Spec::Kind::kList) || b.has(Spec::Kind::kList);
  if (!tuple && !list) return;
  // A container node: _get_node_type's namedtuple check, the node type's NodeDef.
  for (const char* name : {"issubclass", "object", "type"})
    out.addGuard(GuardKind::BUILTIN_MATCH, builtins + "['" + name + "']");
  if (compared) out.addGuard(GuardKind::BUILTIN_MATCH, builtins + "['str']");
  out.addGuard(GuardKind::DUPLICATE_INPUT, mod + ".SUPPORTED_NODES");
  out.addGuard(GuardKind::CLOSURE_MATCH, mod + "._get_node_type");
  out.addGuard(GuardKind::DICT_CONTAINS, nodes);
  auto nodeDef = [&](int index) {
    std::string key = "list(dict.keys(" + nodes + "))[" + std::to_string(index) + "]";
    std::string def = nodes + "[" + key + "]";
    out.addGuard(GuardKind::SEQUENCE_LENGTH, def);
    out.addGuard(GuardKind::CLOSURE_MATCH, def + ".flatten_fn");
    out.addGuard(GuardKind::CLOSURE_MATCH, def + ".unflatten_fn");
    out.addGuard(GuardKind::BUILTIN_MATCH, key);
  };
  if (tuple) nodeDef(0);
  if (list) nodeDef(1);
}

// Whether subgraph node `id` shares storage with one of the subgraph's inputs: kNo, or
// kYes when it comes from an input through ops that always return a view (view,
// transpose, permute, select ...), or kMaybe when some op on the way returns a view or a
// copy depending on what the core does not track (reshape, contiguous, indexing, a dtype
// conversion to the dtype the tensor has, split's pieces). Dynamo's has_aliasing compares
// the fake tensors' storages.
enum class Alias { kNo, kMaybe, kYes };

Alias aliasesInput(const OutputGraph& out, NodeId id, int depth) {
  static const std::set<std::string> kViews = {"view",
                                               "view_as",
                                               "transpose",
                                               "t",
                                               "permute",
                                               "squeeze",
                                               "unsqueeze",
                                               "expand",
                                               "expand_as",
                                               "narrow",
                                               "select",
                                               "detach",
                                               "alias",
                                               "diagonal",
                                               "movedim",
                                               "swapaxes",
                                               "swapdims",
                                               "unfold",
                                               "as_strided",
                                               "real",
                                               "imag",
                                               "view_as_real",
                                               "view_as_complex",
                                               "unflatten",
                                               "T",
                                               "mT",
                                               "H",
                                               "mH"};
  static const std::set<std::string> kMaybeViews = {
      "reshape", "reshape_as", "flatten", "contiguous",   "getitem",
      "split",   "chunk",      "unbind",  "tensor_split", "split_with_sizes"};
  static const std::set<std::string> kConversions = {
      "to",   "float",   "double", "half",     "int",   "long", "bool",
      "type", "type_as", "cpu",    "bfloat16", "short", "char", "byte"};
  if (depth > 64 || id < 0) return Alias::kMaybe;
  const auto& n = out.graph().node(id);
  if (n.op == "placeholder") return Alias::kYes;
  if (n.op != "call_method" && n.op != "call_function") return Alias::kNo;
  std::string name = n.target.substr(n.target.rfind('.') + 1);
  Alias link = kViews.count(name)        ? Alias::kYes
               : kMaybeViews.count(name) ? Alias::kMaybe
                                         : Alias::kNo;
  if (link == Alias::kNo && kConversions.count(name)) {
    // A conversion to the dtype the tensor has returns the tensor itself.
    const auto& in = n.args.empty() || n.args[0].kind != GraphArg::Kind::kNode
                         ? n
                         : out.graph().node(n.args[0].node);
    if (!n.meta || !in.meta || n.meta->dtype == in.meta->dtype) link = Alias::kMaybe;
  }
  if (link == Alias::kNo || n.args.empty()) return Alias::kNo;
  Alias base = Alias::kNo;
  if (n.args[0].kind == GraphArg::Kind::kNode) {
    base = aliasesInput(out, n.args[0].node, depth + 1);
  } else if (n.args[0].kind == GraphArg::Kind::kTuple || n.args[0].kind == GraphArg::Kind::kList) {
    for (const auto& item : n.args[0].items) {
      if (item.kind == GraphArg::Kind::kNode)
        base = std::max(base, aliasesInput(out, item.node, depth + 1));
    }
    if (base == Alias::kYes) base = Alias::kMaybe;
  }
  if (base == Alias::kNo) return Alias::kNo;
  return base == Alias::kYes && link == Alias::kYes ? Alias::kYes : Alias::kMaybe;
}

// only_consist_of(operands, (TensorVariable, ConstantVariable, SymNodeVariable)), on
// realised values; the offending value's type name when there is one.
Expected<std::string> notOnlyTensorsAndConstants(Tx& tx, const VtPtr& v, int depth) {
  auto r = tx.realize(v);
  if (!r) return r.error();
  const VtPtr& x = *r;
  if (depth > 32) return std::string("deeply nested value");
  if (x->kind() == VtKind::kTensor || x->kind() == VtKind::kConstant) return std::string();
  if (x->kind() == VtKind::kTuple || x->kind() == VtKind::kList) {
    for (const auto& item : asSequence(x)->items()) {
      auto bad = notOnlyTensorsAndConstants(tx, item, depth + 1);
      if (!bad || !bad->empty()) return bad;
    }
    return std::string();
  }
  return x->pythonTypeName();
}

// trace_hop_function in the current SubgraphTracer: `fn` called on `args`, SideEffects
// scoped to the subgraph (OutputGraph.subtracer enters a new scope) and the identity
// cache put back after. `noFallback`: the operator does not fall back to eager
// (_ALLOW_FALLBACK_TO_EAGER is False), so a graph break or an Unsupported inside it
// becomes UncapturedHigherOrderOpError, a hard error; otherwise it is not modelled.
Expected<VtPtr> traceInSubtracer(Tx& tx, const VtPtr& fn, Args args, Kwargs kwargs,
                                 const std::string& where, bool noFallback) {
  auto& ctx = tx.context();
  const uint64_t mutationsBefore = ctx.sideEffects.mutationCount();
  struct ScopeGuard {
    tracer::SideEffects& se;
    uint64_t saved;
    ~ScopeGuard() { se.setScopeStart(saved); }
  } scopeGuard{ctx.sideEffects, ctx.sideEffects.scopeStart()};
  ctx.sideEffects.setScopeStart(VariableTracker::peekSerial());
  const bool hadBreak = ctx.pendingBreak.has_value();
  const auto objectsBefore = ctx.objectsByIdentity;
  auto r = fn->callFunction(tx, std::move(args), std::move(kwargs));
  // trace_hop_function: SideEffects as before the subgraph. Objects the subgraph wrapped
  // first are found again only through the source they were read from.
  for (auto it = ctx.objectsByIdentity.begin(); it != ctx.objectsByIdentity.end();) {
    if (objectsBefore.count(it->first) || !it->second->source()) {
      ++it;
      continue;
    }
    ctx.branchSourceCache[{it->first, it->second->source()->name()}] = it->second;
    it = ctx.objectsByIdentity.erase(it);
  }
  if (!r) {
    if (!hadBreak && ctx.pendingBreak) {
      // With a fallback (add_hop_context's _ALLOW_FALLBACK_TO_EAGER) the Unsupported
      // reaches the CALL of the operator: a graph break there, of the inner gb_type.
      if (!noFallback) return r.error();
      std::string why = ctx.pendingBreak->gbType;
      ctx.pendingBreak.reset();
      return uncaptured(why, "a graph break in " + where);
    }
    if (r.error().isObservedException())
      return unsupported("an exception raised in " + where +
                         ": Dynamo raises UncapturedHigherOrderOpError, not modelled");
    return r.error().withContext(where);
  }
  // SideEffects.check_allowed_side_effect: mutating what the subgraph did not create.
  if (ctx.sideEffects.mutationCount() != mutationsBefore) {
    if (noFallback)
      return uncaptured("HOP: Unsafe side effect", "a mutation of pre-existing state in " + where);
    return unsupported("a mutation of pre-existing state in " + where +
                       " (the higher-order operator's fallback to eager is not modelled)");
  }
  return r;
}

// speculate_subgraph(..., set_subgraph_inputs="automatic", should_flatten_outputs=True):
// the branch called on the operands in a new SubgraphTracer (tensors it uses from
// enclosing graphs are lifted as it goes), its output flattened and returned by the
// subgraph's output node.
Expected<Branch> speculateBranch(Tx& tx, const VtPtr& fn, const std::vector<VtPtr>& operands,
                                 const char* which) {
  auto& ctx = tx.context();
  OutputGraph& out = ctx.output;
  Branch res;
  SubtracerScope scope(out);
  res.graph = scope.graph;
  const std::string where = std::string("the ") + which + " branch of torch.cond";
  auto r = traceInSubtracer(tx, fn, operands, {}, where, /*noFallback=*/true);
  if (!r) return r.error();
  std::vector<VtPtr> leaves;
  if (Status s = flatten(tx, *r, leaves, res.spec, 0, "a torch.cond branch output", true); !s)
    return s.error();
  std::vector<GraphArg> outputs;
  if (!out.liftError().empty()) return unsupported(out.liftError() + " in " + where);
  // check_aliasing_and_input_mutation, with grad mode on (cond supports neither input
  // mutation nor aliasing then): an in-place method on a subgraph input, an output that
  // is an input or another output. Views of inputs are not detected (TODO(fidelity)).
  const bool strict = ctx.gradEnabled;
  for (NodeId id : out.graph().order(res.graph)) {
    const auto& n = out.graph().node(id);
    if (n.op != "call_method" || n.target.empty() || n.target.back() != '_' ||
        n.target.find("__") != std::string::npos || n.args.empty() ||
        n.args[0].kind != GraphArg::Kind::kNode)
      continue;
    bool onInput = n.args[0].node >= 0 && out.graph().node(n.args[0].node).op == "placeholder";
    if (onInput && strict)
      return uncaptured("Encountered input mutation during higher order op tracing",
                        "an in-place " + n.target + " on an input of " + where);
    if (onInput)
      return unsupported("an in-place " + n.target + " on an input of " + where +
                         " with grad mode off (input mutation in a subgraph is not modelled)");
  }
  for (size_t i = 0; i < leaves.size(); ++i) {
    if (leaves[i]->kind() == VtKind::kSymInt)
      return unsupported(where + " returning a SymInt (not modelled)");
    if (const ConstantVariable* c = asConstant(leaves[i])) {
      // An int leaf: the subgraph returns the constant.
      outputs.push_back(GraphArg::ofConstant(c->value()));
      res.metas.emplace_back();
      res.ints.push_back(*c->asInt());
      continue;
    }
    const auto& t = static_cast<const TensorVariable&>(*leaves[i]);
    bool aliased = out.graph().node(t.node()).graph != res.graph ||
                   out.graph().node(t.node()).op == "placeholder";
    for (size_t j = 0; j < i; ++j)
      aliased = aliased || (leaves[j]->kind() == VtKind::kTensor &&
                            static_cast<const TensorVariable&>(*leaves[j]).node() == t.node());
    if (aliased && strict)
      return uncaptured("Encountered aliasing during higher order op tracing",
                        where + " returning an input or one tensor twice");
    Alias view = aliased || !strict ? Alias::kNo : aliasesInput(out, t.node(), 0);
    if (view == Alias::kYes)
      return uncaptured("Encountered aliasing during higher order op tracing",
                        where + " returning a view of its input");
    if (view == Alias::kMaybe)
      return unsupported(where + " returning what may be a view of its input (" +
                         out.graph().node(t.node()).target +
                         "): aliasing by storage is not modelled");
    // With grad mode off an input (lifted here if it comes from an enclosing graph) or
    // one tensor twice is returned as is. The output's tree_flatten calls type() on a
    // leaf with a source and looks that type up in SUPPORTED_NODES.
    if (t.source()) {
      out.addGuard(GuardKind::TYPE_MATCH, t.source()->name());
      out.addGuard(GuardKind::DICT_KEYS_MATCH, "__import__('torch').utils._pytree.SUPPORTED_NODES");
    }
    outputs.push_back(GraphArg::ofNode(out.liftToCurrent(t.node())));
    res.metas.push_back(t.meta());
    res.ints.emplace_back();
  }
  out.subgraphOutputArgs(res.graph, std::move(outputs));
  res.lifted = out.liftedFreevars(res.graph);
  return res;
}

NodeId liftedFor(const std::vector<std::pair<NodeId, NodeId>>& lifted, NodeId key) {
  for (const auto& [k, ph] : lifted) {
    if (k == key) return ph;
  }
  return -1;
}

// _merge_graph_inputs: both subgraphs take the same inputs, the freevars both lifted
// first, then the true branch's own (suffix _true_branch), then the false branch's
// (_false_branch), each group sorted by node name. Returns the cond's operands.
// `tSuffix` / `fSuffix` name each side's own inputs (cond: "_true_branch" /
// "_false_branch"; while_loop: "_cond_fn" / "_body_fn").
Expected<std::vector<NodeId>> mergeGraphInputs(OutputGraph& out, const Branch& t, const Branch& f,
                                               const std::string& tSuffix = "_true_branch",
                                               const std::string& fSuffix = "_false_branch") {
  std::vector<NodeId> shared, onlyT, onlyF;
  // A tensor attribute of the root module (export's install_free_tensors: a get_attr
  // with a tensor example value) is one node however many branches read it
  // (variable_tracker_cache), lifted like any free tensor; shared_getattrs' dedup by
  // target only matters for get_attrs the core does not make.
  auto otherGetAttr = [&](NodeId k) {
    const auto& n = out.graph().node(k);
    return n.op == "get_attr" && !n.meta;
  };
  for (const auto& [k, ph] : t.lifted) {
    if (otherGetAttr(k))
      return unsupported(
          "a subgraph of torch.cond or while_loop lifting a get_attr node (shared get_attrs "
          "are not modelled)");
    (liftedFor(f.lifted, k) >= 0 ? shared : onlyT).push_back(k);
  }
  for (const auto& [k, ph] : f.lifted) {
    if (otherGetAttr(k))
      return unsupported(
          "a subgraph of torch.cond or while_loop lifting a get_attr node (shared get_attrs "
          "are not modelled)");
    if (liftedFor(t.lifted, k) < 0) onlyF.push_back(k);
  }
  auto byName = [&](std::vector<NodeId>& v) {
    std::vector<std::pair<std::string, NodeId>> named;
    for (NodeId n : v) named.emplace_back(out.nodeName(n), n);
    std::stable_sort(named.begin(), named.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    v.clear();
    for (const auto& [name, n] : named) v.push_back(n);
  };
  byName(shared);
  byName(onlyT);
  byName(onlyF);
  auto fixup = [&](const Branch& b) {
    auto insert = [&](const std::vector<NodeId>& args, const std::string& suffix) {
      for (NodeId arg : args) {
        NodeId ph = out.exactPlaceholder(b.graph, out.nodeName(arg) + suffix, arg);
        NodeId old = liftedFor(b.lifted, arg);
        if (old >= 0) {
          out.graph().replaceAllUses(old, ph);
          out.graph().erase(old);
        }
      }
    };
    insert(shared, "");
    insert(onlyT, tSuffix);
    insert(onlyF, fSuffix);
  };
  fixup(t);
  fixup(f);
  std::vector<NodeId> operands = shared;
  operands.insert(operands.end(), onlyT.begin(), onlyT.end());
  operands.insert(operands.end(), onlyF.begin(), onlyF.end());
  return operands;
}

// The pytree guards these ops add (guardPytree, guardTreeFlattenFunctions) are written
// for a frame that reaches torch.utils._pytree first through the op. The frame
// torch.export.export(strict=True) traces has inlined pytree itself before (its
// tree_unflatten of the inputs), so Dynamo's guards there are DUPLICATE_INPUTs on sources
// already guarded: not modelled, refused by name.
Status strictExportPytreeGap(Tx& tx, const std::string& op) {
  if (!tx.context().exportMode.fullgraphCapture) return Status::success();
  return unsupported(op +
                     " under torch.export.export(strict=True): its pytree flatten / "
                     "unflatten guards after the frame's own pytree inlining (duplicate "
                     "sources of torch.utils._pytree and SUPPORTED_NODES) are not modelled");
}

// The predicates torch.cond takes that the core models: a Python constant (one branch
// inlined) or a boolean tensor.
Status condPredicateGap(const VtPtr& pred) {
  if (pred->kind() == VtKind::kConstant) return Status::success();
  if (pred->kind() != VtKind::kTensor && pred->kind() != VtKind::kSymInt)
    return unsupported("torch.cond with a " + pred->pythonTypeName() +
                       " predicate (Dynamo raises: torch.cond: improper predicate)");
  if (const auto* si = dynamic_cast<const SymIntVariable*>(pred.get()); si && si->isBool())
    return Status::success();
  if (pred->kind() == VtKind::kSymInt)
    return unsupported("torch.cond on a Sym" + pred->pythonTypeName() +
                       " predicate that is not a SymBool (not modelled)");
  return Status::success();
}

// The SymBool node a cond predicate stands for (see below), or -1.
Expected<NodeId> symBoolPredicate(Tx& tx, const VtPtr& pred) {
  auto& ctx = tx.context();
  OutputGraph& out = ctx.output;
  // An undecided SymBool (a comparison with an unbacked side) is the predicate as is.
  if (const auto* si = dynamic_cast<const SymIntVariable*>(pred.get()); si && si->isBool())
    return si->node();
  // A comparison of size symbols is a SymBool predicate in Dynamo: the cond's first
  // argument, with no guard (SymNodeVariable). The core evaluated it to a bool, guarding;
  // when nothing was decided since, that is undone and its node is the predicate. A jump
  // on it before guarded in Dynamo too (bool() of the SymBool): the guard stays.
  if (auto it = ctx.comparisonNodes.find(pred.get());
      it != ctx.comparisonNodes.end() && it->second.value.lock() == pred && !it->second.decided) {
    const auto& c = it->second;
    if (!c.jumpedOn && (!c.envBefore || !(out.shapeEnv().fingerprint() == c.after)))
      return unsupported(
          "torch.cond on a SymBool predicate followed by other shape decisions before the "
          "cond (undoing the comparison's guard then is not modelled)");
    if (!c.jumpedOn) out.shapeEnv() = *c.envBefore;
    return c.node;
  }
  return NodeId{-1};
}

// The cond's merged outputs (_merge_output) and wrap_fx_proxy of the flat result: one
// getitem per output. Equal int leaves stay that int; different ones become a new
// unbacked SymInt ranging over the two, bound from the cond's tuple (its runtime asserts
// made with the graph's).
Expected<std::vector<VtPtr>> condOutputs(Tx& tx, NodeId cond, const Branch& t, const Branch& f) {
  auto& ctx = tx.context();
  OutputGraph& out = ctx.output;
  std::vector<VtPtr> flat;
  std::string example = "(";
  for (size_t i = 0; i < t.metas.size(); ++i) {
    NodeId item = out.callFunction(
        "operator.getitem", {GraphArg::ofNode(cond), GraphArg::ofConstant(static_cast<int64_t>(i))},
        {});
    if (i) example += ", ";
    if (!t.ints[i]) {
      out.graph().node(item).meta = t.metas[i];
      flat.push_back(std::make_shared<TensorVariable>(item, t.metas[i]));
      example += canonicalMeta(t.metas[i]);
      continue;
    }
    if (*t.ints[i] == *f.ints[i]) {
      example += "int " + std::to_string(*t.ints[i]);
      flat.push_back(ConstantVariable::make(*t.ints[i]));
      continue;
    }
    auto sym = tracer::mergedIntSymbol(ctx, *t.ints[i], *f.ints[i]);
    if (!sym) return sym.error();
    const auto& [name, standIn] = *sym;
    auto& n = out.graph().node(item);
    n.symExpr = name;
    n.symValue = symbolic::Expr::symbol(name);
    out.graph().node(cond).unbackedItemBindings.emplace_back(name, static_cast<int64_t>(i));
    example += "sym " + name;
    flat.push_back(
        std::make_shared<SymIntVariable>(item, 0, standIn, symbolic::Expr::symbol(name)));
  }
  if (!t.ints.empty() &&
      std::any_of(t.ints.begin(), t.ints.end(), [](const auto& v) { return v.has_value(); }))
    out.graph().node(cond).exampleText = example + ")";
  return flat;
}

Expected<VtPtr> callCond(Tx& tx, Args args, Kwargs kwargs) {
  auto& ctx = tx.context();
  OutputGraph& out = ctx.output;
  if (Status st = strictExportPytreeGap(tx, "torch.cond"); !st) return st.error();
  // LazyVariableTracker.realize_all((args, kwargs)).
  for (auto& a : args) {
    if (Status s = LazyVariable::realizeAll(tx, a); !s) return s.error();
    auto r = tx.realize(a);
    if (!r) return r;
    a = *r;
  }
  for (auto& [k, v] : kwargs) {
    if (Status s = LazyVariable::realizeAll(tx, v); !s) return s.error();
    auto r = tx.realize(v);
    if (!r) return r;
    v = *r;
  }
  static const char* const kNames[] = {"pred", "true_fn", "false_fn", "operands"};
  for (size_t i = 0; i < 4; ++i) {
    auto it = std::find_if(kwargs.begin(), kwargs.end(),
                           [&](const auto& kv) { return kv.first == kNames[i]; });
    if (it == kwargs.end()) continue;
    if (i != args.size())
      return unsupported("torch.cond given " + std::string(kNames[i]) +
                         " by keyword out of order (Dynamo asserts)");
    args.push_back(it->second);
    kwargs.erase(it);
  }
  if (args.size() != 4 || !kwargs.empty())
    return unsupported("torch.cond with " + std::to_string(args.size()) +
                       " arguments and other keywords (Dynamo raises: torch.cond: improper "
                       "args/kwargs)");
  const VtPtr& pred = args[0];
  const VtPtr& trueFn = args[1];
  const VtPtr& falseFn = args[2];
  const VtPtr& operands = args[3];
  auto symPredOr = symBoolPredicate(tx, pred);
  if (!symPredOr) return symPredOr.error();
  const NodeId symPred = *symPredOr;
  if (Status st = condPredicateGap(pred); !st) return st.error();
  // A constant predicate specialises on one branch, inlined in the current graph.
  if (pred->kind() == VtKind::kConstant && symPred < 0) {
    auto items = operands->unpackVarSequence(tx);
    if (!items) return items.error();
    auto truth = pred->boolValue(tx);
    if (!truth) return truth.error();
    return (*truth ? trueFn : falseFn)->callFunction(tx, *items, {});
  }
  if (operands->kind() != VtKind::kTuple && operands->kind() != VtKind::kList)
    return unsupported("torch.cond with operands of type " + operands->pythonTypeName() +
                       " (Dynamo raises: torch.cond: improper operands)");
  auto items = operands->unpackVarSequence(tx);
  if (!items) return items.error();
  for (auto& item : *items) {
    auto bad = notOnlyTensorsAndConstants(tx, item, 0);
    if (!bad) return bad.error();
    if (!bad->empty())
      return unsupported("torch.cond operands holding a " + *bad +
                         " (Dynamo raises: torch.cond: improper operands contents)");
    auto r = tx.realize(item);
    if (!r) return r;
    item = *r;
  }
  for (const VtPtr* fn : {&trueFn, &falseFn}) {
    switch ((*fn)->kind()) {
      case VtKind::kUserFunction:
      case VtKind::kNestedFunction:
      case VtKind::kUserMethod:
      case VtKind::kUserObject:
      case VtKind::kPartial:
      case VtKind::kTorchFunction:
      case VtKind::kBuiltin: break;
      default:
        return unsupported("a torch.cond branch that is a " + (*fn)->className() +
                           " (only functions, methods and modules are modelled)");
    }
  }
  auto t = speculateBranch(tx, trueFn, *items, "true");
  if (!t) return t.error();
  auto f = speculateBranch(tx, falseFn, *items, "false");
  if (!f) return f.error();
  if (!(t->spec == f->spec)) {
    // TreeSpec.__eq__ inlined: two containers of another type or length are unequal.
    // Against a leaf it answers NotImplemented, the check passes and the cond's fake-tensor
    // run fails (TorchRuntimeError); deeper differences go through the children's __eq__.
    bool containers = t->spec.kind != Spec::Kind::kLeaf && f->spec.kind != Spec::Kind::kLeaf;
    if (containers &&
        (t->spec.kind != f->spec.kind || t->spec.children.size() != f->spec.children.size()))
      return uncaptured("torch.cond: differing branch outputs",
                        "the branches return different pytree structures");
    return unsupported(
        "torch.cond branches returning different pytree structures below the top level or "
        "a leaf against a container (TreeSpec.__eq__ and the cond's fake-tensor failure are "
        "not modelled)");
  }
  // _merge_output: outputs of equal sizes and strides merge to one fake tensor (sizes that
  // differ become unbacked symbols, and other differences are errors: not modelled).
  // requires_grad is not compared; see below.
  for (size_t i = 0; i < t->metas.size(); ++i) {
    if (t->ints[i] || f->ints[i]) {
      if (t->ints[i] && f->ints[i]) continue;
      return unsupported("torch.cond branches whose output " + std::to_string(i) +
                         " is an int in one and a tensor in the other (_merge_output's "
                         "assertion error is not modelled)");
    }
    fake::TensorMeta a = t->metas[i], b = f->metas[i];
    a.requiresGrad = b.requiresGrad = false;
    if (canonicalMeta(a) != canonicalMeta(b))
      return unsupported("torch.cond branches whose output " + std::to_string(i) +
                         " differs in metadata (" + canonicalMeta(t->metas[i]) + " vs " +
                         canonicalMeta(f->metas[i]) +
                         "): cond's output merge (unbacked sizes, errors) is not modelled");
  }
  guardPytree(tx.context(), t->spec, f->spec, /*compared=*/true, specializeIntOf(tx));
  auto operandNodes = mergeGraphInputs(out, *t, *f);
  if (!operandNodes) return operandNodes.error();
  // The cond's example value: with grad mode on and an operand (lifted ones included)
  // requiring grad, cond_autograd runs CondAutogradOp.apply, whose floating outputs
  // require grad; otherwise the fake kernel's torch.empty_strided does not.
  bool anyGrad = false;
  for (NodeId n : *operandNodes) {
    const auto& m = out.graph().node(n).meta;
    anyGrad = anyGrad || (m && m->requiresGrad);
  }
  for (auto& m : t->metas)
    m.requiresGrad = tx.context().gradEnabled && anyGrad && fake::isFloatingOrComplex(m.dtype);
  std::string trueName = out.installSubgraph("cond_true", t->graph);
  std::string falseName = out.installSubgraph("cond_false", f->graph);
  NodeId trueNode = out.getAttr(trueName);
  NodeId falseNode = out.getAttr(falseName);
  NodeId predNode = symPred >= 0 ? symPred : static_cast<const TensorVariable&>(*pred).node();
  GraphArg tuple;
  tuple.kind = GraphArg::Kind::kTuple;
  for (NodeId n : *operandNodes) tuple.items.push_back(GraphArg::ofNode(n));
  NodeId cond = out.callFunction("torch.ops.higher_order.cond",
                                 {GraphArg::ofNode(predNode), GraphArg::ofNode(trueNode),
                                  GraphArg::ofNode(falseNode), std::move(tuple)},
                                 {});
  out.graph().node(cond).metaTuple = t->metas;
  auto flat = condOutputs(tx, cond, *t, *f);
  if (!flat) return flat.error();
  size_t next = 0;
  return unflatten(t->spec, *flat, next);
}

// LazyVariableTracker.realize_all((args, kwargs)).
Status realizeAllArgs(Tx& tx, Args& args, Kwargs& kwargs) {
  for (auto& a : args) {
    if (Status s = LazyVariable::realizeAll(tx, a); !s) return s;
    auto r = tx.realize(a);
    if (!r) return r.error();
    a = *r;
  }
  for (auto& [k, v] : kwargs) {
    if (Status s = LazyVariable::realizeAll(tx, v); !s) return s;
    auto r = tx.realize(v);
    if (!r) return r.error();
    v = *r;
  }
  return Status::success();
}

// ---- wrap and checkpoint (WrapHigherOrderVariable, CheckpointHigherOrderVariable) ----

// speculate_subgraph_with_auto_output_flattening's graph_output_vts: the tensors of the
// output in visit order (VariableTracker.visit); constants stay Python values.
Status collectOutputTensors(Tx& tx, const VtPtr& v, std::vector<VtPtr>& tensors, int depth,
                            const std::string& where) {
  auto r = tx.realize(v);
  if (!r) return r.error();
  const VtPtr& x = *r;
  if (depth > 32) return unsupported(where + " returning a value nested more than 32 deep");
  if (x->kind() == VtKind::kTensor) {
    for (const auto& t : tensors) {
      if (t.get() == x.get())
        return unsupported(where + " returning one tensor twice (not modelled)");
    }
    tensors.push_back(x);
    return Status::success();
  }
  if (x->kind() == VtKind::kConstant) return Status::success();
  if (x->kind() == VtKind::kTuple || x->kind() == VtKind::kList) {
    const SequenceVariable* seq = asSequence(x);
    if (!seq->fieldNames().empty() || !seq->viewType().empty())
      return unsupported(where + " returning a named tuple or a dict view (not modelled)");
    for (const auto& item : seq->items()) {
      if (Status s = collectOutputTensors(tx, item, tensors, depth + 1, where); !s) return s;
    }
    return Status::success();
  }
  return unsupported(where + " returning a " + x->pythonTypeName() +
                     " (outputs other than tensors, constants, tuples and lists are not "
                     "modelled)");
}

// overwrite_tensor_vt_proxy: each graph output tracker now stands for the operator's
// getitem node, in place (a returned input is the frame's own tracker: every later use of
// it reads the getitem). A tracker made as a placeholder's keeps its name (_is_name_set).
void reproxify(Tx& tx, const std::vector<VtPtr>& tensors, const std::vector<NodeId>& items) {
  const auto& graph = tx.context().output.graph();
  for (size_t i = 0; i < tensors.size(); ++i) {
    auto& tv = static_cast<TensorVariable&>(*tensors[i]);
    if (graph.node(tv.node()).op == "placeholder") tv.markNameHintSet();
    tv.setNode(items[i]);
  }
}

// WrapHigherOrderVariable._call_function (wrap(fn, *args, **kwargs)) and
// CheckpointHigherOrderVariable._call_function (checkpoint(fn, *args, use_reentrant=...,
// **kwargs)): the function traced once in a SubgraphTracer with "automatic" inputs (every
// tensor it reads from an enclosing graph is lifted, in first-use order), installed as
// wrap_body_N, and called by one node whose outputs replace the returned tensors.
Expected<VtPtr> callWrap(Tx& tx, Args args, Kwargs kwargs, bool checkpoint) {
  auto& ctx = tx.context();
  OutputGraph& out = ctx.output;
  if (Status s = realizeAllArgs(tx, args, kwargs); !s) return s.error();
  const std::string op = checkpoint ? "torch.utils.checkpoint.checkpoint" : "wrap";
  if (args.empty()) return unsupported(op + " called without a function");
  // TagActivationCheckpoint.divide_kwargs: checkpoint's own keywords go to the node.
  std::vector<std::pair<std::string, GraphArg>> nodeKwargs;
  if (checkpoint) {
    static const std::set<std::string> kOwn = {"use_reentrant", "determinism_check", "debug",
                                               "early_stop", "preserve_rng_state"};
    Kwargs fnKwargs;
    for (auto& [k, v] : kwargs) {
      if (k == "context_fn")
        return unsupported("torch.utils.checkpoint.checkpoint with a context_fn (not modelled)");
      if (!kOwn.count(k)) {
        fnKwargs.emplace_back(k, v);
        continue;
      }
      if (v->kind() != VtKind::kConstant)
        return unsupported("torch.utils.checkpoint.checkpoint's " + k + " given a " +
                           v->pythonTypeName() + " (only constants are modelled)");
      nodeKwargs.emplace_back(
          k, GraphArg::ofConstant(static_cast<const ConstantVariable&>(*v).value()));
    }
    kwargs = std::move(fnKwargs);
  }
  const std::string where = "the function of " + op;
  int graph = 0;
  VtPtr result;
  std::vector<VtPtr> tensors;
  std::vector<fake::TensorMeta> metas;
  {
    SubtracerScope scope(out);
    graph = scope.graph;
    Args fnArgs(args.begin() + 1, args.end());
    auto r = traceInSubtracer(tx, args[0], std::move(fnArgs), std::move(kwargs), where,
                              /*noFallback=*/false);
    if (!r) return r.error();
    result = *r;
    if (Status s = collectOutputTensors(tx, result, tensors, 0, where); !s) return s.error();
    std::vector<NodeId> outputs;
    for (const auto& t : tensors) {
      const auto& tv = static_cast<const TensorVariable&>(*t);
      outputs.push_back(out.liftToCurrent(tv.node()));
      metas.push_back(tv.meta());
    }
    if (!out.liftError().empty()) return unsupported(out.liftError() + " in " + where);
    out.subgraphOutput(graph, outputs);
  }
  // move_lifted_freevars_phs_to_end: with automatic inputs every placeholder is lifted.
  std::vector<GraphArg> nodeArgs;
  std::string body = out.installSubgraph("wrap_body", graph);
  nodeArgs.push_back(GraphArg::ofNode(out.getAttr(body)));
  for (const auto& [outer, ph] : out.liftedFreevars(graph)) {
    if (out.graph().node(outer).op == "get_attr")
      return unsupported(where + " lifting a get_attr node (not modelled)");
    nodeArgs.push_back(GraphArg::ofNode(out.liftToCurrent(outer)));
  }
  NodeId call = out.callFunction(checkpoint ? "torch.ops.higher_order.tag_activation_checkpoint"
                                            : "torch.ops.higher_order.wrap",
                                 std::move(nodeArgs), std::move(nodeKwargs));
  out.graph().node(call).metaTuple = metas;
  std::vector<NodeId> items;
  for (size_t i = 0; i < metas.size(); ++i) {
    NodeId item = out.callFunction(
        "operator.getitem", {GraphArg::ofNode(call), GraphArg::ofConstant(static_cast<int64_t>(i))},
        {});
    out.graph().node(item).meta = metas[i];
    items.push_back(item);
  }
  reproxify(tx, tensors, items);
  return result;
}

// ---- while_loop (WhileLoopHigherOrderVariable, _call_while_loop) ----

// The source through which attributes of the module `torch` are read when the wrapper
// `wrapper` (a function of module `mod`) reads its global `torch`: VariableBuilder on the
// recorded module object, so the first source the frame reached it by wins (the frame's
// G['torch'] read before: DUPLICATE_INPUT on mod.torch; read after: G['torch'] is the
// DUPLICATE_INPUT, its attributes read through mod.torch).
std::string torchModuleSource(Tx& tx, trace::ObjRef wrapper, const std::string& mod) {
  auto& ctx = tx.context();
  static const std::vector<std::string> kSources = {
      "G['torch']", "G['__import_torch_dot__higher_order_ops_dot_while_loop'].torch",
      "G['__import_torch_dot__higher_order_ops_dot_map'].torch"};
  auto fn = ctx.trace.object(wrapper);
  if (fn && fn->which() == schema::Object::Which::FUNCTION) {
    auto globals = ctx.trace.object(fn->getFunction().getGlobals());
    if (globals && globals->which() == schema::Object::Which::DICT) {
      for (auto entry : globals->getDict()) {
        auto key = ctx.trace.object(entry.getKey());
        if (!key || key->which() != schema::Object::Which::STR || key->getStr() != "torch")
          continue;
        auto source = Source::moduleAttr(Source::global(mod.substr(3, mod.size() - 5)), "torch");
        auto v = tracer::VariableBuilder::wrap(ctx, entry.getValue(), source);
        if (v && (*v)->source()) return (*v)->source()->name();
      }
    }
  }
  return firstModuleSource(ctx.output, kSources, mod + ".torch");
}

// The pytree functions the while_loop and map wrappers call: tree_flatten (with its
// default is_leaf) and tree_unflatten, reached through the wrapper module's `pytree`.
void guardTreeFlattenFunctions(OutputGraph& out, const std::string& pytree) {
  out.addGuard(GuardKind::CLOSURE_MATCH, pytree + ".tree_flatten");
  out.addGuard(GuardKind::SEQUENCE_LENGTH, pytree + ".tree_flatten.__defaults__");
  out.addGuard(GuardKind::CONSTANT_MATCH, pytree + ".tree_flatten.__defaults__[0]");
  out.addGuard(GuardKind::CLOSURE_MATCH, pytree + ".tree_unflatten");
}

// Flattening the wrappers' (tuple of list) carried inputs: the pytree node guards, and
// SUPPORTED_NODES' keys when some leaf has a source (its type() is looked up there).
void guardFlattenedCarries(tracer::TracingContext& ctx, bool sourcedLeaf, bool specializeInt) {
  OutputGraph& out = ctx.output;
  Spec containers;
  containers.kind = Spec::Kind::kTuple;
  containers.children.push_back(Spec{Spec::Kind::kList, {}});
  guardPytree(ctx, containers, containers, /*compared=*/false, specializeInt);
  if (sourcedLeaf)
    out.addGuard(GuardKind::DICT_KEYS_MATCH, "__import__('torch').utils._pytree.SUPPORTED_NODES");
}

// The guards Dynamo's inlining of torch._higher_order_ops.while_loop.while_loop gives: the
// module globals it reads (pytree, torch.compiler.is_dynamo_compiling, while_loop_op),
// tree_flatten of the carried inputs in the frame, tree_unflatten in the flat
// cond_fn / body_fn, and flatten_manual's tree_flatten / tree_unflatten of the subgraph
// inputs (a list, so list's NodeDef too). Modelled from those functions' global reads as
// guardPytree is for cond; the set is the same for any tuple / list structure of tensors.
// The module `torch`, reached through the wrapper's globals, is guarded through the
// frame's own `torch` global when the frame read it before (the same object: its first
// source wins, the second is a DUPLICATE_INPUT). `sourcedLeaf`: some carried leaf has a
// source (its type() is a key looked up in SUPPORTED_NODES: DICT_KEYS_MATCH).
void guardWhileLoopWrapper(Tx& tx, trace::ObjRef wrapper, bool sourcedLeaf) {
  OutputGraph& out = tx.context().output;
  const std::string mod = "G['__import_torch_dot__higher_order_ops_dot_while_loop']";
  out.addGuard(GuardKind::MODULE_MATCH, mod);
  const std::string pytree = pytreeModuleSource(tx.context(), mod + ".pytree");
  guardTreeFlattenFunctions(out, pytree);
  std::string torch = torchModuleSource(tx, wrapper, mod);
  out.addGuard(GuardKind::MODULE_MATCH, torch + ".compiler");
  out.addGuard(GuardKind::CLOSURE_MATCH, torch + ".compiler.is_dynamo_compiling");
  out.addGuard(GuardKind::TYPE_MATCH, mod + ".while_loop_op");
  guardFlattenedCarries(tx.context(), sourcedLeaf, specializeIntOf(tx));
}

// speculate_subgraph(..., set_subgraph_inputs="flatten_manual") for while_loop's cond_fn
// (`body` false: one scalar boolean tensor returned as is), while_loop's body_fn or map's
// body (`body` true: the output flattened, should_flatten_outputs). `where` names the
// function in messages; `mutationWithoutGrad`: input mutation is allowed with grad mode
// off (while_loop), else never (map).
Expected<LoopFn> speculateManual(Tx& tx, const VtPtr& fn, const ManualInputs& inputs,
                                 const std::string& where, bool body, bool mutationWithoutGrad) {
  auto& ctx = tx.context();
  OutputGraph& out = ctx.output;
  LoopFn res;
  SubtracerScope scope(out);
  res.graph = scope.graph;
  const auto& names = inputs.names;
  const auto& metas = inputs.metas;
  std::vector<VtPtr> phs;
  auto symOf = [&](size_t i) -> const std::optional<std::pair<std::string, int64_t>>& {
    static const std::optional<std::pair<std::string, int64_t>> kNone;
    return inputs.syms.empty() ? kNone : inputs.syms[i];
  };
  for (size_t i = 0; i < names.size(); ++i) {
    if (const auto& sym = symOf(i)) {
      // An unspecialized int carry: a placeholder typed int (SymNodeVariable.python_type)
      // holding its unbacked symbol, bound to it here.
      tracer::ProtoNode ph;
      ph.op = "placeholder";
      ph.graph = res.graph;
      ph.target = names[i];
      ph.symExpr = sym->first;
      ph.typeExpr = "int";
      NodeId id = out.graph().add(std::move(ph));
      if (out.onNode) out.onNode(id);
      out.bindSymbol(sym->first, id);
      phs.push_back(
          std::make_shared<SymIntVariable>(id, 0, sym->second, symbolic::Expr::symbol(sym->first)));
      continue;
    }
    tracer::ProtoNode ph;
    ph.op = "placeholder";
    ph.graph = res.graph;
    ph.target = names[i];
    ph.meta = metas[i];
    ph.typeExpr = "torch.Tensor";
    NodeId id = out.graph().add(std::move(ph));
    if (out.onNode) out.onNode(id);
    phs.push_back(std::make_shared<TensorVariable>(id, metas[i]));
  }
  // create_graph_input's _lift_basic_symbols puts each input's size symbols before it;
  // move_lifted_freevars_phs_to_end then moves every lifted placeholder after the manual
  // ones, in the order they were lifted: here, lifted after them.
  for (size_t i = 0; i < metas.size(); ++i) {
    if (!symOf(i)) out.liftSymbolsOf(metas[i]);
  }
  auto r = traceInSubtracer(tx, fn, inputs.pack(phs), {}, where, /*noFallback=*/true);
  if (!r) return r.error();
  std::vector<VtPtr> leaves;
  if (body) {
    if (Status s = flatten(tx, *r, leaves, res.spec, 0, "the output of while_loop's body_fn",
                           /*intLeaves=*/!inputs.syms.empty());
        !s)
      return s.error();
  } else {
    auto x = tx.realize(*r);
    if (!x) return x.error();
    // A SymBool (a comparison of an unbacked carry) is a valid cond_fn result.
    if (const auto* si = dynamic_cast<const SymIntVariable*>(x->get()); si && si->isBool())
      leaves.push_back(*x);
    else if ((*x)->kind() != VtKind::kTensor)
      return unsupported("while_loop's cond_fn returning a " + (*x)->pythonTypeName() +
                         " (a Python bool short-circuits the loop or is an infinite loop: not "
                         "modelled)");
    if (leaves.empty()) {
      const auto& m = static_cast<const TensorVariable&>(**x).meta();
      if (m.dtype != fake::DType::kBool || !m.sizes.empty())
        return unsupported(
            "while_loop's cond_fn returning a tensor that is not a boolean scalar "
            "(Dynamo refuses it: not modelled)");
      leaves.push_back(*x);
    }
  }
  if (!out.liftError().empty()) return unsupported(out.liftError() + " in " + where);
  // check_aliasing_and_input_mutation: input mutation only with grad mode off, aliasing
  // never.
  for (NodeId id : out.graph().order(res.graph)) {
    const auto& n = out.graph().node(id);
    if (n.op != "call_method" || n.target.empty() || n.target.back() != '_' ||
        n.target.find("__") != std::string::npos || n.args.empty() ||
        n.args[0].kind != GraphArg::Kind::kNode || n.args[0].node < 0 ||
        out.graph().node(n.args[0].node).op != "placeholder")
      continue;
    if (ctx.gradEnabled || !mutationWithoutGrad)
      return uncaptured("Encountered input mutation during higher order op tracing",
                        "an in-place " + n.target + " on an input of " + where);
    // _mutated_tensor_storages: a lifted input's storage is its outer tensor's; a carried
    // input's placeholder holds a clone's. TODO(fidelity): other inputs sharing the
    // storage (views of one base) are not found.
    NodeId outer = -1;
    for (const auto& [o, ph] : out.liftedFreevars(res.graph)) {
      if (ph == n.args[0].node) outer = o;
    }
    if (outer < 0)
      return unsupported("an in-place " + n.target + " on a carried input of " + where +
                         " with grad mode off (not modelled)");
    res.mutated.push_back(outer);
  }
  std::vector<GraphArg> outputs;
  for (size_t i = 0; i < leaves.size(); ++i) {
    res.intLeaf.push_back(leaves[i]->kind() != VtKind::kTensor);
    if (const ConstantVariable* c = asConstant(leaves[i])) {
      outputs.push_back(GraphArg::ofConstant(c->value()));
      res.metas.emplace_back();
      continue;
    }
    if (leaves[i]->kind() == VtKind::kSymInt) {
      NodeId n = static_cast<const SymIntVariable&>(*leaves[i]).node();
      if (n < 0 || out.graph().node(n).graph != res.graph)
        return unsupported(where + " returning a SymInt computed outside it (not modelled)");
      outputs.push_back(GraphArg::ofNode(n));
      res.metas.emplace_back();
      continue;
    }
    const auto& t = static_cast<const TensorVariable&>(*leaves[i]);
    bool aliased = out.graph().node(t.node()).graph != res.graph ||
                   out.graph().node(t.node()).op == "placeholder";
    for (size_t j = 0; j < i; ++j)
      aliased = aliased || (leaves[j]->kind() == VtKind::kTensor &&
                            static_cast<const TensorVariable&>(*leaves[j]).node() == t.node());
    if (aliased)
      return uncaptured("Encountered aliasing during higher order op tracing",
                        where + " returning an input or one tensor twice");
    Alias view = aliasesInput(out, t.node(), 0);
    if (view == Alias::kYes)
      return uncaptured("Encountered aliasing during higher order op tracing",
                        where + " returning a view of its input");
    if (view == Alias::kMaybe)
      return unsupported(where + " returning what may be a view of its input (" +
                         out.graph().node(t.node()).target +
                         "): aliasing by storage is not modelled");
    outputs.push_back(GraphArg::ofNode(t.node()));
    res.metas.push_back(t.meta());
  }
  if (body) {
    out.subgraphOutputArgs(res.graph, std::move(outputs));
  } else {
    tracer::ProtoNode o;
    o.op = "output";
    o.target = "output";
    o.graph = res.graph;
    o.args.push_back(outputs[0]);
    out.graph().add(std::move(o));
  }
  res.lifted = out.liftedFreevars(res.graph);
  return res;
}

// unspecialize_carried_inputs under discard_graph_changes: a clone per leaf for each
// subgraph, made in a throwaway SubgraphTracer (the leaves lifted into it, so its
// namespace holds their names), where flatten_manual's tree_flatten renames them
// `child`: the subgraphs' placeholders are named after them. Returns the names for
// cond_fn's inputs, then body_fn's.
// An int leaf is no clone: create_graph_input("unbacked_symint") in that tracer names it
// (get_unique_name_wrt: unbacked_symint, unbacked_symint_0, ...), and it keeps that name
// (no name hint for a SymNodeVariable).
std::vector<std::vector<std::string>> cloneNames(OutputGraph& out,
                                                 const std::vector<VtPtr>& leaves) {
  std::vector<std::vector<std::string>> names(2);
  SubtracerScope discard(out);
  std::vector<std::pair<size_t, NodeId>> clones;
  int ints = 0;
  for (size_t pass = 0; pass < 2; ++pass) {
    for (const auto& leaf : leaves) {
      if (leaf->kind() != VtKind::kTensor) {
        names[pass].push_back(ints == 0 ? "unbacked_symint"
                                        : "unbacked_symint_" + std::to_string(ints - 1));
        ++ints;
        continue;
      }
      const auto& t = static_cast<const TensorVariable&>(*leaf);
      NodeId c = out.callMethod("clone", {GraphArg::ofNode(t.node())}, {});
      out.graph().node(c).meta = t.meta();
      names[pass].emplace_back();
      clones.emplace_back(pass * leaves.size() + names[pass].size() - 1, c);
    }
  }
  for (const auto& [slot, c] : clones) {
    out.graph().rename(c, "child");
    names[slot / leaves.size()][slot % leaves.size()] = out.nodeName(c);
  }
  return names;
}

// mutated_arg_indices: the positions among the while_loop's inputs (carried, then
// additional) of the tensors cond_fn or body_fn mutates, comma-separated.
std::string mutatedArgIndices(const std::vector<NodeId>& inputs, const LoopFn& cond,
                              const LoopFn& body) {
  std::string out;
  for (size_t i = 0; i < inputs.size(); ++i) {
    bool hit = false;
    for (const auto* fn : {&cond, &body}) {
      for (NodeId m : fn->mutated) hit = hit || m == inputs[i];
    }
    if (!hit) continue;
    if (!out.empty()) out += ",";
    out += std::to_string(i);
  }
  return out;
}

// check_meta_consistency(body outputs, carried inputs), without contiguity: ints against
// ints, tensors by metadata.
Status checkCarriedMetas(const std::vector<VtPtr>& leaves,
                         const std::vector<fake::TensorMeta>& metas, const LoopFn& body,
                         bool symbolic) {
  if (body.metas.size() != metas.size())
    return unsupported("while_loop's body_fn returning " + std::to_string(body.metas.size()) +
                       " values for " + std::to_string(metas.size()) +
                       " carried inputs (Dynamo's error is not modelled)");
  for (size_t i = 0; i < metas.size(); ++i) {
    const bool carriedInt = leaves[i]->kind() != VtKind::kTensor;
    if (carriedInt != body.intLeaf[i])
      return unsupported("while_loop's body_fn output " + std::to_string(i) +
                         " is an int where the carried input is a tensor or the reverse "
                         "(check_meta_consistency's error is not modelled)");
    if (carriedInt) continue;
    const auto& a = body.metas[i];
    const auto& b = metas[i];
    // With size stand-ins, differing numbers need not be differing sizes (a dynamic,hops
    // fuzz case): refused rather than called Dynamo's error.
    if (symbolic && (a.sizes != b.sizes || a.strides != b.strides))
      return unsupported("while_loop's body_fn output " + std::to_string(i) +
                         " whose symbolic sizes or strides the core cannot compare with the "
                         "carried input's (" +
                         canonicalMeta(a) + " vs " + canonicalMeta(b) + ")");
    if (a.sizes != b.sizes || a.strides != b.strides || a.dtype != b.dtype)
      return Error::frameError("UncapturedHigherOrderOpError",
                               "while_loop's body_fn output " + std::to_string(i) +
                                   " differs in metadata from the carried input (" +
                                   canonicalMeta(a) + " vs " + canonicalMeta(b) + ")");
    if (canonicalMeta(a) != canonicalMeta(b))
      return unsupported("while_loop's body_fn output " + std::to_string(i) +
                         " differs from the carried input in " + canonicalMeta(a) + " vs " +
                         canonicalMeta(b) + " (not modelled)");
  }
  return Status::success();
}

// _call_function_and_unflatten_output's wrap_fx_proxy of the while_loop: one getitem per
// output. An int output is a fresh unbacked SymInt of while_loop's fake-tensor rule
// (tree_map_only over int / SymInt: no range), bound from the loop's tuple.
Expected<std::vector<VtPtr>> loopOutputs(Tx& tx, NodeId loop, const LoopFn& body) {
  auto& ctx = tx.context();
  OutputGraph& out = ctx.output;
  std::vector<VtPtr> flat;
  std::string example = "(";
  bool anyInt = false;
  for (size_t i = 0; i < body.metas.size(); ++i) {
    NodeId item = out.callFunction(
        "operator.getitem", {GraphArg::ofNode(loop), GraphArg::ofConstant(static_cast<int64_t>(i))},
        {});
    if (i) example += ", ";
    if (!body.intLeaf[i]) {
      out.graph().node(item).meta = body.metas[i];
      flat.push_back(std::make_shared<TensorVariable>(item, body.metas[i]));
      example += canonicalMeta(body.metas[i]);
      continue;
    }
    anyInt = true;
    auto sym = tracer::freshUnbackedInt(ctx);
    if (!sym) return sym.error();
    const auto& [name, standIn] = *sym;
    auto& n = out.graph().node(item);
    n.symExpr = name;
    n.symValue = symbolic::Expr::symbol(name);
    out.graph().node(loop).unbackedItemBindings.emplace_back(name, static_cast<int64_t>(i));
    example += "sym " + name;
    flat.push_back(
        std::make_shared<SymIntVariable>(item, 0, standIn, symbolic::Expr::symbol(name)));
  }
  if (anyInt) out.graph().node(loop).exampleText = example + ")";
  return flat;
}

// _call_while_loop under the inlined Python wrapper while_loop(cond_fn, body_fn,
// carried_inputs): the carried inputs flattened with the (empty) additional inputs, each
// leaf cloned twice under discard_graph_changes (the clones only name the subgraphs'
// placeholders: flatten_manual's tree_flatten stores each to `child`), cond_fn_N and
// body_fn_N speculated, the body's output checked against the carried inputs
// (check_meta_consistency), the lifted inputs merged, one while_loop node, its outputs
// unflattened into the body's output structure.
// The wrapper's pytree.tree_flatten(carried_inputs) comes before while_loop_op's
// realize_all: _get_node_type's type() of each leaf realizes it in order, except a lazy
// int (LazyConstantVariable: a TYPE_MATCH, realized later).
Status typeLeaves(Tx& tx, const VtPtr& v, int depth) {
  if (!v || depth > 32) return Status::success();
  if (Status s = LazyVariable::isinstanceCheck(tx, v); !s) return s;
  if (const auto* lazy = asLazy(v); lazy && !lazy->realized()) return Status::success();
  auto r = tx.realize(v);
  if (!r) return r.error();
  if (const SequenceVariable* seq = asSequence(*r)) {
    for (const auto& item : seq->items()) {
      if (Status s = typeLeaves(tx, item, depth + 1); !s) return s;
    }
  }
  return Status::success();
}

Expected<VtPtr> callWhileLoop(Tx& tx, trace::ObjRef wrapper, Args args, Kwargs kwargs) {
  auto& ctx = tx.context();
  OutputGraph& out = ctx.output;
  if (Status st = strictExportPytreeGap(tx, "while_loop"); !st) return st.error();
  for (const auto& [k, v] : kwargs) {
    if (k == "carried_inputs" && args.size() == 2) {
      if (Status s = typeLeaves(tx, v, 0); !s) return s.error();
    }
  }
  if (args.size() == 3) {
    if (Status s = typeLeaves(tx, args[2], 0); !s) return s.error();
  }
  if (Status s = realizeAllArgs(tx, args, kwargs); !s) return s.error();
  const std::string params[] = {"cond_fn", "body_fn", "carried_inputs"};
  for (size_t i = 0; i < 3; ++i) {
    const std::string& name = params[i];
    auto it = std::find_if(kwargs.begin(), kwargs.end(),
                           [&](const auto& kv) { return kv.first == name; });
    if (it == kwargs.end()) continue;
    if (i != args.size())
      return unsupported("while_loop given its arguments by keyword out of order");
    args.push_back(it->second);
    kwargs.erase(it);
  }
  if (args.size() != 3 || !kwargs.empty())
    return unsupported("while_loop called with " + std::to_string(args.size()) +
                       " arguments (the wrapper's TypeError is not modelled)");
  if (out.inSubtracer())
    return unsupported("while_loop inside another higher-order operator's subgraph");
  const VtPtr& carried = args[2];
  if ((carried->kind() != VtKind::kTuple && carried->kind() != VtKind::kList) || carried->source())
    return unsupported("while_loop's carried_inputs given as a " + carried->pythonTypeName() +
                       (carried->source() ? " read from " + carried->source()->name() : "") +
                       " (only a tuple or list built in the frame is modelled)");
  for (const VtPtr* fn : {&args[0], &args[1]}) {
    switch ((*fn)->kind()) {
      case VtKind::kUserFunction:
      case VtKind::kNestedFunction:
      case VtKind::kUserMethod: break;
      default:
        return unsupported("a while_loop cond_fn / body_fn that is a " + (*fn)->className() +
                           " (only functions and methods are modelled)");
    }
  }
  // tree_flatten((carried_inputs, additional_inputs)) in the wrapper: type() of each leaf.
  std::vector<VtPtr> leaves;
  Spec spec;
  VtPtr tree = makeTuple({carried, makeTuple({})});
  if (Status s = flatten(tx, tree, leaves, spec, 0, "while_loop's carried_inputs", true); !s)
    return s.error();
  std::vector<fake::TensorMeta> metas;
  bool sourcedLeaf = false, anyInt = false;
  for (const auto& leaf : leaves) {
    bool isInt = leaf->kind() != VtKind::kTensor;
    anyInt = anyInt || isInt;
    // An int constant read from the frame is guarded by its value (CONSTANT_MATCH) when
    // realized; tree_flatten's type() of it adds nothing.
    if (!isInt && leaf->source()) {
      out.addGuard(GuardKind::TYPE_MATCH, leaf->source()->name());
      sourcedLeaf = true;
    }
    metas.push_back(isInt ? fake::TensorMeta{} : static_cast<const TensorVariable&>(*leaf).meta());
  }
  guardWhileLoopWrapper(tx, wrapper, sourcedLeaf);
  std::vector<std::vector<std::string>> names = cloneNames(out, leaves);
  // unspecialize_carried_inputs: each int carry becomes a fresh unbacked SymInt, cond_fn's
  // first, then body_fn's (ignore_fresh_unbacked_symbols: nothing binds them).
  std::vector<std::vector<std::optional<std::pair<std::string, int64_t>>>> syms(2);
  for (auto& perFn : syms) {
    if (!anyInt) break;
    for (const auto& leaf : leaves) {
      perFn.emplace_back();
      if (leaf->kind() == VtKind::kTensor) continue;
      auto sym = tracer::freshUnbackedInt(ctx);
      if (!sym) return sym.error();
      perFn.back() = *sym;
    }
  }
  const Spec& carriedSpec = spec.children[0];
  auto pack = [&](const std::vector<VtPtr>& phs) {
    size_t next = 0;
    VtPtr packed = unflatten(carriedSpec, phs, next);
    return asSequence(packed)->items();
  };
  auto cond = speculateManual(tx, args[0], {names[0], metas, pack, syms[0]},
                              "the cond_fn of while_loop", false, true);
  if (!cond) return cond.error();
  const int unbackedBefore = out.shapeEnv().unbackedIntCount();
  auto body = speculateManual(tx, args[1], {names[1], metas, pack, syms[1]},
                              "the body_fn of while_loop", true, true);
  if (!body) return body.error();
  // while_loop's fake-tensor rule runs body_fn once more (ignore_fresh_unbacked_symbols):
  // the symbols it makes are counted again before the outputs' own.
  if (anyInt && out.shapeEnv().unbackedIntCount() != unbackedBefore)
    return unsupported(
        "while_loop whose body_fn makes unbacked symbols, with int carries (the fake-tensor "
        "rerun of body_fn numbers them again: not modelled)");
  if (Status s = checkCarriedMetas(leaves, metas, *body, ctx.symbolBase != 0); !s) return s.error();
  auto additional = mergeGraphInputs(out, *cond, *body, "_cond_fn", "_body_fn");
  if (!additional) return additional.error();
  std::string condName = out.installSubgraph("cond_fn", cond->graph);
  std::string bodyName = out.installSubgraph("body_fn", body->graph);
  NodeId condNode = out.getAttr(condName);
  NodeId bodyNode = out.getAttr(bodyName);
  GraphArg operands, extra;
  operands.kind = extra.kind = GraphArg::Kind::kTuple;
  for (const auto& leaf : leaves) {
    if (const ConstantVariable* c = asConstant(leaf))
      operands.items.push_back(GraphArg::ofConstant(c->value()));
    else if (leaf->kind() == VtKind::kSymInt)
      operands.items.push_back(GraphArg::ofNode(static_cast<const SymIntVariable&>(*leaf).node()));
    else
      operands.items.push_back(GraphArg::ofNode(static_cast<const TensorVariable&>(*leaf).node()));
  }
  for (NodeId n : *additional) extra.items.push_back(GraphArg::ofNode(n));
  std::vector<NodeId> all;
  for (const auto& item : operands.items)
    all.push_back(item.kind == GraphArg::Kind::kNode ? item.node : -1);
  for (const auto& item : extra.items) all.push_back(item.node);
  std::string mutatedIndices = mutatedArgIndices(all, *cond, *body);
  std::vector<std::pair<std::string, GraphArg>> loopKwargs;
  if (!mutatedIndices.empty())
    loopKwargs.emplace_back("mutated_arg_indices", GraphArg::ofConstant(mutatedIndices));
  NodeId loop = out.callFunction("torch.ops.higher_order.while_loop",
                                 {GraphArg::ofNode(condNode), GraphArg::ofNode(bodyNode),
                                  std::move(operands), std::move(extra)},
                                 std::move(loopKwargs));
  out.graph().node(loop).metaTuple = body->metas;
  auto flat = loopOutputs(tx, loop, *body);
  if (!flat) return flat.error();
  size_t next = 0;
  return unflatten(body->spec, *flat, next);
}

// ---- map (MapHigherOrderVariable) ----

}  // namespace hop

using namespace hop;

std::string HigherOrderOperatorVariable::className() const {
  if (name_ == "cond") return "CondHigherOrderVariable";
  if (name_ == "while_loop")
    return pythonWrapper_ ? "UserFunctionVariable(while_loop)" : "WhileLoopHigherOrderVariable";
  if (name_ == "wrap") return "WrapHigherOrderVariable";
  if (name_ == "map")
    return pythonWrapper_ ? "UserFunctionVariable(map)" : "MapHigherOrderVariable";
  if (name_ == "tag_activation_checkpoint") return "CheckpointHigherOrderVariable";
  return "TorchHigherOrderOperatorVariable";
}

Expected<VtPtr> HigherOrderOperatorVariable::callFunction(Tx& tx, Args args, Kwargs kwargs) {
  if (name_ == "cond") return callCond(tx, std::move(args), std::move(kwargs));
  if (name_ == "while_loop" && pythonWrapper_)
    return callWhileLoop(tx, ref_, std::move(args), std::move(kwargs));
  if (name_ == "map" && pythonWrapper_)
    return callMap(tx, ref_, std::move(args), std::move(kwargs));
  if (name_ == "tag_activation_checkpoint")
    return callWrap(tx, std::move(args), std::move(kwargs), /*checkpoint=*/true);
  if (name_ == "wrap")
    return callWrap(tx, std::move(args), std::move(kwargs), /*checkpoint=*/false);
  return unsupported("calling torch.ops.higher_order." + name_ +
                     " (cond, while_loop through its Python wrapper, wrap and checkpoint are the "
                     "higher-order operators modelled)");
}

}  // namespace dynrr::vt
