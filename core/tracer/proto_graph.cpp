// proto_graph.cpp — see proto_graph.h.
#include "core/tracer/proto_graph.h"

#include "core/support/assert.h"

namespace dynrr::tracer {
namespace {

void countUses(const GraphArg& a, std::vector<int>& counts) {
  if (a.kind == GraphArg::Kind::kNode) {
    if (a.node >= 0) ++counts[static_cast<size_t>(a.node)];
    return;
  }
  for (const auto& item : a.items) countUses(item, counts);
}

}  // namespace

NodeId ProtoGraph::add(ProtoNode node) {
  NodeId id = static_cast<NodeId>(nodes_.size());
  nodes_.push_back(std::move(node));
  events_.push_back(GraphEvent{GraphEvent::Kind::kCreate, id, ""});
  return id;
}

void ProtoGraph::rename(NodeId node, const std::string& candidate) {
  DYNRR_ASSERT(node >= 0 && static_cast<size_t>(node) < nodes_.size(), node);
  events_.push_back(GraphEvent{GraphEvent::Kind::kRename, node, candidate});
}

void ProtoGraph::erase(NodeId node) {
  DYNRR_ASSERT(node >= 0 && static_cast<size_t>(node) < nodes_.size(), node);
  nodes_[static_cast<size_t>(node)].erased = true;
  events_.push_back(GraphEvent{GraphEvent::Kind::kErase, node, ""});
}

std::vector<NodeId> ProtoGraph::order() const {
  std::vector<NodeId> out;
  for (size_t i = 0; i < nodes_.size(); ++i) {
    if (!nodes_[i].erased && nodes_[i].op == "placeholder") out.push_back(static_cast<NodeId>(i));
  }
  for (size_t i = 0; i < nodes_.size(); ++i) {
    if (!nodes_[i].erased && nodes_[i].op != "placeholder") out.push_back(static_cast<NodeId>(i));
  }
  return out;
}

size_t ProtoGraph::opCount() const {
  size_t n = 0;
  for (const auto& node : nodes_) {
    if (!node.erased && node.op.rfind("call_", 0) == 0) ++n;
  }
  return n;
}

std::vector<int> ProtoGraph::userCounts() const {
  std::vector<int> counts(nodes_.size(), 0);
  for (const auto& node : nodes_) {
    if (node.erased) continue;
    for (const auto& a : node.args) countUses(a, counts);
    for (const auto& kv : node.kwargs) countUses(kv.second, counts);
  }
  return counts;
}

}  // namespace dynrr::tracer
