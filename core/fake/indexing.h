// indexing.h — Python indexing of tensors: x[index] and x[index] = value.
//
// Mirrors torch/csrc/autograd/python_variable_indexing.cpp (THPVariable_getitem /
// THPVariable_setitem) and ATen/TensorIndexing.h (applySlicing, copy_to): ints select,
// slices slice, None and Python bools unsqueeze, one Ellipsis expands to the unspecified
// dims, and tensors / lists of ints are recorded as advanced indices that at::index
// (TensorAdvancedIndexing.cpp: expandTensors, expand_outplace, transposeToFront,
// AdvancedIndex's restride_src/reshape_indexer, then a TensorIterator) or index_put_
// applies. Boolean masks whose true count is not a constant have a data-dependent
// output size: they are reported with the distinct kDataDependentIndex message, as
// Dynamo (unbacked symbols or a graph break) does not have a static shape for them.
#pragma once

#include "core/fake/op_args.h"

namespace dynrr::fake {

// Every data-dependent indexing error message starts with this.
inline constexpr std::string_view kDataDependentIndex = "data-dependent output size";

// t.select(dim, index) / t[dim-th slice] with dim already wrapped; torch's errors.
Expected<TensorMeta> selectMeta(const TensorMeta& t, std::int64_t dim, std::int64_t index);
Expected<TensorMeta> sliceMeta(const TensorMeta& t, std::int64_t dim, const Slice& s);

// operator.getitem(t, index): a view for basic indexing, a fresh tensor otherwise.
Expected<MetaValue> tensorGetitem(const OpCall& call, const TensorMeta& t, const MetaArg& index);
// operator.setitem(t, index, value): checks what torch checks and returns t's metadata
// after the in-place write (requires_grad may become true), aliasing argument 0.
Expected<MetaValue> tensorSetitem(const OpCall& call, const TensorMeta& t, const MetaArg& index,
                                  const MetaArg& value);

}  // namespace dynrr::fake
