// ctx_manager.cpp — see ctx_manager.h.
#include "core/vt/ctx_manager.h"

#include "core/tracer/instruction_translator.h"
#include "core/vt/constant.h"

namespace dynrr::vt {

void GradModeVariable::setGradMode(Tx& tx, bool enabled) {
  auto& ctx = tx.context();
  if (ctx.gradEnabled == enabled) return;
  ctx.output.callFunction("torch._C._set_grad_enabled", {tracer::GraphArg::ofConstant(enabled)},
                          {});
  ctx.gradEnabled = enabled;
}

Expected<VtPtr> GradModeVariable::callFunction(Tx& tx, Args args, Kwargs kwargs) {
  if (!isClass_) return unsupported("calling a grad-mode context manager (as a decorator)");
  if (!args.empty() || !kwargs.empty()) return unsupported("torch.no_grad with arguments");
  // GradModeVariable.create: initial_values is the grad mode when it is made.
  return VtPtr(std::make_shared<GradModeVariable>(false, target_, tx.context().gradEnabled));
}

Expected<VtPtr> GradModeVariable::enter(Tx& tx) {
  if (isClass_)
    return unsupported(
        "a with statement on a type (only torch.no_grad() and torch.enable_grad() "
        "are modelled)");
  setGradMode(tx, target_);
  return ConstantVariable::make(NoneValue{});
}

// GradModeVariable.exit: back to the mode it was made in.
Expected<VtPtr> GradModeVariable::exit(Tx& tx, Args) {
  setGradMode(tx, initial_);
  return ConstantVariable::make(NoneValue{});
}

Expected<VtPtr> GenericContextWrappingVariable::enter(Tx& tx) {
  tx.enterGenericContext();
  return object_->callMethod(tx, "__enter__", {}, {});
}

Expected<VtPtr> GenericContextWrappingVariable::exit(Tx& tx, Args args) {
  auto r = object_->callMethod(tx, "__exit__", std::move(args), {});
  if (r) tx.exitGenericContext();
  return r;
}

// UserDefinedClassVariable.call_function: nullcontext(enter_result=None).
Expected<VtPtr> NullContextVariable::callFunction(Tx& tx, Args args, Kwargs kwargs) {
  if (!isClass_) return VariableTracker::callFunction(tx, std::move(args), std::move(kwargs));
  if (!kwargs.empty() || args.size() > 1)
    return unsupported("contextlib.nullcontext with keyword or extra arguments");
  VtPtr result = args.empty() ? ConstantVariable::make(NoneValue{}) : args[0];
  return VtPtr(std::make_shared<NullContextVariable>(false, std::move(result)));
}

Expected<VtPtr> NullContextVariable::enter(Tx&) {
  if (isClass_) return unsupported("a with statement on the class contextlib.nullcontext");
  return enterResult_;
}

Expected<VtPtr> NullContextVariable::exit(Tx&, Args) { return ConstantVariable::make(NoneValue{}); }

}  // namespace dynrr::vt
