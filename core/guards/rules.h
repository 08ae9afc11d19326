// rules.h — which guards Dynamo installs for what it wraps, where the rule does not
// depend on the tracer's state:
//  - installAmbientGuards: OutputGraph.init_ambient_guards (every frame);
//  - installConstantGuards: VariableBuilder's constants (CONSTANT_MATCH once used,
//    EQUALS_MATCH for ints is_int_specialization_case specialises);
//  - tensorMatchDetail: what GuardBuilder.TENSOR_MATCH checks of an input tensor
//    (TensorGuards: dtype, device, requires_grad, sizes and strides, None where a size
//    or stride is symbolic under dynamic shapes).
#pragma once

#include <string>
#include <vector>

#include "core/fake/tensor_meta.h"
#include "core/guards/guard_set.h"
#include "core/vt/source.h"

namespace dynrr::guards {

// SHAPE_ENV, DETERMINISTIC_ALGORITHMS, GRAD_MODE, DEFAULT_DEVICE, GLOBAL_STATE,
// TORCH_FUNCTION_STATE and AUTOGRAD_SAVED_TENSORS_HOOKS, on no source.
void installAmbientGuards(GuardSet& guards);

// A Python constant (int, float, bool, str, None) read from `source` and used.
void installConstantGuards(GuardSet& guards, const vt::Source& source, bool isInt);

// "dtype=torch.float32 device=cpu requires_grad=False size=[2, 3] stride=[3, 1]", the
// recorder's text for a TENSOR_MATCH. With `dynamicDims` (one flag per dim), dynamic
// sizes print None, and so does every stride that depends on one (the input must be
// contiguous: strides of a contiguous tensor are products of the sizes after them).
std::string tensorMatchDetail(const fake::TensorMeta& meta,
                              const std::vector<bool>* dynamicDims = nullptr);

}  // namespace dynrr::guards
