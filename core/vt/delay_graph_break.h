// delay_graph_break.h — DelayGraphBreakVariable (torch/_dynamo/variables/misc.py, Dynamo
// 2.13): what TensorVariable.var_getattr gives for an in-place view method (aten ops
// tagged inplace_view: unsqueeze_, squeeze_, t_, transpose_, swapdims_, swapaxes_,
// as_strided_, detach_, resize_, resize_as_, set_) read off a tensor with a source (a
// graph input or attribute): calling it graph-breaks ("Unsupported function call
// (delayed)"); any other use is the base class's refusal.
#pragma once

#include <string>

#include "core/vt/base.h"

namespace dynrr::vt {

class DelayGraphBreakVariable final : public VariableTracker {
 public:
  DelayGraphBreakVariable(SourcePtr source, std::string msg)
      : VariableTracker(VtKind::kOpaque, std::move(source), MutationType::kImmutable),
        msg_(std::move(msg)) {}
  std::string className() const override { return "DelayGraphBreakVariable"; }
  std::string pythonTypeName() const override { return "builtin_function_or_method"; }
  std::string describe() const override { return "a delayed graph break (" + msg_ + ")"; }
  Expected<VtPtr> callFunction(Tx& tx, Args args, Kwargs kwargs) override;

 private:
  std::string msg_;
};

// The aten ops tagged inplace_view that are Tensor methods (torch 2.13).
bool isInplaceViewMethod(const std::string& name);

}  // namespace dynrr::vt
