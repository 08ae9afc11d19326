// dynamo_instructions.cpp — Dynamo's cleaned_instructions for 3.11 (see
// dynamo_instructions.h).
#include "core/bytecode/dynamo_instructions.h"

#include <algorithm>
#include <string>
#include <unordered_map>

#include "core/bytecode/opcode_table.h"

namespace dynrr::bytecode {
namespace {

// One entry of the list being rewritten. Targets are node ids (stable across edits,
// like Dynamo's object references).
struct Node {
  Instruction ins;
  std::optional<uint32_t> original;
  std::optional<size_t> target;  // node id
  size_t id = 0;
};

Instruction synthetic(uint8_t opcode) {
  Instruction ins;
  ins.opcode = ins.baseOpcode = opcode;
  ins.opname = opcodeName(opcode);
  ins.cacheEntries = opcodeInfo(opcode).caches;
  ins.hasArg = false;  // Dynamo's arg is None until it assembles the code
  return ins;
}

uint32_t instructionSize(const Instruction& ins) {
  return 2u * (opcodeInfo(ins.opcode).caches + 1u);
}

void setOpcode(Instruction& ins, uint8_t opcode) {
  ins.opcode = ins.baseOpcode = opcode;
  ins.opname = opcodeName(opcode);
  ins.cacheEntries = opcodeInfo(opcode).caches;
}

bool contains(std::string_view s, std::string_view part) {
  return s.find(part) != std::string_view::npos;
}

}  // namespace

std::optional<size_t> CleanedCode::indexOfOffset(uint32_t offset) const {
  return instructionAt(instructions, offset);
}

std::optional<uint32_t> CleanedCode::dynamoOffset(uint32_t original) const {
  for (size_t i = 0; i < originalOffsets.size(); ++i) {
    if (originalOffsets[i] == original) return instructions[i].offset;
  }
  return std::nullopt;
}

namespace {

// One run of Dynamo's cleaning over a code object: the instructions as nodes (jumps point
// at nodes, not offsets), and the order they are emitted in.
struct Cleaning {
  CodeObject code;
  std::string where;
  std::vector<Node> nodes;
  std::vector<size_t> order;
  std::unordered_map<uint32_t, size_t> byOffset;  // original offset -> node

  size_t addNode(Instruction ins) {
    Node n;
    n.ins = std::move(ins);
    n.id = nodes.size();
    nodes.push_back(std::move(n));
    return nodes.back().id;
  }

  // dis.get_instructions' jump-target marks, one node per instruction, and
  // propagate_line_nums.
  void buildNodes(std::vector<Instruction> instructions) {
    // dis.get_instructions (unlike dis.dis) marks jump targets only, not exception
    // handlers.
    std::vector<uint32_t> labels;
    for (const Instruction& ins : instructions) {
      if (ins.jumpTarget) labels.push_back(*ins.jumpTarget);
    }
    std::sort(labels.begin(), labels.end());
    for (Instruction& ins : instructions) {
      ins.isJumpTarget = std::binary_search(labels.begin(), labels.end(), ins.offset);
    }

    nodes.reserve(instructions.size() + 8);
    for (Instruction& ins : instructions) {
      Node n;
      n.original = ins.offset;
      n.id = nodes.size();
      byOffset.emplace(ins.offset, n.id);
      n.ins = std::move(ins);
      nodes.push_back(std::move(n));
    }

    // propagate_line_nums (a line number of 0 is falsy there, and is not propagated).
    std::optional<int32_t> line;
    for (Node& n : nodes) {
      if (n.ins.startsLine && *n.ins.startsLine != 0) line = n.ins.startsLine;
      n.ins.startsLine = line;
    }
  }

  Status virtualizeJumps() {
    // virtualize_jumps: the target is the instruction at the jump's offset, skipping up
    // to three EXTENDED_ARG prefixes.
    for (Node& n : nodes) {
      if (!n.ins.jumpTarget) continue;
      for (uint32_t skip = 0; skip <= 6; skip += 2) {
        auto it = byOffset.find(*n.ins.jumpTarget + skip);
        if (it == byOffset.end()) {
          return Error(where + "jump at offset " + std::to_string(n.ins.offset) +
                       " lands inside an instruction");
        }
        if (nodes[it->second].ins.baseOpcode != op::kExtendedArg) {
          n.target = it->second;
          break;
        }
      }
      if (!n.target) return Error(where + "jump onto four EXTENDED_ARGs");
    }
    return Status::success();
  }

  void stripExtendedArgs() {
    // Work on an ordering of node ids from here on.
    order.reserve(nodes.size());
    for (const Node& n : nodes) {
      if (n.ins.baseOpcode != op::kExtendedArg) order.push_back(n.id);  // strip_extended_args
    }
  }

  // explicit_super: super() -> super(__class__, <first argument>).
  Status explicitSuper() {
    if (code.varnames.empty()) return Status::success();
    std::vector<std::string> cellAndFree = code.cellvars;
    cellAndFree.insert(cellAndFree.end(), code.freevars.begin(), code.freevars.end());
    auto isCellOrFree = [&](const std::string& name) {
      return std::find(cellAndFree.begin(), cellAndFree.end(), name) != cellAndFree.end();
    };
    auto localsPlusIndex = [&](const std::string& name) {
      for (size_t i = 0; i < code.localsplusnames.size(); ++i) {
        if (code.localsplusnames[i] == name) return static_cast<uint32_t>(i);
      }
      return uint32_t{0};
    };
    std::vector<size_t> out;
    out.reserve(order.size() + 4);
    for (size_t k = 0; k < order.size(); ++k) {
      out.push_back(order[k]);
      const Instruction& ins = nodes[order[k]].ins;
      if (ins.baseOpcode != op::kLoadGlobal || ins.text != "super") continue;
      if (k + 1 >= order.size()) return Error(where + "LOAD_GLOBAL super ends the code");
      Instruction& next = nodes[order[k + 1]].ins;
      if (!(next.hasArg && next.arg == 0 && next.baseOpcode == op::kPrecall)) continue;
      if (!isCellOrFree("__class__")) {
        return Error(where + "super() at offset " + std::to_string(ins.offset) +
                     " without a __class__ cell");
      }
      Instruction cls = synthetic(op::kLoadDeref);
      cls.kind = OperandKind::kLocal;
      cls.text = "__class__";
      cls.index = localsPlusIndex("__class__");
      out.push_back(addNode(std::move(cls)));
      const std::string& first = code.varnames[0];
      Instruction self = synthetic(isCellOrFree(first) ? op::kLoadDeref : op::kLoadFast);
      self.kind = OperandKind::kLocal;
      self.text = first;
      self.index = localsPlusIndex(first);
      out.push_back(addNode(std::move(self)));
      next.arg = 2;
      if (k + 2 < order.size()) nodes[order[k + 2]].ins.arg = 2;  // the CALL after PRECALL
    }
    order = std::move(out);
    return Status::success();
  }

  // remove_jump_if_none: POP_JUMP_*_IF_[NOT_]NONE -> LOAD_CONST None; IS_OP; POP_JUMP_*_IF_TRUE.
  void removeJumpIfNone() {
    std::vector<size_t> out;
    out.reserve(order.size() + 8);
    for (size_t id : order) {
      out.push_back(id);
      Node& n = nodes[id];
      const std::string_view name = n.ins.opname;
      if (!contains(name, "_NONE")) continue;
      const bool isNot = contains(name, "NOT");
      const bool forward = contains(name, "FORWARD");
      const std::optional<size_t> target = n.target;
      const Positions positions = n.ins.positions;
      Instruction isOp = synthetic(op::kIsOp);
      isOp.hasArg = true;
      isOp.arg = isNot ? 1 : 0;
      isOp.kind = OperandKind::kRaw;
      isOp.positions = positions;
      Instruction jump =
          synthetic(forward ? op::kPopJumpForwardIfTrue : op::kPopJumpBackwardIfTrue);
      jump.kind = OperandKind::kJump;
      jump.positions = positions;
      // The old instruction becomes the LOAD_CONST None (keeping its line, offset, jump
      // target mark and positions, so jumps to it still land on it).
      setOpcode(n.ins, op::kLoadConst);
      n.ins.hasArg = false;
      n.ins.kind = OperandKind::kConst;
      n.ins.constRef = 0;
      n.ins.index = 0;
      n.ins.text.clear();
      n.ins.jumpTarget.reset();
      n.target.reset();
      out.push_back(addNode(std::move(isOp)));
      const size_t jumpId = addNode(std::move(jump));
      nodes[jumpId].target = target;
      out.push_back(jumpId);
    }
    order = std::move(out);
  }

  void updateOffsets() {
    uint32_t offset = 0;
    for (size_t id : order) {
      nodes[id].ins.offset = offset;
      offset += instructionSize(nodes[id].ins);
    }
  }

  Status devirtualizeJumps() {
    // devirtualize_jumps: flip directions that changed, then recompute the args.
    for (size_t id : order) {
      Node& n = nodes[id];
      if (!n.target) continue;
      const uint32_t target = nodes[*n.target].ins.offset;
      std::string name(n.ins.opname);
      const size_t pos = target < n.ins.offset ? name.find("FORWARD") : name.find("BACKWARD");
      if (pos == std::string::npos) continue;
      if (target < n.ins.offset) {
        name.replace(pos, 7, "BACKWARD");
      } else {
        name.replace(pos, 8, "FORWARD");
      }
      auto flipped = opcodeByName(name);
      if (!flipped) return Error(where + "no opcode " + name + " to flip a jump to");
      setOpcode(n.ins, *flipped);
    }
    updateOffsets();
    for (size_t id : order) {
      Node& n = nodes[id];
      if (!n.target) continue;
      const int64_t target = nodes[*n.target].ins.offset;
      const int64_t delta = target - n.ins.offset - instructionSize(n.ins);
      n.ins.hasArg = true;
      n.ins.arg = static_cast<int32_t>((delta < 0 ? -delta : delta) / 2);
      n.ins.kind = OperandKind::kJump;
      n.ins.jumpTarget = static_cast<uint32_t>(target);
    }
    return Status::success();
  }

  CleanedCode finish() {
    CleanedCode out;
    out.instructions.reserve(order.size());
    out.originalOffsets.reserve(order.size());
    for (size_t id : order) {
      out.instructions.push_back(std::move(nodes[id].ins));
      out.originalOffsets.push_back(nodes[id].original);
    }
    return out;
  }
};

}  // namespace

Expected<CleanedCode> dynamoCleanedInstructions(const CodeObject& input) {
  // Dynamo reads dis.get_instructions(code), i.e. co_code: deoptimized.
  Cleaning c;
  c.code = input;
  c.code.code = deoptimizeCode(input.code);
  auto decoded = decodeCode(c.code);
  if (!decoded.ok()) return decoded.error();
  c.where = "Dynamo instructions of " + c.code.qualname + ": ";
  c.buildNodes(std::move(decoded->instructions));
  if (Status st = c.virtualizeJumps(); !st) return st.error();
  c.stripExtendedArgs();
  if (Status st = c.explicitSuper(); !st) return st.error();
  c.removeJumpIfNone();
  c.updateOffsets();
  if (Status st = c.devirtualizeJumps(); !st) return st.error();
  return c.finish();
}

}  // namespace dynrr::bytecode
