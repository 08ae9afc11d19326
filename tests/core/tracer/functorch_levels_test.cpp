// functorch_levels_test.cpp — functorch's level stack: numbers as the graph's
// _add_batch_dim / _wrap_for_grad calls carry them (vmap of grad: vmap level 1, grad
// level 2, as corpus/programs/hops/vmap_grad_per_sample.py records them).
#include "core/tracer/functorch_levels.h"

#include <gtest/gtest.h>

namespace dynrr::tracer {
namespace {

using Kind = FunctorchLevel::Kind;

TEST(FunctorchLevels, LevelsCountUpFromOne) {
  FunctorchLevels s;
  EXPECT_TRUE(s.empty());
  EXPECT_EQ(s.top(), nullptr);
  EXPECT_EQ(s.push(Kind::kVmap, 3, "error"), 1);
  EXPECT_EQ(s.push(Kind::kGrad), 2);
  EXPECT_EQ(s.depth(), 2);
  EXPECT_EQ(s.top()->kind, Kind::kGrad);
  EXPECT_EQ(s.find(1)->batchSize, 3);
  EXPECT_EQ(s.find(1)->randomness, "error");
  EXPECT_EQ(s.find(3), nullptr);
  EXPECT_EQ(s.innermost(Kind::kGrad), 2);
  EXPECT_EQ(s.innermost(Kind::kVmap), 1);
  EXPECT_EQ(s.count(Kind::kVmap), 1);
}

TEST(FunctorchLevels, APoppedLevelsNumberIsReused) {
  FunctorchLevels s;
  s.push(Kind::kGrad);
  s.push(Kind::kVmap, 2, "same");
  s.pop();
  EXPECT_EQ(s.innermost(Kind::kVmap), 0);
  EXPECT_EQ(s.push(Kind::kVmap, 4, "different"), 2);
  s.pop();
  s.pop();
  s.pop();  // an extra pop (a refused enter's exit) is a no-op
  EXPECT_TRUE(s.empty());
}

}  // namespace
}  // namespace dynrr::tracer
