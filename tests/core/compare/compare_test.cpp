// compare_test.cpp — the verdict logic: what counts as a match, and the diff text.
#include "core/compare/compare.h"

#include <gtest/gtest.h>

namespace dynrr::compare {
namespace {

FrameDecisions sample() {
  FrameDecisions d;
  GraphDecision g;
  g.code =
      "\n\n\ndef forward(self, L_x_ : torch.Tensor):\n    l_x_ = L_x_\n"
      "    sin = torch.sin(l_x_);  l_x_ = None\n    return (sin,)\n    ";
  g.nodes = {{"l_x_", "placeholder", "L_x_", "L['x']",
              "f32[2] stride=(1,) offset=0 cpu requires_grad=False"},
             {"sin", "call_function", "torch.sin", "",
              "f32[2] stride=(1,) offset=0 cpu requires_grad=False"},
             {"output", "output", "output", "", ""}};
  d.graphs.push_back(g);
  d.guards = {{"TENSOR_MATCH", "L['x']", "dtype=torch.float32 size=[2]"}, {"GRAD_MODE", "", ""}};
  return d;
}

TEST(Compare, IdenticalDecisionsMatch) {
  auto c = compareDecisions(sample(), sample());
  EXPECT_EQ(c.verdict, Verdict::kMatch);
  EXPECT_EQ(c.diff, "");
}

TEST(Compare, GraphCodeDifferenceIsAUnifiedDiff) {
  auto core = sample();
  core.graphs[0].code.replace(core.graphs[0].code.find("torch.sin"), 9, "torch.cos");
  auto c = compareDecisions(sample(), core);
  EXPECT_EQ(c.verdict, Verdict::kDiverge);
  EXPECT_NE(c.diff.find("-     sin = torch.sin(l_x_);  l_x_ = None"), std::string::npos) << c.diff;
  EXPECT_NE(c.diff.find("+     sin = torch.cos(l_x_);  l_x_ = None"), std::string::npos) << c.diff;
}

TEST(Compare, GuardSetOrderDoesNotMatterButContentDoes) {
  auto core = sample();
  std::swap(core.guards[0], core.guards[1]);
  EXPECT_EQ(compareDecisions(sample(), core).verdict, Verdict::kMatch);
  core.guards[1].detail = "dtype=torch.float64 size=[2]";
  auto c = compareDecisions(sample(), core);
  EXPECT_EQ(c.verdict, Verdict::kDiverge);
  EXPECT_NE(c.diff.find("guard missing in core: TENSOR_MATCH L['x']"), std::string::npos) << c.diff;
  // Details of other guard kinds are not compared.
  auto other = sample();
  other.guards[1].detail = "anything";
  EXPECT_EQ(compareDecisions(sample(), other).verdict, Verdict::kMatch);
}

// Issue 16: the shape guard is compared by the expressions ShapeEnv printed, so two frames
// whose shape guards differ (`2 <= s0` vs `Eq(s0, 4)`) are not both a match.
TEST(Compare, ShapeEnvGuardsAreComparedByTheirExpressions) {
  auto dynamo = sample();
  dynamo.guards.push_back({"SHAPE_ENV", "", "2 <= L['x'].size()[0]"});
  auto core = sample();
  core.guards.push_back({"SHAPE_ENV", "", "2 <= L['x'].size()[0]"});
  EXPECT_EQ(compareDecisions(dynamo, core).verdict, Verdict::kMatch);
  core.guards.back().detail = "L['x'].size()[0] == 4";
  auto c = compareDecisions(dynamo, core);
  EXPECT_EQ(c.verdict, Verdict::kDiverge);
  EXPECT_NE(c.diff.find("guard missing in core: SHAPE_ENV   2 <= L['x'].size()[0]"),
            std::string::npos)
      << c.diff;
  core.guards.back().detail = "";  // no symbols in the core: still a divergence
  EXPECT_EQ(compareDecisions(dynamo, core).verdict, Verdict::kDiverge);
}

TEST(Compare, BuiltinsDictCounterIsNormalisedButTheRestOfTheSourceIsNot) {
  auto recorded = sample();
  recorded.guards.push_back({"BUILTIN_MATCH", "G['__builtins_dict___4']['len']", ""});
  auto core = sample();
  core.guards.push_back({"BUILTIN_MATCH", "G['__builtins_dict___0']['len']", ""});
  EXPECT_EQ(compareDecisions(recorded, core).verdict, Verdict::kMatch);
  core.guards.back().source = "G['__builtins_dict___0']['abs']";
  auto c = compareDecisions(recorded, core);
  EXPECT_EQ(c.verdict, Verdict::kDiverge);
  EXPECT_NE(c.diff.find("guard missing in core: BUILTIN_MATCH G['__builtins_dict___N']['len']"),
            std::string::npos)
      << c.diff;
}

TEST(Compare, ExampleValueAndSourceDifferencesDiverge) {
  auto core = sample();
  core.graphs[0].nodes[1].exampleValue = "f32[2] stride=(1,) offset=0 cpu requires_grad=True";
  EXPECT_EQ(compareDecisions(sample(), core).verdict, Verdict::kDiverge);
  core = sample();
  core.graphs[0].nodes[0].source = "L['y']";
  auto c = compareDecisions(sample(), core);
  EXPECT_EQ(c.verdict, Verdict::kDiverge);
  EXPECT_NE(c.diff.find("placeholder sources differ"), std::string::npos);
}

TEST(Compare, BreaksCompareTypeAndOffset) {
  auto ref = sample();
  ref.breaks.push_back({"print is not supported", "Unsupported builtin", 12});
  auto core = ref;
  EXPECT_EQ(compareDecisions(ref, core).verdict, Verdict::kMatch);
  core.breaks[0].offset = 14;
  EXPECT_EQ(compareDecisions(ref, core).verdict, Verdict::kDiverge);
  core = sample();
  EXPECT_EQ(compareDecisions(ref, core).verdict, Verdict::kDiverge);
}

TEST(Compare, PathsAreNormalised) {
  EXPECT_EQ(normalizePaths("File \"/home/u/prog.py\", line 3"), "File \"prog.py\", line 3");
}

}  // namespace
}  // namespace dynrr::compare
