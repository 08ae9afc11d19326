// elementwise.h — the TensorIterator-shaped core shared by elementwise meta functions.
//
// Mirrors at::TensorIteratorBase::build for pointwise ops (compute_types with
// promote_inputs_to_common_dtype, compute_shape, output allocation): operands are tensors
// or Python numbers (wrapped into 0-dim tensors), their common dtype follows
// torch.result_type, the output shape is the broadcast shape, and the output strides
// follow TensorIterator's permutation (strides.h).
#pragma once

#include <optional>
#include <vector>

#include "core/fake/op_args.h"

namespace dynrr::fake {

// Operand as TensorIterator sees it: a tensor, or a wrapped Python number (0-dim).
struct IterOperand {
  TensorMeta meta;
  bool wrappedNumber = false;
};

// Converts an argument to an operand; anything but a tensor or bool/int/float -> Error.
Expected<IterOperand> toOperand(const OpCall& call, const MetaArg& arg, std::string_view name);
// The operand after to(dtype) (empty_like(preserve) strides); numbers are unchanged.
IterOperand convertedTo(const IterOperand& op, DType dtype);
// torch.result_type of the operands.
DType commonDtype(const std::vector<IterOperand>& operands, DType defaultDtype);
// The output of a pointwise op: broadcast shape, TensorIterator strides, given dtype;
// requires_grad from the operands and the grad mode. Shape mismatch -> Error.
// `computeDtype`: the common dtype TensorIterator computes in on CPU; tensor inputs of
// another dtype are first converted with to(computeDtype) (compute_types'
// promote_inputs_to_common_dtype), which densifies their strides as empty_like(preserve).
Expected<TensorMeta> pointwiseOutput(const OpCall& call, const std::vector<IterOperand>& operands,
                                     DType outDtype, bool differentiable = true,
                                     std::optional<DType> computeDtype = std::nullopt);

}  // namespace dynrr::fake
