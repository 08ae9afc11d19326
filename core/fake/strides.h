// strides.h — how torch chooses output strides.
//
// Mirrors, for CPU eager and meta kernels:
//  - TensorIteratorBase's fast setup (compute_fast_setup_type), reorder_dimensions and
//    allocate_or_resize_outputs: output strides of elementwise ops (cf. the Python
//    restatement torch._prims_common.compute_elementwise_output_logical_to_physical_perm);
//  - at::infer_dense_strides and empty_like(memory_format=preserve);
//  - at::detail::computeStride, the stride-compatibility rule of Tensor.view.
#pragma once

#include <optional>
#include <vector>

#include "core/fake/tensor_meta.h"

namespace dynrr::fake {

// Strides TensorIterator gives the output of an elementwise op over `inputs` whose
// broadcast shape is `outShape`. Inputs may be 0-dim (wrapped scalars). Inputs are in
// operand order (e.g. condition, self, other for where).
Shape elementwiseOutputStrides(const Shape& outShape, const std::vector<const TensorMeta*>& inputs);

// The logical-to-physical permutation TensorIterator sorts dims into (innermost first is
// perm[0]); exposed for tests.
std::vector<int> elementwisePermutation(const Shape& outShape,
                                        const std::vector<const TensorMeta*>& inputs);

// at::infer_dense_strides: dense strides keeping the input's dim order.
Shape inferDenseStrides(const Shape& sizes, const Shape& strides);

// Strides of empty_like(t, memory_format=preserve) (also clone, to(dtype), zeros_like).
Shape preserveFormatStrides(const TensorMeta& t);

// Dense strides of the given memory format (contiguous or channels_last).
Shape stridesForFormat(const Shape& sizes, MemoryFormat format);

// at::detail::computeStride: strides of t.view(newSizes), or nullopt when the view is
// incompatible with the input's strides.
std::optional<Shape> computeViewStrides(const Shape& oldSizes, const Shape& oldStrides,
                                        const Shape& newSizes);

}  // namespace dynrr::fake
