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
  if (setter_) {
    // TorchCtxManagerClassVariable.call_function: set_grad_enabled with one argument is
    // GradModeVariable.create(tx, args[0].as_python_constant(), initialized=True): the
    // mode changes now (a _set_grad_enabled node unless already in it), and the manager
    // restores the mode it was made in when used in a with statement.
    if (args.size() != 1 || !kwargs.empty())
      return unsupported("torch.set_grad_enabled without exactly one positional argument");
    auto arg = args[0]->realize(tx);
    if (!arg) return arg.error();
    const ConstantVariable* mode = asConstant(*arg);
    if (!mode || !std::holds_alternative<bool>(mode->value()))
      return unsupported("torch.set_grad_enabled with a mode that is not a constant bool");
    bool target = std::get<bool>(mode->value());
    bool initial = tx.context().gradEnabled;
    setGradMode(tx, target);
    return VtPtr(std::make_shared<GradModeVariable>(false, target, initial));
  }
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

// ProfilerRecordFunctionContextVariable.create: the name and args are read only when
// config.capture_profiler_record_function is on (the recorder keeps the flag).
Expected<VtPtr> ProfilerRecordFunctionVariable::callFunction(Tx& tx, Args args, Kwargs kwargs) {
  if (!isClass_) return VariableTracker::callFunction(tx, std::move(args), std::move(kwargs));
  std::optional<std::string> capture;
  for (auto kv : tx.context().trace.configOf(tx.context().event).getOthers())
    if (std::string_view(kv.getKey().cStr()) == "capture_profiler_record_function")
      capture = kv.getValue().cStr();
  if (!capture)
    return unsupported(
        "torch.autograd.profiler.record_function (this trace does not record "
        "config.capture_profiler_record_function: re-record)");
  if (*capture != "False")
    return unsupported(
        "torch.autograd.profiler.record_function under config.capture_profiler_record_function "
        "(its _record_function_enter_new / _record_function_exit nodes are not modelled)");
  return VtPtr(std::make_shared<ProfilerRecordFunctionVariable>(false));
}

Expected<VtPtr> ProfilerRecordFunctionVariable::enter(Tx&) {
  if (isClass_) return unsupported("a with statement on the class record_function");
  return shared_from_this();
}

Expected<VtPtr> ProfilerRecordFunctionVariable::exit(Tx&, Args) {
  return ConstantVariable::make(NoneValue{});
}

}  // namespace dynrr::vt
