// ops_binary.cpp — operators and subscripts (symbolic_convert.py BINARY_OP,
// COMPARE_OP, IS_OP, CONTAINS_OP, UNARY_*, BINARY_SUBSCR), routed as Dynamo routes them:
// through BuiltinVariable(operator.X).call_function (core/vt/builtin_operators.cpp), and
// for subscripts and `in` through the container's __getitem__ / __contains__.
#include "core/tracer/ops.h"
#include "core/vt/builtin.h"
#include "core/vt/constant.h"
#include "core/vt/iter.h"
#include "core/vt/misc.h"
#include "core/vt/user_defined.h"

namespace dynrr::tracer {
namespace {

const char* kBinaryOps[] = {"add", "and_", "floordiv", "lshift", "matmul",  "mul", "mod",
                            "or_", "pow",  "rshift",   "sub",    "truediv", "xor"};
const char* kInplaceOps[] = {"iadd", "iand", "ifloordiv", "ilshift", "imatmul",  "imul", "imod",
                             "ior",  "ipow", "irshift",   "isub",    "itruediv", "ixor"};

}  // namespace

Status Ops::binaryOp() {
  auto b = tx.pop();
  if (!b) return b.error();
  auto a = tx.pop();
  if (!a) return a.error();
  if (inst.arg < 0 || inst.arg > 25)
    return Error("bad bytecode: BINARY_OP " + std::to_string(inst.arg));
  std::string op = std::string("operator.") +
                   (inst.arg < 13 ? kBinaryOps[inst.arg] : kInplaceOps[inst.arg - 13]);
  // `Callable[[T], bool] | None` in an annotation evaluated at MAKE_FUNCTION
  // (torch/utils/_pytree.py's nested helpers): a types.UnionType only annotations hold.
  auto alias = [](const VtPtr& v) {
    return v->kind() == vt::VtKind::kOpaque && v->pythonTypeName() == "types.GenericAlias";
  };
  const vt::ConstantVariable* none = vt::asConstant(*b);
  if (op == "operator.or_" && alias(*a) && (alias(*b) || (none && none->isNone()))) {
    tx.push(std::make_shared<vt::OpaqueVariable>(trace::ObjRef{0}, "types.UnionType",
                                                 "a types.UnionType used beyond an annotation",
                                                 nullptr));
    return Status::success();
  }
  return pushResult(vt::BuiltinVariable::call(tx, op, {*a, *b}));
}

Status Ops::compareOp() {
  auto b = tx.pop();
  if (!b) return b.error();
  auto a = tx.pop();
  if (!a) return a.error();
  static const std::pair<const char*, const char*> kOps[] = {
      {"<", "lt"}, {"<=", "le"}, {"==", "eq"}, {"!=", "ne"}, {">", "gt"}, {">=", "ge"}};
  for (auto [sym, name] : kOps) {
    if (inst.text == sym)
      return pushResult(vt::BuiltinVariable::call(tx, std::string("operator.") + name, {*a, *b}));
  }
  return Error("bad bytecode: COMPARE_OP " + inst.text);
}

Status Ops::isOp() {
  auto b = tx.pop();
  if (!b) return b.error();
  auto a = tx.pop();
  if (!a) return a.error();
  return pushResult(
      vt::BuiltinVariable::call(tx, inst.arg == 1 ? "operator.is_not" : "operator.is_", {*a, *b}));
}

namespace {

// generic_contains on an nn.Module whose class has no __contains__ (ModuleList,
// Sequential): generic_getiter first, then the inlined polyfills.impl_CONTAINS_OP_fallback,
// whose `hasattr(b, "__iter__")` (true for the iterator) reads the builtin hasattr and
// whose loop compares each item with `==`, stopping at the first equal one. Null when the
// class defines __contains__ (the method is called instead).
Expected<VtPtr> moduleContainsFallback(InstructionTranslator& tx, const VtPtr& container,
                                       const VtPtr& item) {
  const vt::UserObjectVariable* obj = vt::asUserObject(container);
  if (!obj || !obj->isNNModule()) return VtPtr();
  auto hit = vt::lookupMro(tx.context().trace, obj->cls(), "__contains__");
  if (!hit) return hit.error();
  if (*hit) return VtPtr();
  auto it = vt::getIter(tx, container);
  if (!it) return it;
  tx.context().output.addGuard(GuardKind::BUILTIN_MATCH, "G['__builtins_dict___0']['hasattr']");
  while (true) {
    auto x = vt::asIterator(*it)->nextVariable(tx);
    if (!x) return x;
    if (!*x) return VtPtr(vt::ConstantVariable::make(false));
    auto eq = vt::BuiltinVariable::call(tx, "operator.eq", {*x, item});
    if (!eq) return eq;
    auto r = tx.realize(*eq);
    if (!r) return r;
    auto t = (*r)->boolValue(tx);
    if (!t) return t.error();
    if (*t) return VtPtr(vt::ConstantVariable::make(true));
  }
}

}  // namespace

// CONTAINS_OP: container.__contains__(item), negated for `not in` (generic_contains).
Status Ops::containsOp() {
  auto container = tx.pop();
  if (!container) return container.error();
  auto item = tx.pop();
  if (!item) return item.error();
  auto c = tx.realize(*container);
  if (!c) return c.error();
  auto fallback = moduleContainsFallback(tx, *c, *item);
  if (!fallback) return fallback.error();
  auto found = *fallback ? fallback : (*c)->callMethod(tx, "__contains__", {*item}, {});
  if (!found) return found.error();
  const vt::ConstantVariable* b = vt::asConstant(*found);
  if (!b || !std::holds_alternative<bool>(b->value()))
    return unsupported("`in` giving a " + (*found)->pythonTypeName());
  bool result = std::get<bool>(b->value());
  tx.push(vt::ConstantVariable::make(inst.arg == 1 ? !result : result));
  return Status::success();
}

Status Ops::unaryNegative() {
  auto a = tx.pop();
  if (!a) return a.error();
  return pushResult(vt::BuiltinVariable::call(tx, "operator.neg", {*a}));
}

Status Ops::unaryPositive() {
  auto a = tx.pop();
  if (!a) return a.error();
  return pushResult(vt::BuiltinVariable::call(tx, "operator.pos", {*a}));
}

Status Ops::unaryInvert() {
  auto a = tx.pop();
  if (!a) return a.error();
  return pushResult(vt::BuiltinVariable::call(tx, "operator.invert", {*a}));
}

Status Ops::unaryNot() {
  auto a = tx.pop();
  if (!a) return a.error();
  auto r = tx.realize(*a);
  if (!r) return r.error();
  auto t = (*r)->boolValue(tx);
  if (!t) return t.error();
  tx.push(vt::ConstantVariable::make(!*t));
  return Status::success();
}

// BINARY_SUBSCR: BuiltinVariable(operator.getitem) -> container.__getitem__(index).
Status Ops::binarySubscr() {
  auto index = tx.pop();
  if (!index) return index.error();
  auto container = tx.pop();
  if (!container) return container.error();
  auto c = tx.realize(*container);
  if (!c) return c.error();
  return pushResult((*c)->callMethod(tx, "__getitem__", {*index}, {}));
}

}  // namespace dynrr::tracer
