// output_graph.h — the graph, graph inputs and guards of one traced frame
// (torch/_dynamo/output_graph.py OutputGraph: init_ambient_guards, create_graph_input,
// guards; compile_subgraph's output node and dead-code elimination).
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/compare/decisions.h"
#include "core/guards/guard_set.h"
#include "core/symbolic/shape_env.h"
#include "core/tracer/proto_graph.h"
#include "core/vt/base.h"

namespace dynrr::tracer {

using guards::GuardKind;

class OutputGraph {
 public:
  OutputGraph();

  ProtoGraph& graph() { return graph_; }
  const ProtoGraph& graph() const { return graph_; }

  // Installs a guard once per (kind, source); none on a source derived from a
  // SkipGuardSource (GuardSet::addSkipSource).
  void addGuard(guards::GuardKind kind, const std::string& source, const std::string& detail = "") {
    guards_.add(kind, source, detail);
  }
  void addSkipGuardSource(const std::string& source) { guards_.addSkipSource(source); }
  // The frame's shape env (fake_mode.shape_env): its produce_guards expressions become
  // the SHAPE_ENV guard's decision.
  symbolic::ShapeEnv& shapeEnv() { return shapeEnv_; }
  const symbolic::ShapeEnv& shapeEnv() const { return shapeEnv_; }
  guards::GuardSet& guardSet() { return guards_; }
  const guards::GuardSet& guardSet() const { return guards_; }
  // The guards as decisions (kind names as the recorder writes them).
  std::vector<compare::GuardDecision> guardDecisions() const;

  // A placeholder for a graph input with `source` (one per source), named as
  // Dynamo names it ("L['x']" -> "L_x_").
  // `inputName` names the placeholder when it is not the source's own name (an ndarray
  // input: source ___from_numpy(L['a']), placeholder L_a_).
  NodeId graphInput(const std::string& sourceName, const fake::TensorMeta& meta,
                    const std::string& typeExpr = "torch.Tensor",
                    const std::string& inputName = "");
  std::optional<NodeId> existingInput(const std::string& sourceName) const;
  // A torch.SymInt placeholder for a size symbol read from `sourceName`
  // ("L['x'].size()[0]"), kept while a tensor input uses its symbol (setOutput).
  NodeId symbolInput(const std::string& symbol, const std::string& sourceName);

  // A torch.SymInt placeholder for a dynamic int read from `sourceName` ("L['n']"),
  // named as graph inputs are (L_n_); removed by DCE when nothing uses it (specialised).
  NodeId symIntInput(const std::string& symbol, const std::string& sourceName);

  // Adds a call node.
  // torch._check(cond) of a comparison of an unbacked symbol: `cond` is asserted
  // (aten._assert_scalar) when the graph is finished (see deferredChecks_). `cond` -1: a
  // meta function's check, with no node of its own (only its `gtBound` assert is made).
  void deferCheck(NodeId cond, const std::string& text, const std::string& symbol,
                  std::optional<int64_t> gtBound) {
    deferredChecks_.push_back(DeferredCheck{cond, text, symbol, gtBound});
  }
  NodeId callFunction(const std::string& target, std::vector<GraphArg> args,
                      std::vector<std::pair<std::string, GraphArg>> kwargs);
  NodeId callMethod(const std::string& method, std::vector<GraphArg> args,
                    std::vector<std::pair<std::string, GraphArg>> kwargs);

  // compile_subgraph: the output node returns `outputs` (tensor nodes); unused nodes
  // (no users, no side effects) are erased, as Dynamo's dead-code elimination does.
  void setOutput(const std::vector<NodeId>& outputs);
  // Non-empty when the finished graph uses what the core cannot print as Dynamo does: a
  // size input specialised to a constant while the graph still uses it.
  std::string replacementGap() const;
  // dce_extra_outputs.dce_hop_extra_outputs on the root graph (run after the dead-code
  // elimination of setOutput): a tag_activation_checkpoint call only some of whose
  // outputs are read has its subgraph return only those (a new output node) and its
  // getitems remade with the new indices, each in its old one's place.
  void pruneHopExtraOutputs();
  // OutputGraph.cleanup_graph: a torch._C._set_grad_enabled(not mode) immediately followed
  // by one switching back is erased (both nodes; their names stay taken). `gradEnabled`
  // is the grad mode when the graph is compiled. Called before setOutput.
  void cleanupGradModePairs(bool gradEnabled);
  bool hasOutput() const { return output_.has_value(); }

  // ---- SubgraphTracer: one tracer per graph being built (output_graph.py) ----
  // The graph new call nodes go to: 0 for the root tracer, else the innermost
  // SubgraphTracer's index. Graph inputs of the frame (graphInput, symbolInput,
  // symIntInput) always go to the root, as VariableBuilder's root_tracer.create_graph_input.
  int currentGraph() const { return stack_.back(); }
  bool inSubtracer() const { return stack_.size() > 1; }
  // OutputGraph.subtracer: a SubgraphTracer whose parent is the current tracer becomes
  // current until popSubtracer. Returns its index (its nodes' ProtoNode::graph).
  int pushSubtracer();
  void popSubtracer();
  // SubgraphTracer.lifted_freevars of tracer `graph`: (node of an enclosing graph, the
  // placeholder that stands for it here), in lifting order.
  const std::vector<std::pair<NodeId, NodeId>>& liftedFreevars(int graph) const {
    return tracers_[static_cast<size_t>(graph)].lifted;
  }
  // maybe_lift_tracked_freevar_to_input for the current tracer: `node` itself when it
  // belongs to the current graph; otherwise the placeholder lifting it (and, first, the
  // enclosing tracers between, as lift_tracked_freevar_to_input recurses to the parent).
  NodeId liftToCurrent(NodeId node);
  // SubgraphTracer.create_proxy lifts a call's arguments from enclosing graphs before
  // get_fake_value runs the op: a caller that runs the meta function before making the
  // node lifts up front, so the lift sees the shape env as Dynamo's did (a symbol the op
  // then specialises is lifted with its tensor). No-op in the root tracer.
  void liftCallArgs(std::vector<GraphArg>& args,
                    std::vector<std::pair<std::string, GraphArg>>& kwargs);
  // _lift_basic_symbols for a tensor input about to be created in the current tracer
  // (create_graph_input's before=True): each size, stride and storage-offset symbol of
  // `meta` not bound here becomes a placeholder first (see liftBasicSymbols).
  void liftSymbolsOf(const fake::TensorMeta& meta) {
    liftBasicSymbols(currentGraph(), basicSymbolsOf ? basicSymbolsOf(meta, "") : SymbolLists{});
  }
  // create_graph_input of a SymInt whose expression is a bare symbol: `ph` (a placeholder
  // of the current tracer) is bound to `symbol` there (bound_symbols).
  void bindSymbol(const std::string& symbol, NodeId ph) {
    tracers_[static_cast<size_t>(currentGraph())].bound[symbol] = ph;
  }
  // track_produced_symints' LazyProxy for unbacked symbol `s`, materialized: the root
  // node that made it when it is its value (.item()), else a new
  // torch.ops.aten.sym_size.int of that node's dim, placed right after it. -1 when no
  // root node binds `s`.
  NodeId materializeUnbacked(const std::string& s);
  // The free symbols of each size, stride and the storage offset of a tensor's example
  // value (sorted within one expression; "" for a value whose expression is not known);
  // empty without symbolic sizes. Set by the
  // tracing context, which maps stand-in sizes to expressions.
  using SymbolLists = std::vector<std::vector<std::string>>;
  // `source`: the graph input the lifted node is (its own symbols are known), or "".
  std::function<SymbolLists(const fake::TensorMeta&, const std::string& source)> basicSymbolsOf;
  // The expression of each size, then each stride, then the storage offset of a tensor's
  // example value (nullopt: a plain int, or not known). Set with basicSymbolsOf.
  std::function<std::vector<std::optional<symbolic::Expr>>(const fake::TensorMeta&)> dimExprsOf;
  // The root tracer's bound_symbols: the graph input node of a size symbol, or -1 (an
  // unbacked or derived symbol has none).
  std::function<NodeId(const std::string&)> rootSymbolNode;
  // Non-empty when a node could not be lifted (it belongs to no enclosing graph: a value
  // of a sibling subgraph reached through state the core does not isolate).
  const std::string& liftError() const { return liftError_; }
  // A get_attr node of the current graph reading the root module's `name`.
  NodeId getAttr(const std::string& name);
  // A get_attr node of the root graph (register_attr_or_module creates it with the root
  // tracer even inside a subgraph) reading a tensor attribute with example value `meta`.
  NodeId tensorAttr(const std::string& name, const fake::TensorMeta& meta);
  // The names of the installed subgraphs (part of OutputGraph.nn_modules).
  std::set<std::string> installedNames() const;
  // CheckFunctionManager never ran (convert_frame.fullgraph_capture): the SHAPE_ENV
  // guard has no expressions.
  void setShapeGuardsUnbuilt() { shapeGuardsUnbuilt_ = true; }
  // OutputGraph.export: setOutput lifts no size-symbol input (dropSymbolInputsForExport).
  void setExport() { export_ = true; }
  // Non-empty when the export graph uses what the core does not model (a size symbol).
  const std::string& exportGap() const { return exportGap_; }
  // OutputGraph.install_subgraph: `prefix_N` with the smallest N not yet installed
  // (get_unique_name_wrt(..., requires_suffix=True)); the subgraph of tracer `graph`.
  std::string installSubgraph(const std::string& prefix, int graph);
  // The tracer index of the subgraph installed as `name`, or -1.
  int subgraphNamed(const std::string& name) const;
  // The output node of subgraph `graph`, returning the tuple of `outputs` (nodes of it).
  NodeId subgraphOutput(int graph, const std::vector<NodeId>& outputs);
  NodeId subgraphOutputArgs(int graph, std::vector<GraphArg> outputs);  // constants too
  // Graph.placeholder(target) in subgraph `graph` before its first other node, with the
  // example value of `metaFrom` (_merge_graph_inputs' new_ph.meta = arg.node.meta).
  NodeId exactPlaceholder(int graph, const std::string& target, NodeId metaFrom);
  // The FX name `id` has at this point (its graph's log replayed so far).
  std::string nodeName(NodeId id) const;

  // Observer of new nodes (dynrr debug); may be empty. Guards: guardSet().setObserver.
  std::function<void(NodeId)> onNode;

  // Checkpoint and restore for speculation (the seed's OutputGraph.copy_graphstate /
  // restore_graphstate): restoring erases the nodes created since the checkpoint (their
  // names stay taken, as FX's namespace keeps them), drops the graph inputs and guards
  // added since, and forgets an output node. torch 2.13 replaced this for graph breaks
  // with SpeculationLog restarts, which replay.cpp mirrors by tracing the frame again.
  struct Checkpoint {
    size_t nodes = 0;
    guards::GuardSet::Checkpoint guards;
    bool hadOutput = false;
  };
  Checkpoint checkpoint() const;
  void restore(const Checkpoint& cp);

 private:
  // One placeholder per source (`node.source`); the existing one if there is.
  NodeId addPlaceholder(ProtoNode node);
  NodeId addCall(const char* op, const std::string& target, std::vector<GraphArg> args,
                 std::vector<std::pair<std::string, GraphArg>> kwargs);

  // One SubgraphTracer (index 0: the root).
  struct Tracer {
    int parent = -1;
    std::vector<std::pair<NodeId, NodeId>> lifted;
    // SubgraphTracer.bound_symbols: size symbols with their placeholder here.
    std::map<std::string, NodeId> bound;
  };
  NodeId liftFreevar(int tracer, NodeId node);
  void liftBasicSymbols(int tracer, const SymbolLists& exprs);
  // The node standing for symbol `s` in `tracer`, lifted from the enclosing tracers if
  // it is not bound there yet; -1 (and liftError_) when the root has none.
  NodeId liftSymbol(int tracer, const std::string& s);
  // The shape env's replacements in the graph (setOutput, before dead code goes).
  void applyReplacements();
  // applyReplacements for one SymInt node: hash-consed on its expression, or reified
  // from the symbol inputs when it reads a size off an intermediate tensor.
  void hashConsSymNode(NodeId id, NodeId next, std::map<std::string, NodeId>& byExpr);
  // applyReplacements for a node defining unbacked symbols: their bindings and range
  // asserts, placed before `next`.
  void bindUnbacked(NodeId id, NodeId next, std::map<std::string, NodeId>& byExpr, int graph = 0);
  // insert_deferred_runtime_asserts on an installed subgraph (Dynamo runs it on each
  // before the root): its placeholders' size, stride and offset symbols bound (a
  // sym_size.int of the first placeholder holding one, unless a SymInt placeholder for it
  // comes first), the range asserts of the unbacked symbols a placeholder's outer node
  // made, SymInt nodes hash-consed, and bindings nothing uses deleted.
  void subgraphRuntimeAsserts(int graph);
  std::set<std::string> constrainedUnbacked_;
  // torch._check of unbacked comparisons: each comparison node and its printed relation,
  // asserted after the range asserts are placed (the runtime-assert pass inserts them
  // then, right after the comparison; a range bound with the same text is not asserted
  // twice).
  // A Gt check (`u0 > 2`) also has its deferred runtime assert in canonical form
  // (`2 < u0`), a new comparison asserted after the symbol's range asserts.
  struct DeferredCheck {
    NodeId cond;
    std::string text;
    std::string symbol;
    std::optional<int64_t> gtBound;
  };
  std::vector<DeferredCheck> deferredChecks_;
  void placeDeferredChecks();
  // aten._assert_scalar(cond, "Runtime assertion failed for expression <text> on node
  // '<cond>'") placed before `before` in tracer `graph`.
  void addAssert(NodeId cond, const std::string& text, NodeId before, int graph);
  // _sympy_interp with hash-consing: the argument computing `e` from the nodes `byExpr`
  // holds (symbol inputs, earlier SymInt nodes), new nodes created before `before`;
  // nullopt when a symbol has no node or the expression has a class it does not lower.
  std::optional<GraphArg> reifySymExpr(const symbolic::Expr& e,
                                       std::map<std::string, NodeId>& byExpr, NodeId before);
  void liftArgs(GraphArg& arg);
  void dropSymbolInputsForExport(const std::vector<int>& users);

  ProtoGraph graph_;
  std::vector<Tracer> tracers_{Tracer{}};
  std::vector<int> stack_{0};
  std::vector<std::pair<std::string, int>> installed_;  // install_subgraph: name -> tracer
  std::string liftError_;
  std::string replacementGap_;  // applyReplacements' (see replacementGap)
  guards::GuardSet guards_;
  symbolic::ShapeEnv shapeEnv_;
  std::map<std::string, NodeId> inputs_;
  std::optional<NodeId> output_;
  // Symbol inputs the shape env specialised to a constant (see applyReplacements).
  std::vector<NodeId> specialisedInputs_;
  bool shapeGuardsUnbuilt_ = false;
  bool export_ = false;
  std::string exportGap_;
};

// The example value of a torch.Size read with symbolic dims, as the recorder prints it:
// "(sym s77, int 4)"; a dim that was an int is "int N", a symbolic one its expression
// through the shape env's replacements ("sym 5" once the symbol was fixed).
std::string sizeExampleText(const std::vector<symbolic::Expr>& dims, const symbolic::ShapeEnv& env);

// Dynamo's graph input name for a source: every run of characters outside
// [a-zA-Z0-9] becomes "_" (create_graph_input's re.sub).
std::string inputNameForSource(const std::string& sourceName);

}  // namespace dynrr::tracer
