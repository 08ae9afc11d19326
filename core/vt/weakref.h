// weakref.h — WeakRefVariable (torch/_dynamo/variables/misc.py, Dynamo 2.13) as
// weakref.ref(obj[, callback]) makes it while tracing (UserDefinedClassVariable.
// call_function of weakref.ref): calling it gives the referent's tracker. Weak
// references reached from the frame (WeakRefVariable.build: WeakRefCallSource) and any
// other use (comparison, hashing, reconstruction) are refused by name.
#pragma once

#include <string>

#include "core/vt/base.h"

namespace dynrr::vt {

class WeakRefVariable final : public VariableTracker {
 public:
  WeakRefVariable(VtPtr referent, VtPtr callback)
      : VariableTracker(VtKind::kOpaque, nullptr, MutationType::kImmutable),
        referent_(std::move(referent)),
        callback_(std::move(callback)) {}
  std::string className() const override { return "WeakRefVariable"; }
  std::string pythonTypeName() const override { return "weakref.ReferenceType"; }
  std::string describe() const override { return "weakref.ref(" + referent_->describe() + ")"; }
  // The referent, called with no arguments.
  Expected<VtPtr> callFunction(Tx& tx, Args args, Kwargs kwargs) override {
    if (!args.empty() || !kwargs.empty())
      return unsupported("calling a weakref.ref with arguments (TypeError path)");
    return referent_;
  }

 private:
  VtPtr referent_;
  VtPtr callback_;
};

}  // namespace dynrr::vt
