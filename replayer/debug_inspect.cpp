// debug_inspect.cpp — what `dynrr debug` shows at a stop: locals, value stack, partial
// graph, guards, backtrace, disassembly, source, cells, side effects and the reason of
// a break (comptime.py ComptimeContext print_locals / print_value_stack / print_graph /
// print_guards / print_bt / print_disas; SideEffects; the graph-break reason).
#include <ostream>
#include <set>

#include "core/bytecode/disassembler.h"
#include "core/trace/object_printer.h"
#include "replayer/debug_graph.h"
#include "replayer/debug_session.h"
#include "replayer/debug_source.h"

namespace dynrr::replayer {

std::string DebugSession::reprOf(const vt::VtPtr& v) const {
  if (!v) return "NULL";
  if (const auto* lazy = dynamic_cast<const vt::LazyVariable*>(v.get())) {
    if (lazy->realized()) return reprOf(lazy->realized());
    trace::PrintOptions options;
    options.maxDepth = 2;
    return "lazy " + (lazy->source() ? lazy->source()->name() : std::string("<no source>")) +
           " (recorded " + trace::describeObject(trace_, lazy->object(), options) + ")";
  }
  return v->repr();
}

void DebugSession::cmdLocals() {
  if (!live()) {
    out_ << "no live frame (the replay has ended; `run` replays it again)\n";
    return;
  }
  const auto& locals = current_->locals();
  if (locals.empty()) {
    out_ << "no locals\n";
    return;
  }
  // co_varnames order first (as the frame declares them), then any other name.
  std::set<std::string> shown;
  for (const auto& name : current_->code().localsplusnames) {
    auto it = locals.find(name);
    if (it == locals.end() || !shown.insert(name).second) continue;
    out_ << name << " = " << reprOf(it->second) << "\n";
  }
  for (const auto& [name, value] : locals) {
    if (shown.count(name)) continue;
    out_ << name << " = " << reprOf(value) << "\n";
  }
}

void DebugSession::cmdPrint(const std::vector<std::string>& words) {
  if (words.size() < 2) {
    out_ << "usage: print NAME\n";
    return;
  }
  if (!live()) {
    out_ << "no live frame\n";
    return;
  }
  auto it = current_->locals().find(words[1]);
  if (it == current_->locals().end()) {
    out_ << "no local '" << words[1] << "' in " << current_->code().qualname << "\n";
    return;
  }
  out_ << words[1] << " = " << reprOf(it->second) << "\n";
}

void DebugSession::cmdStack() {
  if (!live()) {
    out_ << "no live frame\n";
    return;
  }
  const auto& stack = current_->stack();
  if (stack.empty()) {
    out_ << "(empty value stack)\n";
    return;
  }
  for (size_t i = 0; i < stack.size(); ++i) {
    out_ << "[" << i << "] " << reprOf(stack[i]) << (i + 1 == stack.size() ? "   <- top" : "")
         << "\n";
  }
}

namespace {

// GraphModule.code without its leading blank lines and trailing indentation.
std::string trimCode(const std::string& code) {
  size_t begin = code.find_first_not_of('\n');
  if (begin == std::string::npos) return "";
  size_t end = code.find_last_not_of(" \n");
  return code.substr(begin, end - begin + 1) + "\n";
}

// A graph's code, then its subgraphs' (higher-order op bodies) under "# subgraph" heads.
void printWithSubgraphs(std::ostream& out, const compare::GraphDecision& g, const std::string& path,
                        int depth) {
  out << trimCode(g.code);
  if (depth >= 16) return;
  for (const auto& sub : g.subgraphs) {
    out << "# subgraph " << path << "." << sub.name << "\n";
    printWithSubgraphs(out, sub.graph, path + "." + sub.name, depth + 1);
  }
}

}  // namespace

void DebugSession::cmdGraph(const std::vector<std::string>& words) {
  if (words.size() > 1 && words[1] == "dynamo") {
    if (reference_.graphs.empty()) out_ << "Dynamo made no graph for this frame\n";
    for (size_t i = 0; i < reference_.graphs.size(); ++i) {
      out_ << "# Dynamo's graph " << i << "\n";
      printWithSubgraphs(out_, reference_.graphs[i], "graph " + std::to_string(i), 0);
    }
    return;
  }
  if (!live()) {
    if (coreDecisions_.graphs.empty()) out_ << "the core made no graph\n";
    for (size_t i = 0; i < coreDecisions_.graphs.size(); ++i)
      printWithSubgraphs(out_, coreDecisions_.graphs[i], "graph " + std::to_string(i), 0);
    return;
  }
  const auto& proto = current_->context().output.graph();
  if (proto.size() == 0) {
    out_ << "(no graph nodes yet)\n";
    return;
  }
  auto code = partialGraphCode(proto);
  if (!code) {
    out_ << "cannot print the partial graph: " << code.error().message() << "\n";
    return;
  }
  out_ << trimCode(*code);
  // Inside a higher-order op's branch: the subgraph its SubgraphTracer is building.
  const auto& output = current_->context().output;
  if (output.inSubtracer()) {
    auto sub = partialGraphCode(proto, output.currentGraph());
    out_ << "# subgraph being traced (SubgraphTracer " << output.currentGraph() << ")\n";
    out_ << (sub ? trimCode(*sub) : "cannot print it: " + sub.error().message() + "\n");
  }
}

void DebugSession::cmdGuards(const std::vector<std::string>& words) {
  bool dynamo = words.size() > 1 && words[1] == "dynamo";
  const std::vector<compare::GuardDecision>* guards = nullptr;
  std::vector<compare::GuardDecision> liveGuards;
  if (dynamo) {
    guards = &reference_.guards;
  } else if (live()) {
    liveGuards = current_->context().output.guardDecisions();
    guards = &liveGuards;
  } else {
    guards = &coreDecisions_.guards;
  }
  if (guards->empty()) {
    out_ << (dynamo ? "Dynamo installed no guards\n" : "no guards installed\n");
    return;
  }
  for (const auto& g : *guards) {
    out_ << g.kind;
    if (!g.source.empty()) out_ << " " << g.source;
    if (!g.detail.empty()) out_ << " " << g.detail;
    if (!dynamo && !guardRecorded(g)) out_ << "   <- not in Dynamo's guards";
    out_ << "\n";
  }
}

void DebugSession::cmdBacktrace() {
  if (!live()) {
    out_ << "no live frame\n";
    return;
  }
  int i = 0;
  for (const auto* t = current_; t; t = t->parent(), ++i) {
    uint32_t offset = (t == current_ && inst_) ? inst_->offset : t->currentOffset();
    out_ << "#" << i << " " << location(*t, offset) << (t->parent() ? "" : "   [root frame]")
         << "\n";
  }
}

void DebugSession::cmdDisas() {
  if (!live()) {
    out_ << "no live frame\n";
    return;
  }
  uint32_t offset = inst_ ? inst_->offset : current_->currentOffset();
  out_ << bytecode::disassemble(current_->code(), bytecode::traceConstRepr(trace_), offset);
}

void DebugSession::cmdList() {
  if (!live()) {
    out_ << "no live frame\n";
    return;
  }
  const auto& code = current_->code();
  const bytecode::Instruction* inst =
      inst_ ? inst_ : instructionAt(*current_, current_->currentOffset());
  int line =
      inst && inst->positions.line ? *inst->positions.line : static_cast<int>(code.firstlineno);
  auto lines = readSourceLines(code.filename, tracePath_);
  if (!lines) {
    out_ << "no source: the trace holds none and " << code.filename
         << " is not readable here (`disas` shows the bytecode)\n";
    return;
  }
  int from = std::max(1, line - 5);
  int to = std::min(static_cast<int>(lines->size()), line + 5);
  for (int n = from; n <= to; ++n) {
    char buf[16];
    std::snprintf(buf, sizeof(buf), "%4d", n);
    out_ << buf << (n == line ? " -> " : "    ") << (*lines)[static_cast<size_t>(n - 1)] << "\n";
  }
}

void DebugSession::cmdCells() {
  if (!live()) {
    out_ << "no live frame\n";
    return;
  }
  auto cells = current_->context().sideEffects.describeCells();
  if (cells.empty()) out_ << "no cells\n";
  for (const auto& c : cells) out_ << c << "\n";
}

void DebugSession::cmdEffects() {
  if (!live()) {
    out_ << "no live frame\n";
    return;
  }
  auto pending = current_->context().sideEffects.describePending();
  if (pending.empty()) out_ << "no pending side effects\n";
  for (const auto& p : pending) out_ << p << "\n";
}

void DebugSession::cmdWhy() {
  bool said = false;
  if (!stopExplanation_.empty() && live()) {
    out_ << "divergence: " << stopExplanation_ << "\n";
    said = true;
  }
  if (!breakReason_.empty()) {
    out_ << breakReason_ << "\n  at " << breakLocation_ << "\n";
    said = true;
  } else if (!live() && !endReason_.empty()) {
    out_ << endReason_ << "\n";
    said = true;
  }
  if (!live() && verdict_ == compare::Verdict::kDiverge) {
    out_ << "the core's decisions differ from Dynamo's (`diff` shows how; `break divergence` "
            "and `run` stop where they part)\n";
    said = true;
  }
  if (!said) {
    out_ << "nothing to explain: not at a graph break, an unsupported instruction or a "
            "divergence\n";
  }
}

void DebugSession::cmdHelp() {
  out_ << "where to stop:\n"
          "  break line N       first instruction of line N (any frame)\n"
          "  break offset N     bytecode offset N in the current code\n"
          "  break node         after each graph node is added\n"
          "  break guard        after each guard is installed\n"
          "  break graph-break  where the core graph-breaks or finds something unsupported\n"
          "  break inline       entry into an inlined function\n"
          "  break divergence   first point after which the core can no longer reach Dynamo's "
          "decision\n"
          "  info breaks, delete [N]\n"
          "moving:\n"
          "  step (s)  one instruction, into inlined calls     next (n)  over inlined calls\n"
          "  continue (c)  to the next breakpoint              finish    out of the inlined call\n"
          "  run  replay the frame again from the start        quit (q)\n"
          "looking:\n"
          "  locals, print NAME, stack, graph [dynamo], guards [dynamo], bt, disas, list,\n"
          "  cells, effects, why, diff (after the end)\n";
}

}  // namespace dynrr::replayer
