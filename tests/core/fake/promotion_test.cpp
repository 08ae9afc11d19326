// promotion_test.cpp — promoteTypes and resultType against torch.promote_types /
// torch.result_type facts recorded by make_goldens.py (meta_goldens.txt).
#include "core/fake/promotion.h"

#include <gtest/gtest.h>

#include "tests/core/fake/golden_parser.h"

namespace dynrr::fake::testing {
namespace {

DType dt(const std::string& s) {
  auto d = parseDType(s);
  EXPECT_TRUE(d.has_value()) << s;
  return d.value_or(DType::kFloat32);
}

TEST(Promotion, PromoteTypesTableMatchesTorch) {
  auto facts = loadMetaFacts(DYNRR_FAKE_META_GOLDENS, "promote");
  ASSERT_EQ(facts.size(), static_cast<size_t>(kNumDTypes * kNumDTypes));
  for (const auto& f : facts) {
    EXPECT_EQ(dtypeName(promoteTypes(dt(f[0]), dt(f[1]))), dtypeName(dt(f[2])))
        << "promote_types(" << f[0] << ", " << f[1] << ")";
  }
}

PromotionOperand operand(const std::string& spec) {
  const std::string kind = spec.substr(0, 1), rest = spec.substr(2);
  if (kind == "N") {
    if (rest == "bool") return PromotionOperand::number(DType::kBool);
    if (rest == "int") return PromotionOperand::number(DType::kInt64);
    if (rest == "float") return PromotionOperand::number(DType::kFloat64);
    return PromotionOperand::number(DType::kComplex128);
  }
  return PromotionOperand::tensor(dt(rest), kind == "Z");
}

TEST(Promotion, ResultTypeMatchesTorch) {
  auto facts = loadMetaFacts(DYNRR_FAKE_META_GOLDENS, "result_type");
  ASSERT_GT(facts.size(), 400u);
  for (const auto& f : facts) {
    auto got = resultType({operand(f[1]), operand(f[2])}, dt(f[0]));
    ASSERT_TRUE(got.has_value());
    EXPECT_EQ(dtypeName(*got), dtypeName(dt(f[3])))
        << "result_type(" << f[1] << ", " << f[2] << ") with default " << f[0];
  }
}

TEST(Promotion, DTypeNamesRoundTrip) {
  for (int i = 0; i < kNumDTypes; ++i) {
    auto d = static_cast<DType>(i);
    EXPECT_EQ(parseDType(dtypeName(d)), d);
  }
  EXPECT_EQ(parseDType("torch.float"), DType::kFloat32);
  EXPECT_EQ(parseDType("torch.long"), DType::kInt64);
  EXPECT_FALSE(parseDType("torch.quint8").has_value());
}

}  // namespace
}  // namespace dynrr::fake::testing
