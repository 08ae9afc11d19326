// disassembler.cpp — dis-compatible text disassembly (see disassembler.h).
#include "core/bytecode/disassembler.h"

#include <algorithm>
#include <string>
#include <vector>

#include "core/bytecode/instruction.h"
#include "core/bytecode/opcode_table.h"
#include "core/bytecode/py_repr.h"
#include "core/support/assert.h"

namespace dynrr::bytecode {
namespace {

constexpr size_t kOpnameWidth = 20;  // dis._OPNAME_WIDTH
constexpr size_t kOpargWidth = 5;    // dis._OPARG_WIDTH

void padLeft(std::string& out, const std::string& s, size_t width) {
  if (s.size() < width) out.append(width - s.size(), ' ');
  out += s;
}

// dis.Instruction._disassemble.
std::string formatLine(size_t linenoWidth, std::optional<int32_t> startsLine, bool current,
                       bool jumpTarget, uint32_t offset, size_t offsetWidth,
                       std::string_view opname, std::optional<int32_t> arg,
                       const std::string& argrepr) {
  std::string line;
  if (linenoWidth > 0) {
    if (startsLine) {
      padLeft(line, std::to_string(*startsLine), linenoWidth);
    } else {
      line.append(linenoWidth, ' ');
    }
    line += ' ';
  }
  line += current ? "-->" : "   ";
  line += ' ';
  line += jumpTarget ? ">>" : "  ";
  line += ' ';
  padLeft(line, std::to_string(offset), offsetWidth);
  line += ' ';
  line += opname;
  if (opname.size() < kOpnameWidth) line.append(kOpnameWidth - opname.size(), ' ');
  if (arg) {
    line += ' ';
    padLeft(line, std::to_string(*arg), kOpargWidth);
    if (!argrepr.empty()) line += " (" + argrepr + ")";
  }
  while (!line.empty() && line.back() == ' ') line.pop_back();
  return line;
}

std::string argrepr(const Instruction& ins, const ConstRepr& consts) {
  switch (ins.kind) {
    case OperandKind::kNone:
    case OperandKind::kRaw: return "";
    case OperandKind::kConst:
      // dis only dereferences LOAD_CONST (_get_const_value); KW_NAMES shows no repr.
      return ins.baseOpcode == op::kLoadConst ? consts.repr(ins.constRef) : "";
    case OperandKind::kGlobal: return ins.pushNull ? "NULL + " + ins.text : ins.text;
    case OperandKind::kJump: return "to " + std::to_string(*ins.jumpTarget);
    case OperandKind::kName:
    case OperandKind::kLocal:
    case OperandKind::kCompare:
    case OperandKind::kBinaryOp:
    case OperandKind::kFormatValue:
    case OperandKind::kMakeFunction: return ins.text;
  }
  return "";
}

bool hasSpecializedOpcode(std::string_view code) {
  for (size_t i = 0; i + 1 < code.size(); i += 2) {
    const auto opcode = static_cast<uint8_t>(code[i]);
    const OpcodeInfo& info = opcodeInfo(opcode);
    if (info.name != nullptr && info.deopt != opcode) return true;
  }
  return false;
}

// dis._disassemble_bytes for one code object.
Status disassembleOne(const CodeObject& original, const ConstRepr& consts,
                      const DisassembleOptions& options, std::optional<uint32_t> lasti,
                      std::string& out) {
  const CodeObject* code = &original;
  CodeObject deopt;
  if (!options.adaptive && hasSpecializedOpcode(original.code)) {
    deopt = original;
    deopt.code = deoptimizeCode(original.code);
    code = &deopt;
  }
  auto decoded = decodeCode(*code);
  if (!decoded.ok()) {
    return decoded.error().withContext("code object " + original.qualname);
  }
  const auto linestarts = findLineStarts(decoded->lines);
  size_t linenoWidth = 0;
  if (!linestarts.empty()) {
    int32_t maxLine = linestarts.front().second;
    for (auto [off, line] : linestarts) maxLine = std::max(maxLine, line);
    linenoWidth = maxLine >= 1000 ? std::to_string(maxLine).size() : 3;
  }
  const int64_t maxOffset = static_cast<int64_t>(code->code.size()) - 2;
  const size_t offsetWidth = maxOffset >= 10000 ? std::to_string(maxOffset).size() : 4;

  for (const Instruction& ins : decoded->instructions) {
    if (linenoWidth > 0 && ins.startsLine && ins.offset > 0) out += '\n';
    std::optional<int32_t> arg;
    if (ins.hasArg) arg = ins.arg;
    out += formatLine(linenoWidth, ins.startsLine, lasti && *lasti == ins.offset, ins.isJumpTarget,
                      ins.offset, offsetWidth, ins.opname, arg, argrepr(ins, consts));
    out += '\n';
    if (!options.showCaches || ins.cacheEntries == 0) continue;
    uint32_t offset = ins.offset;
    for (const CacheField& field : cacheFormat(ins.baseOpcode)) {
      for (uint8_t i = 0; i < field.size; ++i) {
        offset += 2;
        std::string repr;
        // dis shows a cache value only on a field's first entry of a quickened op.
        if (i == 0 && ins.opcode != ins.baseOpcode) {
          uint64_t value = 0;
          const size_t bytes = std::min<size_t>(2u * field.size, code->code.size() - offset);
          for (size_t k = 0; k < bytes && k < 8; ++k) {
            value |= static_cast<uint64_t>(static_cast<uint8_t>(code->code[offset + k])) << (8 * k);
          }
          repr = std::string(field.name) + ": " + std::to_string(value);
        }
        out += formatLine(linenoWidth, std::nullopt, lasti && *lasti == offset, false, offset,
                          offsetWidth, "CACHE", 0, repr);
        out += '\n';
      }
    }
  }
  if (!decoded->exceptionTable.empty()) {
    out += "ExceptionTable:\n";
    for (const ExceptionTableEntry& e : decoded->exceptionTable) {
      out += "  " + std::to_string(e.start) + " to " +
             std::to_string(static_cast<int64_t>(e.end) - 2) + " -> " + std::to_string(e.target) +
             " [" + std::to_string(e.depth) + "]" + (e.lasti ? " lasti" : "") + "\n";
    }
  }
  return Status::success();
}

// dis._disassemble_recursive.
Status disassembleRecursive(const CodeObject& code, const ConstRepr& consts,
                            const DisassembleOptions& options, int depth, std::string& out) {
  if (depth > options.maxDepth) {
    return Error("code objects nested deeper than " + std::to_string(options.maxDepth));
  }
  Status st = disassembleOne(code, consts, options, options.currentOffset, out);
  if (!st.ok()) return st;
  if (!options.recursive) return Status::success();
  DisassembleOptions nestedOptions = options;
  nestedOptions.currentOffset.reset();
  for (trace::ObjRef ref : code.consts) {
    auto nested = consts.nestedCode(ref);
    if (!nested.ok()) return nested.error();
    if (!nested->has_value()) continue;
    out += "\nDisassembly of " + consts.repr(ref) + ":\n";
    st = disassembleRecursive(**nested, consts, nestedOptions, depth + 1, out);
    if (!st.ok()) return st;
  }
  return Status::success();
}

}  // namespace

ConstRepr traceConstRepr(const trace::TraceReader& trace) {
  ConstRepr r;
  r.repr = [&trace](trace::ObjRef ref) { return pyRepr(trace, ref); };
  r.nestedCode = [&trace](trace::ObjRef ref) -> Expected<std::optional<CodeObject>> {
    auto obj = trace.object(ref);
    if (!obj.ok() || obj->which() != schema::Object::Which::CODE) {
      return std::optional<CodeObject>();
    }
    auto code = codeFromTrace(trace, ref);
    if (!code.ok()) return code.error();
    return std::optional<CodeObject>(std::move(code.value()));
  };
  return r;
}

Expected<std::string> disassembleChecked(const CodeObject& code, const ConstRepr& consts,
                                         const DisassembleOptions& options) {
  DYNRR_ASSERT(consts.repr && consts.nestedCode, "ConstRepr callables must both be set");
  std::string out;
  Status st = disassembleRecursive(code, consts, options, 0, out);
  if (!st.ok()) return st.error();
  return out;
}

std::string disassemble(const CodeObject& code, const ConstRepr& consts,
                        const DisassembleOptions& options) {
  auto text = disassembleChecked(code, consts, options);
  if (!text.ok()) return "<cannot disassemble: " + text.error().message() + ">\n";
  return std::move(text.value());
}

std::string disassemble(const CodeObject& code, const ConstRepr& consts,
                        std::optional<uint32_t> currentOffset) {
  DisassembleOptions options;
  options.recursive = false;
  options.currentOffset = currentOffset;
  return disassemble(code, consts, options);
}

}  // namespace dynrr::bytecode
