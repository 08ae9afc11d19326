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
