// sys_function.h — SysFunctionVariable (torch/_dynamo/variables/functions.py, Dynamo
// 2.13): sys.exc_info and sys.exception as VariableBuilder wraps them (no guard of their
// own). exc_info() is (type, value, traceback) of the exception whose handler runs
// innermost (exn_vt_stack[-1]), or three Nones; exception() its value. The traceback
// Dynamo puts there (the exception's __traceback__) is not modelled: a tracker that
// refuses every use stands for it.
#pragma once

#include <string>

#include "core/vt/base.h"

namespace dynrr::vt {

class SysFunctionVariable final : public VariableTracker {
 public:
  SysFunctionVariable(std::string name, SourcePtr source)
      : VariableTracker(VtKind::kOpaque, std::move(source), MutationType::kImmutable),
        name_(std::move(name)) {}
  std::string className() const override { return "SysFunctionVariable"; }
  std::string pythonTypeName() const override { return "builtin_function_or_method"; }
  std::string describe() const override { return "sys." + name_; }
  Expected<VtPtr> callFunction(Tx& tx, Args args, Kwargs kwargs) override;

 private:
  std::string name_;  // "exc_info" or "exception"
};

}  // namespace dynrr::vt
