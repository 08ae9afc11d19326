// graph_edit_test.cpp — users bookkeeping, erase, rename, graph-input placement and
// checkpoint/restore (OutputGraph.copy_graphstate/restore_graphstate semantics).
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>

#include "core/graph/graph.h"
#include "core/graph/printer.h"

namespace dynrr::graph {
namespace {

Argument N(Node* n) { return Argument::node(n); }

TEST(GraphEdit, UsersAndInputNodesFollowArgs) {
  Graph g;
  Node* x = g.createGraphInput("L['x']", "torch.Tensor");
  Node* y = g.createGraphInput("L['y']", "torch.Tensor");
  Node* add = g.callFunction("operator.add", {N(x), N(y)});
  Node* cat = g.callFunction("torch.cat", {Argument::list({N(y), N(add), N(x)})},
                             {{"dim", Argument::integer(0)}});
  EXPECT_EQ(x->name(), "l_x_");
  EXPECT_EQ(x->target().name(), "L_x_");
  EXPECT_EQ(x->meta().sourceName, "L['x']");
  EXPECT_EQ(add->name(), "add");
  EXPECT_EQ(cat->inputNodes(), (std::vector<Node*>{y, add, x}));
  EXPECT_EQ(x->users(), (std::vector<Node*>{add, cat}));
  EXPECT_EQ(add->users(), (std::vector<Node*>{cat}));
  EXPECT_FALSE(g.erase(add).ok());  // still used by cat
  ASSERT_TRUE(g.erase(cat).ok());
  EXPECT_TRUE(add->users().empty());
  EXPECT_FALSE(g.erase(cat).ok());  // already erased
  EXPECT_EQ(g.nodes().size(), 3u);
}

TEST(GraphEdit, CreateNodeBeforeTakesTheOldNodesPlace) {
  // dce_hop_extra_outputs: a getitem remade before the old one, which is then erased; the
  // new node is named by the namespace (getitem_1), in the old one's place.
  Graph g;
  Node* x = g.createGraphInput("L['x']", "torch.Tensor");
  Node* old = g.callFunction("operator.getitem", {N(x), Argument::integer(1)});
  Node* sin = g.callMethod("sin", {N(old)});
  Node* fresh = g.createNodeBefore(old, Op::kCallFunction, Target::function("operator.getitem"),
                                   {N(x), Argument::integer(0)});
  EXPECT_EQ(fresh->name(), "getitem_1");
  g.replaceAllUsesWith(old, fresh);
  ASSERT_TRUE(g.erase(old).ok());
  EXPECT_EQ(g.nodes(), (std::vector<Node*>{x, fresh, sin}));
  EXPECT_EQ(fresh->users(), (std::vector<Node*>{sin}));
}

TEST(GraphEdit, GraphInputsStayTogetherFirst) {
  Graph g;
  Node* x = g.createGraphInput("L['x']", "torch.Tensor");
  Node* sin = g.callFunction("torch.sin", {N(x)});
  Node* w = g.createGraphInput("G['W']", "torch.Tensor");
  Node* x2 = g.createGraphInput("L['x']", "torch.Tensor");  // same source name again
  EXPECT_EQ(g.nodes(), (std::vector<Node*>{x, w, x2, sin}));
  EXPECT_EQ(w->name(), "g_w_");
  EXPECT_EQ(x2->target().name(), "L_x__0");  // get_unique_name_wrt suffixes from 0
  EXPECT_EQ(x2->name(), "l_x__0");
  Node* b = g.createGraphInput("L['b']", "torch.Tensor", /*before=*/true);
  EXPECT_EQ(g.nodes(), (std::vector<Node*>{x, w, b, x2, sin}));
}

// numpy_method_wrapper builds a wrapper object per call: FX's add_global keys globals by
// object, so two calls of one name print two globals; the same function twice prints one.
TEST(GraphEdit, PerCallCallablesGetTheirOwnGlobal) {
  Graph g;
  Node* x = g.createGraphInput("L['x']", "torch.Tensor");
  Node* a = g.callFunction("torch._dynamo.utils.wrapped_add@3", {N(x), N(x)});
  Node* b = g.callFunction("torch._dynamo.utils.wrapped_add@5", {N(a), N(x)});
  Node* c = g.callFunction("torch._dynamo.utils.numpy_attr_wrapper", {N(b), Argument::string("T")});
  Node* d = g.callFunction("torch._dynamo.utils.numpy_attr_wrapper", {N(c), Argument::string("T")});
  g.output(N(d));
  EXPECT_EQ(a->target().qualifiedName(), "torch._dynamo.utils.wrapped_add");
  EXPECT_EQ(a->target().objectToken(), "3");
  EXPECT_EQ(b->name(), "wrapped_add_1");
  std::string code = pythonCode(g);
  EXPECT_NE(code.find("wrapped_add = torch__dynamo_utils_wrapped_add(l_x_, l_x_)"),
            std::string::npos)
      << code;
  EXPECT_NE(code.find("torch__dynamo_utils_wrapped_add_1(wrapped_add, l_x_)"), std::string::npos)
      << code;
  EXPECT_NE(code.find("numpy_attr_wrapper_1 = torch__dynamo_utils_numpy_attr_wrapper("),
            std::string::npos)
      << code;
}

TEST(GraphEdit, RenameKeepsOldNameTaken) {
  Graph g;
  Node* x = g.createGraphInput("L['x']", "torch.Tensor");
  Node* a = g.callFunction("torch.sin", {N(x)});
  g.rename(a, "y");
  EXPECT_EQ(a->name(), "y");
  Node* b = g.callFunction("torch.sin", {N(a)});
  EXPECT_EQ(b->name(), "sin_1");  // "sin" stays taken after the rename
  g.rename(b, "y");
  EXPECT_EQ(b->name(), "y_1");
}

TEST(GraphEdit, CheckpointRestoreRemovesNewerNodesButNotInputs) {
  Graph g;
  Node* x = g.createGraphInput("L['x']", "torch.Tensor");
  Node* a = g.callFunction("torch.sin", {N(x)});
  GraphCheckpoint cp = g.checkpoint();
  Node* b = g.callFunction("torch.cos", {N(a)});
  Node* y = g.createGraphInput("L['y']", "torch.Tensor");
  g.callFunction("operator.mul", {N(b), N(y)});
  EXPECT_EQ(g.nodes().size(), 5u);
  EXPECT_EQ(g.restore(cp), 2);
  EXPECT_EQ(g.nodes(), (std::vector<Node*>{x, y, a}));
  EXPECT_TRUE(b->erased());
  EXPECT_TRUE(a->users().empty());
  EXPECT_EQ(g.timestamp(), cp.timestamp);
  // Names used before the restore stay taken, as in FX.
  EXPECT_EQ(g.callFunction("torch.cos", {N(a)})->name(), "cos_1");
}

TEST(GraphEdit, ReplaceAllUsesWith) {
  Graph g;
  Node* x = g.createGraphInput("L['x']", "torch.Tensor");
  Node* a = g.callFunction("torch.sin", {N(x)});
  Node* b = g.callFunction("torch.cos", {N(x)});
  Node* c = g.callFunction("operator.add", {N(a), N(a)});
  g.replaceAllUsesWith(a, b);
  EXPECT_TRUE(a->users().empty());
  EXPECT_EQ(b->users(), (std::vector<Node*>{c}));
  // Last to first: c goes, which frees b, then a (as Dynamo's dead-node sweep does).
  EXPECT_EQ(g.eraseUnusedIf([](Node* n) { return n->op() == Op::kCallFunction; }), 3);
  EXPECT_EQ(g.nodes(), (std::vector<Node*>{x}));
}

TEST(Printer, DynamoShapedGraph) {
  Graph g;
  Node* x = g.createGraphInput("L['x']", "torch.Tensor");
  Node* y = g.createGraphInput("L['y']", "torch.Tensor");
  Node* add = g.callFunction("operator.add", {N(x), Argument::integer(1)});
  Node* sum = g.callMethod("sum", {N(add)}, {{"dim", Argument::integer(-1)}});
  Node* gi = g.callFunction(
      "operator.getitem",
      {N(y), Argument::tuple(
                 {Argument::ellipsis(),
                  Argument::slice(Argument::none(), Argument::integer(2), Argument::none())})});
  g.output(Argument::tuple({N(sum), N(gi)}));
  EXPECT_EQ(sum->name(), "sum_1");
  EXPECT_EQ(pythonCode(g),
            "\n\n\ndef forward(self, L_x_ : torch.Tensor, L_y_ : torch.Tensor):\n"
            "    l_x_ = L_x_\n"
            "    l_y_ = L_y_\n"
            "    add = l_x_ + 1;  l_x_ = None\n"
            "    sum_1 = add.sum(dim = -1);  add = None\n"
            "    getitem = l_y_[(Ellipsis, slice(None, 2, None))];  l_y_ = None\n"
            "    return (sum_1, getitem)\n"
            "    ");
  std::string text = readable(g);
  EXPECT_NE(text.find("class GraphModule(torch.nn.Module):"), std::string::npos);
  EXPECT_NE(text.find("source=L['y']"), std::string::npos);
}

TEST(Printer, EmptyGraphPrintsPass) {
  Graph g;
  EXPECT_EQ(pythonCode(g), "\n\n\ndef forward(self):\n    pass\n    ");
}

TEST(Target, InfersNameModuleAndOrigin) {
  Target sin = Target::function("torch.sin");
  EXPECT_EQ(sin.name(), "sin");
  EXPECT_TRUE(sin.fromTorch());
  Target add = Target::function("operator.add");
  EXPECT_TRUE(add.isOperator());
  EXPECT_EQ(add.qualifiedName(), "_operator.add");
  EXPECT_TRUE(Target::function("getattr").isBuiltin());
  EXPECT_FALSE(Target::function("torch._dynamo.utils.foo").fromTorch());
  EXPECT_FALSE(Target::function("torch.Tensor.add").fromTorch());
  EXPECT_FALSE(Target::function("math.sqrt").fromTorch());
  EXPECT_TRUE(isTorchModuleName("torch._dynamo"));  // the regex only rejects "_dynamo." parts
}

}  // namespace
}  // namespace dynrr::graph

namespace dynrr::graph {
namespace {

// A long chain: names stay unique and the printer stays linear-ish. Prints timings.
TEST(GraphScale, TenThousandNodeChain) {
  constexpr int kNodes = 10000;
  auto t0 = std::chrono::steady_clock::now();
  Graph g;
  Node* x = g.createGraphInput("L['x']", "torch.Tensor");
  Node* prev = x;
  for (int i = 0; i < kNodes; ++i) {
    prev = i % 2 ? g.callFunction("operator.add", {Argument::node(prev), Argument::integer(i)})
                 : g.callMethod("sin", {Argument::node(prev)});
  }
  g.output(Argument::tuple({Argument::node(prev)}));
  auto t1 = std::chrono::steady_clock::now();
  std::string code = pythonCode(g);
  auto t2 = std::chrono::steady_clock::now();
  EXPECT_EQ(prev->name(), "add_4999");
  EXPECT_EQ(std::count(code.begin(), code.end(), '\n'), kNodes + 6);
  auto us = [](auto a, auto b) {
    return std::chrono::duration_cast<std::chrono::microseconds>(b - a).count();
  };
  std::printf("[ timing ] build %d nodes: %lld us, pythonCode: %lld us (%zu bytes)\n", kNodes,
              static_cast<long long>(us(t0, t1)), static_cast<long long>(us(t1, t2)), code.size());
}

}  // namespace
}  // namespace dynrr::graph
