// graph.cpp — node creation, naming, users bookkeeping, erase and checkpoints
// (torch.fx.Graph + Dynamo's SubgraphTracer graph-building parts; see graph.h).
#include "core/graph/graph.h"

#include <algorithm>
#include <unordered_set>

#include "core/support/assert.h"

namespace dynrr::graph {
namespace {

// Appends `n` unless `v` has it: a linear search while `v` is short, a set once it is long
// (a torch.cat of a million unbound rows made node creation quadratic: issue 21).
void pushUnique(std::vector<Node*>& v, std::unordered_set<Node*>& seen, Node* n) {
  constexpr size_t kLinear = 32;
  if (v.size() < kLinear) {
    if (std::find(v.begin(), v.end(), n) == v.end()) v.push_back(n);
    return;
  }
  if (seen.empty()) seen.insert(v.begin(), v.end());
  if (seen.insert(n).second) v.push_back(n);
}

}  // namespace

std::string_view opName(Op op) {
  switch (op) {
    case Op::kPlaceholder: return "placeholder";
    case Op::kCallFunction: return "call_function";
    case Op::kCallMethod: return "call_method";
    case Op::kCallModule: return "call_module";
    case Op::kGetAttr: return "get_attr";
    case Op::kOutput: return "output";
  }
  return "?";
}

std::optional<Op> parseOp(std::string_view name) {
  for (Op op : {Op::kPlaceholder, Op::kCallFunction, Op::kCallMethod, Op::kCallModule, Op::kGetAttr,
                Op::kOutput}) {
    if (opName(op) == name) return op;
  }
  return std::nullopt;
}

size_t Graph::positionOf(const Node* node) const {
  auto it = std::find(order_.begin(), order_.end(), node);
  DYNRR_ASSERT(it != order_.end(), node->name());
  return static_cast<size_t>(it - order_.begin());
}

Node* Graph::newNode(Op op, Target target, std::vector<Argument> args, Kwargs kwargs,
                     std::optional<std::string> name, std::string typeExpr, size_t position) {
  std::string candidate = name ? *name : targetToStr(target.name(), target.isCallable());
  auto node = std::unique_ptr<Node>(new Node());
  Node* n = node.get();
  n->id_ = static_cast<int64_t>(owned_.size());
  n->op_ = op;
  n->name_ = namespace_.createName(candidate);
  n->target_ = std::move(target);
  n->args_ = std::move(args);
  n->kwargs_ = std::move(kwargs);
  n->typeExpr_ = std::move(typeExpr);
  n->meta_.creationTimestamp = timestamp_;
  owned_.push_back(std::move(node));
  DYNRR_ASSERT(position <= order_.size(), position, order_.size());
  order_.insert(order_.begin() + static_cast<std::ptrdiff_t>(position), n);
  attachInputs(n);
  usedNames_.insert(n->name_);
  return n;
}

Node* Graph::createNode(Op op, Target target, std::vector<Argument> args, Kwargs kwargs,
                        std::optional<std::string> name, std::string typeExpr) {
  return newNode(op, std::move(target), std::move(args), std::move(kwargs), std::move(name),
                 std::move(typeExpr), order_.size());
}

Node* Graph::createNodeBefore(Node* before, Op op, Target target, std::vector<Argument> args,
                              Kwargs kwargs) {
  auto it = std::find(order_.begin(), order_.end(), before);
  DYNRR_ASSERT(it != order_.end(), before ? before->name() : std::string("null"));
  return newNode(op, std::move(target), std::move(args), std::move(kwargs), std::nullopt, {},
                 static_cast<size_t>(it - order_.begin()));
}

Node* Graph::callFunction(std::string_view qualifiedName, std::vector<Argument> args,
                          Kwargs kwargs) {
  return createNode(Op::kCallFunction, Target::function(qualifiedName), std::move(args),
                    std::move(kwargs));
}

Node* Graph::callMethod(std::string_view method, std::vector<Argument> args, Kwargs kwargs) {
  return createNode(Op::kCallMethod, Target::string(std::string(method)), std::move(args),
                    std::move(kwargs));
}

Node* Graph::callModule(std::string_view path, std::vector<Argument> args, Kwargs kwargs) {
  return createNode(Op::kCallModule, Target::string(std::string(path)), std::move(args),
                    std::move(kwargs));
}

Node* Graph::getAttr(std::string_view path) {
  return createNode(Op::kGetAttr, Target::string(std::string(path)));
}

Node* Graph::output(Argument result) {
  return createNode(Op::kOutput, Target::string("output"), {std::move(result)});
}

Node* Graph::createGraphInput(std::string_view sourceName, std::string typeExpr, bool before) {
  Node* n =
      createGraphInputNamed(placeholderNameForSource(sourceName), std::move(typeExpr), before);
  n->meta_.sourceName = std::string(sourceName);
  return n;
}

Node* Graph::createSymbolInput(std::string_view symbol, std::string_view sourceName, bool before) {
  Node* n = createGraphInputNamed(symbol, "torch.SymInt", before);
  n->meta_.sourceName = std::string(sourceName);
  return n;
}

Node* Graph::createGraphInputNamed(std::string_view target, std::string typeExpr, bool before) {
  std::string name = uniqueNameWrt(target, usedNames_);
  // Insert next to the most recent input (inputs stay together, first in the graph).
  // TODO(fidelity): Dynamo anchors on the last input even once erased; we use the
  // last live one.
  Node* anchor = nullptr;
  for (auto it = inputs_.rbegin(); it != inputs_.rend() && !anchor; ++it) {
    if (!(*it)->erased()) anchor = *it;
  }
  size_t position = 0;
  if (anchor) position = positionOf(anchor) + (before ? 0 : 1);
  Node* n = newNode(Op::kPlaceholder, Target::string(name), {}, {}, std::nullopt,
                    std::move(typeExpr), position);
  if (before && !inputs_.empty()) {
    inputs_.insert(inputs_.end() - 1, n);
  } else {
    inputs_.push_back(n);
  }
  usedNames_.insert(name);
  return n;
}

Node* Graph::placeholder(std::string_view target, std::string typeExpr) {
  size_t position = 0;
  while (position < order_.size() && order_[position]->op() == Op::kPlaceholder) ++position;
  Node* n = newNode(Op::kPlaceholder, Target::string(std::string(target)), {}, {},
                    std::string(target), std::move(typeExpr), position);
  inputs_.push_back(n);
  return n;
}

void Graph::attachInputs(Node* node) {
  node->inputNodes_.clear();
  std::unordered_set<Node*> seen;
  auto collect = [node, &seen](Node* in) { pushUnique(node->inputNodes_, seen, in); };
  for (const Argument& a : node->args_) a.forEachNode(collect);
  for (const auto& [k, v] : node->kwargs_) v.forEachNode(collect);
  // `node` is new or was just detached (setArgs): no input lists it among its users yet, so
  // no search (one per user made a node with a million users quadratic to build).
  for (Node* in : node->inputNodes_) in->users_.push_back(node);
}

void Graph::detachInputs(Node* node) {
  for (Node* in : node->inputNodes_) {
    auto& u = in->users_;
    u.erase(std::remove(u.begin(), u.end(), node), u.end());
  }
  node->inputNodes_.clear();
}

void Graph::rename(Node* node, std::string_view candidate) {
  DYNRR_ASSERT(node && !node->erased_);
  if (candidate == node->name_) return;
  // createName marks the name used; the node itself holds its name (FX's
  // _obj_to_name entry for it is never read back: candidates carry no object).
  node->name_ = namespace_.createName(candidate);
}

void Graph::setArgs(Node* node, std::vector<Argument> args, Kwargs kwargs) {
  DYNRR_ASSERT(node && !node->erased_);
  detachInputs(node);
  node->args_ = std::move(args);
  node->kwargs_ = std::move(kwargs);
  attachInputs(node);
}

void Graph::replaceInputWith(Node* user, Node* from, Node* to) {
  std::vector<Argument> args = user->args_;
  Kwargs kwargs = user->kwargs_;
  auto swap = [&](Node* n) { return n == from ? to : nullptr; };
  for (Argument& a : args) a.mapNodes(swap);
  for (auto& [k, v] : kwargs) v.mapNodes(swap);
  setArgs(user, std::move(args), std::move(kwargs));
}

void Graph::replaceAllUsesWith(Node* from, Node* to) {
  std::vector<Node*> users = from->users_;
  for (Node* user : users) replaceInputWith(user, from, to);
}

Status Graph::erase(Node* node) {
  if (!node || node->erased_) return Error("erase: node already erased");
  if (!node->users_.empty()) {
    return Error("erase: node " + node->name_ + " still has " +
                 std::to_string(node->users_.size()) + " users");
  }
  order_.erase(order_.begin() + static_cast<std::ptrdiff_t>(positionOf(node)));
  detachInputs(node);
  node->erased_ = true;
  // SubgraphTracer.remove_node pops input_name_to_proxy[node.name]; that dict is
  // keyed by placeholder target, so only inputs whose target equals the node name go.
  inputs_.erase(std::remove_if(inputs_.begin(), inputs_.end(),
                               [&](Node* in) { return in->target_.name() == node->name_; }),
                inputs_.end());
  return Status::success();
}

GraphCheckpoint Graph::checkpoint() {
  GraphCheckpoint cp{timestamp_};
  timestamp_ += 1;
  return cp;
}

int Graph::restore(const GraphCheckpoint& cp) {
  timestamp_ = cp.timestamp;
  int removed = 0;
  std::vector<Node*> snapshot = order_;
  for (auto it = snapshot.rbegin(); it != snapshot.rend(); ++it) {
    Node* n = *it;
    if (n->meta_.creationTimestamp > cp.timestamp && n->op_ != Op::kPlaceholder) {
      Status s = erase(n);
      DYNRR_ASSERT(s.ok(), s.error().message());
      ++removed;
    }
  }
  return removed;
}

std::vector<Node*> Graph::placeholders() const {
  std::vector<Node*> out;
  for (Node* n : order_) {
    if (n->op_ == Op::kPlaceholder) out.push_back(n);
  }
  return out;
}

Node* Graph::findNode(std::string_view name) const {
  for (Node* n : order_) {
    if (n->name_ == name) return n;
  }
  return nullptr;
}

}  // namespace dynrr::graph
