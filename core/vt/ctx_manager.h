// ctx_manager.h — context managers (torch/_dynamo/variables/ctx_manager.py):
// ContextWrappingVariable (enter / exit, what BEFORE_WITH and the __exit__ call run),
// GradModeVariable (torch.no_grad / torch.enable_grad: the class as reached from the
// program, TorchCtxManagerClassVariable in Dynamo, and the manager calling it makes,
// with target_values and initial_values = the grad mode when it was made), and
// WithExitFunctionVariable (the bound __exit__ BEFORE_WITH pushes).
#pragma once

#include "core/vt/base.h"

namespace dynrr::vt {

class ContextWrappingVariable : public VariableTracker {
 public:
  // enter(tx): what `with` does on entry; returns what `as` binds.
  virtual Expected<VtPtr> enter(Tx& tx) = 0;
  // exit(tx): what the __exit__ call does.
  virtual Expected<VtPtr> exit(Tx& tx) = 0;

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
  bool isClass() const { return isClass_; }
  bool target() const { return target_; }
  bool initial() const { return initial_; }
  std::string pythonTypeName() const override {
    return isClass_ ? "type" : target_ ? "enable_grad" : "no_grad";
  }
  std::string describe() const override {
    return std::string(target_ ? "enable_grad" : "no_grad") + (isClass_ ? " (class)" : "");
  }
  // The class called with no arguments makes the manager (GradModeVariable.create).
  Expected<VtPtr> callFunction(Tx& tx, Args args, Kwargs kwargs) override;
  Expected<VtPtr> enter(Tx& tx) override;
  Expected<VtPtr> exit(Tx& tx) override;

  // GradModeVariable._call_func: a grad-mode change is a torch._C._set_grad_enabled node
  // (coalesced: none when the mode is already the target), and the mode fake tensors see.
  static void setGradMode(Tx& tx, bool enabled);

 private:
  bool isClass_;
  bool target_;
  bool initial_;
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
  Expected<VtPtr> callFunction(Tx& tx, Args, Kwargs) override {
    return static_cast<ContextWrappingVariable&>(*manager_).exit(tx);
  }

 private:
  VtPtr manager_;
};

}  // namespace dynrr::vt
