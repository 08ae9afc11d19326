// ops_exceptions.cpp — raising and handling exceptions on CPython 3.11 (symbolic_convert.py
// RAISE_VARARGS, RERAISE, PUSH_EXC_INFO, POP_EXCEPT, CHECK_EXC_MATCH, WITH_EXCEPT_START,
// LOAD_ASSERTION_ERROR and _raise_exception_variable). A raise sets the context's current
// exception and returns an observed-exception error; the run loop unwinds it to the
// frame's exception table handler (InstructionTranslator::handleException), or out of the
// frame to the caller's CALL, or, from the root frame, makes Dynamo give up on the frame.
#include "core/bytecode/code_object.h"
#include "core/tracer/ops.h"
#include "core/vt/builtin.h"
#include "core/vt/constant.h"
#include "core/vt/exceptions.h"
#include "core/vt/lists.h"
#include "core/vt/user_defined.h"

namespace dynrr::tracer {
namespace {

// _create_exception_type: `raise E` with E a class raises E().
Expected<VtPtr> createExceptionType(InstructionTranslator& tx, const VtPtr& value) {
  auto r = tx.realize(value);
  if (!r) return r;
  VtPtr v = *r;
  if (v->kind() == vt::VtKind::kBuiltin &&
      vt::isBuiltinExceptionClass(static_cast<vt::BuiltinVariable&>(*v).name()))
    return v->callFunction(tx, {}, {});
  if (v->kind() == vt::VtKind::kUserClass) return v->callFunction(tx, {}, {});
  return v;
}

// _raise_exception_variable: the exception becomes the current one and the instruction
// raises (ObservedException).
Status raiseException(InstructionTranslator& tx, const VtPtr& value, bool setContext) {
  auto v = createExceptionType(tx, value);
  if (!v) return v.error();
  auto* exc = vt::asException(*v);
  if (!exc)
    return unsupported("raising a " + (*v)->pythonTypeName() +
                       " (not an exception: Dynamo's TypeError path)");
  if ((tx.code().flags & bytecode::kCoGenerator) && exc->typeName() == "StopIteration")
    return unsupported("StopIteration raised in a generator (PEP 479's RuntimeError)");
  tx.context().exceptions.setCurrent(*v, setContext);
  return Error::observedException("raised exception " + (*v)->repr());
}

}  // namespace

Status Ops::raiseVarargs() {
  auto& exceptions = tx.ctx_.exceptions;
  if (inst.arg == 0) {
    // A bare `raise`: the exception being handled, re-raised.
    if (exceptions.empty()) return unsupported("bare raise with no active exception");
    return raiseException(tx, exceptions.top(), false);
  }
  if (inst.arg == 1) {
    if (tx.stack_.empty()) return Error("bad bytecode: RAISE_VARARGS on an empty stack");
    return raiseException(tx, tx.stack_.back(), true);
  }
  // raise value from cause
  auto cause = tx.pop();
  if (!cause) return cause.error();
  auto value = tx.pop();
  if (!value) return value.error();
  Status raised = raiseException(tx, *value, true);
  if (raised.ok() || !raised.error().isObservedException()) return raised;
  auto c = createExceptionType(tx, *cause);
  if (!c) return c.error();
  const vt::ConstantVariable* k = vt::asConstant(*c);
  bool none = k && k->isNone();
  if (!none && !vt::asException(*c))
    return unsupported("raise ... from a " + (*c)->pythonTypeName());
  if (auto* exc = vt::asException(exceptions.current())) exc->setCause(*c);
  return raised;
}

Status Ops::reraise() {
  auto v = tx.pop();
  if (!v) return v.error();
  if (inst.arg) {
    auto lasti = tx.pop();
    if (!lasti) return lasti.error();
  } else {
    tx.push(*v);
  }
  return raiseException(tx, *v, false);
}

Status Ops::pushExcInfo() {
  auto v = tx.pop();
  if (!v) return v.error();
  auto& exceptions = tx.ctx_.exceptions;
  tx.push(exceptions.empty() ? vt::ConstantVariable::make(vt::NoneValue{}) : exceptions.top());
  tx.push(*v);
  exceptions.moveCurrentToStack();
  return Status::success();
}

Status Ops::popExcept() {
  auto v = tx.pop();
  if (!v) return v.error();
  if (tx.ctx_.exceptions.empty())
    return Error("bad bytecode: POP_EXCEPT with no handled exception");
  tx.ctx_.exceptions.pop();
  return Status::success();
}

// check_if_exc_matches: `except E` / `except (E1, E2)` on the exception below.
Status Ops::checkExcMatch() {
  auto expected = tx.pop();
  if (!expected) return expected.error();
  if (tx.stack_.empty()) return Error("bad bytecode: CHECK_EXC_MATCH on a short stack");
  auto* exc = vt::asException(tx.stack_.back());
  if (!exc) return unsupported("except clause on a " + tx.stack_.back()->pythonTypeName());
  auto types = tx.realize(*expected);
  if (!types) return types.error();
  std::vector<VtPtr> candidates{*types};
  if ((*types)->kind() == vt::VtKind::kTuple)
    candidates = static_cast<vt::SequenceVariable&>(**types).items();
  bool match = false;
  for (const auto& c : candidates) {
    auto cls = tx.realize(c);
    if (!cls) return cls.error();
    auto is = exc->isInstanceOf(tx, *cls);
    if (!is) return unsupported("`except` on a " + (*cls)->repr() + " (not an exception class)");
    if (*is) {
      match = true;
      break;
    }
  }
  tx.push(vt::ConstantVariable::make(match));
  return Status::success();
}

// WITH_EXCEPT_START: __exit__(type(exc), exc, tb) with the stack
// [..., __exit__, lasti, previous exception, exc]; pushes what __exit__ returns.
Status Ops::withExceptStart() {
  if (tx.stack_.size() < 4) return Error("bad bytecode: WITH_EXCEPT_START on a short stack");
  VtPtr fn = tx.stack_[tx.stack_.size() - 4];
  auto* exc = vt::asException(tx.stack_.back());
  if (!exc) return Error("internal: WITH_EXCEPT_START without an exception");
  // Tracebacks are not modelled: __exit__ receives None (ExceptionVariable's
  // __traceback__ before one is attached is None).
  vt::Args args{exc->classVariable(), tx.stack_.back(),
                vt::ConstantVariable::make(vt::NoneValue{})};
  return pushResult(fn->callFunction(tx, std::move(args), {}));
}

// LOAD_ASSERTION_ERROR: the builtin, read through the builtins dict (load_builtin_from_argval).
Status Ops::loadAssertionError() {
  auto source = vt::Source::item(vt::Source::global("__builtins_dict___0"), "'AssertionError'");
  tx.ctx_.output.addGuard(GuardKind::BUILTIN_MATCH, source->name());
  tx.push(std::make_shared<vt::BuiltinVariable>("AssertionError", source));
  return Status::success();
}

// LOAD_BUILD_CLASS: the builtin __build_class__, read through the builtins dict
// (load_builtin_from_argval); calling it breaks (BuiltinVariable.call___build_class__).
Status Ops::loadBuildClass() {
  auto source = vt::Source::item(vt::Source::global("__builtins_dict___0"), "'__build_class__'");
  tx.ctx_.output.addGuard(GuardKind::BUILTIN_MATCH, source->name());
  tx.push(std::make_shared<vt::BuiltinVariable>("__build_class__", source));
  return Status::success();
}

}  // namespace dynrr::tracer
