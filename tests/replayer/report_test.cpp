// report_test.cpp — the pieces of the HTML and JUnit reports that a browser or a CI
// parser cannot check: which graph lines are highlighted, XML escaping.
#include <gtest/gtest.h>

#include "replayer/html_report.h"
#include "replayer/junit_report.h"

namespace dynrr::replayer {
namespace {

TEST(DiffLines, MarksLinesOutsideTheLongestCommonSubsequence) {
  std::vector<std::string> dynamo{"def forward(self, L_x_):", "    sin = torch.sin(l_x_)",
                                  "    return (sin,)"};
  std::vector<std::string> core{"def forward(self, L_x_):", "    cos = torch.cos(l_x_)",
                                "    return (sin,)", "    extra"};
  LineDiff d = diffLines(dynamo, core);
  EXPECT_EQ(d.onlyA, (std::vector<bool>{false, true, false}));
  EXPECT_EQ(d.onlyB, (std::vector<bool>{false, true, false, true}));
  LineDiff same = diffLines(dynamo, dynamo);
  EXPECT_EQ(same.onlyA, (std::vector<bool>{false, false, false}));
}

TEST(SplitLines, KeepsEmptyLinesAndDropsTheLastNewline) {
  EXPECT_EQ(splitLines("\n\na\n"), (std::vector<std::string>{"", "", "a"}));
  EXPECT_EQ(splitLines("a\n    "), (std::vector<std::string>{"a", "    "}));
}

TEST(XmlEscape, EscapesMarkupAndDropsControlCharacters) {
  EXPECT_EQ(xmlEscape("L['x'] < 3 & \"y\" > 2\x01\tok\n"),
            "L[&apos;x&apos;] &lt; 3 &amp; &quot;y&quot; &gt; 2\tok\n");
}

TEST(RenderJUnit, OneTestcasePerFrameWithFailureAndSkipped) {
  std::vector<ReportFrame> frames(3);
  frames[0].index = 0;
  frames[0].name = "fn";
  frames[1].index = 1;
  frames[1].name = "g<locals>";
  frames[1].verdict = compare::Verdict::kDiverge;
  frames[1].diff = "guard missing in core: TYPE_MATCH L['x']\n";
  frames[2].index = 2;
  frames[2].name = "h";
  frames[2].verdict = compare::Verdict::kUnsupported;
  frames[2].reason = "unsupported: opcode SETUP_WITH";
  std::string xml = renderJUnit("/t/a.dynrr", frames);
  EXPECT_NE(xml.find("tests=\"3\" failures=\"1\" errors=\"0\" skipped=\"1\""), std::string::npos);
  EXPECT_NE(xml.find("name=\"frame 0: fn\""), std::string::npos);
  EXPECT_NE(xml.find("name=\"frame 1: g&lt;locals&gt;\""), std::string::npos);
  EXPECT_NE(xml.find("<failure type=\"diverge\" message=\"the core's decisions differ from "
                     "Dynamo's: guard missing in core: TYPE_MATCH L[&apos;x&apos;]\">"),
            std::string::npos)
      << xml;
  EXPECT_NE(xml.find("<skipped message=\"unsupported: opcode SETUP_WITH\"/>"), std::string::npos);
  EXPECT_NE(xml.find("classname=\"dynrr.a\""), std::string::npos);
}

// Subgraphs (higher-order op bodies) are laid out under their graph, side by side, with
// ids and labels that name their path (graph 0 / cond_true_1 / cond_true_0).
TEST(RenderHtml, SubgraphsNestUnderTheirGraph) {
  compare::GraphDecision inner;
  inner.code = "def forward(self, l_y_):\n    return (l_y_,)";
  compare::GraphDecision outer;
  outer.code = "def forward(self, l_x_):\n    cond_true_0 = self.cond_true_0";
  outer.subgraphs.push_back(compare::SubgraphDecision{"cond_true_0", inner});
  compare::GraphDecision root;
  root.code = "def forward(self, L_x_):\n    cond_true_1 = self.cond_true_1";
  root.subgraphs.push_back(compare::SubgraphDecision{"cond_true_1", outer});
  ReportFrame f;
  f.index = 0;
  f.name = "fn";
  f.verdict = compare::Verdict::kMatch;
  f.dynamo.graphs.push_back(root);
  f.core.graphs.push_back(root);
  std::string html = renderHtml("t.dynrr", {f});
  EXPECT_NE(html.find("id=\"frame-0-graph-0\""), std::string::npos);
  EXPECT_NE(html.find("id=\"frame-0-graph-0-cond_true_1-cond_true_0\""), std::string::npos);
  EXPECT_NE(html.find("<h3>Dynamo graph 0 / cond_true_1 / cond_true_0</h3>"), std::string::npos);
  EXPECT_NE(html.find("<h3>Core graph 0 / cond_true_1</h3>"), std::string::npos);
  EXPECT_LT(html.find("graph 0 / cond_true_1<"), html.find("graph 0 / cond_true_1 / cond_true_0<"));
}

}  // namespace
}  // namespace dynrr::replayer
