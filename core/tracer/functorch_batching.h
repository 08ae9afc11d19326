// functorch_batching.h — the fake metadata of tensors under torch.func.vmap as Dynamo
// 2.13 sees them: FakeTensors wrapped as functorch BatchedTensors
// (aten/src/ATen/functorch/BatchedTensorImpl.h: a physical tensor, a batch dim and a
// vmap level; the logical sizes and strides are the physical ones without the batch
// dim), and the batching rules that give an operator's result on them
// (aten/src/ATen/functorch/BatchRulesUnary.cpp / BatchRulesBinaryOps.cpp
// binary_pointwise_batch_rule / BatchRulesReduceOps.cpp boxed_reduction_batch_rule).
// Dynamo reaches them by inlining torch/_functorch/vmap.py (vmap_impl, a
// FunctorchHigherOrderVariable): _add_batch_dim and _remove_batch_dim are in-graph
// calls whose example values these give. Nested vmap levels are modelled for pointwise
// operators and sum / mean (each level's rule runs its ops at the level below:
// functorch's DynamicLayer dispatch); other rules on a nested BatchedTensor, an operator without a
// modelled rule, or a batched tensor requiring grad are refused.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/fake/meta_value.h"
#include "core/fake/op_registry.h"
#include "core/fake/tensor_meta.h"
#include "core/support/error.h"

namespace dynrr::tracer {

// A BatchedTensor: `physical` carries the batch dimension at `bdim`, for vmap `level`.
// Under nested vmaps the physical tensor is itself a BatchedTensor of a lower level:
// `inner` says how (null when the physical tensor is a plain one); `physical` is then its
// logical metadata at that level.
struct BatchedTensorInfo {
  fake::TensorMeta physical;
  int64_t bdim = 0;
  int64_t level = 0;
  std::shared_ptr<const BatchedTensorInfo> inner;
};

// A tensor as one vmap level sees it: its (logical) metadata there and, when it is
// batched at some level, its BatchedTensorInfo.
struct LevelTensor {
  fake::TensorMeta meta;
  std::shared_ptr<const BatchedTensorInfo> batched;
};

// The logical metadata of a batched tensor (BatchedTensorImpl::refreshTensorMetadata):
// the physical sizes and strides without the batch dim; a BatchedTensor does not
// require grad itself.
fake::TensorMeta logicalMeta(const BatchedTensorInfo& b);

// _add_batch_dim(t, in_dim, level) on an unbatched tensor.
Expected<BatchedTensorInfo> addBatchDim(const fake::TensorMeta& t, int64_t inDim, int64_t level);
// _remove_batch_dim(t, level, batch_size, out_dim) of a tensor batched at `level`
// (movedim of the physical tensor, a view, itself batched at the level below under nested
// vmaps) or of an unbatched one (expanded).
Expected<LevelTensor> removeBatchDim(const BatchedTensorInfo* b, const fake::TensorMeta& t,
                                     int64_t batchSize, int64_t outDim);

// An operator applied to arguments some of which are batched (`batched[i]` for
// args[i], null when not): the physical result and its batch dim, by the batching rule
// of the operator's family. Unsupported naming the operator when its rule is not modelled.
Expected<BatchedTensorInfo> batchedCall(const std::string& op,
                                        const std::vector<fake::MetaArg>& args,
                                        const std::vector<const BatchedTensorInfo*>& batched,
                                        const fake::Kwargs& kwargs, const fake::FakeContext& fctx);

}  // namespace dynrr::tracer
