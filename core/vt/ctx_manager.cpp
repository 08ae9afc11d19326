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
  if (!isClass_) {
    // ContextWrappingVariable.call_function: the manager decorating a function.
    VtPtr fn = args.size() == 1 && kwargs.empty() ? args[0] : nullptr;
    if (fn) {
      auto r = tx.realize(fn);
      if (!r) return r;
      fn = *r;
    }
    VtPtr wrapped =
        fn && !setter_
            ? WrappedFunctionVariable::wrap(
                  fn, std::static_pointer_cast<ContextWrappingVariable>(shared_from_this()))
            : nullptr;
    if (!wrapped) return unsupported("calling a grad-mode context manager with these arguments");
    return wrapped;
  }
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

// TorchCtxManagerClassVariable.call_function: profile(...) is a ProfilerContextVariable,
// its arguments unread.
Expected<VtPtr> ProfilerContextVariable::callFunction(Tx& tx, Args args, Kwargs kwargs) {
  if (!isClass_) return VariableTracker::callFunction(tx, std::move(args), std::move(kwargs));
  return VtPtr(std::make_shared<ProfilerContextVariable>(false));
}

Expected<VtPtr> ProfilerContextVariable::enter(Tx&) {
  if (isClass_) return unsupported("a with statement on the class torch.profiler.profile");
  return shared_from_this();
}

Expected<VtPtr> ProfilerContextVariable::exit(Tx&, Args) {
  return ConstantVariable::make(NoneValue{});
}

// TorchCtxManagerClassVariable.call_function: inference_mode(mode=True), the mode a
// constant bool given by position (Dynamo asserts no keywords); the flag
// config.fake_tensor_disable_inference_mode comes from the recording.
Expected<VtPtr> InferenceModeVariable::callFunction(Tx& tx, Args args, Kwargs kwargs) {
  if (!isClass_) return VariableTracker::callFunction(tx, std::move(args), std::move(kwargs));
  if (args.size() > 1 || !kwargs.empty())
    return unsupported("torch.inference_mode with keyword or extra arguments (Dynamo asserts)");
  bool mode = true;
  if (!args.empty()) {
    auto a = tx.realize(args[0]);
    if (!a) return a;
    const ConstantVariable* c = asConstant(*a);
    const bool* b = c ? std::get_if<bool>(&c->value()) : nullptr;
    if (!b) return unsupported("torch.inference_mode of a " + (*a)->pythonTypeName());
    mode = *b;
  }
  return VtPtr(std::make_shared<InferenceModeVariable>(false, mode));
}

Expected<VtPtr> InferenceModeVariable::enter(Tx& tx) {
  if (isClass_) return unsupported("a with statement on the class torch.inference_mode");
  if (entered_) return unsupported("an inference_mode manager entered twice");
  std::optional<std::string> disable;
  for (auto kv : tx.context().trace.configOf(tx.context().event).getOthers())
    if (std::string_view(kv.getKey().cStr()) == "fake_tensor_disable_inference_mode")
      disable = kv.getValue().cStr();
  if (!disable)
    return unsupported(
        "torch.inference_mode (this trace does not record "
        "config.fake_tensor_disable_inference_mode: re-record)");
  if (mode_ && *disable != "True")
    return unsupported(
        "torch.inference_mode with config.fake_tensor_disable_inference_mode off (fake "
        "inference tensors are not modelled)");
  auto& ctx = tx.context();
  entered_ = true;
  if (mode_) {
    forcedGradOff_ = true;
    prior_ = ctx.gradEnabled;
    ctx.gradEnabled = false;
  }
  proxy_ = ctx.output.callFunction("torch.autograd.grad_mode._enter_inference_mode",
                                   {tracer::GraphArg::ofConstant(mode_)}, {});
  return ConstantVariable::make(NoneValue{});
}

Expected<VtPtr> InferenceModeVariable::exit(Tx& tx, Args) {
  if (!entered_) return unsupported("exit of an inference_mode manager never entered");
  auto& ctx = tx.context();
  if (forcedGradOff_) ctx.gradEnabled = prior_;
  forcedGradOff_ = false;
  entered_ = false;
  ctx.output.callFunction("torch.autograd.grad_mode._exit_inference_mode",
                          {tracer::GraphArg::ofNode(proxy_)}, {});
  return ConstantVariable::make(NoneValue{});
}

Expected<VtPtr> CatchWarningsVariable::enter(Tx&) { return ConstantVariable::make(NoneValue{}); }

Expected<VtPtr> CatchWarningsVariable::exit(Tx&, Args) {
  return ConstantVariable::make(NoneValue{});
}

VtPtr WrappedFunctionVariable::wrap(const VtPtr& fn,
                                    std::shared_ptr<ContextWrappingVariable> context) {
  VtKind k = fn->kind();
  if (k != VtKind::kUserFunction && k != VtKind::kNestedFunction && k != VtKind::kUserMethod)
    return nullptr;
  return std::make_shared<WrappedFunctionVariable>(fn, std::move(context));
}

std::string WrappedFunctionVariable::className() const {
  switch (fn_->kind()) {
    case VtKind::kNestedFunction: return "WrappedNestedUserFunctionVariable";
    case VtKind::kUserMethod: return "WrappedUserMethodVariable";
    default: return "WrappedUserFunctionVariable";
  }
}

Expected<VtPtr> WrappedFunctionVariable::callFunction(Tx& tx, Args args, Kwargs kwargs) {
  std::optional<std::string> nested;
  for (auto kv : tx.context().trace.configOf(tx.context().event).getOthers())
    if (std::string_view(kv.getKey().cStr()) == "nested_graph_breaks")
      nested = kv.getValue().cStr();
  if (!nested || *nested != "False")
    return unsupported(
        "a context manager decorating a function with config.nested_graph_breaks on or not "
        "recorded (polyfills._fn_with_ctx)");
  auto entered = context_->enter(tx);
  if (!entered) return entered;
  auto result = fn_->callFunction(tx, std::move(args), std::move(kwargs));
  if (!result) return result;
  auto exited = context_->exit(tx, {});
  if (!exited) return exited;
  return result;
}

}  // namespace dynrr::vt
