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

// Whether the frame's graph already holds a node whose target starts with `prefix`.
bool graphHasTarget(const Tx& tx, const std::string& prefix);
// vmap and the other higher-order ops in one frame: the guards of vmap's inlined
// pytree code and of the hops' modelled pytree flattening (core/vt/higher_order_ops.cpp)
// are installed in different orders than Dynamo's (which source of torch.Tensor and of
// the pytree module gets CLASS_MATCH / MODULE_MATCH and which DUPLICATE_INPUT: seen in the
// hops fuzz family), so the pair is refused by name.
// The while_loop and map wrappers' modelled pytree guards read tree_flatten and
// tree_unflatten through the first source of the pytree module; Python that inlines pytree
// afterwards (vmap, grad, tree_map's module) reaches the same function objects, which
// Dynamo dedupes by identity (their guards stay on the first source) and the core does
// not: seen diverging in the hops fuzz family, so that order is refused by name. (The
// other order, and cond / wrap / checkpoint in either order, match in the hops family: the
// pytree module and the classes both reach are deduped by identity,
// core/vt/higher_order_ops.cpp.)
inline const char kPytreeAfterWrapperGap[] =
    "torch.func.vmap, grad or pytree.tree_map after torch while_loop / map in one frame (the "
    "pytree functions both reach are deduped by identity in Dynamo, not in the core)";
// Whether a while_loop or map wrapper has been traced in the frame.
bool pytreeWrapperTraced(const Tx& tx);

// The functorch in-graph functions above, by FX's qualified name; an empty-message Error
// when `qualname` is not one of them.
Expected<VtPtr> functorchInGraphCall(Tx& tx, const std::string& qualname, Args& args,
                                     Kwargs& kwargs);

}  // namespace dynrr::vt
