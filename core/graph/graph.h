// graph.h — an FX-like graph: the IR Dynamo's OutputGraph builds.
//
// Mirrors torch.fx.Graph (create_node, erase_node, node renaming, the namespace of
// node names) plus the parts of Dynamo's SubgraphTracer/OutputGraph that shape it in
// torch 2.13: create_graph_input (placeholder naming from sources, inputs kept
// together before the other nodes), the _used_names set, remove_node; and the
// copy_graphstate/restore_graphstate checkpoints of the seed's OutputGraph (nodes
// newer than a checkpoint are removed on restore; placeholders stay). torch 2.13
// itself speculates by restarting analysis (SpeculationLog), so no 2.13 golden
// exercises restore; its tests follow the seed's code.
//
// Ownership: a Graph owns its Nodes; Node* stay valid for the Graph's lifetime, even
// after erase (erased nodes are kept, flagged, out of the node list). Non-copyable.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "core/graph/argument.h"
#include "core/graph/namespace.h"
#include "core/graph/node.h"
#include "core/graph/target.h"
#include "core/support/error.h"

namespace dynrr::graph {

// A snapshot for restore (OutputGraphState.timestamp, as far as the graph goes).
struct GraphCheckpoint {
  int64_t timestamp = 0;
};

class Graph {
 public:
  Graph() = default;
  Graph(const Graph&) = delete;
  Graph& operator=(const Graph&) = delete;

  // Graph.create_node: a node named by FX's namespace from `name` or, when absent,
  // from the target (_target_to_str). Appended at the end. Also records the name
  // in Dynamo's used-name set.
  Node* createNode(Op op, Target target, std::vector<Argument> args = {}, Kwargs kwargs = {},
                   std::optional<std::string> name = std::nullopt, std::string typeExpr = {});
  Node* callFunction(std::string_view qualifiedName, std::vector<Argument> args = {},
                     Kwargs kwargs = {});
  // Graph.create_node under Graph.inserting_before(before): placed right before `before`
  // (a node of this graph, not erased).
  Node* createNodeBefore(Node* before, Op op, Target target, std::vector<Argument> args = {},
                         Kwargs kwargs = {});
  Node* callMethod(std::string_view method, std::vector<Argument> args, Kwargs kwargs = {});
  Node* callModule(std::string_view path, std::vector<Argument> args, Kwargs kwargs = {});
  Node* getAttr(std::string_view path);
  // Graph.output: the "output" node returning `result`.
  Node* output(Argument result);

  // SubgraphTracer.create_graph_input for an input read from `sourceName`:
  // target = uniqueNameWrt(placeholderNameForSource(sourceName), usedNames()); the
  // placeholder goes right after the most recent graph input (before it if `before`),
  // or first. meta().sourceName is set.
  Node* createGraphInput(std::string_view sourceName, std::string typeExpr, bool before = false);
  // OutputGraph._lift_basic_symbols for a size/stride symbol of a tensor input: a
  // "torch.SymInt" placeholder named after the symbol ("s77"), placed before the
  // most recent input (the tensor) by default. meta().sourceName is set.
  Node* createSymbolInput(std::string_view symbol, std::string_view sourceName, bool before = true);
  // The same with the placeholder target already chosen (inputs without a source).
  Node* createGraphInputNamed(std::string_view target, std::string typeExpr, bool before = false);

  // Graph.placeholder(target) inserted before the first node that is not a placeholder
  // (what higher_order_ops._merge_graph_inputs does): the target is kept as given, the
  // node's name comes from FX's namespace (so a taken name gets a suffix, "k" -> "k_1").
  Node* placeholder(std::string_view target, std::string typeExpr = {});
  // Node._rename (TensorVariable.set_name_hint): the node takes a fresh name made
  // from `candidate`; its old name stays taken.
  void rename(Node* node, std::string_view candidate);
  // Node.args/kwargs assignment: replaces the arguments, updating users.
  void setArgs(Node* node, std::vector<Argument> args, Kwargs kwargs);
  // Node.replace_input_with: `user` now uses `to` wherever it used `from`.
  void replaceInputWith(Node* user, Node* from, Node* to);
  // Node.replace_all_uses_with: every user of `from` now uses `to`.
  void replaceAllUsesWith(Node* from, Node* to);
  // Graph.erase_node: fails if the node still has users or is already erased.
  Status erase(Node* node);
  // Erases, last to first, nodes with no users for which `pred` holds (Dynamo's
  // dead-code removal of getitem/get_attr/... and unused graph inputs).
  template <typename Pred>
  int eraseUnusedIf(Pred&& pred);

  // OutputGraph.copy_graphstate / restore_graphstate for the graph part.
  GraphCheckpoint checkpoint();
  // Removes, last to first, every non-placeholder node created after `cp`.
  // Returns how many were removed.
  int restore(const GraphCheckpoint& cp);

  // Live nodes in program order.
  const std::vector<Node*>& nodes() const { return order_; }
  // Placeholders in order.
  std::vector<Node*> placeholders() const;
  // The node named `name`, or null.
  Node* findNode(std::string_view name) const;
  // Dynamo's SubgraphTracer._used_names: every node name and graph-input target.
  const std::unordered_set<std::string>& usedNames() const { return usedNames_; }
  int64_t timestamp() const { return timestamp_; }

 private:
  Node* newNode(Op op, Target target, std::vector<Argument> args, Kwargs kwargs,
                std::optional<std::string> name, std::string typeExpr, size_t position);
  void attachInputs(Node* node);
  void detachInputs(Node* node);
  size_t positionOf(const Node* node) const;

  std::vector<std::unique_ptr<Node>> owned_;
  std::vector<Node*> order_;
  // SubgraphTracer.input_name_to_proxy, in its (insertion) order.
  std::vector<Node*> inputs_;
  Namespace namespace_;
  std::unordered_set<std::string> usedNames_;
  int64_t timestamp_ = 0;
};

template <typename Pred>
int Graph::eraseUnusedIf(Pred&& pred) {
  int removed = 0;
  std::vector<Node*> snapshot = order_;
  for (auto it = snapshot.rbegin(); it != snapshot.rend(); ++it) {
    Node* n = *it;
    if (n->users().empty() && n->op() != Op::kOutput && pred(n)) {
      if (erase(n).ok()) ++removed;
    }
  }
  return removed;
}

}  // namespace dynrr::graph
