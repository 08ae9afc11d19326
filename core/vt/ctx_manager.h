// ctx_manager.h — context managers (torch/_dynamo/variables/ctx_manager.py):
// ContextWrappingVariable (enter / exit, what BEFORE_WITH and the __exit__ call run),
// GradModeVariable (torch.no_grad / torch.enable_grad / torch.set_grad_enabled: the class
// as reached from the program, TorchCtxManagerClassVariable in Dynamo, and the manager
// calling it makes, with target_values and initial_values = the grad mode when it was
// made; set_grad_enabled(mode) changes the mode at once, create(..., initialized=True)), and
// WithExitFunctionVariable (the bound __exit__ BEFORE_WITH pushes),
// GenericContextWrappingVariable (a user object whose class defines __enter__ and
// __exit__, made while tracing: both methods inlined; no graph break may happen while it
// is active) and NullContextVariable (contextlib.nullcontext).
#pragma once

#include "core/vt/base.h"

namespace dynrr::vt {

class ContextWrappingVariable : public VariableTracker {
 public:
  // enter(tx): what `with` does on entry; returns what `as` binds.
  virtual Expected<VtPtr> enter(Tx& tx) = 0;
  // exit(tx, args): what the __exit__ call does; args are (None, None, None) on a normal
  // exit and (type, exception, traceback) from WITH_EXCEPT_START.
  virtual Expected<VtPtr> exit(Tx& tx, Args args) = 0;

 protected:
  using VariableTracker::VariableTracker;
};

class GradModeVariable final : public ContextWrappingVariable {
 public:
  GradModeVariable(bool isClass, bool target, bool initial, SourcePtr source = nullptr)
      : ContextWrappingVariable(VtKind::kGradMode, std::move(source), MutationType::kImmutable),
        isClass_(isClass),
        target_(target),
        initial_(initial) {}
  // The class torch.set_grad_enabled (TorchCtxManagerClassVariable): called with one
  // constant it sets the mode when made (GradModeVariable.create(tx, mode, initialized=True)).
  static VtPtr setGradEnabledClass(SourcePtr source) {
    auto v = std::make_shared<GradModeVariable>(true, true, false, std::move(source));
    v->setter_ = true;
    return v;
  }
  bool isSetGradEnabledClass() const { return isClass_ && setter_; }
  bool isClass() const { return isClass_; }
  bool target() const { return target_; }
  bool initial() const { return initial_; }
  std::string pythonTypeName() const override {
    return isClass_ ? "type" : target_ ? "enable_grad" : "no_grad";
  }
  std::string describe() const override {
    if (isSetGradEnabledClass()) return "set_grad_enabled (class)";
    return std::string(target_ ? "enable_grad" : "no_grad") + (isClass_ ? " (class)" : "");
  }
  // The class called with no arguments makes the manager (GradModeVariable.create);
  // set_grad_enabled's class takes the mode as its one argument.
  Expected<VtPtr> callFunction(Tx& tx, Args args, Kwargs kwargs) override;
  Expected<VtPtr> enter(Tx& tx) override;
  Expected<VtPtr> exit(Tx& tx, Args args) override;

  // GradModeVariable._call_func: a grad-mode change is a torch._C._set_grad_enabled node
  // (coalesced: none when the mode is already the target), and the mode fake tensors see.
  static void setGradMode(Tx& tx, bool enabled);

 private:
  bool isClass_;
  bool target_;
  bool initial_;
  bool setter_ = false;  // the class is torch.set_grad_enabled
};

// GenericContextWrappingVariable: the user object `object` (a UserObjectVariable made
// while tracing) whose __enter__ and __exit__ are inlined.
class GenericContextWrappingVariable final : public ContextWrappingVariable {
 public:
  explicit GenericContextWrappingVariable(VtPtr object)
      : ContextWrappingVariable(VtKind::kGenericContext, nullptr, MutationType::kImmutable),
        object_(std::move(object)) {}
  const VtPtr& object() const { return object_; }
  std::string pythonTypeName() const override { return object_->pythonTypeName(); }
  std::string describe() const override { return object_->describe(); }
  // enter_ctx: the manager becomes active, then __enter__ runs.
  Expected<VtPtr> enter(Tx& tx) override;
  // __exit__ runs, then the manager is no longer active.
  Expected<VtPtr> exit(Tx& tx, Args args) override;

 private:
  VtPtr object_;
};

// contextlib.nullcontext: the class as reached from the program (isClass) and the
// manager calling it makes, whose __enter__ gives enter_result.
class NullContextVariable final : public ContextWrappingVariable {
 public:
  NullContextVariable(bool isClass, VtPtr enterResult, SourcePtr source = nullptr)
      : ContextWrappingVariable(VtKind::kNullContext, std::move(source), MutationType::kImmutable),
        isClass_(isClass),
        enterResult_(std::move(enterResult)) {}
  std::string pythonTypeName() const override { return isClass_ ? "type" : "nullcontext"; }
  std::string describe() const override {
    return isClass_ ? "contextlib.nullcontext (class)" : "nullcontext()";
  }
  Expected<VtPtr> callFunction(Tx& tx, Args args, Kwargs kwargs) override;
  Expected<VtPtr> enter(Tx& tx) override;
  Expected<VtPtr> exit(Tx& tx, Args args) override;

 private:
  bool isClass_;
  VtPtr enterResult_;
};

// torch.autograd.profiler.record_function (ProfilerRecordFunctionContextVariable): the
// class (isClass) and the manager calling it makes. With
// config.capture_profiler_record_function off it is a nullcontext whose __enter__ gives
// the manager itself; no node is added.
class ProfilerRecordFunctionVariable final : public ContextWrappingVariable {
 public:
  explicit ProfilerRecordFunctionVariable(bool isClass, SourcePtr source = nullptr)
      : ContextWrappingVariable(VtKind::kNullContext, std::move(source), MutationType::kImmutable),
        isClass_(isClass) {}
  std::string pythonTypeName() const override { return isClass_ ? "type" : "record_function"; }
  std::string describe() const override {
    return isClass_ ? "torch.autograd.profiler.record_function (class)" : "record_function()";
  }
  Expected<VtPtr> callFunction(Tx& tx, Args args, Kwargs kwargs) override;
  Expected<VtPtr> enter(Tx& tx) override;
  Expected<VtPtr> exit(Tx& tx, Args args) override;

 private:
  bool isClass_;
};

// torch.profiler.profile / torch.autograd.profiler.profile (ProfilerContextVariable): the
// class (isClass) and the manager calling it makes, whatever its arguments (Dynamo ignores
// them, with a warning). A nullcontext whose __enter__ gives the manager itself; no node.
class ProfilerContextVariable final : public ContextWrappingVariable {
 public:
  explicit ProfilerContextVariable(bool isClass, SourcePtr source = nullptr)
      : ContextWrappingVariable(VtKind::kNullContext, std::move(source), MutationType::kImmutable),
        isClass_(isClass) {}
  std::string className() const override { return "ProfilerContextVariable"; }
  std::string pythonTypeName() const override { return isClass_ ? "type" : "profile"; }
  std::string describe() const override {
    return isClass_ ? "torch.profiler.profile (class)" : "profile()";
  }
  Expected<VtPtr> callFunction(Tx& tx, Args args, Kwargs kwargs) override;
  Expected<VtPtr> enter(Tx& tx) override;
  Expected<VtPtr> exit(Tx& tx, Args args) override;

 private:
  bool isClass_;
};

// torch.inference_mode (InferenceModeVariable, and TorchCtxManagerClassVariable for the
// class): inference_mode(mode=True) makes the manager; entering it is an
// _enter_inference_mode(mode) node and exiting an _exit_inference_mode(<enter node>)
// node. With config.fake_tensor_disable_inference_mode (the default) and mode True,
// tracing keeps inference mode off and only turns grad mode off until the exit, so fake
// tensors made inside need no grad; with mode False the real call changes nothing
// outside inference mode.
class InferenceModeVariable final : public ContextWrappingVariable {
 public:
  InferenceModeVariable(bool isClass, bool mode, SourcePtr source = nullptr)
      : ContextWrappingVariable(VtKind::kInferenceMode, std::move(source),
                                MutationType::kImmutable),
        isClass_(isClass),
        mode_(mode) {}
  std::string pythonTypeName() const override { return isClass_ ? "type" : "inference_mode"; }
  std::string describe() const override {
    return isClass_ ? "torch.inference_mode (class)"
                    : std::string("inference_mode(") + (mode_ ? "True" : "False") + ")";
  }
  Expected<VtPtr> callFunction(Tx& tx, Args args, Kwargs kwargs) override;
  Expected<VtPtr> enter(Tx& tx) override;
  Expected<VtPtr> exit(Tx& tx, Args args) override;

 private:
  bool isClass_;
  bool mode_;
  bool entered_ = false;
  bool forcedGradOff_ = false;  // grad mode turned off by enter, restored by exit
  bool prior_ = true;           // the grad mode enter found
  int32_t proxy_ = -1;          // the _enter_inference_mode node
};

// warnings.catch_warnings() (CatchWarningsCtxManagerVariable, made by
// UserDefinedClassVariable.call_function for the class called with no positional
// arguments): entering runs the real catch_warnings(**kwargs).__enter__() at compile
// time, which saves and restores the process's warning filters: nothing in the graph.
// Only record=False (its default) is modelled: __enter__ then returns None.
class CatchWarningsVariable final : public ContextWrappingVariable {
 public:
  CatchWarningsVariable()
      : ContextWrappingVariable(VtKind::kCatchWarnings, nullptr, MutationType::kImmutable) {}
  std::string pythonTypeName() const override { return "catch_warnings"; }
  std::string describe() const override { return "warnings.catch_warnings()"; }
  Expected<VtPtr> enter(Tx& tx) override;
  Expected<VtPtr> exit(Tx& tx, Args args) override;
};

// A context manager used as a decorator (ContextWrappingVariable.call_function of a
// function): WrappedUserFunctionVariable, WrappedNestedUserFunctionVariable,
// WrappedUserMethodVariable (functions.py). Calling it enters the manager, calls the
// function, exits the manager (config.nested_graph_breaks off; with it on Dynamo inlines
// polyfills._fn_with_ctx instead, not modelled). Other uses refuse by name.
class WrappedFunctionVariable final : public VariableTracker {
 public:
  WrappedFunctionVariable(VtPtr fn, std::shared_ptr<ContextWrappingVariable> context)
      : VariableTracker(VtKind::kOpaque, nullptr, MutationType::kImmutable),
        fn_(std::move(fn)),
        context_(std::move(context)) {}
  std::string className() const override;
  std::string pythonTypeName() const override { return fn_->pythonTypeName(); }
  std::string describe() const override {
    return context_->describe() + "(" + fn_->describe() + ")";
  }
  Expected<VtPtr> callFunction(Tx& tx, Args args, Kwargs kwargs) override;
  // ContextWrappingVariable.call_function: `context` applied to `fn` (a user function,
  // nested function or method), or nullptr when `fn` is none of those.
  static VtPtr wrap(const VtPtr& fn, std::shared_ptr<ContextWrappingVariable> context);

 private:
  VtPtr fn_;
  std::shared_ptr<ContextWrappingVariable> context_;
};

// The bound __exit__ of a context manager entered by BEFORE_WITH.
class WithExitVariable final : public VariableTracker {
 public:
  explicit WithExitVariable(VtPtr manager)
      : VariableTracker(VtKind::kWithExit, nullptr, MutationType::kImmutable),
        manager_(std::move(manager)) {}
  const VtPtr& manager() const { return manager_; }
  std::string pythonTypeName() const override { return "method"; }
  std::string describe() const override { return "__exit__ of " + manager_->repr(); }
  Expected<VtPtr> callFunction(Tx& tx, Args args, Kwargs) override {
    return static_cast<ContextWrappingVariable&>(*manager_).exit(tx, std::move(args));
  }

 private:
  VtPtr manager_;
};

}  // namespace dynrr::vt
