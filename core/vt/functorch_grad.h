// functorch_grad.h — torch.func.grad and grad_and_value as Dynamo 2.13 traces them.
// trace_rules maps torch._functorch.eager_transforms.grad_impl to
// FunctorchHigherOrderVariable (torch/_dynamo/variables/higher_order_ops.py), a
// UserFunctionVariable: grad_and_value_impl (torch/_functorch/eager_transforms.py) is
// inlined as user code. What is special lives here:
// - the context managers Dynamo takes as TorchCtxManagerClassVariable
//   (variables/torch.py) and their ContextWrappingVariables (variables/ctx_manager.py):
//   disable_saved_tensors_hooks(message) (DisabledSavedTensorsHooksVariable: the
//   _saved_tensors_hooks_disable node when made, _saved_tensors_hooks_enable on exit),
//   grad_increment_nesting() (GradIncrementNestingCtxManagerVariable: FUNCTORCH_STACK_MATCH,
//   the _grad_increment_nesting / _grad_decrement_nesting nodes, the level as a constant)
//   and enable_inplace_requires_grad(enabled) (GradInplaceRequiresGradCtxManagerVariable:
//   set_inplace_requires_grad_allowed nodes);
// - the in-graph functions grad_and_value_impl calls (TorchInGraphFunctionVariable):
//   _wrap_for_grad, _set_tensor_requires_grad (requires_grad_ on the same fake tensor, so
//   the wrapped input's example value requires grad too), _autograd_grad and
//   _unwrap_for_grad, with the fake metadata functorch's GradTrackingTensors give.
// Levels compose through core/tracer/functorch_levels.h: grad inside vmap levels
// (vmap(grad(f))) is modelled, its GradTrackingTensors over BatchedTensors batched as
// the tensors they wrap and its gradients batched at the levels the outputs are
// (gradientBatching; where the batch dims are not in front of contiguous tensors, or
// gradientMeta has no rule for the layout, the backward formulas are run through the
// batching rules: batchedGradient); so is vmap inside grad (grad(f) with f calling vmap: the
// BatchedTensors' plain tensors carry the grad level's requires_grad, _add_batch_dim /
// _remove_batch_dim pass gradients through). Refused by name: grad inside grad, vmap
// inside grad inside vmap, vmap over a tensor requiring grad, tensors
// requiring grad entering the transform (what _unwrap_for_grad gives them depends on the
// outer autograd graph), gradients whose layout the backward formulas decide (an input
// reached by an op outside a list whose backward allocates a fresh contiguous gradient),
// and inputs the output does not depend on (_autograd_grad's zeros_like path).
#pragma once

#include <string>

#include "core/vt/ctx_manager.h"

namespace dynrr::vt {

class FunctorchGradContextVariable final : public ContextWrappingVariable {
 public:
  enum class Which { kDisableSavedTensorsHooks, kGradIncrementNesting, kEnableInplaceRequiresGrad };
  // The function as reached from the transform's Python (isClass), or the manager a call
  // of it makes.
  FunctorchGradContextVariable(Which which, bool isClass, SourcePtr source)
      : ContextWrappingVariable(VtKind::kFunctorchContext, std::move(source),
                                MutationType::kImmutable),
        which_(which),
        isClass_(isClass) {}
  // The manager for the recorded function `module`.`qualname`, or null when it is not one.
  static VtPtr forFunction(const std::string& module, const std::string& qualname,
                           SourcePtr source);
  std::string pythonTypeName() const override {
    return isClass_ ? "function" : "_GeneratorContextManager";
  }
  std::string className() const override;
  std::string describe() const override;
  Expected<VtPtr> callFunction(Tx& tx, Args args, Kwargs kwargs) override;
  Expected<VtPtr> enter(Tx& tx) override;
  Expected<VtPtr> exit(Tx& tx, Args args) override;

 private:
  Which which_;
  bool isClass_;
  bool enabled_ = false;  // enable_inplace_requires_grad's argument
};

// The in-graph functions of the grad transform by FX's qualified name; an
// empty-message Error when `qualname` is not one of them.
Expected<VtPtr> functorchGradInGraphCall(Tx& tx, const std::string& qualname, Args& args,
                                         Kwargs& kwargs);

}  // namespace dynrr::vt
