// broadcast_test.cpp — broadcastShapes against torch.broadcast_shapes facts.
#include "core/fake/broadcast.h"

#include <gtest/gtest.h>

#include "tests/core/fake/golden_parser.h"

namespace dynrr::fake::testing {
namespace {

TEST(Broadcast, MatchesTorch) {
  auto facts = loadMetaFacts(DYNRR_FAKE_META_GOLDENS, "broadcast");
  ASSERT_GE(facts.size(), 10u);
  for (const auto& f : facts) {
    auto got = broadcastShapes(parseShape(f[0]), parseShape(f[1]));
    if (f[2] == "ERR") {
      ASSERT_FALSE(got.ok()) << f[0] << " vs " << f[1];
      // The error names both shapes.
      EXPECT_NE(got.error().message().find(shapeStr(parseShape(f[0]))), std::string::npos);
      EXPECT_NE(got.error().message().find(shapeStr(parseShape(f[1]))), std::string::npos);
    } else {
      ASSERT_TRUE(got.ok()) << got.error().message();
      EXPECT_EQ(*got, parseShape(f[2])) << f[0] << " vs " << f[1];
    }
  }
}

TEST(Broadcast, ErrorQuotesTorchMessage) {
  auto got = broadcastShapes({2, 3}, {2, 4});
  ASSERT_FALSE(got.ok());
  EXPECT_NE(got.error().message().find(
                "The size of tensor a (3) must match the size of tensor b (4) at non-singleton "
                "dimension 1"),
            std::string::npos);
}

}  // namespace
}  // namespace dynrr::fake::testing
