// proto_graph.h — the graph the tracer builds, as an ordered log of node creations,
// renames and erasures. Replaying the log against core/graph's FX-like Graph gives
// FX's node names and printed code, because FX names nodes in exactly this order
// (torch/fx/graph.py _Namespace; Dynamo's set_name_hint -> Node._rename).
//
// Mirrors the parts of torch/_dynamo/output_graph.py SubgraphTracer the core uses:
// create_graph_input (placeholders in creation order), create_proxy, and
// remove_unused_graphargs / dead code elimination at compile_subgraph.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/fake/tensor_meta.h"
#include "core/support/error.h"
#include "core/symbolic/expr.h"
#include "core/vt/constant.h"
#include "core/vt/tensor.h"

namespace dynrr::graph {
class Graph;
class Node;
}  // namespace dynrr::graph

namespace dynrr::tracer {

using vt::NodeId;

// A node argument as FX holds it.
struct GraphArg {
  enum class Kind { kNode, kConstant, kTuple, kList, kSlice, kDict, kRange };
  Kind kind = Kind::kConstant;
  NodeId node = -1;
  vt::ConstantValue constant;
  std::vector<GraphArg> items;    // tuple, list, slice and range (start, stop, step)
  std::vector<std::string> keys;  // dict keys (strings), parallel to items

  static GraphArg ofNode(NodeId n) {
    GraphArg a;
    a.kind = Kind::kNode;
    a.node = n;
    return a;
  }
  static GraphArg ofConstant(vt::ConstantValue v) {
    GraphArg a;
    a.constant = std::move(v);
    return a;
  }
};

struct ProtoNode {
  std::string op;      // "placeholder", "call_function", "call_method", "get_attr", "output"
  std::string target;  // placeholder: input name ("L_x_"); call_function: qualified name
                       // ("torch.sin", "operator.add"); call_method: method name;
                       // get_attr: the attribute of the root module ("cond_true_0")
  int graph = 0;       // the tracer whose graph holds the node: 0 for the root, a
                       // SubgraphTracer's index otherwise (OutputGraph::pushSubtracer)
  std::vector<GraphArg> args;
  std::vector<std::pair<std::string, GraphArg>> kwargs;
  std::optional<fake::TensorMeta> meta;     // the example value when it is one tensor
  std::vector<fake::TensorMeta> metaTuple;  // when the example value is a tuple of tensors
  std::string exampleText;                  // other example values, as the recorder prints them
                                            // ("(int 2, sym s50, int 96)" for a torch.Size)
  std::string source;                       // placeholders: source name (a subgraph's
                                            // merged input: its frame input's, as FX
                                            // shares the node meta with its grapharg)
  std::string typeExpr;                     // placeholders: "torch.Tensor"
  std::string symbol;   // size-symbol placeholders: the symbol ("s77"); example value "sym s77"
  std::string symExpr;  // SymInt nodes: their sympy text ("s24 + 1"); example "sym s24 + 1"
  std::optional<symbolic::Expr> symValue;  // SymInt arithmetic nodes: their expression
  // A sympy function the value is wrapped in ("ToFloat" for torch.sym_float): printed and
  // hash-consed as `symWrap(symValue)`.
  std::string symWrap;
  // A torch.Size example value with symbolic dims: each dim's expression when read (a
  // constant was an int); exampleText is printed from it through the replacements.
  std::vector<symbolic::Expr> sizeDims;
  // The example value is an argument itself, returned unchanged (an in-place op, a no-op
  // contiguous / to): its sizes keep the symbols the shape env later fixed to constants.
  bool returnsArgument = false;
  // An in-place op's result is its argument's FakeTensor itself: the node whose example
  // value this node shares (the first node of that fake tensor), -1 for its own. An
  // in-place view op rewrites the metadata of every node sharing it (their example
  // values are one object, printed as it is at the end).
  NodeId sharesFakeOf = -1;
  // The meta came from tensorCall, which gives meta functions the sizes the shape env had
  // fixed at that point (a stand-in left is a symbol still free then).
  bool metaSpecialised = false;
  size_t replacementsBefore = 0;  // how many shape env replacements existed at creation
  bool intSymbol = false;         // a SymInt input of a dynamic int (dropped when unused)
  // node.meta['unbacked_bindings']: the unbacked symbols this node defines, each with
  // the dim of the size that holds it (-1: the node's value itself, as .item()'s).
  std::vector<std::pair<std::string, int>> unbackedBindings;
  // Unbacked symbols this node defines as an item of its tuple value (torch.cond's
  // merged int outputs): each with its index, bound by a getitem.
  std::vector<std::pair<std::string, int64_t>> unbackedItemBindings;
  // Subgraph placeholders (no source): true for those _merge_graph_inputs makes with
  // graph.placeholder(target) (target kept as given), false for create_graph_input's
  // (target made unique among the graph's used names).
  bool exactTarget = false;
  bool namedInput = false;  // a root placeholder named by `target`, not by its source
                            // (an ndarray input: L_a_ for ___from_numpy(L['a']))
  bool erased = false;
  // Graph.inserting_before(node): created right before that node of its graph (which may
  // be erased later) instead of at the end; -1: at the end.
  NodeId insertBefore = -1;
};

struct GraphEvent {
  enum class Kind { kCreate, kRename, kErase, kReplaceUses } kind;
  NodeId node;
  std::string name;   // kRename: the candidate name
  NodeId other = -1;  // kReplaceUses: the node that takes `node`'s uses
};

class ProtoGraph {
 public:
  NodeId add(ProtoNode node);
  void rename(NodeId node, const std::string& candidate);
  void erase(NodeId node);
  // Node.replace_all_uses_with: every node of `from`'s graph that uses `from` uses `to`.
  // Logged: the ProtoNodes keep the arguments they were created with (the log replays
  // them in order); userCounts() and resolve() follow the swap.
  void replaceAllUses(NodeId from, NodeId to);
  // The node that has taken `id`'s uses (itself if none has).
  NodeId resolve(NodeId id) const;
  const ProtoNode& node(NodeId id) const { return nodes_[static_cast<size_t>(id)]; }
  ProtoNode& node(NodeId id) { return nodes_[static_cast<size_t>(id)]; }
  size_t size() const { return nodes_.size(); }
  const std::vector<GraphEvent>& events() const { return events_; }
  // Node ids of graph `graph` in graph order (placeholders first, in creation order; then
  // the rest).
  std::vector<NodeId> order(int graph = 0) const;
  // Number of call_* nodes not erased (the "ops" count of a replay).
  size_t opCount() const;
  // Users of each node among live nodes.
  std::vector<int> userCounts() const;

 private:
  std::vector<ProtoNode> nodes_;
  std::vector<GraphEvent> events_;
  std::map<NodeId, NodeId> redirects_;  // replaceAllUses: from -> to
};

// Replays the log of graph `graph` (0: the root; a subgraph's tracer index otherwise)
// into an FX-like graph (node names and printed code follow FX), with nodes[i] the graph
// node of ProtoNode i (null if never created or in another graph). Shared by the replay
// (complete graphs) and `dynrr debug` (partial graphs while tracing).
Status replayGraphLog(const ProtoGraph& proto, graph::Graph& g, std::vector<graph::Node*>& nodes,
                      int graph = 0);

}  // namespace dynrr::tracer
