// strides_test.cpp — contiguity predicates, empty_like/cat memory formats and view
// strides against facts recorded from torch (meta_goldens.txt).
#include "core/fake/strides.h"

#include <gtest/gtest.h>

#include "tests/core/fake/golden_parser.h"

namespace dynrr::fake::testing {
namespace {

TEST(Strides, ContiguityAndPreservedFormatsMatchTorch) {
  auto facts = loadMetaFacts(DYNRR_FAKE_META_GOLDENS, "contig");
  ASSERT_GE(facts.size(), 10u);
  for (const auto& f : facts) {
    TensorMeta t;
    t.sizes = parseShape(f[0]);
    t.strides = parseShape(f[1]);
    const std::string ctx = f[0] + " " + f[1];
    EXPECT_EQ(t.isContiguous(), f[2] == "1") << ctx;
    EXPECT_EQ(t.isChannelsLastContiguous(), f[3] == "1") << ctx;
    EXPECT_EQ(preserveFormatStrides(t), parseShape(f[4])) << "empty_like " << ctx;
    EXPECT_EQ(stridesForFormat(t.sizes, t.suggestMemoryFormat()), parseShape(f[5]))
        << "cat " << ctx;
  }
}

TEST(Strides, ViewStridesMatchTorch) {
  auto facts = loadMetaFacts(DYNRR_FAKE_META_GOLDENS, "view");
  ASSERT_GE(facts.size(), 10u);
  for (const auto& f : facts) {
    auto got = computeViewStrides(parseShape(f[0]), parseShape(f[1]), parseShape(f[2]));
    const std::string ctx = f[0] + " " + f[1] + " -> " + f[2];
    if (f[3] == "ERR") {
      EXPECT_FALSE(got.has_value()) << ctx;
    } else {
      ASSERT_TRUE(got.has_value()) << ctx;
      EXPECT_EQ(*got, parseShape(f[3])) << ctx;
    }
  }
}

}  // namespace
}  // namespace dynrr::fake::testing
