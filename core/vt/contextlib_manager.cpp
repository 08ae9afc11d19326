// contextlib_manager.cpp — @contextlib.contextmanager (see contextlib_manager.h).
// Mirrors variables/functions.py FunctionDecoratedByContextlibContextManagerVariable /
// LocalGeneratorFunctionVariable.call_function and the _GeneratorContextManager branch of
// variables/user_defined.py UserDefinedClassVariable.call_function.
#include "core/vt/contextlib_manager.h"

#include "core/bytecode/code_object.h"
#include "core/tracer/instruction_translator.h"
#include "core/vt/constant.h"
#include "core/vt/functions.h"
#include "core/vt/user_defined.h"

namespace dynrr::vt {
namespace {

using W = schema::Object::Which;

// The code object of a user function (recorded or made while tracing).
Expected<bytecode::CodeObject> functionCode(Tx& tx, const VtPtr& fn) {
  auto& trace = tx.context().trace;
  if (const auto* nested = dynamic_cast<const NestedFunctionVariable*>(fn.get()))
    return bytecode::codeFromTrace(trace, nested->code());
  if (const auto* user = dynamic_cast<const UserFunctionVariable*>(fn.get())) {
    auto f = trace.object(user->function());
    if (!f || f->which() != W::FUNCTION) return Error("function object missing from the trace");
    return bytecode::codeFromTrace(trace, f->getFunction().getCode());
  }
  return unsupported("@contextmanager over a " + fn->className());
}

}  // namespace

ContextlibFunctionVariable::ContextlibFunctionVariable(VtPtr fn)
    : VariableTracker(VtKind::kUserFunction, fn->source(), MutationType::kImmutable),
      fn_(std::move(fn)) {}

// LocalGeneratorFunctionVariable.call_function: the generator function inlined up to
// RETURN_GENERATOR (InliningGeneratorInstructionTranslator with
// is_generator_from_ctx_manager), its generator object returned.
Expected<VtPtr> ContextlibFunctionVariable::callFunction(Tx& tx, Args args, Kwargs kwargs) {
  auto code = functionCode(tx, fn_);
  if (!code) return code.error();
  if ((code->flags & bytecode::kCoGenerator) == 0)
    return unsupported(
        "a @contextlib.contextmanager function that is not a generator (Dynamo's "
        "'non-generator contextlib.contextmanager' graph break)");
  auto* base = dynamic_cast<BaseUserFunctionVariable*>(fn_.get());
  if (!base) return Error("internal: @contextmanager over a non-function");
  auto gen = tx.inlineUserFunction(*base, std::move(args), std::move(kwargs));
  if (!gen) return gen;
  if (auto* g = dynamic_cast<GeneratorVariable*>(gen->get())) g->setFromContextManager();
  return gen;
}

Expected<VtPtr> ContextlibFunctionVariable::varGetattr(Tx& tx, const std::string& name) {
  if (name != "__doc__") return fn_->varGetattr(tx, name);
  // CPython 3.11 (PyFunction_New): __doc__ is co_consts[0] when that is a str; the
  // compiler puts None first in a function without a docstring. A recorded function
  // whose __doc__ was reassigned keeps it in its __dict__, which wins.
  if (const auto* user = dynamic_cast<const UserFunctionVariable*>(fn_.get())) {
    auto f = tx.context().trace.object(user->function());
    if (f && f->which() == W::FUNCTION && findAttr(f->getFunction().getAttrs(), "__doc__"))
      return unsupported("__doc__ of a @contextmanager function whose __doc__ was reassigned");
  }
  auto code = functionCode(tx, fn_);
  if (!code) return code.error();
  if (!code->consts.empty()) {
    auto c = tx.context().trace.object(code->consts[0]);
    if (!c) return c.error();
    if (c->which() == W::STR) return ConstantVariable::make(std::string(c->getStr().cStr()));
  }
  return ConstantVariable::make(NoneValue{});
}

Expected<VtPtr> UnrecordedDocVariable::realize(Tx& tx) {
  if (source()) tx.context().output.addGuard(guards::GuardKind::CONSTANT_MATCH, source()->name());
  return self();
}

Status wrapContextmanagerFunction(Tx& tx, Args& args) {
  if (args.empty()) return Status::success();
  auto fn = tx.realize(args[0]);
  if (!fn) return fn.error();
  if ((*fn)->kind() == VtKind::kGradMode || (*fn)->kind() == VtKind::kAutocast)
    return unsupported(
        "contextlib._GeneratorContextManager over a torch context manager class (Dynamo "
        "calls the class directly)");
  if (dynamic_cast<const UserFunctionVariable*>(fn->get()) ||
      dynamic_cast<const NestedFunctionVariable*>(fn->get()))
    args[0] = std::make_shared<ContextlibFunctionVariable>(*fn);
  return Status::success();
}

}  // namespace dynrr::vt
