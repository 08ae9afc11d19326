// debug_session.h — `dynrr debug`: stop the core's symbolic evaluation of one recorded
// frame at a breakpoint and look inside it (the offline reach of Dynamo's comptime API,
// torch/_dynamo/comptime.py ComptimeContext: print_locals, print_value_stack,
// print_graph, print_guards, print_bt, print_disas).
//
// The session runs the replay (tracer::replayFrame) with ReplayHooks; the prompt runs
// inside the hooks, so every stop sees the live translator. Replays are deterministic,
// so `run` restarts from the first instruction and `break divergence` is found by a
// first, silent replay (debug_divergence.h).
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "core/compare/compare.h"
#include "core/trace/trace_reader.h"
#include "core/tracer/instruction_translator.h"

namespace dynrr::replayer {

// Where the session's commands come from: a terminal with line editing, or a script.
class LineReader {
 public:
  virtual ~LineReader() = default;
  // The next command line, or nullopt at the end of input.
  virtual std::optional<std::string> read(const std::string& prompt) = 0;
  // Scripted readers echo "(dynrr) <command>" before its output.
  virtual bool echo() const = 0;
};

// Commands from a list (`-c "a; b"`, `--commands FILE`); echoes each.
class ScriptReader final : public LineReader {
 public:
  explicit ScriptReader(std::vector<std::string> lines) : lines_(std::move(lines)) {}
  std::optional<std::string> read(const std::string& prompt) override;
  bool echo() const override { return true; }

  // "a; b ;c" -> {"a", "b", "c"}; empty pieces dropped.
  static std::vector<std::string> splitCommands(const std::string& text);

 private:
  std::vector<std::string> lines_;
  size_t next_ = 0;
};

class DebugSession {
 public:
  // `trace` and `out` must outlive the session. `frame` must be < trace.eventCount().
  // `tracePath` only helps find source files (`list`).
  DebugSession(const trace::TraceReader& trace, size_t frame, LineReader& in, std::ostream& out,
               std::string tracePath = "");
  DebugSession(const DebugSession&) = delete;
  DebugSession& operator=(const DebugSession&) = delete;

  // Runs until `quit` or the end of input. Returns the process exit code (0).
  int run();

 private:
  enum class Resume { kStep, kNext, kFinish, kContinue, kQuit, kRestart };
  struct Breakpoint {
    enum class Kind { kLine, kOffset, kNode, kGuard, kGraphBreak, kInline, kDivergence };
    int id = 0;
    Kind kind = Kind::kLine;
    int64_t value = 0;    // line or offset
    std::string codeKey;  // offset breakpoints: the code they belong to
    int hits = 0;
  };

  tracer::ReplayHooks makeHooks();
  bool onStep(const tracer::InstructionTranslator& t, const bytecode::Instruction& inst);
  void onNode(tracer::NodeId id);
  void onGuard(const compare::GuardDecision& g);
  void onBreak(const tracer::InstructionTranslator& t, const std::string& reason);

  // Prints why we stopped, then reads commands until one resumes the replay.
  void stop(const std::string& why);
  // Runs one command line; returns true when it resumes (resume_ is set).
  bool dispatch(const std::string& line);
  void postMortem();
  // The command to run for `line` (an empty line at a terminal repeats the last move).
  std::string repeatable(const std::string& line);

  // Commands.
  void cmdBreak(const std::vector<std::string>& words);
  void cmdInfo(const std::vector<std::string>& words);
  void cmdDelete(const std::vector<std::string>& words);
  void cmdLocals();
  void cmdPrint(const std::vector<std::string>& words);
  void cmdStack();
  void cmdGraph(const std::vector<std::string>& words);
  void cmdGuards(const std::vector<std::string>& words);
  void cmdBacktrace();
  void cmdDisas();
  void cmdList();
  void cmdCells();
  void cmdEffects();
  void cmdWhy();
  void cmdHelp();

  bool live() const { return current_ != nullptr && !finished_; }
  std::string reprOf(const vt::VtPtr& v) const;
  std::string location(const tracer::InstructionTranslator& t, uint32_t offset) const;
  const bytecode::Instruction* instructionAt(const tracer::InstructionTranslator& t,
                                             uint32_t offset) const;
  static int depth(const tracer::InstructionTranslator& t);
  static std::string codeKey(const tracer::InstructionTranslator& t);
  bool guardRecorded(const compare::GuardDecision& g) const;

  const trace::TraceReader& trace_;
  std::string tracePath_;
  size_t frame_;
  LineReader& in_;
  std::ostream& out_;
  compare::FrameDecisions reference_;

  std::vector<Breakpoint> breaks_;
  std::string lastMove_;
  int nextBreakId_ = 1;

  // State of the current replay.
  Resume resume_ = Resume::kStep;
  int resumeDepth_ = 0;
  bool pendingInlineStop_ = false;
  bool quitting_ = false;
  bool finished_ = false;
  uint64_t events_ = 0;  // onStep + onNode + onGuard calls so far (debug_divergence.h)
  const tracer::InstructionTranslator* current_ = nullptr;
  const bytecode::Instruction* inst_ = nullptr;
  bool breakUnwinding_ = false;  // onBreak seen since the last onStep
  std::string breakReason_;      // the last break's reason (innermost frame)
  std::string breakLocation_;    // ... and where it happened
  std::string stopExplanation_;  // `why` at a divergence stop

  // Divergence (computed on the first `break divergence`).
  bool divergenceKnown_ = false;
  std::optional<uint64_t> divergenceEvent_;
  std::string divergenceExplanation_;

  // After the replay ended.
  compare::Verdict verdict_ = compare::Verdict::kMatch;
  std::string endReason_;
  std::string endDiff_;
  compare::FrameDecisions coreDecisions_;
};

}  // namespace dynrr::replayer
