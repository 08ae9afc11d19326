// tracer_test.cpp — pieces of the translator that have exact Dynamo counterparts:
// graph input naming, the ambient guards, dead-code elimination in compile_subgraph.
#include <gtest/gtest.h>

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
  for (const auto& g : out.guards()) kinds.insert(g.kind);
  EXPECT_EQ(kinds, (std::set<std::string>{"SHAPE_ENV", "DETERMINISTIC_ALGORITHMS", "GRAD_MODE",
                                          "DEFAULT_DEVICE", "GLOBAL_STATE", "TORCH_FUNCTION_STATE",
                                          "AUTOGRAD_SAVED_TENSORS_HOOKS"}));
  out.addGuard("GRAD_MODE", "");
  EXPECT_EQ(out.guards().size(), 7u);  // deduplicated
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

}  // namespace
}  // namespace dynrr::tracer
