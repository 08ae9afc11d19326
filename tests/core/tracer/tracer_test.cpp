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

TEST(OutputGraph, DeadNodesAndUnusedInputsAreErased) {
  OutputGraph out;
  fake::TensorMeta meta = fake::TensorMeta::contiguous(fake::DType::kFloat32, {2});
  NodeId x = out.graphInput("L['x']", meta);
  NodeId y = out.graphInput("L['y']", meta);
  EXPECT_EQ(out.graphInput("L['x']", meta), x);  // one input per source
  NodeId used = out.callFunction("torch.sin", {GraphArg::ofNode(x)}, {});
  NodeId dead = out.callFunction("torch.cos", {GraphArg::ofNode(used)}, {});
  out.setOutput({used});
  EXPECT_FALSE(out.graph().node(used).erased);
  EXPECT_TRUE(out.graph().node(dead).erased);
  EXPECT_TRUE(out.graph().node(y).erased);
  EXPECT_EQ(out.graph().opCount(), 1u);
  std::vector<NodeId> order = out.graph().order();
  ASSERT_EQ(order.size(), 3u);
  EXPECT_EQ(order[0], x);
}

}  // namespace
}  // namespace dynrr::tracer
