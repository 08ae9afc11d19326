// higher_order_ops.cpp — see higher_order_ops.h. CondHigherOrderVariable._call_function,
// speculate_subgraph, _merge_graph_inputs and _call_function_and_unflatten_output of
// torch/_dynamo/variables/higher_order_ops.py, with the SubgraphTracer parts in
// core/tracer/output_graph.cpp.
#include "core/vt/higher_order_ops.h"

#include <algorithm>
#include <set>

#include "core/tracer/instruction_translator.h"
#include "core/vt/constant.h"
#include "core/vt/lazy.h"
#include "core/vt/lists.h"
#include "core/vt/sym_node.h"
#include "core/vt/tensor.h"

namespace dynrr::vt {
namespace {

// cond does not fall back to eager (_ALLOW_FALLBACK_TO_EAGER is False): what would be a
// graph break or an Unsupported inside it becomes UncapturedHigherOrderOpError, raised to
// the program, named by the gb_type it wraps.
Error uncaptured(const std::string& gbType, const std::string& what) {
  return Error::frameError("UncapturedHigherOrderOpError: " + gbType,
                           "torch.cond cannot be captured: " + what + " (" + gbType + ")");
}

using guards::GuardKind;
using tracer::GraphArg;
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

// pytree.tree_flatten on trackers: the leaves in order and the structure.
Status flatten(Tx& tx, const VtPtr& v, std::vector<VtPtr>& leaves, Spec& spec, int depth) {
  auto r = tx.realize(v);
  if (!r) return r.error();
  const VtPtr& x = *r;
  if (depth > 32) return unsupported("a torch.cond branch output nested more than 32 deep");
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
      return unsupported(
          "a torch.cond branch returning a named tuple or a dict view (pytree node types "
          "other than tuple and list are not modelled)");
    spec.kind = x->kind() == VtKind::kTuple ? Spec::Kind::kTuple : Spec::Kind::kList;
    for (const auto& item : seq->items()) {
      spec.children.emplace_back();
      if (Status s = flatten(tx, item, leaves, spec.children.back(), depth + 1); !s) return s;
    }
    return Status::success();
  }
  if (x->kind() == VtKind::kConstant)
    return unsupported(
        "a torch.cond branch returning a constant (the cond's output is then an unbacked "
        "SymInt with runtime asserts: not modelled)");
  return unsupported("a torch.cond branch returning " + x->pythonTypeName() +
                     " (Dynamo accepts tensors and ints: torch.cond: unsupported branch "
                     "return type)");
}

// pytree.tree_unflatten: `leaves` put back into `spec`'s structure.
VtPtr unflatten(const Spec& spec, const std::vector<VtPtr>& leaves, size_t& next) {
  if (spec.kind == Spec::Kind::kLeaf) return leaves[next++];
  std::vector<VtPtr> items;
  for (const auto& c : spec.children) items.push_back(unflatten(c, leaves, next));
  return spec.kind == Spec::Kind::kTuple ? makeTuple(std::move(items)) : makeList(std::move(items));
}

// The guards Dynamo's inlining of torch/utils/_pytree.py installs when a cond flattens its
// branches' outputs (speculate_subgraph's tree_flatten), compares their TreeSpecs
// (TreeSpec.__eq__) and unflattens the cond's outputs (tree_unflatten): the module and the
// globals those functions read, the builtins they call, and SUPPORTED_NODES looked up by
// each node type met. Modelled from those functions' global reads, as the sum polyfill is
// in builtin.cpp; _pytree.py registers tuple then list first in SUPPORTED_NODES, so they
// are keys 0 and 1.
void guardPytree(OutputGraph& out, const Spec& a, const Spec& b) {
  const std::string mod = "G['__import_torch_dot_utils_dot__pytree']";
  const std::string nodes = "__import__('torch').utils._pytree.SUPPORTED_NODES";
  const std::string builtins = "G['__builtins_dict___0']";
  for (const char* name : {"isinstance", "len", "list", "tuple"})
    out.addGuard(GuardKind::BUILTIN_MATCH, builtins + "['" + name + "']");
  out.addGuard(GuardKind::MODULE_MATCH, mod);
  out.addGuard(GuardKind::CLASS_MATCH, mod + ".Any");
  out.addGuard(GuardKind::CLASS_MATCH, mod + ".TreeSpec");
  out.addGuard(GuardKind::TYPE_MATCH, mod + "._LEAF_SPEC");
  for (const char* field : {"num_leaves", "num_nodes"}) {
    out.addGuard(GuardKind::CONSTANT_MATCH, mod + "._LEAF_SPEC." + field);
    out.addGuard(GuardKind::EQUALS_MATCH, mod + "._LEAF_SPEC." + field);
  }
  out.addGuard(GuardKind::CLOSURE_MATCH, mod + "._is_pytreespec_instance");
  out.addGuard(GuardKind::CLOSURE_MATCH, mod + ".tree_is_leaf");
  out.addGuard(GuardKind::ID_MATCH, "__import__('torch')");
  out.addGuard(GuardKind::TYPE_MATCH, nodes);
  out.addGuard(GuardKind::DICT_NOT_CONTAINS, nodes);  // a Tensor leaf's type
  bool tuple = a.has(Spec::Kind::kTuple) || b.has(Spec::Kind::kTuple);
  bool list = a.has(Spec::Kind::kList) || b.has(Spec::Kind::kList);
  if (!tuple && !list) return;
  // A container node: _get_node_type's namedtuple check, the node type's NodeDef.
  for (const char* name : {"issubclass", "object", "str", "type"})
    out.addGuard(GuardKind::BUILTIN_MATCH, builtins + "['" + name + "']");
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

// One speculated branch: its subgraph (tracer index), output structure and metadata, and
// what it lifted (SubgraphTracer.lifted_freevars).
struct Branch {
  int graph = 0;
  Spec spec;
  std::vector<fake::TensorMeta> metas;
  std::vector<std::pair<NodeId, NodeId>> lifted;
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
  const uint64_t mutationsBefore = ctx.sideEffects.mutationCount();
  // OutputGraph.subtracer enters a new scope: what exists now is outside it.
  struct ScopeGuard {
    tracer::SideEffects& se;
    uint64_t saved;
    ~ScopeGuard() { se.setScopeStart(saved); }
  } scopeGuard{ctx.sideEffects, ctx.sideEffects.scopeStart()};
  ctx.sideEffects.setScopeStart(VariableTracker::peekSerial());
  const bool hadBreak = ctx.pendingBreak.has_value();
  const auto objectsBefore = ctx.objectsByIdentity;
  auto r = fn->callFunction(tx, operands, {});
  // trace_hop_function: SideEffects as before the branch. Objects the branch wrapped
  // first are found again only through the source they were read from.
  for (auto it = ctx.objectsByIdentity.begin(); it != ctx.objectsByIdentity.end();) {
    if (objectsBefore.count(it->first) || !it->second->source()) {
      ++it;
      continue;
    }
    ctx.branchSourceCache[{it->first, it->second->source()->name()}] = it->second;
    it = ctx.objectsByIdentity.erase(it);
  }
  const std::string where = std::string("the ") + which + " branch of torch.cond";
  if (!r) {
    // cond does not fall back to eager (_ALLOW_FALLBACK_TO_EAGER is False): a graph break
    // or an exception in a branch becomes UncapturedHigherOrderOpError, a hard error.
    if (!hadBreak && ctx.pendingBreak) {
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
  if (ctx.sideEffects.mutationCount() != mutationsBefore)
    return uncaptured("HOP: Unsafe side effect", "a mutation of pre-existing state in " + where);
  std::vector<VtPtr> leaves;
  if (Status s = flatten(tx, *r, leaves, res.spec, 0); !s) return s.error();
  std::vector<NodeId> outputs;
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
    const auto& t = static_cast<const TensorVariable&>(*leaves[i]);
    bool aliased = out.graph().node(t.node()).graph != res.graph ||
                   out.graph().node(t.node()).op == "placeholder";
    for (size_t j = 0; j < i; ++j)
      aliased = aliased || static_cast<const TensorVariable&>(*leaves[j]).node() == t.node();
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
    if (aliased)
      return unsupported(where +
                         " returning an input or one tensor twice with grad mode off "
                         "(aliasing in a subgraph is not modelled)");
    outputs.push_back(t.node());
    res.metas.push_back(t.meta());
  }
  out.subgraphOutput(res.graph, outputs);
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
Expected<std::vector<NodeId>> mergeGraphInputs(OutputGraph& out, const Branch& t, const Branch& f) {
  std::vector<NodeId> shared, onlyT, onlyF;
  for (const auto& [k, ph] : t.lifted) {
    if (out.graph().node(k).op == "get_attr")
      return unsupported(
          "a torch.cond branch lifting a get_attr node (shared get_attrs are not "
          "modelled)");
    (liftedFor(f.lifted, k) >= 0 ? shared : onlyT).push_back(k);
  }
  for (const auto& [k, ph] : f.lifted) {
    if (out.graph().node(k).op == "get_attr")
      return unsupported(
          "a torch.cond branch lifting a get_attr node (shared get_attrs are not "
          "modelled)");
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
    insert(onlyT, "_true_branch");
    insert(onlyF, "_false_branch");
  };
  fixup(t);
  fixup(f);
  std::vector<NodeId> operands = shared;
  operands.insert(operands.end(), onlyT.begin(), onlyT.end());
  operands.insert(operands.end(), onlyF.begin(), onlyF.end());
  return operands;
}

Expected<VtPtr> callCond(Tx& tx, Args args, Kwargs kwargs) {
  auto& ctx = tx.context();
  OutputGraph& out = ctx.output;
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
  // A constant predicate specialises on one branch, inlined in the current graph.
  if (pred->kind() == VtKind::kConstant) {
    auto items = operands->unpackVarSequence(tx);
    if (!items) return items.error();
    auto truth = pred->boolValue(tx);
    if (!truth) return truth.error();
    return (*truth ? trueFn : falseFn)->callFunction(tx, *items, {});
  }
  if (pred->kind() != VtKind::kTensor && pred->kind() != VtKind::kSymInt)
    return unsupported("torch.cond with a " + pred->pythonTypeName() +
                       " predicate (Dynamo raises: torch.cond: improper predicate)");
  if (pred->kind() == VtKind::kSymInt)
    return unsupported("torch.cond on a SymBool predicate (symbolic predicates are not modelled)");
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
  for (size_t i = 0; i < t->metas.size(); ++i) {
    if (canonicalMeta(t->metas[i]) != canonicalMeta(f->metas[i]))
      return unsupported("torch.cond branches whose output " + std::to_string(i) +
                         " differs in metadata (" + canonicalMeta(t->metas[i]) + " vs " +
                         canonicalMeta(f->metas[i]) +
                         "): cond's output merge (unbacked sizes, errors) is not modelled");
  }
  guardPytree(out, t->spec, f->spec);
  auto operandNodes = mergeGraphInputs(out, *t, *f);
  if (!operandNodes) return operandNodes.error();
  std::string trueName = out.installSubgraph("cond_true", t->graph);
  std::string falseName = out.installSubgraph("cond_false", f->graph);
  NodeId trueNode = out.getAttr(trueName);
  NodeId falseNode = out.getAttr(falseName);
  NodeId predNode = static_cast<const TensorVariable&>(*pred).node();
  GraphArg tuple;
  tuple.kind = GraphArg::Kind::kTuple;
  for (NodeId n : *operandNodes) tuple.items.push_back(GraphArg::ofNode(n));
  NodeId cond = out.callFunction("torch.ops.higher_order.cond",
                                 {GraphArg::ofNode(predNode), GraphArg::ofNode(trueNode),
                                  GraphArg::ofNode(falseNode), std::move(tuple)},
                                 {});
  out.graph().node(cond).metaTuple = t->metas;
  // wrap_fx_proxy of the flat result: one getitem per output, then tree_unflatten.
  std::vector<VtPtr> flat;
  for (size_t i = 0; i < t->metas.size(); ++i) {
    NodeId item = out.callFunction(
        "operator.getitem", {GraphArg::ofNode(cond), GraphArg::ofConstant(static_cast<int64_t>(i))},
        {});
    out.graph().node(item).meta = t->metas[i];
    flat.push_back(std::make_shared<TensorVariable>(item, t->metas[i]));
  }
  size_t next = 0;
  return unflatten(t->spec, flat, next);
}

}  // namespace

std::string HigherOrderOperatorVariable::className() const {
  return name_ == "cond" ? "CondHigherOrderVariable" : "TorchHigherOrderOperatorVariable";
}

Expected<VtPtr> HigherOrderOperatorVariable::callFunction(Tx& tx, Args args, Kwargs kwargs) {
  if (name_ == "cond") return callCond(tx, std::move(args), std::move(kwargs));
  if (name_ == "tag_activation_checkpoint")
    return unsupported(
        "torch.utils.checkpoint.checkpoint (CheckpointHigherOrderVariable: a wrap_body_N "
        "subgraph traced by speculate_subgraph_with_auto_output_flattening) is not modelled");
  return unsupported("calling torch.ops.higher_order." + name_ +
                     " (only cond among the higher-order operators is modelled)");
}

}  // namespace dynrr::vt
