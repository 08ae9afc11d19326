// registry_test.cpp — callOp's contract: unknown ops and malformed calls are Errors.
#include <gtest/gtest.h>

#include "core/fake/op_registry.h"

namespace dynrr::fake {
namespace {

TensorMeta tensor(Shape sizes) { return TensorMeta::contiguous(DType::kFloat32, std::move(sizes)); }

TEST(Registry, UnknownOpIsAnError) {
  auto r = callOp("torch.fft.fft", {tensor({4})}, {}, FakeContext{});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().message(), "no meta function for torch.fft.fft");
}

TEST(Registry, WrongArgumentsAreErrorsNamingTheCall) {
  auto tooMany = callOp("torch.sin", {tensor({2}), tensor({2})}, {}, FakeContext{});
  ASSERT_FALSE(tooMany.ok());
  EXPECT_NE(tooMany.error().message().find("torch.sin"), std::string::npos);

  auto wrongType = callOp("Tensor.transpose", {tensor({2, 3}), 0.5, 1}, {}, FakeContext{});
  ASSERT_FALSE(wrongType.ok());
  EXPECT_NE(wrongType.error().message().find("dim0"), std::string::npos);

  auto badKw = callOp("torch.sum", {tensor({2})}, {{"axis", MetaArg(0)}}, FakeContext{});
  ASSERT_FALSE(badKw.ok());
  EXPECT_NE(badKw.error().message().find("axis"), std::string::npos);

  auto noTensor = callOp("operator.add", {1, 2}, {}, FakeContext{});
  EXPECT_FALSE(noTensor.ok());
}

TEST(Registry, GradModeAndDefaultDtypeComeFromTheContext) {
  TensorMeta x = tensor({3});
  x.requiresGrad = true;
  auto on = callOp("torch.sin", {x}, {}, FakeContext{true, DType::kFloat32});
  ASSERT_TRUE(on.ok());
  EXPECT_TRUE(on->as<TensorMeta>().requiresGrad);
  auto off = callOp("torch.sin", {x}, {}, FakeContext{false, DType::kFloat32});
  ASSERT_TRUE(off.ok());
  EXPECT_FALSE(off->as<TensorMeta>().requiresGrad);

  auto ints = TensorMeta::contiguous(DType::kInt64, {3});
  auto div = callOp("operator.truediv", {ints, 2}, {}, FakeContext{true, DType::kFloat64});
  ASSERT_TRUE(div.ok());
  EXPECT_EQ(div->as<TensorMeta>().dtype, DType::kFloat64);
}

TEST(Registry, HasTheFamiliesTheBriefNames) {
  const OpRegistry r = makeDefaultOpRegistry();
  for (const char* op :
       {"torch.matmul", "operator.getitem", "Tensor.view", "torch.cat",
        "torch.nn.functional.conv2d", "torch.arange", "Tensor.to", "Tensor.size"}) {
    EXPECT_NE(r.find(op), nullptr) << op;
  }
}

}  // namespace
}  // namespace dynrr::fake
