// view_util.h — shape arithmetic shared by view-producing meta functions.
//
// Mirrors at::infer_size (view/reshape's -1), at::inferExpandGeometry (expand) and the
// stride arithmetic of at::native::as_strided-based views (select, slice, unsqueeze).
#pragma once

#include "core/fake/op_args.h"

namespace dynrr::fake {

// Replaces a single -1 in `shape` so that it holds `numel` elements.
Expected<Shape> inferSize(const Shape& shape, std::int64_t numel);
// t.view(shape) (shape already inferred); nullopt-like Error when strides are incompatible.
// The strides torch/_refs _reshape_view_helper (FakeTensorMode's aten.view) gives `shape`
// viewed from a tensor with `sizes` and `strides` (`shape` already inferred, same
// numel); nullopt when it cannot be a view. It differs from ATen's computeStride in the
// strides of size-1 dims (a size-1 dim split off keeps its chunk's stride).
std::optional<Shape> refViewStrides(const Shape& sizes, const Shape& strides, const Shape& shape);
Expected<TensorMeta> viewMeta(const TensorMeta& t, const Shape& shape);
// t.reshape(shape): a view when possible, otherwise a contiguous copy. `isView` tells which.
Expected<TensorMeta> reshapeMeta(const TensorMeta& t, const Shape& shape, bool& isView);
// t.expand(sizes).
Expected<TensorMeta> expandMeta(const TensorMeta& t, const Shape& sizes);
// t.unsqueeze(dim) with dim already wrapped to [0, t.dim()].
TensorMeta unsqueezeMeta(const TensorMeta& t, std::int64_t dim);
// t.narrow(dim, start, length) with everything already checked.
TensorMeta narrowMeta(const TensorMeta& t, std::int64_t dim, std::int64_t start,
                      std::int64_t length);

}  // namespace dynrr::fake
