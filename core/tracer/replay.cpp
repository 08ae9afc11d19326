// replay.cpp — replays one recorded compile event through the core and assembles the
// core's decisions (the role of convert_frame._compile + OutputGraph.compile_subgraph
// + CheckFunctionManager in Dynamo): the graph is emitted through core/graph so node
// names and the printed code follow FX's rules.
#include <kj/exception.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <map>
#include <optional>
#include <set>

#include "core/bytecode/code_object.h"
#include "core/bytecode/dynamo_instructions.h"
#include "core/bytecode/exception_table.h"
#include "core/compare/compare.h"
#include "core/fake/broadcast.h"
#include "core/fake/dtype.h"
#include "core/graph/graph.h"
#include "core/graph/printer.h"
#include "core/guards/rules.h"
#include "core/symbolic/overflow.h"
#include "core/tracer/codegen.h"
#include "core/tracer/derived_sizes.h"
#include "core/tracer/dynamic_inputs.h"
#include "core/tracer/instruction_translator.h"
#include "core/tracer/liveness.h"
#include "core/tracer/unbacked.h"
#include "core/tracer/variable_builder.h"
#include "core/vt/ctx_manager.h"
#include "core/vt/lazy_cycles.h"
#include "core/vt/lists.h"
#include "core/vt/tensor.h"
#include "core/vt/user_defined.h"

namespace dynrr::tracer {
namespace {

// Replays the tracer's graph log of graph `graphId` (0: the root) into an FX-like graph
// and reads back names and code; then the subgraphs its get_attr nodes read, in node
// order, each with its own.
// dce_extra_outputs.dce_hop_extra_outputs, which Dynamo runs on the finished graph: a
// tag_activation_checkpoint call some but not all of whose outputs are read (by a getitem
// with users) has its subgraph's outputs pruned and its getitems remade. The root graph's
// calls are pruned (OutputGraph::pruneHopExtraOutputs); one inside a subgraph is not
// modelled: such a graph is reported unsupported.
Status checkHopExtraOutputs(const ProtoGraph& proto, const std::vector<NodeId>& order) {
  std::optional<std::vector<int>> users;
  for (NodeId id : order) {
    const ProtoNode& hop = proto.node(id);
    if (hop.erased || hop.op != "call_function" ||
        hop.target != "torch.ops.higher_order.tag_activation_checkpoint")
      continue;
    if (!users) users = proto.userCounts();
    std::set<int64_t> used;
    for (NodeId g : order) {
      const ProtoNode& n = proto.node(g);
      if (n.erased || n.target != "operator.getitem" || n.args.size() != 2 ||
          n.args[0].kind != GraphArg::Kind::kNode || n.args[0].node != id ||
          (*users)[static_cast<size_t>(g)] == 0)
        continue;
      if (const auto* i = std::get_if<int64_t>(&n.args[1].constant)) used.insert(*i);
    }
    if (!used.empty() && used.size() < hop.metaTuple.size())
      return unsupported(
          "a torch.utils.checkpoint call only some of whose outputs are used (Dynamo's "
          "dce_hop_extra_outputs prunes the subgraph's outputs and remakes the getitems: not "
          "modelled)");
  }
  return Status::success();
}

Expected<compare::GraphDecision> emitGraph(const OutputGraph& output, int graphId, int depth) {
  const ProtoGraph& proto = output.graph();
  const std::vector<NodeId> order = proto.order(graphId);
  if (Status s = checkHopExtraOutputs(proto, order); !s) return s.error();
  graph::Graph g;
  std::vector<graph::Node*> nodes;
  if (Status s = replayGraphLog(proto, g, nodes, graphId); !s)
    return s.error().withContext("graph log");
  compare::GraphDecision out;
  out.code = graph::pythonCode(g);
  for (NodeId id : order) {
    const ProtoNode& pn = proto.node(id);
    if (pn.op != "get_attr" || depth >= 16) continue;
    int sub = output.subgraphNamed(pn.target);
    if (sub < 0) continue;
    auto sg = emitGraph(output, sub, depth + 1);
    if (!sg) return sg.error();
    out.subgraphs.push_back(compare::SubgraphDecision{pn.target, std::move(*sg)});
  }
  out.nodes.reserve(order.size());
  for (NodeId id : order) {
    const ProtoNode& pn = proto.node(id);
    compare::NodeDecision nd;
    nd.name = nodes[static_cast<size_t>(id)]->name();
    nd.op = pn.op;
    // A per-call callable's "@<token>" (graph::Target::function) is no part of its name.
    nd.target = pn.target.substr(0, pn.target.find('@'));
    nd.source = pn.source;
    if (!pn.exampleText.empty()) {
      nd.exampleValue = pn.exampleText;
    } else if (!pn.symbol.empty()) {
      nd.exampleValue = "sym " + pn.symbol;
    } else if (!pn.symExpr.empty()) {
      // A bare symbol lifted into a subgraph prints through the replacements (a symbol
      // the shape env specialised after the lift is its constant).
      const auto& env = output.shapeEnv();
      nd.exampleValue =
          "sym " + (env.symbol(pn.symExpr) ? env.replace(symbolic::Expr::symbol(pn.symExpr)).str()
                                           : pn.symExpr);
    } else if (pn.meta) {
      nd.exampleValue = vt::canonicalMeta(*pn.meta);
    } else if (!pn.metaTuple.empty()) {
      nd.exampleValue = "(";
      for (size_t i = 0; i < pn.metaTuple.size(); ++i) {
        if (i) nd.exampleValue += ", ";
        nd.exampleValue += vt::canonicalMeta(pn.metaTuple[i]);
      }
      nd.exampleValue += ")";
    }
    out.nodes.push_back(std::move(nd));
  }
  return out;
}

// automatic_dynamic_shapes: when a frame is compiled again and an input tensor's
// sizes, or an input int, differ from an earlier compile of the same code, Dynamo marks
// them dynamic (frame_state / process_automatic_dynamic) and traces with symbols. The
// core models dynamic sizes of tensors reached from the frame's locals (a changed rank
// makes every dim dynamic) and dynamic int locals; strides that changed alone, ints
// inside containers and tensors in cells are reported unsupported.
struct DynamicPlan {
  std::map<std::string, std::vector<bool>> dims;  // local name -> dynamic dims
  std::set<std::string> ints;                     // int locals and cell contents
  std::string unsupported;                        // non-empty: what is not modelled
  // DimDynamic.DUCK (assume_static_by_default=False: equal sizes share a symbol) rather
  // than DimDynamic.DYNAMIC (automatic dynamic, mark_dynamic: a symbol per dim).
  bool duck = false;
  // Dims that are DimDynamic.DYNAMIC even then: marked dynamic, or automatic dynamic
  // (their size changed since an earlier compile), as _automatic_dynamic decides.
  std::map<std::string, std::vector<bool>> nonDuck;
  // Of those, the dims marked dynamic (mark_dynamic / maybe_mark_dynamic), as opposed to
  // automatic dynamic: a marked dim of size 0 or 1 is not simply specialised.
  std::map<std::string, std::vector<bool>> marked;
  // A recompile under automatic_dynamic_shapes (an earlier compile of the same code):
  // the sources whose sizes this plan compared with the earlier compile's.
  std::optional<std::set<std::string>> recompileTracked;
  // Pairs of symbols an earlier pass found equal (ReplayOutcome.unify).
  std::set<std::pair<std::string, std::string>> unified;
  // When each symbol of those was made one, the earliest pass's (TracingContext.unifiedAt).
  std::map<std::string, size_t> unifiedAt;
  // The earlier compiles of the same code and closure key (TracingContext.earlierEvents).
  std::vector<size_t> earlierEvents;
  // torch.export Dim ranges by dim source ("L['flat_args'][0].size()[0]"): min, max
  // (-1: unbounded).
  std::map<std::string, std::pair<int64_t, int64_t>> exportRanges;
};

// A value of the frame Dynamo may wrap with a source: each local and cell's contents,
// and the items of tuples, lists and str-keyed dicts in them, named as the core's
// sources name them (L['args'][0], L['kwargs']['input_ids']).
struct FrameValue {
  std::string source;
  std::string local;  // the root local's name
  trace::ObjRef ref;
  bool cell;
};

std::vector<FrameValue> frameValues(const trace::TraceReader& trace,
                                    schema::FrameInput::Reader frame) {
  using W = schema::Object::Which;
  std::vector<FrameValue> out;
  std::function<void(const std::string&, const std::string&, trace::ObjRef, bool, int)> walk =
      [&](const std::string& source, const std::string& local, trace::ObjRef ref, bool cell,
          int depth) {
        out.push_back(FrameValue{source, local, ref, cell});
        auto o = trace.object(ref);
        if (!o || depth >= 2) return;
        if (o->which() == W::TUPLE || o->which() == W::LIST) {
          auto items = o->which() == W::TUPLE ? o->getTuple() : o->getList();
          for (unsigned i = 0; i < items.size() && i < 64; ++i)
            walk(source + "[" + std::to_string(i) + "]", local, items[i], cell, depth + 1);
        } else if (o->which() == W::DICT) {
          unsigned n = 0;
          for (auto e : o->getDict()) {
            if (++n > 64) break;
            auto k = trace.object(e.getKey());
            if (!k || k->which() != W::STR) continue;
            walk(source + "[" + vt::pyStrRepr(k->getStr().cStr()) + "]", local, e.getValue(), cell,
                 depth + 1);
          }
        }
      };
  for (bool cell : {false, true}) {
    for (auto nv : cell ? frame.getCells() : frame.getLocals()) {
      trace::ObjRef ref = nv.getValue();
      if (cell) {
        auto c = trace.object(ref);
        if (!c || c->which() != W::CELL || c->getCell().getEmpty()) continue;
        ref = c->getCell().getContents();
      }
      std::string name = nv.getName();
      walk("L[" + vt::pyStrRepr(name) + "]", name, ref, cell, 0);
    }
  }
  return out;
}

// The frame state is per CodeId (pgo.py): the code, and of its closure the code of each
// cell holding a function (_get_closure_content), so one wrapper's code closing over
// different functions keeps a frame state per function.
std::vector<std::string> codeIdClosureKey(const trace::TraceReader& trace,
                                          schema::FrameInput::Reader f) {
  using W = schema::Object::Which;
  std::vector<std::string> key;
  auto code = trace.object(f.getCode());
  if (!code || code->which() != W::CODE) return key;
  std::set<std::string> freevars;
  for (auto name : code->getCode().getFreevars()) freevars.insert(name);
  for (auto nv : f.getCells()) {
    if (!freevars.count(nv.getName())) continue;
    std::string part = "-";
    auto c = trace.object(nv.getValue());
    if (c && c->which() == W::CELL && !c->getCell().getEmpty()) {
      auto fn = trace.object(c->getCell().getContents());
      if (fn && fn->which() == W::BOUND_METHOD)
        fn = trace.object(fn->getBoundMethod().getFunction());
      if (fn && fn->which() == W::FUNCTION) {
        auto fc = trace.object(fn->getFunction().getCode());
        if (fc && fc->which() == W::CODE)
          part = std::string(fc->getCode().getFilename().cStr()) + ":" +
                 std::to_string(fc->getCode().getFirstlineno()) + ":" +
                 fc->getCode().getQualname().cStr();
      }
    }
    key.push_back(part);
  }
  return key;
}

// The metadata of a recorded tensor (nullopt for any other object).
std::optional<schema::TensorMeta::Reader> tensorMetaOf(const trace::TraceReader& trace,
                                                       trace::ObjRef ref) {
  using W = schema::Object::Which;
  auto t = trace.object(ref);
  if (!t || t->which() != W::TENSOR) return std::nullopt;
  auto m = trace.object(t->getTensor().getMeta());
  if (!m || m->which() != W::TENSOR_META) return std::nullopt;
  return m->getTensorMeta();
}

// automatic_dynamic_shapes for the global tensors of `frame` against an earlier compile
// of the same code. False when the plan is unsupported.
bool compareGlobalTensors(const trace::TraceReader& trace, schema::FrameInput::Reader frame,
                          schema::FrameInput::Reader earlier, DynamicPlan& plan) {
  using W = schema::Object::Which;
  auto metaOf = [&](trace::ObjRef ref) { return tensorMetaOf(trace, ref); };
  // Global tensors: tracked when the earlier compile reached the same global with the
  // same sizes and strides; a changed one would be automatic dynamic (not modelled).
  auto globalTensors = [&](schema::FrameInput::Reader f) {
    std::map<std::string, trace::ObjRef> out;
    auto g = trace.object(f.getGlobals());
    if (!g || g->which() != W::DICT) return out;
    for (auto e : g->getDict()) {
      auto key = trace.object(e.getKey());
      if (key && key->which() == W::STR && metaOf(e.getValue()))
        out.emplace("G[" + vt::pyStrRepr(key->getStr().cStr()) + "]", e.getValue());
    }
    return out;
  };
  auto earlierGlobals = globalTensors(earlier);
  for (const auto& [source, ref] : globalTensors(frame)) {
    auto it = earlierGlobals.find(source);
    if (it == earlierGlobals.end()) continue;
    auto ta = metaOf(ref), tb = metaOf(it->second);
    bool same = ta->getShape().size() == tb->getShape().size() &&
                ta->getStride().size() == tb->getStride().size();
    for (unsigned k = 0; same && k < ta->getShape().size(); ++k)
      same = ta->getShape()[k] == tb->getShape()[k];
    for (unsigned k = 0; same && k < ta->getStride().size(); ++k)
      same = ta->getStride()[k] == tb->getStride()[k];
    if (same) {
      plan.recompileTracked->insert(source);
    } else {
      plan.unsupported = "automatic dynamic shapes of a global tensor " + source;
      return false;
    }
  }
  return true;
}

// automatic_dynamic_shapes for the frame's values against an earlier compile of the same
// code (frame_state per source): changed ints become SymInts, changed tensor dims
// dynamic. False when the plan is unsupported.
bool compareFrameValues(const trace::TraceReader& trace, const std::vector<FrameValue>& values,
                        schema::FrameInput::Reader earlier, DynamicPlan& plan) {
  using W = schema::Object::Which;
  auto metaOf = [&](trace::ObjRef ref) { return tensorMetaOf(trace, ref); };
  std::map<std::string, trace::ObjRef> before;
  for (const auto& v : frameValues(trace, earlier)) before.emplace(v.source, v.ref);
  for (const auto& v : values) {
    auto it = before.find(v.source);
    if (it == before.end()) continue;
    const std::string& name = v.source;
    auto a = trace.object(v.ref);
    auto b = trace.object(it->second);
    if (a && b && a->which() == W::TENSOR && b->which() == W::FLOAT) {
      // A float input is wrapped as a 0-d tensor for the frame state
      // (specialize_float=False); a tensor in its place later has another rank, so
      // all its dims become dynamic and broadcasting may specialise them again.
      plan.unsupported = name + " changed from a float to a tensor";
      return false;
    }
    if (!a || !b || a->which() != b->which()) continue;
    if (a->which() == W::INT && a->getInt() != b->getInt()) {
      // automatic_dynamic_shapes: an int whose value changed becomes a SymInt.
      if (v.source != "L[" + vt::pyStrRepr(v.local) + "]") {
        plan.unsupported = "an int inside a container (" + v.source + ") changed value";
        return false;
      }
      plan.ints.insert(v.local);
      continue;
    }
    if (a->which() != W::TENSOR) continue;
    auto ta = metaOf(v.ref), tb = metaOf(it->second);
    if (!ta || !tb) continue;
    auto sa = ta->getShape(), sb = tb->getShape();
    std::vector<bool> dyn(sa.size(), false);
    bool any = false;
    for (unsigned k = 0; k < sa.size(); ++k) {
      dyn[k] = sa.size() != sb.size() || sa[k] != sb[k];
    }
    for (auto d : ta->getStaticDims()) {
      if (d < dyn.size()) dyn[d] = false;  // marked static: never automatic dynamic
    }
    for (bool d : dyn) any = any || d;
    bool stridesDiffer = ta->getStride().size() != tb->getStride().size();
    for (unsigned k = 0; !stridesDiffer && k < ta->getStride().size(); ++k)
      stridesDiffer = ta->getStride()[k] != tb->getStride()[k];
    if (!any && !stridesDiffer) continue;
    if (v.cell) {
      plan.unsupported = "tensor cell contents '" + name + "' sizes/strides changed";
      return false;
    }
    if (!any) {
      plan.unsupported = "tensor input '" + name + "' strides changed (dynamic strides)";
      return false;
    }
    auto& merged = plan.dims[name];
    if (merged.size() != dyn.size()) merged.assign(dyn.size(), false);
    for (size_t k = 0; k < dyn.size(); ++k) merged[k] = merged[k] || dyn[k];
    auto& nonDuck = plan.nonDuck[name];
    if (nonDuck.size() != dyn.size()) nonDuck.assign(dyn.size(), false);
    for (size_t k = 0; k < dyn.size(); ++k) nonDuck[k] = nonDuck[k] || dyn[k];
  }
  return true;
}

// torch.export Dims (CompileEvent.exportConstraints): _automatic_dynamic makes each
// constrained dim DimDynamic.DYNAMIC with the constraint's range (dim2constraint, which
// export constraints enter first), as mark_dynamic with a range would. Only the strict
// export frame is modelled: torch._dynamo.export's SHAPE_ENV guard would print the ranges.
bool exportConstraintDims(const trace::TraceReader& trace, schema::CompileEvent::Reader event,
                          const std::vector<FrameValue>& values, DynamicPlan& plan) {
  auto constraints = event.getExportConstraints();
  if (constraints.size() == 0) return true;
  auto code = bytecode::codeFromTrace(trace, event.getFrame().getCode());
  if (!code || code->qualname != "ModuleToTrace.forward") {
    plan.unsupported =
        "export constraints (torch.export Dims) outside torch.export.export's "
        "strict frame: the range guards they give are not modelled";
    return false;
  }
  for (auto c : constraints) {
    std::string src = c.getSource().cStr();
    auto v = std::find_if(values.begin(), values.end(),
                          [&](const FrameValue& fv) { return fv.source == src; });
    std::optional<schema::TensorMeta::Reader> m;
    if (v != values.end()) m = tensorMetaOf(trace, v->ref);
    if (src.empty() || !m || c.getDim() >= m->getShape().size()) {
      plan.unsupported = "an export constraint on a tensor the frame's values do not hold";
      return false;
    }
    for (auto* dims : {&plan.dims, &plan.nonDuck, &plan.marked}) {
      auto& d = (*dims)[src];
      d.resize(m->getShape().size(), false);
      d[c.getDim()] = true;
    }
    std::string dimSource = src + ".size()[" + std::to_string(c.getDim()) + "]";
    plan.exportRanges[dimSource] = {c.getMin(), c.getMax()};
  }
  return true;
}

DynamicPlan dynamicPlan(const trace::TraceReader& trace, size_t eventIndex) {
  DynamicPlan plan;
  auto event = trace.event(eventIndex);
  auto frame = event.getFrame();
  auto config = trace.configOf(event);
  using W = schema::Object::Which;
  auto metaOf = [&](trace::ObjRef ref) { return tensorMetaOf(trace, ref); };
  auto values = frameValues(trace, frame);
  // Dims the frame's tensors carry as dynamic from the start: torch._dynamo.mark_dynamic
  // (DimDynamic.DYNAMIC), or every dim with assume_static_by_default=False (DUCK; sizes 0
  // and 1 stay static: specialize_zero_one). (_automatic_dynamic in variables/builder.py.)
  bool allDynamic = !config.getAssumeStaticByDefault();
  plan.duck = allDynamic;
  for (const auto& v : values) {
    auto o = trace.object(v.ref);
    if (!o) continue;
    if (o->which() == W::INT && allDynamic && !config.getSpecializeInt()) {
      if (v.cell || v.source != "L[" + vt::pyStrRepr(v.local) + "]") {
        plan.unsupported = "an int inside a container or cell (" + v.source + ") with dynamic=True";
        return plan;
      }
      plan.ints.insert(v.local);
      continue;
    }
    auto m = metaOf(v.ref);
    if (!m) continue;
    std::vector<bool> dyn(m->getShape().size(), false);
    bool any = false;
    for (auto d : m->getDynamicDims()) {
      if (d < dyn.size()) dyn[d] = any = true;
    }
    for (auto d : m->getWeakDynamicDims()) {
      if (d < dyn.size()) dyn[d] = any = true;
    }
    std::vector<bool> marked = dyn;
    if (allDynamic) {
      for (unsigned k = 0; k < dyn.size(); ++k) {
        if (m->getShape()[k] > 1) dyn[k] = any = true;
      }
    }
    // mark_static wins over assume_static_by_default=False (not over mark_dynamic).
    for (auto d : m->getStaticDims()) {
      if (d < dyn.size() && !marked[d]) dyn[d] = false;
    }
    any = std::find(dyn.begin(), dyn.end(), true) != dyn.end();
    if (!any) continue;
    if (v.cell) {
      plan.unsupported = "tensor cell contents '" + v.source + "' with dynamic dims";
      return plan;
    }
    plan.dims[v.source] = dyn;
    plan.nonDuck[v.source] = marked;
    plan.marked[v.source] = marked;
  }
  if (!exportConstraintDims(trace, event, values, plan)) return plan;
  if (!config.getAutomaticDynamicShapes()) return plan;
  auto myKey = codeIdClosureKey(trace, frame);
  for (size_t j = 0; j < eventIndex; ++j) {
    auto earlier = trace.event(j).getFrame();
    if (earlier.getCode() != frame.getCode()) continue;
    if (codeIdClosureKey(trace, earlier) != myKey) continue;
    plan.earlierEvents.push_back(j);
    if (!plan.recompileTracked) {
      plan.recompileTracked.emplace();
      for (const auto& v : values) plan.recompileTracked->insert(v.source);
    }
    if (!compareGlobalTensors(trace, frame, earlier, plan)) return plan;
    if (!compareFrameValues(trace, values, earlier, plan)) return plan;
  }
  return plan;
}

// With dynamic sizes the frame is replayed twice, each symbol standing for a different
// large value; whatever differs between the two replays is symbolic. Example values
// print a symbolic size or stride as -1, as the recorder does.
std::string mergeSymbolic(const std::string& a, const std::string& b) {
  if (a == b) return a;
  std::string out;
  size_t i = 0, j = 0;
  auto isDigit = [](char c) { return c >= '0' && c <= '9'; };
  while (i < a.size() && j < b.size()) {
    if (isDigit(a[i]) && isDigit(b[j])) {
      size_t ie = i, je = j;
      while (ie < a.size() && isDigit(a[ie])) ++ie;
      while (je < b.size() && isDigit(b[je])) ++je;
      std::string na = a.substr(i, ie - i), nb = b.substr(j, je - j);
      out += na == nb ? na : "-1";
      i = ie;
      j = je;
      continue;
    }
    if (a[i] != b[j]) return "";
    out += a[i];
    ++i;
    ++j;
  }
  return i == a.size() && j == b.size() ? out : "";
}

}  // namespace

namespace {

// Compiles the partial graph at the root instruction the replay stopped at
// (break_graph_if_unsupported.handle_graph_break / jump_graph_break ->
// OutputGraph.compile_subgraph with prune_dead_locals and
// _get_stack_values_to_restore), and records the break.
// The side effects on pre-existing state the frame replays after its graph, as
// compare::EffectDecision (see decisions.h): written pre-existing cells, stores to
// existing objects and globals, modified pre-existing containers.
std::vector<compare::EffectDecision> effectDecisions(const SideEffects& effects) {
  std::vector<compare::EffectDecision> out;
  for (size_t ti = 0, tn = effects.tracked().size(); ti < tn; ++ti) {
    const auto& t = effects.tracked()[ti];
    if (!t.value) {
      out.push_back({"store global", "G[" + vt::pyStrRepr(t.global) + "]", t.global});
      continue;
    }
    if (!t.value->source() || t.value->mutationType() == vt::MutationType::kAttributeMutationNew)
      continue;
    const std::string target = t.value->source()->name();
    // The dict_vt of a pre-existing dict subclass object: Dynamo lists the object only.
    bool baseOfObject = false;
    for (size_t k = 0; k < ti && !baseOfObject; ++k) {
      auto* o = vt::asUserObject(effects.tracked()[k].value);
      baseOfObject = o && o->baseDict() && o->baseDict().get() == t.value.get();
    }
    if (baseOfObject) continue;
    if (auto* cell = dynamic_cast<const vt::CellVariable*>(t.value.get())) {
      if (cell->preExisting() && cell->written()) out.push_back({"store cell", target, ""});
      continue;
    }
    for (const auto& [name, value] : t.attrs) out.push_back({"store attr", target, name});
    if (t.attrs.empty() && t.mutated) {
      std::string kind = t.value->kind() == vt::VtKind::kDict  ? "mutate dict"
                         : t.value->kind() == vt::VtKind::kSet ? "mutate set"
                                                               : "mutate list";
      out.push_back({kind, target, ""});
    }
  }
  return out;
}

// A graph break that Dynamo cannot resume from (should_compile_partial_graph is false):
// inside a try block (an exception table entry that is not the innermost with block of
// the block stack), or while a user context manager of the root is active. Without an
// earlier speculation checkpoint Dynamo gives up on the frame, logging the break (whose
// type graphBreak already made "Graph break under GenericContextWrappingVariable" under a
// user context manager).
template <typename Refuse>
Status breakInBlock(const InstructionTranslator& root, const TracingContext::BreakRequest& br,
                    uint32_t offset, Refuse& refuse) {
  const bytecode::ExceptionTableEntry* entry = root.handlerAt(offset);
  const auto& blocks = root.blockStack();
  bool inTry = entry && (blocks.empty() || entry->target != blocks.back());
  bool underGeneric = root.activeGenericContexts() > 0;
  if (!inTry && !underGeneric) {
    if (!entry) return Status::success();
    // compile_subgraph calls exit() of every block's manager before the graph (a grad-mode
    // or autocast manager adds nodes there); the resume function re-enters them, which
    // only the generated code shows. Managers whose exit adds nothing (contextlib's
    // nullcontext, record_function with capture_profiler_record_function off) are
    // modelled.
    for (const VtPtr& m : root.blockManagers()) {
      if (m->kind() != vt::VtKind::kNullContext)
        return unsupported("graph break inside a with statement on " + m->describe() +
                           " (its exit before the partial graph is not modelled)");
    }
    return Status::success();
  }
  if (root.lastSpeculation())
    return Error("internal: a break in a block with a checkpoint reached compileAtBreak");
  return refuse({br.gbType}, br.explanation);
}

// compile_subgraph's single-frame fast-path test (see compileAtBreak).
Status realizeRestoredLazyNumbers(InstructionTranslator& root, const std::vector<VtPtr>& values) {
  // compile_subgraph's single-frame fast-path test asks, of every value it restores,
  // isinstance(v, (UnspecializedPythonVariable, ...)) and then isinstance(v,
  // SymNodeVariable): a lazy constant gets TYPE_MATCH from the first and, an int or float
  // with specialize_int / specialize_float off, is realised by the second (CONSTANT_MATCH
  // instead). Seen with real Dynamo: a resume function's int ___stack0, live across a
  // break, guarded by value.
  for (const auto& v : values) {
    auto* lazy = dynamic_cast<LazyVariable*>(v.get());
    if (!lazy || !lazy->isLazyConstant(root.context().trace)) continue;
    lazy->ensureTypeGuard(root);
    if (lazy->mayBecomeSymNode(root.context().trace, root.context().event)) {
      // LazyConstantVariable.realize discards the TYPE_MATCH this value installed.
      auto r = root.realize(v);
      if (!r) return r.error();
    }
  }
  return Status::success();
}

// The partial graph at a graph break (compile_subgraph with stack_pops), or the frame's
// refusal (outcome.refused) where Dynamo gives up on the frame instead.
Status compileAtBreak(InstructionTranslator& root, const TracingContext::BreakRequest& br,
                      const bytecode::CodeObject& code, ReplayOutcome& outcome) {
  const auto& insts = root.instructions();
  size_t index = root.instructionIndex();
  const bytecode::Instruction& inst = insts[index];
  // Offsets of breaks are Dynamo's (cleaned_instructions), not co_code's.
  uint32_t dynamoOffset = inst.offset;
  if (auto cleaned = bytecode::dynamoCleanedInstructions(code)) {
    if (auto o = cleaned->dynamoOffset(inst.offset)) dynamoOffset = *o;
  }
  auto refuse = [&](std::vector<std::string> gbTypes, const std::string& why) {
    outcome.refused = true;
    for (auto& gbType : gbTypes)
      outcome.decisions.breaks.push_back(
          compare::BreakDecision{why, std::move(gbType), dynamoOffset});
    return Status::success();
  };
  std::string_view op = inst.opname;
  size_t stackPops = 0;
  if (br.checkpoint) {
    // step_graph_break: the partial graph at the checkpoint (an empty stack), the break
    // logged where it happened.
    dynamoOffset = br.rootOffset;
    if (auto cleaned = bytecode::dynamoCleanedInstructions(code)) {
      if (auto o = cleaned->dynamoOffset(br.rootOffset)) dynamoOffset = *o;
    }
  } else if (op == "CALL") {
    stackPops =
        static_cast<size_t>(inst.arg) + 2;  // PRECALL + CALL pop the callable, self/NULL, args
  } else if (op == "CALL_FUNCTION_EX") {
    // NULL, the callable, the args tuple and, with flag 1, the kwargs dict.
    stackPops = 3 + (static_cast<size_t>(inst.arg) & 1);
  } else if (op == "BINARY_SUBSCR") {
    stackPops = 2;  // break_graph_if_unsupported(push=True): 1 - stack_effect (-1)
  } else if (op.rfind("POP_JUMP", 0) == 0 || op.rfind("JUMP_IF", 0) == 0) {
    stackPops = 1;  // generic_jump pushes the value back first
  } else {
    return unsupported("graph break at " + std::string(op) +
                       " (only CALL, BINARY_SUBSCR and jumps are modelled)");
  }
  // maybe_has_backedge: a jump after this instruction (up to the next return) to an
  // earlier offset makes Dynamo give up on the frame ("graph break in loop").
  for (size_t k = index + 1; !br.checkpoint && k < insts.size(); ++k) {
    if (insts[k].opname == "RETURN_VALUE") break;
    if (insts[k].jumpTarget && *insts[k].jumpTarget < inst.offset) {
      // raise_loop_graph_break: Dynamo gives up on the whole frame (it runs eagerly),
      // logging a "graph break in loop" at the break's offset.
      return refuse({"graph break in loop"}, br.gbType);
    }
  }
  auto table = bytecode::parseExceptionTable(code.exceptiontable);
  if (!table) return table.error();
  if (!br.checkpoint) {
    if (Status st = breakInBlock(root, br, inst.offset, refuse); !st) return st;
    if (outcome.refused) return Status::success();
  }
  // Stack values: NULLs are dropped except among the values the resumed instruction pops.
  std::vector<VtPtr> values;
  const auto& stack = root.stack();
  if (stack.size() < stackPops) return Error("bad bytecode: stack too short at the graph break");
  for (size_t i = 0; i < stack.size(); ++i) {
    bool popped = stack.size() - i <= stackPops;
    if (!popped && stack[i]->kind() == vt::VtKind::kNull) continue;
    // _get_stack_values_to_restore: realize_all every stack value, except that lazy
    // constants among the values the resumed instruction pops stay lazy there. Their type
    // is still asked (LazyConstantVariable.lazy_isinstance): with specialize_int /
    // specialize_float off, an int or float must be realised to know whether it becomes
    // a SymNode (CONSTANT_MATCH); a bool or str only gets TYPE_MATCH. Seen with real
    // Dynamo: print('p', n, flag, name) guards n == 3 and the types of flag and name.
    if (auto* lazy = dynamic_cast<LazyVariable*>(stack[i].get());
        popped && lazy && !lazy->realized()) {
      if (!lazy->mayBecomeSymNode(root.context().trace, root.context().event) &&
          lazy->isLazyConstant(root.context().trace)) {
        lazy->ensureTypeGuard(root);
        values.push_back(stack[i]);
        continue;
      }
    }
    // realize_all(value, allow_lazy_constant=...): inside a value the resumed instruction
    // pops, lazy constants stay lazy and unguarded too (e.g. a kwargs dict's flags).
    if (Status st = LazyVariable::realizeAll(root, stack[i], 0, /*allowLazyConstants=*/popped); !st)
      return st;
    auto r = root.realize(stack[i]);
    if (!r) return r.error();
    // Rebuilding it after the graph realises the lazy constants it holds that
    // is_python_constant reaches (codegen.h).
    if (popped) {
      if (Status st = codegenRealize(root, *r, 0); !st) return st;
    }
    values.push_back(*r);
  }
  // Live locals, in symbolic_locals order; root inputs still holding their own value
  // and cells are not restored.
  auto live = liveVariables(insts, *table, index);
  for (const std::string& name : root.localOrder()) {
    if (!live.count(name) || root.cells().count(name)) continue;
    const VtPtr& v = root.locals().at(name);
    const auto& src = v->source();
    if (src && src->kind() == vt::Source::Kind::kLocal && src->member() == name) continue;
    // _get_stack_values_to_restore asks isinstance(v, ContextWrappingVariable) of each
    // restored local: a lazy value is realised by that (guarded), a lazy constant only
    // gets TYPE_MATCH (LazyConstantVariable.lazy_isinstance).
    if (Status st = LazyVariable::isinstanceCheck(root, v); !st) return st;
    values.push_back(v);
  }
  if (Status st = realizeRestoredLazyNumbers(root, values); !st) return st;
  auto& ctx = root.context();
  // PyCodegen has no reconstruction for a function without a source (a recorded function
  // reached through a sourceless object): restoring it after the graph raises
  // "Reconstruction failure" and Dynamo gives up on the frame.
  std::function<bool(const VtPtr&, int)> sourcelessFunction = [&](const VtPtr& v, int depth) {
    if (!v || depth > 16) return false;
    VtPtr value = v;
    if (auto* lazy = dynamic_cast<LazyVariable*>(value.get())) value = lazy->realized();
    if (!value) return false;
    if (value->kind() == vt::VtKind::kUserFunction && !value->source()) return true;
    if (auto* seq = dynamic_cast<vt::SequenceVariable*>(value.get())) {
      for (const auto& item : seq->items())
        if (sourcelessFunction(item, depth + 1)) return true;
    }
    return false;
  };
  for (const auto& v : values) {
    if (sourcelessFunction(v, 0))
      return refuse({br.gbType, "Reconstruction failure"},
                    "no bytecode reconstruction for a sourceless UserFunctionVariable");
  }
  if (Status st = checkEscapes(root, values); !st) return st.error();
  std::vector<NodeId> outputs = graphOutputs(root, values, &live);
  ctx.output.cleanupGradModePairs(ctx.gradEnabled);
  if (ctx.output.graph().opCount() > 0) ctx.output.setOutput(outputs);
  compare::BreakDecision decision;
  decision.gbType = br.gbType;
  decision.reason = br.explanation;
  decision.offset = dynamoOffset;
  outcome.decisions.breaks.push_back(std::move(decision));
  return Status::success();
}

// The values the size symbols stand for in the two replays of a frame with dynamic
// sizes (see mergeSymbolic): far from any real size, and different from each other.
constexpr int64_t kSymbolBaseA = 100003;
constexpr int64_t kSymbolBaseB = 200017;

// A size symbol the shape env replaced by a constant is that constant in the fake
// tensors Dynamo computes afterwards. tensorCall gives the meta functions the constant
// (specialiseMetaArg); a tensor made elsewhere after such a specialisation that still
// has the symbol's stand-in has metadata the core cannot print as Dynamo does.
Status checkSpecialisedSizes(const TracingContext& ctx) {
  const auto& env = ctx.output.shapeEnv();
  const auto& order = env.replacementOrder();
  const ProtoGraph& g = ctx.output.graph();
  for (size_t i = 0; i < g.size(); ++i) {
    const ProtoNode& n = g.node(static_cast<NodeId>(i));
    if (n.erased || !n.meta || n.op == "placeholder" || n.returnsArgument || n.metaSpecialised)
      continue;
    for (size_t r = 0; r < n.replacementsBefore && r < order.size(); ++r) {
      if (!env.replace(symbolic::Expr::symbol(order[r])).isConstant()) continue;
      if (!ctx.symbolStandIn.count(order[r])) continue;
      bool symbolic = false;
      auto stale = [&](int64_t v) {
        return specialisedSize(ctx, v) || (v >= ctx.symbolBase - 1000 && !sizeExpr(ctx, v));
      };
      for (int64_t v : n.meta->sizes) symbolic |= stale(v);
      for (int64_t v : n.meta->strides) symbolic |= stale(v);
      if (symbolic)
        return unsupported("dynamic shapes: a tensor computed after " +
                           env.symbol(order[r])->source + " was specialised to a constant (" +
                           n.target +
                           " keeps the symbol's stand-in: only tensor ops' meta functions "
                           "see the constant)");
    }
  }
  return Status::success();
}

// TENSOR_MATCH checks the sizes of the fake tensor Dynamo made for an input as they are
// when guards are built (convert_to_concrete_values): a dim whose symbol the shape env
// replaced by a constant is that constant.
void specialisedTensorMatch(const TracingContext& ctx, std::vector<compare::GuardDecision>& gs) {
  const auto& env = ctx.output.shapeEnv();
  if (env.replacements().empty()) return;
  for (auto& g : gs) {
    if (g.kind != "TENSOR_MATCH") continue;
    auto it = ctx.dynamicTensors.find(g.source);
    if (it == ctx.dynamicTensors.end()) continue;
    const auto& [meta, exprs] = it->second;
    std::vector<bool> dyn;
    for (const auto& e : exprs) dyn.push_back(!env.replace(e).isConstant());
    g.detail = guards::tensorMatchDetail(meta, &dyn);
  }
}

// The replay's fake::SizeUnifier: two stand-ins a size check found different are two
// symbols equal on their hints (Dynamo's check passes and makes them one): asked for.
class StandInUnifier : public fake::SizeUnifier {
 public:
  explicit StandInUnifier(TracingContext& ctx) : ctx_(ctx) {}
  void differ(int64_t a, int64_t b) override {
    auto sa = ctx_.symbolByStandIn.find(a), sb = ctx_.symbolByStandIn.find(b);
    if ((sa == ctx_.symbolByStandIn.end()) != (sb == ctx_.symbolByStandIn.end())) {
      // A stand-in checked against a plain size: Dynamo's meta function compares the
      // symbol with that constant and specialises it (guard s == N); tensorCall does so
      // and runs the meta function again (specialiseOnSizeClash).
      bool first = sa != ctx_.symbolByStandIn.end();
      const std::string& symbol = (first ? sa : sb)->second;
      const int64_t size = first ? b : a;
      if (ctx_.unresolvedClash.empty())
        ctx_.unresolvedClash = symbol + " against the size " + std::to_string(size);
      if (!ctx_.sizeClash) ctx_.sizeClash.emplace(symbol, size);
    }
    if (sa == ctx_.symbolByStandIn.end() || sb == ctx_.symbolByStandIn.end()) return;
    const auto* ia = ctx_.output.shapeEnv().symbol(sa->second);
    const auto* ib = ctx_.output.shapeEnv().symbol(sb->second);
    if (!ia || !ib || ia->hint != ib->hint) return;
    auto pair = std::minmax(sa->second, sb->second);
    ctx_.unifyRequests.insert(pair);
    ctx_.unifyTimes.emplace(pair, ctx_.output.graph().size());
  }

 private:
  TracingContext& ctx_;
};

// One pass of symbolic evaluation over the frame; `breakAt` set on the pass after the
// core found a graph break (Dynamo's restart after a failed speculation).
// The frame's dynamic-shape plan (dims, duck sizing, marks, export Dims, recompile
// tracking, dynamic ints, symbols an earlier pass unified) and its stand-in base.
void applyDynamicPlan(TracingContext& ctx, const DynamicPlan& plan, int64_t symbolBase) {
  ctx.dynamicDims = plan.dims;
  ctx.duckShapes = plan.duck;
  ctx.nonDuckDims = plan.nonDuck;
  ctx.markedDims = plan.marked;
  ctx.exportDimRanges = plan.exportRanges;
  ctx.recompileTracked = plan.recompileTracked;
  ctx.earlierEvents = plan.earlierEvents;
  ctx.dynamicInts = plan.ints;
  ctx.symbolBase = symbolBase;
  for (const auto& [a, b] : plan.unified) {
    ctx.unifyWith.emplace(a, b);
    ctx.unifyWith.emplace(b, a);
  }
  ctx.unifiedAt = plan.unifiedAt;
}

// The recorded global torch state the replay starts from: grad mode, autocast, dtype.
void applyGlobalState(TracingContext& ctx, schema::GlobalState::Reader gs) {
  ctx.gradEnabled = gs.getGradEnabled();
  ctx.anyAutocastEnabled = gs.getAutocastCpuEnabled() || gs.getAutocastGpuEnabled();
  ctx.autocastCpuEnabled = gs.getAutocastCpuEnabled();
  ctx.autocastGpuEnabled = gs.getAutocastGpuEnabled();
  if (auto dt = fake::parseDType(std::string(gs.getDefaultDtype().cStr()))) ctx.defaultDtype = *dt;
}

// InstructionTranslator._throw_if_in_functorch: a frame entered while a functorch transform
// is active (a function torch.func.grad or vmap calls eagerly after a graph break) raises
// "Unsupported functorch tracing attempt" when the innermost transform is vmap, grad or jvp
// and the backend is not eager (the frame then runs eagerly: an error event); otherwise it
// is traced, and init_ambient_guards adds FUNCTORCH_STACK_MATCH. The trace records the
// backend (CompileEvent.backend) and the innermost transform's key (constantFolds).
std::optional<Error> throwIfInFunctorch(TracingContext& ctx, schema::GlobalState::Reader gs) {
  std::optional<std::string> active, key;
  for (auto kv : gs.getConstantFolds()) {
    std::string_view name = kv.getKey().cStr();
    if (name == "torch._C._are_functorch_transforms_active") active = kv.getValue().cStr();
    if (name == "torch._C._functorch.peek_interpreter_stack") key = kv.getValue().cStr();
  }
  if (active != "True") return std::nullopt;
  if (ctx.event.getBackend() == schema::BackendKind::UNRECORDED || !key)
    return unsupported(
        "a frame entered while a functorch transform is active (_throw_if_in_functorch "
        "depends on the backend and the innermost transform, which traces written before "
        "CompileEvent.backend do not record)");
  const bool forbidden = *key == "<TransformType.Vmap: 1>" || *key == "<TransformType.Grad: 2>" ||
                         *key == "<TransformType.Jvp: 3>";
  if (ctx.event.getBackend() == schema::BackendKind::OTHER && forbidden)
    return Error::frameError("Unsupported: Unsupported functorch tracing attempt",
                             "unsupported: a frame entered while functorch transform " + *key +
                                 " is active, with a backend other than eager");
  ctx.output.addGuard(guards::GuardKind::FUNCTORCH_STACK_MATCH, "");
  ctx.functorchOuterActive = true;
  return std::nullopt;
}

Expected<ReplayOutcome> replayPass(const trace::TraceReader& trace,
                                   schema::CompileEvent::Reader event,
                                   const bytecode::CodeObject& codeIn, const ReplayHooks* hooks,
                                   const TracingContext::BreakRequest* breakAt,
                                   std::optional<TracingContext::BreakRequest>& found,
                                   const DynamicPlan& plan, int64_t symbolBase) {
  auto frame = event.getFrame();
  auto insts = bytecode::decodeInstructions(codeIn);
  if (!insts) return insts.error();
  auto code = std::make_unique<bytecode::CodeObject>(codeIn);
  TracingContext ctx(trace, event);
  ctx.hooks = hooks;
  initExportMode(ctx.exportMode, trace, event);
  if (ctx.exportMode.active) {
    ctx.output.shapeEnv().setIgnoreStatic(false);
    ctx.output.setExport();
  }
  if (ctx.exportMode.fullgraphCapture) ctx.output.setShapeGuardsUnbuilt();
  applyDynamicPlan(ctx, plan, symbolBase);
  bindSubgraphSymbols(ctx);
  StandInUnifier unifier(ctx);
  fake::SizeUnifierScope unifierScope(symbolBase != 0 ? &unifier : nullptr);
  if (hooks) {
    ctx.output.onNode = hooks->onNode;
    if (hooks->onGuard) {
      ctx.output.guardSet().setObserver([onGuard = hooks->onGuard](const guards::Guard& g) {
        onGuard(compare::GuardDecision{guards::guardKindName(g.kind), g.source, g.detail});
      });
    }
  }
  auto gs = frame.getGlobalState();
  applyGlobalState(ctx, gs);
  if (auto refused = throwIfInFunctorch(ctx, gs)) return *refused;

  InstructionTranslator root(ctx, *code, std::move(*insts), frame.getGlobals(), nullptr);
  if (breakAt) ctx.pytreeNodesSourceMade = breakAt->pytreeNodesSourceMade;
  if (breakAt) root.setStopAt(breakAt->checkpoint ? *breakAt->checkpoint : breakAt->rootOffset);
  for (auto local : frame.getLocals()) {
    std::string name = local.getName();
    root.setLocal(name, std::make_shared<LazyVariable>(local.getValue(), vt::Source::local(name)));
  }
  // The root frame's cells (InstructionTranslator.__init__): its cellvars are new cells
  // (an input that is also a cell moves into it, its contents keep the source L['x']);
  // its freevars are pre-existing cells whose contents are read through L['name'].
  for (const std::string& name : code->cellvars) {
    auto cell = ctx.sideEffects.trackCellNew(name);
    auto it = root.locals().find(name);
    if (it != root.locals().end()) {
      cell->setContents(it->second);
      root.eraseLocal(name);
    }
    cell->setGivesNameHint();
    root.setCell(name, std::move(cell));
  }
  for (const std::string& name : code->freevars) {
    trace::ObjRef cellRef = 0;
    for (auto c : frame.getCells()) {
      if (c.getName() == name) cellRef = c.getValue();
    }
    if (cellRef == 0) return Error("recorded frame lacks the cell of free variable " + name);
    auto cell = VariableBuilder::existingCell(ctx, cellRef, name, nullptr, vt::Source::local(name));
    if (!cell) return cell.error();
    (*cell)->setGivesNameHint();
    root.setCell(name, std::move(*cell));
  }
  if (ctx.exportMode.active) {
    // InstructionTranslator.__init__ under export realises every symbolic local at once
    // (LazyVariableTracker.realize_all), in f_locals order: inputs are wrapped, guarded
    // and become graph inputs before tracing starts, used or not.
    for (const std::string& name : root.localOrder()) {
      if (root.cells().count(name)) continue;
      if (Status st = LazyVariable::realizeAll(root, root.locals().at(name)); !st)
        return st.error();
    }
  }
  auto result = root.run();
  ReplayOutcome outcome;
  if (!ctx.lateDims.empty()) {
    outcome.lateDims = ctx.lateDims;
    return outcome;
  }
  if (symbolBase != 0) {
    outcome.unify = pendingUnifications(ctx);
    outcome.unifyTimes = unificationTimes(ctx, outcome.unify);
    if (!outcome.unify.empty()) return outcome;
  }
  if (!result && ctx.refusal) {
    // The frame is given up on (it runs eagerly): only the break Dynamo logs for that.
    uint32_t offset = ctx.refusal->rootOffset;
    if (auto cleaned = bytecode::dynamoCleanedInstructions(*code)) {
      if (auto o = cleaned->dynamoOffset(offset)) offset = *o;
    }
    outcome.refused = true;
    outcome.decisions.breaks.push_back(
        compare::BreakDecision{ctx.refusal->explanation, ctx.refusal->gbType, offset});
    return outcome;
  }
  if (!result) {
    if (ctx.pendingBreak && !breakAt) {
      found = ctx.pendingBreak;
      found->pytreeNodesSourceMade = ctx.pytreeNodesSourceMade;
      return result.error();
    }
    if (!ctx.unresolvedClash.empty() &&
        result.error().message().find("unsupported: fake tensor:") != std::string::npos)
      return unsupported("dynamic shapes: a meta function's size check compared the symbol " +
                         ctx.unresolvedClash +
                         " (Dynamo specialises the symbol to that size there; the core does "
                         "so only for a backed symbol whose hint is that size, in a tensor "
                         "op's meta function)");
    return result.error();
  }
  if (root.stoppedAtBreak()) {
    if (!breakAt) return Error("internal: stopped without a break");
    if (hooks && hooks->onBreak)
      hooks->onBreak(root, breakAt->gbType + ": " + breakAt->explanation);
    if (Status s = compileAtBreak(root, *breakAt, *code, outcome); !s) return s.error();
    if (outcome.refused) return outcome;  // no graph, no guard: the frame runs eagerly
  }
  if (!ctx.output.shapeEnv().unsupported().empty())
    return unsupported("dynamic shapes: " + ctx.output.shapeEnv().unsupported());
  if (std::string gap = ctx.output.replacementGap(); !gap.empty())
    return unsupported("dynamic shapes: " + gap);
  if (!ctx.output.exportGap().empty()) return unsupported(ctx.output.exportGap());
  if (Status s = checkSpecialisedSizes(ctx); !s) return s.error();
  const ProtoGraph& proto = ctx.output.graph();
  outcome.ops = proto.opCount();
  if (ctx.output.hasOutput()) {
    auto g = emitGraph(ctx.output, 0, 0);
    if (!g) return g.error();
    outcome.decisions.graphs.insert(outcome.decisions.graphs.begin(), std::move(*g));
  }
  outcome.decisions.guards = ctx.output.guardDecisions();
  specialisedTensorMatch(ctx, outcome.decisions.guards);
  outcome.decisions.effects = effectDecisions(ctx.sideEffects);
  return outcome;
}

}  // namespace

namespace {
// convert_frame's has_tensor_in_frame, on the recorded frame: a co_names global that is
// torch or a torch.* module (or numpy: trace_numpy), or a local holding a tensor, an
// nn.Module, an nn.Module subclass, or a list / tuple / dict / namedtuple reaching one.
// (always_optimize_code_objects, the code given to torch.compile itself, is not
// recorded; it only matters for frames Dynamo compiled.)
class HasTensor {
  using W = schema::Object::Which;

 public:
  explicit HasTensor(const trace::TraceReader& trace) : trace_(trace) {}
  Expected<bool> of(trace::ObjRef ref, int depth = 0) {
    if (depth > 256) return unsupported("has_tensor_in_frame: nesting deeper than 256");
    if (auto it = seen_.find(ref); it != seen_.end()) return it->second;
    seen_[ref] = false;
    auto o = trace_.object(ref);
    if (!o) return o.error();
    bool r = false;
    switch (o->which()) {
      case W::TENSOR: r = true; break;
      case W::LIST:
      case W::TUPLE: {
        auto items = o->which() == W::LIST ? o->getList() : o->getTuple();
        for (auto item : items) {
          auto h = of(item, depth + 1);
          if (!h) return h;
          if ((r = *h)) break;
        }
        break;
      }
      case W::DICT:
        if (o->getCls() != 0) break;  // istype(obj, dict): a subclass has no tensor to it
        for (auto e : o->getDict()) {
          auto h = of(e.getValue(), depth + 1);
          if (!h) return h;
          if ((r = *h)) break;
        }
        break;
      case W::INSTANCE: {
        auto inst = o->getInstance();
        if (inst.getKind() == schema::InstanceKind::NN_MODULE) {
          r = true;
        } else if (inst.getKind() == schema::InstanceKind::NAMEDTUPLE) {
          for (auto a : inst.getAttrs()) {
            auto h = of(a.getValue(), depth + 1);
            if (!h) return h;
            if ((r = *h)) break;
          }
        }
        break;
      }
      case W::CLASS:
        for (auto k : o->getClass().getMro()) {
          auto kc = trace_.object(k);
          if (kc && kc->which() == W::CLASS &&
              std::string(kc->getClass().getModule().cStr()) == "torch.nn.modules.module" &&
              std::string(kc->getClass().getQualname().cStr()) == "Module")
            r = std::string(o->getClass().getMetaclass().cStr()) == "builtins.type" ||
                std::string(o->getClass().getMetaclass().cStr()).empty();
        }
        break;
      case W::OPAQUE: {
        // The recorder walks what has_tensor looks at (containers, tensors, modules and
        // module classes, numpy arrays); any other object is one has_tensor says False to.
        std::string reason = o->getOpaque().getReason().cStr();
        std::string type = o->getOpaque().getTypeName().cStr();
        if (reason.rfind("budget", 0) == 0)
          return unsupported("has_tensor_in_frame over a " + type + " the recorder did not walk (" +
                             reason + ")");
        if (type.rfind("numpy.", 0) == 0 && reason != "numpy array")
          return unsupported("has_tensor_in_frame over a " + type + " (numpy scalars)");
        r = reason == "numpy array";
        break;
      }
      default: break;
    }
    seen_[ref] = r;
    return r;
  }

 private:
  const trace::TraceReader& trace_;
  std::map<trace::ObjRef, bool> seen_;
};

Expected<bool> hasTensorInFrame(const trace::TraceReader& trace, schema::FrameInput::Reader frame,
                                const bytecode::CodeObject& code) {
  using W = schema::Object::Which;
  auto globals = trace.object(frame.getGlobals());
  if (globals && globals->which() == W::DICT) {
    for (const std::string& name : code.names) {
      for (auto e : globals->getDict()) {
        auto key = trace.object(e.getKey());
        if (!key || key->which() != W::STR || key->getStr() != name) continue;
        auto v = trace.object(e.getValue());
        if (!v || v->which() != W::MODULE) continue;
        std::string m = v->getModule().getName().cStr();
        if (m == "torch" || m.rfind("torch.", 0) == 0 || m == "numpy" || m.rfind("numpy.", 0) == 0)
          return true;
      }
    }
  }
  HasTensor has(trace);
  for (auto local : frame.getLocals()) {
    auto h = has.of(local.getValue());
    if (!h || *h) return h;
  }
  return false;
}

bool endsWith(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// ConvertFrameAssert.__call__ (torch/_dynamo/convert_frame.py): the checks that decline a
// frame before tracing it, in Dynamo's order. Returns the skip_reason, or "" when the
// frame goes on to be traced. `withLocals`: the frame's locals and the globals its names
// reach were recorded for has_tensor_in_frame (the recorder does so for frames Dynamo
// declined; a compiled frame's unread locals are stubs, so has_tensor is not re-run).
// `dynamoReason` names a check whose inputs the trace does not hold (an environment
// variable, the caller's frame): then the answer is unsupported, never a guess.
Expected<std::string> preTraceSkip(const trace::TraceReader& trace, size_t eventIndex,
                                   schema::FrameInput::Reader frame,
                                   const bytecode::CodeObject& code, bool withLocals,
                                   const std::string& dynamoReason) {
  // output_codes: a transformed code object an earlier compile produced.
  for (size_t i = 0; i < eventIndex; ++i) {
    auto ref = trace.event(i).getReference();
    if (ref.getGeneratedCode() != 0 && ref.getGeneratedCode() == frame.getCode())
      return std::string("frame is already Dynamo-generated code");
  }
  if (dynamoReason == "function name does not match TORCHDYNAMO_DEBUG_FUNCTION filter")
    return unsupported("TORCHDYNAMO_DEBUG_FUNCTION (the recorder does not record it)");
  if (code.name == "<genexpr>" && (endsWith(code.filename, "transformers/file_utils.py") ||
                                   endsWith(code.filename, "transformers/utils/generic.py") ||
                                   endsWith(code.filename, "diffusers/utils/outputs.py")))
    return std::string("skipping generator expression in transformers/diffusers");
  if (code.name == "__setattr__") return std::string("__setattr__ frames are not compiled");
  if (code.name == "__init__" && code.filename.find("/torch/optim/") != std::string::npos)
    return std::string("torch.optim __init__ frames are not compiled");
  if (code.name == "<module>" && code.filename == "<string>")
    return std::string("frame was generated by exec()");
  if (code.name == "<lambda>" && code.filename == "<string>" && withLocals)
    return unsupported(
        "a <lambda> frame from exec(): whether its builtins are empty "
        "(a namedtuple constructor) is not recorded");
  if (!withLocals) return std::string();
  auto has = hasTensorInFrame(trace, frame, code);
  if (!has) return has.error();
  if (!*has) return std::string("no tensor-related objects found in frame");
  if (dynamoReason == "tracing is non-recursively disabled for this frame")
    return unsupported(
        "a frame under a non-recursive torch._dynamo.disable wrapper (the "
        "caller's frame is not recorded)");
  return std::string();
}

// A frame with symbols is replayed twice with different stand-ins: both replays must
// reach the same decisions but for the symbolic numbers, which merge into -1 in example
// values as the recorder prints them.
// One graph of each replay, with its higher-order op subgraphs: the same code and the
// same nodes; the example values merged (false where a stand-in reaches one as a number).
bool mergeSymbolicGraph(compare::GraphDecision& a, const compare::GraphDecision& b) {
  if (a.code != b.code || a.nodes.size() != b.nodes.size() ||
      a.subgraphs.size() != b.subgraphs.size())
    return false;
  for (size_t n = 0; n < a.nodes.size(); ++n) {
    std::string merged = mergeSymbolic(a.nodes[n].exampleValue, b.nodes[n].exampleValue);
    if (merged.empty() && !a.nodes[n].exampleValue.empty()) return false;
    a.nodes[n].exampleValue = merged;
  }
  for (size_t k = 0; k < a.subgraphs.size(); ++k) {
    if (a.subgraphs[k].name != b.subgraphs[k].name ||
        !mergeSymbolicGraph(a.subgraphs[k].graph, b.subgraphs[k].graph))
      return false;
  }
  return true;
}

Expected<ReplayOutcome> mergeSymbolicReplays(ReplayOutcome a, const ReplayOutcome& b) {
  const auto& db = b.decisions;
  auto pythonLevel = [] {
    return unsupported(
        "dynamic shapes: the two replays with different stand-ins disagree beyond symbolic "
        "sizes: a value computed from a size symbol reaches graph code or a guard as a "
        "number (a size of an op result or a derived value the core does not keep as a "
        "SymInt expression)");
  };
  auto& da = a.decisions;
  if (da.graphs.size() != db.graphs.size() || da.guards.size() != db.guards.size() ||
      da.breaks.size() != db.breaks.size())
    return pythonLevel();
  for (size_t k = 0; k < da.guards.size(); ++k) {
    if (da.guards[k].kind != db.guards[k].kind || da.guards[k].source != db.guards[k].source ||
        da.guards[k].detail != db.guards[k].detail)
      return pythonLevel();
  }
  for (size_t g = 0; g < da.graphs.size(); ++g) {
    if (!mergeSymbolicGraph(da.graphs[g], db.graphs[g])) return pythonLevel();
  }
  return a;
}

Expected<ReplayOutcome> replayFrameUnchecked(const trace::TraceReader& trace, size_t eventIndex,
                                             const ReplayHooks* hooks);
}  // namespace

// Cap'n Proto's accessors throw kj::Exception on a message whose structure contradicts
// the schema (a list of the wrong element size, a text without its NUL ...) even after the
// reader's validation: such an event is bad input, reported as an Error naming it, and the
// replay of the other events goes on.
namespace {
ReplayLimits gLimits;
// The deadline of the frame this thread is replaying (replayFrame sets it).
thread_local std::chrono::steady_clock::time_point tFrameDeadline =
    std::chrono::steady_clock::time_point::max();
}  // namespace

void setReplayLimits(const ReplayLimits& limits) { gLimits = limits; }
const ReplayLimits& replayLimits() { return gLimits; }

Status checkFrameDeadline() {
  if (std::chrono::steady_clock::now() <= tFrameDeadline) return Status::success();
  char seconds[32];
  std::snprintf(seconds, sizeof(seconds), "%g", gLimits.maxSeconds);
  return unsupported(std::string("replay stopped at the per-frame time limit of ") + seconds +
                     " s (dynrr replay --frame-time-limit)");
}

Expected<ReplayOutcome> replayFrame(const trace::TraceReader& trace, size_t eventIndex,
                                    const ReplayHooks* hooks) {
  struct DeadlineScope {
    std::chrono::steady_clock::time_point saved = tFrameDeadline;
    explicit DeadlineScope(double seconds) {
      auto now = std::chrono::steady_clock::now();
      auto budget = std::chrono::duration<double>(seconds);
      if (seconds > 0 && budget < std::chrono::steady_clock::time_point::max() - now) {
        tFrameDeadline =
            now + std::chrono::duration_cast<std::chrono::steady_clock::duration>(budget);
      }
    }
    ~DeadlineScope() { tFrameDeadline = saved; }
  } scope(gLimits.maxSeconds);
  vt::FrameLazyScope lazies;  // frees the cycles realised lazy values close
  symbolic::Int64OverflowScope overflow;
  try {
    auto out = replayFrameUnchecked(trace, eventIndex, hooks);
    if (out && overflow.happened()) {
      return unsupported(
          "symbolic size arithmetic beyond int64 (sympy's integers are unbounded, the core's "
          "are int64): a size, index or bound near 2**63");
    }
    return out;
  } catch (const kj::Exception& e) {
    std::string what = e.getDescription().cStr();
    return Error("bad input: event " + std::to_string(eventIndex) +
                 ": malformed trace data: " + what.substr(0, what.find('\n')));
  }
}

namespace {

// one_graph (export, fullgraph): InstructionTranslatorBase.step re-raises a graph break's
// Unsupported instead of compiling a partial graph and resuming, and the frame is not
// given up on either (the frame's error is the Unsupported: "Unsupported: <gb_type>").
Expected<ReplayOutcome> oneGraphOutcome(Expected<ReplayOutcome> pass,
                                        const std::optional<TracingContext::BreakRequest>& found) {
  auto raised = [](const std::string& gbType) {
    ReplayOutcome out;
    out.refused = true;
    out.decisions.frameError = "Unsupported: " + gbType;
    return out;
  };
  if (!pass) {
    if (found) return raised(found->gbType);
    if (pass.error().isFrameError()) {
      ReplayOutcome out;
      out.decisions.frameError = pass.error().frameErrorDecision();
      return out;
    }
    return pass;
  }
  if (pass->refused) {
    // The core gives the frame up (a break in a loop, an exception no handler catches):
    // Dynamo raises the break that led there.
    if (pass->decisions.breaks.size() != 1)
      return unsupported("under export, a frame refusal with " +
                         std::to_string(pass->decisions.breaks.size()) + " breaks");
    const auto& br = pass->decisions.breaks.front();
    if (br.gbType == "graph break in loop") return raised(br.reason);
    return raised(br.gbType);
  }
  return pass;
}

// Replays of one frame with a plan that the passes may extend.
struct FrameRunner {
  const trace::TraceReader& trace;
  schema::CompileEvent::Reader event;
  const bytecode::CodeObject& code;
  DynamicPlan& plan;

  // A frame error the core raises is its decision for the frame: no graph, no guard.
  static Expected<ReplayOutcome> frameError(Expected<ReplayOutcome> out) {
    if (out || !out.error().isFrameError()) return out;
    ReplayOutcome raised;
    raised.decisions.frameError = out.error().frameErrorDecision();
    return raised;
  }

  Expected<ReplayOutcome> once(int64_t symbolBase, const ReplayHooks* h) {
    std::optional<TracingContext::BreakRequest> found;
    auto first = replayPass(trace, event, code, h, nullptr, found, plan, symbolBase);
    if (event.getExport()) return oneGraphOutcome(std::move(first), found);
    if (first || !found || first.error().isFrameError()) return frameError(std::move(first));
    // A graph break: replay again, stopping at the root instruction it happens at.
    std::optional<TracingContext::BreakRequest> again;
    return frameError(replayPass(trace, event, code, h, &*found, again, plan, symbolBase));
  }

  // Symbols a pass found equal are made one and the frame replayed again (each pass
  // adds at least one pair; a pair found again means the core could not make it hold).
  // Tensors reached beyond the locals whose frame state makes dims dynamic (lateDims)
  // join the plan; a replay without symbols returns so that the caller replays with them.
  Expected<ReplayOutcome> run(int64_t symbolBase, const ReplayHooks* h) {
    for (int passes = 0;; ++passes) {
      auto out = once(symbolBase, h);
      if (out && !out->lateDims.empty()) {
        if (passes > 1000) return unsupported("automatic dynamic shapes: too many late sources");
        for (const auto& [source, dims] : out->lateDims) {
          plan.dims[source] = dims;
          plan.nonDuck[source] = dims;
          plan.marked[source].assign(dims.size(), false);
        }
        if (symbolBase == 0) return out;
        continue;
      }
      if (!out || out->unify.empty()) return out;
      size_t before = plan.unified.size();
      plan.unified.insert(out->unify.begin(), out->unify.end());
      for (const auto& [pair, at] : out->unifyTimes) {
        for (const auto& s : {pair.first, pair.second})
          if (!plan.unifiedAt.count(s)) plan.unifiedAt[s] = at;
      }
      if (plan.unified.size() == before)
        return unsupported("dynamic shapes: symbols " + out->unify.begin()->first + " and " +
                           out->unify.begin()->second +
                           " are equal to Dynamo, and making them one did not hold in the core");
    }
  }
};

Expected<ReplayOutcome> replayFrameUnchecked(const trace::TraceReader& trace, size_t eventIndex,
                                             const ReplayHooks* hooks) {
  if (eventIndex >= trace.eventCount()) return Error("no event " + std::to_string(eventIndex));
  auto event = trace.event(eventIndex);
  if (std::string why = event.getStatusReason().cStr(); why.rfind("trace truncated", 0) == 0) {
    // The recorder's per-event object budget ran out: what is missing is named.
    return unsupported(why);
  }
  if (std::string gap = exportModeGap(trace, event); !gap.empty()) return unsupported(gap);
  // InstructionTranslator._return: a frame that reaches its return with no call in the
  // graph is skipped (SkipFrame "No ops traced for the FX graph"), installing nothing.
  // The core replays such a frame and must reach the same decision.
  const bool dynamoSkippedNoOps =
      event.getStatus() == schema::EventStatus::SKIPPED &&
      std::string(event.getStatusReason().cStr()).find("No ops traced for the FX graph") !=
          std::string::npos;
  // convert_frame declines some frames before tracing them (preTraceSkip).
  const bool dynamoPreTraceSkip = event.getStatus() == schema::EventStatus::SKIPPED &&
                                  compare::isPreTraceSkipReason(event.getStatusReason().cStr());
  const bool dynamoRefused =
      event.getStatus() == schema::EventStatus::ERROR &&
      std::string(event.getStatusReason().cStr()).rfind("Unsupported: ", 0) == 0;
  // Dynamo raised out of the compile (UncapturedHigherOrderOpError: a higher-order op
  // that must be captured whole could not be); the core must raise the same.
  const std::string dynamoFrameError = event.getStatus() == schema::EventStatus::ERROR
                                           ? compare::frameErrorOf(event.getStatusReason().cStr())
                                           : std::string();
  if (event.getStatus() != schema::EventStatus::COMPILED && !dynamoSkippedNoOps && !dynamoRefused &&
      !dynamoPreTraceSkip && dynamoFrameError.empty()) {
    return unsupported("replay of frames Dynamo did not compile (status " +
                       std::to_string(static_cast<int>(event.getStatus())) + ": " +
                       std::string(event.getStatusReason().cStr()) + ")");
  }
  // Resume functions (torch_dynamo_resume_in_*) are frames like any other.
  auto frame = event.getFrame();
  DynamicPlan plan = dynamicPlan(trace, eventIndex);
  if (!plan.unsupported.empty()) {
    return unsupported("automatic dynamic shapes: " + plan.unsupported +
                       " since an earlier compile of this frame, so Dynamo traces it "
                       "symbolically (dynamic ints, strides and cells are not modelled)");
  }
  auto code = bytecode::codeFromTrace(trace, frame.getCode());
  if (!code) return code.error();
  if ((code->flags & bytecode::kCoGenerator) && dynamoRefused) {
    // convert_frame refuses a generator frame before tracing ("Attempt to trace
    // generator"), logging no graph break: the core's decision is the same refusal.
    ReplayOutcome refusal;
    refusal.refused = true;
    return refusal;
  }
  if (code->flags &
      (bytecode::kCoGenerator | bytecode::kCoCoroutine | bytecode::kCoAsyncGenerator)) {
    return unsupported("generator or coroutine frames");
  }
  // The frame's own checks before tracing. A frame Dynamo declined was recorded with its
  // locals (globals ref set); one recorded by an older recorder, with its code only, gives
  // the core nothing to decide from.
  if (dynamoPreTraceSkip && frame.getGlobals() == 0)
    return unsupported("the recorder kept only the code of this frame Dynamo declined (" +
                       std::string(event.getStatusReason().cStr()) +
                       "): re-record it to decide from its locals");
  auto skip = preTraceSkip(trace, eventIndex, frame, *code, dynamoPreTraceSkip,
                           event.getStatusReason().cStr());
  if (!skip) return skip.error();
  if (!skip->empty()) {
    // The core declines the frame too: nothing is traced or installed.
    ReplayOutcome declined;
    declined.decisions.skipReason = *skip;
    return declined;
  }
  FrameRunner runner{trace, event, *code, plan};
  auto run = [&](int64_t symbolBase, const ReplayHooks* h) { return runner.run(symbolBase, h); };
  // Frames Dynamo did not compile are replayed once, without symbols.
  auto staticRun = [&]() -> Expected<ReplayOutcome> {
    auto out = run(0, hooks);
    if (out && !out->lateDims.empty())
      return unsupported("automatic dynamic shapes of " + out->lateDims.begin()->first +
                         " in a frame Dynamo did not compile");
    return out;
  };
  // A frame the core refuses (outcome.refused) carries only the breaks Dynamo logs for
  // that: compared with what Dynamo logged when it refused the frame too (status error),
  // and diverging from a frame Dynamo compiled.
  if (dynamoRefused) {
    auto out = staticRun();
    // A frame error the core raised too (throwIfInFunctorch) is compared as the decision.
    if (!out || out->refused || !out->decisions.frameError.empty()) return out;
    return unsupported("replay of frames Dynamo did not compile (status " +
                       std::to_string(static_cast<int>(event.getStatus())) + ": " +
                       std::string(event.getStatusReason().cStr()) +
                       "): the core reaches no refusal of its own");
  }
  // The core would trace a frame Dynamo declined: its decisions are compared with
  // Dynamo's skip (a divergence).
  if (dynamoPreTraceSkip) return staticRun();
  if (!dynamoFrameError.empty()) return staticRun();
  if (dynamoSkippedNoOps) {
    auto out = staticRun();
    if (out && out->decisions.graphs.empty() && out->decisions.breaks.empty()) {
      // The core reached the return with no op either: it skips the frame too, so it
      // installs no guard and replays no side effect (the frame runs eagerly).
      out->decisions = compare::FrameDecisions{};
    }
    // Otherwise the core's graph, guards and breaks are compared with Dynamo's nothing.
    return out;
  }
  // Unbacked symbols (config.capture_scalar_outputs, capture_dynamic_output_shape_ops)
  // take stand-ins as size symbols do: such a frame is replayed twice too.
  auto config = trace.configOf(event);
  bool unbacked = config.getCaptureScalarOutputs() || config.getCaptureDynamicOutputShapeOps();
  if (plan.dims.empty() && plan.ints.empty() && !unbacked) {
    auto out = run(0, hooks);
    // A pass that had to make an unbacked symbol (a cond's merged int outputs) replays
    // with stand-ins, as do late dynamic dims.
    if (!out ? !needsStandIns(out.error()) : out->lateDims.empty()) return out;
  }
  auto a = run(kSymbolBaseA, hooks);
  if (!a) return a;
  auto b = run(kSymbolBaseB, nullptr);
  if (!b) return b;
  return mergeSymbolicReplays(std::move(*a), *b);
}

}  // namespace

}  // namespace dynrr::tracer
