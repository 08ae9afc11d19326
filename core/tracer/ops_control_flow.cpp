// ops_control_flow.cpp — jumps, iteration and return (symbolic_convert.py GET_ITER,
// FOR_ITER, the generic_jump handlers for POP_JUMP_*/JUMP_IF_*_OR_POP, RETURN_VALUE ->
// OutputGraph.compile_subgraph for the root frame). Truth values come from the values
// (VariableTracker::boolValue), iteration from unpack_var_sequence / next_variable.
#include "core/tracer/codegen.h"
#include "core/tracer/ops.h"
#include "core/vt/constant.h"
#include "core/vt/iter.h"
#include "core/vt/lists.h"

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

Status Ops::popJumpIf(bool ifTrue) {
  auto v = tx.pop();
  if (!v) return v.error();
  auto r = tx.realize(*v);
  if (!r) return r.error();
  auto t = (*r)->boolValue(tx);
  if (!t) return t.error();
  if (*t == ifTrue) return tx.jumpTo(*inst.jumpTarget);
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
  // compile_subgraph: _get_stack_values_to_restore realises the returned value
  // (realize_all), installing the guards of inputs returned unchanged; the graph then
  // returns the tensors the value needs.
  // The returned value is popped by RETURN_VALUE (stack_pops=1): realize_all keeps lazy
  // constants lazy. The codegen then loads what has a source from it and rebuilds new
  // containers item by item, which realises (guards) the lazy constants they hold, except
  // the items of a returned tuple, which stay lazy. Seen with real Dynamo: `return t, n`
  // and `return n` guard nothing on n; `return t, [n]`, `return t, (n,)` and
  // `return [t], {'f': n}` guard n.
  if (Status st = LazyVariable::realizeAll(tx, *v, 0, /*allowLazyConstants=*/true); !st) return st;
  if (Status st = codegenRealize(tx, *v, /*keepLazyConstants=*/true, 0); !st) return st;
  if (Status st = checkEscapes(tx, {*v}); !st) return st;
  std::vector<NodeId> outputs = graphOutputs(tx, {*v});
  tx.ctx_.output.cleanupGradModePairs(tx.ctx_.gradEnabled);
  if (tx.ctx_.output.graph().opCount() > 0) tx.ctx_.output.setOutput(outputs);
  return Status::success();
}

}  // namespace dynrr::tracer
