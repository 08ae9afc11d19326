// output_graph.cpp — see output_graph.h.
#include "core/tracer/output_graph.h"

#include <algorithm>
#include <cctype>
#include <functional>
#include <map>
#include <set>

#include "core/graph/graph.h"
#include "core/graph/namespace.h"
#include "core/guards/rules.h"
#include "core/support/assert.h"

namespace dynrr::tracer {

std::string inputNameForSource(const std::string& sourceName) {
  return graph::placeholderNameForSource(sourceName);
}

OutputGraph::OutputGraph() { guards::installAmbientGuards(guards_); }

std::vector<compare::GuardDecision> OutputGraph::guardDecisions() const {
  std::vector<compare::GuardDecision> out;
  out.reserve(guards_.size());
  std::string shapeExprs;
  if (!shapeGuardsUnbuilt_) {
    for (const auto& e : shapeEnv_.produceGuards())
      shapeExprs += (shapeExprs.empty() ? "" : " and ") + e;
  }
  for (const auto& g : guards_.guards()) {
    if (g.discarded) continue;
    out.push_back(compare::GuardDecision{guards::guardKindName(g.kind), g.source, g.detail});
    if (g.kind == guards::GuardKind::SHAPE_ENV) out.back().detail = shapeExprs;
  }
  return out;
}

std::optional<NodeId> OutputGraph::existingInput(const std::string& sourceName) const {
  auto it = inputs_.find(sourceName);
  if (it == inputs_.end()) return std::nullopt;
  return it->second;
}

NodeId OutputGraph::addPlaceholder(ProtoNode node) {
  auto [it, fresh] = inputs_.emplace(node.source, NodeId{-1});
  if (!fresh) return it->second;
  node.op = "placeholder";
  NodeId id = graph_.add(std::move(node));
  it->second = id;
  if (onNode) onNode(id);
  return id;
}

NodeId OutputGraph::graphInput(const std::string& sourceName, const fake::TensorMeta& meta,
                               const std::string& typeExpr, const std::string& inputName) {
  ProtoNode node;
  node.target = inputNameForSource(inputName.empty() ? sourceName : inputName);
  node.namedInput = !inputName.empty();
  node.meta = meta;
  node.source = sourceName;
  node.typeExpr = typeExpr;
  return addPlaceholder(std::move(node));
}

NodeId OutputGraph::symbolInput(const std::string& symbol, const std::string& sourceName) {
  ProtoNode node;
  node.target = symbol;
  node.symbol = symbol;
  node.source = sourceName;
  node.typeExpr = "torch.SymInt";
  return addPlaceholder(std::move(node));
}

NodeId OutputGraph::symIntInput(const std::string& symbol, const std::string& sourceName) {
  ProtoNode node;
  node.target = inputNameForSource(sourceName);
  node.symbol = symbol;
  node.intSymbol = true;
  node.source = sourceName;
  node.typeExpr = "torch.SymInt";
  return addPlaceholder(std::move(node));
}

NodeId OutputGraph::addCall(const char* op, const std::string& target, std::vector<GraphArg> args,
                            std::vector<std::pair<std::string, GraphArg>> kwargs) {
  ProtoNode node;
  node.op = op;
  node.target = target;
  node.args = std::move(args);
  node.kwargs = std::move(kwargs);
  node.graph = currentGraph();
  node.replacementsBefore = shapeEnv_.replacementOrder().size();
  // SubgraphTracer.create_proxy: arguments from enclosing graphs are lifted first.
  liftCallArgs(node.args, node.kwargs);
  NodeId id = graph_.add(std::move(node));
  if (onNode) onNode(id);
  return id;
}

NodeId OutputGraph::callFunction(const std::string& target, std::vector<GraphArg> args,
                                 std::vector<std::pair<std::string, GraphArg>> kwargs) {
  return addCall("call_function", target, std::move(args), std::move(kwargs));
}

NodeId OutputGraph::callMethod(const std::string& method, std::vector<GraphArg> args,
                               std::vector<std::pair<std::string, GraphArg>> kwargs) {
  return addCall("call_method", method, std::move(args), std::move(kwargs));
}

int OutputGraph::pushSubtracer() {
  Tracer t;
  t.parent = currentGraph();
  tracers_.push_back(std::move(t));
  int id = static_cast<int>(tracers_.size() - 1);
  stack_.push_back(id);
  return id;
}

void OutputGraph::popSubtracer() {
  DYNRR_ASSERT(stack_.size() > 1, stack_.size());
  stack_.pop_back();
}

void OutputGraph::liftCallArgs(std::vector<GraphArg>& args,
                               std::vector<std::pair<std::string, GraphArg>>& kwargs) {
  if (!inSubtracer()) return;
  for (auto& a : args) liftArgs(a);
  for (auto& kv : kwargs) liftArgs(kv.second);
}

void OutputGraph::liftArgs(GraphArg& arg) {
  if (arg.kind == GraphArg::Kind::kNode) {
    if (arg.node >= 0) arg.node = liftToCurrent(arg.node);
    return;
  }
  for (auto& item : arg.items) liftArgs(item);
}

NodeId OutputGraph::liftToCurrent(NodeId node) {
  if (graph_.node(node).graph == currentGraph()) return node;
  return liftFreevar(currentGraph(), node);
}

NodeId OutputGraph::liftFreevar(int tracer, NodeId node) {
  // lift_tracked_freevar_to_input: a SymInt whose symbol is bound here already (lifted
  // with a tensor's sizes, or an earlier SymInt of that symbol) is that placeholder.
  const std::string symbol = graph_.node(node).meta
                                 ? ""
                                 : (graph_.node(node).symExpr.empty() ? graph_.node(node).symbol
                                                                      : graph_.node(node).symExpr);
  if (!symbol.empty()) {
    auto& bound = tracers_[static_cast<size_t>(tracer)].bound;
    if (auto it = bound.find(symbol); it != bound.end()) return it->second;
  }
  for (const auto& [proxy, ph] : tracers_[static_cast<size_t>(tracer)].lifted) {
    if (proxy == node) return ph;
  }
  int parent = tracers_[static_cast<size_t>(tracer)].parent;
  int owner = graph_.node(node).graph;
  if (parent < 0) {
    // The root has nothing to lift from: the node belongs to no enclosing graph.
    if (liftError_.empty())
      liftError_ = "a value of another subgraph (node " + nodeName(node) + ") is used";
    return node;
  }
  if (owner != parent) liftFreevar(parent, node);
  // create_graph_input(proxy.node.name, type(example_value), example_value) lifts the
  // tensor's size symbols first (_lift_basic_symbols, before=True): named after the node
  // in its own graph, keyed by that node.
  if (const auto& m = graph_.node(node).meta; m && basicSymbolsOf) {
    const ProtoNode& n = graph_.node(node);
    liftBasicSymbols(tracer,
                     basicSymbolsOf(*m, n.op == "placeholder" && n.graph == 0 ? n.source : ""));
  }
  const ProtoNode& from = graph_.node(node);
  ProtoNode ph;
  ph.op = "placeholder";
  ph.graph = tracer;
  ph.target = nodeName(node);
  ph.meta = from.meta;
  ph.metaTuple = from.metaTuple;
  ph.symExpr = from.symExpr.empty() ? from.symbol : from.symExpr;
  // type(example_value): a FakeTensor or a SymInt (cond and while_loop replace these
  // placeholders when they merge their subgraphs' inputs).
  ph.typeExpr = from.meta        ? "torch._subclasses.fake_tensor.FakeTensor"
                : symbol.empty() ? ""
                                 : "torch.SymInt";
  NodeId id = graph_.add(std::move(ph));
  tracers_[static_cast<size_t>(tracer)].lifted.emplace_back(node, id);
  // create_graph_input binds a SymInt whose expression is a bare symbol; a compound
  // expression is one input of its own.
  if (!symbol.empty() && std::all_of(symbol.begin(), symbol.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
      }))
    tracers_[static_cast<size_t>(tracer)].bound[symbol] = id;
  if (onNode) onNode(id);
  return id;
}

// _lift_basic_symbols / _lift_symbols_in_symint: the symbols of each expression not bound
// in `tracer` are lifted from its parent (which binds them first, recursively up to the
// root's symbol inputs). Two unbound symbols in one expression are lifted in sympy's
// free_symbols set order, which the core does not know: refused.
void OutputGraph::liftBasicSymbols(int tracer, const SymbolLists& exprs) {
  if (tracer == 0) return;
  for (const auto& syms : exprs) {
    std::vector<std::string> unbound;
    for (const auto& s : syms) {
      if (s.empty()) {
        if (liftError_.empty())
          liftError_ =
              "a tensor lifted into a subgraph whose size expression the core does not know "
              "exactly (a derived size, or a symbol made one with another: the fake tensor's "
              "own symbol is not kept)";
        return;
      }
      if (!tracers_[static_cast<size_t>(tracer)].bound.count(s)) unbound.push_back(s);
    }
    if (unbound.size() > 1 && liftError_.empty())
      liftError_ = "a size expression with two unbound symbols lifted into a subgraph (their " +
                   std::string("order is sympy's set order)");
    for (const auto& s : unbound) liftSymbol(tracer, s);
  }
}

NodeId OutputGraph::liftSymbol(int tracer, const std::string& s) {
  if (tracer == 0) {
    NodeId root = rootSymbolNode ? rootSymbolNode(s) : -1;
    if (root < 0 && liftError_.empty())
      liftError_ = "size symbol " + s +
                   " has no graph input to lift into a subgraph (an unbacked or derived " +
                   "symbol: not modelled)";
    return root;
  }
  auto& t = tracers_[static_cast<size_t>(tracer)];
  if (auto it = t.bound.find(s); it != t.bound.end()) return it->second;
  NodeId outer = liftSymbol(t.parent, s);
  if (outer < 0) return -1;
  // create_graph_input(str(s0), type(example_val), example_val): a SymInt placeholder
  // keyed (lifted_freevars) by the parent's node for the symbol.
  ProtoNode ph;
  ph.op = "placeholder";
  ph.graph = tracer;
  ph.target = s;
  ph.symExpr = s;
  ph.typeExpr = "torch.SymInt";
  NodeId id = graph_.add(std::move(ph));
  tracers_[static_cast<size_t>(tracer)].lifted.emplace_back(outer, id);
  tracers_[static_cast<size_t>(tracer)].bound[s] = id;
  if (onNode) onNode(id);
  return id;
}

NodeId OutputGraph::materializeUnbacked(const std::string& s) {
  const std::vector<NodeId> order = graph_.order(0);
  for (size_t k = 0; k < order.size(); ++k) {
    const ProtoNode& producer = graph_.node(order[k]);
    for (const auto& [symbol, dim] : producer.unbackedBindings) {
      if (symbol != s) continue;
      if (dim < 0) return order[k];
      ProtoNode size;
      size.op = "call_function";
      size.target = "torch.ops.aten.sym_size.int";
      size.graph = 0;
      size.args = {GraphArg::ofNode(order[k]), GraphArg::ofConstant(int64_t{dim})};
      size.symExpr = s;
      size.symValue = symbolic::Expr::symbol(s);
      if (k + 1 < order.size()) size.insertBefore = order[k + 1];
      NodeId id = graph_.add(std::move(size));
      if (onNode) onNode(id);
      return id;
    }
  }
  return -1;
}

NodeId OutputGraph::getAttr(const std::string& name) {
  ProtoNode node;
  node.op = "get_attr";
  node.target = name;
  node.graph = currentGraph();
  NodeId id = graph_.add(std::move(node));
  if (onNode) onNode(id);
  return id;
}

NodeId OutputGraph::tensorAttr(const std::string& name, const fake::TensorMeta& meta) {
  ProtoNode node;
  node.op = "get_attr";
  node.target = name;
  node.graph = 0;
  node.meta = meta;
  NodeId id = graph_.add(std::move(node));
  if (onNode) onNode(id);
  return id;
}

std::set<std::string> OutputGraph::installedNames() const {
  std::set<std::string> out;
  for (const auto& [n, g] : installed_) out.insert(n);
  return out;
}

std::string OutputGraph::installSubgraph(const std::string& prefix, int graph) {
  for (int n = 0;; ++n) {
    std::string name = prefix + "_" + std::to_string(n);
    if (subgraphNamed(name) < 0) {
      installed_.emplace_back(name, graph);
      return name;
    }
  }
}

int OutputGraph::subgraphNamed(const std::string& name) const {
  for (const auto& [n, g] : installed_) {
    if (n == name) return g;
  }
  return -1;
}

NodeId OutputGraph::subgraphOutput(int graph, const std::vector<NodeId>& outputs) {
  std::vector<GraphArg> args;
  for (NodeId n : outputs) args.push_back(GraphArg::ofNode(n));
  return subgraphOutputArgs(graph, std::move(args));
}

NodeId OutputGraph::subgraphOutputArgs(int graph, std::vector<GraphArg> outputs) {
  ProtoNode node;
  node.op = "output";
  node.target = "output";
  node.graph = graph;
  GraphArg tuple;
  tuple.kind = GraphArg::Kind::kTuple;
  tuple.items = std::move(outputs);
  node.args.push_back(std::move(tuple));
  return graph_.add(std::move(node));
}

NodeId OutputGraph::exactPlaceholder(int graph, const std::string& target, NodeId metaFrom) {
  const ProtoNode& from = graph_.node(metaFrom);
  ProtoNode ph;
  ph.op = "placeholder";
  ph.graph = graph;
  ph.target = target;
  ph.exactTarget = true;
  if (from.graph == 0) ph.source = from.source;
  ph.meta = from.meta;
  ph.metaTuple = from.metaTuple;
  ph.symExpr = from.symExpr.empty() ? from.symbol : from.symExpr;
  // new_ph.meta = arg.node.meta: the unbacked symbols the outer node made too.
  ph.unbackedBindings = from.unbackedBindings;
  NodeId id = graph_.add(std::move(ph));
  if (onNode) onNode(id);
  return id;
}

std::string OutputGraph::nodeName(NodeId id) const {
  graph::Graph g;
  std::vector<graph::Node*> nodes;
  if (!replayGraphLog(graph_, g, nodes, graph_.node(id).graph).ok()) return "";
  graph::Node* n = nodes[static_cast<size_t>(id)];
  return n ? n->name() : "";
}

void OutputGraph::setOutput(const std::vector<NodeId>& outputs) {
  ProtoNode node;
  node.op = "output";
  node.target = "output";
  GraphArg tuple;
  tuple.kind = GraphArg::Kind::kTuple;
  for (NodeId n : outputs) tuple.items.push_back(GraphArg::ofNode(n));
  node.args.push_back(std::move(tuple));
  output_ = graph_.add(std::move(node));
  for (const auto& [name, g] : installed_) subgraphRuntimeAsserts(g);
  constrainedUnbacked_.clear();
  applyReplacements();
  // remove_unused_graphargs: one pass from the last node back, removing only trivial
  // unused nodes (operator.getitem, accessor nodes, SymInt arithmetic); then graph
  // inputs nobody uses. Other unused ops stay in the graph, as in Dynamo.
  auto users = graph_.userCounts();
  // A SymInt-valued node (a symbol's placeholder or SymInt arithmetic).
  auto isSymNode = [&](NodeId id) {
    const ProtoNode& n = graph_.node(id);
    return !n.symbol.empty() || !n.symExpr.empty();
  };
  // In graph order from the end (reversed(list(self.graph.nodes))): nodes inserted
  // before others (the reified sizes) are visited where they stand.
  const std::vector<NodeId> rootOrder = graph_.order(0);
  for (auto r = rootOrder.rbegin(); r != rootOrder.rend(); ++r) {
    const size_t i = static_cast<size_t>(*r);
    const ProtoNode& n = graph_.node(static_cast<NodeId>(i));
    if (n.erased || n.graph != 0 || users[i] != 0) continue;
    // is_accessor_node: size / stride / storage_offset / item read off a tensor.
    bool accessor = n.op == "call_method" && !n.args.empty() &&
                    n.args[0].kind == GraphArg::Kind::kNode &&
                    (n.target == "size" || n.target == "stride" || n.target == "storage_offset" ||
                     n.target == "item");
    // is_symnode_compute_node: SymInt arithmetic on SymInts and constants.
    bool symCompute = n.op == "call_function" && !n.symExpr.empty();
    for (const auto& a : n.args) {
      if (a.kind == GraphArg::Kind::kNode && a.node >= 0 && !isSymNode(a.node)) symCompute = false;
      if (a.kind != GraphArg::Kind::kNode && a.kind != GraphArg::Kind::kConstant)
        symCompute = false;
    }
    if ((n.op == "call_function" && n.target == "operator.getitem") || accessor || symCompute) {
      // Its uses go, nested ones too (a slice's SymInt bound: x[:b0]).
      std::function<void(const GraphArg&)> release = [&](const GraphArg& a) {
        if (a.kind == GraphArg::Kind::kNode) {
          if (a.node >= 0) --users[static_cast<size_t>(graph_.resolve(a.node))];
          return;
        }
        for (const auto& item : a.items) release(item);
      };
      for (const auto& a : n.args) release(a);
      for (const auto& kv : n.kwargs) release(kv.second);
      graph_.erase(static_cast<NodeId>(i));
    }
  }
  // Graph inputs: an input that binds no symbol is dropped when unused, else the symbols
  // of its example value are in use; then a symbol input nobody uses stays only for the
  // first of those inputs whose symbol is in use (placeholder_binds_symbol, with the
  // placeholder's symbol seen through the replacements).
  std::set<std::string> used;
  std::vector<std::pair<NodeId, std::string>> recheck;
  for (NodeId id : graph_.order(0)) {
    const ProtoNode& n = graph_.node(id);
    if (n.op != "placeholder") continue;
    std::optional<std::string> binds;
    if (!n.symbol.empty()) binds = shapeEnv_.replace(symbolic::Expr::symbol(n.symbol)).asSymbol();
    if (binds) {
      if (users[static_cast<size_t>(id)] == 0) recheck.emplace_back(id, *binds);
    } else if (users[static_cast<size_t>(id)] == 0) {
      graph_.erase(id);
    } else if (n.meta) {
      for (const auto& s : shapeEnv_.freeSymbolsOf(n.source)) used.insert(s);
    }
  }
  for (const auto& [id, sym] : recheck) {
    if (!used.count(sym))
      graph_.erase(id);
    else
      used.erase(sym);
  }
  if (export_) dropSymbolInputsForExport(users);
  pruneHopExtraOutputs();
}

// SubgraphTracer.create_graph_input under export (is_strict_export): the basic symbols of
// a tensor input are not lifted as SymInt inputs (_lift_basic_symbols is skipped), so an
// export graph has none; one the graph would use is not modelled.
void OutputGraph::dropSymbolInputsForExport(const std::vector<int>& users) {
  for (NodeId id : graph_.order(0)) {
    const ProtoNode& n = graph_.node(id);
    if (n.erased || n.op != "placeholder" || n.symbol.empty()) continue;
    if (users[static_cast<size_t>(id)] == 0) {
      graph_.erase(id);
    } else if (exportGap_.empty()) {
      exportGap_ = "under export, the graph uses size symbol " + n.symbol + " of " + n.source +
                   " (Dynamo lifts no SymInt input for it and reads it off its tensor: "
                   "not modelled)";
    }
  }
}

namespace {
bool usesNode(const ProtoGraph& g, const GraphArg& a, NodeId id) {
  if (a.kind == GraphArg::Kind::kNode) return a.node >= 0 && g.resolve(a.node) == id;
  return std::any_of(a.items.begin(), a.items.end(),
                     [&](const GraphArg& item) { return usesNode(g, item, id); });
}

// Whether every live use of `id` passes it to a higher-order operator (a subgraph input
// lifted while the symbol was still free: Dynamo's graph keeps the placeholder too).
bool onlyLiftedIntoSubgraphs(const ProtoGraph& g, NodeId id) {
  for (size_t i = 0; i < g.size(); ++i) {
    const ProtoNode& n = g.node(static_cast<NodeId>(i));
    if (n.erased) continue;
    bool uses = std::any_of(n.args.begin(), n.args.end(),
                            [&](const GraphArg& a) { return usesNode(g, a, id); }) ||
                std::any_of(n.kwargs.begin(), n.kwargs.end(),
                            [&](const auto& kv) { return usesNode(g, kv.second, id); });
    if (uses && n.target.rfind("torch.ops.higher_order.", 0) != 0) return false;
  }
  return true;
}

// The number of live higher-order operator calls that take `id` as an argument.
int hopUses(const ProtoGraph& g, NodeId id) {
  int count = 0;
  for (size_t i = 0; i < g.size(); ++i) {
    const ProtoNode& n = g.node(static_cast<NodeId>(i));
    if (n.erased || n.target.rfind("torch.ops.higher_order.", 0) != 0) continue;
    if (std::any_of(n.args.begin(), n.args.end(),
                    [&](const GraphArg& a) { return usesNode(g, a, id); }))
      ++count;
  }
  return count;
}
}  // namespace

std::string OutputGraph::replacementGap() const {
  if (!replacementGap_.empty()) return replacementGap_;
  auto users = graph_.userCounts();
  for (NodeId id : specialisedInputs_) {
    // An int input (L['n']) is a graph input in its own right: used, it stays, valued
    // at the constant (Sym(2)), as in Dynamo.
    if (graph_.node(id).intSymbol) continue;
    if (!graph_.node(id).erased && users[static_cast<size_t>(id)] > 0 &&
        !onlyLiftedIntoSubgraphs(graph_, id))
      return "a size specialised to a constant (" + graph_.node(id).source +
             ") that the graph still uses (Dynamo's size nodes for it are not modelled)";
  }
  return "";
}

// insert_deferred_runtime_asserts' hash-consing, as far as Dynamo's graphs show it: a
// SymInt-valued node whose expression (through the replacements) an earlier node or a
// symbol input already has takes that node's place. The core reads a size straight from
// its symbol's placeholder, so a use of a replaced symbol's placeholder moves to the
// placeholder of the symbol it became.
// str() of a sympy Float holding an integer: 15 significant digits ("5.00000000000000").
std::string sympyFloatText(int64_t v) {
  std::string digits = std::to_string(v < 0 ? -v : v);
  if (digits.size() >= 15) return std::to_string(v) + ".0";  // (not seen: sizes are small)
  return std::to_string(v) + "." + std::string(15 - digits.size(), '0');
}

std::string sizeExampleText(const std::vector<symbolic::Expr>& dims,
                            const symbolic::ShapeEnv& env) {
  std::string text = "(";
  for (const auto& d : dims) {
    if (text.size() > 1) text += ", ";
    text += d.isConstant() ? "int " + std::to_string(d.constant()) : "sym " + env.replace(d).str();
  }
  return text + ")";
}

void OutputGraph::applyReplacements() {
  std::map<std::string, NodeId> byExpr;
  for (NodeId id : graph_.order(0)) {
    const ProtoNode& n = graph_.node(id);
    if (n.op == "placeholder" && !n.symbol.empty()) byExpr.emplace(n.symbol, id);
  }
  const std::vector<NodeId> order = graph_.order(0);
  for (size_t k = 0; k < order.size(); ++k) {
    const NodeId id = order[k];
    ProtoNode& n = graph_.node(id);
    if (n.op == "placeholder" && !n.symbol.empty()) {
      symbolic::Expr e = shapeEnv_.replace(symbolic::Expr::symbol(n.symbol));
      n.exampleText = "sym " + e.str();
      if (e.isConstant()) specialisedInputs_.push_back(id);
      auto to = byExpr.find(e.str());
      // A symbol input lifted into a subgraph before the shape env made it one with another
      // stays the operator's argument (seen with real Dynamo).
      if (to != byExpr.end() && to->second != id) {
        bool lifted = hopUses(graph_, id) > 0;
        if (!lifted)
          graph_.replaceAllUses(id, to->second);
        else if (!onlyLiftedIntoSubgraphs(graph_, id) && replacementGap_.empty())
          replacementGap_ = "size symbol " + n.symbol + " made one with " + e.str() +
                            " after it was lifted into a subgraph, and used outside it too "
                            "(not modelled)";
      }
      continue;
    }
    if (!n.sizeDims.empty()) n.exampleText = sizeExampleText(n.sizeDims, shapeEnv_);
    const NodeId next = k + 1 < order.size() ? order[k + 1] : -1;
    hashConsSymNode(id, next, byExpr);
    if (!graph_.node(id).unbackedBindings.empty() || !graph_.node(id).unbackedItemBindings.empty())
      bindUnbacked(id, next, byExpr);
  }
  placeDeferredChecks();
  // Delete unused reified symbols: an unbacked symbol's binding no node uses.
  auto users = graph_.userCounts();
  for (const auto& [key, node] : byExpr) {
    const ProtoNode& n = graph_.node(node);
    if (n.op == "placeholder" || n.erased || users[static_cast<size_t>(node)] != 0) continue;
    if (shapeEnv_.isUnbacked(key)) graph_.erase(node);
  }
}

void OutputGraph::subgraphRuntimeAsserts(int graph) {
  constrainedUnbacked_.clear();
  std::map<std::string, NodeId> byExpr;
  const std::vector<NodeId> order = graph_.order(graph);
  NodeId firstOther = -1;
  for (NodeId id : order) {
    if (graph_.node(id).op != "placeholder") {
      firstOther = id;
      break;
    }
  }
  std::vector<NodeId> made;
  auto bindAt = [&](const std::optional<symbolic::Expr>& e, NodeId ph, const char* target,
                    std::optional<int64_t> dim) {
    if (!e || !e->asSymbol() || byExpr.count(e->str())) return;
    ProtoNode n;
    n.op = "call_function";
    n.target = target;
    n.graph = graph;
    n.args = {GraphArg::ofNode(ph)};
    if (dim) n.args.push_back(GraphArg::ofConstant(*dim));
    n.symExpr = e->str();
    n.symValue = *e;
    n.insertBefore = firstOther;
    NodeId id = graph_.add(std::move(n));
    byExpr.emplace(e->str(), id);
    made.push_back(id);
  };
  for (NodeId id : order) {
    const ProtoNode& n = graph_.node(id);
    if (n.op != "placeholder") break;
    if (!n.meta) {
      const std::string& sym = n.symExpr.empty() ? n.symbol : n.symExpr;
      if (!sym.empty() && symbolic::Expr::symbol(sym).str() == sym) byExpr.emplace(sym, id);
      continue;
    }
    if (!dimExprsOf) continue;
    const auto dims = dimExprsOf(*n.meta);
    const size_t rank = n.meta->sizes.size();
    if (dims.size() != 2 * rank + 1) continue;
    for (size_t i = 0; i < rank; ++i)
      bindAt(dims[i], id, "torch.ops.aten.sym_size.int", static_cast<int64_t>(i));
    for (size_t i = 0; i < rank; ++i)
      bindAt(dims[rank + i], id, "torch.ops.aten.sym_stride.int", static_cast<int64_t>(i));
    bindAt(dims[2 * rank], id, "torch.ops.aten.sym_storage_offset.default", std::nullopt);
  }
  for (size_t k = 0; k < order.size(); ++k) {
    const NodeId id = order[k];
    const NodeId next = graph_.node(id).op == "placeholder"
                            ? firstOther
                            : (k + 1 < order.size() ? order[k + 1] : -1);
    if (graph_.node(id).op != "placeholder") hashConsSymNode(id, next, byExpr);
    if (!graph_.node(id).unbackedBindings.empty() || !graph_.node(id).unbackedItemBindings.empty())
      bindUnbacked(id, next, byExpr, graph);
  }
  auto users = graph_.userCounts();
  for (NodeId id : made) {
    if (users[static_cast<size_t>(id)] == 0) graph_.erase(id);
  }
}

void OutputGraph::hashConsSymNode(NodeId id, NodeId next, std::map<std::string, NodeId>& byExpr) {
  ProtoNode& n = graph_.node(id);
  if (!n.symValue || n.erased) return;
  symbolic::Expr e = shapeEnv_.replace(*n.symValue);
  n.symExpr = e.str();
  if (!n.symWrap.empty()) {
    // ToFloat(s68): hash-consed with the nodes computing the same wrapped value only; of a
    // symbol the shape env fixed, the float itself (ToFloat(5) evaluates to 5.0).
    n.symExpr = e.isConstant() && n.symWrap == "ToFloat" ? sympyFloatText(e.constant())
                                                         : n.symWrap + "(" + e.str() + ")";
    if (auto it = byExpr.find(n.symExpr); it != byExpr.end()) {
      graph_.replaceAllUses(id, it->second);
      graph_.erase(id);
      return;
    }
    byExpr.emplace(n.symExpr, id);
    return;
  }
  if (e.isConstant()) return;  // primitives are not hash-consed
  if (byExpr.count(e.str())) {
    // CSE: an expression an earlier node computes is taken from it, and this node goes
    // (seen with real Dynamo: a KV cache's keys.numel() read three times keeps one node).
    graph_.replaceAllUses(id, byExpr.at(e.str()));
    graph_.erase(id);
    return;
  }
  // _is_intermediate_tensor_sym_call: a size read off a tensor (or a torch.Size) that
  // is no graph input is computed from the symbol inputs instead, the new nodes placed
  // where it was.
  bool intermediate = false;
  for (const auto& a : n.args) {
    if (a.kind != GraphArg::Kind::kNode || a.node < 0) continue;
    const ProtoNode& arg = graph_.node(graph_.resolve(a.node));
    bool tensorOrSize = arg.meta.has_value() ||
                        (arg.op == "call_method" && arg.target == "size" && arg.args.size() == 1);
    intermediate = intermediate || (tensorOrSize && arg.op != "placeholder");
  }
  bool known = true;
  for (const auto& s : e.freeSymbols()) known = known && byExpr.count(s);
  if (intermediate && known) {
    auto made = reifySymExpr(e, byExpr, next);
    if (made && made->kind == GraphArg::Kind::kNode) {
      graph_.replaceAllUses(id, made->node);
      graph_.erase(id);
      return;
    }
    // Dynamo rebuilds it from the symbol inputs (sympy_interp); keeping the call would be
    // a graph Dynamo did not make.
    if (replacementGap_.empty())
      replacementGap_ = "a size read off an intermediate tensor whose expression " + e.str() +
                        " Dynamo rebuilds from the symbol inputs with an operator the core "
                        "does not reify";
  }
  byExpr.emplace(e.str(), id);
}

// insert_deferred_runtime_asserts for a node with unbacked_bindings: each symbol not
// bound yet is bound right after it (the node itself for .item(), else
// torch.ops.aten.sym_size.int of the dim that holds it), then asserted within its range
// when the range is narrower than an int's (`u0 >= 0`, `u0 <= 10`: ge / le nodes, each
// with an aten._assert_scalar naming it).
void OutputGraph::bindUnbacked(NodeId id, NodeId next, std::map<std::string, NodeId>& byExpr,
                               int graph) {
  auto bindings = graph_.node(id).unbackedBindings;
  // An item of the node's tuple: bound by `getitem(node, index)` (kItemBinding - index).
  constexpr int kItemBinding = -2;
  for (const auto& [symbol, index] : graph_.node(id).unbackedItemBindings)
    bindings.emplace_back(symbol, kItemBinding - static_cast<int>(index));
  for (const auto& [symbol, dim] : bindings) {
    if (!byExpr.count(symbol)) {
      if (dim <= kItemBinding) {
        ProtoNode item;
        item.op = "call_function";
        item.target = "operator.getitem";
        item.args = {GraphArg::ofNode(id), GraphArg::ofConstant(int64_t{kItemBinding - dim})};
        item.symExpr = symbol;
        item.symValue = symbolic::Expr::symbol(symbol);
        item.insertBefore = next;
        item.graph = graph;
        byExpr.emplace(symbol, graph_.add(std::move(item)));
      } else if (dim < 0) {
        byExpr.emplace(symbol, id);
      } else {
        ProtoNode size;
        size.op = "call_function";
        size.target = "torch.ops.aten.sym_size.int";
        size.args = {GraphArg::ofNode(id), GraphArg::ofConstant(int64_t{dim})};
        size.symExpr = symbol;
        size.symValue = symbolic::Expr::symbol(symbol);
        size.insertBefore = next;
        size.graph = graph;
        byExpr.emplace(symbol, graph_.add(std::move(size)));
      }
    }
  }
  // All the node's symbols are bound first, then each one's range asserts.
  for (const auto& binding : bindings) {
    const std::string& symbol = binding.first;
    if (!constrainedUnbacked_.insert(symbol).second) continue;
    const symbolic::SymbolInfo* info = shapeEnv_.symbol(symbol);
    if (!info) continue;
    auto assertBound = [&](symbolic::RelOp op, int64_t bound) {
      symbolic::Relation rel{symbolic::Expr::symbol(symbol), op, symbolic::Expr(bound)};
      std::string text = rel.python([](const std::string& s) { return s; });
      for (const auto& d : deferredChecks_)
        if (d.text == text) return;  // a torch._check asserts it already
      ProtoNode cmp;
      cmp.op = "call_function";
      cmp.target = op == symbolic::RelOp::kGe ? "operator.ge" : "operator.le";
      cmp.args = {GraphArg::ofNode(byExpr.at(symbol)), GraphArg::ofConstant(bound)};
      cmp.symExpr = text;
      cmp.insertBefore = next;
      cmp.graph = graph;
      NodeId c = graph_.add(std::move(cmp));
      ProtoNode check;
      check.op = "call_function";
      check.target = "torch.ops.aten._assert_scalar.default";
      check.args = {GraphArg::ofNode(c),
                    GraphArg::ofConstant("Runtime assertion failed for expression " + text +
                                         " on node '" + nodeName(c) + "'")};
      check.insertBefore = next;
      check.graph = graph;
      graph_.add(std::move(check));
    };
    if (info->lower) assertBound(symbolic::RelOp::kGe, *info->lower);
    if (info->upper) assertBound(symbolic::RelOp::kLe, *info->upper);
    // A Gt check's canonical deferred assert (`0 < u0`): a comparison of its own.
    for (const auto& d : deferredChecks_) {
      if (d.symbol != symbol || !d.gtBound) continue;
      ProtoNode cmp;
      cmp.op = "call_function";
      cmp.target = "operator.gt";
      cmp.args = {GraphArg::ofNode(byExpr.at(symbol)), GraphArg::ofConstant(*d.gtBound)};
      cmp.symExpr = symbol + " > " + std::to_string(*d.gtBound);
      cmp.insertBefore = next;
      cmp.graph = graph;
      NodeId c = graph_.add(std::move(cmp));
      addAssert(c, std::to_string(*d.gtBound) + " < " + symbol, next, graph);
    }
  }
}

void OutputGraph::placeDeferredChecks() {
  if (deferredChecks_.empty()) return;
  for (const auto& d : deferredChecks_) {
    if (d.cond < 0) continue;  // a meta function's check: asserted where its symbol is bound
    const int graph = graph_.node(d.cond).graph;
    const std::vector<NodeId> order = graph_.order(graph);
    auto at = std::find(order.begin(), order.end(), d.cond);
    addAssert(d.cond, d.text, at != order.end() && at + 1 != order.end() ? *(at + 1) : -1, graph);
  }
}

void OutputGraph::addAssert(NodeId cond, const std::string& text, NodeId before, int graph) {
  ProtoNode check;
  check.op = "call_function";
  check.target = "torch.ops.aten._assert_scalar.default";
  check.args = {GraphArg::ofNode(cond),
                GraphArg::ofConstant("Runtime assertion failed for expression " + text +
                                     " on node '" + nodeName(cond) + "'")};
  check.insertBefore = before;
  check.graph = graph;
  graph_.add(std::move(check));
}

std::optional<GraphArg> OutputGraph::reifySymExpr(const symbolic::Expr& e,
                                                  std::map<std::string, NodeId>& byExpr,
                                                  NodeId before) {
  using Kind = symbolic::Expr::Top::Kind;
  if (auto it = byExpr.find(e.str()); it != byExpr.end()) return GraphArg::ofNode(it->second);
  symbolic::Expr::Top top = e.top();
  if (top.kind == Kind::kInteger) return GraphArg::ofConstant(top.number);
  if (top.kind == Kind::kSymbol) return std::nullopt;
  if (top.kind == Kind::kPow && top.number < 2) return std::nullopt;  // (sizes: not seen)
  std::vector<GraphArg> args;
  for (const auto& a : top.args) {
    auto r = reifySymExpr(a, byExpr, before);
    if (!r) return std::nullopt;
    args.push_back(std::move(*r));
  }
  auto make = [&](const std::string& target, std::vector<GraphArg> nodeArgs,
                  const symbolic::Expr& value) {
    ProtoNode node;
    node.op = "call_function";
    node.target = target;
    node.args = std::move(nodeArgs);
    node.insertBefore = before;
    node.symExpr = value.str();
    node.symValue = value;
    return graph_.add(std::move(node));
  };
  NodeId made = -1;
  switch (top.kind) {
    case Kind::kAdd: {  // OptimizedPythonReferenceAnalysis.sym_sum
      GraphArg list;
      list.kind = GraphArg::Kind::kList;
      list.items = std::move(args);
      made = make("torch.sym_sum", {std::move(list)}, e);
      break;
    }
    case Kind::kMul: {  // an associative op: folded from the left
      GraphArg acc = args[0];
      symbolic::Expr value = top.args[0];
      for (size_t i = 1; i < args.size(); ++i) {
        value = value * top.args[i];
        acc = GraphArg::ofNode(make("operator.mul", {acc, args[i]}, value));
      }
      made = acc.node;
      break;
    }
    case Kind::kPow:  // sympy's x*x is Pow(x, 2): pow_by_natural, `s77 ** 2`
      args.push_back(GraphArg::ofConstant(top.number));
      made = make("operator.pow", std::move(args), e);
      break;
    case Kind::kFloorDiv: made = make("operator.floordiv", std::move(args), e); break;
    case Kind::kMod:
    case Kind::kPythonMod: made = make("operator.mod", std::move(args), e); break;
    default: return std::nullopt;
  }
  byExpr.emplace(e.str(), made);
  return GraphArg::ofNode(made);
}

void OutputGraph::pruneHopExtraOutputs() {
  const auto users = graph_.userCounts();
  const std::vector<NodeId> order = graph_.order(0);
  for (NodeId h : order) {
    const ProtoNode& hop = graph_.node(h);
    if (hop.erased || hop.op != "call_function" ||
        hop.target != "torch.ops.higher_order.tag_activation_checkpoint" || hop.args.empty() ||
        hop.args[0].kind != GraphArg::Kind::kNode || hop.args[0].node < 0)
      continue;
    int sub = subgraphNamed(graph_.node(hop.args[0].node).target);
    if (sub < 0) continue;
    // _is_output_used: a getitem of that index with users.
    std::vector<NodeId> getitems;
    std::set<int64_t> used;
    for (NodeId g : order) {
      const ProtoNode& n = graph_.node(g);
      if (n.erased || n.target != "operator.getitem" || n.args.size() != 2 ||
          n.args[0].kind != GraphArg::Kind::kNode || n.args[0].node != h ||
          users[static_cast<size_t>(g)] == 0)
        continue;
      const auto* i = std::get_if<int64_t>(&n.args[1].constant);
      if (!i) continue;
      getitems.push_back(g);
      used.insert(*i);
    }
    const size_t num = graph_.node(h).metaTuple.size();
    if (used.empty() || used.size() >= num) continue;
    NodeId oldOut = -1;
    for (NodeId id : graph_.order(sub)) {
      if (graph_.node(id).op == "output") oldOut = id;
    }
    if (oldOut < 0 || graph_.node(oldOut).args.empty() ||
        graph_.node(oldOut).args[0].items.size() != num)
      continue;
    std::map<int64_t, int64_t> newIndex;
    ProtoNode out;
    out.op = "output";
    out.target = "output";
    out.graph = sub;
    out.insertBefore = oldOut;
    GraphArg tuple;
    tuple.kind = GraphArg::Kind::kTuple;
    std::vector<fake::TensorMeta> metas;
    for (int64_t i : used) {
      newIndex[i] = static_cast<int64_t>(tuple.items.size());
      tuple.items.push_back(graph_.node(oldOut).args[0].items[static_cast<size_t>(i)]);
      metas.push_back(graph_.node(h).metaTuple[static_cast<size_t>(i)]);
    }
    out.args.push_back(std::move(tuple));
    NodeId newOut = graph_.add(std::move(out));
    graph_.replaceAllUses(oldOut, newOut);
    graph_.erase(oldOut);
    for (NodeId g : getitems) {
      ProtoNode item;
      item.op = "call_function";
      item.target = "operator.getitem";
      item.graph = 0;
      item.insertBefore = g;
      item.meta = graph_.node(g).meta;
      const int64_t old = std::get<int64_t>(graph_.node(g).args[1].constant);
      item.args = {GraphArg::ofNode(h), GraphArg::ofConstant(newIndex[old])};
      NodeId n = graph_.add(std::move(item));
      graph_.replaceAllUses(g, n);
      graph_.erase(g);
    }
    graph_.node(h).metaTuple = std::move(metas);
  }
}

void OutputGraph::cleanupGradModePairs(bool gradEnabled) {
  auto setsTo = [&](NodeId id) -> std::optional<bool> {
    const ProtoNode& n = graph_.node(id);
    if (n.erased || n.op != "call_function" || n.target != "torch._C._set_grad_enabled" ||
        n.args.size() != 1 || n.args[0].kind != GraphArg::Kind::kConstant)
      return std::nullopt;
    const auto* b = std::get_if<bool>(&n.args[0].constant);
    return b ? std::optional<bool>(*b) : std::nullopt;
  };
  std::vector<NodeId> order = graph_.order();
  for (size_t i = 0; i + 1 < order.size(); ++i) {
    auto first = setsTo(order[i]);
    if (!first || *first != !gradEnabled) continue;
    gradEnabled = *first;
    auto second = setsTo(order[i + 1]);
    if (!second || *second != !gradEnabled) continue;
    gradEnabled = *second;
    graph_.erase(order[i]);
    graph_.erase(order[i + 1]);
  }
}

OutputGraph::Checkpoint OutputGraph::checkpoint() const {
  return Checkpoint{graph_.size(), guards_.checkpoint(), output_.has_value()};
}

void OutputGraph::restore(const Checkpoint& cp) {
  for (size_t i = graph_.size(); i-- > cp.nodes;) {
    if (!graph_.node(static_cast<NodeId>(i)).erased) graph_.erase(static_cast<NodeId>(i));
  }
  for (auto it = inputs_.begin(); it != inputs_.end();) {
    if (static_cast<size_t>(it->second) >= cp.nodes) {
      it = inputs_.erase(it);
    } else {
      ++it;
    }
  }
  if (!cp.hadOutput) output_.reset();
  guards_.restore(cp.guards);
}

}  // namespace dynrr::tracer
