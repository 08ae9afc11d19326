// proto_graph.cpp — see proto_graph.h.
#include "core/tracer/proto_graph.h"

#include <algorithm>
#include <tuple>

#include "core/graph/graph.h"
#include "core/support/assert.h"

namespace dynrr::tracer {
namespace {

void countUses(const ProtoGraph& g, const GraphArg& a, std::vector<int>& counts) {
  if (a.kind == GraphArg::Kind::kNode) {
    if (a.node >= 0) ++counts[static_cast<size_t>(g.resolve(a.node))];
    return;
  }
  for (const auto& item : a.items) countUses(g, item, counts);
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

void ProtoGraph::replaceAllUses(NodeId from, NodeId to) {
  DYNRR_ASSERT(from >= 0 && static_cast<size_t>(from) < nodes_.size(), from);
  DYNRR_ASSERT(to >= 0 && static_cast<size_t>(to) < nodes_.size(), to);
  events_.push_back(GraphEvent{GraphEvent::Kind::kReplaceUses, from, "", to});
  redirects_[from] = to;
}

NodeId ProtoGraph::resolve(NodeId id) const {
  for (size_t hops = 0; hops <= redirects_.size(); ++hops) {
    auto it = redirects_.find(id);
    if (it == redirects_.end()) break;
    id = it->second;
  }
  return id;
}

std::vector<NodeId> ProtoGraph::order(int graph) const {
  std::vector<NodeId> out;
  for (size_t i = 0; i < nodes_.size(); ++i) {
    if (!nodes_[i].erased && nodes_[i].graph == graph && nodes_[i].op == "placeholder")
      out.push_back(static_cast<NodeId>(i));
  }
  // The rest in creation order, a node inserted before another at that one's place.
  auto anchor = [&](NodeId id) {
    for (int depth = 0; depth < 64 && nodes_[static_cast<size_t>(id)].insertBefore >= 0; ++depth)
      id = nodes_[static_cast<size_t>(id)].insertBefore;
    return id;
  };
  // Without insertions (Graph.inserting_before) creation order is graph order: no sort.
  bool inserted = false;
  for (size_t i = 0; i < nodes_.size() && !inserted; ++i) {
    inserted = nodes_[i].insertBefore >= 0 && !nodes_[i].erased && nodes_[i].graph == graph;
  }
  if (!inserted) {
    for (size_t i = 0; i < nodes_.size(); ++i) {
      if (!nodes_[i].erased && nodes_[i].graph == graph && nodes_[i].op != "placeholder")
        out.push_back(static_cast<NodeId>(i));
    }
    return out;
  }
  std::vector<std::tuple<NodeId, int, NodeId>> rest;
  for (size_t i = 0; i < nodes_.size(); ++i) {
    if (!nodes_[i].erased && nodes_[i].graph == graph && nodes_[i].op != "placeholder") {
      auto id = static_cast<NodeId>(i);
      rest.emplace_back(anchor(id), nodes_[i].insertBefore >= 0 ? 0 : 1, id);
    }
  }
  std::sort(rest.begin(), rest.end());
  for (const auto& [a, inserted, id] : rest) out.push_back(id);
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
    for (const auto& a : node.args) countUses(*this, a, counts);
    for (const auto& kv : node.kwargs) countUses(*this, kv.second, counts);
  }
  return counts;
}

namespace {

graph::Argument toArgument(const GraphArg& a, const std::vector<graph::Node*>& nodes) {
  switch (a.kind) {
    case GraphArg::Kind::kNode: {
      graph::Node* n = a.node >= 0 && static_cast<size_t>(a.node) < nodes.size()
                           ? nodes[static_cast<size_t>(a.node)]
                           : nullptr;
      return n ? graph::Argument::node(n) : graph::Argument::none();
    }
    case GraphArg::Kind::kConstant: {
      const auto& c = a.constant;
      if (auto* b = std::get_if<bool>(&c)) return graph::Argument::boolean(*b);
      if (auto* i = std::get_if<int64_t>(&c)) return graph::Argument::integer(*i);
      if (auto* d = std::get_if<double>(&c)) return graph::Argument::floating(*d);
      if (auto* s = std::get_if<std::string>(&c)) return graph::Argument::string(*s);
      if (std::holds_alternative<vt::EllipsisValue>(c)) return graph::Argument::ellipsis();
      if (auto* t = std::get_if<vt::TorchConstant>(&c)) {
        if (t->kind == vt::TorchConstant::Kind::kDtype) return graph::Argument::dtype(t->name);
        auto colon = t->name.find(':');
        if (colon == std::string::npos) return graph::Argument::device(t->name);
        return graph::Argument::device(t->name.substr(0, colon),
                                       std::stoll(t->name.substr(colon + 1)));
      }
      return graph::Argument::none();
    }
    case GraphArg::Kind::kTuple:
    case GraphArg::Kind::kList: {
      std::vector<graph::Argument> items;
      for (const auto& item : a.items) items.push_back(toArgument(item, nodes));
      return a.kind == GraphArg::Kind::kTuple ? graph::Argument::tuple(std::move(items))
                                              : graph::Argument::list(std::move(items));
    }
    case GraphArg::Kind::kRange: {
      if (a.items.size() != 3) return graph::Argument::none();
      const auto* b = std::get_if<int64_t>(&a.items[0].constant);
      const auto* e = std::get_if<int64_t>(&a.items[1].constant);
      const auto* s = std::get_if<int64_t>(&a.items[2].constant);
      if (!b || !e || !s) return graph::Argument::none();
      return graph::Argument::range(*b, *e, *s);
    }
    case GraphArg::Kind::kSlice:
      if (a.items.size() != 3) return graph::Argument::none();
      return graph::Argument::slice(toArgument(a.items[0], nodes), toArgument(a.items[1], nodes),
                                    toArgument(a.items[2], nodes));
    case GraphArg::Kind::kDict: {
      std::vector<std::pair<graph::Argument, graph::Argument>> entries;
      for (size_t i = 0; i < a.items.size() && i < a.keys.size(); ++i) {
        entries.emplace_back(graph::Argument::string(a.keys[i]), toArgument(a.items[i], nodes));
      }
      return graph::Argument::dict(std::move(entries));
    }
  }
  return graph::Argument::none();
}

}  // namespace

Status replayGraphLog(const ProtoGraph& proto, graph::Graph& g, std::vector<graph::Node*>& nodes,
                      int graph) {
  nodes.assign(proto.size(), nullptr);
  for (const GraphEvent& ev : proto.events()) {
    const ProtoNode& pn = proto.node(ev.node);
    if (pn.graph != graph) continue;
    size_t id = static_cast<size_t>(ev.node);
    switch (ev.kind) {
      case GraphEvent::Kind::kCreate: {
        std::vector<graph::Argument> args;
        args.reserve(pn.args.size());
        for (const auto& a : pn.args) args.push_back(toArgument(a, nodes));
        graph::Kwargs kwargs;
        kwargs.reserve(pn.kwargs.size());
        for (const auto& [k, v] : pn.kwargs) kwargs.emplace_back(k, toArgument(v, nodes));
        if (pn.op == "placeholder" && !pn.symbol.empty() && !pn.intSymbol) {
          nodes[id] = g.createSymbolInput(pn.symbol, pn.source, false);
        } else if (pn.op == "placeholder" && pn.graph != 0 && pn.exactTarget) {
          nodes[id] = g.placeholder(pn.target, pn.typeExpr);
        } else if (pn.op == "placeholder" && pn.graph != 0) {
          nodes[id] = g.createGraphInputNamed(pn.target, pn.typeExpr);
        } else if (pn.op == "placeholder" && pn.namedInput) {
          nodes[id] = g.createGraphInputNamed(pn.target, pn.typeExpr);
          nodes[id]->meta().sourceName = pn.source;
        } else if (pn.op == "placeholder") {
          nodes[id] = g.createGraphInput(pn.source, pn.typeExpr);
        } else if (pn.op == "get_attr") {
          nodes[id] = g.getAttr(pn.target);
        } else if (pn.insertBefore >= 0 && nodes[static_cast<size_t>(pn.insertBefore)] &&
                   (pn.op == "call_function" || pn.op == "output")) {
          graph::Node* before = nodes[static_cast<size_t>(pn.insertBefore)];
          nodes[id] =
              pn.op == "output"
                  ? g.createNodeBefore(before, graph::Op::kOutput, graph::Target::string("output"),
                                       {args.empty() ? graph::Argument::none() : args[0]})
                  : g.createNodeBefore(before, graph::Op::kCallFunction,
                                       graph::Target::function(pn.target), std::move(args),
                                       std::move(kwargs));
        } else if (pn.op == "call_function") {
          nodes[id] = g.callFunction(pn.target, std::move(args), std::move(kwargs));
        } else if (pn.op == "call_method") {
          nodes[id] = g.callMethod(pn.target, std::move(args), std::move(kwargs));
        } else if (pn.op == "output") {
          nodes[id] = g.output(args.empty() ? graph::Argument::none() : args[0]);
        } else {
          return Error("unknown graph node op '" + pn.op + "'");
        }
        break;
      }
      case GraphEvent::Kind::kRename:
        if (nodes[id]) g.rename(nodes[id], ev.name);
        break;
      case GraphEvent::Kind::kReplaceUses:
        if (nodes[id] && ev.other >= 0 && nodes[static_cast<size_t>(ev.other)])
          g.replaceAllUsesWith(nodes[id], nodes[static_cast<size_t>(ev.other)]);
        break;
      case GraphEvent::Kind::kErase:
        if (nodes[id]) {
          if (Status s = g.erase(nodes[id]); !s) return s.error().withContext("erasing a node");
        }
        break;
    }
  }
  return Status::success();
}

}  // namespace dynrr::tracer
