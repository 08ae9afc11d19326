// functorch_batching_test.cpp — BatchedTensor metadata and batching rules. Every
// expected value is an example value real Dynamo (torch 2.13) recorded for the same
// program under torch.func.vmap (corpus/programs/hops/vmap_*.py, `dynrr show`).
#include "core/tracer/functorch_batching.h"

#include <gtest/gtest.h>

namespace dynrr::tracer {
namespace {

fake::TensorMeta t(fake::Shape sizes, fake::Shape strides) {
  fake::TensorMeta m;
  m.sizes = std::move(sizes);
  m.strides = std::move(strides);
  return m;
}

std::string sizesStrides(const fake::TensorMeta& m) {
  return fake::shapeStr(m.sizes) + " " + fake::shapeStr(m.strides);
}

BatchedTensorInfo call(const std::string& op, std::vector<fake::MetaArg> args,
                       std::vector<const BatchedTensorInfo*> batched) {
  auto r = batchedCall(op, args, batched, {}, fake::FakeContext{});
  EXPECT_TRUE(r) << (r ? "" : r.error().message());
  return r ? *r : BatchedTensorInfo{};
}

// vmap_in_dims: vmap(dot, in_dims=(1, None))(x[4, 5], w[4]) with dot = (a * b).sum().
TEST(FunctorchBatching, InDimOneKeepsThePhysicalLayout) {
  auto x = addBatchDim(t({4, 5}, {5, 1}), 1, 1);
  ASSERT_TRUE(x);
  EXPECT_EQ(sizesStrides(logicalMeta(*x)), "[4] [5]");
  fake::TensorMeta w = t({4}, {1});
  auto mul = call("operator.mul", {fake::MetaArg(x->physical), fake::MetaArg(w)}, {&*x, nullptr});
  EXPECT_EQ(sizesStrides(logicalMeta(mul)), "[4] [5]");
  auto sum = call("Tensor.sum", {fake::MetaArg(mul.physical)}, {&mul});
  EXPECT_EQ(sizesStrides(logicalMeta(sum)), "[] []");
  auto out = removeBatchDim(&sum, logicalMeta(sum), 5, 0);
  ASSERT_TRUE(out);
  EXPECT_EQ(sizesStrides(out->meta), "[5] [1]");
}

// vmap_out_dims: vmap(lambda a, b: a * b + 1, out_dims=1)(x[3, 4], y[3, 4]).
TEST(FunctorchBatching, OutDimMovesTheBatchDim) {
  auto x = addBatchDim(t({3, 4}, {4, 1}), 0, 1);
  auto y = addBatchDim(t({3, 4}, {4, 1}), 0, 1);
  ASSERT_TRUE(x && y);
  auto mul =
      call("operator.mul", {fake::MetaArg(x->physical), fake::MetaArg(y->physical)}, {&*x, &*y});
  EXPECT_EQ(sizesStrides(logicalMeta(mul)), "[4] [1]");
  auto add = call("operator.add", {fake::MetaArg(mul.physical), fake::MetaArg(int64_t{1})},
                  {&mul, nullptr});
  EXPECT_EQ(sizesStrides(logicalMeta(add)), "[4] [1]");
  auto out = removeBatchDim(&add, logicalMeta(add), 3, 1);
  ASSERT_TRUE(out);
  EXPECT_EQ(sizesStrides(out->meta), "[4, 3] [1, 4]");
}

// vmap_reduction_dim: vmap(lambda col: (col - col.mean()) * s, in_dims=1)(x[4, 6]).
TEST(FunctorchBatching, ReductionThenBroadcastAgainstTheBatchedInput) {
  auto x = addBatchDim(t({4, 6}, {6, 1}), 1, 1);
  ASSERT_TRUE(x);
  auto mean = call("Tensor.mean", {fake::MetaArg(x->physical)}, {&*x});
  EXPECT_EQ(sizesStrides(logicalMeta(mean)), "[] []");
  auto sub = call("operator.sub", {fake::MetaArg(x->physical), fake::MetaArg(mean.physical)},
                  {&*x, &mean});
  EXPECT_EQ(sizesStrides(logicalMeta(sub)), "[4] [6]");
  auto mul = call("operator.mul", {fake::MetaArg(sub.physical), fake::MetaArg(t({4}, {1}))},
                  {&sub, nullptr});
  EXPECT_EQ(sizesStrides(logicalMeta(mul)), "[4] [6]");
  auto out = removeBatchDim(&mul, logicalMeta(mul), 6, 0);
  ASSERT_TRUE(out);
  EXPECT_EQ(sizesStrides(out->meta), "[6, 4] [1, 6]");
}

// The hops fuzz family (case seed 13188425264072764214): vmap(lambda r: r.cos() -
// r.mean(), in_dims=1, out_dims=1)(z[3, 1]). The unary rule keeps the batch dim where
// it is; only with it does the size-1 dim's stride come out as Dynamo's.
TEST(FunctorchBatching, UnaryRuleKeepsTheBatchDimOverABatchOfOne) {
  auto z = addBatchDim(t({3, 1}, {1, 1}), 1, 1);
  ASSERT_TRUE(z);
  auto cos = call("Tensor.cos", {fake::MetaArg(z->physical)}, {&*z});
  EXPECT_EQ(cos.bdim, 1);
  EXPECT_EQ(sizesStrides(cos.physical), "[3, 1] [1, 1]");
  auto mean = call("Tensor.mean", {fake::MetaArg(z->physical)}, {&*z});
  auto sub = call("operator.sub", {fake::MetaArg(cos.physical), fake::MetaArg(mean.physical)},
                  {&cos, &mean});
  auto out = removeBatchDim(&sub, logicalMeta(sub), 1, 1);
  ASSERT_TRUE(out);
  EXPECT_EQ(sizesStrides(out->meta), "[3, 1] [1, 1]");
}

// vmap_nested: vmap(vmap(lambda a, b: a.sin() + b, in_dims=(0, None)), in_dims=(0,
// None))(x[2, 3, 4], y[4]): a BatchedTensor of level 2 over one of level 1.
TEST(FunctorchBatching, NestedLevelsRunEachRuleOneLevelDown) {
  auto outer = addBatchDim(t({2, 3, 4}, {12, 4, 1}), 0, 1);
  ASSERT_TRUE(outer);
  auto inner = addBatchDim(logicalMeta(*outer), 0, 2);
  ASSERT_TRUE(inner);
  inner->inner = std::make_shared<const BatchedTensorInfo>(*outer);
  EXPECT_EQ(sizesStrides(logicalMeta(*inner)), "[4] [1]");
  auto sin = call("Tensor.sin", {fake::MetaArg(inner->physical)}, {&*inner});
  ASSERT_TRUE(sin.inner);
  auto add = call("operator.add", {fake::MetaArg(logicalMeta(sin)), fake::MetaArg(t({4}, {1}))},
                  {&sin, nullptr});
  EXPECT_EQ(sizesStrides(logicalMeta(add)), "[4] [1]");
  auto level2 = removeBatchDim(&add, logicalMeta(add), 3, 0);
  ASSERT_TRUE(level2 && level2->batched);
  EXPECT_EQ(sizesStrides(level2->meta), "[3, 4] [4, 1]");
  auto level1 = removeBatchDim(level2->batched.get(), level2->meta, 2, 0);
  ASSERT_TRUE(level1);
  EXPECT_FALSE(level1->batched);
  EXPECT_EQ(sizesStrides(level1->meta), "[2, 3, 4] [12, 4, 1]");
}

// vmap_nested_in_dims_sum: vmap(vmap(lambda a, b: (a.sin() * b).sum(-1, keepdim=True),
// in_dims=(1, None)), in_dims=(2, None), out_dims=1)(x[4, 3, 2], y[4]): the reduction
// rule runs again one level down.
TEST(FunctorchBatching, NestedReductionRunsTheRuleAtEachLevel) {
  auto outer = addBatchDim(t({4, 3, 2}, {6, 2, 1}), 2, 1);
  ASSERT_TRUE(outer);
  EXPECT_EQ(sizesStrides(logicalMeta(*outer)), "[4, 3] [6, 2]");
  auto inner = addBatchDim(logicalMeta(*outer), 1, 2);
  ASSERT_TRUE(inner);
  inner->inner = std::make_shared<const BatchedTensorInfo>(*outer);
  EXPECT_EQ(sizesStrides(logicalMeta(*inner)), "[4] [6]");
  auto sin = call("Tensor.sin", {fake::MetaArg(logicalMeta(*inner))}, {&*inner});
  EXPECT_EQ(sizesStrides(logicalMeta(sin)), "[4] [6]");
  auto mul = call("operator.mul", {fake::MetaArg(logicalMeta(sin)), fake::MetaArg(t({4}, {1}))},
                  {&sin, nullptr});
  EXPECT_EQ(sizesStrides(logicalMeta(mul)), "[4] [6]");
  auto sum = batchedCall("Tensor.sum", {fake::MetaArg(logicalMeta(mul)), fake::MetaArg(-1)},
                         {&mul, nullptr}, {{"keepdim", fake::MetaArg(true)}}, fake::FakeContext{});
  ASSERT_TRUE(sum) << sum.error().message();
  ASSERT_TRUE(sum->inner);
  EXPECT_EQ(sizesStrides(logicalMeta(*sum)), "[1] [1]");
  auto level2 = removeBatchDim(&*sum, logicalMeta(*sum), 3, 0);
  ASSERT_TRUE(level2 && level2->batched);
  EXPECT_EQ(sizesStrides(level2->meta), "[3, 1] [1, 1]");
  auto level1 = removeBatchDim(level2->batched.get(), level2->meta, 2, 1);
  ASSERT_TRUE(level1);
  EXPECT_EQ(sizesStrides(level1->meta), "[3, 2, 1] [1, 3, 1]");
}

TEST(FunctorchBatching, UnmodelledRulesAreRefused) {
  auto x = addBatchDim(t({3, 4}, {4, 1}), 0, 1);
  ASSERT_TRUE(x);
  auto mm =
      batchedCall("torch.matmul", {fake::MetaArg(x->physical), fake::MetaArg(t({4, 2}, {2, 1}))},
                  {&*x, nullptr}, {}, fake::FakeContext{});
  ASSERT_FALSE(mm);
  EXPECT_NE(mm.error().message().find("batching rule of torch.matmul"), std::string::npos);
  fake::TensorMeta grad = t({3}, {1});
  grad.requiresGrad = true;
  EXPECT_FALSE(addBatchDim(grad, 0, 1));
}

}  // namespace
}  // namespace dynrr::tracer
