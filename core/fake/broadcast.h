// broadcast.h — broadcasting of shapes (at::infer_size, torch.broadcast_shapes).
#pragma once

#include <vector>

#include "core/fake/tensor_meta.h"
#include "core/support/error.h"

namespace dynrr::fake {

// The broadcast shape of a and b. The error quotes torch's message ("The size of tensor
// a (3) must match the size of tensor b (4) at non-singleton dimension 1") and both shapes.
Expected<Shape> broadcastShapes(const Shape& a, const Shape& b);
// Left fold of broadcastShapes over all shapes (TensorIterator's compute_shape).
Expected<Shape> broadcastAll(const std::vector<Shape>& shapes);

// Can `from` be expanded to `to` (Tensor.expand's rule, no new dims on the right)?
bool isExpandableTo(const Shape& from, const Shape& to);

}  // namespace dynrr::fake
