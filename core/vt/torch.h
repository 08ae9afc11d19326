// torch.h — torch callables Dynamo puts into the graph (torch/_dynamo/variables/torch.py
// TorchInGraphFunctionVariable): calling one is a call_function node whose example
// value the fake-tensor layer computes (core/tracer/tensor_ops.cpp, wrap_fx_proxy).
#pragma once

#include <string>

#include "core/vt/base.h"

namespace dynrr::vt {

// A torch callable by the qualified name FX prints ("torch.sin", "torch.nn.functional.relu").
class TorchFunctionVariable final : public VariableTracker {
 public:
  TorchFunctionVariable(std::string qualname, bool isBuiltin, SourcePtr source = nullptr)
      : VariableTracker(VtKind::kTorchFunction, std::move(source), MutationType::kImmutable),
        qualname_(std::move(qualname)),
        isBuiltin_(isBuiltin) {}
  const std::string& qualname() const { return qualname_; }
  // A C builtin (BUILTIN_MATCH guard) rather than a Python function (ID/FUNCTION_MATCH).
  bool isBuiltin() const { return isBuiltin_; }
  std::string pythonTypeName() const override { return "builtin_function_or_method"; }
  std::string describe() const override { return qualname_; }
  Expected<VtPtr> callFunction(Tx& tx, Args args, Kwargs kwargs) override;
  bool isPythonConstant() const override { return true; }
  Expected<bool> boolValue(Tx&) override { return true; }

 private:
  std::string qualname_;
  bool isBuiltin_;
};

// torch.finfo(dtype) / torch.iinfo(dtype): Dynamo constant-folds the call
// (UserDefinedClassVariable over a constant dtype); the result's attributes (bits, eps,
// max, min, tiny, smallest_normal, resolution, dtype) are constants.
class DtypeInfoVariable final : public VariableTracker {
 public:
  DtypeInfoVariable(bool isFloat, std::string dtype)
      : VariableTracker(VtKind::kOpaque, nullptr, MutationType::kImmutable),
        isFloat_(isFloat),
        dtype_(std::move(dtype)) {}
  std::string pythonTypeName() const override { return isFloat_ ? "torch.finfo" : "torch.iinfo"; }
  std::string className() const override { return "UserDefinedObjectVariable"; }
  std::string describe() const override { return pythonTypeName() + "(" + dtype_ + ")"; }
  Expected<VtPtr> varGetattr(Tx& tx, const std::string& name) override;
  bool isPythonConstant() const override { return true; }
  Expected<bool> boolValue(Tx&) override { return true; }

 private:
  bool isFloat_;
  std::string dtype_;  // "torch.float32"
};

// torch.finfo(dtype) / torch.iinfo(dtype) of a constant dtype (finfo() is the default dtype's).
Expected<VtPtr> makeDtypeInfo(Tx& tx, bool isFloat, const Args& args);

}  // namespace dynrr::vt
