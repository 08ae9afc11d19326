// tensor_meta.cpp — contiguity predicates of c10/core/Contiguity.h and TensorImpl.
#include "core/fake/tensor_meta.h"

#include <algorithm>
#include <limits>
#include <numeric>
#include <sstream>

namespace dynrr::fake {

std::int64_t satMul(std::int64_t a, std::int64_t b) {
  std::int64_t r;
  if (__builtin_mul_overflow(a, b, &r)) {
    return (a < 0) != (b < 0) ? std::numeric_limits<std::int64_t>::min()
                              : std::numeric_limits<std::int64_t>::max();
  }
  return r;
}

std::int64_t shapeNumel(const Shape& sizes) {
  std::int64_t n = 1;
  for (auto s : sizes) n = satMul(n, s);
  return n;
}

std::string shapeStr(const Shape& sizes) {
  std::string out = "[";
  for (size_t i = 0; i < sizes.size(); ++i) {
    if (i) out += ", ";
    out += std::to_string(sizes[i]);
  }
  return out + "]";
}

Shape contiguousStrides(const Shape& sizes) {
  Shape strides(sizes.size());
  std::int64_t next = 1;
  for (auto i = static_cast<std::int64_t>(sizes.size()) - 1; i >= 0; --i) {
    strides[i] = next;
    next = satMul(next, std::max<std::int64_t>(sizes[i], 1));
  }
  return strides;
}

Shape channelsLastStrides(const Shape& sizes) {
  if (sizes.size() != 4) return contiguousStrides(sizes);
  Shape strides(4);
  strides[1] = 1;
  strides[3] = std::max<std::int64_t>(sizes[1], 1);
  strides[2] = satMul(strides[3], std::max<std::int64_t>(sizes[3], 1));
  strides[0] = satMul(strides[2], std::max<std::int64_t>(sizes[2], 1));
  return strides;
}

bool computeContiguous(const Shape& sizes, const Shape& strides) {
  if (shapeNumel(sizes) == 0) return true;
  std::int64_t expected = 1;
  for (auto d = static_cast<std::int64_t>(sizes.size()) - 1; d >= 0; --d) {
    if (sizes[d] == 1) continue;
    if (strides[d] != expected) return false;
    expected = satMul(expected, sizes[d]);
  }
  return true;
}

bool computeChannelsLastContiguous2d(const Shape& sizes, const Shape& strides) {
  if (sizes.size() != 4) return false;
  std::int64_t expected = 1;
  for (int d : {1, 3, 2, 0}) {
    if (sizes[d] == 1) continue;
    if (strides[d] != expected) return false;
    expected = satMul(expected, sizes[d]);
  }
  return true;
}

bool computeNonOverlappingAndDense(const Shape& sizes, const Shape& strides) {
  const auto dim = sizes.size();
  if (dim == 1) return sizes[0] < 2 || strides[0] == 1;
  std::vector<size_t> perm(dim);
  std::iota(perm.begin(), perm.end(), 0);
  std::sort(perm.begin(), perm.end(), [&](size_t a, size_t b) {
    if (sizes[a] < 2) return false;
    if (sizes[b] < 2) return true;
    return strides[a] < strides[b];
  });
  std::int64_t required = 1;
  for (size_t i : perm) {
    if (sizes[i] < 2) return true;
    if (strides[i] != required) return false;
    required = satMul(required, sizes[i]);
  }
  return true;
}

bool computeStridesLikeChannelsLast2d(const Shape& sizes, const Shape& strides) {
  if (sizes.size() != 4) return false;
  std::int64_t min = 0;
  if (strides[1] == 0) return false;
  for (int d : {1, 3, 2, 0}) {
    if (sizes[d] == 0) return false;
    if (strides[d] < min) return false;
    if (d == 0 && min == strides[1]) return false;
    min = strides[d];
    if (sizes[d] > 1) min = satMul(min, sizes[d]);
  }
  return true;
}

std::int64_t TensorMeta::numel() const { return shapeNumel(sizes); }
bool TensorMeta::isContiguous() const { return computeContiguous(sizes, strides); }
bool TensorMeta::isChannelsLastContiguous() const {
  return computeChannelsLastContiguous2d(sizes, strides);
}
bool TensorMeta::isNonOverlappingAndDense() const {
  return isContiguous() || computeNonOverlappingAndDense(sizes, strides);
}
bool TensorMeta::isStridesLikeChannelsLast() const {
  return computeStridesLikeChannelsLast2d(sizes, strides);
}
MemoryFormat TensorMeta::suggestMemoryFormat() const {
  return isStridesLikeChannelsLast() ? MemoryFormat::kChannelsLast : MemoryFormat::kContiguous;
}

std::string TensorMeta::str() const {
  std::ostringstream out;
  out << "T(" << dtypeName(dtype).substr(6) << "," << shapeStr(sizes) << "," << shapeStr(strides)
      << "," << storageOffset << ",rg=" << requiresGrad << ")";
  return out.str();
}

TensorMeta TensorMeta::contiguous(DType dtype, Shape sizes, Device device) {
  TensorMeta t;
  t.dtype = dtype;
  t.device = std::move(device);
  t.strides = contiguousStrides(sizes);
  t.sizes = std::move(sizes);
  return t;
}

}  // namespace dynrr::fake
