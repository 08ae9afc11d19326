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
Expected<VtPtr> GradModeVariable::exit(Tx& tx) {
  setGradMode(tx, initial_);
  return ConstantVariable::make(NoneValue{});
}

}  // namespace dynrr::vt
