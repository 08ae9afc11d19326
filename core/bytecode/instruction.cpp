// instruction.cpp — decoding 3.11 bytecode into Instructions (see instruction.h).
#include "core/bytecode/instruction.h"

#include <algorithm>
#include <string>

#include "core/bytecode/opcode_table.h"

namespace dynrr::bytecode {
namespace {

constexpr int64_t kIntOverflow = int64_t{1} << 31;  // dis._INT_OVERFLOW

// dis.FORMAT_VALUE_CONVERTERS and dis.MAKE_FUNCTION_FLAGS.
constexpr std::string_view kFormatConverters[] = {"", "str", "repr", "ascii"};
constexpr std::string_view kMakeFunctionFlags[] = {"defaults", "kwdefaults", "annotations",
                                                   "closure"};

std::string at(uint32_t offset) { return "at offset " + std::to_string(offset); }

// One raw unit as dis._unpack_opargs yields it.
struct RawOp {
  uint32_t offset;
  uint8_t opcode;
  uint8_t base;
  bool hasArg;
  int64_t arg;
};

// dis._unpack_opargs with checks: the opcode is known, its caches fit, the folded oparg
// stays a 32-bit int.
Expected<std::vector<RawOp>> unpackOpargs(std::string_view code) {
  if (code.size() % 2 != 0) {
    return Error("bytecode has odd length " + std::to_string(code.size()));
  }
  std::vector<RawOp> out;
  out.reserve(code.size() / 2);
  int64_t extendedArg = 0;
  for (size_t i = 0; i < code.size();) {
    const auto offset = static_cast<uint32_t>(i);
    const auto opcode = static_cast<uint8_t>(code[i]);
    if (!isKnownOpcode(opcode)) {
      return Error("unknown opcode " + std::to_string(opcode) + " " + at(offset));
    }
    const OpcodeInfo& info = opcodeInfo(opcode);
    const uint8_t base = info.deopt;
    const OpcodeInfo& baseInfo = opcodeInfo(base);
    RawOp r{offset, opcode, base, baseInfo.hasArg, 0};
    if (baseInfo.hasArg) {
      r.arg = static_cast<int64_t>(static_cast<uint8_t>(code[i + 1])) | extendedArg;
      if (r.arg >= kIntOverflow || r.arg < -kIntOverflow) {
        return Error("oparg " + std::to_string(r.arg) + " of " + std::string(opcodeName(opcode)) +
                     " " + at(offset) + " does not fit a C int (EXTENDED_ARG chain too long)");
      }
      extendedArg = base == op::kExtendedArg ? r.arg * 256 : 0;
      if (extendedArg >= kIntOverflow) extendedArg -= 2 * kIntOverflow;
    } else {
      extendedArg = 0;
    }
    const size_t next = i + 2 + 2 * static_cast<size_t>(baseInfo.caches);
    if (next > code.size()) {
      return Error(std::string(opcodeName(opcode)) + " " + at(offset) + " needs " +
                   std::to_string(baseInfo.caches) + " inline cache entries but the code ends at " +
                   std::to_string(code.size()));
    }
    out.push_back(r);
    i = next;
  }
  return out;
}

Error argError(const RawOp& r, const std::string& what, size_t size) {
  return Error(std::string(opcodeName(r.opcode)) + " " + at(r.offset) + ": oparg " +
               std::to_string(r.arg) + " is outside the " + std::to_string(size) + " " + what);
}

}  // namespace

Expected<DecodedCode> decodeCode(const CodeObject& code) {
  DecodedCode out;
  auto raw = unpackOpargs(code.code);
  if (!raw.ok()) return raw.error();
  auto locations = decodeLocationTable(code.linetable, code.firstlineno);
  if (!locations.ok()) return locations.error();
  out.lines.reserve(locations->size());
  for (const LocationEntry& e : *locations) out.lines.push_back({e.start, e.end, e.line});
  auto exc = parseExceptionTable(code.exceptiontable, code.code.size());
  if (!exc.ok()) return exc.error();
  out.exceptionTable = std::move(exc.value());

  // Both are sorted by offset, as the instructions are: walk them alongside.
  const auto lineStarts = findLineStarts(out.lines);
  size_t nextStart = 0;
  size_t nextLocation = 0;

  // dis.findlabels looks at the opcode as stored (a specialized jump is not a label)
  // and then adds every exception handler whose range is not empty.
  std::vector<uint32_t> labels;
  for (const ExceptionTableEntry& e : out.exceptionTable) {
    if (e.start < e.end) labels.push_back(e.target);
  }

  const int64_t codeBytes = static_cast<int64_t>(code.code.size());
  out.instructions.reserve(raw->size());
  for (const RawOp& r : *raw) {
    Instruction ins;
    ins.offset = r.offset;
    ins.opcode = r.opcode;
    ins.baseOpcode = r.base;
    ins.opname = opcodeName(r.opcode);
    ins.hasArg = r.hasArg;
    ins.arg = static_cast<int32_t>(r.arg);
    ins.cacheEntries = opcodeInfo(r.base).caches;
    while (nextStart < lineStarts.size() && lineStarts[nextStart].first < r.offset) ++nextStart;
    if (nextStart < lineStarts.size() && lineStarts[nextStart].first == r.offset) {
      ins.startsLine = lineStarts[nextStart].second;
    }
    while (nextLocation < locations->size() && (*locations)[nextLocation].end <= r.offset) {
      ++nextLocation;
    }
    if (nextLocation < locations->size() && (*locations)[nextLocation].start <= r.offset) {
      ins.positions = (*locations)[nextLocation].positions;
    }

    if (r.hasArg) {
      const uint8_t flags = opcodeInfo(r.base).flags;
      const int64_t arg = r.arg;
      if (flags & kHasConst) {
        if (arg < 0 || arg >= static_cast<int64_t>(code.consts.size())) {
          return argError(r, "constants", code.consts.size());
        }
        ins.kind = OperandKind::kConst;
        ins.index = static_cast<uint32_t>(arg);
        ins.constRef = code.consts[ins.index];
      } else if (flags & kHasName) {
        const int64_t index = r.base == op::kLoadGlobal ? (arg >> 1) : arg;
        if (arg < 0 || index >= static_cast<int64_t>(code.names.size())) {
          return argError(r, "names", code.names.size());
        }
        ins.kind = r.base == op::kLoadGlobal ? OperandKind::kGlobal : OperandKind::kName;
        ins.index = static_cast<uint32_t>(index);
        ins.pushNull = r.base == op::kLoadGlobal && (arg & 1);
        ins.text = code.names[ins.index];
      } else if (flags & (kHasJrel | kHasJabs)) {
        int64_t target = 0;
        if (flags & kHasJabs) {
          target = arg * 2;
        } else {
          target = r.offset + 2 + (isBackwardJump(r.base) ? -arg : arg) * 2;
        }
        if (target < 0 || target >= codeBytes) {
          return Error(std::string(ins.opname) + " " + at(r.offset) + " jumps to " +
                       std::to_string(target) + ", outside the " + std::to_string(codeBytes) +
                       " bytes of code");
        }
        ins.kind = OperandKind::kJump;
        ins.jumpTarget = static_cast<uint32_t>(target);
        if (opcodeInfo(r.opcode).flags & (kHasJrel | kHasJabs)) {
          labels.push_back(static_cast<uint32_t>(target));
        }
      } else if (flags & (kHasLocal | kHasFree)) {
        if (arg < 0 || arg >= static_cast<int64_t>(code.localsplusnames.size())) {
          return argError(r, "local, cell and free variables", code.localsplusnames.size());
        }
        ins.kind = OperandKind::kLocal;
        ins.index = static_cast<uint32_t>(arg);
        ins.text = code.localsplusnames[ins.index];
      } else if (flags & kHasCompare) {
        auto sym = compareOpSymbol(arg);
        if (!sym) return argError(r, "comparison operators", kNumCompareOps);
        ins.kind = OperandKind::kCompare;
        ins.text = *sym;
      } else if (r.base == op::kFormatValue) {
        ins.kind = OperandKind::kFormatValue;
        ins.text = kFormatConverters[arg & 3];
        if (arg & 4) {
          if (!ins.text.empty()) ins.text += ", ";
          ins.text += "with format";
        }
      } else if (r.base == op::kMakeFunction) {
        ins.kind = OperandKind::kMakeFunction;
        for (int bit = 0; bit < 4; ++bit) {
          if (!(arg & (1 << bit))) continue;
          if (!ins.text.empty()) ins.text += ", ";
          ins.text += kMakeFunctionFlags[bit];
        }
      } else if (r.base == op::kBinaryOp) {
        auto sym = binaryOpSymbol(arg);
        if (!sym) return argError(r, "binary operators", kNumBinaryOps);
        ins.kind = OperandKind::kBinaryOp;
        ins.text = *sym;
      } else {
        ins.kind = OperandKind::kRaw;
      }
    }
    out.instructions.push_back(std::move(ins));
  }

  std::sort(labels.begin(), labels.end());
  for (Instruction& ins : out.instructions) {
    ins.isJumpTarget = std::binary_search(labels.begin(), labels.end(), ins.offset);
  }
  return out;
}

Expected<std::vector<Instruction>> decodeInstructions(const CodeObject& code) {
  auto decoded = decodeCode(code);
  if (!decoded.ok()) return decoded.error();
  return std::move(decoded.value().instructions);
}

std::string deoptimizeCode(std::string_view code) {
  std::string out(code);
  for (size_t i = 0; i + 1 < out.size();) {
    const auto opcode = static_cast<uint8_t>(out[i]);
    const OpcodeInfo& info = opcodeInfo(opcode);
    const uint8_t base = info.name != nullptr ? info.deopt : opcode;
    out[i] = static_cast<char>(base);
    const size_t caches = opcodeInfo(base).caches;
    i += 2;
    for (size_t k = 0; k < 2 * caches && i < out.size(); ++k) out[i++] = 0;
  }
  return out;
}

std::optional<size_t> instructionAt(const std::vector<Instruction>& instructions, uint32_t offset) {
  auto it = std::lower_bound(instructions.begin(), instructions.end(), offset,
                             [](const Instruction& ins, uint32_t off) { return ins.offset < off; });
  if (it == instructions.end() || it->offset != offset) return std::nullopt;
  return static_cast<size_t>(it - instructions.begin());
}

}  // namespace dynrr::bytecode
