// codegen.cpp — see codegen.h.
#include "core/tracer/codegen.h"

#include <algorithm>

#include "core/vt/dicts.h"
#include "core/vt/lists.h"
#include "core/vt/sym_node.h"
#include "core/vt/tensor.h"
#include "core/vt/user_defined.h"

namespace dynrr::tracer {
namespace {

// The graph outputs for a value Dynamo reconstructs after the graph: the tensors it
// holds, in order. Cells of escaping nested functions are only noted in `cells`;
// their contents are written back later, with the other mutated cells. `fromSource` is
// PyCodegen's value_from_source (restore_stack passes `not tx.export`): under export a
// tensor with a source (a graph input, an installed attribute) is a graph output too.
void collectTensorNodes(const VtPtr& v, const ProtoGraph& g, std::vector<NodeId>& out, int depth,
                        std::vector<const vt::CellVariable*>* cells = nullptr,
                        bool fromSource = true) {
  if (!v || depth > 32) return;
  if (auto* lazy = dynamic_cast<LazyVariable*>(v.get())) {
    collectTensorNodes(lazy->realized(), g, out, depth + 1, cells, fromSource);
    return;
  }
  if (auto* si = dynamic_cast<vt::SymIntVariable*>(v.get())) {
    // A SymInt computed in the graph is returned by it (a SymInt input comes from its
    // source).
    if (g.node(si->node()).op == "placeholder") return;
    // (so does a float input's SymFloat, whose node is its input's item())
    if (si->isFloat() && si->source() && si->asTensorNode() < 0) return;
    NodeId node = si->asTensorNode() >= 0 ? si->asTensorNode() : si->node();
    for (NodeId n : out) {
      if (n == node) return;
    }
    out.push_back(node);
    return;
  }
  if (auto* t = dynamic_cast<vt::TensorVariable*>(v.get())) {
    // Graph inputs are reconstructed from their source, not returned by the graph; so is
    // a tracker with a source a higher-order operator's output reproxified (a wrap
    // returning its input: PyCodegen reconstructs by value.source).
    if (fromSource && (g.node(t->node()).op == "placeholder" || t->source())) return;
    for (NodeId n : out) {
      if (n == t->node()) return;
    }
    out.push_back(t->node());
    return;
  }
  if (auto* seq = vt::asSequence(v)) {
    for (const auto& item : seq->items())
      collectTensorNodes(item, g, out, depth + 1, cells, fromSource);
  } else if (auto* dict = vt::asDict(v)) {
    for (const auto& kv : dict->entries())
      collectTensorNodes(kv.second, g, out, depth + 1, cells, fromSource);
  } else if (auto* attr = dynamic_cast<vt::GetAttrVariable*>(v.get())) {
    // A bound method (e.g. tensor.item awaiting its call) is rebuilt from its object.
    collectTensorNodes(attr->object(), g, out, depth + 1, cells, fromSource);
  } else if (auto* fn = dynamic_cast<vt::NestedFunctionVariable*>(v.get())) {
    // A function made while tracing escapes: its cells are rebuilt after the graph.
    for (const auto& c : fn->closure()) {
      auto* cell = dynamic_cast<const vt::CellVariable*>(c.get());
      if (!cell || !cells) continue;
      bool seen = false;
      for (auto* known : *cells) seen = seen || known == cell;
      if (seen) continue;
      cells->push_back(cell);
    }
  }
}

// User objects made while tracing that outlive the frame (reachable from the values
// reconstructed after the graph, or from what is written back): Dynamo rebuilds them
// after the graph and sets their attributes (codegen_save_tempvars, then
// codegen_update_mutated).
void findNewObjects(const VtPtr& v, const SideEffects& effects,
                    std::vector<const vt::VariableTracker*>& out, int depth) {
  if (!v || depth > 32) return;
  if (auto* lazy = dynamic_cast<LazyVariable*>(v.get())) {
    findNewObjects(lazy->realized(), effects, out, depth + 1);
    return;
  }
  if (v->kind() == vt::VtKind::kUserObject &&
      v->mutationType() == vt::MutationType::kAttributeMutationNew) {
    if (std::find(out.begin(), out.end(), v.get()) != out.end()) return;
    out.push_back(v.get());
    for (const auto& t : effects.tracked())
      if (t.value == v)
        for (const auto& [name, value] : t.attrs) findNewObjects(value, effects, out, depth + 1);
    return;
  }
  if (auto* seq = vt::asSequence(v)) {
    for (const auto& item : seq->items()) findNewObjects(item, effects, out, depth + 1);
  } else if (auto* dict = vt::asDict(v)) {
    for (const auto& kv : dict->entries()) findNewObjects(kv.second, effects, out, depth + 1);
  }
}

std::vector<const vt::VariableTracker*> escapingNewObjects(InstructionTranslator& tx,
                                                           const std::vector<VtPtr>& values) {
  const SideEffects& effects = tx.context().sideEffects;
  std::vector<const vt::VariableTracker*> out;
  for (const auto& v : values) findNewObjects(v, effects, out, 0);
  for (size_t ti = 0, tn = effects.tracked().size(); ti < tn; ++ti) {
    const auto& t = effects.tracked()[ti];
    if (t.value && t.value->mutationType() == vt::MutationType::kAttributeMutationNew) continue;
    for (const auto& [name, value] : t.attrs) findNewObjects(value, effects, out, 0);
  }
  return out;
}

}  // namespace

// A lazy iterator the frame made (map, filter, zip, a generator) that is still live when
// the graph is compiled: Dynamo reconstructs it (ZipVariable.reconstruct, a generator's
// remaining items as a list iterator), which is not modelled.
Status refuseLiveLazyIterators(const VtPtr& v, int depth) {
  if (!v || depth > 32) return Status::success();
  if (v->kind() == vt::VtKind::kIterator && v->className() != "ListIteratorVariable")
    return unsupported("a " + v->pythonTypeName() + " object (" + v->className() +
                       ") live when the graph is compiled (its reconstruction is not modelled)");
  // The closure an operator.itemgetter / attrgetter / methodcaller polyfill returned.
  if (v->kind() == vt::VtKind::kOperatorGetter)
    return unsupported("an operator getter (" + v->describe() +
                       ") live when the graph is compiled (its reconstruction is not modelled)");
  // UntypedStorageVariable.reconstruct (from_tensor.untyped_storage()).
  if (v->kind() == vt::VtKind::kUntypedStorage)
    return unsupported("an UntypedStorage live when the graph is compiled (not modelled)");
  // MappingProxyVariable.reconstruct (types.MappingProxyType over the rebuilt dict).
  if (v->kind() == vt::VtKind::kMappingProxy)
    return unsupported(
        "a mappingproxy live when the graph is compiled (its reconstruction "
        "is not modelled)");
  if (auto* seq = vt::asSequence(v)) {
    for (const auto& item : seq->items()) {
      if (Status st = refuseLiveLazyIterators(item, depth + 1); !st) return st;
    }
  } else if (auto* dict = vt::asDict(v)) {
    for (const auto& kv : dict->entries()) {
      if (Status st = refuseLiveLazyIterators(kv.second, depth + 1); !st) return st;
    }
  }
  return Status::success();
}

// PyCodegen refuses to rebuild the generator of a @contextmanager
// (ContextlibContextManagerLocalGeneratorObjectVariable), which a _GeneratorContextManager
// made in the frame holds: Dynamo gives up on the frame ("reconstructing @contextmanager
// object").
Status refuseContextlibGenerator(InstructionTranslator& tx, const VtPtr& v) {
  auto* g = dynamic_cast<const vt::GeneratorVariable*>(v.get());
  if (!g || !g->fromContextManager()) return Status::success();
  const InstructionTranslator* root = &tx;
  while (root->parent()) root = root->parent();
  tx.context().refusal = TracingContext::BreakRequest{
      "reconstructing @contextmanager object",
      "Returning a @contextmanager object from a compiled function is not supported.",
      root->currentOffset(), std::nullopt};
  return unsupported("reconstructing @contextmanager object");
}

Status checkEscapes(InstructionTranslator& tx, const std::vector<VtPtr>& values) {
  for (const auto& v : values) {
    if (Status st = refuseLiveLazyIterators(v, 0); !st) return st;
  }
  for (const auto* obj : escapingNewObjects(tx, values)) {
    const auto* o = static_cast<const vt::UserObjectVariable*>(obj);
    if (o->flavor() != vt::UserObjectVariable::Flavor::kPlain)
      return unsupported("an nn.Module created while tracing outlives the frame");
    if (auto* attrs = tx.context().sideEffects.attrsOf(o))
      for (const auto& kv : *attrs)
        if (Status st = refuseContextlibGenerator(tx, kv.second); !st) return st;
    if (auto* attrs = tx.context().sideEffects.attrsOf(o))
      for (const auto& kv : *attrs)
        if (vt::isDeleted(kv.second))
          return unsupported(
              "an object made while tracing with a deleted attribute outlives "
              "the frame (the write-back of `del obj." +
              kv.first + "` is not modelled)");
    // A dict subclass's __new__ is dict.__new__, which Dynamo rebuilds without arguments
    // (init_args = []), so how the object was called does not matter; its dict items are
    // written back after it, from the side-effects table.
    if (o->baseDict()) {
      if (!tx.context().sideEffects.attrsOf(o))
        return unsupported(
            "a dict subclass object made while tracing outlives the frame "
            "with no attribute stores (its write-back is not modelled)");
      continue;
    }
  }
  return Status::success();
}

// True once the walk reached a tensor (and stopped).
bool realizeUntilTensor(InstructionTranslator& tx, const VtPtr& v, int depth) {
  if (!v || depth > 32) return false;
  auto walkItem = [&](const VtPtr& item) -> bool {
    auto r = tx.realize(item);
    if (!r) return true;  // an item the core cannot wrap: stop here too
    if ((*r)->kind() == vt::VtKind::kTensor) return true;
    return realizeUntilTensor(tx, *r, depth + 1);
  };
  if (auto* seq = vt::asSequence(v)) {
    for (const auto& item : seq->items()) {
      if (walkItem(item)) return true;
    }
  } else if (auto* dict = vt::asDict(v)) {
    for (const auto& kv : dict->entries()) {
      if (walkItem(kv.second)) return true;
    }
  }
  return false;
}

// PyCodegen for a SymFloat graph output: the graph returns it as a float64 tensor
// (SymNodeVariable.as_tensor: torch.scalar_tensor(x, dtype=torch.float64), made once per
// variable), which the generated code turns back with .item().
namespace {
void symFloatsAsTensors(InstructionTranslator& tx, const VtPtr& v, int depth) {
  if (!v || depth > 32) return;
  if (auto* lazy = dynamic_cast<LazyVariable*>(v.get())) {
    symFloatsAsTensors(tx, lazy->realized(), depth + 1);
    return;
  }
  if (auto* si = dynamic_cast<vt::SymIntVariable*>(v.get())) {
    // A float input's SymFloat (wrap_symfloat) has a source: codegen rebuilds it from there.
    if (!si->isFloat() || si->asTensorNode() >= 0 || si->source()) return;
    auto& out = tx.context().output;
    vt::ConstantValue dtype = vt::TorchConstant{vt::TorchConstant::Kind::kDtype, "torch.float64"};
    NodeId node = out.callFunction("torch.scalar_tensor", {GraphArg::ofNode(si->node())},
                                   {{"dtype", GraphArg::ofConstant(dtype)}});
    out.graph().node(node).meta = fake::TensorMeta::contiguous(fake::DType::kFloat64, {});
    si->setAsTensorNode(node);
    return;
  }
  if (auto* seq = vt::asSequence(v)) {
    for (const auto& item : seq->items()) symFloatsAsTensors(tx, item, depth + 1);
  } else if (auto* dict = vt::asDict(v)) {
    for (const auto& kv : dict->entries()) symFloatsAsTensors(tx, kv.second, depth + 1);
  }
}
}  // namespace

std::vector<NodeId> graphOutputs(InstructionTranslator& tx, const std::vector<VtPtr>& values,
                                 const std::set<std::string>* liveAtBreak) {
  for (const auto& v : values) symFloatsAsTensors(tx, v, 0);
  // Order (codegen of compile_subgraph): the tensors of the values, then the contents
  // of cells written back after the graph (codegen_update_mutated, in the order the
  // cells were first tracked): pre-existing cells written to, and new cells that
  // escape inside a nested function among the values.
  std::vector<const vt::CellVariable*> escaping;
  auto newObjects = escapingNewObjects(tx, values);
  std::vector<NodeId> outputs;
  // codegen_save_tempvars first: each escaping object made while tracing is rebuilt as
  // cls.__new__(cls, *init_args), in tracking order, so the tensors among its positional
  // constructor arguments come before the values' (seen with real Dynamo: P(x * 2, b=x + 1)
  // returned gives (mul, add), P(a=x * 2, b=x + 1) gives (add, mul): no init_args, then
  // the stores reversed).
  for (size_t ti = 0, tn = tx.context().sideEffects.tracked().size(); ti < tn; ++ti) {
    const auto& t = tx.context().sideEffects.tracked()[ti];
    if (std::find(newObjects.begin(), newObjects.end(), t.value.get()) == newObjects.end())
      continue;
    if (const auto* o = vt::asUserObject(t.value))
      for (const auto& arg : o->initArgs()) {
        (void)LazyVariable::realizeAll(tx, arg, 0);
        collectTensorNodes(arg, tx.context().output.graph(), outputs, 0);
      }
  }
  for (const auto& v : values)
    collectTensorNodes(v, tx.context().output.graph(), outputs, 0, &escaping,
                       !tx.context().exportMode.active);
  // compile_subgraph's "common case": when every value to restore is a distinct tensor
  // and the side effects are empty (nothing tracked is modified once dead new objects
  // are pruned; tensors made by the graph count, see below), the graph returns the
  // values themselves in stack-then-locals order,
  // graph inputs included (seen with real Dynamo: `t = y * 2; return x` returns
  // (l_x_,); compile_and_call_fx_graph is handed them reversed for UNPACK_SEQUENCE, but
  // the graph's output tuple keeps this order).
  bool sideEffectsEmpty = newObjects.empty() && escaping.empty();
  for (size_t ti = 0, tn = tx.context().sideEffects.tracked().size(); ti < tn; ++ti) {
    const auto& t = tx.context().sideEffects.tracked()[ti];
    if (auto* cell = dynamic_cast<const vt::CellVariable*>(t.value.get())) {
      bool liveRoot = liveAtBreak && cell->givesNameHint() && liveAtBreak->count(cell->localName());
      if ((cell->preExisting() && cell->written()) || (!cell->preExisting() && liveRoot))
        sideEffectsEmpty = false;
    } else if (t.value && t.value->mutationType() == vt::MutationType::kAttributeMutationNew) {
      continue;  // pruned unless it escapes (newObjects)
    } else if (t.mutated || !t.attrs.empty()) {
      sideEffectsEmpty = false;
    }
  }
  if (sideEffectsEmpty && !values.empty()) {
    std::vector<NodeId> direct;
    for (const auto& v : values) {
      VtPtr value = v;
      if (auto* lazy = dynamic_cast<LazyVariable*>(value.get())) value = lazy->realized();
      auto* t = dynamic_cast<vt::TensorVariable*>(value.get());
      // A tensor made by the graph is tracked as a new object (AttributeMutationNew),
      // which is_modified: if one is among the live values, the side effects are not
      // empty. So the common case only ever returns graph inputs: placeholders, and input
      // trackers a higher-order operator reproxified (a wrap returning its input: the graph
      // returns the operator's getitem, seen with real Dynamo).
      bool input =
          t && (tx.context().output.graph().node(t->node()).op == "placeholder" || t->source());
      if (!input || std::find(direct.begin(), direct.end(), t->node()) != direct.end()) {
        direct.clear();
        break;
      }
      direct.push_back(t->node());
    }
    if (!direct.empty()) return direct;
  }
  for (size_t ti = 0, tn = tx.context().sideEffects.tracked().size(); ti < tn; ++ti) {
    const auto& t = tx.context().sideEffects.tracked()[ti];
    if (auto* cell = dynamic_cast<const vt::CellVariable*>(t.value.get())) {
      bool escapes = false;
      for (auto* e : escaping) escapes = escapes || e == cell;
      // At a graph break a root-frame cell that the rest of the frame reads (live) and
      // whose contents were stored is written back with STORE_DEREF before the resume
      // function runs (codegen_update_mutated, CellVariable with local_name). Seen with
      // real Dynamo: a dead one (written by an inlined nonlocal, never read again) is not.
      // That includes a root cell holding an input (store_cell at frame start): its
      // contents are read through load_cell, which realises them (guards), and loaded
      // from their source.
      bool rootCellAtBreak = liveAtBreak && !cell->preExisting() && cell->givesNameHint() &&
                             cell->contents() && liveAtBreak->count(cell->localName());
      // A new cell reached from a restored value (the closure of a function on the
      // stack or in a live local) is alive too and written back the same way.
      bool newAlive = !cell->preExisting() && cell->contents() && (rootCellAtBreak || escapes);
      bool writeBack = newAlive || (cell->preExisting() && cell->written() && cell->contents());
      // Writing back reconstructs the contents, which realises a lazy value stored there
      // (e.g. `c = t1` into a pre-existing cell guards L['t1']).
      if (writeBack) (void)tx.realize(cell->contents());
      if (writeBack) collectTensorNodes(cell->contents(), tx.context().output.graph(), outputs, 0);
    } else if (t.value && t.value->mutationType() == vt::MutationType::kAttributeMutationNew &&
               std::find(newObjects.begin(), newObjects.end(), t.value.get()) == newObjects.end()) {
      continue;  // an object made while tracing: rebuilt only if it escapes
    } else if (!t.attrs.empty()) {
      // A dict subclass object made while tracing: its dict items (insertion order), then
      // its attributes.
      // A pre-existing one whose dict was mutated: its items too (codegen_update_mutated's
      // _manual_dict_setitem before the attribute stores).
      if (auto* o = vt::asUserObject(t.value);
          o && o->baseDict() &&
          (t.value->mutationType() == vt::MutationType::kAttributeMutationNew ||
           tx.context().sideEffects.isModified(o->baseDict().get()))) {
        (void)LazyVariable::realizeAll(tx, o->baseDict(), 0);
        collectTensorNodes(o->baseDict(), tx.context().output.graph(), outputs, 0);
      }
      // Attribute and global stores. codegen_update_mutated reconstructs the values of an
      // object's store_attr_mutations in reverse store order (its suffixes are applied
      // reversed again, so the stores still happen in order), which is the order they
      // become graph outputs, for new and pre-existing objects alike (seen with real
      // Dynamo: Result(x * 2); r.norm = x.norm() returns (mul, norm): mul is an init
      // arg). Each global is its own tracked variable.
      for (size_t k = 0; k < t.attrs.size(); ++k) {
        const auto& value = t.attrs[t.attrs.size() - 1 - k].second;
        (void)LazyVariable::realizeAll(tx, value, 0);
        collectTensorNodes(value, tx.context().output.graph(), outputs, 0);
      }
    } else if (t.mutated) {
      // A mutated pre-existing list or dict: its new contents are written back. Before
      // reconstructing it, the codegen walks its items depth first in order
      // (VariableTracker._contains_self_reference -> VariableTracker.visit), realising
      // the lazy ones and so guarding them, and the walk ends at the first tensor, lazy or
      // not: items after it keep no guard (seen with real Dynamo: `xs.append(x)` guards
      // L['xs'][0] only when it is a tensor, every item up to the first tensor otherwise).
      (void)realizeUntilTensor(tx, t.value, 0);
      collectTensorNodes(t.value, tx.context().output.graph(), outputs, 0);
    }
  }
  return outputs;
}

// The realisation PyCodegen does while rebuilding a value after the graph (see
// returnValue): sourced values are loaded, new containers rebuilt item by item.
namespace {

// VariableTracker.is_python_constant as PyCodegen asks it of a sourceless value it is
// about to rebuild (a constant is loaded whole): as_python_constant walks the items in
// order, realising each lazy one (its guard) and stopping at the first that is not a
// constant (a tensor, a module, an object). Seen with real Dynamo: `return (n, s, x + 1)`
// guards n and s; `return [x + 1, n, s]` guards neither; `f(*args_with_n_then_t)` at a
// graph break guards what comes before the tensor.
Expected<bool> probePythonConstant(InstructionTranslator& tx, const VtPtr& v, int depth) {
  if (!v || depth > 32) return false;
  auto r = tx.realize(v);
  if (!r) return r.error();
  if (auto* seq = vt::asSequence(*r); seq && seq->viewType().empty()) {
    for (const auto& item : seq->items()) {
      auto c = probePythonConstant(tx, item, depth + 1);
      if (!c || !*c) return c;
    }
    return true;
  }
  if (auto* dict = vt::asDict(*r)) {
    // ConstDictVariable.as_python_constant: key then value, entry by entry.
    for (const auto& [key, value] : dict->entries()) {
      for (const VtPtr& part : {key, value}) {
        auto c = probePythonConstant(tx, part, depth + 1);
        if (!c || !*c) return c;
      }
    }
    return true;
  }
  return (*r)->isPythonConstant();
}

}  // namespace

Status codegenRealize(InstructionTranslator& tx, const VtPtr& v, int depth) {
  if (!v || depth > 32) return Status::success();
  VtPtr value = v;
  // A lazy value still unrealised here (a lazy constant: realize_all kept it) with its
  // source is loaded from that source (value_from_source), unrealised.
  if (auto* lazy = dynamic_cast<LazyVariable*>(value.get())) {
    if (!lazy->realized()) return Status::success();
    value = lazy->realized();
  }
  if (value->source()) return Status::success();
  auto constant = probePythonConstant(tx, value, depth);
  if (!constant) return constant.error();
  if (*constant) return Status::success();
  // Not a constant: rebuilt item by item (BaseListVariable / ConstDictVariable.reconstruct),
  // each item asked again.
  if (auto* seq = vt::asSequence(value)) {
    for (const auto& item : seq->items()) {
      if (Status st = codegenRealize(tx, item, depth + 1); !st) return st;
    }
  } else if (auto* dict = vt::asDict(value)) {
    for (const auto& kv : dict->entries()) {
      if (Status st = codegenRealize(tx, kv.first, depth + 1); !st) return st;
      if (Status st = codegenRealize(tx, kv.second, depth + 1); !st) return st;
    }
  }
  return Status::success();
}

}  // namespace dynrr::tracer
