// node.h — one operation in a Graph.
//
// Mirrors torch.fx.Node as Dynamo builds it: op, unique name, target, args/kwargs,
// optional type expression (placeholders: "torch.Tensor", "torch.SymInt", ...),
// users and input nodes in FX's order, and the meta Dynamo attaches. Nodes are owned
// by their Graph and never move; mutate them only through Graph so the users
// bookkeeping stays right.
#pragma once

#include <any>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/graph/argument.h"
#include "core/graph/target.h"

namespace dynrr::graph {

class Graph;

enum class Op { kPlaceholder, kCallFunction, kCallMethod, kCallModule, kGetAttr, kOutput };

// The FX spelling: "placeholder", "call_function", ...
std::string_view opName(Op op);
// Parses an FX op name; nullopt for anything else.
std::optional<Op> parseOp(std::string_view name);

// node.meta entries the core uses. The graph never interprets exampleValue: the
// tracer stores what it likes there (fake-tensor metadata, a SymInt, ...).
struct NodeMeta {
  std::any exampleValue;
  // Placeholders: the source Dynamo read the input from (GraphArg.source.name),
  // e.g. "L['x']", "L['self']._modules['layer']._parameters['weight']".
  std::string sourceName;
  // OutputGraph.timestamp when the node was created (meta["creation_timestamp"]).
  int64_t creationTimestamp = 0;
};

class Node {
 public:
  Op op() const { return op_; }
  const std::string& name() const { return name_; }
  const Target& target() const { return target_; }
  const std::vector<Argument>& args() const { return args_; }
  const Kwargs& kwargs() const { return kwargs_; }
  // The type expression FX prints as an annotation; empty when None.
  const std::string& typeExpr() const { return typeExpr_; }
  // Nodes using this one, in the order they started using it (Node.users).
  const std::vector<Node*>& users() const { return users_; }
  // Nodes this one uses, in order of first appearance in args then kwargs
  // (Node._input_nodes).
  const std::vector<Node*>& inputNodes() const { return inputNodes_; }
  bool erased() const { return erased_; }
  // A stable id, unique within the graph (creation index).
  int64_t id() const { return id_; }

  NodeMeta& meta() { return meta_; }
  const NodeMeta& meta() const { return meta_; }

 private:
  friend class Graph;
  Node() = default;

  Op op_ = Op::kPlaceholder;
  std::string name_;
  Target target_;
  std::vector<Argument> args_;
  Kwargs kwargs_;
  std::string typeExpr_;
  std::vector<Node*> users_;
  std::vector<Node*> inputNodes_;
  bool erased_ = false;
  int64_t id_ = 0;
  NodeMeta meta_;
};

}  // namespace dynrr::graph
