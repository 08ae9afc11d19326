// ops_closure.cpp — cells and closures: LOAD_CLOSURE, LOAD_DEREF, STORE_DEREF and
// MAKE_FUNCTION (symbolic_convert.py InstructionTranslatorBase.LOAD_DEREF /
// STORE_DEREF / LOAD_CLOSURE / MAKE_FUNCTION; side_effects.py load_cell / store_cell).
// MAKE_CELL and COPY_FREE_VARS are prefix instructions: the cells are set up when a
// frame is entered (replay.cpp for the root frame, inlineUserFunction for inlined ones),
// as Dynamo does.
#include "core/tracer/ops.h"
#include "core/vt/constant.h"
#include "core/vt/lists.h"

namespace dynrr::tracer {
namespace {

Expected<std::shared_ptr<vt::CellVariable>> frameCell(InstructionTranslator& tx,
                                                      const std::string& name) {
  auto it = tx.cells().find(name);
  if (it == tx.cells().end()) {
    return Error("bad bytecode: " + name + " is not a cell or free variable of " +
                 tx.code().qualname);
  }
  return it->second;
}

}  // namespace

Status Ops::loadClosure() {
  auto cell = frameCell(tx, inst.text);
  if (!cell) return cell.error();
  tx.push(*cell);
  return Status::success();
}

Status Ops::loadDeref() {
  auto cell = frameCell(tx, inst.text);
  if (!cell) return cell.error();
  if (!(*cell)->contents()) {
    return unsupported("read of empty cell '" + inst.text + "' (NameError path)");
  }
  VtPtr contents = (*cell)->contents();
  if (!(*cell)->preExisting() || (*cell)->written()) {
    // SideEffects.load_cell reads a cell with a pending cell_contents mutation (every new
    // cell, including root-frame cells of inputs) through load_attr, whose
    // isinstance(result, DeletedVariable) realises a lazy value: a tensor input read
    // through its cell becomes a graph input here, not at its first use.
    auto r = tx.realize(contents);
    if (!r) return r.error();
    contents = *r;
  }
  tx.push(contents);
  return Status::success();
}

Status Ops::storeDeref() {
  auto cell = frameCell(tx, inst.text);
  if (!cell) return cell.error();
  auto v = tx.pop();
  if (!v) return v.error();
  tx.ctx_.sideEffects.storeCell(*cell, *v);
  if ((*cell)->givesNameHint()) applyNameHint(tx, *v, (*cell)->localName());
  return Status::success();
}

Status Ops::makeFunction() {
  // 3.11 stack, bottom to top: [defaults] [kwdefaults] [annotations] [closure] code.
  auto codeV = tx.pop();
  if (!codeV) return codeV.error();
  if ((*codeV)->kind() != vt::VtKind::kCode)
    return Error("bad bytecode: MAKE_FUNCTION without a code object");
  const auto& code = static_cast<const vt::CodeVariable&>(**codeV);
  int flags = inst.arg;
  std::vector<VtPtr> closure;
  VtPtr defaults, kwdefaults;
  if (flags & 0x08) {
    auto c = tx.pop();
    if (!c) return c.error();
    const vt::SequenceVariable* tuple = vt::asSequence(*c);
    if (!tuple) return Error("bad bytecode: MAKE_FUNCTION closure is not a tuple");
    closure = tuple->items();
  }
  if (flags & 0x04) {
    auto a = tx.pop();  // annotations: kept by Dynamo, irrelevant to the graph
    if (!a) return a.error();
  }
  if (flags & 0x02) {
    auto k = tx.pop();
    if (!k) return k.error();
    auto r = tx.realize(*k);
    if (!r) return r.error();
    kwdefaults = *r;
  }
  if (flags & 0x01) {
    auto d = tx.pop();
    if (!d) return d.error();
    auto r = tx.realize(*d);
    if (!r) return r.error();
    defaults = *r;
  }
  tx.push(std::make_shared<vt::NestedFunctionVariable>(code.code(), code.qualname(), tx.globals_,
                                                       defaults, kwdefaults, std::move(closure)));
  return Status::success();
}

}  // namespace dynrr::tracer
