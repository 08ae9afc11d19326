// tensor_meta.h — the metadata of a (fake) tensor: what Dynamo's example values carry.
//
// Mirrors the metadata half of c10::TensorImpl / FakeTensor: dtype, device, sizes,
// strides, storage offset, requires_grad; layout is always strided here. The contiguity
// predicates follow c10/core/Contiguity.h and TensorImpl::refresh_contiguous exactly,
// since guards and example values compare strides.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/fake/device.h"
#include "core/fake/dtype.h"

namespace dynrr::fake {

using Shape = std::vector<std::int64_t>;

// torch.layout: only strided tensors are modelled.
enum class Layout { kStrided };

// torch.memory_format values the meta functions use.
enum class MemoryFormat { kContiguous, kChannelsLast, kPreserve };

struct TensorMeta {
  DType dtype = DType::kFloat32;
  Device device;
  Shape sizes;
  Shape strides;
  std::int64_t storageOffset = 0;
  bool requiresGrad = false;
  Layout layout = Layout::kStrided;

  std::int64_t dim() const { return static_cast<std::int64_t>(sizes.size()); }
  std::int64_t numel() const;
  // tensor.is_contiguous() / is_contiguous(memory_format=torch.channels_last).
  bool isContiguous() const;
  bool isChannelsLastContiguous() const;
  bool isNonOverlappingAndDense() const;
  // TensorImpl::is_strides_like_channels_last (4-d only).
  bool isStridesLikeChannelsLast() const;
  // Tensor::suggest_memory_format(): channels_last when strides look like it.
  MemoryFormat suggestMemoryFormat() const;

  // "T(float32,[2,3],[3,1],0,rg=0)"-style summary for messages.
  std::string str() const;

  friend bool operator==(const TensorMeta&, const TensorMeta&) = default;

  // A fresh contiguous tensor (at::empty(sizes)).
  static TensorMeta contiguous(DType dtype, Shape sizes, Device device = {});
};

// Contiguous (row-major) strides, treating size 0 as 1 (TensorImpl::empty_tensor_restride).
Shape contiguousStrides(const Shape& sizes);
// Channels-last strides for a 4-d shape (c10::get_channels_last_strides_2d).
Shape channelsLastStrides(const Shape& sizes);
// a * b saturated at the int64 range. Size arithmetic uses it: a damaged trace's sizes,
// a broadcast of two huge shapes or a user's view(10**18, 6) must not overflow (callOp
// refuses outputs beyond 2**48 elements).
std::int64_t satMul(std::int64_t a, std::int64_t b);
std::int64_t shapeNumel(const Shape& sizes);
// "[2, 3]" as torch prints a size list in messages.
std::string shapeStr(const Shape& sizes);

bool computeContiguous(const Shape& sizes, const Shape& strides);
bool computeChannelsLastContiguous2d(const Shape& sizes, const Shape& strides);
bool computeNonOverlappingAndDense(const Shape& sizes, const Shape& strides);
bool computeStridesLikeChannelsLast2d(const Shape& sizes, const Shape& strides);

}  // namespace dynrr::fake
