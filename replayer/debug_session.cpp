// debug_session.cpp — the replay loop, hooks, stops and breakpoints of `dynrr debug`
// (comptime's breakpoint(): stop inside the symbolic evaluation; pdb-style moving).
// The inspection commands are in debug_inspect.cpp.
#include "replayer/debug_session.h"

#include <cstdlib>
#include <ostream>
#include <sstream>

#include "core/bytecode/opcode_table.h"
#include "core/bytecode/py_repr.h"
#include "replayer/debug_divergence.h"
#include "replayer/debug_source.h"

namespace dynrr::replayer {
namespace {

std::vector<std::string> splitWords(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

std::string trim(const std::string& s) {
  size_t a = s.find_first_not_of(" \t\r\n");
  if (a == std::string::npos) return "";
  size_t b = s.find_last_not_of(" \t\r\n");
  return s.substr(a, b - a + 1);
}

std::optional<int64_t> parseInt(const std::string& s) {
  if (s.empty()) return std::nullopt;
  char* end = nullptr;
  long long v = std::strtoll(s.c_str(), &end, 10);
  if (*end != '\0') return std::nullopt;
  return static_cast<int64_t>(v);
}

}  // namespace

std::optional<std::string> ScriptReader::read(const std::string&) {
  if (next_ >= lines_.size()) return std::nullopt;
  return lines_[next_++];
}

std::vector<std::string> ScriptReader::splitCommands(const std::string& text) {
  std::vector<std::string> out;
  std::string piece;
  std::istringstream in(text);
  while (std::getline(in, piece, ';')) {
    if (std::string t = trim(piece); !t.empty()) out.push_back(t);
  }
  return out;
}

DebugSession::DebugSession(const trace::TraceReader& trace, size_t frame, LineReader& in,
                           std::ostream& out, std::string tracePath)
    : trace_(trace), tracePath_(std::move(tracePath)), frame_(frame), in_(in), out_(out) {
  reference_ = compare::fromEvent(trace.event(frame));
}

int DebugSession::depth(const tracer::InstructionTranslator& t) {
  int d = 0;
  for (const auto* p = t.parent(); p; p = p->parent()) ++d;
  return d;
}

std::string DebugSession::codeKey(const tracer::InstructionTranslator& t) {
  return t.code().filename + ":" + std::to_string(t.code().firstlineno) + ":" + t.code().qualname;
}

const bytecode::Instruction* DebugSession::instructionAt(const tracer::InstructionTranslator& t,
                                                         uint32_t offset) const {
  auto index = bytecode::instructionAt(t.instructions(), offset);
  return index ? &t.instructions()[*index] : nullptr;
}

std::string DebugSession::location(const tracer::InstructionTranslator& t, uint32_t offset) const {
  std::string out = t.code().qualname + " (" + baseName(t.code().filename);
  const bytecode::Instruction* inst = instructionAt(t, offset);
  if (inst && inst->positions.line) out += ":" + std::to_string(*inst->positions.line);
  out += ") offset " + std::to_string(offset);
  if (inst) {
    out += ": " + std::string(inst->opname);
    if (inst->kind == bytecode::OperandKind::kConst) {
      out += " " + bytecode::pyRepr(trace_, inst->constRef);
    } else if (inst->kind == bytecode::OperandKind::kJump && inst->jumpTarget) {
      out += " to " + std::to_string(*inst->jumpTarget);
    } else if (!inst->text.empty()) {
      out += " " + inst->text;
    }
  }
  return out;
}

bool DebugSession::guardRecorded(const compare::GuardDecision& g) const {
  std::string key = compare::guardKey(g);
  for (const auto& r : reference_.guards) {
    if (compare::guardKey(r) == key) return true;
  }
  return false;
}

tracer::ReplayHooks DebugSession::makeHooks() {
  tracer::ReplayHooks hooks;
  hooks.onStep = [this](const tracer::InstructionTranslator& t, const bytecode::Instruction& i) {
    return onStep(t, i);
  };
  hooks.onNode = [this](tracer::NodeId id) { onNode(id); };
  hooks.onGuard = [this](const compare::GuardDecision& g) { onGuard(g); };
  hooks.onInline = [this](const tracer::InstructionTranslator&) {
    for (const auto& b : breaks_) {
      if (b.kind == Breakpoint::Kind::kInline) pendingInlineStop_ = true;
    }
  };
  hooks.onReturn = [this](const tracer::InstructionTranslator& callee) {
    current_ = callee.parent();
    inst_ = current_ ? instructionAt(*current_, current_->currentOffset()) : nullptr;
  };
  hooks.onBreak = [this](const tracer::InstructionTranslator& t, const std::string& reason) {
    onBreak(t, reason);
  };
  return hooks;
}

bool DebugSession::onStep(const tracer::InstructionTranslator& t,
                          const bytecode::Instruction& inst) {
  ++events_;
  current_ = &t;
  inst_ = &inst;
  breakUnwinding_ = false;  // a later break (after the core recovered) is a new one
  if (resume_ == Resume::kQuit || resume_ == Resume::kRestart) return false;
  std::string why;
  int d = depth(t);
  if (events_ == 1) {
    why = "at the frame's first instruction";
  } else if (resume_ == Resume::kStep) {
    why = "step";
  } else if (resume_ == Resume::kNext && d <= resumeDepth_) {
    why = "next";
  } else if (resume_ == Resume::kFinish && d < resumeDepth_) {
    why = "finish: returned to " + t.code().qualname;
  }
  for (auto& b : breaks_) {
    bool hit = false;
    std::string what;
    switch (b.kind) {
      case Breakpoint::Kind::kLine:
        hit = inst.startsLine && *inst.startsLine == b.value;
        what = "line " + std::to_string(b.value);
        break;
      case Breakpoint::Kind::kOffset:
        hit = inst.offset == b.value && codeKey(t) == b.codeKey;
        what = "offset " + std::to_string(b.value);
        break;
      case Breakpoint::Kind::kInline:
        hit = pendingInlineStop_ && d > 0;
        what = "entered inlined function " + t.code().qualname;
        break;
      case Breakpoint::Kind::kDivergence:
        hit = divergenceEvent_ && *divergenceEvent_ == events_;
        what = "divergence";
        if (hit) stopExplanation_ = divergenceExplanation_;
        break;
      default: break;
    }
    if (hit) {
      ++b.hits;
      why = "breakpoint " + std::to_string(b.id) + ", " + what;
      break;
    }
  }
  pendingInlineStop_ = false;
  if (!why.empty()) stop(why);
  return resume_ != Resume::kQuit && resume_ != Resume::kRestart;
}

void DebugSession::onNode(tracer::NodeId id) {
  ++events_;
  if (!current_ || resume_ == Resume::kQuit || resume_ == Resume::kRestart) return;
  const tracer::ProtoNode& n = current_->context().output.graph().node(id);
  for (auto& b : breaks_) {
    bool divergence =
        b.kind == Breakpoint::Kind::kDivergence && divergenceEvent_ && *divergenceEvent_ == events_;
    if (b.kind == Breakpoint::Kind::kNode || divergence) {
      ++b.hits;
      if (divergence) stopExplanation_ = divergenceExplanation_;
      stop("breakpoint " + std::to_string(b.id) + ", " + (divergence ? "divergence: " : "") +
           "node added: " + n.op + " " + n.target);
      return;
    }
  }
}

void DebugSession::onGuard(const compare::GuardDecision& g) {
  ++events_;
  if (!current_ || resume_ == Resume::kQuit || resume_ == Resume::kRestart) return;
  for (auto& b : breaks_) {
    bool divergence =
        b.kind == Breakpoint::Kind::kDivergence && divergenceEvent_ && *divergenceEvent_ == events_;
    if (b.kind == Breakpoint::Kind::kGuard || divergence) {
      ++b.hits;
      if (divergence) stopExplanation_ = divergenceExplanation_;
      stop("breakpoint " + std::to_string(b.id) + ", " + (divergence ? "divergence: " : "") +
           "guard installed: " + g.kind + " " + g.source +
           (guardRecorded(g) ? "" : " (not in Dynamo's guards)"));
      return;
    }
  }
}

void DebugSession::onBreak(const tracer::InstructionTranslator& t, const std::string& reason) {
  // The failing step reports once per frame as the error unwinds inlined calls; the
  // first report is the innermost frame, where it happened. The callee may be gone by
  // the next report, so current_ always follows the reporting frame.
  current_ = &t;
  inst_ = instructionAt(t, t.currentOffset());
  if (breakUnwinding_) return;
  breakUnwinding_ = true;
  breakReason_ = reason;
  breakLocation_ = location(t, t.currentOffset());
  if (resume_ == Resume::kQuit || resume_ == Resume::kRestart) return;
  for (auto& b : breaks_) {
    if (b.kind == Breakpoint::Kind::kGraphBreak) {
      ++b.hits;
      stop("breakpoint " + std::to_string(b.id) + ", graph break: " + reason);
      return;
    }
  }
}

void DebugSession::stop(const std::string& why) {
  out_ << "stopped: " << why << "\n";
  if (current_) {
    out_ << "  at " << location(*current_, inst_ ? inst_->offset : current_->currentOffset())
         << "\n";
  }
  for (;;) {
    auto line = in_.read("(dynrr) ");
    if (!line) {
      resume_ = Resume::kQuit;
      return;
    }
    if (in_.echo()) out_ << "(dynrr) " << *line << "\n";
    if (dispatch(repeatable(*line))) return;
  }
}

std::string DebugSession::repeatable(const std::string& line) {
  // At a terminal an empty line repeats the last step, next or continue (as gdb does).
  auto words = splitWords(line);
  if (words.empty()) return in_.echo() ? line : lastMove_;
  static const char* kMoves[] = {"step", "s", "next", "n", "continue", "c", "cont", "finish"};
  for (const char* m : kMoves) {
    if (words[0] == m) lastMove_ = line;
  }
  return line;
}

void DebugSession::postMortem() {
  for (;;) {
    auto line = in_.read("(dynrr) ");
    if (!line) {
      resume_ = Resume::kQuit;
      return;
    }
    if (in_.echo()) out_ << "(dynrr) " << *line << "\n";
    if (dispatch(*line)) return;
  }
}

bool DebugSession::dispatch(const std::string& line) {
  auto words = splitWords(line);
  if (words.empty()) return false;
  const std::string& c = words[0];
  auto resumeWith = [&](Resume r) {
    if (!live()) {
      out_ << "the replay has ended; `run` replays the frame again\n";
      return false;
    }
    resume_ = r;
    resumeDepth_ = depth(*current_);
    return true;
  };
  if (c == "step" || c == "s") return resumeWith(Resume::kStep);
  if (c == "next" || c == "n") return resumeWith(Resume::kNext);
  if (c == "continue" || c == "c" || c == "cont") return resumeWith(Resume::kContinue);
  if (c == "finish") {
    if (live() && depth(*current_) == 0) {
      out_ << "in the root frame: `finish` runs to the end of the replay\n";
    }
    return resumeWith(Resume::kFinish);
  }
  if (c == "quit" || c == "q" || c == "exit") {
    resume_ = Resume::kQuit;
    return true;
  }
  if (c == "run" || c == "restart") {
    resume_ = Resume::kRestart;
    return true;
  }
  if (c == "break" || c == "b") {
    cmdBreak(words);
  } else if (c == "info") {
    cmdInfo(words);
  } else if (c == "delete" || c == "d") {
    cmdDelete(words);
  } else if (c == "locals") {
    cmdLocals();
  } else if (c == "print" || c == "p") {
    cmdPrint(words);
  } else if (c == "stack") {
    cmdStack();
  } else if (c == "graph") {
    cmdGraph(words);
  } else if (c == "guards") {
    cmdGuards(words);
  } else if (c == "bt" || c == "backtrace" || c == "where") {
    cmdBacktrace();
  } else if (c == "disas" || c == "disassemble") {
    cmdDisas();
  } else if (c == "list" || c == "l") {
    cmdList();
  } else if (c == "cells") {
    cmdCells();
  } else if (c == "effects") {
    cmdEffects();
  } else if (c == "why") {
    cmdWhy();
  } else if (c == "diff") {
    if (live()) {
      out_ << "the verdict is known at the end of the replay (`continue`)\n";
    } else {
      out_ << (endDiff_.empty() ? "no difference\n" : endDiff_);
    }
  } else if (c == "help" || c == "h" || c == "?") {
    cmdHelp();
  } else {
    out_ << "unknown command '" << c << "' (try `help`)\n";
  }
  return false;
}

void DebugSession::cmdBreak(const std::vector<std::string>& words) {
  using K = Breakpoint::Kind;
  Breakpoint b;
  b.id = nextBreakId_;
  const std::string what = words.size() > 1 ? words[1] : "";
  std::string describe;
  if ((what == "line" || what == "offset") && words.size() > 2) {
    auto v = parseInt(words[2]);
    if (!v || *v < 0) {
      out_ << "break " << what << ": expected a number, got '" << words[2] << "'\n";
      return;
    }
    b.kind = what == "line" ? K::kLine : K::kOffset;
    b.value = *v;
    if (b.kind == K::kOffset) {
      if (!current_) {
        out_ << "break offset: no code to refer to (the replay has not started or has ended)\n";
        return;
      }
      b.codeKey = codeKey(*current_);
      describe = "offset " + std::to_string(*v) + " in " + current_->code().qualname;
    } else {
      describe = "line " + std::to_string(*v) + " (any frame)";
    }
  } else if (what == "node") {
    b.kind = K::kNode;
    describe = "each graph node added";
  } else if (what == "guard") {
    b.kind = K::kGuard;
    describe = "each guard installed";
  } else if (what == "graph-break" || what == "unsupported") {
    b.kind = K::kGraphBreak;
    describe = "graph break or unsupported";
  } else if (what == "inline") {
    b.kind = K::kInline;
    describe = "entry into an inlined function";
  } else if (what == "divergence") {
    b.kind = K::kDivergence;
    if (!divergenceKnown_) {
      Divergence d = findDivergence(trace_, frame_);
      divergenceKnown_ = true;
      divergenceEvent_ = d.event;
      divergenceExplanation_ = d.explanation;
      if (d.verdict == compare::Verdict::kMatch) {
        divergenceExplanation_ = "the core's decisions match Dynamo's: no divergence";
      } else if (d.verdict == compare::Verdict::kUnsupported) {
        divergenceExplanation_ =
            "the replay ends unsupported, so there is no decision to "
            "compare: " +
            d.reason;
      }
    }
    if (divergenceEvent_ && *divergenceEvent_ <= events_) {
      out_ << "note: the divergence is behind the current stop; `run` replays the frame again\n";
    }
    describe =
        divergenceEvent_ ? "divergence" : "divergence (never: " + divergenceExplanation_ + ")";
  } else {
    out_ << "usage: break line N | offset N | node | guard | graph-break | inline | divergence\n";
    return;
  }
  ++nextBreakId_;
  breaks_.push_back(b);
  out_ << "breakpoint " << b.id << ": " << describe << "\n";
}

void DebugSession::cmdInfo(const std::vector<std::string>& words) {
  if (words.size() < 2 || (words[1] != "breaks" && words[1] != "break" && words[1] != "b")) {
    out_ << "usage: info breaks\n";
    return;
  }
  if (breaks_.empty()) {
    out_ << "no breakpoints\n";
    return;
  }
  static const char* kNames[] = {"line",        "offset", "node",      "guard",
                                 "graph-break", "inline", "divergence"};
  for (const auto& b : breaks_) {
    out_ << b.id << "  " << kNames[static_cast<int>(b.kind)];
    if (b.kind == Breakpoint::Kind::kLine || b.kind == Breakpoint::Kind::kOffset)
      out_ << " " << b.value;
    out_ << "  hits " << b.hits << "\n";
  }
}

void DebugSession::cmdDelete(const std::vector<std::string>& words) {
  if (words.size() < 2) {
    out_ << "deleted " << breaks_.size() << " breakpoint(s)\n";
    breaks_.clear();
    return;
  }
  auto id = parseInt(words[1]);
  for (auto it = breaks_.begin(); id && it != breaks_.end(); ++it) {
    if (it->id == *id) {
      breaks_.erase(it);
      out_ << "deleted breakpoint " << *id << "\n";
      return;
    }
  }
  out_ << "no breakpoint " << words[1] << "\n";
}

int DebugSession::run() {
  auto event = trace_.event(frame_);
  std::string name = "?";
  if (auto code = trace_.object(event.getFrame().getCode());
      code && code->which() == schema::Object::Which::CODE) {
    name = std::string(code->getCode().getQualname().cStr()) + " (" +
           baseName(code->getCode().getFilename().cStr()) + ":" +
           std::to_string(code->getCode().getFirstlineno()) + ")";
  }
  out_ << "dynrr debug: frame " << frame_ << " of " << trace_.eventCount() << ", " << name
       << "; Dynamo made " << reference_.graphs.size() << " graph(s), " << reference_.guards.size()
       << " guard(s), " << reference_.breaks.size() << " graph break(s)\n";
  for (;;) {
    resume_ = Resume::kStep;
    pendingInlineStop_ = false;
    finished_ = false;
    events_ = 0;
    current_ = nullptr;
    inst_ = nullptr;
    breakReason_.clear();
    breakLocation_.clear();
    breakUnwinding_ = false;
    stopExplanation_.clear();
    for (auto& b : breaks_) b.hits = 0;
    tracer::ReplayHooks hooks = makeHooks();
    auto outcome = tracer::replayFrame(trace_, frame_, &hooks);
    finished_ = true;
    if (resume_ == Resume::kQuit) return 0;
    if (resume_ == Resume::kRestart) {
      out_ << "replaying frame " << frame_ << " again\n";
      continue;
    }
    current_ = nullptr;
    inst_ = nullptr;
    endDiff_.clear();
    coreDecisions_ = {};
    if (!outcome) {
      verdict_ = compare::Verdict::kUnsupported;
      endReason_ = outcome.error().message();
      if (events_ == 0) out_ << "the core rejected the frame before its first instruction\n";
    } else {
      coreDecisions_ = outcome->decisions;
      auto cmp = compare::compareDecisions(reference_, coreDecisions_);
      verdict_ = cmp.verdict;
      endDiff_ = cmp.diff;
      endReason_.clear();
    }
    out_ << "replay ended: " << compare::verdictName(verdict_);
    if (!endReason_.empty()) out_ << ": " << endReason_;
    if (verdict_ == compare::Verdict::kDiverge) out_ << " (`diff` shows how)";
    out_ << "\n";
    postMortem();
    if (resume_ == Resume::kRestart) {
      out_ << "replaying frame " << frame_ << " again\n";
      continue;
    }
    return 0;
  }
}

}  // namespace dynrr::replayer
