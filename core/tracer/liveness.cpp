// liveness.cpp — see liveness.h.
#include "core/tracer/liveness.h"

#include <string_view>

#include "core/bytecode/opcode_table.h"

namespace dynrr::tracer {
namespace {

struct ReadsWrites {
  std::set<std::string> reads;
  std::set<std::string> writes;
  std::set<size_t> visited;
};

bool isTerminal(uint8_t op) {
  using namespace bytecode::op;
  return op == kReturnValue || op == kJumpForward || op == kRaiseVarargs || op == kReraise ||
         op == kJumpBackward;
}

}  // namespace

std::set<std::string> liveVariables(const std::vector<bytecode::Instruction>& instructions,
                                    const std::vector<bytecode::ExceptionTableEntry>& table,
                                    size_t index) {
  ReadsWrites must, may;
  // Iterative form of Dynamo's recursive walk; `state` switches from must to may at the
  // first jump, as there.
  struct Work {
    ReadsWrites* state;
    size_t start;
  };
  std::vector<Work> work{{&must, index}};
  while (!work.empty()) {
    Work w = work.back();
    work.pop_back();
    ReadsWrites* state = w.state;
    if (!state->visited.insert(w.start).second) continue;
    std::vector<Work> later;  // walks the recursion would start, in order
    for (size_t i = w.start; i < instructions.size(); ++i) {
      const auto& inst = instructions[i];
      const auto& info = bytecode::opcodeInfo(inst.baseOpcode);
      if (info.flags & (bytecode::kHasLocal | bytecode::kHasFree)) {
        std::string_view name = inst.opname;
        if (name.find("LOAD") != std::string_view::npos ||
            name.find("DELETE") != std::string_view::npos) {
          if (!must.writes.count(inst.text)) state->reads.insert(inst.text);
        } else if (name.find("STORE") != std::string_view::npos) {
          state->writes.insert(inst.text);
        }
      }
      for (const auto& e : table) {
        if (inst.offset >= e.start && inst.offset < e.end) {
          if (auto t = bytecode::instructionAt(instructions, e.target)) later.push_back({&may, *t});
        }
      }
      if ((info.flags & (bytecode::kHasJrel | bytecode::kHasJabs)) && inst.jumpTarget) {
        if (auto t = bytecode::instructionAt(instructions, *inst.jumpTarget))
          later.push_back({&may, *t});
        state = &may;
      }
      if (isTerminal(inst.baseOpcode)) break;
    }
    // Process nested walks; order does not change the resulting sets.
    for (auto it = later.rbegin(); it != later.rend(); ++it) work.push_back(*it);
  }
  std::set<std::string> out = must.reads;
  out.insert(may.reads.begin(), may.reads.end());
  return out;
}

}  // namespace dynrr::tracer
