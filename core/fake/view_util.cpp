// view_util.cpp — infer_size, computeStride-based view, expand geometry.
#include "core/fake/view_util.h"

#include "core/fake/broadcast.h"
#include "core/fake/strides.h"

namespace dynrr::fake {

Expected<Shape> inferSize(const Shape& shape, std::int64_t numel) {
  Shape out = shape;
  std::int64_t newSize = 1;
  std::optional<size_t> inferDim;
  for (size_t i = 0; i < shape.size(); ++i) {
    if (shape[i] == -1) {
      if (inferDim) return Error("only one dimension can be inferred");
      inferDim = i;
    } else if (shape[i] >= 0) {
      newSize = satMul(newSize, shape[i]);
    } else {
      return Error("invalid shape dimension " + std::to_string(shape[i]));
    }
  }
  auto invalid = [&] {
    std::string s = "[";
    for (size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
    return Error("shape '" + s + "]' is invalid for input of size " + std::to_string(numel));
  };
  if (numel == newSize || (inferDim && newSize > 0 && numel % newSize == 0)) {
    if (inferDim) {
      if (newSize == 0) {
        return Error("cannot reshape tensor of 0 elements into shape " + shapeStr(shape) +
                     " because the unspecified dimension size -1 can be any value and is "
                     "ambiguous");
      }
      out[*inferDim] = numel / newSize;
    }
    return out;
  }
  return invalid();
}

Expected<TensorMeta> viewMeta(const TensorMeta& t, const Shape& shape) {
  auto strides = computeViewStrides(t.sizes, t.strides, shape);
  if (!strides) {
    return Error(
        "view size is not compatible with input tensor's size and stride (at least one "
        "dimension spans across two contiguous subspaces). Use .reshape(...) instead.");
  }
  TensorMeta out = t;
  out.sizes = shape;
  out.strides = std::move(*strides);
  return out;
}

Expected<TensorMeta> reshapeMeta(const TensorMeta& t, const Shape& shape, bool& isView) {
  auto strides = computeViewStrides(t.sizes, t.strides, shape);
  TensorMeta out = t;
  out.sizes = shape;
  if (strides) {
    isView = true;
    out.strides = std::move(*strides);
  } else {
    isView = false;
    out.strides = contiguousStrides(shape);
    out.storageOffset = 0;
  }
  return out;
}

Expected<TensorMeta> expandMeta(const TensorMeta& t, const Shape& sizes) {
  const auto ndim = static_cast<std::int64_t>(sizes.size());
  const auto tensorDim = t.dim();
  if (ndim < tensorDim) {
    return Error("expand(" + t.str() + ", size=" + shapeStr(sizes) +
                 "): the number of sizes provided (" + std::to_string(ndim) +
                 ") must be greater or equal to the number of dimensions in the tensor (" +
                 std::to_string(tensorDim) + ")");
  }
  Shape outSizes(ndim), outStrides(ndim);
  for (auto i = ndim - 1; i >= 0; --i) {
    const auto offset = ndim - 1 - i;
    const auto dim = tensorDim - 1 - offset;
    std::int64_t size = dim >= 0 ? t.sizes[dim] : 1;
    std::int64_t stride = dim >= 0        ? t.strides[dim]
                          : i == ndim - 1 ? 1
                                          : outSizes[i + 1] * outStrides[i + 1];
    std::int64_t target = sizes[i];
    if (target == -1) {
      if (dim < 0) {
        return Error(
            "The expanded size of the tensor (-1) isn't allowed in a leading, "
            "non-existing dimension " +
            std::to_string(i));
      }
      target = size;
    }
    if (size != target) {
      if (size != 1) {
        reportSizeMismatch(target, size);
        return Error("The expanded size of the tensor (" + std::to_string(target) +
                     ") must match the existing size (" + std::to_string(size) +
                     ") at non-singleton dimension " + std::to_string(i) + ".  Target sizes: " +
                     shapeStr(sizes) + ".  Tensor sizes: " + shapeStr(t.sizes));
      }
      size = target;
      stride = 0;
    }
    outSizes[i] = size;
    outStrides[i] = stride;
  }
  TensorMeta out = t;
  out.sizes = std::move(outSizes);
  out.strides = std::move(outStrides);
  return out;
}

TensorMeta unsqueezeMeta(const TensorMeta& t, std::int64_t dim) {
  TensorMeta out = t;
  const std::int64_t stride = dim >= t.dim() ? 1 : t.sizes[dim] * t.strides[dim];
  out.sizes.insert(out.sizes.begin() + dim, 1);
  out.strides.insert(out.strides.begin() + dim, stride);
  return out;
}

TensorMeta narrowMeta(const TensorMeta& t, std::int64_t dim, std::int64_t start,
                      std::int64_t length) {
  TensorMeta out = t;
  out.sizes[dim] = length;
  out.storageOffset += start * t.strides[dim];
  return out;
}

}  // namespace dynrr::fake
