// view_util.cpp — infer_size, computeStride-based view, expand geometry.
#include "core/fake/view_util.h"

#include <algorithm>

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

namespace {

struct Geometry {
  Shape sizes, strides;
};

// prims.split_dim: dim of length L becomes (outer, L / outer), strides (s * L / outer, s).
void splitDim(Geometry& g, size_t dim, std::int64_t outer) {
  const std::int64_t inner = g.sizes[dim] / outer;
  const std::int64_t s = g.strides[dim];
  g.sizes[dim] = inner;
  g.sizes.insert(g.sizes.begin() + static_cast<std::ptrdiff_t>(dim), outer);
  g.strides.insert(g.strides.begin() + static_cast<std::ptrdiff_t>(dim), satMul(s, inner));
}

// prims._collapse_view_helper for [start, end] of a tensor with elements: false when the
// dims cannot be collapsed without a copy; else collapses them (the smallest stride of
// the dims longer than 1, and the end dim's).
bool collapseView(Geometry& g, size_t start, size_t end) {
  for (size_t i = end; i-- > start;) {
    if (g.sizes[i] != 1 && g.sizes[i + 1] != 1 &&
        g.strides[i] != satMul(g.strides[i + 1], g.sizes[i + 1]))
      return false;
  }
  std::int64_t stride = g.strides[end], length = g.sizes[end];
  for (size_t i = end; i-- > start;) {
    if (g.sizes[i] != 1) stride = std::min(stride, g.strides[i]);
    length = satMul(length, g.sizes[i]);
  }
  g.sizes.erase(g.sizes.begin() + static_cast<std::ptrdiff_t>(start) + 1,
                g.sizes.begin() + static_cast<std::ptrdiff_t>(end) + 1);
  g.strides.erase(g.strides.begin() + static_cast<std::ptrdiff_t>(start) + 1,
                  g.strides.begin() + static_cast<std::ptrdiff_t>(end) + 1);
  g.sizes[start] = length;
  g.strides[start] = stride;
  return true;
}

}  // namespace

std::optional<Shape> refViewStrides(const Shape& sizes, const Shape& strides, const Shape& shape) {
  if (shapeNumel(sizes) == 0) return contiguousStrides(shape);
  if (sizes.empty() || shape.empty()) return Shape(shape.size(), 1);
  if (computeContiguous(sizes, strides)) {
    if (shape.size() == 1 && sizes.size() > 1) return Shape{1};
    if (shape.size() == 2 && sizes.size() == 1) return Shape{shape[1], 1};
  }
  // _reshape_view_helper_core_alg: build the target dims left to right.
  Geometry g{sizes, strides};
  size_t idx = 0;
  for (std::int64_t length : shape) {
    if (idx >= g.sizes.size()) {  // tail unsqueeze
      if (length != 1) return std::nullopt;
      const size_t last = g.sizes.size() - 1;
      splitDim(g, last, g.sizes[last]);
      ++idx;
      continue;
    }
    if (length == g.sizes[idx]) {
      ++idx;
      continue;
    }
    if (length <= 0) return std::nullopt;
    std::int64_t accum = g.sizes[idx];
    size_t end = idx;
    while (accum % length != 0) {
      if (++end >= g.sizes.size()) return std::nullopt;
      accum = satMul(accum, g.sizes[end]);
    }
    if (end != idx && !collapseView(g, idx, end)) return std::nullopt;
    if (accum != length) splitDim(g, idx, length);
    ++idx;
  }
  while (idx < g.sizes.size()) {  // tail squeeze
    if (g.sizes[idx] != 1) return std::nullopt;
    g.sizes.erase(g.sizes.begin() + static_cast<std::ptrdiff_t>(idx));
    g.strides.erase(g.strides.begin() + static_cast<std::ptrdiff_t>(idx));
  }
  if (g.sizes != shape) return std::nullopt;
  return g.strides;
}

Expected<TensorMeta> viewMeta(const TensorMeta& t, const Shape& shape) {
  auto strides = refViewStrides(t.sizes, t.strides, shape);
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
  // ATen's reshape decides with computeStride whether it is a view; the view then runs
  // FakeTensorMode's aten.view (the reference's strides).
  auto strides = computeViewStrides(t.sizes, t.strides, shape);
  if (strides) {
    if (auto ref = refViewStrides(t.sizes, t.strides, shape)) strides = std::move(ref);
  }
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
