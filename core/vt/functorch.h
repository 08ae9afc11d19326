// functorch.h — torch.func.vmap as Dynamo 2.13 traces it. trace_rules maps
// torch._functorch.vmap.vmap_impl to FunctorchHigherOrderVariable
// (torch/_dynamo/variables/higher_order_ops.py), which is a UserFunctionVariable: the
// Python of torch/_functorch/vmap.py and torch/utils/_pytree.py is inlined as any user
// code. What is special lives here:
// - vmap_increment_nesting, a @contextlib.contextmanager function Dynamo takes as a
//   TorchCtxManagerClassVariable (variables/torch.py): calling it gives a
//   VmapIncrementNestingCtxManagerVariable (variables/ctx_manager.py) whose enter
//   installs FUNCTORCH_STACK_MATCH, pushes a vmap level and adds a
//   _vmap_increment_nesting(batch_size, randomness) node; exit adds
//   _vmap_decrement_nesting();
// - the in-graph functions of torch._functorch.predispatch that vmap_impl calls
//   (TorchInGraphFunctionVariable): lazy_load_decompositions (a node of value None),
//   _add_batch_dim and _remove_batch_dim, whose example values are BatchedTensors
//   (core/tracer/functorch_batching.h).
// torch.func.grad and grad_and_value are core/vt/functorch_grad.h; functional_call /
// jacrev / vjp / jvp are refused by name where Dynamo reaches them
// (core/tracer/variable_builder.cpp).
#pragma once

#include <string>

#include "core/vt/ctx_manager.h"

namespace dynrr::vt {

class VmapIncrementNestingVariable final : public ContextWrappingVariable {
 public:
  // The function as reached from vmap.py (isClass), or the manager calling it makes.
  VmapIncrementNestingVariable(bool isClass, SourcePtr source)
      : ContextWrappingVariable(VtKind::kFunctorchContext, std::move(source),
                                MutationType::kImmutable),
        isClass_(isClass) {}
  std::string pythonTypeName() const override {
    return isClass_ ? "function" : "_GeneratorContextManager";
  }
  std::string describe() const override {
    return isClass_ ? "torch._functorch.vmap.vmap_increment_nesting" : "vmap_increment_nesting()";
  }
  Expected<VtPtr> callFunction(Tx& tx, Args args, Kwargs kwargs) override;
  Expected<VtPtr> enter(Tx& tx) override;
  Expected<VtPtr> exit(Tx& tx, Args args) override;

 private:
  bool isClass_;
  VtPtr batchSize_, randomness_;
};

// vmap, grad and tree_map next to torch.cond / while_loop / map / wrap / checkpoint: the
// pytree module and the classes both reach are deduped by identity
// (core/vt/higher_order_ops.cpp pytreeModuleSource, recordedObjectGuard), so the guards
// stay on the first source as Dynamo's VariableBuilder keeps them.

// The functorch in-graph functions above, by FX's qualified name; an empty-message Error
// when `qualname` is not one of them.
Expected<VtPtr> functorchInGraphCall(Tx& tx, const std::string& qualname, Args& args,
                                     Kwargs& kwargs);

}  // namespace dynrr::vt
