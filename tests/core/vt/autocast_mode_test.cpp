// autocast_mode_test.cpp — autocast's CPU cast policy on fake-tensor arguments
// (core/vt/autocast_mode.h): the lower-precision operators cast float32 and float16
// inputs to the region's dtype and leave float64 alone, the fp32 operators cast back to
// float32, elementwise operators run unchanged, and any other operator is refused. The
// expected dtypes were checked against torch 2.13 under torch.autocast("cpu", bfloat16).
#include "core/vt/autocast_mode.h"

#include <gtest/gtest.h>

#include <vector>

#include "core/fake/tensor_meta.h"

namespace dynrr::vt {
namespace {

using fake::DType;

fake::MetaArg tensor(DType dt) { return fake::MetaArg(fake::TensorMeta::contiguous(dt, {2, 3})); }
DType dtypeOf(const fake::MetaArg& a) { return a.as<fake::TensorMeta>().dtype; }

TEST(AutocastPolicy, LowerPrecisionOperatorsCastFloatInputs) {
  std::vector<fake::MetaArg> args = {tensor(DType::kFloat32), tensor(DType::kFloat16),
                                     tensor(DType::kFloat64), fake::MetaArg(int64_t{1})};
  fake::Kwargs kwargs = {{"bias", tensor(DType::kFloat32)}};
  ASSERT_TRUE(autocastCastPolicy("torch._C._nn.linear", DType::kBFloat16, args, kwargs));
  EXPECT_EQ(dtypeOf(args[0]), DType::kBFloat16);
  EXPECT_EQ(dtypeOf(args[1]), DType::kBFloat16);
  EXPECT_EQ(dtypeOf(args[2]), DType::kFloat64);  // is_eligible excludes double
  EXPECT_EQ(dtypeOf(kwargs[0].second), DType::kBFloat16);
  std::vector<fake::MetaArg> mm = {tensor(DType::kFloat32), tensor(DType::kFloat32)};
  fake::Kwargs none;
  ASSERT_TRUE(autocastCastPolicy("operator.matmul", DType::kBFloat16, mm, none));
  EXPECT_EQ(dtypeOf(mm[1]), DType::kBFloat16);
}

TEST(AutocastPolicy, Fp32OperatorsAndPassThrough) {
  std::vector<fake::MetaArg> loss = {tensor(DType::kBFloat16), tensor(DType::kBFloat16)};
  fake::Kwargs none;
  ASSERT_TRUE(autocastCastPolicy("torch._C._nn.mse_loss", DType::kBFloat16, loss, none));
  EXPECT_EQ(dtypeOf(loss[0]), DType::kFloat32);
  std::vector<fake::MetaArg> gelu = {tensor(DType::kFloat32)};
  ASSERT_TRUE(autocastCastPolicy("torch._C._nn.gelu", DType::kBFloat16, gelu, none));
  EXPECT_EQ(dtypeOf(gelu[0]), DType::kFloat32);
}

TEST(AutocastPolicy, UnknownOperatorsAreRefused) {
  std::vector<fake::MetaArg> args = {tensor(DType::kFloat32)};
  fake::Kwargs none;
  auto st = autocastCastPolicy("torch.einsum", DType::kBFloat16, args, none);
  ASSERT_FALSE(st);
  EXPECT_NE(st.error().message().find("under torch.autocast"), std::string::npos);
}

}  // namespace
}  // namespace dynrr::vt
