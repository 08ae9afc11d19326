// tracer_test.cpp — pieces of the translator that have exact Dynamo counterparts:
// graph input naming, the ambient guards, dead-code elimination in compile_subgraph.
#include <gtest/gtest.h>

#include "core/graph/graph.h"
#include "core/tracer/output_graph.h"

namespace dynrr::tracer {
namespace {

TEST(OutputGraph, InputNamesFollowCreateGraphInput) {
  EXPECT_EQ(inputNameForSource("L['x']"), "L_x_");
  EXPECT_EQ(inputNameForSource("L['xs'][0]"), "L_xs_0_");
  EXPECT_EQ(inputNameForSource("G['torch'].nn.functional"), "G_torch_nn_functional");
}

TEST(OutputGraph, AmbientGuardsOnEveryFrame) {
  OutputGraph out;
  std::set<std::string> kinds;
  for (const auto& g : out.guardDecisions()) kinds.insert(g.kind);
  EXPECT_EQ(kinds, (std::set<std::string>{"SHAPE_ENV", "DETERMINISTIC_ALGORITHMS", "GRAD_MODE",
                                          "DEFAULT_DEVICE", "GLOBAL_STATE", "TORCH_FUNCTION_STATE",
                                          "AUTOGRAD_SAVED_TENSORS_HOOKS"}));
  out.addGuard(GuardKind::GRAD_MODE, "");
  EXPECT_EQ(out.guardDecisions().size(), 7u);  // deduplicated
}

// copy_graphstate / restore_graphstate: what was added after the checkpoint goes, what
// was there before stays, and the erased nodes keep their names taken.
TEST(OutputGraph, RestoreDropsWhatTheSpeculationAdded) {
  OutputGraph out;
  fake::TensorMeta meta = fake::TensorMeta::contiguous(fake::DType::kFloat32, {2});
  NodeId x = out.graphInput("L['x']", meta);
  out.addGuard(GuardKind::TENSOR_MATCH, "L['x']", "detail");
  NodeId sin = out.callFunction("torch.sin", {GraphArg::ofNode(x)}, {});
  auto cp = out.checkpoint();
  NodeId y = out.graphInput("L['y']", meta);
  out.addGuard(GuardKind::TENSOR_MATCH, "L['y']", "detail");
  NodeId add = out.callFunction("operator.add", {GraphArg::ofNode(sin), GraphArg::ofNode(y)}, {});
  NodeId cos = out.callFunction("torch.cos", {GraphArg::ofNode(add)}, {});
  out.restore(cp);
  EXPECT_FALSE(out.graph().node(x).erased);
  EXPECT_FALSE(out.graph().node(sin).erased);
  EXPECT_TRUE(out.graph().node(y).erased);
  EXPECT_TRUE(out.graph().node(add).erased);
  EXPECT_TRUE(out.graph().node(cos).erased);
  EXPECT_FALSE(out.existingInput("L['y']").has_value());
  EXPECT_EQ(out.guardDecisions().size(), 8u);
  EXPECT_TRUE(out.guardSet().contains(GuardKind::TENSOR_MATCH, "L['x']"));
  EXPECT_FALSE(out.guardSet().contains(GuardKind::TENSOR_MATCH, "L['y']"));
  // After the restore, the same source makes a new input, and the graph prints as if
  // the speculation never happened but for the names it consumed (FX's namespace).
  NodeId y2 = out.graphInput("L['y']", meta);
  EXPECT_NE(y2, y);
  NodeId add2 = out.callFunction("operator.add", {GraphArg::ofNode(sin), GraphArg::ofNode(y2)}, {});
  out.setOutput({add2});
  graph::Graph g;
  std::vector<graph::Node*> nodes;
  ASSERT_TRUE(replayGraphLog(out.graph(), g, nodes).ok());
  ASSERT_NE(nodes[static_cast<size_t>(add2)], nullptr);
  EXPECT_EQ(nodes[static_cast<size_t>(add2)]->name(), "add_1");
}

// remove_unused_graphargs removes only trivial unused nodes (operator.getitem) and
// unused inputs; other unused ops stay in the graph, as Dynamo leaves them.
TEST(OutputGraph, DeadNodesAndUnusedInputsAreErased) {
  OutputGraph out;
  fake::TensorMeta meta = fake::TensorMeta::contiguous(fake::DType::kFloat32, {2});
  NodeId x = out.graphInput("L['x']", meta);
  NodeId y = out.graphInput("L['y']", meta);
  EXPECT_EQ(out.graphInput("L['x']", meta), x);  // one input per source
  NodeId used = out.callFunction("torch.sin", {GraphArg::ofNode(x)}, {});
  NodeId kept = out.callFunction("torch.cos", {GraphArg::ofNode(used)}, {});
  NodeId split =
      out.callFunction("torch.split", {GraphArg::ofNode(x), GraphArg::ofConstant(int64_t{1})}, {});
  NodeId item = out.callFunction("operator.getitem",
                                 {GraphArg::ofNode(split), GraphArg::ofConstant(int64_t{0})}, {});
  out.setOutput({used});
  EXPECT_FALSE(out.graph().node(used).erased);
  EXPECT_FALSE(out.graph().node(kept).erased);  // unused, but not trivial: kept
  EXPECT_TRUE(out.graph().node(item).erased);   // unused getitem: removed
  EXPECT_FALSE(out.graph().node(split).erased);
  EXPECT_TRUE(out.graph().node(y).erased);  // unused input: removed
  EXPECT_EQ(out.graph().opCount(), 3u);
  std::vector<NodeId> order = out.graph().order();
  ASSERT_EQ(order.size(), 5u);
  EXPECT_EQ(order[0], x);
}

// SubgraphTracer: nodes go to the innermost tracer's graph; a node of an enclosing graph
// used there is lifted into every tracer between (lift_tracked_freevar_to_input), once,
// as a placeholder named after the node; graph inputs of the frame stay in the root.
TEST(OutputGraph, SubtracersLiftFreeVariables) {
  OutputGraph out;
  fake::TensorMeta meta = fake::TensorMeta::contiguous(fake::DType::kFloat32, {2});
  NodeId x = out.graphInput("L['x']", meta);
  NodeId mul = out.callFunction("operator.mul", {GraphArg::ofNode(x), GraphArg::ofNode(x)}, {});
  out.graph().node(mul).meta = meta;
  int outer = out.pushSubtracer();
  EXPECT_TRUE(out.inSubtracer());
  int inner = out.pushSubtracer();
  EXPECT_EQ(out.currentGraph(), inner);
  NodeId sin = out.callFunction("torch.sin", {GraphArg::ofNode(mul)}, {});
  NodeId y = out.graphInput("L['y']", meta);  // a frame input met while in a subtracer
  EXPECT_EQ(out.graph().node(y).graph, 0);
  NodeId add = out.callFunction("operator.add", {GraphArg::ofNode(sin), GraphArg::ofNode(mul)}, {});
  EXPECT_EQ(out.graph().node(sin).graph, inner);
  ASSERT_EQ(out.liftedFreevars(inner).size(), 1u);  // mul lifted once
  ASSERT_EQ(out.liftedFreevars(outer).size(), 1u);  // and through the outer tracer
  EXPECT_EQ(out.liftedFreevars(inner)[0].first, mul);
  NodeId innerPh = out.liftedFreevars(inner)[0].second;
  EXPECT_EQ(out.graph().node(innerPh).graph, inner);
  EXPECT_EQ(out.graph().node(add).args[1].node, innerPh);
  EXPECT_EQ(out.nodeName(innerPh), "mul");
  out.subgraphOutput(inner, {add});
  out.popSubtracer();
  // _merge_graph_inputs: graph.placeholder("mul") takes the name mul_1 (mul stays taken).
  NodeId merged = out.exactPlaceholder(inner, "mul", mul);
  out.graph().replaceAllUses(innerPh, merged);
  out.graph().erase(innerPh);
  EXPECT_EQ(out.nodeName(merged), "mul_1");
  out.popSubtracer();
  EXPECT_FALSE(out.inSubtracer());
  EXPECT_EQ(out.installSubgraph("cond_true", inner), "cond_true_0");
  EXPECT_EQ(out.installSubgraph("cond_true", outer), "cond_true_1");
  EXPECT_EQ(out.subgraphNamed("cond_true_0"), inner);
  graph::Graph g;
  std::vector<graph::Node*> nodes;
  ASSERT_TRUE(replayGraphLog(out.graph(), g, nodes, inner).ok());
  ASSERT_EQ(g.placeholders().size(), 1u);
  EXPECT_EQ(g.placeholders()[0]->name(), "mul_1");
  EXPECT_EQ(nodes[static_cast<size_t>(add)]->name(), "add");
  EXPECT_EQ(nodes[static_cast<size_t>(mul)], nullptr);  // a root node, not in this graph
}

}  // namespace
}  // namespace dynrr::tracer
