// Stand-in values of size symbols (derived_sizes.h standInAt): odd, at least
// kStandInStep apart, and no sum of two equals another sum of two or twice a third.
#include <gtest/gtest.h>

#include <map>
#include <utility>

#include "core/tracer/derived_sizes.h"

namespace dynrr::tracer {
namespace {

TEST(StandIns, SumsOfTwoAreDistinct) {
  constexpr int64_t kBase = 100003;
  constexpr size_t kCount = 128;
  std::map<int64_t, std::pair<size_t, size_t>> sums;
  for (size_t i = 0; i < kCount; ++i) {
    const int64_t a = standInAt(kBase, i);
    EXPECT_EQ(a % 2, 1) << i;
    if (i > 0) {
      EXPECT_GE(a - standInAt(kBase, i - 1), kStandInStep) << i;
    }
    for (size_t j = 0; j <= i; ++j) {
      auto [it, fresh] = sums.emplace(a + standInAt(kBase, j), std::make_pair(j, i));
      EXPECT_TRUE(fresh) << "s" << j << " + s" << i << " equals s" << it->second.first << " + s"
                         << it->second.second;
    }
  }
}

TEST(StandIns, SameSequenceForBothBases) {
  for (size_t i = 0; i < 40; ++i)
    EXPECT_EQ(standInAt(200017, i) - standInAt(100003, i), 200017 - 100003) << i;
  // Past the precomputed members the stand-ins keep growing one step apart.
  EXPECT_EQ(standInAt(1, 200) - standInAt(1, 199), kStandInStep);
}

}  // namespace
}  // namespace dynrr::tracer
