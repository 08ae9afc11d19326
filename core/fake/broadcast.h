// broadcast.h — broadcasting of shapes (at::infer_size, torch.broadcast_shapes).
#pragma once

#include <cstdint>
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

// Under dynamic shapes the meta functions check sizes with torch._check(a == b)
// (infer_size, mm, matmul, expand): two different size symbols equal on their hints pass
// the check, and Dynamo's shape env makes them one (a replacement). The core's fake
// tensors compute with a stand-in value per symbol, so such a check fails here; it tells
// the replay's unifier which two sizes differed, and the replay runs again with the two
// symbols made one (tracer/replay.cpp). Without a unifier (static replays) nothing is told.
class SizeUnifier {
 public:
  virtual ~SizeUnifier() = default;
  virtual void differ(std::int64_t a, std::int64_t b) = 0;
};
// Installs `u` for this thread while alive.
class SizeUnifierScope {
 public:
  explicit SizeUnifierScope(SizeUnifier* u);
  ~SizeUnifierScope();
  SizeUnifierScope(const SizeUnifierScope&) = delete;
  SizeUnifierScope& operator=(const SizeUnifierScope&) = delete;

 private:
  SizeUnifier* saved_;
};
// A size check failed on a != b: tells this thread's unifier, if any.
void reportSizeMismatch(std::int64_t a, std::int64_t b);

}  // namespace dynrr::fake
