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

// Subgraphs (higher-order op bodies) are compared under their parent graph, by name and
// code; a recorded graph from before subgraphs were recorded makes the frame unsupported
// when the core has some (never a match that skipped them).
TEST(Compare, SubgraphsAreComparedUnderTheirParent) {
  auto withSub = [](const std::string& op) {
    auto d = sample();
    GraphDecision body;
    body.code = "\n\n\ndef forward(self, l_x_):\n    l_x__1 = l_x_\n    " + op + " = l_x__1." + op +
                "();  l_x__1 = None\n    return (" + op + ",)\n    ";
    d.graphs[0].subgraphs.push_back(SubgraphDecision{"cond_true_0", body});
    return d;
  };
  EXPECT_EQ(compareDecisions(withSub("sin"), withSub("sin")).verdict, Verdict::kMatch);
  auto c = compareDecisions(withSub("sin"), withSub("cos"));
  EXPECT_EQ(c.verdict, Verdict::kDiverge);
  EXPECT_NE(c.diff.find("--- dynamo graph 0.cond_true_0"), std::string::npos) << c.diff;
  auto renamed = withSub("sin");
  renamed.graphs[0].subgraphs[0].name = "cond_true_1";
  c = compareDecisions(withSub("sin"), renamed);
  EXPECT_NE(c.diff.find("subgraph 0: dynamo cond_true_0, core cond_true_1"), std::string::npos)
      << c.diff;
  EXPECT_EQ(compareDecisions(sample(), withSub("sin")).verdict, Verdict::kDiverge);
  auto old = sample();
  old.graphs[0].subgraphsKnown = false;
  c = compareDecisions(old, withSub("sin"));
  EXPECT_EQ(c.verdict, Verdict::kUnsupported);
  EXPECT_NE(c.diff.find("re-record"), std::string::npos) << c.diff;
}

// A frame Dynamo refused with UncapturedHigherOrderOpError is decided by the gb_type it
// wraps, as the status reason records it.
TEST(Compare, FrameErrorsAreComparedByTheirGbType) {
  std::string reason =
      "UncapturedHigherOrderOpError: This higher order operator doesn't work unless it is "
      "captured completely with torch.compile. Got graph break/error:\n\nHOP: Unsafe side "
      "effect\n  Higher Order Operator: torch.cond\n";
  EXPECT_EQ(frameErrorOf(reason), "UncapturedHigherOrderOpError: HOP: Unsafe side effect");
  EXPECT_EQ(frameErrorOf("Unsupported: something"), "");
  FrameDecisions ref, core;
  ref.frameError = frameErrorOf(reason);
  core.frameError = ref.frameError;
  EXPECT_EQ(compareDecisions(ref, core).verdict, Verdict::kMatch);
  core.frameError = "UncapturedHigherOrderOpError: torch.cond: differing branch outputs";
  auto c = compareDecisions(ref, core);
  EXPECT_EQ(c.verdict, Verdict::kDiverge);
  EXPECT_NE(c.diff.find("frame: dynamo raises"), std::string::npos) << c.diff;
  EXPECT_EQ(compareDecisions(ref, sample()).verdict, Verdict::kDiverge);
}

}  // namespace
}  // namespace dynrr::compare
