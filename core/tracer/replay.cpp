// replay.cpp — replays one recorded compile event through the core and assembles the
// core's decisions (the role of convert_frame._compile + OutputGraph.compile_subgraph
// + CheckFunctionManager in Dynamo): the graph is emitted through core/graph so node
// names and the printed code follow FX's rules.
#include "core/bytecode/code_object.h"
#include "core/bytecode/dynamo_instructions.h"
#include "core/bytecode/exception_table.h"
#include "core/fake/dtype.h"
#include "core/graph/graph.h"
#include "core/graph/printer.h"
#include "core/tracer/instruction_translator.h"
#include "core/tracer/liveness.h"
#include "core/tracer/ops.h"

namespace dynrr::tracer {
namespace {

// Replays the tracer's graph log into an FX-like graph and reads back names and code.
Expected<compare::GraphDecision> emitGraph(const ProtoGraph& proto) {
  graph::Graph g;
  std::vector<graph::Node*> nodes;
  if (Status s = replayGraphLog(proto, g, nodes); !s) return s.error().withContext("graph log");
  compare::GraphDecision out;
  out.code = graph::pythonCode(g);
  for (NodeId id : proto.order()) {
    const ProtoNode& pn = proto.node(id);
    compare::NodeDecision nd;
    nd.name = nodes[static_cast<size_t>(id)]->name();
    nd.op = pn.op;
    nd.target = pn.target;
    nd.source = pn.source;
    if (pn.meta) {
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
// sizes or strides, or an input int, differ from an earlier compile of the same code,
// Dynamo marks them dynamic (frame_state / process_automatic_dynamic) and traces with
// symbols. The core does not model symbolic sizes yet; returns what changed, if anything.
std::string dynamicInputs(const trace::TraceReader& trace, size_t eventIndex) {
  auto event = trace.event(eventIndex);
  auto frame = event.getFrame();
  if (!trace.header().getConfig().getAutomaticDynamicShapes()) return "";
  for (size_t j = 0; j < eventIndex; ++j) {
    auto earlier = trace.event(j).getFrame();
    if (earlier.getCode() != frame.getCode()) continue;
    // Locals, and the contents of the frame's cells (read through L['name'] too).
    auto valueOf = [&](schema::FrameInput::Reader f, capnp::Text::Reader name,
                       bool cell) -> trace::ObjRef {
      for (auto nv : cell ? f.getCells() : f.getLocals()) {
        if (nv.getName() != name) continue;
        if (!cell) return nv.getValue();
        auto c = trace.object(nv.getValue());
        if (!c || c->which() != schema::Object::Which::CELL || c->getCell().getEmpty()) return 0;
        return c->getCell().getContents();
      }
      return 0;
    };
    std::vector<std::pair<std::string, std::pair<trace::ObjRef, trace::ObjRef>>> pairs;
    for (bool cell : {false, true}) {
      for (auto nv : cell ? frame.getCells() : frame.getLocals()) {
        trace::ObjRef now = valueOf(frame, nv.getName(), cell);
        trace::ObjRef before = valueOf(earlier, nv.getName(), cell);
        if (now && before) pairs.push_back({nv.getName(), {now, before}});
      }
    }
    for (const auto& [name, refs] : pairs) {
      {
        auto a = trace.object(refs.first);
        auto b = trace.object(refs.second);
        if (!a || !b || a->which() != b->which()) continue;
        using W = schema::Object::Which;
        if (a->which() == W::INT && a->getInt() != b->getInt()) {
          return "int input '" + name + "'";
        }
        if (a->which() == W::TENSOR) {
          auto ma = trace.object(a->getTensor().getMeta());
          auto mb = trace.object(b->getTensor().getMeta());
          if (!ma || !mb || ma->which() != W::TENSOR_META || mb->which() != W::TENSOR_META)
            continue;
          auto ta = ma->getTensorMeta(), tb = mb->getTensorMeta();
          auto sameList = [](capnp::List<int64_t>::Reader x, capnp::List<int64_t>::Reader y) {
            if (x.size() != y.size()) return false;
            for (unsigned k = 0; k < x.size(); ++k) {
              if (x[k] != y[k]) return false;
            }
            return true;
          };
          if (!sameList(ta.getShape(), tb.getShape()) ||
              !sameList(ta.getStride(), tb.getStride())) {
            return "tensor input '" + name + "' sizes/strides";
          }
        }
      }
    }
  }
  return "";
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
  for (const auto& t : effects.tracked()) {
    if (!t.value) {
      out.push_back({"store global", "G[" + vt::pyStrRepr(t.global) + "]", t.global});
      continue;
    }
    if (!t.value->source() || t.value->mutationType() == vt::MutationType::kAttributeMutationNew)
      continue;
    const std::string target = t.value->source()->name();
    if (auto* cell = dynamic_cast<const vt::CellVariable*>(t.value.get())) {
      if (cell->preExisting() && cell->written()) out.push_back({"store cell", target, ""});
      continue;
    }
    for (const auto& [name, value] : t.attrs) out.push_back({"store attr", target, name});
    if (t.attrs.empty() && t.mutated) {
      std::string kind = t.value->kind() == vt::VtKind::kDict ? "mutate dict" : "mutate list";
      out.push_back({kind, target, ""});
    }
  }
  return out;
}

Status compileAtBreak(InstructionTranslator& root, const TracingContext::BreakRequest& br,
                      const bytecode::CodeObject& code, compare::FrameDecisions& decisions) {
  const auto& insts = root.instructions();
  size_t index = root.instructionIndex();
  const bytecode::Instruction& inst = insts[index];
  std::string_view op = inst.opname;
  size_t stackPops = 0;
  if (op == "CALL") {
    stackPops =
        static_cast<size_t>(inst.arg) + 2;  // PRECALL + CALL pop the callable, self/NULL, args
  } else if (op == "CALL_FUNCTION_EX") {
    // NULL, the callable, the args tuple and, with flag 1, the kwargs dict.
    stackPops = 3 + (static_cast<size_t>(inst.arg) & 1);
  } else if (op.rfind("POP_JUMP", 0) == 0 || op.rfind("JUMP_IF", 0) == 0) {
    stackPops = 1;  // generic_jump pushes the value back first
  } else {
    return unsupported("graph break at " + std::string(op) + " (only CALL and jumps are modelled)");
  }
  // maybe_has_backedge: a jump after this instruction (up to the next return) to an
  // earlier offset makes Dynamo give up on the frame ("graph break in loop").
  for (size_t k = index + 1; k < insts.size(); ++k) {
    if (insts[k].opname == "RETURN_VALUE") break;
    if (insts[k].jumpTarget && *insts[k].jumpTarget < inst.offset)
      return unsupported("graph break inside a loop (Dynamo skips the frame)");
  }
  auto table = bytecode::parseExceptionTable(code.exceptiontable);
  if (!table) return table.error();
  if (!table->empty()) {
    for (const auto& e : *table) {
      if (inst.offset >= e.start && inst.offset < e.end)
        return unsupported("graph break inside a try block or with statement");
    }
  }
  // Stack values: NULLs are dropped except among the values the resumed instruction pops.
  std::vector<VtPtr> values;
  const auto& stack = root.stack();
  if (stack.size() < stackPops) return Error("bad bytecode: stack too short at the graph break");
  for (size_t i = 0; i < stack.size(); ++i) {
    bool popped = stack.size() - i <= stackPops;
    if (!popped && stack[i]->kind() == vt::VtKind::kNull) continue;
    // _get_stack_values_to_restore: realize_all every stack value, except that lazy
    // constants among the values the resumed instruction pops stay lazy (unguarded).
    if (auto* lazy = dynamic_cast<LazyVariable*>(stack[i].get());
        popped && lazy && !lazy->realized()) {
      auto obj = root.context().trace.object(lazy->object());
      if (!obj) return obj.error();
      auto w = obj->which();
      using W = schema::Object::Which;
      if (w == W::INT || w == W::FLOAT || w == W::BOOL || w == W::STR || w == W::NONE) {
        values.push_back(stack[i]);
        continue;
      }
    }
    if (Status st = Ops::realizeAll(root, stack[i]); !st) return st;
    auto r = root.realize(stack[i]);
    if (!r) return r.error();
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
    values.push_back(v);
  }
  auto& ctx = root.context();
  if (Status st = Ops::checkEscapes(root, values); !st) return st.error();
  std::vector<NodeId> outputs = Ops::graphOutputs(root, values);
  if (ctx.output.graph().opCount() > 0) ctx.output.setOutput(outputs);
  compare::BreakDecision decision;
  decision.gbType = br.gbType;
  decision.reason = br.explanation;
  decision.offset = inst.offset;
  auto cleaned = bytecode::dynamoCleanedInstructions(code);
  if (cleaned) {
    if (auto o = cleaned->dynamoOffset(inst.offset)) decision.offset = *o;
  }
  decisions.breaks.push_back(std::move(decision));
  return Status::success();
}

// One pass of symbolic evaluation over the frame; `breakAt` set on the pass after the
// core found a graph break (Dynamo's restart after a failed speculation).
Expected<ReplayOutcome> replayPass(const trace::TraceReader& trace,
                                   schema::CompileEvent::Reader event,
                                   const bytecode::CodeObject& codeIn, const ReplayHooks* hooks,
                                   const TracingContext::BreakRequest* breakAt,
                                   std::optional<TracingContext::BreakRequest>& found) {
  auto frame = event.getFrame();
  auto insts = bytecode::decodeInstructions(codeIn);
  if (!insts) return insts.error();
  auto code = std::make_unique<bytecode::CodeObject>(codeIn);
  TracingContext ctx(trace, event);
  ctx.hooks = hooks;
  if (hooks) {
    ctx.output.onNode = hooks->onNode;
    ctx.output.onGuard = hooks->onGuard;
  }
  auto gs = frame.getGlobalState();
  ctx.gradEnabled = gs.getGradEnabled();
  if (auto dt = fake::parseDType(std::string(gs.getDefaultDtype().cStr()))) ctx.defaultDtype = *dt;

  InstructionTranslator root(ctx, *code, std::move(*insts), frame.getGlobals(), nullptr);
  if (breakAt) root.setStopAt(breakAt->rootOffset);
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
    auto cell = Ops::existingCell(ctx, cellRef, name, nullptr, vt::Source::local(name));
    if (!cell) return cell.error();
    (*cell)->setGivesNameHint();
    root.setCell(name, std::move(*cell));
  }
  auto result = root.run();
  ReplayOutcome outcome;
  if (!result) {
    if (ctx.pendingBreak && !breakAt) {
      found = ctx.pendingBreak;
      return result.error();
    }
    return result.error();
  }
  if (root.stoppedAtBreak()) {
    if (!breakAt) return Error("internal: stopped without a break");
    if (hooks && hooks->onBreak)
      hooks->onBreak(root, breakAt->gbType + ": " + breakAt->explanation);
    if (Status s = compileAtBreak(root, *breakAt, *code, outcome.decisions); !s) return s.error();
  }
  const ProtoGraph& proto = ctx.output.graph();
  outcome.ops = proto.opCount();
  if (ctx.output.hasOutput()) {
    auto g = emitGraph(proto);
    if (!g) return g.error();
    outcome.decisions.graphs.insert(outcome.decisions.graphs.begin(), std::move(*g));
  }
  outcome.decisions.guards = ctx.output.guards();
  outcome.decisions.effects = effectDecisions(ctx.sideEffects);
  return outcome;
}

}  // namespace

Expected<ReplayOutcome> replayFrame(const trace::TraceReader& trace, size_t eventIndex,
                                    const ReplayHooks* hooks) {
  if (eventIndex >= trace.eventCount()) return Error("no event " + std::to_string(eventIndex));
  auto event = trace.event(eventIndex);
  if (std::string why = event.getStatusReason().cStr(); why.rfind("trace truncated", 0) == 0) {
    // The recorder's per-event object budget ran out: what is missing is named.
    return unsupported(why);
  }
  if (event.getStatus() != schema::EventStatus::COMPILED) {
    return unsupported("replay of frames Dynamo did not compile (status " +
                       std::to_string(static_cast<int>(event.getStatus())) + ": " +
                       std::string(event.getStatusReason().cStr()) + ")");
  }
  // Resume functions (torch_dynamo_resume_in_*) are frames like any other.
  auto frame = event.getFrame();
  if (std::string changed = dynamicInputs(trace, eventIndex); !changed.empty()) {
    return unsupported("automatic dynamic shapes: " + changed +
                       " changed since an earlier compile of this frame, so Dynamo traces it "
                       "symbolically (symbolic sizes are core part 2)");
  }
  auto code = bytecode::codeFromTrace(trace, frame.getCode());
  if (!code) return code.error();
  if (code->flags &
      (bytecode::kCoGenerator | bytecode::kCoCoroutine | bytecode::kCoAsyncGenerator)) {
    return unsupported("generator or coroutine frames");
  }
  std::optional<TracingContext::BreakRequest> found;
  auto first = replayPass(trace, event, *code, hooks, nullptr, found);
  if (first || !found) return first;
  // A graph break: replay again, stopping at the root instruction it happens at.
  std::optional<TracingContext::BreakRequest> again;
  return replayPass(trace, event, *code, hooks, &*found, again);
}

}  // namespace dynrr::tracer
