// literal.h — tensors built from Python data: torch.tensor([[1, 2], [3, 4]]).
//
// Mirrors torch/csrc/utils/tensor_new.cpp (internal_new_from_data): compute_sizes walks
// the first element of each nesting level, infer_scalar_type promotes the Python scalar
// types of every element (bool < int < float; floats become the default dtype, an empty
// sequence the default dtype), and recursive_store rejects ragged nesting with torch's
// messages. Also used by indexing, where a Python list index becomes such a tensor.
#pragma once

#include <vector>

#include "core/fake/meta_value.h"
#include "core/support/error.h"

namespace dynrr::fake {

struct Literal {
  Shape sizes;
  DType dtype = DType::kFloat32;  // inferred as torch.tensor would, without dtype=
  // The elements in row-major order, as doubles (exact for the ints indexing uses).
  std::vector<double> values;
};

// A nested list/tuple of bool/int/float (or a single scalar) as a tensor literal. Ragged or
// non-numeric data -> Error carrying torch's message ("expected sequence of length 2 at
// dim 1 (got 1)"); tensors inside the data are not modelled (their values are unknown).
Expected<Literal> parseLiteral(const MetaArg& data, DType defaultDtype);

}  // namespace dynrr::fake
