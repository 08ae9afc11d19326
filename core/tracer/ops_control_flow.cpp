// ops_control_flow.cpp — jumps, iteration and return (symbolic_convert.py GET_ITER,
// FOR_ITER, the generic_jump handlers for POP_JUMP_*/JUMP_IF_*_OR_POP, RETURN_VALUE ->
// OutputGraph.compile_subgraph for the root frame). Truth values come from the values
// (VariableTracker::boolValue), iteration from unpack_var_sequence / next_variable.
#include "core/tracer/codegen.h"
#include "core/tracer/ops.h"
#include "core/vt/constant.h"
#include "core/vt/dicts.h"
#include "core/vt/functions.h"
#include "core/vt/iter.h"
#include "core/vt/lists.h"
#include "core/vt/user_defined.h"

namespace dynrr::tracer {

// GET_ITER: BuiltinVariable(iter): an iterator is itself; anything else iterates the
// items its unpack_var_sequence gives.
Status Ops::getIter() {
  auto v = tx.pop();
  if (!v) return v.error();
  auto r = tx.realize(*v);
  if (!r) return r.error();
  if (vt::asIterator(*r)) {
    tx.push(*r);
    return Status::success();
  }
  if (vt::UserObjectVariable* obj = vt::asUserObject(*r)) {
    auto it = obj->iterate(tx);
    if (!it) return it.error();
    if (vt::asIterator(*it)) {
      tx.push(*it);
      return Status::success();
    }
    r = it;
  }
  if ((*r)->kind() == vt::VtKind::kUserClass) {
    auto* cls = static_cast<vt::UserClassVariable*>(r->get());
    if (cls->isEnumClass(tx)) return pushResult(cls->enumMembersIterator(tx));
  }
  auto items = (*r)->unpackVarSequence(tx);
  if (!items) return items.error();
  tx.push(std::make_shared<vt::ListIteratorVariable>(std::move(*items)));
  return Status::success();
}

Status Ops::forIter() {
  if (tx.stack_.empty()) return Error("bad bytecode: FOR_ITER on an empty stack");
  vt::IteratorVariable* it = vt::asIterator(tx.stack_.back());
  if (!it) return unsupported("FOR_ITER over " + tx.stack_.back()->pythonTypeName());
  auto next = it->nextVariable(tx);
  if (!next) return next.error();
  if (!*next) {
    tx.stack_.pop_back();
    return tx.jumpTo(*inst.jumpTarget);
  }
  tx.push(*next);
  return Status::success();
}

Status Ops::jump() { return tx.jumpTo(*inst.jumpTarget); }

// RETURN_GENERATOR (InliningGeneratorInstructionTranslator): the call returns the
// generator object; the body starts at the next next().
Status Ops::returnGenerator() {
  if (tx.parent_ == nullptr) return unsupported("generator or coroutine frames");
  tx.suspended_ = true;
  tx.yielded_ = nullptr;
  return Status::success();
}

// YIELD_VALUE: with enable_faithful_generator_behavior, tracing stops and next() gives
// the value; MAX_ITERATOR_LIMIT bounds an infinite generator.
Status Ops::yieldValue() {
  if (tx.parent_ == nullptr) return unsupported("generator or coroutine frames");
  auto v = tx.pop();
  if (!v) return v.error();
  if (++tx.yieldCount_ > 100000)
    return unsupported("infinite generator detected (YIELD_VALUE traced too many times)");
  tx.yielded_ = *v;
  tx.suspended_ = true;
  return Status::success();
}

// GET_YIELD_FROM_ITER: iter(TOS) unless it is a list iterator already.
Status Ops::getYieldFromIter() {
  if (tx.stack_.empty()) return Error("bad bytecode: GET_YIELD_FROM_ITER on an empty stack");
  if (vt::asIterator(tx.stack_.back())) return Status::success();
  return getIter();
}

// SEND (3.11): with None sent, next(receiver); StopIteration replaces the receiver with
// the return value (None here) and jumps; otherwise the value is pushed for YIELD_VALUE.
Status Ops::send() {
  auto val = tx.pop();
  if (!val) return val.error();
  const vt::ConstantVariable* c = vt::asConstant(*val);
  if (!c || !c->isNone()) return unsupported("generator.send of a value other than None");
  if (tx.stack_.empty()) return Error("bad bytecode: SEND without a receiver");
  vt::IteratorVariable* it = vt::asIterator(tx.stack_.back());
  if (!it) return unsupported("yield from a " + tx.stack_.back()->pythonTypeName());
  auto next = it->nextVariable(tx);
  if (!next) return next.error();
  if (!*next) {
    tx.stack_.back() = vt::ConstantVariable::make(vt::NoneValue{});
    return tx.jumpTo(*inst.jumpTarget);
  }
  tx.push(*next);
  return Status::success();
}

namespace {

// generic_jump on a ConstDictVariable: value.is_python_constant() realises its values;
// a constant dict with a source gets SEQUENCE_LENGTH (the dict's lazy guards do not
// cover its length otherwise; a pre-existing OrderedDict is wrapped as an
// OrderedDictVariable, which is no ConstDictVariable: no SEQUENCE_LENGTH, while an
// nn.Module hook dict, NNModuleHooksDictVariable, is one); a dict that is not a constant
// goes to generic_bool, where a dict (no nb_bool) asks mp_length: DICT_KEYS_MATCH.
// The guard goes on `value.source` of what was on the stack: a LazyVariableTracker keeps
// its own source once realised, so a dict reached again through a second source (the
// builder returns the first tracker, with a DUPLICATE_INPUT guard) is guarded there.
Status dictTruthGuards(InstructionTranslator& tx, const VtPtr& onStack, const VtPtr& value) {
  if (value->kind() != vt::VtKind::kDict) return Status::success();
  auto& d = static_cast<vt::DictVariable&>(*value);
  if (d.isDunderDict()) return Status::success();
  std::set<const vt::VariableTracker*> converting;
  auto c = vt::asPythonConstantWalk(tx, value, converting);
  if (!c) return c.error();
  vt::SourcePtr source = d.source();
  if (dynamic_cast<const vt::LazyVariable*>(onStack.get()) && onStack->source())
    source = onStack->source();
  if (*c && source && !d.isOrderedDictVariable())
    tx.context().output.addGuard(GuardKind::SEQUENCE_LENGTH, source->name());
  if (!*c) d.guardKeys(tx);
  return Status::success();
}

// The conditions of InstructionTranslator._return's SkipFrame that the core knows:
// count_calls() == 0, no inconsistent side effects, no local holding an nn.Module class
// (symbolic_locals_contain_module_class); allow_empty_graphs, export and fullgraph are
// off in the frames the core replays.
bool skipsWithNoOps(InstructionTranslator& tx) {
  if (tx.context().output.graph().opCount() != 0 || tx.context().inconsistentSideEffects)
    return false;
  const auto& trace = tx.context().trace;
  for (const auto& [name, value] : tx.locals()) {
    // isinstance on a lazy local realises it; the recorded object says what it is.
    std::optional<trace::ObjRef> cls;
    const auto* lazy = dynamic_cast<const vt::LazyVariable*>(value.get());
    const vt::VariableTracker* v = lazy ? lazy->realized().get() : value.get();
    if (v != nullptr && v->kind() == vt::VtKind::kUserClass) {
      cls = static_cast<const vt::UserClassVariable*>(v)->cls();
    } else if (lazy && v == nullptr && lazy->object() != trace::ObjRef{0}) {
      auto o = trace.object(lazy->object());
      if (o && o->which() == schema::Object::Which::CLASS) cls = lazy->object();
    }
    if (cls && vt::mroFind(trace, *cls, {"torch.nn.modules.module.Module"})) return false;
  }
  return true;
}

}  // namespace

// A jump on the bool a comparison of SymInts gave: in Dynamo the SymBool's bool() guards
// here, so a cond given it later keeps that guard (TracingContext::ComparisonNode).
void Ops::noteJumpOnComparison(const VtPtr& v) {
  auto& nodes = tx.context().comparisonNodes;
  if (auto it = nodes.find(v.get()); it != nodes.end() && it->second.value.lock() == v)
    it->second.jumpedOn = true;
}

Status Ops::popJumpIf(bool ifTrue) {
  auto v = tx.pop();
  if (!v) return v.error();
  auto r = tx.realize(*v);
  if (!r) return r.error();
  noteJumpOnComparison(*r);
  if (Status st = dictTruthGuards(tx, *v, *r); !st) return st;
  auto t = (*r)->boolValue(tx);
  if (!t) return t.error();
  if (*t == ifTrue) return tx.jumpTo(*inst.jumpTarget);
  // A failing `assert` (the jump over LOAD_ASSERTION_ERROR not taken): Dynamo does not
  // raise AssertionError there (_detect_and_normalize_assert_statement) but graph-breaks
  // (jump_graph_break, or "Data-dependent assertion failed" where it cannot compile a
  // partial graph).
  if (ifTrue && tx.ip_ < tx.instructions_.size() &&
      tx.instructions_[tx.ip_].opname == "LOAD_ASSERTION_ERROR")
    return unsupported("a failing assert statement (Dynamo's graph break at its jump)");
  return Status::success();
}

Status Ops::popJumpIfFalse() { return popJumpIf(false); }
Status Ops::popJumpIfTrue() { return popJumpIf(true); }

Status Ops::popJumpIfNoneImpl(bool ifNone) {
  auto v = tx.pop();
  if (!v) return v.error();
  auto r = tx.realize(*v);
  if (!r) return r.error();
  const vt::ConstantVariable* c = vt::asConstant(*r);
  bool isNone = c && c->isNone();
  if (isNone == ifNone) return tx.jumpTo(*inst.jumpTarget);
  return Status::success();
}

Status Ops::popJumpIfNone() { return popJumpIfNoneImpl(true); }
Status Ops::popJumpIfNotNone() { return popJumpIfNoneImpl(false); }

Status Ops::jumpIfOrPop(bool ifTrue) {
  if (tx.stack_.empty()) return Error("bad bytecode: JUMP_IF_*_OR_POP on an empty stack");
  auto r = tx.realize(tx.stack_.back());
  if (!r) return r.error();
  noteJumpOnComparison(*r);
  if (Status st = dictTruthGuards(tx, tx.stack_.back(), *r); !st) return st;
  auto t = (*r)->boolValue(tx);
  if (!t) return t.error();
  if (*t == ifTrue) return tx.jumpTo(*inst.jumpTarget);
  tx.stack_.pop_back();
  return Status::success();
}

Status Ops::jumpIfFalseOrPop() { return jumpIfOrPop(false); }
Status Ops::jumpIfTrueOrPop() { return jumpIfOrPop(true); }

Status Ops::returnValue() {
  auto v = tx.pop();
  if (!v) return v.error();
  tx.returnValue_ = *v;
  tx.returned_ = true;
  if (tx.parent_ != nullptr) return Status::success();
  // InstructionTranslator._return: with no call in the graph the frame is skipped
  // (SkipFrame "No ops traced") before compile_subgraph, so nothing returned is realised.
  if (skipsWithNoOps(tx)) return Status::success();
  // compile_subgraph: _get_stack_values_to_restore realises the returned value
  // (realize_all), installing the guards of inputs returned unchanged; the graph then
  // returns the tensors the value needs.
  // The returned value is popped by RETURN_VALUE (stack_pops=1): realize_all keeps lazy
  // constants lazy. The codegen then loads what has a source from it and rebuilds new
  // containers, asking each whether it is a constant first (codegenRealize). Seen with
  // real Dynamo: `return t, n` and `return n` guard nothing on n; `return t, [n]`,
  // `return t, (n,)`, `return [t], {'f': n}` and `return n, t` guard n.
  if (Status st = LazyVariable::realizeAll(tx, *v, 0, /*allowLazyConstants=*/true); !st) return st;
  if (Status st = codegenRealize(tx, *v, 0); !st) return st;
  if (Status st = checkEscapes(tx, {*v}); !st) return st;
  std::vector<NodeId> outputs = graphOutputs(tx, {*v});
  tx.ctx_.output.cleanupGradModePairs(tx.ctx_.gradEnabled);
  if (tx.ctx_.output.graph().opCount() > 0) tx.ctx_.output.setOutput(outputs);
  return Status::success();
}

}  // namespace dynrr::tracer
