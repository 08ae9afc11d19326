// debug_session_test.cpp — `dynrr debug` in scripted mode on corpus traces recorded
// from real Dynamo (torch 2.13): what each command prints at a stop. Expected values
// come from the recorded programs (corpus/programs/...) and the recorded decisions.
#include "replayer/debug_session.h"

#include <gtest/gtest.h>

#include <array>
#include <fstream>
#include <iterator>
#include <sstream>

#include "core/compare/compare.h"
#include "core/tracer/instruction_translator.h"
#include "fuzz/roundtrip.h"
#include "replayer/debug_divergence.h"

namespace dynrr::replayer {
namespace {

const std::string kTraces = DYNRR_CORPUS_DIR "/traces/";

trace::TraceReader open(const std::string& name) {
  auto t = trace::TraceReader::openFile(kTraces + name);
  EXPECT_TRUE(t.ok()) << name << ": " << (t ? "" : t.error().message());
  return std::move(*t);
}

// Runs `commands` ("a; b; c") against frame `frame` of `traceName`; the whole output.
std::string debug(const std::string& traceName, const std::string& commands, size_t frame = 0) {
  auto trace = open(traceName);
  ScriptReader reader(ScriptReader::splitCommands(commands));
  std::ostringstream out;
  DebugSession session(trace, frame, reader, out, kTraces + traceName);
  EXPECT_EQ(session.run(), 0);
  return out.str();
}

// The output of the last echoed command ("(dynrr) cmd\n<output>") in `all`.
std::string outputOf(const std::string& all, const std::string& command) {
  std::string head = "(dynrr) " + command + "\n";
  size_t at = all.rfind(head);
  if (at == std::string::npos) return "<command not echoed>";
  at += head.size();
  size_t end = all.find("(dynrr) ", at);
  return all.substr(at, end == std::string::npos ? std::string::npos : end - at);
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

// A graph line without FX's trailing ";  a = b = None" (which depends on later uses).
std::string stripDeletions(std::string line) {
  if (size_t semi = line.find(';'); semi != std::string::npos) line.resize(semi);
  while (!line.empty() && line.back() == ' ') line.pop_back();
  return line;
}

TEST(ScriptReader, SplitsOnSemicolons) {
  EXPECT_EQ(ScriptReader::splitCommands(" break line 3;continue ;; locals "),
            (std::vector<std::string>{"break line 3", "continue", "locals"}));
}

// calls/helper_keyword.py:
//   11 def mix(a, b, alpha):
//   12     return alpha * a + (1 - alpha) * b
//   15 def fn(x, y):
//   16     return mix(b=y, alpha=0.3, a=x) + mix(x, alpha=0.9, b=y)
TEST(DebugSession, LocalsAtALineInsideAnInlinedCall) {
  std::string out = debug("calls/helper_keyword.dynrr", "break line 12; continue; locals");
  EXPECT_NE(out.find("stopped: breakpoint 1, line 12\n  at mix (helper_keyword.py:12) offset 2: "
                     "LOAD_FAST alpha"),
            std::string::npos)
      << out;
  // Keyword arguments bound by name, not position; recorded tensors not yet realised.
  EXPECT_EQ(outputOf(out, "locals"),
            "a = lazy L['x'] (recorded tensor(f32[3] stride=(1)))\n"
            "b = lazy L['y'] (recorded tensor(f32[3] stride=(1)))\n"
            "alpha = ConstantVariable(0.3)\n");
}

TEST(DebugSession, SecondInlinedCallSeesRealisedTensors) {
  std::string out =
      debug("calls/helper_keyword.dynrr", "break line 12; continue; continue; locals");
  std::string locals = outputOf(out, "locals");
  EXPECT_NE(locals.find("a = TensorVariable(f32[3] stride=(1) offset=0 cpu requires_grad=False"),
            std::string::npos)
      << locals;
  EXPECT_NE(locals.find("source=L['x'])"), std::string::npos) << locals;
  EXPECT_NE(locals.find("alpha = ConstantVariable(0.9)"), std::string::npos) << locals;
}

TEST(DebugSession, BacktraceInsideAnInlinedFunction) {
  std::string out = debug("calls/helper_keyword.dynrr", "break inline; continue; bt");
  EXPECT_NE(out.find("stopped: breakpoint 1, entered inlined function mix"), std::string::npos);
  auto bt = lines(outputOf(out, "bt"));
  ASSERT_EQ(bt.size(), 2u) << outputOf(out, "bt");
  EXPECT_EQ(bt[0], "#0 mix (helper_keyword.py:11) offset 0: RESUME");
  EXPECT_EQ(bt[1].rfind("#1 fn (helper_keyword.py:16) offset ", 0), 0u) << bt[1];
  EXPECT_NE(bt[1].find(": CALL   [root frame]"), std::string::npos) << bt[1];
}

TEST(DebugSession, DisasMarksTheCurrentInstruction) {
  std::string out =
      debug("calls/helper_keyword.dynrr", "break line 12; continue; step; step; disas");
  std::string dis = outputOf(out, "disas");
  int marked = 0;
  for (const auto& l : lines(dis)) {
    if (l.find("-->") == std::string::npos) continue;
    ++marked;
    // alpha * a: LOAD_FAST alpha (2), LOAD_FAST a (4), then BINARY_OP * at 6.
    EXPECT_NE(l.find("-->       6 BINARY_OP                5 (*)"), std::string::npos) << l;
  }
  EXPECT_EQ(marked, 1) << dis;
  EXPECT_NE(dis.find(" 12           2 LOAD_FAST                2 (alpha)"), std::string::npos);
}

TEST(DebugSession, NextStepsOverAnInlinedCallAndFinishLeavesIt) {
  std::string out =
      debug("calls/helper_keyword.dynrr", "break inline; continue; delete 1; finish; bt");
  auto bt = lines(outputOf(out, "bt"));
  ASSERT_EQ(bt.size(), 1u);
  EXPECT_EQ(bt[0].rfind("#0 fn (helper_keyword.py:16)", 0), 0u) << bt[0];

  // `next` at the CALL of the first mix() stays in fn; `step` enters mix.
  std::string stepOut = debug("calls/helper_keyword.dynrr", "break offset 26; continue; step; bt");
  EXPECT_NE(stepOut.find("offset 26: CALL"), std::string::npos) << stepOut;
  EXPECT_EQ(lines(outputOf(stepOut, "bt")).size(), 2u) << stepOut;
  std::string nextOut = debug("calls/helper_keyword.dynrr", "break offset 26; continue; next; bt");
  EXPECT_EQ(lines(outputOf(nextOut, "bt")).size(), 1u) << nextOut;
}

// After each node the partial graph is a prefix of the graph Dynamo recorded (this
// frame matches), line for line up to FX's deletions.
TEST(DebugSession, PartialGraphAfterNNodesIsAPrefixOfDynamosGraph) {
  const std::string name = "calls/helper_keyword.dynrr";
  auto trace = open(name);
  auto ref = compare::fromTrace(trace.event(0).getReference());
  ASSERT_EQ(ref.graphs.size(), 1u);
  auto dynamo = lines(ref.graphs[0].code);
  while (!dynamo.empty() && dynamo.front().empty()) dynamo.erase(dynamo.begin());
  // Nodes in creation order: L_x_, mul, L_y_, mul_1, add (first mix), mul_2, mul_3,
  // add_1 (second mix), add_2. From the 3rd on, both graph inputs exist, so the lines
  // line up with Dynamo's.
  for (int n : {3, 5, 9}) {
    std::string cmds = "break node";
    for (int i = 0; i < n; ++i) cmds += "; continue";
    cmds += "; graph";
    std::string out = debug(name, cmds);
    auto partial = lines(outputOf(out, "graph"));
    ASSERT_GE(partial.size(), 4u) << out;
    EXPECT_EQ(partial[0], "def forward(self, L_x_ : torch.Tensor, L_y_ : torch.Tensor):");
    // The def line and the body so far, in order.
    size_t body = 0;
    for (size_t i = 0; i < partial.size(); ++i) {
      if (stripDeletions(partial[i]).empty()) continue;
      ASSERT_LT(i, dynamo.size());
      EXPECT_EQ(stripDeletions(partial[i]), stripDeletions(dynamo[i])) << "after " << n;
      ++body;
    }
    // def, two l_x_ = L_x_ renames, one line per call node so far.
    EXPECT_EQ(body, 3u + static_cast<size_t>(n) - 2u) << out;
  }
  // After the 3rd node (the first mul of mix) the graph holds exactly that one call.
  std::string out = debug(name, "break node; continue; continue; continue; graph");
  EXPECT_NE(outputOf(out, "graph").find("    mul = 0.3 * l_x_"), std::string::npos) << out;
  EXPECT_EQ(outputOf(out, "graph").find("mul_1"), std::string::npos) << out;
}

// At an unsupported instruction `why` gives the reason the replay reports and where it
// happened (the innermost frame, even inside an inlined call), as the tracer's onBreak
// saw it. The core grows, so the first still-unsupported trace of a list is used.
TEST(DebugSession, WhyAtAnUnsupportedInstruction) {
  const char* candidates[] = {
      "closures/cell_captures_module.dynrr",   // a Linear in a closure cell, inside head()
      "closures/loop_created_closures.dynrr",  // inlining a generator expression
      "closures/functools_partial.dynrr",      // functools.partial (a user class)
      "arith/clamp_min_max.dynrr",
      "hops/cond_free_variables.dynrr",             // torch.cond, inside an inlined cond()
      "exceptions/user_exception_with_init.dynrr",  // a user exception class with __init__
      "breaks/numpy_conversion.dynrr",              // tensor.numpy()
  };
  for (const char* name : candidates) {
    auto trace = open(name);
    std::string reason, qualname;
    uint32_t offset = 0;
    int depth = 0;
    tracer::ReplayHooks hooks;
    hooks.onBreak = [&](const tracer::InstructionTranslator& t, const std::string& r) {
      if (!reason.empty()) return;
      reason = r;
      qualname = t.code().qualname;
      offset = t.currentOffset();
      for (const auto* p = t.parent(); p; p = p->parent()) ++depth;
    };
    auto outcome = tracer::replayFrame(trace, 0, &hooks);
    if (outcome || reason.empty()) continue;
    std::string out = debug(name, "break graph-break; continue; why; bt; continue; why");
    std::string at = qualname + " (";
    EXPECT_NE(out.find("stopped: breakpoint 1, graph break: " + reason), std::string::npos) << out;
    std::string why = outputOf(out, "why");
    EXPECT_EQ(why.substr(0, why.find('\n')), reason) << out;
    EXPECT_NE(why.find("  at " + at), std::string::npos) << out;
    EXPECT_NE(why.find(") offset " + std::to_string(offset) + ": "), std::string::npos) << out;
    auto bt = lines(outputOf(out, "bt"));
    ASSERT_EQ(bt.size(), static_cast<size_t>(depth) + 1) << out;
    EXPECT_EQ(bt[0].rfind("#0 " + at, 0), 0u) << out;
    EXPECT_NE(outcome.error().message().find(reason), std::string::npos);
    EXPECT_NE(out.find("replay ended: unsupported: " + outcome.error().message()),
              std::string::npos)
        << out;
    return;
  }
  GTEST_SKIP() << "every candidate trace replays now: add a still-unsupported one";
}

// A real trace whose recorded decisions are edited, so that the core (which matches the
// unedited trace) diverges at a known point.
trace::TraceReader editedTrace(const std::string& name, const fuzz::EventEdit& edit) {
  std::ifstream in(kTraces + name, std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  auto edited = fuzz::rewriteTrace(bytes, edit);
  EXPECT_TRUE(edited.ok()) << (edited ? "" : edited.error().message());
  auto t = trace::TraceReader::fromBytes(*edited);
  EXPECT_TRUE(t.ok());
  return std::move(*t);
}

std::string debugTrace(trace::TraceReader& trace, const std::string& commands, size_t frame = 0) {
  ScriptReader reader(ScriptReader::splitCommands(commands));
  std::ostringstream out;
  DebugSession session(trace, frame, reader, out, "edited.dynrr");
  EXPECT_EQ(session.run(), 0);
  return out.str();
}

// recompiles/shape_change.py frame 0 with Dynamo's placeholder for L['x'] edited to have
// a symbolic size (f32[-1]), as if Dynamo had traced it dynamic: the first point of no
// return is the creation of the graph input for L['x'].
TEST(DebugSession, BreakDivergenceStopsAtTheFirstDifferingNode) {
  auto trace = editedTrace("recompiles/shape_change.dynrr", [](size_t e, auto event) {
    if (e != 0) return;
    for (auto node : event.getReference().getGraphs()[0].getNodes()) {
      if (node.getName() == "l_x_") node.getExampleValue().getTensor().getShape().set(0, -1);
    }
  });
  ASSERT_EQ(findDivergence(trace, 0).verdict, compare::Verdict::kDiverge);
  std::string out = debugTrace(trace, "break divergence; continue; why");
  EXPECT_NE(out.find("stopped: breakpoint 1, divergence: node added: placeholder L_x_"),
            std::string::npos)
      << out;
  std::string why = outputOf(out, "why");
  EXPECT_NE(why.find("dynamo: placeholder L_x_ (source L['x'])"), std::string::npos) << why;
  EXPECT_NE(why.find("[f32[-1] stride=(1)"), std::string::npos) << why;
  EXPECT_NE(why.find("core:   placeholder L_x_ (source L['x'])"), std::string::npos);
  EXPECT_NE(why.find("[f32[4] stride=(1)"), std::string::npos) << why;
}

// meta/device_and_requires_grad.py frame 0 with one more recorded guard, which the core
// never installs: the divergence shows only at the end of the frame.
TEST(DebugSession, BreakDivergenceOnAMissingGuardStopsAtTheEnd) {
  auto trace = editedTrace("meta/device_and_requires_grad.dynrr", [](size_t e, auto event) {
    if (e != 0) return;
    auto old = event.getReference().getGuards();
    std::vector<std::array<std::string, 3>> kept;
    for (auto g : old)
      kept.push_back({g.getKind().cStr(), g.getSource().cStr(), g.getDetail().cStr()});
    auto guards = event.getReference().initGuards(static_cast<unsigned>(kept.size() + 1));
    for (unsigned i = 0; i < kept.size(); ++i) {
      guards[i].setKind(kept[i][0]);
      guards[i].setSource(kept[i][1]);
      guards[i].setDetail(kept[i][2]);
    }
    guards[static_cast<unsigned>(kept.size())].setKind("ID_MATCH");
    guards[static_cast<unsigned>(kept.size())].setSource("L['x'].device");
  });
  Divergence d = findDivergence(trace, 0);
  ASSERT_EQ(d.verdict, compare::Verdict::kDiverge);
  EXPECT_EQ(d.explanation,
            "the core never installs Dynamo's guard ID_MATCH L['x'].device (at the root frame's "
            "last instruction)");
  std::string out = debugTrace(trace, "break divergence; continue");
  EXPECT_NE(out.find("offset 178: RETURN_VALUE"), std::string::npos) << out;
}

TEST(DebugSession, BreakDivergenceOnAMatchingFrameNeverStops) {
  std::string out = debug("calls/helper_keyword.dynrr", "break divergence; continue; why");
  EXPECT_NE(out.find("breakpoint 1: divergence (never: the core's decisions match Dynamo's"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("replay ended: match"), std::string::npos) << out;
}

// closures/nonlocal_from_inlined_helper.py: track() does `nonlocal calls; calls += 1`
// on a cell that existed before compiling (reached as G['track'].__closure__[0]).
TEST(DebugSession, CellsAndPendingEffectsAfterAnInlinedNonlocalWrite) {
  {
    auto trace = open("closures/nonlocal_from_inlined_helper.dynrr");
    auto outcome = tracer::replayFrame(trace, 0);
    if (!outcome)
      GTEST_SKIP() << "the core does not replay this closure yet: " << outcome.error().message();
  }
  std::string out = debug("closures/nonlocal_from_inlined_helper.dynrr",
                          "break inline; continue; cells; effects; finish; cells; effects");
  // Entering track(): the cell is reached through the recorded function's __closure__.
  EXPECT_NE(out.find("(dynrr) cells\ncalls: pre-existing cell G['track'].__closure__[0] = "),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("(dynrr) effects\nno pending side effects\n"), std::string::npos) << out;
  // After it returns, the cell holds 1 and its write is a pending side effect.
  EXPECT_NE(outputOf(out, "cells").find("= ConstantVariable(1) [written]"), std::string::npos)
      << out;
  std::string after = outputOf(out, "effects");
  EXPECT_NE(after.find("G['track'].__closure__[0]"), std::string::npos) << out;
  EXPECT_NE(after.find("ConstantVariable(1)"), std::string::npos) << out;
}

TEST(DebugSession, GuardBreakpointAndGuardsListing) {
  std::string out = debug("calls/helper_keyword.dynrr", "break guard; continue; guards");
  EXPECT_NE(out.find("guard installed: "), std::string::npos) << out;
  // Every guard the core installs on this frame is one Dynamo installed.
  EXPECT_EQ(out.find("not in Dynamo's guards"), std::string::npos) << out;
  std::string all = debug("calls/helper_keyword.dynrr", "continue; guards; guards dynamo");
  EXPECT_NE(outputOf(all, "guards dynamo").find("TENSOR_MATCH L['x'] dtype=torch.float32"),
            std::string::npos)
      << all;
}

TEST(DebugSession, BadCommandsSayWhatIsWrong) {
  std::string out = debug("calls/helper_keyword.dynrr",
                          "frobnicate; break line x; break sideways; delete 9; info breaks");
  EXPECT_NE(out.find("unknown command 'frobnicate' (try `help`)"), std::string::npos);
  EXPECT_NE(out.find("break line: expected a number, got 'x'"), std::string::npos);
  EXPECT_NE(out.find("usage: break line N | offset N"), std::string::npos);
  EXPECT_NE(out.find("no breakpoint 9"), std::string::npos);
  EXPECT_NE(out.find("no breakpoints"), std::string::npos);
}

TEST(DebugSession, RunReplaysAgainAfterTheEnd) {
  std::string out = debug("calls/helper_keyword.dynrr", "continue; locals; run; bt");
  EXPECT_NE(out.find("no live frame"), std::string::npos) << out;
  EXPECT_NE(out.find("replaying frame 0 again"), std::string::npos) << out;
  EXPECT_EQ(outputOf(out, "bt"), "#0 fn (helper_keyword.py:15) offset 0: RESUME   [root frame]\n");
}

// Inside a torch.cond branch: `graph` prints the root's partial graph, then the subgraph
// the branch's SubgraphTracer is building; at the end, the graphs with their subgraphs
// (hops/cond_free_variables.py: `on_true` reads the free tensor BIAS and the cell k).
TEST(DebugSession, GraphInsideACondBranchShowsTheSubgraphBeingTraced) {
  std::string out = debug("hops/cond_free_variables.dynrr", "break line 18; continue; graph; bt");
  std::string graph = outputOf(out, "graph");
  EXPECT_NE(graph.find("gt = mean > 0"), std::string::npos) << graph;
  EXPECT_NE(graph.find("# subgraph being traced (SubgraphTracer 1)"), std::string::npos) << graph;
  EXPECT_NE(outputOf(out, "bt").find("#0 fn.<locals>.on_true (cond_free_variables.py:18)"),
            std::string::npos)
      << outputOf(out, "bt");
  std::string end = debug("hops/cond_free_variables.dynrr", "continue; graph dynamo");
  std::string dynamo = outputOf(end, "graph dynamo");
  EXPECT_NE(dynamo.find("# subgraph graph 0.cond_true_0\ndef forward(self, k, l_x_, "
                        "g_bias__true_branch):"),
            std::string::npos)
      << dynamo;
  EXPECT_NE(dynamo.find("# subgraph graph 0.cond_false_0"), std::string::npos) << dynamo;
}

}  // namespace
}  // namespace dynrr::replayer
